//! Helpers shared by the integration tests; each test file uses the parts it needs.
#![allow(dead_code)]

pub mod cli;
pub mod golden_tape;
