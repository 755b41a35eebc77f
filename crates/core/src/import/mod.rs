//! Models as people have them: a Hugging Face `config.json` or the header of a GGUF file, read into the
//! engine's model inputs — the same keys a share link carries — plus what those inputs cannot say.
//!
//! Both readers take bytes and nothing else (no file, no network: the page reads a dropped file itself,
//! the CLI reads a path), check every length before they allocate, and return a typed [`ImportError`] that
//! names what is missing or malformed; no input makes them panic. A GGUF reader may be given only the first
//! bytes of a file: it then asks for more ([`ErrorKind::NeedMoreBytes`]) and never reads the weights.
//!
//! ```
//! use edgefit_core::import::{self, Format};
//! use edgefit_core::{validate, Field};
//!
//! let config = br#"{"architectures": ["LlamaForCausalLM"], "model_type": "llama",
//!     "hidden_size": 2048, "intermediate_size": 8192, "num_hidden_layers": 16,
//!     "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256,
//!     "tie_word_embeddings": true}"#;
//! let m = import::read(config).unwrap();
//! assert_eq!(m.format, Format::ConfigJson);
//! assert_eq!(m.value(Field::HeadDim), Some(64.0));
//! let s = validate(&m.inputs()).unwrap();
//! assert!((s.expected.model.total_params() - 1_235_814_400.0).abs() < 1.0);
//! ```

pub mod config;
pub mod ggml;
pub mod gguf;
pub mod json;
mod vision;

use alloc::string::String;
use alloc::vec::Vec;

use crate::input::{Corner, Field, Granularity, Group, Inputs, ModelKind, Problem, ALL_FIELDS};

/// Which kind of file a model came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Format {
    /// A Hugging Face `config.json`.
    ConfigJson,
    /// A GGUF file (llama.cpp).
    Gguf,
}

/// A file that could not be imported: which kind of file, and what is wrong with it.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ImportError {
    /// The kind of file.
    pub format: Format,
    /// What is wrong.
    pub kind: ErrorKind,
}

/// What is wrong with an imported file. Keys are written as the file spells them (`num_key_value_heads`,
/// `text_config.head_dim`, `llama.attention.head_count`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Larger than this reader accepts.
    TooLarge {
        /// Its size, bytes.
        len: u64,
        /// The largest accepted.
        max: u64,
    },
    /// Text that is not UTF-8.
    NotUtf8,
    /// Not JSON from this byte offset on.
    Syntax {
        /// Byte offset.
        offset: usize,
    },
    /// Nested deeper than the JSON reader accepts.
    TooDeep,
    /// JSON, but not an object of keys.
    NotAnObject,
    /// A key the model needs is absent (or `null`).
    Missing {
        /// The key.
        key: String,
    },
    /// A key whose value is not a number.
    NotANumber {
        /// The key.
        key: String,
    },
    /// A key whose value is not `true` or `false`.
    NotABool {
        /// The key.
        key: String,
    },
    /// A number where a whole number is needed.
    NotAWholeNumber {
        /// The key.
        key: String,
        /// What it holds.
        value: f64,
    },
    /// A value the engine's field refuses.
    OutOfRange {
        /// The key in the file.
        key: String,
        /// What it holds (or what was derived from it).
        value: f64,
        /// The engine's field it fills.
        field: Field,
        /// What the field allows.
        problem: Problem,
    },
    /// A per-layer list whose length is not the number of layers.
    WrongLength {
        /// The key.
        key: String,
        /// Layers.
        expected: u64,
        /// Entries.
        found: u64,
    },
    /// The bytes end inside the header: read at least this many from the start of the file and try again.
    NeedMoreBytes {
        /// Bytes from the start of the file.
        at_least: u64,
    },
    /// Does not start with `GGUF`.
    BadMagic,
    /// A GGUF version this reader does not know (it reads 2 and 3).
    UnsupportedVersion {
        /// The version in the file.
        version: u32,
    },
    /// A metadata value of a type GGUF does not define.
    BadValueType {
        /// The key.
        key: String,
        /// The type id found.
        type_id: u32,
    },
    /// A string longer than this reader accepts.
    StringTooLong {
        /// Its length, bytes.
        len: u64,
        /// The longest accepted.
        max: u64,
    },
    /// An array longer than this reader accepts.
    ArrayTooLong {
        /// The key.
        key: String,
        /// Its length.
        len: u64,
        /// The longest accepted.
        max: u64,
    },
    /// More tensors or metadata keys than this reader accepts.
    TooMany {
        /// What: `tensors` or `metadata keys`.
        what: &'static str,
        /// How many the file says.
        count: u64,
        /// The most accepted.
        max: u64,
    },
    /// A tensor of more dimensions than ggml has (4).
    TooManyDims {
        /// The tensor.
        tensor: String,
        /// Its dimensions.
        dims: u32,
    },
    /// A tensor of a type ggml does not define.
    UnknownTensorType {
        /// The tensor.
        tensor: String,
        /// The type id found.
        type_id: u32,
    },
    /// A tensor whose shape does not fit its type (rows of whole blocks) or whose size overflows.
    BadTensorShape {
        /// The tensor.
        tensor: String,
    },
}

impl ErrorKind {
    pub(crate) fn of(self, format: Format) -> ImportError {
        ImportError { format, kind: self }
    }
}

/// Something a file says that the engine's inputs do not represent, or a value it did not say and that was
/// taken from the model type's defaults. Each is shown next to the imported model.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Note {
    /// Absent from the file; the default of its model type was used (as transformers would).
    Defaulted {
        /// The key.
        key: &'static str,
        /// The value used.
        value: f64,
    },
    /// An image encoder was read from `vision_config`: its weights, its cost and its image tokens are counted
    /// when the scenario has images.
    VisionRead {
        /// Its layers.
        layers: f64,
        /// Its width.
        hidden: f64,
        /// Encoder and projector parameters.
        params: f64,
    },
    /// An image encoder (`vision_config`) is present, of a kind this reader cannot size: its weights and
    /// cost are not counted.
    VisionTower {
        /// Its layers, when given.
        layers: Option<f64>,
        /// Its hidden size, when given.
        hidden: Option<f64>,
    },
    /// Multi-head latent attention: the KV cache is the latent, but the attention weights are counted as
    /// ordinary heads × head width (the low-rank projections are not).
    MlaProjections {
        /// `kv_lora_rank`.
        kv_lora_rank: f64,
    },
    /// The first layers (or some layers) have a dense feed-forward block; they are counted as experts.
    DenseLayers {
        /// How many.
        layers: f64,
    },
    /// A shared expert of a width that is not a whole number of routed experts: counted at the nearest.
    SharedExpertWidth {
        /// Its width.
        width: f64,
    },
    /// Recurrent or state-space layers whose state and mixer weights this file does not let the engine
    /// size: their state is 0 and their weights are counted as attention.
    RecurrentState {
        /// How many.
        layers: f64,
    },
    /// Layer kinds this reader does not know: counted as full attention.
    UnknownLayerType {
        /// The kind, as the file names it.
        name: String,
        /// How many layers.
        layers: f64,
    },
    /// A sliding window with no pattern of which layers use it: applied to every layer.
    WindowOnEveryLayer {
        /// The window.
        window: f64,
    },
    /// A value given per layer: the largest is used for every layer.
    PerLayer {
        /// The key.
        key: String,
    },
    /// Biases on the feed-forward matrices (`mlp_bias`): not counted.
    MlpBias,
    /// A model type whose feed-forward block is not gated (GPT-2, GPT-NeoX, Phi-2, …): counted as two
    /// matrices, without its layer-norm biases.
    NotLlamaLike {
        /// The model type.
        model_type: String,
    },
}

/// A model read from a file: the scenario keys it sets and what they leave out.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Imported {
    /// The kind of file.
    pub format: Format,
    /// The architecture (`architectures[0]` of a config, `general.architecture` of a GGUF).
    pub architecture: Option<String>,
    /// The model's name, when the file gives one (`_name_or_path`, `general.name`).
    pub name: Option<String>,
    /// Values of the engine's inputs, in field order.
    pub values: Vec<(Field, f64)>,
    /// Quantization granularity, when the file fixes it (a GGUF: per tensor, its bits already include
    /// the scales).
    pub granularity: Option<Granularity>,
    /// The longest context the model was trained for (`max_position_embeddings`, `{arch}.context_length`).
    pub max_context: Option<f64>,
    /// An image encoder is present.
    pub vision: bool,
    /// How the model's images become tokens, when its encoder was read (the vision fields are in `values`).
    pub image_rule: Option<crate::vision::ImageRule>,
    /// What the values leave out or assume.
    pub notes: Vec<Note>,
    /// The GGUF file's tensors, sizes and types.
    pub gguf: Option<gguf::Summary>,
}

impl Imported {
    /// The value this model gives a field.
    #[must_use]
    pub fn value(&self, f: Field) -> Option<f64> {
        self.values.iter().find(|(g, _)| *g == f).map(|(_, x)| *x)
    }

    /// Set the model (and, for a GGUF, the quantization) in `inputs`: the architecture kind, every model
    /// field back to its default and then this model's values, and `params_b` to the engine's count (for
    /// the reverse solve), as applying a model preset does. The preset ids are cleared.
    pub fn apply(&self, inputs: &mut Inputs) {
        inputs.model = None;
        inputs.model_kind = ModelKind::Architecture;
        for &f in ALL_FIELDS {
            if f.spec().group == Group::Model {
                inputs.set(f, f.spec().default);
            }
        }
        inputs.set(Field::ActiveParamsB, None);
        for &(f, x) in &self.values {
            inputs.set_exact(f, x);
            if f.spec().group == Group::Quantization {
                inputs.quant = None;
            }
        }
        inputs.image_rule = self.image_rule.unwrap_or_default();
        if let Some(g) = self.granularity {
            inputs.granularity = g;
            inputs.quant = None;
        }
        inputs.set_exact(Field::ParamsB, counted_params(inputs) / 1e9);
    }

    /// The default scenario with this model applied.
    #[must_use]
    pub fn inputs(&self) -> Inputs {
        let mut i = Inputs::default();
        self.apply(&mut i);
        i
    }
}

/// The engine's parameter count of the architecture in `inputs` (as a model preset computes its `params_b`).
fn counted_params(inputs: &Inputs) -> f64 {
    let (arch, moe, recurrent) = crate::scenario::layout_at(inputs, Corner::Expected);
    arch.params_hybrid(moe.as_ref(), Some(&recurrent)).total()
}

/// Collects values as a reader finds them, checking each against its field's bounds.
pub(crate) struct Builder {
    format: Format,
    values: Vec<(Field, f64)>,
    notes: Vec<Note>,
}

impl Builder {
    pub(crate) fn new(format: Format) -> Self {
        Self {
            format,
            values: Vec::new(),
            notes: Vec::new(),
        }
    }
    /// Set a field from the value under `key`.
    pub(crate) fn set(&mut self, f: Field, x: f64, key: &str) -> Result<(), ImportError> {
        if let Err(problem) = f.spec().check_one(x) {
            return Err(ErrorKind::OutOfRange {
                key: key.into(),
                value: x,
                field: f,
                problem,
            }
            .of(self.format));
        }
        match self.values.iter_mut().find(|(g, _)| *g == f) {
            Some(slot) => slot.1 = x,
            None => self.values.push((f, x)),
        }
        Ok(())
    }
    pub(crate) fn note(&mut self, n: Note) {
        if !self.notes.contains(&n) {
            self.notes.push(n);
        }
    }
    pub(crate) fn finish(mut self) -> (Vec<(Field, f64)>, Vec<Note>) {
        crate::math::sort_by(&mut self.values, |a, b| a.0.cmp(&b.0));
        (self.values, self.notes)
    }
}

/// Whether these bytes start a GGUF file.
#[must_use]
pub fn is_gguf(bytes: &[u8]) -> bool {
    bytes.starts_with(gguf::MAGIC)
}

/// Read a model from a file's bytes: a GGUF header when they start with `GGUF`, else a `config.json`.
///
/// # Errors
/// What is missing or malformed; for a GGUF given only its first bytes, how many it needs.
pub fn read(bytes: &[u8]) -> Result<Imported, ImportError> {
    if is_gguf(bytes) {
        gguf::import(bytes)
    } else {
        config::import(bytes)
    }
}
