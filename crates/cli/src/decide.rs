//! Decision support on the command line: `advise`, `compare` and `presets`.

use edgefit_core::advice::{advise, compare, sensitivity};
use edgefit_core::{json, Constraint, Verdict, ALL_CONSTRAINTS};
use edgefit_text::{
    advice_text, constraint_label, difference_text, field_error, sensitivity_text, Lang,
};
use serde_json::json;

use crate::scenario;

/// Append a line to the output buffer.
macro_rules! outln {
    ($out:ident, $($t:tt)*) => {{
        $out.push_str(&format!($($t)*));
        $out.push('\n');
    }};
}

/// Tornado step: ±20 %.
const STEP: f64 = 0.2;

struct Args {
    positional: Vec<String>,
    json: bool,
    lang: Option<Lang>,
}

fn parse(argv: &[String]) -> Result<Args, String> {
    let mut a = Args {
        positional: Vec::new(),
        json: false,
        lang: None,
    };
    let mut i = 0;
    while i < argv.len() {
        let s = argv[i].as_str();
        i += 1;
        match s.split_once('=').filter(|(f, _)| f.starts_with("--")) {
            Some(("--lang", v)) => {
                a.lang = Some(Lang::from_code(v).ok_or(format!("--lang {v:?}: use en or zh"))?)
            }
            Some((f, _)) => return Err(format!("unknown option {f}")),
            None => match s {
                "--json" => a.json = true,
                "--lang" => {
                    let v = argv.get(i).ok_or("--lang needs en or zh")?;
                    i += 1;
                    a.lang = Some(Lang::from_code(v).ok_or(format!("--lang {v:?}: use en or zh"))?);
                }
                f if f.starts_with("--") => return Err(format!("unknown option {f}")),
                p => a.positional.push(p.to_string()),
            },
        }
    }
    Ok(a)
}

fn load(arg: Option<&str>, lang: Lang) -> Result<edgefit_core::Inputs, i32> {
    let d = scenario::load(arg).map_err(|m| {
        eprintln!("edgefit: {m}");
        2
    })?;
    if !d.issues.is_empty() {
        scenario::refuse(&d.issues, lang);
        return Err(2);
    }
    Ok(d.inputs)
}

fn evaluate(i: &edgefit_core::Inputs, lang: Lang) -> Result<edgefit_core::Evaluation, i32> {
    edgefit_core::run(i).map(|(_, e)| e).map_err(|errs| {
        for e in &errs.0 {
            eprintln!("edgefit: {}", field_error(e, lang));
        }
        2
    })
}

fn to_json(v: &serde_json::Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default() + "\n"
}

/// `edgefit advise [SCENARIO] [--json] [--lang]`: ranked changes that fix failing constraints, with their
/// computed effect, and the tornado of the binding constraint. Exit 0, or 2 on bad input.
pub fn advise_main(argv: &[String]) -> i32 {
    let a = match parse(argv) {
        Ok(a) if a.positional.len() <= 1 => a,
        Ok(_) => return usage("advise takes at most one SCENARIO"),
        Err(m) => return usage(&m),
    };
    let lang = a.lang.unwrap_or_default();
    let inputs = match load(a.positional.first().map(String::as_str), lang) {
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
    if a.json {
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
        crate::print(&to_json(&json!({
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
        outln!(
            out,
            "{}",
            if zh {
                "所有约束都已满足，无需改动。"
            } else {
                "Every constraint is met: nothing to change."
            }
        );
    } else {
        let names: Vec<&str> = failing.iter().map(|&c| constraint_label(c, lang)).collect();
        outln!(
            out,
            "{} {}\n",
            if zh { "不通过：" } else { "Failing:" },
            names.join(if zh { "、" } else { ", " })
        );
        for (n, x) in list.iter().enumerate() {
            outln!(out, "{}. {}", n + 1, advice_text(x, lang));
        }
        if list.is_empty() {
            outln!(
                out,
                "{}",
                if zh {
                    "没有单项改动能修复；请看 solve 的结果。"
                } else {
                    "No single change fixes it; see `edgefit solve`."
                }
            );
        }
    }
    outln!(
        out,
        "\n{} {} (±{}%):",
        if zh {
            "对瓶颈约束影响最大的输入 —"
        } else {
            "What moves the binding constraint most —"
        },
        constraint_label(binding, lang),
        STEP * 100.0
    );
    for s in tornado.iter().take(8) {
        outln!(out, "  {}", sensitivity_text(s, STEP, lang));
    }
    crate::print(&out);
    0
}

/// `edgefit compare A B [--json] [--lang]`: both scenarios side by side, differences marked.
pub fn compare_main(argv: &[String]) -> i32 {
    let a = match parse(argv) {
        Ok(a) if a.positional.len() == 2 => a,
        Ok(_) => return usage("compare takes two scenarios: edgefit compare A B"),
        Err(m) => return usage(&m),
    };
    let lang = a.lang.unwrap_or_default();
    let (ia, ib) = match (
        load(Some(&a.positional[0]), lang),
        load(Some(&a.positional[1]), lang),
    ) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let (ea, eb) = match (evaluate(&ia, lang), evaluate(&ib, lang)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let diffs = compare(&ea, &eb);
    if a.json {
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
        let (sa, sb) = (edgefit_core::validate(&ia), edgefit_core::validate(&ib));
        let (Ok(sa), Ok(sb)) = (sa, sb) else { return 2 };
        crate::print(&to_json(&json!({
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
    crate::print(&out);
    0
}

/// `edgefit presets [--json]`: every device, model, quantization and framework preset with its sources.
pub fn presets_main(argv: &[String]) -> i32 {
    let a = match parse(argv) {
        Ok(a) if a.positional.is_empty() => a,
        Ok(_) => return usage("presets takes no scenario"),
        Err(m) => return usage(&m),
    };
    let cat = edgefit_core::presets::catalog();
    let v = serde_json::to_value(cat).unwrap_or_default();
    if a.json {
        crate::print(&to_json(&v));
        return 0;
    }
    let mut out = String::new();
    for group in ["devices", "models", "quants", "frameworks"] {
        let rows = v
            .get(group)
            .and_then(|x| x.as_array())
            .cloned()
            .unwrap_or_default();
        outln!(out, "## {group} ({})", rows.len());
        for r in rows {
            let id = r.get("id").and_then(|x| x.as_str()).unwrap_or("");
            let name = r.get("name").and_then(|x| x.as_str()).unwrap_or("");
            let n = r
                .get("sources")
                .and_then(|x| x.as_array())
                .map_or(0, Vec::len);
            outln!(
                out,
                "  {id:<28} {name}  [{n} source{}]",
                if n == 1 { "" } else { "s" }
            );
        }
        outln!(out, "");
    }
    crate::print(&out);
    0
}

fn usage(msg: &str) -> i32 {
    eprintln!(
        "edgefit: {msg}\nusage: edgefit advise [SCENARIO] [--json] [--lang en|zh]\n       edgefit compare A B [--json] [--lang en|zh]\n       edgefit presets [--json]"
    );
    2
}
