//! A level in play as text for the terminal: `#` wall, `.` goal, `$` box, `*` box on a
//! goal, `@` player (`+` on a goal). A numbered box is its digit shown inverse, a
//! numbered goal its digit (numbers above 9 are shown as `$` and `.`), as on the Ace.

use super::game::Game;
use super::level::{Cell, NO_NUMBER};

/// One cell as drawn: the character and whether it is shown inverse.
pub type Glyph = (char, bool);

/// The board, one row of glyphs per row of the level (trailing outside cells included).
pub fn draw(game: &Game) -> Vec<Vec<Glyph>> {
    let level = game.level();
    let w = level.width();
    (0..level.height())
        .map(|r| (0..w).map(|c| glyph(game, r * w + c)).collect())
        .collect()
}

fn digit(n: u8) -> Option<char> {
    (1..=9).contains(&n).then(|| char::from(b'0' + n))
}

fn glyph(game: &Game, at: usize) -> Glyph {
    let level = game.level();
    match level.cell(at) {
        Cell::Wall => return ('#', false),
        Cell::Outside => return (' ', false),
        Cell::Floor => {}
    }
    let goal = level.goal_number_at(at);
    if let Some(b) = game.box_at(at) {
        let n = level.box_numbers()[b];
        if n != NO_NUMBER {
            if let Some(d) = digit(n) {
                return (d, true);
            }
        }
        return (if goal.is_some() { '*' } else { '$' }, false);
    }
    if game.player() == at {
        return (if goal.is_some() { '+' } else { '@' }, false);
    }
    match goal {
        Some(n) => (digit(n).unwrap_or('.'), false),
        None => (' ', false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::format::parse_str;

    #[test]
    fn numbered_boxes_are_inverse_digits_and_goals_plain_digits() {
        let text = "#######\n#.$@$.#\n#######\nboxorder 1\ngoalorder 99 1\n";
        let level = &parse_str(text, "t").unwrap().levels[0];
        let rows = draw(&Game::new(level));
        let row: String = rows[1].iter().map(|g| g.0).collect();
        assert_eq!(row, "#.1@$1#");
        assert!(rows[1][2].1, "box 1 inverse");
        assert!(!rows[1][5].1, "goal 1 plain");
    }
}
