//! MazezaM solver speed: every level of the pack (fewest moves and fewest pushes), with the
//! speed-up over a plain breadth-first search on character grids (the obvious way to write
//! it, kept here only for comparison), and large random levels up to far beyond the Ace's
//! screen, in states per second.
//!
//! Run with `cargo bench --bench mazezam`. Every time is the mean of repeated runs in this
//! process (at least 100 ms of work per figure).

use aceemu::games::mazezam::generator::random_level;
use aceemu::games::mazezam::rng::Rng;
use aceemu::games::mazezam::solver::{key_words, solve_with_limit, Goal, Verdict};
use aceemu::games::mazezam::{pack, Game, Level};
use std::collections::{HashSet, VecDeque};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Mean time of `f` over as many runs as fit in 100 ms (at least one).
fn mean_time(mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    let mut runs = 0u32;
    while runs == 0 || start.elapsed() < Duration::from_millis(100) {
        f();
        runs += 1;
    }
    start.elapsed() / runs
}

/// The plain search: rows as byte strings, the player as (row, col); fewest moves.
fn plain_bfs(level: &Level) -> Option<usize> {
    let (w, h) = (level.width(), level.height());
    let rows: Vec<Vec<u8>> = (0..h)
        .map(|r| level.row(r).iter().map(|&b| u8::from(b)).collect())
        .collect();
    let start = (rows, level.entrance_row(), 0usize);
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 1usize)]);
    while let Some(((rows, r, c), d)) = queue.pop_front() {
        if r == level.exit_row() && c + 1 == w {
            return Some(d + 1);
        }
        let mut next = Vec::new();
        if r > 0 && rows[r - 1][c] == 0 {
            next.push((rows.clone(), r - 1, c));
        }
        if r + 1 < h && rows[r + 1][c] == 0 {
            next.push((rows.clone(), r + 1, c));
        }
        if c > 0 {
            if rows[r][c - 1] == 0 {
                next.push((rows.clone(), r, c - 1));
            } else if rows[r][0] == 0 {
                let mut n = rows.clone();
                n[r].rotate_left(1);
                next.push((n, r, c - 1));
            }
        }
        if c + 1 < w {
            if rows[r][c + 1] == 0 {
                next.push((rows.clone(), r, c + 1));
            } else if rows[r][w - 1] == 0 {
                let mut n = rows.clone();
                n[r].rotate_right(1);
                next.push((n, r, c + 1));
            }
        }
        for s in next {
            if seen.insert(s.clone()) {
                queue.push_back((s, d + 1));
            }
        }
    }
    None
}

fn main() {
    println!("Pack levels ({}):", pack::PATH);
    println!(
        "{:>3} {:<28} {:>6} {:>6} {:>8} {:>11} {:>11} {:>11} {:>9}",
        "#", "title", "size", "moves", "states", "moves µs", "pushes µs", "plain µs", "speed-up"
    );
    let mut total = (Duration::ZERO, Duration::ZERO);
    for (i, level) in pack::levels().iter().enumerate() {
        let report = solve_with_limit(level, Goal::Moves, usize::MAX).unwrap();
        let moves = report.solution().map_or(0, |m| m.len());
        assert_eq!(plain_bfs(level), Some(moves), "plain search disagrees");
        let fast = mean_time(|| {
            black_box(solve_with_limit(level, Goal::Moves, usize::MAX).unwrap());
        });
        let pushes = mean_time(|| {
            black_box(solve_with_limit(level, Goal::Pushes, usize::MAX).unwrap());
        });
        let plain = mean_time(|| {
            black_box(plain_bfs(level));
        });
        total.0 += fast;
        total.1 += plain;
        println!(
            "{:>3} {:<28} {:>6} {:>6} {:>8} {:>11.1} {:>11.1} {:>11.1} {:>8.1}x",
            i + 1,
            level.meta.title.as_deref().unwrap_or(""),
            format!("{}x{}", level.width(), level.height()),
            moves,
            report.states,
            fast.as_secs_f64() * 1e6,
            pushes.as_secs_f64() * 1e6,
            plain.as_secs_f64() * 1e6,
            plain.as_secs_f64() / fast.as_secs_f64()
        );
    }
    println!(
        "whole pack, fewest moves: {:.2} ms (plain search {:.2} ms, {:.1}x)",
        total.0.as_secs_f64() * 1e3,
        total.1.as_secs_f64() * 1e3,
        total.1.as_secs_f64() / total.0.as_secs_f64()
    );

    const LIMIT: usize = 1_000_000;
    println!(
        "\nLarge generated levels (the generator's random starts, seeds 0..3, at two block \
         densities; fewest moves, at most {LIMIT} states):"
    );
    println!(
        "{:>8} {:>8} {:>5} {:>12} {:>10} {:>11} {:>14} {:>6}",
        "size", "density", "seed", "answer", "states", "time ms", "states/s", "words"
    );
    for (w, h) in [(30, 20), (60, 30), (120, 60), (255, 255)] {
        for (name, density) in [("3-8%", 30..=80), ("10-30%", 100..=300)] {
            for seed in 0..3u64 {
                let level = random_level(&mut Rng::new(seed), w, h, density.clone());
                println!("{}", timed_solve(&level, name, seed, LIMIT));
            }
        }
    }
}

/// One line of the large-level table.
fn timed_solve(level: &Level, density: &str, seed: u64, limit: usize) -> String {
    let start = Instant::now();
    let result = solve_with_limit(level, Goal::Moves, limit);
    let time = start.elapsed();
    let (answer, states) = match &result {
        Ok(r) => match &r.verdict {
            Verdict::Solved(m) => {
                assert!(Game::replay(level, m).is_ok(), "solution does not replay");
                (format!("{} moves", m.len()), r.states)
            }
            Verdict::Unsolvable => ("unsolvable".to_string(), r.states),
        },
        Err(_) => ("limit".to_string(), limit),
    };
    let words = key_words(level);
    format!(
        "{:>8} {:>8} {:>5} {:>12} {:>10} {:>11.2} {:>14.0} {:>6}",
        format!("{}x{}", level.width(), level.height()),
        density,
        seed,
        answer,
        states,
        time.as_secs_f64() * 1e3,
        states as f64 / time.as_secs_f64(),
        words
    )
}
