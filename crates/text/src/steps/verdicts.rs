//! The framework, inference and conclusion steps, and the remedies they name.

use super::*;

impl Cx<'_> {
    pub(super) fn framework(&self) -> Vec<String> {
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
        let mut out = vec![head];
        if let Some(loads) = self.formats_loaded(&f.support) {
            out.push(loads);
        }
        out.push(zc);
        out
    }

    /// Where a named format is refused: the formats the framework loads on this device, by name.
    fn formats_loaded(&self, support: &Support) -> Option<String> {
        let lang = self.lang;
        let Support::Unsupported { reasons } = support else {
            return None;
        };
        if !reasons.iter().any(|m| matches!(m, Mismatch::Format { .. })) {
            return None;
        }
        let fw = self.s.framework;
        let sep = lang.pick(", ", "、");
        let list = fw
            .formats
            .iter()
            .filter(|l| fw.loads(l.quant, self.s.device_preset))
            .map(|l| format_name(l.quant, lang))
            .collect::<Vec<_>>()
            .join(sep);
        Some(tr!(
            lang,
            "The quantization formats it loads here: {0}.",
            "它在此设备上可加载的量化格式：{0}。",
            list
        ))
    }

    pub(super) fn mismatches(&self, reasons: &[Mismatch]) -> String {
        let lang = self.lang;
        let sep = lang.pick("; ", "；");
        reasons
            .iter()
            .map(|m| mismatch_text(m, lang))
            .collect::<Vec<_>>()
            .join(sep)
    }

    pub(super) fn inference(&self) -> Vec<String> {
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

    pub(super) fn conclusion(&self) -> Vec<String> {
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
        let first = if e.all_met() && !warns.is_empty() {
            tr!(
                lang,
                "No constraint fails for certain, but some are uncertain (below), so {0} may not fit this device. The binding constraint is {1} ({2} headroom).",
                "{0}能否部署尚不确定：没有确定不通过的约束，但有约束不确定（见下）。最紧的约束是{1}（余量 {2}）。",
                model,
                bname,
                bh
            )
        } else if e.all_met() {
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

    pub(super) fn model_desc(&self) -> String {
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
    pub(super) fn tpot_remedies(&self, m: &Llm) -> String {
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
