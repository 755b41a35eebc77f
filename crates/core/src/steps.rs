//! The step-by-step accounting, in the seed's order. Steps are typed; the app and CLI write the words.

use crate::analysis::{Constraint, Evaluation, Verdict};
use crate::model::Model;

/// One step of the accounting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Step {
    /// Seed step 1: the TPOT target and effective bandwidth give a weight budget per token.
    WeightBudget,
    /// What the seed misses: decode also reads the KV cache every token.
    KvRead,
    /// Seed step 2: memory capacity.
    Memory,
    /// Seed step 3: storage and file size.
    Storage,
    /// Seed step 4: compute for decoding.
    Compute,
    /// What the seed misses: prefill is compute-bound; TTFT limits the prompt.
    Prefill,
    /// Seed step 5: power.
    Power,
    /// What the seed misses: heat over time.
    Thermal,
    /// The framework match.
    Framework,
    /// One-shot models: latency and frame rate of one inference.
    Inference,
    /// The conclusion: verdicts and the binding constraint.
    Conclusion,
}

impl Step {
    /// The constraint the step checks.
    #[must_use]
    pub fn constraint(self) -> Option<Constraint> {
        Some(match self {
            Step::WeightBudget => Constraint::Bandwidth,
            Step::KvRead => Constraint::Tpot,
            Step::Memory => Constraint::Memory,
            Step::Storage => Constraint::Storage,
            Step::Compute => Constraint::Compute,
            Step::Prefill | Step::Inference => Constraint::Ttft,
            Step::Power => Constraint::Power,
            Step::Thermal => Constraint::Thermal,
            Step::Framework => Constraint::Framework,
            Step::Conclusion => return None,
        })
    }
    /// Whether this is a correction of the seed's own reasoning, which the page must say plainly.
    #[must_use]
    pub fn corrects_seed(self) -> bool {
        matches!(self, Step::KvRead | Step::Prefill | Step::Thermal)
    }
    /// The code used in JSON.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Step::WeightBudget => "weight_budget",
            Step::KvRead => "kv_read",
            Step::Memory => "memory",
            Step::Storage => "storage",
            Step::Compute => "compute",
            Step::Prefill => "prefill",
            Step::Power => "power",
            Step::Thermal => "thermal",
            Step::Framework => "framework",
            Step::Inference => "inference",
            Step::Conclusion => "conclusion",
        }
    }
}

const LLM_STEPS: &[Step] = &[
    Step::WeightBudget,
    Step::KvRead,
    Step::Memory,
    Step::Storage,
    Step::Compute,
    Step::Prefill,
    Step::Power,
    Step::Thermal,
    Step::Framework,
    Step::Conclusion,
];
const ONE_SHOT_STEPS: &[Step] = &[
    Step::Inference,
    Step::Memory,
    Step::Storage,
    Step::Compute,
    Step::Power,
    Step::Thermal,
    Step::Framework,
    Step::Conclusion,
];

/// The steps for a model, in order.
#[must_use]
pub fn steps(model: &Model) -> &'static [Step] {
    match model {
        Model::Llm(_) => LLM_STEPS,
        Model::OneShot(_) => ONE_SHOT_STEPS,
    }
}

/// The verdict a step shows.
#[must_use]
pub fn verdict(step: Step, e: &Evaluation) -> Verdict {
    match step.constraint() {
        Some(c) => e.verdict(c),
        None => {
            if e.all_met() {
                Verdict::Pass
            } else {
                Verdict::Fail
            }
        }
    }
}
