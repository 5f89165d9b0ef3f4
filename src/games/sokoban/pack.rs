//! The project's level pack, `levels/aceemu.xsb`: levels made with this project's level
//! maker, each with a solution of fewest pushes recorded as `Solution:` and its counts as
//! `Optimal: N pushes (M moves, ...)`.

use super::format::parse_str;
use super::level::Level;
use super::moves::Moves;

/// The pack's text, compiled into the program.
pub const TEXT: &str = include_str!("../../../levels/aceemu.xsb");

/// The pack's file name in the repository (for messages).
pub const PATH: &str = "levels/aceemu.xsb";

/// The pack's levels.
pub fn levels() -> Vec<Level> {
    parse_str(TEXT, PATH)
        .expect("the level pack is valid (checked by tests/sokoban_pack.rs)")
        .levels
}

/// The solution recorded with a level, if any.
pub fn recorded_solution(level: &Level) -> Option<Moves> {
    level.notes.value("Solution")?.parse().ok()
}

/// The optimal push count recorded with a level, if any.
pub fn recorded_pushes(level: &Level) -> Option<usize> {
    level
        .notes
        .value("Optimal")?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
