//! `edgefit import FILE [--json] [--lang en|zh]`: a Hugging Face `config.json` or a GGUF file as the
//! scenario keys of its model (a scenario file `report`, `solve`, `advise` and `compare` read) and a share
//! link. A GGUF file is read only as far as its header goes.

use std::fs::File;
use std::io::Read as _;

use edgefit_core::import::{self, gguf, ErrorKind, Imported};
use edgefit_core::{codec, numfmt, ModelKind};
use edgefit_text::{field_error, import_error, import_note, Lang};
use serde_json::json;

use crate::cli::ImportArgs;

/// Bytes read first; a GGUF header asks for more when it needs them.
const FIRST_READ: u64 = 1 << 20;

/// Read the model in `path`: a GGUF header (as many bytes as it needs, never the weights), else a
/// `config.json`. Returns the model and how many bytes were read.
fn read(path: &str, lang: Lang) -> Result<(Imported, u64), String> {
    let cannot = |e: std::io::Error| format!("cannot read '{path}': {e}");
    let mut f = File::open(path).map_err(cannot)?;
    let len = f.metadata().map_err(cannot)?.len();
    let mut buf = Vec::new();
    (&mut f)
        .take(FIRST_READ)
        .read_to_end(&mut buf)
        .map_err(cannot)?;
    let said = |e: &import::ImportError| format!("{path}: {}", import_error(e, lang));
    if import::is_gguf(&buf) {
        loop {
            match gguf::import(&buf) {
                Ok(m) => return Ok((m, buf.len() as u64)),
                Err(e) => match e.kind {
                    ErrorKind::NeedMoreBytes { at_least } if at_least <= len => {
                        // Twice as much each time: a header of a few megabytes in a few reads.
                        let want = at_least.max(2 * buf.len() as u64).min(len);
                        (&mut f)
                            .take(want - buf.len() as u64)
                            .read_to_end(&mut buf)
                            .map_err(cannot)?;
                    }
                    ErrorKind::NeedMoreBytes { .. } => {
                        return Err(edgefit_text::import_cut_short_len(&said(&e), len, lang))
                    }
                    _ => return Err(said(&e)),
                },
            }
        }
    }
    // A config: read the rest, up to one byte past the limit so an over-long file is named as such.
    (&mut f)
        .take(
            import::config::MAX_BYTES as u64 + 1 - buf.len().min(import::config::MAX_BYTES) as u64,
        )
        .read_to_end(&mut buf)
        .map_err(cannot)?;
    import::config::import(&buf)
        .map(|m| (m, buf.len() as u64))
        .map_err(|e| said(&e))
}

/// The model's keys as the scenario file and the link write them: `model = arch`, then every value, and
/// `params_b`, the engine's count (what the reverse solve scales).
fn keys(m: &Imported, inputs: &edgefit_core::Inputs) -> Vec<(String, String)> {
    let mut out = vec![(
        ModelKind::KEY.to_string(),
        ModelKind::Architecture.code().to_string(),
    )];
    if let Some(g) = m.granularity {
        out.push((
            edgefit_core::Granularity::KEY.to_string(),
            g.code().to_string(),
        ));
    }
    for &(f, x) in &m.values {
        out.push((f.key().to_string(), numfmt::short(x)));
    }
    if let Some(r) = m.image_rule {
        out.push((
            edgefit_core::vision::ImageRule::KEY.to_string(),
            r.code().to_string(),
        ));
    }
    let f = edgefit_core::Field::ParamsB;
    if let Some(x) = inputs.mid(f) {
        out.push((f.key().to_string(), numfmt::short(x)));
    }
    out
}

/// `edgefit import FILE [--json] [--lang en|zh]`. Exit 0, or 2 when the file cannot be read or imported
/// (or its model is refused by the engine's checks).
pub fn run(a: &ImportArgs) -> i32 {
    let lang = a.out.lang.unwrap_or_default();
    let as_json = a.out.json;
    let path = a.file.clone();
    let (m, read_bytes) = match read(&path, lang) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("edgefit: {msg}");
            return 2;
        }
    };
    let inputs = m.inputs();
    let hash = codec::encode(&inputs, &[]);
    let engine = edgefit_core::run(&inputs);
    let engine_bytes = engine
        .as_ref()
        .ok()
        .map(|(_, e)| e.expected.memory.weights.total().0);
    let notes: Vec<String> = m.notes.iter().map(|n| import_note(n, lang)).collect();
    if as_json {
        let keys: serde_json::Map<String, serde_json::Value> = keys(&m, &inputs)
            .into_iter()
            .map(|(k, v)| {
                let val = match v.parse::<f64>() {
                    // Whole numbers as integers (`24`, not `24.0`).
                    Ok(x) if x.fract() == 0.0 && x.abs() < 9e15 => json!(x as i64),
                    Ok(x) => json!(x),
                    Err(_) => json!(v),
                };
                (k, val)
            })
            .collect();
        let notes: Vec<serde_json::Value> = m
            .notes
            .iter()
            .zip(&notes)
            .map(|(n, text)| {
                let mut v = serde_json::to_value(n).unwrap_or_default();
                if let Some(o) = v.as_object_mut() {
                    o.insert("text".into(), json!(text));
                }
                v
            })
            .collect();
        let out = json!({
            "file": path,
            "format": edgefit_text::format_name(m.format),
            "bytes_read": read_bytes,
            "architecture": m.architecture,
            "name": m.name,
            "keys": keys,
            "hash": hash,
            "max_context": m.max_context,
            "vision": m.vision,
            "notes": notes,
            "gguf": m.gguf,
            "engine_weight_bytes": engine_bytes,
        });
        println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        let keys = keys(&m, &inputs);
        print!(
            "{}",
            edgefit_text::import_file_text(
                &m,
                &keys,
                &path,
                &hash,
                &notes,
                read_bytes,
                engine_bytes,
                lang
            )
        );
    }
    match engine {
        Ok(_) => 0,
        Err(errs) => {
            for e in &errs.0 {
                eprintln!("edgefit: {}", field_error(e, lang));
            }
            2
        }
    }
}
