//! The rules of play (spec sections 2 and 3): the player's position, the rows as the
//! Ace port will hold them (one buffer of W cells per row, shifted in place by a push),
//! and what each key does.

use super::level::Level;
use super::moves::{Direction, Move, Moves};

/// Where the player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// In the entrance gap (the start).
    Entrance,
    /// On interior cell (row, col), 0-based.
    Cell { row: usize, col: usize },
    /// In the exit gap: the mazezam is solved.
    Exit,
}

/// What one key press did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The key does nothing here; nothing changed and no move was counted.
    Nothing,
    /// The player moved (and pushed, if `push` is set).
    Moved(Move),
    /// The player stepped into the exit gap with this move: solved.
    Solved(Move),
}

/// A mazezam in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    level: Level,
    /// Row-major W x H, `true` = block.
    cells: Vec<bool>,
    player: Position,
    history: Moves,
}

/// A move of a solution string that does not do what its letter says.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("move {index} ('{letter}') does nothing at that point")]
    NoEffect { index: usize, letter: char },
    #[error("move {index} is written '{written}' but the move made is '{made}'")]
    PushMismatch {
        index: usize,
        written: char,
        made: char,
    },
    #[error("move {index} comes after the mazezam was already solved")]
    AfterSolved { index: usize },
    #[error("the moves end without reaching the exit")]
    NotSolved,
}

impl Game {
    /// The initial state: rows as drawn, the player in the entrance gap.
    pub fn new(level: &Level) -> Game {
        Game {
            cells: level.cells().to_vec(),
            level: level.clone(),
            player: Position::Entrance,
            history: Moves::default(),
        }
    }

    /// Back to the initial state (what a retry does, without the life).
    pub fn restart(&mut self) {
        self.cells.copy_from_slice(self.level.cells());
        self.player = Position::Entrance;
        self.history.0.clear();
    }

    pub fn level(&self) -> &Level {
        &self.level
    }

    pub fn player(&self) -> Position {
        self.player
    }

    pub fn is_solved(&self) -> bool {
        self.player == Position::Exit
    }

    /// The moves made since the start (or the last restart).
    pub fn history(&self) -> &Moves {
        &self.history
    }

    /// Does cell (row, col), 0-based, hold a block now?
    pub fn is_block(&self, row: usize, col: usize) -> bool {
        self.cells[row * self.level.width() + col]
    }

    /// One row as it is now, `true` = block.
    pub fn row(&self, row: usize) -> &[bool] {
        let w = self.level.width();
        &self.cells[row * w..(row + 1) * w]
    }

    /// The column (0-based) of the row's first block now, if the row has blocks.
    pub fn first_block(&self, row: usize) -> Option<usize> {
        self.row(row).iter().position(|&b| b)
    }

    /// Applies one key press under the canonical rules.
    pub fn press(&mut self, direction: Direction) -> Outcome {
        let w = self.level.width();
        let h = self.level.height();
        let (row, col) = match self.player {
            Position::Exit => return Outcome::Nothing,
            Position::Entrance => {
                if direction != Direction::Right {
                    return Outcome::Nothing;
                }
                // Rule R4 keeps this cell empty, and nothing has moved yet.
                self.player = Position::Cell {
                    row: self.level.entrance_row(),
                    col: 0,
                };
                return self.record(Move::step(direction));
            }
            Position::Cell { row, col } => (row, col),
        };
        match direction {
            Direction::Up | Direction::Down => {
                let target = match direction {
                    Direction::Up => row.checked_sub(1),
                    _ => (row + 1 < h).then_some(row + 1),
                };
                match target {
                    Some(r) if !self.is_block(r, col) => {
                        self.player = Position::Cell { row: r, col };
                        self.record(Move::step(direction))
                    }
                    _ => Outcome::Nothing,
                }
            }
            Direction::Left => {
                if col == 0 {
                    return Outcome::Nothing; // the entrance is closed behind the player
                }
                if !self.is_block(row, col - 1) {
                    self.player = Position::Cell { row, col: col - 1 };
                    return self.record(Move::step(direction));
                }
                if self.is_block(row, 0) {
                    return Outcome::Nothing; // the row is against the left wall
                }
                let r = &mut self.cells[row * w..(row + 1) * w];
                r.rotate_left(1); // the empty column 1 goes round to column W
                self.player = Position::Cell { row, col: col - 1 };
                self.record(Move::push(direction))
            }
            Direction::Right => {
                if col + 1 == w {
                    if row == self.level.exit_row() {
                        self.player = Position::Exit;
                        self.history.0.push(Move::step(direction));
                        return Outcome::Solved(Move::step(direction));
                    }
                    return Outcome::Nothing;
                }
                if !self.is_block(row, col + 1) {
                    self.player = Position::Cell { row, col: col + 1 };
                    return self.record(Move::step(direction));
                }
                if self.is_block(row, w - 1) {
                    return Outcome::Nothing; // the row is against the right wall
                }
                let r = &mut self.cells[row * w..(row + 1) * w];
                r.rotate_right(1); // the empty column W goes round to column 1
                self.player = Position::Cell { row, col: col + 1 };
                self.record(Move::push(direction))
            }
        }
    }

    fn record(&mut self, m: Move) -> Outcome {
        self.history.0.push(m);
        Outcome::Moved(m)
    }

    /// Plays `moves` from the current state, checking that every move does exactly what
    /// its letter says (capitals exactly on pushes). Stops at the first mismatch.
    pub fn play(&mut self, moves: &Moves) -> Result<(), ReplayError> {
        for (i, &m) in moves.0.iter().enumerate() {
            let index = i + 1;
            if self.is_solved() {
                return Err(ReplayError::AfterSolved { index });
            }
            match self.press(m.direction) {
                Outcome::Nothing => {
                    return Err(ReplayError::NoEffect {
                        index,
                        letter: m.letter(),
                    })
                }
                Outcome::Moved(made) | Outcome::Solved(made) if made != m => {
                    return Err(ReplayError::PushMismatch {
                        index,
                        written: m.letter(),
                        made: made.letter(),
                    })
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Plays a whole solution from the initial state of `level`: it must end in the
    /// exit gap. Returns the solved game.
    pub fn replay(level: &Level, moves: &Moves) -> Result<Game, ReplayError> {
        let mut game = Game::new(level);
        game.play(moves)?;
        if !game.is_solved() {
            return Err(ReplayError::NotSolved);
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(lines: &[&str]) -> Level {
        Level::from_drawing(lines).unwrap()
    }

    fn row_text(game: &Game, row: usize) -> String {
        game.row(row)
            .iter()
            .map(|&b| if b { '$' } else { ' ' })
            .collect()
    }

    /// The spec's hand-checked trace of "First Shove" (section 4), row by row.
    #[test]
    fn first_shove_follows_the_spec_trace() {
        let lv = level(&["#######", "#$  $ #", "+  $ $*", "#######"]);
        let mut game = Game::new(&lv);
        let trace: [(char, &str, &str, Position); 18] = [
            ('r', "$  $ ", "  $ $", Position::Cell { row: 1, col: 0 }),
            ('r', "$  $ ", "  $ $", Position::Cell { row: 1, col: 1 }),
            ('u', "$  $ ", "  $ $", Position::Cell { row: 0, col: 1 }),
            ('r', "$  $ ", "  $ $", Position::Cell { row: 0, col: 2 }),
            ('R', " $  $", "  $ $", Position::Cell { row: 0, col: 3 }),
            ('d', " $  $", "  $ $", Position::Cell { row: 1, col: 3 }),
            ('L', " $  $", " $ $ ", Position::Cell { row: 1, col: 2 }),
            ('u', " $  $", " $ $ ", Position::Cell { row: 0, col: 2 }),
            ('L', "$  $ ", " $ $ ", Position::Cell { row: 0, col: 1 }),
            ('r', "$  $ ", " $ $ ", Position::Cell { row: 0, col: 2 }),
            ('d', "$  $ ", " $ $ ", Position::Cell { row: 1, col: 2 }),
            ('L', "$  $ ", "$ $  ", Position::Cell { row: 1, col: 1 }),
            ('u', "$  $ ", "$ $  ", Position::Cell { row: 0, col: 1 }),
            ('r', "$  $ ", "$ $  ", Position::Cell { row: 0, col: 2 }),
            ('R', " $  $", "$ $  ", Position::Cell { row: 0, col: 3 }),
            ('d', " $  $", "$ $  ", Position::Cell { row: 1, col: 3 }),
            ('r', " $  $", "$ $  ", Position::Cell { row: 1, col: 4 }),
            ('r', " $  $", "$ $  ", Position::Exit),
        ];
        for (i, (letter, row1, row2, at)) in trace.into_iter().enumerate() {
            let m = Move::from_letter(letter).unwrap();
            let outcome = game.press(m.direction);
            let expected = if i == 17 {
                Outcome::Solved(m)
            } else {
                Outcome::Moved(m)
            };
            assert_eq!(outcome, expected, "move {}", i + 1);
            assert_eq!(row_text(&game, 0), row1, "move {}", i + 1);
            assert_eq!(row_text(&game, 1), row2, "move {}", i + 1);
            assert_eq!(game.player(), at, "move {}", i + 1);
        }
        assert_eq!(game.history().to_string(), "rrurRdLuLrdLurRdrr");
    }

    #[test]
    fn only_right_leaves_the_entrance_and_left_never_goes_back() {
        let lv = level(&["#####", "+   *", "#####"]);
        let mut game = Game::new(&lv);
        for d in [Direction::Left, Direction::Up, Direction::Down] {
            assert_eq!(game.press(d), Outcome::Nothing);
        }
        assert_eq!(
            game.press(Direction::Right),
            Outcome::Moved(Move::step(Direction::Right))
        );
        assert_eq!(game.press(Direction::Left), Outcome::Nothing);
        assert_eq!(game.history().len(), 1);
    }

    #[test]
    fn replay_rejects_wrong_capitals_and_moves_that_do_nothing() {
        let lv = level(&["#######", "#$  $ #", "+  $ $*", "#######"]);
        assert!(Game::replay(&lv, &"rrurRdLuLrdLurRdrr".parse().unwrap()).is_ok());
        assert_eq!(
            Game::replay(&lv, &"rrurrd".parse().unwrap()),
            Err(ReplayError::PushMismatch {
                index: 5,
                written: 'r',
                made: 'R'
            })
        );
        assert_eq!(
            Game::replay(&lv, &"rl".parse().unwrap()),
            Err(ReplayError::NoEffect {
                index: 2,
                letter: 'l'
            })
        );
        assert_eq!(
            Game::replay(&lv, &"rr".parse().unwrap()),
            Err(ReplayError::NotSolved)
        );
        let open = level(&["###", "+ *", "###"]);
        assert_eq!(
            Game::replay(&open, &"rrr".parse().unwrap()),
            Err(ReplayError::AfterSolved { index: 3 })
        );
    }
}
