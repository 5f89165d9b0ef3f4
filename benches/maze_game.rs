//! A-Mouz-in-Mase as the Forth game on the emulated Ace (`tapes/maze.tap` on the open
//! ROM): emulated frames to generate each size, beside the frames the original game takes
//! on the original ROM (spec section 17: seed 0 in FAST mode, as the game runs it, about
//! 1,900, 8,900 and 20,900 frames). Also the solver (`AUTO`, FAST) and the clean-up before
//! play (`MOUSE`, FAST), which the spec gives no original figures for.
//!
//! Frames are counted by the Ace itself (FRAMES before and after, read from the data
//! stack), so the figures do not depend on the host; the wall time per run is printed too.
//! Run with `cargo bench --bench maze_game`.

use aceemu::machine::RamSize;
use aceemu::rom::open::open_rom;
use aceemu::workflows::maze_game::MazeGame;
use std::path::Path;
use std::time::Instant;

/// Frames the original game needs to generate each size (FAST mode, seed 0).
const ORIGINAL_FRAMES: [u32; 3] = [1900, 8900, 20900];

/// SPARE: one past the top of the data stack (ace-forth.md 2).
const SPARE: u16 = 0x3C3B;

/// Runs `words` in FAST mode between two readings of FRAMES and returns the difference,
/// which the line leaves on the data stack.
fn frames_of(game: &mut MazeGame, words: &str) -> u16 {
    let line = format!("FAST 15403 @ {words} 15403 @ SWAP - SLOW");
    game.enter(&line, 200_000).expect(words);
    let top = game.word16(SPARE) - 2;
    let frames = game.word16(top);
    // Take it off the stack again (so it stays clear of the maze at HERE+30).
    game.enter("DROP", 100).unwrap();
    frames
}

fn main() {
    let tape = Path::new(env!("CARGO_MANIFEST_DIR")).join("tapes/maze.tap");
    println!("A-Mouz-in-Mase on the open ROM, seed 0, FAST mode (frames of 1/50 s)");
    println!(
        "{:>5} {:>9} {:>9} {:>7} {:>8} {:>8} {:>9}",
        "size", "generate", "original", "ratio", "MOUSE", "AUTO", "wall"
    );
    for size in 1..=3u8 {
        let started = Instant::now();
        let mut game = MazeGame::load(open_rom(), RamSize::K51, &tape).expect("load the game");
        game.enter("INVIS CLS 0 SEED !", 200).unwrap();
        let generate = frames_of(&mut game, &format!("{size} CLEAR DRAW"));
        let mouse = frames_of(&mut game, "MOUSE");
        let auto = frames_of(&mut game, "AUTO");
        let original = ORIGINAL_FRAMES[usize::from(size) - 1];
        println!(
            "{size:>5} {generate:>9} {original:>9} {:>7.2} {mouse:>8} {auto:>8} {:>8.1}s",
            f64::from(generate) / f64::from(original),
            started.elapsed().as_secs_f64()
        );
    }
    println!("ratio = open-ROM frames / original frames; the goal is at most 1.0");
}
