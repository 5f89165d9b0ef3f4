//! The Forth MazezaM on the original Ace ROM (path in `ACE_ROM`; skipped, saying so, when
//! it is unset): the source types into it without error (only the original's words are
//! used), and the tape it saves, loaded through the tape signal at `real` and `fast` speed,
//! plays the first two levels with the model's screen after every move and loads a level
//! tape with `LEVELS`. The same body runs on the open ROM with the committed tape (the
//! control), so an assumption about the ROM that fails there fails in CI.
//!
//! | test | spec facts it relies on | what covers it here |
//! | --- | --- | --- |
//! | `the_source_builds_and_plays_on_the_original_rom` | rom-words.tsv: every word the source uses (tests/mazezam_forth.rs checks the list); ace-forth.md 10: `ERROR n` printouts (from-forth stops at them); 12: LOAD, `addr n BLOAD`; 2: FRAMES, STATIN, STKBOT; ace-hardware.md 6: INKEY codes, 7: loader rhythm | `the_game_plays_a_level_tape_loaded_through_the_signal` (the same body on the open ROM); tests/tape_loader_rhythm.rs |

mod common;
mod mazezam_forth_support;

use aceemu::games::mazezam::level_tape;
use aceemu::games::mazezam::{pack, Session};
use aceemu::rom::RomImage;
use aceemu::tape::deck::TapeSpeed;
use common::cli::scratch_dir;
use mazezam_forth_support::*;

/// `game` (the Forth MazezaM's dictionary tape) on `rom`, with a level tape of the first
/// two levels after it: both loaded through the tape signal at `real` and `fast` speed, as
/// a person with the tape would load them; `LEVELS TWO` reports 2 levels, RUN's title page
/// names the tape, and both levels play with the model's screen after every move. What it
/// relies on of the ROM: LOAD and BLOAD with a length limit (ace-forth.md 12), FRAMES,
/// STATIN and STKBOT (ace-forth.md 2), INKEY's codes (ace-hardware.md 6), AT and TYPE
/// (rom-words.tsv), the character RAM at 0x2C00 (ace-hardware.md 2).
fn two_levels_from_a_level_tape(rom: &RomImage, game: Vec<aceemu::tape::pulse::Block>) {
    let levels = pack::levels();
    let extra = level_tape::blocks(&levels[..2], "TWO").unwrap();
    // The game's ~9.3 KB dictionary and the level file through the tape signal (on the
    // original, its loader's rhythm, issue 21).
    for speed in [TapeSpeed::Real, TapeSpeed::Fast] {
        let scratch = scratch_dir(&format!("{}-{speed:?}", &rom.sha256_hex()[..8]));
        let mut rig = Rig::load_on(rom, game.clone(), &extra, speed, &scratch, None);
        rig.type_line("LEVELS TWO");
        assert!(
            rig.wait_for_text("2 levels", 10_000),
            "{speed:?}: {}",
            rig.ace.screen_text()
        );
        rig.type_line("RUN");
        assert!(rig.wait_for_text("LEVEL 01 OF 02", 2_000));
        assert!(rig.ace.screen_text().contains("levels from tape TWO"));
        rig.start_level(1);
        let mut session = Session::new(levels[..2].to_vec(), 0);
        assert!(rig.wait_for_screen(&expected(&session), 2_000));
        for level in &levels[..2] {
            solve_on_ace(&mut rig, &mut session, level);
        }
        assert!(rig.wait_for_text("YOU HAVE ESCAPED", 500), "{speed:?}");
    }
}

/// On the open ROM (the control): the committed game tape, which tests/mazezam_forth.rs
/// checks is what the source typed into the open ROM saves.
#[test]
fn the_game_plays_a_level_tape_loaded_through_the_signal() {
    let open = RomImage::from_bytes(aceemu::rom::open::open_rom().to_vec(), "open").unwrap();
    two_levels_from_a_level_tape(&open, game_blocks());
}

/// On the original: the source typed into it (so only its words are used) builds the game.
#[test]
fn the_source_builds_and_plays_on_the_original_rom() {
    let Some(path) = std::env::var_os("ACE_ROM") else {
        eprintln!("skipped: set ACE_ROM to the original ROM's file to run this test");
        return;
    };
    let rom = RomImage::load(std::path::Path::new(&path)).unwrap();
    let game = build_game_tape(&rom);
    two_levels_from_a_level_tape(&rom, game);
}
