//! The stage list: the stages in order, each with move up / move down / remove buttons, and one button per
//! role to add a stage. A [`dom`] panel, rebuilt only when the stages change.

use edgefit_core::pipeline::{Role, MAX_STAGES};
use edgefit_text::{term, Term};
use leptos::prelude::*;

use crate::render::dom::{self, el, Act, Node};
use crate::state::pipe::{Edit, ADD_ROLES};
use crate::state::{Ctx, Pipe};

/// The stages in order, each with move up / move down / remove buttons, and one button per role to add a
/// stage. One [`crate::render::dom`] panel (no `view!` per shape: the size budget). After a move the focus follows
/// the moved stage's button, so the keyboard can keep moving it.
pub(super) fn stage_list(ctx: Ctx, pipe: Pipe) -> impl IntoView {
    let lang = ctx.lang;
    let render = move || {
        let l = lang.get();
        // Re-rendered when the stages change (every such change bumps `generation`), not on every keystroke.
        pipe.generation.track();
        let stages: Vec<(Role, Option<String>)> = pipe.pipeline.with_untracked(|p| {
            p.stages
                .iter()
                .map(|s| (s.role, s.inputs.model.clone()))
                .collect()
        });
        let n = stages.len();
        let btn = |act: String, id: String, label: &str, aria: String, off: bool| -> Node {
            el("button")
                .at("type", "button")
                .at("id", id.clone())
                .at("data-testid", id)
                .at("data-act", act)
                .at("aria-label", aria)
                .at_if(off, "disabled", "")
                .tx(label)
                .into()
        };
        let items = stages.iter().enumerate().map(|(i, (role, model))| {
            let name = format!("{}. {}", i + 1, edgefit_text::role_label(*role, l));
            let shown = match model.as_deref().and_then(edgefit_core::presets::model) {
                Some(m) => format!("{name} — {}", edgefit_text::preset_name(m.name, l)),
                None => name.clone(),
            };
            let remove = term(Term::Remove, l);
            el("li")
                .at("data-testid", format!("stage-item-{}", i + 1))
                .kid(el("span").at("class", "stage-name").tx(shown))
                .kid(btn(
                    format!("up-{i}"),
                    format!("p-up-{}", i + 1),
                    "↑",
                    format!("{}: {name}", term(Term::MoveUp, l)),
                    i == 0,
                ))
                .kid(btn(
                    format!("down-{i}"),
                    format!("p-down-{}", i + 1),
                    "↓",
                    format!("{}: {name}", term(Term::MoveDown, l)),
                    i + 1 == n,
                ))
                .kid(btn(
                    format!("rm-{i}"),
                    format!("p-rm-{}", i + 1),
                    remove,
                    format!("{remove}: {name}"),
                    false,
                ))
                .into()
        });
        let full = n >= MAX_STAGES;
        let adds = ADD_ROLES.iter().map(|&r| {
            let label = format!("+ {}", edgefit_text::role_label(r, l));
            btn(
                format!("add-{}", r.code()),
                format!("p-add-{}", r.code()),
                &label,
                label.clone(),
                full,
            )
        });
        let mut out = el("div").at("data-testid", "stage-list");
        if n == 0 {
            out = out.kid(
                el("p")
                    .at("class", "stale")
                    .at("role", "status")
                    .at("data-testid", "no-stages")
                    .tx(term(Term::NoStages, l)),
            );
        } else {
            out = out.kid(el("ol").at("class", "stage-list").kids(items));
        }
        let mut add = el("p")
            .at("class", "stage-add")
            .at("role", "group")
            .at("aria-label", term(Term::AddStage, l))
            .tx(format!("{} ", term(Term::AddStageColon, l)))
            .kids(adds);
        if full {
            add = add.kid(
                el("span")
                    .at("class", "muted")
                    .tx(format!(" {} {MAX_STAGES}", term(Term::AtMost, l))),
            );
        }
        Some(out.kid(add).into())
    };
    let act: Act = Box::new(move |a, _| {
        let n = pipe.pipeline.with_untracked(|p| p.stages.len());
        let (what, arg) = a.split_once('-').unwrap_or((a, ""));
        let i: usize = arg.parse().unwrap_or(usize::MAX);
        let (edit, focus) = match what {
            "add" => match Role::from_code(arg) {
                Some(r) => (Edit::Add(r), format!("p-rm-{}", n + 1)),
                None => return,
            },
            "rm" => (
                Edit::Remove(i),
                if n > 1 {
                    format!("p-rm-{}", i.min(n - 2) + 1)
                } else {
                    "p-add-asr".into()
                },
            ),
            // The moved stage's button, or the other direction's at the end of the list.
            "up" if i > 0 => (
                Edit::Up(i),
                format!("p-{}-{i}", if i > 1 { "up" } else { "down" }),
            ),
            "down" if i + 1 < n => (
                Edit::Down(i),
                format!("p-{}-{}", if i + 2 < n { "down" } else { "up" }, i + 2),
            ),
            _ => return,
        };
        pipe.edit(edit);
        request_animation_frame(move || {
            use wasm_bindgen::JsCast;
            if let Some(e) = document()
                .get_element_by_id(&focus)
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = e.focus();
            }
        });
    });
    dom::panel("pipe-edit", Box::new(render), Some(act))
}
