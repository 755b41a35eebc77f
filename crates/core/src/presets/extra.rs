//! Model presets beyond the research table: mixtures of experts whose layouts need the engine's MoE model.
//! Counts are derived by the engine from the config (tested against the published totals).

use super::models::{ArchPreset, ModelFamily, ModelPreset};
use super::{derived, Figure};

const fn none() -> Option<Figure> {
    None
}

pub(crate) const EXTRA_MODELS: [ModelPreset; 3] = [
    ModelPreset {
        id: "qwen3-30b-a3b",
        name: "Qwen3-30B-A3B (MoE)",
        family: ModelFamily::Llm,
        arch: Some(ArchPreset {
            layers: 48,
            hidden: 2048,
            heads: 32,
            kv_heads: 4,
            head_dim: 128,
            ffn: 6144,
            vocab: 151936,
            tied: false,
            gated: true,
            qkv_bias: false,
            qk_norm: true,
            post_norms: false,
        }),
        params: derived(30_532_122_624.0),
        params_non_embedding: derived(29_909_792_768.0),
        params_stated: Some(30.5e9),
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(98_304.0),
        max_context: Some(40_960.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: Some("Apache-2.0"),
        sources: &["https://huggingface.co/Qwen/Qwen3-30B-A3B (config.json; model card: 30.5B total, 3.3B activated)"],
    },
    ModelPreset {
        id: "gpt-oss-20b",
        name: "gpt-oss-20b (MoE)",
        family: ModelFamily::Llm,
        arch: Some(ArchPreset {
            layers: 24,
            hidden: 2880,
            heads: 64,
            kv_heads: 8,
            head_dim: 64,
            ffn: 2880,
            vocab: 201_088,
            tied: false,
            gated: true,
            qkv_bias: true,
            qk_norm: false,
            post_norms: false,
        }),
        params: derived(20_908_050_240.0),
        params_non_embedding: derived(19_749_783_360.0),
        params_stated: Some(21e9),
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(49_152.0),
        max_context: Some(131_072.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: Some("Apache-2.0"),
        sources: &["https://huggingface.co/openai/gpt-oss-20b (config.json; model card: 21B parameters, 3.6B active)"],
    },
    // A small neural TTS for pipelines (#10): one-shot, one inference = one second of audio. Its parameter
    // count is published; its operations per second of audio and peak activations are not: unknown, so
    // applying it asks for them (the voice-assistant pipeline states an assumed figure).
    ModelPreset {
        id: "kokoro-82m",
        name: "Kokoro-82M (TTS)",
        family: ModelFamily::Speech,
        arch: None,
        params: super::read(82_000_000.0),
        params_non_embedding: None,
        params_stated: Some(82e6),
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: None,
        max_context: None,
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: Some("1s audio"),
        license: Some("Apache-2.0"),
        sources: &["https://huggingface.co/hexgrad/Kokoro-82M (model card: \"an open-weight TTS model with 82 million parameters\", Apache-2.0)"],
    },
];
