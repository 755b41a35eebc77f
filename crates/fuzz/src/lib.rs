//! # edgefit-fuzz
//!
//! Fuzz targets for everything a user can type, paste or drop: a link ([`codec`]), a scenario file
//! ([`scenario`]), raw numbers in every field ([`engine`]), and a model file to import ([`config`],
//! [`gguf`]). Each is a plain function of bytes that
//! panics on a bug, called by libFuzzer (the `fuzz/` crate, nightly) and by the stable, deterministic
//! driver (`src/bin/driver.rs`, a step of `cargo xtask test`). [`gen`] makes the driver's inputs.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod gen;

use edgefit_core::codec;
use edgefit_core::input::{
    Inputs, Value, ALL_ACTIVATIONS, ALL_BACKENDS, ALL_GRANULARITIES, ALL_MODEL_KINDS,
};
use edgefit_core::{json, presets, ALL_CONSTRAINTS, ALL_FIELDS};
use edgefit_text::Lang;

/// The keys the page and the CLI own besides the engine's.
pub const EXTRA_KEYS: &[&str] = &["lang", "embed"];

const LANGS: [Lang; 2] = [Lang::En, Lang::Zh];

/// Run everything the page and the CLI run on a scenario; panics only on a bug.
pub fn pipeline(inputs: &Inputs) {
    match edgefit_core::validate(inputs) {
        Ok(s) => {
            let e = edgefit_core::evaluate(&s);
            let report = json::report(inputs, &s, &e);
            let text = serde_json::to_string(&report).expect("the report serializes");
            assert!(text.starts_with('{'), "report JSON: {text}");
            for lang in LANGS {
                let md = edgefit_text::markdown_report(inputs, &s, &e, lang);
                assert!(!md.is_empty());
                for c in ALL_CONSTRAINTS {
                    let _ = edgefit_text::key_figure(c, &s, &e, lang);
                }
            }
        }
        Err(errs) => {
            assert!(!errs.0.is_empty(), "validation failed without an error");
            for e in &errs.0 {
                for lang in LANGS {
                    assert!(!edgefit_text::field_error(e, lang).is_empty());
                }
            }
        }
    }
    if let Ok(sol) = edgefit_core::solve(inputs) {
        let j = json::solve(&sol, &edgefit_core::best::best(inputs));
        serde_json::to_string(&j).expect("the solve serializes");
        for lang in LANGS {
            let _ = edgefit_text::solve_table(&sol, lang);
        }
    }
}

/// Fuzz target: any bytes as a link.
pub fn codec(data: &[u8]) {
    link(&String::from_utf8_lossy(data));
}

/// A link (or hash, or `key=value&…`) through the decoder, the words and the pipeline, plus the round
/// trip: what the decoder accepted, re-encoded, decodes cleanly to the same scenario.
pub fn link(text: &str) {
    let d = codec::decode(text, EXTRA_KEYS);
    for i in &d.issues {
        for lang in LANGS {
            assert!(!edgefit_text::codec_issue(i, lang).is_empty());
        }
    }
    pipeline(&d.inputs);
    // The caller's own keys, the last of each counting (as the page and the CLI read them).
    let mut extras: Vec<(&str, &str)> = Vec::new();
    for (k, v) in &d.extras {
        extras.retain(|(k2, _)| k2 != k);
        extras.push((k.as_str(), v.as_str()));
    }
    let again = codec::encode(&d.inputs, &extras);
    if again.len() <= codec::MAX_LEN {
        let d2 = codec::decode(&again, EXTRA_KEYS);
        assert!(
            d2.issues.is_empty(),
            "re-encoded link {again:?} (from {text:?}) has issues {:?}",
            d2.issues
        );
        assert_eq!(
            d2.inputs, d.inputs,
            "re-encoded link {again:?} (from {text:?}) reads differently"
        );
        let kept: Vec<(&str, &str)> = d2
            .extras
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(kept, extras, "extras of {again:?}");
    }
}

/// Fuzz target: any bytes as a pipeline link (`stages=asr,llm,tts&s2.w_bits=4…`, or a plain link read as
/// one stage): decode, validate and analyze the pipeline, its JSON, and every stage through [`pipeline`].
pub fn pipeline_link(data: &[u8]) {
    use edgefit_core::pipeline::{analyze_pipeline, link as plink, validate_pipeline};
    let text = String::from_utf8_lossy(data);
    let d = plink::decode(&text, EXTRA_KEYS);
    for i in &d.issues {
        for lang in LANGS {
            assert!(!edgefit_text::codec_issue(i, lang).is_empty());
        }
    }
    let p = &d.pipeline;
    let _ = validate_pipeline(p);
    if let Ok(r) = analyze_pipeline(p) {
        let j = json::pipeline(p, &r);
        serde_json::to_string(&j).expect("the pipeline report serializes");
    }
    if let Some(i) = p.stage_inputs(0) {
        let _ = edgefit_core::validate(&i);
    }
    let again = plink::encode(p, &[]);
    let _ = plink::decode(&again, EXTRA_KEYS);
}

/// Fuzz target: any bytes as a measurements file for `edgefit validate` (the calibration file's columns, or
/// anything else): parse it, predict and score every usable row, and — for a handful of rows — refit with each
/// source and each device held out. Every prediction made is a positive, finite rate, every skipped row has
/// a reason, and the scores serialize.
pub fn measurements(data: &[u8]) {
    use edgefit_calib::{self as calibration, HoldOut};
    let text = String::from_utf8_lossy(data);
    let Ok(parsed) = calibration::parse(&text) else {
        return;
    };
    let v = calibration::validate_rows(&parsed);
    assert_eq!(
        v.rows.len() + v.skipped.len(),
        parsed.rows.len() + parsed.skipped.len()
    );
    for r in &v.rows {
        for (what, x) in [
            ("decode", r.decode_predicted),
            ("prefill", r.prefill_predicted),
            ("naive decode", r.decode_naive),
            ("naive prefill", r.prefill_naive),
        ] {
            if let Some(x) = x {
                assert!(x.is_finite() && x > 0.0, "row {}: {what} {x}", r.id);
            }
        }
    }
    for s in &v.skipped {
        assert!(
            !s.reason.to_string().is_empty(),
            "row {} skipped without a reason",
            s.id
        );
    }
    serde_json::to_string(&v.summary).expect("the summary serializes");
    if parsed.rows.len() <= 8 {
        for by in [HoldOut::Source, HoldOut::Device] {
            // A row at the edge of the range can be scored under one fold's constants and skipped under
            // the defaults: the counts add up, not match.
            let h = calibration::holdout(&parsed.rows, by);
            assert_eq!(h.rows.len() + h.skipped.len(), parsed.rows.len());
        }
    }
}

/// Fuzz target: any bytes as a CLI scenario file.
pub fn scenario(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(hash) = edgefit_cli::scenario::from_text(&text) {
        link(&hash);
    }
}

/// Reads fuzz bytes as choices and numbers; zeros once the bytes run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[usize::from(self.byte()) % xs.len()]
    }
    fn f64(&mut self) -> f64 {
        const SPECIAL: [f64; 12] = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            1e-9,
        ];
        let tag = self.byte();
        match tag % 4 {
            0 => self.pick(&SPECIAL),
            1 => f64::from(self.byte()) * 10f64.powi(i32::from(self.byte() % 24) - 8),
            _ => {
                let mut b = [0u8; 8];
                for x in &mut b {
                    *x = self.byte();
                }
                f64::from_le_bytes(b)
            }
        }
    }
}

/// Fuzz target: any bytes as choices, presets and raw numbers in every field, bypassing the codec.
pub fn engine(data: &[u8]) {
    let mut b = Bytes(data);
    let mut i = Inputs::default();
    if b.byte() % 2 == 1 {
        b.pick(presets::ALL_DEVICES).apply(&mut i);
    }
    if b.byte() % 2 == 1 {
        b.pick(presets::ALL_MODELS).apply(&mut i);
    }
    if b.byte() % 2 == 1 {
        b.pick(presets::ALL_QUANTS).apply(&mut i);
    }
    i.model_kind = b.pick(ALL_MODEL_KINDS);
    i.granularity = b.pick(ALL_GRANULARITIES);
    i.activation = b.pick(ALL_ACTIVATIONS);
    i.backend = b.pick(ALL_BACKENDS);
    i.framework = b.pick(presets::ALL_FRAMEWORKS).id.to_string();
    for &f in ALL_FIELDS {
        match b.byte() % 6 {
            0 => {}
            1 => i.set(f, None),
            2 => i.set_exact(f, b.f64()),
            3 => i.set(f, Some(Value::range(b.f64(), b.f64()))),
            _ => {
                // Any three numbers, in any order: the fields are public.
                let (lo, mid, hi) = (b.f64(), b.f64(), b.f64());
                i.set(f, Some(Value { lo, mid, hi }));
            }
        }
    }
    pipeline(&i);
}

/// After an import: the words of every note, then the model through the whole pipeline and the link.
fn imported(m: &edgefit_core::import::Imported) {
    for n in &m.notes {
        for lang in LANGS {
            assert!(!edgefit_text::import_note(n, lang).is_empty());
        }
    }
    let inputs = m.inputs();
    pipeline(&inputs);
    link(&codec::encode(&inputs, &[]));
}

fn import_failed(e: &edgefit_core::import::ImportError) {
    for lang in LANGS {
        assert!(!edgefit_text::import_error(e, lang).is_empty());
    }
}

/// Fuzz target: any bytes as a `config.json` to import: an error with its words, or a model the whole
/// pipeline and the link codec take.
pub fn config(data: &[u8]) {
    match edgefit_core::import::config::import(data) {
        Ok(m) => imported(&m),
        Err(e) => import_failed(&e),
    }
}

/// Fuzz target: any bytes as the start of a GGUF file: an error with its words (asking for more bytes only
/// beyond what it was given), or a model whose weight bytes are the sum of its tensors' sizes.
pub fn gguf(data: &[u8]) {
    use edgefit_core::import::{gguf, ErrorKind};
    match gguf::import(data) {
        Ok(m) => {
            let h = gguf::parse(data).expect("what imported parses");
            let sum: u64 = h.tensors.iter().map(|t| t.bytes).sum();
            assert_eq!(m.gguf.as_ref().map(|s| s.weight_bytes), Some(sum));
            assert!(h.header_bytes <= data.len() as u64);
            imported(&m);
        }
        Err(e) => {
            if let ErrorKind::NeedMoreBytes { at_least } = e.kind {
                assert!(
                    at_least > data.len() as u64,
                    "asked for {at_least} of {} bytes",
                    data.len()
                );
            }
            import_failed(&e);
        }
    }
}
