//! `aceemu play NAME`: the bundled games run from any directory (their tapes are inside the
//! binary), each started for you; `play --list` names every tape in `tapes/`.

mod common;

use common::cli::{aceemu_command, output_within, scratch_dir, text};

/// Every tape in `tapes/` is a bundled game, listed with how it starts.
#[test]
fn play_list_names_every_tape_in_the_tapes_folder() {
    let out = output_within(60, aceemu_command().args(["play", "--list"]));
    assert!(out.status.success());
    let list = text(&out.stdout);
    let tapes = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tapes")).unwrap();
    for entry in tapes {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(game) = name.strip_suffix(".tap") else {
            continue;
        };
        let line = list
            .lines()
            .find(|l| l.split_whitespace().next() == Some(game))
            .unwrap_or_else(|| panic!("{game} is not listed:\n{list}"));
        assert!(line.contains("types LOAD "), "{line}");
    }
    // Without a name the list is shown too.
    let out = output_within(60, aceemu_command().arg("play"));
    assert_eq!(text(&out.stdout), list);
}

/// Started from an empty directory, each game reaches its title page (the text is each
/// game's own title screen, as its Forth or assembly source writes it).
#[test]
fn bundled_games_start_from_an_empty_directory() {
    let dir = scratch_dir("play-anywhere");
    for (game, title) in [
        ("maze", "<ANYKEY>"),
        ("mazezam", "LEVEL 01 OF 26"),
        ("mazezam-mc", "digits choose, ENTER plays"),
        ("sokoban", "S O K O B A N"),
        ("cabbage", "Dict: cabbage"),
    ] {
        let out = output_within(
            300,
            aceemu_command()
                .current_dir(&dir)
                .args(["play", game, "--headless", "--tape-speed", "instant"])
                .args(["--until-text", title, "--max-frames", "3000"]),
        );
        assert!(
            out.status.success(),
            "{game}: {}\n{}",
            text(&out.stderr),
            text(&out.stdout)
        );
    }
}

/// The README's `aceemu tapes/maze.tap` run elsewhere says where the game is.
#[test]
fn a_missing_bundled_tape_path_names_the_play_command() {
    let dir = scratch_dir("missing-tape");
    let out = output_within(
        60,
        aceemu_command()
            .current_dir(&dir)
            .args(["tapes/maze.tap", "--headless"]),
    );
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("`aceemu play maze`"), "{err}");
}

#[test]
fn an_unknown_game_is_refused_with_the_names() {
    let out = output_within(60, aceemu_command().args(["play", "tetris", "--headless"]));
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("tetris") && err.contains("mazezam-mc"),
        "{err}"
    );
    let out = output_within(
        60,
        aceemu_command().args(["play", "maze", "--tape", "x.tap", "--headless"]),
    );
    assert!(
        text(&out.stderr).contains("own tape"),
        "{}",
        text(&out.stderr)
    );
}
