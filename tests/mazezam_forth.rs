//! The Forth MazezaM (`forth/mazezam.fth` -> `tapes/mazezam.tap`) on the open ROM: the
//! committed tape is what the source builds, the built-in pack in its dictionary is
//! `ace_data::encode_pack` of `levels/aceemu.mzm`, every level is solved by typing the
//! solver's optimal solution with the screen equal to the Rust model's after every move,
//! and retry, lives, quit and game over behave as spec section 5 says.

mod common;
mod mazezam_forth_support;

use aceemu::games::mazezam::ace_data::encode_pack;
use aceemu::games::mazezam::{pack, Command, Direction, Event, Session};
use aceemu::machine::keyboard::Key;
use aceemu::rom::open::open_rom;
use aceemu::rom::RomImage;
use aceemu::tape::deck::TapeSpeed;
use common::cli::scratch_dir;
use mazezam_forth_support::*;

#[test]
fn committed_tape_is_what_the_source_builds_and_holds_the_pack() {
    let rom = RomImage::from_bytes(open_rom().to_vec(), "open").unwrap();
    let made = build_game_tape(&rom);
    let bytes = encode_pack(&pack::levels()).unwrap();
    let pack_at = GAME.assert_tape_holds_pack(&made, &bytes);
    // The buffer after the pack is clear.
    let image = &made[1].data;
    assert!(image[pack_at + bytes.len()..pack_at + 2048]
        .iter()
        .all(|&b| b == 0));
}

/// Boots, loads the game and runs it to its title screen.
fn title(speed: TapeSpeed, name: &str) -> Rig {
    let scratch = scratch_dir(name);
    let mut rig = Rig::load(&[], speed, &scratch);
    rig.type_line("RUN");
    assert!(
        rig.wait_for_text("LEVEL 01 OF 26", 2_000),
        "no title screen:\n{}",
        rig.ace.screen_text()
    );
    rig
}

#[test]
fn every_level_is_solved_by_the_solvers_moves_with_the_models_screen_after_each() {
    let levels = pack::levels();
    let mut rig = title(TapeSpeed::Instant, "mazezam_forth_all");
    let screen = rig.ace.screen_text();
    for credit in ["MazezaM", "Malcolm Tyrrell", "aceemu project", "Z left"] {
        assert!(screen.contains(credit), "title lacks {credit:?}:\n{screen}");
    }
    rig.start_level(1);
    let mut session = Session::new(levels.clone(), 0);
    assert!(
        rig.wait_for_screen(&expected(&session), 2_000),
        "level 1 did not appear as the model draws it:\n{}",
        rig.screen_text()
    );
    for level in &levels {
        solve_on_ace(&mut rig, &mut session, level);
    }
    assert!(
        rig.wait_for_text("YOU HAVE ESCAPED", 500),
        "no end screen:\n{}",
        rig.ace.screen_text()
    );
    rig.key(' ');
    assert!(rig.wait_for_text("LEVEL 01 OF 26", 2_000));
}

#[test]
fn a_level_chosen_by_number_starts_there_and_cursor_keys_move() {
    let levels = pack::levels();
    let mut rig = title(TapeSpeed::Instant, "mazezam_forth_select");
    // Z and X step the number; digits type it.
    rig.key('x');
    rig.key('x');
    assert!(rig.ace.screen_text().contains("LEVEL 03 OF 26"));
    rig.key('z');
    assert!(rig.ace.screen_text().contains("LEVEL 02 OF 26"));
    rig.start_level(26);
    let mut session = Session::new(levels.clone(), 25);
    assert!(
        rig.wait_for_screen(&expected(&session), 2_000),
        "{}",
        rig.screen_text()
    );
    // SHIFT+8 is cursor right: the step in.
    rig.press(Key::N8, true);
    session.command(Command::Go(Direction::Right));
    assert_screen(&rig, &session, "after cursor right");
    // Cursor left at column 1 does nothing (the entrance is closed).
    rig.press(Key::N5, true);
    session.command(Command::Go(Direction::Left));
    assert_screen(&rig, &session, "after cursor left into the gate");
    solve_from_here(&mut rig, &mut session);
    assert!(
        rig.wait_for_text("YOU HAVE ESCAPED", 500),
        "{}",
        rig.ace.screen_text()
    );
}

/// A solved level says so on row 0 (level and moves, the numbers the model counts) before
/// the next level is drawn.
#[test]
fn a_solved_level_says_so_before_the_next_one() {
    use aceemu::games::mazezam::solver::{solve, Goal};
    let levels = pack::levels();
    let mut rig = title(TapeSpeed::Instant, "mazezam_forth_done");
    rig.start_level(1);
    assert!(rig.wait_for_text("* Doorstep *", 2_000));
    let moves = solve(&levels[0], Goal::Moves).unwrap();
    let moves = moves.solution().unwrap();
    let keys = moves.ace_keys();
    let (before, last) = keys.split_at(keys.len() - 1);
    let last = last.chars().next().unwrap();
    for c in before.chars() {
        rig.key(c);
    }
    // The last move walks out: the message shows while the key is still down.
    let key = Key::from_char(last).unwrap();
    rig.ace.press_key(key);
    let said = format!("LEVEL 01 DONE IN {:04} MOVES", keys.len());
    let seen = rig.wait_for_text(&said, 500);
    rig.ace.release_key(key);
    assert!(seen, "{}", rig.ace.screen_text());
    assert!(
        rig.wait_for_text("LEVEL 02", 500) && !rig.ace.screen_text().contains("DONE IN"),
        "{}",
        rig.ace.screen_text()
    );
}

/// Finishes the current level of `session` from its current state with the solver's moves
/// from the start: replays a restart (R) first, so the state is the level's start.
fn solve_from_here(rig: &mut Rig, session: &mut Session) {
    rig.key('r');
    session.command(Command::Retry);
    assert_screen(rig, session, "after retry");
    let level = session.game().level().clone();
    solve_on_ace(rig, session, &level);
}

#[test]
fn retry_costs_one_life_and_a_retry_without_lives_ends_the_game() {
    let levels = pack::levels();
    let mut rig = title(TapeSpeed::Instant, "mazezam_forth_retry");
    rig.start_level(2);
    let mut session = Session::new(levels.clone(), 1);
    assert!(rig.wait_for_screen(&expected(&session), 2_000));
    // "A Little Nudge": a wrong start (in, up is a block, push... ) then retry, three times.
    for lives in [2u8, 1, 0] {
        for c in "xxkmz".chars() {
            rig.key(c);
            session.command(aceemu::games::mazezam::command_for_ace_key(c as u8).unwrap());
            assert_screen(&rig, &session, &format!("wrong move {c}"));
        }
        rig.key('r');
        assert_eq!(session.command(Command::Retry), Event::Retried { lives });
        assert_screen(&rig, &session, &format!("retry down to {lives} lives"));
    }
    // The game goes on with no lives left: the level can still be solved.
    solve_on_ace(&mut rig, &mut session, &levels[1]);
    assert_eq!(session.lives(), 0);
    // Now at level 3 with 0 lives: one more retry is game over.
    rig.key('x');
    session.command(Command::Go(Direction::Right));
    assert_screen(&rig, &session, "level 3 with no lives");
    rig.key('r');
    assert_eq!(session.command(Command::Retry), Event::GameOver);
    assert!(
        rig.wait_for_text("GAME OVER", 500),
        "{}",
        rig.ace.screen_text()
    );
    // Back to the title, which offers the level the game ended on (as the machine-code
    // game does).
    rig.key(' ');
    assert!(
        rig.wait_for_text("LEVEL 03 OF 26", 2_000),
        "{}",
        rig.ace.screen_text()
    );
}

#[test]
fn q_ends_the_game_and_q_on_the_title_returns_to_forth() {
    let mut rig = title(TapeSpeed::Instant, "mazezam_forth_quit");
    rig.start_level(1);
    assert!(rig.wait_for_text("* Doorstep *", 2_000));
    rig.key('q');
    assert!(rig.wait_for_text("GAME OVER", 500));
    rig.key(' ');
    assert!(rig.wait_for_text("LEVEL 01 OF 26", 2_000));
    // The level's title (row 23 in play) is gone from the title page.
    assert!(
        !rig.ace.screen_text().contains("Doorstep"),
        "{}",
        rig.ace.screen_text()
    );
    rig.key('q');
    // Back at the Forth prompt: a line typed now is interpreted.
    rig.type_line("2 3 + .");
    assert!(rig.wait_for_text("5  OK", 500), "{}", rig.ace.screen_text());
}

/// LOAD into a dictionary that is not empty relocates every loaded word: its threads are
/// walked cell by cell, skipping the inline operands of runtimes (comments, strings,
/// literals, branches), which LOAD recognises by the byte before their code field
/// (ace-forth.md 4.3: bit 7 set = the end of a negative offset to the owner's name). This
/// failed while the open ROM placed its runtimes before their owners (positive offsets):
/// the game hung in RUN.
#[test]
fn the_game_also_runs_when_loaded_after_other_words() {
    let rom = RomImage::from_bytes(open_rom().to_vec(), "open").unwrap();
    let scratch = scratch_dir("mazezam_forth_after");
    let mut rig = Rig::load_on(
        &rom,
        game_blocks(),
        &[],
        TapeSpeed::Instant,
        &scratch,
        Some(": TWICE DUP + ; 7 VARIABLE SEVEN"),
    );
    rig.type_line("RUN");
    assert!(
        rig.wait_for_text("LEVEL 01 OF 26", 2_000),
        "{}",
        rig.ace.screen_text()
    );
    rig.start_level(1);
    let levels = pack::levels();
    let mut session = Session::new(levels.clone(), 0);
    assert!(rig.wait_for_screen(&expected(&session), 2_000));
    solve_on_ace(&mut rig, &mut session, &levels[0]);
    rig.key('q');
    assert!(rig.wait_for_text("GAME OVER", 500));
}
