//! The Rust CABBAGE engine (`games::cabbage::Engine`): cycles per second on each bundled
//! rule file, and what gathering the visited cells into two lists a cycle (as the engine
//! did before issue 36) would add, measured in the same run.

use aceemu::games::cabbage::Engine;
use aceemu::workflows::cabbage_tape::bundled_games;
use std::hint::black_box;
use std::time::Instant;

/// Cycles per measurement; the best of `ROUNDS` is kept.
const CYCLES: u32 = 20_000;
const ROUNDS: usize = 5;

/// Keys of the cycles, round and round: moves and cycles without a key.
const KEYS: [Option<u8>; 6] = [Some(b'x'), None, Some(b'k'), None, Some(b'z'), Some(b'm')];

fn best(mut run: impl FnMut() -> f64) -> f64 {
    (0..ROUNDS).map(|_| run()).fold(f64::INFINITY, f64::min)
}

fn main() {
    println!("engine cycles per second (best of {ROUNDS} runs of {CYCLES} cycles)");
    for (name, d) in bundled_games().expect("the bundled rule files") {
        let plain = best(|| {
            let mut e = Engine::new(&d);
            let t = Instant::now();
            for i in 0..CYCLES {
                e.step(KEYS[i as usize % KEYS.len()]);
            }
            black_box(e.raw());
            t.elapsed().as_secs_f64()
        });
        let with_lists = best(|| {
            let mut e = Engine::new(&d);
            let t = Instant::now();
            for i in 0..CYCLES {
                let key = KEYS[i as usize % KEYS.len()];
                black_box(e.pass_a_cells(key.is_some()));
                black_box(e.pass_b_cells());
                e.step(key);
            }
            black_box(e.raw());
            t.elapsed().as_secs_f64()
        });
        println!(
            "{name:>9}: {:>9.0} cycles/s; with the two cell lists a cycle: {:>9.0} cycles/s \
             (the lists would cost {:.0}% more time)",
            f64::from(CYCLES) / plain,
            f64::from(CYCLES) / with_lists,
            100.0 * (with_lists / plain - 1.0)
        );
    }
}
