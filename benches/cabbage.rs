//! The Rust CABBAGE engine (`games::cabbage::Engine`): cycles per second of CPU time on
//! each bundled rule file, now (the visited cells walked as they come) and as before issue
//! 36 (the cells gathered into two lists every cycle: `Engine::step_gathering_cells`),
//! measured in the same run, rounds of the two taking turns.
//!
//! What it cannot show: the original C program (1993) is not here to run, so the issue's
//! "0.8-1.0 of the original's CPU time" is not measured again; the ratio printed is this
//! engine's before/after only.

use aceemu::frontend::bench::process_cpu_time;
use aceemu::games::cabbage::{Description, Engine};
use aceemu::workflows::cabbage_tape::bundled_games;
use std::hint::black_box;
use std::time::Duration;

/// Cycles per measurement; the best of `ROUNDS` is kept.
const CYCLES: u32 = 20_000;
const ROUNDS: usize = 5;

/// Keys of the cycles, round and round: moves and cycles without a key.
const KEYS: [Option<u8>; 6] = [Some(b'x'), None, Some(b'k'), None, Some(b'z'), Some(b'm')];

/// CPU time of `CYCLES` cycles from the first map, with `step` as the cycle.
fn time(d: &Description, step: fn(&mut Engine, Option<u8>)) -> Duration {
    let mut e = Engine::new(d);
    let start = process_cpu_time();
    for i in 0..CYCLES {
        step(&mut e, KEYS[i as usize % KEYS.len()]);
    }
    black_box(e.raw());
    process_cpu_time().saturating_sub(start)
}

fn main() {
    println!(
        "engine cycles per CPU second (best of {ROUNDS} rounds of {CYCLES} cycles, taking turns)"
    );
    for (name, d) in bundled_games().expect("the bundled rule files") {
        let (mut now, mut before) = (Duration::MAX, Duration::MAX);
        for _ in 0..ROUNDS {
            now = now.min(time(&d, Engine::step));
            before = before.min(time(&d, Engine::step_gathering_cells));
        }
        let rate = |t: Duration| f64::from(CYCLES) / t.as_secs_f64().max(1e-9);
        println!(
            "{name:>9}: now {:>9.0} cycles/s; before (two cell lists a cycle) {:>9.0} cycles/s; \
             before/now CPU time {:.2}",
            rate(now),
            rate(before),
            before.as_secs_f64() / now.as_secs_f64().max(1e-9)
        );
    }
}
