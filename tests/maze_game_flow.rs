//! A-Mouz-in-Mase played the way a person plays it: `RUN`, the instructions, the size menu,
//! "Play or Watch?", the wait for a key at the end; the RAM check; and the whole path from
//! the command line. The mazes themselves are checked phase by phase in tests/maze_game.rs.

mod common;

use aceemu::games::maze::{Maze, Size};
use aceemu::machine::RamSize;
use aceemu::rom::open::open_rom;
use aceemu::workflows::maze_game::MazeGame;
use common::cli::{aceemu, dumped_bytes, text};
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
    let video = dumped_bytes(&dump);
    let mut model = Maze::new(Size::SMALL, STORED_SEED);
    model.generate();
    model.prepare_to_play();
    model.solve().unwrap();
    assert!(video == model.video_rows(), "{dump}");
}

/// Spec section 2: the data stack grows up from HERE+12 and the maze-state area starts at
/// HERE+30, so at most nine cells may ever be on it. Checked after every instruction
/// through a small maze's generation and the solver.
#[test]
fn the_data_stack_never_reaches_the_maze_state_area() {
    const SPARE: u16 = 0x3C3B;
    let mut game = MazeGame::load(open_rom(), RamSize::K51, &tape()).unwrap();
    game.enter("INVIS", 100).unwrap();
    let limit = game.here + 30;
    let mut deepest = 0u16;
    let mut watch = |game: &mut MazeGame, line: &str| {
        game.ace.type_text(line);
        let mut steps = 0u64;
        // Each typed line runs until the ROM is back at its prompt.
        while !(game.at_prompt() && steps > 1000) {
            game.ace.step();
            steps += 1;
            deepest = deepest.max(game.word16(SPARE));
            assert!(steps < 400_000_000, "{line:?} did not end");
        }
    };
    watch(&mut game, "CLS 7 SEED ! 1 CLEAR DRAW\n");
    watch(&mut game, "MOUSE AUTO\n");
    assert!(
        deepest <= limit,
        "the data stack reached 0x{deepest:04X}, past HERE+30 = 0x{limit:04X}"
    );
    // And it was used: at least a few cells deep (the check watches the right thing).
    assert!(deepest >= game.here + 12 + 8, "deepest 0x{deepest:04X}");
    eprintln!(
        "deepest data stack: HERE+{} (limit HERE+30)",
        deepest - game.here
    );
}

/// LOAD on top of the user's own words relocates the game (its threads hold comments,
/// strings and literals whose operands LOAD must step over): it still builds and solves
/// the model's maze, with the maze-state area above the user's words.
#[test]
fn the_game_loaded_after_other_words_still_makes_the_models_mazes() {
    let mut game = MazeGame::load_after(
        open_rom(),
        RamSize::K51,
        &tape(),
        &[": HELLO ( greets ) .\" HI\" 1 2 + . ;", "HELLO"],
    )
    .unwrap();
    assert!(game.here > 0x3C51 + 5000 + 20, "loaded above HELLO");
    game.enter("INVIS", 100).unwrap();
    // (Two lines: the Ace's CLS keeps only the first screen row of a running input line.)
    game.enter("FAST CLS 42 SEED ! 2 CLEAR DRAW", 60_000)
        .unwrap();
    game.enter("MOUSE AUTO SLOW", 60_000).unwrap();
    let mut model = Maze::new(Size::MEDIUM, 42);
    model.generate();
    model.prepare_to_play();
    model.solve().unwrap();
    let differ =
        aceemu::games::maze::compare::compare_images(&model, game.here, |a| game.ace.peek(a));
    assert!(differ.is_empty(), "{}", differ[0]);
    // The user's word still works beside the game.
    game.enter("VIS CLS HELLO", 300).unwrap();
    assert!(
        game.ace.screen_text().contains("HI3"),
        "{}",
        game.ace.screen_text()
    );
}

/// A wait marker whose text never comes fails the run after --max-frames, naming the text
/// and what was not typed, and still prints the screen (what a script needs to see why).
#[test]
fn a_wait_marker_that_never_appears_fails_with_the_screen_printed() {
    let out = aceemu(&[
        "run",
        "--headless",
        "--type",
        "1 2 + .\\n\\{NEVER}x",
        "--max-frames",
        "20",
    ]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("\"NEVER\" did not appear on the screen within 20 frames")
            && stderr.contains("\"x\" was not typed"),
        "{stderr}"
    );
    assert!(
        text(&out.stdout).contains("1 2 + . 3  OK"),
        "{}",
        text(&out.stdout)
    );
}
