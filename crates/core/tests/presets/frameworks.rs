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
