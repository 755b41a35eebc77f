//! Time to first token: prefill is mostly compute-bound, 2·N·P + 2·L·P²·q_width operations, so a long prompt
//! misses a TTFT target that decode bandwidth alone would never reveal. TTFT = max(ops / C_eff, (passes ×
//! weight bytes + KV) / (BW · η_bw)): each prefill chunk streams the weights again ([`weight_passes`]), which
//! binds for a very short prompt, or for small chunks beside a fast accelerator.

use crate::input::Activation;
use crate::model::Model;
use crate::scenario::Scenario;
use crate::units::{Ops, Seconds};

use super::{compute, headroom, memory, Compute, Verdict};

/// TTFT numbers (for one-shot models: the latency of one inference).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Ttft {
    /// Time to first token (or one inference).
    pub ttft: Seconds,
    /// Prefill operations (× batch).
    pub ops: Ops,
    /// Compute time.
    pub compute_time: Seconds,
    /// Memory time (weights read once, KV written).
    pub memory_time: Seconds,
    /// Cold start added, when counted.
    pub cold_start: Option<Seconds>,
    /// Longest prompt that meets the target.
    pub max_prompt: f64,
    /// The other common activation precision and its longest prompt (A16 ↔ A8).
    pub max_prompt_alt: (Activation, f64),
    /// Target.
    pub target: Seconds,
    /// Verdict.
    pub verdict: Verdict,
    /// (target − ttft) / target.
    pub headroom: f64,
}

/// TTFT at a prompt of `p` tokens (the staircase/curve behind the TTFT chart).
#[must_use]
pub fn ttft_at(s: &Scenario, compute: &Compute, p: f64) -> Seconds {
    let (c, m) = prefill_times(s, compute.effective.0, p);
    c.max(m) + cold(s)
}

/// Time to process `p` prompt tokens when `depth` tokens are already in the KV cache (a later turn of a
/// conversation, llama-bench's `pp512 @ d4096`): the weights are read as for `p` tokens, and the attention
/// covers the cached tokens too, so the arithmetic is that of a `depth + p` prefill less that of `depth`.
#[must_use]
pub fn ttft_after(s: &Scenario, compute: &Compute, p: f64, depth: f64) -> Seconds {
    if depth <= 0.0 {
        return ttft_at(s, compute, p);
    }
    let eff = compute.effective.0;
    let (_, m) = prefill_times(s, eff, p);
    let c = match &s.model {
        Model::Llm(llm) => {
            let ops = llm.prefill_ops(depth + p) - llm.prefill_ops(depth);
            Seconds(ops.0 * s.targets.batch / eff)
        }
        Model::OneShot(_) => prefill_times(s, eff, p).0,
    };
    let kv = memory::kv_bytes_at(s, depth) * s.targets.batch / s.device.effective_bandwidth();
    c.max(m + kv) + cold(s)
}

fn cold(s: &Scenario) -> Seconds {
    if s.targets.cold_start {
        super::storage::cold_start(s)
    } else {
        Seconds(0.0)
    }
}

/// The prompt tokens prefill actually runs for a prompt of `p`: NPU graphs exported with a fixed chunk run
/// whole chunks, so the prompt is padded up to a multiple of the chunk.
#[must_use]
pub fn padded_prompt(s: &Scenario, p: f64) -> f64 {
    if s.targets.fixed_chunks && s.targets.chunk > 0.0 {
        crate::math::ceil(p / s.targets.chunk) * s.targets.chunk
    } else {
        p
    }
}

/// Passes over the weights a prefill of `p` prompt tokens makes: one per chunk of `chunk` tokens (each chunk
/// is a forward pass of its own that streams every weight again), at least one.
#[must_use]
pub fn weight_passes(s: &Scenario, p: f64) -> f64 {
    let c = s.targets.chunk;
    if c > 0.0 {
        crate::math::ceil(padded_prompt(s, p) / c).max(1.0)
    } else {
        1.0
    }
}

fn prefill_times(s: &Scenario, eff: f64, p: f64) -> (Seconds, Seconds) {
    let b = s.targets.batch;
    let w = memory::weights(s);
    match &s.model {
        Model::Llm(m) => {
            let passes = weight_passes(s, p);
            let p = padded_prompt(s, p);
            let ops = m.prefill_ops(p) * b;
            // A mixture of experts reads only the experts some token of the chunk routes to.
            let per_pass = if s.targets.chunk > 0.0 {
                p.min(s.targets.chunk)
            } else {
                p
            };
            let untouched = if w.routed.0 > 0.0 && m.params.routed > 0.0 {
                w.routed * (m.params.untouched(per_pass * b) / m.params.routed)
            } else {
                crate::units::Bytes(0.0)
            };
            let kv = memory::kv_bytes_at(s, p) * b;
            (
                Seconds(ops.0 / eff),
                ((w.total() - untouched) * passes + kv) / s.device.effective_bandwidth(),
            )
        }
        Model::OneShot(m) => {
            let bytes = w.total() + m.activation * (2.0 * b);
            (
                Seconds(m.ops.0 * b / eff),
                bytes / s.device.effective_bandwidth(),
            )
        }
    }
}

/// Longest prompt whose prefill fits in `budget` at `eff` op/s. Prefill time never falls as the prompt
/// grows (chunk padding makes it a staircase), so the answer is found by bisection on whole tokens.
fn max_prompt(s: &Scenario, eff: f64, budget: Seconds) -> f64 {
    if !matches!(s.model, Model::Llm(_)) || budget.0 <= 0.0 {
        return 0.0;
    }
    let fits = |p: f64| {
        let (c, m) = prefill_times(s, eff, p);
        c.max(m) <= budget
    };
    if !fits(1.0) {
        return 0.0;
    }
    let (mut lo, mut hi) = (1.0_f64, 1e9_f64);
    if fits(hi) {
        return hi;
    }
    while hi - lo > 1.0 {
        let mid = crate::math::floor((lo + hi) / 2.0);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// TTFT check.
#[must_use]
pub fn analyze(s: &Scenario, compute: &Compute, cold_start: &Seconds) -> Ttft {
    let t = &s.targets;
    let eff = compute.effective.0;
    let p = match &s.model {
        Model::Llm(_) => t.prompt,
        Model::OneShot(_) => 1.0,
    };
    let (ct, mt) = prefill_times(s, eff, p);
    let cold = t.cold_start.then_some(*cold_start);
    let ttft = ct.max(mt) + cold.unwrap_or_default();
    let budget = t.ttft - cold.unwrap_or_default();
    let alt = match s.quant.activation {
        Activation::Fp16 => Activation::Int8,
        _ => Activation::Fp16,
    };
    let (_, alt_eff, _) = compute::effective(s, alt, compute.coverage);
    let ops = match &s.model {
        // The operations prefill runs: a fixed-chunk graph computes its padding too.
        Model::Llm(m) => m.prefill_ops(padded_prompt(s, p)) * t.batch,
        Model::OneShot(m) => m.ops * t.batch,
    };
    // A one-shot model must finish a batch within its frame period, or the frames pile up.
    let target = match &s.model {
        Model::Llm(_) => t.ttft,
        Model::OneShot(m) => Seconds(t.batch / m.fps),
    };
    let h = headroom(target.0, ttft.0);
    Ttft {
        ttft,
        ops,
        compute_time: ct,
        memory_time: mt,
        cold_start: cold,
        max_prompt: max_prompt(s, eff, budget),
        max_prompt_alt: (alt, max_prompt(s, alt_eff.0, budget)),
        target,
        verdict: Verdict::from_headroom(h),
        headroom: h,
    }
}
