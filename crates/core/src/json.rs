//! The report as JSON: the stable scripting interface shared by `edgefit report --json` and the page's
//! export. Field names are part of the interface; add, never rename.

use alloc::string::String;
use alloc::vec::Vec;

use crate::analysis::{Constraint, Evaluation, Verdict, ALL_CONSTRAINTS};
use crate::codec;
use crate::input::Inputs;
use crate::scenario::Scenarios;
use crate::solve::Solve;
use crate::steps;

/// Verdict of every constraint.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Verdicts {
    /// Effective compute against the decode rate.
    pub compute: &'static str,
    /// Memory capacity.
    pub memory: &'static str,
    /// Bytes per token against the bandwidth budget.
    pub bandwidth: &'static str,
    /// Time to first token.
    pub ttft: &'static str,
    /// Time per output token.
    pub tpot: &'static str,
    /// Sustained power.
    pub power: &'static str,
    /// Heat over time.
    pub thermal: &'static str,
    /// Storage.
    pub storage: &'static str,
    /// Framework.
    pub framework: &'static str,
}

/// The key numbers, in the units people read (GB, ms, TOPS, W, s).
#[derive(Debug, Clone, serde::Serialize)]
#[allow(missing_docs)] // each name says its unit
pub struct Numbers {
    pub effective_bandwidth_gbps: f64,
    pub effective_compute_tops: f64,
    pub weights_gb: f64,
    pub kv_cache_gb: f64,
    pub memory_total_gb: f64,
    pub memory_usable_gb: f64,
    pub file_gb: f64,
    pub gflop_per_token: f64,
    pub gflop_per_token_full_context: f64,
    pub weight_budget_gb_per_token: f64,
    pub params_b_weights_only: f64,
    pub bytes_per_token_gb: f64,
    pub tpot_ms_empty: f64,
    pub tpot_ms_full_context: f64,
    pub tpot_crossing_context: Option<f64>,
    pub ttft_ms: f64,
    pub max_prompt_tokens_for_ttft: f64,
    pub power_w: f64,
    pub energy_mj_per_token: f64,
    pub sustained_tokens_per_s: f64,
    pub time_to_throttle_s: Option<f64>,
    pub cold_start_s: f64,
    pub params_b: f64,
    pub active_params_b: f64,
    pub tpot_ms_dense_bound: Option<f64>,
    pub graph_parts: f64,
    /// Decode tokens/s of one sequence at `decode_ctx` (the scenario's context unless it names another).
    pub decode_tps: Option<f64>,
    /// The context the decode speed is at.
    pub decode_ctx: f64,
    /// Prompt tokens/s (the prompt over the time to first token, less any cold start).
    pub prefill_tps: Option<f64>,
    /// Energy of one answer, J: its prefill and every decode step at its context (one-shot: one inference).
    pub energy_j_per_answer: f64,
    /// Seconds one answer takes (prefill without a cold start, and every decode step).
    pub answer_s: f64,
    /// Answers one charge gives (battery devices only).
    pub answers_per_charge: Option<f64>,
    /// Hours of continuous answering on one charge (battery devices only).
    pub hours_per_charge: Option<f64>,
    /// Streams batched on the device (`streams`).
    pub streams: f64,
    /// KV cache of one stream at the allocated context, GB (its batch included).
    pub kv_gb_per_stream: Option<f64>,
    /// Time per output token each stream sees at full context, ms (all streams decode in one step).
    pub tpot_ms_per_stream: Option<f64>,
    /// Tokens/s of every stream together at full context.
    pub aggregate_tokens_per_s: Option<f64>,
    /// Largest number of streams that meets memory, bandwidth, TPOT and compute.
    pub max_streams: Option<f64>,
    /// What one more stream breaks (`null` when the most tried still meets every target).
    pub max_streams_binding: Option<&'static str>,
    /// Speculative decoding (with a `draft`): tokens one verify step yields, (1 − α^(k+1)) / (1 − α).
    pub spec_tokens_per_step: Option<f64>,
    /// Speculative decoding: effective time per output token at full context, ms.
    pub spec_tpot_ms: Option<f64>,
    /// Speculative decoding: effective decode tokens/s at full context.
    pub spec_decode_tps: Option<f64>,
    /// Speculative decoding: plain TPOT over speculative TPOT (above 1: it pays).
    pub spec_speedup: Option<f64>,
    /// Speculative decoding: the draft's weights and KV cache, GB (counted in `memory_total_gb`).
    pub draft_memory_gb: Option<f64>,
    /// With images: the image tokens of every image (part of the prefilled prompt).
    pub image_tokens: Option<f64>,
    /// With images: the image encoder's time, ms (part of `ttft_ms`).
    pub vision_encoder_ms: Option<f64>,
    /// With images: the encoder's operations for every image, 10⁹.
    pub vision_gflop: Option<f64>,
    /// With images: the vision tower's weights and one pass's activations, GB (in `memory_total_gb`).
    pub vision_memory_gb: Option<f64>,
}

/// A low–high band of a number across the input ranges.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Band {
    /// The number's name in `numbers`.
    pub name: &'static str,
    /// Lowest.
    pub low: f64,
    /// Highest.
    pub high: f64,
}

/// One step of the accounting.
#[derive(Debug, Clone, serde::Serialize)]
pub struct StepJson {
    /// Step code.
    pub step: &'static str,
    /// Its verdict.
    pub verdict: &'static str,
    /// Whether it corrects the seed's reasoning.
    pub corrects_seed: bool,
}

/// The whole report.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ReportJson {
    /// Interface version.
    pub schema: u32,
    /// Verdicts.
    pub verdicts: Verdicts,
    /// The binding constraint.
    pub binding: &'static str,
    /// Whether every constraint is met (no fail).
    pub all_met: bool,
    /// Key numbers at the expected values.
    pub numbers: Numbers,
    /// Bands across the input ranges, where they differ.
    pub bands: Vec<Band>,
    /// The steps in order.
    pub steps: Vec<StepJson>,
    /// The scenario's link hash (without `#`).
    pub share_hash: String,
    /// What is being judged: the presets and framework named, and the backend computed on.
    pub scenario: ScenarioJson,
    /// Where each value the user did not type comes from (a device preset's completion).
    pub defaults: Vec<DefaultJson>,
}

/// What a report judges.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ScenarioJson {
    /// The device preset's id, when one is named.
    pub device: Option<String>,
    /// The model preset's id.
    pub model: Option<String>,
    /// The quantization preset's id.
    pub quant: Option<String>,
    /// Speculative decoding's draft model preset id.
    pub draft: Option<String>,
    /// The device's power mode id, when one is chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_mode: Option<String>,
    /// The framework's id.
    pub framework: String,
    /// The backend computed on.
    pub backend: &'static str,
    /// Context tokens.
    pub context: f64,
}

/// One value's origin.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DefaultJson {
    /// The field's link key.
    pub field: &'static str,
    /// Where its value comes from.
    #[serde(flatten)]
    pub origin: crate::presets::complete::Origin,
}

fn v(e: &Evaluation, c: Constraint) -> &'static str {
    e.verdict(c).code()
}

type Getter = fn(&crate::analysis::Report) -> f64;

const BANDED: &[(&str, Getter)] = &[
    ("effective_compute_tops", |r| r.compute.effective.tops()),
    ("tpot_ms_full_context", |r| r.tpot.full.ms()),
    ("ttft_ms", |r| r.ttft.ttft.ms()),
    ("max_prompt_tokens_for_ttft", |r| r.ttft.max_prompt),
    ("power_w", |r| r.power.total.0),
    ("memory_total_gb", |r| r.memory.total.gb()),
    ("decode_tps", |r| r.speed.decode_tps.unwrap_or(f64::NAN)),
    ("prefill_tps", |r| r.speed.prefill_tps.unwrap_or(f64::NAN)),
    ("energy_j_per_answer", |r| r.energy.per_answer.0),
];

/// Build the report JSON.
#[must_use]
pub fn report(inputs: &Inputs, s: &Scenarios, e: &Evaluation) -> ReportJson {
    let r = &e.expected;
    let streams = crate::analysis::concurrency::streams(&s.expected, r);
    let most = crate::analysis::concurrency::max_streams(&s.expected);
    let numbers = Numbers {
        effective_bandwidth_gbps: r.bandwidth.effective.gbps(),
        effective_compute_tops: r.compute.effective.tops(),
        weights_gb: r.memory.weights.total().gb(),
        kv_cache_gb: r.memory.kv.gb(),
        memory_total_gb: r.memory.total.gb(),
        memory_usable_gb: r.memory.usable.gb(),
        file_gb: r.storage.file.gb(),
        gflop_per_token: match &s.expected.model {
            crate::model::Model::Llm(m) => {
                m.decode_ops(0.0).0 * s.expected.targets.sequences() / 1e9
            }
            crate::model::Model::OneShot(m) => m.ops.0 * s.expected.targets.batch / 1e9,
        },
        gflop_per_token_full_context: r.compute.ops_per_step.0 / 1e9,
        weight_budget_gb_per_token: r.bandwidth.budget_per_token.gb(),
        params_b_weights_only: r.bandwidth.params_weights_only / 1e9,
        bytes_per_token_gb: r.bandwidth.bytes_per_token.gb(),
        tpot_ms_empty: r.tpot.empty.ms(),
        tpot_ms_full_context: r.tpot.full.ms(),
        tpot_crossing_context: match r.tpot.crossing {
            crate::analysis::Crossing::At(c) => Some(c),
            crate::analysis::Crossing::Always => Some(0.0),
            crate::analysis::Crossing::Never => None,
        },
        ttft_ms: r.ttft.ttft.ms(),
        max_prompt_tokens_for_ttft: r.ttft.max_prompt,
        power_w: r.power.total.0,
        energy_mj_per_token: r.power.energy_per_step.0 * 1e3,
        sustained_tokens_per_s: r.power.sustained_rate,
        time_to_throttle_s: r.thermal.time_to_throttle.map(|t| t.0),
        cold_start_s: r.storage.cold_start.0,
        params_b: s.expected.model.total_params() / 1e9,
        active_params_b: match &s.expected.model {
            crate::model::Model::Llm(m) => (m.matmul_params() + m.params.vectors) / 1e9,
            crate::model::Model::OneShot(m) => m.params / 1e9,
        },
        tpot_ms_dense_bound: r.tpot.dense_bound.map(|t| t.ms()),
        graph_parts: r.memory.graph_parts,
        decode_tps: r.speed.decode_tps,
        decode_ctx: r.speed.decode_ctx,
        prefill_tps: r.speed.prefill_tps,
        energy_j_per_answer: r.energy.per_answer.0,
        answer_s: r.energy.answer_time.0,
        answers_per_charge: r.energy.answers_per_charge,
        hours_per_charge: r.energy.hours_per_charge,
        streams: s.expected.targets.streams,
        kv_gb_per_stream: streams.map(|x| x.kv_per_stream.gb()),
        tpot_ms_per_stream: streams.map(|_| r.tpot.full.ms()),
        aggregate_tokens_per_s: streams.map(|x| x.aggregate_tps),
        max_streams: most.map(|m| m.streams),
        max_streams_binding: most.and_then(|m| m.binding).map(Constraint::code),
        spec_tokens_per_step: r.speculative.as_ref().map(|x| x.tokens_per_step),
        spec_tpot_ms: r.speculative.as_ref().map(|x| x.tpot.ms()),
        spec_decode_tps: r
            .speculative
            .as_ref()
            .and_then(|x| (x.tpot.0 > 0.0).then(|| 1.0 / x.tpot.0)),
        spec_speedup: r.speculative.as_ref().map(|x| x.speedup),
        draft_memory_gb: r
            .speculative
            .as_ref()
            .map(|x| (x.draft_weights + x.draft_kv).gb()),
        image_tokens: r.ttft.vision.map(|v| v.tokens),
        vision_encoder_ms: r.ttft.vision.map(|v| v.time.ms()),
        vision_gflop: r.ttft.vision.map(|v| v.ops.0 / 1e9),
        vision_memory_gb: r.ttft.vision.map(|_| r.memory.vision.gb()),
    };
    let bands = BANDED
        .iter()
        .filter_map(|(name, f)| {
            let (low, high) = e.band(f);
            (high.is_finite() && low.is_finite() && high - low > 1e-12 * high.abs().max(1.0))
                .then_some(Band { name, low, high })
        })
        .collect();
    let steps = steps::steps(&s.expected.model)
        .iter()
        .map(|&st| StepJson {
            step: st.code(),
            verdict: steps::verdict(st, e).code(),
            corrects_seed: st.corrects_seed(),
        })
        .collect();
    ReportJson {
        schema: 1,
        verdicts: Verdicts {
            compute: v(e, Constraint::Compute),
            memory: v(e, Constraint::Memory),
            bandwidth: v(e, Constraint::Bandwidth),
            ttft: v(e, Constraint::Ttft),
            tpot: v(e, Constraint::Tpot),
            power: v(e, Constraint::Power),
            thermal: v(e, Constraint::Thermal),
            storage: v(e, Constraint::Storage),
            framework: v(e, Constraint::Framework),
        },
        binding: r.binding().code(),
        all_met: ALL_CONSTRAINTS
            .iter()
            .all(|&c| e.verdict(c) != Verdict::Fail),
        numbers,
        bands,
        steps,
        share_hash: codec::encode(inputs, &[]),
        scenario: ScenarioJson {
            device: inputs.device.clone(),
            model: inputs.model.clone(),
            quant: inputs.quant.clone(),
            draft: inputs.draft.clone(),
            power_mode: inputs.power_mode.clone(),
            framework: inputs.framework.clone(),
            backend: inputs.backend.code(),
            context: s.expected.targets.context,
        },
        defaults: crate::presets::complete::origins(inputs)
            .into_iter()
            .map(|(f, origin)| DefaultJson {
                field: f.key(),
                origin,
            })
            .collect(),
    }
}

/// One row of the solve JSON.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SchemeJson {
    /// Scheme id.
    pub id: &'static str,
    /// Scheme name.
    pub name: &'static str,
    /// Effective bits per weight.
    pub bits_per_weight: f64,
    /// Largest model, billions of parameters.
    pub max_params_b: f64,
    /// What stops a larger one.
    pub binding: &'static str,
    /// The seed's weights-only budget, billions.
    pub weights_only_params_b: f64,
}

/// The smallest device for the current model.
#[derive(Debug, Clone, serde::Serialize)]
#[allow(missing_docs)] // each name says its unit
pub struct NeedsJson {
    pub min_bandwidth_gbps: f64,
    pub min_peak_tops: f64,
    pub min_memory_gb: f64,
    pub min_storage_gb: f64,
}

/// One model preset in one format that meets every target (`best`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct BestJson {
    /// The model preset's id.
    pub model: &'static str,
    /// The quantization preset's id.
    pub quant: &'static str,
    /// The model's published score minus the format's published loss (`null`: not published).
    pub quality: Option<f64>,
    /// What binds it: its tightest constraint.
    pub binding: &'static str,
    /// The model's published score at 16 bits.
    pub model_score: Option<f64>,
    /// The format's published loss against 16 bits.
    pub format_loss: Option<f64>,
    /// llama.cpp's perplexity increase of the format, where no benchmark loss is published.
    pub ppl_delta: Option<f64>,
    /// `quality`, `model_only` (the format's loss is unknown) or `unknown`.
    pub known: crate::best::Known,
}

/// The solve.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SolveJson {
    /// One row per scheme.
    pub schemes: Vec<SchemeJson>,
    /// What the device needs for the current model.
    pub device_needs: NeedsJson,
    /// The benchmark `best` ranks by.
    pub quality_benchmark: &'static str,
    /// Where its figures come from (each once).
    pub quality_sources: Vec<&'static str>,
    /// Model presets × quantization presets that meet every target, best first.
    pub best: Vec<BestJson>,
}

/// Build the solve JSON: the reverse solve and the quality-ranked candidates (`crate::best::best` of the
/// same inputs; a separate call because it analyses every preset pair, which the page does only on demand).
#[must_use]
pub fn solve(s: &Solve, b: &crate::best::Best) -> SolveJson {
    SolveJson {
        schemes: s
            .schemes
            .iter()
            .map(|r| SchemeJson {
                id: r.scheme.id,
                name: r.scheme.name,
                bits_per_weight: r.bits_per_weight,
                max_params_b: r.max_params / 1e9,
                binding: r.binding.code(),
                weights_only_params_b: r.weights_only_params / 1e9,
            })
            .collect(),
        device_needs: NeedsJson {
            min_bandwidth_gbps: s.needs.bandwidth / 1e9,
            min_peak_tops: s.needs.compute / 1e12,
            min_memory_gb: s.needs.memory / 1e9,
            min_storage_gb: s.needs.storage / 1e9,
        },
        quality_benchmark: b.benchmark,
        quality_sources: b.sources(),
        best: b
            .candidates
            .iter()
            .map(|c| BestJson {
                model: c.model,
                quant: c.quant,
                quality: c.quality,
                binding: c.binding.code(),
                model_score: c.model_score,
                format_loss: c.format_loss,
                ppl_delta: c.ppl_delta,
                known: c.known,
            })
            .collect(),
    }
}

/// A pipeline's JSON (`edgefit pipeline --json`, the page's export): its link and the whole report (SI
/// units: seconds, bytes, watts, joules; stages 0-based).
#[derive(Debug, Clone, serde::Serialize)]
pub struct PipelineJson {
    /// The pipeline's link hash.
    pub link: String,
    /// Whether everything meets its target (end-to-end latency, memory, power and heat).
    pub all_met: bool,
    /// The stages' roles, in order.
    pub stages: Vec<&'static str>,
    /// The report.
    pub report: crate::pipeline::PipelineReport,
}

/// The JSON of one analyzed pipeline.
#[must_use]
pub fn pipeline(
    p: &crate::pipeline::Pipeline,
    r: &crate::pipeline::PipelineReport,
) -> PipelineJson {
    PipelineJson {
        link: crate::pipeline::link::encode(p, &[]),
        all_met: r.all_met(),
        stages: p.stages.iter().map(|s| s.role.code()).collect(),
        report: r.clone(),
    }
}
