//! Storage: the model file against free space and the product's file-size guideline; cold start.

use crate::scenario::Scenario;
use crate::units::{Bytes, Seconds};

use super::{headroom, memory, Verdict};

/// Storage numbers.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Storage {
    /// Weights + tokenizer and metadata.
    pub file: Bytes,
    /// Free storage.
    pub free: Bytes,
    /// The product's largest-file guideline.
    pub guideline: Bytes,
    /// Whether the file exceeds the guideline.
    pub over_guideline: bool,
    /// Time to read the file from storage.
    pub cold_start: Seconds,
    /// Fail above free space; warn above the guideline or within 10 % of free space.
    pub verdict: Verdict,
    /// (free − file) / free.
    pub headroom: f64,
}

/// File size: weights + metadata, with the vision tower (its `mmproj` file) when the scenario has images and
/// the parameters kept in flash (Gemma 3n's per-layer embeddings, at the embedding's bits).
#[must_use]
pub fn file(s: &Scenario) -> Bytes {
    let vision = s
        .vision
        .as_ref()
        .map_or(Bytes(0.0), |v| v.tower.weight_bytes());
    let flash = Bytes(s.flash_params * s.quant.embed_bits.unwrap_or(s.quant.weight_bits) / 8.0);
    memory::weights(s).total() + s.targets.meta + vision + flash
}

/// Time to load the file: size / storage read speed.
#[must_use]
pub fn cold_start(s: &Scenario) -> Seconds {
    file(s) / s.device.storage_read
}

/// Storage check.
#[must_use]
pub fn analyze(s: &Scenario) -> Storage {
    let f = file(s);
    let free = s.device.storage_free;
    let h = headroom(free.0, f.0);
    let over = f > s.targets.max_file;
    let mut verdict = Verdict::from_headroom(h);
    if over && verdict == Verdict::Pass {
        verdict = Verdict::Warn;
    }
    Storage {
        file: f,
        free,
        guideline: s.targets.max_file,
        over_guideline: over,
        cold_start: cold_start(s),
        verdict,
        headroom: h,
    }
}
