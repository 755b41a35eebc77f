//! The image encoder's efficiency relative to the language model's prefill: ρ, the engine's `vit_eff`.
//!
//! The engine runs a vision-language model's image encoder at its unit's FP16 peak × η_c × ρ
//! (`analysis::latency::vision_cost`). η_c is the efficiency the language model's prompt reaches on the unit,
//! fitted per group on the prefill rows; ρ says how much of it the encoder reaches. It is a ratio rather than
//! an η of its own because the peaks it would be a share of are stated in whatever precision a vendor prints
//! (Thor's FP4 with sparsity, an Orin's sparse INT8, the RK3588's INT8 for an encoder that runs in FP16):
//! η_c has already absorbed how a unit's stated peak relates to what its 16-bit matmuls reach, and the
//! encoder's matmuls run on the same unit under the same runtime. On `data/vlm.csv` an η of the encoder's
//! own spreads across units by the spread of those peaks on top of ρ's (see `docs/accuracy.md`).
//!
//! **The fit** ([`fit_vision`]): each row that states its encoder's time gives the ρ at which the engine's
//! encoder time under the row's constants matches it (its arithmetic at ρ = 1 over the measured time; a row
//! whose time its weight reads alone explain gives none); ρ is the median over sources of each source's
//! median, one vote per publication, as η_c is. Too few rows ([`MIN_ROWS`]): no fit, the prior
//! ([`VISION_PRIOR`], 1).
//!
//! **With the other constants** ([`fit_with_vision`]): a row with an image votes for its group's η_c with
//! its whole TTFT, so how much of that TTFT the encoder takes moves η_c, and ρ is relative to η_c. The two
//! are fitted in turn — η_c with the encoder at ρ, ρ under the fitted η_c — until ρ stops moving.
//!
//! **Kept or not** (`honest`): ρ is fitted with each source left out, and kept only where, on the rows with
//! images, the time to first token and the encoder's time predicted that way both beat the prior's.

use crate::fit::{fit_observed, observe_at, Obs};
use crate::*;

/// Most rounds of `fit_with_vision`'s alternation. Where rows with images alone set a group's η_c, each
/// round leaves of the gap to the fixed point about the share of their TTFT the encoder takes (≈ 0.7 on
/// three RK3588 rows); on `data/` text rows set η_c and it settles in two to four rounds.
pub const VISION_ROUNDS: usize = 24;

/// The ρ one row's measured encoder time gives under constants `c`: the encoder's arithmetic at ρ = 1 over
/// the measured time. `None` without a measured encoder time, or when the encoder's weight reads alone take
/// as long as the measurement (it then says nothing of the arithmetic).
#[must_use]
pub fn encoder_ratio(row: &Row, c: &Calibrated) -> Option<f64> {
    let meas = row.image.as_ref()?.vision_ms? / 1e3;
    let p = predict(
        row,
        &Calibrated {
            vit_eff: VISION_PRIOR,
            ..*c
        },
    )
    .ok()?;
    let (compute, memory) = (p.vision_compute_s?, p.vision_memory_s?);
    (meas > memory && compute > 0.0 && compute.is_finite()).then(|| compute / meas)
}

/// ρ fitted on `rows` under `table` ([`lookup_row`] gives each row's constants), with the rows and sources it
/// rests on: the median over sources of each source's median [`encoder_ratio`], to three decimals. `None`
/// with fewer than [`MIN_ROWS`] rows.
#[must_use]
pub fn fit_vision(rows: &[Row], table: &[Calibrated]) -> Option<(f64, usize, usize)> {
    let ratios: Vec<(&str, f64)> = rows
        .iter()
        .filter_map(|r| Some((r.source.as_str(), encoder_ratio(r, &lookup_row(table, r))?)))
        .collect();
    if ratios.len() < MIN_ROWS {
        return None;
    }
    let mut sources: Vec<&str> = ratios.iter().map(|x| x.0).collect();
    sources.sort_unstable();
    sources.dedup();
    let rho = crate::fit::round3(source_median(ratios.iter().copied()).clamp(1e-3, 10.0));
    Some((rho, ratios.len(), sources.len()))
}

/// Whether a row measures an image's time to first token (its prefill observation depends on ρ).
pub(crate) fn with_image(row: &Row) -> bool {
    row.image.is_some()
}

/// The constants fitted on `rows` (their observations at the prior ρ in `observed`, as [`fit_observed`]
/// takes them) with the image encoder's ρ fitted beside them: η_c and ρ in turn until ρ settles
/// ([`VISION_ROUNDS`] at most). Every entry carries the ρ; the second value is [`fit_vision`]'s on the final
/// constants (`None`: too few encoder times, every entry keeps the prior).
pub(crate) fn fit_with_vision(
    rows: &[Row],
    observed: &[Option<Obs>],
) -> (Vec<Calibrated>, Option<(f64, usize, usize)>) {
    let mut table = fit_observed(rows, observed);
    let mut rho = VISION_PRIOR;
    let mut fitted = None;
    for _ in 0..VISION_ROUNDS {
        let Some(f) = fit_vision(rows, &table) else {
            break;
        };
        fitted = Some(f);
        if (f.0 - rho).abs() < 5e-4 {
            break;
        }
        rho = f.0;
        let obs: Vec<Option<Obs>> = rows
            .iter()
            .zip(observed)
            .map(|(r, o)| {
                if with_image(r) {
                    observe_at(r, rho)
                } else {
                    o.clone()
                }
            })
            .collect();
        table = fit_observed(rows, &obs);
    }
    for c in &mut table {
        c.vit_eff = rho;
    }
    (table, fitted.map(|f| (rho, f.1, f.2)))
}
