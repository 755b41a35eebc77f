//! libFuzzer target: [`edgefit_fuzz::scenario`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| edgefit_fuzz::scenario(data));
