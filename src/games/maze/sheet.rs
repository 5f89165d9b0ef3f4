//! The whole maze as one sheet of character codes: every section's cells side by side,
//! closed by the last section column's column 31 and the last section row's row 20.

use super::layout::{CELL_COLS, CELL_ROWS, SECTION_COLS};
use super::state::Maze;

/// `(31 Z + 1) x (20 Z + 1)` character codes, row-major.
pub struct CodeSheet {
    pub cols: usize,
    pub rows: usize,
    pub codes: Vec<u8>,
}

impl CodeSheet {
    pub fn new(maze: &Maze) -> CodeSheet {
        let size = maze.size();
        let z = usize::from(size.z());
        let (cols, rows) = (CELL_COLS * z + 1, CELL_ROWS * z + 1);
        let screen = maze.screen_buffer();
        let mut codes = Vec::with_capacity(cols * rows);
        for r in 0..rows {
            // The last sheet row is row 20 of the bottom sections; the last column is
            // column 31 of the right-hand sections.
            let (v, row) = if r == rows - 1 {
                (z, CELL_ROWS)
            } else {
                (r / CELL_ROWS + 1, r % CELL_ROWS)
            };
            for c in 0..cols {
                let (u, col) = if c == cols - 1 {
                    (z, CELL_COLS)
                } else {
                    (c / CELL_COLS + 1, c % CELL_COLS)
                };
                let start = size.section_start(u as u8, v as u8);
                codes.push(screen[start + row * SECTION_COLS + col]);
            }
        }
        CodeSheet { cols, rows, codes }
    }

    pub fn code(&self, col: usize, row: usize) -> u8 {
        self.codes[row * self.cols + col]
    }
}
