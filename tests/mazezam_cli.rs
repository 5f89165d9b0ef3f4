//! `aceemu mazezam` from the outside: check, solve, generate, and play's refusal without
//! a terminal. Expected numbers come from the spec's section 10.

mod common;

use aceemu::games::mazezam::format::parse_file;
use aceemu::games::mazezam::solver::{solve, Goal};
use aceemu::games::mazezam::Game;
use common::cli::{aceemu, repeatable_stdout, scratch_dir, success_stdout, text, write_file};

const TWO_LEVELS: &str = "\
;;Author: aceemu project
;;Title: First Shove
#######
#$  $ #
+  $ $*
#######

;;Title: Three Lanes
#########
#  $ $$ #
#$$ $ $ *
+  $    #
#########

;;Title: Dead End
#######
#  $ $#
+ $  $*
#######
";

#[test]
fn check_lists_size_title_and_author() {
    let dir = scratch_dir("check");
    let file = write_file(&dir, "two.mzm", TWO_LEVELS);
    let stdout = success_stdout(&["mazezam", "check", &file]);
    for line in [
        "5x2 \"First Shove\" by aceemu project",
        "7x3 \"Three Lanes\" by aceemu project",
        "3 valid mazezams",
    ] {
        assert!(stdout.contains(line), "{stdout}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn check_reports_every_error_with_file_line_and_column() {
    let dir = scratch_dir("bad");
    let file = write_file(&dir, "bad.mzm", "#####\n+ . *\n#####\n\n####\n+$ *\n####\n");
    let out = aceemu(&["mazezam", "check", &file]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!("{file}:2:3: error [CHAR]")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{file}:6:2: error [R4_ENTRANCE_BLOCKED]")),
        "{stderr}"
    );
    let missing = aceemu(&["mazezam", "check", "/nonexistent/none.mzm"]);
    assert!(!missing.status.success());
    assert!(text(&missing.stderr).contains("/nonexistent/none.mzm"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn solve_prints_optimal_lengths_and_the_solution_string() {
    let dir = scratch_dir("solve");
    let file = write_file(&dir, "two.mzm", TWO_LEVELS);
    let stdout = success_stdout(&["mazezam", "solve", &file]);
    assert!(stdout.contains("18 moves, 5 pushes"), "{stdout}");
    assert!(stdout.contains("45 moves, 12 pushes"), "{stdout}");
    assert!(stdout.contains("unsolvable"), "{stdout}");
    // The printed solution for level 1 replays under the model.
    let line = stdout.lines().nth(1).unwrap().trim();
    let level = &parse_file(std::path::Path::new(&file)).unwrap().levels[0];
    assert!(
        Game::replay(level, &line.parse().unwrap()).is_ok(),
        "{line}"
    );
    // And in the games' keys (spec 9: l/L z, r/R x, u k, d m), from the notation by hand.
    let keys = stdout.lines().nth(2).unwrap().trim();
    let by_hand: String = line
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            'l' => 'z',
            'r' => 'x',
            'u' => 'k',
            _ => 'm',
        })
        .collect();
    assert_eq!(keys, format!("keys: {by_hand}"));

    let out = aceemu(&["mazezam", "solve", &file, "--level", "2", "--pushes"]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("47 moves, 11 pushes"), "{stdout}");
    assert!(!stdout.contains("First Shove"), "{stdout}");

    let out = aceemu(&["mazezam", "solve", &file, "--level", "4"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("the file has 3 mazezams"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn solve_reports_a_state_limit_as_a_failure() {
    let dir = scratch_dir("limit");
    let file = write_file(&dir, "two.mzm", TWO_LEVELS);
    let out = aceemu(&[
        "mazezam",
        "solve",
        &file,
        "--level",
        "2",
        "--max-states",
        "10",
    ]);
    assert!(!out.status.success());
    assert!(text(&out.stdout).contains("gave up after 10 states"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn generate_is_reproducible_and_records_the_optimal_solution() {
    let mut args: Vec<&str> = "mazezam generate --seed 7 --width 6 --height 3 --min-moves 20"
        .split(' ')
        .collect();
    args.extend(["--title", "Test Room"]);
    let stdout = repeatable_stdout(&args);

    let dir = scratch_dir("generate");
    let file = dir.join("g.mzm");
    std::fs::write(&file, &stdout).unwrap();
    let parsed = parse_file(&file).unwrap();
    let level = &parsed.levels[0];
    assert_eq!((level.width(), level.height()), (6, 3));
    assert_eq!(level.meta.title.as_deref(), Some("Test Room"));
    let recorded: aceemu::games::mazezam::Moves = level
        .meta
        .extra("Solution(Moves)")
        .unwrap()
        .parse()
        .unwrap();
    let optimal = solve(level, Goal::Moves).unwrap();
    assert_eq!(recorded.len(), optimal.solution().unwrap().len());
    assert!(recorded.len() >= 20);
    assert!(Game::replay(level, &recorded).is_ok());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn generate_keeps_existing_files_unless_forced() {
    let dir = scratch_dir("force");
    let file = dir.join("keep.mzm");
    std::fs::write(&file, "precious").unwrap();
    let path = file.to_str().unwrap();
    let base = [
        "mazezam", "generate", "--seed", "1", "--width", "4", "--height", "2",
    ];
    let out = aceemu(&[&base[..], &["--output", path]].concat());
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious");
    let out = aceemu(&[&base[..], &["--output", path, "--force"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(parse_file(&file).unwrap().levels.len(), 1);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn generate_refuses_bad_sizes_and_long_titles() {
    assert!(
        !aceemu(&["mazezam", "generate", "--seed", "1", "--width", "0", "--height", "2"])
            .status
            .success()
    );
    let out = aceemu(&[
        "mazezam",
        "generate",
        "--seed",
        "1",
        "--width",
        "3",
        "--height",
        "2",
        "--title",
        "a title that is far longer than twenty-eight",
    ]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("28"), "{}", text(&out.stderr));
}

#[test]
fn play_refuses_cleanly_without_a_terminal() {
    let dir = scratch_dir("play");
    let file = write_file(&dir, "two.mzm", TWO_LEVELS);
    let out = aceemu(&["mazezam", "play", &file]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_level_pack_checks_clean() {
    let pack = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/aceemu.mzm");
    let out = aceemu(&["mazezam", "check", pack]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).is_empty(),
        "warnings: {}",
        text(&out.stderr)
    );
    assert!(!text(&out.stdout).contains("larger than the Ace"));
}

#[test]
fn check_of_a_file_that_is_no_level_file_says_so_in_one_line() {
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let out = aceemu(&["mazezam", "check", readme]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("README.md: not a .mzm file"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}
