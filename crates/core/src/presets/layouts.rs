//! Attention and feed-forward layouts that a dense-transformer config row does not carry: sliding-window
//! layers, mixtures of experts, latent attention and recurrent layers. Hand-written, one row per model id,
//! each with the config fields it reads.

use crate::input::{Field, Inputs};
use crate::model::{Moe, Recurrent};

/// A model's layout beyond the dense dimensions. Zero means "none".
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Layout {
    /// Sliding window, tokens (`sliding_window`).
    pub window: u32,
    /// Layers using the window (from `layer_types` / the local:global pattern).
    pub local_layers: u32,
    /// Routed experts per layer (`num_experts`, `num_local_experts`).
    pub experts: u32,
    /// Experts per token (`num_experts_per_tok`).
    pub experts_active: u32,
    /// Shared experts.
    pub shared_experts: u32,
    /// One expert's FFN width (`moe_intermediate_size`; gpt-oss: `intermediate_size`).
    pub expert_ffn: u32,
    /// Latent attention width per token and layer.
    pub mla_dim: u32,
    /// Recurrent / linear layers.
    pub recurrent_layers: u32,
    /// State of one recurrent layer for one sequence, bytes.
    pub state_bytes: u32,
    /// Weights of one recurrent layer's token mixer (0: counted as attention).
    pub recurrent_params: u32,
    /// Layers that reuse an earlier layer's KV cache (`num_kv_shared_layers`).
    pub kv_shared_layers: u32,
    /// Where the layout was read.
    pub note: &'static str,
}

const DENSE: Layout = Layout {
    window: 0,
    local_layers: 0,
    experts: 0,
    experts_active: 0,
    shared_experts: 0,
    expert_ffn: 0,
    mla_dim: 0,
    recurrent_layers: 0,
    state_bytes: 0,
    recurrent_params: 0,
    kv_shared_layers: 0,
    note: "",
};

/// Layouts by model id.
pub const LAYOUTS: &[(&str, Layout)] = &[
    (
        "gemma-2-2b",
        Layout {
            window: 4096,
            local_layers: 13,
            note: "sliding window 4096 on alternating layers (13 of 26)",
            ..DENSE
        },
    ),
    (
        "gemma-3-1b",
        Layout {
            window: 512,
            local_layers: 22,
            note: "sliding window 512, pattern 5 local : 1 global (22 of 26 local)",
            ..DENSE
        },
    ),
    (
        "gemma-3-4b",
        Layout {
            window: 1024,
            local_layers: 29,
            note: "sliding window 1024 on 5 of every 6 layers (29 of 34 local)",
            ..DENSE
        },
    ),
    (
        "gemma-3n-e4b",
        Layout {
            window: 512,
            local_layers: 28,
            kv_shared_layers: 15,
            note: "sliding window 512; every 5th layer full attention (28 of 35 local); the last 15 layers reuse the KV cache of earlier layers (num_kv_shared_layers 15: 12 sliding, 3 full)",
            ..DENSE
        },
    ),
    (
        "mistral-7b-v0.1",
        Layout {
            window: 4096,
            local_layers: 32,
            note: "sliding window 4096 on every layer",
            ..DENSE
        },
    ),
    (
        "qwen3-30b-a3b",
        Layout {
            experts: 128,
            experts_active: 8,
            expert_ffn: 768,
            note: "128 routed experts of width 768, 8 per token",
            ..DENSE
        },
    ),
    (
        "gpt-oss-20b",
        Layout {
            window: 128,
            local_layers: 12,
            experts: 32,
            experts_active: 4,
            expert_ffn: 2880,
            note: "32 experts of width 2880, 4 per token; sliding window 128 on alternating layers",
            ..DENSE
        },
    ),
    (
        "lfm2-1.2b",
        Layout {
            recurrent_layers: 10,
            state_bytes: 16_384,
            recurrent_params: 16_783_360,
            note: "10 of 16 layers are gated short convolutions (conv_L_cache 3): no KV cache, a 2 × 2048 F32 state each; 6 GQA layers",
            ..DENSE
        },
    ),
    (
        "lfm2-700m",
        Layout {
            recurrent_layers: 10,
            state_bytes: 12_288,
            recurrent_params: 9_441_792,
            note: "10 of 16 layers are gated short convolutions (conv_L_cache 3): no KV cache, a 2 × 1536 F32 state each; 6 GQA layers",
            ..DENSE
        },
    ),
    (
        "lfm2-350m",
        Layout {
            recurrent_layers: 10,
            state_bytes: 8_192,
            recurrent_params: 4_197_376,
            note: "10 of 16 layers are gated short convolutions (conv_L_cache 3): no KV cache, a 2 × 1024 F32 state each; 6 GQA layers",
            ..DENSE
        },
    ),
];

/// The layout of a model id (dense when it has none).
#[must_use]
pub fn layout(id: &str) -> Layout {
    LAYOUTS
        .iter()
        .find(|(k, _)| *k == id)
        .map_or(DENSE, |(_, l)| *l)
}

impl Layout {
    /// The mixture-of-experts part, if any.
    #[must_use]
    pub fn moe(&self, ffn: f64) -> Option<Moe> {
        (self.experts > 0).then(|| Moe {
            experts: f64::from(self.experts),
            active: f64::from(self.experts_active),
            shared: f64::from(self.shared_experts),
            expert_ffn: if self.expert_ffn > 0 {
                f64::from(self.expert_ffn)
            } else {
                ffn
            },
        })
    }
    /// The recurrent part, for counting parameters.
    #[must_use]
    pub fn recurrent(&self) -> Recurrent {
        Recurrent {
            layers: f64::from(self.recurrent_layers),
            mixer: f64::from(self.recurrent_params),
        }
    }
    /// Set (or reset to dense) every layout field.
    pub fn apply(&self, inputs: &mut Inputs) {
        for (f, x) in [
            (Field::Window, self.window),
            (Field::LocalLayers, self.local_layers),
            (Field::Experts, self.experts),
            (Field::ExpertsActive, self.experts_active),
            (Field::SharedExperts, self.shared_experts),
            (Field::ExpertFfn, self.expert_ffn),
            (Field::MlaDim, self.mla_dim),
            (Field::RecurrentLayers, self.recurrent_layers),
            (Field::RecurrentParams, self.recurrent_params),
            (Field::KvSharedLayers, self.kv_shared_layers),
        ] {
            inputs.set_exact(f, f64::from(x));
        }
        inputs.set_exact(Field::StateMb, f64::from(self.state_bytes) / 1e6);
        inputs.set(Field::ActiveParamsB, None);
    }
}
