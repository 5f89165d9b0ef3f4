//! The solver as a player uses it (`solver::answer`): the optimal search first, the fast
//! search (greedy best-first on the matching bound) when it runs out; every solution
//! replayed through `games::sokoban::Game`. Levels: `levels/bench.xsb` (10-16 boxes,
//! 9x9 to 20x15, made for this project) and the spec's own example.

use aceemu::games::sokoban::format::parse_str;
use aceemu::games::sokoban::solver::{answer, Method, Mode, Plan, Verdict, WATCH_EVERY};
use aceemu::games::sokoban::{Game, Level};

const BENCH: &str = include_str!("../levels/bench.xsb");

fn bench_levels() -> Vec<Level> {
    parse_str(BENCH, "levels/bench.xsb").unwrap().levels
}

fn fast_only(states: usize) -> Plan {
    Plan {
        mode: Mode::Pushes,
        optimal_states: 0,
        fast_states: states,
    }
}

fn assert_replays(level: &Level, verdict: &Verdict, what: &str) {
    let Verdict::Solved(moves) = verdict else {
        panic!("{what}: not solved: {verdict:?}");
    };
    let game = Game::replay(level, moves).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    assert!(game.is_solved(), "{what}: the moves do not solve it");
}

#[test]
fn the_fast_search_solves_every_bench_level_and_the_solutions_replay() {
    for (i, level) in bench_levels().iter().enumerate() {
        let report = answer(level, &fast_only(4_000_000), &mut |_| true);
        assert_eq!(report.method, Method::Fast);
        assert!(!report.optimal);
        assert_replays(level, &report.verdict, &format!("bench level {}", i + 1));
    }
}

#[test]
fn the_optimal_search_comes_first_and_the_fast_one_takes_over_at_its_limit() {
    let levels = bench_levels();
    // Level 2 is small for the optimal search: solved optimally within the limit.
    let plan = Plan {
        mode: Mode::Pushes,
        optimal_states: 300_000,
        fast_states: 4_000_000,
    };
    let report = answer(&levels[1], &plan, &mut |_| true);
    assert_eq!((report.method, report.optimal), (Method::Optimal, true));
    assert_replays(&levels[1], &report.verdict, "level 2, optimal");
    // With room for only 50 positions the optimal search gives up; the fast one answers.
    let tight = Plan {
        optimal_states: 50,
        ..plan
    };
    let report = answer(&levels[2], &tight, &mut |_| true);
    assert_eq!((report.method, report.optimal), (Method::Fast, false));
    assert_replays(&levels[2], &report.verdict, "level 3, fast after optimal");
    // Without a fast search the limit is the answer.
    let none = Plan {
        fast_states: 0,
        ..tight
    };
    assert_eq!(
        answer(&levels[2], &none, &mut |_| true).verdict,
        Verdict::TooManyStates(50)
    );
}

#[test]
fn the_fast_search_respects_the_numbers_and_finds_no_crossed_solution() {
    // The spec's example (sokoban-plus.md 3): with goalorder 2 1 it is unsolvable.
    let crossed = "#######\n#.$@$.#\n#######\nboxorder 1 2\ngoalorder 2 1\n";
    let level = &parse_str(crossed, "t").unwrap().levels[0];
    let report = answer(level, &fast_only(1000), &mut |_| true);
    assert!(
        matches!(report.verdict, Verdict::Unsolvable(_)),
        "{:?}",
        report.verdict
    );
    let straight = "#######\n#.$@$.#\n#######\nboxorder 1 2\ngoalorder 1 2\n";
    let level = &parse_str(straight, "t").unwrap().levels[0];
    let report = answer(level, &fast_only(1000), &mut |_| true);
    assert_replays(level, &report.verdict, "straight");
}

#[test]
fn a_watcher_sees_progress_and_can_stop_either_search() {
    let level = &bench_levels()[10];
    for plan in [
        Plan {
            mode: Mode::Pushes,
            optimal_states: 1_000_000,
            fast_states: 0,
        },
        Plan {
            mode: Mode::Moves,
            optimal_states: 1_000_000,
            fast_states: 0,
        },
    ] {
        let mut calls = Vec::new();
        let report = answer(level, &plan, &mut |p| {
            calls.push(*p);
            calls.len() < 3
        });
        assert_eq!(
            report.verdict,
            Verdict::Stopped(3 * WATCH_EVERY),
            "{plan:?}"
        );
        assert_eq!(calls.len(), 3);
        assert_eq!(calls[2].positions, 3 * WATCH_EVERY);
        assert!(calls.iter().all(|p| p.method == Method::Optimal));
    }
}

/// A closed room `w` x `h` (walls included) with one box next to its goal.
fn room(w: usize, h: usize) -> Level {
    let mut rows = vec!["#".repeat(w)];
    rows.push(format!("#@$.{}#", " ".repeat(w - 5)));
    for _ in 2..h - 1 {
        rows.push(format!("#{}#", " ".repeat(w - 2)));
    }
    rows.push("#".repeat(w));
    Level::from_rows(&rows).unwrap()
}

#[test]
fn a_board_of_more_than_65535_cells_gets_a_clear_message_and_a_large_one_solves() {
    let big = room(300, 220);
    let report = answer(&big, &fast_only(1000), &mut |_| true);
    let Verdict::TooLarge(reason) = &report.verdict else {
        panic!("{:?}", report.verdict);
    };
    assert!(reason.contains("300x220 = 66000 cells"), "{reason}");
    let large = room(250, 250);
    let plan = Plan {
        mode: Mode::Pushes,
        optimal_states: 1000,
        fast_states: 1000,
    };
    let report = answer(&large, &plan, &mut |_| true);
    assert_replays(&large, &report.verdict, "250x250");
}
