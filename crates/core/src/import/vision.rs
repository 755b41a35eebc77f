//! A config.json's `vision_config` → the engine's vision-tower inputs (#24), for the model types whose
//! encoder the engine can size from the config alone:
//!
//! - `qwen2_vl`, `qwen2_5_vl` (Qwen's ViT): `depth` blocks of QKV and output projections with biases and an
//!   MLP of `intermediate_size` (gated SwiGLU with biases for Qwen2.5-VL; Qwen2-VL's is `mlp_ratio` × width,
//!   two matrices), two norms, a Conv3d patch embedding over `temporal_patch_size` frames, and the merger
//!   (RMSNorm, `hidden × merge²` → same → `out_hidden_size`, with biases); native resolution in
//!   `patch × merge` px cells; Qwen2.5-VL's `window_size` px windows and `fullatt_block_indexes`;
//! - `gemma3` (SigLIP, `siglip_vision_model`): `num_hidden_layers` of Q, K, V, O and a two-matrix MLP with
//!   biases and two LayerNorms, the patch embedding, `(image_size / patch_size)²` positions and the post
//!   LayerNorm; the projector's RMSNorm and `hidden × text hidden` matrix; one `image_size` square read as
//!   `mm_tokens_per_image` tokens;
//! - `idefics3`, `smolvlm` (SigLIP and a pixel-shuffle connector of `hidden × scale_factor²` → text hidden):
//!   tiles of `image_size`, `(image_size / patch_size)² / scale_factor²` tokens each.
//!
//! What the processor decides and the config does not say (Qwen's `max_pixels`, SmolVLM's longest edge) is
//! the processor's default, noted. Other model types keep the note that the tower is not counted.

use super::json::Json;
use super::{Builder, ImportError, Note};
use crate::input::Field;
use crate::vision::ImageRule;

/// What was read: the rule, for the caller to set on the inputs.
pub(crate) fn read(
    root: &Json,
    v: &Json,
    model_type: &str,
    text_hidden: f64,
    b: &mut Builder,
) -> Result<Option<ImageRule>, ImportError> {
    let n = |keys: &[&str]| {
        keys.iter().find_map(|k| match v.get(k) {
            Some(Json::Num(x)) if x.is_finite() && *x >= 0.0 => Some(*x),
            _ => None,
        })
    };
    let top = |k: &str| match root.get(k) {
        Some(Json::Num(x)) if x.is_finite() && *x >= 0.0 => Some(*x),
        _ => None,
    };
    let list_len = |k: &str| match v.get(k) {
        Some(Json::Arr(xs)) => Some(xs.len() as f64),
        _ => None,
    };
    let (Some(layers), Some(d)) = (
        n(&["depth", "num_hidden_layers", "num_layers"]),
        n(&["hidden_size", "embed_dim"]),
    ) else {
        return Ok(None);
    };
    let patch = n(&["patch_size", "spatial_patch_size"]).unwrap_or(14.0);
    let siglip = |f: f64, positions: f64| {
        let block = 4.0 * (d * d + d) + 2.0 * d * f + f + d + 4.0 * d;
        layers * block + d * 3.0 * patch * patch + d + positions * d + 2.0 * d
    };
    let (rule, params, proj, tile, max_tiles, tile_tokens, window, full) = match model_type {
        "qwen2_vl" | "qwen2_5_vl" => {
            let merge = n(&["spatial_merge_size"]).unwrap_or(2.0);
            let temporal = n(&["temporal_patch_size"]).unwrap_or(2.0);
            let out = n(&["out_hidden_size"]).unwrap_or(text_hidden);
            let mlp = match n(&["intermediate_size"]) {
                Some(f) if model_type == "qwen2_5_vl" => 3.0 * d * f + 2.0 * f + d,
                _ => {
                    let f = n(&["mlp_ratio"]).unwrap_or(4.0) * d;
                    2.0 * d * f + f + d
                }
            };
            let block = 3.0 * d * d + 3.0 * d + d * d + d + mlp + 2.0 * d;
            let params = layers * block + d * 3.0 * temporal * patch * patch;
            let m = d * merge * merge;
            let proj = d + m * m + m + m * out + out;
            let (window, full) = match (n(&["window_size"]), list_len("fullatt_block_indexes")) {
                (Some(w), Some(full)) if w > 0.0 => {
                    let side = crate::math::floor(w / patch);
                    (side * side, full)
                }
                _ => (0.0, 0.0),
            };
            b.note(Note::Defaulted {
                key: "max_pixels",
                value: 12_845_056.0,
            });
            (
                ImageRule::Native,
                params,
                proj,
                patch * merge,
                16_384.0,
                1.0,
                window,
                full,
            )
        }
        "gemma3" => {
            let image = n(&["image_size"]).unwrap_or(896.0);
            let side = crate::math::floor(image / patch);
            let f = n(&["intermediate_size"]).unwrap_or(4304.0);
            let tokens = top("mm_tokens_per_image").unwrap_or(256.0);
            (
                ImageRule::Resize,
                siglip(f, side * side),
                d + d * text_hidden,
                image,
                1.0,
                tokens,
                0.0,
                0.0,
            )
        }
        "idefics3" | "smolvlm" => {
            let image = n(&["image_size"]).unwrap_or(384.0);
            let side = crate::math::floor(image / patch);
            let f = n(&["intermediate_size"]).unwrap_or(4304.0);
            let scale = top("scale_factor").unwrap_or(3.0).max(1.0);
            b.note(Note::Defaulted {
                key: "longest_edge",
                value: 4.0 * image,
            });
            (
                ImageRule::Split,
                siglip(f, side * side),
                d * scale * scale * text_hidden,
                image,
                16.0,
                crate::math::floor(side * side / (scale * scale)),
                0.0,
                0.0,
            )
        }
        _ => return Ok(None),
    };
    b.set(Field::VitParamsB, params / 1e9, "vision_config")?;
    b.set(Field::ProjParamsB, proj / 1e9, "vision_config")?;
    b.set(Field::VitLayers, layers, "vision_config.num_hidden_layers")?;
    b.set(Field::VitHidden, d, "vision_config.hidden_size")?;
    b.set(Field::VitPatch, patch, "vision_config.patch_size")?;
    b.set(Field::VitWindow, window, "vision_config.window_size")?;
    b.set(
        Field::VitFullLayers,
        full,
        "vision_config.fullatt_block_indexes",
    )?;
    b.set(Field::TilePx, tile, "vision_config.image_size")?;
    b.set(Field::MaxTiles, max_tiles, "vision_config")?;
    b.set(Field::TileTokens, tile_tokens, "mm_tokens_per_image")?;
    b.note(Note::VisionRead {
        layers,
        hidden: d,
        params: params + proj,
    });
    Ok(Some(rule))
}
