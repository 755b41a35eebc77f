//! libFuzzer target: [`edgefit_fuzz::config`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| edgefit_fuzz::config(data));
