//! The Forth MazezaM on the emulated Ace (open ROM, 19 K): emulated frames (1/50 s) per
//! move and per level drawn, level by level through the built-in pack. Frames are emulated
//! time, so they measure the game and the ROM's Forth, not the host; the host time per
//! emulated second is printed as well.
//!
//! Run with `cargo bench --bench mazezam_forth`. Another port measured the same way (keys
//! pressed one at a time, each waited for by what the game shows) compares figure by figure
//! (the measuring is all in `forth_port_frames`).

#[path = "../tests/mazezam_forth_support/mod.rs"]
mod support;

use aceemu::games::mazezam::solver::{solve, Goal};
use aceemu::games::mazezam::{command_for_ace_key, pack, Phase, Session};
use aceemu::tape::deck::TapeSpeed;
use std::time::Instant;
use support::{expected, Rig};

/// What one level cost on the Ace.
struct LevelFrames {
    title: String,
    size: (usize, usize),
    moves: usize,
    /// Frames from a key's press until its move was drawn (all moves but the last): mean
    /// and worst.
    per_move: f64,
    worst_move: u64,
    /// Frames from ENTER on the title screen until the level was on the screen.
    draw: u64,
    /// Frames of the last move: the walk-out and the next level drawn.
    last_move: u64,
}

/// Starts every level of the built-in pack from the title screen (timing its drawing),
/// plays the solver's moves (timing each), then quits back to the title.
fn forth_port_frames() -> (Vec<LevelFrames>, u64, std::time::Duration) {
    let dir = std::env::temp_dir().join(format!("aceemu-bench-mazezam-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rig = Rig::load(&[], TapeSpeed::Instant, &dir);
    rig.type_line("RUN");
    assert!(rig.wait_for_text("LEVEL 01 OF", 2_000));
    let levels = pack::levels();
    let start_frames = rig.frames;
    let start = Instant::now();
    let mut out = Vec::new();
    for (i, level) in levels.iter().enumerate() {
        let number = i + 1;
        rig.key(char::from(b'0' + (number / 10) as u8));
        rig.key(char::from(b'0' + (number % 10) as u8));
        let mut session = Session::new(levels.clone(), i);
        let mut draw = rig.key('\n');
        let before = rig.frames;
        assert!(rig.wait_for_screen(&expected(&session), 2_000));
        draw += rig.frames - before;
        let moves = solve(level, Goal::Moves).unwrap();
        let keys = moves.solution().unwrap().ace_keys();
        let mut frames = Vec::new();
        for c in keys.chars() {
            frames.push(rig.key(c));
            session.command(command_for_ace_key(c as u8).unwrap());
        }
        let last_move = frames.pop().unwrap_or(0);
        if session.phase() == Phase::Playing {
            rig.key('q');
        }
        assert!(rig.wait_for_text("PRESS ANY KEY", 2_000));
        rig.key(' ');
        assert!(rig.wait_for_text(" OF ", 2_000));
        out.push(LevelFrames {
            title: level.meta.title.clone().unwrap_or_default(),
            size: (level.width(), level.height()),
            moves: keys.len(),
            per_move: frames.iter().sum::<u64>() as f64 / frames.len().max(1) as f64,
            worst_move: frames.iter().copied().max().unwrap_or(0),
            draw,
            last_move,
        });
    }
    let _ = std::fs::remove_dir_all(&dir);
    (out, rig.frames - start_frames, start.elapsed())
}

fn main() {
    let (levels, frames, host) = forth_port_frames();
    println!("Forth MazezaM, open ROM: emulated frames (50 per second)");
    println!(
        "{:>3}  {:<28} {:>5}  {:>5}  {:>6}  {:>9}  {:>8}  {:>9}",
        "#", "title", "size", "moves", "draw", "frames/mv", "worst mv", "last move"
    );
    for (i, l) in levels.iter().enumerate() {
        println!(
            "{:>3}  {:<28} {:>5}  {:>5}  {:>6}  {:>9.2}  {:>8}  {:>9}",
            i + 1,
            l.title,
            format!("{}x{}", l.size.0, l.size.1),
            l.moves,
            l.draw,
            l.per_move,
            l.worst_move,
            l.last_move
        );
    }
    let moves: f64 = levels.iter().map(|l| (l.moves - 1) as f64).sum();
    let mean = levels
        .iter()
        .map(|l| l.per_move * (l.moves - 1) as f64)
        .sum::<f64>()
        / moves;
    let draw = levels.iter().map(|l| l.draw as f64).sum::<f64>() / levels.len() as f64;
    println!(
        "mean: {mean:.2} frames per move, {draw:.1} frames per level drawn \
         (the last move adds the walk-out and the next level); {frames} frames in all"
    );
    println!(
        "host: {:.2} s for {:.1} emulated s ({:.1}x real time)",
        host.as_secs_f64(),
        frames as f64 / 50.0,
        frames as f64 / 50.0 / host.as_secs_f64()
    );
}
