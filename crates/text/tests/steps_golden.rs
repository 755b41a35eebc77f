//! Every step's text for every golden scenario (`crates/core/tests/scenarios/*.scn`, each `link:`), in both
//! languages, byte for byte against `steps_golden.txt`. It pins the words while the step text's code
//! changes shape. After an intended change of wording, regenerate with `EDGEFIT_BLESS=1 cargo test -p
//! edgefit-text --test steps_golden` and review the diff.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use edgefit_core::{codec, run};
use edgefit_text::{step_texts, ALL_LANGS};

/// Links beyond the scenario files, for the branches they do not reach.
const EXTRA: &[&str] = &[
    "v=1&llm=lfm2-1.2b",
    "v=1&model=arch&layers=48&hidden=2048&heads=32&kv_heads=4&head_dim=128&ffn=6144&vocab=151936&qk_norm=1&experts=128&experts_active=8&expert_ffn=768&mem_gb=24&bw_gbps=77&gran=group&act=a16",
    "v=1&recurrent_layers=24&state_mb=1&export_ctx=4096",
    "v=1&window=512&local_layers=22&app_cap_gb=1.5&graph_limit_gb=0.5&fixed_chunks=1&chunk=256&prompt=300",
    "v=1&batch=4&overhead_ms=2&mem_gb=2&storage_gb=0.5&sustained_w=1",
    // A prompt short enough that one read of the weights outlasts the arithmetic.
    "v=1&prompt=8",
    // A per-token overhead above the TPOT target; a KV read that alone fills the budget; a TTFT target
    // below one pass over the weights.
    "v=1&overhead_ms=837",
    "v=1&eta_bw=0.3",
    "v=1&ttft_ms=20",
    // A token whose arithmetic alone outlasts the TPOT target.
    "v=1&int8_tops=0.01",
    // A tiled int8 matmul (llama.cpp's CUDA MMQ): the weights read per tile, reads and arithmetic summed.
    "v=1&gemm_tile=128&prompt=1024&chunk=512",
    // A named format the framework does not load, and one it loads only on another device.
    "v=2&device=apple_a17pro&fw=mlx&llm=qwen3-1.7b&quant=nf4",
    "v=2&device=nv_orin_nano_8gb&fw=tensorrt&llm=qwen3-1.7b&quant=fp8_e4m3",
];

fn render_all() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/scenarios");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "scn"))
        .collect();
    files.sort();
    let mut links = Vec::new();
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        for l in fs::read_to_string(&f).unwrap().lines() {
            if let Some(link) = l.strip_prefix("link:") {
                links.push((name.clone(), link.trim().to_string()));
            }
        }
    }
    links.extend(EXTRA.iter().map(|l| ("extra".to_string(), l.to_string())));
    let mut out = String::new();
    for (name, link) in &links {
        {
            let d = codec::decode(link, &[]);
            assert!(d.issues.is_empty(), "{link}: {:?}", d.issues);
            let Ok((s, e)) = run(&d.inputs) else {
                continue;
            };
            for lang in ALL_LANGS {
                writeln!(out, "=== {name} {link} [{}]", lang.code()).unwrap();
                for st in step_texts(&s, &e, lang) {
                    writeln!(out, "## {:?} {} ({:?})", st.step, st.title, st.verdict).unwrap();
                    for p in &st.body {
                        writeln!(out, "{p}").unwrap();
                    }
                    if let Some(n) = &st.seed_note {
                        writeln!(out, "> {n}").unwrap();
                    }
                }
            }
        }
    }
    out
}

#[test]
fn step_text_is_unchanged() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/steps_golden.txt");
    let now = render_all();
    if std::env::var_os("EDGEFIT_BLESS").is_some() {
        fs::write(&path, &now).unwrap();
        return;
    }
    let want = fs::read_to_string(&path).unwrap();
    if now != want {
        let (i, (a, b)) = now
            .lines()
            .zip(want.lines())
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .unwrap_or((0, ("(length differs)", "")));
        panic!("line {}: now\n{a}\nwas\n{b}", i + 1);
    }
}
