//! Where a scenario comes from: nothing (the seed's worked example), a share link, a bare hash, or a file
//! (key = value lines, a link on a line, or a JSON object), or standard input. Everything is turned into one
//! link hash and read by the engine's codec, so a file and a link are checked by the same rules.

use std::io::Read as _;
use std::path::Path;

use edgefit_core::codec::{self, Decoded};

/// Keys the CLI reads from links besides the engine's: the page's language and embed view.
pub const EXTRA_KEYS: &[&str] = &["lang", "embed"];

/// Read the scenario named on the command line.
///
/// # Errors
/// A message when the file cannot be read or is not in one of the accepted shapes. Keys and values are
/// checked later, by the codec, and come back as [`Decoded::issues`].
pub fn load(arg: Option<&str>) -> Result<Decoded, String> {
    let hash = match arg {
        None => String::from("v=1"),
        Some("-") => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            from_text(&text).map_err(|e| format!("standard input: {e}"))?
        }
        Some(a) if Path::new(a).is_file() => {
            let text = std::fs::read_to_string(a).map_err(|e| format!("cannot read '{a}': {e}"))?;
            from_text(&text).map_err(|e| format!("{a}: {e}"))?
        }
        Some(a) if a.contains('#') || a.contains('=') => a.to_string(),
        Some(a) => {
            return Err(format!(
                "'{a}' is neither a file nor a link (a link looks like '#v=1&bw_gbps=50')"
            ))
        }
    };
    Ok(codec::decode(&hash, EXTRA_KEYS))
}

/// Escape what would end a key or value in a hash.
fn esc(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '%' => out.push_str("%25"),
            '&' => out.push_str("%26"),
            '#' => out.push_str("%23"),
            '+' => out.push_str("%2B"),
            '=' => out.push_str("%3D"),
            c => out.push(c),
        }
    }
    out
}

/// The hash part of a link: after `#`, else after `?`, else all of it.
fn hash_of(link: &str) -> &str {
    match link.split_once('#') {
        Some((_, h)) => h,
        None => link.split_once('?').map_or(link, |(_, q)| q),
    }
}

/// Turn a scenario file's text into a link hash.
///
/// # Errors
/// A message naming the line or key that is not in an accepted shape.
pub fn from_text(text: &str) -> Result<String, String> {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.starts_with('{') {
        return from_json(t);
    }
    // A golden scenario file: its `link:` line is the scenario, the rest are expectations.
    if let Some(l) = t
        .lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix("link:"))
    {
        return Ok(hash_of(l.trim()).to_string());
    }
    let mut pairs = Vec::new();
    for (n, line) in t.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l == "#" || l.starts_with("# ") || l.starts_with("//") {
            continue;
        }
        if l.starts_with('#') || l.contains('&') || l.contains("://") {
            let h = hash_of(l).trim();
            if !h.is_empty() {
                pairs.push(h.to_string());
            }
            continue;
        }
        let l = l.split_once(" #").map_or(l, |(a, _)| a).trim();
        let Some((k, v)) = l.split_once('=') else {
            return Err(format!("line {}: expected 'key = value', got '{l}'", n + 1));
        };
        pairs.push(format!("{}={}", esc(k.trim()), esc(v.trim())));
    }
    Ok(pairs.join("&"))
}

fn from_json(t: &str) -> Result<String, String> {
    use serde_json::Value;
    let obj: serde_json::Map<String, Value> =
        serde_json::from_str(t).map_err(|e| format!("not a JSON object of key → value: {e}"))?;
    let mut pairs = Vec::new();
    for (k, v) in &obj {
        let num = |x: &Value| x.as_f64().map(|f| f.to_string());
        let val = match v {
            Value::Number(_) => num(v).ok_or_else(|| format!("key '{k}': {v} is not a number"))?,
            Value::String(s) => s.clone(),
            Value::Bool(b) => String::from(if *b { "1" } else { "0" }),
            Value::Array(a) if (2..=3).contains(&a.len()) => a
                .iter()
                .map(|x| num(x).ok_or_else(|| format!("key '{k}': a range holds numbers, got {x}")))
                .collect::<Result<Vec<_>, _>>()?
                .join("~"),
            Value::Null => {
                return Err(format!(
                    "key '{k}': null is not a value (leave the key out to keep its default)"
                ))
            }
            other => {
                return Err(format!(
                    "key '{k}': {other} is not a number, a range [low, high] or an option"
                ))
            }
        };
        pairs.push(format!("{}={}", esc(k), esc(&val)));
    }
    Ok(pairs.join("&"))
}

/// Say every problem of a scenario's link on stderr, then that nothing was computed: the CLI refuses input
/// with a bad key (exit status 2) where the page keeps that key's default.
pub fn refuse(issues: &[codec::Issue], lang: edgefit_text::Lang) {
    for i in issues {
        eprintln!("edgefit: {}", edgefit_text::codec_issue_refused(i, lang));
    }
    eprintln!("edgefit: {}", edgefit_text::nothing_computed(lang));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn hash(text: &str, want: &str) {
        assert_eq!(from_text(text).unwrap(), want);
    }

    #[test]
    fn files_become_hashes() {
        hash(
            "# my phone\nbw_gbps = 51.2\neta_c = 0.2~0.4 # a range\n\nact=a16\n",
            "bw_gbps=51.2&eta_c=0.2~0.4&act=a16",
        );
        hash("https://x.example/#v=1&bw_gbps=50\n", "v=1&bw_gbps=50");
        hash("#v=1&tpot_ms=40", "v=1&tpot_ms=40");
        hash(
            "# golden\nlink: v=1&act=a16\nnumbers.x = 1 ±2%\n",
            "v=1&act=a16",
        );
        hash(
            r#"{"bw_gbps": 50, "eta_c": [0.2, 0.4], "act": "a16", "tied": true}"#,
            "act=a16&bw_gbps=50&eta_c=0.2~0.4&tied=1",
        );
        hash("overhead_ms = 1e+1", "overhead_ms=1e%2B1");
        assert!(from_text("bw_gbps 50").unwrap_err().contains("line 1"));
        assert!(from_text(r#"{"fp16_tops": null}"#)
            .unwrap_err()
            .contains("fp16_tops"));
        assert!(from_text("[1, 2]").unwrap_err().contains("line 1"));
    }

    #[test]
    fn files_and_links_go_through_the_codec() {
        let d = codec::decode(
            &from_text("overhead_ms = 1e+1\nlang = zh").unwrap(),
            EXTRA_KEYS,
        );
        assert!(d.issues.is_empty(), "{:?}", d.issues);
        assert_eq!(
            d.inputs.mid(edgefit_core::Field::TokenOverheadMs),
            Some(10.0)
        );
        assert_eq!(d.extras, vec![("lang".to_string(), "zh".to_string())]);
    }
}
