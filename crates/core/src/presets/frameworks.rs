//! Framework presets: the 16 runtimes of `frameworks.csv` as [`FrameworkSpec`]s.
//!
//! Each spec maps one CSV row to what [`crate::framework::check`] tests: backends, weight bit widths, group
//! sizes, granularities, zero points, activation precisions and KV-cache formats. An empty list means "any";
//! it is used only where the source says the choice is open (a group size that must divide the input width,
//! GGUF's dozens of block types). Where the CSV says "not found" or "not re-read", the list holds only what
//! was read (a KV cache "not found" quantized stays at 16 bits) and the part is named in
//! [`FrameworkSpec::unverified`].
//!
//! Conventions, shared with [`crate::presets::quants`]:
//! * weight bits are the code width (GGUF Q4_0 is 4 with group 32); FP16/BF16/FP32 are 16/32 per-tensor;
//! * KV bits are bits per element including block scales (llama.cpp `q8_0` = 8.5, MLX 4-bit g64 = 4.5);
//! * 16-bit integer activations (A16W8 on Hexagon, MediaTek, Ryzen AI) count as [`Activation::Fp16`], the
//!   engine's 16-bit peak; FP8 activations are not modelled.

use super::data::framework_sources as src;
use crate::framework::{Claim, FrameworkSpec};
use crate::input::DEFAULT_FRAMEWORK;
use crate::input::{Activation, Backend, Granularity};

use Activation::{Fp16 as A16, Int8 as A8};
use Backend::{Cpu, Gpu, Npu};
use Granularity::{GroupWise, PerChannel, PerTensor};

/// llama.cpp: CPU and GPU backends (Hexagon and OpenVINO are "in progress"); GGUF block types, so group
/// sizes are the blocks' 16/32 and the 256 super-block; no per-channel layout; activations F16/F32 on GPU,
/// quantized to Q8 on CPU; KV `f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1`.
pub const LLAMA_CPP: FrameworkSpec = FrameworkSpec {
    id: "llama_cpp",
    name: "llama.cpp (GGUF)",
    backends: &[Cpu, Gpu],
    // GGUF spans 1.56–32 bits per weight (IQ1_S … F32): any width.
    weight_bits: &[],
    group_sizes: &[16.0, 32.0, 256.0],
    granularities: &[PerTensor, GroupWise],
    symmetric_only: false,
    activations: &[A16, A8],
    kv_bits: &[32.0, 16.0, 8.5, 6.0, 5.5, 5.0, 4.5],
    sources: src::LLAMA_CPP,
    symmetric_on: &[],
    unverified: &[],
};

/// MLC-LLM: GPU backends (list not re-read); q4 group 32, q3 group 40, AWQ group 128, q0 unquantized, FP8
/// on CUDA; W4A16/W4A32; KV in the model dtype.
pub const MLC_LLM: FrameworkSpec = FrameworkSpec {
    id: "mlc_llm",
    name: "MLC-LLM (TVM)",
    backends: &[Gpu],
    weight_bits: &[3.0, 4.0, 8.0, 16.0, 32.0],
    group_sizes: &[32.0, 40.0, 128.0],
    granularities: &[PerTensor, GroupWise],
    symmetric_only: false,
    activations: &[A16],
    kv_bits: &[16.0],
    sources: src::MLC_LLM,
    symmetric_on: &[],
    unverified: &[Claim::Backends, Claim::ZeroPoint, Claim::KvBits],
};

/// ExecuTorch: XNNPACK CPU, Vulkan/MPS/CUDA GPU, Core ML/QNN/MediaTek/… NPU delegates; TorchAO 1–8-bit
/// weights, group sizes that divide the input width; 8da4w (INT8 dynamic activations) or weight-only; INT8
/// KV cache.
pub const EXECUTORCH: FrameworkSpec = FrameworkSpec {
    id: "executorch",
    name: "ExecuTorch (PyTorch)",
    backends: &[Cpu, Gpu, Npu],
    weight_bits: &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 16.0, 32.0],
    group_sizes: &[],
    granularities: &[],
    symmetric_only: false,
    activations: &[A8, A16],
    kv_bits: &[16.0, 8.0],
    sources: src::EXECUTORCH,
    symmetric_on: &[],
    unverified: &[Claim::GroupSizes, Claim::ZeroPoint],
};

/// LiteRT (TFLite) and LiteRT-LM: int8, int4 (channel- or tensor-wise) and float16 weights, symmetric in
/// the recipes read; W8A8 full-integer, W8A32 dynamic, FP16 on GPU; KV quantization not found.
pub const LITERT: FrameworkSpec = FrameworkSpec {
    id: "litert",
    name: "LiteRT (TFLite) / LiteRT-LM",
    backends: &[Cpu, Gpu, Npu],
    weight_bits: &[4.0, 8.0, 16.0, 32.0],
    group_sizes: &[],
    granularities: &[PerTensor, PerChannel],
    symmetric_only: true,
    activations: &[A8, A16],
    kv_bits: &[16.0],
    sources: src::LITERT,
    symmetric_on: &[],
    unverified: &[Claim::Granularities, Claim::KvBits],
};

/// ONNX Runtime with onnxruntime-genai: `MatMulNBits` 2/4/8-bit blocks of a power of two ≥ 16 with optional
/// zero points, QDQ int8/int16; W4A16/W4A32, or INT8 compute with `accuracy_level` 4; KV quantization not
/// found.
pub const ONNXRUNTIME: FrameworkSpec = FrameworkSpec {
    id: "onnxruntime",
    name: "ONNX Runtime (CPU/mobile, onnxruntime-genai)",
    backends: &[Cpu, Gpu, Npu],
    weight_bits: &[2.0, 4.0, 8.0, 16.0, 32.0],
    group_sizes: &[16.0, 32.0, 64.0, 128.0, 256.0],
    granularities: &[],
    symmetric_only: false,
    activations: &[A16, A8],
    kv_bits: &[16.0],
    sources: src::ONNXRUNTIME,
    symmetric_on: &[],
    unverified: &[Claim::GroupSizes, Claim::KvBits],
};

/// ONNX Runtime QNN EP: QDQ uint8/int8/uint16/int16 weights (per-channel int4 in community use), HTP needs
/// 8- or 16-bit quantized activations (A16W8 typical); static shapes only.
pub const ORT_QNN: FrameworkSpec = FrameworkSpec {
    id: "ort_qnn",
    name: "ONNX Runtime QNN EP",
    backends: &[Npu, Gpu, Cpu],
    weight_bits: &[4.0, 8.0, 16.0],
    group_sizes: &[],
    granularities: &[PerTensor, PerChannel],
    symmetric_only: false,
    activations: &[A8, A16],
    kv_bits: &[16.0],
    sources: src::ORT_QNN,
    symmetric_on: &[],
    unverified: &[Claim::WeightBits, Claim::KvBits],
};

/// MNN-LLM: 4- or 8-bit weights per channel or in blocks (64, 128, …), HQQ/AWQ with zero points; FP16
/// where possible, dynamic INT8; INT8 K and FP8 V caches (`quant_qkv`). GPU backends other than OpenCL not
/// re-read.
pub const MNN: FrameworkSpec = FrameworkSpec {
    id: "mnn",
    name: "MNN / MNN-LLM (Alibaba)",
    backends: &[Cpu, Gpu],
    weight_bits: &[4.0, 8.0, 16.0, 32.0],
    group_sizes: &[],
    granularities: &[],
    symmetric_only: false,
    activations: &[A16, A8],
    kv_bits: &[16.0, 8.0],
    sources: src::MNN,
    symmetric_on: &[],
    unverified: &[Claim::Backends, Claim::GroupSizes],
};

/// ncnn: fp32, fp16 storage and int8 post-training quantization (W8A8); no group-wise weights; Vulkan GPU
/// not re-read.
pub const NCNN: FrameworkSpec = FrameworkSpec {
    id: "ncnn",
    name: "ncnn (Tencent)",
    backends: &[Cpu, Gpu],
    weight_bits: &[8.0, 16.0, 32.0],
    group_sizes: &[],
    granularities: &[PerTensor, PerChannel],
    symmetric_only: false,
    activations: &[A8, A16],
    kv_bits: &[16.0],
    sources: src::NCNN,
    symmetric_on: &[],
    unverified: &[Claim::Backends, Claim::ZeroPoint],
};

/// Qualcomm AI Engine Direct (QNN/QAIRT) with Genie: HTP INT8/INT16 and FP16, block-quantized W8/W4/W2 with
/// FP16 activations, GGUF Q2_K…Q8_0 on HTP; A8/A16 integer or FP16 activations.
pub const QNN: FrameworkSpec = FrameworkSpec {
    id: "qnn",
    name: "Qualcomm AI Engine Direct (QNN) / Genie",
    backends: &[Cpu, Gpu, Npu],
    weight_bits: &[2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 16.0],
    group_sizes: &[],
    granularities: &[],
    symmetric_only: false,
    activations: &[A8, A16],
    kv_bits: &[16.0],
    sources: src::QNN,
    symmetric_on: &[],
    unverified: &[Claim::GroupSizes, Claim::ZeroPoint, Claim::KvBits],
};

/// MediaTek NeuroPilot (via ExecuTorch's NeuropilotQuantizer): A16W16, A16W8, A16W4, A8W8, A8W4 on the APU.
pub const NEUROPILOT: FrameworkSpec = FrameworkSpec {
    id: "neuropilot",
    name: "MediaTek NeuroPilot",
    backends: &[Npu],
    weight_bits: &[4.0, 8.0, 16.0],
    group_sizes: &[],
    granularities: &[],
    symmetric_only: false,
    activations: &[A16, A8],
    kv_bits: &[16.0],
    sources: src::NEUROPILOT,
    symmetric_on: &[],
    unverified: &[
        Claim::GroupSizes,
        Claim::Granularities,
        Claim::ZeroPoint,
        Claim::KvBits,
    ],
};

/// Apple Core ML: palettization (1/2/4/6/8-bit LUTs), 8-bit linear per channel with offsets, 4-bit per
/// block (iOS 18), 3-bit; W8A8 (iOS 17, A17 Pro/M4) or weight-only with FP16 compute; KV quantization not
/// found.
pub const COREML: FrameworkSpec = FrameworkSpec {
    id: "coreml",
    name: "Apple Core ML (coremltools)",
    backends: &[Cpu, Gpu, Npu],
    weight_bits: &[1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 16.0, 32.0],
    group_sizes: &[],
    granularities: &[],
    symmetric_only: false,
    activations: &[A8, A16],
    kv_bits: &[16.0],
    sources: src::COREML,
    symmetric_on: &[],
    unverified: &[Claim::GroupSizes, Claim::KvBits],
};

/// Apple MLX / mlx-lm: affine 2–8-bit with a scale and bias per 32/64/128 (nvfp4 16), CPU and Metal GPU
/// (no Neural Engine); FP16/BF16 activations; `--kv-bits` 3…8 at group 64 (+0.5 bit of scale and bias).
pub const MLX: FrameworkSpec = FrameworkSpec {
    id: "mlx",
    name: "Apple MLX / mlx-lm",
    backends: &[Cpu, Gpu],
    weight_bits: &[2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 16.0, 32.0],
    group_sizes: &[16.0, 32.0, 64.0, 128.0],
    granularities: &[PerTensor, GroupWise],
    symmetric_only: false,
    activations: &[A16],
    kv_bits: &[16.0, 8.5, 6.5, 5.5, 4.5, 3.5],
    sources: src::MLX,
    symmetric_on: &[],
    unverified: &[],
};

/// TensorRT / TensorRT-LLM: CUDA GPU (DLA for non-LLM TensorRT engines); W4A16 AWQ/GPTQ block-wise (128
/// typical), W8A16, W8A8 SmoothQuant (FP8 needs Ada, FP4 Blackwell: not Jetson Orin); FP8, INT8 and NVFP4
/// KV caches.
pub const TENSORRT: FrameworkSpec = FrameworkSpec {
    id: "tensorrt",
    name: "TensorRT / TensorRT-LLM",
    backends: &[Gpu, Npu],
    weight_bits: &[4.0, 8.0, 16.0],
    group_sizes: &[128.0],
    granularities: &[],
    symmetric_only: false,
    activations: &[A16, A8],
    kv_bits: &[16.0, 8.0, 4.5],
    sources: src::TENSORRT,
    symmetric_on: &[],
    unverified: &[Claim::GroupSizes],
};

/// Rockchip RKLLM / RKNN-Toolkit2: w4a16 in groups of 32/64/128, w8a8 in groups of 128/256/512, GGUF q4_0
/// and fp16 import; RKNN int8 is asymmetric; KV quantization not found.
pub const RKLLM: FrameworkSpec = FrameworkSpec {
    id: "rkllm",
    name: "Rockchip RKLLM / RKNN-Toolkit2",
    backends: &[Npu],
    weight_bits: &[4.0, 8.0, 16.0],
    group_sizes: &[32.0, 64.0, 128.0, 256.0, 512.0],
    granularities: &[],
    symmetric_only: false,
    activations: &[A16, A8],
    kv_bits: &[16.0],
    sources: src::RKLLM,
    symmetric_on: &[],
    unverified: &[Claim::KvBits],
};

/// OpenVINO (GenAI on NPU): NNCF INT4_SYM/INT4_ASYM/INT8 weights, group 128/64 or channel-wise; the NPU
/// wants symmetric INT4, CPU/GPU accept zero points; W4A16 or W8A8.
pub const OPENVINO: FrameworkSpec = FrameworkSpec {
    id: "openvino",
    name: "OpenVINO (incl. GenAI on NPU)",
    backends: &[Cpu, Gpu, Npu],
    weight_bits: &[4.0, 8.0, 16.0, 32.0],
    group_sizes: &[64.0, 128.0],
    granularities: &[],
    symmetric_only: false,
    activations: &[A16, A8],
    kv_bits: &[16.0],
    sources: src::OPENVINO,
    symmetric_on: &[Npu],
    unverified: &[Claim::KvBits],
};

/// AMD Ryzen AI (Quark quantizer for the XDNA NPU): A8W8 with symmetric INT8 activations and weights and
/// float scales, or A16W8; no group-wise weights found.
pub const RYZEN_AI: FrameworkSpec = FrameworkSpec {
    id: "ryzen_ai",
    name: "AMD Ryzen AI (Quark, XDNA NPU)",
    backends: &[Npu],
    weight_bits: &[8.0],
    group_sizes: &[],
    granularities: &[PerTensor, PerChannel],
    symmetric_only: true,
    activations: &[A8, A16],
    kv_bits: &[16.0],
    sources: src::RYZEN_AI,
    symmetric_on: &[],
    unverified: &[Claim::Granularities, Claim::KvBits],
};

/// A framework that supports every format: the seed's "a framework that supports W4A16 and targets this NPU".
pub const GENERIC: FrameworkSpec = FrameworkSpec {
    id: DEFAULT_FRAMEWORK,
    name: "Generic (supports every format)",
    backends: &[],
    weight_bits: &[],
    group_sizes: &[],
    granularities: &[],
    symmetric_only: false,
    activations: &[],
    kv_bits: &[],
    sources: &[],
    symmetric_on: &[],
    unverified: &[],
};

/// Every framework preset, [`GENERIC`] first, then the runtimes of `frameworks.csv` in its order.
pub const ALL_FRAMEWORKS: &[FrameworkSpec] = &[
    GENERIC,
    LLAMA_CPP,
    MLC_LLM,
    EXECUTORCH,
    LITERT,
    ONNXRUNTIME,
    ORT_QNN,
    MNN,
    NCNN,
    QNN,
    NEUROPILOT,
    COREML,
    MLX,
    TENSORRT,
    RKLLM,
    OPENVINO,
    RYZEN_AI,
];
