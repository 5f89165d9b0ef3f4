//! An optimal solver: fewest pushes (breadth-first over pushes), or fewest moves
//! (Dijkstra, a push costing the walk to it plus one), with the numbers respected.
//!
//! Pruning, each safe (it never removes a solution):
//! - dead squares per number: a box of number n may only stand where some goal of number
//!   n can still be reached by pushes on the empty board (found by pulling from those goals);
//! - freeze deadlocks: a pushed box that can move along neither axis (walls, dead squares,
//!   or boxes that are themselves frozen) and is not on a goal of its number;
//! - a transposition table keyed by the box set (boxes of the same number are
//!   interchangeable, so each number's boxes are kept sorted) and, for pushes, the player's
//!   region named by its top-left cell.

use super::game::Game;
use super::level::{Level, NO_NUMBER};
use super::moves::{Direction, Move, Moves};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// What to minimise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Fewest pushes (moves not minimised).
    Pushes,
    /// Fewest moves.
    Moves,
}

/// The answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Solved(Moves),
    /// No solution exists; the reason in words.
    Unsolvable(String),
    /// The search stopped at the state limit.
    TooManyStates(usize),
}

/// The answer and what the search cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub verdict: Verdict,
    /// Distinct positions stored.
    pub states: usize,
}

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

/// Solves a level, storing at most `max_states` positions.
pub fn solve(level: &Level, mode: Mode, max_states: usize) -> Report {
    let search = Search::new(level);
    if let Some(reason) = search.stuck_at_start(level) {
        return Report {
            verdict: Verdict::Unsolvable(reason),
            states: 0,
        };
    }
    let found = match mode {
        Mode::Pushes => search.by_pushes(max_states),
        Mode::Moves => search.by_moves(max_states),
    };
    let states = found.states;
    let verdict = match found.outcome {
        Outcome::Found(pushes) => Verdict::Solved(search.moves_for(level, &pushes)),
        Outcome::Limit => Verdict::TooManyStates(max_states),
        Outcome::Exhausted => Verdict::Unsolvable(exhausted_reason(level, states, max_states)),
    };
    Report { verdict, states }
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
    Exhausted,
}

struct Found {
    outcome: Outcome,
    states: usize,
}

/// The fixed facts of a level, arranged for speed.
struct Search {
    cells: usize,
    floor: Vec<bool>,
    /// Neighbour of each cell in each direction (Direction::ALL order), NONE off the board.
    next: Vec<[usize; 4]>,
    /// For each box slot: its number class.
    slot_class: Vec<usize>,
    /// Slot ranges of each class (boxes of one class are kept sorted).
    class_ranges: Vec<(usize, usize)>,
    /// Per class, whether a box of that class may stand on each cell.
    live: Vec<Vec<bool>>,
    /// Goal class at each cell (NOT_GOAL if none).
    goal_class: Vec<u8>,
    /// Start: the box cells by slot, the player.
    start_boxes: Vec<u16>,
    start_player: usize,
}

fn dir_index(d: Direction) -> usize {
    Direction::ALL.iter().position(|&x| x == d).unwrap()
}

impl Search {
    fn new(level: &Level) -> Search {
        let cells = level.width() * level.height();
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
        let mut search = Search {
            cells,
            floor,
            next,
            slot_class,
            class_ranges,
            live: Vec::new(),
            goal_class,
            start_boxes: slots.iter().map(|s| s.1 as u16).collect(),
            start_player: level.player(),
        };
        search.live = (0..numbers.len())
            .map(|k| search.live_cells(k as u8))
            .collect();
        search
    }

    fn open(&self, at: usize) -> bool {
        at != NONE && self.floor[at]
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
        let (a, b) = (self.next[at][d1], self.next[at][d2]);
        let wall = |c: usize| !self.open(c) || fixed.contains(&c);
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

    /// The cells the player can reach (marked with `stamp` in `seen`), their top-left one.
    fn reach(
        &self,
        occ: &[u16],
        from: usize,
        seen: &mut [u32],
        stamp: u32,
        stack: &mut Vec<usize>,
    ) -> usize {
        let mut least = from;
        seen[from] = stamp;
        stack.clear();
        stack.push(from);
        while let Some(at) = stack.pop() {
            least = least.min(at);
            for &n in &self.next[at] {
                if self.open(n) && occ[n] == 0 && seen[n] != stamp {
                    seen[n] = stamp;
                    stack.push(n);
                }
            }
        }
        least
    }

    /// Keeps the moved slot's class sorted after slot `slot` changed.
    fn resort(&self, boxes: &mut [u16], slot: usize) {
        let (a, b) = self.class_ranges[self.slot_class[slot]];
        boxes[a..b].sort_unstable();
    }

    fn by_pushes(&self, max_states: usize) -> Found {
        let k = self.start_boxes.len();
        let mut table = Table::new(k + 1);
        let mut parents: Vec<(u32, u16, u8)> = Vec::new();
        let mut occ = vec![0u16; self.cells];
        let mut seen = vec![0u32; self.cells];
        let mut stamp = 0u32;
        let mut child_seen = vec![0u32; self.cells];
        let mut child_stamp = 0u32;
        let mut stack = Vec::new();
        let mut key = self.start_boxes.clone();
        for (i, &b) in self.start_boxes.iter().enumerate() {
            occ[usize::from(b)] = i as u16 + 1;
        }
        stamp += 1;
        let p = self.reach(&occ, self.start_player, &mut seen, stamp, &mut stack);
        key.push(p as u16);
        table.insert(&key);
        parents.push((u32::MAX, 0, 0));
        if self.solved(&self.start_boxes) {
            return Found {
                outcome: Outcome::Found(Vec::new()),
                states: 1,
            };
        }
        let mut current = 0usize;
        let mut boxes = vec![0u16; k];
        let mut child = vec![0u16; k + 1];
        while current < table.len() {
            boxes.copy_from_slice(&table.get(current)[..k]);
            let player = usize::from(table.get(current)[k]);
            occ.iter_mut().for_each(|o| *o = 0);
            for (i, &b) in boxes.iter().enumerate() {
                occ[usize::from(b)] = i as u16 + 1;
            }
            stamp += 1;
            let here = stamp;
            self.reach(&occ, player, &mut seen, here, &mut stack);
            for slot in 0..k {
                let b = usize::from(boxes[slot]);
                for d in 0..4 {
                    let stand = self.next[b][d ^ 1];
                    let to = self.next[b][d];
                    if stand == NONE || seen[stand] != here || !self.open(to) || occ[to] != 0 {
                        continue;
                    }
                    if !self.live[self.slot_class[slot]][to] {
                        continue;
                    }
                    occ[b] = 0;
                    occ[to] = slot as u16 + 1;
                    let dead = self.deadlocked(&occ, to);
                    if !dead {
                        child[..k].copy_from_slice(&boxes);
                        child[slot] = to as u16;
                        self.resort(&mut child[..k], slot);
                        child_stamp += 1;
                        let p = self.reach(&occ, b, &mut child_seen, child_stamp, &mut stack);
                        child[k] = p as u16;
                        if table.insert(&child) {
                            parents.push((current as u32, b as u16, d as u8));
                            if self.solved(&child[..k]) {
                                let last = table.len() - 1;
                                return Found {
                                    outcome: Outcome::Found(self.path(&parents, last)),
                                    states: table.len(),
                                };
                            }
                            if table.len() >= max_states {
                                return Found {
                                    outcome: Outcome::Limit,
                                    states: table.len(),
                                };
                            }
                        }
                    }
                    occ[to] = 0;
                    occ[b] = slot as u16 + 1;
                }
            }
            current += 1;
        }
        Found {
            outcome: Outcome::Exhausted,
            states: table.len(),
        }
    }

    fn by_moves(&self, max_states: usize) -> Found {
        let k = self.start_boxes.len();
        let mut table = Table::new(k + 1);
        let mut parents: Vec<(u32, u16, u8)> = Vec::new();
        let mut best: Vec<u32> = Vec::new();
        let mut heap = BinaryHeap::new();
        let mut occ = vec![0u16; self.cells];
        let mut dist = vec![u32::MAX; self.cells];
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
            occ.iter_mut().for_each(|o| *o = 0);
            for (i, &b) in boxes.iter().enumerate() {
                occ[usize::from(b)] = i as u16 + 1;
            }
            dist.iter_mut().for_each(|x| *x = u32::MAX);
            dist[player] = 0;
            queue.clear();
            queue.push_back(player);
            while let Some(at) = queue.pop_front() {
                for &n in &self.next[at] {
                    if self.open(n) && occ[n] == 0 && dist[n] == u32::MAX {
                        dist[n] = dist[at] + 1;
                        queue.push_back(n);
                    }
                }
            }
            for slot in 0..k {
                let b = usize::from(boxes[slot]);
                for d in 0..4 {
                    let stand = self.next[b][d ^ 1];
                    let to = self.next[b][d];
                    if stand == NONE || dist[stand] == u32::MAX || !self.open(to) || occ[to] != 0 {
                        continue;
                    }
                    if !self.live[self.slot_class[slot]][to] {
                        continue;
                    }
                    occ[b] = 0;
                    occ[to] = slot as u16 + 1;
                    let dead = self.deadlocked(&occ, to);
                    occ[to] = 0;
                    occ[b] = slot as u16 + 1;
                    if dead {
                        continue;
                    }
                    child[..k].copy_from_slice(&boxes);
                    child[slot] = to as u16;
                    self.resort(&mut child[..k], slot);
                    child[k] = b as u16;
                    let c = cost + dist[stand] + 1;
                    let (at, new) = table.find_or_insert(&child);
                    if new {
                        parents.push((index as u32, b as u16, d as u8));
                        best.push(c);
                        heap.push(Reverse((c, at as u32)));
                        if table.len() >= max_states {
                            return Found {
                                outcome: Outcome::Limit,
                                states: table.len(),
                            };
                        }
                    } else if c < best[at] {
                        best[at] = c;
                        parents[at] = (index as u32, b as u16, d as u8);
                        heap.push(Reverse((c, at as u32)));
                    }
                }
            }
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
        Moves(moves)
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
