//! Quantization presets: named formats expanded to the engine's scheme fields.
//!
//! Each preset is its storage layout (from `quant_formats.md`) written as weight bits, granularity, group,
//! scale bits and zero-point bits, such that `b + (s + z)/g` equals the format's bits per weight exactly
//! (a GGUF type's from ggml's block table, [`crate::import::ggml`]; a llama.cpp mix's from its file types).
//! Two-level formats fold the super-block's shared fields into the per-group cost: a GGUF `Q4_K` super-block
//! of 256 weights holds 8 groups of 32, each with a 6-bit scale and a 6-bit min, plus one fp16 `d` and one
//! fp16 `dmin` shared by the 8 groups (2 bits each per group): scale 6 + 2 = 8 bits, zero 6 + 2 = 8 bits,
//! 4 + 16/32 = 4.5 bpw = 144 bytes × 8 / 256.
//!
//! The KV-cache precision is a separate choice; presets leave it alone.

use alloc::vec::Vec;

use super::figure::{derived, read, Figure};
use crate::import::ggml::{bits_of, file_type_bits};
use crate::input::{Activation, Field, Granularity, Inputs, Value};
use crate::quant::Quant;

use Activation::{Fp16 as A16, Int8 as A8};
use Granularity::{GroupWise as G, PerChannel as C, PerTensor as T};

/// A named quantization format.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct QuantPreset {
    /// Stable id, used in links (`quant=<id>`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Bits per stored weight code.
    pub weight_bits: f64,
    /// Scale granularity.
    pub granularity: Granularity,
    /// Weights per group (group-wise only).
    pub group: Option<f64>,
    /// Bits per scale, shares of super-block scales included.
    pub scale_bits: f64,
    /// Bits per zero point, min or bias (0: symmetric).
    pub zero_bits: f64,
    /// Activation precision the format computes at.
    pub activation: Activation,
    /// Bits of the embedding and LM head, when the format stores them differently.
    pub embed_bits: Option<f64>,
    /// The format's bits per weight as the reference gives it (per-channel formats: `None`, it depends on the
    /// input width).
    pub bpw: Option<Figure>,
    /// Public sources.
    pub sources: &'static [&'static str],
}

const GGML: &str = "ggml-org/llama.cpp ggml/src/ggml-common.h";
const QUANTIZE_README: &str = "ggml-org/llama.cpp tools/quantize/README.md";
const AWQ: &str = "casper-hansen/AutoAWQ awq/modules/linear/gemm.py";
const GPTQ: &str = "AutoGPTQ/AutoGPTQ auto_gptq/nn_modules/qlinear/";
const BNB: &str = "bitsandbytes-foundation/bitsandbytes bitsandbytes/functional.py";
const TRT_LLM: &str = "https://nvidia.github.io/TensorRT-LLM/features/quantization.html";
const FP8: &str =
    "https://docs.nvidia.com/cuda/cuda-math-api/cuda_math_api/struct____nv__fp8x2__e4m3.html";
const MLX: &str =
    "https://ml-explore.github.io/mlx/build/html/python/_autosummary/mlx.core.quantize.html";

#[allow(clippy::too_many_arguments)] // why: one row per format reads best with every field positional.
const fn q(
    id: &'static str,
    name: &'static str,
    weight_bits: f64,
    granularity: Granularity,
    group: Option<f64>,
    scale_bits: f64,
    zero_bits: f64,
    activation: Activation,
    bpw: Option<Figure>,
    sources: &'static [&'static str],
) -> QuantPreset {
    QuantPreset {
        id,
        name,
        weight_bits,
        granularity,
        group,
        scale_bits,
        zero_bits,
        activation,
        embed_bits: None,
        bpw,
        sources,
    }
}

/// Every quantization preset, widest first within each family.
pub const ALL_QUANTS: &[QuantPreset] = &[
    q(
        "fp16",
        "FP16",
        16.0,
        T,
        None,
        0.0,
        0.0,
        A16,
        read(bits_of("F16")),
        &[GGML],
    ),
    q(
        "bf16",
        "BF16",
        16.0,
        T,
        None,
        0.0,
        0.0,
        A16,
        read(bits_of("BF16")),
        &[GGML],
    ),
    // One fp16 scale per output channel: 8 + 16/K.
    q(
        "w8a16",
        "W8A16 per-channel",
        8.0,
        C,
        None,
        16.0,
        0.0,
        A16,
        None,
        &[TRT_LLM],
    ),
    q(
        "w8a8",
        "W8A8 per-channel",
        8.0,
        C,
        None,
        16.0,
        0.0,
        A8,
        None,
        &[TRT_LLM],
    ),
    // E4M3 codes with one fp32 scale per tensor (≈ 8 bpw). Weight-only at FP16 compute: FP8 math needs
    // hardware that edge accelerators mostly lack.
    q(
        "fp8_e4m3",
        "FP8 E4M3 (per-tensor scale)",
        8.0,
        T,
        None,
        32.0,
        0.0,
        A16,
        derived(8.0),
        &[FP8, TRT_LLM],
    ),
    // block_q8_0: fp16 d + 32 int8 = 34 bytes / 32.
    q(
        "q8_0",
        "GGUF Q8_0",
        8.0,
        G,
        Some(32.0),
        16.0,
        0.0,
        A8,
        derived(bits_of("Q8_0")),
        &[GGML],
    ),
    // block_q6_K: ql[128] + qh[64] (6-bit codes), 16 int8 scales per 16 weights, fp16 d per 256 (1 bit per
    // group of 16): scale 8 + 1 = 9 bits; 210 bytes / 256.
    q(
        "q6_k",
        "GGUF Q6_K",
        6.0,
        G,
        Some(16.0),
        9.0,
        0.0,
        A8,
        derived(bits_of("Q6_K")),
        &[GGML],
    ),
    // block_q5_1: fp16 d, fp16 m + qh[4] + qs[16] = 24 bytes / 32.
    q(
        "q5_1",
        "GGUF Q5_1",
        5.0,
        G,
        Some(32.0),
        16.0,
        16.0,
        A8,
        derived(bits_of("Q5_1")),
        &[GGML],
    ),
    // block_q5_0: fp16 d + qh[4] + qs[16] = 22 bytes / 32.
    q(
        "q5_0",
        "GGUF Q5_0",
        5.0,
        G,
        Some(32.0),
        16.0,
        0.0,
        A8,
        derived(bits_of("Q5_0")),
        &[GGML],
    ),
    // block_q5_K: as Q4_K with a fifth bit per weight (qh[32]); 176 bytes / 256.
    q(
        "q5_k",
        "GGUF Q5_K",
        5.0,
        G,
        Some(32.0),
        8.0,
        8.0,
        A8,
        derived(bits_of("Q5_K")),
        &[GGML],
    ),
    // block_q4_1: fp16 d, fp16 m + qs[16] = 20 bytes / 32.
    q(
        "q4_1",
        "GGUF Q4_1",
        4.0,
        G,
        Some(32.0),
        16.0,
        16.0,
        A8,
        derived(bits_of("Q4_1")),
        &[GGML],
    ),
    // Q4_K super-blocks of 256 (6-bit scales and mins per 32) mixed with Q6_K tensors, as one whole-file
    // figure (measured 4.8944 on Llama-3.1-8B, whose large untied Q6_K output tensor weighs more than in
    // small models).
    q(
        "q4_k_m",
        "GGUF Q4_K_M (K-quant mix, 4.85 bits/weight)",
        file_type_bits("Q4_K_M"),
        T,
        None,
        0.0,
        0.0,
        A8,
        read(file_type_bits("Q4_K_M")),
        &[QUANTIZE_README],
    ),
    // block_q4_0: fp16 d + qs[16] = 18 bytes / 32.
    q(
        "q4_0",
        "GGUF Q4_0",
        4.0,
        G,
        Some(32.0),
        16.0,
        0.0,
        A8,
        derived(bits_of("Q4_0")),
        &[GGML],
    ),
    // block_q4_K: fp16 d, fp16 dmin, 6-bit scale and min per 32, qs[128]; 144 bytes / 256.
    q(
        "q4_k",
        "GGUF Q4_K",
        4.0,
        G,
        Some(32.0),
        8.0,
        8.0,
        A8,
        derived(bits_of("Q4_K")),
        &[GGML],
    ),
    // block_iq4_xs: fp16 d + 6-bit scale per 32 (scales_h, scales_l) + qs[128]; 136 bytes / 256.
    q(
        "iq4_xs",
        "GGUF IQ4_XS",
        4.0,
        G,
        Some(32.0),
        8.0,
        0.0,
        A8,
        derived(bits_of("IQ4_XS")),
        &[GGML],
    ),
    // block_q3_K: hmask[32] + qs[64] (3-bit codes), 6-bit scale per 16, fp16 d per 256; 110 bytes / 256.
    q(
        "q3_k",
        "GGUF Q3_K",
        3.0,
        G,
        Some(16.0),
        7.0,
        0.0,
        A8,
        derived(bits_of("Q3_K")),
        &[GGML],
    ),
    // block_q2_K: 4-bit scale and 4-bit min per 16, fp16 d and dmin per 256; 84 bytes / 256.
    q(
        "q2_k",
        "GGUF Q2_K",
        2.0,
        G,
        Some(16.0),
        5.0,
        5.0,
        A8,
        derived(bits_of("Q2_K")),
        &[GGML],
    ),
    // AutoAWQ GEMM / AutoGPTQ: fp16 scale and a packed 4-bit zero per 128 (GPTQ's g_idx adds 32/out bits).
    q(
        "awq_g128",
        "AWQ/GPTQ W4A16 g128 (asymmetric)",
        4.0,
        G,
        Some(128.0),
        16.0,
        4.0,
        A16,
        derived(4.15625),
        &[AWQ, GPTQ],
    ),
    q(
        "w4a16_g128",
        "W4A16 g128 (symmetric)",
        4.0,
        G,
        Some(128.0),
        16.0,
        0.0,
        A16,
        derived(4.125),
        &[AWQ, GPTQ],
    ),
    // MLX affine default: fp16 scale and fp16 bias per 64.
    q(
        "mlx_4bit_g64",
        "MLX 4-bit g64",
        4.0,
        G,
        Some(64.0),
        16.0,
        16.0,
        A16,
        derived(4.5),
        &[MLX],
    ),
    // bitsandbytes quantize_4bit: fp32 absmax per 64.
    q(
        "nf4",
        "bitsandbytes NF4",
        4.0,
        G,
        Some(64.0),
        32.0,
        0.0,
        A16,
        derived(4.5),
        &[BNB],
    ),
    // Double quantization: a uint8 absmax per 64 plus an fp32 per 256 blocks: 8 + 32/256 bits per group.
    q(
        "nf4_dq",
        "bitsandbytes NF4 + double quant",
        4.0,
        G,
        Some(64.0),
        8.125,
        0.0,
        A16,
        derived(4.126_953_125),
        &[BNB],
    ),
];

impl QuantPreset {
    /// Effective bits per weight for matrices of input width `k`: b + (s + z)/g group-wise, b + (s + z)/k
    /// per channel, b per tensor.
    #[must_use]
    pub fn bits_per_weight(&self, k: f64) -> f64 {
        let side = self.scale_bits + self.zero_bits;
        match self.granularity {
            Granularity::PerTensor => self.weight_bits,
            Granularity::PerChannel => self.weight_bits + side / k,
            Granularity::GroupWise => self.weight_bits + side / self.group.unwrap_or(f64::INFINITY),
        }
    }

    /// Whether a validated scheme is this format: the same weight bits, granularity and activation precision,
    /// and for a per-channel or group-wise format the same scale and zero-point bits (and group). A preset whose
    /// fields were edited since it was chosen is no longer the format its id names.
    #[must_use]
    pub fn describes(&self, q: &Quant) -> bool {
        let same = |a: f64, b: f64| (a - b).abs() < 1e-9;
        let side = || same(self.scale_bits, q.scale_bits) && same(self.zero_bits, q.zero_bits);
        same(self.weight_bits, q.weight_bits)
            && self.granularity == q.granularity
            && self.activation == q.activation
            && match self.granularity {
                Granularity::PerTensor => true,
                Granularity::PerChannel => side(),
                Granularity::GroupWise => self.group.is_some_and(|g| same(g, q.group)) && side(),
            }
    }

    /// Set the scheme fields, granularity and activation precision, and record the id. The group size is
    /// set only for group-wise formats; the KV-cache precision is left alone. Returns the fields left
    /// unknown: none, a format is fully described.
    pub fn apply(&self, inputs: &mut Inputs) -> Vec<Field> {
        inputs.set_exact(Field::WeightBits, self.weight_bits);
        if let Some(g) = self.group {
            inputs.set_exact(Field::GroupSize, g);
        }
        inputs.set_exact(Field::ScaleBits, self.scale_bits);
        inputs.set_exact(Field::ZeroBits, self.zero_bits);
        inputs.set(Field::EmbedBits, self.embed_bits.map(Value::exact));
        inputs.granularity = self.granularity;
        inputs.activation = self.activation;
        inputs.quant = Some(self.id.into());
        Vec::new()
    }
}
