//! Fitting the constants of each (backend, runtime, class) group on measurements.

use std::collections::BTreeMap;

use edgefit_core::input::Backend;
use edgefit_core::math;

use crate::*;

/// Fewest rows a group needs for its own constants; smaller groups use the backend's, then the prior.
pub const MIN_ROWS: usize = 3;

/// Shares tried by [`fit_kquant_share`].
pub const KQUANT_SHARE_GRID: (f64, f64, f64) = (0.5, 1.0, 0.01);

/// Choose [`APPLE7_KQUANT_SHARE`] on `rows` with the other constants from [`default_for_row`]: over the decode
/// rows it applies to ([`apple7_kquant`]), the grid value ([`KQUANT_SHARE_GRID`]) with the least median
/// |ln(predicted / measured)|, or 1 when none improves on 1 by 0.001 or there are fewer than [`MIN_ROWS`]
/// rows. Returns (share, rows).
#[must_use]
pub fn fit_kquant_share(rows: &[Row]) -> (f64, usize) {
    fit_kquant_share_with(rows, default_for_row)
}

/// [`fit_kquant_share`] against the constants `constants` gives each row.
#[must_use]
pub fn fit_kquant_share_with(rows: &[Row], constants: impl Fn(&Row) -> Calibrated) -> (f64, usize) {
    let mine: Vec<&Row> = rows
        .iter()
        .filter(|r| r.decode_tps.is_some() && apple7_kquant(r))
        .collect();
    let score = |share: f64| {
        let errs: Vec<f64> = mine
            .iter()
            .filter_map(|r| {
                let m = r.decode_tps?;
                let c = constants(r);
                // The inputs multiply η_bw by the row's current share: undo it, then apply the candidate.
                let scaled = Calibrated {
                    eta_bw: c.eta_bw * share / kquant_share_for(r, &c),
                    ..c
                };
                let p = predict(r, &scaled).ok()?;
                Some(math::ln(p.decode_tps / m).abs())
            })
            .collect();
        median(&errs)
    };
    let one = score(1.0);
    let mut best = (1.0, one);
    if mine.len() >= MIN_ROWS {
        let (lo, hi, step) = KQUANT_SHARE_GRID;
        let n = math::round((hi - lo) / step) as usize;
        for k in 0..=n {
            let v = lo + k as f64 * step;
            let s = score(v);
            if s < best.1 - 1e-12 {
                best = (v, s);
            }
        }
        if best.1 >= one - 1e-3 {
            best = (1.0, one);
        }
    }
    (math::round(best.0 * 100.0) / 100.0, mine.len())
}

#[derive(Clone)]
pub(crate) struct Obs {
    backend: Backend,
    hw: HwClass,
    runtime: Runtime,
    /// The publication the row comes from.
    source: String,
    /// Decode: (memory time at η_bw = 1, layers, measured time per token).
    decode: Option<(f64, f64, f64)>,
    /// Decode compute time at η_c = 1, seconds (a row compute-bound at the group's η_c says nothing of η_bw).
    decode_compute: f64,
    /// Decode time of one thread's chain of reads, seconds ([`thread_chain`]'s stream part; 0 without the
    /// bound): a row whose chain (with its compute at η_c) outlasts the memory time says nothing of η_bw
    /// either.
    decode_stream: f64,
    /// Prefill: (measured / predicted at η_c = 1).
    prefill: Option<f64>,
}

pub(crate) fn observe(row: &Row) -> Option<Obs> {
    observe_at(row, VISION_PRIOR)
}

/// [`observe`] with the image encoder at `vit_eff` × η_c (a row with images: what its TTFT leaves to the
/// language model's prefill depends on it; a text row's observation does not).
pub(crate) fn observe_at(row: &Row, vit_eff: f64) -> Option<Obs> {
    let unit = Calibrated {
        eta_bw: 1.0,
        eta_c: 1.0,
        layer_ms: 0.0,
        vit_eff,
        ..prior(row.backend)
    };
    let p = predict(row, &unit).ok()?;
    let decode = row
        .decode_tps
        .map(|m| (p.decode_memory_s, p.layers, 1.0 / m))
        // Beats the roofline at η_bw = 1 with no KV: a wrong spec, not a utilization.
        .filter(|&(mem, _, t)| mem <= t);
    let prefill = row
        .prefill_tps
        .map(|m| m / p.prefill_tps)
        .filter(|&r| r <= 1.0 || !p.peak_given);
    Some(Obs {
        backend: row.backend,
        hw: row.hw,
        runtime: runtime_of(row),
        source: row.source.clone(),
        decode,
        prefill,
        decode_compute: p.decode_compute_s,
        decode_stream: p.decode_stream_s,
    })
}

/// Step of the per-layer overhead grid, ms.
pub const LAYER_MS_STEP: f64 = 0.01;

/// Largest per-layer overhead tried, ms.
pub const LAYER_MS_MAX: f64 = 1.0;

/// (η_bw, layer_ms) minimizing the mean |ln(pred / meas)| over (memory time, layers, measured time).
pub(crate) fn fit_decode(d: &[(f64, f64, f64)]) -> (f64, f64) {
    let mut best = (f64::INFINITY, 1.0, 0.0);
    let steps = math::round(LAYER_MS_MAX / LAYER_MS_STEP) as usize;
    for k in 0..=steps {
        let t = k as f64 * LAYER_MS_STEP * 1e-3;
        let eta = eta_bw_at(d, t);
        let score = d
            .iter()
            .map(|&(m, l, meas)| math::ln((m / eta + l * t) / meas).abs())
            .sum::<f64>()
            / d.len() as f64;
        if score < best.0 - 1e-12 {
            best = (score, eta, k as f64 * LAYER_MS_STEP);
        }
    }
    (round3(best.1), round3(best.2))
}

/// The median over sources of each source's median: every publication gets one vote, so one runtime's
/// many rows cannot outvote the others (a class's 79 llama.cpp rows, or five browser rows left alone when
/// that source is held out).
pub(crate) fn source_median<'a>(xs: impl Iterator<Item = (&'a str, f64)>) -> f64 {
    let mut by: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for (s, x) in xs {
        by.entry(s).or_default().push(x);
    }
    let meds: Vec<f64> = by.values().map(|v| median(v)).collect();
    median(&meds)
}

pub(crate) fn round3(x: f64) -> f64 {
    math::round(x * 1000.0) / 1000.0
}

/// How many rows the seed's prior counts as when a backend has fewer than [`MIN_ROWS`] rows: its η_bw and η_c
/// are the geometric mean of the prior and the rows' median, weighted PRIOR_WEIGHT to n (one NPU row moves
/// the prior a third of the way in log terms).
pub const PRIOR_WEIGHT: f64 = 2.0;

/// Fewest decode rows a group needs to fit both η_bw and the per-layer cost (more than two a parameter); a
/// group with fewer (but at least [`MIN_ROWS`]) keeps its backend's per-layer cost and fits η_bw alone.
pub const MIN_ROWS_TWO_PARAMS: usize = 5;

/// η_bw alone, with the per-layer cost fixed at `layer_ms`.
pub(crate) fn fit_eta_bw(d: &[(f64, f64, f64)], layer_ms: f64) -> f64 {
    round3(eta_bw_at(d, layer_ms * 1e-3))
}

/// The η_bw that explains the median row of (memory time, layers, measured time) once `t` seconds per layer
/// are taken off the measured time (at most 1; a row the per-layer cost alone outlasts counts as ∞).
fn eta_bw_at(d: &[(f64, f64, f64)], t: f64) -> f64 {
    let etas: Vec<f64> = d
        .iter()
        .map(|&(m, l, meas)| {
            let left = meas - l * t;
            if left > 0.0 {
                m / left
            } else {
                f64::INFINITY
            }
        })
        .collect();
    median(&etas).min(1.0)
}

pub(crate) fn fit_group(
    backend: Backend,
    hw: Option<HwClass>,
    runtime: Option<Runtime>,
    obs: &[&Obs],
    parent_layer_ms: Option<f64>,
) -> Calibrated {
    let p: Vec<f64> = obs.iter().filter_map(|o| o.prefill).collect();
    let pr = prior(backend);
    // A backend with a row or two (NPUs on the calibration set: one) has no parent but the prior: its
    // rows move the prior as PRIOR_WEIGHT rows of its own would (a geometric mean, weighted by count),
    // instead of being ignored until MIN_ROWS arrive. Finer groups with too few rows take their parent's.
    let backend_wide = hw.is_none() && runtime.is_none();
    let shrunk = |prior_value: f64, rows: &[f64]| {
        let n = rows.len() as f64;
        let w = n / (n + PRIOR_WEIGHT);
        round3(math::exp((1.0 - w) * math::ln(prior_value) + w * math::ln(median(rows))).min(1.0))
    };
    let eta_c = if backend_wide && !p.is_empty() && p.len() < MIN_ROWS {
        shrunk(pr.eta_c, &p)
    } else if p.len() >= MIN_ROWS {
        round3(
            source_median(
                obs.iter()
                    .filter_map(|o| o.prefill.map(|r| (o.source.as_str(), r))),
            )
            .min(1.0),
        )
    } else {
        pr.eta_c
    };
    // Decode rows that are compute-bound at the group's η_c (few CPU threads, a slow dequantization) say
    // nothing of η_bw: the engine predicts them from compute. Keep the rows whose compute time is below their
    // memory time at η_bw = 1, fit, then keep those below the memory time at the fitted η_bw and refit.
    let bandwidth_bound = |eta: f64| -> Vec<(f64, f64, f64)> {
        obs.iter()
            .filter_map(|o| o.decode.map(|d| (d, o.decode_compute, o.decode_stream)))
            .filter(|&((mem, _, _), comp, stream)| comp / eta_c + stream < mem / eta)
            .map(|(d, _, _)| d)
            .collect()
    };
    let fit_d = |d: &[(f64, f64, f64)]| match parent_layer_ms {
        Some(l) if d.len() < MIN_ROWS_TWO_PARAMS => (fit_eta_bw(d, l), l),
        _ => fit_decode(d),
    };
    let mut d = bandwidth_bound(1.0);
    let (mut eta_bw, mut layer_ms) = (pr.eta_bw, pr.layer_ms);
    let few = d.len();
    if backend_wide && few > 0 && few < MIN_ROWS {
        let t = pr.layer_ms * 1e-3;
        let etas: Vec<f64> = d
            .iter()
            .filter(|&&(_, l, meas)| meas > l * t)
            .map(|&(m, l, meas)| m / (meas - l * t))
            .collect();
        if !etas.is_empty() {
            eta_bw = shrunk(pr.eta_bw, &etas);
        }
    }
    if d.len() >= MIN_ROWS {
        let first = fit_d(&d);
        let again = bandwidth_bound(first.0);
        if again.len() >= MIN_ROWS {
            d = again;
            (eta_bw, layer_ms) = fit_d(&d);
        } else {
            (eta_bw, layer_ms) = first;
        }
    }
    Calibrated {
        backend,
        hw,
        runtime,
        eta_bw,
        layer_ms,
        eta_c,
        decode_band: pr.decode_band,
        prefill_band: pr.prefill_band,
        n_decode: if d.len() >= MIN_ROWS || (backend_wide && eta_bw != pr.eta_bw) {
            d.len()
        } else {
            0
        },
        n_prefill: if p.len() >= MIN_ROWS || (backend_wide && eta_c != pr.eta_c) {
            p.len()
        } else {
            0
        },
        vit_eff: pr.vit_eff,
    }
}

/// Per-core streaming bandwidths tried by [`fit_core_stream`], GB/s.
pub const CORE_STREAM_GRID: &[f64] = &[
    2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 12.0, 14.0, 16.0, 18.0, 20.0, 25.0, 30.0, 35.0,
    40.0, 45.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0, 125.0, 150.0, 200.0,
];

/// One group's per-core streaming bandwidth as [`fit_core_stream`] chose it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StreamFit {
    /// The group.
    pub group: StreamGroup,
    /// Its CPU decode rows in the fitting file.
    pub n: usize,
    /// The chosen value, GB/s (`None`: no value beats leaving the bound out).
    pub gbps: Option<f64>,
    /// Median |ln(predicted / measured)| over those rows without a per-core bound.
    pub score_none: f64,
    /// The same at the chosen value.
    pub score: f64,
}

/// The group a CPU row's used cores stream as, for fitting: the one [`StreamGroup`] among them (`None`
/// for other units, without a core list, or with cores of two groups).
#[must_use]
pub fn row_stream_group(row: &Row) -> Option<StreamGroup> {
    if row.backend != Backend::Cpu {
        return None;
    }
    let mut groups: Vec<StreamGroup> = cpu_threads(row)
        .iter()
        .filter_map(|g| g.1.stream_group())
        .collect();
    groups.sort();
    groups.dedup();
    (groups.len() == 1).then(|| groups[0])
}

/// Choose each group's per-core streaming bandwidth on `rows` with the other constants from `table`: over
/// the CPU decode rows whose cores are of the group ([`row_stream_group`]), the grid value
/// ([`CORE_STREAM_GRID`]) with the least median |ln(predicted / measured)| — a median, so that a run far off
/// any model (the Orange Pi's eight threads on four big and four little cores run 4× slower than its four
/// big ones) does not pull the constant — or no bound when no value improves on none by 0.001. A group
/// with fewer than [`MIN_ROWS`] rows keeps no bound.
#[must_use]
pub fn fit_core_stream(rows: &[Row], table: &[Calibrated]) -> Vec<StreamFit> {
    ALL_STREAM_GROUPS
        .iter()
        .map(|&group| {
            let mine: Vec<&Row> = rows
                .iter()
                .filter(|r| r.decode_tps.is_some() && row_stream_group(r) == Some(group))
                .collect();
            let score = |v: Option<f64>| {
                let stream: Vec<(StreamGroup, f64)> = v.map(|v| (group, v)).into_iter().collect();
                let errs: Vec<f64> = mine
                    .iter()
                    .filter_map(|r| {
                        let m = r.decode_tps?;
                        let p = predict_with(r, &lookup_row(table, r), &stream).ok()?;
                        Some(math::ln(p.decode_tps / m).abs())
                    })
                    .collect();
                median(&errs)
            };
            let none = score(None);
            let mut best = (None, none);
            if mine.len() >= MIN_ROWS {
                for &v in CORE_STREAM_GRID {
                    let s = score(Some(v));
                    if s < best.1 - 1e-12 {
                        best = (Some(v), s);
                    }
                }
                if best.1 >= none - 1e-3 {
                    best = (None, none);
                }
            }
            StreamFit {
                group,
                n: mine.len(),
                gbps: best.0,
                score_none: none,
                score: best.1,
            }
        })
        .collect()
}

/// Fit the constants on `rows` (see the module docs): per backend, one entry per class with at least
/// [`MIN_ROWS`] decode or prefill rows; where a class holds more than one runtime family, one entry per
/// (runtime, class) with enough rows; where a backend holds more than one family, one entry per runtime;
/// then one per backend. Each with its in-sample band.
#[must_use]
pub fn fit(rows: &[Row]) -> Vec<Calibrated> {
    let observed: Vec<Option<Obs>> = rows.iter().map(observe).collect();
    with_bands(rows, fit_observed(rows, &observed))
}

/// [`fit`]'s constants without the bands, from each row's observation ([`observe`], which depends on the
/// row alone, so a hold-out refit reuses it).
pub(crate) fn fit_observed(rows: &[Row], observed: &[Option<Obs>]) -> Vec<Calibrated> {
    let mut obs: Vec<(usize, Obs)> = observed
        .iter()
        .enumerate()
        .filter_map(|(i, o)| o.clone().map(|o| (i, o)))
        .collect();
    let first = fit_obs(&obs);
    // A tiled prompt's weight reads add to its arithmetic instead of hiding behind it, so its η_c depends on
    // the bandwidth: refit those rows' η_c at the η_bw the first fit gives their group.
    let mut tiled = false;
    for (i, o) in &mut obs {
        let r = &rows[*i];
        if gemm_tile(r) > 0.0 && o.prefill.is_some() {
            o.prefill = tiled_prefill_eta(r, &lookup_row(&first, r));
            tiled = true;
        }
    }
    if tiled {
        fit_obs(&obs)
    } else {
        first
    }
}

/// The η_c at which a tiled prompt (compute and weight reads summed) takes its measured time, the memory side
/// at `c`'s η_bw: compute time at η_c = 1 over what the reads leave of the measurement. `None` when the reads
/// alone take longer than the measurement.
pub(crate) fn tiled_prefill_eta(row: &Row, c: &Calibrated) -> Option<f64> {
    let meas = row.prefill_tps?;
    let at = |eta_c: f64| {
        predict(row, &Calibrated { eta_c, ..*c })
            .ok()
            .map(|p| 1.0 / p.prefill_tps)
    };
    let (full, half) = (at(1.0)?, at(0.5)?);
    let compute = half - full;
    let memory = full - compute;
    let left = 1.0 / meas - memory;
    (left > 0.0 && compute > 0.0).then(|| compute / left)
}

pub(crate) fn fit_obs(obs: &[(usize, Obs)]) -> Vec<Calibrated> {
    let enough = |g: &[&Obs]| {
        let nd = g.iter().filter(|o| o.decode.is_some()).count();
        let np = g.iter().filter(|o| o.prefill.is_some()).count();
        nd >= MIN_ROWS || np >= MIN_ROWS
    };
    let families = |g: &[&Obs]| {
        let mut f: Vec<Runtime> = g.iter().map(|o| o.runtime).collect();
        f.sort();
        f.dedup();
        f
    };
    let mut table = Vec::new();
    for &backend in edgefit_core::input::ALL_BACKENDS {
        let of_backend: Vec<&Obs> = obs
            .iter()
            .map(|(_, o)| o)
            .filter(|o| o.backend == backend)
            .collect();
        if of_backend.is_empty() {
            continue;
        }
        let wide = fit_group(backend, None, None, &of_backend, None);
        for &hw in ALL_HW_CLASSES {
            let g: Vec<&Obs> = of_backend.iter().copied().filter(|o| o.hw == hw).collect();
            if !enough(&g) {
                continue;
            }
            let class = fit_group(backend, Some(hw), None, &g, Some(wide.layer_ms));
            table.push(class);
            let fams = families(&g);
            if fams.len() < 2 {
                continue;
            }
            for rt in fams {
                let sub: Vec<&Obs> = g.iter().copied().filter(|o| o.runtime == rt).collect();
                if enough(&sub) {
                    let parent = if class.n_decode > 0 {
                        class.layer_ms
                    } else {
                        wide.layer_ms
                    };
                    table.push(fit_group(backend, Some(hw), Some(rt), &sub, Some(parent)));
                }
            }
        }
        let fams = families(&of_backend);
        if fams.len() >= 2 {
            for rt in fams {
                let sub: Vec<&Obs> = of_backend
                    .iter()
                    .copied()
                    .filter(|o| o.runtime == rt)
                    .collect();
                // A runtime's rows from one class only say how it runs there (that class's runtime group
                // has them); on another class its rows take the backend's constants, not one class's. (The
                // GPU llama.cpp rows are all Apple's Metal: its η_c against Apple's core-count peak said
                // nothing of Vulkan on a Radeon or an Arc, whose quoted peaks count dual issue and matrix
                // engines.)
                let mut classes: Vec<HwClass> = sub.iter().map(|o| o.hw).collect();
                classes.sort_by_key(|h| h.code());
                classes.dedup();
                if enough(&sub) && classes.len() >= 2 {
                    table.push(fit_group(
                        backend,
                        None,
                        Some(rt),
                        &sub,
                        Some(wide.layer_ms),
                    ));
                }
            }
        }
        table.push(wide);
    }
    // A group with too few rows for one quantity takes its parent's constants for it: (runtime, class) the
    // class's, then the runtime's, then the backend's; a class or a runtime the backend's.
    let snapshot = table.clone();
    for c in &mut table {
        let parents: Vec<&Calibrated> = snapshot
            .iter()
            .filter(|p| p.backend == c.backend)
            .filter(|p| match (c.runtime, c.hw) {
                (Some(_), Some(h)) => {
                    (p.runtime.is_none() && p.hw == Some(h))
                        || (p.runtime == c.runtime && p.hw.is_none())
                        || (p.runtime.is_none() && p.hw.is_none())
                }
                (None, Some(_)) | (Some(_), None) => p.runtime.is_none() && p.hw.is_none(),
                (None, None) => false,
            })
            .collect();
        // In chain order: class, runtime, backend.
        let rank = |p: &Calibrated| match (p.runtime, p.hw) {
            (None, Some(_)) => 0,
            (Some(_), None) => 1,
            _ => 2,
        };
        let mut parents = parents;
        parents.sort_by_key(|p| rank(p));
        if c.n_decode == 0 {
            if let Some(w) = parents.iter().find(|p| p.n_decode > 0) {
                c.eta_bw = w.eta_bw;
                c.layer_ms = w.layer_ms;
            }
        }
        if c.n_prefill == 0 {
            if let Some(w) = parents.iter().find(|p| p.n_prefill > 0) {
                c.eta_c = w.eta_c;
            }
        }
    }
    table
}

/// The residual bands of a fitted table: measured / predicted on the rows each entry serves.
pub(crate) fn with_bands(rows: &[Row], mut table: Vec<Calibrated>) -> Vec<Calibrated> {
    let snapshot = table.clone();
    for c in &mut table {
        // A class or runtime entry serves the rows that look it up; a backend-wide entry is scored on every
        // row of its backend (its band is what a class without measurements gets). An entry that serves
        // fewer than MIN_ROWS rows (a class whose rows all went to its runtime groups, a runtime whose
        // classes all have groups) is scored on its own rows: what a row of that group without a runtime
        // (the web page) or without a class group gets.
        let member = |r: &Row| {
            r.backend == c.backend
                && c.hw.is_none_or(|h| r.hw == h)
                && c.runtime.is_none_or(|rt| runtime_of(r) == rt)
        };
        let looked_up = |r: &Row| {
            let used = lookup_row(&snapshot, r);
            used.backend == c.backend && used.hw == c.hw && used.runtime == c.runtime
        };
        let n_served = rows.iter().filter(|r| looked_up(r)).count();
        let serves = |r: &Row| match (c.runtime, c.hw) {
            (None, None) => r.backend == c.backend,
            _ if n_served >= MIN_ROWS => looked_up(r),
            _ => member(r),
        };
        let mut dr = Vec::new();
        let mut pr = Vec::new();
        for r in rows.iter().filter(|r| serves(r)) {
            if let Ok(p) = predict(r, c) {
                if let Some(m) = r.decode_tps {
                    dr.push(m / p.decode_tps);
                }
                if let Some(m) = r.prefill_tps {
                    pr.push(m / p.prefill_tps);
                }
            }
        }
        if dr.len() >= MIN_ROWS {
            c.decode_band = (round3(quantile(&dr, 0.1)), round3(quantile(&dr, 0.9)));
        }
        if pr.len() >= MIN_ROWS {
            c.prefill_band = (round3(quantile(&pr, 0.1)), round3(quantile(&pr, 0.9)));
        }
    }
    table
}
