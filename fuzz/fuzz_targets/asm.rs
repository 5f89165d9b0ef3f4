#![no_main]
//! Fuzz target `asm`: see aceemu::fuzz_harness::asm for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::asm(data));
