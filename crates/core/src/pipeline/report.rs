//! What `analyze_pipeline` returns: the turn's timeline, each stage's memory, latency and work, the swap
//! plan and the conversation's figures.

use super::*;

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
    /// A vision-language model's image encoder reading the frame (before its prefill).
    Encode,
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

/// A camera assistant's figures: how fast frames can be answered, from frame to first word.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Camera {
    /// The image encoder's time for one frame (every image of the prompt).
    pub encode: Seconds,
    /// Frames per second the image encoder alone sustains (1 / `encode`).
    pub encode_fps: f64,
    /// Frames answered per second, back to back: 1 / the accelerator's busy time per answer (every stage's
    /// work in one turn, the stages sharing one accelerator).
    pub answers_per_s: f64,
    /// From the frame to the first word: the first audio with a TTS stage, else the first token.
    pub frame_to_first_word: Seconds,
    /// Energy of one answer (one turn, idle floor included).
    pub energy_per_answer: Joules,
    /// Frames answered per second asked for (`frame_fps`).
    pub target_fps: f64,
    /// Answers per second against the target.
    pub verdict: Verdict,
    /// (answers per second − target) / answers per second.
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
    /// A camera assistant's figures, when a stage reads images.
    pub camera: Option<Camera>,
}

impl PipelineReport {
    /// Whether the pipeline meets its end-to-end target, fits in memory, and stays within power and heat.
    #[must_use]
    pub fn all_met(&self) -> bool {
        [
            self.latency.verdict,
            self.memory.verdict,
            self.conversation.verdict,
            self.camera.as_ref().map_or(Verdict::Pass, |c| c.verdict),
        ]
        .iter()
        .all(|v| *v != Verdict::Fail)
    }
}
