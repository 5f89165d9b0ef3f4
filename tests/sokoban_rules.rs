//! The rules (walk, push, the numbered win test), undo/redo, LURD replay, and the solver on
//! hand-made levels whose optimal answers are worked out by hand in the comments.

use aceemu::games::sokoban::format::parse_str;
use aceemu::games::sokoban::solver::{solve, Mode, Verdict};
use aceemu::games::sokoban::{Direction, Game, Level, Moves, ReplayError, Step};

fn level(text: &str) -> Level {
    parse_str(text, "t.xsb").unwrap().levels.remove(0)
}

const SPEC: &str = "#######\n#.$@$.#\n#######\n";

#[test]
fn walking_pushing_and_blocking() {
    let l = level("######\n#@$$.#\n#  . #\n######\n");
    let mut g = Game::new(&l);
    assert_eq!(
        g.step(Direction::Right),
        Step::Blocked,
        "two boxes in a row"
    );
    assert_eq!(g.step(Direction::Up), Step::Blocked, "wall");
    assert_eq!(g.step(Direction::Down), Step::Walked);
    assert_eq!(g.step(Direction::Right), Step::Walked);
    assert_eq!(
        g.step(Direction::Up),
        Step::Blocked,
        "box against the top wall"
    );
    assert_eq!((g.moves(), g.pushes()), (2, 0));
}

#[test]
fn the_spec_example_is_solved_by_lrr_without_numbers_and_with_matching_numbers() {
    let m: Moves = "LrR".parse().unwrap();
    for plus in ["", "boxorder 1 2\ngoalorder 1 2\n"] {
        let g = Game::replay(&level(&format!("{SPEC}{plus}")), &m).unwrap();
        assert!(g.is_solved(), "{plus:?}");
        assert_eq!((g.moves(), g.pushes()), (3, 2));
    }
}

#[test]
fn a_plus_level_pushed_into_the_wrong_order_is_not_solved() {
    let g = Game::replay(
        &level(&format!("{SPEC}boxorder 1 2\ngoalorder 2 1\n")),
        &"LrR".parse().unwrap(),
    )
    .unwrap();
    assert!(g.all_goals_covered());
    assert!(!g.is_solved());
}

#[test]
fn replay_checks_the_case_of_every_letter() {
    let l = level(SPEC);
    assert!(matches!(
        Game::replay(&l, &"lrR".parse().unwrap()),
        Err(ReplayError::WrongCase { index: 1, .. })
    ));
    assert!(matches!(
        Game::replay(&l, &"LRR".parse().unwrap()),
        Err(ReplayError::WrongCase { index: 2, .. })
    ));
    assert!(matches!(
        Game::replay(&l, &"LL".parse().unwrap()),
        Err(ReplayError::Blocked { index: 2, .. })
    ));
}

#[test]
fn undo_redo_and_restart() {
    let l = level(SPEC);
    let mut g = Game::new(&l);
    let start = g.rows();
    g.step(Direction::Left);
    g.step(Direction::Right);
    assert!(g.undo());
    assert!(g.undo());
    assert_eq!(g.rows(), start);
    assert!(!g.undo());
    assert!(g.redo());
    assert_eq!((g.moves(), g.pushes()), (1, 1));
    assert_eq!(g.rows(), vec!["#######", "#*@ $.#", "#######"]);
    g.step(Direction::Right);
    assert!(!g.redo(), "a new move clears the redo list");
    g.restart();
    assert_eq!(g.rows(), start);
    assert_eq!(g.history().to_string(), "");
}

#[test]
fn solver_finds_the_spec_solution_and_counts() {
    let r = solve(&level(SPEC), Mode::Pushes, 10_000);
    assert_eq!(r.solution().unwrap().to_string(), "LrR");
    let r = solve(&level(SPEC), Mode::Moves, 10_000);
    assert_eq!(r.solution().unwrap().to_string(), "LrR");
}

#[test]
fn solver_says_why_the_spec_example_with_crossed_numbers_is_unsolvable() {
    let r = solve(
        &level(&format!("{SPEC}boxorder 1 2\ngoalorder 2 1\n")),
        Mode::Pushes,
        10_000,
    );
    match r.verdict {
        Verdict::Unsolvable(reason) => {
            assert!(reason.contains("numbers make it impossible"), "{reason}");
            assert!(
                reason.contains("without the numbers it solves in 2 pushes"),
                "{reason}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn solver_sees_a_box_that_can_never_reach_a_goal_of_its_number() {
    // Box 1 starts in the top-left corner (walls above and to the left): it never moves,
    // and goal 1 is elsewhere.
    let l = level("######\n#$.@.#\n#  $ #\n######\nboxorder 1 2\ngoalorder 2 1\n");
    let r = solve(&l, Mode::Pushes, 10_000);
    match r.verdict {
        Verdict::Unsolvable(reason) => {
            assert!(reason.contains("box 1 at row 2, column 2"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_straight_push_needs_no_walk() {
    // The box is in line with the goal, the player behind it: three pushes, no walk.
    let l = level("########\n#@$  . #\n#      #\n########\n");
    for mode in [Mode::Pushes, Mode::Moves] {
        assert_eq!(
            solve(&l, mode, 10_000).solution().unwrap().to_string(),
            "RRR"
        );
    }
}

#[test]
fn fewest_moves_against_fewest_pushes() {
    // The box must go 2 down and 2 right, so any solution has at least 4 pushes.
    let l = level("#######\n#@    #\n# $   #\n#     #\n#   . #\n#######\n");
    let p = solve(&l, Mode::Pushes, 10_000).solution().unwrap().clone();
    let m = solve(&l, Mode::Moves, 10_000).solution().unwrap().clone();
    assert_eq!(p.pushes(), 4);
    assert!(m.len() <= p.len());
    // The moves answer is a win and no solution is shorter (brute force, below).
    assert!(Game::replay(&l, &m).unwrap().is_solved());
    assert_eq!(m.len(), shortest_by_brute_force(&l, m.len()));
}

/// The fewest moves that solve a level, by breadth-first search over (player, boxes)
/// written here independently of the solver, up to `limit` moves.
fn shortest_by_brute_force(l: &Level, limit: usize) -> usize {
    use std::collections::{HashSet, VecDeque};
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([(Game::new(l), 0usize)]);
    while let Some((g, n)) = queue.pop_front() {
        if g.is_solved() {
            return n;
        }
        if n == limit || !seen.insert(g.rows()) {
            continue;
        }
        for d in Direction::ALL {
            let mut next = g.clone();
            if next.step(d) != Step::Blocked {
                queue.push_back((next, n + 1));
            }
        }
    }
    usize::MAX
}

#[test]
fn every_solution_the_solver_gives_replays_to_a_win() {
    let l = level(
        "  #####\n###   #\n#.@$  #\n### $.#\n#.##$ #\n# # . ##\n#$ *$$.#\n#   .  #\n########\n",
    );
    for mode in [Mode::Pushes, Mode::Moves] {
        let r = solve(&l, mode, 2_000_000);
        let m = r.solution().unwrap_or_else(|| panic!("{:?}", r.verdict));
        assert!(Game::replay(&l, m).unwrap().is_solved(), "{mode:?}");
    }
}
