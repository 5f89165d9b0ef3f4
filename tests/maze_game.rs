//! A-Mouz-in-Mase on the emulated Ace (`tapes/maze.tap`, made from `forth/maze.fth`),
//! held byte for byte against the Rust model, which reproduces every vector measured from
//! the original program (tests/maze_vectors.rs).
//!
//! The tape is played through the tape signal into the open ROM's `LOAD`. For each seed
//! and size the Forth game generates a maze (`CLEAR DRAW`), then the mouse solves it
//! (`MOUSE AUTO`), and from the same fresh maze a player walks the measured key route
//! through the keyboard (`MOUSE MAN`). After each phase the maze-state area, the screen
//! buffer, video rows 0..21 and the variables must equal the model's. Where the video
//! differs, the per-row hashes in `tests/data/maze-game-rows.json` (made from the model,
//! see `maze_game_rows_file_is_what_the_model_makes`) say which row of which phase.

use aceemu::games::maze::compare::{compare_images, compare_vars};
use aceemu::games::maze::{Maze, Size};
use aceemu::machine::RamSize;
use aceemu::rom::open::open_rom;
use aceemu::workflows::maze_game::MazeGame;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Seeds measured on the original (tests/data/spec/maze-vectors.json), each in all sizes.
const SEEDS: [u16; 6] = [0, 1, 42, 12345, 40000, 65535];
const PHASES: [&str; 3] = ["generate", "solve", "play"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn tape() -> PathBuf {
    root().join("tapes/maze.tap")
}

fn rows_file() -> PathBuf {
    root().join("tests/data/maze-game-rows.json")
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A JSON file of the repository, read and parsed once for all the tests of this file.
fn json_once(cell: &'static OnceLock<Value>, path: &str) -> &'static Value {
    cell.get_or_init(|| {
        let text = std::fs::read_to_string(root().join(path)).expect(path);
        serde_json::from_str(&text).expect(path)
    })
}

/// The measured play keys of one case (spec 18.3).
fn play_keys(seed: u16, size: u8) -> String {
    static VECTORS: OnceLock<Value> = OnceLock::new();
    json_once(&VECTORS, "tests/data/spec/maze-vectors.json")["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["seed"] == seed && c["size"] == size)
        .and_then(|c| c["play_keys"].as_str())
        .unwrap_or_else(|| panic!("no measured play keys for seed {seed} size {size}"))
        .to_string()
}

/// The model after each phase of one case.
fn model_phases(seed: u16, size: u8) -> [Maze; 3] {
    let size = Size::new(size).unwrap();
    let mut generated = Maze::new(size, seed);
    generated.generate();
    let mut solved = generated.clone();
    solved.prepare_to_play();
    solved.solve().unwrap();
    let mut played = generated.clone();
    played.prepare_to_play();
    let keys = play_keys(seed, size.z());
    played.press_keys(keys.as_bytes());
    assert!(played.mouse_at_exit(), "the measured keys lead out");
    [generated, solved, played]
}

/// What the rows file holds for one phase: a hash per video row, and of the two areas.
fn phase_record(maze: &Maze) -> Value {
    let rows: Vec<String> = maze.video_rows().chunks(32).map(sha256_hex).collect();
    json!({
        "state": sha256_hex(maze.state_area()),
        "screen": sha256_hex(maze.screen_buffer()),
        "video_rows": rows,
    })
}

fn rows_from_model() -> Value {
    let mut cases = Vec::new();
    for seed in SEEDS {
        for size in 1..=3u8 {
            let phases = model_phases(seed, size);
            let mut case = json!({ "seed": seed, "size": size });
            for (name, maze) in PHASES.iter().zip(&phases) {
                case[*name] = phase_record(maze);
            }
            cases.push(case);
        }
    }
    json!({
        "what": "SHA-256 of each video row 0..21, of the maze-state area and of the screen \
                 buffer after each phase, made from the Rust model (which reproduces every \
                 measured vector); regenerate with ACEEMU_WRITE_MAZE_ROWS=1 cargo test --test \
                 maze_game maze_game_rows_file",
        "cases": cases,
    })
}

fn rows_expected() -> Value {
    let text = std::fs::read_to_string(rows_file()).expect("tests/data/maze-game-rows.json");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn maze_game_rows_file_is_what_the_model_makes() {
    let made = rows_from_model();
    if std::env::var_os("ACEEMU_WRITE_MAZE_ROWS").is_some() {
        let text = serde_json::to_string_pretty(&made).unwrap() + "\n";
        std::fs::write(rows_file(), text).unwrap();
    }
    assert!(
        rows_expected() == made,
        "tests/data/maze-game-rows.json is not what the model makes: regenerate it \
         (ACEEMU_WRITE_MAZE_ROWS=1) if the model was meant to change"
    );
}

/// Holds the game's memory against the model after one phase; panics naming the phase,
/// the first video row whose hash differs from the rows file, and the first differing
/// byte or variable.
fn check_phase(game: &MazeGame, model: &Maze, seed: u16, size: u8, phase: &str) {
    let mut problems = Vec::new();
    // (Read once: the file test above reads it afresh, after regenerating it if asked.)
    static ROWS: OnceLock<Value> = OnceLock::new();
    let case = json_once(&ROWS, "tests/data/maze-game-rows.json")["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["seed"] == seed && c["size"] == size)
        .expect("case in the rows file");
    let video = game.ace.read_bytes(0x2400, 704);
    for (row, bytes) in video.chunks(32).enumerate() {
        if case[phase]["video_rows"][row] != sha256_hex(bytes) {
            problems.push(format!("video row {row} differs from the rows file"));
            break;
        }
    }
    let images = compare_images(model, game.here, |a| game.ace.peek(a));
    if let Some(first) = images.first() {
        problems.push(format!("{} bytes differ; first: {first}", images.len()));
    }
    let vars = compare_vars(
        model,
        game.here,
        |v| game.var_address(v),
        |a| game.ace.peek(a),
    );
    for m in vars {
        problems.push(m.to_string());
    }
    assert!(
        problems.is_empty(),
        "seed {seed} size {size} {phase}: {}\nscreen:\n{}",
        problems.join("; "),
        game.ace.screen_text()
    );
}

/// Frames a phase may take: generous multiples of the original's generation times.
fn phase_frames(size: u8) -> u32 {
    [0, 8_000, 30_000, 70_000][usize::from(size)]
}

/// The game loaded once for a test (the tape played into `LOAD`, as a person does), with
/// confirmations off and the screen cleared: every case starts from a copy of it.
fn loaded_game() -> MazeGame {
    let mut game = MazeGame::load(open_rom(), RamSize::K51, &tape()).unwrap();
    // CLS on a line of its own: the Ace's CLS keeps only the first screen row of a running
    // input line, and the next line is longer than a row.
    game.enter("INVIS CLS", 100).unwrap();
    game
}

/// A copy of the loaded game with the maze of `seed` and `size` generated.
fn generated_game(loaded: &MazeGame, seed: u16, size: u8) -> MazeGame {
    let mut game = loaded.duplicate();
    // The seed is typed as a signed cell, which both ROMs read. FAST, as the game runs it.
    let generate = format!("FAST {} SEED ! {size} CLEAR DRAW SLOW", seed as i16);
    game.enter(&generate, phase_frames(size)).unwrap();
    game
}

/// One seed in all three sizes, from one loaded game: generate, then the mouse solves it
/// (`AUTO`) and, from a copy of the same freshly generated maze, the player walks the
/// measured route (`MAN`), as the measurements did on a game loaded and generated afresh.
/// A copy goes on exactly as the original would (`a_duplicate_goes_on_exactly_as_the_
/// original` in machine_frames.rs), so this is the same run without loading and
/// generating twice.
fn run_seed(seed: u16) {
    let loaded = loaded_game();
    for size in 1..=3u8 {
        let [generated, solved, played] = model_phases(seed, size);
        let mut game = generated_game(&loaded, seed, size);
        check_phase(&game, &generated, seed, size, "generate");
        let player = game.duplicate();
        game.enter("FAST MOUSE AUTO SLOW", phase_frames(size))
            .unwrap();
        check_phase(&game, &solved, seed, size, "solve");

        let mut game = player;
        game.ace.type_text("FAST MOUSE SLOW MAN\n");
        while !game.ace.typing_done() {
            game.run_frame();
        }
        for key in play_keys(seed, size).chars() {
            if game.at_prompt() {
                break;
            }
            game.press_game_key(key)
                .unwrap_or_else(|e| panic!("seed {seed} size {size} play: {e}"));
        }
        game.wait_for_prompt(500).unwrap();
        check_phase(&game, &played, seed, size, "play");
    }
}

#[test]
fn seed_0_all_sizes() {
    run_seed(0);
}

#[test]
fn seed_1_all_sizes() {
    run_seed(1);
}

#[test]
fn seed_42_all_sizes() {
    run_seed(42);
}

#[test]
fn seed_12345_all_sizes() {
    run_seed(12345);
}

#[test]
fn seed_40000_all_sizes() {
    run_seed(40000);
}

#[test]
fn seed_65535_all_sizes() {
    run_seed(65535);
}
