//! Optimal solving (spec section 3, "Counting moves"): an A* search for the fewest moves
//! (breadth-first search guided by a lower bound on the moves left), or a Dijkstra search
//! for the fewest pushes (ties broken by fewest moves, with the same bound), over the
//! packed states of the `state_space` module. A level without solution is reported as such
//! once every reachable state has been seen.

use super::level::Level;
use super::moves::{Direction, Move, Moves};
use super::state_space::{FxHashMap, Key, Space, WideKey};
use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::BinaryHeap;

/// What to minimise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The canonical move count.
    Moves,
    /// The number of pushes, then the move count.
    Pushes,
}

/// The answer for a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// An optimal solution, from the entrance gap into the exit gap.
    Solved(Moves),
    /// No sequence of moves reaches the exit.
    Unsolvable,
}

/// A search's answer and its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub verdict: Verdict,
    /// Distinct states stored (the player inside the mazezam; the gaps are not states).
    pub states: usize,
}

impl Report {
    pub fn solution(&self) -> Option<&Moves> {
        match &self.verdict {
            Verdict::Solved(moves) => Some(moves),
            Verdict::Unsolvable => None,
        }
    }
}

/// The search stopped at its state limit without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("gave up after {0} states without an answer (raise the state limit to search further)")]
pub struct TooManyStates(pub usize);

/// States stored before a search gives up, by default (about 1 GB for the largest keys).
pub const DEFAULT_STATE_LIMIT: usize = 20_000_000;

/// Solves with the default state limit.
pub fn solve(level: &Level, goal: Goal) -> Result<Report, TooManyStates> {
    solve_with_limit(level, goal, DEFAULT_STATE_LIMIT)
}

/// Solves, giving up once more than `max_states` states were stored.
pub fn solve_with_limit(
    level: &Level,
    goal: Goal,
    max_states: usize,
) -> Result<Report, TooManyStates> {
    let space = Space::new(level);
    dispatch(&space, Search { goal, max_states })
}

/// How many 64-bit words one packed state of `level` takes (1 and 2 use plain integer
/// keys, more a boxed slice).
pub fn key_words(level: &Level) -> usize {
    Space::new(level).words()
}

/// Something to run over a [`Space`] with the narrowest key type that fits.
pub(crate) trait WithKey {
    type Output;
    fn run<K: Key>(self, space: &Space) -> Self::Output;
}

pub(crate) fn dispatch<W: WithKey>(space: &Space, job: W) -> W::Output {
    match space.words() {
        1 => job.run::<u64>(space),
        2 => job.run::<u128>(space),
        _ => job.run::<WideKey>(space),
    }
}

struct Search {
    goal: Goal,
    max_states: usize,
}

impl WithKey for Search {
    type Output = Result<Report, TooManyStates>;
    fn run<K: Key>(self, space: &Space) -> Self::Output {
        match self.goal {
            Goal::Moves => fewest_moves::<K>(space, self.max_states),
            Goal::Pushes => fewest_pushes::<K>(space, self.max_states),
        }
    }
}

/// Parent links of the states found, to rebuild the route.
struct Tree {
    parent: Vec<u32>,
    made: Vec<Move>,
}

impl Tree {
    /// The full solution ending at state `id` (next to the exit): the forced first `r`,
    /// the route, and the step into the exit gap.
    fn solution(&self, mut id: usize) -> Moves {
        let mut route = Vec::new();
        while self.parent[id] != u32::MAX {
            route.push(self.made[id]);
            id = self.parent[id] as usize;
        }
        let step_r = Move::step(Direction::Right);
        let mut moves = vec![step_r];
        moves.extend(route.into_iter().rev());
        moves.push(step_r);
        Moves(moves)
    }
}

/// A* over moves: states are taken in order of moves so far plus the lower bound on the
/// moves still needed ([`Space::moves_to_exit_at_least`]), the deepest first among equals.
/// Every move costs one and the bound is consistent, so the first state taken next to the
/// exit ends a shortest solution, as breadth-first search would find, while on large
/// levels far fewer states are stored on the way there. Unsolvable levels are searched
/// to the end either way.
fn fewest_moves<K: Key>(space: &Space, max_states: usize) -> Result<Report, TooManyStates> {
    let start = space.start();
    let bound = |s: &super::state_space::Decoded| space.moves_to_exit_at_least(s.row, s.col);
    let mut index: FxHashMap<K, u32> = FxHashMap::default();
    let mut keys: Vec<K> = vec![space.encode(&start)];
    index.insert(keys[0].clone(), 0);
    // Moves so far, the forced first `r` included.
    let mut moves: Vec<u32> = vec![1];
    let mut tree = Tree {
        parent: vec![u32::MAX],
        made: vec![Move::step(Direction::Right)],
    };
    // buckets[f] holds the states whose moves + bound is f (a move changes f by 0 or 2).
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let first = (1 + bound(&start)) as usize;
    buckets.resize(first + 1, Vec::new());
    buckets[first].push(0);
    let mut f = first;
    let mut s = start;
    while f < buckets.len() {
        let Some(id) = buckets[f].pop() else {
            f += 1;
            continue;
        };
        let id = id as usize;
        space.decode_into(&keys[id], &mut s);
        if (moves[id] + bound(&s)) as usize != f {
            continue; // reached again by a shorter way after this entry was queued
        }
        if space.at_exit_door(&s) {
            return Ok(Report {
                verdict: Verdict::Solved(tree.solution(id)),
                states: keys.len(),
            });
        }
        let next_moves = moves[id] + 1;
        for direction in Direction::ALL {
            let Some(t) = space.transition(&s, direction) else {
                continue;
            };
            let key = space.apply(&keys[id], &t);
            let to = match index.entry(key) {
                Entry::Vacant(slot) => {
                    let to = keys.len();
                    keys.push(slot.key().clone());
                    slot.insert(to as u32);
                    moves.push(next_moves);
                    tree.parent.push(id as u32);
                    tree.made.push(t.made);
                    if keys.len() > max_states {
                        return Err(TooManyStates(max_states));
                    }
                    to
                }
                Entry::Occupied(slot) => {
                    let to = *slot.get() as usize;
                    if next_moves >= moves[to] {
                        continue;
                    }
                    moves[to] = next_moves;
                    tree.parent[to] = id as u32;
                    tree.made[to] = t.made;
                    to
                }
            };
            let next_f = (next_moves + space.moves_to_exit_at_least(t.row, t.col)) as usize;
            if next_f >= buckets.len() {
                buckets.resize(next_f + 1, Vec::new());
            }
            buckets[next_f].push(to as u32);
        }
    }
    Ok(Report {
        verdict: Verdict::Unsolvable,
        states: keys.len(),
    })
}

fn fewest_pushes<K: Key>(space: &Space, max_states: usize) -> Result<Report, TooManyStates> {
    let start = space.start();
    let mut index: FxHashMap<K, u32> = FxHashMap::default();
    let mut keys: Vec<K> = vec![space.encode(&start)];
    // (pushes, moves so far including the forced first `r`)
    let mut cost: Vec<(u32, u32)> = vec![(0, 1)];
    let mut tree = Tree {
        parent: vec![u32::MAX],
        made: vec![Move::step(Direction::Right)],
    };
    index.insert(keys[0].clone(), 0);
    let mut heap = BinaryHeap::new();
    // Entries are (pushes, moves + lower bound on the moves left, state): the bound makes
    // this A* on the moves within each push count (see `fewest_moves`).
    heap.push(Reverse((
        0u32,
        1 + space.moves_to_exit_at_least(start.row, start.col),
        0u32,
    )));
    let mut s = start;
    while let Some(Reverse((pushes, estimate, id))) = heap.pop() {
        let id = id as usize;
        space.decode_into(&keys[id], &mut s);
        let moves = estimate - space.moves_to_exit_at_least(s.row, s.col);
        if cost[id] != (pushes, moves) {
            continue; // a better way here was found after this entry was queued
        }
        if space.at_exit_door(&s) {
            return Ok(Report {
                verdict: Verdict::Solved(tree.solution(id)),
                states: keys.len(),
            });
        }
        for direction in Direction::ALL {
            let Some(t) = space.transition(&s, direction) else {
                continue;
            };
            let next = (pushes + u32::from(t.made.push), moves + 1);
            let key = space.apply(&keys[id], &t);
            let to = match index.entry(key) {
                Entry::Vacant(slot) => {
                    let to = keys.len();
                    keys.push(slot.key().clone());
                    slot.insert(to as u32);
                    cost.push(next);
                    tree.parent.push(id as u32);
                    tree.made.push(t.made);
                    if keys.len() > max_states {
                        return Err(TooManyStates(max_states));
                    }
                    to
                }
                Entry::Occupied(slot) => {
                    let to = *slot.get() as usize;
                    if next >= cost[to] {
                        continue;
                    }
                    cost[to] = next;
                    tree.parent[to] = id as u32;
                    tree.made[to] = t.made;
                    to
                }
            };
            let bound = space.moves_to_exit_at_least(t.row, t.col);
            heap.push(Reverse((next.0, next.1 + bound, to as u32)));
        }
    }
    Ok(Report {
        verdict: Verdict::Unsolvable,
        states: keys.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mazezam::game::Game;

    fn level(lines: &[&str]) -> Level {
        Level::from_drawing(lines).unwrap()
    }

    #[test]
    fn the_smallest_mazezam_is_solved_by_two_steps() {
        let report = solve(&level(&["###", "+ *", "###"]), Goal::Moves).unwrap();
        assert_eq!(report.solution().unwrap().to_string(), "rr");
        let report = solve(&level(&["###", "+ *", "###"]), Goal::Pushes).unwrap();
        assert_eq!(report.solution().unwrap().to_string(), "rr");
    }

    #[test]
    fn first_shove_needs_18_moves_and_5_pushes() {
        let lv = level(&["#######", "#$  $ #", "+  $ $*", "#######"]);
        for goal in [Goal::Moves, Goal::Pushes] {
            let moves = solve(&lv, goal).unwrap().solution().unwrap().clone();
            assert_eq!((moves.len(), moves.pushes()), (18, 5), "{goal:?}");
            assert!(Game::replay(&lv, &moves).is_ok());
        }
    }

    #[test]
    fn dead_end_is_unsolvable_after_four_states() {
        let lv = level(&["#######", "#  $ $#", "+ $  $*", "#######"]);
        // The spec counts the entrance gap as a state too; this solver does not store it.
        let report = solve(&lv, Goal::Moves).unwrap();
        assert_eq!(report.verdict, Verdict::Unsolvable);
        assert_eq!(report.states, 3);
    }

    #[test]
    fn the_state_limit_is_reported() {
        let lv = level(&["#######", "#$  $ #", "+  $ $*", "#######"]);
        assert_eq!(solve_with_limit(&lv, Goal::Moves, 5), Err(TooManyStates(5)));
    }
}
