//! `edgefit advise`: ranked changes that fix failing constraints, and the tornado of the binding one.

use edgefit_core::advice::{advise, sensitivity};
use edgefit_core::{Constraint, Verdict, ALL_CONSTRAINTS};
use edgefit_text::{advice_text, constraint_label, sensitivity_text, term, Lang, Term, Ui};
use serde_json::json;

use super::{evaluate, load, print, value_json};
use crate::cli::ScenarioArgs;

/// Append a line to the output buffer.
macro_rules! outln {
    ($out:ident, $($t:tt)*) => {{
        $out.push_str(&format!($($t)*));
        $out.push('\n');
    }};
}

/// Tornado step: ±20 %.
const STEP: f64 = 0.2;

/// `edgefit advise [SCENARIO] [--json] [--lang]`: ranked changes that fix failing constraints, with their
/// computed effect, and the tornado of the binding constraint. Exit 0, or 2 on bad input.
pub fn run(a: &ScenarioArgs) -> i32 {
    let lang = a.out.lang.unwrap_or_default();
    let inputs = match load(a.scenario.as_deref(), lang) {
        Ok(i) => i,
        Err(c) => return c,
    };
    let e = match evaluate(&inputs, lang) {
        Ok(e) => e,
        Err(c) => return c,
    };
    let binding = e.expected.binding();
    let list = advise(&inputs, &e);
    let tornado = sensitivity(&inputs, binding, STEP);
    let failing: Vec<Constraint> = ALL_CONSTRAINTS
        .iter()
        .copied()
        .filter(|&c| e.verdict(c) == Verdict::Fail)
        .collect();
    if a.out.json {
        let changes: Vec<serde_json::Value> = list
            .iter()
            .map(|x| {
                json!({
                    "change": x.change,
                    "description": edgefit_text::change_text(&x.change, lang),
                    "target": x.target.code(),
                    "before": x.before,
                    "after": x.after,
                    "fixes": x.fixes.iter().map(|c| c.code()).collect::<Vec<_>>(),
                    "breaks": x.breaks.iter().map(|c| c.code()).collect::<Vec<_>>(),
                    "all_met": x.all_met,
                })
            })
            .collect();
        let sens: Vec<serde_json::Value> = tornado
            .iter()
            .map(|s| json!({"key": s.field.key(), "headroom_low": s.low, "headroom_high": s.high, "headroom": s.base}))
            .collect();
        print(&value_json(&json!({
            "failing": failing.iter().map(|c| c.code()).collect::<Vec<_>>(),
            "binding": binding.code(),
            "changes": changes,
            "sensitivity": {"constraint": binding.code(), "step": STEP, "inputs": sens},
        })));
        return 0;
    }
    let zh = lang == Lang::Zh;
    let mut out = String::new();
    if failing.is_empty() {
        outln!(out, "{}", Ui::NoAdvice.text(lang));
    } else {
        let names: Vec<&str> = failing.iter().map(|&c| constraint_label(c, lang)).collect();
        outln!(
            out,
            "{} {}\n",
            term(Term::Failing, lang),
            names.join(if zh { "、" } else { ", " })
        );
        for (n, x) in list.iter().enumerate() {
            outln!(out, "{}. {}", n + 1, advice_text(x, lang));
        }
        if list.is_empty() {
            outln!(out, "{}", term(Term::NoSingleFix, lang));
        }
    }
    outln!(
        out,
        "\n{} {} (±{}%):",
        term(Term::MovesBinding, lang),
        constraint_label(binding, lang),
        STEP * 100.0
    );
    for s in tornado.iter().take(8) {
        outln!(out, "  {}", sensitivity_text(s, STEP, lang));
    }
    print(&out);
    0
}
