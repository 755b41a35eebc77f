//! Quantization: how many bits each weight, activation and KV element costs.

use crate::input::{Activation, Granularity};
use crate::model::Params;
use crate::units::Bytes;

/// Bits of norm weights and biases, which quantizers leave in 16 bits.
pub const VECTOR_BITS: f64 = 16.0;

/// A validated quantization scheme.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Quant {
    /// Bits per quantized weight.
    pub weight_bits: f64,
    /// Scale granularity.
    pub granularity: Granularity,
    /// Group size (group-wise only).
    pub group: f64,
    /// Bits per scale.
    pub scale_bits: f64,
    /// Bits per zero point (0: symmetric).
    pub zero_bits: f64,
    /// Bits of the embedding and LM head, when they differ.
    pub embed_bits: Option<f64>,
    /// Activation precision.
    pub activation: Activation,
    /// Bits per KV-cache element.
    pub kv_bits: f64,
}

impl Quant {
    /// Effective bits per weight including scales and zero points, for matrices whose input width is `k`:
    /// b + (s + z)/g group-wise, b + (s + z)/k per channel, b per tensor.
    #[must_use]
    pub fn effective_bits(&self, k: f64) -> f64 {
        let side = self.scale_bits + self.zero_bits;
        match self.granularity {
            Granularity::PerTensor => self.weight_bits,
            Granularity::PerChannel => self.weight_bits + side / k,
            Granularity::GroupWise => self.weight_bits + side / self.group,
        }
    }
    /// Bits of the embedding table and LM head.
    #[must_use]
    pub fn embedding_bits(&self, k: f64) -> f64 {
        self.embed_bits.unwrap_or_else(|| self.effective_bits(k))
    }
    /// Bytes of the weights, by where they sit.
    #[must_use]
    pub fn weight_bytes(&self, p: &Params, k: f64) -> WeightBytes {
        let eb = self.embedding_bits(k);
        WeightBytes {
            body: Bytes(p.body * self.effective_bits(k) / 8.0),
            embedding: Bytes(p.embedding * eb / 8.0),
            lm_head: Bytes(p.lm_head * eb / 8.0),
            vectors: Bytes(p.vectors * VECTOR_BITS / 8.0),
            idle: Bytes(p.idle * self.effective_bits(k) / 8.0),
            routed: Bytes(p.routed * self.effective_bits(k) / 8.0),
        }
    }
    /// Bytes per KV-cache element.
    #[must_use]
    pub fn kv_bytes(&self) -> f64 {
        self.kv_bits / 8.0
    }
}

/// Weight bytes by where they sit.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WeightBytes {
    /// Layer matrices.
    pub body: Bytes,
    /// Embedding table.
    pub embedding: Bytes,
    /// Separate LM head.
    pub lm_head: Bytes,
    /// Norms and biases.
    pub vectors: Bytes,
    /// Mixture of experts: the part of `body` a token does not read (its unused routed experts).
    pub idle: Bytes,
    /// Mixture of experts: all routed experts (part of `body`).
    pub routed: Bytes,
}

impl WeightBytes {
    /// All weight bytes (what memory holds and the file stores).
    #[must_use]
    pub fn total(&self) -> Bytes {
        self.body + self.embedding + self.lm_head + self.vectors
    }
    /// Bytes read per generated token: everything but an untied embedding table, which is a lookup, and
    /// the experts a token does not use.
    #[must_use]
    pub fn read_per_token(&self, tied: bool) -> Bytes {
        self.read_dense(tied) - self.idle
    }
    /// Bytes read per token if every expert were read (the dense roofline bound of a mixture of experts).
    #[must_use]
    pub fn read_dense(&self, tied: bool) -> Bytes {
        let lookup = if tied { Bytes(0.0) } else { self.embedding };
        self.total() - lookup
    }
}
