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

/// The one benchmark the best-model ranking uses (`solve`'s `best`): MMLU, 5-shot, as each model's developer
/// publishes it for the pretrained (base) model. Chosen for coverage: most model cards and technical reports
/// give it (MMLU-Pro and leaderboard averages cover fewer of the presets).
pub const BENCHMARK: &str = "MMLU (5-shot, base model, developer-reported)";

/// A model preset's published score on [`BENCHMARK`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ModelScore {
    /// The model preset's id.
    pub model: &'static str,
    /// The score, percent.
    pub score: f64,
    /// How it was measured, as the source states it.
    pub setting: &'static str,
    /// Where it was published.
    pub source: &'static str,
}

const LLAMA_32_CARD: &str = "https://github.com/meta-llama/llama-models/blob/main/models/llama3_2/MODEL_CARD.md (Base Pretrained Models: MMLU, 5 shots, macro_avg/acc_char)";

/// Scores read in the models' own cards and reports. Presets not listed have no score read in the sources
/// consulted (the Qwen2.5 and Qwen3 technical reports' tables, the Gemma 2, Phi, MiniCPM, SmolLM2, LFM2 and
/// gpt-oss cards were not read in this pass; Gemma 3 1B's card gives no MMLU; DeepSeek-R1-Distill and
/// TinyLlama's cards report other benchmarks): they rank last, as unknown.
pub const MODEL_SCORES: &[ModelScore] = &[
    ModelScore {
        model: "llama-3.2-1b",
        score: 32.2,
        setting: "5-shot, macro_avg/acc_char, pretrained",
        source: LLAMA_32_CARD,
    },
    ModelScore {
        model: "llama-3.2-3b",
        score: 58.0,
        setting: "5-shot, macro_avg/acc_char, pretrained",
        source: LLAMA_32_CARD,
    },
    ModelScore {
        model: "llama-3.1-8b",
        score: 66.7,
        setting: "5-shot, macro_avg/acc_char, pretrained",
        source: LLAMA_32_CARD,
    },
    ModelScore {
        model: "gemma-3-4b",
        score: 59.6,
        setting: "5-shot, pretrained (Gemma 3 PT 4B)",
        source: "https://ai.google.dev/gemma/docs/core/model_card_3 (STEM and code: MMLU 5-shot)",
    },
    ModelScore {
        model: "mistral-7b-v0.1",
        score: 60.1,
        setting: "5-shot, pretrained",
        source: "https://arxiv.org/abs/2310.06825 (Table 2: Mistral 7B pretrained, MMLU 60.1 %)",
    },
];

/// A quantization format's published loss on MMLU against the same model at 16 bits, measured at several
/// model sizes.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FormatLoss {
    /// The quantization preset's id.
    pub quant: &'static str,
    /// The format measured, as the source names it.
    pub measured_as: &'static str,
    /// (model size in billions of parameters, MMLU at BF16, MMLU quantized), smallest first.
    pub rows: &'static [(f64, f64, f64)],
    /// Where it was published.
    pub source: &'static str,
}

const QWEN_QUANT: &str = "https://qwen.readthedocs.io/en/latest/getting_started/quantization_benchmark.html (Qwen2-Instruct, MMLU)";

/// Published MMLU losses: Qwen's "Performance of Quantized Models" for Qwen2-0.5B/1.5B/7B/72B-Instruct.
/// GPTQ-Int4 and AWQ are the presets' formats (4-bit, group 128, symmetric and asymmetric); GPTQ-Int8 stands
/// for the 8-bit weight-only preset. llama.cpp's GGUF types publish perplexity, not MMLU ([`QUALITY`]): their
/// MMLU loss is unknown here.
pub const FORMAT_LOSSES: &[FormatLoss] = &[
    FormatLoss {
        quant: "w8a16",
        measured_as: "GPTQ-Int8",
        rows: &[
            (0.5, 37.9, 35.6),
            (1.5, 52.4, 53.0),
            (7.0, 70.5, 69.1),
            (72.0, 82.3, 81.3),
        ],
        source: QWEN_QUANT,
    },
    FormatLoss {
        quant: "w4a16_g128",
        measured_as: "GPTQ-Int4",
        rows: &[
            (0.5, 37.9, 33.0),
            (1.5, 52.4, 50.7),
            (7.0, 70.5, 67.8),
            (72.0, 82.3, 80.8),
        ],
        source: QWEN_QUANT,
    },
    FormatLoss {
        quant: "awq_g128",
        measured_as: "AWQ",
        rows: &[
            (0.5, 37.9, 34.4),
            (1.5, 52.4, 51.6),
            (7.0, 70.5, 67.4),
            (72.0, 82.3, 80.5),
        ],
        source: QWEN_QUANT,
    },
];

/// The 16-bit formats: the benchmark's own precision, no loss by definition.
pub const LOSSLESS: &[&str] = &["fp16", "bf16"];

/// The published score of a model preset on [`BENCHMARK`].
#[must_use]
pub fn model_score(model: &str) -> Option<&'static ModelScore> {
    MODEL_SCORES.iter().find(|s| s.model == model)
}

/// The MMLU points a quantization preset loses against 16 bits on a model of `params_b` billion parameters:
/// 0 for a 16-bit format; for a format with published losses, the row of the nearest measured size (in
/// ratio: a 3B model takes the 1.5B row, an 8B the 7B row); `None` where no MMLU loss is published.
#[must_use]
pub fn format_loss(quant: &str, params_b: f64) -> Option<f64> {
    if LOSSLESS.contains(&quant) {
        return Some(0.0);
    }
    let l = FORMAT_LOSSES.iter().find(|l| l.quant == quant)?;
    let dist = |size: f64| crate::math::ln(size / params_b.max(1e-3)).abs();
    let mut best = l.rows.first()?;
    for r in l.rows {
        if dist(r.0) < dist(best.0) {
            best = r;
        }
    }
    Some(best.1 - best.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn close(a: Option<f64>, b: f64) {
        let a = a.unwrap();
        assert!((a - b).abs() < 1e-9, "{a} vs {b}");
    }

    /// By hand from Qwen's table: GPTQ-Int4 on the 7B row 70.5 − 67.8 = 2.7, AWQ 3.1, GPTQ-Int8 1.4; a
    /// 3.2B model takes the 1.5B row (ln 3.2/1.5 = 0.76 < ln 7/3.2 = 0.78): 52.4 − 50.7 = 1.7; the 1.5B
    /// row's GPTQ-Int8 gained 0.6 (a loss of −0.6, as published).
    #[test]
    fn format_losses_by_hand() {
        close(format_loss("w4a16_g128", 8.03), 2.7);
        close(format_loss("awq_g128", 7.24), 3.1);
        close(format_loss("w8a16", 7.0), 1.4);
        close(format_loss("w4a16_g128", 3.21), 1.7);
        close(format_loss("w8a16", 1.5), -0.6);
        close(format_loss("w4a16_g128", 0.36), 4.9);
        close(format_loss("fp16", 8.0), 0.0);
        assert_eq!(format_loss("q4_k_m", 8.0), None);
    }

    #[test]
    fn every_score_names_a_model_preset_and_every_loss_a_quant_preset() {
        for s in MODEL_SCORES {
            assert!(super::super::model(s.model).is_some(), "{}", s.model);
            assert!(s.score > 0.0 && s.score < 100.0 && !s.source.is_empty());
        }
        for l in FORMAT_LOSSES {
            assert!(super::super::quant(l.quant).is_some(), "{}", l.quant);
        }
        for q in LOSSLESS {
            assert!(super::super::quant(q).is_some(), "{q}");
        }
    }
}
