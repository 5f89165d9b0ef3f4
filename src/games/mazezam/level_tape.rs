//! Level tapes: any `.mzm` file's mazezams as one Ace bytes file, which both Ace ports
//! load in place of their built-in pack (`aceemu mazezam tape FILE.mzm OUT.tap`).
//!
//! The format (decided for both ports):
//!
//! - One bytes file, as `BSAVE` writes it: a TAP header block of type 0x20 (bytes), then
//!   its data block.
//! - The data is an [`ace_data::encode_pack`] pack: one count byte, then per mazezam W,
//!   H, entrance row, exit row, title length, title, cell bits (format documented in
//!   [`ace_data`]); then the tape's name again: its length (1-10), then its characters.
//! - The name is 1 to 10 printable characters without spaces (by default the `.mzm`
//!   file's stem, cut to 10 characters), so it can be typed after `BLOAD` / `LEVELS`.
//!
//! Why the name is in the data too: after `LEVELS name` the Forth game's title page names
//! the tape the levels came from. That is the name the player typed (the ROM loads only a
//! file whose 10 name characters match exactly), but a Forth word cannot see it: BLOAD
//! takes it from the input line itself, and the tape work area where the ROM keeps the
//! headers (0x2701-0x2732, ace-hardware.md 2) has no documented layout. A `.mzm` file has
//! no title of its own for the whole pack, so the tape's name is the pack's name. Readers
//! that go by the count byte (the machine-code port) never reach these bytes; a tape made
//! before they existed shows the title page's generic "levels from a LEVELS tape".
//! - The header's start address is [`DEFAULT_START`] (0x6000 = 24576). The Ace does not
//!   allow 0 there; this value only matters to a person who types `0 0 BLOAD name`. Each
//!   port loads with its own explicit address and a length limit (`addr n BLOAD name`),
//!   so the ROM itself refuses (ERROR 10) a pack larger than the port's level buffer.
//!
//! Every mazezam must fit the Ace's screen (W <= 30, H <= 20); one that does not is
//! refused with its number, title and size, and nothing is written.

use super::ace_data::{self, AceDataError};
use super::level::Level;
use super::screen::{MAX_HEIGHT, MAX_WIDTH};
use crate::games::level_game::level_tape as shared_tape;
use crate::tape::pulse::Block;

pub use crate::games::level_game::level_tape::{default_name, DEFAULT_START};

/// Why a level tape could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelTapeError {
    #[error("no mazezam to write")]
    Empty,
    #[error("mazezam {number} {title} is {width}x{height}: larger than the Ace's screen allows (at most {MAX_WIDTH}x{MAX_HEIGHT})")]
    TooLarge {
        number: usize,
        title: String,
        width: usize,
        height: usize,
    },
    #[error("{0} mazezams: a level tape holds at most 255")]
    TooMany(usize),
    #[error("the pack is {0} bytes: more than a bytes file can hold")]
    TooLong(usize),
    #[error("the tape name must be 1 to 10 printable characters without spaces: {0:?}")]
    BadName(String),
}

/// The pack bytes of `levels`, or why they cannot be a level tape.
pub fn pack_bytes(levels: &[Level]) -> Result<Vec<u8>, LevelTapeError> {
    if levels.is_empty() {
        return Err(LevelTapeError::Empty);
    }
    if levels.len() > 255 {
        return Err(LevelTapeError::TooMany(levels.len()));
    }
    if let Some((i, level)) = levels
        .iter()
        .enumerate()
        .find(|(_, l)| !l.fits_ace_screen())
    {
        return Err(LevelTapeError::TooLarge {
            number: i + 1,
            title: match level.meta.title.as_deref() {
                Some(t) => format!("{t:?}"),
                None => "(untitled)".into(),
            },
            width: level.width(),
            height: level.height(),
        });
    }
    let bytes = ace_data::encode_pack(levels).map_err(|e| match e {
        AceDataError::TooMany => LevelTapeError::TooMany(levels.len()),
        other => unreachable!("checked above: {other}"),
    })?;
    if bytes.len() > usize::from(u16::MAX) {
        return Err(LevelTapeError::TooLong(bytes.len()));
    }
    Ok(bytes)
}

/// The two tape blocks (header, data) of a level tape named `name`.
pub fn blocks(levels: &[Level], name: &str) -> Result<Vec<Block>, LevelTapeError> {
    if !shared_tape::is_tape_name(name) {
        return Err(LevelTapeError::BadName(name.into()));
    }
    let mut bytes = pack_bytes(levels)?;
    bytes.push(name.len() as u8);
    bytes.extend_from_slice(name.as_bytes());
    if bytes.len() > usize::from(u16::MAX) {
        return Err(LevelTapeError::TooLong(bytes.len()));
    }
    Ok(shared_tape::blocks(name, &bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tape::tap::{FileKind, Header};

    fn tiny(title: Option<&str>) -> Level {
        let mut level = Level::from_drawing(&["####", "+ $*", "####"]).unwrap();
        level.meta.title = title.map(Into::into);
        level
    }

    /// Hand-worked: 1 level 2x1, entrance/exit row 0, title "Ab", cells ` $` = 01 -> 0x40;
    /// then the name TINY as 4, T, I, N, Y.
    #[test]
    fn a_tiny_pack_becomes_a_bytes_header_and_its_data() {
        let blocks = blocks(&[tiny(Some("Ab"))], "TINY").unwrap();
        let header = Header::parse(&blocks[0].data).unwrap();
        assert_eq!(header.kind, FileKind::Bytes(0x20));
        assert_eq!(&header.name, b"TINY      ");
        assert_eq!((header.start, header.length), (0x6000, 14));
        assert_eq!(
            blocks[1].data[..14],
            [1, 2, 1, 0, 0, 2, b'A', b'b', 0x40, 4, b'T', b'I', b'N', b'Y']
        );
        assert!(blocks.iter().all(Block::checksum_ok));
    }

    #[test]
    fn oversized_levels_are_named_and_bad_names_refused() {
        let wide = Level::new(31, 2, 0, 1, vec![false; 62]).unwrap();
        let err = pack_bytes(&[tiny(None), wide]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "mazezam 2 (untitled) is 31x2: larger than the Ace's screen allows (at most 30x20)"
        );
        assert!(matches!(
            blocks(&[tiny(None)], "TWO WORDS"),
            Err(LevelTapeError::BadName(_))
        ));
        assert_eq!(default_name("my levels of 2026"), "mylevelsof");
        assert_eq!(default_name(" "), "levels");
    }
}
