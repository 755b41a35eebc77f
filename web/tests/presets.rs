//! Component tests of the preset pickers and decision support in a real browser (headless Chromium):
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p edgefit-web --target wasm32-unknown-unknown`.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::*;

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
async fn a_phone_preset_fills_bandwidth_and_estimates_the_unpublished_tops() {
    let (root, _h) = mount("v=1");
    settle(20).await;
    select(&root, "preset-device", "p:qcom_sd8elite");
    settle(300).await;
    assert_eq!(value_of(&root, "f-bw_gbps"), "84.8");
    // Qualcomm publishes no NPU TOPS: the NPU class's nominal figure, said to be an estimate.
    assert_eq!(value_of(&root, "f-int8_tops"), "40");
    let gap = text_of(&root, "[data-testid=gap-int8_tops]");
    assert!(gap.contains("not published"), "{gap}");
    let origin = text_of(&root, "[data-testid=origin-int8_tops]");
    assert!(origin.contains("Estimate"), "{origin}");
    // Phones get a phone's storage, not the worked example's 4 GB.
    assert_eq!(value_of(&root, "f-storage_gb"), "32");
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
