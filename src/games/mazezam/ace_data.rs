//! A compact byte form of mazezams for the Ace port (spec section 9, "Data"), so the Forth
//! game can carry the pack as bytes and a test can compare what it holds with this.
//!
//! One mazezam:
//!
//! | bytes | what |
//! |-------|------|
//! | 1 | W, interior columns (1..=30) |
//! | 1 | H, interior rows (1..=20) |
//! | 1 | entrance row, 0-based |
//! | 1 | exit row, 0-based |
//! | 1 | n, title length (0..=28) |
//! | n | the title in the Ace's ASCII font (a character outside 0x20..0x7E as `?`) |
//! | ceil(W x H / 8) | the cells, row by row, one bit each (1 = block), first cell in bit 7 of the first byte; unused low bits of the last byte are 0 |
//!
//! A pack is one byte with the number of mazezams, then the mazezams one after another.

use super::level::{Level, MAX_TITLE_CHARS};
use super::screen::{MAX_HEIGHT, MAX_WIDTH};

/// Why bytes could not be made or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AceDataError {
    #[error("{width}x{height} does not fit the Ace's screen (at most {MAX_WIDTH}x{MAX_HEIGHT})")]
    TooLarge { width: usize, height: usize },
    #[error("more than 255 mazezams")]
    TooMany,
    #[error("data ends at byte {0} in the middle of a mazezam")]
    Truncated(usize),
    #[error("mazezam at byte {offset}: {problem}")]
    Invalid { offset: usize, problem: String },
    #[error("{0} bytes left over after the last mazezam")]
    TrailingBytes(usize),
}

/// The bytes of one mazezam.
pub fn encode(level: &Level) -> Result<Vec<u8>, AceDataError> {
    let (w, h) = (level.width(), level.height());
    if !level.fits_ace_screen() {
        return Err(AceDataError::TooLarge {
            width: w,
            height: h,
        });
    }
    let title: Vec<u8> = level
        .meta
        .title
        .as_deref()
        .unwrap_or("")
        .chars()
        .take(MAX_TITLE_CHARS)
        .map(|c| {
            if (' '..='~').contains(&c) {
                c as u8
            } else {
                b'?'
            }
        })
        .collect();
    let mut out = vec![
        w as u8,
        h as u8,
        level.entrance_row() as u8,
        level.exit_row() as u8,
        title.len() as u8,
    ];
    out.extend(&title);
    let mut bits = vec![0u8; (w * h).div_ceil(8)];
    for (i, _) in level.cells().iter().enumerate().filter(|(_, &b)| b) {
        bits[i / 8] |= 0x80 >> (i % 8);
    }
    out.extend(bits);
    Ok(out)
}

/// The bytes of a whole pack.
pub fn encode_pack(levels: &[Level]) -> Result<Vec<u8>, AceDataError> {
    let count = u8::try_from(levels.len()).map_err(|_| AceDataError::TooMany)?;
    let mut out = vec![count];
    for level in levels {
        out.extend(encode(level)?);
    }
    Ok(out)
}

/// Reads a pack back (titles only; other metadata is not carried).
pub fn decode_pack(bytes: &[u8]) -> Result<Vec<Level>, AceDataError> {
    let (&count, mut rest) = bytes.split_first().ok_or(AceDataError::Truncated(0))?;
    let mut levels = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        let offset = bytes.len() - rest.len();
        let truncated = || AceDataError::Truncated(bytes.len());
        let head = rest.get(..5).ok_or_else(truncated)?;
        let (w, h, e, x, n) = (
            usize::from(head[0]),
            usize::from(head[1]),
            usize::from(head[2]),
            usize::from(head[3]),
            usize::from(head[4]),
        );
        let invalid = |problem: String| AceDataError::Invalid { offset, problem };
        if w == 0 || h == 0 || w > MAX_WIDTH || h > MAX_HEIGHT || n > MAX_TITLE_CHARS {
            return Err(invalid(format!(
                "size {w}x{h} or title length {n} out of range"
            )));
        }
        let cell_bytes = (w * h).div_ceil(8);
        let body = rest.get(5..5 + n + cell_bytes).ok_or_else(truncated)?;
        let title = String::from_utf8_lossy(&body[..n]).into_owned();
        let bits = &body[n..];
        let cells = (0..w * h)
            .map(|i| bits[i / 8] & (0x80 >> (i % 8)) != 0)
            .collect();
        let mut level = Level::new(w, h, e, x, cells).map_err(|e| invalid(e.to_string()))?;
        if n > 0 {
            level.meta.title = Some(title);
        }
        levels.push(level);
        rest = &rest[5 + n + cell_bytes..];
    }
    if !rest.is_empty() {
        return Err(AceDataError::TrailingBytes(rest.len()));
    }
    Ok(levels)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "First Shove", packed by hand: 5, 2, 1, 1, 3 "Abc", then the 10 cells
    /// `$  $ ` `  $ $` = 1001000101 -> 10010001 01000000.
    #[test]
    fn first_shove_packs_as_worked_out_by_hand() {
        let mut level = Level::from_drawing(&["#######", "#$  $ #", "+  $ $*", "#######"]).unwrap();
        level.meta.title = Some("Abc".into());
        let bytes = encode(&level).unwrap();
        assert_eq!(
            bytes,
            [5, 2, 1, 1, 3, b'A', b'b', b'c', 0b1001_0001, 0b0100_0000]
        );
        let back = decode_pack(&[&[1u8][..], &bytes].concat()).unwrap();
        assert_eq!(back[0].cells(), level.cells());
        assert_eq!(back[0].meta.title.as_deref(), Some("Abc"));
    }

    #[test]
    fn the_pack_round_trips_and_bad_bytes_are_named() {
        let levels = crate::games::mazezam::pack::levels();
        let bytes = encode_pack(&levels).unwrap();
        let back = decode_pack(&bytes).unwrap();
        assert_eq!(back.len(), levels.len());
        for (a, b) in levels.iter().zip(&back) {
            assert_eq!(
                (a.cells(), a.entrance_row(), a.exit_row()),
                (b.cells(), b.entrance_row(), b.exit_row())
            );
            assert_eq!(a.meta.title, b.meta.title);
        }
        assert!(matches!(
            decode_pack(&bytes[..bytes.len() - 1]),
            Err(AceDataError::Truncated(_))
        ));
        assert!(matches!(
            decode_pack(&[bytes.clone(), vec![0]].concat()),
            Err(AceDataError::TrailingBytes(1))
        ));
        // A block right of the entrance (rule R4): 1x1 with its only cell set.
        assert!(matches!(
            decode_pack(&[1, 1, 1, 0, 0, 0, 0x80]),
            Err(AceDataError::Invalid { offset: 1, .. })
        ));
    }

    #[test]
    fn levels_larger_than_the_screen_are_refused() {
        let level = Level::new(31, 1, 0, 0, vec![false; 31]).unwrap();
        assert!(matches!(encode(&level), Err(AceDataError::TooLarge { .. })));
    }
}
