//! Rust reference models of the bundled games.

pub mod cabbage;
pub mod level_file;
pub mod level_game;
pub mod maze;
pub mod mazezam;
pub mod sokoban;
