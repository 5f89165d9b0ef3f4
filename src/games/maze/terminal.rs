//! Drawing the maze in a terminal with Unicode box drawing, from the screen buffer: the
//! solver's route (large markers) and its wrong turns (small markers) marked differently.

use super::layout::codes::{self, Marker};
use super::sheet::CodeSheet;
use super::state::Maze;

/// How a cell carrying the large marker is drawn (the mouse, or the solver's route).
pub const ROUTE_MARK: char = '●';
/// How a cell carrying the small marker is drawn (a cell the solver backed out of).
pub const WRONG_TURN_MARK: char = '·';

/// Drawing options.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Characters per cell between wall corners: 1 (compact) or more (squarer cells).
    pub cell_width: usize,
}

impl Default for Style {
    fn default() -> Style {
        Style { cell_width: 1 }
    }
}

/// The box-drawing character for a corner with walls going up, down, left, right.
fn corner(up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (false, false, false, false) => ' ',
        (true, false, false, false) => '╵',
        (false, true, false, false) => '╷',
        (false, false, true, false) => '╴',
        (false, false, false, true) => '╶',
        (true, true, false, false) => '│',
        (false, false, true, true) => '─',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (true, true, false, true) => '├',
        (true, true, true, false) => '┤',
        (false, true, true, true) => '┬',
        (true, false, true, true) => '┴',
        (true, true, true, true) => '┼',
    }
}

/// Walls (top, left) and marker of a code; codes outside 1..12 draw as no walls.
fn decode(code: u8) -> (bool, bool, Marker) {
    codes::decode(code).unwrap_or((false, false, Marker::None))
}

/// The whole maze as text lines.
pub fn draw(maze: &Maze, style: Style) -> String {
    let sheet = CodeSheet::new(maze);
    let width = style.cell_width.max(1);
    let mut out = String::new();
    for row in 0..sheet.rows {
        // The line of corners and top walls.
        for col in 0..sheet.cols {
            let (top, left, _) = decode(sheet.code(col, row));
            let up = row > 0 && decode(sheet.code(col, row - 1)).1;
            let left_arm = col > 0 && decode(sheet.code(col - 1, row)).0;
            out.push(corner(up, left, left_arm, top));
            if col + 1 < sheet.cols {
                let fill = if top { '─' } else { ' ' };
                out.extend(std::iter::repeat_n(fill, width));
            }
        }
        out.push('\n');
        if row + 1 == sheet.rows {
            break;
        }
        // The line of left walls and markers.
        for col in 0..sheet.cols {
            let (_, left, marker) = decode(sheet.code(col, row));
            out.push(if left { '│' } else { ' ' });
            if col + 1 < sheet.cols {
                let mark = match marker {
                    Marker::None => ' ',
                    Marker::Large => ROUTE_MARK,
                    Marker::Small => WRONG_TURN_MARK,
                };
                let pad = width - 1;
                out.extend(std::iter::repeat_n(' ', pad / 2));
                out.push(mark);
                out.extend(std::iter::repeat_n(' ', pad - pad / 2));
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::maze::Size;

    #[test]
    fn an_untouched_screen_is_a_full_grid() {
        // Before generation every cell has its top and left wall.
        let maze = Maze::new(Size::SMALL, 0);
        let text = draw(&maze, Style::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2 * 20 + 1);
        assert_eq!(lines[0], format!("┌{}┐", "─┬".repeat(30) + "─"));
        assert_eq!(lines[1], "│ ".repeat(31) + "│");
        assert_eq!(lines[2], format!("├{}┤", "─┼".repeat(30) + "─"));
        assert_eq!(lines[40], format!("└{}┘", "─┴".repeat(30) + "─"));
    }

    #[test]
    fn route_and_wrong_turns_are_marked_differently() {
        let mut maze = Maze::new(Size::MEDIUM, 1000);
        maze.generate();
        maze.prepare_to_play();
        maze.solve().unwrap();
        let (mut large, mut small) = (0, 0);
        for &code in maze.screen_buffer() {
            match codes::decode(code).map(|d| d.2) {
                Some(Marker::Large) => large += 1,
                Some(Marker::Small) => small += 1,
                _ => {}
            }
        }
        assert!(large > 0 && small > 0);
        for width in [1, 3] {
            let text = draw(&maze, Style { cell_width: width });
            assert_eq!(text.matches(ROUTE_MARK).count(), large);
            assert_eq!(text.matches(WRONG_TURN_MARK).count(), small);
            let lengths: Vec<usize> = text.lines().map(|l| l.chars().count()).collect();
            assert!(lengths.iter().all(|&n| n == 62 * (width + 1) + 1));
        }
    }
}
