//! What the level games share (MazezaM in `super::mazezam`, Sokoban in `super::sokoban`):
//! a player who steps and sometimes pushes, solutions written as letters, a pack of levels
//! sent to the Ace on a level tape, and a 32x24 screen of character codes that a test
//! reads back as text. Each game keeps only what differs: its format, its rules, its
//! solver and the codes of its pictures.
//!
//! * [`moves`]: a move, a sequence of moves and their letters and Ace keys.
//! * [`ace_screen`]: the Ace's screen as text for people, and text written into it.
//! * [`level_tape`]: the two blocks of a level tape, and the names it may have.

pub mod ace_screen;
mod game;
pub mod level_tape;
pub mod moves;

pub use game::{Answer, LevelGame};
