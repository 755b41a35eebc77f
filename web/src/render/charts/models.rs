//! The charts' models: engine numbers → series in display units, pure and testable natively.

use edgefit_core::analysis::{bandwidth, latency, thermal, Report};
use edgefit_core::model::Model;
use edgefit_core::scenario::Scenario;
use edgefit_core::units::{Seconds, Watts};
use edgefit_glance::check::Good;

use crate::render::chart;

/// A series with its band across the input ranges, in display units.
#[derive(Debug, Clone, PartialEq)]
pub struct Banded {
    /// The x positions.
    pub x: Vec<f64>,
    /// The expected values.
    pub mid: Vec<f64>,
    /// The lowest value at each x across the corners.
    pub lo: Vec<f64>,
    /// The highest value at each x across the corners.
    pub hi: Vec<f64>,
}

impl Banded {
    fn from_corners(x: Vec<f64>, curves: [Vec<f64>; 3]) -> Self {
        let (lo, hi) = chart::envelope(&curves);
        let [mid, _, _] = curves;
        Self { x, mid, lo, hi }
    }
    /// Whether the band is wider than a line.
    #[must_use]
    pub fn has_band(&self) -> bool {
        self.lo
            .iter()
            .zip(&self.hi)
            .any(|(a, b)| (b - a).abs() > 1e-9 * b.abs().max(1.0))
    }
    /// The highest value of the band.
    #[must_use]
    pub fn max(&self) -> f64 {
        self.hi.iter().copied().fold(0.0, f64::max)
    }
}

/// TPOT (ms) against context (tokens), from 0 to 1.5 × the scenario's context.
#[must_use]
pub fn tpot_model(g: &Good) -> Option<(Banded, f64, f64)> {
    if matches!(g.scenarios.expected.model, Model::OneShot(_)) {
        return None;
    }
    let ctx = g.scenarios.expected.targets.context;
    let xs = chart::samples(0.0, (ctx * 1.5).max(16.0), 48);
    let curves = corners(g).map(|(s, r)| {
        xs.iter()
            .map(|&c| bandwidth::tpot_at(s, &r.compute, c).ms())
            .collect::<Vec<_>>()
    });
    Some((
        Banded::from_corners(xs, curves),
        g.scenarios.expected.targets.tpot.ms(),
        ctx,
    ))
}

/// TTFT (ms) against prompt length (tokens), from 1 to the scenario's context (a prompt cannot be longer):
/// (series, target ms, the scenario's prompt). With fixed-size prefill chunks the curve is a staircase, so
/// the samples include both sides of every chunk boundary (at most 256 of them).
#[must_use]
pub fn ttft_model(g: &Good) -> Option<(Banded, f64, f64)> {
    let s = &g.scenarios.expected;
    if matches!(s.model, Model::OneShot(_)) {
        return None;
    }
    let t = &s.targets;
    let x_max = t.context.max(t.prompt).max(16.0);
    let mut xs = chart::samples(1.0, x_max, 60);
    if t.fixed_chunks && t.chunk > 0.0 && x_max / t.chunk <= 256.0 {
        let mut b = t.chunk;
        while b < x_max {
            xs.extend([b, b + 1.0]);
            b += t.chunk;
        }
        edgefit_core::math::sort_by(&mut xs, f64::total_cmp);
        xs.dedup();
    }
    let curves = corners(g).map(|(s, r)| {
        xs.iter()
            .map(|&p| latency::ttft_at(s, &r.compute, p).ms())
            .collect::<Vec<_>>()
    });
    Some((Banded::from_corners(xs, curves), t.ttft.ms(), t.prompt))
}

/// Junction temperature (°C) and rate (per second) over a session of continuous work.
#[must_use]
pub fn thermal_model(g: &Good) -> (Banded, Banded, f64) {
    let session = g.scenarios.expected.targets.session.0;
    let xs = chart::samples(0.0, session, 60);
    let tj = corners(g).map(|(s, r)| {
        let raw: Vec<f64> = xs
            .iter()
            .map(|&t| thermal::tj_at(s, Watts(r.power.total.0), Seconds(t)))
            .collect();
        chart::clamp_at_limit(&raw, s.device.tj_max_c)
    });
    let rate = corners(g).map(|(_, r)| {
        let th = &r.thermal;
        xs.iter()
            .map(|&t| match th.time_to_throttle {
                Some(tt) if t >= tt.0 => th.throttled_rate,
                _ => th.rate,
            })
            .collect::<Vec<_>>()
    });
    (
        Banded::from_corners(xs.clone(), tj),
        Banded::from_corners(xs, rate),
        g.scenarios.expected.device.tj_max_c,
    )
}

/// The pinned scenario's expected junction temperature (°C, held at its limit) and rate (per second) at
/// each time in `xs`, for the compare overlay of the heat chart.
#[must_use]
pub fn pinned_thermal(p: &Good, xs: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let (s, r) = (&p.scenarios.expected, &p.evaluation.expected);
    let raw: Vec<f64> = xs
        .iter()
        .map(|&t| thermal::tj_at(s, Watts(r.power.total.0), Seconds(t)))
        .collect();
    let th = &r.thermal;
    let rate = xs
        .iter()
        .map(|&t| match th.time_to_throttle {
            Some(tt) if t >= tt.0 => th.throttled_rate,
            _ => th.rate,
        })
        .collect();
    (chart::clamp_at_limit(&raw, s.device.tj_max_c), rate)
}

/// One machine's roof and the two workload points, in ops/byte and ops/s.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Roofline {
    /// Effective compute (ops/s).
    pub peak: f64,
    /// Effective bandwidth (bytes/s).
    pub bw: f64,
    /// Decode: (intensity, achieved ops/s).
    pub decode: (f64, f64),
    /// Prefill: (intensity, achieved ops/s).
    pub prefill: (f64, f64),
}

/// The roofline of each corner, expected first.
#[must_use]
pub fn roofline_model(g: &Good) -> [Roofline; 3] {
    corners(g).map(|(s, r)| {
        let peak = r.compute.effective.0;
        let bw = r.bandwidth.effective.0;
        let ops = r.compute.ops_per_step.0;
        let bytes = r.bandwidth.bytes_per_token.0;
        let decode = (ops / bytes, ops / r.tpot.full.0.max(1e-12));
        let prompt = match &s.model {
            Model::Llm(_) => s.targets.prompt * s.targets.batch,
            Model::OneShot(_) => 0.0,
        };
        let pbytes = r.memory.weights.total().0 + r.memory.kv_per_token.0 * prompt;
        let ptime = (r.ttft.ttft.0 - r.ttft.cold_start.map_or(0.0, |c| c.0)).max(1e-12);
        let prefill = (r.ttft.ops.0 / pbytes, r.ttft.ops.0 / ptime);
        Roofline {
            peak,
            bw,
            decode,
            prefill,
        }
    })
}

/// The pinned scenario's TPOT (ms) at each context of `xs` (`None` for a one-shot model).
#[must_use]
pub fn pinned_tpot(p: &Good, xs: &[f64]) -> Option<Vec<f64>> {
    pinned_curve(p, xs, |s, r, c| bandwidth::tpot_at(s, &r.compute, c).ms())
}

/// The pinned scenario's expected TTFT (ms) at each prompt length in `xs`; `None` for a one-shot model.
#[must_use]
pub fn pinned_ttft(p: &Good, xs: &[f64]) -> Option<Vec<f64>> {
    pinned_curve(p, xs, |s, r, x| latency::ttft_at(s, &r.compute, x).ms())
}

fn pinned_curve(
    p: &Good,
    xs: &[f64],
    at: impl Fn(&Scenario, &Report, f64) -> f64,
) -> Option<Vec<f64>> {
    if matches!(p.scenarios.expected.model, Model::OneShot(_)) {
        return None;
    }
    let (s, r) = (&p.scenarios.expected, &p.evaluation.expected);
    Some(xs.iter().map(|&x| at(s, r, x)).collect())
}

/// The three corners of a good scenario, expected first: (scenario, report).
pub(super) fn corners(g: &Good) -> [(&Scenario, &Report); 3] {
    [
        (&g.scenarios.expected, &g.evaluation.expected),
        (&g.scenarios.low, &g.evaluation.low),
        (&g.scenarios.high, &g.evaluation.high),
    ]
}
