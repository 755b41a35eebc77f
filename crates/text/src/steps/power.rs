//! The power, energy and heat steps.

use super::*;

impl Cx<'_> {
    pub(super) fn power(&self) -> Vec<String> {
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
    pub(super) fn energy(&self) -> String {
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
        // A draft that pays (#25): the decode is timed and its traffic counted at the effective step.
        if self
            .r
            .speculative
            .as_ref()
            .is_some_and(|sp| sp.speedup > 1.0)
        {
            out.push_str(lang.pick(" ", ""));
            out.push_str(&tr!(
                lang,
                "The decode is counted at the draft's effective step (its time and the bytes an output token moves), at the same power.",
                "解码按草稿模型的有效步长计（每个输出 token 的用时与搬运字节），功率不变。"
            ));
        }
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

    pub(super) fn rate_unit(&self) -> &'static str {
        match (&self.s.model, self.lang) {
            (Model::Llm(_), Lang::En) => "tokens/s",
            (Model::Llm(_), Lang::Zh) => "token/秒",
            (Model::OneShot(_), Lang::En) => "inferences/s",
            (Model::OneShot(_), Lang::Zh) => "次/秒",
        }
    }

    pub(super) fn step_unit(&self) -> &'static str {
        match (&self.s.model, self.lang) {
            (Model::Llm(_), Lang::En) => "token",
            (Model::Llm(_), Lang::Zh) => " token ",
            (Model::OneShot(_), Lang::En) => "inference",
            (Model::OneShot(_), Lang::Zh) => "次推理",
        }
    }

    pub(super) fn thermal(&self) -> (Vec<String>, Option<String>) {
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
}
