//! A level in play: walking, pushing, the win test with numbers, undo and redo.

use super::level::Level;
use super::moves::{Direction, Move, Moves};

/// What a step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Walked,
    Pushed,
    /// Into a wall, or a box that cannot move: nothing changed.
    Blocked,
}

/// A move of a replayed solution that cannot be made as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("move {index} ({letter}) is blocked")]
    Blocked { index: usize, letter: char },
    #[error("move {index} ({letter}) {what}")]
    WrongCase {
        index: usize,
        letter: char,
        what: &'static str,
    },
}

/// The state of play.
#[derive(Clone, Debug)]
pub struct Game {
    level: Level,
    /// Position of each box (same order as the level's boxes, so numbers stay attached).
    boxes: Vec<usize>,
    /// Box index + 1 at each cell, 0 for none.
    box_at: Vec<u16>,
    player: usize,
    history: Vec<Move>,
    redo: Vec<Move>,
    pushes: usize,
}

impl Game {
    pub fn new(level: &Level) -> Game {
        let mut box_at = vec![0u16; level.width() * level.height()];
        for (i, &b) in level.boxes().iter().enumerate() {
            box_at[b] = i as u16 + 1;
        }
        Game {
            level: level.clone(),
            boxes: level.boxes().to_vec(),
            box_at,
            player: level.player(),
            history: Vec::new(),
            redo: Vec::new(),
            pushes: 0,
        }
    }

    /// Plays a LURD string from the start; each letter's case must match what happens.
    pub fn replay(level: &Level, moves: &Moves) -> Result<Game, ReplayError> {
        let mut game = Game::new(level);
        for (i, m) in moves.iter().enumerate() {
            let index = i + 1;
            let letter = m.letter();
            match game.step(m.direction) {
                Step::Blocked => return Err(ReplayError::Blocked { index, letter }),
                Step::Walked if m.push => {
                    return Err(ReplayError::WrongCase {
                        index,
                        letter,
                        what: "is written as a push but pushes nothing",
                    })
                }
                Step::Pushed if !m.push => {
                    return Err(ReplayError::WrongCase {
                        index,
                        letter,
                        what: "is written as a walk but pushes a box",
                    })
                }
                _ => {}
            }
        }
        Ok(game)
    }

    pub fn level(&self) -> &Level {
        &self.level
    }

    pub fn player(&self) -> usize {
        self.player
    }

    /// Box positions, in the level's box order.
    pub fn boxes(&self) -> &[usize] {
        &self.boxes
    }

    /// The index (in the level's box order) of the box at a cell.
    pub fn box_at(&self, at: usize) -> Option<usize> {
        match self.box_at[at] {
            0 => None,
            n => Some(usize::from(n) - 1),
        }
    }

    pub fn moves(&self) -> usize {
        self.history.len()
    }

    pub fn pushes(&self) -> usize {
        self.pushes
    }

    /// The moves made so far (after undos, only those still standing).
    pub fn history(&self) -> Moves {
        Moves::from(self.history.clone())
    }

    /// One step; a step that changes the board clears the redo list.
    pub fn step(&mut self, d: Direction) -> Step {
        let result = self.apply(d);
        if result != Step::Blocked {
            self.history.push(Move {
                direction: d,
                push: result == Step::Pushed,
            });
            self.redo.clear();
        }
        result
    }

    fn apply(&mut self, d: Direction) -> Step {
        let level = &self.level;
        let Some(next) = level.step(self.player, d) else {
            return Step::Blocked;
        };
        if !level.is_floor(next) {
            return Step::Blocked;
        }
        if let Some(b) = self.box_at(next) {
            let Some(beyond) = level.step(next, d) else {
                return Step::Blocked;
            };
            if !level.is_floor(beyond) || self.box_at[beyond] != 0 {
                return Step::Blocked;
            }
            self.box_at[next] = 0;
            self.box_at[beyond] = b as u16 + 1;
            self.boxes[b] = beyond;
            self.player = next;
            self.pushes += 1;
            Step::Pushed
        } else {
            self.player = next;
            Step::Walked
        }
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(m) = self.history.pop() else {
            return false;
        };
        let back = m.direction.opposite();
        let from = self.player;
        let to = self.level.step(from, back).expect("undo returns to a cell");
        if m.push {
            let box_cell = self.level.step(from, m.direction).expect("the pushed box");
            let b = self.box_at(box_cell).expect("a box where it was pushed");
            self.box_at[box_cell] = 0;
            self.box_at[from] = b as u16 + 1;
            self.boxes[b] = from;
            self.pushes -= 1;
        }
        self.player = to;
        self.redo.push(m);
        true
    }

    /// Makes again the last move taken back; false if there is none.
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.redo.pop() else {
            return false;
        };
        let done = self.apply(m.direction);
        debug_assert_ne!(done, Step::Blocked);
        self.history.push(m);
        true
    }

    /// Back to the start (the moves can be redone).
    pub fn restart(&mut self) {
        while self.undo() {}
    }

    /// Every goal holds a box of the goal's number ("no number" being a number of its own).
    pub fn is_solved(&self) -> bool {
        let level = &self.level;
        level
            .goals()
            .iter()
            .zip(level.goal_numbers())
            .all(|(&g, &n)| self.box_at(g).is_some_and(|b| level.box_numbers()[b] == n))
    }

    /// Every goal holds a box, whatever the numbers.
    pub fn all_goals_covered(&self) -> bool {
        self.level.goals().iter().all(|&g| self.box_at[g] != 0)
    }

    /// The board as XSB rows, as it stands now.
    pub fn rows(&self) -> Vec<String> {
        self.level
            .with_start(
                self.boxes.clone(),
                self.level.box_numbers().to_vec(),
                self.player,
            )
            .rows()
    }
}
