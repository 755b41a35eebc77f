//! Decision support: which input moves the binding constraint most (sensitivity), and which concrete
//! changes turn failing constraints into passing ones (advice), each with its computed effect.
//!
//! The seed's troubleshooting order — the KV cache first, then per-token logging and debug overhead, then a
//! shorter context — is where the candidate list starts; every candidate is evaluated by the engine, and
//! only those that help are returned, ranked by how many failing constraints they fix.

use alloc::vec::Vec;

use crate::analysis::{Constraint, Crossing, Evaluation, Report, Verdict, ALL_CONSTRAINTS};
use crate::input::{Activation, Field, Inputs, Kind, ModelKind, ALL_FIELDS};
use crate::math;
use crate::scenario::validate;

/// How much one input moves a constraint's headroom when varied by ±`step`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Sensitivity {
    /// The input.
    pub field: Field,
    /// Headroom with the input lowered.
    pub low: f64,
    /// Headroom with the input raised.
    pub high: f64,
    /// Headroom as it is.
    pub base: f64,
}

impl Sensitivity {
    /// The width of the tornado bar.
    #[must_use]
    pub fn swing(&self) -> f64 {
        (self.high - self.low).abs()
    }
}

fn headroom_of(i: &Inputs, c: Constraint) -> Option<f64> {
    let s = validate(i).ok()?;
    crate::analysis::analyze(&s.expected).headroom(c)
}

/// Vary every numeric input that applies by ±`step` (0.2 = ±20 %) and measure the headroom of `c`.
/// Sorted by swing, largest first; inputs that do not move it are left out.
#[must_use]
pub fn sensitivity(inputs: &Inputs, c: Constraint, step: f64) -> Vec<Sensitivity> {
    let Some(base) = headroom_of(inputs, c) else {
        return Vec::new();
    };
    let mut out: Vec<Sensitivity> = ALL_FIELDS
        .iter()
        .filter(|f| f.applies_to(inputs.model_kind) && !matches!(f.spec().kind, Kind::Flag))
        .filter_map(|&f| {
            let v = inputs.get(f)?;
            let moved = |k: f64| {
                let mut i = inputs.clone();
                let mut nv = v.scaled(k);
                if f.spec().kind == Kind::Integer {
                    nv = crate::input::Value::exact(math::round(nv.mid).max(1.0));
                }
                i.set(f, Some(nv));
                headroom_of(&i, c)
            };
            let (lo, hi) = (moved(1.0 - step)?, moved(1.0 + step)?);
            let s = Sensitivity {
                field: f,
                low: lo,
                high: hi,
                base,
            };
            (s.swing() > 1e-9).then_some(s)
        })
        .collect();
    crate::math::sort_by(&mut out, |a, b| b.swing().total_cmp(&a.swing()));
    out
}

/// A concrete change to try.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Change {
    /// Quantize the KV cache to this many bits.
    KvBits {
        /// New bits per element.
        bits: f64,
    },
    /// Remove per-token overhead (logging, debug output, synchronous callbacks).
    NoTokenOverhead,
    /// Cap the context at this many tokens.
    CapContext {
        /// New context.
        tokens: f64,
    },
    /// Cap the prompt (or cache the system prompt) at this many tokens.
    CapPrompt {
        /// New prompt length.
        tokens: f64,
    },
    /// Use INT8 activations (W4A8 instead of W4A16) for the INT8 peak.
    Int8Activations,
    /// Quantize the weights to this many bits.
    WeightBits {
        /// New bits.
        bits: f64,
    },
    /// A grouped-query-attention model of the same size: this many KV heads.
    Gqa {
        /// New KV heads.
        kv_heads: f64,
    },
    /// A smaller model: this many parameters (billions).
    SmallerModel {
        /// New size, billions.
        params_b: f64,
    },
    /// A published model of about the same size (a preset, by id) that fits better, typically through a
    /// smaller KV cache (grouped-query or latent attention) or fewer active parameters.
    PresetModel {
        /// The model preset's id ([`crate::presets::model`]).
        id: &'static str,
    },
    /// Decode one sequence at a time.
    BatchOne,
    /// Run every operator on the accelerator (replace or rewrite the unsupported ones).
    FullCoverage,
    /// Keep the model resident instead of loading it per request.
    WarmStart,
    /// Serve fewer streams at once: the most the targets allow ([`crate::analysis::concurrency::max_streams`]).
    FewerStreams {
        /// New number of streams.
        streams: f64,
    },
    /// Run the device in another of its published power modes (`power_mode`, [`crate::presets::power_modes`]).
    PowerMode {
        /// The device preset's id.
        device: &'static str,
        /// The mode's id.
        id: &'static str,
    },
    /// Speculative decoding with a published draft model that shares the model's tokenizer
    /// ([`drafts_for`]), at the scenario's acceptance rate and draft length.
    Draft {
        /// The draft model preset's id.
        id: &'static str,
    },
}

/// One piece of advice: a change and its computed effect.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Advice {
    /// The change.
    pub change: Change,
    /// Failing constraints it turns to pass or warn.
    pub fixes: Vec<Constraint>,
    /// Constraints it breaks that passed before.
    pub breaks: Vec<Constraint>,
    /// The main constraint it was aimed at.
    pub target: Constraint,
    /// That constraint's figure before (seconds for TPOT/TTFT, bytes for memory/storage, watts for power,
    /// op/s needed for compute, B/s needed for bandwidth).
    pub before: f64,
    /// …and after.
    pub after: f64,
    /// Whether every constraint is met after the change.
    pub all_met: bool,
}

/// The figure a constraint is judged on, in SI units.
#[must_use]
pub fn figure(r: &Report, c: Constraint) -> f64 {
    match c {
        Constraint::Compute => r.compute.needed.0,
        Constraint::Memory => r.memory.total.0,
        Constraint::Bandwidth => r.bandwidth.needed.0,
        Constraint::Ttft => r.ttft.ttft.0,
        // With a draft that pays, the effective TPOT the verdict is judged on.
        Constraint::Tpot => r
            .speculative
            .as_ref()
            .filter(|sp| sp.speedup > 1.0)
            .map_or(r.tpot.full.0, |sp| sp.tpot.0),
        Constraint::Power => r.power.total.0,
        Constraint::Thermal => r.thermal.throttled_rate,
        Constraint::Storage => r.storage.file.0,
        Constraint::Framework => r.framework.coverage,
    }
}

fn apply(i: &Inputs, c: Change) -> Inputs {
    let mut n = i.clone();
    match c {
        Change::KvBits { bits } => n.set_exact(Field::KvBits, bits),
        Change::NoTokenOverhead => n.set_exact(Field::TokenOverheadMs, 0.0),
        Change::CapContext { tokens } => {
            n.set_exact(Field::Context, tokens);
            if n.mid(Field::Prompt).unwrap_or(0.0) > tokens {
                n.set_exact(Field::Prompt, tokens);
            }
        }
        Change::CapPrompt { tokens } => n.set_exact(Field::Prompt, tokens),
        Change::Int8Activations => n.activation = Activation::Int8,
        Change::WeightBits { bits } => n.set_exact(Field::WeightBits, bits),
        Change::Gqa { kv_heads } => n.set_exact(Field::KvHeads, kv_heads),
        Change::SmallerModel { params_b } => {
            n.model_kind = ModelKind::Params;
            n.set_exact(Field::ParamsB, params_b);
        }
        Change::PresetModel { id } => {
            if let Some(m) = crate::presets::model(id) {
                m.apply(&mut n);
            }
        }
        Change::BatchOne => n.set_exact(Field::Batch, 1.0),
        Change::FullCoverage => n.set_exact(Field::Coverage, 1.0),
        Change::WarmStart => n.set_exact(Field::ColdStart, 0.0),
        Change::FewerStreams { streams } => n.set_exact(Field::Streams, streams),
        Change::PowerMode { id, .. } => {
            crate::presets::complete::in_power_mode(&mut n, Some(id));
        }
        Change::Draft { id } => n.draft = Some(id.into()),
    }
    n
}

/// The published draft models for a model preset: LLM presets with an architecture that share its tokenizer
/// — the same name stem (`Llama-3.2-1B` and `Llama-3.1-8B`: `llama`) and a vocabulary within 1 % (embedding
/// tables are padded) — at most a quarter of its size, smallest first. A conservative reading of "shares
/// the tokenizer": a draft from another family that happens to share it is not offered.
#[must_use]
pub fn drafts_for(model: &str) -> Vec<&'static str> {
    use crate::presets::{ModelFamily, ALL_MODELS};
    let Some(m) = crate::presets::model(model) else {
        return Vec::new();
    };
    let (Some(a), Some(size)) = (m.arch.as_ref(), m.params.map(|f| f.value)) else {
        return Vec::new();
    };
    let stem = |name: &str| {
        name.split(['-', ' '])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    let mut out: Vec<(f64, &'static str)> = ALL_MODELS
        .iter()
        .filter(|d| d.family == ModelFamily::Llm && d.id != m.id)
        .filter_map(|d| {
            let da = d.arch.as_ref()?;
            let dp = d.params?.value;
            let same_vocab = (f64::from(da.vocab) / f64::from(a.vocab) - 1.0).abs() < 0.01;
            (same_vocab && stem(d.name) == stem(m.name) && dp <= 0.25 * size).then_some((dp, d.id))
        })
        .collect();
    crate::math::sort_by(&mut out, |x, y| {
        x.0.partial_cmp(&y.0).unwrap_or(core::cmp::Ordering::Equal)
    });
    out.into_iter().map(|(_, id)| id).collect()
}

fn candidates(i: &Inputs, e: &Evaluation) -> Vec<(Change, Constraint)> {
    let r = &e.expected;
    let fails = |c: Constraint| e.verdict(c) == Verdict::Fail;
    let v = |f: Field| i.mid(f).unwrap_or(0.0);
    let mut out = Vec::new();
    let llm = i.model_kind != ModelKind::OneShot;
    let decode =
        fails(Constraint::Tpot) || fails(Constraint::Bandwidth) || fails(Constraint::Memory);
    if llm && decode {
        for bits in [8.0, 4.0] {
            if v(Field::KvBits) > bits {
                out.push((Change::KvBits { bits }, Constraint::Tpot));
            }
        }
    }
    if llm && fails(Constraint::Tpot) && v(Field::TokenOverheadMs) > 0.0 {
        out.push((Change::NoTokenOverhead, Constraint::Tpot));
    }
    if llm && decode {
        if let Crossing::At(c) = r.tpot.crossing {
            // Round down to a power-of-two-ish figure people export with.
            let mut p = 1.0;
            while p * 2.0 <= c {
                p *= 2.0;
            }
            if p >= 64.0 && p < v(Field::Context) {
                out.push((Change::CapContext { tokens: p }, Constraint::Tpot));
            }
        }
    }
    if llm
        && fails(Constraint::Ttft)
        && r.ttft.max_prompt >= 1.0
        && r.ttft.max_prompt < v(Field::Prompt)
    {
        out.push((
            Change::CapPrompt {
                tokens: r.ttft.max_prompt,
            },
            Constraint::Ttft,
        ));
    }
    if (fails(Constraint::Ttft) || fails(Constraint::Compute)) && i.activation == Activation::Fp16 {
        out.push((Change::Int8Activations, Constraint::Ttft));
    }
    let wb = v(Field::WeightBits);
    for bits in [8.0, 4.0] {
        if wb > bits && (decode || fails(Constraint::Storage) || fails(Constraint::Memory)) {
            out.push((Change::WeightBits { bits }, Constraint::Memory));
        }
    }
    if llm && decode {
        let (h, kvh) = (v(Field::Heads), v(Field::KvHeads));
        let g = math::floor(h / 8.0).max(1.0);
        if kvh > g {
            out.push((Change::Gqa { kv_heads: g }, Constraint::Tpot));
        }
    }
    if v(Field::Batch) > 1.0 && (decode || fails(Constraint::Ttft)) {
        out.push((Change::BatchOne, Constraint::Memory));
    }
    if v(Field::Coverage) < 1.0
        && (fails(Constraint::Compute) || fails(Constraint::Ttft) || fails(Constraint::Tpot))
    {
        out.push((Change::FullCoverage, Constraint::Compute));
    }
    if v(Field::ColdStart) >= 0.5 && fails(Constraint::Ttft) {
        out.push((Change::WarmStart, Constraint::Ttft));
    }
    // Issue #25's levers: fewer streams, another power mode, a draft model.
    if llm && v(Field::Streams) > 1.0 && decode {
        if let Some(m) = validate(i)
            .ok()
            .and_then(|s| crate::analysis::concurrency::max_streams(&s.expected))
        {
            if m.streams >= 1.0 && m.streams < v(Field::Streams) {
                out.push((
                    Change::FewerStreams { streams: m.streams },
                    Constraint::Tpot,
                ));
            }
        }
    }
    if let Some(dev) = i.device.as_deref() {
        let target = if fails(Constraint::Power) || fails(Constraint::Thermal) {
            Constraint::Power
        } else {
            Constraint::Tpot
        };
        for m in crate::presets::power_modes::modes(dev) {
            if i.power_mode.as_deref() != Some(m.id) {
                out.push((
                    Change::PowerMode {
                        device: m.device,
                        id: m.id,
                    },
                    target,
                ));
            }
        }
    }
    if llm && (fails(Constraint::Tpot) || fails(Constraint::Bandwidth)) && i.draft.is_none() {
        if let Some(model) = i.model.as_deref() {
            for id in drafts_for(model) {
                out.push((Change::Draft { id }, Constraint::Tpot));
            }
        }
    }
    out
}

/// How far a preset's parameter count may be from the current model's to count as "the same size".
const SAME_SIZE: (f64, f64) = (0.75, 1.35);

/// The published LLM presets of about the current model's size (see [`SAME_SIZE`]) that fix more failing
/// constraints than the current model has passing, best first (most fixes, then the lower TPOT), at most
/// two. Only when a size-driven constraint fails: memory, bandwidth, TPOT, TTFT or storage.
fn same_size_presets(inputs: &Inputs, e: &Evaluation) -> Vec<&'static str> {
    use crate::model::Model;
    let size_driven = [
        Constraint::Memory,
        Constraint::Bandwidth,
        Constraint::Tpot,
        Constraint::Ttft,
        Constraint::Storage,
    ];
    if inputs.model_kind == ModelKind::OneShot
        || !size_driven.iter().any(|&c| e.verdict(c) == Verdict::Fail)
    {
        return Vec::new();
    }
    let Ok(s) = validate(inputs) else {
        return Vec::new();
    };
    let Model::Llm(now) = &s.expected.model else {
        return Vec::new();
    };
    let size = now.params.total();
    let failing = ALL_CONSTRAINTS
        .iter()
        .filter(|&&c| e.verdict(c) == Verdict::Fail)
        .count();
    let mut found: Vec<(usize, f64, &'static str)> = crate::presets::catalog()
        .models
        .iter()
        .filter(|m| inputs.model.as_deref() != Some(m.id))
        .filter_map(|m| {
            let p = m.params_counted()?.total();
            if !(p >= SAME_SIZE.0 * size && p <= SAME_SIZE.1 * size) {
                return None;
            }
            let n = apply(inputs, Change::PresetModel { id: m.id });
            let after = crate::analysis::evaluate(&validate(&n).ok()?);
            let still = ALL_CONSTRAINTS
                .iter()
                .filter(|&&c| after.verdict(c) == Verdict::Fail)
                .count();
            (still < failing).then_some((still, after.expected.tpot.full.0, m.id))
        })
        .collect();
    crate::math::sort_by(&mut found, |a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    found.into_iter().take(2).map(|(_, _, id)| id).collect()
}

/// Ranked changes that fix failing constraints. Includes a smaller model when the solve finds one.
#[must_use]
pub fn advise(inputs: &Inputs, e: &Evaluation) -> Vec<Advice> {
    let failing: Vec<Constraint> = ALL_CONSTRAINTS
        .iter()
        .copied()
        .filter(|&c| e.verdict(c) == Verdict::Fail)
        .collect();
    if failing.is_empty() {
        return Vec::new();
    }
    let mut list = candidates(inputs, e);
    if inputs.model_kind != ModelKind::OneShot {
        if let Ok(s) = crate::solve::solve(inputs) {
            // The largest model for the current scheme's bits, if the scheme list has a close one.
            let bits = inputs.mid(Field::WeightBits).unwrap_or(4.0);
            let best = s
                .schemes
                .iter()
                .filter(|r| {
                    (r.scheme.weight_bits - bits).abs() < 0.5
                        && r.scheme.activation == inputs.activation
                })
                .map(|r| r.max_params)
                .fold(0.0, f64::max);
            let now = e.expected.memory.weights.total().0; // any positive size
            if best > 0.0 && now > 0.0 {
                let b = math::floor(best / 1e7) / 100.0;
                if b > 0.0 && b < inputs.mid(Field::ParamsB).unwrap_or(f64::INFINITY) {
                    list.push((Change::SmallerModel { params_b: b }, Constraint::Tpot));
                }
            }
        }
    }
    list.extend(same_size_presets(inputs, e).into_iter().map(|id| {
        (
            Change::PresetModel { id },
            if failing.contains(&Constraint::Tpot) {
                Constraint::Tpot
            } else {
                failing[0]
            },
        )
    }));
    let mut out: Vec<Advice> = list
        .into_iter()
        .filter_map(|(change, target)| {
            let n = apply(inputs, change);
            let s = validate(&n).ok()?;
            let after = crate::analysis::evaluate(&s);
            let fixes: Vec<Constraint> = failing
                .iter()
                .copied()
                .filter(|&c| after.verdict(c) != Verdict::Fail)
                .collect();
            let breaks: Vec<Constraint> = ALL_CONSTRAINTS
                .iter()
                .copied()
                .filter(|&c| e.verdict(c) != Verdict::Fail && after.verdict(c) == Verdict::Fail)
                .collect();
            let target = if failing.contains(&target) {
                target
            } else {
                failing[0]
            };
            let (b, a) = (figure(&e.expected, target), figure(&after.expected, target));
            let improves = (a - b).abs() > 1e-12 * b.abs().max(1e-30);
            // A power mode or a draft can make things worse as well as better: offered only when it fixes
            // a failing constraint.
            let must_fix = matches!(change, Change::PowerMode { .. } | Change::Draft { .. });
            let keep = if must_fix {
                !fixes.is_empty()
            } else {
                !fixes.is_empty() || improves
            };
            keep.then_some(Advice {
                change,
                fixes,
                breaks,
                target,
                before: b,
                after: a,
                all_met: after.all_met(),
            })
        })
        .collect();
    crate::math::sort_by(&mut out, |x, y| {
        (y.all_met, y.fixes.len(), core::cmp::Reverse(y.breaks.len())).cmp(&(
            x.all_met,
            x.fixes.len(),
            core::cmp::Reverse(x.breaks.len()),
        ))
    });
    out
}

/// One constraint compared between two scenarios.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Difference {
    /// The constraint.
    pub constraint: Constraint,
    /// Verdict in A.
    pub a: Verdict,
    /// Verdict in B.
    pub b: Verdict,
    /// Figure in A (see [`figure`]).
    pub a_figure: f64,
    /// Figure in B.
    pub b_figure: f64,
}

impl Difference {
    /// Whether the verdict or the figure differs.
    #[must_use]
    pub fn differs(&self) -> bool {
        self.a != self.b
            || (self.a_figure - self.b_figure).abs() > 1e-9 * self.a_figure.abs().max(1e-30)
    }
}

/// Compare two evaluations constraint by constraint.
#[must_use]
pub fn compare(a: &Evaluation, b: &Evaluation) -> Vec<Difference> {
    ALL_CONSTRAINTS
        .iter()
        .map(|&c| Difference {
            constraint: c,
            a: a.verdict(c),
            b: b.verdict(c),
            a_figure: figure(&a.expected, c),
            b_figure: figure(&b.expected, c),
        })
        .collect()
}
