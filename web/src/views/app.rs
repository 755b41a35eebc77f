//! The page: the single-model calculator (the form, the results), its compact embed view, or the pipeline
//! view, whichever the link asks for. It creates the state once ([`create_ctx`], [`Pipe::new`]), starts
//! the effects that keep it in step with the outside world ([`sync`], [`settle`]) and renders views that
//! read it.

use edgefit_core::input::ALL_GROUPS;
use edgefit_text::Lang;
use leptos::prelude::*;

use crate::render::live::{LiveText, Ui};
use crate::state::ctx::{browser_lang, settle};
use crate::state::custom::Store;
use crate::state::sync::sync;
use crate::state::url::{current_hash, page_url};
use crate::state::{create_ctx, page_context, Ctx, Pipe};
use crate::views::chrome::{LangSwitch, LinkBanner};
use crate::views::form::FieldGroup;
use crate::views::results::{JudgedLine, KeyNumbers, MiniSummary, Results, VerdictStrip};
use crate::views::share::ShareBar;
use crate::views::{decide, pipeline};

/// The whole page, reading its scenario from the URL hash and keeping the hash up to date.
#[component]
pub fn App() -> impl IntoView {
    let ctx = create_ctx(&current_hash(), browser_lang());
    provide_context(ctx);
    provide_context(Store::load());
    let pipe = Pipe::new(&current_hash());
    provide_context(pipe);
    sync(ctx, pipe);
    settle(ctx);
    // The document speaks the page's language (screen readers, fonts, hyphenation).
    Effect::new(move |_| {
        let lang = ctx.lang.get();
        if let Some(el) = document().document_element() {
            let _ = el.set_attribute("lang", if lang == Lang::Zh { "zh-CN" } else { "en" });
        }
        document().set_title(Ui::DocTitle.text(lang));
    });

    view! {
        {move || if pipe.on.get() { view! { <pipeline::PipelineView/> }.into_any() } else if ctx.embed.get() { view! { <EmbedView/> }.into_any() } else { view! { <FullView/> }.into_any() }}
    }
}

/// The full calculator: header, form, results.
#[component]
fn FullView() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let lang = ctx.lang;
    // Keyboard users reach the results without tabbing through every field. A button, not an anchor: the
    // page's hash is its scenario.
    let skip = move |_| {
        if let Some(h) = document().get_element_by_id("h-results") {
            if let Ok(h) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(h) {
                let _ = h.focus();
                h.scroll_into_view();
            }
        }
    };
    view! {
        <button type="button" class="skip-link" data-testid="skip-results" on:click=skip>
            {Ui::SkipToResults.live(lang)}
        </button>
        <header class="top">
            <div class="brand">
                <h1>{Ui::Title.live(lang)}</h1>
                <p class="tagline">{Ui::Tagline.live(lang)}</p>
            </div>
            <LangSwitch/>
        </header>
        <LinkBanner/>
        <main class="layout">
            <section class="inputs" aria-labelledby="h-inputs">
                <h2 id="h-inputs">{Ui::Inputs.live(lang)}</h2>
                {ALL_GROUPS.iter().map(|&g| view! { <FieldGroup group=g/> }).collect_view()}
            </section>
            <section class="results" aria-labelledby="h-results">
                <h2 id="h-results" tabindex="-1">{Ui::Results.live(lang)}</h2>
                <ShareBar/>
                <pipeline::AssistantButtons/>
                <Results/>
                <decide::Decide/>
            </section>
        </main>
        <footer class="foot">
            <p>{Ui::Footer.live(lang)}</p>
        </footer>
        <MiniSummary/>
    }
}

/// The compact view for an `<iframe>`: verdicts and key numbers, and a link to the full calculator.
#[component]
fn EmbedView() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let lang = ctx.lang;
    let full = move || {
        ctx.embed.track();
        let mut h = ctx.hash();
        if let Some(i) = h.find("&embed=1") {
            h.replace_range(i..i + "&embed=1".len(), "");
        }
        format!("{}#{h}", page_url())
    };
    view! {
        <main class="embed">
            <header class="embed-head">
                <strong>{Ui::Embedded.live(lang)}</strong>
                <a href=full target="_blank" rel="noopener">{Ui::OpenFull.live(lang)}" ↗"</a>
            </header>
            <JudgedLine/>
            <VerdictStrip/>
            <KeyNumbers/>
        </main>
    }
}
