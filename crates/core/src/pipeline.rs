//! Pipelines: several models sharing one device, such as a voice assistant's ASR → LLM → TTS.
//!
//! Every [`Stage`] has its own model, quantization, backend, framework and targets, but all of them live on
//! the FIRST stage's device: its memory, bandwidth, power budget and heat. [`analyze_pipeline`] answers four
//! questions about one conversation turn:
//!
//! - **memory**: do all stages stay resident at once? If not, which are loaded on demand ([`SwapPlan`]), and
//!   what each load costs (file size / storage read speed) on the way to the answer;
//! - **latency**: from the end of the user's speech to the first audio out, split by stage, with the
//!   dominant stage named;
//! - **power and heat** over a conversation: the average power at the given number of turns per hour (each
//!   stage's power while busy, idle power otherwise), energy per turn, battery share per hour, and the
//!   junction temperature after N turns from the piecewise RC model of [`crate::analysis::thermal`];
//! - **a timeline** of one turn as typed [`Segment`]s for a Gantt chart, and per-stage memory for a stacked
//!   bar.
//!
//! ## Timing
//!
//! Time 0 is the start of the user's speech; the speech ends at `utter_s`.
//!
//! - [`Timing::Sequential`]: each stage finishes before the next starts. ASR transcribes the whole utterance
//!   after it ends (one inference per `asr_window_s` of audio: Whisper pads to a 30 s window); the LLM
//!   prefills the prompt and decodes the whole answer; TTS synthesizes all of it before playing.
//! - [`Timing::Overlapped`]: streaming. ASR re-runs every `stream_s` while the user speaks, so only the last
//!   pass counts after the end of speech; TTS starts on the LLM's first `first_tokens` tokens, so the first
//!   audio comes after the LLM's TTFT + `first_tokens` × TPOT + the TTS latency of that first chunk. Stages
//!   that run at once are assumed not to slow each other (an optimistic bound on a shared accelerator); their
//!   powers add.
//!
//! A TTS stage is a one-shot model whose `gop` is the operations for **one second of audio** (`fps` = 1 is
//! real time). The TTS time for `x` seconds of audio is max(compute × x, one read of the weights).
//!
//! The numbers use the expected value of every ranged input.
//!
//! ```
//! use edgefit_core::pipeline::{analyze_pipeline, Pipeline, Role};
//!
//! let p = Pipeline::voice_assistant();
//! assert_eq!(p.stages.len(), 3);
//! let r = analyze_pipeline(&p).expect("the seed's voice assistant is valid");
//! assert!(r.memory.all_resident);
//! assert_eq!(r.latency.dominant.map(|d| p.stages[d].role), Some(Role::Llm));
//! assert!(r.latency.e2e.ms() < 1000.0);
//! ```

pub mod link;

use alloc::vec;
use alloc::vec::Vec;

use crate::analysis::{self, bandwidth, thermal, Report, Verdict};
use crate::input::{choice, Bound, Field, Group, Inputs, ModelKind, Problem, Unit, ALL_FIELDS};
use crate::scenario::{validate, Errors, Scenario};
use crate::units::{Bytes, Joules, Seconds, Watts};

/// Most stages a pipeline may have (`s1.` … `s8.` in a link).
pub const MAX_STAGES: usize = 8;

choice!(
    /// What a stage does in the conversation, which decides how it is timed.
    Role, ALL_ROLES {
        /// Speech recognition (a one-shot model): listens while the user speaks.
        Asr = "asr",
        /// The language model: prefill, then decode the answer.
        #[default]
        Llm = "llm",
        /// Speech synthesis (a one-shot model whose `gop` is per second of audio).
        Tts = "tts",
        /// A vision model (one-shot): one inference.
        Vision = "vision",
        /// Anything else: an LLM-kind model is timed as an LLM, a one-shot model as one inference.
        Other = "other",
    }
);

choice!(
    /// How the stages of one turn follow each other.
    Timing, ALL_TIMINGS {
        /// Each stage finishes before the next starts.
        Sequential = "seq",
        /// Streaming: ASR while the user speaks, TTS on the LLM's first tokens.
        #[default]
        Overlapped = "overlap",
    }
);

impl Role {
    /// Whether this role runs a model of this kind.
    #[must_use]
    pub fn accepts(self, kind: ModelKind) -> bool {
        match self {
            Role::Llm => kind != ModelKind::OneShot,
            Role::Asr | Role::Tts | Role::Vision => kind == ModelKind::OneShot,
            Role::Other => true,
        }
    }
}

/// One model of the pipeline.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stage {
    /// What it does.
    pub role: Role,
    /// Its inputs. Only the first stage's device fields count: the others are replaced by them.
    pub inputs: Inputs,
}

macro_rules! turn_fields {
    ($( $(#[$doc:meta])* $id:ident = $key:literal, $unit:ident, $default:expr, $min:expr, $max:expr, $int:expr; )*) => {
        /// One number describing the conversation (not a stage).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "snake_case"))]
        #[non_exhaustive]
        pub enum TurnField {
            $( $(#[$doc])* $id, )*
        }
        /// Every conversation field, in form order.
        pub const ALL_TURN_FIELDS: &[TurnField] = &[ $( TurnField::$id, )* ];
        const TURN_SPECS: &[TurnSpec] = &[ $( TurnSpec {
            field: TurnField::$id, key: $key, unit: Unit::$unit, default: $default, min: $min, max: $max,
            integer: $int,
        }, )* ];
    };
}

/// The description of one conversation field.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TurnSpec {
    /// Which field.
    pub field: TurnField,
    /// Its key in links (unprefixed: it belongs to the pipeline, not to a stage).
    pub key: &'static str,
    /// The unit it is typed in.
    pub unit: Unit,
    /// Its default.
    pub default: f64,
    /// The lowest allowed value.
    pub min: Bound,
    /// The highest allowed value.
    pub max: Bound,
    /// A whole number.
    pub integer: bool,
}

const fn incl(value: f64) -> Bound {
    Bound {
        value,
        inclusive: true,
    }
}
const fn excl(value: f64) -> Bound {
    Bound {
        value,
        inclusive: false,
    }
}

// Defaults: a 3 s question, a 60-token spoken answer (≈ 18 s at 0.3 s of audio per token: English speech
// runs ≈ 150 words/min ≈ 3.3 tokens/s), TTS starting on 8 tokens, one turn a minute, 20 turns, and the
// 1 s from end of speech to first audio that a spoken reply tolerates.
turn_fields! {
    /// How long the user speaks.
    UtteranceS = "utter_s", Seconds, 3.0, excl(0.0), incl(1e4), false;
    /// Tokens in the spoken answer (the LLM stage's `output` is not used by the pipeline).
    AnswerTokens = "answer_tokens", Tokens, 60.0, incl(1.0), incl(1e6), true;
    /// Tokens the LLM produces before TTS starts (overlapped timing): the first TTS chunk.
    FirstTokens = "first_tokens", Tokens, 8.0, incl(1.0), incl(1e6), true;
    /// Seconds of speech per answer token.
    AudioSPerToken = "audio_s_per_token", Seconds, 0.3, excl(0.0), incl(100.0), false;
    /// Streaming ASR: audio between two passes while the user speaks.
    StreamS = "stream_s", Seconds, 1.0, excl(0.0), incl(1e4), false;
    /// Audio one ASR inference covers (Whisper: a 30 s window).
    AsrWindowS = "asr_window_s", Seconds, 30.0, excl(0.0), incl(1e4), false;
    /// Conversation turns per hour, for the average power.
    TurnsPerHour = "turns_per_hour", Count, 60.0, excl(0.0), incl(1e6), false;
    /// Turns in a row, for the junction temperature.
    Turns = "turns", Count, 20.0, incl(1.0), incl(1e5), true;
    /// Target from the end of speech to the first audio out.
    E2eMs = "e2e_ms", Ms, 1000.0, excl(0.0), incl(1e8), false;
}

impl TurnField {
    /// This field's description.
    #[must_use]
    pub fn spec(self) -> &'static TurnSpec {
        &TURN_SPECS[self as usize]
    }
    /// Its key in links.
    #[must_use]
    pub fn key(self) -> &'static str {
        self.spec().key
    }
    /// The field with this key.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        TURN_SPECS.iter().find(|s| s.key == key).map(|s| s.field)
    }
}

impl TurnSpec {
    /// Check one value against this field's rules.
    ///
    /// # Errors
    /// The first rule the value breaks.
    pub fn check(&self, x: f64) -> Result<(), Problem> {
        if !x.is_finite() {
            return Err(Problem::NotFinite);
        }
        if x < self.min.value || (!self.min.inclusive && x == self.min.value) {
            return Err(Problem::TooLow { min: self.min });
        }
        if x > self.max.value || (!self.max.inclusive && x == self.max.value) {
            return Err(Problem::TooHigh { max: self.max });
        }
        if self.integer && x != crate::math::floor(x) {
            return Err(Problem::NotInteger);
        }
        Ok(())
    }
}

/// Models sharing one device, and the conversation they serve.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pipeline {
    /// The stages, in the order the data flows. The first one's device is everyone's.
    pub stages: Vec<Stage>,
    /// How they follow each other.
    pub timing: Timing,
    turn: Vec<f64>,
}

impl Pipeline {
    /// A pipeline of these stages with the default conversation and overlapped timing.
    #[must_use]
    pub fn new(stages: Vec<Stage>) -> Self {
        Self {
            stages,
            timing: Timing::default(),
            turn: TURN_SPECS.iter().map(|s| s.default).collect(),
        }
    }
    /// One stage: a scenario exactly as the single-model report reads it.
    #[must_use]
    pub fn single(inputs: Inputs) -> Self {
        Self::new(vec![Stage {
            role: match inputs.model_kind {
                ModelKind::OneShot => Role::Other,
                _ => Role::Llm,
            },
            inputs,
        }])
    }
    /// The seed's voice assistant: Whisper-base ASR → the seed's 1.5 B INT4 LLM → Kokoro-82M TTS, on the
    /// seed's device. Whisper and Kokoro at INT8 per-channel; Kokoro's operations per second of audio are its
    /// preset's figure, counted from its published config and code (≈52.7 GOP per second of audio, see
    /// `presets/extra.rs`); its peak activations are not published and keep the one-shot default.
    #[must_use]
    pub fn voice_assistant() -> Self {
        let one_shot = |id: &str| {
            let mut i = Inputs::default();
            if let Some(m) = crate::presets::model(id) {
                m.apply(&mut i);
            }
            i.set_exact(Field::WeightBits, 8.0);
            i.granularity = crate::input::Granularity::PerChannel;
            i
        };
        let asr = one_shot("whisper-base");
        let mut tts = one_shot("kokoro-82m");
        tts.set_exact(Field::Fps, 1.0);
        Self::new(vec![
            Stage {
                role: Role::Asr,
                inputs: asr,
            },
            Stage {
                role: Role::Llm,
                inputs: Inputs::default(),
            },
            Stage {
                role: Role::Tts,
                inputs: tts,
            },
        ])
    }
    /// The voice assistant on the scenario a person was looking at: its model as the LLM stage, and its
    /// device (every device field, the preset and the backend) under the speech stages too.
    #[must_use]
    pub fn voice_assistant_on(current: &Inputs) -> Self {
        let mut p = Self::voice_assistant();
        for st in &mut p.stages {
            if st.role == Role::Llm {
                st.inputs = current.clone();
                continue;
            }
            for &f in crate::input::ALL_FIELDS {
                if f.spec().group == crate::input::Group::Device {
                    st.inputs.set(f, current.get(f));
                }
            }
            st.inputs.device.clone_from(&current.device);
            st.inputs.backend = current.backend;
        }
        p
    }
    /// A conversation field.
    #[must_use]
    pub fn get(&self, f: TurnField) -> f64 {
        self.turn
            .get(f as usize)
            .copied()
            .unwrap_or(f.spec().default)
    }
    /// Set a conversation field.
    pub fn set(&mut self, f: TurnField, x: f64) {
        if let Some(slot) = self.turn.get_mut(f as usize) {
            *slot = x;
        }
    }
    /// Builder form of [`Pipeline::set`].
    #[must_use]
    pub fn with(mut self, f: TurnField, x: f64) -> Self {
        self.set(f, x);
        self
    }
    /// The inputs stage `i` is analyzed with: its own, with the first stage's device fields and label.
    #[must_use]
    pub fn stage_inputs(&self, i: usize) -> Option<Inputs> {
        let mut inputs = self.stages.get(i)?.inputs.clone();
        if let Some(first) = self.stages.first() {
            for &f in ALL_FIELDS {
                if f.spec().group == Group::Device {
                    inputs.set(f, first.inputs.get(f));
                }
            }
            inputs.device.clone_from(&first.inputs.device);
        }
        Some(inputs)
    }
    /// The same pipeline with every stage's device fields replaced by the first stage's (what the analysis
    /// and a link see).
    #[must_use]
    pub fn normalized(&self) -> Self {
        let mut p = self.clone();
        for i in 0..p.stages.len() {
            if let Some(inputs) = self.stage_inputs(i) {
                p.stages[i].inputs = inputs;
            }
        }
        p
    }
}

impl Default for Pipeline {
    /// The seed's voice assistant ([`Pipeline::voice_assistant`]).
    fn default() -> Self {
        Self::voice_assistant()
    }
}

/// What is wrong with one part of a pipeline.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "type", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum PipelineProblem {
    /// No stages.
    NoStages,
    /// More than [`MAX_STAGES`] stages.
    TooManyStages {
        /// How many were given.
        count: usize,
    },
    /// A conversation field out of its bounds.
    Turn {
        /// The field.
        field: TurnField,
        /// Its value.
        value: f64,
        /// What is wrong.
        problem: Problem,
    },
    /// A stage whose model kind does not fit its role (an ASR stage given an LLM).
    Role {
        /// Stage index (0-based; links and the CLI show it 1-based).
        stage: usize,
        /// Its role.
        role: Role,
        /// Its model kind.
        kind: ModelKind,
    },
    /// A stage whose inputs failed validation: every field's error.
    Stage {
        /// Stage index (0-based).
        stage: usize,
        /// The errors, each naming its field.
        errors: Errors,
    },
}

/// Every problem found in a pipeline, at once.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PipelineError(pub Vec<PipelineProblem>);

impl core::fmt::Display for PipelineError {
    /// A developer-facing message; the CLI and page render their own words.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (n, p) in self.0.iter().enumerate() {
            if n > 0 {
                f.write_str("; ")?;
            }
            match p {
                PipelineProblem::NoStages => f.write_str("no stages")?,
                PipelineProblem::TooManyStages { count } => {
                    write!(f, "{count} stages: at most {MAX_STAGES}")?;
                }
                PipelineProblem::Turn { field, value, .. } => {
                    write!(
                        f,
                        "{}={}: out of bounds",
                        field.key(),
                        crate::numfmt::short(*value)
                    )?;
                }
                PipelineProblem::Role { stage, role, kind } => write!(
                    f,
                    "s{}: a {} stage cannot run a {} model",
                    stage + 1,
                    role.code(),
                    kind.code()
                )?,
                PipelineProblem::Stage { stage, errors } => {
                    for e in &errors.0 {
                        write!(f, "s{}.{e} ", stage + 1)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// What a segment of the turn is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum SegmentKind {
    /// The user speaks (the ASR stage's row; streaming passes run inside it).
    Listen,
    /// Loading a stage from storage.
    Swap,
    /// ASR inference after the end of speech.
    Transcribe,
    /// LLM prefill (up to its first token).
    Prefill,
    /// LLM decode.
    Decode,
    /// TTS synthesis.
    Synthesize,
    /// The answer's audio playing.
    Speak,
    /// One inference of another one-shot stage.
    Infer,
}

/// One bar of the turn's Gantt chart.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Segment {
    /// Stage index (0-based).
    pub stage: usize,
    /// What happens.
    pub kind: SegmentKind,
    /// Start, seconds from the start of the user's speech.
    pub start: Seconds,
    /// End.
    pub end: Seconds,
    /// Share of the segment the stage's accelerator work is busy (0 for listening without streaming and
    /// for playback); scales the stage's busy power above idle.
    pub busy: f64,
}

/// One stage's memory, for the stacked bar and the swap plan.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StageMemory {
    /// Weights.
    pub weights: Bytes,
    /// KV cache.
    pub kv: Bytes,
    /// Activations and workspace.
    pub workspace: Bytes,
    /// Runtime overhead.
    pub runtime: Bytes,
    /// All of it.
    pub total: Bytes,
    /// The model file.
    pub file: Bytes,
    /// Time to load the file: file / storage read speed.
    pub load: Seconds,
    /// Stays in memory between turns (false: loaded on demand).
    pub resident: bool,
}

/// Memory of the pipeline: everything resident at once, or a swap plan.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SwapPlan {
    /// Per stage, in stage order.
    pub stages: Vec<StageMemory>,
    /// Every stage at once.
    pub all_stages: Bytes,
    /// Usable memory of the device (total − reserved, or the per-app cap).
    pub usable: Bytes,
    /// Every stage fits at once: nothing is swapped.
    pub all_resident: bool,
    /// Stages loaded on demand (0-based), when not everything fits.
    pub on_demand: Vec<usize>,
    /// Most memory in use at any moment with this plan.
    pub peak: Bytes,
    /// Loading on demand adds to each turn: the sum of the on-demand stages' load times.
    pub swap_time: Seconds,
    /// Some plan fits (false: a stage, or two that must run together, exceed usable memory alone).
    pub fits: bool,
    /// Pass/warn by (usable − peak) / usable; fail when nothing fits.
    pub verdict: Verdict,
    /// (usable − peak) / usable.
    pub headroom: f64,
}

/// One stage's share of the time from the end of speech to the first audio out.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LatencyPart {
    /// Stage index (0-based).
    pub stage: usize,
    /// Waiting for the stage to load.
    pub swap: Seconds,
    /// The stage's own work on the path (ASR tail, TTFT + tokens, first TTS chunk…).
    pub work: Seconds,
}

/// End-to-end latency of one turn.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Latency {
    /// From the end of speech to the first output of the last stage (first audio for TTS).
    pub e2e: Seconds,
    /// By stage, in order; sums to `e2e`.
    pub parts: Vec<LatencyPart>,
    /// The stage with the largest part (`None` when every part is zero).
    pub dominant: Option<usize>,
    /// The target.
    pub target: Seconds,
    /// Verdict against the target.
    pub verdict: Verdict,
    /// (target − e2e) / target.
    pub headroom: f64,
}

/// One stage's work in one turn.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StageWork {
    /// Role.
    pub role: Role,
    /// Power while the stage runs (accelerator at full load, the rest of the SoC, DRAM traffic).
    pub busy_power: Watts,
    /// Accelerator time per turn.
    pub busy: Seconds,
    /// Energy per turn above idle, (busy power − idle) × busy time.
    pub energy: Joules,
    /// LLM: time to first token (prompt prefill); one-shot: one inference; TTS: one second of audio.
    pub step: Seconds,
    /// LLM: time per output token over the answer (at the mean context); others: 0.
    pub tpot: Seconds,
}

/// Power and heat over a conversation.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Conversation {
    /// Time between turns: 3600 s / turns per hour.
    pub period: Seconds,
    /// One turn, from the start of speech to the end of the answer's audio.
    pub turn: Seconds,
    /// Energy of one turn, idle floor included.
    pub energy_per_turn: Joules,
    /// Average power at the given turns per hour (idle between turns).
    pub average: Watts,
    /// Highest power at any moment of a turn.
    pub peak: Watts,
    /// Idle power.
    pub idle: Watts,
    /// Sustained budget.
    pub budget: Watts,
    /// A turn lasts longer than the period: the turns per hour cannot be served (average is then over
    /// back-to-back turns).
    pub overbooked: bool,
    /// Battery share used per hour, %, when the battery is known.
    pub battery_pct_per_hour: Option<f64>,
    /// Turns simulated for the heat.
    pub turns: f64,
    /// Junction temperature at its highest over those turns, °C.
    pub tj_peak_c: f64,
    /// Junction temperature at the end of the last turn's period, °C.
    pub tj_end_c: f64,
    /// Junction limit, °C.
    pub tj_max_c: f64,
    /// Verdict: average power against the budget and peak junction temperature against the limit, the
    /// worse of the two.
    pub verdict: Verdict,
    /// The smaller of the two headrooms.
    pub headroom: f64,
}

/// Everything about one pipeline.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PipelineReport {
    /// Each stage's single-model report, on the shared device.
    pub reports: Vec<Report>,
    /// Each stage's work per turn.
    pub work: Vec<StageWork>,
    /// Memory and the swap plan.
    pub memory: SwapPlan,
    /// End-to-end latency.
    pub latency: Latency,
    /// Power and heat.
    pub conversation: Conversation,
    /// One turn, as Gantt bars, in start order per stage.
    pub timeline: Vec<Segment>,
}

impl PipelineReport {
    /// Whether the pipeline meets its end-to-end target, fits in memory, and stays within power and heat.
    #[must_use]
    pub fn all_met(&self) -> bool {
        [
            self.latency.verdict,
            self.memory.verdict,
            self.conversation.verdict,
        ]
        .iter()
        .all(|v| *v != Verdict::Fail)
    }
}

/// Check every input of a pipeline and build each stage's scenario (expected corner).
///
/// # Errors
/// Every problem at once: bad conversation fields, roles that do not fit their model, stages' field errors.
pub fn validate_pipeline(p: &Pipeline) -> Result<Vec<Scenario>, PipelineError> {
    let mut problems = Vec::new();
    if p.stages.is_empty() {
        problems.push(PipelineProblem::NoStages);
    }
    if p.stages.len() > MAX_STAGES {
        problems.push(PipelineProblem::TooManyStages {
            count: p.stages.len(),
        });
    }
    for &f in ALL_TURN_FIELDS {
        let x = p.get(f);
        if let Err(problem) = f.spec().check(x) {
            problems.push(PipelineProblem::Turn {
                field: f,
                value: x,
                problem,
            });
        }
    }
    let mut scenarios = Vec::new();
    for (i, stage) in p.stages.iter().enumerate().take(MAX_STAGES) {
        let Some(inputs) = p.stage_inputs(i) else {
            continue;
        };
        if !stage.role.accepts(inputs.model_kind) {
            problems.push(PipelineProblem::Role {
                stage: i,
                role: stage.role,
                kind: inputs.model_kind,
            });
            continue;
        }
        match validate(&inputs) {
            Ok(s) => scenarios.push(s.expected),
            Err(errors) => problems.push(PipelineProblem::Stage { stage: i, errors }),
        }
    }
    if problems.is_empty() {
        Ok(scenarios)
    } else {
        Err(PipelineError(problems))
    }
}

/// How a stage is timed.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Shape {
    /// An LLM: prefill, then decode.
    Llm {
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
            Shape::Llm { ttft, .. } => ttft,
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
                    ttft,
                    tpot_first,
                    tpot_all,
                },
            ) => {
                let decode = tpot_all * answer;
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
                (next, start + ttft.0 + decode.0, ttft + decode)
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
    Ok(PipelineReport {
        reports,
        work,
        memory,
        latency,
        conversation,
        timeline,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_keys_do_not_clash_with_field_keys() {
        for &f in ALL_TURN_FIELDS {
            assert!(Field::from_key(f.key()).is_none(), "{}", f.key());
            assert!(f.spec().check(f.spec().default).is_ok(), "{}", f.key());
        }
    }

    #[test]
    fn a_role_refuses_the_wrong_model() {
        let mut p = Pipeline::voice_assistant();
        let (asr, llm) = (p.stages[0].inputs.clone(), p.stages[1].inputs.clone());
        p.stages[0].inputs = llm;
        p.stages[1].inputs = asr;
        let e = analyze_pipeline(&p).unwrap_err();
        assert_eq!(
            e.0,
            vec![
                PipelineProblem::Role {
                    stage: 0,
                    role: Role::Asr,
                    kind: ModelKind::Params,
                },
                PipelineProblem::Role {
                    stage: 1,
                    role: Role::Llm,
                    kind: ModelKind::OneShot,
                },
            ]
        );
    }

    #[test]
    fn a_bad_stage_field_names_the_stage_and_field() {
        let mut p = Pipeline::voice_assistant();
        p.stages[1].inputs.set_exact(Field::WeightBits, 0.0);
        let e = analyze_pipeline(&p).unwrap_err();
        match &e.0[..] {
            [PipelineProblem::Stage { stage: 1, errors }] => {
                assert_eq!(
                    errors.0[0].input,
                    crate::scenario::InputRef::Field(Field::WeightBits)
                );
            }
            other => panic!("{other:?}"),
        }
        let p = Pipeline::voice_assistant().with(TurnField::E2eMs, -1.0);
        assert!(matches!(
            analyze_pipeline(&p).unwrap_err().0[..],
            [PipelineProblem::Turn {
                field: TurnField::E2eMs,
                ..
            }]
        ));
    }

    #[test]
    fn later_stages_use_the_first_stages_device() {
        let mut p = Pipeline::voice_assistant();
        p.stages[2].inputs.set_exact(Field::BandwidthGbps, 1.0);
        let a = analyze_pipeline(&p).unwrap();
        let b = analyze_pipeline(&Pipeline::voice_assistant()).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn too_little_memory_swaps_the_cheapest_stages() {
        // 2.1 GB usable: the 1.5 B LLM (1.59 GB) stays; ASR and TTS (≈0.41 GB each) are loaded on demand,
        // one at a time…
        let mut p = Pipeline::voice_assistant();
        p.stages[0].inputs.set_exact(Field::ReservedGb, 5.9);
        let r = analyze_pipeline(&p).unwrap();
        assert!(!r.memory.all_resident && r.memory.fits);
        assert!(r.memory.stages[1].resident, "{:?}", r.memory);
        assert!(r.memory.swap_time.0 > 0.0);
        // Overlapped, the loads hide behind the speech (ASR) and the LLM's answer (TTS)…
        let full = analyze_pipeline(&Pipeline::voice_assistant()).unwrap();
        assert!((r.latency.e2e.0 - full.latency.e2e.0).abs() < 1e-12);
        // …sequential, the TTS load waits for the LLM to finish and adds its time.
        let mut seq = p.clone();
        seq.timing = Timing::Sequential;
        let mut seq_full = Pipeline::voice_assistant();
        seq_full.timing = Timing::Sequential;
        let (a, b) = (
            analyze_pipeline(&seq).unwrap(),
            analyze_pipeline(&seq_full).unwrap(),
        );
        let tts_load = a.memory.stages[2].load.0;
        assert!((a.latency.e2e.0 - b.latency.e2e.0 - tts_load).abs() < 1e-9);
        assert!((a.latency.parts[2].swap.0 - tts_load).abs() < 1e-12);
        // …and with less than the LLM alone, nothing fits.
        p.stages[0].inputs.set_exact(Field::ReservedGb, 6.5);
        let r = analyze_pipeline(&p).unwrap();
        assert!(!r.memory.fits && r.memory.verdict == Verdict::Fail);
    }

    #[test]
    fn overlapping_is_never_slower_than_sequential() {
        let o = analyze_pipeline(&Pipeline::voice_assistant()).unwrap();
        let mut p = Pipeline::voice_assistant();
        p.timing = Timing::Sequential;
        let s = analyze_pipeline(&p).unwrap();
        assert!(o.latency.e2e <= s.latency.e2e);
        let sum: f64 = s.latency.parts.iter().map(|x| x.swap.0 + x.work.0).sum();
        assert!((sum - s.latency.e2e.0).abs() < 1e-9);
    }

    #[test]
    fn a_single_stage_is_the_single_report() {
        let r = analyze_pipeline(&Pipeline::single(Inputs::default())).unwrap();
        let e = crate::run(&Inputs::default()).unwrap().1.expected;
        assert_eq!(r.reports[0], e);
        assert!((r.latency.e2e.0 - e.ttft.ttft.0).abs() < 1e-12);
    }
}
