//! A level in play as text for the terminal: `#` wall, `.` goal, `$` box, `*` box on a
//! goal, `@` player (`+` on a goal). A numbered box is its digit shown inverse, a
//! numbered goal its digit (numbers above 9 are shown as `$` and `.`), as on the Ace; a
//! numbered box on a goal of its number is its digit in the placed look (the Ace frames
//! it). A box counts as placed only on a goal of its own number: an unnumbered box on a
//! numbered goal is a `$`.

use super::game::Game;
use super::level::{Cell, NO_NUMBER};

/// How a character is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    Plain,
    /// A numbered box off a goal of its number: inverse.
    Inverse,
    /// A numbered box on a goal of its number: set apart from both (the play screen
    /// shows it inverse in green).
    Placed,
}

/// One cell as drawn: the character and how it is shown.
pub type Glyph = (char, Look);

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
        Cell::Wall => return ('#', Look::Plain),
        Cell::Outside => return (' ', Look::Plain),
        Cell::Floor => {}
    }
    let goal = level.goal_number_at(at);
    if let Some(b) = game.box_at(at) {
        let n = level.box_numbers()[b];
        let placed = goal == Some(n);
        if n != NO_NUMBER {
            if let Some(d) = digit(n) {
                return (d, if placed { Look::Placed } else { Look::Inverse });
            }
        }
        return (if placed { '*' } else { '$' }, Look::Plain);
    }
    if game.player() == at {
        return (if goal.is_some() { '+' } else { '@' }, Look::Plain);
    }
    match goal {
        Some(n) => (digit(n).unwrap_or('.'), Look::Plain),
        None => (' ', Look::Plain),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::format::parse_str;
    use crate::games::sokoban::Direction;

    #[test]
    fn numbered_boxes_are_inverse_digits_and_goals_plain_digits() {
        let text = "#######\n#.$@$.#\n#######\nboxorder 1\ngoalorder 99 1\n";
        let level = &parse_str(text, "t").unwrap().levels[0];
        let rows = draw(&Game::new(level));
        let row: String = rows[1].iter().map(|g| g.0).collect();
        assert_eq!(row, "#.1@$1#");
        assert_eq!(rows[1][2].1, Look::Inverse, "box 1");
        assert_eq!(rows[1][5].1, Look::Plain, "goal 1");
    }

    #[test]
    fn only_a_box_on_a_goal_of_its_number_looks_placed() {
        let text = "#######\n#.$@$.#\n#######\nboxorder 99 1\ngoalorder 99 1\n";
        let level = &parse_str(text, "t").unwrap().levels[0];
        let mut game = Game::new(level);
        for d in [Direction::Left, Direction::Right, Direction::Right] {
            game.step(d);
        }
        let rows = draw(&game);
        assert_eq!(rows[1][1], ('*', Look::Plain));
        assert_eq!(rows[1][5], ('1', Look::Placed));
        // Crossed numbers: box 1 on the unnumbered goal, the unnumbered box on goal 1.
        let text = "#######\n#.$@$.#\n#######\nboxorder 1 99\ngoalorder 99 1\n";
        let level = &parse_str(text, "t").unwrap().levels[0];
        let mut game = Game::new(level);
        for d in [Direction::Left, Direction::Right, Direction::Right] {
            game.step(d);
        }
        let rows = draw(&game);
        assert_eq!(rows[1][1], ('1', Look::Inverse));
        assert_eq!(rows[1][5], ('$', Look::Plain));
    }
}
