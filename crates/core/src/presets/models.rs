//! Model presets: decoder-only LLMs by architecture, and one-shot speech and vision models.
//!
//! The table is generated from `models.csv`. LLM rows carry their config dimensions, from which the engine
//! counts parameters exactly ([`crate::model::Architecture::params`]); the CSV's own derived counts and the
//! published round figures are kept alongside so the tests can check the engine against them.

use alloc::vec::Vec;

use super::figure::Figure;
use crate::input::{Field, Inputs, ModelKind};
use crate::model::Architecture;

/// What kind of model a preset is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum ModelFamily {
    /// A decoder-only language model.
    Llm,
    /// A speech encoder–decoder (Whisper), treated as one-shot per 30 s window.
    Speech,
    /// A vision network, one-shot per image.
    Vision,
}

/// A transformer decoder's config dimensions (as `config.json` gives them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ArchPreset {
    /// `num_hidden_layers`.
    pub layers: u32,
    /// `hidden_size`.
    pub hidden: u32,
    /// `num_attention_heads`.
    pub heads: u32,
    /// `num_key_value_heads`.
    pub kv_heads: u32,
    /// `head_dim` (not always hidden / heads: Qwen3, Gemma).
    pub head_dim: u32,
    /// `intermediate_size`.
    pub ffn: u32,
    /// `vocab_size`.
    pub vocab: u32,
    /// `tie_word_embeddings`.
    pub tied: bool,
    /// Gated feed-forward (SwiGLU / GeGLU: every LLM preset).
    pub gated: bool,
    /// Q, K, V biases (Qwen2, Qwen2.5 and the R1 distill of Qwen).
    pub qkv_bias: bool,
    /// Per-head q/k RMS norms (Qwen3, Gemma 3).
    pub qk_norm: bool,
    /// Post-attention and post-FFN norms (Gemma 2, Gemma 3).
    pub post_norms: bool,
}

impl ArchPreset {
    /// The engine's architecture for these dimensions.
    #[must_use]
    pub fn architecture(&self) -> Architecture {
        Architecture {
            layers: f64::from(self.layers),
            hidden: f64::from(self.hidden),
            heads: f64::from(self.heads),
            kv_heads: f64::from(self.kv_heads),
            head_dim: f64::from(self.head_dim),
            ffn: f64::from(self.ffn),
            vocab: f64::from(self.vocab),
            tied: self.tied,
            gated: self.gated,
            qkv_bias: self.qkv_bias,
            qk_norm: self.qk_norm,
            post_norms: self.post_norms,
        }
    }
}

/// A model with the figures its public sources give.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ModelPreset {
    /// Stable id, used in links (`llm=<id>`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// LLM, speech or vision.
    pub family: ModelFamily,
    /// Config dimensions (LLMs whose config was read).
    pub arch: Option<ArchPreset>,
    /// All parameters: derived from the config for LLMs, read for speech and vision models.
    pub params: Option<Figure>,
    /// Parameters excluding the input embedding and the LM head (LLMs, derived).
    pub params_non_embedding: Option<Figure>,
    /// The published round figure for all parameters ("0.49B"), when one was read.
    pub params_stated: Option<f64>,
    /// The published round figure excluding embeddings ("2.4B non-embedding"), when one was read.
    pub params_non_embedding_stated: Option<f64>,
    /// KV-cache bytes per token at FP16 over the attention layers, derived (ignores sliding windows; a hybrid
    /// model's recurrent layers hold a constant state instead).
    pub kv_bytes_per_token_fp16: Option<f64>,
    /// `max_position_embeddings`.
    pub max_context: Option<f64>,
    /// One-shot models: 10⁹ operations per inference (Whisper: per 30 s window, encoder plus the decoder's
    /// cross-attention K/V; torchvision: 2 × its multiply–accumulate `_ops`).
    pub gop: Option<Figure>,
    /// Whisper: 10⁹ operations per generated token of the decoder, not included in [`ModelPreset::gop`].
    pub decoder_gop_per_token: Option<f64>,
    /// One-shot models: peak activation memory, MB (Whisper: one encoder layer at FP16 with the attention
    /// scores materialized).
    pub activation_mb: Option<Figure>,
    /// One-shot models: the input the operation count is for (`224x224`, `640x640`, `30s`).
    pub input_size: Option<&'static str>,
    /// License, where its text was read.
    pub license: Option<&'static str>,
    /// Public sources (URLs or `owner/repo path`).
    pub sources: &'static [&'static str],
}

const ARCH_FIELDS: [Field; 6] = [
    Field::ParamsB,
    Field::Layers,
    Field::Hidden,
    Field::Heads,
    Field::KvHeads,
    Field::HeadDim,
];

impl ModelPreset {
    /// The layout beyond the dense dimensions (sliding window, experts).
    #[must_use]
    pub fn layout(&self) -> super::layouts::Layout {
        super::layouts::layout(self.id)
    }
    /// Parameters counted by the engine from the config and layout (LLMs with a config).
    #[must_use]
    pub fn params_counted(&self) -> Option<crate::model::Params> {
        self.arch.map(|a| {
            let layout = self.layout();
            a.architecture().params_hybrid(
                layout.moe(f64::from(a.ffn)).as_ref(),
                Some(&layout.recurrent()),
            )
        })
    }
    /// Set the model kind and the fields this preset knows, and record its id.
    ///
    /// An LLM with a known config becomes [`ModelKind::Architecture`] with every dimension set (and
    /// `params_b` set to its count, for the solver). Speech and vision models become
    /// [`ModelKind::OneShot`] with parameters, operations and activations where known. Returns the fields the
    /// engine needs that the preset leaves unknown; they keep the value they had.
    pub fn apply(&self, inputs: &mut Inputs) -> Vec<Field> {
        inputs.model = Some(self.id.into());
        let mut unknown = Vec::new();
        match (self.family, &self.arch) {
            (ModelFamily::Llm, Some(a)) => {
                inputs.model_kind = ModelKind::Architecture;
                let flag = |b: bool| if b { 1.0 } else { 0.0 };
                for (f, x) in [
                    (Field::Layers, f64::from(a.layers)),
                    (Field::Hidden, f64::from(a.hidden)),
                    (Field::Heads, f64::from(a.heads)),
                    (Field::KvHeads, f64::from(a.kv_heads)),
                    (Field::HeadDim, f64::from(a.head_dim)),
                    (Field::Ffn, f64::from(a.ffn)),
                    (Field::Vocab, f64::from(a.vocab)),
                    (Field::Tied, flag(a.tied)),
                    (Field::Gated, flag(a.gated)),
                    (Field::QkvBias, flag(a.qkv_bias)),
                    (Field::QkNorm, flag(a.qk_norm)),
                    (Field::PostNorms, flag(a.post_norms)),
                    (
                        Field::ParamsB,
                        self.params_counted().map_or(0.0, |p| p.total()) / 1e9,
                    ),
                ] {
                    inputs.set_exact(f, x);
                }
                super::layouts::layout(self.id).apply(inputs);
                super::towers::apply(self.id, inputs);
            }
            (ModelFamily::Llm, None) => {
                // Only a round "non-embedding" figure is known: not a total, so nothing is set.
                inputs.model_kind = ModelKind::Params;
                super::towers::apply(self.id, inputs);
                unknown.extend(ARCH_FIELDS);
            }
            (ModelFamily::Speech | ModelFamily::Vision, _) => {
                inputs.model_kind = ModelKind::OneShot;
                for (f, x) in [
                    (Field::ParamsB, self.params.map(|p| p.value / 1e9)),
                    (Field::GopPerInference, self.gop.map(|g| g.value)),
                    (Field::ActivationMb, self.activation_mb.map(|a| a.value)),
                ] {
                    match x {
                        Some(x) => inputs.set_exact(f, x),
                        None => unknown.push(f),
                    }
                }
            }
        }
        unknown
    }
}
