//! A row as the scenario a user would enter ([`inputs_for`]) and its prediction by the engine's `analyze` alone ([`predict`]).

use edgefit_core::analysis::{self, bandwidth};
use edgefit_core::input::{Backend, Field, Inputs, ModelKind};
use edgefit_core::math;
use edgefit_core::scenario::validate;

use crate::*;

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
pub(crate) fn bcm2711(text: &str) -> bool {
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
    let chip = format!("{} {}", row.chip, row.device).to_ascii_lowercase();
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

/// [`kquant_share_at`] for a row under some constants (1 under the naive roofline's one constant, which has
/// no runtime).
#[must_use]
pub fn kquant_share_for(row: &Row, c: &Calibrated) -> f64 {
    let chip = format!("{} {}", row.chip, row.device);
    kquant_share_at(row.backend, row.hw, c.runtime, &chip, &row.quant)
}

/// Whether [`APPLE7_KQUANT_SHARE`] applies to a row (under its own runtime's constants).
#[must_use]
pub fn apple7_kquant(row: &Row) -> bool {
    let chip = format!("{} {}", row.chip, row.device);
    kquant_share_at(
        row.backend,
        row.hw,
        Some(runtime_of(row)),
        &chip,
        &row.quant,
    ) < 1.0
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
pub(crate) fn inputs_with(
    row: &Row,
    c: &Calibrated,
    stream: &[(StreamGroup, f64)],
) -> (Inputs, f64, f64) {
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
        edgefit_core::input::Value::range3(b.0.clamp(1e-3, 1.0), 1.0, b.1.clamp(1.0, 100.0))
    };
    i.set(Field::BandDecode, Some(band(c.decode_band)));
    i.set(Field::BandPrefill, Some(band(c.prefill_band)));
    (i, ctx, prompt)
}

/// The row's scenario before the decode-only figures ([`inputs_with`] adds them).
pub(crate) fn inputs_with_peak(row: &Row, c: &Calibrated, peak: Peak) -> (Inputs, f64, f64) {
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
        shape
            .known
            .then_some(edgefit_core::input::Value::exact(embed)),
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
    i.set(
        Field::PeakFp16Tops,
        Some(edgefit_core::input::Value::exact(fp16)),
    );
    i.set(
        Field::PeakInt4Tops,
        Some(edgefit_core::input::Value::exact(peak.tops)),
    );
    set(&mut i, Field::ComputeUtil, math::clamp(c.eta_c, 1e-3, 1.0));
    set(&mut i, Field::LayerMs, layer_scale(row) * c.layer_ms);
    set(&mut i, Field::Prompt, math::round(prompt).max(1.0));
    // The context holds the prompt's text and image tokens.
    set(
        &mut i,
        Field::Context,
        math::round(ctx)
            .max(math::round(prompt).max(1.0) + image_tokens(row))
            .max(1.0),
    );
    set(&mut i, Field::Batch, 1.0);
    if let Some(ub) = micro_batch(row) {
        set(&mut i, Field::Chunk, ub);
    }
    set(&mut i, Field::GemmTile, gemm_tile(row));
    crate::vlm::apply_images(row, &mut i, c.vit_eff);
    (i, ctx, prompt)
}

/// Bits per weight of the expert tensors in an MXFP4 file (32 four-bit values and one 8-bit scale).
pub const MXFP4_BITS: f64 = edgefit_core::import::ggml::bits_of("MXFP4");

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
    let t = format!("{} {}", row.framework, row.framework_version).to_ascii_lowercase();
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
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
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
    /// With images: the image encoder's time within the predicted TTFT (`numbers.vision_encoder_ms`), seconds.
    pub vision_s: Option<f64>,
    /// With images: the encoder's arithmetic alone at its utilization (η_c × ρ), seconds.
    pub vision_compute_s: Option<f64>,
    /// With images: the encoder's weight reads alone, seconds.
    pub vision_memory_s: Option<f64>,
}

/// The side that sets a predicted decode time, beside the fixed cost per token: the memory reads at η_bw,
/// the arithmetic at η_c, or one CPU thread's chain of both ([`thread_stream_s`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
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
    let vision = report.ttft.vision;
    let ops_per_prompt_token = match (&s.model, vision) {
        // With images: the text and image tokens' prefill and the encoder, per prompt token.
        (edgefit_core::model::Model::Llm(m), Some(v)) => {
            let total = s.targets.prompt;
            (m.prefill_ops(total).0 + v.ops.0) / total
        }
        (edgefit_core::model::Model::Llm(m), None) => m.prefill_ops(prompt).0 / prompt,
        (edgefit_core::model::Model::OneShot(m), _) => m.ops.0,
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
        vision_s: vision.map(|v| v.time.0),
        vision_compute_s: vision.map(|v| v.compute_time.0),
        vision_memory_s: vision.map(|v| v.memory_time.0),
    })
}

/// [`jetson_clock_mhz`] of a Jetson row, by its device and chip names.
#[must_use]
pub fn jetson_gpu_mhz(row: &Row) -> Option<f64> {
    if row.hw != HwClass::Jetson {
        return None;
    }
    jetson_clock_mhz(&format!("{} {}", row.device, row.chip), row.bw_gbps)
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
        &format!("{} {}", row.device, row.chip),
        row.bw_gbps,
    )
}
