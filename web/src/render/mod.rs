//! The render layer: pure helpers that turn numbers and words into something to show, with no page state.
//! Views call them; they never import a view or the state layer.
//!
//! - [`dom`]: the small DOM tree that output-only panels are built as (and [`dom::panel`], which mounts one).
//! - [`chart`]: chart geometry — scales, ticks, SVG paths — and the SVG element builder.
//! - [`charts`]: the single-model page's charts drawn from an evaluation.
//! - [`gantt`], [`timeline`]: the pipeline's turn timeline and memory bars, and their figures.
//! - [`live`]: words that follow the language signal.

pub mod chart;
pub mod charts;
pub mod dom;
pub mod gantt;
pub mod live;
pub mod timeline;
