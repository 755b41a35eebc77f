//! What the user typed: every input as a flat, named field with its unit, default and allowed range.
//!
//! This table is the one description of the inputs. The URL codec, the web form, the CLI, validation and the
//! sensitivity analysis all iterate it, so a field added here is shareable, editable and checked everywhere.
//! Values here are in the units people type (GB, ms, TOPS, °C); [`crate::scenario`] converts them to SI.

use alloc::string::String;

/// Which group of the seed's constraints an input belongs to (the form is laid out by group).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Group {
    /// The chip: compute, memory, bandwidth, storage, power and heat.
    Device,
    /// The network: its size and shape.
    Model,
    /// How the weights, activations and KV cache are stored.
    Quantization,
    /// The targets and the workload.
    Scenario,
    /// The inference runtime.
    Framework,
}

/// Every group, in the seed's order.
pub const ALL_GROUPS: [Group; 5] = [
    Group::Device,
    Group::Model,
    Group::Quantization,
    Group::Scenario,
    Group::Framework,
];

/// The unit an input is typed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Unit {
    /// 10¹² operations per second.
    Tops,
    /// A share between 0 and 1.
    Ratio,
    /// Decimal gigabytes.
    Gb,
    /// Decimal megabytes.
    Mb,
    /// Decimal gigabytes per second.
    GbPerS,
    /// Watts.
    Watts,
    /// Seconds.
    Seconds,
    /// Milliseconds.
    Ms,
    /// Degrees Celsius.
    Celsius,
    /// Picojoules per bit moved.
    PjPerBit,
    /// Watt-hours.
    Wh,
    /// Billions of parameters.
    BillionParams,
    /// A plain count.
    Count,
    /// Tokens.
    Tokens,
    /// Bits.
    Bits,
    /// 10⁹ operations.
    Gop,
    /// Frames per second.
    Fps,
    /// Yes (1) or no (0).
    Flag,
    /// Pixels.
    Px,
}

macro_rules! fields {
    ($( $(#[$doc:meta])* $id:ident = $key:literal, $group:ident, $unit:ident, $default:expr, $min:expr, $max:expr, $kind:ident; )*) => {
        /// One numeric input. See [`Field::spec`] for its key, unit, default and allowed range.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "snake_case"))]
        #[non_exhaustive]
        pub enum Field {
            $( $(#[$doc])* $id, )*
        }

        /// Every numeric input, in form order (grouped as the seed groups the constraints).
        pub const ALL_FIELDS: &[Field] = &[ $( Field::$id, )* ];

        const SPECS: &[FieldSpec] = &[ $( FieldSpec {
            field: Field::$id, key: $key, group: Group::$group, unit: Unit::$unit,
            default: $default, min: $min, max: $max, kind: Kind::$kind,
        }, )* ];
    };
}

/// How a field's values are constrained beyond their bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Kind {
    /// Any real number in bounds; may be given as a range (low–high).
    Real,
    /// Any real number in bounds, never a range.
    Exact,
    /// A whole number in bounds.
    Integer,
    /// 0 or 1.
    Flag,
    /// Real, and may be left empty (unknown).
    Optional,
}

/// A bound: the value and whether it may be reached.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Bound {
    /// The limit.
    pub value: f64,
    /// Whether the limit itself is allowed.
    pub inclusive: bool,
}

/// An inclusive bound.
pub(crate) const fn incl(value: f64) -> Bound {
    Bound {
        value,
        inclusive: true,
    }
}
/// An exclusive bound.
pub(crate) const fn excl(value: f64) -> Bound {
    Bound {
        value,
        inclusive: false,
    }
}

/// A typed input value: one number, or a range with an expected value inside it.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Value {
    /// The low end (equal to `mid` for a single number).
    pub lo: f64,
    /// The expected value.
    pub mid: f64,
    /// The high end (equal to `mid` for a single number).
    pub hi: f64,
}

impl Value {
    /// One number.
    #[must_use]
    pub const fn exact(x: f64) -> Self {
        Self {
            lo: x,
            mid: x,
            hi: x,
        }
    }
    /// A range whose expected value is its midpoint.
    #[must_use]
    pub fn range(lo: f64, hi: f64) -> Self {
        Self {
            lo,
            mid: midpoint(lo, hi),
            hi,
        }
    }
    /// A range with an explicit expected value.
    #[must_use]
    pub const fn range3(lo: f64, mid: f64, hi: f64) -> Self {
        Self { lo, mid, hi }
    }
    /// Whether this is a range rather than one number.
    #[must_use]
    pub fn is_range(&self) -> bool {
        self.lo != self.hi
    }
    /// The value at one corner of the ranges.
    #[must_use]
    pub fn at(&self, corner: Corner) -> f64 {
        match corner {
            Corner::Low => self.lo,
            Corner::Expected => self.mid,
            Corner::High => self.hi,
        }
    }
    /// Every end multiplied by `k` (used by the sensitivity analysis).
    #[must_use]
    pub fn scaled(&self, k: f64) -> Self {
        Self {
            lo: self.lo * k,
            mid: self.mid * k,
            hi: self.hi * k,
        }
    }
}

/// The midpoint of a range, snapped to 12 decimals so that `0.2~0.4` means exactly 0.3.
fn midpoint(lo: f64, hi: f64) -> f64 {
    let m = (lo + hi) / 2.0;
    let r = crate::math::round(m * 1e12) / 1e12;
    if (r - m).abs() <= 1e-9 * m.abs() {
        r
    } else {
        m
    }
}

/// Which end of every ranged input a calculation uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Corner {
    /// Every range at its low end.
    Low,
    /// Every range at its expected value.
    Expected,
    /// Every range at its high end.
    High,
}

/// The three corners, expected first.
pub const ALL_CORNERS: [Corner; 3] = [Corner::Expected, Corner::Low, Corner::High];

/// The description of one numeric input.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FieldSpec {
    /// Which input.
    pub field: Field,
    /// Its key in share links and scenario files.
    pub key: &'static str,
    /// Its group in the form.
    pub group: Group,
    /// The unit it is typed in.
    pub unit: Unit,
    /// Its default (`None`: unknown unless the user gives it).
    pub default: Option<Value>,
    /// The lowest allowed value.
    pub min: Bound,
    /// The highest allowed value.
    pub max: Bound,
    /// Whole number, flag, range or optional.
    pub kind: Kind,
}

const fn d(x: f64) -> Option<Value> {
    Some(Value::exact(x))
}

// The seed's worked example is the default scenario: an 8 TOPS INT8 NPU with 8 GB LPDDR5 at 25 GB/s,
// 4 W sustained, 85 °C, 4 GB free storage; a 1.5 B-parameter, 32-layer, 2048-hidden MHA model at INT4
// per-tensor; TTFT 300 ms, TPOT 50 ms, 2048 context.
fields! {
    /// Peak INT8 throughput of the accelerator.
    PeakInt8Tops = "int8_tops", Device, Tops, d(8.0), excl(0.0), incl(1e6), Exact;
    /// Peak FP16 throughput (unknown: half the INT8 peak, labelled as assumed).
    PeakFp16Tops = "fp16_tops", Device, Tops, None, excl(0.0), incl(1e6), Optional;
    /// Peak INT4 throughput (unknown: the INT8 peak, labelled as assumed).
    PeakInt4Tops = "int4_tops", Device, Tops, None, excl(0.0), incl(1e6), Optional;
    /// Share of the peak that real operators reach (the seed's 20–40 %).
    ComputeUtil = "eta_c", Device, Ratio, Some(Value::range3(0.2, 0.3, 0.4)), excl(0.0), incl(1.0), Real;
    /// Effective CPU throughput for operators that fall back from the accelerator.
    CpuTops = "cpu_tops", Device, Tops, d(0.1), excl(0.0), incl(1e6), Real;
    /// Total device memory.
    MemoryGb = "mem_gb", Device, Gb, d(8.0), excl(0.0), incl(1e5), Exact;
    /// Memory kept by the OS and other apps.
    ReservedGb = "reserved_gb", Device, Gb, d(3.5), incl(0.0), incl(1e5), Real;
    /// Peak memory bandwidth.
    BandwidthGbps = "bw_gbps", Device, GbPerS, d(25.0), excl(0.0), incl(1e5), Exact;
    /// Share of the peak bandwidth that decoding reaches.
    BandwidthUtil = "eta_bw", Device, Ratio, d(0.6), excl(0.0), incl(1.0), Real;
    /// Measured ÷ predicted decode speed: the spread of the prediction's out-of-sample errors (the
    /// median ± 1.9 robust standard deviations) for this kind of device and runtime; its ends are the speed band's corners. A device
    /// preset sets its group's band; otherwise 1 (no band given).
    BandDecode = "band_decode", Device, Ratio, d(1.0), excl(0.0), incl(100.0), Real;
    /// The same for prefill (prompt) speed.
    BandPrefill = "band_prefill", Device, Ratio, d(1.0), excl(0.0), incl(100.0), Real;
    /// Free storage for the model file.
    StorageFreeGb = "storage_gb", Device, Gb, d(4.0), excl(0.0), incl(1e6), Exact;
    /// Sequential read speed of the storage (UFS 3.1 ≈ 2 GB/s).
    StorageReadGbps = "read_gbps", Device, GbPerS, d(2.0), excl(0.0), incl(1e4), Real;
    /// Power the device can dissipate indefinitely.
    SustainedW = "sustained_w", Device, Watts, d(4.0), excl(0.0), incl(1e4), Exact;
    /// Short-term power the device allows.
    BurstW = "burst_w", Device, Watts, d(8.0), excl(0.0), incl(1e4), Exact;
    /// How long the burst power lasts before the junction limit.
    BurstS = "burst_s", Device, Seconds, d(30.0), excl(0.0), incl(1e6), Exact;
    /// Junction temperature limit.
    TjMaxC = "tj_max_c", Device, Celsius, d(85.0), excl(-50.0), incl(300.0), Exact;
    /// Ambient temperature.
    AmbientC = "ambient_c", Device, Celsius, d(25.0), incl(-50.0), incl(100.0), Exact;
    /// Accelerator power at full load (the seed's 2–3 W).
    AccelW = "accel_w", Device, Watts, Some(Value::range3(2.0, 2.5, 3.0)), incl(0.0), incl(1e4), Real;
    /// CPU and the rest of the SoC while inferring.
    BaseW = "base_w", Device, Watts, d(1.0), incl(0.0), incl(1e4), Real;
    /// Power while idle between bursts of work (race to idle).
    IdleW = "idle_w", Device, Watts, d(0.2), incl(0.0), incl(1e4), Real;
    /// DRAM energy per bit moved (LPDDR5 ≈ 4 pJ/bit).
    DramPjPerBit = "dram_pj_bit", Device, PjPerBit, d(4.0), incl(0.0), incl(1e4), Real;
    /// Battery capacity, for hours of use (unknown: not reported).
    BatteryWh = "battery_wh", Device, Wh, None, excl(0.0), incl(1e5), Optional;
    /// Memory one app may use (a mobile OS's per-app cap), when it is lower than total minus reserved.
    AppCapGb = "app_cap_gb", Device, Gb, None, excl(0.0), incl(1e5), Optional;
    /// Largest graph (weights) the accelerator maps at once; larger models are split into parts.
    GraphLimitGb = "graph_limit_gb", Device, Gb, None, excl(0.0), incl(1e5), Optional;
    /// Peak compute one decoded token's work reaches, when the runtime splits it less evenly than a
    /// prompt's (unknown: the prompt's peak). Scales every precision's peak for decode alike.
    DecodeTops = "decode_tops", Device, Tops, None, excl(0.0), incl(1e6), Optional;
    /// CPU decode: the threads × one core's streaming bandwidth. One thread's share of a token is a chain —
    /// its arithmetic, then its reads at that bandwidth — so TPOT is at least the two added (unknown: no
    /// such bound, as for accelerators).
    ChainGbps = "chain_gbps", Device, GbPerS, None, excl(0.0), incl(1e6), Optional;

    /// Parameter count, when the model is given by size (billions).
    ParamsB = "params_b", Model, BillionParams, d(1.5), excl(0.0), incl(1e5), Exact;
    /// Transformer layers.
    Layers = "layers", Model, Count, d(32.0), incl(1.0), incl(1e4), Integer;
    /// Hidden size.
    Hidden = "hidden", Model, Count, d(2048.0), incl(1.0), incl(1e7), Integer;
    /// Attention (query) heads.
    Heads = "heads", Model, Count, d(16.0), incl(1.0), incl(1e5), Integer;
    /// Key/value heads (fewer than the query heads: grouped-query attention).
    KvHeads = "kv_heads", Model, Count, d(16.0), incl(1.0), incl(1e5), Integer;
    /// Width of one head.
    HeadDim = "head_dim", Model, Count, d(128.0), incl(1.0), incl(1e6), Integer;
    /// Feed-forward width.
    Ffn = "ffn", Model, Count, d(5632.0), incl(1.0), incl(1e8), Integer;
    /// Vocabulary size.
    Vocab = "vocab", Model, Count, d(32000.0), incl(1.0), incl(1e8), Integer;
    /// Input embedding shared with the LM head.
    Tied = "tied", Model, Flag, d(0.0), incl(0.0), incl(1.0), Flag;
    /// Gated feed-forward (SwiGLU: three matrices instead of two).
    Gated = "gated", Model, Flag, d(1.0), incl(0.0), incl(1.0), Flag;
    /// Biases on the Q, K and V projections (Qwen2).
    QkvBias = "qkv_bias", Model, Flag, d(0.0), incl(0.0), incl(1.0), Flag;
    /// Per-head RMS norms on queries and keys (Qwen3, Gemma 3).
    QkNorm = "qk_norm", Model, Flag, d(0.0), incl(0.0), incl(1.0), Flag;
    /// Norms after the attention and feed-forward blocks as well (Gemma 2, Gemma 3).
    PostNorms = "post_norms", Model, Flag, d(0.0), incl(0.0), incl(1.0), Flag;
    /// Mixture of experts: routed experts per layer (0: a dense model).
    Experts = "experts", Model, Count, d(0.0), incl(0.0), incl(1e5), Integer;
    /// Mixture of experts: routed experts each token uses.
    ExpertsActive = "experts_active", Model, Count, d(0.0), incl(0.0), incl(1e5), Integer;
    /// Mixture of experts: shared experts every token uses.
    SharedExperts = "shared_experts", Model, Count, d(0.0), incl(0.0), incl(1e5), Integer;
    /// Mixture of experts: feed-forward width of one expert (0: the FFN width).
    ExpertFfn = "expert_ffn", Model, Count, d(0.0), incl(0.0), incl(1e8), Integer;
    /// Mixture of experts given by size: parameters used per token (billions).
    ActiveParamsB = "active_params_b", Model, BillionParams, None, excl(0.0), incl(1e5), Optional;
    /// Sliding-window attention: tokens a local layer attends to (0: none).
    Window = "window", Model, Tokens, d(0.0), incl(0.0), incl(1e8), Integer;
    /// Layers that use the sliding window (the rest attend to the whole context).
    LocalLayers = "local_layers", Model, Count, d(0.0), incl(0.0), incl(1e4), Integer;
    /// Multi-head latent attention: cached elements per token per layer (0: ordinary K and V).
    MlaDim = "mla_dim", Model, Count, d(0.0), incl(0.0), incl(1e6), Integer;
    /// Hybrid models: linear or recurrent layers with a constant state instead of a KV cache.
    RecurrentLayers = "recurrent_layers", Model, Count, d(0.0), incl(0.0), incl(1e4), Integer;
    /// Hybrid models: state of one recurrent layer for one sequence.
    StateMb = "state_mb", Model, Mb, d(0.0), incl(0.0), incl(1e6), Real;
    /// Hybrid models: weights of one recurrent layer's token mixer, replacing its attention block in the
    /// parameter count (0: counted as attention).
    RecurrentParams = "recurrent_params", Model, Count, d(0.0), incl(0.0), incl(1e10), Integer;
    /// One-shot models: operations per inference (10⁹).
    GopPerInference = "gop", Model, Gop, d(8.2), excl(0.0), incl(1e9), Real;
    /// One-shot models: peak activation memory of one inference.
    ActivationMb = "act_mb", Model, Mb, d(25.0), incl(0.0), incl(1e7), Real;
    /// One-shot models: target frames (inferences) per second.
    Fps = "fps", Scenario, Fps, d(30.0), excl(0.0), incl(1e6), Exact;

    /// Bits per weight of the quantized matrices.
    WeightBits = "w_bits", Quantization, Bits, d(4.0), incl(1.0), incl(32.0), Exact;
    /// Weights sharing one scale, for group-wise quantization.
    GroupSize = "group", Quantization, Count, d(128.0), incl(1.0), incl(1e7), Integer;
    /// Bits of each scale.
    ScaleBits = "scale_bits", Quantization, Bits, d(16.0), incl(0.0), incl(64.0), Exact;
    /// Bits of each zero point (0: symmetric).
    ZeroBits = "zero_bits", Quantization, Bits, d(0.0), incl(0.0), incl(64.0), Exact;
    /// Bits of the embedding table and LM head (unknown: as the other weights).
    EmbedBits = "embed_bits", Quantization, Bits, None, incl(1.0), incl(32.0), Optional;
    /// Bits per KV-cache element (16: FP16; 8.5: llama.cpp q8_0).
    KvBits = "kv_bits", Quantization, Bits, d(16.0), incl(1.0), incl(32.0), Exact;

    /// Time-to-first-token target.
    TtftMs = "ttft_ms", Scenario, Ms, d(300.0), excl(0.0), incl(1e8), Exact;
    /// Time-per-output-token target.
    TpotMs = "tpot_ms", Scenario, Ms, d(50.0), excl(0.0), incl(1e8), Exact;
    /// Context length the KV cache is sized for.
    Context = "context", Scenario, Tokens, d(2048.0), incl(1.0), incl(1e8), Integer;
    /// Prompt length for TTFT.
    Prompt = "prompt", Scenario, Tokens, d(128.0), incl(1.0), incl(1e8), Integer;
    /// Tokens generated per answer.
    Output = "output", Scenario, Tokens, d(256.0), incl(1.0), incl(1e8), Integer;
    /// Sequences decoded together.
    Batch = "batch", Scenario, Count, d(1.0), incl(1.0), incl(1e5), Integer;
    /// Independent streams (users, agents) decoded together on one device: each keeps its own KV cache and
    /// gets one token per decode step; their prompts arrive one at a time (continuous batching), so TTFT is
    /// one prompt's prefill.
    Streams = "streams", Scenario, Count, d(1.0), incl(1.0), incl(1e5), Integer;
    /// Speculative decoding: share of the draft's tokens the target accepts, α (used with a `draft`). 0.7 sits
    /// in the 0.57–0.82 Leviathan et al. measured for drafts 10–100× smaller than their targets
    /// (arXiv:2211.17192, Table 3).
    Accept = "accept", Scenario, Ratio, d(0.7), incl(0.0), incl(1.0), Real;
    /// Speculative decoding: tokens the draft proposes per verify step, k. 4 is where Leviathan et al.'s
    /// expected speed-up (1 − α^(k+1)) / ((1 − α)(k·c + 1)) peaks at α = 0.7 for a draft costing c = 10 % of a
    /// target step.
    DraftLen = "draft_len", Scenario, Tokens, d(4.0), incl(1.0), incl(64.0), Integer;
    /// Largest model file the product allows (the seed's 2 GB guideline).
    MaxFileGb = "max_file_gb", Scenario, Gb, d(2.0), excl(0.0), incl(1e6), Exact;
    /// Fixed overhead per generated token (sampling, logging, scheduling).
    TokenOverheadMs = "overhead_ms", Scenario, Ms, d(0.0), incl(0.0), incl(1e6), Real;
    /// Fixed cost per layer per generated token (kernel launches, synchronisation): TPOT adds layers × this.
    /// A device preset sets its runtime group's fitted figure.
    LayerMs = "layer_ms", Scenario, Ms, d(0.0), incl(0.0), incl(1e4), Real;
    /// Runtime overhead in memory (allocator, framework, graph).
    RuntimeGb = "runtime_gb", Scenario, Gb, d(0.3), incl(0.0), incl(1e5), Real;
    /// Tokenizer and metadata in the model file.
    MetaMb = "meta_mb", Scenario, Mb, d(50.0), incl(0.0), incl(1e7), Real;
    /// Prompt tokens processed per prefill chunk (sizes the workspace).
    Chunk = "chunk", Scenario, Tokens, d(512.0), incl(1.0), incl(1e8), Integer;
    /// Length of a session of continuous generation, for the heat curve.
    SessionS = "session_s", Scenario, Seconds, d(600.0), excl(0.0), incl(1e7), Exact;
    /// Count loading the model from storage in TTFT (a cold start).
    ColdStart = "cold_start", Scenario, Flag, d(0.0), incl(0.0), incl(1.0), Flag;
    /// Context fixed when the model was exported for an accelerator (static KV cache), when it is.
    ExportCtx = "export_ctx", Scenario, Tokens, None, incl(1.0), incl(1e8), Optional;
    /// Prefill runs in fixed-size chunks of `chunk` tokens (NPU graphs): TTFT is a staircase.
    FixedChunks = "fixed_chunks", Scenario, Flag, d(0.0), incl(0.0), incl(1.0), Flag;
    /// Prompt tokens per tile of a tiled int8 matmul kernel (llama.cpp's CUDA MMQ: 128): the weights are read
    /// again for every tile, the reads add to the arithmetic, attention runs at the FP16 peak; 0: none.
    GemmTile = "gemm_tile", Scenario, Tokens, d(0.0), incl(0.0), incl(1e6), Integer;
    /// Tokens already in the KV cache when the prompt arrives (a later turn of a conversation): prefill
    /// attends to them too.
    Depth = "depth", Scenario, Tokens, d(0.0), incl(0.0), incl(1e8), Integer;
    /// Context at which the decode speed is reported (unknown: the scenario's context).
    DecodeCtx = "decode_ctx", Scenario, Tokens, None, incl(0.0), incl(1e8), Optional;

    /// Share of operations the accelerator runs; the rest falls back to the CPU.
    Coverage = "coverage", Framework, Ratio, d(1.0), incl(0.0), incl(1.0), Real;
    /// Buffers shared between CPU and accelerator without copies.
    ZeroCopy = "zero_copy", Framework, Flag, d(1.0), incl(0.0), incl(1.0), Flag;

    // Vision-language models (#24): the image encoder and how an image becomes tokens. Appended here, after
    // every older field, so no older field's place in the table moves; the form lays fields out by group.
    /// Vision-language models: parameters of the image encoder that every patch runs through (billions; 0:
    /// no vision tower). Counted only when the scenario has images.
    VitParamsB = "vit_params_b", Model, BillionParams, d(0.0), incl(0.0), incl(1e3), Exact;
    /// Vision-language models: parameters of the projector (merger, MLP or resampler) that runs once per
    /// image token (billions).
    ProjParamsB = "proj_params_b", Model, BillionParams, d(0.0), incl(0.0), incl(1e3), Exact;
    /// Vision-language models: the image encoder's layers.
    VitLayers = "vit_layers", Model, Count, d(0.0), incl(0.0), incl(1e4), Integer;
    /// Vision-language models: the image encoder's width.
    VitHidden = "vit_hidden", Model, Count, d(0.0), incl(0.0), incl(1e6), Integer;
    /// Vision-language models: the side of one patch, pixels (14 for SigLIP, InternViT and Qwen's ViT).
    VitPatch = "vit_patch", Model, Px, d(14.0), incl(1.0), incl(1e4), Integer;
    /// Vision-language models: patches one windowed attention layer attends to (Qwen2.5-VL: 8 × 8 = 64);
    /// 0: every layer attends to the whole image or tile.
    VitWindow = "vit_window", Model, Count, d(0.0), incl(0.0), incl(1e8), Integer;
    /// Vision-language models: encoder layers that attend to the whole image when the others are windowed
    /// (Qwen2.5-VL: 4 of 32).
    VitFullLayers = "vit_full_layers", Model, Count, d(0.0), incl(0.0), incl(1e4), Integer;
    /// Vision-language models: the tile the encoder sees, pixels (InternVL3 448, Gemma 3 896); for the native
    /// rule (Qwen2.5-VL) the pixels one image token covers (28: 14-px patches merged 2 × 2).
    TilePx = "tile_px", Model, Px, d(448.0), incl(1.0), incl(1e5), Integer;
    /// Vision-language models: most tiles an image is cut into (InternVL3 12, MiniCPM-V 9 slices, SmolVLM2
    /// 16); for the native rule, most tokens per image (Qwen2.5-VL: 16,384).
    MaxTiles = "max_tiles", Model, Count, d(1.0), incl(1.0), incl(1e5), Integer;
    /// Vision-language models: image tokens the LLM reads per tile (Gemma 3 and InternVL3 256, SmolVLM2 81,
    /// MiniCPM-V 64); for the native rule, per 28-px cell (1).
    TileTokens = "tile_tokens", Model, Tokens, d(256.0), incl(0.0), incl(1e6), Integer;
    /// Parameters kept in storage and read a row per token instead of held in memory (Gemma 3n's per-layer
    /// embeddings), billions: counted in the file, not in memory.
    FlashParamsB = "flash_params_b", Model, BillionParams, d(0.0), incl(0.0), incl(1e5), Exact;
    /// Vision-language models: bits per weight of the image encoder and projector (llama.cpp's mmproj
    /// files: 16).
    VitBits = "vit_bits", Quantization, Bits, d(16.0), incl(1.0), incl(32.0), Exact;
    /// Images in the prompt (0: text only; the vision tower is then not loaded).
    Images = "images", Scenario, Count, d(0.0), incl(0.0), incl(1e4), Integer;
    /// Width of each image, pixels.
    ImagePx = "image_px", Scenario, Px, d(1024.0), incl(1.0), incl(1e5), Integer;
    /// Height of each image, pixels (unknown: square, as wide as it is high).
    ImageH = "image_h", Scenario, Px, None, incl(1.0), incl(1e5), Optional;
    /// Cross-layer KV sharing (#24): layers that reuse an earlier layer's KV cache instead of storing their
    /// own (Gemma 3n's `num_kv_shared_layers`: 15 of 35). They hold no cache and still read one. Appended
    /// after every older field, so no field's place in the table moves.
    KvSharedLayers = "kv_shared_layers", Model, Count, d(0.0), incl(0.0), incl(1e4), Integer;
    /// Vision-language models: the image encoder's compute utilization as a share of the language model's
    /// prefill utilization η_c, ρ (the encoder runs at the FP16 peak × η_c × ρ, at most the peak). The prior
    /// is 1 — the encoder as efficient as the prompt's matmuls, which is all the seed assumes; a device preset
    /// sets the value fitted on published encoder times (`calibration::VISION`, each source left out). A
    /// range is allowed. Appended after every older field, so no field's place in the table moves.
    VitEff = "vit_eff", Device, Ratio, d(1.0), excl(0.0), incl(10.0), Real;
}

impl Field {
    /// This field's description.
    #[must_use]
    pub fn spec(self) -> &'static FieldSpec {
        // SPECS is generated in the same order as the enum, so the discriminant is the index.
        &SPECS[self as usize]
    }
    /// Its key in links and files.
    #[must_use]
    pub fn key(self) -> &'static str {
        self.spec().key
    }
    /// The field with this key.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        SPECS.iter().find(|s| s.key == key).map(|s| s.field)
    }
    /// Whether the field is used for this kind of model.
    #[must_use]
    pub fn applies_to(self, model: ModelKind) -> bool {
        use Field::*;
        match self {
            ParamsB => model != ModelKind::Architecture,
            Ffn | Vocab | Tied | Gated | QkvBias | QkNorm | PostNorms | Window | LocalLayers
            | MlaDim | RecurrentLayers | StateMb | RecurrentParams | ExportCtx | FixedChunks
            | GemmTile | Experts | ExpertsActive | SharedExperts | ExpertFfn | Depth
            | DecodeCtx | ChainGbps | DecodeTops => model != ModelKind::OneShot,
            VitParamsB | ProjParamsB | VitLayers | VitHidden | VitPatch | VitWindow
            | VitFullLayers | TilePx | MaxTiles | TileTokens | FlashParamsB | VitBits | Images
            | ImagePx | ImageH | KvSharedLayers | VitEff => model != ModelKind::OneShot,
            ActiveParamsB => model == ModelKind::Params,
            Layers | Hidden | Heads | KvHeads | HeadDim | KvBits | TtftMs | TpotMs | Context
            | Prompt | Output | TokenOverheadMs | LayerMs | Chunk | EmbedBits | Streams
            | Accept | DraftLen => model != ModelKind::OneShot,
            GopPerInference | ActivationMb | Fps => model == ModelKind::OneShot,
            _ => true,
        }
    }
}

/// An enum of options with a stable link code for each (`ALL_*` lists them in UI order); with a key
/// (`name, ALL, "key" { … }`) it also carries the link key it is written under.
macro_rules! choice {
    ($(#[$doc:meta])* $name:ident, $all:ident, $key:literal { $($body:tt)* }) => {
        choice!($(#[$doc])* $name, $all { $($body)* });
        impl $name {
            /// The link key of this choice.
            pub const KEY: &'static str = $key;
        }
    };
    ($(#[$doc:meta])* $name:ident, $all:ident { $( $(#[$vdoc:meta])* $v:ident = $s:literal ),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
        pub enum $name {
            $( $(#[$vdoc])* $v, )*
        }
        /// Every option, in the order the UI offers them.
        pub const $all: &[$name] = &[ $( $name::$v, )* ];
        impl $name {
            /// Its value in share links.
            #[must_use]
            pub fn code(self) -> &'static str {
                match self { $( $name::$v => $s, )* }
            }
            /// The option with this link value.
            #[must_use]
            pub fn from_code(s: &str) -> Option<Self> {
                match s { $( $s => Some($name::$v), )* _ => None }
            }
        }
    };
}
pub(crate) use choice;

choice!(
    /// How the model is described.
    ModelKind, ALL_MODEL_KINDS, "model" {
        /// By parameter count plus the KV-cache shape (the seed's way).
        #[default]
        Params = "params",
        /// By its architecture; parameters are counted exactly.
        Architecture = "arch",
        /// A one-shot model (vision, speech encoder): ops per inference and a frame-rate target.
        OneShot = "oneshot",
    }
);

choice!(
    /// How many weights share a quantization scale.
    Granularity, ALL_GRANULARITIES, "gran" {
        /// One scale per tensor (≈ the weight bits).
        #[default]
        PerTensor = "tensor",
        /// One scale per output channel.
        PerChannel = "channel",
        /// One scale per group of `group` weights.
        GroupWise = "group",
    }
);

choice!(
    /// Precision of the activations, which selects the compute peak.
    Activation, ALL_ACTIVATIONS, "act" {
        /// INT8 activations (W8A8, W4A8): the INT8 peak.
        #[default]
        Int8 = "a8",
        /// FP16 activations (W4A16): the FP16 peak.
        Fp16 = "a16",
        /// INT4 activations: the INT4 peak.
        Int4 = "a4",
    }
);

choice!(
    /// Which unit runs the model.
    Backend, ALL_BACKENDS, "backend" {
        /// A neural accelerator.
        #[default]
        Npu = "npu",
        /// The GPU.
        Gpu = "gpu",
        /// The CPU.
        Cpu = "cpu",
    }
);

choice!(
    /// How a model turns an image into tiles for its encoder and tokens for its language model
    /// (`crate::vision` applies it).
    ImageRule, ALL_IMAGE_RULES, "img_rule" {
        /// Native resolution in 28-px cells (Qwen2-VL, Qwen2.5-VL).
        #[default]
        Native = "native",
        /// One fixed square (Gemma 3, SigLIP at 896²).
        Resize = "resize",
        /// A grid of square tiles matched to the aspect ratio, plus a thumbnail (InternVL).
        Grid = "grid",
        /// Slices of about one tile's pixels, plus the whole image (MiniCPM-V).
        Slices = "slices",
        /// The long side scaled to a fixed number of tiles, cut, plus the whole image (Idefics3, SmolVLM).
        Split = "split",
    }
);

/// The id of the framework a scenario starts with: the seed's "a framework that supports W4A16 and targets
/// this NPU", one that supports every format (`presets::frameworks::GENERIC`).
pub const DEFAULT_FRAMEWORK: &str = "generic";

/// Everything the user typed or chose, before validation.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Inputs {
    values: alloc::vec::Vec<Option<Value>>,
    /// How the model is described.
    pub model_kind: ModelKind,
    /// Quantization granularity.
    pub granularity: Granularity,
    /// Activation precision.
    pub activation: Activation,
    /// Which unit runs the model.
    pub backend: Backend,
    /// The inference framework's preset id (`presets::frameworks::ALL_FRAMEWORKS`).
    pub framework: String,
    /// The device preset the values started from (`presets::ALL_DEVICES`); fields may since have
    /// been edited. A label for links and the UI: the engine computes on the values.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub device: Option<String>,
    /// The model preset the values started from (`presets::ALL_MODELS`).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub model: Option<String>,
    /// The quantization preset the values started from (`presets::ALL_QUANTS`).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub quant: Option<String>,
    /// Speculative decoding: the draft model's preset id (an LLM preset with an architecture, quantized as
    /// the target), or none.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub draft: Option<String>,
    /// The device preset's published power mode (`presets::power_modes`, e.g. `15w`, `maxn_super`), or none:
    /// the preset's own figures.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub power_mode: Option<String>,
    /// Vision-language models: how an image becomes tiles and tokens (the model's own rule).
    #[cfg_attr(feature = "serde", serde(default))]
    pub image_rule: ImageRule,
}

impl Default for Inputs {
    /// The seed's worked example.
    fn default() -> Self {
        Self {
            values: SPECS.iter().map(|s| s.default).collect(),
            model_kind: ModelKind::default(),
            granularity: Granularity::default(),
            activation: Activation::default(),
            backend: Backend::default(),
            framework: String::from(DEFAULT_FRAMEWORK),
            device: None,
            model: None,
            quant: None,
            draft: None,
            power_mode: None,
            image_rule: ImageRule::default(),
        }
    }
}

impl Inputs {
    /// The value of a field (`None`: unknown).
    #[must_use]
    pub fn get(&self, f: Field) -> Option<Value> {
        self.values.get(f as usize).copied().flatten()
    }
    /// The expected value of a field, or its default when unknown.
    #[must_use]
    pub fn mid(&self, f: Field) -> Option<f64> {
        self.get(f).map(|v| v.mid)
    }
    /// Set a field.
    pub fn set(&mut self, f: Field, v: Option<Value>) {
        if let Some(slot) = self.values.get_mut(f as usize) {
            *slot = v;
        }
    }
    /// Set a field to one number.
    pub fn set_exact(&mut self, f: Field, x: f64) {
        self.set(f, Some(Value::exact(x)));
    }
    /// Builder form of [`Inputs::set_exact`].
    #[must_use]
    pub fn with(mut self, f: Field, x: f64) -> Self {
        self.set_exact(f, x);
        self
    }
    /// Whether any field is given as a range.
    #[must_use]
    pub fn has_ranges(&self) -> bool {
        self.values.iter().flatten().any(Value::is_range)
    }
}

/// What is wrong with one value, checked on its own.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Problem {
    /// Not a number, or infinite.
    NotFinite,
    /// Below the lowest allowed value.
    TooLow {
        /// The bound.
        min: Bound,
    },
    /// Above the highest allowed value.
    TooHigh {
        /// The bound.
        max: Bound,
    },
    /// Must be a whole number.
    NotInteger,
    /// Must be 0 or 1.
    NotFlag,
    /// A range where the field takes one number.
    NoRange,
    /// A range whose ends are out of order (low ≤ expected ≤ high).
    RangeOrder,
    /// Must be below another field's value.
    MustBeBelow {
        /// The other field.
        other: Field,
        /// Its value.
        limit: f64,
    },
    /// Must not exceed another field's value.
    MustNotExceed {
        /// The other field.
        other: Field,
        /// Its value.
        limit: f64,
    },
    /// Required, but unknown.
    Missing,
    /// The images' tokens and the text prompt together exceed the context.
    ImageTokens {
        /// Image tokens plus prompt tokens.
        tokens: f64,
        /// The context.
        limit: f64,
    },
}

impl FieldSpec {
    /// Check one value against this field's own rules (not against other fields).
    ///
    /// # Errors
    /// The first rule the value breaks.
    pub fn check(&self, v: &Value) -> Result<(), Problem> {
        // A lone NaN is "a range" to `is_range` (NaN ≠ NaN): it is refused below as not finite.
        if v.is_range() && self.kind != Kind::Real && v.lo.is_finite() && v.hi.is_finite() {
            return Err(Problem::NoRange);
        }
        if !(v.lo <= v.mid && v.mid <= v.hi)
            && v.lo.is_finite()
            && v.mid.is_finite()
            && v.hi.is_finite()
        {
            return Err(Problem::RangeOrder);
        }
        for x in [v.lo, v.mid, v.hi] {
            self.check_one(x)?;
        }
        Ok(())
    }

    pub(crate) fn check_one(&self, x: f64) -> Result<(), Problem> {
        if !x.is_finite() {
            return Err(Problem::NotFinite);
        }
        if x < self.min.value || (!self.min.inclusive && x == self.min.value) {
            return Err(Problem::TooLow { min: self.min });
        }
        if x > self.max.value || (!self.max.inclusive && x == self.max.value) {
            return Err(Problem::TooHigh { max: self.max });
        }
        match self.kind {
            Kind::Integer if x != crate::math::floor(x) => Err(Problem::NotInteger),
            Kind::Flag if x != 0.0 && x != 1.0 => Err(Problem::NotFlag),
            _ => Ok(()),
        }
    }
}
