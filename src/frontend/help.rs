//! The window's key help (F1): a screen of text drawn with the Ace's own character set
//! over the picture, so it needs no font of its own.

use crate::machine::ula::{self, COLUMNS, ROWS};

/// The help, one line per Ace screen row (at most 32 characters, ASCII).
pub const HELP: [&str; 22] = [
    "aceemu keys         F1/Esc close",
    "",
    "F2  screenshot (PNG)",
    "F3  open a tape or .ace file",
    "F4  save a .ace snapshot",
    "F5  reset",
    "F6  tape play/stop   F7  rewind",
    "F8  speed: 1x 2x 4x max",
    "F9  pause           F10  turbo",
    "F12 quit (or close the window)",
    "",
    "Ace keys:",
    "Shift    SHIFT",
    "Ctrl     SYMBOL SHIFT",
    "Esc      BREAK",
    "Bksp     DELETE",
    "Delete   DELETE LINE",
    "arrows   cursor keys",
    "Tab      GRAPHICS",
    "Insert   INVERSE VIDEO",
    "CapsLock CAPS LOCK",
    "Symbols (; + \" ...) as typed",
];

/// The help as an Ace screen (24 rows of 32 character codes), title row in inverse video.
pub fn help_screen() -> [u8; ROWS * COLUMNS] {
    screen_of(&HELP)
}

/// `lines` as an Ace screen from its second row, the first line in inverse video.
pub fn screen_of(lines: &[&str]) -> [u8; ROWS * COLUMNS] {
    let mut screen = [b' '; ROWS * COLUMNS];
    for (row, line) in lines.iter().take(ROWS - 1).enumerate() {
        let at = (row + 1) * COLUMNS;
        for (col, byte) in line.bytes().take(COLUMNS).enumerate() {
            screen[at + col] = byte;
        }
    }
    for code in &mut screen[COLUMNS..2 * COLUMNS] {
        *code |= 0x80;
    }
    screen
}

/// Draws the help over `picture` (256x192) with the character set `char_ram`.
pub fn draw(char_ram: &[u8; 1024], picture: &mut [u32]) {
    ula::render(&help_screen(), char_ram, picture);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_fits_the_ace_screen() {
        assert!(HELP.len() + 1 < ROWS);
        for line in HELP {
            assert!(line.len() <= COLUMNS && line.is_ascii(), "{line:?}");
            // The Ace's character set has no backquote (it is the pound sign there).
            assert!(!line.contains('`'), "{line:?}");
        }
        let screen = help_screen();
        assert_eq!(screen[COLUMNS], b'a' | 0x80);
        assert_eq!(screen[3 * COLUMNS..3 * COLUMNS + 2], *b"F2");
    }
}
