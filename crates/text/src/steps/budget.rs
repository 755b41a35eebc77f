//! The weight budget, the KV cache's reads, memory and storage steps.

use super::*;

impl Cx<'_> {
    pub(super) fn weight_budget(&self, m: &Llm) -> Vec<String> {
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
        let mut out = vec![p1, p2, p3];
        // A draft that pays (#25): the bandwidth the target needs is judged on the bytes an output token
        // moves on average (`analysis::speculative::bytes_per_output_token`).
        if let Some(sp) = self.r.speculative.as_ref().filter(|sp| sp.speedup > 1.0) {
            let per = edgefit_core::analysis::speculative::bytes_per_output_token(sp, b);
            out.push(tr!(
                lang,
                "With the draft model, an output token moves {0} on average ({1} draft steps and one pass of the model over {2} tokens per step), so the target needs {3} of bandwidth, not the plain step's figure.",
                "有草稿模型时，每个输出 token 平均搬运 {0}（每轮 {1} 次草稿解码加一次目标模型验证，平均得到 {2} 个 token），因此目标所需带宽为 {3}，而非普通解码的数值。",
                fmt_gb(per.0),
                fmt_int(sp.draft_len),
                fmt_num(sp.tokens_per_step, 3),
                format!("{} GB/s", fmt_num(b.needed.0 / 1e9, 3))
            ));
        }
        out
    }

    pub(super) fn kv_read(&self, m: &Llm) -> (Vec<String>, Option<String>) {
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
    pub(super) fn gqa_what_if(&self, m: &Llm) -> Option<String> {
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

    pub(super) fn memory(&self) -> Vec<String> {
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
    pub(super) fn layout_texts(&self, m: &Llm) -> Vec<String> {
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
                a.held_elements_per_token() * self.s.quant.kv_bytes() * t.context * t.sequences()
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
        if split.shared_layers > 0.0 {
            let (n, held) = (
                fmt_int(split.shared_layers),
                fmt_int(split.full_layers + split.local_layers),
            );
            out.push(tr!(
                lang,
                "{0} layers reuse an earlier layer's K and V: they store no cache of their own, so {1} layers hold it, but each still reads one every token (the decode reads count all of them).",
                "{0} 层复用前面某层的 K 和 V：自己不存缓存，因此只有 {1} 层占用缓存，但每个 token 仍各读一遍（解码读取量按全部层计）。",
                n,
                held
            ));
        }
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
    pub(super) fn moe_text(&self, m: &Llm) -> Option<String> {
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

    pub(super) fn storage(&self) -> Vec<String> {
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
}
