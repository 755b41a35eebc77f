//! The reverse question: the largest model that meets every target on this device, per quantization
//! scheme, and the smallest device a given model needs.

use alloc::vec::Vec;

use crate::analysis::{analyze, Constraint, Report, Verdict, ALL_CONSTRAINTS};
use crate::input::{Activation, Field, Granularity, Inputs, ModelKind};
use crate::scenario::{validate, Errors};

/// A named quantization scheme the solver tries.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Scheme {
    /// Stable id.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Bits per quantized weight.
    pub weight_bits: f64,
    /// Granularity.
    pub granularity: Granularity,
    /// Group size (group-wise).
    pub group: f64,
    /// Scale bits.
    pub scale_bits: f64,
    /// Zero-point bits.
    pub zero_bits: f64,
    /// Activation precision.
    pub activation: Activation,
}

const fn scheme(
    id: &'static str,
    name: &'static str,
    weight_bits: f64,
    granularity: Granularity,
    group: f64,
    zero_bits: f64,
    activation: Activation,
) -> Scheme {
    Scheme {
        id,
        name,
        weight_bits,
        granularity,
        group,
        scale_bits: 16.0,
        zero_bits,
        activation,
    }
}

/// The schemes the solver tries, from widest to narrowest. GGUF types are expressed by their block
/// structure (Q8_0: 32 weights share an fp16 scale = 8.5 bpw; Q4_0 = 4.5 bpw); Q4_K_M by its measured
/// whole-file bits per weight.
pub const ALL_SCHEMES: &[Scheme] = &[
    scheme(
        "fp16",
        "FP16",
        16.0,
        Granularity::PerTensor,
        128.0,
        0.0,
        Activation::Fp16,
    ),
    scheme(
        "w8a16",
        "W8A16 per-channel",
        8.0,
        Granularity::PerChannel,
        128.0,
        0.0,
        Activation::Fp16,
    ),
    scheme(
        "w8a8",
        "W8A8 per-channel",
        8.0,
        Granularity::PerChannel,
        128.0,
        0.0,
        Activation::Int8,
    ),
    scheme(
        "q8_0",
        "GGUF Q8_0",
        8.0,
        Granularity::GroupWise,
        32.0,
        0.0,
        Activation::Int8,
    ),
    scheme(
        "q4_k_m",
        "GGUF Q4_K_M",
        crate::import::ggml::file_type_bits("Q4_K_M"),
        Granularity::PerTensor,
        256.0,
        0.0,
        Activation::Int8,
    ),
    scheme(
        "q4_0",
        "GGUF Q4_0",
        4.0,
        Granularity::GroupWise,
        32.0,
        0.0,
        Activation::Int8,
    ),
    scheme(
        "w4a16_g128",
        "W4A16 g128",
        4.0,
        Granularity::GroupWise,
        128.0,
        0.0,
        Activation::Fp16,
    ),
    scheme(
        "w4a8_g128",
        "W4A8 g128",
        4.0,
        Granularity::GroupWise,
        128.0,
        0.0,
        Activation::Int8,
    ),
    scheme(
        "int4",
        "INT4 per-tensor (the worked example's)",
        4.0,
        Granularity::PerTensor,
        128.0,
        0.0,
        Activation::Int8,
    ),
    scheme(
        "w3a16_g128",
        "W3A16 g128",
        3.0,
        Granularity::GroupWise,
        128.0,
        0.0,
        Activation::Fp16,
    ),
];

impl Scheme {
    /// Effective bits per weight (scales included), for matrices of input width `k`.
    #[must_use]
    pub fn bits_per_weight(&self, k: f64) -> f64 {
        let side = self.scale_bits + self.zero_bits;
        match self.granularity {
            Granularity::PerTensor => self.weight_bits,
            Granularity::PerChannel => self.weight_bits + side / k,
            Granularity::GroupWise => self.weight_bits + side / self.group,
        }
    }
    /// Apply this scheme's fields to a set of inputs. A scheme that is a quantization preset (same id and
    /// fields: FP16, W8A16, W8A8, the GGUF types, W4A16 g128) names it, so a framework that does not load that
    /// format refuses it ([`crate::framework::check_format`]); the others are schemes, not files, and name none.
    pub fn apply(&self, inputs: &mut Inputs) {
        inputs.quant = crate::presets::quant(self.id).map(|p| p.id.into());
        inputs.set_exact(Field::WeightBits, self.weight_bits);
        inputs.set_exact(Field::GroupSize, self.group);
        inputs.set_exact(Field::ScaleBits, self.scale_bits);
        inputs.set_exact(Field::ZeroBits, self.zero_bits);
        inputs.granularity = self.granularity;
        inputs.activation = self.activation;
    }
}

/// The largest model for one scheme.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SchemeResult {
    /// The scheme.
    pub scheme: Scheme,
    /// Its effective bits per weight.
    pub bits_per_weight: f64,
    /// Largest parameter count meeting every size-dependent target (0: none does).
    pub max_params: f64,
    /// What stops a larger model.
    pub binding: Constraint,
    /// The seed's step 1 for this scheme: parameters whose weights alone fill the per-token budget.
    pub weights_only_params: f64,
}

/// The smallest device a given model needs to meet its targets (peaks before utilization).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DeviceNeeds {
    /// Peak bandwidth, B/s.
    pub bandwidth: f64,
    /// Peak compute at the activation precision, op/s.
    pub compute: f64,
    /// Total memory (including the reserved share), B.
    pub memory: f64,
    /// Free storage, B.
    pub storage: f64,
}

/// The reverse solve.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Solve {
    /// One row per scheme.
    pub schemes: Vec<SchemeResult>,
    /// What this device would need for the current model.
    pub needs: DeviceNeeds,
}

/// Constraints a bigger model can break. Power is left out: in continuous decoding it barely depends on
/// size (the accelerator is busy and DRAM streams at its rate either way), so it is reported, not solved.
pub(crate) const SIZE_DEPENDENT: [Constraint; 8] = [
    Constraint::Compute,
    Constraint::Memory,
    Constraint::Bandwidth,
    Constraint::Tpot,
    Constraint::Ttft,
    Constraint::Thermal,
    Constraint::Storage,
    Constraint::Framework,
];

fn at_size(base: &Inputs, params: f64) -> Option<Report> {
    let mut i = base.clone();
    // A mixture of experts keeps its active share as it grows.
    if let (Some(active), Some(total)) = (base.mid(Field::ActiveParamsB), base.mid(Field::ParamsB))
    {
        i.set_exact(Field::ActiveParamsB, params / 1e9 * active / total);
    }
    i.set_exact(Field::ParamsB, params / 1e9);
    validate(&i).ok().map(|s| analyze(&s.expected))
}

fn meets(r: &Report) -> bool {
    SIZE_DEPENDENT
        .iter()
        .all(|&c| r.verdict(c) != Verdict::Fail)
}

fn failing(r: Option<&Report>) -> Constraint {
    let Some(r) = r else {
        return Constraint::Memory;
    };
    let mut worst = (Constraint::Memory, f64::INFINITY);
    for c in ALL_CONSTRAINTS {
        if SIZE_DEPENDENT.contains(&c) && r.verdict(c) == Verdict::Fail {
            let h = r.headroom(c).unwrap_or(-1.0);
            if h < worst.1 {
                worst = (c, h);
            }
        }
    }
    worst.0
}

/// Solve both ways for the scenario in `inputs`.
///
/// # Errors
/// The inputs' validation errors.
pub fn solve(inputs: &Inputs) -> Result<Solve, Errors> {
    let now = validate(inputs)?;
    let report = analyze(&now.expected);
    let needs = device_needs(&now.expected, &report);
    let mut base = inputs.clone();
    if base.model_kind == ModelKind::Architecture {
        base.model_kind = ModelKind::Params;
        // Carry the counted architecture's size (and a mixture of experts' active share) over.
        if let crate::model::Model::Llm(m) = &now.expected.model {
            base.set_exact(Field::ParamsB, m.params.total() / 1e9);
            if m.params.idle > 0.0 {
                base.set_exact(
                    Field::ActiveParamsB,
                    (m.params.total() - m.params.idle) / 1e9,
                );
            }
        }
    }
    let k = base.mid(Field::Hidden).unwrap_or(4096.0);
    let one_shot = base.model_kind == ModelKind::OneShot;
    let schemes = ALL_SCHEMES
        .iter()
        .map(|sch| {
            let mut i = base.clone();
            sch.apply(&mut i);
            let (max_params, binding) = largest(&i);
            let weights_only = if one_shot {
                0.0
            } else {
                report.bandwidth.budget_per_token.0 * 8.0 / sch.bits_per_weight(k)
            };
            SchemeResult {
                scheme: *sch,
                bits_per_weight: sch.bits_per_weight(k),
                max_params,
                binding,
                weights_only_params: weights_only,
            }
        })
        .collect();
    Ok(Solve { schemes, needs })
}

/// Largest parameter count that meets every size-dependent target, by bisection in log space.
fn largest(i: &Inputs) -> (f64, Constraint) {
    // A bare count must at least hold the K and V projections its KV shape implies.
    let v = |f: Field| i.mid(f).unwrap_or(0.0);
    let floor = 2.0 * v(Field::Layers) * v(Field::Hidden) * v(Field::KvHeads) * v(Field::HeadDim);
    let (mut lo, mut hi) = ((floor * 1.01).max(1e6), 1e13_f64);
    let low = at_size(i, lo);
    if !low.as_ref().is_some_and(meets) {
        return (0.0, failing(low.as_ref()));
    }
    let high = at_size(i, hi);
    if high.as_ref().is_some_and(meets) {
        return (hi, Constraint::Memory);
    }
    for _ in 0..48 {
        let mid = crate::math::sqrt(lo * hi);
        if at_size(i, mid).as_ref().is_some_and(meets) {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi / lo < 1.0 + 1e-6 {
            break;
        }
    }
    (lo, failing(at_size(i, hi).as_ref()))
}

fn device_needs(s: &crate::scenario::Scenario, r: &Report) -> DeviceNeeds {
    let d = &s.device;
    let bw = r.bandwidth.needed.0 / d.bandwidth_util;
    let ttft_budget = (s.targets.ttft - r.ttft.cold_start.unwrap_or_default()).0;
    let prefill_rate = if ttft_budget > 0.0 {
        r.ttft.ops.0 / ttft_budget
    } else {
        f64::INFINITY
    };
    let compute = r.compute.needed.0.max(prefill_rate) / d.compute_util;
    DeviceNeeds {
        bandwidth: bw,
        compute,
        memory: (r.memory.total + d.reserved).0,
        storage: r.storage.file.0,
    }
}
