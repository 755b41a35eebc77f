//! The peak compute a row runs at, and the contexts its prompt and decode see.

use edgefit_core::input::Backend;

use crate::*;

/// The peak compute decode uses, TOPS: [`default_peak`], with [`cpu_decode_peak`] for a CPU whose peak the
/// file does not give; a one-token matmul runs no tensor-core GEMM, so a GeForce card keeps its stated
/// figure ([`cuda_prompt_factor`] is a prompt's).
#[must_use]
pub fn decode_peak(row: &Row) -> Peak {
    let p = default_peak(row);
    if row.backend == Backend::Cpu && !p.given {
        Peak {
            tops: cpu_decode_peak(row),
            given: false,
        }
    } else if p.given {
        Peak {
            tops: p.tops / cuda_prompt_factor(row),
            given: true,
        }
    } else {
        p
    }
}

/// The day llama.cpp's CUDA backend made its int8 tensor-core kernels (MMQ) the default for quantized
/// matrices on GPUs with int8 tensor cores (PR 8075, "CUDA: use MMQ instead of cuBLAS by default", merged
/// 2024-06-24, build ≈ b3220); before it a prompt's quantized matmuls were dequantized to FP16 and run by
/// cuBLAS.
pub const LLAMA_CPP_CUDA_MMQ: (u32, u32, u32) = (2024, 6, 24);

/// The llama.cpp build the CUDA MMQ default arrived in (see [`LLAMA_CPP_CUDA_MMQ`]).
pub const LLAMA_CPP_CUDA_MMQ_BUILD: u32 = 3220;

/// Whether the device is an NVIDIA GeForce RTX card (Turing or later: int8 tensor cores). GeForce cards run
/// FP16 tensor math with FP32 accumulation at half the rate of FP16 accumulation, and int8 at twice FP16
/// accumulation: NVIDIA's "FP16 tensor" figure for them (the FP32-accumulate one, e.g. 165.2 TFLOPS dense
/// for an RTX 4090, 71 for a 3090) is a quarter of their int8 rate. Workstation and data-centre cards
/// (RTX A6000, A100, …) accumulate in FP32 at full rate and are not matched.
#[must_use]
pub fn geforce_rtx(row: &Row) -> bool {
    let name = normalize(&format!("{} {}", row.device, row.chip));
    name.match_indices("rtx").any(|(i, _)| {
        let rest = &name[i + 3..];
        // GeForce numbers: 2060…5090 (a generation, 0, a tier of 5–9, 0); workstation cards are 2000,
        // 4000, 4500, 5880, 6000, 8000 (RTX 4000 Ada, Quadro RTX 6000).
        let d = rest.as_bytes();
        d.len() >= 4
            && (b'2'..=b'5').contains(&d[0])
            && d[1] == b'0'
            && (b'5'..=b'9').contains(&d[2])
            && d[3] == b'0'
            && !name.contains("quadro")
    })
}

/// The llama.cpp build number in a row's framework text ("llama-bench b4011" → 4011): a `b` and four or five
/// digits (builds passed b1000 in August 2023), so a GPU's name ("B200") is not one.
pub(crate) fn llama_cpp_build(row: &Row) -> Option<u32> {
    let text = format!("{} {}", row.framework, row.framework_version).to_ascii_lowercase();
    let b = text.as_bytes();
    (0..b.len()).find_map(|i| {
        if b[i] != b'b' || (i > 0 && b[i - 1].is_ascii_alphanumeric()) {
            return None;
        }
        let digits: String = text[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let end = i + 1 + digits.len();
        if (4..=5).contains(&digits.len()) && !b.get(end).is_some_and(u8::is_ascii_alphabetic) {
            digits.parse().ok()
        } else {
            None
        }
    })
}

/// How many times the stated figure a llama.cpp prompt's matmuls reach under its CUDA backend, whose
/// quantized kernels multiply in int8 whatever the card's headline precision. Since [`LLAMA_CPP_CUDA_MMQ`]
/// quantized weights (legacy and K-quants, MXFP4) run int8 tensor-core MMA: on a GeForce RTX card 4× its
/// FP16 figure (the FP32-accumulate tensor rate, see [`geforce_rtx`]), the same as an INT8 or FP8 figure
/// (Ada and Blackwell run both at one rate), half an FP4 or INT4 figure (Blackwell's 4-bit rate is twice its
/// 8-bit one). Before it, and for F16 weights and the IQ types, cuBLAS FP16 GEMM with FP16 accumulation:
/// 2× a GeForce FP16 figure, half an 8-bit one, a quarter of a 4-bit one. 1 for another runtime or ggml
/// backend (Vulkan's cooperative-matrix shaders, OpenCL, SYCL, Metal), for a CPU, and for any other figure.
#[must_use]
pub fn cuda_prompt_factor(row: &Row) -> f64 {
    if row.backend != Backend::Gpu || runtime_of(row) != Runtime::LlamaCppCuda {
        return 1.0;
    }
    let precision = normalize(&row.precision);
    let int8 = mmq(row);
    let four_bit = ["fp4", "int4", "nvfp4"]
        .iter()
        .any(|k| precision.contains(k));
    let eight_bit = ["fp8", "int8"].iter().any(|k| precision.contains(k));
    let fp16 = (precision.contains("fp16") || precision.starts_with("f16"))
        && !precision.contains("fp16acc");
    match (four_bit, eight_bit, fp16 && geforce_rtx(row), int8) {
        (true, _, _, true) => 0.5,
        (true, _, _, false) => 0.25,
        (false, true, _, true) => 1.0,
        (false, true, _, false) => 0.5,
        (false, false, true, true) => 4.0,
        (false, false, true, false) => 2.0,
        _ => 1.0,
    }
}

/// Whether an NPU row's model keeps 16-bit activations (`w4a16`, `a16w4`, `16a8w`, "fp16 activations").
pub(crate) fn sixteen_bit_activations(row: &Row) -> bool {
    row.backend == Backend::Npu
        && activation_bits(&row.quant)
            .map_or_else(|| normalize(&row.quant).contains("a16"), |a| a >= 16.0)
}

/// How much of a stated 8-bit NPU figure (the "TOPS" vendors quote are INT8) a model with 16-bit activations
/// reaches: half. Its matmuls multiply 16-bit activations by the weights, which an NPU's matrix unit does
/// at half its 8×8-bit rate — the same halving as the nominal default's 20 of 40 TOPS. 1 for any other row.
#[must_use]
pub fn npu_activation_factor(row: &Row) -> f64 {
    // The row's backend is checked first: most rows are no NPU's and need no text read.
    let eight_bit = || {
        let p = normalize(&row.precision);
        ["int8", "fp8", "8bit"].iter().any(|k| p.contains(k))
    };
    if sixteen_bit_activations(row) && eight_bit() {
        0.5
    } else {
        1.0
    }
}

/// Whether a row's prompt ran llama.cpp's CUDA quantized matmul (MMQ with int8 tensor-core MMA, since
/// [`LLAMA_CPP_CUDA_MMQ`]): a GPU row of the CUDA/ROCm runtime with block-quantized weights (legacy and
/// K-quants, MXFP4) on a build from then on. F16 weights and the IQ types go to cuBLAS instead.
#[must_use]
pub fn mmq(row: &Row) -> bool {
    let q = normalize(&row.quant);
    let block_quant = (q.starts_with('q') && q.as_bytes().get(1).is_some_and(u8::is_ascii_digit))
        || q.contains("mxfp4");
    row.backend == Backend::Gpu
        && runtime_of(row) == Runtime::LlamaCppCuda
        && block_quant
        && !built_before(row, LLAMA_CPP_CUDA_MMQ, Some(LLAMA_CPP_CUDA_MMQ_BUILD))
}

/// Tokens per tile of llama.cpp's CUDA quantized matmul ([`mmq`]): 128 prompt columns per block, each block
/// loading its weight tile from memory into shared memory before multiplying it. 0 for any other runtime.
#[must_use]
pub fn gemm_tile(row: &Row) -> f64 {
    if mmq(row) {
        MMQ_TILE
    } else {
        0.0
    }
}

/// The rate llama.cpp's FlashAttention runs at beside MMQ, as a share of the int8 tensor rate. Its MMA kernel
/// (`fattn-mma-f16.cuh`) multiplies FP16 queries, keys and values, accumulating K·Q in FP32 (`tile_C_KQ`:
/// float) and V·(KQ) in FP16 (`tile_C_VKQ`: half2), half the attention operations each. NVIDIA's FP16 tensor
/// rate with FP16 accumulation is half its int8 rate from Turing to Blackwell (an RTX 4090: 330 and 661 TOPS
/// dense); with FP32 accumulation it is half that again on GeForce cards and on the GB10 (SM 12.1, the
/// GeForce Blackwell SM), the same on workstation, data-centre and Jetson parts. Attention then runs at 1/3
/// of the int8 rate on the former (1/4 for K·Q, 1/2 for V·(KQ), their harmonic mean), 1/2 on the latter.
#[must_use]
pub fn attention_share(row: &Row) -> f64 {
    let name = normalize(&format!("{} {}", row.device, row.chip));
    if geforce_rtx(row) || name.contains("gb10") || name.contains("dgxspark") {
        1.0 / 3.0
    } else {
        0.5
    }
}

/// The peak compute used for a row, TOPS: the file's figure when given, else a class default.
///
/// Defaults: Apple GPUs from their core count ([`APPLE_TFLOPS_PER_CORE`]; 10 TFLOPS when the count is not
/// written); CPUs from their cores and threads ([`cpu_peak`]); phone GPUs 8 TFLOPS FP16 and NPUs 40 TOPS INT8
/// (20 at 16-bit activations) — nominal, only peak × η_c is calibrated for them; Jetson 20, integrated GPUs
/// 8, discrete GPUs 80, unified workstations 60, anything else 4.
#[must_use]
pub fn default_peak(row: &Row) -> Peak {
    // Apple GPUs run FP16 at the FP32 rate and Apple publishes no FP16 figure: a third party's "FP16 peak"
    // (twice the FP32 rate, as for other GPUs) is not the chip's; the core-count peak is.
    if row.backend == Backend::Gpu
        && row.hw == HwClass::AppleMSeries
        && row.precision.contains("16")
    {
        if let Some(t) = apple_gpu_tflops(row) {
            return Peak {
                tops: t,
                given: false,
            };
        }
    }
    if let Some(t) = row.peak_given {
        return Peak {
            tops: t * cuda_prompt_factor(row) * npu_activation_factor(row),
            given: true,
        };
    }
    let tops = match (row.backend, row.hw) {
        (Backend::Cpu, _) => cpu_peak(row),
        (Backend::Gpu, HwClass::AppleMSeries) => {
            apple_gpu_tflops(row).unwrap_or_else(|| class_peak(row.backend, row.hw, false))
        }
        (b, hw) => class_peak(b, hw, sixteen_bit_activations(row)),
    };
    Peak { tops, given: false }
}

pub(crate) fn apple_gpu_tflops(row: &Row) -> Option<f64> {
    let text = format!("{} {} {}", row.chip, row.device, row.cores).to_ascii_lowercase();
    let generation = apple_generation(&text)?;
    // "40-core GPU", "40 GPU cores", "(40-core GPU)": the number before "-core" or " gpu core".
    let cores = [
        "-core gpu",
        " gpu cores",
        " gpu core",
        "核gpu",
        "核 gpu",
        "核图形",
        "-core",
    ]
    .iter()
    .find_map(|pat| {
        let i = text.find(pat)?;
        let head = &text[..i];
        // The digits that end `head` (the char before them may be any width: "（40-core", "1�-core").
        let start = head
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(0, |(j, c)| j + c.len_utf8());
        head[start..].parse::<f64>().ok()
    })
    .or_else(|| {
        // Unknown core count: the full-GPU variant this bandwidth implies (M4 Max 546 GB/s: 40 cores).
        (text.contains("max") && row.bw_gbps > 500.0).then_some(40.0)
    })?;
    apple_gpu_peak(generation, cores)
}

/// Whether the row comes from llama-bench (pp and tg measured separately, tg after an empty context).
#[must_use]
pub fn is_llama_bench(row: &Row) -> bool {
    normalize(&row.framework).contains("llamabench")
}

/// The average context during the measured decode (see the module docs).
#[must_use]
pub fn decode_context(row: &Row) -> f64 {
    let gen = row.gen.unwrap_or(0.0);
    // After an image, decode attends over its tokens too.
    if row.image.is_some() {
        return text_tokens(row.prompt) + image_tokens(row) + gen / 2.0;
    }
    if is_llama_bench(row) {
        row.context.unwrap_or(0.0) + gen / 2.0
    } else if let Some(cache) = row.context {
        cache.max(row.prompt.unwrap_or(0.0) + gen / 2.0)
    } else {
        row.prompt.unwrap_or(0.0) + gen / 2.0
    }
}

/// Prompt tokens assumed when the file does not say (prefill tokens/s barely depends on it: the 2·N·P term
/// dominates).
pub const DEFAULT_PROMPT: f64 = 512.0;

/// The prompt length the prefill prediction uses: the row's, or [`DEFAULT_PROMPT`]; static-cache runtimes
/// attend over the whole cache, so their attention term is taken at the cache size.
#[must_use]
pub fn prefill_prompt(row: &Row) -> f64 {
    // With images, the text alone (the image tokens are the engine's): one token when not stated.
    if row.image.is_some() {
        return text_tokens(row.prompt);
    }
    let p = row.prompt.unwrap_or(DEFAULT_PROMPT);
    match row.context {
        Some(cache) if !is_llama_bench(row) => cache.max(p),
        _ => p,
    }
}
