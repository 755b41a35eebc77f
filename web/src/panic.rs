//! If the page ever panics: a visible message with the link that holds the scenario, instead of a dead
//! page. The hook chains `console_error_panic_hook` (the developer's stack trace) and then writes the
//! message into a fixed element, `#edgefit-crash`, with text nodes only: no markup is parsed, so nothing
//! in the link can be injected through it.
//!
//! The release build aborts after a panic (the wasm instance is gone), so the message is written with
//! `web_sys` alone, never through Leptos. `wasm-bindgen-test` calls [`show_crash`] directly; the release
//! page has no way to trigger a panic on purpose.

use edgefit_text::Lang;

/// The id of the element the message goes in.
pub const CRASH_ID: &str = "edgefit-crash";

/// Install the panic hook (once; later calls do nothing).
pub fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            console_error_panic_hook::hook(info);
            let _ = show_crash();
        }));
    });
}

/// Show the crash message with the current `location.href` as a link, in the page's language (`<html
/// lang>`). Replaces an earlier message; returns `None` when there is no document to write into. Never
/// panics.
pub fn show_crash() -> Option<()> {
    let w = web_sys::window()?;
    let doc = w.document()?;
    let href = w.location().href().unwrap_or_default();
    let lang = match doc.document_element().and_then(|e| e.get_attribute("lang")) {
        Some(l) if l.starts_with("zh") => Lang::Zh,
        _ => Lang::En,
    };
    let (lead, next) = edgefit_text::crash_message(lang);
    let box_ = match doc.get_element_by_id(CRASH_ID) {
        Some(e) => e,
        None => {
            let e = doc.create_element("div").ok()?;
            e.set_id(CRASH_ID);
            doc.body()?.prepend_with_node_1(&e).ok()?;
            e
        }
    };
    box_.set_text_content(None);
    for (k, v) in [
        ("role", "alert"),
        ("class", "crash"),
        ("data-testid", "crash"),
        ("lang", if lang == Lang::Zh { "zh-CN" } else { "en" }),
        (
            "style",
            "position:fixed;z-index:2147483647;inset:0 0 auto 0;margin:0;padding:1em;\
             background:#fff4e5;color:#000;border-bottom:3px solid #b35900;font:16px/1.4 system-ui,sans-serif",
        ),
    ] {
        let _ = box_.set_attribute(k, v);
    }
    let p = doc.create_element("p").ok()?;
    p.set_text_content(Some(lead));
    let _ = p.set_attribute("style", "margin:0 0 .5em");
    let a = doc.create_element("a").ok()?;
    let _ = a.set_attribute("href", &href);
    let _ = a.set_attribute("style", "word-break:break-all");
    a.set_text_content(Some(&href));
    p.append_with_str_1(" ").ok()?;
    p.append_child(&a).ok()?;
    let p2 = doc.create_element("p").ok()?;
    p2.set_text_content(Some(next));
    let _ = p2.set_attribute("style", "margin:0");
    box_.append_child(&p).ok()?;
    box_.append_child(&p2).ok()?;
    Some(())
}
