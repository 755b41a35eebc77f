//! The analysis: one module per constraint, each a pure function of a validated [`Scenario`].
//!
//! [`analyze`] runs them in the seed's order on one scenario; [`evaluate`] runs it at every corner of the
//! input ranges and merges the verdicts, so a range that straddles a limit shows as a warning.

pub mod bandwidth;
pub mod compute;
pub mod concurrency;
pub mod energy;
pub mod latency;
pub mod memory;
pub mod power;
pub mod speculative;
pub mod storage;
pub mod support;
pub mod thermal;

use crate::scenario::{Scenario, Scenarios};

pub use bandwidth::{Bandwidth, Crossing, Tpot};
pub use compute::Compute;
pub use energy::Energy;
pub use latency::Ttft;
pub use memory::Memory;
pub use power::Power;
pub use storage::Storage;
pub use support::FrameworkMatch;
pub use thermal::Thermal;

/// Below this headroom a passing constraint is a warning: too close to its limit to rely on.
pub const WARN_MARGIN: f64 = 0.10;

/// The outcome of one constraint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Verdict {
    /// Meets its limit with room to spare.
    Pass,
    /// Uncertain: meets it narrowly (within [`WARN_MARGIN`]), or the ranges and the speed band straddle it.
    Warn,
    /// Misses it.
    Fail,
    /// Does not apply to this kind of model.
    NotApplicable,
}

impl Verdict {
    /// From headroom = (limit − need) / limit: ≥ 10 % passes, ≥ 0 warns, below fails.
    #[must_use]
    pub fn from_headroom(h: f64) -> Self {
        if h.is_nan() || h < 0.0 {
            Verdict::Fail
        } else if h < WARN_MARGIN {
            Verdict::Warn
        } else {
            Verdict::Pass
        }
    }
    /// The string used in JSON and links.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Warn => "warn",
            Verdict::Fail => "fail",
            Verdict::NotApplicable => "n/a",
        }
    }
    /// Merge the expected verdict with those at the ends of the ranges (the input ranges and the speed
    /// band): a verdict that differs across them is uncertain ([`Verdict::Warn`]) — a pass that fails at an
    /// end, or a failure that passes at one; one that holds at every end stands.
    #[must_use]
    pub fn merge(expected: Self, ends: [Self; 2]) -> Self {
        match expected {
            Verdict::Pass
                if ends
                    .iter()
                    .any(|v| matches!(v, Verdict::Warn | Verdict::Fail)) =>
            {
                Verdict::Warn
            }
            Verdict::Fail
                if ends
                    .iter()
                    .any(|v| matches!(v, Verdict::Pass | Verdict::Warn)) =>
            {
                Verdict::Warn
            }
            v => v,
        }
    }
}

/// One of the constraints edgefit checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Constraint {
    /// Effective compute against the decode rate.
    Compute,
    /// Memory capacity.
    Memory,
    /// Bytes moved per token against the bandwidth budget.
    Bandwidth,
    /// Time to first token.
    Ttft,
    /// Time per output token.
    Tpot,
    /// Sustained power.
    Power,
    /// Junction temperature over time.
    Thermal,
    /// Storage and file size.
    Storage,
    /// The framework's formats and operators.
    Framework,
}

/// Every constraint, in the order of the verdict strip.
pub const ALL_CONSTRAINTS: [Constraint; 9] = [
    Constraint::Compute,
    Constraint::Memory,
    Constraint::Bandwidth,
    Constraint::Tpot,
    Constraint::Ttft,
    Constraint::Power,
    Constraint::Thermal,
    Constraint::Storage,
    Constraint::Framework,
];

impl Constraint {
    /// The key used in JSON.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Constraint::Compute => "compute",
            Constraint::Memory => "memory",
            Constraint::Bandwidth => "bandwidth",
            Constraint::Ttft => "ttft",
            Constraint::Tpot => "tpot",
            Constraint::Power => "power",
            Constraint::Thermal => "thermal",
            Constraint::Storage => "storage",
            Constraint::Framework => "framework",
        }
    }
}

/// Every result for one scenario. All numbers are SI; the app and CLI render words from them.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Report {
    /// Framework match (checked first: it sets the effective compute).
    pub framework: FrameworkMatch,
    /// Compute.
    pub compute: Compute,
    /// Memory capacity.
    pub memory: Memory,
    /// Bandwidth per token.
    pub bandwidth: Bandwidth,
    /// Time per output token.
    pub tpot: Tpot,
    /// Time to first token (one-shot: latency of one inference).
    pub ttft: Ttft,
    /// Power.
    pub power: Power,
    /// Heat.
    pub thermal: Thermal,
    /// Storage.
    pub storage: Storage,
    /// Decode and prefill speed.
    pub speed: Speed,
    /// Energy of one answer and what a charge buys.
    pub energy: Energy,
    /// Speculative decoding with the scenario's draft model, when it names one.
    pub speculative: Option<speculative::Speculative>,
}

/// The speeds a person compares with a benchmark: tokens per second of one sequence's decode, and of its
/// prompt's prefill. `None` for a one-shot model.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Speed {
    /// Decode tokens/s of one sequence at [`Speed::decode_ctx`] (1 / TPOT there).
    pub decode_tps: Option<f64>,
    /// The context the decode speed is at: the scenario's `decode_ctx`, else its context.
    pub decode_ctx: f64,
    /// Prompt tokens/s: the prompt over the time to first token less any cold start.
    pub prefill_tps: Option<f64>,
    /// What sets the decode step at [`Speed::decode_ctx`].
    pub decode_bound: bandwidth::Bound,
}

/// The speeds of a scenario.
#[must_use]
pub fn speed(s: &Scenario, compute: &Compute, ttft: &Ttft) -> Speed {
    let decode_ctx = s.targets.decode_ctx.unwrap_or(s.targets.context);
    match &s.model {
        crate::model::Model::Llm(_) => {
            let tpot = bandwidth::tpot_at(s, compute, decode_ctx).0;
            let busy = ttft.ttft.0 - ttft.cold_start.map_or(0.0, |c| c.0);
            Speed {
                decode_tps: (tpot > 0.0).then(|| 1.0 / tpot),
                decode_ctx,
                prefill_tps: (busy > 0.0).then(|| s.targets.prompt / busy),
                decode_bound: bandwidth::bound_at(s, compute, decode_ctx),
            }
        }
        crate::model::Model::OneShot(_) => Speed {
            decode_tps: None,
            decode_ctx,
            prefill_tps: None,
            decode_bound: bandwidth::Bound::Compute,
        },
    }
}

impl Report {
    /// The verdict of one constraint.
    #[must_use]
    pub fn verdict(&self, c: Constraint) -> Verdict {
        match c {
            Constraint::Compute => self.compute.verdict,
            Constraint::Memory => self.memory.verdict,
            Constraint::Bandwidth => self.bandwidth.verdict,
            Constraint::Ttft => self.ttft.verdict,
            Constraint::Tpot => self.tpot.verdict,
            Constraint::Power => self.power.verdict,
            Constraint::Thermal => self.thermal.verdict,
            Constraint::Storage => self.storage.verdict,
            Constraint::Framework => self.framework.verdict,
        }
    }
    /// The headroom of one constraint: (limit − need) / limit; `None` where it does not apply.
    #[must_use]
    pub fn headroom(&self, c: Constraint) -> Option<f64> {
        let h = match c {
            Constraint::Compute => self.compute.headroom,
            Constraint::Memory => self.memory.headroom,
            Constraint::Bandwidth => self.bandwidth.headroom,
            Constraint::Ttft => self.ttft.headroom,
            Constraint::Tpot => self.tpot.headroom,
            Constraint::Power => self.power.headroom,
            Constraint::Thermal => self.thermal.headroom,
            Constraint::Storage => self.storage.headroom,
            Constraint::Framework => self.framework.headroom,
        };
        (self.verdict(c) != Verdict::NotApplicable && h.is_finite()).then_some(h)
    }
    /// The binding constraint: the one with the least headroom.
    #[must_use]
    pub fn binding(&self) -> Constraint {
        let mut best = (Constraint::Tpot, f64::INFINITY);
        for c in ALL_CONSTRAINTS {
            if let Some(h) = self.headroom(c) {
                if h < best.1 {
                    best = (c, h);
                }
            }
        }
        best.0
    }
    /// Whether every constraint meets its target (pass or warn).
    #[must_use]
    pub fn all_met(&self) -> bool {
        ALL_CONSTRAINTS
            .iter()
            .all(|&c| self.verdict(c) != Verdict::Fail)
    }
}

/// Analyze one scenario.
#[must_use]
pub fn analyze(s: &Scenario) -> Report {
    let framework = support::analyze(s);
    let compute = compute::analyze(s, &framework);
    let memory = memory::analyze(s);
    let (bandwidth, tpot) = bandwidth::analyze(s, &compute);
    let ttft = latency::analyze(s, &compute, &storage::cold_start(s));
    let power = power::analyze(s, &tpot, &ttft, &bandwidth);
    let thermal = thermal::analyze(s, &power, &tpot);
    let storage = storage::analyze(s);
    let speed = speed(s, &compute, &ttft);
    let speculative = speculative::analyze(s, &compute, &tpot);
    let pays = speculative.as_ref().filter(|sp| sp.speedup > 1.0);
    let draft = pays.map_or(energy::DraftScale::NONE, |sp| energy::DraftScale {
        time: sp.tpot.0 / tpot.full.0,
        bytes: speculative::bytes_per_output_token(sp, &bandwidth).0 / bandwidth.bytes_per_token.0,
    });
    let energy = energy::analyze(s, &compute, &ttft, &power, draft);
    // With a draft that pays, what a reader waits per token is the effective TPOT: the TPOT target is judged
    // on it, and the bandwidth the target needs on the bytes each output token moves on average — k draft
    // steps (the draft's weights and cache) and one target pass, over the tokens a step yields
    // (`bytes_per_output_token`); an answer's time and energy follow the same effective step
    // (`energy::DraftScale`). Power and heat follow the plain decode.
    let (mut tpot, mut bandwidth) = (tpot, bandwidth);
    if let Some(sp) = pays {
        if tpot.verdict != Verdict::NotApplicable {
            let h = headroom(tpot.target.0, sp.tpot.0);
            tpot.verdict = Verdict::from_headroom(h);
            tpot.headroom = h;
        }
        if bandwidth.verdict != Verdict::NotApplicable && tpot.target.0 > 0.0 {
            let per_token = speculative::bytes_per_output_token(sp, &bandwidth);
            bandwidth.needed = crate::units::BytesPerSec(per_token.0 / tpot.target.0);
            let h = headroom(bandwidth.effective.0, bandwidth.needed.0);
            bandwidth.verdict = Verdict::from_headroom(h);
            bandwidth.headroom = h;
        }
    }
    Report {
        framework,
        compute,
        memory,
        bandwidth,
        tpot,
        ttft,
        power,
        thermal,
        storage,
        speed,
        energy,
        speculative,
    }
}

/// The report at each corner of the input ranges, with merged verdicts.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Evaluation {
    /// At the expected values.
    pub expected: Report,
    /// With every range at its low end.
    pub low: Report,
    /// With every range at its high end.
    pub high: Report,
}

impl Evaluation {
    /// The verdict of a constraint across the ranges (see [`Verdict::merge`]).
    #[must_use]
    pub fn verdict(&self, c: Constraint) -> Verdict {
        Verdict::merge(
            self.expected.verdict(c),
            [self.low.verdict(c), self.high.verdict(c)],
        )
    }
    /// The band of a number across the corners: (lowest, highest).
    #[must_use]
    pub fn band(&self, f: impl Fn(&Report) -> f64) -> (f64, f64) {
        let xs = [f(&self.expected), f(&self.low), f(&self.high)];
        let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (lo, hi)
    }
    /// Whether every constraint meets its target at the expected values (pass or warn).
    #[must_use]
    pub fn all_met(&self) -> bool {
        ALL_CONSTRAINTS
            .iter()
            .all(|&c| self.verdict(c) != Verdict::Fail)
    }
}

/// Analyze every corner of a validated scenario.
#[must_use]
pub fn evaluate(s: &Scenarios) -> Evaluation {
    Evaluation {
        expected: analyze(&s.expected),
        low: analyze(&s.low),
        high: analyze(&s.high),
    }
}

pub(crate) fn headroom(limit: f64, need: f64) -> f64 {
    if limit > 0.0 {
        (limit - need) / limit
    } else {
        f64::NEG_INFINITY
    }
}
