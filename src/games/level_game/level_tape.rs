//! A level tape: a game's pack of levels as one bytes file (a header block and a data
//! block), which the game on the Ace loads with `LEVELS name`.

use crate::tape::pulse::{Block, FLAG_DATA, FLAG_HEADER};
use crate::tape::tap::{with_checksum, Header};

/// The start address written into a level tape's header (the games load the pack where
/// they want it, so this is only what `LOAD` without an address would use).
pub const DEFAULT_START: u16 = 0x6000;

/// True for a name a tape file may have: 1 to 10 printable characters without spaces.
pub fn is_tape_name(name: &str) -> bool {
    !name.is_empty() && name.len() <= 10 && name.chars().all(|c| c.is_ascii_graphic())
}

/// The default name for a level tape made from `stem` (a file name without extension):
/// its printable non-space characters, cut to 10 (`levels` if none are left).
pub fn default_name(stem: &str) -> String {
    let name: String = stem
        .chars()
        .filter(|c| c.is_ascii_graphic())
        .take(10)
        .collect();
    if name.is_empty() {
        "levels".into()
    } else {
        name
    }
}

/// The two blocks (header, data) of the bytes file `name` holding `pack` (at most 65535
/// bytes, which the games' packs are checked for).
pub fn blocks(name: &str, pack: &[u8]) -> Vec<Block> {
    let header = Header::bytes(name, DEFAULT_START, pack.len() as u16);
    vec![
        Block::new(FLAG_HEADER, with_checksum(&header.to_payload())),
        Block::new(FLAG_DATA, with_checksum(pack)),
    ]
}
