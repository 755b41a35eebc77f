//! Heat: a first-order RC model of the junction.
//!
//! R_th = (Tj,max − ambient) / sustained power; τ follows from the burst power lasting the burst time:
//! τ = burst_s / −ln(1 − ΔT/(P_burst · R_th)). Tj(t) = ambient + P · R_th · (1 − e^(−t/τ)).

use crate::math;
use crate::model::Model;
use crate::scenario::Scenario;
use crate::units::{KelvinPerWatt, Seconds, Watts};

use super::{Power, Tpot, Verdict};

/// Thermal numbers.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Thermal {
    /// Junction-to-ambient thermal resistance.
    pub r_th: KelvinPerWatt,
    /// Thermal time constant.
    pub tau: Seconds,
    /// Junction temperature it would settle at, °C.
    pub steady_tj_c: f64,
    /// When the junction limit is reached at this power (`None`: never).
    pub time_to_throttle: Option<Seconds>,
    /// Rate before throttling (tokens or inferences per second).
    pub rate: f64,
    /// Rate after throttling (the sustained rate).
    pub throttled_rate: f64,
    /// Rate the targets need.
    pub target_rate: f64,
    /// Never throttles: pass (warn within 10 % of the limit); throttles but still meets the target rate:
    /// warn; misses it after throttling: fail.
    pub verdict: Verdict,
    /// Never throttles: (ΔT − P·R)/ΔT; throttles: (throttled rate − target rate)/target rate.
    pub headroom: f64,
}

/// Junction temperature after running at `p` for `t`, starting at ambient.
#[must_use]
pub fn tj_at(s: &Scenario, p: Watts, t: Seconds) -> f64 {
    let (r, tau) = rc(s);
    s.device.ambient_c + p.0 * r.0 * (1.0 - math::exp(-t.0 / tau.0))
}

/// R_th and τ.
#[must_use]
pub fn rc(s: &Scenario) -> (KelvinPerWatt, Seconds) {
    let d = &s.device;
    let dt = d.tj_max_c - d.ambient_c;
    let r = dt / d.sustained.0;
    // ΔT/(P_burst·R) = sustained/burst, which validation keeps below 1.
    let tau = d.burst_time.0 / -math::ln(1.0 - d.sustained.0 / d.burst.0);
    (KelvinPerWatt(r), Seconds(tau))
}

/// Thermal check.
#[must_use]
pub fn analyze(s: &Scenario, p: &Power, _tpot: &Tpot) -> Thermal {
    let d = &s.device;
    let (r, tau) = rc(s);
    let dt = d.tj_max_c - d.ambient_c;
    let rise = p.total.0 * r.0;
    let target_rate = match &s.model {
        Model::Llm(_) => s.targets.sequences() / s.targets.tpot.0,
        Model::OneShot(m) => m.fps,
    };
    let (ttt, verdict, h) = if rise <= dt {
        (
            None,
            Verdict::from_headroom((dt - rise) / dt),
            (dt - rise) / dt,
        )
    } else {
        let t = -tau.0 * math::ln(1.0 - dt / rise);
        let h = (p.sustained_rate - target_rate) / target_rate;
        (
            Some(Seconds(t)),
            if h >= 0.0 {
                Verdict::Warn
            } else {
                Verdict::Fail
            },
            h,
        )
    };
    Thermal {
        r_th: r,
        tau,
        steady_tj_c: d.ambient_c + rise,
        time_to_throttle: ttt,
        rate: p.rate,
        throttled_rate: p.sustained_rate,
        target_rate,
        verdict,
        headroom: h,
    }
}
