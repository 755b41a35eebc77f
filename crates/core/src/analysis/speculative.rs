//! Speculative decoding: a small draft model proposes k tokens, the target checks them in one pass.
//!
//! With acceptance rate α, one verify step yields E = (1 − α^(k+1)) / (1 − α) tokens on average (the
//! accepted run plus the target's own next token; k + 1 when α = 1). It costs k draft decode steps and one
//! target pass over k + 1 tokens. That pass reads the weights and the KV cache once, as one decode step does,
//! and does k + 1 tokens' arithmetic: on a bandwidth-bound device it costs about one target step, so
//! TPOT_spec = (k · draft step + verify) / E. It pays where the target is memory-bound with compute to
//! spare; where (k + 1) × one token's arithmetic exceeds the weight read (little compute headroom), the
//! verify pass becomes compute-bound and the draft's steps are a cost the accepted tokens may not repay.
//! Everything is at the scenario's full context, as the TPOT verdict is.

use crate::scenario::Scenario;
use crate::units::{Bytes, Seconds};

use super::{bandwidth, memory, Compute, Tpot};

/// The effect of a draft model.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Speculative {
    /// Acceptance rate α.
    pub accept: f64,
    /// Draft length k.
    pub draft_len: f64,
    /// Tokens one verify step yields on average, (1 − α^(k+1)) / (1 − α).
    pub tokens_per_step: f64,
    /// One draft decode step at full context.
    pub draft_step: Seconds,
    /// The target's pass over k + 1 tokens at full context.
    pub verify: Seconds,
    /// Memory time of the verify pass (the weights and the KV cache read once).
    pub verify_memory: Seconds,
    /// Compute time of the verify pass (k + 1 tokens' arithmetic).
    pub verify_compute: Seconds,
    /// Effective time per output token: (k × draft step + verify) / tokens per step.
    pub tpot: Seconds,
    /// Plain TPOT over speculative TPOT (above 1: it pays).
    pub speedup: f64,
    /// The draft's weights in memory.
    pub draft_weights: Bytes,
    /// The draft's KV cache at the allocated context, every sequence.
    pub draft_kv: Bytes,
}

/// The bytes one output token moves on average with the draft: k draft steps (its weights and cache) and one
/// target pass (everything a plain step moves), over the tokens a verify step yields.
#[must_use]
pub fn bytes_per_output_token(sp: &Speculative, b: &bandwidth::Bandwidth) -> Bytes {
    Bytes(
        (sp.draft_len * (sp.draft_weights + sp.draft_kv).0 + b.bytes_per_token.0)
            / sp.tokens_per_step.max(1.0),
    )
}

/// Expected tokens per verify step for acceptance `a` and draft length `k`.
#[must_use]
pub fn tokens_per_step(a: f64, k: f64) -> f64 {
    if a >= 1.0 {
        return k + 1.0;
    }
    // α^(k+1) by repeated multiplication: k is a whole number of at most 64.
    let mut p = 1.0;
    let mut i = 0.0;
    while i < k + 1.0 {
        p *= a;
        i += 1.0;
    }
    (1.0 - p) / (1.0 - a)
}

/// The draft's memory: weights and KV cache at the allocated context for every sequence (0 without one).
#[must_use]
pub fn draft_memory(s: &Scenario) -> (Bytes, Bytes) {
    match &s.draft {
        Some(d) => {
            let ds = &d.scenario;
            (
                memory::weights(ds).total(),
                memory::kv_bytes_at(ds, memory::allocated_context(ds)) * s.targets.sequences(),
            )
        }
        None => (Bytes(0.0), Bytes(0.0)),
    }
}

/// Speculative decoding at full context, when the scenario names a draft.
#[must_use]
pub fn analyze(s: &Scenario, compute: &Compute, tpot: &Tpot) -> Option<Speculative> {
    let d = s.draft.as_deref()?;
    let c = s.targets.context;
    let k = d.len;
    let draft_step = bandwidth::tpot_at(&d.scenario, compute, c);
    let (m, one) = bandwidth::step_times(s, compute.effective, c);
    let verify_compute = one * (k + 1.0);
    let verify = (m.max(verify_compute) + s.targets.token_overhead) / s.targets.decode_factor;
    let e = tokens_per_step(d.accept, k);
    let spec = Seconds((k * draft_step.0 + verify.0) / e);
    let (draft_weights, draft_kv) = draft_memory(s);
    Some(Speculative {
        accept: d.accept,
        draft_len: k,
        tokens_per_step: e,
        draft_step,
        verify,
        verify_memory: m,
        verify_compute,
        tpot: spec,
        speedup: if spec.0 > 0.0 {
            tpot.full.0 / spec.0
        } else {
            0.0
        },
        draft_weights,
        draft_kv,
    })
}
