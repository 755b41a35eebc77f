//! Time to first token: prefill is mostly compute-bound, 2·N·P + 2·L·P²·q_width operations, so a long prompt
//! misses a TTFT target that decode bandwidth alone would never reveal. TTFT = max(ops / C_eff, (passes ×
//! weight bytes + KV) / (BW · η_bw)): each prefill chunk streams the weights again ([`weight_passes`]), which
//! binds for a very short prompt, or for small chunks beside a fast accelerator.

use crate::input::Activation;
use crate::model::Model;
use crate::scenario::Scenario;
use crate::units::{Ops, OpsPerSec, Seconds};

use super::{compute, headroom, memory, Compute, Verdict};

/// TTFT numbers (for one-shot models: the latency of one inference).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Ttft {
    /// Time to first token (or one inference).
    pub ttft: Seconds,
    /// Prefill operations (× batch).
    pub ops: Ops,
    /// Compute time.
    pub compute_time: Seconds,
    /// Memory time (weights read once, KV written).
    pub memory_time: Seconds,
    /// Cold start added, when counted.
    pub cold_start: Option<Seconds>,
    /// Longest prompt that meets the target.
    pub max_prompt: f64,
    /// The other common activation precision and its longest prompt (A16 ↔ A8).
    pub max_prompt_alt: (Activation, f64),
    /// Target.
    pub target: Seconds,
    /// Verdict.
    pub verdict: Verdict,
    /// (target − ttft) / target.
    pub headroom: f64,
    /// With images: the image encoder's share of the TTFT (included in `ttft`).
    pub vision: Option<VisionCost>,
}

/// What encoding a prompt's images costs before the language model's prefill.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VisionCost {
    /// Image tokens the language model prefills.
    pub tokens: f64,
    /// Encoder passes (tiles) over every image.
    pub passes: f64,
    /// Encoder and projector operations.
    pub ops: Ops,
    /// The encoder's utilization of the FP16 peak: η_c × its ratio ρ (`vit_eff`), at most 1.
    pub utilization: f64,
    /// The rate it computes at: the FP16 peak × that utilization (after CPU fallback).
    pub effective: OpsPerSec,
    /// The arithmetic at that rate.
    pub compute_time: Seconds,
    /// The encoder's weights read once per pass.
    pub memory_time: Seconds,
    /// The larger of the two, over the speed band's prefill factor: what TTFT adds.
    pub time: Seconds,
}

/// The image encoder's cost in a scenario with images: its arithmetic at the FP16 peak × η_c × ρ — the
/// encoder's own efficiency relative to the language model's prefill (`vit_eff`; published encoders reach
/// a half to a third of the prompt's η_c, `calibration::VISION`) — or one read of its weights per pass,
/// whichever is longer.
#[must_use]
pub fn vision_cost(s: &Scenario, compute: &Compute) -> Option<VisionCost> {
    let v = s.vision.as_ref()?;
    let utilization = compute::vision_util(s);
    let (_, eff, _) = compute::effective_at(s, Activation::Fp16, compute.coverage, utilization);
    let ops = v.ops();
    let compute_time = Seconds(if eff.0 > 0.0 {
        ops.0 / eff.0
    } else {
        f64::INFINITY
    });
    let memory_time = v.read_bytes() / s.device.effective_bandwidth();
    Some(VisionCost {
        tokens: v.tokens(),
        passes: v.passes(),
        ops,
        utilization,
        effective: eff,
        compute_time,
        memory_time,
        time: compute_time.max(memory_time) / s.targets.prefill_factor,
    })
}

/// The encoder's time (0 without images).
fn encoder(s: &Scenario, compute: &Compute) -> Seconds {
    vision_cost(s, compute).map_or(Seconds(0.0), |v| v.time)
}

/// TTFT at a prompt of `p` tokens (the staircase/curve behind the TTFT chart).
#[must_use]
pub fn ttft_at(s: &Scenario, compute: &Compute, p: f64) -> Seconds {
    let (c, m) = prefill_times(s, compute.effective.0, p);
    combine(s, c, m) / s.targets.prefill_factor + cold(s) + encoder(s, compute)
}

/// Prefill time from its compute and memory times: the larger where loads overlap the arithmetic, their
/// sum under a tiled kernel that waits for each weight tile before multiplying it ([`Targets::gemm_tile`]).
///
/// [`Targets::gemm_tile`]: crate::scenario::Targets::gemm_tile
#[must_use]
pub fn combine(s: &Scenario, compute: Seconds, memory: Seconds) -> Seconds {
    if s.targets.gemm_tile > 0.0 {
        compute + memory
    } else {
        compute.max(memory)
    }
}

/// Time to process `p` prompt tokens when `depth` tokens are already in the KV cache (a later turn of a
/// conversation, llama-bench's `pp512 @ d4096`): the weights are read as for `p` tokens, and the attention
/// covers the cached tokens too, so the arithmetic is that of a `depth + p` prefill less that of `depth`.
#[must_use]
pub fn ttft_after(s: &Scenario, compute: &Compute, p: f64, depth: f64) -> Seconds {
    if depth <= 0.0 {
        return ttft_at(s, compute, p);
    }
    let eff = compute.effective.0;
    let (_, m) = prefill_times(s, eff, p);
    let c = match &s.model {
        Model::Llm(llm) => {
            let ops = llm.prefill_ops(depth + p) - llm.prefill_ops(depth);
            let matmul = llm.prefill_ops(p).0 - llm.prefill_attention_ops(p).0;
            compute_time(
                s,
                eff,
                ops.0 * s.targets.batch + expert_padding(s, llm, p),
                (ops.0 - matmul) * s.targets.batch,
            )
        }
        Model::OneShot(_) => prefill_times(s, eff, p).0,
    };
    let kv = memory::kv_read_bytes_at(s, depth) * s.targets.batch / s.device.effective_bandwidth();
    combine(s, c, m + kv) / s.targets.prefill_factor + cold(s) + encoder(s, compute)
}

/// Seconds for `ops` operations at `eff` op/s, `attention` of them at the FP16 rate under a tiled int8
/// kernel ([`Targets::gemm_tile`]): `eff` scaled by the FP16 peak over the activation's.
///
/// [`Targets::gemm_tile`]: crate::scenario::Targets::gemm_tile
fn compute_time(s: &Scenario, eff: f64, ops: f64, attention: f64) -> Seconds {
    let d = &s.device;
    let peak = match s.quant.activation {
        Activation::Int8 => d.peak_int8.0,
        Activation::Fp16 => d.peak_fp16.0,
        Activation::Int4 => d.peak_int4.0,
    };
    if s.targets.gemm_tile > 0.0 && peak > 0.0 && d.peak_fp16.0 > 0.0 {
        let attention_eff = eff * d.peak_fp16.0 / peak;
        Seconds((ops - attention) / eff + attention / attention_eff)
    } else {
        Seconds(ops / eff)
    }
}

/// Operations a tiled kernel ([`Targets::gemm_tile`]) adds to a prefill of `p` tokens by running each routed
/// expert's tokens in whole tiles: an expert that k/E of a chunk's tokens pick (a Poisson count n) computes
/// ⌈n / tile⌉ tiles of `tile` columns, not n columns. 0 without tiles or experts.
///
/// [`Targets::gemm_tile`]: crate::scenario::Targets::gemm_tile
fn expert_padding(s: &Scenario, m: &crate::model::Llm, p: f64) -> f64 {
    let t = s.targets.gemm_tile;
    let share = m.params.routed_share;
    if t <= 0.0 || share <= 0.0 || m.params.routed <= 0.0 {
        return 0.0;
    }
    let passes = weight_passes(s, p);
    let p = padded_prompt(s, p);
    let per_pass = if s.targets.chunk > 0.0 {
        p.min(s.targets.chunk)
    } else {
        p
    };
    let lambda = per_pass * s.targets.batch * share;
    let padded = crate::math::poisson_mean_tiles(lambda, t) * t;
    2.0 * m.params.routed * (padded - lambda).max(0.0) * passes
}

fn cold(s: &Scenario) -> Seconds {
    if s.targets.cold_start {
        super::storage::cold_start(s)
    } else {
        Seconds(0.0)
    }
}

/// The prompt tokens prefill actually runs for a prompt of `p`: NPU graphs exported with a fixed chunk run
/// whole chunks, so the prompt is padded up to a multiple of the chunk.
#[must_use]
pub fn padded_prompt(s: &Scenario, p: f64) -> f64 {
    if s.targets.fixed_chunks && s.targets.chunk > 0.0 {
        crate::math::ceil(p / s.targets.chunk) * s.targets.chunk
    } else {
        p
    }
}

/// Passes over the weights a prefill of `p` prompt tokens makes: one per chunk of `chunk` tokens (each chunk
/// is a forward pass of its own that streams every weight again), at least one.
#[must_use]
pub fn weight_passes(s: &Scenario, p: f64) -> f64 {
    let c = s.targets.chunk;
    if c > 0.0 {
        crate::math::ceil(padded_prompt(s, p) / c).max(1.0)
    } else {
        1.0
    }
}

fn prefill_times(s: &Scenario, eff: f64, p: f64) -> (Seconds, Seconds) {
    let b = s.targets.batch;
    let w = memory::weights(s);
    match &s.model {
        Model::Llm(m) => {
            let passes = weight_passes(s, p);
            let p = padded_prompt(s, p);
            let ops = m.prefill_ops(p) * b;
            // A mixture of experts reads only the experts some token of the chunk routes to.
            let per_pass = if s.targets.chunk > 0.0 {
                p.min(s.targets.chunk)
            } else {
                p
            };
            let untouched = if w.routed.0 > 0.0 && m.params.routed > 0.0 {
                w.routed * (m.params.untouched(per_pass * b) / m.params.routed)
            } else {
                crate::units::Bytes(0.0)
            };
            // A tiled matmul reads each layer weight once per tile of the tokens that use it: every token of
            // the chunk for the shared weights, k/E of them for one routed expert. The embedding (a lookup)
            // and the LM head (run for the last prompt token) are read once.
            let tiles = |tokens: f64| {
                let t = s.targets.gemm_tile;
                if t > 0.0 {
                    crate::math::ceil(tokens / t).max(1.0)
                } else {
                    1.0
                }
            };
            let routed_tokens = per_pass * b * m.params.routed_share.max(0.0);
            let read = (w.body - w.routed) * tiles(per_pass * b)
                + (w.routed - untouched) * tiles(routed_tokens)
                + (w.total() - w.body);
            let kv = memory::kv_bytes_at(s, p) * b;
            (
                compute_time(
                    s,
                    eff,
                    ops.0 + expert_padding(s, m, p),
                    m.prefill_attention_ops(p).0 * b,
                ),
                (read * passes + kv) / s.device.effective_bandwidth(),
            )
        }
        Model::OneShot(m) => {
            let bytes = w.total() + m.activation * (2.0 * b);
            (
                Seconds(m.ops.0 * b / eff),
                bytes / s.device.effective_bandwidth(),
            )
        }
    }
}

/// Longest prompt whose prefill fits in `budget` at `eff` op/s. Prefill time never falls as the prompt
/// grows (chunk padding makes it a staircase), so the answer is found by bisection on whole tokens.
fn max_prompt(s: &Scenario, eff: f64, budget: Seconds) -> f64 {
    if !matches!(s.model, Model::Llm(_)) || budget.0 <= 0.0 {
        return 0.0;
    }
    let fits = |p: f64| {
        let (c, m) = prefill_times(s, eff, p);
        combine(s, c, m) / s.targets.prefill_factor <= budget
    };
    if !fits(1.0) {
        return 0.0;
    }
    let (mut lo, mut hi) = (1.0_f64, 1e9_f64);
    if fits(hi) {
        return hi;
    }
    while hi - lo > 1.0 {
        let mid = crate::math::floor((lo + hi) / 2.0);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// TTFT check.
#[must_use]
pub fn analyze(s: &Scenario, compute: &Compute, cold_start: &Seconds) -> Ttft {
    let t = &s.targets;
    let eff = compute.effective.0;
    let p = match &s.model {
        Model::Llm(_) => t.prompt,
        Model::OneShot(_) => 1.0,
    };
    let (ct, mt) = prefill_times(s, eff, p);
    let cold = t.cold_start.then_some(*cold_start);
    let depth = match &s.model {
        Model::Llm(_) => t.depth,
        Model::OneShot(_) => 0.0,
    };
    let vision = vision_cost(s, compute);
    let enc = vision.map_or(Seconds(0.0), |v| v.time);
    let ttft = if depth > 0.0 {
        // `ttft_after` counts the same cold start (storage::cold_start) and encoder when asked for.
        ttft_after(s, compute, p, depth)
    } else {
        combine(s, ct, mt) / t.prefill_factor + cold.unwrap_or_default() + enc
    };
    let budget = t.ttft - cold.unwrap_or_default() - enc;
    let alt = match s.quant.activation {
        Activation::Fp16 => Activation::Int8,
        _ => Activation::Fp16,
    };
    let (_, alt_eff, _) = compute::effective(s, alt, compute.coverage);
    let ops = match &s.model {
        // The operations prefill runs: a fixed-chunk graph computes its padding too.
        Model::Llm(m) => m.prefill_ops(padded_prompt(s, p)) * t.batch,
        Model::OneShot(m) => m.ops * t.batch,
    };
    // A one-shot model must finish a batch within its frame period, or the frames pile up.
    let target = match &s.model {
        Model::Llm(_) => t.ttft,
        Model::OneShot(m) => Seconds(t.batch / m.fps),
    };
    let h = headroom(target.0, ttft.0);
    Ttft {
        ttft,
        ops,
        compute_time: ct,
        memory_time: mt,
        cold_start: cold,
        max_prompt: max_prompt(s, eff, budget),
        max_prompt_alt: (alt, max_prompt(s, alt_eff.0, budget)),
        target,
        verdict: Verdict::from_headroom(h),
        headroom: h,
        vision,
    }
}

#[cfg(test)]
mod tests {
    use crate::input::{Field, Inputs};
    use crate::{analyze, validate};

    /// A 7 B model at 8 bits on 100 GB/s and 100 TOPS (50 at FP16), all at full utilization.
    fn inputs() -> Inputs {
        let mut i = Inputs::default()
            .with(Field::ParamsB, 7.0)
            .with(Field::WeightBits, 8.0)
            .with(Field::BandwidthGbps, 100.0)
            .with(Field::PeakInt8Tops, 100.0)
            .with(Field::PeakFp16Tops, 50.0)
            .with(Field::MemoryGb, 64.0)
            .with(Field::Prompt, 1024.0)
            .with(Field::Context, 2048.0)
            .with(Field::Chunk, 512.0);
        i.set_exact(Field::BandwidthUtil, 1.0);
        i.set_exact(Field::ComputeUtil, 1.0);
        i
    }

    #[test]
    fn a_tiled_int8_matmul_rereads_the_layers_per_tile_and_runs_attention_at_fp16() {
        let flat_s = validate(&inputs()).unwrap().expected;
        let tiled_s = validate(&inputs().with(Field::GemmTile, 128.0))
            .unwrap()
            .expected;
        let (flat, tiled) = (analyze(&flat_s).ttft, analyze(&tiled_s).ttft);
        let w = crate::analysis::memory::weights(&tiled_s);
        let bw = tiled_s.device.effective_bandwidth();
        // Two chunks of 512, four tiles each: the layer matrices are read eight times instead of twice; the
        // embedding, the head and the norms still twice (once per chunk).
        let extra = (w.body * 6.0) / bw;
        assert!((tiled.memory_time.0 - flat.memory_time.0 - extra.0).abs() < 1e-9 * extra.0);
        assert!((tiled.ttft.0 - tiled.compute_time.0 - tiled.memory_time.0).abs() < 1e-12);
        // The arithmetic: attention at the FP16 peak, half the INT8 one, so it counts twice.
        let crate::model::Model::Llm(m) = &tiled_s.model else {
            unreachable!()
        };
        let attention = m.prefill_attention_ops(1024.0).0;
        assert!(attention > 0.0);
        let want = flat.compute_time.0 + attention / 100e12;
        assert!((tiled.compute_time.0 - want).abs() < 1e-9 * want);
    }

    #[test]
    fn a_tiled_kernel_runs_each_experts_tokens_in_whole_tiles() {
        // 30 B parameters, 3 B active, 4 of 128 experts per token: a chunk of 512 sends each expert 16
        // tokens on average, which fill one 128-column tile (or none) — 112 columns of padding.
        let moe = |tile: f64| {
            let i = inputs()
                .with(Field::ParamsB, 30.0)
                .with(Field::ActiveParamsB, 3.0)
                .with(Field::Experts, 128.0)
                .with(Field::ExpertsActive, 4.0)
                .with(Field::PeakFp16Tops, 100.0)
                .with(Field::GemmTile, tile);
            validate(&i).unwrap().expected
        };
        let (flat_s, tiled_s) = (moe(0.0), moe(128.0));
        let (flat, tiled) = (analyze(&flat_s).ttft, analyze(&tiled_s).ttft);
        let crate::model::Model::Llm(m) = &tiled_s.model else {
            unreachable!()
        };
        let lambda: f64 = 16.0;
        let filled = 1.0 - (-lambda).exp();
        let padding = 2.0 * m.params.routed * (filled * 128.0 - lambda) * 2.0;
        let want = flat.compute_time.0 + padding / 100e12;
        assert!((tiled.compute_time.0 - want).abs() < 1e-6 * want);
    }
}
