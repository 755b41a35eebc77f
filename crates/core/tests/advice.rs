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
