//! MazezaM (spec `mazezam.md`): the .mzm 1.0 format, the rules of play, lives and retry,
//! an optimal solver, a seeded generator with a difficulty rating, the project's level
//! pack, and the picture of a mazezam on the Ace's screen for testing the Forth game.
//!
//! MazezaM was invented by Malcolm Tyrrell; this is an independent implementation, and
//! the only mazezams it ships were made here.
//!
//! For testing the Forth game on the emulated Ace:
//! - [`pack::levels`] and [`pack::recorded_solution`]: the shipped levels and one optimal
//!   solution each; [`Moves::ace_keys`] turns a solution into the keys to type (Z X K M);
//! - [`Session`] with [`command_for_ace_key`]: lives, retry, quit and level order driven by
//!   the Ace's key codes, to follow the game key by key;
//! - [`screen::render`]: the 32x24 screen codes the game should show (codes documented
//!   there), [`screen::to_text`] to print a difference readably;
//! - [`ace_data::encode_pack`]: the levels as bytes (format documented there).
//!
//! ```
//! use aceemu::games::mazezam::{solver, Game, Goal, Level};
//! let level = Level::from_drawing(&["#######", "#$  $ #", "+  $ $*", "#######"]).unwrap();
//! let report = solver::solve(&level, Goal::Moves).unwrap();
//! let moves = report.solution().unwrap();
//! assert_eq!((moves.len(), moves.pushes()), (18, 5));
//! assert!(Game::replay(&level, moves).unwrap().is_solved());
//! ```

pub mod ace_data;
pub mod difficulty;
pub mod format;
pub mod forth_pack;
mod game;
pub mod generator;
mod level;
pub mod level_tape;
mod moves;
pub mod pack;
pub mod rng;
pub mod screen;
mod session;
pub mod solver;
mod state_space;
pub mod terminal;

pub use game::{Game, Outcome, Position, ReplayError};
pub use level::{Level, LevelError, Metadata, MAX_SIDE, MAX_TITLE_CHARS};
pub use moves::{BadMoveLetter, Direction, Move, Moves};
pub use session::{command_for_ace_key, Command, Event, Phase, Session, START_LIVES};
pub use solver::{Goal, Report, TooManyStates, Verdict};

/// MazezaM as a [`level_game::LevelGame`](crate::games::level_game::LevelGame).
#[derive(Clone, Copy, Debug)]
pub struct MazezaM;

impl crate::games::level_game::LevelGame for MazezaM {
    type Direction = Direction;
    type Level = Level;
    type Parsed = format::Parsed;
    type ParseErrors = format::ParseErrors;
    type TapeError = level_tape::LevelTapeError;

    const NAME: &'static str = "MazezaM";

    fn parse_file(path: &std::path::Path) -> Result<format::Parsed, format::ParseErrors> {
        format::parse_file(path)
    }
    fn levels(parsed: &format::Parsed) -> &[Level] {
        &parsed.levels
    }
    fn bundled_levels() -> Vec<Level> {
        pack::levels()
    }
    fn replay(level: &Level, moves: &Moves) -> Result<bool, String> {
        let mut game = Game::new(level);
        game.play(moves).map_err(|e| e.to_string())?;
        Ok(game.is_solved())
    }
    /// The fewest moves (the canonical count).
    fn solve(level: &Level, max_states: usize) -> crate::games::level_game::Answer<Direction> {
        use crate::games::level_game::Answer;
        match solver::solve_with_limit(level, Goal::Moves, max_states) {
            Ok(Report {
                verdict: Verdict::Solved(moves),
                ..
            }) => Answer::Solved(moves),
            Ok(_) => Answer::Unsolvable,
            Err(TooManyStates(_)) => Answer::GaveUp,
        }
    }
    /// Level `index + 1`, [`START_LIVES`] lives, no moves yet.
    fn start_screen(
        level: &Level,
        index: usize,
    ) -> Option<crate::games::level_game::ace_screen::Screen> {
        let status = screen::Status {
            level: index + 1,
            lives: START_LIVES,
            moves: Some(0),
        };
        screen::render(&Game::new(level), &status)
    }
    fn screen_text(screen: &crate::games::level_game::ace_screen::Screen) -> String {
        screen::to_text(screen)
    }
    fn level_tape(
        levels: &[Level],
        name: &str,
    ) -> Result<Vec<crate::tape::pulse::Block>, level_tape::LevelTapeError> {
        level_tape::blocks(levels, name)
    }
}
