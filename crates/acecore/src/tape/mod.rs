//! The tape formats a machine loads from, and the tape's side of the machine; pulses are
//! the common currency: every format becomes or comes from the signal of [`pulse`].
//!
//! * [`pulse`]: blocks ⇄ signal in Ace T-states (encoder, tolerant decoder).
//! * [`tap`], [`tzx`], [`wav`]: the file formats; [`format`](mod@format): any of them, as blocks and
//!   signal.
//! * [`ace_snapshot`]: `.ace` snapshots; [`snapshot_machine`]: them into and out of the
//!   machine.
//! * [`player`]: the playing half of a cassette deck; [`listen`]: the rule by which it
//!   tells the machine is listening (presses play); [`instant`]: the instant loader.
//!
//! The recorder and reading files from a path stay in aceemu (`aceemu::tape`).

pub mod ace_snapshot;
pub mod format;
pub mod instant;
pub mod listen;
pub mod player;
pub mod pulse;
pub mod snapshot_machine;
pub mod tap;
pub mod tzx;
pub mod wav;
