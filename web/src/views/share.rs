//! The outside world: the URL hash, the clipboard and downloads. The share bar's buttons live here too.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

use crate::render::dom::{el, panel, Act, Node};
use crate::render::live::{LiveText, Ui};
use crate::state::url::page_url;
use crate::state::Ctx;

/// The `<iframe>` snippet that embeds the compact view of this scenario.
#[must_use]
pub fn embed_snippet(url_without_hash: &str, hash: &str) -> String {
    let hash = hash.trim_start_matches('#');
    let sep = if hash.is_empty() { "" } else { "&" };
    format!(
        "<iframe src=\"{url_without_hash}#{hash}{sep}embed=1\" title=\"edgefit\" width=\"100%\" height=\"580\" style=\"border:0\" loading=\"lazy\"></iframe>"
    )
}

/// Put text on the clipboard; resolves to whether it worked.
pub async fn copy_text(text: &str) -> bool {
    let nav = window().navigator();
    // Outside a secure context (a page served over plain http, as internal doc sites can be)
    // `navigator.clipboard` does not exist: calling it would throw. Say it failed instead, so the text is
    // shown for copying by hand.
    let has = js_sys::Reflect::get(&nav, &JsValue::from_str("clipboard"))
        .is_ok_and(|c| !c.is_undefined() && !c.is_null());
    if !has {
        return false;
    }
    let p = nav.clipboard().write_text(text);
    wasm_bindgen_futures::JsFuture::from(p).await.is_ok()
}

/// Offer text as a file download (Blob + object URL + a temporary `<a download>`).
pub fn download(filename: &str, mime: &str, content: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(content));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let a: web_sys::HtmlAnchorElement = document().create_element("a")?.unchecked_into();
    a.set_href(&url);
    a.set_download(filename);
    a.set_hidden(true);
    let body = document()
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?;
    body.append_child(&a)?;
    a.click();
    a.remove();
    // Revoke after the browser has started the download.
    let u = url.clone();
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&u);
        },
        std::time::Duration::from_secs(5),
    );
    Ok(())
}

/// The share bar: copy the link, copy an embed snippet, export Markdown and JSON.
#[component]
pub fn ShareBar() -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let lang = ctx.lang;
    // The last thing copied or exported, shown in a live region (and as selectable text when the
    // clipboard refused).
    let status = RwSignal::new(None::<(Ui, Option<String>)>);
    let copy = move |s: String| {
        leptos::task::spawn_local(async move {
            let ok = copy_text(&s).await;
            status.set(Some(if ok {
                (Ui::Copied, None)
            } else {
                (Ui::CopyFailed, Some(s))
            }));
        });
    };
    let copy_link = move || {
        let url = format!("{}#{}", page_url(), ctx.hash());
        copy(url);
    };
    let copy_embed = move || {
        let h = ctx.hash();
        copy(embed_snippet(&page_url(), &h));
    };
    let export_md = move || {
        let Some(g) = ctx.good.get_untracked() else {
            return;
        };
        let md = edgefit_text::markdown_report(
            &g.inputs,
            &g.scenarios,
            &g.evaluation,
            lang.get_untracked(),
        );
        if download("edgefit-report.md", "text/markdown;charset=utf-8", &md).is_ok() {
            status.set(Some((Ui::Downloaded, None)));
        }
    };
    let export_json = move || {
        let Some(g) = ctx.good.get_untracked() else {
            return;
        };
        let report = edgefit_core::json::report(&g.inputs, &g.scenarios, &g.evaluation);
        let Ok(json) = serde_json::to_string_pretty(&report) else {
            return;
        };
        if download("edgefit-report.json", "application/json", &json).is_ok() {
            status.set(Some((Ui::Downloaded, None)));
        }
    };
    let buttons = move || {
        let l = lang.get();
        Some(button_row(&[
            ("copy-link", Ui::CopyLink.text(l)),
            ("copy-embed", Ui::CopyEmbed.text(l)),
            ("export-md", Ui::ExportMd.text(l)),
            ("export-json", Ui::ExportJson.text(l)),
        ]))
    };
    let act: Act = Box::new(move |a, _| match a {
        "copy-link" => copy_link(),
        "copy-embed" => copy_embed(),
        "export-md" => export_md(),
        "export-json" => export_json(),
        _ => {}
    });
    view! {
        <div class="share" role="group" aria-label=Ui::Share.live(lang)>
            {panel("share-buttons", Box::new(buttons), Some(act))}
            <p class="share-status" role="status" aria-live="polite" data-testid="share-status">
                {move || status.get().map(|(u, _)| u.text(lang.get()))}
            </p>
            {move || {
                status
                    .get()
                    .and_then(|(_, s)| s)
                    .map(|s| {
                        view! {
                            <textarea
                                class="copy-fallback"
                                readonly
                                rows="2"
                                aria-label=Ui::CopyLink.live(lang)
                                data-testid="copy-fallback"
                                prop:value=s
                            ></textarea>
                        }
                    })
            }}
        </div>
    }
}

/// The share bar's buttons, in a `display: contents` wrapper: `(action and test id, label)` each. A
/// [`crate::render::dom`] panel rebuilt only when the language changes (the status line stays a live region).
#[must_use]
pub fn button_row(buttons: &[(&'static str, &str)]) -> Node {
    el("span")
        .at("class", "share-row")
        .kids(buttons.iter().map(|&(id, label)| {
            el("button")
                .at("type", "button")
                .at("data-testid", id)
                .at("data-act", id)
                .tx(label)
                .into()
        }))
        .into()
}

#[cfg(test)]
mod tests {
    use super::embed_snippet;

    #[test]
    fn embed_snippet_adds_the_embed_key() {
        let s = embed_snippet("https://x.test/", "#v=1&bw_gbps=50");
        assert!(
            s.contains("src=\"https://x.test/#v=1&bw_gbps=50&embed=1\""),
            "{s}"
        );
        let s = embed_snippet("https://x.test/", "");
        assert!(s.contains("src=\"https://x.test/#embed=1\""), "{s}");
    }
}
