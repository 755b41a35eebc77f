//! One engine: every row `edgefit validate` scores is the scenario of its share link, and `edgefit report`
//! on that link prints the same decode and prefill speeds and bands.

use serde_json::Value;

mod common;
use common::run_with;

/// Relative tolerance between validate's figure and report's (both come from one `analyze`; the link
/// writes every number in its shortest exact form, so they agree to rounding).
const TOL: f64 = 1e-3;

/// Every measurement file in `data/`.
fn data_files() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let mut v: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    v.sort();
    assert!(v.len() >= 8, "{v:?}");
    v
}

fn json_of(args: &[&str]) -> Value {
    let o = run_with(args, "");
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "edgefit {args:?}: {e}\n{}",
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

#[track_caller]
fn close(what: &str, a: f64, b: f64) {
    assert!(
        (a / b - 1.0).abs() <= TOL,
        "{what}: validate {a} vs report {b}"
    );
}

fn band(v: &Value, name: &str) -> Option<(f64, f64)> {
    v["bands"].as_array()?.iter().find_map(|b| {
        (b["name"] == name).then(|| (b["low"].as_f64().unwrap(), b["high"].as_f64().unwrap()))
    })
}

/// The in-process path `edgefit report` takes: decode the link, validate, evaluate, build the JSON.
fn report_json(link: &str) -> Value {
    let d = edgefit_core::codec::decode(link, &[]);
    assert!(d.issues.is_empty(), "{link}: {:?}", d.issues);
    let (s, e) = edgefit_core::run(&d.inputs).unwrap_or_else(|e| panic!("{link}: {e:?}"));
    serde_json::to_value(edgefit_core::json::report(&d.inputs, &s, &e)).unwrap()
}

fn check_row(row: &Value, report: &Value) {
    let id = row["id"].as_str().unwrap_or("?");
    let n = &report["numbers"];
    for (q, measured) in [
        ("decode", "decode_measured"),
        ("prefill", "prefill_measured"),
    ] {
        if row[measured].is_null() {
            continue;
        }
        let predicted = row[format!("{q}_predicted")].as_f64().unwrap();
        let reported = n[format!("{q}_tps")]
            .as_f64()
            .unwrap_or_else(|| panic!("{id}: report has no {q}_tps"));
        close(&format!("{id} {q}_tps"), predicted, reported);
        let vb = &row[format!("{q}_band")];
        let (lo, hi) = (vb[0].as_f64().unwrap(), vb[1].as_f64().unwrap());
        match band(report, &format!("{q}_tps")) {
            Some((rl, rh)) => {
                close(&format!("{id} {q} band low"), lo, rl);
                close(&format!("{id} {q} band high"), hi, rh);
            }
            // A band of width zero is not listed.
            None => close(&format!("{id} {q} band"), lo, hi),
        }
    }
}

#[test]
fn every_row_of_every_data_file_is_the_scenario_of_its_link() {
    let mut rows = 0;
    for f in data_files() {
        let v = json_of(&["validate", f.to_str().unwrap(), "--json"]);
        for row in v["rows"].as_array().unwrap() {
            let link = row["link"].as_str().unwrap();
            check_row(row, &report_json(link));
            rows += 1;
        }
    }
    assert!(rows > 500, "{rows} rows");
}

#[test]
fn the_report_command_prints_validates_figures_for_its_links() {
    // A few rows of each file through the binary itself, as a user would paste the link.
    for f in data_files() {
        let v = json_of(&["validate", f.to_str().unwrap(), "--json"]);
        let all = v["rows"].as_array().unwrap();
        for row in all.iter().step_by(all.len().div_ceil(3).max(1)) {
            let link = format!("#{}", row["link"].as_str().unwrap());
            let o = run_with(&["report", &link, "--json"], "");
            let report: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
                panic!("report {link}: {e}\n{}", String::from_utf8_lossy(&o.stderr))
            });
            check_row(row, &report);
        }
    }
}
