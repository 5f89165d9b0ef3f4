//! Moves and solution strings in the spec's notation (section 3): `l r u d` for a plain
//! step, `L R` for a step that pushes.

use std::fmt;
use std::str::FromStr;

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

/// A move that happened: its direction and whether it pushed a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub direction: Direction,
    pub push: bool,
}

impl Move {
    pub fn step(direction: Direction) -> Move {
        Move {
            direction,
            push: false,
        }
    }

    pub fn push(direction: Direction) -> Move {
        Move {
            direction,
            push: true,
        }
    }

    /// `l r u d`, or `L R` for a push.
    pub fn letter(self) -> char {
        let c = self.direction.letter();
        if self.push {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }

    pub fn from_letter(c: char) -> Option<Move> {
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
}

/// A sequence of moves, e.g. a solution. Its length is the canonical move count when it
/// runs from the entrance gap into the exit gap.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Moves(pub Vec<Move>);

impl Moves {
    /// The canonical move count.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many moves push a row (the capitals).
    pub fn pushes(&self) -> usize {
        self.0.iter().filter(|m| m.push).count()
    }

    /// The keys to type on the Ace to make these moves (spec section 9): `l/L` z,
    /// `r/R` x, `u` k, `d` m.
    pub fn ace_keys(&self) -> String {
        self.0
            .iter()
            .map(|m| m.direction.ace_key() as char)
            .collect()
    }
}

/// A letter outside `l r u d L R` in a solution string (`U` and `D` never occur).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{letter}' at position {position} is not a move (use l r u d, or L R for a push)")]
pub struct BadMoveLetter {
    pub letter: char,
    /// 1-based.
    pub position: usize,
}

impl FromStr for Moves {
    type Err = BadMoveLetter;

    fn from_str(s: &str) -> Result<Moves, BadMoveLetter> {
        s.chars()
            .enumerate()
            .map(|(i, c)| {
                Move::from_letter(c).ok_or(BadMoveLetter {
                    letter: c,
                    position: i + 1,
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Moves)
    }
}

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in &self.0 {
            write!(f, "{}", m.letter())?;
        }
        Ok(())
    }
}

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
        assert_eq!(
            "rrU".parse::<Moves>(),
            Err(BadMoveLetter {
                letter: 'U',
                position: 3
            })
        );
        assert!("r D".parse::<Moves>().is_err());
    }
}
