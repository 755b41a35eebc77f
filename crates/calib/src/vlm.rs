//! Vision-language rows: a measurement with images (`images` ≥ 1) is predicted by the same `analyze` as any
//! other, with the model's vision tower from the core's presets and the images as scenario inputs.
//!
//! - **The tower**: the row's model names a vision-language preset ([`vision_model`]: "Qwen2.5-VL-3B-Instruct"
//!   → `qwen2.5-vl-3b`); `presets::towers::apply` sets its encoder, projector and image rule, as choosing the
//!   preset does on the page. A row whose model names none is skipped ([`SkipReason::NoVisionTower`]): an
//!   image whose encoder is unknown would be predicted as free.
//! - **The images**: `images`, `image_w` and `image_h` are the engine's `images`, `image_px` and `image_h`.
//!   A source that states the image tokens but not the size (a benchmark over a dataset of varied images)
//!   gets the size whose tokens under the model's rule are nearest the stated count ([`size_for_tokens`]).
//! - **Time to first token**: `ttft_ms` is the time from the request to the first token, the image encoder
//!   included — what `numbers.vision_encoder_ms` is a share of. It is compared as the engine compares any
//!   prefill: the prompt's text and image tokens over it are the measured `prefill_tps`, and the engine's
//!   `prefill_tps` is the same tokens over its TTFT (encoder + prefill), so measured ÷ predicted is exactly
//!   the TTFT's ratio whatever the token count. `prompt_len` counts the text tokens only (none stated: one,
//!   the engine's least); the image tokens are the rule's.
//! - **Decode** after an image attends over its tokens: they join the decode context.

use edgefit_core::input::{Corner, Field, Inputs, ModelKind};
use edgefit_core::presets::towers;
use edgefit_core::vision::Vision;

use crate::csv::Fields;
use crate::*;

/// The vision-language preset a model name names: the tower id whose letters and digits the name contains
/// ("Qwen2.5-VL-7B-Instruct" → `qwen2.5-vl-7b`, "MiniCPM-V-2_6" → `minicpm-v-2.6`); the longest id wins.
#[must_use]
pub fn vision_model(model: &str) -> Option<&'static str> {
    let name = normalize(model);
    towers::TOWERS
        .iter()
        .map(|(id, _)| *id)
        .filter(|id| name.contains(&normalize(id)))
        .max_by_key(|id| normalize(id).len())
}

/// The image tokens the engine gives `images` images of `w` × `h` pixels under the tower of preset `id`.
#[must_use]
pub fn engine_image_tokens(id: &str, images: f64, w: f64, h: f64) -> f64 {
    let mut i = Inputs::default();
    i.model_kind = ModelKind::Params;
    towers::apply(id, &mut i);
    i.set_exact(Field::Images, images);
    i.set_exact(Field::ImagePx, w);
    i.set_exact(Field::ImageH, h);
    Vision::at(&i, Corner::Expected).map_or(0.0, |v| v.tokens())
}

/// The image size (width, height) whose tokens under preset `id`'s rule are nearest `tokens` per image: whole
/// tiles of the rule, as square as the count allows (a landscape image one tile wider at most); the smaller
/// size on a tie.
#[must_use]
pub fn size_for_tokens(id: &str, tokens: f64) -> (f64, f64) {
    let tile = towers::tower(id).map_or(28.0, |t| f64::from(t.tile_px));
    let mut best = (tile, tile, f64::INFINITY);
    for k in 1..=128 {
        for extra in [0.0, 1.0] {
            let (w, h) = ((f64::from(k) + extra) * tile, f64::from(k) * tile);
            let miss = (engine_image_tokens(id, 1.0, w, h) - tokens).abs();
            if miss < best.2 {
                best = (w, h, miss);
            }
        }
    }
    (best.0, best.1)
}

/// The text tokens the engine prefills for a row's `prompt_len`: rounded, at least one (the engine's least
/// prompt). [`crate::inputs_for`] sets the same.
#[must_use]
pub fn text_tokens(prompt: Option<f64>) -> f64 {
    edgefit_core::math::round(prompt.unwrap_or(0.0)).max(1.0)
}

/// The images of a row: `None` without `images` (or 0); the tower, size and tokens otherwise.
pub(crate) fn image_row(f: &Fields<'_>, model: &str) -> Result<Option<ImageRow>, SkipReason> {
    // "0" images: a text-only run of the model (the reader takes only positive numbers).
    if f.get("images").trim().parse::<f64>() == Ok(0.0) {
        return Ok(None);
    }
    let Some(images) = csv_num("images", f)?.map(edgefit_core::math::round) else {
        return Ok(None);
    };
    if images < 1.0 {
        return Ok(None);
    }
    let id = vision_model(model).ok_or_else(|| SkipReason::NoVisionTower {
        model: model.to_string(),
    })?;
    let tokens_stated = csv_num("image_tokens", f)?;
    let (w, h) = (csv_num("image_w", f)?, csv_num("image_h", f)?);
    let (width, height, size_stated) = match (w, h, tokens_stated) {
        (Some(w), h, _) => (w, h.unwrap_or(w), true),
        (None, Some(h), _) => (h, h, true),
        (None, None, Some(t)) => {
            let (w, h) = size_for_tokens(id, t / images);
            (w, h, false)
        }
        (None, None, None) => return Err(SkipReason::NoImageSize),
    };
    Ok(Some(ImageRow {
        model: id,
        images,
        width,
        height,
        size_stated,
        tokens_stated,
        tokens: engine_image_tokens(id, images, width, height),
        vision_ms: csv_num("vision_ms", f)?,
        ttft_ms: csv_num("ttft_ms", f)?,
    }))
}

fn csv_num(column: &'static str, f: &Fields<'_>) -> Result<Option<f64>, SkipReason> {
    crate::csv::num(column, f.get(column))
}

/// Set a row's images, its model's tower and the encoder's efficiency relative to η_c (`vit_eff`, the
/// constants' ρ) in its scenario (nothing for a text-only row).
pub(crate) fn apply_images(row: &Row, i: &mut Inputs, vit_eff: f64) {
    let Some(img) = &row.image else {
        return;
    };
    towers::apply(img.model, i);
    i.set_exact(Field::Images, img.images);
    i.set_exact(Field::ImagePx, img.width);
    i.set_exact(Field::ImageH, img.height);
    i.set_exact(
        Field::VitEff,
        edgefit_core::math::clamp(vit_eff, 1e-3, 10.0),
    );
}

/// The image tokens a row's prompt holds (0 for a text-only row).
#[must_use]
pub fn image_tokens(row: &Row) -> f64 {
    row.image.as_ref().map_or(0.0, |i| i.tokens)
}

/// A vision-language row predicted out of sample (each source left out, [`honest`]).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct VlmResult {
    /// Row id.
    pub id: String,
    /// Source.
    pub source: String,
    /// `device` as written.
    pub device: String,
    /// `model` as written.
    pub model: String,
    /// The images.
    pub image: ImageRow,
    /// Measured TTFT with the images, ms.
    pub ttft_measured_ms: Option<f64>,
    /// Predicted TTFT (image encoder and prefill), ms.
    pub ttft_predicted_ms: Option<f64>,
    /// Measured image-encoder time, ms.
    pub vision_measured_ms: Option<f64>,
    /// Predicted image-encoder time under the constants the TTFT is predicted with, ms.
    pub vision_predicted_ms: Option<f64>,
    /// Decode tokens/s, (measured, predicted).
    pub decode: Option<(f64, f64)>,
}

/// The errors of the vision-language rows out of sample: TTFT (predicted ÷ measured time), the image encoder's
/// time, and decode.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct VlmSummary {
    /// Time to first token with the images.
    pub ttft: ErrorStats,
    /// The image encoder's time (rows that state it).
    pub vision: ErrorStats,
    /// Decode tokens/s.
    pub decode: ErrorStats,
}

/// The rows with images among `rows`, each predicted out of sample as [`honest`] predicted it (`h` is
/// `honest(rows)`).
#[must_use]
pub fn vlm_results(rows: &[Row], h: &Honest) -> Vec<VlmResult> {
    rows.iter()
        .zip(&h.rows)
        .filter_map(|(r, l)| {
            let img = r.image.clone()?;
            // TTFT predicted: the measured one scaled by measured ÷ predicted prefill rate (the same tokens).
            let ttft_predicted_ms = img
                .ttft_ms
                .zip(l.prefill)
                .map(|(t, (m, p))| t * m / p)
                .filter(|t| t.is_finite());
            Some(VlmResult {
                id: r.id.clone(),
                source: r.source.clone(),
                device: r.device.clone(),
                model: r.model.clone(),
                ttft_measured_ms: img.ttft_ms,
                ttft_predicted_ms,
                vision_measured_ms: img.vision_ms,
                vision_predicted_ms: l.vision_s.map(|s| s * 1e3),
                decode: l.decode,
                image: img,
            })
        })
        .collect()
}

/// [`VlmSummary`] of [`vlm_results`].
#[must_use]
pub fn vlm_summary(results: &[VlmResult]) -> VlmSummary {
    let ratios = |f: &dyn Fn(&VlmResult) -> Option<(f64, f64)>| -> Vec<f64> {
        results.iter().filter_map(f).map(|(m, p)| p / m).collect()
    };
    VlmSummary {
        ttft: ErrorStats::from_ratios(&ratios(&|r| r.ttft_measured_ms.zip(r.ttft_predicted_ms))),
        vision: ErrorStats::from_ratios(&ratios(&|r| {
            r.vision_measured_ms.zip(r.vision_predicted_ms)
        })),
        decode: ErrorStats::from_ratios(&ratios(&|r| r.decode)),
    }
}
