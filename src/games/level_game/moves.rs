//! Moves of a level game: a step in one of four directions, which may push. Each game has
//! its own directions (their order is the order its solver tries them in) and its own
//! reading of a solution string; the letters, the Ace keys and the counting are here.

use std::fmt;

/// A game's direction: its letter in a solution string and the key the Ace game reads.
pub trait Step: Copy {
    /// The lower-case letter (`l r u d`).
    fn letter(self) -> char;
    /// The key that makes this step in the game on the Ace.
    fn ace_char(self) -> char;
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
