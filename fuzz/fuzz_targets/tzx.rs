#![no_main]
//! Fuzz target `tzx`: see aceemu::fuzz_harness::tzx for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::tzx(data));
