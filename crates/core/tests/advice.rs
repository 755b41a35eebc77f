//! Decision support on the seed's example: what moves TPOT, and what fixes it.

use edgefit_core::advice::{advise, compare, sensitivity, Change};
use edgefit_core::{run, Constraint, Field, Inputs, Verdict};

#[test]
fn kv_precision_matters_more_than_group_size_at_long_context() {
    let i = Inputs::default()
        .with(Field::Context, 8192.0)
        .with(Field::Prompt, 128.0);
    let s = sensitivity(&i, Constraint::Tpot, 0.2);
    let rank = |f: Field| s.iter().position(|x| x.field == f).unwrap_or(usize::MAX);
    assert!(rank(Field::KvBits) < rank(Field::GroupSize), "{s:?}");
    assert!(
        rank(Field::BandwidthGbps) < 3,
        "bandwidth is a top mover: {s:?}"
    );
    // Bars are sorted by swing.
    assert!(s.windows(2).all(|w| w[0].swing() >= w[1].swing()));
}

#[test]
fn advice_for_the_seed_starts_with_the_kv_cache() {
    let i = Inputs::default();
    let (_, e) = run(&i).unwrap();
    assert_eq!(e.verdict(Constraint::Tpot), Verdict::Fail);
    let a = advise(&i, &e);
    assert!(!a.is_empty());
    let kv8 = a
        .iter()
        .find(|x| x.change == Change::KvBits { bits: 8.0 })
        .expect("INT8 KV is suggested");
    // 0.75 + 0.27 GB per token at 15 GB/s ≈ 68 ms: better, not enough alone.
    assert!((kv8.after * 1e3 - 67.9).abs() < 1.0, "{kv8:?}");
    assert!((kv8.before * 1e3 - 85.8).abs() < 0.5);
    // Something on the list meets every target (a GQA layout, a capped context or a smaller model).
    assert!(a.iter().any(|x| x.all_met), "{a:?}");
    assert!(
        a[0].all_met,
        "ranked: the first one fixes everything: {:?}",
        a[0]
    );
}

#[test]
fn nothing_to_advise_when_everything_passes() {
    let i = Inputs::default()
        .with(Field::Layers, 28.0)
        .with(Field::KvHeads, 2.0)
        .with(Field::ParamsB, 1.2);
    let (_, e) = run(&i).unwrap();
    assert!(e.all_met());
    assert!(advise(&i, &e).is_empty());
}

#[test]
fn compare_highlights_what_changed() {
    let (_, a) = run(&Inputs::default()).unwrap();
    let (_, b) = run(&Inputs::default().with(Field::KvBits, 8.0)).unwrap();
    let d = compare(&a, &b);
    let tpot = d.iter().find(|x| x.constraint == Constraint::Tpot).unwrap();
    assert!(tpot.differs() && tpot.b_figure < tpot.a_figure);
    let storage = d
        .iter()
        .find(|x| x.constraint == Constraint::Storage)
        .unwrap();
    assert!(!storage.differs());
}

#[test]
fn a_published_model_of_the_same_size_is_suggested_with_its_computed_effect() {
    use edgefit_core::presets;
    let i = Inputs::default();
    let (s, e) = run(&i).unwrap();
    let size = match &s.expected.model {
        edgefit_core::model::Model::Llm(m) => m.params.total(),
        _ => unreachable!("the seed is an LLM"),
    };
    let a = advise(&i, &e);
    let picks: Vec<_> = a
        .iter()
        .filter_map(|x| match x.change {
            Change::PresetModel { id } => Some((id, x)),
            _ => None,
        })
        .collect();
    assert!(!picks.is_empty() && picks.len() <= 2, "{a:?}");
    for (id, x) in picks {
        let m = presets::model(id).expect("a real preset");
        let p = m.params_counted().unwrap().total();
        assert!(p >= 0.75 * size && p <= 1.35 * size, "{id}: {p} vs {size}");
        assert!(x.fixes.contains(&Constraint::Tpot), "{id}: {x:?}");
        // The effect is the engine's own figure for that preset on this device.
        let mut n = i.clone();
        m.apply(&mut n);
        let (_, after) = run(&n).unwrap();
        assert!((after.expected.tpot.full.0 - x.after).abs() < 1e-12, "{id}");
        assert!(x.after < 0.050, "{id}: TPOT {} s", x.after);
    }
    // A model that already passes gets no such advice.
    let mut ok = Inputs::default();
    presets::model("lfm2-1.2b").unwrap().apply(&mut ok);
    let (_, e2) = run(&ok).unwrap();
    assert!(advise(&ok, &e2)
        .iter()
        .all(|x| !matches!(x.change, Change::PresetModel { .. })));
}

/// A link's scenario, as the page and the CLI read it.
fn linked(hash: &str) -> Inputs {
    edgefit_core::codec::decode(hash, &[]).inputs
}

#[test]
fn too_many_streams_are_cut_to_the_most_the_targets_allow() {
    let i = linked(
        "v=2&device=apple_m2&fw=llama_cpp&llm=llama-3.2-1b&quant=q4_k_m&streams=64&tpot_ms=30",
    );
    let (s, e) = run(&i).unwrap();
    assert_eq!(e.verdict(Constraint::Tpot), Verdict::Fail);
    let most = edgefit_core::analysis::concurrency::max_streams(&s.expected).unwrap();
    let a = advise(&i, &e);
    let cut = a
        .iter()
        .find(|x| matches!(x.change, Change::FewerStreams { .. }))
        .expect("fewer streams is offered");
    assert_eq!(
        cut.change,
        Change::FewerStreams {
            streams: most.streams
        }
    );
    assert!(most.streams >= 1.0 && most.streams < 64.0, "{most:?}");
    assert!(cut.all_met, "{cut:?}");
}

#[test]
fn a_faster_power_mode_is_offered_only_when_it_fixes_something() {
    let i = linked("v=2&device=nv_orin_nano_8gb&power_mode=7w&fw=llama_cpp&llm=llama-3.1-8b&quant=q4_k_m&tpot_ms=80");
    let (_, e) = run(&i).unwrap();
    let a = advise(&i, &e);
    let modes: Vec<_> = a
        .iter()
        .filter_map(|x| match x.change {
            Change::PowerMode { device, id } => Some((device, id, x)),
            _ => None,
        })
        .collect();
    assert!(!modes.is_empty(), "{a:?}");
    for (device, id, x) in &modes {
        assert_eq!(*device, "nv_orin_nano_8gb");
        assert_ne!(*id, "7w", "the mode it is in is not advice");
        assert!(!x.fixes.is_empty(), "{x:?}");
    }
    // The 25 W mode's memory clock (3199 MHz against 2133) is what fixes TPOT.
    let m25 = modes
        .iter()
        .find(|(_, id, _)| *id == "25w")
        .expect("25W offered");
    assert!(m25.2.fixes.contains(&Constraint::Tpot), "{:?}", m25.2);
}

#[test]
fn a_draft_that_shares_the_tokenizer_is_offered_and_judged_on_its_effective_tpot() {
    use edgefit_core::advice::drafts_for;
    assert_eq!(drafts_for("llama-3.1-8b"), vec!["llama-3.2-1b"]);
    assert!(drafts_for("qwen2.5-7b").starts_with(&["qwen2.5-0.5b", "qwen2.5-1.5b"]));
    assert!(drafts_for("qwen2.5-7b")
        .iter()
        .all(|d| d.starts_with("qwen2.5")));
    assert!(
        drafts_for("llama-3.2-1b").is_empty(),
        "nothing a quarter its size"
    );

    let i = linked("v=2&device=apple_m2&fw=llama_cpp&llm=llama-3.1-8b&quant=q4_k_m&tpot_ms=42");
    let (_, e) = run(&i).unwrap();
    assert_eq!(e.verdict(Constraint::Tpot), Verdict::Fail);
    let a = advise(&i, &e);
    let d = a
        .iter()
        .find(|x| x.change == Change::Draft { id: "llama-3.2-1b" })
        .expect("the 1B draft is offered");
    assert!(d.fixes.contains(&Constraint::Tpot), "{d:?}");
    // The draft's own weights and cache do not fit beside the 8B on an 8 GB M2: said, not hidden.
    assert!(d.breaks.contains(&Constraint::Memory), "{d:?}");

    // With the draft set, TPOT is judged on the effective figure, and the advice's figure is that one.
    let with = linked("v=2&device=apple_m2&fw=llama_cpp&llm=llama-3.1-8b&quant=q4_k_m&tpot_ms=42&draft=llama-3.2-1b");
    let (_, e2) = run(&with).unwrap();
    let sp = e2.expected.speculative.as_ref().unwrap();
    assert!(sp.speedup > 1.0);
    assert!(
        (d.after - sp.tpot.0).abs() < 1e-12,
        "{} vs {}",
        d.after,
        sp.tpot.0
    );
    assert_ne!(e2.expected.tpot.verdict, Verdict::Fail);
    assert!(
        e2.expected.tpot.full.0 > 0.042,
        "the plain step stays in `full`"
    );
}

#[test]
fn with_a_draft_that_pays_an_answer_takes_the_effective_steps() {
    let plain = linked("v=2&device=apple_m2&fw=llama_cpp&llm=llama-3.1-8b&quant=q4_k_m");
    let with =
        linked("v=2&device=apple_m2&fw=llama_cpp&llm=llama-3.1-8b&quant=q4_k_m&draft=llama-3.2-1b");
    let (_, a) = run(&plain).unwrap();
    let (_, b) = run(&with).unwrap();
    let (ea, eb) = (&a.expected.energy, &b.expected.energy);
    let sp = b.expected.speculative.as_ref().unwrap();
    assert!(sp.speedup > 1.0);
    // Prefill is untouched; the decode's time scales by effective / plain TPOT (to 1e-9).
    let prefill = |r: &edgefit_core::analysis::Report| r.ttft.ttft.0;
    let decode_a = ea.answer_time.0 - prefill(&a.expected);
    let decode_b = eb.answer_time.0 - prefill(&b.expected);
    let ratio = sp.tpot.0 / b.expected.tpot.full.0;
    assert!(
        (decode_b / decode_a - ratio).abs() < 1e-9,
        "{decode_b} / {decode_a} vs {ratio}"
    );
    assert!(eb.per_answer.0 < ea.per_answer.0);
    assert!((ea.prefill.0 - eb.prefill.0).abs() < 1e-9);
}
