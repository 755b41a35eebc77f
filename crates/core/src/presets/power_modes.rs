//! Published power modes of device presets: NVIDIA Jetson Orin `nvpmodel` modes, each with its power budget,
//! the CPU cores and clocks, GPU TPCs and clock and memory (EMC) clock it caps, read from NVIDIA's own
//! `nvpmodel` configuration files (`/etc/nvpmodel/nvpmodel_p3767_0003.conf`, `…_0000_super.conf`,
//! `nvpmodel_p3701_0000.conf`), with the module data sheets for what a mode leaves uncapped (`-1`).
//!
//! A mode changes a completed scenario ([`crate::presets::complete::complete`], link key `power_mode`):
//! the GPU peaks scale by GPU clock × online TPCs over the clock and TPCs the preset's TOPS figure is quoted
//! at ([`ModeBase`]), a CPU's by online cores × clock, the bandwidth is the EMC cap's (LPDDR5: two transfers
//! per clock × the bus width), the sustained power is the budget (burst 1.25 ×, as for the top mode), and a
//! Jetson's per-layer cost follows the GPU clock ([`crate::calibration::clock_scale_mhz`]). A figure the
//! sources do not give (a `MAXN` mode's budget: it is uncapped) stays `None` and the preset's value stays.
//!
//! No laptop vendor's published power plans were found with clocks or budgets in the sources read: only
//! the Jetson modules have modes here.

/// NVIDIA's Jetson Linux developer guide page on power modes (the supported-modes tables).
pub const JETSON_POWER_GUIDE: &str = "https://docs.nvidia.com/jetson/archives/r36.3/DeveloperGuide/SD/PlatformPowerAndPerformance/JetsonOrinNanoSeriesJetsonOrinNxSeriesAndJetsonAgxOrinSeries.html";
const NANO_SUPER_CONF: &str = "NVIDIA nvpmodel_p3767_0003_super.conf (JetPack 6.1+; vendored in LineageOS/android_device_nvidia_concord nvpmodel/)";
const NANO_CONF: &str = "NVIDIA nvpmodel_p3767_0003.conf (JetPack 6.0; vendored in LineageOS/android_device_nvidia_concord nvpmodel/; p3767-0003/0005 use it per L4T's nvpmodel symlink script)";
const NX_SUPER_CONF: &str = "NVIDIA nvpmodel_p3767_0000_super.conf (JetPack 6.1+; vendored in LineageOS/android_device_nvidia_concord nvpmodel/)";
const AGX_CONF: &str = "NVIDIA nvpmodel_p3701_0000.conf (vendored in LineageOS/android_device_nvidia_concord nvpmodel/; the AGX Orin 64GB, p3701-0005, uses it per L4T's nvpmodel symlink script)";
const SUPER_BLOG: &str = "https://developer.nvidia.com/blog/nvidia-jetson-orin-nano-developer-kit-gets-a-super-boost/ (Super: GPU 1020 MHz, CPU 1.7 GHz, 102 GB/s)";
const NANO_DS: &str = "https://www.scribd.com/document/673174036/Orin-nano-datasheet (GPU max 625 MHz, CPU 1.5 GHz, 128-bit LPDDR5)";
const NX_DS: &str = "https://github.com/icub-tech-iit/cad-libraries/files/13056089/JETSON-ORIN-NX-DATASHEET.pdf (GPU max 918 MHz, CPU up to 2 GHz, 128-bit LPDDR5 102.4 GB/s)";
const AGX_DS: &str = "https://static.generation-robots.com/media/Jetson-AGX-Orin-Data-Sheet.pdf (GPU up to 1.3 GHz, CPU up to 2.2 GHz, 256-bit LPDDR5 204.8 GB/s)";

/// The clocks a device preset's own figures are quoted at: the top mode of the JetPack its sources
/// describe, and the memory bus that turns an EMC clock into bandwidth.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ModeBase {
    /// The device preset's id.
    pub device: &'static str,
    /// GPU clock of the preset's TOPS figure, MHz.
    pub gpu_mhz: f64,
    /// GPU TPCs (texture processing clusters, 2 SMs each) on the module.
    pub gpu_tpcs: u8,
    /// CPU cores on the module.
    pub cpu_cores: u8,
    /// Top CPU clock, MHz.
    pub cpu_mhz: f64,
    /// DRAM bus width, bits.
    pub bus_bits: f64,
}

/// One published power mode.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PowerMode {
    /// The device preset's id.
    pub device: &'static str,
    /// Stable id, used in links (`power_mode=<id>`): `nvpmodel`'s name in lower case (`MODE_15W` → `15w`).
    pub id: &'static str,
    /// `nvpmodel`'s name for it.
    pub name: &'static str,
    /// The mode's power budget, W (`None`: uncapped, as `MAXN` is).
    pub budget_w: Option<f64>,
    /// GPU clock cap, MHz.
    pub gpu_mhz: f64,
    /// GPU TPCs left on (the rest power-gated by `TPC_PG_MASK`).
    pub gpu_tpcs: u8,
    /// CPU cores online.
    pub cpu_cores: u8,
    /// CPU clock cap, MHz.
    pub cpu_mhz: f64,
    /// Memory (EMC) clock cap, MHz.
    pub emc_mhz: f64,
    /// Public sources.
    pub sources: &'static [&'static str],
}

/// The clocks the Jetson presets' figures are quoted at: the Orin Nano 8GB's 20 dense INT8 TOPS at 625 MHz
/// and 68 GB/s (its original 15 W mode), the Orin NX 16GB's at 918 MHz, the AGX Orin 64GB's at 1300 MHz
/// (the module data sheets).
pub const BASES: &[ModeBase] = &[
    ModeBase {
        device: "nv_orin_nano_8gb",
        gpu_mhz: 625.0,
        gpu_tpcs: 4,
        cpu_cores: 6,
        cpu_mhz: 1500.0,
        bus_bits: 128.0,
    },
    ModeBase {
        device: "nv_orin_nx_16gb",
        gpu_mhz: 918.0,
        gpu_tpcs: 4,
        cpu_cores: 8,
        cpu_mhz: 2000.0,
        bus_bits: 128.0,
    },
    ModeBase {
        device: "nv_agx_orin_64gb",
        gpu_mhz: 1300.0,
        gpu_tpcs: 8,
        cpu_cores: 12,
        cpu_mhz: 2200.0,
        bus_bits: 256.0,
    },
];

#[allow(clippy::too_many_arguments)] // why: one row per mode reads best with every field positional.
const fn m(
    device: &'static str,
    id: &'static str,
    name: &'static str,
    budget_w: Option<f64>,
    gpu_mhz: f64,
    gpu_tpcs: u8,
    cpu_cores: u8,
    cpu_mhz: f64,
    emc_mhz: f64,
    sources: &'static [&'static str],
) -> PowerMode {
    PowerMode {
        device,
        id,
        name,
        budget_w,
        gpu_mhz,
        gpu_tpcs,
        cpu_cores,
        cpu_mhz,
        emc_mhz,
        sources,
    }
}

const NANO: &str = "nv_orin_nano_8gb";
const NX: &str = "nv_orin_nx_16gb";
const AGX: &str = "nv_agx_orin_64gb";

/// Every published power mode, by device, lowest budget first. From the `nvpmodel` files: online cores
/// (`CPU_ONLINE`), CPU `MAX_FREQ`, GPU `MAX_FREQ`, online TPCs (the zero bits of `TPC_PG_MASK` among the
/// module's TPCs: 252 leaves 2 of 4, 248 leaves 3 of 8, 240 leaves 4), EMC `MAX_FREQ`. Where a mode writes
/// `-1` (no cap) the module's maximum is the data sheet's or the Super announcement's (EMC 3199 MHz as the
/// capped modes of the same file give it). The Orin Nano's 7 W mode is the JetPack 6.0 file's (the Super
/// file read here lists 15 W, 25 W and MAXN_SUPER).
pub const POWER_MODES: &[PowerMode] = &[
    m(
        NANO,
        "7w",
        "7W",
        Some(7.0),
        408.0,
        2,
        4,
        960.0,
        2133.0,
        &[NANO_CONF, JETSON_POWER_GUIDE],
    ),
    m(
        NANO,
        "15w",
        "15W",
        Some(15.0),
        612.0,
        4,
        6,
        1497.6,
        2133.0,
        &[NANO_SUPER_CONF, JETSON_POWER_GUIDE],
    ),
    m(
        NANO,
        "25w",
        "25W",
        Some(25.0),
        918.0,
        4,
        6,
        1344.0,
        3199.0,
        &[NANO_SUPER_CONF, JETSON_POWER_GUIDE],
    ),
    m(
        NANO,
        "maxn_super",
        "MAXN_SUPER",
        None,
        1020.0,
        4,
        6,
        1700.0,
        3199.0,
        &[NANO_SUPER_CONF, SUPER_BLOG, NANO_DS],
    ),
    m(
        NX,
        "10w",
        "10W",
        Some(10.0),
        612.0,
        2,
        4,
        1190.4,
        2133.0,
        &[NX_SUPER_CONF, JETSON_POWER_GUIDE],
    ),
    m(
        NX,
        "15w",
        "15W",
        Some(15.0),
        612.0,
        2,
        4,
        1420.8,
        3199.0,
        &[NX_SUPER_CONF, JETSON_POWER_GUIDE],
    ),
    m(
        NX,
        "25w",
        "25W",
        Some(25.0),
        408.0,
        4,
        8,
        1497.6,
        3199.0,
        &[NX_SUPER_CONF, JETSON_POWER_GUIDE],
    ),
    m(
        NX,
        "40w",
        "40W",
        Some(40.0),
        1173.0,
        4,
        8,
        1497.6,
        3199.0,
        &[NX_SUPER_CONF, JETSON_POWER_GUIDE],
    ),
    m(
        NX,
        "maxn_super",
        "MAXN_SUPER",
        None,
        1173.0,
        4,
        8,
        2000.0,
        3199.0,
        &[NX_SUPER_CONF, SUPER_BLOG, NX_DS],
    ),
    m(
        AGX,
        "15w",
        "MODE_15W",
        Some(15.0),
        408.0,
        3,
        4,
        1113.6,
        2133.0,
        &[AGX_CONF, JETSON_POWER_GUIDE],
    ),
    m(
        AGX,
        "30w",
        "MODE_30W",
        Some(30.0),
        612.0,
        4,
        8,
        1728.0,
        3199.0,
        &[AGX_CONF, JETSON_POWER_GUIDE],
    ),
    m(
        AGX,
        "50w",
        "MODE_50W",
        Some(50.0),
        816.0,
        8,
        12,
        1497.6,
        3199.0,
        &[AGX_CONF, JETSON_POWER_GUIDE],
    ),
    m(
        AGX,
        "maxn",
        "MAXN",
        None,
        1300.0,
        8,
        12,
        2200.0,
        3199.0,
        &[AGX_CONF, AGX_DS],
    ),
];

/// The power modes of a device preset, lowest budget first (empty: none published).
pub fn modes(device: &str) -> impl Iterator<Item = &'static PowerMode> + '_ {
    POWER_MODES.iter().filter(move |m| m.device == device)
}

/// The ids of a device preset's power modes.
#[must_use]
pub fn mode_ids(device: &str) -> alloc::vec::Vec<&'static str> {
    modes(device).map(|m| m.id).collect()
}

/// The power mode `id` of a device preset.
#[must_use]
pub fn power_mode(device: &str, id: &str) -> Option<&'static PowerMode> {
    modes(device).find(|m| m.id == id)
}

/// The clocks a device preset's figures are quoted at, when it has power modes.
#[must_use]
pub fn base(device: &str) -> Option<&'static ModeBase> {
    BASES.iter().find(|b| b.device == device)
}

impl PowerMode {
    /// The share of the preset's GPU peak this mode keeps: GPU clock × online TPCs over the preset's.
    #[must_use]
    pub fn gpu_ratio(&self, base: &ModeBase) -> f64 {
        self.gpu_mhz / base.gpu_mhz * f64::from(self.gpu_tpcs) / f64::from(base.gpu_tpcs)
    }
    /// The share of the CPU's peak this mode keeps: online cores × clock over all cores at the top clock.
    #[must_use]
    pub fn cpu_ratio(&self, base: &ModeBase) -> f64 {
        f64::from(self.cpu_cores) * self.cpu_mhz / (f64::from(base.cpu_cores) * base.cpu_mhz)
    }
    /// Peak DRAM bandwidth at the mode's EMC cap, GB/s (derived: LPDDR5 moves two transfers per EMC clock
    /// over the bus: 3199 MHz × 2 × 128 bit / 8 = 102.4 GB/s).
    #[must_use]
    pub fn bandwidth_gbps(&self, base: &ModeBase) -> f64 {
        self.emc_mhz * 2.0 * base.bus_bits / 8.0 / 1000.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-9 * b.abs().max(1.0), "{a} vs {b}");
    }

    /// By hand: the Orin Nano's 7 W mode keeps 408/625 of the clock on 2 of 4 TPCs = 0.3264 of the
    /// preset's 20 TOPS (6.528), 4 of 6 cores at 960 of 1500 MHz = 0.42667, and 2133 MHz × 2 × 16 B =
    /// 68.256 GB/s; the AGX Orin's 15 W mode 408/1300 × 3/8 = 0.11769 and 136.512 GB/s.
    #[test]
    fn mode_ratios_by_hand() {
        let nano = base("nv_orin_nano_8gb").unwrap();
        let m7 = power_mode("nv_orin_nano_8gb", "7w").unwrap();
        close(m7.gpu_ratio(nano), 0.3264);
        close(20.0 * m7.gpu_ratio(nano), 6.528);
        close(m7.cpu_ratio(nano), 4.0 * 960.0 / 9000.0);
        close(m7.bandwidth_gbps(nano), 68.256);
        let sup = power_mode("nv_orin_nano_8gb", "maxn_super").unwrap();
        close(sup.bandwidth_gbps(nano), 102.368);
        close(sup.gpu_ratio(nano), 1.632);
        let agx = base("nv_agx_orin_64gb").unwrap();
        let a15 = power_mode("nv_agx_orin_64gb", "15w").unwrap();
        close(a15.gpu_ratio(agx), 408.0 / 1300.0 * 3.0 / 8.0);
        close(a15.bandwidth_gbps(agx), 136.512);
        let maxn = power_mode("nv_agx_orin_64gb", "maxn").unwrap();
        close(maxn.gpu_ratio(agx), 1.0);
        close(maxn.cpu_ratio(agx), 1.0);
    }

    #[test]
    fn every_mode_has_a_base_sources_and_a_unique_id() {
        for p in POWER_MODES {
            let b = base(p.device).expect(p.device);
            assert!(!p.sources.is_empty(), "{}", p.id);
            assert!(p.gpu_tpcs <= b.gpu_tpcs && p.cpu_cores <= b.cpu_cores);
            assert!(p.gpu_mhz <= 1300.0 && p.emc_mhz <= 3199.0);
            assert_eq!(modes(p.device).filter(|q| q.id == p.id).count(), 1);
            assert!(super::super::device(p.device).is_some(), "{}", p.device);
        }
        assert_eq!(
            mode_ids("nv_orin_nx_16gb"),
            ["10w", "15w", "25w", "40w", "maxn_super"]
        );
        assert!(mode_ids("apple_m4").is_empty());
    }
}
