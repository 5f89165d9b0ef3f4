//! `aceemu sokoban` from the outside: check, solve (the spec's example both ways), generate,
//! tape, and play's refusal without a terminal.

mod common;

use aceemu::games::sokoban::format::parse_str;
use aceemu::games::sokoban::{pack, Game, Moves};
use aceemu::tape::image::TapeImage;
use common::cli::{aceemu, repeatable_stdout, scratch_dir, success_stdout, text, write_file};

const SPEC: &str = "Examples from the spec\n\n#######\n#.$@$.#\n#######\nTitle: Straight\n\
                    boxorder 1 2\ngoalorder 1 2\n\n#######\n#.$@$.#\n#######\nTitle: Crossed\n\
                    boxorder 1 2\ngoalorder 2 1\n";

#[test]
fn check_lists_the_levels_and_reports_errors_with_file_line_and_column() {
    let dir = scratch_dir("check");
    let good = write_file(&dir, "spec.xsb", SPEC);
    let stdout = success_stdout(&["sokoban", "check", &good]);
    assert!(
        stdout.contains("  1  7x3 \"Straight\", 2 boxes, numbered"),
        "{stdout}"
    );
    assert!(stdout.contains("2 valid levels"), "{stdout}");
    let bad = write_file(
        &dir,
        "bad.xsb",
        "#######\n#.$@$.#\n#######\nboxorder 1 0\ngoalorder 1 2\n",
    );
    let out = aceemu(&["sokoban", "check", &bad]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("bad.xsb:4:12: number 0 is out of range"),
        "{stderr}"
    );
}

#[test]
fn solve_prints_lurd_and_says_why_the_crossed_example_is_unsolvable() {
    let dir = scratch_dir("solve");
    let file = write_file(&dir, "spec.xsb", SPEC);
    let out = aceemu(&["sokoban", "solve", &file, "--level", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("3 moves, 2 pushes"));
    assert!(text(&out.stdout).contains("     LrR"));
    let out = aceemu(&["sokoban", "solve", &file, "--level", "2", "--moves"]);
    assert!(!out.status.success());
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("unsolvable: the numbers make it impossible"),
        "{stdout}"
    );
}

#[test]
fn generate_is_repeatable_and_its_solution_wins() {
    let args = [
        "sokoban",
        "generate",
        "--seed",
        "7",
        "--width",
        "6",
        "--height",
        "5",
        "--boxes",
        "2",
        "--attempts",
        "4",
    ];
    let stdout = repeatable_stdout(&args);
    let level = parse_str(&text(&stdout), "generated")
        .unwrap()
        .levels
        .remove(0);
    let moves: Moves = level.notes.value("Solution").unwrap().parse().unwrap();
    assert!(Game::replay(&level, &moves).unwrap().is_solved());
    // --output writes the same text to the file (and keeps it unless --force).
    let dir = scratch_dir("generate");
    let out = dir.join("made.xsb");
    let out_arg = out.display().to_string();
    let mut with_output = args.to_vec();
    with_output.extend(["--output", &out_arg]);
    let c = aceemu(&with_output);
    assert!(c.status.success(), "{}", text(&c.stderr));
    assert_eq!(std::fs::read(&out).unwrap(), stdout);
    assert!(
        !aceemu(&with_output).status.success(),
        "an existing file is kept"
    );
}

#[test]
fn generate_farthest_makes_a_level_far_above_its_lower_bound() {
    let a = aceemu(&[
        "sokoban",
        "generate",
        "--seed",
        "1",
        "--width",
        "8",
        "--height",
        "6",
        "--boxes",
        "4",
        "--walls",
        "200",
        "--attempts",
        "1",
        "--farthest",
    ]);
    assert!(a.status.success(), "{}", text(&a.stderr));
    let level = parse_str(&text(&a.stdout), "generated")
        .unwrap()
        .levels
        .remove(0);
    let moves: Moves = level.notes.value("Solution").unwrap().parse().unwrap();
    assert!(Game::replay(&level, &moves).unwrap().is_solved());
    let optimal = level.notes.value("Optimal").unwrap();
    let numbers: Vec<usize> = optimal
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    // "N pushes (M moves, C box changes, lower bound L pushes)"
    let (pushes, bound) = (numbers[0], numbers[3]);
    assert_eq!(pushes, moves.pushes());
    assert!(pushes >= 2 * bound, "{optimal}");
}

#[test]
fn tape_writes_the_pack_as_a_bytes_file_and_refuses_to_overwrite() {
    let dir = scratch_dir("tape");
    let out_path = dir.join("pack.tap");
    let out_s = out_path.to_str().unwrap();
    let out = aceemu(&["sokoban", "tape", pack::PATH, out_s, "--name", "PACK"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("in the Ace game type LEVELS PACK"));
    let image = TapeImage::open(&out_path).unwrap();
    let bytes = aceemu::games::sokoban::ace::encode_pack(&pack::levels()).unwrap();
    assert_eq!(&image.blocks[1].data[..bytes.len()], &bytes[..]);
    let again = aceemu(&["sokoban", "tape", pack::PATH, out_s]);
    assert!(
        !again.status.success(),
        "must not overwrite without --force"
    );
}

#[test]
fn play_needs_a_terminal() {
    let out = aceemu(&["sokoban", "play", pack::PATH]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("needs a terminal"));
}

/// Level 11 of levels/bench.xsb (20x15, title "Bench 11": 3 + 8 + 300 = 311 bytes) twelve
/// times: 1 + 12 x 311 = 3733 bytes, over the game's 3,072; nine (2800 bytes) fit, ten
/// (3111) do not.
fn twelve_big_levels() -> String {
    let bench = include_str!("../levels/bench.xsb");
    let level = &parse_str(bench, "bench").unwrap().levels[10];
    assert_eq!((level.width(), level.height()), (20, 15));
    let one = aceemu::games::sokoban::format::write_level(level);
    vec![one; 12].join("\n")
}

#[test]
fn tape_refuses_a_pack_the_game_cannot_hold_and_suggests_a_range_that_fits() {
    let dir = scratch_dir("tape-big");
    let file = write_file(&dir, "big.xsb", &twelve_big_levels());
    let out_path = dir.join("big.tap");
    let out_s = out_path.to_str().unwrap();
    let out = aceemu(&["sokoban", "tape", &file, out_s, "--name", "BIG"]);
    assert!(!out.status.success());
    assert!(!out_path.exists(), "no tape may be written");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("levels 1-12 make a pack of 3733 bytes"),
        "{stderr}"
    );
    assert!(stderr.contains("--levels 1-9 fits"), "{stderr}");
    let out = aceemu(&["sokoban", "tape", &file, out_s, "--levels", "2-12"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--levels 2-10 fits"),
        "{}",
        text(&out.stderr)
    );
    // A range of the file: the tape holds just those levels.
    let out = aceemu(&[
        "sokoban", "tape", &file, out_s, "--levels", "3-11", "--name", "BIG",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("9 levels, 2800 bytes"),
        "{}",
        text(&out.stdout)
    );
    let image = TapeImage::open(&out_path).unwrap();
    assert_eq!(
        image.blocks[1].data.len(),
        2800 + 1,
        "2800 bytes and the checksum"
    );
    assert_eq!(image.blocks[1].data[0], 9, "the level count");
    // A range past the file's end is an error naming the count.
    let past = dir.join("past.tap");
    let out = aceemu(&[
        "sokoban",
        "tape",
        &file,
        past.to_str().unwrap(),
        "--levels",
        "5-40",
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("the file has 12 levels"),
        "{}",
        text(&out.stderr)
    );
    assert!(!past.exists());
}

#[test]
fn solve_prints_the_ace_keys_and_says_which_search_found_it() {
    let dir = scratch_dir("solve-keys");
    let file = write_file(&dir, "spec.xsb", SPEC);
    let out = aceemu(&["sokoban", "solve", &file, "--level", "1"]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("optimal (fewest pushes)"), "{stdout}");
    // LrR: left, right, right are Z X X on the Ace.
    assert!(stdout.contains("     keys: zxx"), "{stdout}");
    let stdout = success_stdout(&["sokoban", "solve", &file, "--level", "1", "--fast"]);
    assert!(
        stdout.contains("fast search, not necessarily optimal"),
        "{stdout}"
    );
    assert!(stdout.contains("     keys: zxx"), "{stdout}");
}
