//! Messages for people: validation errors and link issues, naming the field by label and key, what was
//! given and what is allowed.

use edgefit_core::codec::{Issue, ValueProblem, MAX_LEN, VERSION};
use edgefit_core::input::{Bound, Problem, Unit};
use edgefit_core::scenario::{FieldError, InputProblem, InputRef};
use edgefit_core::{Activation, Backend, Field, Granularity, ModelKind};

use crate::labels::{field_label, unit_label};
use crate::num::fmt_num;
use crate::Lang;

/// A value as it was typed: shortest round-trip form (`9`, `0.6`, `1e-7`), in exponent form where it would
/// run long (`1e300`, not 301 digits).
fn plain(x: f64) -> String {
    edgefit_core::numfmt::short(x)
}

/// A number and the field's unit.
fn with_field_unit(x: f64, f: Field, lang: Lang) -> String {
    crate::num::with_unit(&plain(x), unit_label(f.spec().unit, lang))
}

/// `Label (key)`, with an English label lower-cased when it reads as a common noun ("total memory").
fn name(f: Field, lang: Lang, lower: bool) -> String {
    let label = field_label(f, lang);
    let mut cs = label.chars();
    let label = match (lang, cs.next(), cs.next()) {
        (Lang::En, Some(a), Some(b))
            if lower && a.is_ascii_uppercase() && b.is_ascii_lowercase() =>
        {
            format!("{}{}", a.to_ascii_lowercase(), &label[1..])
        }
        _ => label.to_string(),
    };
    match lang {
        Lang::En => format!("{label} ({})", f.key()),
        Lang::Zh => format!("{label}（{}）", f.key()),
    }
}

fn bound_low(b: Bound, f: Field, lang: Lang) -> String {
    let v = with_field_unit(b.value, f, lang);
    match (lang, b.inclusive) {
        (Lang::En, true) => format!("must be at least {v}"),
        (Lang::En, false) => format!("must be above {v}"),
        (Lang::Zh, true) => format!("不能小于 {v}"),
        (Lang::Zh, false) => format!("必须大于 {v}"),
    }
}

fn bound_high(b: Bound, f: Field, lang: Lang) -> String {
    let v = with_field_unit(b.value, f, lang);
    match (lang, b.inclusive) {
        (Lang::En, true) => format!("must be at most {v}"),
        (Lang::En, false) => format!("must be below {v}"),
        (Lang::Zh, true) => format!("不能大于 {v}"),
        (Lang::Zh, false) => format!("必须小于 {v}"),
    }
}

/// What is wrong with a value of field `f`, and what is allowed (`"must be at most 1 (a share: 0.6 means
/// 60 %)"`). No field name, no value: [`field_error`] and [`codec_issue`] add those.
#[must_use]
pub fn problem_text(f: Field, p: &Problem, lang: Lang) -> String {
    let share = f.spec().unit == Unit::Ratio;
    let mut s = match p {
        Problem::NotFinite => lang
            .pick("must be a finite number", "必须是有限的数字")
            .into(),
        Problem::TooLow { min } => bound_low(*min, f, lang),
        Problem::TooHigh { max } => bound_high(*max, f, lang),
        Problem::NotInteger => lang.pick("must be a whole number", "必须是整数").into(),
        Problem::NotFlag => lang
            .pick("must be 0 (no) or 1 (yes)", "只能是 0（否）或 1（是）")
            .into(),
        Problem::NoRange => lang
            .pick("takes one number, not a range", "只能填一个数，不能填区间")
            .into(),
        Problem::RangeOrder => lang
            .pick(
                "a range must be written low~high or low~expected~high, in order",
                "区间须按 低~高 或 低~期望~高 的顺序填写",
            )
            .into(),
        Problem::MustBeBelow { other, limit } => match lang {
            Lang::En => format!(
                "must be below {} = {}",
                name(*other, lang, true),
                with_field_unit(*limit, *other, lang)
            ),
            Lang::Zh => format!(
                "必须小于{}= {}",
                name(*other, lang, true),
                with_field_unit(*limit, *other, lang)
            ),
        },
        Problem::MustNotExceed { other, limit } => match lang {
            Lang::En => format!(
                "must not exceed {} = {}",
                name(*other, lang, true),
                with_field_unit(*limit, *other, lang)
            ),
            Lang::Zh => format!(
                "不能超过{}= {}",
                name(*other, lang, true),
                with_field_unit(*limit, *other, lang)
            ),
        },
        Problem::Missing => lang.pick("is required", "必须填写").into(),
        Problem::ImageTokens { tokens, limit } => match lang {
            Lang::En => format!(
                "the prompt and its image tokens ({}) exceed the context = {}",
                fmt_num(*tokens, 6),
                fmt_num(*limit, 6)
            ),
            Lang::Zh => format!(
                "提示词与图像 token 合计 {}，超过上下文长度 {}",
                fmt_num(*tokens, 6),
                fmt_num(*limit, 6)
            ),
        },
        // `Problem` is non-exhaustive; every variant today has its words above.
        _ => lang.pick("is not valid", "无效").into(),
    };
    if share && matches!(p, Problem::TooLow { .. } | Problem::TooHigh { .. }) {
        s.push_str(lang.pick(" (a share: 0.6 means 60 %)", "（比例：0.6 表示 60%）"));
    }
    s
}

/// A validation error for people: the field by label and key, what was given, what is allowed
/// (`"Reserved memory (reserved_gb) = 9 GB: must be below total memory (mem_gb) = 8 GB"`).
#[must_use]
pub fn field_error(e: &FieldError, lang: Lang) -> String {
    match (&e.input, &e.problem) {
        (InputRef::Field(f), InputProblem::Value(p)) => {
            let head = name(*f, lang, false);
            let given = e
                .value
                .filter(|v| !v.is_nan())
                .map(|v| format!("{}{}", lang.pick(" = ", "= "), with_field_unit(v, *f, lang)))
                .unwrap_or_default();
            let sep = lang.pick(": ", "：");
            format!("{head}{given}{sep}{}", problem_text(*f, p, lang))
        }
        (_, InputProblem::UnknownFramework(id)) => {
            let known = known_frameworks();
            match lang {
                Lang::En => format!(
                    "Framework (fw) = \"{id}\": no framework preset with this id (known: {known})"
                ),
                Lang::Zh => format!("推理框架（fw）= \"{id}\"：没有这个框架预设（可选：{known}）"),
            }
        }
        // Only numeric problems are left (an unknown framework has its words above): core's message for
        // them, without the framework arm's `{:?}` (std's string escaping) in the page's wasm.
        _ => e.value_message().unwrap_or_default(),
    }
}

fn known_frameworks() -> String {
    edgefit_core::presets::ALL_FRAMEWORKS
        .iter()
        .map(|f| f.id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The options a choice key accepts, for "not one of the options" messages.
fn options(key: &str) -> Option<String> {
    let join = |v: Vec<&str>| v.join(", ");
    Some(match key {
        ModelKind::KEY => join(
            edgefit_core::input::ALL_MODEL_KINDS
                .iter()
                .map(|x| x.code())
                .collect(),
        ),
        Granularity::KEY => join(
            edgefit_core::input::ALL_GRANULARITIES
                .iter()
                .map(|x| x.code())
                .collect(),
        ),
        Activation::KEY => join(
            edgefit_core::input::ALL_ACTIVATIONS
                .iter()
                .map(|x| x.code())
                .collect(),
        ),
        edgefit_core::vision::ImageRule::KEY => join(
            edgefit_core::vision::ALL_IMAGE_RULES
                .iter()
                .map(|x| x.code())
                .collect(),
        ),
        Backend::KEY => join(
            edgefit_core::input::ALL_BACKENDS
                .iter()
                .map(|x| x.code())
                .collect(),
        ),
        "fw" => known_frameworks(),
        _ => return None,
    })
}

/// The known key nearest to an unknown one, when it is a likely typo (edit distance ≤ 2).
fn nearest_key(key: &str) -> Option<String> {
    fn dist(a: &str, b: &str) -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut prev: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut cur = vec![i + 1; b.len() + 1];
            for (j, &cb) in b.iter().enumerate() {
                cur[j + 1] = (prev[j] + usize::from(ca != cb))
                    .min(prev[j + 1] + 1)
                    .min(cur[j] + 1);
            }
            prev = cur;
        }
        prev[b.len()]
    }
    edgefit_core::codec::engine_keys()
        .into_iter()
        .map(|k| (dist(key, &k), k))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// What is wrong with the value of a link key that is not an engine field (a pipeline's `stages=`, its
/// conversation keys): the rule it breaks, with the bound as a plain number.
fn bare_problem(key: &str, p: &Problem, lang: Lang) -> String {
    let n = |x: f64| fmt_num(x, 6);
    match (p, key) {
        (Problem::TooHigh { max }, "stages") => match lang {
            Lang::En => format!("lists more than {} stages", n(max.value)),
            Lang::Zh => format!("超过 {} 个阶段", n(max.value)),
        },
        (Problem::TooLow { min }, "stages") => match lang {
            Lang::En => format!("lists fewer than {} stage(s)", n(min.value)),
            Lang::Zh => format!("少于 {} 个阶段", n(min.value)),
        },
        (Problem::TooLow { min }, _) => match (lang, min.inclusive) {
            (Lang::En, true) => format!("must be at least {}", n(min.value)),
            (Lang::En, false) => format!("must be above {}", n(min.value)),
            (Lang::Zh, true) => format!("不能小于 {}", n(min.value)),
            (Lang::Zh, false) => format!("必须大于 {}", n(min.value)),
        },
        (Problem::TooHigh { max }, _) => match (lang, max.inclusive) {
            (Lang::En, true) => format!("must be at most {}", n(max.value)),
            (Lang::En, false) => format!("must be below {}", n(max.value)),
            (Lang::Zh, true) => format!("不能大于 {}", n(max.value)),
            (Lang::Zh, false) => format!("必须小于 {}", n(max.value)),
        },
        (Problem::NotFinite, _) => lang
            .pick("must be a finite number", "必须是有限的数字")
            .into(),
        (Problem::NotInteger, _) => lang.pick("must be a whole number", "必须是整数").into(),
        (Problem::NoRange, _) => lang
            .pick("takes one number, not a range", "只能填一个数，不能填区间")
            .into(),
        _ => lang.pick("is not allowed here", "在此不允许").into(),
    }
}

/// A link issue for people (`"link key `bw_gbps=abc` is not a number; kept the default"`). Always names the
/// key when there is one.
#[must_use]
pub fn codec_issue(issue: &Issue, lang: Lang) -> String {
    issue_text(issue, lang, true)
}

/// A link issue as [`codec_issue`] says it, for a reader that refuses the input instead of keeping the
/// default (the CLI): without "kept the default".
#[must_use]
pub fn codec_issue_refused(issue: &Issue, lang: Lang) -> String {
    issue_text(issue, lang, false)
}

fn issue_text(issue: &Issue, lang: Lang, keeps_default: bool) -> String {
    let kept = if keeps_default {
        lang.pick("; kept the default", "；已沿用默认值")
    } else {
        ""
    };
    match issue {
        Issue::TooLong { len } => match lang {
            Lang::En => format!("the link is {len} characters, longer than {MAX_LEN}: ignored, defaults used"),
            Lang::Zh => format!("链接长 {len} 个字符，超过 {MAX_LEN}：已忽略，使用默认值"),
        },
        Issue::NewerVersion { found } => match lang {
            Lang::En => format!(
                "link version `v={found}` is newer than this edgefit (it reads v={VERSION}); keys were read as v={VERSION}"
            ),
            Lang::Zh => format!("链接版本 `v={found}` 比本程序新（本程序读取 v={VERSION}）；已按 v={VERSION} 解读"),
        },
        Issue::BadVersion { value } => match lang {
            Lang::En => format!("link version `v={value}` is not a version number"),
            Lang::Zh => format!("链接版本 `v={value}` 不是版本号"),
        },
        Issue::UnknownKey { key } => {
            // An empty key (`=5`) resembles nothing: no guess.
            let hint = (!key.is_empty()).then(|| nearest_key(key)).flatten();
            match (lang, hint) {
                (Lang::En, None) if key.is_empty() => "a link part without a key, ignored".into(),
                (Lang::Zh, None) if key.is_empty() => "链接中有一段没有参数名，已忽略".into(),
                (Lang::En, Some(h)) => format!("unknown link key `{key}`, ignored (did you mean `{h}`?)"),
                (Lang::En, None) => format!("unknown link key `{key}`, ignored"),
                (Lang::Zh, Some(h)) => format!("未知的链接参数 `{key}`，已忽略（是否想写 `{h}`？）"),
                (Lang::Zh, None) => format!("未知的链接参数 `{key}`，已忽略"),
            }
        }
        Issue::BadValue { key, value, problem } => {
            let what = match problem {
                ValueProblem::NotANumber => lang
                    .pick(
                        "is not a number (write 50, or a range 40~60)",
                        "不是数字（可写 50，或区间 40~60）",
                    )
                    .to_string(),
                ValueProblem::UnknownOption => match (lang, options(key)) {
                    (Lang::En, Some(o)) => format!("is not one of the options ({o})"),
                    (Lang::Zh, Some(o)) => format!("不是可选项（可选：{o}）"),
                    (Lang::En, None) => "is not one of the options".into(),
                    (Lang::Zh, None) => "不是可选项".into(),
                },
                ValueProblem::NotAPowerMode { valid } if valid.is_empty() => lang
                    .pick(
                        "is not available: the link names no device with published power modes",
                        "不可用：链接中的设备没有公布的功耗模式",
                    )
                    .to_string(),
                ValueProblem::NotAPowerMode { valid } => match lang {
                    Lang::En => format!("is not a power mode of this device (one of: {})", valid.join(", ")),
                    Lang::Zh => format!("不是该设备的功耗模式（可选：{}）", valid.join("、")),
                },
                ValueProblem::Field(p) => match Field::from_key(key) {
                    Some(f) => match lang {
                        Lang::En => format!("{} {}", field_label(f, lang), problem_text(f, p, lang)),
                        Lang::Zh => format!("{}{}", field_label(f, lang), problem_text(f, p, lang)),
                    },
                    None => bare_problem(key, p, lang),
                },
            };
            match lang {
                Lang::En => format!("link key `{key}={value}` {what}{kept}"),
                Lang::Zh => format!("链接参数 `{key}={value}` {what}{kept}"),
            }
        }
        Issue::Duplicate { key } => match lang {
            Lang::En => format!("link key `{key}` is given twice; the last one counts"),
            Lang::Zh => format!("链接参数 `{key}` 出现了两次；以最后一次为准"),
        },
        other => format!("{other}"),
    }
}

/// What the CLI says after the problems of its input, when it stops without computing (the page instead
/// keeps the default of each bad key and carries on).
#[must_use]
pub fn nothing_computed(lang: Lang) -> &'static str {
    lang.pick(
        "nothing computed: fix the key(s) above (exit status 2)",
        "未计算：请先修正上面的参数（退出码 2）",
    )
}

/// A form field whose text is not a number (the engine never sees it: validation is of numbers), with
/// what to type instead: a number, or a range where the field takes one.
#[must_use]
pub fn not_a_number(f: Field, text: &str, lang: Lang) -> String {
    let label = field_label(f, lang);
    let key = f.key();
    let range = f.spec().kind == edgefit_core::input::Kind::Real;
    match (lang, range) {
        (Lang::En, true) => format!(
            "{label} ({key}) = \"{text}\": not a number; type a number such as 0.5, or a range such as 0.4~0.6"
        ),
        (Lang::En, false) => {
            format!("{label} ({key}) = \"{text}\": not a number; type one number such as 25")
        }
        (Lang::Zh, true) => format!(
            "{label}（{key}）= \"{text}\"：不是数字；请填一个数（如 0.5）或区间（如 0.4~0.6）"
        ),
        (Lang::Zh, false) => {
            format!("{label}（{key}）= \"{text}\"：不是数字；请填一个数（如 25）")
        }
    }
}

/// What the page says if it ever breaks (a panic): the words before the link that still holds the
/// scenario, and what to do next.
#[must_use]
pub fn crash_message(lang: Lang) -> (&'static str, &'static str) {
    lang.pick(
        (
            "Something went wrong — your scenario is safe in this link:",
            "Reload the page (or open the link) to carry on.",
        ),
        (
            "出错了——你的场景仍保存在这个链接里：",
            "刷新页面（或打开这个链接）即可继续。",
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::codec::decode;
    use edgefit_core::{validate, Inputs};

    #[track_caller]
    fn link_says(link: &str, lang: Lang, want: &[&str]) {
        let d = decode(link, &[]);
        assert!(!d.issues.is_empty(), "{link}: no issue");
        let msg = codec_issue(&d.issues[0], lang);
        for w in want {
            assert!(msg.contains(w), "{link}: {msg:?} lacks {w:?}");
        }
    }

    #[track_caller]
    fn invalid_says(inputs: &Inputs, lang: Lang, want: &[&str]) {
        let errs = validate(inputs).expect_err("should be invalid");
        let msg = field_error(&errs.0[0], lang);
        for w in want {
            assert!(msg.contains(w), "{msg:?} lacks {w:?}");
        }
    }

    #[test]
    fn pipeline_keys_say_the_rule_in_words() {
        use edgefit_core::pipeline::link;
        let d = link::decode("v=1&stages=llm,llm,llm,llm,llm,llm,llm,llm,llm", &[]);
        let en = codec_issue(&d.issues[0], Lang::En);
        assert!(
            en.contains("`stages=") && en.contains("more than 8 stages"),
            "{en}"
        );
        assert!(!en.contains('{') && !en.contains("Bound"), "{en}");
        let zh = codec_issue(&d.issues[0], Lang::Zh);
        assert!(zh.contains("超过 8 个阶段"), "{zh}");
        let d = link::decode("v=1&stages=asr,llm&turns=-3", &[]);
        let msg = codec_issue(&d.issues[0], Lang::En);
        assert!(
            msg.contains("`turns=-3`") && msg.contains("must be"),
            "{msg}"
        );
        assert!(!msg.contains("Bound"), "{msg}");
    }

    #[test]
    fn a_power_mode_not_of_the_device_lists_the_valid_ones() {
        link_says(
            "#v=2&device=nv_orin_nano_8gb&power_mode=60w",
            Lang::En,
            &[
                "`power_mode=60w`",
                "not a power mode of this device",
                "7w, 15w, 25w, maxn_super",
            ],
        );
        link_says(
            "#v=2&device=nv_orin_nano_8gb&power_mode=60w",
            Lang::Zh,
            &["power_mode=60w", "7w、15w、25w、maxn_super"],
        );
        link_says(
            "#v=2&power_mode=15w",
            Lang::En,
            &["no device with published power modes"],
        );
    }

    #[test]
    fn link_issues_name_the_key() {
        link_says(
            "#v=1&bw_gbps=abc",
            Lang::En,
            &["`bw_gbps=abc`", "not a number", "kept the default"],
        );
        link_says("#v=1&bw_gbps=abc", Lang::Zh, &["bw_gbps", "不是数字"]);
        link_says(
            "#v=1&bw_gpbs=50",
            Lang::En,
            &["`bw_gpbs`", "did you mean `bw_gbps`"],
        );
        link_says("#v=1&frobnicate=1", Lang::En, &["`frobnicate`", "unknown"]);
        link_says("#v=1&=5", Lang::En, &["without a key"]);
        link_says("#v=1&=5", Lang::Zh, &["没有参数名"]);
        link_says(
            "#v=0&bw_gbps=50",
            Lang::En,
            &["`v=0`", "not a version number"],
        );
        link_says(
            "#v=1&gran=blocky",
            Lang::En,
            &["gran=blocky", "tensor, channel, group"],
        );
        link_says(
            "#v=1&eta_bw=60",
            Lang::En,
            &["eta_bw=60", "Bandwidth utilization", "at most 1", "share"],
        );
        link_says(
            "#v=1&eta_bw=60",
            Lang::Zh,
            &["eta_bw=60", "带宽利用率", "比例"],
        );
        link_says(
            "#v=1&tpot_ms=40&tpot_ms=30",
            Lang::En,
            &["`tpot_ms`", "twice"],
        );
        link_says("#v=9", Lang::En, &["v=9", "newer"]);
    }

    #[test]
    fn validation_errors_name_label_key_value_and_limit() {
        let i = Inputs::default().with(Field::ReservedGb, 9.0);
        invalid_says(
            &i,
            Lang::En,
            &["Reserved memory (reserved_gb) = 9 GB: must be below total memory (mem_gb) = 8 GB"],
        );
        invalid_says(
            &i,
            Lang::Zh,
            &[
                "系统占用内存（reserved_gb）= 9 GB",
                "内存总量（mem_gb）",
                "必须小于",
            ],
        );
        let i = Inputs::default().with(Field::Layers, 2.5);
        invalid_says(&i, Lang::En, &["Layers (layers) = 2.5", "whole number"]);
        let mut i = Inputs::default();
        i.framework = "nope".into();
        invalid_says(&i, Lang::En, &["(fw)", "nope", "generic"]);
    }

    /// Found by trying odd values in the page: each message named something other than what was typed.
    #[test]
    fn errors_name_what_was_typed() {
        let typed = |f: Field, s: &str| {
            let mut i = Inputs::default();
            i.set(f, edgefit_core::codec::parse_value(s));
            let errs = validate(&i).expect_err(s);
            field_error(&errs.0[0], Lang::En)
        };
        // `NaN` in a one-number field is not a number, not "a range".
        let m = typed(Field::BandwidthGbps, "NaN");
        assert!(m.contains("finite") && !m.contains("range"), "{m}");
        // A range that starts at the bound names that end, not its midpoint.
        let m = typed(Field::BandwidthUtil, "0~0.5");
        assert!(m.contains("= 0: must be above 0"), "{m}");
        let m = typed(Field::BandwidthUtil, "0.5~1.5");
        assert!(m.contains("= 1.5: must be at most 1"), "{m}");
        // -0 reads as 0.
        let m = typed(Field::BandwidthGbps, "-0");
        assert!(m.contains("= 0 GB/s: must be above 0"), "{m}");
        // A runaway value is quoted in exponent form, not as 301 digits.
        let m = typed(Field::BandwidthGbps, "1e300");
        assert!(m.contains("= 1e300 GB/s"), "{m}");
    }
}
