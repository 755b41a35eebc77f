//! Geometry of the pipeline view's two charts, as plain functions of numbers (no signals, no DOM, no
//! languages): the Gantt chart of one conversation turn and the stacked memory bar of every stage.
//!
//! Colour is never the only signal: every segment kind also has its own fill pattern, and every segment
//! wide enough carries its label (the narrow ones keep it in a `<title>` tooltip and in the text table).

use crate::render::chart::{nice_max, nice_ticks, Frame, Scale, Svg};
use crate::render::dom::{el, El, Node};

/// One bar of the Gantt chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// Row (stage index, 0-based).
    pub row: usize,
    /// Its kind's code (`listen`, `swap`, `prefill`…): picks the colour and the pattern.
    pub kind: &'static str,
    /// What a person reads on it.
    pub label: String,
    /// Start, seconds.
    pub start: f64,
    /// End, seconds.
    pub end: f64,
}

/// A vertical marker across every row (end of speech, first audio).
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// Time, seconds.
    pub at: f64,
    /// Its label.
    pub label: String,
    /// Which side of the line the label sits on: `end` (left of it), `start` (right) or `middle`.
    pub anchor: &'static str,
}

/// Height of one row, in SVG units.
pub const ROW_H: f64 = 30.0;
/// Height of a bar inside its row.
pub const BAR_H: f64 = 20.0;
/// Narrowest bar drawn (so a 1 ms segment stays visible).
pub const MIN_W: f64 = 2.0;

/// Every segment kind's pattern: the fill drawn over its colour (`none` for a plain fill).
#[must_use]
pub fn pattern_of(kind: &str) -> &'static str {
    match kind {
        "listen" | "speak" => "dots",
        "swap" => "hatch",
        "prefill" | "synthesize" => "vlines",
        "decode" | "infer" => "cross",
        _ => "none",
    }
}

/// The frame of a Gantt chart with `rows` rows: 640 wide, or (`narrow`) 300 wide with a short column for
/// the row names and room above the rows for one marker label per line, which a phone draws at about its
/// own size (a 640-wide chart on a 390 px screen shrinks its 12 px text to 6 px).
#[must_use]
pub fn frame(rows: usize, narrow: bool) -> Frame {
    let top = if narrow { 32.0 } else { 18.0 };
    Frame {
        width: if narrow { 300.0 } else { 640.0 },
        height: top + rows.max(1) as f64 * ROW_H + 44.0,
        left: if narrow { 66.0 } else { 118.0 },
        right: if narrow { 14.0 } else { 18.0 },
        top,
        bottom: 44.0,
    }
}

/// About how wide `s` is drawn at the charts' 11–12 px (CJK characters a full em): whether a label fits.
#[must_use]
pub fn text_width(s: &str) -> f64 {
    s.chars()
        .map(|c| if c.is_ascii() { 6.6 } else { 12.0 })
        .sum()
}

/// The time scale: the window when given, else 0 to a round value above the last end (at least 1 ms).
#[must_use]
pub fn time_scale(f: &Frame, bars: &[Bar], marks: &[Mark], window: Option<(f64, f64)>) -> Scale {
    if let Some((t0, t1)) = window.filter(|(a, b)| a.is_finite() && b.is_finite() && b > a) {
        return Scale::linear(t0, t1, f.x0(), f.x1());
    }
    let end = bars
        .iter()
        .map(|b| b.end)
        .chain(marks.iter().map(|m| m.at))
        .filter(|x| x.is_finite())
        .fold(1e-3, f64::max);
    Scale::linear(0.0, nice_max(end), f.x0(), f.x1())
}

/// A time in ms below 2 s, in s above (for the axis ticks).
#[must_use]
pub fn fmt_time(t: f64, span: f64) -> String {
    let r = |x: f64| {
        let s = edgefit_core::numfmt::fixed(x, 3);
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    if span < 2.0 {
        format!("{} ms", r(t * 1e3))
    } else {
        format!("{} s", r(t))
    }
}

/// The rectangle of a bar: (x, y, width, height), at least [`MIN_W`] wide.
#[must_use]
pub fn bar_rect(f: &Frame, s: &Scale, b: &Bar) -> (f64, f64, f64, f64) {
    let x0 = s.map_clamped(b.start.max(0.0));
    let x1 = s.map_clamped(b.end.max(b.start));
    let y = f.y0() + b.row as f64 * ROW_H + (ROW_H - BAR_H) / 2.0;
    (x0, y, (x1 - x0).max(MIN_W), BAR_H)
}

/// The pattern definitions the bars refer to (`url(#gp-hatch)`…), with a per-chart prefix: drawn once per
/// figure in an SVG of its own that is always rendered (a pattern inside a hidden SVG paints nothing).
#[must_use]
pub fn pattern_defs(id: &str) -> Node {
    let pattern = |name: &str, size: &'static str, mark: El| -> Node {
        el("pattern")
            .at("id", format!("{id}-{name}"))
            .at("width", size)
            .at("height", size)
            .at("patternUnits", "userSpaceOnUse")
            .kid(mark)
            .into()
    };
    let line = |x1: &'static str, y1: &'static str, x2: &'static str, y2: &'static str| {
        el("line")
            .at("x1", x1)
            .at("y1", y1)
            .at("x2", x2)
            .at("y2", y2)
            .at("class", "pat")
    };
    let hatch = match pattern("hatch", "6", line("0", "0", "0", "6")) {
        Node::El(p) => p.at("patternTransform", "rotate(45)").into(),
        n => n,
    };
    el("defs")
        .kid(hatch)
        .kid(pattern(
            "dots",
            "5",
            el("circle")
                .at("cx", "2.5")
                .at("cy", "2.5")
                .at("r", "1")
                .at("class", "patdot"),
        ))
        .kid(pattern("vlines", "4", line("2", "0", "2", "4")))
        .kid(pattern(
            "cross",
            "6",
            el("path").at("d", "M0 3H6M3 0V6").at("class", "pat"),
        ))
        .into()
}

/// The Gantt chart's SVG content (without the `<svg>` element): row labels, bars coloured by kind with
/// their pattern and label, markers, and the time axis. `id` prefixes the pattern ids ([`pattern_defs`]);
/// `window` zooms on a time interval (bars outside it are left out, bars across its edges are cut);
/// `narrow` draws the phone's [`frame`]: each marker's label has a line of its own and the axis has fewer
/// ticks. A bar carries its label where the label fits inside it.
#[must_use]
pub fn gantt_svg(
    id: &str,
    rows: &[String],
    bars: &[Bar],
    marks: &[Mark],
    axis: &str,
    window: Option<(f64, f64)>,
    narrow: bool,
) -> Vec<Node> {
    let f = frame(rows.len(), narrow);
    let s = time_scale(&f, bars, marks, window);
    let (lo, hi) = (s.d0, s.d1);
    let mut svg = Svg::default();
    for (i, name) in rows.iter().enumerate() {
        let y = f.y0() + i as f64 * ROW_H;
        if i % 2 == 1 {
            svg.rect(f.x0(), y, f.x1() - f.x0(), ROW_H, "band");
        }
        svg.text(f.x0() - 6.0, y + ROW_H / 2.0 + 4.0, "end", "row", name);
    }
    let shown = |b: &&Bar| b.end >= lo && b.start <= hi;
    for b in bars.iter().filter(shown) {
        let (x, y, w, h) = bar_rect(&f, &s, b);
        let mut seg = Svg::default();
        seg.push(el("title").tx(b.label.as_str()));
        seg.rect(x, y, w, h, "fill");
        let pat = pattern_of(b.kind);
        if pat != "none" {
            seg.push(Svg::rect_el(x, y, w, h, "pat-fill").at("fill", format!("url(#{id}-{pat})")));
        }
        svg.group(
            el("g")
                .at("class", format!("seg seg-{}", b.kind))
                .at("data-row", b.row.to_string()),
            seg,
        );
    }
    // Each bar's label where it fits inside the bar (wider, it would run into the next bar's). Bars of one
    // row can overlap (a stage synthesizes while it speaks): the one drawn last is on top, and its label is
    // the one shown there.
    let mut taken: Vec<(usize, f64, f64)> = Vec::new();
    for b in bars.iter().rev().filter(shown) {
        let (x, y, w, h) = bar_rect(&f, &s, b);
        let half = text_width(&b.label) / 2.0;
        let cx = x + w / 2.0;
        if w >= 2.0 * half + 4.0
            && taken
                .iter()
                .all(|&(r, a, z)| r != b.row || cx + half < a || cx - half > z)
        {
            svg.text(cx, y + h / 2.0 + 4.0, "middle", "seg-label", &b.label);
            taken.push((b.row, cx - half, cx + half));
        }
    }
    for (i, m) in marks
        .iter()
        .filter(|m| m.at >= lo && m.at <= hi)
        .enumerate()
    {
        let x = s.map_clamped(m.at);
        // A label that would leave the chart goes to the other side of its line.
        let w = text_width(&m.label) + 3.0;
        let anchor = match m.anchor {
            "end" if x - w < 0.0 => "start",
            "start" if x + w > f.width => "end",
            a => a,
        };
        let dx = match anchor {
            "end" => -3.0,
            "start" => 3.0,
            _ => 0.0,
        };
        let up = if narrow { 14.0 * i as f64 } else { 0.0 };
        svg.line(x, f.y0() - 4.0 - up, x, f.y1(), "mark");
        svg.text(x + dx, f.y0() - 6.0 - up, anchor, "mark-label", &m.label);
    }
    let span = hi - lo;
    let ticks = nice_ticks(lo, hi, if narrow { 3 } else { 6 });
    svg.x_axis(&f, &s, &ticks, |t| fmt_time(t, span), axis);
    svg.0
}

/// One stage's memory parts for the stacked bar, in bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct MemRow {
    /// Its name.
    pub name: String,
    /// Parts (weights, KV, workspace, runtime), bytes.
    pub parts: [f64; 4],
}

/// Classes of the memory parts, in [`MemRow::parts`] order.
pub const MEM_CLASSES: [&str; 4] = ["m-weights", "m-kv", "m-work", "m-runtime"];

/// The frame of the memory chart with `rows` stage rows (`narrow`: the phone's, as [`frame`]).
#[must_use]
pub fn mem_frame(rows: usize, narrow: bool) -> Frame {
    frame(rows, narrow)
}

/// The memory scale: 0 to a round value above both the largest stage and the usable memory.
#[must_use]
pub fn mem_scale(f: &Frame, rows: &[MemRow], usable: f64) -> Scale {
    let max = rows
        .iter()
        .map(|r| r.parts.iter().sum::<f64>())
        .chain(std::iter::once(usable))
        .filter(|x| x.is_finite())
        .fold(1.0, f64::max);
    Scale::linear(0.0, nice_max(max), f.x0(), f.x1())
}

/// The stacked memory bars' SVG content: one row per stage (weights, KV, workspace, runtime) and a line
/// at the usable memory. Values in bytes; the axis in GB. `narrow`: the phone's frame, fewer ticks.
#[must_use]
pub fn memory_svg(
    id: &str,
    rows: &[MemRow],
    part_names: [&str; 4],
    (usable, usable_label): (f64, &str),
    axis: &str,
    narrow: bool,
) -> Vec<Node> {
    let f = mem_frame(rows.len(), narrow);
    let s = mem_scale(&f, rows, usable);
    let mut svg = Svg::default();
    for (i, r) in rows.iter().enumerate() {
        let y = f.y0() + i as f64 * ROW_H;
        svg.text(f.x0() - 6.0, y + ROW_H / 2.0 + 4.0, "end", "row", &r.name);
        for (k, (start, len)) in crate::render::chart::stack(&r.parts)
            .into_iter()
            .enumerate()
        {
            if len <= 0.0 {
                continue;
            }
            let x0 = s.map_clamped(start);
            let x1 = s.map_clamped(start + len);
            let (ry, w) = (y + (ROW_H - BAR_H) / 2.0, (x1 - x0).max(1.0));
            let mut part = Svg::default();
            part.push(el("title").tx(format!(
                "{} {} GB",
                part_names[k],
                edgefit_text::fmt_num(len / 1e9, 3)
            )));
            part.rect(x0, ry, w, BAR_H, "fill");
            if k == 1 {
                part.push(
                    Svg::rect_el(x0, ry, w, BAR_H, "pat-fill")
                        .at("fill", format!("url(#{id}-hatch)")),
                );
            }
            svg.group(
                el("g").at("class", format!("mseg {}", MEM_CLASSES[k])),
                part,
            );
        }
    }
    let x = s.map_clamped(usable);
    svg.line(x, f.y0() - 4.0, x, f.y1(), "mark limit");
    svg.text(x, f.y0() - 6.0, "end", "mark-label", usable_label);
    let ticks = nice_ticks(0.0, s.d1, if narrow { 3 } else { 6 });
    svg.x_axis(&f, &s, &ticks, |t| edgefit_text::fmt_num(t / 1e9, 3), axis);
    svg.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bars() -> Vec<Bar> {
        vec![
            Bar {
                row: 0,
                kind: "listen",
                label: "listen".into(),
                start: 0.0,
                end: 3.0,
            },
            Bar {
                row: 0,
                kind: "transcribe",
                label: "transcribe".into(),
                start: 3.0,
                end: 3.04,
            },
            Bar {
                row: 1,
                kind: "prefill",
                label: "prefill".into(),
                start: 3.04,
                end: 3.2,
            },
            Bar {
                row: 2,
                kind: "speak",
                label: "speak <&>".into(),
                start: 3.63,
                end: 21.6,
            },
        ]
    }

    #[test]
    fn the_frame_grows_with_the_rows() {
        for narrow in [false, true] {
            assert!((frame(3, narrow).height - frame(2, narrow).height - ROW_H).abs() < 1e-9);
            assert!(frame(0, narrow).height > 0.0);
        }
    }

    #[test]
    fn bars_sit_in_their_row_at_their_time() {
        let f = frame(3, false);
        let b = bars();
        let s = time_scale(&f, &b, &[], None);
        assert!(s.d1 >= 21.6, "{}", s.d1);
        let (x, y, w, h) = bar_rect(&f, &s, &b[0]);
        assert!((x - f.x0()).abs() < 1e-9);
        assert!((w - (s.map(3.0) - f.x0())).abs() < 1e-9);
        assert!((y - (f.y0() + (ROW_H - BAR_H) / 2.0)).abs() < 1e-9);
        assert!((h - BAR_H).abs() < 1e-9);
        let (_, y2, _, _) = bar_rect(&f, &s, &b[3]);
        assert!((y2 - y - 2.0 * ROW_H).abs() < 1e-9);
        // Every bar inside the plot.
        for bar in &b {
            let (x, y, w, h) = bar_rect(&f, &s, bar);
            assert!(x >= f.x0() - 1e-9 && x + w <= f.x1() + MIN_W);
            assert!(y >= f.y0() && y + h <= f.y1());
        }
    }

    #[test]
    fn a_tiny_segment_stays_visible() {
        let f = frame(1, false);
        let s = Scale::linear(0.0, 20.0, f.x0(), f.x1());
        let b = Bar {
            row: 0,
            kind: "swap",
            label: String::new(),
            start: 1.0,
            end: 1.0,
        };
        assert!((bar_rect(&f, &s, &b).2 - MIN_W).abs() < 1e-9);
    }

    #[test]
    fn the_svg_has_one_group_per_bar_with_pattern_title_and_rows() {
        let rows = vec!["ASR".to_string(), "LLM".into(), "TTS".into()];
        let svg = crate::render::dom::markup(&gantt_svg(
            "g",
            &rows,
            &bars(),
            &[Mark {
                at: 3.0,
                label: "end of speech".into(),
                anchor: "end",
            }],
            "time",
            None,
            false,
        ));
        assert_eq!(svg.matches("<g class=\"seg ").count(), 4);
        assert_eq!(svg.matches("class=\"row\"").count(), 3);
        assert!(svg.contains("fill=\"url(#g-dots)\""));
        assert!(svg.contains("<title>speak &lt;&amp;&gt;</title>"));
        // The long listen bar is labelled inside; the 40 ms transcribe bar only by its title.
        assert!(svg.contains(">listen</text>"));
        assert!(!svg.contains(">transcribe</text>"));
        assert!(svg.contains(" s</text>"), "seconds on the axis");
    }

    #[test]
    fn a_window_zooms_on_the_end_to_end_interval() {
        let rows = vec!["ASR".to_string(), "LLM".into(), "TTS".into()];
        let f = frame(3, false);
        let s = time_scale(&f, &bars(), &[], Some((2.97, 3.23)));
        assert!((s.map(2.97) - f.x0()).abs() < 1e-9 && (s.map(3.23) - f.x1()).abs() < 1e-9);
        let svg = crate::render::dom::markup(&gantt_svg(
            "z",
            &rows,
            &bars(),
            &[],
            "t",
            Some((2.97, 3.23)),
            false,
        ));
        // Listen, transcribe and prefill touch the window, speak does not; the 40 ms transcribe bar is now
        // wide enough for its label (78 wide, the label about 66).
        assert_eq!(svg.matches("<g class=\"seg ").count(), 3);
        assert!(svg.contains(">transcribe</text>"));
        assert!(svg.contains(" ms</text>"), "milliseconds on the axis");
        let svg = crate::render::dom::markup(&gantt_svg(
            "z",
            &rows,
            &bars(),
            &[],
            "t",
            Some((3.1, 3.5)),
            false,
        ));
        assert_eq!(
            svg.matches("<g class=\"seg ").count(),
            1,
            "only prefill: listen and transcribe end before 3.1 s, speak starts after 3.5 s"
        );
    }

    #[test]
    fn the_phone_chart_labels_only_what_fits_and_keeps_marker_labels_inside_apart() {
        let rows = vec!["1. ASR".to_string(), "2. LLM".into(), "3. TTS".into()];
        let marks = [
            Mark {
                at: 3.0,
                label: "end of speech".into(),
                anchor: "end",
            },
            Mark {
                at: 3.2,
                label: "first audio".into(),
                anchor: "start",
            },
        ];
        let f = frame(3, true);
        // The zoom: end of speech near the left edge, first audio near the right one.
        let svg = crate::render::dom::markup(&gantt_svg(
            "z",
            &rows,
            &bars(),
            &marks,
            "t",
            Some((2.98, 3.21)),
            true,
        ));
        // Each marker's label on its own line, turned to the side where it stays inside the chart.
        let text_of = |label: &str| {
            svg.split("<text ")
                .find(|t| t.contains(&format!(">{label}<")))
                .unwrap_or_default()
                .to_string()
        };
        assert!(
            text_of("end of speech").contains("text-anchor=\"start\""),
            "{svg}"
        );
        assert!(
            text_of("first audio").contains("text-anchor=\"end\""),
            "{svg}"
        );
        assert_ne!(
            text_of("end of speech").split(" y=").nth(1),
            text_of("first audio").split(" y=").nth(1),
            "one line each"
        );
        let s = time_scale(&f, &bars(), &marks, Some((2.98, 3.21)));
        assert!(s.map(3.0) + 3.0 + text_width("end of speech") <= f.width);
        assert!(s.map(3.2) - 3.0 - text_width("first audio") >= 0.0);
        // The 40 ms transcribe bar is 38 wide here: too narrow for its label, which stays in its title.
        assert!(!svg.contains(">transcribe</text>"));
        assert!(svg.contains("<title>transcribe</title>"));
        assert_eq!(nice_ticks(2.98, 3.21, 3).len(), 3);
    }

    #[test]
    fn overlapping_bars_of_a_row_show_the_top_ones_label() {
        let both = |kind: &'static str, label: &str| Bar {
            row: 0,
            kind,
            label: label.into(),
            start: 1.0,
            end: 2.0,
        };
        let svg = crate::render::dom::markup(&gantt_svg(
            "g",
            &["TTS".to_string()],
            &[both("synthesize", "合成"), both("speak", "播放")],
            &[],
            "t",
            None,
            false,
        ));
        assert!(
            svg.contains(">播放</text>") && !svg.contains(">合成</text>"),
            "{svg}"
        );
    }

    #[test]
    fn time_ticks_read_in_ms_or_s() {
        assert_eq!(fmt_time(0.25, 1.0), "250 ms");
        assert_eq!(fmt_time(5.0, 25.0), "5 s");
        assert_eq!(fmt_time(2.5, 25.0), "2.5 s");
    }

    #[test]
    fn every_kind_but_solid_ones_has_a_pattern() {
        for k in [
            "listen",
            "swap",
            "prefill",
            "decode",
            "synthesize",
            "speak",
            "infer",
        ] {
            assert_ne!(pattern_of(k), "none", "{k}");
        }
        // Kinds sharing a pattern differ in colour and sit in different rows.
        assert_eq!(pattern_of("transcribe"), "none");
    }

    #[test]
    fn memory_bars_stack_and_mark_the_usable_memory() {
        let rows = vec![
            MemRow {
                name: "ASR".into(),
                parts: [74e6, 0.0, 42e6, 0.3e9],
            },
            MemRow {
                name: "LLM".into(),
                parts: [0.75e9, 0.537e9, 4.7e6, 0.3e9],
            },
        ];
        let f = mem_frame(2, false);
        let s = mem_scale(&f, &rows, 4.5e9);
        assert!(s.d1 >= 4.5e9);
        let svg = crate::render::dom::markup(&memory_svg(
            "m",
            &rows,
            ["w", "kv", "ws", "rt"],
            (4.5e9, "usable"),
            "GB",
            false,
        ));
        // ASR has no KV: 3 parts; LLM: 4.
        assert_eq!(svg.matches("<g class=\"mseg ").count(), 7);
        assert!(svg.contains("class=\"mark limit\""));
        assert!(svg.contains(">usable</text>"));
    }
}
