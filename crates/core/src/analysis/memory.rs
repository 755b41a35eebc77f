//! Memory capacity: weights + KV cache at full context × batch + workspace + runtime overhead, against
//! total memory minus what the OS and other apps keep.

use crate::model::Model;
use crate::quant::WeightBytes;
use crate::scenario::Scenario;
use crate::units::Bytes;

use super::{headroom, Verdict};

/// Input width assumed for per-channel scales of one-shot models, whose layer widths are not given.
pub const ONE_SHOT_CHANNEL_WIDTH: f64 = 1024.0;

/// Memory numbers.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Memory {
    /// Weights, by where they sit.
    pub weights: WeightBytes,
    /// Effective bits per weight of the layer matrices (scales and zero points included).
    pub bits_per_weight: f64,
    /// KV-cache bytes per token of context, one sequence.
    pub kv_per_token: Bytes,
    /// KV cache at full context × batch.
    pub kv: Bytes,
    /// Activations and workspace (prefill chunk, attention scores, logits; one-shot: peak activations).
    pub workspace: Bytes,
    /// Runtime overhead.
    pub runtime: Bytes,
    /// Speculative decoding's draft model: its weights and KV cache (0 without one).
    pub draft: Bytes,
    /// With images: the vision tower's weights (at `vit_bits`) and one encoder pass's activations.
    pub vision: Bytes,
    /// Parts the weights are split into to fit the accelerator's per-graph limit (1: none).
    pub graph_parts: f64,
    /// Everything.
    pub total: Bytes,
    /// Total minus reserved.
    pub usable: Bytes,
    /// Verdict.
    pub verdict: Verdict,
    /// (usable − total) / usable.
    pub headroom: f64,
}

/// Weight bytes of the scenario's model.
#[must_use]
pub fn weights(s: &Scenario) -> WeightBytes {
    match &s.model {
        Model::Llm(m) => s.quant.weight_bytes(&m.params, m.hidden),
        Model::OneShot(m) => WeightBytes {
            body: Bytes(m.params * s.quant.effective_bits(ONE_SHOT_CHANNEL_WIDTH) / 8.0),
            ..WeightBytes::default()
        },
    }
}

/// KV cache (and recurrent state) of one sequence at context `c`: 2 · n_kv_heads · head_dim · kv_bytes per
/// token and attention layer, local layers capped at their window, MLA layers at their latent width.
#[must_use]
pub fn kv_bytes_at(s: &Scenario, c: f64) -> Bytes {
    match &s.model {
        Model::Llm(m) => {
            Bytes(m.attention.kv_elements_at(c) * s.quant.kv_bytes() + m.attention.state())
        }
        Model::OneShot(_) => Bytes(0.0),
    }
}

/// KV cache (and recurrent state) one decode step of one sequence reads at context `c`: every attention
/// layer's cache, a layer that shares another's reading it again ([`kv_bytes_at`] holds it once).
#[must_use]
pub fn kv_read_bytes_at(s: &Scenario, c: f64) -> Bytes {
    match &s.model {
        Model::Llm(m) => {
            Bytes(m.attention.kv_read_elements_at(c) * s.quant.kv_bytes() + m.attention.state())
        }
        Model::OneShot(_) => Bytes(0.0),
    }
}

/// The context the KV cache is allocated for: the export context of a static cache, else the scenario's.
#[must_use]
pub fn allocated_context(s: &Scenario) -> f64 {
    s.targets.export_ctx.unwrap_or(s.targets.context)
}

/// KV-cache bytes per token of context, averaged over the allocated context (one sequence). For a plain
/// transformer: 2 · L · n_kv_heads · head_dim · kv_bytes.
#[must_use]
pub fn kv_per_token(s: &Scenario) -> Bytes {
    let c = allocated_context(s).max(1.0);
    kv_bytes_at(s, c) / c
}

/// Memory check.
#[must_use]
pub fn analyze(s: &Scenario) -> Memory {
    let t = &s.targets;
    let w = weights(s);
    let kvt = kv_per_token(s);
    let (kv, workspace, bpw) = match &s.model {
        Model::Llm(m) => {
            // Prefill chunk activations (q, k, v, attention out and the FFN intermediate in 16 bits),
            // one layer's attention scores for the chunk, and FP32 logits.
            let chunk = t.chunk.min(t.prompt.max(1.0));
            let acts = chunk
                * (2.0 * m.hidden + m.attention.q_width + 2.0 * m.attention.kv_width + m.ffn)
                * 2.0;
            let heads = m.attention.q_width / 128f64.max(1.0);
            let scores = heads * chunk * chunk * 2.0;
            let logits = m.vocab * 4.0;
            // Each stream keeps its own cache and logits; one prompt is prefilled at a time.
            (
                kv_bytes_at(s, allocated_context(s)) * t.sequences(),
                Bytes((acts + scores + logits) * t.batch + logits * t.batch * (t.streams - 1.0)),
                s.quant.effective_bits(m.hidden),
            )
        }
        Model::OneShot(m) => (
            Bytes(0.0),
            m.activation * t.batch,
            s.quant.effective_bits(ONE_SHOT_CHANNEL_WIDTH),
        ),
    };
    let (dw, dkv) = super::speculative::draft_memory(s);
    let draft = dw + dkv;
    let vision = s
        .vision
        .as_ref()
        .map_or(Bytes(0.0), |v| v.tower.weight_bytes() + v.workspace());
    let total = w.total() + kv + workspace + t.runtime + draft + vision;
    let graph_parts = s
        .device
        .graph_limit
        .map_or(1.0, |lim| crate::math::ceil(w.total() / lim).max(1.0));
    let usable = s.device.usable_memory();
    let h = headroom(usable.0, total.0);
    Memory {
        weights: w,
        bits_per_weight: bpw,
        kv_per_token: kvt,
        graph_parts,
        kv,
        workspace,
        runtime: t.runtime,
        draft,
        vision,
        total,
        usable,
        verdict: Verdict::from_headroom(h),
        headroom: h,
    }
}
