//! The validated scenario: what the user typed, checked and converted to SI, at one corner of its ranges.
//!
//! [`validate`] is the one conversion from [`Inputs`] (what was typed) to [`Scenarios`] (what the engine
//! computes on). It returns every field's error at once.

use alloc::vec::Vec;

use crate::device::Device;
use crate::framework::FrameworkSpec;
use crate::input::{Backend, Corner, Field, Inputs, ModelKind, Problem, ALL_FIELDS};
use crate::model::{Architecture, AttentionShape, Llm, Model, Moe, OneShot, Params, Recurrent};
use crate::presets;
use crate::quant::Quant;
use crate::units::{Bytes, BytesPerSec, Joules, Ops, OpsPerSec, Seconds, Watts};

/// The targets and the workload.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Targets {
    /// Time to first token.
    pub ttft: Seconds,
    /// Time per output token.
    pub tpot: Seconds,
    /// Context the KV cache is sized for.
    pub context: f64,
    /// Prompt tokens prefilled: the text prompt and, with images, their image tokens.
    pub prompt: f64,
    /// Image tokens in [`Targets::prompt`] (0 without images).
    pub image_tokens: f64,
    /// Generated tokens per answer.
    pub output: f64,
    /// Sequences decoded together per stream (their prompts are prefilled together).
    pub batch: f64,
    /// Independent streams batched on the device ([`Targets::sequences`] decoded per step).
    pub streams: f64,
    /// Largest allowed model file.
    pub max_file: Bytes,
    /// Fixed overhead per generated token.
    pub token_overhead: Seconds,
    /// Runtime overhead in memory.
    pub runtime: Bytes,
    /// Tokenizer and metadata in the file.
    pub meta: Bytes,
    /// Prefill chunk.
    pub chunk: f64,
    /// Session length for the heat curve.
    pub session: Seconds,
    /// Count the cold start in TTFT.
    pub cold_start: bool,
    /// Context fixed at export (a static KV cache allocated and read in full), when it is.
    pub export_ctx: Option<f64>,
    /// Prefill in fixed-size chunks of `chunk` tokens.
    pub fixed_chunks: bool,
    /// Prompt tokens one tile of the runtime's tiled int8 prefill matmul covers (llama.cpp's CUDA MMQ: 128):
    /// the kernel reads every weight again for each tile of a chunk and waits for its loads (reads and
    /// arithmetic add), while attention (activations × activations) runs at the FP16 peak. 0: the weights are
    /// read once per chunk and overlap the arithmetic (the roofline's max).
    pub gemm_tile: f64,
    /// Tokens already in the KV cache when the prompt arrives.
    pub depth: f64,
    /// Context at which decode speed is reported (`None`: [`Targets::context`]).
    pub decode_ctx: Option<f64>,
    /// Measured ÷ predicted decode speed at this corner of the band (1 at the expected value).
    pub decode_factor: f64,
    /// Measured ÷ predicted prefill speed at this corner of the band.
    pub prefill_factor: f64,
}

impl Targets {
    /// Sequences one decode step serves: the batch of every stream.
    #[must_use]
    pub fn sequences(&self) -> f64 {
        self.batch * self.streams
    }
}

/// One fully validated scenario, in SI units.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Scenario {
    /// The device.
    pub device: Device,
    /// The model.
    pub model: Model,
    /// Its quantization.
    pub quant: Quant,
    /// Targets and workload.
    pub targets: Targets,
    /// The framework.
    pub framework: &'static FrameworkSpec,
    /// The quantization preset the scheme is, when it is a named preset whose fields were not edited: the file
    /// format the framework must load ([`crate::framework::check_format`]). `None`: a scheme typed by hand.
    pub format: Option<&'static str>,
    /// The device preset the device fields started from (a framework may load a format only on some devices).
    pub device_preset: Option<&'static str>,
    /// The backend.
    pub backend: Backend,
    /// Share of operations on the accelerator, as given.
    pub coverage: f64,
    /// Zero-copy buffers.
    pub zero_copy: bool,
    /// Speculative decoding's draft model, when one is named.
    pub draft: Option<alloc::boxed::Box<Draft>>,
    /// The images of the prompt and the vision tower that reads them (a vision-language model with
    /// `images` ≥ 1).
    pub vision: Option<crate::vision::Vision>,
    /// Parameters kept in storage and read a row per token, not held in memory (Gemma 3n's per-layer
    /// embeddings).
    pub flash_params: f64,
}

/// A draft model for speculative decoding: its own scenario (the draft preset's architecture on the same
/// device, quantization and targets), the acceptance rate and the draft length.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Draft {
    /// The draft's preset id.
    pub id: alloc::string::String,
    /// The draft run alone on the device.
    pub scenario: Scenario,
    /// Share of proposed tokens the target accepts, α.
    pub accept: f64,
    /// Tokens proposed per verify step, k.
    pub len: f64,
}

/// The draft a scenario names at one corner: a model preset with an architecture, else none.
fn draft_at(inputs: &Inputs, c: Corner, fw: &'static FrameworkSpec) -> Option<Draft> {
    let id = inputs.draft.as_deref()?;
    if inputs.model_kind == ModelKind::OneShot {
        return None;
    }
    let p = crate::presets::model(id)?;
    if p.family != crate::presets::ModelFamily::Llm || p.arch.is_none() {
        return None;
    }
    let mut d = inputs.clone();
    d.draft = None;
    p.apply(&mut d);
    let v = |f: Field| inputs.get(f).map_or(0.0, |x| x.at(c));
    Some(Draft {
        id: id.into(),
        scenario: build(&d, c, fw),
        accept: v(Field::Accept),
        len: v(Field::DraftLen),
    })
}

/// The scenario at each corner of its ranges.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenarios {
    /// Every range at its expected value.
    pub expected: Scenario,
    /// Every range at its low end.
    pub low: Scenario,
    /// Every range at its high end.
    pub high: Scenario,
}

/// Which input an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum InputRef {
    /// A numeric field.
    Field(Field),
    /// The framework choice.
    Framework,
}

impl InputRef {
    /// The key in links and files.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            InputRef::Field(f) => f.key(),
            InputRef::Framework => "fw",
        }
    }
}

/// One input that failed validation.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FieldError {
    /// Which input.
    pub input: InputRef,
    /// The expected value that was given (when numeric).
    pub value: Option<f64>,
    /// What is wrong.
    pub problem: InputProblem,
}

/// What is wrong with an input.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum InputProblem {
    /// A numeric problem.
    Value(Problem),
    /// No framework with this id.
    UnknownFramework(alloc::string::String),
}

use crate::numfmt::short as display;

impl FieldError {
    /// The [`Display`](core::fmt::Display) message when the problem is numeric ([`InputProblem::Value`]);
    /// `None` otherwise. For a caller that shows only these: it leaves out the `{:?}` quoting of an unknown
    /// framework id, and with it std's string escaping (and its Unicode tables) in the page's wasm.
    #[must_use]
    pub fn value_message(&self) -> Option<alloc::string::String> {
        let InputProblem::Value(p) = &self.problem else {
            return None;
        };
        let mut s = alloc::string::String::new();
        let _ = self.write_value(&mut s, p);
        Some(s)
    }

    fn write_head(&self, f: &mut dyn core::fmt::Write) -> core::fmt::Result {
        write!(f, "{}", self.input.key())?;
        if let Some(v) = self.value {
            write!(f, "={}", display(v))?;
        }
        Ok(())
    }

    fn write_value(&self, f: &mut dyn core::fmt::Write, p: &Problem) -> core::fmt::Result {
        self.write_head(f)?;
        match p {
            Problem::NotFinite => write!(f, ": must be a finite number"),
            Problem::TooLow { min } => {
                write!(
                    f,
                    ": must be {} {}",
                    if min.inclusive { "at least" } else { "above" },
                    display(min.value)
                )
            }
            Problem::TooHigh { max } => {
                write!(
                    f,
                    ": must be {} {}",
                    if max.inclusive { "at most" } else { "below" },
                    display(max.value)
                )
            }
            Problem::NotInteger => write!(f, ": must be a whole number"),
            Problem::NotFlag => write!(f, ": must be 0 or 1"),
            Problem::NoRange => write!(f, ": takes one number, not a range"),
            Problem::RangeOrder => write!(f, ": range must be low~expected~high in order"),
            Problem::MustBeBelow { other, limit } => {
                write!(f, ": must be below {}={}", other.key(), display(*limit))
            }
            Problem::MustNotExceed { other, limit } => {
                write!(f, ": must not exceed {}={}", other.key(), display(*limit))
            }
            Problem::Missing => write!(f, ": is required"),
            Problem::ImageTokens { tokens, limit } => write!(
                f,
                ": the prompt and its image tokens ({}) exceed context={}",
                display(*tokens),
                display(*limit)
            ),
        }
    }
}

impl core::fmt::Display for FieldError {
    /// A developer-facing message (the UI renders its own words from the typed fields).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match &self.problem {
            InputProblem::Value(p) => self.write_value(f, p),
            InputProblem::UnknownFramework(id) => {
                self.write_head(f)?;
                write!(f, ": no framework preset named {id:?}")
            }
        }
    }
}

/// Every error found in one set of inputs.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Errors(pub Vec<FieldError>);

impl Errors {
    /// The error on one input, if any.
    #[must_use]
    pub fn for_input(&self, input: InputRef) -> Option<&FieldError> {
        self.0.iter().find(|e| e.input == input)
    }
    fn push(&mut self, f: Field, value: f64, p: Problem) {
        if self.for_input(InputRef::Field(f)).is_none() {
            self.0.push(FieldError {
                input: InputRef::Field(f),
                // `+ 0.0` turns -0 into 0: a message never says "-0", and it does not stay on
                // screen after "-0" is corrected to "0" (the two compare equal).
                value: Some(value + 0.0),
                problem: InputProblem::Value(p),
            });
        }
    }
}

/// Check every input and build the scenario at each corner of its ranges.
///
/// # Errors
/// Every input that is out of its bounds, inconsistent with another, or unknown, at once.
pub fn validate(inputs: &Inputs) -> Result<Scenarios, Errors> {
    let mut errors = Errors::default();
    for &f in ALL_FIELDS {
        if !f.applies_to(inputs.model_kind) {
            continue;
        }
        if let Some(v) = inputs.get(f) {
            if let Err(p) = f.spec().check(&v) {
                // Name the end of a range that breaks the rule (`0~0.5` is refused for its 0, not for
                // its midpoint 0.25); the expected value when no single end does (order, no range).
                let shown = [v.lo, v.mid, v.hi]
                    .into_iter()
                    .find(|&x| f.spec().check_one(x).is_err())
                    .unwrap_or(v.mid);
                errors.push(f, shown, p);
            }
        } else if f.spec().default.is_some() {
            errors.push(f, f64::NAN, Problem::Missing);
        }
    }
    let fw = presets::framework(&inputs.framework);
    if fw.is_none() {
        errors.0.push(FieldError {
            input: InputRef::Framework,
            value: None,
            problem: InputProblem::UnknownFramework(inputs.framework.clone()),
        });
    }
    if !errors.0.is_empty() {
        return Err(errors);
    }
    let fw = fw.unwrap_or(&presets::GENERIC);
    cross_check(inputs, &mut errors);
    if !errors.0.is_empty() {
        return Err(errors);
    }
    Ok(Scenarios {
        expected: build(inputs, Corner::Expected, fw),
        low: build(inputs, Corner::Low, fw),
        high: build(inputs, Corner::High, fw),
    })
}

/// Rules between fields, checked at every corner.
fn cross_check(inputs: &Inputs, errors: &mut Errors) {
    let at = |f: Field, c: Corner| inputs.get(f).map_or(f64::NAN, |v| v.at(c));
    for c in [Corner::Low, Corner::Expected, Corner::High] {
        let below = |errors: &mut Errors, f: Field, other: Field, strict: bool| {
            let (x, lim) = (at(f, c), at(other, c));
            if (strict && x >= lim) || (!strict && x > lim) {
                let p = if strict {
                    Problem::MustBeBelow { other, limit: lim }
                } else {
                    Problem::MustNotExceed { other, limit: lim }
                };
                errors.push(f, x, p);
            }
        };
        below(errors, Field::ReservedGb, Field::MemoryGb, true);
        below(errors, Field::AmbientC, Field::TjMaxC, true);
        below(errors, Field::SustainedW, Field::BurstW, true);
        below(errors, Field::IdleW, Field::SustainedW, true);
        match inputs.model_kind {
            ModelKind::OneShot => {}
            kind => {
                below(errors, Field::KvHeads, Field::Heads, false);
                below(errors, Field::Prompt, Field::Context, false);
                if let Some(v) = crate::vision::Vision::at(inputs, c) {
                    let (tokens, limit) =
                        (v.tokens() + at(Field::Prompt, c), at(Field::Context, c));
                    if tokens > limit {
                        errors.push(
                            Field::Images,
                            at(Field::Images, c),
                            Problem::ImageTokens { tokens, limit },
                        );
                    }
                }
                below(errors, Field::LocalLayers, Field::Layers, false);
                below(errors, Field::RecurrentLayers, Field::Layers, false);
                // At least one layer holds the cache the shared ones read.
                below(errors, Field::KvSharedLayers, Field::Layers, true);
                if at(Field::LocalLayers, c) > 0.0 && at(Field::Window, c) <= 0.0 {
                    errors.push(
                        Field::Window,
                        at(Field::Window, c),
                        Problem::TooLow {
                            min: crate::input::Bound {
                                value: 1.0,
                                inclusive: true,
                            },
                        },
                    );
                }
                if at(Field::Experts, c) > 0.0 {
                    below(errors, Field::ExpertsActive, Field::Experts, false);
                    if at(Field::ExpertsActive, c) < 1.0 {
                        errors.push(
                            Field::ExpertsActive,
                            at(Field::ExpertsActive, c),
                            Problem::TooLow {
                                min: crate::input::Bound {
                                    value: 1.0,
                                    inclusive: true,
                                },
                            },
                        );
                    }
                }
                if kind == ModelKind::Params && inputs.get(Field::ActiveParamsB).is_some() {
                    below(errors, Field::ActiveParamsB, Field::ParamsB, false);
                }
                if kind == ModelKind::Params {
                    // The KV shape must fit in the parameters: a layer has at least its K and V projections.
                    let kv_params = 2.0
                        * at(Field::Layers, c)
                        * at(Field::Hidden, c)
                        * at(Field::KvHeads, c)
                        * at(Field::HeadDim, c);
                    let n = at(Field::ParamsB, c) * 1e9;
                    if kv_params > n {
                        errors.push(
                            Field::ParamsB,
                            at(Field::ParamsB, c),
                            Problem::TooLow {
                                min: crate::input::Bound {
                                    value: kv_params / 1e9,
                                    inclusive: true,
                                },
                            },
                        );
                    }
                }
            }
        }
    }
}

/// The model's dimensions, mixture of experts and recurrent layers as the fields of `inputs` give them at
/// corner `c` (an unset field counts 0; an expert's width defaults to the feed-forward's), for counting its
/// parameters.
pub(crate) fn layout_at(inputs: &Inputs, c: Corner) -> (Architecture, Option<Moe>, Recurrent) {
    let v = |f: Field| inputs.get(f).map_or(0.0, |x| x.at(c));
    let flag = |f: Field| v(f) >= 0.5;
    let arch = Architecture {
        layers: v(Field::Layers),
        hidden: v(Field::Hidden),
        heads: v(Field::Heads),
        kv_heads: v(Field::KvHeads),
        head_dim: v(Field::HeadDim),
        ffn: v(Field::Ffn),
        vocab: v(Field::Vocab),
        tied: flag(Field::Tied),
        gated: flag(Field::Gated),
        qkv_bias: flag(Field::QkvBias),
        qk_norm: flag(Field::QkNorm),
        post_norms: flag(Field::PostNorms),
    };
    let moe = (v(Field::Experts) > 0.0).then(|| Moe {
        experts: v(Field::Experts),
        active: v(Field::ExpertsActive),
        shared: v(Field::SharedExperts),
        expert_ffn: if v(Field::ExpertFfn) > 0.0 {
            v(Field::ExpertFfn)
        } else {
            arch.ffn
        },
    });
    let recurrent = Recurrent {
        layers: v(Field::RecurrentLayers),
        mixer: v(Field::RecurrentParams),
    };
    (arch, moe, recurrent)
}

fn build(inputs: &Inputs, c: Corner, fw: &'static FrameworkSpec) -> Scenario {
    let v = |f: Field| inputs.get(f).map_or(0.0, |x| x.at(c));
    let opt = |f: Field| inputs.get(f).map(|x| x.at(c));
    let flag = |f: Field| v(f) >= 0.5;
    let int8 = OpsPerSec::from_tops(v(Field::PeakInt8Tops));
    let device = Device {
        peak_int8: int8,
        peak_fp16: opt(Field::PeakFp16Tops).map_or(int8 * 0.5, OpsPerSec::from_tops),
        fp16_assumed: opt(Field::PeakFp16Tops).is_none(),
        peak_int4: opt(Field::PeakInt4Tops).map_or(int8, OpsPerSec::from_tops),
        int4_assumed: opt(Field::PeakInt4Tops).is_none(),
        compute_util: v(Field::ComputeUtil),
        vision_ratio: v(Field::VitEff),
        cpu: OpsPerSec::from_tops(v(Field::CpuTops)),
        memory: Bytes::from_gb(v(Field::MemoryGb)),
        reserved: Bytes::from_gb(v(Field::ReservedGb)),
        bandwidth: BytesPerSec::from_gbps(v(Field::BandwidthGbps)),
        bandwidth_util: v(Field::BandwidthUtil),
        storage_free: Bytes::from_gb(v(Field::StorageFreeGb)),
        storage_read: BytesPerSec::from_gbps(v(Field::StorageReadGbps)),
        sustained: Watts(v(Field::SustainedW)),
        burst: Watts(v(Field::BurstW)),
        burst_time: Seconds(v(Field::BurstS)),
        tj_max_c: v(Field::TjMaxC),
        ambient_c: v(Field::AmbientC),
        accel: Watts(v(Field::AccelW)),
        base: Watts(v(Field::BaseW)),
        idle: Watts(v(Field::IdleW)),
        dram_per_byte: Joules(v(Field::DramPjPerBit) * 8.0 * 1e-12),
        battery: opt(Field::BatteryWh).map(|wh| Joules(wh * 3600.0)),
        app_cap: opt(Field::AppCapGb).map(Bytes::from_gb),
        graph_limit: opt(Field::GraphLimitGb).map(Bytes::from_gb),
        decode_scale: match opt(Field::DecodeTops) {
            Some(t) if int8.0 > 0.0 => OpsPerSec::from_tops(t).0 / int8.0,
            _ => 1.0,
        },
        chain: opt(Field::ChainGbps).map(BytesPerSec::from_gbps),
    };
    let quant = Quant {
        weight_bits: v(Field::WeightBits),
        granularity: inputs.granularity,
        group: v(Field::GroupSize),
        scale_bits: v(Field::ScaleBits),
        zero_bits: v(Field::ZeroBits),
        embed_bits: opt(Field::EmbedBits),
        activation: inputs.activation,
        kv_bits: v(Field::KvBits),
    };
    let (arch, moe, recurrent) = layout_at(inputs, c);
    let model = match inputs.model_kind {
        ModelKind::OneShot => Model::OneShot(OneShot {
            params: v(Field::ParamsB) * 1e9,
            ops: Ops(v(Field::GopPerInference) * 1e9),
            activation: Bytes(v(Field::ActivationMb) * 1e6),
            fps: v(Field::Fps),
        }),
        kind => {
            let counted = kind == ModelKind::Architecture;
            let params = if counted {
                arch.params_hybrid(moe.as_ref(), Some(&recurrent))
            } else {
                let mut p = split_count(v(Field::ParamsB) * 1e9, &arch, &quant);
                if let Some(active) = opt(Field::ActiveParamsB) {
                    // A mixture of experts given by size: what a token does not use is idle; with the
                    // expert counts given, that idle part is the unused share of the routed experts.
                    p.idle = (v(Field::ParamsB) - active).max(0.0) * 1e9;
                    if let Some(m) = &moe {
                        let unused = (m.experts - m.active) / m.experts;
                        if unused > 0.0 {
                            p.routed = p.idle / unused;
                            p.routed_share = m.active / m.experts;
                        }
                    }
                }
                p
            };
            Model::Llm(Llm {
                params,
                tied: arch.tied,
                attention: AttentionShape {
                    window: v(Field::Window),
                    local_layers: v(Field::LocalLayers),
                    mla_dim: v(Field::MlaDim),
                    recurrent_layers: v(Field::RecurrentLayers),
                    shared_layers: v(Field::KvSharedLayers),
                    state_bytes: v(Field::StateMb) * 1e6,
                    ..AttentionShape::dense(arch.layers, arch.q_width(), arch.kv_width())
                },
                hidden: arch.hidden,
                ffn: arch.ffn,
                vocab: arch.vocab,
                counted,
            })
        }
    };
    // The per-layer cost counts the layers a token runs through (none for a one-shot model).
    let layers = match inputs.model_kind {
        ModelKind::OneShot => 0.0,
        _ => v(Field::Layers),
    };
    let vision = crate::vision::Vision::at(inputs, c);
    let image_tokens = vision.as_ref().map_or(0.0, crate::vision::Vision::tokens);
    let targets = Targets {
        ttft: Seconds::from_ms(v(Field::TtftMs)),
        tpot: Seconds::from_ms(v(Field::TpotMs)),
        context: v(Field::Context),
        prompt: v(Field::Prompt) + image_tokens,
        image_tokens,
        output: v(Field::Output),
        batch: v(Field::Batch),
        streams: match inputs.model_kind {
            ModelKind::OneShot => 1.0,
            _ => v(Field::Streams),
        },
        max_file: Bytes::from_gb(v(Field::MaxFileGb)),
        token_overhead: Seconds::from_ms(v(Field::TokenOverheadMs) + v(Field::LayerMs) * layers),
        runtime: Bytes::from_gb(v(Field::RuntimeGb)),
        meta: Bytes(v(Field::MetaMb) * 1e6),
        chunk: v(Field::Chunk),
        session: Seconds(v(Field::SessionS)),
        cold_start: flag(Field::ColdStart),
        export_ctx: opt(Field::ExportCtx),
        fixed_chunks: flag(Field::FixedChunks),
        gemm_tile: v(Field::GemmTile),
        depth: v(Field::Depth),
        decode_ctx: opt(Field::DecodeCtx),
        decode_factor: v(Field::BandDecode),
        prefill_factor: v(Field::BandPrefill),
    };
    let format = inputs
        .quant
        .as_deref()
        .and_then(crate::presets::quant)
        .filter(|p| p.describes(&quant))
        .map(|p| p.id);
    let device_preset = inputs
        .device
        .as_deref()
        .and_then(crate::presets::device)
        .map(|p| p.id);
    Scenario {
        device,
        model,
        quant,
        targets,
        framework: fw,
        format,
        device_preset,
        backend: inputs.backend,
        coverage: v(Field::Coverage),
        zero_copy: flag(Field::ZeroCopy),
        draft: draft_at(inputs, c, fw).map(alloc::boxed::Box::new),
        vision,
        flash_params: match inputs.model_kind {
            ModelKind::OneShot => 0.0,
            _ => v(Field::FlashParamsB) * 1e9,
        },
    }
}

/// A bare parameter count is all "body" (every weight read per token, as the seed counts it), unless the
/// embedding is given its own precision: then the vocabulary × hidden table (twice when untied) is split off.
fn split_count(n: f64, arch: &Architecture, q: &Quant) -> Params {
    if q.embed_bits.is_none() {
        return Params {
            body: n,
            ..Params::default()
        };
    }
    let table = arch.vocab * arch.hidden;
    let lm_head = if arch.tied { 0.0 } else { table };
    Params {
        body: (n - table - lm_head).max(0.0),
        embedding: table,
        lm_head,
        ..Params::default()
    }
}
