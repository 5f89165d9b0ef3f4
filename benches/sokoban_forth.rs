//! The Forth Sokoban on the emulated Ace (open ROM, 19 K): emulated frames (1/50 s) from a
//! key's press until the game has drawn its move, over every level of the pack played with
//! its recorded solution, and per undo. Frames are emulated time, so they measure the game
//! and the ROM's Forth, not the host. Goal: at most 3 frames per move.
//!
//! Run with `cargo bench --bench sokoban_forth`. The key handshake is the one of
//! `tests/sokoban_forth.rs` (the game keeps the key it acted on in `LK` until release).

#[path = "../tests/sokoban_forth_support/mod.rs"]
mod support;

use aceemu::games::sokoban::{ace, pack};
use support::Rig;

fn main() {
    let dir = std::env::temp_dir().join(format!("aceemu-bench-sokoban-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let levels = pack::levels();
    let mut rig = Rig::load(&[], &dir);
    rig.run_level(1);
    rig.run_until(600, |ace| {
        ace.screen_text().contains("PUSHES 0000")
            && ace.screen_codes()[23 * 32..].iter().any(|&c| c != 32)
    });
    let (mut walks, mut pushes, mut last, mut next) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for level in &levels {
        let moves = pack::recorded_solution(level).unwrap();
        let n = moves.len();
        for (i, m) in moves.iter().enumerate() {
            let f = rig.key(ace::key_for(m.direction));
            if i + 1 == n {
                last.push(f);
                // The solved level stays until a key; then the next one is drawn.
                next.push(rig.key(' '));
            } else if m.push {
                pushes.push(f);
            } else {
                walks.push(f);
            }
        }
    }
    // A key the game ignores: what reading a key and the handshake cost by themselves.
    let idle: Vec<u64> = (0..20).map(|_| rig.key('a')).collect();
    let _ = std::fs::remove_dir_all(&dir);
    let stat = |v: &[u64]| {
        (
            v.iter().sum::<u64>() as f64 / v.len().max(1) as f64,
            v.iter().copied().max().unwrap_or(0),
        )
    };
    let (wm, ww) = stat(&walks);
    let (pm, pw) = stat(&pushes);
    let (lm, lw) = stat(&last);
    let (nm, nw) = stat(&next);
    let (im, iw) = stat(&idle);
    println!(
        "Forth Sokoban, open ROM, 19 K; {} levels played",
        levels.len()
    );
    println!("frames from key press to move drawn (goal: at most 3)");
    println!("  walks   {:>5}: mean {wm:.2}, worst {ww}", walks.len());
    println!("  pushes  {:>5}: mean {pm:.2}, worst {pw}", pushes.len());
    println!("  ignored key {:>3}: mean {im:.2}, worst {iw}", idle.len());
    println!(
        "  last move of a level (win test, SOLVED! line) {:>3}: mean {lm:.1}, worst {lw}",
        last.len()
    );
    println!(
        "  key after SOLVED! (until the game took it)     {:>3}: mean {nm:.1}, worst {nw}",
        next.len()
    );
}
