//! Driving the Forth MazezaM (`tapes/mazezam.tap`) on the emulated Ace with the open ROM,
//! for tests/mazezam_forth*.rs and tests/mazezam_tape*.rs: the level games' one rig
//! (`tests/level_game_support/forth_rig.rs`) with MazezaM's screens.
#![allow(dead_code)]

#[path = "../level_game_support/forth_rig.rs"]
mod forth_rig;

#[allow(unused_imports)] // each test file uses some of them
pub use forth_rig::{root, word_address, ForthGame, Rig, MAZEZAM as GAME};

use aceemu::games::mazezam::screen;
use aceemu::games::mazezam::{Level, Session};
use aceemu::machine::keyboard::Key;
use aceemu::rom::open::open_rom;
use aceemu::rom::RomImage;
use aceemu::tape::deck::TapeSpeed;
use aceemu::tape::pulse::Block;
use std::path::Path;

/// The game's dictionary tape as `rom` builds it from the source on a 19 K Ace (what
/// `aceemu tape from-forth forth/mazezam.fth OUT --ram 19` writes).
pub fn build_game_tape(rom: &RomImage) -> Vec<Block> {
    GAME.build_tape(rom)
}

/// The committed game tape's blocks.
pub fn game_blocks() -> Vec<Block> {
    GAME.committed_blocks()
}

impl Rig {
    /// Boots with the game tape followed by `extra` blocks on one tape, at `speed`, and types
    /// `LOAD MAZEZAM`.
    pub fn load(extra: &[Block], speed: TapeSpeed, scratch: &Path) -> Rig {
        let rom = RomImage::from_bytes(open_rom().to_vec(), "open").unwrap();
        Rig::load_on(&rom, game_blocks(), extra, speed, scratch, None)
    }

    /// The same on any ROM, with the game tape `game` (e.g. built on that ROM).
    pub fn load_on(
        rom: &RomImage,
        game: Vec<Block>,
        extra: &[Block],
        speed: TapeSpeed,
        scratch: &Path,
        prelude: Option<&str>,
    ) -> Rig {
        Rig::boot(&GAME, rom, game, extra, speed, scratch, prelude)
    }

    /// Presses `key` (with SHIFT if asked) until the game has acted on it; see
    /// [`Rig::press_with`].
    pub fn press(&mut self, key: Key, shift: bool) -> u64 {
        self.press_with(key, shift)
    }

    /// From the title screen: choose level `number` (1-based) with two digits and start.
    pub fn start_level(&mut self, number: usize) {
        self.enter_level_number(number);
    }
}

/// What the Ace should show for a session: the model's board with level, lives and moves.
pub fn expected(session: &Session) -> [u8; 768] {
    screen::render_session(session).expect("levels fit the screen")
}

/// Asserts the Ace's screen equals the model's, printing both readably if not.
pub fn assert_screen(rig: &Rig, session: &Session, context: &str) {
    rig.assert_screen_is(&expected(session), context);
}

/// Plays `level` (index `index` of `session`'s levels, already on the Ace's screen) with
/// the solver's optimal solution, comparing the screen with the model after every move.
/// Returns (moves, frames spent on moves).
pub fn solve_on_ace(rig: &mut Rig, session: &mut Session, level: &Level) -> (usize, u64) {
    use aceemu::games::mazezam::solver::{solve, Goal};
    use aceemu::games::mazezam::{command_for_ace_key, Event};
    let report = solve(level, Goal::Moves).unwrap();
    let moves = report.solution().expect("the level is solvable").clone();
    let keys = moves.ace_keys();
    let mut frames = 0;
    for (i, c) in keys.chars().enumerate() {
        frames += rig.key(c);
        let event = session.command(command_for_ace_key(c as u8).unwrap());
        let context = format!(
            "level {} {:?}, move {} of {keys}",
            session.level_index() + 1,
            level.meta.title,
            i + 1
        );
        match event {
            Event::Moved(_) => assert_screen(rig, session, &context),
            Event::Solved { .. } => {
                let want = expected(session);
                assert!(
                    rig.wait_for_screen(&want, 2_000),
                    "{context}: the next level did not appear\n--- Ace:\n{}--- model:\n{}",
                    rig.screen_text(),
                    screen::to_text(&want)
                );
            }
            Event::Escaped => {}
            other => panic!("{context}: the model did {other:?}"),
        }
    }
    (keys.len(), frames)
}
