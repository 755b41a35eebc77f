//! Helpers shared by the browser component tests: mount the page, wait for timers, read text.
#![allow(dead_code)] // each test binary uses its own subset

use std::time::Duration;

use edgefit_web::App;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Let the reactive system and timers run.
pub async fn settle(ms: u64) {
    let (tx, rx) = futures_channel();
    set_timeout(tx, Duration::from_millis(ms));
    let _ = rx.await;
}

/// A one-shot future completed by calling the returned function (no extra crates).
pub fn futures_channel() -> (impl FnOnce(), wasm_bindgen_futures::JsFuture) {
    let mut resolve = None;
    let promise = js_sys::Promise::new(&mut |r, _| resolve = Some(r));
    let resolve = resolve.expect("the promise executor runs synchronously");
    (
        move || {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        },
        wasm_bindgen_futures::JsFuture::from(promise),
    )
}

/// Mount the page into a fresh `<div>` with the given hash; the handle unmounts it when dropped.
pub fn mount(hash: &str) -> (web_sys::HtmlElement, impl Drop) {
    let w = window();
    w.history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("#{hash}")))
        .unwrap();
    let div: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&div).unwrap();
    let handle = leptos::mount::mount_to(div.clone(), App);
    (div.clone(), Unmount(Some(handle), div))
}

pub struct Unmount<T>(Option<T>, web_sys::HtmlElement);
impl<T> Drop for Unmount<T> {
    fn drop(&mut self) {
        drop(self.0.take());
        self.1.remove();
    }
}

pub fn text_of(root: &web_sys::HtmlElement, sel: &str) -> String {
    root.query_selector(sel)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {sel}"))
        .text_content()
        .unwrap_or_default()
}
