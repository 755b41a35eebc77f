//! libFuzzer target: [`edgefit_fuzz::gguf`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| edgefit_fuzz::gguf(data));
