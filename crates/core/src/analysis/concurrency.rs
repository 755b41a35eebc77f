//! Concurrency: N independent streams (users, agents) batched on one device.
//!
//! One decode step serves every stream: the weights are read once for all of them, each stream's KV cache is
//! read for it, and the arithmetic is N times one stream's: the step is the larger of (W + N·KV) / BW_eff and
//! N·ops / C_eff, plus the overhead. Per-stream TPOT grows slowly while the weight read dominates, and
//! aggregate throughput (N over the step) grows almost N-fold until the KV reads or the arithmetic take over.
//! Memory holds N caches. [`max_streams`] finds the largest N that still meets memory, bandwidth, TPOT and compute.

use crate::model::Model;
use crate::scenario::Scenario;
use crate::units::Bytes;

use super::{analyze, memory, Constraint, Report, Verdict};

/// What a scenario's streams get.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Streams {
    /// Streams batched.
    pub streams: f64,
    /// KV cache (and recurrent state) of one stream at the allocated context, its batch included.
    pub kv_per_stream: Bytes,
    /// Tokens per second each stream gets (1 / TPOT at full context; a batch shares it).
    pub per_stream_tps: f64,
    /// Tokens per second of every stream together.
    pub aggregate_tps: f64,
}

/// The largest number of streams that meets the targets, and what stops one more.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MaxStreams {
    /// Largest N (0: not even one stream meets them).
    pub streams: f64,
    /// The constraint that one more stream (or the first) breaks; `None` when the field's maximum meets them.
    pub binding: Option<Constraint>,
}

/// The constraints more streams can break. TTFT (one prompt at a time), storage and the framework do not
/// depend on N; power and heat are reported, not solved (as in the reverse solve).
pub const BY_STREAMS: [Constraint; 4] = [
    Constraint::Memory,
    Constraint::Bandwidth,
    Constraint::Tpot,
    Constraint::Compute,
];

/// Most streams [`max_streams`] tries (the `streams` field's maximum).
pub const STREAMS_MAX: f64 = 1e5;

/// The streams of a report's scenario (`None` for a one-shot model).
#[must_use]
pub fn streams(s: &Scenario, r: &Report) -> Option<Streams> {
    let Model::Llm(_) = &s.model else {
        return None;
    };
    let t = &s.targets;
    let step = r.tpot.full.0;
    let kv = memory::kv_bytes_at(s, memory::allocated_context(s)) * t.batch;
    Some(Streams {
        streams: t.streams,
        kv_per_stream: kv,
        per_stream_tps: if step > 0.0 { 1.0 / step } else { 0.0 },
        aggregate_tps: if step > 0.0 {
            t.sequences() / step
        } else {
            0.0
        },
    })
}

fn at(s: &Scenario, n: f64) -> Report {
    let mut x = s.clone();
    x.targets.streams = n;
    analyze(&x)
}

fn meets(r: &Report) -> bool {
    BY_STREAMS.iter().all(|&c| r.verdict(c) != Verdict::Fail)
}

/// The failing constraint of [`BY_STREAMS`] with the least headroom.
fn breaks(r: &Report) -> Option<Constraint> {
    BY_STREAMS
        .iter()
        .filter(|&&c| r.verdict(c) == Verdict::Fail)
        .min_by(|&&a, &&b| {
            let h = |c| r.headroom(c).unwrap_or(f64::NEG_INFINITY);
            h(a).total_cmp(&h(b))
        })
        .copied()
}

/// The largest number of streams that meets memory, bandwidth, TPOT and compute at this scenario's
/// context, by bisection on whole streams (each of those needs grows with N). `None` for a one-shot model.
#[must_use]
pub fn max_streams(s: &Scenario) -> Option<MaxStreams> {
    let Model::Llm(_) = &s.model else {
        return None;
    };
    let one = at(s, 1.0);
    if !meets(&one) {
        return Some(MaxStreams {
            streams: 0.0,
            binding: breaks(&one),
        });
    }
    if meets(&at(s, STREAMS_MAX)) {
        return Some(MaxStreams {
            streams: STREAMS_MAX,
            binding: None,
        });
    }
    let (mut lo, mut hi) = (1.0_f64, STREAMS_MAX);
    while hi - lo > 1.0 {
        let mid = crate::math::floor((lo + hi) / 2.0);
        if meets(&at(s, mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(MaxStreams {
        streams: lo,
        binding: breaks(&at(s, hi)),
    })
}
