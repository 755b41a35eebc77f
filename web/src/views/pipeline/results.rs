//! The pipeline's results: what is wrong with the pipeline as typed (the last good results stay), the
//! end-to-end latency by stage, a camera assistant's figures, the timeline, memory and swap plan, power,
//! heat and battery, and every stage's steps. Output only: [`dom`] panels.

use edgefit_core::pipeline::TurnField;
use edgefit_core::Verdict;
use edgefit_text::{fmt_num, term, Lang, Term};
use leptos::prelude::*;

use crate::render::dom::{self, el, Node};
use crate::render::live::Ui;
use crate::render::timeline::{gantt_figure, gb, memory_figure, ms, stage_name};
use crate::state::pipe::PipeGood;
use crate::state::{page_context, Ctx, Pipe};

/// The results of the last good pipeline: latency, memory and swap plan, power and heat, the charts and
/// the step-by-step text of every stage. The text parts are built with [`crate::render::dom`] (one small
/// non-generic renderer instead of a `view!` per shape: the page's size budget).
#[component]
pub(super) fn PipeResults() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let pipe = page_context::<Pipe>();
    let lang = ctx.lang;
    let problems = move || {
        let lang = lang.get();
        pipe.checked.with(|c| {
            let Err(e) = c else { return None };
            let lines =
                e.0.iter()
                    .flat_map(|p| edgefit_text::pipeline_problem(p, lang))
                    .map(|l| el("li").tx(l).into());
            Some(Node::from(
                el("div")
                    .at("class", "stale")
                    .at("role", "status")
                    .at("data-testid", "pipe-problems")
                    .kid(el("p").tx(Ui::StaleResult.text(lang)))
                    .kid(el("ul").kids(lines)),
            ))
        })
    };
    let part = |f: fn(&PipeGood, Lang) -> Node| -> Box<dyn Fn() -> Option<Node>> {
        Box::new(move || {
            let l = lang.get();
            pipe.good.get().map(|g| f(&g, l))
        })
    };
    let gantt = move || {
        let l = lang.get();
        pipe.good
            .get()
            .map(|g| gantt_figure(&g.pipeline, &g.report, l))
    };
    let memory = move || {
        let l = lang.get();
        pipe.good
            .get()
            .map(|g| memory_figure(&g.pipeline, &g.report, l))
    };
    view! {
        {dom::panel("pipe-problems", Box::new(problems), None)}
        {dom::panel("pipe-latency", part(latency_node), None)}
        {dom::panel("chart-slot", Box::new(gantt), None)}
        {dom::panel("pipe-mem", part(memory_node), None)}
        {dom::panel("chart-slot", Box::new(memory), None)}
        {dom::panel("pipe-rest", part(rest_node), None)}
    }
}

fn verdict_p(v: Verdict, testid: &'static str, text: String) -> Node {
    el("p")
        .at("class", "verdict")
        .at("data-verdict", verdict_class(v))
        .at("data-testid", testid)
        .tx(text)
        .into()
}

fn latency_node(g: &PipeGood, lang: Lang) -> Node {
    let p = &g.pipeline;
    let l = &g.report.latency;
    let dominant = l.dominant.map(|d| stage_name(p, d)).unwrap_or_default();
    let headline = el("div")
        .at("class", "pipe-headline")
        .at("data-verdict", verdict_class(l.verdict))
        .at("data-testid", "pipe-latency")
        .kid(
            el("p")
                .tx(format!(
                    "{}: ",
                    edgefit_text::e2e_label(g.report.camera.is_some(), lang)
                ))
                .kid(
                    el("strong")
                        .at("data-testid", "pipe-e2e")
                        .tx(fmt_num(l.e2e.0 * 1e3, 3)),
                )
                .tx(" ms ")
                .kid(el("span").at("class", "muted").tx(format!(
                    "({} {})",
                    term(Term::TargetWord, lang),
                    ms(l.target.0)
                )))
                .tx(format!(
                    " — {}",
                    edgefit_text::verdict_label(l.verdict, lang)
                )),
        )
        .kid(
            el("p")
                .at("data-testid", "pipe-dominant")
                .tx(format!("{}: ", term(Term::DominantStage, lang)))
                .kid(el("strong").tx(dominant)),
        );
    let total = l.e2e.0.max(1e-12);
    let th = |s: &str| Node::from(el("th").at("scope", "col").tx(s));
    let rows = l.parts.iter().map(|part| {
        let share = (part.swap.0 + part.work.0) / total * 100.0;
        let dom = l.dominant == Some(part.stage);
        let mark = if dom { " ◀" } else { "" };
        el("tr")
            .at_if(dom, "class", "dominant")
            .kid(
                el("th")
                    .at("scope", "row")
                    .tx(format!("{}{mark}", stage_name(p, part.stage))),
            )
            .kid(el("td").tx(ms(part.swap.0)))
            .kid(el("td").tx(ms(part.work.0)))
            .kid(el("td").tx(format!("{} %", fmt_num(share, 3))))
            .into()
    });
    let table = el("table")
        .at("class", "pipe-table")
        .at("data-testid", "pipe-parts")
        .kid(el("caption").tx(term(Term::LatencyByStage, lang)))
        .kid(el("thead").kid(el("tr").kids([
            th(term(Term::StageCol, lang)),
            th(term(Term::LoadWait, lang)),
            th(term(Term::WorkCol, lang)),
            th(term(Term::ShareCol, lang)),
        ])))
        .kid(el("tbody").kids(rows));
    el("div")
        .kid(headline)
        .kids(camera_node(g, lang))
        .kid(table)
        .into()
}

/// A camera assistant's figures (#24): frames answered per second against the target, the image encoder per
/// frame and the energy of one answer (frame to first word is the headline's).
fn camera_node(g: &PipeGood, lang: Lang) -> Option<Node> {
    let cam = g.report.camera.as_ref()?;
    let per_s = |x: f64| format!("{} / s", fmt_num(x, 3));
    let lines = [
        format!(
            "{}: {} ({} {}) — {}",
            term(Term::FramesAnswered, lang),
            per_s(cam.answers_per_s),
            term(Term::TargetWord, lang),
            per_s(cam.target_fps),
            edgefit_text::verdict_label(cam.verdict, lang)
        ),
        format!(
            "{}: {} ({} {})",
            term(Term::EncodePerFrame, lang),
            ms(cam.encode.0),
            fmt_num(cam.encode_fps, 3),
            term(Term::FramesAlone, lang)
        ),
        format!(
            "{}: {} J",
            term(Term::EnergyPerAnswer, lang),
            fmt_num(cam.energy_per_answer.0, 3)
        ),
    ];
    Some(
        el("ul")
            .at("class", "pipe-power pipe-camera")
            .at("data-testid", "pipe-camera")
            .at("data-verdict", verdict_class(cam.verdict))
            .at("aria-label", term(Term::Camera, lang))
            .kids(lines.into_iter().map(|s| el("li").tx(s).into()))
            .into(),
    )
}

fn memory_node(g: &PipeGood, lang: Lang) -> Node {
    let p = &g.pipeline;
    let m = &g.report.memory;
    let swap = if m.all_resident {
        format!(
            "{}: {} / {} {} — {}",
            term(Term::AllResident, lang),
            gb(m.all_stages.0),
            gb(m.usable.0),
            term(Term::UsableWord, lang),
            edgefit_text::verdict_label(m.verdict, lang)
        )
    } else {
        let list: Vec<String> = m.on_demand.iter().map(|&i| stage_name(p, i)).collect();
        format!(
            "{}: {} — {} {}, {} {} — {}{}",
            term(Term::SwapPlan, lang),
            list.join(", "),
            term(Term::PeakWord, lang),
            gb(m.peak.0),
            term(Term::LoadingAdds, lang),
            ms(m.swap_time.0),
            edgefit_text::verdict_label(m.verdict, lang),
            if m.fits {
                ""
            } else {
                term(Term::NothingFits, lang)
            }
        )
    };
    el("div")
        .kid(el("h3").tx(term(Term::MemorySwap, lang)))
        .kid(verdict_p(m.verdict, "pipe-swap", swap))
        .into()
}

fn rest_node(g: &PipeGood, lang: Lang) -> Node {
    let p = &g.pipeline;
    let r = &g.report;
    let c = &r.conversation;
    let mut power = vec![
        format!(
            "{}: {} J",
            term(Term::EnergyPerTurn, lang),
            fmt_num(c.energy_per_turn.0, 3)
        ),
        format!(
            "{} ({} {}/h): {} W ({} {} W) — {}",
            term(Term::AveragePower, lang),
            fmt_num(p.get(TurnField::TurnsPerHour), 3),
            term(Term::TurnsWord, lang),
            fmt_num(c.average.0, 3),
            term(Term::BudgetWord, lang),
            fmt_num(c.budget.0, 3),
            edgefit_text::verdict_label(c.verdict, lang)
        ),
        format!(
            "{}: {} W",
            term(Term::PeakPowerTurn, lang),
            fmt_num(c.peak.0, 3)
        ),
        format!(
            "{} {} {}: {} °C ({} {} °C)",
            term(Term::JunctionAfter, lang),
            fmt_num(c.turns, 3),
            term(Term::TurnsAfter, lang),
            fmt_num(c.tj_peak_c, 3),
            term(Term::LimitWord, lang),
            fmt_num(c.tj_max_c, 3)
        ),
    ];
    power.push(match c.battery_pct_per_hour {
        Some(b) => format!("{}: {} %", term(Term::BatteryPerHour, lang), fmt_num(b, 3)),
        None => term(Term::BatteryNeedsWh, lang).into(),
    });
    if c.overbooked {
        power.push(term(Term::Overbooked, lang).into());
    }
    let steps = (0..p.stages.len()).map(|i| {
        let texts = p
            .stage_inputs(i)
            .and_then(|inp| edgefit_core::validate(&inp).ok())
            .map(|s| {
                let e = edgefit_core::evaluate(&s);
                edgefit_text::step_texts(&s, &e, lang)
            })
            .unwrap_or_default();
        el("details")
            .at("class", "pipe-steps")
            .at("data-testid", format!("pipe-steps-{}", i + 1))
            .kid(el("summary").tx(format!(
                "{} — {}",
                stage_name(p, i),
                term(Term::StepByStepWord, lang)
            )))
            .kid(el("ol").kids(texts.into_iter().map(|s| {
                el("li")
                    .kid(el("strong").tx(s.title))
                    .kids(s.body.into_iter().map(|b| el("p").tx(b).into()))
                    .into()
            })))
            .into()
    });
    el("div")
        .kid(el("h3").tx(term(Term::PowerHeatBattery, lang)))
        .kid(
            el("ul")
                .at("class", "pipe-power")
                .at("data-testid", "pipe-power")
                .at("data-verdict", verdict_class(c.verdict))
                .kids(power.into_iter().map(|s| el("li").tx(s).into())),
        )
        .kid(el("h3").tx(term(Term::StepByStep, lang)))
        .kids(steps)
        .kid(
            el("details")
                .at("class", "pipe-steps")
                .kid(el("summary").tx(term(Term::PipelineInWords, lang)))
                .kid(
                    el("pre")
                        .at("class", "pipe-words")
                        .tx(edgefit_text::pipeline_markdown(p, r, lang)),
                ),
        )
        .into()
}

fn verdict_class(v: Verdict) -> &'static str {
    match v {
        Verdict::Pass => "pass",
        Verdict::Warn => "warn",
        _ => "fail",
    }
}
