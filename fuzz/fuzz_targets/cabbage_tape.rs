#![no_main]
//! Fuzz target `cabbage_tape`: see aceemu::fuzz_harness::cabbage_tape for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::cabbage_tape(data));
