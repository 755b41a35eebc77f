//! # edgefit-web
//!
//! The edgefit calculator page: a Leptos (client-side rendering) app compiled to WebAssembly. It renders
//! the engine ([`edgefit_core`]) and the words ([`edgefit_text`]) and adds only what a page needs: the
//! form, the charts, the share link and the exports.
//!
//! Flow of one keystroke: the field's text signal changes → [`state::read_form`] reads the form and
//! [`state::check_read`] validates it (two memos) → the last good evaluation (a memo) → verdicts, numbers,
//! charts and steps re-render. The URL hash follows the form as read, through an effect
//! ([`share::write_hash`]).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod app;
pub mod chart;
pub mod charts;
pub mod custom;
pub mod decide_ui;
pub mod dom;
pub mod gantt;
pub mod import_ui;
pub mod panic;
pub mod pipeline_ui;
pub mod presets_ui;
pub mod results;
pub mod share;
pub mod state;
pub mod ui;

pub use app::App;

/// Start the page: install the panic message ([`panic::install`]), take down the first glance (the link's
/// verdict painted while the page loaded, see `edgefit-glance`), then mount [`App`] into `<body>`.
pub fn start() {
    panic::install();
    if let Some(g) = leptos::prelude::document().get_element_by_id("glance") {
        g.remove();
    }
    leptos::mount::mount_to_body(App);
}
