//! Moves in LURD notation: `l r u d` for a step, `L R U D` for a step that pushes a box.

use crate::games::level_game::{self, moves::Step};

/// One of the four directions the player can move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The lower-case LURD letter.
    pub fn letter(self) -> char {
        match self {
            Direction::Up => 'u',
            Direction::Down => 'd',
            Direction::Left => 'l',
            Direction::Right => 'r',
        }
    }

    /// The Ace game's key for the direction.
    pub fn ace_key(self) -> char {
        match self {
            Direction::Left => 'z',
            Direction::Right => 'x',
            Direction::Up => 'k',
            Direction::Down => 'm',
        }
    }

    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// (row, column) step.
    pub fn delta(self) -> (isize, isize) {
        match self {
            Direction::Up => (-1, 0),
            Direction::Down => (1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
        }
    }
}

impl Step for Direction {
    const SKIPS_WHITE_SPACE: bool = true;

    fn letter(self) -> char {
        Direction::letter(self)
    }
    fn ace_char(self) -> char {
        self.ace_key()
    }
    fn move_of_letter(c: char) -> Option<Move> {
        let direction = match c.to_ascii_lowercase() {
            'u' => Direction::Up,
            'd' => Direction::Down,
            'l' => Direction::Left,
            'r' => Direction::Right,
            _ => return None,
        };
        Some(Move {
            direction,
            push: c.is_ascii_uppercase(),
        })
    }
    fn bad_letter_message(letter: char, position: usize) -> String {
        format!("column {position}: {letter:?} is not a LURD move (l r u d, L R U D for pushes)")
    }
}

/// A step, with whether it pushed a box; `letter` gives LURD.
pub type Move = level_game::moves::Move<Direction>;

/// A sequence of moves; `Display` and `FromStr` use LURD (spaces and line breaks between
/// moves are passed over); `ace_keys` are the keys that play them in the Ace game
/// (`forth/sokoban.fth`): Z left, X right, K up, M down (a push is the same key as a step).
pub type Moves = level_game::moves::Moves<Direction>;

/// A character in a LURD string that is not a move, with its 1-based column (`position`).
pub type BadMoveLetter = level_game::moves::BadMoveLetter<Direction>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lurd_round_trips_and_counts_pushes() {
        let m: Moves = "lrUDluRD".parse().unwrap();
        assert_eq!(m.len(), 8);
        assert_eq!(m.pushes(), 4);
        assert_eq!(m.to_string(), "lrUDluRD");
        assert_eq!(m.ace_keys(), "zxkmzkxm");
    }

    #[test]
    fn bad_letter_names_its_column() {
        let err = "lrx".parse::<Moves>().unwrap_err();
        assert_eq!(err, BadMoveLetter::new('x', 3));
    }
}
