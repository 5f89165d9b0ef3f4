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

/// One row of the spec's table in section 10.
struct Row {
    title: &'static str,
    width: usize,
    height: usize,
    moves: usize,
    pushes: usize,
    solution: &'static str,
    min_pushes: usize,
    min_pushes_moves: usize,
}

const TABLE: [Row; 5] = [
    Row {
        title: "First Shove",
        width: 5,
        height: 2,
        moves: 18,
        pushes: 5,
        solution: "rrurRdLuLrdLurRdrr",
        min_pushes: 5,
        min_pushes_moves: 18,
    },
    Row {
        title: "Side Step",
        width: 6,
        height: 3,
        moves: 28,
        pushes: 8,
        solution: "rrurRdrdLuLrdLuLruLrddRRurur",
        min_pushes: 8,
        min_pushes_moves: 28,
    },
    Row {
        title: "Three Lanes",
        width: 7,
        height: 3,
        moves: 45,
        pushes: 12,
        solution: "rrRRluRdllluurRllddrrrRRuLuLLdRdrruuLrdLurrdr",
        min_pushes: 11,
        min_pushes_moves: 47,
    },
    Row {
        title: "Zigzag Shuffle",
        width: 7,
        height: 4,
        moves: 50,
        pushes: 17,
        solution: "ruRRRdLrdLdLruLdrRRRuruuLLLrrrddldlLLLuRururrrdddr",
        min_pushes: 17,
        min_pushes_moves: 50,
    },
    Row {
        title: "Long Way Round",
        width: 8,
        height: 4,
        moves: 63,
        pushes: 25,
        solution: "rurRdrdLuLrdRRuuLuLLddrRuLdLruRRddLLuluuRRRdLLLdrdRRuRuruLdrrur",
        min_pushes: 25,
        min_pushes_moves: 63,
    },
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
        assert_eq!(level.meta.title.as_deref(), Some(row.title));
        assert_eq!(level.meta.author.as_deref(), Some("aceemu project"));
        assert_eq!((level.width(), level.height()), (row.width, row.height));
    }
}

#[test]
fn the_spec_solutions_replay_to_the_exit() {
    for (level, row) in examples().iter().zip(TABLE) {
        let moves: Moves = row.solution.parse().unwrap();
        assert_eq!(
            (moves.len(), moves.pushes()),
            (row.moves, row.pushes),
            "{}",
            row.title
        );
        let game = Game::replay(level, &moves).unwrap_or_else(|e| panic!("{}: {e}", row.title));
        assert!(game.is_solved());
    }
}

#[test]
fn the_solver_finds_the_optimal_move_counts() {
    for (level, row) in examples().iter().zip(TABLE) {
        let report = solve(level, Goal::Moves).unwrap();
        let moves = report.solution().expect(row.title);
        assert_eq!(moves.len(), row.moves, "{}", row.title);
        assert!(Game::replay(level, moves).is_ok(), "{}", row.title);
    }
}

#[test]
fn the_solver_finds_the_fewest_pushes_and_their_move_counts() {
    for (level, row) in examples().iter().zip(TABLE) {
        let report = solve(level, Goal::Pushes).unwrap();
        let moves = report.solution().expect(row.title);
        assert_eq!(
            (moves.pushes(), moves.len()),
            (row.min_pushes, row.min_pushes_moves),
            "{}",
            row.title
        );
        assert!(Game::replay(level, moves).is_ok(), "{}", row.title);
    }
}

#[test]
fn dead_end_is_unsolvable_in_both_searches() {
    let dead_end = &examples()[5];
    for goal in [Goal::Moves, Goal::Pushes] {
        assert_eq!(solve(dead_end, goal).unwrap().verdict, Verdict::Unsolvable);
    }
}
