#![no_main]
//! Fuzz target `cabbage`: see aceemu::fuzz_harness::cabbage for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::cabbage(data));
