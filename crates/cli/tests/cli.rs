//! The `edgefit` binary, run as a user runs it: exit status, stdout and stderr.

use serde_json::Value;

mod common;
use common::{exits, run_with};

/// Run with `--json`, check the exit status, parse stdout.
#[track_caller]
fn json(args: &[&str], code: i32) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let (out, _) = exits(&a, code);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("edgefit {a:?}: not JSON ({e}):\n{out}"))
}

#[track_caller]
fn num(v: &Value, path: &str) -> f64 {
    v.pointer(path)
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("{path} is not a number in\n{v:#}"))
}

#[track_caller]
fn near(v: &Value, path: &str, want: f64, rel: f64) {
    let got = num(v, path);
    assert!(
        (got - want).abs() <= rel * want.abs(),
        "{path} = {got}, want {want} ±{rel}"
    );
}

#[track_caller]
fn contains(text: &str, want: &[&str]) {
    for w in want {
        assert!(text.contains(w), "missing {w:?} in:\n{text}");
    }
}

fn has_cjk(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn default_report_is_the_seed_example_and_fails_on_tpot() {
    let j = json(&["report"], 1);
    assert_eq!(j["verdicts"]["tpot"], "fail");
    assert_eq!(j["all_met"], false);
    near(&j, "/numbers/effective_bandwidth_gbps", 15.0, 1e-9 / 15.0);
    near(&j, "/numbers/kv_cache_gb", 0.537, 0.001);
    near(&j, "/numbers/tpot_ms_full_context", 85.8, 0.01);
    assert!(j["numbers"]["time_to_throttle_s"].is_null());
    assert!(j["share_hash"].as_str().unwrap().starts_with("v=2"));
    assert!(j["steps"].as_array().unwrap().len() >= 9);
}

#[test]
fn default_markdown_report_shows_the_seed_numbers() {
    let (md, _) = exits(&["report"], 1);
    contains(
        &md,
        &[
            "# edgefit report",
            "| TPOT | Fail |",
            "85.8 ms",
            "15 GB/s",
            "0.75 GB",
            "≈86 ms, not 50",
        ],
    );
}

#[test]
fn more_bandwidth_brings_tpot_down() {
    let j = json(&["report", "#v=1&bw_gbps=60"], 1); // TPOT passes; faster decoding moves more DRAM power
    assert_eq!(j["verdicts"]["tpot"], "pass");
    assert!(num(&j, "/numbers/tpot_ms_full_context") < 50.0);
    let code = i32::from(j["all_met"] == false);
    json(&["report", "https://edgefit.example/#v=1&bw_gbps=60"], code);
}

#[test]
fn a_bare_hash_is_a_scenario() {
    let j = json(&["report", "v=1&tpot_ms=100"], 0); // nothing fails: exit 0
    assert_eq!(j["verdicts"]["tpot"], "pass");
}

#[test]
fn a_value_that_is_not_a_number_is_bad_input() {
    let (out, err) = exits(&["report", "#v=1&bw_gbps=abc"], 2);
    assert!(out.is_empty());
    contains(&err, &["bw_gbps", "not a number", "nothing computed"]);
    // The CLI refuses, so it must not claim to have kept a default (the page does keep it).
    assert!(!err.contains("kept the default"), "{err}");
    for cmd in ["advise", "pipeline"] {
        let (out, err) = exits(&[cmd, "#v=1&bw_gbps=abc"], 2);
        assert!(out.is_empty(), "{cmd}");
        contains(&err, &["bw_gbps", "nothing computed"]);
    }
}

#[test]
fn an_unknown_key_is_bad_input() {
    let (_, err) = exits(&["report", "#v=1&warp_drive=9"], 2);
    contains(&err, &["warp_drive"]);
    let (_, err) = exits(&["solve", "#v=1&bw_gpbs=50"], 2);
    contains(&err, &["bw_gpbs", "did you mean `bw_gbps`"]);
}

#[test]
fn inconsistent_values_are_bad_input_naming_both_fields() {
    let (_, err) = exits(&["report", "#v=1&reserved_gb=9"], 2);
    contains(&err, &["reserved_gb", "mem_gb", "must be below"]);
    let (_, err) = exits(&["report", "--lang", "zh", "#v=1&reserved_gb=9"], 2);
    contains(&err, &["reserved_gb", "系统占用内存"]);
}

#[test]
fn chinese_report() {
    let (md, _) = exits(&["report", "--lang", "zh"], 1);
    assert!(has_cjk(&md));
    contains(&md, &["每字延迟 TPOT", "不通过", "原文"]);
    let (md, _) = exits(&["report", "#v=1&lang=zh"], 1); // the link's own language
    assert!(has_cjk(&md));
}

#[test]
fn solve_json_has_an_int4_model() {
    let j = json(&["solve"], 0);
    let schemes = j["schemes"].as_array().unwrap();
    let int4 = schemes
        .iter()
        .find(|s| s["id"] == "int4")
        .expect("an int4 row");
    assert!(num(int4, "/max_params_b") > 0.0);
    for s in schemes {
        assert!(
            s["name"].is_string() && s["bits_per_weight"].is_number() && s["binding"].is_string()
        );
    }
    assert!(num(&j, "/device_needs/min_bandwidth_gbps") > 25.0);
}

/// #25: `solve` ranks the model presets × formats that meet every target; a power mode on the link is read.
#[test]
fn solve_ranks_the_best_model_and_reads_a_power_mode() {
    let link = "#v=2&device=nv_orin_nano_8gb&fw=llama_cpp&power_mode=25w&tpot_ms=200&ttft_ms=5000";
    let j = json(&["solve", link], 0);
    assert!(j["quality_benchmark"].as_str().unwrap().starts_with("MMLU"));
    assert!(!j["quality_sources"].as_array().unwrap().is_empty());
    let best = j["best"].as_array().unwrap();
    assert!(!best.is_empty());
    for b in best {
        assert!(b["model"].is_string() && b["quant"].is_string() && b["binding"].is_string());
        assert!(b["quality"].is_number() || b["quality"].is_null());
    }
    // The highest published MMLU that fits 8 GB: Qwen3-8B (76.89, the Qwen3 report's base model).
    assert_eq!(best[0]["model"], "qwen3-8b");
    // A K-quant carries its published MMLU loss (Q4_K_M 0.56 on Llama-3-8B-Instruct).
    assert!(best
        .iter()
        .any(|b| b["quant"] == "q4_k_m" && b["quality"].is_number()));
    let (md, _) = exits(&["solve", link, "--lang", "zh"], 0);
    contains(&md, &["满足全部目标的最佳模型", "来源"]);
    let (_, err) = exits(&["solve", "#v=2&device=nv_orin_nano_8gb&power_mode=60w"], 2);
    contains(&err, &["power_mode=60w", "7w, 15w, 25w, maxn_super"]);
}

#[test]
fn solve_table() {
    let (md, _) = exits(&["solve"], 0);
    contains(&md, &["| Scheme |", "INT4 per-tensor", "peak bandwidth"]);
}

#[test]
fn scenario_files() {
    let dir = std::env::temp_dir().join(format!("edgefit-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let kv = file(
        "fast.scn",
        "# a faster phone\nbw_gbps = 60\ntpot_ms = 60 # relaxed\n",
    );
    assert_eq!(json(&["report", &kv], 1)["verdicts"]["tpot"], "pass");
    let link = file("link.txt", "https://edgefit.example/#v=1&tpot_ms=100\n");
    assert_eq!(json(&["report", &link], 0)["verdicts"]["tpot"], "pass");
    let js = file("s.json", r#"{"tpot_ms": 100, "eta_c": [0.2, 0.3, 0.4]}"#);
    let j = json(&["report", &js], 0);
    assert_eq!(j["share_hash"], "v=2&tpot_ms=100");
    let bad = file("bad.scn", "bw_gbps = fast\n");
    contains(&exits(&["report", &bad], 2).1, &["bw_gbps"]);
    let broken = file("broken.scn", "bw_gbps 50\n");
    contains(&exits(&["report", &broken], 2).1, &["line 1"]);
    let o = run_with(&["report", "-", "--json"], "tpot_ms = 100\n");
    assert_eq!(o.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn golden_scenario_files_of_the_engine_are_readable() {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../core/tests/scenarios/01_seed_worked_example.scn"
    );
    if std::path::Path::new(p).exists() {
        assert_eq!(json(&["report", p], 1)["share_hash"], "v=2");
    }
}

#[test]
fn usage_errors_help_and_version() {
    contains(
        &exits(&["--help"], 0).0,
        &[
            "Usage",
            "report",
            "solve",
            "completions",
            "SCENARIO",
            "EXIT STATUS",
        ],
    );
    contains(&exits(&["--version"], 0).0, &["edgefit 0."]);
    contains(
        &exits(&["reprot"], 2).1,
        &[
            "unrecognized subcommand 'reprot'",
            "similar subcommand exists: 'report'",
        ],
    );
    contains(&exits(&["report", "--frobnicate"], 2).1, &["--frobnicate"]);
    contains(&exits(&["report", "--lang", "fr"], 2).1, &["fr"]);
    contains(&exits(&[], 2).1, &["Usage"]);
    contains(&exits(&["compare", "a.scn"], 2).1, &["<B>"]);
    contains(&exits(&["validate", "--help"], 0).0, &["--loso", "--refit"]);
    contains(
        &exits(&["completions", "bash"], 0).0,
        &["edgefit", "validate"],
    );
    contains(
        &exits(&["report", "no-such-file.scn"], 2).1,
        &["no-such-file.scn"],
    );
}

#[test]
fn a_link_from_a_newer_version_is_bad_input_and_says_so() {
    for cmd in ["report", "solve"] {
        let (out, err) = exits(&[cmd, "#v=99&bw_gbps=50"], 2);
        assert!(out.is_empty(), "{out}");
        contains(&err, &["v=99", "newer than this edgefit", "v=2"]);
    }
    let (_, err) = exits(&["report", "#v=99&lang=zh"], 2);
    contains(&err, &["v=99", "比本程序新"]);
}

#[test]
fn an_over_long_link_is_refused_with_its_length() {
    let long = format!("#v=1&bw_gbps=50&x={}", "a".repeat(5000));
    let (out, err) = exits(&["report", &long], 2);
    assert!(out.is_empty(), "{out}");
    contains(&err, &["longer than 4096", "ignored"]);
    // The same through a scenario file on standard input.
    let o = run_with(&["report", "-"], &format!("x = {}\n", "1".repeat(5000)));
    assert_eq!(o.status.code(), Some(2));
    contains(&String::from_utf8(o.stderr).unwrap(), &["longer than 4096"]);
}

/// Markup and script in a link are words for the terminal, never executed, and never a panic.
#[test]
fn payloads_in_links_are_reported_verbatim() {
    let (_, err) = exits(
        &[
            "report",
            "#v=1&fw=%22%3E%3Cimg%20src%3Dx%3E&javascript%3Aalert(1)=1",
        ],
        2,
    );
    contains(&err, &["\"><img src=x>", "javascript:alert(1)"]);
}
