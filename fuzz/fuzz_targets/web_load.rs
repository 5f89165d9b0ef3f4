#![no_main]
//! Fuzz target `web_load`: the web page's loaders (aceweb::load::check_any_file; its corpus
//! is replayed by aceweb's own tests).
libfuzzer_sys::fuzz_target!(|data: &[u8]| aceweb::load::check_any_file(data));
