//! The scenario in a link: a flat, versioned, human-readable hash such as `#v=1&bw_gbps=50&tpot_ms=40`.
//!
//! Only what differs from the defaults is written. Every key is parsed on its own: a bad or unknown key is
//! reported and falls back to its default, and the rest of the link still loads. Ranges are written
//! `low~high` (expected = midpoint) or `low~expected~high`. Keys the caller owns (the page's language, the
//! embed view) pass through as extras.
//!
//! A link can name presets: `device=<id>`, `llm=<id>` and `quant=<id>` ([`crate::presets`]). Decoding applies
//! them first (device, then model, then quantization, wherever they stand in the link) and then every
//! explicit key on top; encoding writes the ids and only what differs from the defaults with those presets
//! applied. An unknown id is an issue for its key alone. A preset's optional figure the user cleared is
//! written `unset=<key>.<key>` (optional fields only: unknown FP16 or INT4 peaks, embedding bits, battery).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::input::{
    Activation, Backend, Field, Granularity, Inputs, ModelKind, Problem, Value, ALL_FIELDS,
};
use crate::presets;
use crate::vision::ImageRule;

/// Link key naming a device preset.
pub const DEVICE_KEY: &str = "device";
/// Link key naming a model preset (`model` is the model kind).
pub const MODEL_KEY: &str = "llm";
/// Link key naming a quantization preset.
pub const QUANT_KEY: &str = "quant";
/// Link key naming speculative decoding's draft model (a model preset id).
pub const DRAFT_KEY: &str = "draft";
/// Link key naming the device preset's published power mode (`presets::power_modes`, e.g. `15w`).
pub const POWER_MODE_KEY: &str = "power_mode";
/// Link key listing fields left unknown although the defaults or a preset give them (`unset=fp16_tops.int4_tops`;
/// a required field listed here comes back empty, with its "required" error).
pub const UNSET_KEY: &str = "unset";
const PRESET_KEYS: [&str; 3] = [DEVICE_KEY, MODEL_KEY, QUANT_KEY];

/// Apply the preset named by one of [`PRESET_KEYS`]; false when no preset has this id.
fn apply_preset(key: &str, id: &str, inputs: &mut Inputs) -> bool {
    let applied = match key {
        DEVICE_KEY => presets::device(id).map(|p| p.apply(inputs)),
        MODEL_KEY => presets::model(id).map(|p| p.apply(inputs)),
        QUANT_KEY => presets::quant(id).map(|p| p.apply(inputs)),
        _ => None,
    };
    applied.is_some()
}

/// The defaults with the presets `inputs` names applied and, where it names a device, completed for its
/// framework and backend ([`presets::complete::complete`]): what a link written for `inputs` starts from.
/// Returns the baseline, the (key, id) pairs that resolved, and the backend the framework runs on that
/// device (`None` without a device preset).
fn baseline(inputs: &Inputs) -> (Inputs, Vec<(&'static str, &str)>, Option<Backend>) {
    let mut d = Inputs::default();
    let mut named = Vec::new();
    for (key, id) in [
        (DEVICE_KEY, inputs.device.as_deref()),
        (MODEL_KEY, inputs.model.as_deref()),
        (QUANT_KEY, inputs.quant.as_deref()),
    ] {
        if let Some(id) = id {
            if apply_preset(key, id, &mut d) {
                named.push((key, id));
            }
        }
    }
    d.framework.clone_from(&inputs.framework);
    d.power_mode.clone_from(&inputs.power_mode);
    let derived =
        presets::complete::complete(&mut d, Some(inputs.backend)).map(|c| c.derived_backend);
    (d, named, derived)
}

/// What a link written for `inputs` starts from: the defaults with its presets applied and its device
/// completed for its framework and backend. A field in error falls back to its value here.
#[must_use]
pub fn baseline_of(inputs: &Inputs) -> Inputs {
    baseline(inputs).0
}

/// The scenario a v=1 link named: presets applied on the defaults, nothing completed.
fn v1_baseline(pairs: &Pairs) -> Inputs {
    let mut d = Inputs::default();
    for pk in PRESET_KEYS {
        if let Some((_, id)) = pairs.iter().rev().find(|(k, _)| k == pk) {
            let _ = apply_preset(pk, id, &mut d);
        }
    }
    d
}

/// v=1 → v=2: a device preset became a complete scenario (its kind's defaults, its framework's backend,
/// the fitted efficiencies). A v=1 link that names a device keeps its meaning by spelling out every value
/// the completion would change and the link does not give, and its backend.
fn v1_to_v2(mut pairs: Pairs) -> Pairs {
    let given = |pairs: &Pairs, k: &str| pairs.iter().any(|(key, _)| key == k);
    let Some(dev) = pairs
        .iter()
        .rev()
        .find(|(k, _)| k == DEVICE_KEY)
        .map(|p| p.1.clone())
    else {
        return pairs;
    };
    if presets::device(&dev).is_none() {
        return pairs;
    }
    let old = v1_baseline(&pairs);
    let mut new = old.clone();
    if let Some((_, fw)) = pairs.iter().rev().find(|(k, _)| k == "fw") {
        if crate::presets::framework(fw).is_some() {
            new.framework.clone_from(fw);
        }
    }
    let backend = pairs
        .iter()
        .rev()
        .find(|(k, _)| k == Backend::KEY)
        .and_then(|(_, v)| Backend::from_code(v))
        .unwrap_or(old.backend);
    presets::complete::complete(&mut new, Some(backend));
    let unset_given: Vec<String> = pairs
        .iter()
        .filter(|(k, _)| k == UNSET_KEY)
        .flat_map(|(_, v)| v.split(['.', ',']).map(String::from).collect::<Vec<_>>())
        .collect();
    let mut unset = Vec::new();
    for &f in ALL_FIELDS {
        let k = f.key();
        if old.get(f) == new.get(f) || given(&pairs, k) || unset_given.iter().any(|u| u == k) {
            continue;
        }
        match old.get(f) {
            Some(v) => pairs.push((k.into(), fmt_value(&v))),
            None => unset.push(k),
        }
    }
    if !unset.is_empty() {
        match pairs.iter_mut().rev().find(|(k, _)| k == UNSET_KEY) {
            Some((_, v)) => {
                for u in unset {
                    v.push('.');
                    v.push_str(u);
                }
            }
            None => pairs.push((UNSET_KEY.into(), unset.join("."))),
        }
    }
    if !given(&pairs, Backend::KEY) {
        pairs.push((Backend::KEY.into(), old.backend.code().into()));
    }
    pairs
}

/// Whether `id` names a model preset a draft can be: an LLM with an architecture.
#[must_use]
pub fn is_draft(id: &str) -> bool {
    presets::model(id).is_some_and(|p| p.family == presets::ModelFamily::Llm && p.arch.is_some())
}

/// The version this build writes.
pub const VERSION: u32 = 2;
/// Longest link accepted, in characters.
pub const MAX_LEN: usize = 4096;

/// Something in a link that was not used as written.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Issue {
    /// The link is longer than [`MAX_LEN`]; nothing was read.
    TooLong {
        /// Its length.
        len: usize,
    },
    /// Written by a newer version of edgefit; keys were read as this version understands them.
    NewerVersion {
        /// The version in the link.
        found: u32,
    },
    /// The version is not a number.
    BadVersion {
        /// What was there.
        value: String,
    },
    /// A key this version does not know.
    UnknownKey {
        /// The key.
        key: String,
    },
    /// A value that could not be used; the key keeps its default.
    BadValue {
        /// The key.
        key: String,
        /// What was there.
        value: String,
        /// Why it was refused.
        problem: ValueProblem,
    },
    /// A key given twice; the last one counts.
    Duplicate {
        /// The key.
        key: String,
    },
}

impl Issue {
    /// The key the issue is about, if any.
    #[must_use]
    pub fn key(&self) -> Option<&str> {
        match self {
            Issue::UnknownKey { key } | Issue::BadValue { key, .. } | Issue::Duplicate { key } => {
                Some(key)
            }
            Issue::BadVersion { .. } | Issue::NewerVersion { .. } => Some("v"),
            Issue::TooLong { .. } => None,
        }
    }
}

impl core::fmt::Display for Issue {
    /// A developer-facing message; the page and CLI render their own words from the variant.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Issue::TooLong { len } => write!(
                f,
                "link is {len} characters, longer than {MAX_LEN}: ignored"
            ),
            Issue::NewerVersion { found } => write!(
                f,
                "v={found}: written by a newer edgefit (this reads v={VERSION})"
            ),
            Issue::BadVersion { value } => write!(f, "v={value:?}: not a version number"),
            Issue::UnknownKey { key } => write!(f, "{key}: unknown key, ignored"),
            Issue::BadValue {
                key,
                value,
                problem,
            } => {
                write!(f, "{key}={value:?}: ")?;
                match problem {
                    ValueProblem::NotANumber => write!(f, "not a number"),
                    ValueProblem::UnknownOption => write!(f, "not one of the options"),
                    ValueProblem::Field(p) => write!(f, "{p:?}"),
                    ValueProblem::NotAPowerMode { valid } => {
                        write!(f, "not a power mode of the device ({})", valid.join(", "))
                    }
                }?;
                write!(f, "; default kept")
            }
            Issue::Duplicate { key } => write!(f, "{key}: given twice; the last one counts"),
        }
    }
}

/// Why a value was refused.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum ValueProblem {
    /// Not a number or range.
    NotANumber,
    /// Not one of a choice's options.
    UnknownOption,
    /// Outside the field's rules.
    Field(Problem),
    /// Not one of the named device's power modes (`power_mode`); `valid` lists them (empty: the link
    /// names no device with published power modes).
    NotAPowerMode {
        /// The device's power mode ids.
        valid: Vec<&'static str>,
    },
}

/// A decoded link.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// The scenario: defaults, overridden by every usable key.
    pub inputs: Inputs,
    /// Caller-owned keys, in link order.
    pub extras: Vec<(String, String)>,
    /// What was not used as written.
    pub issues: Vec<Issue>,
}

// The shortest text that reads back as `x` (`numfmt::short`): a link must read back what it wrote.
use crate::numfmt::short as fmt_num;

fn fmt_value(v: &Value) -> String {
    if !v.is_range() {
        fmt_num(v.mid)
    } else if v.mid == Value::range(v.lo, v.hi).mid {
        format!("{}~{}", fmt_num(v.lo), fmt_num(v.hi))
    } else {
        format!("{}~{}~{}", fmt_num(v.lo), fmt_num(v.mid), fmt_num(v.hi))
    }
}

/// Parse a number or a range (`a~b`, `a~m~b`) as typed in a link or a form field. Full-width forms, as a
/// Chinese input method types them (`１２８`, `０．５～０．７`, `０。５`), read as their ASCII ones.
#[must_use]
pub fn parse_value(s: &str) -> Option<Value> {
    let s: alloc::string::String = s
        .chars()
        .map(|c| match c {
            // U+FF01–U+FF5E are ASCII 0x21–0x7E, 0xFEE0 higher (the ideographic space is trimmed as
            // whitespace already).
            #[allow(clippy::cast_possible_truncation)] // 0x21–0x7E
            '\u{ff01}'..='\u{ff5e}' => char::from((c as u32 - 0xfee0) as u8),
            '\u{3002}' => '.',
            _ => c,
        })
        .collect();
    let parts: Vec<&str> = s.split('~').map(str::trim).collect();
    let num = |p: &str| -> Option<f64> {
        if p.is_empty() || p.len() > 40 {
            return None;
        }
        parse_f64(p)
    };
    match parts.as_slice() {
        [a] => num(a).map(Value::exact),
        [a, b] => Some(Value::range(num(a)?, num(b)?)),
        [a, m, b] => Some(Value::range3(num(a)?, num(m)?, num(b)?)),
        _ => None,
    }
}

/// A number as `str::parse::<f64>` reads it: the same grammar (`+`/`-`, digits with an optional point,
/// an optional exponent, `inf`/`infinity`/`nan` in any case) and the same correctly rounded value.
///
/// In the page's wasm (feature `js`) the digits go to JavaScript's `parseFloat` once the grammar has
/// been checked here: Rust's own parser brings about 15 KB of tables and code to the page.
#[must_use]
pub fn parse_f64(s: &str) -> Option<f64> {
    #[cfg(all(feature = "js", target_arch = "wasm32"))]
    {
        match float_syntax(s)? {
            Ok(()) => Some(js_sys::parse_float(s)),
            Err(special) => Some(special),
        }
    }
    #[cfg(not(all(feature = "js", target_arch = "wasm32")))]
    {
        s.parse().ok()
    }
}

/// Whether `s` is a number in `str::parse::<f64>`'s grammar: `Ok` for digits, `Err(value)` for
/// infinity or NaN (with its sign), `None` when it is not a number.
#[cfg_attr(not(all(feature = "js", target_arch = "wasm32")), allow(dead_code))]
fn float_syntax(s: &str) -> Option<Result<(), f64>> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'+') => (false, &s[1..]),
        Some(b'-') => (true, &s[1..]),
        _ => (false, s),
    };
    let special = if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        Some(f64::INFINITY)
    } else if body.eq_ignore_ascii_case("nan") {
        Some(f64::NAN)
    } else {
        None
    };
    if let Some(v) = special {
        return Some(Err(if neg { -v } else { v }));
    }
    let b = body.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    let mut n = digits(&mut i);
    if i < b.len() && b[i] == b'.' {
        i += 1;
        n += digits(&mut i);
    }
    if n == 0 {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return None;
        }
    }
    (i == b.len()).then_some(Ok(()))
}

/// Format a value the way links and form fields show it.
#[must_use]
pub fn format_value(v: &Value) -> String {
    fmt_value(v)
}

pub(crate) fn pct_encode(s: &str, out: &mut String) {
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
}

pub(crate) fn pct_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' && i + 2 < bytes.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(if b == b'+' { b' ' } else { b });
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Write the scenario as a link hash (without the `#`): the version, the presets it names, then every
/// input that differs from the defaults with those presets applied, in form order, then the extras.
#[must_use]
pub fn encode(inputs: &Inputs, extras: &[(&str, &str)]) -> String {
    let (d, named, derived) = baseline(inputs);
    let mut out = format!("v={VERSION}");
    let mut push = |k: &str, v: &str| {
        out.push('&');
        out.push_str(k);
        out.push('=');
        pct_encode(v, &mut out);
    };
    for (k, id) in named {
        push(k, id);
    }
    if inputs.model_kind != d.model_kind {
        push(ModelKind::KEY, inputs.model_kind.code());
    }
    let mut unset: Vec<&str> = Vec::new();
    for &f in ALL_FIELDS {
        let v = inputs.get(f);
        if v != d.get(f) {
            match v {
                Some(v) => push(f.key(), &fmt_value(&v)),
                // Unknown where the baseline knows a figure: an optional peak cleared, or a required
                // field left empty (a preset that does not publish it) — kept so a reload shows the gap.
                None => unset.push(f.key()),
            }
        }
    }
    if !unset.is_empty() {
        push(UNSET_KEY, &unset.join("."));
    }
    if inputs.granularity != d.granularity {
        push(Granularity::KEY, inputs.granularity.code());
    }
    if inputs.activation != d.activation {
        push(Activation::KEY, inputs.activation.code());
    }
    if inputs.image_rule != d.image_rule {
        push(ImageRule::KEY, inputs.image_rule.code());
    }
    if inputs.backend != derived.unwrap_or(d.backend) {
        push(Backend::KEY, inputs.backend.code());
    }
    if inputs.framework != Inputs::default().framework {
        push("fw", &inputs.framework);
    }
    if let Some(id) = &inputs.draft {
        push(DRAFT_KEY, id);
    }
    if let Some(id) = &inputs.power_mode {
        push(POWER_MODE_KEY, id);
    }
    for (k, v) in extras {
        push(k, v);
    }
    out
}

/// A link's key-value pairs, decoded from percent-encoding, in link order.
pub type Pairs = Vec<(String, String)>;

/// One step of reading an old link: rewrites the pairs of a link written by version `from` into what
/// version `from + 1` would have written for the same scenario (rename a key, convert a unit, split a
/// key in two…). Migrations never fail: a pair they cannot convert is left alone and reported by the
/// decoder like any other bad key.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    /// The version this step reads.
    pub from: u32,
    /// The rewrite.
    pub migrate: fn(Pairs) -> Pairs,
}

/// Every migration, oldest first. Empty while v=1 is the only version: when a change to the keys makes
/// v=2, bump [`VERSION`] and add `Migration { from: 1, migrate: v1_to_v2 }` here; links written by v=1
/// then keep their meaning forever (`crates/core/tests/links/v1.txt` checks that they do).
pub const MIGRATIONS: &[Migration] = &[Migration {
    from: 1,
    migrate: v1_to_v2,
}];

/// The link's version: the last `v=` key's value, or `current` for a link without one (a bare
/// `key=value&…` string is read as this version writes it).
fn link_version(pairs: &Pairs, current: u32) -> Result<u32, Issue> {
    match pairs.iter().rev().find(|(k, _)| k == "v") {
        None => Ok(current),
        // Versions start at 1: `v=0` is no version edgefit wrote, so it is named, not read silently.
        Some((_, v)) => v
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| Issue::BadVersion { value: v.clone() }),
    }
}

/// Bring pairs written by version `found` up to `current`, one migration at a time.
fn migrate(mut pairs: Pairs, found: u32, current: u32, migrations: &[Migration]) -> Pairs {
    for m in migrations {
        if m.from >= found && m.from < current {
            pairs = (m.migrate)(pairs);
        }
    }
    pairs
}

/// Read a link, a hash (`#v=1&…`) or a bare `key=value&…` string. `extra_keys` are the caller's own keys.
///
/// A link written by an older version is first brought up to this one by [`MIGRATIONS`]; one written by
/// a newer version is read as this version understands it, with an [`Issue::NewerVersion`].
#[must_use]
pub fn decode(link: &str, extra_keys: &[&str]) -> Decoded {
    decode_as(link, extra_keys, VERSION, MIGRATIONS)
}

/// [`decode`] as a build whose version is `current`, with these migrations (for testing migrations before
/// a real v=2 exists).
#[doc(hidden)]
#[must_use]
pub fn decode_as(
    link: &str,
    extra_keys: &[&str],
    current: u32,
    migrations: &[Migration],
) -> Decoded {
    let mut inputs = Inputs::default();
    let mut extras = Vec::new();
    let mut issues = Vec::new();
    let hash = match link.find('#') {
        Some(i) => &link[i + 1..],
        None => link.split_once('?').map_or(link, |(_, q)| q),
    };
    let hash = hash.trim();
    if hash.len() > MAX_LEN {
        issues.push(Issue::TooLong { len: hash.len() });
        return Decoded {
            inputs,
            extras,
            issues,
        };
    }
    let pairs: Pairs = hash
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (pct_decode(k), pct_decode(v))
        })
        .collect();
    let pairs = match link_version(&pairs, current) {
        Ok(found) if found > current => {
            issues.push(Issue::NewerVersion { found });
            pairs
        }
        Ok(found) => migrate(pairs, found, current, migrations),
        Err(bad) => {
            issues.push(bad);
            pairs
        }
    };
    // Presets first, in a fixed order, the last of each key counting; then the device's completion for the
    // link's framework (and backend, when it names one); explicit keys then override them.
    for pk in PRESET_KEYS {
        if let Some((key, val)) = pairs.iter().rev().find(|(k, _)| k == pk) {
            if !apply_preset(pk, val, &mut inputs) {
                issues.push(Issue::BadValue {
                    key: key.clone(),
                    value: val.clone(),
                    problem: ValueProblem::UnknownOption,
                });
            }
        }
    }
    if let Some((_, fw)) = pairs.iter().rev().find(|(k, _)| k == "fw") {
        if crate::presets::framework(fw).is_some() {
            inputs.framework.clone_from(fw);
        }
    }
    let explicit_backend = pairs
        .iter()
        .rev()
        .find(|(k, _)| k == Backend::KEY)
        .and_then(|(_, v)| Backend::from_code(v));
    // The device's power mode, before the completion that applies it; one that is not the device's is an
    // issue for its key alone, naming the device's modes.
    if let Some((key, val)) = pairs.iter().rev().find(|(k, _)| k == POWER_MODE_KEY) {
        let device = inputs.device.as_deref().unwrap_or("");
        if presets::power_modes::power_mode(device, val).is_some() {
            inputs.power_mode = Some(val.clone());
        } else {
            issues.push(Issue::BadValue {
                key: key.clone(),
                value: val.clone(),
                problem: ValueProblem::NotAPowerMode {
                    valid: presets::power_modes::mode_ids(device),
                },
            });
        }
    }
    presets::complete::complete(&mut inputs, explicit_backend);
    let mut seen: Vec<String> = Vec::new();
    for (key, val) in pairs {
        if seen.contains(&key) {
            issues.push(Issue::Duplicate { key: key.clone() });
        } else {
            seen.push(key.clone());
        }
        let bad = |p: ValueProblem| Issue::BadValue {
            key: key.clone(),
            value: val.clone(),
            problem: p,
        };
        match key.as_str() {
            // Read above, before the migrations.
            "v" => {}
            ModelKind::KEY => match ModelKind::from_code(&val) {
                Some(x) => inputs.model_kind = x,
                None => issues.push(bad(ValueProblem::UnknownOption)),
            },
            Granularity::KEY => match Granularity::from_code(&val) {
                Some(x) => inputs.granularity = x,
                None => issues.push(bad(ValueProblem::UnknownOption)),
            },
            Activation::KEY => match Activation::from_code(&val) {
                Some(x) => inputs.activation = x,
                None => issues.push(bad(ValueProblem::UnknownOption)),
            },
            Backend::KEY => match Backend::from_code(&val) {
                Some(x) => inputs.backend = x,
                None => issues.push(bad(ValueProblem::UnknownOption)),
            },
            ImageRule::KEY => match ImageRule::from_code(&val) {
                Some(x) => inputs.image_rule = x,
                None => issues.push(bad(ValueProblem::UnknownOption)),
            },
            "fw" => {
                if crate::presets::framework(&val).is_some() {
                    inputs.framework = val.clone();
                } else {
                    issues.push(bad(ValueProblem::UnknownOption));
                }
            }
            DEVICE_KEY | MODEL_KEY | QUANT_KEY | POWER_MODE_KEY => {}
            DRAFT_KEY => {
                if is_draft(&val) {
                    inputs.draft = Some(val.clone());
                } else {
                    issues.push(bad(ValueProblem::UnknownOption));
                }
            }
            UNSET_KEY => {
                for k in val.split(['.', ',']).filter(|k| !k.is_empty()) {
                    match Field::from_key(k) {
                        Some(f) => inputs.set(f, None),
                        _ => issues.push(Issue::BadValue {
                            key: key.clone(),
                            value: k.into(),
                            problem: ValueProblem::UnknownOption,
                        }),
                    }
                }
            }
            k if extra_keys.contains(&k) => extras.push((key.clone(), val.clone())),
            k => match Field::from_key(k) {
                None => issues.push(Issue::UnknownKey { key: key.clone() }),
                Some(f) => match parse_value(&val) {
                    None => issues.push(bad(ValueProblem::NotANumber)),
                    Some(x) => match f.spec().check(&x) {
                        Ok(()) => inputs.set(f, Some(x)),
                        Err(p) => issues.push(bad(ValueProblem::Field(p))),
                    },
                },
            },
        }
    }
    Decoded {
        inputs,
        extras,
        issues,
    }
}

impl Decoded {
    /// Whether the link was read exactly as written.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.issues.is_empty()
    }
}

/// The key names a link may carry for the engine (for documentation and the UI).
#[must_use]
pub fn engine_keys() -> Vec<String> {
    let mut v: Vec<String> = [
        "v",
        ModelKind::KEY,
        Granularity::KEY,
        Activation::KEY,
        Backend::KEY,
        ImageRule::KEY,
        "fw",
        DEVICE_KEY,
        MODEL_KEY,
        QUANT_KEY,
        UNSET_KEY,
        DRAFT_KEY,
        POWER_MODE_KEY,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.extend(ALL_FIELDS.iter().map(|f| f.key().to_string()));
    v
}

#[cfg(test)]
mod tests {
    #[test]
    fn float_syntax_is_the_grammar_of_str_parse() {
        let cases = [
            "0",
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
            "1.5E-300",
            "-0",
            "1e400",
            "1e-400",
            "inf",
            "-inf",
            "+inf",
            "INF",
            "Infinity",
            "-infinity",
            "nan",
            "NaN",
            "-nan",
            "+NaN",
            "",
            "+",
            "-",
            ".",
            "e5",
            ".e5",
            "1e",
            "1e+",
            "1e-",
            "1.5.5",
            "1..5",
            "--1",
            "+-1",
            " 1",
            "1 ",
            "0x10",
            "1_000",
            "1,5",
            "infinit",
            "infinityy",
            "nana",
            "inf1",
            "1e5.5",
            "1ee5",
            "١",
            "1\u{0}",
            "Inf",
            "iNfInItY",
        ];
        for c in cases {
            let std: Result<f64, _> = c.parse::<f64>();
            let std = std.ok();
            match super::float_syntax(c) {
                None => assert!(std.is_none(), "{c:?} should not parse"),
                Some(Ok(())) => assert!(std.is_some(), "{c:?}"),
                Some(Err(v)) => {
                    let x = std.unwrap_or_else(|| panic!("{c:?} should parse"));
                    assert!(
                        x.to_bits() == v.to_bits() || (x.is_nan() && v.is_nan()),
                        "{c:?}"
                    );
                    assert_eq!(x.is_sign_negative(), v.is_sign_negative(), "{c:?}");
                }
            }
            if std.is_some() {
                assert!(super::float_syntax(c).is_some(), "{c:?} parses with std");
            }
            assert_eq!(
                super::parse_f64(c).map(f64::to_bits),
                std.map(f64::to_bits),
                "{c:?}"
            );
        }
    }

    use super::*;
    use crate::input::Field;

    /// A made-up v=2 that renamed `bw_gbps` to `bw_mbps` (in MB/s) and dropped `act`: what a real
    /// migration will look like.
    fn v1_to_v2(pairs: Pairs) -> Pairs {
        pairs
            .into_iter()
            .filter(|(k, _)| k != "act")
            .map(|(k, v)| match k.as_str() {
                "bw_gbps" => match v.parse::<f64>() {
                    Ok(x) => ("bw_mbps".into(), format!("{}", x * 1000.0)),
                    Err(_) => (k, v),
                },
                _ => (k, v),
            })
            .collect()
    }

    /// The v=2 build's own reading of `bw_mbps`, played here by a v=3 migration into today's keys so the
    /// decoder (which knows `bw_gbps`) can check the result.
    fn v2_to_v3(pairs: Pairs) -> Pairs {
        pairs
            .into_iter()
            .map(|(k, v)| match (k.as_str(), v.parse::<f64>()) {
                ("bw_mbps", Ok(x)) => ("bw_gbps".into(), format!("{}", x / 1000.0)),
                _ => (k, v),
            })
            .collect()
    }

    const CHAIN: &[Migration] = &[
        Migration {
            from: 1,
            migrate: v1_to_v2,
        },
        Migration {
            from: 2,
            migrate: v2_to_v3,
        },
    ];

    #[test]
    fn old_links_are_migrated_step_by_step() {
        // A v=1 link runs both steps: its bandwidth survives the round trip through MB/s.
        let d = decode_as("v=1&bw_gbps=51.2&act=a16&tpot_ms=40", &[], 3, CHAIN);
        assert!(d.issues.is_empty(), "{:?}", d.issues);
        assert_eq!(d.inputs.mid(Field::BandwidthGbps), Some(51.2));
        assert_eq!(
            d.inputs.activation,
            Inputs::default().activation,
            "act was dropped"
        );
        assert_eq!(d.inputs.mid(Field::TpotMs), Some(40.0));
        // A v=2 link runs only the second step.
        let d = decode_as("v=2&bw_mbps=25600", &[], 3, CHAIN);
        assert_eq!(d.inputs.mid(Field::BandwidthGbps), Some(25.6));
        // A current link and a link without a version run none.
        let d = decode_as("v=3&bw_gbps=30", &[], 3, CHAIN);
        assert_eq!(d.inputs.mid(Field::BandwidthGbps), Some(30.0));
        let d = decode_as("bw_gbps=30&act=a16", &[], 3, CHAIN);
        assert_eq!(d.inputs.mid(Field::BandwidthGbps), Some(30.0));
        assert_ne!(d.inputs.activation, Inputs::default().activation);
        // A newer link is read as is, and says so.
        let d = decode_as("v=4&bw_gbps=30", &[], 3, CHAIN);
        assert_eq!(d.issues, vec![Issue::NewerVersion { found: 4 }]);
        assert_eq!(d.inputs.mid(Field::BandwidthGbps), Some(30.0));
    }

    /// What a Chinese input method types in full-width mode reads as the ASCII number.
    #[test]
    fn full_width_numbers_read_as_ascii() {
        assert_eq!(parse_value("１２８"), Some(Value::exact(128.0)));
        assert_eq!(parse_value("０．５～０．７"), Some(Value::range(0.5, 0.7)));
        assert_eq!(parse_value("０。５"), Some(Value::exact(0.5)));
        assert_eq!(parse_value("－１０"), Some(Value::exact(-10.0)));
        assert_eq!(parse_value("１ｅ３"), Some(Value::exact(1000.0)));
        // A comma is still not a decimal point, full-width or not ("1,500" reads two ways).
        assert_eq!(parse_value("1，5"), None);
        assert_eq!(parse_value("1,5"), None);
    }

    /// Found by the fuzz driver: a tiny value the codec accepted was written as 325 decimals, which it
    /// then refused, so the page's own link lost the value.
    #[test]
    fn extreme_values_are_written_so_they_read_back() {
        for x in [
            1e-320,
            5e-324,
            1e-30,
            1.5e300,
            f64::MAX,
            123_456_789.123_456_78,
            0.1 + 0.2,
        ] {
            let s = fmt_num(x);
            assert!(s.len() <= 40, "{x}: {s}");
            assert_eq!(parse_value(&s).map(|v| v.mid), Some(x), "{s}");
        }
        assert_eq!(fmt_num(50.0), "50");
        assert_eq!(fmt_num(0.25), "0.25");
        let mut i = Inputs::default();
        i.set_exact(Field::SustainedW, 1e-320);
        let d = decode(&encode(&i, &[]), &[]);
        assert!(d.is_clean(), "{:?}", d.issues);
        assert_eq!(d.inputs, i);
    }

    #[test]
    fn this_build_writes_v2_and_reads_v1_through_its_migration() {
        assert_eq!(VERSION, 2);
        assert!(MIGRATIONS.iter().all(|m| m.from < VERSION));
        let d = decode("v=1&bw_gbps=40", &[]);
        assert!(d.is_clean());
        // A v=1 link naming a device reads as v=1 did: the preset on the example's defaults, its
        // accelerator as the backend, nothing completed.
        let old = decode("v=1&device=apple_m4&fw=llama_cpp", &[]);
        assert!(old.is_clean(), "{:?}", old.issues);
        assert_eq!(old.inputs.mid(Field::StorageFreeGb), Some(4.0));
        assert_eq!(old.inputs.mid(Field::BandwidthUtil), Some(0.6));
        assert_eq!(old.inputs.backend, Backend::Npu);
        // The same choices in v=2: a laptop's storage, llama.cpp's Metal backend and its fitted η_bw.
        let new = decode("v=2&device=apple_m4&fw=llama_cpp", &[]);
        assert!(new.is_clean(), "{:?}", new.issues);
        assert_eq!(new.inputs.mid(Field::StorageFreeGb), Some(100.0));
        assert_eq!(new.inputs.backend, Backend::Gpu);
        assert_ne!(new.inputs.mid(Field::BandwidthUtil), Some(0.6));
        // And it round-trips as the bare choices.
        assert_eq!(encode(&new.inputs, &[]), "v=2&device=apple_m4&fw=llama_cpp");
        let d = decode("v=99&bw_gbps=40", &[]);
        assert_eq!(d.issues, vec![Issue::NewerVersion { found: 99 }]);
        assert_eq!(d.inputs.mid(Field::BandwidthGbps), Some(40.0));
        let d = decode("v=x&bw_gbps=40", &[]);
        assert_eq!(d.issues, vec![Issue::BadVersion { value: "x".into() }]);
        // There was never a v=0: named, and the keys still read.
        let d = decode("v=0&bw_gbps=40", &[]);
        assert_eq!(d.issues, vec![Issue::BadVersion { value: "0".into() }]);
        assert_eq!(d.inputs.mid(Field::BandwidthGbps), Some(40.0));
        let long = format!("v=1&bw_gbps={}", "1".repeat(MAX_LEN));
        let d = decode(&long, &[]);
        assert!(matches!(d.issues.as_slice(), [Issue::TooLong { .. }]));
        assert_eq!(d.inputs, Inputs::default());
    }
}
