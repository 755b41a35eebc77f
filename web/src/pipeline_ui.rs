//! The pipeline view (#10): several models sharing one device, such as a voice assistant's ASR → LLM → TTS.
//!
//! Shown when the link carries `stages=` (read with [`link::decode`]); every other link keeps the
//! single-model page exactly as it was. The state is one signal holding the [`Pipeline`] as typed (plus a
//! text per field while it is typed); a memo runs [`analyze_pipeline`] and another keeps the last good
//! report, so a bad field never clears the results. The link follows the last good pipeline
//! ([`link::encode`], written with `history.replaceState` like the rest of the page).

use std::sync::Arc;
use std::time::Duration;

use edgefit_core::codec::{self, Issue};
use edgefit_core::input::{Group, Kind};
use edgefit_core::pipeline::link::{self, DecodedPipeline};
use edgefit_core::pipeline::{
    analyze_pipeline, Pipeline, PipelineError, PipelineProblem, PipelineReport, Role, SegmentKind,
    Stage, Timing, TurnField, ALL_ROLES, ALL_TIMINGS, ALL_TURN_FIELDS, MAX_STAGES,
};
use edgefit_core::presets::{ModelFamily, ALL_MODELS};
use edgefit_core::scenario::{FieldError, InputRef};
use edgefit_core::{Field, Inputs, ModelKind, Value, Verdict, ALL_FIELDS};
use edgefit_text::{fmt_num, Lang};
use leptos::leptos_dom::helpers::TimeoutHandle;
use leptos::prelude::*;

use crate::app::{Ctx, PAGE_KEYS};
use crate::dom::{el, Act, Node};
use crate::gantt::{self, Bar, Mark, MemRow};
use crate::share;
use crate::ui::LiveText;

/// The seed's voice assistant (`crates/core/tests/pipelines/01_seed_voice_assistant.scn`).
pub const VOICE_ASSISTANT_LINK: &str = "v=1&stages=asr,llm,tts&s1.llm=whisper-base&s1.w_bits=8&s1.gran=channel&s3.llm=kokoro-82m&s3.fps=1&s3.w_bits=8&s3.gran=channel";

/// The fields each stage card shows up front (when they apply to its model); the others are folded.
const KEY_FIELDS: &[Field] = &[
    Field::ParamsB,
    Field::GopPerInference,
    Field::ActivationMb,
    Field::WeightBits,
    Field::KvBits,
    Field::Context,
    Field::Prompt,
];
/// The shared device's fields shown up front.
const KEY_DEVICE: &[Field] = &[
    Field::PeakInt8Tops,
    Field::MemoryGb,
    Field::ReservedGb,
    Field::BandwidthGbps,
    Field::SustainedW,
    Field::BatteryWh,
];

fn t(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// A conversation field's label and unit.
#[must_use]
pub fn turn_label(f: TurnField, lang: Lang) -> (&'static str, &'static str) {
    match f {
        TurnField::UtteranceS => (t(lang, "User speaks for", "用户说话时长"), "s"),
        TurnField::AnswerTokens => (t(lang, "Answer length", "回答长度"), "tokens"),
        TurnField::FirstTokens => (t(lang, "TTS starts after", "TTS 起始于前"), "tokens"),
        TurnField::AudioSPerToken => (t(lang, "Speech per token", "每 token 语音"), "s"),
        TurnField::StreamS => (t(lang, "Streaming ASR pass every", "流式 ASR 每隔"), "s"),
        TurnField::AsrWindowS => (t(lang, "ASR window", "ASR 窗口"), "s"),
        TurnField::TurnsPerHour => (t(lang, "Turns per hour", "每小时轮数"), "/h"),
        TurnField::Turns => (t(lang, "Turns in a row (heat)", "连续轮数(温度)"), ""),
        TurnField::FrameFps => (t(lang, "Camera frames to answer", "需回答的相机帧率"), "/s"),
        TurnField::E2eMs => (
            t(
                lang,
                "Target: end of speech → first audio",
                "目标:说完 → 首个音频",
            ),
            "ms",
        ),
        _ => ("", ""),
    }
}

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
        Self {
            on: RwSignal::new(d.staged),
            pipeline,
            generation: RwSignal::new(0),
            issues: RwSignal::new(if d.staged { d.issues } else { Vec::new() }),
            checked,
            good,
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
        // The first stage's device is everyone's: take it, as the analysis will.
        let two = Pipeline::new(vec![
            Stage {
                role,
                inputs: d.clone(),
            },
            Stage { role, inputs },
        ]);
        inputs = two.stage_inputs(1).unwrap_or_default();
    }
    Stage { role, inputs }
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

/// The button of the single-model page that opens the pipeline view on the seed's voice assistant.
#[component]
pub fn VoiceButton() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    let pipe = crate::app::page_context::<Pipe>();
    view! {
        <p class="pipe-entry">
            <button
                type="button"
                data-testid="voice-assistant"
                on:click=move |_| {
                    // The current device and model, not the built-in defaults.
                    let here = crate::presets_ui::current_inputs(&ctx);
                    let p = edgefit_core::pipeline::Pipeline::voice_assistant_on(&here);
                    pipe.load(link::decode(&link::encode(&p, &[]), PAGE_KEYS));
                    // Its link as a new history entry (location.hash = …): Back returns to this page
                    // instead of leaving the calculator.
                    share::push_hash(&pipe.hash(&ctx));
                    // This button leaves the page: the keyboard focus goes to the view it opened
                    // (its first heading), not back to the top of the document.
                    request_animation_frame(|| {
                        if let Some(h) = document()
                            .get_element_by_id("h-pipe-inputs")
                            .and_then(|h| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(h).ok())
                        {
                            let _ = h.set_attribute("tabindex", "-1");
                            let _ = h.focus();
                        }
                    });
                }
            >
                {crate::ui::live_pair(ctx.lang, "Set up a voice assistant (ASR → LLM → TTS)", "搭建语音助手(ASR → LLM → TTS)")}
            </button>
        </p>
    }
}

fn stage_name(p: &Pipeline, i: usize) -> String {
    p.stages.get(i).map_or_else(String::new, |s| {
        format!("{}. {}", i + 1, s.role.code().to_ascii_uppercase())
    })
}

fn ms(s: f64) -> String {
    format!("{} ms", fmt_num(s * 1e3, 3))
}
fn gb(b: f64) -> String {
    format!("{} GB", fmt_num(b / 1e9, 3))
}

fn verdict_class(v: Verdict) -> &'static str {
    match v {
        Verdict::Pass => "pass",
        Verdict::Warn => "warn",
        _ => "fail",
    }
}

/// The error of one stage field in a checked pipeline.
fn stage_field_error(
    c: &Result<Arc<PipeGood>, Arc<PipelineError>>,
    stage: usize,
    f: Field,
) -> Option<FieldError> {
    let Err(e) = c else { return None };
    e.0.iter().find_map(|p| match p {
        PipelineProblem::Stage { stage: s, errors }
            if *s == stage || (f.spec().group == Group::Device && stage == 0) =>
        {
            errors
                .0
                .iter()
                .find(|e| e.input == InputRef::Field(f))
                .cloned()
        }
        _ => None,
    })
}

/// The full pipeline view: header, form, results.
#[component]
pub fn PipelineView() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    let pipe = crate::app::page_context::<Pipe>();
    let lang = ctx.lang;
    // The link follows the last good pipeline, coalesced while typing.
    let pending: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    Effect::new(move |_| {
        let h = pipe.hash(&ctx);
        if let Some(t) = pending.get_value() {
            t.clear();
        }
        let t =
            set_timeout_with_handle(move || share::write_hash(&h), Duration::from_millis(150)).ok();
        pending.set_value(t);
    });
    on_cleanup(move || {
        if let Some(t) = pending.get_value() {
            t.clear();
        }
    });
    view! {
        <header class="top">
            <div class="brand">
                <h1>{crate::ui::live_pair(lang, "edgefit — pipeline", "edgefit — 流水线")}</h1>
                <p class="tagline">
                    {crate::ui::live_pair(lang, "Several models on one chip: one conversation turn, end to end.", "一颗芯片上的多个模型:一轮对话的端到端分析。")}
                </p>
            </div>
            <div class="lang" role="group" aria-label="Language">
                {edgefit_text::ALL_LANGS
                    .iter()
                    .map(|&l| {
                        view! {
                            <button
                                type="button"
                                lang=if l == Lang::Zh { "zh-CN" } else { "en" }
                                aria-pressed=move || if lang.get() == l { "true" } else { "false" }
                                on:click=move |_| lang.set(l)
                            >
                                {l.native_name()}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </header>
        <PipeBanner/>
        <main class="layout pipe" data-testid="pipeline-view">
            <section class="inputs" aria-labelledby="h-pipe-inputs">
                <h2 id="h-pipe-inputs">{crate::ui::live_pair(lang, "Stages", "阶段")}</h2>
                {stage_list(ctx, pipe)}
                <PipeForm/>
            </section>
            <section class="results" aria-labelledby="h-pipe-results">
                <h2 id="h-pipe-results">{crate::ui::live_pair(lang, "One turn", "一轮对话")}</h2>
                <PipeShare/>
                <PipeResults/>
            </section>
        </main>
    }
}

/// Link keys that were not used, and the pipeline's problems.
#[component]
fn PipeBanner() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    let pipe = crate::app::page_context::<Pipe>();
    crate::app::link_banner(pipe.issues, ctx.lang)
}

/// Copy the link, export JSON and Markdown, go back to one model.
#[component]
fn PipeShare() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    let pipe = crate::app::page_context::<Pipe>();
    let lang = ctx.lang;
    let status = RwSignal::new(None::<&'static str>);
    let copy_link = move || {
        let url = format!("{}#{}", share::page_url(), pipe.hash(&ctx));
        leptos::task::spawn_local(async move {
            let ok = share::copy_text(&url).await;
            status.set(Some(if ok {
                t(lang.get_untracked(), "Link copied", "链接已复制")
            } else {
                t(
                    lang.get_untracked(),
                    "Could not copy: copy the address bar",
                    "无法复制:请复制地址栏",
                )
            }));
        });
    };
    let export_json = move || {
        let Some(g) = pipe.good.get_untracked() else {
            return;
        };
        let j = edgefit_core::json::pipeline(&g.pipeline, &g.report);
        if let Ok(s) = serde_json::to_string_pretty(&j) {
            if share::download("edgefit-pipeline.json", "application/json", &s).is_ok() {
                status.set(Some(t(lang.get_untracked(), "Downloaded", "已下载")));
            }
        }
    };
    let export_md = move || {
        let Some(g) = pipe.good.get_untracked() else {
            return;
        };
        let md = edgefit_text::pipeline_markdown(&g.pipeline, &g.report, lang.get_untracked());
        if share::download("edgefit-pipeline.md", "text/markdown;charset=utf-8", &md).is_ok() {
            status.set(Some(t(lang.get_untracked(), "Downloaded", "已下载")));
        }
    };
    let buttons = move || {
        let l = lang.get();
        Some(share::button_row(&[
            ("copy-link", crate::ui::Ui::CopyLink.text(l)),
            ("export-md", crate::ui::Ui::ExportMd.text(l)),
            ("export-json", crate::ui::Ui::ExportJson.text(l)),
            ("one-model", t(l, "← One model", "← 单个模型")),
        ]))
    };
    let act: Act = Box::new(move |a, _| match a {
        "copy-link" => copy_link(),
        "export-md" => export_md(),
        "export-json" => export_json(),
        "one-model" => pipe.on.set(false),
        _ => {}
    });
    view! {
        <div class="share" role="group">
            {crate::dom::panel("share-buttons", Box::new(buttons), Some(act))}
            <p class="share-status" role="status" aria-live="polite">{move || status.get()}</p>
        </div>
    }
}

/// The stages in order, each with move up / move down / remove buttons, and one button per role to add a
/// stage. One [`crate::dom`] panel (no `view!` per shape: the size budget). After a move the focus follows
/// the moved stage's button, so the keyboard can keep moving it.
fn stage_list(ctx: Ctx, pipe: Pipe) -> impl IntoView {
    let lang = ctx.lang;
    let render = move || {
        let l = lang.get();
        // Re-rendered when the stages change (every such change bumps `generation`), not on every keystroke.
        pipe.generation.track();
        let stages: Vec<(Role, Option<String>)> = pipe.pipeline.with_untracked(|p| {
            p.stages
                .iter()
                .map(|s| (s.role, s.inputs.model.clone()))
                .collect()
        });
        let n = stages.len();
        let btn = |act: String, id: String, label: &str, aria: String, off: bool| -> Node {
            el("button")
                .at("type", "button")
                .at("id", id.clone())
                .at("data-testid", id)
                .at("data-act", act)
                .at("aria-label", aria)
                .at_if(off, "disabled", "")
                .tx(label)
                .into()
        };
        let items = stages.iter().enumerate().map(|(i, (role, model))| {
            let name = format!("{}. {}", i + 1, edgefit_text::role_label(*role, l));
            let shown = match model.as_deref().and_then(edgefit_core::presets::model) {
                Some(m) => format!("{name} — {}", edgefit_text::preset_name(m.name, l)),
                None => name.clone(),
            };
            let remove = t(l, "Remove", "删除");
            el("li")
                .at("data-testid", format!("stage-item-{}", i + 1))
                .kid(el("span").at("class", "stage-name").tx(shown))
                .kid(btn(
                    format!("up-{i}"),
                    format!("p-up-{}", i + 1),
                    "↑",
                    format!("{}: {name}", t(l, "Move up", "上移")),
                    i == 0,
                ))
                .kid(btn(
                    format!("down-{i}"),
                    format!("p-down-{}", i + 1),
                    "↓",
                    format!("{}: {name}", t(l, "Move down", "下移")),
                    i + 1 == n,
                ))
                .kid(btn(
                    format!("rm-{i}"),
                    format!("p-rm-{}", i + 1),
                    remove,
                    format!("{remove}: {name}"),
                    false,
                ))
                .into()
        });
        let full = n >= MAX_STAGES;
        let adds = ADD_ROLES.iter().map(|&r| {
            let label = format!("+ {}", edgefit_text::role_label(r, l));
            btn(
                format!("add-{}", r.code()),
                format!("p-add-{}", r.code()),
                &label,
                label.clone(),
                full,
            )
        });
        let mut out = el("div").at("data-testid", "stage-list");
        if n == 0 {
            out = out.kid(
                el("p")
                    .at("class", "stale")
                    .at("role", "status")
                    .at("data-testid", "no-stages")
                    .tx(t(
                        l,
                        "The pipeline has no stages: add one below. The results show the last pipeline that had stages.",
                        "流水线没有任何阶段:请在下方添加。结果显示的是上一个有阶段的流水线。",
                    )),
            );
        } else {
            out = out.kid(el("ol").at("class", "stage-list").kids(items));
        }
        let mut add = el("p")
            .at("class", "stage-add")
            .at("role", "group")
            .at("aria-label", t(l, "Add a stage", "添加阶段"))
            .tx(format!("{} ", t(l, "Add a stage:", "添加阶段:")))
            .kids(adds);
        if full {
            add = add.kid(
                el("span")
                    .at("class", "muted")
                    .tx(format!(" {} {MAX_STAGES}", t(l, "at most", "最多"))),
            );
        }
        Some(out.kid(add).into())
    };
    let act: Act = Box::new(move |a, _| {
        let n = pipe.pipeline.with_untracked(|p| p.stages.len());
        let (what, arg) = a.split_once('-').unwrap_or((a, ""));
        let i: usize = arg.parse().unwrap_or(usize::MAX);
        let (edit, focus) = match what {
            "add" => match Role::from_code(arg) {
                Some(r) => (Edit::Add(r), format!("p-rm-{}", n + 1)),
                None => return,
            },
            "rm" => (
                Edit::Remove(i),
                if n > 1 {
                    format!("p-rm-{}", i.min(n - 2) + 1)
                } else {
                    "p-add-asr".into()
                },
            ),
            // The moved stage's button, or the other direction's at the end of the list.
            "up" if i > 0 => (
                Edit::Up(i),
                format!("p-{}-{i}", if i > 1 { "up" } else { "down" }),
            ),
            "down" if i + 1 < n => (
                Edit::Down(i),
                format!("p-{}-{}", if i + 2 < n { "down" } else { "up" }, i + 2),
            ),
            _ => return,
        };
        pipe.edit(edit);
        request_animation_frame(move || {
            use wasm_bindgen::JsCast;
            if let Some(e) = document()
                .get_element_by_id(&focus)
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = e.focus();
            }
        });
    });
    crate::dom::panel("pipe-edit", Box::new(render), Some(act))
}

/// The form: the conversation, the shared device, then one card per stage. Re-read from the pipeline
/// whenever it is replaced from outside (a link, a model preset).
#[component]
fn PipeForm() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    let pipe = crate::app::page_context::<Pipe>();
    let lang = ctx.lang;
    move || {
        pipe.generation.track();
        let p = pipe.pipeline.get_untracked();
        let kind0 = p
            .stages
            .first()
            .map(|s| s.inputs.model_kind)
            .unwrap_or_default();
        let device: Vec<Field> = ALL_FIELDS
            .iter()
            .copied()
            .filter(|f| f.spec().group == Group::Device && f.applies_to(kind0))
            .collect();
        let (dev_key, dev_more): (Vec<Field>, Vec<Field>) =
            device.into_iter().partition(|f| KEY_DEVICE.contains(f));
        // The device picker of the main form: a preset completes every stage's device as it does there.
        let devices = edgefit_core::presets::ALL_DEVICES
            .iter()
            .map(|d| (d.id, d.name))
            .collect();
        let device_id = p
            .stages
            .first()
            .and_then(|s| s.inputs.device.clone())
            .unwrap_or_default();
        let pick_device = Box::new(move |id: String| {
            pipe.pipeline.update(|p| {
                for s in &mut p.stages {
                    if crate::presets_ui::apply_preset(Group::Device, &id, &mut s.inputs) {
                        s.inputs.device = Some(id.clone());
                    } else {
                        s.inputs.device = None;
                    }
                }
            });
            pipe.generation.update(|g| *g += 1);
        });
        view! {
            <fieldset class="group pipe-turn">
                <legend>{crate::ui::live_pair(lang, "Conversation", "对话")}</legend>
                <div class="field">
                    <label for="p-timing">{crate::ui::live_pair(lang, "Timing", "时序")}</label>
                    <span class="control">
                        <select
                            id="p-timing"
                            on:change=move |ev| {
                                if let Some(m) = Timing::from_code(&event_target_value(&ev)) {
                                    pipe.pipeline.update(|p| p.timing = m);
                                }
                            }
                        >
                            {ALL_TIMINGS
                                .iter()
                                .map(|&m| {
                                    view! {
                                        <option value=m.code() selected=p.timing == m>
                                            {crate::ui::live_fn(lang, m, edgefit_text::timing_label)}
                                        </option>
                                    }
                                })
                                .collect_view()}
                        </select>
                    </span>
                </div>
                {ALL_TURN_FIELDS.iter().map(|&f| view! { <TurnInput field=f/> }).collect_view()}
            </fieldset>
            <fieldset class="group" hidden=p.stages.is_empty()>
                <legend>{crate::ui::live_pair(lang, "Shared device (all stages)", "共享设备(所有阶段)")}</legend>
                {preset_select(lang, "p-device".into(), crate::ui::Ui::PresetDevice, devices, device_id, pick_device)}
                {dev_key.into_iter().map(|f| view! { <StageInput stage=0 field=f/> }).collect_view()}
                <details>
                    <summary>{crate::ui::live_pair(lang, "More device fields", "更多设备参数")}</summary>
                    {dev_more.into_iter().map(|f| view! { <StageInput stage=0 field=f/> }).collect_view()}
                </details>
            </fieldset>
            {(0..p.stages.len()).map(|i| view! { <StageCard stage=i/> }).collect_view()}
        }
    }
}

/// A preset `<select>` of the pipeline form with the main form's label, "custom" option and names: the
/// device (every stage's) and each stage's model. `pick` gets the chosen id ("" for custom).
fn preset_select(
    lang: RwSignal<Lang>,
    id: String,
    label: crate::ui::Ui,
    options: Vec<(&'static str, &'static str)>,
    current: String,
    pick: Box<dyn Fn(String)>,
) -> impl IntoView {
    view! {
        <div class="field choice">
            <label for=id.clone()>{label.live(lang)}</label>
            <select id=id on:change=move |ev| pick(event_target_value(&ev))>
                <option value="" selected=current.is_empty()>
                    {crate::ui::Ui::CustomOption.live(lang)}
                </option>
                {options
                    .into_iter()
                    .map(|(id, name)| {
                        view! {
                            <option value=id selected=id == current>
                                {crate::ui::live_name(lang, name)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

/// One stage: role, model preset, its key fields and the rest folded.
#[component]
fn StageCard(stage: usize) -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    let pipe = crate::app::page_context::<Pipe>();
    let lang = ctx.lang;
    let (role, inputs) = pipe.pipeline.with_untracked(|p| {
        p.stages
            .get(stage)
            .map(|s| (s.role, s.inputs.clone()))
            .unwrap_or_default()
    });
    let kind = inputs.model_kind;
    let fields: Vec<Field> = ALL_FIELDS
        .iter()
        .copied()
        .filter(|f| f.spec().group != Group::Device && f.applies_to(kind))
        .collect();
    let (key, more): (Vec<Field>, Vec<Field>) =
        fields.into_iter().partition(|f| KEY_FIELDS.contains(f));
    let presets: Vec<(&'static str, &'static str)> = ALL_MODELS
        .iter()
        .filter(|m| match role {
            Role::Llm => m.family == ModelFamily::Llm,
            Role::Asr | Role::Tts => m.family == ModelFamily::Speech,
            Role::Vision => m.family == ModelFamily::Vision,
            _ => true,
        })
        .map(|m| (m.id, m.name))
        .collect();
    let current = inputs.model.clone().unwrap_or_default();
    let role_id = format!("p-s{}-role", stage + 1);
    let model_id = format!("p-s{}-model", stage + 1);
    let pick_model = Box::new(move |id: String| {
        let m = edgefit_core::presets::model(&id);
        pipe.pipeline.update(|p| {
            if let Some(s) = p.stages.get_mut(stage) {
                match m {
                    Some(m) => {
                        let _ = m.apply(&mut s.inputs);
                    }
                    // Custom: the figures stay, the preset's name goes.
                    None => s.inputs.model = None,
                }
            }
        });
        pipe.generation.update(|g| *g += 1);
    });
    let role_problem = Memo::new(move |_| {
        pipe.checked.with(|c| match c {
            Err(e) => e.0.iter().find_map(|p| match p {
                PipelineProblem::Role { stage: s, .. } if *s == stage => {
                    Some(edgefit_text::pipeline_problem(p, lang.get()).join("; "))
                }
                _ => None,
            }),
            Ok(_) => None,
        })
    });
    view! {
        <fieldset class="group stage" data-stage=stage + 1>
            <legend>{move || format!("{}. {}", stage + 1, edgefit_text::role_label(role, lang.get()))}</legend>
            <div class="field">
                <label for=role_id.clone()>{crate::ui::live_pair(lang, "Role", "角色")}</label>
                <span class="control">
                    <select
                        id=role_id
                        on:change=move |ev| {
                            if let Some(r) = Role::from_code(&event_target_value(&ev)) {
                                pipe.pipeline.update(|p| {
                                    if let Some(s) = p.stages.get_mut(stage) {
                                        s.role = r;
                                    }
                                });
                                pipe.generation.update(|g| *g += 1);
                            }
                        }
                    >
                        {ALL_ROLES
                            .iter()
                            .map(|&r| {
                                view! {
                                    <option value=r.code() selected=r == role>
                                        {crate::ui::live_fn(lang, r, edgefit_text::role_label)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </span>
                <p class="err" role="alert">{move || role_problem.get()}</p>
            </div>
            {preset_select(lang, model_id, crate::ui::Ui::PresetModel, presets, current, pick_model)}
            {key.into_iter().map(|f| view! { <StageInput stage=stage field=f/> }).collect_view()}
            <details>
                <summary>{crate::ui::live_pair(lang, "All fields of this stage", "本阶段全部参数")}</summary>
                {more.into_iter().map(|f| view! { <StageInput stage=stage field=f/> }).collect_view()}
            </details>
        </fieldset>
    }
}

/// One numeric field of one stage (device fields belong to stage 1).
#[component]
fn StageInput(stage: usize, field: Field) -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    let pipe = crate::app::page_context::<Pipe>();
    let lang = ctx.lang;
    let spec = field.spec();
    let init = pipe.pipeline.with_untracked(|p| {
        crate::state::text_of(p.stages.get(stage).and_then(|s| s.inputs.get(field)))
    });
    let text = RwSignal::new(init);
    let unreadable = RwSignal::new(false);
    let id = format!("p-s{}-{}", stage + 1, spec.key);
    let err_id = format!("{id}-e");
    let set = move |v: Option<Value>| {
        pipe.pipeline.update(|p| {
            if let Some(s) = p.stages.get_mut(stage) {
                s.inputs.set(field, v);
            }
        });
    };
    let message = move || {
        if unreadable.get() {
            return Some(format!(
                "\"{}\": {}",
                text.get().trim(),
                t(lang.get(), "not a number", "不是数字")
            ));
        }
        pipe.checked
            .with(|c| stage_field_error(c, stage, field))
            .map(|e| edgefit_text::field_error(&e, lang.get()))
    };
    let control = if spec.kind == Kind::Flag {
        view! {
            <input
                type="checkbox"
                id=id.clone()
                prop:checked=move || text.get().trim() == "1"
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    text.set(if on { "1".into() } else { "0".into() });
                    set(Some(Value::exact(if on { 1.0 } else { 0.0 })));
                }
            />
        }
        .into_any()
    } else {
        view! {
            <input
                type="text"
                inputmode="decimal"
                autocomplete="off"
                spellcheck="false"
                id=id.clone()
                data-key=format!("s{}.{}", stage + 1, spec.key)
                aria-describedby=err_id.clone()
                prop:value=move || text.get()
                on:input=move |ev| {
                    let s = event_target_value(&ev);
                    let trimmed = s.trim().to_string();
                    text.set(s);
                    if trimmed.is_empty() {
                        unreadable.set(false);
                        set(None);
                    } else if let Some(v) = codec::parse_value(&trimmed) {
                        unreadable.set(false);
                        set(Some(v));
                    } else {
                        unreadable.set(true);
                    }
                }
            />
        }
        .into_any()
    };
    view! {
        <div class="field" class:flag=spec.kind == Kind::Flag class:bad=move || message().is_some()>
            <label for=id title=crate::ui::live_fn(lang, field, edgefit_text::field_help)>
                {crate::ui::live_fn(lang, field, edgefit_text::field_label)}
            </label>
            <span class="control">
                {control}
                <span class="unit">{crate::ui::live_fn(lang, field, edgefit_text::field_unit)}</span>
            </span>
            <p class="err" id=err_id role="alert">{message}</p>
        </div>
    }
}

/// One conversation field.
#[component]
fn TurnInput(field: TurnField) -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    let pipe = crate::app::page_context::<Pipe>();
    let lang = ctx.lang;
    let spec = field.spec();
    let init = codec::format_value(&Value::exact(
        pipe.pipeline.with_untracked(|p| p.get(field)),
    ));
    let text = RwSignal::new(init);
    let unreadable = RwSignal::new(false);
    let id = format!("p-{}", spec.key);
    let message = move || {
        if unreadable.get() {
            return Some(format!(
                "\"{}\": {}",
                text.get().trim(),
                t(lang.get(), "not a single number", "不是单个数字")
            ));
        }
        pipe.checked.with(|c| match c {
            Err(e) => e.0.iter().find_map(|p| match p {
                PipelineProblem::Turn { field: f, .. } if *f == field => {
                    Some(edgefit_text::pipeline_problem(p, lang.get()).join("; "))
                }
                _ => None,
            }),
            Ok(_) => None,
        })
    };
    view! {
        <div class="field" class:bad=move || message().is_some()>
            <label for=id.clone()>{move || turn_label(field, lang.get()).0}</label>
            <span class="control">
                <input
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    spellcheck="false"
                    id=id
                    data-key=spec.key
                    prop:value=move || text.get()
                    on:input=move |ev| {
                        let s = event_target_value(&ev);
                        match codec::parse_value(s.trim()) {
                            Some(v) if !v.is_range() => {
                                unreadable.set(false);
                                pipe.pipeline.update(|p| p.set(field, v.mid));
                            }
                            _ => unreadable.set(true),
                        }
                        text.set(s);
                    }
                />
                <span class="unit">{move || turn_label(field, lang.get()).1}</span>
            </span>
            <p class="err" role="alert">{message}</p>
        </div>
    }
}

/// The Gantt bars of one turn.
#[must_use]
pub fn bars(r: &PipelineReport, lang: Lang) -> Vec<Bar> {
    r.timeline
        .iter()
        .map(|s| Bar {
            row: s.stage,
            kind: kind_code(s.kind),
            label: edgefit_text::segment_label(s.kind, lang).into(),
            start: s.start.0,
            end: s.end.0,
        })
        .collect()
}

/// A segment kind's class.
#[must_use]
pub fn kind_code(k: SegmentKind) -> &'static str {
    match k {
        SegmentKind::Listen => "listen",
        SegmentKind::Swap => "swap",
        SegmentKind::Transcribe => "transcribe",
        SegmentKind::Prefill => "prefill",
        SegmentKind::Decode => "decode",
        SegmentKind::Synthesize => "synthesize",
        SegmentKind::Speak => "speak",
        SegmentKind::Encode => "encode",
        _ => "infer",
    }
}

const ALL_KINDS: [SegmentKind; 9] = [
    SegmentKind::Listen,
    SegmentKind::Swap,
    SegmentKind::Encode,
    SegmentKind::Transcribe,
    SegmentKind::Prefill,
    SegmentKind::Decode,
    SegmentKind::Synthesize,
    SegmentKind::Speak,
    SegmentKind::Infer,
];

/// One drawing of a pipeline chart: `w` for wide screens, `n` for phones (the style sheet shows one).
struct Drawing {
    /// `main` or `zoom`.
    kind: &'static str,
    /// Drawn for a phone ([`gantt::frame`]'s narrow frame).
    narrow: bool,
    frame: crate::chart::Frame,
    svg: String,
    /// The caption above it (the zoom's).
    cap: Option<String>,
}

/// A pipeline chart as a figure: caption, its drawings (each at a desktop's and a phone's size; the
/// style sheet shows one), the patterns they share, a legend and a visually hidden table.
fn figure(
    id: &'static str,
    (title, desc): (String, String),
    pattern_id: &str,
    drawings: Vec<Drawing>,
    legend: String,
    table: String,
) -> Node {
    let mut fig = el("figure")
        .at("class", "chart pipe-chart")
        .at("data-testid", format!("chart-{id}"))
        .kid(el("figcaption").tx(title.clone()))
        // The patterns, in an SVG that is never hidden: a pattern inside a hidden SVG paints nothing.
        .kid(
            el("svg")
                .at("class", "defs")
                .at("aria-hidden", "true")
                .html(gantt::pattern_defs(pattern_id)),
        );
    let mut labelled = false;
    for d in drawings {
        // `main` and `zoom` are the wide screen's; a phone's are `main-n` and `zoom-n`.
        let (size, n) = if d.narrow { ("n", "-n") } else { ("w", "") };
        let mut svg = el("svg")
            .at("class", format!("{}{n} {size}", d.kind))
            .at("viewBox", d.frame.view_box())
            .at("role", "img");
        svg = match &d.cap {
            Some(cap) => {
                fig = fig.kid(
                    el("p")
                        .at("class", format!("zoom-cap {size}"))
                        .tx(cap.clone()),
                );
                svg.at("aria-label", cap.clone()).html(d.svg)
            }
            None => {
                // The first main drawing holds the title and description; the other one names them.
                let inner = if labelled {
                    d.svg
                } else {
                    labelled = true;
                    format!(
                        "<title id=\"{id}-t\">{}</title><desc id=\"{id}-d\">{}</desc>{}",
                        crate::chart::escape(&title),
                        crate::chart::escape(&desc),
                        d.svg
                    )
                };
                svg.at("aria-labelledby", format!("{id}-t {id}-d"))
                    .html(inner)
            }
        };
        fig = fig.kid(svg);
    }
    fig.kid(el("ul").at("class", "legend").html(legend))
        .kid(
            el("div")
                .at("class", "sr-only")
                .kid(el("table").html(format!(
                    "<caption>{}</caption>{table}",
                    crate::chart::escape(&title)
                ))),
        )
        .into()
}

fn row_html(cells: &[String]) -> String {
    let mut s = String::from("<tr>");
    for (i, c) in cells.iter().enumerate() {
        let tag = if i == 0 { "th scope=\"row\"" } else { "td" };
        s.push_str(&format!(
            "<{tag}>{}</{}>",
            crate::chart::escape(c),
            &tag[..2]
        ));
    }
    s.push_str("</tr>");
    s
}

fn head_html(cells: &[&str]) -> String {
    let mut s = String::from("<thead><tr>");
    for c in cells {
        s.push_str(&format!(
            "<th scope=\"col\">{}</th>",
            crate::chart::escape(c)
        ));
    }
    s.push_str("</tr></thead>");
    s
}

fn gantt_figure(p: &Pipeline, r: &PipelineReport, lang: Lang) -> Node {
    let rows: Vec<String> = (0..p.stages.len()).map(|i| stage_name(p, i)).collect();
    let b = bars(r, lang);
    let utter = p.get(TurnField::UtteranceS);
    let marks = [
        Mark {
            at: utter,
            label: t(lang, "end of speech", "说完").into(),
            anchor: "end",
        },
        Mark {
            at: utter + r.latency.e2e.0,
            label: t(lang, "first audio", "首个音频").into(),
            anchor: "start",
        },
    ];
    let e2e = r.latency.e2e.0.max(0.01);
    let zoom_cap = t(
        lang,
        "Zoom: from the end of speech to the first audio",
        "放大:从说完到首个音频",
    );
    // The whole turn, then the zoom on the end-to-end window; each for a wide screen and a phone.
    let mut drawings = Vec::new();
    for narrow in [false, true] {
        for (window, cap) in [
            (None, None),
            (
                Some((utter - 0.1 * e2e, utter + 1.15 * e2e)),
                Some(zoom_cap.to_string()),
            ),
        ] {
            drawings.push(Drawing {
                kind: if cap.is_some() { "zoom" } else { "main" },
                narrow,
                frame: gantt::frame(rows.len(), narrow),
                svg: gantt::gantt_svg(
                    "gp",
                    &rows,
                    &b,
                    &marks,
                    t(lang, "time from the start of speech", "从开始说话起的时间"),
                    window,
                    narrow,
                ),
                cap,
            });
        }
    }
    let present: Vec<SegmentKind> = ALL_KINDS
        .iter()
        .copied()
        .filter(|k| r.timeline.iter().any(|s| s.kind == *k))
        .collect();
    let mut legend = String::new();
    for k in present {
        let code = kind_code(k);
        let pat = gantt::pattern_of(code);
        let over = if pat == "none" {
            String::new()
        } else {
            format!("<rect width=\"18\" height=\"12\" fill=\"url(#gp-{pat})\"/>")
        };
        legend.push_str(&format!(
            "<li><svg class=\"swatch seg seg-{code}\" width=\"18\" height=\"12\" aria-hidden=\"true\"><rect class=\"fill\" width=\"18\" height=\"12\"/>{over}</svg>{}</li>",
            crate::chart::escape(edgefit_text::segment_label(k, lang))
        ));
    }
    let mut table = head_html(&[
        t(lang, "stage", "阶段"),
        t(lang, "what", "内容"),
        t(lang, "start", "开始"),
        t(lang, "end", "结束"),
    ]);
    table.push_str("<tbody>");
    for (s, bar) in r.timeline.iter().zip(&b) {
        table.push_str(&row_html(&[
            stage_name(p, s.stage),
            bar.label.clone(),
            ms(s.start.0),
            ms(s.end.0),
        ]));
    }
    table.push_str("</tbody>");
    let desc = match lang {
        Lang::En => format!(
            "One turn of {} stages. The user stops speaking at {}; the first audio comes {} later.",
            rows.len(),
            ms(utter),
            ms(r.latency.e2e.0)
        ),
        Lang::Zh => format!(
            "一轮对话,共 {} 个阶段。用户在 {} 说完;{} 后出现首个音频。",
            rows.len(),
            ms(utter),
            ms(r.latency.e2e.0)
        ),
    };
    figure(
        "gantt",
        (
            t(lang, "One turn, stage by stage", "一轮对话的各阶段时间线").into(),
            desc,
        ),
        "gp",
        drawings,
        legend,
        table,
    )
}

fn memory_figure(p: &Pipeline, r: &PipelineReport, lang: Lang) -> Node {
    let m = &r.memory;
    let rows: Vec<MemRow> = m
        .stages
        .iter()
        .enumerate()
        .map(|(i, s)| MemRow {
            name: stage_name(p, i),
            parts: [s.weights.0, s.kv.0, s.workspace.0, s.runtime.0],
        })
        .collect();
    let names = [
        t(lang, "weights", "权重"),
        "KV",
        t(lang, "workspace", "工作区"),
        t(lang, "runtime", "运行时"),
    ];
    let usable = format!("{} {}", t(lang, "usable", "可用"), gb(m.usable.0));
    let mut drawings = Vec::new();
    for narrow in [false, true] {
        drawings.push(Drawing {
            kind: "main",
            narrow,
            frame: gantt::mem_frame(rows.len(), narrow),
            svg: gantt::memory_svg("mp", &rows, names, (m.usable.0, &usable), "GB", narrow),
            cap: None,
        });
    }
    let mut legend = String::new();
    for (k, n) in names.iter().enumerate() {
        let over = if k == 1 {
            "<rect width=\"18\" height=\"12\" fill=\"url(#mp-hatch)\"/>"
        } else {
            ""
        };
        legend.push_str(&format!(
            "<li><svg class=\"swatch mseg {}\" width=\"18\" height=\"12\" aria-hidden=\"true\"><rect class=\"fill\" width=\"18\" height=\"12\"/>{over}</svg>{}</li>",
            gantt::MEM_CLASSES[k],
            crate::chart::escape(n)
        ));
    }
    let mut table = head_html(&[
        t(lang, "stage", "阶段"),
        names[0],
        names[1],
        names[2],
        names[3],
        t(lang, "total", "合计"),
        t(lang, "resident", "常驻"),
    ]);
    table.push_str("<tbody>");
    for (row, s) in rows.iter().zip(&m.stages) {
        table.push_str(&row_html(&[
            row.name.clone(),
            gb(s.weights.0),
            gb(s.kv.0),
            gb(s.workspace.0),
            gb(s.runtime.0),
            gb(s.total.0),
            if s.resident {
                t(lang, "yes", "是")
            } else {
                t(lang, "on demand", "按需加载")
            }
            .into(),
        ]));
    }
    table.push_str("</tbody>");
    let desc = match lang {
        Lang::En => format!(
            "Memory of each stage against {} usable; all stages together {}.",
            gb(m.usable.0),
            gb(m.all_stages.0)
        ),
        Lang::Zh => format!(
            "各阶段内存与可用内存 {} 对比;全部阶段合计 {}。",
            gb(m.usable.0),
            gb(m.all_stages.0)
        ),
    };
    figure(
        "pipe-memory",
        (t(lang, "Memory by stage", "各阶段内存").into(), desc),
        "mp",
        drawings,
        legend,
        table,
    )
}

/// The results of the last good pipeline: latency, memory and swap plan, power and heat, the charts and
/// the step-by-step text of every stage. The text parts are built with [`crate::dom`] (one small
/// non-generic renderer instead of a `view!` per shape: the page's size budget).
#[component]
fn PipeResults() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    let pipe = crate::app::page_context::<Pipe>();
    let lang = ctx.lang;
    let problems = move || {
        let lang = lang.get();
        pipe.checked.with(|c| {
            let Err(e) = c else { return None };
            let lines =
                e.0.iter()
                    .flat_map(|p| edgefit_text::pipeline_problem(p, lang))
                    .map(|l| el("li").tx(l).into());
            Some(Node::from(
                el("div")
                    .at("class", "stale")
                    .at("role", "status")
                    .at("data-testid", "pipe-problems")
                    .kid(el("p").tx(crate::ui::Ui::StaleResult.text(lang)))
                    .kid(el("ul").kids(lines)),
            ))
        })
    };
    let part = |f: fn(&PipeGood, Lang) -> Node| -> Box<dyn Fn() -> Option<Node>> {
        Box::new(move || {
            let l = lang.get();
            pipe.good.get().map(|g| f(&g, l))
        })
    };
    let gantt = move || {
        let l = lang.get();
        pipe.good
            .get()
            .map(|g| gantt_figure(&g.pipeline, &g.report, l))
    };
    let memory = move || {
        let l = lang.get();
        pipe.good
            .get()
            .map(|g| memory_figure(&g.pipeline, &g.report, l))
    };
    view! {
        {crate::dom::panel("pipe-problems", Box::new(problems), None)}
        {crate::dom::panel("pipe-latency", part(latency_node), None)}
        {crate::dom::panel("chart-slot", Box::new(gantt), None)}
        {crate::dom::panel("pipe-mem", part(memory_node), None)}
        {crate::dom::panel("chart-slot", Box::new(memory), None)}
        {crate::dom::panel("pipe-rest", part(rest_node), None)}
    }
}

fn verdict_p(v: Verdict, testid: &'static str, text: String) -> Node {
    el("p")
        .at("class", "verdict")
        .at("data-verdict", verdict_class(v))
        .at("data-testid", testid)
        .tx(text)
        .into()
}

fn latency_node(g: &PipeGood, lang: Lang) -> Node {
    let p = &g.pipeline;
    let l = &g.report.latency;
    let dominant = l.dominant.map(|d| stage_name(p, d)).unwrap_or_default();
    let headline = el("div")
        .at("class", "pipe-headline")
        .at("data-verdict", verdict_class(l.verdict))
        .at("data-testid", "pipe-latency")
        .kid(
            el("p")
                .tx(format!(
                    "{}: ",
                    t(lang, "End of speech → first audio", "说完 → 首个音频")
                ))
                .kid(
                    el("strong")
                        .at("data-testid", "pipe-e2e")
                        .tx(fmt_num(l.e2e.0 * 1e3, 3)),
                )
                .tx(" ms ")
                .kid(el("span").at("class", "muted").tx(format!(
                    "({} {})",
                    t(lang, "target", "目标"),
                    ms(l.target.0)
                )))
                .tx(format!(
                    " — {}",
                    edgefit_text::verdict_label(l.verdict, lang)
                )),
        )
        .kid(
            el("p")
                .at("data-testid", "pipe-dominant")
                .tx(format!("{}: ", t(lang, "Dominant stage", "主导阶段")))
                .kid(el("strong").tx(dominant)),
        );
    let total = l.e2e.0.max(1e-12);
    let th = |s: &str| Node::from(el("th").at("scope", "col").tx(s));
    let rows = l.parts.iter().map(|part| {
        let share = (part.swap.0 + part.work.0) / total * 100.0;
        let dom = l.dominant == Some(part.stage);
        let mark = if dom { " ◀" } else { "" };
        el("tr")
            .at_if(dom, "class", "dominant")
            .kid(
                el("th")
                    .at("scope", "row")
                    .tx(format!("{}{mark}", stage_name(p, part.stage))),
            )
            .kid(el("td").tx(ms(part.swap.0)))
            .kid(el("td").tx(ms(part.work.0)))
            .kid(el("td").tx(format!("{} %", fmt_num(share, 3))))
            .into()
    });
    let table = el("table")
        .at("class", "pipe-table")
        .at("data-testid", "pipe-parts")
        .kid(el("caption").tx(t(lang, "Latency by stage", "各阶段延迟")))
        .kid(el("thead").kid(el("tr").kids([
            th(t(lang, "stage", "阶段")),
            th(t(lang, "load wait", "加载等待")),
            th(t(lang, "work", "计算")),
            th(t(lang, "share", "占比")),
        ])))
        .kid(el("tbody").kids(rows));
    el("div").kid(headline).kid(table).into()
}

fn memory_node(g: &PipeGood, lang: Lang) -> Node {
    let p = &g.pipeline;
    let m = &g.report.memory;
    let swap = if m.all_resident {
        format!(
            "{}: {} / {} {} — {}",
            t(lang, "All stages stay resident", "全部阶段常驻"),
            gb(m.all_stages.0),
            gb(m.usable.0),
            t(lang, "usable", "可用"),
            edgefit_text::verdict_label(m.verdict, lang)
        )
    } else {
        let list: Vec<String> = m.on_demand.iter().map(|&i| stage_name(p, i)).collect();
        format!(
            "{}: {} — {} {}, {} {} — {}{}",
            t(lang, "Swap plan: loaded on demand", "换入计划:按需加载"),
            list.join(", "),
            t(lang, "peak", "峰值"),
            gb(m.peak.0),
            t(lang, "loading adds up to", "加载最多增加"),
            ms(m.swap_time.0),
            edgefit_text::verdict_label(m.verdict, lang),
            if m.fits {
                ""
            } else {
                t(
                    lang,
                    " (even one stage at a time does not fit)",
                    "(即使逐个加载也放不下)",
                )
            }
        )
    };
    el("div")
        .kid(el("h3").tx(t(lang, "Memory and swap plan", "内存与换入计划")))
        .kid(verdict_p(m.verdict, "pipe-swap", swap))
        .into()
}

fn rest_node(g: &PipeGood, lang: Lang) -> Node {
    let p = &g.pipeline;
    let r = &g.report;
    let c = &r.conversation;
    let mut power = vec![
        format!(
            "{}: {} J",
            t(lang, "Energy per turn", "每轮能耗"),
            fmt_num(c.energy_per_turn.0, 3)
        ),
        format!(
            "{} ({} {}/h): {} W ({} {} W) — {}",
            t(lang, "Average power", "平均功耗"),
            fmt_num(p.get(TurnField::TurnsPerHour), 3),
            t(lang, "turns", "轮"),
            fmt_num(c.average.0, 3),
            t(lang, "budget", "预算"),
            fmt_num(c.budget.0, 3),
            edgefit_text::verdict_label(c.verdict, lang)
        ),
        format!(
            "{}: {} W",
            t(lang, "Peak power in a turn", "单轮峰值功耗"),
            fmt_num(c.peak.0, 3)
        ),
        format!(
            "{} {} {}: {} °C ({} {} °C)",
            t(lang, "Junction after", "结温,连续"),
            fmt_num(c.turns, 3),
            t(lang, "turns", "轮后"),
            fmt_num(c.tj_peak_c, 3),
            t(lang, "limit", "上限"),
            fmt_num(c.tj_max_c, 3)
        ),
    ];
    power.push(match c.battery_pct_per_hour {
        Some(b) => format!(
            "{}: {} %",
            t(lang, "Battery per hour", "每小时耗电"),
            fmt_num(b, 3)
        ),
        None => t(
            lang,
            "Battery per hour: give the battery capacity (Wh) to see it",
            "每小时耗电:填写电池容量(Wh)后显示",
        )
        .into(),
    });
    if c.overbooked {
        power.push(
            t(
                lang,
                "A turn lasts longer than the time between turns.",
                "一轮对话比轮次间隔还长。",
            )
            .into(),
        );
    }
    let steps = (0..p.stages.len()).map(|i| {
        let texts = p
            .stage_inputs(i)
            .and_then(|inp| edgefit_core::validate(&inp).ok())
            .map(|s| {
                let e = edgefit_core::evaluate(&s);
                edgefit_text::step_texts(&s, &e, lang)
            })
            .unwrap_or_default();
        el("details")
            .at("class", "pipe-steps")
            .at("data-testid", format!("pipe-steps-{}", i + 1))
            .kid(el("summary").tx(format!(
                "{} — {}",
                stage_name(p, i),
                t(lang, "step by step", "逐步计算")
            )))
            .kid(el("ol").kids(texts.into_iter().map(|s| {
                el("li")
                    .kid(el("strong").tx(s.title))
                    .kids(s.body.into_iter().map(|b| el("p").tx(b).into()))
                    .into()
            })))
            .into()
    });
    el("div")
        .kid(el("h3").tx(t(lang, "Power, heat and battery", "功耗、温度与电池")))
        .kid(
            el("ul")
                .at("class", "pipe-power")
                .at("data-testid", "pipe-power")
                .at("data-verdict", verdict_class(c.verdict))
                .kids(power.into_iter().map(|s| el("li").tx(s).into())),
        )
        .kid(el("h3").tx(t(lang, "Step by step", "逐步计算")))
        .kids(steps)
        .kid(
            el("details")
                .at("class", "pipe-steps")
                .kid(el("summary").tx(t(lang, "The whole pipeline in words", "流水线完整说明")))
                .kid(
                    el("pre")
                        .at("class", "pipe-words")
                        .tx(edgefit_text::pipeline_markdown(p, r, lang)),
                ),
        )
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_voice_assistant_link_is_the_golden_one() {
        let golden = include_str!("../../crates/core/tests/pipelines/01_seed_voice_assistant.scn");
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
    fn the_gantt_has_a_row_per_stage_and_a_bar_per_segment() {
        let d = link::decode(VOICE_ASSISTANT_LINK, PAGE_KEYS);
        let g = check(&d.pipeline).expect("valid");
        let b = bars(&g.report, Lang::En);
        assert_eq!(b.len(), g.report.timeline.len());
        let rows: std::collections::BTreeSet<usize> = b.iter().map(|b| b.row).collect();
        assert_eq!(rows.len(), 3);
        for k in ALL_KINDS {
            assert!(!kind_code(k).is_empty());
        }
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
    fn every_turn_field_has_a_label() {
        for &f in ALL_TURN_FIELDS {
            for lang in [Lang::En, Lang::Zh] {
                assert!(!turn_label(f, lang).0.is_empty(), "{f:?}");
            }
        }
    }
}
