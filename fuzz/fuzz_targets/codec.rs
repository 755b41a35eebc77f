//! libFuzzer target: [`edgefit_fuzz::codec`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| edgefit_fuzz::codec(data));
