//! Scoring predictions against measurements: error statistics per class, per source and overall, against the calibrated and the naive defaults.

use edgefit_core::input::Backend;
use edgefit_core::math;

use crate::*;

/// The `q`-quantile (0…1) of `xs` with linear interpolation; NaN when empty.
#[must_use]
pub fn quantile(xs: &[f64], q: f64) -> f64 {
    let mut v: Vec<f64> = xs.iter().copied().filter(|x| !x.is_nan()).collect();
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let pos = math::clamp(q, 0.0, 1.0) * (v.len() - 1) as f64;
    let lo = math::floor(pos) as usize;
    let hi = (lo + 1).min(v.len() - 1);
    v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
}

/// Median of `xs`.
#[must_use]
pub fn median(xs: &[f64]) -> f64 {
    quantile(xs, 0.5)
}

/// Error of predictions against measurements.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct ErrorStats {
    /// Rows scored.
    pub n: usize,
    /// Median |predicted / measured − 1| (NaN when n = 0).
    pub median_abs_err: f64,
    /// Share of rows with |predicted / measured − 1| ≤ 0.25 (0…1).
    pub within_25: f64,
    /// Median predicted / measured (bias: above 1 predicts too fast).
    pub median_ratio: f64,
}

impl ErrorStats {
    /// From predicted / measured ratios.
    #[must_use]
    pub fn from_ratios(r: &[f64]) -> Self {
        let errs: Vec<f64> = r.iter().map(|x| (x - 1.0).abs()).collect();
        let n = r.len();
        Self {
            n,
            median_abs_err: median(&errs),
            within_25: if n == 0 {
                f64::NAN
            } else {
                errs.iter().filter(|&&e| e <= 0.25).count() as f64 / n as f64
            },
            median_ratio: median(r),
        }
    }
}

/// A measurement faster than the roofline allows.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct AboveRoofline {
    /// Row id.
    pub id: String,
    /// Decode or prefill.
    pub quantity: Quantity,
    /// Measured tokens/s.
    pub measured: f64,
    /// The bound, tokens/s.
    pub bound: f64,
}

/// Which throughput.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantity {
    /// Tokens generated per second.
    Decode,
    /// Prompt tokens processed per second.
    Prefill,
}

/// One row's measured and predicted throughputs.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RowResult {
    /// Row id.
    pub id: String,
    /// Source.
    pub source: String,
    /// Device class.
    pub hw: HwClass,
    /// Backend.
    pub backend: Backend,
    /// Device.
    pub device: String,
    /// Model.
    pub model: String,
    /// Quantization.
    pub quant: String,
    /// Measured decode tokens/s.
    pub decode_measured: Option<f64>,
    /// Predicted with the calibrated constants.
    pub decode_predicted: Option<f64>,
    /// Predicted by the naive roofline.
    pub decode_naive: Option<f64>,
    /// What sets the predicted decode time (`None` without a decode measurement).
    pub decode_bound: Option<DecodeBound>,
    /// Measured prefill tokens/s.
    pub prefill_measured: Option<f64>,
    /// Predicted with the calibrated constants.
    pub prefill_predicted: Option<f64>,
    /// Predicted by the naive roofline.
    pub prefill_naive: Option<f64>,
    /// The calibrated constants used.
    pub constants: Calibrated,
    /// The share of those constants' η_bw the row streams at ([`kquant_share_for`]: below 1 for a K-quant on an
    /// M1-generation Apple GPU under llama.cpp, else 1).
    pub kquant_share: f64,
    /// Predicted decode tokens/s at the ends of the constants' band (`[low, high]`).
    pub decode_band: Option<(f64, f64)>,
    /// Predicted prefill tokens/s at the ends of the constants' band.
    pub prefill_band: Option<(f64, f64)>,
    /// The share link of the scenario the row was predicted from (`codec::encode` of [`inputs_for`]):
    /// `edgefit report` and the page compute the same decode and prefill speeds from it.
    pub link: String,
    /// A row with images: its time to first token and image encoder, measured and predicted.
    pub image: Option<ImageResult>,
}

/// A vision-language row's time to first token (image encoder included) and its encoder's share, measured and
/// predicted by the constants the row was predicted with.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ImageResult {
    /// Images in the prompt.
    pub images: f64,
    /// Image tokens under the engine's rule (all images).
    pub tokens: f64,
    /// Image tokens the source states, if any.
    pub tokens_stated: Option<f64>,
    /// Measured TTFT with the images, ms.
    pub ttft_measured_ms: Option<f64>,
    /// Predicted TTFT, ms: the prompt's text and image tokens over the predicted prefill rate (encoder and
    /// prefill, as `numbers.ttft_ms`).
    pub ttft_predicted_ms: Option<f64>,
    /// Measured image-encoder time, ms.
    pub vision_measured_ms: Option<f64>,
    /// Predicted image-encoder time, ms (`numbers.vision_encoder_ms`).
    pub vision_predicted_ms: Option<f64>,
}

/// The image part of a row's result (`None` for a text-only row).
#[must_use]
pub fn image_result(row: &Row, p: &Prediction) -> Option<ImageResult> {
    let img = row.image.as_ref()?;
    let tokens = text_tokens(row.prompt) + img.tokens;
    Some(ImageResult {
        images: img.images,
        tokens: img.tokens,
        tokens_stated: img.tokens_stated,
        ttft_measured_ms: img.ttft_ms,
        ttft_predicted_ms: img
            .ttft_ms
            .map(|_| tokens / p.prefill_tps * 1e3)
            .filter(|t| t.is_finite()),
        vision_measured_ms: img.vision_ms,
        vision_predicted_ms: p.vision_s.map(|s| s * 1e3),
    })
}

/// Errors of one device class.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct ClassErrors {
    /// The class.
    pub hw: HwClass,
    /// Decode, calibrated.
    pub decode: ErrorStats,
    /// Prefill, calibrated.
    pub prefill: ErrorStats,
    /// Decode, naive roofline.
    pub naive_decode: ErrorStats,
    /// Prefill, naive roofline.
    pub naive_prefill: ErrorStats,
}

/// The errors of one source's rows.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SourceErrors {
    /// `source_id` as written (empty when the file has none).
    pub source: String,
    /// Decode, calibrated.
    pub decode: ErrorStats,
    /// Prefill, calibrated.
    pub prefill: ErrorStats,
}

/// The summary of a file.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Summary {
    /// Decode, calibrated.
    pub decode: ErrorStats,
    /// Prefill, calibrated.
    pub prefill: ErrorStats,
    /// Decode, naive roofline (η 0.6).
    pub naive_decode: ErrorStats,
    /// Prefill, naive roofline.
    pub naive_prefill: ErrorStats,
    /// By device class, in [`ALL_HW_CLASSES`] order, classes with rows only.
    pub by_class: Vec<ClassErrors>,
    /// By `source_id`, in the order the sources first appear: which publication a miss comes from.
    pub by_source: Vec<SourceErrors>,
    /// Rows used.
    pub rows_used: usize,
    /// Measurements faster than the roofline (prefill only checked against a peak the file gives).
    pub above_roofline: Vec<AboveRoofline>,
}

/// Everything [`validate_rows`] finds.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Validation {
    /// Per row.
    pub rows: Vec<RowResult>,
    /// Rows skipped while parsing or predicting.
    pub skipped: Vec<Skipped>,
    /// The summary.
    pub summary: Summary,
}

pub(crate) fn ratio(p: Option<f64>, m: Option<f64>) -> Option<f64> {
    match (p, m) {
        (Some(p), Some(m)) if p.is_finite() && m > 0.0 => Some(p / m),
        _ => None,
    }
}

/// Score rows whose predictions are already made.
#[must_use]
pub fn summarize(results: &[RowResult], above_roofline: Vec<AboveRoofline>) -> Summary {
    let stats = |rs: &[&RowResult], f: &dyn Fn(&RowResult) -> Option<f64>| {
        let r: Vec<f64> = rs.iter().filter_map(|x| f(x)).collect();
        ErrorStats::from_ratios(&r)
    };
    let dec = |x: &RowResult| ratio(x.decode_predicted, x.decode_measured);
    let pre = |x: &RowResult| ratio(x.prefill_predicted, x.prefill_measured);
    let ndec = |x: &RowResult| ratio(x.decode_naive, x.decode_measured);
    let npre = |x: &RowResult| ratio(x.prefill_naive, x.prefill_measured);
    let all: Vec<&RowResult> = results.iter().collect();
    let by_class = ALL_HW_CLASSES
        .iter()
        .filter_map(|&hw| {
            let rs: Vec<&RowResult> = results.iter().filter(|r| r.hw == hw).collect();
            (!rs.is_empty()).then(|| ClassErrors {
                hw,
                decode: stats(&rs, &dec),
                prefill: stats(&rs, &pre),
                naive_decode: stats(&rs, &ndec),
                naive_prefill: stats(&rs, &npre),
            })
        })
        .collect();
    let mut sources: Vec<&str> = Vec::new();
    for r in results {
        if !sources.contains(&r.source.as_str()) {
            sources.push(&r.source);
        }
    }
    let by_source = sources
        .iter()
        .map(|&src| {
            let rs: Vec<&RowResult> = results.iter().filter(|r| r.source == src).collect();
            SourceErrors {
                source: src.to_string(),
                decode: stats(&rs, &dec),
                prefill: stats(&rs, &pre),
            }
        })
        .collect();
    Summary {
        decode: stats(&all, &dec),
        prefill: stats(&all, &pre),
        naive_decode: stats(&all, &ndec),
        naive_prefill: stats(&all, &npre),
        by_class,
        by_source,
        rows_used: results.len(),
        above_roofline,
    }
}

/// Predict every row with constants chosen by `constants`, and score them.
pub fn validate_with(rows: &[Row], mut constants: impl FnMut(&Row) -> Calibrated) -> Validation {
    let mut results = Vec::new();
    let mut skipped = Vec::new();
    let mut above = Vec::new();
    for row in rows {
        let c = constants(row);
        let (p, n) = match (
            predict(row, &c),
            predict_with(row, &naive(row.backend), &[]),
        ) {
            (Ok(p), Ok(n)) => (p, n),
            (Err(message), _) | (_, Err(message)) => {
                skipped.push(Skipped {
                    id: row.id.clone(),
                    line: row.line,
                    reason: SkipReason::Rejected { message },
                });
                continue;
            }
        };
        // Below a token a year no device measures anything: a figure of the row is out of range.
        let rate = |x: f64| x.is_finite() && x > 3e-8;
        let bad = if row.decode_tps.is_some() && !(rate(p.decode_tps) && rate(n.decode_tps)) {
            Some(Quantity::Decode)
        } else if row.prefill_tps.is_some() && !(rate(p.prefill_tps) && rate(n.prefill_tps)) {
            Some(Quantity::Prefill)
        } else {
            None
        };
        if let Some(quantity) = bad {
            skipped.push(Skipped {
                id: row.id.clone(),
                line: row.line,
                reason: SkipReason::OutOfRange { quantity },
            });
            continue;
        }
        if let Some(m) = row.decode_tps {
            if m > p.decode_roofline {
                above.push(AboveRoofline {
                    id: row.id.clone(),
                    quantity: Quantity::Decode,
                    measured: m,
                    bound: p.decode_roofline,
                });
            }
        }
        if let Some(m) = row.prefill_tps {
            if p.peak_given && m > p.prefill_roofline {
                above.push(AboveRoofline {
                    id: row.id.clone(),
                    quantity: Quantity::Prefill,
                    measured: m,
                    bound: p.prefill_roofline,
                });
            }
        }
        results.push(RowResult {
            id: row.id.clone(),
            source: row.source.clone(),
            hw: row.hw,
            backend: row.backend,
            device: row.device.clone(),
            model: row.model.clone(),
            quant: row.quant.clone(),
            decode_measured: row.decode_tps,
            decode_predicted: row.decode_tps.map(|_| p.decode_tps),
            decode_naive: row.decode_tps.map(|_| n.decode_tps),
            decode_bound: row.decode_tps.map(|_| p.decode_bound),
            prefill_measured: row.prefill_tps,
            prefill_predicted: row.prefill_tps.map(|_| p.prefill_tps),
            prefill_naive: row.prefill_tps.map(|_| n.prefill_tps),
            constants: c,
            kquant_share: kquant_share_for(row, &c),
            decode_band: row.decode_tps.map(|_| {
                (
                    p.decode_tps * c.decode_band.0,
                    p.decode_tps * c.decode_band.1,
                )
            }),
            prefill_band: row.prefill_tps.map(|_| {
                (
                    p.prefill_tps * c.prefill_band.0,
                    p.prefill_tps * c.prefill_band.1,
                )
            }),
            link: edgefit_core::codec::encode(&inputs_for(row, &c).0, &[]),
            image: image_result(row, &p),
        });
    }
    let summary = summarize(&results, above);
    Validation {
        rows: results,
        skipped,
        summary,
    }
}

/// Score parsed rows against the defaults ([`default_for_row`] on [`CALIBRATED`]) and the
/// naive roofline.
#[must_use]
pub fn validate_rows(parsed: &Parsed) -> Validation {
    let mut v = validate_with(&parsed.rows, default_for_row);
    let mut skipped = parsed.skipped.clone();
    skipped.append(&mut v.skipped);
    v.skipped = skipped;
    v
}

/// Parse and score a file's text in one call.
///
/// # Errors
/// See [`parse`].
pub fn validate_text(text: &str) -> Result<Validation, FileError> {
    Ok(validate_rows(&parse(text)?))
}
