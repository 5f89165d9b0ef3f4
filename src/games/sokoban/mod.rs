//! Sokoban with numbered boxes (spec `sokoban-plus.md`): the XSB format with the Plus
//! lines, the rules with the numbered win test, undo and redo, LURD moves, an optimal
//! solver, a level maker and the project's level pack.
//!
//! Sokoban was invented by Hiroyuki Imabayashi; the Plus numbers come from SokoMind.
//! This is an independent implementation, and every level it ships was made here.
//!
//! ```
//! use aceemu::games::sokoban::{format, solver, Game};
//! let text = "#######\n#.$@$.#\n#######\nboxorder 1 2\ngoalorder 1 2\n";
//! let level = &format::parse_str(text, "example").unwrap().levels[0];
//! let report = solver::solve(level, solver::Mode::Pushes, 100_000);
//! let moves = report.solution().unwrap();
//! assert_eq!(moves.to_string(), "LrR");
//! assert!(Game::replay(level, moves).unwrap().is_solved());
//! ```

pub mod ace;
pub mod format;
mod game;
pub mod generator;
mod level;
mod moves;
pub mod pack;
pub mod solver;
pub mod terminal;

pub use game::{Game, ReplayError, Step};
pub use level::{BoardError, Cell, Level, Notes, MAX_NUMBER, NO_NUMBER};
pub use moves::{BadMoveLetter, Direction, Move, Moves};
