//! Corral deadlocks and the second aim of the pushes mode.
//!
//! Pruning corral deadlocks never loses a solution: the pack levels (up to 20 pushes in the
//! default run, every one in the ignored test) and a set of made levels (plain and
//! numbered) solve with the same fewest pushes with and without it.
//! Hand-built start positions that are corral deadlocks are recognised, and ones that only
//! look like one are not. Among the solutions with the fewest pushes the solver returns one
//! with the fewest moves.

use aceemu::games::sokoban::format::parse_str;
use aceemu::games::sokoban::generator::{generate, Params};
use aceemu::games::sokoban::solver::{is_corral_deadlock, solve, solve_with, Mode, Options};
use aceemu::games::sokoban::{pack, Game, Level};

fn level(text: &str) -> Level {
    parse_str(text, "test").unwrap().levels.remove(0)
}

fn without_corrals() -> Options {
    Options {
        corral_pruning: false,
        ..Options::default()
    }
}

fn pushes(level: &Level, options: Options) -> Option<usize> {
    let report = solve_with(level, Mode::Pushes, 3_000_000, options);
    if let Some(m) = report.solution() {
        assert!(Game::replay(level, m).unwrap().is_solved());
    }
    report.solution().map(|m| m.pushes())
}

fn made_levels() -> Vec<Level> {
    let mut out = Vec::new();
    for seed in 0..24u64 {
        let params = Params {
            width: 7 + (seed % 3) as usize,
            height: 6,
            boxes: 3 + (seed % 2) as usize,
            numbered: (seed % 3) as usize,
            walls: 200,
            attempts: 2,
            max_states: 100_000,
            ..Params::default()
        };
        if let Some(made) = generate(seed * 31 + 5, &params) {
            out.push(made.level);
        }
    }
    assert!(out.len() >= 10, "only {} levels made", out.len());
    assert!(out.iter().any(Level::has_numbers));
    out
}

fn same_optimum_with_and_without_corrals(only_quick: bool) {
    let mut levels: Vec<Level> = pack::levels()
        .into_iter()
        .filter(|l| !only_quick || pack::recorded_pushes(l).is_some_and(|p| p <= 20))
        .collect();
    levels.extend(made_levels());
    for (i, l) in levels.iter().enumerate() {
        assert_eq!(
            pushes(l, Options::default()),
            pushes(l, without_corrals()),
            "level {} of the set:\n{}",
            i + 1,
            l.rows().join("\n")
        );
    }
}

#[test]
fn corral_pruning_keeps_the_optimum_of_the_pack_up_to_twenty_pushes_and_of_made_levels() {
    same_optimum_with_and_without_corrals(true);
}

#[test]
#[ignore = "every pack level, the hard ones too: minutes in the test profile"]
fn corral_pruning_keeps_every_optimum_of_the_pack_and_of_made_levels() {
    same_optimum_with_and_without_corrals(false);
}

/// Two boxes fence a pocket of dead corners: neither can be pushed anywhere useful, yet
/// each can still move along one axis, so this is no freeze deadlock.
const FENCED_POCKET: &str = "\
#######
#..  *#
#$$ @ #
#  ####
####
";

/// The fenced pocket holds the goals right under its boxes: push them in and it is solved.
const POCKET_OF_GOALS: &str = "\
#######
# @  *#
#$$$###
#...#
#####
";

/// A room above a pocket of two goals fenced by two boxes that can only go down: fine
/// without numbers; with the numbers crossed each box would land on the other's goal.
const CROSSED_POCKET: &str = "\
##########
#       *#
#  @     #
#        #
####$$####
   #..#
   ####
";

#[test]
fn hand_built_corral_deadlocks_are_found_and_look_alikes_are_not() {
    let fenced = level(FENCED_POCKET);
    assert!(is_corral_deadlock(&fenced));
    assert_eq!(pushes(&fenced, without_corrals()), None, "truly unsolvable");

    let goals = level(POCKET_OF_GOALS);
    assert!(!is_corral_deadlock(&goals));
    assert_eq!(pushes(&goals, Options::default()), Some(3));

    let plain = level(CROSSED_POCKET);
    assert!(!is_corral_deadlock(&plain));
    assert_eq!(pushes(&plain, Options::default()), Some(2));
    let same = level(&format!(
        "{CROSSED_POCKET}boxorder 99 1 2\ngoalorder 99 1 2\n"
    ));
    assert!(!is_corral_deadlock(&same));
    assert_eq!(pushes(&same, Options::default()), Some(2));
    let crossed = level(&format!(
        "{CROSSED_POCKET}boxorder 99 1 2\ngoalorder 99 2 1\n"
    ));
    assert!(is_corral_deadlock(&crossed), "numbers respected");
    assert_eq!(
        pushes(&crossed, without_corrals()),
        None,
        "truly unsolvable"
    );
}

#[test]
fn fewest_pushes_then_fewest_moves() {
    // Both boxes take one push; pushing the right one first saves walking back: 1 + 1 to
    // push it, 5 back to the left box, 1 to push it = 8 moves, where the left one first
    // takes 3 + 1 + 5 + 1 = 10.
    let l = level("###########\n#.$   @ $.#\n###########\n");
    let first = solve_with(
        &l,
        Mode::Pushes,
        10_000,
        Options {
            fewest_moves_second: false,
            ..Options::default()
        },
    );
    let first = first.solution().unwrap();
    assert_eq!((first.pushes(), first.len()), (2, 10), "{first}");
    let best = solve(&l, Mode::Pushes, 10_000);
    let best = best.solution().unwrap();
    assert_eq!((best.pushes(), best.len()), (2, 8), "{best}");
    assert_eq!(best.to_string(), "rRlllllL");
}
