//! The compute and prefill steps, with images, speculative decoding and concurrent streams.

use super::*;

impl Cx<'_> {
    /// Vision-language models (#24): what the prompt's images cost before the language model's prefill.
    pub(super) fn vision_prefill(&self) -> Option<String> {
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
        let rho = self.s.device.vision_ratio;
        let fit = edgefit_core::calibration::VISION;
        let num = |x: f64| fmt_num(x, 3);
        let origin = if fit.kept && (rho - fit.ratio).abs() < 1e-9 {
            tr!(
                lang,
                "fitted on {0} published encoder times from {1} sources, each source left out; band {2}–{3}",
                "基于 {1} 个来源的 {0} 条公开编码器实测拟合，逐一留出来源检验；区间 {2}～{3}",
                fmt_int(fit.rows as f64),
                fmt_int(fit.sources as f64),
                num(fit.band.0),
                num(fit.band.1)
            )
        } else if (rho - edgefit_core::calibration::VISION_PRIOR).abs() < 1e-9 && fit.kept {
            tr!(
                lang,
                "the prior, as efficient as the prompt; a device preset sets the {0} fitted on published encoder times",
                "先验值，与提示词同样高效；选择设备预设时取基于公开编码器实测拟合的 {0}",
                num(fit.ratio)
            )
        } else if (rho - edgefit_core::calibration::VISION_PRIOR).abs() < 1e-9 {
            tr!(
                lang,
                "the prior, as efficient as the prompt",
                "先验值，与提示词同样高效"
            )
        } else {
            tr!(lang, "as entered", "按输入值")
        };
        Some(tr!(
            lang,
            "Images: {0} image(s) of {1}, each {2}: {3} encoder passes and {4} image tokens, which are part of the prompt above. The image encoder ({5}, {6} layers of {7}) runs {8} GFLOP at its own efficiency, η_c × {13} ({14}): {9} effective FP16 → {10}; reading its weights once per pass takes {11}. It adds {12} before the language model's prefill: TTFT includes it.",
            "图像：{0} 张 {1} 的图，每张{2}：编码器运行 {3} 次，产生 {4} 个图像 token，已计入上面的提示词。图像编码器（{5}，{6} 层、宽 {7}）计算 {8} GFLOP，按其自身效率 η_c × {13}（{14}）即 FP16 有效算力 {9} 需 {10}；每次读一遍其权重需 {11}。它在语言模型预填充之前增加 {12}：TTFT 已包含。",
            images,
            size,
            how,
            fmt_int(c.passes),
            fmt_int(c.tokens),
            fmt_params_b(v.tower.params + v.tower.proj),
            fmt_int(v.tower.layers),
            fmt_int(v.tower.hidden),
            fmt_num(c.ops.0 / 1e9, 3),
            fmt_tops(c.effective.0),
            fmt_ms(c.compute_time.0),
            fmt_ms(c.memory_time.0),
            fmt_ms(c.time.0),
            num(rho),
            origin
        ))
    }

    pub(super) fn compute_peak(&self) -> String {
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

    pub(super) fn compute(&self) -> Vec<String> {
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
    pub(super) fn speculative(&self) -> Option<String> {
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
        // When it pays, the TPOT target is judged on the effective figure (`analysis::analyze`).
        let judged = (sp.speedup > 1.0).then(|| {
            tr!(
                lang,
                "The TPOT target is judged on this effective {0} against {1}.",
                "TPOT 目标按这一有效值 {0} 判断（目标 {1}）。",
                fmt_ms(sp.tpot.0),
                fmt_ms(self.r.tpot.target.0)
            )
        });
        let mut out = head + lang.pick(" ", "") + &why;
        if let Some(j) = judged {
            out.push_str(lang.pick(" ", ""));
            out.push_str(&j);
        }
        Some(out)
    }

    /// Concurrency (#25): what each stream and all of them get, and the most streams the targets allow.
    pub(super) fn streams(&self) -> Option<String> {
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
            Some(b) if most.streams < 2.0 => tr!(
                lang,
                " The targets allow one stream on this device; a second breaks {0}.",
                "该设备在目标内只支持 1 路；再多一路就会突破{0}。",
                crate::constraint_label(b, lang)
            ),
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

    pub(super) fn prefill(&self, m: &Llm) -> (Vec<String>, Option<String>) {
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
}
