//! The project's level pack, levels/aceemu.xsb: every level is ours, fits the Ace's screen
//! with at most 9 numbers, and its recorded solution replays to a win with the recorded
//! (optimal) push count; the solver, run again, finds no solution with fewer pushes (in the
//! default run for the levels up to 20 pushes, all of them in the ignored tests).

use aceemu::games::sokoban::solver::{solve, Mode, Verdict};
use aceemu::games::sokoban::{pack, Game, Level};

#[test]
fn the_pack_has_about_thirty_levels_of_ours_that_fit_the_ace() {
    let levels = pack::levels();
    assert!((25..=35).contains(&levels.len()), "{}", levels.len());
    assert!(pack::TEXT.contains("Licence: MIT OR Apache-2.0"));
    for (i, l) in levels.iter().enumerate() {
        assert_eq!(
            l.notes.author.as_deref(),
            Some("aceemu project"),
            "level {}",
            i + 1
        );
        assert!(
            l.width() <= 32 && l.height() <= 20,
            "level {} too big",
            i + 1
        );
        assert!(
            l.box_numbers()
                .iter()
                .chain(l.goal_numbers())
                .all(|&n| n <= 9),
            "level {} has a number above 9",
            i + 1
        );
        let title = l.notes.title.as_deref().unwrap_or("");
        assert!(
            !title.is_empty() && title.len() <= 30,
            "level {} title",
            i + 1
        );
    }
    assert!(
        levels.iter().filter(|l| l.has_numbers()).count() >= 5,
        "several Plus levels"
    );
}

#[test]
fn every_recorded_solution_replays_to_a_win_with_the_recorded_pushes() {
    for (i, l) in pack::levels().iter().enumerate() {
        let moves = pack::recorded_solution(l).unwrap_or_else(|| panic!("level {}", i + 1));
        let game = Game::replay(l, &moves).unwrap_or_else(|e| panic!("level {}: {e}", i + 1));
        assert!(
            game.is_solved(),
            "level {} not solved by its solution",
            i + 1
        );
        assert_eq!(
            Some(moves.pushes()),
            pack::recorded_pushes(l),
            "level {}",
            i + 1
        );
    }
}

/// The levels the default test run re-solves: up to this many pushes (a few seconds in
/// the test profile). The `#[ignore]`d tests take every level (run them with
/// `cargo test --release --test sokoban_pack -- --ignored`; some minutes in debug).
const QUICK_PUSHES: usize = 20;

fn quick(l: &Level) -> bool {
    pack::recorded_pushes(l).is_some_and(|p| p <= QUICK_PUSHES)
}

fn numbers_matter(only_quick: bool) {
    // Without its numbers every Plus level solves in fewer pushes (the level maker keeps
    // only such levels): the order or the pairing is forced by the numbers.
    for (i, l) in pack::levels()
        .iter()
        .enumerate()
        .filter(|(_, l)| l.has_numbers() && (!only_quick || quick(l)))
    {
        let mut plain = l.clone();
        plain
            .set_numbers(&vec![0; l.boxes().len()], &vec![0; l.goals().len()])
            .unwrap();
        let without = solve(&plain, Mode::Pushes, 5_000_000);
        let with = pack::recorded_pushes(l).unwrap();
        assert!(
            without.solution().unwrap().pushes() < with,
            "level {}: numbers do not matter",
            i + 1
        );
    }
}

fn confirm_push_counts(only_quick: bool) {
    for (i, l) in pack::levels()
        .iter()
        .enumerate()
        .filter(|(_, l)| !only_quick || quick(l))
    {
        match solve(l, Mode::Pushes, 5_000_000).verdict {
            Verdict::Solved(m) => {
                assert_eq!(
                    Some(m.pushes()),
                    pack::recorded_pushes(l),
                    "level {}",
                    i + 1
                );
                assert!(Game::replay(l, &m).unwrap().is_solved());
            }
            other => panic!("level {}: {other:?}", i + 1),
        }
    }
}

#[test]
fn in_the_plus_levels_up_to_twenty_pushes_the_numbers_matter() {
    numbers_matter(true);
}

#[test]
#[ignore = "every Plus level, the hard ones too: minutes in the test profile"]
fn in_every_plus_level_the_numbers_matter() {
    numbers_matter(false);
}

#[test]
fn the_solver_confirms_the_recorded_push_counts_up_to_twenty_pushes() {
    confirm_push_counts(true);
}

#[test]
#[ignore = "every level, the hard ones too: minutes in the test profile"]
fn the_solver_confirms_every_recorded_push_count() {
    confirm_push_counts(false);
}

#[test]
fn the_pack_goes_from_easy_to_hard_up_to_levels_a_person_finds_hard() {
    let counts: Vec<usize> = pack::levels()
        .iter()
        .map(|l| pack::recorded_pushes(l).unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
    assert!(
        counts[0] <= 3 && *counts.last().unwrap() >= 35,
        "{counts:?}"
    );
    assert!(counts.iter().filter(|&&p| p > QUICK_PUSHES).count() >= 10);
}
