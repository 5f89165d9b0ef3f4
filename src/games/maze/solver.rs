//! The automatic solver, the game's AUTO (spec section 13): a depth-first walk that marks
//! its route with the large marker and the cells it backs out of with the small one.

use super::layout::{bits, codes, Cell, Direction};
use super::state::Maze;
use super::MazeError;

/// The order in which one decision tries the passages of a cell.
const DECISION_ORDER: [Direction; 4] = [
    Direction::Right,
    Direction::Left,
    Direction::Up,
    Direction::Down,
];

/// The solver's own position; the variable X keeps the entrance offset meanwhile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solver {
    /// Offset of the solver in the current section (U, V).
    pub p: u16,
    decisions: usize,
}

/// What one decision did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverStep {
    /// Moved to a cell not visited before.
    Forward(Direction),
    /// Backed out of a dead end.
    Back(Direction),
}

impl Maze {
    /// Runs the solver to the exit (call [`Maze::prepare_to_play`] first, as the game does).
    /// Fails instead of looping when the maze-state area is not one the generator makes.
    pub fn solve(&mut self) -> Result<(), MazeError> {
        let mut solver = self.start_solver();
        while !self.solver_at_exit(&solver) {
            self.solver_decide(&mut solver)?;
        }
        Ok(())
    }

    /// Spec 13 step 1: the solver stands on the entrance cell and marks it visited.
    pub fn start_solver(&mut self) -> Solver {
        let p = self.vars().ix;
        self.or_status(usize::from(p), bits::SOLVER_VISITED);
        Solver { p, decisions: 0 }
    }

    /// Has the solver reached the exit (status bit 6 of its cell)?
    pub fn solver_at_exit(&self, solver: &Solver) -> bool {
        self.status(usize::from(solver.p)) & bits::EXIT != 0
    }

    /// The cell the solver stands on.
    pub fn solver_cell(&self, solver: &Solver) -> Cell {
        Cell {
            x: solver.p,
            ..self.current_cell()
        }
    }

    /// Spec 13.1: one decision.
    pub fn solver_decide(&mut self, solver: &mut Solver) -> Result<SolverStep, MazeError> {
        // A depth-first walk over a tree enters and leaves each cell at most once.
        solver.decisions += 1;
        if solver.decisions > 2 * self.size().cells() + 2 {
            return Err(MazeError::SolverLost(self.solver_cell(solver)));
        }
        let s = self.status(usize::from(solver.p));
        self.vars_mut().y = u16::from(s);
        for dir in DECISION_ORDER {
            if s & dir.passage_bit() != 0 {
                if let Some(step) = self.solver_try(solver, dir)? {
                    return Ok(step);
                }
            }
        }
        Err(MazeError::SolverStuck(self.solver_cell(solver)))
    }

    /// Spec 13.2: one try; None when it declines.
    fn solver_try(
        &mut self,
        solver: &mut Solver,
        dir: Direction,
    ) -> Result<Option<SolverStep>, MazeError> {
        let p = usize::from(solver.p);
        let crossing = dir.crosses_section(p);
        // Written on every try, declined or not (quirk 15.8).
        self.vars_mut().t = u16::from(crossing);
        let next = dir.step_offset(p);
        let neighbour = if crossing {
            self.status_beyond(dir, next)
                .ok_or(MazeError::SolverLeavesMaze(self.solver_cell(solver)))?
        } else {
            self.status(next)
        };
        let bit = dir.passage_bit();
        if neighbour & bits::SOLVER_VISITED != 0 {
            let other_exits = bits::PASSAGES & !bit;
            if self.status(p) & other_exits != 0 {
                return Ok(None);
            }
            // A dead end: back out, turning the large marker into the small one and
            // closing the passage behind.
            self.add_screen(p, codes::LARGE_MARKER);
            self.and_status(p, !(bit | bits::TRAIL | bits::EXIT));
            if crossing {
                self.switch_section(dir);
            }
            let back_bit = dir.opposite().passage_bit();
            self.and_status(next, !(back_bit | bits::TRAIL_HIGH | bits::EXIT));
            solver.p = next as u16;
            Ok(Some(SolverStep::Back(dir)))
        } else {
            if crossing {
                self.switch_section(dir);
            }
            self.add_screen(next, codes::LARGE_MARKER);
            self.or_status(next, bits::SOLVER_VISITED);
            solver.p = next as u16;
            Ok(Some(SolverStep::Forward(dir)))
        }
    }
}
