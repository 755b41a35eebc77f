//! Component tests in a real browser (headless Chromium through wasm-bindgen-test):
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p edgefit-web --target wasm32-unknown-unknown`.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::*;

fn tpot_full(root: &web_sys::HtmlElement) -> f64 {
    text_of(root, "[data-testid=tpot-full]").parse().unwrap()
}

fn type_into(root: &web_sys::HtmlElement, id: &str, value: &str) {
    let input: web_sys::HtmlInputElement = root
        .query_selector(&format!("#{id}"))
        .unwrap()
        .unwrap()
        .unchecked_into();
    input.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let ev = web_sys::Event::new_with_event_init_dict("input", &init).unwrap();
    input.dispatch_event(&ev).unwrap();
}

#[wasm_bindgen_test]
async fn default_page_shows_the_seed_tpot() {
    let (root, _h) = mount("v=1");
    settle(20).await;
    let t = tpot_full(&root);
    assert!((t - 85.8).abs() < 0.05, "tpot-full = {t}");
    assert_eq!(
        root.query_selector("[data-testid=verdict-tpot]")
            .unwrap()
            .unwrap()
            .get_attribute("data-verdict")
            .as_deref(),
        Some("fail")
    );
    // Every constraint has a card.
    assert_eq!(
        root.query_selector_all("[data-testid^=verdict-]")
            .unwrap()
            .length(),
        9
    );
}

#[wasm_bindgen_test]
async fn setting_the_bandwidth_changes_tpot_and_the_hash() {
    let (root, _h) = mount("v=1");
    settle(20).await;
    type_into(&root, "f-bw_gbps", "50");
    settle(300).await;
    let t = tpot_full(&root);
    assert!((t - 42.9).abs() < 0.1, "tpot-full = {t}");
    let hash = window().location().hash().unwrap();
    assert!(hash.contains("bw_gbps=50"), "{hash}");
}

#[wasm_bindgen_test]
async fn garbage_shows_an_error_and_keeps_the_last_result() {
    let (root, _h) = mount("v=1");
    settle(20).await;
    type_into(&root, "f-bw_gbps", "40");
    settle(20).await;
    let before = tpot_full(&root);
    type_into(&root, "f-bw_gbps", "abc");
    settle(20).await;
    let err = text_of(&root, "#e-bw_gbps");
    assert!(
        err.contains("bw_gbps") && err.contains("not a number"),
        "{err}"
    );
    assert_eq!(tpot_full(&root), before, "the last valid result stays");
    let stale = root.query_selector("[data-testid=stale]").unwrap().unwrap();
    assert!(!stale.has_attribute("hidden"), "the stale note shows");
    type_into(&root, "f-bw_gbps", "0");
    settle(20).await;
    assert!(text_of(&root, "#e-bw_gbps").contains("above 0"));
    type_into(&root, "f-bw_gbps", "25");
    settle(20).await;
    assert_eq!(text_of(&root, "#e-bw_gbps"), "");
    assert!((tpot_full(&root) - 85.8).abs() < 0.05);
}

#[wasm_bindgen_test]
async fn a_bad_link_key_is_named_in_the_banner() {
    let (root, _h) = mount("v=1&bw_gbps=abc&nonsense=1&tpot_ms=60");
    settle(20).await;
    let banner = text_of(&root, "[data-testid=link-banner]");
    assert!(
        banner.contains("bw_gbps") && banner.contains("nonsense"),
        "{banner}"
    );
    let bw: web_sys::HtmlInputElement = root
        .query_selector("#f-bw_gbps")
        .unwrap()
        .unwrap()
        .unchecked_into();
    assert_eq!(bw.value(), "25");
    let tpot: web_sys::HtmlInputElement = root
        .query_selector("#f-tpot_ms")
        .unwrap()
        .unwrap()
        .unchecked_into();
    assert_eq!(tpot.value(), "60");
}

#[wasm_bindgen_test]
async fn chinese_from_the_link() {
    let (root, _h) = mount("v=1&lang=zh");
    settle(20).await;
    assert!(text_of(&root, "label[for=f-bw_gbps]").contains("内存峰值带宽"));
    assert_eq!(
        document()
            .document_element()
            .unwrap()
            .get_attribute("lang")
            .as_deref(),
        Some("zh-CN")
    );
}

fn click(root: &web_sys::HtmlElement, sel: &str) {
    let b: web_sys::HtmlElement = root
        .query_selector(sel)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {sel}"))
        .unchecked_into();
    b.click();
}

fn count(root: &web_sys::HtmlElement, sel: &str) -> u32 {
    root.query_selector_all(sel).unwrap().length()
}

#[wasm_bindgen_test]
async fn pipeline_stages_are_added_moved_and_removed() {
    let (root, _h) = mount(edgefit_web::state::pipe::VOICE_ASSISTANT_LINK);
    settle(20).await;
    assert_eq!(count(&root, "[data-testid^=stage-item-]"), 3);
    click(&root, "[data-testid=p-add-tts]");
    settle(20).await;
    assert_eq!(count(&root, "[data-testid^=stage-item-]"), 4);
    assert_eq!(count(&root, "fieldset.stage"), 4);
    assert_eq!(
        count(&root, "[data-testid=chart-gantt] svg.main text.row"),
        4
    );
    click(&root, "[data-testid=p-up-4]");
    settle(20).await;
    assert!(text_of(&root, "[data-testid=stage-item-3]").contains("TTS"));
    for n in [4, 3, 2, 1] {
        click(&root, &format!("[data-testid=p-rm-{n}]"));
        settle(20).await;
    }
    assert_eq!(count(&root, "[data-testid^=stage-item-]"), 0);
    assert_eq!(count(&root, "[data-testid=no-stages]"), 1);
    // The last results stay.
    assert_eq!(
        count(&root, "[data-testid=chart-gantt] svg.main text.row"),
        1
    );
}

#[wasm_bindgen_test]
async fn a_pin_draws_a_second_tpot_curve() {
    let (root, _h) = mount("v=1");
    settle(20).await;
    click(&root, "[data-testid=pin]");
    type_into(&root, "f-bw_gbps", "50");
    settle(400).await;
    assert_eq!(count(&root, "[data-testid=chart-tpot] path.series"), 2);
    assert_eq!(
        count(&root, "[data-testid=chart-tpot] path.series.pinned"),
        1
    );
    assert!(text_of(&root, "[data-testid=chart-tpot] ul.legend").contains("Pinned"));
}

/// In the page's wasm, `codec::parse_f64` reads numbers with JavaScript's `parseFloat` after checking
/// Rust's grammar: it must give the very value (bit for bit) and the same refusals as `str::parse`.
#[wasm_bindgen_test]
fn parse_f64_matches_str_parse() {
    let mut cases: Vec<String> = [
        "0",
        "-0",
        "+0",
        "1",
        "-1",
        "+1",
        "007",
        "1.",
        ".5",
        "1.5",
        "-.5",
        "+.5e3",
        "1e5",
        "1E5",
        "1e+5",
        "1e-5",
        "1.e5",
        "0.1",
        "0.3",
        "85.8",
        "1e400",
        "-1e400",
        "1e-400",
        "4.9e-324",
        "5e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "2.2250738585072011e-308",
        "2.2250738585072014e-308",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "9007199254740993",
        "9007199254740992.5",
        "0.30000000000000004",
        "123456789012345678901234567890",
        "1.00000000000000011102230246251565404",
        "1.00000000000000011102230246251565405",
        "3.141592653589793238462643383279502884197",
        "inf",
        "-inf",
        "INF",
        "Infinity",
        "-infinity",
        "nan",
        "NaN",
        "-nan",
        "",
        "+",
        "-",
        ".",
        "e5",
        ".e5",
        "1e",
        "1e+",
        "1.5.5",
        "--1",
        " 1",
        "1 ",
        "0x10",
        "1_000",
        "1,5",
        "Infinit",
        "nana",
        "1e5.5",
        "١",
    ]
    .iter()
    .map(|s| (*s).to_string())
    .collect();
    // Decimal numbers of every length the form accepts (up to 40 characters), from a fixed generator.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for i in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let digits = format!("{x}{}", x.rotate_left(17));
        let n = 1 + (i % 38);
        let cut = &digits[..n.min(digits.len())];
        let point = (x as usize >> 3) % (cut.len() + 1);
        let exp = (x >> 40) as i64 % 700 - 350;
        cases.push(format!("{}.{}e{exp}", &cut[..point], &cut[point..]));
        cases.push(format!("{}.{}", &cut[..point], &cut[point..]));
    }
    for c in &cases {
        let want = c.parse::<f64>().ok();
        let got = edgefit_core::codec::parse_f64(c);
        match (want, got) {
            (Some(w), Some(g)) if w.is_nan() => assert!(g.is_nan(), "{c:?}"),
            (Some(w), Some(g)) => assert_eq!(w.to_bits(), g.to_bits(), "{c:?}"),
            (None, None) => {}
            _ => panic!("{c:?}: str::parse {want:?}, parse_f64 {got:?}"),
        }
    }
}
