//! What both views share around their content: the language switch and the banner naming a link's unused
//! keys.

use edgefit_core::codec::Issue;
use edgefit_text::Lang;
use leptos::prelude::*;

use crate::render::dom::{self, el};
use crate::render::live::{LiveText, Ui};
use crate::state::{page_context, Ctx};

/// The zh/en switch.
#[component]
pub fn LangSwitch() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    view! {
        <div class="lang" role="group" aria-label=Ui::Language.live(ctx.lang)>
            {edgefit_text::ALL_LANGS
                .iter()
                .map(|&l| {
                    view! {
                        <button
                            type="button"
                            lang=if l == Lang::Zh { "zh-CN" } else { "en" }
                            aria-pressed=move || if ctx.lang.get() == l { "true" } else { "false" }
                            on:click=move |_| ctx.lang.set(l)
                        >
                            {l.native_name()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// Which keys of the link were not used, and why.
#[component]
pub fn LinkBanner() -> impl IntoView {
    let ctx = page_context::<Ctx>();
    link_banner(ctx.link_issues, ctx.lang)
}

/// The banner listing a link's `issues`, with a button that dismisses it (empty when there are none).
/// A [`crate::render::dom`] panel: output only, and far less wasm than a `view!`.
pub fn link_banner(issues: RwSignal<Vec<Issue>>, lang: RwSignal<Lang>) -> impl IntoView {
    let render = move || {
        let lang = lang.get();
        issues.with(|issues| {
            (!issues.is_empty()).then(|| {
                el("div")
                    .at("class", "banner")
                    .at("role", "status")
                    .at("data-testid", "link-banner")
                    .kid(el("p").tx(Ui::LinkIssues.text(lang)))
                    .kid(
                        el("ul").kids(
                            issues
                                .iter()
                                .map(|i| el("li").tx(edgefit_text::codec_issue(i, lang)).into()),
                        ),
                    )
                    .kid(
                        el("button")
                            .at("type", "button")
                            .at("data-act", "dismiss")
                            .tx(Ui::Dismiss.text(lang)),
                    )
                    .into()
            })
        })
    };
    let act: dom::Act = Box::new(move |_, _| issues.set(Vec::new()));
    dom::panel("link-banner", Box::new(render), Some(act))
}
