//! Calibration speed: `edgefit validate` on the calibration file (its rows parsed and predicted), a refit
//! with each device held out, and the leave-one-source-out fit behind the shipped table.
//! Run: `cargo bench -p edgefit-calib --bench calib` (figures printed by criterion).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use edgefit_calib::{self as calibration, HoldOut};

fn calibration(c: &mut Criterion) {
    let text = include_str!("../../../data/calibration.csv");
    let parsed = calibration::parse(text).unwrap();
    let mut g = c.benchmark_group("validate");
    g.sample_size(10);
    g.bench_function("calibration.csv: parse + predict every row", |b| {
        b.iter(|| calibration::validate_rows(&calibration::parse(black_box(text)).unwrap()))
    });
    g.bench_function("calibration.csv: refit with each device held out", |b| {
        b.iter(|| calibration::holdout(black_box(&parsed.rows), HoldOut::Device))
    });
    g.bench_function("calibration.csv: leave-one-source-out fit", |b| {
        b.iter(|| calibration::honest(black_box(&parsed.rows)))
    });
    g.finish();
}

criterion_group!(benches, calibration);
criterion_main!(benches);
