//! Geometry and memory layout of A-Mouz-in-Mase (spec sections 1, 2 and 4).

use std::fmt;

/// Bytes per row of a section (31 cell columns plus the right-hand wall column).
pub const SECTION_COLS: usize = 32;
/// Rows of a section (20 cell rows plus the bottom wall row).
pub const SECTION_ROWS: usize = 21;
/// Bytes of one section in the maze-state area and in the screen buffer.
pub const SECTION_BYTES: usize = SECTION_COLS * SECTION_ROWS;
/// Cell columns of a section (column 31 is not a cell).
pub const CELL_COLS: usize = 31;
/// Cell rows of a section (row 20 is not a cell).
pub const CELL_ROWS: usize = 20;
/// Cells of one section.
pub const CELLS_PER_SECTION: usize = CELL_COLS * CELL_ROWS;
/// Offset of the first cell of the last cell row (row 19).
pub const LAST_CELL_ROW_START: usize = SECTION_COLS * (CELL_ROWS - 1);
/// The maze-state area starts this many bytes after HERE (the data stack sits below it).
pub const STATE_AREA_FROM_HERE: u16 = 30;
/// Video RAM: 32 x 24 bytes at 0x2400.
pub const VIDEO_BYTES: usize = 768;
/// The game draws on video rows 0..21.
pub const GAME_VIDEO_BYTES: usize = 704;

/// The bits of a maze-state byte (spec section 4).
pub mod bits {
    /// Passage open to the right.
    pub const RIGHT: u8 = 1;
    /// Passage open to the left.
    pub const LEFT: u8 = 2;
    /// Passage open upwards.
    pub const UP: u8 = 4;
    /// Passage open downwards.
    pub const DOWN: u8 = 8;
    /// All four passage bits.
    pub const PASSAGES: u8 = 15;
    /// Solver: cell visited; during generation the low breadcrumb bit.
    pub const SOLVER_VISITED: u8 = 16;
    /// The high breadcrumb bit during generation.
    pub const TRAIL_HIGH: u8 = 32;
    /// Both breadcrumb bits (5, 4).
    pub const TRAIL: u8 = 48;
    /// This cell is the exit.
    pub const EXIT: u8 = 64;
    /// Generation: cell visited.
    pub const VISITED: u8 = 128;
}

/// Screen character codes and the arithmetic on them (spec section 5).
pub mod codes {
    /// Top wall and left wall: an untouched cell.
    pub const CELL: u8 = 1;
    /// Top wall only: row 20 (a section's bottom wall).
    pub const TOP_ONLY: u8 = 2;
    /// Left wall only: column 31 (a section's right-hand wall).
    pub const LEFT_ONLY: u8 = 3;
    /// Only the top-left corner point.
    pub const CORNER: u8 = 4;
    /// Removing a cell's left wall adds this.
    pub const OPEN_LEFT: u8 = 1;
    /// Removing a cell's top wall adds this.
    pub const OPEN_TOP: u8 = 2;
    /// The large marker (the mouse, a cell on the solver's route) adds this; adding it
    /// once more turns it into the small marker (a cell the solver backed out of).
    pub const LARGE_MARKER: u8 = 4;

    /// The marker a code 1..12 carries.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Marker {
        None,
        Large,
        Small,
    }

    /// Splits a code 1..12 into its walls (top, left) and its marker; None for other codes.
    pub fn decode(code: u8) -> Option<(bool, bool, Marker)> {
        if !(1..=12).contains(&code) {
            return None;
        }
        let marker = match (code - 1) / 4 {
            0 => Marker::None,
            1 => Marker::Large,
            _ => Marker::Small,
        };
        let base = (code - 1) % 4 + 1;
        Some((base <= 2, base == 1 || base == 3, marker))
    }
}

/// Maze size Z: the maze is Z x Z sections.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size(u8);

impl Size {
    pub const SMALL: Size = Size(1);
    pub const MEDIUM: Size = Size(2);
    pub const LARGE: Size = Size(3);
    pub const ALL: [Size; 3] = [Size::SMALL, Size::MEDIUM, Size::LARGE];

    /// Z must be 1, 2 or 3, the sizes the game's menu offers.
    pub fn new(z: u8) -> Result<Size, super::MazeError> {
        match z {
            1..=3 => Ok(Size(z)),
            _ => Err(super::MazeError::BadSize(z)),
        }
    }

    pub fn z(self) -> u8 {
        self.0
    }

    /// Sections in the maze (Z squared).
    pub fn sections(self) -> usize {
        usize::from(self.0) * usize::from(self.0)
    }

    /// Bytes of the maze-state area (and of the screen buffer).
    pub fn area_bytes(self) -> usize {
        SECTION_BYTES * self.sections()
    }

    /// Cells of the whole maze.
    pub fn cells(self) -> usize {
        CELLS_PER_SECTION * self.sections()
    }

    /// Byte offset of section (U, V) inside either area (spec section 2).
    pub fn section_start(self, u: u8, v: u8) -> usize {
        SECTION_BYTES * ((usize::from(u) - 1) + (usize::from(v) - 1) * usize::from(self.0))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A direction of movement, numbered as in the game's direction table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Right = 1,
    Left = 2,
    Down = 3,
    Up = 4,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Right,
        Direction::Left,
        Direction::Down,
        Direction::Up,
    ];

    /// The table's number (1..4) to a direction.
    pub fn from_number(n: u8) -> Option<Direction> {
        match n {
            1 => Some(Direction::Right),
            2 => Some(Direction::Left),
            3 => Some(Direction::Down),
            4 => Some(Direction::Up),
            _ => None,
        }
    }

    /// The maze-state bit of the passage in this direction.
    pub fn passage_bit(self) -> u8 {
        match self {
            Direction::Right => bits::RIGHT,
            Direction::Left => bits::LEFT,
            Direction::Down => bits::DOWN,
            Direction::Up => bits::UP,
        }
    }

    pub fn opposite(self) -> Direction {
        match self {
            Direction::Right => Direction::Left,
            Direction::Left => Direction::Right,
            Direction::Down => Direction::Up,
            Direction::Up => Direction::Down,
        }
    }

    /// True when a step from offset `x` in this direction leaves the section.
    pub fn crosses_section(self, x: usize) -> bool {
        match self {
            Direction::Right => x % SECTION_COLS == CELL_COLS - 1,
            Direction::Left => x.is_multiple_of(SECTION_COLS),
            Direction::Down => x >= LAST_CELL_ROW_START,
            Direction::Up => x < SECTION_COLS,
        }
    }

    /// The offset reached by a step from `x`, in the same section or (when the step
    /// crosses) in the neighbouring one (spec section 1).
    pub fn step_offset(self, x: usize) -> usize {
        let crossing = self.crosses_section(x);
        match (self, crossing) {
            (Direction::Right, false) => x + 1,
            (Direction::Right, true) => x - (CELL_COLS - 1),
            (Direction::Left, false) => x - 1,
            (Direction::Left, true) => x + (CELL_COLS - 1),
            (Direction::Down, false) => x + SECTION_COLS,
            (Direction::Down, true) => x - LAST_CELL_ROW_START,
            (Direction::Up, false) => x - SECTION_COLS,
            (Direction::Up, true) => x + LAST_CELL_ROW_START,
        }
    }
}

/// A cell of the maze: section column U, section row V (both 1-based) and offset x.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub u: u8,
    pub v: u8,
    pub x: u16,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "section ({},{}) offset {}", self.u, self.v, self.x)
    }
}

impl Cell {
    /// Column across the whole maze (0 .. 31 Z).
    pub fn global_col(self) -> usize {
        (usize::from(self.u) - 1) * CELL_COLS + usize::from(self.x) % SECTION_COLS
    }

    /// Row across the whole maze (0 .. 20 Z).
    pub fn global_row(self) -> usize {
        (usize::from(self.v) - 1) * CELL_ROWS + usize::from(self.x) / SECTION_COLS
    }

    /// The cell at a global column and row.
    pub fn from_global(col: usize, row: usize) -> Cell {
        Cell {
            u: (col / CELL_COLS + 1) as u8,
            v: (row / CELL_ROWS + 1) as u8,
            x: ((row % CELL_ROWS) * SECTION_COLS + col % CELL_COLS) as u16,
        }
    }

    /// Is offset x a cell (not column 31, not row 20)?
    pub fn is_cell_offset(x: usize) -> bool {
        x % SECTION_COLS < CELL_COLS && x / SECTION_COLS < CELL_ROWS
    }
}
