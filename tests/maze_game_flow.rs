//! A-Mouz-in-Mase played the way a person plays it: `RUN`, the instructions, the size menu,
//! "Play or Watch?", the wait for a key at the end; the RAM check; and the whole path from
//! the command line. The mazes themselves are checked phase by phase in tests/maze_game.rs.

mod common;

use aceemu::frontend::maze_game::MazeGame;
use aceemu::games::maze::{Maze, Size};
use aceemu::machine::RamSize;
use aceemu::rom::open::open_rom;
use common::cli::{aceemu, text};
use std::path::{Path, PathBuf};

fn tape() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tapes/maze.tap")
}

/// SEED as stored on the tape (spec section 3): the first maze after LOAD comes from it.
const STORED_SEED: u16 = 47616;

/// Runs until the screen shows `wanted`, at most `max_frames` frames.
fn run_until(game: &mut MazeGame, wanted: &str, max_frames: u32) {
    for _ in 0..max_frames {
        if game.ace.screen_text().contains(wanted) {
            return;
        }
        game.run_frame();
    }
    panic!(
        "{wanted:?} did not appear in {max_frames} frames; screen:\n{}",
        game.ace.screen_text()
    );
}

/// Presses a key for 4 frames and lets it go for 4, as a quick typist does.
fn tap(game: &mut MazeGame, key: char) {
    let k = aceemu::machine::keyboard::Key::from_char(key).unwrap();
    game.ace.press_key(k);
    for _ in 0..4 {
        game.run_frame();
    }
    game.ace.release_key(k);
    for _ in 0..4 {
        game.run_frame();
    }
}

fn started(ram: RamSize) -> MazeGame {
    let mut game = MazeGame::load(open_rom(), ram, &tape()).unwrap();
    game.ace.type_text("RUN\n");
    run_until(&mut game, "<ANYKEY>", 2_000);
    tap(&mut game, ' ');
    run_until(&mut game, "Maze size", 2_000);
    game
}

#[test]
fn watching_a_small_maze_from_the_menu_solves_the_stored_seeds_maze_and_waits_for_a_key() {
    let mut game = started(RamSize::K19);
    // Keys other than 1..3, R and Q are ignored.
    tap(&mut game, 'x');
    tap(&mut game, '9');
    tap(&mut game, '1');
    run_until(&mut game, "Watch?", 20_000);
    tap(&mut game, 'w');
    run_until(&mut game, "mouse is out", 20_000);

    let mut model = Maze::new(Size::SMALL, STORED_SEED);
    model.generate();
    model.prepare_to_play();
    model.solve().unwrap();
    let video = game.ace.read_bytes(0x2400, 704);
    assert!(
        video == model.video_rows(),
        "the solved maze on screen is not the model's for SEED {STORED_SEED}"
    );

    // The solved maze stays until a key is pressed, then the menu comes back.
    game.ace.run_frames(200);
    assert!(game.ace.screen_text().contains("mouse is out"));
    tap(&mut game, 'k');
    run_until(&mut game, "Maze size", 500);
    // Q goes back to Forth, with confirmations on again.
    tap(&mut game, 'q');
    game.wait_for_prompt(500).unwrap();
    game.enter("2 3 + .", 300).unwrap();
    assert!(
        game.ace.screen_text().contains("5  OK"),
        "{}",
        game.ace.screen_text()
    );
}

#[test]
fn r_on_the_menu_reseeds_from_the_frame_counter() {
    let mut game = started(RamSize::K19);
    assert_eq!(game.var("SEED"), STORED_SEED);
    tap(&mut game, 'r');
    run_until(&mut game, "new", 100);
    let seed = game.var("SEED");
    let frames = game.word16(0x3C2B);
    assert_ne!(seed, STORED_SEED);
    // Taken from FRAMES while the key was down (the key is taken when it is let go).
    assert!(
        frames.wrapping_sub(seed) < 20,
        "SEED {seed}, FRAMES {frames}"
    );
}

#[test]
fn a_size_that_does_not_fit_names_the_ram_pack_it_needs_and_writes_nothing() {
    // On a 19 K Ace (a 16 K pack) the large maze (HERE+30+12096 bytes) does not fit.
    let mut game = started(RamSize::K19);
    // From the maze-state area (HERE+30) up to well below the return stack at the top.
    let area = game.here + 30;
    let top = game.ace.read_bytes(area, 0x7C00 - usize::from(area));
    tap(&mut game, '3');
    run_until(&mut game, "RAM pack", 100);
    assert!(
        game.ace
            .screen_text()
            .contains("This size needs a 32K RAM pack"),
        "{}",
        game.ace.screen_text()
    );
    let after = game.ace.read_bytes(area, 0x7C00 - usize::from(area));
    assert!(top == after, "the maze area was written to");
    // The menu still works: a medium maze fits.
    tap(&mut game, '2');
    run_until(&mut game, "Watch?", 40_000);
}

#[test]
fn the_whole_path_from_the_command_line_ends_with_the_solved_maze_on_screen() {
    let tape = tape();
    let out = aceemu(&[
        "run",
        tape.to_str().unwrap(),
        "--headless",
        "--caps-lock",
        "--type",
        "LOAD MAZE\\nRUN\\n\\{ANYKEY} \\{Maze size}1\\{Watch?}w",
        "--until-text",
        "mouse is out",
        "--max-frames",
        "30000",
        "--dump-mem",
        "0x2400:704",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let dump = text(&out.stdout);
    let video: Vec<u8> = dump
        .lines()
        .flat_map(|line| {
            line.split_whitespace()
                .skip(1)
                .take(16)
                .take_while(|w| w.len() == 2)
                .map(|w| u8::from_str_radix(w, 16).unwrap())
                .collect::<Vec<_>>()
        })
        .take(704)
        .collect();
    let mut model = Maze::new(Size::SMALL, STORED_SEED);
    model.generate();
    model.prepare_to_play();
    model.solve().unwrap();
    assert!(video == model.video_rows(), "{dump}");
}
