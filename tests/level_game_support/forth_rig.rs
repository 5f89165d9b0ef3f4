//! One test rig for the Forth level games (MazezaM, Sokoban) on the emulated Ace: the game
//! tape built from its source and the committed one, and a machine that has loaded it and
//! is driven through the keyboard. Each game's support module adds what differs (its
//! screens, how a level starts).
//!
//! Keys are pressed one at a time and waited for by what the game shows in memory, never by
//! fixed frame counts: each game keeps the code of the key it has acted on in its variable
//! `LK` until the key is released, then clears it. So a key is held until `LK` holds its
//! code (the move is done and drawn), and released until `LK` is 0 again.
#![allow(dead_code)]

use aceemu::games::mazezam::forth_pack::hex_lines;
use aceemu::games::{mazezam, sokoban};
use aceemu::machine::keyboard::{self, Key};
use aceemu::machine::{Ace, RamSize};
use aceemu::rom::RomImage;
use aceemu::tape::deck::{DeckOptions, TapeSpeed};
use aceemu::tape::image::TapeImage;
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::DICT_START;
use aceemu::tape::traps::RomTapeTraps;
use aceemu::tape::TapeControl;
use std::path::{Path, PathBuf};

/// A Forth level game: `forth/STEM.fth` built into `tapes/STEM.tap`, the dictionary
/// `STEM` in capitals, its built-in pack made from `levels/LEVELS`, and how to read its
/// screen.
pub struct ForthGame {
    pub stem: &'static str,
    pub levels: &'static str,
    /// The screen as text for people.
    pub to_text: fn(&[u8; 768]) -> String,
}

pub const MAZEZAM: ForthGame = ForthGame::new("mazezam", "aceemu.mzm", mazezam::screen::to_text);
pub const SOKOBAN: ForthGame = ForthGame::new("sokoban", "aceemu.xsb", sokoban::ace::to_text);

pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

impl ForthGame {
    pub const fn new(
        stem: &'static str,
        levels: &'static str,
        to_text: fn(&[u8; 768]) -> String,
    ) -> ForthGame {
        ForthGame {
            stem,
            levels,
            to_text,
        }
    }

    /// The dictionary's name (`LOAD name`).
    pub fn name(&self) -> String {
        self.stem.to_uppercase()
    }

    /// Its source's path, e.g. `forth/mazezam.fth`.
    pub fn source_path(&self) -> String {
        format!("forth/{}.fth", self.stem)
    }

    /// The committed tape's path, e.g. `tapes/mazezam.tap`.
    pub fn tape_path(&self) -> String {
        format!("tapes/{}.tap", self.stem)
    }

    /// The game's source.
    pub fn source(&self) -> String {
        std::fs::read_to_string(root().join(self.source_path())).unwrap()
    }

    /// The game's dictionary tape as `rom` builds it from the source on a 19 K Ace (what
    /// `aceemu tape from-forth SOURCE OUT --ram 19` writes).
    pub fn build_tape(&self, rom: &RomImage) -> Vec<Block> {
        aceemu::workflows::from_forth::make_dictionary_tape(
            rom.bytes(),
            &rom.sha256_hex(),
            RamSize::K19,
            &self.source_path(),
            &self.source(),
            &self.name(),
        )
        .unwrap()
    }

    /// The committed game tape's blocks.
    pub fn committed_blocks(&self) -> Vec<Block> {
        TapeImage::open(&root().join(self.tape_path()))
            .unwrap()
            .blocks
    }

    /// Asserts the committed tape is `made` (what the source builds), that the source's
    /// `H,` lines after `CREATE PACK` are the generator's lines for `pack`, and that the
    /// bytes the dictionary holds at PACK are `pack`; returns where PACK is in the
    /// dictionary's data block.
    pub fn assert_tape_holds_pack(&self, made: &[Block], pack: &[u8]) -> usize {
        let (source, tape) = (self.source_path(), self.tape_path());
        assert!(
            self.committed_blocks() == made,
            "{tape} is out of date: run `aceemu tape from-forth {source} {tape} --ram 19 \
             --force` and commit it"
        );
        let text = self.source();
        let lines: Vec<&str> = text
            .lines()
            .skip_while(|l| l.trim() != "CREATE PACK")
            .skip(1)
            .take_while(|l| l.starts_with("H, "))
            .collect();
        let want = hex_lines(pack);
        assert!(
            lines == want,
            "the pack lines of {source} are not levels/{}'s; they should be:\n{}",
            self.levels,
            want.join("\n")
        );
        let pack_at = usize::from(word_address(made, "PACK") - DICT_START);
        let image = &made[1].data;
        assert_eq!(&image[pack_at..pack_at + pack.len()], pack);
        pack_at
    }
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

/// A fresh 19 K Ace that has loaded a game from tape.
pub struct Rig {
    pub ace: Ace,
    control: TapeControl,
    /// Address of the game's variable LK.
    lk: u16,
    to_text: fn(&[u8; 768]) -> String,
    /// Frames run so far by the helpers.
    pub frames: u64,
}

impl Rig {
    /// Boots `rom` with the game tape `tape` followed by `extra` blocks on one tape, at
    /// `speed`, types `prelude` if any, then `LOAD name`.
    pub fn boot(
        game: &ForthGame,
        rom: &RomImage,
        tape: Vec<Block>,
        extra: &[Block],
        speed: TapeSpeed,
        scratch: &Path,
        prelude: Option<&str>,
    ) -> Rig {
        let lk = word_address(&tape, "LK");
        let mut blocks = tape;
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
            to_text: game.to_text,
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
        let name = game.name();
        rig.type_line(&format!("LOAD {name}"));
        let dict = format!("Dict: {name}");
        assert!(
            rig.run_until(20_000, |ace| ace.screen_text().contains(&dict)
                && ace.screen_text().matches("OK").count()
                    > usize::from(prelude.is_some())),
            "LOAD {name} did not finish:\n{}",
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
    pub fn press_with(&mut self, key: Key, shift: bool) -> u64 {
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

    /// Presses the key of an Ace character: letters, digits, ENTER as '\n'.
    pub fn key(&mut self, c: char) -> u64 {
        let key = if c == '\n' {
            Key::Enter
        } else {
            Key::from_char(c).unwrap()
        };
        self.press_with(key, false)
    }

    /// From the title screen: level `number` (1-based) chosen with two digits and ENTER.
    pub fn enter_level_number(&mut self, number: usize) {
        self.key(char::from(b'0' + (number / 10) as u8));
        self.key(char::from(b'0' + (number % 10) as u8));
        self.key('\n');
    }

    /// The screen as the game's text for people.
    pub fn screen_text(&self) -> String {
        (self.to_text)(&self.ace.screen_codes())
    }

    /// Waits until video RAM equals `expected` (at most `max` frames).
    pub fn wait_for_screen(&mut self, expected: &[u8; 768], max: u32) -> bool {
        self.run_until(max, |ace| ace.screen_codes() == *expected)
    }

    /// Waits until the screen shows `text`.
    pub fn wait_for_text(&mut self, text: &str, max: u32) -> bool {
        self.run_until(max, |ace| ace.screen_text().contains(text))
    }

    /// Asserts the Ace's screen equals `want`, printing both readably if not.
    pub fn assert_screen_is(&self, want: &[u8; 768], context: &str) {
        let got = self.ace.screen_codes();
        if got != *want {
            panic!(
                "{context}: the Ace's screen differs from the model's\n--- Ace:\n{}--- model:\n{}",
                (self.to_text)(&got),
                (self.to_text)(want)
            );
        }
    }
}
