//! Framework presets: the 16 runtimes of `frameworks.csv` as [`FrameworkSpec`]s.
//!
//! Each spec maps one CSV row to what [`crate::framework::check`] tests: backends, weight bit widths, group
//! sizes, granularities, zero points, activation precisions and KV-cache formats. An empty list means "any";
//! it is used only where the source says the choice is open (a group size that must divide the input width,
//! GGUF's dozens of block types). Where the CSV says "not found" or "not re-read", the list holds only what
//! was read (a KV cache "not found" quantized stays at 16 bits) and the part is named in
//! [`FrameworkSpec::unverified`].
//!
//! Each spec also lists the quantization presets it loads ([`FrameworkSpec::formats`]): the file itself, or
//! weights its own documented toolchain stores in that layout (MLX's affine 4-bit, TensorRT-LLM's INT8
//! weight-only, OpenVINO's NNCF INT4), run without quantizing them again. A format is listed only where a
//! source read says the framework takes it; the sources of each list follow the CSV's in `sources`, and what
//! they leave open is [`Claim::Formats`] in `unverified`. A format converted into another on the way (MLX
//! reading an AutoAWQ file into its own affine layout, MNN repacking GGUF blocks, Genie building GGUF into an
//! HTP graph) counts when the weights are kept as stored; one quantized again (RKLLM's GGUF import into w8a8,
//! ONNX Runtime GenAI's builder reading a float GGUF) does not.
//!
//! Conventions, shared with [`crate::presets::quants`]:
//! * weight bits are the code width (GGUF Q4_0 is 4 with group 32); FP16/BF16/FP32 are 16/32 per-tensor;
//! * KV bits are bits per element including block scales (llama.cpp `q8_0` = 8.5, MLX 4-bit g64 = 4.5);
//! * 16-bit integer activations (A16W8 on Hexagon, MediaTek, Ryzen AI) count as [`Activation::Fp16`], the
//!   engine's 16-bit peak; FP8 activations are not modelled.

use super::concat;
use super::data::framework_sources as src;
use crate::framework::{Claim, FrameworkSpec, Loads};
use crate::input::DEFAULT_FRAMEWORK;
use crate::input::{Activation, Backend, Granularity};

use Activation::{Fp16 as A16, Int8 as A8};
use Backend::{Cpu, Gpu, Npu};
use Granularity::{GroupWise, PerChannel, PerTensor};

/// A format loaded on every device ([`Loads::any`]).
const fn l(quant: &'static str) -> Loads {
    Loads::any(quant)
}

/// FP8 E4M3 where the GPU has FP8 tensor cores: of the device presets, the DGX Spark's GB10 (Blackwell,
/// sm_121); the Jetson Orins are Ampere (sm_87), which has none.
const FP8_TENSOR_CORES: Loads = Loads {
    quant: "fp8_e4m3",
    only_on: &["nv_dgx_spark"],
};

/// Every GGUF type of the quantization presets (llama.cpp loads them all).
const GGUF_ALL: [Loads; 12] = [
    l("q8_0"),
    l("q6_k"),
    l("q5_1"),
    l("q5_0"),
    l("q5_k"),
    l("q4_1"),
    l("q4_k_m"),
    l("q4_0"),
    l("q4_k"),
    l("iq4_xs"),
    l("q3_k"),
    l("q2_k"),
];

const LLAMA_CPP_GGML_H: &str = "ggml-org/llama.cpp ggml/include/ggml.h (enum ggml_type: F16, BF16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q2_K…Q6_K, IQ4_XS, …, MXFP4, NVFP4; no FP8 weight type)";
const LLAMA_CPP_GGUF_ONLY: &str = "ggml-org/llama.cpp README.md (\"llama.cpp requires the model to be stored in the GGUF file format\"; other formats are converted with convert_*.py)";
const LLAMA_CPP_QUANTIZE: &str = "ggml-org/llama.cpp src/llama-quant.cpp (llama_tensor_get_type: a Q4_K_M file is Q4_K with Q6_K for the attn_v and ffn_down tensors use_more_bits picks, and Q5_0/Q8_0 where a row does not divide into 256)";
const MLX_LM_LOAD: &str = "ml-explore/mlx-lm mlx_lm/utils.py (load_model: safetensors with MLX's \"quantization\" config; quant_method \"awq\"/\"gptq\" 4-bit checkpoints without g_idx converted at load by _transform_awq_weights, symmetric or with zero points, #730, in v0.30.4)";
const MLX_LM_CONVERT: &str = "ml-explore/mlx-lm mlx_lm/convert.py (--dtype float16/bfloat16/float32; -q --q-bits --q-group-size, default 4-bit group 64)";
const MLC_QUANT_REGISTRY: &str = "mlc-ai/mlc-llm python/mlc_llm/quantization/quantization.py (QUANTIZATION: q0f16, q0bf16, q0f32, q3f16_1 (int3 g40), q4f16_1 (int4 g32), q4f16_autoawq (AWQ g128), q4f16_ft, e4m3_e4m3_f16 (per-tensor FP8))";
const FP8_SM89: &str = "https://nvidia.github.io/TransformerEngine/support_matrix.html (FP8 per tensor requires compute capability 8.9 or higher; Ampere 8.0/8.6: no)";
const ORIN_AMPERE: &str = "https://github.com/icub-tech-iit/cad-libraries/files/13056089/JETSON-ORIN-NX-DATASHEET.pdf (Jetson Orin modules: NVIDIA Ampere architecture GPU)";
const ET_EXPORT_LLM: &str = "pytorch/executorch docs/source/llm/export-llm.md (TorchAO qmode int8: int8 weight-only; torchao:fpa(N)w: int1–8 weight-only with group_size; 8da4w; pt2e 8-bit for QNN and Core ML)";
const ORT_BUILDER: &str = "microsoft/onnxruntime-genai src/python/py/models/README.md (model builder: -p fp32/fp16/bf16/int4/int8, MatMulNBits block_size and is_symmetric; INT4 models quantized by AutoGPTQ or AutoAWQ; float16/float32 GGUF only)";
const MNN_LLM_DOC: &str = "alibaba/MNN docs/transformers/llm.md (llmexport --quant_bit 4|8, --quant_block 0 = channel-wise, default 128, --sym, --awq, --gptq_path; safetensors2mnn.py; gguf2mnn.py reads a GGUF file's weights)";
const MNN_GGUF2MNN: &str = "alibaba/MNN transformers/llm/export/gguf2mnn.py (GGUF tensor types read: F16, F32, Q4_0, Q4_1, Q4_K, Q5_0, Q5_1, Q6_K, Q8_0; others refused)";
const NNCF_WEIGHTS: &str = "https://GitHub.com/openvinotoolkit/nncf/blob/develop/docs/compression_algorithms/CompressWeights.md (INT8_ASYM by default, INT8_SYM, INT4_SYM, INT4_ASYM, NF4; 4-bit modes group-wise, e.g. 128)";
const OPTIMUM_OV: &str = "https://huggingface.co/docs/optimum/intel/openvino/export (optimum-cli export openvino --weight-format fp32/fp16/int8/int4/mxfp4/nf4/cb4, --sym, --group-size, --awq, --quant-mode int8)";

const LLAMA_CPP_FORMATS: [Loads; 14] = concat(&[l("fp16"), l("bf16")], &GGUF_ALL);
const LLAMA_CPP_SOURCES: [&str; 7] = concat(
    src::LLAMA_CPP,
    &[LLAMA_CPP_GGML_H, LLAMA_CPP_GGUF_ONLY, LLAMA_CPP_QUANTIZE],
);

/// llama.cpp: CPU and GPU backends (Hexagon and OpenVINO are "in progress"); GGUF block types, so group
/// sizes are the blocks' 16/32 and the 256 super-block; no per-channel layout; activations F16/F32 on GPU,
/// quantized to Q8 on CPU; KV `f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1`.
/// Loads GGUF only: F16, BF16 and every GGUF type of the presets; no AWQ/GPTQ, bitsandbytes, MLX or FP8 file.
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
    formats: &LLAMA_CPP_FORMATS,
    sources: &LLAMA_CPP_SOURCES,
    symmetric_on: &[],
    unverified: &[],
};

const MLC_LLM_FORMATS: [Loads; 4] = [l("fp16"), l("bf16"), FP8_TENSOR_CORES, l("awq_g128")];
const MLC_LLM_SOURCES: [&str; 5] = concat(src::MLC_LLM, &[MLC_QUANT_REGISTRY, FP8_SM89]);

/// MLC-LLM: GPU backends (list not re-read); q4 group 32, q3 group 40, AWQ group 128, q0 unquantized, FP8
/// on CUDA; W4A16/W4A32; KV in the model dtype.
/// Loads q0f16/q0bf16 (FP16, BF16), q4f16_autoawq (AutoAWQ g128) and e4m3_e4m3_f16 (FP8, CUDA: on FP8 tensor
/// cores); its own q4f16_1 (int4 g32) and q3f16_1 (int3 g40) are no preset.
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
    formats: &MLC_LLM_FORMATS,
    sources: &MLC_LLM_SOURCES,
    symmetric_on: &[],
    unverified: &[
        Claim::Backends,
        Claim::ZeroPoint,
        Claim::KvBits,
        Claim::Formats,
    ],
};

const EXECUTORCH_FORMATS: [Loads; 4] = [l("fp16"), l("w8a16"), l("w8a8"), l("w4a16_g128")];
const EXECUTORCH_SOURCES: [&str; 7] = concat(src::EXECUTORCH, &[ET_EXPORT_LLM]);

/// ExecuTorch: XNNPACK CPU, Vulkan/MPS/CUDA GPU, Core ML/QNN/MediaTek/… NPU delegates; TorchAO 1–8-bit
/// weights, group sizes that divide the input width; 8da4w (INT8 dynamic activations) or weight-only; INT8
/// KV cache.
/// Loads FP16, int8 weight-only (W8A16), pt2e 8-bit (W8A8 on QNN/Core ML) and TorchAO int4 weight-only in
/// groups (W4A16 g128); its 8da4w (int8 dynamic activations) is no preset.
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
    formats: &EXECUTORCH_FORMATS,
    sources: &EXECUTORCH_SOURCES,
    symmetric_on: &[],
    unverified: &[Claim::GroupSizes, Claim::ZeroPoint, Claim::Formats],
};

const LITERT_FORMATS: [Loads; 3] = [l("fp16"), l("w8a16"), l("w8a8")];

/// LiteRT (TFLite) and LiteRT-LM: int8, int4 (channel- or tensor-wise) and float16 weights, symmetric in
/// the recipes read; W8A8 full-integer, W8A32 dynamic, FP16 on GPU; KV quantization not found.
/// Loads float16, int8 weights with 16-bit or float activations (W8A16) and full-integer int8 (W8A8); its
/// int4 channel-wise weights are no preset.
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
    formats: &LITERT_FORMATS,
    sources: src::LITERT,
    symmetric_on: &[],
    unverified: &[Claim::Granularities, Claim::KvBits],
};

const ONNXRUNTIME_FORMATS: [Loads; 6] = [
    l("fp16"),
    l("bf16"),
    l("w8a8"),
    l("awq_g128"),
    l("w4a16_g128"),
    l("nf4"),
];
const ONNXRUNTIME_SOURCES: [&str; 5] = concat(src::ONNXRUNTIME, &[ORT_BUILDER]);

/// ONNX Runtime with onnxruntime-genai: `MatMulNBits` 2/4/8-bit blocks of a power of two ≥ 16 with optional
/// zero points, QDQ int8/int16; W4A16/W4A32, or INT8 compute with `accuracy_level` 4; KV quantization not
/// found.
/// Loads FP16/BF16, MatMulNBits int4 in blocks of 128 with or without zero points (its builder reads
/// AutoAWQ/AutoGPTQ INT4 models), QDQ int8 (W8A8) and MatMulBnb4 NF4; not GGUF's block types (the builder
/// reads only float GGUF).
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
    formats: &ONNXRUNTIME_FORMATS,
    sources: &ONNXRUNTIME_SOURCES,
    symmetric_on: &[],
    unverified: &[Claim::GroupSizes, Claim::KvBits, Claim::Formats],
};

const ORT_QNN_FORMATS: [Loads; 2] = [l("w8a16"), l("w8a8")];

/// ONNX Runtime QNN EP: QDQ uint8/int8/uint16/int16 weights (per-channel int4 in community use), HTP needs
/// 8- or 16-bit quantized activations (A16W8 typical); static shapes only.
/// Loads QDQ A16W8 (W8A16) and A8W8 (W8A8) models on the HTP.
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
    formats: &ORT_QNN_FORMATS,
    sources: src::ORT_QNN,
    symmetric_on: &[],
    unverified: &[Claim::WeightBits, Claim::KvBits, Claim::Formats],
};

const MNN_FORMATS: [Loads; 12] = [
    l("fp16"),
    l("w8a16"),
    l("q8_0"),
    l("q6_k"),
    l("q5_1"),
    l("q5_0"),
    l("q4_1"),
    l("q4_k_m"),
    l("q4_0"),
    l("q4_k"),
    l("awq_g128"),
    l("w4a16_g128"),
];
const MNN_SOURCES: [&str; 3] = concat(src::MNN, &[MNN_LLM_DOC, MNN_GGUF2MNN]);

/// MNN-LLM: 4- or 8-bit weights per channel or in blocks (64, 128, …), HQQ/AWQ with zero points; FP16
/// where possible, dynamic INT8; INT8 K and FP8 V caches (`quant_qkv`). GPU backends other than OpenCL not
/// re-read.
/// Loads FP16, its own 8-bit channel-wise and 4-bit g128 weights (symmetric with --sym, zero points
/// otherwise, AWQ with --awq), and GGUF Q8_0/Q6_K/Q5_0/Q5_1/Q4_0/Q4_1/Q4_K (gguf2mnn.py repacks their
/// blocks).
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
    formats: &MNN_FORMATS,
    sources: &MNN_SOURCES,
    symmetric_on: &[],
    unverified: &[Claim::Backends, Claim::GroupSizes],
};

const NCNN_FORMATS: [Loads; 2] = [l("fp16"), l("w8a8")];

/// ncnn: fp32, fp16 storage and int8 post-training quantization (W8A8); no group-wise weights; Vulkan GPU
/// not re-read.
/// Loads fp16 storage and int8 PTQ (W8A8).
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
    formats: &NCNN_FORMATS,
    sources: src::NCNN,
    symmetric_on: &[],
    unverified: &[Claim::Backends, Claim::ZeroPoint],
};

const QNN_FORMATS: [Loads; 14] = [
    l("fp16"),
    l("w8a16"),
    l("w8a8"),
    l("q8_0"),
    l("q6_k"),
    l("q5_1"),
    l("q5_0"),
    l("q5_k"),
    l("q4_1"),
    l("q4_k_m"),
    l("q4_0"),
    l("q4_k"),
    l("q3_k"),
    l("q2_k"),
];

/// Qualcomm AI Engine Direct (QNN/QAIRT) with Genie: HTP INT8/INT16 and FP16, block-quantized W8/W4/W2 with
/// FP16 activations, GGUF Q2_K…Q8_0 on HTP; A8/A16 integer or FP16 activations.
/// Loads FP16, A16W8 and A8W8 networks, and GGUF Q2_K…Q8_0 on the HTP (its GGUF builder); the block size of
/// its W4 block encoding was not read, so W4A16 g128 is not listed.
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
    formats: &QNN_FORMATS,
    sources: src::QNN,
    symmetric_on: &[],
    unverified: &[
        Claim::GroupSizes,
        Claim::ZeroPoint,
        Claim::KvBits,
        Claim::Formats,
    ],
};

const NEUROPILOT_FORMATS: [Loads; 2] = [l("w8a16"), l("w8a8")];

/// MediaTek NeuroPilot (via ExecuTorch's NeuropilotQuantizer): A16W16, A16W8, A16W4, A8W8, A8W4 on the APU.
/// Loads A16W8 (W8A16) and A8W8 (W8A8); A16W4/A8W4 are no preset.
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
    formats: &NEUROPILOT_FORMATS,
    sources: src::NEUROPILOT,
    symmetric_on: &[],
    unverified: &[
        Claim::GroupSizes,
        Claim::Granularities,
        Claim::ZeroPoint,
        Claim::KvBits,
        Claim::Formats,
    ],
};

const COREML_FORMATS: [Loads; 5] = [
    l("fp16"),
    l("w8a16"),
    l("w8a8"),
    l("awq_g128"),
    l("w4a16_g128"),
];

/// Apple Core ML: palettization (1/2/4/6/8-bit LUTs), 8-bit linear per channel with offsets, 4-bit per
/// block (iOS 18), 3-bit; W8A8 (iOS 17, A17 Pro/M4) or weight-only with FP16 compute; KV quantization not
/// found.
/// Loads FP16, 8-bit linear weights per channel (W8A16), W8A8 and 4-bit per-block weights with scales and
/// offsets (W4A16 g128, symmetric or not); palettized (LUT) weights are no preset.
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
    formats: &COREML_FORMATS,
    sources: src::COREML,
    symmetric_on: &[],
    unverified: &[Claim::GroupSizes, Claim::KvBits],
};

const MLX_FORMATS: [Loads; 4] = [l("fp16"), l("bf16"), l("awq_g128"), l("mlx_4bit_g64")];
const MLX_SOURCES: [&str; 5] = concat(src::MLX, &[MLX_LM_LOAD, MLX_LM_CONVERT]);

/// Apple MLX / mlx-lm: affine 2–8-bit with a scale and bias per 32/64/128 (nvfp4 16), CPU and Metal GPU
/// (no Neural Engine); FP16/BF16 activations; `--kv-bits` 3…8 at group 64 (+0.5 bit of scale and bias).
/// Loads FP16/BF16 safetensors, its own affine format (MLX 4-bit g64) and, since mlx-lm 0.30.4, AutoAWQ 4-bit
/// g128 checkpoints (read into its affine layout at load: an fp16 scale and bias per 128, 4.25 bits a weight in
/// memory against the file's 4.16); not GGUF, bitsandbytes or FP8. W4A16 g128 (symmetric) is left out: the
/// loader refuses GPTQ's g_idx and unpacks AutoAWQ's packing order only.
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
    formats: &MLX_FORMATS,
    sources: &MLX_SOURCES,
    symmetric_on: &[],
    unverified: &[],
};

const TENSORRT_FORMATS: [Loads; 7] = [
    l("fp16"),
    l("bf16"),
    l("w8a16"),
    l("w8a8"),
    FP8_TENSOR_CORES,
    l("awq_g128"),
    l("w4a16_g128"),
];
const TENSORRT_SOURCES: [&str; 7] = concat(src::TENSORRT, &[FP8_SM89, ORIN_AMPERE]);

/// TensorRT / TensorRT-LLM: CUDA GPU (DLA for non-LLM TensorRT engines); W4A16 AWQ/GPTQ block-wise (128
/// typical), W8A16, W8A8 SmoothQuant (FP8 needs Ada, FP4 Blackwell: not Jetson Orin); FP8, INT8 and NVFP4
/// KV caches.
/// Loads FP16/BF16, W8A16 weight-only, W8A8 SmoothQuant, W4A16 AWQ/GPTQ g128 and FP8 where the GPU has FP8
/// tensor cores (the DGX Spark, not the Ampere Jetson Orins); not GGUF or bitsandbytes.
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
    formats: &TENSORRT_FORMATS,
    sources: &TENSORRT_SOURCES,
    symmetric_on: &[],
    unverified: &[Claim::GroupSizes],
};

const RKLLM_FORMATS: [Loads; 1] = [l("w8a8")];

/// Rockchip RKLLM / RKNN-Toolkit2: w4a16 in groups of 32/64/128, w8a8 in groups of 128/256/512, GGUF q4_0
/// and fp16 import; RKNN int8 is asymmetric; KV quantization not found.
/// Loads w8a8; its w4a16 (g32/64/128) is benchmarked on RK3576/RK3562 only, not on the RK3588 preset, and its
/// GGUF import (q4_0, fp16) quantizes again.
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
    formats: &RKLLM_FORMATS,
    sources: src::RKLLM,
    symmetric_on: &[],
    unverified: &[Claim::KvBits, Claim::Formats],
};

const OPENVINO_FORMATS: [Loads; 5] = [
    l("fp16"),
    l("w8a16"),
    l("w8a8"),
    l("awq_g128"),
    l("w4a16_g128"),
];
const OPENVINO_SOURCES: [&str; 7] = concat(src::OPENVINO, &[NNCF_WEIGHTS, OPTIMUM_OV]);

/// OpenVINO (GenAI on NPU): NNCF INT4_SYM/INT4_ASYM/INT8 weights, group 128/64 or channel-wise; the NPU
/// wants symmetric INT4, CPU/GPU accept zero points; W4A16 or W8A8.
/// Loads FP16, NNCF INT8 weights (INT8_SYM: W8A16), INT8 quantization (W8A8) and INT4_SYM/INT4_ASYM g128 (AWQ
/// optional); NNCF's NF4 keeps a 16-bit scale per group, not bitsandbytes' layout.
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
    formats: &OPENVINO_FORMATS,
    sources: &OPENVINO_SOURCES,
    symmetric_on: &[Npu],
    unverified: &[Claim::KvBits],
};

const RYZEN_AI_FORMATS: [Loads; 2] = [l("w8a16"), l("w8a8")];

/// AMD Ryzen AI (Quark quantizer for the XDNA NPU): A8W8 with symmetric INT8 activations and weights and
/// float scales, or A16W8; no group-wise weights found.
/// Loads A16W8 (W8A16) and A8W8 (W8A8).
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
    formats: &RYZEN_AI_FORMATS,
    sources: src::RYZEN_AI,
    symmetric_on: &[],
    unverified: &[Claim::Granularities, Claim::KvBits, Claim::Formats],
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
    formats: &[],
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
