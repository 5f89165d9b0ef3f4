#![no_main]
//! Fuzz target `mzm`: see aceemu::fuzz_harness::mzm for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::mzm(data));
