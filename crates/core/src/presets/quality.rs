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

/// The one benchmark the best-model ranking uses (`solve`'s `best`): MMLU — plain MMLU, never MMLU-Pro,
/// MMLU-Redux or a translated MMLU — as each model's developer publishes it. Chosen for coverage: most model
/// cards and technical reports give it (MMLU-Pro and leaderboard averages cover fewer of the presets). The
/// developers do not all measure it alike: 5-shot on the pretrained (base) model where that is published,
/// otherwise the released instruction-tuned model, 0-shot or a cloze formulation — each score's `setting`
/// says which, as its source states it.
pub const BENCHMARK: &str =
    "MMLU (developer-reported; 5-shot base model where published, else the setting noted per model)";

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
    /// Where it was published: the address read, then where in it.
    pub source: &'static str,
}

const LLAMA_32_CARD: &str = "https://github.com/meta-llama/llama-models/blob/main/models/llama3_2/MODEL_CARD.md (Base Pretrained Models: MMLU, 5 shots, macro_avg/acc_char)";
const MINICPM_PAPER: &str =
    "https://arxiv.org/abs/2404.06395 (MiniCPM paper, §6.5 evaluation table, UltraEval: MMLU)";
const LFM2_CARD: &str = "https://huggingface.co/LiquidAI/LFM2-350M (model card, Automated benchmarks: MMLU of LFM2-350M, -700M and -1.2B)";

/// Scores read in the models' own cards, blogs and reports (every LLM preset was looked for; the ones not
/// listed are in [`UNSCORED`] with the reason). Where another publication gives a different number for the
/// same model, the developer's own is taken and the other noted here:
/// - Qwen2.5 (blog, one decimal) and the Qwen3 report's re-evaluation of the same base models (47.50, 60.90,
///   65.62, 74.16) agree to rounding.
/// - Mistral 7B: its paper 60.1; Qwen's Qwen2.5 blog measured 64.2 and the MiniCPM paper 62.69 (other
///   developers' harnesses, not taken).
/// - Gemma 2 2B: Google's card 51.3; Qwen's Qwen2.5 blog measured "Gemma2-2.6B" at 52.2 (not taken).
/// - Gemma 3 4B: Google's card 59.6; the Qwen3 report measured 59.51 (not taken).
/// - Phi-3-mini-4k: the current card (June 2024 weights) 70.9; the Phi-3 report's abstract gives "69%" for
///   the April 2024 release.
/// - Phi-3.5-mini: its own card 69.0; the Phi-4-mini card re-measured it at 65.5 (not taken).
/// - LFM2: Liquid's card gives shots for none of its benchmarks.
pub const MODEL_SCORES: &[ModelScore] = &[
    ModelScore {
        model: "qwen2.5-0.5b",
        score: 47.5,
        setting: "5-shot, base model",
        source: "https://qwenlm.github.io/blog/qwen2.5-llm/ (Qwen2.5-0.5B/1.5B/3B Performance: MMLU, base models, 5-shot)",
    },
    ModelScore {
        model: "qwen2.5-1.5b",
        score: 60.9,
        setting: "5-shot, base model",
        source: "https://qwenlm.github.io/blog/qwen2.5-llm/ (Qwen2.5-0.5B/1.5B/3B Performance: MMLU, base models, 5-shot)",
    },
    ModelScore {
        model: "qwen2.5-3b",
        score: 65.6,
        setting: "5-shot, base model",
        source: "https://qwenlm.github.io/blog/qwen2.5-llm/ (Qwen2.5-0.5B/1.5B/3B Performance: MMLU, base models, 5-shot)",
    },
    ModelScore {
        model: "qwen2.5-7b",
        score: 74.2,
        setting: "5-shot, base model",
        source: "https://qwenlm.github.io/blog/qwen2.5-llm/ (Qwen2.5-7B Performance: MMLU, base model, 5-shot)",
    },
    ModelScore {
        model: "qwen3-0.6b",
        score: 52.81,
        setting: "5-shot, base model (Qwen3-0.6B-Base)",
        source: "https://github.com/QwenLM/Qwen3/blob/main/Qwen3_Technical_Report.pdf (arXiv 2505.09388, Table 8: MMLU 5-shot)",
    },
    ModelScore {
        model: "qwen3-1.7b",
        score: 62.63,
        setting: "5-shot, base model (Qwen3-1.7B-Base)",
        source: "https://github.com/QwenLM/Qwen3/blob/main/Qwen3_Technical_Report.pdf (arXiv 2505.09388, Table 8: MMLU 5-shot)",
    },
    ModelScore {
        model: "qwen3-4b",
        score: 72.99,
        setting: "5-shot, base model (Qwen3-4B-Base)",
        source: "https://github.com/QwenLM/Qwen3/blob/main/Qwen3_Technical_Report.pdf (arXiv 2505.09388, Table 7: MMLU 5-shot)",
    },
    ModelScore {
        model: "qwen3-8b",
        score: 76.89,
        setting: "5-shot, base model (Qwen3-8B-Base)",
        source: "https://github.com/QwenLM/Qwen3/blob/main/Qwen3_Technical_Report.pdf (arXiv 2505.09388, Table 6: MMLU 5-shot)",
    },
    ModelScore {
        model: "qwen3-30b-a3b",
        score: 81.38,
        setting: "5-shot, base model (Qwen3-30B-A3B-Base)",
        source: "https://github.com/QwenLM/Qwen3/blob/main/Qwen3_Technical_Report.pdf (arXiv 2505.09388, Table 5: MMLU 5-shot)",
    },
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
        model: "gemma-2-2b",
        score: 51.3,
        setting: "5-shot, top-1, pretrained (Gemma 2 PT 2B)",
        source: "https://huggingface.co/google/gemma-2-2b (Gemma 2 model card, Benchmark Results: MMLU 5-shot, top-1)",
    },
    ModelScore {
        model: "gemma-3-4b",
        score: 59.6,
        setting: "5-shot, pretrained (Gemma 3 PT 4B)",
        source: "https://ai.google.dev/gemma/docs/core/model_card_3 (STEM and code: MMLU 5-shot)",
    },
    ModelScore {
        model: "phi-3-mini-4k",
        score: 70.9,
        setting: "5-shot, instruction-tuned (the June 2024 weights; no base model released)",
        source: "https://huggingface.co/microsoft/Phi-3-mini-4k-instruct (model card benchmark table: MMLU 5-shot)",
    },
    ModelScore {
        model: "phi-3.5-mini",
        score: 69.0,
        setting: "5-shot, instruction-tuned (no base model released)",
        source: "https://huggingface.co/microsoft/Phi-3.5-mini-instruct (model card benchmark table: MMLU (5-shot))",
    },
    ModelScore {
        model: "phi-4-mini",
        score: 67.3,
        setting: "5-shot, instruction-tuned (no base model released)",
        source: "https://huggingface.co/microsoft/Phi-4-mini-instruct (model card benchmark table: MMLU (5-shot))",
    },
    ModelScore {
        model: "minicpm-1b",
        score: 49.63,
        setting: "released MiniCPM-1.2B (after SFT), UltraEval, shots not stated",
        source: MINICPM_PAPER,
    },
    ModelScore {
        model: "minicpm-2b",
        score: 53.46,
        setting: "released MiniCPM-2.4B (after SFT), UltraEval, shots not stated",
        source: MINICPM_PAPER,
    },
    ModelScore {
        model: "smollm2-135m",
        score: 31.5,
        setting: "0-shot, cloze formulation (lighteval), base model (the card's SmolLM2-135M-8k column)",
        source: "https://huggingface.co/HuggingFaceTB/SmolLM2-135M (model card, Base pre-trained model: MMLU (cloze), zero-shot)",
    },
    ModelScore {
        model: "smollm2-360m",
        score: 35.8,
        setting: "0-shot, cloze formulation (lighteval), base model",
        source: "https://huggingface.co/HuggingFaceTB/SmolLM2-360M (model card, Base Pre-Trained Model: MMLU (cloze), zero-shot)",
    },
    ModelScore {
        model: "mistral-7b-v0.1",
        score: 60.1,
        setting: "5-shot, pretrained",
        source: "https://arxiv.org/abs/2310.06825 (Table 2: Mistral 7B pretrained, MMLU 60.1 %)",
    },
    ModelScore {
        model: "lfm2-1.2b",
        score: 55.23,
        setting: "released post-trained checkpoint; shots not stated",
        source: LFM2_CARD,
    },
    ModelScore {
        model: "lfm2-700m",
        score: 49.9,
        setting: "released post-trained checkpoint; shots not stated",
        source: LFM2_CARD,
    },
    ModelScore {
        model: "lfm2-350m",
        score: 43.43,
        setting: "released post-trained checkpoint; shots not stated",
        source: LFM2_CARD,
    },
    ModelScore {
        model: "gemma-3n-e4b",
        score: 64.9,
        setting: "0-shot, instruction-tuned (E4B IT)",
        source: "https://huggingface.co/google/gemma-3n-E4B-it (model card, Additional benchmarks: MMLU 0-shot)",
    },
];

/// The LLM presets without a score, each with why: no plain MMLU in the sources read. They rank last, as
/// unknown. Another developer's measurement of the model is not taken.
pub const UNSCORED: &[(&str, &str)] = &[
    (
        "gemma-3-1b",
        "Google's Gemma 3 card gives MMLU for the 4B, 12B and 27B only (the Qwen3 report measured Gemma-3-1B-Base at 26.26: another developer's harness)",
    ),
    (
        "smollm2-1.7b",
        "the SmolLM2-1.7B card reports MMLU-Pro (MCF), not MMLU; the SmolLM2 paper's tables were not read",
    ),
    (
        "tinyllama-1.1b-chat-v1.0",
        "TinyLlama's EVAL.md gives MMLU (Instruct-Eval) only for intermediate base checkpoints up to 2.5T tokens, none for the 3T base or Chat-v1.0",
    ),
    (
        "deepseek-r1-distill-qwen-1.5b",
        "DeepSeek-R1's distilled-model table reports AIME, MATH-500, GPQA Diamond, LiveCodeBench and Codeforces only",
    ),
    (
        "gpt-oss-20b",
        "OpenAI reports MMLU per reasoning effort (chain of thought, chat); the gpt-oss-20b row was not read in OpenAI's own document",
    ),
    (
        "qwen2.5-vl-3b",
        "the Qwen2.5-VL card and report publish vision-language benchmarks; no plain MMLU for the 3B was found",
    ),
    (
        "qwen2.5-vl-7b",
        "the Qwen2.5-VL card and report publish vision-language benchmarks; no plain MMLU for the 7B was found",
    ),
    (
        "smolvlm2-2.2b",
        "the SmolVLM2 card publishes vision and video benchmarks; no MMLU was found",
    ),
    (
        "internvl3-2b",
        "the InternVL3 card shows its language benchmarks against Qwen2.5 as a figure; the paper's table (arXiv 2504.10479) was not read",
    ),
    (
        "minicpm-v-2.6",
        "the MiniCPM-V 2.6 card publishes vision-language benchmarks; no MMLU was found",
    ),
];

/// A quantization format's published loss on MMLU against the same model at 16 bits, measured at one or
/// more model sizes.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FormatLoss {
    /// The quantization preset's id.
    pub quant: &'static str,
    /// The format measured, as the source names it.
    pub measured_as: &'static str,
    /// (model size in billions of parameters, MMLU at BF16, MMLU quantized), smallest first.
    pub rows: &'static [(f64, f64, f64)],
    /// Where it was published: the address read, then where in it.
    pub source: &'static str,
}

const QWEN_QUANT: &str = "https://qwen.readthedocs.io/en/latest/getting_started/quantization_benchmark.html (Qwen2-Instruct, MMLU)";
const LLAMA3_QUANT: &str = "https://github.com/matt-c1/llama-3-quant-comparison (README, Correctness vs Model Size data table: Llama-3-8B-Instruct, full MMLU 5-shot, 16-bit 65.20 / 65.21)";

/// Published MMLU losses, each against the same model at 16 bits:
/// - Qwen's "Performance of Quantized Models" for Qwen2-0.5B/1.5B/7B/72B-Instruct. GPTQ-Int4 and AWQ are the
///   presets' formats (4-bit, group 128, symmetric and asymmetric); GPTQ-Int8 stands for the 8-bit
///   weight-only preset.
/// - A public measurement of Llama-3-8B-Instruct (8.03B parameters, as the llama-3.1-8b preset) in llama.cpp's GGUF types and bitsandbytes NF4 (one model,
///   full MMLU, 5-shot; the GGUF files by bartowski, how they were made not stated). The GGUF presets are
///   block types; a llama.cpp file type whose repeating layers are all that block type stands for it (Q8_0,
///   Q6_K, Q5_K_S for Q5_K, Q3_K_S for Q3_K, IQ4_XS, at the layers' bits per weight the source gives), as
///   does the Q4_K_M mix for its own preset; Q4_K_S (4.54 bits per weight in the layers: Q4_K with a few
///   tensors higher) stands for Q4_K and the Q2_K file type (2.90, a mix) for Q2_K. Differences of a few
///   tenths are within this single run's noise (the source notes it set no random seed); as published,
///   Q8_0 scored 0.03 above 16 bits. The legacy Q4_0/Q4_1/Q5_0/Q5_1 types, NF4 with double quantization and
///   FP8, W8A8 and MLX's 4-bit were not measured there: their MMLU loss stays unknown (llama.cpp's
///   perplexity increase, [`QUALITY`], is shown where it has one).
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
    FormatLoss {
        quant: "q8_0",
        measured_as: "GGUF Q8_0 (8.50 bits per weight in the layers)",
        rows: &[(8.03, 65.20, 65.23)],
        source: LLAMA3_QUANT,
    },
    FormatLoss {
        quant: "q6_k",
        measured_as: "GGUF Q6_K (6.56)",
        rows: &[(8.03, 65.20, 65.06)],
        source: LLAMA3_QUANT,
    },
    FormatLoss {
        quant: "q5_k",
        measured_as: "GGUF Q5_K_S (5.50: every layer Q5_K)",
        rows: &[(8.03, 65.20, 64.88)],
        source: LLAMA3_QUANT,
    },
    FormatLoss {
        quant: "q4_k_m",
        measured_as: "GGUF Q4_K_M (4.82)",
        rows: &[(8.03, 65.20, 64.64)],
        source: LLAMA3_QUANT,
    },
    FormatLoss {
        quant: "q4_k",
        measured_as: "GGUF Q4_K_S (4.54: Q4_K with a few tensors higher)",
        rows: &[(8.03, 65.20, 64.63)],
        source: LLAMA3_QUANT,
    },
    FormatLoss {
        quant: "iq4_xs",
        measured_as: "GGUF IQ4_XS (4.28)",
        rows: &[(8.03, 65.20, 64.39)],
        source: LLAMA3_QUANT,
    },
    FormatLoss {
        quant: "q3_k",
        measured_as: "GGUF Q3_K_S (3.44: every layer Q3_K)",
        rows: &[(8.03, 65.20, 59.14)],
        source: LLAMA3_QUANT,
    },
    FormatLoss {
        quant: "q2_k",
        measured_as: "GGUF Q2_K file type (2.90: a mix around Q2_K)",
        rows: &[(8.03, 65.20, 55.90)],
        source: LLAMA3_QUANT,
    },
    FormatLoss {
        quant: "nf4",
        measured_as: "transformers + bitsandbytes 4-bit NF4 (against its own bf16 run, 65.21)",
        rows: &[(8.03, 65.21, 63.42)],
        source: LLAMA3_QUANT,
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
    /// row's GPTQ-Int8 gained 0.6 (a loss of −0.6, as published). The GGUF types and NF4 have one row
    /// (Llama-3-8B-Instruct), taken at every size: Q4_K_M 65.20 − 64.64 = 0.56, Q6_K 0.14, Q8_0 −0.03
    /// (it scored above 16 bits), Q3_K_S for Q3_K 6.06, NF4 65.21 − 63.42 = 1.79.
    #[test]
    fn format_losses_by_hand() {
        close(format_loss("w4a16_g128", 8.03), 2.7);
        close(format_loss("awq_g128", 7.24), 3.1);
        close(format_loss("w8a16", 7.0), 1.4);
        close(format_loss("w4a16_g128", 3.21), 1.7);
        close(format_loss("w8a16", 1.5), -0.6);
        close(format_loss("w4a16_g128", 0.36), 4.9);
        close(format_loss("fp16", 8.0), 0.0);
        close(format_loss("q4_k_m", 8.0), 0.56);
        close(format_loss("q4_k_m", 0.5), 0.56);
        close(format_loss("q6_k", 8.0), 0.14);
        close(format_loss("q8_0", 1.0), -0.03);
        close(format_loss("q3_k", 4.0), 6.06);
        close(format_loss("nf4", 8.0), 1.79);
        // Not measured: unknown, not zero.
        for q in [
            "q4_0",
            "q4_1",
            "q5_0",
            "q5_1",
            "nf4_dq",
            "fp8_e4m3",
            "w8a8",
            "mlx_4bit_g64",
        ] {
            assert_eq!(format_loss(q, 8.0), None, "{q}");
        }
    }

    #[test]
    fn every_score_names_a_model_preset_and_every_loss_a_quant_preset() {
        for s in MODEL_SCORES {
            assert!(super::super::model(s.model).is_some(), "{}", s.model);
            assert!(s.score > 0.0 && s.score < 100.0 && !s.setting.is_empty());
        }
        for l in FORMAT_LOSSES {
            assert!(super::super::quant(l.quant).is_some(), "{}", l.quant);
            assert!(!l.rows.is_empty() && !l.measured_as.is_empty());
            for r in l.rows {
                assert!(r.0 > 0.0 && r.1 > 0.0 && r.1 < 100.0 && r.2 > 0.0 && r.2 < 100.0);
            }
        }
        for q in LOSSLESS {
            assert!(super::super::quant(q).is_some(), "{q}");
        }
    }

    /// The address of a published figure: an https URL before the note on where in it.
    fn url(source: &str) -> &str {
        source.split_once(" (").map_or(source, |(u, _)| u)
    }

    #[test]
    fn every_mmlu_value_has_a_source_url() {
        let sources = MODEL_SCORES
            .iter()
            .map(|s| (s.model, s.source))
            .chain(FORMAT_LOSSES.iter().map(|l| (l.quant, l.source)));
        for (id, source) in sources {
            let u = url(source);
            assert!(
                u.starts_with("https://") && u.len() > "https://".len() + 4 && !u.contains(' '),
                "{id}: {source:?} does not start with a URL"
            );
        }
    }

    /// Every LLM preset was looked for: it has a published score or a stated reason it has none, never both
    /// and never twice. 26 of the 36 LLM presets have a score; the 10 others name why not.
    #[test]
    fn every_llm_preset_is_scored_or_says_why_not() {
        use super::super::{ModelFamily, ALL_MODELS};
        let llms: alloc::vec::Vec<&str> = ALL_MODELS
            .iter()
            .filter(|m| m.family == ModelFamily::Llm)
            .map(|m| m.id)
            .collect();
        for id in &llms {
            let scored = MODEL_SCORES.iter().filter(|s| s.model == *id).count();
            let unscored = UNSCORED.iter().filter(|(m, _)| m == id).count();
            assert_eq!(
                scored + unscored,
                1,
                "{id}: {scored} scores, {unscored} reasons"
            );
        }
        for (id, why) in UNSCORED {
            assert!(llms.contains(id) && !why.is_empty(), "{id}");
        }
        assert_eq!(MODEL_SCORES.len(), 26);
        assert_eq!(UNSCORED.len(), 10);
        assert_eq!(llms.len(), 36);
    }
}
