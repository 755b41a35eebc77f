//! Compute: effective throughput = peak at the activation precision × utilization, reduced by operators
//! that fall back to the CPU (Amdahl: 1 / (f / C_acc + (1 − f) / C_cpu)).

use crate::input::Activation;
use crate::model::Model;
use crate::scenario::Scenario;
use crate::units::{Ops, OpsPerSec};

use super::{headroom, FrameworkMatch, Verdict};

/// Compute numbers.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Compute {
    /// Activation precision that selects the peak.
    pub precision: Activation,
    /// Peak at that precision.
    pub peak: OpsPerSec,
    /// Whether that peak was assumed rather than given.
    pub peak_assumed: bool,
    /// Utilization η_c.
    pub utilization: f64,
    /// Peak × η_c.
    pub accelerator: OpsPerSec,
    /// Share on the accelerator.
    pub coverage: f64,
    /// After CPU fallback: what sizing uses.
    pub effective: OpsPerSec,
    /// Operations per token at full context (one-shot: per inference), × batch.
    pub ops_per_step: Ops,
    /// Operations per second needed to meet the decode (or frame-rate) target.
    pub needed: OpsPerSec,
    /// Verdict.
    pub verdict: Verdict,
    /// (effective − needed) / effective.
    pub headroom: f64,
}

/// Effective compute for a scenario and a coverage.
#[must_use]
pub fn effective(
    s: &Scenario,
    activation: Activation,
    coverage: f64,
) -> (OpsPerSec, OpsPerSec, bool) {
    effective_at(s, activation, coverage, s.device.compute_util)
}

/// The image encoder's utilization: η_c × its ratio ρ (`vit_eff`), at most 1.
#[must_use]
pub fn vision_util(s: &Scenario) -> f64 {
    (s.device.compute_util * s.device.vision_ratio).min(1.0)
}

/// [`effective`] at a utilization of the peak other than η_c (the image encoder's, [`vision_util`]).
#[must_use]
pub fn effective_at(
    s: &Scenario,
    activation: Activation,
    coverage: f64,
    utilization: f64,
) -> (OpsPerSec, OpsPerSec, bool) {
    let d = &s.device;
    let (peak, assumed) = match activation {
        Activation::Int8 => (d.peak_int8, false),
        Activation::Fp16 => (d.peak_fp16, d.fp16_assumed),
        Activation::Int4 => (d.peak_int4, d.int4_assumed),
    };
    let acc = peak * utilization;
    let eff = if coverage >= 1.0 {
        acc
    } else {
        OpsPerSec(1.0 / (coverage / acc.0 + (1.0 - coverage) / d.cpu.0))
    };
    (peak, eff, assumed)
}

/// Compute check.
#[must_use]
pub fn analyze(s: &Scenario, fw: &FrameworkMatch) -> Compute {
    let (peak, eff, peak_assumed) = effective(s, s.quant.activation, fw.coverage);
    let (ops_per_step, needed) = match &s.model {
        Model::Llm(m) => {
            let ops = m.decode_ops(s.targets.context) * s.targets.sequences();
            let budget = s.targets.tpot - s.targets.token_overhead;
            (
                ops,
                if budget.0 > 0.0 {
                    ops / budget
                } else {
                    OpsPerSec(f64::INFINITY)
                },
            )
        }
        Model::OneShot(m) => (m.ops * s.targets.batch, OpsPerSec(m.ops.0 * m.fps)),
    };
    let h = headroom(eff.0, needed.0);
    Compute {
        precision: s.quant.activation,
        peak,
        peak_assumed,
        utilization: s.device.compute_util,
        accelerator: peak * s.device.compute_util,
        coverage: fw.coverage,
        effective: eff,
        ops_per_step,
        needed,
        verdict: Verdict::from_headroom(h),
        headroom: h,
    }
}
