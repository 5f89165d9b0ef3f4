//! The same `forth/maze.fth` on the original Ace ROM, for a person who owns one: typed into
//! it by `tape from-forth --rom`, saved, loaded back through the tape signal and played,
//! its mazes equal the model's. The original ROM is third-party code and not in the
//! repository: set `ACE_ROM=path/to/ace.rom` to run these tests; without it they say so
//! and pass. Each test's body runs on the open ROM too (the control), so an assumption
//! that fails there fails in CI.
//!
//! | test | spec facts it relies on | what covers it here |
//! | --- | --- | --- |
//! | `the_maze_source_typed_into_the_original_rom_makes_a_tape_whose_mazes_are_the_models` | rom-words.tsv: the words maze.fth uses; ace-forth.md 2: STATIN, STKBOT; 10: `ERROR n`; 12: SAVE/LOAD; maze-algorithm.md: the mazes | `the_maze_source_typed_into_the_open_rom_makes_a_tape_whose_mazes_are_the_models` (the same body) |

mod common;

use aceemu::games::maze::compare::compare_images;
use aceemu::games::maze::{Maze, Size};
use aceemu::machine::RamSize;
use aceemu::rom::RomImage;
use aceemu::tape::image::{Format, TapeImage};
use aceemu::workflows::from_forth::make_dictionary_tape;
use aceemu::workflows::maze_game::MazeGame;
use common::cli::scratch_dir;
use std::path::Path;

/// The original ROM named by ACE_ROM, or None (with a note) when it is not set.
fn original_rom() -> Option<RomImage> {
    let Some(path) = std::env::var_os("ACE_ROM") else {
        eprintln!("skipped: ACE_ROM is not set (path of an original Jupiter Ace ROM image)");
        return None;
    };
    Some(RomImage::load(Path::new(&path)).expect("ACE_ROM names a readable 8 KB ROM"))
}

/// `forth/maze.fth` typed into `rom` by `tape from-forth --rom` (the original's words only)
/// and saved, loaded back through the tape signal and played: its mazes (seed 0 size 1,
/// seed 42 size 2) and their solved pictures equal the model's. What it relies on of the
/// ROM: the words and error printouts of ace-forth.md (from-forth stops at `ERROR n` or a
/// line handed back), STATIN bit 0 for the prompt, STKBOT for HERE (ace-forth.md 2), `LOAD`
/// of a dictionary file (ace-forth.md 12) and the loader's rhythm (ace-hardware.md 7).
fn mazes_of_the_source_typed_into(rom: &RomImage, label: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join("forth/maze.fth")).unwrap();
    let blocks = make_dictionary_tape(
        rom.bytes(),
        &rom.sha256_hex(),
        RamSize::K51,
        "forth/maze.fth",
        &source,
        "MAZE",
    )
    .expect("the source types into the ROM without an error");
    let dir = scratch_dir(label);
    let tape = dir.join("maze.tap");
    std::fs::write(
        &tape,
        TapeImage::from_blocks("MAZE", blocks).to_bytes(Format::Tap),
    )
    .unwrap();

    for (seed, size) in [(0u16, 1u8), (42, 2)] {
        let mut game = MazeGame::load(rom.bytes(), RamSize::K51, &tape).unwrap();
        game.enter("INVIS", 100).unwrap();
        game.enter(&format!("CLS {seed} SEED ! {size} CLEAR DRAW"), 60_000)
            .unwrap();
        let mut model = Maze::new(Size::new(size).unwrap(), seed);
        model.generate();
        let differ = compare_images(&model, game.here, |a| game.ace.peek(a));
        assert!(
            differ.is_empty(),
            "seed {seed} size {size} on the {label} ROM: {}",
            differ[0]
        );
        game.enter("MOUSE AUTO", 60_000).unwrap();
        model.prepare_to_play();
        model.solve().unwrap();
        let differ = compare_images(&model, game.here, |a| game.ace.peek(a));
        assert!(
            differ.is_empty(),
            "seed {seed} size {size} solved on the {label} ROM: {}",
            differ[0]
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// On the open ROM (the control: the same source, typing, tape and mazes).
#[test]
fn the_maze_source_typed_into_the_open_rom_makes_a_tape_whose_mazes_are_the_models() {
    let open = RomImage::from_bytes(aceemu::rom::open::open_rom().to_vec(), "open").unwrap();
    mazes_of_the_source_typed_into(&open, "open");
}

#[test]
fn the_maze_source_typed_into_the_original_rom_makes_a_tape_whose_mazes_are_the_models() {
    let Some(rom) = original_rom() else { return };
    mazes_of_the_source_typed_into(&rom, "original");
}
