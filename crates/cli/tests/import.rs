//! `edgefit import`: a config.json or a GGUF file as scenario keys other commands take.

mod common;

use common::exits;

fn configs(id: &str) -> String {
    format!(
        "{}/../core/tests/configs/{id}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn a_config_becomes_a_scenario_file_report_reads() {
    let (out, _) = exits(&["import", &configs("llama-3.2-1b")], 0);
    assert!(out.contains("LlamaForCausalLM (config.json)"), "{out}");
    assert!(
        out.contains("\nlayers = 16\n") && out.contains("\nhead_dim = 64\n"),
        "{out}"
    );
    let dir = std::env::temp_dir().join(format!("edgefit-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("llama.scn");
    std::fs::write(&file, &out).unwrap();
    let (from_file, _) = exits(&["report", "--json", file.to_str().unwrap()], 0);
    // The link printed with it is the same scenario.
    let link = out
        .lines()
        .find_map(|l| l.strip_prefix("# link: "))
        .unwrap();
    let (from_link, _) = exits(&["report", "--json", link], 0);
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&from_file).unwrap(),
        serde_json::from_str(&from_link).unwrap(),
    );
    assert_eq!(a["numbers"], b["numbers"]);
    // And the preset's numbers.
    let (preset, _) = exits(&["report", "--json", "v=2&llm=llama-3.2-1b"], 0);
    let p: serde_json::Value = serde_json::from_str(&preset).unwrap();
    assert_eq!(a["numbers"], p["numbers"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn json_lists_keys_notes_and_the_link() {
    let (out, _) = exits(
        &["import", "--json", &configs("gemma-3-4b"), "--lang", "zh"],
        0,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["format"], "config.json");
    assert_eq!(v["keys"]["layers"], 34);
    assert_eq!(v["keys"]["window"], 1024);
    assert_eq!(v["vision"], true);
    assert!(v["hash"].as_str().unwrap().starts_with("v=2&model=arch"));
    let notes = v["notes"].as_array().unwrap();
    assert!(notes
        .iter()
        .any(|n| n["kind"] == "vision_read" && n["text"].as_str().unwrap().contains("图像编码器")));
}

#[test]
fn a_bad_config_is_refused_naming_the_key() {
    let dir = std::env::temp_dir().join(format!("edgefit-import-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("config.json");
    std::fs::write(
        &file,
        r#"{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": "8"}"#,
    )
    .unwrap();
    let (_, err) = exits(&["import", file.to_str().unwrap()], 2);
    assert!(
        err.contains("config.json: num_key_value_heads is not a number"),
        "{err}"
    );
    let (_, err) = exits(&["import", file.to_str().unwrap(), "--lang", "zh"], 2);
    assert!(err.contains("num_key_value_heads 不是数字"), "{err}");
    let (_, err) = exits(&["import"], 2);
    assert!(err.contains("<FILE>"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A GGUF file of a big model whose weights are absent (the file ends after the header plus a little):
/// `import` reads the header and nothing else, and prints the exact weight bytes.
#[test]
fn a_gguf_header_is_read_without_the_weights() {
    let mut kv = Vec::new();
    let mut n_kv = 0u64;
    let s = |out: &mut Vec<u8>, s: &str| {
        out.extend_from_slice(&(s.len() as u64).to_le_bytes());
        out.extend_from_slice(s.as_bytes());
    };
    let mut u32kv = |kv: &mut Vec<u8>, k: &str, v: u32| {
        n_kv += 1;
        s(kv, k);
        kv.extend_from_slice(&4u32.to_le_bytes());
        kv.extend_from_slice(&v.to_le_bytes());
    };
    for (k, v) in [
        ("llama.block_count", 1),
        ("llama.embedding_length", 4096),
        ("llama.feed_forward_length", 14336),
        ("llama.attention.head_count", 32),
        ("llama.attention.head_count_kv", 8),
        ("llama.vocab_size", 128_256),
    ] {
        u32kv(&mut kv, k, v);
    }
    n_kv += 1;
    s(&mut kv, "general.architecture");
    kv.extend_from_slice(&8u32.to_le_bytes());
    s(&mut kv, "llama");
    // A tokenizer of 128,256 tokens makes the header about 2 MB: more than the first read.
    n_kv += 1;
    s(&mut kv, "tokenizer.ggml.tokens");
    kv.extend_from_slice(&9u32.to_le_bytes());
    kv.extend_from_slice(&8u32.to_le_bytes());
    kv.extend_from_slice(&128_256u64.to_le_bytes());
    for i in 0..128_256 {
        s(&mut kv, &format!("token-{i:08}"));
    }
    let mut tensors = Vec::new();
    let mut n_t = 0u64;
    let mut t = |name: &str, dims: &[u64], ty: u32| {
        n_t += 1;
        s(&mut tensors, name);
        tensors.extend_from_slice(&(dims.len() as u32).to_le_bytes());
        for d in dims {
            tensors.extend_from_slice(&d.to_le_bytes());
        }
        tensors.extend_from_slice(&ty.to_le_bytes());
        tensors.extend_from_slice(&0u64.to_le_bytes());
    };
    t("token_embd.weight", &[4096, 128_256], 14); // Q6_K
    t("output.weight", &[4096, 128_256], 14);
    t("blk.0.attn_q.weight", &[4096, 4096], 12); // Q4_K
    t("blk.0.attn_k.weight", &[4096, 1024], 12);
    t("blk.0.attn_v.weight", &[4096, 1024], 14);
    t("blk.0.attn_output.weight", &[4096, 4096], 12);
    t("blk.0.ffn_gate.weight", &[4096, 14336], 12);
    t("blk.0.ffn_up.weight", &[4096, 14336], 12);
    t("blk.0.ffn_down.weight", &[14336, 4096], 14);
    t("blk.0.attn_norm.weight", &[4096], 0);
    t("blk.0.ffn_norm.weight", &[4096], 0);
    t("output_norm.weight", &[4096], 0);
    let mut file = b"GGUF".to_vec();
    file.extend_from_slice(&3u32.to_le_bytes());
    file.extend_from_slice(&n_t.to_le_bytes());
    file.extend_from_slice(&n_kv.to_le_bytes());
    file.extend_from_slice(&kv);
    file.extend_from_slice(&tensors);
    let header = file.len() as u64;
    file.extend_from_slice(&[0u8; 4096]); // the start of the data; the rest is not there
    let q6 = |n: u64| n / 256 * 210;
    let q4 = |n: u64| n / 256 * 144;
    let exact = 2 * q6(4096 * 128_256)
        + q4(4096 * 4096 * 2 + 4096 * 1024 + 3 * 4096 * 14336 - 4096 * 14336)
        + q6(4096 * 1024 + 14336 * 4096)
        + 3 * 4096 * 4;
    let dir = std::env::temp_dir().join(format!("edgefit-import-gguf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("model.gguf");
    std::fs::write(&path, &file).unwrap();
    let (out, _) = exits(&["import", "--json", path.to_str().unwrap()], 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["format"], "GGUF");
    assert_eq!(v["gguf"]["weight_bytes"], exact);
    assert_eq!(v["gguf"]["header_bytes"], header);
    assert!(v["bytes_read"].as_u64().unwrap() >= header);
    assert_eq!(v["keys"]["vocab"], 128_256);
    assert_eq!(v["keys"]["tied"], 0);
    assert_eq!(v["keys"]["gran"], "tensor");
    let (text, _) = exits(&["import", path.to_str().unwrap()], 0);
    assert!(text.contains("Q4_K"), "{text}");
    // Cut inside the header: the file is named as cut short.
    std::fs::write(&path, &file[..(header as usize - 10)]).unwrap();
    let (_, err) = exits(&["import", path.to_str().unwrap()], 2);
    assert!(
        err.contains("GGUF: need more bytes: at least") && err.contains("cut short"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
