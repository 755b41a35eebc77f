//! #25 power modes: a mode's clocks, bandwidth and budget, its link key, and its figures without float noise.

use edgefit_core::codec::{decode, encode, Issue, ValueProblem};
use edgefit_core::presets::{self, complete};
use edgefit_core::{validate, Field};

use crate::{chosen, close};

/// #25 power modes: a mode sets the budget (burst 1.25 ×, the draw shares from it), the bandwidth of its
/// EMC cap, the unit's peak by its clocks and a Jetson's per-layer cost by its GPU clock, each marked as the
/// mode's; without a mode every figure is the preset's own.
#[test]
fn a_power_mode_changes_clocks_bandwidth_and_budget() {
    let base = chosen("v=2&device=nv_orin_nano_8gb&fw=mlc_llm");
    let m = chosen("v=2&device=nv_orin_nano_8gb&fw=mlc_llm&power_mode=7w");
    assert_eq!(m.power_mode.as_deref(), Some("7w"));
    assert_eq!(m.mid(Field::SustainedW), Some(7.0));
    assert_eq!(m.mid(Field::BurstW), Some(8.75));
    assert_eq!(m.mid(Field::AccelW), Some(3.5));
    close(m.mid(Field::BandwidthGbps).unwrap(), 68.256, 1e-12, "bw");
    close(m.mid(Field::PeakInt8Tops).unwrap(), 6.528, 1e-12, "int8");
    close(
        m.mid(Field::CpuTops).unwrap() / base.mid(Field::CpuTops).unwrap(),
        4.0 * 960.0 / (6.0 * 1500.0),
        1e-12,
        "cpu",
    );
    // MLC on a Jetson: the per-layer cost is stated at 625 MHz; the preset's own clock is 625 MHz.
    close(
        m.mid(Field::LayerMs).unwrap() / base.mid(Field::LayerMs).unwrap(),
        625.0 / 408.0,
        1e-12,
        "layer_ms",
    );
    let o = complete::origins(&m);
    for f in [
        Field::SustainedW,
        Field::BurstW,
        Field::BandwidthGbps,
        Field::PeakInt8Tops,
        Field::CpuTops,
        Field::LayerMs,
    ] {
        assert!(
            o.iter()
                .any(|(g, x)| *g == f && *x == complete::Origin::PowerMode { mode: "7w" }),
            "{f:?}: {o:?}"
        );
    }
    // A mode without a budget (MAXN) keeps the preset's power figures.
    let maxn = chosen("v=2&device=nv_agx_orin_64gb&power_mode=maxn");
    let agx = chosen("v=2&device=nv_agx_orin_64gb");
    assert_eq!(maxn.mid(Field::SustainedW), agx.mid(Field::SustainedW));
    assert_eq!(maxn.mid(Field::PeakInt8Tops), agx.mid(Field::PeakInt8Tops));
    // On the CPU the CPU's clocks scale the peak.
    let cpu = chosen("v=2&device=nv_agx_orin_64gb&fw=llama_cpp&backend=cpu&power_mode=15w");
    let cpu0 = chosen("v=2&device=nv_agx_orin_64gb&fw=llama_cpp&backend=cpu");
    close(
        cpu.mid(Field::PeakInt8Tops).unwrap() / cpu0.mid(Field::PeakInt8Tops).unwrap(),
        4.0 * 1113.6 / (12.0 * 2200.0),
        1e-12,
        "cpu peak",
    );
}

#[test]
fn a_power_mode_round_trips_and_a_new_device_drops_it() {
    for p in presets::power_modes::POWER_MODES {
        let link = format!("v=2&device={}&power_mode={}", p.device, p.id);
        let i = chosen(&link);
        assert_eq!(encode(&i, &[]), link);
        assert!(validate(&i).is_ok(), "{link}");
    }
    // The mode is the device's: choosing another device drops it.
    let mut i = chosen("v=2&device=nv_orin_nano_8gb&power_mode=25w");
    presets::device("apple_m4").unwrap().apply(&mut i);
    assert_eq!(i.power_mode, None);
}

#[test]
fn an_unknown_power_mode_names_the_key_and_the_valid_ids_and_falls_back_alone() {
    let d = decode("v=2&device=nv_orin_nano_8gb&power_mode=60w&tpot_ms=40", &[]);
    assert_eq!(
        d.issues,
        [Issue::BadValue {
            key: "power_mode".into(),
            value: "60w".into(),
            problem: ValueProblem::NotAPowerMode {
                valid: vec!["7w", "15w", "25w", "maxn_super"]
            }
        }]
    );
    assert_eq!(d.inputs.power_mode, None);
    assert_eq!(d.inputs.mid(Field::TpotMs), Some(40.0));
    assert_eq!(d.inputs, {
        let mut x = chosen("v=2&device=nv_orin_nano_8gb&tpot_ms=40");
        x.power_mode = None;
        x
    });
    // A device without modes: nothing is valid.
    let d = decode("v=2&device=apple_m4&power_mode=15w", &[]);
    assert_eq!(
        d.issues[0],
        Issue::BadValue {
            key: "power_mode".into(),
            value: "15w".into(),
            problem: ValueProblem::NotAPowerMode { valid: vec![] }
        }
    );
}

#[test]
fn a_power_mode_peak_reads_as_its_product_without_float_noise() {
    // 20 TOPS × 408/625 × 2/4 = 6.528, not 6.5280000000000005: the form shows it and the link stays short.
    let m = chosen("v=2&device=nv_orin_nano_8gb&fw=llama_cpp&power_mode=7w");
    assert_eq!(m.mid(Field::PeakInt8Tops), Some(6.528));
    // Its 7 W budget's shares too: 0.4 × 7 = 2.8, 0.05 × 7 = 0.35.
    assert_eq!(m.get(Field::AccelW).map(|v| v.lo), Some(2.8));
    assert_eq!(m.mid(Field::IdleW), Some(0.35));
}
