//! Short words for what a product owner asks (#25: power modes, speculative decoding, energy per answer,
//! streams, the best model) and for importing a model (#24), as labels the page shows next to its numbers
//! and controls; and the best-model ranking's cells, which the Markdown table shares.

use edgefit_core::best::{Best, Candidate, Known};

use crate::num::fmt_num;
use crate::Lang;

/// The terms: each variant with its English and Chinese words, one row a term ([`Term`], [`ALL_TERMS`] and
/// [`term`] come from this one list).
macro_rules! terms {
    ($( $id:ident => ($en:expr, $zh:expr $(,)?), )*) => {
        /// A label, a column heading or a short phrase.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[non_exhaustive]
        #[allow(missing_docs)] // each variant names its words
        pub enum Term {
            $( $id, )*
        }

        /// Every term, in the order of their definitions.
        pub const ALL_TERMS: &[Term] = &[ $( Term::$id, )* ];

        /// The words of a [`Term`].
        #[must_use]
        pub fn term(t: Term, lang: Lang) -> &'static str {
            let (en, zh) = match t {
                $( Term::$id => ($en, $zh), )*
            };
            lang.pick(en, zh)
        }
    };
}

terms! {
    PowerMode => ("Power mode", "功耗模式"),
    Failing => ("Failing:", "不通过："),
    NoSingleFix => (
        "No single change fixes it; see `edgefit solve`.",
        "没有单项改动能修复；请看 solve 的结果。",
    ),
    MovesBinding => ("What moves the binding constraint most —", "对瓶颈约束影响最大的输入 —"),
    FromPowerMode => (
        "From the power mode's published clocks and budget:",
        "取自该功耗模式公布的频率与功耗预算：",
    ),
    PresetFigures => ("the preset's own figures", "预设自身数值"),
    Uncapped => ("uncapped", "不限功耗"),
    Draft => ("Draft model (speculative decoding)", "草稿模型（投机解码）"),
    NoDraft => ("none", "不使用"),
    EnergyPerAnswer => ("Energy per answer", "每次回答能耗"),
    AnswerTime => ("Time per answer", "每次回答用时"),
    AnswersPerCharge => ("Answers per charge", "一次充电可回答"),
    HoursPerCharge => ("Continuous use per charge", "一次充电连续使用"),
    SpecDecodeTps => ("Decode speed with the draft", "投机解码速度"),
    SpecSpeedup => ("Speed-up from the draft", "草稿加速比"),
    Pays => ("it pays", "值得"),
    DoesNotPay => ("it does not pay", "不值得"),
    KvPerStream => ("KV cache per stream", "每路 KV 缓存"),
    TpotPerStream => ("TPOT per stream at full context", "满上下文每路 TPOT"),
    AggregateTps => ("All streams together", "各路合计"),
    MaxStreams => ("Most streams within the targets", "目标内最多路数"),
    OneMoreBreaks => ("one more breaks", "再多一路突破"),
    NoneFits => ("not one: it breaks", "一路也不行：突破"),
    OrMore => ("or more", "或更多"),
    BestTitle => (
        "Best model that meets every target",
        "满足全部目标的最佳模型",
    ),
    BestModel => ("Model", "模型"),
    BestFormat => ("Format", "格式"),
    BestQuality => ("Quality", "质量"),
    BestBinding => ("Binding", "限制因素"),
    BestNone => (
        "No model preset meets every target on this device in any format.",
        "在该设备上，没有任何模型预设在任何格式下满足全部目标。",
    ),
    ImportTitle => (
        "Import a model: config.json or GGUF (read here, nothing is uploaded)",
        "导入模型：config.json 或 GGUF（仅在本地读取，不上传）",
    ),
    ImportPaste => ("Paste a config.json", "粘贴 config.json"),
    ImportRead => ("Read the pasted config", "读取粘贴的配置"),
    ImportFile => (
        "Choose or drop a config.json or .gguf file (only a GGUF's header is read)",
        "选择或拖入 config.json 或 .gguf 文件（GGUF 只读取文件头）",
    ),
    ImportDone => ("Model fields filled from", "已按此填写模型字段："),
    ImportLeftOut => ("Not represented or assumed:", "未表示或按默认值处理："),
    ImportKept => ("Nothing on the form was changed.", "表单未作任何更改。"),
    ImportUnreadable => (
        "the browser could not read the file",
        "浏览器无法读取该文件",
    ),
    ImportCutShort => (
        "the file ends before its header does",
        "文件在文件头结束之前就已结束",
    ),
}

/// How the best-model ranking is ranked: the benchmark, and how many model × format pairs meet every target.
#[must_use]
pub fn best_basis(best: &Best, lang: Lang) -> String {
    lang.pick(
        format!(
            "Ranked by {}: the model's published score at 16 bits minus the format's published loss. Each model's best format; {} model × format pairs meet every target (the JSON lists them all).",
            best.benchmark,
            best.candidates.len()
        ),
        format!(
            "按 {} 排序：模型公布的 16 位得分减去该格式公布的精度损失。每个模型取其最佳格式；共有 {} 个“模型 × 格式”组合满足全部目标（JSON 中列出全部）。",
            best.benchmark,
            best.candidates.len()
        ),
    )
}

/// A candidate's quality cell: the score and what it is made of, the model's 16-bit score where the
/// format's loss is not published (with llama.cpp's perplexity increase), or "unknown".
#[must_use]
pub fn best_quality(c: &Candidate, lang: Lang) -> String {
    match (c.known, c.quality, c.model_score, c.format_loss) {
        // Scores are published to 0.01 points: four significant digits keep them. A format that scored
        // above 16 bits (a negative loss, as published) reads as an addition.
        (Known::Quality, Some(q), Some(s), Some(l)) if l != 0.0 => {
            let (op, l) = if l < 0.0 { ('+', -l) } else { ('−', l) };
            format!(
                "{} ({} {op} {})",
                fmt_num(q, 4),
                fmt_num(s, 4),
                fmt_num(l, 3)
            )
        }
        (Known::Quality, Some(q), _, _) => fmt_num(q, 4),
        (Known::ModelOnly, _, Some(s), _) => {
            let ppl = c.ppl_delta.map(|p| {
                lang.pick(
                    format!("; +{} perplexity on Llama-3-8B", fmt_num(p, 3)),
                    format!("；Llama-3-8B 上困惑度 +{}", fmt_num(p, 3)),
                )
            });
            lang.pick(
                format!(
                    "{} at 16 bits (format loss not published{})",
                    fmt_num(s, 4),
                    ppl.clone().unwrap_or_default()
                ),
                format!(
                    "16 位时 {}（该格式损失未公布{}）",
                    fmt_num(s, 4),
                    ppl.unwrap_or_default()
                ),
            )
        }
        _ => lang.pick("unknown", "未知").into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_term_has_words_in_both_languages() {
        for &t in ALL_TERMS {
            let (en, zh) = (term(t, Lang::En), term(t, Lang::Zh));
            assert!(!en.is_empty() && !zh.is_empty() && en != zh, "{t:?}");
        }
    }
}
