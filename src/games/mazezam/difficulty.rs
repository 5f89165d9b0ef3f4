//! A difficulty rating for a mazezam, from the whole reachable state space: the optimal
//! solution's moves, the fewest pushes any solution needs, and how much of the space is a
//! trap (states from which the exit can no longer be reached, so the player must retry).

use super::level::Level;
use super::moves::Direction;
use super::solver::{self, dispatch, Goal, TooManyStates, WithKey};
use super::state_space::{FxHashMap, Key, Space};
use std::collections::hash_map::Entry;

/// What the rating is computed from.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Fewest moves (canonical count).
    pub moves: usize,
    /// Pushes in that move-optimal solution.
    pub pushes_in_shortest: usize,
    /// Fewest pushes of any solution.
    pub min_pushes: usize,
    /// States reachable from the start (the player inside the mazezam).
    pub states: usize,
    /// Reachable states from which the exit cannot be reached.
    pub dead_states: usize,
}

impl Analysis {
    /// The share of reachable states that are traps, 0.0..1.0.
    pub fn dead_fraction(&self) -> f64 {
        self.dead_states as f64 / self.states.max(1) as f64
    }

    /// A score that grows with the work a solution takes and with the chance of being
    /// trapped: (moves + 3 x fewest pushes) x (1 + trap share).
    pub fn score(&self) -> f64 {
        (self.moves + 3 * self.min_pushes) as f64 * (1.0 + self.dead_fraction())
    }

    /// The score on a scale of 1..=10 (each step doubles the score: 1 up to about 16,
    /// 10 from about 4000).
    pub fn rating(&self) -> u8 {
        (self.score().max(1.0).log2() - 3.0)
            .round()
            .clamp(1.0, 10.0) as u8
    }
}

/// Why a level could not be rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    #[error("the mazezam has no solution")]
    Unsolvable,
    #[error(transparent)]
    TooManyStates(#[from] TooManyStates),
}

/// Explores every reachable state (up to `max_states`) and rates the level.
pub fn analyse(level: &Level, max_states: usize) -> Result<Analysis, AnalysisError> {
    let shortest = solver::solve_with_limit(level, Goal::Moves, max_states)?;
    let shortest = shortest
        .solution()
        .ok_or(AnalysisError::Unsolvable)?
        .clone();
    let fewest = solver::solve_with_limit(level, Goal::Pushes, max_states)?;
    let fewest = fewest.solution().ok_or(AnalysisError::Unsolvable)?.clone();
    let space = Space::new(level);
    let (states, dead_states) = dispatch(&space, Explore { max_states })?;
    Ok(Analysis {
        moves: shortest.len(),
        pushes_in_shortest: shortest.pushes(),
        min_pushes: fewest.pushes(),
        states,
        dead_states,
    })
}

struct Explore {
    max_states: usize,
}

impl WithKey for Explore {
    type Output = Result<(usize, usize), TooManyStates>;

    /// (reachable states, dead states)
    fn run<K: Key>(self, space: &Space) -> Self::Output {
        let mut index: FxHashMap<K, u32> = FxHashMap::default();
        let mut keys: Vec<K> = vec![space.encode(&space.start())];
        index.insert(keys[0].clone(), 0);
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut s = space.start();
        let mut head = 0;
        while head < keys.len() {
            space.decode_into(&keys[head], &mut s);
            for direction in Direction::ALL {
                let Some(t) = space.transition(&s, direction) else {
                    continue;
                };
                let key = space.apply(&keys[head], &t);
                let to = match index.entry(key) {
                    Entry::Occupied(slot) => *slot.get(),
                    Entry::Vacant(slot) => {
                        let to = keys.len() as u32;
                        keys.push(slot.key().clone());
                        slot.insert(to);
                        if keys.len() > self.max_states {
                            return Err(TooManyStates(self.max_states));
                        }
                        to
                    }
                };
                edges.push((to, head as u32));
            }
            head += 1;
        }
        // Backwards from the states next to the exit over the reversed edges.
        let n = keys.len();
        let mut start = vec![0usize; n + 1];
        for &(to, _) in &edges {
            start[to as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut from = vec![0u32; edges.len()];
        let mut fill = start.clone();
        for &(to, f) in &edges {
            from[fill[to as usize]] = f;
            fill[to as usize] += 1;
        }
        let mut alive = vec![false; n];
        let mut queue = Vec::new();
        for (i, key) in keys.iter().enumerate() {
            space.decode_into(key, &mut s);
            if space.at_exit_door(&s) {
                alive[i] = true;
                queue.push(i);
            }
        }
        while let Some(i) = queue.pop() {
            for &f in &from[start[i]..start[i + 1]] {
                if !alive[f as usize] {
                    alive[f as usize] = true;
                    queue.push(f as usize);
                }
            }
        }
        Ok((n, alive.iter().filter(|&&a| !a).count()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_corridor_has_no_traps_and_the_lowest_rating() {
        let level = Level::from_drawing(&["#####", "+   *", "#####"]).unwrap();
        let a = analyse(&level, 1000).unwrap();
        assert_eq!(
            (a.moves, a.min_pushes, a.states, a.dead_states),
            (4, 0, 3, 0)
        );
        assert_eq!(a.rating(), 1);
    }

    #[test]
    fn pushes_that_shut_the_exit_are_traps() {
        // Walking round below takes 7 moves. Pushing the exit row right twice puts its
        // only block against the exit for good: the 7 cells the player can still reach
        // are all dead states.
        let level = Level::from_drawing(&["######", "+ $  *", "#    #", "######"]).unwrap();
        let a = analyse(&level, 1000).unwrap();
        assert_eq!((a.moves, a.min_pushes, a.dead_states), (7, 0, 7));
        assert!(a.rating() >= 1);
    }

    #[test]
    fn unsolvable_levels_are_not_rated() {
        let level = Level::from_drawing(&["#######", "#  $ $#", "+ $  $*", "#######"]).unwrap();
        assert_eq!(analyse(&level, 1000), Err(AnalysisError::Unsolvable));
    }
}
