//! The charts' tests: every chart draws with a text alternative, the models' shapes, compare mode.

use super::*;
use crate::render::chart;
use crate::render::dom::Node;
use crate::render::live::Ui;

fn m(nodes: &[Node]) -> String {
    crate::render::dom::markup(nodes)
}
use edgefit_core::{evaluate, validate, Field, Inputs};

fn good(i: Inputs) -> Good {
    let scenarios = validate(&i).unwrap();
    let evaluation = evaluate(&scenarios);
    Good {
        inputs: i,
        scenarios,
        evaluation,
    }
}

#[test]
fn tpot_curve_passes_through_the_full_context_value() {
    let g = good(Inputs::default());
    let (s, target, ctx) = tpot_model(&g).unwrap();
    assert!((target - 50.0).abs() < 1e-9);
    assert!((ctx - 2048.0).abs() < 1e-9);
    // Sample 32 of 48 is at exactly the context (1.5 × 2048 / 48 × 32 = 2048).
    let at = s.mid[32];
    assert!((at - 85.8).abs() < 0.1, "{at}");
    assert!(
        s.mid.windows(2).all(|w| w[1] >= w[0]),
        "TPOT grows with context"
    );
}

#[test]
fn compute_range_gives_a_roofline_band() {
    let [e, lo, hi] = roofline_model(&good(Inputs::default()));
    assert!(lo.peak < e.peak && e.peak < hi.peak);
    // Decode is far left of the ridge: memory-bound.
    assert!(e.decode.0 < chart::ridge(e.peak, e.bw));
    // Prefill of 128 tokens does ~128× the decode intensity.
    assert!(e.prefill.0 > 50.0 * e.decode.0);
}

#[test]
fn every_chart_draws_with_a_text_alternative() {
    let i = Inputs::default();
    let g = good(i.clone());
    let s = edgefit_core::solve(&i).unwrap();
    for lang in [Lang::En, Lang::Zh] {
        let charts = all_charts(&g, None, Some(&s), lang);
        assert_eq!(charts.len(), 6);
        // The page draws one slot per id in CHART_IDS: every chart must have its slot.
        let ids: Vec<&str> = charts.iter().map(|c| c.id).collect();
        assert_eq!(ids, CHART_IDS);
        for c in &charts {
            assert!(
                m(&c.svg).contains("<path") || m(&c.svg).contains("<rect"),
                "{}",
                c.id
            );
            assert!(
                !m(&c.svg).contains("NaN") && !m(&c.svg).contains("inf"),
                "{}",
                c.id
            );
            assert!(
                c.desc.len() > 20 && m(&c.table).contains("<tbody><tr>"),
                "{}",
                c.id
            );
        }
    }
}

#[test]
fn the_solve_chart_says_what_device_the_current_model_needs() {
    let i = Inputs::default();
    let g = good(i.clone());
    let s = edgefit_core::solve(&i).unwrap();
    for (lang, words) in [(Lang::En, "needs at least"), (Lang::Zh, "至少需要")] {
        let c = solve_chart(&s, &g, lang);
        let legend = m(&c.legend.unwrap_or_default());
        assert!(
            legend.contains("device-needs") && legend.contains(words),
            "{legend}"
        );
        // The default scenario needs 25 GB/s × 0.6 → 42.9 GB/s at its 50 ms TPOT target (see the CLI's solve).
        assert!(legend.contains("42.9 GB/s"), "{legend}");
    }
}

#[test]
fn ttft_climbs_in_steps_with_fixed_chunks_and_smoothly_without() {
    let mut i = Inputs::default();
    i.set_exact(Field::Chunk, 128.0);
    let (smooth, target, prompt) = ttft_model(&good(i.clone())).unwrap();
    assert_eq!(Some(prompt), i.mid(Field::Prompt));
    assert!(target > 0.0);
    i.set_exact(Field::FixedChunks, 1.0);
    let (stairs, _, _) = ttft_model(&good(i)).unwrap();
    // Both sides of the boundary at 256 tokens are sampled; the padded prompt is flat within a chunk
    // and jumps by one chunk's prefill across it.
    let at = |b: &Banded, x: f64| b.mid[b.x.iter().position(|&v| v == x).unwrap()];
    assert_eq!(at(&stairs, 129.0), at(&stairs, 256.0));
    let jump = at(&stairs, 257.0) - at(&stairs, 256.0);
    let chunk = at(&stairs, 256.0) - at(&stairs, 128.0);
    assert!(
        jump > 0.9 * chunk && jump < 1.1 * chunk,
        "jump {jump} vs chunk {chunk}"
    );
    assert!(!smooth.x.contains(&257.0));
    assert!(smooth.mid.windows(2).all(|w| w[1] >= w[0]));
}

#[test]
fn a_pinned_scenario_is_drawn_on_the_same_axes_and_named_in_the_text() {
    let cur = good(Inputs::default());
    let mut i = Inputs::default();
    i.set_exact(edgefit_core::Field::BandwidthGbps, 100.0);
    let pin = good(i);
    for lang in [Lang::En, Lang::Zh] {
        let charts = all_charts(&cur, Some(&pin), None, lang);
        let by = |id: &str| charts.iter().find(|c| c.id == id).unwrap();
        let pinned = Ui::Pinned.text(lang);
        let current = Ui::CurrentScenario.text(lang);
        for id in ["memory", "tpot", "ttft", "roofline", "thermal"] {
            let c = by(id);
            assert!(c.desc.contains(pinned), "{id}: {}", c.desc);
            assert!(m(&c.table).contains(pinned), "{id}");
            let legend = m(c.legend.as_deref().unwrap_or_default());
            assert!(legend.contains(pinned) && legend.contains(current), "{id}");
            assert!(
                !m(&c.svg).contains("NaN") && !m(&c.svg).contains("inf"),
                "{id}"
            );
        }
        let tpot = by("tpot");
        assert_eq!(m(&tpot.svg).matches("class=\"series").count(), 2);
        assert_eq!(m(&tpot.svg).matches("class=\"series pinned\"").count(), 1);
        // Two memory bars (four segments each) and the pinned decode/prefill points.
        assert_eq!(m(&by("memory").svg).matches(" pinned\"").count(), 4);
        assert_eq!(m(&by("roofline").svg).matches("pt decode").count(), 2);
        // More bandwidth: the pinned curve is below the current one.
        let xs = tpot_model(&cur).unwrap().0.x;
        let p = pinned_tpot(&pin, &xs).unwrap();
        let (c, _, _) = tpot_model(&cur).unwrap();
        assert!(p.iter().zip(&c.mid).all(|(a, b)| a < b));
        // Without a pin the charts are as before.
        let plain = all_charts(&cur, None, None, lang);
        assert!(plain.iter().all(|c| !m(&c.svg).contains("pinned")));
    }
}

#[test]
fn heat_never_exceeds_the_limit_and_rate_drops_after_throttle() {
    let g = good(Inputs::default());
    let (tj, rate, max) = thermal_model(&g);
    assert!(tj.hi.iter().all(|&t| t <= max + 1e-9));
    assert!(tj.mid[0] < tj.mid[60]);
    assert!(rate.mid.windows(2).all(|w| w[1] <= w[0] + 1e-12));
}
