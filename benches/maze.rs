//! Generation and solving time of the A-Mouz-in-Mase model per size, and the ratio to the
//! original game on the Ace (spec section 17: seed 0 in FAST mode takes about 1,900,
//! 8,900 and 20,900 frames of 1/50 s for sizes 1, 2, 3 — the large maze about 7 minutes).
//!
//! Run with `cargo bench --bench maze`. Every figure is the mean over the same 64 seeds,
//! measured in this run; the target is under 1 ms for generating the large maze.

use aceemu::games::maze::{Maze, Size};
use std::hint::black_box;
use std::time::{Duration, Instant};

const SEEDS: usize = 64;
/// Frames the original needs to generate each size (FAST mode, seed 0), at 50 frames/s.
const ORIGINAL_FRAMES: [f64; 3] = [1900.0, 8900.0, 20900.0];

/// The i-th seed of the sample: spread over the whole range.
fn seed(i: usize) -> u16 {
    (i as u16).wrapping_mul(1021)
}

/// Mean time of `f(i)` over the sample i = 0..SEEDS, repeated until at least 200 ms
/// were measured.
fn mean_time(mut f: impl FnMut(usize)) -> Duration {
    let mut runs = 0u32;
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(200) {
        for i in 0..SEEDS {
            f(i);
            runs += 1;
        }
    }
    start.elapsed() / runs
}

fn main() {
    println!("A-Mouz-in-Mase model: mean over {SEEDS} seeds");
    println!(
        "{:>5} {:>14} {:>14} {:>14} {:>12}",
        "size", "generate", "solve", "original", "speed-up"
    );
    for (i, size) in Size::ALL.into_iter().enumerate() {
        let generate = mean_time(|i| {
            let mut maze = Maze::new(size, seed(i));
            maze.generate();
            black_box(&maze);
        });
        // Solve on copies of mazes generated beforehand, so only the solver is timed
        // (plus the copy, which is measured separately and subtracted).
        let mazes: Vec<Maze> = (0..SEEDS)
            .map(|i| {
                let mut maze = Maze::new(size, seed(i));
                maze.generate();
                maze.prepare_to_play();
                maze
            })
            .collect();
        let copy = mean_time(|i| {
            black_box(mazes[i].clone());
        });
        let solve_and_copy = mean_time(|i| {
            let mut maze = mazes[i].clone();
            maze.solve().expect("generated mazes are solvable");
            black_box(&maze);
        });
        let solve = solve_and_copy.saturating_sub(copy);
        let original = ORIGINAL_FRAMES[i] / 50.0;
        println!(
            "{:>5} {:>11.1} µs {:>11.1} µs {:>12.0} s {:>11.0}x",
            size.z(),
            generate.as_secs_f64() * 1e6,
            solve.as_secs_f64() * 1e6,
            original,
            original / generate.as_secs_f64()
        );
    }
}
