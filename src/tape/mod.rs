//! Tapes. Pulses are the common currency: every format becomes or comes from the signal of
//! [`pulse`], so TAP, TZX, WAV and the machine's SAVE share one encoder and one decoder.

pub mod ace_snapshot;
pub mod deck;
pub mod dict;
pub mod image;
pub mod pulse;
pub mod recorder;
pub mod tap;
pub mod traps;
pub mod tzx;
pub mod wav;
