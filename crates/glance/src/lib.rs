//! # edgefit-glance
//!
//! What the page shows first. A person opens edgefit from a link, often on a phone; the full page (Leptos,
//! every view, both languages, the charts and the import) is several hundred kilobytes. This crate holds the
//! part of the page that needs no framework: a link's scenario read and checked ([`check`]), its verdict
//! strip ([`verdicts`]) and key numbers ([`numbers`]) in words, all plain data computed by the one engine
//! ([`edgefit_core::evaluate`]) and worded by [`edgefit_text`].
//!
//! The page (`edgefit-web`) renders these same values in its views. This crate's binary (`src/main.rs`,
//! built to wasm by `tools/glance.mjs` during the page's build) paints them with a few DOM calls into a
//! `<main id="glance">` as soon as it has loaded, and the page's loader (`boot.js`) fetches the full page
//! after it; the full page removes the glance when it mounts.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod numbers;
pub mod verdicts;

use edgefit_core::codec;
use edgefit_text::Lang;

pub use check::{Checked, Good};
pub use numbers::{key_numbers, Num};
pub use verdicts::{headroom_text, verdict_icon, Strip};

/// The link key that pins a scenario for comparison (its value is the pinned scenario's own hash).
pub const PIN_KEY: &str = "pin";

/// Link keys that belong to the page, not to the engine's scenario: its language, the compact embedded
/// view, the pinned scenario.
pub const PAGE_KEYS: &[&str] = &["lang", "embed", PIN_KEY];

/// What the first glance shows for a link: its language, what is judged, the verdict strip and the key
/// numbers — the values the full page shows for the same link.
#[derive(Debug, Clone, PartialEq)]
pub struct Glance {
    /// The page's language for this link (`lang=` in the link, else the browser's).
    pub lang: Lang,
    /// The link asks for the compact embedded view (`embed=1`).
    pub embed: bool,
    /// What the results judge, in one line ([`edgefit_text::judged_line`]).
    pub judged: String,
    /// The verdict strip.
    pub strip: Strip,
    /// The key numbers.
    pub numbers: Vec<Num>,
}

/// The first glance of a link hash (with or without its `#`), for a browser whose language is
/// `browser_lang`. `None` for a pipeline link (several models: its own view) and when no scenario can be
/// computed (the full page explains why). A link with bad keys shows what the full page shows: each bad
/// key at its default, the rest as linked.
#[must_use]
pub fn glance(hash: &str, browser_lang: Lang) -> Option<Glance> {
    if edgefit_core::pipeline::link::decode(hash, PAGE_KEYS).staged {
        return None;
    }
    let d = codec::decode(hash, PAGE_KEYS);
    let extra = |key: &str| {
        d.extras
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let lang = extra("lang")
        .and_then(Lang::from_code)
        .unwrap_or(browser_lang);
    let embed = extra("embed").is_some_and(|v| v != "0");
    let good = match check::check_read(&d.inputs, &[]) {
        Checked::Good(g) => g,
        Checked::Bad(bad) => check::fallback(&d.inputs, &bad)?,
    };
    Some(Glance {
        lang,
        embed,
        judged: edgefit_text::judged_line(&good.inputs, &good.scenarios, lang),
        strip: Strip::of(&good.evaluation),
        numbers: key_numbers(&good, lang),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::{Verdict, ALL_CONSTRAINTS};

    fn value(g: &Glance, id: &str) -> String {
        g.numbers
            .iter()
            .find(|n| n.id == id)
            .map(|n| n.value.clone())
            .unwrap_or_else(|| panic!("no number {id}"))
    }

    #[test]
    fn the_default_page_glances_at_the_seed_example() {
        let g = glance("", Lang::En).expect("the default scenario computes");
        assert_eq!(g.lang, Lang::En);
        assert!(!g.embed);
        assert_eq!(g.strip.cards.len(), ALL_CONSTRAINTS.len());
        // The seed's worked example: TPOT at full context 85.8 ms (SPEC golden, ±0.05 ms by formatting).
        assert_eq!(value(&g, "tpot-full"), "85.8");
        assert!(!g.strip.all_met);
        assert_eq!(g.strip.summary(), edgefit_text::Ui::NotAllMet);
    }

    #[test]
    fn the_link_language_wins_over_the_browser_and_a_bad_one_falls_back() {
        assert_eq!(glance("#v=2&lang=zh", Lang::En).unwrap().lang, Lang::Zh);
        assert_eq!(glance("#v=2", Lang::Zh).unwrap().lang, Lang::Zh);
        assert_eq!(glance("#v=2&lang=fr", Lang::En).unwrap().lang, Lang::En);
        let zh = glance("#v=2&lang=zh", Lang::En).unwrap();
        assert!(
            zh.numbers.iter().any(|n| n.label == "解码速度"),
            "{:?}",
            zh.numbers
        );
    }

    #[test]
    fn a_bad_value_shows_the_page_fallback_and_the_rest_of_the_link() {
        let bad = glance("#v=2&bw_gbps=abc&tpot_ms=500", Lang::En).unwrap();
        let fine = glance("#v=2&tpot_ms=500", Lang::En).unwrap();
        assert_eq!(bad, fine);
        assert_eq!(
            bad.strip.cards[ALL_CONSTRAINTS
                .iter()
                .position(|&c| c == edgefit_core::Constraint::Tpot)
                .unwrap()]
            .0,
            Verdict::Pass
        );
    }

    #[test]
    fn a_pipeline_link_has_no_single_model_glance() {
        assert_eq!(glance("#v=2&stages=asr,llm,tts", Lang::En), None);
    }

    #[test]
    fn an_embed_link_says_so() {
        assert!(glance("#v=2&embed=1", Lang::En).unwrap().embed);
        assert!(!glance("#v=2&embed=0", Lang::En).unwrap().embed);
    }
}
