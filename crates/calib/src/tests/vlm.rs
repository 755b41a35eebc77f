//! Vision-language rows: images read into the engine's scenario, time to first token compared as prefill.

use super::*;

const VLM_HEADER: &str = "row_id,source_id,hw_class,device,mem_bw_gbps,backend_unit,framework,model,params_b,quant,prompt_len,decode_tps,gen_len,compute_peak,compute_unit,compute_precision,images,image_w,image_h,image_tokens,vision_ms,ttft_ms";

fn vlm(line: &str) -> Parsed {
    parse(&format!("{VLM_HEADER}\n{line}\n")).expect("parses")
}

/// The community RKLLM run of data/vlm.csv V010: Qwen2.5-VL-3B on an RK3588, a 476 × 476 image.
const RK3588: &str = "V010,V02,sbc,Rockchip RK3588 board,33.8,NPU,RKLLM,Qwen2.5-VL-3B-Instruct,3.09,w8a8,32,8.21,102,6,TOPS,INT8,1,476,476,289,3542.7,5744.15";

#[test]
fn a_vlm_row_reads_its_images_by_the_models_own_rule() {
    let p = vlm(RK3588);
    assert_eq!(p.skipped, Vec::new());
    let r = &p.rows[0];
    let img = r.image.as_ref().expect("images read");
    assert_eq!(img.model, "qwen2.5-vl-3b");
    // 476 / 28 = 17 cells a side: 289 tokens, the count the source's log prints.
    assert_eq!((img.width, img.height, img.tokens), (476.0, 476.0, 289.0));
    assert_eq!(img.tokens_stated, Some(289.0));
    // TTFT is the prefill measurement: 32 text + 289 image tokens over 5.74415 s.
    let want = (32.0 + 289.0) / 5.744_15;
    assert!((r.prefill_tps.unwrap() - want).abs() < 1e-9);
    // Decode follows the prompt's text and image tokens and half the 102 generated.
    assert_eq!(decode_context(r), 32.0 + 289.0 + 51.0);
}

#[test]
fn a_vlm_row_is_predicted_by_analyze_with_its_tower_and_images() {
    let p = vlm(RK3588);
    let r = &p.rows[0];
    let c = default_for_row(r);
    let (inputs, _, _) = inputs_for(r, &c);
    assert_eq!(inputs.get(Field::Images).map(|v| v.mid), Some(1.0));
    assert!(inputs.get(Field::VitParamsB).is_some_and(|v| v.mid > 0.6));
    let s = validate(&inputs).unwrap().expected;
    let report = analysis::analyze(&s);
    let v = report.ttft.vision.expect("the encoder is counted");
    assert_eq!(v.tokens, 289.0);
    // The prediction is analyze's: the prompt (text and image tokens) over its TTFT, encoder included.
    let pred = predict(r, &c).unwrap();
    assert!((pred.prefill_tps - (32.0 + 289.0) / report.ttft.ttft.0).abs() < 1e-6);
    assert_eq!(pred.vision_s, Some(v.time.0));
    assert!(v.time.0 > 0.0 && v.time.0 < report.ttft.ttft.0);
    // And measured ÷ predicted prefill is predicted ÷ measured TTFT.
    let ratio = r.prefill_tps.unwrap() / pred.prefill_tps;
    assert!((ratio - report.ttft.ttft.0 / 5.744_15).abs() < 1e-9);
}

#[test]
fn stated_tokens_without_a_size_give_the_nearest_size_by_the_rule() {
    // A dataset of varied images (COCO): 349 tokens per run, no size. Qwen's 28-px cells: 19 × 18 = 342 is the
    // nearest (19 × 19 = 361).
    let p = vlm("V001,V01,jetson,Jetson AGX Thor,273,GPU,TensorRT Edge-LLM,Qwen2.5-VL-7B-Instruct,7.62,NVFP4,27,61,,2070,TFLOPS,FP4 (sparse),1,,,349,23.4,48.4");
    assert_eq!(p.skipped, Vec::new());
    let img = p.rows[0].image.as_ref().unwrap();
    assert!(!img.size_stated);
    assert_eq!((img.width, img.height, img.tokens), (532.0, 504.0, 342.0));
    assert_eq!(size_for_tokens("qwen2.5-vl-7b", 349.0), (532.0, 504.0));
}

#[test]
fn images_of_an_unknown_model_or_of_no_size_are_skipped_with_a_reason() {
    let p = vlm("X1,S,sbc,board,33.8,NPU,RKLLM,SomeVLM-2B,2,w8a8,,8,,6,TOPS,INT8,1,448,448,,,4000");
    assert_eq!(
        p.skipped[0].reason,
        SkipReason::NoVisionTower {
            model: "SomeVLM-2B".into()
        }
    );
    let p = vlm("X2,S,sbc,board,33.8,NPU,RKLLM,MiniCPM-V-2_6,7.61,w8a8,,4,,6,TOPS,INT8,1,,,,,4000");
    assert_eq!(p.skipped[0].reason, SkipReason::NoImageSize);
    // No images (or 0): a text row, the tower not loaded.
    let p =
        vlm("X3,S,sbc,board,33.8,NPU,RKLLM,MiniCPM-V-2_6,7.61,w8a8,,4,,6,TOPS,INT8,0,448,448,,,");
    assert_eq!(p.rows[0].image, None);
}

#[test]
fn vision_models_are_matched_by_their_preset_ids() {
    assert_eq!(
        vision_model("Qwen2.5-VL-7B-Instruct"),
        Some("qwen2.5-vl-7b")
    );
    assert_eq!(vision_model("MiniCPM-V-2_6"), Some("minicpm-v-2.6"));
    assert_eq!(vision_model("InternVL3-2B"), Some("internvl3-2b"));
    assert_eq!(vision_model("Qwen2.5-VL-32B-Instruct"), None);
    assert_eq!(vision_model("Llama 3.1 8B"), None);
    // MiniCPM-V's language model has no family in KNOWN_MODELS: its preset's shape (Qwen2-7B's) is used.
    let p = vlm("X4,S,sbc,board,33.8,NPU,RKLLM,MiniCPM-V-2_6,7.61,w8a8,,4.18,,6,TOPS,INT8,1,448,448,64,3270,4096");
    let s = shape_of(&p.rows[0]);
    assert_eq!(
        (s.layers, s.hidden, s.kv_heads, s.vocab),
        (28.0, 3584.0, 4.0, 151_666.0)
    );
}

/// data/vlm.csv V006 and V007: RKLLM's own RK3588 runs (source E01), with the encoder's time.
const RK3588_E01: [&str; 2] = [
    "V006,E01,sbc,Rockchip RK3588 board,33.8,NPU,RKLLM,Qwen2.5-VL-3B-Instruct,3.09,w8a8,,8.66,,6,TOPS,INT8,1,392,392,196,2930,4050",
    "V007,E01,sbc,Rockchip RK3588 board,33.8,NPU,RKLLM,MiniCPM-V-2_6,7.61,w8a8,,4.18,,6,TOPS,INT8,1,448,448,64,3270,4096",
];

#[test]
fn an_encoder_time_gives_the_ratio_at_which_the_engine_matches_it() {
    let p = vlm(RK3588);
    let r = &p.rows[0];
    let c = default_for_row(r);
    // The encoder's arithmetic at ρ = 1 over the measured 3.5427 s: the ρ at which analyze gives that time.
    let rho = encoder_ratio(r, &c).expect("the row states its encoder's time");
    assert!(rho > 0.05 && rho < 1.0, "{rho}");
    let at = predict(r, &Calibrated { vit_eff: rho, ..c }).unwrap();
    assert!((at.vision_s.unwrap() - 3.542_7).abs() < 1e-9, "{at:?}");
    // Half the ratio, twice the encoder's time; the language model's share of the TTFT does not move.
    let half = predict(
        r,
        &Calibrated {
            vit_eff: rho / 2.0,
            ..c
        },
    )
    .unwrap();
    assert!((half.vision_s.unwrap() - 2.0 * 3.542_7).abs() < 1e-9);
    let ttft = |p: &Prediction| (32.0 + 289.0) / p.prefill_tps;
    assert!(
        (ttft(&half) - half.vision_s.unwrap() - (ttft(&at) - at.vision_s.unwrap())).abs() < 1e-9
    );
    // A row without the encoder's time gives none.
    let mut no_time = r.clone();
    no_time.image.as_mut().unwrap().vision_ms = None;
    assert_eq!(encoder_ratio(&no_time, &c), None);
}

#[test]
fn the_encoders_ratio_is_the_median_over_sources_of_each_sources_median() {
    let p = vlm(&[RK3588_E01[0], RK3588_E01[1], RK3588].join("\n"));
    assert_eq!(p.skipped, Vec::new());
    let table = vec![prior(Backend::Npu)];
    let each: Vec<f64> = p
        .rows
        .iter()
        .map(|r| encoder_ratio(r, &table[0]).unwrap())
        .collect();
    // E01's two rows vote once (their median), V02's one row once: the median of two votes is their mean.
    let want = 0.5 * (0.5 * (each[0] + each[1]) + each[2]);
    let (rho, rows, sources) = fit_vision(&p.rows, &table).expect("three rows");
    assert!(
        (rho - (want * 1000.0).round() / 1000.0).abs() < 1e-12,
        "{rho} {each:?}"
    );
    assert_eq!((rows, sources), (3, 2));
    // Fewer rows than MIN_ROWS: no fit (the prior stands).
    assert_eq!(fit_vision(&p.rows[..2], &table), None);
}

#[test]
fn the_encoders_ratio_and_the_prompts_efficiency_settle_together() {
    let p = vlm(&[RK3588_E01[0], RK3588_E01[1], RK3588].join("\n"));
    let observed: Vec<_> = p.rows.iter().map(crate::fit::observe).collect();
    let (table, fit) = crate::encoder::fit_with_vision(&p.rows, &observed);
    let (rho, _, _) = fit.expect("three encoder times");
    // Every entry carries the ratio, and the ratio fitted under the final constants is the one they were
    // fitted with (a TTFT's share left to the prompt depends on it).
    assert!(table.iter().all(|c| c.vit_eff == rho));
    let again = fit_vision(&p.rows, &table).unwrap().0;
    assert!((again - rho).abs() < 1e-3, "{again} {rho}");
    // With the encoder slower than the prompt's efficiency, more of each TTFT is the encoder's, so the
    // prompt's η_c fitted on these rows is higher than at the prior.
    let prior_fit = crate::fit::fit_observed(&p.rows, &observed);
    assert!(rho < 1.0);
    assert!(
        table[0].eta_c > prior_fit[0].eta_c,
        "{table:?} {prior_fit:?}"
    );
}
