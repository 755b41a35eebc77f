//! Words for pipelines (#10): roles, timeline segments, problems, and the pipeline report as Markdown.

use core::fmt::Write as _;

use edgefit_core::pipeline::{
    Pipeline, PipelineProblem, PipelineReport, Role, SegmentKind, Timing, TurnField,
};

use crate::{field_error, fmt_num, term, unit_label, verdict_label, Lang, Term};
use edgefit_core::numfmt::short as display;

fn t(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// A stage's role.
#[must_use]
pub fn role_label(r: Role, lang: Lang) -> &'static str {
    match r {
        Role::Asr => t(lang, "Speech recognition (ASR)", "语音识别 ASR"),
        Role::Llm => t(lang, "Language model (LLM)", "语言模型 LLM"),
        Role::Tts => t(lang, "Speech synthesis (TTS)", "语音合成 TTS"),
        Role::Vision => t(lang, "Vision", "视觉"),
        _ => t(lang, "Other", "其他"),
    }
}

/// A timeline segment's kind.
#[must_use]
pub fn segment_label(k: SegmentKind, lang: Lang) -> &'static str {
    match k {
        SegmentKind::Listen => t(lang, "listen", "聆听"),
        SegmentKind::Swap => term(Term::LoadWord, lang),
        SegmentKind::Transcribe => t(lang, "transcribe", "转写"),
        SegmentKind::Encode => t(lang, "encode image", "图像编码"),
        SegmentKind::Prefill => t(lang, "prefill", "预填充"),
        SegmentKind::Decode => t(lang, "decode", "解码"),
        SegmentKind::Synthesize => t(lang, "synthesize", "合成"),
        SegmentKind::Speak => t(lang, "speak", "播放"),
        _ => t(lang, "infer", "推理"),
    }
}

/// The timing mode.
#[must_use]
pub fn timing_label(m: Timing, lang: Lang) -> &'static str {
    match m {
        Timing::Sequential => t(lang, "sequential", "串行"),
        Timing::Overlapped => t(lang, "overlapped (streaming)", "重叠(流式)"),
    }
}

/// A conversation field's label and unit. A camera turn (`camera`: a stage reads the camera's frame) is
/// timed from the frame to the first word, not from the end of speech to the first audio.
#[must_use]
pub fn turn_label(f: TurnField, camera: bool, lang: Lang) -> (&'static str, &'static str) {
    let label = match f {
        TurnField::UtteranceS => Term::UtteranceS,
        TurnField::AnswerTokens => Term::AnswerTokens,
        TurnField::FirstTokens => Term::FirstTokens,
        TurnField::AudioSPerToken => Term::AudioSPerToken,
        TurnField::StreamS => Term::StreamS,
        TurnField::AsrWindowS => Term::AsrWindowS,
        TurnField::TurnsPerHour => Term::TurnsPerHour,
        TurnField::Turns => Term::TurnsInARow,
        TurnField::FrameFps => Term::FrameFps,
        TurnField::E2eMs if camera => Term::FrameTarget,
        TurnField::E2eMs => Term::SpeechTarget,
        _ => return ("", ""),
    };
    let unit = match f {
        TurnField::TurnsPerHour => "/h",
        _ => unit_label(f.spec().unit, lang),
    };
    (term(label, lang), unit)
}

/// What the end-to-end time of a turn runs between: the end of speech and the first audio, or for a camera
/// turn the frame and the first word.
#[must_use]
pub fn e2e_label(camera: bool, lang: Lang) -> &'static str {
    term(
        if camera {
            Term::FrameToWord
        } else {
            Term::SpeechToAudio
        },
        lang,
    )
}

/// The two moments the end-to-end time runs between, as the timeline marks them (`end of speech`, `first
/// audio`; a camera turn's `frame`, `first word`), and the timeline's zoom on that window.
#[must_use]
pub fn e2e_marks(camera: bool, lang: Lang) -> [&'static str; 3] {
    let [from, to, zoom] = if camera {
        [Term::FrameTaken, Term::FirstWord, Term::ZoomFrame]
    } else {
        [Term::SpeechEnds, Term::FirstAudio, Term::ZoomSpeech]
    };
    [term(from, lang), term(to, lang), term(zoom, lang)]
}

/// The time axis of a turn's timeline (a camera turn starts with the question asked while pointing).
#[must_use]
pub fn timeline_axis(camera: bool, lang: Lang) -> &'static str {
    term(
        if camera {
            Term::SinceQuestion
        } else {
            Term::SinceSpeech
        },
        lang,
    )
}

/// The timeline chart's description: how many stages, when the turn's clock starts and how long the first
/// output takes (`at` and `e2e` in seconds).
#[must_use]
pub fn timeline_desc(stages: usize, at: f64, e2e: f64, camera: bool, lang: Lang) -> String {
    let (at, e2e) = (ms(at), ms(e2e));
    match (lang, camera) {
        (Lang::En, false) => format!(
            "One turn of {stages} stages. The user stops speaking at {at}; the first audio comes {e2e} later."
        ),
        (Lang::En, true) => format!(
            "One turn of {stages} stages. The frame is taken at {at}; the first word comes {e2e} later."
        ),
        (Lang::Zh, false) => {
            format!("一轮对话,共 {stages} 个阶段。用户在 {at} 说完;{e2e} 后出现首个音频。")
        }
        (Lang::Zh, true) => {
            format!("一轮对话,共 {stages} 个阶段。在 {at} 拍下画面;{e2e} 后出现第一个字。")
        }
    }
}

/// The memory chart's description: every stage against the usable memory (bytes).
#[must_use]
pub fn memory_desc(usable: f64, all_stages: f64, lang: Lang) -> String {
    let (usable, all) = (gb(usable), gb(all_stages));
    match lang {
        Lang::En => {
            format!("Memory of each stage against {usable} usable; all stages together {all}.")
        }
        Lang::Zh => format!("各阶段内存与可用内存 {usable} 对比;全部阶段合计 {all}。"),
    }
}

/// One pipeline problem, naming the stage (1-based) and field.
#[must_use]
pub fn pipeline_problem(p: &PipelineProblem, lang: Lang) -> Vec<String> {
    match p {
        PipelineProblem::NoStages => {
            vec![t(lang, "the pipeline has no stages", "流水线没有任何阶段").into()]
        }
        PipelineProblem::TooManyStages { count } => vec![match lang {
            Lang::En => format!(
                "{count} stages: at most {}",
                edgefit_core::pipeline::MAX_STAGES
            ),
            Lang::Zh => format!(
                "{count} 个阶段:最多 {} 个",
                edgefit_core::pipeline::MAX_STAGES
            ),
        }],
        PipelineProblem::Turn { field, value, .. } => vec![match lang {
            Lang::En => format!(
                "{}={}: out of its allowed range",
                field.key(),
                display(*value)
            ),
            Lang::Zh => format!("{}={}:超出允许范围", field.key(), display(*value)),
        }],
        PipelineProblem::Role { stage, role, kind } => vec![match lang {
            Lang::En => format!(
                "stage {}: a {} stage cannot run a '{}' model",
                stage + 1,
                role.code(),
                kind.code()
            ),
            Lang::Zh => format!(
                "第 {} 阶段:{} 阶段不能运行 “{}” 类模型",
                stage + 1,
                role.code(),
                kind.code()
            ),
        }],
        PipelineProblem::Stage { stage, errors } => errors
            .0
            .iter()
            .map(|e| format!("s{}.{}", stage + 1, field_error(e, lang)))
            .collect(),
        _ => vec![t(lang, "invalid pipeline", "流水线无效").into()],
    }
}

fn gb(b: f64) -> String {
    format!("{} GB", fmt_num(b / 1e9, 3))
}
fn ms(s: f64) -> String {
    format!("{} ms", fmt_num(s * 1e3, 3))
}

/// The pipeline report as Markdown: per-stage memory and the swap plan, end-to-end latency by stage, power,
/// heat and battery, and the turn's timeline.
#[must_use]
pub fn pipeline_markdown(p: &Pipeline, r: &PipelineReport, lang: Lang) -> String {
    let mut o = String::new();
    let name = |i: usize| format!("{}. {}", i + 1, role_label(p.stages[i].role, lang));
    let _ = writeln!(
        o,
        "# {} ({})\n",
        t(lang, "Pipeline", "流水线"),
        timing_label(p.timing, lang)
    );
    // Memory.
    let m = &r.memory;
    let _ = writeln!(o, "## {}\n", t(lang, "Memory", "内存"));
    let _ = writeln!(
        o,
        "| {} | {} | KV | {} | {} | {} | {} |\n|---|---|---|---|---|---|---|",
        term(Term::StageCol, lang),
        term(Term::WeightsWord, lang),
        term(Term::WorkspaceWord, lang),
        term(Term::TotalWord, lang),
        term(Term::LoadWord, lang),
        term(Term::ResidentWord, lang)
    );
    for (i, s) in m.stages.iter().enumerate() {
        let _ = writeln!(
            o,
            "| {} | {} | {} | {} | {} | {} | {} |",
            name(i),
            gb(s.weights.0),
            gb(s.kv.0),
            gb(s.workspace.0 + s.runtime.0),
            gb(s.total.0),
            ms(s.load.0),
            if s.resident {
                term(Term::Yes, lang)
            } else {
                term(Term::OnDemand, lang)
            }
        );
    }
    let _ = writeln!(
        o,
        "\n{}: {} / {} {} — {}",
        term(Term::AllStages, lang),
        gb(m.all_stages.0),
        gb(m.usable.0),
        term(Term::UsableWord, lang),
        verdict_label(m.verdict, lang)
    );
    if !m.all_resident {
        let list: Vec<String> = m.on_demand.iter().map(|&i| name(i)).collect();
        let _ = writeln!(
            o,
            "{}: {}; {} {}, {} {}",
            term(Term::SwapPlan, lang),
            list.join(", "),
            term(Term::PeakWord, lang),
            gb(m.peak.0),
            term(Term::LoadingAdds, lang),
            ms(m.swap_time.0)
        );
        if !m.fits {
            let _ = writeln!(
                o,
                "{}",
                t(
                    lang,
                    "Even one stage at a time does not fit.",
                    "即使逐个加载也放不下。"
                )
            );
        }
    }
    // Latency.
    let l = &r.latency;
    let _ = writeln!(
        o,
        "\n## {}\n\n{}: **{}** ({} {}) — {}\n",
        e2e_label(r.camera.is_some(), lang),
        term(Term::EndToEnd, lang),
        ms(l.e2e.0),
        term(Term::TargetWord, lang),
        ms(l.target.0),
        verdict_label(l.verdict, lang)
    );
    let _ = writeln!(
        o,
        "| {} | {} | {} |\n|---|---|---|",
        term(Term::StageCol, lang),
        term(Term::LoadWait, lang),
        term(Term::WorkCol, lang)
    );
    for part in &l.parts {
        let mark = if l.dominant == Some(part.stage) {
            " ◀"
        } else {
            ""
        };
        let _ = writeln!(
            o,
            "| {}{mark} | {} | {} |",
            name(part.stage),
            ms(part.swap.0),
            ms(part.work.0)
        );
    }
    if let Some(cam) = &r.camera {
        let _ = writeln!(
            o,
            "\n## {}\n\n- {}: {}\n- {}: {} ({} {})\n- {}: {} / s ({} {} / s) — {}\n- {}: {} J",
            term(Term::Camera, lang),
            term(Term::FrameToWord, lang),
            ms(cam.frame_to_first_word.0),
            term(Term::EncodePerFrame, lang),
            ms(cam.encode.0),
            fmt_num(cam.encode_fps, 3),
            term(Term::FramesAlone, lang),
            term(Term::FramesAnswered, lang),
            fmt_num(cam.answers_per_s, 3),
            term(Term::TargetWord, lang),
            fmt_num(cam.target_fps, 3),
            verdict_label(cam.verdict, lang),
            term(Term::EnergyPerAnswer, lang),
            fmt_num(cam.energy_per_answer.0, 3)
        );
    }
    // Power and heat.
    let c = &r.conversation;
    let _ = writeln!(o, "\n## {}\n", t(lang, "Power and heat", "功耗与温度"));
    let _ = writeln!(
        o,
        "- {}: {} J\n- {} ({} {}/h): {} W ({} {} W) — {}\n- {}: {} W\n- {} {} {}: {} °C ({} {} °C)",
        term(Term::EnergyPerTurn, lang),
        fmt_num(c.energy_per_turn.0, 3),
        term(Term::AveragePower, lang),
        fmt_num(p.get(TurnField::TurnsPerHour), 3),
        term(Term::TurnsWord, lang),
        fmt_num(c.average.0, 3),
        term(Term::BudgetWord, lang),
        fmt_num(c.budget.0, 3),
        verdict_label(c.verdict, lang),
        term(Term::PeakPowerTurn, lang),
        fmt_num(c.peak.0, 3),
        term(Term::JunctionAfter, lang),
        fmt_num(c.turns, 3),
        term(Term::TurnsAfter, lang),
        fmt_num(c.tj_peak_c, 3),
        term(Term::LimitWord, lang),
        fmt_num(c.tj_max_c, 3)
    );
    if let Some(b) = c.battery_pct_per_hour {
        let _ = writeln!(
            o,
            "- {}: {} %",
            term(Term::BatteryPerHour, lang),
            fmt_num(b, 3)
        );
    }
    if c.overbooked {
        let _ = writeln!(o, "- {}", term(Term::Overbooked, lang));
    }
    // Timeline.
    let _ = writeln!(
        o,
        "\n## {}\n\n| {} | {} | {} | {} |\n|---|---|---|---|",
        t(lang, "One turn", "一轮时间线"),
        term(Term::StageCol, lang),
        term(Term::WhatCol, lang),
        term(Term::StartCol, lang),
        term(Term::EndCol, lang)
    );
    for s in &r.timeline {
        let _ = writeln!(
            o,
            "| {} | {} | {} | {} |",
            name(s.stage),
            segment_label(s.kind, lang),
            ms(s.start.0),
            ms(s.end.0)
        );
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::pipeline::ALL_TURN_FIELDS;

    #[test]
    fn every_turn_field_has_a_label() {
        for &f in ALL_TURN_FIELDS {
            for lang in [Lang::En, Lang::Zh] {
                for camera in [false, true] {
                    assert!(!turn_label(f, camera, lang).0.is_empty(), "{f:?}");
                }
            }
        }
    }

    #[test]
    fn a_camera_turn_is_timed_from_the_frame_to_the_first_word() {
        let target = |camera| turn_label(TurnField::E2eMs, camera, Lang::En).0;
        assert_eq!(target(false), "Target: end of speech → first audio");
        assert_eq!(target(true), "Target: frame → first word");
        for lang in [Lang::En, Lang::Zh] {
            let speech = e2e_marks(false, lang);
            let camera = e2e_marks(true, lang);
            assert!(speech.iter().zip(&camera).all(|(a, b)| a != b), "{lang:?}");
            assert!(!timeline_desc(2, 3.0, 0.5, true, lang).contains(term(Term::FirstAudio, lang)));
        }
        let p = edgefit_core::pipeline::Pipeline::camera_assistant();
        let r =
            edgefit_core::pipeline::analyze_pipeline(&p).expect("the camera assistant is valid");
        let md = pipeline_markdown(&p, &r, Lang::En);
        assert!(
            md.contains("## Frame → first word") && !md.contains("End of speech"),
            "{md}"
        );
    }
}
