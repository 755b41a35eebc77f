//! TPOT against context and TTFT against prompt length: one curve chart (band across the input ranges,
//! target line, a marker at the scenario's own value, the pinned scenario's curve dashed).

use edgefit_core::analysis::bandwidth;
use edgefit_text::{self as text, Lang};

use super::figure::{band_text, compare_legend, f3, ChartOut};
use super::models::{pinned_tpot, pinned_ttft, tpot_model, ttft_model, Banded};
use crate::render::chart::{self, Frame, Scale, Svg};
use crate::render::live::Ui;
use edgefit_glance::check::Good;

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
        table: chart::table(&[c.x_label.text(lang), c.quantity], &table),
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

pub(super) fn tpot_chart(g: &Good, pinned: Option<&Good>, lang: Lang) -> Option<ChartOut> {
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

pub(super) fn ttft_chart(g: &Good, pinned: Option<&Good>, lang: Lang) -> Option<ChartOut> {
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
