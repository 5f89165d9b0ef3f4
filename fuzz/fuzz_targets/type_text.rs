#![no_main]
//! Fuzz target `type_text`: see aceemu::fuzz_harness::type_text for what it checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceemu::fuzz_harness::type_text(data));
