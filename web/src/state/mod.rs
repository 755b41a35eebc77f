//! The state layer: what the page holds and how it changes. Signals hold only what the user typed; every
//! thing else is a memo (derive, don't sync). Views read this layer and call its operations; it never
//! imports a view or a render helper.
//!
//! - [`form`]: the form as plain data (texts and choices → [`edgefit_core::Inputs`] → checked), pure.
//! - [`ctx`]: the single-model page's signals and memos ([`Ctx`], made once by [`create_ctx`]) and the
//!   operations that change the form (a preset, a table row, a framework).
//! - [`pipe`]: the pipeline view's state ([`Pipe`]) and its stage edits.
//! - [`custom`]: the user's own presets in `localStorage`.
//! - [`url`]: the address bar's plumbing; [`sync`]: the one writer of the URL hash (one debounce) and the
//!   one reader of `hashchange`, for both views.

pub mod ctx;
pub mod custom;
pub mod form;
pub mod pipe;
pub mod sync;
pub mod url;

pub use ctx::{create_ctx, page_context, Ctx};
pub use form::{Checked, FieldIssue, Good};
pub use pipe::Pipe;
