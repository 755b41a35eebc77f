//! `edgefit compare A B`: two scenarios side by side, constraint by constraint.

use edgefit_core::advice::compare;
use edgefit_core::json;
use edgefit_glance::{key_numbers, Good, Num};
use edgefit_text::{difference_text, Ui};
use serde_json::json;

use super::{analyze, load, print, value_json};
use crate::cli::CompareArgs;

/// Append a line to the output buffer.
macro_rules! outln {
    ($out:ident, $($t:tt)*) => {{
        $out.push_str(&format!($($t)*));
        $out.push('\n');
    }};
}

/// `edgefit compare A B [--json] [--lang]`: both scenarios side by side, differences marked.
pub fn run(a: &CompareArgs) -> i32 {
    let lang = a.out.lang.unwrap_or_default();
    let (ia, ib) = match (load(Some(&a.a), lang), load(Some(&a.b), lang)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let ((sa, ea), (sb, eb)) = match (analyze(&ia, lang), analyze(&ib, lang)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let diffs = compare(&ea, &eb);
    if a.out.json {
        let rows: Vec<serde_json::Value> = diffs
            .iter()
            .map(|d| {
                json!({
                    "constraint": d.constraint.code(),
                    "a": d.a.code(), "b": d.b.code(),
                    "a_figure": d.a_figure, "b_figure": d.b_figure,
                    "differs": d.differs(),
                })
            })
            .collect();
        print(&value_json(&json!({
            "differences": rows,
            "a": json::report(&ia, &sa, &ea),
            "b": json::report(&ib, &sb, &eb),
        })));
        return 0;
    }
    let mut out = String::new();
    outln!(
        out,
        "A: #{}\nB: #{}\n",
        edgefit_core::codec::encode(&ia, &[]),
        edgefit_core::codec::encode(&ib, &[])
    );
    for d in &diffs {
        let mark = if d.differs() { "*" } else { " " };
        outln!(out, "{mark} {}", difference_text(d, lang));
    }
    // The key numbers the page shows (decode, TPOT, energy per answer, streams, a draft's speed-up…), A → B.
    let good = |inputs, scenarios, evaluation| Good {
        inputs,
        scenarios,
        evaluation,
    };
    let na = key_numbers(&good(ia, sa, ea), lang);
    let nb = key_numbers(&good(ib, sb, eb), lang);
    outln!(out, "\n{}", Ui::KeyNumbers.text(lang));
    let shown = |n: Option<&Num>| {
        n.map_or_else(
            || "—".to_string(),
            |n| format!("{} {}", n.value, n.unit).trim_end().to_string(),
        )
    };
    let mut ids: Vec<&Num> = na.iter().collect();
    ids.extend(nb.iter().filter(|n| !na.iter().any(|m| m.id == n.id)));
    for n in ids {
        let a = na.iter().find(|m| m.id == n.id);
        let b = nb.iter().find(|m| m.id == n.id);
        let (ta, tb) = (shown(a), shown(b));
        let mark = if ta == tb { " " } else { "*" };
        outln!(out, "{mark} {}: {ta} → {tb}", n.label);
    }
    print(&out);
    0
}
