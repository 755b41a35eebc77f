//! The page's own words ([`Ui`] and [`Term`], from `edgefit-text`) as views that follow the language signal.

pub use edgefit_text::Ui;
use edgefit_text::{Lang, Term};
use leptos::prelude::{Get, RwSignal};

/// `en` or `zh`, whichever language `lang` holds, as a view that follows it. Every fixed label of the page
/// is this one closure type, so the rendering code for a live text is compiled once, not once per label.
pub fn live_pair(
    lang: RwSignal<Lang>,
    en: &'static str,
    zh: &'static str,
) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    move || match lang.get() {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// `f(a, lang)` for the language `lang` holds, as a view that follows it: one closure type per type of
/// `a` (every field's label, unit and help share one), not one per label.
pub fn live_fn<A: Copy + Send + Sync + 'static>(
    lang: RwSignal<Lang>,
    a: A,
    f: fn(A, Lang) -> &'static str,
) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    move || f(a, lang.get())
}

/// A preset's name ([`edgefit_text::preset_name`]) in the language `lang` holds, as a view that follows it:
/// one closure type for every preset option of the page's and the pipeline's pickers.
pub fn live_name(
    lang: RwSignal<Lang>,
    name: &'static str,
) -> impl Fn() -> String + Copy + Send + Sync + 'static {
    move || edgefit_text::preset_name(name, lang.get())
}

/// A page word as a view that follows the language signal.
pub trait LiveText {
    /// The text in the language `lang` holds, as a view that follows it (see [`live_pair`]).
    fn live(self, lang: RwSignal<Lang>)
        -> impl Fn() -> &'static str + Copy + Send + Sync + 'static;
}

impl LiveText for Ui {
    fn live(
        self,
        lang: RwSignal<Lang>,
    ) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
        let (en, zh) = self.pair();
        live_pair(lang, en, zh)
    }
}

impl LiveText for Term {
    fn live(
        self,
        lang: RwSignal<Lang>,
    ) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
        live_fn(lang, self, edgefit_text::term)
    }
}
