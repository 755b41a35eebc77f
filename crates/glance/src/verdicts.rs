//! The verdict strip in words: one card per constraint (verdict, icon, headroom), the summary and the
//! constraint that binds.

use edgefit_core::{Constraint, Evaluation, Verdict, ALL_CONSTRAINTS};
use edgefit_text::{self as text, Lang, Ui};

/// What the verdict strip shows, in [`ALL_CONSTRAINTS`] order: (verdict, headroom) per constraint.
#[derive(Debug, Clone, PartialEq)]
pub struct Strip {
    /// Every constraint is met (pass or warn) at every corner of the ranges.
    pub all_met: bool,
    /// The constraint with the least headroom.
    pub binding: Constraint,
    /// (verdict, headroom as a fraction) per constraint, in [`ALL_CONSTRAINTS`] order.
    pub cards: Vec<(Verdict, Option<f64>)>,
}

impl Strip {
    /// The strip of an evaluation.
    #[must_use]
    pub fn of(e: &Evaluation) -> Self {
        Strip {
            all_met: e.all_met(),
            binding: e.expected.binding(),
            cards: ALL_CONSTRAINTS
                .iter()
                .map(|&c| (e.verdict(c), e.expected.headroom(c)))
                .collect(),
        }
    }

    /// The summary's word: every target met, met but uncertain (a card warns), or not all met.
    #[must_use]
    pub fn summary(&self) -> Ui {
        let uncertain = self.cards.iter().any(|&(v, _)| v == Verdict::Warn);
        if self.all_met && uncertain {
            Ui::Uncertain
        } else if self.all_met {
            Ui::AllMet
        } else {
            Ui::NotAllMet
        }
    }
}

/// The icon that goes with a verdict's word (colour is never the only signal).
#[must_use]
pub fn verdict_icon(v: Verdict) -> &'static str {
    match v {
        Verdict::Pass => "✓",
        Verdict::Warn => "!",
        Verdict::Fail => "✗",
        Verdict::NotApplicable => "–",
    }
}

/// The headroom of a constraint in words: "headroom 25%" or "over by 72%".
#[must_use]
pub fn headroom_text(h: Option<f64>, lang: Lang) -> String {
    match h {
        None => String::new(),
        Some(h) if h >= 0.0 => format!("{} {}", Ui::Headroom.text(lang), text::fmt_pct(h)),
        Some(h) => format!("{} {}", Ui::Over.text(lang), text::fmt_pct(-h)),
    }
}
