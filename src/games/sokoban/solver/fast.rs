//! The fast search: greedy best-first over positions after pushes, always expanding the
//! position whose lower bound is least (a minimum-cost matching of boxes to goals of
//! their numbers, [`super::matching`]). It finds a solution quickly, not the shortest.
//!
//! - Every pruning of the optimal search applies (dead squares per number, freeze and
//!   corral deadlocks), and a position whose boxes cannot be matched to goals at all is
//!   dropped too (two boxes that can only reach one goal).
//! - Pushes through tunnels are one move: when a box is pushed along a corridor one cell
//!   wide, with the player behind it in the same corridor, and the box is not on a goal,
//!   it is pushed on until it leaves the corridor. Stopping inside would only block the
//!   corridor with the player on the side it came from, so this skips positions without
//!   losing solutions, and the search runs through long corridors in one step.
//! - Positions are kept in the same table as the optimal search (boxes, player's region),
//!   so nothing is expanded twice.

use super::matching::{Matcher, NEVER};
use super::{
    across, checkpoint, clear_boxes, mark_boxes, Found, Method, Outcome, Region, Search, Table,
    Watch, NOT_GOAL, WALL,
};
use crate::games::sokoban::moves::Direction;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::ops::ControlFlow;

/// Goal-by-goal distance tables cost 2 bytes per cell per goal; past this many entries
/// the bound falls back to each box's nearest goal.
const MAX_TABLE: usize = 16 << 20;

/// The lower bound: per number class, each goal's pushes from every cell.
struct Bound {
    /// [class][goal of the class][cell]: fewest pushes from the cell onto that goal on the
    /// empty board (u16::MAX: never). Empty when too large (see [`MAX_TABLE`]).
    dist: Vec<Vec<Vec<u16>>>,
    matcher: Matcher,
}

impl Bound {
    fn new(search: &Search) -> Bound {
        let goals = search.goal_class.iter().filter(|&&g| g != NOT_GOAL).count();
        let dist = if goals.saturating_mul(search.cells) > MAX_TABLE {
            Vec::new()
        } else {
            (0..search.class_ranges.len())
                .map(|class| {
                    (0..search.cells)
                        .filter(|&c| usize::from(search.goal_class[c]) == class)
                        .map(|g| search.pushes_to(g))
                        .collect()
                })
                .collect()
        };
        Bound {
            dist,
            matcher: Matcher::default(),
        }
    }

    /// A lower bound on the pushes left, None if the boxes can never all be placed.
    fn of(&mut self, search: &Search, boxes: &[u16]) -> Option<u32> {
        if self.dist.is_empty() {
            let h = search.pushes_at_least(boxes);
            return (h < usize::from(u16::MAX)).then_some(h as u32);
        }
        let mut total = 0;
        for (class, &(a, b)) in search.class_ranges.iter().enumerate() {
            let goals = &self.dist[class];
            let cells = &boxes[a..b];
            let cost = |r: usize, c: usize| match goals[c][usize::from(cells[r])] {
                u16::MAX => NEVER,
                n => i32::from(n),
            };
            total += self.matcher.cost(b - a, cost)?;
        }
        Some(total as u32)
    }
}

impl Search {
    /// Fewest pushes from each cell onto the goal at `goal` on the empty board: pulls
    /// breadth-first from it.
    fn pushes_to(&self, goal: usize) -> Vec<u16> {
        let mut dist = vec![u16::MAX; self.cells];
        dist[goal] = 0;
        let mut queue = VecDeque::from([goal]);
        while let Some(at) = queue.pop_front() {
            for d in 0..4 {
                let to = self.next[at][d];
                if self.open(to) && dist[to] == u16::MAX && self.open(self.next[to][d]) {
                    dist[to] = dist[at].saturating_add(1);
                    queue.push_back(to);
                }
            }
        }
        dist
    }

    /// Whether a box at `at`, just pushed in direction `d` with the player behind it, is
    /// in a corridor: the walls on both sides of the box and of the player.
    fn in_tunnel(&self, at: usize, d: usize) -> bool {
        let behind = self.step(at, d ^ 1);
        across(d).iter().all(|&side| {
            self.empty[self.step(at, side)] == WALL && self.empty[self.step(behind, side)] == WALL
        })
    }

    /// Greedy best-first (see the module's notes), storing at most `max_states` positions.
    pub(super) fn greedy(&self, max_states: usize, watch: &mut Watch) -> Found {
        let k = self.start_boxes.len();
        let mut bound = Bound::new(self);
        let mut table = Table::new(k + 1);
        // Per position: its parent, the cell the box was pushed from, the direction and
        // how many cells it went (more than one through a tunnel).
        let mut parents: Vec<(u32, u16, u8, u8)> = Vec::new();
        let mut heap = BinaryHeap::new();
        let mut occ = self.empty.clone();
        let mut here = Region::new(self.cells);
        let mut there = Region::new(self.cells);
        let mut corrals = self.corrals();
        let found = |parents: &[(u32, u16, u8, u8)], index: usize, states: usize| Found {
            outcome: Outcome::Found(self.macro_path(parents, index)),
            states,
        };
        if self.solved(&self.start_boxes) {
            return found(&[(u32::MAX, 0, 0, 0)], 0, 1);
        }
        let Some(h) = bound.of(self, &self.start_boxes) else {
            return Found {
                outcome: Outcome::Exhausted,
                states: 1,
            };
        };
        mark_boxes(&mut occ, &self.start_boxes);
        let mut key = self.start_boxes.clone();
        key.push(self.flood(&occ, self.start_player, &mut here) as u16);
        clear_boxes(&mut occ, &self.start_boxes);
        table.insert(&key);
        parents.push((u32::MAX, 0, 0, 0));
        // Least bound first; among equal bounds the one with more pushes made (it is
        // further along the same line), then the older.
        heap.push(Reverse((h, Reverse(0u32), 0u32)));
        let mut boxes = vec![0u16; k];
        let mut child = vec![0u16; k + 1];
        while let Some(Reverse((_, Reverse(g), index))) = heap.pop() {
            let index = index as usize;
            boxes.copy_from_slice(&table.get(index)[..k]);
            let player = usize::from(table.get(index)[k]);
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
                |push, occ, there, child| {
                    let (slot, b, d) = (push.slot, push.from, push.direction);
                    let class = self.slot_class[slot];
                    let mut region = push.region;
                    let mut end = self.step(b, d);
                    let mut count = 1u8;
                    while count < u8::MAX
                        && self.goal_class[end] == NOT_GOAL
                        && self.in_tunnel(end, d)
                    {
                        let on = self.step(end, d);
                        if occ[on] != 0 || !self.live[class][on] {
                            break;
                        }
                        end = on;
                        count += 1;
                    }
                    if count > 1 {
                        occ[b] = 0;
                        occ[end] = slot as u16 + 1;
                        let dead = self.deadlocked(occ, end);
                        if !dead {
                            region = self.flood(occ, self.step(end, d ^ 1), there);
                        }
                        occ[end] = 0;
                        occ[b] = slot as u16 + 1;
                        if dead {
                            return ControlFlow::Continue(());
                        }
                        child[..k].copy_from_slice(&boxes);
                        child[slot] = end as u16;
                        self.resort(&mut child[..k], slot);
                    }
                    child[k] = region as u16;
                    let (at, new) = table.find_or_insert(child);
                    if !new {
                        return ControlFlow::Continue(());
                    }
                    parents.push((index as u32, b as u16, d as u8, count));
                    if self.solved(&child[..k]) {
                        return ControlFlow::Break(found(&parents, at, table.len()));
                    }
                    let made = g + u32::from(count);
                    if let Some(stop) =
                        checkpoint(table.len(), max_states, Method::Fast, made as usize, watch)
                    {
                        return ControlFlow::Break(stop);
                    }
                    if let Some(h) = bound.of(self, &child[..k]) {
                        heap.push(Reverse((h, Reverse(made), at as u32)));
                    }
                    ControlFlow::Continue(())
                },
            );
            if let ControlFlow::Break(found) = flow {
                return found;
            }
            clear_boxes(&mut occ, &boxes);
        }
        Found {
            outcome: Outcome::Exhausted,
            states: table.len(),
        }
    }

    /// The pushes (box cell, direction) leading to a position, a tunnel's pushes one by one.
    fn macro_path(
        &self,
        parents: &[(u32, u16, u8, u8)],
        mut index: usize,
    ) -> Vec<(usize, Direction)> {
        let mut pushes = Vec::new();
        while parents[index].0 != u32::MAX {
            let (parent, b, d, count) = parents[index];
            let d = usize::from(d);
            let mut at = usize::from(b);
            let mut run = Vec::new();
            for _ in 0..count {
                run.push((at, Direction::ALL[d]));
                at = self.step(at, d);
            }
            pushes.extend(run.into_iter().rev());
            index = parent as usize;
        }
        pushes.reverse();
        pushes
    }
}
