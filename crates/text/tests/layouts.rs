//! The step text names the layouts and mobile limits that change the numbers, in both languages.

use edgefit_core::{codec, run};
use edgefit_text::{markdown_report, Lang};

fn report(link: &str, lang: Lang) -> String {
    let d = codec::decode(link, &[]);
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    let (s, e) = run(&d.inputs).unwrap();
    markdown_report(&d.inputs, &s, &e, lang)
}

#[test]
fn moe_shows_both_bounds() {
    let link = "v=1&model=arch&layers=48&hidden=2048&heads=32&kv_heads=4&head_dim=128&ffn=6144&vocab=151936&qk_norm=1&experts=128&experts_active=8&expert_ffn=768&mem_gb=24&bw_gbps=77&gran=group&act=a16";
    let en = report(link, Lang::En);
    assert!(
        en.contains("mixture of experts") && en.contains("30.5 B") && en.contains("3.04 B"),
        "{en}"
    );
    assert!(en.contains("dense roofline"));
    assert!(report(link, Lang::Zh).contains("混合专家"));
}

#[test]
fn sliding_window_and_limits_are_explained() {
    let en = report("v=1&window=512&local_layers=22&app_cap_gb=1.5&graph_limit_gb=0.5&fixed_chunks=1&chunk=256&prompt=300", Lang::En);
    assert!(
        en.contains("22 of the 32 layers use a 512-token sliding window"),
        "{en}"
    );
    assert!(en.contains("caps one app at 1.5 GB"));
    assert!(en.contains("runs as 2 graphs"));
    assert!(en.contains("fixed 256-token chunks"));
    let zh = report(
        "v=1&recurrent_layers=24&state_mb=1&export_ctx=4096",
        Lang::Zh,
    );
    assert!(
        zh.contains("线性/循环层") && zh.contains("静态缓存"),
        "{zh}"
    );
}

#[test]
fn a_hybrid_counts_kv_on_its_attention_layers_only() {
    // LFM2-1.2B: 6 attention layers of 16; 10 short-convolution layers keep a constant state.
    let en = report("v=1&llm=lfm2-1.2b", Lang::En);
    assert!(
        en.contains("2 (K and V) × 6 layers × 512 KV width × 2 B = 12,288 B per token"),
        "{en}"
    );
    assert!(en.contains("10 layers are linear/recurrent"), "{en}");
}
