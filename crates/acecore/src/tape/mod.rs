//! The tape formats a machine loads from; pulses are the common currency: every format
//! becomes or comes from the signal of [`pulse`].
//!
//! * [`pulse`]: blocks ⇄ signal in Ace T-states (encoder, tolerant decoder).
//! * [`tap`], [`tzx`], [`wav`]: the file formats.
//! * [`ace_snapshot`]: `.ace` snapshots.
//! * [`listen`]: the rule by which a deck tells the machine is listening (presses play).
//!
//! The deck, the recorder and reading files from a path stay in aceemu (`aceemu::tape`).

pub mod ace_snapshot;
pub mod listen;
pub mod pulse;
pub mod tap;
pub mod tzx;
pub mod wav;
