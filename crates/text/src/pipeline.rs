//! Words for pipelines (#10): roles, timeline segments, problems, and the pipeline report as Markdown.

use core::fmt::Write as _;

use edgefit_core::pipeline::{
    Pipeline, PipelineProblem, PipelineReport, Role, SegmentKind, Timing, TurnField,
};

use crate::{field_error, fmt_num, verdict_label, Lang};
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
        SegmentKind::Swap => t(lang, "load", "加载"),
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
        t(lang, "stage", "阶段"),
        t(lang, "weights", "权重"),
        t(lang, "workspace", "工作区"),
        t(lang, "total", "合计"),
        t(lang, "load", "加载"),
        t(lang, "resident", "常驻")
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
                t(lang, "yes", "是")
            } else {
                t(lang, "on demand", "按需加载")
            }
        );
    }
    let _ = writeln!(
        o,
        "\n{}: {} / {} {} — {}",
        t(lang, "All stages", "全部阶段"),
        gb(m.all_stages.0),
        gb(m.usable.0),
        t(lang, "usable", "可用"),
        verdict_label(m.verdict, lang)
    );
    if !m.all_resident {
        let list: Vec<String> = m.on_demand.iter().map(|&i| name(i)).collect();
        let _ = writeln!(
            o,
            "{}: {}; {} {}, {} {}",
            t(lang, "Swap plan: loaded on demand", "换入计划:按需加载"),
            list.join(", "),
            t(lang, "peak", "峰值"),
            gb(m.peak.0),
            t(lang, "loading adds up to", "加载最多增加"),
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
        t(lang, "End of speech → first audio", "说完 → 首个音频"),
        t(lang, "End to end", "端到端"),
        ms(l.e2e.0),
        t(lang, "target", "目标"),
        ms(l.target.0),
        verdict_label(l.verdict, lang)
    );
    let _ = writeln!(
        o,
        "| {} | {} | {} |\n|---|---|---|",
        t(lang, "stage", "阶段"),
        t(lang, "load wait", "加载等待"),
        t(lang, "work", "计算")
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
            t(lang, "Camera", "摄像头"),
            t(lang, "Frame → first word", "拍下画面 → 第一个字"),
            ms(cam.frame_to_first_word.0),
            t(lang, "Image encoder per frame", "每帧图像编码"),
            ms(cam.encode.0),
            fmt_num(cam.encode_fps, 3),
            t(lang, "frames/s alone", "帧/秒（仅编码）"),
            t(lang, "Frames answered", "可回答的帧"),
            fmt_num(cam.answers_per_s, 3),
            t(lang, "target", "目标"),
            fmt_num(cam.target_fps, 3),
            verdict_label(cam.verdict, lang),
            t(lang, "Energy per answer", "每次回答能耗"),
            fmt_num(cam.energy_per_answer.0, 3)
        );
    }
    // Power and heat.
    let c = &r.conversation;
    let _ = writeln!(o, "\n## {}\n", t(lang, "Power and heat", "功耗与温度"));
    let _ = writeln!(
        o,
        "- {}: {} J\n- {} ({} {}/h): {} W ({} {} W) — {}\n- {}: {} W\n- {} {} {}: {} °C ({} {} °C)",
        t(lang, "Energy per turn", "每轮能耗"),
        fmt_num(c.energy_per_turn.0, 3),
        t(lang, "Average power", "平均功耗"),
        fmt_num(p.get(TurnField::TurnsPerHour), 3),
        t(lang, "turns", "轮"),
        fmt_num(c.average.0, 3),
        t(lang, "budget", "预算"),
        fmt_num(c.budget.0, 3),
        verdict_label(c.verdict, lang),
        t(lang, "Peak power in a turn", "单轮峰值功耗"),
        fmt_num(c.peak.0, 3),
        t(lang, "Junction after", "结温,连续"),
        fmt_num(c.turns, 3),
        t(lang, "turns", "轮后"),
        fmt_num(c.tj_peak_c, 3),
        t(lang, "limit", "上限"),
        fmt_num(c.tj_max_c, 3)
    );
    if let Some(b) = c.battery_pct_per_hour {
        let _ = writeln!(
            o,
            "- {}: {} %",
            t(lang, "Battery per hour", "每小时耗电"),
            fmt_num(b, 3)
        );
    }
    if c.overbooked {
        let _ = writeln!(
            o,
            "- {}",
            t(
                lang,
                "A turn lasts longer than the time between turns.",
                "一轮对话比轮次间隔还长。"
            )
        );
    }
    // Timeline.
    let _ = writeln!(
        o,
        "\n## {}\n\n| {} | {} | {} | {} |\n|---|---|---|---|",
        t(lang, "One turn", "一轮时间线"),
        t(lang, "stage", "阶段"),
        t(lang, "what", "内容"),
        t(lang, "start", "开始"),
        t(lang, "end", "结束")
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
