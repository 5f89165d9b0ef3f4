//! A level file given to the other game's commands is named for what it is, in one line.

mod common;

use common::cli::{aceemu, text};

#[test]
fn each_game_names_the_other_games_level_file() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mzm = format!("{root}/levels/aceemu.mzm");
    let xsb = format!("{root}/levels/aceemu.xsb");
    for (args, says) in [
        (["sokoban", "solve", mzm.as_str()], "a MazezaM file"),
        (["sokoban", "check", mzm.as_str()], "a MazezaM file"),
        (["mazezam", "solve", xsb.as_str()], "a Sokoban file"),
        (["mazezam", "check", xsb.as_str()], "a Sokoban file"),
    ] {
        let out = aceemu(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains(says) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}
