//! Pipelines (#10): golden pipeline files in `pipelines/*.scn` (a `link:` line and expectations on the
//! report's JSON, each with its hand computation in comments), and the pipeline link's round trip.
//!
//! Expectations: `path = number ±tol%`, `path = word`, `path = true|false`, `path = [json]`; paths address
//! the serialized [`PipelineReport`] (SI units: seconds, bytes, watts, joules), array items by index.

use std::fs;
use std::path::Path;

use edgefit_core::pipeline::{analyze_pipeline, link, Pipeline, Role, Stage, Timing, TurnField};
use edgefit_core::{Field, Inputs, Value as Num};
use proptest::prelude::*;
use serde_json::Value;

fn lookup<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.')
        .try_fold(v, |v, k| match k.parse::<usize>() {
            Ok(i) if v.is_array() => v.get(i),
            _ => v.get(k),
        })
}

#[track_caller]
fn check(doc: &Value, file: &str, line: &str) {
    let (path, want) = line.split_once('=').expect("path = value");
    let (path, want) = (path.trim(), want.trim());
    let got = lookup(doc, path).unwrap_or_else(|| panic!("{file}: no {path}"));
    if let Some((x, tol)) = want.split_once('±') {
        let x: f64 = x.trim().parse().expect("number");
        let tol: f64 = tol.trim().trim_end_matches('%').parse().expect("tolerance");
        let g = got
            .as_f64()
            .unwrap_or_else(|| panic!("{file}: {path} = {got}"));
        assert!(
            (g - x).abs() <= x.abs() * tol / 100.0 + 1e-12,
            "{file}: {path} = {g}, expected {x} ±{tol}%"
        );
    } else if let Ok(j) = serde_json::from_str::<Value>(want) {
        assert_eq!(got, &j, "{file}: {path}");
    } else {
        assert_eq!(got.as_str(), Some(want), "{file}: {path}");
    }
}

#[test]
fn golden_pipelines() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pipelines");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(&f).unwrap();
        let l = text
            .lines()
            .find_map(|l| l.strip_prefix("link:"))
            .expect("a link: line");
        let d = link::decode(l.trim(), &[]);
        assert!(d.issues.is_empty(), "{name}: {:?}", d.issues);
        let r = analyze_pipeline(&d.pipeline).unwrap_or_else(|e| panic!("{name}: {e}"));
        let doc = serde_json::to_value(&r).unwrap();
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') || line.starts_with("link:") {
                continue;
            }
            check(&doc, &name, line);
        }
    }
}

#[test]
fn the_golden_link_is_the_built_in_voice_assistant() {
    let text = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pipelines/01_seed_voice_assistant.scn"),
    )
    .unwrap();
    let l = text.lines().find_map(|l| l.strip_prefix("link:")).unwrap();
    assert_eq!(
        link::decode(l.trim(), &[]).pipeline,
        Pipeline::voice_assistant()
    );
}

fn stage() -> impl Strategy<Value = Stage> {
    (
        prop::sample::select(vec![Role::Asr, Role::Llm, Role::Tts, Role::Other]),
        0.05f64..20.0,
        prop::sample::select(vec![2.0, 3.5, 4.0, 8.0, 16.0]),
        prop::option::of(prop::sample::select(vec![
            "whisper-tiny",
            "kokoro-82m",
            "qwen2.5-0.5b",
        ])),
    )
        .prop_map(|(role, params, bits, preset)| {
            let mut inputs = Inputs::default();
            if let Some(id) = preset {
                edgefit_core::presets::model(id).unwrap().apply(&mut inputs);
            }
            inputs.set_exact(Field::ParamsB, params);
            inputs.set_exact(Field::WeightBits, bits);
            Stage { role, inputs }
        })
}

proptest! {
    #[test]
    fn pipeline_links_round_trip(
        stages in prop::collection::vec(stage(), 1..5),
        bw in 1.0f64..200.0,
        battery in prop::option::of(1.0f64..100.0),
        util in (0.1f64..0.5, 0.5f64..0.9),
        seq in any::<bool>(),
        e2e in 100.0f64..5000.0,
        turns in 1u32..100,
        frame_fps in 0.01f64..30.0,
        images in 0u32..3,
        w in 32u32..2000,
    ) {
        let mut p = Pipeline::new(stages);
        // A camera assistant's keys (#24): the frame rate asked for, and images for an LLM stage that reads
        // them.
        p.set(TurnField::FrameFps, frame_fps);
        if let Some(s) = p.stages.iter_mut().find(|s| s.role == Role::Llm) {
            edgefit_core::presets::model("smolvlm2-2.2b").unwrap().apply(&mut s.inputs);
            s.inputs.set_exact(Field::Images, f64::from(images));
            s.inputs.set_exact(Field::ImagePx, f64::from(w));
            s.inputs.set_exact(Field::Context, 32_768.0);
        }
        p.timing = if seq { Timing::Sequential } else { Timing::Overlapped };
        p.set(TurnField::E2eMs, e2e);
        p.set(TurnField::Turns, f64::from(turns));
        p.stages[0].inputs.set_exact(Field::BandwidthGbps, bw);
        p.stages[0].inputs.set(Field::BatteryWh, battery.map(Num::exact));
        p.stages[0].inputs.set(Field::ComputeUtil, Some(Num::range(util.0, util.1)));
        let text = link::encode(&p, &[("lang", "zh")]);
        let d = link::decode(&text, &["lang"]);
        prop_assert!(d.issues.is_empty(), "{}: {:?}", text, d.issues);
        prop_assert_eq!(&d.pipeline, &p.normalized(), "{}", text);
        prop_assert_eq!(d.extras, vec![("lang".to_string(), "zh".to_string())]);
        // Never a panic, whatever the analysis finds.
        let _ = analyze_pipeline(&d.pipeline);
    }

    #[test]
    fn no_link_panics(s in "[a-z0-9_.=&,~%#-]{0,200}") {
        let d = link::decode(&s, &[]);
        let _ = analyze_pipeline(&d.pipeline);
    }
}
