//! The charts as inline SVG. Each chart has a pure *model* function (engine numbers → series in display
//! units, testable natively) and a component that draws the model with [`crate::chart`]'s geometry, with a
//! `<title>`/`<desc>` and a visually hidden data table as its text alternative.

use std::sync::Arc;

use edgefit_core::analysis::{bandwidth, thermal, Report};
use edgefit_core::model::Model;
use edgefit_core::scenario::Scenario;
use edgefit_core::units::{Seconds, Watts};
use edgefit_core::Solve;
use edgefit_text::{self as text, Lang};
use leptos::prelude::*;

use crate::app::Ctx;
use crate::chart::{self, Frame, Scale};
use crate::state::Good;
use crate::ui::Ui;

fn n(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r.is_finite() {
        format!("{r}")
    } else {
        "0".into()
    }
}

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
        let ptime =
            (r.ttft.ttft.0 - r.ttft.cold_start.map_or(0.0, |c| c.0)).max(1e-12);
        let prefill = (r.ttft.ops.0 / pbytes, r.ttft.ops.0 / ptime);
        Roofline {
            peak,
            bw,
            decode,
            prefill,
        }
    })
}

/// The charts section.
#[component]
pub fn Charts() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <section class="charts" aria-labelledby="h-charts">
            <h3 id="h-charts">{move || Ui::Charts.text(ctx.lang.get())}</h3>
            <div class="chart-grid">
                {move || {
                    let lang = ctx.lang.get();
                    ctx.good
                        .get()
                        .map(|g| {
                            view! {
                                {memory_chart(&g, lang)}
                                {tpot_chart(&g, lang)}
                                {roofline_chart(&g, lang)}
                                {thermal_chart(&g, lang)}
                            }
                        })
                }}
                {move || {
                    let lang = ctx.lang.get();
                    let s = ctx.solve.get();
                    let g = ctx.good.get();
                    s.zip(g).map(|(s, g)| solve_chart(&s, &g, lang))
                }}
            </div>
        </section>
    }
}

/// The frame of a figure with its title, description and hidden data table.
fn figure(
    id: &'static str,
    frame: Frame,
    title: Ui,
    desc: String,
    lang: Lang,
    body: AnyView,
    table: AnyView,
) -> AnyView {
    let t_id = format!("{id}-t");
    let d_id = format!("{id}-d");
    let labelled_by = format!("{t_id} {d_id}");
    view! {
        <figure class="chart" data-testid=format!("chart-{id}")>
            <figcaption>{title.text(lang)}</figcaption>
            <svg
                viewBox=frame.view_box()
                role="img"
                aria-labelledby=labelled_by
                preserveAspectRatio="xMidYMid meet"
            >
                <title id=t_id>{title.text(lang)}</title>
                <desc id=d_id>{desc}</desc>
                {body}
            </svg>
            <table class="sr-only">
                <caption>{title.text(lang)}</caption>
                {table}
            </table>
        </figure>
    }
    .into_any()
}

fn x_axis(frame: &Frame, s: &Scale, ticks: &[f64], label: String) -> AnyView {
    let y = frame.y1();
    view! {
        <g class="axis x">
            <line x1=n(frame.x0()) x2=n(frame.x1()) y1=n(y) y2=n(y)/>
            {ticks
                .iter()
                .map(|&t| {
                    let x = s.map(t);
                    view! {
                        <line class="tick" x1=n(x) x2=n(x) y1=n(y) y2=n(y + 4.0)/>
                        <text x=n(x) y=n(y + 16.0) text-anchor="middle">{f3(t)}</text>
                    }
                })
                .collect_view()}
            <text class="label" x=n((frame.x0() + frame.x1()) / 2.0) y=n(frame.height - 6.0) text-anchor="middle">
                {label}
            </text>
        </g>
    }
    .into_any()
}

fn y_axis(frame: &Frame, s: &Scale, ticks: &[f64], label: String) -> AnyView {
    let x = frame.x0();
    let mid = (frame.y0() + frame.y1()) / 2.0;
    view! {
        <g class="axis y">
            <line x1=n(x) x2=n(x) y1=n(frame.y0()) y2=n(frame.y1())/>
            {ticks
                .iter()
                .map(|&t| {
                    let y = s.map(t);
                    view! {
                        <line class="grid" x1=n(x) x2=n(frame.x1()) y1=n(y) y2=n(y)/>
                        <text x=n(x - 5.0) y=n(y + 3.5) text-anchor="end">{f3(t)}</text>
                    }
                })
                .collect_view()}
            <text
                class="label"
                x="12"
                y=n(mid)
                text-anchor="middle"
                transform=format!("rotate(-90 12 {})", n(mid))
            >
                {label}
            </text>
        </g>
    }
    .into_any()
}

fn rows(head: [String; 2], rows: Vec<[String; 2]>) -> AnyView {
    view! {
        <thead>
            <tr>
                <th scope="col">{head[0].clone()}</th>
                <th scope="col">{head[1].clone()}</th>
            </tr>
        </thead>
        <tbody>
            {rows
                .into_iter()
                .map(|[a, b]| view! { <tr><th scope="row">{a}</th><td>{b}</td></tr> })
                .collect_view()}
        </tbody>
    }
    .into_any()
}

fn band_text(lo: f64, hi: f64) -> String {
    if f3(lo) == f3(hi) {
        f3(lo)
    } else {
        format!("{}–{}", f3(lo), f3(hi))
    }
}

fn memory_chart(g: &Arc<Good>, lang: Lang) -> AnyView {
    let frame = Frame {
        height: 150.0,
        bottom: 40.0,
        left: 16.0,
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
    let max = chart::nice_max(thi.max(uhi) * 1.05);
    let xs = Scale::linear(0.0, max, frame.x0(), frame.x1());
    let (y0, y1) = (frame.y0() + 12.0, frame.y0() + 52.0);
    let segs = chart::stack(&parts.map(|p| p.1));
    let ticks = xs.ticks(6);
    let body = view! {
        {(thi > tlo)
            .then(|| {
                view! {
                    <rect class="band" x=n(xs.map(tlo)) width=n(xs.map(thi) - xs.map(tlo)) y=n(y0 - 6.0) height=n(y1 - y0 + 12.0)/>
                }
            })}
        {segs
            .iter()
            .enumerate()
            .map(|(i, &(a, len))| {
                view! {
                    <rect
                        class=format!("seg s{i}")
                        x=n(xs.map(a))
                        width=n(xs.map(a + len) - xs.map(a))
                        y=n(y0)
                        height=n(y1 - y0)
                    />
                }
            })
            .collect_view()}
        {(uhi > ulo)
            .then(|| {
                view! {
                    <rect class="band limit-band" x=n(xs.map(ulo)) width=n(xs.map(uhi) - xs.map(ulo)) y=n(frame.y0()) height=n(y1 - frame.y0() + 12.0)/>
                }
            })}
        <line class="limit" x1=n(xs.map(usable)) x2=n(xs.map(usable)) y1=n(frame.y0()) y2=n(y1 + 12.0)/>
        <text class="limit-label" x=n(xs.map(usable) - 4.0) y=n(frame.y0() + 8.0) text-anchor="end">
            {format!("{} {} GB", Ui::Usable.text(lang), f3(usable))}
        </text>
        {x_axis(&frame, &xs, &ticks, "GB".to_string())}
    }
    .into_any();
    let mut table: Vec<[String; 2]> = parts
        .iter()
        .map(|(u, v)| [u.text(lang).to_string(), format!("{} GB", f3(*v))])
        .collect();
    table.push([
        Ui::MemoryTotal.text(lang).to_string(),
        format!("{} GB", band_text(tlo, thi)),
    ]);
    table.push([Ui::Usable.text(lang).to_string(), format!("{} GB", band_text(ulo, uhi))]);
    let desc = format!(
        "{} {}: {} GB / {} {} GB.",
        Ui::ChartMemoryDesc.text(lang),
        Ui::MemoryTotal.text(lang),
        band_text(tlo, thi),
        Ui::Usable.text(lang),
        f3(usable)
    );
    let legend = view! {
        <ul class="legend">
            {parts
                .iter()
                .enumerate()
                .map(|(i, (u, v))| {
                    view! {
                        <li>
                            <span class=format!("key s{i}") aria-hidden="true"></span>
                            {format!("{} {} GB", u.text(lang), f3(*v))}
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    };
    view! {
        {figure(
            "memory",
            frame,
            Ui::ChartMemory,
            desc,
            lang,
            body,
            rows([Ui::Value.text(lang).into(), "GB".into()], table),
        )}
        <div class="legend-wrap">{legend}</div>
    }
    .into_any()
}

fn tpot_chart(g: &Arc<Good>, lang: Lang) -> Option<AnyView> {
    let (series, target, context) = tpot_model(g)?;
    let frame = Frame::standard();
    let x_max = *series.x.last().unwrap_or(&1.0);
    let xs = Scale::linear(0.0, x_max, frame.x0(), frame.x1());
    let y_max = chart::nice_max(series.max().max(target) * 1.1);
    let ys = Scale::linear(0.0, y_max, frame.y1(), frame.y0());
    let pts = |v: &[f64]| -> Vec<(f64, f64)> {
        series
            .x
            .iter()
            .zip(v)
            .map(|(&x, &y)| (xs.map(x), ys.map_clamped(y)))
            .collect()
    };
    let line = chart::line_path(&pts(&series.mid));
    let band = series
        .has_band()
        .then(|| chart::band_path(&pts(&series.hi), &pts(&series.lo)));
    let ty = ys.map(target);
    let cx = xs.map(context);
    let body = view! {
        {y_axis(&frame, &ys, &ys.ticks(5), "TPOT (ms)".to_string())}
        {x_axis(&frame, &xs, &xs.ticks(5), Ui::Context.text(lang).to_string())}
        {band.map(|d| view! { <path class="band" d=d/> })}
        <line class="target" x1=n(frame.x0()) x2=n(frame.x1()) y1=n(ty) y2=n(ty)/>
        <text class="target-label" x=n(frame.x1() - 2.0) y=n(ty - 4.0) text-anchor="end">
            {format!("{} {} ms", Ui::Target.text(lang), f3(target))}
        </text>
        <line class="marker" x1=n(cx) x2=n(cx) y1=n(frame.y0()) y2=n(frame.y1())/>
        <path class="series" d=line/>
    }
    .into_any();
    let table = series
        .x
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 8 == 0)
        .map(|(i, &x)| {
            [
                text::fmt_int(x),
                format!("{} ms", band_text(series.lo[i], series.hi[i])),
            ]
        })
        .collect();
    let at_ctx = bandwidth::tpot_at(
        &g.scenarios.expected,
        &g.evaluation.expected.compute,
        context,
    )
    .ms();
    let desc = format!(
        "{} {} {}: {} ms; {} {} ms.",
        Ui::ChartTpotDesc.text(lang),
        Ui::Context.text(lang),
        text::fmt_int(context),
        f3(at_ctx),
        Ui::Target.text(lang),
        f3(target)
    );
    Some(figure(
        "tpot",
        frame,
        Ui::ChartTpot,
        desc,
        lang,
        body,
        rows([Ui::Context.text(lang).into(), "TPOT".into()], table),
    ))
}

fn roofline_chart(g: &Arc<Good>, lang: Lang) -> AnyView {
    let frame = Frame::standard();
    let [e, lo, hi] = roofline_model(g);
    let tops = |x: f64| x / 1e12;
    let mut xs_all = vec![e.decode.0, e.prefill.0, chart::ridge(e.peak, e.bw)];
    xs_all.extend([chart::ridge(lo.peak, lo.bw), chart::ridge(hi.peak, hi.bw)]);
    let (x0, x1) = chart::log_extent(&xs_all);
    let mut ys_all: Vec<f64> = [e, lo, hi]
        .iter()
        .flat_map(|r| [r.peak, chart::roof(x0, r.peak, r.bw)])
        .map(tops)
        .collect();
    ys_all.extend([tops(e.decode.1), tops(e.prefill.1)]);
    let (y0, y1) = chart::log_extent(&ys_all);
    let xs = Scale::log(x0, x1, frame.x0(), frame.x1());
    let ys = Scale::log(y0, y1, frame.y1(), frame.y0());
    let roof_pts = |r: &Roofline| -> Vec<(f64, f64)> {
        let ridge = chart::ridge(r.peak, r.bw).clamp(x0, x1);
        [x0, ridge, x1]
            .iter()
            .map(|&x| (xs.map(x), ys.map_clamped(tops(chart::roof(x, r.peak, r.bw)))))
            .collect()
    };
    let (rlo, rhi) = if lo.peak <= hi.peak { (lo, hi) } else { (hi, lo) };
    let band = (rhi.peak > rlo.peak * (1.0 + 1e-9) || rhi.bw > rlo.bw * (1.0 + 1e-9))
        .then(|| chart::band_path(&roof_pts(&rhi), &roof_pts(&rlo)));
    let point = |(ai, perf): (f64, f64), cls: &'static str, label: Ui| {
        let (px, py) = (xs.map_clamped(ai), ys.map_clamped(tops(perf)));
        view! {
            <circle class=cls cx=n(px) cy=n(py) r="5"/>
            <text class="point-label" x=n(px + 8.0) y=n(py + 4.0)>{label.text(lang)}</text>
        }
    };
    let body = view! {
        {y_axis(&frame, &ys, &ys.ticks(5), Ui::Attainable.text(lang).to_string())}
        {x_axis(&frame, &xs, &xs.ticks(5), Ui::Intensity.text(lang).to_string())}
        {band.map(|d| view! { <path class="band" d=d/> })}
        <path class="series" d=chart::line_path(&roof_pts(&e))/>
        {point(e.decode, "pt decode", Ui::Decode)}
        {point(e.prefill, "pt prefill", Ui::Prefill)}
    }
    .into_any();
    let table = vec![
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
    let desc = format!(
        "{} {}: {} ops/B → {} TOPS; {}: {} ops/B → {} TOPS; ridge {} ops/B.",
        Ui::ChartRooflineDesc.text(lang),
        Ui::Decode.text(lang),
        f3(e.decode.0),
        f3(tops(e.decode.1)),
        Ui::Prefill.text(lang),
        f3(e.prefill.0),
        f3(tops(e.prefill.1)),
        f3(chart::ridge(e.peak, e.bw)),
    );
    figure(
        "roofline",
        frame,
        Ui::ChartRoofline,
        desc,
        lang,
        body,
        rows([String::new(), Ui::Value.text(lang).into()], table),
    )
}

fn thermal_chart(g: &Arc<Good>, lang: Lang) -> AnyView {
    let frame = Frame {
        height: 330.0,
        ..Frame::standard()
    };
    let (tj, rate, tj_max) = thermal_model(g);
    let session = *tj.x.last().unwrap_or(&1.0);
    let xs = Scale::linear(0.0, session, frame.x0(), frame.x1());
    // Top panel: temperature; bottom panel: rate.
    let split = frame.y0() + 170.0;
    let ambient = g.scenarios.expected.device.ambient_c;
    let t_lo = (ambient - 5.0).min(tj.lo.iter().copied().fold(f64::INFINITY, f64::min));
    let ty = Scale::linear(t_lo, tj_max + 10.0, split - 10.0, frame.y0());
    let r_max = chart::nice_max(rate.max() * 1.1);
    let ry = Scale::linear(0.0, r_max, frame.y1(), split + 20.0);
    let pts = |s: &Scale, b: &Banded, v: &[f64]| -> Vec<(f64, f64)> {
        b.x.iter().zip(v).map(|(&x, &y)| (xs.map(x), s.map(y))).collect()
    };
    let tj_band = tj
        .has_band()
        .then(|| chart::band_path(&pts(&ty, &tj, &tj.hi), &pts(&ty, &tj, &tj.lo)));
    let rate_band = rate
        .has_band()
        .then(|| chart::band_path(&pts(&ry, &rate, &rate.hi), &pts(&ry, &rate, &rate.lo)));
    let lim = ty.map(tj_max);
    let top_frame = Frame {
        height: split - 10.0 + frame.bottom,
        ..frame
    };
    let target_rate = g.evaluation.expected.thermal.target_rate;
    let body = view! {
        {y_axis(&top_frame, &ty, &ty.ticks(4), Ui::Junction.text(lang).to_string())}
        {tj_band.map(|d| view! { <path class="band" d=d/> })}
        <line class="limit" x1=n(frame.x0()) x2=n(frame.x1()) y1=n(lim) y2=n(lim)/>
        <text class="limit-label" x=n(frame.x1() - 2.0) y=n(lim - 4.0) text-anchor="end">
            {format!("{} {} °C", Ui::Limit.text(lang), f3(tj_max))}
        </text>
        <path class="series" d=chart::line_path(&pts(&ty, &tj, &tj.mid))/>
        {y_axis(
            &Frame { top: split + 20.0, ..frame },
            &ry,
            &ry.ticks(3),
            Ui::TokensPerS.text(lang).to_string(),
        )}
        {rate_band.map(|d| view! { <path class="band" d=d/> })}
        <line
            class="target"
            x1=n(frame.x0())
            x2=n(frame.x1())
            y1=n(ry.map_clamped(target_rate))
            y2=n(ry.map_clamped(target_rate))
        />
        <path class="series rate" d=chart::line_path(&pts(&ry, &rate, &rate.mid))/>
        {x_axis(&frame, &xs, &xs.ticks(6), Ui::Time.text(lang).to_string())}
    }
    .into_any();
    let th = &g.evaluation.expected.thermal;
    let table = tj
        .x
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 10 == 0)
        .map(|(i, &t)| {
            [
                format!("{} s", f3(t)),
                format!(
                    "{} °C; {} {}",
                    band_text(tj.lo[i], tj.hi[i]),
                    band_text(rate.lo[i], rate.hi[i]),
                    Ui::TokensPerS.text(lang)
                ),
            ]
        })
        .collect();
    let desc = format!(
        "{} {}: {}; {} {} → {} {}.",
        Ui::ChartThermalDesc.text(lang),
        Ui::Throttle.text(lang),
        th.time_to_throttle
            .map_or(Ui::Never.text(lang).to_string(), |t| format!("{} s", f3(t.0))),
        Ui::TokensPerS.text(lang),
        f3(th.rate),
        f3(th.throttled_rate),
        Ui::TokensPerS.text(lang),
    );
    figure(
        "thermal",
        frame,
        Ui::ChartThermal,
        desc,
        lang,
        body,
        rows([Ui::Time.text(lang).into(), Ui::Value.text(lang).into()], table),
    )
}

fn solve_chart(s: &Arc<Solve>, g: &Arc<Good>, lang: Lang) -> AnyView {
    let row_h = 22.0;
    let frame = Frame {
        height: 14.0 + row_h * s.schemes.len() as f64 + 44.0,
        left: 150.0,
        right: 120.0,
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
    let body = view! {
        {s.schemes
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let y = frame.y0() + row_h * i as f64;
                let b = r.max_params / 1e9;
                view! {
                    <text x=n(frame.x0() - 6.0) y=n(y + 15.0) text-anchor="end">{r.scheme.name}</text>
                    <rect class="bar" x=n(frame.x0()) y=n(y + 4.0) width=n(xs.map(b) - frame.x0()) height=n(row_h - 8.0)/>
                    <text class="bar-label" x=n(xs.map(b) + 4.0) y=n(y + 15.0)>
                        {format!(
                            "{} B · {}",
                            f3(b),
                            text::constraint_label(r.binding, lang)
                        )}
                    </text>
                }
            })
            .collect_view()}
        <line class="marker" x1=n(xs.map(current)) x2=n(xs.map(current)) y1=n(frame.y0()) y2=n(frame.y1())/>
        {x_axis(&frame, &xs, &xs.ticks(5), Ui::LargestModel.text(lang).to_string())}
    }
    .into_any();
    let table = s
        .schemes
        .iter()
        .map(|r| {
            [
                r.scheme.name.to_string(),
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
    let desc = format!(
        "{} {}: {} B.{}",
        Ui::ChartSolveDesc.text(lang),
        Ui::Current.text(lang),
        f3(current),
        best.map_or(String::new(), |b| format!(
            " {}: {} B.",
            b.scheme.name,
            f3(b.max_params / 1e9)
        ))
    );
    figure(
        "solve",
        frame,
        Ui::ChartSolve,
        desc,
        lang,
        body,
        rows([Ui::Scheme.text(lang).into(), Ui::LargestModel.text(lang).into()], table),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::{evaluate, validate, Inputs};

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
        assert!(s.mid.windows(2).all(|w| w[1] >= w[0]), "TPOT grows with context");
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
    fn heat_never_exceeds_the_limit_and_rate_drops_after_throttle() {
        let g = good(Inputs::default());
        let (tj, rate, max) = thermal_model(&g);
        assert!(tj.hi.iter().all(|&t| t <= max + 1e-9));
        assert!(tj.mid[0] < tj.mid[60]);
        assert!(rate.mid.windows(2).all(|w| w[1] <= w[0] + 1e-12));
    }
}
