//! `edgefit pipeline`: the seed's voice assistant, exit codes, JSON and Chinese.

use std::process::Command;

#[track_caller]
fn run(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_edgefit"))
        .arg("pipeline")
        .args(args)
        .output()
        .expect("run edgefit");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

const SWAPPING: &str = "v=1&stages=asr,llm,tts&timing=seq&reserved_gb=5.9&s1.llm=whisper-base&s1.w_bits=8&s1.gran=channel&s3.llm=kokoro-82m&s3.fps=1&s3.w_bits=8&s3.gran=channel";

#[test]
fn the_voice_assistant_meets_its_target() {
    let (code, out, err) = run(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("672 ms") && out.contains("Language model (LLM) ◀"),
        "{out}"
    );
    let (code, out, _) = run(&["--lang", "zh"]);
    assert_eq!(code, 0);
    assert!(out.contains("端到端") && out.contains("语言模型"), "{out}");
}

#[test]
fn a_missed_target_exits_1_and_shows_the_swap_plan() {
    let (code, out, _) = run(&[SWAPPING]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("on demand") && out.contains("3828 ms"),
        "{out}"
    );
    let (code, out, _) = run(&[SWAPPING, "--json"]);
    assert_eq!(code, 1);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["all_met"], false);
    assert_eq!(
        j["report"]["memory"]["on_demand"],
        serde_json::json!([0, 2])
    );
    assert_eq!(j["stages"], serde_json::json!(["asr", "llm", "tts"]));
}

#[test]
fn bad_input_exits_2_naming_the_key() {
    let (code, _, err) = run(&["v=1&stages=asr,llm&s2.w_bits=99"]);
    assert_eq!(code, 2);
    assert!(err.contains("s2.w_bits"), "{err}");
    let (code, _, err) = run(&["v=1&stages=llm,llm&s1.model=oneshot"]);
    assert_eq!(code, 2);
    assert!(err.contains("stage 1"), "{err}");
    let (code, _, _) = run(&["--bogus"]);
    assert_eq!(code, 2);
}

/// `edgefit pipeline camera` (#24): a frame → Qwen2.5-VL-3B → speech on the seed's device; the seed's NPU
/// answers a frame in about 9 s, far from one every 2 s, so it exits 1.
#[test]
fn the_camera_assistant_prints_its_frame_figures() {
    let (code, out, _) = run(&["camera"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("## Camera") && out.contains("encode image"),
        "{out}"
    );
    let (code, out, _) = run(&["camera", "--json", "--lang", "zh"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let cam = &v["report"]["camera"];
    assert!(cam["encode"].as_f64().unwrap() > 0.0, "{cam}");
    assert!(cam["frame_to_first_word"].as_f64().unwrap() > cam["encode"].as_f64().unwrap());
    assert_eq!(v["stages"], serde_json::json!(["llm", "tts"]));
    assert!(v["link"].as_str().unwrap().contains("s1.images=1"));
}
