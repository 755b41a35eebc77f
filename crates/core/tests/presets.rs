//! The preset library: its data against its own derived figures, and presets through the engine and links.

use std::collections::HashSet;

use edgefit_core::codec::{decode, encode, Issue, ValueProblem};
use edgefit_core::framework::{check, Mismatch, Support};
use edgefit_core::presets::complete;
use edgefit_core::presets::{
    self, catalog, DeviceKind, Gap, ModelFamily, Provenance, TopsPrecision, ALL_DEVICES,
    ALL_MODELS, ALL_QUANTS,
};
use edgefit_core::presets::{self as framework_presets, ALL_FRAMEWORKS, GENERIC};
use edgefit_core::{validate, Backend, Field, Granularity, Inputs, ModelKind, ALL_FIELDS};

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
fn parameter_counts_match_the_derived_counts() {
    let mut worst = (0.0, "");
    for (m, _) in llms() {
        let p = m.params_counted().unwrap();
        let want = m.params.expect("LLM rows carry a derived count");
        assert_eq!(want.provenance, Provenance::Derived);
        let err = (p.total() / want.value - 1.0).abs();
        close(p.total(), want.value, 0.01, m.id);
        if err > worst.0 {
            worst = (err, m.id);
        }
        let non_embedding = p.total() - p.embedding - p.lm_head;
        close(
            non_embedding,
            m.params_non_embedding.unwrap().value,
            0.01,
            m.id,
        );
    }
    // With Gemma's post-norms counted the engine reproduces every count exactly.
    assert!(worst.0 < 1e-12, "worst: {} at {:.2e}", worst.1, worst.0);
}

#[test]
fn parameter_counts_match_the_published_figures() {
    let mut checked = 0;
    for (m, _) in llms() {
        let p = m.params_counted().unwrap();
        if let Some(stated) = m.params_stated {
            close(p.total(), stated, 0.01, m.id);
            rounds_to(p.total(), stated, m.id);
            checked += 1;
        }
        if let Some(stated) = m.params_non_embedding_stated {
            rounds_to(p.total() - p.embedding - p.lm_head, stated, m.id);
            checked += 1;
        }
    }
    // Qwen2.5-0.5B: 0.49B and 0.36B; MiniCPM-2B: 2.4B non-embedding; Qwen3-30B-A3B 30.5B; gpt-oss-20b 21B;
    // the three LFM2 cards' exact counts.
    assert_eq!(checked, 8);
}

/// A vision-language model's card states the whole model: its language model and its vision tower.
#[test]
fn vision_language_totals_match_their_cards() {
    for (id, card) in [("smolvlm2-2.2b", 2.2e9), ("minicpm-v-2.6", 8e9)] {
        let m = presets::model(id).unwrap();
        let t = presets::towers::tower(id).unwrap();
        let total = m.params_counted().unwrap().total() + t.params + t.proj;
        rounds_to(total, card, id);
    }
    // Qwen2.5-VL-3B's tower is the per-module count printed by torchinfo (blocks 19,702,200 × 32, Conv3d
    // 1,505,280, merger 1,280 + 36,707,328).
    let q = presets::towers::tower("qwen2.5-vl-3b").unwrap();
    assert_eq!(
        q.params + q.proj,
        19_702_200.0 * 32.0 + 1_505_280.0 + 1_280.0 + 36_707_328.0
    );
}

#[test]
fn gemma_needs_its_post_norms() {
    let g = presets::model("gemma-3-1b").unwrap().arch.unwrap();
    assert!(g.post_norms && g.qk_norm && g.tied);
    let with = g.architecture().params().total();
    let mut without = g.architecture();
    without.post_norms = false;
    // Two more norm vectors of the hidden width per layer.
    assert_eq!(with - without.params().total(), 2.0 * 1152.0 * 26.0);
}

#[test]
fn kv_bytes_per_token_match() {
    for (m, a) in llms() {
        let arch = a.architecture();
        // Attention layers only: a hybrid's recurrent layers keep no KV cache.
        let attention = arch.layers - f64::from(m.layout().recurrent_layers);
        let kv = 2.0 * attention * arch.kv_width() * 2.0;
        assert_eq!(Some(kv), m.kv_bytes_per_token_fp16, "{}", m.id);
    }
}

#[test]
fn a_model_preset_through_the_engine() {
    for (m, _) in llms() {
        let mut i = Inputs::default();
        assert!(m.apply(&mut i).is_empty(), "{}", m.id);
        assert_eq!(i.model_kind, ModelKind::Architecture);
        let s = validate(&i).unwrap_or_else(|e| panic!("{}: {e:?}", m.id));
        close(
            s.expected.model.total_params(),
            m.params.unwrap().value,
            1e-12,
            m.id,
        );
        if let edgefit_core::model::Model::Llm(llm) = &s.expected.model {
            let per_token = llm.attention.kv_elements_per_token() * s.expected.quant.kv_bytes();
            assert_eq!(Some(per_token), m.kv_bytes_per_token_fp16, "{}", m.id);
        } else {
            panic!("{}: not an LLM", m.id);
        }
    }
}

#[test]
fn one_shot_presets() {
    let r50 = presets::model("resnet-50").unwrap();
    assert_eq!(r50.family, ModelFamily::Vision);
    // torchvision's 4.089 "GFLOPS" are multiply-accumulates: 2 ops each.
    let gop = r50.gop.unwrap();
    assert_eq!((gop.value, gop.provenance), (8.178, Provenance::Derived));
    let mut i = Inputs::default();
    let unknown = r50.apply(&mut i);
    assert_eq!(i.model_kind, ModelKind::OneShot);
    assert_eq!(
        unknown,
        [Field::ActivationMb],
        "activations are not in the sources"
    );
    assert_eq!(i.mid(Field::ParamsB), Some(0.025_557_032));
    assert!(validate(&i).is_ok());

    let whisper = presets::model("whisper-tiny").unwrap();
    assert_eq!(whisper.family, ModelFamily::Speech);
    let g = whisper.gop.unwrap();
    assert!((g.value - (36.94 + 3.54)).abs() < 1e-9 && g.provenance == Provenance::Derived);
    assert_eq!(
        whisper.activation_mb.unwrap().provenance,
        Provenance::Derived
    );
    let mut i = Inputs::default();
    assert!(whisper.apply(&mut i).is_empty());
    assert!(validate(&i).is_ok());

    // MobileNetV3-Small: its operation count was not read.
    let mut i = Inputs::default();
    let unknown = presets::model("mobilenetv3-small").unwrap().apply(&mut i);
    assert!(unknown.contains(&Field::GopPerInference));
    // MiniCPM-1B: only a round non-embedding figure; nothing is invented.
    let mut i = Inputs::default();
    let unknown = presets::model("minicpm-1b").unwrap().apply(&mut i);
    assert!(unknown.contains(&Field::ParamsB) && unknown.contains(&Field::Layers));
    assert_eq!(i.mid(Field::ParamsB), Some(1.5), "the user's value stays");
}

#[track_caller]
fn bpw(id: &str, want: f64) {
    let q = presets::quant(id).unwrap_or_else(|| panic!("no quant {id}"));
    let got = q.bits_per_weight(4096.0);
    assert!(
        (got - want).abs() < 1e-9,
        "{id}: {got} bits per weight, want {want}"
    );
    // The same through the engine.
    let mut i = Inputs::default();
    q.apply(&mut i);
    let s = validate(&i).unwrap();
    assert!(
        (s.expected.quant.effective_bits(4096.0) - want).abs() < 1e-9,
        "{id} in the engine"
    );
}

#[test]
fn quant_presets_match_their_block_structure() {
    // bytes per block × 8 / weights per block, from ggml-common.h.
    bpw("q4_0", 18.0 * 8.0 / 32.0);
    bpw("q4_1", 20.0 * 8.0 / 32.0);
    bpw("q5_0", 22.0 * 8.0 / 32.0);
    bpw("q5_1", 24.0 * 8.0 / 32.0);
    bpw("q8_0", 34.0 * 8.0 / 32.0);
    bpw("q2_k", 84.0 * 8.0 / 256.0);
    bpw("q3_k", 110.0 * 8.0 / 256.0);
    bpw("q4_k", 144.0 * 8.0 / 256.0);
    bpw("q5_k", 176.0 * 8.0 / 256.0);
    bpw("q6_k", 210.0 * 8.0 / 256.0);
    bpw("iq4_xs", 136.0 * 8.0 / 256.0);
    bpw("q4_k_m", 4.85);
    // AWQ/GPTQ: fp16 scale + packed 4-bit zero per 128; symmetric: scale only.
    bpw("awq_g128", 4.0 + 16.0 / 128.0 + 4.0 / 128.0);
    bpw("w4a16_g128", 4.125);
    bpw("mlx_4bit_g64", 4.0 + 32.0 / 64.0);
    bpw("nf4", 4.0 + 32.0 / 64.0);
    bpw("nf4_dq", 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0));
    bpw("fp8_e4m3", 8.0);
    bpw("fp16", 16.0);
    bpw("bf16", 16.0);
    bpw("w8a8", 8.0 + 16.0 / 4096.0);
    bpw("w8a16", 8.0 + 16.0 / 4096.0);
    for q in ALL_QUANTS {
        if let Some(b) = q.bpw {
            assert!(
                (q.bits_per_weight(4096.0) - b.value).abs() < 1e-9,
                "{}",
                q.id
            );
        }
    }
}

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

fn quant_with(group: f64, zero_bits: f64) -> edgefit_core::quant::Quant {
    let mut i = Inputs::default();
    presets::quant("awq_g128").unwrap().apply(&mut i);
    i.set_exact(Field::GroupSize, group);
    i.set_exact(Field::ZeroBits, zero_bits);
    validate(&i).unwrap().expected.quant
}

#[test]
fn framework_checks() {
    let find = |id| framework_presets::framework(id).unwrap_or_else(|| panic!("no framework {id}"));
    // Ryzen AI's A8W8 is symmetric: a zero point is refused.
    let q = quant_with(128.0, 4.0);
    let (s, _) = check(find("ryzen_ai"), Backend::Npu, &q, 1.0);
    let Support::Unsupported { reasons } = s else {
        panic!("{s:?}")
    };
    assert!(reasons.contains(&Mismatch::ZeroPoint { zero_bits: 4.0 }));
    // OpenVINO: symmetric INT4 on the NPU only.
    let (s, _) = check(find("openvino"), Backend::Npu, &q, 1.0);
    let Support::Unsupported { reasons } = s else {
        panic!("{s:?}")
    };
    assert_eq!(reasons, [Mismatch::ZeroPoint { zero_bits: 4.0 }]);
    assert_eq!(
        check(find("openvino"), Backend::Cpu, &q, 1.0).0,
        Support::Supported
    );
    // A group size not offered.
    let q = quant_with(96.0, 0.0);
    let (s, _) = check(find("openvino"), Backend::Cpu, &q, 1.0);
    assert_eq!(
        s,
        Support::Unsupported {
            reasons: vec![Mismatch::GroupSize { group: 96.0 }]
        }
    );
    // llama.cpp has no g128 block type, and no NPU backend yet.
    let q = quant_with(128.0, 0.0);
    let (s, _) = check(find("llama_cpp"), Backend::Npu, &q, 1.0);
    let Support::Unsupported { reasons } = s else {
        panic!("{s:?}")
    };
    assert!(reasons.contains(&Mismatch::Backend {
        backend: Backend::Npu
    }));
    assert!(reasons.contains(&Mismatch::GroupSize { group: 128.0 }));
    // Every GGUF preset runs on llama.cpp's CPU backend; MLX takes its own format on the GPU.
    for id in [
        "q4_0", "q4_1", "q5_0", "q5_1", "q8_0", "q2_k", "q3_k", "q4_k", "q5_k", "q6_k", "iq4_xs",
        "q4_k_m", "fp16",
    ] {
        let mut i = Inputs::default();
        presets::quant(id).unwrap().apply(&mut i);
        let q = validate(&i).unwrap().expected.quant;
        assert_eq!(
            check(find("llama_cpp"), Backend::Cpu, &q, 1.0).0,
            Support::Supported,
            "{id}"
        );
    }
    let mut i = Inputs::default();
    presets::quant("mlx_4bit_g64").unwrap().apply(&mut i);
    let q = validate(&i).unwrap().expected.quant;
    assert_eq!(
        check(find("mlx"), Backend::Gpu, &q, 1.0).0,
        Support::Supported
    );
    assert!(matches!(
        check(find("mlx"), Backend::Npu, &q, 1.0).0,
        Support::Unsupported { .. }
    ));
    // A KV format not offered: MLX quantizes KV in groups of 64 (8.5 bits), not plain 8.
    let mut k = q;
    k.kv_bits = 8.0;
    assert_eq!(
        check(find("mlx"), Backend::Gpu, &k, 1.0).0,
        Support::Unsupported {
            reasons: vec![Mismatch::KvBits { bits: 8.0 }]
        }
    );
    // Granularity: LiteRT exports no group-wise weights.
    assert!(matches!(
        check(find("litert"), Backend::Cpu, &q, 1.0).0,
        Support::Unsupported { ref reasons } if reasons.contains(&Mismatch::Granularity { granularity: Granularity::GroupWise })
    ));
    // The default scenario still validates with every framework selected.
    for fw in ALL_FRAMEWORKS {
        let mut i = Inputs::default();
        i.framework = fw.id.into();
        assert!(validate(&i).is_ok(), "{}", fw.id);
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
fn frameworks_run_on_the_unit_they_use_on_that_device() {
    let backend = |link: &str| chosen(link).backend;
    assert_eq!(backend("device=qcom_sd8g3&fw=llama_cpp"), Backend::Cpu);
    assert_eq!(backend("device=qcom_sd8g3&fw=qnn"), Backend::Npu);
    assert_eq!(backend("device=apple_m4&fw=llama_cpp"), Backend::Gpu);
    assert_eq!(backend("device=apple_m4&fw=mlx"), Backend::Gpu);
    assert_eq!(backend("device=apple_m4&fw=coreml"), Backend::Npu);
    assert_eq!(
        backend("device=nv_orin_nano_8gb&fw=llama_cpp"),
        Backend::Gpu
    );
    assert_eq!(backend("device=nv_orin_nano_8gb&fw=tensorrt"), Backend::Gpu);
    assert_eq!(backend("device=rk3588&fw=rkllm"), Backend::Npu);
    assert_eq!(backend("device=rpi5&fw=llama_cpp"), Backend::Cpu);
    assert_eq!(backend("device=hailo10h&fw=llama_cpp"), Backend::Npu);
    // An explicit backend stays, and the link says so.
    let i = chosen("device=apple_m4&fw=llama_cpp&backend=cpu");
    assert_eq!(i.backend, Backend::Cpu);
    assert_eq!(
        encode(&i, &[]),
        "v=2&device=apple_m4&backend=cpu&fw=llama_cpp"
    );
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

#[test]
fn solver_schemes_agree_with_the_quant_presets_of_the_same_name() {
    let mut shared = 0;
    for s in edgefit_core::solve::ALL_SCHEMES {
        if let Some(q) = presets::quant(s.id) {
            for k in [896.0, 4096.0] {
                assert_eq!(s.bits_per_weight(k), q.bits_per_weight(k), "{}", s.id);
            }
            assert_eq!(s.activation, q.activation, "{}", s.id);
            shared += 1;
        }
    }
    assert_eq!(
        shared, 7,
        "fp16, w8a16, w8a8, q8_0, q4_k_m, q4_0, w4a16_g128"
    );
}

#[test]
fn moe_presets_hold_everything_and_read_the_active_part() {
    // gpt-oss-20b: 21 B held, 3.6 B active (model card, which leaves the input embedding out).
    // Qwen3-30B-A3B: 30.5 B held; its card's "3.3 B activated" counts the 0.31 B input embedding table too,
    // which a token only looks up: 3.04 B are read and multiplied.
    for (id, total, active) in [
        ("qwen3-30b-a3b", 30.5e9, 3.04e9),
        ("gpt-oss-20b", 20.9e9, 3.6e9),
    ] {
        let m = presets::model(id).unwrap();
        let mut i = Inputs::default();
        assert!(m.apply(&mut i).is_empty(), "{id}");
        let s = validate(&i).unwrap_or_else(|e| panic!("{id}: {e:?}"));
        let edgefit_core::model::Model::Llm(llm) = &s.expected.model else {
            panic!("{id}")
        };
        close(llm.params.total(), total, 0.01, id);
        close(llm.matmul_params() + llm.params.vectors, active, 0.01, id);
    }
}

#[test]
fn layouts_reset_when_another_model_is_chosen() {
    let mut i = Inputs::default();
    presets::model("gemma-3-1b").unwrap().apply(&mut i);
    assert_eq!(i.mid(Field::Window), Some(512.0));
    assert_eq!(i.mid(Field::LocalLayers), Some(22.0));
    presets::model("qwen2.5-1.5b").unwrap().apply(&mut i);
    assert_eq!(i.mid(Field::Window), Some(0.0));
    assert_eq!(i.mid(Field::LocalLayers), Some(0.0));
    assert_eq!(i.mid(Field::Experts), Some(0.0));
}

#[test]
fn quality_deltas_name_real_presets_and_order_by_bits() {
    use edgefit_core::presets::quality::{quality, QUALITY};
    for (id, q) in QUALITY {
        assert!(presets::quant(id).is_some(), "{id} is not a quant preset");
        assert!(q.ppl_delta >= 0.0 && !q.source.is_empty());
    }
    // Fewer bits, more perplexity, in llama.cpp's own table.
    let d = |id| quality(id).unwrap().ppl_delta;
    assert!(d("q8_0") < d("q6_k") && d("q6_k") < d("q4_k_m") && d("q4_k_m") < d("q4_0"));
    assert!(
        quality("w4a16_g128").is_none(),
        "no delta invented where none was read"
    );
}

#[test]
fn lfm2_hybrids_count_their_conv_layers_and_keep_a_constant_state() {
    // The model cards state exact counts (Parameters 1,170,340,608 / 742,489,344 / 354,483,968); the engine
    // must reproduce them within 0.01 % (it does exactly), and counting the 10 conv layers as attention
    // blocks would miss by 3.0 % (350M) to 5.4 % (1.2B), far outside that tolerance.
    const TOLERANCE: f64 = 1e-4;
    for (id, card, mixer, state) in [
        ("lfm2-1.2b", 1_170_340_608.0, 16_783_360.0, 16_384.0),
        ("lfm2-700m", 742_489_344.0, 9_441_792.0, 12_288.0),
        ("lfm2-350m", 354_483_968.0, 4_197_376.0, 8_192.0),
    ] {
        let m = presets::model(id).unwrap();
        let a = m.arch.unwrap();
        let counted = m.params_counted().unwrap().total();
        close(counted, card, TOLERANCE, id);
        assert_eq!(counted, card, "{id}: exact");
        // One mixer: in_proj 3H × H + out_proj H × H + a depthwise kernel H × 3.
        let h = f64::from(a.hidden);
        assert_eq!(4.0 * h * h + 3.0 * h, mixer, "{id}");
        // Conv state: (conv_L_cache − 1) × H values in F32.
        assert_eq!(2.0 * h * 4.0, state, "{id}");
        let as_attention = a.architecture().params().total();
        assert!((as_attention / card - 1.0).abs() > 0.025, "{id}");

        let mut i = Inputs::default();
        assert!(m.apply(&mut i).is_empty(), "{id}");
        assert_eq!(i.mid(Field::RecurrentLayers), Some(10.0));
        assert_eq!(i.mid(Field::StateMb), Some(state / 1e6));
        let s = validate(&i).unwrap_or_else(|e| panic!("{id}: {e:?}"));
        let edgefit_core::model::Model::Llm(llm) = &s.expected.model else {
            panic!("{id}")
        };
        assert_eq!(llm.params.total(), card, "{id}");
        assert_eq!(llm.attention.attention_layers(), 6.0);
        assert_eq!(llm.attention.state(), 10.0 * state);
        // KV grows on the 6 attention layers only: 12,288 B per token at FP16; the state does not grow.
        let kv = |c: f64| llm.attention.kv_elements_at(c) * s.expected.quant.kv_bytes();
        assert_eq!(kv(1000.0), 12_288_000.0);
        assert_eq!(kv(2000.0) - kv(1000.0), 12_288_000.0);
    }
    // Choosing a dense model afterwards clears the hybrid layout.
    let mut i = Inputs::default();
    presets::model("lfm2-1.2b").unwrap().apply(&mut i);
    presets::model("qwen2.5-1.5b").unwrap().apply(&mut i);
    assert_eq!(i.mid(Field::RecurrentLayers), Some(0.0));
    assert_eq!(i.mid(Field::RecurrentParams), Some(0.0));
    assert_eq!(i.mid(Field::StateMb), Some(0.0));
}

#[test]
fn kokoro_operations_are_counted_from_its_config() {
    // presets/extra.rs: multiply–accumulates per second of audio of the layers whose work grows with the
    // audio, from config.json (upsample_rates [10, 6], kernels [20, 12], 512 initial channels, resblock
    // kernels [3, 7, 11], n_fft 20, hop 5, hidden 512, style 128) at 40 alignment frames/s.
    let (f, g) = (40.0, 80.0);
    let (s0, s1) = (g * 10.0, g * 60.0);
    assert_eq!(s1 * 5.0, 24_000.0, "the generator's rates give 24 kHz");
    let resblock = |c: f64, k: f64| 6.0 * c * c * k;
    let generator = 512.0 * 256.0 * 20.0 * g
        + 22.0 * 256.0 * 12.0 * s0
        + resblock(256.0, 7.0) * s0
        + resblock(256.0, 3.0 + 7.0 + 11.0) * s0
        + 256.0 * 128.0 * 12.0 * s0
        + 22.0 * 128.0 * s1
        + resblock(128.0, 11.0) * s1
        + resblock(128.0, 3.0 + 7.0 + 11.0) * s1
        + 128.0 * 22.0 * 7.0 * s1;
    assert_eq!(generator, 24_594_022_400.0);
    let adain = |i: f64, o: f64| i * o * 3.0 + o * o * 3.0 + if i == o { 0.0 } else { i * o };
    let decoder = adain(514.0, 1024.0) * f
        + 512.0 * 64.0 * f
        + 3.0 * adain(1090.0, 1024.0) * f
        + 1090.0 * 3.0 * f
        + adain(1090.0, 512.0) * g;
    assert_eq!(decoder, 1_366_228_720.0);
    let prosody = 2.0 * 4.0 * (640.0 + 256.0) * 256.0 * f
        + 2.0
            * (adain(512.0, 512.0) * f
                + 512.0 * 3.0 * f
                + adain(512.0, 256.0) * g
                + adain(256.0, 256.0) * g
                + 256.0 * g);
    assert_eq!(prosody, 377_651_200.0);
    let gop = 2.0 * (generator + decoder + prosody) / 1e9;
    let k = presets::model("kokoro-82m").unwrap();
    let figure = k.gop.unwrap();
    assert_eq!(figure.provenance, Provenance::Derived);
    close(figure.value, gop, 1e-12, "kokoro-82m gop");
    assert_eq!(k.input_size, Some("1s audio"));
    // Applying it leaves only the activations unknown (not published).
    let mut i = Inputs::default();
    assert_eq!(k.apply(&mut i), [Field::ActivationMb]);
    assert_eq!(i.mid(Field::GopPerInference), Some(figure.value));
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
