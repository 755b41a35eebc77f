//! The pipeline's form: the conversation, the shared device, then one card per stage (role, model preset,
//! its key fields and the rest folded). `view!` throughout: every part holds the focus while it is typed.
//! Re-read from the pipeline whenever it is replaced from outside (a link, a preset, a stage edit).

use std::sync::Arc;

use edgefit_core::codec;
use edgefit_core::input::{Group, Kind};
use edgefit_core::pipeline::{
    PipelineError, PipelineProblem, Role, Timing, TurnField, ALL_ROLES, ALL_TIMINGS,
    ALL_TURN_FIELDS,
};
use edgefit_core::presets::{ModelFamily, ALL_MODELS};
use edgefit_core::scenario::{FieldError, InputRef};
use edgefit_core::{Field, Value, ALL_FIELDS};
use edgefit_text::{term, turn_label, Lang, Term};
use leptos::prelude::*;

use crate::render::live::{live_fn, live_name, LiveText, Ui};
use crate::state::form::{apply_preset, text_of};
use crate::state::pipe::PipeGood;
use crate::state::{page_context, Ctx, Pipe};

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

/// The form: the conversation, the shared device, then one card per stage. Re-read from the pipeline
/// whenever it is replaced from outside (a link, a model preset).
#[component]
pub(super) fn PipeForm() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let pipe = page_context::<Pipe>();
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
                    if apply_preset(Group::Device, &id, &mut s.inputs) {
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
                <legend>{Term::Conversation.live(lang)}</legend>
                <div class="field">
                    <label for="p-timing">{Term::Timing.live(lang)}</label>
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
                                            {live_fn(lang, m, edgefit_text::timing_label)}
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
                <legend>{Term::SharedDevice.live(lang)}</legend>
                {preset_select(lang, "p-device".into(), Ui::PresetDevice, devices, device_id, pick_device)}
                {dev_key.into_iter().map(|f| view! { <StageInput stage=0 field=f/> }).collect_view()}
                <details>
                    <summary>{Term::MoreDeviceFields.live(lang)}</summary>
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
    label: Ui,
    options: Vec<(&'static str, &'static str)>,
    current: String,
    pick: Box<dyn Fn(String)>,
) -> impl IntoView {
    view! {
        <div class="field choice">
            <label for=id.clone()>{label.live(lang)}</label>
            <select id=id on:change=move |ev| pick(event_target_value(&ev))>
                <option value="" selected=current.is_empty()>
                    {Ui::CustomOption.live(lang)}
                </option>
                {options
                    .into_iter()
                    .map(|(id, name)| {
                        view! {
                            <option value=id selected=id == current>
                                {live_name(lang, name)}
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
    let ctx = page_context::<Ctx>();
    let pipe = page_context::<Pipe>();
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
                <label for=role_id.clone()>{Term::Role.live(lang)}</label>
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
                                        {live_fn(lang, r, edgefit_text::role_label)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </span>
                <p class="err" role="alert">{move || role_problem.get()}</p>
            </div>
            {preset_select(lang, model_id, Ui::PresetModel, presets, current, pick_model)}
            {key.into_iter().map(|f| view! { <StageInput stage=stage field=f/> }).collect_view()}
            <details>
                <summary>{Term::AllStageFields.live(lang)}</summary>
                {more.into_iter().map(|f| view! { <StageInput stage=stage field=f/> }).collect_view()}
            </details>
        </fieldset>
    }
}

/// One numeric field of one stage (device fields belong to stage 1).
#[component]
fn StageInput(stage: usize, field: Field) -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let pipe = page_context::<Pipe>();
    let lang = ctx.lang;
    let spec = field.spec();
    let init = pipe
        .pipeline
        .with_untracked(|p| text_of(p.stages.get(stage).and_then(|s| s.inputs.get(field))));
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
                term(Term::NotANumber, lang.get())
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
            <label for=id title=live_fn(lang, field, edgefit_text::field_help)>
                {live_fn(lang, field, edgefit_text::field_label)}
            </label>
            <span class="control">
                {control}
                <span class="unit">{live_fn(lang, field, edgefit_text::field_unit)}</span>
            </span>
            <p class="err" id=err_id role="alert">{message}</p>
        </div>
    }
}

/// One conversation field.
#[component]
fn TurnInput(field: TurnField) -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let pipe = page_context::<Pipe>();
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
                term(Term::NotOneNumber, lang.get())
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
            <label for=id.clone()>{move || turn_label(field, pipe.camera.get(), lang.get()).0}</label>
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
                <span class="unit">{move || turn_label(field, pipe.camera.get(), lang.get()).1}</span>
            </span>
            <p class="err" role="alert">{message}</p>
        </div>
    }
}
