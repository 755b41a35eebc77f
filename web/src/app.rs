//! The page: the form, the results and the plumbing between them.
//!
//! Data flows one way (derive, don't sync): one signal per field holds the raw text → a memo reads the form
//! ([`state::read_form`]; the URL hash follows it) → a memo validates it ([`state::check_read`]) → a memo
//! keeps the last good evaluation → the results, charts and steps render from it. Effects only touch the
//! outside world: the URL hash, the document language.

use std::sync::Arc;
use std::time::Duration;

use edgefit_core::codec::{self, Issue};
use edgefit_core::input::{Group, Kind, ALL_GROUPS};
use edgefit_core::{Activation, Backend, Field, Granularity, Inputs, ModelKind, Solve, ALL_FIELDS};
use edgefit_text::Lang;
use leptos::leptos_dom::helpers::TimeoutHandle;
use leptos::prelude::*;

use crate::results::{KeyNumbers, MiniSummary, Results, VerdictStrip};
use crate::share::{self, current_hash, ShareBar};
use crate::state::{self, Checked, Choices, FieldIssue, Good};
use crate::ui::{LiveText, Ui};

pub use edgefit_glance::PAGE_KEYS;

/// Everything the components share. Every member is a cheap, copyable handle.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The page's language.
    pub lang: RwSignal<Lang>,
    /// The language the browser asks for (not written to the link when chosen).
    pub browser_lang: Lang,
    /// The compact embed view.
    pub embed: RwSignal<bool>,
    /// One text per field, in [`ALL_FIELDS`] order.
    pub texts: StoredValue<Vec<RwSignal<String>>>,
    /// How the model is described.
    pub model_kind: RwSignal<ModelKind>,
    /// Quantization granularity.
    pub granularity: RwSignal<Granularity>,
    /// Activation precision.
    pub activation: RwSignal<Activation>,
    /// Backend.
    pub backend: RwSignal<Backend>,
    /// Framework preset id.
    pub framework: RwSignal<String>,
    /// Device, model and quantization preset ids (`device=`, `llm=`, `quant=`; see [`crate::presets_ui`]).
    pub presets: crate::presets_ui::PresetIds,
    /// The pinned scenario's link hash (`pin=`; see [`crate::decide_ui`]).
    pub pin: RwSignal<Option<String>>,
    /// The form as read: the inputs (unreadable fields at their defaults) and the unreadable fields.
    pub read: Memo<(Inputs, Vec<Field>)>,
    /// Where each completed field of the form as read comes from (a device preset's completion; a field
    /// the user changed is not listed): what the field notes show.
    pub origins: Memo<Vec<(Field, edgefit_core::presets::complete::Origin)>>,
    /// The form, read and validated.
    pub checked: Memo<Checked>,
    /// The last valid scenario and its evaluation (stays when the form turns invalid).
    pub good: Memo<Option<Arc<Good>>>,
    /// The last valid scenario once typing pauses ([`SETTLE_MS`]): what the slow parts (the reverse solve,
    /// the charts, the steps) follow, so a keystroke only waits for the verdicts and key numbers.
    pub settled: RwSignal<Option<Arc<Good>>>,
    /// The scenario the reverse solve follows: [`Ctx::settled`], one task later (so the charts and the
    /// solve are two short tasks, not one long one, between keystrokes).
    pub solve_for: RwSignal<Option<Arc<Good>>>,
    /// The reverse solve for [`Ctx::solve_for`].
    pub solve: Memo<Option<Arc<Solve>>>,
    /// What the link held that could not be used.
    pub link_issues: RwSignal<Vec<Issue>>,
}

impl Ctx {
    /// The text signal of a field.
    #[must_use]
    pub fn text(&self, f: Field) -> RwSignal<String> {
        let i = ALL_FIELDS.iter().position(|&g| g == f).unwrap_or(0);
        self.texts.with_value(|v| v[i])
    }

    /// The link hash (without `#`) for the form as typed and the page's keys. A field the engine refuses
    /// (out of bounds, required but empty) is written as typed, so a reload keeps every other edit and names
    /// that key alone; text that is not a number cannot be written and falls back to its default.
    #[must_use]
    pub fn hash(&self) -> String {
        let lang = self.lang.get();
        let embed = self.embed.get();
        self.read.with(|(inputs, _)| {
            let mut extras: Vec<(&str, &str)> = Vec::new();
            if lang != self.browser_lang {
                extras.push(("lang", lang.code()));
            }
            if embed {
                extras.push(("embed", "1"));
            }
            let pin = self.pin.get();
            if let Some(p) = &pin {
                extras.push((crate::decide_ui::PIN_KEY, p));
            }
            codec::encode(inputs, &extras)
        })
    }

    /// Load a decoded link into the form.
    pub fn load(&self, d: &codec::Decoded) {
        let texts = state::texts_of(&d.inputs);
        self.texts.with_value(|sigs| {
            for (sig, t) in sigs.iter().zip(texts) {
                if sig.get_untracked() != t {
                    sig.set(t);
                }
            }
        });
        let c = Choices::of(&d.inputs);
        self.model_kind.set(c.model_kind);
        self.granularity.set(c.granularity);
        self.activation.set(c.activation);
        self.backend.set(c.backend);
        self.presets.set(&c);
        self.framework.set(c.framework);
        self.pin.set(crate::decide_ui::pin_of(&d.extras));
        let mut issues = d.issues.clone();
        let asked = d.extras.iter().find(|(k, _)| k == "lang");
        let lang = asked.and_then(|(_, v)| Lang::from_code(v));
        // A language the page does not speak (`lang=fr`) is named in the banner like any bad key.
        if let (Some((k, v)), None) = (asked, lang) {
            issues.push(Issue::BadValue {
                key: k.clone(),
                value: v.clone(),
                problem: codec::ValueProblem::UnknownOption,
            });
        }
        self.lang.set(lang.unwrap_or(self.browser_lang));
        self.embed
            .set(d.extras.iter().any(|(k, v)| k == "embed" && v != "0"));
        self.link_issues.set(issues);
    }
}

fn browser_lang() -> Lang {
    window()
        .navigator()
        .language()
        .and_then(|l| Lang::from_code(&l))
        .unwrap_or_default()
}

/// How long typing must pause before [`Ctx::settled`] follows [`Ctx::good`].
pub const SETTLE_MS: u64 = 250;

/// Create the page's state from a link hash, with every memo.
#[must_use]
pub fn create_ctx(hash: &str, browser_lang: Lang) -> Ctx {
    let d = codec::decode(hash, PAGE_KEYS);
    let texts = StoredValue::new(
        state::texts_of(&d.inputs)
            .into_iter()
            .map(RwSignal::new)
            .collect::<Vec<_>>(),
    );
    let c = Choices::of(&d.inputs);
    let model_kind = RwSignal::new(c.model_kind);
    let granularity = RwSignal::new(c.granularity);
    let activation = RwSignal::new(c.activation);
    let backend = RwSignal::new(c.backend);
    let framework = RwSignal::new(c.framework.clone());
    let presets = crate::presets_ui::PresetIds::new(&c);
    let read = Memo::new(move |_| {
        let t: Vec<String> = texts.with_value(|v| v.iter().map(|s| s.get()).collect());
        let choices = Choices {
            model_kind: model_kind.get(),
            granularity: granularity.get(),
            activation: activation.get(),
            backend: backend.get(),
            framework: framework.get(),
            device: presets.device.get(),
            model: presets.model.get(),
            quant: presets.quant.get(),
            draft: presets.draft.get(),
            power_mode: presets.power_mode.get(),
        };
        state::read_form(&t, &choices)
    });
    let checked = Memo::new(move |_| read.with(|(i, u)| state::check_read(i, u)));
    let origins =
        Memo::new(move |_| read.with(|(i, _)| edgefit_core::presets::complete::origins(i)));
    let good = Memo::new(move |prev: Option<&Option<Arc<Good>>>| {
        checked.with(|c| match c {
            Checked::Good(g) => Some(Arc::clone(g)),
            // The last valid result; on a page opened in error, the form with the fields in error at
            // their presets' values (never an empty results panel).
            Checked::Bad(bad) => prev
                .cloned()
                .flatten()
                .or_else(|| read.with_untracked(|(i, _)| state::fallback(i, bad))),
        })
    });
    let settled = RwSignal::new(good.get_untracked());
    let solve_for = RwSignal::new(good.get_untracked());
    let solve = Memo::new(move |_| {
        solve_for.with(|g| {
            g.as_ref()
                .and_then(|g| edgefit_core::solve(&g.inputs).ok())
                .map(Arc::new)
        })
    });
    let ctx = Ctx {
        lang: RwSignal::new(Lang::En),
        browser_lang,
        embed: RwSignal::new(false),
        texts,
        model_kind,
        granularity,
        activation,
        backend,
        framework,
        presets,
        pin: RwSignal::new(None),
        read,
        origins,
        checked,
        good,
        settled,
        solve_for,
        solve,
        link_issues: RwSignal::new(Vec::new()),
    };
    ctx.load(&d);
    ctx
}

/// A value the page provided as context (its state, the pipeline view, the user's presets). Like Leptos's
/// `expect_context`, whose missing-context panic message formats the type name with `{:?}` and so keeps
/// `str`'s `Debug` (with its Unicode escape tables) in the wasm.
///
/// # Panics
/// When no ancestor provided a `T` (a bug in the page's set-up).
#[must_use]
pub fn page_context<T: Clone + 'static>() -> T {
    use_context::<T>().expect("edgefit: a page context is missing")
}

/// The whole page, reading its scenario from the URL hash and keeping the hash up to date.
#[component]
pub fn App() -> impl IntoView {
    let ctx = create_ctx(&current_hash(), browser_lang());
    provide_context(ctx);
    provide_context(crate::custom::Store::load());
    let pipe = crate::pipeline_ui::Pipe::new(&current_hash());
    provide_context(pipe);

    // The hash follows the scenario, coalesced while typing and written without new history entries.
    let pending: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    Effect::new(move |_| {
        if pipe.on.get() {
            return; // the pipeline view writes its own link
        }
        let h = ctx.hash();
        if let Some(t) = pending.get_value() {
            t.clear();
        }
        let t =
            set_timeout_with_handle(move || share::write_hash(&h), Duration::from_millis(150)).ok();
        pending.set_value(t);
    });
    // The slow parts follow the scenario once typing pauses (a timer is the outside world: an effect).
    let settle: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    Effect::new(move |first: Option<()>| {
        let g = ctx.good.get();
        if first.is_none() {
            return; // `settled` starts equal to `good`
        }
        if let Some(t) = settle.get_value() {
            t.clear();
        }
        // Charts and steps first, the reverse solve in the next task; a keystroke cancels whichever
        // is still waiting.
        let t = set_timeout_with_handle(
            move || {
                ctx.settled.set(g.clone());
                let t = set_timeout_with_handle(move || ctx.solve_for.set(g), Duration::ZERO).ok();
                settle.set_value(t);
            },
            Duration::from_millis(SETTLE_MS),
        )
        .ok();
        settle.set_value(t);
    });
    // The page has read the address it opened with; a link pasted or edited by hand (or Back, Forward)
    // loads like a fresh one.
    share::saw_hash();
    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        share::saw_hash();
        let h = current_hash();
        if pipe.on_hash(&h, &ctx) {
            return;
        }
        if h.trim_start_matches('#') != ctx.hash() {
            ctx.load(&codec::decode(&h, PAGE_KEYS));
        }
    });
    on_cleanup(move || {
        listener.remove();
        for t in [pending.get_value(), settle.get_value()]
            .into_iter()
            .flatten()
        {
            t.clear();
        }
    });
    // The document speaks the page's language (screen readers, fonts, hyphenation).
    Effect::new(move |_| {
        let lang = ctx.lang.get();
        if let Some(el) = document().document_element() {
            let _ = el.set_attribute("lang", if lang == Lang::Zh { "zh-CN" } else { "en" });
        }
        document().set_title(match lang {
            Lang::En => "edgefit — on-device model fit calculator",
            Lang::Zh => "edgefit — 端侧模型适配计算器",
        });
    });

    view! {
        {move || if pipe.on.get() { view! { <crate::pipeline_ui::PipelineView/> }.into_any() } else if ctx.embed.get() { view! { <EmbedView/> }.into_any() } else { view! { <FullView/> }.into_any() }}
    }
}

/// The full calculator: header, form, results.
#[component]
fn FullView() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let lang = ctx.lang;
    // Keyboard users reach the results without tabbing through every field. A button, not an anchor: the
    // page's hash is its scenario.
    let skip = move |_| {
        if let Some(h) = document().get_element_by_id("h-results") {
            if let Ok(h) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(h) {
                let _ = h.focus();
                h.scroll_into_view();
            }
        }
    };
    view! {
        <button type="button" class="skip-link" data-testid="skip-results" on:click=skip>
            {Ui::SkipToResults.live(lang)}
        </button>
        <header class="top">
            <div class="brand">
                <h1>{Ui::Title.live(lang)}</h1>
                <p class="tagline">{Ui::Tagline.live(lang)}</p>
            </div>
            <LangSwitch/>
        </header>
        <LinkBanner/>
        <main class="layout">
            <section class="inputs" aria-labelledby="h-inputs">
                <h2 id="h-inputs">{Ui::Inputs.live(lang)}</h2>
                {ALL_GROUPS.iter().map(|&g| view! { <FieldGroup group=g/> }).collect_view()}
            </section>
            <section class="results" aria-labelledby="h-results">
                <h2 id="h-results" tabindex="-1">{Ui::Results.live(lang)}</h2>
                <ShareBar/>
                <crate::pipeline_ui::VoiceButton/>
                <Results/>
                <crate::decide_ui::Decide/>
            </section>
        </main>
        <footer class="foot">
            <p>{Ui::Footer.live(lang)}</p>
        </footer>
        <MiniSummary/>
    }
}

/// The compact view for an `<iframe>`: verdicts and key numbers, and a link to the full calculator.
#[component]
fn EmbedView() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let lang = ctx.lang;
    let full = move || {
        ctx.embed.track();
        let mut h = ctx.hash();
        if let Some(i) = h.find("&embed=1") {
            h.replace_range(i..i + "&embed=1".len(), "");
        }
        format!("{}#{h}", share::page_url())
    };
    view! {
        <main class="embed">
            <header class="embed-head">
                <strong>{Ui::Embedded.live(lang)}</strong>
                <a href=full target="_blank" rel="noopener">{Ui::OpenFull.live(lang)}" ↗"</a>
            </header>
            <crate::results::JudgedLine/>
            <VerdictStrip/>
            <KeyNumbers/>
        </main>
    }
}

/// The zh/en switch.
#[component]
fn LangSwitch() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    view! {
        <div class="lang" role="group" aria-label=Ui::Language.live(ctx.lang)>
            {edgefit_text::ALL_LANGS
                .iter()
                .map(|&l| {
                    view! {
                        <button
                            type="button"
                            lang=if l == Lang::Zh { "zh-CN" } else { "en" }
                            aria-pressed=move || if ctx.lang.get() == l { "true" } else { "false" }
                            on:click=move |_| ctx.lang.set(l)
                        >
                            {l.native_name()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// Which keys of the link were not used, and why.
#[component]
fn LinkBanner() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    link_banner(ctx.link_issues, ctx.lang)
}

/// The banner listing a link's `issues`, with a button that dismisses it (empty when there are none).
/// A [`crate::dom`] panel: output only, and far less wasm than a `view!`.
pub fn link_banner(issues: RwSignal<Vec<Issue>>, lang: RwSignal<Lang>) -> impl IntoView {
    let render = move || {
        let lang = lang.get();
        issues.with(|issues| {
            (!issues.is_empty()).then(|| {
                crate::dom::el("div")
                    .at("class", "banner")
                    .at("role", "status")
                    .at("data-testid", "link-banner")
                    .kid(crate::dom::el("p").tx(Ui::LinkIssues.text(lang)))
                    .kid(crate::dom::el("ul").kids(issues.iter().map(|i| {
                        crate::dom::el("li")
                            .tx(edgefit_text::codec_issue(i, lang))
                            .into()
                    })))
                    .kid(
                        crate::dom::el("button")
                            .at("type", "button")
                            .at("data-act", "dismiss")
                            .tx(Ui::Dismiss.text(lang)),
                    )
                    .into()
            })
        })
    };
    let act: crate::dom::Act = Box::new(move |_, _| issues.set(Vec::new()));
    crate::dom::panel("link-banner", Box::new(render), Some(act))
}

/// One fieldset of the form: the choices that belong to the group, then its numeric fields.
#[component]
fn FieldGroup(group: Group) -> impl IntoView {
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
    let draft = (!rest.is_empty()).then(|| crate::presets_ui::draft_picker(ctx));
    let choices = match group {
        Group::Device => view! {
            <crate::presets_ui::PresetPicker group=group/>
            {crate::presets_ui::power_mode_picker(ctx)}
        }
        .into_any(),
        Group::Model => view! {
            <crate::presets_ui::PresetPicker group=group/>
            <crate::import_ui::ImportModel/>
            <ChoiceSelect label=Ui::ModelKind value=ctx.model_kind/>
        }
        .into_any(),
        Group::Quantization => view! {
            <crate::presets_ui::PresetPicker group=group/>
            <ChoiceSelect label=Ui::Granularity value=ctx.granularity/>
            <ChoiceSelect label=Ui::Activation value=ctx.activation/>
        }
        .into_any(),
        Group::Framework => view! {
            <ChoiceSelect
                label=Ui::Backend
                value=ctx.backend
                on_pick=|ctx: &Ctx, b: Backend| crate::presets_ui::switch_runtime(ctx, None, Some(b))
            />
            <FrameworkSelect/>
            <crate::presets_ui::FrameworkInfo/>
        }
        .into_any(),
        _ => ().into_any(),
    };
    view! {
        <fieldset class="group" data-group=format!("{group:?}").to_ascii_lowercase()>
            <legend>{crate::ui::live_fn(lang, group, edgefit_text::group_label)}</legend>
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
                    crate::presets_ui::switch_runtime(&ctx, Some(event_target_value(&ev)), None);
                }
            >
                {edgefit_core::presets::ALL_FRAMEWORKS
                    .iter()
                    .map(|f| {
                        let (id, name) = (f.id, f.name);
                        let label = crate::ui::live_name(lang, name);
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

/// The message for a field whose text is not a number (edgefit-text has none for form text).
fn not_a_number(f: Field, text: &str, lang: Lang) -> String {
    let label = edgefit_text::field_label(f, lang);
    let range = f.spec().kind == Kind::Real;
    match (lang, range) {
        (Lang::En, true) => format!(
            "{label} ({}) = \"{text}\": not a number; type a number such as 0.5, or a range such as 0.4~0.6",
            f.key()
        ),
        (Lang::En, false) => format!(
            "{label} ({}) = \"{text}\": not a number; type one number such as 25",
            f.key()
        ),
        (Lang::Zh, true) => format!(
            "{label}（{}）= \"{text}\"：不是数字；请填一个数（如 0.5）或区间（如 0.4~0.6）",
            f.key()
        ),
        (Lang::Zh, false) => format!(
            "{label}（{}）= \"{text}\"：不是数字；请填一个数（如 25）",
            f.key()
        ),
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
            FieldIssue::NotANumber => not_a_number(field, text.get().trim(), lang.get()),
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
            <label for=id title=crate::ui::live_fn(lang, field, edgefit_text::field_help)>
                {crate::ui::live_fn(lang, field, edgefit_text::field_label)}
            </label>
            <span class="control">
                {control}
                <span class="unit">{crate::ui::live_fn(lang, field, edgefit_text::field_unit)}</span>
            </span>
            <p class="help" id=help_id>{crate::ui::live_fn(lang, field, edgefit_text::field_help)}</p>
            <p class="err" id=err_id role="alert">{message}</p>
            <crate::presets_ui::FieldNote field=field/>
        </div>
    }
}
