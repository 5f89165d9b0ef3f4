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

/// The font's space: an empty cell in every level game.
pub const SPACE: u8 = 0x20;
/// The bit that shows a character inverted (white on black).
pub const INVERSE: u8 = 0x80;

/// A game's own pictures: the character codes 1, 2, 3, ... whose patterns the game
/// redefines in character RAM, in code order, each as the character that stands for it
/// when the screen is shown as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pictures(pub &'static [char]);

impl Pictures {
    /// The text of picture `code`, or `None` for a code that is not one of them.
    pub fn text(&self, code: u8) -> Option<char> {
        usize::from(code)
            .checked_sub(1)
            .and_then(|i| self.0.get(i))
            .copied()
    }
}

/// Names a game's pictures and lays out their table: `pictures! { WALL '#', PLAYER '@' }`
/// gives `pub const WALL: u8 = 1`, `pub const PLAYER: u8 = 2` and `pub const PICTURES:
/// Pictures` holding `'#'`, `'@'`. The order is the order of the codes, so a picture
/// cannot be given a code another already has.
macro_rules! pictures {
    ($($name:ident $text:literal),+ $(,)?) => {
        $crate::games::level_game::ace_screen::pictures!(@code 1u8; $($name)+);
        /// The pictures' text in code order from 1.
        pub const PICTURES: $crate::games::level_game::ace_screen::Pictures =
            $crate::games::level_game::ace_screen::Pictures(&[$($text),+]);
    };
    (@code $code:expr; $name:ident $($rest:ident)*) => {
        pub const $name: u8 = $code;
        $crate::games::level_game::ace_screen::pictures!(@code $code + 1; $($rest)*);
    };
    (@code $code:expr;) => {};
}
pub(crate) use pictures;

#[cfg(test)]
mod tests {
    mod codes {
        pictures! { FIRST 'a', SECOND 'b', THIRD 'c' }
    }

    #[test]
    fn pictures_take_codes_from_one_in_order() {
        assert_eq!((codes::FIRST, codes::SECOND, codes::THIRD), (1, 2, 3));
        assert_eq!(codes::PICTURES.text(2), Some('b'));
        assert_eq!(codes::PICTURES.text(0), None);
        assert_eq!(codes::PICTURES.text(4), None);
    }
}
