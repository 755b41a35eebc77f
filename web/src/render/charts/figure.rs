//! What every chart is drawn into: its SVG, text alternative and legend ([`ChartOut`]), the figure that
//! shows them ([`figure`]), and the short texts the charts share.

use edgefit_text::{self as text, Lang};

use crate::render::chart::Frame;
use crate::render::dom::{el, Node};
use crate::render::live::Ui;

pub(super) fn f3(x: f64) -> String {
    text::fmt_num(x, 3)
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
    pub svg: Vec<Node>,
    /// The data table (`<thead>` + `<tbody>`, [`crate::render::chart::table`]), visually hidden.
    pub table: Vec<Node>,
    /// An optional legend (list items).
    pub legend: Option<Vec<Node>>,
}

/// A chart as a figure: caption, the SVG with `<title>`/`<desc>`, a legend and a visually hidden table.
#[must_use]
pub fn figure(chart: ChartOut) -> Node {
    let t_id = format!("{}-t", chart.id);
    let d_id = format!("{}-d", chart.id);
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
                .kid(el("title").at("id", t_id).tx(chart.title.clone()))
                .kid(el("desc").at("id", d_id).tx(chart.desc))
                .kids(chart.svg),
        )
        .kids(
            chart
                .legend
                .map(|l| el("ul").at("class", "legend").kids(l).into()),
        )
        .kid(
            el("div").at("class", "sr-only").kid(
                el("table")
                    .kid(el("caption").tx(chart.title))
                    .kids(chart.table),
            ),
        )
        .into()
}

pub(super) fn band_text(lo: f64, hi: f64) -> String {
    if f3(lo) == f3(hi) {
        f3(lo)
    } else {
        format!("{}–{}", f3(lo), f3(hi))
    }
}

/// A legend item: its key (a swatch or a line of class `key {class}`) and its words.
pub(super) fn key_item(class: &str, words: impl Into<String>) -> Node {
    el("li")
        .kid(
            el("span")
                .at("class", format!("key {class}"))
                .at("aria-hidden", "true"),
        )
        .tx(words)
        .into()
}

/// The legend items naming the current (solid) and the pinned (dashed) series.
pub(super) fn compare_legend(lang: Lang) -> Vec<Node> {
    vec![
        key_item("line", Ui::CurrentScenario.text(lang)),
        key_item("line pinned", Ui::Pinned.text(lang)),
    ]
}
