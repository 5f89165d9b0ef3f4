#![no_main]
//! Fuzz target `xsb`: see aceemu::fuzz_harness::xsb for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::xsb(data));
