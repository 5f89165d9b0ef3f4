//! The picture of a mazezam on the Jupiter Ace's 32x24 screen, as screen codes (spec
//! section 9): what the Forth game is to show, byte for byte, so a test can compare the
//! emulator's video RAM (0x2400, row-major) with [`render`].
//!
//! Layout:
//! - line 0: `LEVEL nn` in columns 0..8, `LIVES nn` in columns 24..32 and, if asked for,
//!   `MOVES nnnn` in columns 11..21;
//! - lines 1..=22: the mazezam with its walls, centred: its top-left wall corner is at
//!   column `(32 - (W + 2)) / 2`, line `1 + (22 - (H + 2)) / 2`. Every other cell of these
//!   lines is wall, except the entrance and exit rows, which are open corridors from the
//!   gaps out to the screen's edges;
//! - line 23: the title centred as `* title *` (starting at column `(32 - (n + 4)) / 2`
//!   for a title of n characters); blank for an untitled mazezam.
//!
//! Character codes (the game redefines patterns 1..7 of character RAM; text uses the
//! font's ASCII codes, a character outside 0x20..0x7E shows as `?`):
//!
//! | code | what |
//! |------|------|
//! | 0x20 | empty cell, open gap, corridor |
//! | 0x01 | wall brick |
//! | 0x02 | the player |
//! | 0x03 | the closed entrance gate (once the player has stepped in) |
//! | 0x04 | a block with no block beside it in its row |
//! | 0x05 | a block with a block to its right only (left end of a bar) |
//! | 0x06 | a block with blocks on both sides (middle of a bar) |
//! | 0x07 | a block with a block to its left only (right end of a bar) |
//!
//! Blocks of the 2nd, 4th, ... interior rows (0-based odd rows) have bit 7 set (shown
//! inverted), so neighbouring rows can be told apart on the monochrome screen.

use super::game::{Game, Position};
use super::level::Level;
use crate::games::level_game::ace_screen;

pub use crate::games::level_game::ace_screen::{COLUMNS, LINES};
/// Largest interior that fits (W + 2 wall columns <= 32).
pub const MAX_WIDTH: usize = 30;
/// Largest interior that fits (status line, two walls, H rows, title line <= 24).
pub const MAX_HEIGHT: usize = 20;

/// The character codes.
pub mod codes {
    use crate::games::level_game::ace_screen::{self, pictures};

    pub const EMPTY: u8 = ace_screen::SPACE;
    // Codes 1..=7, in this order; the blocks are alone, the left end, the middle and the
    // right end of a run of blocks in a row.
    pictures! {
        WALL '#', PLAYER '@', GATE '|',
        BLOCK_SINGLE 'o', BLOCK_LEFT_END '[', BLOCK_MIDDLE '=', BLOCK_RIGHT_END ']',
    }
    /// Added to the block codes of odd (0-based) interior rows.
    pub const INVERSE: u8 = ace_screen::INVERSE;
}

/// The status line's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// 1-based level number (shown modulo 100, two digits).
    pub level: usize,
    pub lives: u8,
    /// The move counter, if shown (modulo 10000, four digits).
    pub moves: Option<usize>,
}

impl Status {
    /// The status line while `session` is played: its level, lives and moves so far.
    pub fn of_session(session: &super::Session) -> Status {
        Status {
            level: session.level_index() + 1,
            lives: session.lives(),
            moves: Some(session.game().history().len()),
        }
    }
}

/// The whole screen while `session` is played (both Ace ports show exactly this), or
/// `None` if its level is larger than the Ace's screen.
pub fn render_session(session: &super::Session) -> Option<[u8; COLUMNS * LINES]> {
    render(session.game(), &Status::of_session(session))
}

/// Where a level's top-left wall corner goes on the screen (column, line).
pub fn origin(level: &Level) -> Option<(usize, usize)> {
    if !level.fits_ace_screen() {
        return None;
    }
    let col = (COLUMNS - (level.width() + 2)) / 2;
    let line = 1 + (LINES - 2 - (level.height() + 2)) / 2;
    Some((col, line))
}

/// The block code for a cell of a row, from its neighbours.
pub fn block_code(row: &[bool], col: usize, inverse: bool) -> u8 {
    let left = col > 0 && row[col - 1];
    let right = col + 1 < row.len() && row[col + 1];
    let code = match (left, right) {
        (false, false) => codes::BLOCK_SINGLE,
        (false, true) => codes::BLOCK_LEFT_END,
        (true, true) => codes::BLOCK_MIDDLE,
        (true, false) => codes::BLOCK_RIGHT_END,
    };
    if inverse {
        code | codes::INVERSE
    } else {
        code
    }
}

/// The whole screen, or `None` if the level is larger than the Ace's screen.
pub fn render(game: &Game, status: &Status) -> Option<[u8; COLUMNS * LINES]> {
    let level = game.level();
    let (left, top) = origin(level)?;
    let (w, h) = (level.width(), level.height());
    let mut screen = [codes::EMPTY; COLUMNS * LINES];
    let mut put = |col: usize, line: usize, code: u8| screen[line * COLUMNS + col] = code;

    put_text(&mut put, 0, 0, &format!("LEVEL {:02}", status.level % 100));
    put_text(&mut put, 24, 0, &format!("LIVES {:02}", status.lives % 100));
    if let Some(moves) = status.moves {
        put_text(&mut put, 11, 0, &format!("MOVES {:04}", moves % 10000));
    }
    for line in 1..=22 {
        for col in 0..COLUMNS {
            put(col, line, codes::WALL);
        }
    }
    let entrance_line = top + 1 + level.entrance_row();
    let exit_line = top + 1 + level.exit_row();
    for col in 0..=left {
        put(col, entrance_line, codes::EMPTY);
    }
    for col in left + w + 1..COLUMNS {
        put(col, exit_line, codes::EMPTY);
    }
    for r in 0..h {
        let row = game.row(r);
        for (c, &block) in row.iter().enumerate() {
            let code = if block {
                block_code(row, c, r % 2 == 1)
            } else {
                codes::EMPTY
            };
            put(left + 1 + c, top + 1 + r, code);
        }
    }
    match game.player() {
        Position::Entrance => put(left, entrance_line, codes::PLAYER),
        Position::Cell { row, col } => {
            put(left, entrance_line, codes::GATE);
            put(left + 1 + col, top + 1 + row, codes::PLAYER);
        }
        Position::Exit => {
            put(left, entrance_line, codes::GATE);
            put(left + w + 1, exit_line, codes::PLAYER);
        }
    }
    if let Some(title) = level.meta.title.as_deref().filter(|t| !t.is_empty()) {
        let text = format!("* {title} *");
        let n = text.chars().count().min(COLUMNS);
        put_text(&mut put, (COLUMNS - n) / 2, 23, &text);
    }
    Some(screen)
}

fn put_text(put: &mut impl FnMut(usize, usize, u8), col: usize, line: usize, text: &str) {
    for (i, ch) in text.chars().take(COLUMNS - col).enumerate() {
        let code = if (' '..='~').contains(&ch) {
            ch as u8
        } else {
            b'?'
        };
        put(col + i, line, code);
    }
}

/// The screen as 24 lines of text for people: wall `#`, player `@`, gate `|`, blocks
/// `o [ = ]` (inverted rows `O { - }`), text as itself.
pub fn to_text(screen: &[u8; COLUMNS * LINES]) -> String {
    ace_screen::to_text(screen, |code| {
        codes::PICTURES.text(code).or(match code {
            0x84 => Some('O'),
            0x85 => Some('{'),
            0x86 => Some('-'),
            0x87 => Some('}'),
            _ => None,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mazezam::moves::Direction;

    /// Hand-drawn expectation for "First Shove" after the first two moves.
    #[test]
    fn first_shove_is_centred_with_corridors_and_title() {
        let mut level = Level::from_drawing(&["#######", "#$  $ #", "+  $ $*", "#######"]).unwrap();
        level.meta.title = Some("First Shove".into());
        let mut game = Game::new(&level);
        game.press(Direction::Right);
        game.press(Direction::Right);
        let status = Status {
            level: 1,
            lives: 3,
            moves: Some(2),
        };
        let text = to_text(&render(&game, &status).unwrap());
        let lines: Vec<&str> = text.lines().collect();
        // W+2 = 7 columns from column 12; H+2 = 4 lines from line 1 + (22-4)/2 = 10.
        assert_eq!(lines[0], "LEVEL 01   MOVES 0002   LIVES 03");
        assert_eq!(lines[9], "#".repeat(32));
        assert_eq!(lines[10], "#".repeat(32));
        assert_eq!(
            lines[11],
            format!("{}o  o {}", "#".repeat(13), "#".repeat(14))
        );
        assert_eq!(
            lines[12],
            format!("{}| @O O{}", " ".repeat(12), " ".repeat(14))
        );
        assert_eq!(lines[13], "#".repeat(32));
        assert_eq!(lines[23], "        * First Shove *         ");
        assert_eq!(lines.len(), 24);
    }

    #[test]
    fn the_player_leaves_through_the_exit_corridor() {
        let level = Level::from_drawing(&["####", "+  #", "#  *", "####"]).unwrap();
        let mut game = Game::new(&level);
        for d in [
            Direction::Right,
            Direction::Right,
            Direction::Down,
            Direction::Right,
        ] {
            game.press(d);
        }
        assert!(game.is_solved());
        let status = Status {
            level: 123,
            lives: 0,
            moves: None,
        };
        let image = render(&game, &status).unwrap();
        let text = to_text(&image);
        let lines: Vec<&str> = text.lines().collect();
        // W+2 = 4 columns from column 14; H+2 = 4 lines from line 10. No title: blank.
        assert_eq!(lines[0], format!("LEVEL 23{}LIVES 00", " ".repeat(16)));
        assert_eq!(
            lines[11],
            format!("{}|  {}", " ".repeat(14), "#".repeat(15))
        );
        assert_eq!(
            lines[12],
            format!("{}#  @{}", "#".repeat(14), " ".repeat(14))
        );
        assert_eq!(lines[23], " ".repeat(32));
        assert_eq!(image[12 * 32 + 17], codes::PLAYER);
    }

    #[test]
    fn bars_use_end_and_middle_shapes() {
        let row = [true, true, true, false, true, true, false, true];
        let shapes: Vec<u8> = (0..row.len())
            .filter(|&c| row[c])
            .map(|c| block_code(&row, c, false))
            .collect();
        assert_eq!(shapes, [5, 6, 7, 5, 7, 4]);
        assert_eq!(block_code(&row, 7, true), 0x84);
    }

    #[test]
    fn levels_larger_than_the_screen_are_not_drawn() {
        let level = Level::new(31, 1, 0, 0, vec![false; 31]).unwrap();
        assert!(render(
            &Game::new(&level),
            &Status {
                level: 1,
                lives: 3,
                moves: None
            }
        )
        .is_none());
        let level = Level::new(30, 20, 0, 0, vec![false; 600]).unwrap();
        assert_eq!(origin(&level), Some((0, 1)));
    }
}
