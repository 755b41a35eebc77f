//! Golden scenarios as files: `scenarios/*.scn` must reproduce their expected values within the stated
//! tolerance; `rejected/*.scn` must be refused with an error naming the key.
//!
//! A file holds `link: <share hash>` and expectations, one per line (several `link:` blocks make a curve):
//! `path = number ±tol%`, `path in lo..hi`, `path = word`, `path = null`, `band.NAME = lo..hi ±tol%`,
//! `solve.SCHEME.FIELD = …`, `best.RANK.FIELD = …`, `params_total = …`. Paths address the report JSON (`numbers.ttft_ms`).

use std::fs;
use std::path::Path;

use edgefit_core::{codec, json, run, solve};
use serde_json::Value;

fn lookup<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(v, |v, k| v.get(k))
}

fn within(actual: f64, expected: f64, tol_pct: f64) -> bool {
    (actual - expected).abs() <= expected.abs() * tol_pct / 100.0 + 1e-12
}

fn parse_tol(s: &str) -> (&str, f64) {
    match s.split_once('±') {
        Some((v, t)) => (
            v.trim(),
            t.trim().trim_end_matches('%').parse().expect("tolerance"),
        ),
        None => (s.trim(), 0.0),
    }
}

/// The document a scenario's expectations are checked against: the report JSON plus the solve rows by id,
/// the bands by name and the exact parameter count.
fn document(link: &str) -> Value {
    document_with(link, &[])
}

/// [`document`] for a link that may carry the page's own keys (`extra_keys`).
fn document_with(link: &str, extra_keys: &[&str]) -> Value {
    let d = codec::decode(link, extra_keys);
    assert!(d.issues.is_empty(), "{link}: {:?}", d.issues);
    let (s, e) = run(&d.inputs).unwrap_or_else(|err| panic!("{link}: {:?}", err.0));
    let mut doc = serde_json::to_value(json::report(&d.inputs, &s, &e)).unwrap();
    let sol = json::solve(
        &solve(&d.inputs).unwrap(),
        &edgefit_core::best::best(&d.inputs),
    );
    let mut rows = serde_json::Map::new();
    for r in sol.schemes {
        rows.insert(r.id.to_string(), serde_json::to_value(&r).unwrap());
    }
    let mut bands = serde_json::Map::new();
    for b in doc["bands"].as_array().unwrap().clone() {
        bands.insert(
            b["name"].as_str().unwrap().to_string(),
            serde_json::json!([b["low"], b["high"]]),
        );
    }
    // The best-model ranking by rank (`best.0.model`): model ids hold dots, which paths split on.
    let mut best = serde_json::Map::new();
    for (k, b) in sol.best.iter().enumerate() {
        best.insert(k.to_string(), serde_json::to_value(b).unwrap());
    }
    doc["best"] = Value::Object(best);
    doc["solve"] = Value::Object(rows);
    doc["band"] = Value::Object(bands);
    doc["params_total"] = serde_json::json!(s.expected.model.total_params());
    doc
}

#[track_caller]
fn check_line(file: &str, doc: &Value, line: &str) {
    if let Some((path, range)) = line.split_once(" in ") {
        let (lo, hi) = range.split_once("..").expect("lo..hi");
        let x = lookup(doc, path.trim())
            .and_then(Value::as_f64)
            .unwrap_or_else(|| panic!("{file}: no {path}"));
        let (lo, hi): (f64, f64) = (lo.trim().parse().unwrap(), hi.trim().parse().unwrap());
        assert!(
            (lo..=hi).contains(&x),
            "{file}: {path} = {x}, expected in {lo}..{hi}"
        );
        return;
    }
    let (path, want) = line
        .split_once('=')
        .unwrap_or_else(|| panic!("{file}: bad line {line:?}"));
    let path = path.trim();
    let (want, tol) = parse_tol(want);
    let got = lookup(doc, path).unwrap_or_else(|| panic!("{file}: no {path} in the report"));
    if let Some((lo, hi)) = want.split_once("..") {
        let arr = got
            .as_array()
            .unwrap_or_else(|| panic!("{file}: {path} is not a band"));
        let (glo, ghi) = (arr[0].as_f64().unwrap(), arr[1].as_f64().unwrap());
        let (lo, hi): (f64, f64) = (lo.trim().parse().unwrap(), hi.trim().parse().unwrap());
        assert!(
            within(glo, lo, tol) && within(ghi, hi, tol),
            "{file}: {path} = {glo}..{ghi}, expected {lo}..{hi} ±{tol}%"
        );
    } else if want == "null" {
        assert!(got.is_null(), "{file}: {path} = {got}, expected null");
    } else if let Ok(x) = want.parse::<f64>() {
        let g = got
            .as_f64()
            .unwrap_or_else(|| panic!("{file}: {path} = {got} is not a number"));
        assert!(
            within(g, x, tol),
            "{file}: {path} = {g}, expected {x} ±{tol}%"
        );
    } else if want == "true" || want == "false" {
        assert_eq!(got.as_bool(), Some(want == "true"), "{file}: {path}");
    } else {
        assert_eq!(got.as_str(), Some(want), "{file}: {path}");
    }
}

fn files(dir: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut out: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "scn"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no scenarios in {}", dir.display());
    out
}

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

#[test]
fn golden_scenarios_reproduce_their_numbers() {
    let mut checked = 0;
    for (name, text) in files("scenarios") {
        // Each `link:` starts a block; its expectations follow it (a file may hold a curve of links).
        let mut doc = None;
        for l in lines(&text) {
            if let Some(link) = l.strip_prefix("link:") {
                doc = Some(document(link.trim()));
                continue;
            }
            let doc = doc
                .as_ref()
                .unwrap_or_else(|| panic!("{name}: expectation before link:"));
            check_line(&name, doc, l);
            checked += 1;
        }
        assert!(doc.is_some(), "{name}: link:");
    }
    assert!(checked > 40, "only {checked} expectations checked");
}

/// Links shared with v=1 keep decoding to the same numbers, whatever later versions change
/// (`links/v1.txt`: blocks of `link:` and expectations).
#[test]
fn stored_v1_links_keep_their_numbers() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/links/v1.txt");
    let text = fs::read_to_string(&path).unwrap();
    let (mut links, mut checked) = (0, 0);
    let mut doc = None;
    for l in lines(&text) {
        if let Some(link) = l.strip_prefix("link:") {
            let link = link.trim();
            assert!(link.starts_with("v=1"), "v1.txt: {link} is not a v=1 link");
            doc = Some((link.to_string(), document_with(link, &["lang", "embed"])));
            links += 1;
        } else {
            let (link, doc) = doc
                .as_ref()
                .expect("v1.txt: an expectation before any link:");
            check_line(&format!("v1.txt {link}"), doc, l);
            checked += 1;
        }
    }
    assert!(
        links >= 10 && checked > 100,
        "only {links} links, {checked} expectations"
    );
}

#[test]
fn rejected_scenarios_name_the_key() {
    for (name, text) in files("rejected") {
        let link = lines(&text)
            .find_map(|l| l.strip_prefix("link:"))
            .map(str::trim)
            .expect("link:");
        let key = lines(&text)
            .find_map(|l| l.strip_prefix("rejects:"))
            .map(str::trim)
            .expect("rejects:");
        let d = codec::decode(link, &[]);
        let from_link = d.issues.iter().any(|i| i.key() == Some(key));
        let from_validation = match run(&d.inputs) {
            Ok(_) => false,
            Err(e) => e.0.iter().any(|err| err.input.key() == key),
        };
        assert!(
            from_link || from_validation,
            "{name}: {link} was not rejected on {key} (issues {:?})",
            d.issues
        );
    }
}

/// The codec rejects a bad value for its key alone; validation catches what only shows between fields.
/// Bypass the codec to prove validation alone rejects out-of-range values too.
#[test]
fn validation_rejects_values_the_codec_would_have_caught() {
    use edgefit_core::{Field, Inputs};
    for (f, x) in [
        (Field::BandwidthGbps, -25.0),
        (Field::BandwidthUtil, f64::NAN),
        (Field::ComputeUtil, 1.5),
        (Field::TpotMs, 0.0),
        (Field::MemoryGb, f64::INFINITY),
        (Field::Layers, 3.5),
    ] {
        let e = run(&Inputs::default().with(f, x)).expect_err("must be rejected");
        assert!(
            e.0.iter().any(|err| err.input.key() == f.key()),
            "{f:?}={x}: {:?}",
            e.0
        );
    }
}
