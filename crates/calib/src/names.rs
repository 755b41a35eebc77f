//! What names say: the device class, runtime family, parameter count and bits per weight a row's free-text columns imply.

use edgefit_core::import::ggml::{bits_of, file_type_bits};
use edgefit_core::input::Backend;

use crate::*;

/// The class of a row whose `hw_class` is not one of the codes (a typo, another vocabulary, or
/// empty): a name the column might plausibly hold ("jetson", "smartphone", "desktop_gpu"), else what
/// the device and chip names say ("Jetson AGX Orin", "Apple M2 Max", "RTX 4090", "Raspberry Pi 5").
/// [`HwClass::Other`] when neither says anything.
#[must_use]
pub fn infer_class(code: &str, device: &str, chip: &str, backend: Backend) -> HwClass {
    let exact = HwClass::from_code(code);
    if exact != HwClass::Other || code.trim().eq_ignore_ascii_case("other") {
        return exact;
    }
    let pc = if backend == Backend::Cpu {
        HwClass::PcCpu
    } else {
        HwClass::PcIgpuApu
    };
    let c = normalize(code);
    let by_code: &[(&str, HwClass)] = &[
        ("jetson", HwClass::Jetson),
        ("apple", HwClass::AppleMSeries),
        ("mac", HwClass::AppleMSeries),
        ("phone", HwClass::Phone),
        ("mobile", HwClass::Phone),
        ("tablet", HwClass::Phone),
        ("sbc", HwClass::Sbc),
        ("singleboard", HwClass::Sbc),
        ("server", HwClass::ServerCpu),
        ("datacenter", HwClass::ServerCpu),
        ("discrete", HwClass::DiscreteGpu),
        ("dgpu", HwClass::DiscreteGpu),
        ("desktopgpu", HwClass::DiscreteGpu),
        ("igpu", HwClass::PcIgpuApu),
        ("apu", HwClass::PcIgpuApu),
    ];
    if let Some(&(_, h)) = by_code.iter().find(|(k, _)| !c.is_empty() && c.contains(k)) {
        return h;
    }
    // The same words in Chinese (`normalize` keeps ASCII only).
    let zh_code: &[(&str, HwClass)] = &[
        ("手机", HwClass::Phone),
        ("平板", HwClass::Phone),
        ("开发板", HwClass::Sbc),
        ("单板", HwClass::Sbc),
        ("服务器", HwClass::ServerCpu),
        ("独立显卡", HwClass::DiscreteGpu),
        ("独显", HwClass::DiscreteGpu),
        ("核显", HwClass::PcIgpuApu),
        ("集成显卡", HwClass::PcIgpuApu),
    ];
    if let Some(&(_, h)) = zh_code.iter().find(|(k, _)| code.contains(k)) {
        return h;
    }
    // A generic word ("laptop", "desktop", "workstation") says less than the device's name: a MacBook is
    // Apple's, an RTX desktop a discrete GPU's, a Mac Studio "workstation" an M-series chip. The names
    // first, then the word.
    let generic = ["laptop", "desktop", "notebook", "pc"]
        .iter()
        .any(|k| c.contains(k))
        || ["笔记本", "台式", "电脑"].iter().any(|k| code.contains(k));
    let workstation = c.contains("workstation") || code.contains("工作站");
    let text = normalize(&format!("{device} {chip}"));
    let by_name: &[(&[&str], HwClass)] = &[
        (&["jetson", "orin", "xavier"], HwClass::Jetson),
        (
            &["dgxspark", "gb10", "ryzenaimax", "strixhalo"],
            HwClass::WorkstationUnified,
        ),
        (
            &[
                "raspberrypi",
                "radxa",
                "orangepi",
                "rock5",
                "bcm2711",
                "bcm2712",
                "rk3588",
            ],
            HwClass::Sbc,
        ),
        (
            &[
                "iphone",
                "ipad",
                "pixel",
                "galaxy",
                "snapdragon8",
                "dimensity",
                "exynos",
                "oneplus",
            ],
            HwClass::Phone,
        ),
        (
            &[
                "rtx",
                "gtx",
                "geforce",
                "radeonrx",
                "radeonpro",
                "rx7900",
                "arca7",
                "a100",
                "h100",
                "l40",
            ],
            HwClass::DiscreteGpu,
        ),
        (
            &[
                "epyc",
                "xeon",
                "ampereone",
                "altra",
                "graviton",
                "threadripperpro",
            ],
            HwClass::ServerCpu,
        ),
        (
            &["applem", "macbook", "macmini", "macstudio", "imac"],
            HwClass::AppleMSeries,
        ),
    ];
    if let Some(&(_, h)) = by_name
        .iter()
        .find(|(ks, _)| ks.iter().any(|k| text.contains(k)))
    {
        return h;
    }
    // Chinese names: 树莓派 / 香橙派 (Raspberry / Orange Pi), 苹果 (Apple), 骁龙 8 / 天玑 / 麒麟 (phone
    // SoCs).
    let raw = format!("{device} {chip}");
    let squeezed: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let zh_name: &[(&[&str], HwClass)] = &[
        (&["树莓派", "香橙派", "开发板"], HwClass::Sbc),
        (&["骁龙8", "天玑", "麒麟", "手机"], HwClass::Phone),
    ];
    if let Some(&(_, h)) = zh_name
        .iter()
        .find(|(ks, _)| ks.iter().any(|k| squeezed.contains(k)))
    {
        return h;
    }
    // 苹果 (Apple) with an M-series chip; an iPhone's A17 is not one.
    let lower = fold_width(&squeezed).to_ascii_lowercase();
    if lower.contains("苹果")
        && ["m1", "m2", "m3", "m4", "m5"]
            .iter()
            .any(|g| lower.contains(g))
    {
        return HwClass::AppleMSeries;
    }
    if workstation {
        return HwClass::WorkstationUnified;
    }
    if generic {
        return pc;
    }
    if ["intel", "amd", "ryzen", "core", "xeon"]
        .iter()
        .any(|k| text.contains(k))
    {
        return pc;
    }
    HwClass::Other
}

/// The runtime family a row ran (see [`Runtime`]).
#[must_use]
pub fn runtime_of(row: &Row) -> Runtime {
    let f = normalize(&row.framework);
    if is_llama_cpp(row) {
        if row.backend == Backend::Gpu && ggml_cuda(row) {
            Runtime::LlamaCppCuda
        } else {
            Runtime::LlamaCpp
        }
    } else if f.contains("mlc") {
        Runtime::Mlc
    } else if f.contains("mlx") {
        Runtime::Mlx
    } else if ["litert", "mediapipe", "executorch", "xnnpack", "tflite"]
        .iter()
        .any(|k| f.contains(k))
    {
        Runtime::LiteRt
    } else {
        Runtime::Other
    }
}

/// Whether a llama.cpp GPU row ran ggml's CUDA backend: the framework names CUDA, ROCm or cuBLAS/hipBLAS,
/// or names no other GPU API and the GPU is NVIDIA's (a GeForce/RTX card, a Jetson, a GB10), where CUDA is
/// llama.cpp's default.
#[must_use]
pub fn ggml_cuda(row: &Row) -> bool {
    let f = normalize(&row.framework);
    if ["cuda", "rocm", "cublas", "hipblas"]
        .iter()
        .any(|k| f.contains(k))
    {
        return true;
    }
    let other = ["vulkan", "opencl", "sycl", "metal", "kompute", "webgpu"]
        .iter()
        .any(|k| f.contains(k));
    let name = normalize(&format!("{} {}", row.device, row.chip));
    !other
        && ["nvidia", "geforce", "rtx", "jetson", "gb10", "dgx"]
            .iter()
            .any(|k| name.contains(k))
}

/// The parameter count a model's name gives, in parameters: the first number followed by `B` or `M` that
/// stands alone ("Llama 3.1 8B" → 8·10⁹, "SmolLM-135M" → 1.35·10⁸, "Qwen3-30B-A3B" → 3·10¹⁰ — the total;
/// "Mixtral 8x7B" is not read, its total is not 8 × 7 B).
#[must_use]
pub fn params_in_name(model: &str) -> Option<f64> {
    let t = model.to_ascii_lowercase();
    let b = t.as_bytes();
    (0..b.len()).find_map(|i| {
        let starts = b[i].is_ascii_digit()
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'));
        if !starts {
            return None;
        }
        let num: String = t[i..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let end = i + num.len();
        let unit = *b.get(end)?;
        if b.get(end + 1).is_some_and(u8::is_ascii_alphanumeric) || (i > 0 && b[i - 1] == b'x') {
            return None;
        }
        let x: f64 = num.parse().ok()?;
        match unit {
            b'b' => Some(x * 1e9),
            b'm' => Some(x * 1e6),
            _ => None,
        }
        .filter(|&p| p > 0.0)
    })
}

/// Models whose names give a size word or an expert layout instead of a parameter count, with their total
/// parameters from their model cards (normalized name fragment, parameters): Phi-3/3.5 "mini" 3.82 B, Phi-4
/// "mini" 3.84 B, Phi-3 "small" 7.39 B and "medium" 14.0 B, Phi-4 14.7 B, Phi-3.5-MoE 41.9 B, Phi-2 2.78 B,
/// Phi-1.5 1.42 B, Mixtral 8x7B 46.7 B and 8x22B 140.6 B (Phi-4-multimodal 5.57 B and Phi-3/3.5-vision 4.15 B
/// ahead of their families). A fragment counts where a word of the name starts ("Delphi 2" is no Phi-2);
/// first match wins, so the longer fragments come first.
pub const NAMED_SIZES: &[(&str, f64)] = &[
    ("phi4multimodal", 5.57e9),
    ("phi35vision", 4.15e9),
    ("phi3vision", 4.15e9),
    ("mixtral8x22b", 140.6e9),
    ("mixtral8x7b", 46.7e9),
    ("phi35moe", 41.9e9),
    ("phi35mini", 3.82e9),
    ("phi3mini", 3.82e9),
    ("phi4mini", 3.84e9),
    ("phi3small", 7.39e9),
    ("phi3medium", 14.0e9),
    ("phi4", 14.7e9),
    ("phi2", 2.78e9),
    ("phi15", 1.42e9),
];

/// A model's total parameters from a name without a count ([`NAMED_SIZES`]): "Phi-3.5-mini-instruct" →
/// 3.82 B, "Mixtral 8x7B" → 46.7 B. `None` for any other name.
#[must_use]
pub fn params_of_named_size(model: &str) -> Option<f64> {
    let t = fold_width(model).to_ascii_lowercase();
    // The normalized name from each word's start on.
    let starts: Vec<String> = t
        .char_indices()
        .filter(|&(i, c)| {
            c.is_ascii_alphanumeric()
                && t[..i]
                    .chars()
                    .next_back()
                    .is_none_or(|p| !p.is_ascii_alphanumeric())
        })
        .map(|(i, _)| normalize(&t[i..]))
        .collect();
    NAMED_SIZES
        .iter()
        .find(|(k, _)| starts.iter().any(|s| s.starts_with(k)))
        .map(|&(_, p)| p)
}

/// The dictionary's nominal bits per weight for a quantization named in the `quant` column (SOURCES.md):
/// a GGUF type at ggml's block bits ([`edgefit_core::import::ggml::bits_of`]: Q4_0 4.5, Q8_0 8.5, F16/BF16
/// 16, F32 32, MXFP4 4.25), MLC q4f16 4.5 (q3f16 3.6), int8 8, int4 4; llama.cpp's K-quant
/// mixes at the file averages its `tools/quantize` README gives for Llama 2 7B (Q2_K 3.35, Q3_K_S/M/L 3.50 /
/// 3.91 / 4.27, Q4_K_M ≈4.85, …) and its i-quants at the bits `llama-quantize` lists (IQ2_XXS 2.06 … IQ3_M
/// 3.66), both from the core's [`edgefit_core::import::ggml::LLAMA_FILE_TYPES`]; NVFP4 4.5 and MLX's 4-/8-bit (64-weight groups with an FP16 scale and bias: 4.5, 8.5), also when the
/// name says only "4bit" / "8bit" (mlx-community's and bitsandbytes' naming; 3-/6-bit 3.5, 6.5); a name that
/// gives weights and activations apart by the weights' bits ([`weight_bits`]: w4a16 4, 16a8w 8). `None` for
/// a scheme whose groups the name does not give (SpinQuant), which needs `model_size_reported`.
#[must_use]
pub fn nominal_bits(quant: &str) -> Option<f64> {
    if let Some(w) = weight_bits(quant) {
        return Some(w);
    }
    let q = normalize(quant);
    // A bare "4bit" (mlx-community's and bitsandbytes' naming) is MLX's 64-weight groups; inside a longer
    // name ("SpinQuant (4-bit)") it says nothing of the groups.
    let bare: &[(&str, f64)] = &[("3bit", 3.5), ("4bit", 4.5), ("6bit", 6.5), ("8bit", 8.5)];
    if let Some(&(_, b)) = bare.iter().find(|(k, _)| q == *k) {
        return Some(b);
    }
    // A bare "Q8" / "Q4" (app tables' shorthand): llama.cpp's Q8_0 / Q4_0 and MLX's 8-/4-bit agree on
    // N + 0.5 bits (a 32- or 64-weight block with its scale).
    // The first word decides, so a note after it ("Q4 (unspecified)") does not hide it.
    let first = quant
        .split(|c: char| c.is_whitespace() || "()[],;:/".contains(c))
        .find(|w| !w.is_empty())
        .map(normalize)
        .unwrap_or_default();
    if let Some(d) = first.strip_prefix('q') {
        if let Ok(n) = d.parse::<u8>() {
            if (2..=8).contains(&n) {
                return Some(f64::from(n) + 0.5);
            }
        }
    }
    // GGUF types at ggml's block bits, llama.cpp's mixes at their files' (one table each, in the core);
    // the formats neither holds at their own figures.
    const TABLE: &[(&str, f64)] = &[
        ("iq1s", file_type_bits("IQ1_S")),
        ("iq1m", file_type_bits("IQ1_M")),
        ("iq2xxs", file_type_bits("IQ2_XXS")),
        ("iq2xs", file_type_bits("IQ2_XS")),
        ("iq2s", file_type_bits("IQ2_S")),
        ("iq2m", file_type_bits("IQ2_M")),
        ("iq3xxs", file_type_bits("IQ3_XXS")),
        ("iq3xs", file_type_bits("IQ3_XS")),
        ("iq3s", file_type_bits("IQ3_S")),
        ("iq3m", file_type_bits("IQ3_M")),
        ("tq10", file_type_bits("TQ1_0")),
        ("tq20", file_type_bits("TQ2_0")),
        ("q2k", file_type_bits("Q2_K")),
        ("q3ks", file_type_bits("Q3_K_S")),
        ("q3km", file_type_bits("Q3_K_M")),
        ("q3kl", file_type_bits("Q3_K_L")),
        // Unsloth's dynamic "UD-…_K_XL" mixes: files within a few per cent of the _K_M ones (Gemma 3 27B
        // UD-Q4_K_XL 16.8 GB against Q4_K_M's 16.5), so their bits.
        ("q3kxl", file_type_bits("Q3_K_M")),
        ("q4kxl", file_type_bits("Q4_K_M")),
        ("q5kxl", file_type_bits("Q5_K_M")),
        ("q6kxl", file_type_bits("Q6_K")),
        ("q8kxl", bits_of("Q8_0")),
        ("q4km", file_type_bits("Q4_K_M")),
        ("q4ks", file_type_bits("Q4_K_S")),
        ("q5km", file_type_bits("Q5_K_M")),
        ("q5ks", file_type_bits("Q5_K_S")),
        ("q6k", file_type_bits("Q6_K")),
        // A K-quant named by its block type alone ("Q4_K", S/M not said): the type's own bits (a 256-weight
        // super-block: Q4_K 144 bytes, Q5_K 176, Q3_K 110).
        ("q4k", bits_of("Q4_K")),
        ("q5k", bits_of("Q5_K")),
        ("q3k", bits_of("Q3_K")),
        ("q40", bits_of("Q4_0")),
        ("q41", bits_of("Q4_1")),
        ("q50", bits_of("Q5_0")),
        ("q51", bits_of("Q5_1")),
        ("q80", bits_of("Q8_0")),
        ("mxfp4", bits_of("MXFP4")),
        ("nvfp4", bits_of("NVFP4")),
        ("iq4xs", bits_of("IQ4_XS")),
        ("iq4nl", bits_of("IQ4_NL")),
        ("q4f16", 4.5),
        ("q4f32", 4.5),
        // MLC's 3-bit: ten 3-bit values per 32-bit word, a 40-weight group with an FP16 scale.
        ("q3f16", 3.6),
        ("q0f16", 16.0),
        ("bf16", bits_of("BF16")),
        ("fp16", bits_of("F16")),
        ("f16", bits_of("F16")),
        ("fp32", bits_of("F32")),
        ("f32", bits_of("F32")),
        ("int8", 8.0),
        ("int4", 4.0),
        ("fp8", 8.0),
        ("mlx4bit", 4.5),
        ("mlx8bit", 8.5),
    ];
    TABLE
        .iter()
        .find(|(k, _)| q.starts_with(k) || q.contains(k))
        .map(|&(_, b)| b)
}

/// The runs of ASCII letters and digits of a text ("w4a16 (+ w8a16)" → w4a16, w8a16).
pub(crate) fn alnum_words(s: &str) -> Vec<&str> {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Bits per weight of an MLX quantization named by its bits anywhere in the text ("4bit (mlx-community …)",
/// "q8", "4-bit"): MLX's affine quantization stores a 64-weight group with an FP16 scale and bias, half a
/// bit per weight more (4-bit 4.5, 8-bit 8.5). `None` when no bit count is written.
#[must_use]
pub fn mlx_bits(quant: &str) -> Option<f64> {
    let q = quant.to_ascii_lowercase();
    let words = alnum_words(&q);
    let ok = |d: &str| {
        d.parse::<f64>()
            .ok()
            .filter(|b| [2.0, 3.0, 4.0, 5.0, 6.0, 8.0].contains(b))
    };
    words.iter().enumerate().find_map(|(i, w)| {
        let n = w
            .strip_suffix("bit")
            .or_else(|| w.strip_prefix('q').filter(|d| d.len() == 1))
            .or_else(|| {
                // "4-bit": "4" then "bit".
                (words.get(i + 1) == Some(&"bit")).then_some(*w)
            })?;
        ok(n).map(|b| b + 0.5)
    })
}

/// The weights' bits where a name gives weights and activations apart: `w4a16` / `W8A8`, `a16w4` (LiteRT's
/// order), ExecuTorch's `16a4w`, a bare `w4`, or words ("4-bit weights", "int4 weights, fp16 activations").
/// The activations' precision is not the weights' ("fp16 activations" is no F16 file). The bits are the
/// weights' own, with no group scales (as the dictionary's int4 4, int8 8): these schemes scale per channel
/// or per large block. `None` when the name does not say.
#[must_use]
pub fn weight_bits(quant: &str) -> Option<f64> {
    split_bits(quant).0
}

/// The activations' bits where a name gives them (`w4a16` 16, `a8w8` 8, `16a4w` 16, "fp16 activations"
/// 16), else `None`.
#[must_use]
pub fn activation_bits(quant: &str) -> Option<f64> {
    split_bits(quant).1
}

/// (weights' bits, activations' bits) as a quantization's name gives them apart.
pub(crate) fn split_bits(quant: &str) -> (Option<f64>, Option<f64>) {
    let q = quant.to_ascii_lowercase();
    let words = alnum_words(&q);
    let bits = |d: &str| -> Option<f64> {
        d.parse::<f64>()
            .ok()
            .filter(|b| [1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 16.0, 32.0].contains(b))
    };
    let digits = |s: &str| s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    // One word: "w4", "w4a16", "a16w4", "16a4w".
    let word = |w: &str| -> Option<(Option<f64>, Option<f64>)> {
        if let Some(rest) = w.strip_prefix('w') {
            let n = digits(rest);
            if n > 0 && rest.len() == n {
                return Some((bits(rest), None));
            }
            if n > 0 {
                if let Some(a) = rest[n..].strip_prefix('a') {
                    if !a.is_empty() && digits(a) == a.len() {
                        return Some((bits(&rest[..n]), bits(a)));
                    }
                }
            }
        }
        if let Some(rest) = w.strip_prefix('a') {
            let n = digits(rest);
            if n > 0 {
                if let Some(wd) = rest[n..].strip_prefix('w') {
                    if !wd.is_empty() && digits(wd) == wd.len() {
                        return Some((bits(wd), bits(&rest[..n])));
                    }
                }
            }
        }
        let n = digits(w);
        if n > 0 {
            // "16a4w", and ExecuTorch's "8da4w" (8-bit dynamic activations, 4-bit weights).
            let tail = &w[n..];
            if let Some(rest) = tail.strip_prefix("da").or_else(|| tail.strip_prefix('a')) {
                let m = digits(rest);
                if m > 0 && &rest[m..] == "w" {
                    return Some((bits(&rest[..m]), bits(&w[..n])));
                }
            }
        }
        None
    };
    let (w, a) = words.iter().find_map(|w| word(w)).unwrap_or((None, None));
    // Words: "4-bit weights", "int4 weights", "fp16 activations", "16 bit activation", with up to three
    // qualifiers between ("4-bit groupwise weights", "8-bit dynamic per-token activations"); the search
    // stops at the other noun ("int4 weights and activations" says nothing of the activations).
    let before = |noun: &str| bits_before(&words, noun);
    (
        w.or_else(|| before("weight")),
        a.or_else(|| before("activation")),
    )
}

/// The bits a text gives just before a noun: "4-bit weights", "int4 weights", "fp16 activations", "16 bit
/// activation", "8-bit embedding", with up to three qualifiers between ("4-bit groupwise weights", "8-bit
/// dynamic per-token activations"); the search stops at another of the nouns ("int4 weights and
/// activations" says nothing of the activations). `words` are the text's lowercase [`alnum_words`].
pub(crate) fn bits_before(words: &[&str], noun: &str) -> Option<f64> {
    let bits = |d: &str| -> Option<f64> {
        d.parse::<f64>()
            .ok()
            .filter(|b| [1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 16.0, 32.0].contains(b))
    };
    let is_noun = |w: &str| {
        ["weight", "activation", "embedding", "head"]
            .iter()
            .any(|n| w.starts_with(n))
    };
    let spec = |head: &[&str]| -> Option<f64> {
        match head {
            [.., n, b] if *b == "bit" || *b == "bits" => bits(n),
            [.., w] => w
                .strip_suffix("bit")
                .or_else(|| w.strip_prefix("uint"))
                .or_else(|| w.strip_prefix("int"))
                .or_else(|| w.strip_prefix("fp"))
                .or_else(|| w.strip_prefix("bf"))
                .and_then(bits),
            [] => None,
        }
    };
    let at = words.iter().position(|w| w.starts_with(noun))?;
    (0..=3)
        .take_while(|&k| k <= at && (k == 0 || !is_noun(words[at - k])))
        .find_map(|k| spec(&words[..at - k]))
}

/// The embedding table's bits where a quantization's name gives them apart from the weights' ("4-bit
/// groupwise weights, 8-bit dynamic activations; 8-bit embedding and head": 8), else `None`.
#[must_use]
pub fn embedding_bits_named(quant: &str) -> Option<f64> {
    let q = quant.to_ascii_lowercase();
    bits_before(&alnum_words(&q), "embedding")
}
