//! Importing models as people have them: every preset's public `config.json` gives the preset's numbers,
//! GGUF headers give their exact tensor bytes, and no input — truncated, mutated or random — panics.

use edgefit_core::import::{self, gguf, ErrorKind, Format, Note};
use edgefit_core::input::Problem;
use edgefit_core::{evaluate, presets, validate, Field, Inputs, Report};
use proptest::prelude::*;

fn fixture(id: &str) -> Vec<u8> {
    let path = format!("{}/tests/configs/{id}.json", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn report(i: &Inputs) -> Report {
    evaluate(&validate(i).unwrap_or_else(|e| panic!("{e:?}"))).expected
}

#[track_caller]
fn close(what: &str, a: f64, b: f64) {
    assert!(
        (a - b).abs() <= 1e-12 * a.abs().max(b.abs()),
        "{what}: preset {a}, imported {b}"
    );
}

/// The imported config gives the preset's weight bytes, KV cache and TPOT at each of these contexts.
#[track_caller]
fn same_as_preset_at(id: &str, contexts: &[f64]) {
    let m = import::read(&fixture(id)).unwrap_or_else(|e| panic!("{id}: {e:?}"));
    assert_eq!(m.format, Format::ConfigJson);
    let mut p = Inputs::default();
    presets::model(id).unwrap().apply(&mut p);
    let i = m.inputs();
    for &c in contexts {
        let (a, b) = (
            report(&p.clone().with(Field::Context, c)),
            report(&i.clone().with(Field::Context, c)),
        );
        let what = |x: &str| format!("{id} at context {c}: {x}");
        close(
            &what("weights"),
            a.memory.weights.total().0,
            b.memory.weights.total().0,
        );
        close(&what("KV cache"), a.memory.kv.0, b.memory.kv.0);
        close(&what("TPOT"), a.tpot.full.0, b.tpot.full.0);
        close(&what("TTFT"), a.ttft.ttft.0, b.ttft.ttft.0);
    }
    close(
        &format!("{id}: params_b"),
        p.mid(Field::ParamsB).unwrap(),
        i.mid(Field::ParamsB).unwrap(),
    );
}

#[track_caller]
fn same_as_preset(id: &str) {
    same_as_preset_at(id, &[1024.0, 8192.0, 32768.0]);
}

macro_rules! preset_tests {
    ($($name:ident = $id:literal;)*) => {
        $( #[test] fn $name() { same_as_preset($id); } )*
        const WITH_FIXTURE: &[&str] = &[$($id,)* "phi-3-mini-4k"];
    };
}

preset_tests! {
    qwen2_5_0_5b = "qwen2.5-0.5b";
    qwen2_5_1_5b = "qwen2.5-1.5b";
    qwen2_5_3b = "qwen2.5-3b";
    qwen2_5_7b = "qwen2.5-7b";
    qwen3_0_6b = "qwen3-0.6b";
    qwen3_1_7b = "qwen3-1.7b";
    qwen3_4b = "qwen3-4b";
    qwen3_8b = "qwen3-8b";
    qwen3_30b_a3b = "qwen3-30b-a3b";
    llama_3_2_1b = "llama-3.2-1b";
    llama_3_2_3b = "llama-3.2-3b";
    llama_3_1_8b = "llama-3.1-8b";
    gemma_2_2b = "gemma-2-2b";
    gemma_3_1b = "gemma-3-1b";
    gemma_3_4b = "gemma-3-4b";
    phi_3_5_mini = "phi-3.5-mini";
    phi_4_mini = "phi-4-mini";
    minicpm_2b = "minicpm-2b";
    smollm2_135m = "smollm2-135m";
    smollm2_360m = "smollm2-360m";
    smollm2_1_7b = "smollm2-1.7b";
    tinyllama_1_1b = "tinyllama-1.1b-chat-v1.0";
    mistral_7b_v0_1 = "mistral-7b-v0.1";
    deepseek_r1_distill_qwen_1_5b = "deepseek-r1-distill-qwen-1.5b";
    gpt_oss_20b = "gpt-oss-20b";
    lfm2_1_2b = "lfm2-1.2b";
    lfm2_700m = "lfm2-700m";
    lfm2_350m = "lfm2-350m";
    qwen2_5_vl_3b = "qwen2.5-vl-3b";
}

/// Vision-language presets whose whole `config.json` was not read (only parts, quoted in public code: see
/// `presets/vlm.rs`), so they have no fixture; Gemma 3n's text config also carries AltUp and per-layer
/// inputs the reader does not represent.
const WITHOUT_FIXTURE: &[&str] = &[
    "qwen2.5-vl-7b",
    "smolvlm2-2.2b",
    "internvl3-2b",
    "minicpm-v-2.6",
    "gemma-3n-e4b",
];

/// A config's vision tower gives the preset's: image tokens, encoder arithmetic, its memory and file.
#[track_caller]
fn same_vision_as_preset(id: &str) {
    let m = import::read(&fixture(id)).unwrap();
    let mut p = Inputs::default();
    presets::model(id).unwrap().apply(&mut p);
    for (w, h) in [(1024.0, 1024.0), (1280.0, 720.0), (4032.0, 3024.0)] {
        let with = |i: &Inputs| {
            let mut i = i.clone().with(Field::Context, 32_768.0);
            i.set_exact(Field::Images, 1.0);
            i.set_exact(Field::ImagePx, w);
            i.set_exact(Field::ImageH, h);
            report(&i)
        };
        let (a, b) = (with(&p), with(&m.inputs()));
        let (va, vb) = (a.ttft.vision.unwrap(), b.ttft.vision.unwrap());
        let what = |x: &str| format!("{id} at {w}×{h}: {x}");
        close(&what("image tokens"), va.tokens, vb.tokens);
        close(&what("encoder ops"), va.ops.0, vb.ops.0);
        close(&what("vision memory"), a.memory.vision.0, b.memory.vision.0);
        close(&what("file"), a.storage.file.0, b.storage.file.0);
    }
}

#[test]
fn a_config_s_vision_tower_is_the_preset_s() {
    same_vision_as_preset("qwen2.5-vl-3b");
    same_vision_as_preset("gemma-3-4b");
}

/// Phi-3-mini-4k's config slides a 2047-token window on every layer (transformers applies it); the preset
/// attends to the whole context. They agree up to the window.
#[test]
fn phi_3_mini_4k_keeps_its_2047_window() {
    same_as_preset_at("phi-3-mini-4k", &[1024.0, 2047.0]);
    let m = import::read(&fixture("phi-3-mini-4k")).unwrap();
    assert_eq!(m.value(Field::Window), Some(2047.0));
    assert_eq!(m.value(Field::LocalLayers), Some(32.0));
}

#[test]
fn every_preset_with_an_architecture_has_a_fixture() {
    for p in presets::ALL_MODELS.iter().filter(|p| p.arch.is_some()) {
        assert!(
            WITH_FIXTURE.contains(&p.id) || WITHOUT_FIXTURE.contains(&p.id),
            "{}: no config.json fixture",
            p.id
        );
    }
}

#[test]
fn a_nested_text_config_takes_its_model_types_defaults_and_notes_the_vision_tower() {
    let m = import::read(&fixture("gemma-3-4b")).unwrap();
    assert!(m.vision);
    assert_eq!(
        m.architecture.as_deref(),
        Some("Gemma3ForConditionalGeneration")
    );
    for key in [
        "num_attention_heads",
        "num_key_value_heads",
        "head_dim",
        "vocab_size",
    ] {
        assert!(
            m.notes
                .iter()
                .any(|n| matches!(n, Note::Defaulted { key: k, .. } if *k == key)),
            "{key} not noted as defaulted: {:?}",
            m.notes
        );
    }
    assert!(m.notes.contains(&Note::VisionRead {
        layers: 27.0,
        hidden: 1152.0,
        params: 419_816_304.0,
    }));
    assert_eq!(m.value(Field::Window), Some(1024.0));
    assert_eq!(m.value(Field::LocalLayers), Some(29.0));
    assert_eq!(m.max_context, Some(131_072.0));
}

#[test]
fn hybrid_layers_carry_their_state_and_mixer() {
    let m = import::read(&fixture("lfm2-1.2b")).unwrap();
    assert_eq!(m.value(Field::RecurrentLayers), Some(10.0));
    assert_eq!(m.value(Field::StateMb), Some(0.016_384));
    assert_eq!(m.value(Field::RecurrentParams), Some(16_783_360.0));
    assert_eq!(m.value(Field::Ffn), Some(8192.0));
    // A state-space layer kind without a known state size is counted and noted.
    let cfg = br#"{"model_type": "jamba", "hidden_size": 64, "num_hidden_layers": 4,
        "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100,
        "layers_block_type": ["mamba", "attention", "mamba", "mamba"]}"#;
    let m = import::read(cfg).unwrap();
    assert_eq!(m.value(Field::RecurrentLayers), Some(3.0));
    assert!(m.notes.contains(&Note::RecurrentState { layers: 3.0 }));
}

#[test]
fn cross_layer_kv_sharing_holds_the_cache_once_and_reads_it_per_layer() {
    // Gemma 3n E4B's text config (transformers' Gemma3nTextConfig defaults): 35 layers, every 5th full
    // attention, sliding window 512, 2 KV heads of 256, and the last 15 layers reusing earlier layers' KV.
    let types = [
        "\"sliding_attention\"",
        "\"sliding_attention\"",
        "\"sliding_attention\"",
        "\"sliding_attention\"",
        "\"full_attention\"",
    ]
    .repeat(7)
    .join(", ");
    let cfg = format!(
        r#"{{"model_type": "gemma3n_text", "hidden_size": 2048, "intermediate_size": 16384,
        "num_hidden_layers": 35, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 256,
        "vocab_size": 262400, "tie_word_embeddings": true, "sliding_window": 512,
        "max_position_embeddings": 32768, "num_kv_shared_layers": 15, "layer_types": [{types}]}}"#
    );
    let m = import::read(cfg.as_bytes()).unwrap();
    assert_eq!(m.value(Field::KvSharedLayers), Some(15.0));
    assert_eq!(m.value(Field::LocalLayers), Some(28.0));
    let i = m.inputs().with(Field::Context, 32_768.0);
    let r = report(&i);
    // By hand: a layer caches 2 × 2 × 256 = 1024 elements per token, 2048 B in 16 bits. The shared 15 are
    // 12 sliding and 3 full, so 16 sliding and 4 full layers hold a cache:
    // (4 × 32,768 + 16 × 512) × 2048 B = 285,212,672 B; every one of the 35 reads one each token:
    // (7 × 32,768 + 28 × 512) × 2048 B = 499,122,176 B.
    assert_eq!(r.memory.kv.0, 285_212_672.0);
    assert_eq!(r.bandwidth.kv_read.0, 499_122_176.0);
    // The same model without sharing holds what it reads.
    let r = report(&i.with(Field::KvSharedLayers, 0.0));
    assert_eq!(r.memory.kv.0, 499_122_176.0);
    assert_eq!(r.bandwidth.kv_read.0, 499_122_176.0);
}

#[test]
fn experts_and_latent_attention() {
    // DeepSeek-V2-Lite's config.json (https://huggingface.co/deepseek-ai/DeepSeek-V2-Lite): MLA with
    // kv_lora_rank 512 and a 64-wide rope part, 64 routed + 2 shared experts of width 1408, 6 per token,
    // the first layer dense.
    let cfg = br#"{"architectures": ["DeepseekV2ForCausalLM"], "model_type": "deepseek_v2",
        "hidden_size": 2048, "intermediate_size": 10944, "moe_intermediate_size": 1408,
        "num_hidden_layers": 27, "num_attention_heads": 16, "num_key_value_heads": 16,
        "n_routed_experts": 64, "n_shared_experts": 2, "num_experts_per_tok": 6,
        "first_k_dense_replace": 1, "kv_lora_rank": 512, "q_lora_rank": null,
        "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128,
        "vocab_size": 102400, "tie_word_embeddings": false, "max_position_embeddings": 163840}"#;
    let m = import::read(cfg).unwrap();
    assert_eq!(m.value(Field::MlaDim), Some(576.0));
    assert_eq!(m.value(Field::HeadDim), Some(192.0));
    assert_eq!(m.value(Field::Experts), Some(64.0));
    assert_eq!(m.value(Field::SharedExperts), Some(2.0));
    assert_eq!(m.value(Field::ExpertsActive), Some(6.0));
    assert_eq!(m.value(Field::ExpertFfn), Some(1408.0));
    assert!(m.notes.contains(&Note::DenseLayers { layers: 1.0 }));
    assert!(m.notes.contains(&Note::MlaProjections {
        kv_lora_rank: 512.0
    }));
    validate(&m.inputs()).unwrap();
    // Qwen1.5-MoE's shared expert is 5632 wide: four routed experts of 1408.
    let cfg = br#"{"model_type": "qwen2_moe", "hidden_size": 2048, "intermediate_size": 5632,
        "moe_intermediate_size": 1408, "shared_expert_intermediate_size": 5632, "num_experts": 60,
        "num_experts_per_tok": 4, "num_hidden_layers": 24, "num_attention_heads": 16,
        "num_key_value_heads": 16, "vocab_size": 151936}"#;
    let m = import::read(cfg).unwrap();
    assert_eq!(m.value(Field::SharedExperts), Some(4.0));
    assert!(m.notes.is_empty(), "{:?}", m.notes);
}

#[track_caller]
fn refused(text: &[u8], want: ErrorKind) {
    let e = import::read(text).unwrap_err();
    assert_eq!(e.kind, want, "{}", String::from_utf8_lossy(text));
}

#[test]
fn errors_name_what_is_missing_or_malformed() {
    let key = |k: &str| k.to_string();
    refused(
        br#"{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
            "num_key_value_heads": "8", "intermediate_size": 128, "vocab_size": 100}"#,
        ErrorKind::NotANumber {
            key: key("num_key_value_heads"),
        },
    );
    refused(
        br#"{"hidden_size": 64, "num_attention_heads": 4}"#,
        ErrorKind::Missing {
            key: key("num_hidden_layers"),
        },
    );
    refused(
        br#"{"text_config": {"num_hidden_layers": 2.5}}"#,
        ErrorKind::NotAWholeNumber {
            key: key("text_config.num_hidden_layers"),
            value: 2.5,
        },
    );
    refused(b"{\"a\": }", ErrorKind::Syntax { offset: 6 });
    refused(b"[1, 2]", ErrorKind::NotAnObject);
    refused(b"{\"a\": \"\xff\"}", ErrorKind::NotUtf8);
    let e = import::read(
        br#"{"num_hidden_layers": 0, "hidden_size": 64, "num_attention_heads": 4,
            "intermediate_size": 128, "vocab_size": 100}"#,
    )
    .unwrap_err();
    assert!(
        matches!(&e.kind, ErrorKind::OutOfRange { key, field: Field::Layers, problem: Problem::TooLow { .. }, .. } if key == "num_hidden_layers"),
        "{e:?}"
    );
    refused(
        br#"{"num_hidden_layers": 3, "hidden_size": 64, "num_attention_heads": 4,
            "intermediate_size": 128, "vocab_size": 100, "sliding_window": 8,
            "layer_types": ["sliding_attention", "full_attention"]}"#,
        ErrorKind::WrongLength {
            key: key("layer_types"),
            expected: 3,
            found: 2,
        },
    );
}

// ---------------------------------------------------------------------------------------------------
// GGUF

/// Writes GGUF v3 headers (little-endian, as ggml's gguf.cpp does).
struct Gguf {
    kv: Vec<u8>,
    n_kv: u64,
    tensors: Vec<u8>,
    n_tensors: u64,
    offset: u64,
}

impl Gguf {
    fn new() -> Self {
        Self {
            kv: Vec::new(),
            n_kv: 0,
            tensors: Vec::new(),
            n_tensors: 0,
            offset: 0,
        }
    }
    fn s(out: &mut Vec<u8>, s: &str) {
        out.extend_from_slice(&(s.len() as u64).to_le_bytes());
        out.extend_from_slice(s.as_bytes());
    }
    fn key(&mut self, k: &str, t: u32) -> &mut Vec<u8> {
        self.n_kv += 1;
        Self::s(&mut self.kv, k);
        self.kv.extend_from_slice(&t.to_le_bytes());
        &mut self.kv
    }
    fn u32(mut self, k: &str, v: u32) -> Self {
        self.key(k, 4).extend_from_slice(&v.to_le_bytes());
        self
    }
    fn f32(mut self, k: &str, v: f32) -> Self {
        self.key(k, 6).extend_from_slice(&v.to_le_bytes());
        self
    }
    fn str(mut self, k: &str, v: &str) -> Self {
        let out = self.key(k, 8);
        Self::s(out, v);
        self
    }
    fn strings(mut self, k: &str, n: usize) -> Self {
        let out = self.key(k, 9);
        out.extend_from_slice(&8u32.to_le_bytes());
        out.extend_from_slice(&(n as u64).to_le_bytes());
        for i in 0..n {
            Self::s(out, &format!("tok{i}"));
        }
        self
    }
    fn i32s(mut self, k: &str, xs: &[i32]) -> Self {
        let out = self.key(k, 9);
        out.extend_from_slice(&5u32.to_le_bytes());
        out.extend_from_slice(&(xs.len() as u64).to_le_bytes());
        for x in xs {
            out.extend_from_slice(&x.to_le_bytes());
        }
        self
    }
    fn tensor(mut self, name: &str, dims: &[u64], t: u32) -> Self {
        self.n_tensors += 1;
        Self::s(&mut self.tensors, name);
        self.tensors
            .extend_from_slice(&(dims.len() as u32).to_le_bytes());
        for d in dims {
            self.tensors.extend_from_slice(&d.to_le_bytes());
        }
        self.tensors.extend_from_slice(&t.to_le_bytes());
        self.tensors.extend_from_slice(&self.offset.to_le_bytes());
        self.offset += 1 << 20;
        self
    }
    fn bytes(&self) -> Vec<u8> {
        let mut out = b"GGUF".to_vec();
        out.extend_from_slice(&3u32.to_le_bytes());
        out.extend_from_slice(&self.n_tensors.to_le_bytes());
        out.extend_from_slice(&self.n_kv.to_le_bytes());
        out.extend_from_slice(&self.kv);
        out.extend_from_slice(&self.tensors);
        out
    }
}

const F32: u32 = 0;
const F16: u32 = 1;
const Q4_0: u32 = 2;
const Q8_0: u32 = 8;
const Q4_K: u32 = 12;
const Q6_K: u32 = 14;
const IQ4_XS: u32 = 23;
const BF16: u32 = 30;
const MXFP4: u32 = 39;

/// A Llama-3.2-1B-shaped file of two layers, its matrices in a mix of ggml types as a Q4_K_M file mixes
/// them; returns the bytes and the tensors' exact size, summed by hand from ggml's block sizes.
fn llama_like() -> (Vec<u8>, u64) {
    let (h, kv, ffn, vocab) = (2048u64, 512u64, 8192u64, 128_256u64);
    let mut g = Gguf::new()
        .str("general.architecture", "llama")
        .str("general.name", "Llama 3.2 1B Instruct")
        .u32("general.alignment", 32)
        .u32("llama.block_count", 2)
        .u32("llama.context_length", 131_072)
        .u32("llama.embedding_length", 2048)
        .u32("llama.feed_forward_length", 8192)
        .u32("llama.attention.head_count", 32)
        .u32("llama.attention.head_count_kv", 8)
        .u32("llama.attention.key_length", 64)
        .f32("llama.rope.freq_base", 500_000.0)
        .u32("llama.vocab_size", 128_256)
        .strings("tokenizer.ggml.tokens", 1000)
        .tensor("token_embd.weight", &[h, vocab], Q6_K)
        .tensor("output_norm.weight", &[h], F32);
    let mut sum = h * vocab / 256 * 210 + h * 4;
    for (i, (qkv, ffn_t)) in [(Q4_K, Q6_K), (Q8_0, IQ4_XS)].into_iter().enumerate() {
        let b = |n: &str| format!("blk.{i}.{n}");
        let size = |t: u32, n: u64| match t {
            Q4_K => n / 256 * 144,
            Q6_K => n / 256 * 210,
            Q8_0 => n / 32 * 34,
            IQ4_XS => n / 256 * 136,
            _ => unreachable!(),
        };
        g = g
            .tensor(&b("attn_norm.weight"), &[h], F32)
            .tensor(&b("attn_q.weight"), &[h, h], qkv)
            .tensor(&b("attn_k.weight"), &[h, kv], qkv)
            .tensor(&b("attn_v.weight"), &[h, kv], qkv)
            .tensor(&b("attn_output.weight"), &[h, h], qkv)
            .tensor(&b("ffn_norm.weight"), &[h], F32)
            .tensor(&b("ffn_gate.weight"), &[h, ffn], ffn_t)
            .tensor(&b("ffn_up.weight"), &[h, ffn], ffn_t)
            .tensor(&b("ffn_down.weight"), &[ffn, h], ffn_t);
        sum += 2 * h * 4 + size(qkv, 2 * h * h + 2 * h * kv) + size(ffn_t, 3 * h * ffn);
    }
    (g.bytes(), sum)
}

#[test]
fn a_gguf_header_gives_exact_weight_bytes_and_the_models_shape() {
    let (bytes, sum) = llama_like();
    let m = import::read(&bytes).unwrap();
    assert_eq!(m.format, Format::Gguf);
    assert_eq!(m.name.as_deref(), Some("Llama 3.2 1B Instruct"));
    let s = m.gguf.as_ref().unwrap();
    assert_eq!(s.weight_bytes, sum);
    assert_eq!(s.header_bytes, bytes.len() as u64);
    assert_eq!(s.tensors, 20);
    let elements =
        2048 * 128_256 + 2048 + 2 * (2 * 2048 + 2 * 2048 * 2048 + 2 * 2048 * 512 + 3 * 2048 * 8192);
    assert_eq!(s.elements, elements);
    assert_eq!(s.bits_per_weight, 8.0 * sum as f64 / elements as f64);
    assert_eq!(s.by_type[0].ggml_type.name, "Q6_K");
    for (f, x) in [
        (Field::Layers, 2.0),
        (Field::Hidden, 2048.0),
        (Field::Heads, 32.0),
        (Field::KvHeads, 8.0),
        (Field::HeadDim, 64.0),
        (Field::Ffn, 8192.0),
        (Field::Vocab, 128_256.0),
        (Field::Tied, 1.0),
        (Field::Gated, 1.0),
        (Field::QkvBias, 0.0),
        (Field::QkNorm, 0.0),
        (Field::EmbedBits, 6.5625),
    ] {
        assert_eq!(m.value(f), Some(x), "{f:?}");
    }
    // The layer matrices' bits are their exact bytes over their weights.
    let body_n = 2.0 * (2.0 * 2048.0 * 2048.0 + 2.0 * 2048.0 * 512.0 + 3.0 * 2048.0 * 8192.0);
    let body_b = (sum - 2048 * 128_256 / 256 * 210 - 2048 * 4 - 4 * 2048 * 4) as f64;
    assert_eq!(m.value(Field::WeightBits), Some(8.0 * body_b / body_n));
    assert_eq!(m.max_context, Some(131_072.0));
    // The engine's weights (norms at 16 bits where the file keeps F32) are within 0.01 % of the file.
    let r = report(&m.inputs());
    let engine = r.memory.weights.total().0;
    assert!(
        (engine / sum as f64 - 1.0).abs() < 1e-4,
        "engine {engine}, file {sum}"
    );
}

#[test]
fn every_ggml_type_sizes_a_tensor_by_its_blocks() {
    // One 256 × 2 tensor of each type: bytes = 512 / block × bytes per block.
    for t in import::ggml::ALL_GGML_TYPES {
        let bytes = Gguf::new()
            .str("general.architecture", "x")
            .tensor("t", &[256, 2], t.id)
            .bytes();
        let h = gguf::parse(&bytes).unwrap();
        assert_eq!(
            h.tensors[0].bytes,
            512 / u64::from(t.block) * u64::from(t.bytes),
            "{}",
            t.name
        );
    }
    let odd = Gguf::new().tensor("t", &[100], Q4_0).bytes();
    assert_eq!(
        gguf::parse(&odd).unwrap_err().kind,
        ErrorKind::BadTensorShape { tensor: "t".into() }
    );
    let unknown = Gguf::new().tensor("t", &[32], 31).bytes();
    assert_eq!(
        gguf::parse(&unknown).unwrap_err().kind,
        ErrorKind::UnknownTensorType {
            tensor: "t".into(),
            type_id: 31
        }
    );
}

#[test]
fn gpt_oss_like_gguf_reads_experts_and_its_window() {
    let (h, e, ef) = (2880u64, 32u64, 2880u64);
    let mut g = Gguf::new()
        .str("general.architecture", "gpt-oss")
        .u32("gpt-oss.block_count", 24)
        .u32("gpt-oss.embedding_length", 2880)
        .u32("gpt-oss.feed_forward_length", 2880)
        .u32("gpt-oss.attention.head_count", 64)
        .u32("gpt-oss.attention.head_count_kv", 8)
        .u32("gpt-oss.attention.key_length", 64)
        .u32("gpt-oss.attention.sliding_window", 128)
        .u32("gpt-oss.context_length", 131_072)
        .u32("gpt-oss.expert_count", 32)
        .u32("gpt-oss.expert_used_count", 4)
        .u32("gpt-oss.expert_feed_forward_length", 2880)
        .u32("gpt-oss.vocab_size", 201_088)
        .tensor("token_embd.weight", &[h, 201_088], BF16)
        .tensor("output.weight", &[h, 201_088], BF16)
        .tensor("blk.0.attn_q.weight", &[h, 4096], BF16)
        .tensor("blk.0.attn_q.bias", &[4096], F32)
        .tensor("blk.0.ffn_gate_exps.weight", &[h, ef, e], MXFP4);
    g = g.tensor("blk.0.ffn_up_exps.weight", &[h, ef, e], MXFP4);
    let m = import::read(&g.bytes()).unwrap();
    assert_eq!(m.value(Field::Experts), Some(32.0));
    assert_eq!(m.value(Field::ExpertsActive), Some(4.0));
    assert_eq!(m.value(Field::Window), Some(128.0));
    assert_eq!(m.value(Field::LocalLayers), Some(12.0));
    assert_eq!(m.value(Field::Tied), Some(0.0));
    assert_eq!(m.value(Field::QkvBias), Some(1.0));
    assert_eq!(m.value(Field::EmbedBits), Some(16.0));
    let s = m.gguf.unwrap();
    assert_eq!(
        s.weight_bytes,
        2 * h * 201_088 * 2 + h * 4096 * 2 + 4096 * 4 + 2 * (h * ef * e / 32 * 17)
    );
}

#[test]
fn a_hybrid_gguf_counts_its_convolution_layers() {
    // LFM2-350M-shaped: head_count_kv is 0 on the convolution layers.
    let kv: Vec<i32> = [0, 0, 8, 0, 0, 8, 0, 0, 8, 0, 8, 0, 8, 0, 8, 0].to_vec();
    let bytes = Gguf::new()
        .str("general.architecture", "lfm2")
        .u32("lfm2.block_count", 16)
        .u32("lfm2.embedding_length", 1024)
        .u32("lfm2.feed_forward_length", 4608)
        .u32("lfm2.attention.head_count", 16)
        .i32s("lfm2.attention.head_count_kv", &kv)
        .u32("lfm2.shortconv.l_cache", 3)
        .u32("lfm2.vocab_size", 65_536)
        .tensor("token_embd.weight", &[1024, 65_536], Q8_0)
        .tensor("blk.0.shortconv.conv.weight", &[3, 1024], F32)
        .tensor("blk.0.shortconv.in_proj.weight", &[1024, 3072], Q8_0)
        .tensor("blk.0.shortconv.out_proj.weight", &[1024, 1024], Q8_0)
        .tensor("blk.2.attn_q.weight", &[1024, 1024], Q8_0)
        .tensor("blk.2.attn_q_norm.weight", &[64], F32)
        .bytes();
    let m = import::read(&bytes).unwrap();
    assert_eq!(m.value(Field::RecurrentLayers), Some(10.0));
    assert_eq!(m.value(Field::KvHeads), Some(8.0));
    assert_eq!(m.value(Field::RecurrentParams), Some(4_197_376.0));
    assert_eq!(m.value(Field::StateMb), Some(0.008_192));
    assert_eq!(m.value(Field::QkNorm), Some(1.0));
}

#[test]
fn a_prefix_of_a_header_asks_for_more_bytes_until_it_has_them() {
    let (bytes, _) = llama_like();
    let full = import::read(&bytes).unwrap();
    for n in 0..bytes.len() {
        match import::read(&bytes[..n]) {
            Err(e) => match e.kind {
                ErrorKind::NeedMoreBytes { at_least } => {
                    assert!(
                        at_least > n as u64 && at_least <= bytes.len() as u64,
                        "{n}: {at_least}"
                    )
                }
                // Fewer than four bytes are not yet recognisably GGUF (nor JSON).
                _ if n < 4 => {}
                k => panic!("prefix of {n} bytes: {k:?}"),
            },
            Ok(_) => panic!("a prefix of {n} bytes parsed"),
        }
    }
    // Reading as the page will: start small, read what is asked for.
    let mut have = 64;
    let mut rounds = 0;
    let got = loop {
        rounds += 1;
        match gguf::import(&bytes[..have.min(bytes.len())]) {
            Ok(m) => break m,
            Err(e) => match e.kind {
                ErrorKind::NeedMoreBytes { at_least } => have = (at_least as usize).max(2 * have),
                k => panic!("{k:?}"),
            },
        }
    };
    assert_eq!(got, full);
    assert!(rounds < 20, "{rounds} rounds");
}

#[test]
fn absurd_lengths_are_refused_before_anything_is_allocated() {
    let mut b = b"GGUF".to_vec();
    b.extend_from_slice(&3u32.to_le_bytes());
    b.extend_from_slice(&0u64.to_le_bytes());
    b.extend_from_slice(&1u64.to_le_bytes());
    let header = b.clone();
    b.extend_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(
        gguf::parse(&b).unwrap_err().kind,
        ErrorKind::StringTooLong { len: u64::MAX, .. }
    ));
    let mut b = header.clone();
    b.extend_from_slice(&1u64.to_le_bytes());
    b.push(b'k');
    b.extend_from_slice(&9u32.to_le_bytes());
    b.extend_from_slice(&4u32.to_le_bytes());
    b.extend_from_slice(&(1u64 << 60).to_le_bytes());
    assert!(matches!(
        gguf::parse(&b).unwrap_err().kind,
        ErrorKind::ArrayTooLong { .. }
    ));
    let mut b = b"GGUF".to_vec();
    b.extend_from_slice(&3u32.to_le_bytes());
    b.extend_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(
        gguf::parse(&b).unwrap_err().kind,
        ErrorKind::TooMany {
            what: "tensors",
            ..
        }
    ));
    let mut b = b"GGUF".to_vec();
    b.extend_from_slice(&1u32.to_le_bytes());
    assert_eq!(
        gguf::parse(&b).unwrap_err().kind,
        ErrorKind::UnsupportedVersion { version: 1 }
    );
    assert_eq!(
        gguf::parse(b"GGML....").unwrap_err().kind,
        ErrorKind::BadMagic
    );
    let five_d = Gguf::new().tensor("t", &[1, 1, 1, 1, 1], F16).bytes();
    assert_eq!(
        gguf::parse(&five_d).unwrap_err().kind,
        ErrorKind::TooManyDims {
            tensor: "t".into(),
            dims: 5
        }
    );
    let huge = Gguf::new().tensor("t", &[1 << 40, 1 << 40], F16).bytes();
    assert_eq!(
        gguf::parse(&huge).unwrap_err().kind,
        ErrorKind::BadTensorShape { tensor: "t".into() }
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// A header cut anywhere and with bytes changed gives an answer, never a panic.
    #[test]
    fn mutated_gguf_headers_never_panic(
        cut in 0usize..40_000,
        edits in proptest::collection::vec((0usize..40_000, any::<u8>()), 0..8),
    ) {
        let (mut bytes, _) = llama_like();
        let n = bytes.len();
        for (at, b) in edits {
            bytes[at % n] = b;
        }
        bytes.truncate(cut.min(bytes.len()));
        let _ = import::read(&bytes);
    }

    /// Any bytes after the magic: an answer, never a panic.
    #[test]
    fn random_gguf_bytes_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..512)) {
        let mut bytes = b"GGUF\x03\0\0\0".to_vec();
        bytes.extend_from_slice(&tail);
        let _ = import::read(&bytes);
    }

    /// A config cut anywhere, or with a character changed, gives an answer, never a panic.
    #[test]
    fn mutated_configs_never_panic(
        which in 0usize..29,
        cut in 0usize..4000,
        at in 0usize..4000,
        c in any::<char>(),
    ) {
        let text = String::from_utf8(fixture(WITH_FIXTURE[which % WITH_FIXTURE.len()])).unwrap();
        let mut chars: Vec<char> = text.chars().collect();
        let n = chars.len();
        chars[at % n] = c;
        chars.truncate(cut.min(n));
        let s: String = chars.into_iter().collect();
        if let Ok(m) = import::read(s.as_bytes()) {
            let _ = validate(&m.inputs());
        }
    }

    #[test]
    fn random_text_never_panics(s in "\\PC{0,200}") {
        let _ = import::read(s.as_bytes());
    }
}

/// The cache by layer kind adds up to the cache, for every preset with an architecture, at short and long
/// contexts; with the layers that share another's cache, to the model's layers.
#[test]
fn the_cache_by_layer_kind_adds_up() {
    for p in presets::ALL_MODELS.iter().filter(|p| p.arch.is_some()) {
        let mut i = Inputs::default();
        p.apply(&mut i);
        let s = validate(&i).unwrap().expected;
        let edgefit_core::model::Model::Llm(m) = &s.model else {
            panic!("{}", p.id)
        };
        for c in [100.0, 4096.0, 131_072.0] {
            let k = m.attention.kv_split(c);
            close(p.id, m.attention.kv_elements_at(c), k.full + k.local);
            close(p.id, m.attention.state(), k.state);
            close(
                p.id,
                m.attention.layers,
                k.full_layers + k.local_layers + k.recurrent_layers + k.shared_layers,
            );
        }
    }
}
