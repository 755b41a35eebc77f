//! Reading rows, names, shapes, peaks and single predictions.

use super::*;
#[track_caller]
pub(crate) fn one(line: &str) -> Parsed {
    parse(&format!("{HEADER}\n{line}\n")).expect("parses")
}

#[test]
pub(crate) fn quoted_fields_keep_commas_and_quotes() {
    let p = one(
        "7,S01,apple_m_series,\"Apple M1, \"\"8-core\"\" GPU\",68,GPU,\"llama.cpp (Metal), llama-bench\",LLaMA 2 7B,6.74,Q4_0,4.5,\"3.56 GiB (size, as printed)\",512,117.96,128,14.15,2.6,TFLOPS,FP32",
    );
    assert_eq!(p.skipped, Vec::new());
    let r = &p.rows[0];
    assert_eq!(r.device, "Apple M1, \"8-core\" GPU");
    assert!(is_llama_bench(r));
    // GiB is binary: 3.56 · 2³⁰ bytes over 6.74 B parameters.
    assert!((r.bits - 3.56 * 1_073_741_824.0 * 8.0 / 6.74e9).abs() < 1e-9);
    assert!(r.bits_from_size);
    assert_eq!(decode_context(r), 64.0);
}

#[test]
pub(crate) fn columns_in_any_order_and_extra_columns_ignored() {
    let text =
        "decode_tps,extra,params_b,backend_unit,mem_bw_gbps,bpw_nominal\n20,zzz,7,cpu,100,4.5\n";
    let p = parse(text).unwrap();
    assert_eq!(p.rows.len(), 1);
    assert_eq!(p.rows[0].backend, Backend::Cpu);
    assert_eq!(p.rows[0].id, "2");
}

#[test]
pub(crate) fn missing_required_column_names_it() {
    let e = parse("row_id,params_b,backend_unit,decode_tps\n1,7,GPU,10\n").unwrap_err();
    assert_eq!(
        e,
        FileError::MissingColumn {
            column: "mem_bw_gbps"
        }
    );
    assert!(format!("{e}").contains("mem_bw_gbps"));
    assert_eq!(parse(""), Err(FileError::Empty));
    assert_eq!(
        parse("a,b\n\"open,1\n"),
        Err(FileError::UnterminatedQuote { line: 2 })
    );
}

#[test]
pub(crate) fn rows_are_skipped_with_typed_reasons() {
    let text = format!(
        "{HEADER}\n\
         1,S,phone,d,,CPU,f,m,1,q,8,,,,,10,,,\n\
         2,S,phone,d,50,CPU,f,m,,q,8,,,,,10,,,\n\
         3,S,phone,d,50,CPU,f,m,1,q,8,,,,,,,,\n\
         4,S,phone,d,50,CPU,f,m,1,q,8,,,,,fast,,,\n\
         5,S,phone,d,50,FPGA,f,m,1,q,8,,,,,10,,,\n\
         6,S,phone,d,50,CPU,f,m,1,q,,,,,,10,,,\n"
    );
    let p = parse(&text).unwrap();
    let reasons: Vec<&SkipReason> = p.skipped.iter().map(|s| &s.reason).collect();
    assert_eq!(reasons.len(), 6);
    assert_eq!(reasons[0], &SkipReason::NoBandwidth);
    assert_eq!(reasons[1], &SkipReason::NoSize);
    assert_eq!(reasons[2], &SkipReason::NoThroughput);
    assert!(matches!(
        reasons[3],
        SkipReason::BadNumber {
            column: "decode_tps",
            ..
        }
    ));
    assert!(matches!(reasons[4], SkipReason::UnknownBackend { .. }));
    assert_eq!(reasons[5], &SkipReason::NoSize);
    assert_eq!(p.skipped[0].line, 2);
}

#[test]
pub(crate) fn numbers_read_as_a_person_writes_them() {
    let n = |c: &'static str, s: &str| num(c, s);
    assert_eq!(n("params_b", "6.74"), Ok(Some(6.74)));
    assert_eq!(n("params_b", "7B"), Ok(Some(7.0)));
    assert_eq!(n("params_b", "6.74 B"), Ok(Some(6.74)));
    assert_eq!(n("params_b", "~7"), Ok(Some(7.0)));
    // Not measured, as tables write it; Markdown emphasis around a number.
    for m in [
        "TBC",
        "**TODO**",
        "— OOM",
        "- TBC",
        "/",
        "N.A.",
        "not measured",
        "OOM",
    ] {
        assert_eq!(n("decode_tps", m), Ok(None), "{m}");
    }
    assert_eq!(n("decode_tps", "**12.5**"), Ok(Some(12.5)));
    assert_eq!(n("decode_tps", "`37 tok/s`"), Ok(Some(37.0)));
    assert!(
        n("decode_tps", "— 12").is_err(),
        "a dash before a number is no 'not measured'"
    );
    assert_eq!(parse_size("**TODO**"), Ok(None));
    assert_eq!(n("params_b", "6,74"), Ok(Some(6.74)), "a decimal comma");
    // llama-bench's cells: a mean and its spread, the tests' names for the lengths.
    assert_eq!(n("decode_tps", "55.10 ± 0.21"), Ok(Some(55.1)));
    assert_eq!(n("prefill_tps", "1,234.5 +/- 3"), Ok(Some(1234.5)));
    assert_eq!(n("prompt_len", "pp512"), Ok(Some(512.0)));
    assert_eq!(n("gen_len", "tg128"), Ok(Some(128.0)));
    assert!(n("decode_tps", "± 3").is_err());
    assert_eq!(n("mem_bw_gbps", "204.8 GB/s"), Ok(Some(204.8)));
    assert_eq!(
        n("mem_bw_gbps", "1,024"),
        Ok(Some(1024.0)),
        "a thousands separator"
    );
    assert_eq!(n("mem_bw_gbps", "1,024.5"), Ok(Some(1024.5)));
    assert_eq!(n("decode_tps", "22.5 tok/s"), Ok(Some(22.5)));
    assert_eq!(
        n("decode_tps", "20-25"),
        Ok(Some(22.5)),
        "a range reads as its middle"
    );
    assert_eq!(n("decode_tps", "20~25 t/s"), Ok(Some(22.5)));
    assert_eq!(n("decode_tps", "2.5e1"), Ok(Some(25.0)));
    assert_eq!(n("decode_tps", "1e-3"), Ok(Some(1e-3)));
    for missing in ["", " ", "n/a", "N/A", "-", "—", "none", "?"] {
        assert_eq!(n("decode_tps", missing), Ok(None), "{missing:?}");
    }
    for bad in [
        "fast",
        "22.5 GB/s",
        "7 parsecs",
        "-5",
        "0",
        "25-20",
        "1,2,3",
        "1,2.5",
        "inf",
    ] {
        assert!(n("decode_tps", bad).is_err(), "{bad:?}");
    }
    // A unit only where it is the column's own.
    assert!(n("mem_bw_gbps", "204.8 tok/s").is_err());
}

#[test]
pub(crate) fn semicolon_and_tab_separated_files_read_like_commas() {
    let comma = format!("{HEADER}\n1,S,phone,d,50,CPU,f,m,1,q,8,,,,,10,,,\n");
    let want = parse(&comma).unwrap().rows;
    assert_eq!(want.len(), 1);
    for sep in [";", "\t"] {
        let text = comma.replace(',', sep);
        assert_eq!(parse(&text).unwrap().rows, want, "{sep:?}");
    }
    // A decimal comma inside a semicolon file.
    let text = comma.replace(',', ";").replace(";50;", ";50,5;");
    assert_eq!(parse(&text).unwrap().rows[0].bw_gbps, 50.5);
    // Column names in another spelling.
    let text =
        comma
            .replacen("mem_bw_gbps", "Mem BW GBps", 1)
            .replacen("decode_tps", "Decode-TPS", 1);
    assert_eq!(parse(&text).unwrap().rows, want);
}

#[test]
pub(crate) fn backends_are_read_from_their_api_and_vendor_names() {
    for (cell, b) in [
        ("CPU", Some(Backend::Cpu)),
        ("gpu", Some(Backend::Gpu)),
        ("GPU (CUDA)", Some(Backend::Gpu)),
        ("iGPU", Some(Backend::Gpu)),
        ("Metal", Some(Backend::Gpu)),
        ("MLX", Some(Backend::Gpu)),
        ("TensorRT-LLM", Some(Backend::Gpu)),
        ("NPU", Some(Backend::Npu)),
        ("ANE", Some(Backend::Npu)),
        ("Hexagon DSP", Some(Backend::Npu)),
        ("CPU+GPU", None),
        ("", None),
        ("FPGA", None),
    ] {
        assert_eq!(backend_of(cell), b, "{cell:?}");
    }
}

/// A device written with full-width brackets (as a Chinese table writes it) is read, not a panic: the
/// core count before "-core" may follow a character of any width.
#[test]
pub(crate) fn full_width_punctuation_in_a_device_name_is_read() {
    let text = "hw_class,device,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,decode_tps\n\
         apple_m_series,Apple M2 Max（38-core GPU）,400,GPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,66\n\
         apple_m_series,苹果 M4 Pro（16核GPU）,273,GPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,40\n";
    let p = parse(text).unwrap();
    assert_eq!(
        apple_gpu_tflops(&p.rows[0]),
        Some(38.0 * APPLE_TFLOPS_PER_CORE[1].1)
    );
    let v = validate_rows(&p);
    assert_eq!(v.rows.len(), 2, "{:?}", v.skipped);
}

/// A table a Chinese-speaking team writes: the classes, units and names in Chinese, numbers typed with
/// a full-width input method, "约" for about, "无" for not measured.
#[test]
pub(crate) fn a_table_written_in_chinese_is_read() {
    let text = "hw_class,device,chip,cores,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,decode_tps,prefill_tps\n\
         手机,小米 14,骁龙 8 Gen 3,,７６．８,中央处理器,llama.cpp,Qwen2.5-1.5B,1.54,Q4_0,4.5,约 20,无\n\
         笔记本,MacBook Pro,苹果 M3 Max（40核GPU）,,400,图形处理器,llama.cpp,Llama 3.1 8B,8.03,Q4_K_M,,５０,\n\
         开发板,树莓派 5,BCM2712,4x Cortex-A76,17.1,CPU,llama.cpp,Llama 3.2 3B,3.21,Q4_K_M,,\"４，９\",\n\
         ,华为 Mate 60,麒麟 9000S,,44,显卡,MNN,Qwen2-1.5B,1.54,int4,,15,\n\
         服务器,某服务器,AMD EPYC 9654,96 核,460.8,CPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,40,\n";
    let p = parse(text).unwrap();
    assert_eq!(p.skipped, Vec::new());
    let hw: Vec<HwClass> = p.rows.iter().map(|r| r.hw).collect();
    assert_eq!(
        hw,
        [
            HwClass::Phone,
            HwClass::AppleMSeries,
            HwClass::Sbc,
            HwClass::Phone,
            HwClass::ServerCpu
        ]
    );
    assert_eq!(p.rows[0].bw_gbps, 76.8);
    assert_eq!(p.rows[0].decode_tps, Some(20.0));
    assert_eq!(p.rows[0].prefill_tps, None);
    assert_eq!(p.rows[1].backend, Backend::Gpu);
    assert_eq!(p.rows[1].decode_tps, Some(50.0));
    assert_eq!(p.rows[2].decode_tps, Some(4.9));
    assert_eq!(p.rows[3].backend, Backend::Gpu);
    assert_eq!(
        apple_gpu_tflops(&p.rows[1]),
        Some(40.0 * APPLE_TFLOPS_PER_CORE[2].1)
    );
    assert_eq!(validate_rows(&p).rows.len(), 5);
    // Full-width forms in every column; an iPhone's chip is not an M-series one; a Chinese GPU core
    // count is not overridden by a CPU "-core" figure.
    let text = "hw_class,device,chip,cores,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,model_size_reported,decode_tps,threads\n\
         ,某手机,骁龙８ Gen 3,,76.8,CPU,llama.cpp,Llama 2 7B,6.74,Q4_0,,３．５６ GiB,10,４\n\
         ,苹果 A17 Pro,,,51.2,GPU,MLC,Llama 2 7B,6.74,Q4_0,4.5,,10,\n\
         pc_cpu,笔记本,Intel Core i5,８（４P＋４E）,51.2,CPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,,5,\n\
         apple_m_series,MacBook Pro,苹果 M3 Max（40核GPU）,16-core,400,GPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,,60,\n";
    let p = parse(text).unwrap();
    assert_eq!(p.skipped, Vec::new());
    assert_eq!(p.rows[0].hw, HwClass::Phone);
    assert_eq!(p.rows[0].threads, Some(4.0));
    assert!((p.rows[0].bits - 3.56 * 8.0 * 1_073_741_824.0 / 6.74e9).abs() < 1e-9);
    assert_ne!(p.rows[1].hw, HwClass::AppleMSeries);
    assert_eq!(
        cpu_cores(&p.rows[2]),
        [(4.0, CoreKind::X86), (4.0, CoreKind::IntelE)]
    );
    assert_eq!(
        apple_gpu_tflops(&p.rows[3]),
        Some(40.0 * APPLE_TFLOPS_PER_CORE[2].1)
    );
}

/// A figure far outside any device's range gives no rate: the row is skipped with that reason, not
/// scored at 0 tokens/s.
#[test]
pub(crate) fn a_rate_that_is_not_finite_skips_the_row() {
    let text = "hw_class,device,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,decode_tps\n\
         phone,x,1e-308,GPU,MLC,Llama 2 7B,6.74,Q4_0,4.5,20\n\
         phone,y,50,GPU,MLC,Llama 2 7B,6.74,Q4_0,4.5,20\n";
    let v = validate_rows(&parse(text).unwrap());
    assert_eq!(v.rows.len(), 1);
    assert_eq!(
        v.skipped[0].reason,
        SkipReason::OutOfRange {
            quantity: Quantity::Decode
        }
    );
    assert!(v.skipped[0].reason.to_string().contains("decode"));
}

#[test]
pub(crate) fn an_unknown_class_is_inferred_from_the_cell_or_the_device() {
    let i = |code: &str, device: &str, backend| infer_class(code, device, "", backend);
    assert_eq!(i("jetson", "x", Backend::Gpu), HwClass::Jetson);
    assert_eq!(i("Jetson", "x", Backend::Gpu), HwClass::Jetson);
    assert_eq!(i("nvidia_jetson", "x", Backend::Gpu), HwClass::Jetson);
    assert_eq!(i("smartphone", "x", Backend::Cpu), HwClass::Phone);
    assert_eq!(i("desktop_gpu", "x", Backend::Gpu), HwClass::DiscreteGpu);
    assert_eq!(i("laptop", "x", Backend::Cpu), HwClass::PcCpu);
    // A generic word gives way to a name that says more.
    assert_eq!(
        i("laptop", "MacBook Air (Apple M2)", Backend::Gpu),
        HwClass::AppleMSeries
    );
    assert_eq!(
        i("desktop", "RTX 4090 desktop", Backend::Gpu),
        HwClass::DiscreteGpu
    );
    assert_eq!(i("edge", "Jetson Orin NX", Backend::Gpu), HwClass::Jetson);
    assert_eq!(
        i("workstation", "Mac Studio (Apple M2 Ultra)", Backend::Gpu),
        HwClass::AppleMSeries
    );
    assert_eq!(
        i("workstation", "HP Z2 Mini G1a", Backend::Gpu),
        HwClass::WorkstationUnified
    );
    assert_eq!(i("desktop", "Ryzen 9 7950X", Backend::Cpu), HwClass::PcCpu);
    assert_eq!(
        i("", "NVIDIA Jetson AGX Orin 64GB", Backend::Gpu),
        HwClass::Jetson
    );
    assert_eq!(
        i("", "MacBook Pro (M3 Max)", Backend::Gpu),
        HwClass::AppleMSeries
    );
    assert_eq!(i("", "Raspberry Pi 5", Backend::Cpu), HwClass::Sbc);
    assert_eq!(i("", "RTX 4090", Backend::Gpu), HwClass::DiscreteGpu);
    assert_eq!(i("", "Samsung Galaxy S24", Backend::Gpu), HwClass::Phone);
    assert_eq!(i("", "AMD EPYC 9654", Backend::Cpu), HwClass::ServerCpu);
    assert_eq!(i("", "something", Backend::Cpu), HwClass::Other);
    // A code from the dictionary wins over the names, and "other" stays other.
    assert_eq!(i("phone", "Jetson", Backend::Gpu), HwClass::Phone);
    assert_eq!(i("other", "Jetson", Backend::Gpu), HwClass::Other);
}

#[test]
pub(crate) fn a_bom_before_the_header_and_a_rejected_row_keep_their_names_and_lines() {
    let text = format!(
        "\u{feff}{HEADER}\n1,S,phone,d,50,CPU,f,m,1,q,8,,,,,10,,,\n2,S,phone,d,50,CPU,f,m,7e9,q,8,,,,,10,,,\n"
    );
    let p = parse(&text).unwrap();
    assert_eq!(p.rows.len(), 2);
    assert_eq!(p.rows[0].id, "1", "row_id is found behind the BOM");
    let v = validate_rows(&p);
    assert_eq!(v.skipped.len(), 1);
    assert_eq!((v.skipped[0].id.as_str(), v.skipped[0].line), ("2", 3));
}

#[test]
pub(crate) fn sizes_parse_with_units() {
    assert_eq!(parse_size("1,005 MB").unwrap(), Some(1.005e9));
    assert_eq!(
        parse_size("3.56 GiB (x)").unwrap(),
        Some(3.56 * 1_073_741_824.0)
    );
    assert!(parse_size("lots").is_err());
    assert!(parse_size("12 parsecs").is_err());
    assert_eq!(parse_size("").unwrap(), None);
    // About, as tables write it.
    assert_eq!(parse_size("~4GB").unwrap(), Some(4e9));
    assert_eq!(parse_size("≈ 3.6 GB").unwrap(), Some(3.6e9));
    assert_eq!(parse_size("约 4 GB").unwrap(), Some(4e9));
    assert_eq!(parse_size("about 730 MB").unwrap(), Some(7.3e8));
    assert_eq!(parse_size("n/a").unwrap(), None);
    assert!(parse_size("~4").is_err(), "a size needs its unit");
}

#[test]
pub(crate) fn a_measurement_above_the_roofline_is_flagged() {
    // 100 GB/s and 3.8 GB of weights allow at most ≈27 tokens/s; 60 is measured.
    let text = format!(
        "{HEADER}\n1,S,pc_cpu,d,100,CPU,f,LLaMA 2 7B,6.74,Q4_0,4.5,,,,,60,,,\n\
         2,S,discrete_gpu,d,1000,GPU,f,LLaMA 2 7B,6.74,Q4_0,4.5,,512,20000,128,100,100,TFLOPS,FP16\n"
    );
    let v = validate_text(&text).unwrap();
    let flagged: Vec<(&str, Quantity)> = v
        .summary
        .above_roofline
        .iter()
        .map(|a| (a.id.as_str(), a.quantity))
        .collect();
    assert_eq!(flagged, [("1", Quantity::Decode), ("2", Quantity::Prefill)]);
}

#[test]
pub(crate) fn known_models_and_estimates() {
    let s = known_shape("Llama-2-7B (TheBloke GGUF)", 6.74e9).unwrap();
    assert_eq!((s.layers, s.kv_heads), (32.0, 32.0));
    let s = known_shape("Llama 3.1 8B", 8.03e9).unwrap();
    assert_eq!((s.layers, s.kv_heads, s.tied), (32.0, 8.0, false));
    let s = known_shape("SmolLM2 (size not stated; 1.7B assumed)", 1.71e9).unwrap();
    assert_eq!(s.layers, 24.0);
    assert!(known_shape("Falcon 7B", 7e9).is_none());
    // Gemma (1) 2B is not Gemma 2's 2B: 18 layers, one KV head, no sliding window.
    for name in ["Gemma-2B", "gemma-2b-it", "Gemma 2B"] {
        let s = known_shape(name, 2.51e9).unwrap();
        assert_eq!((s.layers, s.kv_heads, s.window), (18.0, 1.0, 0.0), "{name}");
    }
    for name in ["Gemma 2 2B", "gemma-2-2b-it", "Gemma2 2B"] {
        let s = known_shape(name, 2.61e9).unwrap();
        assert_eq!((s.layers, s.window), (26.0, 4096.0), "{name}");
    }
    let layers = |name: &str, p: f64| known_shape(name, p * 1e9).map(|s| s.layers);
    assert_eq!(layers("Phi-2", 2.78), Some(32.0));
    assert_eq!(layers("OpenLLaMA 3B", 3.43), Some(26.0));
    assert_eq!(layers("Sheared-LLaMA-1.3B", 1.35), Some(24.0));
    assert_eq!(layers("StableLM 2 1.6B", 1.64), Some(24.0));
    assert_eq!(layers("LLaMA 33B", 32.5), Some(60.0));
    assert_eq!(layers("LLaMA-30B", 32.5), Some(60.0));
    assert_eq!(layers("Llama 3.3 70B", 70.6), Some(80.0));
    assert_eq!(layers("Llama-3-8B", 8.03), Some(32.0));
    assert_eq!(known_shape("Llama 2 70B", 69e9).unwrap().kv_heads, 8.0);
    assert_eq!(known_shape("LLaMA 65B", 65.2e9).unwrap().kv_heads, 64.0);
    let e = estimate_shape(7e9);
    assert!((28.0..=36.0).contains(&e.layers), "{e:?}");
}

#[test]
pub(crate) fn known_models_read_the_model_presets() {
    let mut presets = 0;
    for (family, variants) in KNOWN_MODELS {
        for v in *variants {
            let shape = v
                .shape()
                .unwrap_or_else(|| panic!("{family}: {v:?} is not an LLM preset"));
            let (Variant::Preset(id)
            | Variant::PresetFullAttention(id)
            | Variant::PresetCounted(id, _)) = *v
            else {
                continue;
            };
            presets += 1;
            // The preset's own name finds the shape its config gives.
            let p = edgefit_core::presets::model(id).unwrap();
            let found = known_shape(p.name, shape.params_b * 1e9);
            assert_eq!(found, Some(shape), "{family}: {id}");
            assert_eq!(
                (shape.layers, shape.vocab),
                (
                    f64::from(p.arch.unwrap().layers),
                    f64::from(p.arch.unwrap().vocab)
                ),
                "{id}"
            );
        }
    }
    assert!(presets >= 20, "{presets}");
    // A mixture's published counts are the engine's within 0.2 %.
    for &(id, name) in &[
        ("qwen3-30b-a3b", "Qwen3-30B-A3B"),
        ("gpt-oss-20b", "gpt-oss-20b"),
    ] {
        let engine = preset_shape(edgefit_core::presets::model(id).unwrap()).unwrap();
        let counted = known_shape(name, engine.params_b * 1e9).unwrap();
        for (a, b) in [
            (counted.params_b, engine.params_b),
            (counted.active_b, engine.active_b),
            (counted.routed_b, engine.routed_b),
        ] {
            assert!((a / b - 1.0).abs() < 2e-3, "{id}: {a} vs {b}");
        }
        assert_eq!(
            Shape {
                params_b: 0.0,
                active_b: 0.0,
                routed_b: 0.0,
                ..counted
            },
            Shape {
                params_b: 0.0,
                active_b: 0.0,
                routed_b: 0.0,
                ..engine
            },
            "{id}"
        );
    }
    // Mistral 7B as measured (v0.2, v0.3, llama.cpp's llama graph): no sliding window.
    let s = known_shape("Mistral 7B Instruct v0.3", 7.25e9).unwrap();
    assert_eq!((s.layers, s.window, s.local_layers), (32.0, 0.0, 0.0));
    assert_eq!(
        edgefit_core::presets::model("mistral-7b-v0.1")
            .unwrap()
            .layout()
            .window,
        4096
    );
}

#[test]
pub(crate) fn apple_peaks_come_from_core_counts() {
    let p = one("1,S01,apple_m_series,Apple M2 Max (38-core GPU),400,GPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,671,128,66,,,");
    let peak = default_peak(&p.rows[0]);
    assert!(!peak.given);
    assert!((peak.tops - 38.0 * 0.358).abs() < 1e-9);
}

#[test]
pub(crate) fn cpu_cores_are_read_from_the_cores_column() {
    let row = |cores: &str, chip: &str| {
        let mut r =
            one("1,S,pc_cpu,d,100,CPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,20,128,10,,,")
                .rows
                .remove(0);
        r.cores = cores.to_string();
        r.chip = chip.to_string();
        r
    };
    use CoreKind::*;
    assert_eq!(
        cpu_cores(&row("8 (1x X4 + 5x A720 + 2x A520)", "Snapdragon 8 Gen 3")),
        [(1.0, ArmPrime), (5.0, ArmV9Mid), (2.0, ArmLittle)]
    );
    assert_eq!(cpu_cores(&row("4x Cortex-A76", "BCM2712")), [(4.0, ArmA76)]);
    assert_eq!(
        cpu_cores(&row("24 (8P + 16E) / 32 threads", "Intel Core i9-13900K")),
        [(8.0, X86), (16.0, IntelE)]
    );
    assert_eq!(
        cpu_cores(&row("8 CPU cores (4P + 4E)", "Apple M3")),
        [(4.0, AppleP), (4.0, AppleE)]
    );
    assert_eq!(
        cpu_cores(&row("4 cores / 4 threads", "Intel N100")),
        [(4.0, IntelE)]
    );
    assert_eq!(
        cpu_cores(&row("6 cores / 12 threads", "AMD Ryzen 5")),
        [(6.0, X86)]
    );
    assert_eq!(
        cpu_cores(&row("8 (4x Cortex-X1C + 4x Cortex-A78C)", "SC8280XP")),
        [(4.0, ArmPrime), (4.0, ArmA76)]
    );
    assert_eq!(
        cpu_cores(&row("192 cores", "AmpereOne A192-32X")),
        [(192.0, ArmV9Mid)]
    );
    assert!(cpu_cores(&row("", "x")).is_empty());
    assert!(cpu_cores(&row("40 GPU cores", "Apple M4 Max")).is_empty());
    // A SoC's cores written with its GPU's: the CPU's are read, the GPU's dropped.
    assert_eq!(
        cpu_cores(&row("4x Cortex-A57 + 128-core Maxwell GPU", "Tegra X1")),
        [(4.0, ArmA72)]
    );
    assert_eq!(
        cpu_cores(&row("6 CPU (2P + 4E) + 6-core GPU", "Apple A18 Pro")),
        [(2.0, AppleP), (4.0, AppleE)]
    );
    assert_eq!(
        cpu_cores(&row(
            "16 Zen 5 cores / 32 threads + 40 CU GPU",
            "AMD Ryzen AI Max+ 395"
        )),
        [(16.0, X86)]
    );
    assert_eq!(
        cpu_cores(&row("10 CPU + 32-core GPU", "Apple M1 Max")),
        [(10.0, AppleP)]
    );
}

#[test]
pub(crate) fn armv8_0_cores_run_llama_cpp_without_dot_products_or_fp16_arithmetic() {
    let row = |cores: &str, framework: &str, quant: &str| {
        let mut r =
            one("1,S,sbc,d,12.8,CPU,llama-bench,TinyLlama 1.1B,1.1,Q8_0,8.5,,512,20,128,10,,,")
                .rows
                .remove(0);
        r.cores = cores.to_string();
        r.framework = framework.to_string();
        r.quant = quant.to_string();
        r
    };
    use CoreKind::*;
    assert_eq!(
        cpu_cores(&row("4x Cortex-A53", "llama.cpp", "Q8_0")),
        [(4.0, ArmA53)]
    );
    assert_eq!(
        cpu_cores(&row("4x Cortex-A72", "llama.cpp", "Q8_0")),
        [(4.0, ArmA72)]
    );
    // llama.cpp: emulated int8 dot (half the rate), F16 converted to FP32 first (a third); an Armv8.2
    // core (A55 and later) or an x86 core keeps the FP32 FMA rate; FP32 weights need neither.
    let f = |cores: &str, fw: &str, q: &str| {
        let r = row(cores, fw, q);
        let kind = cpu_cores(&r)[0].1;
        cpu_kernel_factor(&r, kind)
    };
    assert_eq!(f("4x Cortex-A72", "llama.cpp", "Q8_0"), ARMV8_0_INT8_FACTOR);
    assert_eq!(f("4x Cortex-A53", "Ollama", "Q4_K_M"), ARMV8_0_INT8_FACTOR);
    assert_eq!(f("4x Cortex-A72", "llama.cpp", "F16"), ARMV8_0_F16_FACTOR);
    assert_eq!(f("4x Cortex-A72", "llama.cpp", "F32"), 1.0);
    assert_eq!(f("4x Cortex-A76", "llama.cpp", "Q8_0"), 1.0);
    assert_eq!(f("4x Cortex-A55", "llama.cpp", "F16"), 1.0);
    assert_eq!(f("6 cores / 12 threads", "llama.cpp", "Q4_0"), 1.0);
    // XNNPACK's int8 GEMM on an A53 uses widening multiplies (2×), not dot products (4×).
    assert_eq!(f("4x Cortex-A53", "LiteRT", "dynamic_int8"), 2.0);
    assert_eq!(f("4x Cortex-A55", "LiteRT", "dynamic_int8"), 4.0);
    // The prefill a Raspberry Pi 4 reaches follows: half the A76-class rate per FP32 FLOP.
    let pi4 = cpu_peak(&row("4x Cortex-A72", "llama.cpp", "Q8_0"));
    assert!((pi4 - 4.0 * ArmA72.fp32_tflops() * ARMV8_0_INT8_FACTOR).abs() < 1e-12);
}

#[test]
pub(crate) fn apple_max_and_ultra_cpus_draw_their_die_ports_not_the_soc_bandwidth() {
    let mut r =
        one("1,S,apple_m_series,d,400,CPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,20,128,10,,,")
            .rows
            .remove(0);
    r.chip = "Apple M2 Max".to_string();
    assert!((unit_bandwidth_gbps(&r) - APPLE_CPU_DIE_GBPS).abs() < 1e-12);
    assert!((unit_bandwidth_share(&r) - APPLE_CPU_DIE_GBPS / 400.0).abs() < 1e-12);
    r.chip = "Apple M2 Ultra".to_string();
    r.bw_gbps = 800.0;
    assert!((unit_bandwidth_gbps(&r) - 2.0 * APPLE_CPU_DIE_GBPS).abs() < 1e-12);
    // A base or Pro chip's CPU can draw its DRAM's bandwidth; so can the GPU of a Max.
    r.chip = "Apple M3".to_string();
    r.bw_gbps = 100.0;
    assert!((unit_bandwidth_share(&r) - 1.0).abs() < 1e-12);
    r.chip = "Apple M2 Max".to_string();
    r.bw_gbps = 400.0;
    r.backend = Backend::Gpu;
    assert!((unit_bandwidth_share(&r) - 1.0).abs() < 1e-12);
    // The decode memory time is taken at the unit's bandwidth.
    r.backend = Backend::Cpu;
    let p = predict(
        &r,
        &Calibrated {
            eta_bw: 1.0,
            ..prior(Backend::Cpu)
        },
    )
    .expect("predicts");
    let q = {
        let mut g = r.clone();
        g.chip = "Apple M2 Pro".to_string();
        predict(
            &g,
            &Calibrated {
                eta_bw: 1.0,
                ..prior(Backend::Cpu)
            },
        )
        .expect("predicts")
    };
    assert!((p.decode_memory_s / q.decode_memory_s - 400.0 / APPLE_CPU_DIE_GBPS).abs() < 1e-9);
}

#[test]
pub(crate) fn llama_cpp_decode_on_mixed_cores_runs_at_the_slowest_cores_rate() {
    let mut r =
        one("1,S,pc_cpu,d,102.4,CPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,20,128,10,,,")
            .rows
            .remove(0);
    r.cores = "12 (8x Cortex-A720 + 4x Cortex-A520)".to_string();
    r.threads = Some(12.0);
    // Prompts: the sum of the cores' rates; one token: 12 threads at the A520's rate.
    assert!((cpu_peak(&r) - (8.0 * 0.045 + 4.0 * 0.016)).abs() < 1e-12);
    assert!((cpu_decode_peak(&r) - 12.0 * 0.016).abs() < 1e-12);
    assert!((decode_peak(&r).tops - 12.0 * 0.016).abs() < 1e-12);
    // The big cores alone are one kind: no change; nor under a runtime that balances dynamically.
    r.threads = Some(8.0);
    assert!((cpu_decode_peak(&r) - cpu_peak(&r)).abs() < 1e-12);
    r.threads = Some(12.0);
    r.framework = "LiteRT-LM".to_string();
    assert!((cpu_decode_peak(&r) - cpu_peak(&r)).abs() < 1e-12);
    // The slower decode peak reaches the decode prediction, not the prefill one.
    r.framework = "llama-bench".to_string();
    let c = prior(Backend::Cpu);
    let mixed = predict(&r, &c).expect("predicts");
    r.cores = "12 (12x Cortex-A720)".to_string();
    let even = predict(&r, &c).expect("predicts");
    assert!(mixed.decode_compute_s > even.decode_compute_s);
}

#[test]
pub(crate) fn a_pi_4_cpu_streams_what_its_soc_lets_it() {
    let mut r =
        one("1,S,sbc,Raspberry Pi 4,12.8,CPU,llama-bench,TinyLlama 1.1B,1.1,Q8_0,8.5,,,,,3,,,")
            .rows
            .remove(0);
    assert_eq!(unit_bandwidth_gbps(&r), BCM2711_CPU_GBPS);
    r.device = "Raspberry Pi 400 (4 GB)".to_string();
    assert_eq!(unit_bandwidth_gbps(&r), BCM2711_CPU_GBPS);
    for other in [
        "Raspberry Pi 5 (4 GB)",
        "Orange Pi 5",
        "Qualcomm QCM4290 board",
    ] {
        r.device = other.to_string();
        assert_eq!(unit_bandwidth_gbps(&r), 12.8, "{other}");
    }
}

#[test]
pub(crate) fn blank_sizes_are_read_from_the_model_and_quantization_names() {
    assert_eq!(params_in_name("Llama 3.1 8B"), Some(8e9));
    assert_eq!(params_in_name("Qwen2.5-1.5B-Instruct"), Some(1.5e9));
    assert_eq!(params_in_name("SmolLM-135M"), Some(1.35e8));
    assert_eq!(params_in_name("Qwen3-30B-A3B"), Some(3e10));
    for none in ["Mixtral 8x7B", "Phi-3.5-mini", "DeepSeek-R1", "gemma-3-it"] {
        assert_eq!(params_in_name(none), None, "{none}");
    }
    // Names with a size word or an expert layout instead of a count.
    assert_eq!(params_of_named_size("Phi-3.5-mini-instruct"), Some(3.82e9));
    assert_eq!(
        params_of_named_size("microsoft/Phi-4-mini-instruct"),
        Some(3.84e9)
    );
    assert_eq!(params_of_named_size("phi4:14b"), Some(14.7e9));
    assert_eq!(params_of_named_size("Mixtral 8x7B Instruct"), Some(46.7e9));
    assert_eq!(params_of_named_size("DeepSeek-R1"), None);
    assert_eq!(params_of_named_size("Delphi 2"), None);
    assert_eq!(
        params_of_named_size("Phi-4-multimodal-instruct"),
        Some(5.57e9)
    );
    assert_eq!(params_of_named_size("microsoft/phi-2"), Some(2.78e9));
    assert_eq!(nominal_bits("4bit"), Some(4.5));
    assert_eq!(nominal_bits("MLX 8-bit"), Some(8.5));
    assert_eq!(nominal_bits("Q4_K_M (4bit)"), Some(4.85));
    // Weights and activations apart: the weights' bits, never the activations'.
    for (q, b) in [
        ("w4a16", 4.0),
        ("W8A8", 8.0),
        ("w4a16 (+ w8a16 a few layers)", 4.0),
        ("a16w4 QAT", 4.0),
        ("a16w8", 8.0),
        ("16a4w", 4.0),
        ("16a8w (8-bit weights, 16-bit activations)", 8.0),
        ("w4 (4-bit weights, a few layers w8; fp16 activations)", 4.0),
        ("int4 weights, fp16 activations", 4.0),
        ("4-bit weights, 16-bit activations", 4.0),
        ("8 bit weights", 8.0),
        // ExecuTorch's README and Meta's tables.
        ("8da4w", 4.0),
        (
            "4-bit groupwise weights (group 128), 8-bit dynamic per-token activations (8da4w)",
            4.0,
        ),
        (
            "SpinQuant (4-bit groupwise weights, 8-bit dynamic activations; 8-bit embedding and head)",
            4.0,
        ),
    ] {
        assert_eq!(nominal_bits(q), Some(b), "{q}");
    }
    for (q, a) in [
        ("w4a16", Some(16.0)),
        ("a16w4 QAT", Some(16.0)),
        ("16a8w", Some(16.0)),
        ("W8A8", Some(8.0)),
        (
            "w4 (4-bit weights, a few layers w8; fp16 activations)",
            Some(16.0),
        ),
        ("int4 weights, fp16 activations", Some(16.0)),
        ("8-bit weights, 16-bit activations", Some(16.0)),
        ("8da4w", Some(8.0)),
        (
            "4-bit groupwise weights, 8-bit dynamic per-token activations",
            Some(8.0),
        ),
        ("int4 weights and activations", None),
        ("4-bit weights, 8-bit embedding", None),
        ("Q4_0", None),
    ] {
        assert_eq!(activation_bits(q), a, "{q}");
    }
    for (q, e) in [
        (
            "SpinQuant (4-bit groupwise weights, 8-bit dynamic activations; 8-bit embedding and head)",
            Some(8.0),
        ),
        ("4-bit groupwise weights (group 32), FP32 embedding table", Some(32.0)),
        ("embedding 4-bit groupwise g32", None),
        ("Q4_K_M", None),
    ] {
        assert_eq!(embedding_bits_named(q), e, "{q}");
    }
    assert_eq!(weight_bits("Q4_K_M"), None);
    assert_eq!(weight_bits("q4f16_1"), None);
    assert_eq!(weight_bits("SpinQuant (4-bit)"), None);
    assert_eq!(weight_bits("weights"), None);
    assert_eq!(weight_bits("w4a"), None);
    assert_eq!(
        weight_bits("w5a16"),
        None,
        "no 5-bit weights scheme: not read as one"
    );
    assert_eq!(nominal_bits("SpinQuant (4-bit)"), None);
    assert_eq!(nominal_bits("SpinQuant (4-bit)"), None);
    assert_eq!(nominal_bits("Q4_K_M (Ollama default tag)"), Some(4.85));
    assert_eq!(nominal_bits("Q8_0"), Some(8.5));
    assert_eq!(nominal_bits("Q4 (unspecified)"), Some(4.5));
    assert_eq!(
        nominal_bits("Q4_K (K-quant; S/M variant not stated)"),
        Some(4.5)
    );
    assert_eq!(nominal_bits("Q5_K"), Some(5.5));
    assert_eq!(nominal_bits("Q4_K_M"), Some(4.85));
    assert_eq!(nominal_bits("Q4_K_S"), Some(4.58));
    assert_eq!(nominal_bits("UD-Q4_K_XL"), Some(4.85));
    assert_eq!(nominal_bits("BF16"), Some(16.0));
    assert_eq!(nominal_bits("MXFP4 MoE"), Some(4.25));
    assert_eq!(nominal_bits("INT4 (MLC q4f16_ft)"), Some(4.5));
    assert_eq!(nominal_bits("q3f16_1"), Some(3.6));
    assert_eq!(nominal_bits("UD-Q4_K_XL"), Some(4.85));
    assert_eq!(nominal_bits("Q8"), Some(8.5));
    assert_eq!(nominal_bits("q4"), Some(4.5));
    assert_eq!(nominal_bits("Q9"), None);
    assert_eq!(
        nominal_bits("Q40"),
        Some(4.5),
        "Q4_0 with its underscore dropped"
    );
    assert_eq!(nominal_bits("UD-Q3_K_XL"), Some(3.91));
    // MLX's group of 64 with an FP16 scale and bias, wherever the bits are written.
    for (q, b) in [
        ("4bit (mlx-community/Qwen3-8B-4bit)", Some(4.5)),
        ("q8 (mlx-community 8bit)", Some(8.5)),
        ("4-bit (README: MLX safetensors)", Some(4.5)),
        ("3bit", Some(3.5)),
        ("bf16", None),
    ] {
        assert_eq!(mlx_bits(q), b, "{q}");
    }
    assert_eq!(nominal_bits("dynamic_int8"), Some(8.0));
    assert_eq!(nominal_bits("Q2_K"), Some(3.35));
    assert_eq!(nominal_bits("Q3_K_M"), Some(3.91));
    assert_eq!(nominal_bits("IQ2_XXS"), Some(2.06));
    assert_eq!(nominal_bits("IQ3_XS"), Some(3.3));
    assert_eq!(nominal_bits("IQ4_XS"), Some(4.25));
    assert_eq!(nominal_bits("Q4_0_4_8"), Some(4.5));
    assert_eq!(nominal_bits("MLX 4-bit"), Some(4.5));
    assert_eq!(nominal_bits("NVFP4"), Some(4.5));
    assert_eq!(nominal_bits("SpinQuant (4-bit)"), None);
    // A row with neither params_b nor bpw_nominal nor a size is read from its names.
    let p = one("1,S,pc_cpu,d,100,CPU,llama-bench,Llama 3.1 8B,,Q4_0,,,512,50,128,10,,,");
    assert_eq!(p.rows.len(), 1, "{:?}", p.skipped);
    assert_eq!((p.rows[0].params, p.rows[0].bits), (8e9, 4.5));
    // Still nothing to go on: skipped with its reason.
    let p = one("1,S,pc_cpu,d,100,CPU,llama-bench,My model,,w4a16,,,512,50,128,10,,,");
    assert_eq!(p.rows.len(), 0);
}

#[test]
fn a_file_without_params_b_reads_sizes_from_model_names_and_knows_column_aliases() {
    let p = parse(
        "Device,Bandwidth GB/s,Backend,Runtime,Model,Quantization,Decode tok/s\n\
         Raspberry Pi 5,17,CPU,Ollama,Llama-3.2-3B-Instruct,Q4_K_M,5.2\n\
         Snapdragon 8 Elite,84.8,NPU,Genie,Llama-v3.1-8B-Instruct,w4a16,12.9\n",
    )
    .expect("parses");
    assert_eq!(p.skipped, Vec::new());
    assert_eq!(p.rows.len(), 2);
    assert!((p.rows[0].bw_gbps - 17.0).abs() < 1e-9);
    assert_eq!(p.rows[0].framework, "Ollama");
    assert_eq!(p.rows[1].quant, "w4a16");
    assert_eq!(p.rows[1].decode_tps, Some(12.9));
    let pb = p.rows[1].params / 1e9;
    assert!((7.0..9.0).contains(&pb), "{pb}");
    // Without a model column, a size column or params_b, the file says nothing of the model.
    assert_eq!(
        parse("mem_bw_gbps,backend_unit,decode_tps\n17,CPU,5\n").unwrap_err(),
        FileError::MissingColumn { column: "params_b" }
    );
}
