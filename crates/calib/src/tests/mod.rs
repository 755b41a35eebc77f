//! Tests of reading, predicting and fitting measurements.

mod fitting;
mod reading;
mod vlm;

use edgefit_core::analysis::{self};
use edgefit_core::input::{Backend, Field, Inputs};
use edgefit_core::scenario::validate;

use crate::*;
use edgefit_core::analysis::latency;

pub(crate) const HEADER: &str = "row_id,source_id,hw_class,device,mem_bw_gbps,backend_unit,framework,model,params_b,quant,bpw_nominal,model_size_reported,prompt_len,prefill_tps,gen_len,decode_tps,compute_peak,compute_unit,compute_precision";
