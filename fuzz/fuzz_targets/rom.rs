#![no_main]
//! Fuzz target `rom`: see aceemu::fuzz_harness::rom for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::rom(data));
