//! Quantization presets: bits per weight from their block structures, the solver's schemes and the published
//! quality deltas.

use edgefit_core::import::ggml::{file_type_bits, ggml_named};
use edgefit_core::presets::{self, ALL_QUANTS};
use edgefit_core::{validate, Inputs};

#[track_caller]
fn bpw(id: &str, want: f64) {
    let q = presets::quant(id).unwrap_or_else(|| panic!("no quant {id}"));
    let got = q.bits_per_weight(4096.0);
    assert!(
        (got - want).abs() < 1e-9,
        "{id}: {got} bits per weight, want {want}"
    );
    // The same through the engine.
    let mut i = Inputs::default();
    q.apply(&mut i);
    let s = validate(&i).unwrap();
    assert!(
        (s.expected.quant.effective_bits(4096.0) - want).abs() < 1e-9,
        "{id} in the engine"
    );
}

/// One bits-per-format table: a GGUF preset's figure is its ggml type's (the block table the GGUF import
/// sizes tensors by), a llama.cpp mix's its file type's.
#[test]
fn gguf_presets_read_the_ggml_tables() {
    let mut gguf = 0;
    for q in ALL_QUANTS {
        let Some(name) = q.name.strip_prefix("GGUF ") else {
            continue;
        };
        let name = name.split(' ').next().unwrap();
        let want = ggml_named(name).map_or_else(|| file_type_bits(name), |t| t.bits());
        assert_eq!(q.bpw.map(|b| b.value), Some(want), "{}", q.id);
        gguf += 1;
    }
    assert_eq!(gguf, 12);
}

#[test]
fn quant_presets_match_their_block_structure() {
    // bytes per block × 8 / weights per block, from ggml-common.h.
    bpw("q4_0", 18.0 * 8.0 / 32.0);
    bpw("q4_1", 20.0 * 8.0 / 32.0);
    bpw("q5_0", 22.0 * 8.0 / 32.0);
    bpw("q5_1", 24.0 * 8.0 / 32.0);
    bpw("q8_0", 34.0 * 8.0 / 32.0);
    bpw("q2_k", 84.0 * 8.0 / 256.0);
    bpw("q3_k", 110.0 * 8.0 / 256.0);
    bpw("q4_k", 144.0 * 8.0 / 256.0);
    bpw("q5_k", 176.0 * 8.0 / 256.0);
    bpw("q6_k", 210.0 * 8.0 / 256.0);
    bpw("iq4_xs", 136.0 * 8.0 / 256.0);
    bpw("q4_k_m", 4.85);
    // AWQ/GPTQ: fp16 scale + packed 4-bit zero per 128; symmetric: scale only.
    bpw("awq_g128", 4.0 + 16.0 / 128.0 + 4.0 / 128.0);
    bpw("w4a16_g128", 4.125);
    bpw("mlx_4bit_g64", 4.0 + 32.0 / 64.0);
    bpw("nf4", 4.0 + 32.0 / 64.0);
    bpw("nf4_dq", 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0));
    bpw("fp8_e4m3", 8.0);
    bpw("fp16", 16.0);
    bpw("bf16", 16.0);
    bpw("w8a8", 8.0 + 16.0 / 4096.0);
    bpw("w8a16", 8.0 + 16.0 / 4096.0);
    for q in ALL_QUANTS {
        if let Some(b) = q.bpw {
            assert!(
                (q.bits_per_weight(4096.0) - b.value).abs() < 1e-9,
                "{}",
                q.id
            );
        }
    }
}

#[test]
fn solver_schemes_agree_with_the_quant_presets_of_the_same_name() {
    let mut shared = 0;
    for s in edgefit_core::solve::ALL_SCHEMES {
        if let Some(q) = presets::quant(s.id) {
            for k in [896.0, 4096.0] {
                assert_eq!(s.bits_per_weight(k), q.bits_per_weight(k), "{}", s.id);
            }
            assert_eq!(s.activation, q.activation, "{}", s.id);
            shared += 1;
        }
    }
    assert_eq!(
        shared, 7,
        "fp16, w8a16, w8a8, q8_0, q4_k_m, q4_0, w4a16_g128"
    );
}

#[test]
fn quality_deltas_name_real_presets_and_order_by_bits() {
    use edgefit_core::presets::quality::{quality, QUALITY};
    for (id, q) in QUALITY {
        assert!(presets::quant(id).is_some(), "{id} is not a quant preset");
        assert!(q.ppl_delta >= 0.0 && !q.source.is_empty());
    }
    // Fewer bits, more perplexity, in llama.cpp's own table.
    let d = |id| quality(id).unwrap().ppl_delta;
    assert!(d("q8_0") < d("q6_k") && d("q6_k") < d("q4_k_m") && d("q4_k_m") < d("q4_0"));
    assert!(
        quality("w4a16_g128").is_none(),
        "no delta invented where none was read"
    );
}
