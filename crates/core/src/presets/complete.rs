//! A device preset is a complete scenario: choosing a device (and a framework) sets every device field,
//! the backend the framework really runs on that device, and the efficiencies fitted on published
//! measurements of that group — never a previous device's value, whatever was picked before.
//!
//! Each field says where its value comes from ([`Origin`]): the preset's own sources, the documented
//! default of its kind of device, a group of measurements, or the class prior where no measurement
//! exists. The link codec starts every link that names a device from [`complete`], so the page, the CLI and
//! a shared link compute one scenario from the same choices.

use alloc::vec::Vec;

use super::devices::{DeviceKind, DevicePreset, DEVICE_FIELDS};
use super::{Figure, Provenance};
use crate::calibration::{self, Calibrated, HwClass, Runtime};
use crate::input::{Backend, Field, Inputs, Value};

/// Where a field's value in a completed scenario comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "from", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Origin {
    /// The device preset's own figure, from its public sources.
    Preset {
        /// Read, derived or assumed in those sources.
        provenance: Provenance,
    },
    /// Not published for this device: the documented default of its kind of device (an estimate).
    ClassDefault {
        /// The kind of device whose default it is.
        kind: DeviceKind,
    },
    /// Computed from the unit's class: a CPU's or GPU's peak where the preset gives only its NPU's.
    UnitDefault {
        /// The unit.
        backend: Backend,
        /// The device class the default belongs to.
        hw: HwClass,
    },
    /// Fitted on published measurements of a group (backend, runtime, device class).
    Fitted {
        /// The backend.
        backend: Backend,
        /// The runtime family, when the group is one runtime's.
        runtime: Option<Runtime>,
        /// The device class, when the group is one class's.
        hw: Option<HwClass>,
        /// Decode measurements the group was fitted on.
        rows: usize,
    },
    /// Fitted on published measurements of every device at once (the image encoder's efficiency relative
    /// to η_c, [`calibration::VISION`]): too few sources to fit one per group.
    FittedAll {
        /// Measurements it was fitted on.
        rows: usize,
        /// Publications they come from.
        sources: usize,
    },
    /// The worked example of the source document (its hypothetical device keeps the example's figures).
    Example,
    /// No measurements for this group: the prior of its backend.
    Prior {
        /// The backend.
        backend: Backend,
    },
    /// The device's published power mode (`power_mode`): its clocks, memory clock or budget
    /// ([`super::power_modes`]).
    PowerMode {
        /// The mode's id.
        mode: &'static str,
    },
}

/// Defaults for a kind of device where its preset's sources give no figure. Estimates, shown as such.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ClassDefaults {
    /// Memory the OS and other apps keep, as a share of total memory.
    pub reserved_share: f64,
    /// …and at least this much, GB.
    pub reserved_min_gb: f64,
    /// Free storage for model files, GB.
    pub storage_gb: f64,
    /// Sequential storage read, GB/s.
    pub read_gbps: f64,
    /// Sustained power, W.
    pub sustained_w: f64,
    /// Burst power, W.
    pub burst_w: f64,
    /// Largest model file the product allows, GB.
    pub max_file_gb: f64,
    /// CPU throughput for operators that fall back from the accelerator, TOPS.
    pub cpu_tops: f64,
    /// Peak DRAM bandwidth when neither the preset nor a supplement gives it, GB/s: a flagship phone's
    /// LPDDR5-6400 × 64 bit, a laptop's LPDDR5-6400 × 128 bit, a board's LPDDR4X-4266 × 32 bit.
    pub bandwidth_gbps: f64,
}

/// The defaults of a kind of device. Phones: Android and iOS keep 3–5 GB of an 8–16 GB phone for the OS
/// and other apps, UFS 3.1/4.0 reads ≥ 2 GB/s, a handset sustains ≈ 4 W; laptops: a quarter of memory (at
/// least 2.5 GB: macOS lets the GPU wire about 70 % of an 8 GB Mac), NVMe storage, 15 W sustained; boards: microSD cards (≈ 0.09 GB/s), a 5 V supply; modules: an NVMe drive; a desktop: mains
/// power. The worked example of the source document keeps its own figures.
#[must_use]
pub const fn class_defaults(kind: DeviceKind) -> ClassDefaults {
    const fn d(
        reserved_share: f64,
        reserved_min_gb: f64,
        storage_gb: f64,
        read_gbps: f64,
        sustained_w: f64,
        burst_w: f64,
    ) -> ClassDefaults {
        ClassDefaults {
            reserved_share,
            reserved_min_gb,
            storage_gb,
            read_gbps,
            sustained_w,
            burst_w,
            max_file_gb: storage_gb,
            cpu_tops: 0.1,
            bandwidth_gbps: 25.0,
        }
    }
    match kind {
        DeviceKind::Phone => ClassDefaults {
            max_file_gb: 8.0,
            bandwidth_gbps: 51.2,
            ..d(0.4, 3.0, 32.0, 2.0, 4.0, 8.0)
        },
        DeviceKind::Laptop => ClassDefaults {
            cpu_tops: 1.0,
            bandwidth_gbps: 102.4,
            ..d(0.25, 2.5, 100.0, 3.0, 15.0, 30.0)
        },
        DeviceKind::Sbc => ClassDefaults {
            bandwidth_gbps: 17.1,
            ..d(0.0, 1.0, 32.0, 0.09, 8.0, 12.0)
        },
        DeviceKind::Accelerator => ClassDefaults {
            cpu_tops: 0.3,
            ..d(0.0, 1.5, 64.0, 2.0, 15.0, 25.0)
        },
        DeviceKind::Desktop => ClassDefaults {
            cpu_tops: 2.0,
            ..d(0.15, 8.0, 1000.0, 5.0, 140.0, 240.0)
        },
        DeviceKind::Reference => ClassDefaults {
            reserved_share: 0.0,
            reserved_min_gb: 3.5,
            storage_gb: 4.0,
            read_gbps: 2.0,
            sustained_w: 4.0,
            burst_w: 8.0,
            max_file_gb: 2.0,
            cpu_tops: 0.1,
            bandwidth_gbps: 25.0,
        },
    }
}

/// The device class whose calibration applies to a device preset on a backend ([`DeviceKind::hw_class`]).
#[must_use]
pub fn hw_class(p: &DevicePreset, backend: Backend) -> HwClass {
    p.kind.hw_class(p.vendor, backend)
}

/// Whether a device has a unit a framework can run on: accelerator modules (Hailo, Coral) only their
/// NPU; NVIDIA modules and the DGX Spark their GPU and CPU; boards their CPU (and the RK3588 its Mali GPU
/// and NPU); phones and laptops all three where the preset names an NPU.
#[must_use]
pub fn has_unit(p: &DevicePreset, b: Backend) -> bool {
    let nvidia = p.vendor == "NVIDIA";
    match (p.kind, b) {
        (DeviceKind::Reference, _) => b == p.accelerator,
        (DeviceKind::Accelerator, Backend::Npu) => !nvidia,
        (DeviceKind::Accelerator, _) => nvidia,
        (DeviceKind::Desktop, Backend::Npu) => false,
        (DeviceKind::Sbc, Backend::Gpu) => p.id == "rk3588",
        (DeviceKind::Sbc, Backend::Npu) => p.accelerator == Backend::Npu && p.id != "rpi5",
        (_, Backend::Npu) => p.accelerator == Backend::Npu,
        _ => true,
    }
}

/// The backend a framework runs on a device: llama.cpp on Apple and NVIDIA GPUs (Metal, CUDA) and on
/// the CPU elsewhere; MLC, MLX and TensorRT on the GPU; Core ML on the Neural Engine; Qualcomm's,
/// MediaTek's, Rockchip's and AMD's SDKs on the NPU; OpenVINO on the integrated GPU; ExecuTorch, LiteRT,
/// MNN, ncnn and ONNX Runtime on the CPU; the generic framework on the preset's accelerator. A unit the device lacks, or the framework cannot use, gives way
/// to the first one the framework supports that the device has, then to the preset's accelerator.
#[must_use]
pub fn backend_for(framework: &str, p: &DevicePreset) -> Backend {
    let gpu_llama = p.vendor == "Apple" || p.vendor == "NVIDIA";
    let want = match framework {
        "llama_cpp" if gpu_llama => Backend::Gpu,
        "mlc_llm" | "mlx" | "tensorrt" | "openvino" => Backend::Gpu,
        "coreml" | "qnn" | "ort_qnn" | "neuropilot" | "rkllm" | "ryzen_ai" => Backend::Npu,
        "llama_cpp" | "executorch" | "litert" | "mnn" | "ncnn" | "onnxruntime" => Backend::Cpu,
        // No framework named (the generic one): the unit the preset's TOPS figure belongs to.
        _ => p.accelerator,
    };
    let supports =
        |b: Backend| super::framework(framework).is_none_or(|spec| spec.backends.contains(&b));
    if has_unit(p, want) && supports(want) {
        return want;
    }
    [Backend::Npu, Backend::Gpu, Backend::Cpu]
        .into_iter()
        .find(|&b| has_unit(p, b) && supports(b))
        .unwrap_or(p.accelerator)
}

/// The fields a completion sets, in form order: every device field, the backend's efficiencies and band,
/// and the runtime's per-layer cost and matmul tile.
pub const COMPLETED_FIELDS: &[Field] = &[
    Field::PeakInt8Tops,
    Field::PeakFp16Tops,
    Field::PeakInt4Tops,
    Field::ComputeUtil,
    Field::CpuTops,
    Field::MemoryGb,
    Field::ReservedGb,
    Field::BandwidthGbps,
    Field::BandwidthUtil,
    Field::BandDecode,
    Field::BandPrefill,
    Field::StorageFreeGb,
    Field::StorageReadGbps,
    Field::SustainedW,
    Field::BurstW,
    Field::BurstS,
    Field::TjMaxC,
    Field::AmbientC,
    Field::AccelW,
    Field::BaseW,
    Field::IdleW,
    Field::DramPjPerBit,
    Field::BatteryWh,
    Field::AppCapGb,
    Field::GraphLimitGb,
    Field::DecodeTops,
    Field::ChainGbps,
    Field::MaxFileGb,
    Field::LayerMs,
    Field::GemmTile,
    Field::VitEff,
];

/// What a completion did: the backend the framework runs on, and where each field came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    /// The backend [`backend_for`] gives (the scenario's own may be an explicit override).
    pub derived_backend: Backend,
    /// The calibrated group used.
    pub constants: Calibrated,
    /// Each completed field with its origin.
    pub origins: Vec<(Field, Origin)>,
}

fn figure_origin(x: Figure) -> Origin {
    Origin::Preset {
        provenance: x.provenance,
    }
}

/// The calibrated group a device, framework, backend and quantization take, as the completion applies it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GroupAt {
    /// The group's constants (η_bw not yet times [`GroupAt::kquant`]).
    pub constants: Calibrated,
    /// The device class the group was looked up for.
    pub hw: HwClass,
    /// The scale of the per-layer cost on this device ([`calibration::clock_scale`]).
    pub scale: f64,
    /// The share of η_bw a K-quant streams at on this GPU (1 where none applies).
    pub kquant: f64,
}

/// The group of [`calibration::default_for`] for a device preset (`None`: a custom device), a framework,
/// a backend and a quantization preset's name, with the device's clock scale and K-quant share.
#[must_use]
pub fn group_at(p: Option<&DevicePreset>, framework: &str, b: Backend, quant: &str) -> GroupAt {
    let hw = p.map_or(HwClass::Other, |p| hw_class(p, b));
    let nvidia = p.is_some_and(|p| p.vendor == "NVIDIA");
    let rt = calibration::runtime_of_framework(framework, b, nvidia);
    let constants = calibration::default_for(b, rt, hw);
    let (scale, kquant) = p.map_or((1.0, 1.0), |p| {
        let bw = p.bandwidth_gbps.map_or(0.0, |f| f.value);
        (
            rt.map_or(1.0, |r| calibration::clock_scale(hw, r, p.name, bw)),
            calibration::kquant_share_at(b, hw, constants.runtime, p.name, quant),
        )
    });
    GroupAt {
        constants,
        hw,
        scale,
        kquant,
    }
}

/// A figure a device preset's own sources lack, derived from the memory configuration a public page states
/// (bandwidth = transfer rate × bus width / 8), with that page.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Supplement {
    /// The device preset's id.
    pub id: &'static str,
    /// The field.
    pub field: Field,
    /// Its value.
    pub value: f64,
    /// The public page the configuration is read from.
    pub source: &'static str,
}

/// Peak DRAM bandwidth for presets whose sources give none: LPDDR4X-4266 × 128 bit (Apple M1),
/// LPDDR5-6400 × 64 bit (A17 Pro), LPDDR5X-7500 × 64 bit (A18 Pro), LPDDR4X-4224 × 64 bit (RK3588),
/// LPDDR5X-7467 × 128 bit (Core Ultra 155H), LPDDR5X-7500 × 128 bit (Ryzen 7040, Ryzen AI 300).
pub const SUPPLEMENTS: &[Supplement] = &[
    Supplement {
        id: "apple_m1",
        field: Field::BandwidthGbps,
        value: 68.25,
        source: "https://www.anandtech.com/show/16252/mac-mini-apple-m1-tested",
    },
    Supplement {
        id: "apple_a17pro",
        field: Field::BandwidthGbps,
        value: 51.2,
        source: "https://en.wikipedia.org/wiki/Apple_A17",
    },
    Supplement {
        id: "apple_a18pro",
        field: Field::BandwidthGbps,
        value: 60.0,
        source: "https://en.wikipedia.org/wiki/Apple_A18",
    },
    Supplement {
        id: "rk3588",
        field: Field::BandwidthGbps,
        value: 33.8,
        source: "https://www.rock-chips.com/a/en/products/RK35_Series/2022/0926/1660.html",
    },
    Supplement {
        id: "intel_meteor_lake",
        field: Field::BandwidthGbps,
        value: 119.5,
        source: "https://www.intel.com/content/www/us/en/products/sku/236847/intel-core-ultra-7-processor-155h-24m-cache-up-to-4-80-ghz/specifications.html",
    },
    Supplement {
        id: "amd_ryzen_ai_7040_8040",
        field: Field::BandwidthGbps,
        value: 120.0,
        source: "https://www.amd.com/en/products/processors/laptop/ryzen/7000-series/amd-ryzen-7-7840u.html",
    },
    Supplement {
        id: "amd_ryzen_ai_300",
        field: Field::BandwidthGbps,
        value: 120.0,
        source: "https://www.amd.com/en/products/processors/laptop/ryzen/ai-300-series/amd-ryzen-ai-9-hx-370.html",
    },
];

/// The supplement sources of a device preset.
pub fn supplement_sources(id: &str) -> impl Iterator<Item = &'static str> + '_ {
    SUPPLEMENTS
        .iter()
        .filter(move |s| s.id == id)
        .map(|s| s.source)
}

/// Generation and GPU cores of the base configuration of Apple's M-series presets (Apple's product pages:
/// M1 and M2/M3/M4 MacBook Air and Mac mini base models), for the calibration's Apple GPU peak
/// ([`calibration::apple_gpu_peak`]).
const APPLE_GPU_CORES: &[(&str, u8, f64)] = &[
    ("apple_m1", 1, 8.0),
    ("apple_m2", 2, 10.0),
    ("apple_m3", 3, 10.0),
    ("apple_m4", 4, 10.0),
];

/// The peak of a unit a device preset does not give a figure for, TOPS: an Apple GPU's from its cores, a
/// CPU's from its class's threads, otherwise the unit's class default — the rules `edgefit validate`
/// applies to a measurement without a stated peak.
fn unit_peak(p: &DevicePreset, b: Backend, hw: HwClass, quant: &str) -> f64 {
    match b {
        Backend::Cpu => calibration::cpu_class_peak(hw, quant),
        Backend::Gpu if hw == HwClass::AppleMSeries => APPLE_GPU_CORES
            .iter()
            .find(|a| a.0 == p.id)
            .and_then(|a| calibration::apple_gpu_peak(a.1, a.2))
            .unwrap_or_else(|| calibration::class_peak(b, hw, false)),
        _ => calibration::class_peak(b, hw, false),
    }
}

/// `x` to 15 significant digits: a product's float noise dropped, so a field shows 20 × 0.3264 as 6.528,
/// not 6.5280000000000005 (and the link, which writes what the form shows, stays as short).
fn tidy(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return x;
    }
    let (mut y, mut scale) = (x, 1.0);
    while y < 1e14 {
        y *= 10.0;
        scale *= 10.0;
    }
    while y >= 1e15 {
        y /= 10.0;
        scale /= 10.0;
    }
    crate::math::round(y) / scale
}

/// Complete the scenario `inputs` names: the device preset's figures, its kind's defaults for the rest,
/// the backend its framework runs on (or `backend`, an explicit choice), that unit's peak, and the fitted
/// constants of the (backend, runtime, device class) group. `None` when no device preset is named.
pub fn complete(inputs: &mut Inputs, backend: Option<Backend>) -> Option<Completion> {
    let p = super::device(inputs.device.as_deref()?)?;
    let mut origins = Vec::new();
    let class = class_defaults(p.kind);
    let mut set = |inputs: &mut Inputs, f: Field, v: Option<Value>, o: Origin| {
        inputs.set(f, v);
        origins.push((f, o));
    };
    let class_o = Origin::ClassDefault { kind: p.kind };
    // Memory, bandwidth, storage, power and heat: the preset's figure, else its kind's default.
    for f in DEVICE_FIELDS {
        if matches!(
            f,
            Field::PeakInt8Tops | Field::PeakFp16Tops | Field::PeakInt4Tops
        ) {
            continue;
        }
        if let Some(x) = p.figure(f) {
            set(inputs, f, Some(Value::exact(x.value)), figure_origin(x));
        }
    }
    // An NVIDIA module is deployed in its top published power mode (nvpmodel's 15 W / MAXN): its range's
    // high end is the sustained budget, not the low one.
    if p.kind == DeviceKind::Accelerator && p.vendor == "NVIDIA" {
        if let Some(b) = p.burst_w {
            set(
                inputs,
                Field::SustainedW,
                Some(Value::exact(b.value)),
                class_o,
            );
            set(
                inputs,
                Field::BurstW,
                Some(Value::exact(1.25 * b.value)),
                class_o,
            );
        }
    }
    // A published power mode (`power_mode`): its budget is the sustained power (the burst 1.25 × it, as for
    // the top mode above); a mode without a budget (MAXN) keeps the preset's.
    let mode = inputs
        .power_mode
        .as_deref()
        .and_then(|id| super::power_modes::power_mode(p.id, id));
    let mode_base = mode.and_then(|m| super::power_modes::base(m.device).map(|b| (m, b)));
    let mode_o = |m: &super::power_modes::PowerMode| Origin::PowerMode { mode: m.id };
    if let Some((m, _)) = mode_base {
        if let Some(w) = m.budget_w {
            set(inputs, Field::SustainedW, Some(Value::exact(w)), mode_o(m));
            set(
                inputs,
                Field::BurstW,
                Some(Value::exact(1.25 * w)),
                mode_o(m),
            );
        }
    }
    // The device fields no preset publishes take the worked example's values (a battery, a per-app cap and an
    // accelerator's graph limit: none), never the previous device's.
    let example = Inputs::default();
    for f in [
        Field::BurstS,
        Field::AmbientC,
        Field::DramPjPerBit,
        Field::BatteryWh,
        Field::AppCapGb,
        Field::GraphLimitGb,
    ] {
        set(inputs, f, example.get(f), class_o);
    }
    // A phone SoC's battery: that of a representative phone built on it (`presets::power`).
    if let Some(b) = super::power::battery(p.id) {
        let o = Origin::Preset {
            provenance: Provenance::Derived,
        };
        set(inputs, Field::BatteryWh, Some(Value::exact(b.wh())), o);
    }
    // Memory first: the reserved share below is of this device's memory, never the previous device's.
    if p.ram_gb.is_empty() {
        set(inputs, Field::MemoryGb, Some(Value::exact(8.0)), class_o);
    }
    let mem = inputs.mid(Field::MemoryGb).unwrap_or(8.0);
    let reserved = (mem * class.reserved_share)
        .max(class.reserved_min_gb)
        .min(mem * 0.9);
    let sustained = p.sustained_w.map(|x| x.value);
    let burst = p.burst_w.map(|x| x.value);
    let class_fill = [
        (Field::ReservedGb, Some(reserved)),
        (Field::StorageFreeGb, Some(class.storage_gb)),
        (Field::MaxFileGb, Some(class.max_file_gb)),
        (Field::CpuTops, Some(class.cpu_tops)),
        (
            Field::StorageReadGbps,
            p.storage_read_gbps.is_none().then_some(class.read_gbps),
        ),
        (
            Field::SustainedW,
            sustained
                .is_none()
                .then(|| burst.map_or(class.sustained_w, |b| class.sustained_w.min(b))),
        ),
        (
            Field::BurstW,
            burst
                .is_none()
                .then(|| sustained.map_or(class.burst_w, |s| class.burst_w.max(s))),
        ),
        (Field::TjMaxC, p.tj_max_c.is_none().then_some(85.0)),
        (
            Field::BandwidthGbps,
            p.bandwidth_gbps.is_none().then_some(class.bandwidth_gbps),
        ),
    ];
    for (f, v) in class_fill {
        if let Some(v) = v {
            set(inputs, f, Some(Value::exact(v)), class_o);
        }
    }
    for sup in SUPPLEMENTS.iter().filter(|x| x.id == p.id) {
        let o = Origin::Preset {
            provenance: Provenance::Derived,
        };
        set(inputs, sup.field, Some(Value::exact(sup.value)), o);
    }
    // A power mode's memory clock sets the bandwidth.
    if let Some((m, b)) = mode_base {
        set(
            inputs,
            Field::BandwidthGbps,
            Some(Value::exact(m.bandwidth_gbps(b))),
            mode_o(m),
        );
    }
    // The power the accelerator and the rest of the SoC draw while inferring, from the sustained budget:
    // the accelerator 40–60 % of it, the rest of the SoC 15 %, idle 5 % (DRAM traffic comes on top).
    if p.kind != DeviceKind::Reference {
        let s_w = inputs.mid(Field::SustainedW).unwrap_or(class.sustained_w);
        set(
            inputs,
            Field::AccelW,
            Some(Value::range3(
                tidy(0.4 * s_w),
                tidy(0.5 * s_w),
                tidy(0.6 * s_w),
            )),
            class_o,
        );
        set(
            inputs,
            Field::BaseW,
            Some(Value::exact(tidy(0.15 * s_w))),
            class_o,
        );
        set(
            inputs,
            Field::IdleW,
            Some(Value::exact(tidy(0.05 * s_w))),
            class_o,
        );
    }

    // The unit the framework runs on, its peak and the group's constants. The worked example's device
    // keeps the example's own efficiencies (no measurement exists of a hypothetical chip).
    let derived = backend_for(&inputs.framework, p);
    if p.kind == DeviceKind::Reference {
        inputs.backend = backend.unwrap_or(derived);
        for f in [
            Field::PeakInt8Tops,
            Field::PeakFp16Tops,
            Field::PeakInt4Tops,
        ] {
            match p.figure(f) {
                Some(x) => set(inputs, f, Some(Value::exact(x.value)), figure_origin(x)),
                None => set(inputs, f, example.get(f), Origin::Example),
            }
        }
        for f in [
            Field::AccelW,
            Field::BaseW,
            Field::IdleW,
            Field::BandwidthUtil,
            Field::ComputeUtil,
            Field::BandDecode,
            Field::BandPrefill,
            Field::LayerMs,
            Field::GemmTile,
            Field::DecodeTops,
            Field::ChainGbps,
            Field::VitEff,
        ] {
            set(inputs, f, example.get(f), Origin::Example);
        }
        return Some(Completion {
            derived_backend: derived,
            constants: calibration::prior(inputs.backend),
            origins,
        });
    }
    let b = backend.unwrap_or(derived);
    inputs.backend = b;
    let quant = inputs
        .quant
        .as_deref()
        .and_then(super::quant)
        .map_or("", |q| q.name);
    let GroupAt {
        constants: c,
        hw,
        scale,
        kquant: share,
    } = group_at(Some(p), &inputs.framework, b, quant);
    // A power mode's GPU clock sets a Jetson's per-layer cost (MLC's CUDA-graph kernels run at it).
    let rt = calibration::runtime_of_framework(&inputs.framework, b, p.vendor == "NVIDIA");
    let (scale, layer_o) = match (mode, rt) {
        (Some(m), Some(rt)) if hw == HwClass::Jetson && rt == Runtime::Mlc => (
            calibration::clock_scale_mhz(hw, rt, Some(m.gpu_mhz)),
            Some(mode_o(m)),
        ),
        _ => (scale, None),
    };
    // Decode's constants (η_bw, the per-layer cost, the decode band) and the prompt's (η_c, the matmul
    // tile, the prefill band) are fitted, or not, apart.
    let origin_of = |rows: usize| {
        if rows > 0 {
            Origin::Fitted {
                backend: c.backend,
                runtime: c.runtime,
                hw: c.hw,
                rows,
            }
        } else {
            Origin::Prior { backend: b }
        }
    };
    let fitted_d = origin_of(c.n_decode);
    let fitted_p = origin_of(c.n_prefill);
    let unit_o = Origin::UnitDefault { backend: b, hw };
    let peaks = [
        Field::PeakInt8Tops,
        Field::PeakFp16Tops,
        Field::PeakInt4Tops,
    ];
    if b == p.accelerator {
        // The preset's figures are its accelerator's. An INT8 figure the vendor does not publish (Qualcomm's
        // Hexagon) takes the unit's class default, marked as such; FP16 and INT4 left unknown are assumed
        // from it by the engine, and said so.
        for f in peaks {
            match p.figure(f) {
                Some(x) => set(inputs, f, Some(Value::exact(x.value)), figure_origin(x)),
                None if f == Field::PeakInt8Tops => {
                    let t = unit_peak(p, b, hw, quant);
                    set(inputs, f, Some(Value::exact(t)), unit_o);
                }
                None => set(inputs, f, None, unit_o),
            }
        }
    } else {
        // Apple GPUs run FP16 at their FP32 rate: their core count's figure, as the calibration's Apple rows.
        let tops = unit_peak(p, b, hw, quant);
        for f in peaks {
            set(inputs, f, Some(Value::exact(tops)), unit_o);
        }
    }
    // A power mode scales the unit's peaks: a GPU's by clock × online TPCs, a CPU's by online cores ×
    // clock (the fallback CPU's throughput too).
    if let Some((m, base)) = mode_base {
        let unit = match b {
            Backend::Gpu => Some(m.gpu_ratio(base)),
            Backend::Cpu => Some(m.cpu_ratio(base)),
            Backend::Npu => None,
        };
        let mut scaled = |inputs: &mut Inputs, f: Field, r: f64| {
            if let Some(v) = inputs.mid(f) {
                set(inputs, f, Some(Value::exact(tidy(v * r))), mode_o(m));
            }
        };
        if let Some(r) = unit {
            for f in peaks {
                scaled(inputs, f, r);
            }
        }
        scaled(inputs, Field::CpuTops, m.cpu_ratio(base));
    }
    // A preset lists no CPU cores: no decode-only peak and no per-thread chain (as for a measurement
    // without a core list).
    set(inputs, Field::DecodeTops, None, unit_o);
    set(inputs, Field::ChainGbps, None, unit_o);
    // The presets are base chips, whose CPU draws all the DRAM's bandwidth (no Max/Ultra die limit).
    let eta_bw = crate::math::clamp(c.eta_bw * share, 1e-3, 1.0);
    set(
        inputs,
        Field::BandwidthUtil,
        Some(Value::exact(eta_bw)),
        fitted_d,
    );
    set(
        inputs,
        Field::ComputeUtil,
        Some(Value::exact(crate::math::clamp(c.eta_c, 1e-3, 1.0))),
        fitted_p,
    );
    set(
        inputs,
        Field::LayerMs,
        Some(Value::exact(c.layer_ms * scale)),
        layer_o.unwrap_or(fitted_d),
    );
    set(
        inputs,
        Field::GemmTile,
        Some(Value::exact(calibration::runtime_gemm_tile(c.runtime))),
        fitted_p,
    );
    // The image encoder's efficiency relative to η_c: one value fitted on every device's published encoder
    // times where it beat the prior out of sample, else the prior.
    let vision = calibration::VISION;
    set(
        inputs,
        Field::VitEff,
        Some(Value::exact(vision.ratio)),
        if vision.kept {
            Origin::FittedAll {
                rows: vision.rows,
                sources: vision.sources,
            }
        } else {
            Origin::Prior { backend: b }
        },
    );
    let band = |x: (f64, f64)| Value::range3(x.0.clamp(1e-3, 1.0), 1.0, x.1.clamp(1.0, 100.0));
    set(
        inputs,
        Field::BandDecode,
        Some(band(c.decode_band)),
        fitted_d,
    );
    set(
        inputs,
        Field::BandPrefill,
        Some(band(c.prefill_band)),
        fitted_p,
    );
    Some(Completion {
        derived_backend: derived,
        constants: c,
        origins,
    })
}

/// The fields that follow the framework and backend (the unit's peaks and the group's constants), as
/// opposed to the device's own figures.
pub const RUNTIME_FIELDS: &[Field] = &[
    Field::PeakInt8Tops,
    Field::PeakFp16Tops,
    Field::PeakInt4Tops,
    Field::ComputeUtil,
    Field::BandwidthUtil,
    Field::BandDecode,
    Field::BandPrefill,
    Field::DecodeTops,
    Field::ChainGbps,
    Field::LayerMs,
    Field::GemmTile,
];

/// Put the device in one of its published power modes (`None`: its default mode): the device preset's
/// figures again, then the mode's clocks, memory clock and budget ([`complete`]), as a device pick does on
/// the page. Returns false (and changes nothing) without a device preset.
pub fn in_power_mode(inputs: &mut Inputs, mode: Option<&str>) -> bool {
    let Some(p) = inputs.device.as_deref().and_then(super::device) else {
        return false;
    };
    let backend = inputs.backend;
    p.apply(inputs); // clears the mode: set it after
    inputs.power_mode = mode.map(Into::into);
    complete(inputs, Some(backend));
    true
}

/// Complete only what follows the framework and backend ([`RUNTIME_FIELDS`] and the backend): a new
/// framework or backend keeps the device fields the user edited. `None` without a device preset.
pub fn complete_runtime(inputs: &mut Inputs, backend: Option<Backend>) -> Option<Completion> {
    let mut full = inputs.clone();
    let c = complete(&mut full, backend)?;
    for &f in RUNTIME_FIELDS {
        inputs.set(f, full.get(f));
    }
    inputs.backend = full.backend;
    Some(c)
}

/// Where each field of `inputs` comes from, for the fields a completion sets and that still hold the
/// completed value (a field the user changed is the user's and is not listed).
#[must_use]
pub fn origins(inputs: &Inputs) -> Vec<(Field, Origin)> {
    let mut d = inputs.clone();
    let Some(c) = complete(&mut d, Some(inputs.backend)) else {
        return Vec::new();
    };
    // A later step overrides an earlier one (a supplement over the class default): the last origin counts.
    let mut out: Vec<(Field, Origin)> = Vec::new();
    for (f, o) in c.origins.into_iter().rev() {
        if !out.iter().any(|(g, _)| *g == f) && d.get(f) == inputs.get(f) {
            out.push((f, o));
        }
    }
    out.reverse();
    out
}
