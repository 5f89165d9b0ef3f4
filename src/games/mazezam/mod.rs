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
mod game;
pub mod generator;
mod level;
pub mod mc_tape;
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
