//! Chart geometry: scales, ticks and SVG paths as plain functions of numbers, and [`Svg`], which builds
//! the SVG elements as [`crate::render::dom`] nodes.
//!
//! Nothing here knows about signals, the live DOM or languages; the charts ([`crate::render::charts`],
//! [`crate::render::timeline`]) feed these functions with the engine's numbers and words. That keeps every
//! coordinate testable natively (`cargo test -p edgefit-web`).

use edgefit_core::numfmt::display;

use super::dom::{el, El, Node};

/// The drawing area of a chart inside its SVG `viewBox`, in SVG user units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Total width of the viewBox.
    pub width: f64,
    /// Total height of the viewBox.
    pub height: f64,
    /// Left margin (room for the y-axis ticks and label).
    pub left: f64,
    /// Right margin.
    pub right: f64,
    /// Top margin.
    pub top: f64,
    /// Bottom margin (room for the x-axis ticks and label).
    pub bottom: f64,
}

impl Frame {
    /// The usual frame of the page's charts: 480 × 260 with room for axis labels.
    #[must_use]
    pub const fn standard() -> Self {
        Self {
            width: 480.0,
            height: 260.0,
            left: 56.0,
            right: 16.0,
            top: 14.0,
            bottom: 44.0,
        }
    }
    /// Left edge of the plot area.
    #[must_use]
    pub fn x0(&self) -> f64 {
        self.left
    }
    /// Right edge of the plot area.
    #[must_use]
    pub fn x1(&self) -> f64 {
        self.width - self.right
    }
    /// Top edge of the plot area.
    #[must_use]
    pub fn y0(&self) -> f64 {
        self.top
    }
    /// Bottom edge of the plot area.
    #[must_use]
    pub fn y1(&self) -> f64 {
        self.height - self.bottom
    }
    /// The `viewBox` attribute for this frame.
    #[must_use]
    pub fn view_box(&self) -> String {
        format!("0 0 {} {}", display(self.width), display(self.height))
    }
}

/// A map from a data interval to a pixel interval, linear or logarithmic.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    /// Data value at the start of the range.
    pub d0: f64,
    /// Data value at the end of the range.
    pub d1: f64,
    /// Pixel at `d0`.
    pub r0: f64,
    /// Pixel at `d1`.
    pub r1: f64,
    /// Logarithmic (base 10) rather than linear.
    pub log: bool,
}

impl Scale {
    /// A linear scale. A degenerate domain (`d0 == d1`) is widened so that `map` stays finite.
    #[must_use]
    pub fn linear(d0: f64, d1: f64, r0: f64, r1: f64) -> Self {
        let (d0, d1) = widen(d0, d1);
        Self {
            d0,
            d1,
            r0,
            r1,
            log: false,
        }
    }
    /// A base-10 logarithmic scale; the domain must be positive (non-positive ends are clamped to a
    /// tiny positive number).
    #[must_use]
    pub fn log(d0: f64, d1: f64, r0: f64, r1: f64) -> Self {
        let d0 = if d0 > 0.0 && d0.is_finite() {
            d0
        } else {
            1e-12
        };
        let d1 = if d1 > d0 && d1.is_finite() {
            d1
        } else {
            d0 * 10.0
        };
        Self {
            d0,
            d1,
            r0,
            r1,
            log: true,
        }
    }
    /// The pixel of a data value (values outside the domain extrapolate; non-finite input gives `r0`).
    #[must_use]
    pub fn map(&self, x: f64) -> f64 {
        let t = if self.log {
            if x <= 0.0 {
                return self.r0;
            }
            (x.log10() - self.d0.log10()) / (self.d1.log10() - self.d0.log10())
        } else {
            (x - self.d0) / (self.d1 - self.d0)
        };
        if t.is_finite() {
            self.r0 + t * (self.r1 - self.r0)
        } else {
            self.r0
        }
    }
    /// The pixel of a data value, held inside the range.
    #[must_use]
    pub fn map_clamped(&self, x: f64) -> f64 {
        let p = self.map(x);
        let (lo, hi) = if self.r0 <= self.r1 {
            (self.r0, self.r1)
        } else {
            (self.r1, self.r0)
        };
        edgefit_core::math::clamp(p, lo, hi)
    }
    /// Tick values for this scale: "nice" linear steps, or powers of ten for a log scale.
    #[must_use]
    pub fn ticks(&self, count: usize) -> Vec<f64> {
        if self.log {
            log_ticks(self.d0, self.d1)
        } else {
            nice_ticks(self.d0, self.d1, count)
        }
    }
}

fn widen(d0: f64, d1: f64) -> (f64, f64) {
    let d0 = if d0.is_finite() { d0 } else { 0.0 };
    let d1 = if d1.is_finite() { d1 } else { d0 + 1.0 };
    if (d1 - d0).abs() < f64::EPSILON * d0.abs().max(1.0) {
        (d0, d0 + d0.abs().max(1.0))
    } else {
        (d0, d1)
    }
}

/// A "nice" step (1, 2 or 5 × 10ⁿ) that cuts `span` into about `count` pieces.
#[must_use]
pub fn nice_step(span: f64, count: usize) -> f64 {
    let count = count.max(1) as f64;
    if !(span.is_finite() && span > 0.0) {
        return 1.0;
    }
    let raw = span / count;
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let k = if norm < 1.5 {
        1.0
    } else if norm < 3.0 {
        2.0
    } else if norm < 7.0 {
        5.0
    } else {
        10.0
    };
    k * mag
}

/// Ticks at multiples of a nice step inside `[lo, hi]`.
#[must_use]
pub fn nice_ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    if !(lo.is_finite() && hi.is_finite()) {
        return Vec::new();
    }
    let step = nice_step(hi - lo, count);
    let first = (lo / step).ceil();
    let last = (hi / step + 1e-9).floor();
    let n = edgefit_core::math::clamp(last - first, -1.0, 1000.0) as i64;
    (0..=n)
        .map(|i| {
            let v = (first + i as f64) * step;
            // Snap away float dust such as 0.30000000000000004.
            (v / step).round() * step
        })
        .collect()
}

/// A nice upper end for an axis starting at zero that must show `max`.
#[must_use]
pub fn nice_max(max: f64) -> f64 {
    if !(max.is_finite() && max > 0.0) {
        return 1.0;
    }
    let step = nice_step(max, 10);
    (max / step).ceil() * step
}

/// Powers of ten inside `[lo, hi]` (both positive).
#[must_use]
pub fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    if !(lo > 0.0 && hi > lo && hi.is_finite()) {
        return Vec::new();
    }
    let a = lo.log10().ceil() as i32;
    let b = (hi.log10() + 1e-9).floor() as i32;
    (a..=b.min(a + 40)).map(|e| 10f64.powi(e)).collect()
}

/// The power-of-ten interval that holds every positive value in `xs`, with some margin.
#[must_use]
pub fn log_extent(xs: &[f64]) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut hi = 0.0f64;
    for &x in xs {
        if x > 0.0 && x.is_finite() {
            lo = lo.min(x);
            hi = hi.max(x);
        }
    }
    if !lo.is_finite() {
        return (1.0, 10.0);
    }
    let lo = 10f64.powf((lo.log10() - 0.3).floor());
    let hi = 10f64.powf((hi.log10() + 0.3).ceil());
    (lo, hi)
}

fn push_num(out: &mut String, x: f64) {
    // One decimal is plenty at SVG scale and keeps the markup short.
    let r = (x * 10.0).round() / 10.0;
    out.push_str(&edgefit_core::numfmt::display(r));
}

/// An SVG path through the points (`M x y L x y …`); empty for no points. Non-finite points are skipped.
#[must_use]
pub fn line_path(points: &[(f64, f64)]) -> String {
    let mut out = String::new();
    for &(x, y) in points.iter().filter(|p| p.0.is_finite() && p.1.is_finite()) {
        out.push(if out.is_empty() { 'M' } else { 'L' });
        push_num(&mut out, x);
        out.push(' ');
        push_num(&mut out, y);
    }
    out
}

/// A closed SVG path for the band between an upper and a lower line over the same x positions
/// (upper left to right, then lower right to left).
#[must_use]
pub fn band_path(upper: &[(f64, f64)], lower: &[(f64, f64)]) -> String {
    let mut pts: Vec<(f64, f64)> = upper.to_vec();
    pts.extend(lower.iter().rev().copied());
    let mut p = line_path(&pts);
    if !p.is_empty() {
        p.push('Z');
    }
    p
}

/// Sample `n + 1` evenly spaced x positions from `x0` to `x1`.
#[must_use]
pub fn samples(x0: f64, x1: f64, n: usize) -> Vec<f64> {
    let n = n.max(1);
    (0..=n)
        .map(|i| x0 + (x1 - x0) * i as f64 / n as f64)
        .collect()
}

/// Pointwise lowest and highest of several curves sampled at the same positions.
#[must_use]
pub fn envelope(curves: &[Vec<f64>]) -> (Vec<f64>, Vec<f64>) {
    let n = curves.iter().map(Vec::len).min().unwrap_or(0);
    let lo = (0..n)
        .map(|i| curves.iter().map(|c| c[i]).fold(f64::INFINITY, f64::min))
        .collect();
    let hi = (0..n)
        .map(|i| {
            curves
                .iter()
                .map(|c| c[i])
                .fold(f64::NEG_INFINITY, f64::max)
        })
        .collect();
    (lo, hi)
}

/// Cumulative segments of a stacked bar: each part's (start, length), negative parts taken as zero.
#[must_use]
pub fn stack(parts: &[f64]) -> Vec<(f64, f64)> {
    let mut at = 0.0;
    parts
        .iter()
        .map(|&p| {
            let len = if p.is_finite() { p.max(0.0) } else { 0.0 };
            let seg = (at, len);
            at += len;
            seg
        })
        .collect()
}

/// The roofline: attainable ops/s at arithmetic intensity `ai` (ops/byte) for a machine with compute
/// `peak` (ops/s) and bandwidth `bw` (bytes/s).
#[must_use]
pub fn roof(ai: f64, peak: f64, bw: f64) -> f64 {
    (ai * bw).min(peak)
}

/// The ridge point of a roofline: the intensity where bandwidth stops limiting (ops/byte).
#[must_use]
pub fn ridge(peak: f64, bw: f64) -> f64 {
    if bw > 0.0 {
        peak / bw
    } else {
        f64::INFINITY
    }
}

/// Junction temperature over a session of continuous work, with the device throttling at the limit:
/// the temperature follows `tj(t)` until it reaches `tj_max`, then holds there.
#[must_use]
pub fn clamp_at_limit(tj: &[f64], tj_max: f64) -> Vec<f64> {
    tj.iter().map(|&t| t.min(tj_max)).collect()
}

/// A coordinate as an attribute value: rounded to 0.1 (plenty at SVG scale, and short); 0 when not finite.
#[must_use]
pub fn num(x: f64) -> String {
    let mut out = String::new();
    push_num(&mut out, if x.is_finite() { x } else { 0.0 });
    out
}

/// SVG elements built one by one ([`crate::render::dom`] nodes). Coordinates are rounded to 0.1; text is a
/// text node.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Svg(pub Vec<Node>);

impl Svg {
    /// Add an element.
    pub fn push(&mut self, e: El) {
        self.0.push(e.into());
    }
    /// Add `g` holding what `inner` drew.
    pub fn group(&mut self, g: El, inner: Svg) {
        self.push(g.kids(inner.0));
    }
    /// A line with a class.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, class: &str) {
        self.push(
            el("line")
                .at("class", class)
                .at("x1", num(x1))
                .at("y1", num(y1))
                .at("x2", num(x2))
                .at("y2", num(y2)),
        );
    }
    /// A path with a class; nothing for an empty path.
    pub fn path(&mut self, d: &str, class: &str) {
        if !d.is_empty() {
            self.push(el("path").at("class", class).at("d", d));
        }
    }
    /// A rectangle with a class (negative sizes drawn as zero), to add attributes to before [`Svg::push`].
    #[must_use]
    pub fn rect_el(x: f64, y: f64, w: f64, h: f64, class: &str) -> El {
        el("rect")
            .at("class", class)
            .at("x", num(x))
            .at("y", num(y))
            .at("width", num(w.max(0.0)))
            .at("height", num(h.max(0.0)))
    }
    /// A rectangle with a class (negative sizes drawn as zero).
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, class: &str) {
        self.push(Self::rect_el(x, y, w, h, class));
    }
    /// A circle with a class.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, class: &str) {
        self.push(
            el("circle")
                .at("class", class)
                .at("cx", num(cx))
                .at("cy", num(cy))
                .at("r", num(r)),
        );
    }
    /// Text at a point; `anchor` is `start`, `middle` or `end`.
    pub fn text(&mut self, x: f64, y: f64, anchor: &str, class: &str, content: &str) {
        self.push(
            el("text")
                .at("class", class)
                .at("text-anchor", anchor)
                .at("x", num(x))
                .at("y", num(y))
                .tx(content),
        );
    }
    /// Text rotated a quarter turn counter-clockwise about its point (a y-axis label).
    pub fn text_up(&mut self, x: f64, y: f64, class: &str, content: &str) {
        let (x, y) = (num(x), num(y));
        self.push(
            el("text")
                .at("class", class)
                .at("text-anchor", "middle")
                .at("transform", format!("rotate(-90 {x} {y})"))
                .at("x", x)
                .at("y", y)
                .tx(content),
        );
    }
    /// An x axis along the bottom of the frame: line, ticks, tick labels and the axis label.
    pub fn x_axis(
        &mut self,
        f: &Frame,
        s: &Scale,
        ticks: &[f64],
        fmt: impl Fn(f64) -> String,
        label: &str,
    ) {
        let y = f.y1();
        self.line(f.x0(), y, f.x1(), y, "axis");
        for &t in ticks {
            let x = s.map(t);
            self.line(x, y, x, y + 4.0, "axis");
            self.text(x, y + 16.0, "middle", "tick", &fmt(t));
        }
        self.text(
            (f.x0() + f.x1()) / 2.0,
            f.height - 6.0,
            "middle",
            "label",
            label,
        );
    }
    /// A y axis along the left of the frame, with grid lines across the plot.
    pub fn y_axis(
        &mut self,
        f: &Frame,
        s: &Scale,
        ticks: &[f64],
        fmt: impl Fn(f64) -> String,
        label: &str,
    ) {
        let x = f.x0();
        self.line(x, f.y0(), x, f.y1(), "axis");
        for &t in ticks {
            let y = s.map(t);
            self.line(x, y, f.x1(), y, "grid");
            self.text(x - 5.0, y + 3.5, "end", "tick", &fmt(t));
        }
        self.text_up(12.0, (f.y0() + f.y1()) / 2.0, "label", label);
    }
}

/// A table's head and body (`<thead>` + `<tbody>`): a row of column headings, then rows whose first cell
/// is the row's heading.
#[must_use]
pub fn table<R: AsRef<[String]>>(head: &[&str], rows: &[R]) -> Vec<Node> {
    table_of(head, rows.iter().map(|r| table_row(r.as_ref())).collect())
}

fn table_row(cells: &[String]) -> Node {
    el("tr")
        .kids(cells.iter().enumerate().map(|(i, c)| {
            if i == 0 {
                el("th").at("scope", "row").tx(c.as_str()).into()
            } else {
                el("td").tx(c.as_str()).into()
            }
        }))
        .into()
}

fn table_of(head: &[&str], rows: Vec<Node>) -> Vec<Node> {
    let head = el("thead").kid(
        el("tr").kids(
            head.iter()
                .map(|h| Node::from(el("th").at("scope", "col").tx(*h))),
        ),
    );
    vec![head.into(), el("tbody").kids(rows).into()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-9, "{a} != {b}");
    }

    #[test]
    fn linear_scale_maps_ends_and_middle() {
        let s = Scale::linear(0.0, 100.0, 50.0, 450.0);
        close(s.map(0.0), 50.0);
        close(s.map(100.0), 450.0);
        close(s.map(50.0), 250.0);
    }

    #[test]
    fn inverted_pixel_range_for_y_axes() {
        let s = Scale::linear(0.0, 10.0, 200.0, 10.0);
        close(s.map(0.0), 200.0);
        close(s.map(10.0), 10.0);
        close(s.map_clamped(20.0), 10.0);
        close(s.map_clamped(-5.0), 200.0);
    }

    #[test]
    fn degenerate_domain_stays_finite() {
        let s = Scale::linear(5.0, 5.0, 0.0, 100.0);
        assert!(s.map(5.0).is_finite());
        let s = Scale::linear(0.0, f64::NAN, 0.0, 100.0);
        assert!(s.map(0.5).is_finite());
    }

    #[test]
    fn log_scale_decades_are_even() {
        let s = Scale::log(1.0, 1000.0, 0.0, 300.0);
        close(s.map(10.0), 100.0);
        close(s.map(100.0), 200.0);
        close(s.map(0.0), 0.0);
        assert_eq!(s.ticks(5), vec![1.0, 10.0, 100.0, 1000.0]);
    }

    #[test]
    fn nice_ticks_are_round() {
        assert_eq!(
            nice_ticks(0.0, 100.0, 5),
            vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
        );
        assert_eq!(
            nice_ticks(0.0, 0.9, 3),
            vec![0.0, 0.2, 0.4, 0.6000000000000001, 0.8]
        );
        assert_eq!(
            nice_ticks(0.0, 2048.0, 4),
            vec![0.0, 500.0, 1000.0, 1500.0, 2000.0]
        );
        assert!(nice_ticks(0.0, f64::INFINITY, 4).is_empty());
    }

    #[test]
    fn nice_max_rounds_up() {
        close(nice_max(85.8), 90.0);
        close(nice_max(4.6), 5.0);
        close(nice_max(1234.0), 1300.0);
        close(nice_max(0.0), 1.0);
    }

    #[test]
    fn log_extent_pads_to_decades() {
        let (lo, hi) = log_extent(&[2.0, 400.0, -1.0, f64::NAN]);
        close(lo, 1.0);
        close(hi, 1000.0);
        assert_eq!(log_extent(&[]), (1.0, 10.0));
    }

    #[test]
    fn paths_skip_non_finite_points() {
        assert_eq!(
            line_path(&[(0.0, 1.0), (f64::NAN, 2.0), (2.25, 3.0)]),
            "M0 1L2.3 3"
        );
        assert_eq!(line_path(&[]), "");
        assert_eq!(
            band_path(&[(0.0, 0.0), (1.0, 0.0)], &[(0.0, 1.0), (1.0, 1.0)]),
            "M0 0L1 0L1 1L0 1Z"
        );
    }

    #[test]
    fn stacked_segments_accumulate() {
        assert_eq!(
            stack(&[1.0, 2.0, -3.0, 4.0]),
            vec![(0.0, 1.0), (1.0, 2.0), (3.0, 0.0), (3.0, 4.0)]
        );
    }

    #[test]
    fn roofline_meets_at_the_ridge() {
        let (peak, bw) = (2.4e12, 15e9);
        close(ridge(peak, bw), 160.0);
        close(roof(160.0, peak, bw), peak);
        close(roof(1.0, peak, bw), bw);
        close(roof(1e6, peak, bw), peak);
    }

    #[test]
    fn envelope_and_samples() {
        assert_eq!(samples(0.0, 10.0, 2), vec![0.0, 5.0, 10.0]);
        let (lo, hi) = envelope(&[vec![1.0, 5.0], vec![3.0, 2.0]]);
        assert_eq!(lo, vec![1.0, 2.0]);
        assert_eq!(hi, vec![3.0, 5.0]);
    }

    #[test]
    fn temperature_holds_at_the_limit() {
        assert_eq!(clamp_at_limit(&[30.0, 90.0], 85.0), vec![30.0, 85.0]);
    }

    #[test]
    fn svg_builder_escapes_and_rounds() {
        let mut s = Svg::default();
        s.line(0.04, 1.0, 2.26, 3.0, "axis");
        s.text(1.0, 2.0, "end", "tick", "a<b & \"c\"");
        s.rect(0.0, 0.0, -5.0, 2.0, "seg");
        assert_eq!(
            crate::render::dom::markup(&s.0),
            "<line class=\"axis\" x1=\"0\" y1=\"1\" x2=\"2.3\" y2=\"3\"/>\
             <text class=\"tick\" text-anchor=\"end\" x=\"1\" y=\"2\">a&lt;b &amp; &quot;c&quot;</text>\
             <rect class=\"seg\" x=\"0\" y=\"0\" width=\"0\" height=\"2\"/>"
        );
        assert_eq!(
            crate::render::dom::markup(&table(
                &["x", "y"],
                &[["1".to_string(), "<2>".to_string()]]
            )),
            "<thead><tr><th scope=\"col\">x</th><th scope=\"col\">y</th></tr></thead>\
             <tbody><tr><th scope=\"row\">1</th><td>&lt;2&gt;</td></tr></tbody>"
        );
    }
}
