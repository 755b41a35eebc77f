//! The pipeline view (#10): several models sharing one device, such as a voice assistant's ASR → LLM → TTS
//! or a camera assistant's VLM → TTS (#24). Its state is [`crate::state::pipe`]; this module is the page
//! around it, and the buttons of the single-model page that open it.
//!
//! - `stages`: the stage list (add, remove, move), a [`dom`] panel;
//! - `form`: the conversation, the shared device and one card per stage (`view!`: they hold the focus);
//! - `results`: latency, memory and swap plan, the camera's figures, power and heat, the steps, with the
//!   timeline and memory charts of [`crate::render::timeline`].

mod form;
mod results;
mod stages;

use edgefit_text::{term, Term};
use leptos::prelude::*;

use crate::render::dom::{self, Act};
use crate::render::live::{LiveText, Ui};
use crate::state::pipe::{Assistant, ALL_ASSISTANTS};
use crate::state::url::page_url;
use crate::state::{page_context, Ctx, Pipe};
use crate::views::chrome::{link_banner, LangSwitch};
use crate::views::share::{button_row, copy_text, download};

/// The buttons of the single-model page that open the pipeline view on an assistant (#24: the voice
/// assistant and the camera assistant), set up on the current device and model.
#[component]
pub fn AssistantButtons() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let pipe = page_context::<Pipe>();
    let open = move |a: Assistant| {
        pipe.open(&a.on(&ctx.current_inputs()), &ctx);
        // This button leaves the page: the keyboard focus goes to the view it opened (its first heading),
        // not back to the top of the document.
        request_animation_frame(|| {
            if let Some(h) = document()
                .get_element_by_id("h-pipe-inputs")
                .and_then(|h| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(h).ok())
            {
                let _ = h.set_attribute("tabindex", "-1");
                let _ = h.focus();
            }
        });
    };
    view! {
        <p class="pipe-entry">
            {ALL_ASSISTANTS
                .iter()
                .map(|&a| {
                    let words = match a {
                        Assistant::Voice => Term::VoiceAssistant,
                        Assistant::Camera => Term::CameraAssistant,
                    };
                    view! {
                        <button type="button" data-testid=a.code() on:click=move |_| open(a)>
                            {words.live(ctx.lang)}
                        </button>
                    }
                })
                .collect_view()}
        </p>
    }
}

/// The full pipeline view: header, form, results.
#[component]
pub fn PipelineView() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let pipe = page_context::<Pipe>();
    let lang = ctx.lang;
    view! {
        <header class="top">
            <div class="brand">
                <h1>{Term::PipeTitle.live(lang)}</h1>
                <p class="tagline">{Term::PipeTagline.live(lang)}</p>
            </div>
            <LangSwitch/>
        </header>
        {link_banner(pipe.issues, lang)}
        <main class="layout pipe" data-testid="pipeline-view">
            <section class="inputs" aria-labelledby="h-pipe-inputs">
                <h2 id="h-pipe-inputs">{Term::Stages.live(lang)}</h2>
                {stages::stage_list(ctx, pipe)}
                <form::PipeForm/>
            </section>
            <section class="results" aria-labelledby="h-pipe-results">
                <h2 id="h-pipe-results">{Term::OneTurn.live(lang)}</h2>
                <PipeShare/>
                <results::PipeResults/>
            </section>
        </main>
    }
}

/// Copy the link, export JSON and Markdown, go back to one model.
#[component]
fn PipeShare() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    let pipe = page_context::<Pipe>();
    let lang = ctx.lang;
    let status = RwSignal::new(None::<Term>);
    let copy_link = move || {
        let url = format!("{}#{}", page_url(), pipe.hash(&ctx));
        leptos::task::spawn_local(async move {
            let ok = copy_text(&url).await;
            status.set(Some(if ok {
                Term::LinkCopied
            } else {
                Term::CopyAddressBar
            }));
        });
    };
    let export_json = move || {
        let Some(g) = pipe.good.get_untracked() else {
            return;
        };
        let j = edgefit_core::json::pipeline(&g.pipeline, &g.report);
        if let Ok(s) = serde_json::to_string_pretty(&j) {
            if download("edgefit-pipeline.json", "application/json", &s).is_ok() {
                status.set(Some(Term::DownloadDone));
            }
        }
    };
    let export_md = move || {
        let Some(g) = pipe.good.get_untracked() else {
            return;
        };
        let md = edgefit_text::pipeline_markdown(&g.pipeline, &g.report, lang.get_untracked());
        if download("edgefit-pipeline.md", "text/markdown;charset=utf-8", &md).is_ok() {
            status.set(Some(Term::DownloadDone));
        }
    };
    let buttons = move || {
        let l = lang.get();
        Some(button_row(&[
            ("copy-link", Ui::CopyLink.text(l)),
            ("export-md", Ui::ExportMd.text(l)),
            ("export-json", Ui::ExportJson.text(l)),
            ("one-model", term(Term::OneModel, l)),
        ]))
    };
    let act: Act = Box::new(move |a, _| match a {
        "copy-link" => copy_link(),
        "export-md" => export_md(),
        "export-json" => export_json(),
        "one-model" => pipe.on.set(false),
        _ => {}
    });
    view! {
        <div class="share" role="group">
            {dom::panel("share-buttons", Box::new(buttons), Some(act))}
            <p class="share-status" role="status" aria-live="polite">{move || status.get().map(|t| term(t, lang.get()))}</p>
        </div>
    }
}
