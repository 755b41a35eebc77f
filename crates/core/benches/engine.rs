//! Engine speed: one report and the 10,000-point sweep behind a chart (the calibration's speed is
//! `crates/calib/benches/calib.rs`).
//! Run: `cargo bench -p edgefit-core --bench engine` (figures printed by criterion).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use edgefit_core::analysis::bandwidth::tpot_at;
use edgefit_core::{analyze, evaluate, run, validate, Field, Inputs};

fn engine(c: &mut Criterion) {
    let inputs = Inputs::default();
    let scenarios = validate(&inputs).unwrap();
    c.bench_function("analyze one scenario", |b| {
        b.iter(|| analyze(black_box(&scenarios.expected)))
    });
    c.bench_function("evaluate three corners", |b| {
        b.iter(|| evaluate(black_box(&scenarios)))
    });
    c.bench_function("validate + evaluate from inputs (one report)", |b| {
        b.iter(|| run(black_box(&inputs)))
    });
    c.bench_function("10k analyses (bandwidth sweep)", |b| {
        b.iter(|| {
            let mut s = scenarios.expected.clone();
            let mut acc = 0.0;
            for k in 0..10_000 {
                s.device.bandwidth =
                    edgefit_core::units::BytesPerSec::from_gbps(5.0 + f64::from(k) * 0.01);
                acc += analyze(&s).tpot.full.0;
            }
            acc
        })
    });
    let r = analyze(&scenarios.expected);
    c.bench_function("10k TPOT points (context sweep)", |b| {
        b.iter(|| {
            (0..10_000)
                .map(|k| tpot_at(&scenarios.expected, &r.compute, f64::from(k)))
                .map(|t| t.0)
                .sum::<f64>()
        })
    });
    c.bench_function("reverse solve", |b| {
        b.iter(|| edgefit_core::solve(black_box(&inputs)))
    });
    let _ = Field::BandwidthGbps;
}

criterion_group!(benches, engine);
criterion_main!(benches);
