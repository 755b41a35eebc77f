//! The pipeline's charts (#10): one turn's timeline (a Gantt chart of every stage's segments, and a zoom on
//! the end-to-end window) and every stage's memory against the usable memory, as figures with a legend and
//! a visually hidden table. The geometry is [`super::gantt`]'s.

use edgefit_core::pipeline::{Pipeline, PipelineReport, SegmentKind, TurnField};
use edgefit_text::{fmt_num, term, Lang, Term};

use super::chart::{self, Frame};
use super::dom::{el, Node};
use super::gantt::{self, Bar, Mark, MemRow};

/// The Gantt bars of one turn.
#[must_use]
pub fn bars(r: &PipelineReport, lang: Lang) -> Vec<Bar> {
    r.timeline
        .iter()
        .map(|s| Bar {
            row: s.stage,
            kind: kind_code(s.kind),
            label: edgefit_text::segment_label(s.kind, lang).into(),
            start: s.start.0,
            end: s.end.0,
        })
        .collect()
}

/// A segment kind's class.
#[must_use]
pub fn kind_code(k: SegmentKind) -> &'static str {
    match k {
        SegmentKind::Listen => "listen",
        SegmentKind::Swap => "swap",
        SegmentKind::Transcribe => "transcribe",
        SegmentKind::Prefill => "prefill",
        SegmentKind::Decode => "decode",
        SegmentKind::Synthesize => "synthesize",
        SegmentKind::Speak => "speak",
        SegmentKind::Encode => "encode",
        _ => "infer",
    }
}

const ALL_KINDS: [SegmentKind; 9] = [
    SegmentKind::Listen,
    SegmentKind::Swap,
    SegmentKind::Encode,
    SegmentKind::Transcribe,
    SegmentKind::Prefill,
    SegmentKind::Decode,
    SegmentKind::Synthesize,
    SegmentKind::Speak,
    SegmentKind::Infer,
];

/// One drawing of a pipeline chart: `w` for wide screens, `n` for phones (the style sheet shows one).
struct Drawing {
    /// `main` or `zoom`.
    kind: &'static str,
    /// Drawn for a phone ([`gantt::frame`]'s narrow frame).
    narrow: bool,
    frame: Frame,
    svg: Vec<Node>,
    /// The caption above it (the zoom's).
    cap: Option<String>,
}

/// A legend item: a swatch of the bars' `class` (with the bars' pattern over it, `pattern` its id) and
/// its words.
fn swatch_item(class: &str, pattern: Option<String>, words: &str) -> Node {
    let rect = || el("rect").at("width", "18").at("height", "12");
    el("li")
        .kid(
            el("svg")
                .at("class", format!("swatch {class}"))
                .at("width", "18")
                .at("height", "12")
                .at("aria-hidden", "true")
                .kid(rect().at("class", "fill"))
                .kids(pattern.map(|p| rect().at("fill", format!("url(#{p})")).into())),
        )
        .tx(words)
        .into()
}

/// A pipeline chart as a figure: caption, its drawings (each at a desktop's and a phone's size; the
/// style sheet shows one), the patterns they share, a legend and a visually hidden table.
fn figure(
    id: &'static str,
    (title, desc): (String, String),
    pattern_id: &str,
    drawings: Vec<Drawing>,
    legend: Vec<Node>,
    table: Vec<Node>,
) -> Node {
    let mut fig = el("figure")
        .at("class", "chart pipe-chart")
        .at("data-testid", format!("chart-{id}"))
        .kid(el("figcaption").tx(title.clone()))
        // The patterns, in an SVG that is never hidden: a pattern inside a hidden SVG paints nothing.
        .kid(
            el("svg")
                .at("class", "defs")
                .at("aria-hidden", "true")
                .kid(gantt::pattern_defs(pattern_id)),
        );
    let mut labelled = false;
    for d in drawings {
        // `main` and `zoom` are the wide screen's; a phone's are `main-n` and `zoom-n`.
        let (size, n) = if d.narrow { ("n", "-n") } else { ("w", "") };
        let mut svg = el("svg")
            .at("class", format!("{}{n} {size}", d.kind))
            .at("viewBox", d.frame.view_box())
            .at("role", "img");
        svg = match &d.cap {
            Some(cap) => {
                fig = fig.kid(
                    el("p")
                        .at("class", format!("zoom-cap {size}"))
                        .tx(cap.clone()),
                );
                svg.at("aria-label", cap.clone()).kids(d.svg)
            }
            None => {
                // The first main drawing holds the title and description; the other one names them.
                svg = svg.at("aria-labelledby", format!("{id}-t {id}-d"));
                if !labelled {
                    labelled = true;
                    svg = svg
                        .kid(el("title").at("id", format!("{id}-t")).tx(title.clone()))
                        .kid(el("desc").at("id", format!("{id}-d")).tx(desc.clone()));
                }
                svg.kids(d.svg)
            }
        };
        fig = fig.kid(svg);
    }
    fig.kid(el("ul").at("class", "legend").kids(legend))
        .kid(
            el("div")
                .at("class", "sr-only")
                .kid(el("table").kid(el("caption").tx(title)).kids(table)),
        )
        .into()
}

/// The turn's timeline as a figure: the whole turn and a zoom on its end-to-end window, each for a wide
/// screen and a phone, with its legend and its table.
#[must_use]
pub fn gantt_figure(p: &Pipeline, r: &PipelineReport, lang: Lang) -> Node {
    let rows: Vec<String> = (0..p.stages.len()).map(|i| stage_name(p, i)).collect();
    let b = bars(r, lang);
    let utter = p.get(TurnField::UtteranceS);
    // A camera turn runs from the frame to the first word; a spoken one from the end of speech to the
    // first audio.
    let camera = r.camera.is_some();
    let [from, to, zoom_cap] = edgefit_text::e2e_marks(camera, lang);
    let marks = [
        Mark {
            at: utter,
            label: from.into(),
            anchor: "end",
        },
        Mark {
            at: utter + r.latency.e2e.0,
            label: to.into(),
            anchor: "start",
        },
    ];
    let e2e = r.latency.e2e.0.max(0.01);
    // The whole turn, then the zoom on the end-to-end window; each for a wide screen and a phone.
    let mut drawings = Vec::new();
    for narrow in [false, true] {
        for (window, cap) in [
            (None, None),
            (
                Some((utter - 0.1 * e2e, utter + 1.15 * e2e)),
                Some(zoom_cap.to_string()),
            ),
        ] {
            drawings.push(Drawing {
                kind: if cap.is_some() { "zoom" } else { "main" },
                narrow,
                frame: gantt::frame(rows.len(), narrow),
                svg: gantt::gantt_svg(
                    "gp",
                    &rows,
                    &b,
                    &marks,
                    edgefit_text::timeline_axis(camera, lang),
                    window,
                    narrow,
                ),
                cap,
            });
        }
    }
    let present: Vec<SegmentKind> = ALL_KINDS
        .iter()
        .copied()
        .filter(|k| r.timeline.iter().any(|s| s.kind == *k))
        .collect();
    let legend = present
        .into_iter()
        .map(|k| {
            let code = kind_code(k);
            let pat = gantt::pattern_of(code);
            let pattern = (pat != "none").then(|| format!("gp-{pat}"));
            swatch_item(
                &format!("seg seg-{code}"),
                pattern,
                edgefit_text::segment_label(k, lang),
            )
        })
        .collect();
    let rows_of: Vec<[String; 4]> = r
        .timeline
        .iter()
        .zip(&b)
        .map(|(s, bar)| {
            [
                stage_name(p, s.stage),
                bar.label.clone(),
                ms(s.start.0),
                ms(s.end.0),
            ]
        })
        .collect();
    let table = chart::table(
        &[
            term(Term::StageCol, lang),
            term(Term::WhatCol, lang),
            term(Term::StartCol, lang),
            term(Term::EndCol, lang),
        ],
        &rows_of,
    );
    let desc = edgefit_text::timeline_desc(rows.len(), utter, r.latency.e2e.0, camera, lang);
    figure(
        "gantt",
        (term(Term::GanttTitle, lang).into(), desc),
        "gp",
        drawings,
        legend,
        table,
    )
}

/// Every stage's memory against the usable memory, as a figure.
#[must_use]
pub fn memory_figure(p: &Pipeline, r: &PipelineReport, lang: Lang) -> Node {
    let m = &r.memory;
    let rows: Vec<MemRow> = m
        .stages
        .iter()
        .enumerate()
        .map(|(i, s)| MemRow {
            name: stage_name(p, i),
            parts: [s.weights.0, s.kv.0, s.workspace.0, s.runtime.0],
        })
        .collect();
    let names = [
        term(Term::WeightsWord, lang),
        "KV",
        term(Term::WorkspaceWord, lang),
        term(Term::RuntimeWord, lang),
    ];
    let usable = format!("{} {}", term(Term::UsableWord, lang), gb(m.usable.0));
    let mut drawings = Vec::new();
    for narrow in [false, true] {
        drawings.push(Drawing {
            kind: "main",
            narrow,
            frame: gantt::mem_frame(rows.len(), narrow),
            svg: gantt::memory_svg("mp", &rows, names, (m.usable.0, &usable), "GB", narrow),
            cap: None,
        });
    }
    let legend = names
        .iter()
        .enumerate()
        .map(|(k, n)| {
            let pattern = (k == 1).then(|| "mp-hatch".to_string());
            swatch_item(&format!("mseg {}", gantt::MEM_CLASSES[k]), pattern, n)
        })
        .collect();
    let rows_of: Vec<[String; 7]> = rows
        .iter()
        .zip(&m.stages)
        .map(|(row, s)| {
            [
                row.name.clone(),
                gb(s.weights.0),
                gb(s.kv.0),
                gb(s.workspace.0),
                gb(s.runtime.0),
                gb(s.total.0),
                term(
                    if s.resident {
                        Term::Yes
                    } else {
                        Term::OnDemand
                    },
                    lang,
                )
                .into(),
            ]
        })
        .collect();
    let table = chart::table(
        &[
            term(Term::StageCol, lang),
            names[0],
            names[1],
            names[2],
            names[3],
            term(Term::TotalWord, lang),
            term(Term::ResidentWord, lang),
        ],
        &rows_of,
    );
    let desc = edgefit_text::memory_desc(m.usable.0, m.all_stages.0, lang);
    figure(
        "pipe-memory",
        (term(Term::MemoryByStage, lang).into(), desc),
        "mp",
        drawings,
        legend,
        table,
    )
}

/// A stage as the charts and tables name it: `2. LLM`.
#[must_use]
pub fn stage_name(p: &Pipeline, i: usize) -> String {
    p.stages.get(i).map_or_else(String::new, |s| {
        format!("{}. {}", i + 1, s.role.code().to_ascii_uppercase())
    })
}

/// Seconds in milliseconds, three significant digits.
#[must_use]
pub fn ms(s: f64) -> String {
    format!("{} ms", fmt_num(s * 1e3, 3))
}

/// Bytes in GB, three significant digits.
#[must_use]
pub fn gb(b: f64) -> String {
    format!("{} GB", fmt_num(b / 1e9, 3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::pipeline::analyze_pipeline;

    #[test]
    fn the_gantt_has_a_row_per_stage_and_a_bar_per_segment() {
        let report = analyze_pipeline(&Pipeline::voice_assistant()).expect("valid");
        let b = bars(&report, Lang::En);
        assert_eq!(b.len(), report.timeline.len());
        let rows: std::collections::BTreeSet<usize> = b.iter().map(|b| b.row).collect();
        assert_eq!(rows.len(), 3);
        for k in ALL_KINDS {
            assert!(!kind_code(k).is_empty());
        }
    }
}
