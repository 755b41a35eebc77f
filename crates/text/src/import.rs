//! Words for importing a model: what is wrong with a file, and what its model leaves out.

use edgefit_core::import::{ErrorKind, Format, ImportError, Imported, Note};

use crate::errors::problem_text;
use crate::labels::field_label;
use crate::num::{fmt_gb, fmt_int, fmt_num};
use crate::Lang;

fn n(x: f64) -> String {
    edgefit_core::numfmt::short(x)
}

/// The kind of file as people call it: `config.json` or `GGUF`.
#[must_use]
pub fn format_name(f: Format) -> &'static str {
    match f {
        Format::ConfigJson => "config.json",
        Format::Gguf => "GGUF",
    }
}

/// What the page says after an import filled the model: its name, the file's format and, for a GGUF, its
/// exact weight bytes and effective bits per weight (`gguf`: bytes, bits).
#[must_use]
pub fn import_done(name: &str, f: Format, gguf: Option<(f64, f64)>, lang: Lang) -> String {
    let mut s = format!(
        "{}{}{name}{}",
        crate::term(crate::Term::ImportDone, lang),
        lang.space(),
        lang.parens(format_name(f))
    );
    if let Some((bytes, bits)) = gguf {
        s.push_str(&format!(
            " · {} · {} {}",
            crate::num::fmt_gb(bytes),
            crate::num::fmt_num(bits, 4),
            lang.pick("bit/weight", "bit/权重")
        ));
    }
    s
}

/// An import that stopped because the file ended before its header: the reader's error and why.
#[must_use]
pub fn import_cut_short(e: &ImportError, lang: Lang) -> String {
    format!(
        "{}{}",
        import_error(e, lang),
        lang.parens(crate::term(crate::Term::ImportCutShort, lang))
    )
}

/// What is wrong with an imported file, naming the file kind and the key: "config.json:
/// num_key_value_heads is not a number".
#[must_use]
pub fn import_error(e: &ImportError, lang: Lang) -> String {
    let what = match (&e.kind, lang) {
        (ErrorKind::TooLarge { len, max }, Lang::En) => {
            format!("the file is {len} bytes; at most {max} are read")
        }
        (ErrorKind::TooLarge { len, max }, Lang::Zh) => {
            format!("文件有 {len} 字节，最多读取 {max} 字节")
        }
        (ErrorKind::NotUtf8, _) => lang.pick("not UTF-8 text", "不是 UTF-8 文本").into(),
        (ErrorKind::Syntax { offset }, Lang::En) => format!("not valid JSON at byte {offset}"),
        (ErrorKind::Syntax { offset }, Lang::Zh) => format!("第 {offset} 字节处不是有效的 JSON"),
        (ErrorKind::TooDeep, _) => lang.pick("nested too deeply", "嵌套层数过多").into(),
        (ErrorKind::NotAnObject, _) => lang
            .pick("not a JSON object of keys", "不是由键值组成的 JSON 对象")
            .into(),
        (ErrorKind::Missing { key }, Lang::En) => format!("{key} is missing"),
        (ErrorKind::Missing { key }, Lang::Zh) => format!("缺少 {key}"),
        (ErrorKind::NotANumber { key }, Lang::En) => format!("{key} is not a number"),
        (ErrorKind::NotANumber { key }, Lang::Zh) => format!("{key} 不是数字"),
        (ErrorKind::NotABool { key }, Lang::En) => format!("{key} is not true or false"),
        (ErrorKind::NotABool { key }, Lang::Zh) => format!("{key} 不是 true 或 false"),
        (ErrorKind::NotAWholeNumber { key, value }, Lang::En) => {
            format!("{key} = {} is not a whole number", n(*value))
        }
        (ErrorKind::NotAWholeNumber { key, value }, Lang::Zh) => {
            format!("{key} = {} 不是整数", n(*value))
        }
        (
            ErrorKind::OutOfRange {
                key,
                value,
                field,
                problem,
            },
            _,
        ) => format!(
            "{key} = {}: {} {}",
            n(*value),
            field_label(*field, lang),
            problem_text(*field, problem, lang)
        ),
        (
            ErrorKind::WrongLength {
                key,
                expected,
                found,
            },
            Lang::En,
        ) => format!("{key} lists {found} layers; the model has {expected}"),
        (
            ErrorKind::WrongLength {
                key,
                expected,
                found,
            },
            Lang::Zh,
        ) => format!("{key} 列出 {found} 层，模型却有 {expected} 层"),
        (ErrorKind::NeedMoreBytes { at_least }, Lang::En) => {
            format!("need more bytes: at least {at_least}")
        }
        (ErrorKind::NeedMoreBytes { at_least }, Lang::Zh) => {
            format!("需要更多字节：至少 {at_least} 字节")
        }
        (ErrorKind::BadMagic, _) => lang
            .pick("does not start with GGUF", "文件开头不是 GGUF")
            .into(),
        (ErrorKind::UnsupportedVersion { version }, Lang::En) => {
            format!("version {version} is not supported (2 and 3 are)")
        }
        (ErrorKind::UnsupportedVersion { version }, Lang::Zh) => {
            format!("不支持版本 {version}（支持 2 和 3）")
        }
        (ErrorKind::BadValueType { key, type_id }, Lang::En) => {
            format!("{key} has a value of type {type_id}, which GGUF does not define")
        }
        (ErrorKind::BadValueType { key, type_id }, Lang::Zh) => {
            format!("{key} 的值类型为 {type_id}，GGUF 没有这种类型")
        }
        (ErrorKind::StringTooLong { len, max }, Lang::En) => {
            format!("a string of {len} bytes (at most {max} are read)")
        }
        (ErrorKind::StringTooLong { len, max }, Lang::Zh) => {
            format!("字符串长 {len} 字节（最多读取 {max} 字节）")
        }
        (ErrorKind::ArrayTooLong { key, len, max }, Lang::En) => {
            format!("{key} has {len} elements (at most {max} are read)")
        }
        (ErrorKind::ArrayTooLong { key, len, max }, Lang::Zh) => {
            format!("{key} 有 {len} 个元素（最多读取 {max} 个）")
        }
        (ErrorKind::TooMany { what, count, max }, Lang::En) => {
            format!("{count} {what} (at most {max} are read)")
        }
        (ErrorKind::TooMany { what, count, max }, Lang::Zh) => {
            let what = if *what == "tensors" {
                "张量"
            } else {
                "元数据键"
            };
            format!("{what}有 {count} 个（最多读取 {max} 个）")
        }
        (ErrorKind::TooManyDims { tensor, dims }, Lang::En) => {
            format!("tensor {tensor} has {dims} dimensions (ggml has at most 4)")
        }
        (ErrorKind::TooManyDims { tensor, dims }, Lang::Zh) => {
            format!("张量 {tensor} 有 {dims} 维（ggml 最多 4 维）")
        }
        (ErrorKind::UnknownTensorType { tensor, type_id }, Lang::En) => {
            format!("tensor {tensor} is of ggml type {type_id}, which ggml does not define")
        }
        (ErrorKind::UnknownTensorType { tensor, type_id }, Lang::Zh) => {
            format!("张量 {tensor} 的 ggml 类型为 {type_id}，ggml 没有这种类型")
        }
        (ErrorKind::BadTensorShape { tensor }, Lang::En) => format!(
            "tensor {tensor}: its rows are not whole blocks of its type, or its size overflows"
        ),
        (ErrorKind::BadTensorShape { tensor }, Lang::Zh) => {
            format!("张量 {tensor}：行长不是其类型块大小的整数倍，或大小溢出")
        }
        // `ErrorKind` is non-exhaustive; every variant today has its words above.
        _ => lang.pick("is not valid", "无效").into(),
    };
    format!("{}: {what}", format_name(e.format))
}

/// One thing an imported model's inputs leave out or assume.
#[must_use]
pub fn import_note(note: &Note, lang: Lang) -> String {
    match (note, lang) {
        (Note::Defaulted { key, value }, Lang::En) => {
            format!("{key} not given: {}, its model type's default", n(*value))
        }
        (Note::Defaulted { key, value }, Lang::Zh) => {
            format!("未给出 {key}：取其模型类型的默认值 {}", n(*value))
        }
        (
            Note::VisionRead {
                layers,
                hidden,
                params,
            },
            Lang::En,
        ) => format!(
            "image encoder read ({} layers, hidden {}, {} with its projector): counted when the scenario has images",
            n(*layers),
            n(*hidden),
            crate::num::fmt_params_b(*params)
        ),
        (
            Note::VisionRead {
                layers,
                hidden,
                params,
            },
            Lang::Zh,
        ) => format!(
            "已读取图像编码器（{} 层，隐藏维度 {}，含投影层 {}）：有图像输入时计入",
            n(*layers),
            n(*hidden),
            crate::num::fmt_params_b(*params)
        ),
        (Note::VisionTower { layers, hidden }, _) => {
            let shape = match (layers, hidden, lang) {
                (Some(l), Some(h), Lang::En) => format!(" ({} layers, hidden {})", n(*l), n(*h)),
                (Some(l), Some(h), Lang::Zh) => format!("（{} 层，隐藏维度 {}）", n(*l), n(*h)),
                _ => String::new(),
            };
            match lang {
                Lang::En => format!(
                    "an image encoder is present{shape}: its weights and cost are not counted"
                ),
                Lang::Zh => format!("含图像编码器{shape}：其权重与计算量未计入"),
            }
        }
        (Note::MlaProjections { kv_lora_rank }, Lang::En) => format!(
            "latent attention (kv_lora_rank {}): the KV cache is the latent, the attention weights are counted as ordinary heads",
            n(*kv_lora_rank)
        ),
        (Note::MlaProjections { kv_lora_rank }, Lang::Zh) => format!(
            "潜在注意力（kv_lora_rank {}）：KV 缓存按潜在向量计，注意力权重按普通多头计",
            n(*kv_lora_rank)
        ),
        (Note::DenseLayers { layers }, Lang::En) => format!(
            "{} layers have a dense feed-forward block: counted as experts",
            n(*layers)
        ),
        (Note::DenseLayers { layers }, Lang::Zh) => {
            format!("有 {} 层是稠密前馈层：按专家层计", n(*layers))
        }
        (Note::SharedExpertWidth { width }, Lang::En) => format!(
            "a shared expert {} wide: counted as the nearest whole number of routed experts",
            fmt_int(*width)
        ),
        (Note::SharedExpertWidth { width }, Lang::Zh) => {
            format!("共享专家宽 {}：按最接近的整数个路由专家计", fmt_int(*width))
        }
        (Note::RecurrentState { layers }, Lang::En) => format!(
            "{} recurrent layers whose state and mixer weights the file does not give: state counted as 0, weights as attention",
            n(*layers)
        ),
        (Note::RecurrentState { layers }, Lang::Zh) => format!(
            "{} 个循环层的状态与混合器权重文件中未给出：状态按 0 计，权重按注意力计",
            n(*layers)
        ),
        (Note::UnknownLayerType { name, layers }, Lang::En) => {
            format!("{} layers of kind \"{name}\": counted as full attention", n(*layers))
        }
        (Note::UnknownLayerType { name, layers }, Lang::Zh) => {
            format!("{} 层类型为 \"{name}\"：按全注意力计", n(*layers))
        }
        (Note::WindowOnEveryLayer { window }, Lang::En) => format!(
            "sliding window of {} tokens with no layer pattern: applied to every layer",
            fmt_int(*window)
        ),
        (Note::WindowOnEveryLayer { window }, Lang::Zh) => format!(
            "滑动窗口 {} 个词元，未给出层模式：按每层都用窗口计",
            fmt_int(*window)
        ),
        (Note::PerLayer { key }, Lang::En) => {
            format!("{key} differs per layer: the largest is used for every layer")
        }
        (Note::PerLayer { key }, Lang::Zh) => format!("{key} 每层不同：按最大值计"),
        (Note::MlpBias, _) => lang
            .pick(
                "feed-forward biases (mlp_bias) are not counted",
                "前馈层偏置（mlp_bias）未计入",
            )
            .into(),
        (Note::NotLlamaLike { model_type }, Lang::En) => format!(
            "model type {model_type}: its feed-forward is counted as two matrices without a gate, its layer-norm biases are not counted"
        ),
        (Note::NotLlamaLike { model_type }, Lang::Zh) => {
            format!("模型类型 {model_type}：前馈层按无门控的两个矩阵计，层归一化偏置未计入")
        }
        // `Note` is non-exhaustive; every variant today has its words above.
        _ => lang.pick("not represented", "未表示").into(),
    }
}

/// [`import_cut_short`] where the file's length is known (the CLI reads a path): the error as said, then
/// the length in bytes.
#[must_use]
pub fn import_cut_short_len(error: &str, len: u64, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{error} (the file has {len} bytes: it is cut short)"),
        Lang::Zh => format!("{error}（文件只有 {len} 字节：不完整）"),
    }
}

/// The model as a scenario file: `# ` comments (what the file is, what is left out, the link), then
/// `key = value` lines.
#[must_use]
#[allow(clippy::too_many_arguments)] // one caller (`edgefit import`); a struct would only rename them
pub fn import_file_text(
    m: &Imported,
    keys: &[(String, String)],
    path: &str,
    hash: &str,
    notes: &[String],
    read_bytes: u64,
    engine_bytes: Option<f64>,
    lang: Lang,
) -> String {
    let mut s = String::new();
    let name = m.name.as_deref().unwrap_or(path);
    let arch = m.architecture.as_deref().unwrap_or("?");
    s.push_str(&format!("# {name} — {arch} ({})\n", format_name(m.format)));
    if let Some(g) = &m.gguf {
        let (tensors, header) = (g.tensors, fmt_int(g.header_bytes as f64));
        let (read, weights) = (fmt_int(read_bytes as f64), fmt_int(g.weight_bytes as f64));
        let (gb, bits) = (fmt_gb(g.weight_bytes as f64), fmt_num(g.bits_per_weight, 4));
        let v = g.version;
        s.push_str(&match lang {
            Lang::En => format!(
                "# GGUF v{v}: {tensors} tensors; header {header} bytes ({read} read); weights {weights} bytes exactly ({gb}), {bits} bits per weight\n"
            ),
            Lang::Zh => format!(
                "# GGUF v{v}：{tensors} 个张量；文件头 {header} 字节（读取 {read} 字节）；权重恰为 {weights} 字节（{gb}），每权重 {bits} 位\n"
            ),
        });
        for t in &g.by_type {
            s.push_str(&format!(
                "#   {:<8} {:>5} × {:>12} ({:.4} bits)\n",
                t.ggml_type.name,
                t.tensors,
                fmt_gb(t.bytes as f64),
                t.ggml_type.bits()
            ));
        }
        if let Some(e) = engine_bytes {
            s.push_str(&match lang {
                Lang::En => format!(
                    "# the engine counts {} of weights from these keys ({:+.2} % of the file)\n",
                    fmt_gb(e),
                    (e / g.weight_bytes as f64 - 1.0) * 100.0
                ),
                Lang::Zh => format!(
                    "# 引擎按这些参数计得权重 {}（与文件相差 {:+.2}%）\n",
                    fmt_gb(e),
                    (e / g.weight_bytes as f64 - 1.0) * 100.0
                ),
            });
        }
    }
    if let Some(c) = m.max_context {
        s.push_str(&match lang {
            Lang::En => format!("# trained context: {} tokens\n", fmt_int(c)),
            Lang::Zh => format!("# 训练上下文：{} 个词元\n", fmt_int(c)),
        });
    }
    if !notes.is_empty() {
        s.push_str(lang.pick(
            "# not represented or assumed:\n",
            "# 未表示或按默认值处理：\n",
        ));
        for n in notes {
            s.push_str(&format!("#   - {n}\n"));
        }
    }
    for (k, v) in keys {
        s.push_str(&format!("{k} = {v}\n"));
    }
    s.push_str(&match lang {
        Lang::En => format!("# link: #{hash}\n"),
        Lang::Zh => format!("# 分享链接：#{hash}\n"),
    });
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::import;

    #[test]
    fn errors_name_the_file_kind_and_the_key() {
        let e = import::read(br#"{"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": "8"}"#)
            .unwrap_err();
        assert_eq!(
            import_error(&e, Lang::En),
            "config.json: num_key_value_heads is not a number"
        );
        assert_eq!(
            import_error(&e, Lang::Zh),
            "config.json: num_key_value_heads 不是数字"
        );
        let e = import::read(b"GGUF\x03\0\0\0").unwrap_err();
        assert_eq!(
            import_error(&e, Lang::En),
            "GGUF: need more bytes: at least 16"
        );
        let e = import::read(br#"{"num_hidden_layers": 0}"#).unwrap_err();
        assert_eq!(
            import_error(&e, Lang::En),
            "config.json: num_hidden_layers = 0: Layers must be at least 1"
        );
    }

    #[test]
    fn every_note_has_words_in_both_languages() {
        let notes = [
            Note::Defaulted {
                key: "head_dim",
                value: 256.0,
            },
            Note::VisionTower {
                layers: Some(27.0),
                hidden: Some(1152.0),
            },
            Note::VisionTower {
                layers: None,
                hidden: None,
            },
            Note::MlaProjections {
                kv_lora_rank: 512.0,
            },
            Note::DenseLayers { layers: 1.0 },
            Note::SharedExpertWidth { width: 5000.0 },
            Note::RecurrentState { layers: 3.0 },
            Note::UnknownLayerType {
                name: "x".into(),
                layers: 2.0,
            },
            Note::WindowOnEveryLayer { window: 4096.0 },
            Note::PerLayer { key: "k".into() },
            Note::MlpBias,
            Note::NotLlamaLike {
                model_type: "gpt2".into(),
            },
        ];
        for note in &notes {
            for lang in crate::ALL_LANGS {
                let s = import_note(note, lang);
                assert!(
                    !s.is_empty() && s != "not represented" && s != "未表示",
                    "{note:?}"
                );
            }
        }
    }
}
