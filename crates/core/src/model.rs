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
    /// Mixture of experts: body parameters held in memory but not read for one token (the routed experts
    /// a token does not use). 0 for a dense model.
    pub idle: f64,
    /// Mixture of experts: all routed-expert parameters (part of `body`).
    pub routed: f64,
    /// Mixture of experts: the share of routed experts one token uses (k / E); 0 when unknown.
    pub routed_share: f64,
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
        self.body - self.idle + if tied { self.embedding } else { self.lm_head }
    }
    /// Routed-expert parameters a prompt of `tokens` tokens leaves untouched: each token picks k of E
    /// experts, so a given expert escapes all of them with probability (1 − k/E)^tokens. Unknown routing
    /// (a bare count): every expert is assumed touched.
    #[must_use]
    pub fn untouched(&self, tokens: f64) -> f64 {
        if self.routed_share > 0.0 && self.routed_share < 1.0 {
            self.routed * crate::math::exp(tokens * crate::math::ln(1.0 - self.routed_share))
        } else {
            0.0
        }
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
    /// Exact parameter count by where the parameters sit (a dense model).
    #[must_use]
    pub fn params(&self) -> Params {
        self.params_with(None)
    }
    /// Weights of one attention block: Q, K, V and output projections.
    #[must_use]
    pub fn attention_params(&self) -> f64 {
        let (h, q, kv) = (self.hidden, self.q_width(), self.kv_width());
        h * q + 2.0 * h * kv + q * h
    }
    /// Vectors of one attention block beside its layer norms: Q/K/V biases and per-head q/k norms.
    #[must_use]
    pub fn attention_vectors(&self) -> f64 {
        let mut v = 0.0;
        if self.qkv_bias {
            v += self.q_width() + 2.0 * self.kv_width();
        }
        if self.qk_norm {
            v += 2.0 * self.head_dim;
        }
        v
    }
    /// Exact parameter count, with the feed-forward blocks replaced by experts when `moe` is given:
    /// (routed + shared) experts of `expert_ffn` width plus a router of hidden × experts per layer.
    #[must_use]
    pub fn params_with(&self, moe: Option<&Moe>) -> Params {
        let h = self.hidden;
        let attn = self.attention_params();
        let mats = if self.gated { 3.0 } else { 2.0 };
        let (ffn, idle, routed, share) = match moe {
            Some(m) => {
                let one = mats * h * m.expert_ffn;
                let routed = m.experts * one;
                (
                    routed + m.shared * one + h * m.experts,
                    (m.experts - m.active) * one,
                    routed,
                    m.active / m.experts,
                )
            }
            None => (mats * h * self.ffn, 0.0, 0.0, 0.0),
        };
        // Two RMSNorms per layer; four with post-norms.
        let vectors = if self.post_norms { 4.0 } else { 2.0 } * h + self.attention_vectors();
        let embedding = self.vocab * h;
        Params {
            body: self.layers * (attn + ffn),
            embedding,
            lm_head: if self.tied { 0.0 } else { embedding },
            vectors: self.layers * vectors + h,
            idle: self.layers * idle,
            routed: self.layers * routed,
            routed_share: share,
        }
    }
}

impl Architecture {
    /// Exact parameter count of a hybrid model: as [`Architecture::params_with`], with the attention block of
    /// each recurrent layer replaced by its own mixer of `recurrent.mixer` weights (and without the
    /// attention's biases and q/k norms). A mixer of 0 keeps the attention count (the layout before hybrid
    /// mixers were counted, so older links read the same).
    #[must_use]
    pub fn params_hybrid(&self, moe: Option<&Moe>, recurrent: Option<&Recurrent>) -> Params {
        let mut p = self.params_with(moe);
        if let Some(r) = recurrent.filter(|r| r.layers > 0.0 && r.mixer > 0.0) {
            let n = r.layers.min(self.layers);
            p.body += n * (r.mixer - self.attention_params());
            p.vectors -= n * self.attention_vectors();
        }
        p
    }
}

/// The recurrent (or convolutional) layers of a hybrid model, for counting parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Recurrent {
    /// Layers whose token mixer is recurrent or convolutional instead of attention.
    pub layers: f64,
    /// Weights of one such mixer (LFM2's gated short convolution: in_proj 3H × H, out_proj H × H and a
    /// depthwise kernel H × L_cache); 0: counted as an attention block.
    pub mixer: f64,
}

/// A mixture-of-experts feed-forward layout.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Moe {
    /// Routed experts per layer.
    pub experts: f64,
    /// Routed experts per token.
    pub active: f64,
    /// Shared experts per layer (used by every token).
    pub shared: f64,
    /// Feed-forward width of one expert.
    pub expert_ffn: f64,
}

/// The shape of the attention, which sizes the KV cache and attention compute.
///
/// Layers come in three kinds: global attention layers (KV grows with the context), local
/// sliding-window layers (KV capped at the window, as Gemma 2/3's local layers and Mistral 7B v0.1), and
/// linear or recurrent layers (a constant state instead of a KV cache, as in hybrid models). Multi-head
/// latent attention caches one compressed vector of `mla_dim` elements per token and layer instead of K and V.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AttentionShape {
    /// All layers.
    pub layers: f64,
    /// Query width (heads × head width).
    pub q_width: f64,
    /// Key/value width (KV heads × head width).
    pub kv_width: f64,
    /// Sliding window in tokens (0: none).
    pub window: f64,
    /// Layers that use the sliding window.
    pub local_layers: f64,
    /// Multi-head latent attention: cached elements per token and layer (0: K and V).
    pub mla_dim: f64,
    /// Linear or recurrent layers (no KV cache).
    pub recurrent_layers: f64,
    /// Bytes of state per recurrent layer and sequence.
    pub state_bytes: f64,
    /// Cross-layer KV sharing: attention layers that reuse an earlier layer's K and V instead of storing
    /// their own (Gemma 3n: 15 of 35). They hold no cache but still read one each token; they keep the
    /// model's mix of sliding-window and full layers (exact when they span whole periods of its layer
    /// pattern, as Gemma 3n's last 15 layers do: 12 sliding, 3 full).
    pub shared_layers: f64,
}

impl AttentionShape {
    /// A plain transformer: every layer global attention.
    #[must_use]
    pub fn dense(layers: f64, q_width: f64, kv_width: f64) -> Self {
        Self {
            layers,
            q_width,
            kv_width,
            window: 0.0,
            local_layers: 0.0,
            mla_dim: 0.0,
            recurrent_layers: 0.0,
            state_bytes: 0.0,
            shared_layers: 0.0,
        }
    }
    /// Cached elements per token in one attention layer: 2 × KV width, or the MLA width.
    #[must_use]
    pub fn kv_elements_per_layer(&self) -> f64 {
        if self.mla_dim > 0.0 {
            self.mla_dim
        } else {
            2.0 * self.kv_width
        }
    }
    /// Layers with attention (all but the recurrent ones).
    #[must_use]
    pub fn attention_layers(&self) -> f64 {
        (self.layers - self.recurrent_layers).max(0.0)
    }
    fn local(&self) -> f64 {
        if self.window > 0.0 {
            self.local_layers.min(self.attention_layers())
        } else {
            0.0
        }
    }
    /// KV-cache elements read per token of context, ignoring windows: layers with attention × per-layer
    /// elements (a layer that shares another's cache reads it too).
    #[must_use]
    pub fn kv_elements_per_token(&self) -> f64 {
        self.attention_layers() * self.kv_elements_per_layer()
    }
    /// The shared layers ([`AttentionShape::shared_layers`], at most all attention layers but one), split
    /// (full-attention, sliding-window) in the model's proportion of each kind.
    #[must_use]
    pub fn shared(&self) -> (f64, f64) {
        let att = self.attention_layers();
        let n = self.shared_layers.clamp(0.0, (att - 1.0).max(0.0));
        if n <= 0.0 || att <= 0.0 {
            return (0.0, 0.0);
        }
        let local = n * self.local() / att;
        (n - local, local)
    }
    /// KV-cache elements held per token of context, ignoring windows: the layers that store a cache.
    #[must_use]
    pub fn held_elements_per_token(&self) -> f64 {
        let (f, l) = self.shared();
        (self.attention_layers() - f - l) * self.kv_elements_per_layer()
    }
    /// Tokens attended to, summed over layers, by one token at context `c`: global layers see `c`, local
    /// layers at most the window.
    #[must_use]
    pub fn attended(&self, c: f64) -> f64 {
        let local = self.local();
        (self.attention_layers() - local) * c + local * c.min(self.window)
    }
    /// KV-cache elements held at context `c` (one sequence): the layers that store a cache, local ones
    /// capped at the window.
    #[must_use]
    pub fn kv_elements_at(&self, c: f64) -> f64 {
        let split = self.kv_split(c);
        split.full + split.local
    }
    /// KV-cache elements read by one token at context `c` (one sequence): every attention layer reads a
    /// cache, its own or the one it shares.
    #[must_use]
    pub fn kv_read_elements_at(&self, c: f64) -> f64 {
        self.attended(c) * self.kv_elements_per_layer()
    }
    /// Token pairs a causal prefill of `p` tokens attends to, summed over layers (p²/2 per global layer).
    #[must_use]
    pub fn prefill_pairs(&self, p: f64) -> f64 {
        let local = self.local();
        let w = self.window;
        let capped = if p <= w {
            p * p / 2.0
        } else {
            w * w / 2.0 + (p - w) * w
        };
        (self.attention_layers() - local) * p * p / 2.0 + local * capped
    }
    /// Constant recurrent state of one sequence, bytes.
    #[must_use]
    pub fn state(&self) -> f64 {
        self.recurrent_layers * self.state_bytes
    }
    /// The cache of one sequence at context `c`, by layer kind: full-attention layers grow with `c`,
    /// sliding-window layers stop at the window, recurrent layers keep a constant state. The two element
    /// counts add up to [`AttentionShape::kv_elements_at`].
    #[must_use]
    pub fn kv_split(&self, c: f64) -> KvSplit {
        let (shared_full, shared_local) = self.shared();
        let local = self.local() - shared_local;
        let full = self.attention_layers() - self.local() - shared_full;
        let per = self.kv_elements_per_layer();
        KvSplit {
            full_layers: full,
            full: full * c * per,
            local_layers: local,
            local: local * c.min(self.window) * per,
            recurrent_layers: self.recurrent_layers.min(self.layers),
            state: self.state(),
            shared_layers: shared_full + shared_local,
        }
    }
}

/// One sequence's cache by layer kind ([`AttentionShape::kv_split`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct KvSplit {
    /// Full-attention layers.
    pub full_layers: f64,
    /// Their cached elements.
    pub full: f64,
    /// Sliding-window layers.
    pub local_layers: f64,
    /// Their cached elements.
    pub local: f64,
    /// Recurrent (linear, state-space, convolution) layers.
    pub recurrent_layers: f64,
    /// Their state, bytes.
    pub state: f64,
    /// Layers that read another layer's cache and hold none.
    pub shared_layers: f64,
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
            + 4.0 * self.attention.attended(context) * self.attention.q_width)
    }
    /// Operations to prefill `p` prompt tokens: 2 · N · P + 2 · L · P² · q_width.
    #[must_use]
    pub fn prefill_ops(&self, p: f64) -> Ops {
        Ops(2.0 * self.matmul_params() * p + self.prefill_attention_ops(p).0)
    }
    /// The attention part of [`Llm::prefill_ops`] (scores and weighted values): 4 · pairs · q_width.
    #[must_use]
    pub fn prefill_attention_ops(&self, p: f64) -> Ops {
        Ops(4.0 * self.attention.prefill_pairs(p) * self.attention.q_width)
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
