//! What the two machine-code MazezaM benchmarks share (`mazezam_mc`: the 19 KB port,
//! `mazezam_3k`: the unexpanded Ace's): load the port's tape, measure the idle frame on
//! its title page, then play the optimal solution of every built-in level and report how
//! much of a 50 Hz frame each move and each level drawn takes. "Busy" T-states are those
//! the CPU spends outside HALT (the ROM's interrupt routine included); the idle figure is
//! subtracted to leave the game's own work. A frame is 64,896 T.

use aceemu::games::mazezam::{solver, Direction, Goal, Level};
use aceemu::machine::ula::FRAME_TSTATES;
use aceemu::machine::{Ace, Key, RamSize};
use aceemu::rom::open::{open_rom, open_rom_symbol};
use aceemu::tape::image::TapeImage;
use aceemu::tape::traps::{run_with_traps, RomTapeTraps};
use aceemu::tape::{Deck, DeckOptions, TapeSpeed};
use std::path::Path;
use std::time::Instant;

/// One machine-code port of MazezaM as the benchmark plays it.
pub struct Port {
    /// What the report calls it, e.g. "machine-code MazezaM".
    pub what: &'static str,
    /// Its committed tape.
    pub tape: &'static str,
    pub ram: RamSize,
    /// The lines that load and start it.
    pub load: &'static str,
    /// Text its title page shows.
    pub title_page: &'static str,
    /// Its built-in levels.
    pub levels: Vec<Level>,
    /// Text the screen shows once level `next` (0-based) is drawn.
    pub level_shown: fn(&[Level], usize) -> String,
    /// What happens after the solving move, for the report.
    pub after_solving: &'static str,
}

/// Frames a key is held, then left up (as a person typing briskly).
const HOLD: u32 = 3;
const GAP: u32 = 2;

/// Runs one frame step by step; returns the T-states the CPU was not halted.
fn busy_frame(ace: &mut Ace) -> u64 {
    let frame = ace.frame_count();
    let mut busy = 0;
    while ace.frame_count() == frame {
        let halted = ace.is_halted();
        let t = ace.step();
        if !halted {
            busy += t;
        }
    }
    busy
}

/// Presses `key` (with SHIFT if asked) as a person does; returns the busy T-states of all
/// the frames it took, and the frames.
fn press(ace: &mut Ace, key: Key) -> (u64, u32) {
    let mut busy = 0;
    ace.press_key(key);
    for _ in 0..HOLD {
        busy += busy_frame(ace);
    }
    ace.release_key(key);
    for _ in 0..GAP {
        busy += busy_frame(ace);
    }
    (busy, HOLD + GAP)
}

fn key_for(d: Direction) -> Key {
    match d {
        Direction::Left => Key::Z,
        Direction::Right => Key::X,
        Direction::Up => Key::K,
        Direction::Down => Key::M,
    }
}

pub fn frames(t: f64) -> f64 {
    t / FRAME_TSTATES as f64
}

/// Plays `port` and prints its report.
pub fn run(port: Port) {
    let wall = Instant::now();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(port.tape);
    let image = TapeImage::open(&path).expect(port.tape);
    let options = DeckOptions {
        speed: TapeSpeed::Instant,
        ..DeckOptions::default()
    };
    let mut deck = Deck::new(image, &options).unwrap();
    let traps = RomTapeTraps::from_symbols(open_rom_symbol).unwrap();
    let mut ace = Ace::new(open_rom(), port.ram).unwrap();
    ace.type_text(port.load);
    for _ in 0..2000 {
        run_with_traps(&mut ace, &mut deck, &traps, FRAME_TSTATES);
        if ace.typing_done() && ace.screen_text().contains(port.title_page) {
            break;
        }
    }
    assert!(ace.screen_text().contains(port.title_page), "no title page");
    // Line the emulation up with frame starts again (the traps run by T-states).
    busy_frame(&mut ace);

    let idle_frames = 50;
    let idle =
        (0..idle_frames).map(|_| busy_frame(&mut ace)).sum::<u64>() as f64 / f64::from(idle_frames);
    press(&mut ace, Key::N0);
    press(&mut ace, Key::N1);
    let (busy, n) = press(&mut ace, Key::Enter);
    let first_draw = busy as f64 - idle * f64::from(n);

    let levels = &port.levels;
    let (mut moves, mut solves) = (Vec::new(), Vec::new());
    for (i, level) in levels.iter().enumerate() {
        let solution = solver::solve(level, Goal::Moves).unwrap();
        let solution = solution.solution().unwrap();
        for (j, m) in solution.0.iter().enumerate() {
            let (busy, n) = press(&mut ace, key_for(m.direction));
            if j + 1 < solution.len() {
                moves.push((busy as f64 - idle * f64::from(n), m.push));
                continue;
            }
            // The solving move: the next level (or the win screen).
            let (mut busy, mut n) = (busy, n);
            let want = if i + 1 < levels.len() {
                (port.level_shown)(levels, i + 1)
            } else {
                "You have escaped".to_string()
            };
            while !ace.screen_text().contains(&want) && n < 500 {
                busy += busy_frame(&mut ace);
                n += 1;
            }
            assert!(
                ace.screen_text().contains(&want),
                "level {} not solved",
                i + 1
            );
            solves.push((busy as f64 - idle * f64::from(n), n));
        }
    }

    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let max = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
    let steps: Vec<f64> = moves.iter().filter(|m| !m.1).map(|m| m.0).collect();
    let pushes: Vec<f64> = moves.iter().filter(|m| m.1).map(|m| m.0).collect();
    let solve_t: Vec<f64> = solves.iter().map(|s| s.0).collect();
    let solve_frames: Vec<f64> = solves.iter().map(|s| f64::from(s.1)).collect();
    println!(
        "{}, {} levels, {} moves",
        port.what,
        levels.len(),
        moves.len() + solves.len()
    );
    println!(
        "idle (title page, ROM interrupt + key scan): {idle:.0} T per frame = {:.3} frame",
        frames(idle)
    );
    println!(
        "step:  mean {:.0} T = {:.4} frame, max {:.0} T ({} steps)",
        mean(&steps),
        frames(mean(&steps)),
        max(&steps),
        steps.len()
    );
    println!(
        "push:  mean {:.0} T = {:.4} frame, max {:.0} T ({} pushes)",
        mean(&pushes),
        frames(mean(&pushes)),
        max(&pushes),
        pushes.len()
    );
    println!(
        "level 1 drawn from the title page: {:.0} T = {:.2} frame",
        first_draw,
        frames(first_draw)
    );
    println!(
        "solving move + {}: mean {:.0} T = {:.2} frame of work, max {:.0} T = {:.2} frame; \
         {:.1} frames from the key to the next level on screen (mean, key held {HOLD} + up \
         {GAP} included)",
        port.after_solving,
        mean(&solve_t),
        frames(mean(&solve_t)),
        max(&solve_t),
        frames(max(&solve_t)),
        mean(&solve_frames)
    );
    println!("wall time {:.2} s", wall.elapsed().as_secs_f64());
}
