//! The page's state: the signals the form writes, the memos that read, validate and evaluate it, and the
//! operations that change it (a preset, a row of a table, a framework). One [`Ctx`], created once by
//! [`create_ctx`] and provided as context; views read it and call its methods, and never hold state of
//! their own beyond what a control shows while it is typed.
//!
//! Data flows one way (derive, don't sync): one signal per field holds the raw text → a memo reads the form
//! ([`form::read_form`]) → a memo validates it ([`form::check_read`]) → a memo keeps the last good
//! evaluation → [`Ctx::settled`] follows it once typing pauses, and the reverse solve one task later.

use std::sync::Arc;
use std::time::Duration;

use edgefit_core::codec::{self, Issue};
use edgefit_core::input::Group;
use edgefit_core::presets::complete;
use edgefit_core::{
    evaluate, validate, Activation, Backend, Field, Granularity, Inputs, ModelKind, Solve,
    ALL_FIELDS,
};
use edgefit_text::Lang;
use leptos::leptos_dom::helpers::TimeoutHandle;
use leptos::prelude::*;

use super::form::{self, Checked, Choices, Good};

pub use edgefit_glance::{PAGE_KEYS, PIN_KEY};

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
    /// Device, model and quantization preset ids (`device=`, `llm=`, `quant=`).
    pub presets: PresetIds,
    /// The pinned scenario's link hash (`pin=`; compared in the decision panel).
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
                extras.push((PIN_KEY, p));
            }
            codec::encode(inputs, &extras)
        })
    }

    /// Load a decoded link into the form.
    pub fn load(&self, d: &codec::Decoded) {
        let texts = form::texts_of(&d.inputs);
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
        self.pin.set(pin_of(&d.extras));
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

    /// The form as it stands, read without tracking (unreadable text keeps its default).
    #[must_use]
    pub fn current_inputs(&self) -> Inputs {
        self.read.with_untracked(|(inputs, _)| inputs.clone())
    }

    /// Write what changed from `before` to `after` into the form's signals: a field the user typed garbage
    /// into keeps its text unless `after` changes it.
    pub fn put_inputs(&self, before: &Inputs, after: &Inputs) {
        for &f in ALL_FIELDS {
            if before.get(f) != after.get(f) {
                self.text(f).set(form::text_of(after.get(f)));
            }
        }
        let c = Choices::of(after);
        set_if_changed(self.model_kind, c.model_kind);
        set_if_changed(self.granularity, c.granularity);
        set_if_changed(self.activation, c.activation);
        set_if_changed(self.backend, c.backend);
        set_if_changed(self.framework, c.framework.clone());
        self.presets.set(&c);
    }

    /// Change the form as `change` changes its inputs; `change` says whether it did (else nothing is
    /// written).
    pub fn change(&self, change: impl FnOnce(&mut Inputs) -> bool) {
        let before = self.current_inputs();
        let mut after = before.clone();
        if change(&mut after) {
            self.put_inputs(&before, &after);
        }
    }

    /// A new framework or backend on the form: the backend it runs on this device and that group's
    /// constants ([`complete::complete_runtime`]); the device's own fields keep what the user typed.
    pub fn switch_runtime(&self, framework: Option<String>, backend: Option<Backend>) {
        self.change(|after| {
            if let Some(fw) = framework {
                after.framework = fw;
            }
            if let Some(b) = backend {
                after.backend = b;
            }
            complete::complete_runtime(after, backend);
            true
        });
    }

    /// A row applied to the form: a sweep's model and quantization (`m:id:quant`) or device (`d:id`), or
    /// a reverse-solve scheme (`q:id`: its quantization preset where one has its id, else its figures).
    pub fn apply_row(&self, act: &str) {
        self.change(
            |after| match act.split(':').collect::<Vec<_>>().as_slice() {
                ["d", id] => {
                    let ok = form::apply_preset(Group::Device, id, after);
                    after.device = Some((*id).into());
                    ok
                }
                ["m", id, q] => {
                    let ok = form::apply_preset(Group::Model, id, after)
                        && form::apply_preset(Group::Quantization, q, after);
                    after.model = Some((*id).into());
                    after.quant = Some((*q).into());
                    ok
                }
                ["q", id] => {
                    let ok = form::apply_preset(Group::Quantization, id, after);
                    let scheme = edgefit_core::solve::ALL_SCHEMES
                        .iter()
                        .find(|s| s.id == *id);
                    if let (false, Some(s)) = (ok, scheme) {
                        s.apply(after);
                        after.quant = None;
                        let b = after.backend;
                        complete::complete_runtime(after, Some(b));
                    }
                    ok || scheme.is_some()
                }
                _ => false,
            },
        );
    }
}

/// The language the browser asks for (`navigator.language`), English when it is neither.
#[must_use]
pub fn browser_lang() -> Lang {
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
        form::texts_of(&d.inputs)
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
    let presets = PresetIds::new(&c);
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
        form::read_form(&t, &choices)
    });
    let checked = Memo::new(move |_| read.with(|(i, u)| form::check_read(i, u)));
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
                .or_else(|| read.with_untracked(|(i, _)| form::fallback(i, bad))),
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

/// The slow parts follow the scenario once typing pauses: [`Ctx::settled`] [`SETTLE_MS`] after the last
/// change of [`Ctx::good`], then [`Ctx::solve_for`] one task later (so the charts and the solve are two short
/// tasks, not one long one, between keystrokes). A timer is the outside world: an effect.
pub fn settle(ctx: Ctx) {
    let timer: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    Effect::new(move |first: Option<()>| {
        let g = ctx.good.get();
        if first.is_none() {
            return; // `settled` starts equal to `good`
        }
        if let Some(t) = timer.get_value() {
            t.clear();
        }
        // A keystroke cancels whichever is still waiting.
        let t = set_timeout_with_handle(
            move || {
                ctx.settled.set(g.clone());
                let t = set_timeout_with_handle(move || ctx.solve_for.set(g), Duration::ZERO).ok();
                timer.set_value(t);
            },
            Duration::from_millis(SETTLE_MS),
        )
        .ok();
        timer.set_value(t);
    });
    on_cleanup(move || {
        if let Some(t) = timer.get_value() {
            t.clear();
        }
    });
}

/// The preset ids the form started from, one signal per kind.
#[derive(Clone, Copy)]
pub struct PresetIds {
    /// `device=`.
    pub device: RwSignal<Option<String>>,
    /// `llm=`.
    pub model: RwSignal<Option<String>>,
    /// `quant=`.
    pub quant: RwSignal<Option<String>>,
    /// `draft=`: speculative decoding's draft model.
    pub draft: RwSignal<Option<String>>,
    /// `power_mode=`: the device preset's published power mode.
    pub power_mode: RwSignal<Option<String>>,
}

fn set_if_changed<T: PartialEq + Send + Sync + 'static>(s: RwSignal<T>, v: T) {
    if s.with_untracked(|x| *x != v) {
        s.set(v);
    }
}

impl PresetIds {
    /// Signals holding the ids in `c`.
    #[must_use]
    pub fn new(c: &Choices) -> Self {
        Self {
            device: RwSignal::new(c.device.clone()),
            model: RwSignal::new(c.model.clone()),
            quant: RwSignal::new(c.quant.clone()),
            draft: RwSignal::new(c.draft.clone()),
            power_mode: RwSignal::new(c.power_mode.clone()),
        }
    }

    /// Set the ids from `c` (only those that changed).
    pub fn set(&self, c: &Choices) {
        set_if_changed(self.device, c.device.clone());
        set_if_changed(self.model, c.model.clone());
        set_if_changed(self.quant, c.quant.clone());
        set_if_changed(self.draft, c.draft.clone());
        set_if_changed(self.power_mode, c.power_mode.clone());
    }

    /// The signal of a group's preset, if the group has presets.
    #[must_use]
    pub fn of(&self, g: Group) -> Option<RwSignal<Option<String>>> {
        match g {
            Group::Device => Some(self.device),
            Group::Model => Some(self.model),
            Group::Quantization => Some(self.quant),
            _ => None,
        }
    }
}

/// The pinned hash among a link's extras.
#[must_use]
pub fn pin_of(extras: &[(String, String)]) -> Option<String> {
    extras
        .iter()
        .find(|(k, _)| k == PIN_KEY)
        .map(|(_, v)| v.clone())
        .filter(|v| !v.is_empty())
}

/// A pinned scenario as the charts draw it (`None`: the pin is not a valid scenario).
#[must_use]
pub fn pinned_good(hash: &str) -> Option<Arc<Good>> {
    let d = codec::decode(hash, &[]);
    let scenarios = validate(&d.inputs).ok()?;
    let evaluation = evaluate(&scenarios);
    Some(Arc::new(Good {
        inputs: d.inputs,
        scenarios,
        evaluation,
    }))
}
