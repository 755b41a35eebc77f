//! The charts as inline SVG. Each chart has a pure *model* function (engine numbers → series in display
//! units, testable natively) and a component that draws the model with [`crate::chart`]'s geometry, with a
//! `<title>`/`<desc>` and a visually hidden data table as its text alternative.

use std::fmt::Write as _;

use edgefit_core::analysis::{bandwidth, latency, thermal, Report};
use edgefit_core::model::Model;
use edgefit_core::scenario::Scenario;
use edgefit_core::units::{Seconds, Watts};
use edgefit_core::Solve;
use edgefit_text::{self as text, Lang};
use leptos::prelude::*;

use crate::app::Ctx;
use crate::chart::{self, Frame, Scale, Svg};
use crate::dom::{el, Node};
use crate::state::Good;
use crate::ui::{LiveText, Ui};

fn f3(x: f64) -> String {
    text::fmt_num(x, 3)
}

/// The three corners of a good scenario, expected first: (scenario, report).
fn corners(g: &Good) -> [(&Scenario, &Report); 3] {
    [
        (&g.scenarios.expected, &g.evaluation.expected),
        (&g.scenarios.low, &g.evaluation.low),
        (&g.scenarios.high, &g.evaluation.high),
    ]
}

/// A series with its band across the input ranges, in display units.
#[derive(Debug, Clone, PartialEq)]
pub struct Banded {
    /// The x positions.
    pub x: Vec<f64>,
    /// The expected values.
    pub mid: Vec<f64>,
    /// The lowest value at each x across the corners.
    pub lo: Vec<f64>,
    /// The highest value at each x across the corners.
    pub hi: Vec<f64>,
}

impl Banded {
    fn from_corners(x: Vec<f64>, curves: [Vec<f64>; 3]) -> Self {
        let (lo, hi) = chart::envelope(&curves);
        let [mid, _, _] = curves;
        Self { x, mid, lo, hi }
    }
    /// Whether the band is wider than a line.
    #[must_use]
    pub fn has_band(&self) -> bool {
        self.lo
            .iter()
            .zip(&self.hi)
            .any(|(a, b)| (b - a).abs() > 1e-9 * b.abs().max(1.0))
    }
    fn max(&self) -> f64 {
        self.hi.iter().copied().fold(0.0, f64::max)
    }
}

/// TPOT (ms) against context (tokens), from 0 to 1.5 × the scenario's context.
#[must_use]
pub fn tpot_model(g: &Good) -> Option<(Banded, f64, f64)> {
    if matches!(g.scenarios.expected.model, Model::OneShot(_)) {
        return None;
    }
    let ctx = g.scenarios.expected.targets.context;
    let xs = chart::samples(0.0, (ctx * 1.5).max(16.0), 48);
    let curves = corners(g).map(|(s, r)| {
        xs.iter()
            .map(|&c| bandwidth::tpot_at(s, &r.compute, c).ms())
            .collect::<Vec<_>>()
    });
    Some((
        Banded::from_corners(xs, curves),
        g.scenarios.expected.targets.tpot.ms(),
        ctx,
    ))
}

/// TTFT (ms) against prompt length (tokens), from 1 to the scenario's context (a prompt cannot be longer):
/// (series, target ms, the scenario's prompt). With fixed-size prefill chunks the curve is a staircase, so
/// the samples include both sides of every chunk boundary (at most 256 of them).
#[must_use]
pub fn ttft_model(g: &Good) -> Option<(Banded, f64, f64)> {
    let s = &g.scenarios.expected;
    if matches!(s.model, Model::OneShot(_)) {
        return None;
    }
    let t = &s.targets;
    let x_max = t.context.max(t.prompt).max(16.0);
    let mut xs = chart::samples(1.0, x_max, 60);
    if t.fixed_chunks && t.chunk > 0.0 && x_max / t.chunk <= 256.0 {
        let mut b = t.chunk;
        while b < x_max {
            xs.extend([b, b + 1.0]);
            b += t.chunk;
        }
        edgefit_core::math::sort_by(&mut xs, f64::total_cmp);
        xs.dedup();
    }
    let curves = corners(g).map(|(s, r)| {
        xs.iter()
            .map(|&p| latency::ttft_at(s, &r.compute, p).ms())
            .collect::<Vec<_>>()
    });
    Some((Banded::from_corners(xs, curves), t.ttft.ms(), t.prompt))
}

/// Junction temperature (°C) and rate (per second) over a session of continuous work.
#[must_use]
pub fn thermal_model(g: &Good) -> (Banded, Banded, f64) {
    let session = g.scenarios.expected.targets.session.0;
    let xs = chart::samples(0.0, session, 60);
    let tj = corners(g).map(|(s, r)| {
        let raw: Vec<f64> = xs
            .iter()
            .map(|&t| thermal::tj_at(s, Watts(r.power.total.0), Seconds(t)))
            .collect();
        chart::clamp_at_limit(&raw, s.device.tj_max_c)
    });
    let rate = corners(g).map(|(_, r)| {
        let th = &r.thermal;
        xs.iter()
            .map(|&t| match th.time_to_throttle {
                Some(tt) if t >= tt.0 => th.throttled_rate,
                _ => th.rate,
            })
            .collect::<Vec<_>>()
    });
    (
        Banded::from_corners(xs.clone(), tj),
        Banded::from_corners(xs, rate),
        g.scenarios.expected.device.tj_max_c,
    )
}

/// The pinned scenario's expected junction temperature (°C, held at its limit) and rate (per second) at
/// each time in `xs`, for the compare overlay of the heat chart.
#[must_use]
pub fn pinned_thermal(p: &Good, xs: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let (s, r) = (&p.scenarios.expected, &p.evaluation.expected);
    let raw: Vec<f64> = xs
        .iter()
        .map(|&t| thermal::tj_at(s, Watts(r.power.total.0), Seconds(t)))
        .collect();
    let th = &r.thermal;
    let rate = xs
        .iter()
        .map(|&t| match th.time_to_throttle {
            Some(tt) if t >= tt.0 => th.throttled_rate,
            _ => th.rate,
        })
        .collect();
    (chart::clamp_at_limit(&raw, s.device.tj_max_c), rate)
}

/// One machine's roof and the two workload points, in ops/byte and ops/s.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Roofline {
    /// Effective compute (ops/s).
    pub peak: f64,
    /// Effective bandwidth (bytes/s).
    pub bw: f64,
    /// Decode: (intensity, achieved ops/s).
    pub decode: (f64, f64),
    /// Prefill: (intensity, achieved ops/s).
    pub prefill: (f64, f64),
}

/// The roofline of each corner, expected first.
#[must_use]
pub fn roofline_model(g: &Good) -> [Roofline; 3] {
    corners(g).map(|(s, r)| {
        let peak = r.compute.effective.0;
        let bw = r.bandwidth.effective.0;
        let ops = r.compute.ops_per_step.0;
        let bytes = r.bandwidth.bytes_per_token.0;
        let decode = (ops / bytes, ops / r.tpot.full.0.max(1e-12));
        let prompt = match &s.model {
            Model::Llm(_) => s.targets.prompt * s.targets.batch,
            Model::OneShot(_) => 0.0,
        };
        let pbytes = r.memory.weights.total().0 + r.memory.kv_per_token.0 * prompt;
        let ptime = (r.ttft.ttft.0 - r.ttft.cold_start.map_or(0.0, |c| c.0)).max(1e-12);
        let prefill = (r.ttft.ops.0 / pbytes, r.ttft.ops.0 / ptime);
        Roofline {
            peak,
            bw,
            decode,
            prefill,
        }
    })
}

/// One chart, drawn: its markup and text alternative, ready for [`figure`].
#[derive(Debug, Clone, PartialEq)]
pub struct ChartOut {
    /// Short id (`memory`, `tpot`, …), used for test ids and element ids.
    pub id: &'static str,
    /// The frame the SVG was drawn in.
    pub frame: Frame,
    /// Title.
    pub title: String,
    /// Description: the chart's message in one or two sentences.
    pub desc: String,
    /// The SVG children.
    pub svg: String,
    /// The data table (`<thead>` + `<tbody>`), visually hidden.
    pub table: String,
    /// An optional legend (HTML list items).
    pub legend: Option<String>,
}

/// The id of every chart [`all_charts`] can draw, in its order.
pub const CHART_IDS: [&str; 6] = ["memory", "tpot", "ttft", "roofline", "thermal", "solve"];

/// Every chart for a good scenario and its solve. With a pinned scenario (compare mode), the memory, TPOT
/// and roofline charts draw it on the same axes (dashed or faded) and their text alternatives name both.
#[must_use]
pub fn all_charts(
    g: &Good,
    pinned: Option<&Good>,
    solve: Option<&Solve>,
    lang: Lang,
) -> Vec<ChartOut> {
    let mut v = vec![memory_chart(g, pinned, lang)];
    v.extend(tpot_chart(g, pinned, lang));
    v.extend(ttft_chart(g, pinned, lang));
    v.push(roofline_chart(g, pinned, lang));
    v.push(thermal_chart(g, pinned, lang));
    v.extend(solve.map(|s| solve_chart(s, g, lang)));
    v
}

/// The charts section.
#[component]
pub fn Charts() -> impl IntoView {
    let ctx = crate::app::page_context::<Ctx>();
    // The scenario's charts follow `settled`; the solve's chart follows the solve, one task later.
    let pinned = Memo::new(move |_| {
        ctx.pin
            .with(|h| h.as_deref().and_then(crate::decide_ui::pinned_good))
    });
    let charts = Memo::new(move |_| {
        let lang = ctx.lang.get();
        let p = pinned.get();
        ctx.settled.with(|g| {
            g.as_ref()
                .map(|g| all_charts(g, p.as_deref(), None, lang))
                .unwrap_or_default()
        })
    });
    let solved = Memo::new(move |_| {
        let lang = ctx.lang.get();
        let s = ctx.solve.get()?;
        ctx.solve_for
            .with(|g| g.as_ref().map(|g| solve_chart(&s, g, lang)))
    });
    view! {
        <section class="charts" aria-labelledby="h-charts">
            <h3 id="h-charts">{Ui::Charts.live(ctx.lang)}</h3>
            <div class="chart-grid">
                {CHART_IDS
                    .iter()
                    .map(|&id| {
                        // One memo per chart: a figure is redrawn only when its own chart changed.
                        let one = Memo::new(move |_| {
                            if id == "solve" {
                                return solved.get();
                            }
                            charts.with(|v| v.iter().find(|c| c.id == id).cloned())
                        });
                        // A dom.rs panel (far less wasm than a `view!`); its wrapper is `display: contents`.
                        // The reverse solve's rows apply their quantization.
                        let act = (id == "solve").then(|| {
                            Box::new(move |a: &str, _: &web_sys::Element| {
                                crate::decide_ui::apply_row(&ctx, a);
                            }) as crate::dom::Act
                        });
                        crate::dom::panel("chart-slot", Box::new(move || one.get().map(figure)), act)
                    })
                    .collect_view()}
            </div>
            // Under the reverse solve: the best preset model that fits, computed only while open.
            <crate::decide_ui::Lazy title=Ui::BestTitle testid="panel-best" which=4/>
        </section>
    }
}

/// A chart as a figure: caption, the SVG with `<title>`/`<desc>`, a legend and a visually hidden table.
#[must_use]
pub fn figure(chart: ChartOut) -> Node {
    let t_id = format!("{}-t", chart.id);
    let d_id = format!("{}-d", chart.id);
    let inner = format!(
        "<title id=\"{t_id}\">{}</title><desc id=\"{d_id}\">{}</desc>{}",
        chart::escape(&chart.title),
        chart::escape(&chart.desc),
        chart.svg
    );
    el("figure")
        .at("class", "chart")
        .at("data-testid", format!("chart-{}", chart.id))
        .kid(el("figcaption").tx(chart.title.clone()))
        .kid(
            el("svg")
                .at("viewBox", chart.frame.view_box())
                // The reverse solve's rows are buttons, which an image's children cannot be.
                .at("role", if chart.id == "solve" { "group" } else { "img" })
                .at("aria-labelledby", format!("{t_id} {d_id}"))
                .html(inner),
        )
        .kids(
            chart
                .legend
                .map(|l| el("ul").at("class", "legend").html(l).into()),
        )
        .kid(
            el("div")
                .at("class", "sr-only")
                .kid(el("table").html(format!(
                    "<caption>{}</caption>{}",
                    chart::escape(&chart.title),
                    chart.table
                ))),
        )
        .into()
}

fn band_text(lo: f64, hi: f64) -> String {
    if f3(lo) == f3(hi) {
        f3(lo)
    } else {
        format!("{}–{}", f3(lo), f3(hi))
    }
}

/// The legend items naming the current (solid) and the pinned (dashed) series.
fn compare_legend(lang: Lang) -> String {
    format!(
        "<li><span class=\"key line\" aria-hidden=\"true\"></span>{}</li><li><span class=\"key line pinned\" aria-hidden=\"true\"></span>{}</li>",
        chart::escape(Ui::CurrentScenario.text(lang)),
        chart::escape(Ui::Pinned.text(lang))
    )
}

fn memory_chart(g: &Good, pinned: Option<&Good>, lang: Lang) -> ChartOut {
    let pm = pinned.map(|p| &p.evaluation.expected.memory);
    let frame = Frame {
        height: if pm.is_some() { 186.0 } else { 150.0 },
        bottom: 40.0,
        left: if pm.is_some() { 64.0 } else { 16.0 },
        ..Frame::standard()
    };
    let m = &g.evaluation.expected.memory;
    let parts = [
        (Ui::Weights, m.weights.total().gb()),
        (Ui::KvCache, m.kv.gb()),
        (Ui::Workspace, m.workspace.gb()),
        (Ui::Runtime, m.runtime.gb()),
    ];
    let usable = m.usable.gb();
    let (tlo, thi) = g.evaluation.band(|r| r.memory.total.gb());
    let (ulo, uhi) = g.evaluation.band(|r| r.memory.usable.gb());
    let pmax = pm.map_or(0.0, |p| p.total.gb().max(p.usable.gb()));
    let max = chart::nice_max(thi.max(uhi).max(pmax) * 1.05);
    let xs = Scale::linear(0.0, max, frame.x0(), frame.x1());
    // Compare mode: the pinned bar above, the current one below, against the same axis.
    let (y0, y1) = if pm.is_some() {
        (frame.y0() + 52.0, frame.y0() + 80.0)
    } else {
        (frame.y0() + 12.0, frame.y0() + 52.0)
    };
    let mut svg = Svg::default();
    if let Some(p) = pm {
        let (py0, py1) = (frame.y0() + 12.0, frame.y0() + 40.0);
        let pparts = [
            p.weights.total().gb(),
            p.kv.gb(),
            p.workspace.gb(),
            p.runtime.gb(),
        ];
        for (i, &(a, len)) in chart::stack(&pparts).iter().enumerate() {
            svg.rect(
                xs.map(a),
                py0,
                xs.map(a + len) - xs.map(a),
                py1 - py0,
                &format!("{} pinned", SEG[i]),
            );
        }
        let pu = p.usable.gb();
        if (pu - m.usable.gb()).abs() > 1e-9 * pu.max(1.0) {
            let px = xs.map(pu);
            svg.line(px, py0 - 4.0, px, py1 + 4.0, "limit pinned");
        }
        for (y, u) in [(py0, Ui::Pinned), (y0, Ui::CurrentScenario)] {
            svg.text(frame.x0() - 4.0, y + 18.0, "end", "row-label", u.text(lang));
        }
    }
    if thi > tlo {
        svg.rect(
            xs.map(tlo),
            y0 - 6.0,
            xs.map(thi) - xs.map(tlo),
            y1 - y0 + 12.0,
            "band",
        );
    }
    for (i, &(a, len)) in chart::stack(&parts.map(|p| p.1)).iter().enumerate() {
        svg.rect(xs.map(a), y0, xs.map(a + len) - xs.map(a), y1 - y0, SEG[i]);
    }
    if uhi > ulo {
        svg.rect(
            xs.map(ulo),
            frame.y0(),
            xs.map(uhi) - xs.map(ulo),
            y1 - frame.y0() + 12.0,
            "band",
        );
    }
    let ux = xs.map(usable);
    svg.line(ux, frame.y0(), ux, y1 + 12.0, "limit");
    svg.text(
        ux - 4.0,
        frame.y0() + 8.0,
        "end",
        "limit-label",
        &format!("{} {} GB", Ui::Usable.text(lang), f3(usable)),
    );
    svg.x_axis(&frame, &xs, &xs.ticks(6), f3, "GB");
    let mut table: Vec<[String; 2]> = parts
        .iter()
        .map(|(u, v)| [u.text(lang).to_string(), format!("{} GB", f3(*v))])
        .collect();
    table.push([
        Ui::MemoryTotal.text(lang).to_string(),
        format!("{} GB", band_text(tlo, thi)),
    ]);
    table.push([
        Ui::Usable.text(lang).to_string(),
        format!("{} GB", band_text(ulo, uhi)),
    ]);
    let pinned_text = pm.map(|p| {
        format!(
            "{}: {} {} GB / {} {} GB",
            Ui::Pinned.text(lang),
            Ui::MemoryTotal.text(lang),
            f3(p.total.gb()),
            Ui::Usable.text(lang),
            f3(p.usable.gb())
        )
    });
    if let Some(p) = pm {
        table.push([
            format!("{}: {}", Ui::Pinned.text(lang), Ui::MemoryTotal.text(lang)),
            format!("{} GB", f3(p.total.gb())),
        ]);
        table.push([
            format!("{}: {}", Ui::Pinned.text(lang), Ui::Usable.text(lang)),
            format!("{} GB", f3(p.usable.gb())),
        ]);
    }
    let mut legend: String = parts
        .iter()
        .enumerate()
        .map(|(i, (u, v))| {
            format!(
                "<li><span class=\"key {}\" aria-hidden=\"true\"></span>{}</li>",
                &SEG[i][4..],
                chart::escape(&format!("{} {} GB", u.text(lang), f3(*v)))
            )
        })
        .collect();
    if pm.is_some() {
        legend.push_str(&format!(
            "<li><span class=\"key s0\" aria-hidden=\"true\"></span>{}</li><li><span class=\"key s0 pinned\" aria-hidden=\"true\"></span>{}</li>",
            chart::escape(Ui::CurrentScenario.text(lang)),
            chart::escape(Ui::Pinned.text(lang))
        ));
    }
    let current = if pm.is_some() {
        format!("{}: ", Ui::CurrentScenario.text(lang))
    } else {
        String::new()
    };
    ChartOut {
        id: "memory",
        frame,
        title: Ui::ChartMemory.text(lang).into(),
        desc: format!(
            "{} {current}{}: {} GB / {} {} GB.{}",
            Ui::ChartMemoryDesc.text(lang),
            Ui::MemoryTotal.text(lang),
            band_text(tlo, thi),
            Ui::Usable.text(lang),
            f3(usable),
            pinned_text.map_or(String::new(), |p| format!(" {p}."))
        ),
        svg: svg.0,
        table: chart::table_html([Ui::Value.text(lang), "GB"], &table),
        legend: Some(legend),
    }
}

const SEG: [&str; 4] = ["seg s0", "seg s1", "seg s2", "seg s3"];

/// The pinned scenario's TPOT (ms) at each context of `xs` (`None` for a one-shot model).
#[must_use]
pub fn pinned_tpot(p: &Good, xs: &[f64]) -> Option<Vec<f64>> {
    pinned_curve(p, xs, |s, r, c| bandwidth::tpot_at(s, &r.compute, c).ms())
}

/// The pinned scenario's expected TTFT (ms) at each prompt length in `xs`; `None` for a one-shot model.
#[must_use]
pub fn pinned_ttft(p: &Good, xs: &[f64]) -> Option<Vec<f64>> {
    pinned_curve(p, xs, |s, r, x| latency::ttft_at(s, &r.compute, x).ms())
}

fn pinned_curve(
    p: &Good,
    xs: &[f64],
    at: impl Fn(&Scenario, &Report, f64) -> f64,
) -> Option<Vec<f64>> {
    if matches!(p.scenarios.expected.model, Model::OneShot(_)) {
        return None;
    }
    let (s, r) = (&p.scenarios.expected, &p.evaluation.expected);
    Some(xs.iter().map(|&x| at(s, r, x)).collect())
}

/// A latency curve against a token count: its band across the input ranges, a target line, a marker at the
/// scenario's own value, and (compare mode) the pinned scenario's curve dashed on the same axes.
struct Curve {
    id: &'static str,
    title: Ui,
    desc: Ui,
    x_label: Ui,
    /// The quantity, as the y axis and the table name it ("TPOT").
    quantity: &'static str,
    series: Banded,
    target: f64,
    /// The scenario's own x (context or prompt) and the expected value there.
    marker: (f64, f64),
    /// The pinned scenario: its curve at `series.x` and its value at the marker.
    pinned: Option<(Vec<f64>, f64)>,
}

fn curve_chart(c: Curve, lang: Lang) -> ChartOut {
    let Curve { series, target, .. } = &c;
    let (target, (mark_x, mark_y)) = (*target, c.marker);
    let other = c.pinned.as_ref().map(|(v, _)| v.as_slice());
    let frame = Frame::standard();
    let x_max = *series.x.last().unwrap_or(&1.0);
    let xs = Scale::linear(0.0, x_max, frame.x0(), frame.x1());
    let other_max = other.map_or(0.0, |v| v.iter().copied().fold(0.0, f64::max));
    let y_max = chart::nice_max(series.max().max(target).max(other_max) * 1.1);
    let ys = Scale::linear(0.0, y_max, frame.y1(), frame.y0());
    let pts = |v: &[f64]| -> Vec<(f64, f64)> {
        series
            .x
            .iter()
            .zip(v)
            .map(|(&x, &y)| (xs.map(x), ys.map_clamped(y)))
            .collect()
    };
    let mut svg = Svg::default();
    svg.y_axis(
        &frame,
        &ys,
        &ys.ticks(5),
        f3,
        &format!("{} (ms)", c.quantity),
    );
    svg.x_axis(&frame, &xs, &xs.ticks(5), f3, c.x_label.text(lang));
    if series.has_band() {
        svg.path(
            &chart::band_path(&pts(&series.hi), &pts(&series.lo)),
            "band",
        );
    }
    let ty = ys.map(target);
    svg.line(frame.x0(), ty, frame.x1(), ty, "target");
    svg.text(
        frame.x1() - 2.0,
        ty - 4.0,
        "end",
        "target-label",
        &format!("{} {} ms", Ui::Target.text(lang), f3(target)),
    );
    let mx = xs.map(mark_x);
    svg.line(mx, frame.y0(), mx, frame.y1(), "marker");
    if let Some(o) = other {
        svg.path(&chart::line_path(&pts(o)), "series pinned");
    }
    svg.path(&chart::line_path(&pts(&series.mid)), "series");
    let step = (series.x.len() / 6).max(1);
    let table: Vec<[String; 2]> = series
        .x
        .iter()
        .enumerate()
        .filter(|(i, _)| i % step == 0)
        .map(|(i, &x)| {
            let cur = format!("{} ms", band_text(series.lo[i], series.hi[i]));
            [
                text::fmt_int(x),
                match other {
                    Some(o) => format!(
                        "{}: {cur}; {}: {} ms",
                        Ui::CurrentScenario.text(lang),
                        Ui::Pinned.text(lang),
                        f3(o[i])
                    ),
                    None => cur,
                },
            ]
        })
        .collect();
    // Compare mode: "Current X ms, Pinned Y ms".
    let (cur, pin) = match &c.pinned {
        Some((_, pa)) => (
            format!("{} ", Ui::CurrentScenario.text(lang)),
            format!(", {} {} ms", Ui::Pinned.text(lang), f3(*pa)),
        ),
        None => (String::new(), String::new()),
    };
    let desc = format!(
        "{} {} {}: {cur}{} ms{pin}; {} {} ms.",
        c.desc.text(lang),
        c.x_label.text(lang),
        text::fmt_int(mark_x),
        f3(mark_y),
        Ui::Target.text(lang),
        f3(target)
    );
    ChartOut {
        id: c.id,
        frame,
        title: c.title.text(lang).into(),
        desc,
        svg: svg.0,
        table: chart::table_html([c.x_label.text(lang), c.quantity], &table),
        legend: other.is_some().then(|| compare_legend(lang)),
    }
}

/// A pinned curve at `xs` and its value at the marker `x`, for [`Curve::pinned`].
fn with_marker(
    curve: impl Fn(&[f64]) -> Option<Vec<f64>>,
    xs: &[f64],
    x: f64,
) -> Option<(Vec<f64>, f64)> {
    Some((curve(xs)?, *curve(&[x])?.first()?))
}

fn tpot_chart(g: &Good, pinned: Option<&Good>, lang: Lang) -> Option<ChartOut> {
    let (series, target, context) = tpot_model(g)?;
    let at_ctx = bandwidth::tpot_at(
        &g.scenarios.expected,
        &g.evaluation.expected.compute,
        context,
    )
    .ms();
    let pinned = pinned.and_then(|p| with_marker(|xs| pinned_tpot(p, xs), &series.x, context));
    Some(curve_chart(
        Curve {
            id: "tpot",
            title: Ui::ChartTpot,
            desc: Ui::ChartTpotDesc,
            x_label: Ui::Context,
            quantity: "TPOT",
            series,
            target,
            marker: (context, at_ctx),
            pinned,
        },
        lang,
    ))
}

fn ttft_chart(g: &Good, pinned: Option<&Good>, lang: Lang) -> Option<ChartOut> {
    let (series, target, prompt) = ttft_model(g)?;
    let at_prompt = g.evaluation.expected.ttft.ttft.ms();
    let pinned = pinned.and_then(|p| with_marker(|xs| pinned_ttft(p, xs), &series.x, prompt));
    Some(curve_chart(
        Curve {
            id: "ttft",
            title: Ui::ChartTtft,
            desc: Ui::ChartTtftDesc,
            x_label: Ui::PromptTokens,
            quantity: "TTFT",
            series,
            target,
            marker: (prompt, at_prompt),
            pinned,
        },
        lang,
    ))
}

fn roofline_chart(g: &Good, pinned: Option<&Good>, lang: Lang) -> ChartOut {
    let frame = Frame::standard();
    let [e, lo, hi] = roofline_model(g);
    let pr = pinned.map(|p| roofline_model(p)[0]);
    let tops = |x: f64| x / 1e12;
    let mut xs_all = vec![
        e.decode.0,
        e.prefill.0,
        chart::ridge(e.peak, e.bw),
        chart::ridge(lo.peak, lo.bw),
        chart::ridge(hi.peak, hi.bw),
    ];
    if let Some(p) = pr {
        xs_all.extend([p.decode.0, p.prefill.0, chart::ridge(p.peak, p.bw)]);
    }
    let (x0, x1) = chart::log_extent(&xs_all);
    let mut ys_all: Vec<f64> = [Some(e), Some(lo), Some(hi), pr]
        .iter()
        .flatten()
        .flat_map(|r| [r.peak, chart::roof(x0, r.peak, r.bw)])
        .map(tops)
        .collect();
    ys_all.extend([tops(e.decode.1), tops(e.prefill.1)]);
    if let Some(p) = pr {
        ys_all.extend([tops(p.decode.1), tops(p.prefill.1)]);
    }
    let (y0, y1) = chart::log_extent(&ys_all);
    let xs = Scale::log(x0, x1, frame.x0(), frame.x1());
    let ys = Scale::log(y0, y1, frame.y1(), frame.y0());
    let roof_pts = |r: &Roofline| -> Vec<(f64, f64)> {
        let ridge = edgefit_core::math::clamp(chart::ridge(r.peak, r.bw), x0, x1);
        [x0, ridge, x1]
            .iter()
            .map(|&x| {
                (
                    xs.map(x),
                    ys.map_clamped(tops(chart::roof(x, r.peak, r.bw))),
                )
            })
            .collect()
    };
    let (rlo, rhi) = if lo.peak <= hi.peak {
        (lo, hi)
    } else {
        (hi, lo)
    };
    let mut svg = Svg::default();
    svg.y_axis(&frame, &ys, &ys.ticks(5), f3, Ui::Attainable.text(lang));
    svg.x_axis(&frame, &xs, &xs.ticks(5), f3, Ui::Intensity.text(lang));
    if rhi.peak > rlo.peak * (1.0 + 1e-9) || rhi.bw > rlo.bw * (1.0 + 1e-9) {
        svg.path(&chart::band_path(&roof_pts(&rhi), &roof_pts(&rlo)), "band");
    }
    if let Some(p) = &pr {
        svg.path(&chart::line_path(&roof_pts(p)), "series pinned");
        for ((ai, perf), cls) in [
            (p.decode, "pt decode pinned"),
            (p.prefill, "pt prefill pinned"),
        ] {
            // A ring larger than the current point, so it shows around it where the two coincide.
            let (px, py) = (xs.map_clamped(ai), ys.map_clamped(tops(perf)));
            svg.circle(px, py, 7.0, cls);
            let right = px < frame.x1() - 60.0;
            svg.text(
                if right { px + 9.0 } else { px - 9.0 },
                py - 9.0,
                if right { "start" } else { "end" },
                "point-label pinned",
                Ui::Pinned.text(lang),
            );
        }
    }
    svg.path(&chart::line_path(&roof_pts(&e)), "series");
    for ((ai, perf), cls, label) in [
        (e.decode, "pt decode", Ui::Decode),
        (e.prefill, "pt prefill", Ui::Prefill),
    ] {
        let (px, py) = (xs.map_clamped(ai), ys.map_clamped(tops(perf)));
        svg.circle(px, py, 5.0, cls);
        let right = px < frame.x1() - 60.0;
        svg.text(
            if right { px + 8.0 } else { px - 8.0 },
            py + 16.0,
            if right { "start" } else { "end" },
            "point-label",
            label.text(lang),
        );
    }
    let mut table = vec![
        [
            Ui::Roof.text(lang).to_string(),
            format!(
                "{} TOPS, {} GB/s",
                band_text(tops(rlo.peak), tops(rhi.peak)),
                f3(e.bw / 1e9)
            ),
        ],
        [
            Ui::Decode.text(lang).to_string(),
            format!("{} ops/B, {} TOPS", f3(e.decode.0), f3(tops(e.decode.1))),
        ],
        [
            Ui::Prefill.text(lang).to_string(),
            format!("{} ops/B, {} TOPS", f3(e.prefill.0), f3(tops(e.prefill.1))),
        ],
    ];
    let pinned_text = pr.map(|p| {
        let pin = Ui::Pinned.text(lang);
        table.push([
            format!("{pin}: {}", Ui::Roof.text(lang)),
            format!("{} TOPS, {} GB/s", f3(tops(p.peak)), f3(p.bw / 1e9)),
        ]);
        table.push([
            format!("{pin}: {}", Ui::Decode.text(lang)),
            format!("{} ops/B, {} TOPS", f3(p.decode.0), f3(tops(p.decode.1))),
        ]);
        table.push([
            format!("{pin}: {}", Ui::Prefill.text(lang)),
            format!("{} ops/B, {} TOPS", f3(p.prefill.0), f3(tops(p.prefill.1))),
        ]);
        format!(
            " {pin}: {} {} ops/B → {} TOPS; {} {} ops/B → {} TOPS.",
            Ui::Decode.text(lang),
            f3(p.decode.0),
            f3(tops(p.decode.1)),
            Ui::Prefill.text(lang),
            f3(p.prefill.0),
            f3(tops(p.prefill.1)),
        )
    });
    let current = if pr.is_some() {
        format!("{}: ", Ui::CurrentScenario.text(lang))
    } else {
        String::new()
    };
    ChartOut {
        id: "roofline",
        frame,
        title: Ui::ChartRoofline.text(lang).into(),
        desc: format!(
            "{} {current}{}: {} ops/B → {} TOPS; {}: {} ops/B → {} TOPS; {} {} ops/B.{}",
            Ui::ChartRooflineDesc.text(lang),
            Ui::Decode.text(lang),
            f3(e.decode.0),
            f3(tops(e.decode.1)),
            Ui::Prefill.text(lang),
            f3(e.prefill.0),
            f3(tops(e.prefill.1)),
            Ui::Ridge.text(lang),
            f3(chart::ridge(e.peak, e.bw)),
            pinned_text.unwrap_or_default(),
        ),
        svg: svg.0,
        table: chart::table_html(["", Ui::Value.text(lang)], &table),
        legend: pr.is_some().then(|| compare_legend(lang)),
    }
}

fn thermal_chart(g: &Good, pinned: Option<&Good>, lang: Lang) -> ChartOut {
    let frame = Frame {
        height: 330.0,
        ..Frame::standard()
    };
    let (tj, rate, tj_max) = thermal_model(g);
    let other = pinned.map(|p| pinned_thermal(p, &tj.x));
    let fold = |v: Option<&Vec<f64>>, init: f64, f: fn(f64, f64) -> f64| {
        v.map_or(init, |v| v.iter().copied().fold(init, f))
    };
    let session = *tj.x.last().unwrap_or(&1.0);
    let xs = Scale::linear(0.0, session, frame.x0(), frame.x1());
    // Top panel: temperature; bottom panel: rate.
    let split = frame.y0() + 170.0;
    let ambient = g.scenarios.expected.device.ambient_c;
    let t_lo = (ambient - 5.0)
        .min(tj.lo.iter().copied().fold(f64::INFINITY, f64::min))
        .min(fold(other.as_ref().map(|o| &o.0), f64::INFINITY, f64::min));
    let t_hi = (tj_max + 10.0).max(fold(other.as_ref().map(|o| &o.0), 0.0, f64::max) + 5.0);
    let ty = Scale::linear(t_lo, t_hi, split - 10.0, frame.y0());
    let r_max = chart::nice_max(
        rate.max()
            .max(g.evaluation.expected.thermal.target_rate)
            .max(fold(other.as_ref().map(|o| &o.1), 0.0, f64::max))
            * 1.1,
    );
    let ry = Scale::linear(0.0, r_max, frame.y1(), split + 20.0);
    let pts = |s: &Scale, b: &Banded, v: &[f64]| -> Vec<(f64, f64)> {
        b.x.iter()
            .zip(v)
            .map(|(&x, &y)| (xs.map(x), s.map(y)))
            .collect()
    };
    let top = Frame {
        height: split - 10.0 + frame.bottom,
        ..frame
    };
    let bottom = Frame {
        top: split + 20.0,
        ..frame
    };
    let mut svg = Svg::default();
    svg.y_axis(&top, &ty, &ty.ticks(4), f3, Ui::Junction.text(lang));
    if tj.has_band() {
        svg.path(
            &chart::band_path(&pts(&ty, &tj, &tj.hi), &pts(&ty, &tj, &tj.lo)),
            "band",
        );
    }
    let lim = ty.map(tj_max);
    svg.line(frame.x0(), lim, frame.x1(), lim, "limit");
    svg.text(
        frame.x1() - 2.0,
        lim - 4.0,
        "end",
        "limit-label",
        &format!("{} {} °C", Ui::Limit.text(lang), f3(tj_max)),
    );
    if let Some((o, _)) = &other {
        svg.path(&chart::line_path(&pts(&ty, &tj, o)), "series pinned");
    }
    svg.path(&chart::line_path(&pts(&ty, &tj, &tj.mid)), "series");
    svg.y_axis(&bottom, &ry, &ry.ticks(3), f3, Ui::TokensPerS.text(lang));
    if rate.has_band() {
        svg.path(
            &chart::band_path(&pts(&ry, &rate, &rate.hi), &pts(&ry, &rate, &rate.lo)),
            "band",
        );
    }
    let target_rate = g.evaluation.expected.thermal.target_rate;
    let tr = ry.map_clamped(target_rate);
    svg.line(frame.x0(), tr, frame.x1(), tr, "target");
    svg.text(
        frame.x1() - 2.0,
        tr - 4.0,
        "end",
        "target-label",
        &format!(
            "{} {} {}",
            Ui::Target.text(lang),
            f3(target_rate),
            Ui::TokensPerS.text(lang)
        ),
    );
    if let Some((_, o)) = &other {
        svg.path(&chart::line_path(&pts(&ry, &rate, o)), "series rate pinned");
    }
    svg.path(
        &chart::line_path(&pts(&ry, &rate, &rate.mid)),
        "series rate",
    );
    svg.x_axis(&frame, &xs, &xs.ticks(6), f3, Ui::Time.text(lang));
    let th = &g.evaluation.expected.thermal;
    let table: Vec<[String; 2]> =
        tj.x.iter()
            .enumerate()
            .filter(|(i, _)| i % 10 == 0)
            .map(|(i, &t)| {
                let cur = format!(
                    "{} °C; {} {}",
                    band_text(tj.lo[i], tj.hi[i]),
                    band_text(rate.lo[i], rate.hi[i]),
                    Ui::TokensPerS.text(lang)
                );
                [
                    format!("{} s", f3(t)),
                    match &other {
                        Some((ot, or)) => format!(
                            "{}: {cur}; {}: {} °C; {} {}",
                            Ui::CurrentScenario.text(lang),
                            Ui::Pinned.text(lang),
                            f3(ot[i]),
                            f3(or[i]),
                            Ui::TokensPerS.text(lang)
                        ),
                        None => cur,
                    },
                ]
            })
            .collect();
    let throttle = |th: &thermal::Thermal| {
        th.time_to_throttle
            .map_or(Ui::Never.text(lang).to_string(), |t| {
                format!("{} s", f3(t.0))
            })
    };
    let pin = pinned.map_or(String::new(), |p| {
        let pt = &p.evaluation.expected.thermal;
        format!(
            " {}: {} {}; {} {} → {}.",
            Ui::Pinned.text(lang),
            Ui::Throttle.text(lang),
            throttle(pt),
            Ui::TokensPerS.text(lang),
            f3(pt.rate),
            f3(pt.throttled_rate),
        )
    });
    ChartOut {
        id: "thermal",
        frame,
        title: Ui::ChartThermal.text(lang).into(),
        desc: format!(
            "{} {}: {}; {} {} → {}.{pin}",
            Ui::ChartThermalDesc.text(lang),
            Ui::Throttle.text(lang),
            throttle(th),
            Ui::TokensPerS.text(lang),
            f3(th.rate),
            f3(th.throttled_rate),
        ),
        svg: svg.0,
        table: chart::table_html([Ui::Time.text(lang), Ui::Value.text(lang)], &table),
        legend: other.is_some().then(|| compare_legend(lang)),
    }
}

fn solve_chart(s: &Solve, g: &Good, lang: Lang) -> ChartOut {
    let row_h = 22.0;
    let frame = Frame {
        height: 14.0 + row_h * s.schemes.len() as f64 + 44.0,
        left: 178.0,
        right: 118.0,
        ..Frame::standard()
    };
    let current = match &g.scenarios.expected.model {
        Model::Llm(m) => m.params.total() / 1e9,
        Model::OneShot(m) => m.params / 1e9,
    };
    let max = s
        .schemes
        .iter()
        .map(|r| r.max_params / 1e9)
        .fold(current, f64::max);
    let xs = Scale::linear(0.0, chart::nice_max(max * 1.05), frame.x0(), frame.x1());
    let mut svg = Svg::default();
    for (i, r) in s.schemes.iter().enumerate() {
        let y = frame.y0() + row_h * i as f64;
        let b = r.max_params / 1e9;
        let name = text::preset_name(r.scheme.name, lang);
        let said = format!("{} B · {}", f3(b), text::constraint_label(r.binding, lang));
        // A row is a button: it applies its quantization to the form (and the link), by click, Enter or
        // Space (`dom::panel`).
        let _ = write!(
            svg.0,
            "<g class=\"solve-row\" role=\"button\" tabindex=\"0\" data-act=\"q:{}\" aria-label=\"{}\">",
            r.scheme.id,
            chart::escape(&format!("{name}: {said}. {}", Ui::ApplyScheme.text(lang)))
        );
        svg.rect(0.0, y, frame.width, row_h, "hit");
        svg.text(frame.x0() - 6.0, y + 15.0, "end", "tick", &name);
        svg.rect(
            frame.x0(),
            y + 4.0,
            xs.map(b) - frame.x0(),
            row_h - 8.0,
            "bar",
        );
        svg.text(xs.map(b) + 4.0, y + 15.0, "start", "bar-label", &said);
        svg.0.push_str("</g>");
    }
    let cx = xs.map(current);
    svg.line(cx, frame.y0(), cx, frame.y1(), "marker");
    svg.x_axis(&frame, &xs, &xs.ticks(5), f3, Ui::LargestModel.text(lang));
    let table: Vec<[String; 2]> = s
        .schemes
        .iter()
        .map(|r| {
            [
                text::preset_name(r.scheme.name, lang),
                format!(
                    "{} B ({} {})",
                    f3(r.max_params / 1e9),
                    Ui::BindingShort.text(lang),
                    text::constraint_label(r.binding, lang)
                ),
            ]
        })
        .collect();
    let best = s
        .schemes
        .iter()
        .max_by(|a, b| a.max_params.total_cmp(&b.max_params));
    ChartOut {
        id: "solve",
        frame,
        title: Ui::ChartSolve.text(lang).into(),
        desc: format!(
            "{} {}: {} B.{}",
            Ui::ChartSolveDesc.text(lang),
            Ui::Current.text(lang),
            f3(current),
            best.map_or(String::new(), |b| format!(
                " {}: {} B.",
                text::preset_name(b.scheme.name, lang),
                f3(b.max_params / 1e9)
            ))
        ),
        svg: svg.0,
        table: chart::table_html([Ui::Scheme.text(lang), Ui::LargestModel.text(lang)], &table),
        // The other way round: the smallest device the current model needs (visible, so not in `desc`).
        legend: Some(format!(
            "<li class=\"needs\" data-testid=\"device-needs\">{}</li>",
            chart::escape(&text::device_needs_text(&s.needs, lang))
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::{evaluate, validate, Field, Inputs};

    fn good(i: Inputs) -> Good {
        let scenarios = validate(&i).unwrap();
        let evaluation = evaluate(&scenarios);
        Good {
            inputs: i,
            scenarios,
            evaluation,
        }
    }

    #[test]
    fn tpot_curve_passes_through_the_full_context_value() {
        let g = good(Inputs::default());
        let (s, target, ctx) = tpot_model(&g).unwrap();
        assert!((target - 50.0).abs() < 1e-9);
        assert!((ctx - 2048.0).abs() < 1e-9);
        // Sample 32 of 48 is at exactly the context (1.5 × 2048 / 48 × 32 = 2048).
        let at = s.mid[32];
        assert!((at - 85.8).abs() < 0.1, "{at}");
        assert!(
            s.mid.windows(2).all(|w| w[1] >= w[0]),
            "TPOT grows with context"
        );
    }

    #[test]
    fn compute_range_gives_a_roofline_band() {
        let [e, lo, hi] = roofline_model(&good(Inputs::default()));
        assert!(lo.peak < e.peak && e.peak < hi.peak);
        // Decode is far left of the ridge: memory-bound.
        assert!(e.decode.0 < chart::ridge(e.peak, e.bw));
        // Prefill of 128 tokens does ~128× the decode intensity.
        assert!(e.prefill.0 > 50.0 * e.decode.0);
    }

    #[test]
    fn every_chart_draws_with_a_text_alternative() {
        let i = Inputs::default();
        let g = good(i.clone());
        let s = edgefit_core::solve(&i).unwrap();
        for lang in [Lang::En, Lang::Zh] {
            let charts = all_charts(&g, None, Some(&s), lang);
            assert_eq!(charts.len(), 6);
            // The page draws one slot per id in CHART_IDS: every chart must have its slot.
            let ids: Vec<&str> = charts.iter().map(|c| c.id).collect();
            assert_eq!(ids, CHART_IDS);
            for c in &charts {
                assert!(
                    c.svg.contains("<path") || c.svg.contains("<rect"),
                    "{}",
                    c.id
                );
                assert!(!c.svg.contains("NaN") && !c.svg.contains("inf"), "{}", c.id);
                assert!(
                    c.desc.len() > 20 && c.table.contains("<tbody><tr>"),
                    "{}",
                    c.id
                );
            }
        }
    }

    #[test]
    fn the_solve_chart_says_what_device_the_current_model_needs() {
        let i = Inputs::default();
        let g = good(i.clone());
        let s = edgefit_core::solve(&i).unwrap();
        for (lang, words) in [(Lang::En, "needs at least"), (Lang::Zh, "至少需要")] {
            let c = solve_chart(&s, &g, lang);
            let legend = c.legend.unwrap_or_default();
            assert!(
                legend.contains("device-needs") && legend.contains(words),
                "{legend}"
            );
            // The default scenario needs 25 GB/s × 0.6 → 42.9 GB/s at its 50 ms TPOT target (see the CLI's solve).
            assert!(legend.contains("42.9 GB/s"), "{legend}");
        }
    }

    #[test]
    fn ttft_climbs_in_steps_with_fixed_chunks_and_smoothly_without() {
        let mut i = Inputs::default();
        i.set_exact(Field::Chunk, 128.0);
        let (smooth, target, prompt) = ttft_model(&good(i.clone())).unwrap();
        assert_eq!(Some(prompt), i.mid(Field::Prompt));
        assert!(target > 0.0);
        i.set_exact(Field::FixedChunks, 1.0);
        let (stairs, _, _) = ttft_model(&good(i)).unwrap();
        // Both sides of the boundary at 256 tokens are sampled; the padded prompt is flat within a chunk
        // and jumps by one chunk's prefill across it.
        let at = |b: &Banded, x: f64| b.mid[b.x.iter().position(|&v| v == x).unwrap()];
        assert_eq!(at(&stairs, 129.0), at(&stairs, 256.0));
        let jump = at(&stairs, 257.0) - at(&stairs, 256.0);
        let chunk = at(&stairs, 256.0) - at(&stairs, 128.0);
        assert!(
            jump > 0.9 * chunk && jump < 1.1 * chunk,
            "jump {jump} vs chunk {chunk}"
        );
        assert!(!smooth.x.contains(&257.0));
        assert!(smooth.mid.windows(2).all(|w| w[1] >= w[0]));
    }

    #[test]
    fn a_pinned_scenario_is_drawn_on_the_same_axes_and_named_in_the_text() {
        let cur = good(Inputs::default());
        let mut i = Inputs::default();
        i.set_exact(edgefit_core::Field::BandwidthGbps, 100.0);
        let pin = good(i);
        for lang in [Lang::En, Lang::Zh] {
            let charts = all_charts(&cur, Some(&pin), None, lang);
            let by = |id: &str| charts.iter().find(|c| c.id == id).unwrap();
            let pinned = Ui::Pinned.text(lang);
            let current = Ui::CurrentScenario.text(lang);
            for id in ["memory", "tpot", "ttft", "roofline", "thermal"] {
                let c = by(id);
                assert!(c.desc.contains(pinned), "{id}: {}", c.desc);
                assert!(c.table.contains(pinned), "{id}");
                let legend = c.legend.as_deref().unwrap_or_default();
                assert!(legend.contains(pinned) && legend.contains(current), "{id}");
                assert!(!c.svg.contains("NaN") && !c.svg.contains("inf"), "{id}");
            }
            let tpot = by("tpot");
            assert_eq!(tpot.svg.matches("class=\"series").count(), 2);
            assert_eq!(tpot.svg.matches("class=\"series pinned\"").count(), 1);
            // Two memory bars (four segments each) and the pinned decode/prefill points.
            assert_eq!(by("memory").svg.matches(" pinned\"").count(), 4);
            assert_eq!(by("roofline").svg.matches("pt decode").count(), 2);
            // More bandwidth: the pinned curve is below the current one.
            let xs = tpot_model(&cur).unwrap().0.x;
            let p = pinned_tpot(&pin, &xs).unwrap();
            let (c, _, _) = tpot_model(&cur).unwrap();
            assert!(p.iter().zip(&c.mid).all(|(a, b)| a < b));
            // Without a pin the charts are as before.
            let plain = all_charts(&cur, None, None, lang);
            assert!(plain.iter().all(|c| !c.svg.contains("pinned")));
        }
    }

    #[test]
    fn heat_never_exceeds_the_limit_and_rate_drops_after_throttle() {
        let g = good(Inputs::default());
        let (tj, rate, max) = thermal_model(&g);
        assert!(tj.hi.iter().all(|&t| t <= max + 1e-9));
        assert!(tj.mid[0] < tj.mid[60]);
        assert!(rate.mid.windows(2).all(|w| w[1] <= w[0] + 1e-12));
    }
}
