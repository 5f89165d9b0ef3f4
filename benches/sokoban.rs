//! Sokoban solver speed: the level pack (fewest pushes and fewest moves), then levels made
//! by the level maker at growing sizes: how many are solved within a state limit, and the
//! solver's speed in positions stored per second (CPU time of this process).
//!
//! Run with `cargo bench --bench sokoban`.

use aceemu::frontend::bench::process_cpu_time;
use aceemu::games::sokoban::generator::{generate, Params};
use aceemu::games::sokoban::pack;
use aceemu::games::sokoban::solver::{solve, Mode, Verdict};
use std::time::Duration;

const LIMIT: usize = 2_000_000;

struct Tally {
    solved: usize,
    tried: usize,
    states: usize,
    time: Duration,
}

fn run(levels: &[aceemu::games::sokoban::Level], mode: Mode) -> Tally {
    let mut t = Tally {
        solved: 0,
        tried: 0,
        states: 0,
        time: Duration::ZERO,
    };
    for l in levels {
        let start = process_cpu_time();
        let r = solve(l, mode, LIMIT);
        t.time += process_cpu_time().saturating_sub(start);
        t.tried += 1;
        t.states += r.states;
        if matches!(r.verdict, Verdict::Solved(_)) {
            t.solved += 1;
        }
    }
    t
}

fn print(name: &str, t: &Tally) {
    println!(
        "{name:<28} solved {:>2}/{:<2}  {:>9} positions  {:>8.1} ms  {:>6.2} M positions/s",
        t.solved,
        t.tried,
        t.states,
        t.time.as_secs_f64() * 1000.0,
        t.states as f64 / t.time.as_secs_f64().max(1e-9) / 1e6
    );
}

fn main() {
    let levels = pack::levels();
    println!("Sokoban solver, state limit {LIMIT} per level");
    print("pack, fewest pushes", &run(&levels, Mode::Pushes));
    print("pack, fewest moves", &run(&levels, Mode::Moves));
    // Generated levels of growing size: the level maker's rooms, with boxes and walls
    // growing with the room. The maker's own search is not timed, only the solving after.
    for (w, h, boxes) in [
        (6, 5, 2),
        (8, 6, 3),
        (10, 7, 4),
        (12, 8, 5),
        (14, 9, 6),
        (16, 10, 7),
    ] {
        let params = Params {
            width: w,
            height: h,
            boxes,
            walls: 250,
            attempts: 1,
            max_states: 50_000,
            ..Params::default()
        };
        let made: Vec<_> = (0..24u64)
            .filter_map(|seed| generate(seed * 7919 + w as u64, &params))
            .map(|m| m.level)
            .collect();
        let name = format!("made {w}x{h}, {boxes} boxes, pushes");
        print(&name, &run(&made, Mode::Pushes));
    }
}
