//! Moves of a level game: a step in one of four directions, which may push. Each game has
//! its own directions (their order is the order its solver tries them in) and its own
//! reading of a solution string; the letters, the Ace keys and the counting are here.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

/// A game's direction: its letter in a solution string and the key the Ace game reads,
/// and how the game reads a solution string back.
pub trait Step: Copy {
    /// The lower-case letter (`l r u d`).
    fn letter(self) -> char;
    /// The key that makes this step in the game on the Ace.
    fn ace_char(self) -> char;
    /// The move a character of a solution string stands for, if any.
    fn move_of_letter(c: char) -> Option<Move<Self>>;
    /// True if white space between moves is passed over rather than refused.
    const SKIPS_WHITE_SPACE: bool;
    /// The game's words for a character that is not a move (`position` is 1-based).
    fn bad_letter_message(letter: char, position: usize) -> String;
}

/// A move that happened: its direction and whether it pushed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move<D> {
    pub direction: D,
    pub push: bool,
}

impl<D: Step> Move<D> {
    pub fn step(direction: D) -> Move<D> {
        Move {
            direction,
            push: false,
        }
    }

    pub fn push(direction: D) -> Move<D> {
        Move {
            direction,
            push: true,
        }
    }

    /// The direction's letter, upper-case for a push.
    pub fn letter(self) -> char {
        let c = self.direction.letter();
        if self.push {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }
}

/// A sequence of moves, e.g. a solution; `Display` writes their letters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Moves<D>(pub Vec<Move<D>>);

impl<D> Default for Moves<D> {
    fn default() -> Self {
        Moves(Vec::new())
    }
}

impl<D> From<Vec<Move<D>>> for Moves<D> {
    fn from(moves: Vec<Move<D>>) -> Self {
        Moves(moves)
    }
}

impl<D: Step> Moves<D> {
    /// The move count.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many moves push.
    pub fn pushes(&self) -> usize {
        self.0.iter().filter(|m| m.push).count()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Move<D>> {
        self.0.iter()
    }

    /// The keys to type on the Ace to make these moves (a push is the same key as a step).
    pub fn ace_keys(&self) -> String {
        self.0.iter().map(|m| m.direction.ace_char()).collect()
    }
}

impl<D: Step> fmt::Display for Moves<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in &self.0 {
            write!(f, "{}", m.letter())?;
        }
        Ok(())
    }
}

/// A character of a solution string that is not one of the game's moves; its message is
/// the game's own ([`Step::bad_letter_message`]).
#[derive(Clone, PartialEq, Eq)]
pub struct BadMoveLetter<D> {
    pub letter: char,
    /// 1-based, counting every character.
    pub position: usize,
    game: PhantomData<D>,
}

impl<D> BadMoveLetter<D> {
    pub fn new(letter: char, position: usize) -> BadMoveLetter<D> {
        BadMoveLetter {
            letter,
            position,
            game: PhantomData,
        }
    }
}

impl<D> fmt::Debug for BadMoveLetter<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BadMoveLetter")
            .field("letter", &self.letter)
            .field("position", &self.position)
            .finish()
    }
}

impl<D: Step> fmt::Display for BadMoveLetter<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&D::bad_letter_message(self.letter, self.position))
    }
}

impl<D: Step> std::error::Error for BadMoveLetter<D> {}

impl<D: Step> FromStr for Moves<D> {
    type Err = BadMoveLetter<D>;

    fn from_str(s: &str) -> Result<Moves<D>, BadMoveLetter<D>> {
        let mut moves = Vec::new();
        for (i, c) in s.chars().enumerate() {
            if D::SKIPS_WHITE_SPACE && c.is_whitespace() {
                continue;
            }
            moves.push(D::move_of_letter(c).ok_or_else(|| BadMoveLetter::new(c, i + 1))?);
        }
        Ok(Moves(moves))
    }
}
