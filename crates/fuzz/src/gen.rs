//! Inputs for the stable driver: deterministic (a seed gives the same inputs on every machine), shaped
//! like what people paste (links, scenario files, JSON) and then broken in every way that is cheap to
//! generate. libFuzzer finds deeper paths by coverage; this finds the obvious ones on every CI run.

use edgefit_core::codec;
use edgefit_core::presets;

/// Real v=1 links (the stored links the codec must keep reading).
const STORED: &str = include_str!("../../core/tests/links/v1.txt");

/// Text that must stay text: markup, script URLs, control and wide characters.
pub const PAYLOADS: &[&str] = &[
    "\"><img src=x onerror=window.__xss=1>",
    "<script>window.__xss=1</script>",
    "javascript:window.__xss=1",
    "';alert(1);//",
    "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    "\u{0}\u{1}\u{7f}",
    "\u{202e}evil",
    "大模型~量化",
    "%",
    "%%%",
    "%zz",
    "%E4%B8",
    "~~",
    "&&&",
    "==",
    "#",
];

/// A small, fast, deterministic generator (xorshift64*).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value; 0 is mapped to a fixed non-zero state).
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        // Truncation is the point: a random index.
        #[allow(clippy::cast_possible_truncation)]
        let r = (self.next_u64() % n as u64) as usize;
        r
    }
    /// True with probability 1/n.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
    /// One of `xs`.
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
    /// `n` random bytes.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next_u64().to_le_bytes()[0]).collect()
    }
}

/// The stored links, one per entry.
#[must_use]
pub fn stored_links() -> Vec<&'static str> {
    STORED
        .lines()
        .filter_map(|l| l.trim().strip_prefix("link:"))
        .map(str::trim)
        .collect()
}

fn key(r: &mut Rng) -> String {
    match r.below(10) {
        0 => r
            .pick(&[
                "lang",
                "embed",
                "v",
                "device",
                "llm",
                "quant",
                "unset",
                "fw",
                "draft",
                "power_mode",
            ])
            .into(),
        1 => r.pick(PAYLOADS).into(),
        2 => {
            let n = r.below(8);
            String::from_utf8_lossy(&r.bytes(n)).into_owned()
        }
        _ => {
            let keys = codec::engine_keys();
            keys[r.below(keys.len())].clone()
        }
    }
}

fn number(r: &mut Rng) -> String {
    match r.below(12) {
        0 => r
            .pick(&[
                "NaN", "inf", "-inf", "-0", "1e308", "1e-320", "1e999", "0x10", "+5", ".5", "5.",
                "1_000",
            ])
            .into(),
        1 => format!("{}", r.next_u64()),
        2 => format!("{}", f64::from_bits(r.next_u64())),
        3 => format!("-{}", r.below(1000)),
        4 => format!("{}e{}", r.below(100), r.below(40) as i64 - 20),
        5 => "9".repeat(r.below(60)),
        _ => format!("{}.{}", r.below(200), r.below(1000)),
    }
}

fn value(r: &mut Rng) -> String {
    match r.below(14) {
        0 => format!("{}~{}", number(r), number(r)),
        1 => format!("{}~{}~{}", number(r), number(r), number(r)),
        2 => r.pick(PAYLOADS).into(),
        3 => presets::ALL_DEVICES[r.below(presets::ALL_DEVICES.len())]
            .id
            .into(),
        4 => presets::ALL_MODELS[r.below(presets::ALL_MODELS.len())]
            .id
            .into(),
        5 => presets::ALL_QUANTS[r.below(presets::ALL_QUANTS.len())]
            .id
            .into(),
        6 => presets::ALL_FRAMEWORKS[r.below(presets::ALL_FRAMEWORKS.len())]
            .id
            .into(),
        7 => r
            .pick(&[
                "params",
                "arch",
                "oneshot",
                "tensor",
                "channel",
                "group",
                "a8",
                "a16",
                "a4",
                "npu",
                "gpu",
                "cpu",
                "zh",
                "en",
                "1",
                "0",
                "7w",
                "15w",
                "25w",
                "40w",
                "maxn",
                "maxn_super",
                "native",
                "resize",
                "grid",
                "slices",
                "split",
            ])
            .into(),
        8 => {
            let keys = codec::engine_keys();
            (0..r.below(4))
                .map(|_| keys[r.below(keys.len())].as_str())
                .collect::<Vec<_>>()
                .join(".")
        }
        9 => {
            let n = r.below(12);
            String::from_utf8_lossy(&r.bytes(n)).into_owned()
        }
        _ => number(r),
    }
}

/// A link-shaped string: a prefix, a version and key=value pairs from every kind of key and value.
pub fn link(r: &mut Rng) -> String {
    let mut s = String::from(r.pick(&[
        "",
        "#",
        "https://x.example/#",
        "?",
        "https://x.example/?a=b#",
        " #",
    ]));
    match r.below(6) {
        0 => {}
        1 => s.push_str(&format!("v={}&", number(r))),
        _ => s.push_str("v=1&"),
    }
    for _ in 0..r.below(12) {
        s.push_str(&key(r));
        if !r.one_in(10) {
            s.push('=');
        }
        s.push_str(&value(r));
        s.push('&');
    }
    if r.one_in(40) {
        s.push_str(&"x".repeat(codec::MAX_LEN - s.len().min(codec::MAX_LEN) + r.below(3)));
    }
    s
}

/// Break `s` a little: replace, insert, delete or duplicate a few bytes.
pub fn mutate(r: &mut Rng, s: &str) -> Vec<u8> {
    let mut b = s.as_bytes().to_vec();
    for _ in 0..1 + r.below(4) {
        let at = r.below(b.len() + 1);
        match r.below(5) {
            0 if at < b.len() => b[at] = r.bytes(1)[0],
            1 => b.insert(at, r.pick(b"&=~%#.-e")),
            2 if at < b.len() => {
                b.remove(at);
            }
            3 => {
                let end = (at + r.below(16)).min(b.len());
                let chunk = b[at..end].to_vec();
                b.splice(at..at, chunk);
            }
            _ => b.extend_from_slice(value(r).as_bytes()),
        }
    }
    b
}

/// An input for the `codec` target.
pub fn codec_input(r: &mut Rng) -> Vec<u8> {
    match r.below(8) {
        0 => {
            let links = stored_links();
            let i = r.below(links.len());
            mutate(r, links[i])
        }
        1 => {
            let n = r.below(200);
            r.bytes(n)
        }
        2 => {
            let l = link(r);
            mutate(r, &l)
        }
        _ => link(r).into_bytes(),
    }
}

/// An input for the `scenario` target: key = value lines, links on lines, golden files, JSON objects.
pub fn scenario_input(r: &mut Rng) -> Vec<u8> {
    let text = match r.below(6) {
        0 | 1 => {
            let mut t = String::new();
            for _ in 0..r.below(10) {
                match r.below(8) {
                    0 => t.push_str("# a comment\n"),
                    1 => t.push_str(&format!("{}\n", link(r))),
                    2 => t.push_str(&format!("link: {}\n", link(r))),
                    3 => t.push_str(&format!("{} = {} # note\n", key(r), value(r))),
                    4 => t.push_str(&format!("{}\n", value(r))),
                    _ => t.push_str(&format!("{} = {}\n", key(r), value(r))),
                }
            }
            t
        }
        2 | 3 => {
            let mut t = String::from("{");
            for n in 0..r.below(8) {
                if n > 0 {
                    t.push(',');
                }
                let v = match r.below(9) {
                    0 => format!("[{}, {}]", number(r), number(r)),
                    1 => format!("[{}, {}, {}]", number(r), number(r), number(r)),
                    2 => "null".into(),
                    3 => "true".into(),
                    4 => format!("{{\"a\": {}}}", number(r)),
                    5 => format!("[{}]", "[".repeat(r.below(200))),
                    6 => format!("{:?}", value(r)),
                    _ => number(r),
                };
                t.push_str(&format!("{:?}: {v}", key(r)));
            }
            if !r.one_in(6) {
                t.push('}');
            }
            t
        }
        4 => {
            let n = r.below(120);
            String::from_utf8_lossy(&r.bytes(n)).into_owned()
        }
        _ => {
            let links = stored_links();
            format!(
                "# golden\nlink: {}\nnumbers.x = 1 ±2%\n",
                links[r.below(links.len())]
            )
        }
    };
    if r.one_in(4) {
        mutate(r, &text)
    } else {
        text.into_bytes()
    }
}

/// An input for the `engine` target: raw bytes (choices and f64 bit patterns).
pub fn engine_input(r: &mut Rng) -> Vec<u8> {
    let n = r.below(700);
    r.bytes(n)
}

/// An input for the `pipeline` target: a link with `stages=` and `sN.`-prefixed stage keys.
pub fn pipeline_input(r: &mut Rng) -> Vec<u8> {
    let mut s = link(r);
    if !r.one_in(5) {
        let roles = ["asr", "llm", "tts", "vision", "other", "x", ""];
        let n = r.below(8);
        let stages: Vec<&str> = (0..n).map(|_| r.pick(&roles)).collect();
        s.push_str(&format!("&stages={}", stages.join(",")));
        for _ in 0..r.below(10) {
            let k = key(r);
            let v = value(r);
            s.push_str(&format!("&s{}.{k}={v}", r.below(9)));
        }
        for k in [
            "turns",
            "e2e_ms",
            "timing",
            "utter_s",
            "answer_tokens",
            "first_tokens",
            "audio_s_per_token",
            "stream_s",
            "asr_window_s",
            "turns_per_hour",
            "frame_fps",
        ] {
            if r.one_in(3) {
                let v = value(r);
                s.push_str(&format!("&{k}={v}"));
            }
        }
    }
    if r.one_in(4) {
        mutate(r, &s)
    } else {
        s.into_bytes()
    }
}

/// Cells a person might write in a measurements file, good and bad.
const CELLS: &[&str] = &[
    "",
    "n/a",
    "—",
    "0",
    "-1",
    "1e308",
    "1e-308",
    "NaN",
    "inf",
    "∞",
    "~7",
    "6,74",
    "1,024",
    "20-25",
    "55.10 ± 0.21",
    "pp512",
    "tg128",
    "\"quoted, comma\"",
    "8x",
    "x",
    "🙂",
    "1e400",
    "7 B",
    "204.8 GB/s",
    "22.5 tok/s",
    "4x Cortex-A76",
    "8P + 16E",
    "1x X4 + 5x A720 + 2x A520",
    "Q4_K_M",
    "4bit",
    "CPU",
    "GPU",
    "NPU",
    "Metal",
    "llama.cpp",
    "MLC",
    "LiteRT",
    "jetson",
    "phone",
    "Apple M2 Max",
    "Raspberry Pi 5",
    "12",
    "1",
    "2026-05-20",
    "Mixtral 8x7B",
    "Phi-3.5-mini",
    "gpt-oss 20B",
    "0.000001",
    "99999999",
    "苹果 M4 Pro（16核GPU）",
    "Apple M2 Max（38-core GPU）",
    "树莓派 5",
    "骁龙 8 Gen 3",
    "４x Cortex-A76",
    "１６",
    "M3 Ultra (80‑core GPU)",
    "Jetson Orin Nano（Super）",
    "8（4P＋4E）",
    "Q4_K_M（默认）",
    "约 7",
    "7，4",
    "٣٫٥",
    "x\u{301}",
    "\u{200b}12",
    // Session 9: weights and activations apart, MLX bits, sizes "about", a chip's GPU in the cores text.
    "w4a16 (+ w8a16 a few layers)",
    "a16w4",
    "16a8w",
    "w4 (4-bit weights; fp16 activations)",
    "w",
    "a16w",
    "16aw",
    "w99a99",
    "4bit (mlx-community/Qwen3-8B-4bit)",
    "q8",
    "MLX",
    "UD-Q4_K_XL",
    "q3f16_1",
    "~4GB",
    "约 4 GB",
    "about 730 MB",
    "4x Cortex-A57 + 128-core Maxwell GPU",
    "6 CPU (2P + 4E) + 6-core GPU",
    "+ GPU",
    "((+))",
    "4x Cortex-A53",
    "**TODO**",
    "— OOM",
    "**12.5**",
    "`",
    "**",
    // Session 10: ExecuTorch's schemes, bare K-quant types, a bare "Q4" with a note, M1-generation chips.
    "8da4w",
    "da",
    "8da",
    "4-bit groupwise weights (group 128), 8-bit dynamic per-token activations",
    "weights weights activations",
    "Q4_K (S/M not stated)",
    "Q4 (unspecified)",
    "Q4 (",
    "Apple M1 Max (24-core GPU)",
    "M1",
    "m",
];

/// An input for the `measurements` target: the header and a few rows of the project's measurement files,
/// with cells swapped for others (good and bad), columns reordered, another separator, or bytes broken.
pub fn measurements_input(r: &mut Rng) -> Vec<u8> {
    let files = [
        include_str!("../../../data/calibration.csv"),
        include_str!("../../../data/development.csv"),
        include_str!("../../../data/candidates.csv"),
        include_str!("../../../data/npu.csv"),
        include_str!("../../../data/mlx.csv"),
        include_str!("../../../data/edge.csv"),
        include_str!("../../../data/apple.csv"),
        include_str!("../../../data/phone.csv"),
    ];
    let file = files[r.below(files.len())];
    let mut lines = file.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap_or_default()
        .split(',')
        .map(str::to_string)
        .collect();
    let body: Vec<&str> = lines.collect();
    // Rows as cells: the files quote cells with commas, so split on commas outside quotes.
    let split = |line: &str| -> Vec<String> {
        let mut cells = vec![String::new()];
        let mut quoted = false;
        for c in line.chars() {
            match c {
                '"' => {
                    quoted = !quoted;
                    cells.last_mut().expect("one cell").push(c);
                }
                ',' if !quoted => cells.push(String::new()),
                _ => cells.last_mut().expect("one cell").push(c),
            }
        }
        cells
    };
    let mut rows: Vec<Vec<String>> = (0..1 + r.below(6))
        .map(|_| split(body[r.below(body.len())]))
        .collect();
    for row in &mut rows {
        for _ in 0..r.below(4) {
            if !row.is_empty() {
                let i = r.below(row.len());
                row[i] = r.pick(CELLS).to_string();
            }
        }
    }
    let mut header = header;
    if r.one_in(3) {
        // Another column order: the same permutation on every line.
        let n = header.len();
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, r.below(i + 1));
        }
        let permute = |v: &[String]| -> Vec<String> {
            order
                .iter()
                .map(|&i| v.get(i).cloned().unwrap_or_default())
                .collect()
        };
        header = permute(&header);
        for row in &mut rows {
            *row = permute(row);
        }
    }
    if r.one_in(6) && !header.is_empty() {
        let i = r.below(header.len());
        header.remove(i);
    }
    let sep = if r.one_in(5) {
        ";"
    } else if r.one_in(5) {
        "\t"
    } else {
        ","
    };
    let mut text = header.join(sep);
    text.push('\n');
    for row in &rows {
        text.push_str(&row.join(sep));
        text.push_str(if r.one_in(4) { "\r\n" } else { "\n" });
    }
    if r.one_in(5) {
        mutate(r, &text)
    } else {
        text.into_bytes()
    }
}

/// The public `config.json` of every preset with an architecture (the core's test fixtures).
pub const CONFIGS: &[&str] = &[
    include_str!("../../core/tests/configs/deepseek-r1-distill-qwen-1.5b.json"),
    include_str!("../../core/tests/configs/gemma-2-2b.json"),
    include_str!("../../core/tests/configs/gemma-3-1b.json"),
    include_str!("../../core/tests/configs/gemma-3-4b.json"),
    include_str!("../../core/tests/configs/gpt-oss-20b.json"),
    include_str!("../../core/tests/configs/lfm2-1.2b.json"),
    include_str!("../../core/tests/configs/lfm2-350m.json"),
    include_str!("../../core/tests/configs/qwen2.5-vl-3b.json"),
    include_str!("../../core/tests/configs/lfm2-700m.json"),
    include_str!("../../core/tests/configs/llama-3.1-8b.json"),
    include_str!("../../core/tests/configs/llama-3.2-1b.json"),
    include_str!("../../core/tests/configs/llama-3.2-3b.json"),
    include_str!("../../core/tests/configs/minicpm-2b.json"),
    include_str!("../../core/tests/configs/mistral-7b-v0.1.json"),
    include_str!("../../core/tests/configs/phi-3-mini-4k.json"),
    include_str!("../../core/tests/configs/phi-3.5-mini.json"),
    include_str!("../../core/tests/configs/phi-4-mini.json"),
    include_str!("../../core/tests/configs/qwen2.5-0.5b.json"),
    include_str!("../../core/tests/configs/qwen2.5-1.5b.json"),
    include_str!("../../core/tests/configs/qwen2.5-3b.json"),
    include_str!("../../core/tests/configs/qwen2.5-7b.json"),
    include_str!("../../core/tests/configs/qwen3-0.6b.json"),
    include_str!("../../core/tests/configs/qwen3-1.7b.json"),
    include_str!("../../core/tests/configs/qwen3-30b-a3b.json"),
    include_str!("../../core/tests/configs/qwen3-4b.json"),
    include_str!("../../core/tests/configs/qwen3-8b.json"),
    include_str!("../../core/tests/configs/smollm2-1.7b.json"),
    include_str!("../../core/tests/configs/smollm2-135m.json"),
    include_str!("../../core/tests/configs/smollm2-360m.json"),
    include_str!("../../core/tests/configs/tinyllama-1.1b-chat-v1.0.json"),
];

/// Keys a `config.json` may hold, for key soup.
const CONFIG_KEYS: &[&str] = &[
    "num_hidden_layers",
    "hidden_size",
    "num_attention_heads",
    "num_key_value_heads",
    "head_dim",
    "intermediate_size",
    "vocab_size",
    "tie_word_embeddings",
    "model_type",
    "sliding_window",
    "sliding_window_pattern",
    "layer_types",
    "use_sliding_window",
    "max_window_layers",
    "num_experts",
    "num_local_experts",
    "n_routed_experts",
    "num_experts_per_tok",
    "n_shared_experts",
    "moe_intermediate_size",
    "shared_expert_intermediate_size",
    "first_k_dense_replace",
    "kv_lora_rank",
    "qk_rope_head_dim",
    "qk_nope_head_dim",
    "conv_L_cache",
    "block_auto_adjust_ff_dim",
    "block_multiple_of",
    "block_ffn_dim_multiplier",
    "full_attn_idxs",
    "layers_block_type",
    "text_config",
    "vision_config",
    "max_position_embeddings",
    "attention_bias",
    "multi_query",
    "depth",
    "patch_size",
    "spatial_merge_size",
    "temporal_patch_size",
    "window_size",
    "fullatt_block_indexes",
    "out_hidden_size",
    "image_size",
    "mm_tokens_per_image",
    "scale_factor",
    "mlp_ratio",
];

fn config_value(r: &mut Rng) -> String {
    match r.below(10) {
        0 => "null".into(),
        1 => r.pick(&["true", "false"]).into(),
        2 => format!(
            "{:?}",
            r.pick(&[
                "gemma3_text",
                "gemma3",
                "qwen2",
                "qwen2_5_vl",
                "qwen2_vl",
                "idefics3",
                "smolvlm",
                "lfm2",
                "gpt2",
                "mistral",
                "x",
            ])
        ),
        3 => {
            let kinds = [
                "\"sliding_attention\"",
                "\"full_attention\"",
                "\"conv\"",
                "\"mamba\"",
                "1",
            ];
            let n = r.below(40);
            let xs: Vec<&str> = (0..n).map(|_| r.pick(&kinds)).collect();
            format!("[{}]", xs.join(","))
        }
        4 => format!("{{{:?}: {}}}", r.pick(CONFIG_KEYS), number(r)),
        5 => r
            .pick(&[
                "0",
                "-1",
                "1e999",
                "0.5",
                "4294967296",
                "1e308",
                "2.5",
                "-0",
            ])
            .into(),
        _ => format!("{}", r.below(5000)),
    }
}

/// An input for the `config` target: a preset's real config, broken a little, or key soup.
pub fn config_input(r: &mut Rng) -> Vec<u8> {
    match r.below(6) {
        0 | 1 => {
            let text = r.pick(CONFIGS);
            mutate(r, text)
        }
        2 => r.pick(CONFIGS).as_bytes().to_vec(),
        3 => {
            let text = r.pick(CONFIGS);
            let cut = r.below(text.len() + 1);
            text.as_bytes()[..cut].to_vec()
        }
        _ => {
            let mut t = String::from("{");
            for n in 0..r.below(24) {
                if n > 0 {
                    t.push(',');
                }
                t.push_str(&format!("{:?}: {}", r.pick(CONFIG_KEYS), config_value(r)));
            }
            t.push('}');
            if r.one_in(4) {
                let vision = if r.one_in(2) {
                    String::from("{\"depth\": 2}")
                } else {
                    let mut v = String::from("{");
                    for n in 0..r.below(8) {
                        if n > 0 {
                            v.push(',');
                        }
                        v.push_str(&format!("{:?}: {}", r.pick(CONFIG_KEYS), config_value(r)));
                    }
                    v.push('}');
                    v
                };
                let outer = r.pick(&[
                    "gemma3",
                    "qwen2_5_vl",
                    "qwen2_vl",
                    "idefics3",
                    "smolvlm",
                    "x",
                ]);
                t = format!(
                    "{{\"model_type\": {outer:?}, \"text_config\": {t}, \"vision_config\": {vision}}}"
                );
            }
            t.into_bytes()
        }
    }
}

fn gguf_str(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as u64).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

/// A GGUF header of random architecture metadata and tensors (every ggml type id, some unknown), whole,
/// cut short or with bytes changed.
pub fn gguf_input(r: &mut Rng) -> Vec<u8> {
    let arch = r.pick(&[
        "llama",
        "gemma3",
        "gpt-oss",
        "lfm2",
        "mamba2",
        "deepseek2",
        "qwen3moe",
    ]);
    let mut kv = Vec::new();
    let mut n_kv = 0u64;
    gguf_str(&mut kv, "general.architecture");
    kv.extend_from_slice(&8u32.to_le_bytes());
    gguf_str(&mut kv, arch);
    n_kv += 1;
    let layers = 1 + r.below(8) as u32;
    if !r.one_in(4) {
        // The keys every model needs, so most inputs get past them.
        for (k, v) in [
            ("block_count", layers),
            ("embedding_length", 256),
            ("feed_forward_length", 512),
            ("attention.head_count", 8),
            ("vocab_size", 1000),
        ] {
            gguf_str(&mut kv, &format!("{arch}.{k}"));
            kv.extend_from_slice(&4u32.to_le_bytes());
            kv.extend_from_slice(&v.to_le_bytes());
            n_kv += 1;
        }
    }
    let suffixes = [
        "block_count",
        "embedding_length",
        "feed_forward_length",
        "attention.head_count",
        "attention.head_count_kv",
        "attention.key_length",
        "context_length",
        "expert_count",
        "expert_used_count",
        "expert_feed_forward_length",
        "attention.sliding_window",
        "attention.kv_lora_rank",
        "rope.dimension_count",
        "ssm.conv_kernel",
        "ssm.inner_size",
        "ssm.state_size",
        "shortconv.l_cache",
        "vocab_size",
        "attention.sliding_window_pattern",
    ];
    for _ in 0..r.below(16) {
        let key = format!("{arch}.{}", r.pick(&suffixes));
        gguf_str(&mut kv, &key);
        n_kv += 1;
        match r.below(6) {
            0 => {
                // A per-layer array of i32.
                kv.extend_from_slice(&9u32.to_le_bytes());
                kv.extend_from_slice(&5u32.to_le_bytes());
                let n = if r.one_in(4) {
                    r.below(12) as u32
                } else {
                    layers
                };
                kv.extend_from_slice(&u64::from(n).to_le_bytes());
                for _ in 0..n {
                    kv.extend_from_slice(&(r.below(9) as i32 * 8).to_le_bytes());
                }
            }
            1 => {
                kv.extend_from_slice(&6u32.to_le_bytes());
                kv.extend_from_slice(&(r.below(100_000) as f32 / 7.0).to_le_bytes());
            }
            2 => {
                kv.extend_from_slice(&r.pick(&[7u32, 8, 12, 13, 99]).to_le_bytes());
                kv.extend_from_slice(&r.bytes(8));
            }
            _ => {
                kv.extend_from_slice(&4u32.to_le_bytes());
                let v = r.pick(&[0u32, 1, 2, 4, 8, 64, 128, 4096, 32000, layers, u32::MAX]);
                kv.extend_from_slice(&v.to_le_bytes());
            }
        }
    }
    if r.one_in(2) {
        gguf_str(&mut kv, "tokenizer.ggml.tokens");
        kv.extend_from_slice(&9u32.to_le_bytes());
        kv.extend_from_slice(&8u32.to_le_bytes());
        let n = r.below(50);
        kv.extend_from_slice(&(n as u64).to_le_bytes());
        for i in 0..n {
            gguf_str(&mut kv, &format!("t{i}"));
        }
        n_kv += 1;
    }
    let names = [
        "token_embd.weight",
        "output.weight",
        "blk.0.attn_q.weight",
        "blk.0.attn_q.bias",
        "blk.0.attn_q_norm.weight",
        "blk.0.ffn_gate.weight",
        "blk.1.shortconv.in_proj.weight",
        "blk.0.ssm_in.weight",
        "blk.0.post_attention_norm.weight",
        "blk.0.post_ffw_norm.weight",
    ];
    let mut ts = Vec::new();
    let mut n_t = 0u64;
    for _ in 0..r.below(12) {
        gguf_str(&mut ts, r.pick(&names));
        let dims = if r.one_in(12) { 5 } else { 1 + r.below(4) };
        ts.extend_from_slice(&(dims as u32).to_le_bytes());
        for _ in 0..dims {
            let d: u64 = if r.one_in(8) {
                r.pick(&[1, 100, 1 << 40, u64::MAX])
            } else {
                r.pick(&[32, 64, 256, 512])
            };
            ts.extend_from_slice(&d.to_le_bytes());
        }
        let t = if r.one_in(8) {
            r.below(44) as u32
        } else {
            r.pick(&[0u32, 1, 2, 8, 12, 14, 23, 30, 39])
        };
        ts.extend_from_slice(&t.to_le_bytes());
        ts.extend_from_slice(&r.next_u64().to_le_bytes());
        n_t += 1;
    }
    let mut b = b"GGUF".to_vec();
    b.extend_from_slice(&r.pick(&[3u32, 3, 3, 3, 3, 2, 1, 4]).to_le_bytes());
    b.extend_from_slice(&n_t.to_le_bytes());
    b.extend_from_slice(&n_kv.to_le_bytes());
    b.extend_from_slice(&kv);
    b.extend_from_slice(&ts);
    match r.below(8) {
        0 => {
            let cut = r.below(b.len() + 1);
            b.truncate(cut);
        }
        1 => {
            for _ in 0..1 + r.below(4) {
                let at = r.below(b.len());
                b[at] = r.bytes(1)[0];
            }
        }
        _ => {}
    }
    b
}
