//! The model: how many parameters, how they split, and the shape of its KV cache.

use crate::units::{Bytes, Ops};

/// A transformer decoder's dimensions, from which parameters are counted exactly.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Architecture {
    /// Layers.
    pub layers: f64,
    /// Hidden size.
    pub hidden: f64,
    /// Query heads.
    pub heads: f64,
    /// Key/value heads.
    pub kv_heads: f64,
    /// Head width.
    pub head_dim: f64,
    /// Feed-forward width.
    pub ffn: f64,
    /// Vocabulary.
    pub vocab: f64,
    /// Embedding shared with the LM head.
    pub tied: bool,
    /// Gated (three-matrix) feed-forward.
    pub gated: bool,
    /// Biases on Q, K and V.
    pub qkv_bias: bool,
    /// RMS norms on queries and keys.
    pub qk_norm: bool,
    /// Norms after the attention and feed-forward blocks as well as before them (Gemma 2 and 3): four
    /// norm vectors per layer instead of two.
    pub post_norms: bool,
}

/// Where a model's parameters sit: this decides how many bits each gets and which are read per token.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Params {
    /// Weight matrices inside the layers (attention and feed-forward).
    pub body: f64,
    /// The input embedding table (when tied, also the LM head).
    pub embedding: f64,
    /// A separate LM head (0 when tied).
    pub lm_head: f64,
    /// Norm weights and biases, kept in 16 bits.
    pub vectors: f64,
}

impl Params {
    /// All parameters.
    #[must_use]
    pub fn total(&self) -> f64 {
        self.body + self.embedding + self.lm_head + self.vectors
    }
    /// Parameters that take part in a matrix multiply per token: the body and the LM head (which is the
    /// embedding table when tied). An untied embedding is a lookup.
    #[must_use]
    pub fn matmul(&self, tied: bool) -> f64 {
        self.body + if tied { self.embedding } else { self.lm_head }
    }
}

impl Architecture {
    /// Query width (heads × head width).
    #[must_use]
    pub fn q_width(&self) -> f64 {
        self.heads * self.head_dim
    }
    /// Key/value width (KV heads × head width).
    #[must_use]
    pub fn kv_width(&self) -> f64 {
        self.kv_heads * self.head_dim
    }
    /// Exact parameter count by where the parameters sit.
    #[must_use]
    pub fn params(&self) -> Params {
        let (h, q, kv) = (self.hidden, self.q_width(), self.kv_width());
        let attn = h * q + 2.0 * h * kv + q * h;
        let ffn = if self.gated { 3.0 } else { 2.0 } * h * self.ffn;
        // Two RMSNorms per layer; four with post-norms.
        let mut vectors = if self.post_norms { 4.0 } else { 2.0 } * h;
        if self.qkv_bias {
            vectors += q + 2.0 * kv;
        }
        if self.qk_norm {
            vectors += 2.0 * self.head_dim;
        }
        let embedding = self.vocab * h;
        Params {
            body: self.layers * (attn + ffn),
            embedding,
            lm_head: if self.tied { 0.0 } else { embedding },
            vectors: self.layers * vectors + h,
        }
    }
}

/// The shape of the attention, which sizes the KV cache and attention compute.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AttentionShape {
    /// Layers.
    pub layers: f64,
    /// Query width (heads × head width).
    pub q_width: f64,
    /// Key/value width (KV heads × head width).
    pub kv_width: f64,
}

impl AttentionShape {
    /// KV-cache elements per token of context: 2 (K and V) × layers × KV width.
    #[must_use]
    pub fn kv_elements_per_token(&self) -> f64 {
        2.0 * self.layers * self.kv_width
    }
}

/// An autoregressive language model.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Llm {
    /// Parameters by where they sit.
    pub params: Params,
    /// Whether the embedding is shared with the LM head.
    pub tied: bool,
    /// Attention shape.
    pub attention: AttentionShape,
    /// Hidden size.
    pub hidden: f64,
    /// Feed-forward width.
    pub ffn: f64,
    /// Vocabulary.
    pub vocab: f64,
    /// Whether `params` were counted from an architecture (else given as a count).
    pub counted: bool,
}

impl Llm {
    /// Matrix parameters used per token.
    #[must_use]
    pub fn matmul_params(&self) -> f64 {
        self.params.matmul(self.tied)
    }
    /// Operations per generated token at context `c`: 2 · N_matmul + 4 · L · c · q_width.
    #[must_use]
    pub fn decode_ops(&self, context: f64) -> Ops {
        Ops(2.0 * self.matmul_params()
            + 4.0 * self.attention.layers * context * self.attention.q_width)
    }
    /// Operations to prefill `p` prompt tokens: 2 · N · P + 2 · L · P² · q_width.
    #[must_use]
    pub fn prefill_ops(&self, p: f64) -> Ops {
        Ops(2.0 * self.matmul_params() * p
            + 2.0 * self.attention.layers * p * p * self.attention.q_width)
    }
}

/// A one-shot model (vision, speech encoder): one pass per input.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OneShot {
    /// Parameters.
    pub params: f64,
    /// Operations per inference.
    pub ops: Ops,
    /// Peak activation memory of one inference.
    pub activation: Bytes,
    /// Target inferences per second.
    pub fps: f64,
}

/// A validated model.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Model {
    /// Autoregressive: prefill, then one token at a time.
    Llm(Llm),
    /// One pass per input.
    OneShot(OneShot),
}

impl Model {
    /// All parameters.
    #[must_use]
    pub fn total_params(&self) -> f64 {
        match self {
            Model::Llm(m) => m.params.total(),
            Model::OneShot(m) => m.params,
        }
    }
}
