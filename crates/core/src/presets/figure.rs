//! A preset's number with where it comes from: read from a source, derived by a stated rule, or assumed.

/// Where a preset's number comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Provenance {
    /// Copied from a public source.
    Read,
    /// Computed from sourced figures by a stated rule (bandwidth = MT/s × bus bits / 8; parameters from
    /// config dimensions; bits per weight from struct sizes; dense TOPS = sparse TOPS / 2).
    Derived,
    /// An explicit assumption, a placeholder until a source is found (a 64-bit bus; an Apple TOPS figure of
    /// unstated precision taken as INT8).
    Assumed,
}

/// A number and where it comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Figure {
    /// The value, in the unit its field names.
    pub value: f64,
    /// Where it comes from.
    pub provenance: Provenance,
}

pub(crate) const fn read(value: f64) -> Option<Figure> {
    Some(Figure {
        value,
        provenance: Provenance::Read,
    })
}
pub(crate) const fn derived(value: f64) -> Option<Figure> {
    Some(Figure {
        value,
        provenance: Provenance::Derived,
    })
}
pub(crate) const fn assumed(value: f64) -> Option<Figure> {
    Some(Figure {
        value,
        provenance: Provenance::Assumed,
    })
}
