//! Vision-language models (#24): how an image becomes tiles for the image encoder and tokens for the
//! language model, and what encoding it costs.
//!
//! A vision-language model reads an image in three steps: the image is resized and cut into tiles by the
//! model's own rule ([`ImageRule`]); an image encoder (a ViT) runs once per tile over its patches; a projector
//! turns the encoder's output into the tokens the language model prefills with the text prompt. The engine
//! counts:
//!
//! - **tokens**: per image, by the rule (below); they join the prompt ([`crate::scenario::Targets::prompt`]),
//!   so the language model's prefill, its KV cache and its TTFT see them like text;
//! - **the encoder's arithmetic**: per pass, 2 · P · N for the weights every patch runs through (P encoder
//!   parameters, N patches; position embeddings and norms counted as if multiplied, under 2 % of P) and
//!   4 · d · pairs for attention (scores and weighted values; pairs = N² per full-attention layer, N × window
//!   per windowed layer), plus 2 · P_proj per image token for the projector;
//! - **its time**: that arithmetic at the FP16 peak × η_c, or one read of its weights per pass, whichever is
//!   longer (the roofline of a batch-1 pass), before the language model's prefill;
//! - **its memory**: its weights at `vit_bits` and one pass's activations (the hidden states, Q, K, V, the
//!   attention output and the MLP in 16 bits, ≈ 9 × d per patch, and the attention scores of 16 heads — the
//!   head count of every preset's encoder — for one layer).
//!
//! The vision tower is counted only when the scenario has images (`images` ≥ 1): a VLM used for text alone
//! does not load it (llama.cpp loads its `mmproj` file only when given one).
//!
//! ## The rules
//!
//! - [`ImageRule::Native`] (Qwen2-VL, Qwen2.5-VL; transformers' `smart_resize`): both sides rounded to the
//!   nearest multiple of `tile_px` (28: 14-px patches merged 2 × 2), then scaled down to at most
//!   `max_tiles` cells (`max_pixels` = 12,845,056 = 16,384 × 28²) or up to at least 4 (`min_pixels` = 56²);
//!   one token per cell, four patches per token, one encoder pass over the whole image.
//! - [`ImageRule::Resize`] (Gemma 3): resized to one `tile_px` square (896), `tile_tokens` tokens (256, the
//!   4 × 4 average pool of 64 × 64 patches). Pan & scan (optional crops) is not modeled.
//! - [`ImageRule::Grid`] (InternVL; `dynamic_preprocess`): the grid of i × j tiles of `tile_px` (448), 1 ≤ i·j ≤
//!   `max_tiles` (12), whose aspect ratio is closest to the image's (a tie goes to the larger grid when the
//!   image has more than half its pixels), plus a thumbnail when there is more than one tile; `tile_tokens`
//!   (256: pixel shuffle 0.5 of 32 × 32 patches) per tile.
//! - [`ImageRule::Slices`] (MiniCPM-V 2.6; `get_sliced_grid`): ⌈pixels / tile_px²⌉ slices, at most `max_tiles`
//!   (9), arranged as the grid of m − 1, m or m + 1 slices whose log aspect ratio is closest to the image's,
//!   plus the whole image; each about `tile_px`² pixels (448²) and `tile_tokens` (64: the perceiver
//!   resampler's queries) tokens. Smaller than one slice, the image is read once at its own size.
//! - [`ImageRule::Split`] (Idefics3, SmolVLM; `Idefics3ImageProcessor`): the long side scaled to √`max_tiles`
//!   tiles of `tile_px` (SmolVLM2-2.2B: 4 × 384 = 1536, its `size.longest_edge`), both sides rounded up to
//!   whole tiles, cut into those tiles plus the whole image at one tile; `tile_tokens` (81: pixel shuffle 3 of
//!   27 × 27 patches) per tile.
//!
//! Special tokens around an image (begin/end markers, row/column tags) are not counted: a few per tile.

use crate::input::{Corner, Field, Inputs, ModelKind};
use crate::units::{Bytes, Ops};

pub use crate::input::{ImageRule, ALL_IMAGE_RULES};

/// Attention heads assumed for the encoder's score buffer: every preset's encoder has 16 (SigLIP-So400m,
/// InternViT-300M, Qwen2.5-VL's ViT).
pub const VIT_HEADS: f64 = 16.0;

/// The image encoder and its projector.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Tower {
    /// Encoder parameters (every patch runs through them).
    pub params: f64,
    /// Projector parameters (run once per image token).
    pub proj: f64,
    /// Encoder layers.
    pub layers: f64,
    /// Encoder width.
    pub hidden: f64,
    /// Patch side, pixels.
    pub patch: f64,
    /// Patches one windowed layer attends to (0: no windows).
    pub window: f64,
    /// Layers attending to the whole pass when the others are windowed.
    pub full_layers: f64,
    /// Bits per weight of the encoder and projector.
    pub bits: f64,
    /// How an image becomes tiles and tokens.
    pub rule: ImageRule,
    /// Tile side, pixels (native rule: the pixels of one token's cell).
    pub tile: f64,
    /// Most tiles per image (native rule: most tokens).
    pub max_tiles: f64,
    /// Tokens per tile (native rule: per cell).
    pub tile_tokens: f64,
}

/// What one image becomes under a rule.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ImageGrid {
    /// Encoder passes per image: tiles, slices and the thumbnail or whole image.
    pub passes: f64,
    /// Tiles of the grid across (0 when the image is not cut).
    pub cols: f64,
    /// Tiles of the grid down.
    pub rows: f64,
    /// Patches in one pass.
    pub patches: f64,
    /// Tokens the language model reads for the image.
    pub tokens: f64,
}

/// The images of a scenario and the tower that reads them.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Vision {
    /// The encoder and projector.
    pub tower: Tower,
    /// Images in the prompt (≥ 1).
    pub images: f64,
    /// Image width, pixels.
    pub width: f64,
    /// Image height, pixels.
    pub height: f64,
    /// What each image becomes.
    pub grid: ImageGrid,
}

/// Python's `round`: to the nearest whole number, halves to the even one.
fn round_half_even(x: f64) -> f64 {
    let f = crate::math::floor(x);
    let d = x - f;
    if d > 0.5 || (d == 0.5 && f % 2.0 != 0.0) {
        f + 1.0
    } else {
        f
    }
}

impl Tower {
    /// Whether the model has an image encoder at all.
    #[must_use]
    pub fn present(&self) -> bool {
        self.params > 0.0
    }

    /// Patches of a square tile.
    fn tile_patches(&self) -> f64 {
        let n = crate::math::floor(self.tile / self.patch);
        n * n
    }

    /// What a `w` × `h` image becomes.
    #[must_use]
    pub fn grid(&self, w: f64, h: f64) -> ImageGrid {
        let (w, h) = (w.max(1.0), h.max(1.0));
        let t = self.tile.max(1.0);
        let max = self.max_tiles.max(1.0);
        let one = |patches: f64| ImageGrid {
            passes: 1.0,
            cols: 0.0,
            rows: 0.0,
            patches,
            tokens: self.tile_tokens,
        };
        let cut = |cols: f64, rows: f64, extra: f64| {
            let passes = cols * rows + extra;
            ImageGrid {
                passes,
                cols,
                rows,
                patches: self.tile_patches(),
                tokens: passes * self.tile_tokens,
            }
        };
        match self.rule {
            ImageRule::Native => {
                let (mut hb, mut wb) = (
                    (round_half_even(h / t) * t).max(t),
                    (round_half_even(w / t) * t).max(t),
                );
                let (max_px, min_px) = (max * t * t, 4.0 * t * t);
                if hb * wb > max_px {
                    let beta = crate::math::sqrt(h * w / max_px);
                    hb = (crate::math::floor(h / beta / t) * t).max(t);
                    wb = (crate::math::floor(w / beta / t) * t).max(t);
                } else if hb * wb < min_px {
                    let beta = crate::math::sqrt(min_px / (h * w));
                    hb = crate::math::ceil(h * beta / t) * t;
                    wb = crate::math::ceil(w * beta / t) * t;
                }
                let cells = (hb / t) * (wb / t);
                ImageGrid {
                    passes: 1.0,
                    cols: wb / t,
                    rows: hb / t,
                    patches: crate::math::floor(hb / self.patch)
                        * crate::math::floor(wb / self.patch),
                    tokens: cells * self.tile_tokens,
                }
            }
            ImageRule::Resize => one(self.tile_patches()),
            ImageRule::Grid => {
                // InternVL's find_closest_aspect_ratio walks the grids by tile count and keeps the closest
                // ratio; a later grid of the same ratio replaces it while the image has more than half its
                // pixels. So: the closest ratio's smallest grid, or its largest grid the image more than
                // half fills. Two passes, no list (max_tiles may be large).
                let aspect = w / h;
                let area = w * h;
                let each = |f: &mut dyn FnMut(f64, f64)| {
                    let mut i = 1.0;
                    while i <= max {
                        let mut j = 1.0;
                        while i * j <= max {
                            f(i, j);
                            j += 1.0;
                        }
                        i += 1.0;
                    }
                };
                let mut closest = f64::INFINITY;
                each(&mut |i, j| closest = closest.min((aspect - i / j).abs()));
                let (mut first, mut filled) = ((0.0, 0.0), (0.0, 0.0));
                each(&mut |i, j| {
                    if (aspect - i / j).abs() != closest {
                        return;
                    }
                    let n = i * j;
                    if first.0 == 0.0 || n < first.0 * first.1 {
                        first = (i, j);
                    }
                    if area > 0.5 * t * t * n && n > filled.0 * filled.1 {
                        filled = (i, j);
                    }
                });
                let best = if filled.0 * filled.1 > first.0 * first.1 {
                    filled
                } else {
                    first
                };
                let n = best.0 * best.1;
                cut(best.0, best.1, if n > 1.0 { 1.0 } else { 0.0 })
            }
            ImageRule::Slices => {
                let multiple = crate::math::ceil(w * h / (t * t)).min(max);
                if multiple <= 1.0 {
                    // Read once at its own size (never enlarged), at most one tile's pixels.
                    let p = self.patch.max(1.0);
                    return one(((w * h).min(t * t) / (p * p)).max(1.0));
                }
                let log_ratio = crate::math::ln(w / h);
                let (mut best, mut err) = ((1.0, 1.0), f64::INFINITY);
                for m in [multiple - 1.0, multiple, multiple + 1.0] {
                    if m == 1.0 || m > max {
                        continue;
                    }
                    let mut a = 1.0;
                    while a <= m {
                        if m % a == 0.0 {
                            let e = (log_ratio - crate::math::ln(a / (m / a))).abs();
                            if e < err {
                                err = e;
                                best = (a, m / a);
                            }
                        }
                        a += 1.0;
                    }
                }
                cut(best.0, best.1, 1.0)
            }
            ImageRule::Split => {
                let longest = t * crate::math::floor(crate::math::sqrt(max)).max(1.0);
                let aspect = w / h;
                // Long side to `longest`, the other kept in proportion and made even.
                let (mut w1, mut h1) = if w >= h {
                    (longest, crate::math::floor(longest / aspect))
                } else {
                    (crate::math::floor(longest * aspect), longest)
                };
                if w >= h && h1 % 2.0 != 0.0 {
                    h1 += 1.0;
                } else if w < h && w1 % 2.0 != 0.0 {
                    w1 += 1.0;
                }
                let (w1, h1) = (w1.max(1.0), h1.max(1.0));
                // Both sides up to whole tiles.
                let aspect = w1 / h1;
                let (w2, h2) = if w1 >= h1 {
                    let w2 = crate::math::ceil(w1 / t) * t;
                    (
                        w2,
                        crate::math::ceil(crate::math::floor(w2 / aspect) / t) * t,
                    )
                } else {
                    let h2 = crate::math::ceil(h1 / t) * t;
                    (
                        crate::math::ceil(crate::math::floor(h2 * aspect) / t) * t,
                        h2,
                    )
                };
                if w2 > t || h2 > t {
                    cut(crate::math::ceil(w2 / t), crate::math::ceil(h2 / t), 1.0)
                } else {
                    one(self.tile_patches())
                }
            }
        }
    }

    /// Bytes of the encoder's and projector's weights.
    #[must_use]
    pub fn weight_bytes(&self) -> Bytes {
        Bytes((self.params + self.proj) * self.bits / 8.0)
    }

    /// Patch pairs one pass of `n` patches attends to, summed over layers.
    fn pairs(&self, n: f64) -> f64 {
        if self.window > 0.0 {
            let full = self.full_layers.min(self.layers);
            full * n * n + (self.layers - full) * n * self.window.min(n)
        } else {
            self.layers * n * n
        }
    }
}

impl Vision {
    /// The vision part of a scenario's inputs at one corner: `None` without a tower or without images.
    #[must_use]
    pub fn at(inputs: &Inputs, c: Corner) -> Option<Self> {
        if inputs.model_kind == ModelKind::OneShot {
            return None;
        }
        let v = |f: Field| inputs.get(f).map_or(0.0, |x| x.at(c));
        let tower = Tower {
            params: v(Field::VitParamsB) * 1e9,
            proj: v(Field::ProjParamsB) * 1e9,
            layers: v(Field::VitLayers),
            hidden: v(Field::VitHidden),
            patch: v(Field::VitPatch),
            window: v(Field::VitWindow),
            full_layers: v(Field::VitFullLayers),
            bits: v(Field::VitBits),
            rule: inputs.image_rule,
            tile: v(Field::TilePx),
            max_tiles: v(Field::MaxTiles),
            tile_tokens: v(Field::TileTokens),
        };
        let images = v(Field::Images);
        if !tower.present() || images < 1.0 {
            return None;
        }
        let width = v(Field::ImagePx);
        let height = inputs.get(Field::ImageH).map_or(width, |x| x.at(c));
        Some(Self {
            grid: tower.grid(width, height),
            tower,
            images,
            width,
            height,
        })
    }

    /// Image tokens of every image.
    #[must_use]
    pub fn tokens(&self) -> f64 {
        self.images * self.grid.tokens
    }

    /// Encoder passes over every image.
    #[must_use]
    pub fn passes(&self) -> f64 {
        self.images * self.grid.passes
    }

    /// Operations to encode every image: the encoder's matrices and attention per pass, the projector per
    /// token.
    #[must_use]
    pub fn ops(&self) -> Ops {
        let t = &self.tower;
        let n = self.grid.patches;
        let pass = 2.0 * t.params * n + 4.0 * t.hidden * t.pairs(n);
        Ops(self.passes() * pass + 2.0 * t.proj * self.tokens())
    }

    /// Bytes the encoder reads from memory: its weights once per pass.
    #[must_use]
    pub fn read_bytes(&self) -> Bytes {
        self.tower.weight_bytes() * self.passes()
    }

    /// Activations of one pass: ≈ 9 × width 16-bit values per patch and one layer's attention scores
    /// (16 heads, 16 bits).
    #[must_use]
    pub fn workspace(&self) -> Bytes {
        let t = &self.tower;
        let n = self.grid.patches;
        let attended = if t.window > 0.0 && t.full_layers <= 0.0 {
            t.window.min(n)
        } else {
            n
        };
        Bytes(n * 9.0 * t.hidden * 2.0 + VIT_HEADS * n * attended * 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tower(rule: ImageRule, tile: f64, max_tiles: f64, tile_tokens: f64) -> Tower {
        Tower {
            params: 1e8,
            proj: 0.0,
            layers: 1.0,
            hidden: 1.0,
            patch: 14.0,
            window: 0.0,
            full_layers: 0.0,
            bits: 16.0,
            rule,
            tile,
            max_tiles,
            tile_tokens,
        }
    }

    #[track_caller]
    fn tokens(t: &Tower, w: f64, h: f64, want: f64, passes: f64) {
        let g = t.grid(w, h);
        assert_eq!((g.tokens, g.passes), (want, passes), "{w}×{h}: {g:?}");
    }

    #[test]
    fn qwen_merges_14_px_patches_2_by_2_at_native_resolution() {
        let q = tower(ImageRule::Native, 28.0, 16384.0, 1.0);
        // 1024 / 28 = 36.57 → 37 cells a side: 1369 tokens, 74 × 74 = 5476 patches.
        tokens(&q, 1024.0, 1024.0, 1369.0, 1.0);
        assert_eq!(q.grid(1024.0, 1024.0).patches, 5476.0);
        // 4032 × 3024 (12.2 MP, under max_pixels 12,845,056): 144 × 108 cells.
        tokens(&q, 4032.0, 3024.0, 15_552.0, 1.0);
        // 8000 × 6000 is over: β = √(48e6 / 12,845,056) = 1.933; ⌊8000/β/28⌋ = 147, ⌊6000/β/28⌋ = 110.
        tokens(&q, 8000.0, 6000.0, 147.0 * 110.0, 1.0);
        // 40 × 40 is under min_pixels (56²): scaled up to 2 × 2 cells.
        tokens(&q, 40.0, 40.0, 4.0, 1.0);
        // Python rounds halves to even: 1050 / 28 = 37.5 → 38, 994 / 28 = 35.5 → 36.
        tokens(&q, 1050.0, 994.0, 38.0 * 36.0, 1.0);
    }

    #[test]
    fn gemma_3_reads_one_896_square_as_256_tokens() {
        let g = tower(ImageRule::Resize, 896.0, 1.0, 256.0);
        tokens(&g, 4032.0, 3024.0, 256.0, 1.0);
        assert_eq!(g.grid(10.0, 10.0).patches, 4096.0);
    }

    #[test]
    fn internvl_picks_the_closest_grid_and_adds_a_thumbnail() {
        let i = tower(ImageRule::Grid, 448.0, 12.0, 256.0);
        // Square: 1×1, 2×2 and 3×3 tie on the ratio; the image has more than half of 2×2's and 3×3's pixels
        // (1,048,576 > 0.5 × 448² × 9 = 903,168), so 3 × 3 + thumbnail.
        tokens(&i, 1024.0, 1024.0, 2560.0, 10.0);
        // 448 × 448: 1 × 1, no thumbnail.
        tokens(&i, 448.0, 448.0, 256.0, 1.0);
        // 1280 × 720 (1.78): 2:1 is closest; 4 × 2 ties it and has under twice the image's pixels
        // (921,600 > 0.5 × 448² × 8 = 802,816): 8 tiles + thumbnail.
        tokens(&i, 1280.0, 720.0, 9.0 * 256.0, 9.0);
        assert_eq!(
            (i.grid(1280.0, 720.0).cols, i.grid(1280.0, 720.0).rows),
            (4.0, 2.0)
        );
    }

    #[test]
    fn minicpm_slices_by_area_and_aspect_plus_the_whole_image() {
        let m = tower(ImageRule::Slices, 448.0, 9.0, 64.0);
        // 1024² / 448² = 5.2 → 6; candidates 5, 6, 7 slices; 2 × 3 is the closest to square: 6 + 1 passes.
        tokens(&m, 1024.0, 1024.0, 7.0 * 64.0, 7.0);
        // 1.8 MP 1344 × 1344 = 9 slices: 3 × 3 + 1.
        tokens(&m, 1344.0, 1344.0, 10.0 * 64.0, 10.0);
        // Under one slice: read once, at its own 392² = 28² patches.
        tokens(&m, 392.0, 392.0, 64.0, 1.0);
        assert_eq!(m.grid(392.0, 392.0).patches, 784.0);
    }

    #[test]
    fn smolvlm_scales_the_long_side_to_four_tiles_and_cuts() {
        let s = tower(ImageRule::Split, 384.0, 16.0, 81.0);
        // 1024² → 1536² → 4 × 4 tiles + the whole image: 17 × 81.
        tokens(&s, 1024.0, 1024.0, 17.0 * 81.0, 17.0);
        // 640 × 480 → 1536 × 1152 → 4 × 3 + 1.
        tokens(&s, 640.0, 480.0, 13.0 * 81.0, 13.0);
        assert_eq!(s.grid(640.0, 480.0).patches, 27.0 * 27.0);
    }

    #[test]
    fn encoder_ops_count_matrices_per_patch_attention_per_pair_and_the_projector_per_token() {
        // Gemma 3's SigLIP at 896²: P = 416,866,032, 27 layers of 1152, 4096 patches, full attention;
        // projector 2,950,272 × 256 tokens.
        let t = Tower {
            params: 416_866_032.0,
            proj: 2_950_272.0,
            layers: 27.0,
            hidden: 1152.0,
            patch: 14.0,
            window: 0.0,
            full_layers: 0.0,
            bits: 16.0,
            rule: ImageRule::Resize,
            tile: 896.0,
            max_tiles: 1.0,
            tile_tokens: 256.0,
        };
        let v = Vision {
            grid: t.grid(640.0, 480.0),
            tower: t,
            images: 1.0,
            width: 640.0,
            height: 480.0,
        };
        // 2 × 416,866,032 × 4096 + 4 × 1152 × 27 × 4096² + 2 × 2,950,272 × 256.
        let want = 3_414_966_534_144.0 + 2_087_354_105_856.0 + 1_510_539_264.0;
        assert!((v.ops().0 - want).abs() < 1.0, "{}", v.ops().0);
        assert!((v.read_bytes().0 - 839_632_608.0).abs() < 1.0);
    }

    #[test]
    fn windowed_layers_attend_to_their_window_only() {
        let mut t = tower(ImageRule::Native, 28.0, 16384.0, 1.0);
        t.layers = 32.0;
        t.window = 64.0;
        t.full_layers = 4.0;
        // 4 × 5476² + 28 × 5476 × 64.
        assert_eq!(
            t.pairs(5476.0),
            4.0 * 5476.0 * 5476.0 + 28.0 * 5476.0 * 64.0
        );
    }
}
