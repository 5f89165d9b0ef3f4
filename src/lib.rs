//! aceemu: a Jupiter Ace emulator with its own open ROM and bundled games.
//!
//! Floors, top to bottom, each using only those below it: the CLI (`src/bin`); the front
//! ends ([`frontend`]: window, sound, headless runner); [`workflows`] (jobs that boot a
//! machine: tape builders, game drivers, the Forth timings); the debugger's core
//! ([`debug`]); the games' reference models ([`games`]); the deck ([`tape`]); ROM images
//! ([`rom`]); and the machine itself (`acecore`, re-exported as [`machine`]), which knows
//! nothing of windows or sound devices.

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
