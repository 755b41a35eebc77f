//! The pipeline analysis: each stage's timing shape, the memory plan (resident or swapped), the turn's
//! timeline, its power profile and the conversation's heat.

use super::*;

/// How a stage is timed.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Shape {
    /// An LLM: prefill, then decode.
    Llm {
        /// The image encoder, before the prefill (0 without images).
        encode: Seconds,
        /// The prefill.
        ttft: Seconds,
        /// TPOT over the first tokens.
        tpot_first: Seconds,
        /// TPOT over the whole answer.
        tpot_all: Seconds,
    },
    /// A one-shot model: compute per inference (TTS: per second of audio) and one read of the weights.
    OneShot { compute: Seconds, memory: Seconds },
}

impl Shape {
    fn inference(self) -> Seconds {
        match self {
            Shape::Llm { encode, ttft, .. } => encode + ttft,
            Shape::OneShot { compute, memory } => compute.max(memory),
        }
    }
    /// TTS time for `audio` seconds.
    fn synth(self, audio: f64) -> Seconds {
        match self {
            Shape::OneShot { compute, memory } => (compute * audio).max(memory),
            Shape::Llm { .. } => self.inference(),
        }
    }
}

fn shape(s: &Scenario, r: &Report, prompt_ctx: f64, first: f64, answer: f64) -> Shape {
    if matches!(s.model, crate::model::Model::Llm(_)) {
        Shape::Llm {
            encode: r.ttft.vision.map_or(Seconds(0.0), |v| v.time),
            ttft: crate::analysis::latency::combine(s, r.ttft.compute_time, r.ttft.memory_time),
            tpot_first: bandwidth::tpot_at(s, &r.compute, prompt_ctx + first / 2.0),
            tpot_all: bandwidth::tpot_at(s, &r.compute, prompt_ctx + answer / 2.0),
        }
    } else {
        Shape::OneShot {
            compute: r.ttft.compute_time,
            memory: r.ttft.memory_time,
        }
    }
}

/// Power while the stage runs: the single-model report's power with the accelerator fully busy.
fn busy_power(r: &Report) -> Watts {
    let p = &r.power;
    if p.busy > 0.0 {
        p.base + (p.accel + p.dram) * (1.0 / p.busy)
    } else {
        p.total
    }
}

/// Whether stage `i` runs at the same time as the stage before it: a TTS stage streaming an LLM's first
/// tokens, when overlapped.
fn concurrent(p: &Pipeline, i: usize) -> bool {
    p.timing == Timing::Overlapped && i > 0 && p.stages[i].role == Role::Tts
}

/// The resident set with the least swap time: every subset of stages, smallest total load time of the
/// on-demand ones; an on-demand stage needs room beside the resident ones (with the stage before it too,
/// when the two run at once).
fn plan(mem: &[StageMemory], usable: Bytes, p: &Pipeline) -> (Vec<bool>, Bytes, bool) {
    let n = mem.len();
    let all: f64 = mem.iter().map(|m| m.total.0).sum();
    if all <= usable.0 {
        return (vec![true; n], Bytes(all), true);
    }
    let mut best: Option<(f64, f64, u32)> = None;
    for mask in 0u32..(1 << n) {
        let resident = |i: usize| mask & (1 << i) != 0;
        let kept: f64 = (0..n)
            .filter(|&i| resident(i))
            .map(|i| mem[i].total.0)
            .sum();
        let mut room = 0.0_f64;
        for i in (0..n).filter(|&i| !resident(i)) {
            room = room.max(mem[i].total.0);
            if concurrent(p, i) && !resident(i - 1) {
                room = room.max(mem[i].total.0 + mem[i - 1].total.0);
            }
        }
        let peak = kept + room;
        if peak > usable.0 {
            continue;
        }
        let cost: f64 = (0..n)
            .filter(|&i| !resident(i))
            .map(|i| mem[i].load.0)
            .sum();
        if best.is_none_or(|(c, p, _)| cost < c || (cost == c && peak < p)) {
            best = Some((cost, peak, mask));
        }
    }
    match best {
        Some((_, peak, mask)) => (
            (0..n).map(|i| mask & (1 << i) != 0).collect(),
            Bytes(peak),
            true,
        ),
        // Nothing fits: every stage on demand, the peak is the largest stage.
        None => (
            vec![false; n],
            Bytes(mem.iter().map(|m| m.total.0).fold(0.0, f64::max)),
            false,
        ),
    }
}

/// Analyze a pipeline: memory and the swap plan, end-to-end latency by stage, power and heat over a
/// conversation, and the timeline of one turn.
///
/// # Errors
/// Every problem of [`validate_pipeline`].
pub fn analyze_pipeline(p: &Pipeline) -> Result<PipelineReport, PipelineError> {
    let scenarios = validate_pipeline(p)?;
    let reports: Vec<Report> = scenarios.iter().map(analysis::analyze).collect();
    let utter = p.get(TurnField::UtteranceS);
    let answer = p.get(TurnField::AnswerTokens);
    let first = p.get(TurnField::FirstTokens).min(answer);
    let audio_per_token = p.get(TurnField::AudioSPerToken);
    let audio = answer * audio_per_token;
    let overlapped = p.timing == Timing::Overlapped;
    let dev = &scenarios[0].device;

    // Memory and the swap plan.
    let mut mem: Vec<StageMemory> = reports
        .iter()
        .map(|r| StageMemory {
            weights: r.memory.weights.total(),
            kv: r.memory.kv,
            workspace: r.memory.workspace,
            runtime: r.memory.runtime,
            total: r.memory.total,
            file: r.storage.file,
            load: r.storage.cold_start,
            resident: true,
        })
        .collect();
    let usable = reports[0].memory.usable;
    let (resident, peak, fits) = plan(&mem, usable, p);
    for (m, r) in mem.iter_mut().zip(&resident) {
        m.resident = *r;
    }
    let on_demand: Vec<usize> = (0..mem.len()).filter(|&i| !resident[i]).collect();
    let swap_time = Seconds(on_demand.iter().fold(0.0, |a, &i| a + mem[i].load.0));
    let mem_h = analysis::headroom(usable.0, peak.0);
    let all_stages = Bytes(mem.iter().map(|m| m.total.0).sum());
    let memory = SwapPlan {
        all_resident: on_demand.is_empty(),
        stages: mem.clone(),
        all_stages,
        usable,
        on_demand,
        peak,
        swap_time,
        fits,
        verdict: if fits {
            Verdict::from_headroom(mem_h)
        } else {
            Verdict::Fail
        },
        headroom: mem_h,
    };

    // Timing of each stage, then the turn.
    let shapes: Vec<Shape> = scenarios
        .iter()
        .zip(&reports)
        .map(|(s, r)| shape(s, r, s.targets.prompt, first, answer))
        .collect();
    let mut timeline = Vec::new();
    let mut parts = Vec::new();
    let mut work = Vec::new();
    let seg = |stage: usize, kind: SegmentKind, a: f64, b: f64, busy: f64| Segment {
        stage,
        kind,
        start: Seconds(a),
        end: Seconds(b),
        busy,
    };
    // `ready`: when the next stage may start; `prev_start`: when the previous stage started (an on-demand
    // stage is loaded then when overlapped, after it when sequential).
    let (mut ready, mut prev_start, mut prev_end) = (utter, 0.0_f64, 0.0_f64);
    let n = p.stages.len();
    for (i, stage) in p.stages.iter().enumerate() {
        let sh = shapes[i];
        let last = i + 1 == n;
        let swap_end = if resident[i] {
            0.0
        } else {
            // Loaded while the user speaks (the first stage), alongside the stage it runs with, or once the
            // stage before it is done.
            let from = if i == 0 {
                0.0
            } else if concurrent(p, i) {
                prev_start
            } else {
                prev_end
            };
            timeline.push(seg(i, SegmentKind::Swap, from, from + mem[i].load.0, 0.0));
            from + mem[i].load.0
        };
        let start = ready.max(swap_end);
        let role = match (stage.role, sh) {
            (Role::Other, Shape::Llm { .. }) => Role::Llm,
            (r, _) => r,
        };
        let (next_ready, end, busy) = match (role, sh) {
            (
                Role::Llm,
                Shape::Llm {
                    encode,
                    ttft,
                    tpot_first,
                    tpot_all,
                },
            ) => {
                let decode = tpot_all * answer;
                if encode.0 > 0.0 {
                    timeline.push(seg(i, SegmentKind::Encode, start, start + encode.0, 1.0));
                }
                // The prefill starts once the frame is encoded; from here on, as for a text prompt.
                let (start, ttft) = (start + encode.0, ttft);
                timeline.push(seg(i, SegmentKind::Prefill, start, start + ttft.0, 1.0));
                timeline.push(seg(
                    i,
                    SegmentKind::Decode,
                    start + ttft.0,
                    start + ttft.0 + decode.0,
                    1.0,
                ));
                let next = if last {
                    start + ttft.0
                } else if overlapped {
                    start + ttft.0 + (tpot_first * first).0
                } else {
                    start + ttft.0 + decode.0
                };
                (next, start + ttft.0 + decode.0, encode + ttft + decode)
            }
            (Role::Asr, _) => {
                let t = sh.inference().0;
                let (tail, busy) = if overlapped {
                    let passes = crate::math::ceil(utter / p.get(TurnField::StreamS)).max(1.0);
                    let during = (passes - 1.0) * t;
                    timeline.push(seg(
                        i,
                        SegmentKind::Listen,
                        0.0,
                        utter,
                        (during / utter).min(1.0),
                    ));
                    (t, passes * t)
                } else {
                    let windows = crate::math::ceil(utter / p.get(TurnField::AsrWindowS)).max(1.0);
                    timeline.push(seg(i, SegmentKind::Listen, 0.0, utter, 0.0));
                    (windows * t, windows * t)
                };
                timeline.push(seg(i, SegmentKind::Transcribe, start, start + tail, 1.0));
                (start + tail, start + tail, Seconds(busy))
            }
            (Role::Tts, _) => {
                if overlapped {
                    let chunk_audio = first * audio_per_token;
                    let t1 = sh.synth(chunk_audio).0;
                    let full = crate::math::floor(answer / first);
                    let rest_tokens = answer - full * first;
                    let busy = sh.synth(chunk_audio).0 * full
                        + if rest_tokens > 0.0 {
                            sh.synth(rest_tokens * audio_per_token).0
                        } else {
                            0.0
                        };
                    timeline.push(seg(i, SegmentKind::Synthesize, start, start + t1, 1.0));
                    let rest = busy - t1;
                    if rest > 0.0 {
                        // The remaining chunks follow the tokens: not before the LLM's last token.
                        let until = (start + t1 + rest).max(prev_end + sh.synth(chunk_audio).0);
                        let len = until - (start + t1);
                        timeline.push(seg(
                            i,
                            SegmentKind::Synthesize,
                            start + t1,
                            until,
                            if len > 0.0 {
                                (rest / len).min(1.0)
                            } else {
                                1.0
                            },
                        ));
                    }
                    timeline.push(seg(
                        i,
                        SegmentKind::Speak,
                        start + t1,
                        start + t1 + audio,
                        0.0,
                    ));
                    (start + t1, start + t1 + audio, Seconds(busy))
                } else {
                    let t = sh.synth(audio).0;
                    timeline.push(seg(i, SegmentKind::Synthesize, start, start + t, 1.0));
                    timeline.push(seg(
                        i,
                        SegmentKind::Speak,
                        start + t,
                        start + t + audio,
                        0.0,
                    ));
                    (start + t, start + t + audio, Seconds(t))
                }
            }
            _ => {
                let t = sh.inference().0;
                timeline.push(seg(i, SegmentKind::Infer, start, start + t, 1.0));
                (start + t, start + t, Seconds(t))
            }
        };
        parts.push(LatencyPart {
            stage: i,
            swap: Seconds((swap_end - ready).max(0.0)),
            work: Seconds(next_ready - start),
        });
        let bp = busy_power(&reports[i]);
        work.push(StageWork {
            role: stage.role,
            busy_power: bp,
            busy,
            energy: (bp - dev.idle) * busy,
            step: sh.inference(),
            tpot: match sh {
                Shape::Llm { tpot_all, .. } => tpot_all,
                Shape::OneShot { .. } => Seconds(0.0),
            },
        });
        ready = next_ready;
        prev_start = start;
        prev_end = end;
    }
    let e2e = Seconds(ready - utter);
    let mut dominant = None;
    let mut longest = 0.0;
    for part in &parts {
        let t = part.swap.0 + part.work.0;
        if t > longest {
            longest = t;
            dominant = Some(part.stage);
        }
    }
    let target = Seconds::from_ms(p.get(TurnField::E2eMs));
    let lat_h = analysis::headroom(target.0, e2e.0);
    let latency = Latency {
        e2e,
        parts,
        dominant,
        target,
        verdict: Verdict::from_headroom(lat_h),
        headroom: lat_h,
    };

    let conversation = conversation(p, &scenarios[0], &timeline, &work);
    let camera = camera(p, &shapes, &work, &latency, &conversation);
    Ok(PipelineReport {
        reports,
        work,
        memory,
        latency,
        conversation,
        timeline,
        camera,
    })
}

/// A camera assistant's figures, when a stage is a vision-language model reading images.
fn camera(
    p: &Pipeline,
    shapes: &[Shape],
    work: &[StageWork],
    latency: &Latency,
    conversation: &Conversation,
) -> Option<Camera> {
    let encode = shapes.iter().fold(Seconds(0.0), |a, s| match s {
        Shape::Llm { encode, .. } => a + *encode,
        Shape::OneShot { .. } => a,
    });
    if encode.0 <= 0.0 {
        return None;
    }
    let busy = work.iter().fold(0.0, |a, w| a + w.busy.0);
    let answers_per_s = if busy > 0.0 {
        1.0 / busy
    } else {
        f64::INFINITY
    };
    let target_fps = p.get(TurnField::FrameFps);
    let h = analysis::headroom(answers_per_s, target_fps);
    Some(Camera {
        encode,
        encode_fps: 1.0 / encode.0,
        answers_per_s,
        frame_to_first_word: latency.e2e,
        energy_per_answer: conversation.energy_per_turn,
        target_fps,
        verdict: Verdict::from_headroom(h),
        headroom: h,
    })
}

/// Power at time `t` of the turn: idle plus each segment's busy share of its stage's power above idle
/// (a swap reads storage at the base power).
fn power_at(t: f64, timeline: &[Segment], work: &[StageWork], idle: Watts, base: Watts) -> f64 {
    let mut p = idle.0;
    for s in timeline {
        if s.start.0 <= t && t < s.end.0 {
            let above = match s.kind {
                SegmentKind::Swap => (base - idle).0,
                _ => (work[s.stage].busy_power - idle).0 * s.busy,
            };
            p += above.max(0.0);
        }
    }
    p
}

/// The turn as (duration, watts) pieces between the timeline's boundaries.
fn profile(timeline: &[Segment], work: &[StageWork], s: &Scenario, turn: f64) -> Vec<(f64, f64)> {
    let mut cuts: Vec<f64> = timeline
        .iter()
        .flat_map(|x| [x.start.0, x.end.0])
        .filter(|t| t.is_finite() && *t >= 0.0 && *t <= turn)
        .collect();
    cuts.push(0.0);
    cuts.push(turn);
    crate::math::sort_by(&mut cuts, f64::total_cmp);
    cuts.dedup();
    cuts.windows(2)
        .filter(|w| w[1] > w[0])
        .map(|w| {
            (
                w[1] - w[0],
                power_at(w[0], timeline, work, s.device.idle, s.device.base),
            )
        })
        .collect()
}

fn conversation(
    p: &Pipeline,
    s: &Scenario,
    timeline: &[Segment],
    work: &[StageWork],
) -> Conversation {
    let d = &s.device;
    let turn = timeline
        .iter()
        .map(|x| x.end.0)
        .fold(p.get(TurnField::UtteranceS), f64::max);
    let period = 3600.0 / p.get(TurnField::TurnsPerHour);
    let pieces = profile(timeline, work, s, turn);
    let energy: f64 = pieces.iter().map(|(dt, w)| dt * w).sum();
    let peak = pieces.iter().map(|(_, w)| *w).fold(d.idle.0, f64::max);
    let overbooked = turn > period;
    let span = period.max(turn);
    let average = (energy + d.idle.0 * (span - turn)) / span;
    // Heat: the RC junction model, piece by piece, over N turns from ambient.
    let (r, tau) = thermal::rc(s);
    let mut tj = d.ambient_c;
    let mut tj_peak = tj;
    let step = |tj: f64, dt: f64, w: f64| {
        let inf = d.ambient_c + w * r.0;
        inf + (tj - inf) * crate::math::exp(-dt / tau.0)
    };
    let turns = p.get(TurnField::Turns);
    // Past a few time constants the cycle repeats: simulate at most this many turns, then hold.
    let simulated = turns.min(10_000.0) as u32;
    for _ in 0..simulated {
        for &(dt, w) in &pieces {
            tj = step(tj, dt, w);
            tj_peak = tj_peak.max(tj);
        }
        if span > turn {
            tj = step(tj, span - turn, d.idle.0);
        }
    }
    let power_h = analysis::headroom(d.sustained.0, average);
    let dt_limit = d.tj_max_c - d.ambient_c;
    let heat_h = if dt_limit > 0.0 {
        (d.tj_max_c - tj_peak) / dt_limit
    } else {
        f64::NEG_INFINITY
    };
    let headroom = power_h.min(heat_h);
    Conversation {
        period: Seconds(period),
        turn: Seconds(turn),
        energy_per_turn: Joules(energy),
        average: Watts(average),
        peak: Watts(peak),
        idle: d.idle,
        budget: d.sustained,
        overbooked,
        battery_pct_per_hour: d.battery.map(|j| average * 3600.0 / j.0 * 100.0),
        turns,
        tj_peak_c: tj_peak,
        tj_end_c: tj,
        tj_max_c: d.tj_max_c,
        verdict: Verdict::from_headroom(headroom),
        headroom,
    }
}
