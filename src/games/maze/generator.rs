//! Generation, the game's DRAW (spec section 10): doors, then a depth-first growth whose
//! backtracking follows the breadcrumb kept in status bits 5 and 4.

use super::layout::{bits, Direction, CELLS_PER_SECTION, SECTION_COLS};
use super::state::Maze;

/// The direction table (spec section 8): 24 orderings, each tried from its last entry.
pub const DIRECTION_TABLE: [[u8; 4]; 24] = [
    [3, 2, 4, 1],
    [2, 3, 4, 1],
    [1, 4, 3, 2],
    [3, 4, 2, 1],
    [2, 3, 1, 4],
    [3, 1, 4, 2],
    [4, 3, 2, 1],
    [1, 2, 4, 3],
    [1, 3, 2, 4],
    [2, 4, 1, 3],
    [4, 2, 1, 3],
    [4, 1, 3, 2],
    [1, 4, 2, 3],
    [2, 1, 3, 4],
    [3, 1, 2, 4],
    [1, 3, 4, 2],
    [3, 2, 1, 4],
    [3, 4, 1, 2],
    [4, 1, 2, 3],
    [4, 3, 1, 2],
    [1, 2, 3, 4],
    [4, 2, 3, 1],
    [2, 1, 4, 3],
    [2, 4, 3, 1],
];

/// Breadcrumbs (bits 5, 4) left in a cell when growth enters it.
const CRUMB_FROM_RIGHT: u8 = 16;
const CRUMB_FROM_ABOVE: u8 = 32;
const CRUMB_FROM_LEFT: u8 = 48;

/// A door's change to the screen buffer, applied by the caller after placing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoorMark {
    pub offset: usize,
    pub add: u8,
}

/// Where growth has got to: extensions still to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Growth {
    pub remaining: usize,
    /// T is set to 1 once fewer extensions than this remain (never read by the game).
    late: usize,
}

impl Maze {
    /// The whole of DRAW: entrance, growth, exit.
    pub fn generate(&mut self) {
        self.place_entrance();
        self.grow();
        self.place_exit();
    }

    /// Spec 10.2 steps 2..4.
    pub fn place_entrance(&mut self) {
        let side = self.rnd(4);
        let mark = self.place_door(side);
        let vars = self.vars_mut();
        vars.ix = vars.x;
        vars.iu = vars.u;
        vars.iv = vars.v;
        self.show_section();
        self.add_screen(mark.offset, mark.add);
    }

    /// Spec 10.2 steps 6 and 7, with the phantom exit byte of quirk 15.3: the exit's mark
    /// goes through to video without refreshing the display.
    pub fn place_exit(&mut self) {
        let side = self.vars().ox;
        let mark = self.place_door(side);
        let x = usize::from(self.vars().x);
        self.or_status(x, bits::EXIT);
        let vars = self.vars_mut();
        vars.ox = vars.x;
        vars.ou = vars.u;
        vars.ov = vars.v;
        self.add_screen(mark.offset, mark.add);
    }

    /// Spec 10.1: chooses the door's cell on side `side` (0 right, 1 top, 2 bottom,
    /// 3 left), leaves OX = the opposite side, points W and P at the door's section.
    fn place_door(&mut self, side: u16) -> DoorMark {
        let z = self.vars().z;
        self.vars_mut().ox = 3u16.wrapping_sub(side);
        let mark = match side {
            0 => {
                let x = 32 * self.rnd(20) + 30;
                self.vars_mut().u = z;
                let v = self.rnd(z) + 1;
                self.set_door(x, None, Some(v));
                DoorMark {
                    offset: usize::from(x) + 1,
                    add: 1,
                }
            }
            1 => {
                let x = self.rnd(31);
                self.vars_mut().v = 1;
                let u = self.rnd(z) + 1;
                self.set_door(x, Some(u), None);
                DoorMark {
                    offset: usize::from(x),
                    add: 2,
                }
            }
            2 => {
                let x = self.rnd(31) + 608;
                self.vars_mut().v = z;
                let u = self.rnd(z) + 1;
                self.set_door(x, Some(u), None);
                DoorMark {
                    offset: usize::from(x) + 32,
                    add: 2,
                }
            }
            _ => {
                let x = 32 * self.rnd(20);
                self.vars_mut().u = 1;
                let v = self.rnd(z) + 1;
                self.set_door(x, None, Some(v));
                DoorMark {
                    offset: usize::from(x),
                    add: 1,
                }
            }
        };
        self.point_at_section();
        mark
    }

    fn set_door(&mut self, x: u16, u: Option<u16>, v: Option<u16>) {
        let vars = self.vars_mut();
        vars.x = x;
        if let Some(u) = u {
            vars.u = u;
        }
        if let Some(v) = v {
            vars.v = v;
        }
    }

    /// Spec 10.3: enters every other cell once; the last one entered keeps bit 7 clear.
    pub fn grow(&mut self) {
        let mut growth = self.start_growth();
        while self.grow_step(&mut growth) {}
    }

    /// Growth one extension at a time, for comparing with the game part-way through.
    pub fn start_growth(&self) -> Growth {
        let z2 = usize::from(self.vars().z).pow(2);
        Growth {
            remaining: CELLS_PER_SECTION * z2 - 1,
            late: 150 * z2,
        }
    }

    /// One pass of the growth loop (mark, T, extend); false once growth has finished.
    pub fn grow_step(&mut self, growth: &mut Growth) -> bool {
        if growth.remaining == 0 {
            return false;
        }
        let x = usize::from(self.vars().x);
        self.or_status(x, bits::VISITED);
        self.vars_mut().t = u16::from(growth.remaining < growth.late);
        self.extend();
        growth.remaining -= 1;
        true
    }

    /// Spec 10.4: draws table rows until a direction succeeds, backing up one step after
    /// every row that fails entirely.
    fn extend(&mut self) {
        loop {
            let row = DIRECTION_TABLE[usize::from(self.rnd(24))];
            for &number in row.iter().rev() {
                let dir = Direction::from_number(number).expect("table holds 1..4");
                if self.try_grow(dir) {
                    return;
                }
            }
            self.back_up();
        }
    }

    /// Is the cell one step from `x` in `dir` free (bit 7 clear)? A missing neighbouring
    /// section counts as not free.
    fn neighbour_free(&self, dir: Direction, x: usize) -> bool {
        let next = dir.step_offset(x);
        let status = if dir.crosses_section(x) {
            self.status_beyond(dir, next)
        } else {
            Some(self.status(next))
        };
        status.is_some_and(|s| s & bits::VISITED == 0)
    }

    /// Spec 10.4.1..4: one try to grow in `dir`.
    fn try_grow(&mut self, dir: Direction) -> bool {
        let x = usize::from(self.vars().x);
        if !self.neighbour_free(dir, x) {
            return false;
        }
        let crossing = dir.crosses_section(x);
        let here_bits = dir.passage_bit() | if crossing { bits::VISITED } else { 0 };
        self.or_status(x, here_bits);
        // The screen change on the leaving side: the wall drawn by the cell to the
        // right / below belongs to that cell's character (or to column 31 / row 20).
        match dir {
            Direction::Right => self.add_screen(x + 1, 1),
            Direction::Left => self.add_screen(x, 1),
            Direction::Down => self.add_screen(x + SECTION_COLS, 2),
            Direction::Up => self.add_screen(x, 2),
        }
        let n = dir.step_offset(x);
        if crossing {
            self.switch_section(dir);
            match dir {
                Direction::Right => self.add_screen(n, 1),
                Direction::Left => self.add_screen(n + 1, 1),
                Direction::Down => self.add_screen(n, 2),
                Direction::Up => self.add_screen(n + SECTION_COLS, 2),
            }
        }
        self.or_status(n, dir.opposite().passage_bit());
        let crumb = match dir {
            Direction::Right => CRUMB_FROM_LEFT,
            Direction::Left => CRUMB_FROM_RIGHT,
            Direction::Down => CRUMB_FROM_ABOVE,
            Direction::Up => 0,
        };
        self.or_status(n, crumb);
        self.vars_mut().x = n as u16;
        true
    }

    /// Spec 10.4.5: one step back along the breadcrumb, changing no status or screen byte.
    fn back_up(&mut self) {
        let x = usize::from(self.vars().x);
        let back = match self.status(x) & bits::TRAIL {
            0 => Direction::Down,
            CRUMB_FROM_RIGHT => Direction::Right,
            CRUMB_FROM_ABOVE => Direction::Up,
            _ => Direction::Left,
        };
        if back.crosses_section(x) {
            // A breadcrumb always points into the maze, so the section exists.
            self.switch_section(back);
        }
        self.vars_mut().x = back.step_offset(x) as u16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_row_is_a_permutation() {
        let mut rows: Vec<[u8; 4]> = DIRECTION_TABLE.to_vec();
        for row in &rows {
            let mut sorted = *row;
            sorted.sort();
            assert_eq!(sorted, [1, 2, 3, 4]);
        }
        rows.sort();
        rows.dedup();
        assert_eq!(rows.len(), 24);
    }
}
