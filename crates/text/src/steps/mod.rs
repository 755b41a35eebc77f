//! The step-by-step accounting in words: the seed's five steps with the user's numbers, the three places
//! where the seed's reasoning would mislead, the framework match and the conclusion.

use edgefit_core::analysis::{self, bandwidth::Bound, Crossing, Report};
use edgefit_core::framework::{Mismatch, Support};
use edgefit_core::input::{Activation, Granularity};
use edgefit_core::model::{Llm, Model};
use edgefit_core::scenario::Scenario;
use edgefit_core::steps::{self, Step};
use edgefit_core::{Constraint, Evaluation, Scenarios, Verdict, ALL_CONSTRAINTS};

use crate::labels::{activation_label, backend_label, constraint_label, granularity_label};
use crate::num::{
    fmt_band, fmt_gb, fmt_int, fmt_ms, fmt_num, fmt_params_b, fmt_pct, fmt_sig, fmt_tops,
    fmt_watts, with_unit,
};
use crate::{step_title, Lang};

/// One step of the accounting, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepText {
    /// Which step.
    pub step: Step,
    /// Its title.
    pub title: String,
    /// Paragraphs, each a few sentences with the user's numbers.
    pub body: Vec<String>,
    /// For the steps that correct the seed: where its reasoning would mislead, said plainly.
    pub seed_note: Option<String>,
    /// The verdict the step shows.
    pub verdict: Verdict,
}

/// The English or the Chinese template, filled by [`fill`] with the arguments (each already text): `{0}` is
/// the first. One filler for every sentence keeps the page's wasm small; two `format!` calls per sentence
/// did not.
macro_rules! tr {
    ($lang:expr, $en:literal, $zh:literal $(, $arg:expr)* $(,)?) => {
        fill($lang.pick($en, $zh), &[$(AsRef::<str>::as_ref(&$arg)),*])
    };
}

/// The template with each `{N}` replaced by `args[N]`. Templates hold no other braces.
fn fill(template: &str, args: &[&str]) -> String {
    let mut parts = template.split('{');
    let mut out = String::from(parts.next().unwrap_or(""));
    for part in parts {
        let (n, rest) = part.split_once('}').unwrap_or(("", part));
        let i = n
            .bytes()
            .fold(0, |i, d| i * 10 + usize::from(d.wrapping_sub(b'0')));
        out.push_str(args.get(i).copied().unwrap_or(""));
        out.push_str(rest);
    }
    out
}

/// Every step for the scenario's kind of model, in order.
#[must_use]
pub fn step_texts(s: &Scenarios, e: &Evaluation, lang: Lang) -> Vec<StepText> {
    steps::steps(&s.expected.model)
        .iter()
        .map(|&st| step_text(st, s, e, lang))
        .collect()
}

/// One step of the accounting with the scenario's numbers. Ranged inputs show as bands (effective compute
/// 1.6–3.2 TOPS, power 3.5–4.5 W). A step that does not apply to the model (the KV cache of a one-shot
/// model) says so in one sentence.
#[must_use]
pub fn step_text(step: Step, s: &Scenarios, e: &Evaluation, lang: Lang) -> StepText {
    let cx = Cx {
        s: &s.expected,
        e,
        r: &e.expected,
        lang,
    };
    let (body, seed_note) = match (step, &s.expected.model) {
        (Step::WeightBudget, Model::Llm(m)) => (cx.weight_budget(m), None),
        (Step::KvRead, Model::Llm(m)) => {
            let (mut body, note) = cx.kv_read(m);
            body.extend(cx.speculative());
            (body, note)
        }
        (Step::Memory, _) => (cx.memory(), None),
        (Step::Storage, _) => (cx.storage(), None),
        (Step::Compute, _) => (cx.compute(), None),
        (Step::Prefill, Model::Llm(m)) => cx.prefill(m),
        (Step::Power, _) => (cx.power(), None),
        (Step::Thermal, _) => cx.thermal(),
        (Step::Framework, _) => (cx.framework(), None),
        (Step::Inference, _) => (cx.inference(), None),
        (Step::Conclusion, _) => (cx.conclusion(), None),
        _ => (
            vec![tr!(
                lang,
                "Does not apply to this kind of model.",
                "不适用于此类模型。"
            )],
            None,
        ),
    };
    StepText {
        step,
        title: step_title(step, lang).to_string(),
        body,
        seed_note,
        verdict: steps::verdict(step, e),
    }
}

/// What a step needs: the expected scenario and report, the whole evaluation for bands, the language.
struct Cx<'a> {
    s: &'a Scenario,
    e: &'a Evaluation,
    r: &'a Report,
    lang: Lang,
}

/// The rate a TPOT allows, tokens/s, readable.
fn per_s(x: f64) -> String {
    fmt_num(x, 3)
}

mod budget;
mod compute;
mod power;
mod verdicts;

impl Cx<'_> {
    fn band(&self, f: impl Fn(&Report) -> f64, fmt: impl Fn(f64) -> String, unit: &str) -> String {
        let (lo, hi) = self.e.band(f);
        fmt_band(lo, hi, fmt, unit)
    }

    fn eff_compute(&self) -> String {
        self.band(|r| r.compute.effective.0 / 1e12, |x| fmt_num(x, 3), "TOPS")
    }

    fn verdict_word(&self, c: Constraint) -> &'static str {
        crate::verdict_label(self.e.verdict(c), self.lang)
    }

    fn quant_desc(&self) -> String {
        let q = &self.s.quant;
        let bits = fmt_num(q.weight_bits, 3);
        let gran = match q.granularity {
            Granularity::PerTensor => self.lang.pick("per-tensor", "逐张量"),
            Granularity::PerChannel => self.lang.pick("per-channel", "逐通道"),
            Granularity::GroupWise => self.lang.pick("group-wise", "分组"),
        };
        match q.granularity {
            Granularity::GroupWise => {
                let g = fmt_int(q.group);
                tr!(
                    self.lang,
                    "{0}-bit {1}, group {2}",
                    "{0} 位{1}量化，每组 {2} 个",
                    bits,
                    gran,
                    g
                )
            }
            _ => tr!(self.lang, "{0}-bit {1}", "{0} 位{1}量化", bits, gran),
        }
    }
}

/// Fewer parameters than this are no model: a budget below it is quoted as "nothing left", not "≈0 B".
const NO_PARAMS: f64 = 1e6;

/// A framework's display name; the generic one is described in words.
fn framework_name(id: &str, name: &'static str, lang: Lang) -> &'static str {
    match (id, lang) {
        ("generic", Lang::En) => "A generic framework (every format supported)",
        ("generic", Lang::Zh) => "通用框架（支持所有格式）",
        _ => name,
    }
}

fn fmt_ms_num(seconds: f64) -> String {
    fmt_num(seconds * 1e3, 3)
}

fn fmt_gb_num(bytes: f64) -> String {
    fmt_num(bytes / 1e9, 3)
}

fn precision(a: Activation) -> &'static str {
    match a {
        Activation::Int8 => "INT8",
        Activation::Fp16 => "FP16",
        Activation::Int4 => "INT4",
    }
}

/// A quantization preset's display name in `lang` (its id when it is not a preset).
fn format_name(id: &str, lang: Lang) -> String {
    edgefit_core::presets::quant(id)
        .map_or_else(|| id.to_string(), |q| crate::preset_name(q.name, lang))
}

/// Why a framework cannot accelerate a scheme, in words.
#[must_use]
pub fn mismatch_text(m: &Mismatch, lang: Lang) -> String {
    match m {
        Mismatch::Backend { backend } => {
            let b = backend_label(*backend, lang);
            tr!(lang, "it does not run on the {0}", "不支持 {0}", b)
        }
        Mismatch::WeightBits { bits } => {
            let b = fmt_num(*bits, 3);
            tr!(lang, "no {0}-bit weights", "不支持 {0} 位权重", b)
        }
        Mismatch::GroupSize { group } => {
            let g = fmt_int(*group);
            tr!(lang, "no group size {0}", "不支持 group size {0}", g)
        }
        Mismatch::Granularity { granularity } => {
            let g = granularity_label(*granularity, lang);
            tr!(lang, "no {0} quantization", "不支持 {0} 量化", g)
        }
        Mismatch::ZeroPoint { zero_bits } => {
            let z = fmt_num(*zero_bits, 3);
            tr!(
                lang,
                "symmetric only: the zero point must be 0 (here {0} bits)",
                "仅支持对称量化：zero-point 必须为 0（当前 {0} 位）",
                z
            )
        }
        Mismatch::KvBits { bits } => {
            let b = fmt_num(*bits, 3);
            tr!(lang, "no {0}-bit KV cache", "不支持 {0} 位 KV Cache", b)
        }
        Mismatch::Activation { activation } => {
            let a = activation_label(*activation, lang);
            tr!(
                lang,
                "its kernels do not run {0}: the model falls back to the CPU",
                "其算子不支持 {0}：模型回退到 CPU 执行",
                a
            )
        }
        Mismatch::Format { quant, only_on } => {
            let q = format_name(quant, lang);
            if only_on.is_empty() {
                tr!(
                    lang,
                    "it does not load the {0} format",
                    "不支持加载 {0} 格式",
                    q
                )
            } else {
                let sep = lang.pick(", ", "、");
                let devices = only_on
                    .iter()
                    .map(|d| {
                        edgefit_core::presets::device(d)
                            .map_or_else(|| (*d).to_string(), |p| crate::preset_name(p.name, lang))
                    })
                    .collect::<Vec<_>>()
                    .join(sep);
                tr!(
                    lang,
                    "it runs the {0} format only on {1}, not on this device",
                    "仅在 {1} 上支持 {0} 格式，此设备不支持",
                    q,
                    devices
                )
            }
        }
        Mismatch::Operators { coverage } => {
            let c = fmt_pct(*coverage);
            let rest = fmt_pct(1.0 - coverage);
            tr!(
                lang,
                "{0} of the operations run on the accelerator, {1} fall back to the CPU",
                "{0} 的运算在加速器上执行，{1} 回退到 CPU",
                c,
                rest
            )
        }
        Mismatch::ExportContext { context, exported } => {
            let (c, e) = (fmt_int(*context), fmt_int(*exported));
            tr!(
                lang,
                "the model was exported for a {0}-token context; this scenario needs {1}: re-export it",
                "模型导出时上下文固定为 {0} token，而本场景需要 {1}：需重新导出",
                e,
                c
            )
        }
        Mismatch::GraphSplit { parts } => {
            let n = fmt_int(*parts);
            tr!(
                lang,
                "the weights exceed the accelerator's per-graph limit and run as {0} graphs (switching between them costs time)",
                "权重超过加速器单图上限，需拆成 {0} 个计算图运行（图间切换有额外开销）",
                n
            )
        }
        // `Mismatch` is non-exhaustive; every variant today has its words above.
        _ => lang.pick("not supported", "不支持").into(),
    }
}

fn t_fixed_chunks(s: &edgefit_core::Scenario) -> bool {
    s.targets.fixed_chunks && s.targets.chunk > 0.0
}

#[cfg(test)]
mod tests;
