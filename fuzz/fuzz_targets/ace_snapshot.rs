#![no_main]
//! Fuzz target `ace_snapshot`: see aceemu::fuzz_harness::ace_snapshot for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::ace_snapshot(data));
