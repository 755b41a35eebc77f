//! What every chart is drawn into: its SVG, text alternative and legend ([`ChartOut`]), the figure that
//! shows them ([`figure`]), and the short texts the charts share.

use edgefit_text::{self as text, Lang};

use crate::render::chart::{self, Frame};
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
    pub svg: String,
    /// The data table (`<thead>` + `<tbody>`), visually hidden.
    pub table: String,
    /// An optional legend (HTML list items).
    pub legend: Option<String>,
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

pub(super) fn band_text(lo: f64, hi: f64) -> String {
    if f3(lo) == f3(hi) {
        f3(lo)
    } else {
        format!("{}–{}", f3(lo), f3(hi))
    }
}

/// The legend items naming the current (solid) and the pinned (dashed) series.
pub(super) fn compare_legend(lang: Lang) -> String {
    format!(
        "<li><span class=\"key line\" aria-hidden=\"true\"></span>{}</li><li><span class=\"key line pinned\" aria-hidden=\"true\"></span>{}</li>",
        chart::escape(Ui::CurrentScenario.text(lang)),
        chart::escape(Ui::Pinned.text(lang))
    )
}
