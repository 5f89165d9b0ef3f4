#![no_main]
//! Fuzz target `forth_tape`: see aceemu::fuzz_harness::forth_tape for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::forth_tape(data));
