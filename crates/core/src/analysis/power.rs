//! Power: P = accelerator × busy share + base + DRAM traffic × energy per bit.
//!
//! Energy per token E = P × TPOT. Above the sustained budget the device must duty-cycle (race to idle at
//! constant energy per token): the sustained rate is the share of time it may run, (S − idle)/(P − idle),
//! times the full rate. Frequency and voltage do not buy speed cheaply (P ≈ α·C·f·V²).

use crate::model::Model;
use crate::scenario::Scenario;
use crate::units::{BytesPerSec, Joules, Seconds, Watts};

use super::{headroom, Bandwidth, Tpot, Ttft, Verdict};

/// Power numbers.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Power {
    /// Share of time the accelerator is busy.
    pub busy: f64,
    /// Accelerator power × busy share.
    pub accel: Watts,
    /// CPU and rest of the SoC.
    pub base: Watts,
    /// DRAM traffic power.
    pub dram: Watts,
    /// Bytes per second moved while running.
    pub traffic: BytesPerSec,
    /// Total while inferring.
    pub total: Watts,
    /// Sustained budget.
    pub budget: Watts,
    /// Energy per token (one-shot: per inference).
    pub energy_per_step: Joules,
    /// Tokens (or inferences) per second at full speed.
    pub rate: f64,
    /// Tokens (or inferences) per second the sustained budget allows.
    pub sustained_rate: f64,
    /// Hours of continuous use on the battery, when its capacity is known.
    pub battery_hours: Option<f64>,
    /// Verdict.
    pub verdict: Verdict,
    /// (budget − total) / budget.
    pub headroom: f64,
}

/// Power check.
#[must_use]
pub fn analyze(s: &Scenario, tpot: &Tpot, ttft: &Ttft, bw: &Bandwidth) -> Power {
    let d = &s.device;
    let b = s.targets.sequences();
    let (busy, step, rate) = match &s.model {
        Model::Llm(_) => (1.0, tpot.full, b / tpot.full.0),
        Model::OneShot(m) => {
            let period = b / m.fps;
            let busy = (ttft.ttft.0 / period).min(1.0);
            (busy, ttft.ttft, (m.fps).min(b / ttft.ttft.0))
        }
    };
    let traffic = BytesPerSec(bw.bytes_per_token.0 / step.0 * busy);
    let dram = Watts(traffic.0 * d.dram_per_byte.0);
    let accel = d.accel * busy;
    let total = accel + d.base + dram;
    let energy = total * step / b;
    let sustained_rate = if total <= d.sustained {
        rate
    } else {
        rate * crate::math::clamp((d.sustained - d.idle) / (total - d.idle), 0.0, 1.0)
    };
    let h = headroom(d.sustained.0, total.0);
    Power {
        busy,
        accel,
        base: d.base,
        dram,
        traffic,
        total,
        budget: d.sustained,
        energy_per_step: energy,
        rate,
        sustained_rate,
        battery_hours: d.battery.map(|j| j.0 / total.0 / 3600.0),
        verdict: Verdict::from_headroom(h),
        headroom: h,
    }
}

/// Time of one step at full speed (for energy and duty cycles).
#[must_use]
pub fn step_time(p: &Power) -> Seconds {
    Seconds(1.0 / p.rate)
}
