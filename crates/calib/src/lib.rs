//! edgefit's calibration against published measurements: read a file of measured prefill and decode tokens/s, predict
//! each row with the engine, and report the error — and choose the engine's default utilizations on it.
//!
//! The file is `data/calibration.csv`'s shape (column dictionary in `data/SOURCES.md`): one measurement a
//! row, read by column name, any column order, extra columns ignored. [`parse`] returns the usable rows and a
//! typed reason for every row it skips. [`predict`] turns a row into engine [`edgefit_core::Inputs`] and returns the
//! predicted decode and prefill tokens/s; [`validate_rows`] scores a whole file against the calibrated
//! defaults ([`CALIBRATED`]) and against a naive roofline with one utilization of 0.6 ([`NAIVE_UTIL`]).
//!
//! # The model behind a prediction (physics first, no per-row factors)
//! - **Decode** time per token is the engine's [`edgefit_core::analysis::bandwidth::tpot_at`] at the row's average
//!   context: (weights read + KV cache read) / (peak bandwidth · η_bw), or compute time if larger, plus a
//!   fixed cost per token of `layers × t_layer` (kernel dispatch and synchronization: each layer is a dozen
//!   kernels whatever the model's width, which is why small models and fast memories fall short of the
//!   bandwidth roofline). Weights read are the file's bytes minus an untied input embedding (a lookup).
//! - **Context**: llama-bench `tgN` decodes after an empty context, so the average context is N/2 (plus the
//!   depth `@dN` when given). Runtimes that allocate a static KV cache (a `context_len` given outside
//!   llama-bench: LiteRT, MediaPipe) attend over the whole allocated cache each step, so the context is the
//!   cache size. Otherwise decode follows the prompt: prompt + generated/2.
//! - **Prefill** tokens/s is prompt / the engine's [`edgefit_core::analysis::latency::ttft_at`] (2·N·P plus causal
//!   attention, at peak · η_c; bounded below by one read of the weights). Static-cache runtimes attend over
//!   the whole cache, so the attention term is taken at the cache size.
//! - **Peak compute**: `compute_peak` when the file gives it (a sparse INT8 figure counts half; a GeForce RTX
//!   card's FP16 figure — the FP32-accumulate tensor rate — counts 4× for llama.cpp's int8 tensor-core
//!   prompt kernels, 2× for its FP16 cuBLAS path, and an FP4 figure half, [`cuda_prompt_factor`]);
//!   otherwise a
//!   per-class default ([`default_peak`]): Apple GPUs from their core count and generation (128 FP32 lanes per
//!   core at the published clock; Apple GPUs run FP16 at the FP32 rate, so a third party's "FP16 peak" for an
//!   Apple GPU gives way to the core-count figure), CPUs from their cores and threads ([`cpu_peak`]), and a
//!   nominal figure for phone GPUs and NPUs where no vendor figure is public — for those only the product
//!   peak × η_c is calibrated.
//! - **CPU threads and cores** ([`cpu_peak`]): the `cores` column names the core groups ("1x X4 + 5x A720 +
//!   2x A520", "8P + 16E", "4x Cortex-A76"); each core kind has an FP32 FMA rate (SIMD pipes × lanes × 2 ×
//!   clock, [`CoreKind`]). Threads ([`cpu_threads`]: stated, else 4 on phones, llama.cpp's default of one
//!   per performance core on Apple and hybrid Intel chips, one per physical core elsewhere) never exceed
//!   the physical cores (SMT siblings share the SIMD pipes) and fill the fastest cores first; the work is
//!   split dynamically, so the peak is the sum of the used cores' rates. The kernel precision multiplies it
//!   ([`cpu_kernel_factor`]): int8 GEMM runtimes (XNNPACK: LiteRT, MediaPipe, ExecuTorch) 4× on cores with dot
//!   products, FP16 2×; llama.cpp's GGUF block quants 1× — unpacking 4-/6-bit values and their block scales
//!   costs about as much as the int8 dot, so the quantized GEMM runs near the FP32 FMA rate — except on
//!   Armv8.0 cores (Cortex-A53, A72: Raspberry Pi 3 and 4), which lack the int8 dot and FP16 arithmetic
//!   llama.cpp's kernels use: ½ for quantized weights, ⅓ for F16, by instruction count. Without a core
//!   list the class default per thread applies ([`cpu_tops_per_thread`]).
//! - **Bandwidth the unit can draw** ([`unit_bandwidth_gbps`]): η_bw applies to the DRAM's peak, except
//!   where the CPU's side of the chip cannot take all of it: an Apple Max die's CPU clusters read at most
//!   ≈ 224 GB/s of its 400 ([`APPLE_CPU_DIE_GBPS`], two dies on an Ultra).
//! - **Decode on mixed cores** ([`cpu_decode_peak`]): llama.cpp splits a one-token matmul into one equal
//!   slice per thread unless it has four 64-row chunks per thread, and ends each op in a barrier, so with
//!   threads on cores of two kinds a token's compute runs at threads × the slowest core's rate; prompts are
//!   split dynamically (the sum of the cores' rates).
//! - **Weights read** ([`head_stored_twice`]): ExecuTorch's quantized exports store a tied embedding and
//!   its LM head as two tensors; the file's bits spread over both, and a token reads only the head.
//! - **Prompts on mixed cores in old llama.cpp builds** ([`llama_cpp_static_split`]): before dynamic matmul
//!   scheduling ([`LLAMA_CPP_DYNAMIC_MATMUL`], 2024-05-15) every matmul was cut into one equal slice per
//!   thread, so a build dated earlier prefills at threads × the slowest used core's rate too.
//! - **ExecuTorch threads**: its runners default to one thread per performant core (all but the Arm little,
//!   Apple and Intel E-cores), phones included ([`cpu_threads`]).
//! - **Images** ([`vision_model`], [`image_tokens`]): a row with `images` ≥ 1 gets its model's vision-language
//!   preset tower and its images as the engine's own keys; its `ttft_ms` (image encoder and prefill) is the
//!   prefill measurement, the prompt's text and image tokens over it, as the engine's `prefill_tps` is. The
//!   encoder runs at η_c × ρ (`vit_eff`), one ρ for every device fitted on the rows that state the encoder's
//!   time ([`fit_vision`]; η_c and ρ are fitted in turn) and kept by [`honest`] only where it beats
//!   its prior of 1 out of sample ([`VisionScore`]).
//! - **KV shape**: from the model families ([`KNOWN_MODELS`], [`known_shape`]) by name and nearest parameter
//!   count — the core's model preset where there is one ([`preset_shape`]), else a shape kept for the
//!   measurements alone; otherwise estimated from the parameter count ([`estimate_shape`]). KV in 16 bits, except on CPUs under
//!   XNNPACK runtimes (LiteRT, MediaPipe, ExecuTorch), which keep float activations and so an FP32 cache
//!   ([`kv_bits`]): there a 4096-token static cache costs twice the bytes an F16 one would.
//!
//! # How the defaults were chosen ([`fit`])
//! Groups are keyed on the backend, the **runtime family** ([`Runtime`], from the `framework` column:
//! llama.cpp and its wrappers, MLC, LiteRT/MediaPipe/ExecuTorch, other) and the device class, because the
//! same unit of the same class streams and computes at different efficiencies under different kernels
//! (LiteRT's WebGPU path on an M4 Max reaches η_c 0.36 where llama.cpp's Metal kernels reach 0.70). Per
//! backend the fit makes a (backend, class) group for every class with at least [`MIN_ROWS`] rows; where
//! such a class holds more than one runtime family, a (backend, runtime, class) group per family with
//! enough rows; where the backend holds more than one family, a (backend, runtime) group per family whose
//! rows span two classes or more (one class's runtime group already has a one-class family); and the
//! backend-wide entry. A row takes its constants by the chain ([`lookup_runtime`]):
//! (backend, runtime, class) → (backend, class) → (backend, runtime) → backend → [`prior`] (η_c 0.5 on
//! CPUs and GPUs, 0.3 on NPUs); a caller that does not know the runtime ([`lookup`]) skips the runtime-keyed
//! entries (the web page maps its framework picker with [`runtime_of_framework`]). `edgefit validate` prints
//! the group each row's constants came from. On
//! `data/calibration.csv` runtime groups exist only for Apple GPUs (llama.cpp's 80 rows vs LiteRT's five
//! browser rows) and, backend-wide, GPU llama.cpp-cuda (a Radeon 780M and discrete cards) and LiteRT (Apple
//! and phones): there is no Jetson or Adreno measurement under a second
//! runtime to key on, so llama.cpp on a Jetson still gets MLC's constants (see docs/accuracy.md, "What is left").
//! In each group:
//! - prefill: η_c = the median over sources of each source's median of measured / predicted-at-η_c-1 (one
//!   vote per publication, so one runtime's many rows cannot outvote the other sources);
//! - decode: only rows whose decode is bandwidth-bound at the group's η_c (compute time at η_c below the
//!   memory time at η_bw = 1, then below the memory time at the fitted η_bw, refitted once) — a row that is
//!   compute-bound (a few CPU threads, an expensive dequantization) says nothing of η_bw and is predicted
//!   from compute; then t_layer on a grid of 0…1 ms in 0.01 ms steps and, for each, η_bw = the median over
//!   the group of memory time / (measured time − layers · t_layer); keep the pair with the least mean
//!   |ln(pred/meas)|; a group with fewer than [`MIN_ROWS_TWO_PARAMS`] decode rows keeps its parent's t_layer
//!   and fits η_bw alone;
//! - a group with too few rows for one quantity takes its parent's constants for it (a runtime-class group
//!   its class's, then its runtime's, then the backend's); a backend with one or two rows, whose parent is
//!   the prior, moves the prior toward them ([`PRIOR_WEIGHT`]);
//! - rows whose measurement beats the roofline (η would exceed 1) are left out of the fit and flagged.
//!
//! **One CPU thread is a chain** ([`thread_stream_s`]). A thread's slice of a one-token matmul reads a
//! stretch of weights, then dequantizes and multiplies it; its core keeps only so many cache-line misses in
//! flight (Little's law), so the reads and the arithmetic overlap little. A CPU decode therefore takes at
//! least the slice's compute time (at η_c) plus the slice's bytes over one core's streaming bandwidth —
//! whatever the DRAM could deliver to more threads — and the engine's max(memory, compute) bound is raised to
//! that where it is longer. The per-core figure is one constant per core family ([`StreamGroup`]: Apple, x86,
//! Arm Cortex up to the A78 and the little cores, A510/A520 included; none for the Armv9 big and middle cores
//! (A710–A725) and the prime cores, which no measurement constrains),
//! chosen by [`fit_core_stream`] with the other constants fixed: on `data/calibration.csv` alone the chain
//! never binds (four-thread phones, 24- and 32-core EPYCs) and every group stays unbounded, so the figures
//! come from the thread sweeps of `data/candidates.csv` (a Ryzen 9 7950X at 1–4 threads, an M2 Max CPU at
//! 2–8, an Orange Pi 5 at 4 and 8): x86 35 GB/s, Arm Cortex 7 GB/s, Apple 150 GB/s ([`CORE_STREAM_GBPS`]).
//! Rows whose chain outlasts the memory time are left out of the η_bw fit. Before the chain a
//! four-thread Orange Pi 5 was predicted +63 %, a two-thread 7950X +52 % (Q4_0).
//!
//! The shipped table ([`CALIBRATED`], generated into `calibration_table.rs`) is fitted on every file in
//! `data/` by [`honest`]: each source is predicted by constants fitted without it, a group keeps its own
//! constants only where they beat what it falls back to (its parent group, then one η of 0.6) on those
//! out-of-sample predictions, and its band is the median ± [`BAND_Z`] robust standard deviations of its out-of-sample measured /
//! predicted, shrunk toward its backend's for small groups: a prediction `x` is expected to measure within
//! `x · band.0 … x · band.1` at least four times out of five. [`holdout`] repeats the fit on one file with
//! each source (or each device) left out and scores only the rows left out.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use edgefit_core::calibration::*;

mod cpu;
mod csv;
mod encoder;
mod fit;
mod honest;
mod names;
mod peak;
mod predict;
mod shapes;
mod validate;
mod vlm;

pub use cpu::*;
pub use csv::*;
pub use encoder::*;
pub use fit::*;
pub use honest::*;
pub use names::*;
pub use peak::*;
pub use predict::*;
pub use shapes::*;
pub use validate::*;
pub use vlm::*;

#[cfg(test)]
mod tests;
