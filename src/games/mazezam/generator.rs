//! Random solvable mazezams, reproducible from a seed: a random start, then a hill climb
//! that changes one thing at a time (a cell, or a gap's row) and keeps the change when the
//! level stays solvable and its shortest solution does not get shorter.

use super::difficulty::{self, Analysis, AnalysisError};
use super::level::{Level, MAX_SIDE};
use super::moves::Moves;
use super::rng::Rng;
use super::solver::{self, Goal};
use std::ops::RangeInclusive;

/// Block density of a random start's rows, in thousandths: 25%..60%.
pub const DEFAULT_DENSITY: RangeInclusive<usize> = 250..=600;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    pub width: usize,
    pub height: usize,
    /// The shortest solution must have at least this many moves.
    pub min_moves: usize,
    /// Fresh random starts to try before giving up.
    pub attempts: usize,
    /// Changes tried in each hill climb.
    pub climb_steps: usize,
    /// Candidates whose search needs more states than this are skipped.
    pub max_states: usize,
    /// Each row of a random start gets a block density drawn from this range, in
    /// thousandths.
    pub density: RangeInclusive<usize>,
}

impl Params {
    pub fn new(width: usize, height: usize) -> Params {
        Params {
            width,
            height,
            min_moves: 0,
            attempts: 40,
            climb_steps: 300,
            max_states: 200_000,
            density: DEFAULT_DENSITY,
        }
    }
}

/// A generated level with its optimal solution and rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub level: Level,
    pub solution: Moves,
    pub analysis: Analysis,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error("interior of {0}x{1} is outside 1x1..{max}x{max}", max = MAX_SIDE)]
    Size(usize, usize),
    #[error("block density {0}..={1} is not a range within 0..=1000 (thousandths)")]
    Density(usize, usize),
    #[error("{}", not_found_message(*wanted, *attempts, *best, *unrated))]
    NotFound {
        wanted: usize,
        attempts: usize,
        best: usize,
        /// Solvable candidates long enough but too large to rate within the state limit.
        unrated: usize,
    },
}

/// Says why nothing was found: too short, or nothing solvable at all (then "longest 0"
/// and "at least 0 moves" would only puzzle).
fn not_found_message(wanted: usize, attempts: usize, best: usize, unrated: usize) -> String {
    if unrated > 0 {
        format!(
            "no mazezam found in {attempts} attempts: {unrated} solvable candidate{} (longest \
             {best} moves) had too many states to rate their difficulty; try a smaller size",
            if unrated == 1 { "" } else { "s" }
        )
    } else if best == 0 {
        format!(
            "no solvable mazezam found in {attempts} attempts (every candidate was unsolvable \
             or too large to search; try more --attempts or a smaller size)"
        )
    } else {
        format!(
            "no mazezam of at least {wanted} moves found in {attempts} attempts (longest {best})"
        )
    }
}

/// Generates a mazezam from `seed`; the same seed and parameters give the same level.
///
/// Candidates whose search stores more than `max_states` states are skipped, so a change
/// to the solver's search order can change what a seed gives: the pack's test regenerates
/// every pack level to catch that (`cargo test --test mazezam_pack -- --ignored`).
pub fn generate(seed: u64, params: &Params) -> Result<Generated, GenerateError> {
    generate_with_progress(seed, params, &mut |_, _| {})
}

/// [`generate`], calling `progress(attempt, longest)` after each attempt (1-based), with
/// the longest shortest solution seen so far.
pub fn generate_with_progress(
    seed: u64,
    params: &Params,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Generated, GenerateError> {
    let (w, h) = (params.width, params.height);
    if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
        return Err(GenerateError::Size(w, h));
    }
    let (low, high) = (*params.density.start(), *params.density.end());
    if low > high || high > 1000 {
        return Err(GenerateError::Density(low, high));
    }
    let mut rng = Rng::new(seed);
    let mut best_found = 0;
    let mut unrated = 0;
    for attempt in 1..=params.attempts.max(1) {
        let found = climb(&mut rng, params);
        if let Some((_, moves)) = &found {
            best_found = best_found.max(moves.len());
        }
        progress(attempt, best_found);
        let Some((level, moves)) = found else {
            continue;
        };
        if moves.len() < params.min_moves {
            continue;
        }
        match difficulty::analyse(&level, params.max_states) {
            Ok(analysis) => {
                return Ok(Generated {
                    level,
                    solution: moves,
                    analysis,
                })
            }
            Err(AnalysisError::TooManyStates(_)) => unrated += 1,
            Err(AnalysisError::Unsolvable) => continue,
        }
    }
    Err(GenerateError::NotFound {
        wanted: params.min_moves,
        attempts: params.attempts,
        best: best_found,
        unrated,
    })
}

/// The shortest solution, if the level is solvable within the state limit.
fn shortest(level: &Level, max_states: usize) -> Option<Moves> {
    let report = solver::solve_with_limit(level, Goal::Moves, max_states).ok()?;
    report.solution().cloned()
}

/// One random start and its hill climb.
fn climb(rng: &mut Rng, params: &Params) -> Option<(Level, Moves)> {
    let (w, h) = (params.width, params.height);
    let mut level = random_level(rng, w, h, params.density.clone());
    let mut moves = shortest(&level, params.max_states)?;
    for _ in 0..params.climb_steps {
        let Some(candidate) = mutate(rng, &level) else {
            continue;
        };
        if let Some(m) = shortest(&candidate, params.max_states) {
            if m.len() >= moves.len() {
                level = candidate;
                moves = m;
            }
        }
    }
    Some((level, moves))
}

/// A random level of W x H: gap rows at random, each row with its own block density
/// drawn from `density` (thousandths), the cell right of the entrance kept empty. Often
/// unsolvable.
pub fn random_level(rng: &mut Rng, w: usize, h: usize, density: RangeInclusive<usize>) -> Level {
    let entrance = rng.below(h);
    let exit = rng.below(h);
    let mut cells = vec![false; w * h];
    for r in 0..h {
        let row_density = density.start() + rng.below(density.end() - density.start() + 1);
        for c in 0..w {
            cells[r * w + c] = rng.chance(row_density);
        }
    }
    cells[entrance * w] = false;
    Level::new(w, h, entrance, exit, cells).expect("valid by construction")
}

/// The level with one random change, or `None` if the change would break rule R4.
fn mutate(rng: &mut Rng, level: &Level) -> Option<Level> {
    let (w, h) = (level.width(), level.height());
    let mut cells = level.cells().to_vec();
    let (mut entrance, mut exit) = (level.entrance_row(), level.exit_row());
    match rng.below(20) {
        0 => entrance = rng.below(h),
        1 => exit = rng.below(h),
        _ => {
            let i = rng.below(w * h);
            cells[i] = !cells[i];
        }
    }
    Level::new(w, h, entrance, exit, cells).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mazezam::game::Game;

    fn small(min_moves: usize) -> Params {
        Params {
            min_moves,
            attempts: 10,
            climb_steps: 40,
            ..Params::new(5, 3)
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_level() {
        let a = generate(42, &small(0)).unwrap();
        let b = generate(42, &small(0)).unwrap();
        assert_eq!(a, b);
        let c = generate(43, &small(0)).unwrap();
        assert_ne!(a.level, c.level);
    }

    #[test]
    fn generated_levels_are_solvable_and_long_enough() {
        for seed in 0..5 {
            let g = generate(seed, &small(12)).unwrap();
            assert!(g.solution.len() >= 12);
            assert_eq!(g.analysis.moves, g.solution.len());
            assert!(Game::replay(&g.level, &g.solution).is_ok());
            assert_eq!((g.level.width(), g.level.height()), (5, 3));
        }
    }

    /// An inverted range used to overflow in `random_level` (a panic in debug builds).
    #[test]
    fn a_density_that_is_not_a_range_is_an_error() {
        for (density, low, high) in [
            (RangeInclusive::new(600, 250), 600, 250),
            (0..=1001, 0, 1001),
        ] {
            let params = Params {
                density,
                ..small(0)
            };
            assert_eq!(generate(1, &params), Err(GenerateError::Density(low, high)));
        }
    }

    /// With no solvable candidate at all the message used to read "no mazezam of at least
    /// 0 moves found ... (longest 0)".
    #[test]
    fn finding_nothing_solvable_says_so() {
        let params = Params {
            attempts: 3,
            climb_steps: 0,
            density: 1000..=1000,
            ..Params::new(3, 2)
        };
        let err = generate(1, &params).unwrap_err();
        assert_eq!(
            err,
            GenerateError::NotFound {
                wanted: 0,
                attempts: 3,
                best: 0,
                unrated: 0,
            }
        );
        let text = err.to_string();
        assert!(
            text.starts_with("no solvable mazezam found in 3 attempts"),
            "{text}"
        );
    }

    /// `generate --seed 3 --width 20 --height 12 --attempts 10 --climb 10` found 45-move
    /// levels too large to rate and said "no mazezam of at least 0 moves found".
    #[test]
    fn solvable_but_unrated_candidates_are_named_as_such() {
        let text = not_found_message(0, 10, 45, 6);
        assert!(!text.contains("at least 0"), "{text}");
        assert!(
            text.contains("6 solvable candidates (longest 45 moves)"),
            "{text}"
        );
        assert!(text.contains("too many states"), "{text}");
    }

    #[test]
    fn impossible_wishes_are_reported() {
        let params = Params {
            min_moves: 100,
            attempts: 2,
            climb_steps: 5,
            ..Params::new(2, 1)
        };
        assert!(matches!(
            generate(1, &params),
            Err(GenerateError::NotFound { wanted: 100, .. })
        ));
    }
}
