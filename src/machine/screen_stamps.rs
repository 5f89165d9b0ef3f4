//! When each screen cell's content last changed, for "has this text appeared since?"
//! questions (the headless runner's `--type` wait markers).
//!
//! Every CPU write that changes a video RAM cell takes a new number from a counter and
//! stamps the cell with it. A scroll moves text without it appearing anew: a cell written
//! with the value the cell one row below holds (what an upward scroll copies, whether by
//! LDIR or a loop) takes that cell's stamp instead. So text keeps its stamp while it scrolls
//! up the screen, and text printed after a moment `m` ([`ScreenStamps::now`]) has stamps
//! above `m` even where the same text stood before.

/// Video RAM cells (1 KB; the picture shows the first 768).
const CELLS: usize = 1024;
/// Cells in a screen row.
const ROW: usize = 32;

#[derive(Clone)]
pub struct ScreenStamps {
    stamps: Box<[u64; CELLS]>,
    last: u64,
}

impl Default for ScreenStamps {
    fn default() -> Self {
        ScreenStamps {
            stamps: Box::new([0; CELLS]),
            last: 0,
        }
    }
}

impl ScreenStamps {
    /// Notes the write of `value` into cell `offset` of `video` (the video RAM as it is
    /// before the write).
    #[inline]
    pub fn write(&mut self, video: &[u8], offset: usize, value: u8) {
        let below = offset + ROW;
        if below < CELLS && video[below] == value {
            self.stamps[offset] = self.stamps[below];
        } else if video[offset] != value {
            self.last += 1;
            self.stamps[offset] = self.last;
        }
    }

    /// The stamp of the latest change so far: cells changed later have higher stamps.
    pub fn now(&self) -> u64 {
        self.last
    }

    /// The stamps of the 768 cells of the picture, row by row.
    pub fn screen(&self) -> &[u64] {
        &self.stamps[..768]
    }
}
