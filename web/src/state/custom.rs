//! The user's own devices and models: saved under a name in `localStorage` (key [`STORAGE_KEY`]), listed in
//! the preset pickers, exported to and imported from a JSON file.
//!
//! An item holds its figures as a link fragment (`bw_gbps=50&int8_tops=45&backend=npu`), so every value
//! is read and checked by the engine's codec and field specs exactly like a link. An import is checked
//! whole before anything is saved: one bad item refuses the file and leaves the saved list as it was.
//! Names are plain text and are only ever rendered as text nodes.

use edgefit_core::codec::{self, format_value, Issue};
use edgefit_core::input::Group;
use edgefit_core::{Backend, Field, Inputs, ModelKind, ALL_FIELDS};
use edgefit_text::Lang;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use edgefit_text::Ui;

/// The `localStorage` key.
pub const STORAGE_KEY: &str = "edgefit.custom.v1";
/// The marker and version of the file format.
pub const FORMAT_KEY: &str = "edgefit_custom";
/// Longest name, in characters.
pub const MAX_NAME: usize = 60;
/// Most items a file may hold.
pub const MAX_ITEMS: usize = 500;

/// What a saved preset describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The Device group's fields and the backend.
    Device,
    /// The Model group's fields and the model kind.
    Model,
}

impl Kind {
    /// The kind saved from a form group.
    #[must_use]
    pub fn of(g: Group) -> Option<Self> {
        match g {
            Group::Device => Some(Kind::Device),
            Group::Model => Some(Kind::Model),
            _ => None,
        }
    }
    /// The name in files.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Kind::Device => "device",
            Kind::Model => "model",
        }
    }
    fn group(self) -> Group {
        match self {
            Kind::Device => Group::Device,
            Kind::Model => Group::Model,
        }
    }
    /// The choice key that travels with this kind.
    fn choice_key(self) -> &'static str {
        match self {
            Kind::Device => Backend::KEY,
            Kind::Model => ModelKind::KEY,
        }
    }
    fn owns(self, key: &str) -> bool {
        key == self.choice_key()
            || Field::from_key(key).is_some_and(|f| f.spec().group == self.group())
    }
}

/// One saved device or model.
#[derive(Debug, Clone, PartialEq)]
pub struct Custom {
    /// Device or model.
    pub kind: Kind,
    /// The user's name for it (plain text).
    pub name: String,
    /// Its figures as `key=value&…`, every key belonging to [`Custom::kind`].
    pub values: String,
}

/// Why an import (or the stored list) was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum ImportError {
    /// Not JSON at all.
    NotJson,
    /// JSON, but not this page's format.
    Foreign,
    /// Item `index` (from 1) is wrong.
    Item {
        /// 1-based position in the file.
        index: usize,
        /// Its name as far as it could be read.
        name: String,
        /// What is wrong.
        why: ItemProblem,
    },
}

/// What is wrong with one item.
#[derive(Debug, Clone, PartialEq)]
pub enum ItemProblem {
    /// Kind is not `device` or `model`.
    Kind,
    /// Name empty, too long or with control characters.
    Name,
    /// A key that does not belong to the item's kind.
    ForeignKey(String),
    /// A value the codec refused.
    Value(Issue),
}

/// An item as read from a file, not yet checked.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RawItem {
    /// `kind`.
    pub kind: String,
    /// `name`.
    pub name: String,
    /// `values`.
    pub values: String,
}

/// A name as it will be shown: trimmed; `None` when empty, too long or holding control characters.
#[must_use]
pub fn clean_name(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty() && t.chars().count() <= MAX_NAME && !t.chars().any(char::is_control))
        .then(|| t.to_string())
}

/// Check one raw item with the engine's codec and field specs.
///
/// # Errors
/// What is wrong with it.
pub fn check_item(r: &RawItem) -> Result<Custom, ItemProblem> {
    let kind = match r.kind.as_str() {
        "device" => Kind::Device,
        "model" => Kind::Model,
        _ => return Err(ItemProblem::Kind),
    };
    let name = clean_name(&r.name).ok_or(ItemProblem::Name)?;
    for pair in r.values.split('&').filter(|p| !p.is_empty()) {
        let key = pair.split_once('=').map_or(pair, |(k, _)| k);
        if !kind.owns(key) {
            return Err(ItemProblem::ForeignKey(key.chars().take(40).collect()));
        }
    }
    let d = codec::decode(&r.values, &[]);
    if let Some(i) = d.issues.into_iter().next() {
        return Err(ItemProblem::Value(i));
    }
    Ok(Custom {
        kind,
        name,
        values: r.values.clone(),
    })
}

/// Check every item; the first problem refuses them all.
///
/// # Errors
/// The first bad item.
pub fn check_items(raw: &[RawItem]) -> Result<Vec<Custom>, ImportError> {
    if raw.len() > MAX_ITEMS {
        return Err(ImportError::Foreign);
    }
    raw.iter()
        .enumerate()
        .map(|(i, r)| {
            check_item(r).map_err(|why| ImportError::Item {
                index: i + 1,
                name: r.name.chars().take(MAX_NAME).collect(),
                why,
            })
        })
        .collect()
}

impl Custom {
    /// Save the current form's fields of `kind` under `name`.
    #[must_use]
    pub fn from_inputs(kind: Kind, name: String, i: &Inputs) -> Self {
        let mut parts: Vec<String> = ALL_FIELDS
            .iter()
            .filter(|f| f.spec().group == kind.group())
            .filter_map(|&f| {
                i.get(f)
                    .map(|v| format!("{}={}", f.key(), format_value(&v)))
            })
            .collect();
        parts.push(match kind {
            Kind::Device => format!("{}={}", Backend::KEY, i.backend.code()),
            Kind::Model => format!("{}={}", ModelKind::KEY, i.model_kind.code()),
        });
        Self {
            kind,
            name,
            values: parts.join("&"),
        }
    }

    /// Put its figures into `i`: every field of its kind (those it does not hold become unknown) and its
    /// backend or model kind. The preset id of its kind is cleared: the link carries the figures.
    pub fn apply(&self, i: &mut Inputs) {
        let d = codec::decode(&self.values, &[]);
        let group = self.kind.group();
        for &f in ALL_FIELDS {
            if f.spec().group == group {
                let given = self
                    .values
                    .split('&')
                    .any(|p| p.split_once('=').is_some_and(|(k, _)| k == f.key()));
                i.set(f, if given { d.inputs.get(f) } else { None });
            }
        }
        match self.kind {
            Kind::Device => {
                i.backend = d.inputs.backend;
                i.device = None;
            }
            Kind::Model => {
                i.model_kind = d.inputs.model_kind;
                i.model = None;
            }
        }
    }
}

/// A string as a JSON string literal.
#[must_use]
pub fn json_str(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '<' => o.push_str("\\u003c"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// The file (and stored) form of a list.
#[must_use]
pub fn to_json(items: &[Custom]) -> String {
    let body: Vec<String> = items
        .iter()
        .map(|c| {
            format!(
                "    {{\"kind\": {}, \"name\": {}, \"values\": {}}}",
                json_str(c.kind.code()),
                json_str(&c.name),
                json_str(&c.values)
            )
        })
        .collect();
    format!(
        "{{\n  \"{FORMAT_KEY}\": 1,\n  \"items\": [\n{}\n  ]\n}}\n",
        body.join(",\n")
    )
}

/// Read a file's text into raw items (the browser parses the JSON).
///
/// # Errors
/// Not JSON, or not this format.
pub fn parse(text: &str) -> Result<Vec<RawItem>, ImportError> {
    let v = js_sys::JSON::parse(text).map_err(|_| ImportError::NotJson)?;
    let get = |o: &JsValue, k: &str| js_sys::Reflect::get(o, &JsValue::from_str(k)).ok();
    if !v.is_object() || get(&v, FORMAT_KEY).and_then(|x| x.as_f64()) != Some(1.0) {
        return Err(ImportError::Foreign);
    }
    let items = get(&v, "items").ok_or(ImportError::Foreign)?;
    if !js_sys::Array::is_array(&items) {
        return Err(ImportError::Foreign);
    }
    let items: js_sys::Array = items.unchecked_into();
    if items.length() as usize > MAX_ITEMS {
        return Err(ImportError::Foreign);
    }
    Ok(items
        .iter()
        .map(|it| {
            let s = |k: &str| get(&it, k).and_then(|x| x.as_string()).unwrap_or_default();
            RawItem {
                kind: s("kind"),
                name: s("name"),
                values: s("values"),
            }
        })
        .collect())
}

/// The refusal in words.
#[must_use]
pub fn error_text(e: &ImportError, lang: Lang) -> String {
    match e {
        ImportError::NotJson => Ui::ImportNotJson.text(lang).into(),
        ImportError::Foreign => Ui::ImportForeign.text(lang).into(),
        ImportError::Item { index, name, why } => {
            let what = match why {
                ItemProblem::Kind => Ui::ImportBadKind.text(lang).into(),
                ItemProblem::Name => Ui::ImportBadName.text(lang).into(),
                ItemProblem::ForeignKey(k) => format!("{k}: {}", Ui::ImportForeignKey.text(lang)),
                ItemProblem::Value(i) => edgefit_text::codec_issue(i, lang),
            };
            format!("{} {index} “{name}”: {what}", Ui::ImportItem.text(lang))
        }
    }
}

/// Merge `new` into `old`: an item with the same kind and name is replaced in place.
#[must_use]
pub fn merge(old: &[Custom], new: Vec<Custom>) -> Vec<Custom> {
    let mut out = old.to_vec();
    for n in new {
        match out
            .iter_mut()
            .find(|o| o.kind == n.kind && o.name == n.name)
        {
            Some(o) => *o = n,
            None => out.push(n),
        }
    }
    out
}

fn storage() -> Option<web_sys::Storage> {
    let s = window().local_storage().ok()??;
    // Some browsers hand out a storage that refuses every write (private mode).
    s.set_item("edgefit.probe", "1").ok()?;
    let _ = s.remove_item("edgefit.probe");
    Some(s)
}

/// The saved list, shared by the pickers.
#[derive(Clone, Copy)]
pub struct Store {
    /// Every saved item.
    pub items: RwSignal<Vec<Custom>>,
    /// Whether this browser lets the page store anything.
    pub available: bool,
}

impl Store {
    /// Read the saved list (a corrupt store reads as empty and is left as it is until the next save).
    #[must_use]
    pub fn load() -> Self {
        let s = storage();
        let items = s
            .as_ref()
            .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
            .and_then(|t| parse(&t).ok())
            .and_then(|raw| check_items(&raw).ok())
            .unwrap_or_default();
        Self {
            items: RwSignal::new(items),
            available: s.is_some(),
        }
    }

    /// Save a new list; the in-memory list changes only when the browser stored it.
    ///
    /// # Errors
    /// Why it could not be stored.
    pub fn save(&self, items: Vec<Custom>) -> Result<(), Ui> {
        let s = storage().ok_or(Ui::NoStorage)?;
        s.set_item(STORAGE_KEY, &to_json(&items))
            .map_err(|_| Ui::StoreFailed)?;
        self.items.set(items);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(kind: &str, name: &str, values: &str) -> RawItem {
        RawItem {
            kind: kind.into(),
            name: name.into(),
            values: values.into(),
        }
    }

    #[test]
    fn a_saved_device_reproduces_its_fields() {
        let mut i = Inputs::default();
        i.set_exact(Field::BandwidthGbps, 51.2);
        i.set(Field::BatteryWh, None);
        i.backend = Backend::Gpu;
        let c = Custom::from_inputs(Kind::Device, "Mine".into(), &i);
        assert!(c.values.contains("bw_gbps=51.2"), "{}", c.values);
        let checked = check_item(&raw("device", "Mine", &c.values)).unwrap();
        let mut j = Inputs::default();
        j.set_exact(Field::BandwidthGbps, 1.0);
        j.device = Some("rpi5".into());
        checked.apply(&mut j);
        assert_eq!(j.get(Field::BandwidthGbps), i.get(Field::BandwidthGbps));
        assert_eq!(j.backend, Backend::Gpu);
        assert_eq!(j.device, None);
        assert_eq!(j.get(Field::TpotMs), Inputs::default().get(Field::TpotMs));
    }

    #[test]
    fn bad_items_are_refused_with_their_position() {
        assert_eq!(check_item(&raw("chip", "x", "")), Err(ItemProblem::Kind));
        assert_eq!(check_item(&raw("device", "  ", "")), Err(ItemProblem::Name));
        assert_eq!(
            check_item(&raw("device", &"x".repeat(61), "")),
            Err(ItemProblem::Name)
        );
        assert!(matches!(
            check_item(&raw("device", "a", "tpot_ms=5")),
            Err(ItemProblem::ForeignKey(k)) if k == "tpot_ms"
        ));
        assert!(matches!(
            check_item(&raw("device", "a", "bw_gbps=-5")),
            Err(ItemProblem::Value(_))
        ));
        assert!(matches!(
            check_item(&raw("model", "a", "layers=abc")),
            Err(ItemProblem::Value(_))
        ));
        let e = check_items(&[
            raw("device", "ok", "bw_gbps=5"),
            raw("device", "b", "bw_gbps=x"),
        ]);
        assert!(matches!(e, Err(ImportError::Item { index: 2, .. })));
    }

    #[test]
    fn names_are_kept_as_text() {
        let n = "<img src=x onerror=alert(1)>";
        let c = check_item(&raw("device", n, "bw_gbps=5")).unwrap();
        assert_eq!(c.name, n);
        let j = to_json(&[c]);
        assert!(j.contains("\\u003cimg src=x onerror=alert(1)>"), "{j}");
        assert_eq!(json_str("a\"b\\\n"), "\"a\\\"b\\\\\\u000a\"");
    }

    #[test]
    fn merge_replaces_by_kind_and_name() {
        let a = check_item(&raw("device", "a", "bw_gbps=5")).unwrap();
        let a2 = check_item(&raw("device", "a", "bw_gbps=6")).unwrap();
        let m = check_item(&raw("model", "a", "layers=6")).unwrap();
        let out = merge(&[a, m.clone()], vec![a2.clone()]);
        assert_eq!(out, vec![a2, m]);
    }
}
