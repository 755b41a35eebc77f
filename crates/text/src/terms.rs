//! Short words for what a product owner asks (#25: power modes, speculative decoding, energy per answer,
//! streams, the best model), for importing a model (#24) and for the pipeline view (#10, and #24's camera
//! assistant), as labels the page shows next to its numbers and controls; and the best-model ranking's
//! cells and the pipeline's words, which the Markdown shares.

use edgefit_core::best::{Best, Candidate, Known};
use edgefit_core::presets::quality::Quality;

use crate::num::fmt_num;
use crate::Lang;

/// The terms: each variant with its English and Chinese words, one row a term ([`Term`], [`ALL_TERMS`] and
/// [`term`] come from this one list).
macro_rules! terms {
    ($( $id:ident => ($en:expr, $zh:expr $(,)?), )*) => {
        /// A label, a column heading or a short phrase.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[non_exhaustive]
        #[allow(missing_docs)] // each variant names its words
        pub enum Term {
            $( $id, )*
        }

        /// Every term, in the order of their definitions.
        pub const ALL_TERMS: &[Term] = &[ $( Term::$id, )* ];

        /// The words of a [`Term`].
        #[must_use]
        pub fn term(t: Term, lang: Lang) -> &'static str {
            let (en, zh) = match t {
                $( Term::$id => ($en, $zh), )*
            };
            lang.pick(en, zh)
        }
    };
}

terms! {
    PowerMode => ("Power mode", "功耗模式"),
    Failing => ("Failing:", "不通过："),
    NoSingleFix => (
        "No single change fixes it; see `edgefit solve`.",
        "没有单项改动能修复；请看 solve 的结果。",
    ),
    MovesBinding => ("What moves the binding constraint most —", "对瓶颈约束影响最大的输入 —"),
    FromPowerMode => (
        "From the power mode's published clocks and budget:",
        "取自该功耗模式公布的频率与功耗预算：",
    ),
    PresetFigures => ("the preset's own figures", "预设自身数值"),
    Uncapped => ("uncapped", "不限功耗"),
    Draft => ("Draft model (speculative decoding)", "草稿模型（投机解码）"),
    NoDraft => ("none", "不使用"),
    EnergyPerAnswer => ("Energy per answer", "每次回答能耗"),
    AnswerTime => ("Time per answer", "每次回答用时"),
    AnswersPerCharge => ("Answers per charge", "一次充电可回答"),
    HoursPerCharge => ("Continuous use per charge", "一次充电连续使用"),
    SpecDecodeTps => ("Decode speed with the draft", "投机解码速度"),
    SpecSpeedup => ("Speed-up from the draft", "草稿加速比"),
    Pays => ("it pays", "值得"),
    DoesNotPay => ("it does not pay", "不值得"),
    KvPerStream => ("KV cache per stream", "每路 KV 缓存"),
    TpotPerStream => ("TPOT per stream at full context", "满上下文每路 TPOT"),
    AggregateTps => ("All streams together", "各路合计"),
    MaxStreams => ("Most streams within the targets", "目标内最多路数"),
    OneMoreBreaks => ("one more breaks", "再多一路突破"),
    NoneFits => ("not one: it breaks", "一路也不行：突破"),
    OrMore => ("or more", "或更多"),
    BestTitle => (
        "Best model that meets every target",
        "满足全部目标的最佳模型",
    ),
    BestModel => ("Model", "模型"),
    BestFormat => ("Format", "格式"),
    BestQuality => ("Quality", "质量"),
    BestBinding => ("Binding", "限制因素"),
    BestNone => (
        "No model preset meets every target on this device in any format.",
        "在该设备上，没有任何模型预设在任何格式下满足全部目标。",
    ),
    ImportTitle => (
        "Import a model: config.json or GGUF (read here, nothing is uploaded)",
        "导入模型：config.json 或 GGUF（仅在本地读取，不上传）",
    ),
    ImportPaste => ("Paste a config.json", "粘贴 config.json"),
    ImportRead => ("Read the pasted config", "读取粘贴的配置"),
    ImportFile => (
        "Choose or drop a config.json or .gguf file (only a GGUF's header is read)",
        "选择或拖入 config.json 或 .gguf 文件（GGUF 只读取文件头）",
    ),
    ImportDone => ("Model fields filled from", "已按此填写模型字段："),
    ImportLeftOut => ("Not represented or assumed:", "未表示或按默认值处理："),
    ImportKept => ("Nothing on the form was changed.", "表单未作任何更改。"),
    ImportUnreadable => (
        "the browser could not read the file",
        "浏览器无法读取该文件",
    ),
    ImportCutShort => (
        "the file ends before its header does",
        "文件在文件头结束之前就已结束",
    ),
    // The pipeline view (#10) and the camera assistant (#24); the pipeline's Markdown shares them.
    VoiceAssistant => (
        "Set up a voice assistant (ASR → LLM → TTS)",
        "搭建语音助手(ASR → LLM → TTS)",
    ),
    CameraAssistant => (
        "Set up a camera assistant (camera → VLM → TTS)",
        "搭建摄像头助手(摄像头 → 视觉语言模型 → TTS)",
    ),
    PipeTitle => ("edgefit — pipeline", "edgefit — 流水线"),
    PipeTagline => (
        "Several models on one chip: one conversation turn, end to end.",
        "一颗芯片上的多个模型:一轮对话的端到端分析。",
    ),
    Stages => ("Stages", "阶段"),
    OneTurn => ("One turn", "一轮对话"),
    LinkCopied => ("Link copied", "链接已复制"),
    CopyAddressBar => (
        "Could not copy: copy the address bar",
        "无法复制:请复制地址栏",
    ),
    DownloadDone => ("Downloaded", "已下载"),
    OneModel => ("← One model", "← 单个模型"),
    Remove => ("Remove", "删除"),
    MoveUp => ("Move up", "上移"),
    MoveDown => ("Move down", "下移"),
    NoStages => (
        "The pipeline has no stages: add one below. The results show the last pipeline that had stages.",
        "流水线没有任何阶段:请在下方添加。结果显示的是上一个有阶段的流水线。",
    ),
    AddStage => ("Add a stage", "添加阶段"),
    AddStageColon => ("Add a stage:", "添加阶段:"),
    AtMost => ("at most", "最多"),
    Conversation => ("Conversation", "对话"),
    Timing => ("Timing", "时序"),
    SharedDevice => ("Shared device (all stages)", "共享设备(所有阶段)"),
    MoreDeviceFields => ("More device fields", "更多设备参数"),
    Role => ("Role", "角色"),
    AllStageFields => ("All fields of this stage", "本阶段全部参数"),
    NotANumber => ("not a number", "不是数字"),
    NotOneNumber => ("not a single number", "不是单个数字"),
    UtteranceS => ("User speaks for", "用户说话时长"),
    AnswerTokens => ("Answer length", "回答长度"),
    FirstTokens => ("TTS starts after", "TTS 起始于前"),
    AudioSPerToken => ("Speech per token", "每 token 语音"),
    StreamS => ("Streaming ASR pass every", "流式 ASR 每隔"),
    AsrWindowS => ("ASR window", "ASR 窗口"),
    TurnsPerHour => ("Turns per hour", "每小时轮数"),
    TurnsInARow => ("Turns in a row (heat)", "连续轮数(温度)"),
    FrameFps => ("Camera frames to answer", "需回答的相机帧率"),
    SpeechTarget => (
        "Target: end of speech → first audio",
        "目标:说完 → 首个音频",
    ),
    FrameTarget => ("Target: frame → first word", "目标:拍下画面 → 第一个字"),
    SpeechToAudio => ("End of speech → first audio", "说完 → 首个音频"),
    FrameToWord => ("Frame → first word", "拍下画面 → 第一个字"),
    EndToEnd => ("End to end", "端到端"),
    TargetWord => ("target", "目标"),
    DominantStage => ("Dominant stage", "主导阶段"),
    LatencyByStage => ("Latency by stage", "各阶段延迟"),
    StageCol => ("stage", "阶段"),
    LoadWait => ("load wait", "加载等待"),
    WorkCol => ("work", "计算"),
    ShareCol => ("share", "占比"),
    AllStages => ("All stages", "全部阶段"),
    AllResident => ("All stages stay resident", "全部阶段常驻"),
    UsableWord => ("usable", "可用"),
    SwapPlan => ("Swap plan: loaded on demand", "换入计划:按需加载"),
    PeakWord => ("peak", "峰值"),
    LoadingAdds => ("loading adds up to", "加载最多增加"),
    NothingFits => (
        " (even one stage at a time does not fit)",
        "(即使逐个加载也放不下)",
    ),
    MemorySwap => ("Memory and swap plan", "内存与换入计划"),
    EnergyPerTurn => ("Energy per turn", "每轮能耗"),
    AveragePower => ("Average power", "平均功耗"),
    TurnsWord => ("turns", "轮"),
    BudgetWord => ("budget", "预算"),
    PeakPowerTurn => ("Peak power in a turn", "单轮峰值功耗"),
    JunctionAfter => ("Junction after", "结温,连续"),
    TurnsAfter => ("turns", "轮后"),
    LimitWord => ("limit", "上限"),
    BatteryPerHour => ("Battery per hour", "每小时耗电"),
    BatteryNeedsWh => (
        "Battery per hour: give the battery capacity (Wh) to see it",
        "每小时耗电:填写电池容量(Wh)后显示",
    ),
    Overbooked => (
        "A turn lasts longer than the time between turns.",
        "一轮对话比轮次间隔还长。",
    ),
    StepByStepWord => ("step by step", "逐步计算"),
    StepByStep => ("Step by step", "逐步计算"),
    PowerHeatBattery => ("Power, heat and battery", "功耗、温度与电池"),
    PipelineInWords => ("The whole pipeline in words", "流水线完整说明"),
    Camera => ("Camera", "摄像头"),
    EncodePerFrame => ("Image encoder per frame", "每帧图像编码"),
    FramesAlone => ("frames/s alone", "帧/秒（仅编码）"),
    FramesAnswered => ("Frames answered", "可回答的帧"),
    SpeechEnds => ("end of speech", "说完"),
    FirstAudio => ("first audio", "首个音频"),
    FrameTaken => ("frame", "拍下画面"),
    FirstWord => ("first word", "第一个字"),
    ZoomSpeech => (
        "Zoom: from the end of speech to the first audio",
        "放大:从说完到首个音频",
    ),
    ZoomFrame => (
        "Zoom: from the frame to the first word",
        "放大:从拍下画面到第一个字",
    ),
    SinceSpeech => ("time from the start of speech", "从开始说话起的时间"),
    SinceQuestion => ("time from the start of the question", "从开始提问起的时间"),
    WhatCol => ("what", "内容"),
    StartCol => ("start", "开始"),
    EndCol => ("end", "结束"),
    GanttTitle => ("One turn, stage by stage", "一轮对话的各阶段时间线"),
    WeightsWord => ("weights", "权重"),
    WorkspaceWord => ("workspace", "工作区"),
    RuntimeWord => ("runtime", "运行时"),
    TotalWord => ("total", "合计"),
    LoadWord => ("load", "加载"),
    ResidentWord => ("resident", "常驻"),
    Yes => ("yes", "是"),
    OnDemand => ("on demand", "按需加载"),
    MemoryByStage => ("Memory by stage", "各阶段内存"),
}

/// Accuracy next to speed and size: a quantization preset's published quality delta with its source, or a
/// plain statement that none was read (never a guess).
#[must_use]
pub fn quality_note(q: Option<&Quality>, lang: Lang) -> String {
    match q {
        Some(q) => {
            let delta = edgefit_core::numfmt::display(q.ppl_delta);
            lang.pick(
                format!(
                    "Quality: perplexity +{delta} on {} (source: {})",
                    q.model, q.source
                ),
                format!(
                    "质量：在 {} 上困惑度 +{delta}（来源：{}）",
                    q.model, q.source
                ),
            )
        }
        None => lang
            .pick(
                "Quality: no published accuracy delta was read for this format.",
                "质量：未读到该格式公开的精度变化数据。",
            )
            .into(),
    }
}

/// How the best-model ranking is ranked: the benchmark, and how many model × format pairs meet every target.
#[must_use]
pub fn best_basis(best: &Best, lang: Lang) -> String {
    lang.pick(
        format!(
            "Ranked by {}: the model's published score at 16 bits minus the format's published loss. Each model's best format; {} model × format pairs meet every target (the JSON lists them all).",
            best.benchmark,
            best.candidates.len()
        ),
        format!(
            "按 {} 排序：模型公布的 16 位得分减去该格式公布的精度损失。每个模型取其最佳格式；共有 {} 个“模型 × 格式”组合满足全部目标（JSON 中列出全部）。",
            best.benchmark,
            best.candidates.len()
        ),
    )
}

/// A candidate's quality cell: the score and what it is made of, the model's 16-bit score where the
/// format's loss is not published (with llama.cpp's perplexity increase), or "unknown".
#[must_use]
pub fn best_quality(c: &Candidate, lang: Lang) -> String {
    match (c.known, c.quality, c.model_score, c.format_loss) {
        // Scores are published to 0.01 points: four significant digits keep them. A format that scored
        // above 16 bits (a negative loss, as published) reads as an addition.
        (Known::Quality, Some(q), Some(s), Some(l)) if l != 0.0 => {
            let (op, l) = if l < 0.0 { ('+', -l) } else { ('−', l) };
            format!(
                "{} ({} {op} {})",
                fmt_num(q, 4),
                fmt_num(s, 4),
                fmt_num(l, 3)
            )
        }
        (Known::Quality, Some(q), _, _) => fmt_num(q, 4),
        (Known::ModelOnly, _, Some(s), _) => {
            let ppl = c.ppl_delta.map(|p| {
                lang.pick(
                    format!("; +{} perplexity on Llama-3-8B", fmt_num(p, 3)),
                    format!("；Llama-3-8B 上困惑度 +{}", fmt_num(p, 3)),
                )
            });
            lang.pick(
                format!(
                    "{} at 16 bits (format loss not published{})",
                    fmt_num(s, 4),
                    ppl.clone().unwrap_or_default()
                ),
                format!(
                    "16 位时 {}（该格式损失未公布{}）",
                    fmt_num(s, 4),
                    ppl.unwrap_or_default()
                ),
            )
        }
        _ => lang.pick("unknown", "未知").into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_term_has_words_in_both_languages() {
        for &t in ALL_TERMS {
            let (en, zh) = (term(t, Lang::En), term(t, Lang::Zh));
            assert!(!en.is_empty() && !zh.is_empty() && en != zh, "{t:?}");
        }
    }
}
