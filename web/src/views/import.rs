//! Import a model without uploading anything (#24): paste a Hugging Face `config.json`, or choose or drop a
//! `config.json` or a GGUF file. The browser reads the file itself (the File API) — of a GGUF only its
//! header, in slices, as many bytes as [`gguf::import`] asks for ([`ErrorKind::NeedMoreBytes`]) — and the
//! engine's importer ([`edgefit_core::import`]) turns it into the model fields, which the page fills as a
//! model preset does ([`Imported::apply`]), so the link carries the model. What the keys leave out is listed;
//! a file that cannot be read changes nothing on the form, and the pasted text stays.

use std::sync::Arc;

use edgefit_core::import::{self, config, gguf, ErrorKind, ImportError, Imported};
use edgefit_text::{self as text, term, Lang, Term};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::render::dom::{el, panel};
use crate::state::Ctx;

/// Bytes read first; a GGUF header asks for more when it needs them (as the CLI's `edgefit import`).
pub const FIRST_READ: u64 = 1 << 20;

/// What the last import gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The model, now on the form.
    Done(Arc<Imported>),
    /// What is wrong with the file or text; the form is unchanged.
    Refused(ImportError),
    /// A GGUF file that ends before its header does.
    CutShort(ImportError),
    /// The browser could not read the file.
    Unreadable,
}

/// Read a model from a source of bytes: `read(start, end)` gives the bytes in that range of a file of
/// `size` bytes. A GGUF file is read only as far as its header goes (each read at least twice the last);
/// anything else is read as a `config.json`, up to one byte past [`config::MAX_BYTES`] so an over-long
/// file is named as such. `None` when a read failed.
pub async fn read_model<F, Fut>(size: u64, read: F) -> Option<Outcome>
where
    F: Fn(u64, u64) -> Fut,
    Fut: std::future::Future<Output = Option<Vec<u8>>>,
{
    let mut buf = read(0, size.min(FIRST_READ)).await?;
    if import::is_gguf(&buf) {
        loop {
            match gguf::import(&buf) {
                Ok(m) => return Some(Outcome::Done(Arc::new(m))),
                Err(e) => match e.kind {
                    ErrorKind::NeedMoreBytes { at_least } if at_least <= size => {
                        let have = buf.len() as u64;
                        let want = at_least.max(2 * have).min(size);
                        if want <= have {
                            return Some(Outcome::CutShort(e));
                        }
                        buf.extend(read(have, want).await?);
                    }
                    ErrorKind::NeedMoreBytes { .. } => return Some(Outcome::CutShort(e)),
                    _ => return Some(Outcome::Refused(e)),
                },
            }
        }
    }
    let cap = (config::MAX_BYTES as u64 + 1).min(size);
    let have = buf.len() as u64;
    if cap > have {
        buf.extend(read(have, cap).await?);
    }
    Some(match config::import(&buf) {
        Ok(m) => Outcome::Done(Arc::new(m)),
        Err(e) => Outcome::Refused(e),
    })
}

/// The bytes `start..end` of a file, through `Blob.slice` and `arrayBuffer` (never the whole file).
async fn slice(file: &web_sys::File, start: u64, end: u64) -> Option<Vec<u8>> {
    #[allow(clippy::cast_precision_loss)] // file offsets below 2^53
    let blob = file.slice_with_f64_and_f64(start as f64, end as f64).ok()?;
    let buf = wasm_bindgen_futures::JsFuture::from(blob.array_buffer())
        .await
        .ok()?;
    Some(js_sys::Uint8Array::new(&buf).to_vec())
}

/// Read a chosen or dropped file.
async fn read_file(file: web_sys::File) -> Outcome {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // a file's size in bytes
    let size = file.size() as u64;
    let file = &file;
    read_model(size, |a, b| slice(file, a, b))
        .await
        .unwrap_or(Outcome::Unreadable)
}

/// Fill the model fields from an imported model, as a model preset does.
fn apply(ctx: &Ctx, m: &Imported) {
    let before = ctx.current_inputs();
    let mut after = before.clone();
    m.apply(&mut after);
    ctx.put_inputs(&before, &after);
}

/// What an outcome says: the model's name and kind of file with what its keys leave out, or what is wrong
/// and that nothing changed.
fn said(o: &Outcome, lang: Lang) -> crate::render::dom::Node {
    let bad = |msg: String| {
        el("div")
            .at("class", "import-bad")
            .at("data-testid", "import-error")
            .kid(el("p").at("class", "bad").tx(msg))
            .kid(el("p").tx(term(Term::ImportKept, lang)))
            .into()
    };
    match o {
        Outcome::Done(m) => {
            let name = m
                .name
                .clone()
                .or_else(|| m.architecture.clone())
                .unwrap_or_default();
            #[allow(clippy::cast_precision_loss)] // bytes of a file
            let gguf = m
                .gguf
                .as_ref()
                .map(|g| (g.weight_bytes as f64, g.bits_per_weight));
            let head = text::import_done(&name, m.format, gguf, lang);
            let notes = (!m.notes.is_empty()).then(|| {
                el("div")
                    .kid(el("p").tx(term(Term::ImportLeftOut, lang)))
                    .kid(
                        el("ul").kids(
                            m.notes
                                .iter()
                                .map(|n| el("li").tx(text::import_note(n, lang)).into()),
                        ),
                    )
                    .into()
            });
            el("div")
                .at("data-testid", "import-done")
                .kid(el("p").tx(head))
                .kids(notes)
                .into()
        }
        Outcome::Refused(e) => bad(text::import_error(e, lang)),
        Outcome::CutShort(e) => bad(text::import_cut_short(e, lang)),
        Outcome::Unreadable => bad(term(Term::ImportUnreadable, lang).into()),
    }
}

/// The import box under the model picker: a text area for a pasted `config.json`, a file chooser that also
/// takes a dropped file, and what the last import said.
#[component]
pub fn ImportModel() -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let lang = ctx.lang;
    let pasted = RwSignal::new(String::new());
    let outcome = RwSignal::new(None::<Outcome>);
    let done = move |o: Outcome| {
        if let Outcome::Done(m) = &o {
            apply(&ctx, m);
        }
        outcome.set(Some(o));
    };
    let read_pasted = move |_| {
        let t = pasted.get_untracked();
        let o = match import::config::import(t.as_bytes()) {
            Ok(m) => Outcome::Done(Arc::new(m)),
            Err(e) => Outcome::Refused(e),
        };
        done(o);
    };
    let take = move |file: Option<web_sys::File>| {
        if let Some(file) = file {
            leptos::task::spawn_local(async move { done(read_file(file).await) });
        }
    };
    let chosen = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let file = input.files().and_then(|f| f.get(0));
        input.set_value("");
        take(file);
    };
    let dropped = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        take(
            ev.data_transfer()
                .and_then(|d| d.files())
                .and_then(|f| f.get(0)),
        );
    };
    let status = panel(
        "import-status",
        Box::new(move || {
            let l = lang.get();
            outcome.with(|o| o.as_ref().map(|o| said(o, l)))
        }),
        None,
    );
    view! {
        <details
            class="import lazy"
            data-testid="import"
            on:dragover=move |ev: leptos::ev::DragEvent| ev.prevent_default()
            on:drop=dropped
        >
            <summary>{crate::render::live::live_fn(lang, Term::ImportTitle, term)}</summary>
            <textarea
                rows="4"
                spellcheck="false"
                data-testid="import-text"
                aria-label=crate::render::live::live_fn(lang, Term::ImportPaste, term)
                placeholder=crate::render::live::live_fn(lang, Term::ImportPaste, term)
                prop:value=move || pasted.get()
                on:input=move |ev| pasted.set(event_target_value(&ev))
            ></textarea>
            <p class="import-row">
                <button type="button" data-testid="import-read" on:click=read_pasted>
                    {crate::render::live::live_fn(lang, Term::ImportRead, term)}
                </button>
                <label class="file-button">
                    {crate::render::live::live_fn(lang, Term::ImportFile, term)}
                    <input
                        type="file"
                        accept=".json,.gguf,application/json"
                        data-testid="import-file"
                        on:change=chosen
                    />
                </label>
            </p>
            <div role="status" aria-live="polite">{status}</div>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::future::Future;
    use std::task::{Context, Poll, Waker};

    /// Run a future whose reads are ready at once.
    fn ready<T>(f: impl Future<Output = T>) -> T {
        let mut f = std::pin::pin!(f);
        match f.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
            Poll::Ready(x) => x,
            Poll::Pending => panic!("a read was not ready"),
        }
    }

    /// Import `bytes` as a file, recording the ranges read.
    fn import(bytes: &[u8]) -> (Option<Outcome>, Vec<(u64, u64)>) {
        let reads = RefCell::new(Vec::new());
        let out = ready(read_model(bytes.len() as u64, |a, b| {
            reads.borrow_mut().push((a, b));
            let part = bytes.get(a as usize..b as usize).map(<[u8]>::to_vec);
            async move { part }
        }));
        (out, reads.into_inner())
    }

    #[test]
    fn a_small_config_is_read_once_and_imported() {
        let cfg =
            br#"{"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 2048,
            "intermediate_size": 8192, "num_hidden_layers": 16, "num_attention_heads": 32,
            "num_key_value_heads": 8, "vocab_size": 128256, "tie_word_embeddings": true}"#;
        let (out, reads) = import(cfg);
        assert_eq!(reads, vec![(0, cfg.len() as u64)]);
        let Some(Outcome::Done(m)) = out else {
            panic!("{out:?}")
        };
        assert_eq!(m.value(edgefit_core::Field::Layers), Some(16.0));
    }

    #[test]
    fn an_over_long_config_is_read_one_byte_past_the_limit_and_refused() {
        let big = vec![b' '; config::MAX_BYTES + 100];
        let (out, reads) = import(&big);
        let last = reads.last().map(|r| r.1);
        assert_eq!(last, Some(config::MAX_BYTES as u64 + 1));
        assert!(
            matches!(&out, Some(Outcome::Refused(e)) if matches!(e.kind, ErrorKind::TooLarge { .. })),
            "{out:?}"
        );
    }

    #[test]
    fn a_cut_gguf_says_so_and_a_failed_read_is_unreadable() {
        let (out, _) = import(b"GGUF\x03\x00\x00\x00");
        assert!(matches!(out, Some(Outcome::CutShort(_))), "{out:?}");
        let none = ready(read_model(10, |_, _| async { None }));
        assert_eq!(none, None);
    }
}
