//! The Markdown report and the solve table.

use std::fmt::Write as _;

use edgefit_core::best::Best;
use edgefit_core::framework::Support;
use edgefit_core::model::Model;
use edgefit_core::presets;
use edgefit_core::solve::{DeviceNeeds, Solve};
use edgefit_core::{codec, Constraint, Evaluation, Inputs, Scenarios, Verdict, ALL_CONSTRAINTS};

use crate::labels::{constraint_label, verdict_label};
use crate::num::{
    fmt_band, fmt_gb, fmt_int, fmt_ms, fmt_num, fmt_params_b, fmt_pct, fmt_sig, with_unit,
};
use crate::steps::step_texts;
use crate::Lang;

/// The one figure that explains a constraint's verdict, with its limit (`"85.8 ms of 50 ms"`,
/// `"3.5–4.5 W of 4.0 W"`). Ranged inputs show as bands.
#[must_use]
pub fn key_figure(c: Constraint, s: &Scenarios, e: &Evaluation, lang: Lang) -> String {
    let r = &e.expected;
    let of = lang.pick("of", "/");
    let band =
        |f: &dyn Fn(&edgefit_core::Report) -> f64, fmt: &dyn Fn(f64) -> String, unit: &str| {
            let (lo, hi) = e.band(f);
            fmt_band(lo, hi, fmt, unit)
        };
    let llm = matches!(s.expected.model, Model::Llm(_));
    match c {
        Constraint::Compute => {
            let need = with_unit(&fmt_num(r.compute.needed.0 / 1e9, 3), "GFLOPS");
            let eff = band(
                &|r| r.compute.effective.0 / 1e12,
                &|x| fmt_num(x, 3),
                "TOPS",
            );
            format!("{} {need} {of} {eff}", lang.pick("need", "需"))
        }
        Constraint::Memory => {
            let t = band(&|r| r.memory.total.0 / 1e9, &|x| fmt_num(x, 3), "GB");
            format!("{t} {of} {}", fmt_gb(r.memory.usable.0))
        }
        Constraint::Bandwidth => {
            let need = with_unit(&fmt_num(r.bandwidth.needed.0 / 1e9, 3), "GB/s");
            let eff = with_unit(&fmt_num(r.bandwidth.effective.0 / 1e9, 3), "GB/s");
            format!("{} {need} {of} {eff}", lang.pick("need", "需"))
        }
        Constraint::Tpot if llm => {
            let t = band(&|r| r.tpot.full.0 * 1e3, &|x| fmt_num(x, 3), "ms");
            lang.pick(
                format!("{t} (target {})", fmt_ms(r.tpot.target.0)),
                format!("{t}（目标 {}）", fmt_ms(r.tpot.target.0)),
            )
        }
        Constraint::Ttft => {
            let t = band(&|r| r.ttft.ttft.0 * 1e3, &|x| fmt_num(x, 3), "ms");
            lang.pick(
                format!("{t} (target {})", fmt_ms(r.ttft.target.0)),
                format!("{t}（目标 {}）", fmt_ms(r.ttft.target.0)),
            )
        }
        Constraint::Power => {
            let t = band(&|r| r.power.total.0, &|x| fmt_sig(x, 2), "W");
            format!("{t} {of} {}", crate::fmt_watts(r.power.budget.0))
        }
        Constraint::Thermal => {
            let hot = [&e.high, r, &e.low]
                .into_iter()
                .find_map(|r| r.thermal.time_to_throttle.map(|t| (r, t)));
            match hot {
                Some((h, t)) => {
                    let w = crate::fmt_watts(h.power.total.0);
                    let secs = fmt_num(t.0, 2);
                    lang.pick(
                        format!("throttles after ≈{secs} s at {w}"),
                        format!("{w} 时约 {secs} s 后降频"),
                    )
                }
                None => {
                    let tj = band(&|r| r.thermal.steady_tj_c, &|x| fmt_num(x, 3), "°C");
                    let lim = fmt_num(s.expected.device.tj_max_c, 3);
                    lang.pick(
                        format!("settles at {tj} (limit {lim} °C)"),
                        format!("稳定在 {tj}（上限 {lim} °C）"),
                    )
                }
            }
        }
        Constraint::Storage => {
            format!(
                "{} {of} {}",
                fmt_gb(r.storage.file.0),
                fmt_gb(r.storage.free.0)
            )
        }
        Constraint::Framework => {
            let status = match &r.framework.support {
                Support::Supported => lang.pick("supported", "支持"),
                Support::Fallback { .. } => lang.pick("CPU fallback", "部分回退 CPU"),
                Support::Unsupported { .. } => lang.pick("not supported", "不支持"),
            };
            format!("{}{}{status}", r.framework.framework, lang.pick(": ", "："))
        }
        Constraint::Tpot => "—".into(),
    }
}

/// What a report judges, in one line: device, model, quantization, framework and the unit it runs on,
/// context ("Apple M4 · Qwen3-8B · GGUF Q4_K_M · llama.cpp (GGUF) on GPU · 2,048-token context"). Names
/// come from the presets the scenario picked; a part typed by hand says so.
#[must_use]
pub fn judged_line(inputs: &Inputs, s: &Scenarios, lang: Lang) -> String {
    use edgefit_core::presets;
    let custom = lang.pick("custom", "自定义");
    let device = inputs
        .device
        .as_deref()
        .and_then(presets::device)
        .map_or_else(
            || lang.pick("custom device", "自定义设备").to_string(),
            |p| crate::preset_name(p.name, lang),
        );
    let model = inputs
        .model
        .as_deref()
        .and_then(presets::model)
        .map_or_else(
            || {
                let n = fmt_params_b(s.expected.model.total_params());
                format!("{custom} {n}")
            },
            |p| crate::preset_name(p.name, lang),
        );
    let quant = inputs
        .quant
        .as_deref()
        .and_then(presets::quant)
        .map_or_else(
            || {
                let bits = fmt_num(s.expected.quant.weight_bits, 3);
                lang.pick(format!("{bits}-bit weights"), format!("{bits} 位权重"))
            },
            |p| crate::preset_name(p.name, lang),
        );
    let fw = crate::preset_name(s.expected.framework.name, lang);
    let unit = crate::backend_label(inputs.backend, lang);
    let ctx = crate::fmt_int(s.expected.targets.context);
    lang.pick(
        format!("{device} · {model} · {quant} · {fw} on {unit} · {ctx}-token context"),
        format!("{device} · {model} · {quant} · {fw}（{unit}）· 上下文 {ctx} token"),
    )
}

/// The decode and prefill speeds with their bands, one line.
fn speed_line(e: &Evaluation, lang: Lang) -> Option<String> {
    let r = &e.expected;
    let d = r.speed.decode_tps?;
    let p = r.speed.prefill_tps?;
    let band = |f: fn(&edgefit_core::Report) -> Option<f64>| {
        let (lo, hi) = e.band(|r| f(r).unwrap_or(f64::NAN));
        (hi - lo > 1e-9 * hi.abs()).then(|| format!(" ({}–{})", fmt_num(lo, 3), fmt_num(hi, 3)))
    };
    let db = band(|r| r.speed.decode_tps).unwrap_or_default();
    let pb = band(|r| r.speed.prefill_tps).unwrap_or_default();
    let (d, p) = (fmt_num(d, 3), fmt_num(p, 3));
    Some(lang.pick(
        format!("- Speed: decode {d} tokens/s{db}, prefill {p} tokens/s{pb}\n"),
        format!("- 速度：解码 {d} token/s{db}，预填充 {p} token/s{pb}\n"),
    ))
}

/// One answer's energy and, on a battery, answers per charge, one line (#25).
fn energy_line(e: &Evaluation, lang: Lang) -> String {
    let en = &e.expected.energy;
    let j = with_unit(&fmt_num(en.per_answer.0, 3), "J");
    let charge = match en.answers_per_charge {
        Some(n) => lang.pick(
            format!("; {} per charge", fmt_int(n.floor())),
            format!("；一次充电 {} 次", fmt_int(n.floor())),
        ),
        None => String::new(),
    };
    lang.pick(
        format!("- Energy: {j} per answer{charge}\n"),
        format!("- 能耗：每次回答 {j}{charge}\n"),
    )
}

/// Where the values the user did not type come from, one line per kind of origin (a device preset's
/// completion): estimates of its kind, a unit's class peak, fitted groups, the prior.
fn origins_lines(inputs: &Inputs, lang: Lang) -> String {
    use edgefit_core::presets::complete::{origins, Origin};
    use edgefit_core::presets::DeviceKind;
    // Only fields that hold a value (an unknown battery is no estimate).
    let all: Vec<_> = origins(inputs)
        .into_iter()
        .filter(|(f, _)| inputs.get(*f).is_some())
        .collect();
    let names = |keep: &dyn Fn(&Origin) -> bool| -> Vec<&'static str> {
        all.iter()
            .filter(|(_, o)| keep(o))
            .map(|(f, _)| crate::field_label(*f, lang))
            .collect()
    };
    let sep = lang.pick(", ", "、");
    let mut out = String::new();
    let class = all.iter().find_map(|(_, o)| match o {
        Origin::ClassDefault { kind } => Some(*kind),
        _ => None,
    });
    if let Some(kind) = class {
        let k = match (kind, lang) {
            (DeviceKind::Phone, Lang::En) => "phones",
            (DeviceKind::Laptop, Lang::En) => "laptops",
            (DeviceKind::Sbc, Lang::En) => "single-board computers",
            (DeviceKind::Accelerator, Lang::En) => "accelerator modules",
            (DeviceKind::Desktop, Lang::En) => "desktop workstations",
            (DeviceKind::Phone, Lang::Zh) => "手机",
            (DeviceKind::Laptop, Lang::Zh) => "笔记本",
            (DeviceKind::Sbc, Lang::Zh) => "单板计算机",
            (DeviceKind::Accelerator, Lang::Zh) => "加速模组",
            (DeviceKind::Desktop, Lang::Zh) => "桌面工作站",
            _ => "",
        };
        let n = names(&|o| matches!(o, Origin::ClassDefault { .. })).join(sep);
        if !k.is_empty() {
            out.push_str(&lang.pick(
                format!(
                    "- Estimates (not published for this device; the usual value for {k}): {n}\n"
                ),
                format!("- 估计值（该设备未公布，取{k}常用值）：{n}\n"),
            ));
        }
    }
    let unit = names(&|o| matches!(o, Origin::UnitDefault { .. }));
    if !unit.is_empty() {
        let n = unit.join(sep);
        out.push_str(&lang.pick(
            format!("- Estimated from the unit's class (the preset gives no figure for this unit): {n}\n"),
            format!("- 按该计算单元同类设备估计（预设未给出该单元数值）：{n}\n"),
        ));
    }
    for (_, o) in &all {
        if let Origin::Fitted {
            backend,
            runtime,
            hw,
            rows,
        } = o
        {
            let n = names(&|x| x == o).join(sep);
            let group = format!(
                "{}{}{}",
                crate::backend_label(*backend, lang),
                runtime
                    .map(|r| format!(", {}", r.code()))
                    .unwrap_or_default(),
                hw.map(|h| format!(", {}", h.code())).unwrap_or_default()
            );
            let line = lang.pick(
                format!("- Fitted on {rows} published measurements ({group}): {n}\n"),
                format!("- 基于 {rows} 条公开实测拟合（{group}）：{n}\n"),
            );
            if !out.contains(&line) {
                out.push_str(&line);
            }
        }
    }
    for (_, o) in &all {
        if let Origin::FittedAll { rows, sources } = o {
            let n = names(&|x| x == o).join(sep);
            let line = lang.pick(
                format!("- Fitted on {rows} published measurements from {sources} sources, one value for every device (each source left out): {n}\n"),
                format!("- 基于 {sources} 个来源的 {rows} 条公开实测拟合，所有设备共用一个值（逐一留出来源检验）：{n}\n"),
            );
            if !out.contains(&line) {
                out.push_str(&line);
            }
        }
    }
    for (_, o) in &all {
        if let Origin::PowerMode { mode } = o {
            let n = names(&|x| x == o).join(sep);
            let line = lang.pick(
                format!("- From the device's power mode `{mode}` (its published clocks and budget): {n}\n"),
                format!("- 取自设备功耗模式 `{mode}`（其公布的频率与功耗预算）：{n}\n"),
            );
            if !out.contains(&line) {
                out.push_str(&line);
            }
        }
    }
    let prior = names(&|o| matches!(o, Origin::Prior { .. }));
    if !prior.is_empty() {
        let n = prior.join(sep);
        out.push_str(&lang.pick(
            format!(
                "- Not fitted for this device class and runtime (a prior, with a wide band): {n}\n"
            ),
            format!("- 未针对该类设备与框架拟合（先验值，区间较宽）：{n}\n"),
        ));
    }
    out
}

/// One line on the scenario: device, model, targets.
fn summary(s: &Scenarios, lang: Lang) -> String {
    let sc = &s.expected;
    let d = &sc.device;
    let int8 = fmt_num(d.peak_int8.0 / 1e12, 3);
    let mem = fmt_gb(d.memory.0);
    let bw = fmt_num(d.bandwidth.0 / 1e9, 3);
    let sus = crate::fmt_watts(d.sustained.0);
    let tj = fmt_num(d.tj_max_c, 3);
    let free = fmt_gb(d.storage_free.0);
    let n = fmt_params_b(sc.model.total_params());
    let bits = fmt_num(sc.quant.weight_bits, 3);
    let unit = crate::backend_label(sc.backend, lang);
    let device = lang.pick(
        format!("{unit} {int8} TOPS INT8, {mem} memory, {bw} GB/s, {sus} sustained, {tj} °C junction limit, {free} free storage"),
        format!("{unit} {int8} TOPS INT8、内存 {mem}、带宽 {bw} GB/s、持续功耗 {sus}、结温上限 {tj} °C、可用存储 {free}"),
    );
    let t = &sc.targets;
    let (model, targets) = match &sc.model {
        Model::Llm(_) => {
            let ttft = fmt_ms(t.ttft.0);
            let tpot = fmt_ms(t.tpot.0);
            let ctx = crate::fmt_int(t.context);
            (
                lang.pick(
                    format!("{n} parameters, {bits}-bit weights"),
                    format!("{n} 参数、{bits} 位权重"),
                ),
                lang.pick(
                    format!("TTFT < {ttft}, TPOT < {tpot}, {ctx} context"),
                    format!("TTFT < {ttft}、TPOT < {tpot}、上下文 {ctx}"),
                ),
            )
        }
        Model::OneShot(m) => {
            let ops = fmt_num(m.ops.0 / 1e9, 3);
            let fps = fmt_num(m.fps, 3);
            let lat = fmt_ms(t.ttft.0);
            (
                lang.pick(
                    format!(
                        "one-shot, {n} parameters, {ops} GOP per inference, {bits}-bit weights"
                    ),
                    format!("单次推理模型、{n} 参数、每次 {ops} GOP、{bits} 位权重"),
                ),
                lang.pick(
                    format!("{fps} fps, latency < {lat}"),
                    format!("{fps} 帧/秒、时延 < {lat}"),
                ),
            )
        }
    };
    lang.pick(
        format!("- Device: {device}\n- Model: {model}\n- Targets: {targets}\n"),
        format!("- 设备：{device}\n- 模型：{model}\n- 目标：{targets}\n"),
    )
}

/// The whole report as Markdown: title, the scenario, a verdict table (constraint | verdict | headroom |
/// key figure), the binding constraint, the numbered steps with the seed notes, and the share hash.
#[must_use]
pub fn markdown_report(inputs: &Inputs, s: &Scenarios, e: &Evaluation, lang: Lang) -> String {
    let mut out = String::new();
    let r = &e.expected;
    out.push_str(lang.pick("# edgefit report\n\n", "# edgefit 端侧约束核算报告\n\n"));
    out.push_str(&lang.pick(
        format!("**{}**\n\n", judged_line(inputs, s, lang)),
        format!("**{}**\n\n", judged_line(inputs, s, lang)),
    ));
    out.push_str(&summary(s, lang));
    if let Some(l) = speed_line(e, lang) {
        out.push_str(&l);
    }
    out.push_str(&energy_line(e, lang));
    out.push_str(&origins_lines(inputs, lang));
    if inputs.has_ranges() {
        out.push_str(lang.pick(
            "\nInputs given as ranges show as bands (low–high); a verdict that differs across a range is a warning.\n",
            "\n以区间给出的输入显示为区间结果（低–高）；区间内结论不一致时判为警告。\n",
        ));
    }
    out.push_str(lang.pick("\n## Verdicts\n\n", "\n## 结论一览\n\n"));
    out.push_str(lang.pick(
        "| Constraint | Verdict | Headroom | Key figure |\n|---|---|---:|---|\n",
        "| 约束 | 结论 | 余量 | 关键数字 |\n|---|---|---:|---|\n",
    ));
    for c in ALL_CONSTRAINTS {
        let v = e.verdict(c);
        let h = r.headroom(c).map_or_else(|| "—".to_string(), fmt_pct);
        let fig = if v == edgefit_core::Verdict::NotApplicable {
            "—".to_string()
        } else {
            key_figure(c, s, e, lang)
        };
        let _ = writeln!(
            out,
            "| {} | {} | {h} | {fig} |",
            constraint_label(c, lang),
            verdict_label(v, lang)
        );
    }
    let b = r.binding();
    let bl = constraint_label(b, lang);
    let bh = r.headroom(b).map(fmt_pct).unwrap_or_default();
    let uncertain = ALL_CONSTRAINTS
        .iter()
        .any(|&c| e.verdict(c) == Verdict::Warn);
    let all = if e.all_met() && uncertain {
        lang.pick(
            "no constraint fails for certain, but some are uncertain",
            "没有确定不通过的约束，但有约束不确定",
        )
    } else if e.all_met() {
        lang.pick("every constraint is met", "所有约束均满足")
    } else {
        lang.pick("at least one constraint fails", "至少一项约束不通过")
    };
    let _ = write!(
        out,
        "{}",
        lang.pick(
            format!("\n**Binding constraint: {bl}** ({bh} headroom); {all}.\n"),
            format!("\n**最紧约束：{bl}**（余量 {bh}）；{all}。\n"),
        )
    );
    out.push_str(lang.pick("\n## Step by step\n", "\n## 逐步核算\n"));
    for (i, st) in step_texts(s, e, lang).iter().enumerate() {
        let v = verdict_label(st.verdict, lang);
        let _ = write!(out, "\n### {}. {} — {v}\n\n", i + 1, st.title);
        for p in &st.body {
            let _ = write!(out, "{p}\n\n");
        }
        if let Some(n) = &st.seed_note {
            let head = lang.pick(
                "Where the worked example's reasoning misleads:",
                "原文推理的疏漏：",
            );
            let _ = write!(out, "> **{head}** {n}\n\n");
        }
    }
    let hash = codec::encode(inputs, &[]);
    out.push_str(lang.pick("## Share\n\n", "## 分享\n\n"));
    let _ = writeln!(
        out,
        "{}`#{hash}`",
        lang.pick("Scenario link hash: ", "场景链接：")
    );
    out
}

/// The reverse solve as Markdown: one row per quantization scheme (name, bits per weight, largest model,
/// what stops a larger one), then what the device would need for the current model.
#[must_use]
pub fn solve_table(sol: &Solve, lang: Lang) -> String {
    let mut out = String::new();
    out.push_str(lang.pick(
        "| Scheme | Bits/weight | Max params (B) | Binding |\n|---|---:|---:|---|\n",
        "| 量化方案 | 每权重位数 | 最大参数量 (B) | 限制因素 |\n|---|---:|---:|---|\n",
    ));
    for row in &sol.schemes {
        let name = crate::preset_name(row.scheme.name, lang);
        let bits = fmt_num(row.bits_per_weight, 4);
        let n = if row.max_params > 0.0 {
            fmt_sig(row.max_params / 1e9, 3)
        } else {
            "—".into()
        };
        let binding = constraint_label(row.binding, lang);
        let _ = writeln!(out, "| {name} | {bits} | {n} | {binding} |");
    }
    let _ = write!(out, "\n{}\n", device_needs_text(&sol.needs, lang));
    out
}

/// The best model that meets every target (`solve`'s `best`), as Markdown: each model's best format in rank
/// order with its quality (the model's published score minus the format's published loss), what binds it,
/// and the sources once at the end. A format whose loss is not published shows the model's 16-bit score and
/// says so; a model without a published score says "unknown".
#[must_use]
pub fn best_table(best: &Best, lang: Lang) -> String {
    use crate::terms::{best_basis, best_quality, term, Term};
    let mut out = String::new();
    let rows = best.per_model();
    let _ = write!(
        out,
        "## {}\n\n{}\n\n",
        term(Term::BestTitle, lang),
        best_basis(best, lang)
    );
    if rows.is_empty() {
        out.push_str(term(Term::BestNone, lang));
        out.push('\n');
        return out;
    }
    let _ = write!(
        out,
        "| # | {} | {} | {} | {} |\n|---:|---|---|---|---|\n",
        term(Term::BestModel, lang),
        term(Term::BestFormat, lang),
        term(Term::BestQuality, lang),
        term(Term::BestBinding, lang)
    );
    for (k, c) in rows.iter().enumerate() {
        let model = presets::model(c.model).map_or(c.model, |m| m.name);
        let quant = presets::quant(c.quant)
            .map_or_else(|| c.quant.to_string(), |q| crate::preset_name(q.name, lang));
        let quality = best_quality(c, lang);
        let binding = constraint_label(c.binding, lang);
        let _ = writeln!(
            out,
            "| {} | {model} | {quant} | {quality} | {binding} |",
            k + 1
        );
    }
    out.push_str(lang.pick("\nSources:\n", "\n来源：\n"));
    for src in best.sources() {
        let _ = writeln!(out, "- {src}");
    }
    out
}

/// The smallest device the current model needs, as one sentence: peak bandwidth and compute (before
/// utilization), total memory with the reserved share, free storage.
#[must_use]
pub fn device_needs_text(nd: &DeviceNeeds, lang: Lang) -> String {
    // A fixed cost (a cold start, a per-token overhead) above its target leaves no finite need.
    let none = lang.pick(
        "none is enough (a fixed cost alone exceeds a target)",
        "再高也不够（固定开销本身已超过目标）",
    );
    let bw = if nd.bandwidth.is_finite() {
        with_unit(&fmt_num(nd.bandwidth / 1e9, 3), "GB/s")
    } else {
        none.into()
    };
    let tops = if nd.compute.is_finite() {
        with_unit(&fmt_num(nd.compute / 1e12, 3), "TOPS")
    } else {
        none.into()
    };
    let mem = fmt_gb(nd.memory);
    let st = fmt_gb(nd.storage);
    lang.pick(
        format!("For the current model to meet its targets the device needs at least: peak bandwidth {bw}, peak compute {tops}, total memory {mem} (including the reserved share), free storage {st}."),
        format!("当前模型要满足目标，设备至少需要：峰值带宽 {bw}、峰值算力 {tops}、内存总量 {mem}（含系统占用）、可用存储 {st}。"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::{run, Field};

    fn default_report(lang: Lang) -> String {
        let i = Inputs::default();
        let (s, e) = run(&i).unwrap();
        markdown_report(&i, &s, &e, lang)
    }

    #[track_caller]
    fn says(text: &str, want: &[&str]) {
        for w in want {
            assert!(text.contains(w), "missing {w:?} in:\n{text}");
        }
    }

    #[test]
    fn default_report_shows_the_seed_numbers_and_its_corrections() {
        let md = default_report(Lang::En);
        says(
            &md,
            &[
                "15 GB/s",
                "0.75 GB",
                "85.8 ms",
                "≈86 ms, not 50",
                "536,870,912 B",
                "1.6–3.2 TOPS",
            ],
        );
        says(
            &md,
            &[
                "3.5–4.5 W",
                "1.50 B",
                "| TPOT | Fail |",
                "**Binding constraint: Bandwidth**",
            ],
        );
        says(&md, &["`#v=2`", "KV cache", "≈237", "≈97 s"]);
    }

    #[test]
    fn default_report_in_chinese() {
        let md = default_report(Lang::Zh);
        says(
            &md,
            &[
                "每字延迟 TPOT",
                "不通过",
                "15 GB/s",
                "0.75 GB",
                "85.8 ms",
                "原文",
                "KV Cache",
            ],
        );
    }

    #[test]
    fn one_shot_and_architecture_models_render_every_step() {
        for link in [
            "#v=1&model=oneshot",
            "#v=1&model=arch&kv_heads=2",
            "#v=1&zero_copy=0&coverage=0.8&overhead_ms=5",
        ] {
            let d = codec::decode(link, &[]);
            assert!(d.issues.is_empty(), "{link}: {:?}", d.issues);
            let (s, e) = run(&d.inputs).unwrap();
            for lang in crate::ALL_LANGS {
                let md = markdown_report(&d.inputs, &s, &e, lang);
                assert!(
                    !md.contains("NaN") && !md.contains('∞'),
                    "{link} {lang:?}:\n{md}"
                );
                for st in step_texts(&s, &e, lang) {
                    assert!(
                        !st.body.is_empty() && st.body.iter().all(|p| !p.is_empty()),
                        "{link}: {:?}",
                        st.step
                    );
                }
            }
        }
    }

    #[test]
    fn faster_memory_passes_tpot() {
        let i = Inputs::default().with(Field::BandwidthGbps, 60.0);
        let (s, e) = run(&i).unwrap();
        let md = markdown_report(&i, &s, &e, Lang::En);
        says(&md, &["| TPOT | Pass |", "bw_gbps=60"]);
    }

    #[test]
    fn solve_table_never_prints_an_infinite_need() {
        // A cold start longer than the TTFT target: no compute is enough.
        let mut i = Inputs::default();
        i.set_exact(Field::ColdStart, 1.0);
        i.set_exact(Field::TtftMs, 100.0);
        let sol = edgefit_core::solve::solve(&i).unwrap();
        assert!(sol.needs.compute.is_infinite());
        for lang in [Lang::En, Lang::Zh] {
            let t = solve_table(&sol, lang);
            assert!(!t.contains('∞') && !t.contains("inf"), "{t}");
        }
        assert!(solve_table(&sol, Lang::En).contains("peak compute none is enough"));
    }

    #[test]
    fn a_power_mode_is_named_where_its_figures_are_used() {
        let i =
            edgefit_core::codec::decode("v=2&device=nv_orin_nano_8gb&power_mode=7w", &[]).inputs;
        let (s, e) = run(&i).unwrap();
        says(
            &markdown_report(&i, &s, &e, Lang::En),
            &["From the device's power mode `7w`", "Sustained power"],
        );
        says(
            &markdown_report(&i, &s, &e, Lang::Zh),
            &["取自设备功耗模式 `7w`"],
        );
    }

    #[test]
    fn best_table_ranks_with_quality_and_binding_in_both_languages() {
        let i = edgefit_core::codec::decode(
            "v=2&device=nv_agx_orin_64gb&fw=tensorrt&tpot_ms=200&ttft_ms=5000",
            &[],
        )
        .inputs;
        let best = edgefit_core::best::best(&i);
        let en = best_table(&best, Lang::En);
        says(
            &en,
            &[
                "Ranked by MMLU (developer-reported",
                "| 1 | Qwen3-30B-A3B (MoE) | FP16 | 81.38 | Memory |",
                "| 8 | Llama-3.1-8B | FP16 | 66.7 | Thermal |",
                // Qwen's GPTQ-Int8 1.5B row gained 0.6: read as an addition.
                "| 11 | Qwen3-1.7B | W8A16 per-channel | 63.23 (62.63 + 0.6) | Thermal |",
                "unknown",
                "MODEL_CARD.md",
                "Qwen3_Technical_Report.pdf",
                "quantization_benchmark",
            ],
        );
        // One row per model.
        let rows = en
            .lines()
            .filter(|l| l.starts_with("| ") && !l.starts_with("| #"));
        assert_eq!(rows.count(), best.per_model().len());
        says(
            &best_table(&best, Lang::Zh),
            &["满足全部目标的最佳模型", "未知", "来源"],
        );
        // GGUF formats: Q8_0's published MMLU (0.03 above 16 bits), Q5_K's loss (0.32) as Qwen3-8B's best
        // published format; its Q4_0, whose MMLU loss is unpublished, ranks no higher and reads as the
        // model's 16-bit score with llama.cpp's perplexity increase.
        let i = edgefit_core::codec::decode(
            "v=2&device=nv_orin_nano_8gb&fw=llama_cpp&tpot_ms=200&ttft_ms=5000",
            &[],
        )
        .inputs;
        let best = edgefit_core::best::best(&i);
        says(
            &best_table(&best, Lang::En),
            &[
                "| 1 | Qwen3-8B | GGUF Q5_K | 76.57 (76.89 − 0.32) |",
                "| Qwen3-4B | GGUF Q8_0 | 73.02 (72.99 + 0.03) |",
                "llama-3-quant-comparison",
            ],
        );
        let q4_0 = &best.candidates[1];
        assert_eq!((q4_0.model, q4_0.quant), ("qwen3-8b", "q4_0"));
        assert_eq!(
            crate::terms::best_quality(q4_0, Lang::En),
            "76.89 at 16 bits (format loss not published; +0.469 perplexity on Llama-3-8B)"
        );
    }

    #[test]
    fn solve_table_lists_every_scheme() {
        let sol = edgefit_core::solve(&Inputs::default()).unwrap();
        let t = solve_table(&sol, Lang::En);
        says(
            &t,
            &[
                "| INT4 per-tensor (the worked example's) | 4 |",
                "W4A16 g128",
                "peak bandwidth",
            ],
        );
        assert_eq!(
            t.lines().filter(|l| l.starts_with("| ")).count(),
            sol.schemes.len() + 1
        );
        says(&solve_table(&sol, Lang::Zh), &["量化方案", "原文方案"]);
    }
}
