//! One mazezam: its interior (rows of blocks), its two gaps and its metadata (spec
//! sections 1, 2 and 6). A `Level` is always valid: every constructor checks the rules.

use std::fmt;

/// Largest interior width or height the parser and [`Level::new`] accept (spec section 7
/// recommends a cap; the format itself has none).
pub const MAX_SIDE: usize = 255;

/// Longest title the format allows, in characters (spec section 6).
pub const MAX_TITLE_CHARS: usize = 28;

/// Metadata of one mazezam (spec section 6). `Version` is checked by the parser but not
/// kept: every level in memory is a version-1 level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    pub title: Option<String>,
    pub author: Option<String>,
    pub comment: Option<String>,
    /// Keys the format does not define (e.g. `Solution(Moves)`), as written, in file
    /// order. They belong to this mazezam only.
    pub extra: Vec<(String, String)>,
}

impl Metadata {
    /// The value of an extra key, compared without regard to case.
    pub fn extra(&self, key: &str) -> Option<&str> {
        self.extra
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }
}

/// Why a level cannot be built from the given parts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error("interior of {width}x{height} is outside 1x1..{max}x{max}", max = MAX_SIDE)]
    Size { width: usize, height: usize },
    #[error("{cells} cells given for an interior of {width}x{height}")]
    CellCount {
        cells: usize,
        width: usize,
        height: usize,
    },
    #[error("entrance row {0} is outside the interior")]
    EntranceRow(usize),
    #[error("exit row {0} is outside the interior")]
    ExitRow(usize),
    #[error("the cell right of the entrance holds a block (rule R4)")]
    EntranceBlocked,
    #[error("title has {0} characters, at most {max} are allowed", max = MAX_TITLE_CHARS)]
    TitleTooLong(usize),
}

/// A valid mazezam. Rows and columns are 0-based here; the spec numbers them from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    width: usize,
    height: usize,
    entrance_row: usize,
    exit_row: usize,
    /// Row-major, `true` = block.
    cells: Vec<bool>,
    pub meta: Metadata,
}

impl Level {
    /// Builds a level from its interior, checking the size, the gap rows and rule R4.
    pub fn new(
        width: usize,
        height: usize,
        entrance_row: usize,
        exit_row: usize,
        cells: Vec<bool>,
    ) -> Result<Level, LevelError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(LevelError::Size { width, height });
        }
        if cells.len() != width * height {
            return Err(LevelError::CellCount {
                cells: cells.len(),
                width,
                height,
            });
        }
        if entrance_row >= height {
            return Err(LevelError::EntranceRow(entrance_row));
        }
        if exit_row >= height {
            return Err(LevelError::ExitRow(exit_row));
        }
        if cells[entrance_row * width] {
            return Err(LevelError::EntranceBlocked);
        }
        Ok(Level {
            width,
            height,
            entrance_row,
            exit_row,
            cells,
            meta: Metadata::default(),
        })
    }

    /// Builds a level from its drawing, one string per line, walls included (no
    /// metadata). Convenient in tests: `Level::from_drawing(&["###", "+ *", "###"])`.
    pub fn from_drawing(lines: &[&str]) -> Result<Level, super::format::ParseErrors> {
        let text = lines.join("\n") + "\n";
        let parsed = super::format::parse_str(&text, "<drawing>")?;
        match <[Level; 1]>::try_from(parsed.levels) {
            Ok([level]) => Ok(level),
            Err(levels) => Err(super::format::ParseErrors::single(
                super::format::Diagnostic::new(
                    "<drawing>",
                    1,
                    None,
                    super::format::Code::Shape,
                    format!("expected one mazezam, found {}", levels.len()),
                ),
            )),
        }
    }

    /// Sets the title, refusing more than [`MAX_TITLE_CHARS`] characters.
    pub fn with_title(mut self, title: &str) -> Result<Level, LevelError> {
        let n = title.chars().count();
        if n > MAX_TITLE_CHARS {
            return Err(LevelError::TitleTooLong(n));
        }
        self.meta.title = Some(title.to_string());
        Ok(self)
    }

    /// Interior columns (W).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Interior rows (H).
    pub fn height(&self) -> usize {
        self.height
    }

    /// The interior row (0-based) of the entrance gap.
    pub fn entrance_row(&self) -> usize {
        self.entrance_row
    }

    /// The interior row (0-based) of the exit gap.
    pub fn exit_row(&self) -> usize {
        self.exit_row
    }

    /// Does interior cell (row, col), 0-based, hold a block in the initial state?
    pub fn is_block(&self, row: usize, col: usize) -> bool {
        self.cells[row * self.width + col]
    }

    /// One interior row as drawn: `true` = block.
    pub fn row(&self, row: usize) -> &[bool] {
        &self.cells[row * self.width..(row + 1) * self.width]
    }

    /// All interior cells, row-major, `true` = block.
    pub fn cells(&self) -> &[bool] {
        &self.cells
    }

    /// The drawing with walls, one string per line, as in a .mzm file.
    pub fn drawing(&self) -> Vec<String> {
        let wall = "#".repeat(self.width + 2);
        let mut lines = vec![wall.clone()];
        for r in 0..self.height {
            let mut line = String::with_capacity(self.width + 2);
            line.push(if r == self.entrance_row { '+' } else { '#' });
            line.extend(self.row(r).iter().map(|&b| if b { '$' } else { ' ' }));
            line.push(if r == self.exit_row { '*' } else { '#' });
            lines.push(line);
        }
        lines.push(wall);
        lines
    }

    /// Does the level fit the Jupiter Ace's 32x24 screen (spec section 9: W <= 30,
    /// H <= 20)?
    pub fn fits_ace_screen(&self) -> bool {
        self.width <= super::screen::MAX_WIDTH && self.height <= super::screen::MAX_HEIGHT
    }
}

impl fmt::Display for Level {
    /// The drawing, one line per row, each ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.drawing() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_checks_every_part() {
        assert!(Level::new(1, 1, 0, 0, vec![false]).is_ok());
        assert_eq!(
            Level::new(0, 1, 0, 0, vec![]),
            Err(LevelError::Size {
                width: 0,
                height: 1
            })
        );
        assert!(matches!(
            Level::new(2, 1, 0, 0, vec![false]),
            Err(LevelError::CellCount { .. })
        ));
        assert_eq!(
            Level::new(1, 1, 1, 0, vec![false]),
            Err(LevelError::EntranceRow(1))
        );
        assert_eq!(
            Level::new(1, 1, 0, 1, vec![false]),
            Err(LevelError::ExitRow(1))
        );
        assert_eq!(
            Level::new(1, 1, 0, 0, vec![true]),
            Err(LevelError::EntranceBlocked)
        );
    }

    #[test]
    fn drawing_puts_the_gaps_in_the_walls() {
        let level = Level::new(3, 2, 1, 0, vec![true, false, true, false, false, true]).unwrap();
        assert_eq!(level.drawing(), ["#####", "#$ $*", "+  $#", "#####"]);
    }

    #[test]
    fn titles_longer_than_28_characters_are_refused() {
        let level = Level::new(1, 1, 0, 0, vec![false]).unwrap();
        assert!(level.clone().with_title(&"é".repeat(28)).is_ok());
        assert_eq!(
            level.with_title(&"x".repeat(29)),
            Err(LevelError::TitleTooLong(29))
        );
    }
}
