//! # edgefit-web
//!
//! The edgefit calculator page: a Leptos (client-side rendering) app compiled to WebAssembly. It renders
//! the engine ([`edgefit_core`]) and the words ([`edgefit_text`]) and adds only what a page needs: the
//! form, the charts, the share link and the exports.
//!
//! Three layers, each importing only the ones below it:
//!
//! - [`state`]: signals, the parsed scenario and its evaluation (memos), the pipeline, the user's presets,
//!   and the one writer of the URL hash;
//! - [`render`]: pure helpers — the DOM builder for output panels, chart geometry, the charts and the
//!   pipeline's figures, words that follow the language;
//! - [`views`]: components that read the state and render it.
//!
//! Flow of one keystroke: the field's text signal changes → [`state::form::read_form`] reads the form and
//! [`state::form::check_read`] validates it (two memos) → the last good evaluation (a memo) → verdicts,
//! numbers, charts and steps re-render. The URL hash follows the form as read, through one effect
//! ([`state::sync::sync`]).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod panic;
pub mod render;
pub mod state;
pub mod views;

pub use views::app::App;

/// Start the page: install the panic message ([`panic::install`]), take down the first glance (the link's
/// verdict painted while the page loaded, see `edgefit-glance`), then mount [`App`] into `<body>`.
pub fn start() {
    panic::install();
    if let Some(g) = leptos::prelude::document().get_element_by_id("glance") {
        g.remove();
    }
    leptos::mount::mount_to_body(App);
}
