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

/// Sokoban as a [`level_game::LevelGame`](crate::games::level_game::LevelGame).
#[derive(Clone, Copy, Debug)]
pub struct Sokoban;

impl crate::games::level_game::LevelGame for Sokoban {
    const NAME: &'static str = "Sokoban";

    type Direction = Direction;
    type Level = Level;
    type Parsed = format::Parsed;
    type ParseErrors = format::ParseErrors;
    type TapeError = ace::AceError;

    fn levels(parsed: &format::Parsed) -> &[Level] {
        &parsed.levels
    }
    fn parse_file(path: &std::path::Path) -> Result<format::Parsed, format::ParseErrors> {
        format::parse_file(path)
    }
    fn bundled_levels() -> Vec<Level> {
        pack::levels()
    }
    /// Fewest pushes, then fewest moves.
    fn solve(level: &Level, max_states: usize) -> crate::games::level_game::Answer<Direction> {
        use crate::games::level_game::Answer;
        match solver::solve(level, solver::Mode::Pushes, max_states).verdict {
            solver::Verdict::Solved(moves) => Answer::Solved(moves),
            solver::Verdict::Unsolvable(_) => Answer::Unsolvable,
            _ => Answer::GaveUp,
        }
    }
    fn replay(level: &Level, moves: &Moves) -> Result<bool, String> {
        Game::replay(level, moves)
            .map(|game| game.is_solved())
            .map_err(|e| e.to_string())
    }
    fn screen_text(screen: &crate::games::level_game::ace_screen::Screen) -> String {
        ace::to_text(screen)
    }
    /// Every board up to the Ace's 32x20 fits.
    fn start_screen(
        level: &Level,
        index: usize,
    ) -> Option<crate::games::level_game::ace_screen::Screen> {
        (level.width() <= ace::MAX_WIDTH && level.height() <= ace::MAX_HEIGHT)
            .then(|| ace::render(&Game::new(level), index))
    }
    fn level_tape(
        levels: &[Level],
        name: &str,
    ) -> Result<Vec<crate::tape::pulse::Block>, ace::AceError> {
        ace::level_tape(levels, name)
    }
}
