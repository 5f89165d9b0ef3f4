//! aceemu: a Jupiter Ace emulator with its own open ROM and bundled games.
//!
//! The machine (`machine`) knows nothing of windows or sound devices; file formats
//! (`tape`, `rom`) live apart from it; the front ends (`frontend`) and the CLI sit on top.

pub mod debug;
pub mod frontend;
pub mod fuzz_harness;
pub mod games;
pub mod input_file;
/// The machine lives in its own crate (`crates/acecore`, Rust 1.63, also built for wasm32).
pub use acecore::machine;
pub mod output_file;
pub mod plural;
pub mod rom;
pub mod tape;
pub mod workflows;
