//! # edgefit-core
//!
//! The engine of edgefit: turns a device's six fixed constraints (compute, memory capacity and bandwidth,
//! power, heat, latency, storage) into numbers, checks a model + quantization + framework against them, and
//! solves the reverse question (the largest model per quantization scheme). Pure: plain data in, typed
//! results out; no I/O, no clock, no words for people. `no_std` + `alloc`.
//!
//! ```
//! use edgefit_core::{evaluate, validate, Constraint, Field, Inputs, Verdict};
//!
//! // The seed's worked example is the default scenario.
//! let inputs = Inputs::default();
//! let scenarios = validate(&inputs).expect("the defaults are valid");
//! let eval = evaluate(&scenarios);
//! let r = &eval.expected;
//! assert!((r.bandwidth.effective.gbps() - 15.0).abs() < 1e-9);
//! // The KV cache read at 2048 context pushes TPOT to ≈86 ms: the seed's 50 ms target fails.
//! assert!((r.tpot.full.ms() - 86.0).abs() < 1.0);
//! assert_eq!(eval.verdict(Constraint::Tpot), Verdict::Fail);
//!
//! // Twice the bandwidth fixes it.
//! let faster = inputs.with(Field::BandwidthGbps, 50.0);
//! let r2 = evaluate(&validate(&faster).unwrap()).expected;
//! assert!(r2.tpot.full.ms() < 50.0);
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;

pub mod advice;
pub mod analysis;
pub mod best;
pub mod calibration;
mod calibration_table;
pub mod codec;
pub mod device;
pub mod framework;
pub mod import;
pub mod input;
#[cfg(feature = "serde")]
pub mod json;
pub mod math;
pub mod model;
pub mod numfmt;
pub mod pipeline;
pub mod presets;
pub mod quant;
pub mod scenario;
pub mod solve;
pub mod steps;
pub mod units;
pub mod vision;

pub use analysis::{analyze, evaluate, Constraint, Evaluation, Report, Verdict, ALL_CONSTRAINTS};
pub use input::{Activation, Backend, Field, Granularity, Inputs, ModelKind, Value, ALL_FIELDS};
pub use scenario::{validate, Errors, Scenario, Scenarios};
pub use solve::{solve, Solve};

/// Validate and evaluate in one call.
///
/// # Errors
/// Every invalid input at once.
pub fn run(inputs: &Inputs) -> Result<(Scenarios, Evaluation), Errors> {
    let s = validate(inputs)?;
    let e = evaluate(&s);
    Ok((s, e))
}
