//! # edgefit-text
//!
//! The words of edgefit, in English and Simplified Chinese. The engine ([`edgefit_core`]) returns typed
//! results and knows no strings for people; this crate renders them: labels for every input, unit, group,
//! constraint and verdict; messages for validation errors and link issues; readable numbers; the
//! step-by-step accounting in the seed's order; and the Markdown report.
//!
//! It is what the page (compiled to wasm) and the CLI share, so it stays small: pure functions, no
//! dependencies beyond the engine, no tables beyond the words themselves.
//!
//! ```
//! use edgefit_core::{Constraint, Field};
//! use edgefit_text::{constraint_label, field_label, fmt_num, Lang};
//!
//! assert_eq!(field_label(Field::PeakInt8Tops, Lang::En), "Peak INT8 compute");
//! assert_eq!(constraint_label(Constraint::Tpot, Lang::Zh), "每字延迟 TPOT");
//! assert_eq!(fmt_num(85.83, 3), "85.8");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod advice;
mod errors;
mod import;
mod labels;
mod num;
mod pipeline;
mod report;
mod steps;
mod terms;
mod ui;

pub use advice::{advice_text, change_text, difference_text, figure_text, sensitivity_text};
pub use errors::{
    codec_issue, codec_issue_refused, crash_message, field_error, not_a_number, nothing_computed,
    problem_text,
};
pub use import::{
    format_name, import_cut_short, import_cut_short_len, import_done, import_error,
    import_file_text, import_note,
};
pub use labels::{
    activation_label, backend_label, constraint_label, field_help, field_label, field_unit,
    granularity_label, group_label, image_rule_label, model_kind_label, preset_name, step_title,
    unit_label, verdict_label,
};
pub use num::{
    fmt_band, fmt_gb, fmt_int, fmt_ms, fmt_num, fmt_params_b, fmt_pct, fmt_sig, fmt_tops,
    fmt_watts, with_unit,
};
pub use pipeline::{
    e2e_label, e2e_marks, memory_desc, pipeline_markdown, pipeline_problem, role_label,
    segment_label, timeline_axis, timeline_desc, timing_label, turn_label,
};
pub use report::{
    best_table, device_needs_text, judged_line, key_figure, markdown_report, solve_table,
};
pub use steps::{mismatch_text, step_text, step_texts, StepText};
pub use terms::{best_basis, best_quality, quality_note, term, Term, ALL_TERMS};
pub use ui::Ui;

/// A language the page and the CLI speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese (zh-CN).
    Zh,
}

/// Every language, in the order a language switch offers them.
pub const ALL_LANGS: [Lang; 2] = [Lang::En, Lang::Zh];

impl Lang {
    /// The code used in links (`lang=zh`) and on the command line (`--lang zh`).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }
    /// The language with this code. Accepts `en`, `zh` and regional forms such as `en-US`, `zh-CN`,
    /// `zh_Hans`, case-insensitively.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Self> {
        let base = code
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match base.as_str() {
            "en" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            _ => None,
        }
    }
    /// The language's own name, for a language switch.
    #[must_use]
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
        }
    }
    /// The colon after a label: `": "`, or Chinese's full-width `"："` (no space after it).
    #[must_use]
    pub fn colon(self) -> &'static str {
        self.pick(": ", "：")
    }
    /// The space between two words: `" "`, or nothing in Chinese.
    #[must_use]
    pub fn space(self) -> &'static str {
        self.pick(" ", "")
    }
    /// `s` in brackets after a word: `" (s)"`, or Chinese's full-width `"（s）"`.
    #[must_use]
    pub fn parens(self, s: &str) -> String {
        match self {
            Lang::En => format!(" ({s})"),
            Lang::Zh => format!("（{s}）"),
        }
    }
    /// Pick the English or the Chinese text.
    #[must_use]
    pub(crate) fn pick<T>(self, en: T, zh: T) -> T {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}
