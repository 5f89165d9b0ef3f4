//! The project's level pack, levels/aceemu.xsb: every level is ours, fits the Ace's screen
//! with at most 9 numbers, and its recorded solution replays to a win with the recorded
//! (optimal) push count; the solver, run again, finds no solution with fewer pushes.

use aceemu::games::sokoban::solver::{solve, Mode, Verdict};
use aceemu::games::sokoban::{pack, Game};

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

#[test]
fn in_the_plus_levels_the_numbers_matter() {
    // Without its numbers every Plus level solves in fewer pushes (the level maker keeps
    // only such levels): the order or the pairing is forced by the numbers.
    for (i, l) in pack::levels()
        .iter()
        .enumerate()
        .filter(|(_, l)| l.has_numbers())
    {
        let mut plain = l.clone();
        plain
            .set_numbers(&vec![0; l.boxes().len()], &vec![0; l.goals().len()])
            .unwrap();
        let without = solve(&plain, Mode::Pushes, 2_000_000);
        let with = pack::recorded_pushes(l).unwrap();
        assert!(
            without.solution().unwrap().pushes() < with,
            "level {}: numbers do not matter",
            i + 1
        );
    }
}

#[test]
fn the_solver_confirms_every_recorded_push_count() {
    // The whole pack re-solves in a few seconds (test profile), so every level is checked.
    for (i, l) in pack::levels().iter().enumerate() {
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
