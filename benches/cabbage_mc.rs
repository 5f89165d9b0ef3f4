//! The CABBAGE engine on the emulated Ace (`mc/cabbage.asm`): the emulated time of one
//! cycle (pass A, pass B and drawing the map: from `cycle_run`, right after the key wait,
//! to `cycle_done`) for each bundled rule file, over a script of keyed and idle cycles.
//! The ROM's interrupt routine is included when it falls inside a cycle. A frame is
//! 64,896 T; the goal for MazezaM as rules is under 2 frames a cycle.
//!
//! Run with `cargo bench --bench cabbage_mc`. Figures are emulated time, the same on any
//! computer.

#[path = "../tests/cabbage_ace_support/mod.rs"]
mod support;

use aceemu::games::cabbage::keys::parse_keys;
use aceemu::games::cabbage::Description;
use aceemu::games::mazezam::pack;
use aceemu::machine::ula::FRAME_TSTATES;
use aceemu::machine::Key;
use aceemu::workflows::cabbage_tape::{bundled_games, make_tape};
use support::AceGame;

/// Keys for each game: moves and idle cycles, as in play.
const SCRIPTS: [(&str, &str); 4] = [
    ("mazezam", "x.k.x.k.x.x.m.z.m.z.x.k.z.k.x.x.m.x.m.x......"),
    ("sokoban", "kkzzxxmmxk..zz..mmxxkkz.x..........."),
    ("boulders", "....xxxkkxxmm.....zz.xxxxxx........."),
    ("tron", "......k...x.....m......z.............."),
];

/// MazezaM as rules on the pack's largest level (most cells).
fn largest_mazezam(rules: &Description) -> Description {
    let levels = pack::levels();
    let level = levels
        .iter()
        .max_by_key(|l| l.width() * l.height())
        .expect("levels");
    let drawing = level.drawing();
    let mut map = Vec::new();
    for line in &drawing {
        map.extend(line.bytes().map(|b| match b {
            b'$' => b'o',
            b' ' => b'.',
            b'*' => b'E',
            other => other, // `#` walls, `+` the player in the entrance
        }));
        map.push(b'\n');
    }
    Description {
        stride: drawing[0].len() + 1,
        lines: drawing.len(),
        map,
        ..rules.clone()
    }
}

fn main() {
    let mut games = bundled_games().expect("bundled games");
    let big = largest_mazezam(&games[0].1);
    games.push(("mazebig".into(), big));
    let tape = make_tape(&games).expect("tape");
    println!("one cycle of the CABBAGE engine on the Ace (frame = {FRAME_TSTATES} T)");
    let scripts = SCRIPTS
        .iter()
        .copied()
        .chain([("mazebig", "x.x.k.x.m.x.z.x.x.k.x.z.m......")]);
    for (name, script) in scripts {
        let d = &games.iter().find(|(n, _)| n == name).expect("bundled").1;
        let mut g = AceGame::started(tape.clone(), name);
        let (run, done) = (g.code.cycle_run, g.code.cycle_done);
        let mut times = Vec::new();
        for key in parse_keys(script).expect("script") {
            let held = key.map(|k| Key::from_char(char::from(k)).expect("matrix key"));
            if let Some(k) = held {
                g.ace.press_key(k);
            }
            g.ace
                .run_until_pc(&[run], 20 * FRAME_TSTATES)
                .expect("the cycle starts");
            let t0 = g.ace.tstates();
            g.ace.step();
            g.ace
                .run_until_pc(&[done], 20 * FRAME_TSTATES)
                .expect("the cycle ends");
            times.push(g.ace.tstates() - t0);
            if let Some(k) = held {
                g.ace.release_key(k);
                g.frames(2);
            }
        }
        let mean = times.iter().sum::<u64>() as f64 / times.len() as f64;
        let max = *times.iter().max().expect("cycles");
        let min = *times.iter().min().expect("cycles");
        println!(
            "{name:9} {:2}x{:<2} {:3} rules, {:2} cycles: mean {:6.0} T = {:.2} frames, min {:.2}, max {:.2} frames",
            d.width(),
            d.lines,
            d.list_a.len() + d.list_b.len(),
            times.len(),
            mean,
            mean / FRAME_TSTATES as f64,
            min as f64 / FRAME_TSTATES as f64,
            max as f64 / FRAME_TSTATES as f64
        );
    }
}
