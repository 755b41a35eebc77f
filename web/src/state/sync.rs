//! The link follows the page, and the page follows a link: the one writer of the URL hash and the one
//! reader of `hashchange`, for both views.
//!
//! The writer is one effect with one debounce ([`WRITE_MS`]): it writes the single-model form as read
//! ([`Ctx::hash`]) or, while the pipeline view is shown, the last good pipeline ([`Pipe::hash`]), with
//! `history.replaceState` (no new history entry), coalesced while typing. Opening the pipeline view pushes
//! an entry instead ([`Pipe::open`]): Back returns to the page it came from.

use std::time::Duration;

use edgefit_core::codec;
use leptos::leptos_dom::helpers::TimeoutHandle;
use leptos::prelude::*;

use super::ctx::{Ctx, PAGE_KEYS};
use super::pipe::Pipe;
use super::url;

/// How long the hash waits for typing to pause before it is written.
pub const WRITE_MS: u64 = 150;

/// Keep the URL hash and the page in step, for as long as the calling component lives.
pub fn sync(ctx: Ctx, pipe: Pipe) {
    let pending: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    let clear = move || {
        if let Some(t) = pending.get_value() {
            t.clear();
        }
    };
    // The writer: whichever view is shown decides the hash; a switch of view or a keystroke cancels the
    // write still waiting.
    Effect::new(move |_| {
        let h = if pipe.on.get() {
            pipe.hash(&ctx)
        } else {
            ctx.hash()
        };
        clear();
        let t =
            set_timeout_with_handle(move || url::write_hash(&h), Duration::from_millis(WRITE_MS))
                .ok();
        pending.set_value(t);
    });
    // The reader. The page has read the address it opened with; a link pasted or edited by hand (or Back,
    // Forward) loads like a fresh one.
    url::saw_hash();
    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        url::saw_hash();
        let h = url::current_hash();
        if pipe.on_hash(&h, &ctx) {
            return;
        }
        if h.trim_start_matches('#') != ctx.hash() {
            ctx.load(&codec::decode(&h, PAGE_KEYS));
        }
    });
    on_cleanup(move || {
        listener.remove();
        clear();
    });
}
