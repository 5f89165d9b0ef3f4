//! MazezaM for the unexpanded Ace (`tapes/mazezam-3k.tap`) on an emulated 3 KB Ace with
//! the open ROM: `LOAD mz3k`, `PLAY mz3k`, then played with keys on the matrix and judged
//! after every key by video RAM against the Rust model (`screen::render` for the picture,
//! `Session` for lives and level order); and the committed tape checked against its
//! sources.
//!
//! | test (original, `ACE_ROM`) | spec facts it relies on | what covers it here |
//! | --- | --- | --- |
//! | `the_tape_plays_under_the_original_rom_given_by_ace_rom` | ace-forth.md 2-3: the dictionary at 0x3C51, SPARE = STKBOT + 12 (the data stack PLAY leaves its number on), the return stack from RAMTOP = 0x4000 down; ace-hardware.md 2: the tape work area 0x2701-0x2732; 6: the key matrix the game scans itself; 7: loader rhythm. **Not in the spec:** how deep the original's BLOAD takes the Z80 stack (the game leaves 40 bytes, mc/README.md); this test is the only check of it | `the_open_roms_loader_keeps_its_stack_above_the_game` (the same body on the open ROM: the stack measured through the signal, level 1 played); `every_builtin_level_is_solved_on_a_3k_ace`; tests/tape_loader_rhythm.rs |

mod common;
mod mazezam_mc_support;

use common::cli::scratch_dir;

use aceemu::games::mazezam::screen;
use aceemu::games::mazezam::{pack, Command, Direction, Event, Level, Moves, Session, START_LIVES};
use aceemu::machine::{Key, RamSize};
use aceemu::rom::open::open_rom;
use aceemu::tape::image::TapeImage;
use aceemu::tape::pulse::Block;
use aceemu::tape::TapeSpeed;
use aceemu::workflows::mazezam_3k_tape as tape_3k;
use iz80::Reg16;
use mazezam_mc_support::{assert_screen, command, digit, play_keys, solution, Mc, Port};
use std::path::Path;

fn committed_tape() -> Vec<Block> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(tape_3k::TAPE_PATH);
    TapeImage::open(&path).unwrap().blocks
}

/// The 3 KB port for the machine-code MazezaM's rig (tests/mazezam_mc_support).
const PORT_3K: Port = Port {
    ram: RamSize::K3,
    title: "MazezaM by Malcolm Tyrrell",
    expected,
};

/// `LOAD mz3k` and `PLAY mz3k` typed into a fresh 3 KB Ace; returns at the title page.
fn started() -> Mc {
    started_from(committed_tape(), "mz3k")
}

/// `LOAD name` and `PLAY name` from `blocks`; returns at the title page.
fn started_from(blocks: Vec<Block>, name: &str) -> Mc {
    Mc::for_port(&PORT_3K, open_rom(), blocks, TapeSpeed::Instant).start_named(name)
}

/// A fresh 3 KB Ace on `rom` after `LOAD mz3k` (`speed` must not be instant unless
/// `rom` is the open ROM, whose tape routine the traps know).
fn loaded(rom: &[u8], speed: TapeSpeed) -> Mc {
    let mut g = Mc::for_port(&PORT_3K, rom, committed_tape(), speed);
    g.load("mz3k");
    g
}

/// The solutions typed with a cursor key every third move.
fn play(g: &mut Mc, session: &mut Session, moves: &Moves, ctx: &str) -> Event {
    play_keys(g, session, moves, ctx, |i| i % 3 == 2)
}

/// The model's screen as the 3 KB game shows it: no move counter, and blocks without bar
/// shapes (codes 5, 6 and 7 are the single block, 4, in the same video).
fn expected(session: &Session) -> [u8; 768] {
    let status = screen::Status {
        moves: None,
        ..screen::Status::of_session(session)
    };
    let mut screen = screen::render(session.game(), &status).expect("levels fit the screen");
    for code in screen.iter_mut() {
        if matches!(*code & 0x7F, 5..=7) {
            *code = (*code & 0x80) | 4;
        }
    }
    screen
}

/// The committed tape is what the sources build (`aceemu tape mazezam-3k
/// tapes/mazezam-3k.tap --force` remakes it).
#[test]
fn committed_tape_is_built_from_the_sources() {
    let built = tape_3k::make_builtin_tape().unwrap();
    assert!(
        built == committed_tape(),
        "{} is stale: run `aceemu tape mazezam-3k {} --force`",
        tape_3k::TAPE_PATH,
        tape_3k::TAPE_PATH
    );
}

/// At least the first ten levels of levels/aceemu.mzm are built in, in order, and the
/// game, its pack and Forth's stacks stay inside the 1 KB of RAM.
#[test]
fn ten_levels_fit_the_machines_own_ram() {
    let code = tape_3k::assemble().unwrap();
    let levels = tape_3k::builtin_levels().unwrap();
    assert!(levels.len() >= 10, "only {} levels fit", levels.len());
    let titled = pack::levels();
    for (i, level) in levels.iter().enumerate() {
        assert_eq!(level.cells(), titled[i].cells(), "level {}", i + 1);
        assert_eq!(level.width(), titled[i].width());
        assert_eq!(level.entrance_row(), titled[i].entrance_row());
        assert_eq!(level.exit_row(), titled[i].exit_row());
        assert_eq!(level.meta.title, None);
    }
    assert_eq!(code.origin, 0x3C51, "the image starts over the loader");
    let top = u32::from(code.origin) + u32::from(code.region_size());
    assert!(top <= 0x4000 - 40, "the game reaches 0x{top:04X}");
}

/// Through the real tape signal (the ROM's own loader, not a trap): from PLAY until the
/// game's first instruction, the Z80 stack (PLAY's, then BLOAD's) stays above the game's
/// room, and the title page shows. Returns the lowest SP seen.
fn stack_stays_above_the_game(rom: &[u8]) -> u16 {
    let code = tape_3k::assemble().unwrap();
    let top = code.origin + code.region_size();
    let mut g = loaded(rom, TapeSpeed::Real);
    g.ace.type_text("PLAY mz3k\n");
    let mut lowest = 0xFFFFu16;
    let limit = g.ace.tstates() + 150_000_000;
    while g.ace.cpu().immutable_registers().pc() != code.start {
        g.ace.step();
        lowest = lowest.min(g.ace.cpu().immutable_registers().get16(Reg16::SP));
        assert!(
            g.ace.tstates() < limit,
            "the game never started:\n{}",
            g.text()
        );
    }
    assert!(
        lowest >= top,
        "the stack reached 0x{lowest:04X}, inside the game's room (up to 0x{top:04X})"
    );
    assert!(g.until(100, |g| g.text().contains("MazezaM by Malcolm Tyrrell")));
    lowest
}

/// On `rom`: the Z80 stack stays above the game while the image loads through the signal,
/// then (loaded again) level 1 is solved with the model's screen after every key.
fn loads_and_plays_level_1(rom: &[u8]) -> u16 {
    let lowest = stack_stays_above_the_game(rom);
    let mut g = loaded(rom, TapeSpeed::Real);
    g.ace.type_text("PLAY mz3k\n");
    assert!(g.until(3000, |g| g.text().contains("MazezaM by Malcolm Tyrrell")));
    assert!(g.until(50, |g| g.ace.typing_done()));
    g.frames(2);
    let levels = tape_3k::builtin_levels().unwrap();
    g.choose(1);
    let mut session = Session::new(levels.clone(), 0);
    let event = play(&mut g, &mut session, &solution(&levels[0]), "level 1");
    assert_eq!(event, Event::Solved { next_level: 1 });
    lowest
}

/// On the open ROM (the control for the test below: the same body).
#[test]
fn the_open_roms_loader_keeps_its_stack_above_the_game() {
    let lowest = loads_and_plays_level_1(open_rom());
    eprintln!("lowest SP before the game starts: 0x{lowest:04X}");
}

/// The same on the original ROM, if its file is named by ACE_ROM (it is not part of the
/// project): the image loaded over the loader by the original BLOAD, its stack above the
/// game, and level 1 solved.
#[test]
fn the_tape_plays_under_the_original_rom_given_by_ace_rom() {
    let Some(path) = std::env::var_os("ACE_ROM") else {
        eprintln!("skipped: set ACE_ROM to the original ROM's file to run this test");
        return;
    };
    let rom = std::fs::read(&path).expect("the ROM named by ACE_ROM");
    let lowest = loads_and_plays_level_1(&rom);
    eprintln!("original ROM: lowest SP before the game starts: 0x{lowest:04X}");
}

/// Every built-in level from level 1, solved by the solver's optimal solution (keys Z X
/// K M and cursor keys), the screen checked against the model after every key; after the
/// last, the win screen, the title page, Q back to Forth, and Forth still works.
#[test]
fn every_builtin_level_is_solved_on_a_3k_ace() {
    let levels = tape_3k::builtin_levels().unwrap();
    let mut g = started();
    g.choose(1);
    let mut session = Session::new(levels.clone(), 0);
    assert_screen(&g, &expected(&session), "level 1 drawn");
    for (i, level) in levels.iter().enumerate() {
        let event = play(
            &mut g,
            &mut session,
            &solution(level),
            &format!("level {}", i + 1),
        );
        if i + 1 < levels.len() {
            assert_eq!(event, Event::Solved { next_level: i + 1 });
        } else {
            assert_eq!(event, Event::Escaped);
        }
    }
    assert_eq!(session.lives(), START_LIVES);
    g.key(Key::Enter);
    assert!(g.until(20, |g| g.text().contains("MazezaM by")));
    assert!(g.text().contains("LEVEL 01"), "{}", g.text());
}

/// R costs a life; R with no life left is GAME OVER; Q in play is GAME OVER; a key goes
/// back to the title page; the title page takes the last two digits typed and refuses 00
/// and a level beyond the last.
#[test]
fn lives_retry_game_over_and_go() {
    let levels = tape_3k::builtin_levels().unwrap();
    let mut g = started();
    g.choose(3);
    let mut session = Session::new(levels.clone(), 2);
    assert_screen(&g, &expected(&session), "level 3 drawn");
    let wrong = [
        Direction::Right,
        Direction::Up,
        Direction::Right,
        Direction::Left,
    ];
    for lives in (0..START_LIVES).rev() {
        for (i, &d) in wrong.iter().enumerate() {
            command(
                &mut g,
                &mut session,
                Command::Go(d),
                i % 2 == 1,
                "wrong moves",
            );
        }
        let event = command(&mut g, &mut session, Command::Retry, false, "retry");
        assert_eq!(event, Event::Retried { lives });
    }
    let event = command(&mut g, &mut session, Command::Retry, false, "last retry");
    assert_eq!(event, Event::GameOver);
    g.key(Key::Enter);
    assert!(
        g.until(20, |g| g.text().contains("LEVEL 03")),
        "{}",
        g.text()
    );
    g.choose(2);
    let mut session = Session::new(levels.clone(), 1);
    command(
        &mut g,
        &mut session,
        Command::Go(Direction::Right),
        false,
        "step in",
    );
    let event = command(&mut g, &mut session, Command::Quit, false, "quit");
    assert_eq!(event, Event::GameOver);
    g.key(Key::Enter);
    assert!(g.until(20, |g| g.text().contains("MazezaM by")));
    g.choose(0);
    assert!(g.text().contains("LEVEL 00") && g.text().contains("MazezaM by"));
    g.choose(levels.len() + 1);
    assert!(g.text().contains("MazezaM by"), "{}", g.text());
    for d in [7, 1, 4] {
        g.key(digit(d));
    }
    assert!(g.text().contains("LEVEL 14"), "{}", g.text());
    g.choose(4);
    assert_screen(&g, &expected(&Session::new(levels, 3)), "level 4 chosen");
}

/// `aceemu mazezam tape FILE OUT --ace3k`: all of levels/aceemu.mzm do not fit, so it
/// fails, writes nothing and names the range that fits (levels 1-N, N the built-in
/// count); a range that fits makes a tape whose game plays those levels.
#[test]
fn level_tapes_for_the_3k_game_are_refused_when_too_large_and_play_when_they_fit() {
    let dir = scratch_dir("levels");
    let mzm = Path::new(env!("CARGO_MANIFEST_DIR")).join(pack::PATH);
    let out = dir.join("big.tap");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_aceemu"))
        .args(["mazezam", "tape"])
        .arg(&mzm)
        .arg(&out)
        .args(["--name", "big", "--ace3k"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success(), "{err}");
    assert!(!out.exists(), "a refused tape was written");
    let n = tape_3k::builtin_levels().unwrap().len();
    assert!(err.contains(&format!("levels 1-{n} fit")), "{err}");

    // Levels from 11 on: as many as fit.
    let code = tape_3k::assemble().unwrap();
    let rest: Vec<Level> = pack::levels()[10..].to_vec();
    let fit = code.levels_that_fit(&rest);
    assert!(fit >= 2, "only {fit} levels from 11 fit");
    let range = format!("11-{}", 10 + fit);
    let out = dir.join("rest.tap");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_aceemu"))
        .args(["mazezam", "tape"])
        .arg(&mzm)
        .arg(&out)
        .args(["--name", "rest", "--ace3k", "--levels", &range])
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let blocks = TapeImage::open(&out).unwrap().blocks;
    let _ = std::fs::remove_dir_all(&dir);
    let levels: Vec<Level> = rest[..fit].iter().map(tape_3k::as_shown).collect();
    let mut g = started_from(blocks, "rest");
    g.choose(1);
    let mut session = Session::new(levels.clone(), 0);
    assert_screen(&g, &expected(&session), "level 11 drawn");
    let event = play(&mut g, &mut session, &solution(&levels[0]), "level 11");
    assert_eq!(event, Event::Solved { next_level: 1 });
}
