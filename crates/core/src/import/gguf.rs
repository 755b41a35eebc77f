//! The header of a GGUF file (llama.cpp's format) → the engine's model and quantization inputs.
//!
//! A GGUF file is a header — magic `GGUF`, a version, the tensor and metadata counts, the metadata
//! key/value pairs, one info record per tensor (name, dimensions, ggml type, offset) — then the tensor data,
//! aligned. The layout is ggml's `docs/gguf.md` (ggml-org/ggml) and `ggml/src/gguf.cpp`; all numbers are
//! little-endian. This reader reads the header only: it may be handed the first bytes of a file and answers
//! [`ErrorKind::NeedMoreBytes`] with how many it needs to go on, so a page can read a 5 GB file in slices.
//! Every count and length is checked against a limit before anything is allocated for it.
//!
//! The size of every tensor is exact (its ggml type's bytes per block × blocks, [`super::ggml`]), so the
//! file's weight bytes and its effective bits per weight are exact too. The model's shape comes from the
//! architecture's metadata (`{arch}.block_count`, `{arch}.embedding_length`, `{arch}.attention.head_count`,
//! …) and from which tensors exist (an `output.weight` means an untied LM head, `attn_q.bias` Q/K/V biases,
//! `attn_q_norm` q/k norms, `ffn_gate` a gated feed-forward).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ggml::{self, GgmlType};
use super::{Builder, ErrorKind, Format, ImportError, Imported, Note};
use crate::input::{Field, Granularity};

/// The first four bytes of a GGUF file.
pub const MAGIC: &[u8; 4] = b"GGUF";
/// Largest header read, bytes (a 262,144-token vocabulary with its merges is about 15 MB).
pub const MAX_HEADER: u64 = 512 << 20;
/// Longest string (a key, a tensor name or a value such as a chat template), bytes.
pub const MAX_STRING: u64 = 16 << 20;
/// Longest metadata array, elements.
pub const MAX_ARRAY: u64 = 1 << 26;
/// Most tensors.
pub const MAX_TENSORS: u64 = 1 << 20;
/// Most metadata keys.
pub const MAX_KEYS: u64 = 1 << 20;
/// ggml's `GGML_MAX_DIMS`.
pub const MAX_DIMS: u32 = 4;
/// Strings kept in [`Meta::Str`] up to this length; longer ones only by their length.
const KEEP_STRING: u64 = 4096;
/// Numeric arrays kept in [`Meta::Arr`] up to this length; longer ones (and arrays of strings) only by
/// their length.
const KEEP_ARRAY: u64 = 1 << 16;

const F: Format = Format::Gguf;

/// A metadata value as kept.
#[derive(Debug, Clone, PartialEq)]
pub enum Meta {
    /// An unsigned integer (u8, u16, u32, u64).
    Uint(u64),
    /// A signed integer (i8, i16, i32, i64).
    Int(i64),
    /// A float (f32, f64).
    Float(f64),
    /// A bool.
    Bool(bool),
    /// A string (lossy UTF-8).
    Str(String),
    /// A string too long to keep: its length.
    LongStr(u64),
    /// An array of numbers or bools.
    Arr(Vec<Meta>),
    /// An array of strings, or a long one: its length.
    LongArr(u64),
}

impl Meta {
    fn number(&self) -> Option<f64> {
        match *self {
            Meta::Uint(x) => Some(x as f64),
            Meta::Int(x) => Some(x as f64),
            Meta::Float(x) => Some(x),
            Meta::Bool(x) => Some(if x { 1.0 } else { 0.0 }),
            _ => None,
        }
    }
}

/// One tensor's info record.
#[derive(Debug, Clone, PartialEq)]
pub struct Tensor {
    /// Its name (`blk.0.attn_q.weight`).
    pub name: String,
    /// Its dimensions, innermost first (ggml's `ne`).
    pub dims: Vec<u64>,
    /// Its ggml type.
    pub ggml_type: &'static GgmlType,
    /// Offset of its data from the start of the data section.
    pub offset: u64,
    /// Elements.
    pub elements: u64,
    /// Bytes of its data.
    pub bytes: u64,
}

/// A parsed GGUF header.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// The format version (2 or 3).
    pub version: u32,
    /// Metadata in file order.
    pub metadata: Vec<(String, Meta)>,
    /// Tensor infos in file order.
    pub tensors: Vec<Tensor>,
    /// Where the header ends (the tensor data starts at the next multiple of `alignment`).
    pub header_bytes: u64,
    /// `general.alignment` (32 when absent).
    pub alignment: u64,
}

impl Header {
    /// A metadata value (the last one, if a key is repeated).
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Meta> {
        self.metadata
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }
    /// A tensor by name.
    #[must_use]
    pub fn tensor(&self, name: &str) -> Option<&Tensor> {
        self.tensors.iter().find(|t| t.name == name)
    }
}

/// Bytes and weights of one ggml type in a file.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TypeShare {
    /// The type.
    pub ggml_type: GgmlType,
    /// Tensors of this type.
    pub tensors: u64,
    /// Their elements.
    pub elements: u64,
    /// Their bytes.
    pub bytes: u64,
}

/// What a GGUF file holds, exactly.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Summary {
    /// Format version.
    pub version: u32,
    /// Tensors.
    pub tensors: u64,
    /// Bytes of the header (metadata and tensor infos).
    pub header_bytes: u64,
    /// Sum of every tensor's size.
    pub weight_bytes: u64,
    /// Sum of every tensor's elements.
    pub elements: u64,
    /// 8 × weight bytes ÷ elements.
    pub bits_per_weight: f64,
    /// By ggml type, most bytes first.
    pub by_type: Vec<TypeShare>,
    /// `general.file_type` (llama.cpp's `llama_ftype`), when given.
    pub file_type: Option<u64>,
}

struct Reader<'a> {
    b: &'a [u8],
    pos: u64,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: u64) -> Result<&'a [u8], ImportError> {
        let end = self.pos.saturating_add(n);
        if end > MAX_HEADER {
            return Err(ErrorKind::TooLarge {
                len: end,
                max: MAX_HEADER,
            }
            .of(F));
        }
        if end > self.b.len() as u64 {
            return Err(ErrorKind::NeedMoreBytes { at_least: end }.of(F));
        }
        // Both ends are within the slice, so within usize.
        let s = &self.b[self.pos as usize..end as usize];
        self.pos = end;
        Ok(s)
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N], ImportError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N as u64)?);
        Ok(a)
    }
    fn u32(&mut self) -> Result<u32, ImportError> {
        self.array().map(u32::from_le_bytes)
    }
    fn u64(&mut self) -> Result<u64, ImportError> {
        self.array().map(u64::from_le_bytes)
    }
    /// A string's bytes, refused above `max`.
    fn string(&mut self, max: u64) -> Result<&'a [u8], ImportError> {
        let len = self.u64()?;
        if len > max {
            return Err(ErrorKind::StringTooLong { len, max }.of(F));
        }
        self.take(len)
    }
    fn text(&mut self, max: u64) -> Result<String, ImportError> {
        self.string(max)
            .map(|s| String::from_utf8_lossy(s).into_owned())
    }
    /// One value of type `t` (not an array).
    fn scalar(&mut self, t: u32, key: &str) -> Result<Meta, ImportError> {
        Ok(match t {
            0 => Meta::Uint(u64::from(self.array::<1>()?[0])),
            1 => Meta::Int(i64::from(i8::from_le_bytes(self.array()?))),
            2 => Meta::Uint(u64::from(u16::from_le_bytes(self.array()?))),
            3 => Meta::Int(i64::from(i16::from_le_bytes(self.array()?))),
            4 => Meta::Uint(u64::from(self.u32()?)),
            5 => Meta::Int(i64::from(i32::from_le_bytes(self.array()?))),
            6 => Meta::Float(f64::from(f32::from_le_bytes(self.array()?))),
            7 => Meta::Bool(self.array::<1>()?[0] != 0),
            8 => {
                let s = self.string(MAX_STRING)?;
                if s.len() as u64 <= KEEP_STRING {
                    Meta::Str(String::from_utf8_lossy(s).into_owned())
                } else {
                    Meta::LongStr(s.len() as u64)
                }
            }
            10 => Meta::Uint(self.u64()?),
            11 => Meta::Int(i64::from_le_bytes(self.array()?)),
            12 => Meta::Float(f64::from_le_bytes(self.array()?)),
            _ => {
                return Err(ErrorKind::BadValueType {
                    key: key.into(),
                    type_id: t,
                }
                .of(F))
            }
        })
    }
    fn value(&mut self, t: u32, key: &str) -> Result<Meta, ImportError> {
        if t != 9 {
            return self.scalar(t, key);
        }
        let et = self.u32()?;
        let len = self.u64()?;
        if len > MAX_ARRAY {
            return Err(ErrorKind::ArrayTooLong {
                key: key.into(),
                len,
                max: MAX_ARRAY,
            }
            .of(F));
        }
        // Fixed-size elements: skip a long array in one step.
        let size = match et {
            0 | 1 | 7 => Some(1),
            2 | 3 => Some(2),
            4..=6 => Some(4),
            10..=12 => Some(8),
            8 => None,
            _ => {
                return Err(ErrorKind::BadValueType {
                    key: key.into(),
                    type_id: et,
                }
                .of(F))
            }
        };
        match size {
            Some(s) if len > KEEP_ARRAY => {
                self.take(len * s)?;
                Ok(Meta::LongArr(len))
            }
            Some(_) => {
                let mut xs = Vec::new();
                for _ in 0..len {
                    xs.push(self.scalar(et, key)?);
                }
                Ok(Meta::Arr(xs))
            }
            None => {
                for _ in 0..len {
                    self.string(MAX_STRING)?;
                }
                Ok(Meta::LongArr(len))
            }
        }
    }
}

fn limit(what: &'static str, count: u64, max: u64) -> Result<(), ImportError> {
    if count > max {
        return Err(ErrorKind::TooMany { what, count, max }.of(F));
    }
    Ok(())
}

/// Parse a GGUF header from the first bytes of a file (or all of it).
///
/// # Errors
/// Not GGUF, an unknown version, a malformed or over-long value, a tensor of an unknown type or impossible
/// shape; [`ErrorKind::NeedMoreBytes`] when the bytes end inside the header.
pub fn parse(bytes: &[u8]) -> Result<Header, ImportError> {
    let mut r = Reader { b: bytes, pos: 0 };
    let magic = r.take(4).map_err(|e| match e.kind {
        // Fewer than four bytes that could still start "GGUF".
        ErrorKind::NeedMoreBytes { .. } if MAGIC.starts_with(bytes) => e,
        _ => ErrorKind::BadMagic.of(F),
    })?;
    if magic != MAGIC {
        return Err(ErrorKind::BadMagic.of(F));
    }
    let version = r.u32()?;
    if !(2..=3).contains(&version) {
        return Err(ErrorKind::UnsupportedVersion { version }.of(F));
    }
    let n_tensors = r.u64()?;
    limit("tensors", n_tensors, MAX_TENSORS)?;
    let n_kv = r.u64()?;
    limit("metadata keys", n_kv, MAX_KEYS)?;
    let mut metadata = Vec::new();
    for _ in 0..n_kv {
        let key = r.text(MAX_STRING)?;
        let t = r.u32()?;
        let v = r.value(t, &key)?;
        metadata.push((key, v));
    }
    let mut tensors = Vec::new();
    for _ in 0..n_tensors {
        let name = r.text(MAX_STRING)?;
        let n_dims = r.u32()?;
        if n_dims > MAX_DIMS {
            return Err(ErrorKind::TooManyDims {
                tensor: name,
                dims: n_dims,
            }
            .of(F));
        }
        let mut dims = Vec::new();
        let mut elements: u64 = 1;
        let mut ok = true;
        for _ in 0..n_dims {
            let d = r.u64()?;
            // gguf.cpp: every dimension fits in int64_t, and so does their product.
            ok &= d <= i64::MAX as u64;
            match elements.checked_mul(d) {
                Some(e) if e <= i64::MAX as u64 => elements = e,
                _ => ok = false,
            }
            dims.push(d);
        }
        let type_id = r.u32()?;
        let offset = r.u64()?;
        let Some(gt) = ggml::ggml_type(type_id) else {
            return Err(ErrorKind::UnknownTensorType {
                tensor: name,
                type_id,
            }
            .of(F));
        };
        let ne0 = dims.first().copied().unwrap_or(1);
        let bytes = ok.then(|| ggml::tensor_bytes(gt, ne0, elements)).flatten();
        let Some(bytes) = bytes else {
            return Err(ErrorKind::BadTensorShape { tensor: name }.of(F));
        };
        tensors.push(Tensor {
            name,
            dims,
            ggml_type: gt,
            offset,
            elements,
            bytes,
        });
    }
    let alignment = match metadata
        .iter()
        .rev()
        .find(|(k, _)| k == "general.alignment")
    {
        Some((_, Meta::Uint(a))) if a.is_power_of_two() => *a,
        _ => 32,
    };
    Ok(Header {
        version,
        metadata,
        tensors,
        header_bytes: r.pos,
        alignment,
    })
}

/// The exact sizes of a header's tensors.
#[must_use]
pub fn summary(h: &Header) -> Summary {
    let mut by_type: Vec<TypeShare> = Vec::new();
    let (mut bytes, mut elements) = (0u64, 0u64);
    for t in &h.tensors {
        bytes = bytes.saturating_add(t.bytes);
        elements = elements.saturating_add(t.elements);
        match by_type
            .iter_mut()
            .find(|s| s.ggml_type.id == t.ggml_type.id)
        {
            Some(s) => {
                s.tensors += 1;
                s.elements = s.elements.saturating_add(t.elements);
                s.bytes = s.bytes.saturating_add(t.bytes);
            }
            None => by_type.push(TypeShare {
                ggml_type: *t.ggml_type,
                tensors: 1,
                elements: t.elements,
                bytes: t.bytes,
            }),
        }
    }
    crate::math::sort_by(&mut by_type, |a, b| b.bytes.cmp(&a.bytes));
    Summary {
        version: h.version,
        tensors: h.tensors.len() as u64,
        header_bytes: h.header_bytes,
        weight_bytes: bytes,
        elements,
        bits_per_weight: if elements > 0 {
            8.0 * bytes as f64 / elements as f64
        } else {
            0.0
        },
        by_type,
        file_type: match h.get("general.file_type") {
            Some(Meta::Uint(x)) => Some(*x),
            _ => None,
        },
    }
}

/// A number, or one per layer.
enum Num {
    One(f64),
    PerLayer(Vec<f64>),
}

impl Num {
    fn max(&self) -> f64 {
        match self {
            Num::One(x) => *x,
            Num::PerLayer(xs) => xs.iter().copied().fold(0.0, f64::max),
        }
    }
}

struct Meta2<'a> {
    h: &'a Header,
    arch: &'a str,
}

impl Meta2<'_> {
    fn key(&self, suffix: &str) -> String {
        let mut k = String::from(self.arch);
        k.push('.');
        k.push_str(suffix);
        k
    }
    /// `{arch}.suffix` as a number or a per-layer list of numbers.
    fn num(&self, suffix: &str) -> Result<Option<(Num, String)>, ImportError> {
        let key = self.key(suffix);
        match self.h.get(&key) {
            None => Ok(None),
            Some(Meta::Arr(xs)) => {
                let mut out = Vec::new();
                for x in xs {
                    match x.number() {
                        Some(v) => out.push(v),
                        None => return Err(ErrorKind::NotANumber { key }.of(F)),
                    }
                }
                Ok(Some((Num::PerLayer(out), key)))
            }
            Some(m) => match m.number() {
                Some(v) if v.is_finite() => Ok(Some((Num::One(v), key))),
                _ => Err(ErrorKind::NotANumber { key }.of(F)),
            },
        }
    }
    /// `{arch}.suffix` as one number; a per-layer list gives its largest (noted).
    fn one(&self, suffix: &str, b: &mut Builder) -> Result<Option<(f64, String)>, ImportError> {
        Ok(self.num(suffix)?.map(|(n, key)| {
            if let Num::PerLayer(xs) = &n {
                if xs.windows(2).any(|w| w[0] != w[1]) {
                    b.note(Note::PerLayer { key: key.clone() });
                }
            }
            (n.max(), key)
        }))
    }
    fn required(&self, suffix: &str, b: &mut Builder) -> Result<(f64, String), ImportError> {
        self.one(suffix, b)?.ok_or_else(|| {
            ErrorKind::Missing {
                key: self.key(suffix),
            }
            .of(F)
        })
    }
}

/// Read a GGUF file's header (the first bytes of the file are enough) into the engine's inputs: the
/// model's shape, and its quantization as the exact bits per weight of its layer matrices and of its
/// embedding and LM head.
///
/// # Errors
/// As [`parse`], and a missing or malformed key the model needs (`general.architecture`,
/// `{arch}.block_count`, …).
pub fn import(bytes: &[u8]) -> Result<Imported, ImportError> {
    let h = parse(bytes)?;
    let arch = match h.get("general.architecture") {
        Some(Meta::Str(s)) => s.as_str(),
        Some(_) => {
            return Err(ErrorKind::NotANumber {
                key: "general.architecture".into(),
            }
            .of(F))
        }
        None => {
            return Err(ErrorKind::Missing {
                key: "general.architecture".into(),
            }
            .of(F))
        }
    };
    let m = Meta2 { h: &h, arch };
    let mut b = Builder::new(F);
    let has = |part: &str| h.tensors.iter().any(|t| t.name.contains(part));

    let (layers, lkey) = m.required("block_count", &mut b)?;
    b.set(Field::Layers, layers, &lkey)?;
    let (hidden, hkey) = m.required("embedding_length", &mut b)?;
    b.set(Field::Hidden, hidden, &hkey)?;
    let (heads, headkey) = m.required("attention.head_count", &mut b)?;
    b.set(Field::Heads, heads, &headkey)?;
    // KV heads, per layer in hybrids: a layer with none is recurrent.
    let mut recurrent = 0.0;
    match m.num("attention.head_count_kv")? {
        Some((Num::PerLayer(xs), key)) => {
            recurrent = xs.iter().filter(|&&x| x == 0.0).count() as f64;
            let attn: Vec<f64> = xs.iter().copied().filter(|&x| x > 0.0).collect();
            if attn.windows(2).any(|w| w[0] != w[1]) {
                b.note(Note::PerLayer { key: key.clone() });
            }
            let kv = attn.iter().copied().fold(0.0, f64::max);
            b.set(Field::KvHeads, if kv > 0.0 { kv } else { heads }, &key)?;
        }
        Some((Num::One(x), key)) => b.set(Field::KvHeads, x, &key)?,
        None => b.set(Field::KvHeads, heads, &headkey)?,
    }
    let head_dim = match m.one("attention.key_length", &mut b)? {
        Some(found) => found,
        None if heads > 0.0 && hidden % heads == 0.0 => (hidden / heads, hkey.clone()),
        None => {
            return Err(ErrorKind::Missing {
                key: m.key("attention.key_length"),
            }
            .of(F))
        }
    };
    b.set(Field::HeadDim, head_dim.0, &head_dim.1)?;
    let expert_ffn = m.one("expert_feed_forward_length", &mut b)?;
    let ffn = match (m.one("feed_forward_length", &mut b)?, &expert_ffn) {
        (Some((f, key)), _) if f > 0.0 => (f, key),
        (_, Some(e)) => e.clone(),
        _ => {
            return Err(ErrorKind::Missing {
                key: m.key("feed_forward_length"),
            }
            .of(F))
        }
    };
    b.set(Field::Ffn, ffn.0, &ffn.1)?;
    let vocab = match m.one("vocab_size", &mut b)? {
        Some(found) => found,
        None => match (
            h.get("tokenizer.ggml.tokens"),
            h.tensor("token_embd.weight"),
        ) {
            (Some(Meta::LongArr(n)), _) => (*n as f64, "tokenizer.ggml.tokens".to_string()),
            (Some(Meta::Arr(xs)), _) => (xs.len() as f64, "tokenizer.ggml.tokens".to_string()),
            (_, Some(t)) if t.dims.len() == 2 => (t.dims[1] as f64, t.name.clone()),
            _ => {
                return Err(ErrorKind::Missing {
                    key: m.key("vocab_size"),
                }
                .of(F))
            }
        },
    };
    b.set(Field::Vocab, vocab.0, &vocab.1)?;
    let flag = |x: bool| if x { 1.0 } else { 0.0 };
    b.set(
        Field::Tied,
        flag(h.tensor("output.weight").is_none()),
        "output.weight",
    )?;
    b.set(
        Field::Gated,
        flag(has(".ffn_gate.") || has(".ffn_gate_exps.")),
        "ffn_gate",
    )?;
    b.set(
        Field::QkvBias,
        flag(has("attn_q.bias") || has("attn_qkv.bias")),
        "attn_q.bias",
    )?;
    b.set(Field::QkNorm, flag(has("attn_q_norm.")), "attn_q_norm")?;
    b.set(
        Field::PostNorms,
        flag(has("post_attention_norm.") && has("post_ffw_norm.")),
        "post_ffw_norm",
    )?;

    let max_context = m.one("context_length", &mut b)?.map(|x| x.0);

    // Experts.
    if let Some((n, key)) = m.one("expert_count", &mut b)? {
        if n > 0.0 {
            b.set(Field::Experts, n, &key)?;
            let (k, kkey) = m.required("expert_used_count", &mut b)?;
            b.set(Field::ExpertsActive, k, &kkey)?;
            if let Some((s, skey)) = m.one("expert_shared_count", &mut b)? {
                b.set(Field::SharedExperts, s, &skey)?;
            }
            if let Some((w, wkey)) = &expert_ffn {
                b.set(Field::ExpertFfn, *w, wkey)?;
            }
            if let Some((d, _)) = m.one("leading_dense_block_count", &mut b)? {
                if d > 0.0 {
                    b.note(Note::DenseLayers { layers: d });
                }
            }
        }
    }

    // Sliding window: the file's own pattern, else the architecture's (as llama.cpp sets it).
    if let Some((w, wkey)) = m.one("attention.sliding_window", &mut b)? {
        if w > 0.0 && !max_context.is_some_and(|c| w >= c) {
            let local = match m.num("attention.sliding_window_pattern")? {
                Some((Num::PerLayer(xs), key)) => {
                    if xs.len() as f64 != layers {
                        return Err(ErrorKind::WrongLength {
                            key,
                            expected: layers as u64,
                            found: xs.len() as u64,
                        }
                        .of(F));
                    }
                    xs.iter().filter(|&&x| x != 0.0).count() as f64
                }
                Some((Num::One(n), _)) if n >= 1.0 => layers - crate::math::floor(layers / n),
                _ => match arch {
                    "gemma2" | "gpt-oss" => crate::math::ceil(layers / 2.0),
                    "gemma3" => layers - crate::math::floor(layers / 6.0),
                    "cohere2" => layers - crate::math::floor(layers / 4.0),
                    _ => {
                        b.note(Note::WindowOnEveryLayer { window: w });
                        layers
                    }
                },
            };
            if local > 0.0 {
                b.set(Field::Window, w, &wkey)?;
                b.set(Field::LocalLayers, local, &wkey)?;
            }
        }
    }

    // Latent attention.
    if let Some((rank, key)) = m.one("attention.kv_lora_rank", &mut b)? {
        if rank > 0.0 {
            let rope = m.one("rope.dimension_count", &mut b)?.map_or(0.0, |x| x.0);
            b.set(Field::MlaDim, rank + rope, &key)?;
            b.note(Note::MlaProjections { kv_lora_rank: rank });
        }
    }

    // Recurrent layers: state-space models are recurrent throughout; hybrids mark theirs by zero KV heads.
    let ssm = m.one("ssm.conv_kernel", &mut b)?;
    if ssm.is_some() && recurrent == 0.0 && m.num("attention.head_count_kv")?.is_none() {
        recurrent = layers;
    }
    if recurrent > 0.0 {
        b.set(Field::RecurrentLayers, recurrent, "attention.head_count_kv")?;
        // llama.cpp's per-layer state (src/llama-hparams.cpp n_embd_r, n_embd_s), kept in F32.
        let state = if let Some((l, _)) = m.one("shortconv.l_cache", &mut b)? {
            Some((l - 1.0) * hidden)
        } else if let Some((k, _)) = &ssm {
            let g = |s: &str, b: &mut Builder| m.one(s, b).map(|x| x.map_or(0.0, |x| x.0));
            let inner = g("ssm.inner_size", &mut b)?;
            let state = g("ssm.state_size", &mut b)?;
            let groups = g("ssm.group_count", &mut b)?;
            Some((k - 1.0) * (inner + 2.0 * groups * state) + state * inner)
        } else {
            None
        };
        // One recurrent layer's mixer weights, counted from its tensors.
        let first = (0..layers as u64).find(|i| {
            let mut p = String::from("blk.");
            p.push_str(&i.to_string());
            p.push('.');
            !h.tensors
                .iter()
                .any(|t| t.name.starts_with(&p) && t.name.contains("attn_q"))
        });
        let mixer: u64 = first.map_or(0, |i| {
            let mut p = String::from("blk.");
            p.push_str(&i.to_string());
            p.push('.');
            h.tensors
                .iter()
                .filter(|t| {
                    t.name.starts_with(&p)
                        && (t.name.contains("shortconv") || t.name.contains("ssm"))
                })
                .map(|t| t.elements)
                .fold(0u64, u64::saturating_add)
        });
        match state {
            Some(s) if mixer > 0 => {
                b.set(Field::StateMb, s * 4.0 / 1e6, "ssm")?;
                b.set(Field::RecurrentParams, mixer as f64, "ssm")?;
            }
            _ => b.note(Note::RecurrentState { layers: recurrent }),
        }
    }
    if let Some((n, _)) = m.one("attention.shared_kv_layers", &mut b)? {
        if n > 0.0 {
            b.set(Field::KvSharedLayers, n, "attention.shared_kv_layers")?;
        }
    }

    // Quantization: the exact bits of the layer matrices and of the embedding and LM head.
    let (mut body_b, mut body_n, mut emb_b, mut emb_n) = (0u64, 0u64, 0u64, 0u64);
    for t in &h.tensors {
        if t.name == "token_embd.weight" || t.name == "output.weight" {
            emb_b = emb_b.saturating_add(t.bytes);
            emb_n = emb_n.saturating_add(t.elements);
        } else if t.dims.len() >= 2 {
            body_b = body_b.saturating_add(t.bytes);
            body_n = body_n.saturating_add(t.elements);
        }
    }
    let bits = |bytes: u64, n: u64| 8.0 * bytes as f64 / n as f64;
    if body_n > 0 {
        b.set(Field::WeightBits, bits(body_b, body_n), "tensor types")?;
    }
    if emb_n > 0 && (body_n == 0 || bits(emb_b, emb_n) != bits(body_b, body_n)) {
        b.set(Field::EmbedBits, bits(emb_b, emb_n), "token_embd.weight")?;
    }

    let summary = summary(&h);
    let name = match h.get("general.name") {
        Some(Meta::Str(s)) if !s.is_empty() => Some(s.clone()),
        _ => None,
    };
    let architecture = Some(String::from(arch));
    let (values, notes) = b.finish();
    Ok(Imported {
        format: F,
        architecture,
        name,
        values,
        granularity: Some(Granularity::PerTensor),
        max_context,
        vision: false,
        image_rule: None,
        notes,
        gguf: Some(summary),
    })
}
