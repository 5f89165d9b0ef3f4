#![no_main]
//! Fuzz target `debug_command`: see aceemu::fuzz_harness::debug_command for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::debug_command(data));
