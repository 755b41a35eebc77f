//! Presets beyond the research tables, written by hand.
//!
//! Models: mixtures of experts whose layouts need the engine's MoE model, hybrid models whose convolution
//! layers keep a constant state instead of a KV cache, and a TTS model. Counts are derived by the engine
//! from the config (tested against the published totals).
//!
//! Devices: the NVIDIA DGX Spark (GB10), a desktop unified-memory workstation the research table does not
//! hold.

use super::devices::{DeviceKind, DevicePreset, TopsPrecision};
use super::figure::{derived, read, Figure};
use super::models::{ArchPreset, ModelFamily, ModelPreset};
use crate::input::Backend;

const fn none() -> Option<Figure> {
    None
}

pub(crate) const EXTRA_MODELS: [ModelPreset; 6] = [
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
    // LFM2 (Liquid AI, #9): hybrids of gated short convolutions and grouped-query attention, built for phones.
    // Read in config.json: 16 layers, attention only at full_attn_idxs [2, 5, 8, 10, 12, 14] (6 layers), the
    // other 10 are "conv" layers; head_dim 64; conv_L_cache 3; conv_bias false; vocab 65,536; tied embeddings;
    // q/k layernorms (modeling_lfm2.py). The FFN width is block_ff_dim auto-adjusted (modeling_lfm2.py Lfm2MLP):
    // int(2 × ff / 3), × block_ffn_dim_multiplier 1.0, rounded up to block_multiple_of 256:
    //   1.2B: 12288 → 8192;  700M: 10240 → 6826 → 6912;  350M: 6656 → 4437 → 4608.
    // One conv layer's mixer (Lfm2ShortConv): in_proj H → 3H, out_proj H → H, depthwise kernel H × 3, no biases:
    //   4·H² + 3·H = 16,783,360 (H = 2048), 9,441,792 (1536), 4,197,376 (1024).
    // Count, 1.2B: embedding 65,536 × 2048 = 134,217,728; FFN 16 × 3 × 2048 × 8192 = 805,306,368;
    //   attention 6 × (2 × 2048² + 2 × 2048 × 512) = 62,914,560; mixers 10 × 16,783,360 = 167,833,600;
    //   vectors 16 × 2 × 2048 (norms) + 6 × 2 × 64 (q/k norms) + 2048 (final norm) = 68,352;
    //   total 1,170,340,608 = the model card's "Parameters 1,170,340,608" exactly.
    //   700M: 100,663,296 + 509,607,936 + 37,748,736 + 94,417,920 + 51,456 (16·2·1536 + 768 + 1536)
    //   = 742,489,344 (card: 742,489,344). 350M: 67,108,864 + 226,492,416 + 18,874,368 + 41,973,760
    //   + 34,560 (16·2·1024 + 768 + 1024) = 354,483,968 (card: 354,483,968).
    // KV cache: 6 attention layers × 2 × 8 KV heads × 64 × 2 B = 12,288 B per token (all three sizes).
    // Conv state per conv layer and sequence, as llama.cpp keeps it (src/llama-hparams.cpp n_embd_r():
    // n_embd × (shortconv_l_cache − 1) values; src/llama-model.cpp: recurrent_type_r GGML_TYPE_F32):
    //   (3 − 1) × H × 4 B = 16,384 B (1.2B), 12,288 B (700M), 8,192 B (350M); × 10 layers: 163,840 B for
    //   the 1.2B, the same at every context. (transformers' Lfm2HybridConvCache holds H × conv_L_cache values in
    //   the model's dtype instead: 2048 × 3 × 2 B = 12,288 B at bfloat16.) Context: the card's 32,768 tokens
    //   (config.json's max_position_embeddings says 128,000).
    ModelPreset {
        id: "lfm2-1.2b",
        name: "LFM2-1.2B (hybrid conv + attention)",
        family: ModelFamily::Llm,
        arch: Some(ArchPreset {
            layers: 16,
            hidden: 2048,
            heads: 32,
            kv_heads: 8,
            head_dim: 64,
            ffn: 8192,
            vocab: 65_536,
            tied: true,
            gated: true,
            qkv_bias: false,
            qk_norm: true,
            post_norms: false,
        }),
        params: derived(1_170_340_608.0),
        params_non_embedding: derived(1_036_122_880.0),
        params_stated: Some(1_170_340_608.0),
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(12_288.0),
        max_context: Some(32_768.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: Some("LFM Open License v1.0"),
        sources: &[
            "https://huggingface.co/LiquidAI/LFM2-1.2B (model card: Parameters 1,170,340,608; Layers 16 (10 conv + 6 attn); Context length 32,768 tokens; LFM Open License v1.0)",
            "https://huggingface.co/LiquidAI/LFM2-1.2B/blob/main/config.json (hidden_size 2048, block_ff_dim 12288 with block_auto_adjust_ff_dim → 8192, 32 heads, 8 KV heads, full_attn_idxs 2,5,8,10,12,14, conv_L_cache 3, vocab_size 65536)",
            "huggingface/transformers src/transformers/models/lfm2/modeling_lfm2.py (Lfm2ShortConv: in_proj H→3H, out_proj H→H, depthwise kernel conv_L_cache; Lfm2MLP width rule; q/k layernorms)",
            "ggml-org/llama.cpp src/llama-hparams.cpp (conv state n_embd_r = n_embd × (shortconv_l_cache − 1) values; src/llama-model.cpp keeps it as recurrent_type_r GGML_TYPE_F32: 16,384 B per conv layer)",
        ],
    },
    ModelPreset {
        id: "lfm2-700m",
        name: "LFM2-700M (hybrid conv + attention)",
        family: ModelFamily::Llm,
        arch: Some(ArchPreset {
            layers: 16,
            hidden: 1536,
            heads: 24,
            kv_heads: 8,
            head_dim: 64,
            ffn: 6912,
            vocab: 65_536,
            tied: true,
            gated: true,
            qkv_bias: false,
            qk_norm: true,
            post_norms: false,
        }),
        params: derived(742_489_344.0),
        params_non_embedding: derived(641_826_048.0),
        params_stated: Some(742_489_344.0),
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(12_288.0),
        max_context: Some(32_768.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: Some("LFM Open License v1.0"),
        sources: &[
            "https://huggingface.co/LiquidAI/LFM2-700M (model card: Parameters 742,489,344; Layers 16 (10 conv + 6 attn); Context length 32,768 tokens; LFM Open License v1.0)",
            "https://huggingface.co/LiquidAI/LFM2-700M/blob/main/config.json (hidden_size 1536, block_ff_dim 10240 with block_auto_adjust_ff_dim → 6912, 24 heads, 8 KV heads, full_attn_idxs 2,5,8,10,12,14, conv_L_cache 3, vocab_size 65536)",
            "huggingface/transformers src/transformers/models/lfm2/modeling_lfm2.py (Lfm2ShortConv, Lfm2MLP width rule, q/k layernorms)",
            "ggml-org/llama.cpp src/llama-hparams.cpp (conv state n_embd_r = n_embd × (shortconv_l_cache − 1) values; src/llama-model.cpp keeps it as recurrent_type_r GGML_TYPE_F32: 12,288 B per conv layer)",
        ],
    },
    ModelPreset {
        id: "lfm2-350m",
        name: "LFM2-350M (hybrid conv + attention)",
        family: ModelFamily::Llm,
        arch: Some(ArchPreset {
            layers: 16,
            hidden: 1024,
            heads: 16,
            kv_heads: 8,
            head_dim: 64,
            ffn: 4608,
            vocab: 65_536,
            tied: true,
            gated: true,
            qkv_bias: false,
            qk_norm: true,
            post_norms: false,
        }),
        params: derived(354_483_968.0),
        params_non_embedding: derived(287_375_104.0),
        params_stated: Some(354_483_968.0),
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: Some(12_288.0),
        max_context: Some(32_768.0),
        gop: none(),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: None,
        license: Some("LFM Open License v1.0"),
        sources: &[
            "https://huggingface.co/LiquidAI/LFM2-350M (model card: Parameters 354,483,968; Layers 16 (10 conv + 6 attn); Context length 32,768 tokens; LFM Open License v1.0)",
            "https://huggingface.co/LiquidAI/LFM2-350M/blob/main/config.json (hidden_size 1024, block_ff_dim 6656 with block_auto_adjust_ff_dim → 4608, 16 heads, 8 KV heads, conv_L_cache 3, vocab_size 65536)",
            "huggingface/transformers src/transformers/models/lfm2/modeling_lfm2.py (Lfm2ShortConv, Lfm2MLP width rule, q/k layernorms)",
            "ggml-org/llama.cpp src/llama-hparams.cpp (conv state n_embd_r = n_embd × (shortconv_l_cache − 1) values; src/llama-model.cpp keeps it as recurrent_type_r GGML_TYPE_F32: 8,192 B per conv layer)",
        ],
    },
    // A small neural TTS for pipelines (#10): one-shot, one inference = one second of audio. Its parameter
    // count is published; its peak activations are not (unknown: applying it asks for them).
    //
    // Operations per second of audio: no published FLOP or MAC count was found, so they are COUNTED from the
    // published config.json and model code (hexgrad/kokoro kokoro/istftnet.py, kokoro/models.py), multiply–
    // accumulates of the convolutions, linear layers and LSTMs whose work grows with the audio, 2 ops each.
    // config.json: hidden_dim 512, style_dim 128, istftnet upsample_rates [10, 6], upsample_kernel_sizes
    // [20, 12], upsample_initial_channel 512, resblock_kernel_sizes [3, 7, 11] with dilations [1, 3, 5],
    // gen_istft_n_fft 20, gen_istft_hop_size 5. Rates: 24,000 samples/s = 40 alignment frames/s × 600; the
    // generator starts at 80 frames/s (80 × 10 × 6 × 5 = 24,000), runs at 800/s after ups[0] and 4,800/s after
    // ups[1]. A Conv1d costs C_in·C_out·k per output sample, a ConvTranspose1d C_in·C_out·k per input sample, an
    // AdaINResBlock1 of C channels and kernel k: 6 convs = 6·C²·k; an LSTM 4·(in + hidden)·hidden per step
    // and direction.
    //   Generator (MAC/s):  ups[0] 512·256·20·80 = 209,715,200;  noise_convs[0] 22·256·12·800 = 54,067,200;
    //     noise_res[0] 6·256²·7·800 = 2,202,009,600;  resblocks 6·256²·(3+7+11)·800 = 6,606,028,800;
    //     ups[1] 256·128·12·800 = 314,572,800;  noise_convs[1] 22·128·4,800 = 13,516,800;
    //     noise_res[1] 6·128²·11·4,800 = 5,190,451,200;  resblocks 6·128²·21·4,800 = 9,909,043,200;
    //     conv_post 128·22·7·4,800 = 94,617,600;  sum 24,594,022,400.
    //   Decoder (40 frames/s; the last block upsamples to 80): encode AdainResBlk1d(514→1024)
    //     (514·1024·3 + 1024²·3 + 514·1024)·40 = 210,042,880;  asr_res 512·64·40 = 1,310,720;
    //     3 × AdainResBlk1d(1090→1024) 3·(1090·1024·3 + 1024²·3 + 1090·1024)·40 = 913,244,160;
    //     AdainResBlk1d(1090→512, upsample) 1090·3·40 + (1090·512·3 + 512²·3 + 1090·512)·80
    //     = 130,800 + 241,500,160 = 241,630,960;  sum 1,366,228,720.
    //   Prosody at frame rate (F0Ntrain): shared BiLSTM(640→256) 2·4·(640+256)·256·40 = 73,400,320; F0 and N
    //     branches 2 × [AdainResBlk1d(512→512) 2·512²·3·40 + AdainResBlk1d(512→256, upsample)
    //     (512·3·40 + (512·256·3 + 256²·3 + 512·256)·80) + AdainResBlk1d(256→256) 2·256²·3·80 + proj 256·80]
    //     = 304,250,880;  sum 377,651,200.
    //   Total 26,337,902,320 MAC/s × 2 = 52.68 GOP per second of audio.
    // Not counted: the per-phoneme text side (PL-BERT, text and duration encoders: once per utterance, growing
    // with the phonemes, not the audio), norms, Snake activations, the sine source and the STFT/iSTFT (n_fft 20).
    // Consistency check, not an input: a published CPU benchmark (heyneo.com, AMD EPYC 7763, 4 vCPUs, Kokoro
    // PyTorch, mean RTF 0.469) implies 52.68 / 0.469 ≈ 112 GOP/s sustained on that CPU, a plausible share of
    // its FP32 peak; the earlier assumption of 2 GOP per second of audio would have meant ≈4 GOP/s.
    ModelPreset {
        id: "kokoro-82m",
        name: "Kokoro-82M (TTS)",
        family: ModelFamily::Speech,
        arch: None,
        params: read(82_000_000.0),
        params_non_embedding: None,
        params_stated: Some(82e6),
        params_non_embedding_stated: None,
        kv_bytes_per_token_fp16: None,
        max_context: None,
        gop: derived(52.675_804_64),
        decoder_gop_per_token: None,
        activation_mb: none(),
        input_size: Some("1s audio"),
        license: Some("Apache-2.0"),
        sources: &[
            "https://huggingface.co/hexgrad/Kokoro-82M (model card: \"an open-weight TTS model with 82 million parameters\", Apache-2.0)",
            "https://huggingface.co/hexgrad/Kokoro-82M/blob/main/config.json (istftnet: upsample_rates [10, 6], upsample_kernel_sizes [20, 12], upsample_initial_channel 512, resblock_kernel_sizes [3, 7, 11], gen_istft_n_fft 20, gen_istft_hop_size 5; hidden_dim 512, style_dim 128)",
            "hexgrad/kokoro kokoro/istftnet.py (Decoder and iSTFTNet Generator layers: 52.68 GOP per second of audio counted from them, 2 ops per multiply–accumulate; the per-phoneme text encoders are not counted)",
            "hexgrad/kokoro kokoro/models.py (ProsodyPredictor.F0Ntrain: shared BiLSTM and F0/N blocks at the frame rate)",
        ],
    },
];

// NVIDIA DGX Spark (GB10 Grace Blackwell, 2025). The quoted figure is "1 PFLOP FP4 AI performance (with
// sparsity)", i.e. 1,000 sparse FP4 TOPS. The dense rates are derived from it by Blackwell's tensor-core
// ratios: dense FP4 = sparse / 2 = 500 (given as the INT4 peak); dense INT8 = dense FP4 / 2 = 250; FP16 (FP16
// accumulate) = INT8 / 2 = 125. Read: 128 GB LPDDR5x unified memory at 273 GB/s, the GB10's 140 W TDP (the
// sustained budget) and the 240 W external power supply (the burst ceiling). No sequential storage read and
// no junction limit were found: they stay unknown (Gap::NotFound).
pub(crate) const EXTRA_DEVICES: [DevicePreset; 1] = [DevicePreset {
    id: "nv_dgx_spark",
    name: "NVIDIA DGX Spark (GB10)",
    vendor: "NVIDIA",
    year: Some(2025),
    kind: DeviceKind::Desktop,
    accelerator: Backend::Gpu,
    tops_quoted: Some(1000.0),
    tops_precision: Some(TopsPrecision::Fp4Sparse),
    int8_tops: derived(250.0),
    int4_tops: derived(500.0),
    fp16_tops: derived(125.0),
    gpu_fp32_tflops: None,
    bandwidth_gbps: read(273.0),
    ram_gb: &[128.0],
    ram_up_to: false,
    storage_read_gbps: None,
    sustained_w: read(140.0),
    burst_w: read(240.0),
    tj_max_c: None,
    gaps: &[],
    sources: &[
        "https://ai-infrastructure.net/dgx-spark/ (up to 1 PFLOP FP4 with sparsity / 1,000 TOPS; 128 GB LPDDR5x unified, 273 GB/s; GB10 ~140 W TDP)",
        "https://huggingface.co/blog/exolabs/the-dgx-spark-handbook (128 GB, 273 GB/s memory bandwidth)",
        "https://meterpreter.org/a-supercomputer-on-your-desk-nvidia-unveils-the-dgx-spark-ai-superchip (Hot Chips: 1 PFLOP FP4 with sparsity, 140 W TDP, 128 GB LPDDR5x)",
        "https://huggingface.co/hardware/gb10 (GB10: 128 GB, 140 W, released 2025)",
        "https://morgannriu.fr/en/blog/nvidia-dgx-spark-rtx-spark-ia-locale-bureau (1,000 TOPS / 1 PFLOP FP4 with sparsity; 128 GB LPDDR5x; 240 W power supply)",
    ],
}];
