//! Model shapes: the layers, widths and heads of known model families (the core's model presets where it has them,
//! else shapes for the measurements alone), and an estimate from the parameter count for the rest.

use edgefit_core::math;

use crate::*;

/// What the KV cache and the untied embedding need to know about a model.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
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
pub(crate) const fn sh(
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
pub(crate) const LLAMA_7B: Variant =
    Variant::Measured(sh(6.74, 32.0, 4096.0, 32.0, 32.0, 128.0, 32000.0, false));

/// LLaMA (1 and 2) 13B.
pub(crate) const LLAMA_13B: Variant =
    Variant::Measured(sh(13.0, 40.0, 5120.0, 40.0, 40.0, 128.0, 32000.0, false));

/// LLaMA 1 33B (also sold as "30B").
pub(crate) const LLAMA_33B: Variant =
    Variant::Measured(sh(32.5, 60.0, 6656.0, 52.0, 52.0, 128.0, 32000.0, false));

/// One model of a family: a model preset (the one table of models, in the core), or a model only the
/// measurement files name.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Variant {
    /// The model preset with this id: its config's dimensions, its layout (sliding window, experts) and the
    /// engine's parameter counts ([`preset_shape`]).
    Preset(&'static str),
    /// A preset's dimensions with every layer attending to the whole context: the versions and runtimes the
    /// measurements name do not use its sliding window.
    PresetFullAttention(&'static str),
    /// A mixture-of-experts preset's dimensions and layout with the parameter counts the calibration was
    /// fitted with, billions — all, active per token (the input embedding included) and routed — which
    /// count what the engine's count leaves out (routers, expert biases; within 0.2 %, a test checks).
    PresetCounted(&'static str, [f64; 3]),
    /// A model no preset holds, named only by measurement rows: its shape from its published
    /// `config.json`, its parameter count rounded as published.
    Measured(Shape),
}

impl Variant {
    /// The variant's shape (`None` for a preset id that is not an LLM preset with a config, which a test
    /// rules out).
    #[must_use]
    pub fn shape(&self) -> Option<Shape> {
        match *self {
            Self::Preset(id) => edgefit_core::presets::model(id).and_then(preset_shape),
            Self::PresetFullAttention(id) => edgefit_core::presets::model(id)
                .and_then(preset_shape)
                .map(|s| s.windowed(0.0, 0.0)),
            Self::PresetCounted(id, [all, active, routed]) => edgefit_core::presets::model(id)
                .and_then(preset_shape)
                .map(|s| Shape {
                    params_b: all,
                    ..s.moe(active, routed)
                }),
            Self::Measured(s) => Some(s),
        }
    }
}

/// The shape of an LLM preset with a config: its dimensions, its sliding window and experts
/// ([`edgefit_core::presets::layouts`]), and the engine's count of its parameters — all of them, the ones a
/// token uses (all but the routed experts it does not pick; the embedding included) and the routed experts.
#[must_use]
pub fn preset_shape(p: &edgefit_core::presets::ModelPreset) -> Option<Shape> {
    let a = p.arch?;
    let count = p.params_counted()?;
    let layout = p.layout();
    let shape = sh(
        count.total() / 1e9,
        f64::from(a.layers),
        f64::from(a.hidden),
        f64::from(a.heads),
        f64::from(a.kv_heads),
        f64::from(a.head_dim),
        f64::from(a.vocab),
        a.tied,
    )
    .windowed(f64::from(layout.window), f64::from(layout.local_layers));
    Some(if layout.experts > 0 {
        shape
            .moe((count.total() - count.idle) / 1e9, count.routed / 1e9)
            .routing(f64::from(layout.experts), f64::from(layout.experts_active))
    } else {
        shape
    })
}

/// Model families by a name fragment (lowercase letters and digits only), most specific first, each with its
/// variants: the model presets where the core has one ([`Variant::Preset`]), else a shape for the
/// measurements alone ([`Variant::Measured`]). Those shapes are from the models' published `config.json`;
/// mixtures of experts with the active and routed counts of their model cards or computed from their
/// configs (gpt-oss-120b: 5.13 B active without the input embedding, so 0.58 B more here; GLM-4.5-Air's
/// "12B" leaves out the embedding and the head, 13.4 with them), sliding windows where the config sets them
/// (Gemma 2: 4096 on every other layer; Gemma 3: 1024 on five layers of six; gpt-oss: 128 on every other
/// layer).
pub const KNOWN_MODELS: &[(&str, &[Variant])] = &[
    (
        "gptoss",
        &[
            // The model card's 3.61 B active without the input embedding, so 0.58 B more here; the routed
            // count includes the experts' biases.
            Variant::PresetCounted("gpt-oss-20b", [20.91, 4.19, 19.12]),
            Variant::Measured(
                sh(116.83, 36.0, 2880.0, 64.0, 8.0, 64.0, 201088.0, false)
                    .moe(5.71, 114.71)
                    .routing(128.0, 4.0)
                    .windowed(128.0, 18.0),
            ),
        ],
    ),
    (
        "mixtral",
        &[
            Variant::Measured(
                sh(46.7, 32.0, 4096.0, 32.0, 8.0, 128.0, 32000.0, false)
                    .moe(12.9, 45.1)
                    .routing(8.0, 2.0),
            ),
            Variant::Measured(
                sh(140.6, 56.0, 6144.0, 48.0, 8.0, 128.0, 32768.0, false)
                    .moe(39.1, 135.3)
                    .routing(8.0, 2.0),
            ),
        ],
    ),
    (
        "olmoe",
        &[Variant::Measured(
            sh(6.92, 16.0, 2048.0, 16.0, 16.0, 128.0, 50304.0, false)
                .moe(1.28, 6.44)
                .routing(64.0, 8.0),
        )],
    ),
    (
        "phi35moe",
        &[Variant::Measured(
            sh(41.9, 32.0, 4096.0, 32.0, 8.0, 128.0, 32064.0, false)
                .moe(6.6, 40.3)
                .routing(16.0, 2.0),
        )],
    ),
    (
        "glm45air",
        &[Variant::Measured(
            sh(106.9, 46.0, 4096.0, 96.0, 8.0, 128.0, 151552.0, false)
                .moe(13.4, 99.7)
                .routing(128.0, 8.0),
        )],
    ),
    ("tinyllama", &[Variant::Preset("tinyllama-1.1b-chat-v1.0")]),
    (
        // SmolLM (1) has SmolLM2's shapes at 135M, 360M and 1.7B.
        "smollm",
        &[
            Variant::Preset("smollm2-135m"),
            Variant::Preset("smollm2-360m"),
            Variant::Preset("smollm2-1.7b"),
        ],
    ),
    (
        // DeepSeek-R1 distills of Qwen2.5-Math: untied embeddings; the 7B has Qwen2.5-7B's shape.
        "distillqwen",
        &[
            Variant::Preset("deepseek-r1-distill-qwen-1.5b"),
            Variant::Preset("qwen2.5-7b"),
        ],
    ),
    // The R1 distill of Llama 3.1 8B keeps its shape.
    ("distillllama", &[Variant::Preset("llama-3.1-8b")]),
    (
        "qwen3",
        &[
            Variant::Preset("qwen3-0.6b"),
            Variant::Preset("qwen3-1.7b"),
            Variant::Preset("qwen3-4b"),
            Variant::Preset("qwen3-8b"),
            Variant::Measured(sh(14.8, 40.0, 5120.0, 40.0, 8.0, 128.0, 151936.0, false)),
            Variant::Measured(sh(32.8, 64.0, 5120.0, 64.0, 8.0, 128.0, 151936.0, false)),
            // Qwen3-30B-A3B (and its Coder variant): 128 experts, 8 per token; 3.35 B active counts the
            // routers.
            Variant::PresetCounted("qwen3-30b-a3b", [30.53, 3.35, 28.99]),
            Variant::Measured(
                sh(235.1, 94.0, 4096.0, 64.0, 4.0, 128.0, 151936.0, false)
                    .moe(22.2, 227.0)
                    .routing(128.0, 8.0),
            ),
        ],
    ),
    (
        // Qwen2 and Qwen2.5 share their shapes at 0.5B, 1.5B and 7B.
        "qwen2",
        &[
            Variant::Preset("qwen2.5-0.5b"),
            Variant::Preset("qwen2.5-1.5b"),
            Variant::Preset("qwen2.5-3b"),
            Variant::Preset("qwen2.5-7b"),
            Variant::Measured(sh(14.7, 48.0, 5120.0, 40.0, 8.0, 128.0, 152064.0, false)),
            Variant::Measured(sh(32.8, 64.0, 5120.0, 40.0, 8.0, 128.0, 152064.0, false)),
        ],
    ),
    (
        // Gemma (1) 2B by its usual names ("Gemma-2B", "gemma-2b-it"), before "gemma2" claims it: Gemma 2's
        // 2B is written "Gemma 2 2B" (gemma22b).
        "gemma2b",
        &[Variant::Measured(sh(
            2.51, 18.0, 2048.0, 8.0, 1.0, 256.0, 256000.0, true,
        ))],
    ),
    (
        "gemma3",
        &[
            Variant::Preset("gemma-3-1b"),
            Variant::Preset("gemma-3-4b"),
            Variant::Measured(
                sh(12.2, 48.0, 3840.0, 16.0, 8.0, 256.0, 262208.0, true).windowed(1024.0, 40.0),
            ),
            Variant::Measured(
                sh(27.4, 62.0, 5376.0, 32.0, 16.0, 128.0, 262208.0, true).windowed(1024.0, 52.0),
            ),
        ],
    ),
    (
        "gemma2",
        &[
            Variant::Preset("gemma-2-2b"),
            Variant::Measured(
                sh(9.24, 42.0, 3584.0, 16.0, 8.0, 256.0, 256000.0, true).windowed(4096.0, 21.0),
            ),
            Variant::Measured(
                sh(27.2, 46.0, 4608.0, 32.0, 16.0, 128.0, 256000.0, true).windowed(4096.0, 23.0),
            ),
        ],
    ),
    (
        "gemma",
        &[
            Variant::Measured(sh(2.51, 18.0, 2048.0, 8.0, 1.0, 256.0, 256000.0, true)),
            Variant::Measured(sh(8.54, 28.0, 3072.0, 16.0, 16.0, 256.0, 256000.0, true)),
        ],
    ),
    (
        "phi4",
        &[
            Variant::Preset("phi-4-mini"),
            Variant::Measured(sh(14.7, 40.0, 5120.0, 40.0, 10.0, 128.0, 100352.0, false)),
        ],
    ),
    (
        // Phi-3-mini and Phi-3.5-mini share one shape.
        "phi3",
        &[
            Variant::Preset("phi-3-mini-4k"),
            Variant::Measured(sh(14.0, 40.0, 5120.0, 40.0, 10.0, 128.0, 32064.0, false)),
        ],
    ),
    (
        "phi2",
        &[Variant::Measured(sh(
            2.78, 32.0, 2560.0, 32.0, 32.0, 80.0, 51200.0, false,
        ))],
    ),
    (
        "phi15",
        &[Variant::Measured(sh(
            1.42, 24.0, 2048.0, 32.0, 32.0, 64.0, 51200.0, false,
        ))],
    ),
    (
        "stablelm",
        &[
            Variant::Measured(sh(1.64, 24.0, 2048.0, 32.0, 32.0, 64.0, 100352.0, false)),
            Variant::Measured(sh(2.8, 32.0, 2560.0, 32.0, 32.0, 80.0, 50304.0, false)),
            Variant::Measured(sh(12.1, 40.0, 5120.0, 32.0, 8.0, 160.0, 100352.0, false)),
        ],
    ),
    (
        "openllama",
        &[
            Variant::Measured(sh(3.43, 26.0, 3200.0, 32.0, 32.0, 100.0, 32000.0, false)),
            LLAMA_7B,
            LLAMA_13B,
        ],
    ),
    (
        "shearedllama",
        &[
            Variant::Measured(sh(1.35, 24.0, 2048.0, 16.0, 16.0, 128.0, 32000.0, false)),
            Variant::Measured(sh(2.7, 32.0, 2560.0, 20.0, 20.0, 128.0, 32000.0, false)),
        ],
    ),
    (
        // Mistral 7B v0.1's config sets a 4096-token window on every layer; v0.2 and v0.3 set none, and
        // llama.cpp runs all three as a llama graph without it.
        "mistral",
        &[Variant::PresetFullAttention("mistral-7b-v0.1")],
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
            Variant::Preset("llama-3.2-1b"),
            Variant::Preset("llama-3.2-3b"),
            Variant::Preset("llama-3.1-8b"),
            Variant::Measured(sh(70.6, 80.0, 8192.0, 64.0, 8.0, 128.0, 128256.0, false)),
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
            Variant::Measured(sh(65.2, 80.0, 8192.0, 64.0, 64.0, 128.0, 32000.0, false)),
            Variant::Measured(sh(69.0, 80.0, 8192.0, 64.0, 8.0, 128.0, 32000.0, false)),
        ],
    ),
];

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
        .filter_map(Variant::shape)
        .filter(|v| !moe_named || v.active_b > 0.0)
        .min_by(|a, b| dist(a).total_cmp(&dist(b)))?;
    (dist(&best) < math::ln(1.5)).then_some(best)
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

/// The shape used for a row: the known family's, else (a row with images) its vision-language preset's
/// language model, else an estimate.
#[must_use]
pub fn shape_of(row: &Row) -> Shape {
    known_shape(&row.model, row.params)
        .or_else(|| {
            row.image
                .as_ref()
                .and_then(|i| edgefit_core::presets::model(i.model))
                .and_then(preset_shape)
        })
        .unwrap_or_else(|| estimate_shape(row.params))
}
