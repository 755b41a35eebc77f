//! CPU cores and threads: the core kinds a chip description names, the threads a runtime uses, their peak, and the per-thread streaming chain.

use edgefit_core::input::Backend;

use crate::*;

/// A CPU core microarchitecture family, as the `cores` (or `chip`) text names it. It sets the core's FP32
/// FMA rate (SIMD pipes × lanes × 2 × a typical clock) and whether it has integer dot products.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
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
pub(crate) fn x_core(s: &str) -> bool {
    s.match_indices('x').any(|(i, _)| {
        let before_ok = i == 0 || !s[..i].ends_with(|c: char| c.is_ascii_digit());
        before_ok && s[i + 1..].starts_with(|c: char| c.is_ascii_digit())
    })
}

/// The CPU's part of a `cores` text that lists a chip's other units too ("4x Cortex-A57 + 128-core Maxwell
/// GPU", "6 CPU (2P + 4E) + 6-core GPU", "16 Zen 5 cores / 32 threads + 40 CU GPU"): the `+`-separated parts
/// outside parentheses that name a GPU, an NPU or compute units are dropped. Empty when nothing else is
/// left ("40 GPU cores").
pub(crate) fn cpu_part(text: &str) -> String {
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
    let chip = format!("{} {}", row.chip, row.device).to_ascii_lowercase();
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
            if n > sum + 0.5 && !text.starts_with(&format!("{n}x")) {
                groups.push((n - sum, big));
            }
        }
        (false, None) => {}
    }
    edgefit_core::math::sort_by(&mut groups, |a, b| {
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
pub(crate) fn slowest_core_peak(row: &Row, used: &[(f64, CoreKind)]) -> f64 {
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
pub(crate) fn built_before(row: &Row, date: (u32, u32, u32), build: Option<u32>) -> bool {
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
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
