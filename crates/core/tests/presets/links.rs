//! Presets in links: ids name presets, explicit keys override them, unknown ids and keys are issues, and
//! every preset round-trips.

use edgefit_core::codec::{decode, encode, Issue, ValueProblem};
use edgefit_core::presets::{self, complete, ALL_DEVICES, ALL_FRAMEWORKS, ALL_MODELS, ALL_QUANTS};
use edgefit_core::{Backend, Field, Inputs, ModelKind, ALL_FIELDS};

use crate::chosen;

#[test]
fn links_name_presets() {
    let mut i = chosen("device=qcom_sd8g3&llm=qwen2.5-1.5b&quant=q4_0");
    // Qualcomm publishes no NPU TOPS: the NPU class's nominal figure stands in, marked as a unit default.
    assert_eq!(i.mid(Field::PeakInt8Tops), Some(40.0));
    assert!(complete::origins(&i)
        .iter()
        .any(|(f, o)| *f == Field::PeakInt8Tops
            && matches!(
                o,
                complete::Origin::UnitDefault {
                    backend: Backend::Npu,
                    ..
                }
            )));
    i.set_exact(Field::PeakInt8Tops, 12.0); // the user fills the unpublished figure
    let link = encode(&i, &[]);
    assert_eq!(
        link,
        "v=2&device=qcom_sd8g3&llm=qwen2.5-1.5b&quant=q4_0&int8_tops=12"
    );
    let d = decode(&link, &[]);
    assert!(d.is_clean(), "{:?}", d.issues);
    assert_eq!(d.inputs, i);
}

#[test]
fn explicit_keys_override_presets_wherever_they_stand() {
    let d = decode(
        "#v=2&bw_gbps=50&device=apple_m2&model=params&llm=llama-3.2-1b",
        &[],
    );
    assert!(d.is_clean(), "{:?}", d.issues);
    assert_eq!(d.inputs.mid(Field::BandwidthGbps), Some(50.0));
    assert_eq!(d.inputs.mid(Field::PeakInt8Tops), Some(15.8));
    assert_eq!(d.inputs.model_kind, ModelKind::Params);
    assert_eq!(d.inputs.mid(Field::Hidden), Some(2048.0));
    assert_eq!(
        encode(&d.inputs, &[]),
        "v=2&device=apple_m2&llm=llama-3.2-1b&model=params&bw_gbps=50"
    );
}

#[test]
fn an_unknown_preset_id_is_an_issue_for_its_key_alone() {
    let d = decode("v=1&device=nokia_3310&quant=q8_0&tpot_ms=40", &[]);
    assert_eq!(
        d.issues,
        [Issue::BadValue {
            key: "device".into(),
            value: "nokia_3310".into(),
            problem: ValueProblem::UnknownOption
        }]
    );
    assert_eq!(d.inputs.device, None);
    assert_eq!(d.inputs.quant.as_deref(), Some("q8_0"));
    assert_eq!(d.inputs.mid(Field::GroupSize), Some(32.0));
    assert_eq!(d.inputs.mid(Field::TpotMs), Some(40.0));
}

#[test]
fn a_cleared_preset_figure_round_trips() {
    let mut i = chosen("device=hailo10h");
    i.set(Field::PeakInt4Tops, None);
    i.set_exact(Field::EmbedBits, 8.0);
    let link = encode(&i, &[]);
    assert_eq!(link, "v=2&device=hailo10h&embed_bits=8&unset=int4_tops");
    assert_eq!(decode(&link, &[]).inputs, i);
    let mut j = i.clone();
    presets::quant("q4_0").unwrap().apply(&mut j);
    j.set(Field::EmbedBits, None);
    assert_eq!(decode(&encode(&j, &[]), &[]).inputs, j);
}

#[test]
fn every_preset_round_trips_through_a_link() {
    let mut cases = Vec::new();
    for d in ALL_DEVICES {
        for fw in ALL_FRAMEWORKS {
            cases.push(chosen(&format!("device={}&fw={}", d.id, fw.id)));
        }
    }
    for (n, m) in ALL_MODELS.iter().enumerate() {
        let q = &ALL_QUANTS[n % ALL_QUANTS.len()];
        let mut i = chosen(&format!("llm={}&quant={}", m.id, q.id));
        // Edited after the presets.
        i.set_exact(Field::Context, 4096.0);
        cases.push(i);
    }
    for i in cases {
        let link = encode(&i, &[]);
        let d = decode(&link, &[]);
        assert!(d.is_clean(), "{link}: {:?}", d.issues);
        assert_eq!(d.inputs, i, "{link}");
        assert!(link.len() < 200, "presets keep links short: {link}");
    }
}

#[test]
fn any_field_can_be_unset_and_unknown_keys_are_refused() {
    // An optional peak the preset gives, and a required field: both come back unknown (the required one
    // then fails validation with its own error, as the page showed it before the reload).
    let d = decode("v=2&device=hailo10h&unset=int4_tops.bw_gbps.nope", &[]);
    assert_eq!(d.inputs.get(Field::PeakInt4Tops), None);
    assert_eq!(d.inputs.get(Field::BandwidthGbps), None);
    let refused: Vec<_> = d
        .issues
        .iter()
        .filter_map(|i| match i {
            Issue::BadValue { key, value, .. } if key == "unset" => Some(value.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(refused, ["nope"]);
    for f in ALL_FIELDS {
        let d = decode(&format!("unset={}", f.key()), &[]);
        assert!(d.is_clean(), "{f:?}");
        assert_eq!(d.inputs.get(*f), None, "{f:?}");
    }
    // A required field left empty round-trips: the link says so instead of refilling the default.
    let mut i = Inputs::default();
    i.set(Field::PeakInt8Tops, None);
    let link = encode(&i, &[]);
    assert_eq!(link, "v=2&unset=int8_tops");
    assert_eq!(decode(&link, &[]).inputs, i);
}

#[test]
fn the_voice_assistant_starts_from_the_current_device_and_model() {
    use edgefit_core::pipeline::{Pipeline, Role};
    // From the defaults: the built-in voice assistant.
    assert_eq!(
        Pipeline::voice_assistant_on(&Inputs::default()),
        Pipeline::voice_assistant()
    );
    let here = chosen("device=nv_orin_nano_8gb&fw=llama_cpp&llm=llama-3.2-3b&quant=q4_k_m");
    let p = Pipeline::voice_assistant_on(&here);
    let llm = p.stages.iter().find(|s| s.role == Role::Llm).unwrap();
    assert_eq!(llm.inputs, here);
    for s in &p.stages {
        assert_eq!(s.inputs.device.as_deref(), Some("nv_orin_nano_8gb"));
        assert_eq!(
            s.inputs.mid(Field::BandwidthGbps),
            here.mid(Field::BandwidthGbps)
        );
        assert_eq!(s.inputs.backend, here.backend);
    }
}
