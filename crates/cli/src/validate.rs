//! `edgefit validate FILE.csv [--json]`: the engine's prediction error on a file of published measurements.
//!
//! Reads a file of `data/calibration.csv`'s shape (columns by name, see `data/SOURCES.md`), predicts every
//! row with the calibrated defaults and with a naive roofline (one utilization of 0.6), prints predicted vs
//! measured per row and the summary: median |predicted/measured − 1| and the share within ±25 %, for decode
//! and prefill, by device class, on the file and with each source and each device held out of the fit;
//! the rows whose measurement beats the roofline; the rows skipped and why.
//!
//! `--json` prints one object. Top level (calibrated defaults on every usable row):
//! `decode_median_abs_err`, `decode_within_25`, `prefill_median_abs_err`, `prefill_within_25` (fractions
//! 0…1, `null` when there is no row), `n_decode`, `n_prefill`, `rows_used`, `rows_skipped`,
//! `above_roofline` (a count) with `above_roofline_rows` (`id`, `quantity` decode|prefill, `measured`,
//! `bound` in tokens/s), `skipped` (`id`, `line`, `reason`), `naive` and `holdout_by_source` /
//! `holdout_by_device` (the same error keys), `by_class`, `by_source` (the same keys and `source`), and `rows` (per row: measured, predicted, naive,
//! the constants used and `group`, the fitted group they came from: `backend[/runtime][/class]`, see
//! `calibration::lookup_runtime` for the fallback chain).
//!
//! Exit status: 0 when the file was scored, 2 when it cannot be read or has no usable row (stderr names the
//! file and the column or line).

use std::fmt::Write as _;

use edgefit_core::calibration::{
    self, holdout, DecodeBound, ErrorStats, HoldOut, Quantity, RowResult, Summary, Validation,
};
use serde_json::{json, Value};

/// Exit status: scored.
const OK: i32 = 0;
/// Exit status: the file cannot be read or has nothing to score.
const BAD_INPUT: i32 = 2;

/// Usage line.
pub const USAGE: &str = "usage: edgefit validate FILE.csv [--json]";

/// Parse `validate`'s own arguments (after the word `validate`) and run it.
#[must_use]
pub fn main(args: &[String]) -> i32 {
    let mut path = None;
    let mut json = false;
    for a in args {
        match a.as_str() {
            "--json" => json = true,
            "-h" | "--help" => {
                println!("{USAGE}\n\nPredict every row of a measurement file and print the error (see README, \"Accuracy\").");
                return OK;
            }
            s if s.starts_with('-') && s != "-" => {
                eprintln!("edgefit validate: unknown option '{s}'\n{USAGE}");
                return BAD_INPUT;
            }
            s => {
                if path.is_some() {
                    eprintln!("edgefit validate: one file at a time\n{USAGE}");
                    return BAD_INPUT;
                }
                path = Some(s.to_string());
            }
        }
    }
    match path {
        Some(p) => run(&p, json),
        None => {
            eprintln!("edgefit validate: no file given\n{USAGE}");
            BAD_INPUT
        }
    }
}

/// Score the file at `path` (`-`: standard input) and print the result; returns the exit status.
#[must_use]
pub fn run(path: &str, json: bool) -> i32 {
    let text = if path == "-" {
        let mut s = String::new();
        match std::io::Read::read_to_string(&mut std::io::stdin(), &mut s) {
            Ok(_) => s,
            Err(e) => {
                eprintln!("edgefit validate: cannot read standard input: {e}");
                return BAD_INPUT;
            }
        }
    } else {
        match std::fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                eprintln!("edgefit validate: cannot read {path}: {e}");
                return BAD_INPUT;
            }
        }
    };
    let parsed = match calibration::parse(&text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("edgefit validate: {path}: {e}");
            return BAD_INPUT;
        }
    };
    let v = calibration::validate_rows(&parsed);
    if v.rows.is_empty() {
        eprintln!(
            "edgefit validate: {path}: no usable row ({} skipped)",
            v.skipped.len()
        );
        for s in &v.skipped {
            eprintln!("  row {} (line {}): {}", s.id, s.line, s.reason);
        }
        return BAD_INPUT;
    }
    let by_source = holdout(&parsed.rows, HoldOut::Source);
    let by_device = holdout(&parsed.rows, HoldOut::Device);
    let out = if json {
        let mut s = serde_json::to_string_pretty(&to_json(&v, &by_source, &by_device))
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
        s.push('\n');
        s
    } else {
        text_report(path, &v, &by_source, &by_device)
    };
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(out.as_bytes());
    let _ = stdout.flush();
    OK
}

fn finite(x: f64) -> Value {
    if x.is_finite() {
        json!(x)
    } else {
        Value::Null
    }
}

fn errors_json(decode: &ErrorStats, prefill: &ErrorStats) -> Value {
    json!({
        "decode_median_abs_err": finite(decode.median_abs_err),
        "decode_within_25": finite(decode.within_25),
        "decode_median_ratio": finite(decode.median_ratio),
        "n_decode": decode.n,
        "prefill_median_abs_err": finite(prefill.median_abs_err),
        "prefill_within_25": finite(prefill.within_25),
        "prefill_median_ratio": finite(prefill.median_ratio),
        "n_prefill": prefill.n,
    })
}

fn summary_json(s: &Summary) -> Value {
    let mut o = errors_json(&s.decode, &s.prefill);
    o["by_class"] = s
        .by_class
        .iter()
        .map(|c| {
            let mut e = errors_json(&c.decode, &c.prefill);
            e["hw_class"] = json!(c.hw.code());
            e["naive"] = errors_json(&c.naive_decode, &c.naive_prefill);
            e
        })
        .collect();
    o["by_source"] = s
        .by_source
        .iter()
        .map(|c| {
            let mut e = errors_json(&c.decode, &c.prefill);
            e["source"] = json!(c.source);
            e
        })
        .collect();
    o
}

fn quantity(q: Quantity) -> &'static str {
    match q {
        Quantity::Decode => "decode",
        Quantity::Prefill => "prefill",
    }
}

fn to_json(v: &Validation, by_source: &Validation, by_device: &Validation) -> Value {
    let s = &v.summary;
    let mut o = summary_json(s);
    o["rows_used"] = json!(s.rows_used);
    o["rows_skipped"] = json!(v.skipped.len());
    o["above_roofline"] = json!(s.above_roofline.len());
    o["above_roofline_rows"] = s
        .above_roofline
        .iter()
        .map(|a| {
            json!({"id": a.id, "quantity": quantity(a.quantity), "measured": a.measured, "bound": finite(a.bound)})
        })
        .collect();
    o["skipped"] = v
        .skipped
        .iter()
        .map(|k| json!({"id": k.id, "line": k.line, "reason": k.reason.to_string()}))
        .collect();
    o["naive"] = errors_json(&s.naive_decode, &s.naive_prefill);
    o["naive"]["utilization"] = json!(calibration::NAIVE_UTIL);
    o["holdout_by_source"] = summary_json(&by_source.summary);
    o["holdout_by_device"] = summary_json(&by_device.summary);
    let opt = |x: Option<f64>| x.map_or(Value::Null, finite);
    o["rows"] = v
        .rows
        .iter()
        .map(|r| {
            json!({
                "id": r.id, "source": r.source, "hw_class": r.hw.code(), "backend": r.backend.code(),
                "device": r.device, "model": r.model, "quant": r.quant,
                "decode_measured": opt(r.decode_measured), "decode_predicted": opt(r.decode_predicted),
                "decode_naive": opt(r.decode_naive),
                "decode_bound": r.decode_bound,
                "prefill_measured": opt(r.prefill_measured), "prefill_predicted": opt(r.prefill_predicted),
                "prefill_naive": opt(r.prefill_naive),
                "eta_bw": r.constants.eta_bw, "layer_ms": r.constants.layer_ms, "eta_c": r.constants.eta_c,
                "group": r.constants.group(), "kquant_share": r.kquant_share,
                "decode_band": r.decode_band.map(|(l, h)| json!([finite(l), finite(h)])),
                "prefill_band": r.prefill_band.map(|(l, h)| json!([finite(l), finite(h)])),
                "link": r.link,
            })
        })
        .collect();
    o
}

/// Where a row's constants came from: the group, and the M1 K-quant share where it applies.
fn group_label(r: &RowResult) -> String {
    if r.kquant_share < 1.0 {
        format!("{} × {} (M1 K-quant)", r.constants.group(), r.kquant_share)
    } else {
        r.constants.group()
    }
}

fn pct(x: f64) -> String {
    if x.is_finite() {
        format!("{:.1} %", x * 100.0)
    } else {
        "–".to_string()
    }
}

fn cell(pred: Option<f64>, meas: Option<f64>) -> String {
    match (pred, meas) {
        (Some(p), Some(m)) => format!("{m:>8.1} {p:>8.1} {:>+5.0}%", (p / m - 1.0) * 100.0),
        _ => format!("{:>8} {:>8} {:>6}", "–", "–", ""),
    }
}

fn errors_line(label: &str, d: &ErrorStats, p: &ErrorStats) -> String {
    format!(
        "{label:<34} decode {:>7} median, {:>7} within ±25 % (n {:>3})   prefill {:>7} median, {:>7} within ±25 % (n {:>3})\n",
        pct(d.median_abs_err),
        pct(d.within_25),
        d.n,
        pct(p.median_abs_err),
        pct(p.within_25),
        p.n
    )
}

fn text_report(
    path: &str,
    v: &Validation,
    by_source: &Validation,
    by_device: &Validation,
) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "edgefit validate {path}\n");
    let _ = writeln!(
        o,
        "{:>5} {:<14} {:<3} {:<30} {:<16}  {:>8} {:>8} {:>6} {:<3}  {:>8} {:>8} {:>6}  defaults from",
        "row",
        "class",
        "be",
        "device",
        "quant",
        "dec meas",
        "pred",
        "err",
        "by",
        "pre meas",
        "pred",
        "err"
    );
    for r in &v.rows {
        let dev: String = r.device.chars().take(30).collect();
        let q: String = r.quant.chars().take(16).collect();
        let _ = writeln!(
            o,
            "{:>5} {:<14} {:<3} {:<30} {:<16}  {} {:<3}  {}  {}",
            r.id,
            r.hw.code(),
            r.backend.code(),
            dev,
            q,
            cell(r.decode_predicted, r.decode_measured),
            r.decode_bound.map_or("", DecodeBound::code),
            cell(r.prefill_predicted, r.prefill_measured),
            group_label(r)
        );
    }
    let _ = writeln!(
        o,
        "  (by: what sets the predicted decode time — mem: the reads at η_bw, cmp: the arithmetic at η_c,\n   thr: one CPU thread's arithmetic and then its reads at one core's streaming bandwidth)"
    );
    let s = &v.summary;
    let _ = writeln!(
        o,
        "\nSummary ({} rows used, {} skipped): |predicted/measured − 1|",
        s.rows_used,
        v.skipped.len()
    );
    o.push_str(&errors_line("calibrated defaults", &s.decode, &s.prefill));
    o.push_str(&errors_line(
        "naive roofline (η = 0.6)",
        &s.naive_decode,
        &s.naive_prefill,
    ));
    o.push_str(&errors_line(
        "hold-out: each source left out",
        &by_source.summary.decode,
        &by_source.summary.prefill,
    ));
    o.push_str(&errors_line(
        "hold-out: each device left out",
        &by_device.summary.decode,
        &by_device.summary.prefill,
    ));
    let _ = writeln!(
        o,
        "  (the hold-out lines refit the constants on this file's own rows, one source or device left out at a\n   time; on a file the defaults were not fitted on, such as data/holdout.csv, the first line is already\n   out of sample)"
    );
    let _ = writeln!(o, "\nBy device class (median error, share within ±25 %):");
    let _ = writeln!(
        o,
        "  {:<20} {:>4} {:>18} {:>18} {:>18} {:>4} {:>18} {:>18} {:>18}",
        "class",
        "n",
        "decode",
        "naive",
        "held out (source)",
        "n",
        "prefill",
        "naive",
        "held out (source)"
    );
    let pair = |e: &ErrorStats| format!("{} / {}", pct(e.median_abs_err), pct(e.within_25));
    for c in &s.by_class {
        let h = by_source.summary.by_class.iter().find(|x| x.hw == c.hw);
        let _ = writeln!(
            o,
            "  {:<20} {:>4} {:>18} {:>18} {:>18} {:>4} {:>18} {:>18} {:>18}",
            c.hw.code(),
            c.decode.n,
            pair(&c.decode),
            pair(&c.naive_decode),
            h.map_or_else(String::new, |h| pair(&h.decode)),
            c.prefill.n,
            pair(&c.prefill),
            pair(&c.naive_prefill),
            h.map_or_else(String::new, |h| pair(&h.prefill)),
        );
    }
    if s.by_source.len() > 1 {
        let _ = writeln!(o, "\nBy source (median error, share within ±25 %):");
        let _ = writeln!(
            o,
            "  {:<20} {:>4} {:>18} {:>4} {:>18}",
            "source", "n", "decode", "n", "prefill"
        );
        for c in &s.by_source {
            let _ = writeln!(
                o,
                "  {:<20} {:>4} {:>18} {:>4} {:>18}",
                if c.source.is_empty() {
                    "–"
                } else {
                    &c.source
                },
                c.decode.n,
                pair(&c.decode),
                c.prefill.n,
                pair(&c.prefill),
            );
        }
    }
    if s.above_roofline.is_empty() {
        let _ = writeln!(o, "\nNo measurement beats the roofline.");
    } else {
        let _ = writeln!(
            o,
            "\nAbove the roofline (a wrong spec, or a runtime the roofline does not cover): {}",
            s.above_roofline.len()
        );
        for a in &s.above_roofline {
            let _ = writeln!(
                o,
                "  row {}: {} {:.1} tok/s measured > {:.1} tok/s bound{}",
                a.id,
                quantity(a.quantity),
                a.measured,
                a.bound,
                match a.quantity {
                    Quantity::Decode => " (peak bandwidth / weight bytes)",
                    Quantity::Prefill => " (stated peak compute / ops per token)",
                }
            );
        }
    }
    if !v.skipped.is_empty() {
        let _ = writeln!(o, "\nSkipped: {}", v.skipped.len());
        for k in &v.skipped {
            let _ = writeln!(o, "  row {} (line {}): {}", k.id, k.line, k.reason);
        }
    }
    o
}
