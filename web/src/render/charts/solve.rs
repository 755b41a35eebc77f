//! The reverse solve's chart: the largest model per quantization scheme on this device, each row a button
//! that applies its scheme, and what device the current model needs.

use edgefit_text::{self as text, Lang};

use super::figure::{f3, ChartOut};
use crate::render::chart::{self, Frame, Scale, Svg};
use crate::render::dom::el;
use crate::render::live::Ui;
use edgefit_core::model::Model;
use edgefit_core::Solve;
use edgefit_glance::check::Good;

/// The reverse solve drawn: one row per scheme (a button applying it) and the device the model needs.
#[must_use]
pub fn solve_chart(s: &Solve, g: &Good, lang: Lang) -> ChartOut {
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
        let mut row = Svg::default();
        row.rect(0.0, y, frame.width, row_h, "hit");
        row.text(frame.x0() - 6.0, y + 15.0, "end", "tick", &name);
        row.rect(
            frame.x0(),
            y + 4.0,
            xs.map(b) - frame.x0(),
            row_h - 8.0,
            "bar",
        );
        row.text(xs.map(b) + 4.0, y + 15.0, "start", "bar-label", &said);
        svg.group(
            el("g")
                .at("class", "solve-row")
                .at("role", "button")
                .at("tabindex", "0")
                .at("data-act", format!("q:{}", r.scheme.id))
                .at(
                    "aria-label",
                    format!("{name}: {said}. {}", Ui::ApplyScheme.text(lang)),
                ),
            row,
        );
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
        table: chart::table(
            &[Ui::Scheme.text(lang), Ui::LargestModel.text(lang)],
            &table,
        ),
        // The other way round: the smallest device the current model needs (visible, so not in `desc`).
        legend: Some(vec![el("li")
            .at("class", "needs")
            .at("data-testid", "device-needs")
            .tx(text::device_needs_text(&s.needs, lang))
            .into()]),
    }
}
