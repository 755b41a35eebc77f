//! Calibration against published measurements: read a file of measured prefill and decode tokens/s, predict
//! each row with the engine, and report the error — and choose the engine's default utilizations on it.
//!
//! The file is `data/calibration.csv`'s shape (column dictionary in `data/SOURCES.md`): one measurement a
//! row, read by column name, any column order, extra columns ignored. [`parse`] returns the usable rows and a
//! typed reason for every row it skips. [`predict`] turns a row into engine [`Inputs`] and returns the
//! predicted decode and prefill tokens/s; [`validate_rows`] scores a whole file against the calibrated
//! defaults ([`CALIBRATED`]) and against a naive roofline with one utilization of 0.6 ([`NAIVE_UTIL`]).
//!
//! # The model behind a prediction (physics first, no per-row factors)
//! - **Decode** time per token is the engine's [`crate::analysis::bandwidth::tpot_at`] at the row's average
//!   context: (weights read + KV cache read) / (peak bandwidth · η_bw), or compute time if larger, plus a
//!   fixed cost per token of `layers × t_layer` (kernel dispatch and synchronization: each layer is a dozen
//!   kernels whatever the model's width, which is why small models and fast memories fall short of the
//!   bandwidth roofline). Weights read are the file's bytes minus an untied input embedding (a lookup).
//! - **Context**: llama-bench `tgN` decodes after an empty context, so the average context is N/2 (plus the
//!   depth `@dN` when given). Runtimes that allocate a static KV cache (a `context_len` given outside
//!   llama-bench: LiteRT, MediaPipe) attend over the whole allocated cache each step, so the context is the
//!   cache size. Otherwise decode follows the prompt: prompt + generated/2.
//! - **Prefill** tokens/s is prompt / the engine's [`crate::analysis::latency::ttft_at`] (2·N·P plus causal
//!   attention, at peak · η_c; bounded below by one read of the weights). Static-cache runtimes attend over
//!   the whole cache, so the attention term is taken at the cache size.
//! - **Peak compute**: `compute_peak` when the file gives it (a sparse INT8 figure counts half; a GeForce RTX
//!   card's FP16 figure — the FP32-accumulate tensor rate — counts 4× for llama.cpp's int8 tensor-core
//!   prompt kernels, 2× for its FP16 cuBLAS path, and an FP4 figure half, [`cuda_prompt_factor`]);
//!   otherwise a
//!   per-class default ([`default_peak`]): Apple GPUs from their core count and generation (128 FP32 lanes per
//!   core at the published clock; Apple GPUs run FP16 at the FP32 rate, so a third party's "FP16 peak" for an
//!   Apple GPU gives way to the core-count figure), CPUs from their cores and threads ([`cpu_peak`]), and a
//!   nominal figure for phone GPUs and NPUs where no vendor figure is public — for those only the product
//!   peak × η_c is calibrated.
//! - **CPU threads and cores** ([`cpu_peak`]): the `cores` column names the core groups ("1x X4 + 5x A720 +
//!   2x A520", "8P + 16E", "4x Cortex-A76"); each core kind has an FP32 FMA rate (SIMD pipes × lanes × 2 ×
//!   clock, [`CoreKind`]). Threads ([`cpu_threads`]: stated, else 4 on phones, llama.cpp's default of one
//!   per performance core on Apple and hybrid Intel chips, one per physical core elsewhere) never exceed
//!   the physical cores (SMT siblings share the SIMD pipes) and fill the fastest cores first; the work is
//!   split dynamically, so the peak is the sum of the used cores' rates. The kernel precision multiplies it
//!   ([`cpu_kernel_factor`]): int8 GEMM runtimes (XNNPACK: LiteRT, MediaPipe, ExecuTorch) 4× on cores with dot
//!   products, FP16 2×; llama.cpp's GGUF block quants 1× — unpacking 4-/6-bit values and their block scales
//!   costs about as much as the int8 dot, so the quantized GEMM runs near the FP32 FMA rate — except on
//!   Armv8.0 cores (Cortex-A53, A72: Raspberry Pi 3 and 4), which lack the int8 dot and FP16 arithmetic
//!   llama.cpp's kernels use: ½ for quantized weights, ⅓ for F16, by instruction count. Without a core
//!   list the class default per thread applies ([`cpu_tops_per_thread`]).
//! - **Bandwidth the unit can draw** ([`unit_bandwidth_gbps`]): η_bw applies to the DRAM's peak, except
//!   where the CPU's side of the chip cannot take all of it: an Apple Max die's CPU clusters read at most
//!   ≈ 224 GB/s of its 400 ([`APPLE_CPU_DIE_GBPS`], two dies on an Ultra).
//! - **Decode on mixed cores** ([`cpu_decode_peak`]): llama.cpp splits a one-token matmul into one equal
//!   slice per thread unless it has four 64-row chunks per thread, and ends each op in a barrier, so with
//!   threads on cores of two kinds a token's compute runs at threads × the slowest core's rate; prompts are
//!   split dynamically (the sum of the cores' rates).
//! - **Weights read** ([`head_stored_twice`]): ExecuTorch's quantized exports store a tied embedding and
//!   its LM head as two tensors; the file's bits spread over both, and a token reads only the head.
//! - **Prompts on mixed cores in old llama.cpp builds** ([`llama_cpp_static_split`]): before dynamic matmul
//!   scheduling ([`LLAMA_CPP_DYNAMIC_MATMUL`], 2024-05-15) every matmul was cut into one equal slice per
//!   thread, so a build dated earlier prefills at threads × the slowest used core's rate too.
//! - **ExecuTorch threads**: its runners default to one thread per performant core (all but the Arm little,
//!   Apple and Intel E-cores), phones included ([`cpu_threads`]).
//! - **KV shape**: from a table of known models ([`known_shape`]) by family and nearest parameter count;
//!   otherwise estimated from the parameter count ([`estimate_shape`]). KV in 16 bits, except on CPUs under
//!   XNNPACK runtimes (LiteRT, MediaPipe, ExecuTorch), which keep float activations and so an FP32 cache
//!   ([`kv_bits`]): there a 4096-token static cache costs twice the bytes an F16 one would.
//!
//! # How the defaults were chosen ([`fit`])
//! Groups are keyed on the backend, the **runtime family** ([`Runtime`], from the `framework` column:
//! llama.cpp and its wrappers, MLC, LiteRT/MediaPipe/ExecuTorch, other) and the device class, because the
//! same unit of the same class streams and computes at different efficiencies under different kernels
//! (LiteRT's WebGPU path on an M4 Max reaches η_c 0.36 where llama.cpp's Metal kernels reach 0.70). Per
//! backend the fit makes a (backend, class) group for every class with at least [`MIN_ROWS`] rows; where
//! such a class holds more than one runtime family, a (backend, runtime, class) group per family with
//! enough rows; where the backend holds more than one family, a (backend, runtime) group per family whose
//! rows span two classes or more (one class's runtime group already has a one-class family); and the
//! backend-wide entry. A row takes its constants by the chain ([`lookup_runtime`]):
//! (backend, runtime, class) → (backend, class) → (backend, runtime) → backend → [`prior`] (η_c 0.5 on
//! CPUs and GPUs, 0.3 on NPUs); a caller that does not know the runtime ([`lookup`]) skips the runtime-keyed
//! entries (the web page maps its framework picker with [`runtime_of_framework`]). `edgefit validate` prints
//! the group each row's constants came from. On
//! `data/calibration.csv` runtime groups exist only for Apple GPUs (llama.cpp's 80 rows vs LiteRT's five
//! browser rows) and, backend-wide, GPU llama.cpp-cuda (a Radeon 780M and discrete cards) and LiteRT (Apple
//! and phones): there is no Jetson or Adreno measurement under a second
//! runtime to key on, so llama.cpp on a Jetson still gets MLC's constants (see the README, "What is left").
//! In each group:
//! - prefill: η_c = the median over sources of each source's median of measured / predicted-at-η_c-1 (one
//!   vote per publication, so one runtime's many rows cannot outvote the other sources);
//! - decode: only rows whose decode is bandwidth-bound at the group's η_c (compute time at η_c below the
//!   memory time at η_bw = 1, then below the memory time at the fitted η_bw, refitted once) — a row that is
//!   compute-bound (a few CPU threads, an expensive dequantization) says nothing of η_bw and is predicted
//!   from compute; then t_layer on a grid of 0…1 ms in 0.01 ms steps and, for each, η_bw = the median over
//!   the group of memory time / (measured time − layers · t_layer); keep the pair with the least mean
//!   |ln(pred/meas)|; a group with fewer than [`MIN_ROWS_TWO_PARAMS`] decode rows keeps its parent's t_layer
//!   and fits η_bw alone;
//! - a group with too few rows for one quantity takes its parent's constants for it (a runtime-class group
//!   its class's, then its runtime's, then the backend's); a backend with one or two rows, whose parent is
//!   the prior, moves the prior toward them ([`PRIOR_WEIGHT`]);
//! - rows whose measurement beats the roofline (η would exceed 1) are left out of the fit and flagged.
//!
//! **One CPU thread is a chain** ([`thread_stream_s`]). A thread's slice of a one-token matmul reads a
//! stretch of weights, then dequantizes and multiplies it; its core keeps only so many cache-line misses in
//! flight (Little's law), so the reads and the arithmetic overlap little. A CPU decode therefore takes at
//! least the slice's compute time (at η_c) plus the slice's bytes over one core's streaming bandwidth —
//! whatever the DRAM could deliver to more threads — and the engine's max(memory, compute) bound is raised to
//! that where it is longer. The per-core figure is one constant per core family ([`StreamGroup`]: Apple, x86,
//! Arm Cortex up to the A78 and the little cores, A510/A520 included; none for the Armv9 big and middle cores
//! (A710–A725) and the prime cores, which no measurement constrains),
//! chosen by [`fit_core_stream`] with the other constants fixed: on `data/calibration.csv` alone the chain
//! never binds (four-thread phones, 24- and 32-core EPYCs) and every group stays unbounded, so the figures
//! come from the thread sweeps of `data/candidates.csv` (a Ryzen 9 7950X at 1–4 threads, an M2 Max CPU at
//! 2–8, an Orange Pi 5 at 4 and 8): x86 35 GB/s, Arm Cortex 7 GB/s, Apple 150 GB/s ([`CORE_STREAM_GBPS`]).
//! Rows whose chain outlasts the memory time are left out of the η_bw fit. Before the chain a
//! four-thread Orange Pi 5 was predicted +63 %, a two-thread 7950X +52 % (Q4_0).
//!
//! The shipped table ([`CALIBRATED`], generated into `calibration_table.rs`) is fitted on every file in
//! `data/` by [`honest`]: each source is predicted by constants fitted without it, a group keeps its own
//! constants only where they beat what it falls back to (its parent group, then one η of 0.6) on those
//! out-of-sample predictions, and its band is the [`BAND_QUANTILES`] of its out-of-sample measured /
//! predicted, shrunk toward its backend's for small groups: a prediction `x` is expected to measure within
//! `x · band.0 … x · band.1` at least four times out of five. [`holdout`] repeats the fit on one file with
//! each source (or each device) left out and scores only the rows left out.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::analysis::{self, bandwidth};
use crate::input::{Backend, Field, Inputs, ModelKind};
use crate::math;
use crate::scenario::validate;

// ---------------------------------------------------------------------------------------------------------
// Device classes
// ---------------------------------------------------------------------------------------------------------

/// The device class of a measurement (`hw_class` column).
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

    /// The class of a row whose `hw_class` is not one of the codes (a typo, another vocabulary, or
    /// empty): a name the column might plausibly hold ("jetson", "smartphone", "desktop_gpu"), else what
    /// the device and chip names say ("Jetson AGX Orin", "Apple M2 Max", "RTX 4090", "Raspberry Pi 5").
    /// [`HwClass::Other`] when neither says anything.
    #[must_use]
    pub fn infer(code: &str, device: &str, chip: &str, backend: Backend) -> Self {
        let exact = HwClass::from_code(code);
        if exact != HwClass::Other || code.trim().eq_ignore_ascii_case("other") {
            return exact;
        }
        let pc = if backend == Backend::Cpu {
            HwClass::PcCpu
        } else {
            HwClass::PcIgpuApu
        };
        let c = normalize(code);
        let by_code: &[(&str, HwClass)] = &[
            ("jetson", HwClass::Jetson),
            ("apple", HwClass::AppleMSeries),
            ("mac", HwClass::AppleMSeries),
            ("phone", HwClass::Phone),
            ("mobile", HwClass::Phone),
            ("tablet", HwClass::Phone),
            ("sbc", HwClass::Sbc),
            ("singleboard", HwClass::Sbc),
            ("server", HwClass::ServerCpu),
            ("datacenter", HwClass::ServerCpu),
            ("discrete", HwClass::DiscreteGpu),
            ("dgpu", HwClass::DiscreteGpu),
            ("desktopgpu", HwClass::DiscreteGpu),
            ("igpu", HwClass::PcIgpuApu),
            ("apu", HwClass::PcIgpuApu),
        ];
        if let Some(&(_, h)) = by_code.iter().find(|(k, _)| !c.is_empty() && c.contains(k)) {
            return h;
        }
        // The same words in Chinese (`normalize` keeps ASCII only).
        let zh_code: &[(&str, HwClass)] = &[
            ("手机", HwClass::Phone),
            ("平板", HwClass::Phone),
            ("开发板", HwClass::Sbc),
            ("单板", HwClass::Sbc),
            ("服务器", HwClass::ServerCpu),
            ("独立显卡", HwClass::DiscreteGpu),
            ("独显", HwClass::DiscreteGpu),
            ("核显", HwClass::PcIgpuApu),
            ("集成显卡", HwClass::PcIgpuApu),
        ];
        if let Some(&(_, h)) = zh_code.iter().find(|(k, _)| code.contains(k)) {
            return h;
        }
        // A generic word ("laptop", "desktop", "workstation") says less than the device's name: a MacBook is
        // Apple's, an RTX desktop a discrete GPU's, a Mac Studio "workstation" an M-series chip. The names
        // first, then the word.
        let generic = ["laptop", "desktop", "notebook", "pc"]
            .iter()
            .any(|k| c.contains(k))
            || ["笔记本", "台式", "电脑"].iter().any(|k| code.contains(k));
        let workstation = c.contains("workstation") || code.contains("工作站");
        let text = normalize(&alloc::format!("{device} {chip}"));
        let by_name: &[(&[&str], HwClass)] = &[
            (&["jetson", "orin", "xavier"], HwClass::Jetson),
            (
                &["dgxspark", "gb10", "ryzenaimax", "strixhalo"],
                HwClass::WorkstationUnified,
            ),
            (
                &[
                    "raspberrypi",
                    "radxa",
                    "orangepi",
                    "rock5",
                    "bcm2711",
                    "bcm2712",
                    "rk3588",
                ],
                HwClass::Sbc,
            ),
            (
                &[
                    "iphone",
                    "ipad",
                    "pixel",
                    "galaxy",
                    "snapdragon8",
                    "dimensity",
                    "exynos",
                    "oneplus",
                ],
                HwClass::Phone,
            ),
            (
                &[
                    "rtx",
                    "gtx",
                    "geforce",
                    "radeonrx",
                    "radeonpro",
                    "rx7900",
                    "arca7",
                    "a100",
                    "h100",
                    "l40",
                ],
                HwClass::DiscreteGpu,
            ),
            (
                &[
                    "epyc",
                    "xeon",
                    "ampereone",
                    "altra",
                    "graviton",
                    "threadripperpro",
                ],
                HwClass::ServerCpu,
            ),
            (
                &["applem", "macbook", "macmini", "macstudio", "imac"],
                HwClass::AppleMSeries,
            ),
        ];
        if let Some(&(_, h)) = by_name
            .iter()
            .find(|(ks, _)| ks.iter().any(|k| text.contains(k)))
        {
            return h;
        }
        // Chinese names: 树莓派 / 香橙派 (Raspberry / Orange Pi), 苹果 (Apple), 骁龙 8 / 天玑 / 麒麟 (phone
        // SoCs).
        let raw = alloc::format!("{device} {chip}");
        let squeezed: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
        let zh_name: &[(&[&str], HwClass)] = &[
            (&["树莓派", "香橙派", "开发板"], HwClass::Sbc),
            (&["骁龙8", "天玑", "麒麟", "手机"], HwClass::Phone),
        ];
        if let Some(&(_, h)) = zh_name
            .iter()
            .find(|(ks, _)| ks.iter().any(|k| squeezed.contains(k)))
        {
            return h;
        }
        // 苹果 (Apple) with an M-series chip; an iPhone's A17 is not one.
        let lower = fold_width(&squeezed).to_ascii_lowercase();
        if lower.contains("苹果")
            && ["m1", "m2", "m3", "m4", "m5"]
                .iter()
                .any(|g| lower.contains(g))
        {
            return HwClass::AppleMSeries;
        }
        if workstation {
            return HwClass::WorkstationUnified;
        }
        if generic {
            return pc;
        }
        if ["intel", "amd", "ryzen", "core", "xeon"]
            .iter()
            .any(|k| text.contains(k))
        {
            return pc;
        }
        HwClass::Other
    }
}

// ---------------------------------------------------------------------------------------------------------
// Runtime families
// ---------------------------------------------------------------------------------------------------------

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
/// but not a row (the web page): llama.cpp (its CUDA group on an NVIDIA GPU), MLC, LiteRT / ExecuTorch;
/// `None` for frameworks the calibration set has no measurement of (their class's constants apply).
#[must_use]
pub fn runtime_of_framework(framework: &str, backend: Backend, nvidia: bool) -> Option<Runtime> {
    match framework {
        "llama_cpp" if backend == Backend::Gpu && nvidia => Some(Runtime::LlamaCppCuda),
        "llama_cpp" => Some(Runtime::LlamaCpp),
        "mlc_llm" => Some(Runtime::Mlc),
        "mlx" => Some(Runtime::Mlx),
        "litert" | "executorch" => Some(Runtime::LiteRt),
        _ => None,
    }
}

/// The runtime family a row ran (see [`Runtime`]).
#[must_use]
pub fn runtime_of(row: &Row) -> Runtime {
    let f = normalize(&row.framework);
    if is_llama_cpp(row) {
        if row.backend == Backend::Gpu && ggml_cuda(row) {
            Runtime::LlamaCppCuda
        } else {
            Runtime::LlamaCpp
        }
    } else if f.contains("mlc") {
        Runtime::Mlc
    } else if f.contains("mlx") {
        Runtime::Mlx
    } else if ["litert", "mediapipe", "executorch", "xnnpack", "tflite"]
        .iter()
        .any(|k| f.contains(k))
    {
        Runtime::LiteRt
    } else {
        Runtime::Other
    }
}

/// Whether a llama.cpp GPU row ran ggml's CUDA backend: the framework names CUDA, ROCm or cuBLAS/hipBLAS,
/// or names no other GPU API and the GPU is NVIDIA's (a GeForce/RTX card, a Jetson, a GB10), where CUDA is
/// llama.cpp's default.
#[must_use]
pub fn ggml_cuda(row: &Row) -> bool {
    let f = normalize(&row.framework);
    if ["cuda", "rocm", "cublas", "hipblas"]
        .iter()
        .any(|k| f.contains(k))
    {
        return true;
    }
    let other = ["vulkan", "opencl", "sycl", "metal", "kompute", "webgpu"]
        .iter()
        .any(|k| f.contains(k));
    let name = normalize(&alloc::format!("{} {}", row.device, row.chip));
    !other
        && ["nvidia", "geforce", "rtx", "jetson", "gb10", "dgx"]
            .iter()
            .any(|k| name.contains(k))
}

// ---------------------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------------------

/// Why a file cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FileError {
    /// No header line.
    Empty,
    /// A quoted field is not closed before the end of the file.
    UnterminatedQuote {
        /// 1-based line where the field starts.
        line: usize,
    },
    /// A column the predictions need is missing from the header.
    MissingColumn {
        /// Its name.
        column: &'static str,
    },
}

impl core::fmt::Display for FileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FileError::Empty => write!(f, "empty file: no header line"),
            FileError::UnterminatedQuote { line } => {
                write!(f, "line {line}: quoted field is never closed")
            }
            FileError::MissingColumn { column } => {
                write!(f, "missing column `{column}` in the header")
            }
        }
    }
}

/// Split CSV text into records (RFC 4180: fields may be quoted, a quote inside is doubled, quoted fields may
/// hold commas and line breaks). Returns each record with the 1-based line it starts on.
///
/// # Errors
/// [`FileError::UnterminatedQuote`] when a quoted field runs to the end of the text.
pub fn split_records(text: &str) -> Result<Vec<(usize, Vec<String>)>, FileError> {
    let mut out = Vec::new();
    let mut record: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut in_quotes = false;
    let mut quote_line = 0;
    let mut line = 1;
    let mut start = 1;
    let mut any = false; // whether the current record has any content
    let text = text.trim_start_matches('\u{feff}');
    // The separator the header uses: commas, or semicolons (spreadsheets where the comma is the decimal
    // mark) or tabs when the header holds more of those than commas.
    let header = text.lines().next().unwrap_or("");
    let count = |c: char| header.matches(c).count();
    let sep = [';', '\t']
        .into_iter()
        .find(|&c| count(c) > count(','))
        .unwrap_or(',');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => in_quotes = false,
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' => {
                in_quotes = true;
                quote_line = line;
                any = true;
            }
            c if c == sep => {
                record.push(core::mem::take(&mut field));
                any = true;
            }
            '\r' => {}
            '\n' => {
                if any || !field.is_empty() {
                    record.push(core::mem::take(&mut field));
                    out.push((start, core::mem::take(&mut record)));
                }
                any = false;
                line += 1;
                start = line;
            }
            _ => {
                field.push(c);
                any = true;
            }
        }
    }
    if in_quotes {
        return Err(FileError::UnterminatedQuote { line: quote_line });
    }
    if any || !field.is_empty() {
        record.push(field);
        out.push((start, record));
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------------

/// A compute peak as the file gives it.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Peak {
    /// 10¹² ops/s at the stated precision (a sparse figure already halved).
    pub tops: f64,
    /// Whether the file gave it (else a class default, see [`default_peak`]).
    pub given: bool,
}

/// One usable measurement.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Row {
    /// `row_id` (or the line number when the column is absent).
    pub id: String,
    /// 1-based line of the file the row starts on.
    pub line: usize,
    /// `source_id`.
    pub source: String,
    /// Device class.
    pub hw: HwClass,
    /// `device`.
    pub device: String,
    /// `chip`.
    pub chip: String,
    /// `cores` as written.
    pub cores: String,
    /// Which unit ran the model.
    pub backend: Backend,
    /// `framework` as written.
    pub framework: String,
    /// `framework_version` as written (a build, a date, or empty).
    pub framework_version: String,
    /// `model` as written.
    pub model: String,
    /// `quant` as written.
    pub quant: String,
    /// Parameters.
    pub params: f64,
    /// Bits per weight used (from the file size when given, else `bpw_nominal`).
    pub bits: f64,
    /// Whether `bits` came from the reported file size.
    pub bits_from_size: bool,
    /// Peak bandwidth, GB/s.
    pub bw_gbps: f64,
    /// The peak compute stated in the file (sparse figures halved).
    pub peak_given: Option<f64>,
    /// `compute_precision` as written.
    pub precision: String,
    /// Prompt tokens.
    pub prompt: Option<f64>,
    /// Measured prefill tokens/s.
    pub prefill_tps: Option<f64>,
    /// Generated tokens.
    pub gen: Option<f64>,
    /// Measured decode tokens/s.
    pub decode_tps: Option<f64>,
    /// `context_len` (KV-cache size, or llama-bench depth).
    pub context: Option<f64>,
    /// CPU threads.
    pub threads: Option<f64>,
    /// Mixture of experts: parameters one token uses (`active_params_b`, an optional column), else none.
    pub active: Option<f64>,
    /// `uncertain = yes`.
    pub uncertain: bool,
}

/// Why a row was skipped.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum SkipReason {
    /// `mem_bw_gbps` is empty.
    NoBandwidth,
    /// Neither `params_b` nor a usable size and bits per weight.
    NoSize,
    /// Neither `decode_tps` nor `prefill_tps`.
    NoThroughput,
    /// `backend_unit` is not CPU, GPU or NPU.
    UnknownBackend {
        /// What was written.
        text: String,
    },
    /// A number that does not parse, or is not positive and finite.
    BadNumber {
        /// The column.
        column: &'static str,
        /// What was written.
        text: String,
    },
    /// The row has fewer fields than the header.
    ShortRow,
    /// The engine rejected the scenario built from the row (the first input it names).
    Rejected {
        /// The engine's message.
        message: String,
    },
    /// The row's figures give a decode or prefill rate that is not a positive finite number (a bandwidth of
    /// 1e-308 GB/s, say): some figure is far outside any device's range.
    OutOfRange {
        /// Which rate.
        quantity: Quantity,
    },
}

impl core::fmt::Display for SkipReason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SkipReason::NoBandwidth => write!(f, "no bandwidth (mem_bw_gbps empty)"),
            SkipReason::NoSize => write!(
                f,
                "no model size (params_b, bpw_nominal or model_size_reported needed)"
            ),
            SkipReason::NoThroughput => {
                write!(f, "no throughput (decode_tps and prefill_tps empty)")
            }
            SkipReason::UnknownBackend { text } => {
                write!(f, "backend_unit {text:?} is not CPU, GPU or NPU")
            }
            SkipReason::BadNumber { column, text } => {
                write!(f, "{column}: {text:?} is not a positive number")
            }
            SkipReason::ShortRow => write!(f, "fewer fields than the header"),
            SkipReason::Rejected { message } => write!(f, "engine rejected the row: {message}"),
            SkipReason::OutOfRange { quantity } => write!(
                f,
                "the predicted {} rate is not a positive finite number: a figure of the row (bandwidth, size, peak) is out of any device's range",
                match quantity {
                    Quantity::Decode => "decode",
                    Quantity::Prefill => "prefill",
                }
            ),
        }
    }
}

/// A skipped row.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Skipped {
    /// `row_id` (or the line number).
    pub id: String,
    /// 1-based line in the file.
    pub line: usize,
    /// Why.
    pub reason: SkipReason,
}

/// A parsed file.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Parsed {
    /// Usable rows.
    pub rows: Vec<Row>,
    /// Skipped rows with their reasons.
    pub skipped: Vec<Skipped>,
}

/// Columns without which no row can be predicted.
pub const REQUIRED_COLUMNS: &[&str] = &["mem_bw_gbps", "backend_unit", "params_b"];

/// Parse a file of calibration.csv's shape by column name.
///
/// Required columns are [`REQUIRED_COLUMNS`] and at least one of `decode_tps` / `prefill_tps`; every other
/// column is optional, extra columns are ignored.
///
/// # Errors
/// A [`FileError`] when the file has no header, a quote is never closed, or a required column is missing.
/// Problems in a single row skip that row with a [`SkipReason`] instead.
pub fn parse(text: &str) -> Result<Parsed, FileError> {
    // Full-width forms as ASCII everywhere (a Chinese input method's "４", "（", "，", "＋"): every column
    // reads them as it reads their ASCII letters.
    let text = fold_width(text);
    let records = split_records(&text)?;
    let mut it = records.into_iter();
    let (_, header) = it.next().ok_or(FileError::Empty)?;
    let cols: BTreeMap<String, usize> = header
        .iter()
        .enumerate()
        // `Decode TPS`, `decode-tps` and `decode_tps` name the same column.
        .map(|(i, h)| (h.trim().to_ascii_lowercase().replace([' ', '-'], "_"), i))
        .collect();
    for &c in REQUIRED_COLUMNS {
        if !cols.contains_key(c) {
            return Err(FileError::MissingColumn { column: c });
        }
    }
    if !cols.contains_key("decode_tps") && !cols.contains_key("prefill_tps") {
        return Err(FileError::MissingColumn {
            column: "decode_tps",
        });
    }
    let mut parsed = Parsed::default();
    for (line, rec) in it {
        if rec.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let f = Fields {
            cols: &cols,
            rec: &rec,
        };
        let id = match f.get("row_id") {
            "" => line.to_string(),
            s => s.to_string(),
        };
        let short = REQUIRED_COLUMNS
            .iter()
            .any(|c| cols.get(*c).is_some_and(|&i| i >= rec.len()));
        let result = if short {
            Err(SkipReason::ShortRow)
        } else {
            row_from(&f, id.clone(), line)
        };
        match result {
            Ok(row) => parsed.rows.push(row),
            Err(reason) => parsed.skipped.push(Skipped { id, line, reason }),
        }
    }
    Ok(parsed)
}

/// Cells that mean "not measured": read as empty.
const MISSING: &[&str] = &[
    "n/a",
    "na",
    "-",
    "–",
    "—",
    "none",
    "null",
    "?",
    "nan",
    "tbd",
    "tbc",
    "todo",
    "oom",
    "n.a.",
    "/",
    "not measured",
    "not tested",
    "untested",
    "无",
    "未测",
    "未知",
    "不适用",
];

/// Whether a cell says "not measured": empty, one of [`MISSING`], or a dash before one ("— OOM").
fn is_missing(t: &str) -> bool {
    let t = t.trim();
    if t.is_empty() || MISSING.iter().any(|m| t.eq_ignore_ascii_case(m)) {
        return true;
    }
    let rest = t.trim_start_matches(['-', '–', '—']).trim();
    rest.len() < t.len() && MISSING.iter().any(|m| rest.eq_ignore_ascii_case(m))
}

/// Units a numeric column may carry after its number (lowercase, spaces removed): the column's own unit.
fn units_of(column: &str) -> &'static [&'static str] {
    match column {
        "params_b" | "active_params_b" => &["b", "bn", "billion"],
        "mem_bw_gbps" => &["gb/s", "gbps", "gb/sec", "gbytes/s"],
        "prefill_tps" | "decode_tps" => &[
            "tok/s",
            "t/s",
            "tokens/s",
            "token/s",
            "tps",
            "tokens/sec",
            "tok/sec",
        ],
        "prompt_len" | "gen_len" | "context_len" => &["tokens", "token", "tok", "t"],
        "bpw_nominal" => &["bpw", "bits", "bit", "b"],
        _ => &[],
    }
}

/// A positive finite number, or `None` when empty (or written as not measured: `n/a`, `-`, `—`).
///
/// Read as a person would write it in a table: full-width digits and signs as ASCII (`５０`, `６，７４`); a
/// leading `~`, `≈` or `约`; thousands separators (`1,005`); a
/// decimal comma where the comma cannot be a thousands separator (`6,74`); the column's own unit after the
/// number (`7 B`, `204.8 GB/s`, `22.5 tok/s`); a range `20-25` or `20~25` as its middle; llama-bench's
/// `55.10 ± 0.21` as its mean; a prompt or generation length as llama-bench names its test (`pp512`,
/// `tg128`).
fn num(column: &'static str, s: &str) -> Result<Option<f64>, SkipReason> {
    // Full-width forms arrive folded (`parse`); Markdown emphasis (`**12.5**`, `` `7` ``) is not the number's.
    let t = s.trim().trim_matches(['*', '`']).trim();
    if is_missing(t) {
        return Ok(None);
    }
    let bad = || SkipReason::BadNumber {
        column,
        text: t.to_string(),
    };
    // "约 20", "大约20": about.
    let t = t.trim_start_matches("大约").trim_start_matches('约').trim();
    let body = t.trim_start_matches(['~', '≈']).trim();
    // A measurement with its spread: the mean.
    let body = ["±", "+/-", "+-"]
        .iter()
        .filter_map(|m| body.find(m))
        .min()
        .map_or(body, |i| body[..i].trim());
    // llama-bench's test names for the lengths.
    let body = match column {
        "prompt_len" => body.strip_prefix("pp").unwrap_or(body),
        "gen_len" => body.strip_prefix("tg").unwrap_or(body),
        _ => body,
    };
    // The column's unit, if any, after the number.
    let end = body
        .find(|c: char| {
            !(c.is_ascii_digit()
                || matches!(c, '.' | ',' | '_' | '-' | '~' | '–' | ' ' | 'e' | 'E' | '+'))
        })
        .unwrap_or(body.len());
    let (number, unit) = body.split_at(end);
    let unit: String = unit
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    if !unit.is_empty() && !units_of(column).contains(&unit.as_str()) {
        return Err(bad());
    }
    let number = number.trim();
    // A range: its middle.
    let parts: Vec<&str> = number.splitn(2, ['~', '–', '-']).map(str::trim).collect();
    let one = |x: &str| -> Option<f64> {
        let x = x.replace('_', "");
        let commas = x.matches(',').count();
        let clean = if commas == 0 {
            x
        } else if thousands(&x) {
            x.replace(',', "")
        } else if commas == 1 && !x.contains('.') {
            x.replace(',', ".")
        } else {
            return None;
        };
        clean.parse::<f64>().ok()
    };
    let x = match parts.as_slice() {
        [a] => one(a),
        // "1e-3" is not a range: a minus after an exponent marker.
        [a, b] if !a.is_empty() && !a.ends_with(['e', 'E']) => match (one(a), one(b)) {
            (Some(lo), Some(hi)) if lo <= hi => Some((lo + hi) / 2.0),
            _ => None,
        },
        _ => one(number),
    };
    match x {
        Some(x) if x.is_finite() && x > 0.0 => Ok(Some(x)),
        _ => Err(bad()),
    }
}

/// Whether `x` groups its integer digits by three with commas (`1,005`, `12,345.6`).
fn thousands(x: &str) -> bool {
    let int = x.split('.').next().unwrap_or("");
    let mut groups = int.split(',');
    let first = groups.next().unwrap_or("");
    (1..=3).contains(&first.len())
        && first.bytes().all(|b| b.is_ascii_digit())
        && groups.all(|g| g.len() == 3 && g.bytes().all(|b| b.is_ascii_digit()))
}

/// A size as printed, e.g. `3.56 GiB (llama-bench …)`, `1,005 MB`: the first number and its unit, in bytes.
/// GiB/MiB are binary (2³⁰, 2²⁰), GB/MB decimal.
///
/// # Errors
/// [`SkipReason::BadNumber`] when there is no number or no known unit after it.
pub fn parse_size(s: &str) -> Result<Option<f64>, SkipReason> {
    let t = s.trim().trim_matches(['*', '`']).trim();
    if is_missing(t) {
        return Ok(None);
    }
    let bad = || SkipReason::BadNumber {
        column: "model_size_reported",
        text: t.to_string(),
    };
    // "~4GB", "≈ 3.6 GB", "约 4 GB", "about 4 GB": about.
    let lower = t.to_ascii_lowercase();
    let t = ["about ", "approx. ", "approx ", "approximately ", "ca. "]
        .iter()
        .find(|w| lower.starts_with(*w))
        .map_or(t, |w| &t[w.len()..]);
    let t = t
        .trim_start_matches("大约")
        .trim_start_matches('约')
        .trim_start_matches(['~', '≈'])
        .trim_start();
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(t.len());
    let x = num("model_size_reported", &t[..end])?.ok_or_else(bad)?;
    let unit: String = t[end..]
        .trim_start()
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect();
    let scale = match unit.to_ascii_lowercase().as_str() {
        "gib" => 1_073_741_824.0,
        "mib" => 1_048_576.0,
        "kib" => 1024.0,
        "gb" | "g" => 1e9,
        "mb" | "m" => 1e6,
        "kb" | "k" => 1e3,
        "tb" => 1e12,
        "b" | "bytes" => 1.0,
        _ => return Err(bad()),
    };
    Ok(Some(x * scale))
}

/// One record's fields by column name.
struct Fields<'a> {
    cols: &'a BTreeMap<String, usize>,
    rec: &'a [String],
}

impl<'a> Fields<'a> {
    /// The trimmed field, or "" when the column or the field is absent.
    fn get(&self, name: &str) -> &'a str {
        self.cols
            .get(name)
            .and_then(|&i| self.rec.get(i))
            .map_or("", |s| s.trim())
    }
}

/// The unit a `backend_unit` cell names: CPU, GPU or NPU, also when written with its API or vendor name
/// ("GPU (CUDA)", "iGPU", "Metal", "ANE", "Hexagon DSP"), or in Chinese (中央处理器, 图形处理器 / 显卡,
/// 神经网络处理器); `None` when it names none or more than one
/// ("CPU+GPU").
fn backend_of(cell: &str) -> Option<Backend> {
    let u = cell.to_ascii_uppercase();
    let has = |keys: &[&str]| keys.iter().any(|k| u.contains(k));
    let cpu = has(&["CPU", "中央处理器"]);
    let gpu = has(&[
        "GPU",
        "METAL",
        "CUDA",
        "VULKAN",
        "OPENCL",
        "ROCM",
        "WEBGPU",
        "MLX",
        "TENSORRT",
        "DIRECTML",
        "图形处理器",
        "显卡",
        "核显",
    ]);
    let npu = has(&[
        "NPU",
        "神经网络处理器",
        "神经处理",
        "ANE",
        "DSP",
        "HTP",
        "HEXAGON",
        "NEURAL",
        "TPU",
        "APU (MEDIATEK)",
    ]);
    match (cpu, gpu, npu) {
        (true, false, false) => Some(Backend::Cpu),
        (false, true, false) => Some(Backend::Gpu),
        (false, false, true) => Some(Backend::Npu),
        _ => None,
    }
}

fn row_from(f: &Fields<'_>, id: String, line: usize) -> Result<Row, SkipReason> {
    let get = |name: &str| f.get(name);
    let backend = backend_of(get("backend_unit")).ok_or_else(|| SkipReason::UnknownBackend {
        text: get("backend_unit").to_string(),
    })?;
    let bw = num("mem_bw_gbps", get("mem_bw_gbps"))?.ok_or(SkipReason::NoBandwidth)?;
    let params = num("params_b", get("params_b"))?.map(|b| b * 1e9);
    let size = parse_size(get("model_size_reported"))?;
    let bpw = num("bpw_nominal", get("bpw_nominal"))?;
    let prefill = num("prefill_tps", get("prefill_tps"))?;
    let decode = num("decode_tps", get("decode_tps"))?;
    let prompt = num("prompt_len", get("prompt_len"))?;
    let gen = num("gen_len", get("gen_len"))?;
    let context = num("context_len", get("context_len"))?;
    // Threads may be "default" or "4 (big cores)": take the leading number when there is one.
    let threads = {
        let t = get("threads");
        let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        t[..end].parse::<f64>().ok().filter(|&x| x > 0.0)
    };
    let active = num("active_params_b", get("active_params_b"))?
        .map(|b| b * 1e9)
        .filter(|&a| a > 0.0);
    let peak = num("compute_peak", get("compute_peak"))?;
    let precision = get("compute_precision").to_string();
    let unit = get("compute_unit").to_ascii_lowercase();
    let peak_given = peak.map(|p| {
        let tops = if unit.starts_with('g') { p / 1e3 } else { p };
        if precision.to_ascii_lowercase().contains("sparse") {
            tops / 2.0
        } else {
            tops
        }
    });
    // A blank `params_b` is read from the model's name ("Llama 3.1 8B", "Qwen3-30B-A3B": the total), a blank
    // `bpw_nominal` from the quantization's name with the dictionary's nominal bits (SOURCES.md).
    let params = params
        .or_else(|| params_in_name(get("model")))
        .or_else(|| params_of_named_size(get("model")))
        .ok_or(SkipReason::NoSize)?;
    let mlx = [get("quant"), get("framework")]
        .iter()
        .any(|t| t.to_ascii_lowercase().contains("mlx"));
    let bpw = bpw
        .or_else(|| mlx.then(|| mlx_bits(get("quant"))).flatten())
        .or_else(|| nominal_bits(get("quant")));
    let (bits, from_size) = match (size, bpw) {
        (Some(b), _) => (b * 8.0 / params, true),
        (None, Some(b)) => (b, false),
        (None, None) => return Err(SkipReason::NoSize),
    };
    if !(1.0..=40.0).contains(&bits) {
        return Err(SkipReason::BadNumber {
            column: if from_size {
                "model_size_reported"
            } else {
                "bpw_nominal"
            },
            text: get(if from_size {
                "model_size_reported"
            } else {
                "bpw_nominal"
            })
            .to_string(),
        });
    }
    if decode.is_none() && prefill.is_none() {
        return Err(SkipReason::NoThroughput);
    }
    Ok(Row {
        id,
        source: get("source_id").to_string(),
        line,
        hw: HwClass::infer(get("hw_class"), get("device"), get("chip"), backend),
        device: get("device").to_string(),
        chip: get("chip").to_string(),
        cores: get("cores").to_string(),
        backend,
        framework: get("framework").to_string(),
        framework_version: get("framework_version").to_string(),
        model: get("model").to_string(),
        quant: get("quant").to_string(),
        params,
        bits: bits.min(32.0),
        bits_from_size: from_size,
        bw_gbps: bw,
        peak_given,
        precision,
        prompt,
        prefill_tps: prefill,
        gen,
        decode_tps: decode,
        context,
        threads,
        active: active.filter(|&a| a < params),
        uncertain: get("uncertain").eq_ignore_ascii_case("yes"),
    })
}

/// The parameter count a model's name gives, in parameters: the first number followed by `B` or `M` that
/// stands alone ("Llama 3.1 8B" → 8·10⁹, "SmolLM-135M" → 1.35·10⁸, "Qwen3-30B-A3B" → 3·10¹⁰ — the total;
/// "Mixtral 8x7B" is not read, its total is not 8 × 7 B).
#[must_use]
pub fn params_in_name(model: &str) -> Option<f64> {
    let t = model.to_ascii_lowercase();
    let b = t.as_bytes();
    (0..b.len()).find_map(|i| {
        let starts = b[i].is_ascii_digit()
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'));
        if !starts {
            return None;
        }
        let num: String = t[i..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let end = i + num.len();
        let unit = *b.get(end)?;
        if b.get(end + 1).is_some_and(u8::is_ascii_alphanumeric) || (i > 0 && b[i - 1] == b'x') {
            return None;
        }
        let x: f64 = num.parse().ok()?;
        match unit {
            b'b' => Some(x * 1e9),
            b'm' => Some(x * 1e6),
            _ => None,
        }
        .filter(|&p| p > 0.0)
    })
}

/// Models whose names give a size word or an expert layout instead of a parameter count, with their total
/// parameters from their model cards (normalized name fragment, parameters): Phi-3/3.5 "mini" 3.82 B, Phi-4
/// "mini" 3.84 B, Phi-3 "small" 7.39 B and "medium" 14.0 B, Phi-4 14.7 B, Phi-3.5-MoE 41.9 B, Phi-2 2.78 B,
/// Phi-1.5 1.42 B, Mixtral 8x7B 46.7 B and 8x22B 140.6 B (Phi-4-multimodal 5.57 B and Phi-3/3.5-vision 4.15 B
/// ahead of their families). A fragment counts where a word of the name starts ("Delphi 2" is no Phi-2);
/// first match wins, so the longer fragments come first.
pub const NAMED_SIZES: &[(&str, f64)] = &[
    ("phi4multimodal", 5.57e9),
    ("phi35vision", 4.15e9),
    ("phi3vision", 4.15e9),
    ("mixtral8x22b", 140.6e9),
    ("mixtral8x7b", 46.7e9),
    ("phi35moe", 41.9e9),
    ("phi35mini", 3.82e9),
    ("phi3mini", 3.82e9),
    ("phi4mini", 3.84e9),
    ("phi3small", 7.39e9),
    ("phi3medium", 14.0e9),
    ("phi4", 14.7e9),
    ("phi2", 2.78e9),
    ("phi15", 1.42e9),
];

/// A model's total parameters from a name without a count ([`NAMED_SIZES`]): "Phi-3.5-mini-instruct" →
/// 3.82 B, "Mixtral 8x7B" → 46.7 B. `None` for any other name.
#[must_use]
pub fn params_of_named_size(model: &str) -> Option<f64> {
    let t = fold_width(model).to_ascii_lowercase();
    // The normalized name from each word's start on.
    let starts: Vec<String> = t
        .char_indices()
        .filter(|&(i, c)| {
            c.is_ascii_alphanumeric()
                && t[..i]
                    .chars()
                    .next_back()
                    .is_none_or(|p| !p.is_ascii_alphanumeric())
        })
        .map(|(i, _)| normalize(&t[i..]))
        .collect();
    NAMED_SIZES
        .iter()
        .find(|(k, _)| starts.iter().any(|s| s.starts_with(k)))
        .map(|&(_, p)| p)
}

/// The dictionary's nominal bits per weight for a quantization named in the `quant` column (SOURCES.md):
/// Q4_0 4.5, Q8_0 8.5, F16/BF16 16, FP32 32, MXFP4 4.25, MLC q4f16 4.5 (q3f16 3.6), int8 8, int4 4; llama.cpp's K-quant
/// mixes at the file averages its `tools/quantize` README gives for Llama 2 7B (Q2_K 3.35, Q3_K_S/M/L 3.50 /
/// 3.91 / 4.27, Q4_K_M ≈4.85, …) and its i-quants at the bits `llama-quantize` lists (IQ2_XXS 2.06 … IQ3_M
/// 3.66); NVFP4 4.5 and MLX's 4-/8-bit (64-weight groups with an FP16 scale and bias: 4.5, 8.5), also when the
/// name says only "4bit" / "8bit" (mlx-community's and bitsandbytes' naming; 3-/6-bit 3.5, 6.5); a name that
/// gives weights and activations apart by the weights' bits ([`weight_bits`]: w4a16 4, 16a8w 8). `None` for
/// a scheme whose groups the name does not give (SpinQuant), which needs `model_size_reported`.
#[must_use]
pub fn nominal_bits(quant: &str) -> Option<f64> {
    if let Some(w) = weight_bits(quant) {
        return Some(w);
    }
    let q = normalize(quant);
    // A bare "4bit" (mlx-community's and bitsandbytes' naming) is MLX's 64-weight groups; inside a longer
    // name ("SpinQuant (4-bit)") it says nothing of the groups.
    let bare: &[(&str, f64)] = &[("3bit", 3.5), ("4bit", 4.5), ("6bit", 6.5), ("8bit", 8.5)];
    if let Some(&(_, b)) = bare.iter().find(|(k, _)| q == *k) {
        return Some(b);
    }
    // A bare "Q8" / "Q4" (app tables' shorthand): llama.cpp's Q8_0 / Q4_0 and MLX's 8-/4-bit agree on
    // N + 0.5 bits (a 32- or 64-weight block with its scale).
    // The first word decides, so a note after it ("Q4 (unspecified)") does not hide it.
    let first = quant
        .split(|c: char| c.is_whitespace() || "()[],;:/".contains(c))
        .find(|w| !w.is_empty())
        .map(normalize)
        .unwrap_or_default();
    if let Some(d) = first.strip_prefix('q') {
        if let Ok(n) = d.parse::<u8>() {
            if (2..=8).contains(&n) {
                return Some(f64::from(n) + 0.5);
            }
        }
    }
    const TABLE: &[(&str, f64)] = &[
        ("iq1s", 1.56),
        ("iq1m", 1.75),
        ("iq2xxs", 2.06),
        ("iq2xs", 2.31),
        ("iq2s", 2.5),
        ("iq2m", 2.7),
        ("iq3xxs", 3.06),
        ("iq3xs", 3.3),
        ("iq3s", 3.44),
        ("iq3m", 3.66),
        ("tq10", 1.69),
        ("tq20", 2.06),
        ("q2k", 3.35),
        ("q3ks", 3.5),
        ("q3km", 3.91),
        ("q3kl", 4.27),
        // Unsloth's dynamic "UD-…_K_XL" mixes: files within a few per cent of the _K_M ones (Gemma 3 27B
        // UD-Q4_K_XL 16.8 GB against Q4_K_M's 16.5), so their bits.
        ("q3kxl", 3.91),
        ("q4kxl", 4.85),
        ("q5kxl", 5.69),
        ("q6kxl", 6.56),
        ("q8kxl", 8.5),
        ("q4km", 4.85),
        ("q4ks", 4.58),
        ("q5km", 5.69),
        ("q5ks", 5.54),
        ("q6k", 6.56),
        // A K-quant named by its block type alone ("Q4_K", S/M not said): the type's own bits (a 256-weight
        // super-block: Q4_K 144 bytes, Q5_K 176, Q3_K 110).
        ("q4k", 4.5),
        ("q5k", 5.5),
        ("q3k", 3.44),
        ("q40", 4.5),
        ("q41", 5.0),
        ("q50", 5.5),
        ("q51", 6.0),
        ("q80", 8.5),
        ("mxfp4", 4.25),
        ("nvfp4", 4.5),
        ("iq4xs", 4.25),
        ("iq4nl", 4.5),
        ("q4f16", 4.5),
        ("q4f32", 4.5),
        // MLC's 3-bit: ten 3-bit values per 32-bit word, a 40-weight group with an FP16 scale.
        ("q3f16", 3.6),
        ("q0f16", 16.0),
        ("bf16", 16.0),
        ("fp16", 16.0),
        ("f16", 16.0),
        ("fp32", 32.0),
        ("f32", 32.0),
        ("int8", 8.0),
        ("int4", 4.0),
        ("fp8", 8.0),
        ("mlx4bit", 4.5),
        ("mlx8bit", 8.5),
    ];
    TABLE
        .iter()
        .find(|(k, _)| q.starts_with(k) || q.contains(k))
        .map(|&(_, b)| b)
}

/// The runs of ASCII letters and digits of a text ("w4a16 (+ w8a16)" → w4a16, w8a16).
fn alnum_words(s: &str) -> Vec<&str> {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Bits per weight of an MLX quantization named by its bits anywhere in the text ("4bit (mlx-community …)",
/// "q8", "4-bit"): MLX's affine quantization stores a 64-weight group with an FP16 scale and bias, half a
/// bit per weight more (4-bit 4.5, 8-bit 8.5). `None` when no bit count is written.
#[must_use]
pub fn mlx_bits(quant: &str) -> Option<f64> {
    let q = quant.to_ascii_lowercase();
    let words = alnum_words(&q);
    let ok = |d: &str| {
        d.parse::<f64>()
            .ok()
            .filter(|b| [2.0, 3.0, 4.0, 5.0, 6.0, 8.0].contains(b))
    };
    words.iter().enumerate().find_map(|(i, w)| {
        let n = w
            .strip_suffix("bit")
            .or_else(|| w.strip_prefix('q').filter(|d| d.len() == 1))
            .or_else(|| {
                // "4-bit": "4" then "bit".
                (words.get(i + 1) == Some(&"bit")).then_some(*w)
            })?;
        ok(n).map(|b| b + 0.5)
    })
}

/// The weights' bits where a name gives weights and activations apart: `w4a16` / `W8A8`, `a16w4` (LiteRT's
/// order), ExecuTorch's `16a4w`, a bare `w4`, or words ("4-bit weights", "int4 weights, fp16 activations").
/// The activations' precision is not the weights' ("fp16 activations" is no F16 file). The bits are the
/// weights' own, with no group scales (as the dictionary's int4 4, int8 8): these schemes scale per channel
/// or per large block. `None` when the name does not say.
#[must_use]
pub fn weight_bits(quant: &str) -> Option<f64> {
    split_bits(quant).0
}

/// The activations' bits where a name gives them (`w4a16` 16, `a8w8` 8, `16a4w` 16, "fp16 activations"
/// 16), else `None`.
#[must_use]
pub fn activation_bits(quant: &str) -> Option<f64> {
    split_bits(quant).1
}

/// (weights' bits, activations' bits) as a quantization's name gives them apart.
fn split_bits(quant: &str) -> (Option<f64>, Option<f64>) {
    let q = quant.to_ascii_lowercase();
    let words = alnum_words(&q);
    let bits = |d: &str| -> Option<f64> {
        d.parse::<f64>()
            .ok()
            .filter(|b| [1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 16.0, 32.0].contains(b))
    };
    let digits = |s: &str| s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    // One word: "w4", "w4a16", "a16w4", "16a4w".
    let word = |w: &str| -> Option<(Option<f64>, Option<f64>)> {
        if let Some(rest) = w.strip_prefix('w') {
            let n = digits(rest);
            if n > 0 && rest.len() == n {
                return Some((bits(rest), None));
            }
            if n > 0 {
                if let Some(a) = rest[n..].strip_prefix('a') {
                    if !a.is_empty() && digits(a) == a.len() {
                        return Some((bits(&rest[..n]), bits(a)));
                    }
                }
            }
        }
        if let Some(rest) = w.strip_prefix('a') {
            let n = digits(rest);
            if n > 0 {
                if let Some(wd) = rest[n..].strip_prefix('w') {
                    if !wd.is_empty() && digits(wd) == wd.len() {
                        return Some((bits(wd), bits(&rest[..n])));
                    }
                }
            }
        }
        let n = digits(w);
        if n > 0 {
            // "16a4w", and ExecuTorch's "8da4w" (8-bit dynamic activations, 4-bit weights).
            let tail = &w[n..];
            if let Some(rest) = tail.strip_prefix("da").or_else(|| tail.strip_prefix('a')) {
                let m = digits(rest);
                if m > 0 && &rest[m..] == "w" {
                    return Some((bits(&rest[..m]), bits(&w[..n])));
                }
            }
        }
        None
    };
    let (w, a) = words.iter().find_map(|w| word(w)).unwrap_or((None, None));
    // Words: "4-bit weights", "int4 weights", "fp16 activations", "16 bit activation", with up to three
    // qualifiers between ("4-bit groupwise weights", "8-bit dynamic per-token activations"); the search
    // stops at the other noun ("int4 weights and activations" says nothing of the activations).
    let before = |noun: &str| bits_before(&words, noun);
    (
        w.or_else(|| before("weight")),
        a.or_else(|| before("activation")),
    )
}

/// The bits a text gives just before a noun: "4-bit weights", "int4 weights", "fp16 activations", "16 bit
/// activation", "8-bit embedding", with up to three qualifiers between ("4-bit groupwise weights", "8-bit
/// dynamic per-token activations"); the search stops at another of the nouns ("int4 weights and
/// activations" says nothing of the activations). `words` are the text's lowercase [`alnum_words`].
fn bits_before(words: &[&str], noun: &str) -> Option<f64> {
    let bits = |d: &str| -> Option<f64> {
        d.parse::<f64>()
            .ok()
            .filter(|b| [1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 16.0, 32.0].contains(b))
    };
    let is_noun = |w: &str| {
        ["weight", "activation", "embedding", "head"]
            .iter()
            .any(|n| w.starts_with(n))
    };
    let spec = |head: &[&str]| -> Option<f64> {
        match head {
            [.., n, b] if *b == "bit" || *b == "bits" => bits(n),
            [.., w] => w
                .strip_suffix("bit")
                .or_else(|| w.strip_prefix("uint"))
                .or_else(|| w.strip_prefix("int"))
                .or_else(|| w.strip_prefix("fp"))
                .or_else(|| w.strip_prefix("bf"))
                .and_then(bits),
            [] => None,
        }
    };
    let at = words.iter().position(|w| w.starts_with(noun))?;
    (0..=3)
        .take_while(|&k| k <= at && (k == 0 || !is_noun(words[at - k])))
        .find_map(|k| spec(&words[..at - k]))
}

/// The embedding table's bits where a quantization's name gives them apart from the weights' ("4-bit
/// groupwise weights, 8-bit dynamic activations; 8-bit embedding and head": 8), else `None`.
#[must_use]
pub fn embedding_bits_named(quant: &str) -> Option<f64> {
    let q = quant.to_ascii_lowercase();
    bits_before(&alnum_words(&q), "embedding")
}

// ---------------------------------------------------------------------------------------------------------
// Model shapes
// ---------------------------------------------------------------------------------------------------------

/// What the KV cache and the untied embedding need to know about a model.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Shape {
    /// Parameters of this variant (to pick the nearest).
    pub params_b: f64,
    /// Layers.
    pub layers: f64,
    /// Hidden size.
    pub hidden: f64,
    /// Query heads.
    pub heads: f64,
    /// KV heads.
    pub kv_heads: f64,
    /// Head width.
    pub head_dim: f64,
    /// Vocabulary.
    pub vocab: f64,
    /// Embedding shared with the LM head.
    pub tied: bool,
    /// Whether it came from the table (else estimated).
    pub known: bool,
    /// Mixture of experts: parameters one token uses, billions, counted as the engine's `active_params_b`
    /// (the input embedding included); 0 for a dense model.
    pub active_b: f64,
    /// Mixture of experts: the routed-expert parameters, billions (the rest is attention, embeddings and
    /// shared layers, which every token reads).
    pub routed_b: f64,
    /// Sliding-window attention: the window in tokens (0: none).
    pub window: f64,
    /// Layers that attend within the window.
    pub local_layers: f64,
    /// Mixture of experts: routed experts per layer and experts each token uses (0, 0 when unknown).
    pub experts: (f64, f64),
}

impl Shape {
    /// The same shape as a mixture of experts: `active_b` parameters used per token (embedding included),
    /// `routed_b` of them routed experts (all experts counted).
    #[must_use]
    pub const fn moe(self, active_b: f64, routed_b: f64) -> Self {
        Self {
            active_b,
            routed_b,
            ..self
        }
    }
    /// The same shape with `experts` routed experts per layer, `used` of them per token.
    #[must_use]
    pub const fn routing(self, experts: f64, used: f64) -> Self {
        Self {
            experts: (experts, used),
            ..self
        }
    }
    /// The same shape with `local_layers` layers attending within a sliding window of `window` tokens.
    #[must_use]
    pub const fn windowed(self, window: f64, local_layers: f64) -> Self {
        Self {
            window,
            local_layers,
            ..self
        }
    }
}

// A table-row constructor: positional arguments keep each table entry on one line.
#[allow(clippy::too_many_arguments)]
const fn sh(
    params_b: f64,
    layers: f64,
    hidden: f64,
    heads: f64,
    kv_heads: f64,
    head_dim: f64,
    vocab: f64,
    tied: bool,
) -> Shape {
    Shape {
        params_b,
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim,
        vocab,
        tied,
        known: true,
        active_b: 0.0,
        routed_b: 0.0,
        window: 0.0,
        local_layers: 0.0,
        experts: (0.0, 0.0),
    }
}

/// LLaMA (1 and 2) 7B, shared by the LLaMA and OpenLLaMA families.
const LLAMA_7B: Shape = sh(6.74, 32.0, 4096.0, 32.0, 32.0, 128.0, 32000.0, false);
/// LLaMA (1 and 2) 13B.
const LLAMA_13B: Shape = sh(13.0, 40.0, 5120.0, 40.0, 40.0, 128.0, 32000.0, false);
/// LLaMA 1 33B (also sold as "30B").
const LLAMA_33B: Shape = sh(32.5, 60.0, 6656.0, 52.0, 52.0, 128.0, 32000.0, false);

/// Model families by a name fragment (lowercase letters and digits only), most specific first, each with its
/// variants. Shapes from the models' published `config.json`; mixtures of experts with the active and
/// routed counts of their model cards or computed from their configs (gpt-oss: 3.61 B / 5.13 B active
/// without the input embedding, so 0.58 B more here; GLM-4.5-Air's "12B" leaves out the embedding and the
/// head, 13.4 with them; Qwen3-30B-A3B's 3.35 counts the routers), sliding windows where the config sets them (Gemma 2: 4096 on every other layer;
/// Gemma 3: 512 (1B) or 1024 on five layers of six; gpt-oss: 128 on every other layer).
pub const KNOWN_MODELS: &[(&str, &[Shape])] = &[
    (
        "gptoss",
        &[
            sh(20.91, 24.0, 2880.0, 64.0, 8.0, 64.0, 201088.0, false)
                .moe(4.19, 19.12)
                .routing(32.0, 4.0)
                .windowed(128.0, 12.0),
            sh(116.83, 36.0, 2880.0, 64.0, 8.0, 64.0, 201088.0, false)
                .moe(5.71, 114.71)
                .routing(128.0, 4.0)
                .windowed(128.0, 18.0),
        ],
    ),
    (
        "mixtral",
        &[
            sh(46.7, 32.0, 4096.0, 32.0, 8.0, 128.0, 32000.0, false)
                .moe(12.9, 45.1)
                .routing(8.0, 2.0),
            sh(140.6, 56.0, 6144.0, 48.0, 8.0, 128.0, 32768.0, false)
                .moe(39.1, 135.3)
                .routing(8.0, 2.0),
        ],
    ),
    (
        "olmoe",
        &[sh(6.92, 16.0, 2048.0, 16.0, 16.0, 128.0, 50304.0, false)
            .moe(1.28, 6.44)
            .routing(64.0, 8.0)],
    ),
    (
        "phi35moe",
        &[sh(41.9, 32.0, 4096.0, 32.0, 8.0, 128.0, 32064.0, false)
            .moe(6.6, 40.3)
            .routing(16.0, 2.0)],
    ),
    (
        "glm45air",
        &[sh(106.9, 46.0, 4096.0, 96.0, 8.0, 128.0, 151552.0, false)
            .moe(13.4, 99.7)
            .routing(128.0, 8.0)],
    ),
    (
        "tinyllama",
        &[sh(1.1, 22.0, 2048.0, 32.0, 4.0, 64.0, 32000.0, false)],
    ),
    (
        "smollm",
        &[
            sh(0.135, 30.0, 576.0, 9.0, 3.0, 64.0, 49152.0, true),
            sh(0.36, 32.0, 960.0, 15.0, 5.0, 64.0, 49152.0, true),
            sh(1.71, 24.0, 2048.0, 32.0, 32.0, 64.0, 49152.0, true),
        ],
    ),
    (
        // DeepSeek-R1 distills of Qwen2.5-Math: untied embeddings.
        "distillqwen",
        &[
            sh(1.78, 28.0, 1536.0, 12.0, 2.0, 128.0, 151936.0, false),
            sh(7.62, 28.0, 3584.0, 28.0, 4.0, 128.0, 152064.0, false),
        ],
    ),
    (
        "distillllama",
        &[sh(8.03, 32.0, 4096.0, 32.0, 8.0, 128.0, 128256.0, false)],
    ),
    (
        "qwen3",
        &[
            sh(0.6, 28.0, 1024.0, 16.0, 8.0, 128.0, 151936.0, true),
            sh(1.7, 28.0, 2048.0, 16.0, 8.0, 128.0, 151936.0, true),
            sh(4.0, 36.0, 2560.0, 32.0, 8.0, 128.0, 151936.0, true),
            sh(8.2, 36.0, 4096.0, 32.0, 8.0, 128.0, 151936.0, false),
            sh(14.8, 40.0, 5120.0, 40.0, 8.0, 128.0, 151936.0, false),
            sh(32.8, 64.0, 5120.0, 64.0, 8.0, 128.0, 151936.0, false),
            // Qwen3-30B-A3B (and its Coder variant): 128 experts, 8 per token.
            sh(30.53, 48.0, 2048.0, 32.0, 4.0, 128.0, 151936.0, false)
                .moe(3.35, 28.99)
                .routing(128.0, 8.0),
            sh(235.1, 94.0, 4096.0, 64.0, 4.0, 128.0, 151936.0, false)
                .moe(22.2, 227.0)
                .routing(128.0, 8.0),
        ],
    ),
    (
        "qwen2",
        &[
            sh(0.49, 24.0, 896.0, 14.0, 2.0, 64.0, 151936.0, true),
            sh(1.54, 28.0, 1536.0, 12.0, 2.0, 128.0, 151936.0, true),
            sh(3.09, 36.0, 2048.0, 16.0, 2.0, 128.0, 151936.0, true),
            sh(7.62, 28.0, 3584.0, 28.0, 4.0, 128.0, 152064.0, false),
            sh(14.7, 48.0, 5120.0, 40.0, 8.0, 128.0, 152064.0, false),
            sh(32.8, 64.0, 5120.0, 40.0, 8.0, 128.0, 152064.0, false),
        ],
    ),
    (
        // Gemma (1) 2B by its usual names ("Gemma-2B", "gemma-2b-it"), before "gemma2" claims it: Gemma 2's
        // 2B is written "Gemma 2 2B" (gemma22b).
        "gemma2b",
        &[sh(2.51, 18.0, 2048.0, 8.0, 1.0, 256.0, 256000.0, true)],
    ),
    (
        "gemma3",
        &[
            sh(1.0, 26.0, 1152.0, 4.0, 1.0, 256.0, 262144.0, true).windowed(512.0, 22.0),
            sh(4.3, 34.0, 2560.0, 8.0, 4.0, 256.0, 262208.0, true).windowed(1024.0, 29.0),
            sh(12.2, 48.0, 3840.0, 16.0, 8.0, 256.0, 262208.0, true).windowed(1024.0, 40.0),
            sh(27.4, 62.0, 5376.0, 32.0, 16.0, 128.0, 262208.0, true).windowed(1024.0, 52.0),
        ],
    ),
    (
        "gemma2",
        &[
            sh(2.61, 26.0, 2304.0, 8.0, 4.0, 256.0, 256000.0, true).windowed(4096.0, 13.0),
            sh(9.24, 42.0, 3584.0, 16.0, 8.0, 256.0, 256000.0, true).windowed(4096.0, 21.0),
            sh(27.2, 46.0, 4608.0, 32.0, 16.0, 128.0, 256000.0, true).windowed(4096.0, 23.0),
        ],
    ),
    (
        "gemma",
        &[
            sh(2.51, 18.0, 2048.0, 8.0, 1.0, 256.0, 256000.0, true),
            sh(8.54, 28.0, 3072.0, 16.0, 16.0, 256.0, 256000.0, true),
        ],
    ),
    (
        "phi4",
        &[
            sh(3.84, 32.0, 3072.0, 24.0, 8.0, 128.0, 200064.0, true),
            sh(14.7, 40.0, 5120.0, 40.0, 10.0, 128.0, 100352.0, false),
        ],
    ),
    (
        "phi3",
        &[
            sh(3.82, 32.0, 3072.0, 32.0, 32.0, 96.0, 32064.0, false),
            sh(14.0, 40.0, 5120.0, 40.0, 10.0, 128.0, 32064.0, false),
        ],
    ),
    (
        "phi2",
        &[sh(2.78, 32.0, 2560.0, 32.0, 32.0, 80.0, 51200.0, false)],
    ),
    (
        "phi15",
        &[sh(1.42, 24.0, 2048.0, 32.0, 32.0, 64.0, 51200.0, false)],
    ),
    (
        "stablelm",
        &[
            sh(1.64, 24.0, 2048.0, 32.0, 32.0, 64.0, 100352.0, false),
            sh(2.8, 32.0, 2560.0, 32.0, 32.0, 80.0, 50304.0, false),
            sh(12.1, 40.0, 5120.0, 32.0, 8.0, 160.0, 100352.0, false),
        ],
    ),
    (
        "openllama",
        &[
            sh(3.43, 26.0, 3200.0, 32.0, 32.0, 100.0, 32000.0, false),
            LLAMA_7B,
            LLAMA_13B,
        ],
    ),
    (
        "shearedllama",
        &[
            sh(1.35, 24.0, 2048.0, 16.0, 16.0, 128.0, 32000.0, false),
            sh(2.7, 32.0, 2560.0, 20.0, 20.0, 128.0, 32000.0, false),
        ],
    ),
    (
        "mistral",
        &[sh(7.24, 32.0, 4096.0, 32.0, 8.0, 128.0, 32000.0, false)],
    ),
    (
        // LLaMA 1's 33B (also sold as "30B"), before "llama3" reads "LLaMA-33B" as Llama 3.
        "llama33b",
        &[LLAMA_33B],
    ),
    ("llama30b", &[LLAMA_33B]),
    (
        "llama3",
        &[
            sh(1.24, 16.0, 2048.0, 32.0, 8.0, 64.0, 128256.0, true),
            sh(3.21, 28.0, 3072.0, 24.0, 8.0, 128.0, 128256.0, true),
            sh(8.03, 32.0, 4096.0, 32.0, 8.0, 128.0, 128256.0, false),
            sh(70.6, 80.0, 8192.0, 64.0, 8.0, 128.0, 128256.0, false),
        ],
    ),
    (
        // LLaMA 1 and 2 share their shapes up to 13B; LLaMA 1 has 33B and 65B (full multi-head attention),
        // LLaMA 2 a 70B with GQA (8 KV heads).
        "llama",
        &[
            LLAMA_7B,
            LLAMA_13B,
            LLAMA_33B,
            sh(65.2, 80.0, 8192.0, 64.0, 64.0, 128.0, 32000.0, false),
            sh(69.0, 80.0, 8192.0, 64.0, 8.0, 128.0, 32000.0, false),
        ],
    ),
];

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

fn normalize(s: &str) -> String {
    // `parse` has folded full-width forms already (`fold_width`): this runs on every prediction.
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The shape of a known model: the first family whose fragment occurs in the name, then the variant nearest
/// in parameter count (within a factor of 1.5).
#[must_use]
pub fn known_shape(model: &str, params: f64) -> Option<Shape> {
    let name = normalize(model);
    let (_, variants) = KNOWN_MODELS.iter().find(|(k, _)| name.contains(k))?;
    let pb = params / 1e9;
    let dist = |v: &Shape| math::ln(v.params_b / pb).abs();
    // A name that says how many parameters are active ("30B-A3B") is a mixture of experts.
    let moe_named = active_in_name(model).is_some();
    let best = variants
        .iter()
        .filter(|v| !moe_named || v.active_b > 0.0)
        .min_by(|a, b| dist(a).total_cmp(&dist(b)))?;
    (dist(best) < math::ln(1.5)).then_some(*best)
}

/// The active parameter count a mixture of experts' name gives, billions: "Qwen3-30B-A3B" → 3,
/// "Qwen1.5-MoE-A2.7B" → 2.7, "granite-3.0-3b-a800m" → 0.8, llama-bench's "qwen3moe 30B.A3B" → 3. The
/// marker is an `a` after a separator (or after the total's `b`) followed by a number and `b` or `m`.
#[must_use]
pub fn active_in_name(model: &str) -> Option<f64> {
    let t = model.to_ascii_lowercase();
    let b = t.as_bytes();
    (0..b.len()).find_map(|i| {
        if b[i] != b'a' || i == 0 || !matches!(b[i - 1], b'-' | b'_' | b'.' | b' ' | b'b') {
            return None;
        }
        let num: String = t[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let unit = b.get(i + 1 + num.len()).copied();
        let after = b.get(i + 2 + num.len()).copied();
        let x: f64 = num.parse().ok()?;
        if after.is_some_and(|c| c.is_ascii_alphanumeric())
            || x.partial_cmp(&0.0) != Some(core::cmp::Ordering::Greater)
        {
            return None;
        }
        match unit {
            Some(b'b') => Some(x),
            Some(b'm') => Some(x / 1e3),
            _ => None,
        }
    })
}

/// A shape estimated from the parameter count alone: layers ≈ 22 · (N / 10⁹)^0.22, N ≈ 12 · L · H², heads of
/// 128, grouped-query attention with a quarter of the heads as KV heads (the norm since 2024), an untied
/// 32k vocabulary that is read in full (no embedding split).
#[must_use]
pub fn estimate_shape(params: f64) -> Shape {
    let pb = params / 1e9;
    let layers = math::clamp(
        math::round(22.0 * math::exp(0.22 * math::ln(pb))),
        4.0,
        160.0,
    );
    let hidden = (math::round(math::sqrt(params / (12.0 * layers)) / 64.0) * 64.0).max(64.0);
    let heads = (math::round(hidden / 128.0)).max(1.0);
    let kv_heads = math::floor(heads / 4.0).max(1.0);
    Shape {
        params_b: pb,
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim: 128.0,
        vocab: 32000.0,
        tied: false,
        known: false,
        active_b: 0.0,
        routed_b: 0.0,
        window: 0.0,
        local_layers: 0.0,
        experts: (0.0, 0.0),
    }
}

/// The shape used for a row.
#[must_use]
pub fn shape_of(row: &Row) -> Shape {
    known_shape(&row.model, row.params).unwrap_or_else(|| estimate_shape(row.params))
}

// ---------------------------------------------------------------------------------------------------------
// Peaks, contexts
// ---------------------------------------------------------------------------------------------------------

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

/// A CPU core microarchitecture family, as the `cores` (or `chip`) text names it. It sets the core's FP32
/// FMA rate (SIMD pipes × lanes × 2 × a typical clock) and whether it has integer dot products.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum CoreKind {
    /// Armv8.0 in-order cores (Cortex-A53, A35): 64-bit SIMD datapaths at ≈1.4 GHz, no dot-product
    /// instructions and no FP16 vector arithmetic (Raspberry Pi 3 and Zero 2, many low-cost boards).
    ArmA53,
    /// Armv8.2+ in-order Arm little cores (Cortex-A55/A510/A520): one 128-bit SIMD pipe at ≈2 GHz.
    ArmLittle,
    /// Cortex-A57/A72/A73: two 128-bit pipes at ≈1.8 GHz; Armv8.0, so no dot-product instructions and no
    /// FP16 vector arithmetic.
    ArmA72,
    /// Cortex-A75/A76/A77/A78: two 128-bit pipes at ≈2.5 GHz, int8 dot products.
    ArmA76,
    /// Armv9 middle cores (Cortex-A710/A715/A720/A725): two 128-bit pipes at ≈2.8 GHz, int8 dot and i8mm;
    /// also Ampere's server cores (Altra, AmpereOne), the same two pipes at ≈3 GHz.
    ArmV9Mid,
    /// Arm prime cores (Cortex-X1…X925, Qualcomm Oryon): four 128-bit pipes at ≈3.2 GHz.
    ArmPrime,
    /// Apple performance cores: four 128-bit pipes at ≈3.7 GHz.
    AppleP,
    /// Apple efficiency cores.
    AppleE,
    /// Intel efficiency cores (Gracemont and later; the N-series is all E-cores): two 128-bit FMA pipes.
    IntelE,
    /// x86 performance cores (AVX2 / AVX-512, two 256-bit FMA pipes at ≈3.8 GHz).
    X86,
}

impl CoreKind {
    /// FP32 FMA peak of one core, TFLOPS.
    #[must_use]
    pub fn fp32_tflops(self) -> f64 {
        match self {
            CoreKind::ArmA53 => 0.011,
            CoreKind::ArmLittle => 0.016,
            CoreKind::ArmA72 => 0.029,
            CoreKind::ArmA76 => 0.040,
            CoreKind::ArmV9Mid => 0.045,
            CoreKind::ArmPrime => 0.10,
            CoreKind::AppleP => 0.12,
            CoreKind::AppleE => 0.03,
            CoreKind::IntelE => 0.05,
            CoreKind::X86 => 0.13,
        }
    }
    /// Whether the core has Arm int8 dot-product instructions (8.2-A `sdot` and later).
    #[must_use]
    pub fn has_dot(self) -> bool {
        !matches!(
            self,
            CoreKind::ArmA53 | CoreKind::ArmA72 | CoreKind::X86 | CoreKind::IntelE
        )
    }
    /// Whether the core is an Armv8.0 design (A53/A35, A57/A72/A73): no int8 dot products and no FP16
    /// vector arithmetic, both Armv8.2 additions.
    #[must_use]
    pub fn is_armv8_0(self) -> bool {
        matches!(self, CoreKind::ArmA53 | CoreKind::ArmA72)
    }
    fn from_name(s: &str) -> Option<Self> {
        let s = normalize(s);
        let has = |k: &str| s.contains(k);
        Some(if ["a53", "a35"].iter().any(|k| has(k)) {
            CoreKind::ArmA53
        } else if ["a55", "a510", "a520"].iter().any(|k| has(k)) {
            CoreKind::ArmLittle
        } else if ["a710", "a715", "a720", "a725"].iter().any(|k| has(k)) {
            CoreKind::ArmV9Mid
        } else if ["a57", "a72", "a73"].iter().any(|k| has(k)) {
            CoreKind::ArmA72
        } else if ["a75", "a76", "a77", "a78"].iter().any(|k| has(k)) {
            CoreKind::ArmA76
        } else if has("oryon") || x_core(&s) {
            CoreKind::ArmPrime
        } else {
            return None;
        })
    }
}

/// "x1", "x1c", "x4", "x925" as a token of a normalized core name (not the x of "4x").
fn x_core(s: &str) -> bool {
    s.match_indices('x').any(|(i, _)| {
        let before_ok = i == 0 || !s[..i].ends_with(|c: char| c.is_ascii_digit());
        before_ok && s[i + 1..].starts_with(|c: char| c.is_ascii_digit())
    })
}

/// The CPU's part of a `cores` text that lists a chip's other units too ("4x Cortex-A57 + 128-core Maxwell
/// GPU", "6 CPU (2P + 4E) + 6-core GPU", "16 Zen 5 cores / 32 threads + 40 CU GPU"): the `+`-separated parts
/// outside parentheses that name a GPU, an NPU or compute units are dropped. Empty when nothing else is
/// left ("40 GPU cores").
fn cpu_part(text: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '+' if depth <= 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    let accelerator = |p: &str| {
        let p = p.trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ' || c == '-');
        ["gpu", "npu", "cuda", "tensor", "neural", "cu ", "cus "]
            .iter()
            .any(|k| p.contains(k))
            || p.trim() == "cu"
            || p.trim() == "cus"
    };
    let kept: Vec<&str> = parts.into_iter().filter(|p| !accelerator(p)).collect();
    kept.join("+").trim().to_string()
}

/// The CPU cores a row names: `(count, kind)` groups, fastest first. Reads the `cores` column ("8 (1x X4 +
/// 5x A720 + 2x A520)", "24 (8P + 16E) / 32 threads", "4x Cortex-A76", "6 cores / 6 threads") and the chip
/// (Apple, Intel N-series). Returns an empty list when the column does not give a core count.
#[must_use]
pub fn cpu_cores(row: &Row) -> Vec<(f64, CoreKind)> {
    let text = cpu_part(&row.cores.to_ascii_lowercase());
    let chip = alloc::format!("{} {}", row.chip, row.device).to_ascii_lowercase();
    if text.trim().is_empty() {
        return Vec::new();
    }
    let lead = |s: &str| -> Option<f64> {
        let t = s.trim_start();
        let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        t[..end].parse::<f64>().ok().filter(|&n| n > 0.0)
    };
    let apple = chip.contains("apple");
    let intel_n =
        chip.contains("intel n") && lead(&chip[chip.find("intel n").unwrap_or(0) + 7..]).is_some();
    // Arm server chips that name no core: Ampere Altra (Neoverse N1) and AmpereOne (Ampere's own Armv8.6+
    // cores), two 128-bit SIMD pipes at ≈3 GHz with int8 dot products — not x86.
    let arm_server = ["ampere", "altra"].iter().any(|k| chip.contains(k));
    let big = if apple {
        CoreKind::AppleP
    } else if arm_server {
        CoreKind::ArmV9Mid
    } else if text.contains("cortex")
        || text.contains("oryon")
        || CoreKind::from_name(&text).is_some()
    {
        CoreKind::ArmPrime
    } else if intel_n {
        CoreKind::IntelE
    } else {
        CoreKind::X86
    };
    let little = if apple {
        CoreKind::AppleE
    } else {
        CoreKind::IntelE
    };
    // Groups inside the parentheses (or the whole text): "1x X4", "5x A720", "8P", "16E", "4x Cortex-A76".
    let inner = match (text.find('('), text.find(')')) {
        (Some(a), Some(b)) if b > a => &text[a + 1..b],
        _ => text.as_str(),
    };
    let mut groups: Vec<(f64, CoreKind)> = Vec::new();
    for part in inner.split('+') {
        let p = part.trim();
        let Some(n) = lead(p) else { continue };
        let rest = p
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start();
        let kind = if let Some(k) = CoreKind::from_name(rest) {
            k
        } else if rest.starts_with('e') && !rest.starts_with("ex") {
            little
        } else if rest.starts_with('p') {
            big
        } else if rest.starts_with("x ") || rest.starts_with("x\u{a0}") {
            // "4x Cortex-A76" without a known name after the count
            CoreKind::from_name(&rest[1..]).unwrap_or(big)
        } else {
            continue;
        };
        groups.push((n, kind));
    }
    let total = lead(&text);
    match (groups.is_empty(), total) {
        (true, Some(n)) => groups.push((n, big)),
        (true, None) => {}
        (false, Some(n)) => {
            // "4x Cortex-A76": the leading number is the group's own count, not a total.
            let sum: f64 = groups.iter().map(|g| g.0).sum();
            if n > sum + 0.5 && !text.starts_with(&alloc::format!("{n}x")) {
                groups.push((n - sum, big));
            }
        }
        (false, None) => {}
    }
    crate::math::sort_by(&mut groups, |a, b| {
        b.1.fp32_tflops().total_cmp(&a.1.fp32_tflops())
    });
    groups
}

/// The runtime's CPU kernel rate relative to the FP32 FMA peak, for a core kind: int8 GEMM runtimes
/// (XNNPACK under LiteRT / MediaPipe / ExecuTorch / TFLite) run int8 dot products at 4× the FP32 rate on
/// cores that have them (2× with widening multiplies on cores that do not), FP16 at 2× on Armv8.2 cores;
/// BF16 weights are widened to FP32 (1×).
/// llama.cpp's block-quantized GEMM (GGUF: dequantize each 32- or 256-weight block, then an int8 dot) runs
/// at about the FP32 FMA rate: the unpacking of the 4-/6-bit values and their scales costs as much as the
/// dot itself, so no multiplier. x86 cores: the FP32 rate (the calibration set's llama.cpp rows). On an
/// Armv8.0 core ([`CoreKind::is_armv8_0`]: Cortex-A53, A57/A72/A73) llama.cpp has neither instruction its
/// NEON kernels are written around, and each is emulated ([`ARMV8_0_INT8_FACTOR`], [`ARMV8_0_F16_FACTOR`]).
#[must_use]
pub fn cpu_kernel_factor(row: &Row, kind: CoreKind) -> f64 {
    let q = row.quant.to_ascii_lowercase();
    let float = q.contains("fp32") || q.contains("f32") || q.contains("bf16");
    if kind == CoreKind::X86 || kind == CoreKind::IntelE {
        return 1.0;
    }
    if is_llama_cpp(row) {
        let half = !float
            && ["f16", "fp16", "float16"].iter().any(|k| q.contains(k))
            && !["q2", "q3", "q4", "q5", "q6", "q8", "int"]
                .iter()
                .any(|k| q.contains(k));
        return match (kind.is_armv8_0(), float, half) {
            (false, _, _) | (true, true, _) => 1.0,
            (true, false, true) => ARMV8_0_F16_FACTOR,
            (true, false, false) => ARMV8_0_INT8_FACTOR,
        };
    }
    if float {
        // BF16 weights are widened to FP32 on these CPUs' GEMM paths (no BF16 multiply-accumulate).
        1.0
    } else if q.contains("16") {
        if kind.has_dot() {
            2.0
        } else {
            1.0
        }
    } else if kind.has_dot() {
        4.0
    } else {
        2.0
    }
}

/// llama.cpp's quantized dot products on a core without `sdot` (Armv8.0), relative to its rate with it.
/// ggml emulates each `vdotq_s32` with two widening multiplies (`vmull_s8`), two pairwise widening adds
/// (`vpaddlq_s16`) and two adds: six instructions for one. Counting a block's instructions (the unpacking,
/// the scales and the float accumulate stay the same): Q8_0 ≈ 8 → 18 per 32 weights, Q4_0 ≈ 12 → 22,
/// the K-quants ≈ 66 → 146 per 256: about half the rate.
pub const ARMV8_0_INT8_FACTOR: f64 = 0.5;

/// llama.cpp's F16 weights on a core without FP16 vector arithmetic (Armv8.0), relative to the FP32 FMA
/// rate: each FMA of four lanes needs both operands converted from half precision first
/// (`vcvt_f32_f16`), three instructions where a float model needs one.
pub const ARMV8_0_F16_FACTOR: f64 = 1.0 / 3.0;

/// Bits per KV-cache element: 32 where a CPU runtime keeps float activations (XNNPACK under LiteRT,
/// MediaPipe and ExecuTorch: "dynamic" int8/int4 weights with FP32 activations, so the cache is FP32), else
/// 16 (llama.cpp's F16 cache, GPU runtimes).
#[must_use]
pub fn kv_bits(row: &Row) -> f64 {
    if row.backend == Backend::Cpu && runtime_of(row) == Runtime::LiteRt {
        32.0
    } else {
        16.0
    }
}

/// Whether the row's file stores a tied embedding table twice: ExecuTorch's quantized exports
/// (`export_llama` with `--embedding-quantize` and a linear quantizer) quantize the embedding with the
/// embedding quantizer and the LM head with the linear one, which turns the one shared matrix into two
/// tensors, so the `.pte` holds vocabulary × hidden parameters more than the model has — while a decoded
/// token reads only the head (the embedding is a lookup). A float export (BF16 baseline) keeps the shared
/// parameter once. The sizes say so: Llama 3.2 1B's BF16 file is 2 bytes × 1.24 B parameters, but its
/// 4-bit SpinQuant file (1083 MB) needs its 0.97 B body weights at ≈ 6.7 bits if the 8-bit table were
/// stored once, against ≈ 4.5–5 with two copies. Needs a known shape (the table's size) and a file size.
#[must_use]
pub fn head_stored_twice(row: &Row, shape: &Shape) -> bool {
    let q = normalize(&row.quant);
    let float = ["bf16", "fp16", "f16", "fp32", "f32", "float"]
        .iter()
        .any(|k| q.contains(k));
    normalize(&row.framework).contains("executorch")
        && !float
        && shape.known
        && shape.tied
        && row.bits_from_size
}

/// Whether the row ran llama.cpp (or a wrapper of it): GGUF block quantization.
#[must_use]
pub fn is_llama_cpp(row: &Row) -> bool {
    let f = normalize(&row.framework);
    f.contains("llamacpp")
        || f.contains("llamabench")
        || f.contains("llamafile")
        || f.contains("ollama")
}

/// The cores a row's threads run on, fastest first, as `(threads, kind)` groups. Threads are the stated
/// count, else 4 on phones (the big cores runtimes use) and one per physical core elsewhere — except that
/// llama.cpp's default counts only the performance cores of Apple chips and of hybrid Intel chips (its
/// `cpu_get_num_math`), and ExecuTorch's runners (`--cpu_threads -1`) take one thread per "performant"
/// core (`extension/threadpool/cpuinfo_utils`: every core but the efficiency ones — Arm little cores,
/// Apple and Intel E-cores), on phones too; threads never exceed the physical cores (SMT siblings share
/// one core's SIMD pipes) and take the fastest cores first. Empty without a core list.
#[must_use]
pub fn cpu_threads(row: &Row) -> Vec<(f64, CoreKind)> {
    let cores = cpu_cores(row);
    let total: f64 = cores.iter().map(|g| g.0).sum();
    let performance: f64 = cores
        .iter()
        .filter(|g| !matches!(g.1, CoreKind::AppleE | CoreKind::IntelE))
        .map(|g| g.0)
        .sum();
    let performant: f64 = cores
        .iter()
        .filter(|g| {
            !matches!(
                g.1,
                CoreKind::AppleE | CoreKind::IntelE | CoreKind::ArmLittle | CoreKind::ArmA53
            )
        })
        .map(|g| g.0)
        .sum();
    let executorch = normalize(&row.framework).contains("executorch");
    let default = match row.hw {
        _ if executorch && performant > 0.0 => performant,
        HwClass::Phone => default_threads(row.hw),
        _ if is_llama_cpp(row) && performance > 0.0 => performance,
        _ => total,
    };
    let mut left = row.threads.unwrap_or(default).min(total);
    let mut used = Vec::new();
    for &(n, kind) in &cores {
        if left <= 0.0 {
            break;
        }
        let k = n.min(left);
        used.push((k, kind));
        left -= k;
    }
    used
}

/// The CPU peak a row's threads reach, TOPS at the kernels' precision: the sum over the cores in use
/// ([`cpu_threads`]) of the core's FP32 rate × [`cpu_kernel_factor`] — work split dynamically, as for a
/// prompt. Without a core list: threads × [`cpu_tops_per_thread`] (the class default).
#[must_use]
pub fn cpu_peak(row: &Row) -> f64 {
    let used = cpu_threads(row);
    if used.is_empty() {
        return match row.threads {
            Some(t) => t * cpu_tops_per_thread(row.hw, &row.quant),
            None => cpu_class_peak(row.hw, &row.quant),
        };
    }
    if llama_cpp_static_split(row) {
        return slowest_core_peak(row, &used);
    }
    used.iter()
        .map(|&(n, kind)| n * kind.fp32_tflops() * cpu_kernel_factor(row, kind))
        .sum()
}

/// The threads × the slowest used core's rate (TOPS at the kernels' precision): what a work split into one
/// equal slice per thread reaches, when a barrier waits for the last slice.
fn slowest_core_peak(row: &Row, used: &[(f64, CoreKind)]) -> f64 {
    let threads: f64 = used.iter().map(|g| g.0).sum();
    let slowest = used
        .iter()
        .map(|&(_, kind)| kind.fp32_tflops() * cpu_kernel_factor(row, kind))
        .fold(f64::INFINITY, f64::min);
    threads * slowest
}

/// The day llama.cpp began handing matmul work out in chunks that threads take dynamically (PR 6915,
/// "ggml : use dynamic thread scheduling for matrix multiplication", merged 2024-05-15); before it every
/// matmul, a prompt's included, was cut into one equal slice per thread.
pub const LLAMA_CPP_DYNAMIC_MATMUL: (u32, u32, u32) = (2024, 5, 15);

/// The first date "YYYY-MM" or "YYYY-MM-DD" in a text: (year, month, day if given).
#[must_use]
pub fn first_date(text: &str) -> Option<(u32, u32, Option<u32>)> {
    let b = text.as_bytes();
    let digits = |i: usize, n: usize| -> Option<u32> {
        let s = text.get(i..i + n)?;
        if s.bytes().all(|c| c.is_ascii_digit()) {
            s.parse().ok()
        } else {
            None
        }
    };
    (0..b.len()).find_map(|i| {
        if i > 0 && b[i - 1].is_ascii_digit() {
            return None;
        }
        let y = digits(i, 4).filter(|y| (1990..=2100).contains(y))?;
        if b.get(i + 4) != Some(&b'-') {
            return None;
        }
        let m = digits(i + 5, 2).filter(|m| (1..=12).contains(m))?;
        if b.get(i + 7).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        let d = if b.get(i + 7) == Some(&b'-') {
            digits(i + 8, 2).filter(|d| (1..=31).contains(d))
        } else {
            None
        };
        Some((y, m, d))
    })
}

/// Whether a llama.cpp row's build predates dynamic matmul scheduling ([`LLAMA_CPP_DYNAMIC_MATMUL`]), by
/// the date in its `framework_version`; a month-only date in May 2024, a build number or nothing does not
/// say so (the dynamic split is assumed).
#[must_use]
pub fn llama_cpp_static_split(row: &Row) -> bool {
    is_llama_cpp(row) && built_before(row, LLAMA_CPP_DYNAMIC_MATMUL, None)
}

/// Whether a row's llama.cpp build predates a change merged on `date` (first build `build`, when known):
/// by the first date in `framework_version` (a month-only date counts as before only for an earlier month),
/// else by a build number in the framework text; a row that states neither is taken as later.
fn built_before(row: &Row, date: (u32, u32, u32), build: Option<u32>) -> bool {
    let (ty, tm, td) = date;
    match first_date(&row.framework_version) {
        Some((y, m, Some(d))) => (y, m, d) < (ty, tm, td),
        Some((y, m, None)) => (y, m) < (ty, tm),
        None => build.is_some_and(|first| llama_cpp_build(row).is_some_and(|b| b < first)),
    }
}

/// The CPU peak one decoded token's work reaches, TOPS: [`cpu_peak`], except under llama.cpp on cores of
/// more than one kind, where it is the threads × the slowest used core's rate. ggml hands a one-token
/// matmul (a matrix-vector product) out in 64-row chunks only when there are at least four chunks per
/// thread; a smaller matrix — at 8–12 threads every projection narrower than 2–3 k rows, the attention
/// projections and the down projection of 1–3 B models — is cut into one equal slice per thread, and
/// every op ends in a barrier across all threads, so the token waits for the slowest core's slice. A
/// prompt's matmuls (16-row tiles, many chunks per thread) are split dynamically: [`cpu_peak`] (the sum).
#[must_use]
pub fn cpu_decode_peak(row: &Row) -> f64 {
    let used = cpu_threads(row);
    let mixed = used.windows(2).any(|w| w[0].1 != w[1].1);
    if !(is_llama_cpp(row) && mixed) {
        return cpu_peak(row);
    }
    slowest_core_peak(row, &used)
}

/// The CPU cores that share one per-core streaming bandwidth ([`CORE_STREAM_GBPS`]): one constant per
/// core design family, fitted where the measurements constrain it ([`fit_core_stream`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum StreamGroup {
    /// Apple's performance and efficiency cores.
    Apple,
    /// x86 cores (AMD and Intel, performance and efficiency).
    X86,
    /// Arm's Cortex-A cores up to the A78 (A53/A55/A510/A520, A72/A73, A75–A78): the SBC and
    /// Jetson cores.
    ArmCortex,
}

/// Every [`StreamGroup`], in table order.
pub const ALL_STREAM_GROUPS: &[StreamGroup] =
    &[StreamGroup::Apple, StreamGroup::X86, StreamGroup::ArmCortex];

impl CoreKind {
    /// The group whose per-core streaming bandwidth the core takes; `None` for the Arm cores no
    /// measurement constrains (the Armv9 big and middle cores A710–A725, the prime cores: the phones' four
    /// threads stream well within the DRAM's bandwidth), which then have no per-core bound. The little
    /// cores, A510/A520 included, take the Arm Cortex figure (an in-order core keeps fewer misses in flight
    /// than an A76).
    #[must_use]
    pub fn stream_group(self) -> Option<StreamGroup> {
        match self {
            CoreKind::AppleP | CoreKind::AppleE => Some(StreamGroup::Apple),
            CoreKind::X86 | CoreKind::IntelE => Some(StreamGroup::X86),
            CoreKind::ArmA53 | CoreKind::ArmLittle | CoreKind::ArmA72 | CoreKind::ArmA76 => {
                Some(StreamGroup::ArmCortex)
            }
            CoreKind::ArmV9Mid | CoreKind::ArmPrime => None,
        }
    }
}

/// The streaming bandwidth one CPU core sustains by itself, GB/s, per [`StreamGroup`], chosen by
/// [`fit_core_stream`] on the training files (`data/calibration.csv` and `data/candidates.csv`; the test
/// `core_stream_is_what_fit_gives` re-derives it). A group missing from the table has no per-core bound.
pub const CORE_STREAM_GBPS: &[(StreamGroup, f64)] = &[
    (StreamGroup::Apple, 150.0),
    (StreamGroup::X86, 35.0),
    (StreamGroup::ArmCortex, 7.0),
];

/// The per-core streaming bandwidth of a core kind under a table, GB/s (`None`: no bound).
#[must_use]
pub fn core_stream_gbps(kind: CoreKind, stream: &[(StreamGroup, f64)]) -> Option<f64> {
    let g = kind.stream_group()?;
    stream.iter().find(|e| e.0 == g).map(|e| e.1)
}

/// The slowest-streaming group among a CPU row's used cores ([`cpu_threads`]) that has a per-core figure
/// under the table, with that figure; `None` for other units, without a core list, or when no used core
/// has one.
#[must_use]
pub fn stream_bound(row: &Row, stream: &[(StreamGroup, f64)]) -> Option<(StreamGroup, f64)> {
    if row.backend != Backend::Cpu {
        return None;
    }
    cpu_threads(row)
        .iter()
        .filter_map(|&(_, k)| Some((k.stream_group()?, core_stream_gbps(k, stream)?)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// The stream part of one CPU thread's decode chain, seconds: its slice of a token's `bytes` (1/threads)
/// over the per-core streaming bandwidth of the slowest-streaming used core ([`stream_bound`]); 0 where
/// no per-core figure applies.
///
/// One thread's share of a one-token matmul is a chain: the core reads a stretch of weights, then
/// dequantizes and multiplies it, and its out-of-order window holds only so many cache-line misses in
/// flight (Little's law: misses in flight × 64 B / memory latency), so its reads and arithmetic overlap
/// little. A token then takes at least a slice's compute time (at η_c) plus its read time at the per-core
/// bandwidth, whatever the DRAM could deliver to more threads: with few threads (or cores that keep few
/// misses in flight, such as a Raspberry Pi's) the chain binds, with many the DRAM does. In the fitting
/// rows the chain predicts few-thread runs that the max(memory, compute) roofline puts 1.5–6× too fast.
#[must_use]
pub fn thread_stream_s(row: &Row, bytes: f64, stream: &[(StreamGroup, f64)]) -> f64 {
    let Some((_, gbps)) = stream_bound(row, stream) else {
        return 0.0;
    };
    let threads: f64 = cpu_threads(row).iter().map(|g| g.0).sum();
    if threads <= 0.0 || gbps <= 0.0 {
        return 0.0;
    }
    bytes / (threads * gbps * 1e9)
}

/// The peak compute decode uses, TOPS: [`default_peak`], with [`cpu_decode_peak`] for a CPU whose peak the
/// file does not give; a one-token matmul runs no tensor-core GEMM, so a GeForce card keeps its stated
/// figure ([`cuda_prompt_factor`] is a prompt's).
#[must_use]
pub fn decode_peak(row: &Row) -> Peak {
    let p = default_peak(row);
    if row.backend == Backend::Cpu && !p.given {
        Peak {
            tops: cpu_decode_peak(row),
            given: false,
        }
    } else if p.given {
        Peak {
            tops: p.tops / cuda_prompt_factor(row),
            given: true,
        }
    } else {
        p
    }
}

/// The day llama.cpp's CUDA backend made its int8 tensor-core kernels (MMQ) the default for quantized
/// matrices on GPUs with int8 tensor cores (PR 8075, "CUDA: use MMQ instead of cuBLAS by default", merged
/// 2024-06-24, build ≈ b3220); before it a prompt's quantized matmuls were dequantized to FP16 and run by
/// cuBLAS.
pub const LLAMA_CPP_CUDA_MMQ: (u32, u32, u32) = (2024, 6, 24);

/// The llama.cpp build the CUDA MMQ default arrived in (see [`LLAMA_CPP_CUDA_MMQ`]).
pub const LLAMA_CPP_CUDA_MMQ_BUILD: u32 = 3220;

/// Whether the device is an NVIDIA GeForce RTX card (Turing or later: int8 tensor cores). GeForce cards run
/// FP16 tensor math with FP32 accumulation at half the rate of FP16 accumulation, and int8 at twice FP16
/// accumulation: NVIDIA's "FP16 tensor" figure for them (the FP32-accumulate one, e.g. 165.2 TFLOPS dense
/// for an RTX 4090, 71 for a 3090) is a quarter of their int8 rate. Workstation and data-centre cards
/// (RTX A6000, A100, …) accumulate in FP32 at full rate and are not matched.
#[must_use]
pub fn geforce_rtx(row: &Row) -> bool {
    let name = normalize(&alloc::format!("{} {}", row.device, row.chip));
    name.match_indices("rtx").any(|(i, _)| {
        let rest = &name[i + 3..];
        // GeForce numbers: 2060…5090 (a generation, 0, a tier of 5–9, 0); workstation cards are 2000,
        // 4000, 4500, 5880, 6000, 8000 (RTX 4000 Ada, Quadro RTX 6000).
        let d = rest.as_bytes();
        d.len() >= 4
            && (b'2'..=b'5').contains(&d[0])
            && d[1] == b'0'
            && (b'5'..=b'9').contains(&d[2])
            && d[3] == b'0'
            && !name.contains("quadro")
    })
}

/// The llama.cpp build number in a row's framework text ("llama-bench b4011" → 4011): a `b` and four or five
/// digits (builds passed b1000 in August 2023), so a GPU's name ("B200") is not one.
fn llama_cpp_build(row: &Row) -> Option<u32> {
    let text = alloc::format!("{} {}", row.framework, row.framework_version).to_ascii_lowercase();
    let b = text.as_bytes();
    (0..b.len()).find_map(|i| {
        if b[i] != b'b' || (i > 0 && b[i - 1].is_ascii_alphanumeric()) {
            return None;
        }
        let digits: String = text[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let end = i + 1 + digits.len();
        if (4..=5).contains(&digits.len()) && !b.get(end).is_some_and(u8::is_ascii_alphabetic) {
            digits.parse().ok()
        } else {
            None
        }
    })
}

/// How many times the stated figure a llama.cpp prompt's matmuls reach under its CUDA backend, whose
/// quantized kernels multiply in int8 whatever the card's headline precision. Since [`LLAMA_CPP_CUDA_MMQ`]
/// quantized weights (legacy and K-quants, MXFP4) run int8 tensor-core MMA: on a GeForce RTX card 4× its
/// FP16 figure (the FP32-accumulate tensor rate, see [`geforce_rtx`]), the same as an INT8 or FP8 figure
/// (Ada and Blackwell run both at one rate), half an FP4 or INT4 figure (Blackwell's 4-bit rate is twice its
/// 8-bit one). Before it, and for F16 weights and the IQ types, cuBLAS FP16 GEMM with FP16 accumulation:
/// 2× a GeForce FP16 figure, half an 8-bit one, a quarter of a 4-bit one. 1 for another runtime or ggml
/// backend (Vulkan's cooperative-matrix shaders, OpenCL, SYCL, Metal), for a CPU, and for any other figure.
#[must_use]
pub fn cuda_prompt_factor(row: &Row) -> f64 {
    if row.backend != Backend::Gpu || runtime_of(row) != Runtime::LlamaCppCuda {
        return 1.0;
    }
    let precision = normalize(&row.precision);
    let int8 = mmq(row);
    let four_bit = ["fp4", "int4", "nvfp4"]
        .iter()
        .any(|k| precision.contains(k));
    let eight_bit = ["fp8", "int8"].iter().any(|k| precision.contains(k));
    let fp16 = (precision.contains("fp16") || precision.starts_with("f16"))
        && !precision.contains("fp16acc");
    match (four_bit, eight_bit, fp16 && geforce_rtx(row), int8) {
        (true, _, _, true) => 0.5,
        (true, _, _, false) => 0.25,
        (false, true, _, true) => 1.0,
        (false, true, _, false) => 0.5,
        (false, false, true, true) => 4.0,
        (false, false, true, false) => 2.0,
        _ => 1.0,
    }
}

/// Whether an NPU row's model keeps 16-bit activations (`w4a16`, `a16w4`, `16a8w`, "fp16 activations").
fn sixteen_bit_activations(row: &Row) -> bool {
    row.backend == Backend::Npu
        && activation_bits(&row.quant)
            .map_or_else(|| normalize(&row.quant).contains("a16"), |a| a >= 16.0)
}

/// How much of a stated 8-bit NPU figure (the "TOPS" vendors quote are INT8) a model with 16-bit activations
/// reaches: half. Its matmuls multiply 16-bit activations by the weights, which an NPU's matrix unit does
/// at half its 8×8-bit rate — the same halving as the nominal default's 20 of 40 TOPS. 1 for any other row.
#[must_use]
pub fn npu_activation_factor(row: &Row) -> f64 {
    // The row's backend is checked first: most rows are no NPU's and need no text read.
    let eight_bit = || {
        let p = normalize(&row.precision);
        ["int8", "fp8", "8bit"].iter().any(|k| p.contains(k))
    };
    if sixteen_bit_activations(row) && eight_bit() {
        0.5
    } else {
        1.0
    }
}

/// Whether a row's prompt ran llama.cpp's CUDA quantized matmul (MMQ with int8 tensor-core MMA, since
/// [`LLAMA_CPP_CUDA_MMQ`]): a GPU row of the CUDA/ROCm runtime with block-quantized weights (legacy and
/// K-quants, MXFP4) on a build from then on. F16 weights and the IQ types go to cuBLAS instead.
#[must_use]
pub fn mmq(row: &Row) -> bool {
    let q = normalize(&row.quant);
    let block_quant = (q.starts_with('q') && q.as_bytes().get(1).is_some_and(u8::is_ascii_digit))
        || q.contains("mxfp4");
    row.backend == Backend::Gpu
        && runtime_of(row) == Runtime::LlamaCppCuda
        && block_quant
        && !built_before(row, LLAMA_CPP_CUDA_MMQ, Some(LLAMA_CPP_CUDA_MMQ_BUILD))
}

/// Tokens per tile of llama.cpp's CUDA quantized matmul ([`mmq`]): 128 prompt columns per block, each block
/// loading its weight tile from memory into shared memory before multiplying it. 0 for any other runtime.
#[must_use]
pub fn gemm_tile(row: &Row) -> f64 {
    if mmq(row) {
        MMQ_TILE
    } else {
        0.0
    }
}

/// See [`gemm_tile`].
pub const MMQ_TILE: f64 = 128.0;

/// The matmul tile a runtime group's η_c was fitted with ([`gemm_tile`]): [`MMQ_TILE`] for llama.cpp's
/// CUDA/ROCm backend, else 0. The page writes it beside that η_c.
#[must_use]
pub fn runtime_gemm_tile(runtime: Option<Runtime>) -> f64 {
    if runtime == Some(Runtime::LlamaCppCuda) {
        MMQ_TILE
    } else {
        0.0
    }
}

/// The rate llama.cpp's FlashAttention runs at beside MMQ, as a share of the int8 tensor rate. Its MMA kernel
/// (`fattn-mma-f16.cuh`) multiplies FP16 queries, keys and values, accumulating K·Q in FP32 (`tile_C_KQ`:
/// float) and V·(KQ) in FP16 (`tile_C_VKQ`: half2), half the attention operations each. NVIDIA's FP16 tensor
/// rate with FP16 accumulation is half its int8 rate from Turing to Blackwell (an RTX 4090: 330 and 661 TOPS
/// dense); with FP32 accumulation it is half that again on GeForce cards and on the GB10 (SM 12.1, the
/// GeForce Blackwell SM), the same on workstation, data-centre and Jetson parts. Attention then runs at 1/3
/// of the int8 rate on the former (1/4 for K·Q, 1/2 for V·(KQ), their harmonic mean), 1/2 on the latter.
#[must_use]
pub fn attention_share(row: &Row) -> f64 {
    let name = normalize(&alloc::format!("{} {}", row.device, row.chip));
    if geforce_rtx(row) || name.contains("gb10") || name.contains("dgxspark") {
        1.0 / 3.0
    } else {
        0.5
    }
}

/// The peak compute used for a row, TOPS: the file's figure when given, else a class default.
///
/// Defaults: Apple GPUs from their core count ([`APPLE_TFLOPS_PER_CORE`]; 10 TFLOPS when the count is not
/// written); CPUs from their cores and threads ([`cpu_peak`]); phone GPUs 8 TFLOPS FP16 and NPUs 40 TOPS INT8
/// (20 at 16-bit activations) — nominal, only peak × η_c is calibrated for them; Jetson 20, integrated GPUs
/// 8, discrete GPUs 80, unified workstations 60, anything else 4.
#[must_use]
pub fn default_peak(row: &Row) -> Peak {
    // Apple GPUs run FP16 at the FP32 rate and Apple publishes no FP16 figure: a third party's "FP16 peak"
    // (twice the FP32 rate, as for other GPUs) is not the chip's; the core-count peak is.
    if row.backend == Backend::Gpu
        && row.hw == HwClass::AppleMSeries
        && row.precision.contains("16")
    {
        if let Some(t) = apple_gpu_tflops(row) {
            return Peak {
                tops: t,
                given: false,
            };
        }
    }
    if let Some(t) = row.peak_given {
        return Peak {
            tops: t * cuda_prompt_factor(row) * npu_activation_factor(row),
            given: true,
        };
    }
    let tops = match (row.backend, row.hw) {
        (Backend::Cpu, _) => cpu_peak(row),
        (Backend::Gpu, HwClass::AppleMSeries) => {
            apple_gpu_tflops(row).unwrap_or_else(|| class_peak(row.backend, row.hw, false))
        }
        (b, hw) => class_peak(b, hw, sixteen_bit_activations(row)),
    };
    Peak { tops, given: false }
}

/// The nominal peak of a unit of a device class where nothing better is known, TOPS (see [`default_peak`]):
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

fn apple_gpu_tflops(row: &Row) -> Option<f64> {
    let text = alloc::format!("{} {} {}", row.chip, row.device, row.cores).to_ascii_lowercase();
    let generation = apple_generation(&text)?;
    // "40-core GPU", "40 GPU cores", "(40-core GPU)": the number before "-core" or " gpu core".
    let cores = [
        "-core gpu",
        " gpu cores",
        " gpu core",
        "核gpu",
        "核 gpu",
        "核图形",
        "-core",
    ]
    .iter()
    .find_map(|pat| {
        let i = text.find(pat)?;
        let head = &text[..i];
        // The digits that end `head` (the char before them may be any width: "（40-core", "1�-core").
        let start = head
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(0, |(j, c)| j + c.len_utf8());
        head[start..].parse::<f64>().ok()
    })
    .or_else(|| {
        // Unknown core count: the full-GPU variant this bandwidth implies (M4 Max 546 GB/s: 40 cores).
        (text.contains("max") && row.bw_gbps > 500.0).then_some(40.0)
    })?;
    apple_gpu_peak(generation, cores)
}

/// Whether the row comes from llama-bench (pp and tg measured separately, tg after an empty context).
#[must_use]
pub fn is_llama_bench(row: &Row) -> bool {
    normalize(&row.framework).contains("llamabench")
}

/// The average context during the measured decode (see the module docs).
#[must_use]
pub fn decode_context(row: &Row) -> f64 {
    let gen = row.gen.unwrap_or(0.0);
    if is_llama_bench(row) {
        row.context.unwrap_or(0.0) + gen / 2.0
    } else if let Some(cache) = row.context {
        cache.max(row.prompt.unwrap_or(0.0) + gen / 2.0)
    } else {
        row.prompt.unwrap_or(0.0) + gen / 2.0
    }
}

/// Prompt tokens assumed when the file does not say (prefill tokens/s barely depends on it: the 2·N·P term
/// dominates).
pub const DEFAULT_PROMPT: f64 = 512.0;

/// The prompt length the prefill prediction uses: the row's, or [`DEFAULT_PROMPT`]; static-cache runtimes
/// attend over the whole cache, so their attention term is taken at the cache size.
#[must_use]
pub fn prefill_prompt(row: &Row) -> f64 {
    let p = row.prompt.unwrap_or(DEFAULT_PROMPT);
    match row.context {
        Some(cache) if !is_llama_bench(row) => cache.max(p),
        _ => p,
    }
}

// ---------------------------------------------------------------------------------------------------------
// Constants and prediction
// ---------------------------------------------------------------------------------------------------------

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
    /// The band of measured / predicted decode tokens/s ([`BAND_QUANTILES`] of the group's out-of-sample
    /// residuals, see [`honest`]).
    pub decode_band: (f64, f64),
    /// The same for prefill.
    pub prefill_band: (f64, f64),
    /// Decode rows the constants were fitted on (0: the prior).
    pub n_decode: usize,
    /// Prefill rows the constants were fitted on (0: the prior).
    pub n_prefill: usize,
}

/// Fewest rows a group needs for its own constants; smaller groups use the backend's, then the prior.
pub const MIN_ROWS: usize = 3;

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
    }
}

/// The one utilization of the naive roofline the calibrated model is compared with.
pub const NAIVE_UTIL: f64 = 0.6;

/// The naive roofline: η_bw = η_c = 0.6, no per-token cost (and, in [`validate_with`], no per-thread chain).
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
/// [`CALIBRATED`] where there is one, else [`lookup_runtime`]'s chain. What `edgefit validate` and the page
/// use.
#[must_use]
pub fn default_for(backend: Backend, runtime: Option<Runtime>, hw: HwClass) -> Calibrated {
    CALIBRATED
        .iter()
        .find(|c| {
            c.backend == backend && runtime.is_some() && c.runtime == runtime && c.hw == Some(hw)
        })
        .copied()
        .unwrap_or_else(|| lookup_runtime(CALIBRATED, backend, runtime, hw))
}

/// [`default_for`] a row's backend, runtime family ([`runtime_of`]) and class.
#[must_use]
pub fn default_for_row(row: &Row) -> Calibrated {
    default_for(row.backend, Some(runtime_of(row)), row.hw)
}

/// The constants for a row: [`lookup_runtime`] with the row's backend, runtime family ([`runtime_of`]) and
/// class.
#[must_use]
pub fn lookup_row(table: &[Calibrated], row: &Row) -> Calibrated {
    lookup_runtime(table, row.backend, Some(runtime_of(row)), row.hw)
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

/// The read bandwidth one Apple Max-class die lets its CPU clusters draw, GB/s. AnandTech's M1 Max review
/// ("Huge Memory Bandwidth, but not for every Block", Oct 2021) measured the CPU side of the 400 GB/s SoC
/// at ≈ 224 GB/s of reads with every core streaming (one P-core alone ≈ 100 GB/s): the CPU clusters' port
/// into the fabric, not the DRAM, is the limit; the rest of the bandwidth is there for the GPU. Later Max
/// dies (M2–M4) are assumed to keep that port; an Ultra joins two dies, so two ports. The figure is as
/// recalled from that review: the copy of the section read while writing this stopped before the number,
/// so it is to be re-read against the article.
pub const APPLE_CPU_DIE_GBPS: f64 = 224.0;

/// What the Raspberry Pi 4's BCM2711 lets its four Cortex-A72 cores stream, GB/s: STREAM on a headless Pi 4
/// measured 5.5 GB/s (Copy 5527 MB/s, Scale 5562 MB/s; sci-pi.org.uk, "Stream"), 43 % of the 12.8 GB/s its
/// 32-bit LPDDR4-3200 bus carries — where other chips' CPUs stream 70–85 % of theirs (the Pi 5's BCM2712
/// decodes at the spec's η_bw). llama.cpp on a Pi 4 or Pi 400 decodes at 3.1–4.1 GB/s, ≈ 0.6–0.75 of it.
pub const BCM2711_CPU_GBPS: f64 = 5.5;

/// Whether a chip or device text names the BCM2711 (Raspberry Pi 4, Pi 400, Compute Module 4).
fn bcm2711(text: &str) -> bool {
    let t = normalize(text);
    t.contains("bcm2711")
        || t.contains("raspberrypi4")
        || t.contains("pi400")
        || t.contains("computemodule4")
}

/// The bandwidth a row's unit can draw from memory, GB/s: the DRAM's peak, except where a CPU's side of
/// the chip cannot take all of it — an Apple Max or Ultra CPU reads at most [`APPLE_CPU_DIE_GBPS`] per
/// die, a Raspberry Pi 4's at most [`BCM2711_CPU_GBPS`]. η_bw then applies to this figure (the runtime streams a share of what the unit can draw).
#[must_use]
pub fn unit_bandwidth_gbps(row: &Row) -> f64 {
    let chip = alloc::format!("{} {}", row.chip, row.device).to_ascii_lowercase();
    if row.backend == Backend::Cpu && bcm2711(&chip) {
        return row.bw_gbps.min(BCM2711_CPU_GBPS);
    }
    if row.backend != Backend::Cpu || !chip.contains("apple") {
        return row.bw_gbps;
    }
    let dies = if chip.contains("ultra") {
        2.0
    } else if chip.contains("max") {
        1.0
    } else {
        return row.bw_gbps;
    };
    row.bw_gbps.min(dies * APPLE_CPU_DIE_GBPS)
}

/// [`unit_bandwidth_gbps`] as a share of the row's peak bandwidth (1 where the unit can draw all of it).
#[must_use]
pub fn unit_bandwidth_share(row: &Row) -> f64 {
    if row.bw_gbps > 0.0 {
        math::clamp(unit_bandwidth_gbps(row) / row.bw_gbps, 1e-3, 1.0)
    } else {
        1.0
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
/// (Apple7) GPU, fitted by [`fit_kquant_share`] on `data/apple.csv` (the test
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

/// [`kquant_share_at`] for a row under some constants (1 under the naive roofline's one constant, which has
/// no runtime).
#[must_use]
pub fn kquant_share_for(row: &Row, c: &Calibrated) -> f64 {
    let chip = alloc::format!("{} {}", row.chip, row.device);
    kquant_share_at(row.backend, row.hw, c.runtime, &chip, &row.quant)
}

/// Whether [`APPLE7_KQUANT_SHARE`] applies to a row (under its own runtime's constants).
#[must_use]
pub fn apple7_kquant(row: &Row) -> bool {
    let chip = alloc::format!("{} {}", row.chip, row.device);
    kquant_share_at(
        row.backend,
        row.hw,
        Some(runtime_of(row)),
        &chip,
        &row.quant,
    ) < 1.0
}

/// Shares tried by [`fit_kquant_share`].
pub const KQUANT_SHARE_GRID: (f64, f64, f64) = (0.5, 1.0, 0.01);

/// Choose [`APPLE7_KQUANT_SHARE`] on `rows` with the other constants from [`default_for_row`]: over the decode
/// rows it applies to ([`apple7_kquant`]), the grid value ([`KQUANT_SHARE_GRID`]) with the least median
/// |ln(predicted / measured)|, or 1 when none improves on 1 by 0.001 or there are fewer than [`MIN_ROWS`]
/// rows. Returns (share, rows).
#[must_use]
pub fn fit_kquant_share(rows: &[Row]) -> (f64, usize) {
    fit_kquant_share_with(rows, default_for_row)
}

/// [`fit_kquant_share`] against the constants `constants` gives each row.
#[must_use]
pub fn fit_kquant_share_with(rows: &[Row], constants: impl Fn(&Row) -> Calibrated) -> (f64, usize) {
    let mine: Vec<&Row> = rows
        .iter()
        .filter(|r| r.decode_tps.is_some() && apple7_kquant(r))
        .collect();
    let score = |share: f64| {
        let errs: Vec<f64> = mine
            .iter()
            .filter_map(|r| {
                let m = r.decode_tps?;
                let c = constants(r);
                // The inputs multiply η_bw by the row's current share: undo it, then apply the candidate.
                let scaled = Calibrated {
                    eta_bw: c.eta_bw * share / kquant_share_for(r, &c),
                    ..c
                };
                let p = predict(r, &scaled).ok()?;
                Some(math::ln(p.decode_tps / m).abs())
            })
            .collect();
        median(&errs)
    };
    let one = score(1.0);
    let mut best = (1.0, one);
    if mine.len() >= MIN_ROWS {
        let (lo, hi, step) = KQUANT_SHARE_GRID;
        let n = math::round((hi - lo) / step) as usize;
        for k in 0..=n {
            let v = lo + k as f64 * step;
            let s = score(v);
            if s < best.1 - 1e-12 {
                best = (v, s);
            }
        }
        if best.1 >= one - 1e-3 {
            best = (1.0, one);
        }
    }
    (math::round(best.0 * 100.0) / 100.0, mine.len())
}

/// Engine inputs for a row under some constants, with the decode context and the prefill prompt: the
/// whole scenario the row is predicted from, so that [`predict`] is [`analysis::analyze`] of it and
/// nothing else (its share link, `codec::encode` of these inputs, gives the same figures in `edgefit
/// report` and on the page).
#[must_use]
pub fn inputs_for(row: &Row, c: &Calibrated) -> (Inputs, f64, f64) {
    inputs_with(row, c, CORE_STREAM_GBPS)
}

/// [`inputs_for`] with a given per-core streaming bandwidth table (what [`fit_core_stream`] tries).
fn inputs_with(row: &Row, c: &Calibrated, stream: &[(StreamGroup, f64)]) -> (Inputs, f64, f64) {
    let peak = default_peak(row);
    let (mut i, ctx, prompt) = inputs_with_peak(row, c, peak);
    // Decode runs at its own compute peak where the runtime splits one token's work unevenly.
    let dpeak = decode_peak(row);
    if (dpeak.tops - peak.tops).abs() > 1e-12 {
        i.set_exact(Field::DecodeTops, dpeak.tops);
    }
    // One CPU thread's chain: its slice of the arithmetic, then of the reads at one core's bandwidth.
    if let Some((_, gbps)) = stream_bound(row, stream) {
        let threads: f64 = cpu_threads(row).iter().map(|g| g.0).sum();
        if threads > 0.0 && gbps > 0.0 {
            i.set_exact(Field::ChainGbps, threads * gbps);
        }
    }
    // llama-bench `ppN @ dD` processes the prompt after D tokens already in the cache.
    if is_llama_bench(row) {
        if let Some(d) = row.context.filter(|d| *d > 0.0) {
            i.set_exact(Field::Depth, math::round(d));
        }
    }
    i.set_exact(Field::DecodeCtx, ctx);
    let band = |b: (f64, f64)| {
        crate::input::Value::range3(b.0.clamp(1e-3, 1.0), 1.0, b.1.clamp(1.0, 100.0))
    };
    i.set(Field::BandDecode, Some(band(c.decode_band)));
    i.set(Field::BandPrefill, Some(band(c.prefill_band)));
    (i, ctx, prompt)
}

/// The row's scenario before the decode-only figures ([`inputs_with`] adds them).
fn inputs_with_peak(row: &Row, c: &Calibrated, peak: Peak) -> (Inputs, f64, f64) {
    let shape = shape_of(row);
    let ctx = decode_context(row);
    let prompt = prefill_prompt(row);
    let mut i = Inputs::default();
    i.model_kind = ModelKind::Params;
    i.backend = row.backend;
    let set = |i: &mut Inputs, f: Field, x: f64| i.set_exact(f, x);
    // An export that stores a tied embedding and its LM head as two tensors holds one table more than the
    // parameter count: the file's bits spread over both copies, and only the head is read per token.
    let twice = head_stored_twice(row, &shape);
    let table = if twice {
        shape.vocab * shape.hidden
    } else {
        0.0
    };
    let bits = row.bits * row.params / (row.params + table);
    let (active, bits) = moe_active(row, &shape).map_or((None, bits), |(a, b)| (Some(a), b));
    set(&mut i, Field::ParamsB, (row.params + table) / 1e9);
    if let Some(a) = active {
        set(&mut i, Field::ActiveParamsB, a / 1e9);
        if shape.experts.1 > 0.0 {
            set(&mut i, Field::Experts, shape.experts.0);
            set(&mut i, Field::ExpertsActive, shape.experts.1);
        }
    }
    if shape.window > 0.0 && sliding_window_cache(row) {
        // llama.cpp's sliding-window cache holds the window plus one micro-batch of cells, and its attention
        // runs over every cell of that view, masking (not skipping) those outside the window.
        set(
            &mut i,
            Field::Window,
            shape.window + micro_batch(row).unwrap_or(LLAMA_CPP_UBATCH),
        );
        set(&mut i, Field::LocalLayers, shape.local_layers);
    }
    set(&mut i, Field::Layers, shape.layers);
    set(&mut i, Field::Hidden, shape.hidden);
    set(&mut i, Field::Heads, shape.heads);
    set(&mut i, Field::KvHeads, shape.kv_heads);
    set(&mut i, Field::HeadDim, shape.head_dim);
    set(&mut i, Field::Vocab, shape.vocab);
    set(
        &mut i,
        Field::Tied,
        if shape.tied && !twice { 1.0 } else { 0.0 },
    );
    set(&mut i, Field::WeightBits, bits);
    // A known vocabulary splits the embedding off, so an untied input table is a lookup, not a read. Where
    // the scheme's name gives the table's own bits (Meta's ExecuTorch exports: 8-bit embedding and head) and
    // no file size averages them in, the head read per token takes those — a tied head, or one the name
    // names (an untied embedding's bits say nothing of the head).
    let names_head = row.quant.to_ascii_lowercase().contains("head");
    let embed = (!row.bits_from_size && (shape.tied || names_head))
        .then(|| embedding_bits_named(&row.quant))
        .flatten()
        .unwrap_or(bits);
    i.set(
        Field::EmbedBits,
        shape.known.then_some(crate::input::Value::exact(embed)),
    );
    set(&mut i, Field::KvBits, kv_bits(row));
    set(&mut i, Field::BandwidthGbps, row.bw_gbps);
    set(
        &mut i,
        Field::BandwidthUtil,
        math::clamp(
            c.eta_bw * unit_bandwidth_share(row) * kquant_share_for(row, c),
            1e-3,
            1.0,
        ),
    );
    set(&mut i, Field::PeakInt8Tops, peak.tops);
    let fp16 = if gemm_tile(row) > 0.0 {
        peak.tops * attention_share(row)
    } else {
        peak.tops
    };
    i.set(Field::PeakFp16Tops, Some(crate::input::Value::exact(fp16)));
    i.set(
        Field::PeakInt4Tops,
        Some(crate::input::Value::exact(peak.tops)),
    );
    set(&mut i, Field::ComputeUtil, math::clamp(c.eta_c, 1e-3, 1.0));
    set(&mut i, Field::LayerMs, layer_scale(row) * c.layer_ms);
    set(&mut i, Field::Prompt, math::round(prompt).max(1.0));
    set(
        &mut i,
        Field::Context,
        math::round(ctx).max(math::round(prompt)).max(1.0),
    );
    set(&mut i, Field::Batch, 1.0);
    if let Some(ub) = micro_batch(row) {
        set(&mut i, Field::Chunk, ub);
    }
    set(&mut i, Field::GemmTile, gemm_tile(row));
    (i, ctx, prompt)
}

/// Bits per weight of the expert tensors in an MXFP4 file (32 four-bit values and one 8-bit scale).
pub const MXFP4_BITS: f64 = 4.25;

/// A mixture of experts' parameters one token uses and the bits per weight they are stored at: the
/// `active_params_b` column, else the model table's count (scaled to the row's total), else the count the
/// name gives ("30B-A3B"). Counted as the engine's `active_params_b` (the input embedding included: the
/// engine takes a known vocabulary's table back out as a lookup). The bits are the file's average, except
/// in an MXFP4 file, where only the routed experts are MXFP4 and attention, embeddings and shared layers
/// keep the rest of the file's bytes — so a token, which reads all of those but an eighth or a sixteenth of
/// the experts, reads more bits per weight than the average. `None` for a dense model.
#[must_use]
pub fn moe_active(row: &Row, shape: &Shape) -> Option<(f64, f64)> {
    let scale = if shape.params_b > 0.0 {
        row.params / (shape.params_b * 1e9)
    } else {
        1.0
    };
    let active = row
        .active
        .or_else(|| (shape.active_b > 0.0).then_some(shape.active_b * 1e9 * scale))
        .or_else(|| active_in_name(&row.model).map(|b| b * 1e9))
        .filter(|&a| a > 0.0 && a < row.params)?;
    let q = normalize(&row.quant);
    let routed = shape.routed_b * 1e9 * scale;
    let dense = row.params - routed;
    if q.contains("mxfp4") && row.bits_from_size && routed > 0.0 && dense > 0.0 {
        let dense_bits =
            ((row.bits * row.params - routed * MXFP4_BITS) / dense).clamp(MXFP4_BITS, 16.5);
        let active_routed = (active - dense).max(0.0);
        let bits = (active_routed * MXFP4_BITS + dense.min(active) * dense_bits) / active;
        return Some((active, bits));
    }
    Some((active, row.bits))
}

/// The day llama.cpp's KV cache began keeping only the window for sliding-window layers (PR 13194,
/// "kv-cache : add SWA support", merged 2025-05-20, build ≈ b5450); before it those layers cached, and
/// attended over, the whole context behind a mask.
pub const LLAMA_CPP_SWA_CACHE: (u32, u32, u32) = (2025, 5, 20);

/// The build the sliding-window cache arrived in (see [`LLAMA_CPP_SWA_CACHE`]).
pub const LLAMA_CPP_SWA_CACHE_BUILD: u32 = 5450;

/// llama.cpp's default micro-batch (`n_ubatch`), tokens.
pub const LLAMA_CPP_UBATCH: f64 = 512.0;

/// Whether the row's runtime reads only the window of a sliding-window layer's cache: llama.cpp (and its
/// wrappers) since [`LLAMA_CPP_SWA_CACHE`] (a build without a date or number counts as recent). Static-cache
/// runtimes (LiteRT) and MLC read their caches in full on the calibration set's Gemma rows, so they do not.
/// The window llama.cpp keeps is the model's plus one micro-batch ([`LLAMA_CPP_UBATCH`] unless stated):
/// `llama_kv_cache_iswa` sizes the sliding-window cache at n_swa · n_seq + n_ubatch cells, and attention
/// (prefill and decode) runs over every cell of it, the ones outside a query's window masked, not skipped.
#[must_use]
pub fn sliding_window_cache(row: &Row) -> bool {
    if !is_llama_cpp(row) {
        return false;
    }
    !built_before(row, LLAMA_CPP_SWA_CACHE, Some(LLAMA_CPP_SWA_CACHE_BUILD))
}

/// The prompt micro-batch the row states in its framework text (llama.cpp's `-ub 2048`, `--ubatch-size
/// 2048`, `n_ubatch = 2048`): each micro-batch is one pass over the weights. `None` when not stated (the
/// engine's default chunk, 512 tokens, llama.cpp's default micro-batch).
#[must_use]
pub fn micro_batch(row: &Row) -> Option<f64> {
    let t = alloc::format!("{} {}", row.framework, row.framework_version).to_ascii_lowercase();
    ["-ub", "--ubatch-size", "n_ubatch", "ubatch"]
        .iter()
        .find_map(|key| {
            let at = t.find(key)? + key.len();
            let rest = t[at..].trim_start_matches([' ', '=', ':']);
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse::<f64>().ok()
        })
        .filter(|&n| (1.0..=1e6).contains(&n))
}

/// One row's predictions.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Prediction {
    /// Decode tokens/s.
    pub decode_tps: f64,
    /// Prefill tokens/s.
    pub prefill_tps: f64,
    /// Decode time per token at η_bw = 1 and no per-token cost: the memory side alone at the bandwidth the
    /// unit can draw ([`unit_bandwidth_gbps`]), seconds.
    pub decode_memory_s: f64,
    /// Decode operations per token at the peak compute (η_c = 1): the compute side alone, seconds.
    pub decode_compute_s: f64,
    /// The stream part of one CPU thread's chain of reads ([`thread_stream_s`]): its slice of a token's
    /// bytes over the per-core streaming bandwidth, seconds (0 where no per-core figure applies).
    pub decode_stream_s: f64,
    /// Which side sets the decode time (beside the fixed per-token cost).
    pub decode_bound: DecodeBound,
    /// Layers used.
    pub layers: f64,
    /// Roofline bound on decode tokens/s: peak bandwidth / weight bytes read per token.
    pub decode_roofline: f64,
    /// Roofline bound on prefill tokens/s: peak compute / operations per prompt token.
    pub prefill_roofline: f64,
    /// Whether the peak came from the file.
    pub peak_given: bool,
}

/// The side that sets a predicted decode time, beside the fixed cost per token: the memory reads at η_bw,
/// the arithmetic at η_c, or one CPU thread's chain of both ([`thread_stream_s`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum DecodeBound {
    /// Weights and KV cache read at the bandwidth the unit draws × η_bw.
    Memory,
    /// Operations at the peak × η_c.
    Compute,
    /// One thread's slice of the arithmetic, then of the reads at one core's streaming bandwidth.
    ThreadChain,
}

impl DecodeBound {
    /// A short code for tables: `mem`, `cmp`, `thr`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            DecodeBound::Memory => "mem",
            DecodeBound::Compute => "cmp",
            DecodeBound::ThreadChain => "thr",
        }
    }
}

/// Predict a row under some constants.
///
/// # Errors
/// The engine's first validation error, as text, when the row makes an invalid scenario.
pub fn predict(row: &Row, c: &Calibrated) -> Result<Prediction, String> {
    predict_with(row, c, CORE_STREAM_GBPS)
}

/// [`predict`] with a given per-core streaming bandwidth table (what [`fit_core_stream`] tries).
///
/// # Errors
/// As [`predict`].
pub fn predict_with(
    row: &Row,
    c: &Calibrated,
    stream: &[(StreamGroup, f64)],
) -> Result<Prediction, String> {
    let (inputs, ctx, prompt) = inputs_with(row, c, stream);
    let s = validate(&inputs)
        .map(|s| s.expected)
        .map_err(|e| e.0.first().map(ToString::to_string).unwrap_or_default())?;
    let report = analysis::analyze(&s);
    let (Some(decode_tps), Some(prefill_tps)) = (report.speed.decode_tps, report.speed.prefill_tps)
    else {
        return Err(String::from("the row's scenario has no decode or prefill"));
    };
    let (mem, comp) = bandwidth::step_times(&s, report.compute.effective, ctx);
    let decode_bound = match report.speed.decode_bound {
        bandwidth::Bound::ThreadChain => DecodeBound::ThreadChain,
        bandwidth::Bound::Compute => DecodeBound::Compute,
        bandwidth::Bound::Memory => DecodeBound::Memory,
    };
    let mem_at_peak = mem.0 * s.device.bandwidth_util / unit_bandwidth_share(row);
    let comp_at_peak = comp.0 * s.device.compute_util;
    let ops_per_prompt_token = match &s.model {
        crate::model::Model::Llm(m) => m.prefill_ops(prompt).0 / prompt,
        crate::model::Model::OneShot(m) => m.ops.0,
    };
    Ok(Prediction {
        decode_tps,
        prefill_tps,
        decode_memory_s: mem_at_peak,
        decode_compute_s: comp_at_peak,
        decode_stream_s: bandwidth::chain_time(&s, ctx).0,
        decode_bound,
        layers: shape_of(row).layers * layer_scale(row),
        decode_roofline: s.device.bandwidth.0 / report.bandwidth.weights_read.0,
        prefill_roofline: report.compute.peak.0 / ops_per_prompt_token,
        peak_given: default_peak(row).given,
    })
}

// ---------------------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------------------

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
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Quantity {
    /// Tokens generated per second.
    Decode,
    /// Prompt tokens processed per second.
    Prefill,
}

/// One row's measured and predicted throughputs.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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
}

/// Errors of one device class.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SourceErrors {
    /// `source_id` as written (empty when the file has none).
    pub source: String,
    /// Decode, calibrated.
    pub decode: ErrorStats,
    /// Prefill, calibrated.
    pub prefill: ErrorStats,
}

/// The summary of a file.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Validation {
    /// Per row.
    pub rows: Vec<RowResult>,
    /// Rows skipped while parsing or predicting.
    pub skipped: Vec<Skipped>,
    /// The summary.
    pub summary: Summary,
}

fn ratio(p: Option<f64>, m: Option<f64>) -> Option<f64> {
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
            link: crate::codec::encode(&inputs_for(row, &c).0, &[]),
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

// ---------------------------------------------------------------------------------------------------------
// Fitting
// ---------------------------------------------------------------------------------------------------------

#[derive(Clone)]
struct Obs {
    backend: Backend,
    hw: HwClass,
    runtime: Runtime,
    /// The publication the row comes from.
    source: String,
    /// Decode: (memory time at η_bw = 1, layers, measured time per token).
    decode: Option<(f64, f64, f64)>,
    /// Decode compute time at η_c = 1, seconds (a row compute-bound at the group's η_c says nothing of η_bw).
    decode_compute: f64,
    /// Decode time of one thread's chain of reads, seconds ([`thread_chain`]'s stream part; 0 without the
    /// bound): a row whose chain (with its compute at η_c) outlasts the memory time says nothing of η_bw
    /// either.
    decode_stream: f64,
    /// Prefill: (measured / predicted at η_c = 1).
    prefill: Option<f64>,
}

fn observe(row: &Row) -> Option<Obs> {
    let unit = Calibrated {
        eta_bw: 1.0,
        eta_c: 1.0,
        layer_ms: 0.0,
        ..prior(row.backend)
    };
    let p = predict(row, &unit).ok()?;
    let decode = row
        .decode_tps
        .map(|m| (p.decode_memory_s, p.layers, 1.0 / m))
        // Beats the roofline at η_bw = 1 with no KV: a wrong spec, not a utilization.
        .filter(|&(mem, _, t)| mem <= t);
    let prefill = row
        .prefill_tps
        .map(|m| m / p.prefill_tps)
        .filter(|&r| r <= 1.0 || !p.peak_given);
    Some(Obs {
        backend: row.backend,
        hw: row.hw,
        runtime: runtime_of(row),
        source: row.source.clone(),
        decode,
        prefill,
        decode_compute: p.decode_compute_s,
        decode_stream: p.decode_stream_s,
    })
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

/// [`jetson_clock_mhz`] of a Jetson row, by its device and chip names.
#[must_use]
pub fn jetson_gpu_mhz(row: &Row) -> Option<f64> {
    if row.hw != HwClass::Jetson {
        return None;
    }
    jetson_clock_mhz(&alloc::format!("{} {}", row.device, row.chip), row.bw_gbps)
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
    if hw != HwClass::Jetson || runtime != Runtime::Mlc {
        return 1.0;
    }
    jetson_clock_mhz(name, bw_gbps).map_or(1.0, |mhz| JETSON_REF_GPU_MHZ / mhz)
}

/// [`clock_scale`] of a row (GPU rows only).
#[must_use]
pub fn layer_scale(row: &Row) -> f64 {
    // Most rows are not a Jetson's GPU: no name to read.
    if row.backend != Backend::Gpu || row.hw != HwClass::Jetson {
        return 1.0;
    }
    clock_scale(
        row.hw,
        runtime_of(row),
        &alloc::format!("{} {}", row.device, row.chip),
        row.bw_gbps,
    )
}

/// Step of the per-layer overhead grid, ms.
pub const LAYER_MS_STEP: f64 = 0.01;
/// Largest per-layer overhead tried, ms.
pub const LAYER_MS_MAX: f64 = 1.0;

/// (η_bw, layer_ms) minimizing the mean |ln(pred / meas)| over (memory time, layers, measured time).
fn fit_decode(d: &[(f64, f64, f64)]) -> (f64, f64) {
    let mut best = (f64::INFINITY, 1.0, 0.0);
    let steps = math::round(LAYER_MS_MAX / LAYER_MS_STEP) as usize;
    for k in 0..=steps {
        let t = k as f64 * LAYER_MS_STEP * 1e-3;
        let etas: Vec<f64> = d
            .iter()
            .map(|&(m, l, meas)| {
                let left = meas - l * t;
                if left > 0.0 {
                    m / left
                } else {
                    f64::INFINITY
                }
            })
            .collect();
        let eta = median(&etas).min(1.0);
        let score = d
            .iter()
            .map(|&(m, l, meas)| math::ln((m / eta + l * t) / meas).abs())
            .sum::<f64>()
            / d.len() as f64;
        if score < best.0 - 1e-12 {
            best = (score, eta, k as f64 * LAYER_MS_STEP);
        }
    }
    (round3(best.1), round3(best.2))
}

/// The median over sources of each source's median: every publication gets one vote, so one runtime's
/// many rows cannot outvote the others (a class's 79 llama.cpp rows, or five browser rows left alone when
/// that source is held out).
fn source_median<'a>(xs: impl Iterator<Item = (&'a str, f64)>) -> f64 {
    let mut by: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for (s, x) in xs {
        by.entry(s).or_default().push(x);
    }
    let meds: Vec<f64> = by.values().map(|v| median(v)).collect();
    median(&meds)
}

fn round3(x: f64) -> f64 {
    math::round(x * 1000.0) / 1000.0
}

/// How many rows the seed's prior counts as when a backend has fewer than [`MIN_ROWS`] rows: its η_bw and η_c
/// are the geometric mean of the prior and the rows' median, weighted PRIOR_WEIGHT to n (one NPU row moves
/// the prior a third of the way in log terms).
pub const PRIOR_WEIGHT: f64 = 2.0;

/// Fewest decode rows a group needs to fit both η_bw and the per-layer cost (more than two a parameter); a
/// group with fewer (but at least [`MIN_ROWS`]) keeps its backend's per-layer cost and fits η_bw alone.
pub const MIN_ROWS_TWO_PARAMS: usize = 5;

/// η_bw alone, with the per-layer cost fixed at `layer_ms`.
fn fit_eta_bw(d: &[(f64, f64, f64)], layer_ms: f64) -> f64 {
    let t = layer_ms * 1e-3;
    let etas: Vec<f64> = d
        .iter()
        .map(|&(m, l, meas)| {
            let left = meas - l * t;
            if left > 0.0 {
                m / left
            } else {
                f64::INFINITY
            }
        })
        .collect();
    round3(median(&etas).min(1.0))
}

fn fit_group(
    backend: Backend,
    hw: Option<HwClass>,
    runtime: Option<Runtime>,
    obs: &[&Obs],
    parent_layer_ms: Option<f64>,
) -> Calibrated {
    let p: Vec<f64> = obs.iter().filter_map(|o| o.prefill).collect();
    let pr = prior(backend);
    // A backend with a row or two (NPUs on the calibration set: one) has no parent but the prior: its
    // rows move the prior as PRIOR_WEIGHT rows of its own would (a geometric mean, weighted by count),
    // instead of being ignored until MIN_ROWS arrive. Finer groups with too few rows take their parent's.
    let backend_wide = hw.is_none() && runtime.is_none();
    let shrunk = |prior_value: f64, rows: &[f64]| {
        let n = rows.len() as f64;
        let w = n / (n + PRIOR_WEIGHT);
        round3(math::exp((1.0 - w) * math::ln(prior_value) + w * math::ln(median(rows))).min(1.0))
    };
    let eta_c = if backend_wide && !p.is_empty() && p.len() < MIN_ROWS {
        shrunk(pr.eta_c, &p)
    } else if p.len() >= MIN_ROWS {
        round3(
            source_median(
                obs.iter()
                    .filter_map(|o| o.prefill.map(|r| (o.source.as_str(), r))),
            )
            .min(1.0),
        )
    } else {
        pr.eta_c
    };
    // Decode rows that are compute-bound at the group's η_c (few CPU threads, a slow dequantization) say
    // nothing of η_bw: the engine predicts them from compute. Keep the rows whose compute time is below their
    // memory time at η_bw = 1, fit, then keep those below the memory time at the fitted η_bw and refit.
    let bandwidth_bound = |eta: f64| -> Vec<(f64, f64, f64)> {
        obs.iter()
            .filter_map(|o| o.decode.map(|d| (d, o.decode_compute, o.decode_stream)))
            .filter(|&((mem, _, _), comp, stream)| comp / eta_c + stream < mem / eta)
            .map(|(d, _, _)| d)
            .collect()
    };
    let fit_d = |d: &[(f64, f64, f64)]| match parent_layer_ms {
        Some(l) if d.len() < MIN_ROWS_TWO_PARAMS => (fit_eta_bw(d, l), l),
        _ => fit_decode(d),
    };
    let mut d = bandwidth_bound(1.0);
    let (mut eta_bw, mut layer_ms) = (pr.eta_bw, pr.layer_ms);
    let few = d.len();
    if backend_wide && few > 0 && few < MIN_ROWS {
        let t = pr.layer_ms * 1e-3;
        let etas: Vec<f64> = d
            .iter()
            .filter(|&&(_, l, meas)| meas > l * t)
            .map(|&(m, l, meas)| m / (meas - l * t))
            .collect();
        if !etas.is_empty() {
            eta_bw = shrunk(pr.eta_bw, &etas);
        }
    }
    if d.len() >= MIN_ROWS {
        let first = fit_d(&d);
        let again = bandwidth_bound(first.0);
        if again.len() >= MIN_ROWS {
            d = again;
            (eta_bw, layer_ms) = fit_d(&d);
        } else {
            (eta_bw, layer_ms) = first;
        }
    }
    Calibrated {
        backend,
        hw,
        runtime,
        eta_bw,
        layer_ms,
        eta_c,
        decode_band: pr.decode_band,
        prefill_band: pr.prefill_band,
        n_decode: if d.len() >= MIN_ROWS || (backend_wide && eta_bw != pr.eta_bw) {
            d.len()
        } else {
            0
        },
        n_prefill: if p.len() >= MIN_ROWS || (backend_wide && eta_c != pr.eta_c) {
            p.len()
        } else {
            0
        },
    }
}

/// Per-core streaming bandwidths tried by [`fit_core_stream`], GB/s.
pub const CORE_STREAM_GRID: &[f64] = &[
    2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 12.0, 14.0, 16.0, 18.0, 20.0, 25.0, 30.0, 35.0,
    40.0, 45.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0, 125.0, 150.0, 200.0,
];

/// One group's per-core streaming bandwidth as [`fit_core_stream`] chose it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StreamFit {
    /// The group.
    pub group: StreamGroup,
    /// Its CPU decode rows in the fitting file.
    pub n: usize,
    /// The chosen value, GB/s (`None`: no value beats leaving the bound out).
    pub gbps: Option<f64>,
    /// Median |ln(predicted / measured)| over those rows without a per-core bound.
    pub score_none: f64,
    /// The same at the chosen value.
    pub score: f64,
}

/// The group a CPU row's used cores stream as, for fitting: the one [`StreamGroup`] among them (`None`
/// for other units, without a core list, or with cores of two groups).
#[must_use]
pub fn row_stream_group(row: &Row) -> Option<StreamGroup> {
    if row.backend != Backend::Cpu {
        return None;
    }
    let mut groups: Vec<StreamGroup> = cpu_threads(row)
        .iter()
        .filter_map(|g| g.1.stream_group())
        .collect();
    groups.sort();
    groups.dedup();
    (groups.len() == 1).then(|| groups[0])
}

/// Choose each group's per-core streaming bandwidth on `rows` with the other constants from `table`: over
/// the CPU decode rows whose cores are of the group ([`row_stream_group`]), the grid value
/// ([`CORE_STREAM_GRID`]) with the least median |ln(predicted / measured)| — a median, so that a run far off
/// any model (the Orange Pi's eight threads on four big and four little cores run 4× slower than its four
/// big ones) does not pull the constant — or no bound when no value improves on none by 0.001. A group
/// with fewer than [`MIN_ROWS`] rows keeps no bound.
#[must_use]
pub fn fit_core_stream(rows: &[Row], table: &[Calibrated]) -> Vec<StreamFit> {
    ALL_STREAM_GROUPS
        .iter()
        .map(|&group| {
            let mine: Vec<&Row> = rows
                .iter()
                .filter(|r| r.decode_tps.is_some() && row_stream_group(r) == Some(group))
                .collect();
            let score = |v: Option<f64>| {
                let stream: Vec<(StreamGroup, f64)> = v.map(|v| (group, v)).into_iter().collect();
                let errs: Vec<f64> = mine
                    .iter()
                    .filter_map(|r| {
                        let m = r.decode_tps?;
                        let p = predict_with(r, &lookup_row(table, r), &stream).ok()?;
                        Some(math::ln(p.decode_tps / m).abs())
                    })
                    .collect();
                median(&errs)
            };
            let none = score(None);
            let mut best = (None, none);
            if mine.len() >= MIN_ROWS {
                for &v in CORE_STREAM_GRID {
                    let s = score(Some(v));
                    if s < best.1 - 1e-12 {
                        best = (Some(v), s);
                    }
                }
                if best.1 >= none - 1e-3 {
                    best = (None, none);
                }
            }
            StreamFit {
                group,
                n: mine.len(),
                gbps: best.0,
                score_none: none,
                score: best.1,
            }
        })
        .collect()
}

/// Fit the constants on `rows` (see the module docs): per backend, one entry per class with at least
/// [`MIN_ROWS`] decode or prefill rows; where a class holds more than one runtime family, one entry per
/// (runtime, class) with enough rows; where a backend holds more than one family, one entry per runtime;
/// then one per backend. Each with its in-sample band.
#[must_use]
pub fn fit(rows: &[Row]) -> Vec<Calibrated> {
    let observed: Vec<Option<Obs>> = rows.iter().map(observe).collect();
    with_bands(rows, fit_observed(rows, &observed))
}

/// [`fit`]'s constants without the bands, from each row's observation ([`observe`], which depends on the
/// row alone, so a hold-out refit reuses it).
fn fit_observed(rows: &[Row], observed: &[Option<Obs>]) -> Vec<Calibrated> {
    let mut obs: Vec<(usize, Obs)> = observed
        .iter()
        .enumerate()
        .filter_map(|(i, o)| o.clone().map(|o| (i, o)))
        .collect();
    let first = fit_obs(&obs);
    // A tiled prompt's weight reads add to its arithmetic instead of hiding behind it, so its η_c depends on
    // the bandwidth: refit those rows' η_c at the η_bw the first fit gives their group.
    let mut tiled = false;
    for (i, o) in &mut obs {
        let r = &rows[*i];
        if gemm_tile(r) > 0.0 && o.prefill.is_some() {
            o.prefill = tiled_prefill_eta(r, &lookup_row(&first, r));
            tiled = true;
        }
    }
    if tiled {
        fit_obs(&obs)
    } else {
        first
    }
}

/// The η_c at which a tiled prompt (compute and weight reads summed) takes its measured time, the memory side
/// at `c`'s η_bw: compute time at η_c = 1 over what the reads leave of the measurement. `None` when the reads
/// alone take longer than the measurement.
fn tiled_prefill_eta(row: &Row, c: &Calibrated) -> Option<f64> {
    let meas = row.prefill_tps?;
    let at = |eta_c: f64| {
        predict(row, &Calibrated { eta_c, ..*c })
            .ok()
            .map(|p| 1.0 / p.prefill_tps)
    };
    let (full, half) = (at(1.0)?, at(0.5)?);
    let compute = half - full;
    let memory = full - compute;
    let left = 1.0 / meas - memory;
    (left > 0.0 && compute > 0.0).then(|| compute / left)
}

fn fit_obs(obs: &[(usize, Obs)]) -> Vec<Calibrated> {
    let enough = |g: &[&Obs]| {
        let nd = g.iter().filter(|o| o.decode.is_some()).count();
        let np = g.iter().filter(|o| o.prefill.is_some()).count();
        nd >= MIN_ROWS || np >= MIN_ROWS
    };
    let families = |g: &[&Obs]| {
        let mut f: Vec<Runtime> = g.iter().map(|o| o.runtime).collect();
        f.sort();
        f.dedup();
        f
    };
    let mut table = Vec::new();
    for &backend in crate::input::ALL_BACKENDS {
        let of_backend: Vec<&Obs> = obs
            .iter()
            .map(|(_, o)| o)
            .filter(|o| o.backend == backend)
            .collect();
        if of_backend.is_empty() {
            continue;
        }
        let wide = fit_group(backend, None, None, &of_backend, None);
        for &hw in ALL_HW_CLASSES {
            let g: Vec<&Obs> = of_backend.iter().copied().filter(|o| o.hw == hw).collect();
            if !enough(&g) {
                continue;
            }
            let class = fit_group(backend, Some(hw), None, &g, Some(wide.layer_ms));
            table.push(class);
            let fams = families(&g);
            if fams.len() < 2 {
                continue;
            }
            for rt in fams {
                let sub: Vec<&Obs> = g.iter().copied().filter(|o| o.runtime == rt).collect();
                if enough(&sub) {
                    let parent = if class.n_decode > 0 {
                        class.layer_ms
                    } else {
                        wide.layer_ms
                    };
                    table.push(fit_group(backend, Some(hw), Some(rt), &sub, Some(parent)));
                }
            }
        }
        let fams = families(&of_backend);
        if fams.len() >= 2 {
            for rt in fams {
                let sub: Vec<&Obs> = of_backend
                    .iter()
                    .copied()
                    .filter(|o| o.runtime == rt)
                    .collect();
                // A runtime's rows from one class only say how it runs there (that class's runtime group
                // has them); on another class its rows take the backend's constants, not one class's. (The
                // GPU llama.cpp rows are all Apple's Metal: its η_c against Apple's core-count peak said
                // nothing of Vulkan on a Radeon or an Arc, whose quoted peaks count dual issue and matrix
                // engines.)
                let mut classes: Vec<HwClass> = sub.iter().map(|o| o.hw).collect();
                classes.sort_by_key(|h| h.code());
                classes.dedup();
                if enough(&sub) && classes.len() >= 2 {
                    table.push(fit_group(
                        backend,
                        None,
                        Some(rt),
                        &sub,
                        Some(wide.layer_ms),
                    ));
                }
            }
        }
        table.push(wide);
    }
    // A group with too few rows for one quantity takes its parent's constants for it: (runtime, class) the
    // class's, then the runtime's, then the backend's; a class or a runtime the backend's.
    let snapshot = table.clone();
    for c in &mut table {
        let parents: Vec<&Calibrated> = snapshot
            .iter()
            .filter(|p| p.backend == c.backend)
            .filter(|p| match (c.runtime, c.hw) {
                (Some(_), Some(h)) => {
                    (p.runtime.is_none() && p.hw == Some(h))
                        || (p.runtime == c.runtime && p.hw.is_none())
                        || (p.runtime.is_none() && p.hw.is_none())
                }
                (None, Some(_)) | (Some(_), None) => p.runtime.is_none() && p.hw.is_none(),
                (None, None) => false,
            })
            .collect();
        // In chain order: class, runtime, backend.
        let rank = |p: &Calibrated| match (p.runtime, p.hw) {
            (None, Some(_)) => 0,
            (Some(_), None) => 1,
            _ => 2,
        };
        let mut parents = parents;
        parents.sort_by_key(|p| rank(p));
        if c.n_decode == 0 {
            if let Some(w) = parents.iter().find(|p| p.n_decode > 0) {
                c.eta_bw = w.eta_bw;
                c.layer_ms = w.layer_ms;
            }
        }
        if c.n_prefill == 0 {
            if let Some(w) = parents.iter().find(|p| p.n_prefill > 0) {
                c.eta_c = w.eta_c;
            }
        }
    }
    table
}

/// The residual bands of a fitted table: measured / predicted on the rows each entry serves.
fn with_bands(rows: &[Row], mut table: Vec<Calibrated>) -> Vec<Calibrated> {
    let snapshot = table.clone();
    for c in &mut table {
        // A class or runtime entry serves the rows that look it up; a backend-wide entry is scored on every
        // row of its backend (its band is what a class without measurements gets). An entry that serves
        // fewer than MIN_ROWS rows (a class whose rows all went to its runtime groups, a runtime whose
        // classes all have groups) is scored on its own rows: what a row of that group without a runtime
        // (the web page) or without a class group gets.
        let member = |r: &Row| {
            r.backend == c.backend
                && c.hw.is_none_or(|h| r.hw == h)
                && c.runtime.is_none_or(|rt| runtime_of(r) == rt)
        };
        let looked_up = |r: &Row| {
            let used = lookup_row(&snapshot, r);
            used.backend == c.backend && used.hw == c.hw && used.runtime == c.runtime
        };
        let n_served = rows.iter().filter(|r| looked_up(r)).count();
        let serves = |r: &Row| match (c.runtime, c.hw) {
            (None, None) => r.backend == c.backend,
            _ if n_served >= MIN_ROWS => looked_up(r),
            _ => member(r),
        };
        let mut dr = Vec::new();
        let mut pr = Vec::new();
        for r in rows.iter().filter(|r| serves(r)) {
            if let Ok(p) = predict(r, c) {
                if let Some(m) = r.decode_tps {
                    dr.push(m / p.decode_tps);
                }
                if let Some(m) = r.prefill_tps {
                    pr.push(m / p.prefill_tps);
                }
            }
        }
        if dr.len() >= MIN_ROWS {
            c.decode_band = (round3(quantile(&dr, 0.1)), round3(quantile(&dr, 0.9)));
        }
        if pr.len() >= MIN_ROWS {
            c.prefill_band = (round3(quantile(&pr, 0.1)), round3(quantile(&pr, 0.9)));
        }
    }
    table
}

/// How rows are held out in [`holdout`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum HoldOut {
    /// Leave one source out: every row of a publication is predicted from the others.
    Source,
    /// Leave one device out (chip + backend): a new device of a known class.
    Device,
}

/// Fit on all rows but one fold, predict the fold, for every fold; then score all predictions. The per-core
/// streaming figures ([`CORE_STREAM_GBPS`]) are not refitted per fold, and the constants a row reports carry
/// no fitted band (a fold's bands are not computed: the prior's stand in).
#[must_use]
pub fn holdout(rows: &[Row], by: HoldOut) -> Validation {
    let key = |r: &Row| match by {
        HoldOut::Source => r.source.clone(),
        HoldOut::Device => alloc::format!("{}|{}|{:?}", r.chip, r.device, r.backend),
    };
    let mut keys: Vec<String> = rows.iter().map(key).collect();
    keys.sort();
    keys.dedup();
    // A row's observation does not depend on the other rows: observe once, refit per fold (a fold's
    // constants need no bands).
    let observed: Vec<Option<Obs>> = rows.iter().map(observe).collect();
    let mut tables: BTreeMap<String, Vec<Calibrated>> = BTreeMap::new();
    for k in &keys {
        let (train, train_obs): (Vec<Row>, Vec<Option<Obs>>) = rows
            .iter()
            .zip(&observed)
            .filter(|(r, _)| &key(r) != k)
            .map(|(r, o)| (r.clone(), o.clone()))
            .unzip();
        tables.insert(k.clone(), fit_observed(&train, &train_obs));
    }
    validate_with(rows, |r| {
        let t = tables.get(&key(r)).map_or(&[][..], Vec::as_slice);
        lookup_row(t, r)
    })
}

// ---------------------------------------------------------------------------------------------------------
// Leave-one-source-out: the honest fit
// ---------------------------------------------------------------------------------------------------------

/// A fitted table's key: backend, runtime family, device class.
pub type GroupKey = (Backend, Option<Runtime>, Option<HwClass>);

/// The key of a table entry.
#[must_use]
pub fn key_of(c: &Calibrated) -> GroupKey {
    (c.backend, c.runtime, c.hw)
}

/// The quantiles of measured ÷ predicted a band spans (4th–96th percentile): chosen so that, each row's band
/// computed without its source, at least 80 % of the measured values fall inside it (`edgefit validate data/`).
pub const BAND_QUANTILES: (f64, f64) = (0.04, 0.96);

/// Pseudo-rows of the backend's spread a group's band is shrunk with: a group of n rows takes its own
/// quantiles with weight n / (n + BAND_PRIOR_ROWS), in log space.
pub const BAND_PRIOR_ROWS: f64 = 12.0;

/// One row's leave-one-source-out predictions: under each entry of its lookup chain in the table fitted
/// without its source, and under the prior.
#[derive(Debug, Clone)]
struct LosoRow {
    source: String,
    backend: Backend,
    decode: Option<f64>,
    prefill: Option<f64>,
    /// (key, decode prediction, prefill prediction), most specific first.
    chain: Vec<(GroupKey, Option<f64>, Option<f64>)>,
    /// Predictions at one η of 0.6 and no per-layer cost: where every group falls back to.
    prior: (Option<f64>, Option<f64>),
}

/// The entries of `table` a row looks up, most specific first ([`lookup_runtime`]'s order).
fn chain_of(table: &[Calibrated], row: &Row) -> Vec<Calibrated> {
    let (b, rt, hw) = (row.backend, runtime_of(row), row.hw);
    let find = |r: Option<Runtime>, h: Option<HwClass>| {
        table
            .iter()
            .find(|c| c.backend == b && c.runtime == r && c.hw == h)
            .copied()
    };
    [
        find(Some(rt), Some(hw)),
        find(None, Some(hw)),
        find(Some(rt), None),
        find(None, None),
    ]
    .into_iter()
    .flatten()
    .collect()
}

fn predicted(row: &Row, c: &Calibrated) -> (Option<f64>, Option<f64>) {
    match predict(row, c) {
        Ok(p) => (
            row.decode_tps
                .map(|_| p.decode_tps)
                .filter(|x| x.is_finite() && *x > 0.0),
            row.prefill_tps
                .map(|_| p.prefill_tps)
                .filter(|x| x.is_finite() && *x > 0.0),
        ),
        Err(_) => (None, None),
    }
}

impl LosoRow {
    /// The measured value and the prediction of the first chain entry not switched off for `q`, with its
    /// key (`None`: the prior's).
    fn pick(
        &self,
        q: Quantity,
        off: &[(GroupKey, Quantity)],
    ) -> Option<(Option<GroupKey>, f64, f64)> {
        let meas = match q {
            Quantity::Decode => self.decode?,
            Quantity::Prefill => self.prefill?,
        };
        let of = |d: Option<f64>, p: Option<f64>| match q {
            Quantity::Decode => d,
            Quantity::Prefill => p,
        };
        for (k, d, p) in &self.chain {
            if !off.contains(&(*k, q)) {
                return Some((Some(*k), meas, of(*d, *p)?));
            }
        }
        Some((None, meas, of(self.prior.0, self.prior.1)?))
    }
}

/// Median |ln(measured / predicted)| of rows (NaN for none).
fn log_loss(pairs: &[(f64, f64)]) -> f64 {
    let v: Vec<f64> = pairs.iter().map(|(m, p)| math::ln(m / p).abs()).collect();
    median(&v)
}

/// A group's band: its rows' quantiles of measured ÷ predicted, shrunk in log space toward `parent` with
/// [`BAND_PRIOR_ROWS`] pseudo-rows; the band always contains 1.
fn shrunk_band(ratios: &[f64], parent: (f64, f64)) -> (f64, f64) {
    let n = ratios.len() as f64;
    let (lo, hi) = if ratios.is_empty() {
        parent
    } else {
        (
            quantile(ratios, BAND_QUANTILES.0),
            quantile(ratios, BAND_QUANTILES.1),
        )
    };
    let w = n / (n + BAND_PRIOR_ROWS);
    let mix = |a: f64, b: f64| math::exp(w * math::ln(a) + (1.0 - w) * math::ln(b));
    (
        round3(mix(lo, parent.0).min(1.0)),
        round3(mix(hi, parent.1).max(1.0)),
    )
}

/// How one group did out of sample.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GroupScore {
    /// The group.
    pub group: String,
    /// Decode or prefill.
    pub quantity: Quantity,
    /// Rows it served out of sample.
    pub n: usize,
    /// Median |pred/meas − 1| with the group's own constants, each source left out.
    pub own: f64,
    /// The same with the constants it falls back to (its parent group, or the prior).
    pub fallback: f64,
    /// The same with one η of 0.6 (the naive roofline).
    pub naive: f64,
    /// Whether the group's own constants are kept (they beat the fallback out of sample).
    pub kept: bool,
}

/// Leave-one-source-out over every row: the shipped table and its honest scores.
#[derive(Debug, Clone)]
pub struct Honest {
    /// The table fitted on every row, each group's constants kept only where they beat their fallback out of
    /// sample, with out-of-sample bands.
    pub table: Vec<Calibrated>,
    /// Decode: each row predicted by constants fitted without its source (the selection applied).
    pub loso_decode: ErrorStats,
    /// Prefill, the same.
    pub loso_prefill: ErrorStats,
    /// The naive roofline on the same rows.
    pub naive_decode: ErrorStats,
    /// The naive roofline's prefill.
    pub naive_prefill: ErrorStats,
    /// Share of measured decode values inside the band shown (each row's band computed without its source).
    pub decode_coverage: f64,
    /// The same for prefill.
    pub prefill_coverage: f64,
    /// Median band width, high ÷ low, over the decode rows.
    pub decode_band_width: f64,
    /// The same for prefill.
    pub prefill_band_width: f64,
    /// Each group's out-of-sample score.
    pub groups: Vec<GroupScore>,
    /// Sources.
    pub n_sources: usize,
}

fn group_name(k: GroupKey) -> String {
    let c = Calibrated {
        backend: k.0,
        runtime: k.1,
        hw: k.2,
        n_decode: 1,
        ..prior(k.0)
    };
    c.group()
}

/// Fit on every row, score each source by the constants fitted without it, keep a group's constants only
/// where they beat what the group would otherwise fall back to (its parent, then the backend's prior), and
/// band each group by its out-of-sample residuals.
#[must_use]
pub fn honest(rows: &[Row]) -> Honest {
    let observed: Vec<Option<Obs>> = rows.iter().map(observe).collect();
    let mut sources: Vec<String> = rows.iter().map(|r| r.source.clone()).collect();
    sources.sort();
    sources.dedup();
    let mut folds: BTreeMap<String, Vec<Calibrated>> = BTreeMap::new();
    for s in &sources {
        let (train, obs): (Vec<Row>, Vec<Option<Obs>>) = rows
            .iter()
            .zip(&observed)
            .filter(|(r, _)| &r.source != s)
            .map(|(r, o)| (r.clone(), o.clone()))
            .unzip();
        folds.insert(s.clone(), fit_observed(&train, &obs));
    }
    let loso: Vec<LosoRow> = rows
        .iter()
        .map(|r| {
            let t = folds.get(&r.source).map_or(&[][..], Vec::as_slice);
            LosoRow {
                source: r.source.clone(),
                backend: r.backend,
                decode: r.decode_tps,
                prefill: r.prefill_tps,
                chain: chain_of(t, r)
                    .iter()
                    .map(|c| {
                        let (d, p) = predicted(r, c);
                        (key_of(c), d, p)
                    })
                    .collect(),
                prior: predicted(r, &naive(r.backend)),
            }
        })
        .collect();
    let naive_pred: Vec<(Option<f64>, Option<f64>)> = rows
        .iter()
        .map(|r| match predict_with(r, &naive(r.backend), &[]) {
            Ok(p) => (Some(p.decode_tps), Some(p.prefill_tps)),
            Err(_) => (None, None),
        })
        .collect();
    let full = fit_observed(rows, &observed);
    let mut keys: Vec<GroupKey> = full.iter().map(key_of).collect();
    let rank = |k: &GroupKey| match (k.1, k.2) {
        (Some(_), Some(_)) => 0,
        (None, Some(_)) => 1,
        (Some(_), None) => 2,
        (None, None) => 3,
    };
    keys.sort_by_key(rank);
    let qs = [Quantity::Decode, Quantity::Prefill];
    // Specific groups first; a group that serves no row out of sample (all its rows come from one source)
    // has no evidence and is switched off. Repeat while a decision changes another's fallback.
    let mut off: Vec<(GroupKey, Quantity)> = Vec::new();
    for _ in 0..4 {
        let mut changed = false;
        for &k in &keys {
            for q in qs {
                if off.contains(&(k, q)) {
                    continue;
                }
                let mine: Vec<usize> = loso
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.pick(q, &off).is_some_and(|p| p.0 == Some(k)))
                    .map(|(i, _)| i)
                    .collect();
                let mut without = off.clone();
                without.push((k, q));
                let pairs = |o: &[(GroupKey, Quantity)]| -> Vec<(f64, f64)> {
                    mine.iter()
                        .filter_map(|&i| loso[i].pick(q, o).map(|p| (p.1, p.2)))
                        .collect()
                };
                // One η of 0.6 without the per-thread chain: the naive roofline a kept group must not lose to.
                let naive_pairs: Vec<(f64, f64)> = mine
                    .iter()
                    .filter_map(|&i| {
                        let r = &loso[i];
                        match q {
                            Quantity::Decode => Some((r.decode?, naive_pred[i].0?)),
                            Quantity::Prefill => Some((r.prefill?, naive_pred[i].1?)),
                        }
                    })
                    .collect();
                let own = log_loss(&pairs(&off));
                let keep = !mine.is_empty()
                    && own < log_loss(&pairs(&without))
                    && own <= log_loss(&naive_pairs);
                if !keep {
                    off = without;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Scores per group under the final selection.
    let mut groups = Vec::new();
    for &k in &keys {
        for q in qs {
            let mut with_on: Vec<(GroupKey, Quantity)> =
                off.iter().copied().filter(|x| *x != (k, q)).collect();
            let idx: Vec<usize> = loso
                .iter()
                .enumerate()
                .filter(|(_, r)| r.pick(q, &with_on).is_some_and(|p| p.0 == Some(k)))
                .map(|(i, _)| i)
                .collect();
            if idx.is_empty() {
                continue;
            }
            let ratio = |o: &[(GroupKey, Quantity)]| -> Vec<f64> {
                idx.iter()
                    .filter_map(|&i| loso[i].pick(q, o).map(|p| p.2 / p.1))
                    .collect()
            };
            let own = ErrorStats::from_ratios(&ratio(&with_on)).median_abs_err;
            with_on.push((k, q));
            let fallback = ErrorStats::from_ratios(&ratio(&with_on)).median_abs_err;
            let nv: Vec<f64> = idx
                .iter()
                .filter_map(|&i| {
                    let m = match q {
                        Quantity::Decode => loso[i].decode?,
                        Quantity::Prefill => loso[i].prefill?,
                    };
                    let p = match q {
                        Quantity::Decode => naive_pred[i].0?,
                        Quantity::Prefill => naive_pred[i].1?,
                    };
                    Some(p / m)
                })
                .collect();
            groups.push(GroupScore {
                group: group_name(k),
                quantity: q,
                n: idx.len(),
                own,
                fallback,
                naive: ErrorStats::from_ratios(&nv).median_abs_err,
                kept: !off.contains(&(k, q)),
            });
        }
    }
    // Bands: each serving group's out-of-sample residuals, shrunk toward its backend's.
    let backend_band = |b: Backend, q: Quantity, skip: Option<&str>| {
        let r: Vec<f64> = loso
            .iter()
            .filter(|r| r.backend == b && skip.is_none_or(|s| r.source != s))
            .filter_map(|r| r.pick(q, &off).map(|p| p.1 / p.2))
            .collect();
        if r.is_empty() {
            (0.5, 1.5)
        } else {
            (
                round3(quantile(&r, BAND_QUANTILES.0).min(1.0)),
                round3(quantile(&r, BAND_QUANTILES.1).max(1.0)),
            )
        }
    };
    let band_of = |k: Option<GroupKey>, b: Backend, q: Quantity, skip: Option<&str>| {
        let r: Vec<f64> = loso
            .iter()
            .filter(|r| r.backend == b && skip.is_none_or(|s| r.source != s))
            .filter_map(|r| r.pick(q, &off).filter(|p| p.0 == k).map(|p| p.1 / p.2))
            .collect();
        shrunk_band(&r, backend_band(b, q, skip))
    };
    // The shipped table: the full fit, a switched-off quantity taking its fallback's constants.
    let mut table: Vec<Calibrated> = Vec::new();
    for c in &full {
        let k = key_of(c);
        let on = |q: Quantity| !off.contains(&(k, q));
        let rank_k = rank(&k);
        if rank_k < 3 && !on(Quantity::Decode) && !on(Quantity::Prefill) {
            continue;
        }
        // The constants a switched-off quantity falls back to: the first kept entry above it, else the prior.
        let parent = |q: Quantity| -> Calibrated {
            let up: Vec<&Calibrated> = full
                .iter()
                .filter(|p| p.backend == c.backend && rank(&key_of(p)) > rank_k)
                .filter(|p| match (c.runtime, c.hw, p.runtime, p.hw) {
                    (_, _, None, None) => true,
                    (Some(_), Some(h), None, Some(ph)) => ph == h,
                    (Some(r), Some(_), Some(pr), None) => pr == r,
                    _ => false,
                })
                .filter(|p| !off.contains(&(key_of(p), q)))
                .collect();
            let mut up = up;
            up.sort_by_key(|p| rank(&key_of(p)));
            up.first().map_or(naive(c.backend), |p| **p)
        };
        let mut e = *c;
        if !on(Quantity::Decode) {
            let p = parent(Quantity::Decode);
            e.eta_bw = p.eta_bw;
            e.layer_ms = p.layer_ms;
            e.n_decode = 0;
        }
        if !on(Quantity::Prefill) {
            e.eta_c = parent(Quantity::Prefill).eta_c;
            e.n_prefill = 0;
        }
        let served_key = |q: Quantity| if on(q) { Some(k) } else { None };
        e.decode_band = if on(Quantity::Decode) || rank_k == 3 {
            band_of(
                served_key(Quantity::Decode),
                c.backend,
                Quantity::Decode,
                None,
            )
        } else {
            backend_band(c.backend, Quantity::Decode, None)
        };
        e.prefill_band = if on(Quantity::Prefill) || rank_k == 3 {
            band_of(
                served_key(Quantity::Prefill),
                c.backend,
                Quantity::Prefill,
                None,
            )
        } else {
            backend_band(c.backend, Quantity::Prefill, None)
        };
        table.push(e);
    }
    // Scores: each row out of sample, its band computed without its source too.
    let mut dec = Vec::new();
    let mut pre = Vec::new();
    let (mut dec_in, mut pre_in) = (0usize, 0usize);
    let mut dec_w = Vec::new();
    let mut pre_w = Vec::new();
    for r in &loso {
        for q in qs {
            let Some((k, m, p)) = r.pick(q, &off) else {
                continue;
            };
            let (lo, hi) = band_of(k, r.backend, q, Some(&r.source));
            let inside = m >= p * lo && m <= p * hi;
            match q {
                Quantity::Decode => {
                    dec.push(p / m);
                    dec_in += usize::from(inside);
                    dec_w.push(hi / lo);
                }
                Quantity::Prefill => {
                    pre.push(p / m);
                    pre_in += usize::from(inside);
                    pre_w.push(hi / lo);
                }
            }
        }
    }
    let naive_ratios = |q: Quantity| -> Vec<f64> {
        loso.iter()
            .zip(&naive_pred)
            .filter(|(r, _)| r.pick(q, &off).is_some())
            .filter_map(|(r, n)| match q {
                Quantity::Decode => Some(n.0? / r.decode?),
                Quantity::Prefill => Some(n.1? / r.prefill?),
            })
            .collect()
    };
    let share = |k: usize, n: usize| {
        if n == 0 {
            f64::NAN
        } else {
            k as f64 / n as f64
        }
    };
    Honest {
        table,
        loso_decode: ErrorStats::from_ratios(&dec),
        loso_prefill: ErrorStats::from_ratios(&pre),
        naive_decode: ErrorStats::from_ratios(&naive_ratios(Quantity::Decode)),
        naive_prefill: ErrorStats::from_ratios(&naive_ratios(Quantity::Prefill)),
        decode_coverage: share(dec_in, dec.len()),
        prefill_coverage: share(pre_in, pre.len()),
        decode_band_width: median(&dec_w),
        prefill_band_width: median(&pre_w),
        groups,
        n_sources: sources.len(),
    }
}

/// The generated file that holds [`CALIBRATED`] (`crates/core/src/calibration_table.rs`), fitted on `files`.
#[must_use]
pub fn table_file(table: &[Calibrated], files: &[String]) -> String {
    let names: Vec<&str> = files
        .iter()
        .map(|f| f.rsplit('/').next().unwrap_or(f))
        .collect();
    alloc::format!(
        "//! The calibrated defaults. Generated by `edgefit validate --refit data/` from every file in `data/`\n\
         //! ({}): each group's constants fitted on every row, kept only where they beat what the group falls\n\
         //! back to with each source left out, banded by their out-of-sample residuals\n\
         //! (`calibration::honest`). Do not edit; regenerate (a test checks that this file is current).\n\
         \n\
         use crate::calibration::{{cal, Calibrated, HwClass, Runtime}};\n\
         use crate::input::Backend;\n\
         \n\
         /// The calibrated defaults (see the module docs). Group rows first, then backend-wide rows.\n\
         #[rustfmt::skip]\n\
         pub const CALIBRATED: &[Calibrated] = &[\n{}];\n",
        names.join(", "),
        table_source(table)
    )
}

/// The fitted table as Rust source for [`CALIBRATED`].
#[must_use]
pub fn table_source(table: &[Calibrated]) -> String {
    use core::fmt::Write;
    let mut s = String::new();
    for c in table {
        let hw = c.hw.map_or_else(
            || "None".to_string(),
            |h| alloc::format!("Some(HwClass::{h:?})"),
        );
        let rt = c.runtime.map_or_else(
            || "None".to_string(),
            |r| alloc::format!("Some(Runtime::{r:?})"),
        );
        let _ = writeln!(
            s,
            "    cal(Backend::{:?}, {hw}, {rt}, {:?}, {:?}, {:?}, ({:?}, {:?}), ({:?}, {:?}), {}, {}),",
            c.backend,
            c.eta_bw,
            c.layer_ms,
            c.eta_c,
            c.decode_band.0,
            c.decode_band.1,
            c.prefill_band.0,
            c.prefill_band.1,
            c.n_decode,
            c.n_prefill
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::latency;

    const HEADER: &str = "row_id,source_id,hw_class,device,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,model_size_reported,prompt_len,prefill_tps,gen_len,decode_tps,compute_peak,compute_unit,compute_precision";

    #[track_caller]
    fn one(line: &str) -> Parsed {
        parse(&alloc::format!("{HEADER}\n{line}\n")).expect("parses")
    }

    #[test]
    fn quoted_fields_keep_commas_and_quotes() {
        let p = one(
            "7,S01,apple_m_series,\"Apple M1, \"\"8-core\"\" GPU\",68,GPU,\"llama.cpp (Metal), llama-bench\",LLaMA 2 7B,6.74,Q4_0,4.5,\"3.56 GiB (size, as printed)\",512,117.96,128,14.15,2.6,TFLOPS,FP32",
        );
        assert_eq!(p.skipped, Vec::new());
        let r = &p.rows[0];
        assert_eq!(r.device, "Apple M1, \"8-core\" GPU");
        assert!(is_llama_bench(r));
        // GiB is binary: 3.56 · 2³⁰ bytes over 6.74 B parameters.
        assert!((r.bits - 3.56 * 1_073_741_824.0 * 8.0 / 6.74e9).abs() < 1e-9);
        assert!(r.bits_from_size);
        assert_eq!(decode_context(r), 64.0);
    }

    #[test]
    fn columns_in_any_order_and_extra_columns_ignored() {
        let text = "decode_tps,extra,params_b,backend_unit,mem_bw_gbps,bpw_nominal\n20,zzz,7,cpu,100,4.5\n";
        let p = parse(text).unwrap();
        assert_eq!(p.rows.len(), 1);
        assert_eq!(p.rows[0].backend, Backend::Cpu);
        assert_eq!(p.rows[0].id, "2");
    }

    #[test]
    fn missing_required_column_names_it() {
        let e = parse("row_id,params_b,backend_unit,decode_tps\n1,7,GPU,10\n").unwrap_err();
        assert_eq!(
            e,
            FileError::MissingColumn {
                column: "mem_bw_gbps"
            }
        );
        assert!(alloc::format!("{e}").contains("mem_bw_gbps"));
        assert_eq!(parse(""), Err(FileError::Empty));
        assert_eq!(
            parse("a,b\n\"open,1\n"),
            Err(FileError::UnterminatedQuote { line: 2 })
        );
    }

    #[test]
    fn rows_are_skipped_with_typed_reasons() {
        let text = alloc::format!(
            "{HEADER}\n\
             1,S,phone,d,,CPU,f,m,1,q,8,,,,,10,,,\n\
             2,S,phone,d,50,CPU,f,m,,q,8,,,,,10,,,\n\
             3,S,phone,d,50,CPU,f,m,1,q,8,,,,,,,,\n\
             4,S,phone,d,50,CPU,f,m,1,q,8,,,,,fast,,,\n\
             5,S,phone,d,50,FPGA,f,m,1,q,8,,,,,10,,,\n\
             6,S,phone,d,50,CPU,f,m,1,q,,,,,,10,,,\n"
        );
        let p = parse(&text).unwrap();
        let reasons: Vec<&SkipReason> = p.skipped.iter().map(|s| &s.reason).collect();
        assert_eq!(reasons.len(), 6);
        assert_eq!(reasons[0], &SkipReason::NoBandwidth);
        assert_eq!(reasons[1], &SkipReason::NoSize);
        assert_eq!(reasons[2], &SkipReason::NoThroughput);
        assert!(matches!(
            reasons[3],
            SkipReason::BadNumber {
                column: "decode_tps",
                ..
            }
        ));
        assert!(matches!(reasons[4], SkipReason::UnknownBackend { .. }));
        assert_eq!(reasons[5], &SkipReason::NoSize);
        assert_eq!(p.skipped[0].line, 2);
    }

    #[test]
    fn numbers_read_as_a_person_writes_them() {
        let n = |c: &'static str, s: &str| num(c, s);
        assert_eq!(n("params_b", "6.74"), Ok(Some(6.74)));
        assert_eq!(n("params_b", "7B"), Ok(Some(7.0)));
        assert_eq!(n("params_b", "6.74 B"), Ok(Some(6.74)));
        assert_eq!(n("params_b", "~7"), Ok(Some(7.0)));
        // Not measured, as tables write it; Markdown emphasis around a number.
        for m in [
            "TBC",
            "**TODO**",
            "— OOM",
            "- TBC",
            "/",
            "N.A.",
            "not measured",
            "OOM",
        ] {
            assert_eq!(n("decode_tps", m), Ok(None), "{m}");
        }
        assert_eq!(n("decode_tps", "**12.5**"), Ok(Some(12.5)));
        assert_eq!(n("decode_tps", "`37 tok/s`"), Ok(Some(37.0)));
        assert!(
            n("decode_tps", "— 12").is_err(),
            "a dash before a number is no 'not measured'"
        );
        assert_eq!(parse_size("**TODO**"), Ok(None));
        assert_eq!(n("params_b", "6,74"), Ok(Some(6.74)), "a decimal comma");
        // llama-bench's cells: a mean and its spread, the tests' names for the lengths.
        assert_eq!(n("decode_tps", "55.10 ± 0.21"), Ok(Some(55.1)));
        assert_eq!(n("prefill_tps", "1,234.5 +/- 3"), Ok(Some(1234.5)));
        assert_eq!(n("prompt_len", "pp512"), Ok(Some(512.0)));
        assert_eq!(n("gen_len", "tg128"), Ok(Some(128.0)));
        assert!(n("decode_tps", "± 3").is_err());
        assert_eq!(n("mem_bw_gbps", "204.8 GB/s"), Ok(Some(204.8)));
        assert_eq!(
            n("mem_bw_gbps", "1,024"),
            Ok(Some(1024.0)),
            "a thousands separator"
        );
        assert_eq!(n("mem_bw_gbps", "1,024.5"), Ok(Some(1024.5)));
        assert_eq!(n("decode_tps", "22.5 tok/s"), Ok(Some(22.5)));
        assert_eq!(
            n("decode_tps", "20-25"),
            Ok(Some(22.5)),
            "a range reads as its middle"
        );
        assert_eq!(n("decode_tps", "20~25 t/s"), Ok(Some(22.5)));
        assert_eq!(n("decode_tps", "2.5e1"), Ok(Some(25.0)));
        assert_eq!(n("decode_tps", "1e-3"), Ok(Some(1e-3)));
        for missing in ["", " ", "n/a", "N/A", "-", "—", "none", "?"] {
            assert_eq!(n("decode_tps", missing), Ok(None), "{missing:?}");
        }
        for bad in [
            "fast",
            "22.5 GB/s",
            "7 parsecs",
            "-5",
            "0",
            "25-20",
            "1,2,3",
            "1,2.5",
            "inf",
        ] {
            assert!(n("decode_tps", bad).is_err(), "{bad:?}");
        }
        // A unit only where it is the column's own.
        assert!(n("mem_bw_gbps", "204.8 tok/s").is_err());
    }

    #[test]
    fn semicolon_and_tab_separated_files_read_like_commas() {
        let comma = alloc::format!("{HEADER}\n1,S,phone,d,50,CPU,f,m,1,q,8,,,,,10,,,\n");
        let want = parse(&comma).unwrap().rows;
        assert_eq!(want.len(), 1);
        for sep in [";", "\t"] {
            let text = comma.replace(',', sep);
            assert_eq!(parse(&text).unwrap().rows, want, "{sep:?}");
        }
        // A decimal comma inside a semicolon file.
        let text = comma.replace(',', ";").replace(";50;", ";50,5;");
        assert_eq!(parse(&text).unwrap().rows[0].bw_gbps, 50.5);
        // Column names in another spelling.
        let text =
            comma
                .replacen("mem_bw_gbps", "Mem BW GBps", 1)
                .replacen("decode_tps", "Decode-TPS", 1);
        assert_eq!(parse(&text).unwrap().rows, want);
    }

    #[test]
    fn backends_are_read_from_their_api_and_vendor_names() {
        for (cell, b) in [
            ("CPU", Some(Backend::Cpu)),
            ("gpu", Some(Backend::Gpu)),
            ("GPU (CUDA)", Some(Backend::Gpu)),
            ("iGPU", Some(Backend::Gpu)),
            ("Metal", Some(Backend::Gpu)),
            ("MLX", Some(Backend::Gpu)),
            ("TensorRT-LLM", Some(Backend::Gpu)),
            ("NPU", Some(Backend::Npu)),
            ("ANE", Some(Backend::Npu)),
            ("Hexagon DSP", Some(Backend::Npu)),
            ("CPU+GPU", None),
            ("", None),
            ("FPGA", None),
        ] {
            assert_eq!(backend_of(cell), b, "{cell:?}");
        }
    }

    /// A device written with full-width brackets (as a Chinese table writes it) is read, not a panic: the
    /// core count before "-core" may follow a character of any width.
    #[test]
    fn full_width_punctuation_in_a_device_name_is_read() {
        let text = "hw_class,device,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,decode_tps\n\
             apple_m_series,Apple M2 Max（38-core GPU）,400,GPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,66\n\
             apple_m_series,苹果 M4 Pro（16核GPU）,273,GPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,40\n";
        let p = parse(text).unwrap();
        assert_eq!(
            apple_gpu_tflops(&p.rows[0]),
            Some(38.0 * APPLE_TFLOPS_PER_CORE[1].1)
        );
        let v = validate_rows(&p);
        assert_eq!(v.rows.len(), 2, "{:?}", v.skipped);
    }

    /// A table a Chinese-speaking team writes: the classes, units and names in Chinese, numbers typed with
    /// a full-width input method, "约" for about, "无" for not measured.
    #[test]
    fn a_table_written_in_chinese_is_read() {
        let text = "hw_class,device,chip,cores,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,decode_tps,prefill_tps\n\
             手机,小米 14,骁龙 8 Gen 3,,７６．８,中央处理器,llama.cpp,Qwen2.5-1.5B,1.54,Q4_0,4.5,约 20,无\n\
             笔记本,MacBook Pro,苹果 M3 Max（40核GPU）,,400,图形处理器,llama.cpp,Llama 3.1 8B,8.03,Q4_K_M,,５０,\n\
             开发板,树莓派 5,BCM2712,4x Cortex-A76,17.1,CPU,llama.cpp,Llama 3.2 3B,3.21,Q4_K_M,,\"４，９\",\n\
             ,华为 Mate 60,麒麟 9000S,,44,显卡,MNN,Qwen2-1.5B,1.54,int4,,15,\n\
             服务器,某服务器,AMD EPYC 9654,96 核,460.8,CPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,40,\n";
        let p = parse(text).unwrap();
        assert_eq!(p.skipped, Vec::new());
        let hw: Vec<HwClass> = p.rows.iter().map(|r| r.hw).collect();
        assert_eq!(
            hw,
            [
                HwClass::Phone,
                HwClass::AppleMSeries,
                HwClass::Sbc,
                HwClass::Phone,
                HwClass::ServerCpu
            ]
        );
        assert_eq!(p.rows[0].bw_gbps, 76.8);
        assert_eq!(p.rows[0].decode_tps, Some(20.0));
        assert_eq!(p.rows[0].prefill_tps, None);
        assert_eq!(p.rows[1].backend, Backend::Gpu);
        assert_eq!(p.rows[1].decode_tps, Some(50.0));
        assert_eq!(p.rows[2].decode_tps, Some(4.9));
        assert_eq!(p.rows[3].backend, Backend::Gpu);
        assert_eq!(
            apple_gpu_tflops(&p.rows[1]),
            Some(40.0 * APPLE_TFLOPS_PER_CORE[2].1)
        );
        assert_eq!(validate_rows(&p).rows.len(), 5);
        // Full-width forms in every column; an iPhone's chip is not an M-series one; a Chinese GPU core
        // count is not overridden by a CPU "-core" figure.
        let text = "hw_class,device,chip,cores,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,model_size_reported,decode_tps,threads\n\
             ,某手机,骁龙８ Gen 3,,76.8,CPU,llama.cpp,Llama 2 7B,6.74,Q4_0,,３．５６ GiB,10,４\n\
             ,苹果 A17 Pro,,,51.2,GPU,MLC,Llama 2 7B,6.74,Q4_0,4.5,,10,\n\
             pc_cpu,笔记本,Intel Core i5,８（４P＋４E）,51.2,CPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,,5,\n\
             apple_m_series,MacBook Pro,苹果 M3 Max（40核GPU）,16-core,400,GPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,,60,\n";
        let p = parse(text).unwrap();
        assert_eq!(p.skipped, Vec::new());
        assert_eq!(p.rows[0].hw, HwClass::Phone);
        assert_eq!(p.rows[0].threads, Some(4.0));
        assert!((p.rows[0].bits - 3.56 * 8.0 * 1_073_741_824.0 / 6.74e9).abs() < 1e-9);
        assert_ne!(p.rows[1].hw, HwClass::AppleMSeries);
        assert_eq!(
            cpu_cores(&p.rows[2]),
            [(4.0, CoreKind::X86), (4.0, CoreKind::IntelE)]
        );
        assert_eq!(
            apple_gpu_tflops(&p.rows[3]),
            Some(40.0 * APPLE_TFLOPS_PER_CORE[2].1)
        );
    }

    /// A figure far outside any device's range gives no rate: the row is skipped with that reason, not
    /// scored at 0 tokens/s.
    #[test]
    fn a_rate_that_is_not_finite_skips_the_row() {
        let text = "hw_class,device,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,decode_tps\n\
             phone,x,1e-308,GPU,MLC,Llama 2 7B,6.74,Q4_0,4.5,20\n\
             phone,y,50,GPU,MLC,Llama 2 7B,6.74,Q4_0,4.5,20\n";
        let v = validate_rows(&parse(text).unwrap());
        assert_eq!(v.rows.len(), 1);
        assert_eq!(
            v.skipped[0].reason,
            SkipReason::OutOfRange {
                quantity: Quantity::Decode
            }
        );
        assert!(v.skipped[0].reason.to_string().contains("decode"));
    }

    #[test]
    fn an_unknown_class_is_inferred_from_the_cell_or_the_device() {
        let i = |code: &str, device: &str, backend| HwClass::infer(code, device, "", backend);
        assert_eq!(i("jetson", "x", Backend::Gpu), HwClass::Jetson);
        assert_eq!(i("Jetson", "x", Backend::Gpu), HwClass::Jetson);
        assert_eq!(i("nvidia_jetson", "x", Backend::Gpu), HwClass::Jetson);
        assert_eq!(i("smartphone", "x", Backend::Cpu), HwClass::Phone);
        assert_eq!(i("desktop_gpu", "x", Backend::Gpu), HwClass::DiscreteGpu);
        assert_eq!(i("laptop", "x", Backend::Cpu), HwClass::PcCpu);
        // A generic word gives way to a name that says more.
        assert_eq!(
            i("laptop", "MacBook Air (Apple M2)", Backend::Gpu),
            HwClass::AppleMSeries
        );
        assert_eq!(
            i("desktop", "RTX 4090 desktop", Backend::Gpu),
            HwClass::DiscreteGpu
        );
        assert_eq!(i("edge", "Jetson Orin NX", Backend::Gpu), HwClass::Jetson);
        assert_eq!(
            i("workstation", "Mac Studio (Apple M2 Ultra)", Backend::Gpu),
            HwClass::AppleMSeries
        );
        assert_eq!(
            i("workstation", "HP Z2 Mini G1a", Backend::Gpu),
            HwClass::WorkstationUnified
        );
        assert_eq!(i("desktop", "Ryzen 9 7950X", Backend::Cpu), HwClass::PcCpu);
        assert_eq!(
            i("", "NVIDIA Jetson AGX Orin 64GB", Backend::Gpu),
            HwClass::Jetson
        );
        assert_eq!(
            i("", "MacBook Pro (M3 Max)", Backend::Gpu),
            HwClass::AppleMSeries
        );
        assert_eq!(i("", "Raspberry Pi 5", Backend::Cpu), HwClass::Sbc);
        assert_eq!(i("", "RTX 4090", Backend::Gpu), HwClass::DiscreteGpu);
        assert_eq!(i("", "Samsung Galaxy S24", Backend::Gpu), HwClass::Phone);
        assert_eq!(i("", "AMD EPYC 9654", Backend::Cpu), HwClass::ServerCpu);
        assert_eq!(i("", "something", Backend::Cpu), HwClass::Other);
        // A code from the dictionary wins over the names, and "other" stays other.
        assert_eq!(i("phone", "Jetson", Backend::Gpu), HwClass::Phone);
        assert_eq!(i("other", "Jetson", Backend::Gpu), HwClass::Other);
    }

    #[test]
    fn a_bom_before_the_header_and_a_rejected_row_keep_their_names_and_lines() {
        let text = alloc::format!(
            "\u{feff}{HEADER}\n1,S,phone,d,50,CPU,f,m,1,q,8,,,,,10,,,\n2,S,phone,d,50,CPU,f,m,7e9,q,8,,,,,10,,,\n"
        );
        let p = parse(&text).unwrap();
        assert_eq!(p.rows.len(), 2);
        assert_eq!(p.rows[0].id, "1", "row_id is found behind the BOM");
        let v = validate_rows(&p);
        assert_eq!(v.skipped.len(), 1);
        assert_eq!((v.skipped[0].id.as_str(), v.skipped[0].line), ("2", 3));
    }

    #[test]
    fn sizes_parse_with_units() {
        assert_eq!(parse_size("1,005 MB").unwrap(), Some(1.005e9));
        assert_eq!(
            parse_size("3.56 GiB (x)").unwrap(),
            Some(3.56 * 1_073_741_824.0)
        );
        assert!(parse_size("lots").is_err());
        assert!(parse_size("12 parsecs").is_err());
        assert_eq!(parse_size("").unwrap(), None);
        // About, as tables write it.
        assert_eq!(parse_size("~4GB").unwrap(), Some(4e9));
        assert_eq!(parse_size("≈ 3.6 GB").unwrap(), Some(3.6e9));
        assert_eq!(parse_size("约 4 GB").unwrap(), Some(4e9));
        assert_eq!(parse_size("about 730 MB").unwrap(), Some(7.3e8));
        assert_eq!(parse_size("n/a").unwrap(), None);
        assert!(parse_size("~4").is_err(), "a size needs its unit");
    }

    #[test]
    fn a_measurement_above_the_roofline_is_flagged() {
        // 100 GB/s and 3.8 GB of weights allow at most ≈27 tokens/s; 60 is measured.
        let text = alloc::format!(
            "{HEADER}\n1,S,pc_cpu,d,100,CPU,f,LLaMA 2 7B,6.74,Q4_0,4.5,,,,,60,,,\n\
             2,S,discrete_gpu,d,1000,GPU,f,LLaMA 2 7B,6.74,Q4_0,4.5,,512,20000,128,100,100,TFLOPS,FP16\n"
        );
        let v = validate_text(&text).unwrap();
        let flagged: Vec<(&str, Quantity)> = v
            .summary
            .above_roofline
            .iter()
            .map(|a| (a.id.as_str(), a.quantity))
            .collect();
        assert_eq!(flagged, [("1", Quantity::Decode), ("2", Quantity::Prefill)]);
    }

    #[test]
    fn known_models_and_estimates() {
        let s = known_shape("Llama-2-7B (TheBloke GGUF)", 6.74e9).unwrap();
        assert_eq!((s.layers, s.kv_heads), (32.0, 32.0));
        let s = known_shape("Llama 3.1 8B", 8.03e9).unwrap();
        assert_eq!((s.layers, s.kv_heads, s.tied), (32.0, 8.0, false));
        let s = known_shape("SmolLM2 (size not stated; 1.7B assumed)", 1.71e9).unwrap();
        assert_eq!(s.layers, 24.0);
        assert!(known_shape("Falcon 7B", 7e9).is_none());
        // Gemma (1) 2B is not Gemma 2's 2B: 18 layers, one KV head, no sliding window.
        for name in ["Gemma-2B", "gemma-2b-it", "Gemma 2B"] {
            let s = known_shape(name, 2.51e9).unwrap();
            assert_eq!((s.layers, s.kv_heads, s.window), (18.0, 1.0, 0.0), "{name}");
        }
        for name in ["Gemma 2 2B", "gemma-2-2b-it", "Gemma2 2B"] {
            let s = known_shape(name, 2.61e9).unwrap();
            assert_eq!((s.layers, s.window), (26.0, 4096.0), "{name}");
        }
        let layers = |name: &str, p: f64| known_shape(name, p * 1e9).map(|s| s.layers);
        assert_eq!(layers("Phi-2", 2.78), Some(32.0));
        assert_eq!(layers("OpenLLaMA 3B", 3.43), Some(26.0));
        assert_eq!(layers("Sheared-LLaMA-1.3B", 1.35), Some(24.0));
        assert_eq!(layers("StableLM 2 1.6B", 1.64), Some(24.0));
        assert_eq!(layers("LLaMA 33B", 32.5), Some(60.0));
        assert_eq!(layers("LLaMA-30B", 32.5), Some(60.0));
        assert_eq!(layers("Llama 3.3 70B", 70.6), Some(80.0));
        assert_eq!(layers("Llama-3-8B", 8.03), Some(32.0));
        assert_eq!(known_shape("Llama 2 70B", 69e9).unwrap().kv_heads, 8.0);
        assert_eq!(known_shape("LLaMA 65B", 65.2e9).unwrap().kv_heads, 64.0);
        let e = estimate_shape(7e9);
        assert!((28.0..=36.0).contains(&e.layers), "{e:?}");
    }

    #[test]
    fn apple_peaks_come_from_core_counts() {
        let p = one("1,S01,apple_m_series,Apple M2 Max (38-core GPU),400,GPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,671,128,66,,,");
        let peak = default_peak(&p.rows[0]);
        assert!(!peak.given);
        assert!((peak.tops - 38.0 * 0.358).abs() < 1e-9);
    }

    #[test]
    fn cpu_cores_are_read_from_the_cores_column() {
        let row = |cores: &str, chip: &str| {
            let mut r =
                one("1,S,pc_cpu,d,100,CPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,20,128,10,,,")
                    .rows
                    .remove(0);
            r.cores = cores.to_string();
            r.chip = chip.to_string();
            r
        };
        use CoreKind::*;
        assert_eq!(
            cpu_cores(&row("8 (1x X4 + 5x A720 + 2x A520)", "Snapdragon 8 Gen 3")),
            [(1.0, ArmPrime), (5.0, ArmV9Mid), (2.0, ArmLittle)]
        );
        assert_eq!(cpu_cores(&row("4x Cortex-A76", "BCM2712")), [(4.0, ArmA76)]);
        assert_eq!(
            cpu_cores(&row("24 (8P + 16E) / 32 threads", "Intel Core i9-13900K")),
            [(8.0, X86), (16.0, IntelE)]
        );
        assert_eq!(
            cpu_cores(&row("8 CPU cores (4P + 4E)", "Apple M3")),
            [(4.0, AppleP), (4.0, AppleE)]
        );
        assert_eq!(
            cpu_cores(&row("4 cores / 4 threads", "Intel N100")),
            [(4.0, IntelE)]
        );
        assert_eq!(
            cpu_cores(&row("6 cores / 12 threads", "AMD Ryzen 5")),
            [(6.0, X86)]
        );
        assert_eq!(
            cpu_cores(&row("8 (4x Cortex-X1C + 4x Cortex-A78C)", "SC8280XP")),
            [(4.0, ArmPrime), (4.0, ArmA76)]
        );
        assert_eq!(
            cpu_cores(&row("192 cores", "AmpereOne A192-32X")),
            [(192.0, ArmV9Mid)]
        );
        assert!(cpu_cores(&row("", "x")).is_empty());
        assert!(cpu_cores(&row("40 GPU cores", "Apple M4 Max")).is_empty());
        // A SoC's cores written with its GPU's: the CPU's are read, the GPU's dropped.
        assert_eq!(
            cpu_cores(&row("4x Cortex-A57 + 128-core Maxwell GPU", "Tegra X1")),
            [(4.0, ArmA72)]
        );
        assert_eq!(
            cpu_cores(&row("6 CPU (2P + 4E) + 6-core GPU", "Apple A18 Pro")),
            [(2.0, AppleP), (4.0, AppleE)]
        );
        assert_eq!(
            cpu_cores(&row(
                "16 Zen 5 cores / 32 threads + 40 CU GPU",
                "AMD Ryzen AI Max+ 395"
            )),
            [(16.0, X86)]
        );
        assert_eq!(
            cpu_cores(&row("10 CPU + 32-core GPU", "Apple M1 Max")),
            [(10.0, AppleP)]
        );
    }

    #[test]
    fn armv8_0_cores_run_llama_cpp_without_dot_products_or_fp16_arithmetic() {
        let row = |cores: &str, framework: &str, quant: &str| {
            let mut r =
                one("1,S,sbc,d,12.8,CPU,llama-bench,TinyLlama 1.1B,1.1,Q8_0,8.5,,512,20,128,10,,,")
                    .rows
                    .remove(0);
            r.cores = cores.to_string();
            r.framework = framework.to_string();
            r.quant = quant.to_string();
            r
        };
        use CoreKind::*;
        assert_eq!(
            cpu_cores(&row("4x Cortex-A53", "llama.cpp", "Q8_0")),
            [(4.0, ArmA53)]
        );
        assert_eq!(
            cpu_cores(&row("4x Cortex-A72", "llama.cpp", "Q8_0")),
            [(4.0, ArmA72)]
        );
        // llama.cpp: emulated int8 dot (half the rate), F16 converted to FP32 first (a third); an Armv8.2
        // core (A55 and later) or an x86 core keeps the FP32 FMA rate; FP32 weights need neither.
        let f = |cores: &str, fw: &str, q: &str| {
            let r = row(cores, fw, q);
            let kind = cpu_cores(&r)[0].1;
            cpu_kernel_factor(&r, kind)
        };
        assert_eq!(f("4x Cortex-A72", "llama.cpp", "Q8_0"), ARMV8_0_INT8_FACTOR);
        assert_eq!(f("4x Cortex-A53", "Ollama", "Q4_K_M"), ARMV8_0_INT8_FACTOR);
        assert_eq!(f("4x Cortex-A72", "llama.cpp", "F16"), ARMV8_0_F16_FACTOR);
        assert_eq!(f("4x Cortex-A72", "llama.cpp", "F32"), 1.0);
        assert_eq!(f("4x Cortex-A76", "llama.cpp", "Q8_0"), 1.0);
        assert_eq!(f("4x Cortex-A55", "llama.cpp", "F16"), 1.0);
        assert_eq!(f("6 cores / 12 threads", "llama.cpp", "Q4_0"), 1.0);
        // XNNPACK's int8 GEMM on an A53 uses widening multiplies (2×), not dot products (4×).
        assert_eq!(f("4x Cortex-A53", "LiteRT", "dynamic_int8"), 2.0);
        assert_eq!(f("4x Cortex-A55", "LiteRT", "dynamic_int8"), 4.0);
        // The prefill a Raspberry Pi 4 reaches follows: half the A76-class rate per FP32 FLOP.
        let pi4 = cpu_peak(&row("4x Cortex-A72", "llama.cpp", "Q8_0"));
        assert!((pi4 - 4.0 * ArmA72.fp32_tflops() * ARMV8_0_INT8_FACTOR).abs() < 1e-12);
    }

    #[test]
    fn apple_max_and_ultra_cpus_draw_their_die_ports_not_the_soc_bandwidth() {
        let mut r = one(
            "1,S,apple_m_series,d,400,CPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,20,128,10,,,",
        )
        .rows
        .remove(0);
        r.chip = "Apple M2 Max".to_string();
        assert!((unit_bandwidth_gbps(&r) - APPLE_CPU_DIE_GBPS).abs() < 1e-12);
        assert!((unit_bandwidth_share(&r) - APPLE_CPU_DIE_GBPS / 400.0).abs() < 1e-12);
        r.chip = "Apple M2 Ultra".to_string();
        r.bw_gbps = 800.0;
        assert!((unit_bandwidth_gbps(&r) - 2.0 * APPLE_CPU_DIE_GBPS).abs() < 1e-12);
        // A base or Pro chip's CPU can draw its DRAM's bandwidth; so can the GPU of a Max.
        r.chip = "Apple M3".to_string();
        r.bw_gbps = 100.0;
        assert!((unit_bandwidth_share(&r) - 1.0).abs() < 1e-12);
        r.chip = "Apple M2 Max".to_string();
        r.bw_gbps = 400.0;
        r.backend = Backend::Gpu;
        assert!((unit_bandwidth_share(&r) - 1.0).abs() < 1e-12);
        // The decode memory time is taken at the unit's bandwidth.
        r.backend = Backend::Cpu;
        let p = predict(
            &r,
            &Calibrated {
                eta_bw: 1.0,
                ..prior(Backend::Cpu)
            },
        )
        .expect("predicts");
        let q = {
            let mut g = r.clone();
            g.chip = "Apple M2 Pro".to_string();
            predict(
                &g,
                &Calibrated {
                    eta_bw: 1.0,
                    ..prior(Backend::Cpu)
                },
            )
            .expect("predicts")
        };
        assert!((p.decode_memory_s / q.decode_memory_s - 400.0 / APPLE_CPU_DIE_GBPS).abs() < 1e-9);
    }

    #[test]
    fn llama_cpp_decode_on_mixed_cores_runs_at_the_slowest_cores_rate() {
        let mut r =
            one("1,S,pc_cpu,d,102.4,CPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,20,128,10,,,")
                .rows
                .remove(0);
        r.cores = "12 (8x Cortex-A720 + 4x Cortex-A520)".to_string();
        r.threads = Some(12.0);
        // Prompts: the sum of the cores' rates; one token: 12 threads at the A520's rate.
        assert!((cpu_peak(&r) - (8.0 * 0.045 + 4.0 * 0.016)).abs() < 1e-12);
        assert!((cpu_decode_peak(&r) - 12.0 * 0.016).abs() < 1e-12);
        assert!((decode_peak(&r).tops - 12.0 * 0.016).abs() < 1e-12);
        // The big cores alone are one kind: no change; nor under a runtime that balances dynamically.
        r.threads = Some(8.0);
        assert!((cpu_decode_peak(&r) - cpu_peak(&r)).abs() < 1e-12);
        r.threads = Some(12.0);
        r.framework = "LiteRT-LM".to_string();
        assert!((cpu_decode_peak(&r) - cpu_peak(&r)).abs() < 1e-12);
        // The slower decode peak reaches the decode prediction, not the prefill one.
        r.framework = "llama-bench".to_string();
        let c = prior(Backend::Cpu);
        let mixed = predict(&r, &c).expect("predicts");
        r.cores = "12 (12x Cortex-A720)".to_string();
        let even = predict(&r, &c).expect("predicts");
        assert!(mixed.decode_compute_s > even.decode_compute_s);
    }

    #[test]
    fn a_pi_4_cpu_streams_what_its_soc_lets_it() {
        let mut r =
            one("1,S,sbc,Raspberry Pi 4,12.8,CPU,llama-bench,TinyLlama 1.1B,1.1,Q8_0,8.5,,,,,3,,,")
                .rows
                .remove(0);
        assert_eq!(unit_bandwidth_gbps(&r), BCM2711_CPU_GBPS);
        r.device = "Raspberry Pi 400 (4 GB)".to_string();
        assert_eq!(unit_bandwidth_gbps(&r), BCM2711_CPU_GBPS);
        for other in [
            "Raspberry Pi 5 (4 GB)",
            "Orange Pi 5",
            "Qualcomm QCM4290 board",
        ] {
            r.device = other.to_string();
            assert_eq!(unit_bandwidth_gbps(&r), 12.8, "{other}");
        }
    }

    #[test]
    fn blank_sizes_are_read_from_the_model_and_quantization_names() {
        assert_eq!(params_in_name("Llama 3.1 8B"), Some(8e9));
        assert_eq!(params_in_name("Qwen2.5-1.5B-Instruct"), Some(1.5e9));
        assert_eq!(params_in_name("SmolLM-135M"), Some(1.35e8));
        assert_eq!(params_in_name("Qwen3-30B-A3B"), Some(3e10));
        for none in ["Mixtral 8x7B", "Phi-3.5-mini", "DeepSeek-R1", "gemma-3-it"] {
            assert_eq!(params_in_name(none), None, "{none}");
        }
        // Names with a size word or an expert layout instead of a count.
        assert_eq!(params_of_named_size("Phi-3.5-mini-instruct"), Some(3.82e9));
        assert_eq!(
            params_of_named_size("microsoft/Phi-4-mini-instruct"),
            Some(3.84e9)
        );
        assert_eq!(params_of_named_size("phi4:14b"), Some(14.7e9));
        assert_eq!(params_of_named_size("Mixtral 8x7B Instruct"), Some(46.7e9));
        assert_eq!(params_of_named_size("DeepSeek-R1"), None);
        assert_eq!(params_of_named_size("Delphi 2"), None);
        assert_eq!(
            params_of_named_size("Phi-4-multimodal-instruct"),
            Some(5.57e9)
        );
        assert_eq!(params_of_named_size("microsoft/phi-2"), Some(2.78e9));
        assert_eq!(nominal_bits("4bit"), Some(4.5));
        assert_eq!(nominal_bits("MLX 8-bit"), Some(8.5));
        assert_eq!(nominal_bits("Q4_K_M (4bit)"), Some(4.85));
        // Weights and activations apart: the weights' bits, never the activations'.
        for (q, b) in [
            ("w4a16", 4.0),
            ("W8A8", 8.0),
            ("w4a16 (+ w8a16 a few layers)", 4.0),
            ("a16w4 QAT", 4.0),
            ("a16w8", 8.0),
            ("16a4w", 4.0),
            ("16a8w (8-bit weights, 16-bit activations)", 8.0),
            ("w4 (4-bit weights, a few layers w8; fp16 activations)", 4.0),
            ("int4 weights, fp16 activations", 4.0),
            ("4-bit weights, 16-bit activations", 4.0),
            ("8 bit weights", 8.0),
            // ExecuTorch's README and Meta's tables.
            ("8da4w", 4.0),
            (
                "4-bit groupwise weights (group 128), 8-bit dynamic per-token activations (8da4w)",
                4.0,
            ),
            (
                "SpinQuant (4-bit groupwise weights, 8-bit dynamic activations; 8-bit embedding and head)",
                4.0,
            ),
        ] {
            assert_eq!(nominal_bits(q), Some(b), "{q}");
        }
        for (q, a) in [
            ("w4a16", Some(16.0)),
            ("a16w4 QAT", Some(16.0)),
            ("16a8w", Some(16.0)),
            ("W8A8", Some(8.0)),
            (
                "w4 (4-bit weights, a few layers w8; fp16 activations)",
                Some(16.0),
            ),
            ("int4 weights, fp16 activations", Some(16.0)),
            ("8-bit weights, 16-bit activations", Some(16.0)),
            ("8da4w", Some(8.0)),
            (
                "4-bit groupwise weights, 8-bit dynamic per-token activations",
                Some(8.0),
            ),
            ("int4 weights and activations", None),
            ("4-bit weights, 8-bit embedding", None),
            ("Q4_0", None),
        ] {
            assert_eq!(activation_bits(q), a, "{q}");
        }
        for (q, e) in [
            (
                "SpinQuant (4-bit groupwise weights, 8-bit dynamic activations; 8-bit embedding and head)",
                Some(8.0),
            ),
            ("4-bit groupwise weights (group 32), FP32 embedding table", Some(32.0)),
            ("embedding 4-bit groupwise g32", None),
            ("Q4_K_M", None),
        ] {
            assert_eq!(embedding_bits_named(q), e, "{q}");
        }
        assert_eq!(weight_bits("Q4_K_M"), None);
        assert_eq!(weight_bits("q4f16_1"), None);
        assert_eq!(weight_bits("SpinQuant (4-bit)"), None);
        assert_eq!(weight_bits("weights"), None);
        assert_eq!(weight_bits("w4a"), None);
        assert_eq!(
            weight_bits("w5a16"),
            None,
            "no 5-bit weights scheme: not read as one"
        );
        assert_eq!(nominal_bits("SpinQuant (4-bit)"), None);
        assert_eq!(nominal_bits("SpinQuant (4-bit)"), None);
        assert_eq!(nominal_bits("Q4_K_M (Ollama default tag)"), Some(4.85));
        assert_eq!(nominal_bits("Q8_0"), Some(8.5));
        assert_eq!(nominal_bits("Q4 (unspecified)"), Some(4.5));
        assert_eq!(
            nominal_bits("Q4_K (K-quant; S/M variant not stated)"),
            Some(4.5)
        );
        assert_eq!(nominal_bits("Q5_K"), Some(5.5));
        assert_eq!(nominal_bits("Q4_K_M"), Some(4.85));
        assert_eq!(nominal_bits("Q4_K_S"), Some(4.58));
        assert_eq!(nominal_bits("UD-Q4_K_XL"), Some(4.85));
        assert_eq!(nominal_bits("BF16"), Some(16.0));
        assert_eq!(nominal_bits("MXFP4 MoE"), Some(4.25));
        assert_eq!(nominal_bits("INT4 (MLC q4f16_ft)"), Some(4.5));
        assert_eq!(nominal_bits("q3f16_1"), Some(3.6));
        assert_eq!(nominal_bits("UD-Q4_K_XL"), Some(4.85));
        assert_eq!(nominal_bits("Q8"), Some(8.5));
        assert_eq!(nominal_bits("q4"), Some(4.5));
        assert_eq!(nominal_bits("Q9"), None);
        assert_eq!(
            nominal_bits("Q40"),
            Some(4.5),
            "Q4_0 with its underscore dropped"
        );
        assert_eq!(nominal_bits("UD-Q3_K_XL"), Some(3.91));
        // MLX's group of 64 with an FP16 scale and bias, wherever the bits are written.
        for (q, b) in [
            ("4bit (mlx-community/Qwen3-8B-4bit)", Some(4.5)),
            ("q8 (mlx-community 8bit)", Some(8.5)),
            ("4-bit (README: MLX safetensors)", Some(4.5)),
            ("3bit", Some(3.5)),
            ("bf16", None),
        ] {
            assert_eq!(mlx_bits(q), b, "{q}");
        }
        assert_eq!(nominal_bits("dynamic_int8"), Some(8.0));
        assert_eq!(nominal_bits("Q2_K"), Some(3.35));
        assert_eq!(nominal_bits("Q3_K_M"), Some(3.91));
        assert_eq!(nominal_bits("IQ2_XXS"), Some(2.06));
        assert_eq!(nominal_bits("IQ3_XS"), Some(3.3));
        assert_eq!(nominal_bits("IQ4_XS"), Some(4.25));
        assert_eq!(nominal_bits("Q4_0_4_8"), Some(4.5));
        assert_eq!(nominal_bits("MLX 4-bit"), Some(4.5));
        assert_eq!(nominal_bits("NVFP4"), Some(4.5));
        assert_eq!(nominal_bits("SpinQuant (4-bit)"), None);
        // A row with neither params_b nor bpw_nominal nor a size is read from its names.
        let p = one("1,S,pc_cpu,d,100,CPU,llama-bench,Llama 3.1 8B,,Q4_0,,,512,50,128,10,,,");
        assert_eq!(p.rows.len(), 1, "{:?}", p.skipped);
        assert_eq!((p.rows[0].params, p.rows[0].bits), (8e9, 4.5));
        // Still nothing to go on: skipped with its reason.
        let p = one("1,S,pc_cpu,d,100,CPU,llama-bench,My model,,w4a16,,,512,50,128,10,,,");
        assert_eq!(p.rows.len(), 0);
    }

    #[test]
    fn a_backend_with_one_row_moves_its_prior_part_way() {
        // The calibration set's one NPU row (decode 85 tokens/s, ≈0.93 of the bandwidth at the prior's
        // per-layer cost) moves η_bw from the prior's 0.6 a third of the way in log terms; nothing else.
        let base = fit(&parse(CALIBRATION_CSV).unwrap().rows);
        let npu = base.iter().find(|c| c.backend == Backend::Npu).unwrap();
        assert_eq!((npu.n_decode, npu.n_prefill), (1, 1));
        assert!((0.65..0.75).contains(&npu.eta_bw), "{}", npu.eta_bw);
        assert!(npu.eta_c > 0.3 && npu.eta_c < 0.6, "{}", npu.eta_c);
        assert_eq!(npu.layer_ms, prior(Backend::Npu).layer_ms);
        assert_eq!(npu.decode_band, prior(Backend::Npu).decode_band);
        // With no row at all the prior stands.
        let p = parse(CALIBRATION_CSV).unwrap();
        let gpu_only: Vec<Row> = p
            .rows
            .iter()
            .filter(|r| r.backend == Backend::Gpu)
            .cloned()
            .collect();
        assert!(fit(&gpu_only).iter().all(|c| c.backend == Backend::Gpu));
    }

    #[test]
    fn mixtures_of_experts_read_their_active_parameters() {
        assert_eq!(active_in_name("Qwen3-30B-A3B-Instruct"), Some(3.0));
        assert_eq!(active_in_name("qwen3moe 30B.A3B Q8_0"), Some(3.0));
        assert_eq!(active_in_name("Qwen1.5-MoE-A2.7B"), Some(2.7));
        assert_eq!(active_in_name("granite-3.0-3b-a800m"), Some(0.8));
        for dense in [
            "Llama 3.1 8B",
            "Qwen2.5 7B AWQ",
            "gemma-3-4b-it-qat",
            "Mistral 7B v0.3",
            "a3b",
        ] {
            assert_eq!(active_in_name(dense), None, "{dense}");
        }
        // A named marker picks the mixture among a family's variants; the dense 32B stays dense.
        let s = known_shape("Qwen3-Coder-30B-A3B-Instruct", 30.53e9).unwrap();
        assert_eq!((s.layers, s.active_b), (48.0, 3.35));
        assert_eq!(known_shape("Qwen3 32B", 32.8e9).unwrap().active_b, 0.0);
        // gpt-oss-20b in MXFP4 (11.27 GiB): the experts are 4.25-bit, the rest of the file's bytes sit in
        // the 1.8 B parameters every token reads, so a token reads ≈6 bits per weight against 4.6 on average.
        let r = one(
            "1,S,workstation_unified,NVIDIA DGX Spark,273,GPU,llama-bench -ub 2048,gpt-oss 20B,20.91,MXFP4 MoE,,11.27 GiB,2048,3782,32,84,,,",
        )
        .rows
        .remove(0);
        let shape = shape_of(&r);
        let (active, bits) = moe_active(&r, &shape).unwrap();
        assert!((active - 4.19e9).abs() < 1e6, "{active}");
        assert!((4.62..4.64).contains(&r.bits), "{}", r.bits);
        assert!((5.9..6.3).contains(&bits), "{bits}");
        assert_eq!(micro_batch(&r), Some(2048.0));
        assert!(ggml_cuda(&r) && runtime_of(&r) == Runtime::LlamaCppCuda);
        assert!(sliding_window_cache(&r));
        // Its sliding-window layers keep (and attend over) the 128-token window plus the 2048-token
        // micro-batch; the default micro-batch is 512.
        let window = |r: &Row| {
            inputs_for(r, &lookup_row(CALIBRATED, r))
                .0
                .mid(Field::Window)
        };
        assert_eq!(window(&r), Some(128.0 + 2048.0));
        let mut default_ub = r.clone();
        default_ub.framework = "llama-bench".to_string();
        assert_eq!(window(&default_ub), Some(128.0 + LLAMA_CPP_UBATCH));
        // Predicted at the active bytes, not the file's: ≈ 75 tokens/s (84 measured), not ≈ 18.
        let p = predict(&r, &lookup_row(CALIBRATED, &r)).unwrap();
        assert!((65.0..95.0).contains(&p.decode_tps), "{}", p.decode_tps);
        // The column, when a file has it, wins over the table.
        let mut c = r.clone();
        c.active = Some(2.0e9);
        assert_eq!(moe_active(&c, &shape).unwrap().0, 2.0e9);
        // A dense model and builds before llama.cpp's sliding-window cache.
        let mut d = r.clone();
        d.model = "Llama 3.1 8B".to_string();
        d.params = 8.03e9;
        assert_eq!(moe_active(&d, &shape_of(&d)), None);
        d.framework = "llama-bench b5000".to_string();
        assert!(!sliding_window_cache(&d) && micro_batch(&d).is_none());
        d.framework = "Metal, llama-bench b6000".to_string();
        assert!(sliding_window_cache(&d) && !ggml_cuda(&d));
        d.framework = "LiteRT-LM".to_string();
        assert!(!sliding_window_cache(&d));
    }

    #[test]
    fn a_prompt_after_cached_tokens_attends_to_them() {
        // llama-bench pp2048 @ d32768: the same weights, attention over 32k more tokens — slower, and a
        // windowed model (Gemma 3: five local layers of six) loses less.
        let base = "1,S,workstation_unified,NVIDIA DGX Spark,273,GPU,llama-bench (CUDA),";
        let at = |model: &str, size: &str, depth: &str| {
            let mut r = one(&alloc::format!(
                "{base}{model},{size},Q4_0,4.5,,2048,5000,32,70,,,"
            ))
            .rows
            .remove(0);
            r.context = depth.parse().ok();
            predict(&r, &lookup_row(CALIBRATED, &r))
                .unwrap()
                .prefill_tps
        };
        let llama = at("Llama 3.1 8B", "8.03", "32768") / at("Llama 3.1 8B", "8.03", "");
        let gemma = at("Gemma 3 4B", "3.88", "32768") / at("Gemma 3 4B", "3.88", "");
        assert!(
            llama < 0.8 && gemma < 1.0 && gemma > llama,
            "{llama} {gemma}"
        );
    }

    #[test]
    fn geforce_prompts_run_int8_tensor_cores_under_llama_cpp() {
        let mut r = one(
            "1,S,discrete_gpu,NVIDIA RTX 4090,1008,GPU,llama-bench b4011,LLaMA 2 7B,6.74,Q4_0,4.5,,512,13944,128,188,165.2,TFLOPS,FP16",
        )
        .rows
        .remove(0);
        assert!(geforce_rtx(&r));
        assert_eq!(llama_cpp_build(&r), Some(4011));
        let mut named = r.clone();
        named.framework = "llama.cpp on a B200".to_string();
        assert_eq!(llama_cpp_build(&named), None);
        // MMQ: int8 MMA at 4x the FP32-accumulate FP16 figure, for a prompt only.
        assert_eq!(cuda_prompt_factor(&r), 4.0);
        assert!((default_peak(&r).tops - 4.0 * 165.2).abs() < 1e-9);
        assert!((decode_peak(&r).tops - 165.2).abs() < 1e-9);
        // F16 weights and builds before the MMQ default: cuBLAS FP16 with FP16 accumulation (2x).
        r.quant = "F16".to_string();
        assert_eq!(cuda_prompt_factor(&r), 2.0);
        r.quant = "Q4_K_M".to_string();
        r.framework = "llama-bench b3000".to_string();
        assert_eq!(cuda_prompt_factor(&r), 2.0);
        r.framework = "llama.cpp".to_string();
        r.framework_version = "2024-03-01".to_string();
        assert_eq!(cuda_prompt_factor(&r), 2.0);
        r.framework_version = "2024-07".to_string();
        assert_eq!(cuda_prompt_factor(&r), 4.0);
        // A 4-bit figure (Blackwell's headline) is twice the int8 rate the kernels run at; an 8-bit one is it.
        let mut b = r.clone();
        b.device = "NVIDIA DGX Spark (GB10)".to_string();
        b.precision = "FP4 (sparse)".to_string();
        assert_eq!(cuda_prompt_factor(&b), 0.5);
        b.quant = "MXFP4 MoE".to_string();
        assert_eq!(cuda_prompt_factor(&b), 0.5);
        b.quant = "F16".to_string();
        assert_eq!(cuda_prompt_factor(&b), 0.25);
        b.quant = "Q8_0".to_string();
        b.precision = "FP8".to_string();
        assert_eq!(cuda_prompt_factor(&b), 1.0);
        // An int8 or FP16-accumulate figure, another runtime, a workstation or older card: as stated.
        for (field, text) in [
            ("precision", "INT8 (dense)"),
            ("precision", "FP16 acc"),
            ("framework", "vLLM"),
            ("framework", "llama.cpp (Vulkan), llama-bench b5000"),
            ("device", "NVIDIA RTX A6000"),
            ("device", "NVIDIA GTX 1080 Ti"),
            ("device", "NVIDIA RTX 4000 Ada Generation"),
            ("device", "Quadro RTX 6000"),
        ] {
            assert_eq!(cuda_prompt_factor(&altered(&r, field, text)), 1.0, "{text}");
        }
        assert_eq!(
            llama_cpp_build(&one("1,S,pc_cpu,d,1,CPU,ollama 0.5.7,m,1,Q4_0,4.5,,,,,1,,,").rows[0]),
            None
        );
    }

    #[test]
    fn a_jetsons_per_layer_cost_under_mlc_follows_its_gpu_clock() {
        let r = one("1,S,jetson,NVIDIA Jetson Orin Nano 8GB Developer Kit,68,GPU,MLC-LLM,Llama 2 7B,6.74,INT4,4.5,,,,,20,,,")
            .rows
            .remove(0);
        let mhz = |d: &str| jetson_gpu_mhz(&altered(&r, "device", d));
        assert_eq!(
            mhz("NVIDIA Jetson Orin Nano 8GB Developer Kit"),
            Some(625.0)
        );
        assert_eq!(mhz("Jetson Orin Nano Super Developer Kit"), Some(1020.0));
        assert_eq!(
            mhz("NVIDIA Jetson AGX Orin 64GB Developer Kit"),
            Some(1300.0)
        );
        assert_eq!(mhz("Jetson AGX Orin 32GB"), Some(930.0));
        assert_eq!(mhz("Jetson AGX Orin Industrial"), Some(1200.0));
        assert_eq!(mhz("Jetson Orin NX 16GB"), Some(918.0));
        assert_eq!(mhz("Jetson Orin NX 8GB"), Some(765.0));
        assert_eq!(mhz("Jetson AGX Xavier"), None);
        // The Super mode is also told by its bandwidth.
        let mut fast = r.clone();
        fast.bw_gbps = 102.0;
        assert_eq!(jetson_gpu_mhz(&fast), Some(1020.0));
        // The scale goes with the clock, under MLC only; llama.cpp on the same board keeps the group's cost.
        assert_eq!(layer_scale(&r), 1.0);
        let agx = altered(&r, "device", "NVIDIA Jetson AGX Orin 64GB");
        assert!((layer_scale(&agx) - 625.0 / 1300.0).abs() < 1e-12);
        assert_eq!(
            layer_scale(&altered(&agx, "framework", "llama.cpp (CUDA)")),
            1.0
        );
        // So the same model decodes faster on the AGX Orin than its bandwidth alone says: 3× the bandwidth,
        // 2.08× the clock.
        let c = lookup_row(CALIBRATED, &r);
        let mut agx_bw = agx.clone();
        agx_bw.bw_gbps = 204.8;
        let nano = predict(&r, &c).unwrap().decode_tps;
        let fast = predict(&agx_bw, &c).unwrap().decode_tps;
        let same_clock = predict(&altered(&agx_bw, "device", "Jetson (clock not stated)"), &c)
            .unwrap()
            .decode_tps;
        assert!(
            fast > same_clock && same_clock > nano,
            "{nano} {same_clock} {fast}"
        );
    }

    /// `r` with one text column replaced.
    fn altered(r: &Row, field: &str, text: &str) -> Row {
        let mut x = r.clone();
        let cell = match field {
            "precision" => &mut x.precision,
            "framework" => &mut x.framework,
            "quant" => &mut x.quant,
            "device" => &mut x.device,
            _ => unreachable!("{field}"),
        };
        *cell = text.to_string();
        x
    }

    #[test]
    fn cuda_prompts_reread_their_weights_per_mmq_tile() {
        let r = one(
            "1,S,workstation_unified,NVIDIA DGX Spark (GB10),273,GPU,llama-bench b6918 -ub 2048,Qwen2.5 7B,7.62,Q8_0,8.5,,2048,2276,32,60,1000,TFLOPS,FP4 (sparse)",
        )
        .rows
        .remove(0);
        assert!(mmq(&r));
        assert_eq!(gemm_tile(&r), MMQ_TILE);
        // A prompt of 2048 in one micro-batch of 2048: sixteen 128-token tiles, each reading the layer
        // weights; the reads add to the arithmetic. Without tiles the same row reads them once and hides it.
        let c = lookup_row(CALIBRATED, &r);
        let tiled = predict(&r, &c).unwrap().prefill_tps;
        let mut flat = inputs_for(&r, &c).0;
        flat.set_exact(Field::GemmTile, 0.0);
        let s = validate(&flat).unwrap().expected;
        let report = analysis::analyze(&s);
        let once = 2048.0 / latency::ttft_at(&s, &report.compute, 2048.0).0;
        assert!(tiled < 0.75 * once, "{tiled} vs {once}");
        // Measured 2276 tokens/s (llama.cpp's DGX Spark table): within 25 %.
        assert!((tiled / 2276.0 - 1.0).abs() < 0.25, "{tiled}");
        // Not for F16 weights (cuBLAS), Metal, another runtime or a build before MMQ.
        for (field, text) in [
            ("quant", "F16"),
            ("framework", "llama.cpp (Metal) b6918"),
            ("framework", "MLC LLM"),
            ("framework", "llama-bench b3000"),
        ] {
            assert_eq!(gemm_tile(&altered(&r, field, text)), 0.0, "{text}");
        }
    }

    #[test]
    fn llama_cpp_builds_before_dynamic_matmul_split_prompts_equally() {
        assert_eq!(first_date("2023-08"), Some((2023, 8, None)));
        assert_eq!(
            first_date("as of 2024-03-26 (main)"),
            Some((2024, 3, Some(26)))
        );
        assert_eq!(
            first_date("PR 6915 branch (2024-05)"),
            Some((2024, 5, None))
        );
        assert_eq!(first_date("build 081fe431 (3441)"), None);
        assert_eq!(first_date("b4008"), None);
        assert_eq!(first_date("12024-01"), None);
        let mut r =
            one("1,S,pc_cpu,d,102.4,CPU,llama-bench,LLaMA 7B,6.74,Q4_0,4.5,,512,20,128,10,,,")
                .rows
                .remove(0);
        r.cores = "24 (8P + 16E) / 32 threads".to_string();
        r.threads = Some(16.0);
        let dynamic = 8.0 * 0.13 + 8.0 * 0.05;
        assert!((cpu_peak(&r) - dynamic).abs() < 1e-12);
        r.framework_version = "2023-08".to_string();
        assert!(llama_cpp_static_split(&r));
        assert!((cpu_peak(&r) - 16.0 * 0.05).abs() < 1e-12);
        // Undecided dates, later dates and other runtimes keep the dynamic split.
        for v in ["2024-05", "2024-05-15", "2025-01-02", "b4008"] {
            r.framework_version = v.to_string();
            assert!(!llama_cpp_static_split(&r), "{v}");
        }
        r.framework_version = "2024-05-14".to_string();
        assert!(llama_cpp_static_split(&r));
        r.framework = "LiteRT-LM".to_string();
        assert!(!llama_cpp_static_split(&r));
    }

    #[test]
    fn executorch_quantized_exports_read_the_head_once() {
        let mut r = one(
            "1,S,phone,d,76.8,CPU,ExecuTorch (XNNPACK),Llama 3.2 1B,1.24,SpinQuant,,1083 MB,64,260,,50,,,",
        )
        .rows
        .remove(0);
        let shape = shape_of(&r);
        assert!(head_stored_twice(&r, &shape));
        let c = prior(Backend::Cpu);
        let twice = predict(&r, &c).expect("predicts").decode_roofline;
        // The file holds the 128256 x 2048 table twice; a token reads the file less one copy of it.
        let read = 1083e6 * 1.24e9 / (1.24e9 + 128_256.0 * 2048.0);
        assert!((76.8e9 / twice / read - 1.0).abs() < 0.02, "{twice}");
        // A float export stores the shared matrix once; another runtime is not affected either.
        r.quant = "BF16 (baseline)".to_string();
        assert!(!head_stored_twice(&r, &shape));
        r.quant = "SpinQuant".to_string();
        r.framework = "LiteRT-LM".to_string();
        assert!(!head_stored_twice(&r, &shape));
    }

    #[test]
    fn cpu_threads_fill_the_fastest_cores_and_stop_at_the_physical_ones() {
        let mut r =
            one("1,S,pc_cpu,d,100,CPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,20,128,10,,,")
                .rows
                .remove(0);
        r.cores = "24 (8P + 16E) / 32 threads".to_string();
        r.threads = Some(4.0);
        assert!((cpu_peak(&r) - 4.0 * 0.13).abs() < 1e-12);
        r.threads = Some(16.0);
        assert!((cpu_peak(&r) - (8.0 * 0.13 + 8.0 * 0.05)).abs() < 1e-12);
        // SMT threads add nothing: 32 threads use the 24 cores.
        r.threads = Some(32.0);
        assert!((cpu_peak(&r) - (8.0 * 0.13 + 16.0 * 0.05)).abs() < 1e-12);
        // Unstated: one thread per physical core off phones.
        r.threads = None;
        r.cores = "4 cores / 8 threads".to_string();
        assert!((cpu_peak(&r) - 4.0 * 0.13).abs() < 1e-12);
        // llama.cpp's own default on Apple: the performance cores only; other runtimes use them all.
        r.cores = "24 CPU cores (16P + 8E)".to_string();
        r.chip = "Apple M2 Ultra".to_string();
        assert_eq!(cpu_threads(&r), [(16.0, CoreKind::AppleP)]);
        r.framework = "LiteRT-LM (CPU)".to_string();
        assert_eq!(
            cpu_threads(&r),
            [(16.0, CoreKind::AppleP), (8.0, CoreKind::AppleE)]
        );
        r.framework = "llama.cpp CPU, llama-bench".to_string();
        r.chip = String::new();
        // An int8 runtime on Arm dot-product cores runs at 4x the FP32 rate; llama.cpp at 1x.
        r.hw = HwClass::Phone;
        r.cores = "8 (1x X4 + 5x A720 + 2x A520)".to_string();
        r.quant = "int4 weights, int8 activations".to_string();
        r.framework = "ExecuTorch (XNNPACK)".to_string();
        // ExecuTorch's runner takes one thread per performant core (the X4 and five A720s), other phone
        // runtimes four.
        assert!((cpu_peak(&r) - 4.0 * (0.10 + 5.0 * 0.045)).abs() < 1e-12);
        r.framework = "LiteRT-LM".to_string();
        assert!((cpu_peak(&r) - 4.0 * (0.10 + 3.0 * 0.045)).abs() < 1e-12);
        r.framework = "llama.cpp CPU, llama-bench".to_string();
        assert!((cpu_peak(&r) - (0.10 + 3.0 * 0.045)).abs() < 1e-12);
        // A stated thread count wins.
        r.framework = "ExecuTorch (XNNPACK)".to_string();
        r.threads = Some(4.0);
        assert!((cpu_peak(&r) - 4.0 * (0.10 + 3.0 * 0.045)).abs() < 1e-12);
    }

    #[test]
    fn a_stated_fp16_peak_does_not_replace_an_apple_gpu_core_count() {
        let p = one("1,S06,apple_m_series,Apple M2 (10-core GPU),100,GPU,llama-bench,LLaMA 2 7B,6.74,Q4_0,4.5,,512,185,128,21,7.1,TFLOPS,FP16");
        let peak = default_peak(&p.rows[0]);
        assert!((peak.tops - 10.0 * 0.358).abs() < 1e-9 && !peak.given);
    }

    #[test]
    fn the_default_scenario_is_untouched() {
        assert_eq!(
            crate::input::Inputs::default(),
            crate::input::Inputs::default()
        );
        let s = validate(&Inputs::default()).unwrap();
        assert!((s.expected.device.bandwidth_util - 0.6).abs() < 1e-12);
    }

    /// The calibration set shipped in the repository (a copy of the shared one, with its SOURCES.md).
    const CALIBRATION_CSV: &str = include_str!("../../../data/calibration.csv");
    const CANDIDATES_CSV: &str = include_str!("../../../data/candidates.csv");
    const MLX_CSV: &str = include_str!("../../../data/mlx.csv");
    const APPLE_CSV: &str = include_str!("../../../data/apple.csv");

    #[test]
    fn kquant_share_is_what_fit_gives() {
        // Fitted with the calibration set's own constants and held fixed in the pooled fit (see
        // APPLE7_KQUANT_SHARE).
        let p = parse(APPLE_CSV).unwrap();
        let base = fit(&parse(CALIBRATION_CSV).unwrap().rows);
        let (share, n) = fit_kquant_share_with(&p.rows, |r| lookup_row(&base, r));
        std::println!("share {share} on {n} rows");
        assert_eq!(share, APPLE7_KQUANT_SHARE, "refit differs ({n} rows)");
        // The calibration set has no row it applies to: its fit is untouched.
        let cal = parse(CALIBRATION_CSV).unwrap();
        assert!(!cal.rows.iter().any(apple7_kquant));
    }

    #[test]
    fn apple_generations_and_k_quants_are_read() {
        for (t, g) in [
            ("Apple M1 Max", Some(1)),
            ("Mac Studio (M1 Ultra)", Some(1)),
            ("MacBook Pro (M4 Pro, 48 GB)", Some(4)),
            ("m2", Some(2)),
            ("Apple M10", None),
            ("HM1 board", None),
            ("M1X", None),
            ("Snapdragon 8 Gen 3", None),
        ] {
            assert_eq!(apple_generation(t), g, "{t}");
        }
        for (q, k) in [
            ("Q4_K_M", true),
            ("Q4_K - Medium", true),
            ("UD-Q4_K_XL", true),
            ("Q6_K", true),
            ("Q4_0", false),
            ("Q8_0", false),
            ("F16", false),
            ("IQ4_XS", false),
        ] {
            assert_eq!(is_k_quant(q), k, "{q}");
        }
    }

    /// MLX on Apple GPUs has its own group in the pooled fit (mlx.csv's rows), with a smaller per-layer cost
    /// than llama.cpp's Metal backend; the defaults take it for MLX on an Apple GPU, and only there.
    #[test]
    fn mlx_has_its_own_apple_gpu_group() {
        let p = parse(MLX_CSV).unwrap();
        assert_eq!(p.skipped, Vec::new());
        assert!(p.rows.iter().all(|r| runtime_of(r) == Runtime::Mlx));
        let mlx = default_for(Backend::Gpu, Some(Runtime::Mlx), HwClass::AppleMSeries);
        assert_eq!(mlx.runtime, Some(Runtime::Mlx));
        let metal = default_for(Backend::Gpu, Some(Runtime::LlamaCpp), HwClass::AppleMSeries);
        assert_eq!(metal.runtime, Some(Runtime::LlamaCpp));
        assert!(mlx.layer_ms < metal.layer_ms, "{mlx:?} vs {metal:?}");
        assert_ne!(
            default_for(Backend::Cpu, Some(Runtime::Mlx), HwClass::AppleMSeries).runtime,
            Some(Runtime::Mlx)
        );
    }

    /// `data/calibration.csv` and the candidate rows of `data/candidates.csv` (not used in the fit; never
    /// the hold-out file).
    fn union() -> Parsed {
        let mut p = parse(CALIBRATION_CSV).unwrap();
        let e = parse(CANDIDATES_CSV).unwrap();
        p.rows.extend(e.rows);
        p.skipped.extend(e.skipped);
        p
    }

    #[test]
    fn calibration_file_parses_without_skips() {
        let p = parse(CALIBRATION_CSV).unwrap();
        assert_eq!(p.rows.len() + p.skipped.len(), 135);
        assert_eq!(p.skipped, Vec::new());
        // Every model in the set is in the shape table.
        for r in &p.rows {
            assert!(known_shape(&r.model, r.params).is_some(), "{}", r.model);
        }
    }

    /// The per-core streaming bandwidths are what [`fit_core_stream`] chooses on the training files
    /// (`data/calibration.csv` and `data/candidates.csv`) with the calibrated constants: the calibration
    /// set alone has no CPU run with few enough threads for the bound to bind (every group keeps none), the
    /// candidate thread sweeps (a Ryzen 9 7950X, an M2 Max's CPU, an Orange Pi 5) constrain all three.
    #[test]
    fn core_stream_is_what_fit_gives() {
        let base = fit(&parse(CALIBRATION_CSV).unwrap().rows);
        let alone = fit_core_stream(&parse(CALIBRATION_CSV).unwrap().rows, &base);
        assert!(alone.iter().all(|f| f.gbps.is_none()), "{alone:?}");
        let p = union();
        let fits = fit_core_stream(&p.rows, &fit(&parse(CALIBRATION_CSV).unwrap().rows));
        for f in &fits {
            std::println!(
                "{:?}: {} rows, {:?} GB/s (median |ln| {:.4} without the bound, {:.4} with it)",
                f.group,
                f.n,
                f.gbps,
                f.score_none,
                f.score
            );
        }
        let got: Vec<(StreamGroup, f64)> = fits
            .iter()
            .filter_map(|f| f.gbps.map(|g| (f.group, g)))
            .collect();
        assert_eq!(
            got.as_slice(),
            CORE_STREAM_GBPS,
            "per-core streaming refit differs"
        );
        assert!(
            fits.iter().all(|f| f.score < f.score_none - 0.01),
            "{fits:?}"
        );
    }

    /// The chain binds where it should: one thread of a Raspberry Pi 5 streams a 7 B Q4_0 model's
    /// weights at the Arm group's per-core figure plus its arithmetic (T-MAC's llama.cpp baseline measured
    /// 0.85 tokens/s), while four threads of the same board are back to the DRAM's bound.
    #[test]
    fn one_thread_is_a_chain_and_four_are_the_dram() {
        let text = "hw_class,device,cores,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,decode_tps,threads\n\
             sbc,Raspberry Pi 5,4x Cortex-A76,17.1,CPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,0.85,1\n\
             sbc,Raspberry Pi 5,4x Cortex-A76,17.1,CPU,llama.cpp,Llama 2 7B,6.74,Q4_0,4.5,2.0,4\n";
        let rows = parse(text).unwrap().rows;
        // With the calibration set's constants, the ones the per-core figures were fitted with.
        let base = fit(&parse(CALIBRATION_CSV).unwrap().rows);
        let one = predict(&rows[0], &lookup_row(&base, &rows[0])).unwrap();
        let four = predict(&rows[1], &lookup_row(&base, &rows[1])).unwrap();
        let bytes = 6.74e9 * 4.5 / 8.0;
        let gb = core_stream_gbps(CoreKind::ArmA76, CORE_STREAM_GBPS).unwrap();
        assert!((one.decode_stream_s / (bytes / (gb * 1e9)) - 1.0).abs() < 0.05);
        assert!((four.decode_stream_s * 4.0 / one.decode_stream_s - 1.0).abs() < 1e-9);
        // One thread: compute + stream, far below the DRAM roofline at η_bw.
        let none = predict_with(&rows[0], &lookup_row(&base, &rows[0]), &[]).unwrap();
        assert!(
            one.decode_tps < 0.6 * none.decode_tps,
            "{} vs {}",
            one.decode_tps,
            none.decode_tps
        );
        assert!(
            (one.decode_tps / 0.85 - 1.0).abs() < 0.25,
            "{}",
            one.decode_tps
        );
        // Four threads: the DRAM side binds, the chain does not move the prediction.
        let four_none = predict_with(&rows[1], &lookup_row(&base, &rows[1]), &[]).unwrap();
        assert!((four.decode_tps / four_none.decode_tps - 1.0).abs() < 1e-9);
        // Phones' prime and Armv9 cores have no per-core figure: no chain.
        assert_eq!(CoreKind::ArmPrime.stream_group(), None);
        assert_eq!(CoreKind::ArmV9Mid.stream_group(), None);
    }

    /// Regression guard on the calibration set with each source or device held out of a fit on that file
    /// (the figures measured when the guard was written, with a margin of about one row). The shipped
    /// table's own figures, leave-one-source-out over every file, are guarded by the CLI's tests.
    #[test]
    fn accuracy_on_the_calibration_set_does_not_regress() {
        let p = parse(CALIBRATION_CSV).unwrap();
        #[track_caller]
        fn guard(name: &str, s: &Summary, d: (f64, f64), pf: (f64, f64)) {
            let ok = s.decode.median_abs_err <= d.0
                && s.decode.within_25 >= d.1
                && s.prefill.median_abs_err <= pf.0
                && s.prefill.within_25 >= pf.1;
            assert!(
                ok,
                "{name}: decode {:.4} / {:.4}, prefill {:.4} / {:.4}",
                s.decode.median_abs_err,
                s.decode.within_25,
                s.prefill.median_abs_err,
                s.prefill.within_25
            );
        }
        // Measured on calibration.csv: by source 6.4 % / 85.2 %, 26.7 % / 38.8 %; by device 6.4 % / 83.7 %,
        // 6.3 % / 79.3 %.
        guard(
            "source held out",
            &holdout(&p.rows, HoldOut::Source).summary,
            (0.085, 0.83),
            (0.285, 0.38),
        );
        guard(
            "device held out",
            &holdout(&p.rows, HoldOut::Device).summary,
            (0.07, 0.82),
            (0.075, 0.75),
        );
    }

    #[test]
    fn report_on_the_calibration_set() {
        let p = parse(CALIBRATION_CSV).unwrap();
        let show = |name: &str, v: &Validation| {
            let s = &v.summary;
            std::println!(
                "{name}: decode med {:.3} w25 {:.3} (n {}) | prefill med {:.3} w25 {:.3} (n {}) || naive decode {:.3} {:.3} prefill {:.3} {:.3}",
                s.decode.median_abs_err, s.decode.within_25, s.decode.n,
                s.prefill.median_abs_err, s.prefill.within_25, s.prefill.n,
                s.naive_decode.median_abs_err, s.naive_decode.within_25,
                s.naive_prefill.median_abs_err, s.naive_prefill.within_25,
            );
            for c in &s.by_class {
                std::println!(
                    "   {:<16} decode {:.3} {:.3} n{} bias {:.2} | prefill {:.3} {:.3} n{} bias {:.2} || naive {:.3} {:.3}",
                    c.hw.code(), c.decode.median_abs_err, c.decode.within_25, c.decode.n, c.decode.median_ratio,
                    c.prefill.median_abs_err, c.prefill.within_25, c.prefill.n, c.prefill.median_ratio,
                    c.naive_decode.median_abs_err, c.naive_prefill.median_abs_err,
                );
            }
        };
        let v = validate_rows(&p);
        show("in-sample", &v);
        for r in &v.rows {
            let e = |p: Option<f64>, m: Option<f64>| ratio(p, m).map_or(f64::NAN, |x| x - 1.0);
            std::println!(
                "  row {:>4} {:<14} {:<3?} {:<28.28} {:<16.16} dec {:+.2} pre {:+.2}",
                r.id,
                r.hw.code(),
                r.backend,
                r.device,
                r.quant,
                e(r.decode_predicted, r.decode_measured),
                e(r.prefill_predicted, r.prefill_measured)
            );
        }
        std::println!(
            "above: {:?}",
            v.summary
                .above_roofline
                .iter()
                .map(|a| (&a.id, a.quantity))
                .collect::<Vec<_>>()
        );
        show("leave-one-source-out", &holdout(&p.rows, HoldOut::Source));
        show("leave-one-device-out", &holdout(&p.rows, HoldOut::Device));
    }
}
