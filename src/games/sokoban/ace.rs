//! Sokoban on the Ace (`forth/sokoban.fth`): the level bytes the game reads, the level tape,
//! and the screen the game should show, for testing it through video RAM.
//!
//! # Level bytes
//! A pack is one count byte, then per level: W, H, title length, the title's characters,
//! and W x H cell bytes in reading order. A cell byte's low nibble is the goal under it
//! (0 none, 1-9 its number, 10 a goal without number); its high nibble what stands on it:
//! 0 nothing (floor or outside), 1 wall, 2 the player, 3 + n a box of number n (1-9), 13
//! a box without number.
//!
//! # Screen codes
//! Row 0 `LEVEL nn  MOVES nnnn PUSHES nnnn`; the board centred in rows 2-21 (origin row
//! 2 + (20 - H) / 2, column (32 - W) / 2); the title centred on row 23. Cells: floor and
//! outside 32, wall 1, goal 2, box 3, box on a goal 4, player 5, player on a goal 6 (codes
//! 1-15 are the game's own graphics); a goal with number n is the digit (48 + n), a box
//! with number n the inverse digit (176 + n), or, on a goal of its number, the digit in
//! a frame (6 + n). A box counts as placed only on a goal of its own number, so an
//! unnumbered box on a numbered goal is a plain box (3), and a numbered box on another
//! goal its inverse digit. When a level is solved, row 22 says `SOLVED! PRESS A KEY`
//! (from column 6) until a key is pressed.

use super::game::Game;
use super::level::{Cell, Level, NO_NUMBER};
use super::moves::Direction;
use crate::games::level_game::ace_screen;
use crate::games::level_game::level_tape as shared_tape;
use crate::tape::pulse::Block;

pub use crate::games::level_game::ace_screen::{COLUMNS, LINES};
/// Largest board the game shows.
pub const MAX_WIDTH: usize = 32;
pub const MAX_HEIGHT: usize = 20;
/// The game's level buffer (`PKMAX` in forth/sokoban.fth).
pub const PACK_BUFFER: usize = 3072;
/// The start address written into a level tape's header (see mazezam's level tapes).
pub const TAPE_START: u16 = shared_tape::DEFAULT_START;

pub mod codes {
    use crate::games::level_game::ace_screen::{self, pictures};

    pub const SPACE: u8 = ace_screen::SPACE;
    // Codes 1..=6, in this order.
    pictures! { WALL '#', GOAL '.', BOX '$', BOX_ON_GOAL '*', PLAYER '@', PLAYER_ON_GOAL '+' }
    pub const DIGIT_0: u8 = b'0';
    pub const INVERSE: u8 = ace_screen::INVERSE;
    /// Box n on a goal of number n is `PLACED_0 + n`: its digit in a frame.
    pub const PLACED_0: u8 = 6;
}

/// The line a solved level shows on row 22 until a key is pressed.
pub const SOLVED_LINE: &str = "SOLVED! PRESS A KEY";

/// Why levels cannot go to the Ace.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AceError {
    #[error("no level to write")]
    Empty,
    #[error("{0} levels: at most 255")]
    TooMany(usize),
    #[error("level {number} is {width}x{height}: larger than the Ace's screen allows (at most {MAX_WIDTH}x{MAX_HEIGHT})")]
    TooLarge {
        number: usize,
        width: usize,
        height: usize,
    },
    #[error("level {number} uses number {value}: the Ace shows numbers 1 to 9 only")]
    BigNumber { number: usize, value: u8 },
    #[error("level {number}'s title is not plain ASCII or longer than 32 characters")]
    BadTitle { number: usize },
    #[error("the tape name must be 1 to 10 printable characters without spaces: {0:?}")]
    BadName(String),
}

fn nibble_of_number(n: u8) -> u8 {
    if n == NO_NUMBER {
        10
    } else {
        n
    }
}

/// One level's bytes.
pub fn encode_level(level: &Level, number: usize) -> Result<Vec<u8>, AceError> {
    let (w, h) = (level.width(), level.height());
    if w > MAX_WIDTH || h > MAX_HEIGHT {
        return Err(AceError::TooLarge {
            number,
            width: w,
            height: h,
        });
    }
    if let Some(&value) = level
        .box_numbers()
        .iter()
        .chain(level.goal_numbers())
        .find(|&&n| n > 9)
    {
        return Err(AceError::BigNumber { number, value });
    }
    let title = level.notes.title.clone().unwrap_or_default();
    if title.len() > 32 || !title.chars().all(|c| (' '..='~').contains(&c)) {
        return Err(AceError::BadTitle { number });
    }
    let mut out = vec![w as u8, h as u8, title.len() as u8];
    out.extend_from_slice(title.as_bytes());
    let game = Game::new(level);
    for at in 0..w * h {
        let goal = level.goal_number_at(at).map_or(0, nibble_of_number);
        let what = if level.cell(at) == Cell::Wall {
            1
        } else if let Some(b) = game.box_at(at) {
            3 + nibble_of_number(level.box_numbers()[b])
        } else if level.player() == at {
            2
        } else {
            0
        };
        out.push(what << 4 | goal);
    }
    Ok(out)
}

/// A pack: the count, then every level's bytes.
pub fn encode_pack(levels: &[Level]) -> Result<Vec<u8>, AceError> {
    if levels.is_empty() {
        return Err(AceError::Empty);
    }
    if levels.len() > 255 {
        return Err(AceError::TooMany(levels.len()));
    }
    let mut out = vec![levels.len() as u8];
    for (i, l) in levels.iter().enumerate() {
        out.extend(encode_level(l, i + 1)?);
    }
    Ok(out)
}

/// The two blocks (header, data) of a level tape: the pack as a bytes file, loaded in the
/// game with `LEVELS name`.
pub fn level_tape(levels: &[Level], name: &str) -> Result<Vec<Block>, AceError> {
    if !shared_tape::is_tape_name(name) {
        return Err(AceError::BadName(name.into()));
    }
    Ok(shared_tape::blocks(name, &encode_pack(levels)?))
}

/// The key code the game reads for a direction (Z X K M).
pub fn key_for(d: Direction) -> char {
    d.ace_key()
}

/// The screen code of one board cell in play.
pub fn cell_code(game: &Game, at: usize) -> u8 {
    let level = game.level();
    if level.cell(at) == Cell::Wall {
        return codes::WALL;
    }
    let goal = level.goal_number_at(at);
    if let Some(b) = game.box_at(at) {
        let n = level.box_numbers()[b];
        let placed = goal == Some(n);
        return match (n != NO_NUMBER, placed) {
            (true, true) => codes::PLACED_0 + n,
            (true, false) => codes::INVERSE | (codes::DIGIT_0 + n),
            (false, true) => codes::BOX_ON_GOAL,
            (false, false) => codes::BOX,
        };
    }
    if game.player() == at {
        return if goal.is_some() {
            codes::PLAYER_ON_GOAL
        } else {
            codes::PLAYER
        };
    }
    match goal {
        None => codes::SPACE,
        Some(NO_NUMBER) => codes::GOAL,
        Some(n) => codes::DIGIT_0 + n,
    }
}

fn put_text(screen: &mut [u8], at: usize, text: &str) {
    for (i, b) in text.bytes().enumerate() {
        screen[at + i] = b;
    }
}

/// What the game shows while playing level `index` (0-based) in `game`.
pub fn render(game: &Game, index: usize) -> [u8; COLUMNS * LINES] {
    let mut s = [codes::SPACE; COLUMNS * LINES];
    put_text(
        &mut s,
        0,
        &format!(
            "LEVEL {:02}  MOVES {:04} PUSHES {:04}",
            (index + 1) % 100,
            game.moves() % 10_000,
            game.pushes() % 10_000
        ),
    );
    let level = game.level();
    let (w, h) = (level.width(), level.height());
    let origin = (2 + (MAX_HEIGHT - h) / 2) * COLUMNS + (COLUMNS - w) / 2;
    for r in 0..h {
        for c in 0..w {
            s[origin + r * COLUMNS + c] = cell_code(game, r * w + c);
        }
    }
    let title = level.notes.title.as_deref().unwrap_or("");
    put_text(&mut s, 23 * COLUMNS + (COLUMNS - title.len()) / 2, title);
    s
}

/// What the game shows once level `index` is solved in `game`, until a key.
pub fn render_solved(game: &Game, index: usize) -> [u8; COLUMNS * LINES] {
    let mut s = render(game, index);
    put_text(&mut s, 22 * COLUMNS + 6, SOLVED_LINE);
    s
}

/// The screen as text for people: `#` wall, `.` goal, `$` box, `*` box on a goal, `@`
/// player, `+` player on a goal, inverse digits (numbered boxes) as the letters `a`-`i`,
/// framed digits (numbered boxes on their goals) as `A`-`I`.
pub fn to_text(screen: &[u8; COLUMNS * LINES]) -> String {
    ace_screen::to_text(screen, |code| {
        codes::PICTURES.text(code).or(match code {
            0xB1..=0xB9 => Some(char::from(b'a' + (code - 0xB1))),
            7..=15 => Some(char::from(b'A' + (code - 7))),
            _ => None,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::format::parse_str;

    /// Hand-worked from the format above: `#.$@$.#` with box 1 (left) and goals 99, 1.
    #[test]
    fn the_spec_example_encodes_and_renders_by_hand() {
        let text = "#######\n#.$@$.#\n#######\nTitle: Ab\nboxorder 1\ngoalorder 99 1\n";
        let level = &parse_str(text, "t").unwrap().levels[0];
        let bytes = encode_level(level, 1).unwrap();
        assert_eq!(&bytes[..5], &[7, 3, 2, b'A', b'b']);
        let row1 = &bytes[5 + 7..5 + 14];
        assert_eq!(row1, &[0x10, 0x0A, 0x40, 0x20, 0xD0, 0x01, 0x10]);
        let s = render(&Game::new(level), 0);
        let origin = (2 + 17 / 2) * 32 + 25 / 2;
        assert_eq!(&s[origin + 32..origin + 39], &[1, 2, 0xB1, 5, 3, 0x31, 1]);
        assert_eq!(&s[..8], b"LEVEL 01");
        assert_eq!(&s[23 * 32 + 15..23 * 32 + 17], b"Ab");
    }

    fn row_after_lrr(boxorder: &str, goalorder: &str) -> Vec<u8> {
        let text =
            format!("#######\n#.$@$.#\n#######\nboxorder {boxorder}\ngoalorder {goalorder}\n");
        let level = &parse_str(&text, "t").unwrap().levels[0];
        let mut game = Game::new(level);
        for d in [Direction::Left, Direction::Right, Direction::Right] {
            game.step(d);
        }
        (0..7).map(|c| cell_code(&game, 7 + c)).collect()
    }

    /// Hand-derived from the rules above: only a box on a goal of its own number looks
    /// placed; a numbered one then shows its framed digit (6 + n).
    #[test]
    fn a_box_looks_placed_only_on_a_goal_of_its_number() {
        // Left box unnumbered onto the unnumbered goal, box 1 onto goal 1.
        assert_eq!(row_after_lrr("99 1", "99 1"), [1, 4, 32, 32, 5, 7, 1]);
        // Crossed: box 1 on the unnumbered goal stays an inverse 1, the unnumbered box on
        // goal 1 a plain box.
        assert_eq!(row_after_lrr("1 99", "99 1"), [1, 0xB1, 32, 32, 5, 3, 1]);
    }

    #[test]
    fn the_solved_screen_keeps_the_board_and_adds_the_line() {
        let text = "#######\n#.$@$.#\n#######\n";
        let level = &parse_str(text, "t").unwrap().levels[0];
        let game = Game::new(level);
        let solved = render_solved(&game, 0);
        assert_eq!(&solved[22 * 32 + 6..22 * 32 + 25], b"SOLVED! PRESS A KEY");
        let mut plain = solved;
        plain[22 * 32..23 * 32].fill(32);
        assert_eq!(plain, render(&game, 0));
    }
}
