//! The bar under the device and model pickers: save the current device or model under a name, export and
//! import the saved list ([`crate::state::custom`] holds and checks it).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::render::live::{LiveText, Ui};
use crate::state::custom::{
    check_items, clean_name, error_text, merge, parse, to_json, Custom, Kind, Store,
};
use crate::state::Ctx;

/// Save the current device or model under a name; export and import the saved list.
#[component]
pub fn CustomBar(
    /// Device or model.
    kind: Kind,
    /// The picker's record of the user's preset applied (set when one is saved).
    user_pick: RwSignal<Option<String>>,
) -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let store = crate::state::page_context::<Store>();
    let lang = ctx.lang;
    let name = RwSignal::new(String::new());
    let status = RwSignal::new(None::<(bool, String)>);
    let say = move |ok: bool, s: String| status.set(Some((ok, s)));
    let save = move |_| {
        let l = lang.get_untracked();
        let Some(n) = clean_name(&name.get_untracked()) else {
            say(false, Ui::NameNeeded.text(l).into());
            return;
        };
        let item = Custom::from_inputs(kind, n.clone(), &ctx.current_inputs());
        let list = merge(&store.items.get_untracked(), vec![item]);
        match store.save(list) {
            Ok(()) => {
                say(true, Ui::Saved.text(l).into());
                let before = ctx.current_inputs();
                let mut after = before.clone();
                match kind {
                    Kind::Device => after.device = None,
                    Kind::Model => after.model = None,
                }
                ctx.put_inputs(&before, &after);
                user_pick.set(Some(n));
            }
            Err(u) => say(false, u.text(l).into()),
        }
    };
    let export = move |_| {
        let json = to_json(&store.items.get_untracked());
        if crate::views::share::download("edgefit-presets.json", "application/json", &json).is_ok()
        {
            say(true, Ui::Downloaded.text(lang.get_untracked()).into());
        }
    };
    let import = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        leptos::task::spawn_local(async move {
            let l = lang.get_untracked();
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|t| t.as_string())
                .unwrap_or_default();
            let checked = parse(&text).and_then(|raw| check_items(&raw));
            match checked {
                Err(e) => say(
                    false,
                    format!("{} {}", Ui::ImportRefused.text(l), error_text(&e, l)),
                ),
                Ok(new) => match store.save(merge(&store.items.get_untracked(), new)) {
                    Ok(()) => say(true, Ui::Imported.text(l).into()),
                    Err(u) => say(false, u.text(l).into()),
                },
            }
        });
    };
    let save_label = match kind {
        Kind::Device => Ui::SaveDevice,
        Kind::Model => Ui::SaveModel,
    };
    let k = kind.code();
    view! {
        <div class="custom-bar" data-testid=format!("custom-{k}")>
            <input
                type="text"
                maxlength="60"
                autocomplete="off"
                data-testid=format!("custom-name-{k}")
                aria-label=Ui::CustomName.live(lang)
                placeholder=Ui::CustomName.live(lang)
                prop:value=move || name.get()
                on:input=move |ev| name.set(event_target_value(&ev))
            />
            <button
                type="button"
                data-testid=format!("custom-save-{k}")
                disabled=!store.available
                on:click=save
            >
                {save_label.live(lang)}
            </button>
            <button type="button" data-testid=format!("custom-export-{k}") on:click=export>
                {Ui::ExportCustom.live(lang)}
            </button>
            <label class="file-button">
                {Ui::ImportCustom.live(lang)}
                <input
                    type="file"
                    accept=".json,application/json"
                    data-testid=format!("custom-import-{k}")
                    on:change=import
                />
            </label>
            <p class="custom-status" role="status" aria-live="polite" data-testid=format!("custom-status-{k}")>
                {move || {
                    if store.available {
                        status.get().map(|(ok, s)| view! { <span class:bad=!ok>{s}</span> })
                    } else {
                        Some(view! { <span class:bad=true>{Ui::NoStorage.text(lang.get()).to_string()}</span> })
                    }
                }}
            </p>
        </div>
    }
}
