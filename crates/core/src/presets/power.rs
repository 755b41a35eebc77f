//! Power figures beyond the research tables, written by hand: the battery of a phone that carries each phone
//! SoC preset. Each row names its phone and the vendor's page.
//!
//! A SoC has no battery of its own: the capacity is that of one representative phone built on it (its
//! vendor's published "typical" capacity), in watt-hours at a nominal cell voltage of 3.85 V
//! ([`NOMINAL_CELL_V`]; phone Li-ion cells are rated 3.85–3.89 V). SoCs whose phones' vendors publish no
//! capacity (Apple's) stay unknown, and their reports say nothing about a charge.

/// Nominal voltage of a phone's Li-ion cell, V: the rule that turns a published mAh figure into Wh.
pub const NOMINAL_CELL_V: f64 = 3.85;

/// The battery of a representative phone for a device preset.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Battery {
    /// The device preset's id.
    pub device: &'static str,
    /// The phone whose battery it is.
    pub phone: &'static str,
    /// Its published typical capacity, mAh.
    pub mah: f64,
    /// Where the capacity is published.
    pub source: &'static str,
}

impl Battery {
    /// The capacity in watt-hours: mAh × [`NOMINAL_CELL_V`] / 1000 (derived).
    #[must_use]
    pub fn wh(&self) -> f64 {
        self.mah * NOMINAL_CELL_V / 1000.0
    }
}

/// Phone batteries by device preset.
pub const BATTERIES: &[Battery] = &[
    Battery {
        device: "qcom_sd8g2",
        phone: "Samsung Galaxy S23",
        mah: 3900.0,
        source: "https://www.samsung.com/global/galaxy/galaxy-s23/specs/ (battery 3,900 mAh typical)",
    },
    Battery {
        device: "qcom_sd8g3",
        phone: "Samsung Galaxy S24 Ultra",
        mah: 5000.0,
        source: "https://www.samsung.com/global/galaxy/galaxy-s24-ultra/specs/ (battery 5,000 mAh typical)",
    },
    Battery {
        device: "qcom_sd8elite",
        phone: "Samsung Galaxy S25",
        mah: 4000.0,
        source: "https://www.samsung.com/global/galaxy/galaxy-s25/specs/ (battery 4,000 mAh typical)",
    },
    Battery {
        device: "samsung_exynos2400",
        phone: "Samsung Galaxy S24",
        mah: 4000.0,
        source: "https://www.samsung.com/global/galaxy/galaxy-s24/specs/ (battery 4,000 mAh typical)",
    },
    Battery {
        device: "google_tensor_g3",
        phone: "Google Pixel 8",
        mah: 4575.0,
        source: "https://store.google.com/product/pixel_8_specs (battery 4,575 mAh typical); https://www.expertreviews.co.uk/technology/mobile-phones/google-pixel-8-review (4,575mAh)",
    },
    Battery {
        device: "google_tensor_g4",
        phone: "Google Pixel 9",
        mah: 4700.0,
        source: "https://store.google.com/product/pixel_9_specs (battery 4,700 mAh typical)",
    },
];

/// The battery of a representative phone for this device preset, if one is recorded.
#[must_use]
pub fn battery(device: &str) -> Option<&'static Battery> {
    BATTERIES.iter().find(|b| b.device == device)
}
