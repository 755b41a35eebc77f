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
