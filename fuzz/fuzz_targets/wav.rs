#![no_main]
//! Fuzz target `wav`: see aceemu::fuzz_harness::wav for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::wav(data));
