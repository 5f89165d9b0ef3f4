#![no_main]
//! Fuzz target `tap`: see aceemu::fuzz_harness::tap for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::tap(data));
