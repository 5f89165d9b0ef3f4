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

/// The most states a search stores by default, whatever the level (about 1.6 GB with
/// one-word keys).
pub const DEFAULT_STATE_LIMIT: usize = 20_000_000;

/// The memory a default search may use, in bytes: the default state limit is lowered for
/// levels whose states take more room, so it stays near this.
pub const DEFAULT_MEMORY_BUDGET: usize = 2_000_000_000;

/// Bytes one stored state costs with keys of `words` 64-bit words: the key twice (the
/// list and the index), the index's spare room, the cost, the parent link and the queue.
/// Measured (peak RSS over 1,000,000 states of unsolvable levels): 82 bytes with one word,
/// 142 with two, 617 with the widest key (33 words, a 255x255 level with one block per
/// row); a boxed wide key adds its pointer and the allocator's overhead.
pub fn bytes_per_state(words: usize) -> usize {
    match words {
        0 | 1 => 100,
        2 => 150,
        w => 64 + 2 * (32 + 8 * w),
    }
}

/// The most states that fit in `budget` bytes for `level`.
pub fn state_limit_for_memory(level: &Level, budget: usize) -> usize {
    budget / bytes_per_state(key_words(level))
}

/// The state limit [`solve`] and `aceemu mazezam solve` use: [`DEFAULT_STATE_LIMIT`], or
/// fewer for wide keys so the search stays within [`DEFAULT_MEMORY_BUDGET`]. (A flat 20
/// million states of a 255x255 level would need some 12 GB.)
pub fn default_state_limit(level: &Level) -> usize {
    state_limit_for_memory(level, DEFAULT_MEMORY_BUDGET).min(DEFAULT_STATE_LIMIT)
}

/// Solves with the level's default state limit ([`default_state_limit`]).
pub fn solve(level: &Level, goal: Goal) -> Result<Report, TooManyStates> {
    solve_with_limit(level, goal, default_state_limit(level))
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
        Moves::from(moves)
    }
}

/// What a search minimises: its cost (moves so far, or pushes then moves) and the queue that
/// hands out states in order of cost plus the lower bound on the moves still needed
/// ([`Space::moves_to_exit_at_least`]).
trait Objective: Default {
    type Cost: Copy + Ord;
    /// What the queue orders by: the cost with the bound added to its move count.
    type Priority: Copy;
    /// The cost of the start state: the forced first `r`.
    const START: Self::Cost;
    fn after(cost: Self::Cost, made: Move) -> Self::Cost;
    fn push(&mut self, cost: Self::Cost, bound: u32, id: u32);
    fn pop(&mut self) -> Option<(Self::Priority, u32)>;
    /// The cost an entry was queued with, from its priority and its state's bound.
    fn queued_cost(priority: Self::Priority, bound: u32) -> Self::Cost;
}

/// A* over moves: states are taken in order of moves so far plus the lower bound on the
/// moves still needed, the deepest first among equals. Every move costs one and the bound
/// is consistent, so the first state taken next to the exit ends a shortest solution, as
/// breadth-first search would find, while on large levels far fewer states are stored on
/// the way there. Unsolvable levels are searched to the end either way.
#[derive(Default)]
struct FewestMoves {
    /// buckets[f] holds the states whose moves + bound is f (a move changes f by 0 or 2).
    buckets: Vec<Vec<u32>>,
    /// The lowest bucket that may hold states.
    f: usize,
}

impl Objective for FewestMoves {
    type Cost = u32;
    type Priority = u32;
    const START: u32 = 1;

    fn after(moves: u32, _made: Move) -> u32 {
        moves + 1
    }

    fn push(&mut self, moves: u32, bound: u32, id: u32) {
        let f = (moves + bound) as usize;
        if f >= self.buckets.len() {
            self.buckets.resize(f + 1, Vec::new());
        }
        self.buckets[f].push(id);
    }

    fn pop(&mut self) -> Option<(u32, u32)> {
        while let Some(bucket) = self.buckets.get_mut(self.f) {
            match bucket.pop() {
                Some(id) => return Some((self.f as u32, id)),
                None => self.f += 1,
            }
        }
        None
    }

    fn queued_cost(f: u32, bound: u32) -> u32 {
        f - bound
    }
}

/// Dijkstra over pushes, ties broken by fewest moves: entries are (pushes, moves + lower
/// bound on the moves left, state), the bound making this A* on the moves within each push
/// count (see [`FewestMoves`]).
#[derive(Default)]
struct FewestPushes {
    heap: BinaryHeap<Reverse<(u32, u32, u32)>>,
}

impl Objective for FewestPushes {
    /// (pushes, moves so far)
    type Cost = (u32, u32);
    /// (pushes, moves + bound)
    type Priority = (u32, u32);
    const START: (u32, u32) = (0, 1);

    fn after((pushes, moves): (u32, u32), made: Move) -> (u32, u32) {
        (pushes + u32::from(made.push), moves + 1)
    }

    fn push(&mut self, (pushes, moves): (u32, u32), bound: u32, id: u32) {
        self.heap.push(Reverse((pushes, moves + bound, id)));
    }

    fn pop(&mut self) -> Option<((u32, u32), u32)> {
        let Reverse((pushes, estimate, id)) = self.heap.pop()?;
        Some(((pushes, estimate), id))
    }

    fn queued_cost((pushes, estimate): (u32, u32), bound: u32) -> (u32, u32) {
        (pushes, estimate - bound)
    }
}

fn fewest_moves<K: Key>(space: &Space, max_states: usize) -> Result<Report, TooManyStates> {
    best_first::<K, FewestMoves>(space, max_states)
}

fn fewest_pushes<K: Key>(space: &Space, max_states: usize) -> Result<Report, TooManyStates> {
    best_first::<K, FewestPushes>(space, max_states)
}

/// The search both goals share: states are taken in the objective's order; a state
/// reached again at a lower cost is requeued (its old entry is skipped when it comes up);
/// the first state taken next to the exit ends an optimal solution.
fn best_first<K: Key, O: Objective>(
    space: &Space,
    max_states: usize,
) -> Result<Report, TooManyStates> {
    let bound = |row, col| space.moves_to_exit_at_least(row, col);
    let start = space.start();
    let mut index: FxHashMap<K, u32> = FxHashMap::default();
    let mut keys: Vec<K> = vec![space.encode(&start)];
    index.insert(keys[0].clone(), 0);
    let mut cost: Vec<O::Cost> = vec![O::START];
    let mut tree = Tree {
        parent: vec![u32::MAX],
        made: vec![Move::step(Direction::Right)],
    };
    let mut queue = O::default();
    queue.push(O::START, bound(start.row, start.col), 0);
    let mut s = start;
    while let Some((priority, id)) = queue.pop() {
        let id = id as usize;
        space.decode_into(&keys[id], &mut s);
        if O::queued_cost(priority, bound(s.row, s.col)) != cost[id] {
            continue; // reached again more cheaply after this entry was queued
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
            let next = O::after(cost[id], t.made);
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
            queue.push(next, bound(t.row, t.col), to as u32);
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

    /// A 255x255 level with one block in every row: 33-word keys, the widest there are.
    fn widest_level() -> Level {
        let (w, h) = (255, 255);
        let mut cells = vec![false; w * h];
        for r in 0..h {
            cells[r * w + (r * 7 + 5) % w] = true;
        }
        Level::new(w, h, 0, h - 1, cells).unwrap()
    }

    /// The default limit used to be 20 million states whatever the key size: for the
    /// widest keys (617 bytes a state, measured) that is over 12 GB before the search gives
    /// up with its message. Now it stays within the budget.
    #[test]
    fn the_default_state_limit_keeps_wide_searches_within_the_memory_budget() {
        let wide = widest_level();
        assert_eq!(key_words(&wide), 33);
        let measured_bytes_per_state = 617;
        let limit = default_state_limit(&wide);
        assert!(
            limit * measured_bytes_per_state <= DEFAULT_MEMORY_BUDGET,
            "{limit} states"
        );
        assert!(limit >= 1_000_000, "{limit} states is needlessly few");
        // One-word keys keep the full default (82 bytes a state, measured).
        let small = level(&["#######", "#$  $ #", "+  $ $*", "#######"]);
        assert_eq!(key_words(&small), 1);
        assert_eq!(default_state_limit(&small), DEFAULT_STATE_LIMIT);
        const { assert!(DEFAULT_STATE_LIMIT * 82 <= DEFAULT_MEMORY_BUDGET) };
    }

    #[test]
    fn the_state_limit_is_reported() {
        let lv = level(&["#######", "#$  $ #", "+  $ $*", "#######"]);
        assert_eq!(solve_with_limit(&lv, Goal::Moves, 5), Err(TooManyStates(5)));
    }
}
