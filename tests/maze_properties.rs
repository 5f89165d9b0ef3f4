//! Properties of every maze, over many seeds and all sizes, checked with an independent
//! reading of the memory images (spec sections 1, 2, 4, 5, 10, 13, 14).

use aceemu::games::maze::{Maze, Size};
use proptest::prelude::*;
use std::collections::VecDeque;

/// The test's own view of a maze: global cell grid read from the raw areas.
struct Grid {
    z: usize,
    state: Vec<u8>,
    screen: Vec<u8>,
}

const W: usize = 31;
const H: usize = 20;

impl Grid {
    fn new(maze: &Maze) -> Grid {
        Grid {
            z: usize::from(maze.size().z()),
            state: maze.state_area().to_vec(),
            screen: maze.screen_buffer().to_vec(),
        }
    }
    fn cols(&self) -> usize {
        W * self.z
    }
    fn rows(&self) -> usize {
        H * self.z
    }
    /// Byte index of section (su, sv) (0-based), in-section column and row.
    fn index(&self, su: usize, sv: usize, col: usize, row: usize) -> usize {
        672 * (su + sv * self.z) + 32 * row + col
    }
    fn cell_index(&self, c: usize, r: usize) -> usize {
        self.index(c / W, r / H, c % W, r % H)
    }
    fn status(&self, c: usize, r: usize) -> u8 {
        self.state[self.cell_index(c, r)]
    }
    fn code(&self, c: usize, r: usize) -> u8 {
        self.screen[self.cell_index(c, r)]
    }
    /// Global (column, row) of a cell given as (U, V, offset).
    fn global(u: u16, v: u16, x: u16) -> (usize, usize) {
        (
            (usize::from(u) - 1) * W + usize::from(x) % 32,
            (usize::from(v) - 1) * H + usize::from(x) / 32,
        )
    }
    /// Open neighbours through the passage bits; panics with a message on a one-sided
    /// passage or a passage out of the maze.
    fn neighbours(&self, c: usize, r: usize) -> Vec<(usize, usize)> {
        let s = self.status(c, r);
        let mut out = Vec::new();
        let steps: [(u8, isize, isize, u8); 4] =
            [(1, 1, 0, 2), (2, -1, 0, 1), (4, 0, -1, 8), (8, 0, 1, 4)];
        for (bit, dc, dr, back) in steps {
            if s & bit == 0 {
                continue;
            }
            let nc = c as isize + dc;
            let nr = r as isize + dr;
            assert!(
                nc >= 0 && nr >= 0 && (nc as usize) < self.cols() && (nr as usize) < self.rows(),
                "passage out of the maze at ({c},{r})"
            );
            let (nc, nr) = (nc as usize, nr as usize);
            assert!(
                self.status(nc, nr) & back != 0,
                "one-sided passage ({c},{r})->({nc},{nr})"
            );
            out.push((nc, nr));
        }
        out
    }
    /// Breadth-first walk from `start`: parent links of every reached cell.
    fn walk(&self, start: (usize, usize)) -> Vec<Option<(usize, usize)>> {
        let mut parent = vec![None; self.cols() * self.rows()];
        let key = |(c, r): (usize, usize)| r * self.cols() + c;
        parent[key(start)] = Some(start);
        let mut queue = VecDeque::from([start]);
        while let Some(cell) = queue.pop_front() {
            for next in self.neighbours(cell.0, cell.1) {
                if parent[key(next)].is_none() {
                    parent[key(next)] = Some(cell);
                    queue.push_back(next);
                }
            }
        }
        parent
    }
    fn route(&self, from: (usize, usize), to: (usize, usize)) -> Vec<(usize, usize)> {
        let parent = self.walk(from);
        let mut route = vec![to];
        let mut at = to;
        while at != from {
            at = parent[at.1 * self.cols() + at.0].expect("exit reachable");
            route.push(at);
        }
        route.reverse();
        route
    }
    /// The outer-wall segments missing from the drawing: (side, column or row), with
    /// sides numbered as the spec's doors (0 right, 1 top, 2 bottom, 3 left).
    fn gaps_in_outer_wall(&self) -> Vec<(u8, usize)> {
        let walls = |code: u8| {
            let base = (code - 1) % 4 + 1;
            (base <= 2, base == 1 || base == 3) // (top, left)
        };
        let mut gaps = Vec::new();
        for c in 0..self.cols() {
            if !walls(self.code(c, 0)).0 {
                gaps.push((1, c));
            }
            let bottom = self.screen[self.index(c / W, self.z - 1, c % W, H)];
            if !walls(bottom).0 {
                gaps.push((2, c));
            }
        }
        for r in 0..self.rows() {
            if !walls(self.code(0, r)).1 {
                gaps.push((3, r));
            }
            let right = self.screen[self.index(self.z - 1, r / H, W, r % H)];
            if !walls(right).1 {
                gaps.push((0, r));
            }
        }
        gaps.sort();
        gaps
    }
}

fn door_of(grid: &Grid, cell: (usize, usize)) -> Vec<(u8, usize)> {
    let (c, r) = cell;
    let mut sides = Vec::new();
    if c == grid.cols() - 1 {
        sides.push((0, r));
    }
    if r == 0 {
        sides.push((1, c));
    }
    if r == grid.rows() - 1 {
        sides.push((2, c));
    }
    if c == 0 {
        sides.push((3, r));
    }
    sides
}

fn check_generated(maze: &Maze) {
    let grid = Grid::new(maze);
    let vars = maze.vars();
    let cells = grid.cols() * grid.rows();

    // Column 31 and row 20 of every section stay 0 in the maze-state area.
    for (i, &s) in grid.state.iter().enumerate() {
        let (col, row) = (i % 672 % 32, i % 672 / 32);
        if col == 31 || row == 20 {
            assert_eq!(s, 0, "non-cell byte {i}");
        }
    }

    // A perfect maze: passages recorded on both sides, connected, cells - 1 passages.
    let mut passages = 0;
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            passages += grid.neighbours(c, r).len();
        }
    }
    assert_eq!(passages, 2 * (cells - 1), "a tree has cells - 1 passages");
    let parent = grid.walk((0, 0));
    assert!(parent.iter().all(Option::is_some), "every cell reachable");

    // Exactly one cell without the visited bit (quirk 15.1) and one exit cell, at OX.
    let mut unvisited = 0;
    let mut exits = Vec::new();
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            let s = grid.status(c, r);
            unvisited += usize::from(s & 128 == 0);
            if s & 64 != 0 {
                exits.push((c, r));
            }
        }
    }
    assert_eq!(unvisited, 1);
    let exit = Grid::global(vars.ou, vars.ov, vars.ox);
    let entrance = Grid::global(vars.iu, vars.iv, vars.ix);
    assert_eq!(exits, vec![exit]);
    assert_eq!((vars.x, vars.u, vars.v), (vars.ox, vars.ou, vars.ov));
    assert_eq!(vars.t, 1);

    // Doors: exactly two gaps in the outer wall, one at the entrance cell and one at the
    // exit cell, on opposite sides.
    let gaps = grid.gaps_in_outer_wall();
    assert_eq!(gaps.len(), 2, "gaps {gaps:?}");
    let entrance_door = *gaps
        .iter()
        .find(|g| door_of(&grid, entrance).contains(g))
        .expect("a gap at the entrance");
    let exit_door = *gaps
        .iter()
        .find(|g| door_of(&grid, exit).contains(g) && **g != entrance_door)
        .expect("a gap at the exit");
    assert_eq!(entrance_door.0 + exit_door.0, 3, "opposite sides");

    // The screen's inner walls agree with the passages.
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            let base = (grid.code(c, r) - 1) % 4 + 1;
            let s = grid.status(c, r);
            if c > 0 {
                assert_eq!(base == 1 || base == 3, s & 2 == 0, "left wall ({c},{r})");
            }
            if r > 0 {
                assert_eq!(base <= 2, s & 4 == 0, "top wall ({c},{r})");
            }
        }
    }
}

fn check_solved(generated: &Maze, solved: &Maze) {
    let before = Grid::new(generated);
    let after = Grid::new(solved);
    let v = generated.vars();
    let entrance = Grid::global(v.iu, v.iv, v.ix);
    let exit = Grid::global(v.ou, v.ov, v.ox);
    let route = before.route(entrance, exit);
    let sv = solved.vars();
    assert_eq!(
        (sv.u, sv.v),
        (v.ou, v.ov),
        "solver ends in the exit section"
    );
    assert_eq!(sv.x, v.ix, "X keeps the entrance offset");
    for r in 0..before.rows() {
        for c in 0..before.cols() {
            let added = after.code(c, r).wrapping_sub(before.code(c, r));
            let on_route = route.contains(&(c, r));
            // Route cells: large marker; others: untouched or small marker.
            if on_route {
                assert_eq!(added, 4, "route cell ({c},{r})");
                assert!(after.status(c, r) & 16 != 0);
            } else {
                assert!(added == 0 || added == 8, "cell ({c},{r}) added {added}");
                if added == 8 {
                    assert_eq!(after.status(c, r) & 16, 0, "backed-out cell cleared");
                }
            }
        }
    }
}

/// The keys that walk a route.
fn keys_for(route: &[(usize, usize)]) -> Vec<u8> {
    route
        .windows(2)
        .map(|w| {
            match (
                w[1].0 as isize - w[0].0 as isize,
                w[1].1 as isize - w[0].1 as isize,
            ) {
                (1, 0) => b'k',
                (-1, 0) => b'm',
                (0, -1) => b'a',
                _ => b'z',
            }
        })
        .collect()
}

fn sizes() -> impl Strategy<Value = Size> {
    (1u8..=3).prop_map(|z| Size::new(z).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_maze_is_perfect_with_doors_on_opposite_sides(seed in any::<u16>(), size in sizes()) {
        let mut maze = Maze::new(size, seed);
        maze.generate();
        check_generated(&maze);
    }

    #[test]
    fn the_solver_marks_exactly_the_route_and_ends_at_the_exit(seed in any::<u16>(), size in sizes()) {
        let mut maze = Maze::new(size, seed);
        maze.generate();
        let mut solved = maze.clone();
        solved.prepare_to_play();
        solved.solve().unwrap();
        check_solved(&maze, &solved);
    }

    #[test]
    fn walking_the_route_by_keys_reaches_the_exit(seed in any::<u16>(), size in sizes()) {
        let mut maze = Maze::new(size, seed);
        maze.generate();
        let grid = Grid::new(&maze);
        let v = maze.vars().clone();
        let route = grid.route(Grid::global(v.iu, v.iv, v.ix), Grid::global(v.ou, v.ov, v.ox));
        let keys = keys_for(&route);
        maze.prepare_to_play();
        let status_before = maze.state_area().to_vec();
        let screen_before = maze.screen_buffer().to_vec();
        prop_assert_eq!(maze.press_keys(&keys), keys.len());
        prop_assert!(maze.mouse_at_exit());
        prop_assert_eq!(maze.state_area(), &status_before[..], "play changes no status");
        // The mouse moved from the entrance to the exit and left nothing behind.
        let after = Grid::new(&maze);
        let mut changed = Vec::new();
        for (i, (a, b)) in maze.screen_buffer().iter().zip(&screen_before).enumerate() {
            if a != b {
                changed.push((i, a.wrapping_sub(*b)));
            }
        }
        let entrance_index = after.cell_index(route[0].0, route[0].1);
        let exit_index = after.cell_index(route[route.len() - 1].0, route[route.len() - 1].1);
        let mut expected = vec![(entrance_index, 252u8), (exit_index, 4u8)];
        expected.sort();
        prop_assert_eq!(changed, expected);
    }
}

/// Control: the tree check does reject a maze with one extra passage (a cycle).
#[test]
#[should_panic(expected = "a tree has cells - 1 passages")]
fn the_tree_check_rejects_a_cycle() {
    let mut maze = Maze::new(Size::SMALL, 7);
    maze.generate();
    let mut grid = Grid::new(&maze);
    // Open a wall between two horizontally adjacent cells that are not yet joined.
    let (c, r) = (0..H)
        .flat_map(|r| (0..W - 1).map(move |c| (c, r)))
        .find(|&(c, r)| grid.status(c, r) & 1 == 0)
        .unwrap();
    let (a, b) = (grid.cell_index(c, r), grid.cell_index(c + 1, r));
    grid.state[a] |= 1;
    grid.state[b] |= 2;
    let mut passages = 0;
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            passages += grid.neighbours(c, r).len();
        }
    }
    assert_eq!(passages, 2 * (620 - 1), "a tree has cells - 1 passages");
}
