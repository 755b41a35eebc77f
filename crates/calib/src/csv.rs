//! Reading a measurement file: records (commas, semicolons or tabs, quoted cells), the column dictionary, cells as people write them, and a typed reason for every row that is skipped.

use std::collections::BTreeMap;

use edgefit_core::input::Backend;

use crate::*;

/// Why a file cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FileError {
    /// No header line.
    Empty,
    /// A quoted field is not closed before the end of the file.
    UnterminatedQuote {
        /// 1-based line where the field starts.
        line: usize,
    },
    /// A column the predictions need is missing from the header.
    MissingColumn {
        /// Its name.
        column: &'static str,
    },
}

impl core::fmt::Display for FileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FileError::Empty => write!(f, "empty file: no header line"),
            FileError::UnterminatedQuote { line } => {
                write!(f, "line {line}: quoted field is never closed")
            }
            FileError::MissingColumn { column } => {
                write!(f, "missing column `{column}` in the header")
            }
        }
    }
}

/// Split CSV text into records (RFC 4180: fields may be quoted, a quote inside is doubled, quoted fields may
/// hold commas and line breaks). Returns each record with the 1-based line it starts on.
///
/// # Errors
/// [`FileError::UnterminatedQuote`] when a quoted field runs to the end of the text.
pub fn split_records(text: &str) -> Result<Vec<(usize, Vec<String>)>, FileError> {
    let mut out = Vec::new();
    let mut record: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut in_quotes = false;
    let mut quote_line = 0;
    let mut line = 1;
    let mut start = 1;
    let mut any = false; // whether the current record has any content
    let text = text.trim_start_matches('\u{feff}');
    // The separator the header uses: commas, or semicolons (spreadsheets where the comma is the decimal
    // mark) or tabs when the header holds more of those than commas.
    let header = text.lines().next().unwrap_or("");
    let count = |c: char| header.matches(c).count();
    let sep = [';', '\t']
        .into_iter()
        .find(|&c| count(c) > count(','))
        .unwrap_or(',');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => in_quotes = false,
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' => {
                in_quotes = true;
                quote_line = line;
                any = true;
            }
            c if c == sep => {
                record.push(core::mem::take(&mut field));
                any = true;
            }
            '\r' => {}
            '\n' => {
                if any || !field.is_empty() {
                    record.push(core::mem::take(&mut field));
                    out.push((start, core::mem::take(&mut record)));
                }
                any = false;
                line += 1;
                start = line;
            }
            _ => {
                field.push(c);
                any = true;
            }
        }
    }
    if in_quotes {
        return Err(FileError::UnterminatedQuote { line: quote_line });
    }
    if any || !field.is_empty() {
        record.push(field);
        out.push((start, record));
    }
    Ok(out)
}

/// A compute peak as the file gives it.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Peak {
    /// 10¹² ops/s at the stated precision (a sparse figure already halved).
    pub tops: f64,
    /// Whether the file gave it (else a class default, see [`default_peak`]).
    pub given: bool,
}

/// One usable measurement.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Row {
    /// `row_id` (or the line number when the column is absent).
    pub id: String,
    /// 1-based line of the file the row starts on.
    pub line: usize,
    /// `source_id`.
    pub source: String,
    /// Device class.
    pub hw: HwClass,
    /// `device`.
    pub device: String,
    /// `chip`.
    pub chip: String,
    /// `cores` as written.
    pub cores: String,
    /// Which unit ran the model.
    pub backend: Backend,
    /// `framework` as written.
    pub framework: String,
    /// `framework_version` as written (a build, a date, or empty).
    pub framework_version: String,
    /// `model` as written.
    pub model: String,
    /// `quant` as written.
    pub quant: String,
    /// Parameters.
    pub params: f64,
    /// Bits per weight used (from the file size when given, else `bpw_nominal`).
    pub bits: f64,
    /// Whether `bits` came from the reported file size.
    pub bits_from_size: bool,
    /// Peak bandwidth, GB/s.
    pub bw_gbps: f64,
    /// The peak compute stated in the file (sparse figures halved).
    pub peak_given: Option<f64>,
    /// `compute_precision` as written.
    pub precision: String,
    /// Prompt tokens.
    pub prompt: Option<f64>,
    /// Measured prefill tokens/s.
    pub prefill_tps: Option<f64>,
    /// Generated tokens.
    pub gen: Option<f64>,
    /// Measured decode tokens/s.
    pub decode_tps: Option<f64>,
    /// `context_len` (KV-cache size, or llama-bench depth).
    pub context: Option<f64>,
    /// CPU threads.
    pub threads: Option<f64>,
    /// Mixture of experts: parameters one token uses (`active_params_b`, an optional column), else none.
    pub active: Option<f64>,
    /// `uncertain = yes`.
    pub uncertain: bool,
    /// The images of a vision-language row ([`image_tokens`], [`vision_model`]); `None` for a text-only row.
    pub image: Option<ImageRow>,
}

/// What a vision-language row (`images` ≥ 1) says of its images, and what the engine makes of them.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ImageRow {
    /// The vision-language model preset whose tower reads the images ([`crate::vision_model`]).
    pub model: &'static str,
    /// `images`: images in the prompt.
    pub images: f64,
    /// Image width, pixels: `image_w`, else the size whose tokens are nearest the stated `image_tokens`.
    pub width: f64,
    /// Image height, pixels.
    pub height: f64,
    /// Whether the size was stated (else derived from the stated tokens, [`crate::vlm::size_for_tokens`]).
    pub size_stated: bool,
    /// The image tokens the source states for all images (`image_tokens`), if any: a check of the engine's rule.
    pub tokens_stated: Option<f64>,
    /// The image tokens the engine's rule gives for all images (what the prediction prefills).
    pub tokens: f64,
    /// The image encoder's measured time, ms (`vision_ms`).
    pub vision_ms: Option<f64>,
    /// The measured time to first token with the images, ms (`ttft_ms`): image encoding and prefill.
    pub ttft_ms: Option<f64>,
}

/// Why a row was skipped.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum SkipReason {
    /// `mem_bw_gbps` is empty.
    NoBandwidth,
    /// Neither `params_b` nor a usable size and bits per weight.
    NoSize,
    /// Neither `decode_tps` nor `prefill_tps`.
    NoThroughput,
    /// `backend_unit` is not CPU, GPU or NPU.
    UnknownBackend {
        /// What was written.
        text: String,
    },
    /// A number that does not parse, or is not positive and finite.
    BadNumber {
        /// The column.
        column: &'static str,
        /// What was written.
        text: String,
    },
    /// The row has fewer fields than the header.
    ShortRow,
    /// The engine rejected the scenario built from the row (the first input it names).
    Rejected {
        /// The engine's message.
        message: String,
    },
    /// The row's figures give a decode or prefill rate that is not a positive finite number (a bandwidth of
    /// 1e-308 GB/s, say): some figure is far outside any device's range.
    OutOfRange {
        /// Which rate.
        quantity: Quantity,
    },
    /// A row with images whose model names no vision-language preset: its image encoder is unknown.
    NoVisionTower {
        /// `model` as written.
        model: String,
    },
    /// A row with images that states neither their size (`image_w`) nor their tokens (`image_tokens`).
    NoImageSize,
}

impl core::fmt::Display for SkipReason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SkipReason::NoBandwidth => write!(f, "no bandwidth (mem_bw_gbps empty)"),
            SkipReason::NoSize => write!(
                f,
                "no model size (params_b, bpw_nominal or model_size_reported needed)"
            ),
            SkipReason::NoThroughput => {
                write!(f, "no throughput (decode_tps and prefill_tps empty)")
            }
            SkipReason::UnknownBackend { text } => {
                write!(f, "backend_unit {text:?} is not CPU, GPU or NPU")
            }
            SkipReason::BadNumber { column, text } => {
                write!(f, "{column}: {text:?} is not a positive number")
            }
            SkipReason::ShortRow => write!(f, "fewer fields than the header"),
            SkipReason::Rejected { message } => write!(f, "engine rejected the row: {message}"),
            SkipReason::OutOfRange { quantity } => write!(
                f,
                "the predicted {} rate is not a positive finite number: a figure of the row (bandwidth, size, peak) is out of any device's range",
                match quantity {
                    Quantity::Decode => "decode",
                    Quantity::Prefill => "prefill",
                }
            ),
            SkipReason::NoVisionTower { model } => write!(
                f,
                "images: {model:?} names no vision-language preset, so its image encoder is unknown"
            ),
            SkipReason::NoImageSize => write!(
                f,
                "images: neither the image size (image_w, image_h) nor its tokens (image_tokens) is given"
            ),
        }
    }
}

/// A skipped row.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Skipped {
    /// `row_id` (or the line number).
    pub id: String,
    /// 1-based line in the file.
    pub line: usize,
    /// Why.
    pub reason: SkipReason,
}

/// A parsed file.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct Parsed {
    /// Usable rows.
    pub rows: Vec<Row>,
    /// Skipped rows with their reasons.
    pub skipped: Vec<Skipped>,
}

/// Columns without which no row can be predicted. The model's size also needs one of `params_b`, `model`
/// (its name says the size: "Llama-v3.1-8B-Instruct") or `model_size_reported`.
pub const REQUIRED_COLUMNS: &[&str] = &["mem_bw_gbps", "backend_unit"];

/// Other names people give the columns, as the header reads after lower-casing and turning spaces and
/// dashes into underscores: (alias, column).
pub const COLUMN_ALIASES: &[(&str, &str)] = &[
    ("bandwidth_gbps", "mem_bw_gbps"),
    ("bandwidth_gb_s", "mem_bw_gbps"),
    ("memory_bandwidth_gb_s", "mem_bw_gbps"),
    ("memory_bandwidth_gbps", "mem_bw_gbps"),
    ("mem_bw", "mem_bw_gbps"),
    ("bw_gbps", "mem_bw_gbps"),
    ("backend", "backend_unit"),
    ("unit", "backend_unit"),
    ("compute_unit_used", "backend_unit"),
    ("params", "params_b"),
    ("parameters_b", "params_b"),
    ("runtime", "framework"),
    ("quantization", "quant"),
    ("decode_tok_s", "decode_tps"),
    ("decode_tokens_per_s", "decode_tps"),
    ("prefill_tok_s", "prefill_tps"),
    ("prefill_tokens_per_s", "prefill_tps"),
    ("image_px", "image_w"),
    ("image_width", "image_w"),
    ("image_height", "image_h"),
    ("ttft", "ttft_ms"),
    ("vit_ms", "vision_ms"),
];

/// Parse a file of calibration.csv's shape by column name.
///
/// Required columns are [`REQUIRED_COLUMNS`] and at least one of `decode_tps` / `prefill_tps`; every other
/// column is optional, extra columns are ignored.
///
/// # Errors
/// A [`FileError`] when the file has no header, a quote is never closed, or a required column is missing.
/// Problems in a single row skip that row with a [`SkipReason`] instead.
pub fn parse(text: &str) -> Result<Parsed, FileError> {
    // Full-width forms as ASCII everywhere (a Chinese input method's "４", "（", "，", "＋"): every column
    // reads them as it reads their ASCII letters.
    let text = fold_width(text);
    let records = split_records(&text)?;
    let mut it = records.into_iter();
    let (_, header) = it.next().ok_or(FileError::Empty)?;
    let cols: BTreeMap<String, usize> = header
        .iter()
        .enumerate()
        // `Decode TPS`, `decode-tps` and `decode_tps` name the same column.
        .map(|(i, h)| {
            (
                h.trim().to_ascii_lowercase().replace([' ', '-', '/'], "_"),
                i,
            )
        })
        .collect();
    // An alias names its column unless the file also has the column itself.
    let mut cols = cols;
    for &(alias, column) in COLUMN_ALIASES {
        if let Some(&i) = cols.get(alias) {
            cols.entry(column.to_string()).or_insert(i);
        }
    }
    for &c in REQUIRED_COLUMNS {
        if !cols.contains_key(c) {
            return Err(FileError::MissingColumn { column: c });
        }
    }
    if !["params_b", "model", "model_size_reported"]
        .iter()
        .any(|c| cols.contains_key(*c))
    {
        return Err(FileError::MissingColumn { column: "params_b" });
    }
    if !cols.contains_key("decode_tps") && !cols.contains_key("prefill_tps") {
        return Err(FileError::MissingColumn {
            column: "decode_tps",
        });
    }
    let mut parsed = Parsed::default();
    for (line, rec) in it {
        if rec.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let f = Fields {
            cols: &cols,
            rec: &rec,
        };
        let id = match f.get("row_id") {
            "" => line.to_string(),
            s => s.to_string(),
        };
        let short = REQUIRED_COLUMNS
            .iter()
            .any(|c| cols.get(*c).is_some_and(|&i| i >= rec.len()));
        let result = if short {
            Err(SkipReason::ShortRow)
        } else {
            row_from(&f, id.clone(), line)
        };
        match result {
            Ok(row) => parsed.rows.push(row),
            Err(reason) => parsed.skipped.push(Skipped { id, line, reason }),
        }
    }
    Ok(parsed)
}

/// Cells that mean "not measured": read as empty.
pub(crate) const MISSING: &[&str] = &[
    "n/a",
    "na",
    "-",
    "–",
    "—",
    "none",
    "null",
    "?",
    "nan",
    "tbd",
    "tbc",
    "todo",
    "oom",
    "n.a.",
    "/",
    "not measured",
    "not tested",
    "untested",
    "无",
    "未测",
    "未知",
    "不适用",
];

/// Whether a cell says "not measured": empty, one of [`MISSING`], or a dash before one ("— OOM").
pub(crate) fn is_missing(t: &str) -> bool {
    let t = t.trim();
    if t.is_empty() || MISSING.iter().any(|m| t.eq_ignore_ascii_case(m)) {
        return true;
    }
    let rest = t.trim_start_matches(['-', '–', '—']).trim();
    rest.len() < t.len() && MISSING.iter().any(|m| rest.eq_ignore_ascii_case(m))
}

/// Units a numeric column may carry after its number (lowercase, spaces removed): the column's own unit.
pub(crate) fn units_of(column: &str) -> &'static [&'static str] {
    match column {
        "params_b" | "active_params_b" => &["b", "bn", "billion"],
        "mem_bw_gbps" => &["gb/s", "gbps", "gb/sec", "gbytes/s"],
        "prefill_tps" | "decode_tps" => &[
            "tok/s",
            "t/s",
            "tokens/s",
            "token/s",
            "tps",
            "tokens/sec",
            "tok/sec",
        ],
        "prompt_len" | "gen_len" | "context_len" | "image_tokens" => {
            &["tokens", "token", "tok", "t"]
        }
        "image_w" | "image_h" => &["px", "pixels"],
        "vision_ms" | "ttft_ms" => &["ms"],
        "bpw_nominal" => &["bpw", "bits", "bit", "b"],
        _ => &[],
    }
}

/// A positive finite number, or `None` when empty (or written as not measured: `n/a`, `-`, `—`).
///
/// Read as a person would write it in a table: full-width digits and signs as ASCII (`５０`, `６，７４`); a
/// leading `~`, `≈` or `约`; thousands separators (`1,005`); a
/// decimal comma where the comma cannot be a thousands separator (`6,74`); the column's own unit after the
/// number (`7 B`, `204.8 GB/s`, `22.5 tok/s`); a range `20-25` or `20~25` as its middle; llama-bench's
/// `55.10 ± 0.21` as its mean; a prompt or generation length as llama-bench names its test (`pp512`,
/// `tg128`).
pub(crate) fn num(column: &'static str, s: &str) -> Result<Option<f64>, SkipReason> {
    // Full-width forms arrive folded (`parse`); Markdown emphasis (`**12.5**`, `` `7` ``) is not the number's.
    let t = s.trim().trim_matches(['*', '`']).trim();
    if is_missing(t) {
        return Ok(None);
    }
    let bad = || SkipReason::BadNumber {
        column,
        text: t.to_string(),
    };
    // "约 20", "大约20": about.
    let t = t.trim_start_matches("大约").trim_start_matches('约').trim();
    let body = t.trim_start_matches(['~', '≈']).trim();
    // A measurement with its spread: the mean.
    let body = ["±", "+/-", "+-"]
        .iter()
        .filter_map(|m| body.find(m))
        .min()
        .map_or(body, |i| body[..i].trim());
    // llama-bench's test names for the lengths.
    let body = match column {
        "prompt_len" => body.strip_prefix("pp").unwrap_or(body),
        "gen_len" => body.strip_prefix("tg").unwrap_or(body),
        _ => body,
    };
    // The column's unit, if any, after the number.
    let end = body
        .find(|c: char| {
            !(c.is_ascii_digit()
                || matches!(c, '.' | ',' | '_' | '-' | '~' | '–' | ' ' | 'e' | 'E' | '+'))
        })
        .unwrap_or(body.len());
    let (number, unit) = body.split_at(end);
    let unit: String = unit
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    if !unit.is_empty() && !units_of(column).contains(&unit.as_str()) {
        return Err(bad());
    }
    let number = number.trim();
    // A range: its middle.
    let parts: Vec<&str> = number.splitn(2, ['~', '–', '-']).map(str::trim).collect();
    let one = |x: &str| -> Option<f64> {
        let x = x.replace('_', "");
        let commas = x.matches(',').count();
        let clean = if commas == 0 {
            x
        } else if thousands(&x) {
            x.replace(',', "")
        } else if commas == 1 && !x.contains('.') {
            x.replace(',', ".")
        } else {
            return None;
        };
        clean.parse::<f64>().ok()
    };
    let x = match parts.as_slice() {
        [a] => one(a),
        // "1e-3" is not a range: a minus after an exponent marker.
        [a, b] if !a.is_empty() && !a.ends_with(['e', 'E']) => match (one(a), one(b)) {
            (Some(lo), Some(hi)) if lo <= hi => Some((lo + hi) / 2.0),
            _ => None,
        },
        _ => one(number),
    };
    match x {
        Some(x) if x.is_finite() && x > 0.0 => Ok(Some(x)),
        _ => Err(bad()),
    }
}

/// Whether `x` groups its integer digits by three with commas (`1,005`, `12,345.6`).
pub(crate) fn thousands(x: &str) -> bool {
    let int = x.split('.').next().unwrap_or("");
    let mut groups = int.split(',');
    let first = groups.next().unwrap_or("");
    (1..=3).contains(&first.len())
        && first.bytes().all(|b| b.is_ascii_digit())
        && groups.all(|g| g.len() == 3 && g.bytes().all(|b| b.is_ascii_digit()))
}

/// A size as printed, e.g. `3.56 GiB (llama-bench …)`, `1,005 MB`: the first number and its unit, in bytes.
/// GiB/MiB are binary (2³⁰, 2²⁰), GB/MB decimal.
///
/// # Errors
/// [`SkipReason::BadNumber`] when there is no number or no known unit after it.
pub fn parse_size(s: &str) -> Result<Option<f64>, SkipReason> {
    let t = s.trim().trim_matches(['*', '`']).trim();
    if is_missing(t) {
        return Ok(None);
    }
    let bad = || SkipReason::BadNumber {
        column: "model_size_reported",
        text: t.to_string(),
    };
    // "~4GB", "≈ 3.6 GB", "约 4 GB", "about 4 GB": about.
    let lower = t.to_ascii_lowercase();
    let t = ["about ", "approx. ", "approx ", "approximately ", "ca. "]
        .iter()
        .find(|w| lower.starts_with(*w))
        .map_or(t, |w| &t[w.len()..]);
    let t = t
        .trim_start_matches("大约")
        .trim_start_matches('约')
        .trim_start_matches(['~', '≈'])
        .trim_start();
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(t.len());
    let x = num("model_size_reported", &t[..end])?.ok_or_else(bad)?;
    let unit: String = t[end..]
        .trim_start()
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect();
    let scale = match unit.to_ascii_lowercase().as_str() {
        "gib" => 1_073_741_824.0,
        "mib" => 1_048_576.0,
        "kib" => 1024.0,
        "gb" | "g" => 1e9,
        "mb" | "m" => 1e6,
        "kb" | "k" => 1e3,
        "tb" => 1e12,
        "b" | "bytes" => 1.0,
        _ => return Err(bad()),
    };
    Ok(Some(x * scale))
}

/// One record's fields by column name.
pub(crate) struct Fields<'a> {
    cols: &'a BTreeMap<String, usize>,
    rec: &'a [String],
}

impl<'a> Fields<'a> {
    /// The trimmed field, or "" when the column or the field is absent.
    pub(crate) fn get(&self, name: &str) -> &'a str {
        self.cols
            .get(name)
            .and_then(|&i| self.rec.get(i))
            .map_or("", |s| s.trim())
    }
}

/// The unit a `backend_unit` cell names: CPU, GPU or NPU, also when written with its API or vendor name
/// ("GPU (CUDA)", "iGPU", "Metal", "ANE", "Hexagon DSP"), or in Chinese (中央处理器, 图形处理器 / 显卡,
/// 神经网络处理器); `None` when it names none or more than one
/// ("CPU+GPU").
pub(crate) fn backend_of(cell: &str) -> Option<Backend> {
    let u = cell.to_ascii_uppercase();
    let has = |keys: &[&str]| keys.iter().any(|k| u.contains(k));
    let cpu = has(&["CPU", "中央处理器"]);
    let gpu = has(&[
        "GPU",
        "METAL",
        "CUDA",
        "VULKAN",
        "OPENCL",
        "ROCM",
        "WEBGPU",
        "MLX",
        "TENSORRT",
        "DIRECTML",
        "图形处理器",
        "显卡",
        "核显",
    ]);
    let npu = has(&[
        "NPU",
        "神经网络处理器",
        "神经处理",
        "ANE",
        "DSP",
        "HTP",
        "HEXAGON",
        "NEURAL",
        "TPU",
        "APU (MEDIATEK)",
    ]);
    match (cpu, gpu, npu) {
        (true, false, false) => Some(Backend::Cpu),
        (false, true, false) => Some(Backend::Gpu),
        (false, false, true) => Some(Backend::Npu),
        _ => None,
    }
}

pub(crate) fn row_from(f: &Fields<'_>, id: String, line: usize) -> Result<Row, SkipReason> {
    let get = |name: &str| f.get(name);
    let backend = backend_of(get("backend_unit")).ok_or_else(|| SkipReason::UnknownBackend {
        text: get("backend_unit").to_string(),
    })?;
    let bw = num("mem_bw_gbps", get("mem_bw_gbps"))?.ok_or(SkipReason::NoBandwidth)?;
    let params = num("params_b", get("params_b"))?.map(|b| b * 1e9);
    let size = parse_size(get("model_size_reported"))?;
    let bpw = num("bpw_nominal", get("bpw_nominal"))?;
    let prefill = num("prefill_tps", get("prefill_tps"))?;
    let decode = num("decode_tps", get("decode_tps"))?;
    let prompt = num("prompt_len", get("prompt_len"))?;
    let gen = num("gen_len", get("gen_len"))?;
    let context = num("context_len", get("context_len"))?;
    // Threads may be "default" or "4 (big cores)": take the leading number when there is one.
    let threads = {
        let t = get("threads");
        let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        t[..end].parse::<f64>().ok().filter(|&x| x > 0.0)
    };
    let active = num("active_params_b", get("active_params_b"))?
        .map(|b| b * 1e9)
        .filter(|&a| a > 0.0);
    let peak = num("compute_peak", get("compute_peak"))?;
    let precision = get("compute_precision").to_string();
    let unit = get("compute_unit").to_ascii_lowercase();
    let peak_given = peak.map(|p| {
        let tops = if unit.starts_with('g') { p / 1e3 } else { p };
        if precision.to_ascii_lowercase().contains("sparse") {
            tops / 2.0
        } else {
            tops
        }
    });
    // A blank `params_b` is read from the model's name ("Llama 3.1 8B", "Qwen3-30B-A3B": the total), a blank
    // `bpw_nominal` from the quantization's name with the dictionary's nominal bits (SOURCES.md).
    let params = params
        .or_else(|| params_in_name(get("model")))
        .or_else(|| params_of_named_size(get("model")))
        .ok_or(SkipReason::NoSize)?;
    let mlx = [get("quant"), get("framework")]
        .iter()
        .any(|t| t.to_ascii_lowercase().contains("mlx"));
    let bpw = bpw
        .or_else(|| mlx.then(|| mlx_bits(get("quant"))).flatten())
        .or_else(|| nominal_bits(get("quant")));
    let (bits, from_size) = match (size, bpw) {
        (Some(b), _) => (b * 8.0 / params, true),
        (None, Some(b)) => (b, false),
        (None, None) => return Err(SkipReason::NoSize),
    };
    if !(1.0..=40.0).contains(&bits) {
        return Err(SkipReason::BadNumber {
            column: if from_size {
                "model_size_reported"
            } else {
                "bpw_nominal"
            },
            text: get(if from_size {
                "model_size_reported"
            } else {
                "bpw_nominal"
            })
            .to_string(),
        });
    }
    let image = crate::vlm::image_row(f, get("model"))?;
    // With images, the time to first token is the prefill measurement: the text and image tokens over it,
    // the engine's `prefill_tps` (its TTFT includes the encoder), so measured ÷ predicted is TTFT's.
    let prefill = match image.as_ref().and_then(|i| i.ttft_ms.map(|t| (i, t))) {
        Some((i, t)) if prefill.is_none() => {
            Some((crate::vlm::text_tokens(prompt) + i.tokens) / (t / 1e3))
        }
        _ => prefill,
    };
    if decode.is_none() && prefill.is_none() {
        return Err(SkipReason::NoThroughput);
    }
    Ok(Row {
        id,
        source: get("source_id").to_string(),
        line,
        hw: infer_class(get("hw_class"), get("device"), get("chip"), backend),
        device: get("device").to_string(),
        chip: get("chip").to_string(),
        cores: get("cores").to_string(),
        backend,
        framework: get("framework").to_string(),
        framework_version: get("framework_version").to_string(),
        model: get("model").to_string(),
        quant: get("quant").to_string(),
        params,
        bits: bits.min(32.0),
        bits_from_size: from_size,
        bw_gbps: bw,
        peak_given,
        precision,
        prompt,
        prefill_tps: prefill,
        gen,
        decode_tps: decode,
        context,
        threads,
        active: active.filter(|&a| a < params),
        uncertain: get("uncertain").eq_ignore_ascii_case("yes"),
        image,
    })
}
