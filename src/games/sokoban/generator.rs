//! The level maker: a room from a seed, goals with boxes on them, then the boxes pulled
//! backwards by a player walking at random (every pull can be undone by a push, so the
//! level is solvable by construction); the solver then measures it and the best of
//! several attempts (longest optimal solution, most changes of the pushed box) is kept.
//!
//! With `farthest` the boxes are not pulled at random: every position reachable from the
//! solved one by pulls is found, breadth first (a position's pull count from the goals is
//! its fewest pushes to them), and the start is taken from the last layer, the positions
//! that need the most pushes in that room: among those, the one whose push count is
//! furthest above the naive lower bound (each box to its nearest goal alone).
//!
//! For Plus levels the first `numbered` boxes keep the number of the goal they were
//! pulled from, and a level is kept only if the numbers matter: its optimal solution with
//! numbers is longer than without them.

use super::level::{Cell, Level, NO_NUMBER};
use super::moves::{Direction, Moves};
use super::solver::{lower_bound, solve, Mode};
use crate::games::mazezam::rng::Rng;
use std::collections::HashSet;

/// What to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Inside size of the room (walls are added around).
    pub width: usize,
    pub height: usize,
    pub boxes: usize,
    /// How many boxes (and goals) get a number (1, 2, ...).
    pub numbered: usize,
    /// Chance of an inner wall block per cell, per mille.
    pub walls: usize,
    /// Pull steps of the random walk.
    pub pulls: usize,
    /// Levels made and measured; the best is kept.
    pub attempts: usize,
    /// Solver state limit per attempt (bigger searches are dropped); also the limit of
    /// the pull search with `farthest`.
    pub max_states: usize,
    /// Start from the positions furthest from the goals (see the module's notes) instead
    /// of a random pull walk.
    pub farthest: bool,
    /// In the random pull walk, pull (three times in four) a box pulled least so far,
    /// so that every box leaves its goal (for levels with many boxes).
    pub spread: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            width: 6,
            height: 5,
            boxes: 2,
            numbered: 0,
            walls: 150,
            pulls: 300,
            attempts: 20,
            max_states: 200_000,
            farthest: false,
            spread: false,
        }
    }
}

/// A level made, with its optimal (fewest pushes) solution.
#[derive(Clone, Debug)]
pub struct Made {
    pub level: Level,
    pub solution: Moves,
    /// How many times the solution changes which box it pushes.
    pub box_changes: usize,
    /// The naive lower bound on the pushes (each box to its nearest goal alone).
    pub lower_bound: usize,
}

impl Made {
    fn score(&self) -> usize {
        self.solution.pushes() * 3
            + self.box_changes * 4
            + self.solution.len() / 4
            + (self.solution.pushes() - self.lower_bound.min(self.solution.pushes())) * 2
    }
}

/// The best level of `params.attempts` tries from a seed, if any try gave one.
pub fn generate(seed: u64, params: &Params) -> Option<Made> {
    let mut rng = Rng::new(seed);
    let mut best: Option<Made> = None;
    for _ in 0..params.attempts {
        let Some(level) = attempt(&mut rng, params) else {
            continue;
        };
        let Some(made) = measure(level, params) else {
            continue;
        };
        if best.as_ref().is_none_or(|b| made.score() > b.score()) {
            best = Some(made);
        }
    }
    best
}

/// A level from a seed without the solver's measuring: the first of `params.attempts`
/// tries that gives a room, pulled as `params` says (solvable by construction, but with
/// no optimal solution known). For levels too large for the optimal search, such as the
/// fast search's benchmark levels.
pub fn pulled(seed: u64, params: &Params) -> Option<Level> {
    let mut rng = Rng::new(seed);
    (0..params.attempts).find_map(|_| attempt(&mut rng, params))
}

fn measure(level: Level, params: &Params) -> Option<Made> {
    let report = solve(&level, Mode::Pushes, params.max_states);
    let solution = report.solution()?.clone();
    if solution.pushes() < params.boxes + 1 {
        return None;
    }
    if level.has_numbers() {
        let mut plain = level.clone();
        plain
            .set_numbers(
                &vec![NO_NUMBER; level.boxes().len()],
                &vec![NO_NUMBER; level.goals().len()],
            )
            .ok()?;
        let without = solve(&plain, Mode::Pushes, params.max_states);
        if without.solution()?.pushes() >= solution.pushes() {
            return None;
        }
    }
    let box_changes = count_box_changes(&level, &solution);
    let lower_bound = lower_bound(&level);
    Some(Made {
        level,
        solution,
        box_changes,
        lower_bound,
    })
}

/// How many times a solution switches from pushing one box to pushing another.
pub fn count_box_changes(level: &Level, solution: &Moves) -> usize {
    let mut game = super::Game::new(level);
    let mut last = None;
    let mut changes = 0;
    for m in solution.iter() {
        if m.push {
            let target = level.step(game.player(), m.direction).unwrap();
            let b = game.box_at(target);
            if last.is_some() && last != b {
                changes += 1;
            }
            last = b;
        }
        game.step(m.direction);
    }
    changes
}

/// One level, or None if the room came out too cramped.
fn attempt(rng: &mut Rng, p: &Params) -> Option<Level> {
    let (w, h) = (p.width + 2, p.height + 2);
    let mut wall = vec![true; w * h];
    for r in 1..h - 1 {
        for c in 1..w - 1 {
            wall[r * w + c] = rng.chance(p.walls);
        }
    }
    keep_largest_room(&mut wall, w);
    let floor: Vec<usize> = (0..w * h).filter(|&c| !wall[c]).collect();
    if floor.len() < p.boxes * 3 + 2 {
        return None;
    }
    // Goals with their boxes, and the player elsewhere.
    let mut cells = floor.clone();
    let mut pick = |rng: &mut Rng| cells.swap_remove(rng.below(cells.len()));
    let goals: Vec<usize> = (0..p.boxes).map(|_| pick(rng)).collect();
    let mut player = pick(rng);
    let mut boxes = goals.clone();
    let step = |at: usize, d: Direction| {
        let (dr, dc) = d.delta();
        (at as isize + dr * w as isize + dc) as usize
    };
    if p.farthest {
        let (b, pl) = farthest(rng, p, &wall, &goals, w, h)?;
        boxes = b;
        player = pl;
    }
    let mut pulled = vec![0usize; boxes.len()];
    for _ in 0..if p.farthest { 0 } else { p.pulls } {
        let reach = reachable(&wall, &boxes, player, w);
        let mut pulls: Vec<(usize, Direction)> = (0..boxes.len())
            .flat_map(|i| Direction::ALL.iter().map(move |&d| (i, d)))
            .filter(|&(i, d)| {
                let stand = step(boxes[i], d);
                let back = step(stand, d);
                reach[stand] && !wall[back] && !boxes.contains(&back)
            })
            .collect();
        if pulls.is_empty() {
            break;
        }
        if p.spread && rng.below(4) != 0 {
            let least = pulls.iter().map(|&(i, _)| pulled[i]).min().unwrap_or(0);
            pulls.retain(|&(i, _)| pulled[i] == least);
        }
        let (i, d) = pulls[rng.below(pulls.len())];
        pulled[i] += 1;
        let stand = step(boxes[i], d);
        boxes[i] = stand;
        player = step(stand, d);
    }
    // The player anywhere in its region (a fresh start, not where the walk ended).
    let reach = reachable(&wall, &boxes, player, w);
    let region: Vec<usize> = (0..w * h).filter(|&c| reach[c]).collect();
    player = region[rng.below(region.len())];
    make_level(p, &wall, &goals, &boxes, player, w, h)
}

/// The level drawn from a room, its goals, the boxes (box i pulled from goal i) and the
/// player, numbered as `p.numbered` says.
fn make_level(
    p: &Params,
    wall: &[bool],
    goals: &[usize],
    boxes: &[usize],
    player: usize,
    w: usize,
    h: usize,
) -> Option<Level> {
    let rows: Vec<String> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    let at = r * w + c;
                    match (
                        wall[at],
                        goals.contains(&at),
                        boxes.contains(&at),
                        at == player,
                    ) {
                        (true, ..) => '#',
                        (_, true, true, _) => '*',
                        (_, false, true, _) => '$',
                        (_, true, _, true) => '+',
                        (_, false, _, true) => '@',
                        (_, true, ..) => '.',
                        _ => ' ',
                    }
                })
                .collect()
        })
        .collect();
    let level = Level::from_rows(&rows).ok()?;
    let mut level = Level::from_rows(&tight_rows(&level)).ok()?;
    if p.numbered > 0 {
        // Box i came from goal i; the first `numbered` pairs get numbers 1, 2, ... Numbers
        // are listed in reading order, which trimming the drawing does not change.
        let numbers = |cells: &[usize]| -> Vec<u8> {
            let mut sorted: Vec<(usize, u8)> = cells
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    (
                        c,
                        if i < p.numbered {
                            i as u8 + 1
                        } else {
                            NO_NUMBER
                        },
                    )
                })
                .collect();
            sorted.sort_unstable();
            sorted.into_iter().map(|x| x.1).collect()
        };
        level.set_numbers(&numbers(boxes), &numbers(goals)).ok()?;
    }
    Some(level)
}

/// The start furthest from the goals in pushes: breadth first over pulls from the solved
/// position (with the player in each of its regions), up to `p.max_states` positions;
/// from the deepest layer reached, the candidate furthest above the naive lower bound.
fn farthest(
    rng: &mut Rng,
    p: &Params,
    wall: &[bool],
    goals: &[usize],
    w: usize,
    h: usize,
) -> Option<(Vec<usize>, usize)> {
    let step = |at: usize, d: Direction| {
        let (dr, dc) = d.delta();
        (at as isize + dr * w as isize + dc) as usize
    };
    // Boxes 0..numbered keep their identity; the others are interchangeable.
    let key = |boxes: &[usize], player: usize| -> Vec<u16> {
        let mut k: Vec<u16> = boxes.iter().map(|&b| b as u16).collect();
        k[p.numbered.min(boxes.len())..].sort_unstable();
        let reach = reachable(wall, boxes, player, w);
        k.push((0..w * h).find(|&c| reach[c]).unwrap() as u16);
        k
    };
    let mut seen: HashSet<Vec<u16>> = HashSet::new();
    let mut layer: Vec<(Vec<usize>, usize)> = Vec::new();
    let boxes = goals.to_vec();
    let mut covered = vec![false; w * h];
    for start in 0..w * h {
        if wall[start] || boxes.contains(&start) || covered[start] {
            continue;
        }
        let reach = reachable(wall, &boxes, start, w);
        for c in 0..w * h {
            covered[c] |= reach[c];
        }
        if seen.insert(key(&boxes, start)) {
            layer.push((boxes.clone(), start));
        }
    }
    loop {
        let mut next = Vec::new();
        'layer: for (boxes, player) in &layer {
            let reach = reachable(wall, boxes, *player, w);
            for i in 0..boxes.len() {
                for d in Direction::ALL {
                    let stand = step(boxes[i], d);
                    let back = step(stand, d);
                    if !reach[stand] || wall[back] || boxes.contains(&back) {
                        continue;
                    }
                    let mut moved = boxes.clone();
                    moved[i] = stand;
                    if seen.insert(key(&moved, back)) {
                        next.push((moved, back));
                        if seen.len() >= p.max_states {
                            break 'layer;
                        }
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        layer = next;
        if seen.len() >= p.max_states {
            break;
        }
    }
    // Up to 32 candidates of the deepest layer; the one with the lowest naive bound.
    let mut best: Option<(usize, Vec<usize>, usize)> = None;
    for _ in 0..32.min(layer.len()) {
        let (boxes, player) = layer.swap_remove(rng.below(layer.len()));
        let Some(level) = make_level(p, wall, goals, &boxes, player, w, h) else {
            continue;
        };
        let bound = lower_bound(&level);
        if best.as_ref().is_none_or(|b| bound < b.0) {
            best = Some((bound, boxes, player));
        }
    }
    best.map(|(_, boxes, player)| (boxes, player))
}

/// The drawing without walls that touch no floor (not even diagonally), so the level's
/// outline follows its rooms.
fn tight_rows(level: &Level) -> Vec<String> {
    let (w, h) = (level.width() as isize, level.height() as isize);
    let floor = |r: isize, c: isize| {
        r >= 0 && c >= 0 && r < h && c < w && level.cell((r * w + c) as usize) == Cell::Floor
    };
    let mut rows = level.rows();
    for (r, row) in rows.iter_mut().enumerate() {
        let r = r as isize;
        let line: String = row
            .chars()
            .enumerate()
            .map(|(c, ch)| {
                let c = c as isize;
                let needed = (-1..=1).any(|dr| (-1..=1).any(|dc| floor(r + dr, c + dc)));
                if ch == '#' && !needed {
                    ' '
                } else {
                    ch
                }
            })
            .collect();
        *row = line.trim_end().to_string();
    }
    rows.retain(|l| !l.is_empty());
    let indent = rows
        .iter()
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    rows.iter().map(|l| l[indent..].to_string()).collect()
}

/// Walls everywhere but the largest connected floor area.
fn keep_largest_room(wall: &mut [bool], w: usize) {
    let n = wall.len();
    let mut label = vec![usize::MAX; n];
    let mut best = (0, usize::MAX);
    for start in 0..n {
        if wall[start] || label[start] != usize::MAX {
            continue;
        }
        let mut size = 0;
        let mut stack = vec![start];
        label[start] = start;
        while let Some(at) = stack.pop() {
            size += 1;
            for n2 in [at - w, at + w, at - 1, at + 1] {
                if !wall[n2] && label[n2] == usize::MAX {
                    label[n2] = start;
                    stack.push(n2);
                }
            }
        }
        if size > best.0 {
            best = (size, start);
        }
    }
    for at in 0..n {
        if label[at] != best.1 {
            wall[at] = true;
        }
    }
}

fn reachable(wall: &[bool], boxes: &[usize], from: usize, w: usize) -> Vec<bool> {
    let mut seen = vec![false; wall.len()];
    let mut stack = vec![from];
    seen[from] = true;
    while let Some(at) = stack.pop() {
        for n in [at - w, at + w, at - 1, at + 1] {
            if !wall[n] && !seen[n] && !boxes.contains(&n) {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    seen
}
