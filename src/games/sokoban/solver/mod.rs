//! An optimal solver: fewest pushes (breadth-first over pushes; among the solutions with
//! the fewest pushes, one with the fewest moves), or fewest moves (Dijkstra, a push
//! costing the walk to it plus one), with the numbers respected.
//!
//! Pruning, each safe (it never removes a solution):
//! - dead squares per number: a box of number n may only stand where some goal of number
//!   n can still be reached by pushes on the empty board (found by pulling from those goals);
//! - freeze deadlocks: a pushed box that can move along neither axis (walls, dead squares,
//!   or boxes that are themselves frozen) and is not on a goal of its number;
//! - corral deadlocks: when a push leaves an area the player cannot reach, fenced by
//!   boxes, the boxes of that area (the pushed one's) are tried on their own, every other box
//!   taken off the board. Taking boxes away never stops a walk or a push, so if even then
//!   no sequence of pushes brings each of them onto a goal of its number, no solution
//!   exists from the position. The small search gives up (keeping the position) after a
//!   few thousand positions or as soon as the player walks into the fenced area;
//! - a transposition table keyed by the box set (boxes of the same number are
//!   interchangeable, so each number's boxes are kept sorted) and, for pushes, the player's
//!   region named by its top-left cell.
//!
//! The player's region after a push is mostly known without a flood fill: it is the region
//! before the push plus the cell the box left, unless the box cut the region (checked on
//! the eight cells around it) or the freed cell opens onto an area not reached before.

use super::game::Game;
use super::level::{Level, NO_NUMBER};
use super::moves::{Direction, Move, Moves};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::ops::ControlFlow;

mod fast;
mod matching;

/// What to minimise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Fewest pushes, and among those the fewest moves.
    Pushes,
    /// Fewest moves.
    Moves,
}

/// Switches for the search (the default is everything on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Prune corral deadlocks (off only to prove that pruning them loses nothing).
    pub corral_pruning: bool,
    /// In pushes mode, find the fewest moves among the fewest-push solutions (off: the
    /// first fewest-push solution found, with shortest walks between its pushes).
    pub fewest_moves_second: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            corral_pruning: true,
            fewest_moves_second: true,
        }
    }
}

/// The answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Solved(Moves),
    /// No solution exists; the reason in words.
    Unsolvable(String),
    /// The search stopped at the state limit.
    TooManyStates(usize),
    /// The watcher asked the search to stop (Ctrl-C) after this many positions.
    Stopped(usize),
    /// The level is beyond what the solver handles; the reason in words.
    TooLarge(String),
}

/// Which search gave the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The optimal search of [`Mode`] (breadth-first over pushes, or Dijkstra over moves).
    Optimal,
    /// Greedy best-first on the matching bound, pushes through tunnels as one move: finds
    /// a solution fast, not the shortest.
    Fast,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Optimal => "optimal",
            Method::Fast => "fast",
        }
    }
}

/// The answer and what the search cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub verdict: Verdict,
    /// Distinct positions stored (by every search that ran).
    pub states: usize,
    /// The search that gave the verdict.
    pub method: Method,
    /// Whether a solution found is optimal for the [`Mode`] asked.
    pub optimal: bool,
}

/// How a search is going, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub method: Method,
    /// Positions stored so far by this search.
    pub positions: usize,
    /// Pushes (fast and fewest-pushes searches) or moves (fewest moves) of the position
    /// being expanded.
    pub depth: usize,
}

/// Called every [`WATCH_EVERY`] positions while a search runs; returning false stops it.
pub type Watch<'a> = dyn FnMut(&Progress) -> bool + 'a;

/// How often (in positions stored) a search calls its watcher.
pub const WATCH_EVERY: usize = 4096;

/// Which searches to run, and their budgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub mode: Mode,
    /// Positions the optimal search may store (0: skip it and search fast only).
    pub optimal_states: usize,
    /// Positions the fast search may store when the optimal one gave up (0: never).
    pub fast_states: usize,
}

/// The largest board the solver numbers: cells are `u16` in its position keys, and
/// `u16::MAX` marks a wall.
pub const MAX_CELLS: usize = u16::MAX as usize - 1;

impl Report {
    pub fn solution(&self) -> Option<&Moves> {
        match &self.verdict {
            Verdict::Solved(m) => Some(m),
            _ => None,
        }
    }
}

const NONE: usize = usize::MAX;
const NOT_GOAL: u8 = 255;
/// Occupancy of a cell that is not floor.
const WALL: u16 = u16::MAX;
/// Positions a corral check may store before it gives up (keeping the position).
const CORRAL_LIMIT: usize = 1_000;

/// Solves a level, storing at most `max_states` positions, with every pruning.
pub fn solve(level: &Level, mode: Mode, max_states: usize) -> Report {
    solve_with(level, mode, max_states, Options::default())
}

/// Solves a level with the given switches (the optimal search only).
pub fn solve_with(level: &Level, mode: Mode, max_states: usize, options: Options) -> Report {
    let plan = Plan {
        mode,
        optimal_states: max_states,
        fast_states: 0,
    };
    answer_with(level, &plan, options, &mut |_| true)
}

/// The solver as a player uses it: the optimal search first; when it runs out of
/// positions (or with `plan.optimal_states` 0), the fast search. `watch` sees the
/// progress and may stop either search.
pub fn answer(level: &Level, plan: &Plan, watch: &mut Watch) -> Report {
    answer_with(level, plan, Options::default(), watch)
}

/// Marks each box's cell in `occ` with its slot number + 1 (0 is an empty floor cell), as
/// every search does on entering a position.
fn mark_boxes(occ: &mut [u16], boxes: &[u16]) {
    for (i, &b) in boxes.iter().enumerate() {
        occ[usize::from(b)] = i as u16 + 1;
    }
}

/// Empties the boxes' cells in `occ` again, on leaving the position `mark_boxes` entered.
fn clear_boxes(occ: &mut [u16], boxes: &[u16]) {
    for &b in boxes {
        occ[usize::from(b)] = 0;
    }
}

fn answer_with(level: &Level, plan: &Plan, options: Options, watch: &mut Watch) -> Report {
    let cells = level.width() * level.height();
    if cells > MAX_CELLS {
        return Report {
            verdict: Verdict::TooLarge(format!(
                "the board is {}x{} = {cells} cells; the solver numbers cells in 16 bits and \
                 handles boards of up to {MAX_CELLS} cells",
                level.width(),
                level.height()
            )),
            states: 0,
            method: Method::Optimal,
            optimal: false,
        };
    }
    let search = Search::new(level, options);
    if let Some(reason) = search.stuck_at_start(level) {
        return Report {
            verdict: Verdict::Unsolvable(reason),
            states: 0,
            method: Method::Optimal,
            optimal: false,
        };
    }
    let mut states = 0;
    if plan.optimal_states > 0 {
        let found = match plan.mode {
            Mode::Pushes => search.by_pushes(plan.optimal_states, watch),
            Mode::Moves => search.by_moves(plan.optimal_states, watch),
        };
        states = found.states;
        let verdict = match found.outcome {
            Outcome::Found(pushes) => Some(Verdict::Solved(search.moves_for(level, &pushes))),
            Outcome::Limit if plan.fast_states > 0 => None,
            Outcome::Limit => Some(Verdict::TooManyStates(plan.optimal_states)),
            Outcome::Stopped => Some(Verdict::Stopped(states)),
            Outcome::Exhausted => Some(Verdict::Unsolvable(exhausted_reason(
                level,
                states,
                plan.optimal_states,
            ))),
        };
        if let Some(verdict) = verdict {
            let optimal = matches!(verdict, Verdict::Solved(_));
            return Report {
                verdict,
                states,
                method: Method::Optimal,
                optimal,
            };
        }
    }
    let found = search.greedy(plan.fast_states, watch);
    let verdict = match found.outcome {
        Outcome::Found(pushes) => Verdict::Solved(search.moves_for(level, &pushes)),
        Outcome::Limit => Verdict::TooManyStates(plan.fast_states),
        Outcome::Stopped => Verdict::Stopped(found.states),
        Outcome::Exhausted => Verdict::Unsolvable(format!(
            "no sequence of pushes covers every goal with boxes of the goals' numbers (all \
             {} positions the fast search reaches were searched)",
            found.states
        )),
    };
    Report {
        verdict,
        states: states + found.states,
        method: Method::Fast,
        optimal: false,
    }
}
/// Whether the level's start position is a corral deadlock: an area the player cannot
/// reach, fenced by boxes, whose boxes (taken alone, every other box off the board) can
/// never all be pushed onto goals of their numbers. The same check the solver makes after
/// each push.
pub fn is_corral_deadlock(level: &Level) -> bool {
    let search = Search::new(level, Options::default());
    let mut occ = search.empty.clone();
    mark_boxes(&mut occ, &search.start_boxes);
    let mut region = Region::new(search.cells);
    search.flood(&occ, search.start_player, &mut region);
    let mut corrals = search.corrals();
    search.start_boxes.iter().any(|&b| {
        let b = usize::from(b);
        let fenced = (0..4).any(|d| {
            let n = search.step(b, d);
            occ[n] == 0 && !region.has(n)
        });
        fenced && search.corral_dead(&occ, &region, b, search.start_player, &mut corrals)
    })
}

/// The naive lower bound on a level's pushes: each box's fewest pushes to the nearest goal
/// of its number with no other box on the board.
pub fn lower_bound(level: &Level) -> usize {
    let search = Search::new(level, Options::default());
    search.pushes_at_least(&search.start_boxes)
}

fn exhausted_reason(level: &Level, states: usize, max_states: usize) -> String {
    let searched = if states == 1 {
        "the start is the only position reachable without a deadlock".to_string()
    } else {
        format!("all {states} reachable positions were searched")
    };
    if level.has_numbers() {
        let mut plain = level.clone();
        let nb = vec![NO_NUMBER; level.boxes().len()];
        let ng = vec![NO_NUMBER; level.goals().len()];
        plain
            .set_numbers(&nb, &ng)
            .expect("no numbers is always valid");
        if let Some(m) = solve(&plain, Mode::Pushes, max_states).solution() {
            return format!(
                "the numbers make it impossible: no order of pushes brings every box to a \
                 goal of its number ({searched}); without the numbers it solves in {} pushes",
                m.pushes()
            );
        }
    }
    format!("no sequence of pushes covers every goal ({searched})")
}

enum Outcome {
    Found(Vec<(usize, Direction)>),
    Limit,
    Stopped,
    Exhausted,
}

/// One push a search may make ([`Search::each_push`]).
#[derive(Clone, Copy, Debug)]
struct Push {
    /// The pushed box's slot in the position's boxes.
    slot: usize,
    /// The cell it was pushed from.
    from: usize,
    /// Index of the direction in `Direction::ALL`.
    direction: usize,
    /// The player's region after it (its top-left cell).
    region: usize,
}

/// What every search does after storing a new position: stop at the `max_states` limit,
/// and ask `watch` (every [`WATCH_EVERY`] positions, `depth` reached by `method`) whether
/// to go on.
fn checkpoint(
    states: usize,
    max_states: usize,
    method: Method,
    depth: usize,
    watch: &mut Watch,
) -> Option<Found> {
    if states >= max_states {
        return Some(Found {
            outcome: Outcome::Limit,
            states,
        });
    }
    if states.is_multiple_of(WATCH_EVERY) {
        let progress = Progress {
            method,
            positions: states,
            depth,
        };
        if !watch(&progress) {
            return Some(Found {
                outcome: Outcome::Stopped,
                states,
            });
        }
    }
    None
}

struct Found {
    outcome: Outcome,
    states: usize,
}

/// A player region: the cells marked with the current stamp.
struct Region {
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<usize>,
}

impl Region {
    fn new(cells: usize) -> Region {
        Region {
            seen: vec![0; cells],
            stamp: 0,
            stack: Vec::new(),
        }
    }

    fn has(&self, at: usize) -> bool {
        self.seen[at] == self.stamp
    }

    /// A fresh stamp (clearing the marks on the rare wrap-around).
    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }
}

/// Reused by the corral checks: the small searches and what they found.
struct Corrals {
    mark: Region,
    occ: Vec<u16>,
    region: Region,
    pairs: Vec<(usize, usize)>,
    /// The free cells of the fenced area.
    inside: Vec<usize>,
    cells: Vec<usize>,
    slots: Vec<usize>,
    cache: HashMap<Vec<u16>, bool>,
}

/// The fixed facts of a level, arranged for speed.
struct Search {
    cells: usize,
    floor: Vec<bool>,
    /// Neighbour of each cell in each direction (Direction::ALL order), NONE off the board.
    next: Vec<[usize; 4]>,
    /// The index step to the neighbour in each direction (Direction::ALL order). Floor
    /// cells never lie on the drawing's edge (those are outside), so from a floor cell
    /// every step, straight or diagonal, stays on the board.
    offset: [isize; 4],
    /// The eight cells around a cell, clockwise from the one above, as index steps.
    ring: [isize; 8],
    /// Occupancy of the empty board: [`WALL`] where no box or player may stand, else 0.
    empty: Vec<u16>,
    /// For each box slot: its number class.
    slot_class: Vec<usize>,
    /// Slot ranges of each class (boxes of one class are kept sorted).
    class_ranges: Vec<(usize, usize)>,
    /// Per class, whether a box of that class may stand on each cell.
    live: Vec<Vec<bool>>,
    /// Per class, the fewest pushes from each cell to a goal of the class (empty board).
    to_goal: Vec<Vec<u16>>,
    /// Goal class at each cell (NOT_GOAL if none).
    goal_class: Vec<u8>,
    /// Start: the box cells by slot, the player.
    start_boxes: Vec<u16>,
    start_player: usize,
    options: Options,
}

fn dir_index(d: Direction) -> usize {
    Direction::ALL.iter().position(|&x| x == d).unwrap()
}

/// The two directions across direction `d` (Direction::ALL order: up, down, left, right).
fn across(d: usize) -> [usize; 2] {
    if d < 2 {
        [2, 3]
    } else {
        [0, 1]
    }
}

impl Search {
    fn new(level: &Level, options: Options) -> Search {
        let cells = level.width() * level.height();
        let w = level.width() as isize;
        let floor: Vec<bool> = (0..cells).map(|c| level.is_floor(c)).collect();
        let next = (0..cells)
            .map(|c| {
                let mut n = [NONE; 4];
                for (i, &d) in Direction::ALL.iter().enumerate() {
                    n[i] = level.step(c, d).unwrap_or(NONE);
                }
                n
            })
            .collect();
        let mut numbers: Vec<u8> = level.box_numbers().to_vec();
        numbers.sort_unstable();
        numbers.dedup();
        let class_of = |n: u8| numbers.iter().position(|&x| x == n).unwrap();
        let mut slots: Vec<(usize, usize)> = level
            .boxes()
            .iter()
            .zip(level.box_numbers())
            .map(|(&b, &n)| (class_of(n), b))
            .collect();
        slots.sort_unstable();
        let slot_class: Vec<usize> = slots.iter().map(|s| s.0).collect();
        let class_ranges = (0..numbers.len())
            .map(|k| {
                let a = slot_class.iter().position(|&c| c == k).unwrap();
                let b = slot_class.iter().rposition(|&c| c == k).unwrap() + 1;
                (a, b)
            })
            .collect();
        let mut goal_class = vec![NOT_GOAL; cells];
        for (&g, &n) in level.goals().iter().zip(level.goal_numbers()) {
            goal_class[g] = class_of(n) as u8;
        }
        let empty = floor.iter().map(|&f| if f { 0 } else { WALL }).collect();
        let mut search = Search {
            cells,
            floor,
            next,
            offset: [-w, w, -1, 1],
            ring: [-w, -w + 1, 1, w + 1, w, w - 1, -1, -w - 1],
            empty,
            slot_class,
            class_ranges,
            live: Vec::new(),
            to_goal: Vec::new(),
            goal_class,
            start_boxes: slots.iter().map(|s| s.1 as u16).collect(),
            start_player: level.player(),
            options,
        };
        search.live = (0..numbers.len())
            .map(|k| search.live_cells(k as u8))
            .collect();
        search.to_goal = (0..numbers.len())
            .map(|k| search.pushes_to_goal(k as u8))
            .collect();
        search
    }

    fn open(&self, at: usize) -> bool {
        at != NONE && self.floor[at]
    }

    /// The neighbour of a floor cell (always on the board).
    fn step(&self, at: usize, d: usize) -> usize {
        (at as isize + self.offset[d]) as usize
    }

    /// Cells from which a box can be pushed to some goal of a class: pull from the goals.
    fn live_cells(&self, class: u8) -> Vec<bool> {
        let mut live = vec![false; self.cells];
        let mut todo: Vec<usize> = (0..self.cells)
            .filter(|&c| self.goal_class[c] == class)
            .collect();
        for &g in &todo {
            live[g] = true;
        }
        while let Some(at) = todo.pop() {
            for d in 0..4 {
                // Pull the box from `at` one cell in direction d: the player stands at
                // at+d and steps on to at+2d.
                let to = self.next[at][d];
                if !self.open(to) || live[to] {
                    continue;
                }
                if self.open(self.next[to][d]) {
                    live[to] = true;
                    todo.push(to);
                }
            }
        }
        live
    }

    /// A reason the level cannot be solved, seen before searching.
    fn stuck_at_start(&self, level: &Level) -> Option<String> {
        for (i, (&b, &n)) in level.boxes().iter().zip(level.box_numbers()).enumerate() {
            let class = self.slot_class[self
                .start_boxes
                .iter()
                .position(|&s| usize::from(s) == b)
                .unwrap()];
            if !self.live[class][b] {
                let number = if n == NO_NUMBER {
                    "an unnumbered goal".to_string()
                } else {
                    format!("a goal numbered {n}")
                };
                return Some(format!(
                    "box {} at row {}, column {} can never be pushed onto {number}",
                    i + 1,
                    b / level.width() + 1,
                    b % level.width() + 1
                ));
            }
        }
        None
    }

    fn solved(&self, boxes: &[u16]) -> bool {
        boxes
            .iter()
            .enumerate()
            .all(|(slot, &b)| usize::from(self.goal_class[usize::from(b)]) == self.slot_class[slot])
    }

    /// Is the box at `at` frozen (cannot move on either axis)? `fixed` marks cells treated
    /// as walls during the check.
    fn frozen(&self, occ: &[u16], at: usize, fixed: &mut Vec<usize>) -> bool {
        self.blocked(occ, at, 2, 3, fixed) && self.blocked(occ, at, 0, 1, fixed)
    }

    fn blocked(
        &self,
        occ: &[u16],
        at: usize,
        d1: usize,
        d2: usize,
        fixed: &mut Vec<usize>,
    ) -> bool {
        let (a, b) = (self.step(at, d1), self.step(at, d2));
        let wall = |c: usize| occ[c] == WALL || fixed.contains(&c);
        if wall(a) || wall(b) {
            return true;
        }
        let class = self.slot_class[usize::from(occ[at]) - 1];
        if !self.live[class][a] && !self.live[class][b] {
            return true;
        }
        fixed.push(at);
        let mut result = false;
        for n in [a, b] {
            if occ[n] != 0 && self.frozen(occ, n, fixed) {
                result = true;
                break;
            }
        }
        fixed.pop();
        result
    }

    /// After a push to `at`: a frozen box off a goal of its number is a deadlock.
    fn deadlocked(&self, occ: &[u16], at: usize) -> bool {
        let slot = usize::from(occ[at]) - 1;
        if usize::from(self.goal_class[at]) == self.slot_class[slot] {
            return false;
        }
        let mut fixed = Vec::new();
        self.frozen(occ, at, &mut fixed)
    }

    /// Marks the cells the player can reach from `from`; returns the top-left one.
    fn flood(&self, occ: &[u16], from: usize, region: &mut Region) -> usize {
        let stamp = region.next_stamp();
        region.seen[from] = stamp;
        region.stack.clear();
        region.stack.push(from);
        let mut least = from;
        while let Some(at) = region.stack.pop() {
            least = least.min(at);
            for &o in &self.offset {
                let n = (at as isize + o) as usize;
                if occ[n] == 0 && region.seen[n] != stamp {
                    region.seen[n] = stamp;
                    region.stack.push(n);
                }
            }
        }
        least
    }

    /// Whether taking the cell `at` out of a region keeps the region's cells around it
    /// connected: the free cells of its eight neighbours, walked round, form at most one
    /// run that touches a side (any path through `at` can then go round it).
    fn ring_keeps_connected(&self, occ: &[u16], at: usize) -> bool {
        let mut free = [false; 8];
        for (i, &o) in self.ring.iter().enumerate() {
            free[i] = occ[(at as isize + o) as usize] == 0;
        }
        let Some(start) = free.iter().position(|&f| !f) else {
            return true;
        };
        let (mut runs, mut in_run, mut touches_side) = (0, false, false);
        for k in 1..=8 {
            let i = (start + k) % 8;
            if free[i] {
                if !in_run {
                    in_run = true;
                    touches_side = false;
                }
                touches_side |= i % 2 == 0;
            } else if in_run {
                in_run = false;
                if touches_side {
                    runs += 1;
                }
            }
        }
        runs <= 1
    }

    /// The top-left cell of the player's region after the box at `b` went to `to` (pushed
    /// in direction `d`, `occ` already updated), when it follows from the region before
    /// (`before`, top-left cell `least`) without a flood fill: the region plus `b`, less
    /// `to`.
    fn quick_region(
        &self,
        occ: &[u16],
        before: &Region,
        least: usize,
        b: usize,
        to: usize,
        d: usize,
    ) -> Option<usize> {
        for side in across(d) {
            let n = self.step(b, side);
            if occ[n] == 0 && !before.has(n) {
                return None;
            }
        }
        if before.has(to) && (least == to || !self.ring_keeps_connected(occ, to)) {
            return None;
        }
        Some(least.min(b))
    }

    /// After the box at `b` was pushed in direction `d` (`occ` already shows it moved):
    /// None if that made a deadlock, else the top-left cell of the player's new region.
    #[allow(clippy::too_many_arguments)]
    fn after_push(
        &self,
        occ: &[u16],
        before: &Region,
        least: usize,
        b: usize,
        d: usize,
        after: &mut Region,
        corrals: &mut Corrals,
    ) -> Option<usize> {
        let to = self.step(b, d);
        if self.deadlocked(occ, to) {
            return None;
        }
        let quick = self.quick_region(occ, before, least, b, to, d);
        if !self.options.corral_pruning {
            return Some(quick.unwrap_or_else(|| self.flood(occ, b, after)));
        }
        let fenced = |region: &dyn Fn(usize) -> bool| {
            (0..4).any(|e| {
                let n = self.step(to, e);
                occ[n] == 0 && !region(n)
            })
        };
        let least_after = match quick {
            Some(q) if !fenced(&|n| n == b || before.has(n)) => return Some(q),
            Some(q) => {
                self.flood(occ, b, after);
                q
            }
            None => {
                let q = self.flood(occ, b, after);
                if !fenced(&|n| after.has(n)) {
                    return Some(q);
                }
                q
            }
        };
        if self.corral_dead(occ, after, to, b, corrals) {
            None
        } else {
            Some(least_after)
        }
    }

    /// The corral check (see the module's notes): the area of cells the player cannot
    /// reach (`region` is the player's) that holds the box at `to`, its boxes alone on the
    /// board with the player at `player`: true if they can never all reach goals of their
    /// numbers.
    fn corral_dead(
        &self,
        occ: &[u16],
        region: &Region,
        to: usize,
        player: usize,
        c: &mut Corrals,
    ) -> bool {
        // The area: floor cells outside the player's region connected to the pushed box.
        let stamp = c.mark.next_stamp();
        c.mark.seen[to] = stamp;
        c.mark.stack.clear();
        c.mark.stack.push(to);
        c.pairs.clear();
        c.inside.clear();
        while let Some(at) = c.mark.stack.pop() {
            if occ[at] == 0 {
                c.inside.push(at);
            } else {
                c.pairs.push((usize::from(occ[at]) - 1, at));
            }
            for &o in &self.offset {
                let n = (at as isize + o) as usize;
                if occ[n] != WALL && !region.has(n) && c.mark.seen[n] != stamp {
                    c.mark.seen[n] = stamp;
                    c.mark.stack.push(n);
                }
            }
        }
        if c.inside.is_empty() || c.pairs.len() == self.start_boxes.len() {
            return false;
        }
        // Slots in slot order keep each number class together.
        c.pairs.sort_unstable();
        c.slots.clear();
        c.cells.clear();
        c.slots.extend(c.pairs.iter().map(|p| p.0));
        c.cells.extend(c.pairs.iter().map(|p| p.1));
        c.occ.clear();
        c.occ.extend_from_slice(&self.empty);
        for &(s, at) in &c.pairs {
            c.occ[at] = s as u16 + 1;
        }
        let mut start: Vec<u16> = c.cells.iter().map(|&x| x as u16).collect();
        self.sort_classes(&c.slots, &mut start);
        let least = self.flood(&c.occ, player, &mut c.region);
        start.push(least as u16);
        // Remembered by cells, region and the numbers of the boxes.
        let mut memo = start.clone();
        memo.extend(c.slots.iter().map(|&s| self.slot_class[s] as u16));
        if let Some(&dead) = c.cache.get(&memo) {
            return dead;
        }
        let dead = self.boxes_alone_stuck(&start, player, c);
        c.cache.insert(memo, dead);
        dead
    }

    /// Sorts the cells of boxes of one class (given by `slots`, in slot order).
    fn sort_classes(&self, slots: &[usize], cells: &mut [u16]) {
        let mut a = 0;
        while a < slots.len() {
            let class = self.slot_class[slots[a]];
            let mut b = a + 1;
            while b < slots.len() && self.slot_class[slots[b]] == class {
                b += 1;
            }
            cells[a..b].sort_unstable();
            a = b;
        }
    }

    /// Breadth-first over pushes with only the corral's boxes (`c.slots`, start cells and
    /// region in `start`): true if no position with each of them on a goal of its number
    /// is reachable; false if one is, or the search grows past [`CORRAL_LIMIT`].
    fn boxes_alone_stuck(&self, start: &[u16], player: usize, c: &mut Corrals) -> bool {
        let n = c.slots.len();
        let on_goals = |boxes: &[u16], slots: &[usize]| {
            boxes
                .iter()
                .zip(slots)
                .all(|(&b, &s)| usize::from(self.goal_class[usize::from(b)]) == self.slot_class[s])
        };
        if on_goals(&start[..n], &c.slots) {
            return false;
        }
        let mut table = Table::new(n + 1);
        let mut players = vec![player];
        table.insert(start);
        let mut current = 0;
        let mut boxes = vec![0u16; n];
        let mut child = vec![0u16; n + 1];
        // The board with every box off: the boxes of a position are put on and taken off.
        for &at in &c.cells {
            c.occ[at] = 0;
        }
        while current < table.len() {
            boxes.copy_from_slice(&table.get(current)[..n]);
            for (&b, &s) in boxes.iter().zip(&c.slots) {
                c.occ[usize::from(b)] = s as u16 + 1;
            }
            self.flood(&c.occ, players[current], &mut c.region);
            let mut result = None;
            if c.inside.iter().any(|&at| c.region.has(at)) {
                // The player got into the fenced area: give up, keep the position.
                result = Some(false);
            }
            'pushes: for i in 0..n {
                if result.is_some() {
                    break;
                }
                let b = usize::from(boxes[i]);
                for d in 0..4 {
                    let stand = self.step(b, d ^ 1);
                    let to = self.step(b, d);
                    if !c.region.has(stand)
                        || c.occ[to] != 0
                        || !self.live[self.slot_class[c.slots[i]]][to]
                    {
                        continue;
                    }
                    c.occ[b] = 0;
                    c.occ[to] = c.slots[i] as u16 + 1;
                    let dead = self.deadlocked(&c.occ, to);
                    if !dead {
                        child[..n].copy_from_slice(&boxes);
                        child[i] = to as u16;
                        self.sort_classes(&c.slots, &mut child[..n]);
                        // The region is named by the cell the player stands on (coarser
                        // than the main search's, but only the answer matters here).
                        child[n] = b as u16;
                        if on_goals(&child[..n], &c.slots) {
                            result = Some(false);
                        } else if table.insert(&child) {
                            players.push(b);
                            if table.len() > CORRAL_LIMIT {
                                result = Some(false);
                            }
                        }
                    }
                    c.occ[to] = 0;
                    c.occ[b] = c.slots[i] as u16 + 1;
                    if result.is_some() {
                        break 'pushes;
                    }
                }
            }
            for &b in &boxes {
                c.occ[usize::from(b)] = 0;
            }
            if let Some(r) = result {
                return r;
            }
            current += 1;
        }
        true
    }

    fn corrals(&self) -> Corrals {
        Corrals {
            mark: Region::new(self.cells),
            occ: Vec::new(),
            region: Region::new(self.cells),
            pairs: Vec::new(),
            inside: Vec::new(),
            cells: Vec::new(),
            slots: Vec::new(),
            cache: HashMap::new(),
        }
    }

    /// A lower bound on the pushes still needed: each box's pushes to the nearest goal of
    /// its number on the empty board.
    fn pushes_at_least(&self, boxes: &[u16]) -> usize {
        boxes
            .iter()
            .enumerate()
            .map(|(slot, &b)| usize::from(self.to_goal[self.slot_class[slot]][usize::from(b)]))
            .sum()
    }

    /// Per cell, the fewest pushes that bring a box of a class to one of its goals on the
    /// empty board (breadth-first pulls from the goals; u16::MAX where none can).
    fn pushes_to_goal(&self, class: u8) -> Vec<u16> {
        let mut dist = vec![u16::MAX; self.cells];
        let mut queue: VecDeque<usize> = (0..self.cells)
            .filter(|&c| self.goal_class[c] == class)
            .collect();
        for &g in &queue {
            dist[g] = 0;
        }
        while let Some(at) = queue.pop_front() {
            for d in 0..4 {
                let to = self.next[at][d];
                if self.open(to) && dist[to] == u16::MAX && self.open(self.next[to][d]) {
                    dist[to] = dist[at] + 1;
                    queue.push_back(to);
                }
            }
        }
        dist
    }

    /// Keeps the moved slot's class sorted after slot `slot` changed.
    fn resort(&self, boxes: &mut [u16], slot: usize) {
        let (a, b) = self.class_ranges[self.slot_class[slot]];
        boxes[a..b].sort_unstable();
    }

    /// Box `slot` (at `boxes[slot]`, the position's boxes marked in `occ`) pushed in
    /// direction `d` from the player's region `here`: None when the push cannot be made
    /// (no room, a dead square for its number) or leads to a deadlock; otherwise the
    /// player's region after it (as [`Self::after_push`]), with the boxes after it, in
    /// order, written to `child[..k]`.
    #[allow(clippy::too_many_arguments)]
    fn try_push(
        &self,
        occ: &mut [u16],
        here: &Region,
        least: usize,
        boxes: &[u16],
        slot: usize,
        d: usize,
        there: &mut Region,
        corrals: &mut Corrals,
        child: &mut [u16],
    ) -> Option<usize> {
        let b = usize::from(boxes[slot]);
        let stand = self.step(b, d ^ 1);
        let to = self.step(b, d);
        if !here.has(stand) || occ[to] != 0 || !self.live[self.slot_class[slot]][to] {
            return None;
        }
        occ[b] = 0;
        occ[to] = slot as u16 + 1;
        let after = self.after_push(occ, here, least, b, d, there, corrals);
        occ[to] = 0;
        occ[b] = slot as u16 + 1;
        let after = after?;
        let k = boxes.len();
        child[..k].copy_from_slice(boxes);
        child[slot] = to as u16;
        self.resort(&mut child[..k], slot);
        Some(after)
    }

    /// Every push from a position that [`Self::try_push`] allows, box slot by box slot and
    /// direction by direction (the order the searches have always tried them in): the
    /// position's boxes `boxes` are marked in `occ`, the player's region is `here` (`least`
    /// its top-left cell). `visit` gets the push, `occ`, the scratch region `there` and
    /// `child`, which holds the boxes after the push in order; the first `Break` ends it.
    #[allow(clippy::too_many_arguments)]
    fn each_push<B>(
        &self,
        occ: &mut [u16],
        here: &Region,
        least: usize,
        boxes: &[u16],
        there: &mut Region,
        corrals: &mut Corrals,
        child: &mut [u16],
        mut visit: impl FnMut(Push, &mut [u16], &mut Region, &mut [u16]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for slot in 0..boxes.len() {
            let from = usize::from(boxes[slot]);
            for direction in 0..4 {
                let after = self.try_push(
                    occ, here, least, boxes, slot, direction, there, corrals, child,
                );
                if let Some(region) = after {
                    let push = Push {
                        slot,
                        from,
                        direction,
                        region,
                    };
                    visit(push, occ, there, child)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn by_pushes(&self, max_states: usize, watch: &mut Watch) -> Found {
        let k = self.start_boxes.len();
        let mut table = Table::new(k + 1);
        let mut parents: Vec<(u32, u16, u8)> = Vec::new();
        let mut depth: Vec<u16> = Vec::new();
        let mut occ = self.empty.clone();
        let mut here = Region::new(self.cells);
        let mut there = Region::new(self.cells);
        let mut corrals = self.corrals();
        let mut key = self.start_boxes.clone();
        mark_boxes(&mut occ, &self.start_boxes);
        let p = self.flood(&occ, self.start_player, &mut here);
        key.push(p as u16);
        table.insert(&key);
        parents.push((u32::MAX, 0, 0));
        depth.push(0);
        if self.solved(&self.start_boxes) {
            return Found {
                outcome: Outcome::Found(Vec::new()),
                states: 1,
            };
        }
        clear_boxes(&mut occ, &self.start_boxes);
        let mut current = 0usize;
        let mut boxes = vec![0u16; k];
        let mut child = vec![0u16; k + 1];
        while current < table.len() {
            boxes.copy_from_slice(&table.get(current)[..k]);
            let player = usize::from(table.get(current)[k]);
            mark_boxes(&mut occ, &boxes);
            let least = self.flood(&occ, player, &mut here);
            let flow = self.each_push(
                &mut occ,
                &here,
                least,
                &boxes,
                &mut there,
                &mut corrals,
                &mut child,
                |push, _, _, child| {
                    child[k] = push.region as u16;
                    if table.insert(child) {
                        parents.push((current as u32, push.from as u16, push.direction as u8));
                        depth.push(depth[current] + 1);
                        if self.solved(&child[..k]) {
                            return ControlFlow::Break(Ok(table.len() - 1));
                        }
                        let reached = usize::from(depth[current]);
                        if let Some(stop) =
                            checkpoint(table.len(), max_states, Method::Optimal, reached, watch)
                        {
                            return ControlFlow::Break(Err(stop));
                        }
                    }
                    ControlFlow::Continue(())
                },
            );
            let solution = match flow {
                ControlFlow::Continue(()) => None,
                ControlFlow::Break(Ok(last)) => Some(last),
                ControlFlow::Break(Err(stop)) => return stop,
            };
            clear_boxes(&mut occ, &boxes);
            if let Some(last) = solution {
                let pushes = usize::from(depth[last]);
                let first = self.path(&parents, last);
                if !self.options.fewest_moves_second {
                    return Found {
                        outcome: Outcome::Found(first),
                        states: table.len(),
                    };
                }
                let budget = max_states.saturating_sub(table.len());
                let (best, more) = self.fewest_moves_among(&table, &depth, pushes, budget);
                return Found {
                    outcome: Outcome::Found(best.unwrap_or(first)),
                    states: table.len() + more,
                };
            }
            current += 1;
        }
        Found {
            outcome: Outcome::Exhausted,
            states: table.len(),
        }
    }

    /// Shortest walks from the player's cell over the free cells of `occ`; marks them as
    /// the player's region and returns its top-left cell.
    fn distances(
        &self,
        occ: &[u16],
        from: usize,
        dist: &mut [u32],
        queue: &mut VecDeque<usize>,
        region: &mut Region,
    ) -> usize {
        let stamp = region.next_stamp();
        region.seen[from] = stamp;
        dist[from] = 0;
        queue.clear();
        queue.push_back(from);
        let mut least = from;
        while let Some(at) = queue.pop_front() {
            least = least.min(at);
            for &o in &self.offset {
                let n = (at as isize + o) as usize;
                if occ[n] == 0 && region.seen[n] != stamp {
                    region.seen[n] = stamp;
                    dist[n] = dist[at] + 1;
                    queue.push_back(n);
                }
            }
        }
        least
    }

    /// Among the solutions with `pushes` pushes, one with the fewest moves: Dijkstra over
    /// (boxes, player's cell) on moves, following only pushes that stay on a fewest-push
    /// path: each position reached after p pushes must be one the breadth-first search
    /// reached first after p pushes (`table`, `depth`), the last one solved. Returns the
    /// pushes (None past `budget` positions) and the positions stored.
    fn fewest_moves_among(
        &self,
        table: &Table,
        depth: &[u16],
        pushes: usize,
        budget: usize,
    ) -> (Option<Vec<(usize, Direction)>>, usize) {
        let k = self.start_boxes.len();
        let mut seen = Table::new(k + 1);
        let mut parents: Vec<(u32, u16, u8)> = Vec::new();
        let mut best: Vec<u32> = Vec::new();
        let mut made: Vec<u16> = Vec::new();
        let mut heap = BinaryHeap::new();
        let mut occ = self.empty.clone();
        let mut dist = vec![u32::MAX; self.cells];
        let mut queue = VecDeque::new();
        let mut here = Region::new(self.cells);
        let mut there = Region::new(self.cells);
        let mut key = self.start_boxes.clone();
        key.push(self.start_player as u16);
        seen.insert(&key);
        parents.push((u32::MAX, 0, 0));
        best.push(0);
        made.push(0);
        heap.push(Reverse((0u32, 0u32)));
        let mut boxes = vec![0u16; k];
        let mut child = vec![0u16; k + 1];
        let mut region_key = vec![0u16; k + 1];
        while let Some(Reverse((cost, index))) = heap.pop() {
            let index = index as usize;
            if cost > best[index] {
                continue;
            }
            boxes.copy_from_slice(&seen.get(index)[..k]);
            let p = usize::from(made[index]);
            if p == pushes {
                // Only solved positions are stored with the full push count.
                return (Some(self.path(&parents, index)), seen.len());
            }
            let player = usize::from(seen.get(index)[k]);
            mark_boxes(&mut occ, &boxes);
            let least = self.distances(&occ, player, &mut dist, &mut queue, &mut here);
            for slot in 0..k {
                let b = usize::from(boxes[slot]);
                for d in 0..4 {
                    let stand = self.step(b, d ^ 1);
                    let to = self.step(b, d);
                    if !here.has(stand) || occ[to] != 0 {
                        continue;
                    }
                    child[..k].copy_from_slice(&boxes);
                    child[slot] = to as u16;
                    self.resort(&mut child[..k], slot);
                    child[k] = b as u16;
                    if p + 1 + self.pushes_at_least(&child[..k]) > pushes {
                        continue;
                    }
                    if p + 1 == pushes {
                        if !self.solved(&child[..k]) {
                            continue;
                        }
                    } else {
                        occ[b] = 0;
                        occ[to] = slot as u16 + 1;
                        let r = self
                            .quick_region(&occ, &here, least, b, to, d)
                            .unwrap_or_else(|| self.flood(&occ, b, &mut there));
                        occ[to] = 0;
                        occ[b] = slot as u16 + 1;
                        region_key[..k].copy_from_slice(&child[..k]);
                        region_key[k] = r as u16;
                        match table.find(&region_key) {
                            Some(at) if usize::from(depth[at]) == p + 1 => {}
                            _ => continue,
                        }
                    }
                    let c = cost + dist[stand] + 1;
                    let (at, new) = seen.find_or_insert(&child);
                    if new {
                        parents.push((index as u32, b as u16, d as u8));
                        best.push(c);
                        made.push(p as u16 + 1);
                        heap.push(Reverse((c, at as u32)));
                        if seen.len() >= budget {
                            return (None, seen.len());
                        }
                    } else if c < best[at] {
                        best[at] = c;
                        parents[at] = (index as u32, b as u16, d as u8);
                        heap.push(Reverse((c, at as u32)));
                    }
                }
            }
            clear_boxes(&mut occ, &boxes);
        }
        (None, seen.len())
    }

    fn by_moves(&self, max_states: usize, watch: &mut Watch) -> Found {
        let k = self.start_boxes.len();
        let mut table = Table::new(k + 1);
        let mut parents: Vec<(u32, u16, u8)> = Vec::new();
        let mut best: Vec<u32> = Vec::new();
        let mut heap = BinaryHeap::new();
        let mut occ = self.empty.clone();
        let mut dist = vec![u32::MAX; self.cells];
        let mut here = Region::new(self.cells);
        let mut there = Region::new(self.cells);
        let mut corrals = self.corrals();
        let mut key = self.start_boxes.clone();
        key.push(self.start_player as u16);
        table.insert(&key);
        parents.push((u32::MAX, 0, 0));
        best.push(0);
        heap.push(Reverse((0u32, 0u32)));
        let mut boxes = vec![0u16; k];
        let mut child = vec![0u16; k + 1];
        let mut queue = VecDeque::new();
        while let Some(Reverse((cost, index))) = heap.pop() {
            let index = index as usize;
            if cost > best[index] {
                continue;
            }
            boxes.copy_from_slice(&table.get(index)[..k]);
            if self.solved(&boxes) {
                return Found {
                    outcome: Outcome::Found(self.path(&parents, index)),
                    states: table.len(),
                };
            }
            let player = usize::from(table.get(index)[k]);
            mark_boxes(&mut occ, &boxes);
            let least = self.distances(&occ, player, &mut dist, &mut queue, &mut here);
            let flow = self.each_push(
                &mut occ,
                &here,
                least,
                &boxes,
                &mut there,
                &mut corrals,
                &mut child,
                |push, _, _, child| {
                    let (b, d) = (push.from, push.direction);
                    let stand = self.step(b, d ^ 1);
                    child[k] = b as u16;
                    let c = cost + dist[stand] + 1;
                    let (at, new) = table.find_or_insert(child);
                    if new {
                        parents.push((index as u32, b as u16, d as u8));
                        best.push(c);
                        heap.push(Reverse((c, at as u32)));
                        if let Some(stop) = checkpoint(
                            table.len(),
                            max_states,
                            Method::Optimal,
                            cost as usize,
                            watch,
                        ) {
                            return ControlFlow::Break(stop);
                        }
                    } else if c < best[at] {
                        best[at] = c;
                        parents[at] = (index as u32, b as u16, d as u8);
                        heap.push(Reverse((c, at as u32)));
                    }
                    ControlFlow::Continue(())
                },
            );
            if let ControlFlow::Break(stop) = flow {
                return stop;
            }
            clear_boxes(&mut occ, &boxes);
        }
        Found {
            outcome: Outcome::Exhausted,
            states: table.len(),
        }
    }

    /// The pushes (box cell, direction) leading to a stored state.
    fn path(&self, parents: &[(u32, u16, u8)], mut index: usize) -> Vec<(usize, Direction)> {
        let mut pushes = Vec::new();
        while parents[index].0 != u32::MAX {
            let (parent, b, d) = parents[index];
            pushes.push((usize::from(b), Direction::ALL[usize::from(d)]));
            index = parent as usize;
        }
        pushes.reverse();
        pushes
    }

    /// Turns pushes into moves: the shortest walk to each push, then the push.
    fn moves_for(&self, level: &Level, pushes: &[(usize, Direction)]) -> Moves {
        let mut game = Game::new(level);
        let mut moves = Vec::new();
        for &(b, d) in pushes {
            let stand = self.next[b][dir_index(d) ^ 1];
            for step in self.walk(&game, stand) {
                game.step(step);
                moves.push(Move {
                    direction: step,
                    push: false,
                });
            }
            game.step(d);
            moves.push(Move {
                direction: d,
                push: true,
            });
        }
        Moves::from(moves)
    }

    /// The shortest walk from the player to a cell, around boxes.
    fn walk(&self, game: &Game, target: usize) -> Vec<Direction> {
        let mut from = vec![NONE; self.cells];
        let start = game.player();
        from[start] = start;
        let mut queue = VecDeque::from([start]);
        while let Some(at) = queue.pop_front() {
            if at == target {
                break;
            }
            for &n in &self.next[at] {
                if self.open(n) && game.box_at(n).is_none() && from[n] == NONE {
                    from[n] = at;
                    queue.push_back(n);
                }
            }
        }
        let mut steps = Vec::new();
        let mut at = target;
        while at != start {
            let prev = from[at];
            let d = (0..4).find(|&d| self.next[prev][d] == at).unwrap();
            steps.push(Direction::ALL[d]);
            at = prev;
        }
        steps.reverse();
        steps
    }
}

/// A set of fixed-length keys in one flat array, with open addressing; the order of
/// insertion is kept (the index of a key is its place in that order).
struct Table {
    stride: usize,
    keys: Vec<u16>,
    slots: Vec<u32>,
    count: usize,
}

impl Table {
    fn new(stride: usize) -> Table {
        Table {
            stride,
            keys: Vec::new(),
            slots: vec![0; 1024],
            count: 0,
        }
    }

    fn len(&self) -> usize {
        self.count
    }

    fn get(&self, index: usize) -> &[u16] {
        &self.keys[index * self.stride..(index + 1) * self.stride]
    }

    fn hash(key: &[u16]) -> u64 {
        let mut h = 0u64;
        for &x in key {
            h = (h.rotate_left(5) ^ u64::from(x)).wrapping_mul(0x517C_C1B7_2722_0A95);
        }
        // The multiply leaves its best bits high: bring them down for the table's mask.
        h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32
    }

    /// Inserts; true if the key was new.
    fn insert(&mut self, key: &[u16]) -> bool {
        self.find_or_insert(key).1
    }

    /// The index of a key, if stored.
    fn find(&self, key: &[u16]) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(key) as usize & mask;
        loop {
            match self.slots[i] {
                0 => return None,
                n => {
                    let index = n as usize - 1;
                    if self.get(index) == key {
                        return Some(index);
                    }
                }
            }
            i = (i + 1) & mask;
        }
    }

    fn find_or_insert(&mut self, key: &[u16]) -> (usize, bool) {
        if (self.count + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(key) as usize & mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.keys.extend_from_slice(key);
                    self.count += 1;
                    self.slots[i] = self.count as u32;
                    return (self.count - 1, true);
                }
                n => {
                    let index = n as usize - 1;
                    if self.get(index) == key {
                        return (index, false);
                    }
                }
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let mut slots = vec![0u32; size];
        for index in 0..self.count {
            let mut i = Self::hash(self.get(index)) as usize & (size - 1);
            while slots[i] != 0 {
                i = (i + 1) & (size - 1);
            }
            slots[i] = index as u32 + 1;
        }
        self.slots = slots;
    }
}
