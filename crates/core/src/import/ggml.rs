//! ggml's tensor types: how many weights one block holds and how many bytes it takes, which give the exact
//! size of every tensor in a GGUF file — the one table of a GGUF type's bits per weight (the quantization
//! presets and the calibration's names read it); and llama.cpp's file types that mix tensor types, with the
//! whole file's bits per weight.
//!
//! Read in ggml's own source (ggml-org/ggml and ggml-org/llama.cpp): the type ids are `enum ggml_type` in
//! `ggml/include/ggml.h`; block sizes and bytes per block are the `type_traits` table in `ggml/src/ggml.c`
//! (`.blck_size`, `.type_size = sizeof(block_…)`), whose structs are in `ggml/src/ggml-common.h`. Removed ids
//! (4, 5: Q4_2 and Q4_3; 31–33: Q4_0_4_4 …; 36–38: IQ4_NL_4_4 …) are unknown here, as they are to ggml.

/// One ggml tensor type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GgmlType {
    /// `enum ggml_type` id.
    pub id: u32,
    /// ggml's name (`type_traits[…].type_name`, upper-cased as llama.cpp prints it).
    pub name: &'static str,
    /// Weights per block (`blck_size`).
    pub block: u32,
    /// Bytes per block (`type_size`).
    pub bytes: u32,
}

impl GgmlType {
    /// Bits per weight of this type alone: 8 × bytes / block.
    #[must_use]
    pub const fn bits(&self) -> f64 {
        8.0 * self.bytes as f64 / self.block as f64
    }
}

const fn t(id: u32, name: &'static str, block: u32, bytes: u32) -> GgmlType {
    GgmlType {
        id,
        name,
        block,
        bytes,
    }
}

/// Every type a GGUF file may hold, by id. Block structs (ggml-common.h), QK_K = 256:
/// Q4_0 = f16 d + 16 B; Q4_1 = d, m + 16 B; Q5_0 = d + 4 B qh + 16 B; Q5_1 = d, m + 4 + 16; Q8_0 = d + 32 B;
/// Q8_1 = d, s + 32; Q2_K = 16 + 64 + 2·2; Q3_K = 32 + 64 + 12 + 2; Q4_K = 2·2 + 12 + 128;
/// Q5_K = 2·2 + 12 + 32 + 128; Q6_K = 128 + 64 + 16 + 2; Q8_K = f32 d + 256 + 16·2; IQ2_XXS = 2 + 64;
/// IQ2_XS = 2 + 64 + 8; IQ3_XXS = 2 + 96; IQ1_S = 2 + 32 + 16; IQ4_NL = 2 + 16; IQ3_S = 2 + 64 + 8 + 32 + 4;
/// IQ2_S = 2 + 64 + 8 + 8; IQ4_XS = 2 + 2 + 4 + 128; IQ1_M = 32 + 16 + 8; TQ1_0 = 48 + 4 + 2; TQ2_0 = 64 + 2;
/// MXFP4 = e8m0 scale + 16 B; NVFP4 = 4 × (e4m3 scale + 8 B) over 64 weights; Q1_0 = 2 + 16 over 128.
pub const ALL_GGML_TYPES: &[GgmlType] = &[
    t(0, "F32", 1, 4),
    t(1, "F16", 1, 2),
    t(2, "Q4_0", 32, 18),
    t(3, "Q4_1", 32, 20),
    t(6, "Q5_0", 32, 22),
    t(7, "Q5_1", 32, 24),
    t(8, "Q8_0", 32, 34),
    t(9, "Q8_1", 32, 36),
    t(10, "Q2_K", 256, 84),
    t(11, "Q3_K", 256, 110),
    t(12, "Q4_K", 256, 144),
    t(13, "Q5_K", 256, 176),
    t(14, "Q6_K", 256, 210),
    t(15, "Q8_K", 256, 292),
    t(16, "IQ2_XXS", 256, 66),
    t(17, "IQ2_XS", 256, 74),
    t(18, "IQ3_XXS", 256, 98),
    t(19, "IQ1_S", 256, 50),
    t(20, "IQ4_NL", 32, 18),
    t(21, "IQ3_S", 256, 110),
    t(22, "IQ2_S", 256, 82),
    t(23, "IQ4_XS", 256, 136),
    t(24, "I8", 1, 1),
    t(25, "I16", 1, 2),
    t(26, "I32", 1, 4),
    t(27, "I64", 1, 8),
    t(28, "F64", 1, 8),
    t(29, "IQ1_M", 256, 56),
    t(30, "BF16", 1, 2),
    t(34, "TQ1_0", 256, 54),
    t(35, "TQ2_0", 256, 66),
    t(39, "MXFP4", 32, 17),
    t(40, "NVFP4", 64, 36),
    t(41, "Q1_0", 128, 18),
];

/// The type with this id, if ggml has one.
#[must_use]
pub fn ggml_type(id: u32) -> Option<&'static GgmlType> {
    ALL_GGML_TYPES.iter().find(|t| t.id == id)
}

/// The type ggml names `name` (`Q4_0`, `IQ4_XS`, `BF16`: upper case, as llama.cpp prints it), if ggml has one.
#[must_use]
pub fn ggml_named(name: &str) -> Option<&'static GgmlType> {
    ALL_GGML_TYPES.iter().find(|t| t.name == name)
}

/// Bits per weight of the type ggml names `name`, for tables built at compile time.
///
/// # Panics
/// When ggml has no type of that name — in a constant, the build fails.
#[must_use]
pub const fn bits_of(name: &str) -> f64 {
    let mut i = 0;
    while i < ALL_GGML_TYPES.len() {
        if same(ALL_GGML_TYPES[i].name, name) {
            return ALL_GGML_TYPES[i].bits();
        }
        i += 1;
    }
    panic!("not a ggml type")
}

/// llama.cpp's file types (`llama-quantize`'s names) that mix tensor types (a K-quant mix keeps some
/// tensors at a wider type; an i-quant file its embedding and some layers), with the whole file's bits per
/// weight: the K-quant mixes at the averages `tools/quantize/README.md` gives for Llama 2 7B, the i-quant and
/// ternary types at the bits `llama-quantize` lists. A file of one type (Q4_0, Q8_0, …) has that type's
/// bits ([`bits_of`]).
pub const LLAMA_FILE_TYPES: &[(&str, f64)] = &[
    ("Q2_K", 3.35),
    ("Q3_K_S", 3.5),
    ("Q3_K_M", 3.91),
    ("Q3_K_L", 4.27),
    ("Q4_K_S", 4.58),
    ("Q4_K_M", 4.85),
    ("Q5_K_S", 5.54),
    ("Q5_K_M", 5.69),
    ("Q6_K", 6.56),
    ("IQ1_S", 1.56),
    ("IQ1_M", 1.75),
    ("IQ2_XXS", 2.06),
    ("IQ2_XS", 2.31),
    ("IQ2_S", 2.5),
    ("IQ2_M", 2.7),
    ("IQ3_XXS", 3.06),
    ("IQ3_XS", 3.3),
    ("IQ3_S", 3.44),
    ("IQ3_M", 3.66),
    ("TQ1_0", 1.69),
    ("TQ2_0", 2.06),
];

/// Bits per weight of the llama.cpp file type `name` ([`LLAMA_FILE_TYPES`]), for tables built at compile
/// time.
///
/// # Panics
/// When the table has no file type of that name — in a constant, the build fails.
#[must_use]
pub const fn file_type_bits(name: &str) -> f64 {
    let mut i = 0;
    while i < LLAMA_FILE_TYPES.len() {
        if same(LLAMA_FILE_TYPES[i].0, name) {
            return LLAMA_FILE_TYPES[i].1;
        }
        i += 1;
    }
    panic!("not a llama.cpp file type")
}

/// `a == b`, in a constant.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Bytes of a tensor of `n` weights whose first dimension is `ne0`, or `None` when the row does not fill
/// whole blocks or the size overflows (as ggml's `ggml_row_size` requires `ne0 % blck_size == 0`).
#[must_use]
pub fn tensor_bytes(t: &GgmlType, ne0: u64, n: u64) -> Option<u64> {
    let block = u64::from(t.block);
    if !ne0.is_multiple_of(block) || !n.is_multiple_of(block) {
        return None;
    }
    (n / block).checked_mul(u64::from(t.bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_per_weight_of_the_common_types() {
        let bits = |id| ggml_type(id).unwrap().bits();
        assert_eq!(bits(2), 4.5); // Q4_0
        assert_eq!(bits(8), 8.5); // Q8_0
        assert_eq!(bits(12), 4.5); // Q4_K
        assert_eq!(bits(14), 6.5625); // Q6_K
        assert_eq!(bits(39), 4.25); // MXFP4
        assert_eq!(bits(23), 4.25); // IQ4_XS
        assert!(ggml_type(4).is_none() && ggml_type(31).is_none() && ggml_type(99).is_none());
        assert_eq!(bits_of("Q4_K"), bits(12));
        assert_eq!(ggml_named("IQ4_XS"), ggml_type(23));
        assert_eq!(ggml_named("q4_0"), None);
        assert_eq!(file_type_bits("Q4_K_M"), 4.85);
        let mut names: alloc::vec::Vec<&str> = LLAMA_FILE_TYPES.iter().map(|f| f.0).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), LLAMA_FILE_TYPES.len());
        let mut ids: alloc::vec::Vec<u32> = ALL_GGML_TYPES.iter().map(|t| t.id).collect();
        ids.dedup();
        assert_eq!(ids.len(), ALL_GGML_TYPES.len());
    }

    #[test]
    fn a_tensor_is_whole_blocks() {
        let q4k = ggml_type(12).unwrap();
        assert_eq!(tensor_bytes(q4k, 4096, 4096 * 4096), Some(4096 * 16 * 144));
        assert_eq!(tensor_bytes(q4k, 100, 100), None);
        assert_eq!(tensor_bytes(ggml_type(0).unwrap(), 1, u64::MAX), None);
    }
}
