//! libFuzzer target: [`edgefit_fuzz::pipeline_link`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| edgefit_fuzz::pipeline_link(data));
