//! The model's memory: the maze-state area, the screen buffer, video rows and the
//! variables, and the primitive operations every phase is made of.

use super::layout::{
    codes, Cell, Direction, Size, CELL_COLS, CELL_ROWS, GAME_VIDEO_BYTES, SECTION_BYTES,
    SECTION_COLS, SECTION_ROWS, STATE_AREA_FROM_HERE, VIDEO_BYTES,
};
use super::rng;
use super::vars::Vars;

/// What the game computes, over the same memory images the original uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    size: Size,
    state: Vec<u8>,
    screen: Vec<u8>,
    video: [u8; VIDEO_BYTES],
    vars: Vars,
}

/// A cleared video byte (space).
const VIDEO_SPACE: u8 = 0x20;

impl Maze {
    /// The machine just after `CLS n SEED ! z CLEAR`: the tape's variables with SEED set,
    /// a cleared screen and the areas initialised for size `size` (spec sections 3 and 9).
    pub fn new(size: Size, seed: u16) -> Maze {
        let mut vars = Vars::as_loaded();
        vars.seed = seed;
        let mut maze = Maze {
            size,
            state: Vec::new(),
            screen: Vec::new(),
            video: [VIDEO_SPACE; VIDEO_BYTES],
            vars,
        };
        maze.clear(size);
        maze
    }

    /// The game's CLEAR (spec section 9). U and V are left alone, as in the original.
    pub fn clear(&mut self, size: Size) {
        self.size = size;
        self.vars.z = u16::from(size.z());
        self.vars.w = 0;
        self.state = vec![0; size.area_bytes()];
        self.vars.p1 = size.area_bytes() as u16;
        self.vars.p = self.vars.p1;
        self.screen = Vec::with_capacity(size.area_bytes());
        for _ in 0..size.sections() {
            for row in 0..SECTION_ROWS {
                for col in 0..SECTION_COLS {
                    self.screen.push(match (row < CELL_ROWS, col < CELL_COLS) {
                        (true, true) => codes::CELL,
                        (true, false) => codes::LEFT_ONLY,
                        (false, true) => codes::TOP_ONLY,
                        (false, false) => codes::CORNER,
                    });
                }
            }
        }
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// The maze-state area, `672 Z^2` bytes from M = HERE + 30.
    pub fn state_area(&self) -> &[u8] {
        &self.state
    }

    /// The screen buffer, `672 Z^2` bytes from P1.
    pub fn screen_buffer(&self) -> &[u8] {
        &self.screen
    }

    /// Video rows 0..21 (704 bytes from 0x2400), the part the game draws on.
    pub fn video_rows(&self) -> &[u8] {
        &self.video[..GAME_VIDEO_BYTES]
    }

    /// All 768 video bytes; rows 22 and 23 stay spaces (the model has no input line).
    pub fn video(&self) -> &[u8; VIDEO_BYTES] {
        &self.video
    }

    pub fn vars(&self) -> &Vars {
        &self.vars
    }

    /// Address of the maze-state area when the dictionary ends at `here`.
    pub fn state_address(here: u16) -> u16 {
        here.wrapping_add(STATE_AREA_FROM_HERE)
    }

    /// Address of the screen buffer when the dictionary ends at `here`.
    pub fn screen_address(&self, here: u16) -> u16 {
        Maze::state_address(here).wrapping_add(self.vars.p1)
    }

    /// Status byte of a cell anywhere in the maze.
    pub fn status_of(&self, cell: Cell) -> u8 {
        self.state[self.size.section_start(cell.u, cell.v) + usize::from(cell.x)]
    }

    /// Screen code of a position anywhere in the maze.
    pub fn screen_of(&self, cell: Cell) -> u8 {
        self.screen[self.size.section_start(cell.u, cell.v) + usize::from(cell.x)]
    }

    /// The cell the variables X, U, V name.
    pub fn current_cell(&self) -> Cell {
        Cell {
            u: self.vars.u as u8,
            v: self.vars.v as u8,
            x: self.vars.x,
        }
    }

    pub(crate) fn vars_mut(&mut self) -> &mut Vars {
        &mut self.vars
    }

    pub(crate) fn rnd(&mut self, n: u16) -> u16 {
        rng::draw_below(&mut self.vars.seed, n)
    }

    /// Status byte `x` of the current section (variable W).
    pub(crate) fn status(&self, x: usize) -> u8 {
        self.state[usize::from(self.vars.w) + x]
    }

    pub(crate) fn or_status(&mut self, x: usize, mask: u8) {
        self.state[usize::from(self.vars.w) + x] |= mask;
    }

    /// Applies `f` to every byte of the maze-state area.
    pub(crate) fn map_state(&mut self, f: impl Fn(u8) -> u8) {
        for status in &mut self.state {
            *status = f(*status);
        }
    }

    pub(crate) fn and_status(&mut self, x: usize, mask: u8) {
        self.state[usize::from(self.vars.w) + x] &= mask;
    }

    /// Status of offset `x` in the section one step away in `dir`, if that section
    /// exists (used for the "is the neighbour free" tests at section edges).
    pub(crate) fn status_beyond(&self, dir: Direction, x: usize) -> Option<u8> {
        let z = usize::from(self.size.z());
        let w = usize::from(self.vars.w);
        let (u, v) = (usize::from(self.vars.u), usize::from(self.vars.v));
        let start = match dir {
            Direction::Right if u < z => w + SECTION_BYTES,
            Direction::Left if u > 1 => w - SECTION_BYTES,
            Direction::Down if v < z => w + SECTION_BYTES * z,
            Direction::Up if v > 1 => w - SECTION_BYTES * z,
            _ => return None,
        };
        Some(self.state[start + x])
    }

    /// Adds `delta` (mod 256) to screen byte `x` of the current section (variable P) and
    /// writes the new value through to video byte `x` (spec section 6).
    pub(crate) fn add_screen(&mut self, x: usize, delta: u8) {
        let index = usize::from(self.vars.p - self.vars.p1) + x;
        let value = self.screen[index].wrapping_add(delta);
        self.screen[index] = value;
        self.video[x] = value;
    }

    /// Points W and P at section (U, V).
    pub(crate) fn point_at_section(&mut self) {
        let start = self
            .size
            .section_start(self.vars.u as u8, self.vars.v as u8) as u16;
        self.vars.w = start;
        self.vars.p = self.vars.p1 + start;
    }

    /// Moves to the neighbouring section (spec 10.4.6) and shows it. Returns false, and
    /// changes nothing, when there is no section in that direction.
    pub(crate) fn switch_section(&mut self, dir: Direction) -> bool {
        let z = self.vars.z;
        let (step, vertical) = match dir {
            Direction::Right | Direction::Left => (SECTION_BYTES as u16, false),
            Direction::Down | Direction::Up => (SECTION_BYTES as u16 * z, true),
        };
        let coordinate = if vertical {
            &mut self.vars.v
        } else {
            &mut self.vars.u
        };
        match dir {
            Direction::Right | Direction::Down if *coordinate < z => {
                *coordinate += 1;
                self.vars.w += step;
                self.vars.p += step;
            }
            Direction::Left | Direction::Up if *coordinate > 1 => {
                *coordinate -= 1;
                self.vars.w -= step;
                self.vars.p -= step;
            }
            _ => return false,
        }
        self.show_section();
        true
    }

    /// Show section (spec section 6): the current section's screen buffer to video rows
    /// 0..20 and its coordinates "V,U" at row 21, columns 28..30.
    pub fn show_section(&mut self) {
        let start = usize::from(self.vars.p - self.vars.p1);
        self.video[..SECTION_BYTES].copy_from_slice(&self.screen[start..start + SECTION_BYTES]);
        let row21 = SECTION_BYTES;
        self.video[row21 + 28] = b'0'.wrapping_add(self.vars.v as u8);
        self.video[row21 + 29] = b',';
        self.video[row21 + 30] = b'0'.wrapping_add(self.vars.u as u8);
    }
}
