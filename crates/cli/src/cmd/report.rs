//! `edgefit report` and `edgefit solve`: one scenario's verdicts and accounting, or its reverse solve.

use edgefit_core::{json, Verdict, ALL_CONSTRAINTS};
use edgefit_text::{best_table, markdown_report, solve_table, Lang};

use super::{invalid, print, to_json, BAD_INPUT};
use crate::cli::ScenarioArgs;
use crate::scenario;

/// Exit status: a constraint fails.
const FAILS: i32 = 1;

/// Which of the two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    /// The verdicts and the step-by-step accounting.
    Report,
    /// The largest model per quantization scheme and the smallest device.
    Solve,
}

/// Run `report` or `solve`; returns the exit status (report: 1 when a constraint fails).
#[must_use]
pub fn run(a: &ScenarioArgs, what: What) -> i32 {
    let loaded = match scenario::load(a.scenario.as_deref()) {
        Ok(l) => l,
        Err(msg) => {
            eprintln!("edgefit: {msg}");
            return BAD_INPUT;
        }
    };
    // The language: --lang, else the link's own `lang=`, else English.
    let lang = a
        .out
        .lang
        .or_else(|| {
            loaded
                .extras
                .iter()
                .find(|(k, _)| k == "lang")
                .and_then(|(_, v)| Lang::from_code(v))
        })
        .unwrap_or_default();
    if !loaded.issues.is_empty() {
        scenario::refuse(&loaded.issues, lang);
        return BAD_INPUT;
    }
    let inputs = &loaded.inputs;
    match what {
        What::Solve => match edgefit_core::solve(inputs) {
            Ok(sol) => {
                let best = edgefit_core::best::best(inputs);
                if a.out.json {
                    print(&to_json(&json::solve(&sol, &best)));
                } else {
                    print(&solve_table(&sol, lang));
                    print(&best_table(&best, lang));
                }
                0
            }
            Err(errs) => {
                invalid(&errs, lang);
                BAD_INPUT
            }
        },
        What::Report => match edgefit_core::run(inputs) {
            Ok((s, e)) => {
                if a.out.json {
                    print(&to_json(&json::report(inputs, &s, &e)));
                } else {
                    print(&markdown_report(inputs, &s, &e, lang));
                }
                let fails = ALL_CONSTRAINTS
                    .iter()
                    .any(|&c| e.verdict(c) == Verdict::Fail);
                if fails {
                    FAILS
                } else {
                    0
                }
            }
            Err(errs) => {
                invalid(&errs, lang);
                BAD_INPUT
            }
        },
    }
}
