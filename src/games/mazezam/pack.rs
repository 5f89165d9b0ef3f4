//! The project's level pack, `levels/aceemu.mzm`: mazezams made with this generator for
//! aceemu, each with its optimal move count recorded as `;;Solution(Moves):` (a key of the
//! inventor's own level files, attached to the next mazezam only).

use super::format::{parse_str, Parsed};
use super::level::Level;
use super::moves::Moves;

/// The pack's text, compiled into the program.
pub const TEXT: &str = include_str!("../../../levels/aceemu.mzm");

/// The pack's file name in the repository (for messages).
pub const PATH: &str = "levels/aceemu.mzm";

/// The pack's levels.
pub fn levels() -> Vec<Level> {
    parsed().levels
}

fn parsed() -> Parsed {
    parse_str(TEXT, PATH).expect("the level pack is valid (checked by tests/mazezam_pack.rs)")
}

/// The optimal solution recorded for a level, if any.
pub fn recorded_solution(level: &Level) -> Option<Moves> {
    level.meta.extra("Solution(Moves)")?.parse().ok()
}
