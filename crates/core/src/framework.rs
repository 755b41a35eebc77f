//! The inference framework: which formats it can accelerate, and what happens when it cannot.
//!
//! The seed names three matches: operators, quantization format and scheduling. Operators are the
//! coverage share (the rest falls back to the CPU, Amdahl's law); the format is checked against what the
//! framework can export for the chosen backend; scheduling is zero-copy buffer sharing.

use crate::input::{Activation, Backend, Granularity};
use crate::quant::Quant;

/// What a framework supports. `&[]` in a list means "any".
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FrameworkSpec {
    /// Stable id used in links.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Backends it runs on.
    pub backends: &'static [Backend],
    /// Weight bit widths it can accelerate (any when empty).
    pub weight_bits: &'static [f64],
    /// Group sizes it offers for group-wise weights (any when empty).
    pub group_sizes: &'static [f64],
    /// Granularities it exports (any when empty).
    pub granularities: &'static [Granularity],
    /// Only symmetric weights (zero point must be 0).
    pub symmetric_only: bool,
    /// Activation precisions its kernels run (any when empty).
    pub activations: &'static [Activation],
    /// KV-cache bit widths (any when empty).
    pub kv_bits: &'static [f64],
    /// Public sources for these facts.
    pub sources: &'static [&'static str],
    /// Backends on which only symmetric weights run, beyond [`FrameworkSpec::symmetric_only`] (OpenVINO's
    /// NPU wants symmetric INT4 while its CPU and GPU plugins take zero points).
    pub symmetric_on: &'static [Backend],
    /// Parts of this spec the sources did not settle (not re-read, or an open-ended list): the lists were
    /// filled conservatively and the UI should say so.
    pub unverified: &'static [Claim],
}

/// A part of a [`FrameworkSpec`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Claim {
    /// [`FrameworkSpec::backends`].
    Backends,
    /// [`FrameworkSpec::weight_bits`].
    WeightBits,
    /// [`FrameworkSpec::group_sizes`].
    GroupSizes,
    /// [`FrameworkSpec::granularities`].
    Granularities,
    /// Zero-point support ([`FrameworkSpec::symmetric_only`]).
    ZeroPoint,
    /// [`FrameworkSpec::activations`].
    Activations,
    /// [`FrameworkSpec::kv_bits`].
    KvBits,
}

/// Why a scheme cannot be accelerated as configured.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Mismatch {
    /// The framework does not run on this backend.
    Backend {
        /// The chosen backend.
        backend: Backend,
    },
    /// Weight bit width not offered.
    WeightBits {
        /// The chosen bits.
        bits: f64,
    },
    /// Group size not offered.
    GroupSize {
        /// The chosen group size.
        group: f64,
    },
    /// Granularity not offered.
    Granularity {
        /// The chosen granularity.
        granularity: Granularity,
    },
    /// The framework is symmetric-only: the zero point must be 0.
    ZeroPoint {
        /// The chosen zero-point bits.
        zero_bits: f64,
    },
    /// KV-cache format not offered.
    KvBits {
        /// The chosen KV bits.
        bits: f64,
    },
    /// The activation precision is not run by the accelerator's kernels: the model runs on the CPU.
    Activation {
        /// The chosen precision.
        activation: Activation,
    },
    /// Some operators are not on the accelerator.
    Operators {
        /// Share of operations that stay on the accelerator.
        coverage: f64,
    },
    /// The scenario's context is longer than the context the model was exported with.
    ExportContext {
        /// The scenario's context.
        context: f64,
        /// The exported (static) context.
        exported: f64,
    },
    /// The weights exceed the accelerator's per-graph limit and run as several graphs.
    GraphSplit {
        /// Number of graphs.
        parts: f64,
    },
}

/// The framework verdict: supported, runs with CPU fallback, or not supported.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "status", rename_all = "snake_case")
)]
pub enum Support {
    /// Every operator and format is accelerated.
    Supported,
    /// Runs, but some or all work falls back to the CPU.
    Fallback {
        /// Why.
        reasons: alloc::vec::Vec<Mismatch>,
    },
    /// The scheme cannot be exported or run as configured.
    Unsupported {
        /// Why.
        reasons: alloc::vec::Vec<Mismatch>,
    },
}

fn offered(list: &[f64], x: f64) -> bool {
    list.is_empty() || list.iter().any(|&v| (v - x).abs() < 1e-9)
}

/// Check a scheme against a framework. Returns the support status and the share of operations that run on
/// the accelerator (0 when the activation precision forces everything to the CPU).
#[must_use]
pub fn check(fw: &FrameworkSpec, backend: Backend, q: &Quant, coverage: f64) -> (Support, f64) {
    let mut hard = alloc::vec::Vec::new();
    if !fw.backends.is_empty() && !fw.backends.contains(&backend) {
        hard.push(Mismatch::Backend { backend });
    }
    if !offered(fw.weight_bits, q.weight_bits) {
        hard.push(Mismatch::WeightBits {
            bits: q.weight_bits,
        });
    }
    if !fw.granularities.is_empty() && !fw.granularities.contains(&q.granularity) {
        hard.push(Mismatch::Granularity {
            granularity: q.granularity,
        });
    }
    if q.granularity == Granularity::GroupWise && !offered(fw.group_sizes, q.group) {
        hard.push(Mismatch::GroupSize { group: q.group });
    }
    if (fw.symmetric_only || fw.symmetric_on.contains(&backend)) && q.zero_bits > 0.0 {
        hard.push(Mismatch::ZeroPoint {
            zero_bits: q.zero_bits,
        });
    }
    if !offered(fw.kv_bits, q.kv_bits) {
        hard.push(Mismatch::KvBits { bits: q.kv_bits });
    }
    if !hard.is_empty() {
        return (Support::Unsupported { reasons: hard }, coverage);
    }
    let mut soft = alloc::vec::Vec::new();
    let mut cov = coverage;
    if !fw.activations.is_empty()
        && !fw.activations.contains(&q.activation)
        && backend != Backend::Cpu
    {
        soft.push(Mismatch::Activation {
            activation: q.activation,
        });
        cov = 0.0;
    }
    if coverage < 1.0 {
        soft.push(Mismatch::Operators { coverage });
    }
    if soft.is_empty() {
        (Support::Supported, cov)
    } else {
        (Support::Fallback { reasons: soft }, cov)
    }
}
