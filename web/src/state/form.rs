//! The page's state as plain data: what the form holds (one text per field plus the choices), how it
//! becomes [`Inputs`], the checked result, and a preset applied to inputs. Pure functions; the reactive
//! wiring is in [`super::ctx`].

use edgefit_core::codec::{format_value, parse_value};
use edgefit_core::input::Group;
use edgefit_core::presets::{self, complete};
use edgefit_core::{Activation, Backend, Field, Granularity, Inputs, ModelKind, ALL_FIELDS};
pub use edgefit_glance::check::{check_read, fallback, Checked, FieldIssue, Good};

/// The choices of the form (everything that is not a numeric field).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Choices {
    /// How the model is described.
    pub model_kind: ModelKind,
    /// Quantization granularity.
    pub granularity: Granularity,
    /// Activation precision.
    pub activation: Activation,
    /// Backend.
    pub backend: Backend,
    /// Framework preset id.
    pub framework: String,
    /// Device preset id the form started from (`device=` in the link).
    pub device: Option<String>,
    /// Model preset id (`llm=`).
    pub model: Option<String>,
    /// Quantization preset id (`quant=`).
    pub quant: Option<String>,
    /// Speculative decoding's draft model preset id (`draft=`).
    pub draft: Option<String>,
    /// The device preset's power mode (`power_mode=`).
    pub power_mode: Option<String>,
}

impl Choices {
    /// The choices held in a set of inputs.
    #[must_use]
    pub fn of(inputs: &Inputs) -> Self {
        Self {
            model_kind: inputs.model_kind,
            granularity: inputs.granularity,
            activation: inputs.activation,
            backend: inputs.backend,
            framework: inputs.framework.clone(),
            device: inputs.device.clone(),
            model: inputs.model.clone(),
            quant: inputs.quant.clone(),
            draft: inputs.draft.clone(),
            power_mode: inputs.power_mode.clone(),
        }
    }
}

/// The text a field shows for a value (empty for unknown).
#[must_use]
pub fn text_of(v: Option<edgefit_core::Value>) -> String {
    v.map(|v| format_value(&v)).unwrap_or_default()
}

/// The text of every field, in [`ALL_FIELDS`] order.
#[must_use]
pub fn texts_of(inputs: &Inputs) -> Vec<String> {
    ALL_FIELDS.iter().map(|&f| text_of(inputs.get(f))).collect()
}

/// Read the form: texts in [`ALL_FIELDS`] order plus the choices. Returns the inputs (unreadable fields
/// keep their default) and the fields whose text is not a number. Empty text means "unknown"; validation
/// reports it when the field is required. Fields that do not apply to the model kind are never reported.
#[must_use]
pub fn read_form(texts: &[String], choices: &Choices) -> (Inputs, Vec<Field>) {
    let mut inputs = Inputs::default();
    inputs.model_kind = choices.model_kind;
    inputs.granularity = choices.granularity;
    inputs.activation = choices.activation;
    inputs.backend = choices.backend;
    inputs.framework.clone_from(&choices.framework);
    inputs.device.clone_from(&choices.device);
    inputs.model.clone_from(&choices.model);
    inputs.quant.clone_from(&choices.quant);
    inputs.draft.clone_from(&choices.draft);
    inputs.power_mode.clone_from(&choices.power_mode);
    let mut unreadable = Vec::new();
    for (&f, text) in ALL_FIELDS.iter().zip(texts) {
        let t = text.trim();
        if t.is_empty() {
            inputs.set(f, None);
        } else if let Some(v) = parse_value(t) {
            inputs.set(f, Some(v));
        } else if f.applies_to(choices.model_kind) {
            unreadable.push(f);
        }
    }
    (inputs, unreadable)
}

/// Apply the preset `id` of a group to the inputs. A device preset is a complete scenario
/// ([`complete::complete`]): its figures, its kind's defaults for the rest, its framework's backend and
/// the fitted constants, whatever the form held before. A quantization preset re-reads the runtime's
/// constants (a K-quant on an M1 GPU streams at its own share). False when no preset has this id.
#[must_use]
pub fn apply_preset(group: Group, id: &str, inputs: &mut Inputs) -> bool {
    match group {
        Group::Device => {
            let Some(p) = presets::device(id) else {
                return false;
            };
            p.apply(inputs);
            complete::complete(inputs, None);
            true
        }
        Group::Model => presets::model(id).map(|p| p.apply(inputs)).is_some(),
        Group::Quantization => {
            let Some(q) = presets::quant(id) else {
                return false;
            };
            q.apply(inputs);
            inputs.quant = Some(id.into());
            let b = inputs.backend;
            complete::complete_runtime(inputs, Some(b));
            true
        }
        _ => false,
    }
}

/// Check the form: read it, validate it, and evaluate it when everything is valid.
#[must_use]
pub fn check(texts: &[String], choices: &Choices) -> Checked {
    let (inputs, unreadable) = read_form(texts, choices);
    check_read(&inputs, &unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn default_form() -> (Vec<String>, Choices) {
        let i = Inputs::default();
        (texts_of(&i), Choices::of(&i))
    }

    #[track_caller]
    fn set(texts: &mut [String], f: Field, s: &str) {
        let i = ALL_FIELDS.iter().position(|&g| g == f).unwrap();
        texts[i] = s.to_string();
    }

    #[test]
    fn default_form_reads_back_to_defaults() {
        let (t, c) = default_form();
        let (inputs, bad) = read_form(&t, &c);
        assert!(bad.is_empty());
        assert_eq!(inputs, Inputs::default());
        let Checked::Good(g) = check(&t, &c) else {
            panic!("defaults must validate")
        };
        let tpot = g.evaluation.expected.tpot.full.ms();
        assert!((tpot - 85.8).abs() < 0.1, "{tpot}");
    }

    #[test]
    fn garbage_is_not_a_number() {
        let (mut t, c) = default_form();
        set(&mut t, Field::BandwidthGbps, "abc");
        assert_eq!(
            check(&t, &c).issue(Field::BandwidthGbps),
            Some(&FieldIssue::NotANumber)
        );
    }

    #[test]
    fn out_of_bounds_is_invalid_and_names_the_field() {
        let (mut t, c) = default_form();
        set(&mut t, Field::BandwidthUtil, "1.5");
        assert!(matches!(
            check(&t, &c).issue(Field::BandwidthUtil),
            Some(FieldIssue::Invalid(_))
        ));
    }

    #[test]
    fn ranges_are_read_where_allowed() {
        let (mut t, c) = default_form();
        set(&mut t, Field::BandwidthUtil, "0.5~0.7");
        assert!(matches!(check(&t, &c), Checked::Good(_)));
        set(&mut t, Field::BandwidthGbps, "20~30");
        assert!(matches!(
            check(&t, &c).issue(Field::BandwidthGbps),
            Some(FieldIssue::Invalid(_))
        ));
    }

    #[test]
    fn hidden_fields_are_not_reported() {
        let (mut t, mut c) = default_form();
        set(&mut t, Field::GopPerInference, "zzz");
        assert!(matches!(check(&t, &c), Checked::Good(_)));
        c.model_kind = ModelKind::OneShot;
        assert_eq!(
            check(&t, &c).issue(Field::GopPerInference),
            Some(&FieldIssue::NotANumber)
        );
    }

    #[test]
    fn empty_optional_is_unknown_and_empty_required_is_missing() {
        let (mut t, c) = default_form();
        set(&mut t, Field::PeakFp16Tops, "");
        assert!(matches!(check(&t, &c), Checked::Good(_)));
        set(&mut t, Field::MemoryGb, " ");
        assert!(matches!(
            check(&t, &c).issue(Field::MemoryGb),
            Some(FieldIssue::Invalid(_))
        ));
    }
}
