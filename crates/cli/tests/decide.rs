//! `edgefit advise`, `compare` and `presets` as a script would call them.

use std::process::Command;

fn edgefit(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_edgefit"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

#[test]
fn advise_json_lists_changes_with_their_effect() {
    let (code, out, _) = edgefit(&["advise", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["failing"], serde_json::json!(["bandwidth", "tpot"]));
    let changes = v["changes"].as_array().unwrap();
    let kv = changes
        .iter()
        .find(|c| c["change"]["kind"] == "kv_bits" && c["change"]["bits"] == 8.0)
        .unwrap();
    assert_eq!(kv["target"], "tpot");
    assert!(
        (kv["after"].as_f64().unwrap() * 1e3 - 67.9).abs() < 0.5,
        "{kv}"
    );
    assert!(changes.iter().any(|c| c["all_met"] == true));
    assert!(!v["sensitivity"]["inputs"].as_array().unwrap().is_empty());
}

#[test]
fn advise_speaks_chinese() {
    let (code, out, _) = edgefit(&["advise", "--lang", "zh"]);
    assert_eq!(code, 0);
    assert!(out.contains("KV 缓存"), "{out}");
}

#[test]
fn compare_marks_the_differences() {
    let (code, out, _) = edgefit(&["compare", "v=1", "v=1&kv_bits=8", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v["differences"].as_array().unwrap();
    let tpot = rows.iter().find(|r| r["constraint"] == "tpot").unwrap();
    assert_eq!(tpot["differs"], true);
    assert_eq!(v["b"]["share_hash"], "v=2&kv_bits=8");
    let (code, _, err) = edgefit(&["compare", "v=1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("required arguments") && err.contains("<B>"),
        "{err}"
    );
}

#[test]
fn presets_json_carries_sources() {
    let (code, out, _) = edgefit(&["presets", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for group in ["devices", "models", "quants", "frameworks"] {
        let rows = v[group].as_array().unwrap_or_else(|| panic!("{group}"));
        assert!(!rows.is_empty(), "{group}");
        for r in rows {
            assert!(r["id"].is_string() && r["name"].is_string(), "{r}");
            assert!(r["sources"].is_array(), "{r}");
        }
    }
}
