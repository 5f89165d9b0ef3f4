//! What every level game is to the rest of aceemu: a level file, its levels, a solver, a
//! picture on the Ace's screen and a level tape for the game on the Ace. MazezaM
//! ([`crate::games::mazezam::MazezaM`]) and Sokoban ([`crate::games::sokoban::Sokoban`])
//! implement it; code written over `G: LevelGame` serves both.

use super::ace_screen::Screen;
use super::moves::{Moves, Step};
use crate::tape::pulse::Block;
use std::fmt::Display;
use std::path::Path;

/// A solver's answer, in the words every level game shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer<D> {
    /// A solution (the game's own solver says in what sense it is best).
    Solved(Moves<D>),
    /// No sequence of moves solves the level.
    Unsolvable,
    /// The search stopped at its state limit (or the level is beyond the solver).
    GaveUp,
}

/// A level game: its format, its rules as far as a replay needs them, its solver and its
/// Ace screen.
pub trait LevelGame {
    /// The game's directions, their letters and its reading of a solution string.
    type Direction: Step;
    /// One level as read from a file.
    type Level;
    /// A level file: its levels and whatever else the format keeps.
    type Parsed;
    /// Why a level file could not be read (naming the file and the place).
    type ParseErrors: Display;
    /// Why levels cannot go onto a level tape.
    type TapeError: Display;

    /// The game's name as people write it.
    const NAME: &'static str;

    /// Reads a level file.
    fn parse_file(path: &Path) -> Result<Self::Parsed, Self::ParseErrors>;
    /// The levels of a level file, in order.
    fn levels(parsed: &Self::Parsed) -> &[Self::Level];
    /// The levels that come with aceemu.
    fn bundled_levels() -> Vec<Self::Level>;
    /// Plays `moves` from the start of `level`: true if they solve it, an error in words if
    /// one of them cannot be made.
    fn replay(level: &Self::Level, moves: &Moves<Self::Direction>) -> Result<bool, String>;
    /// Solves `level`, storing at most `max_states` states.
    fn solve(level: &Self::Level, max_states: usize) -> Answer<Self::Direction>;
    /// What the game on the Ace shows at the start of level `index` (0-based) of a pack,
    /// or `None` if the level does not fit on the screen.
    fn start_screen(level: &Self::Level, index: usize) -> Option<Screen>;
    /// The screen as text for people (the game's pictures as characters).
    fn screen_text(screen: &Screen) -> String;
    /// The two blocks of the level tape `name` holding `levels`.
    fn level_tape(levels: &[Self::Level], name: &str) -> Result<Vec<Block>, Self::TapeError>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mazezam::MazezaM;
    use crate::games::sokoban::Sokoban;

    /// The first bundled level through the trait alone: solved, the solution replays to a
    /// win, its screen shows a player, and the pack makes a two-block tape.
    fn first_bundled_level_round_trips<G: LevelGame>() {
        let levels = G::bundled_levels();
        let level = &levels[0];
        let moves = match G::solve(level, 1_000_000) {
            Answer::Solved(moves) => moves,
            other => panic!("{}: level 1 not solved: {:?}", G::NAME, other.is_solved()),
        };
        assert!(!moves.is_empty());
        assert_eq!(G::replay(level, &moves), Ok(true), "{}", G::NAME);
        let text = G::screen_text(&G::start_screen(level, 0).expect("fits"));
        assert!(text.contains('@'), "{}:\n{text}", G::NAME);
        assert!(text.starts_with("LEVEL 01"), "{}:\n{text}", G::NAME);
        let blocks = G::level_tape(&levels, "pack").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(blocks.len(), 2);
    }

    impl<D> Answer<D> {
        fn is_solved(&self) -> bool {
            matches!(self, Answer::Solved(_))
        }
    }

    #[test]
    fn mazezam_through_the_trait() {
        first_bundled_level_round_trips::<MazezaM>();
    }

    #[test]
    fn sokoban_through_the_trait() {
        first_bundled_level_round_trips::<Sokoban>();
    }
}
