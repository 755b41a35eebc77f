//! Energy per answer and what a charge buys.
//!
//! One answer is the prefill of its prompt and the decode of its output tokens, each token at its own
//! context (`depth + prompt + i`). While it runs the device draws the power [`super::power`] models: the
//! accelerator (busy throughout), the rest of the SoC (`base_w`, its floor included) and the DRAM traffic at
//! `dram_pj_bit` for every byte moved:
//!
//! E = (accel + base) × (t_prefill + Σ TPOT(c_i)) + e_byte × (prefill bytes + Σ bytes(c_i)).
//!
//! `idle_w` is not added on top: it is the draw between answers, and the duty-cycle rule of the power step
//! ((S − idle) / (P − idle)) already treats it as part of the draw while inferring. A batch shares one
//! prefill of its prompts, and every decode step serves each stream's batch, so one answer is the prefill over
//! the batch plus the decode over every sequence of every stream. On a battery: answers per charge = capacity / E, hours of continuous use = capacity / (E / t).

use crate::model::Model;
use crate::scenario::Scenario;
use crate::units::{Joules, Seconds, Watts};

use super::{bandwidth, Compute, Power, Ttft};

/// Energy of one answer.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Energy {
    /// One answer's share of the prefill (one-shot: 0).
    pub prefill: Joules,
    /// One answer's share of the decode (one-shot: the inference).
    pub decode: Joules,
    /// Everything one answer costs.
    pub per_answer: Joules,
    /// How long one answer takes: prefill (without a cold start) and every decode step.
    pub answer_time: Seconds,
    /// The device's average draw while answering back to back.
    pub average_power: Watts,
    /// Answers one charge gives, when the battery is known.
    pub answers_per_charge: Option<f64>,
    /// Hours of continuous answering on one charge, when the battery is known.
    pub hours_per_charge: Option<f64>,
}

/// What a draft model that pays does to one answer's decode (speculative decoding, #25): each output token
/// takes `time` × the plain step and moves `bytes` × the plain step's bytes (both at full context, applied
/// to every step). `NONE` without a draft.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DraftScale {
    /// Effective TPOT over the plain TPOT.
    pub time: f64,
    /// Bytes per output token over the plain step's bytes.
    pub bytes: f64,
}

impl DraftScale {
    /// No draft: the plain decode.
    pub const NONE: DraftScale = DraftScale {
        time: 1.0,
        bytes: 1.0,
    };
}

/// Σ_{i=0}^{n−1} f(c0 + i). Up to 64 terms are added one by one; beyond, the sum is the integral from the
/// first to the last token (trapezoids on 64 panels) plus half of both ends (Euler–Maclaurin), exact while
/// `f` is linear in the context — as the KV read and TPOT are between the window and roofline kinks.
#[must_use]
pub fn sum_over_tokens(c0: f64, n: f64, f: impl Fn(f64) -> f64) -> f64 {
    if n.is_nan() || n <= 0.0 {
        return 0.0;
    }
    if n <= 64.0 {
        let mut sum = 0.0;
        let mut i = 0.0;
        while i < n {
            sum += f(c0 + i);
            i += 1.0;
        }
        return sum;
    }
    const PANELS: f64 = 64.0;
    let (a, b) = (c0, c0 + n - 1.0);
    let h = (b - a) / PANELS;
    let ends = (f(a) + f(b)) / 2.0;
    let mut inner = 0.0;
    let mut j = 1.0;
    while j < PANELS {
        inner += f(a + j * h);
        j += 1.0;
    }
    (ends + inner) * h + ends
}

/// The energy of one answer.
#[must_use]
pub fn analyze(
    s: &Scenario,
    compute: &Compute,
    ttft: &Ttft,
    power: &Power,
    draft: DraftScale,
) -> Energy {
    let d = &s.device;
    let t = &s.targets;
    let battery = |e: Joules, time: Seconds| {
        let answers = d.battery.filter(|_| e.0 > 0.0).map(|b| b.0 / e.0);
        let hours = d
            .battery
            .filter(|_| e.0 > 0.0 && time.0 > 0.0)
            .map(|b| b.0 / (e.0 / time.0) / 3600.0);
        (answers, hours)
    };
    match &s.model {
        Model::Llm(_) => {
            let active = d.accel + d.base;
            let prefill_time =
                Seconds((ttft.ttft.0 - ttft.cold_start.map_or(0.0, |c| c.0)).max(0.0));
            // The language model's prefill reads, and the image encoder's weights once per pass.
            let prefill_bytes = d.effective_bandwidth() * ttft.memory_time
                + s.vision
                    .as_ref()
                    .map_or(crate::units::Bytes(0.0), |v| v.read_bytes());
            let prefill_total = active * prefill_time + d.dram_per_byte * prefill_bytes.0;
            let c0 = t.depth + t.prompt;
            let decode_time = Seconds(
                draft.time * sum_over_tokens(c0, t.output, |c| bandwidth::tpot_at(s, compute, c).0),
            );
            let decode_bytes =
                draft.bytes * sum_over_tokens(c0, t.output, |c| bandwidth::bytes_at(s, c).0);
            let decode_total = active * decode_time + d.dram_per_byte * decode_bytes;
            let prefill = prefill_total / t.batch;
            let decode = decode_total / t.sequences();
            let per_answer = prefill + decode;
            let answer_time = prefill_time + decode_time;
            let average_power = if answer_time.0 > 0.0 {
                Watts((prefill_total + decode_total).0 / answer_time.0)
            } else {
                Watts(0.0)
            };
            let (answers_per_charge, hours_per_charge) = battery(per_answer, answer_time);
            Energy {
                prefill,
                decode,
                per_answer,
                answer_time,
                average_power,
                answers_per_charge,
                hours_per_charge,
            }
        }
        Model::OneShot(_) => {
            let per_answer = power.energy_per_step;
            let (answers_per_charge, _) = battery(per_answer, ttft.ttft);
            Energy {
                prefill: Joules(0.0),
                decode: per_answer,
                per_answer,
                answer_time: ttft.ttft,
                average_power: power.total,
                answers_per_charge,
                hours_per_charge: power.battery_hours,
            }
        }
    }
}
