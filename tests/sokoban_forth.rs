//! The Forth Sokoban (`forth/sokoban.fth` -> `tapes/sokoban.tap`) on the open ROM: the
//! committed tape is what the source builds and holds the pack; every pack level is played
//! through the keyboard with its recorded optimal solution, the screen compared with the
//! Rust model (`games::sokoban::ace::render`) after every move and at each next level; undo
//! back to the start gives the start screen; a Plus level pushed into the wrong order is
//! not solved; `LEVELS name` loads a level tape.

mod common;
mod sokoban_forth_support;

use aceemu::games::sokoban::ace::{self, encode_pack, render, render_solved};
use aceemu::games::sokoban::format::parse_str;
use aceemu::games::sokoban::{pack, Direction, Game};
use aceemu::tape::tap::DICT_START;
use common::cli::scratch_dir;
use sokoban_forth_support::*;

#[test]
fn committed_tape_is_what_the_source_builds_and_holds_the_pack() {
    let made = build_game_tape();
    let bytes = encode_pack(&pack::levels()).unwrap();
    GAME.assert_tape_holds_pack(&made, &bytes);
    let image = &made[1].data;
    assert!(bytes.len() <= ace::PACK_BUFFER);
    // The dictionary fits a 19 K Ace with room for the stacks: 0x3C51 + size < 0x8000.
    assert!(usize::from(DICT_START) + image.len() < 0x8000 - 1024);
}

/// Every level in turn from level 1, moves typed from the recorded solutions.
#[test]
fn every_pack_level_played_by_keyboard_matches_the_model_after_every_move() {
    let levels = pack::levels();
    let scratch = scratch_dir("sokoban-all");
    let mut rig = Rig::load(&[], &scratch);
    rig.run_level(1);
    assert_screen_soon(
        &mut rig,
        &render(&Game::new(&levels[0]), 0),
        "level 1 start",
    );
    for (index, level) in levels.iter().enumerate() {
        let mut game = Game::new(level);
        // Drawn once the key that left the previous level's SOLVED! is released.
        assert_screen_soon(
            &mut rig,
            &render(&game, index),
            &format!("level {} start", index + 1),
        );
        let moves = pack::recorded_solution(level).unwrap();
        let n = moves.len();
        for (i, m) in moves.iter().enumerate() {
            game.step(m.direction);
            rig.key(ace::key_for(m.direction));
            if i + 1 < n {
                assert_screen(
                    &rig,
                    &render(&game, index),
                    &format!("level {} move {}", index + 1, i + 1),
                );
            }
        }
        assert!(game.is_solved());
        // The solved level stays, with its line, until a key.
        assert_screen(
            &rig,
            &render_solved(&game, index),
            &format!("level {} solved", index + 1),
        );
        rig.run_until(100, |_| false);
        assert_screen(
            &rig,
            &render_solved(&game, index),
            &format!("level {} solved, 100 frames later", index + 1),
        );
        rig.key(' ');
    }
    rig.run_until(600, |ace| ace.screen_text().contains("ALL LEVELS SOLVED"));
    assert!(
        rig.ace.screen_text().contains("ALL LEVELS SOLVED"),
        "{}",
        rig.text()
    );
}

#[test]
fn undo_back_to_the_start_gives_the_start_screen_and_restart_too() {
    let levels = pack::levels();
    let index = levels
        .iter()
        .position(|l| pack::recorded_solution(l).unwrap().len() >= 40)
        .unwrap();
    let level = &levels[index];
    let moves = pack::recorded_solution(level).unwrap();
    let scratch = scratch_dir("sokoban-undo");
    let mut rig = Rig::load(&[], &scratch);
    rig.run_level(index + 1);
    let start = render(&Game::new(level), index);
    assert_screen_soon(&mut rig, &start, "start");
    let mut game = Game::new(level);
    // All but the last move, then every one taken back, checking each step back.
    let made = moves.len() - 1;
    for m in moves.iter().take(made) {
        game.step(m.direction);
        rig.key(ace::key_for(m.direction));
    }
    assert_screen(&rig, &render(&game, index), "before undo");
    for i in 0..made {
        game.undo();
        rig.key('u');
        assert_screen(&rig, &render(&game, index), &format!("undo {}", i + 1));
    }
    assert_screen(&rig, &start, "undone to the start");
    rig.key('u');
    assert_screen(&rig, &start, "one undo too many changes nothing");
    for m in moves.iter().take(5) {
        rig.key(ace::key_for(m.direction));
    }
    rig.key('r');
    assert_screen(&rig, &start, "restart");
}

#[test]
fn undo_reaches_at_least_200_moves_back() {
    let level = &pack::levels()[0];
    let scratch = scratch_dir("sokoban-undo200");
    let mut rig = Rig::load(&[], &scratch);
    rig.run_level(1);
    assert_screen_soon(&mut rig, &render(&Game::new(level), 0), "start");
    let mut game = Game::new(level);
    // Walk back and forth between two free cells 210 times (no pushes).
    let (a, b) = [
        (Direction::Left, Direction::Right),
        (Direction::Up, Direction::Down),
        (Direction::Down, Direction::Up),
        (Direction::Right, Direction::Left),
    ]
    .into_iter()
    .find(|&(a, b)| {
        let mut g = Game::new(level);
        g.step(a) == aceemu::games::sokoban::Step::Walked
            && g.step(b) == aceemu::games::sokoban::Step::Walked
    })
    .unwrap();
    for i in 0..210 {
        let d = if i % 2 == 0 { a } else { b };
        game.step(d);
        rig.key(ace::key_for(d));
    }
    for _ in 0..200 {
        game.undo();
        rig.key('u');
    }
    assert_screen(&rig, &render(&game, 0), "after 200 undos");
}

#[test]
fn a_plus_level_pushed_into_the_wrong_order_is_not_solved_and_levels_loads_a_tape() {
    let text = "#######\n#.$@$.#\n#######\nTitle: Crossed\nboxorder 1 2\ngoalorder 2 1\n\
                #######\n#.$@$.#\n#######\nTitle: Straight\nboxorder 1 2\ngoalorder 1 2\n";
    let levels = parse_str(text, "t").unwrap().levels;
    let tape = ace::level_tape(&levels, "CROSS").unwrap();
    let scratch = scratch_dir("sokoban-plus");
    let mut rig = Rig::load(&tape, &scratch);
    rig.type_line("LEVELS CROSS");
    assert!(
        rig.run_until(3_000, |ace| ace.screen_text().contains("2 levels loaded")),
        "{}",
        rig.text()
    );
    rig.run_level(1);
    assert_screen_soon(
        &mut rig,
        &render(&Game::new(&levels[0]), 0),
        "crossed start",
    );
    let mut game = Game::new(&levels[0]);
    for c in "zxx".chars() {
        let d = match c {
            'z' => Direction::Left,
            _ => Direction::Right,
        };
        game.step(d);
        rig.key(c);
    }
    assert!(game.all_goals_covered() && !game.is_solved());
    assert_screen(&rig, &render(&game, 0), "crossed numbers: still level 1");
    // Level 2 (same board, matching numbers) is solved by the same keys.
    rig.key('q');
    rig.choose(2);
    let mut second = Game::new(&levels[1]);
    assert_screen_soon(&mut rig, &render(&second, 1), "straight start");
    for (c, d) in [
        ('z', Direction::Left),
        ('x', Direction::Right),
        ('x', Direction::Right),
    ] {
        second.step(d);
        rig.key(c);
    }
    assert!(second.is_solved());
    // The goal numbers under the boxes read as placed: framed digits.
    assert_screen(&rig, &render_solved(&second, 1), "straight solved");
    rig.key(' ');
    rig.run_until(600, |ace| ace.screen_text().contains("ALL LEVELS SOLVED"));
    assert!(
        rig.ace.screen_text().contains("ALL LEVELS SOLVED"),
        "{}",
        rig.text()
    );
}
