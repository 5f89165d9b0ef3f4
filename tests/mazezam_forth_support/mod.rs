//! Driving the Forth MazezaM (`tapes/mazezam.tap`) on the emulated Ace with the open ROM,
//! for tests/mazezam_forth*.rs and tests/mazezam_tape*.rs.
//!
//! Keys are pressed one at a time and waited for by what the game shows in memory, never by
//! fixed frame counts: the game keeps the code of the key it has acted on in its variable
//! `LK` until the key is released, then clears it. So a key is held until `LK` holds its
//! code (the move is done and drawn), and released until `LK` is 0 again.
#![allow(dead_code)]

use aceemu::games::mazezam::screen;
use aceemu::games::mazezam::{Level, Session};
use aceemu::machine::keyboard::{self, Key};
use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::open_rom;
use aceemu::rom::RomImage;
use aceemu::tape::deck::{DeckOptions, TapeSpeed};
use aceemu::tape::image::TapeImage;
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::DICT_START;
use aceemu::tape::traps::RomTapeTraps;
use aceemu::tape::TapeControl;
use std::path::{Path, PathBuf};

pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The game's source, forth/mazezam.fth.
pub fn source() -> String {
    std::fs::read_to_string(root().join("forth/mazezam.fth")).unwrap()
}

/// The game's dictionary tape as `rom` builds it from the source on a 19 K Ace (what
/// `aceemu tape from-forth forth/mazezam.fth OUT --ram 19` writes).
pub fn build_game_tape(rom: &RomImage) -> Vec<Block> {
    aceemu::workflows::from_forth::make_dictionary_tape(
        rom.bytes(),
        &rom.sha256_hex(),
        RamSize::K19,
        "forth/mazezam.fth",
        &source(),
        "MAZEZAM",
    )
    .unwrap()
}

/// The committed game tape's blocks.
pub fn game_blocks() -> Vec<Block> {
    TapeImage::open(&root().join("tapes/mazezam.tap"))
        .unwrap()
        .blocks
}

/// The parameter-field address of a word of the game's dictionary (loaded into an empty
/// dictionary, so at the addresses it was saved from).
pub fn word_address(blocks: &[Block], name: &str) -> u16 {
    let data = &blocks[1].data[..blocks[1].data.len() - 1];
    let dict = aceemu::tape::dict::read(data, DICT_START, None, None);
    assert!(dict.unparsed.is_empty(), "{:?}", dict.unparsed);
    let word = dict
        .words
        .iter()
        .find(|w| w.name == name)
        .unwrap_or_else(|| panic!("no word {name} in the game's dictionary"));
    word.cfa + 2
}

/// A fresh 19 K Ace with the open ROM and `blocks` in its deck.
pub struct Rig {
    pub ace: Ace,
    control: TapeControl,
    /// Address of the game's variable LK.
    lk: u16,
    /// Frames run so far by the helpers.
    pub frames: u64,
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
        let lk = word_address(&game, "LK");
        let mut blocks = game;
        blocks.extend_from_slice(extra);
        let path: PathBuf = scratch.join("deck.tap");
        TapeImage::from_blocks("deck", blocks)
            .save(&path, true)
            .unwrap();
        let mut ace = Ace::new(rom.bytes(), RamSize::K19).unwrap();
        // Instant needs the ROM's tape entry points; other ROMs play the signal flat out.
        let traps = RomTapeTraps::for_rom(&rom.sha256_hex());
        let speed = if traps.is_none() && speed == TapeSpeed::Instant {
            TapeSpeed::Fast
        } else {
            speed
        };
        let options = DeckOptions {
            speed,
            ..DeckOptions::default()
        };
        let control = aceemu::tape::attach(&mut ace, traps, Some(&path), &options).unwrap();
        let mut rig = Rig {
            ace,
            control,
            lk,
            frames: 0,
        };
        let ready = rig.run_until(500, |ace| {
            keyboard::line_editor_waiting(ace.peek(keyboard::STATIN))
        });
        assert!(ready, "the ROM did not reach its prompt");
        // Words typed before LOAD: the game is appended after them (LOAD relocates it), so
        // LK moves up by the size of what was there.
        if let Some(line) = prelude {
            rig.type_line(line);
            assert!(rig.run_until(500, |ace| ace.screen_text().contains("OK")));
        }
        let stkbot = u16::from_le_bytes([rig.ace.peek(0x3C37), rig.ace.peek(0x3C38)]);
        rig.lk += stkbot - DICT_START;
        rig.type_line("LOAD MAZEZAM");
        assert!(
            rig.run_until(20_000, |ace| ace.screen_text().contains("Dict: MAZEZAM")
                && ace.screen_text().matches("OK").count()
                    > usize::from(prelude.is_some())),
            "LOAD MAZEZAM did not finish:\n{}",
            rig.ace.screen_text()
        );
        rig
    }

    pub fn frame(&mut self) {
        self.control.run_frame(&mut self.ace);
        self.frames += 1;
    }

    /// Runs frames until `done` holds (checked after each frame); false after `max`.
    pub fn run_until(&mut self, max: u32, mut done: impl FnMut(&Ace) -> bool) -> bool {
        for _ in 0..max {
            self.frame();
            if done(&self.ace) {
                return true;
            }
        }
        false
    }

    /// Types a line at the Forth prompt and waits until the keys are all typed.
    pub fn type_line(&mut self, line: &str) {
        self.ace.type_text(&format!("{line}\n"));
        assert!(
            self.run_until(5_000, |ace| ace.typing_done()),
            "typing {line:?} did not finish"
        );
    }

    /// The game's LK variable.
    pub fn lk(&self) -> u8 {
        self.ace.peek(self.lk)
    }

    /// Presses `key` (with SHIFT if asked) until the game has acted on it, then releases it
    /// until the game has seen the release. Returns the frames from the press until the game
    /// had acted (drawn the move).
    pub fn press(&mut self, key: Key, shift: bool) -> u64 {
        let start = self.frames;
        if shift {
            self.ace.press_key(Key::Shift);
            self.frame();
        }
        self.ace.press_key(key);
        let lk = self.lk;
        let acted = self.run_until(3_000, |ace| ace.peek(lk) != 0);
        let acting = self.frames - start;
        assert!(
            acted,
            "the game did not act on {key:?}:\n{}",
            self.screen_text()
        );
        self.ace.release_key(key);
        if shift {
            self.ace.release_key(Key::Shift);
        }
        let released = self.run_until(500, |ace| ace.peek(lk) == 0);
        assert!(released, "the game did not see {key:?} released");
        acting
    }

    /// Presses the key for an Ace character: z x k m r q digits, ENTER as '\n'.
    pub fn key(&mut self, c: char) -> u64 {
        let key = if c == '\n' {
            Key::Enter
        } else {
            Key::from_char(c).unwrap()
        };
        self.press(key, false)
    }

    pub fn screen_text(&self) -> String {
        screen::to_text(&self.ace.screen_codes())
    }

    /// Waits until video RAM equals `expected` (at most `max` frames).
    pub fn wait_for_screen(&mut self, expected: &[u8; 768], max: u32) -> bool {
        self.run_until(max, |ace| ace.screen_codes() == *expected)
    }

    /// Waits until the screen shows `text`.
    pub fn wait_for_text(&mut self, text: &str, max: u32) -> bool {
        self.run_until(max, |ace| ace.screen_text().contains(text))
    }

    /// From the title screen: choose level `number` (1-based) with two digits and start.
    pub fn start_level(&mut self, number: usize) {
        self.key(char::from(b'0' + (number / 10) as u8));
        self.key(char::from(b'0' + (number % 10) as u8));
        self.key('\n');
    }
}

/// What the Ace should show for a session: the model's board with level, lives and moves.
pub fn expected(session: &Session) -> [u8; 768] {
    screen::render_session(session).expect("levels fit the screen")
}

/// Asserts the Ace's screen equals the model's, printing both readably if not.
pub fn assert_screen(rig: &Rig, session: &Session, context: &str) {
    let want = expected(session);
    let got = rig.ace.screen_codes();
    if got != want {
        panic!(
            "{context}: the Ace's screen differs from the model's\n--- Ace:\n{}--- model:\n{}",
            screen::to_text(&got),
            screen::to_text(&want)
        );
    }
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
