//! libFuzzer target: [`edgefit_fuzz::measurements`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| edgefit_fuzz::measurements(data));
