//! The machine-code MazezaM (`tapes/mazezam-mc.tap`) played on the emulated Ace with the
//! open ROM, judged after every key by video RAM against the Rust model: the level's
//! picture from `screen::render`, lives and level order from `Session`.
//!
//! | test (original, `ACE_ROM`) | spec facts it relies on | what covers it here |
//! | --- | --- | --- |
//! | `the_tape_plays_under_the_original_rom_given_by_ace_rom` | ace-forth.md 12: `LOAD` prints `Dict: mazezam`, `BLOAD` with a length limit; rom-words.tsv: ALLOT, CALL; ace-forth.md 2: STATIN bit 0 = waiting for a line; transcripts.md: `2 3 + .` leaves `2 3 + . 5  OK`; ace-hardware.md 6: key timing, 7: loader rhythm | `the_first_two_levels_play_through_the_signal_and_q_gives_forth_back` (the same body on the open ROM); tests/tape_loader_rhythm.rs; tests/machine_keyboard.rs |

mod mazezam_mc_support;

use aceemu::games::mazezam::rng::Rng;
use aceemu::games::mazezam::{pack, Command, Direction, Event, Session, START_LIVES};
use aceemu::machine::Key;
use aceemu::tape::TapeSpeed;
use mazezam_mc_support::*;

/// Every level of the pack, in order from level 1 through the real tape signal: the
/// solver's optimal solution typed as Z X K M solves each one and the next level's title
/// appears; after the last, the win screen, the title page, and Q gives Forth back.
#[test]
fn every_pack_level_is_solved_by_its_optimal_solution_loaded_through_the_signal() {
    let levels = pack::levels();
    let mut mc = Mc::started(committed_tape(), TapeSpeed::Real);
    mc.choose(1);
    let mut session = Session::new(levels.clone(), 0);
    assert_screen(&mc, &expected(&session), "level 1 drawn");
    for (i, level) in levels.iter().enumerate() {
        let moves = solution(level);
        let event = play(&mut mc, &mut session, &moves, &format!("level {}", i + 1));
        if i + 1 < levels.len() {
            assert_eq!(event, Event::Solved { next_level: i + 1 });
            let title = levels[i + 1].meta.title.as_deref().unwrap();
            assert!(mc.text().lines().nth(23).unwrap().contains(title));
        } else {
            assert_eq!(event, Event::Escaped);
        }
    }
    assert_eq!(session.lives(), START_LIVES);
    mc.key(Key::Enter);
    assert!(mc.until(20, |mc| mc.text().contains("invented by")));
    mc.key(Key::Q);
    mc.wait_for_prompt(50);
    mc.type_line("2 3 + .\n", 200);
    assert!(mc.text().contains("5  OK"), "Forth after Q:\n{}", mc.text());
}

/// R restarts the level and costs exactly one life; with no life left R ends the game;
/// the GAME OVER screen goes back to the title page at a key of the game (ENTER).
#[test]
fn retry_costs_one_life_and_retry_without_lives_is_game_over() {
    let levels = pack::levels();
    let mut mc = Mc::started(committed_tape(), TapeSpeed::Instant);
    mc.choose(3);
    let mut session = Session::new(levels.clone(), 2);
    assert_screen(&mc, &expected(&session), "level 3 drawn");
    let wrong = [
        Direction::Right,
        Direction::Up,
        Direction::Right,
        Direction::Right,
    ];
    for lives in (0..START_LIVES).rev() {
        for (i, &d) in wrong.iter().enumerate() {
            command(
                &mut mc,
                &mut session,
                Command::Go(d),
                i % 2 == 1,
                "wrong moves",
            );
        }
        let event = command(&mut mc, &mut session, Command::Retry, false, "retry");
        assert_eq!(event, Event::Retried { lives });
    }
    // With 0 lives the level can still be played: solve it, then fail on level 4.
    let moves = solution(&levels[2]);
    play(&mut mc, &mut session, &moves, "level 3 with no life left");
    assert_eq!(session.level_index(), 3);
    command(
        &mut mc,
        &mut session,
        Command::Go(Direction::Right),
        false,
        "level 4",
    );
    let event = command(&mut mc, &mut session, Command::Retry, false, "last retry");
    assert_eq!(event, Event::GameOver);
    // SPACE is no key of the game; ENTER is.
    mc.key(Key::Space);
    assert!(mc.text().contains("GAME OVER"));
    assert!(mc.text().contains("press a key"), "{}", mc.text());
    mc.key(Key::Enter);
    assert!(
        mc.until(20, |mc| mc.text().contains("LEVEL 03")),
        "{}",
        mc.text()
    );
}

/// Q during play ends the game (GAME OVER), as in the original; Q on the title page goes
/// back to Forth, where GO starts the game again (the ENTER that typed GO, still down when
/// the game starts, does not start a level).
#[test]
fn q_during_play_is_game_over_and_go_restarts_after_q() {
    let levels = pack::levels();
    let mut mc = Mc::started(committed_tape(), TapeSpeed::Instant);
    let mut session = Session::new(levels.clone(), 0);
    mc.choose(1);
    let right = Command::Go(Direction::Right);
    command(&mut mc, &mut session, right, false, "step in");
    assert_eq!(
        command(&mut mc, &mut session, Command::Quit, false, "quit"),
        Event::GameOver
    );
    mc.key(Key::Enter);
    mc.key(Key::Q);
    mc.wait_for_prompt(50);
    mc.type_text("GO\n");
    assert!(mc.until(100, |mc| mc.text().contains("invented by")));
    mc.frames(30);
    assert!(mc.text().contains("invented by"), "{}", mc.text());
    mc.choose(2);
    assert_screen(&mc, &expected(&Session::new(levels, 1)), "level 2 after GO");
}

/// Random keys (letters and cursor keys, including every kind of refused move) on
/// several levels: the screen follows the model after every key.
#[test]
fn random_keys_follow_the_model_on_several_levels() {
    let levels = pack::levels();
    let mut rng = Rng::new(13);
    for start in [4usize, 11, 19, 25] {
        let mut mc = Mc::started(committed_tape(), TapeSpeed::Instant);
        mc.choose(start + 1);
        let mut session = Session::new(levels.clone(), start);
        assert_screen(&mc, &expected(&session), "drawn");
        for step in 0..120 {
            let d = Direction::ALL[rng.below(4)];
            let cursor = rng.below(3) == 0;
            let ctx = format!("level {} key {step} {d:?}", start + 1);
            // Mostly right and up/down, so that the player gets somewhere.
            let event = command(&mut mc, &mut session, Command::Go(d), cursor, &ctx);
            if matches!(event, Event::Escaped) {
                break;
            }
        }
    }
}

/// The title page takes the last two digits typed; ENTER is ignored for 00 and for a
/// number beyond the last level; the chosen level starts with full lives.
#[test]
fn level_choice_by_number() {
    let levels = pack::levels();
    let count = levels.len();
    let mut mc = Mc::started(committed_tape(), TapeSpeed::Instant);
    assert!(mc.text().contains("LEVEL 01"));
    mc.choose(0);
    assert!(mc.text().contains("LEVEL 00") && mc.text().contains("invented by"));
    mc.choose(count + 1);
    assert!(mc.text().contains(&format!("LEVEL {:02}", count + 1)));
    assert!(mc.text().contains("invented by"), "{}", mc.text());
    // 7, 1, 2 leaves 12.
    for d in [7, 1, 2] {
        mc.key(digit(d));
    }
    assert!(mc.text().contains("LEVEL 12"));
    mc.choose(count);
    let session = Session::new(levels, count - 1);
    assert_screen(&mc, &expected(&session), "last level drawn");
}

/// The committed tape on `rom`, loaded through the signal (the dictionary file by `LOAD`,
/// the game's code and level pack, one bytes file, by `BLOAD` in `PLAY`) at `real` and at `fast` speed: the first two
/// levels solved, Q (GAME OVER), ENTER (title page), Q back to Forth, and Forth answers.
/// The game calls nothing in the ROM (mc/mazezam.asm: its own key scan of port 0xFE and
/// its own video RAM writes), so what it relies on of the ROM is LOAD, BLOAD and CALL
/// (ace-forth.md 12, rom-words.tsv), STATIN bit 0 for the prompt (ace-forth.md 2) and the
/// typing queue's key timing (ace-hardware.md 6, checked in tests/machine_keyboard.rs).
fn first_two_levels_then_forth(rom: &[u8]) {
    let levels = pack::levels();
    for speed in [TapeSpeed::Real, TapeSpeed::Fast] {
        let mut mc = Mc::start(Mc::with_rom(rom, committed_tape(), speed));
        mc.choose(1);
        let mut session = Session::new(levels.clone(), 0);
        assert_screen(&mc, &expected(&session), "level 1 drawn");
        for (i, level) in levels.iter().take(2).enumerate() {
            let event = play(
                &mut mc,
                &mut session,
                &solution(level),
                &format!("level {} at {speed:?}", i + 1),
            );
            assert_eq!(event, Event::Solved { next_level: i + 1 });
        }
        mc.key(Key::Q);
        mc.key(Key::Enter);
        mc.key(Key::Q);
        mc.wait_for_prompt(50);
        mc.type_line("2 3 + .\n", 200);
        assert!(
            mc.text().contains("2 3 + . 5  OK"),
            "Forth after Q at {speed:?}:\n{}",
            mc.text()
        );
    }
}

/// On the open ROM (the control: the same tape, speeds, keys and screens).
#[test]
fn the_first_two_levels_play_through_the_signal_and_q_gives_forth_back() {
    first_two_levels_then_forth(aceemu::rom::open::open_rom());
}

/// The same on the original ROM, if its file is named by ACE_ROM (it is not part of the
/// project).
#[test]
fn the_tape_plays_under_the_original_rom_given_by_ace_rom() {
    let Some(path) = std::env::var_os("ACE_ROM") else {
        eprintln!("skipped: set ACE_ROM to the original ROM's file to run this test");
        return;
    };
    let rom = std::fs::read(&path).expect("the ROM named by ACE_ROM");
    first_two_levels_then_forth(&rom);
}
