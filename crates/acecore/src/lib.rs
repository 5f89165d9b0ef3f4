//! acecore: the Jupiter Ace of aceemu, independent of any host, on Rust 1.63 so that it
//! also builds for wasm32 with Debian's compiler (the web front end in `web/`).
//!
//! * [`machine`]: the Ace itself (CPU glue over iz80, bus, ULA, keyboard, beeper).
//! * [`key_player`]: host key strokes played onto the matrix without losing any.
//! * [`tape`]: the tape formats a machine loads from (TAP, TZX, WAV, `.ace` snapshots),
//!   with pulses as their common currency, and the tape's side of the machine: the deck's
//!   player, the instant loader's traps, snapshots into and out of the machine.
//! * [`rom`]: what the machine needs to know about a ROM image (its size, its errors).
//!
//! aceemu re-exports these as `aceemu::machine` and `aceemu::tape::{pulse, ...}`.

pub mod key_player;
pub mod machine;
pub mod rom;
pub mod tape;
