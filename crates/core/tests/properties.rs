//! Invariants that must hold for every scenario, and inputs that must never panic.

use edgefit_core::input::{Kind, ALL_ACTIVATIONS, ALL_GRANULARITIES, ALL_MODEL_KINDS};
use edgefit_core::{analyze, codec, run, validate, Field, Inputs, Value, ALL_FIELDS};
use proptest::prelude::*;

/// A valid scenario around the seed's: each knob moved within a realistic range.
fn scenario() -> impl Strategy<Value = Inputs> {
    (
        (
            1.0f64..200.0,
            0.05f64..1.0,
            2.0f64..64.0,
            5.0f64..400.0,
            0.2f64..1.0,
        ),
        (0.1f64..40.0, 1u32..80, 1u32..8, 64u32..4096, 2.0f64..16.0),
        (
            16u32..32768,
            1u32..512,
            5.0f64..500.0,
            50.0f64..5000.0,
            1u32..4,
        ),
    )
        .prop_map(
            |(
                (tops, eta_c, mem, bw, eta_bw),
                (params, layers, kvh, ctx, bits),
                (prompt, batch, tpot, ttft, gi),
            )| {
                let mut i = Inputs::default()
                    .with(Field::PeakInt8Tops, tops)
                    .with(Field::BandwidthGbps, bw)
                    .with(Field::BandwidthUtil, eta_bw)
                    .with(Field::MemoryGb, mem)
                    .with(Field::ReservedGb, mem * 0.4)
                    .with(Field::ParamsB, params)
                    .with(Field::Layers, f64::from(layers))
                    .with(Field::KvHeads, f64::from(kvh))
                    .with(Field::Context, f64::from(ctx))
                    .with(Field::Prompt, f64::from(prompt.min(ctx)))
                    .with(Field::WeightBits, bits)
                    .with(Field::Batch, f64::from(batch))
                    .with(Field::TpotMs, tpot)
                    .with(Field::TtftMs, ttft);
                i.set_exact(Field::ComputeUtil, eta_c);
                i.granularity = ALL_GRANULARITIES[gi as usize % ALL_GRANULARITIES.len()];
                // keep the K/V projections inside the parameter count
                let kv = 2.0 * f64::from(layers) * 2048.0 * f64::from(kvh) * 128.0 / 1e9;
                if kv >= params {
                    i.set_exact(Field::ParamsB, kv * 1.5);
                }
                i
            },
        )
}

fn report(i: &Inputs) -> edgefit_core::Report {
    analyze(&validate(i).expect("valid").expected)
}

/// `i` survives a trip through its link: no issue, the same inputs, the same link again.
fn round_trips(i: &Inputs) -> Result<(), TestCaseError> {
    let hash = codec::encode(i, &[]);
    let back = codec::decode(&hash, &[]);
    prop_assert!(back.issues.is_empty(), "{}: {:?}", hash, back.issues);
    prop_assert_eq!(&back.inputs, i);
    prop_assert_eq!(codec::encode(&back.inputs, &[]), hash);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn more_bandwidth_never_slows_decode(i in scenario(), k in 1.0f64..4.0) {
        let bw = i.mid(Field::BandwidthGbps).unwrap();
        let slow = report(&i);
        let fast = report(&i.clone().with(Field::BandwidthGbps, bw * k));
        prop_assert!(fast.tpot.full.0 <= slow.tpot.full.0 * (1.0 + 1e-12));
        prop_assert!(fast.tpot.empty.0 <= slow.tpot.empty.0 * (1.0 + 1e-12));
    }

    #[test]
    fn more_weight_bits_never_shrink_the_file(i in scenario(), extra in 0.0f64..8.0) {
        let b = i.mid(Field::WeightBits).unwrap();
        let small = report(&i);
        let big = report(&i.clone().with(Field::WeightBits, (b + extra).min(32.0)));
        prop_assert!(big.storage.file.0 >= small.storage.file.0);
        prop_assert!(big.memory.weights.total().0 >= small.memory.weights.total().0);
    }

    #[test]
    fn longer_context_never_shortens_tpot(i in scenario(), k in 1.0f64..8.0) {
        let c = i.mid(Field::Context).unwrap();
        let short = report(&i);
        let long = report(&i.clone().with(Field::Context, (c * k).round()));
        prop_assert!(long.tpot.full.0 >= short.tpot.full.0);
        prop_assert!(long.memory.total.0 >= short.memory.total.0);
    }

    #[test]
    fn a_bigger_model_never_raises_headroom(i in scenario(), k in 1.0f64..4.0) {
        let n = i.mid(Field::ParamsB).unwrap();
        let small = report(&i);
        let big = report(&i.clone().with(Field::ParamsB, n * k));
        for c in [
            edgefit_core::Constraint::Memory,
            edgefit_core::Constraint::Bandwidth,
            edgefit_core::Constraint::Tpot,
            edgefit_core::Constraint::Ttft,
            edgefit_core::Constraint::Compute,
            edgefit_core::Constraint::Storage,
        ] {
            let (hs, hb) = (small.headroom(c).unwrap(), big.headroom(c).unwrap());
            prop_assert!(hb <= hs + 1e-12, "{:?}: {} -> {}", c, hs, hb);
        }
    }

    #[test]
    fn a_tiled_matmul_reads_the_weights_per_tile_and_adds_the_reads(
        i in scenario(), tile in 1u32..1024, chunk in 1u32..4096,
    ) {
        let i = i.with(Field::Chunk, f64::from(chunk));
        let flat = report(&i).ttft;
        let tiled = report(&i.clone().with(Field::GemmTile, f64::from(tile))).ttft;
        // Never faster; the reads add to the arithmetic instead of hiding behind it.
        prop_assert!(tiled.ttft.0 >= flat.ttft.0 * (1.0 - 1e-12));
        prop_assert!(tiled.memory_time.0 >= flat.memory_time.0 * (1.0 - 1e-12));
        let sum = tiled.compute_time.0 + tiled.memory_time.0;
        prop_assert!((tiled.ttft.0 - sum).abs() <= sum * 1e-12);
        // A tile at least as wide as a chunk of every sequence reads the weights once per chunk, as without.
        if f64::from(tile) >= f64::from(chunk) * i.mid(Field::Batch).unwrap() {
            prop_assert!((tiled.memory_time.0 - flat.memory_time.0).abs() <= flat.memory_time.0 * 1e-12);
        }
    }

    #[test]
    fn a_sliding_window_never_grows_the_kv_cache(i in scenario(), w in 1u32..8192, local in 0u32..80) {
        let full = report(&i);
        let layers = i.mid(Field::Layers).unwrap();
        let windowed = report(
            &i.clone().with(Field::Window, f64::from(w)).with(Field::LocalLayers, f64::from(local).min(layers)),
        );
        prop_assert!(windowed.memory.kv.0 <= full.memory.kv.0 * (1.0 + 1e-12));
        prop_assert!(windowed.tpot.full.0 <= full.tpot.full.0 * (1.0 + 1e-12));
    }

    #[test]
    fn experts_are_held_but_only_the_active_ones_are_read(i in scenario(), e in 2u32..256, k in 1u32..16) {
        let k = k.min(e);
        let m = i.clone().with(Field::Experts, f64::from(e)).with(Field::ExpertsActive, f64::from(k));
        let mut arch = m.clone();
        arch.model_kind = edgefit_core::ModelKind::Architecture;
        let r = report(&arch);
        prop_assert!(r.memory.weights.total().0 >= r.bandwidth.weights_read.0);
        if let Some(dense) = r.tpot.dense_bound {
            prop_assert!(r.tpot.full.0 <= dense.0 * (1.0 + 1e-12));
        }
    }

    #[test]
    fn tpot_full_is_never_below_tpot_empty(i in scenario()) {
        let r = report(&i);
        prop_assert!(r.tpot.full.0 >= r.tpot.empty.0);
    }

    #[test]
    fn solve_finds_a_model_that_meets_the_size_dependent_targets(i in scenario()) {
        let s = edgefit_core::solve(&i).unwrap();
        for row in &s.schemes {
            prop_assert!(row.max_params.is_finite() && row.max_params >= 0.0);
        }
    }

    #[test]
    fn encode_then_decode_is_identity(i in scenario(), lo in 0.05f64..0.5, span in 0.0f64..0.5, kind in 0usize..3, act in 0usize..3) {
        let mut i = i;
        i.set(Field::ComputeUtil, Some(Value::range(lo, lo + span)));
        i.model_kind = ALL_MODEL_KINDS[kind];
        i.activation = ALL_ACTIVATIONS[act];
        let hash = codec::encode(&i, &[("lang", "zh")]);
        let d = codec::decode(&hash, &["lang"]);
        prop_assert!(d.issues.is_empty(), "{}: {:?}", hash, d.issues);
        prop_assert_eq!(&d.inputs, &i);
        prop_assert_eq!(d.extras, vec![("lang".to_string(), "zh".to_string())]);
        prop_assert_eq!(codec::encode(&d.inputs, &[("lang", "zh")]), hash);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any value in any field, finite or not: validation answers and the engine never panics.
    #[test]
    fn arbitrary_values_never_panic(
        vals in proptest::collection::vec((0usize..256, prop_oneof![
            any::<f64>(),
            Just(f64::NAN), Just(f64::INFINITY), Just(-0.0), Just(0.0), Just(1e308), Just(-1.0),
            0.0f64..10.0,
        ]), 0..12),
        kind in 0usize..3,
    ) {
        let mut i = Inputs::default();
        i.model_kind = ALL_MODEL_KINDS[kind];
        for (fi, x) in vals {
            let f = ALL_FIELDS[fi % ALL_FIELDS.len()];
            i.set_exact(f, x);
        }
        if let Ok((s, e)) = run(&i) {
            let j = edgefit_core::json::report(&i, &s, &e);
            prop_assert!(serde_json::to_string(&j).is_ok());
            let _ = edgefit_core::solve(&i);
        }
    }

    /// Any string as a link: decoding answers with issues, never a panic.
    #[test]
    fn arbitrary_links_never_panic(s in "\\PC{0,300}") {
        let d = codec::decode(&s, &["lang", "embed"]);
        let _ = run(&d.inputs);
    }

    /// Links built from real keys with arbitrary values: each bad key falls back alone.
    #[test]
    fn bad_keys_fall_back_alone(fi in 0usize..256, junk in "[a-z~%0-9.+-]{0,12}") {
        let f = ALL_FIELDS[fi % ALL_FIELDS.len()];
        prop_assume!(f != Field::BandwidthGbps);
        let link = format!("v=1&bw_gbps=50&{}={}", f.key(), junk);
        let d = codec::decode(&link, &[]);
        prop_assert_eq!(d.inputs.mid(Field::BandwidthGbps), Some(50.0));
        let accepted = d.issues.is_empty();
        if !accepted {
            prop_assert_eq!(d.inputs.get(f), Inputs::default().get(f));
        } else {
            let v = d.inputs.get(f).unwrap();
            prop_assert!(f.spec().check(&v).is_ok());
            prop_assert!(!v.is_range() || f.spec().kind == Kind::Real);
        }
    }
}

/// The model presets a draft can be (an LLM with an architecture).
fn draft_ids() -> Vec<&'static str> {
    edgefit_core::presets::ALL_MODELS
        .iter()
        .filter(|p| codec::is_draft(p.id))
        .map(|p| p.id)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// #25's link keys round-trip: streams, a draft with its acceptance (a range too) and length.
    #[test]
    fn decision_keys_round_trip(
        i in scenario(),
        streams in 1u32..512,
        accept in 0.0f64..1.0,
        span in 0.0f64..0.2,
        len in 1u32..64,
        d in 0usize..64,
    ) {
        let mut i = i;
        i.set_exact(Field::Streams, f64::from(streams));
        i.set(Field::Accept, Some(Value::range(accept * 0.8, accept * 0.8 + span)));
        i.set_exact(Field::DraftLen, f64::from(len));
        let ids = draft_ids();
        i.draft = (d < ids.len()).then(|| ids[d].to_string());
        round_trips(&i)?;
        // The engine takes them without panicking; more streams never shorten TPOT.
        if let Ok(s) = validate(&i) {
            let r = analyze(&s.expected);
            let one = analyze(&validate(&i.clone().with(Field::Streams, 1.0)).unwrap().expected);
            prop_assert!(r.tpot.full.0 >= one.tpot.full.0 * (1.0 - 1e-12));
            if let Some(sp) = &r.speculative {
                prop_assert!(sp.tokens_per_step >= 1.0 && sp.tokens_per_step <= sp.draft_len + 1.0 + 1e-9);
            }
        }
    }
}

#[test]
fn a_draft_that_is_not_a_language_model_is_refused_alone() {
    let d = codec::decode("v=2&draft=resnet-50&tpot_ms=40", &[]);
    assert_eq!(d.inputs.draft, None);
    assert_eq!(d.inputs.mid(Field::TpotMs), Some(40.0));
    assert_eq!(d.issues.len(), 1, "{:?}", d.issues);
    assert_eq!(d.issues[0].key(), Some("draft"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// #25's `power_mode` round-trips with a device's completion and any edit on top, and the engine takes it.
    #[test]
    fn power_modes_round_trip(
        k in 0usize..64,
        tpot in 5.0f64..400.0,
        bw in prop::option::of(10.0f64..300.0),
        fw in 0usize..3,
    ) {
        let modes = edgefit_core::presets::power_modes::POWER_MODES;
        let m = &modes[k % modes.len()];
        let fw = ["mlc_llm", "llama_cpp", "tensorrt"][fw];
        let mut i = codec::decode(&format!("v=2&device={}&fw={fw}&power_mode={}", m.device, m.id), &[]).inputs;
        prop_assert_eq!(i.power_mode.as_deref(), Some(m.id));
        i.set_exact(Field::TpotMs, tpot);
        if let Some(bw) = bw {
            i.set_exact(Field::BandwidthGbps, bw);
        }
        round_trips(&i)?;
        prop_assert!(validate(&i).is_ok());
    }
}

/// The vision-language model presets (those with an image encoder).
fn vlm_ids() -> Vec<&'static str> {
    edgefit_core::presets::towers::TOWERS
        .iter()
        .map(|(id, _)| *id)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// #24's link keys round-trip: images, their size, the tower's shape and its rule; and images only ever
    /// add to TTFT, memory and the file (an image is never free).
    #[test]
    fn vision_keys_round_trip_and_images_cost(
        i in scenario(),
        m in 0usize..16,
        images in 0u32..4,
        w in 16u32..5000,
        h in prop::option::of(16u32..5000),
        rule in 0usize..5,
        tile in 14u32..1200,
        max_tiles in 1u32..40,
        tile_tokens in 1u32..400,
        bits in 4u32..17,
        rho in 0.05f64..3.0,
    ) {
        let mut i = i;
        let ids = vlm_ids();
        if m < ids.len() {
            edgefit_core::presets::model(ids[m]).unwrap().apply(&mut i);
        } else {
            i.set_exact(Field::VitParamsB, 0.3);
            i.set_exact(Field::VitLayers, 24.0);
            i.set_exact(Field::VitHidden, 1024.0);
            i.image_rule = edgefit_core::vision::ALL_IMAGE_RULES[rule];
            i.set_exact(Field::TilePx, f64::from(tile));
            i.set_exact(Field::MaxTiles, f64::from(max_tiles));
            i.set_exact(Field::TileTokens, f64::from(tile_tokens));
        }
        i.set_exact(Field::Images, f64::from(images));
        i.set_exact(Field::ImagePx, f64::from(w));
        i.set(Field::ImageH, h.map(|h| Value::exact(f64::from(h))));
        i.set_exact(Field::VitBits, f64::from(bits));
        i.set_exact(Field::VitEff, rho);
        i.set_exact(Field::Context, 131_072.0);
        round_trips(&i)?;
        if let Ok(s) = validate(&i) {
            let r = analyze(&s.expected);
            let none = analyze(&validate(&i.clone().with(Field::Images, 0.0)).unwrap().expected);
            // A less efficient encoder never makes the first token come sooner, and changes nothing else.
            let slower = analyze(&validate(&i.clone().with(Field::VitEff, rho / 2.0)).unwrap().expected);
            prop_assert!(slower.ttft.ttft.0 >= r.ttft.ttft.0 * (1.0 - 1e-12));
            prop_assert_eq!(slower.speed.decode_tps, r.speed.decode_tps);
            prop_assert_eq!(slower.memory.total, r.memory.total);
            if let Some(v) = r.ttft.vision {
                prop_assert!(v.utilization <= 1.0 && v.utilization > 0.0);
            }
            prop_assert!(r.ttft.ttft.0 >= none.ttft.ttft.0 * (1.0 - 1e-12));
            prop_assert!(r.memory.total.0 >= none.memory.total.0 * (1.0 - 1e-12));
            prop_assert!(r.storage.file.0 >= none.storage.file.0);
            prop_assert_eq!(r.ttft.vision.is_some(), images > 0);
            if let Some(v) = r.ttft.vision {
                prop_assert!(v.tokens >= 1.0 && v.passes >= 1.0 && v.ops.0 > 0.0);
            }
        }
    }
}
