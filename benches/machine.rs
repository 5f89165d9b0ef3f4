//! Emulation speed of the whole machine, printed as two ratios (no pass/fail):
//!
//! * "x real time": emulated seconds per wall-clock second for the whole machine (frame
//!   timing, interrupts, memory map, timing correction, keyboard and beeper included).
//!   The target is at least 50x.
//! * "machine speed / bare core speed": the same guest code run for the same number of
//!   loop rounds by iz80 alone on a plain 64 KB memory; 1.0 would mean the machine around
//!   the core costs nothing. The target is at least 0.8.
//!
//! The guest is a Forth-like threaded-code loop (see `aceemu::frontend::bench`).
//! Run: `cargo bench --bench machine` (or `aceemu bench`, which prints the same).

fn main() {
    let frames = std::env::var("ACEEMU_BENCH_FRAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000);
    // Warm up caches and the CPU clock, then measure.
    aceemu::frontend::bench::measure(100);
    let result = aceemu::frontend::bench::measure(frames);
    println!("{}", result.report());
}
