//! libFuzzer target: [`edgefit_fuzz::engine`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| edgefit_fuzz::engine(data));
