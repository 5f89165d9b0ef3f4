//! The game's 12 user-defined graphics (spec section 5), as it puts them in character RAM.

/// Character RAM: code c's 8 bytes start at this address + 8 c.
pub const CHARACTER_RAM: u16 = 0x2C00;

/// Rows of a base graphic 1..4: which of top wall and left wall it draws.
fn base_glyph(base: u8) -> [u8; 8] {
    let left = if base == 1 || base == 3 { 0x80 } else { 0 };
    // Every base graphic has the top-left corner point; codes 1 and 2 the whole top row.
    let top = if base <= 2 { 0xFF } else { 0x80 };
    let mut rows = [left; 8];
    rows[0] = top;
    rows
}

/// The 8 rows (top first, bit 7 = leftmost pixel) of graphic `code` 1..12, or None.
pub fn glyph(code: u8) -> Option<[u8; 8]> {
    if !(1..=12).contains(&code) {
        return None;
    }
    let mut rows = base_glyph((code - 1) % 4 + 1);
    match (code - 1) / 4 {
        // The large marker: pixels 3, 4, 5 of rows 3, 4, 5.
        1 => {
            for row in &mut rows[3..6] {
                *row |= 0b0001_1100;
            }
        }
        // The small marker: pixel 4 of row 4.
        2 => rows[4] |= 0b0000_1000,
        _ => {}
    }
    Some(rows)
}

/// The 96 bytes the game writes to character RAM for codes 1..12 (from address
/// `CHARACTER_RAM + 8`), for comparison with the Forth game.
pub fn character_ram_bytes() -> Vec<u8> {
    (1..=12).flat_map(|c| glyph(c).unwrap()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bitmaps exactly as the spec lists them.
    #[test]
    fn glyphs_match_the_spec() {
        let seven = |first: u8, rest: u8| {
            let mut g = [rest; 8];
            g[0] = first;
            g
        };
        assert_eq!(glyph(1), Some(seven(255, 128)));
        assert_eq!(glyph(2), Some(seven(255, 0)));
        assert_eq!(glyph(3), Some([128; 8]));
        assert_eq!(glyph(4), Some(seven(128, 0)));
        assert_eq!(glyph(5), Some([255, 128, 128, 156, 156, 156, 128, 128]));
        assert_eq!(glyph(8), Some([128, 0, 0, 28, 28, 28, 0, 0]));
        assert_eq!(glyph(10), Some([255, 0, 0, 0, 8, 0, 0, 0]));
        assert_eq!(glyph(11), Some([128, 128, 128, 128, 136, 128, 128, 128]));
        assert_eq!(glyph(0), None);
        assert_eq!(glyph(13), None);
        assert_eq!(character_ram_bytes().len(), 96);
    }
}
