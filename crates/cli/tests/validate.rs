//! `edgefit validate`: the prediction error on a measurement file, as a user runs it.

use serde_json::Value;

mod common;
use common::exits;

/// The calibration set shipped in the repository.
fn calibration_csv() -> String {
    format!("{}/../../data/calibration.csv", env!("CARGO_MANIFEST_DIR"))
}

/// A temporary file with this text.
fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("edgefit-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[track_caller]
fn num(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number in\n{v:#}"))
}

#[test]
fn in_sample_figures_on_the_calibration_set_stay_where_they_were() {
    let (out, _) = exits(&["validate", &calibration_csv(), "--json"], 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(num(&v, "n_decode"), 135.0);
    assert_eq!(num(&v, "rows_skipped"), 0.0);
    // In sample (the shipped table is fitted on this file too): a guard against a change that makes the
    // fit worse where it was fitted, not evidence of accuracy. The accuracy goals are asserted out of
    // sample, in `leave_one_source_out_on_the_data_folder_meets_the_goals`.
    assert!(
        num(&v, "decode_median_abs_err") <= 0.10,
        "{}",
        v["decode_median_abs_err"]
    );
    assert!(
        num(&v, "decode_within_25") >= 0.85,
        "{}",
        v["decode_within_25"]
    );
    assert!(
        num(&v, "prefill_median_abs_err") <= 0.25,
        "{}",
        v["prefill_median_abs_err"]
    );
    // Better than the naive roofline, and the fractions are fractions.
    assert!(num(&v, "decode_median_abs_err") < num(&v["naive"], "decode_median_abs_err"));
    for k in ["decode_within_25", "prefill_within_25"] {
        assert!((0.0..=1.0).contains(&num(&v, k)));
    }
    // The flag list and its count agree. The NVIDIA rows beat the FP16 figure their source states (the
    // FP32-accumulate tensor rate of GeForce cards); llama.cpp's int8 tensor-core kernels run at four times
    // it, so they are under the roofline and predicted within 20 % (they were 65 % slow and flagged; the
    // RTX 4090 at −15 % since its prompt's weight re-reads are counted from DRAM, where its 72 MB L2 can
    // hold a layer's matrices).
    assert_eq!(
        num(&v, "above_roofline") as usize,
        v["above_roofline_rows"].as_array().unwrap().len()
    );
    assert_eq!(num(&v, "above_roofline"), 0.0);
    for id in ["118", "119", "120"] {
        let r = v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .unwrap();
        let e = num(r, "prefill_predicted") / num(r, "prefill_measured") - 1.0;
        assert!(e.abs() < 0.2, "row {id}: {e}");
    }
    assert!(v["holdout_by_source"]["decode_median_abs_err"].is_number());
    assert_eq!(v["rows"].as_array().unwrap().len(), 135);
    // Each row names the group its defaults came from: llama.cpp's Metal rows and LiteRT's browser rows on
    // Apple GPUs have their own runtime-keyed groups; MLC on a Jetson falls back to its class.
    let group = |id: &str| {
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .and_then(|r| r["group"].as_str())
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(group("1"), "GPU/llama.cpp/apple_m_series");
    let groups: Vec<String> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["group"].as_str().unwrap().to_string())
        .collect();
    assert!(
        groups.iter().any(|g| g == "GPU/litert/apple_m_series"),
        "{groups:?}"
    );
    assert!(groups.iter().any(|g| g == "GPU/jetson"), "{groups:?}");
}

#[test]
fn text_report_shows_rows_and_summary() {
    let (out, _) = exits(&["validate", &calibration_csv()], 0);
    assert!(out.contains("naive roofline"), "{out}");
    assert!(out.contains("apple_m_series"), "{out}");
    assert!(out.contains("hold-out: each source left out"), "{out}");
    assert!(out.contains("defaults from"), "{out}");
    assert!(out.contains("GPU/llama.cpp/apple_m_series"), "{out}");
}

#[test]
fn quoted_fields_and_skipped_rows() {
    let p = temp(
        "mixed.csv",
        "row_id,device,mem_bw_gbps,backend_unit,params_b,model,bpw_nominal,decode_tps,framework\n\
         a,\"Phone, \"\"big\"\" one\",76.8,CPU,1.0,Gemma 3 1B,8,20,\"LiteRT, CPU\"\n\
         b,x,,CPU,1.0,m,8,20,f\n",
    );
    let (out, _) = exits(&["validate", p.to_str().unwrap(), "--json"], 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(num(&v, "rows_used"), 1.0);
    assert_eq!(v["skipped"][0]["id"], "b");
    assert!(v["skipped"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("bandwidth"));
    assert_eq!(v["rows"][0]["device"], "Phone, \"big\" one");
}

#[test]
fn bad_files_exit_2_naming_the_file_or_column() {
    let (_, err) = exits(&["validate", "/nonexistent/measurements.csv"], 2);
    assert!(err.contains("/nonexistent/measurements.csv"), "{err}");
    let p = temp(
        "nobw.csv",
        "row_id,backend_unit,params_b,decode_tps\n1,GPU,7,10\n",
    );
    let (_, err) = exits(&["validate", p.to_str().unwrap()], 2);
    assert!(err.contains("mem_bw_gbps"), "{err}");
    let p = temp(
        "unterminated.csv",
        "mem_bw_gbps,backend_unit,params_b,decode_tps\n\"1,GPU,7,10\n",
    );
    let (_, err) = exits(&["validate", p.to_str().unwrap()], 2);
    assert!(err.contains("line 2"), "{err}");
    let p = temp(
        "nothing.csv",
        "mem_bw_gbps,backend_unit,params_b,decode_tps\n,GPU,7,10\n",
    );
    let (_, err) = exits(&["validate", p.to_str().unwrap()], 2);
    assert!(err.contains("no usable row"), "{err}");
    let p = temp("binary.csv", "\u{0}\u{1}garbage");
    exits(&["validate", p.to_str().unwrap()], 2);
    exits(&["validate"], 2);
    exits(&["validate", "a.csv", "b.csv"], 2);
    exits(&["validate", "--frobnicate"], 2);
}

/// The development set: published measurements read while the engine's mechanisms were chosen
/// (`data/development.csv`, sources in `data/SOURCES.md`).
fn holdout_csv() -> String {
    format!("{}/../../data/development.csv", env!("CARGO_MANIFEST_DIR"))
}

/// (median |pred/meas − 1|, share within ±25 %) of decode and of prefill over the rows `keep` selects.
fn errors(v: &Value, keep: impl Fn(&str) -> bool) -> [(f64, f64); 2] {
    ["decode", "prefill"].map(|q| {
        let mut e: Vec<f64> = v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| keep(r["id"].as_str().unwrap()))
            .filter_map(|r| {
                let p = r[format!("{q}_predicted")].as_f64()?;
                let m = r[format!("{q}_measured")].as_f64()?;
                Some((p / m - 1.0).abs())
            })
            .collect();
        e.sort_by(f64::total_cmp);
        let n = e.len();
        if n == 0 {
            return (f64::NAN, f64::NAN);
        }
        let median = if n % 2 == 1 {
            e[n / 2]
        } else {
            (e[n / 2 - 1] + e[n / 2]) / 2.0
        };
        let within = e.iter().filter(|&&x| x <= 0.25).count() as f64 / n as f64;
        (median, within)
    })
}

#[test]
fn development_file_is_read_whole() {
    let (out, _) = exits(&["validate", &holdout_csv(), "--json"], 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(num(&v, "rows_used"), 121.0);
    assert_eq!(num(&v, "rows_skipped"), 0.0);
    assert_eq!(num(&v, "n_decode"), 117.0);
    assert_eq!(num(&v, "n_prefill"), 61.0);
    // Its figures are in sample now (the shipped table is fitted on every file in data/); the honest ones,
    // each source left out, are guarded by leave_one_source_out_on_the_data_folder_meets_the_goals.
}

/// A file of `data/`: `npu.csv` (NPUs and phone accelerators, out of sample), `mlx.csv` (the MLX rows that fix
/// the MLX group), `edge.csv` (edge NPUs, iGPUs, Jetson, Apple; out of sample). Sources in `data/SOURCES.md`.
fn data_csv(name: &str) -> String {
    format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `edgefit validate data/NAME --json`, parsed (it must exit 0).
fn validate_data(name: &str) -> Value {
    let (out, _) = exits(&["validate", &data_csv(name), "--json"], 0);
    serde_json::from_str(&out).unwrap()
}

/// Whether every skipped row of a `--json` report was skipped for want of a bandwidth.
fn skipped_only_for_bandwidth(v: &Value) -> bool {
    v["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["reason"].as_str().unwrap().contains("bandwidth"))
}

/// The row `id` of a `--json` report.
fn row<'a>(v: &'a Value, id: &str) -> &'a Value {
    v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .unwrap()
}

/// A string field of the row `id` in a `--json` report.
fn field(v: &Value, id: &str, key: &str) -> String {
    row(v, id)[key].as_str().unwrap().to_string()
}

#[test]
fn npu_file_is_read_whole() {
    let v = validate_data("npu.csv");
    // Every row is read (33 of 60 were skipped before weights' and activations' bits were read apart, and
    // "~4GB" was no size).
    assert_eq!(num(&v, "rows_used"), 60.0);
    assert_eq!(num(&v, "rows_skipped"), 0.0);
    assert_eq!((num(&v, "n_decode"), num(&v, "n_prefill")), (60.0, 44.0));
    // MLC's 3-bit iPhone row no longer beats the roofline (its q3f16_1 was read as F16).
    assert_eq!(num(&v, "above_roofline"), 0.0);
}

#[test]
fn mlx_and_edge_files_are_read_and_errors_stay_at_or_below_the_measured_ones() {
    // MLX: every row read, all under the MLX group (in sample for its three constants): decode 6.2 % /
    // 97 %, prefill 6.2 % / 83 % (−25…−60 % under the Apple class group before MLX had one).
    let v = validate_data("mlx.csv");
    assert_eq!((num(&v, "rows_used"), num(&v, "rows_skipped")), (39.0, 0.0));
    assert!(v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["group"] == "GPU/mlx/apple_m_series"));
    let [(dm, dw), (pm, _)] = errors(&v, |_| true);
    assert!(dm <= 0.08 && dw >= 0.92, "MLX decode {dm:.4} / {dw:.4}");
    assert!(pm <= 0.1, "MLX prefill {pm:.4}");
    // Edge: out of sample. Rows are skipped only for a missing bandwidth (boards whose DRAM no source
    // states). Decode 12.3 % / 80 %.
    let v = validate_data("edge.csv");
    assert_eq!(
        (num(&v, "rows_used"), num(&v, "rows_skipped")),
        (65.0, 46.0)
    );
    assert!(skipped_only_for_bandwidth(&v));
    let [(dm, dw), _] = errors(&v, |_| true);
    assert!(dm <= 0.14 && dw >= 0.76, "edge decode {dm:.4} / {dw:.4}");
    // Apple M-series under llama.cpp (2024 builds, Llama 3 8B/70B): decode 9.8 % / 83 %.
    let apple = |id: &str| field(&v, id, "hw_class") == "apple_m_series";
    let [(dm, dw), (pm, _)] = errors(&v, apple);
    assert!(
        dm <= 0.12 && dw >= 0.77,
        "edge Apple decode {dm:.4} / {dw:.4}"
    );
    assert!(pm <= 0.12, "edge Apple prefill {pm:.4}");
}

#[test]
fn apple_and_phone_files_are_read_and_errors_stay_at_or_below_the_measured_ones() {
    // Apple: llama.cpp on M-series GPUs; its 17 M1 K-quant decode rows fix APPLE7_KQUANT_SHARE, nothing else
    // is fitted on it. Rows are skipped only for a missing bandwidth (the M5's). Decode 13.1 % / 79 % with the
    // calibration set's constants (18.3 % / 64 % without the share).
    let v = validate_data("apple.csv");
    assert_eq!((num(&v, "rows_used"), num(&v, "rows_skipped")), (86.0, 3.0));
    assert!(skipped_only_for_bandwidth(&v));
    let [(dm, dw), _] = errors(&v, |_| true);
    assert!(dm <= 0.145 && dw >= 0.77, "apple decode {dm:.4} / {dw:.4}");
    // Each row says the share it streams at: an M1 Pro's K-quant under Ollama the fitted one, an M4 Max's 1.
    let share = |id: &str| num(row(&v, id), "kquant_share");
    assert!(share("A005") > 0.5 && share("A005") < 1.0);
    assert_eq!(share("A004"), 1.0);
    // The M2–M4 rows are out of sample for everything: within a few rows of what they measured.
    let later = |id: &str| !field(&v, id, "device").contains("M1");
    let [(dm, dw), _] = errors(&v, later);
    assert!(
        dm <= 0.13 && dw >= 0.75,
        "apple M2+ decode {dm:.4} / {dw:.4}"
    );
    // Phones: out of sample. 28 rows name no precision ("quantized (scheme not stated)", "unquantized
    // (precision not stated)") and 5 no bandwidth; ExecuTorch's "4-bit groupwise weights … 8-bit embedding
    // and head" is read (those rows were skipped). Decode 17.2 % / 61 %.
    let v = validate_data("phone.csv");
    assert_eq!(
        (num(&v, "rows_used"), num(&v, "rows_skipped")),
        (46.0, 33.0)
    );
    let [(dm, dw), _] = errors(&v, |_| true);
    assert!(dm <= 0.19 && dw >= 0.58, "phone decode {dm:.4} / {dw:.4}");
    assert_eq!(num(&v, "above_roofline"), 0.0);
}

#[test]
fn vlm_file_is_read_and_every_row_predicted_with_its_images() {
    // Vision-language models on edge devices (data/vlm.csv): every row is read and predicted by the engine
    // with its images, but the two RK3576 rows, whose board DRAM no source states (as edge.csv's).
    let v = validate_data("vlm.csv");
    assert_eq!((num(&v, "rows_used"), num(&v, "rows_skipped")), (12.0, 2.0));
    assert!(skipped_only_for_bandwidth(&v));
    assert_eq!((num(&v, "n_decode"), num(&v, "n_prefill")), (5.0, 12.0));
    for r in v["rows"].as_array().unwrap() {
        let i = &r["image"];
        assert_eq!(num(i, "images"), 1.0, "{r:#}");
        // TTFT and the encoder are predicted (the tower is counted): a positive finite time.
        assert!(num(i, "ttft_predicted_ms") > 0.0, "{r:#}");
        assert!(num(i, "vision_predicted_ms") > 0.0, "{r:#}");
        assert!(num(i, "vision_predicted_ms") < num(i, "ttft_predicted_ms"));
        // Where the source states the image size and its tokens, the model's own rule gives them exactly
        // (Qwen2.5-VL 392² → 196, 476² → 289; MiniCPM-V 448² → 64); from a dataset's average (349, COCO)
        // the nearest size's tokens are within 3 %.
        if let Some(stated) = i["tokens_stated"].as_f64() {
            let tokens = num(i, "tokens");
            assert!((tokens / stated - 1.0).abs() < 0.03, "{r:#}");
            if r["source"] != "V01" {
                assert_eq!(tokens, stated, "{r:#}");
            }
        }
    }
}

/// The project's measurement folder.
fn data_dir() -> String {
    format!("{}/../../data", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_shipped_table_is_what_refit_gives_on_the_data_folder() {
    let (out, _) = exits(&["validate", "--refit", &data_dir()], 0);
    let path = format!(
        "{}/../core/src/calibration_table.rs",
        env!("CARGO_MANIFEST_DIR")
    );
    let file = std::fs::read_to_string(&path).unwrap();
    assert!(
        out == file,
        "crates/core/src/calibration_table.rs is stale: run `edgefit validate --refit data/ > crates/core/src/calibration_table.rs`"
    );
}

#[test]
fn leave_one_source_out_on_the_data_folder_meets_the_goals() {
    let (out, _) = exits(&["validate", &data_dir(), "--json"], 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let l = &v["loso"];
    // Issue #21's goals, each source predicted by constants fitted without it (measured with vlm.csv in the
    // fit and the image encoder's own efficiency: decode 11.1 %, 79.8 % within ±25 %; band coverage 83.0 %,
    // median width 1.75; prefill 15.7 %, its band 81.3 % at a width of 3.06; before the encoder's efficiency
    // 17.5 % and 83.3 % at 3.24; before vlm.csv 11.2 %, 83.2 % at 1.76, 20.3 %, 82.1 %).
    assert!(num(l, "n_sources") >= 80.0, "{l:#}");
    assert!(num(l, "decode_median_abs_err") <= 0.15, "{l:#}");
    assert!(num(l, "decode_band_coverage") >= 0.80, "{l:#}");
    assert!(num(l, "decode_band_width") <= 1.8, "{l:#}");
    assert!(num(l, "prefill_band_coverage") >= 0.80, "{l:#}");
    assert!(num(l, "prefill_median_abs_err") <= 0.30, "{l:#}");
    // It beats the naive roofline, and no kept group does worse out of sample than one η of 0.6.
    assert!(num(l, "decode_median_abs_err") < num(&l["naive"], "decode_median_abs_err"));
    for g in l["groups"].as_array().unwrap() {
        if g["kept"] == true {
            assert!(num(g, "own") <= num(g, "naive") + 0.02, "{g:#}");
        }
    }
    // The vision-language rows (data/vlm.csv), each source left out, are scored like the rest: 12 TTFT rows
    // (image encoder and prefill), 5 decode rows. Measured with the encoder at its own efficiency (ρ fitted
    // without the row's source): TTFT 13.4 % median |err|, 83 % within ±25 % (at the prior ρ = 1: 43.0 %,
    // every row too fast), the encoder alone 26.0 % (prior 60.3 %), decode 5.0 %. Guarded at those figures
    // with about one row's margin (TTFT's next row gives 14 %, its one after 17 %; the encoder's 35 %), so
    // a change that worsens them is seen.
    let vlm = &l["vlm"];
    assert_eq!(vlm["rows"].as_array().unwrap().len(), 12, "{vlm:#}");
    assert_eq!(
        (num(&vlm["ttft"], "n"), num(&vlm["decode"], "n")),
        (12.0, 5.0)
    );
    assert!(num(&vlm["ttft"], "median_abs_err") <= 0.17, "{vlm:#}");
    assert!(
        num(&vlm["vision_encoder"], "median_abs_err") <= 0.35,
        "{vlm:#}"
    );
    assert!(num(&vlm["decode"], "median_abs_err") <= 0.08, "{vlm:#}");
    // The encoder's efficiency relative to η_c is kept only because it beats the prior out of sample on both
    // the TTFT and the encoder's time; the shipped value is the one fitted here, with its band around it.
    let rho = &l["vision_ratio"];
    assert_eq!(rho["kept"], true, "{rho:#}");
    for q in ["ttft", "vision_encoder"] {
        assert!(
            num(&rho["fit"][q], "median_abs_err") < num(&rho["prior"][q], "median_abs_err"),
            "{rho:#}"
        );
    }
    let vision = edgefit_core::calibration::VISION;
    assert_eq!(num(rho, "fitted"), vision.fitted, "{rho:#}");
    assert!(vision.band.0 < vision.fitted && vision.fitted < vision.band.1);
}
