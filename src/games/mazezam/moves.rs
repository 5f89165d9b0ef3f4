//! Moves and solution strings in the spec's notation (section 3): `l r u d` for a plain
//! step, `L R` for a step that pushes.

use crate::games::level_game::{self, moves::Step};

/// One of the four movement keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Left,
    Right,
    Up,
    Down,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Left,
        Direction::Right,
        Direction::Up,
        Direction::Down,
    ];

    /// The lower-case letter of the notation.
    pub fn letter(self) -> char {
        match self {
            Direction::Left => 'l',
            Direction::Right => 'r',
            Direction::Up => 'u',
            Direction::Down => 'd',
        }
    }

    /// The key the inventor's versions use, as the Ace's `INKEY` gives it unshifted
    /// (spec section 9): Z left, X right, K up, M down.
    pub fn ace_key(self) -> u8 {
        match self {
            Direction::Left => b'z',
            Direction::Right => b'x',
            Direction::Up => b'k',
            Direction::Down => b'm',
        }
    }
}

impl Step for Direction {
    fn letter(self) -> char {
        Direction::letter(self)
    }
    fn ace_char(self) -> char {
        char::from(self.ace_key())
    }
    fn move_of_letter(c: char) -> Option<Move> {
        Some(match c {
            'l' => Move::step(Direction::Left),
            'r' => Move::step(Direction::Right),
            'u' => Move::step(Direction::Up),
            'd' => Move::step(Direction::Down),
            'L' => Move::push(Direction::Left),
            'R' => Move::push(Direction::Right),
            _ => return None,
        })
    }
    const SKIPS_WHITE_SPACE: bool = false;
    fn bad_letter_message(letter: char, position: usize) -> String {
        format!("'{letter}' at position {position} is not a move (use l r u d, or L R for a push)")
    }
}

/// A move that happened: its direction and whether it pushed a row; `letter` gives
/// `l r u d`, or `L R` for a push.
pub type Move = level_game::moves::Move<Direction>;

/// A sequence of moves, e.g. a solution. Its length is the canonical move count when it
/// runs from the entrance gap into the exit gap; `ace_keys` are the keys to type on the
/// Ace to make them (spec section 9): `l/L` z, `r/R` x, `u` k, `d` m. `FromStr` reads the
/// notation and refuses any other character (`U` and `D` never occur).
pub type Moves = level_game::moves::Moves<Direction>;

impl Move {
    pub fn from_letter(c: char) -> Option<Move> {
        Direction::move_of_letter(c)
    }
}

/// A letter outside `l r u d L R` in a solution string.
pub type BadMoveLetter = level_game::moves::BadMoveLetter<Direction>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_counts_pushes() {
        let text = "rrurRdLuLrdLurRdrr";
        let moves: Moves = text.parse().unwrap();
        assert_eq!(moves.to_string(), text);
        assert_eq!(moves.len(), 18);
        assert_eq!(moves.pushes(), 5);
        assert_eq!(moves.ace_keys(), "xxkxxmzkzxmzkxxmxx");
    }

    #[test]
    fn vertical_pushes_and_other_letters_are_refused() {
        assert_eq!("rrU".parse::<Moves>(), Err(BadMoveLetter::new('U', 3)));
        assert!("r D".parse::<Moves>().is_err());
    }
}
