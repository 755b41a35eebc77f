//! Device presets: what they know and leave unknown, their completion on every framework, the DGX Spark's
//! derived rates and the phones' batteries.

use edgefit_core::codec::{decode, encode};
use edgefit_core::presets::complete;
use edgefit_core::presets::{
    self, DeviceKind, Gap, Provenance, TopsPrecision, ALL_DEVICES, ALL_FRAMEWORKS,
};
use edgefit_core::{validate, Backend, Field, Inputs};

use crate::chosen;

#[test]
fn the_seed_device_preset_keeps_the_worked_example() {
    let mut i = Inputs::default();
    let unknown = presets::device("seed_reference_npu8")
        .unwrap()
        .apply(&mut i);
    // The CSV leaves the seed's storage speed and burst power blank: they stay at the defaults.
    assert_eq!(unknown, [Field::StorageReadGbps, Field::BurstW]);
    let mut d = Inputs::default();
    d.device = Some("seed_reference_npu8".into());
    assert_eq!(i, d, "every figure equals the default");
}

#[test]
fn unknown_stays_unknown() {
    let sd = presets::device("qcom_sd8elite").unwrap();
    assert!(sd.int8_tops.is_none());
    assert_eq!(sd.unknown()[0], (Field::PeakInt8Tops, Gap::NotPublished));
    let bw = sd.bandwidth_gbps.unwrap();
    assert_eq!((bw.value, bw.provenance), (84.8, Provenance::Derived));
    // A 64-bit bus is an assumption, and says so.
    let g3 = presets::device("qcom_sd8g3")
        .unwrap()
        .bandwidth_gbps
        .unwrap();
    assert_eq!((g3.value, g3.provenance), (76.8, Provenance::Assumed));
    // NVIDIA quotes sparse INT8; the engine gets dense.
    let nano = presets::device("nv_orin_nano_8gb").unwrap();
    assert_eq!(nano.tops_quoted, Some(40.0));
    assert_eq!(nano.int8_tops.map(|x| x.value), Some(20.0));
    assert_eq!(nano.accelerator, Backend::Gpu);
    let pi = presets::device("rpi5").unwrap();
    assert_eq!(pi.unknown()[0], (Field::PeakInt8Tops, Gap::NoAccelerator));
    // A previous device's optional figure does not linger.
    let mut i = Inputs::default();
    presets::device("hailo10h").unwrap().apply(&mut i);
    assert_eq!(i.mid(Field::PeakInt4Tops), Some(40.0));
    presets::device("apple_m4").unwrap().apply(&mut i);
    assert_eq!(i.get(Field::PeakInt4Tops), None);
    // No figure is ever zero: unknown is None.
    for d in ALL_DEVICES {
        for (f, x) in d.values() {
            assert!(x.value > 0.0, "{} {f:?}", d.id);
        }
    }
}

#[test]
fn every_device_preset_opens_valid_alone_and_with_each_framework_it_runs() {
    for d in ALL_DEVICES {
        let mut links = vec![format!("device={}", d.id)];
        for fw in ALL_FRAMEWORKS {
            links.push(format!("device={}&fw={}", d.id, fw.id));
        }
        for link in links {
            let i = chosen(&link);
            let s = validate(&i).unwrap_or_else(|e| panic!("{link}: {e:?}"));
            // A device preset gives a band on its speeds (the seed example's own device excepted).
            if d.kind != presets::DeviceKind::Reference {
                let b = i.get(Field::BandDecode).unwrap();
                assert!(b.lo < 1.0 && b.hi > 1.0, "{link}: {b:?}");
            }
            // Sustained power never above burst; reserved memory below total.
            let dev = &s.expected.device;
            assert!(dev.sustained.0 <= dev.burst.0, "{link}");
            assert!(dev.reserved.0 < dev.memory.0, "{link}");
            // Every completed field says where it came from.
            let o = complete::origins(&i);
            for f in [
                Field::StorageFreeGb,
                Field::BandwidthUtil,
                Field::ReservedGb,
            ] {
                assert!(o.iter().any(|(g, _)| *g == f), "{link}: {f:?}");
            }
        }
    }
}

#[test]
fn a_device_preset_sets_the_image_encoders_fitted_efficiency_and_says_where_it_came_from() {
    use edgefit_core::calibration::{VISION, VISION_PRIOR};
    // One value for every device: fitted on the published encoder times where it beat the prior out of
    // sample (`calibration::VISION`), else the prior; the seed's own device keeps the example's prior.
    let want = if VISION.kept {
        VISION.ratio
    } else {
        VISION_PRIOR
    };
    for link in [
        "device=nv_orin_nano_8gb&fw=tensorrt",
        "device=rk3588&fw=rkllm",
        "device=apple_m4",
    ] {
        let i = chosen(link);
        assert_eq!(i.mid(Field::VitEff), Some(want), "{link}");
        let o = complete::origins(&i);
        let origin = o.iter().find(|(f, _)| *f == Field::VitEff).map(|x| x.1);
        let expected = if VISION.kept {
            complete::Origin::FittedAll {
                rows: VISION.rows,
                sources: VISION.sources,
            }
        } else {
            complete::Origin::Prior { backend: i.backend }
        };
        assert_eq!(origin, Some(expected), "{link}");
    }
    // A scenario without a device preset keeps the field's default, the prior (1: the encoder as efficient
    // as the prompt), and a link that sets it keeps it through a device choice's completion of the rest.
    assert_eq!(Inputs::default().mid(Field::VitEff), Some(VISION_PRIOR));
    assert!(VISION.band.0 <= VISION.fitted && VISION.fitted <= VISION.band.1);
}

#[test]
fn a_device_preset_is_the_same_however_it_was_reached() {
    // Picked fresh, or after another device and edits to its fields: the link is the choices alone.
    let fresh = chosen("device=apple_m1&fw=llama_cpp");
    let mut after = chosen("device=qcom_x_elite&fw=llama_cpp&storage_gb=7&sustained_w=20");
    after.device = Some("apple_m1".into());
    complete::complete(&mut after, None);
    assert_eq!(after, fresh);
    assert_eq!(encode(&fresh, &[]), "v=2&device=apple_m1&fw=llama_cpp");
}

#[test]
fn every_device_preset_is_the_same_after_any_other() {
    for a in ALL_DEVICES {
        let fresh = chosen(&format!("device={}&fw=llama_cpp", a.id));
        for b in ALL_DEVICES {
            let mut i = chosen(&format!("device={}&fw=llama_cpp", b.id));
            i.set_exact(Field::MemoryGb, 512.0);
            i.set_exact(Field::SustainedW, 300.0);
            i.set_exact(Field::BatteryWh, 15.0);
            i.set_exact(Field::GraphLimitGb, 1.0);
            i.set_exact(Field::AmbientC, 40.0);
            i.device = Some(a.id.into());
            complete::complete(&mut i, None);
            assert_eq!(i, fresh, "{} after {}", a.id, b.id);
        }
    }
}

#[test]
fn a_laptop_or_module_is_not_judged_by_the_phone_example() {
    // Apple M4 with Qwen3-30B-A3B at Q4_K_M under llama.cpp: the 16 GB base machine holds the 18 GB file
    // neither in memory nor is it refused for storage by a phone's 4 GB; the Orin Nano holds an 8B model.
    let m4 = chosen("device=apple_m4&fw=llama_cpp&llm=qwen3-30b-a3b&quant=q4_k_m");
    let s = validate(&m4).unwrap();
    let r = edgefit_core::analyze(&s.expected);
    assert_ne!(r.storage.verdict, edgefit_core::Verdict::Fail);
    let orin = chosen("device=nv_orin_nano_8gb&fw=llama_cpp&llm=llama-3.1-8b&quant=q4_k_m");
    let r = edgefit_core::analyze(&validate(&orin).unwrap().expected);
    assert_ne!(r.storage.verdict, edgefit_core::Verdict::Fail);
    assert_ne!(r.memory.verdict, edgefit_core::Verdict::Fail);
    // …and its decode speed is in the range published for llama.cpp on an Orin Nano (68 GB/s: the
    // weights alone bound it at ≈ 14 tok/s).
    let tps = r.speed.decode_tps.unwrap();
    assert!((6.0..14.0).contains(&tps), "{tps}");
}

#[test]
fn the_dgx_spark_preset_derives_its_dense_rates_from_the_sparse_fp4_figure() {
    let spark = presets::device("nv_dgx_spark").unwrap();
    assert_eq!(spark.name, "NVIDIA DGX Spark (GB10)");
    assert_eq!((spark.vendor, spark.year), ("NVIDIA", Some(2025)));
    assert_eq!(spark.kind, DeviceKind::Desktop);
    assert_eq!(spark.accelerator, Backend::Gpu);
    // "1 PFLOP FP4 AI performance (with sparsity)": dense FP4 is half, dense INT8 half of that, FP16 (FP16
    // accumulate) half of INT8. All derived, none read.
    assert_eq!(spark.tops_quoted, Some(1000.0));
    assert_eq!(spark.tops_precision, Some(TopsPrecision::Fp4Sparse));
    let fig = |f: Field| spark.figure(f).map(|x| (x.value, x.provenance));
    assert_eq!(fig(Field::PeakInt4Tops), Some((500.0, Provenance::Derived)));
    assert_eq!(fig(Field::PeakInt8Tops), Some((250.0, Provenance::Derived)));
    assert_eq!(fig(Field::PeakFp16Tops), Some((125.0, Provenance::Derived)));
    assert_eq!(fig(Field::BandwidthGbps), Some((273.0, Provenance::Read)));
    assert_eq!(fig(Field::MemoryGb), Some((128.0, Provenance::Read)));
    assert_eq!(fig(Field::SustainedW), Some((140.0, Provenance::Read)));
    assert_eq!(fig(Field::BurstW), Some((240.0, Provenance::Read)));
    // No published sequential read or junction limit: unknown, not zero, and asked for.
    assert!(spark.storage_read_gbps.is_none() && spark.tj_max_c.is_none());
    for (f, gap) in spark.unknown() {
        assert!(
            matches!(f, Field::StorageReadGbps | Field::TjMaxC),
            "{f:?} unknown"
        );
        assert_eq!(gap, Gap::NotFound);
    }
    // Every figure carries a public source: URLs, or a repository path.
    assert!(spark.sources.len() >= 3);
    for s in spark.sources {
        assert!(
            s.starts_with("https://") || s.starts_with("ggml-org/llama.cpp "),
            "{s}"
        );
    }
    // Through the engine and a link.
    let mut i = Inputs::default();
    spark.apply(&mut i);
    assert_eq!(i.backend, Backend::Gpu);
    assert!(validate(&i).is_ok());
    let link = encode(&i, &[]);
    assert!(link.contains("device=nv_dgx_spark"), "{link}");
    let d = decode(&link, &[]);
    assert!(d.is_clean(), "{:?}", d.issues);
    assert_eq!(d.inputs, i);
    // The research table comes first, unchanged; the hand-written device follows.
    assert_eq!(ALL_DEVICES.last().map(|d| d.id), Some("nv_dgx_spark"));
    assert_eq!(ALL_DEVICES[0].id, "seed_reference_npu8");
}

/// #25: a phone SoC preset carries its representative phone's battery (mAh × 3.85 V), each with its page;
/// Apple publishes no capacity, so its SoCs stay without one, and so do the other kinds of device.
#[test]
fn phone_presets_carry_a_sourced_battery() {
    use edgefit_core::presets::power::{battery, BATTERIES, NOMINAL_CELL_V};
    let wh = |id: &str| chosen(&format!("device={id}")).mid(Field::BatteryWh);
    assert_eq!(wh("google_tensor_g3"), Some(17.61375));
    assert_eq!(wh("samsung_exynos2400"), Some(15.4));
    assert_eq!(wh("apple_a17pro"), None);
    assert_eq!(wh("nv_orin_nano_8gb"), None);
    assert!((NOMINAL_CELL_V - 3.85).abs() < 1e-12);
    for b in BATTERIES {
        let p = edgefit_core::presets::device(b.device).expect(b.device);
        assert_eq!(
            p.kind,
            edgefit_core::presets::DeviceKind::Phone,
            "{}",
            b.device
        );
        assert!(b.source.starts_with("https://"), "{}", b.device);
        assert_eq!(battery(b.device).map(|x| x.wh()), wh(b.device));
    }
    // The battery is the preset's, and a fresh choice of another device forgets it.
    let mut i = chosen("device=google_tensor_g3");
    i.device = Some("apple_a17pro".into());
    complete::complete(&mut i, None);
    assert_eq!(i.mid(Field::BatteryWh), None);
}

/// One derivation from a preset's kind to the calibration class of each unit it has.
#[test]
fn a_device_kind_gives_each_unit_its_calibration_class() {
    use edgefit_core::calibration::HwClass;
    let class = |id: &str, b| complete::hw_class(presets::device(id).unwrap(), b);
    assert_eq!(class("qcom_sd8elite", Backend::Npu), HwClass::Phone);
    assert_eq!(class("apple_a18pro", Backend::Gpu), HwClass::Phone);
    assert_eq!(class("apple_m4", Backend::Cpu), HwClass::AppleMSeries);
    assert_eq!(class("apple_m4", Backend::Gpu), HwClass::AppleMSeries);
    assert_eq!(class("intel_lunar_lake", Backend::Gpu), HwClass::PcIgpuApu);
    assert_eq!(class("intel_lunar_lake", Backend::Cpu), HwClass::PcCpu);
    assert_eq!(class("intel_lunar_lake", Backend::Npu), HwClass::Other);
    assert_eq!(class("nv_orin_nano_8gb", Backend::Gpu), HwClass::Jetson);
    assert_eq!(class("hailo8", Backend::Npu), HwClass::Other);
    assert_eq!(class("rpi5", Backend::Cpu), HwClass::Sbc);
    assert_eq!(
        class("nv_dgx_spark", Backend::Gpu),
        HwClass::WorkstationUnified
    );
    assert_eq!(class("seed_reference_npu8", Backend::Npu), HwClass::Other);
    // Every kind's class is one the calibration table knows.
    for p in ALL_DEVICES {
        for b in edgefit_core::input::ALL_BACKENDS {
            let c = p.kind.hw_class(p.vendor, *b);
            assert!(edgefit_core::calibration::ALL_HW_CLASSES.contains(&c));
            assert_eq!(c, complete::hw_class(p, *b), "{}", p.id);
        }
    }
    assert_eq!(
        DeviceKind::Laptop.hw_class("Apple", Backend::Npu),
        HwClass::AppleMSeries
    );
}
