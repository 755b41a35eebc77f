//! Physical quantities, each one SI base value in a typed wrapper.
//!
//! Bytes and rates are decimal (1 GB = 10⁹ B), as the seed uses them. Conversions to GB, ms, TOPS and °C
//! happen only at the edges (parsing, display, the URL codec); inside the engine everything is SI.

use core::ops::{Add, Div, Mul, Sub};

macro_rules! quantity {
    ($(#[$doc:meta])* $name:ident, $unit:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(transparent))]
        pub struct $name(pub f64);

        impl $name {
            /// The value in its SI base unit (
            #[doc = $unit]
            /// ).
            #[inline]
            #[must_use]
            pub const fn si(self) -> f64 {
                self.0
            }
            /// The larger of two quantities.
            #[inline]
            #[must_use]
            pub fn max(self, other: Self) -> Self {
                if other.0 > self.0 { other } else { self }
            }
            /// The smaller of two quantities.
            #[inline]
            #[must_use]
            pub fn min(self, other: Self) -> Self {
                if other.0 < self.0 { other } else { self }
            }
        }
        impl Add for $name {
            type Output = Self;
            #[inline]
            fn add(self, o: Self) -> Self {
                Self(self.0 + o.0)
            }
        }
        impl Sub for $name {
            type Output = Self;
            #[inline]
            fn sub(self, o: Self) -> Self {
                Self(self.0 - o.0)
            }
        }
        impl Mul<f64> for $name {
            type Output = Self;
            #[inline]
            fn mul(self, k: f64) -> Self {
                Self(self.0 * k)
            }
        }
        impl Div<f64> for $name {
            type Output = Self;
            #[inline]
            fn div(self, k: f64) -> Self {
                Self(self.0 / k)
            }
        }
        impl Div for $name {
            type Output = f64;
            #[inline]
            fn div(self, o: Self) -> f64 {
                self.0 / o.0
            }
        }
    };
}

quantity!(/// An amount of data in bytes.
    Bytes, "B");
quantity!(/// A data rate in bytes per second.
    BytesPerSec, "B/s");
quantity!(/// A count of arithmetic operations (a multiply–accumulate is 2).
    Ops, "op");
quantity!(/// A compute rate in operations per second.
    OpsPerSec, "op/s");
quantity!(/// A duration in seconds.
    Seconds, "s");
quantity!(/// A power in watts.
    Watts, "W");
quantity!(/// An energy in joules.
    Joules, "J");
quantity!(/// A temperature difference in kelvin (absolute temperatures are kept in °C at the edges only).
    Kelvin, "K");
quantity!(/// A thermal resistance in kelvin per watt.
    KelvinPerWatt, "K/W");

impl Bytes {
    /// From decimal gigabytes.
    #[must_use]
    pub fn from_gb(gb: f64) -> Self {
        Self(gb * 1e9)
    }
    /// In decimal gigabytes.
    #[must_use]
    pub fn gb(self) -> f64 {
        self.0 / 1e9
    }
}
impl BytesPerSec {
    /// From decimal GB/s.
    #[must_use]
    pub fn from_gbps(gbps: f64) -> Self {
        Self(gbps * 1e9)
    }
    /// In decimal GB/s.
    #[must_use]
    pub fn gbps(self) -> f64 {
        self.0 / 1e9
    }
}
impl OpsPerSec {
    /// From TOPS (10¹² op/s).
    #[must_use]
    pub fn from_tops(tops: f64) -> Self {
        Self(tops * 1e12)
    }
    /// In TOPS.
    #[must_use]
    pub fn tops(self) -> f64 {
        self.0 / 1e12
    }
}
impl Seconds {
    /// From milliseconds.
    #[must_use]
    pub fn from_ms(ms: f64) -> Self {
        Self(ms / 1e3)
    }
    /// In milliseconds.
    #[must_use]
    pub fn ms(self) -> f64 {
        self.0 * 1e3
    }
}

impl Div<BytesPerSec> for Bytes {
    type Output = Seconds;
    fn div(self, r: BytesPerSec) -> Seconds {
        Seconds(self.0 / r.0)
    }
}
impl Div<Seconds> for Bytes {
    type Output = BytesPerSec;
    fn div(self, t: Seconds) -> BytesPerSec {
        BytesPerSec(self.0 / t.0)
    }
}
impl Mul<Seconds> for BytesPerSec {
    type Output = Bytes;
    fn mul(self, t: Seconds) -> Bytes {
        Bytes(self.0 * t.0)
    }
}
impl Div<OpsPerSec> for Ops {
    type Output = Seconds;
    fn div(self, r: OpsPerSec) -> Seconds {
        Seconds(self.0 / r.0)
    }
}
impl Div<Seconds> for Ops {
    type Output = OpsPerSec;
    fn div(self, t: Seconds) -> OpsPerSec {
        OpsPerSec(self.0 / t.0)
    }
}
impl Mul<Seconds> for OpsPerSec {
    type Output = Ops;
    fn mul(self, t: Seconds) -> Ops {
        Ops(self.0 * t.0)
    }
}
impl Mul<Seconds> for Watts {
    type Output = Joules;
    fn mul(self, t: Seconds) -> Joules {
        Joules(self.0 * t.0)
    }
}
impl Div<Seconds> for Joules {
    type Output = Watts;
    fn div(self, t: Seconds) -> Watts {
        Watts(self.0 / t.0)
    }
}
impl Mul<KelvinPerWatt> for Watts {
    type Output = Kelvin;
    fn mul(self, r: KelvinPerWatt) -> Kelvin {
        Kelvin(self.0 * r.0)
    }
}
impl Div<Watts> for Kelvin {
    type Output = KelvinPerWatt;
    fn div(self, p: Watts) -> KelvinPerWatt {
        KelvinPerWatt(self.0 / p.0)
    }
}
