//! Vision-language models: their language models as model presets (their vision towers are `towers.rs`), and
//! Gemma 3n's per-layer embeddings kept in flash. Hand-written; every figure from a public config, processor
//! or model card named in the row's sources.
//!
//! Parameter counts of the vision towers are derived from the configs' dimensions by the architecture's
//! code (the derivation is beside each row) and checked against the size of the public `mmproj` GGUF file
//! where one was read (`ggml-org/*-GGUF`, F16: 2 bytes per weight, position embeddings and norms in F32).
//! What could not be read is said so; nothing is filled in by guess.

use super::figure::{derived, Figure};
use super::models::{ArchPreset, ModelFamily, ModelPreset};

const fn none() -> Option<Figure> {
    None
}

// why: one argument per config dimension reads like the config itself.
#[allow(clippy::too_many_arguments)]
const fn arch(
    layers: u32,
    hidden: u32,
    heads: u32,
    kv_heads: u32,
    head_dim: u32,
    ffn: u32,
    vocab: u32,
    tied: bool,
    qkv_bias: bool,
) -> Option<ArchPreset> {
    Some(ArchPreset {
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim,
        ffn,
        vocab,
        tied,
        gated: true,
        qkv_bias,
        qk_norm: false,
        post_norms: false,
    })
}

/// The language models of the vision-language presets (their vision towers are in [`TOWERS`]), and
/// Gemma 3n E4B.
pub(crate) const VLM_MODELS: [ModelPreset; 6] = [
    ModelPreset {
        id: "qwen2.5-vl-3b",
        name: "Qwen2.5-VL-3B (vision-language)",
        family: ModelFamily::Llm,
        // The language model is Qwen2.5-3B's shape: 36 layers of 2048, 16 heads, 2 KV heads, FFN 11008,
        // tied embeddings, Q/K/V biases.
        arch: arch(36, 2048, 16, 2, 128, 11008, 151_936, true, true),
        params: derived(3_085_938_688.0),
        params_non_embedding: derived(2_774_773_760.0),
        params_stated: None,
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(36_864.0),
        max_context: Some(128_000.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: None,
        sources: &[
            "https://huggingface.co/Qwen/Qwen2.5-VL-3B-Instruct/blob/main/config.json (hidden_size 2048, intermediate_size 11008, 36 layers, 16 heads, 2 KV heads, vocab_size 151936, tie_word_embeddings true, max_position_embeddings 128000; vision_config depth 32, hidden_size 1280, intermediate_size 3420, num_heads 16, patch_size 14, spatial_merge_size 2, window_size 112, fullatt_block_indexes 7/15/23/31, out_hidden_size 2048) — read in copies quoted by public code",
            "huggingface/transformers src/transformers/models/qwen2_5_vl/configuration_qwen2_5_vl.py and image_processing_qwen2_vl.py (smart_resize: factor 28, min_pixels 56², max_pixels 28² × 16384)",
            "ggml-org/Qwen2.5-VL-3B-Instruct-GGUF mmproj-Qwen2.5-VL-3B-Instruct-f16.gguf: 1,338,428,128 bytes (669 M weights at F16; the tower counted here: 668,684,288)",
        ],
    },
    ModelPreset {
        id: "qwen2.5-vl-7b",
        name: "Qwen2.5-VL-7B (vision-language)",
        family: ModelFamily::Llm,
        // Qwen2.5-7B's shape: 28 layers of 3584, 28 heads, 4 KV heads, FFN 18944, untied, biases.
        arch: arch(28, 3584, 28, 4, 128, 18944, 152_064, false, true),
        params: derived(7_615_616_512.0),
        params_non_embedding: derived(6_525_621_760.0),
        params_stated: None,
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(57_344.0),
        max_context: Some(128_000.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: Some("Apache-2.0"),
        sources: &[
            "https://huggingface.co/Qwen/Qwen2.5-VL-7B-Instruct/blob/main/config.json (hidden_size 3584, intermediate_size 18944, 28 layers, 28 heads, 4 KV heads, vocab_size 152064, untied; the same vision_config as the 3B with out_hidden_size 3584)",
            "huggingface/transformers src/transformers/models/qwen2_5_vl/configuration_qwen2_5_vl.py (Qwen2_5_VLVisionConfig: depth 32, intermediate_size 3420, window_size 112, fullatt_block_indexes [7, 15, 23, 31])",
        ],
    },
    ModelPreset {
        id: "smolvlm2-2.2b",
        name: "SmolVLM2-2.2B (vision-language)",
        family: ModelFamily::Llm,
        // SmolLM2-1.7B's shape with a longer context: 24 layers of 2048, 32 heads (MHA), FFN 8192, untied.
        arch: arch(24, 2048, 32, 32, 64, 8192, 49_280, false, false),
        params: derived(1_812_563_968.0),
        params_non_embedding: derived(1_610_713_088.0),
        // The card's 2.2B is the whole model, its vision tower included (tested in tests/presets/models.rs).
        params_stated: None,
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(196_608.0),
        max_context: Some(8192.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: Some("Apache-2.0"),
        sources: &[
            "https://huggingface.co/HuggingFaceTB/SmolVLM2-2.2B-Instruct (model card: 2.2B; SigLIP image encoder, SmolLM2 language model)",
            "HuggingFaceTB/SmolVLM-Instruct config.json as quoted in public code (the 2.2B architecture: text hidden_size 2048, intermediate_size 8192, 24 layers, 32 heads, 32 KV heads, untied; vision hidden_size 1152, intermediate_size 4304, 27 layers, patch_size 14, image_size 384; scale_factor 3, image_seq_len 81; preprocessor size.longest_edge 1536, max_image_size.longest_edge 384)",
            "vocab_size 49280 (SmolVLM2's tokenizer with its added image and video tokens) is read in the SmolVLM2 256M/500M configs; the 2.2B's own config.json was not read here",
            "huggingface/transformers src/transformers/models/idefics3/image_processing_idefics3.py (_resize_output_size_rescale_to_max_len, resize_for_vision_encoder, split_image)",
            "ggml-org/SmolVLM2-2.2B-Instruct-GGUF mmproj-SmolVLM2-2.2B-Instruct-f16.gguf: 872,303,680 bytes (436 M at F16; the tower counted here: 434,220,912)",
        ],
    },
    ModelPreset {
        id: "internvl3-2b",
        name: "InternVL3-2B (vision-language)",
        family: ModelFamily::Llm,
        // Qwen2.5-1.5B's shape with InternVL's extended vocabulary: 28 layers of 1536, 12 heads, 2 KV heads,
        // FFN 8960, Q/K/V biases; InternVL's configs set tie_word_embeddings false.
        arch: arch(28, 1536, 12, 2, 128, 8960, 151_674, false, true),
        params: derived(1_776_283_136.0),
        params_non_embedding: derived(1_310_340_608.0),
        params_stated: None,
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(28_672.0),
        max_context: Some(32_768.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: None,
        sources: &[
            "OpenGVLab/InternVL3-2B config.json as quoted in public code (llm_config: Qwen2 hidden_size 1536, 28 layers, 12 heads, 2 KV heads, head_dim 128, vocab_size 151674; vision_config InternViT-300M: hidden_size 1024, intermediate_size 4096, 24 layers, 16 heads, patch_size 14, image_size 448; downsample_ratio 0.5, max_dynamic_patch 12, use_thumbnail true, tie_word_embeddings false)",
            "intermediate_size 8960 is Qwen2.5-1.5B's (the model card: InternViT-300M-448px-V2_5 + Qwen2.5-1.5B); not read in InternVL3-2B's own config.json here",
            "OpenGVLab/InternVL modeling and the model card's dynamic_preprocess / find_closest_aspect_ratio (min_num 1, max_num 12, image_size 448, thumbnail when more than one tile; 256 tokens per tile)",
        ],
    },
    ModelPreset {
        id: "minicpm-v-2.6",
        name: "MiniCPM-V 2.6 (vision-language)",
        family: ModelFamily::Llm,
        // Qwen2-7B's shape: 28 layers of 3584, 28 heads, 4 KV heads, FFN 18944, untied, biases.
        arch: arch(28, 3584, 28, 4, 128, 18944, 151_666, false, true),
        params: derived(7_612_763_648.0),
        params_non_embedding: derived(6_525_621_760.0),
        // The card's 8B is the whole model, its vision tower included (tested in tests/presets/models.rs).
        params_stated: None,
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(57_344.0),
        max_context: Some(32_768.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: None,
        sources: &[
            "https://huggingface.co/openbmb/MiniCPM-V-2_6 (model card: 8B parameters, SigLIP-400M + Qwen2-7B; up to 1.8 million pixels; 640 tokens for a 1.8 MP image)",
            "Qwen2-7B config.json (hidden_size 3584, intermediate_size 18944, 28 layers, 28 heads, 4 KV heads); vocab_size 151666 as MiniCPM-V 2.6's config gives it, not re-read here",
            "openbmb MiniCPM-V image_processing_minicpmv.py as quoted in public code (get_sliced_grid: scale_resolution 448, max_slice_nums 9, patch_size 14; query_num 64 per slice via the resampler)",
        ],
    },
    ModelPreset {
        id: "gemma-3n-e4b",
        name: "Gemma 3n E4B (per-layer embeddings in flash)",
        family: ModelFamily::Llm,
        arch: Some(ArchPreset {
            layers: 35,
            hidden: 2048,
            heads: 8,
            kv_heads: 2,
            head_dim: 256,
            ffn: 16384,
            vocab: 262_400,
            tied: true,
            gated: true,
            qkv_bias: false,
            qk_norm: true,
            post_norms: true,
        }),
        params: derived(4_427_918_848.0),
        params_non_embedding: derived(3_890_523_648.0),
        params_stated: None,
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(71_680.0),
        max_context: Some(32_768.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: Some("Gemma"),
        sources: &[
            "huggingface/transformers src/transformers/models/gemma3n/configuration_gemma3n.py (Gemma3nTextConfig, the E4B's: vocab_size 262400, hidden_size 2048, intermediate_size 16384, 35 layers, 8 heads, 2 KV heads, head_dim 256, sliding_window 512, every 5th layer full attention, vocab_size_per_layer_input 262144, hidden_size_per_layer_input 256, num_kv_shared_layers 15, altup_num_inputs 4, laurel_rank 64)",
            "https://huggingface.co/google/gemma-3n-E4B-it (model card: raw parameter count 8B, memory footprint comparable to a 4B model thanks to per-layer embeddings kept off the accelerator; MobileNet-V5 image encoder, 256 tokens per image)",
            "per-layer embeddings: 262,144 × 35 × 256 = 2,348,810,240 parameters, counted in the file (flash_params_b), not in memory; their per-token reads (35 × 256 values) are not counted",
            "the 15 layers that reuse another layer's KV cache (num_kv_shared_layers) hold none and still read one: the cache held is 20 layers' (16 sliding, 4 full), the cache read per token all 35 layers'",
            "not counted: AltUp's 4 streams and LAuReL's rank-64 blocks (small beside the matrices), the vision tower (MobileNet-V5-300M: its operation count was not found) and the audio encoder",
        ],
    },
];
