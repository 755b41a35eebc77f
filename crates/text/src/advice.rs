//! Words for decision support: a change to try, its effect, and a tornado row.

use edgefit_core::advice::{Advice, Change, Difference, Sensitivity};
use edgefit_core::Constraint;

use crate::{
    constraint_label, field_label, fmt_gb, fmt_ms, fmt_num, fmt_params_b, fmt_pct, fmt_tops,
    fmt_watts, verdict_label, Lang,
};

/// A constraint's figure (see [`edgefit_core::advice::figure`]) with its unit.
#[must_use]
pub fn figure_text(c: Constraint, x: f64) -> String {
    match c {
        Constraint::Tpot | Constraint::Ttft => fmt_ms(x),
        Constraint::Memory | Constraint::Storage => fmt_gb(x),
        Constraint::Bandwidth => format!("{} GB/s", fmt_num(x / 1e9, 3)),
        Constraint::Compute => fmt_tops(x),
        Constraint::Power => fmt_watts(x),
        Constraint::Thermal => format!("{} tok/s", fmt_num(x, 3)),
        Constraint::Framework => fmt_pct(x),
    }
}

/// What a change does, as an imperative ("Quantize the KV cache to INT8").
#[must_use]
pub fn change_text(c: &Change, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match *c {
        Change::KvBits { bits } => {
            let name = if bits <= 4.0 { "INT4" } else { "INT8" };
            let _ = bits;
            if zh {
                format!("KV 缓存量化为 {name}")
            } else {
                format!("Quantize the KV cache to {name}")
            }
        }
        Change::NoTokenOverhead => {
            if zh {
                "关闭逐 token 的日志与调试输出".into()
            } else {
                "Turn off per-token logging and debug output".into()
            }
        }
        Change::CapContext { tokens } => {
            let t = fmt_num(tokens, 6);
            if zh {
                format!("上下文上限设为 {t} token")
            } else {
                format!("Cap the context at {t} tokens")
            }
        }
        Change::CapPrompt { tokens } => {
            let t = fmt_num(tokens, 6);
            if zh {
                format!("提示词控制在 {t} token 以内（或缓存系统提示词）")
            } else {
                format!("Keep the prompt within {t} tokens (or cache the system prompt)")
            }
        }
        Change::Int8Activations => {
            if zh {
                "激活用 INT8（W4A8 代替 W4A16），用 INT8 峰值".into()
            } else {
                "Use INT8 activations (W4A8 instead of W4A16) for the INT8 peak".into()
            }
        }
        Change::WeightBits { bits } => {
            let b = fmt_num(bits, 3);
            if zh {
                format!("权重量化到 {b} bit")
            } else {
                format!("Quantize the weights to {b} bits")
            }
        }
        Change::Gqa { kv_heads } => {
            let k = fmt_num(kv_heads, 4);
            if zh {
                format!("换用同规模的 GQA 模型（{k} 个 KV 头）")
            } else {
                format!("A grouped-query-attention model of the same size ({k} KV heads)")
            }
        }
        Change::SmallerModel { params_b } => {
            let p = fmt_params_b(params_b * 1e9);
            if zh {
                format!("换用更小的模型：{p} 参数")
            } else {
                format!("A smaller model: {p} parameters")
            }
        }
        Change::PresetModel { id } => {
            let name = crate::preset_name(
                edgefit_core::presets::model(id).map_or(id, |m| m.name),
                lang,
            );
            if zh {
                format!("换用同规模的公开模型：{name}")
            } else {
                format!("A published model of about the same size: {name}")
            }
        }
        Change::BatchOne => {
            if zh {
                "一次只解码一个序列".into()
            } else {
                "Decode one sequence at a time".into()
            }
        }
        Change::FullCoverage => {
            if zh {
                "让全部算子在加速器上运行（替换不支持的算子）".into()
            } else {
                "Run every operator on the accelerator (replace the unsupported ones)".into()
            }
        }
        Change::WarmStart => {
            if zh {
                "模型常驻内存，不在每次请求时加载".into()
            } else {
                "Keep the model resident instead of loading it per request".into()
            }
        }
        Change::FewerStreams { streams } => {
            let n = crate::fmt_int(streams);
            if zh {
                format!("同时服务的路数减到 {n}")
            } else {
                format!("Serve {n} streams at once instead")
            }
        }
        Change::PowerMode { device, id } => {
            let name =
                edgefit_core::presets::power_modes::power_mode(device, id).map_or(id, |m| m.name);
            if zh {
                format!("切换到功耗模式 {name}")
            } else {
                format!("Switch to the {name} power mode")
            }
        }
        Change::Draft { id } => {
            let name = crate::preset_name(
                edgefit_core::presets::model(id).map_or(id, |m| m.name),
                lang,
            );
            if zh {
                format!("用 {name} 作草稿模型做投机解码")
            } else {
                format!("Speculative decoding with {name} as the draft model")
            }
        }
        _ => {
            if zh {
                "其他改动".into()
            } else {
                "Another change".into()
            }
        }
    }
}

/// One line of advice: the change, its effect on its target, and what it fixes.
#[must_use]
pub fn advice_text(a: &Advice, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let target = constraint_label(a.target, lang);
    let effect = format!(
        "{} {} → {}",
        target,
        figure_text(a.target, a.before),
        figure_text(a.target, a.after)
    );
    let fixes: Vec<&str> = a.fixes.iter().map(|&c| constraint_label(c, lang)).collect();
    let mut s = format!("{}: {}", change_text(&a.change, lang), effect);
    if !fixes.is_empty() {
        if zh {
            s.push_str(&format!("；修复：{}", fixes.join("、")));
        } else {
            s.push_str(&format!("; fixes {}", fixes.join(", ")));
        }
    }
    if !a.breaks.is_empty() {
        let br: Vec<&str> = a
            .breaks
            .iter()
            .map(|&c| constraint_label(c, lang))
            .collect();
        if zh {
            s.push_str(&format!("；但会使 {} 不通过", br.join("、")));
        } else {
            s.push_str(&format!("; but breaks {}", br.join(", ")));
        }
    }
    if a.all_met {
        s.push_str(if zh {
            "（全部通过）"
        } else {
            " (everything passes)"
        });
    }
    s
}

/// One tornado row: the input and the headroom it gives at −step and +step.
#[must_use]
pub fn sensitivity_text(s: &Sensitivity, step: f64, lang: Lang) -> String {
    let pct = fmt_num(step * 100.0, 3);
    format!(
        "{} (±{pct}%): {} … {}",
        field_label(s.field, lang),
        fmt_pct(s.low),
        fmt_pct(s.high)
    )
}

/// One row of a comparison.
#[must_use]
pub fn difference_text(d: &Difference, lang: Lang) -> String {
    format!(
        "{}: {} {} → {} {}",
        constraint_label(d.constraint, lang),
        verdict_label(d.a, lang),
        figure_text(d.constraint, d.a_figure),
        verdict_label(d.b, lang),
        figure_text(d.constraint, d.b_figure)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::advice::advise;
    use edgefit_core::{run, Inputs};

    #[test]
    fn seed_advice_reads_in_both_languages() {
        let i = Inputs::default();
        let (_, e) = run(&i).unwrap();
        let a = advise(&i, &e);
        let en: Vec<String> = a.iter().map(|x| advice_text(x, Lang::En)).collect();
        let zh: Vec<String> = a.iter().map(|x| advice_text(x, Lang::Zh)).collect();
        assert!(
            en.iter().any(|s| s.contains("KV cache to INT8")
                && s.contains("85.8 ms")
                && s.contains("67.9 ms")),
            "{en:?}"
        );
        assert!(zh.iter().any(|s| s.contains("KV 缓存")), "{zh:?}");
    }
}
