//! The device: the fixed budget a model must live within.

use crate::units::{Bytes, BytesPerSec, Joules, OpsPerSec, Seconds, Watts};

/// A validated device, in SI units.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Device {
    /// Peak INT8 throughput.
    pub peak_int8: OpsPerSec,
    /// Peak FP16 throughput.
    pub peak_fp16: OpsPerSec,
    /// Whether the FP16 peak was assumed (half the INT8 peak) rather than given.
    pub fp16_assumed: bool,
    /// Peak INT4 throughput.
    pub peak_int4: OpsPerSec,
    /// Whether the INT4 peak was assumed (equal to the INT8 peak) rather than given.
    pub int4_assumed: bool,
    /// Share of the peak real operators reach.
    pub compute_util: f64,
    /// The image encoder's utilization as a share of `compute_util` (ρ; 1: the same).
    pub vision_ratio: f64,
    /// Effective CPU throughput for fallback operators.
    pub cpu: OpsPerSec,
    /// Total memory.
    pub memory: Bytes,
    /// Memory kept by the OS and other apps.
    pub reserved: Bytes,
    /// Peak memory bandwidth.
    pub bandwidth: BytesPerSec,
    /// Share of the peak bandwidth decoding reaches.
    pub bandwidth_util: f64,
    /// Free storage.
    pub storage_free: Bytes,
    /// Storage read speed.
    pub storage_read: BytesPerSec,
    /// Sustained power budget.
    pub sustained: Watts,
    /// Burst power.
    pub burst: Watts,
    /// How long the burst lasts before the junction limit.
    pub burst_time: Seconds,
    /// Junction limit, °C.
    pub tj_max_c: f64,
    /// Ambient, °C.
    pub ambient_c: f64,
    /// Accelerator power at full load.
    pub accel: Watts,
    /// CPU and rest of the SoC while inferring.
    pub base: Watts,
    /// Idle power.
    pub idle: Watts,
    /// DRAM energy per byte moved.
    pub dram_per_byte: Joules,
    /// Battery energy, when known.
    pub battery: Option<Joules>,
    /// A per-app memory cap, when the OS sets one below total minus reserved.
    pub app_cap: Option<Bytes>,
    /// The accelerator's per-graph (address-space) limit, when it has one.
    pub graph_limit: Option<Bytes>,
    /// Decode's share of every precision's peak (the decode peak over the INT8 peak; 1: the same peaks).
    pub decode_scale: f64,
    /// A CPU decode's threads × one core's streaming bandwidth (`None`: no per-thread chain).
    pub chain: Option<BytesPerSec>,
}

impl Device {
    /// Memory left for the model: total minus reserved, or the per-app cap when lower.
    #[must_use]
    pub fn usable_memory(&self) -> Bytes {
        let free = self.memory - self.reserved;
        self.app_cap.map_or(free, |cap| free.min(cap))
    }
    /// Peak bandwidth × utilization.
    #[must_use]
    pub fn effective_bandwidth(&self) -> BytesPerSec {
        self.bandwidth * self.bandwidth_util
    }
}
