//! The Forth MazezaM on the original Ace ROM (path in `ACE_ROM`; skipped, saying so, when
//! it is unset): the source types into it without error (only the original's words are
//! used), and the tape it saves, loaded through the tape signal at `real` and `fast` speed,
//! plays the first two levels with the model's screen after every move and loads a level
//! tape with `LEVELS`.

mod common;
mod mazezam_forth_support;

use aceemu::games::mazezam::level_tape;
use aceemu::games::mazezam::{pack, Session};
use aceemu::rom::RomImage;
use aceemu::tape::deck::TapeSpeed;
use common::cli::scratch_dir;
use mazezam_forth_support::*;

#[test]
fn the_source_builds_and_plays_on_the_original_rom() {
    let Some(path) = std::env::var_os("ACE_ROM") else {
        eprintln!("skipped: set ACE_ROM to the original ROM's file to run this test");
        return;
    };
    let rom = RomImage::load(std::path::Path::new(&path)).unwrap();
    let game = build_game_tape(&rom);
    let levels = pack::levels();
    let extra = level_tape::blocks(&levels[..2], "TWO").unwrap();
    // The game's ~8.9 KB dictionary and the level file through the tape signal (the
    // original ROM's loader rhythm, issue 21), as a person with the tape would load them.
    for speed in [TapeSpeed::Real, TapeSpeed::Fast] {
        let mut rig = Rig::load_on(
            &rom,
            game.clone(),
            &extra,
            speed,
            &scratch_dir(&format!("original-{speed:?}")),
            None,
        );
        rig.type_line("LEVELS TWO");
        assert!(
            rig.wait_for_text("2 levels", 10_000),
            "{speed:?}: {}",
            rig.ace.screen_text()
        );
        rig.type_line("RUN");
        assert!(rig.wait_for_text("LEVEL 01 OF 02", 2_000));
        rig.start_level(1);
        let mut session = Session::new(levels[..2].to_vec(), 0);
        assert!(rig.wait_for_screen(&expected(&session), 2_000));
        for level in &levels[..2] {
            solve_on_ace(&mut rig, &mut session, level);
        }
        assert!(rig.wait_for_text("YOU HAVE ESCAPED", 500), "{speed:?}");
    }
}
