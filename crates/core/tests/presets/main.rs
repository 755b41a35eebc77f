//! The preset library: its data against its own derived figures, and presets through the engine and links.
//!
//! One test binary, one file per concern: `models` (parameter counts, KV bytes, layouts), `quants` (bits per
//! weight from block structures), `frameworks` (format and operator checks), `devices` (device presets and
//! their completion), `power_modes` (#25's published modes), `links` (presets in the URL).

mod devices;
mod frameworks;
mod links;
mod models;
mod power_modes;
mod quants;

use std::collections::HashSet;

use edgefit_core::codec::decode;
use edgefit_core::presets::{
    self, catalog, ALL_DEVICES, ALL_FRAMEWORKS, ALL_MODELS, ALL_QUANTS, GENERIC,
};
use edgefit_core::{validate, Field, Inputs};

#[track_caller]
fn close(got: f64, want: f64, rel: f64, what: &str) {
    let err = (got / want - 1.0).abs();
    assert!(
        err <= rel,
        "{what}: got {got}, want {want} (error {:.4} %)",
        err * 100.0
    );
}

/// A round published figure ("0.49B", "2.4B") agrees when the count rounds to it at its stated digits.
#[track_caller]
fn rounds_to(count: f64, stated: f64, what: &str) {
    let mut unit = 1e9;
    while (stated / unit).fract().abs() > 1e-9 && unit > 1.0 {
        unit /= 10.0;
    }
    assert!(
        (count - stated).abs() <= unit / 2.0,
        "{what}: {count} does not round to the stated {stated}"
    );
}

fn llms() -> impl Iterator<Item = (&'static presets::ModelPreset, presets::ArchPreset)> {
    ALL_MODELS.iter().filter_map(|m| m.arch.map(|a| (m, a)))
}

#[test]
fn table_sizes_match_the_research_files() {
    // The 28 rows of devices.csv, then the DGX Spark in presets/extra.rs.
    assert_eq!(ALL_DEVICES.len(), 28 + 1);
    // The 34 rows of models.csv, then the two mixtures of experts, the three LFM2 hybrids and the TTS model
    // in presets/extra.rs, then five vision-language models and Gemma 3n in presets/vlm.rs.
    assert_eq!(ALL_MODELS.len(), 34 + 6 + 6);
    assert_eq!(
        ALL_FRAMEWORKS.len(),
        17,
        "GENERIC plus the 16 rows of frameworks.csv"
    );
    assert_eq!(ALL_FRAMEWORKS[0], GENERIC);
    assert_eq!(
        llms().count(),
        24 + 2 + 3 + 6,
        "25 LLM rows, MiniCPM-1B without dimensions, plus the two mixtures of experts, three hybrids, five VLMs and Gemma 3n"
    );
}

#[test]
fn every_preset_has_a_unique_id_and_a_source() {
    let c = catalog();
    let mut ids = HashSet::new();
    let all = c
        .devices
        .iter()
        .map(|p| ("device", p.id, p.sources))
        .chain(c.models.iter().map(|p| ("model", p.id, p.sources)))
        .chain(c.quants.iter().map(|p| ("quant", p.id, p.sources)))
        .chain(
            c.frameworks
                .iter()
                .skip(1)
                .map(|p| ("framework", p.id, p.sources)),
        );
    for (kind, id, sources) in all {
        assert!(ids.insert((kind, id)), "{kind} id {id} twice");
        assert!(!sources.is_empty(), "{kind} {id} has no source");
        assert!(
            sources.iter().all(|s| !s.trim().is_empty()),
            "{kind} {id}: empty source"
        );
        // Ids travel in links unescaped.
        assert!(
            id.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-_.".contains(&b)),
            "{kind} id {id:?} is not link-safe"
        );
    }
}

#[test]
fn applying_any_preset_never_panics() {
    for dev in ALL_DEVICES {
        for m in [None, Some(&ALL_MODELS[0]), Some(&ALL_MODELS[30])] {
            let mut i = Inputs::default();
            let unknown = dev.apply(&mut i);
            if let Some(m) = m {
                m.apply(&mut i);
            }
            let gaps = dev.unknown();
            assert_eq!(unknown, gaps.iter().map(|g| g.0).collect::<Vec<_>>());
            for f in &unknown {
                assert_eq!(
                    i.get(*f),
                    Inputs::default().get(*f),
                    "{}: {f:?} kept",
                    dev.id
                );
            }
            if let Err(e) = validate(&i) {
                // Only a known figure meeting a kept default can clash (X Elite's 15 W sustained against
                // the default 8 W burst, which the preset does not know).
                for err in &e.0 {
                    if let edgefit_core::scenario::InputRef::Field(f) = err.input {
                        assert!(
                            f == Field::SustainedW && unknown.contains(&Field::BurstW),
                            "{}: {err}",
                            dev.id
                        );
                    }
                }
            }
            let _ = edgefit_core::run(&i);
            let _ = edgefit_core::solve(&i);
        }
    }
    for q in ALL_QUANTS {
        let mut i = Inputs::default();
        q.apply(&mut i);
        assert!(validate(&i).is_ok(), "{}", q.id);
    }
}

/// The scenario a link names, read cleanly.
#[track_caller]
fn chosen(link: &str) -> Inputs {
    let d = decode(link, &[]);
    assert!(d.is_clean(), "{link}: {:?}", d.issues);
    d.inputs
}

#[test]
fn the_catalog_serializes_for_the_cli() {
    let j = serde_json::to_value(catalog()).unwrap();
    for (list, n) in [
        ("devices", 28 + 1),
        ("models", 34 + 6 + 6),
        ("quants", ALL_QUANTS.len()),
        ("frameworks", 17),
    ] {
        let a = j[list].as_array().unwrap();
        assert_eq!(a.len(), n, "{list}");
        for p in a {
            assert!(
                p["id"].is_string() && p["name"].is_string() && p["sources"].is_array(),
                "{p}"
            );
        }
    }
    let sd = &j["devices"][3];
    assert_eq!(sd["id"], "qcom_sd8elite");
    assert_eq!(sd["int8_tops"], serde_json::Value::Null);
    assert_eq!(sd["bandwidth_gbps"]["provenance"], "derived");
    assert_eq!(
        sd["gaps"][0],
        serde_json::json!(["peak_int8_tops", "not_published"])
    );
    assert_eq!(
        j["frameworks"][15]["symmetric_on"],
        serde_json::json!(["npu"])
    );
}
