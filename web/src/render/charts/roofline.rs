//! The roofline: the device's compute roof and bandwidth slope, with decode and prefill placed on it.

use edgefit_text::Lang;

use super::figure::{band_text, compare_legend, f3, ChartOut};
use super::models::{roofline_model, Roofline};
use crate::render::chart::{self, Frame, Scale, Svg};
use crate::render::live::Ui;
use edgefit_glance::check::Good;

pub(super) fn roofline_chart(g: &Good, pinned: Option<&Good>, lang: Lang) -> ChartOut {
    let frame = Frame::standard();
    let [e, lo, hi] = roofline_model(g);
    let pr = pinned.map(|p| roofline_model(p)[0]);
    let tops = |x: f64| x / 1e12;
    let mut xs_all = vec![
        e.decode.0,
        e.prefill.0,
        chart::ridge(e.peak, e.bw),
        chart::ridge(lo.peak, lo.bw),
        chart::ridge(hi.peak, hi.bw),
    ];
    if let Some(p) = pr {
        xs_all.extend([p.decode.0, p.prefill.0, chart::ridge(p.peak, p.bw)]);
    }
    let (x0, x1) = chart::log_extent(&xs_all);
    let mut ys_all: Vec<f64> = [Some(e), Some(lo), Some(hi), pr]
        .iter()
        .flatten()
        .flat_map(|r| [r.peak, chart::roof(x0, r.peak, r.bw)])
        .map(tops)
        .collect();
    ys_all.extend([tops(e.decode.1), tops(e.prefill.1)]);
    if let Some(p) = pr {
        ys_all.extend([tops(p.decode.1), tops(p.prefill.1)]);
    }
    let (y0, y1) = chart::log_extent(&ys_all);
    let xs = Scale::log(x0, x1, frame.x0(), frame.x1());
    let ys = Scale::log(y0, y1, frame.y1(), frame.y0());
    let roof_pts = |r: &Roofline| -> Vec<(f64, f64)> {
        let ridge = edgefit_core::math::clamp(chart::ridge(r.peak, r.bw), x0, x1);
        [x0, ridge, x1]
            .iter()
            .map(|&x| {
                (
                    xs.map(x),
                    ys.map_clamped(tops(chart::roof(x, r.peak, r.bw))),
                )
            })
            .collect()
    };
    let (rlo, rhi) = if lo.peak <= hi.peak {
        (lo, hi)
    } else {
        (hi, lo)
    };
    let mut svg = Svg::default();
    svg.y_axis(&frame, &ys, &ys.ticks(5), f3, Ui::Attainable.text(lang));
    svg.x_axis(&frame, &xs, &xs.ticks(5), f3, Ui::Intensity.text(lang));
    if rhi.peak > rlo.peak * (1.0 + 1e-9) || rhi.bw > rlo.bw * (1.0 + 1e-9) {
        svg.path(&chart::band_path(&roof_pts(&rhi), &roof_pts(&rlo)), "band");
    }
    if let Some(p) = &pr {
        svg.path(&chart::line_path(&roof_pts(p)), "series pinned");
        for ((ai, perf), cls) in [
            (p.decode, "pt decode pinned"),
            (p.prefill, "pt prefill pinned"),
        ] {
            // A ring larger than the current point, so it shows around it where the two coincide.
            let (px, py) = (xs.map_clamped(ai), ys.map_clamped(tops(perf)));
            svg.circle(px, py, 7.0, cls);
            let right = px < frame.x1() - 60.0;
            svg.text(
                if right { px + 9.0 } else { px - 9.0 },
                py - 9.0,
                if right { "start" } else { "end" },
                "point-label pinned",
                Ui::Pinned.text(lang),
            );
        }
    }
    svg.path(&chart::line_path(&roof_pts(&e)), "series");
    for ((ai, perf), cls, label) in [
        (e.decode, "pt decode", Ui::Decode),
        (e.prefill, "pt prefill", Ui::Prefill),
    ] {
        let (px, py) = (xs.map_clamped(ai), ys.map_clamped(tops(perf)));
        svg.circle(px, py, 5.0, cls);
        let right = px < frame.x1() - 60.0;
        svg.text(
            if right { px + 8.0 } else { px - 8.0 },
            py + 16.0,
            if right { "start" } else { "end" },
            "point-label",
            label.text(lang),
        );
    }
    let mut table = vec![
        [
            Ui::Roof.text(lang).to_string(),
            format!(
                "{} TOPS, {} GB/s",
                band_text(tops(rlo.peak), tops(rhi.peak)),
                f3(e.bw / 1e9)
            ),
        ],
        [
            Ui::Decode.text(lang).to_string(),
            format!("{} ops/B, {} TOPS", f3(e.decode.0), f3(tops(e.decode.1))),
        ],
        [
            Ui::Prefill.text(lang).to_string(),
            format!("{} ops/B, {} TOPS", f3(e.prefill.0), f3(tops(e.prefill.1))),
        ],
    ];
    let pinned_text = pr.map(|p| {
        let pin = Ui::Pinned.text(lang);
        table.push([
            format!("{pin}: {}", Ui::Roof.text(lang)),
            format!("{} TOPS, {} GB/s", f3(tops(p.peak)), f3(p.bw / 1e9)),
        ]);
        table.push([
            format!("{pin}: {}", Ui::Decode.text(lang)),
            format!("{} ops/B, {} TOPS", f3(p.decode.0), f3(tops(p.decode.1))),
        ]);
        table.push([
            format!("{pin}: {}", Ui::Prefill.text(lang)),
            format!("{} ops/B, {} TOPS", f3(p.prefill.0), f3(tops(p.prefill.1))),
        ]);
        format!(
            " {pin}: {} {} ops/B → {} TOPS; {} {} ops/B → {} TOPS.",
            Ui::Decode.text(lang),
            f3(p.decode.0),
            f3(tops(p.decode.1)),
            Ui::Prefill.text(lang),
            f3(p.prefill.0),
            f3(tops(p.prefill.1)),
        )
    });
    let current = if pr.is_some() {
        format!("{}: ", Ui::CurrentScenario.text(lang))
    } else {
        String::new()
    };
    ChartOut {
        id: "roofline",
        frame,
        title: Ui::ChartRoofline.text(lang).into(),
        desc: format!(
            "{} {current}{}: {} ops/B → {} TOPS; {}: {} ops/B → {} TOPS; {} {} ops/B.{}",
            Ui::ChartRooflineDesc.text(lang),
            Ui::Decode.text(lang),
            f3(e.decode.0),
            f3(tops(e.decode.1)),
            Ui::Prefill.text(lang),
            f3(e.prefill.0),
            f3(tops(e.prefill.1)),
            Ui::Ridge.text(lang),
            f3(chart::ridge(e.peak, e.bw)),
            pinned_text.unwrap_or_default(),
        ),
        svg: svg.0,
        table: chart::table(&["", Ui::Value.text(lang)], &table),
        legend: pr.is_some().then(|| compare_legend(lang)),
    }
}
