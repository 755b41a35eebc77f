//! Bandwidth and time per output token.
//!
//! Decoding reads every weight once per token, and — what the seed's worked example leaves out — the whole
//! KV cache at the current context. TPOT(c) = max(bytes(c) / (BW · η_bw), ops(c) / C_eff) + overhead.

use crate::model::Model;
use crate::scenario::Scenario;
use crate::units::{Bytes, BytesPerSec, Seconds};

use super::{headroom, memory, Compute, Verdict};

/// Bandwidth numbers.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Bandwidth {
    /// Peak × η_bw.
    pub effective: BytesPerSec,
    /// What one token may move within the TPOT target: effective × (TPOT − overhead).
    pub budget_per_token: Bytes,
    /// Weight bytes read per token.
    pub weights_read: Bytes,
    /// KV bytes read per token at full context (× every stream's batch).
    pub kv_read: Bytes,
    /// Extra bytes copied per token without zero-copy buffers.
    pub copies: Bytes,
    /// Everything moved per decode step at full context.
    pub bytes_per_token: Bytes,
    /// The seed's step 1: parameters whose weights alone fill the budget.
    pub params_weights_only: f64,
    /// Parameters that fit once the KV read at full context is paid for.
    pub params_with_kv: f64,
    /// Bytes per second needed at the target rate.
    pub needed: BytesPerSec,
    /// Verdict.
    pub verdict: Verdict,
    /// (effective − needed) / effective.
    pub headroom: f64,
}

/// Where TPOT crosses its target as the context grows.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", content = "tokens", rename_all = "snake_case")
)]
pub enum Crossing {
    /// Meets the target at every context.
    Never,
    /// Meets it up to this many tokens of context.
    At(f64),
    /// Misses it even with an empty context.
    Always,
}

/// What limits a decode step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Bound {
    /// Moving bytes.
    Memory,
    /// Doing arithmetic.
    Compute,
    /// One CPU thread's chain: its share of the arithmetic, then of the reads at one core's streaming
    /// bandwidth ([`Device::chain`](crate::device::Device::chain)).
    ThreadChain,
}

/// Time-per-output-token numbers.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Tpot {
    /// At an empty context.
    pub empty: Seconds,
    /// At the full context.
    pub full: Seconds,
    /// Memory time at full context.
    pub memory_time: Seconds,
    /// Compute time at full context.
    pub compute_time: Seconds,
    /// Which one limits at full context.
    pub bound: Bound,
    /// Target.
    pub target: Seconds,
    /// Where TPOT crosses the target.
    pub crossing: Crossing,
    /// Mixture of experts: TPOT at full context if every expert were read (the dense roofline bound).
    pub dense_bound: Option<Seconds>,
    /// Verdict (n/a for one-shot models).
    pub verdict: Verdict,
    /// (target − full) / target.
    pub headroom: f64,
}

/// Bytes moved by one decode step at context `c`: weights + KV × batch + copies.
fn step_bytes(s: &Scenario, c: f64) -> (Bytes, Bytes, Bytes) {
    let w = memory::weights(s);
    match &s.model {
        Model::Llm(m) => {
            // A static cache exported for a fixed context is read in full every token.
            let read = s.targets.export_ctx.unwrap_or(c);
            let kv = memory::kv_read_bytes_at(s, read) * s.targets.sequences();
            let copies = if s.zero_copy {
                Bytes(0.0)
            } else {
                Bytes(2.0 * (m.vocab * 4.0 + m.hidden * 2.0) * s.targets.sequences())
            };
            (w.read_per_token(m.tied), kv, copies)
        }
        Model::OneShot(m) => {
            let copies = if s.zero_copy {
                Bytes(0.0)
            } else {
                m.activation * (2.0 * s.targets.batch)
            };
            (
                w.total(),
                Bytes(0.0),
                m.activation * (2.0 * s.targets.batch) + copies,
            )
        }
    }
}

/// Everything one decode step moves at context `c`: weights, the KV cache of every sequence, copies.
#[must_use]
pub fn bytes_at(s: &Scenario, c: f64) -> Bytes {
    let (w, kv, cp) = step_bytes(s, c);
    w + kv + cp
}

/// Decode time per step at context `c`: (memory time, compute time). `eff` is the effective compute of a
/// prompt; decode runs at [`Device::decode_scale`](crate::device::Device::decode_scale) of it.
#[must_use]
pub fn step_times(s: &Scenario, eff: crate::units::OpsPerSec, c: f64) -> (Seconds, Seconds) {
    let (w, kv, cp) = step_bytes(s, c);
    let bytes = w + kv + cp;
    let ops = match &s.model {
        Model::Llm(m) => m.decode_ops(c) * s.targets.sequences(),
        Model::OneShot(m) => m.ops * s.targets.batch,
    };
    (
        bytes / s.device.effective_bandwidth(),
        ops / (eff * s.device.decode_scale),
    )
}

/// The read part of one CPU thread's decode chain at context `c`: a token's bytes over the threads × one
/// core's streaming bandwidth (0 without [`Device::chain`](crate::device::Device::chain)).
#[must_use]
pub fn chain_time(s: &Scenario, c: f64) -> Seconds {
    match s.device.chain {
        Some(ch) if ch.0 > 0.0 => {
            let (w, kv, cp) = step_bytes(s, c);
            (w + kv + cp) / ch
        }
        _ => Seconds(0.0),
    }
}

/// What sets a decode step from its memory, compute and chain times: the largest of the memory time, the
/// compute time and the chain (compute + the chain's reads).
fn step_bound(m: Seconds, k: Seconds, chain: Seconds) -> (Seconds, Bound) {
    let chained = k + chain;
    if chain.0 > 0.0 && chained > m {
        (chained, Bound::ThreadChain)
    } else if k > m {
        (k, Bound::Compute)
    } else {
        (m, Bound::Memory)
    }
}

/// What sets a decode step at context `c`: memory, compute or one CPU thread's chain.
#[must_use]
pub fn bound_at(s: &Scenario, compute: &Compute, c: f64) -> Bound {
    let (m, k) = step_times(s, compute.effective, c);
    step_bound(m, k, chain_time(s, c)).1
}

/// TPOT at context `c` tokens (the curve behind the TPOT-vs-context chart): the step at its bound plus the
/// fixed cost per token, over the corner's measured ÷ predicted factor.
#[must_use]
pub fn tpot_at(s: &Scenario, compute: &Compute, c: f64) -> Seconds {
    let (m, k) = step_times(s, compute.effective, c);
    let (step, _) = step_bound(m, k, chain_time(s, c));
    (step + s.targets.token_overhead) / s.targets.decode_factor
}

/// Bandwidth and TPOT checks.
#[must_use]
pub fn analyze(s: &Scenario, compute: &Compute) -> (Bandwidth, Tpot) {
    let t = &s.targets;
    let eff_bw = s.device.effective_bandwidth();
    let c = t.context;
    let (w, kv, cp) = step_bytes(s, c);
    let bytes = w + kv + cp;
    let per_step = t.tpot - t.token_overhead;
    let budget = if per_step.0 > 0.0 {
        eff_bw * per_step
    } else {
        Bytes(0.0)
    };
    let bpw = match &s.model {
        Model::Llm(m) => s.quant.effective_bits(m.hidden),
        Model::OneShot(_) => s.quant.effective_bits(memory::ONE_SHOT_CHANNEL_WIDTH),
    } / 8.0;
    let one_shot = matches!(s.model, Model::OneShot(_));
    let needed = match &s.model {
        Model::Llm(_) if per_step.0 > 0.0 => bytes / per_step,
        Model::Llm(_) => BytesPerSec(f64::INFINITY),
        Model::OneShot(m) => BytesPerSec(bytes.0 * m.fps / t.batch),
    };
    let bh = headroom(eff_bw.0, needed.0);
    let bandwidth = Bandwidth {
        effective: eff_bw,
        budget_per_token: budget,
        weights_read: w,
        kv_read: kv,
        copies: cp,
        bytes_per_token: bytes,
        params_weights_only: budget.0 / bpw,
        params_with_kv: ((budget - kv - cp).0 / bpw).max(0.0),
        needed,
        verdict: Verdict::from_headroom(bh),
        headroom: bh,
    };
    let (mt, ct) = step_times(s, compute.effective, c);
    let (_, bound) = step_bound(mt, ct, chain_time(s, c));
    let full = tpot_at(s, compute, c);
    let empty = tpot_at(s, compute, 0.0);
    let th = headroom(t.tpot.0, full.0);
    let idle = memory::weights(s).idle;
    let dense_bound = (idle.0 > 0.0)
        .then(|| ((bytes + idle) / s.device.effective_bandwidth()).max(ct) + t.token_overhead);
    let tpot = Tpot {
        dense_bound,
        empty,
        full,
        memory_time: mt,
        compute_time: ct,
        bound,
        target: t.tpot,
        crossing: if one_shot {
            Crossing::Never
        } else {
            crossing(s, compute)
        },
        verdict: if one_shot {
            Verdict::NotApplicable
        } else {
            Verdict::from_headroom(th)
        },
        headroom: th,
    };
    (bandwidth, tpot)
}

/// The context at which TPOT reaches its target. TPOT(c) is the max of two lines in c, so each line's
/// crossing is solved and the earlier one wins.
fn crossing(s: &Scenario, compute: &Compute) -> Crossing {
    // TPOT(c) never falls as the context grows (windows and recurrent layers only flatten it), so the
    // crossing is found by bisection on whole tokens.
    let target = s.targets.tpot;
    let at = |c: f64| tpot_at(s, compute, c);
    if at(0.0) > target {
        return Crossing::Always;
    }
    let far = 1e9;
    if at(far) <= target {
        return Crossing::Never;
    }
    let (mut lo, mut hi) = (0.0_f64, far);
    while hi - lo > 1.0 {
        let mid = crate::math::floor((lo + hi) / 2.0);
        if at(mid) <= target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Crossing::At(lo)
}
