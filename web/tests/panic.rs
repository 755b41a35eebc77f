//! The panic message, in a real browser: `show_crash` (what the panic hook calls after
//! `console_error_panic_hook`) writes a visible alert with the current link, in the page's language, as
//! text only. Called directly: the release page has no way to trigger a panic on purpose.
#![cfg(target_arch = "wasm32")]

use edgefit_web::panic::{install, show_crash, CRASH_ID};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn doc() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn set_hash(hash: &str) {
    web_sys::window()
        .unwrap()
        .history()
        .unwrap()
        .replace_state_with_url(&JsValue::NULL, "", Some(hash))
        .unwrap();
}

fn crash() -> web_sys::Element {
    doc()
        .get_element_by_id(CRASH_ID)
        .expect("the crash message is on the page")
}

#[wasm_bindgen_test]
fn the_crash_message_shows_the_link_in_english_and_chinese() {
    install();
    install(); // twice is harmless
    let html = doc().document_element().unwrap();
    // A link that carries markup: it must come out as text.
    set_hash("#v=1&bw_gbps=40&fw=%22%3E%3Cimg%20src%3Dx%3E");
    html.set_attribute("lang", "en").unwrap();
    show_crash().expect("written");
    let el = crash();
    assert_eq!(el.get_attribute("role").as_deref(), Some("alert"));
    let text = el.text_content().unwrap_or_default();
    assert!(
        text.contains("Something went wrong — your scenario is safe in this link:"),
        "{text}"
    );
    let href = web_sys::window().unwrap().location().href().unwrap();
    assert!(href.contains("bw_gbps=40"), "{href}");
    let a = el.query_selector("a").unwrap().expect("a link");
    assert_eq!(a.get_attribute("href").as_deref(), Some(href.as_str()));
    assert_eq!(a.text_content().as_deref(), Some(href.as_str()));
    assert!(
        el.query_selector("img").unwrap().is_none(),
        "markup was parsed"
    );
    // Visible: laid out with a size, on top of the page.
    let h: &web_sys::HtmlElement = el.unchecked_ref();
    let (w, ht) = (h.offset_width(), h.offset_height());
    assert!(w > 100 && ht > 20, "{w} x {ht}");

    // In Chinese, replacing the first message (one element, not two).
    html.set_attribute("lang", "zh-CN").unwrap();
    show_crash().expect("written");
    assert_eq!(
        doc()
            .query_selector_all(&format!("#{CRASH_ID}"))
            .unwrap()
            .length(),
        1
    );
    let text = crash().text_content().unwrap_or_default();
    assert!(
        text.contains("出错了——你的场景仍保存在这个链接里："),
        "{text}"
    );
    assert!(!text.contains("Something went wrong"), "{text}");
    html.set_attribute("lang", "en").unwrap();
    crash().remove();
}
