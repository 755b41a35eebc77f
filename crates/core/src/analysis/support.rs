//! The framework match: can the chosen framework accelerate this scheme on this backend?

use crate::framework::{self, Mismatch, Support};
use crate::scenario::Scenario;

use super::Verdict;

/// Framework verdict and the share of operations left on the accelerator.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FrameworkMatch {
    /// Framework id.
    pub framework: &'static str,
    /// Supported, fallback or unsupported, with reasons.
    pub support: Support,
    /// Share of operations on the accelerator after the checks.
    pub coverage: f64,
    /// Pass when supported, warn on fallback, fail when unsupported.
    pub verdict: Verdict,
    /// 1 supported, the coverage on fallback, −1 unsupported.
    pub headroom: f64,
}

/// Check the framework.
#[must_use]
pub fn analyze(s: &Scenario) -> FrameworkMatch {
    let (mut support, coverage) = framework::check_format(
        s.framework,
        s.backend,
        &s.quant,
        s.format,
        s.device_preset,
        s.coverage,
    );
    // Limits of an exported accelerator graph: a fixed context, and a per-graph weight limit.
    if let Some(exported) = s.targets.export_ctx {
        if s.targets.context > exported {
            let m = Mismatch::ExportContext {
                context: s.targets.context,
                exported,
            };
            support = match support {
                Support::Unsupported { mut reasons } => {
                    reasons.push(m);
                    Support::Unsupported { reasons }
                }
                _ => Support::Unsupported {
                    reasons: alloc::vec![m],
                },
            };
        }
    }
    if let Some(limit) = s.device.graph_limit {
        let parts = crate::math::ceil(super::memory::weights(s).total() / limit);
        if parts > 1.0 {
            let m = Mismatch::GraphSplit { parts };
            support = match support {
                Support::Supported => Support::Fallback {
                    reasons: alloc::vec![m],
                },
                Support::Fallback { mut reasons } => {
                    reasons.push(m);
                    Support::Fallback { reasons }
                }
                u => u,
            };
        }
    }
    let (verdict, headroom) = match support {
        Support::Supported => (Verdict::Pass, 1.0),
        Support::Fallback { .. } => (Verdict::Warn, coverage.min(super::WARN_MARGIN - 1e-9)),
        Support::Unsupported { .. } => (Verdict::Fail, -1.0),
    };
    FrameworkMatch {
        framework: s.framework.id,
        support,
        coverage,
        verdict,
        headroom,
    }
}
