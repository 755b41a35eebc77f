//! The view layer: components that read the state ([`crate::state`]) and render it, with the render
//! helpers ([`crate::render`]). A view changes the page only through the state's signals and operations.
//! Views may use each other's components; the import graph among them has no circle (`app` at the top).
//!
//! Interactive parts (inputs, selects, anything that keeps the focus while it is used) are `view!`;
//! output-only panels are [`crate::render::dom`] trees mounted with [`crate::render::dom::panel`].

pub mod app;
pub mod charts;
pub mod chrome;
pub mod custom;
pub mod decide;
pub mod form;
pub mod import;
pub mod pipeline;
pub mod presets;
pub mod results;
pub mod share;
