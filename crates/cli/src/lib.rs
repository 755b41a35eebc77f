//! The pure parts of the `edgefit` command line, as a library: how a scenario file (key = value lines, a
//! link on a line, a golden file's `link:` line, or a JSON object) becomes a link hash. The binary
//! (`src/main.rs`) uses it, and so does the fuzz crate (`crates/fuzz`), which feeds it arbitrary text.
//!
//! This is not a stable API for other programs: it exists so the parser can be tested and fuzzed on its own.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod scenario;
