//! The vision towers of the vision-language model presets (`vlm.rs`): each as its public config gives it,
//! with the token rule of its processor, applied to a scenario with the model. Hand-written; every figure from
//! a public config, processor or model card, derived where the row says so.

use crate::input::{Field, Inputs};
use crate::vision::ImageRule;

/// A vision tower as a model's public config gives it.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TowerPreset {
    /// Encoder parameters (derived from the config by the architecture's code).
    pub params: f64,
    /// Projector parameters.
    pub proj: f64,
    /// Encoder layers.
    pub layers: u32,
    /// Encoder width.
    pub hidden: u32,
    /// Patch side, pixels.
    pub patch: u32,
    /// Patches per attention window (0: none).
    pub window: u32,
    /// Full-attention layers among windowed ones.
    pub full_layers: u32,
    /// How an image becomes tiles and tokens.
    pub rule: ImageRule,
    /// Tile side, pixels (native: pixels per token cell).
    pub tile_px: u32,
    /// Most tiles (native: most tokens) per image.
    pub max_tiles: u32,
    /// Tokens per tile (native: per cell).
    pub tile_tokens: u32,
    /// How the figures were derived.
    pub note: &'static str,
}

/// Qwen2.5-VL's vision transformer, shared by its 3B and 7B (their projectors differ).
const QWEN25_VIT: TowerPreset = TowerPreset {
    params: 631_975_680.0,
    proj: 0.0,
    layers: 32,
    hidden: 1280,
    patch: 14,
    window: 64,
    full_layers: 4,
    rule: ImageRule::Native,
    tile_px: 28,
    max_tiles: 16384,
    tile_tokens: 1,
    note: "",
};

/// Vision towers by model id.
pub const TOWERS: &[(&str, TowerPreset)] = &[
    (
        "qwen2.5-vl-3b",
        TowerPreset {
            proj: 36_708_608.0,
            note: "32 blocks × (QKV 1280→3840 + proj 1280² with biases, SwiGLU 3 × 1280 × 3420 with biases, 2 RMSNorms) = 630,470,400 + Conv3d patch embedding 1280 × 3 × 2 × 14² = 1,505,280; merger RMSNorm 1280 + 5120² + 5120 + 5120 × 2048 + 2048 = 36,708,608; window 112 px = 8 × 8 patches",
            ..QWEN25_VIT
        },
    ),
    (
        "qwen2.5-vl-7b",
        TowerPreset {
            proj: 44_574_464.0,
            note: "the 3B's encoder; merger to 3584: 1280 + 5120² + 5120 + 5120 × 3584 + 3584 = 44,574,464",
            ..QWEN25_VIT
        },
    ),
    (
        "gemma-3-4b",
        TowerPreset {
            params: 416_866_032.0,
            proj: 2_950_272.0,
            layers: 27,
            hidden: 1152,
            patch: 14,
            window: 0,
            full_layers: 0,
            rule: ImageRule::Resize,
            tile_px: 896,
            max_tiles: 1,
            tile_tokens: 256,
            note: "SigLIP-So400m at 896²: 27 × (Q, K, V, O 1152² with biases, MLP 1152 × 4304 × 2 with biases, 2 LayerNorms) = 411,466,608 + patch embedding 1152 × 3 × 14² + 1152 + 4096 positions × 1152 + post-LayerNorm = 416,866,032; projector RMSNorm 1152 + 1152 × 2560 = 2,950,272 (config.json vision_config; mm_tokens_per_image 256). mmproj-model-f16.gguf of ggml-org/gemma-3-4b-it-GGUF: 851,251,104 bytes",
        },
    ),
    (
        "smolvlm2-2.2b",
        TowerPreset {
            params: 412_987_248.0,
            proj: 21_233_664.0,
            layers: 27,
            hidden: 1152,
            patch: 14,
            window: 0,
            full_layers: 0,
            rule: ImageRule::Split,
            tile_px: 384,
            max_tiles: 16,
            tile_tokens: 81,
            note: "SigLIP-So400m at 384²: 411,466,608 + patch embedding 678,528 + 729 positions × 1152 + post-LayerNorm = 412,987,248; connector 1152 × 3² → 2048 without bias = 21,233,664; longest edge 1536 = 4 × 384 (16 tiles); 27² patches → 81 tokens after pixel shuffle 3",
        },
    ),
    (
        "internvl3-2b",
        TowerPreset {
            params: 304_012_288.0,
            proj: 8_662_016.0,
            layers: 24,
            hidden: 1024,
            patch: 14,
            window: 0,
            full_layers: 0,
            rule: ImageRule::Grid,
            tile_px: 448,
            max_tiles: 12,
            tile_tokens: 256,
            note: "InternViT-300M: 24 × (QKV 1024→3072 + proj with biases, MLP 1024 × 4096 × 2 with biases, 2 LayerNorms, 2 layer scales) = 302,358,528 + class token + patch embedding + 1025 positions × 1024 = 304,012,288; mlp1 LayerNorm 4096 + 4096 × 1536 + 1536² with biases = 8,662,016",
        },
    ),
    (
        "minicpm-v-2.6",
        TowerPreset {
            params: 417_792_240.0,
            proj: 68_619_264.0,
            layers: 27,
            hidden: 1152,
            patch: 14,
            window: 0,
            full_layers: 0,
            rule: ImageRule::Slices,
            tile_px: 448,
            max_tiles: 9,
            tile_tokens: 64,
            note: "SigLIP-400M (27 layers; drop_vision_last_layer assumed false, not read) with 4900 positions (image_size 980): 417,792,240; resampler 64 queries × 3584, kv_proj 1152 × 3584, attention 4 × 3584² with in/out biases, 3 LayerNorms, proj 3584² = 68,619,264 (it runs per slice; counted here per token)",
        },
    ),
];

/// Parameters a model keeps in flash instead of memory, by model id.
pub const FLASH: &[(&str, f64)] = &[("gemma-3n-e4b", 2_348_810_240.0)];

/// The vision tower of a model id, if it has one.
#[must_use]
pub fn tower(id: &str) -> Option<&'static TowerPreset> {
    TOWERS.iter().find(|(k, _)| *k == id).map(|(_, t)| t)
}

/// Set (or reset to none) the vision tower and flash-resident parameters of model `id` in `inputs`.
pub fn apply(id: &str, inputs: &mut Inputs) {
    let t = tower(id);
    let f = |x: Option<f64>| x.unwrap_or(0.0);
    for (field, x) in [
        (Field::VitParamsB, f(t.map(|t| t.params / 1e9))),
        (Field::ProjParamsB, f(t.map(|t| t.proj / 1e9))),
        (Field::VitLayers, f(t.map(|t| f64::from(t.layers)))),
        (Field::VitHidden, f(t.map(|t| f64::from(t.hidden)))),
        (Field::VitWindow, f(t.map(|t| f64::from(t.window)))),
        (Field::VitFullLayers, f(t.map(|t| f64::from(t.full_layers)))),
        (
            Field::FlashParamsB,
            FLASH
                .iter()
                .find(|(k, _)| *k == id)
                .map_or(0.0, |(_, p)| p / 1e9),
        ),
    ] {
        inputs.set_exact(field, x);
    }
    for (field, x) in [
        (Field::VitPatch, t.map(|t| t.patch)),
        (Field::TilePx, t.map(|t| t.tile_px)),
        (Field::MaxTiles, t.map(|t| t.max_tiles)),
        (Field::TileTokens, t.map(|t| t.tile_tokens)),
    ] {
        inputs.set(field, field.spec().default);
        if let Some(x) = x {
            inputs.set_exact(field, f64::from(x));
        }
    }
    inputs.image_rule = t.map_or(ImageRule::default(), |t| t.rule);
}
