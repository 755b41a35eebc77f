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

mod analyze;
pub mod link;
mod report;

pub use analyze::analyze_pipeline;
pub use report::*;

use alloc::vec;
use alloc::vec::Vec;

use crate::analysis::{self, bandwidth, thermal, Report, Verdict};
use crate::input::{
    choice, excl, incl, Bound, Field, Group, Inputs, ModelKind, Problem, Unit, ALL_FIELDS,
};
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
    /// A camera assistant (a stage with images): camera frames answered per second it must sustain (one
    /// answer every 2 s by default).
    FrameFps = "frame_fps", Fps, 0.5, excl(0.0), incl(1e4), false;
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
    /// The camera assistant (#24): a camera frame → the vision-language model's image encoder → its answer →
    /// Kokoro-82M speaking it, on the seed's device. The model is Qwen2.5-VL-3B at Q4_0 reading one 448 × 336
    /// frame (16 × 12 cells: 192 image tokens) with a 32-token question in a 4096-token context; Kokoro as in
    /// [`Pipeline::voice_assistant`]. The person asks for `utter_s` while pointing the camera; the frame is taken
    /// as they stop, so the end-to-end time is from the frame to the first spoken word. The camera figures
    /// ([`Camera`]) add the frames answered per second against `frame_fps`.
    #[must_use]
    pub fn camera_assistant() -> Self {
        let mut vlm = Inputs::default();
        if let Some(m) = crate::presets::model("qwen2.5-vl-3b") {
            m.apply(&mut vlm);
        }
        if let Some(q) = crate::presets::quant("q4_0") {
            q.apply(&mut vlm);
        }
        for (f, x) in [
            (Field::Images, 1.0),
            (Field::ImagePx, 448.0),
            (Field::Prompt, 32.0),
            (Field::Context, 4096.0),
        ] {
            vlm.set_exact(f, x);
        }
        vlm.set(Field::ImageH, Some(crate::Value::exact(336.0)));
        let tts = Self::voice_assistant().stages.pop().map(|s| s.inputs);
        let mut stages = vec![Stage {
            role: Role::Llm,
            inputs: vlm,
        }];
        if let Some(inputs) = tts {
            stages.push(Stage {
                role: Role::Tts,
                inputs,
            });
        }
        Self::new(stages)
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

#[cfg(test)]
mod tests;
