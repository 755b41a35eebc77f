//! Named presets with their public sources: devices, models, quantization formats and frameworks.
//!
//! Presets are data compiled into the engine (`&'static` tables, no I/O). The device and model tables are
//! generated from `data/presets/*.csv` by `tools/gen_presets.py` (the generated `data.rs` is committed; the
//! build never runs the script). Quantization presets are written from the block structures in
//! `quant_formats.md`, framework presets from `frameworks.csv` row by row.
//!
//! Every value says where it comes from ([`Provenance`]): read in a source, derived from sourced figures,
//! or an explicit assumption. What the research did not find stays unknown (`None`), never zero: applying a
//! preset keeps the user's value for it and reports the field as unknown, so the form can ask.
//!
//! ```
//! use edgefit_core::presets;
//! use edgefit_core::{validate, Field, Inputs};
//!
//! let mut inputs = Inputs::default();
//! let unknown = presets::device("qcom_sd8elite").unwrap().apply(&mut inputs);
//! // Qualcomm does not publish the Hexagon NPU's TOPS: the user must give it.
//! assert!(unknown.contains(&Field::PeakInt8Tops));
//! assert_eq!(inputs.mid(Field::BandwidthGbps), Some(84.8));
//!
//! presets::model("qwen2.5-1.5b").unwrap().apply(&mut inputs);
//! presets::quant("q4_0").unwrap().apply(&mut inputs);
//! let s = validate(&inputs).unwrap();
//! assert!((s.expected.model.total_params() - 1_543_714_304.0).abs() < 1.0);
//! ```

pub mod complete;
pub mod devices;
pub mod frameworks;
pub mod models;
pub mod quants;

mod data;
mod extra;
mod figure;
pub mod layouts;
pub mod power;
pub mod power_modes;
pub mod quality;
pub mod towers;
pub mod vlm;

pub use devices::{DeviceKind, DevicePreset, Gap, TopsPrecision};
pub use figure::{Figure, Provenance};
pub use frameworks::{ALL_FRAMEWORKS, GENERIC};
pub use models::{ArchPreset, ModelFamily, ModelPreset};
pub use quants::{QuantPreset, ALL_QUANTS};

use crate::framework::FrameworkSpec;

const N_DEVICES: usize = data::DEVICES.len() + extra::EXTRA_DEVICES.len();

const DEVICES: [DevicePreset; N_DEVICES] = concat(data::DEVICES, &extra::EXTRA_DEVICES);

/// Every device preset: the research table, then the hand-written devices (DGX Spark).
pub const ALL_DEVICES: &[DevicePreset] = &DEVICES;

const N_TABLE: usize = data::MODELS.len() + extra::EXTRA_MODELS.len();
const N_MODELS: usize = N_TABLE + vlm::VLM_MODELS.len();

const TABLE: [ModelPreset; N_TABLE] = concat(data::MODELS, &extra::EXTRA_MODELS);
const MODELS: [ModelPreset; N_MODELS] = concat(&TABLE, &vlm::VLM_MODELS);

/// Every model preset: the research table, then the hand-written ones (mixtures of experts, hybrids, TTS),
/// then the vision-language models and Gemma 3n.
pub const ALL_MODELS: &[ModelPreset] = &MODELS;

/// The device preset with this id.
#[must_use]
pub fn device(id: &str) -> Option<&'static DevicePreset> {
    ALL_DEVICES.iter().find(|p| p.id == id)
}

/// The model preset with this id.
#[must_use]
pub fn model(id: &str) -> Option<&'static ModelPreset> {
    ALL_MODELS.iter().find(|p| p.id == id)
}

/// The quantization preset with this id.
#[must_use]
pub fn quant(id: &str) -> Option<&'static QuantPreset> {
    ALL_QUANTS.iter().find(|p| p.id == id)
}

/// The framework preset with this id.
#[must_use]
pub fn framework(id: &str) -> Option<&'static FrameworkSpec> {
    ALL_FRAMEWORKS.iter().find(|f| f.id == id)
}

/// Everything the engine ships, for `edgefit presets --json` and the page's pickers.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Catalog {
    /// Device presets.
    pub devices: &'static [DevicePreset],
    /// Model presets.
    pub models: &'static [ModelPreset],
    /// Quantization presets.
    pub quants: &'static [QuantPreset],
    /// Framework presets ([`GENERIC`] first).
    pub frameworks: &'static [FrameworkSpec],
}

/// Every preset, with its id, name, values and sources.
#[must_use]
pub fn catalog() -> Catalog {
    Catalog {
        devices: ALL_DEVICES,
        models: ALL_MODELS,
        quants: ALL_QUANTS,
        frameworks: ALL_FRAMEWORKS,
    }
}

/// `a` then `b` as one array of `N = a.len() + b.len()` (the generated research table, then the hand-written
/// presets), built at compile time. `a` must not be empty.
pub(crate) const fn concat<T: Copy, const N: usize>(a: &[T], b: &[T]) -> [T; N] {
    let mut out = [a[0]; N];
    let mut i = 0;
    while i < a.len() {
        out[i] = a[i];
        i += 1;
    }
    let mut j = 0;
    while j < b.len() {
        out[a.len() + j] = b[j];
        j += 1;
    }
    out
}
