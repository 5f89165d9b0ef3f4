//! Sokoban solver speed: the level pack (fewest pushes and fewest moves), then levels made
//! by the level maker at growing sizes: how many are solved within a state limit, and the
//! solver's speed in positions stored per second (CPU time of this process).
//!
//! First `levels/bench.xsb` (12 levels of 10-16 boxes, 9x9 to 20x15, made for this
//! project): the optimal search alone (as the solver was before the fast search) against
//! the solver as `aceemu sokoban solve` runs it (optimal search up to 300,000 positions,
//! then the fast search), each level's CPU time, every solution replayed. Targets: a 9x9
//! room with 10 boxes within 60 s CPU, up to 16 boxes within 15 s each, under 500 MB.
//!
//! Run with `cargo bench --bench sokoban`.

use aceemu::frontend::bench::process_cpu_time;
use aceemu::games::sokoban::format::parse_str;
use aceemu::games::sokoban::generator::{generate, Params};
use aceemu::games::sokoban::pack;
use aceemu::games::sokoban::solver::{answer, solve, Mode, Plan, Verdict};
use aceemu::games::sokoban::Game;
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
    // The fast search's levels first: their lines come out within a few minutes.
    bench_pack();
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

/// levels/bench.xsb: before (the optimal search alone, at LIMIT) and now (the default plan).
fn bench_pack() {
    let levels = parse_str(include_str!("../levels/bench.xsb"), "levels/bench.xsb")
        .expect("levels/bench.xsb is valid")
        .levels;
    let plan = Plan {
        mode: Mode::Pushes,
        optimal_states: 300_000,
        fast_states: 4_000_000,
    };
    println!("levels/bench.xsb: optimal alone (limit {LIMIT}) | optimal to 300,000, then fast");
    let (mut before, mut now) = (Tally::new(), Tally::new());
    for (i, level) in levels.iter().enumerate() {
        let start = process_cpu_time();
        let old = solve(level, Mode::Pushes, LIMIT);
        let old_time = process_cpu_time().saturating_sub(start);
        let start = process_cpu_time();
        let new = answer(level, &plan, &mut |_| true);
        let new_time = process_cpu_time().saturating_sub(start);
        for (tally, report, time) in [(&mut before, &old, old_time), (&mut now, &new, new_time)] {
            tally.tried += 1;
            tally.states += report.states;
            tally.time += time;
            if let Verdict::Solved(m) = &report.verdict {
                let game = Game::replay(level, m).expect("a solution replays");
                assert!(
                    game.is_solved(),
                    "level {} not solved by its solution",
                    i + 1
                );
                tally.solved += 1;
            }
        }
        let show = |r: &aceemu::games::sokoban::solver::Report, t: Duration| match &r.verdict {
            Verdict::Solved(m) => format!(
                "{:>3} pushes {:>9} pos {:>7.2} s {}",
                m.pushes(),
                r.states,
                t.as_secs_f64(),
                if r.optimal { "optimal" } else { "fast" }
            ),
            _ => format!("  unsolved {:>9} pos {:>7.2} s", r.states, t.as_secs_f64()),
        };
        println!(
            "  {:>2} {:>5} {:>2} boxes | {} | {}",
            i + 1,
            format!("{}x{}", level.width(), level.height()),
            level.boxes().len(),
            show(&old, old_time),
            show(&new, new_time)
        );
    }
    print("bench pack, optimal alone", &before);
    print("bench pack, optimal then fast", &now);
}

impl Tally {
    fn new() -> Tally {
        Tally {
            solved: 0,
            tried: 0,
            states: 0,
            time: Duration::ZERO,
        }
    }
}
