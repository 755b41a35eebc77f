//! The calibrated constants the engine's defaults come from, and the vocabulary they are keyed on: device
//! classes ([`HwClass`]), runtime families ([`Runtime`]), the fitted table ([`CALIBRATED`], generated into
//! `calibration_table.rs` by `edgefit validate --refit data/`) and its fallback chain ([`lookup_runtime`],
//! [`default_for`]), the priors where nothing was measured ([`prior`]), and the per-device adjustments the
//! page and `presets::complete` apply (a unit's nominal peak by class, an Apple GPU's peak from its cores, a
//! Jetson's per-layer cost at its GPU clock, the K-quant share on M1-generation GPUs).
//!
//! Reading measurement files, turning a row into a scenario, the fitter and the leave-one-source-out
//! validation live in the `edgefit-calib` crate beside this one; this module holds only what a prediction
//! needs at run time.

use alloc::string::String;

use crate::input::Backend;

/// The device class of a measurement (`hw_class` column), and of a device preset's unit, derived from its
/// kind ([`crate::presets::DeviceKind::hw_class`]): the group whose fitted constants it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum HwClass {
    /// Apple M-series (unified memory, Metal GPU).
    AppleMSeries,
    /// Phones.
    Phone,
    /// NVIDIA Jetson modules.
    Jetson,
    /// Single-board computers.
    Sbc,
    /// Desktop and laptop CPUs.
    PcCpu,
    /// Integrated GPUs and APUs in PCs.
    PcIgpuApu,
    /// Server CPUs.
    ServerCpu,
    /// Discrete GPUs.
    DiscreteGpu,
    /// Workstations with unified memory (DGX Spark, Strix Halo).
    WorkstationUnified,
    /// Anything else (or not given).
    Other,
}

/// Every device class, in the order of the column dictionary.
pub const ALL_HW_CLASSES: &[HwClass] = &[
    HwClass::AppleMSeries,
    HwClass::Phone,
    HwClass::Jetson,
    HwClass::Sbc,
    HwClass::PcCpu,
    HwClass::PcIgpuApu,
    HwClass::ServerCpu,
    HwClass::DiscreteGpu,
    HwClass::WorkstationUnified,
    HwClass::Other,
];

impl HwClass {
    /// The value in the `hw_class` column.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            HwClass::AppleMSeries => "apple_m_series",
            HwClass::Phone => "phone",
            HwClass::Jetson => "jetson",
            HwClass::Sbc => "sbc",
            HwClass::PcCpu => "pc_cpu",
            HwClass::PcIgpuApu => "pc_igpu_apu",
            HwClass::ServerCpu => "server_cpu",
            HwClass::DiscreteGpu => "discrete_gpu",
            HwClass::WorkstationUnified => "workstation_unified",
            HwClass::Other => "other",
        }
    }
    /// The class with this code; anything unknown is [`HwClass::Other`].
    #[must_use]
    pub fn from_code(s: &str) -> Self {
        let s = s.trim();
        ALL_HW_CLASSES
            .iter()
            .copied()
            .find(|c| c.code().eq_ignore_ascii_case(s))
            .unwrap_or(HwClass::Other)
    }
}

/// The runtime family of a measurement, read from the `framework` column: the same unit of the same class
/// runs at a different efficiency under different kernels (MLC vs llama.cpp on a Jetson, LiteRT's GPU
/// delegate vs llama.cpp's OpenCL backend on an Adreno), so the fit keys its groups on it where the data has
/// more than one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Runtime {
    /// llama.cpp and its wrappers (llama-bench, llamafile, Ollama): GGUF block quants, ggml kernels — on CPUs,
    /// and on GPUs through Metal, Vulkan, OpenCL or SYCL.
    LlamaCpp,
    /// llama.cpp on a GPU through its CUDA backend (also built for ROCm/HIP): one token's kernels are
    /// replayed as a CUDA graph, so its fixed cost per layer is a fraction of Metal's or Vulkan's.
    LlamaCppCuda,
    /// MLC LLM (TVM-compiled kernels).
    Mlc,
    /// Apple's MLX (mlx-lm, and the apps built on it: LM Studio's MLX engine, MLX Swift): lazily built graphs
    /// of fused Metal kernels, a far smaller fixed cost per layer than llama.cpp's Metal backend.
    Mlx,
    /// Google's and Meta's on-device stacks: LiteRT / TFLite / MediaPipe (XNNPACK on CPUs, ML Drift on GPUs,
    /// WebGPU in the browser) and ExecuTorch (XNNPACK on CPUs).
    LiteRt,
    /// Anything else, or not given.
    Other,
}

/// Every runtime family.
pub const ALL_RUNTIMES: &[Runtime] = &[
    Runtime::LlamaCpp,
    Runtime::LlamaCppCuda,
    Runtime::Mlc,
    Runtime::Mlx,
    Runtime::LiteRt,
    Runtime::Other,
];

impl Runtime {
    /// A short name.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Runtime::LlamaCpp => "llama.cpp",
            Runtime::LlamaCppCuda => "llama.cpp-cuda",
            Runtime::Mlc => "mlc",
            Runtime::Mlx => "mlx",
            Runtime::LiteRt => "litert",
            Runtime::Other => "other",
        }
    }
}

/// The runtime family of a framework preset (`crate::framework` ids), for a caller that knows the framework
/// but not a row (the web page, the CLI): llama.cpp (its CUDA group on an NVIDIA GPU), MLC, MLX, LiteRT /
/// ExecuTorch, and [`Runtime::Other`] for every other framework — the family `edgefit validate` files a
/// measurement of QNN, TensorRT, OpenVINO, RKLLM, Core ML or an unnamed runtime under, so a scenario takes
/// the constants its measurements were validated with (the lookup chain falls back from there as for a
/// row). Always `Some`.
#[must_use]
pub fn runtime_of_framework(framework: &str, backend: Backend, nvidia: bool) -> Option<Runtime> {
    match framework {
        "llama_cpp" if backend == Backend::Gpu && nvidia => Some(Runtime::LlamaCppCuda),
        "llama_cpp" => Some(Runtime::LlamaCpp),
        "mlc_llm" => Some(Runtime::Mlc),
        "mlx" => Some(Runtime::Mlx),
        "litert" | "executorch" => Some(Runtime::LiteRt),
        _ => Some(Runtime::Other),
    }
}

/// Full-width forms (U+FF01–U+FF5E, what a Chinese or Japanese input method types: "４０", "（", "，") as
/// their ASCII letters, and the ideographic space as a space.
#[must_use]
pub fn fold_width(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .collect()
}

/// A name reduced to its lowercase ASCII letters and digits, the form names are matched in ("Orin Nano
/// Super" → "orinnanosuper"). Fold full-width forms first ([`fold_width`]) where the text is a person's.
#[must_use]
pub fn normalize(s: &str) -> String {
    // `parse` has folded full-width forms already (`fold_width`): this runs on every prediction.
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Apple GPU FP32 TFLOPS per GPU core by generation: 128 lanes × 2 (FMA) × the GPU clock (M1 1.278 GHz,
/// M2 1.398, M3 1.38, M4 ≈ 1.58). Apple GPUs run FP16 at the FP32 rate.
pub const APPLE_TFLOPS_PER_CORE: [(&str, f64); 4] =
    [("m1", 0.327), ("m2", 0.358), ("m3", 0.353), ("m4", 0.404)];

/// Default peak per CPU thread, TOPS, at the precision the kernels run: INT8 dot products (quantized weights
/// with dynamically quantized activations, llama.cpp's K/Q kernels) 4× the FP32 FMA rate, FP16 2×. Phones:
/// an Arm big core at ≈3 GHz with 2–4 128-bit pipes (≈0.06 TFLOPS FP32); x86 servers and PCs: AVX-512 or
/// 2×256-bit FMA at ≈3.8 GHz (the EPYC 9274F's 3.2 TFLOPS over 24 cores in the calibration set ≈ 0.13).
#[must_use]
pub fn cpu_tops_per_thread(hw: HwClass, quant: &str) -> f64 {
    let q = quant.to_ascii_lowercase();
    match hw {
        HwClass::Phone | HwClass::Sbc => {
            if q.contains("fp32") || q.contains("f32") || q.contains("bf16") {
                0.06
            } else if q.contains("16") {
                0.12
            } else {
                0.24
            }
        }
        _ => 0.13,
    }
}

/// Default CPU threads when the file does not say: 4 on phones and boards (the big cores), 16 elsewhere.
#[must_use]
pub fn default_threads(hw: HwClass) -> f64 {
    match hw {
        HwClass::Phone | HwClass::Sbc => 4.0,
        _ => 16.0,
    }
}

/// See `edgefit_calib::gemm_tile`.
pub const MMQ_TILE: f64 = 128.0;

/// The matmul tile a runtime group's η_c was fitted with (`edgefit_calib::gemm_tile`): [`MMQ_TILE`] for llama.cpp's
/// CUDA/ROCm backend, else 0. The page writes it beside that η_c.
#[must_use]
pub fn runtime_gemm_tile(runtime: Option<Runtime>) -> f64 {
    if runtime == Some(Runtime::LlamaCppCuda) {
        MMQ_TILE
    } else {
        0.0
    }
}

/// The nominal peak of a unit of a device class where nothing better is known, TOPS (see `edgefit_calib::default_peak`):
/// Apple GPUs 10, phone GPUs 8, NPUs 40 INT8 (20 at 16-bit activations), Jetson 20, integrated GPUs 8,
/// discrete GPUs 80, unified workstations 60, anything else 4. CPUs: [`cpu_class_peak`].
#[must_use]
pub fn class_peak(backend: Backend, hw: HwClass, sixteen_bit: bool) -> f64 {
    match (backend, hw) {
        (Backend::Gpu, HwClass::AppleMSeries) => 10.0,
        (Backend::Gpu, HwClass::Phone) => 8.0,
        (Backend::Npu, _) => {
            if sixteen_bit {
                20.0
            } else {
                40.0
            }
        }
        (_, HwClass::Jetson) => 20.0,
        (_, HwClass::PcIgpuApu) => 8.0,
        (_, HwClass::DiscreteGpu) => 80.0,
        (_, HwClass::WorkstationUnified) => 60.0,
        _ => 4.0,
    }
}

/// A CPU's peak without a core list, TOPS: the class's default threads × [`cpu_tops_per_thread`].
#[must_use]
pub fn cpu_class_peak(hw: HwClass, quant: &str) -> f64 {
    default_threads(hw) * cpu_tops_per_thread(hw, quant)
}

/// An Apple GPU's peak from its generation (M1 = 1) and core count, TOPS ([`APPLE_TFLOPS_PER_CORE`]).
#[must_use]
pub fn apple_gpu_peak(generation: u8, cores: f64) -> Option<f64> {
    let per_core = APPLE_TFLOPS_PER_CORE
        .get(usize::from(generation).checked_sub(1)?)?
        .1;
    Some(cores * per_core)
}

/// Utilizations and overheads for one group of measurements, with the residual band they left.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Calibrated {
    /// Backend.
    pub backend: Backend,
    /// Device class (`None`: every class on this backend).
    pub hw: Option<HwClass>,
    /// Runtime family (`None`: every runtime).
    pub runtime: Option<Runtime>,
    /// η_bw.
    pub eta_bw: f64,
    /// Fixed decode cost per layer per token, ms.
    pub layer_ms: f64,
    /// η_c.
    pub eta_c: f64,
    /// The band of measured / predicted decode tokens/s (the median ± `edgefit_calib::BAND_Z` robust standard deviations of the group's out-of-sample
    /// residuals, see `edgefit_calib::honest`).
    pub decode_band: (f64, f64),
    /// The same for prefill.
    pub prefill_band: (f64, f64),
    /// Decode rows the constants were fitted on (0: the prior).
    pub n_decode: usize,
    /// Prefill rows the constants were fitted on (0: the prior).
    pub n_prefill: usize,
    /// The image encoder's utilization as a share of `eta_c` (ρ, the `vit_eff` key): one value for every
    /// group, fitted on the published encoder times ([`VISION`]); [`VISION_PRIOR`] in the prior. Not printed
    /// per entry in the generated table: the table's `cal` rows take [`VISION`]'s.
    pub vit_eff: f64,
}

/// The prior of the image encoder's efficiency relative to the language model's prefill η_c (ρ): 1, the
/// encoder's matmuls as efficient as the prompt's — what the seed assumes when it prices an image at the
/// unit's compute. Its ViT runs one batch of patches through 16-bit matrices much like a prompt of as many
/// tokens, so without a measurement nothing says it should run slower or faster.
pub const VISION_PRIOR: f64 = 1.0;

/// The image encoder's efficiency relative to the language model's prefill η_c, as fitted on the published
/// vision-language measurements that state the encoder's time (`edgefit_calib::fit_vision`) and scored with
/// each source left out (`edgefit_calib::honest`). Generated into `calibration_table.rs` as [`VISION`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VisionFit {
    /// ρ the engine uses (a device preset's `vit_eff`): `fitted` where it beat the prior out of sample, else
    /// [`VISION_PRIOR`].
    pub ratio: f64,
    /// The value fitted on every source (shown whether kept or not).
    pub fitted: f64,
    /// The band of ρ: `fitted` × the median ± 2.4 robust standard deviations (the prefill z,
    /// `edgefit_calib::BAND_Z`) of the out-of-sample measured ÷ predicted encoder speeds.
    pub band: (f64, f64),
    /// Whether the fitted value beat the prior with each source left out, on the time to first token with an
    /// image and on the encoder's own time.
    pub kept: bool,
    /// Encoder times the value is fitted on.
    pub rows: usize,
    /// Publications they come from.
    pub sources: usize,
}

pub use crate::calibration_table::VISION;

/// Where no measurement exists: the seed's η_bw 0.6, 0.1 ms per layer, a ±50 % band, and an η_c by what
/// the unit's GEMM kernels reach of the peak the engine uses: CPUs and GPUs 0.5 (blocked GEMM on SIMD or GPU
/// cores runs at 50–80 % of the FMA peak; 0.5 is the low end, for kernels nobody measured), NPUs the
/// seed's 0.3 (a nominal TOPS figure of which static graphs use a fraction; the seed's range 0.2–0.4).
#[must_use]
pub const fn prior(backend: Backend) -> Calibrated {
    Calibrated {
        backend,
        hw: None,
        runtime: None,
        eta_bw: 0.6,
        layer_ms: 0.1,
        eta_c: match backend {
            Backend::Npu => 0.3,
            _ => 0.5,
        },
        decode_band: (0.5, 1.5),
        prefill_band: (0.5, 1.5),
        n_decode: 0,
        n_prefill: 0,
        vit_eff: VISION_PRIOR,
    }
}

/// The one utilization of the naive roofline the calibrated model is compared with.
pub const NAIVE_UTIL: f64 = 0.6;

/// The naive roofline: η_bw = η_c = 0.6, no per-token cost (and, in `edgefit_calib::validate_with`, no per-thread chain).
#[must_use]
pub const fn naive(backend: Backend) -> Calibrated {
    Calibrated {
        backend,
        hw: None,
        runtime: None,
        eta_bw: NAIVE_UTIL,
        layer_ms: 0.0,
        eta_c: NAIVE_UTIL,
        decode_band: (1.0, 1.0),
        prefill_band: (1.0, 1.0),
        n_decode: 0,
        n_prefill: 0,
        vit_eff: VISION_PRIOR,
    }
}

// A table-row constructor: positional arguments keep each table entry on one line.
#[allow(clippy::too_many_arguments)]
pub(crate) const fn cal(
    backend: Backend,
    hw: Option<HwClass>,
    runtime: Option<Runtime>,
    eta_bw: f64,
    layer_ms: f64,
    eta_c: f64,
    decode_band: (f64, f64),
    prefill_band: (f64, f64),
    n_decode: usize,
    n_prefill: usize,
) -> Calibrated {
    Calibrated {
        backend,
        hw,
        runtime,
        eta_bw,
        layer_ms,
        eta_c,
        decode_band,
        prefill_band,
        n_decode,
        n_prefill,
        vit_eff: VISION.ratio,
    }
}

pub use crate::calibration_table::CALIBRATED;

/// The constants for a backend and class whatever the runtime: the (backend, class) group's, else the
/// backend's, else the [`prior`]. This is what a device without a stated runtime gets (the web page).
#[must_use]
pub fn lookup(table: &[Calibrated], backend: Backend, hw: HwClass) -> Calibrated {
    lookup_runtime(table, backend, None, hw)
}

/// The constants for a backend, runtime family and class, by the fallback chain of the module docs:
/// (backend, runtime, class) → (backend, class) → (backend, runtime) → backend → [`prior`]. With `runtime`
/// `None` the runtime-keyed entries are skipped.
#[must_use]
pub fn lookup_runtime(
    table: &[Calibrated],
    backend: Backend,
    runtime: Option<Runtime>,
    hw: HwClass,
) -> Calibrated {
    let find = |rt: Option<Runtime>, h: Option<HwClass>| {
        table
            .iter()
            .find(|c| c.backend == backend && c.runtime == rt && c.hw == h)
    };
    let rt_class = runtime.and_then(|rt| find(Some(rt), Some(hw)));
    let rt_wide = runtime.and_then(|rt| find(Some(rt), None));
    rt_class
        .or_else(|| find(None, Some(hw)))
        .or(rt_wide)
        .or_else(|| find(None, None))
        .copied()
        .unwrap_or(prior(backend))
}

/// The defaults for a backend, runtime family and class: the exact (backend, runtime, class) group of
/// [`CALIBRATED`] where there is one, else [`lookup_runtime`]'s chain; the image encoder's ratio is
/// [`VISION`]'s whichever entry answers. What `edgefit validate` and the page use.
#[must_use]
pub fn default_for(backend: Backend, runtime: Option<Runtime>, hw: HwClass) -> Calibrated {
    let c = CALIBRATED
        .iter()
        .find(|c| {
            c.backend == backend && runtime.is_some() && c.runtime == runtime && c.hw == Some(hw)
        })
        .copied()
        .unwrap_or_else(|| lookup_runtime(CALIBRATED, backend, runtime, hw));
    Calibrated {
        vit_eff: VISION.ratio,
        ..c
    }
}

impl Calibrated {
    /// The group the constants were fitted on, as `backend[/runtime][/class]` ("GPU/llama.cpp/jetson",
    /// "CPU/phone", "GPU"), or `backend (prior)` when nothing was fitted.
    #[must_use]
    pub fn group(&self) -> String {
        let mut g = self.backend.code().to_ascii_uppercase();
        if let Some(rt) = self.runtime {
            g.push('/');
            g.push_str(rt.code());
        }
        if let Some(hw) = self.hw {
            g.push('/');
            g.push_str(hw.code());
        }
        if self.n_decode == 0 && self.n_prefill == 0 {
            g.push_str(" (prior)");
        }
        g
    }
}

/// The Apple silicon generation a text names ("M1 Max" → 1, "Apple M4 Pro" → 4): an `m` and one digit that
/// start a word and end a token ("m1" but not "m10", "hm1" or "m1x").
#[must_use]
pub fn apple_generation(text: &str) -> Option<u8> {
    let t = text.to_ascii_lowercase();
    let b = t.as_bytes();
    (0..b.len().saturating_sub(1)).find_map(|i| {
        let word_start = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        let ends = b.get(i + 2).is_none_or(|c| !c.is_ascii_alphanumeric());
        (word_start && ends && b[i] == b'm' && (b'1'..=b'9').contains(&b[i + 1]))
            .then(|| b[i + 1] - b'0')
    })
}

/// Whether a quantization is one of GGUF's K-quants (Q2_K … Q6_K, their _S/_M/_L/_XL file mixes, and
/// llama-bench's "Q4_K - Medium").
#[must_use]
pub fn is_k_quant(quant: &str) -> bool {
    let q = normalize(quant);
    ["q2k", "q3k", "q4k", "q5k", "q6k"]
        .iter()
        .any(|k| q.contains(k))
}

/// The share of its group's η_bw llama.cpp's K-quant matrix-vector kernels stream on an M1-generation
/// (Apple7) GPU, fitted by `edgefit_calib::fit_kquant_share` on `data/apple.csv` (the test
/// `kquant_share_is_what_fit_gives` re-derives it). The calibration set's Apple rows are Q4_0, Q8_0 and F16,
/// which M1 chips decode at the class's η_bw; the published K-quant decodes on an M1, M1 Pro, M1 Max or M1
/// Ultra run slower than their bytes say (llama-bench rows ≈ 1.36× over-predicted, Ollama and LM Studio a
/// little more, where M2–M4 chips on the same models are within a few per cent). llama.cpp's developers
/// describe the direction of the cause: a K-quant dot product does "quite a bit more work" than Q4_0's, which
/// shows on Metal (PR 1807), and shader cores before Apple9 overlap integer and float work less (PR 23114).
/// The value is a measured share, not derived: no published per-generation instruction count was found.
pub const APPLE7_KQUANT_SHARE: f64 = 0.7;

/// [`APPLE7_KQUANT_SHARE`] where it applies — a K-quant (`quant`) on the GPU of an Apple M-series chip of
/// the first generation (`chip` names it) under llama.cpp's constants (`runtime`, the group's) — else 1. What
/// `edgefit validate` and the page's η_bw note both apply.
#[must_use]
pub fn kquant_share_at(
    backend: Backend,
    hw: HwClass,
    runtime: Option<Runtime>,
    chip: &str,
    quant: &str,
) -> f64 {
    let applies = backend == Backend::Gpu
        && hw == HwClass::AppleMSeries
        && runtime == Some(Runtime::LlamaCpp)
        && is_k_quant(quant)
        && apple_generation(chip) == Some(1);
    if applies {
        APPLE7_KQUANT_SHARE
    } else {
        1.0
    }
}

/// The GPU clock the Jetson group's per-layer cost is stated at, MHz: an Orin Nano in its original power
/// mode, the slower of the calibration set's two Jetson configurations.
pub const JETSON_REF_GPU_MHZ: f64 = 625.0;

/// A Jetson Orin module's maximum GPU clock, MHz, from NVIDIA's module data sheets, by its name: Orin Nano
/// 625 (1020 in the "Super" mode of JetPack 6.1+), Orin NX 8 GB 765 and 16 GB 918 (1173 Super), AGX Orin
/// 32 GB 930, AGX Orin Industrial 1200, AGX Orin 64 GB 1300. A Super-mode Orin Nano is also told by its
/// 102 GB/s. None for other modules or names that do not say.
#[must_use]
pub fn jetson_clock_mhz(name: &str, bw_gbps: f64) -> Option<f64> {
    let name = normalize(name);
    if !name.contains("orin") {
        return None;
    }
    let superb = name.contains("super");
    if name.contains("agxorin") {
        Some(if name.contains("32gb") {
            930.0
        } else if name.contains("industrial") {
            1200.0
        } else {
            1300.0
        })
    } else if name.contains("orinnano") {
        Some(if superb || bw_gbps > 90.0 {
            1020.0
        } else {
            625.0
        })
    } else if name.contains("orinnx") {
        Some(if superb {
            1173.0
        } else if name.contains("8gb") {
            765.0
        } else {
            918.0
        })
    } else {
        None
    }
}

/// How a device's fixed per-layer decode cost scales from its group's: under MLC on a Jetson Orin with a
/// known clock, inversely with the GPU clock ([`JETSON_REF_GPU_MHZ`] over [`jetson_clock_mhz`] of `name`);
/// elsewhere 1. MLC's Jetson builds (jetson-containers, `--use-cuda-graph`) replay a token's kernels from a
/// CUDA graph, so what a layer costs beyond its weight reads is the GPU time of its small kernels (norms,
/// rotary, attention at a short context), which runs at the GPU clock. On the calibration set's Orin Nano the
/// Super mode raises the GPU clock 1.63× and the bandwidth 1.5×, and its small models gain 1.55–1.63×. A
/// runtime that launches each kernel from the CPU (llama.cpp before its CUDA graphs) pays a CPU-side cost that
/// does not follow the GPU clock, so its rows keep the group's.
#[must_use]
pub fn clock_scale(hw: HwClass, runtime: Runtime, name: &str, bw_gbps: f64) -> f64 {
    clock_scale_mhz(hw, runtime, jetson_clock_mhz(name, bw_gbps))
}

/// [`clock_scale`] at a known GPU clock, MHz (a power mode's cap): [`JETSON_REF_GPU_MHZ`] / `mhz` under MLC
/// on a Jetson, else 1 (also without a clock).
#[must_use]
pub fn clock_scale_mhz(hw: HwClass, runtime: Runtime, mhz: Option<f64>) -> f64 {
    if hw != HwClass::Jetson || runtime != Runtime::Mlc {
        return 1.0;
    }
    mhz.filter(|&m| m > 0.0)
        .map_or(1.0, |mhz| JETSON_REF_GPU_MHZ / mhz)
}
