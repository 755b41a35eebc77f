//! Labels: every input, unit, group, constraint, verdict, choice and step, in both languages.
//!
//! The terms follow the seed document (`000_5a701520f49c9be0.txt`) and its English rendering.

use edgefit_core::input::{Group, Unit};
use edgefit_core::steps::Step;
use edgefit_core::{Activation, Backend, Constraint, Field, Granularity, ModelKind, Verdict};

use crate::Lang;

/// English label, Chinese label, English help, Chinese help.
type Words = [&'static str; 4];

#[allow(clippy::too_many_lines)] // why: one row per input is the clearest form of this table.
fn field_words(f: Field) -> Option<Words> {
    use Field::*;
    Some(match f {
        PeakInt8Tops => [
            "Peak INT8 compute",
            "INT8 峰值算力",
            "The accelerator's rated INT8 throughput.",
            "加速器标称的 INT8 峰值算力。",
        ],
        PeakFp16Tops => [
            "Peak FP16 compute",
            "FP16 峰值算力",
            "Rated FP16 throughput; left empty, half the INT8 peak is assumed.",
            "标称 FP16 算力；留空时按 INT8 峰值的一半估算。",
        ],
        PeakInt4Tops => [
            "Peak INT4 compute",
            "INT4 峰值算力",
            "Rated INT4 throughput; left empty, the INT8 peak is assumed.",
            "标称 INT4 算力；留空时按 INT8 峰值估算。",
        ],
        ComputeUtil => [
            "Compute utilization",
            "算子利用率",
            "Share of the peak real operators reach (the worked example's 20–40 %); a range is allowed.",
            "真实算子能达到的峰值比例（原文 20%～40%），可填区间。",
        ],
        CpuTops => [
            "CPU fallback compute",
            "CPU 回退算力",
            "Effective CPU throughput for operators the accelerator cannot run.",
            "加速器不支持、回退到 CPU 的算子可用的有效算力。",
        ],
        MemoryGb => [
            "Total memory",
            "内存总量",
            "Device DRAM (e.g. 8 GB LPDDR5).",
            "设备内存容量（如 8 GB LPDDR5）。",
        ],
        ReservedGb => [
            "Reserved memory",
            "系统占用内存",
            "Memory the OS and other apps keep; the rest is usable by the model.",
            "系统和其他应用占用的内存，余下的才归模型使用。",
        ],
        BandwidthGbps => [
            "Peak memory bandwidth",
            "内存峰值带宽",
            "Rated DRAM bandwidth.",
            "内存标称带宽。",
        ],
        BandwidthUtil => [
            "Bandwidth utilization",
            "带宽利用率",
            "Share of the peak bandwidth decoding reaches (the worked example assumes 60 %).",
            "解码阶段能用到的带宽比例（原文按 60% 计）。",
        ],
        BandDecode => [
            "Decode speed band",
            "解码速度区间",
            "Measured ÷ predicted decode speed for this kind of device and runtime (the median ± 1.9 robust standard deviations of the prediction's errors on published measurements from other sources). Its ends give the band shown with every speed.",
            "同类设备与框架上实测 ÷ 预测的解码速度（预测在其他来源公开实测上误差的中位数 ± 1.9 个稳健标准差）。两端即各速度旁显示的区间。",
        ],
        BandPrefill => [
            "Prefill speed band",
            "预填充速度区间",
            "Measured ÷ predicted prompt (prefill) speed, as for decode.",
            "实测 ÷ 预测的提示词（预填充）速度，含义同解码。",
        ],
        StorageFreeGb => [
            "Free storage",
            "可用存储",
            "Storage left for the model file.",
            "留给模型文件的存储空间。",
        ],
        StorageReadGbps => [
            "Storage read speed",
            "存储读取速度",
            "Sequential read speed of the flash (UFS 3.1 ≈ 2 GB/s); sets the cold start.",
            "闪存顺序读取速度（UFS 3.1 约 2 GB/s），决定冷启动时间。",
        ],
        SustainedW => [
            "Sustained power budget",
            "持续功耗预算",
            "Power the device can dissipate indefinitely (phones: 3–5 W).",
            "设备可长期维持的功耗（手机通常 3～5 W）。",
        ],
        BurstW => [
            "Burst power",
            "短时爆发功耗",
            "Short-term power the device allows (the worked example's 8 W).",
            "短时允许的爆发功耗（原文 8 W）。",
        ],
        BurstS => [
            "Burst duration",
            "爆发持续时间",
            "How long the burst power lasts before the junction limit (the worked example's 30 s).",
            "爆发功耗持续多久后结温逼近上限（原文 30 秒）。",
        ],
        TjMaxC => [
            "Junction temperature limit",
            "结温上限",
            "Temperature at which the chip throttles.",
            "芯片触发降频的结温。",
        ],
        AmbientC => [
            "Ambient temperature",
            "环境温度",
            "Temperature around the device.",
            "设备所处环境温度。",
        ],
        AccelW => [
            "Accelerator power at full load",
            "加速器满载功耗",
            "NPU/GPU power while busy (the worked example's 2–3 W); a range is allowed.",
            "NPU/GPU 满载功耗（原文 2～3 W），可填区间。",
        ],
        BaseW => [
            "CPU and SoC power",
            "CPU 及 SoC 其余功耗",
            "CPU and the rest of the SoC while inferring.",
            "推理期间 CPU 及 SoC 其余部分的功耗。",
        ],
        IdleW => [
            "Idle power",
            "空闲功耗",
            "Power between bursts of work (race to idle).",
            "两次计算之间的空闲功耗（先跑完再休眠）。",
        ],
        DramPjPerBit => [
            "DRAM energy per bit",
            "内存每比特能耗",
            "Energy to move one bit to or from DRAM (LPDDR5 ≈ 4 pJ/bit).",
            "内存每搬运 1 比特的能耗（LPDDR5 约 4 pJ/bit）。",
        ],
        BatteryWh => [
            "Battery capacity",
            "电池容量",
            "For hours of continuous use; left empty, not reported.",
            "用于估算连续使用时长；留空则不计算。",
        ],
        ParamsB => [
            "Parameters",
            "参数量",
            "Parameter count in billions (the worked example's 1.5 B).",
            "参数量，单位十亿（原文 1.5B）。",
        ],
        Layers => [
            "Layers",
            "层数",
            "Transformer layers.",
            "Transformer 层数。",
        ],
        Hidden => [
            "Hidden size",
            "隐藏维度",
            "Width of the residual stream.",
            "残差流宽度（hidden size）。",
        ],
        Heads => [
            "Attention heads",
            "注意力头数",
            "Query heads.",
            "Query 头数。",
        ],
        KvHeads => [
            "KV heads",
            "KV 头数",
            "Key/value heads; fewer than the query heads is grouped-query attention (GQA).",
            "Key/Value 头数；少于 Query 头数即分组查询注意力（GQA）。",
        ],
        HeadDim => [
            "Head dimension",
            "每头维度",
            "Width of one attention head.",
            "单个注意力头的维度。",
        ],
        Ffn => [
            "FFN size",
            "FFN 维度",
            "Feed-forward intermediate width.",
            "前馈层中间维度。",
        ],
        Vocab => [
            "Vocabulary size",
            "词表大小",
            "Tokens in the vocabulary; sizes the embedding and the LM head.",
            "词表大小，决定嵌入层和 LM head 的体积。",
        ],
        Tied => [
            "Tied embeddings",
            "共享嵌入",
            "The input embedding doubles as the LM head (1) or not (0).",
            "输入嵌入与 LM head 共享权重（1）或不共享（0）。",
        ],
        Gated => [
            "Gated FFN",
            "门控 FFN",
            "SwiGLU-style feed-forward with three matrices (1) or two (0).",
            "SwiGLU 式三矩阵前馈（1）或两矩阵（0）。",
        ],
        QkvBias => [
            "QKV bias",
            "QKV 偏置",
            "Biases on the Q, K and V projections (Qwen2).",
            "Q、K、V 投影带偏置（如 Qwen2）。",
        ],
        QkNorm => [
            "QK norm",
            "QK 归一化",
            "Per-head RMS norms on queries and keys (Qwen3, Gemma 3).",
            "对 Query、Key 做逐头 RMSNorm（如 Qwen3、Gemma 3）。",
        ],
        GopPerInference => [
            "Operations per inference",
            "单次推理运算量",
            "One-shot models: operations for one input, in 10⁹.",
            "单次推理模型：处理一个输入的运算量（10⁹ 次）。",
        ],
        ActivationMb => [
            "Peak activations",
            "峰值激活内存",
            "One-shot models: peak activation memory of one inference.",
            "单次推理模型：一次推理的峰值激活内存。",
        ],
        Fps => [
            "Target frame rate",
            "目标帧率",
            "One-shot models: inferences per second the product needs.",
            "单次推理模型：产品要求的每秒推理次数。",
        ],
        WeightBits => [
            "Weight bits",
            "权重位宽",
            "Bits per quantized weight (INT4: 4).",
            "量化后每个权重的位数（INT4 为 4）。",
        ],
        GroupSize => [
            "Group size",
            "分组大小",
            "Weights sharing one scale in group-wise quantization (e.g. 128).",
            "分组量化（group-wise）中共享一个缩放因子（scale）的权重数（如 128）。",
        ],
        ScaleBits => [
            "Scale bits",
            "缩放因子位宽",
            "Bits of each quantization scale (FP16: 16).",
            "每个量化缩放因子（scale）的位数（FP16 为 16）。",
        ],
        ZeroBits => [
            "Zero-point bits",
            "零点位宽",
            "Bits of each zero point; 0 for symmetric quantization.",
            "每个零点（zero-point）的位数；对称量化为 0。",
        ],
        EmbedBits => [
            "Embedding bits",
            "嵌入层位宽",
            "Bits of the embedding table and LM head; left empty, as the other weights.",
            "嵌入表和 LM head 的位宽；留空则与其他权重相同。",
        ],
        KvBits => [
            "KV cache bits",
            "KV Cache 位宽",
            "Bits per KV-cache element (FP16: 16; INT8: 8).",
            "KV Cache 每个元素的位数（FP16 为 16，INT8 为 8）。",
        ],
        TtftMs => [
            "TTFT target",
            "首字延迟 TTFT 目标",
            "Time to first token the product allows (voice assistant: 300 ms).",
            "产品允许的首 token 时延（语音助手 300 ms）。",
        ],
        TpotMs => [
            "TPOT target",
            "每字延迟 TPOT 目标",
            "Time per output token the product allows (voice assistant: 50 ms).",
            "产品允许的每 token 时延（语音助手 50 ms）。",
        ],
        Context => [
            "Context length",
            "上下文长度",
            "Tokens of context the KV cache holds (the worked example's 2048).",
            "KV Cache 需容纳的上下文长度（原文 2048）。",
        ],
        Prompt => [
            "Prompt length",
            "提示词长度",
            "Prompt tokens prefilled before the first token.",
            "生成首个 token 前需要预填充的提示词 token 数。",
        ],
        Output => [
            "Output length",
            "输出长度",
            "Tokens generated per answer.",
            "每次回答生成的 token 数。",
        ],
        Batch => [
            "Concurrent sequences",
            "并发序列数",
            "Sequences decoded together (batch).",
            "同时解码的序列数（batch）。",
        ],
        Accept => [
            "Draft acceptance rate",
            "草稿接受率",
            "Speculative decoding: share of the draft model's tokens the target accepts (α). Used with a draft model.",
            "投机解码：目标模型接受草稿 token 的比例（α）。需选择草稿模型。",
        ],
        DraftLen => [
            "Draft length",
            "草拟长度",
            "Speculative decoding: tokens the draft proposes per verify step (k).",
            "投机解码：每轮验证前草稿模型提出的 token 数（k）。",
        ],
        Streams => [
            "Streams (users)",
            "并发路数（用户）",
            "Independent streams (users, agents) served together: each keeps its own KV cache and gets one token per decode step; prompts arrive one at a time.",
            "同时服务的独立会话（用户、智能体）：每路各有 KV Cache，每个解码步各得一个 token；提示词逐个到达。",
        ],
        MaxFileGb => [
            "Largest model file",
            "单模型文件上限",
            "The product's file-size guideline (the worked example's 2 GB).",
            "产品对单个模型文件的体积要求（原文 2 GB）。",
        ],
        TokenOverheadMs => [
            "Per-token overhead",
            "每 token 额外开销",
            "Fixed time per token for sampling, logging and scheduling.",
            "每个 token 的固定开销：采样、日志、调度等。",
        ],
        LayerMs => [
            "Per-layer cost per token",
            "每层每 token 固定开销",
            "Fixed time per layer per generated token (kernel launches, synchronisation); TPOT adds layers × this. A device preset sets the value fitted on published measurements of its runtime.",
            "每生成一个 token、每层的固定耗时（内核启动、同步）；TPOT 加上层数 × 该值。选择设备预设时取该运行时在公开实测上拟合的值。",
        ],
        RuntimeGb => [
            "Runtime overhead",
            "运行时开销",
            "Memory the framework, allocator and graph take.",
            "推理框架、内存分配器和计算图占用的内存。",
        ],
        MetaMb => [
            "Tokenizer and metadata",
            "分词器与元数据",
            "Non-weight bytes in the model file.",
            "模型文件中权重以外的部分。",
        ],
        Chunk => [
            "Prefill chunk",
            "预填充分块",
            "Prompt tokens processed per prefill chunk; sizes the workspace.",
            "每次预填充处理的 token 数，决定工作区内存。",
        ],
        Depth => [
            "Tokens already in context",
            "已在上下文中的 token",
            "Tokens already in the KV cache when the prompt arrives (a later turn of a conversation): prefill attends to them too.",
            "提示词到来时 KV 缓存里已有的 token 数（多轮对话的后续轮次）：预填充也要对它们做注意力。",
        ],
        DecodeCtx => [
            "Decode speed at context",
            "解码速度对应的上下文",
            "Context (tokens) at which the decode speed is reported; empty: the full context above.",
            "报告解码速度时所处的上下文长度（token）；留空：按上面的完整上下文。",
        ],
        GemmTile => [
            "Matmul tile",
            "矩阵乘分块",
            "Prompt tokens per tile of a tiled int8 matmul (llama.cpp CUDA: 128): weights re-read per tile, reads added to the arithmetic, attention at the FP16 peak. 0: off.",
            "分块 int8 矩阵乘每块的 token 数（llama.cpp CUDA：128）：每块重读权重，读取与计算相加，注意力按 FP16 峰值。0：关闭。",
        ],
        SessionS => [
            "Session length",
            "连续使用时长",
            "Minutes of continuous generation, in seconds, for the heat curve.",
            "连续生成的时长（秒），用于温升曲线。",
        ],
        ColdStart => [
            "Count cold start",
            "计入冷启动",
            "Include loading the model from storage in TTFT (1) or not (0).",
            "TTFT 是否计入从存储加载模型的时间（1 计入，0 不计）。",
        ],
        Coverage => [
            "Operator coverage",
            "算子覆盖率",
            "Share of operations the accelerator runs; the rest falls back to the CPU.",
            "在加速器上执行的运算比例，其余回退到 CPU。",
        ],
        ZeroCopy => [
            "Zero-copy buffers",
            "零拷贝",
            "CPU and accelerator share buffers without copies (1) or copy them (0).",
            "CPU 与加速器共享缓冲区无需拷贝（1），或需要拷贝（0）。",
        ],
        // Fields newer than the enum arms above are matched by key, so this table builds against
        // either side of an engine change.
        _ => match f.key() {
            "vit_params_b" => [
                "Image encoder parameters",
                "图像编码器参数量",
                "Vision-language models: parameters of the image encoder every patch runs through (0: no vision tower). Counted only when there are images.",
                "视觉语言模型：每个图像块都要经过的图像编码器参数量（0：无视觉编码器）。仅在有图像输入时计入。",
            ],
            "proj_params_b" => [
                "Projector parameters",
                "投影层参数量",
                "Vision-language models: parameters of the projector (merger, MLP or resampler) run once per image token.",
                "视觉语言模型：投影层（合并层、MLP 或重采样器）参数量，每个图像 token 运行一次。",
            ],
            "vit_layers" => [
                "Image encoder layers",
                "图像编码器层数",
                "Vision-language models: layers of the image encoder (ViT).",
                "视觉语言模型：图像编码器（ViT）的层数。",
            ],
            "vit_hidden" => [
                "Image encoder width",
                "图像编码器宽度",
                "Vision-language models: hidden size of the image encoder.",
                "视觉语言模型：图像编码器的隐藏维度。",
            ],
            "vit_patch" => [
                "Patch size",
                "图像块边长",
                "Vision-language models: side of one encoder patch in pixels (14 for SigLIP, InternViT, Qwen's ViT).",
                "视觉语言模型：编码器一个图像块的边长（像素；SigLIP、InternViT、Qwen ViT 为 14）。",
            ],
            "vit_window" => [
                "Encoder attention window",
                "编码器注意力窗口",
                "Vision-language models: patches a windowed encoder layer attends to (Qwen2.5-VL: 64); 0: every layer attends to the whole image or tile.",
                "视觉语言模型：窗口注意力层关注的图像块数（Qwen2.5-VL：64）；0：每层都关注整图或整个图块。",
            ],
            "vit_full_layers" => [
                "Encoder full-attention layers",
                "编码器全局注意力层数",
                "Vision-language models: encoder layers attending to the whole image when the others are windowed (Qwen2.5-VL: 4).",
                "视觉语言模型：其余层用窗口注意力时，关注整图的层数（Qwen2.5-VL：4）。",
            ],
            "tile_px" => [
                "Image tile",
                "图块边长",
                "Vision-language models: the tile the encoder sees, in pixels (InternVL3 448, Gemma 3 896); native rule: pixels per token cell (Qwen2.5-VL: 28).",
                "视觉语言模型：编码器看到的图块边长（像素；InternVL3 448，Gemma 3 896）；原生分辨率规则下为每个 token 的像素单元（Qwen2.5-VL：28）。",
            ],
            "max_tiles" => [
                "Most tiles per image",
                "每图最多图块数",
                "Vision-language models: most tiles an image is cut into (InternVL3 12, MiniCPM-V 9, SmolVLM2 16); native rule: most tokens per image (Qwen2.5-VL: 16,384).",
                "视觉语言模型：每张图最多切成的图块数（InternVL3 12，MiniCPM-V 9，SmolVLM2 16）；原生分辨率规则下为每图最多 token 数（Qwen2.5-VL：16384）。",
            ],
            "tile_tokens" => [
                "Tokens per tile",
                "每图块 token 数",
                "Vision-language models: image tokens the language model reads per tile (Gemma 3 and InternVL3 256, SmolVLM2 81, MiniCPM-V 64).",
                "视觉语言模型：语言模型每个图块读取的图像 token 数（Gemma 3、InternVL3 256，SmolVLM2 81，MiniCPM-V 64）。",
            ],
            "flash_params_b" => [
                "Parameters kept in flash",
                "常驻闪存的参数量",
                "Parameters kept in storage and read a row per token instead of held in memory (Gemma 3n's per-layer embeddings): counted in the file, not in memory.",
                "留在存储中、每个 token 只读一行、不常驻内存的参数（Gemma 3n 的逐层嵌入）：计入文件，不计入内存。",
            ],
            "vit_bits" => [
                "Image encoder bits",
                "图像编码器位宽",
                "Vision-language models: bits per weight of the image encoder and projector (llama.cpp's mmproj: 16).",
                "视觉语言模型：图像编码器与投影层的权重位宽（llama.cpp 的 mmproj：16）。",
            ],
            "images" => [
                "Images per prompt",
                "每次提问的图像数",
                "Images in the prompt; 0: text only (the vision tower is not loaded).",
                "提示词中的图像数；0：纯文本（不加载视觉编码器）。",
            ],
            "image_px" => [
                "Image width",
                "图像宽度",
                "Width of each image in pixels.",
                "每张图像的宽度（像素）。",
            ],
            "image_h" => [
                "Image height",
                "图像高度",
                "Height of each image in pixels; empty: square.",
                "每张图像的高度（像素）；留空：与宽度相同（方图）。",
            ],
            "post_norms" => [
                "Post norms",
                "后置归一化",
                "Norms after the attention and feed-forward blocks as well (Gemma 2, Gemma 3).",
                "在注意力和前馈块之后也做归一化（如 Gemma 2、Gemma 3）。",
            ],
            "app_cap_gb" => [
                "Per-app memory cap",
                "单应用内存上限",
                "Memory one app may use when the OS caps it below total minus reserved (empty: no cap).",
                "操作系统对单个应用的内存上限，低于总内存减预留时生效（留空：无上限）。",
            ],
            "graph_limit_gb" => [
                "Accelerator graph limit",
                "加速器单图上限",
                "Largest weights one accelerator graph maps; larger models are split into parts (empty: none).",
                "加速器单个计算图可映射的最大权重；更大的模型需拆成多段（留空：无限制）。",
            ],
            "experts" => [
                "Experts (MoE)",
                "专家数（MoE）",
                "Mixture of experts: routed experts per layer; 0 for a dense model.",
                "混合专家：每层路由专家数；稠密模型为 0。",
            ],
            "experts_active" => [
                "Active experts per token",
                "每 token 激活专家数",
                "Routed experts each token uses.",
                "每个 token 使用的路由专家数。",
            ],
            "shared_experts" => [
                "Shared experts",
                "共享专家数",
                "Experts every token uses, beside the routed ones.",
                "每个 token 都会使用的共享专家数。",
            ],
            "expert_ffn" => [
                "Expert FFN width",
                "专家 FFN 宽度",
                "Feed-forward width of one expert (0: the FFN width).",
                "单个专家的前馈宽度（0：同 FFN 宽度）。",
            ],
            "active_params_b" => [
                "Active parameters",
                "激活参数量",
                "Mixture of experts given by size: parameters used per token, in billions (empty: dense).",
                "按参数量描述的混合专家模型：每个 token 使用的参数量（十亿）；留空为稠密模型。",
            ],
            "window" => [
                "Sliding window",
                "滑动窗口",
                "Tokens a local (sliding-window) layer attends to; 0 for none.",
                "局部（滑动窗口）注意力层关注的 token 数；0 表示无。",
            ],
            "local_layers" => [
                "Sliding-window layers",
                "滑动窗口层数",
                "Layers that use the window (their KV cache stops growing at the window).",
                "使用滑动窗口的层数（这些层的 KV 缓存在窗口处停止增长）。",
            ],
            "mla_dim" => [
                "MLA latent width",
                "MLA 潜在维度",
                "Multi-head latent attention: cached elements per token and layer instead of K and V; 0 for none.",
                "多头潜在注意力：每 token 每层缓存的元素数，代替 K 和 V；0 表示不用。",
            ],
            "vit_eff" => [
                "Image encoder efficiency",
                "图像编码器效率",
                "Vision-language models: the image encoder's utilization as a multiple of the compute utilization η_c — it runs at the FP16 peak × η_c × this (at most the peak). 1 is the prior, the encoder as efficient as the prompt; a device preset sets the value fitted on published encoder times with each source left out (measured encoders reach about a half to a third of the prompt's efficiency). A range is allowed.",
                "视觉语言模型：图像编码器的利用率相对算子利用率 η_c 的倍数——编码器按 FP16 峰值 × η_c × 该值计算（不超过峰值）。先验值为 1，即与提示词预填充同样高效；选择设备预设时取基于公开编码器实测拟合、逐一留出来源检验的值（实测编码器约为预填充效率的一半到三分之一）。可填区间。",
            ],
            "kv_shared_layers" => [
                "Layers sharing a KV cache",
                "共享 KV 缓存的层数",
                "Layers that reuse an earlier layer's K and V instead of storing their own (Gemma 3n: 15 of 35): they hold no cache but still read one each token.",
                "复用前面某层的 K 和 V、不存自己缓存的层数（Gemma 3n：35 层中的 15 层）：不占缓存，但每个 token 仍要读取。",
            ],
            "recurrent_layers" => [
                "Recurrent / linear layers",
                "循环 / 线性层数",
                "Hybrid models: layers with a constant state instead of a KV cache.",
                "混合架构：以固定大小状态代替 KV 缓存的层数。",
            ],
            "state_mb" => [
                "State per recurrent layer",
                "每个循环层的状态",
                "Hybrid models: the constant state of one recurrent layer for one sequence.",
                "混合架构：单个循环层在一个序列上的固定状态大小。",
            ],
            "recurrent_params" => [
                "Weights per recurrent mixer",
                "每个循环混合器的权重数",
                "Hybrid models: weights of one recurrent or convolution layer's token mixer, counted instead of an attention block (0: counted as attention).",
                "混合架构：单个循环或卷积层的 token 混合器权重数，代替注意力块计入参数量（0：按注意力计）。",
            ],
            "export_ctx" => [
                "Exported context",
                "导出时固定的上下文",
                "Context fixed when the model was exported for an accelerator: the KV cache is allocated and read in full (empty: dynamic).",
                "模型为加速器导出时固定的上下文：KV 缓存按此全量分配并每 token 全量读取（留空：动态）。",
            ],
            "fixed_chunks" => [
                "Fixed-size prefill chunks",
                "固定大小的预填充分块",
                "Prefill runs whole chunks of the chunk size (NPU graphs): TTFT rises in steps.",
                "预填充按固定块大小整块执行（NPU 计算图）：TTFT 呈阶梯状上升。",
            ],
            "decode_tops" => [
                "Decode compute peak",
                "解码算力峰值",
                "Peak compute one decoded token's work reaches when the runtime splits it less evenly than a prompt's (llama.cpp on big and little CPU cores: the slowest core's rate × threads); empty: the prompt's peak.",
                "运行时对单个解码 token 的工作划分不如预填充均匀时所能达到的峰值算力（llama.cpp 跑在大小核上：最慢核速率 × 线程数）；留空：同预填充峰值。",
            ],
            "chain_gbps" => [
                "CPU thread chain bandwidth",
                "CPU 线程链路带宽",
                "CPU decode: threads × one core's streaming bandwidth. Each thread computes its share, then reads its share at that bandwidth, so TPOT is at least the two added. Empty: no such bound (accelerators).",
                "CPU 解码：线程数 × 单核流式带宽。每个线程先算完自己那份，再以该带宽读完自己那份数据，因此 TPOT 至少是两者之和。留空：无此约束（加速器）。",
            ],
            _ => return None,
        },
    })
}

/// The English words in preset names (devices, models, quantization formats, frameworks, the reverse
/// solve's schemes) and how the Chinese page says them, in the order they are replaced; product, model,
/// chip and format names stay as they are.
const ZH_NAME_WORDS: [(&str, &str); 23] = [
    (
        "Example device from the source document",
        "来源文档中的示例设备",
    ),
    ("the source document's worked example", "来源文档中的示例"),
    (" (the worked example's)", "（原文方案）"),
    ("Generic (supports every format)", "通用（支持所有格式）"),
    (" (base)", "（基础版）"),
    (" (Series 1, Meteor Lake)", "（第一代，Meteor Lake）"),
    (" with Ryzen AI", "，含 Ryzen AI"),
    (", e.g. ", "，如 "),
    (
        " (USB Accelerator / M.2 / Dev Board)",
        "（USB 加速器 / M.2 / 开发板）",
    ),
    (" (text decoder)", "（文本解码器）"),
    (" (hybrid conv + attention)", "（卷积与注意力混合）"),
    (" (per-tensor scale)", "（逐张量缩放）"),
    (
        " (K-quant mix, 4.85 bits/weight)",
        "（K-quant 混合，每权重 4.85 位）",
    ),
    (" (asymmetric)", "（非对称）"),
    (" (symmetric)", "（对称）"),
    (" + double quant", " + 双重量化"),
    ("4-bit", "4 位"),
    (" per-channel", " 逐通道"),
    (" per-tensor", " 逐张量"),
    (
        " (CPU/mobile, onnxruntime-genai)",
        "（CPU/移动端，onnxruntime-genai）",
    ),
    (" (incl. GenAI on NPU)", "（含 NPU 上的 GenAI）"),
    (" (Alibaba)", "（阿里巴巴）"),
    (" (Tencent)", "（腾讯）"),
];

/// A preset's name in the page's language: as written in English; in Chinese with the English words
/// around the product and format names said in Chinese ("Apple M4 (base)" → "Apple M4（基础版）",
/// "W8A16 per-channel" → "W8A16 逐通道"). A name with no such words is returned as it is.
#[must_use]
pub fn preset_name(name: &str, lang: Lang) -> String {
    let mut s = name.to_string();
    if lang == Lang::Zh {
        for (en, zh) in ZH_NAME_WORDS {
            if s.contains(en) {
                s = s.replace(en, zh);
            }
        }
    }
    s
}

/// The human name of an input (`"Peak INT8 compute"`, `"INT8 峰值算力"`). A field this crate does not know
/// yet shows its link key.
#[must_use]
pub fn field_label(f: Field, lang: Lang) -> &'static str {
    field_words(f).map_or(f.key(), |w| lang.pick(w[0], w[1]))
}

/// One short sentence on what an input means.
#[must_use]
pub fn field_help(f: Field, lang: Lang) -> &'static str {
    field_words(f).map_or("", |w| lang.pick(w[2], w[3]))
}

/// The unit a field is typed in, as shown next to it (empty for plain counts, shares and flags).
#[must_use]
pub fn field_unit(f: Field, lang: Lang) -> &'static str {
    unit_label(f.spec().unit, lang)
}

/// The symbol or word of a unit (`"TOPS"`, `"GB"`, `"ms"`, `"°C"`, `"tokens"`/`"token"`). Empty for plain
/// counts, shares (typed as 0–1) and yes/no flags.
#[must_use]
pub fn unit_label(u: Unit, lang: Lang) -> &'static str {
    match u {
        Unit::Tops => "TOPS",
        Unit::Gb => "GB",
        Unit::Mb => "MB",
        Unit::GbPerS => "GB/s",
        Unit::Watts => "W",
        Unit::Seconds => "s",
        Unit::Ms => "ms",
        Unit::Celsius => "°C",
        Unit::PjPerBit => "pJ/bit",
        Unit::Wh => "Wh",
        Unit::BillionParams => "B",
        Unit::Px => "px",
        Unit::Tokens => lang.pick("tokens", "token"),
        Unit::Bits => lang.pick("bits", "bit"),
        Unit::Gop => "GOP",
        Unit::Fps => lang.pick("fps", "帧/秒"),
        _ => "",
    }
}

/// The name of a group of inputs.
#[must_use]
pub fn group_label(g: Group, lang: Lang) -> &'static str {
    match g {
        Group::Device => lang.pick("Device", "设备"),
        Group::Model => lang.pick("Model", "模型"),
        Group::Quantization => lang.pick("Quantization", "量化"),
        Group::Scenario => lang.pick("Scenario", "场景"),
        Group::Framework => lang.pick("Framework", "推理框架"),
    }
}

/// The name of a constraint (`"TPOT"`, `"每字延迟 TPOT"`).
#[must_use]
pub fn constraint_label(c: Constraint, lang: Lang) -> &'static str {
    match c {
        Constraint::Compute => lang.pick("Compute", "算力"),
        Constraint::Memory => lang.pick("Memory", "内存容量"),
        Constraint::Bandwidth => lang.pick("Bandwidth", "带宽"),
        Constraint::Ttft => lang.pick("TTFT", "首字延迟 TTFT"),
        Constraint::Tpot => lang.pick("TPOT", "每字延迟 TPOT"),
        Constraint::Power => lang.pick("Power", "功耗"),
        Constraint::Thermal => lang.pick("Thermal", "散热"),
        Constraint::Storage => lang.pick("Storage", "存储"),
        Constraint::Framework => lang.pick("Framework", "推理框架"),
    }
}

/// The word for a verdict.
#[must_use]
pub fn verdict_label(v: Verdict, lang: Lang) -> &'static str {
    match v {
        Verdict::Pass => lang.pick("Pass", "通过"),
        Verdict::Warn => lang.pick("Uncertain", "不确定"),
        Verdict::Fail => lang.pick("Fail", "不通过"),
        Verdict::NotApplicable => lang.pick("n/a", "不适用"),
    }
}

/// The label of a model-description choice.
#[must_use]
pub fn model_kind_label(k: ModelKind, lang: Lang) -> &'static str {
    match k {
        ModelKind::Params => lang.pick("LLM by parameter count", "大模型（按参数量）"),
        ModelKind::Architecture => lang.pick("LLM by architecture", "大模型（按结构）"),
        ModelKind::OneShot => lang.pick(
            "One-shot model (vision, speech)",
            "单次推理模型（视觉、语音）",
        ),
    }
}

/// The label of a quantization-granularity choice.
#[must_use]
pub fn granularity_label(g: Granularity, lang: Lang) -> &'static str {
    match g {
        Granularity::PerTensor => lang.pick("Per-tensor", "逐张量"),
        Granularity::PerChannel => lang.pick("Per-channel", "逐通道"),
        Granularity::GroupWise => lang.pick("Group-wise", "分组"),
    }
}

/// The label of an activation-precision choice.
#[must_use]
pub fn activation_label(a: Activation, lang: Lang) -> &'static str {
    match a {
        Activation::Int8 => lang.pick("INT8 activations (A8)", "INT8 激活（A8）"),
        Activation::Fp16 => lang.pick("FP16 activations (A16)", "FP16 激活（A16）"),
        Activation::Int4 => lang.pick("INT4 activations (A4)", "INT4 激活（A4）"),
    }
}

/// The label of an image-rule choice.
#[must_use]
pub fn image_rule_label(r: edgefit_core::vision::ImageRule, lang: Lang) -> &'static str {
    use edgefit_core::vision::ImageRule;
    match r {
        ImageRule::Native => lang.pick(
            "Native resolution, 28-px cells (Qwen2.5-VL)",
            "原生分辨率，28 px 单元（Qwen2.5-VL）",
        ),
        ImageRule::Resize => lang.pick("One fixed square (Gemma 3)", "缩放为固定方图（Gemma 3）"),
        ImageRule::Grid => lang.pick(
            "Aspect-matched tile grid + thumbnail (InternVL)",
            "按宽高比分块 + 缩略图（InternVL）",
        ),
        ImageRule::Slices => lang.pick(
            "Slices by area + whole image (MiniCPM-V)",
            "按面积切片 + 整图（MiniCPM-V）",
        ),
        ImageRule::Split => lang.pick(
            "Long side to N tiles, cut + whole image (SmolVLM)",
            "长边缩放到 N 块后切分 + 整图（SmolVLM）",
        ),
    }
}

/// The label of a backend choice (the same in both languages).
#[must_use]
pub fn backend_label(b: Backend, _lang: Lang) -> &'static str {
    match b {
        Backend::Npu => "NPU",
        Backend::Gpu => "GPU",
        Backend::Cpu => "CPU",
    }
}

/// The title of a step of the accounting.
#[must_use]
pub fn step_title(step: Step, lang: Lang) -> &'static str {
    match step {
        Step::WeightBudget => lang.pick("Weight budget from TPOT", "按 TPOT 反推权重体积"),
        Step::KvRead => lang.pick(
            "The KV cache is read every token",
            "每个 token 还要读一遍 KV Cache",
        ),
        Step::Memory => lang.pick("Memory", "检查内存"),
        Step::Storage => lang.pick("Storage", "检查存储"),
        Step::Compute => lang.pick("Compute", "检查算力"),
        Step::Prefill => lang.pick("Prefill and TTFT", "预填充与首字延迟 TTFT"),
        Step::Power => lang.pick("Power", "检查功耗"),
        Step::Thermal => lang.pick("Heat over time", "热：功耗的时间维度"),
        Step::Framework => lang.pick("Framework match", "推理框架匹配"),
        Step::Inference => lang.pick("Latency of one inference", "单次推理时延"),
        Step::Conclusion => lang.pick("Conclusion", "核算结论"),
        _ => lang.pick("Step", "步骤"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use edgefit_core::input::ALL_GROUPS;
    use edgefit_core::{ALL_CONSTRAINTS, ALL_FIELDS};

    fn has_cjk(s: &str) -> bool {
        s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    #[test]
    fn preset_names_on_the_chinese_page_leave_no_english_words() {
        use edgefit_core::presets::{ALL_DEVICES, ALL_MODELS, ALL_QUANTS};
        let names = ALL_DEVICES
            .iter()
            .map(|p| p.name)
            .chain(ALL_MODELS.iter().map(|p| p.name))
            .chain(ALL_QUANTS.iter().map(|p| p.name))
            .chain(edgefit_core::presets::ALL_FRAMEWORKS.iter().map(|f| f.name))
            .chain(edgefit_core::solve::ALL_SCHEMES.iter().map(|s| s.name));
        // Words of the English glosses (product, model and format names are left as they are).
        let english = [
            "with",
            "per",
            "base",
            "series",
            "e.g",
            "mix",
            "bits",
            "weight",
            "asymmetric",
            "symmetric",
            "double",
            "text",
            "decoder",
            "hybrid",
            "conv",
            "attention",
            "scale",
            "mobile",
            "incl",
            "seed",
            "source",
            "document",
            "example",
            "worked",
            "device",
            "generic",
            "supports",
            "every",
            "format",
            "accelerator",
            "dev",
            "board",
            "4-bit",
            "per-channel",
            "per-tensor",
            "bits/weight",
        ];
        for name in names {
            let zh = preset_name(name, Lang::Zh);
            let left: Vec<&str> = zh
                .split(|c: char| !c.is_ascii_alphanumeric() && !matches!(c, '.' | '-' | '/'))
                .filter(|w| english.contains(&w.to_ascii_lowercase().as_str()))
                .collect();
            assert!(left.is_empty(), "{name} → {zh}: {left:?}");
            // A gloss is replaced whole: no half-width bracket closes a full-width one.
            assert_eq!(zh.matches('（').count(), zh.matches('）').count(), "{zh}");
            assert_eq!(preset_name(name, Lang::En), name);
        }
        assert_eq!(
            preset_name("Apple M4 (base)", Lang::Zh),
            "Apple M4（基础版）"
        );
        assert_eq!(preset_name("W8A16 per-channel", Lang::Zh), "W8A16 逐通道");
    }

    #[test]
    fn every_field_has_words_in_both_languages() {
        for &f in ALL_FIELDS {
            for lang in crate::ALL_LANGS {
                let l = field_label(f, lang);
                assert!(!l.is_empty() && l != f.key(), "{f:?} has no {lang:?} label");
                assert!(
                    !field_help(f, lang).is_empty(),
                    "{f:?} has no {lang:?} help"
                );
            }
            assert!(
                has_cjk(field_label(f, Lang::Zh)),
                "{f:?}: zh label has no Chinese"
            );
            assert!(
                has_cjk(field_help(f, Lang::Zh)),
                "{f:?}: zh help has no Chinese"
            );
        }
    }

    #[test]
    fn every_constraint_verdict_group_and_step_is_named() {
        for c in ALL_CONSTRAINTS {
            assert!(!constraint_label(c, Lang::En).is_empty());
            assert!(has_cjk(constraint_label(c, Lang::Zh)), "{c:?}");
        }
        for v in [
            Verdict::Pass,
            Verdict::Warn,
            Verdict::Fail,
            Verdict::NotApplicable,
        ] {
            assert!(!verdict_label(v, Lang::En).is_empty());
            assert!(has_cjk(verdict_label(v, Lang::Zh)), "{v:?}");
        }
        for g in ALL_GROUPS {
            assert!(has_cjk(group_label(g, Lang::Zh)), "{g:?}");
        }
        for &k in edgefit_core::input::ALL_MODEL_KINDS {
            assert!(has_cjk(model_kind_label(k, Lang::Zh)));
        }
        for &g in edgefit_core::input::ALL_GRANULARITIES {
            assert!(has_cjk(granularity_label(g, Lang::Zh)));
        }
        for &a in edgefit_core::input::ALL_ACTIVATIONS {
            assert!(has_cjk(activation_label(a, Lang::Zh)));
        }
        for &r in edgefit_core::vision::ALL_IMAGE_RULES {
            assert!(has_cjk(image_rule_label(r, Lang::Zh)));
        }
        assert_eq!(
            constraint_label(Constraint::Ttft, Lang::Zh),
            "首字延迟 TTFT"
        );
        assert_eq!(verdict_label(Verdict::Fail, Lang::Zh), "不通过");
        assert_eq!(unit_label(Unit::Tokens, Lang::En), "tokens");
        assert_eq!(unit_label(Unit::Celsius, Lang::Zh), "°C");
    }
}
