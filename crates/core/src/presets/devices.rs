//! Device presets: phone SoCs, laptop SoCs, single-board computers, accelerator modules and desktop
//! workstations.
//!
//! The table is generated from `devices.csv` (see `tools/gen_presets.py` for the parsing rules), then the
//! hand-written devices of `extra.rs` follow (`EXTRA_DEVICES`). A preset
//! sets only what its sources give; everything else keeps the user's value and is reported by
//! [`DevicePreset::apply`] so the form can ask for it, with the reason from [`DevicePreset::unknown`].

use alloc::vec::Vec;

use super::figure::{Figure, Provenance};
use crate::calibration::HwClass;
use crate::input::{Backend, Field, Inputs, Value};

/// What kind of device a preset is: the product's form factor, which decides the defaults for what its
/// sources leave out ([`super::complete::class_defaults`]).
///
/// The calibration's device class ([`HwClass`]) is the other axis — the group of measurements whose fitted
/// constants a unit takes — and derives from the kind in one place, [`DeviceKind::hw_class`]. They are not
/// one enum because neither axis is a refinement of the other: a laptop SoC's class depends on its vendor
/// and the unit (Apple's M chips are one class on every unit; a PC laptop's CPU and integrated GPU are
/// two), and server CPUs and discrete GPUs are classes of measurements no preset has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum DeviceKind {
    /// A phone system-on-chip.
    Phone,
    /// A laptop or tablet system-on-chip.
    Laptop,
    /// A single-board computer or its SoC.
    Sbc,
    /// An accelerator module (M.2, USB, system-on-module).
    Accelerator,
    /// A desktop mini-workstation (NVIDIA DGX Spark): a whole computer with unified memory, mains-powered.
    Desktop,
    /// The project seed's hypothetical reference device.
    Reference,
}

impl DeviceKind {
    /// The calibration class of a unit (`backend`) of a device of this kind from `vendor`: phones and
    /// boards their own classes; Apple laptops [`HwClass::AppleMSeries`]; other laptops a PC's CPU or
    /// integrated GPU (their NPU: [`HwClass::Other`]); NVIDIA modules [`HwClass::Jetson`], other modules
    /// (Hailo, Coral) and the seed's reference device [`HwClass::Other`]; a desktop with unified memory (the
    /// DGX Spark) [`HwClass::WorkstationUnified`], whatever its vendor.
    #[must_use]
    pub fn hw_class(self, vendor: &str, backend: Backend) -> HwClass {
        match self {
            DeviceKind::Phone => HwClass::Phone,
            DeviceKind::Sbc => HwClass::Sbc,
            DeviceKind::Laptop if vendor == "Apple" => HwClass::AppleMSeries,
            DeviceKind::Laptop => match backend {
                Backend::Gpu => HwClass::PcIgpuApu,
                Backend::Cpu => HwClass::PcCpu,
                Backend::Npu => HwClass::Other,
            },
            DeviceKind::Accelerator if vendor == "NVIDIA" => HwClass::Jetson,
            DeviceKind::Accelerator | DeviceKind::Reference => HwClass::Other,
            DeviceKind::Desktop => HwClass::WorkstationUnified,
        }
    }
}

/// The precision a vendor's TOPS figure was quoted at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum TopsPrecision {
    /// Dense INT8.
    Int8,
    /// INT8 with 2:4 structured sparsity: twice the dense rate (NVIDIA's module figures).
    Int8Sparse,
    /// INT4.
    Int4,
    /// FP4 with 2:4 structured sparsity: twice the dense FP4 rate, which is twice the dense INT8 rate on
    /// Blackwell (NVIDIA's "1 PFLOP FP4 AI performance" of the DGX Spark).
    Fp4Sparse,
    /// Not stated by the vendor (Apple's "trillion operations per second").
    Unspecified,
}

/// Why a preset leaves a field unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Gap {
    /// No figure was found in the sources read.
    NotFound,
    /// The vendor does not publish it (e.g. Qualcomm's Hexagon NPU TOPS).
    NotPublished,
    /// The device has no accelerator: give the CPU's throughput.
    NoAccelerator,
    /// The device has no external DRAM: weights live in on-chip memory.
    NoDram,
}

/// A device with the figures its public sources give.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DevicePreset {
    /// Stable id, used in links (`device=<id>`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Vendor.
    pub vendor: &'static str,
    /// Year of announcement.
    pub year: Option<u16>,
    /// Phone, laptop, SBC, accelerator, desktop or reference.
    pub kind: DeviceKind,
    /// The unit the TOPS figure belongs to, and the backend [`DevicePreset::apply`] selects.
    pub accelerator: Backend,
    /// The TOPS figure as the vendor quotes it (sparse, INT4 or of unstated precision included).
    pub tops_quoted: Option<f64>,
    /// The precision of [`DevicePreset::tops_quoted`].
    pub tops_precision: Option<TopsPrecision>,
    /// Dense INT8 TOPS, as the engine uses them.
    pub int8_tops: Option<Figure>,
    /// INT4 TOPS.
    pub int4_tops: Option<Figure>,
    /// FP16 TOPS of the accelerator.
    pub fp16_tops: Option<Figure>,
    /// GPU FP32 TFLOPS, where published (not used by the engine; FP16 figures were not found).
    pub gpu_fp32_tflops: Option<f64>,
    /// Peak DRAM bandwidth, GB/s.
    pub bandwidth_gbps: Option<Figure>,
    /// RAM configurations offered, GB, smallest first.
    pub ram_gb: &'static [f64],
    /// Whether [`DevicePreset::ram_gb`] is a ceiling ("up to 16 GB") rather than the configurations.
    pub ram_up_to: bool,
    /// Sequential storage read, GB/s.
    pub storage_read_gbps: Option<Figure>,
    /// Sustained power, W (the low end of a configurable range).
    pub sustained_w: Option<Figure>,
    /// Burst power or TDP, W (the high end of a configurable range).
    pub burst_w: Option<Figure>,
    /// Junction temperature limit, °C.
    pub tj_max_c: Option<Figure>,
    /// Fields left unknown for a reason other than [`Gap::NotFound`].
    pub gaps: &'static [(Field, Gap)],
    /// Public sources (URLs or `owner/repo path`).
    pub sources: &'static [&'static str],
}

/// The device fields a preset speaks for, in form order.
pub const DEVICE_FIELDS: [Field; 9] = [
    Field::PeakInt8Tops,
    Field::PeakFp16Tops,
    Field::PeakInt4Tops,
    Field::MemoryGb,
    Field::BandwidthGbps,
    Field::StorageReadGbps,
    Field::SustainedW,
    Field::BurstW,
    Field::TjMaxC,
];

impl DevicePreset {
    /// The preset's figure for one of [`DEVICE_FIELDS`] (`None`: unknown, or not a device field).
    ///
    /// Memory is the smallest configuration offered, or the ceiling when only "up to N GB" is known.
    #[must_use]
    pub fn figure(&self, f: Field) -> Option<Figure> {
        match f {
            Field::PeakInt8Tops => self.int8_tops,
            Field::PeakFp16Tops => self.fp16_tops,
            Field::PeakInt4Tops => self.int4_tops,
            Field::MemoryGb => self.ram_gb.first().map(|&value| Figure {
                value,
                provenance: Provenance::Read,
            }),
            Field::BandwidthGbps => self.bandwidth_gbps,
            Field::StorageReadGbps => self.storage_read_gbps,
            Field::SustainedW => self.sustained_w,
            Field::BurstW => self.burst_w,
            Field::TjMaxC => self.tj_max_c,
            _ => None,
        }
    }

    /// Every figure the preset sets, with where it comes from.
    #[must_use]
    pub fn values(&self) -> Vec<(Field, Figure)> {
        DEVICE_FIELDS
            .iter()
            .filter_map(|&f| self.figure(f).map(|x| (f, x)))
            .collect()
    }

    /// The fields the engine needs that this preset does not know, and why.
    /// Optional fields (FP16 and INT4 peaks) are not listed: unknown, the engine assumes them and says so.
    #[must_use]
    pub fn unknown(&self) -> Vec<(Field, Gap)> {
        DEVICE_FIELDS
            .iter()
            .filter(|&&f| f.spec().default.is_some() && self.figure(f).is_none())
            .map(|&f| {
                let gap = self
                    .gaps
                    .iter()
                    .find(|(g, _)| *g == f)
                    .map_or(Gap::NotFound, |&(_, g)| g);
                (f, gap)
            })
            .collect()
    }

    /// Set the fields this preset knows, select its accelerator as the backend and record its id.
    ///
    /// Returns the fields the engine needs that the preset leaves unknown ([`DevicePreset::unknown`] says
    /// why). Those keep the value they had: the user's, or the default. Optional peaks the preset does not
    /// know are cleared, so a previous device's figure does not linger.
    pub fn apply(&self, inputs: &mut Inputs) -> Vec<Field> {
        for f in DEVICE_FIELDS {
            match self.figure(f) {
                Some(x) => inputs.set(f, Some(Value::exact(x.value))),
                None if f.spec().default.is_none() => inputs.set(f, None),
                None => {}
            }
        }
        inputs.backend = self.accelerator;
        inputs.device = Some(self.id.into());
        // A power mode is one device's: a new device starts from its preset's own figures.
        inputs.power_mode = None;
        self.unknown().into_iter().map(|(f, _)| f).collect()
    }
}
