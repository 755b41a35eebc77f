//! Leave-one-source-out: each source predicted by constants fitted without it, the groups that keep their own constants, their bands, and the generated table file.

use std::collections::BTreeMap;

use edgefit_core::input::Backend;
use edgefit_core::math;

use crate::*;

/// How rows are held out in [`holdout`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HoldOut {
    /// Leave one source out: every row of a publication is predicted from the others.
    Source,
    /// Leave one device out (chip + backend): a new device of a known class.
    Device,
}

/// Fit on all rows but one fold, predict the fold, for every fold; then score all predictions. The per-core
/// streaming figures ([`CORE_STREAM_GBPS`]) are not refitted per fold, and the constants a row reports carry
/// no fitted band (a fold's bands are not computed: the prior's stand in).
#[must_use]
pub fn holdout(rows: &[Row], by: HoldOut) -> Validation {
    let key = |r: &Row| match by {
        HoldOut::Source => r.source.clone(),
        HoldOut::Device => format!("{}|{}|{:?}", r.chip, r.device, r.backend),
    };
    let mut keys: Vec<String> = rows.iter().map(key).collect();
    keys.sort();
    keys.dedup();
    // A row's observation does not depend on the other rows: observe once, refit per fold (a fold's
    // constants need no bands).
    let observed: Vec<Option<Obs>> = rows.iter().map(observe).collect();
    let mut tables: BTreeMap<String, Vec<Calibrated>> = BTreeMap::new();
    for k in &keys {
        let (train, train_obs): (Vec<Row>, Vec<Option<Obs>>) = rows
            .iter()
            .zip(&observed)
            .filter(|(r, _)| &key(r) != k)
            .map(|(r, o)| (r.clone(), o.clone()))
            .unzip();
        let table = if VISION.kept {
            fit_with_vision(&train, &train_obs).0
        } else {
            fit_observed(&train, &train_obs)
        };
        tables.insert(k.clone(), table);
    }
    validate_with(rows, |r| {
        let t = tables.get(&key(r)).map_or(&[][..], Vec::as_slice);
        lookup_row(t, r)
    })
}

/// A fitted table's key: backend, runtime family, device class.
pub type GroupKey = (Backend, Option<Runtime>, Option<HwClass>);

/// The key of a table entry.
#[must_use]
pub fn key_of(c: &Calibrated) -> GroupKey {
    (c.backend, c.runtime, c.hw)
}

/// Robust standard deviations either side of the median a band spans ([`log_band`]), for decode and for
/// prefill, chosen on `data/` so that each row's band, computed without its source, holds its measured value
/// at least four times in five with a margin (decode 83 %, prefill 82 %; 1.8 and 2.2 fall to 80–81 %). A
/// Gaussian's 80 % interval is ±1.28 σ: out of sample the spread is wider than a group's rows show. A robust
/// scale with one z for every group beats per-group quantiles (4th–96th percentile: 81 % inside at a median
/// width of 1.82 for decode, against 1.76 here): a group of a few rows estimates a spread far better than
/// its tails.
pub const BAND_Z: (f64, f64) = (1.9, 2.4);

/// [`BAND_Z`] for one quantity.
#[must_use]
pub fn band_z(q: Quantity) -> f64 {
    match q {
        Quantity::Decode => BAND_Z.0,
        Quantity::Prefill => BAND_Z.1,
    }
}

/// Pseudo-rows of the backend's spread a group's band is shrunk with: a group of n rows takes its own
/// quantiles with weight n / (n + BAND_PRIOR_ROWS), in log space.
pub const BAND_PRIOR_ROWS: f64 = 20.0;

/// One row's leave-one-source-out predictions: under each entry of its lookup chain in the table fitted
/// without its source, and under the prior.
#[derive(Debug, Clone)]
pub(crate) struct LosoRow {
    id: String,
    source: String,
    backend: Backend,
    decode: Option<f64>,
    prefill: Option<f64>,
    /// (key, decode prediction, prefill prediction), most specific first.
    chain: Vec<(GroupKey, Option<f64>, Option<f64>)>,
    /// Predictions at one η of 0.6 and no per-layer cost: where every group falls back to.
    prior: (Option<f64>, Option<f64>),
    /// The image encoder's predicted time under each chain entry, then under the prior (rows with images).
    vision: (Vec<Option<f64>>, Option<f64>),
}

/// The entries of `table` a row looks up, most specific first ([`lookup_runtime`]'s order).
pub(crate) fn chain_of(table: &[Calibrated], row: &Row) -> Vec<Calibrated> {
    let (b, rt, hw) = (row.backend, runtime_of(row), row.hw);
    let find = |r: Option<Runtime>, h: Option<HwClass>| {
        table
            .iter()
            .find(|c| c.backend == b && c.runtime == r && c.hw == h)
            .copied()
    };
    [
        find(Some(rt), Some(hw)),
        find(None, Some(hw)),
        find(Some(rt), None),
        find(None, None),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// A row's predicted decode and prefill rates (where it measures them) and its image encoder's time.
pub(crate) type Predicted = (Option<f64>, Option<f64>, Option<f64>);

pub(crate) fn predicted(row: &Row, c: &Calibrated) -> Predicted {
    match predict(row, c) {
        Ok(p) => (
            row.decode_tps
                .map(|_| p.decode_tps)
                .filter(|x| x.is_finite() && *x > 0.0),
            row.prefill_tps
                .map(|_| p.prefill_tps)
                .filter(|x| x.is_finite() && *x > 0.0),
            p.vision_s,
        ),
        Err(_) => (None, None, None),
    }
}

impl LosoRow {
    /// The measured value and the prediction of the first chain entry not switched off for `q`, with its
    /// key (`None`: the prior's).
    fn pick(
        &self,
        q: Quantity,
        off: &[(GroupKey, Quantity)],
    ) -> Option<(Option<GroupKey>, f64, f64)> {
        let meas = match q {
            Quantity::Decode => self.decode?,
            Quantity::Prefill => self.prefill?,
        };
        let of = |d: Option<f64>, p: Option<f64>| match q {
            Quantity::Decode => d,
            Quantity::Prefill => p,
        };
        match self.entry(q, off) {
            Some(i) => {
                let (k, d, p) = &self.chain[i];
                Some((Some(*k), meas, of(*d, *p)?))
            }
            None => Some((None, meas, of(self.prior.0, self.prior.1)?)),
        }
    }

    /// The chain entry `q` is predicted from (`None`: the prior's).
    fn entry(&self, q: Quantity, off: &[(GroupKey, Quantity)]) -> Option<usize> {
        self.chain
            .iter()
            .position(|(k, _, _)| !off.contains(&(*k, q)))
    }

    /// The image encoder's predicted time under the constants the prefill is predicted from.
    fn vision_s(&self, off: &[(GroupKey, Quantity)]) -> Option<f64> {
        match self.entry(Quantity::Prefill, off) {
            Some(i) => self.vision.0[i],
            None => self.vision.1,
        }
    }
}

/// One row out of sample: measured and predicted by the constants fitted without its source (the selection
/// of kept groups applied).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LosoResult {
    /// Row id.
    pub id: String,
    /// Source.
    pub source: String,
    /// Decode tokens/s, (measured, predicted).
    pub decode: Option<(f64, f64)>,
    /// Prefill tokens/s, (measured, predicted); with images, the text and image tokens over the TTFT.
    pub prefill: Option<(f64, f64)>,
    /// With images: the image encoder's predicted time, seconds.
    pub vision_s: Option<f64>,
    /// Whether the measured prefill rate (with images: the TTFT) lies inside the band computed without the
    /// row's source.
    pub prefill_in_band: Option<bool>,
}

/// Median |ln(measured / predicted)| of rows (NaN for none).
pub(crate) fn log_loss(pairs: &[(f64, f64)]) -> f64 {
    let v: Vec<f64> = pairs.iter().map(|(m, p)| math::ln(m / p).abs()).collect();
    median(&v)
}

/// A group's band: its rows' quantiles of measured ÷ predicted, shrunk in log space toward `parent` with
/// [`BAND_PRIOR_ROWS`] pseudo-rows; the band always contains 1.
pub(crate) fn shrunk_band(ratios: &[f64], parent: (f64, f64), z: f64) -> (f64, f64) {
    let n = ratios.len() as f64;
    let (pc, ph) = (
        0.5 * (math::ln(parent.0) + math::ln(parent.1)),
        0.5 * (math::ln(parent.1) - math::ln(parent.0)),
    );
    let (c, h) = log_band(ratios, z).unwrap_or((pc, ph));
    let w = n / (n + BAND_PRIOR_ROWS);
    let (c, h) = (w * c + (1.0 - w) * pc, w * h + (1.0 - w) * ph);
    (
        round3(math::exp(c - h).min(1.0)),
        round3(math::exp(c + h).max(1.0)),
    )
}

/// The band of some measured ÷ predicted ratios in log space, as (centre, half-width): the median of their
/// logarithms ± `z` robust standard deviations (1.4826 × the median absolute deviation). `None`
/// without ratios.
pub(crate) fn log_band(ratios: &[f64], z: f64) -> Option<(f64, f64)> {
    if ratios.is_empty() {
        return None;
    }
    let logs: Vec<f64> = ratios.iter().map(|&r| math::ln(r)).collect();
    let c = median(&logs);
    let dev: Vec<f64> = logs.iter().map(|l| (l - c).abs()).collect();
    Some((c, z * 1.4826 * median(&dev)))
}

/// How one group did out of sample.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct GroupScore {
    /// The group.
    pub group: String,
    /// Decode or prefill.
    pub quantity: Quantity,
    /// Rows it served out of sample.
    pub n: usize,
    /// Median |pred/meas − 1| with the group's own constants, each source left out.
    pub own: f64,
    /// The same with the constants it falls back to (its parent group, or the prior).
    pub fallback: f64,
    /// The same with one η of 0.6 (the naive roofline).
    pub naive: f64,
    /// Whether the group's own constants are kept (they beat the fallback out of sample).
    pub kept: bool,
}

/// Leave-one-source-out over every row: the shipped table and its honest scores.
#[derive(Debug, Clone)]
pub struct Honest {
    /// The table fitted on every row, each group's constants kept only where they beat their fallback out of
    /// sample, with out-of-sample bands.
    pub table: Vec<Calibrated>,
    /// Decode: each row predicted by constants fitted without its source (the selection applied).
    pub loso_decode: ErrorStats,
    /// Prefill, the same.
    pub loso_prefill: ErrorStats,
    /// The naive roofline on the same rows.
    pub naive_decode: ErrorStats,
    /// The naive roofline's prefill.
    pub naive_prefill: ErrorStats,
    /// Share of measured decode values inside the band shown (each row's band computed without its source).
    pub decode_coverage: f64,
    /// The same for prefill.
    pub prefill_coverage: f64,
    /// Median band width, high ÷ low, over the decode rows.
    pub decode_band_width: f64,
    /// The same for prefill.
    pub prefill_band_width: f64,
    /// Each group's out-of-sample score.
    pub groups: Vec<GroupScore>,
    /// Sources.
    pub n_sources: usize,
    /// Each row's out-of-sample prediction, in the rows' order.
    pub rows: Vec<LosoResult>,
    /// The image encoder's efficiency relative to η_c (ρ), fitted on every row, with the rows and sources
    /// it rests on (`None`: the prior, too few encoder times or not fitted).
    pub vision_fit: Option<(f64, usize, usize)>,
    /// ρ with each source that measures an image left out (its fold's value; the prior where not fitted).
    pub vision_folds: Vec<(String, f64)>,
    /// How ρ did out of sample against the prior, and whether it is kept ([`honest`]).
    pub vision: Option<VisionScore>,
}

/// The image encoder's efficiency relative to η_c (ρ) out of sample: every row with an image predicted with
/// each source left out, once with ρ fitted beside the other constants (`fit_with_vision`) and once at the
/// prior ([`VISION_PRIOR`]).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct VisionScore {
    /// ρ fitted on every row.
    pub fitted: f64,
    /// Encoder times it rests on.
    pub rows: usize,
    /// Their publications.
    pub sources: usize,
    /// ρ with each source that measures an image left out.
    pub folds: Vec<(String, f64)>,
    /// Time to first token with the image at the prior, each source left out.
    pub prior_ttft: ErrorStats,
    /// The encoder's time at the prior.
    pub prior_encoder: ErrorStats,
    /// Time to first token with ρ fitted without the row's source.
    pub fitted_ttft: ErrorStats,
    /// The encoder's time the same way.
    pub fitted_encoder: ErrorStats,
    /// Whether the fitted ρ is kept: its median |ln(predicted / measured)| beats the prior's on both.
    pub kept: bool,
    /// ρ's band: `fitted` × the median ± [`BAND_Z`]'s prefill z robust σ of the out-of-sample measured ÷
    /// predicted encoder speeds.
    pub band: (f64, f64),
    /// Share of measured encoder times inside the band, each row's band computed without its source.
    pub band_coverage: f64,
    /// Share of measured TTFTs with an image inside their prefill band out of sample, at the prior and with ρ
    /// fitted.
    pub ttft_band_coverage: (f64, f64),
}

pub(crate) fn group_name(k: GroupKey) -> String {
    let c = Calibrated {
        backend: k.0,
        runtime: k.1,
        hw: k.2,
        n_decode: 1,
        ..prior(k.0)
    };
    c.group()
}

/// Fit on every row, score each source by the constants fitted without it, keep a group's constants only
/// where they beat what the group would otherwise fall back to (its parent, then the backend's prior), and
/// band each group by its out-of-sample residuals. The image encoder's ρ is fitted beside them
/// (`fit_with_vision`) and kept only where, each source left out, it beats the prior on the rows with
/// images ([`VisionScore`]); otherwise every fit keeps the prior.
#[must_use]
pub fn honest(rows: &[Row]) -> Honest {
    let prior = honest_with(rows, false);
    let encoder_rows = rows
        .iter()
        .filter(|r| r.image.as_ref().is_some_and(|i| i.vision_ms.is_some()))
        .count();
    if encoder_rows < MIN_ROWS {
        return prior;
    }
    let fitted = honest_with(rows, true);
    let Some((rho, n, sources)) = fitted.vision_fit else {
        return prior;
    };
    let (pv, fv) = (vlm_results(rows, &prior), vlm_results(rows, &fitted));
    let ttft = |v: &[VlmResult]| -> Vec<(f64, f64)> {
        v.iter()
            .filter_map(|r| r.ttft_measured_ms.zip(r.ttft_predicted_ms))
            .collect()
    };
    let enc = |v: &[VlmResult]| -> Vec<(f64, f64)> {
        v.iter()
            .filter_map(|r| r.vision_measured_ms.zip(r.vision_predicted_ms))
            .collect()
    };
    let stats = |pairs: &[(f64, f64)]| {
        ErrorStats::from_ratios(&pairs.iter().map(|(m, p)| p / m).collect::<Vec<_>>())
    };
    let kept =
        log_loss(&ttft(&fv)) < log_loss(&ttft(&pv)) && log_loss(&enc(&fv)) < log_loss(&enc(&pv));
    // ρ's band: the spread of the out-of-sample predicted ÷ measured encoder times (measured ÷ predicted
    // speed), each row's own band computed without its source for the coverage.
    let q: Vec<(&str, f64)> = fv
        .iter()
        .filter_map(|r| {
            let (m, p) = r.vision_measured_ms.zip(r.vision_predicted_ms)?;
            Some((r.source.as_str(), p / m))
        })
        .collect();
    let z = band_z(Quantity::Prefill);
    let all: Vec<f64> = q.iter().map(|x| x.1).collect();
    let band = log_band(&all, z).map_or((rho, rho), |(c, h)| {
        (
            round3((rho * math::exp(c - h)).min(rho)),
            round3((rho * math::exp(c + h)).max(rho)),
        )
    });
    let inside: Vec<bool> = q
        .iter()
        .filter_map(|(s, x)| {
            let others: Vec<f64> = q.iter().filter(|o| o.0 != *s).map(|o| o.1).collect();
            let (c, h) = log_band(&others, z)?;
            Some(*x >= math::exp(c - h) && *x <= math::exp(c + h))
        })
        .collect();
    let ttft_in_band = |h: &Honest| {
        let v: Vec<bool> = rows
            .iter()
            .zip(&h.rows)
            .filter(|(r, _)| r.image.is_some())
            .filter_map(|(_, l)| l.prefill_in_band)
            .collect();
        share_of(&v)
    };
    let score = VisionScore {
        fitted: rho,
        rows: n,
        sources,
        folds: fitted.vision_folds.clone(),
        prior_ttft: stats(&ttft(&pv)),
        prior_encoder: stats(&enc(&pv)),
        fitted_ttft: stats(&ttft(&fv)),
        fitted_encoder: stats(&enc(&fv)),
        kept,
        band,
        band_coverage: share_of(&inside),
        ttft_band_coverage: (ttft_in_band(&prior), ttft_in_band(&fitted)),
    };
    let mut h = if kept { fitted } else { prior };
    h.vision = Some(score);
    h
}

/// Share of `true` among `v` (NaN when empty).
fn share_of(v: &[bool]) -> f64 {
    if v.is_empty() {
        f64::NAN
    } else {
        v.iter().filter(|x| **x).count() as f64 / v.len() as f64
    }
}

/// [`honest`] with the image encoder's ρ fitted beside the other constants in every fit (`vision`), or at the
/// prior.
fn honest_with(rows: &[Row], vision: bool) -> Honest {
    let fit_all = |train: &[Row], obs: &[Option<Obs>]| {
        if vision {
            fit_with_vision(train, obs)
        } else {
            (fit_observed(train, obs), None)
        }
    };
    let observed: Vec<Option<Obs>> = rows.iter().map(observe).collect();
    let mut sources: Vec<String> = rows.iter().map(|r| r.source.clone()).collect();
    sources.sort();
    sources.dedup();
    let mut folds: BTreeMap<String, Vec<Calibrated>> = BTreeMap::new();
    let mut vision_folds = Vec::new();
    for s in &sources {
        let (train, obs): (Vec<Row>, Vec<Option<Obs>>) = rows
            .iter()
            .zip(&observed)
            .filter(|(r, _)| &r.source != s)
            .map(|(r, o)| (r.clone(), o.clone()))
            .unzip();
        let (table, _) = fit_all(&train, &obs);
        if rows.iter().any(|r| &r.source == s && with_image(r)) {
            vision_folds.push((s.clone(), table.first().map_or(VISION_PRIOR, |c| c.vit_eff)));
        }
        folds.insert(s.clone(), table);
    }
    let loso: Vec<LosoRow> = rows
        .iter()
        .map(|r| {
            let t = folds.get(&r.source).map_or(&[][..], Vec::as_slice);
            let chain: Vec<(GroupKey, Predicted)> = chain_of(t, r)
                .iter()
                .map(|c| (key_of(c), predicted(r, c)))
                .collect();
            let prior = predicted(r, &naive(r.backend));
            LosoRow {
                id: r.id.clone(),
                source: r.source.clone(),
                backend: r.backend,
                decode: r.decode_tps,
                prefill: r.prefill_tps,
                chain: chain.iter().map(|(k, (d, p, _))| (*k, *d, *p)).collect(),
                prior: (prior.0, prior.1),
                vision: (chain.iter().map(|(_, (_, _, v))| *v).collect(), prior.2),
            }
        })
        .collect();
    let naive_pred: Vec<(Option<f64>, Option<f64>)> = rows
        .iter()
        .map(|r| match predict_with(r, &naive(r.backend), &[]) {
            Ok(p) => (Some(p.decode_tps), Some(p.prefill_tps)),
            Err(_) => (None, None),
        })
        .collect();
    let (full, vision_fit) = fit_all(rows, &observed);
    let mut keys: Vec<GroupKey> = full.iter().map(key_of).collect();
    let rank = |k: &GroupKey| match (k.1, k.2) {
        (Some(_), Some(_)) => 0,
        (None, Some(_)) => 1,
        (Some(_), None) => 2,
        (None, None) => 3,
    };
    keys.sort_by_key(rank);
    let qs = [Quantity::Decode, Quantity::Prefill];
    // Specific groups first; a group that serves no row out of sample (all its rows come from one source)
    // has no evidence and is switched off. Repeat while a decision changes another's fallback.
    let mut off: Vec<(GroupKey, Quantity)> = Vec::new();
    for _ in 0..4 {
        let mut changed = false;
        for &k in &keys {
            for q in qs {
                if off.contains(&(k, q)) {
                    continue;
                }
                let mine: Vec<usize> = loso
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.pick(q, &off).is_some_and(|p| p.0 == Some(k)))
                    .map(|(i, _)| i)
                    .collect();
                let mut without = off.clone();
                without.push((k, q));
                let pairs = |o: &[(GroupKey, Quantity)]| -> Vec<(f64, f64)> {
                    mine.iter()
                        .filter_map(|&i| loso[i].pick(q, o).map(|p| (p.1, p.2)))
                        .collect()
                };
                // One η of 0.6 without the per-thread chain: the naive roofline a kept group must not lose to.
                let naive_pairs: Vec<(f64, f64)> = mine
                    .iter()
                    .filter_map(|&i| {
                        let r = &loso[i];
                        match q {
                            Quantity::Decode => Some((r.decode?, naive_pred[i].0?)),
                            Quantity::Prefill => Some((r.prefill?, naive_pred[i].1?)),
                        }
                    })
                    .collect();
                let own = log_loss(&pairs(&off));
                let keep = !mine.is_empty()
                    && own < log_loss(&pairs(&without))
                    && own <= log_loss(&naive_pairs);
                if !keep {
                    off = without;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Scores per group under the final selection.
    let mut groups = Vec::new();
    for &k in &keys {
        for q in qs {
            let mut with_on: Vec<(GroupKey, Quantity)> =
                off.iter().copied().filter(|x| *x != (k, q)).collect();
            let idx: Vec<usize> = loso
                .iter()
                .enumerate()
                .filter(|(_, r)| r.pick(q, &with_on).is_some_and(|p| p.0 == Some(k)))
                .map(|(i, _)| i)
                .collect();
            if idx.is_empty() {
                continue;
            }
            let ratio = |o: &[(GroupKey, Quantity)]| -> Vec<f64> {
                idx.iter()
                    .filter_map(|&i| loso[i].pick(q, o).map(|p| p.2 / p.1))
                    .collect()
            };
            let own = ErrorStats::from_ratios(&ratio(&with_on)).median_abs_err;
            with_on.push((k, q));
            let fallback = ErrorStats::from_ratios(&ratio(&with_on)).median_abs_err;
            let nv: Vec<f64> = idx
                .iter()
                .filter_map(|&i| {
                    let m = match q {
                        Quantity::Decode => loso[i].decode?,
                        Quantity::Prefill => loso[i].prefill?,
                    };
                    let p = match q {
                        Quantity::Decode => naive_pred[i].0?,
                        Quantity::Prefill => naive_pred[i].1?,
                    };
                    Some(p / m)
                })
                .collect();
            groups.push(GroupScore {
                group: group_name(k),
                quantity: q,
                n: idx.len(),
                own,
                fallback,
                naive: ErrorStats::from_ratios(&nv).median_abs_err,
                kept: !off.contains(&(k, q)),
            });
        }
    }
    // Bands: each serving group's out-of-sample residuals, shrunk toward its backend's.
    let backend_band = |b: Backend, q: Quantity, skip: Option<&str>| {
        let r: Vec<f64> = loso
            .iter()
            .filter(|r| r.backend == b && skip.is_none_or(|s| r.source != s))
            .filter_map(|r| r.pick(q, &off).map(|p| p.1 / p.2))
            .collect();
        match log_band(&r, band_z(q)) {
            None => (0.5, 1.5),
            Some((c, h)) => (
                round3(math::exp(c - h).min(1.0)),
                round3(math::exp(c + h).max(1.0)),
            ),
        }
    };
    let band_of = |k: Option<GroupKey>, b: Backend, q: Quantity, skip: Option<&str>| {
        let r: Vec<f64> = loso
            .iter()
            .filter(|r| r.backend == b && skip.is_none_or(|s| r.source != s))
            .filter_map(|r| r.pick(q, &off).filter(|p| p.0 == k).map(|p| p.1 / p.2))
            .collect();
        shrunk_band(&r, backend_band(b, q, skip), band_z(q))
    };
    // The shipped table: the full fit, a switched-off quantity taking its fallback's constants.
    let mut table: Vec<Calibrated> = Vec::new();
    for c in &full {
        let k = key_of(c);
        let on = |q: Quantity| !off.contains(&(k, q));
        let rank_k = rank(&k);
        if rank_k < 3 && !on(Quantity::Decode) && !on(Quantity::Prefill) {
            continue;
        }
        // The constants a switched-off quantity falls back to: the first kept entry above it, else the prior.
        let parent = |q: Quantity| -> Calibrated {
            let up: Vec<&Calibrated> = full
                .iter()
                .filter(|p| p.backend == c.backend && rank(&key_of(p)) > rank_k)
                .filter(|p| match (c.runtime, c.hw, p.runtime, p.hw) {
                    (_, _, None, None) => true,
                    (Some(_), Some(h), None, Some(ph)) => ph == h,
                    (Some(r), Some(_), Some(pr), None) => pr == r,
                    _ => false,
                })
                .filter(|p| !off.contains(&(key_of(p), q)))
                .collect();
            let mut up = up;
            up.sort_by_key(|p| rank(&key_of(p)));
            up.first().map_or(naive(c.backend), |p| **p)
        };
        let mut e = *c;
        if !on(Quantity::Decode) {
            let p = parent(Quantity::Decode);
            e.eta_bw = p.eta_bw;
            e.layer_ms = p.layer_ms;
            e.n_decode = 0;
        }
        if !on(Quantity::Prefill) {
            e.eta_c = parent(Quantity::Prefill).eta_c;
            e.n_prefill = 0;
        }
        let served_key = |q: Quantity| if on(q) { Some(k) } else { None };
        e.decode_band = if on(Quantity::Decode) || rank_k == 3 {
            band_of(
                served_key(Quantity::Decode),
                c.backend,
                Quantity::Decode,
                None,
            )
        } else {
            backend_band(c.backend, Quantity::Decode, None)
        };
        e.prefill_band = if on(Quantity::Prefill) || rank_k == 3 {
            band_of(
                served_key(Quantity::Prefill),
                c.backend,
                Quantity::Prefill,
                None,
            )
        } else {
            backend_band(c.backend, Quantity::Prefill, None)
        };
        table.push(e);
    }
    // Scores: each row out of sample, its band computed without its source too.
    let mut dec = Vec::new();
    let mut pre = Vec::new();
    let (mut dec_in, mut pre_in) = (0usize, 0usize);
    let mut dec_w = Vec::new();
    let mut pre_w = Vec::new();
    let mut pre_inside: Vec<Option<bool>> = vec![None; loso.len()];
    for (i, r) in loso.iter().enumerate() {
        for q in qs {
            let Some((k, m, p)) = r.pick(q, &off) else {
                continue;
            };
            let (lo, hi) = band_of(k, r.backend, q, Some(&r.source));
            let inside = m >= p * lo && m <= p * hi;
            match q {
                Quantity::Decode => {
                    dec.push(p / m);
                    dec_in += usize::from(inside);
                    dec_w.push(hi / lo);
                }
                Quantity::Prefill => {
                    pre.push(p / m);
                    pre_in += usize::from(inside);
                    pre_w.push(hi / lo);
                    pre_inside[i] = Some(inside);
                }
            }
        }
    }
    let naive_ratios = |q: Quantity| -> Vec<f64> {
        loso.iter()
            .zip(&naive_pred)
            .filter(|(r, _)| r.pick(q, &off).is_some())
            .filter_map(|(r, n)| match q {
                Quantity::Decode => Some(n.0? / r.decode?),
                Quantity::Prefill => Some(n.1? / r.prefill?),
            })
            .collect()
    };
    let share = |k: usize, n: usize| {
        if n == 0 {
            f64::NAN
        } else {
            k as f64 / n as f64
        }
    };
    Honest {
        table,
        loso_decode: ErrorStats::from_ratios(&dec),
        loso_prefill: ErrorStats::from_ratios(&pre),
        naive_decode: ErrorStats::from_ratios(&naive_ratios(Quantity::Decode)),
        naive_prefill: ErrorStats::from_ratios(&naive_ratios(Quantity::Prefill)),
        decode_coverage: share(dec_in, dec.len()),
        prefill_coverage: share(pre_in, pre.len()),
        decode_band_width: median(&dec_w),
        prefill_band_width: median(&pre_w),
        groups,
        n_sources: sources.len(),
        rows: loso
            .iter()
            .zip(pre_inside)
            .map(|(r, inside)| {
                let pair = |q| r.pick(q, &off).map(|(_, m, p)| (m, p));
                LosoResult {
                    id: r.id.clone(),
                    source: r.source.clone(),
                    decode: pair(Quantity::Decode),
                    prefill: pair(Quantity::Prefill),
                    vision_s: r.vision_s(&off),
                    prefill_in_band: inside,
                }
            })
            .collect(),
        vision_fit,
        vision_folds,
        vision: None,
    }
}

impl Honest {
    /// What the shipped [`VISION`] says of this fit: ρ where it was kept, else the prior, with the fitted
    /// value, its band and what it rests on either way.
    #[must_use]
    pub fn vision_fit(&self) -> VisionFit {
        match &self.vision {
            Some(v) => VisionFit {
                ratio: if v.kept { v.fitted } else { VISION_PRIOR },
                fitted: v.fitted,
                band: v.band,
                kept: v.kept,
                rows: v.rows,
                sources: v.sources,
            },
            None => VisionFit {
                ratio: VISION_PRIOR,
                fitted: VISION_PRIOR,
                band: (VISION_PRIOR, VISION_PRIOR),
                kept: false,
                rows: 0,
                sources: 0,
            },
        }
    }
}

/// The generated file that holds [`CALIBRATED`] and [`VISION`] (`crates/core/src/calibration_table.rs`),
/// fitted on `files`.
#[must_use]
pub fn table_file(table: &[Calibrated], vision: &VisionFit, files: &[String]) -> String {
    let names: Vec<&str> = files
        .iter()
        .map(|f| f.rsplit('/').next().unwrap_or(f))
        .collect();
    format!(
        "//! The calibrated defaults. Generated by `edgefit validate --refit data/` from every file in `data/`\n\
         //! ({}): each group's constants fitted on every row, kept only where they beat what the group falls\n\
         //! back to with each source left out, banded by their out-of-sample residuals\n\
         //! (`edgefit_calib::honest`). Do not edit; regenerate (a test checks that this file is current).\n\
         \n\
         use crate::calibration::{{cal, Calibrated, HwClass, Runtime, VisionFit}};\n\
         use crate::input::Backend;\n\
         \n\
         /// The calibrated defaults (see the module docs). Group rows first, then backend-wide rows.\n\
         #[rustfmt::skip]\n\
         pub const CALIBRATED: &[Calibrated] = &[\n{}];\n\
         \n\
         /// The image encoder's efficiency relative to the language model's prefill η_c (`vit_eff`), fitted on\n\
         /// the published encoder times with each source left out (see [`VisionFit`]).\n\
         #[rustfmt::skip]\n\
         pub const VISION: VisionFit = VisionFit {{ ratio: {:?}, fitted: {:?}, band: ({:?}, {:?}), kept: {}, rows: {}, sources: {} }};\n",
        names.join(", "),
        table_source(table),
        vision.ratio,
        vision.fitted,
        vision.band.0,
        vision.band.1,
        vision.kept,
        vision.rows,
        vision.sources
    )
}

/// The fitted table as Rust source for [`CALIBRATED`].
#[must_use]
pub fn table_source(table: &[Calibrated]) -> String {
    use core::fmt::Write;
    let mut s = String::new();
    for c in table {
        let hw =
            c.hw.map_or_else(|| "None".to_string(), |h| format!("Some(HwClass::{h:?})"));
        let rt = c
            .runtime
            .map_or_else(|| "None".to_string(), |r| format!("Some(Runtime::{r:?})"));
        let _ = writeln!(
            s,
            "    cal(Backend::{:?}, {hw}, {rt}, {:?}, {:?}, {:?}, ({:?}, {:?}), ({:?}, {:?}), {}, {}),",
            c.backend,
            c.eta_bw,
            c.layer_ms,
            c.eta_c,
            c.decode_band.0,
            c.decode_band.1,
            c.prefill_band.0,
            c.prefill_band.1,
            c.n_decode,
            c.n_prefill
        );
    }
    s
}
