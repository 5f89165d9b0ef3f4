//! Reference model of A-Mouz-in-Mase, the recovered Jupiter Ace game MAZE, written from
//! `shared/spec/maze-algorithm.md`.
//!
//! The model works over the same memory images as the original: the maze-state area (one
//! status byte per position), the screen buffer (one character code per position), video
//! rows 0..21, and the game's variables, with W, P and P1 kept relative to the start of the
//! maze-state area so the images fit any dictionary size. Phases can be run one by one
//! (generate, clear the trail, solve, manual moves) and their images compared byte for byte
//! with the Forth game running in the emulator ([`compare`]).
//!
//! ```
//! use aceemu::games::maze::{Maze, Size};
//! let mut maze = Maze::new(Size::SMALL, 0);
//! maze.generate();
//! maze.prepare_to_play();
//! maze.solve().unwrap();
//! assert_eq!(maze.vars().x, maze.vars().ix); // the solver keeps its own position
//! ```

mod cleartrail;
pub mod compare;
mod generator;
pub mod graphics;
pub mod layout;
pub mod picture;
mod play;
pub mod rng;
pub mod sheet;
mod solver;
mod state;
pub mod terminal;
pub mod vars;

pub use generator::{DoorMark, Growth, DIRECTION_TABLE};
pub use layout::{bits, codes, Cell, Direction, Size};
pub use play::{key_direction, KeyOutcome};
pub use solver::{Solver, SolverStep};
pub use state::Maze;
pub use vars::{VarName, Vars};

/// Errors of the maze model.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MazeError {
    #[error("maze size must be 1, 2 or 3, not {0}")]
    BadSize(u8),
    #[error("the solver is stuck at {0}: no passage leads on")]
    SolverStuck(Cell),
    #[error("the solver would leave the maze at {0}")]
    SolverLeavesMaze(Cell),
    #[error("the solver is going round in circles at {0}: the maze is not a tree")]
    SolverLost(Cell),
}
