//! The Ace's 32x24 text screen as the level games draw it (character codes, row-major as
//! in video RAM at 0x2400), and the same screen as text a person can read in a failing
//! test.

pub const COLUMNS: usize = 32;
pub const LINES: usize = 24;

/// A whole screen of character codes.
pub type Screen = [u8; COLUMNS * LINES];

/// The screen as 24 lines of text: `glyph` names the game's own codes, the font's ASCII
/// codes (0x20..0x7E) stand as themselves and anything else as `?`.
pub fn to_text(screen: &Screen, glyph: impl Fn(u8) -> Option<char>) -> String {
    let mut out = String::new();
    for line in screen.chunks(COLUMNS) {
        for &code in line {
            out.push(match glyph(code) {
                Some(c) => c,
                None if (0x20..=0x7E).contains(&code) => code as char,
                None => '?',
            });
        }
        out.push('\n');
    }
    out
}
