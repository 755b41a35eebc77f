//! A Hugging Face `config.json` → the engine's model inputs.
//!
//! The keys are transformers' (`num_hidden_layers`, `num_key_value_heads`, …, with the older spellings
//! `n_layer`, `n_head`, `n_embd`), read from `text_config` when a multimodal config nests its language
//! model there, else from the top level. What a config leaves out is what transformers' config class of
//! that `model_type` would use (Gemma 3's text config names only what differs from its defaults); each such
//! value is a [`Note::Defaulted`]. The layer layout comes from `layer_types` when the config lists it, else
//! from the model type's rule (Gemma 2 alternates local and global layers, Gemma 3 has five local layers to
//! one global, Mistral slides every layer; Qwen's window is off unless `use_sliding_window`).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::json::{self, Json, JsonError};
use super::{Builder, ErrorKind, Format, ImportError, Imported, Note};
use crate::input::Field;

/// Largest `config.json` read, bytes (real ones are a few kilobytes).
pub const MAX_BYTES: usize = 4 << 20;

const F: Format = Format::ConfigJson;

/// Which layers of a model type use its sliding window when the config does not list `layer_types`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum WindowRule {
    /// Every layer (Mistral, Phi-3).
    Every,
    /// Every other layer, starting with the first (Gemma 2, gpt-oss).
    Alternate,
    /// All but every n-th layer (Gemma 3: `sliding_window_pattern` 6).
    Pattern(u32),
    /// Only with `use_sliding_window`, on the layers after `max_window_layers` (Qwen2, Qwen3).
    Qwen,
    /// Not known for this model type.
    Unknown,
}

/// What a model type implies beyond its keys.
struct Rule {
    /// `tie_word_embeddings` when absent (`None`: transformers' base default, true, noted).
    tied: Option<bool>,
    gated: bool,
    qkv_bias: bool,
    qk_norm: bool,
    post_norms: bool,
    window: WindowRule,
    /// The config class's defaults for keys a config may leave out.
    defaults: &'static [(&'static str, f64)],
}

const BASE: Rule = Rule {
    tied: None,
    gated: true,
    qkv_bias: false,
    qk_norm: false,
    post_norms: false,
    window: WindowRule::Unknown,
    defaults: &[],
};

/// transformers' `Gemma3TextConfig` defaults (models/gemma3/configuration_gemma3.py): the text config of
/// `google/gemma-3-4b-it` names only hidden_size, intermediate_size, num_hidden_layers and sliding_window.
const GEMMA3_TEXT: &[(&str, f64)] = &[
    ("vocab_size", 262_208.0),
    ("hidden_size", 2304.0),
    ("intermediate_size", 9216.0),
    ("num_hidden_layers", 26.0),
    ("num_attention_heads", 8.0),
    ("num_key_value_heads", 4.0),
    ("head_dim", 256.0),
    ("max_position_embeddings", 131_072.0),
    ("sliding_window", 4096.0),
];

fn rule(model_type: &str) -> (Rule, bool) {
    let r =
        match model_type {
            "gemma" => Rule {
                tied: Some(true),
                ..BASE
            },
            "gemma2" => Rule {
                tied: Some(true),
                post_norms: true,
                window: WindowRule::Alternate,
                ..BASE
            },
            "gemma3" | "gemma3_text" => Rule {
                tied: Some(true),
                qk_norm: true,
                post_norms: true,
                window: WindowRule::Pattern(6),
                defaults: GEMMA3_TEXT,
                ..BASE
            },
            "qwen2" | "qwen2_moe" | "qwen2_vl" | "qwen2_5_vl" | "qwen2_5_vl_text"
            | "qwen2_vl_text" => Rule {
                tied: Some(false),
                qkv_bias: true,
                window: WindowRule::Qwen,
                ..BASE
            },
            "qwen3" | "qwen3_moe" => Rule {
                tied: Some(false),
                qk_norm: true,
                window: WindowRule::Qwen,
                ..BASE
            },
            "mistral" | "mixtral" | "phi3" | "phimoe" => Rule {
                tied: Some(false),
                window: WindowRule::Every,
                ..BASE
            },
            "gpt_oss" => Rule {
                tied: Some(false),
                window: WindowRule::Alternate,
                ..BASE
            },
            "llama" | "deepseek_v2" | "deepseek_v3" | "granite" | "olmo" | "internlm2"
            | "smollm3" => Rule {
                tied: Some(false),
                ..BASE
            },
            "olmo2" => Rule {
                tied: Some(false),
                qk_norm: true,
                ..BASE
            },
            "minicpm" => Rule {
                tied: Some(true),
                ..BASE
            },
            "lfm2" => Rule {
                tied: Some(true),
                qk_norm: true,
                ..BASE
            },
            "gpt2" | "gpt_neox" | "gptj" | "phi" | "opt" | "bloom" | "falcon" | "gpt_bigcode"
            | "starcoder2" => {
                return (
                    Rule {
                        gated: false,
                        window: if model_type == "starcoder2" {
                            WindowRule::Every
                        } else {
                            WindowRule::Unknown
                        },
                        ..BASE
                    },
                    false,
                )
            }
            _ => BASE,
        };
    (r, true)
}

/// The language model's keys (in `text_config` when nested) with the top level behind them.
struct Cfg<'a> {
    text: &'a Json,
    root: &'a Json,
    nested: bool,
    rule: Rule,
}

impl<'a> Cfg<'a> {
    /// The value under `key` (not `null`), and whether it was found in `text_config`.
    fn find(&self, key: &str) -> Option<(&'a Json, bool)> {
        let live = |v: &'a Json| (!matches!(v, Json::Null)).then_some(v);
        if let Some(v) = self.text.get(key).and_then(live) {
            return Some((v, self.nested));
        }
        if self.nested {
            if let Some(v) = self.root.get(key).and_then(live) {
                return Some((v, false));
            }
        }
        None
    }
    fn name(key: &str, nested: bool) -> String {
        if nested {
            let mut s = String::from("text_config.");
            s.push_str(key);
            s
        } else {
            key.to_string()
        }
    }
    /// The first of `keys` present, as a number.
    fn num(&self, keys: &[&'static str]) -> Result<Option<(f64, String)>, ImportError> {
        for &k in keys {
            if let Some((v, nested)) = self.find(k) {
                let name = Self::name(k, nested);
                return match v {
                    Json::Num(x) if x.is_finite() => Ok(Some((*x, name))),
                    _ => Err(ErrorKind::NotANumber { key: name }.of(F)),
                };
            }
        }
        Ok(None)
    }
    /// As [`Cfg::num`], and a whole number.
    fn int(&self, keys: &[&'static str]) -> Result<Option<(f64, String)>, ImportError> {
        match self.num(keys)? {
            Some((x, key)) if x != crate::math::floor(x) => {
                Err(ErrorKind::NotAWholeNumber { key, value: x }.of(F))
            }
            other => Ok(other),
        }
    }
    /// As [`Cfg::int`], else the model type's default (noted), else `None`.
    fn int_or_default(
        &self,
        keys: &[&'static str],
        b: &mut Builder,
    ) -> Result<Option<(f64, String)>, ImportError> {
        if let Some(found) = self.int(keys)? {
            return Ok(Some(found));
        }
        let key = keys[0];
        Ok(self
            .rule
            .defaults
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(k, x)| {
                b.note(Note::Defaulted { key: k, value: x });
                (x, Self::name(k, self.nested))
            }))
    }
    fn required(
        &self,
        keys: &[&'static str],
        b: &mut Builder,
    ) -> Result<(f64, String), ImportError> {
        self.int_or_default(keys, b)?.ok_or_else(|| {
            ErrorKind::Missing {
                key: Self::name(keys[0], self.nested),
            }
            .of(F)
        })
    }
    fn flag(&self, keys: &[&'static str]) -> Result<Option<bool>, ImportError> {
        for &k in keys {
            if let Some((v, nested)) = self.find(k) {
                return match v {
                    Json::Bool(x) => Ok(Some(*x)),
                    Json::Num(x) if *x == 0.0 || *x == 1.0 => Ok(Some(*x == 1.0)),
                    _ => Err(ErrorKind::NotABool {
                        key: Self::name(k, nested),
                    }
                    .of(F)),
                };
            }
        }
        Ok(None)
    }
    /// A list of strings (`layer_types`).
    fn strings(&self, key: &'static str) -> Result<Option<Vec<&'a str>>, ImportError> {
        let Some((v, nested)) = self.find(key) else {
            return Ok(None);
        };
        let bad = || {
            ErrorKind::NotANumber {
                key: Self::name(key, nested),
            }
            .of(F)
        };
        match v {
            Json::Arr(xs) => xs
                .iter()
                .map(|x| match x {
                    Json::Str(s) => Ok(s.as_str()),
                    _ => Err(bad()),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            _ => Err(bad()),
        }
    }
    /// A list of numbers (`full_attn_idxs`), or its length only.
    fn list_len(&self, key: &'static str) -> Option<usize> {
        match self.find(key) {
            Some((Json::Arr(xs), _)) => Some(xs.len()),
            _ => None,
        }
    }
}

/// What a layer of `layer_types` (or `layers_block_type`) is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum LayerKind {
    Full,
    Local,
    Recurrent,
    Unknown,
}

fn layer_kind(name: &str) -> LayerKind {
    match name {
        "full_attention" | "attention" | "global" | "global_attention" => LayerKind::Full,
        "sliding_attention" | "sliding_window" | "local" | "local_attention" => LayerKind::Local,
        "conv" | "short_conv" | "linear_attention" | "mamba" | "mamba2" | "ssm" | "recurrent"
        | "rwkv" => LayerKind::Recurrent,
        _ => LayerKind::Unknown,
    }
}

/// Read a `config.json`.
///
/// # Errors
/// Not UTF-8 or not JSON (with the byte offset), not an object, a key the model needs missing, a value that
/// is not a number (or not a whole one) or outside what the engine's field allows.
pub fn import(bytes: &[u8]) -> Result<Imported, ImportError> {
    if bytes.len() > MAX_BYTES {
        return Err(ErrorKind::TooLarge {
            len: bytes.len() as u64,
            max: MAX_BYTES as u64,
        }
        .of(F));
    }
    let text = core::str::from_utf8(bytes).map_err(|_| ErrorKind::NotUtf8.of(F))?;
    let root = json::parse(text).map_err(|e| match e {
        JsonError::Syntax { offset } => ErrorKind::Syntax { offset }.of(F),
        JsonError::TooDeep { .. } => ErrorKind::TooDeep.of(F),
    })?;
    if !matches!(root, Json::Obj(_)) {
        return Err(ErrorKind::NotAnObject.of(F));
    }
    let nested = root
        .get("text_config")
        .or_else(|| root.get("llm_config"))
        .filter(|t| matches!(t, Json::Obj(_)));
    let model_type = nested
        .and_then(|t| t.get("model_type"))
        .or_else(|| root.get("model_type"))
        .and_then(|v| match v {
            Json::Str(s) => Some(s.as_str()),
            _ => None,
        })
        .unwrap_or("");
    let (rule, llama_like) = rule(model_type);
    let c = Cfg {
        text: nested.unwrap_or(&root),
        root: &root,
        nested: nested.is_some(),
        rule,
    };
    let mut b = Builder::new(F);
    if !llama_like {
        b.note(Note::NotLlamaLike {
            model_type: model_type.into(),
        });
    }

    let (layers, lkey) = c.required(
        &["num_hidden_layers", "n_layer", "num_layers", "n_layers"],
        &mut b,
    )?;
    b.set(Field::Layers, layers, &lkey)?;
    let (hidden, hkey) = c.required(&["hidden_size", "n_embd", "d_model", "dim"], &mut b)?;
    b.set(Field::Hidden, hidden, &hkey)?;
    let (heads, headkey) = c.required(
        &["num_attention_heads", "n_head", "num_heads", "n_heads"],
        &mut b,
    )?;
    b.set(Field::Heads, heads, &headkey)?;
    let kv = match c.int_or_default(
        &["num_key_value_heads", "num_kv_heads", "n_head_kv"],
        &mut b,
    )? {
        Some(found) => found,
        None if c.flag(&["multi_query"])? == Some(true) => (1.0, String::from("multi_query")),
        None => (heads, headkey.clone()),
    };
    b.set(Field::KvHeads, kv.0, &kv.1)?;

    // Multi-head latent attention (DeepSeek V2/V3, Kimi): the cache holds the latent and the rope part.
    let mla = c.int(&["kv_lora_rank"])?;
    let rope = c.int(&["qk_rope_head_dim"])?;
    let nope = c.int(&["qk_nope_head_dim"])?;
    let head_dim = match (&mla, &rope, &nope) {
        (Some(_), Some((r, _)), Some((n, _))) => (r + n, String::from("qk_nope_head_dim")),
        _ => match c.int_or_default(&["head_dim", "attention_head_dim"], &mut b)? {
            Some(found) => found,
            None if heads > 0.0 && hidden % heads == 0.0 => (
                hidden / heads,
                String::from("hidden_size / num_attention_heads"),
            ),
            None => {
                return Err(ErrorKind::Missing {
                    key: Cfg::name("head_dim", c.nested),
                }
                .of(F))
            }
        },
    };
    b.set(Field::HeadDim, head_dim.0, &head_dim.1)?;
    if let Some((rank, key)) = &mla {
        let r = rope.as_ref().map_or(0.0, |x| x.0);
        b.set(Field::MlaDim, rank + r, key)?;
        b.note(Note::MlaProjections {
            kv_lora_rank: *rank,
        });
    }

    // Feed-forward width; LFM2 shrinks its declared width as its code does (Lfm2MLP).
    let ffn = match c.int_or_default(
        &[
            "intermediate_size",
            "n_inner",
            "ffn_dim",
            "ffn_hidden_size",
            "block_ff_dim",
        ],
        &mut b,
    )? {
        Some((x, key)) if c.flag(&["block_auto_adjust_ff_dim"])? == Some(true) => {
            let mut ff = crate::math::floor(2.0 * x / 3.0);
            if let Some((m, _)) = c.num(&["block_ffn_dim_multiplier"])? {
                ff = crate::math::floor(m * ff);
            }
            if let Some((k, _)) = c.int(&["block_multiple_of"])? {
                if k >= 1.0 {
                    ff = k * crate::math::ceil(ff / k);
                }
            }
            (ff, key)
        }
        Some(found) => found,
        // GPT-2 and its kin: n_inner null means 4 × hidden.
        None if !llama_like => (4.0 * hidden, String::from("n_inner")),
        None => {
            return Err(ErrorKind::Missing {
                key: Cfg::name("intermediate_size", c.nested),
            }
            .of(F))
        }
    };
    b.set(Field::Ffn, ffn.0, &ffn.1)?;
    let (vocab, vkey) = c.required(&["vocab_size", "n_vocab", "padded_vocab_size"], &mut b)?;
    b.set(Field::Vocab, vocab, &vkey)?;

    let flag = |x: bool| if x { 1.0 } else { 0.0 };
    let tied = match c.flag(&["tie_word_embeddings", "tie_embedding"])? {
        Some(t) => t,
        None => c.rule.tied.unwrap_or_else(|| {
            b.note(Note::Defaulted {
                key: "tie_word_embeddings",
                value: 1.0,
            });
            true
        }),
    };
    b.set(Field::Tied, flag(tied), "tie_word_embeddings")?;
    b.set(Field::Gated, flag(c.rule.gated), "model_type")?;
    let qkv_bias = c
        .flag(&["attention_bias", "qkv_bias"])?
        .unwrap_or(c.rule.qkv_bias);
    b.set(Field::QkvBias, flag(qkv_bias), "attention_bias")?;
    b.set(Field::QkNorm, flag(c.rule.qk_norm), "model_type")?;
    b.set(Field::PostNorms, flag(c.rule.post_norms), "model_type")?;
    if c.flag(&["mlp_bias"])? == Some(true) {
        b.note(Note::MlpBias);
    }

    let max_context = c
        .int_or_default(
            &[
                "max_position_embeddings",
                "n_positions",
                "max_sequence_length",
                "seq_length",
            ],
            &mut b,
        )?
        .map(|x| x.0);

    layout(&c, &mut b, layers, hidden, max_context)?;
    experts(&c, &mut b, ffn.0)?;

    if let Some((n, _)) = c.int(&["num_kv_shared_layers"])? {
        if n > 0.0 {
            b.set(Field::KvSharedLayers, n, "num_kv_shared_layers")?;
        }
    }
    let mut image_rule = None;
    let vision = match root.get("vision_config") {
        Some(v @ Json::Obj(_)) => {
            let outer = match root.get("model_type") {
                Some(Json::Str(s)) => s.as_str(),
                _ => model_type,
            };
            image_rule = super::vision::read(&root, v, outer, hidden, &mut b)?;
            let n = |keys: &[&str]| {
                keys.iter().find_map(|k| match v.get(k) {
                    Some(Json::Num(x)) => Some(*x),
                    _ => None,
                })
            };
            if image_rule.is_none() {
                b.note(Note::VisionTower {
                    layers: n(&["num_hidden_layers", "depth", "num_layers"]),
                    hidden: n(&["hidden_size", "embed_dim", "width"]),
                });
            }
            true
        }
        _ => false,
    };
    let architecture = ["architectures"].iter().find_map(|k| {
        match root.get(k).or_else(|| nested.and_then(|t| t.get(k))) {
            Some(Json::Arr(xs)) => xs.iter().find_map(|x| match x {
                Json::Str(s) => Some(s.clone()),
                _ => None,
            }),
            _ => None,
        }
    });
    let name = match root.get("_name_or_path") {
        Some(Json::Str(s)) if !s.is_empty() => Some(s.clone()),
        _ => None,
    };
    let (values, notes) = b.finish();
    Ok(Imported {
        format: F,
        architecture: architecture.or_else(|| (!model_type.is_empty()).then(|| model_type.into())),
        name,
        values,
        granularity: None,
        max_context,
        vision,
        image_rule,
        notes,
        gguf: None,
    })
}

/// Sliding-window, recurrent and unknown layers.
fn layout(
    c: &Cfg<'_>,
    b: &mut Builder,
    layers: f64,
    hidden: f64,
    max_context: Option<f64>,
) -> Result<(), ImportError> {
    let window = c
        .int_or_default(&["sliding_window", "attention_window_size"], b)?
        .filter(|(w, _)| *w > 0.0);
    // Count the kinds of the listed layers.
    let listed = match c.strings("layer_types")? {
        Some(xs) => Some(("layer_types", xs)),
        None => c
            .strings("layers_block_type")?
            .map(|xs| ("layers_block_type", xs)),
    };
    let (mut local, mut recurrent) = (0.0, 0.0);
    let mut listed_local = false;
    if let Some((key, kinds)) = listed {
        if kinds.len() as f64 != layers {
            return Err(ErrorKind::WrongLength {
                key: Cfg::name(key, c.nested),
                expected: layers as u64,
                found: kinds.len() as u64,
            }
            .of(F));
        }
        let mut unknown: Vec<(&str, f64)> = Vec::new();
        for k in &kinds {
            match layer_kind(k) {
                LayerKind::Full => {}
                LayerKind::Local => local += 1.0,
                LayerKind::Recurrent => recurrent += 1.0,
                LayerKind::Unknown => match unknown.iter_mut().find(|(n, _)| n == k) {
                    Some(slot) => slot.1 += 1.0,
                    None => unknown.push((k, 1.0)),
                },
            }
        }
        for (name, n) in unknown {
            b.note(Note::UnknownLayerType {
                name: name.into(),
                layers: n,
            });
        }
        listed_local = true;
    } else if let Some(n) = c.list_len("full_attn_idxs") {
        // LFM2 before `layer_types`: attention at these indices, convolutions elsewhere.
        recurrent = (layers - n as f64).max(0.0);
    }
    if let Some((w, wkey)) = window {
        if !listed_local {
            local = match c.rule.window {
                WindowRule::Every => layers,
                WindowRule::Alternate => crate::math::ceil(layers / 2.0),
                WindowRule::Pattern(default) => {
                    let n = c
                        .int(&["sliding_window_pattern"])?
                        .map_or(f64::from(default), |x| x.0)
                        .max(1.0);
                    layers - crate::math::floor(layers / n)
                }
                WindowRule::Qwen => {
                    if c.flag(&["use_sliding_window"])? == Some(true) {
                        let full = c.int(&["max_window_layers"])?.map_or(layers, |x| x.0);
                        (layers - full).max(0.0)
                    } else {
                        0.0
                    }
                }
                WindowRule::Unknown => match c.int(&["sliding_window_pattern"])? {
                    Some((n, _)) if n >= 1.0 => layers - crate::math::floor(layers / n),
                    _ => {
                        b.note(Note::WindowOnEveryLayer { window: w });
                        layers
                    }
                },
            };
        }
        // A window as long as the context changes nothing (Phi-3.5's 262,144 at 131,072).
        if max_context.is_some_and(|m| w >= m) {
            local = 0.0;
        }
        if local > 0.0 {
            b.set(Field::Window, w, &wkey)?;
            b.set(Field::LocalLayers, local, "layer_types")?;
        }
    } else if local > 0.0 {
        return Err(ErrorKind::Missing {
            key: Cfg::name("sliding_window", c.nested),
        }
        .of(F));
    }
    if recurrent > 0.0 {
        b.set(Field::RecurrentLayers, recurrent, "layer_types")?;
        // LFM2's gated short convolution: in_proj H → 3H, out_proj H → H, a depthwise kernel H × L (each
        // with a bias when conv_bias); llama.cpp keeps (L − 1) × H values of state per layer in F32.
        match c.int(&["conv_L_cache"])? {
            Some((l, key)) if l >= 1.0 => {
                let bias = if c.flag(&["conv_bias"])? == Some(true) {
                    5.0 * hidden
                } else {
                    0.0
                };
                b.set(
                    Field::RecurrentParams,
                    4.0 * hidden * hidden + l * hidden + bias,
                    &key,
                )?;
                b.set(Field::StateMb, (l - 1.0) * hidden * 4.0 / 1e6, &key)?;
            }
            _ => b.note(Note::RecurrentState { layers: recurrent }),
        }
    }
    Ok(())
}

/// Mixture-of-experts keys.
fn experts(c: &Cfg<'_>, b: &mut Builder, ffn: f64) -> Result<(), ImportError> {
    let Some((n, nkey)) = c.int(&["num_experts", "num_local_experts", "n_routed_experts"])? else {
        return Ok(());
    };
    if n <= 0.0 {
        return Ok(());
    }
    b.set(Field::Experts, n, &nkey)?;
    let (k, kkey) = c
        .int(&[
            "num_experts_per_tok",
            "experts_per_token",
            "moe_topk",
            "num_experts_per_token",
        ])?
        .ok_or_else(|| {
            ErrorKind::Missing {
                key: Cfg::name("num_experts_per_tok", c.nested),
            }
            .of(F)
        })?;
    b.set(Field::ExpertsActive, k, &kkey)?;
    let width = match c.int(&["moe_intermediate_size", "expert_intermediate_size"])? {
        Some((w, key)) => {
            b.set(Field::ExpertFfn, w, &key)?;
            w
        }
        None => ffn,
    };
    if let Some((s, key)) = c.int(&["n_shared_experts", "num_shared_experts"])? {
        b.set(Field::SharedExperts, s, &key)?;
    } else if let Some((s, key)) = c.int(&["shared_expert_intermediate_size"])? {
        // Qwen MoE: one shared expert of its own width, as whole routed experts when it divides.
        if s > 0.0 && width > 0.0 {
            let whole = crate::math::round(s / width);
            if whole * width != s {
                b.note(Note::SharedExpertWidth { width: s });
            }
            b.set(Field::SharedExperts, whole, &key)?;
        }
    }
    let mut dense = c.int(&["first_k_dense_replace"])?.map_or(0.0, |x| x.0);
    dense += c.list_len("mlp_only_layers").unwrap_or(0) as f64;
    if dense > 0.0 {
        b.note(Note::DenseLayers { layers: dense });
    }
    Ok(())
}
