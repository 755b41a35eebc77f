//! `edgefit pipeline [SCENARIO] [--json] [--lang zh|en]`: several models sharing one device.
//!
//! The scenario is a pipeline link (`stages=asr,llm,tts&s1.…`), a file holding one, `camera` (the camera
//! assistant: a frame → a vision-language model → speech), or nothing (or `voice`): the seed's voice
//! assistant. Exit 1 when the pipeline misses its end-to-end target (or memory, power or heat fail),
//! 2 on bad input.

use edgefit_core::json;
use edgefit_core::pipeline::{analyze_pipeline, link, Pipeline};
use edgefit_text::{pipeline_markdown, pipeline_problem, Lang};

use crate::cli::ScenarioArgs;
use crate::scenario;

/// Run `edgefit pipeline`; returns the exit status.
pub fn run(a: &ScenarioArgs) -> i32 {
    let (as_json, lang) = (a.out.json, a.out.lang);
    let (p, extras, issues) = match a.scenario.as_deref() {
        None | Some("voice") => (Pipeline::voice_assistant(), Vec::new(), Vec::new()),
        Some("camera") => (Pipeline::camera_assistant(), Vec::new(), Vec::new()),
        Some(a) => {
            let hash = if std::path::Path::new(a).is_file() || a == "-" {
                let text = if a == "-" {
                    let mut t = String::new();
                    let _ = std::io::Read::read_to_string(&mut std::io::stdin(), &mut t);
                    t
                } else {
                    match std::fs::read_to_string(a) {
                        Ok(t) => t,
                        Err(e) => {
                            eprintln!("edgefit: cannot read '{a}': {e}");
                            return 2;
                        }
                    }
                };
                match scenario::from_text(&text) {
                    Ok(h) => h,
                    Err(m) => {
                        eprintln!("edgefit: {a}: {m}");
                        return 2;
                    }
                }
            } else if a.contains('=') || a.contains('#') {
                a.to_string()
            } else {
                eprintln!("edgefit: '{a}' is neither a file nor a link");
                return 2;
            };
            let d = link::decode(&hash, scenario::EXTRA_KEYS);
            (d.pipeline, d.extras, d.issues)
        }
    };
    let lang = lang
        .or_else(|| {
            extras
                .iter()
                .find(|(k, _)| k == "lang")
                .and_then(|(_, v)| Lang::from_code(v))
        })
        .unwrap_or_default();
    if !issues.is_empty() {
        scenario::refuse(&issues, lang);
        return 2;
    }
    let r = match analyze_pipeline(&p) {
        Ok(r) => r,
        Err(e) => {
            for problem in &e.0 {
                for line in pipeline_problem(problem, lang) {
                    eprintln!("edgefit: {line}");
                }
            }
            return 2;
        }
    };
    let out = if as_json {
        let mut s = serde_json::to_string_pretty(&json::pipeline(&p, &r))
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
        s.push('\n');
        s
    } else {
        pipeline_markdown(&p, &r, lang)
    };
    let mut stdout = std::io::stdout().lock();
    let _ = std::io::Write::write_all(&mut stdout, out.as_bytes());
    i32::from(!r.all_met())
}
