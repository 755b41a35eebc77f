//! The heat chart: junction temperature and speed over a session of continuous work, held at the limit.

use edgefit_core::analysis::thermal;
use edgefit_text::Lang;

use super::figure::{band_text, compare_legend, f3, ChartOut};
use super::models::{pinned_thermal, thermal_model, Banded};
use crate::render::chart::{self, Frame, Scale, Svg};
use crate::render::live::Ui;
use edgefit_glance::check::Good;

pub(super) fn thermal_chart(g: &Good, pinned: Option<&Good>, lang: Lang) -> ChartOut {
    let frame = Frame {
        height: 330.0,
        ..Frame::standard()
    };
    let (tj, rate, tj_max) = thermal_model(g);
    let other = pinned.map(|p| pinned_thermal(p, &tj.x));
    let fold = |v: Option<&Vec<f64>>, init: f64, f: fn(f64, f64) -> f64| {
        v.map_or(init, |v| v.iter().copied().fold(init, f))
    };
    let session = *tj.x.last().unwrap_or(&1.0);
    let xs = Scale::linear(0.0, session, frame.x0(), frame.x1());
    // Top panel: temperature; bottom panel: rate.
    let split = frame.y0() + 170.0;
    let ambient = g.scenarios.expected.device.ambient_c;
    let t_lo = (ambient - 5.0)
        .min(tj.lo.iter().copied().fold(f64::INFINITY, f64::min))
        .min(fold(other.as_ref().map(|o| &o.0), f64::INFINITY, f64::min));
    let t_hi = (tj_max + 10.0).max(fold(other.as_ref().map(|o| &o.0), 0.0, f64::max) + 5.0);
    let ty = Scale::linear(t_lo, t_hi, split - 10.0, frame.y0());
    let r_max = chart::nice_max(
        rate.max()
            .max(g.evaluation.expected.thermal.target_rate)
            .max(fold(other.as_ref().map(|o| &o.1), 0.0, f64::max))
            * 1.1,
    );
    let ry = Scale::linear(0.0, r_max, frame.y1(), split + 20.0);
    let pts = |s: &Scale, b: &Banded, v: &[f64]| -> Vec<(f64, f64)> {
        b.x.iter()
            .zip(v)
            .map(|(&x, &y)| (xs.map(x), s.map(y)))
            .collect()
    };
    let top = Frame {
        height: split - 10.0 + frame.bottom,
        ..frame
    };
    let bottom = Frame {
        top: split + 20.0,
        ..frame
    };
    let mut svg = Svg::default();
    svg.y_axis(&top, &ty, &ty.ticks(4), f3, Ui::Junction.text(lang));
    if tj.has_band() {
        svg.path(
            &chart::band_path(&pts(&ty, &tj, &tj.hi), &pts(&ty, &tj, &tj.lo)),
            "band",
        );
    }
    let lim = ty.map(tj_max);
    svg.line(frame.x0(), lim, frame.x1(), lim, "limit");
    svg.text(
        frame.x1() - 2.0,
        lim - 4.0,
        "end",
        "limit-label",
        &format!("{} {} °C", Ui::Limit.text(lang), f3(tj_max)),
    );
    if let Some((o, _)) = &other {
        svg.path(&chart::line_path(&pts(&ty, &tj, o)), "series pinned");
    }
    svg.path(&chart::line_path(&pts(&ty, &tj, &tj.mid)), "series");
    svg.y_axis(&bottom, &ry, &ry.ticks(3), f3, Ui::TokensPerS.text(lang));
    if rate.has_band() {
        svg.path(
            &chart::band_path(&pts(&ry, &rate, &rate.hi), &pts(&ry, &rate, &rate.lo)),
            "band",
        );
    }
    let target_rate = g.evaluation.expected.thermal.target_rate;
    let tr = ry.map_clamped(target_rate);
    svg.line(frame.x0(), tr, frame.x1(), tr, "target");
    svg.text(
        frame.x1() - 2.0,
        tr - 4.0,
        "end",
        "target-label",
        &format!(
            "{} {} {}",
            Ui::Target.text(lang),
            f3(target_rate),
            Ui::TokensPerS.text(lang)
        ),
    );
    if let Some((_, o)) = &other {
        svg.path(&chart::line_path(&pts(&ry, &rate, o)), "series rate pinned");
    }
    svg.path(
        &chart::line_path(&pts(&ry, &rate, &rate.mid)),
        "series rate",
    );
    svg.x_axis(&frame, &xs, &xs.ticks(6), f3, Ui::Time.text(lang));
    let th = &g.evaluation.expected.thermal;
    let table: Vec<[String; 2]> =
        tj.x.iter()
            .enumerate()
            .filter(|(i, _)| i % 10 == 0)
            .map(|(i, &t)| {
                let cur = format!(
                    "{} °C; {} {}",
                    band_text(tj.lo[i], tj.hi[i]),
                    band_text(rate.lo[i], rate.hi[i]),
                    Ui::TokensPerS.text(lang)
                );
                [
                    format!("{} s", f3(t)),
                    match &other {
                        Some((ot, or)) => format!(
                            "{}: {cur}; {}: {} °C; {} {}",
                            Ui::CurrentScenario.text(lang),
                            Ui::Pinned.text(lang),
                            f3(ot[i]),
                            f3(or[i]),
                            Ui::TokensPerS.text(lang)
                        ),
                        None => cur,
                    },
                ]
            })
            .collect();
    let throttle = |th: &thermal::Thermal| {
        th.time_to_throttle
            .map_or(Ui::Never.text(lang).to_string(), |t| {
                format!("{} s", f3(t.0))
            })
    };
    let pin = pinned.map_or(String::new(), |p| {
        let pt = &p.evaluation.expected.thermal;
        format!(
            " {}: {} {}; {} {} → {}.",
            Ui::Pinned.text(lang),
            Ui::Throttle.text(lang),
            throttle(pt),
            Ui::TokensPerS.text(lang),
            f3(pt.rate),
            f3(pt.throttled_rate),
        )
    });
    ChartOut {
        id: "thermal",
        frame,
        title: Ui::ChartThermal.text(lang).into(),
        desc: format!(
            "{} {}: {}; {} {} → {}.{pin}",
            Ui::ChartThermalDesc.text(lang),
            Ui::Throttle.text(lang),
            throttle(th),
            Ui::TokensPerS.text(lang),
            f3(th.rate),
            f3(th.throttled_rate),
        ),
        svg: svg.0,
        table: chart::table(&[Ui::Time.text(lang), Ui::Value.text(lang)], &table),
        legend: other.is_some().then(|| compare_legend(lang)),
    }
}
