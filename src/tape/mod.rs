//! The cassette deck and what plugs tapes into aceemu: the deck with its recorder and
//! speeds, tape files read from and written to paths, the instant loader's ROM table, and
//! the glue a front end needs. The formats themselves and the deck's playing half are
//! acecore's `tape` room (host-free, also built for the web page), re-exported here, so a
//! file name stands in only one of the two rooms. Pulses are the common currency: every
//! format becomes or comes from the signal of [`pulse`], so TAP, TZX, WAV and the
//! machine's SAVE share one encoder and one decoder. Jobs that boot a machine to make a
//! tape live one floor up, in `crate::workflows`.
//!
//! * [`pulse`]: blocks ⇄ signal in Ace T-states (encoder, tolerant decoder).
//! * [`tap`], [`tzx`], [`wav`]: the file formats; [`image`]: any of them by extension;
//!   [`input`]: reading them from a path (regular files only, size-capped).
//! * [`deck`]: the cassette deck the machine plays and records: acecore's [`player`] and
//!   a [`recorder`], with the `real`, `fast` and `instant` ([`traps`]) speeds; [`listen`]:
//!   when it presses play by itself; [`mod@attach`]: the front end's glue, [`control`]:
//!   what a front end may ask of the deck.
//! * [`dict`]: the words in a dictionary file; [`ace_snapshot`], [`snapshot_machine`] and
//!   [`snapshot_glue`]: `.ace` snapshots.
//! * [`bundled`]: the games whose tapes are built into aceemu (`aceemu play`).
//! * [`testing`]: guest programs shared by tests and benchmarks.

pub mod attach;
pub mod bundled;
pub mod control;
pub mod deck;
pub mod dict;
pub mod image;
pub mod input;
pub mod recorder;
pub mod snapshot_glue;
pub mod testing;
pub mod traps;

/// The formats live in acecore with the machine (they build for the web front end too).
pub use acecore::tape::{ace_snapshot, listen, player, pulse, snapshot_machine, tap, tzx, wav};

pub use attach::{attach, attach_image, TapeControl};
pub use deck::{open_deck, Deck, DeckOptions, SharedDeck, TapeSpeed};
