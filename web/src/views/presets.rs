//! Preset pickers: a `<select>` at the top of the Device, Model and Quantization groups, the picked
//! preset's public sources, a mark on figures that are derived or assumed, the reason a field the engine
//! needs is left unknown, the framework verdict with its reasons, and the calibrated utilizations.
//!
//! Picking a preset writes its figures into the same text signals the user types into (derive, don't
//! sync: nothing else is stored) and records its id, so the link carries `device=<id>`, `llm=<id>` or
//! `quant=<id>` through the codec. A figure the preset does not know is cleared and asked for, never
//! invented.

use edgefit_core::calibration::{self, Calibrated, HwClass};
use edgefit_core::codec::format_value;
use edgefit_core::framework::Support;
use edgefit_core::input::Group;
use edgefit_core::presets::complete;
use edgefit_core::presets::{
    self, DevicePreset, Gap, ModelPreset, Provenance, ALL_DEVICES, ALL_MODELS, ALL_QUANTS,
};
use edgefit_core::{Backend, Field, Inputs, Value};
use edgefit_text::{term, Lang, Term};
use leptos::prelude::*;

use crate::render::dom::{el, panel, Act, Node};
use crate::render::live::{LiveText, Ui};
use crate::state::custom::{self, Store};
use crate::state::form::apply_preset;
use crate::state::Ctx;
use crate::views::custom::CustomBar;

/// The model fields a model preset leaves unknown.
#[must_use]
pub fn model_unknown(p: &ModelPreset) -> Vec<Field> {
    p.apply(&mut Inputs::default())
}

/// Why a preset leaves a field unknown, in words.
#[must_use]
pub fn gap_text(g: Gap, lang: Lang) -> &'static str {
    match g {
        Gap::NotPublished => Ui::GapNotPublished.text(lang),
        Gap::NoAccelerator => Ui::GapNoAccelerator.text(lang),
        Gap::NoDram => Ui::GapNoDram.text(lang),
        _ => Ui::GapNotFound.text(lang),
    }
}

/// Where a source string points: an `http(s)` URL as is, `owner/repo path` on GitHub, anything else
/// (a book, "the source document's worked example") nowhere.
#[must_use]
pub fn source_href(s: &str) -> Option<String> {
    let s = s.trim();
    if s.starts_with("https://") || s.starts_with("http://") {
        return (!s.contains(char::is_whitespace)).then(|| s.to_string());
    }
    let (repo, path) = s.split_once(' ').unwrap_or((s, ""));
    let ok = |p: &str| {
        !p.is_empty()
            && p.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    let (owner, name) = repo.split_once('/')?;
    if !ok(owner) || !ok(name) || path.contains(char::is_whitespace) || path.contains("..") {
        return None;
    }
    Some(if path.is_empty() {
        format!("https://github.com/{owner}/{name}")
    } else {
        format!("https://github.com/{owner}/{name}/blob/HEAD/{path}")
    })
}

/// The device class whose calibration applies to a device preset.
#[must_use]
pub fn hw_class(p: Option<&DevicePreset>, backend: Backend) -> HwClass {
    p.map_or(HwClass::Other, |p| complete::hw_class(p, backend))
}

/// The calibrated constants for the chosen backend, device and framework (its runtime family's group where
/// the calibration set has one, as `edgefit validate` picks them).
#[must_use]
pub fn calibrated(device: Option<&str>, backend: Backend, framework: &str) -> Calibrated {
    calibrated_at(device, backend, framework, None).cal
}

/// The calibrated constants as the page applies them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CalAt {
    /// The group's constants, η_bw already times [`CalAt::kquant`] where that applies.
    pub cal: Calibrated,
    /// The scale of the per-layer cost on this device ([`calibration::clock_scale`]).
    pub scale: f64,
    /// The share of the group's η_bw a K-quant streams on this GPU
    /// ([`calibration::APPLE7_KQUANT_SHARE`] on an M1-generation Apple GPU under llama.cpp), where it applies.
    pub kquant: Option<f64>,
}

/// [`calibrated`] for the chosen quantization preset too, with the per-layer cost's scale on this device.
#[must_use]
pub fn calibrated_at(
    device: Option<&str>,
    backend: Backend,
    framework: &str,
    quant: Option<&str>,
) -> CalAt {
    // The completion's own lookup (`complete::group_at`), so the note says what the fields hold.
    let q = quant.and_then(presets::quant).map_or("", |q| q.name);
    let g = complete::group_at(device.and_then(presets::device), framework, backend, q);
    let mut cal = g.constants;
    cal.eta_bw *= g.kquant;
    CalAt {
        cal,
        scale: g.scale,
        kquant: (g.kquant < 1.0).then_some(g.kquant),
    }
}

fn sources_of(group: Group, id: &str) -> Vec<&'static str> {
    let own: &[&str] = match group {
        Group::Device => presets::device(id).map_or(&[], |p| p.sources),
        Group::Model => presets::model(id).map_or(&[], |p| p.sources),
        Group::Quantization => presets::quant(id).map_or(&[], |p| p.sources),
        _ => &[],
    };
    let mut v = own.to_vec();
    if group == Group::Device {
        // The pages a figure the preset's own sources lack was derived from.
        v.extend(complete::supplement_sources(id));
    }
    v
}

/// Accuracy next to speed and size: the published quality delta of a quantization preset, with its
/// source, or a plain statement that none was read (never a guess).
fn quality_note(id: &str, lang: Lang) -> Node {
    let text = edgefit_text::quality_note(presets::quality::quality(id), lang);
    el("p")
        .at("class", "quality")
        .at("data-testid", "quality")
        .tx(text)
        .into()
}

/// A list of sources: links open in a new tab and pass no referrer or opener.
#[must_use]
pub fn source_list(sources: &[&str], testid: String, lang: Lang) -> Option<Node> {
    if sources.is_empty() {
        return None;
    }
    let items = sources.iter().map(|&s| {
        let li = el("li");
        match source_href(s) {
            Some(h) => li.kid(
                el("a")
                    .at("href", h)
                    .at("target", "_blank")
                    .at("rel", "noopener noreferrer")
                    .tx(s),
            ),
            None => li.tx(edgefit_text::preset_name(s, lang)),
        }
        .into()
    });
    Some(
        el("details")
            .at("class", "sources")
            .at("data-testid", testid)
            .kid(el("summary").tx(format!("{} ({})", Ui::Sources.text(lang), sources.len())))
            .kid(el("ul").kids(items))
            .into(),
    )
}

/// The preset `<select>` of a group (device, model or quantization), with "custom" and the user's own
/// presets, the picked preset's sources, and (device and model) the save/export/import bar.
#[component]
pub fn PresetPicker(
    /// Device, Model or Quantization.
    group: Group,
) -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let store = crate::state::page_context::<Store>();
    let lang = ctx.lang;
    let Some(sig) = ctx.presets.of(group) else {
        return ().into_any();
    };
    let kind = custom::Kind::of(group);
    // The user's preset last applied (not in the link: its figures are).
    let user_pick = RwSignal::new(None::<String>);
    let value = move || match sig.get() {
        Some(id) => format!("p:{id}"),
        None => user_pick
            .get()
            .map(|n| format!("u:{n}"))
            .unwrap_or_default(),
    };
    let (key, label) = match group {
        Group::Device => ("device", Ui::PresetDevice),
        Group::Model => ("llm", Ui::PresetModel),
        _ => ("quant", Ui::PresetQuant),
    };
    let options: Vec<(&'static str, &'static str)> = match group {
        Group::Device => ALL_DEVICES.iter().map(|p| (p.id, p.name)).collect(),
        Group::Model => ALL_MODELS.iter().map(|p| (p.id, p.name)).collect(),
        _ => ALL_QUANTS.iter().map(|p| (p.id, p.name)).collect(),
    };
    let on_change = move |ev| {
        let v = event_target_value(&ev);
        let before = ctx.current_inputs();
        let mut after = before.clone();
        if let Some(id) = v.strip_prefix("p:") {
            if !apply_preset(group, id, &mut after) {
                return;
            }
            user_pick.set(None);
        } else if let (Some(name), Some(k)) = (v.strip_prefix("u:"), kind) {
            let item = store
                .items
                .with_untracked(|l| l.iter().find(|c| c.kind == k && c.name == name).cloned());
            let Some(item) = item else {
                return;
            };
            item.apply(&mut after);
            user_pick.set(Some(item.name));
        } else {
            user_pick.set(None);
        }
        match group {
            Group::Device => {
                after.device = v.strip_prefix("p:").map(Into::into);
                after.power_mode = None; // a mode is one device's
            }
            Group::Model => after.model = v.strip_prefix("p:").map(Into::into),
            _ => after.quant = v.strip_prefix("p:").map(Into::into),
        }
        ctx.put_inputs(&before, &after);
    };
    let id = format!("preset-{key}");
    let (wrap_id, label_id) = (id.clone(), id.clone());
    let mine = move || {
        let k = kind?;
        let items: Vec<String> = store.items.with(|l| {
            l.iter()
                .filter(|c| c.kind == k)
                .map(|c| c.name.clone())
                .collect()
        });
        (!items.is_empty()).then(|| {
            view! {
                <optgroup label=Ui::MyPresets.live(lang)>
                    {items
                        .into_iter()
                        .map(|n| {
                            let v = format!("u:{n}");
                            let v2 = v.clone();
                            view! {
                                <option value=v prop:selected=move || value() == v2>
                                    {n}
                                </option>
                            }
                        })
                        .collect_view()}
                </optgroup>
            }
        })
    };
    let sources = panel(
        "sources-panel",
        Box::new(move || {
            let l = lang.get();
            sig.with(|id| {
                id.as_deref().and_then(|id| {
                    let src = source_list(&sources_of(group, id), format!("sources-{key}"), l);
                    if group == Group::Quantization && presets::quant(id).is_some() {
                        Some(el("div").kid(quality_note(id, l)).kids(src).into())
                    } else {
                        src
                    }
                })
            })
        }),
        None,
    );
    view! {
        <div class="field choice preset" data-testid=wrap_id>
            <label for=label_id>{label.live(lang)}</label>
            <select id=id on:change=on_change>
                <option value="" prop:selected=move || value().is_empty()>
                    {Ui::CustomOption.live(lang)}
                </option>
                <optgroup label=Ui::BuiltInPresets.live(lang)>
                    {options
                        .into_iter()
                        .map(|(pid, name)| {
                            let v = format!("p:{pid}");
                            let v2 = v.clone();
                            view! {
                                <option value=v prop:selected=move || value() == v2>
                                    {crate::render::live::live_name(lang, name)}
                                </option>
                            }
                        })
                        .collect_view()}
                </optgroup>
                {mine}
            </select>
            {sources}
            {kind.map(|k| view! { <CustomBar kind=k user_pick=user_pick/> })}
        </div>
    }
    .into_any()
}

/// The device preset's published power modes (`power_mode=`), next to the device picker; nothing for a
/// device without any. A pick re-completes the device in that mode (its clocks, memory clock and budget;
/// [`complete::complete`]), as a device pick does.
pub fn power_mode_picker(ctx: Ctx) -> impl IntoView {
    let render = move || {
        let l = ctx.lang.get();
        let device = ctx.presets.device.get()?;
        let chosen = ctx.presets.power_mode.get();
        let modes: Vec<_> = presets::power_modes::modes(&device).collect();
        if modes.is_empty() {
            return None;
        }
        let option = |v: &str, label: String, on: bool| -> Node {
            el("option")
                .at("value", v)
                .at_if(on, "selected", "")
                .tx(label)
                .into()
        };
        let first = option("", term(Term::PresetFigures, l).into(), chosen.is_none());
        // nvpmodel names most modes by their budget ("15W"); the others (MAXN) say they are uncapped.
        let rest = modes.iter().map(|m| {
            let on = chosen.as_deref() == Some(m.id);
            let label = match m.budget_w {
                Some(_) => m.name.to_string(),
                None => format!("{} · {}", m.name, term(Term::Uncapped, l)),
            };
            option(m.id, label, on)
        });
        Some(
            el("div")
                .at("class", "field choice")
                .at("data-testid", "power-mode")
                .kid(
                    el("label")
                        .at("for", "c-power_mode")
                        .tx(term(Term::PowerMode, l)),
                )
                .kid(
                    el("select")
                        .at("id", "c-power_mode")
                        .at("data-act", "pm")
                        .kid(first)
                        .kids(rest),
                )
                .into(),
        )
    };
    let act: Act = Box::new(move |_, e| {
        let v = js_sys::Reflect::get(e, &"value".into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        let before = ctx.current_inputs();
        let mut after = before.clone();
        if complete::in_power_mode(&mut after, (!v.is_empty()).then_some(v.as_str())) {
            ctx.put_inputs(&before, &after);
        }
    });
    panel("pm-slot", Box::new(render), Some(act))
}

/// Speculative decoding's draft model (`draft=`): none, or an LLM preset with an architecture
/// ([`edgefit_core::codec::is_draft`]), quantized as the target. It sits above the acceptance rate and the
/// draft length it goes with.
pub fn draft_picker(ctx: Ctx) -> impl IntoView {
    let render = move || {
        let l = ctx.lang.get();
        let chosen = ctx.presets.draft.get();
        let option = |v: &str, label: String| -> Node {
            let on = chosen.as_deref().unwrap_or("") == v;
            el("option")
                .at("value", v)
                .at_if(on, "selected", "")
                .tx(label)
                .into()
        };
        let drafts = ALL_MODELS
            .iter()
            .filter(|m| edgefit_core::codec::is_draft(m.id))
            .map(|m| option(m.id, edgefit_text::preset_name(m.name, l)));
        Some(
            el("div")
                .at("class", "field choice")
                .at("data-testid", "draft")
                .kid(el("label").at("for", "c-draft").tx(term(Term::Draft, l)))
                .kid(
                    el("select")
                        .at("id", "c-draft")
                        .at("data-act", "draft")
                        .kid(option("", term(Term::NoDraft, l).into()))
                        .kids(drafts),
                )
                .into(),
        )
    };
    let act: Act = Box::new(move |_, e| {
        let v = js_sys::Reflect::get(e, &"value".into())
            .ok()
            .and_then(|v| v.as_string())
            .filter(|v| edgefit_core::codec::is_draft(v));
        ctx.presets.draft.set(v);
    });
    panel("pm-slot", Box::new(render), Some(act))
}

/// What the picked preset says about one field: a mark when its figure is derived or assumed (while the
/// field still holds it), the reason it is unknown, and for the utilizations the calibrated default with
/// a button that writes it into the field.
#[component]
pub fn FieldNote(
    /// The field.
    field: Field,
) -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    let cal = matches!(field, Field::BandwidthUtil | Field::ComputeUtil);
    let completed = complete::COMPLETED_FIELDS.contains(&field);
    if !cal && !completed && !matches!(field.spec().group, Group::Device | Group::Model) {
        return ().into_any();
    }
    let render = move || {
        let l = ctx.lang.get();
        let note = preset_note(&ctx, field, l);
        let origin = completed.then(|| origin_note(&ctx, field, l)).flatten();
        let cal = cal.then(|| calibrated_note(&ctx, field, l));
        (note.is_some() || cal.is_some() || origin.is_some())
            .then(|| el("div").kids(note).kids(origin).kids(cal).into())
    };
    let act: Act = Box::new(move |_, _| {
        // The group's constants go together (η_bw with its per-layer cost, η_c with its matmul tile):
        // a device preset writes them all back; without one, the note's values.
        let before = ctx.current_inputs();
        let mut after = before.clone();
        if complete::complete_runtime(&mut after, Some(before.backend)).is_none() {
            let CalAt { cal: c, scale, .. } = calibrated_at(
                None,
                before.backend,
                &before.framework,
                before.quant.as_deref(),
            );
            after.set_exact(Field::BandwidthUtil, c.eta_bw);
            after.set_exact(Field::LayerMs, c.layer_ms * scale);
            after.set_exact(Field::ComputeUtil, c.eta_c);
            after.set_exact(Field::GemmTile, calibration::runtime_gemm_tile(c.runtime));
        }
        ctx.put_inputs(&before, &after);
    });
    panel("field-note", Box::new(render), Some(act)).into_any()
}

fn preset_note(ctx: &Ctx, field: Field, l: Lang) -> Option<Node> {
    let text = ctx.text(field);
    match field.spec().group {
        Group::Device => {
            let p = ctx
                .presets
                .device
                .with(|id| id.as_deref().and_then(presets::device))?;
            if let Some((_, gap)) = p.unknown().into_iter().find(|(f, _)| *f == field) {
                return Some(gap_note(field, gap_text(gap, l)));
            }
            let fig = p.figure(field)?;
            let shown = text.with(|t| t.trim() == format_value(&Value::exact(fig.value)));
            prov_mark(fig.provenance, shown, l)
        }
        Group::Model => {
            let p = ctx
                .presets
                .model
                .with(|id| id.as_deref().and_then(presets::model))?;
            if model_unknown(p).contains(&field) {
                return Some(gap_note(field, Ui::GapNotFound.text(l)));
            }
            let fig = if field == Field::ParamsB {
                p.params
            } else {
                None
            }?;
            let shown = text.with(|t| {
                edgefit_core::codec::parse_value(t.trim())
                    .is_some_and(|v| (v.mid * 1e9 - fig.value).abs() < 1.0)
            });
            prov_mark(fig.provenance, shown, l)
        }
        _ => None,
    }
}

fn gap_note(field: Field, why: &'static str) -> Node {
    el("p")
        .at("class", "gap-note")
        .at("data-testid", format!("gap-{}", field.key()))
        .tx(why)
        .into()
}

fn prov_mark(p: Provenance, shown: bool, lang: Lang) -> Option<Node> {
    let (word, help) = match p {
        Provenance::Derived => (Ui::Derived, Ui::DerivedHelp),
        Provenance::Assumed => (Ui::Assumed, Ui::AssumedHelp),
        Provenance::Read => return None,
    };
    shown.then(|| {
        el("span")
            .at("class", "prov")
            .at("data-prov", word.text(Lang::En))
            .at("title", help.text(lang))
            .tx(word.text(lang))
            .into()
    })
}

/// Where a completed field's value comes from, when it is an estimate or fitted (a preset's own figure is
/// marked by [`preset_note`]; the utilizations by [`calibrated_note`]); nothing once the user changed it.
fn origin_note(ctx: &Ctx, field: Field, l: Lang) -> Option<Node> {
    if matches!(field, Field::BandwidthUtil | Field::ComputeUtil) {
        return None;
    }
    // An empty field is no estimate (an unknown FP16 peak is assumed by the engine, and says so).
    if ctx.read.with(|r| r.0.get(field).is_none()) {
        return None;
    }
    let o = ctx
        .origins
        .with(|v| v.iter().find(|(f, _)| *f == field).map(|x| x.1))?;
    let text = match o {
        complete::Origin::ClassDefault { kind } => {
            let k = match kind {
                presets::DeviceKind::Phone => Ui::KindPhone,
                presets::DeviceKind::Laptop => Ui::KindLaptop,
                presets::DeviceKind::Sbc => Ui::KindSbc,
                presets::DeviceKind::Accelerator => Ui::KindModule,
                presets::DeviceKind::Desktop => Ui::KindDesktop,
                _ => return None,
            };
            match l {
                Lang::Zh => format!("{}{}", Ui::OriginClass.text(l), k.text(l)),
                _ => format!("{} {}", Ui::OriginClass.text(l), k.text(l)),
            }
        }
        complete::Origin::UnitDefault { .. } => Ui::OriginUnit.text(l).to_string(),
        complete::Origin::Prior { .. } => Ui::OriginPrior.text(l).to_string(),
        complete::Origin::Example => return None,
        complete::Origin::Fitted { rows, .. } => match l {
            Lang::Zh => format!("{}{rows}", Ui::OriginFitted.text(l)),
            _ => format!("{} {rows}", Ui::OriginFitted.text(l)),
        },
        complete::Origin::FittedAll { rows, sources } => match l {
            Lang::Zh => format!("{}{rows}、{sources}", Ui::OriginFittedAll.text(l)),
            _ => format!("{} {rows}, {sources}", Ui::OriginFittedAll.text(l)),
        },
        complete::Origin::PowerMode { mode } => {
            let name = ctx.presets.device.with(|d| {
                d.as_deref()
                    .and_then(|d| presets::power_modes::power_mode(d, mode))
                    .map_or(mode, |m| m.name)
            });
            let sep = if l == Lang::Zh { "" } else { " " };
            format!("{}{sep}{name}", term(Term::FromPowerMode, l))
        }
        _ => return None,
    };
    Some(
        el("p")
            .at("class", "origin-note")
            .at("data-testid", format!("origin-{}", field.key()))
            .tx(text)
            .into(),
    )
}

/// The calibrated value and band of a utilization for the chosen backend and device (η_bw with the
/// per-token overhead its button also writes, η_c with its matmul tile).
fn calibrated_note(ctx: &Ctx, field: Field, l: Lang) -> Node {
    let CalAt {
        cal: c,
        scale,
        kquant,
    } = ctx.presets.device.with(|d| {
        ctx.presets.quant.with(|q| {
            calibrated_at(
                d.as_deref(),
                ctx.backend.get(),
                &ctx.framework.get(),
                q.as_deref(),
            )
        })
    });
    let (x, band, n) = if field == Field::BandwidthUtil {
        (c.eta_bw, c.decode_band, c.n_decode)
    } else {
        (c.eta_c, c.prefill_band, c.n_prefill)
    };
    let from = if n == 0 {
        Ui::CalPrior.text(l).to_string()
    } else {
        let group = format!(
            "{}{}{}",
            edgefit_text::backend_label(c.backend, l),
            c.runtime
                .map(|r| format!(", {}", r.code()))
                .unwrap_or_default(),
            c.hw.map(|h| format!(", {}", h.code())).unwrap_or_default()
        );
        // Chinese text takes full-width brackets and no space after its full-width colon.
        format!(
            "{}{}{n}{}",
            Ui::CalFitted.text(l),
            l.space(),
            l.parens(&group)
        )
    };
    let num = |x: f64, s: usize| edgefit_text::fmt_num(x, s);
    // η_bw times the K-quant share on an M1-generation GPU: say so, and where it came from.
    let from = match kquant {
        Some(k) if field == Field::BandwidthUtil => {
            format!("{from} · {} ×{}", Ui::CalKquant.text(l), num(k, 2))
        }
        _ => from,
    };
    let tile = calibration::runtime_gemm_tile(c.runtime);
    let pair = if field == Field::BandwidthUtil {
        Some((
            Field::LayerMs,
            (c.layer_ms * scale * 1000.0).round() / 1000.0,
        ))
    } else {
        (tile > 0.0).then_some((Field::GemmTile, tile))
    };
    let tile = pair.map_or(String::new(), |(f, x)| {
        let (name, unit) = (
            edgefit_text::field_label(f, l),
            edgefit_text::field_unit(f, l),
        );
        format!(" · {name} {} {unit}", num(x, 3))
    });
    el("p")
        .at("class", "cal-note")
        .at("data-testid", format!("cal-{}", field.key()))
        .tx(format!("{}{}", Ui::Calibrated.text(l), l.colon()))
        .kid(el("strong").tx(num(x, 3)))
        .tx(format!(
            " · {} {}–{}{tile} · {from} ",
            Ui::CalBand.text(l),
            num(band.0, 2),
            num(band.1, 2)
        ))
        .kid(
            el("button")
                .at("type", "button")
                .at("class", "small")
                .at("data-act", "cal")
                .tx(Ui::UseCalibrated.text(l)),
        )
        .into()
}

/// Under the framework `<select>`: its verdict for this scheme with the reasons, and its sources.
#[component]
pub fn FrameworkInfo() -> impl IntoView {
    let ctx = crate::state::page_context::<Ctx>();
    // A memo, so typing that leaves the verdict alone does not touch this part of the page.
    let support = Memo::new(move |_| {
        ctx.good.with(|g| {
            g.as_ref()
                .map(|g| g.evaluation.expected.framework.support.clone())
        })
    });
    let render = move || {
        let l = ctx.lang.get();
        let mut out = el("div");
        if let Some(support) = support.get() {
            let (cls, head, reasons) = match support {
                Support::Supported => ("pass", Ui::FwSupported, Vec::new()),
                Support::Fallback { reasons } => ("warn", Ui::FwFallback, reasons),
                Support::Unsupported { reasons } => ("fail", Ui::FwUnsupported, reasons),
            };
            out = out.kid(
                el("div")
                    .at("class", "fw-verdict")
                    .at("data-verdict", cls)
                    .at("data-testid", "fw-verdict")
                    .kid(el("p").tx(head.text(l)))
                    .kid(
                        el("ul").kids(
                            reasons
                                .iter()
                                .map(|m| el("li").tx(edgefit_text::mismatch_text(m, l)).into()),
                        ),
                    ),
            );
        }
        let sources = ctx.framework.with(|id| {
            edgefit_core::presets::framework(id)
                .and_then(|f| source_list(f.sources, "sources-fw".into(), l))
        });
        Some(out.kids(sources).into())
    };
    panel("fw-info", Box::new(render), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_links_are_https_or_github_only() {
        assert_eq!(
            source_href("https://x.test/a").as_deref(),
            Some("https://x.test/a")
        );
        assert_eq!(
            source_href("ggml-org/llama.cpp ggml/src/ggml-common.h").as_deref(),
            Some("https://github.com/ggml-org/llama.cpp/blob/HEAD/ggml/src/ggml-common.h")
        );
        assert_eq!(source_href("the source document's worked example"), None);
        assert_eq!(source_href("javascript:alert(1)"), None);
        assert_eq!(source_href("a/b ../../x"), None);
    }

    #[test]
    fn every_preset_source_is_a_link_or_plain_text() {
        for p in ALL_DEVICES {
            for s in p.sources {
                if let Some(h) = source_href(s) {
                    assert!(h.starts_with("http"), "{s}");
                }
            }
        }
    }

    #[test]
    fn a_phone_preset_estimates_the_tops_it_does_not_know_and_keeps_nothing_from_before() {
        let mut i = Inputs::default();
        i.set_exact(Field::StorageFreeGb, 3.0);
        assert!(apply_preset(Group::Device, "qcom_sd8elite", &mut i));
        // Qualcomm publishes no NPU TOPS: the NPU class's nominal figure, marked as an estimate.
        assert_eq!(i.mid(Field::PeakInt8Tops), Some(40.0));
        assert!(complete::origins(&i)
            .iter()
            .any(|(f, o)| *f == Field::PeakInt8Tops
                && matches!(o, complete::Origin::UnitDefault { .. })));
        assert_eq!(i.mid(Field::StorageFreeGb), Some(32.0));
        assert_eq!(i.mid(Field::BandwidthGbps), Some(84.8));
        assert_eq!(i.device.as_deref(), Some("qcom_sd8elite"));
        assert!(!apply_preset(Group::Device, "nope", &mut i));
    }

    #[test]
    fn calibration_uses_the_device_class() {
        let c = calibrated(Some("apple_m2"), Backend::Gpu, "llama_cpp");
        assert_eq!(c.hw, Some(HwClass::AppleMSeries));
        assert!(c.n_decode > 0);
        // Core ML has no runtime family of its own: the "other" family's GPU constants, the group `edgefit
        // validate` files a Core ML measurement under (no Apple-class group of that family).
        let c = calibrated(Some("apple_m2"), Backend::Gpu, "coreml");
        assert_eq!((c.hw, c.runtime), (None, Some(calibration::Runtime::Other)));
        let c = calibrated(None, Backend::Npu, "qnn");
        assert!(c.eta_bw > 0.0 && c.eta_bw <= 1.0);
    }

    #[test]
    fn calibration_uses_the_framework_runtime_where_the_set_has_it() {
        // llama.cpp's Metal rows and LiteRT's browser rows on Apple GPUs have groups of their own.
        let llama = calibrated(Some("apple_m2"), Backend::Gpu, "llama_cpp");
        assert_eq!(llama.runtime, Some(calibration::Runtime::LlamaCpp));
        let litert = calibrated(Some("apple_m2"), Backend::Gpu, "litert");
        assert_eq!(litert.runtime, Some(calibration::Runtime::LiteRt));
        assert!(litert.eta_c < llama.eta_c);
        // MLX has its own group, with a smaller per-layer cost than llama.cpp's Metal backend.
        let mlx = calibrated(Some("apple_m2"), Backend::Gpu, "mlx");
        assert_eq!(mlx.runtime, Some(calibration::Runtime::Mlx));
        assert!(mlx.layer_ms < llama.layer_ms);
        // A Jetson keeps its class group (MLC's rows) whatever the framework; a phone CPU under LiteRT too.
        let jetson = calibrated(Some("nv_orin_nano_8gb"), Backend::Gpu, "llama_cpp");
        assert_eq!(jetson.hw, Some(HwClass::Jetson));
    }

    #[test]
    fn a_k_quant_on_an_m1_gpu_under_llama_cpp_takes_the_fitted_share() {
        let at = |dev, fw, q| calibrated_at(Some(dev), Backend::Gpu, fw, Some(q));
        let m1 = at("apple_m1", "llama_cpp", "q4_k_m");
        assert_eq!(m1.kquant, Some(calibration::APPLE7_KQUANT_SHARE));
        let q40 = at("apple_m1", "llama_cpp", "q4_0");
        assert_eq!(q40.kquant, None);
        assert!((m1.cal.eta_bw - q40.cal.eta_bw * calibration::APPLE7_KQUANT_SHARE).abs() < 1e-12);
        // Not on an M2, not under MLX, not on the CPU.
        assert_eq!(at("apple_m2", "llama_cpp", "q4_k_m").kquant, None);
        assert_eq!(at("apple_m1", "mlx", "q4_k_m").kquant, None);
        let cpu = calibrated_at(Some("apple_m1"), Backend::Cpu, "llama_cpp", Some("q4_k_m"));
        assert_eq!(cpu.kquant, None);
    }

    #[test]
    fn the_dgx_spark_is_a_unified_workstation_and_takes_llama_cpp_cuda() {
        let spark = presets::device("nv_dgx_spark");
        assert_eq!(hw_class(spark, Backend::Gpu), HwClass::WorkstationUnified);
        // No GPU group of its class: the llama.cpp CUDA group, with its 128-token matmul tile.
        let c = calibrated(Some("nv_dgx_spark"), Backend::Gpu, "llama_cpp");
        assert_eq!(c.runtime, Some(calibration::Runtime::LlamaCppCuda));
        assert_eq!(calibration::runtime_gemm_tile(c.runtime), 128.0);
        // MLC's rows are all a Jetson's: on another class MLC takes that class's constants, not the
        // Jetson's.
        let mlc = calibrated(Some("nv_dgx_spark"), Backend::Gpu, "mlc_llm");
        assert_eq!(
            (mlc.runtime, mlc.hw),
            (None, Some(HwClass::WorkstationUnified))
        );
        assert_eq!(calibration::runtime_gemm_tile(mlc.runtime), 0.0);
    }
}
