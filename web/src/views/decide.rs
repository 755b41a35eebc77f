//! Decision support: pin a scenario and compare an edited copy with it, what to change first, what
//! moves the binding constraint (a tornado chart), and which preset models and devices pass.
//!
//! The pin is one link key ([`PIN_KEY`](crate::state::ctx::PIN_KEY), the pinned scenario's own hash,
//! percent-encoded), so one link carries both scenarios. Everything heavier than a comparison (advice, sensitivity, preset sweeps) sits
//! behind a `<details>` and is computed only while it is open, from the scenario as it stands once typing
//! has paused, so the default view costs nothing per keystroke.

use std::sync::Arc;
use std::time::Duration;

use edgefit_core::advice::{self, Difference, Sensitivity};
use edgefit_core::codec;
use edgefit_core::presets::{ALL_DEVICES, ALL_MODELS};
use edgefit_core::{evaluate, validate, Constraint, Evaluation, Inputs, Verdict, ALL_CONSTRAINTS};
use edgefit_text::{self as text, Lang};
use leptos::leptos_dom::helpers::TimeoutHandle;
use leptos::prelude::*;

use crate::render::dom::{el, panel, Act, Node};
use crate::render::live::{LiveText, Ui};
use crate::state::Ctx;
use edgefit_glance::verdict_icon;

/// How far each input moves in the tornado chart.
pub const STEP: f64 = 0.2;
/// Bars in the tornado chart.
pub const TOP: usize = 8;
/// Quantization presets tried for every model in the model sweep.
pub const SWEEP_QUANTS: [&str; 3] = ["q4_k_m", "q8_0", "fp16"];

/// A pinned scenario, read and evaluated (`None`: the pin is not a valid scenario).
#[must_use]
pub fn evaluate_pin(hash: &str) -> Option<(Inputs, Evaluation)> {
    let d = codec::decode(hash, &[]);
    let s = validate(&d.inputs).ok()?;
    Some((d.inputs, evaluate(&s)))
}

/// The worst verdict over every constraint.
#[must_use]
pub fn overall(e: &Evaluation) -> Verdict {
    let vs: Vec<Verdict> = ALL_CONSTRAINTS.iter().map(|&c| e.verdict(c)).collect();
    if vs.contains(&Verdict::Fail) {
        Verdict::Fail
    } else if vs.contains(&Verdict::Warn) {
        Verdict::Warn
    } else {
        Verdict::Pass
    }
}

fn verdict_rank(v: Verdict) -> u8 {
    match v {
        Verdict::Pass => 0,
        Verdict::Warn => 1,
        Verdict::Fail => 2,
        Verdict::NotApplicable => 3,
    }
}

fn verdict_code(v: Verdict) -> &'static str {
    match v {
        Verdict::Pass => "pass",
        Verdict::Warn => "warn",
        Verdict::Fail => "fail",
        Verdict::NotApplicable => "na",
    }
}

// ---------------------------------------------------------------------------------------------------------
// Tornado geometry (pure)
// ---------------------------------------------------------------------------------------------------------

/// One bar of the tornado chart, in SVG units.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// Top of the row.
    pub y: f64,
    /// The −20 % side: from `x` with `w`.
    pub low: (f64, f64),
    /// The +20 % side.
    pub high: (f64, f64),
}

/// The tornado layout.
#[derive(Debug, Clone, PartialEq)]
pub struct Tornado {
    /// One bar per row, in order.
    pub bars: Vec<Bar>,
    /// x of the current headroom.
    pub base_x: f64,
    /// x of zero headroom (the limit), when it is in view.
    pub zero_x: Option<f64>,
    /// Total height.
    pub height: f64,
}

/// Left edge of the bars (labels go to its left).
pub const T_LEFT: f64 = 200.0;
/// Width of the bar area.
pub const T_WIDTH: f64 = 300.0;
/// Row height.
pub const T_ROW: f64 = 24.0;

/// Lay out the bars of `rows` (headroom at −step and +step) around the current headroom `base`.
#[must_use]
pub fn tornado(rows: &[(f64, f64)], base: f64) -> Tornado {
    let finite = |x: f64| if x.is_finite() { x } else { base };
    let mut lo = base;
    let mut hi = base;
    for &(a, b) in rows {
        lo = lo.min(finite(a)).min(finite(b));
        hi = hi.max(finite(a)).max(finite(b));
    }
    let span = if hi - lo > 1e-12 { hi - lo } else { 1.0 };
    let x = |v: f64| T_LEFT + (finite(v) - lo) / span * T_WIDTH;
    let seg = |v: f64| {
        let (a, b) = (x(base), x(v));
        (a.min(b), (a - b).abs())
    };
    let bars = rows
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| Bar {
            #[allow(clippy::cast_precision_loss)] // at most TOP rows
            y: 4.0 + i as f64 * T_ROW,
            low: seg(a),
            high: seg(b),
        })
        .collect::<Vec<_>>();
    #[allow(clippy::cast_precision_loss)]
    let height = 8.0 + rows.len() as f64 * T_ROW + 16.0;
    Tornado {
        bars,
        base_x: x(base),
        zero_x: (lo..=hi).contains(&0.0).then(|| x(0.0)),
        height,
    }
}

// ---------------------------------------------------------------------------------------------------------
// Sweeps (pure)
// ---------------------------------------------------------------------------------------------------------

/// One row of a preset sweep.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepRow {
    /// Model or device preset id (what a click applies).
    pub id: &'static str,
    /// Quantization preset id (model sweep).
    pub quant_id: Option<&'static str>,
    /// Model or device name.
    pub name: &'static str,
    /// Quantization preset name (model sweep).
    pub quant: Option<&'static str>,
    /// TPOT at full context, s (`None`: not an LLM).
    pub tpot: Option<f64>,
    /// TTFT, s.
    pub ttft: Option<f64>,
    /// Memory needed, bytes.
    pub memory: f64,
    /// Worst verdict.
    pub verdict: Verdict,
    /// The preset left figures unknown: the current values stood in.
    pub starred: bool,
}

fn row(
    (id, name): (&'static str, &'static str),
    quant: Option<(&'static str, &'static str)>,
    i: &Inputs,
    starred: bool,
) -> Option<SweepRow> {
    let s = validate(i).ok()?;
    let e = evaluate(&s);
    let r = &e.expected;
    let llm = e.verdict(Constraint::Tpot) != Verdict::NotApplicable;
    Some(SweepRow {
        id,
        quant_id: quant.map(|q| q.0),
        name,
        quant: quant.map(|q| q.1),
        tpot: llm.then_some(r.tpot.full.0),
        ttft: llm.then_some(r.ttft.ttft.0),
        memory: r.memory.total.0,
        verdict: overall(&e),
        starred,
    })
}

/// Every model preset with a known shape × [`SWEEP_QUANTS`], on the current device and scenario.
#[must_use]
pub fn model_sweep(current: &Inputs) -> Vec<SweepRow> {
    let mut out = Vec::new();
    for m in ALL_MODELS {
        for q in SWEEP_QUANTS {
            let Some(qp) = edgefit_core::presets::quant(q) else {
                continue;
            };
            let mut i = current.clone();
            if !m.apply(&mut i).is_empty() {
                break; // its size is not known: nothing to say
            }
            // As the page applies a quantization preset (its runtime's constants re-read).
            let _ = crate::state::form::apply_preset(
                edgefit_core::input::Group::Quantization,
                q,
                &mut i,
            );
            i.model = Some(m.id.into());
            out.extend(row((m.id, m.name), Some((q, qp.name)), &i, false));
        }
    }
    out
}

/// Every device preset with the current model and scenario, each completed as the page completes a
/// device choice (its kind's defaults, its framework's backend, its group's constants).
#[must_use]
pub fn device_sweep(current: &Inputs) -> Vec<SweepRow> {
    ALL_DEVICES
        .iter()
        .filter_map(|d| {
            let mut i = current.clone();
            let _ =
                crate::state::form::apply_preset(edgefit_core::input::Group::Device, d.id, &mut i);
            row((d.id, d.name), None, &i, !d.unknown().is_empty())
        })
        .collect()
}

/// Sort key of a sweep column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Col {
    /// Model or device.
    Name,
    /// Quantization.
    Quant,
    /// TPOT.
    Tpot,
    /// TTFT.
    Ttft,
    /// Memory.
    Memory,
    /// Verdict.
    Verdict,
}

/// Sort rows by a column (missing figures last).
pub fn sort_rows(rows: &mut [SweepRow], col: Col, asc: bool) {
    let num = |x: Option<f64>| x.unwrap_or(f64::INFINITY);
    edgefit_core::math::sort_by(rows, |a, b| {
        let o = match col {
            Col::Name => a.name.cmp(b.name),
            Col::Quant => a.quant.cmp(&b.quant),
            Col::Tpot => num(a.tpot).total_cmp(&num(b.tpot)),
            Col::Ttft => num(a.ttft).total_cmp(&num(b.ttft)),
            Col::Memory => a.memory.total_cmp(&b.memory),
            Col::Verdict => verdict_rank(a.verdict).cmp(&verdict_rank(b.verdict)),
        };
        if asc {
            o
        } else {
            o.reverse()
        }
    });
}

// ---------------------------------------------------------------------------------------------------------
// Components
// ---------------------------------------------------------------------------------------------------------

/// The last good scenario once typing has paused for 300 ms (the heavy panels read this).
fn settled(ctx: Ctx) -> ReadSignal<Option<Arc<crate::state::Good>>> {
    let (get, set) = signal(ctx.good.get_untracked());
    let pending: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    Effect::new(move |first: Option<()>| {
        let g = ctx.good.get();
        if first.is_none() {
            return;
        }
        if let Some(t) = pending.get_value() {
            t.clear();
        }
        let t = set_timeout_with_handle(move || set.set(g), Duration::from_millis(300)).ok();
        pending.set_value(t);
    });
    on_cleanup(move || {
        if let Some(t) = pending.get_value() {
            t.clear();
        }
    });
    get
}

/// The decision-support section: pin and compare, then the panels computed on demand.
#[component]
pub fn Decide() -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let lang = ctx.lang;
    view! {
        <section class="decide" aria-labelledby="h-decide" data-testid="decide">
            <h3 id="h-decide">{Ui::Decide.live(lang)}</h3>
            {pin_compare(ctx)}
            <Lazy title=Ui::AdviceTitle testid="panel-advice" which=0/>
            <Lazy title=Ui::Tornado testid="panel-tornado" which=1/>
            <Lazy title=Ui::ModelSweep testid="panel-models" which=2/>
            <Lazy title=Ui::DeviceSweep testid="panel-devices" which=3/>
        </section>
    }
}

/// A `<details>` whose content exists only while it is open.
#[component]
pub fn Lazy(
    /// The summary.
    title: Ui,
    /// Test id.
    testid: &'static str,
    /// Which panel: advice, tornado, model sweep, device sweep, best model.
    which: u8,
) -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let open = RwSignal::new(false);
    view! {
        <details
            class="lazy"
            data-testid=testid
            on:toggle=move |ev| {
                let o = event_target::<web_sys::HtmlElement>(&ev).has_attribute("open");
                open.set(o);
            }
        >
            <summary>{title.live(ctx.lang)}</summary>
            {move || open.get().then(|| match which {
                0 => advice_list(ctx),
                1 => tornado_chart(ctx),
                4 => best_list(ctx),
                _ => sweep(ctx, which == 3),
            })}
        </details>
    }
}

/// Pin the scenario; while pinned, the comparison table.
fn pin_compare(ctx: Ctx) -> AnyView {
    let lang = ctx.lang;
    let pinned = move || ctx.pin.with(|h| h.as_deref().map(evaluate_pin));
    let pinned_now = move || ctx.pin.with_untracked(|h| h.as_deref().map(evaluate_pin));
    let render = move || {
        let l = lang.get();
        let mut bar = el("p").at("class", "pin-bar");
        let mut out = el("div").at("class", "pin");
        match pinned() {
            None => {
                bar = bar
                    .kid(button("pin", Ui::Pin.text(l)))
                    .kid(el("span").at("class", "hint").tx(Ui::PinHint.text(l)));
                out = out.kid(bar);
            }
            Some(p) => {
                bar = bar
                    .kid(button("unpin", Ui::Unpin.text(l)))
                    .kid(button("restore-pin", Ui::RestorePinned.text(l)));
                out = out.kid(bar);
                match p {
                    None => {
                        out = out.kid(
                            el("p")
                                .at("class", "bad")
                                .at("data-testid", "pin-broken")
                                .tx(Ui::PinBroken.text(l)),
                        );
                    }
                    Some(p) => {
                        if let Some(d) = ctx
                            .good
                            .with(|g| g.as_ref().map(|g| advice::compare(&p.1, &g.evaluation)))
                        {
                            out = out.kid(compare_table(&d, l));
                        }
                    }
                }
            }
        }
        Some(out.into())
    };
    let act: Act = Box::new(move |a, _| match a {
        "pin" => {
            let h = ctx
                .good
                .with_untracked(|g| g.as_ref().map(|g| codec::encode(&g.inputs, &[])));
            ctx.pin.set(h);
        }
        "unpin" => ctx.pin.set(None),
        "restore-pin" => {
            if let Some(Some(p)) = pinned_now() {
                let before = ctx.current_inputs();
                ctx.put_inputs(&before, &p.0);
            }
        }
        _ => {}
    });
    panel("pin-panel", Box::new(render), Some(act)).into_any()
}

fn button(act: &'static str, label: &str) -> Node {
    el("button")
        .at("type", "button")
        .at("data-act", act)
        .at("data-testid", act)
        .tx(label)
        .into()
}

fn verdict_cell(v: Verdict, fig: String, lang: Lang) -> Node {
    el("td")
        .at("data-verdict", verdict_code(v))
        .kid(
            el("span")
                .at("class", "icon")
                .at("aria-hidden", "true")
                .tx(verdict_icon(v)),
        )
        .tx(if fig.is_empty() {
            format!(" {}", text::verdict_label(v, lang))
        } else {
            format!(" {} · {fig}", text::verdict_label(v, lang))
        })
        .into()
}

fn th(s: &str) -> Node {
    el("th").at("scope", "col").tx(s).into()
}

fn compare_table(diffs: &[Difference], lang: Lang) -> Node {
    let rows = diffs.iter().map(|d| {
        let differs = d.differs();
        let mut head = el("th")
            .at("scope", "row")
            .tx(text::constraint_label(d.constraint, lang));
        if differs {
            head = head.kid(
                el("span")
                    .at("class", "diff-mark")
                    .tx(format!(" ≠ {}", Ui::Differs.text(lang))),
            );
        }
        el("tr")
            .at_if(differs, "class", "differs")
            .at("data-differs", if differs { "1" } else { "0" })
            .kid(head)
            .kid(verdict_cell(
                d.a,
                text::figure_text(d.constraint, d.a_figure),
                lang,
            ))
            .kid(verdict_cell(
                d.b,
                text::figure_text(d.constraint, d.b_figure),
                lang,
            ))
            .into()
    });
    el("table")
        .at("class", "compare")
        .at("data-testid", "compare")
        .kid(el("caption").tx(Ui::CompareCaption.text(lang)))
        .kid(
            el("thead").kid(
                el("tr")
                    .kid(th(Ui::Constraint.text(lang)))
                    .kid(th(Ui::Pinned.text(lang)))
                    .kid(th(Ui::CurrentScenario.text(lang))),
            ),
        )
        .kid(el("tbody").kids(rows))
        .into()
}

/// The best model that meets every target (#25): every LLM preset × quantization preset on this device,
/// ranked by published quality ([`edgefit_core::best::best`], ~700 pairs analysed), so computed only while
/// its `<details>` is open, once typing has paused. Each model's best format; a row's name applies its model
/// and format to the form.
fn best_list(ctx: Ctx) -> AnyView {
    let good = settled(ctx);
    let best = Memo::new(move |_| {
        good.with(|g| {
            g.as_ref()
                .map(|g| Arc::new(edgefit_core::best::best(&g.inputs)))
        })
    });
    let render = move || {
        use edgefit_text::{term, Term};
        let l = ctx.lang.get();
        let best = best.get()?;
        let mut out = el("div")
            .at("class", "best")
            .at("data-testid", "best")
            .kid(el("p").at("class", "basis").tx(text::best_basis(&best, l)));
        let rows = best.per_model();
        if rows.is_empty() {
            return Some(out.kid(el("p").tx(term(Term::BestNone, l))).into());
        }
        let head = ["#", term(Term::BestModel, l), term(Term::BestFormat, l)]
            .into_iter()
            .chain([term(Term::BestQuality, l), term(Term::BestBinding, l)])
            .map(th);
        let body = rows.iter().enumerate().map(|(k, c)| {
            let model = edgefit_core::presets::model(c.model).map_or(c.model, |m| m.name);
            let quant = edgefit_core::presets::quant(c.quant).map_or(c.quant, |q| q.name);
            el("tr")
                .kid(el("td").tx(format!("{}", k + 1)))
                .kid(
                    el("th").at("scope", "row").kid(
                        el("button")
                            .at("type", "button")
                            .at("class", "apply-row")
                            .at("data-act", format!("m:{}:{}", c.model, c.quant))
                            .at("title", Ui::ApplyRow.text(l))
                            .tx(model),
                    ),
                )
                .kid(el("td").tx(text::preset_name(quant, l)))
                .kid(el("td").tx(text::best_quality(c, l)))
                .kid(el("td").tx(if c.headroom.is_finite() {
                    format!(
                        "{} · {}",
                        text::constraint_label(c.binding, l),
                        edgefit_glance::headroom_text(Some(c.headroom), l)
                    )
                } else {
                    text::constraint_label(c.binding, l).to_string()
                }))
                .into()
        });
        out = out.kid(
            el("div").at("class", "sweep-wrap").kid(
                el("table")
                    .at("class", "sweep")
                    .at("data-testid", "best-table")
                    .kid(el("thead").kid(el("tr").kids(head)))
                    .kid(el("tbody").kids(body)),
            ),
        );
        Some(
            out.kids(crate::views::presets::source_list(
                &best.sources(),
                "sources-best".into(),
                l,
            ))
            .into(),
        )
    };
    let act: Act = Box::new(move |a, _| ctx.apply_row(a));
    panel("best-panel", Box::new(render), Some(act)).into_any()
}

/// What to change first, with each change's computed effect.
fn advice_list(ctx: Ctx) -> AnyView {
    let good = settled(ctx);
    let list = move || {
        good.with(|g| {
            g.as_ref().map(|g| {
                (
                    g.evaluation.all_met(),
                    advice::advise(&g.inputs, &g.evaluation),
                )
            })
        })
    };
    let render = move || {
        let l = ctx.lang.get();
        let (met, list) = list()?;
        Some(if list.is_empty() {
            let w = if met { Ui::NoAdvice } else { Ui::NoAdviceFound };
            el("p")
                .at("data-testid", "advice-none")
                .tx(w.text(l))
                .into()
        } else {
            el("ol")
                .at("class", "advice")
                .at("data-testid", "advice")
                .kids(list.iter().map(|a| {
                    el("li")
                        .at_if(a.all_met, "class", "all-met")
                        .tx(text::advice_text(a, l))
                        .into()
                }))
                .into()
        })
    };
    panel("advice-panel", Box::new(render), None).into_any()
}

fn svg_text(x: f64, y: f64, anchor: &'static str, s: String) -> Node {
    el("text")
        .at("x", fmt_n(x))
        .at("y", fmt_n(y))
        .at("text-anchor", anchor)
        .at("class", "tick")
        .tx(s)
        .into()
}

fn fmt_n(x: f64) -> String {
    edgefit_core::numfmt::fixed(x, 1)
}

fn rect(class: &'static str, (x, w): (f64, f64), y: f64) -> Node {
    el("rect")
        .at("class", class)
        .at("x", fmt_n(x))
        .at("y", fmt_n(y + 3.0))
        .at("width", fmt_n(w))
        .at("height", fmt_n(T_ROW - 8.0))
        .into()
}

fn vline(class: &'static str, x: f64, h: f64) -> Node {
    el("line")
        .at("class", class)
        .at("x1", fmt_n(x))
        .at("x2", fmt_n(x))
        .at("y1", "0")
        .at("y2", fmt_n(h - 14.0))
        .into()
}

/// ±20 % on each input: the binding constraint's headroom, as a tornado chart and a list.
fn tornado_chart(ctx: Ctx) -> AnyView {
    let good = settled(ctx);
    let data = move || {
        good.with(|g| {
            g.as_ref().map(|g| {
                let c = g.evaluation.expected.binding();
                let mut s = advice::sensitivity(&g.inputs, c, STEP);
                s.truncate(TOP);
                (c, s)
            })
        })
    };
    let render = move || {
        let l = ctx.lang.get();
        let (c, rows): (Constraint, Vec<Sensitivity>) = data()?;
        let base = rows.first().map_or(0.0, |s| s.base);
        let t = tornado(
            &rows.iter().map(|s| (s.low, s.high)).collect::<Vec<_>>(),
            base,
        );
        let h = t.height;
        let mut svg = el("svg")
            .at("viewBox", format!("0 0 520 {}", fmt_n(h)))
            .at("role", "img")
            .at("aria-labelledby", "tornado-title tornado-desc")
            .kid(el("title").at("id", "tornado-title").tx(format!(
                "{} — {}",
                Ui::Tornado.text(l),
                text::constraint_label(c, l)
            )))
            .kid(
                el("desc")
                    .at("id", "tornado-desc")
                    .tx(Ui::TornadoDesc.text(l)),
            );
        for (b, s) in t.bars.iter().zip(&rows) {
            svg = svg.kid(
                el("g")
                    .kid(svg_text(
                        T_LEFT - 6.0,
                        b.y + 15.0,
                        "end",
                        text::field_label(s.field, l).into(),
                    ))
                    .kid(rect("lo", b.low, b.y))
                    .kid(rect("hi", b.high, b.y)),
            );
        }
        svg = svg.kid(vline("base", t.base_x, h));
        if let Some(z) = t.zero_x {
            svg = svg.kid(vline("zero", z, h));
        }
        svg = svg.kid(svg_text(
            t.base_x,
            h - 2.0,
            "middle",
            format!("{} {}", Ui::Base.text(l), text::fmt_pct(base)),
        ));
        let list = el("ul").at("class", "tornado-list").kids(
            rows.iter()
                .map(|s| el("li").tx(text::sensitivity_text(s, STEP, l)).into()),
        );
        Some(
            el("figure")
                .at("class", "chart tornado")
                .at("data-testid", "chart-tornado")
                .kid(svg)
                .kid(
                    el("figcaption")
                        .kid(el("span").at("class", "key lo").tx("−20 %"))
                        .tx(" ")
                        .kid(el("span").at("class", "key hi").tx("+20 %"))
                        .kid(list),
                )
                .into(),
        )
    };
    panel("tornado-panel", Box::new(render), None).into_any()
}

const COLS: [(Col, Ui); 6] = [
    (Col::Name, Ui::Model),
    (Col::Quant, Ui::Quant),
    (Col::Tpot, Ui::TpotFull),
    (Col::Ttft, Ui::Ttft),
    (Col::Memory, Ui::MemoryTotal),
    (Col::Verdict, Ui::Verdict),
];

/// A sortable sweep table over model presets (× quantizations) or device presets.
fn sweep(ctx: Ctx, devices: bool) -> AnyView {
    let good = settled(ctx);
    let rows = move || {
        good.with(|g| {
            g.as_ref().map_or_else(Vec::new, |g| {
                if devices {
                    device_sweep(&g.inputs)
                } else {
                    model_sweep(&g.inputs)
                }
            })
        })
    };
    let sort = RwSignal::new((Col::Verdict, true));
    let testid = if devices {
        "sweep-devices"
    } else {
        "sweep-models"
    };
    let render = move || {
        let l = ctx.lang.get();
        let (col, asc) = sort.get();
        let mut rs = rows();
        sort_rows(&mut rs, col, asc);
        let head = COLS
            .iter()
            .enumerate()
            .filter(|(_, (c, _))| !(devices && *c == Col::Quant))
            .map(|(i, &(c, u))| {
                let u = if devices && c == Col::Name {
                    Ui::Device
                } else {
                    u
                };
                let aria = match (c == col, asc) {
                    (false, _) => "none",
                    (true, true) => "ascending",
                    (true, false) => "descending",
                };
                el("th")
                    .at("scope", "col")
                    .at("aria-sort", aria)
                    .kid(
                        el("button")
                            .at("type", "button")
                            .at("class", "sort")
                            .at("data-act", format!("{i}"))
                            .tx(u.text(l)),
                    )
                    .into()
            });
        let ms = |x: Option<f64>| x.map_or_else(|| "–".to_string(), text::fmt_ms);
        let num = |s: String| Node::from(el("td").at("class", "num").tx(s));
        let body = rs.iter().map(|r| {
            // The name applies the row to the form (and so to the link) with one click or Enter.
            let act = match r.quant_id {
                Some(q) => format!("m:{}:{q}", r.id),
                None => format!("d:{}", r.id),
            };
            let mut tr = el("tr").at("data-verdict", verdict_code(r.verdict)).kid(
                el("th").at("scope", "row").kid(
                    el("button")
                        .at("type", "button")
                        .at("class", "apply-row")
                        .at("data-act", act)
                        .at("title", Ui::ApplyRow.text(l))
                        .tx(if r.starred {
                            format!("{} *", text::preset_name(r.name, l))
                        } else {
                            text::preset_name(r.name, l)
                        }),
                ),
            );
            if !devices {
                tr = tr.kid(el("td").tx(text::preset_name(r.quant.unwrap_or(""), l)));
            }
            tr.kid(num(ms(r.tpot)))
                .kid(num(ms(r.ttft)))
                .kid(num(text::fmt_gb(r.memory)))
                .kid(verdict_cell(r.verdict, String::new(), l))
                .into()
        });
        Some(
            el("div")
                .at("class", "sweep-wrap")
                .kid(
                    el("table")
                        .at("class", "sweep")
                        .at("data-testid", testid)
                        .kid(el("thead").kid(el("tr").kids(head)))
                        .kid(el("tbody").kids(body)),
                )
                .kid(el("p").at("class", "note").tx(Ui::SweepNote.text(l)))
                .into(),
        )
    };
    let act: Act = Box::new(move |a, _| {
        if let Some(&(c, _)) = a.parse::<usize>().ok().and_then(|i| COLS.get(i)) {
            sort.update(|s| *s = (c, if s.0 == c { !s.1 } else { true }));
        } else {
            ctx.apply_row(a);
        }
    });
    panel("sweep-panel", Box::new(render), Some(act)).into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::ctx::{pin_of, PIN_KEY};

    #[test]
    fn tornado_bars_grow_from_the_current_headroom() {
        let t = tornado(&[(-0.5, 0.2), (-0.1, 0.1)], 0.0);
        assert_eq!(t.bars.len(), 2);
        assert!((t.base_x - (T_LEFT + 0.5 / 0.7 * T_WIDTH)).abs() < 1e-9);
        let b = &t.bars[0];
        assert!((b.low.0 - T_LEFT).abs() < 1e-9);
        assert!((b.low.0 + b.low.1 - t.base_x).abs() < 1e-9);
        assert!((b.high.0 - t.base_x).abs() < 1e-9);
        assert_eq!(t.zero_x, Some(t.base_x));
        let flat = tornado(&[], 0.3);
        assert!(flat.bars.is_empty() && flat.base_x.is_finite());
    }

    #[test]
    fn the_default_scenario_advises_an_int8_kv_cache() {
        let i = Inputs::default();
        let e = evaluate(&validate(&i).unwrap());
        let a = advice::advise(&i, &e);
        assert!(a
            .iter()
            .any(|a| text::advice_text(a, Lang::En).contains("INT8")));
    }

    #[test]
    fn sweeps_cover_the_presets_and_sort() {
        let i = Inputs::default();
        let mut m = model_sweep(&i);
        assert!(m.len() >= 60, "{}", m.len());
        sort_rows(&mut m, Col::Memory, true);
        assert!(m.windows(2).all(|w| w[0].memory <= w[1].memory));
        let d = device_sweep(&i);
        assert!(d.len() >= 20, "{}", d.len());
        assert!(d.iter().any(|r| r.starred));
    }

    #[test]
    fn a_pin_round_trips_through_the_link() {
        let mut i = Inputs::default();
        i.set_exact(edgefit_core::Field::BandwidthGbps, 50.0);
        let pin = codec::encode(&i, &[]);
        let link = codec::encode(&Inputs::default(), &[(PIN_KEY, &pin)]);
        let d = codec::decode(&link, &[PIN_KEY]);
        assert!(d.is_clean(), "{:?}", d.issues);
        assert_eq!(pin_of(&d.extras).as_deref(), Some(pin.as_str()));
        let (pi, _) = evaluate_pin(&pin).unwrap();
        assert_eq!(pi, i);
    }
}
