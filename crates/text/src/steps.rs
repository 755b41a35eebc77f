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

    fn weight_budget(&self, m: &Llm) -> Vec<String> {
        let lang = self.lang;
        let (t, b, d) = (&self.s.targets, &self.r.bandwidth, &self.s.device);
        let tpot = fmt_ms(t.tpot.0);
        let rate = per_s(1.0 / t.tpot.0);
        let util = fmt_pct(d.bandwidth_util);
        let peak = with_unit(&fmt_num(d.bandwidth.gbps(), 3), "GB/s");
        let eff = with_unit(&fmt_num(b.effective.gbps(), 3), "GB/s");
        let secs = with_unit(&fmt_num((t.tpot - t.token_overhead).0, 3), "s");
        let budget = fmt_gb(b.budget_per_token.0);
        let bpw = fmt_num(self.r.memory.bits_per_weight, 3);
        let quant = self.quant_desc();
        let n_budget = fmt_params_b(b.params_weights_only);
        if t.token_overhead.0 >= t.tpot.0 {
            // The fixed per-token overhead alone uses up the target: there is no time left to move bytes.
            let o = fmt_ms(t.token_overhead.0);
            let n = fmt_params_b(m.params.total());
            let w = fmt_gb(b.weights_read.0);
            return vec![
                tr!(
                    lang,
                    "A TPOT of {0} means {1} tokens/s, but the fixed per-token overhead alone is {2}: no time is left to move weights, so no model meets the target until the overhead comes below {0}.",
                    "TPOT {0} 对应 {1} token/s，但每 token 的固定开销就有 {2}：没有时间留给搬运权重，开销降到 {0} 以下之前，任何模型都无法达标。",
                    tpot,
                    rate,
                    o
                ),
                tr!(
                    lang,
                    "This model has {0} parameters and reads {1} of weights per token.",
                    "本模型 {0} 参数，每 token 读取权重 {1}。",
                    n,
                    w
                ),
            ];
        }
        let mut p1 = tr!(
            lang,
            "A TPOT of {0} means {1} tokens/s. With {2} bandwidth utilization the effective bandwidth is {3} × {2} = {4}, so each token may move {4} × {5} = {6}.",
            "TPOT {0} 对应 {1} token/s。带宽利用率按 {2} 计，有效带宽 {3} × {2} = {4}，则每 token 可搬运约 {4} × {5} = {6}。",
            tpot,
            rate,
            util,
            peak,
            eff,
            secs,
            budget
        );
        if t.token_overhead.0 > 0.0 {
            let o = fmt_ms(t.token_overhead.0);
            p1.push_str(&tr!(
                lang,
                " ({0} of fixed per-token overhead is taken off first.)",
                "（已先扣除每 token {0} 的固定开销。）",
                o
            ));
        }
        let p2 = tr!(
            lang,
            "At {0} bits per weight ({1}) that budget holds about {2} parameters — if the weights were all a token had to read.",
            "按每权重 {0} 位（{1}）计，这相当于约 {2} 参数——前提是每个 token 只需读权重。",
            bpw,
            quant,
            n_budget
        );
        let n = fmt_params_b(m.params.total());
        let w = fmt_gb(b.weights_read.0);
        let share = fmt_pct(b.weights_read / b.budget_per_token);
        let p3 = tr!(
            lang,
            "This model has {0} parameters and reads {1} of weights per token: {2} of the budget.",
            "本模型 {0} 参数，每 token 读取权重 {1}，占预算的 {2}。",
            n,
            w,
            share
        );
        vec![p1, p2, p3]
    }

    fn kv_read(&self, m: &Llm) -> (Vec<String>, Option<String>) {
        let lang = self.lang;
        let (t, b, tp) = (&self.s.targets, &self.r.bandwidth, &self.r.tpot);
        // Only attention layers cache K and V; a hybrid's recurrent layers are explained below.
        let layers = fmt_int(m.attention.attention_layers());
        let kvw = fmt_int(m.attention.kv_width);
        let kvb = fmt_num(self.s.quant.kv_bytes(), 3);
        // Per token of a full-attention layer set; windows, latents and recurrent layers are explained below.
        let kvpt = with_unit(
            &fmt_int(m.attention.kv_elements_per_token() * self.s.quant.kv_bytes()),
            "B",
        );
        let ctx = fmt_int(t.context);
        let kv_b = fmt_int(b.kv_read.0);
        let kv = fmt_num(b.kv_read.gb(), 2);
        let kv_gb = with_unit(&kv, "GB");
        let batch = if t.sequences() > 1.0 {
            let n = fmt_int(t.sequences());
            tr!(lang, " × {0} sequences", " × {0} 路并发", n)
        } else {
            String::new()
        };
        let p1 = tr!(
            lang,
            "Decoding reads the whole KV cache every token, not only the weights. The cache holds 2 (K and V) × {0} layers × {1} KV width × {2} B = {3} per token of context; at {4} tokens{5} that is {6} B ≈ {7}.",
            "解码时每个 token 不只读权重，还要把整个 KV Cache 读一遍。每个上下文 token 的 KV 为 2（K 和 V）× {0} 层 × {1}（KV 宽度）× {2} B = {3}；{4} 上下文{5}共 {6} B ≈ {7}。",
            layers,
            kvw,
            kvb,
            kvpt,
            ctx,
            batch,
            kv_b,
            kv_gb
        );
        let w = fmt_gb(b.weights_read.0);
        let total = fmt_gb(b.bytes_per_token.0);
        let copies = if b.copies.0 > 0.0 {
            let c = fmt_gb(b.copies.0);
            tr!(
                lang,
                " + {0} of copies (no zero-copy)",
                " + 拷贝 {0}（未启用零拷贝）",
                c
            )
        } else {
            String::new()
        };
        let eff = with_unit(&fmt_num(b.effective.gbps(), 3), "GB/s");
        let mt = fmt_ms(tp.memory_time.0);
        let ct = fmt_ms(tp.compute_time.0);
        let full = self.band(|r| r.tpot.full.0, fmt_ms_num, "ms");
        let target = fmt_ms(tp.target.0);
        let bound = match (tp.bound, lang) {
            (Bound::Memory, Lang::En) => "memory-bound",
            (Bound::Compute, Lang::En) => "compute-bound",
            (Bound::Memory, Lang::Zh) => "访存受限",
            (Bound::Compute, Lang::Zh) => "算力受限",
            (Bound::ThreadChain, Lang::En) => {
                "bound by one CPU thread's chain: its share of the arithmetic, then of the reads at one core's streaming bandwidth"
            }
            (Bound::ThreadChain, Lang::Zh) => "受单个 CPU 线程的串行链路限制：先算完它那份运算，再以单核流式带宽读完它那份数据",
        };
        let p2 = tr!(
            lang,
            "So each token moves {0} + {1}{2} = {3}. At {4} that takes {5}; the arithmetic takes {6}. TPOT at full context is {7} ({8}) against the {9} target.",
            "因此每 token 实际搬运 {0} + {1}{2} = {3}。按 {4} 需 {5}，计算只需 {6}。满上下文时 TPOT 为 {7}（{8}），目标 {9}。",
            w,
            kv_gb,
            copies,
            total,
            eff,
            mt,
            ct,
            full,
            bound,
            target
        );
        let empty = fmt_ms(tp.empty.0);
        let overhead_over = t.token_overhead.0 >= t.tpot.0;
        // What limits a token with an empty cache (the full-context bound can differ).
        let empty_compute_bound = {
            let (mem0, comp0) =
                analysis::bandwidth::step_times(self.s, self.r.compute.effective, 0.0);
            comp0 > mem0
        };
        let p3 = match tp.crossing {
            Crossing::Never => tr!(
                lang,
                "TPOT meets the target at every context length (empty cache: {0}).",
                "任何上下文长度下 TPOT 都能达标（空缓存时 {0}）。",
                empty
            ),
            Crossing::At(c) if c >= 1.0 => {
                let c = fmt_int(c);
                tr!(
                    lang,
                    "TPOT grows with the context: {0} with an empty cache, and it meets the target up to {1} tokens of context.",
                    "TPOT 随上下文增长：空缓存时 {0}，上下文不超过 {1} token 时达标。",
                    empty,
                    c
                )
            }
            _ if overhead_over => tr!(
                lang,
                "Even with an empty cache TPOT is {0}: the fixed per-token overhead alone exceeds the target, whatever the context.",
                "即使缓存为空 TPOT 也有 {0}：每 token 的固定开销本身就超过目标，与上下文长度无关。",
                empty
            ),
            _ if empty_compute_bound => tr!(
                lang,
                "Even with an empty cache TPOT is {0}: the arithmetic of one token alone takes longer than the target, so no context length meets it.",
                "即使缓存为空 TPOT 也有 {0}：单个 token 的计算本身就比目标更久，任何上下文长度都无法达标。",
                empty
            ),
            _ => tr!(
                lang,
                "Even with an empty cache TPOT is {0}: the weights alone fill the budget, so no context length meets the target with margin.",
                "即使缓存为空 TPOT 也有 {0}：权重本身已占满预算，任何上下文长度都没有余量。",
                empty
            ),
        };
        let mut body = vec![p1, p2, p3];
        // With the overhead over the target there is no byte budget to speak of.
        if !overhead_over && b.params_with_kv < NO_PARAMS {
            body.push(tr!(
                lang,
                "At {0} context the KV read alone takes the whole budget: no weights fit beside it.",
                "{0} 上下文下仅 KV 读取就用尽了预算：再也放不下任何权重。",
                ctx
            ));
        } else if !overhead_over {
            let left = fmt_params_b(b.params_with_kv);
            body.push(tr!(
                lang,
                "Once the KV read at {0} context is paid for, the budget holds {1} parameters at this precision.",
                "扣除 {0} 上下文的 KV 读取后，预算在此精度下只够 {1} 参数。",
                ctx,
                left
            ));
        }
        body.splice(1..1, self.layout_texts(m));
        if let Some(x) = self.moe_text(m) {
            body.push(x);
        }
        if let Some(g) = self.gqa_what_if(m) {
            body.push(g);
        }
        // The seed note: only where the KV read matters to the verdict or is a visible share.
        let share = b.kv_read / b.bytes_per_token;
        let note = (share > 0.05 && !overhead_over).then(|| {
            let kind = if m.attention.kv_width >= m.attention.q_width {
                "MHA"
            } else {
                "GQA"
            };
            let full_ms = fmt_num(tp.full.ms(), 2);
            let target_ms = fmt_num(tp.target.ms(), 3);
            if tp.full > tp.target {
                tr!(
                    lang,
                    "The worked example's weight budget leaves no room for the KV cache: at {0} context this {1} model also reads {2} per token, so TPOT is ≈{3} ms, not {4} ms.",
                    "原文的权重预算没有给 KV Cache 留余量：{0} 上下文下这个 {1} 模型每 token 还要读 {2}，TPOT 约为 {3} ms，而不是 {4} ms。",
                    ctx,
                    kind,
                    kv_gb,
                    full_ms,
                    target_ms
                )
            } else {
                tr!(
                    lang,
                    "The worked example's weight budget leaves out the KV cache: at {0} context this {1} model also reads {2} per token. Here TPOT is still ≈{3} ms, within {4} ms.",
                    "原文的权重预算没有计入 KV Cache：{0} 上下文下这个 {1} 模型每 token 还要读 {2}。此处 TPOT 约 {3} ms，仍在 {4} ms 以内。",
                    ctx,
                    kind,
                    kv_gb,
                    full_ms,
                    target_ms
                )
            }
        });
        (body, note)
    }

    /// For a model without grouped-query attention: what 1/8 of the KV heads would leave of the budget.
    fn gqa_what_if(&self, m: &Llm) -> Option<String> {
        let a = &m.attention;
        if a.kv_width < a.q_width || a.q_width / 8.0 < 64.0 {
            return None;
        }
        let mut s2 = self.s.clone();
        if let Model::Llm(m2) = &mut s2.model {
            m2.attention.kv_width = a.q_width / 8.0;
        }
        let r2 = analysis::analyze(&s2);
        let kv = fmt_gb(r2.bandwidth.kv_read.0);
        let n = fmt_params_b(r2.bandwidth.params_with_kv);
        let tpot = fmt_ms(r2.tpot.full.0);
        let lang = self.lang;
        // No budget left to quote: the overhead alone exceeds the target, or the KV read alone fills it.
        if self.s.targets.token_overhead >= self.s.targets.tpot
            || r2.bandwidth.params_with_kv < NO_PARAMS
        {
            return Some(tr!(
                lang,
                "With grouped-query attention at 1/8 of the KV heads the same context reads only {0} per token: TPOT {1}.",
                "若改用分组查询注意力（GQA），KV 头数降为 1/8，同样上下文每 token 只读 {0}：TPOT {1}。",
                kv,
                tpot
            ));
        }
        Some(tr!(
            lang,
            "With grouped-query attention at 1/8 of the KV heads the same context reads only {0} per token: TPOT {1}, and the budget holds {2} parameters.",
            "若改用分组查询注意力（GQA），KV 头数降为 1/8，同样上下文每 token 只读 {0}：TPOT {1}，预算可容纳 {2} 参数。",
            kv,
            tpot,
            n
        ))
    }

    fn memory(&self) -> Vec<String> {
        let lang = self.lang;
        let (m, d, t) = (&self.r.memory, &self.s.device, &self.s.targets);
        let w = fmt_gb(m.weights.total().0);
        let kv = fmt_gb(m.kv.0);
        let ws = fmt_gb(m.workspace.0);
        let rt = fmt_gb(m.runtime.0);
        let total = self.band(|r| r.memory.total.0, fmt_gb_num, "GB");
        let usable = fmt_gb(m.usable.0);
        let all = fmt_gb(d.memory.0);
        let res = fmt_gb(d.reserved.0);
        let share = fmt_pct(m.total / m.usable);
        let v = self.verdict_word(Constraint::Memory);
        let p1 = if matches!(self.s.model, Model::Llm(_)) {
            let ctx = fmt_int(t.context);
            tr!(
                lang,
                "Weights {0} + KV cache {1} ({2} context) + activations and workspace {3} + runtime overhead {4} = {5}.",
                "权重 {0} + KV Cache {1}（{2} 上下文）+ 激活与工作区 {3} + 运行时开销 {4} = {5}。",
                w,
                kv,
                ctx,
                ws,
                rt,
                total
            )
        } else {
            tr!(
                lang,
                "Weights {0} + peak activations {1} + runtime overhead {2} = {3}.",
                "权重 {0} + 峰值激活 {1} + 运行时开销 {2} = {3}。",
                w,
                ws,
                rt,
                total
            )
        };
        let p2 = tr!(
            lang,
            "Usable memory is {0} − {1} reserved for the system and other apps = {2}; the model takes {3} of it: {4}.",
            "可用内存 = {0} − 系统及其他应用占用 {1} = {2}；模型占其中 {3}：{4}。",
            all,
            res,
            usable,
            share,
            v
        );
        let mut body = vec![p1, p2];
        if m.vision.0 > 0.0 {
            if let Some(v) = &self.s.vision {
                let wv = v.tower.weight_bytes();
                body.push(tr!(
                    lang,
                    "With images, the vision tower is loaded too: its weights {0} at {1} bits and {2} of activations while it encodes one tile, {3} in all (in the total above).",
                    "有图像输入时还要加载视觉编码器：权重 {0}（{1} bit）及编码一个图块时的激活 {2}，共 {3}（已计入上面的总量）。",
                    fmt_gb(wv.0),
                    fmt_num(v.tower.bits, 3),
                    fmt_gb((m.vision - wv).0),
                    fmt_gb(m.vision.0)
                ));
            }
        }
        if let Some(cap) = d.app_cap.filter(|c| *c < d.memory - d.reserved) {
            let c = fmt_gb(cap.0);
            body.push(tr!(
                lang,
                "The OS caps one app at {0}, below total minus reserved: that cap is the limit.",
                "操作系统将单个应用的内存上限设为 {0}，低于总内存减预留：以此为准。",
                c
            ));
        }
        if m.graph_parts > 1.0 {
            let n = fmt_int(m.graph_parts);
            let lim = d.graph_limit.map_or(String::new(), |l| fmt_gb(l.0));
            body.push(tr!(
                lang,
                "The accelerator maps at most {0} of weights per graph: the model runs as {1} graphs, and switching between them costs time.",
                "加速器单个计算图最多映射 {0} 权重：模型需拆成 {1} 个计算图运行，图间切换有额外开销。",
                lim,
                n
            ));
        }
        body
    }

    /// Sentences for attention layouts that change the KV cache: sliding windows, latent attention,
    /// recurrent layers, a static exported cache.
    fn layout_texts(&self, m: &Llm) -> Vec<String> {
        let (lang, a, t) = (self.lang, &m.attention, &self.s.targets);
        let mut out = Vec::new();
        let ctx = fmt_int(t.context);
        if a.window > 0.0 && a.local_layers > 0.0 {
            let (l, n, w) = (
                fmt_int(a.local_layers.min(a.attention_layers())),
                fmt_int(a.layers),
                fmt_int(a.window),
            );
            let kv = self.r.memory.kv.0;
            let blind =
                a.kv_elements_per_token() * self.s.quant.kv_bytes() * t.context * t.sequences()
                    + a.state() * t.sequences();
            let (kv, blind) = (fmt_gb(kv), fmt_gb(blind));
            out.push(tr!(
                lang,
                "{0} of the {1} layers use a {2}-token sliding window: their KV stops growing at {2} tokens, so at {3} context the cache holds {4}, not the {5} a window-blind count gives.",
                "{1} 层中有 {0} 层使用 {2} token 的滑动窗口：这些层的 KV 增长到 {2} token 即止，因此 {3} 上下文时缓存为 {4}，而不是忽略窗口时的 {5}。",
                l,
                n,
                w,
                ctx,
                kv,
                blind
            ));
        }
        if a.mla_dim > 0.0 {
            let (d, kvw) = (fmt_int(a.mla_dim), fmt_int(2.0 * a.kv_width));
            out.push(tr!(
                lang,
                "Multi-head latent attention caches one {0}-element latent per token and layer instead of K and V ({1} elements).",
                "多头潜在注意力每 token 每层只缓存 {0} 个元素的潜在向量，而不是 K 和 V（{1} 个元素）。",
                d,
                kvw
            ));
        }
        if a.recurrent_layers > 0.0 {
            let (r, st) = (fmt_int(a.recurrent_layers), fmt_gb(a.state()));
            out.push(tr!(
                lang,
                "{0} layers are linear/recurrent: they keep a constant {1} of state per sequence instead of a growing KV cache.",
                "{0} 层为线性/循环层：每个序列保持固定 {1} 的状态，而不是随上下文增长的 KV 缓存。",
                r,
                st
            ));
        }
        // With more than one kind of layer, the cache by kind (at the context it is allocated for).
        let split = a.kv_split(t.export_ctx.unwrap_or(t.context));
        let kinds = [
            split.full_layers,
            split.local_layers,
            split.recurrent_layers,
        ];
        if kinds.iter().filter(|&&n| n > 0.0).count() > 1 {
            let bytes = |el: f64| fmt_gb(el * self.s.quant.kv_bytes() * t.sequences());
            let mut parts = Vec::new();
            if split.full_layers > 0.0 {
                let (n, b) = (fmt_int(split.full_layers), bytes(split.full));
                parts.push(tr!(
                    lang,
                    "{0} full-attention layers {1}",
                    "{0} 个全注意力层 {1}",
                    n,
                    b
                ));
            }
            if split.local_layers > 0.0 {
                let (n, b) = (fmt_int(split.local_layers), bytes(split.local));
                parts.push(tr!(
                    lang,
                    "{0} sliding-window layers {1}",
                    "{0} 个滑动窗口层 {1}",
                    n,
                    b
                ));
            }
            if split.recurrent_layers > 0.0 {
                let (n, b) = (
                    fmt_int(split.recurrent_layers),
                    fmt_gb(split.state * t.sequences()),
                );
                parts.push(tr!(
                    lang,
                    "{0} recurrent layers {1} of state",
                    "{0} 个循环层状态 {1}",
                    n,
                    b
                ));
            }
            let list = parts.join(lang.pick(", ", "，"));
            out.push(tr!(
                lang,
                "The cache by layer kind: {0}.",
                "按层类型分的缓存：{0}。",
                list
            ));
        }
        if let Some(e) = t.export_ctx {
            let e = fmt_int(e);
            out.push(tr!(
                lang,
                "The model was exported with a static {0}-token cache: it is allocated in full and read in full every token, whatever the current context.",
                "模型导出时使用 {0} token 的静态缓存：无论当前上下文多长，都按全量分配并在每个 token 全量读取。",
                e
            ));
        }
        out
    }

    /// A mixture of experts: what memory holds, what a token reads, and the dense bound.
    fn moe_text(&self, m: &Llm) -> Option<String> {
        let dense = self.r.tpot.dense_bound?;
        let lang = self.lang;
        let total = fmt_params_b(m.params.total());
        let active = fmt_params_b(m.matmul_params() + m.params.vectors);
        let (d, full) = (fmt_ms(dense.0), fmt_ms(self.r.tpot.full.0));
        Some(tr!(
            lang,
            "A mixture of experts: memory holds all {0} parameters, but a token reads only the {1} it routes to. TPOT {2}; a dense roofline that reads every expert would say {3} — both bounds, since real routing and kernels land between them.",
            "混合专家模型：内存要装下全部 {0} 参数，但每个 token 只读其路由到的 {1}。TPOT 为 {2}；若按稠密模型读取全部专家则为 {3}——两者都给出，实际路由与算子效率介于其间。",
            total,
            active,
            full,
            d
        ))
    }

    fn storage(&self) -> Vec<String> {
        let lang = self.lang;
        let st = &self.r.storage;
        let w = fmt_gb(self.r.memory.weights.total().0);
        let vision = self
            .s
            .vision
            .as_ref()
            .map_or(0.0, |v| v.tower.weight_bytes().0);
        let flash =
            self.s.flash_params * self.s.quant.embed_bits.unwrap_or(self.s.quant.weight_bits) / 8.0;
        let meta = fmt_gb((st.file - self.r.memory.weights.total()).0 - vision - flash);
        let file = fmt_gb(st.file.0);
        let free = fmt_gb(st.free.0);
        let guide = fmt_gb(st.guideline.0);
        let read = with_unit(&fmt_num(self.s.device.storage_read.gbps(), 3), "GB/s");
        let cold = fmt_ms(st.cold_start.0);
        let p1 = tr!(
            lang,
            "The model file is weights {0} + tokenizer and metadata {1} = {2}, against {3} of free storage.",
            "模型文件 = 权重 {0} + 分词器与元数据 {1} = {2}，可用存储 {3}。",
            w,
            meta,
            file,
            free
        );
        let p2 = if st.over_guideline {
            tr!(
                lang,
                "It is above the {0} a single model should stay under: slower to download and to load. A cold start reads it at {1} in {2}.",
                "超过了单模型 {0} 的建议上限：分发和加载都会变慢。冷启动按 {1} 读取需 {2}。",
                guide,
                read,
                cold
            )
        } else {
            tr!(
                lang,
                "It stays under the {0} guideline for a single model. A cold start reads it at {1} in {2}.",
                "低于单模型 {0} 的建议上限。冷启动按 {1} 读取需 {2}。",
                guide,
                read,
                cold
            )
        };
        let mut body = vec![p1, p2];
        if vision > 0.0 {
            body.push(tr!(
                lang,
                "The vision tower's file (its encoder and projector, {0}) ships beside it and is in the total.",
                "视觉编码器文件（编码器与投影层，{0}）随模型一起分发，已计入总量。",
                fmt_gb(vision)
            ));
        }
        if flash > 0.0 {
            body.push(tr!(
                lang,
                "{0} parameters ({1}) stay in storage and are read a row per token instead of held in memory (per-layer embeddings): they are in the file, not in memory.",
                "{0} 参数（{1}）留在存储中、每个 token 只读取一行，不常驻内存（逐层嵌入）：计入文件，不计入内存。",
                fmt_params_b(self.s.flash_params),
                fmt_gb(flash)
            ));
        }
        body
    }

    /// Vision-language models (#24): what the prompt's images cost before the language model's prefill.
    fn vision_prefill(&self) -> Option<String> {
        let lang = self.lang;
        let (v, c) = (self.s.vision.as_ref()?, self.r.ttft.vision?);
        let g = &v.grid;
        let how = match v.tower.rule {
            edgefit_core::vision::ImageRule::Native => tr!(
                lang,
                "at its native resolution in {0} × {1} cells of {2} px (one token each)",
                "按原生分辨率切成 {0} × {1} 个 {2} px 单元（每个一个 token）",
                fmt_int(g.cols),
                fmt_int(g.rows),
                fmt_int(v.tower.tile)
            ),
            edgefit_core::vision::ImageRule::Resize => tr!(
                lang,
                "resized to one {0} px square",
                "缩放为一个 {0} px 的方图",
                fmt_int(v.tower.tile)
            ),
            _ if g.cols > 0.0 => tr!(
                lang,
                "cut into {0} × {1} tiles of {2} px plus the whole image",
                "切成 {0} × {1} 个 {2} px 图块，外加整图",
                fmt_int(g.cols),
                fmt_int(g.rows),
                fmt_int(v.tower.tile)
            ),
            _ => tr!(lang, "read whole", "整图读取"),
        };
        let images = fmt_int(v.images);
        let size = tr!(
            lang,
            "{0} × {1} px",
            "{0} × {1} px",
            fmt_int(v.width),
            fmt_int(v.height)
        );
        Some(tr!(
            lang,
            "Images: {0} image(s) of {1}, each {2}: {3} encoder passes and {4} image tokens, which are part of the prompt above. The image encoder ({5}, {6} layers of {7}) runs {8} GFLOP at {9} effective FP16 → {10}; reading its weights once per pass takes {11}. It adds {12} before the language model's prefill: TTFT includes it.",
            "图像：{0} 张 {1} 的图，每张{2}：编码器运行 {3} 次，产生 {4} 个图像 token，已计入上面的提示词。图像编码器（{5}，{6} 层、宽 {7}）计算 {8} GFLOP，按 FP16 有效算力 {9} 需 {10}；每次读一遍其权重需 {11}。它在语言模型预填充之前增加 {12}：TTFT 已包含。",
            images,
            size,
            how,
            fmt_int(c.passes),
            fmt_int(c.tokens),
            fmt_params_b(v.tower.params + v.tower.proj),
            fmt_int(v.tower.layers),
            fmt_int(v.tower.hidden),
            fmt_num(c.ops.0 / 1e9, 3),
            fmt_tops(edgefit_core::analysis::compute::effective(self.s, Activation::Fp16, self.r.compute.coverage).1 .0),
            fmt_ms(c.compute_time.0),
            fmt_ms(c.memory_time.0),
            fmt_ms(c.time.0)
        ))
    }

    fn compute_peak(&self) -> String {
        let lang = self.lang;
        let c = &self.r.compute;
        let peak = fmt_tops(c.peak.0);
        let prec = precision(c.precision);
        let util = self.band(|r| r.compute.utilization * 100.0, |x| fmt_num(x, 3), "%");
        let assumed = if c.peak_assumed {
            tr!(lang, ", assumed", "，估算值")
        } else {
            String::new()
        };
        let mut s = tr!(
            lang,
            "{0} {1} peak{2} × {3} utilization",
            "{1} 峰值 {0}{2} × 利用率 {3}",
            peak,
            prec,
            assumed,
            util
        );
        if c.coverage < 1.0 {
            let cov = fmt_pct(c.coverage);
            let cpu = fmt_tops(self.s.device.cpu.0);
            s.push_str(&tr!(
                lang,
                ", with {0} of the operations on the accelerator and the rest on a {1} CPU",
                "，{0} 的运算在加速器上，其余回退到 {1} 的 CPU",
                cov,
                cpu
            ));
        }
        s
    }

    fn compute(&self) -> Vec<String> {
        let lang = self.lang;
        let c = &self.r.compute;
        let eff = self.eff_compute();
        let basis = self.compute_peak();
        let needed_g = with_unit(&fmt_num(c.needed.0 / 1e9, 3), "GFLOPS");
        let share = fmt_pct(c.needed.0 / c.effective.0);
        let p1 = match &self.s.model {
            Model::Llm(m) => {
                let t = &self.s.targets;
                let n = fmt_params_b(m.matmul_params());
                let mat = fmt_num(m.decode_ops(0.0).0 * t.sequences() / 1e9, 3);
                let att = fmt_num(
                    (c.ops_per_step.0 - m.decode_ops(0.0).0 * t.sequences()) / 1e9,
                    2,
                );
                let ctx = fmt_int(t.context);
                let ops = fmt_num(c.ops_per_step.0 / 1e9, 3);
                if t.token_overhead.0 >= t.tpot.0 {
                    let o = fmt_ms(t.token_overhead.0);
                    let tpot = fmt_ms(t.tpot.0);
                    return vec![tr!(
                        lang,
                        "Each token costs 2 × {0} = {1} GFLOP in the matrices plus {2} GFLOP of attention at {3} context: {4} GFLOP. The fixed per-token overhead alone ({5}) already exceeds the {6} TPOT target, so no compute is fast enough: the overhead must come down first.",
                        "每 token 的矩阵运算 2 × {0} = {1} GFLOP，加上 {3} 上下文的注意力 {2} GFLOP，共 {4} GFLOP。每 token 的固定开销（{5}）已超过 TPOT 目标 {6}，算力再高也无法达标：必须先降低开销。",
                        n,
                        mat,
                        att,
                        ctx,
                        ops,
                        o,
                        tpot
                    )];
                }
                let rate = per_s(t.sequences() / (t.tpot - t.token_overhead).0);
                tr!(
                    lang,
                    "Each token costs 2 × {0} = {1} GFLOP in the matrices plus {2} GFLOP of attention at {3} context: {4} GFLOP. At {5} tokens/s that needs {6}.",
                    "每 token 的矩阵运算 2 × {0} = {1} GFLOP，加上 {3} 上下文的注意力 {2} GFLOP，共 {4} GFLOP。{5} token/s 需要 {6}。",
                    n,
                    mat,
                    att,
                    ctx,
                    ops,
                    rate,
                    needed_g
                )
            }
            Model::OneShot(m) => {
                let ops = fmt_num(m.ops.0 / 1e9, 3);
                let fps = fmt_num(m.fps, 3);
                tr!(
                    lang,
                    "Each inference costs {0} GOP; {1} inferences per second need {2}.",
                    "每次推理 {0} GOP；每秒 {1} 次需要 {2}。",
                    ops,
                    fps,
                    needed_g
                )
            }
        };
        let v = self.e.verdict(Constraint::Compute);
        let p2 = tr!(
            lang,
            "Effective compute is {0} = {1}; the need is {2} of it.",
            "有效算力 = {0} = {1}；需求占其中 {2}。",
            basis,
            eff,
            share
        );
        let p3 = match v {
            Verdict::Pass => tr!(lang, "Compute is not the bottleneck.", "算力不是瓶颈。"),
            Verdict::Warn => tr!(
                lang,
                "Compute is close to its limit: size against the low end of the utilization.",
                "算力接近上限：应按利用率的下限估算。"
            ),
            _ => tr!(
                lang,
                "Compute cannot keep up: fewer operations per token, or more of them on the accelerator.",
                "算力跟不上：需要减少每 token 运算量，或让更多算子在加速器上执行。"
            ),
        };
        let mut out = vec![p1, p2 + lang.pick(" ", "") + &p3];
        out.extend(self.streams());
        out
    }

    /// Speculative decoding (#25): what a draft model does to decode here, and why it pays or does not.
    fn speculative(&self) -> Option<String> {
        let lang = self.lang;
        let sp = self.r.speculative.as_ref()?;
        let d = self.s.draft.as_deref()?;
        let name = edgefit_core::presets::model(&d.id).map_or(d.id.as_str(), |p| p.name);
        let k = fmt_int(sp.draft_len);
        let head = tr!(
            lang,
            "Speculative decoding with {0} as the draft (acceptance {1}, {2} tokens per draft): each verify step yields (1 − α^(k+1)) / (1 − α) = {3} tokens and costs {2} draft steps of {4} plus one target pass over {5} tokens of {6}, so a token takes {7} instead of {8} ({9}×). The draft adds {10} to memory.",
            "以 {0} 作草稿模型做投机解码（接受率 {1}，每轮草拟 {2} 个 token）：每轮验证平均得到 (1 − α^(k+1)) / (1 − α) = {3} 个 token，代价是 {2} 次草稿解码（每次 {4}）加一次目标模型对 {5} 个 token 的验证（{6}），于是每 token {7}，原本 {8}（{9} 倍）。草稿模型占内存 {10}。",
            name,
            fmt_pct(sp.accept),
            k,
            fmt_num(sp.tokens_per_step, 3),
            fmt_ms(sp.draft_step.0),
            fmt_int(sp.draft_len + 1.0),
            fmt_ms(sp.verify.0),
            fmt_ms(sp.tpot.0),
            fmt_ms(self.r.tpot.full.0),
            fmt_num(sp.speedup, 3),
            fmt_gb((sp.draft_weights + sp.draft_kv).0)
        );
        let why = if sp.verify_compute > sp.verify_memory {
            tr!(
                lang,
                "It does not pay off as it should here: the target's pass over {0} tokens is compute-bound ({1} of arithmetic against {2} of reads) — a memory-bound model on a device with little compute headroom gains little or loses from drafting.",
                "这里收益有限：目标模型对 {0} 个 token 的验证受算力限制（运算 {1}，读取 {2}）——访存受限的模型若设备算力余量不足，草拟收益甚微甚至变慢。",
                fmt_int(sp.draft_len + 1.0),
                fmt_ms(sp.verify_compute.0),
                fmt_ms(sp.verify_memory.0)
            )
        } else if sp.speedup > 1.0 {
            tr!(
                lang,
                "It pays: decode is memory-bound with compute to spare, so checking {0} tokens costs about one step.",
                "值得：解码受访存限制且算力有余，验证 {0} 个 token 的代价约等于一步解码。",
                fmt_int(sp.draft_len + 1.0)
            )
        } else {
            tr!(
                lang,
                "It does not pay: the draft's steps cost more than the accepted tokens save — a smaller draft, a higher acceptance or a shorter draft would.",
                "不值得：草稿解码的开销超过了被接受 token 省下的时间——需要更小的草稿模型、更高的接受率或更短的草拟长度。"
            )
        };
        Some(head + lang.pick(" ", "") + &why)
    }

    /// Concurrency (#25): what each stream and all of them get, and the most streams the targets allow.
    fn streams(&self) -> Option<String> {
        use edgefit_core::analysis::concurrency::{max_streams, streams};
        let lang = self.lang;
        let st = streams(self.s, self.r)?;
        let most = max_streams(self.s)?;
        let t = &self.s.targets;
        let tpot = fmt_ms(self.r.tpot.full.0);
        let kv = fmt_gb(st.kv_per_stream.0);
        let now = if t.streams > 1.0 {
            let bound = match self.r.tpot.bound {
                Bound::Memory => lang.pick(
                    "the step is still bandwidth-bound: the weights are read once for every stream",
                    "解码一步仍受带宽限制：权重每步只读一次，由所有路共享",
                ),
                _ => lang.pick(
                    "the step is now compute-bound: the arithmetic grows with every stream",
                    "解码一步已转为算力受限：运算量随路数线性增长",
                ),
            };
            tr!(
                lang,
                "{0} streams decode together: each keeps its own KV cache ({1}) and gets a token every {2}, {3} tokens/s together; {4}.",
                "{0} 路并发一起解码：每路各有自己的 KV Cache（{1}），每 {2} 得到一个 token，合计 {3} token/s；{4}。",
                fmt_int(t.streams),
                kv,
                tpot,
                per_s(st.aggregate_tps),
                bound
            )
        } else {
            tr!(
                lang,
                "One stream: {0} of KV cache, a token every {1}.",
                "单路：KV Cache {0}，每 {1} 一个 token。",
                kv,
                tpot
            )
        };
        let cap = match most.binding {
            _ if most.streams < 1.0 => String::new(),
            Some(b) => tr!(
                lang,
                " The targets allow at most {0} streams on this device; one more breaks {1}.",
                "该设备在目标内最多支持 {0} 路；再多一路就会突破{1}。",
                fmt_int(most.streams),
                crate::constraint_label(b, lang)
            ),
            None => tr!(
                lang,
                " The targets allow {0} streams or more.",
                "目标内可支持 {0} 路以上。",
                fmt_int(most.streams)
            ),
        };
        Some(now + &cap)
    }

    fn prefill(&self, m: &Llm) -> (Vec<String>, Option<String>) {
        let lang = self.lang;
        let (tt, t) = (&self.r.ttft, &self.s.targets);
        let padded = edgefit_core::analysis::latency::padded_prompt(self.s, t.prompt);
        let p = if padded > t.prompt {
            let to = fmt_int(padded);
            let p = fmt_int(t.prompt);
            tr!(
                lang,
                "{0}-token prompt (padded to {1})",
                "{0} token 的提示词（补齐到 {1}）",
                p,
                to
            )
        } else {
            let p = fmt_int(t.prompt);
            tr!(lang, "{0}-token prompt", "{0} token 的提示词", p)
        };
        let ops = fmt_num(tt.ops.0 / 1e9, 3);
        let eff = self.eff_compute();
        let ct = self.band(|r| r.ttft.compute_time.0, fmt_ms_num, "ms");
        let mt = fmt_ms(tt.memory_time.0);
        let ttft = self.band(|r| r.ttft.ttft.0, fmt_ms_num, "ms");
        let target = fmt_ms(tt.target.0);
        // Each chunk of the prompt is a forward pass of its own that streams every weight again.
        let passes = edgefit_core::analysis::latency::weight_passes(self.s, t.prompt);
        // Beside a longer arithmetic the read "only needs" (只需) its time.
        let need = if tt.memory_time.0 > tt.compute_time.0 {
            "需"
        } else {
            "只需"
        };
        let (how, read) = if passes > 1.0 {
            let n = fmt_int(passes);
            let c = fmt_int(t.chunk);
            (
                tr!(
                    lang,
                    "in {0} chunks of {1} tokens",
                    "分 {0} 块（每块 {1} token）",
                    n,
                    c
                ),
                tr!(
                    lang,
                    "reading the weights once per chunk ({0} times) takes {1}",
                    "每块读一遍权重（共 {0} 遍）{2} {1}",
                    n,
                    mt,
                    need
                ),
            )
        } else {
            (
                tr!(lang, "in one pass", "一次"),
                tr!(
                    lang,
                    "reading the weights once takes {0}",
                    "读一遍权重{1} {0}",
                    mt,
                    need
                ),
            )
        };
        let p1 = if t.gemm_tile > 0.0 {
            // A tiled int8 kernel (llama.cpp's CUDA MMQ) reads the layer weights once per tile of each chunk
            // and waits for them: TTFT is the sum, not the larger of the two.
            let per_chunk = padded.min(if t.chunk > 0.0 { t.chunk } else { padded });
            let reads = fmt_int(passes * (per_chunk / t.gemm_tile).ceil().max(1.0));
            let tile = fmt_int(t.gemm_tile);
            tr!(
                lang,
                "Prefill processes the {0} {1}: 2·N·P + 2·L·P²·d = {2} GOP, attention at the FP16 peak and each expert's tokens in whole tiles. At {3} effective that takes {4}. A matmul tiled by {5} tokens reads the layer weights once per tile ({6} reads, {7}) and waits for them: TTFT is the sum of the two.",
                "预填充{1}处理 {0}：2·N·P + 2·L·P²·d = {2} GOP，注意力按 FP16 峰值，每个专家的 token 按整块计算。按有效算力 {3} 需 {4}。按 {5} token 分块的矩阵乘每块读一遍层权重（共 {6} 遍，{7}），且要等读取完成：TTFT 为两者之和。",
                p,
                how,
                ops,
                eff,
                ct,
                tile,
                reads,
                mt
            )
        } else if tt.memory_time.0 > tt.compute_time.0 && passes > 1.0 {
            tr!(
                lang,
                "Prefill processes the {0} {1}: 2·N·P + 2·L·P²·d = {2} GOP. At {3} effective that takes {4}, but {5}: prefill is bandwidth-bound, and larger chunks would read the weights fewer times.",
                "预填充{1}处理 {0}：2·N·P + 2·L·P²·d = {2} GOP。按有效算力 {3} 需 {4}，但{5}：预填充受带宽限制，分块越大，读权重的遍数越少。",
                p,
                how,
                ops,
                eff,
                ct,
                read
            )
        } else if tt.memory_time.0 > tt.compute_time.0 {
            // A short prompt: one read of the weights takes longer than the arithmetic. The compute side
            // grows with the prompt (≈ linearly) and the read does not, so they cross near P · memory/compute.
            let cross = fmt_int(padded * tt.memory_time.0 / tt.compute_time.0.max(1e-12));
            tr!(
                lang,
                "Prefill processes the {0} {1}: 2·N·P + 2·L·P²·d = {2} GOP. At {3} effective that takes {4}, but {5}: a prompt this short is bandwidth-bound. The arithmetic grows with the prompt and the read does not, so prefill turns compute-bound beyond ≈{6} tokens.",
                "预填充{1}处理 {0}：2·N·P + 2·L·P²·d = {2} GOP。按有效算力 {3} 需 {4}，但{5}：这么短的提示词受带宽限制。计算量随提示词增长而读权重不变，约 {6} token 以上预填充转为受算力限制。",
                p,
                how,
                ops,
                eff,
                ct,
                read,
                cross
            )
        } else {
            tr!(
                lang,
                "Prefill processes the {0} {1}: 2·N·P + 2·L·P²·d = {2} GOP. At {3} effective that takes {4}; {5}. Prefill is compute-bound.",
                "预填充{1}处理 {0}：2·N·P + 2·L·P²·d = {2} GOP。按有效算力 {3} 需 {4}；{5}。预填充受算力限制。",
                p,
                how,
                ops,
                eff,
                ct,
                read
            )
        };
        let cold = tt.cold_start.map(|c| {
            let c = fmt_ms(c.0);
            tr!(lang, " including a {0} cold start", "（含冷启动 {0}）", c)
        });
        let cold = cold.unwrap_or_default();
        let p2 = tr!(
            lang,
            "TTFT is {0}{1} against the {2} target.",
            "TTFT 为 {0}{1}，目标 {2}。",
            ttft,
            cold,
            target
        );
        let maxp = self.band(|r| r.ttft.max_prompt, fmt_int, "");
        let prec = precision(self.r.compute.precision);
        let (alt, alt_n) = tt.max_prompt_alt;
        let alt_p = precision(alt);
        let alt_n = fmt_int(alt_n);
        // No prompt fits when one pass over the weights (plus a cold start) already outlasts the target:
        // then neither a shorter prompt nor a cached system prompt helps.
        let none_fit = self.e.band(|r| r.ttft.max_prompt).1 < 1.0;
        // One pass over the weights: what even a one-token prompt costs.
        let one_pass = tt.memory_time.0 / passes;
        let floor_ms = fmt_ms(one_pass);
        let floor_bound = one_pass + tt.cold_start.map_or(0.0, |c| c.0) >= tt.target.0;
        let p3 = if none_fit && floor_bound {
            let cold = tt.cold_start.map(|c| {
                let c = fmt_ms(c.0);
                tr!(lang, " plus a {0} cold start", "，另加冷启动 {0}", c)
            });
            let cold = cold.unwrap_or_default();
            tr!(
                lang,
                "No prompt fits in {0}: reading the weights once already takes {1}{2}, whatever the prompt's length. Only faster memory, fewer weight bytes or a looser target help; a cached system prompt does not.",
                "{0} 内连一个 token 的提示词也处理不完：读一遍权重就要 {1}{2}，与提示词长短无关。只有更快的内存、更少的权重字节或更宽松的目标有用；缓存系统提示词也无济于事。",
                target,
                floor_ms,
                cold
            )
        } else if none_fit {
            tr!(
                lang,
                "No prompt fits in {0}: even a one-token prefill takes longer.",
                "{0} 内连一个 token 的提示词也处理不完。",
                target
            )
        } else {
            tr!(
                lang,
                "The longest prompt that fits in {0} is ≈{1} tokens with {2} activations (≈{3} with {4}).",
                "{0} 内能处理的最长提示词约 {1} token（{2} 激活；{4} 激活约 {3} token）。",
                target,
                maxp,
                prec,
                alt_n,
                alt_p
            )
        };
        let n = fmt_params_b(m.params.total());
        let mp = fmt_int(tt.max_prompt);
        let eff_mid = fmt_tops(self.r.compute.effective.0);
        let note = if none_fit && !floor_bound {
            tr!(
                lang,
                "The worked example checks latency only through decode bandwidth, but the first token waits for prefill: on this device a {0} model cannot answer within {1} whatever the prompt, as even a one-token prefill takes longer.",
                "原文只从解码带宽看时延，但首 token 要等预填充完成：在这台设备上，{0} 模型无论提示词多短都无法在 {1} 内给出首 token，连一个 token 的预填充都更久。",
                n,
                target
            )
        } else if none_fit {
            tr!(
                lang,
                "The worked example checks latency only through decode bandwidth, but the first token waits for prefill: on this device a {0} model cannot answer within {1} whatever the prompt, because one pass over its weights takes {2}.",
                "原文只从解码带宽看时延，但首 token 要等预填充完成：在这台设备上，{0} 模型无论提示词多短都无法在 {1} 内给出首 token，因为把权重完整读一遍就要 {2}。",
                n,
                target,
                floor_ms
            )
        } else {
            tr!(
            lang,
            "The worked example checks latency only through decode bandwidth, but the first token waits for prefill, which is compute-bound: at {0} effective a {1} model fills {2} with ≈{3} prompt tokens ({4}: ≈{5}). A longer system prompt misses TTFT unless its KV cache is computed once and reused.",
            "原文只从解码带宽看时延，但首 token 要等预填充完成，而预填充受算力限制：按 {0} 有效算力，{1} 模型在 {2} 内只能处理约 {3} 个提示词 token（{4}：约 {5}）。更长的系统提示词会让 TTFT 超标，除非预先计算并复用其 KV Cache。",
            eff_mid,
            n,
            target,
            mp,
            alt_p,
            alt_n
        )
        };
        let mut body = vec![p1, p2, p3];
        body.extend(self.vision_prefill());
        if t_fixed_chunks(self.s) {
            let c = fmt_int(self.s.targets.chunk);
            body.push(tr!(
                lang,
                "Prefill runs in fixed {0}-token chunks, so a prompt is padded up to whole chunks: TTFT rises in steps of one chunk.",
                "预填充按固定 {0} token 分块整块执行，提示词会补齐到整块：TTFT 以块为单位阶梯上升。",
                c
            ));
        }
        (body, Some(note))
    }

    fn power(&self) -> Vec<String> {
        let lang = self.lang;
        let (p, d) = (&self.r.power, &self.s.device);
        let accel = self.band(|r| r.power.accel.0, |x| fmt_sig(x, 2), "W");
        let busy = fmt_pct(p.busy);
        let base = fmt_watts(p.base.0);
        let traffic = with_unit(&fmt_num(p.traffic.0 / 1e9, 3), "GB/s");
        let pj = fmt_num(d.dram_per_byte.0 / 8.0 * 1e12, 3);
        let dram = with_unit(&fmt_sig(p.dram.0, 2), "W");
        let total = self.band(|r| r.power.total.0, |x| fmt_sig(x, 2), "W");
        let budget = fmt_watts(p.budget.0);
        let p1 = tr!(
            lang,
            "Accelerator {0} × {1} busy + CPU and SoC {2} + DRAM {3} × {4} pJ/bit = {5}: {6} while inferring, against the {7} sustained budget.",
            "加速器 {0} × 忙碌 {1} + CPU 及 SoC {2} + 内存 {3} × {4} pJ/bit = {5}：推理时总功耗 {6}，持续预算 {7}。",
            accel,
            busy,
            base,
            traffic,
            pj,
            dram,
            total,
            budget
        );
        let ej = with_unit(&fmt_num(p.energy_per_step.0 * 1e3, 3), "mJ");
        let unit = self.step_unit();
        let p2 = tr!(lang, "Energy per {0}: {1}.", "每{0}能耗 {1}。", unit, ej);
        let p3 = match self.e.verdict(Constraint::Power) {
            Verdict::Pass => tr!(
                lang,
                "Power is within the sustained budget.",
                "功耗在持续预算之内。"
            ),
            Verdict::Warn => {
                let mut w = tr!(
                    lang,
                    "That is close to the sustained budget: limit concurrent tasks or lower the frequency. Since P ≈ α·C·f·V², a lower clock and voltage save power faster than they cost speed",
                    "接近持续功耗预算上限：需要限制并发任务或降低频率。由于 P ≈ α·C·f·V²，降频降压省下的功耗多于损失的性能"
                );
                if self.r.tpot.bound == Bound::Memory && matches!(self.s.model, Model::Llm(_)) {
                    w.push_str(lang.pick(
                        " — and memory-bound decoding loses little of it.",
                        "——而受访存限制的解码损失更小。",
                    ));
                } else {
                    w.push_str(lang.pick(".", "。"));
                }
                w
            }
            _ => {
                let rate = fmt_num(p.rate, 3);
                let sus = fmt_num(p.sustained_rate, 3);
                let unit = self.rate_unit();
                tr!(
                    lang,
                    "Above the budget the device must duty-cycle (race to idle): {0} {1} at full speed, {2} sustained.",
                    "超出预算后只能间歇运行（先跑完再休眠）：全速 {0} {1}，持续只有 {2}。",
                    rate,
                    unit,
                    sus
                )
            }
        };
        vec![p1, p2 + lang.pick(" ", "") + &p3, self.energy()]
    }

    /// One answer's energy (#25) and, on a battery, what a charge buys.
    fn energy(&self) -> String {
        let lang = self.lang;
        let en = &self.r.energy;
        let t = &self.s.targets;
        let j = |x: f64| {
            if x >= 1.0 {
                with_unit(&fmt_num(x, 3), "J")
            } else {
                with_unit(&fmt_num(x * 1e3, 3), "mJ")
            }
        };
        let e = if en.per_answer.0 >= 1.0 {
            self.band(|r| r.energy.per_answer.0, |x| fmt_num(x, 3), "J")
        } else {
            self.band(|r| r.energy.per_answer.0 * 1e3, |x| fmt_num(x, 3), "mJ")
        };
        let mut out = match &self.s.model {
            Model::Llm(_) => tr!(
                lang,
                "One answer — the prefill of {0} prompt tokens and {1} decoded tokens, {2} — costs {3}: {4} for the prefill and {5} for the decode, {6} on average (the accelerator, the rest of the SoC and the DRAM traffic; the idle draw between answers is not added).",
                "一次回答——预填充 {0} 个提示 token、解码 {1} 个 token，用时 {2}——耗能 {3}：预填充 {4}，解码 {5}，平均功耗 {6}（含加速器、SoC 其余部分与内存流量；不计回答之间的待机功耗）。",
                fmt_int(t.prompt),
                fmt_int(t.output),
                with_unit(&fmt_num(en.answer_time.0, 3), "s"),
                e,
                j(en.prefill.0),
                j(en.decode.0),
                with_unit(&fmt_sig(en.average_power.0, 3), "W")
            ),
            Model::OneShot(_) => tr!(lang, "One inference costs {0}.", "一次推理耗能 {0}。", e),
        };
        if let (Some(n), Some(b)) = (en.answers_per_charge, self.s.device.battery) {
            let wh = with_unit(&fmt_num(b.0 / 3600.0, 3), "Wh");
            let hours = en
                .hours_per_charge
                .map_or_else(String::new, |h| fmt_num(h, 3));
            out.push_str(lang.pick(" ", ""));
            let one_shot = matches!(self.s.model, Model::OneShot(_));
            out.push_str(&tr!(
                lang,
                "A {0} battery gives {1} {3} per charge, {2} h of continuous use.",
                "以 {0} 电池计，一次充电可{3} {1} 次，连续使用 {2} 小时。",
                wh,
                fmt_int(n.floor()),
                hours,
                if one_shot {
                    lang.pick("inferences", "推理")
                } else {
                    lang.pick("answers", "回答")
                }
            ));
        }
        out
    }

    fn rate_unit(&self) -> &'static str {
        match (&self.s.model, self.lang) {
            (Model::Llm(_), Lang::En) => "tokens/s",
            (Model::Llm(_), Lang::Zh) => "token/秒",
            (Model::OneShot(_), Lang::En) => "inferences/s",
            (Model::OneShot(_), Lang::Zh) => "次/秒",
        }
    }

    fn step_unit(&self) -> &'static str {
        match (&self.s.model, self.lang) {
            (Model::Llm(_), Lang::En) => "token",
            (Model::Llm(_), Lang::Zh) => " token ",
            (Model::OneShot(_), Lang::En) => "inference",
            (Model::OneShot(_), Lang::Zh) => "次推理",
        }
    }

    fn thermal(&self) -> (Vec<String>, Option<String>) {
        let lang = self.lang;
        let (th, d) = (&self.r.thermal, &self.s.device);
        let tj = fmt_num(d.tj_max_c, 3);
        let amb = fmt_num(d.ambient_c, 3);
        let sus = fmt_watts(d.sustained.0);
        let r = fmt_num(th.r_th.0, 3);
        let burst = fmt_watts(d.burst.0);
        let bs = with_unit(&fmt_num(d.burst_time.0, 3), "s");
        let tau = with_unit(&fmt_num(th.tau.0, 2), "s");
        let p1 = tr!(
            lang,
            "Thermal resistance R_th = ({0} − {1}) °C / {2} = {3} K/W; a burst of {4} reaching the limit after {5} gives a time constant τ ≈ {6}.",
            "热阻 R_th = ({0} − {1}) °C / {2} = {3} K/W；{4} 爆发 {5} 后达到结温上限，可得热时间常数 τ ≈ {6}。",
            tj,
            amb,
            sus,
            r,
            burst,
            bs,
            tau
        );
        let total = self.band(|r| r.power.total.0, |x| fmt_sig(x, 2), "W");
        let steady = self.band(|r| r.thermal.steady_tj_c, |x| fmt_num(x, 3), "°C");
        let p2 = tr!(
            lang,
            "At {0} the junction settles at {1} (limit {2} °C).",
            "按 {0} 持续运行，结温将稳定在 {1}（上限 {2} °C）。",
            total,
            steady,
            tj
        );
        // Corners that throttle, hottest first.
        let corners = [&self.e.high, self.r, &self.e.low];
        let hot = corners
            .iter()
            .find_map(|r| r.thermal.time_to_throttle.map(|t| (r, t)));
        let cool = corners
            .iter()
            .rev()
            .find(|r| r.thermal.time_to_throttle.is_none());
        let unit = self.rate_unit();
        let p3 = match hot {
            None => tr!(
                lang,
                "It never reaches the limit: no throttling in a long session.",
                "结温始终达不到上限：长时间使用也不会降频。"
            ),
            Some((r, t)) => {
                let w = fmt_watts(r.power.total.0);
                let secs = with_unit(&fmt_num(t.0, 2), "s");
                let after = fmt_num(r.thermal.throttled_rate, 3);
                let need = fmt_num(r.thermal.target_rate, 3);
                tr!(
                    lang,
                    "At {0} the {1} °C limit comes after ≈{2}; the device then falls back to {3}, running {4} {5} where the target needs {6}.",
                    "按 {0} 运行约 {2} 后触及 {1} °C 上限，随后回落到 {3}，速率为 {4} {5}，目标需要 {6}。",
                    w,
                    tj,
                    secs,
                    sus,
                    after,
                    unit,
                    need
                )
            }
        };
        let note = hot.map(|(r, t)| {
            let w = fmt_watts(r.power.total.0);
            let secs = with_unit(&fmt_num(t.0, 2), "s");
            let rest = match cool {
                Some(c) => {
                    let cw = fmt_watts(c.power.total.0);
                    tr!(lang, "; at {0} it never comes", "；按 {0} 则永远不会触及", cw)
                }
                None => String::new(),
            };
            tr!(
                lang,
                "The worked example's \"8 W for about 30 s\" describes a burst, not a session: what decides a long session is where the junction settles at the inference power. At {0} the {1} °C limit comes after ≈{2} and the device must then drop to {3}{4}.",
                "原文的“8 W 持续约 30 秒”描述的是短时爆发，而不是一次长会话：决定长时间使用的是推理功耗下结温最终稳定在哪里。按 {0}，约 {2} 后触及 {1} °C 上限，之后必须降到 {3}{4}。",
                w,
                tj,
                secs,
                sus,
                rest
            )
        });
        let note = note.or_else(|| {
            let margin = fmt_num(d.tj_max_c - th.steady_tj_c, 2);
            (th.steady_tj_c > d.tj_max_c - 5.0).then(|| {
                tr!(
                    lang,
                    "The worked example's \"8 W for about 30 s\" describes a burst; in a long session the junction settles only {0} °C below its limit here, so any extra load throttles.",
                    "原文的“8 W 持续约 30 秒”描述的是短时爆发；长时间运行时结温此处只比上限低 {0} °C，任何额外负载都会触发降频。",
                    margin
                )
            })
        });
        (vec![p1, p2, p3], note)
    }

    fn framework(&self) -> Vec<String> {
        let lang = self.lang;
        let f = &self.r.framework;
        let name = framework_name(self.s.framework.id, self.s.framework.name, lang);
        let backend = backend_label(self.s.backend, lang);
        let quant = self.quant_desc();
        let act = activation_label(self.s.quant.activation, lang);
        let kv = fmt_num(self.s.quant.kv_bits, 3);
        let zc = if self.s.zero_copy {
            tr!(
                lang,
                "Buffers are shared without copies.",
                "CPU 与加速器之间零拷贝共享缓冲区。"
            )
        } else {
            tr!(
                lang,
                "Without zero-copy buffers every hand-over between CPU and accelerator is copied: more bandwidth and power.",
                "未启用零拷贝：CPU 与加速器之间每次交接都要拷贝，带宽和功耗都会上升。"
            )
        };
        let head = match &f.support {
            Support::Supported => tr!(
                lang,
                "{0} runs {1}, {2}, {3}-bit KV cache on the {4}: every operator is accelerated.",
                "{0} 在 {4} 上支持 {1}、{2}、{3} 位 KV Cache：所有算子都能加速。",
                name,
                quant,
                act,
                kv,
                backend
            ),
            Support::Fallback { reasons } => {
                let why = self.mismatches(reasons);
                tr!(
                    lang,
                    "{0} runs this scheme on the {1}, but not all of it is accelerated: {2}. The effective compute drops accordingly.",
                    "{0} 能在 {1} 上运行此方案，但并非全部加速：{2}。有效算力随之下降。",
                    name,
                    backend,
                    why
                )
            }
            Support::Unsupported { reasons } => {
                let why = self.mismatches(reasons);
                tr!(
                    lang,
                    "{0} cannot accelerate this scheme on the {1}: {2}. Export a format it supports or pick another framework.",
                    "{0} 无法在 {1} 上加速此方案：{2}。需要导出它支持的格式，或换用其他框架。",
                    name,
                    backend,
                    why
                )
            }
        };
        vec![head, zc]
    }

    fn mismatches(&self, reasons: &[Mismatch]) -> String {
        let lang = self.lang;
        let sep = lang.pick("; ", "；");
        reasons
            .iter()
            .map(|m| mismatch_text(m, lang))
            .collect::<Vec<_>>()
            .join(sep)
    }

    fn inference(&self) -> Vec<String> {
        let lang = self.lang;
        let tt = &self.r.ttft;
        let Model::OneShot(m) = &self.s.model else {
            return vec![tr!(
                lang,
                "Does not apply to this kind of model.",
                "不适用于此类模型。"
            )];
        };
        let ops = fmt_num(tt.ops.0 / 1e9, 3);
        let eff = self.eff_compute();
        let ct = self.band(|r| r.ttft.compute_time.0, fmt_ms_num, "ms");
        let mt = fmt_ms(tt.memory_time.0);
        let lat = self.band(|r| r.ttft.ttft.0, fmt_ms_num, "ms");
        let target = fmt_ms(tt.target.0);
        let fps = fmt_num(m.fps, 3);
        let period = fmt_ms(1.0 / m.fps);
        let p1 = tr!(
            lang,
            "One inference costs {0} GOP: {1} at {2} effective; moving its weights and activations takes {3}. Latency is {4} against the {5} target.",
            "单次推理 {0} GOP：按有效算力 {2} 需 {1}；搬运权重和激活需 {3}。时延 {4}，目标 {5}。",
            ops,
            ct,
            eff,
            mt,
            lat,
            target
        );
        let mut p2 = tr!(
            lang,
            "At {0} frames per second each frame has {1}.",
            "{0} 帧/秒时每帧有 {1}。",
            fps,
            period
        );
        if tt.ttft.0 > 1.0 / m.fps {
            let max = fmt_num(1.0 / tt.ttft.0, 3);
            p2.push_str(&tr!(
                lang,
                " One inference takes longer than that: back to back, at most {0} per second.",
                "单次推理比这更久：连续运行最多每秒 {0} 次。",
                max
            ));
        }
        vec![p1, p2]
    }

    fn conclusion(&self) -> Vec<String> {
        let lang = self.lang;
        let e = self.e;
        let r = self.r;
        let list = |v: Verdict| {
            ALL_CONSTRAINTS
                .iter()
                .filter(|&&c| e.verdict(c) == v)
                .map(|&c| constraint_label(c, lang))
                .collect::<Vec<_>>()
                .join(lang.pick(", ", "、"))
        };
        let (fails, warns) = (list(Verdict::Fail), list(Verdict::Warn));
        let mut out = Vec::new();
        let binding = r.binding();
        let bname = constraint_label(binding, lang);
        let bh = r.headroom(binding).map(fmt_pct).unwrap_or_default();
        let model = self.model_desc();
        let first = if e.all_met() {
            tr!(
                lang,
                "Every constraint is met: the device suits {0}. The binding constraint is {1} ({2} headroom).",
                "所有约束均满足：该设备适合部署{0}。最紧的约束是{1}（余量 {2}）。",
                model,
                bname,
                bh
            )
        } else {
            tr!(
                lang,
                "As configured, {0} does not fit: {1} fail. The binding constraint is {2} ({3} headroom).",
                "按当前配置，{0}不适合该设备，不通过的约束：{1}。最紧的约束是{2}（余量 {3}）。",
                model,
                fails,
                bname,
                bh
            )
        };
        out.push(first);
        if !warns.is_empty() {
            out.push(tr!(
                lang,
                "Uncertain (close to the limit, or the ranges and the speed band straddle it): {0}.",
                "不确定（接近上限，或输入区间与速度区间跨越上限）：{0}。",
                warns
            ));
        }
        if let Model::Llm(m) = &self.s.model {
            if matches!(e.verdict(Constraint::Tpot), Verdict::Fail | Verdict::Warn)
                || e.verdict(Constraint::Bandwidth) == Verdict::Fail
            {
                out.push(self.tpot_remedies(m));
            }
            if e.verdict(Constraint::Ttft) == Verdict::Fail {
                let passes =
                    edgefit_core::analysis::latency::weight_passes(self.s, self.s.targets.prompt);
                let one_pass = r.ttft.memory_time.0 / passes;
                let floor = one_pass + r.ttft.cold_start.map_or(0.0, |c| c.0);
                let none_fit = self.e.band(|r| r.ttft.max_prompt).1 < 1.0;
                if none_fit && floor < r.ttft.target.0 {
                    out.push(tr!(
                        lang,
                        "For TTFT: no prompt is short enough, as even a one-token prefill takes longer: more effective compute, a smaller model, or a looser TTFT target.",
                        "TTFT：再短的提示词也不够，连一个 token 的预填充都超时：需要更高的有效算力、更小的模型，或放宽 TTFT 目标。"
                    ));
                } else if none_fit {
                    let mt = fmt_ms(one_pass);
                    out.push(tr!(
                        lang,
                        "For TTFT: no prompt is short enough, as one pass over the weights takes {0}: fewer weight bytes (fewer bits, a smaller model), faster memory, or a looser TTFT target.",
                        "TTFT：再短的提示词也不够，读一遍权重就要 {0}：需要更少的权重字节（更低位宽或更小的模型）、更快的内存，或放宽 TTFT 目标。",
                        mt
                    ));
                } else {
                    let mp = self.band(|r| r.ttft.max_prompt, fmt_int, "");
                    out.push(tr!(
                        lang,
                        "For TTFT: keep the prompt under ≈{0} tokens, or compute the fixed system prompt's KV cache once and reuse it.",
                        "TTFT：提示词控制在约 {0} token 以内，或预先计算并复用固定系统提示词的 KV Cache。",
                        mp
                    ));
                }
            }
        }
        if let Model::OneShot(m) = &self.s.model {
            if e.verdict(Constraint::Bandwidth) == Verdict::Fail {
                let b = &r.bandwidth;
                let per = fmt_gb(b.bytes_per_token.0);
                let need = with_unit(&fmt_num(b.needed.0 / 1e9, 3), "GB/s");
                let eff = with_unit(&fmt_num(b.effective.0 / 1e9, 3), "GB/s");
                let fps = fmt_num(m.fps, 3);
                let max = fmt_num(m.fps * (b.effective / b.needed), 3);
                out.push(tr!(
                    lang,
                    "For bandwidth: each inference moves {0}; {1} per second need {2} of the {3} effective. Lower the rate to ≈{4} per second, or shrink the weights and activations.",
                    "带宽：每次推理搬运 {0}，每秒 {1} 次需要 {2}，有效带宽只有 {3}。需把频率降到约每秒 {4} 次，或压缩权重和激活。",
                    per,
                    fps,
                    need,
                    eff,
                    max
                ));
            }
        }
        if e.verdict(Constraint::Memory) == Verdict::Fail {
            out.push(tr!(
                lang,
                "For memory: fewer bits per weight, a smaller KV cache (shorter context, INT8 KV, GQA) or a smaller model.",
                "内存：降低权重位宽、缩小 KV Cache（缩短上下文、INT8 KV、GQA）或换更小的模型。"
            ));
        }
        if matches!(e.verdict(Constraint::Power), Verdict::Fail | Verdict::Warn)
            || matches!(
                e.verdict(Constraint::Thermal),
                Verdict::Fail | Verdict::Warn
            )
        {
            out.push(tr!(
                lang,
                "For power and heat: limit concurrent tasks or lower the frequency; moving fewer bytes per token also lowers DRAM power.",
                "功耗与散热：限制并发任务或降低频率；减少每 token 搬运的字节也能降低内存功耗。"
            ));
        }
        out
    }

    fn model_desc(&self) -> String {
        let lang = self.lang;
        let n = fmt_params_b(self.s.model.total_params());
        let bits = fmt_num(self.s.quant.weight_bits, 3);
        tr!(
            lang,
            "a {0}, {1}-bit model",
            "{0} 参数、{1} 位量化的模型",
            n,
            bits
        )
    }

    /// The seed's troubleshooting order, kept to what the numbers support: the KV cache first, then the
    /// per-token overhead (logging, debug output), then a shorter context; then smaller weights or faster
    /// memory.
    fn tpot_remedies(&self, m: &Llm) -> String {
        let lang = self.lang;
        let (b, tp, t) = (&self.r.bandwidth, &self.r.tpot, &self.s.targets);
        if t.token_overhead.0 >= t.tpot.0 {
            // Nothing else helps while the fixed cost alone exceeds the target.
            let o = fmt_ms(t.token_overhead.0);
            let target = fmt_ms(t.tpot.0);
            return tr!(
                lang,
                "To bring TPOT down, first cut the fixed per-token overhead ({0}: logging, debug output, synchronization) below the {1} target: it alone exceeds it, so no smaller model, KV cache or faster memory helps before that.",
                "要降低 TPOT，首先把每 token 的固定开销（{0}：日志、调试输出、同步等）降到目标 {1} 以下：它本身就超过了目标，在此之前换更小的模型、更小的 KV Cache 或更快的内存都无济于事。",
                o,
                target
            );
        }
        if tp.bound == Bound::Compute {
            // Arithmetic binds: fewer bytes (a smaller KV cache, faster memory) would not help.
            let ct = fmt_ms(tp.compute_time.0);
            let mt = fmt_ms(tp.memory_time.0);
            let need = fmt_tops(self.r.compute.needed.0);
            let eff = fmt_tops(self.r.compute.effective.0);
            return tr!(
                lang,
                "To bring TPOT down, first: decode is compute-bound here ({0} of arithmetic per token against {1} of memory traffic), so it needs ≈{2} of effective compute where the device gives {3}, or a model with fewer operations per token; a smaller KV cache or faster memory would not help.",
                "要降低 TPOT，首先：这里的解码受算力限制（每 token 计算 {0}，访存 {1}），需要约 {2} 的有效算力（设备只有 {3}），或每 token 运算更少的模型；缩小 KV Cache 或换更快的内存都无济于事。",
                ct,
                mt,
                need,
                eff
            );
        }
        let mut items: Vec<String> = Vec::new();
        let kv_share = b.kv_read / b.bytes_per_token;
        if kv_share > 0.1 {
            let share = fmt_pct(kv_share);
            let mut s2 = self.s.clone();
            s2.quant.kv_bits = (s2.quant.kv_bits / 2.0).max(4.0);
            let kv8 = fmt_ms(analysis::analyze(&s2).tpot.full.0);
            let kvb = fmt_num(s2.quant.kv_bits, 2);
            let mut it = tr!(
                lang,
                "the KV cache is {0} of the bytes each token moves: with the KV cache at {1} bits TPOT drops to {2}",
                "KV Cache 占每 token 搬运量的 {0}：KV 改为 {1} 位后 TPOT 为 {2}",
                share,
                kvb,
                kv8
            );
            if m.attention.kv_width >= m.attention.q_width && m.attention.q_width / 8.0 >= 64.0 {
                let mut s3 = self.s.clone();
                if let Model::Llm(m3) = &mut s3.model {
                    m3.attention.kv_width = m.attention.q_width / 8.0;
                }
                let g = fmt_ms(analysis::analyze(&s3).tpot.full.0);
                it.push_str(&tr!(
                    lang,
                    ", GQA with 1/8 of the KV heads to {0}",
                    "，GQA（KV 头数 1/8）后为 {0}",
                    g
                ));
            }
            items.push(it);
        }
        if t.token_overhead.0 > 0.0 {
            let o = fmt_ms(t.token_overhead.0);
            let share = fmt_pct(t.token_overhead / tp.full);
            items.push(tr!(
                lang,
                "turn off logging and debug output: the {0} per-token overhead is {1} of TPOT",
                "关闭不必要的日志和调试输出：每 token {0} 的固定开销占 TPOT 的 {1}",
                o,
                share
            ));
        }
        let hopeless = match tp.crossing {
            Crossing::At(c) if c >= 1.0 && c < t.context => {
                let c = fmt_int(c);
                items.push(tr!(
                    lang,
                    "shorten the context to ≤ {0} tokens",
                    "把上下文缩短到 {0} token 以内",
                    c
                ));
                false
            }
            Crossing::At(c) => c < 1.0,
            Crossing::Always => true,
            Crossing::Never => false,
        };
        if hopeless || items.is_empty() {
            let empty = fmt_ms(tp.empty.0);
            let n = fmt_params_b(b.params_with_kv);
            let bw = with_unit(
                &fmt_num(b.needed.0 / self.s.device.bandwidth_util / 1e9, 3),
                "GB/s",
            );
            items.push(if b.params_with_kv < NO_PARAMS {
                tr!(
                    lang,
                    "at this context the KV read alone fills the budget, so no model of any size meets the target: shorten the context, shrink the KV cache (fewer KV heads or bits), or use memory with {0} peak",
                    "在此上下文下仅 KV 读取就占满预算，任何大小的模型都无法达标：缩短上下文、缩小 KV Cache（更少的 KV 头或更低位宽），或使用峰值带宽 {0} 的内存",
                    bw
                )
            } else if hopeless {
                tr!(
                    lang,
                    "a shorter context alone is not enough (an empty cache still gives {0}): the weights must shrink to ≈{1} parameters at this context, or the memory must reach {2} peak",
                    "仅缩短上下文不够（空缓存也要 {0}）：需在此上下文下把模型压到约 {1} 参数，或内存峰值带宽达到 {2}",
                    empty,
                    n,
                    bw
                )
            } else {
                tr!(
                    lang,
                    "shrink the weights to ≈{0} parameters at this context, or use memory with {1} peak",
                    "在此上下文下把模型压到约 {0} 参数，或使用峰值带宽 {1} 的内存",
                    n,
                    bw
                )
            });
        }
        let joined = items.join(lang.pick("; then ", "；其次，"));
        tr!(
            lang,
            "To bring TPOT down, first: {0}.",
            "要降低 TPOT，首先：{0}。",
            joined
        )
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
mod tests {
    use super::fill;

    #[test]
    fn fill_places_arguments_by_index() {
        assert_eq!(fill("no places", &[]), "no places");
        assert_eq!(fill("{1} × {0} = {1}", &["a", "b"]), "b × a = b");
        let args: Vec<String> = (0..12).map(|i| i.to_string()).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_eq!(fill("{11}·{10}·{0}。", &args), "11·10·0。");
    }
}
