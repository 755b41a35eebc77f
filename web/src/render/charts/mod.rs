//! The single-model page's charts as inline SVG, drawn from an evaluation: memory, TPOT against context,
//! TTFT against prompt length, the roofline, heat over a session and the reverse solve. Each chart has a
//! pure *model* ([`models`]: engine numbers → series in display units, testable natively) and a drawing with
//! [`crate::render::chart`]'s geometry, with a `<title>`/`<desc>` and a visually hidden data table as its
//! text alternative. The component that shows them is [`crate::views::charts`].

mod curves;
mod figure;
mod memory;
pub mod models;
mod roofline;
mod solve;
#[cfg(test)]
mod tests;
mod thermal;

use edgefit_core::Solve;
use edgefit_glance::check::Good;
use edgefit_text::Lang;

pub use figure::{figure, ChartOut};
pub use models::{
    pinned_thermal, pinned_tpot, pinned_ttft, roofline_model, thermal_model, tpot_model,
    ttft_model, Banded, Roofline,
};
pub use solve::solve_chart;

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
    let mut v = vec![memory::memory_chart(g, pinned, lang)];
    v.extend(curves::tpot_chart(g, pinned, lang));
    v.extend(curves::ttft_chart(g, pinned, lang));
    v.push(roofline::roofline_chart(g, pinned, lang));
    v.push(thermal::thermal_chart(g, pinned, lang));
    v.extend(solve.map(|s| solve_chart(s, g, lang)));
    v
}
