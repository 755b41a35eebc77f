//! The key numbers a deployment engineer asks first, in words: value, band across the input ranges, unit.

use edgefit_core::analysis::Report;
use edgefit_text::{self as text, term, Lang, Term, Ui};

use crate::check::Good;

/// One key number: label, expected value (with a test id), its band across the input ranges, and unit.
#[derive(Debug, Clone, PartialEq)]
pub struct Num {
    /// The test id (`decode-tps`), stable across languages.
    pub id: &'static str,
    /// The label, in the page's language.
    pub label: &'static str,
    /// The expected value, formatted.
    pub value: String,
    /// The band across the input ranges (or a note), when there is one.
    pub band: Option<String>,
    /// The unit.
    pub unit: &'static str,
}

fn num(
    g: &Good,
    id: &'static str,
    label: &'static str,
    unit: &'static str,
    f: impl Fn(&Report) -> f64,
) -> Num {
    let x = f(&g.evaluation.expected);
    let (lo, hi) = g.evaluation.band(&f);
    let fmt = |x: f64| text::fmt_num(x, 3);
    let band = (fmt(lo) != fmt(hi)).then(|| format!("{}–{}", fmt(lo), fmt(hi)));
    Num {
        id,
        label,
        value: fmt(x),
        band,
        unit,
    }
}

/// The key numbers of a good scenario, in the page's order, each with its test id.
#[must_use]
pub fn key_numbers(g: &Good, lang: Lang) -> Vec<Num> {
    let one_shot = matches!(
        g.scenarios.expected.model,
        edgefit_core::model::Model::OneShot(_)
    );
    let mut v = Vec::new();
    if !one_shot {
        v.push(num(
            g,
            "decode-tps",
            Ui::DecodeTps.text(lang),
            "tok/s",
            |r| r.speed.decode_tps.unwrap_or(f64::NAN),
        ));
        v.push(num(
            g,
            "prefill-tps",
            Ui::PrefillTps.text(lang),
            "tok/s",
            |r| r.speed.prefill_tps.unwrap_or(f64::NAN),
        ));
        // With several streams each gets this TPOT (one step serves them all).
        let tpot_label = if g.scenarios.expected.targets.streams > 1.0 {
            term(Term::TpotPerStream, lang)
        } else {
            Ui::TpotFull.text(lang)
        };
        v.push(num(g, "tpot-full", tpot_label, "ms", |r| r.tpot.full.ms()));
        v.push(num(g, "tpot-empty", Ui::TpotEmpty.text(lang), "ms", |r| {
            r.tpot.empty.ms()
        }));
        // A draft model (#25): the effective decode rate, and whether it pays.
        if let Some(sp) = &g.evaluation.expected.speculative {
            v.push(num(
                g,
                "spec-tps",
                term(Term::SpecDecodeTps, lang),
                "tok/s",
                |r| r.speculative.as_ref().map_or(f64::NAN, |x| 1.0 / x.tpot.0),
            ));
            let mut up = num(
                g,
                "spec-speedup",
                term(Term::SpecSpeedup, lang),
                "×",
                |r| r.speculative.as_ref().map_or(f64::NAN, |x| x.speedup),
            );
            let pays = term(
                if sp.speedup > 1.0 {
                    Term::Pays
                } else {
                    Term::DoesNotPay
                },
                lang,
            );
            let sep = if lang == Lang::Zh { "；" } else { "; " };
            up.band = Some(
                up.band
                    .map_or_else(|| pays.to_string(), |b| format!("{b}{sep}{pays}")),
            );
            v.push(up);
        }
    }
    if !one_shot {
        v.extend(streams(g, lang));
    }
    v.push(num(g, "ttft", Ui::Ttft.text(lang), "ms", |r| {
        r.ttft.ttft.ms()
    }));
    v.push(num(g, "eff-bw", Ui::EffBw.text(lang), "GB/s", |r| {
        r.bandwidth.effective.gbps()
    }));
    v.push(num(
        g,
        "eff-compute",
        Ui::EffCompute.text(lang),
        "TOPS",
        |r| r.compute.effective.tops(),
    ));
    let mut mem = num(g, "memory-total", Ui::MemoryTotal.text(lang), "GB", |r| {
        r.memory.total.gb()
    });
    mem.unit = "GB";
    let usable = text::fmt_num(g.evaluation.expected.memory.usable.gb(), 3);
    mem.band = Some(match (mem.band, lang) {
        (Some(b), Lang::En) => format!("{b}; usable {usable} GB"),
        (Some(b), Lang::Zh) => format!("{b}；可用 {usable} GB"),
        (None, Lang::En) => format!("usable {usable} GB"),
        (None, Lang::Zh) => format!("可用 {usable} GB"),
    });
    v.push(mem);
    v.push(num(g, "file-size", Ui::FileSize.text(lang), "GB", |r| {
        r.storage.file.gb()
    }));
    v.push(num(g, "power", Ui::Power.text(lang), "W", |r| {
        r.power.total.0
    }));
    // What one answer costs (#25): its energy and time, and on a battery how many a charge gives.
    v.push(num(
        g,
        "energy-answer",
        term(Term::EnergyPerAnswer, lang),
        "J",
        |r| r.energy.per_answer.0,
    ));
    v.push(num(
        g,
        "answer-time",
        term(Term::AnswerTime, lang),
        "s",
        |r| r.energy.answer_time.0,
    ));
    if g.evaluation.expected.energy.answers_per_charge.is_some() {
        v.push(num(
            g,
            "answers-charge",
            term(Term::AnswersPerCharge, lang),
            "",
            |r| r.energy.answers_per_charge.map_or(f64::NAN, f64::floor),
        ));
        v.push(num(
            g,
            "hours-charge",
            term(Term::HoursPerCharge, lang),
            "h",
            |r| r.energy.hours_per_charge.unwrap_or(f64::NAN),
        ));
    }
    let ttt = g.evaluation.expected.thermal.time_to_throttle;
    let mut th = num(g, "throttle", Ui::Throttle.text(lang), "s", |r| {
        r.thermal.time_to_throttle.map_or(f64::INFINITY, |t| t.0)
    });
    if ttt.is_none() {
        th.value = Ui::Never.text(lang).to_string();
        th.unit = "";
    }
    if th.band.as_deref().is_some_and(|b| b.contains('∞')) {
        // The seconds carry their unit: "96.7 s–never".
        th.band = Some(format!("{} s–{}", th.band_low(), Ui::Never.text(lang)));
    }
    v.push(th);
    v
}

/// Streams (#25): with several, the KV cache each keeps and what they decode together; always, the most
/// streams the targets allow and what one more breaks.
fn streams(g: &Good, lang: Lang) -> Vec<Num> {
    use edgefit_core::analysis::concurrency;
    let (s, r) = (&g.scenarios.expected, &g.evaluation.expected);
    let mut v = Vec::new();
    if s.targets.streams > 1.0 {
        if let Some(st) = concurrency::streams(s, r) {
            v.push(Num {
                id: "kv-stream",
                label: term(Term::KvPerStream, lang),
                value: text::fmt_num(st.kv_per_stream.gb(), 3),
                band: None,
                unit: "GB",
            });
        }
        let n = s.targets.sequences();
        v.push(num(
            g,
            "aggregate-tps",
            term(Term::AggregateTps, lang),
            "tok/s",
            |r| n / r.tpot.full.0,
        ));
    }
    if let Some(m) = concurrency::max_streams(s) {
        let sep = if lang == Lang::Zh { "" } else { " " };
        let band = match m.binding {
            Some(c) if m.streams < 1.0 => format!(
                "{}{sep}{}",
                term(Term::NoneFits, lang),
                text::constraint_label(c, lang)
            ),
            Some(c) => format!(
                "{}{sep}{}",
                term(Term::OneMoreBreaks, lang),
                text::constraint_label(c, lang)
            ),
            None => term(Term::OrMore, lang).to_string(),
        };
        v.push(Num {
            id: "max-streams",
            label: term(Term::MaxStreams, lang),
            value: text::fmt_int(m.streams),
            band: Some(band),
            unit: "",
        });
    }
    v
}

impl Num {
    /// The band's lower end as written ("96.7" of "96.7–never").
    #[must_use]
    pub fn band_low(&self) -> String {
        self.band
            .as_deref()
            .and_then(|b| b.split('–').next())
            .unwrap_or("")
            .to_string()
    }
}
