//! A mazezam in play as text, for the terminal: any size, walls included. Wall `#`,
//! player `@`, closed entrance `|`, blocks drawn as bars (`o` alone, `[` `=` `]` for the
//! ends and middle of a run of blocks) so a row's pieces read as one.

use super::game::{Game, Position};
use super::screen::{block_code, codes};

/// The glyph of a block screen code (without the inverse bit).
fn block_glyph(code: u8) -> char {
    match code & !codes::INVERSE {
        codes::BLOCK_LEFT_END => '[',
        codes::BLOCK_MIDDLE => '=',
        codes::BLOCK_RIGHT_END => ']',
        _ => 'o',
    }
}

/// The mazezam with its walls, one line per row (H + 2 lines of W + 2 characters).
pub fn draw(game: &Game) -> Vec<String> {
    let level = game.level();
    let (w, h) = (level.width(), level.height());
    let mut lines = vec!["#".repeat(w + 2)];
    for r in 0..h {
        let mut line = String::with_capacity(w + 2);
        line.push(if r != level.entrance_row() {
            '#'
        } else if game.player() == Position::Entrance {
            '@'
        } else {
            '|'
        });
        let row = game.row(r);
        for c in 0..w {
            line.push(if game.player() == (Position::Cell { row: r, col: c }) {
                '@'
            } else if row[c] {
                block_glyph(block_code(row, c, false))
            } else {
                ' '
            });
        }
        line.push(if r != level.exit_row() {
            '#'
        } else if game.is_solved() {
            '@'
        } else {
            ' '
        });
        lines.push(line);
    }
    lines.push("#".repeat(w + 2));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mazezam::{Direction, Level};

    #[test]
    fn player_gate_and_bars_are_drawn() {
        let level = Level::from_drawing(&["######", "#$$ $#", "+   $*", "######"]).unwrap();
        let mut game = Game::new(&level);
        assert_eq!(draw(&game), ["######", "#[] o#", "@   o ", "######"]);
        game.press(Direction::Right);
        assert_eq!(draw(&game), ["######", "#[] o#", "|@  o ", "######"]);
    }
}
