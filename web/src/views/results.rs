//! The results: verdict strip, key numbers, charts and the step-by-step accounting. Every component reads
//! the last good evaluation from the page context and renders words through `edgefit-text`.

use edgefit_core::{Constraint, Verdict, ALL_CONSTRAINTS};
use edgefit_text::{self as text, Lang};
use leptos::prelude::*;

use crate::render::dom::{el, panel};
use crate::render::live::{LiveText, Ui};
use crate::state::Checked;
use crate::state::Ctx;
use crate::views::charts::Charts;
use edgefit_glance::{headroom_text, key_numbers, verdict_icon, Strip};

/// Results for the full page: a note when they are stale, then everything.
#[component]
pub fn Results() -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let stale = move || matches!(ctx.checked.get(), Checked::Bad(_));
    view! {
        <p class="stale" role="status" hidden=move || !stale() data-testid="stale">
            {Ui::StaleResult.live(ctx.lang)}
        </p>
        <div class="result-body" class:is-stale=stale>
            <JudgedLine/>
            <VerdictStrip/>
            <KeyNumbers/>
            <Charts/>
            <StepList/>
        </div>
    }
}

/// What the results judge, in one line: device, model, quantization, framework on its unit, context.
#[component]
pub fn JudgedLine() -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let line = Memo::new(move |_| {
        let lang = ctx.lang.get();
        ctx.good.with(|g| {
            g.as_ref()
                .map(|g| text::judged_line(&g.inputs, &g.scenarios, lang))
        })
    });
    move || {
        let lang = ctx.lang.get();
        line.get().map(|l| {
            view! {
                <p class="judged" data-testid="judged">
                    <span class="judged-k">{Ui::Judging.text(lang)}{lang.colon()}</span>
                    <strong>{l}</strong>
                </p>
            }
        })
    }
}

/// One card per constraint: word + icon + headroom, and the binding constraint named.
///
/// Built once per language; a keystroke only rewrites the words, classes and attributes that changed.
#[component]
pub fn VerdictStrip() -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let strip = Memo::new(move |_| {
        ctx.good
            .with(|g| g.as_ref().map(|g| Strip::of(&g.evaluation)))
    });
    let present = Memo::new(move |_| strip.with(Option::is_some));
    let binding = Memo::new(move |_| strip.with(|s| s.as_ref().map(|s| s.binding)));
    move || {
        let lang = ctx.lang.get();
        if !present.get() {
            return ().into_any();
        }
        let summary =
            move || strip.with(|s| s.as_ref().map_or(Ui::NotAllMet, Strip::summary).text(lang));
        let binding_label = move || binding.get().map(|b| text::constraint_label(b, lang));
        view! {
            <section class="verdicts" aria-labelledby="h-verdicts">
                <h3 id="h-verdicts">{Ui::Verdicts.text(lang)}</h3>
                <p class="summary" data-testid="binding">
                    {summary} {lang.space()} {Ui::Binding.text(lang)}
                    {lang.colon()} <strong>{binding_label}</strong>
                </p>
                <ul class="cards">
                    {ALL_CONSTRAINTS
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| card(c, i, strip, binding, lang))
                        .collect_view()}
                </ul>
            </section>
        }
        .into_any()
    }
}

fn card(
    c: Constraint,
    i: usize,
    strip: Memo<Option<Strip>>,
    binding: Memo<Option<Constraint>>,
    lang: Lang,
) -> impl IntoView + use<> {
    let one = Memo::new(move |_| {
        strip.with(|s| {
            s.as_ref()
                .and_then(|s| s.cards.get(i).copied())
                .unwrap_or((Verdict::NotApplicable, None))
        })
    });
    let v = move || one.get().0;
    let is_binding = Memo::new(move |_| binding.get() == Some(c));
    view! {
        <li
            class=move || {
                let b = if is_binding.get() { " binding" } else { "" };
                format!("card v-{}{b}", v().code().replace('/', ""))
            }
            data-testid=format!("verdict-{}", c.code())
            data-verdict=move || v().code()
        >
            <span class="card-name">{text::constraint_label(c, lang)}</span>
            <span class="card-verdict">
                <span class="icon" aria-hidden="true">{move || verdict_icon(v())}</span>
                " "
                {move || text::verdict_label(v(), lang)}
            </span>
            <span class="card-headroom">{move || headroom_text(one.get().1, lang)}</span>
            {move || is_binding.get().then(|| view! { <span class="badge">{Ui::Binding.text(lang)}</span> })}
        </li>
    }
}

/// The numbers a deployment engineer asks first, each with its test id.
///
/// The rows are built when the language or the set of numbers changes; a keystroke rewrites only the
/// numbers, in place.
#[component]
pub fn KeyNumbers() -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let nums = Memo::new(move |_| {
        let lang = ctx.lang.get();
        ctx.good
            .with(|g| g.as_ref().map(|g| key_numbers(g, lang)).unwrap_or_default())
    });
    let rows =
        Memo::new(move |_| nums.with(|v| v.iter().map(|n| (n.id, n.label)).collect::<Vec<_>>()));
    move || {
        let lang = ctx.lang.get();
        let rows = rows.get();
        if rows.is_empty() {
            return ().into_any();
        }
        view! {
            <section class="numbers" aria-labelledby="h-numbers">
                <h3 id="h-numbers">{Ui::KeyNumbers.text(lang)}</h3>
                <dl>
                    {rows
                        .into_iter()
                        .map(|(id, label)| {
                            let n = Memo::new(move |_| {
                                nums.with(|v| v.iter().find(|n| n.id == id).cloned())
                            });
                            let value = move || n.with(|n| n.as_ref().map(|n| n.value.clone()));
                            let unit = move || n.with(|n| n.as_ref().map(|n| n.unit));
                            let band = move || {
                                n.with(|n| n.as_ref().and_then(|n| n.band.clone()))
                                    .map(|b| view! { <span class="band">" (" {b} ")"</span> })
                            };
                            view! {
                                <div class="num">
                                    <dt>{label}</dt>
                                    <dd>
                                        <span class="val" data-testid=id>{value}</span>
                                        " "
                                        <span class="u">{unit}</span>
                                        {band}
                                    </dd>
                                </div>
                            }
                        })
                        .collect_view()}
                </dl>
            </section>
        }
        .into_any()
    }
}

/// The step-by-step accounting in the seed's order; the seed's misleading steps are highlighted notes.
///
/// Output only, so a [`panel`] (far less wasm than a `view!`), rebuilt when the settled results change.
#[component]
pub fn StepList() -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let render = move || {
        let lang = ctx.lang.get();
        let g = ctx.settled.get()?;
        let steps = text::step_texts(&g.scenarios, &g.evaluation, lang);
        let items = steps.into_iter().map(|st| {
            let v = st.verdict;
            let code = st.step.code();
            let pill = el("span")
                .at("class", format!("pill v-{}", v.code().replace('/', "")))
                .kid(el("span").at("aria-hidden", "true").tx(verdict_icon(v)))
                .tx(" ")
                .tx(text::verdict_label(v, lang));
            let note = st.seed_note.map(|note| {
                el("aside")
                    .at("class", "note")
                    .at("data-testid", format!("note-{code}"))
                    .kid(el("strong").tx(format!("{}: ", Ui::SeedMisses.text(lang))))
                    .tx(note)
                    .into()
            });
            el("li")
                .at(
                    "class",
                    if note.is_some() {
                        "step corrects"
                    } else {
                        "step"
                    },
                )
                .at("data-step", code)
                .kid(el("h4").kid(pill).tx(" ").tx(st.title))
                .kids(st.body.into_iter().map(|p| el("p").tx(p).into()))
                .kids(note)
                .into()
        });
        Some(
            el("section")
                .at("class", "steps")
                .at("aria-labelledby", "h-steps")
                .kid(el("h3").at("id", "h-steps").tx(Ui::Steps.text(lang)))
                .kid(el("ol").kids(items))
                .into(),
        )
    };
    panel("steps-panel", Box::new(render), None)
}

/// On phones the form comes first; this bar stays at the bottom of the screen with the headline result
/// and a link down to the full results.
#[component]
pub fn MiniSummary() -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    // (headline, tally): rewritten in place on every keystroke.
    let words = Memo::new(move |_| {
        let lang = ctx.lang.get();
        ctx.good.with(|g| {
            let g = g.as_ref()?;
            let e = &g.evaluation;
            let count = |v: Verdict| {
                ALL_CONSTRAINTS
                    .iter()
                    .filter(|&&c| e.verdict(c) == v)
                    .count()
            };
            let head = if matches!(
                g.scenarios.expected.model,
                edgefit_core::model::Model::OneShot(_)
            ) {
                format!("TTFT {} ms", text::fmt_num(e.expected.ttft.ttft.ms(), 3))
            } else {
                format!("TPOT {} ms", text::fmt_num(e.expected.tpot.full.ms(), 3))
            };
            let tally = [Verdict::Fail, Verdict::Warn, Verdict::Pass]
                .iter()
                .map(|&v| {
                    format!(
                        "{} {} {}",
                        verdict_icon(v),
                        count(v),
                        text::verdict_label(v, lang)
                    )
                })
                .collect::<Vec<_>>()
                .join(" · ");
            Some((head, tally))
        })
    });
    let present = Memo::new(move |_| words.with(Option::is_some));
    move || {
        let lang = ctx.lang.get();
        if !present.get() {
            return None;
        }
        let head = move || words.with(|w| w.as_ref().map(|w| w.0.clone()));
        let tally = move || words.with(|w| w.as_ref().map(|w| w.1.clone()));
        Some(view! {
            <nav class="mini" aria-label=Ui::Results.text(lang)>
                <span class="mini-head">{head}</span>
                <span class="mini-tally">{tally}</span>
                <a href="#h-results" on:click=move |ev| {
                    ev.prevent_default();
                    if let Some(el) = document().get_element_by_id("h-results") {
                        el.scroll_into_view();
                    }
                }>{Ui::Results.text(lang)} " ↓"</a>
            </nav>
        })
    }
}
