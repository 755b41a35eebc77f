//! The pipeline view's state (#10): one signal holding the [`Pipeline`] as typed, a memo that analyzes it
//! ([`analyze_pipeline`]) and one that keeps the last good report, so a bad field never clears the results;
//! the stage edits behind the stage list's buttons ([`edited`], pure and unit-tested natively); and the two
//! assistants the single-model page opens (#24: voice and camera).
//!
//! The view is shown when the link carries `stages=` (read with [`link::decode`]); every other link keeps
//! the single-model page. Its link is [`link::encode`] of the last good pipeline, written by the page's one
//! URL writer ([`super::sync`]).

use std::sync::Arc;

use edgefit_core::codec::Issue;
use edgefit_core::pipeline::link::{self, DecodedPipeline};
use edgefit_core::pipeline::{
    analyze_pipeline, Pipeline, PipelineError, PipelineReport, Role, Stage, MAX_STAGES,
};
use edgefit_core::{Field, Inputs, ModelKind};
use edgefit_text::Lang;
use leptos::prelude::*;

use super::ctx::{Ctx, PAGE_KEYS};
use super::url;

/// The seed's voice assistant (`crates/core/tests/pipelines/01_seed_voice_assistant.scn`).
pub const VOICE_ASSISTANT_LINK: &str = "v=1&stages=asr,llm,tts&s1.llm=whisper-base&s1.w_bits=8&s1.gran=channel&s3.llm=kokoro-82m&s3.fps=1&s3.w_bits=8&s3.gran=channel";

/// A valid pipeline and its report.
#[derive(Debug, Clone, PartialEq)]
pub struct PipeGood {
    /// The pipeline as analyzed.
    pub pipeline: Pipeline,
    /// Its report.
    pub report: PipelineReport,
}

/// Analyze a pipeline for the page.
///
/// # Errors
/// Every problem of the pipeline.
pub fn check(p: &Pipeline) -> Result<Arc<PipeGood>, Arc<PipelineError>> {
    match analyze_pipeline(p) {
        Ok(report) => Ok(Arc::new(PipeGood {
            pipeline: p.clone(),
            report,
        })),
        Err(e) => Err(Arc::new(e)),
    }
}

/// The pipeline view's state. Every member is a cheap, copyable handle.
#[derive(Clone, Copy)]
pub struct Pipe {
    /// The pipeline view is shown (the link carries `stages=`).
    pub on: RwSignal<bool>,
    /// The pipeline as typed.
    pub pipeline: RwSignal<Pipeline>,
    /// Bumped when the pipeline is replaced from outside the form (a link, a preset): the form re-reads it.
    pub generation: RwSignal<u32>,
    /// What the link held that could not be used.
    pub issues: RwSignal<Vec<Issue>>,
    /// The pipeline, analyzed.
    pub checked: Memo<Result<Arc<PipeGood>, Arc<PipelineError>>>,
    /// The last valid pipeline and its report.
    pub good: Memo<Option<Arc<PipeGood>>>,
    /// The last valid pipeline is a camera assistant (a stage reads the camera's frame): its turn runs from
    /// the frame to the first word, and the page says so.
    pub camera: Memo<bool>,
}

impl Pipe {
    /// The state for a link hash (the view is on when the link names its stages).
    #[must_use]
    pub fn new(hash: &str) -> Self {
        let d = link::decode(hash, PAGE_KEYS);
        let pipeline = RwSignal::new(d.pipeline);
        let checked = Memo::new(move |_| pipeline.with(check));
        let good = Memo::new(move |prev: Option<&Option<Arc<PipeGood>>>| {
            checked.with(|c| match c {
                Ok(g) => Some(Arc::clone(g)),
                Err(_) => prev.cloned().flatten(),
            })
        });
        let camera = Memo::new(move |_| {
            good.with(|g| g.as_ref().is_some_and(|g| g.report.camera.is_some()))
        });
        Self {
            on: RwSignal::new(d.staged),
            pipeline,
            generation: RwSignal::new(0),
            issues: RwSignal::new(if d.staged { d.issues } else { Vec::new() }),
            checked,
            good,
            camera,
        }
    }

    /// Show this decoded pipeline (the language is left alone).
    pub fn load(&self, d: DecodedPipeline) {
        self.pipeline.set(d.pipeline);
        self.issues.set(d.issues);
        self.generation.update(|g| *g += 1);
        self.on.set(true);
    }

    /// A link pasted or edited by hand: returns whether the pipeline view takes it (it names its stages).
    pub fn on_hash(&self, hash: &str, ctx: &Ctx) -> bool {
        let d = link::decode(hash, PAGE_KEYS);
        if !d.staged {
            self.on.set(false);
            return false;
        }
        if hash.trim_start_matches('#') == self.hash(ctx) {
            // Its own link, opened again (Forward, or pasted after "One model"): show the view.
            self.on.set(true);
            return true;
        }
        let lang = d
            .extras
            .iter()
            .find(|(k, _)| k == "lang")
            .and_then(|(_, v)| Lang::from_code(v))
            .unwrap_or(ctx.browser_lang);
        ctx.lang.set(lang);
        self.load(d);
        true
    }

    /// The link hash (without `#`) of the last valid pipeline and the page's language.
    #[must_use]
    pub fn hash(&self, ctx: &Ctx) -> String {
        let lang = ctx.lang.get();
        let mut extras: Vec<(&str, &str)> = Vec::new();
        if lang != ctx.browser_lang {
            extras.push(("lang", lang.code()));
        }
        match self.good.get() {
            Some(g) => link::encode(&g.pipeline, &extras),
            None => self.pipeline.with(|p| link::encode(p, &extras)),
        }
    }

    /// Open the pipeline view on `p` as a new history entry (`location.hash = …`), so Back returns to the
    /// page it was opened from instead of leaving the calculator.
    pub fn open(&self, p: &Pipeline, ctx: &Ctx) {
        self.load(link::decode(&link::encode(p, &[]), PAGE_KEYS));
        url::push_hash(&self.hash(ctx));
    }

    /// Apply a change of the stages (add, remove, move): the form is rebuilt from the new pipeline.
    pub fn edit(&self, e: Edit) {
        let fallback = self
            .good
            .get_untracked()
            .and_then(|g| g.pipeline.stages.first().map(|s| s.inputs.clone()));
        self.pipeline
            .update(|p| *p = edited(p, e, fallback.as_ref()));
        self.generation.update(|g| *g += 1);
    }
}

/// A change of the pipeline's stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// Add a stage of this role at the end (with the role's usual model).
    Add(Role),
    /// Remove stage `i` (0-based).
    Remove(usize),
    /// Move stage `i` one place up (towards the start).
    Up(usize),
    /// Move stage `i` one place down.
    Down(usize),
}

/// The roles a stage can be added as, in the order the page offers them.
pub const ADD_ROLES: [Role; 5] = [Role::Asr, Role::Llm, Role::Tts, Role::Vision, Role::Other];

/// A new stage of this role with its usual model (ASR: Whisper-base; LLM: the seed's 1.5 B; TTS:
/// Kokoro-82M; vision: MobileNetV3-Large; other: a one-shot model), on the device of `device`.
#[must_use]
pub fn new_stage(role: Role, device: Option<&Inputs>) -> Stage {
    let voice = Pipeline::voice_assistant();
    let mut inputs = match role {
        Role::Asr => voice.stages[0].inputs.clone(),
        Role::Tts => voice.stages[2].inputs.clone(),
        Role::Llm => Inputs::default(),
        Role::Vision => {
            let mut i = Inputs::default();
            if let Some(m) = edgefit_core::presets::model("mobilenetv3-large") {
                let _ = m.apply(&mut i);
            }
            i.set_exact(Field::WeightBits, 8.0);
            i.granularity = edgefit_core::Granularity::PerChannel;
            i
        }
        _ => {
            let mut i = Inputs::default();
            i.model_kind = ModelKind::OneShot;
            i
        }
    };
    if let Some(d) = device {
        inputs = on_device(d, role, inputs);
    }
    Stage { role, inputs }
}

/// `inputs` on the device of `device` (every device field and the preset's id): the first stage's device
/// is everyone's, so take it as the analysis will.
fn on_device(device: &Inputs, role: Role, inputs: Inputs) -> Inputs {
    let two = Pipeline::new(vec![
        Stage {
            role,
            inputs: device.clone(),
        },
        Stage { role, inputs },
    ]);
    two.stage_inputs(1).unwrap_or_default()
}

/// An assistant the single-model page sets up on the scenario a person is looking at (#24).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assistant {
    /// Speech recognition → language model → speech synthesis ([`Pipeline::voice_assistant_on`]).
    Voice,
    /// Camera frame → vision-language model → speech synthesis ([`camera_assistant_on`]).
    Camera,
}

/// Every assistant, in the order the page offers them.
pub const ALL_ASSISTANTS: [Assistant; 2] = [Assistant::Voice, Assistant::Camera];

impl Assistant {
    /// Its test id and code: `voice-assistant`, `camera-assistant`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Assistant::Voice => "voice-assistant",
            Assistant::Camera => "camera-assistant",
        }
    }

    /// The assistant on the scenario `current` (its device, and its model where the assistant can run it).
    #[must_use]
    pub fn on(self, current: &Inputs) -> Pipeline {
        match self {
            Assistant::Voice => Pipeline::voice_assistant_on(current),
            Assistant::Camera => camera_assistant_on(current),
        }
    }
}

/// The camera assistant ([`Pipeline::camera_assistant`]) on the scenario a person was looking at: its
/// device (every device field, the preset and the backend) under every stage, and its model as the
/// vision-language stage when that model reads images (else the preset's Qwen2.5-VL-3B reading one frame).
#[must_use]
pub fn camera_assistant_on(current: &Inputs) -> Pipeline {
    let reads_images = current.get(Field::Images).is_some_and(|v| v.mid >= 1.0);
    let mut p = Pipeline::camera_assistant();
    for s in &mut p.stages {
        if s.role == Role::Llm && reads_images {
            s.inputs = current.clone();
            continue;
        }
        s.inputs = on_device(current, s.role, std::mem::take(&mut s.inputs));
        s.inputs.backend = current.backend;
    }
    p
}

/// The pipeline after a change of its stages. The device stays the same whichever stage comes first; a
/// stage added to an empty pipeline takes `fallback`'s device (the last valid pipeline's).
#[must_use]
pub fn edited(p: &Pipeline, e: Edit, fallback: Option<&Inputs>) -> Pipeline {
    let mut p = p.normalized();
    let n = p.stages.len();
    match e {
        Edit::Add(role) if n < MAX_STAGES => {
            let device = p.stages.first().map(|s| &s.inputs).or(fallback).cloned();
            p.stages.push(new_stage(role, device.as_ref()));
        }
        Edit::Remove(i) if i < n => {
            p.stages.remove(i);
        }
        Edit::Up(i) if i > 0 && i < n => p.stages.swap(i - 1, i),
        Edit::Down(i) if i + 1 < n => p.stages.swap(i, i + 1),
        _ => {}
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::pipeline::PipelineProblem;

    #[test]
    fn the_voice_assistant_link_is_the_golden_one() {
        let golden =
            include_str!("../../../crates/core/tests/pipelines/01_seed_voice_assistant.scn");
        let line = golden
            .lines()
            .find_map(|l| l.strip_prefix("link: "))
            .expect("the golden file has a link");
        assert_eq!(line.trim(), VOICE_ASSISTANT_LINK);
        let d = link::decode(VOICE_ASSISTANT_LINK, PAGE_KEYS);
        assert!(d.staged && d.issues.is_empty(), "{:?}", d.issues);
        let g = check(&d.pipeline).expect("valid");
        assert!((g.report.latency.e2e.0 - 0.67236).abs() < 1e-3);
        assert_eq!(g.report.latency.dominant, Some(1));
        // The link the page writes reads back as the same pipeline.
        let again = link::decode(&link::encode(&g.pipeline, &[]), PAGE_KEYS);
        assert_eq!(again.pipeline, g.pipeline.normalized());
    }

    #[test]
    fn every_stage_that_can_be_added_is_valid_and_its_link_reads_back() {
        let voice = link::decode(VOICE_ASSISTANT_LINK, PAGE_KEYS).pipeline;
        let base = check(&voice).expect("valid");
        for role in ADD_ROLES {
            let p = edited(&voice, Edit::Add(role), None);
            assert_eq!(p.stages.len(), 4, "{role:?}");
            let g = check(&p).unwrap_or_else(|e| panic!("{role:?}: {e}"));
            // One more stage never makes the turn shorter; the link names it.
            assert!(g.report.latency.e2e.0 >= base.report.latency.e2e.0 - 1e-12);
            let h = link::encode(&p, &[]);
            assert!(
                h.contains(&format!("stages=asr,llm,tts,{}", role.code())),
                "{h}"
            );
            let d = link::decode(&h, PAGE_KEYS);
            assert!(d.staged && d.issues.is_empty(), "{h}: {:?}", d.issues);
            assert_eq!(d.pipeline, p.normalized(), "{h}");
        }
    }

    #[test]
    fn remove_and_move_keep_the_device_and_a_single_stage_link_stays_a_pipeline() {
        let mut voice = link::decode(VOICE_ASSISTANT_LINK, PAGE_KEYS).pipeline;
        voice.stages[0].inputs.set_exact(Field::BandwidthGbps, 51.2);
        let bw = |p: &Pipeline| p.stage_inputs(0).and_then(|i| i.get(Field::BandwidthGbps));
        // Moving the first stage down keeps the device the user typed on it.
        let moved = edited(&voice, Edit::Down(0), None);
        let roles: Vec<Role> = moved.stages.iter().map(|s| s.role).collect();
        assert_eq!(roles, [Role::Llm, Role::Asr, Role::Tts]);
        assert_eq!(bw(&moved), bw(&voice));
        assert_eq!(edited(&moved, Edit::Up(1), None), voice.normalized());
        // Out of range: nothing changes.
        assert_eq!(edited(&voice, Edit::Up(0), None), voice.normalized());
        assert_eq!(edited(&voice, Edit::Down(2), None), voice.normalized());
        assert_eq!(edited(&voice, Edit::Remove(3), None), voice.normalized());
        // Down to one LLM stage: the link still names its stage (else it reopens the single-model page).
        let one = edited(
            &edited(&voice, Edit::Remove(0), None),
            Edit::Remove(1),
            None,
        );
        assert_eq!(one.stages.len(), 1);
        assert_eq!(bw(&one), bw(&voice));
        check(&one).expect("one LLM stage is valid");
        let h = link::encode(&one, &[("lang", "zh")]);
        assert!(h.starts_with("v=2&stages=llm"), "{h}");
        let d = link::decode(&h, PAGE_KEYS);
        assert!(d.staged && d.issues.is_empty(), "{h}: {:?}", d.issues);
        assert_eq!(d.pipeline, one.normalized(), "{h}");
        assert_eq!(d.extras, [("lang".to_string(), "zh".to_string())]);
        // One "other" one-shot stage too.
        let other = Pipeline::new(vec![new_stage(Role::Other, None)]);
        let d = link::decode(&link::encode(&other, &[]), PAGE_KEYS);
        assert!(d.staged && d.pipeline == other.normalized());
        // No stages: an error, not a panic; adding one takes the last pipeline's device.
        let none = edited(&one, Edit::Remove(0), None);
        assert!(none.stages.is_empty());
        let e = check(&none).expect_err("no stages");
        assert!(e.0.contains(&PipelineProblem::NoStages));
        let _ = link::encode(&none, &[]);
        let dev = voice.stages[0].inputs.clone();
        let back = edited(&none, Edit::Add(Role::Tts), Some(&dev));
        assert_eq!(bw(&back), bw(&voice));
        check(&back).expect("valid");
        // At most MAX_STAGES.
        let mut full = voice.clone();
        for _ in 0..10 {
            full = edited(&full, Edit::Add(Role::Llm), None);
        }
        assert_eq!(full.stages.len(), MAX_STAGES);
    }

    #[test]
    fn the_camera_assistant_opens_on_the_current_device() {
        let mut here = Inputs::default();
        here.set_exact(Field::BandwidthGbps, 51.2);
        here.device = Some("my-board".into());
        let p = Assistant::Camera.on(&here);
        let g = check(&p).expect("valid");
        assert!(g.report.camera.is_some(), "a stage reads the frame");
        for i in 0..p.stages.len() {
            let s = p.stage_inputs(i).expect("a stage");
            assert_eq!(s.get(Field::BandwidthGbps), here.get(Field::BandwidthGbps));
            assert_eq!(s.device, here.device);
        }
        // The link opens the pipeline view on it.
        let d = link::decode(&link::encode(&p, &[]), PAGE_KEYS);
        assert!(d.staged && d.issues.is_empty(), "{:?}", d.issues);
        // A model that reads images is kept as the vision-language stage.
        let mut vlm = Pipeline::camera_assistant().stages[0].inputs.clone();
        vlm.set_exact(Field::Prompt, 64.0);
        let p = Assistant::Camera.on(&vlm);
        assert_eq!(
            p.stages[0].inputs.get(Field::Prompt),
            vlm.get(Field::Prompt)
        );
        // The voice assistant reads no frame.
        let v = check(&Assistant::Voice.on(&here)).expect("valid");
        assert!(v.report.camera.is_none());
    }
}
