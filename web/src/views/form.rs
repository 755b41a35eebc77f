//! The single-model form: one fieldset per group of inputs, each with its preset pickers and choices, then
//! its numeric fields, generated from the engine's field table ([`ALL_FIELDS`]).

use edgefit_core::input::{Group, Kind};
use edgefit_core::{Activation, Backend, Field, Granularity, ModelKind, ALL_FIELDS};
use edgefit_text::Lang;
use leptos::prelude::*;

use crate::render::live::{LiveText, Ui};
use crate::state::{page_context, Ctx, FieldIssue};

/// One fieldset of the form: the choices that belong to the group, then its numeric fields.
#[component]
pub fn FieldGroup(
    /// Which group of inputs.
    group: Group,
) -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let lang = ctx.lang;
    let mut fields: Vec<Field> = ALL_FIELDS
        .iter()
        .copied()
        .filter(|f| f.spec().group == group)
        .collect();
    // The draft model's picker goes right above the acceptance rate and draft length it takes.
    let at = fields
        .iter()
        .position(|&f| f == Field::Accept)
        .unwrap_or(fields.len());
    let rest = fields.split_off(at);
    let draft = (!rest.is_empty()).then(|| crate::views::presets::draft_picker(ctx));
    let choices = match group {
        Group::Device => view! {
            <crate::views::presets::PresetPicker group=group/>
            {crate::views::presets::power_mode_picker(ctx)}
        }
        .into_any(),
        Group::Model => view! {
            <crate::views::presets::PresetPicker group=group/>
            <crate::views::import::ImportModel/>
            <ChoiceSelect label=Ui::ModelKind value=ctx.model_kind/>
        }
        .into_any(),
        Group::Quantization => view! {
            <crate::views::presets::PresetPicker group=group/>
            <ChoiceSelect label=Ui::Granularity value=ctx.granularity/>
            <ChoiceSelect label=Ui::Activation value=ctx.activation/>
        }
        .into_any(),
        Group::Framework => view! {
            <ChoiceSelect
                label=Ui::Backend
                value=ctx.backend
                on_pick=|ctx: &Ctx, b: Backend| ctx.switch_runtime(None, Some(b))
            />
            <FrameworkSelect/>
            <crate::views::presets::FrameworkInfo/>
        }
        .into_any(),
        _ => ().into_any(),
    };
    view! {
        <fieldset class="group" data-group=format!("{group:?}").to_ascii_lowercase()>
            <legend>{crate::render::live::live_fn(lang, group, edgefit_text::group_label)}</legend>
            <div class="fields">
                {choices}
                {fields.into_iter().map(|f| view! { <FieldInput field=f/> }).collect_view()}
                {draft}
                {rest.into_iter().map(|f| view! { <FieldInput field=f/> }).collect_view()}
            </div>
        </fieldset>
    }
}

/// A choice the form offers as a `<select>`: every option of an `ALL_*` list.
pub trait Choice: Copy + PartialEq + Send + Sync + 'static {
    /// Every option, in order.
    fn all() -> &'static [Self];
    /// The option's code (links, `<option value>`).
    fn code(self) -> &'static str;
    /// The option's label.
    fn label(self, lang: Lang) -> &'static str;
    /// The link key, used for the element id.
    fn key() -> &'static str;
}

macro_rules! choice {
    ($t:ty, $all:path, $label:path) => {
        impl Choice for $t {
            fn all() -> &'static [Self] {
                $all
            }
            fn code(self) -> &'static str {
                <$t>::code(self)
            }
            fn label(self, lang: Lang) -> &'static str {
                $label(self, lang)
            }
            fn key() -> &'static str {
                <$t>::KEY
            }
        }
    };
}
choice!(
    ModelKind,
    edgefit_core::input::ALL_MODEL_KINDS,
    edgefit_text::model_kind_label
);
choice!(
    Granularity,
    edgefit_core::input::ALL_GRANULARITIES,
    edgefit_text::granularity_label
);
choice!(
    Activation,
    edgefit_core::input::ALL_ACTIVATIONS,
    edgefit_text::activation_label
);
choice!(
    Backend,
    edgefit_core::input::ALL_BACKENDS,
    edgefit_text::backend_label
);

/// One generic `<select>` over a choice's options, bound to its signal.
#[component]
pub fn ChoiceSelect<T: Choice>(
    /// The visible label.
    label: Ui,
    /// The chosen option.
    value: RwSignal<T>,
    /// What a pick does instead of setting `value` (the backend re-derives its group's constants).
    #[prop(optional)]
    on_pick: Option<fn(&Ctx, T)>,
) -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let lang = ctx.lang;
    let id = format!("c-{}", T::key());
    view! {
        <div class="field choice">
            <label for=id.clone()>{label.live(lang)}</label>
            <select
                id=id
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(&o) = T::all().iter().find(|o| o.code() == v) {
                        match on_pick {
                            Some(f) => f(&ctx, o),
                            None => value.set(o),
                        }
                    }
                }
            >
                {T::all()
                    .iter()
                    .map(|&o| {
                        view! {
                            <option value=o.code() prop:selected=move || value.get() == o>
                                {move || o.label(lang.get())}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

/// The framework preset `<select>` (its options are data, not an enum).
#[component]
fn FrameworkSelect() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let lang = ctx.lang;
    view! {
        <div class="field choice">
            <label for="c-fw">{Ui::Framework.live(lang)}</label>
            <select
                id="c-fw"
                on:change=move |ev| {
                    ctx.switch_runtime(Some(event_target_value(&ev)), None);
                }
            >
                {edgefit_core::presets::ALL_FRAMEWORKS
                    .iter()
                    .map(|f| {
                        let (id, name) = (f.id, f.name);
                        let label = crate::render::live::live_name(lang, name);
                        view! {
                            <option value=id prop:selected=move || ctx.framework.get() == id>
                                {label}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

/// One numeric input, generated from its [`Field::spec`]: label, text box (or checkbox for flags), unit,
/// and the error next to it. Hidden when it does not apply to the chosen model kind.
#[component]
pub fn FieldInput(
    /// Which input.
    field: Field,
) -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let lang = ctx.lang;
    let spec = field.spec();
    let text = ctx.text(field);
    let id = format!("f-{}", spec.key);
    let err_id = format!("e-{}", spec.key);
    let help_id = format!("h-{}", spec.key);
    // The input's description: its help (shown while it has the focus, so keyboard and touch users see
    // what a mouse's hover on the label shows) and its error.
    let described = format!("{help_id} {err_id}");
    let issue = Memo::new(move |_| ctx.checked.with(|c| c.issue(field).cloned()));
    let message = move || {
        issue.get().map(|i| match i {
            FieldIssue::NotANumber => {
                edgefit_text::not_a_number(field, text.get().trim(), lang.get())
            }
            FieldIssue::Invalid(e) => edgefit_text::field_error(&e, lang.get()),
        })
    };
    let control = if spec.kind == Kind::Flag {
        view! {
            <input
                type="checkbox"
                id=id.clone()
                prop:checked=move || text.get().trim() == "1"
                on:change=move |ev| text.set(if event_target_checked(&ev) { "1".into() } else { "0".into() })
            />
        }
        .into_any()
    } else {
        let placeholder = match spec.kind {
            Kind::Optional => Some("—"),
            Kind::Real => Some("a~b"),
            _ => None,
        };
        // A phone's decimal keypad has no `~`: fields that take a range get the text keyboard.
        let mode = if spec.kind == Kind::Real {
            "text"
        } else {
            "decimal"
        };
        view! {
            <input
                type="text"
                inputmode=mode
                autocomplete="off"
                spellcheck="false"
                id=id.clone()
                placeholder=placeholder
                aria-invalid=move || if issue.with(Option::is_some) { "true" } else { "false" }
                aria-describedby=described
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
            />
        }
        .into_any()
    };
    let visible = move || field.applies_to(ctx.model_kind.get());
    view! {
        <div
            class="field"
            class:flag=spec.kind == Kind::Flag
            class:bad=move || issue.with(Option::is_some)
            hidden=move || !visible()
            data-key=spec.key
        >
            <label for=id title=crate::render::live::live_fn(lang, field, edgefit_text::field_help)>
                {crate::render::live::live_fn(lang, field, edgefit_text::field_label)}
            </label>
            <span class="control">
                {control}
                <span class="unit">{crate::render::live::live_fn(lang, field, edgefit_text::field_unit)}</span>
            </span>
            <p class="help" id=help_id>{crate::render::live::live_fn(lang, field, edgefit_text::field_help)}</p>
            <p class="err" id=err_id role="alert">{message}</p>
            <crate::views::presets::FieldNote field=field/>
        </div>
    }
}
