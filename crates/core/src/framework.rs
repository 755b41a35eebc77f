//! The inference framework: which formats it can accelerate, and what happens when it cannot.
//!
//! The seed names three matches: operators, quantization format and scheduling. Operators are the
//! coverage share (the rest falls back to the CPU, Amdahl's law); the format is checked against what the
//! framework can export for the chosen backend; scheduling is zero-copy buffer sharing.
//!
//! A format is checked two ways. A named quantization preset whose fields are unedited (`quant=q4_k_m`) is a
//! file format: the framework's list of the formats it loads ([`FrameworkSpec::formats`]) decides, and a
//! format it does not load is [`Mismatch::Format`] ([`check_format`]). A scheme typed by hand, or a preset
//! whose fields were edited, has no file format to look up: the framework's capabilities decide (weight bit
//! widths, group sizes, granularities, [`check`]). Both check the backend, the zero point, the KV cache and
//! the activation precision.

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
    /// The quantization presets (`presets::ALL_QUANTS` ids) it loads, each where it loads it: a named format
    /// outside this list is [`Mismatch::Format`]. Empty: every format (the generic framework).
    pub formats: &'static [Loads],
    /// Public sources for these facts (the list of formats' among them).
    pub sources: &'static [&'static str],
    /// Backends on which only symmetric weights run, beyond [`FrameworkSpec::symmetric_only`] (OpenVINO's
    /// NPU wants symmetric INT4 while its CPU and GPU plugins take zero points).
    pub symmetric_on: &'static [Backend],
    /// Parts of this spec the sources did not settle (not re-read, or an open-ended list): the lists were
    /// filled conservatively and the UI should say so.
    pub unverified: &'static [Claim],
}

/// A quantization preset a framework loads: the file itself, or weights its own documented toolchain stores
/// in that same layout, run without quantizing them again.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Loads {
    /// The quantization preset's id.
    pub quant: &'static str,
    /// The device presets it runs this format on (FP8 needs FP8 tensor cores); empty: every device. A device
    /// typed by hand, not a preset, is not checked: its hardware is not known.
    pub only_on: &'static [&'static str],
}

impl Loads {
    /// A format loaded on every device.
    #[must_use]
    pub const fn any(quant: &'static str) -> Self {
        Self {
            quant,
            only_on: &[],
        }
    }
}

impl FrameworkSpec {
    /// Whether it loads the quantization preset `quant` on the device preset `device` (`None`: a device typed
    /// by hand). A framework without a list of formats (the generic one) loads every format.
    #[must_use]
    pub fn loads(&self, quant: &str, device: Option<&str>) -> bool {
        self.formats.is_empty()
            || self.formats.iter().any(|l| {
                l.quant == quant
                    && (l.only_on.is_empty() || device.is_none_or(|d| l.only_on.contains(&d)))
            })
    }

    /// Why it does not load the quantization preset `quant` on `device`; `None` when it does.
    #[must_use]
    pub fn format_mismatch(&self, quant: &'static str, device: Option<&str>) -> Option<Mismatch> {
        if self.loads(quant, device) {
            return None;
        }
        let only_on = self
            .formats
            .iter()
            .find(|l| l.quant == quant)
            .map_or(&[][..], |l| l.only_on);
        Some(Mismatch::Format { quant, only_on })
    }
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
    /// [`FrameworkSpec::formats`].
    Formats,
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
    /// A named quantization format the framework does not load, or loads only on other devices.
    Format {
        /// The quantization preset's id.
        quant: &'static str,
        /// The device presets it loads it on; empty: none (it does not load this format at all).
        only_on: &'static [&'static str],
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

/// Check a scheme that may be a named file format: `format` is the quantization preset the scheme is, unedited
/// (`None`: a scheme typed by hand, or a preset whose fields were edited), `device` the device preset. With a
/// format and a framework that lists the formats it loads, the list decides in place of the weight bit widths,
/// group sizes and granularities; a format outside it is [`Mismatch::Format`], first among the reasons.
/// Otherwise this is [`check`].
#[must_use]
pub fn check_format(
    fw: &FrameworkSpec,
    backend: Backend,
    q: &Quant,
    format: Option<&'static str>,
    device: Option<&str>,
    coverage: f64,
) -> (Support, f64) {
    let Some(quant) = format.filter(|_| !fw.formats.is_empty()) else {
        return check(fw, backend, q, coverage);
    };
    let listed = FrameworkSpec {
        weight_bits: &[],
        group_sizes: &[],
        granularities: &[],
        ..*fw
    };
    let (support, cov) = check(&listed, backend, q, coverage);
    match fw.format_mismatch(quant, device) {
        None => (support, cov),
        Some(m) => {
            let mut reasons = alloc::vec![m];
            if let Support::Unsupported { reasons: more } = support {
                reasons.extend(more);
            }
            (Support::Unsupported { reasons }, coverage)
        }
    }
}
