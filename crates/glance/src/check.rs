//! A link's or a form's inputs, checked: a good scenario with its evaluation, or the issue of every bad
//! field; and what to show when a link opens in error. The page's form and the first glance share this.

use std::sync::Arc;

use edgefit_core::scenario::FieldError;
use edgefit_core::{evaluate, validate, Evaluation, Field, Inputs, Scenarios};

/// What is wrong with one field of the form.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldIssue {
    /// The text is not a number or a `low~high` range.
    NotANumber,
    /// The number was read but the engine refused it (out of bounds, inconsistent, missing).
    Invalid(FieldError),
}

/// A valid scenario and everything computed from it.
#[derive(Debug, Clone, PartialEq)]
pub struct Good {
    /// The inputs as read.
    pub inputs: Inputs,
    /// The validated scenario at each corner of its ranges.
    pub scenarios: Scenarios,
    /// The analysis at each corner.
    pub evaluation: Evaluation,
}

/// The form, checked: either a good scenario or the issue of every bad field.
#[derive(Debug, Clone, PartialEq)]
pub enum Checked {
    /// Every field is valid.
    Good(Arc<Good>),
    /// The fields that are not, in form order.
    Bad(Vec<(Field, FieldIssue)>),
}

impl Checked {
    /// The issue of one field, if any.
    #[must_use]
    pub fn issue(&self, f: Field) -> Option<&FieldIssue> {
        match self {
            Checked::Good(_) => None,
            Checked::Bad(v) => v.iter().find(|(g, _)| *g == f).map(|(_, i)| i),
        }
    }
}

/// A result to show when the form is in error and no valid one came before (a link opened with a bad
/// value): the form with each field in error at the value its presets give it
/// ([`edgefit_core::codec::baseline_of`]). `None` when even that does not validate.
#[must_use]
pub fn fallback(inputs: &Inputs, bad: &[(Field, FieldIssue)]) -> Option<Arc<Good>> {
    let base = edgefit_core::codec::baseline_of(inputs);
    let mut i = inputs.clone();
    for (f, _) in bad {
        i.set(*f, base.get(*f));
    }
    let scenarios = validate(&i).ok()?;
    let evaluation = evaluate(&scenarios);
    Some(Arc::new(Good {
        inputs: i,
        scenarios,
        evaluation,
    }))
}

/// Validate inputs already read (unreadable: the fields whose text is not a number) and evaluate them
/// when everything is valid.
#[must_use]
pub fn check_read(inputs: &Inputs, unreadable: &[Field]) -> Checked {
    let inputs = inputs.clone();
    let validated = validate(&inputs);
    let mut bad: Vec<(Field, FieldIssue)> = unreadable
        .iter()
        .map(|&f| (f, FieldIssue::NotANumber))
        .collect();
    match validated {
        Ok(scenarios) if bad.is_empty() => {
            let evaluation = evaluate(&scenarios);
            Checked::Good(Arc::new(Good {
                inputs,
                scenarios,
                evaluation,
            }))
        }
        Ok(_) => Checked::Bad(bad),
        Err(errors) => {
            for e in errors.0 {
                if let edgefit_core::scenario::InputRef::Field(f) = e.input {
                    if !unreadable.contains(&f) {
                        bad.push((f, FieldIssue::Invalid(e)));
                    }
                }
            }
            edgefit_core::math::sort_by(&mut bad, |a, b| a.0.cmp(&b.0));
            Checked::Bad(bad)
        }
    }
}
