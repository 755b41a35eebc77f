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
fn json_on_the_calibration_set_meets_the_accuracy_goal() {
    let (out, _) = exits(&["validate", &calibration_csv(), "--json"], 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(num(&v, "n_decode"), 135.0);
    assert_eq!(num(&v, "rows_skipped"), 0.0);
    // The goal of issue #6, on the calibration set itself.
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

/// The hold-out set: published measurements that are not in the calibration file and were not used to choose
/// any constant (`data/holdout.csv`, sources in `data/SOURCES.md`).
fn holdout_csv() -> String {
    format!("{}/../../data/holdout.csv", env!("CARGO_MANIFEST_DIR"))
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
fn holdout_file_errors_stay_at_or_below_the_measured_ones() {
    let (out, _) = exits(&["validate", &holdout_csv(), "--json"], 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(num(&v, "rows_used"), 121.0);
    assert_eq!(num(&v, "rows_skipped"), 0.0);
    assert_eq!(num(&v, "n_decode"), 117.0);
    assert_eq!(num(&v, "n_prefill"), 61.0);
    // Regression guards, not the goal, with a margin of about one row. Rows H001–H067 (sources H01–H09):
    // decode 11.4 % median, 81.0 % within ±25 % since the CPU chain (session 8; before it 11.8 % / 79.4 %),
    // prefill 17.3 %, 61.1 % when the guard was last moved (session 5: the CUDA runtime group and the Pi 4's streaming limit; before them 14.5 % / 74.6 % and
    // 16.9 % / 63.9 %; before the CPU work
    // of issue #6's third pass 17.9 % / 66.7 % and 25.6 % / 50.0 %; before the CPU-core physics 17.6 % /
    // 63.5 % and 67.7 % / 27.8 %).
    let first = |id: &str| id[1..].parse::<u32>().is_ok_and(|n| n <= 67);
    let [(dm, dw), (pm, pw)] = errors(&v, first);
    assert!(
        dm <= 0.12 && dw >= 0.79,
        "H001–H067 decode {dm:.4} / {dw:.4}"
    );
    assert!(
        pm <= 0.185 && pw >= 0.58,
        "H001–H067 prefill {pm:.4} / {pw:.4}"
    );
    // Source H10, the DGX Spark's llama-bench tables (mixtures of experts, depths to 32k): decode 4.2 % /
    // 100 % (before the mixture-of-experts support its 15 MoE rows read every expert, −78…−94 %, and
    // Gemma 3's sliding-window layers read the whole 32k cache, −21…−50 %; now 3.5 % / 100 %). Its prompts:
    // 17.6 % / 72 % since llama.cpp's CUDA matmul re-reads the weights per 128-token tile, the reads adding
    // to the arithmetic, attention runs at a third of the int8 rate, each expert's tokens fill whole tiles
    // and sliding-window layers attend over the window plus a micro-batch (session 6; before, 134 % / 0 %,
    // +62…+240 %).
    let spark = |id: &str| id[1..].parse::<u32>().is_ok_and(|n| (68..=92).contains(&n));
    let [(dm, dw), (pm, pw)] = errors(&v, spark);
    assert!(dm <= 0.05 && dw >= 0.96, "H10 decode {dm:.4} / {dw:.4}");
    assert!(pm <= 0.2 && pw >= 0.68, "H10 prefill {pm:.4} / {pw:.4}");
    // Source H11, the Jetson AI Lab's MLC charts (AGX Orin 64 GB and the original Orin Nano, session 7):
    // decode 13.2 % / 85.7 % since a Jetson's per-layer cost under MLC follows the GPU clock (before, with
    // the AGX Orin at the Orin Nano's per-layer cost, 15.6 % / 71.4 %, every AGX row −1…−29 %).
    let jetson = |id: &str| {
        id[1..]
            .parse::<u32>()
            .is_ok_and(|n| (93..=113).contains(&n))
    };
    let [(dm, dw), _] = errors(&v, jetson);
    assert!(dm <= 0.145 && dw >= 0.8, "H11 decode {dm:.4} / {dw:.4}");
    // Source H12, T-MAC's llama.cpp CPU baseline at one to twelve threads: 14.9 % / 62.5 % since one
    // thread's decode is a chain of its arithmetic and its reads at one core's streaming bandwidth (session
    // 8, the per-core figures fitted on the candidate file; scored as it came in session 7, 65.4 % / 25 %).
    let tmac = |id: &str| id[1..].parse::<u32>().is_ok_and(|n| n >= 114);
    let [(dm, dw), _] = errors(&v, tmac);
    assert!(dm <= 0.2 && dw >= 0.5, "H12 decode {dm:.4} / {dw:.4}");
    // The whole set: decode 8.3 % / 86.3 % (101 of 117 rows) — the goal met since the M1 K-quant share
    // (session 10: 8.4 % / 84.6 % before; 8.9 % / 81.2 % before the CPU chain, 8.3 % / 85.3 % before H12;
    // 7.2 % / 85.2 % before H11); prefill 17.6 % / 67.2 % (65.6 % before a one-class runtime lost its
    // backend-wide group, session 9).
    let [(dm, dw), (pm, _)] = errors(&v, |_| true);
    assert!(dm <= 0.095 && dw >= 0.85, "all decode {dm:.4} / {dw:.4}");
    assert!(pm <= 0.2, "all prefill {pm:.4}");
    // Each source is reported on its own, in the file's order.
    let sources: Vec<&str> = v["by_source"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["source"].as_str().unwrap())
        .collect();
    assert_eq!(
        sources,
        ["H01", "H02", "H03", "H04", "H05", "H06", "H07", "H08", "H09", "H10", "H11", "H12"]
    );
    let h10 = &v["by_source"][9];
    assert_eq!((num(h10, "n_decode"), num(h10, "n_prefill")), (25.0, 25.0));
    assert!(num(h10, "decode_median_abs_err") <= 0.06);
    // Each row says what sets its predicted decode time: T-MAC's one-thread Raspberry Pi 5 run is one
    // thread's chain, the OnePlus 12's four-thread ExecuTorch decode the memory reads.
    let bound = |id: &str| field(&v, id, "decode_bound");
    assert_eq!(bound("H118"), "thread_chain");
    assert_eq!(bound("H001"), "memory");
    // No measurement of the set beats the roofline.
    assert_eq!(num(&v, "above_roofline"), 0.0);
    // Every class of the set is reported.
    let classes: Vec<&str> = v["by_class"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["hw_class"].as_str().unwrap())
        .collect();
    for c in [
        "apple_m_series",
        "phone",
        "jetson",
        "sbc",
        "pc_cpu",
        "pc_igpu_apu",
    ] {
        assert!(classes.contains(&c), "{classes:?}");
    }
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
fn npu_file_is_read_whole_and_errors_stay_at_or_below_the_measured_ones() {
    let v = validate_data("npu.csv");
    // Every row is read (33 of 60 were skipped before weights' and activations' bits were read apart, and
    // "~4GB" was no size).
    assert_eq!(num(&v, "rows_used"), 60.0);
    assert_eq!(num(&v, "rows_skipped"), 0.0);
    assert_eq!((num(&v, "n_decode"), num(&v, "n_prefill")), (60.0, 44.0));
    let source = |id: &str| field(&v, id, "source");
    let class = |id: &str| field(&v, id, "hw_class");
    // Regression guards with about a row's margin. Qualcomm AI Hub's phone rows (Genie / QNN, N01–N02):
    // decode 13.2 % / 71 %, prefill 33.3 % / 37 % (session 9; prefill 41 % / 26 % before a stated INT8 NPU
    // figure was halved at 16-bit activations).
    let ai_hub = |id: &str| ["N01", "N02"].contains(&source(id).as_str()) && class(id) == "phone";
    let [(dm, dw), (pm, pw)] = errors(&v, ai_hub);
    assert!(
        dm <= 0.15 && dw >= 0.67,
        "AI Hub phone decode {dm:.4} / {dw:.4}"
    );
    assert!(
        pm <= 0.36 && pw >= 0.33,
        "AI Hub phone prefill {pm:.4} / {pw:.4}"
    );
    // The whole file: decode 29.1 % / 45 %, prefill 31.0 % / 43 % (the X Elite's NPU port, the Neural Engine
    // and llama.cpp's HVX prompts are not modelled: README, "NPUs and phone accelerators").
    let [(dm, _), (pm, _)] = errors(&v, |_| true);
    assert!(dm <= 0.31, "all decode {dm:.4}");
    assert!(pm <= 0.34, "all prefill {pm:.4}");
    // MLC's 3-bit iPhone row no longer beats the roofline (its q3f16_1 was read as F16).
    assert_eq!(num(&v, "above_roofline"), 0.0);
}

#[test]
fn mlx_and_edge_files_are_read_and_errors_stay_at_or_below_the_measured_ones() {
    // MLX: every row read, all under the MLX group (in sample for its three constants): decode 6.2 % /
    // 97 %, prefill 6.2 % / 83 % (session 9; −25…−60 % under the Apple class group before MLX had one).
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
    // states). Decode 12.3 % / 80 % (session 9).
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
    // is fitted on it. Rows are skipped only for a missing bandwidth (the M5's). Decode 13.1 % / 79 % (session
    // 10; 18.3 % / 64 % before the share).
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
    // and head" is read (those rows were skipped). Decode 17.2 % / 61 % (session 10).
    let v = validate_data("phone.csv");
    assert_eq!(
        (num(&v, "rows_used"), num(&v, "rows_skipped")),
        (46.0, 33.0)
    );
    let [(dm, dw), _] = errors(&v, |_| true);
    assert!(dm <= 0.19 && dw >= 0.58, "phone decode {dm:.4} / {dw:.4}");
    assert_eq!(num(&v, "above_roofline"), 0.0);
}
