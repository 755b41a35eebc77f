//! The charts section: every chart of [`crate::render::charts`] for the settled scenario (and the pinned
//! one in compare mode), each in its own [`dom`] panel so a figure is redrawn only when its own chart
//! changed; the reverse solve's chart one task later, its rows applying their scheme.

use leptos::prelude::*;

use crate::render::charts::{all_charts, figure, solve_chart, CHART_IDS};
use crate::render::dom;
use crate::render::live::{LiveText, Ui};
use crate::state::ctx::pinned_good;
use crate::state::{page_context, Ctx};
use crate::views::decide::Lazy;

/// The charts section.
#[component]
pub fn Charts() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    // The scenario's charts follow `settled`; the solve's chart follows the solve, one task later.
    let pinned = Memo::new(move |_| ctx.pin.with(|h| h.as_deref().and_then(pinned_good)));
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
                                ctx.apply_row(a);
                            }) as dom::Act
                        });
                        dom::panel("chart-slot", Box::new(move || one.get().map(figure)), act)
                    })
                    .collect_view()}
            </div>
            // Under the reverse solve: the best preset model that fits, computed only while open.
            <Lazy title=Ui::BestTitle testid="panel-best" which=4/>
        </section>
    }
}
