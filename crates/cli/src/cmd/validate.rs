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

use edgefit_calib::{
    self as calibration, holdout, DecodeBound, ErrorStats, HoldOut, Quantity, RowResult, Summary,
    Validation,
};
use serde_json::{json, Value};

use crate::cli::ValidateArgs;

/// Exit status: scored.
const OK: i32 = 0;
/// Exit status: the file cannot be read or has nothing to score.
const BAD_INPUT: i32 = 2;

/// Run `edgefit validate`; returns the exit status.
#[must_use]
pub fn run(a: &ValidateArgs) -> i32 {
    run_all(&a.files, a.json, a.refit, a.loso)
}

/// The files named: a folder stands for its `.csv` files, in name order.
fn expand(paths: &[String]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for p in paths {
        let path = std::path::Path::new(p);
        if path.is_dir() {
            let mut v: Vec<String> = std::fs::read_dir(path)
                .map_err(|e| format!("cannot read {p}: {e}"))?
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|f| f.extension().is_some_and(|x| x == "csv"))
                .map(|f| f.to_string_lossy().into_owned())
                .collect();
            v.sort();
            if v.is_empty() {
                return Err(format!("{p}: no .csv file in this folder"));
            }
            out.extend(v);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn read(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read(path)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .map_err(|e| format!("cannot read {path}: {e}"))
    }
}

/// Read and pool the files: with more than one, each row id is prefixed with its file's name.
fn pooled(files: &[String]) -> Result<calibration::Parsed, String> {
    let mut all = calibration::Parsed::default();
    for f in files {
        let text = read(f)?;
        let mut p = calibration::parse(&text).map_err(|e| format!("{f}: {e}"))?;
        if files.len() > 1 {
            let stem = std::path::Path::new(f)
                .file_stem()
                .map_or_else(|| f.clone(), |s| s.to_string_lossy().into_owned());
            for r in &mut p.rows {
                r.id = format!("{stem}:{}", r.id);
            }
            for k in &mut p.skipped {
                k.id = format!("{stem}:{}", k.id);
            }
        }
        all.rows.append(&mut p.rows);
        all.skipped.append(&mut p.skipped);
    }
    Ok(all)
}

/// Score the files and print the result; returns the exit status.
#[must_use]
fn run_all(paths: &[String], json: bool, refit: bool, loso: bool) -> i32 {
    let files = match expand(paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("edgefit validate: {e}");
            return BAD_INPUT;
        }
    };
    let parsed = match pooled(&files) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("edgefit validate: {e}");
            return BAD_INPUT;
        }
    };
    let name = files.join(" ");
    if refit {
        let h = calibration::honest(&parsed.rows);
        print_out(&calibration::table_file(&h.table, &h.vision_fit(), &files));
        return OK;
    }
    let v = calibration::validate_rows(&parsed);
    if v.rows.is_empty() {
        eprintln!(
            "edgefit validate: {name}: no usable row ({} skipped)",
            v.skipped.len()
        );
        for s in &v.skipped {
            eprintln!("  row {} (line {}): {}", s.id, s.line, s.reason);
        }
        return BAD_INPUT;
    }
    let by_source = holdout(&parsed.rows, HoldOut::Source);
    let by_device = holdout(&parsed.rows, HoldOut::Device);
    let honest = (loso || files.len() > 1).then(|| calibration::honest(&parsed.rows));
    let out = if json {
        let mut o = to_json(&v, &by_source, &by_device);
        if let Some(h) = &honest {
            o["loso"] = honest_json(h);
            let vlm = calibration::vlm_results(&parsed.rows, h);
            if !vlm.is_empty() {
                o["loso"]["vlm"] = vlm_json(&vlm);
            }
            if let Some(v) = &h.vision {
                o["loso"]["vision_ratio"] = vision_json(v);
            }
        }
        let mut s =
            serde_json::to_string_pretty(&o).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
        s.push('\n');
        s
    } else {
        let mut t = text_report(&name, &v, &by_source, &by_device);
        if let Some(h) = &honest {
            t.push_str(&honest_text(h));
            let vlm = calibration::vlm_results(&parsed.rows, h);
            if !vlm.is_empty() {
                t.push_str(&vlm_text(&vlm));
            }
            if let Some(v) = &h.vision {
                t.push_str(&vision_text(v));
            }
        }
        t
    };
    print_out(&out);
    OK
}

fn print_out(out: &str) {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(out.as_bytes());
    let _ = stdout.flush();
}

fn honest_json(h: &calibration::Honest) -> Value {
    json!({
        "n_sources": h.n_sources,
        "decode_median_abs_err": finite(h.loso_decode.median_abs_err),
        "decode_within_25": finite(h.loso_decode.within_25),
        "n_decode": h.loso_decode.n,
        "prefill_median_abs_err": finite(h.loso_prefill.median_abs_err),
        "prefill_within_25": finite(h.loso_prefill.within_25),
        "n_prefill": h.loso_prefill.n,
        "decode_band_coverage": finite(h.decode_coverage),
        "prefill_band_coverage": finite(h.prefill_coverage),
        "decode_band_width": finite(h.decode_band_width),
        "prefill_band_width": finite(h.prefill_band_width),
        "naive": errors_json(&h.naive_decode, &h.naive_prefill),
        "rows": h.rows.iter().map(|r| {
            let pair = |x: Option<(f64, f64)>| x.map_or(Value::Null, |(m, p)| json!([finite(m), finite(p)]));
            json!({"id": r.id, "source": r.source, "decode": pair(r.decode), "prefill": pair(r.prefill)})
        }).collect::<Vec<_>>(),
        "groups": h.groups.iter().map(|g| json!({
            "group": g.group, "quantity": quantity(g.quantity), "n": g.n,
            "own": finite(g.own), "fallback": finite(g.fallback), "naive": finite(g.naive), "kept": g.kept,
        })).collect::<Vec<_>>(),
    })
}

fn honest_text(h: &calibration::Honest) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "\nLeave one source out ({} sources; each source predicted by constants fitted without it, a group's own\nconstants kept only where they beat what it falls back to, out of sample):",
        h.n_sources
    );
    o.push_str(&errors_line(
        "each source left out",
        &h.loso_decode,
        &h.loso_prefill,
    ));
    o.push_str(&errors_line(
        "naive roofline (η = 0.6)",
        &h.naive_decode,
        &h.naive_prefill,
    ));
    let _ = writeln!(
        o,
        "band (median ± z robust σ of out-of-sample measured ÷ predicted, z {} decode / {} prefill, each row's band\nwithout its source):\n  decode: {} of measured values inside, median width (high ÷ low) {:.2}\n  prefill: {} inside, median width {:.2}",
        calibration::BAND_Z.0,
        calibration::BAND_Z.1,
        pct(h.decode_coverage),
        h.decode_band_width,
        pct(h.prefill_coverage),
        h.prefill_band_width
    );
    let _ = writeln!(
        o,
        "\nGroups out of sample (median |pred/meas − 1| on the rows each serves):\n  {:<36} {:<8} {:>4} {:>9} {:>9} {:>9}  kept",
        "group", "", "n", "own", "fallback", "naive"
    );
    for g in &h.groups {
        let _ = writeln!(
            o,
            "  {:<36} {:<8} {:>4} {:>9} {:>9} {:>9}  {}",
            g.group,
            quantity(g.quantity),
            g.n,
            pct(g.own),
            pct(g.fallback),
            pct(g.naive),
            if g.kept { "yes" } else { "no" }
        );
    }
    o
}

/// The vision-language rows out of sample: per row and their median errors.
fn vlm_json(rows: &[calibration::VlmResult]) -> Value {
    let s = calibration::vlm_summary(rows);
    let opt = |x: Option<f64>| x.map_or(Value::Null, finite);
    let stats = |e: &ErrorStats| {
        json!({"n": e.n, "median_abs_err": finite(e.median_abs_err), "within_25": finite(e.within_25),
               "median_ratio": finite(e.median_ratio)})
    };
    json!({
        "ttft": stats(&s.ttft), "vision_encoder": stats(&s.vision), "decode": stats(&s.decode),
        "rows": rows.iter().map(|r| json!({
            "id": r.id, "source": r.source, "device": r.device, "model": r.model,
            "images": r.image.images, "width": r.image.width, "height": r.image.height,
            "size_stated": r.image.size_stated, "tokens": r.image.tokens,
            "tokens_stated": opt(r.image.tokens_stated),
            "ttft_measured_ms": opt(r.ttft_measured_ms), "ttft_predicted_ms": opt(r.ttft_predicted_ms),
            "vision_measured_ms": opt(r.vision_measured_ms), "vision_predicted_ms": opt(r.vision_predicted_ms),
            "decode_measured": opt(r.decode.map(|d| d.0)), "decode_predicted": opt(r.decode.map(|d| d.1)),
        })).collect::<Vec<_>>(),
    })
}

/// The vision-language rows out of sample as text.
fn vlm_text(rows: &[calibration::VlmResult]) -> String {
    let s = calibration::vlm_summary(rows);
    let mut o = String::new();
    let _ = writeln!(
        o,
        "\nVision-language rows, each source left out (TTFT with the image: encoder and prefill; predicted ÷ measured time):"
    );
    let _ = writeln!(
        o,
        "  {:<10} {:<30} {:>11} {:>6}  {:>9} {:>9} {:>6}  {:>8} {:>8}  {:>6} {:>6} {:>6}",
        "row",
        "device",
        "image",
        "tokens",
        "TTFT ms",
        "pred",
        "err",
        "enc ms",
        "pred",
        "dec",
        "pred",
        "err"
    );
    let ms = |x: Option<f64>| x.map_or_else(|| "–".to_string(), |x| format!("{x:.0}"));
    let err = |m: Option<f64>, p: Option<f64>| match (m, p) {
        (Some(m), Some(p)) if m > 0.0 => format!("{:+.0}%", (p / m - 1.0) * 100.0),
        _ => String::new(),
    };
    for r in rows {
        let size = format!(
            "{}{}×{}",
            if r.image.size_stated { "" } else { "≈" },
            r.image.width,
            r.image.height
        );
        let (dm, dp) = (r.decode.map(|d| d.0), r.decode.map(|d| d.1));
        let dec = |x: Option<f64>| x.map_or_else(|| "–".to_string(), |x| format!("{x:.1}"));
        let _ = writeln!(
            o,
            "  {:<10} {:<30} {:>11} {:>6}  {:>9} {:>9} {:>6}  {:>8} {:>8}  {:>6} {:>6} {:>6}",
            r.id,
            r.device.chars().take(30).collect::<String>(),
            size,
            r.image.tokens,
            ms(r.ttft_measured_ms),
            ms(r.ttft_predicted_ms),
            err(r.ttft_measured_ms, r.ttft_predicted_ms),
            ms(r.vision_measured_ms),
            ms(r.vision_predicted_ms),
            dec(dm),
            dec(dp),
            err(dm, dp),
        );
    }
    let line = |label: &str, e: &ErrorStats| {
        format!(
            "  {label:<16} {} median |err|, {} within ±25 % (n {})\n",
            pct(e.median_abs_err),
            pct(e.within_25),
            e.n
        )
    };
    o.push_str(&line("TTFT", &s.ttft));
    o.push_str(&line("image encoder", &s.vision));
    o.push_str(&line("decode", &s.decode));
    let _ = writeln!(
        o,
        "  (≈: the source states the image tokens, not the size: the size whose tokens are nearest, by the model's rule)"
    );
    o
}

/// The image encoder's efficiency relative to η_c (ρ, `vit_eff`) out of sample, as JSON.
fn vision_json(v: &calibration::VisionScore) -> Value {
    let stats = |e: &ErrorStats| {
        json!({"n": e.n, "median_abs_err": finite(e.median_abs_err), "within_25": finite(e.within_25),
               "median_ratio": finite(e.median_ratio)})
    };
    json!({
        "fitted": v.fitted, "rows": v.rows, "sources": v.sources, "kept": v.kept,
        "band": [v.band.0, v.band.1], "band_coverage": finite(v.band_coverage),
        "folds": v.folds.iter().map(|(s, r)| json!({"source": s, "ratio": r})).collect::<Vec<_>>(),
        "prior": {"ratio": calibration::VISION_PRIOR, "ttft": stats(&v.prior_ttft), "vision_encoder": stats(&v.prior_encoder),
                  "ttft_band_coverage": finite(v.ttft_band_coverage.0)},
        "fit": {"ttft": stats(&v.fitted_ttft), "vision_encoder": stats(&v.fitted_encoder),
                "ttft_band_coverage": finite(v.ttft_band_coverage.1)},
    })
}

/// The image encoder's efficiency relative to η_c (ρ, `vit_eff`) out of sample, as text.
fn vision_text(v: &calibration::VisionScore) -> String {
    let mut o = String::new();
    let folds: Vec<String> = v.folds.iter().map(|(s, r)| format!("{s} {r}")).collect();
    let _ = writeln!(
        o,
        "\nImage encoder efficiency relative to η_c (ρ, `vit_eff`; the prior {}): fitted on {} encoder times from {}\nsources, ρ = {} (band {}–{}, {} of encoder times inside it, each row's band without its source);\nwith each source left out: {}",
        calibration::VISION_PRIOR,
        v.rows,
        v.sources,
        v.fitted,
        v.band.0,
        v.band.1,
        pct(v.band_coverage),
        folds.join(", ")
    );
    let line = |label: &str, t: &ErrorStats, e: &ErrorStats, cov: f64| {
        format!(
            "  {label:<30} TTFT {} / {} within ±25 % (n {}, {} inside the prefill band)   encoder {} / {} (n {})\n",
            pct(t.median_abs_err),
            pct(t.within_25),
            t.n,
            pct(cov),
            pct(e.median_abs_err),
            pct(e.within_25),
            e.n
        )
    };
    o.push_str(&line(
        "prior (ρ = 1)",
        &v.prior_ttft,
        &v.prior_encoder,
        v.ttft_band_coverage.0,
    ));
    o.push_str(&line(
        "ρ fitted, its source left out",
        &v.fitted_ttft,
        &v.fitted_encoder,
        v.ttft_band_coverage.1,
    ));
    let _ = writeln!(
        o,
        "  kept: {} (the fitted ρ must beat the prior's median |ln(predicted ÷ measured)| on both, out of sample)",
        if v.kept { "yes" } else { "no" }
    );
    o
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
            let mut row = json!({
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
            });
            if let Some(i) = &r.image {
                row["image"] = image_json(i);
            }
            row
        })
        .collect();
    o
}

/// A vision-language row's images, time to first token and image encoder, measured and predicted.
fn image_json(i: &calibration::ImageResult) -> Value {
    let opt = |x: Option<f64>| x.map_or(Value::Null, finite);
    json!({
        "images": i.images, "tokens": i.tokens, "tokens_stated": opt(i.tokens_stated),
        "ttft_measured_ms": opt(i.ttft_measured_ms), "ttft_predicted_ms": opt(i.ttft_predicted_ms),
        "vision_measured_ms": opt(i.vision_measured_ms), "vision_predicted_ms": opt(i.vision_predicted_ms),
    })
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
        "  (the hold-out lines refit the constants on these rows alone, one source or device left out at a time;\n   the shipped defaults are fitted on every file in data/, so on those files the first line is in sample:\n   `edgefit validate data/` prints each source left out of that fit)"
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
