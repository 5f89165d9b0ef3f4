//! Driving the Forth Sokoban (`tapes/sokoban.tap`) on the emulated Ace with the open ROM,
//! for tests/sokoban_forth.rs and benches/sokoban_forth.rs.
//!
//! Keys are pressed one at a time and waited for by what the game shows in memory, never by
//! fixed frame counts: the game keeps the code of the key it has acted on in its variable
//! `LK` until the key is released, then clears it.
#![allow(dead_code)]

use aceemu::games::sokoban::ace;
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

/// The game's source, forth/sokoban.fth.
pub fn source() -> String {
    std::fs::read_to_string(root().join("forth/sokoban.fth")).unwrap()
}

/// The game's dictionary tape as the open ROM builds it from the source on a 19 K Ace
/// (what `aceemu tape from-forth forth/sokoban.fth OUT --ram 19` writes).
pub fn build_game_tape() -> Vec<Block> {
    let rom = RomImage::from_bytes(open_rom().to_vec(), "open").unwrap();
    aceemu::workflows::from_forth::make_dictionary_tape(
        rom.bytes(),
        &rom.sha256_hex(),
        RamSize::K19,
        "forth/sokoban.fth",
        &source(),
        "SOKOBAN",
    )
    .unwrap()
}

/// The committed game tape's blocks.
pub fn game_blocks() -> Vec<Block> {
    TapeImage::open(&root().join("tapes/sokoban.tap"))
        .unwrap()
        .blocks
}

/// The parameter-field address of a word of the game's dictionary.
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

/// A fresh 19 K Ace with the open ROM, the game loaded from tape.
pub struct Rig {
    pub ace: Ace,
    control: TapeControl,
    lk: u16,
    pub frames: u64,
}

impl Rig {
    /// Boots with the game tape followed by `extra` blocks and types `LOAD SOKOBAN`.
    pub fn load(extra: &[Block], scratch: &Path) -> Rig {
        let rom = RomImage::from_bytes(open_rom().to_vec(), "open").unwrap();
        let game = game_blocks();
        let lk = word_address(&game, "LK");
        let mut blocks = game;
        blocks.extend_from_slice(extra);
        let path: PathBuf = scratch.join("deck.tap");
        TapeImage::from_blocks("deck", blocks)
            .save(&path, true)
            .unwrap();
        let mut ace = Ace::new(rom.bytes(), RamSize::K19).unwrap();
        let traps = RomTapeTraps::for_rom(&rom.sha256_hex());
        let options = DeckOptions {
            speed: TapeSpeed::Instant,
            ..DeckOptions::default()
        };
        let control = aceemu::tape::attach(&mut ace, traps, Some(&path), &options).unwrap();
        let mut rig = Rig {
            ace,
            control,
            lk,
            frames: 0,
        };
        assert!(rig.run_until(500, |ace| {
            keyboard::line_editor_waiting(ace.peek(keyboard::STATIN))
        }));
        rig.type_line("LOAD SOKOBAN");
        assert!(
            rig.run_until(20_000, |ace| ace
                .screen_text()
                .lines()
                .any(|line| line.contains("Dict: SOKOBAN") && line.contains(" OK"))),
            "LOAD SOKOBAN did not finish:\n{}",
            rig.ace.screen_text()
        );
        rig
    }

    pub fn frame(&mut self) {
        self.control.run_frame(&mut self.ace);
        self.frames += 1;
    }

    pub fn run_until(&mut self, max: u32, mut done: impl FnMut(&Ace) -> bool) -> bool {
        for _ in 0..max {
            self.frame();
            if done(&self.ace) {
                return true;
            }
        }
        false
    }

    pub fn type_line(&mut self, line: &str) {
        self.ace.type_text(&format!("{line}\n"));
        assert!(
            self.run_until(5_000, |ace| ace.typing_done()),
            "typing {line:?} did not finish"
        );
    }

    /// Presses a key until the game has acted on it, then releases it until the game has
    /// seen the release. Returns the frames from the press until the game had acted.
    pub fn press(&mut self, key: Key) -> u64 {
        let start = self.frames;
        self.ace.press_key(key);
        let lk = self.lk;
        let acted = self.run_until(3_000, |ace| ace.peek(lk) != 0);
        let acting = self.frames - start;
        assert!(acted, "the game did not act on {key:?}:\n{}", self.text());
        self.ace.release_key(key);
        let released = self.run_until(500, |ace| ace.peek(lk) == 0);
        assert!(released, "the game did not see {key:?} released");
        acting
    }

    /// Presses the key of a character: letters, digits, ENTER as '\n'.
    pub fn key(&mut self, c: char) -> u64 {
        let key = if c == '\n' {
            Key::Enter
        } else {
            Key::from_char(c).unwrap()
        };
        self.press(key)
    }

    pub fn text(&self) -> String {
        ace::to_text(&self.ace.screen_codes())
    }

    /// RUN, then level `number` (1-based).
    pub fn run_level(&mut self, number: usize) {
        self.type_line("RUN");
        self.choose(number);
    }

    /// On the title screen: level `number` (1-based) chosen with two digits and ENTER.
    pub fn choose(&mut self, number: usize) {
        assert!(
            self.run_until(3_000, |ace| ace.screen_text().contains("ENTER plays")),
            "no title screen:\n{}",
            self.text()
        );
        self.key(char::from(b'0' + (number / 10) as u8));
        self.key(char::from(b'0' + (number % 10) as u8));
        self.key('\n');
        // The game draws the level after ENTER is released; callers wait for it with
        // `assert_screen_soon`.
    }
}

/// Asserts the Ace's screen equals `want`, printing both readably if not.
pub fn assert_screen(rig: &Rig, want: &[u8; 768], context: &str) {
    let got = rig.ace.screen_codes();
    if got != *want {
        panic!(
            "{context}: the Ace's screen differs from the model's\n--- Ace:\n{}--- model:\n{}",
            ace::to_text(&got),
            ace::to_text(want)
        );
    }
}

/// Waits (at most 600 frames) for the Ace's screen to become `want`, then asserts it: for
/// a screen the game draws after a key was released (a level chosen on the title screen).
pub fn assert_screen_soon(rig: &mut Rig, want: &[u8; 768], context: &str) {
    rig.run_until(600, |ace| ace.screen_codes() == *want);
    assert_screen(rig, want, context);
}
