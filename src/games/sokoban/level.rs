//! A Sokoban level as spec `sokoban-plus.md` defines it: the bounding rectangle of the
//! drawing, walls, floor inside the walls, "outside" cells beyond the outer wall, goals,
//! boxes and the player, with the Plus numbers of boxes and goals.

use super::moves::Direction;

/// No number (written 99 in a file).
pub const NO_NUMBER: u8 = 0;
/// The largest real number (99 means "none").
pub const MAX_NUMBER: u8 = 98;

/// What a cell of the board is, without its movable contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Wall,
    Floor,
    /// Beyond the outer wall: drawn as a space, never reachable.
    Outside,
}

/// The text that came with a level in its file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    pub title: Option<String>,
    pub author: Option<String>,
    /// The lines of the `Comment:` block (without the Plus lines and the markers); the
    /// text on the `Comment:` line itself, if any, is the first line.
    pub comment: Vec<String>,
    /// Every other text line after the board, in order (other `Key: value` lines too).
    pub other: Vec<String>,
}

impl Notes {
    /// The value of a `Key: value` line among the other lines (key case-insensitive).
    pub fn value(&self, key: &str) -> Option<&str> {
        self.other.iter().find_map(|line| {
            let (k, v) = line.split_once(':')?;
            k.trim().eq_ignore_ascii_case(key).then(|| v.trim())
        })
    }
}

/// A board error, at a 0-based (row, column) of the drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    pub row: usize,
    pub col: usize,
    pub message: String,
}

/// A level: board, start position and numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    /// Goal cells in reading order, and their numbers ([`NO_NUMBER`] for none).
    goals: Vec<usize>,
    goal_numbers: Vec<u8>,
    /// Box cells at the start in reading order, and their numbers.
    boxes: Vec<usize>,
    box_numbers: Vec<u8>,
    player: usize,
    pub notes: Notes,
}

impl Level {
    /// A level from its drawing (board lines as in XSB), without numbers.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Level, BoardError> {
        // Floor characters after a row's last wall, box, goal or player are outside the
        // board, so they do not make it wider: the same level drawn with or without
        // trailing spaces is the same level (and writes back the same).
        let grid: Vec<Vec<char>> = rows
            .iter()
            .map(|r| {
                r.as_ref()
                    .trim_end_matches([' ', '-', '_'])
                    .chars()
                    .collect()
            })
            .collect();
        let height = grid.len();
        let width = grid.iter().map(Vec::len).max().unwrap_or(0);
        if height == 0 || width == 0 {
            return Err(BoardError {
                row: 0,
                col: 0,
                message: "empty board".into(),
            });
        }
        let mut cells = vec![Cell::Floor; width * height];
        let mut goals = Vec::new();
        let mut boxes = Vec::new();
        let mut player = None;
        for (r, line) in grid.iter().enumerate() {
            for (c, &ch) in line.iter().enumerate() {
                let at = r * width + c;
                let (wall, goal, is_box, is_player) = match ch {
                    '#' => (true, false, false, false),
                    ' ' | '-' | '_' => (false, false, false, false),
                    '.' => (false, true, false, false),
                    '$' => (false, false, true, false),
                    '*' => (false, true, true, false),
                    '@' => (false, false, false, true),
                    '+' => (false, true, false, true),
                    other => {
                        return Err(BoardError {
                            row: r,
                            col: c,
                            message: format!("{other:?} is not a board character"),
                        })
                    }
                };
                if wall {
                    cells[at] = Cell::Wall;
                }
                if goal {
                    goals.push(at);
                }
                if is_box {
                    boxes.push(at);
                }
                if is_player {
                    if player.is_some() {
                        return Err(BoardError {
                            row: r,
                            col: c,
                            message: "a second player (a level has exactly one)".into(),
                        });
                    }
                    player = Some(at);
                }
            }
        }
        let player = player.ok_or_else(|| BoardError {
            row: 0,
            col: 0,
            message: "no player (@ or +) on the board".into(),
        })?;
        mark_outside(&mut cells, width, height);
        let here = |at: usize| (at / width, at % width);
        if cells[player] == Cell::Outside {
            let (row, col) = here(player);
            return Err(BoardError {
                row,
                col,
                message: "the level is not closed: the player can walk off the board".into(),
            });
        }
        for &b in &boxes {
            if cells[b] == Cell::Outside {
                let (row, col) = here(b);
                return Err(BoardError {
                    row,
                    col,
                    message: "a box outside the walls".into(),
                });
            }
        }
        for &g in &goals {
            if cells[g] == Cell::Outside {
                let (row, col) = here(g);
                return Err(BoardError {
                    row,
                    col,
                    message: "a goal outside the walls".into(),
                });
            }
        }
        if boxes.is_empty() {
            return Err(BoardError {
                row: 0,
                col: 0,
                message: "no boxes on the board".into(),
            });
        }
        if boxes.len() != goals.len() {
            return Err(BoardError {
                row: 0,
                col: 0,
                message: format!(
                    "{} boxes but {} goals (they must be as many)",
                    boxes.len(),
                    goals.len()
                ),
            });
        }
        let (nb, ng) = (boxes.len(), goals.len());
        Ok(Level {
            width,
            height,
            cells,
            goals,
            goal_numbers: vec![NO_NUMBER; ng],
            boxes,
            box_numbers: vec![NO_NUMBER; nb],
            player,
            notes: Notes::default(),
        })
    }

    /// Gives boxes and goals their numbers (reading order; [`NO_NUMBER`] for none). The
    /// lists must be as long as the boxes and goals; every number must have as many boxes
    /// as goals.
    pub fn set_numbers(&mut self, boxes: &[u8], goals: &[u8]) -> Result<(), String> {
        if boxes.len() != self.boxes.len() || goals.len() != self.goals.len() {
            return Err(format!(
                "{} box numbers and {} goal numbers for {} boxes and {} goals",
                boxes.len(),
                goals.len(),
                self.boxes.len(),
                self.goals.len()
            ));
        }
        if let Some(&n) = boxes.iter().chain(goals).find(|&&n| n > MAX_NUMBER) {
            return Err(format!("number {n} is out of range 1..=98"));
        }
        if boxes.iter().filter(|&&n| n != NO_NUMBER).count() > usize::from(MAX_NUMBER) {
            return Err("more than 98 numbered boxes".into());
        }
        for n in 0..=MAX_NUMBER {
            let b = boxes.iter().filter(|&&x| x == n).count();
            let g = goals.iter().filter(|&&x| x == n).count();
            if b != g {
                let name = if n == NO_NUMBER {
                    "no number (99)".to_string()
                } else {
                    format!("number {n}")
                };
                return Err(format!(
                    "{b} boxes but {g} goals with {name}: unsolvable by construction"
                ));
            }
        }
        self.box_numbers = boxes.to_vec();
        self.goal_numbers = goals.to_vec();
        Ok(())
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell at a position (row * width + column).
    pub fn cell(&self, at: usize) -> Cell {
        self.cells[at]
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn goals(&self) -> &[usize] {
        &self.goals
    }

    pub fn goal_numbers(&self) -> &[u8] {
        &self.goal_numbers
    }

    /// The start positions of the boxes, in reading order.
    pub fn boxes(&self) -> &[usize] {
        &self.boxes
    }

    pub fn box_numbers(&self) -> &[u8] {
        &self.box_numbers
    }

    pub fn player(&self) -> usize {
        self.player
    }

    /// Whether any box or goal has a number (a Plus level).
    pub fn has_numbers(&self) -> bool {
        self.box_numbers
            .iter()
            .chain(&self.goal_numbers)
            .any(|&n| n != NO_NUMBER)
    }

    /// The number of the goal at a cell, if the cell is a goal.
    pub fn goal_number_at(&self, at: usize) -> Option<u8> {
        self.goals
            .iter()
            .position(|&g| g == at)
            .map(|i| self.goal_numbers[i])
    }

    pub fn is_goal(&self, at: usize) -> bool {
        self.goals.contains(&at)
    }

    /// The neighbour of a cell in a direction, if it is on the board.
    pub fn step(&self, at: usize, d: Direction) -> Option<usize> {
        let (r, c) = (at / self.width, at % self.width);
        let (dr, dc) = d.delta();
        let (nr, nc) = (r as isize + dr, c as isize + dc);
        if nr < 0 || nc < 0 || nr >= self.height as isize || nc >= self.width as isize {
            None
        } else {
            Some(nr as usize * self.width + nc as usize)
        }
    }

    /// Whether a box or the player may stand on the cell (ignoring boxes).
    pub fn is_floor(&self, at: usize) -> bool {
        self.cells[at] == Cell::Floor
    }

    /// The same level with other start positions (used by the level maker).
    pub fn with_start(&self, boxes: Vec<usize>, box_numbers: Vec<u8>, player: usize) -> Level {
        let mut level = self.clone();
        let mut pairs: Vec<(usize, u8)> = boxes.into_iter().zip(box_numbers).collect();
        pairs.sort_unstable();
        level.boxes = pairs.iter().map(|p| p.0).collect();
        level.box_numbers = pairs.iter().map(|p| p.1).collect();
        level.player = player;
        level
    }

    /// The drawing, one string per row, trailing outside cells left out; an all-outside
    /// row is written `-` so it does not end the board.
    pub fn rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|r| {
                let mut line: String = (0..self.width)
                    .map(|c| self.char_at(r * self.width + c))
                    .collect();
                let end = line.trim_end().len();
                line.truncate(end);
                if line.is_empty() {
                    line.push('-');
                }
                line
            })
            .collect()
    }

    fn char_at(&self, at: usize) -> char {
        let goal = self.goals.contains(&at);
        let is_box = self.boxes.contains(&at);
        match (self.cells[at], goal, is_box, self.player == at) {
            (Cell::Wall, ..) => '#',
            (_, true, true, _) => '*',
            (_, false, true, _) => '$',
            (_, true, false, true) => '+',
            (_, false, false, true) => '@',
            (_, true, false, false) => '.',
            _ => ' ',
        }
    }
}

/// Marks as outside every non-wall cell connected (through non-wall cells) to the edge
/// of the drawing.
fn mark_outside(cells: &mut [Cell], width: usize, height: usize) {
    let mut stack = Vec::new();
    for r in 0..height {
        for c in 0..width {
            if r == 0 || c == 0 || r == height - 1 || c == width - 1 {
                stack.push(r * width + c);
            }
        }
    }
    while let Some(at) = stack.pop() {
        if cells[at] != Cell::Floor {
            continue;
        }
        cells[at] = Cell::Outside;
        let (r, c) = (at / width, at % width);
        if r > 0 {
            stack.push(at - width);
        }
        if r + 1 < height {
            stack.push(at + width);
        }
        if c > 0 {
            stack.push(at - 1);
        }
        if c + 1 < width {
            stack.push(at + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ragged_rows_and_outside_cells() {
        let level = Level::from_rows(&["  ####", "###  #", "#@$.#", "#####"]).unwrap();
        assert_eq!((level.width(), level.height()), (6, 4));
        assert_eq!(level.cell(0), Cell::Outside);
        assert_eq!(level.cell(2 * 6 + 5), Cell::Outside, "beyond a short row");
        assert_eq!(level.cell(6 + 3), Cell::Floor);
        assert_eq!(level.rows(), vec!["  ####", "###  #", "#@$.#", "#####"]);
    }

    #[test]
    fn an_open_level_is_refused() {
        let err = Level::from_rows(&["#####", "#@$. ", "#####"]).unwrap_err();
        assert!(err.message.contains("not closed"), "{err:?}");
    }
}
