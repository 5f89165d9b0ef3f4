//! The spec's example mazezams (section 10, made for this project) with their measured
//! optimal lengths, and the spec's solution strings replayed under the rules.

use aceemu::games::mazezam::format::parse_str;
use aceemu::games::mazezam::solver::{solve, Goal, Verdict};
use aceemu::games::mazezam::{Game, Level, Moves};

const EXAMPLES: &str = "\
;;Version: 1
;;Author: aceemu project

;;Title: First Shove
#######
#$  $ #
+  $ $*
#######

;;Title: Side Step
########
#$  $$ *
+  $  $#
#  $$ $#
########

;;Title: Three Lanes
#########
#  $ $$ #
#$$ $ $ *
+  $    #
#########

;;Title: Zigzag Shuffle
#########
# $$    #
+  $  $$#
#  $ $$$#
# $  $  *
#########

;;Title: Long Way Round
##########
#  $ $ $ *
#  $ $$$ #
+ $  $ $$#
# $$ $$$ #
##########

;;Title: Dead End
#######
#  $ $#
+ $  $*
#######
";

/// (title, W, H, optimal moves, its pushes, one optimal solution, min pushes, its moves)
const TABLE: [(&str, usize, usize, usize, usize, &str, usize, usize); 5] = [
    ("First Shove", 5, 2, 18, 5, "rrurRdLuLrdLurRdrr", 5, 18),
    ("Side Step", 6, 3, 28, 8, "rrurRdrdLuLrdLuLruLrddRRurur", 8, 28),
    (
        "Three Lanes",
        7,
        3,
        45,
        12,
        "rrRRluRdllluurRllddrrrRRuLuLLdRdrruuLrdLurrdr",
        11,
        47,
    ),
    (
        "Zigzag Shuffle",
        7,
        4,
        50,
        17,
        "ruRRRdLrdLdLruLdrRRRuruuLLLrrrddldlLLLuRururrrdddr",
        17,
        50,
    ),
    (
        "Long Way Round",
        8,
        4,
        63,
        25,
        "rurRdrdLuLrdRRuuLuLLddrRuLdLruRRddLLuluuRRRdLLLdrdRRuRuruLdrrur",
        25,
        63,
    ),
];

fn examples() -> Vec<Level> {
    let parsed = parse_str(EXAMPLES, "spec-section-10").unwrap();
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    parsed.levels
}

#[test]
fn the_examples_parse_with_titles_and_the_sticky_author() {
    let levels = examples();
    assert_eq!(levels.len(), 6);
    for (level, row) in levels.iter().zip(TABLE) {
        assert_eq!(level.meta.title.as_deref(), Some(row.0));
        assert_eq!(level.meta.author.as_deref(), Some("aceemu project"));
        assert_eq!((level.width(), level.height()), (row.1, row.2));
    }
}

#[test]
fn the_spec_solutions_replay_to_the_exit() {
    for (level, row) in examples().iter().zip(TABLE) {
        let moves: Moves = row.5.parse().unwrap();
        assert_eq!((moves.len(), moves.pushes()), (row.3, row.4), "{}", row.0);
        let game = Game::replay(level, &moves).unwrap_or_else(|e| panic!("{}: {e}", row.0));
        assert!(game.is_solved());
    }
}

#[test]
fn the_solver_finds_the_optimal_move_counts() {
    for (level, row) in examples().iter().zip(TABLE) {
        let report = solve(level, Goal::Moves).unwrap();
        let moves = report.solution().expect(row.0);
        assert_eq!(moves.len(), row.3, "{}", row.0);
        assert!(Game::replay(level, moves).is_ok(), "{}", row.0);
    }
}

#[test]
fn the_solver_finds_the_fewest_pushes_and_their_move_counts() {
    for (level, row) in examples().iter().zip(TABLE) {
        let report = solve(level, Goal::Pushes).unwrap();
        let moves = report.solution().expect(row.0);
        assert_eq!((moves.pushes(), moves.len()), (row.6, row.7), "{}", row.0);
        assert!(Game::replay(level, moves).is_ok(), "{}", row.0);
    }
}

#[test]
fn dead_end_is_unsolvable_in_both_searches() {
    let dead_end = &examples()[5];
    for goal in [Goal::Moves, Goal::Pushes] {
        assert_eq!(solve(dead_end, goal).unwrap().verdict, Verdict::Unsolvable);
    }
}
