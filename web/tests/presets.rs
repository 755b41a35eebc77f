//! Component tests of the preset pickers and decision support in a real browser (headless Chromium):
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p edgefit-web --target wasm32-unknown-unknown`.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use edgefit_web::App;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Let the reactive system and timers run.
async fn settle(ms: u64) {
    let (tx, rx) = futures_channel();
    set_timeout(tx, Duration::from_millis(ms));
    let _ = rx.await;
}

/// A one-shot future completed by calling the returned function (no extra crates).
fn futures_channel() -> (impl FnOnce(), wasm_bindgen_futures::JsFuture) {
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
fn mount(hash: &str) -> (web_sys::HtmlElement, impl Drop) {
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

struct Unmount<T>(Option<T>, web_sys::HtmlElement);
impl<T> Drop for Unmount<T> {
    fn drop(&mut self) {
        drop(self.0.take());
        self.1.remove();
    }
}

fn text_of(root: &web_sys::HtmlElement, sel: &str) -> String {
    root.query_selector(sel)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {sel}"))
        .text_content()
        .unwrap_or_default()
}

fn select(root: &web_sys::HtmlElement, id: &str, value: &str) {
    let el: web_sys::HtmlSelectElement = root
        .query_selector(&format!("#{id}"))
        .unwrap()
        .unwrap()
        .unchecked_into();
    el.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let ev = web_sys::Event::new_with_event_init_dict("change", &init).unwrap();
    el.dispatch_event(&ev).unwrap();
}

fn value_of(root: &web_sys::HtmlElement, id: &str) -> String {
    let el: web_sys::HtmlInputElement = root
        .query_selector(&format!("#{id}"))
        .unwrap()
        .unwrap()
        .unchecked_into();
    el.value()
}

#[wasm_bindgen_test]
async fn a_phone_preset_fills_bandwidth_and_asks_for_tops() {
    let (root, _h) = mount("v=1");
    settle(20).await;
    select(&root, "preset-device", "p:qcom_sd8elite");
    settle(300).await;
    assert_eq!(value_of(&root, "f-bw_gbps"), "84.8");
    assert_eq!(value_of(&root, "f-int8_tops"), "");
    let gap = text_of(&root, "[data-testid=gap-int8_tops]");
    assert!(gap.contains("not published"), "{gap}");
}

#[wasm_bindgen_test]
async fn a_device_link_shows_the_preset_and_its_sources() {
    let (root, _h) = mount("v=1&device=nv_orin_nano_8gb");
    settle(20).await;
    assert_eq!(value_of(&root, "f-bw_gbps"), "68");
    let a = root
        .query_selector("[data-testid=sources-device] a")
        .unwrap()
        .expect("a source link");
    assert_eq!(
        a.get_attribute("rel").as_deref(),
        Some("noopener noreferrer")
    );
    assert_eq!(a.get_attribute("target").as_deref(), Some("_blank"));
}

#[wasm_bindgen_test]
async fn a_pinned_link_compares_the_two_scenarios() {
    let (root, _h) = mount("v=1&bw_gbps=50&pin=v%3D1");
    settle(20).await;
    let rows = root
        .query_selector_all("[data-testid=compare] tr[data-differs='1']")
        .unwrap()
        .length();
    assert!(rows >= 2, "{rows} rows differ");
}
