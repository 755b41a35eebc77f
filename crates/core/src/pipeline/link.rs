//! A pipeline in one link, readable and backward compatible:
//!
//! ```text
//! v=1&stages=asr,llm,tts&timing=seq&e2e_ms=800&device=…&bw_gbps=50
//!    &s1.llm=whisper-base&s1.w_bits=8&s2.params_b=1.5&s3.llm=kokoro-82m&s3.fps=1
//! ```
//!
//! - `stages=` lists the roles in order ([`Role::code`]); `timing=` is [`Timing::code`]; the conversation
//!   fields ([`TurnField`]) are written by their own keys, unprefixed.
//! - Unprefixed engine keys are shared by every stage: the device (written from the first stage) and
//!   anything else a stage does not set itself. `sN.key` (N from 1) is stage N's own key: its model,
//!   quantization, backend, framework and targets, exactly as a single-model link writes them.
//! - A link without `stages=` is a one-stage scenario exactly as [`crate::codec::decode`] reads it today
//!   (it may carry the conversation keys too). [`encode`] always writes `stages=`.
//!
//! Every key is read on its own; a bad one falls back for that key with an [`Issue`] naming it as written
//! (`s2.w_bits`).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{Pipeline, Role, Stage, Timing, TurnField, ALL_TURN_FIELDS, MAX_STAGES};
use crate::codec::{self, pct_decode, pct_encode, Issue, ValueProblem, DEVICE_KEY, UNSET_KEY};
use crate::input::{Field, Group, Problem};

/// Link key listing the stages' roles (`stages=asr,llm,tts`).
pub const STAGES_KEY: &str = "stages";
/// Link key of the timing (`timing=seq`).
pub const TIMING_KEY: &str = "timing";

/// A decoded pipeline link.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodedPipeline {
    /// The pipeline: defaults, overridden by every usable key.
    pub pipeline: Pipeline,
    /// Whether the link named its stages (`stages=`); false for a plain single-model link.
    pub staged: bool,
    /// Caller-owned keys, in link order.
    pub extras: Vec<(String, String)>,
    /// What was not used as written.
    pub issues: Vec<Issue>,
}

type Pairs = Vec<(String, String)>;

fn hash_of(link: &str) -> &str {
    match link.find('#') {
        Some(i) => &link[i + 1..],
        None => link.split_once('?').map_or(link, |(_, q)| q),
    }
    .trim()
}

fn pairs_of(hash: &str) -> Pairs {
    hash.split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (pct_decode(k), pct_decode(v))
        })
        .collect()
}

fn join(pairs: &[(String, String)]) -> String {
    let mut out = String::new();
    for (k, v) in pairs {
        if !out.is_empty() {
            out.push('&');
        }
        pct_encode(k, &mut out);
        out.push('=');
        pct_encode(v, &mut out);
    }
    out
}

/// Whether an engine key belongs to the shared device.
fn is_device_key(key: &str) -> bool {
    key == DEVICE_KEY || Field::from_key(key).is_some_and(|f| f.spec().group == Group::Device)
}

fn is_pipeline_key(key: &str) -> bool {
    key == STAGES_KEY || key == TIMING_KEY || TurnField::from_key(key).is_some()
}

/// Stage index of a `sN.key` key (0-based) and the key, when it has that shape.
fn stage_key(key: &str) -> Option<(usize, &str)> {
    let rest = key.strip_prefix('s')?;
    let (digits, k) = rest.split_once('.')?;
    let n: usize = digits.parse().ok()?;
    // `s0.` is not a stage (and `n - 1` must not be computed for it: it overflows).
    let i = n.checked_sub(1)?;
    (!k.is_empty() && digits == n.to_string()).then_some((i, k))
}

fn with_key(issue: Issue, prefix: &str) -> Issue {
    match issue {
        Issue::UnknownKey { key } => Issue::UnknownKey {
            key: format!("{prefix}{key}"),
        },
        Issue::BadValue {
            key,
            value,
            problem,
        } => Issue::BadValue {
            key: format!("{prefix}{key}"),
            value,
            problem,
        },
        Issue::Duplicate { key } => Issue::Duplicate {
            key: format!("{prefix}{key}"),
        },
        other => other,
    }
}

/// Write a pipeline as a link hash (without the `#`). The link always names its stages, even one: what
/// opens it (the page's pipeline view, `edgefit pipeline`) reads it back as the pipeline it was, while a
/// plain single-model link still decodes as a one-stage pipeline.
#[must_use]
pub fn encode(p: &Pipeline, extras: &[(&str, &str)]) -> String {
    let p = p.normalized();
    let mut pipeline_pairs: Pairs = Vec::new();
    if p.timing != Timing::default() {
        pipeline_pairs.push((TIMING_KEY.into(), p.timing.code().into()));
    }
    for &f in ALL_TURN_FIELDS {
        let x = p.get(f);
        if x != f.spec().default {
            pipeline_pairs.push((f.key().into(), codec::format_value(&crate::Value::exact(x))));
        }
    }
    let roles: Vec<&str> = p.stages.iter().map(|s| s.role.code()).collect();
    let mut out = format!("v={}&{STAGES_KEY}={}", codec::VERSION, roles.join(","));
    let mut shared: Pairs = Vec::new();
    let mut own: Pairs = Vec::new();
    for (i, stage) in p.stages.iter().enumerate() {
        let prefix = format!("s{}.", i + 1);
        for (k, v) in pairs_of(&codec::encode(&stage.inputs, &[])) {
            if k == "v" {
                continue;
            }
            if k == UNSET_KEY {
                let (dev, rest): (Vec<&str>, Vec<&str>) =
                    v.split('.').partition(|key| is_device_key(key));
                if i == 0 && !dev.is_empty() {
                    shared.push((k.clone(), dev.join(".")));
                }
                if !rest.is_empty() {
                    own.push((format!("{prefix}{k}"), rest.join(".")));
                }
            } else if is_device_key(&k) {
                if i == 0 {
                    shared.push((k, v));
                }
            } else {
                own.push((format!("{prefix}{k}"), v));
            }
        }
    }
    for part in [&pipeline_pairs, &shared, &own] {
        if !part.is_empty() {
            out.push('&');
            out.push_str(&join(part));
        }
    }
    for (k, v) in extras {
        out.push('&');
        out.push_str(&join(&[((*k).into(), (*v).into())]));
    }
    out
}

/// Read the pipeline keys (`timing`, conversation fields) into `p`.
fn read_pipeline_key(p: &mut Pipeline, key: &str, val: &str, issues: &mut Vec<Issue>) {
    let bad = |problem| Issue::BadValue {
        key: key.into(),
        value: val.into(),
        problem,
    };
    if key == TIMING_KEY {
        match Timing::from_code(val) {
            Some(t) => p.timing = t,
            None => issues.push(bad(ValueProblem::UnknownOption)),
        }
        return;
    }
    let Some(f) = TurnField::from_key(key) else {
        return;
    };
    match codec::parse_value(val) {
        None => issues.push(bad(ValueProblem::NotANumber)),
        Some(v) if v.is_range() => issues.push(bad(ValueProblem::Field(Problem::NoRange))),
        Some(v) => match f.spec().check(v.mid) {
            Ok(()) => p.set(f, v.mid),
            Err(e) => issues.push(bad(ValueProblem::Field(e))),
        },
    }
}

/// Read a pipeline link (or a plain single-model link). `extra_keys` are the caller's own keys.
#[must_use]
pub fn decode(link: &str, extra_keys: &[&str]) -> DecodedPipeline {
    let hash = hash_of(link);
    if hash.trim().len() > codec::MAX_LEN {
        // Too long as a whole: refused like a plain link (nothing read, one `TooLong` issue). Each stage's
        // own decode below sees only part of the link and would not notice.
        let d = codec::decode(link, extra_keys);
        return DecodedPipeline {
            pipeline: Pipeline::single(d.inputs),
            staged: false,
            extras: d.extras,
            issues: d.issues,
        };
    }
    let pairs = pairs_of(hash);
    let mut own_keys: Vec<&str> = extra_keys.to_vec();
    own_keys.push(TIMING_KEY);
    own_keys.extend(ALL_TURN_FIELDS.iter().map(|f| f.key()));
    let Some((_, stages_val)) = pairs.iter().rev().find(|(k, _)| k == STAGES_KEY) else {
        // A plain link: one stage, exactly as the single-model codec reads it.
        let d = codec::decode(link, &own_keys);
        let mut p = Pipeline::single(d.inputs);
        let mut issues = d.issues;
        let mut extras = Vec::new();
        for (k, v) in d.extras {
            if is_pipeline_key(&k) {
                read_pipeline_key(&mut p, &k, &v, &mut issues);
            } else {
                extras.push((k, v));
            }
        }
        return DecodedPipeline {
            pipeline: p,
            staged: false,
            extras,
            issues,
        };
    };
    let mut issues = Vec::new();
    let mut roles = Vec::new();
    for code in stages_val.split([',', '.']).filter(|c| !c.is_empty()) {
        match Role::from_code(code) {
            Some(r) => roles.push(r),
            None => {
                issues.push(Issue::BadValue {
                    key: STAGES_KEY.into(),
                    value: code.into(),
                    problem: ValueProblem::UnknownOption,
                });
                roles.push(Role::Other);
            }
        }
    }
    if roles.len() > MAX_STAGES {
        issues.push(Issue::BadValue {
            key: STAGES_KEY.into(),
            value: stages_val.clone(),
            problem: ValueProblem::Field(Problem::TooHigh {
                max: crate::input::Bound {
                    value: MAX_STAGES as f64,
                    inclusive: true,
                },
            }),
        });
        roles.truncate(MAX_STAGES);
    }
    if roles.is_empty() {
        issues.push(Issue::BadValue {
            key: STAGES_KEY.into(),
            value: stages_val.clone(),
            problem: ValueProblem::UnknownOption,
        });
        roles.push(Role::Llm);
    }
    // Split the pairs: pipeline keys, shared engine keys, each stage's own.
    let mut p = Pipeline::new(Vec::new());
    let mut shared: Pairs = Vec::new();
    let mut own: Vec<Pairs> = alloc::vec![Vec::new(); roles.len()];
    for (k, v) in &pairs {
        if k == STAGES_KEY {
            continue;
        }
        if is_pipeline_key(k) {
            read_pipeline_key(&mut p, k, v, &mut issues);
        } else if let Some((i, key)) = stage_key(k) {
            match own.get_mut(i) {
                Some(o) => o.push((key.into(), v.clone())),
                None => issues.push(Issue::UnknownKey { key: k.clone() }),
            }
        } else {
            shared.push((k.clone(), v.clone()));
        }
    }
    // The shared keys once, for their issues and the caller's extras.
    let d = codec::decode(&join(&shared), extra_keys);
    issues.extend(d.issues);
    for (i, role) in roles.iter().enumerate() {
        let mine = &own[i];
        let has = |key: &str| mine.iter().any(|(k, _)| k == key);
        let mut combined: Pairs = shared
            .iter()
            .filter(|(k, _)| !has(k) || k == UNSET_KEY)
            .cloned()
            .collect();
        for (k, v) in mine {
            match combined
                .iter_mut()
                .find(|(c, _)| c == UNSET_KEY && k == UNSET_KEY)
            {
                Some((_, u)) => {
                    u.push('.');
                    u.push_str(v);
                }
                None => combined.push((k.clone(), v.clone())),
            }
        }
        let ds = codec::decode(&join(&combined), extra_keys);
        let prefix = format!("s{}.", i + 1);
        issues.extend(
            ds.issues
                .into_iter()
                .filter(|x| x.key().is_some_and(has))
                .map(|x| with_key(x, &prefix)),
        );
        p.stages.push(Stage {
            role: *role,
            inputs: ds.inputs,
        });
    }
    DecodedPipeline {
        pipeline: p,
        staged: true,
        extras: d.extras,
        issues,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Inputs;

    #[track_caller]
    fn round_trip(p: &Pipeline) {
        let link = encode(p, &[]);
        let d = decode(&link, &[]);
        assert!(d.issues.is_empty(), "{link}: {:?}", d.issues);
        assert_eq!(d.pipeline, p.normalized(), "{link}");
    }

    #[test]
    fn the_voice_assistant_round_trips_and_reads_well() {
        let p = Pipeline::voice_assistant();
        let link = encode(&p, &[]);
        let head = format!("v={}&stages=asr,llm,tts&", codec::VERSION);
        assert!(link.starts_with(&head), "{link}");
        assert!(link.contains("s1.llm=whisper-base"), "{link}");
        assert!(link.contains("s3.llm=kokoro-82m"), "{link}");
        assert!(
            !link.contains("s2."),
            "the seed's LLM is the default: {link}"
        );
        round_trip(&p);
        let mut q = p.with(TurnField::E2eMs, 800.0);
        q.timing = Timing::Sequential;
        q.stages[0].inputs.set_exact(Field::BandwidthGbps, 51.2);
        q.stages[0]
            .inputs
            .set(Field::BatteryWh, Some(crate::Value::exact(15.0)));
        q.stages[1].inputs.set_exact(Field::WeightBits, 3.5);
        q.stages[2].inputs.set_exact(Field::BandwidthGbps, 1.0);
        round_trip(&q);
    }

    #[test]
    fn a_link_without_stages_is_todays_scenario() {
        for link in [
            "v=1",
            "v=1&bw_gbps=50&tpot_ms=40",
            "v=1&model=oneshot&gop=8.2&fps=30",
        ] {
            let d = decode(link, &[]);
            let c = codec::decode(link, &[]);
            assert!(!d.staged && d.issues == c.issues);
            assert_eq!(d.pipeline, Pipeline::single(c.inputs), "{link}");
            // Written back, it names its one stage, and reads back the same.
            let again = encode(&d.pipeline, &[]);
            assert!(
                again.contains("&stages=llm") || again.contains("&stages=other"),
                "{again}"
            );
            let back = decode(&again, &[]);
            assert!(back.staged && back.issues.is_empty(), "{again}");
            assert_eq!(back.pipeline, d.pipeline, "{again}");
        }
        // …and may carry the conversation's keys.
        let d = decode("v=1&e2e_ms=700&lang=zh", &["lang"]);
        assert!(d.issues.is_empty());
        assert_eq!(d.pipeline.get(TurnField::E2eMs), 700.0);
        assert_eq!(d.extras, alloc::vec![("lang".into(), "zh".into())]);
        round_trip(&Pipeline::single(Inputs::default()).with(TurnField::Turns, 5.0));
    }

    /// An over-long staged link is refused as a whole, like a plain one (it used to be read stage by
    /// stage, each stage's part silently falling back to defaults).
    #[test]
    fn an_over_long_pipeline_link_is_refused() {
        let long = format!(
            "v=1&stages=asr,llm&s2.bw_gbps=40&s1.x={}",
            "a".repeat(codec::MAX_LEN)
        );
        let d = decode(&long, &[]);
        assert!(
            matches!(d.issues.as_slice(), [Issue::TooLong { .. }]),
            "{:?}",
            d.issues
        );
        assert_eq!(d.pipeline, Pipeline::single(Inputs::default()));
    }

    /// Found by the fuzz driver: `s0.key` computed `0 - 1` (a panic in debug builds).
    #[test]
    fn stage_zero_is_an_unknown_key_not_an_overflow() {
        assert_eq!(stage_key("s0.fw"), None);
        assert_eq!(stage_key("s1.fw"), Some((0, "fw")));
        assert_eq!(stage_key("s01.fw"), None);
        let d = decode("v=1&stages=llm&s0.fw=mlc_llm", &[]);
        assert_eq!(
            d.issues,
            alloc::vec![Issue::UnknownKey {
                key: "s0.fw".into()
            }]
        );
    }

    #[test]
    fn bad_keys_fall_back_alone_and_are_named() {
        let d = decode(
            "v=1&stages=asr,llm,robot&s2.w_bits=99&s9.bw_gbps=1&s1.nope=1&turns=0.5&bw_gbps=50",
            &[],
        );
        let keys: Vec<&str> = d.issues.iter().filter_map(Issue::key).collect();
        assert_eq!(
            keys,
            ["stages", "s9.bw_gbps", "turns", "s1.nope", "s2.w_bits"],
            "{:?}",
            d.issues
        );
        let p = &d.pipeline;
        assert_eq!(p.stages.len(), 3);
        assert_eq!(p.stages[2].role, Role::Other);
        assert_eq!(p.stages[1].inputs.mid(Field::WeightBits), Some(4.0));
        assert_eq!(p.get(TurnField::Turns), 20.0);
        assert!(p
            .stages
            .iter()
            .all(|s| s.inputs.mid(Field::BandwidthGbps) == Some(50.0)));
    }
}
