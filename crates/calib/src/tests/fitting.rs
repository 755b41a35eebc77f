//! Fitting, validation and the leave-one-source-out table.

use super::reading::*;
use super::*;
#[test]
pub(crate) fn a_backend_with_one_row_moves_its_prior_part_way() {
    // The calibration set's one NPU row (decode 85 tokens/s, ≈0.93 of the bandwidth at the prior's
    // per-layer cost) moves η_bw from the prior's 0.6 a third of the way in log terms; nothing else.
    let base = fit(&parse(CALIBRATION_CSV).unwrap().rows);
    let npu = base.iter().find(|c| c.backend == Backend::Npu).unwrap();
    assert_eq!((npu.n_decode, npu.n_prefill), (1, 1));
    assert!((0.65..0.75).contains(&npu.eta_bw), "{}", npu.eta_bw);
    assert!(npu.eta_c > 0.3 && npu.eta_c < 0.6, "{}", npu.eta_c);
    assert_eq!(npu.layer_ms, prior(Backend::Npu).layer_ms);
    assert_eq!(npu.decode_band, prior(Backend::Npu).decode_band);
    // With no row at all the prior stands.
    let p = parse(CALIBRATION_CSV).unwrap();
    let gpu_only: Vec<Row> = p
        .rows
        .iter()
        .filter(|r| r.backend == Backend::Gpu)
        .cloned()
        .collect();
    assert!(fit(&gpu_only).iter().all(|c| c.backend == Backend::Gpu));
}

#[test]
pub(crate) fn mixtures_of_experts_read_their_active_parameters() {
    assert_eq!(active_in_name("Qwen3-30B-A3B-Instruct"), Some(3.0));
    assert_eq!(active_in_name("qwen3moe 30B.A3B Q8_0"), Some(3.0));
    assert_eq!(active_in_name("Qwen1.5-MoE-A2.7B"), Some(2.7));
    assert_eq!(active_in_name("granite-3.0-3b-a800m"), Some(0.8));
    for dense in [
        "Llama 3.1 8B",
        "Qwen2.5 7B AWQ",
        "gemma-3-4b-it-qat",
        "Mistral 7B v0.3",
        "a3b",
    ] {
        assert_eq!(active_in_name(dense), None, "{dense}");
    }
    // A named marker picks the mixture among a family's variants; the dense 32B stays dense.
    let s = known_shape("Qwen3-Coder-30B-A3B-Instruct", 30.53e9).unwrap();
    assert_eq!((s.layers, s.active_b), (48.0, 3.35));
    assert_eq!(known_shape("Qwen3 32B", 32.8e9).unwrap().active_b, 0.0);
    // gpt-oss-20b in MXFP4 (11.27 GiB): the experts are 4.25-bit, the rest of the file's bytes sit in
    // the 1.8 B parameters every token reads, so a token reads ≈6 bits per weight against 4.6 on average.
    let r = one(
        "1,S,workstation_unified,NVIDIA DGX Spark,273,GPU,llama-bench -ub 2048,gpt-oss 20B,20.91,MXFP4 MoE,,11.27 GiB,2048,3782,32,84,,,",
    )
    .rows
    .remove(0);
    let shape = shape_of(&r);
    let (active, bits) = moe_active(&r, &shape).unwrap();
    assert!((active - 4.19e9).abs() < 1e6, "{active}");
    assert!((4.62..4.64).contains(&r.bits), "{}", r.bits);
    assert!((5.9..6.3).contains(&bits), "{bits}");
    assert_eq!(micro_batch(&r), Some(2048.0));
    assert!(ggml_cuda(&r) && runtime_of(&r) == Runtime::LlamaCppCuda);
    assert!(sliding_window_cache(&r));
    // Its sliding-window layers keep (and attend over) the 128-token window plus the 2048-token
    // micro-batch; the default micro-batch is 512.
    let window = |r: &Row| {
        inputs_for(r, &lookup_row(CALIBRATED, r))
            .0
            .mid(Field::Window)
    };
    assert_eq!(window(&r), Some(128.0 + 2048.0));
    let mut default_ub = r.clone();
    default_ub.framework = "llama-bench".to_string();
    assert_eq!(window(&default_ub), Some(128.0 + LLAMA_CPP_UBATCH));
    // Predicted at the active bytes, not the file's: ≈ 75 tokens/s (84 measured), not ≈ 18.
    let p = predict(&r, &lookup_row(CALIBRATED, &r)).unwrap();
    assert!((65.0..95.0).contains(&p.decode_tps), "{}", p.decode_tps);
    // The column, when a file has it, wins over the table.
    let mut c = r.clone();
    c.active = Some(2.0e9);
    assert_eq!(moe_active(&c, &shape).unwrap().0, 2.0e9);
    // A dense model and builds before llama.cpp's sliding-window cache.
    let mut d = r.clone();
    d.model = "Llama 3.1 8B".to_string();
    d.params = 8.03e9;
    assert_eq!(moe_active(&d, &shape_of(&d)), None);
    d.framework = "llama-bench b5000".to_string();
    assert!(!sliding_window_cache(&d) && micro_batch(&d).is_none());
    d.framework = "Metal, llama-bench b6000".to_string();
    assert!(sliding_window_cache(&d) && !ggml_cuda(&d));
    d.framework = "LiteRT-LM".to_string();
    assert!(!sliding_window_cache(&d));
}

#[test]
pub(crate) fn a_prompt_after_cached_tokens_attends_to_them() {
    // llama-bench pp2048 @ d32768: the same weights, attention over 32k more tokens — slower, and a
    // windowed model (Gemma 3: five local layers of six) loses less.
    let base = "1,S,workstation_unified,NVIDIA DGX Spark,273,GPU,llama-bench (CUDA),";
    let at = |model: &str, size: &str, depth: &str| {
        let mut r = one(&format!(
            "{base}{model},{size},Q4_0,4.5,,2048,5000,32,70,,,"
        ))
        .rows
        .remove(0);
        r.context = depth.parse().ok();
        predict(&r, &lookup_row(CALIBRATED, &r))
            .unwrap()
            .prefill_tps
    };
    let llama = at("Llama 3.1 8B", "8.03", "32768") / at("Llama 3.1 8B", "8.03", "");
    let gemma = at("Gemma 3 4B", "3.88", "32768") / at("Gemma 3 4B", "3.88", "");
    assert!(
        llama < 0.8 && gemma < 1.0 && gemma > llama,
        "{llama} {gemma}"
    );
}

#[test]
pub(crate) fn geforce_prompts_run_int8_tensor_cores_under_llama_cpp() {
    let mut r = one(
        "1,S,discrete_gpu,NVIDIA RTX 4090,1008,GPU,llama-bench b4011,LLaMA 2 7B,6.74,Q4_0,4.5,,512,13944,128,188,165.2,TFLOPS,FP16",
    )
    .rows
    .remove(0);
    assert!(geforce_rtx(&r));
    assert_eq!(llama_cpp_build(&r), Some(4011));
    let mut named = r.clone();
    named.framework = "llama.cpp on a B200".to_string();
    assert_eq!(llama_cpp_build(&named), None);
    // MMQ: int8 MMA at 4x the FP32-accumulate FP16 figure, for a prompt only.
    assert_eq!(cuda_prompt_factor(&r), 4.0);
    assert!((default_peak(&r).tops - 4.0 * 165.2).abs() < 1e-9);
    assert!((decode_peak(&r).tops - 165.2).abs() < 1e-9);
    // F16 weights and builds before the MMQ default: cuBLAS FP16 with FP16 accumulation (2x).
    r.quant = "F16".to_string();
    assert_eq!(cuda_prompt_factor(&r), 2.0);
    r.quant = "Q4_K_M".to_string();
    r.framework = "llama-bench b3000".to_string();
    assert_eq!(cuda_prompt_factor(&r), 2.0);
    r.framework = "llama.cpp".to_string();
    r.framework_version = "2024-03-01".to_string();
    assert_eq!(cuda_prompt_factor(&r), 2.0);
    r.framework_version = "2024-07".to_string();
    assert_eq!(cuda_prompt_factor(&r), 4.0);
    // A 4-bit figure (Blackwell's headline) is twice the int8 rate the kernels run at; an 8-bit one is it.
    let mut b = r.clone();
    b.device = "NVIDIA DGX Spark (GB10)".to_string();
    b.precision = "FP4 (sparse)".to_string();
    assert_eq!(cuda_prompt_factor(&b), 0.5);
    b.quant = "MXFP4 MoE".to_string();
    assert_eq!(cuda_prompt_factor(&b), 0.5);
    b.quant = "F16".to_string();
    assert_eq!(cuda_prompt_factor(&b), 0.25);
    b.quant = "Q8_0".to_string();
    b.precision = "FP8".to_string();
    assert_eq!(cuda_prompt_factor(&b), 1.0);
    // An int8 or FP16-accumulate figure, another runtime, a workstation or older card: as stated.
    for (field, text) in [
        ("precision", "INT8 (dense)"),
        ("precision", "FP16 acc"),
        ("framework", "vLLM"),
        ("framework", "llama.cpp (Vulkan), llama-bench b5000"),
        ("device", "NVIDIA RTX A6000"),
        ("device", "NVIDIA GTX 1080 Ti"),
        ("device", "NVIDIA RTX 4000 Ada Generation"),
        ("device", "Quadro RTX 6000"),
    ] {
        assert_eq!(cuda_prompt_factor(&altered(&r, field, text)), 1.0, "{text}");
    }
    assert_eq!(
        llama_cpp_build(&one("1,S,pc_cpu,d,1,CPU,ollama 0.5.7,m,1,Q4_0,4.5,,,,,1,,,").rows[0]),
        None
    );
}

#[test]
pub(crate) fn a_jetsons_per_layer_cost_under_mlc_follows_its_gpu_clock() {
    let r = one("1,S,jetson,NVIDIA Jetson Orin Nano 8GB Developer Kit,68,GPU,MLC-LLM,Llama 2 7B,6.74,INT4,4.5,,,,,20,,,")
        .rows
        .remove(0);
    let mhz = |d: &str| jetson_gpu_mhz(&altered(&r, "device", d));
    assert_eq!(
        mhz("NVIDIA Jetson Orin Nano 8GB Developer Kit"),
        Some(625.0)
    );
    assert_eq!(mhz("Jetson Orin Nano Super Developer Kit"), Some(1020.0));
    assert_eq!(
        mhz("NVIDIA Jetson AGX Orin 64GB Developer Kit"),
        Some(1300.0)
    );
    assert_eq!(mhz("Jetson AGX Orin 32GB"), Some(930.0));
    assert_eq!(mhz("Jetson AGX Orin Industrial"), Some(1200.0));
    assert_eq!(mhz("Jetson Orin NX 16GB"), Some(918.0));
    assert_eq!(mhz("Jetson Orin NX 8GB"), Some(765.0));
    assert_eq!(mhz("Jetson AGX Xavier"), None);
    // The Super mode is also told by its bandwidth.
    let mut fast = r.clone();
    fast.bw_gbps = 102.0;
    assert_eq!(jetson_gpu_mhz(&fast), Some(1020.0));
    // The scale goes with the clock, under MLC only; llama.cpp on the same board keeps the group's cost.
    assert_eq!(layer_scale(&r), 1.0);
    let agx = altered(&r, "device", "NVIDIA Jetson AGX Orin 64GB");
    assert!((layer_scale(&agx) - 625.0 / 1300.0).abs() < 1e-12);
    assert_eq!(
        layer_scale(&altered(&agx, "framework", "llama.cpp (CUDA)")),
        1.0
    );
    // So the same model decodes faster on the AGX Orin than its bandwidth alone says: 3× the bandwidth,
    // 2.08× the clock.
    let c = lookup_row(CALIBRATED, &r);
    let mut agx_bw = agx.clone();
    agx_bw.bw_gbps = 204.8;
    let nano = predict(&r, &c).unwrap().decode_tps;
    let fast = predict(&agx_bw, &c).unwrap().decode_tps;
    let same_clock = predict(&altered(&agx_bw, "device", "Jetson (clock not stated)"), &c)
        .unwrap()
        .decode_tps;
    assert!(
        fast > same_clock && same_clock > nano,
        "{nano} {same_clock} {fast}"
    );
}

/// `r` with one text column replaced.
pub(crate) fn altered(r: &Row, field: &str, text: &str) -> Row {
    let mut x = r.clone();
    let cell = match field {
        "precision" => &mut x.precision,
        "framework" => &mut x.framework,
        "quant" => &mut x.quant,
        "device" => &mut x.device,
        _ => unreachable!("{field}"),
    };
    *cell = text.to_string();
    x
}

#[test]
pub(crate) fn cuda_prompts_reread_their_weights_per_mmq_tile() {
    let r = one(
        "1,S,workstation_unified,NVIDIA DGX Spark (GB10),273,GPU,llama-bench b6918 -ub 2048,Qwen2.5 7B,7.62,Q8_0,8.5,,2048,2276,32,60,1000,TFLOPS,FP4 (sparse)",
    )
    .rows
    .remove(0);
    assert!(mmq(&r));
    assert_eq!(gemm_tile(&r), MMQ_TILE);
    // A prompt of 2048 in one micro-batch of 2048: sixteen 128-token tiles, each reading the layer
    // weights; the reads add to the arithmetic. Without tiles the same row reads them once and hides it.
    let c = lookup_row(CALIBRATED, &r);
    let tiled = predict(&r, &c).unwrap().prefill_tps;
    let mut flat = inputs_for(&r, &c).0;
    flat.set_exact(Field::GemmTile, 0.0);
    let s = validate(&flat).unwrap().expected;
    let report = analysis::analyze(&s);
    let once = 2048.0 / latency::ttft_at(&s, &report.compute, 2048.0).0;
    assert!(tiled < 0.75 * once, "{tiled} vs {once}");
    // Measured 2276 tokens/s (llama.cpp's DGX Spark table): within 25 %.
    assert!((tiled / 2276.0 - 1.0).abs() < 0.25, "{tiled}");
    // Not for F16 weights (cuBLAS), Metal, another runtime or a build before MMQ.
    for (field, text) in [
        ("quant", "F16"),
        ("framework", "llama.cpp (Metal) b6918"),
        ("framework", "MLC LLM"),
        ("framework", "llama-bench b3000"),
    ] {
        assert_eq!(gemm_tile(&altered(&r, field, text)), 0.0, "{text}");
    }
}

#[test]
pub(crate) fn llama_cpp_builds_before_dynamic_matmul_split_prompts_equally() {
    assert_eq!(first_date("2023-08"), Some((2023, 8, None)));
    assert_eq!(
        first_date("as of 2024-03-26 (main)"),
        Some((2024, 3, Some(26)))
    );
    assert_eq!(
        first_date("PR 6915 branch (2024-05)"),
        Some((2024, 5, None))
    );
    assert_eq!(first_date("build 081fe431 (3441)"), None);
    assert_eq!(first_date("b4008"), None);
    assert_eq!(first_date("12024-01"), None);
    let mut r = one("1,S,pc_cpu,d,102.4,CPU,llama-bench,LLaMA 7B,6.74,Q4_0,4.5,,512,20,128,10,,,")
        .rows
        .remove(0);
    r.cores = "24 (8P + 16E) / 32 threads".to_string();
    r.threads = Some(16.0);
    let dynamic = 8.0 * 0.13 + 8.0 * 0.05;
    assert!((cpu_peak(&r) - dynamic).abs() < 1e-12);
    r.framework_version = "2023-08".to_string();
    assert!(llama_cpp_static_split(&r));
    assert!((cpu_peak(&r) - 16.0 * 0.05).abs() < 1e-12);
    // Undecided dates, later dates and other runtimes keep the dynamic split.
    for v in ["2024-05", "2024-05-15", "2025-01-02", "b4008"] {
        r.framework_version = v.to_string();
        assert!(!llama_cpp_static_split(&r), "{v}");
    }
    r.framework_version = "2024-05-14".to_string();
    assert!(llama_cpp_static_split(&r));
    r.framework = "LiteRT-LM".to_string();
    assert!(!llama_cpp_static_split(&r));
}

#[test]
pub(crate) fn executorch_quantized_exports_read_the_head_once() {
    let mut r = one(
        "1,S,phone,d,76.8,CPU,ExecuTorch (XNNPACK),Llama 3.2 1B,1.24,SpinQuant,,1083 MB,64,260,,50,,,",
    )
    .rows
    .remove(0);
    let shape = shape_of(&r);
    assert!(head_stored_twice(&r, &shape));
    let c = prior(Backend::Cpu);
    let twice = predict(&r, &c).expect("predicts").decode_roofline;
    // The file holds the 128256 x 2048 table twice; a token reads the file less one copy of it.
    let read = 1083e6 * 1.24e9 / (1.24e9 + 128_256.0 * 2048.0);
    assert!((76.8e9 / twice / read - 1.0).abs() < 0.02, "{twice}");
    // A float export stores the shared matrix once; another runtime is not affected either.
    r.quant = "BF16 (baseline)".to_string();
    assert!(!head_stored_twice(&r, &shape));
    r.quant = "SpinQuant".to_string();
    r.framework = "LiteRT-LM".to_string();
    assert!(!head_stored_twice(&r, &shape));
}

#[test]
pub(crate) fn cpu_threads_fill_the_fastest_cores_and_stop_at_the_physical_ones() {
    let mut r = one("1,S,pc_cpu,d,100,CPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,20,128,10,,,")
        .rows
        .remove(0);
    r.cores = "24 (8P + 16E) / 32 threads".to_string();
    r.threads = Some(4.0);
    assert!((cpu_peak(&r) - 4.0 * 0.13).abs() < 1e-12);
    r.threads = Some(16.0);
    assert!((cpu_peak(&r) - (8.0 * 0.13 + 8.0 * 0.05)).abs() < 1e-12);
    // SMT threads add nothing: 32 threads use the 24 cores.
    r.threads = Some(32.0);
    assert!((cpu_peak(&r) - (8.0 * 0.13 + 16.0 * 0.05)).abs() < 1e-12);
    // Unstated: one thread per physical core off phones.
    r.threads = None;
    r.cores = "4 cores / 8 threads".to_string();
    assert!((cpu_peak(&r) - 4.0 * 0.13).abs() < 1e-12);
    // llama.cpp's own default on Apple: the performance cores only; other runtimes use them all.
    r.cores = "24 CPU cores (16P + 8E)".to_string();
    r.chip = "Apple M2 Ultra".to_string();
    assert_eq!(cpu_threads(&r), [(16.0, CoreKind::AppleP)]);
    r.framework = "LiteRT-LM (CPU)".to_string();
    assert_eq!(
        cpu_threads(&r),
        [(16.0, CoreKind::AppleP), (8.0, CoreKind::AppleE)]
    );
    r.framework = "llama.cpp CPU, llama-bench".to_string();
    r.chip = String::new();
    // An int8 runtime on Arm dot-product cores runs at 4x the FP32 rate; llama.cpp at 1x.
    r.hw = HwClass::Phone;
    r.cores = "8 (1x X4 + 5x A720 + 2x A520)".to_string();
    r.quant = "int4 weights, int8 activations".to_string();
    r.framework = "ExecuTorch (XNNPACK)".to_string();
    // ExecuTorch's runner takes one thread per performant core (the X4 and five A720s), other phone
    // runtimes four.
    assert!((cpu_peak(&r) - 4.0 * (0.10 + 5.0 * 0.045)).abs() < 1e-12);
    r.framework = "LiteRT-LM".to_string();
    assert!((cpu_peak(&r) - 4.0 * (0.10 + 3.0 * 0.045)).abs() < 1e-12);
    r.framework = "llama.cpp CPU, llama-bench".to_string();
    assert!((cpu_peak(&r) - (0.10 + 3.0 * 0.045)).abs() < 1e-12);
    // A stated thread count wins.
    r.framework = "ExecuTorch (XNNPACK)".to_string();
    r.threads = Some(4.0);
    assert!((cpu_peak(&r) - 4.0 * (0.10 + 3.0 * 0.045)).abs() < 1e-12);
}

#[test]
pub(crate) fn a_stated_fp16_peak_does_not_replace_an_apple_gpu_core_count() {
    let p = one("1,S06,apple_m_series,Apple M2 (10-core GPU),100,GPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,185,128,21,7.1,TFLOPS,FP16");
    let peak = default_peak(&p.rows[0]);
    assert!((peak.tops - 10.0 * 0.358).abs() < 1e-9 && !peak.given);
}

#[test]
pub(crate) fn the_default_scenario_is_untouched() {
    assert_eq!(
        edgefit_core::input::Inputs::default(),
        edgefit_core::input::Inputs::default()
    );
    let s = validate(&Inputs::default()).unwrap();
    assert!((s.expected.device.bandwidth_util - 0.6).abs() < 1e-12);
}

/// The calibration set shipped in the repository (a copy of the shared one, with its SOURCES.md).
pub(crate) const CALIBRATION_CSV: &str = include_str!("../../../../data/calibration.csv");
pub(crate) const CANDIDATES_CSV: &str = include_str!("../../../../data/candidates.csv");
pub(crate) const MLX_CSV: &str = include_str!("../../../../data/mlx.csv");
pub(crate) const APPLE_CSV: &str = include_str!("../../../../data/apple.csv");

#[test]
pub(crate) fn kquant_share_is_what_fit_gives() {
    // Fitted with the calibration set's own constants and held fixed in the pooled fit (see
    // APPLE7_KQUANT_SHARE).
    let p = parse(APPLE_CSV).unwrap();
    let base = fit(&parse(CALIBRATION_CSV).unwrap().rows);
    let (share, n) = fit_kquant_share_with(&p.rows, |r| lookup_row(&base, r));
    std::println!("share {share} on {n} rows");
    assert_eq!(share, APPLE7_KQUANT_SHARE, "refit differs ({n} rows)");
    // The calibration set has no row it applies to: its fit is untouched.
    let cal = parse(CALIBRATION_CSV).unwrap();
    assert!(!cal.rows.iter().any(apple7_kquant));
}

#[test]
pub(crate) fn apple_generations_and_k_quants_are_read() {
    for (t, g) in [
        ("Apple M1 Max", Some(1)),
        ("Mac Studio (M1 Ultra)", Some(1)),
        ("MacBook Pro (M4 Pro, 48 GB)", Some(4)),
        ("m2", Some(2)),
        ("Apple M10", None),
        ("HM1 board", None),
        ("M1X", None),
        ("Snapdragon 8 Gen 3", None),
    ] {
        assert_eq!(apple_generation(t), g, "{t}");
    }
    for (q, k) in [
        ("Q4_K_M", true),
        ("Q4_K - Medium", true),
        ("UD-Q4_K_XL", true),
        ("Q6_K", true),
        ("Q4_0", false),
        ("Q8_0", false),
        ("F16", false),
        ("IQ4_XS", false),
    ] {
        assert_eq!(is_k_quant(q), k, "{q}");
    }
}

/// MLX on Apple GPUs has its own group in the pooled fit (mlx.csv's rows), with a smaller per-layer cost
/// than llama.cpp's Metal backend; the defaults take it for MLX on an Apple GPU, and only there.
#[test]
pub(crate) fn mlx_has_its_own_apple_gpu_group() {
    let p = parse(MLX_CSV).unwrap();
    assert_eq!(p.skipped, Vec::new());
    assert!(p.rows.iter().all(|r| runtime_of(r) == Runtime::Mlx));
    let mlx = default_for(Backend::Gpu, Some(Runtime::Mlx), HwClass::AppleMSeries);
    assert_eq!(mlx.runtime, Some(Runtime::Mlx));
    let metal = default_for(Backend::Gpu, Some(Runtime::LlamaCpp), HwClass::AppleMSeries);
    assert_eq!(metal.runtime, Some(Runtime::LlamaCpp));
    assert!(mlx.layer_ms < metal.layer_ms, "{mlx:?} vs {metal:?}");
    assert_ne!(
        default_for(Backend::Cpu, Some(Runtime::Mlx), HwClass::AppleMSeries).runtime,
        Some(Runtime::Mlx)
    );
}

/// `data/calibration.csv` and the candidate rows of `data/candidates.csv` (not used in the fit; never
/// the hold-out file).
pub(crate) fn union() -> Parsed {
    let mut p = parse(CALIBRATION_CSV).unwrap();
    let e = parse(CANDIDATES_CSV).unwrap();
    p.rows.extend(e.rows);
    p.skipped.extend(e.skipped);
    p
}

#[test]
pub(crate) fn calibration_file_parses_without_skips() {
    let p = parse(CALIBRATION_CSV).unwrap();
    assert_eq!(p.rows.len() + p.skipped.len(), 135);
    assert_eq!(p.skipped, Vec::new());
    // Every model in the set is in the shape table.
    for r in &p.rows {
        assert!(known_shape(&r.model, r.params).is_some(), "{}", r.model);
    }
}

/// The per-core streaming bandwidths are what [`fit_core_stream`] chooses on the training files
/// (`data/calibration.csv` and `data/candidates.csv`) with the calibrated constants: the calibration
/// set alone has no CPU run with few enough threads for the bound to bind (every group keeps none), the
/// candidate thread sweeps (a Ryzen 9 7950X, an M2 Max's CPU, an Orange Pi 5) constrain all three.
#[test]
pub(crate) fn core_stream_is_what_fit_gives() {
    let base = fit(&parse(CALIBRATION_CSV).unwrap().rows);
    let alone = fit_core_stream(&parse(CALIBRATION_CSV).unwrap().rows, &base);
    assert!(alone.iter().all(|f| f.gbps.is_none()), "{alone:?}");
    let p = union();
    let fits = fit_core_stream(&p.rows, &fit(&parse(CALIBRATION_CSV).unwrap().rows));
    for f in &fits {
        std::println!(
            "{:?}: {} rows, {:?} GB/s (median |ln| {:.4} without the bound, {:.4} with it)",
            f.group,
            f.n,
            f.gbps,
            f.score_none,
            f.score
        );
    }
    let got: Vec<(StreamGroup, f64)> = fits
        .iter()
        .filter_map(|f| f.gbps.map(|g| (f.group, g)))
        .collect();
    assert_eq!(
        got.as_slice(),
        CORE_STREAM_GBPS,
        "per-core streaming refit differs"
    );
    assert!(
        fits.iter().all(|f| f.score < f.score_none - 0.01),
        "{fits:?}"
    );
}

/// The chain binds where it should: one thread of a Raspberry Pi 5 streams a 7 B Q4_0 model's
/// weights at the Arm group's per-core figure plus its arithmetic (T-MAC's llama.cpp baseline measured
/// 0.85 tokens/s), while four threads of the same board are back to the DRAM's bound.
#[test]
pub(crate) fn one_thread_is_a_chain_and_four_are_the_dram() {
    let text = "hw_class,device,cores,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,decode_tps,threads\n\
         sbc,Raspberry Pi 5,4x Cortex-A76,17.1,CPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,0.85,1\n\
         sbc,Raspberry Pi 5,4x Cortex-A76,17.1,CPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,2.0,4\n";
    let rows = parse(text).unwrap().rows;
    // With the calibration set's constants, the ones the per-core figures were fitted with.
    let base = fit(&parse(CALIBRATION_CSV).unwrap().rows);
    let one = predict(&rows[0], &lookup_row(&base, &rows[0])).unwrap();
    let four = predict(&rows[1], &lookup_row(&base, &rows[1])).unwrap();
    let bytes = 6.74e9 * 4.5 / 8.0;
    let gb = core_stream_gbps(CoreKind::ArmA76, CORE_STREAM_GBPS).unwrap();
    assert!((one.decode_stream_s / (bytes / (gb * 1e9)) - 1.0).abs() < 0.05);
    assert!((four.decode_stream_s * 4.0 / one.decode_stream_s - 1.0).abs() < 1e-9);
    // One thread: compute + stream, far below the DRAM roofline at η_bw.
    let none = predict_with(&rows[0], &lookup_row(&base, &rows[0]), &[]).unwrap();
    assert!(
        one.decode_tps < 0.6 * none.decode_tps,
        "{} vs {}",
        one.decode_tps,
        none.decode_tps
    );
    assert!(
        (one.decode_tps / 0.85 - 1.0).abs() < 0.25,
        "{}",
        one.decode_tps
    );
    // Four threads: the DRAM side binds, the chain does not move the prediction.
    let four_none = predict_with(&rows[1], &lookup_row(&base, &rows[1]), &[]).unwrap();
    assert!((four.decode_tps / four_none.decode_tps - 1.0).abs() < 1e-9);
    // Phones' prime and Armv9 cores have no per-core figure: no chain.
    assert_eq!(CoreKind::ArmPrime.stream_group(), None);
    assert_eq!(CoreKind::ArmV9Mid.stream_group(), None);
}

/// Regression guard on the calibration set with each source or device held out of a fit on that file
/// (the figures measured when the guard was written, with a margin of about one row). The shipped
/// table's own figures, leave-one-source-out over every file, are guarded by the CLI's tests.
#[test]
pub(crate) fn accuracy_on_the_calibration_set_does_not_regress() {
    let p = parse(CALIBRATION_CSV).unwrap();
    #[track_caller]
    fn guard(name: &str, s: &Summary, d: (f64, f64), pf: (f64, f64)) {
        let ok = s.decode.median_abs_err <= d.0
            && s.decode.within_25 >= d.1
            && s.prefill.median_abs_err <= pf.0
            && s.prefill.within_25 >= pf.1;
        assert!(
            ok,
            "{name}: decode {:.4} / {:.4}, prefill {:.4} / {:.4}",
            s.decode.median_abs_err,
            s.decode.within_25,
            s.prefill.median_abs_err,
            s.prefill.within_25
        );
    }
    // Measured on calibration.csv: by source 6.4 % / 85.2 %, 26.7 % / 38.8 %; by device 6.4 % / 83.7 %,
    // 6.3 % / 79.3 %.
    guard(
        "source held out",
        &holdout(&p.rows, HoldOut::Source).summary,
        (0.085, 0.83),
        (0.285, 0.38),
    );
    guard(
        "device held out",
        &holdout(&p.rows, HoldOut::Device).summary,
        (0.07, 0.82),
        (0.075, 0.75),
    );
}

#[test]
pub(crate) fn report_on_the_calibration_set() {
    let p = parse(CALIBRATION_CSV).unwrap();
    let show = |name: &str, v: &Validation| {
        let s = &v.summary;
        std::println!(
            "{name}: decode med {:.3} w25 {:.3} (n {}) | prefill med {:.3} w25 {:.3} (n {}) || naive decode {:.3} {:.3} prefill {:.3} {:.3}",
            s.decode.median_abs_err, s.decode.within_25, s.decode.n,
            s.prefill.median_abs_err, s.prefill.within_25, s.prefill.n,
            s.naive_decode.median_abs_err, s.naive_decode.within_25,
            s.naive_prefill.median_abs_err, s.naive_prefill.within_25,
        );
        for c in &s.by_class {
            std::println!(
                "   {:<16} decode {:.3} {:.3} n{} bias {:.2} | prefill {:.3} {:.3} n{} bias {:.2} || naive {:.3} {:.3}",
                c.hw.code(), c.decode.median_abs_err, c.decode.within_25, c.decode.n, c.decode.median_ratio,
                c.prefill.median_abs_err, c.prefill.within_25, c.prefill.n, c.prefill.median_ratio,
                c.naive_decode.median_abs_err, c.naive_prefill.median_abs_err,
            );
        }
    };
    let v = validate_rows(&p);
    show("in-sample", &v);
    for r in &v.rows {
        let e = |p: Option<f64>, m: Option<f64>| ratio(p, m).map_or(f64::NAN, |x| x - 1.0);
        std::println!(
            "  row {:>4} {:<14} {:<3?} {:<28.28} {:<16.16} dec {:+.2} pre {:+.2}",
            r.id,
            r.hw.code(),
            r.backend,
            r.device,
            r.quant,
            e(r.decode_predicted, r.decode_measured),
            e(r.prefill_predicted, r.prefill_measured)
        );
    }
    std::println!(
        "above: {:?}",
        v.summary
            .above_roofline
            .iter()
            .map(|a| (&a.id, a.quantity))
            .collect::<Vec<_>>()
    );
    show("leave-one-source-out", &holdout(&p.rows, HoldOut::Source));
    show("leave-one-device-out", &holdout(&p.rows, HoldOut::Device));
}
