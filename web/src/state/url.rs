//! The address bar: the page's URL, the hash it last read or wrote, and the two ways to write one (replace
//! while typing, push to open another view). Plumbing only; [`super::sync`] decides what is written and
//! when.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

/// The page's URL without its hash.
#[must_use]
pub fn page_url() -> String {
    let loc = window().location();
    let origin = loc.origin().unwrap_or_default();
    let path = loc.pathname().unwrap_or_default();
    let search = loc.search().unwrap_or_default();
    format!("{origin}{path}{search}")
}

std::thread_local! {
    /// The address's hash as the page last read or wrote it (`location.hash`'s form, with its `#`).
    static SEEN: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// The address's hash now (`location.hash`: with its `#`, or empty).
#[must_use]
pub fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// Note that the page has read the address as it is now (at start, and on every `hashchange`).
pub fn saw_hash() {
    let now = current_hash();
    SEEN.with(|s| *s.borrow_mut() = Some(now));
}

/// Replace the URL hash without adding a history entry (and without firing `hashchange`).
///
/// Skipped when the address changed since the page last read or wrote it: Back, Forward or a link typed
/// by hand moved it, and its `hashchange` (which loads it) is on its way. A write that slipped in between
/// (a timer that fired first) would overwrite that history entry with the view being left, and the page
/// would then load the view it was leaving.
pub fn write_hash(hash: &str) {
    let want = format!("#{hash}");
    let now = current_hash();
    if now == want {
        return;
    }
    if SEEN.with(|s| s.borrow().as_ref().is_some_and(|seen| *seen != now)) {
        return;
    }
    if let Ok(h) = window().history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&want));
    }
    saw_hash();
}

/// Open a hash as a new history entry (`location.hash = …`), so Back returns to the view left.
pub fn push_hash(hash: &str) {
    let _ = js_sys::Reflect::set(&window().location(), &"hash".into(), &hash.into());
    saw_hash();
}
