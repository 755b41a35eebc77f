//! Framework presets: formats, granularities and operators each framework supports, and the unit it runs on.

use edgefit_core::codec::encode;
use edgefit_core::framework::{check, Mismatch, Support};
use edgefit_core::presets::{self, ALL_FRAMEWORKS};
use edgefit_core::{validate, Backend, Field, Granularity, Inputs};

use crate::chosen;

fn quant_with(group: f64, zero_bits: f64) -> edgefit_core::quant::Quant {
    let mut i = Inputs::default();
    presets::quant("awq_g128").unwrap().apply(&mut i);
    i.set_exact(Field::GroupSize, group);
    i.set_exact(Field::ZeroBits, zero_bits);
    validate(&i).unwrap().expected.quant
}

#[test]
fn framework_checks() {
    let find = |id| presets::framework(id).unwrap_or_else(|| panic!("no framework {id}"));
    // Ryzen AI's A8W8 is symmetric: a zero point is refused.
    let q = quant_with(128.0, 4.0);
    let (s, _) = check(find("ryzen_ai"), Backend::Npu, &q, 1.0);
    let Support::Unsupported { reasons } = s else {
        panic!("{s:?}")
    };
    assert!(reasons.contains(&Mismatch::ZeroPoint { zero_bits: 4.0 }));
    // OpenVINO: symmetric INT4 on the NPU only.
    let (s, _) = check(find("openvino"), Backend::Npu, &q, 1.0);
    let Support::Unsupported { reasons } = s else {
        panic!("{s:?}")
    };
    assert_eq!(reasons, [Mismatch::ZeroPoint { zero_bits: 4.0 }]);
    assert_eq!(
        check(find("openvino"), Backend::Cpu, &q, 1.0).0,
        Support::Supported
    );
    // A group size not offered.
    let q = quant_with(96.0, 0.0);
    let (s, _) = check(find("openvino"), Backend::Cpu, &q, 1.0);
    assert_eq!(
        s,
        Support::Unsupported {
            reasons: vec![Mismatch::GroupSize { group: 96.0 }]
        }
    );
    // llama.cpp has no g128 block type, and no NPU backend yet.
    let q = quant_with(128.0, 0.0);
    let (s, _) = check(find("llama_cpp"), Backend::Npu, &q, 1.0);
    let Support::Unsupported { reasons } = s else {
        panic!("{s:?}")
    };
    assert!(reasons.contains(&Mismatch::Backend {
        backend: Backend::Npu
    }));
    assert!(reasons.contains(&Mismatch::GroupSize { group: 128.0 }));
    // Every GGUF preset runs on llama.cpp's CPU backend; MLX takes its own format on the GPU.
    for id in [
        "q4_0", "q4_1", "q5_0", "q5_1", "q8_0", "q2_k", "q3_k", "q4_k", "q5_k", "q6_k", "iq4_xs",
        "q4_k_m", "fp16",
    ] {
        let mut i = Inputs::default();
        presets::quant(id).unwrap().apply(&mut i);
        let q = validate(&i).unwrap().expected.quant;
        assert_eq!(
            check(find("llama_cpp"), Backend::Cpu, &q, 1.0).0,
            Support::Supported,
            "{id}"
        );
    }
    let mut i = Inputs::default();
    presets::quant("mlx_4bit_g64").unwrap().apply(&mut i);
    let q = validate(&i).unwrap().expected.quant;
    assert_eq!(
        check(find("mlx"), Backend::Gpu, &q, 1.0).0,
        Support::Supported
    );
    assert!(matches!(
        check(find("mlx"), Backend::Npu, &q, 1.0).0,
        Support::Unsupported { .. }
    ));
    // A KV format not offered: MLX quantizes KV in groups of 64 (8.5 bits), not plain 8.
    let mut k = q;
    k.kv_bits = 8.0;
    assert_eq!(
        check(find("mlx"), Backend::Gpu, &k, 1.0).0,
        Support::Unsupported {
            reasons: vec![Mismatch::KvBits { bits: 8.0 }]
        }
    );
    // Granularity: LiteRT exports no group-wise weights.
    assert!(matches!(
        check(find("litert"), Backend::Cpu, &q, 1.0).0,
        Support::Unsupported { ref reasons } if reasons.contains(&Mismatch::Granularity { granularity: Granularity::GroupWise })
    ));
    // The default scenario still validates with every framework selected.
    for fw in ALL_FRAMEWORKS {
        let mut i = Inputs::default();
        i.framework = fw.id.into();
        assert!(validate(&i).is_ok(), "{}", fw.id);
    }
}

#[test]
fn frameworks_run_on_the_unit_they_use_on_that_device() {
    let backend = |link: &str| chosen(link).backend;
    assert_eq!(backend("device=qcom_sd8g3&fw=llama_cpp"), Backend::Cpu);
    assert_eq!(backend("device=qcom_sd8g3&fw=qnn"), Backend::Npu);
    assert_eq!(backend("device=apple_m4&fw=llama_cpp"), Backend::Gpu);
    assert_eq!(backend("device=apple_m4&fw=mlx"), Backend::Gpu);
    assert_eq!(backend("device=apple_m4&fw=coreml"), Backend::Npu);
    assert_eq!(
        backend("device=nv_orin_nano_8gb&fw=llama_cpp"),
        Backend::Gpu
    );
    assert_eq!(backend("device=nv_orin_nano_8gb&fw=tensorrt"), Backend::Gpu);
    assert_eq!(backend("device=rk3588&fw=rkllm"), Backend::Npu);
    assert_eq!(backend("device=rpi5&fw=llama_cpp"), Backend::Cpu);
    assert_eq!(backend("device=hailo10h&fw=llama_cpp"), Backend::Npu);
    // An explicit backend stays, and the link says so.
    let i = chosen("device=apple_m4&fw=llama_cpp&backend=cpu");
    assert_eq!(i.backend, Backend::Cpu);
    assert_eq!(
        encode(&i, &[]),
        "v=2&device=apple_m4&backend=cpu&fw=llama_cpp"
    );
}

/// Each framework's list of the formats it loads names quantization presets (each once) and device presets,
/// and every listed format runs on at least one of the framework's backends; only the generic framework has no
/// list (it loads every format).
#[test]
fn every_framework_lists_formats_that_exist_and_run() {
    for fw in ALL_FRAMEWORKS {
        if fw.id == presets::GENERIC.id {
            assert!(
                fw.formats.is_empty(),
                "the generic framework loads every format"
            );
            continue;
        }
        assert!(!fw.formats.is_empty(), "{}: no format listed", fw.id);
        let mut seen = std::collections::HashSet::new();
        for l in fw.formats {
            assert!(
                presets::quant(l.quant).is_some(),
                "{}: {} is no quantization preset",
                fw.id,
                l.quant
            );
            assert!(seen.insert(l.quant), "{}: {} listed twice", fw.id, l.quant);
            for d in l.only_on {
                assert!(
                    presets::device(d).is_some(),
                    "{}: {d} is no device preset",
                    fw.id
                );
            }
            let runs = fw.backends.iter().any(|&b| {
                let mut i = Inputs::default();
                i.framework = fw.id.into();
                i.backend = b;
                presets::quant(l.quant).unwrap().apply(&mut i);
                let s = validate(&i).unwrap().expected;
                assert_eq!(s.format, Some(l.quant), "{}: {}", fw.id, l.quant);
                !matches!(
                    edgefit_core::analysis::support::analyze(&s).support,
                    Support::Unsupported { .. }
                )
            });
            assert!(runs, "{}: {} runs on none of its backends", fw.id, l.quant);
        }
        let mut sources = std::collections::HashSet::new();
        for s in fw.sources {
            assert!(sources.insert(s), "{}: source listed twice: {s}", fw.id);
        }
    }
}

/// A named format the framework does not load is refused with that reason first, whatever its bits; the
/// same figures typed by hand (no preset named) are judged by the framework's capabilities as before.
#[test]
fn a_named_format_the_framework_does_not_load_is_refused() {
    let support = |link: &str| {
        let s = validate(&chosen(link)).unwrap().expected;
        edgefit_core::analysis::support::analyze(&s)
    };
    // MLX's capabilities accept NF4's 4 bits in groups of 64, but MLX loads no bitsandbytes file.
    let m = support("v=2&device=apple_a17pro&fw=mlx&llm=qwen3-1.7b&quant=nf4");
    assert_eq!(m.verdict, edgefit_core::Verdict::Fail);
    let Support::Unsupported { reasons } = &m.support else {
        panic!("{:?}", m.support)
    };
    assert_eq!(
        reasons[0],
        Mismatch::Format {
            quant: "nf4",
            only_on: &[]
        }
    );
    // The same scheme by hand: no format to look up, MLX's capabilities run it.
    let mut i = chosen("v=2&device=apple_a17pro&fw=mlx&llm=qwen3-1.7b&quant=nf4");
    i.quant = None;
    let s = validate(&i).unwrap().expected;
    assert_eq!(s.format, None);
    assert_eq!(
        edgefit_core::analysis::support::analyze(&s).support,
        Support::Supported
    );
    // An edited preset is no longer its format: NF4 in groups of 128 is a scheme typed by hand.
    let mut i = chosen("v=2&device=apple_a17pro&fw=mlx&llm=qwen3-1.7b&quant=nf4");
    i.set_exact(Field::GroupSize, 128.0);
    assert_eq!(validate(&i).unwrap().expected.format, None);
    // FP8 under TensorRT-LLM: on the DGX Spark (Blackwell), not on the Jetson Orin Nano (Ampere).
    assert_eq!(
        support("v=2&device=nv_dgx_spark&fw=tensorrt&llm=qwen3-8b&quant=fp8_e4m3").support,
        Support::Supported
    );
    let m = support("v=2&device=nv_orin_nano_8gb&fw=tensorrt&llm=qwen3-1.7b&quant=fp8_e4m3");
    assert_eq!(
        m.support,
        Support::Unsupported {
            reasons: vec![Mismatch::Format {
                quant: "fp8_e4m3",
                only_on: &["nv_dgx_spark"]
            }]
        }
    );
    // llama.cpp loads GGUF and 16-bit weights, not an AWQ checkpoint (also no g128 block type).
    let m = support("v=2&device=nv_orin_nano_8gb&fw=llama_cpp&llm=qwen3-1.7b&quant=awq_g128");
    let Support::Unsupported { reasons } = &m.support else {
        panic!("{:?}", m.support)
    };
    assert!(matches!(
        reasons[0],
        Mismatch::Format {
            quant: "awq_g128",
            ..
        }
    ));
    // A format it lists runs even where its capability lists (bits, group, granularity) would not say so:
    // MNN repacks GGUF Q4_K_M's K-quant mix.
    assert_eq!(
        support("v=2&device=qcom_sd8g3&fw=mnn&llm=qwen3-1.7b&quant=q4_k_m").verdict,
        edgefit_core::Verdict::Pass
    );
}
