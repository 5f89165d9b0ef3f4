//! Tapes. Pulses are the common currency: every format becomes or comes from the signal of
//! [`pulse`], so TAP, TZX, WAV and the machine's SAVE share one encoder and one decoder.

pub mod ace_snapshot;
pub mod attach;
pub mod deck;
pub mod dict;
pub mod image;
pub mod pulse;
pub mod recorder;
pub mod tap;
pub mod testing;
pub mod traps;
pub mod tzx;
pub mod wav;

pub use attach::{attach, TapeControl};
pub use deck::{open_deck, Deck, DeckOptions, SharedDeck, TapeSpeed};
pub mod snapshot_glue;
