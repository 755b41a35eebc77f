//! The custom-presets import (`custom.rs`), fuzzed natively with generated items: whatever a file holds,
//! checking never panics, what is accepted is clean (a trimmed name without control characters, values
//! the codec reads without an issue, keys of the item's own kind), applying it to a scenario never breaks
//! the engine, and the exported file never carries a raw `<`. (`custom::parse` is the browser's
//! `JSON.parse`; it is exercised by the wasm and e2e tests.) A small deterministic generator: no extra
//! dependencies in the web crate.
#![cfg(not(target_arch = "wasm32"))]

use edgefit_core::codec;
use edgefit_text::Lang;
use edgefit_web::state::custom::{
    check_item, check_items, clean_name, error_text, merge, to_json, ImportError, RawItem, MAX_NAME,
};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
}

const NAMES: &[&str] = &[
    "My phone",
    "  padded  ",
    "",
    "   ",
    "\"><img src=x onerror=window.__xss=1>",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    "tab\there",
    "new\nline",
    "nul\u{0}",
    "\u{202e}rtl",
    "自定义设备",
    "😀😀😀",
    "\\\"",
];

const VALUES: &[&str] = &[
    "50",
    "0.2~0.4",
    "-1",
    "NaN",
    "1e-320",
    "1e999",
    "abc",
    "",
    "%3Cimg%3E",
    "%",
    "npu",
    "arch",
    "1~2~3",
];

fn raw(r: &mut Rng) -> RawItem {
    let keys = codec::engine_keys();
    let mut values = Vec::new();
    for _ in 0..r.below(8) {
        let k = if r.below(6) == 0 {
            r.pick(NAMES).to_string()
        } else {
            keys[r.below(keys.len())].clone()
        };
        values.push(format!("{k}={}", r.pick(VALUES)));
    }
    let mut name = r.pick(NAMES).to_string();
    if r.below(8) == 0 {
        name = name.repeat(1 + r.below(40));
    }
    RawItem {
        kind: r
            .pick(&["device", "model", "Device", "", "<b>", "preset"])
            .into(),
        name,
        values: values.join("&"),
    }
}

#[test]
fn any_import_is_checked_without_panicking_and_what_passes_is_clean() {
    let mut r = Rng(0x5EED_1234_ABCD_0001);
    let (mut accepted, mut refused) = (0, 0);
    let mut saved = Vec::new();
    for _ in 0..20_000 {
        let item = raw(&mut r);
        match check_item(&item) {
            Ok(c) => {
                accepted += 1;
                assert_eq!(Some(c.name.clone()), clean_name(&item.name));
                assert!(c.name.chars().count() <= MAX_NAME);
                assert!(!c.name.chars().any(char::is_control), "{:?}", c.name);
                assert!(codec::decode(&c.values, &[]).is_clean(), "{:?}", c.values);
                let mut i = edgefit_core::Inputs::default();
                c.apply(&mut i);
                if let Ok((s, e)) = edgefit_core::run(&i) {
                    let _ = edgefit_core::json::report(&i, &s, &e);
                }
                let file = to_json(std::slice::from_ref(&c));
                assert!(!file.contains('<'), "raw markup in the export: {file}");
                serde_json::from_str::<serde_json::Value>(&file)
                    .unwrap_or_else(|e| panic!("the export is not JSON ({e}): {file}"));
                saved = merge(&saved, vec![c]);
            }
            Err(_) => refused += 1,
        }
        // A whole file: the first bad item refuses it, and says which in both languages.
        let file = vec![item.clone(), raw(&mut r)];
        if let Err(e) = check_items(&file) {
            for lang in [Lang::En, Lang::Zh] {
                assert!(!error_text(&e, lang).is_empty());
            }
            if let ImportError::Item { name, .. } = &e {
                assert!(name.chars().count() <= MAX_NAME);
            }
        }
    }
    assert!(
        accepted > 100 && refused > 100,
        "{accepted} accepted, {refused} refused"
    );
    // The whole saved list exports as one JSON document.
    let all = to_json(&saved);
    let v: serde_json::Value = serde_json::from_str(&all).expect("the saved list is JSON");
    assert_eq!(v["items"].as_array().map(Vec::len), Some(saved.len()));
}
