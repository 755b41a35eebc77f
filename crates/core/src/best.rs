//! The best model that fits, quality-aware (#25): every LLM preset × quantization preset that meets every
//! size-dependent target of the scenario on its device, ranked by a published quality figure —
//! [`quality::BENCHMARK`] of the model at 16 bits minus the format's published loss
//! ([`quality::format_loss`]) — each with the constraint that binds it (least headroom).
//!
//! Nothing is invented: a candidate whose model has no published score, or whose format has no published
//! MMLU loss, has no quality. A candidate with a quality ranks by it; one whose format's MMLU loss is not
//! published (the legacy GGUF types, FP8, W8A8: [`quality::FORMAT_LOSSES`] says which are; llama.cpp's
//! perplexity increase, [`quality::quality`], is shown where it has one) ranks at its model's 16-bit score,
//! capped at the best published quality of the same model — after a candidate whose known quality equals
//! it, and by the smaller perplexity increase among equals — and shows no quality; a model without a score ([`quality::UNSCORED`]) ranks last, in catalog order,
//! unknown.

use alloc::vec::Vec;

use crate::analysis::{analyze, Constraint, Report, Verdict};
use crate::input::{Inputs, ModelKind};
use crate::presets::{quality, ModelFamily, QuantPreset, ALL_MODELS, ALL_QUANTS};
use crate::scenario::validate;
use crate::solve::SIZE_DEPENDENT;

/// How much of a candidate's quality is published.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Known {
    /// The model's score and the format's loss: the quality is their difference.
    Quality,
    /// The model's score only: the format's MMLU loss is not published.
    ModelOnly,
    /// Neither: no score of this model was read.
    Unknown,
}

/// One model preset in one quantization format that meets every target.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Candidate {
    /// The model preset's id.
    pub model: &'static str,
    /// The quantization preset's id.
    pub quant: &'static str,
    /// The model's score at 16 bits minus the format's loss, points of [`quality::BENCHMARK`].
    pub quality: Option<f64>,
    /// The model's published score.
    pub model_score: Option<f64>,
    /// The format's published loss against 16 bits (negative: the source measured a gain).
    pub format_loss: Option<f64>,
    /// llama.cpp's published perplexity increase of the format (Llama-3-8B), where no MMLU loss is.
    pub ppl_delta: Option<f64>,
    /// How much of it is published.
    pub known: Known,
    /// The tightest constraint: the least headroom among the size-dependent ones.
    pub binding: Constraint,
    /// Its headroom (share of the limit left).
    pub headroom: f64,
}

/// The candidates, best first.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Best {
    /// The benchmark the ranking uses.
    pub benchmark: &'static str,
    /// Every candidate that meets the targets, ranked.
    pub candidates: Vec<Candidate>,
}

impl Best {
    /// The sources of the figures the candidates use: each model score's, each format loss's, and
    /// llama.cpp's perplexity table where a perplexity increase is shown; each once, in first use.
    #[must_use]
    pub fn sources(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        let mut add = |s: &'static str| {
            if !out.contains(&s) {
                out.push(s);
            }
        };
        for c in &self.candidates {
            if let Some(s) = quality::model_score(c.model) {
                add(s.source);
            }
            if let Some(l) = quality::FORMAT_LOSSES.iter().find(|l| l.quant == c.quant) {
                add(l.source);
            }
            if c.ppl_delta.is_some() {
                if let Some(q) = quality::quality(c.quant) {
                    add(q.source);
                }
            }
        }
        out
    }

    /// The best format of each model (its first candidate), in rank order.
    #[must_use]
    pub fn per_model(&self) -> Vec<&Candidate> {
        let mut out: Vec<&Candidate> = Vec::new();
        for c in &self.candidates {
            if !out.iter().any(|x| x.model == c.model) {
                out.push(c);
            }
        }
        out
    }
}

/// The binding size-dependent constraint of a report that meets them all, with its headroom; `None` when one
/// fails.
fn fits(r: &Report) -> Option<(Constraint, f64)> {
    let mut bind: Option<(Constraint, f64)> = None;
    for c in SIZE_DEPENDENT {
        if r.verdict(c) == Verdict::Fail {
            return None;
        }
        if let Some(h) = r.headroom(c) {
            if bind.is_none_or(|b| h < b.1) {
                bind = Some((c, h));
            }
        }
    }
    Some(bind.unwrap_or((Constraint::Memory, f64::INFINITY)))
}

/// The figure a candidate ranks by: its quality where known; where only its format's MMLU loss is not
/// published, its model's 16-bit score, but never above the best published quality of the same model (an
/// unpublished loss is not a smaller one: Q4_0 does not outrank the same model's Q4_K_M because only the
/// latter's loss was measured); minus infinity for a model without a score.
fn rank_figures(candidates: &[Candidate]) -> Vec<f64> {
    let mut best_known: Vec<(&str, f64)> = Vec::new();
    for c in candidates {
        if let Some(q) = c.quality {
            match best_known.iter_mut().find(|(m, _)| *m == c.model) {
                Some(b) => b.1 = b.1.max(q),
                None => best_known.push((c.model, q)),
            }
        }
    }
    candidates
        .iter()
        .map(|c| match (c.quality, c.model_score) {
            (Some(q), _) => q,
            (None, Some(s)) => best_known
                .iter()
                .find(|(m, _)| *m == c.model)
                .map_or(s, |b| s.min(b.1)),
            (None, None) => f64::NEG_INFINITY,
        })
        .collect()
}

/// The ranking: a model without a score last; otherwise by [`rank_figures`]'s figure; at equal figures a
/// known quality first, then the smaller published perplexity increase.
fn rank(a: &(f64, Candidate), b: &(f64, Candidate)) -> core::cmp::Ordering {
    let unknown = |c: &Candidate| c.known == Known::Unknown;
    let ppl = |c: &Candidate| c.ppl_delta.unwrap_or(f64::INFINITY);
    let ((fa, a), (fb, b)) = (a, b);
    unknown(a)
        .cmp(&unknown(b))
        .then_with(|| fb.total_cmp(fa))
        .then_with(|| a.known.cmp(&b.known))
        .then_with(|| ppl(a).total_cmp(&ppl(b)))
}

/// Every LLM preset × quantization preset its framework loads ([`crate::framework::FrameworkSpec::loads`], on
/// the device preset where a format needs particular hardware) that meets every size-dependent target of
/// `inputs` (its device, framework, targets and streams; the model and format replaced), ranked. Empty for a one-shot model's
/// scenario (its targets are not a language model's).
#[must_use]
pub fn best(inputs: &Inputs) -> Best {
    let mut candidates = Vec::new();
    // Only the formats the framework loads on this device (the generic framework loads every format).
    let fw = crate::presets::framework(&inputs.framework);
    let device = inputs
        .device
        .as_deref()
        .and_then(crate::presets::device)
        .map(|d| d.id);
    let formats: Vec<&QuantPreset> = ALL_QUANTS
        .iter()
        .filter(|q| fw.is_none_or(|f| f.loads(q.id, device)))
        .collect();
    if inputs.model_kind != ModelKind::OneShot {
        for m in ALL_MODELS
            .iter()
            .filter(|m| m.family == ModelFamily::Llm && m.arch.is_some())
        {
            let params_b = m.params_counted().map_or(0.0, |p| p.total()) / 1e9;
            for q in &formats {
                let mut i = inputs.clone();
                m.apply(&mut i);
                q.apply(&mut i);
                let Some((binding, headroom)) =
                    validate(&i).ok().and_then(|s| fits(&analyze(&s.expected)))
                else {
                    continue;
                };
                let model_score = quality::model_score(m.id).map(|s| s.score);
                let format_loss = quality::format_loss(q.id, params_b);
                let quality = model_score.zip(format_loss).map(|(s, l)| s - l);
                let known = match (quality, model_score) {
                    (Some(_), _) => Known::Quality,
                    (None, Some(_)) => Known::ModelOnly,
                    (None, None) => Known::Unknown,
                };
                candidates.push(Candidate {
                    model: m.id,
                    quant: q.id,
                    quality,
                    model_score,
                    format_loss,
                    ppl_delta: format_loss
                        .is_none()
                        .then(|| quality::quality(q.id).map(|x| x.ppl_delta))
                        .flatten(),
                    known,
                    binding,
                    headroom,
                });
            }
        }
    }
    // Stable: equal keys keep catalog order (model, then format widest first).
    let mut ranked: Vec<(f64, Candidate)> = rank_figures(&candidates)
        .into_iter()
        .zip(candidates)
        .collect();
    crate::math::sort_by(&mut ranked, rank);
    Best {
        benchmark: quality::BENCHMARK,
        candidates: ranked.into_iter().map(|(_, c)| c).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(
        model: &'static str,
        quant: &'static str,
        quality: Option<f64>,
        score: f64,
    ) -> Candidate {
        Candidate {
            model,
            quant,
            quality,
            model_score: Some(score),
            format_loss: quality.map(|q| score - q),
            ppl_delta: None,
            known: if quality.is_some() {
                Known::Quality
            } else {
                Known::ModelOnly
            },
            binding: Constraint::Memory,
            headroom: 0.1,
        }
    }

    /// The formats a ranking pairs its models with.
    fn formats_ranked(link: &str) -> alloc::collections::BTreeSet<&'static str> {
        let d = crate::codec::decode(link, &[]);
        assert!(d.is_clean(), "{link}: {:?}", d.issues);
        let b = best(&d.inputs);
        assert!(!b.candidates.is_empty(), "{link}: nothing fits");
        b.candidates.iter().map(|c| c.quant).collect()
    }

    /// Under Apple MLX on the A17 Pro only what mlx-lm loads is ranked: 16-bit weights, its own affine format
    /// and AutoAWQ checkpoints (which it reads into that format) — no GGUF, bitsandbytes or FP8.
    #[test]
    fn mlx_on_the_a17_pro_ranks_only_what_mlx_loads() {
        let got = formats_ranked("v=2&device=apple_a17pro&fw=mlx");
        for q in &got {
            assert!(
                ["fp16", "bf16", "mlx_4bit_g64", "awq_g128"].contains(q),
                "MLX ranked {q}"
            );
        }
        assert!(
            got.contains("mlx_4bit_g64") && got.contains("fp16"),
            "{got:?}"
        );
    }

    /// llama.cpp on the Jetson Orin Nano ranks GGUF files and 16-bit weights only.
    #[test]
    fn llama_cpp_ranks_only_gguf_and_16_bit_weights() {
        let got = formats_ranked("v=2&device=nv_orin_nano_8gb&fw=llama_cpp");
        for q in &got {
            let gguf = crate::presets::quant(q).is_some_and(|p| p.name.starts_with("GGUF"));
            assert!(gguf || ["fp16", "bf16"].contains(q), "llama.cpp ranked {q}");
        }
        assert!(got.contains("q4_k_m") && got.contains("q8_0"), "{got:?}");
    }

    /// TensorRT-LLM offers AWQ wherever it runs and FP8 only where the GPU has FP8 tensor cores: the DGX
    /// Spark (Blackwell), not the Jetson Orin Nano (Ampere); never GGUF.
    #[test]
    fn tensorrt_offers_awq_and_fp8_where_the_device_supports_them() {
        let spark = formats_ranked("v=2&device=nv_dgx_spark&fw=tensorrt");
        assert!(
            spark.contains("awq_g128") && spark.contains("fp8_e4m3"),
            "{spark:?}"
        );
        let orin = formats_ranked("v=2&device=nv_orin_nano_8gb&fw=tensorrt");
        assert!(orin.contains("awq_g128"), "{orin:?}");
        assert!(!orin.contains("fp8_e4m3"), "{orin:?}");
        for got in [&spark, &orin] {
            assert!(
                !got.iter()
                    .any(|q| q.starts_with('q') || q.starts_with("iq")),
                "{got:?}"
            );
        }
    }

    /// The generic framework keeps every format its capabilities allow (it supports every format).
    #[test]
    fn the_generic_framework_ranks_every_format() {
        let got = formats_ranked("v=2&device=nv_orin_nano_8gb");
        for q in ["nf4", "fp8_e4m3", "mlx_4bit_g64", "q4_k_m", "awq_g128"] {
            assert!(got.contains(q), "{q} missing from {got:?}");
        }
    }

    /// An unpublished format loss ranks at the model's 16-bit score, capped at the same model's best
    /// published quality (76.57 here, not 76.89), and never lowers another model's figure.
    #[test]
    fn an_unpublished_loss_ranks_no_higher_than_the_models_best_published_one() {
        let cs = [
            cand("a", "q5_k", Some(76.57), 76.89),
            cand("a", "q4_0", None, 76.89),
            cand("b", "q4_0", None, 74.2),
        ];
        assert_eq!(rank_figures(&cs), [76.57, 76.57, 74.2]);
    }
}
