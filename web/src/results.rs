//! The results: verdict strip, key numbers, charts and the step-by-step accounting. Every component reads
//! the last good evaluation from the page context and renders words through `edgefit-text`.

use std::sync::Arc;

use edgefit_core::analysis::Report;
use edgefit_core::{Constraint, Verdict, ALL_CONSTRAINTS};
use edgefit_text::{self as text, term, Lang, Term};
use leptos::prelude::*;

use crate::app::Ctx;
use crate::charts::Charts;
use crate::dom::{el, panel};
use crate::state::{Checked, Good};
use crate::ui::Ui;

/// The icon that goes with a verdict's word (colour is never the only signal).
#[must_use]
pub fn verdict_icon(v: Verdict) -> &'static str {
    match v {
        Verdict::Pass => "✓",
        Verdict::Warn => "!",
        Verdict::Fail => "✗",
        Verdict::NotApplicable => "–",
    }
}

/// The headroom of a constraint in words: "headroom 25%" or "over by 72%".
#[must_use]
pub fn headroom_text(h: Option<f64>, lang: Lang) -> String {
    match h {
        None => String::new(),
        Some(h) if h >= 0.0 => format!("{} {}", Ui::Headroom.text(lang), text::fmt_pct(h)),
        Some(h) => format!("{} {}", Ui::Over.text(lang), text::fmt_pct(-h)),
    }
}

/// Results for the full page: a note when they are stale, then everything.
#[component]
pub fn Results() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
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
    let ctx = crate::app::page_context::<Ctx>();
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
                    <span class="judged-k">{Ui::Judging.text(lang)}{if lang == Lang::Zh { "：" } else { ": " }}</span>
                    <strong>{l}</strong>
                </p>
            }
        })
    }
}

/// What the verdict strip shows, in [`ALL_CONSTRAINTS`] order: (verdict, headroom) per constraint.
#[derive(Clone, PartialEq)]
struct Strip {
    all_met: bool,
    binding: Constraint,
    cards: Vec<(Verdict, Option<f64>)>,
}

/// One card per constraint: word + icon + headroom, and the binding constraint named.
///
/// Built once per language; a keystroke only rewrites the words, classes and attributes that changed.
#[component]
pub fn VerdictStrip() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    let strip = Memo::new(move |_| {
        ctx.good.with(|g| {
            g.as_ref().map(|g| {
                let e = &g.evaluation;
                Strip {
                    all_met: e.all_met(),
                    binding: e.expected.binding(),
                    cards: ALL_CONSTRAINTS
                        .iter()
                        .map(|&c| (e.verdict(c), e.expected.headroom(c)))
                        .collect(),
                }
            })
        })
    });
    let present = Memo::new(move |_| strip.with(Option::is_some));
    let binding = Memo::new(move |_| strip.with(|s| s.as_ref().map(|s| s.binding)));
    move || {
        let lang = ctx.lang.get();
        if !present.get() {
            return ().into_any();
        }
        let summary = move || {
            let (met, uncertain) = strip.with(|s| {
                s.as_ref().map_or((false, false), |s| {
                    (s.all_met, s.cards.iter().any(|&(v, _)| v == Verdict::Warn))
                })
            });
            if met && uncertain {
                Ui::Uncertain.text(lang)
            } else if met {
                Ui::AllMet.text(lang)
            } else {
                Ui::NotAllMet.text(lang)
            }
        };
        let binding_label = move || binding.get().map(|b| text::constraint_label(b, lang));
        view! {
            <section class="verdicts" aria-labelledby="h-verdicts">
                <h3 id="h-verdicts">{Ui::Verdicts.text(lang)}</h3>
                <p class="summary" data-testid="binding">
                    {summary} {if lang == Lang::Zh { "" } else { " " }} {Ui::Binding.text(lang)}
                    {if lang == Lang::Zh { "：" } else { ": " }} <strong>{binding_label}</strong>
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

/// One key number: label, expected value (with a test id), its band across the input ranges, and unit.
#[derive(Clone, PartialEq)]
struct Num {
    id: &'static str,
    label: &'static str,
    value: String,
    band: Option<String>,
    unit: &'static str,
}

fn num(
    g: &Good,
    id: &'static str,
    label: &'static str,
    unit: &'static str,
    f: impl Fn(&Report) -> f64,
) -> Num {
    let x = f(&g.evaluation.expected);
    let (lo, hi) = g.evaluation.band(&f);
    let fmt = |x: f64| text::fmt_num(x, 3);
    let band = (fmt(lo) != fmt(hi)).then(|| format!("{}–{}", fmt(lo), fmt(hi)));
    Num {
        id,
        label,
        value: fmt(x),
        band,
        unit,
    }
}

/// The numbers a deployment engineer asks first, each with its test id.
///
/// The rows are built when the language or the set of numbers changes; a keystroke rewrites only the
/// numbers, in place.
#[component]
pub fn KeyNumbers() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
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

fn key_numbers(g: &Arc<Good>, lang: Lang) -> Vec<Num> {
    let one_shot = matches!(
        g.scenarios.expected.model,
        edgefit_core::model::Model::OneShot(_)
    );
    let mut v = Vec::new();
    if !one_shot {
        v.push(num(
            g,
            "decode-tps",
            Ui::DecodeTps.text(lang),
            "tok/s",
            |r| r.speed.decode_tps.unwrap_or(f64::NAN),
        ));
        v.push(num(
            g,
            "prefill-tps",
            Ui::PrefillTps.text(lang),
            "tok/s",
            |r| r.speed.prefill_tps.unwrap_or(f64::NAN),
        ));
        // With several streams each gets this TPOT (one step serves them all).
        let tpot_label = if g.scenarios.expected.targets.streams > 1.0 {
            term(Term::TpotPerStream, lang)
        } else {
            Ui::TpotFull.text(lang)
        };
        v.push(num(g, "tpot-full", tpot_label, "ms", |r| r.tpot.full.ms()));
        v.push(num(g, "tpot-empty", Ui::TpotEmpty.text(lang), "ms", |r| {
            r.tpot.empty.ms()
        }));
        // A draft model (#25): the effective decode rate, and whether it pays.
        if let Some(sp) = &g.evaluation.expected.speculative {
            v.push(num(
                g,
                "spec-tps",
                term(Term::SpecDecodeTps, lang),
                "tok/s",
                |r| r.speculative.as_ref().map_or(f64::NAN, |x| 1.0 / x.tpot.0),
            ));
            let mut up = num(
                g,
                "spec-speedup",
                term(Term::SpecSpeedup, lang),
                "×",
                |r| r.speculative.as_ref().map_or(f64::NAN, |x| x.speedup),
            );
            let pays = term(
                if sp.speedup > 1.0 {
                    Term::Pays
                } else {
                    Term::DoesNotPay
                },
                lang,
            );
            let sep = if lang == Lang::Zh { "；" } else { "; " };
            up.band = Some(
                up.band
                    .map_or_else(|| pays.to_string(), |b| format!("{b}{sep}{pays}")),
            );
            v.push(up);
        }
    }
    if !one_shot {
        v.extend(streams(g, lang));
    }
    v.push(num(g, "ttft", Ui::Ttft.text(lang), "ms", |r| {
        r.ttft.ttft.ms()
    }));
    v.push(num(g, "eff-bw", Ui::EffBw.text(lang), "GB/s", |r| {
        r.bandwidth.effective.gbps()
    }));
    v.push(num(
        g,
        "eff-compute",
        Ui::EffCompute.text(lang),
        "TOPS",
        |r| r.compute.effective.tops(),
    ));
    let mut mem = num(g, "memory-total", Ui::MemoryTotal.text(lang), "GB", |r| {
        r.memory.total.gb()
    });
    mem.unit = "GB";
    let usable = text::fmt_num(g.evaluation.expected.memory.usable.gb(), 3);
    mem.band = Some(match (mem.band, lang) {
        (Some(b), Lang::En) => format!("{b}; usable {usable} GB"),
        (Some(b), Lang::Zh) => format!("{b}；可用 {usable} GB"),
        (None, Lang::En) => format!("usable {usable} GB"),
        (None, Lang::Zh) => format!("可用 {usable} GB"),
    });
    v.push(mem);
    v.push(num(g, "file-size", Ui::FileSize.text(lang), "GB", |r| {
        r.storage.file.gb()
    }));
    v.push(num(g, "power", Ui::Power.text(lang), "W", |r| {
        r.power.total.0
    }));
    // What one answer costs (#25): its energy and time, and on a battery how many a charge gives.
    v.push(num(
        g,
        "energy-answer",
        term(Term::EnergyPerAnswer, lang),
        "J",
        |r| r.energy.per_answer.0,
    ));
    v.push(num(
        g,
        "answer-time",
        term(Term::AnswerTime, lang),
        "s",
        |r| r.energy.answer_time.0,
    ));
    if g.evaluation.expected.energy.answers_per_charge.is_some() {
        v.push(num(
            g,
            "answers-charge",
            term(Term::AnswersPerCharge, lang),
            "",
            |r| r.energy.answers_per_charge.map_or(f64::NAN, f64::floor),
        ));
        v.push(num(
            g,
            "hours-charge",
            term(Term::HoursPerCharge, lang),
            "h",
            |r| r.energy.hours_per_charge.unwrap_or(f64::NAN),
        ));
    }
    let ttt = g.evaluation.expected.thermal.time_to_throttle;
    let mut th = num(g, "throttle", Ui::Throttle.text(lang), "s", |r| {
        r.thermal.time_to_throttle.map_or(f64::INFINITY, |t| t.0)
    });
    if ttt.is_none() {
        th.value = Ui::Never.text(lang).to_string();
        th.unit = "";
    }
    if th.band.as_deref().is_some_and(|b| b.contains('∞')) {
        // The seconds carry their unit: "96.7 s–never".
        th.band = Some(format!("{} s–{}", th.band_low(), Ui::Never.text(lang)));
    }
    v.push(th);
    v
}

/// Streams (#25): with several, the KV cache each keeps and what they decode together; always, the most
/// streams the targets allow and what one more breaks.
fn streams(g: &Good, lang: Lang) -> Vec<Num> {
    use edgefit_core::analysis::concurrency;
    let (s, r) = (&g.scenarios.expected, &g.evaluation.expected);
    let mut v = Vec::new();
    if s.targets.streams > 1.0 {
        if let Some(st) = concurrency::streams(s, r) {
            v.push(Num {
                id: "kv-stream",
                label: term(Term::KvPerStream, lang),
                value: text::fmt_num(st.kv_per_stream.gb(), 3),
                band: None,
                unit: "GB",
            });
        }
        let n = s.targets.sequences();
        v.push(num(
            g,
            "aggregate-tps",
            term(Term::AggregateTps, lang),
            "tok/s",
            |r| n / r.tpot.full.0,
        ));
    }
    if let Some(m) = concurrency::max_streams(s) {
        let sep = if lang == Lang::Zh { "" } else { " " };
        let band = match m.binding {
            Some(c) if m.streams < 1.0 => format!(
                "{}{sep}{}",
                term(Term::NoneFits, lang),
                text::constraint_label(c, lang)
            ),
            Some(c) => format!(
                "{}{sep}{}",
                term(Term::OneMoreBreaks, lang),
                text::constraint_label(c, lang)
            ),
            None => term(Term::OrMore, lang).to_string(),
        };
        v.push(Num {
            id: "max-streams",
            label: term(Term::MaxStreams, lang),
            value: text::fmt_int(m.streams),
            band: Some(band),
            unit: "",
        });
    }
    v
}

impl Num {
    fn band_low(&self) -> String {
        self.band
            .as_deref()
            .and_then(|b| b.split('–').next())
            .unwrap_or("")
            .to_string()
    }
}

/// The step-by-step accounting in the seed's order; the seed's misleading steps are highlighted notes.
///
/// Output only, so a [`panel`] (far less wasm than a `view!`), rebuilt when the settled results change.
#[component]
pub fn StepList() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
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
    let ctx = crate::app::page_context::<Ctx>();
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
