//! A small JSON reader (RFC 8259) for the files people import: the whole grammar, into a tree, with a depth
//! limit, and never a panic. The engine needs nothing more than looking keys up in a `config.json`, so this
//! keeps `serde_json` out of the core (and out of the page's wasm once the page imports files).

use alloc::string::String;
use alloc::vec::Vec;

/// Deepest nesting of arrays and objects accepted (a `config.json` nests three or four levels).
pub const MAX_DEPTH: usize = 64;

/// A JSON value. Objects keep their keys in file order; a key given twice is found at its last place.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number (as `f64`; integers up to 2⁵³ are exact).
    Num(f64),
    /// A string.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object.
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// The value under `key` when this is an object (the last one, when the key is repeated).
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(kv) => kv.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// Why a text is not JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonError {
    /// Not JSON at this byte offset.
    Syntax {
        /// Byte offset of the first character that does not fit the grammar.
        offset: usize,
    },
    /// Arrays or objects nested deeper than [`MAX_DEPTH`].
    TooDeep {
        /// Byte offset where the limit was passed.
        offset: usize,
    },
}

/// Parse one JSON text (surrounding whitespace allowed, a leading byte-order mark skipped).
///
/// # Errors
/// Where the text stops being JSON, or where it nests too deep.
pub fn parse(text: &str) -> Result<Json, JsonError> {
    let b = text.as_bytes();
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut p = Parser { b, i: start };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i != b.len() {
        return Err(JsonError::Syntax { offset: p.i });
    }
    Ok(v)
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn err<T>(&self) -> Result<T, JsonError> {
        Err(JsonError::Syntax { offset: self.i })
    }
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.i += 1;
        }
    }
    fn lit(&mut self, word: &[u8], v: Json) -> Result<Json, JsonError> {
        if self.b.get(self.i..self.i + word.len()) == Some(word) {
            self.i += word.len();
            Ok(v)
        } else {
            self.err()
        }
    }
    fn value(&mut self, depth: usize) -> Result<Json, JsonError> {
        match self.peek() {
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'"') => self.string().map(Json::Str),
            Some(b't') => self.lit(b"true", Json::Bool(true)),
            Some(b'f') => self.lit(b"false", Json::Bool(false)),
            Some(b'n') => self.lit(b"null", Json::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => self.err(),
        }
    }
    fn object(&mut self, depth: usize) -> Result<Json, JsonError> {
        if depth > MAX_DEPTH {
            return Err(JsonError::TooDeep { offset: self.i });
        }
        self.i += 1;
        let mut kv = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(Json::Obj(kv));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return self.err();
            }
            let k = self.string()?;
            self.ws();
            if self.peek() != Some(b':') {
                return self.err();
            }
            self.i += 1;
            self.ws();
            let v = self.value(depth)?;
            kv.push((k, v));
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Json::Obj(kv));
                }
                _ => return self.err(),
            }
        }
    }
    fn array(&mut self, depth: usize) -> Result<Json, JsonError> {
        if depth > MAX_DEPTH {
            return Err(JsonError::TooDeep { offset: self.i });
        }
        self.i += 1;
        let mut xs = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(Json::Arr(xs));
        }
        loop {
            self.ws();
            xs.push(self.value(depth)?);
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Json::Arr(xs));
                }
                _ => return self.err(),
            }
        }
    }
    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut x = 0u32;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                _ => return self.err(),
            };
            x = x * 16 + u32::from(d);
            self.i += 1;
        }
        Ok(x)
    }
    fn string(&mut self) -> Result<String, JsonError> {
        self.i += 1; // the opening quote
        let mut s = String::new();
        loop {
            // Copy the run of plain characters at once (the input is valid UTF-8, and a run ends only at
            // an ASCII byte, so it is too).
            let run = self.i;
            while let Some(c) = self.peek() {
                if c == b'"' || c == b'\\' || c < 0x20 {
                    break;
                }
                self.i += 1;
            }
            match core::str::from_utf8(&self.b[run..self.i]) {
                Ok(t) => s.push_str(t),
                Err(_) => return self.err(),
            }
            match self.peek() {
                Some(b'"') => {
                    self.i += 1;
                    return Ok(s);
                }
                Some(b'\\') => {
                    self.i += 1;
                    let c = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.i += 1;
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                if self.b.get(self.i..self.i + 2) != Some(b"\\u") {
                                    return self.err();
                                }
                                self.i += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return self.err();
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            match char::from_u32(code) {
                                Some(c) => {
                                    s.push(c);
                                    continue;
                                }
                                None => return self.err(),
                            }
                        }
                        _ => return self.err(),
                    };
                    self.i += 1;
                    s.push(c);
                }
                _ => return self.err(),
            }
        }
    }
    fn digits(&mut self) -> usize {
        let start = self.i;
        while let Some(b'0'..=b'9') = self.peek() {
            self.i += 1;
        }
        self.i - start
    }
    fn number(&mut self) -> Result<Json, JsonError> {
        let start = self.i;
        let neg = self.peek() == Some(b'-');
        if neg {
            self.i += 1;
        }
        let int_start = self.i;
        let n = self.digits();
        if n == 0 || (n > 1 && self.b[int_start] == b'0') {
            return Err(JsonError::Syntax { offset: int_start });
        }
        let mut plain = true;
        if self.peek() == Some(b'.') {
            self.i += 1;
            plain = false;
            if self.digits() == 0 {
                return self.err();
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.i += 1;
            plain = false;
            if let Some(b'+' | b'-') = self.peek() {
                self.i += 1;
            }
            if self.digits() == 0 {
                return self.err();
            }
        }
        let token = &self.b[start..self.i];
        if plain && n <= 15 {
            // Exact without a float parser: at most 15 digits fit in f64's 53 bits.
            let x = self.b[int_start..self.i]
                .iter()
                .fold(0.0, |acc, d| acc * 10.0 + f64::from(d - b'0'));
            return Ok(Json::Num(if neg { -x } else { x }));
        }
        let text = core::str::from_utf8(token).map_err(|_| JsonError::Syntax { offset: start })?;
        crate::codec::parse_f64(text)
            .map(Json::Num)
            .ok_or(JsonError::Syntax { offset: start })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_a_config_holds() {
        let j = parse(
            r#"{"a": 1, "b": [true, null, -2.5e3], "c": {"d": "x\u00e9\ud83d\ude00\n"}, "a": 2}"#,
        )
        .unwrap();
        assert_eq!(j.get("a"), Some(&Json::Num(2.0)));
        assert_eq!(
            j.get("b"),
            Some(&Json::Arr(alloc::vec![
                Json::Bool(true),
                Json::Null,
                Json::Num(-2500.0)
            ]))
        );
        assert_eq!(
            j.get("c").and_then(|c| c.get("d")),
            Some(&Json::Str("xé😀\n".into()))
        );
        assert_eq!(
            parse("\u{feff} 12345678901234567 ").unwrap(),
            Json::Num(12_345_678_901_234_568.0)
        );
    }

    #[test]
    fn refuses_what_is_not_json() {
        for (text, at) in [
            ("", 0),
            ("{", 1),
            ("{\"a\" 1}", 5),
            ("[1,]", 3),
            ("01", 0),
            ("1.", 2),
            ("\"\\x\"", 2),
            ("\"\\ud800\"", 7),
            ("tru", 0),
            ("{} x", 3),
            ("\"a\u{1}\"", 2),
        ] {
            assert_eq!(
                parse(text),
                Err(JsonError::Syntax { offset: at }),
                "{text:?}"
            );
        }
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert!(matches!(parse(&deep), Err(JsonError::TooDeep { .. })));
    }
}
