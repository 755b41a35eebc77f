//! Accuracy next to speed and size: published quality deltas per quantization preset, with their source.
//! Where no published delta was read, there is none — the UI says so rather than guess.

/// A published quality delta for a quantization scheme.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Quality {
    /// Perplexity increase over the FP16 model (lower is better).
    pub ppl_delta: f64,
    /// The model it was measured on.
    pub model: &'static str,
    /// Where it was published.
    pub source: &'static str,
}

const LLAMA_CPP: &str =
    "ggml-org/llama.cpp tools/quantize/quantize.cpp (QUANT_OPTIONS: size and ppl delta)";

/// Published deltas by quantization preset id: llama.cpp's own table, measured on Llama-3-8B.
pub const QUALITY: &[(&str, Quality)] = &[
    (
        "q8_0",
        Quality {
            ppl_delta: 0.0026,
            model: "Llama-3-8B",
            source: LLAMA_CPP,
        },
    ),
    (
        "q6_k",
        Quality {
            ppl_delta: 0.0217,
            model: "Llama-3-8B",
            source: LLAMA_CPP,
        },
    ),
    (
        "q4_k_m",
        Quality {
            ppl_delta: 0.1754,
            model: "Llama-3-8B",
            source: LLAMA_CPP,
        },
    ),
    (
        "q4_0",
        Quality {
            ppl_delta: 0.4685,
            model: "Llama-3-8B",
            source: LLAMA_CPP,
        },
    ),
];

/// The published quality delta of a quantization preset, if one was read.
#[must_use]
pub fn quality(quant_id: &str) -> Option<&'static Quality> {
    QUALITY.iter().find(|(k, _)| *k == quant_id).map(|(_, q)| q)
}
