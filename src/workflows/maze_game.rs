//! Driving A-Mouz-in-Mase (`tapes/maze.tap`, from `forth/maze.fth`) on a headless Ace the
//! way a person does: the tape is played into the ROM's `LOAD`, Forth lines are typed at
//! the keyboard, and game keys are held until the game has taken them. Tests and the
//! benchmark use it to run the game's phases and read back its memory, which
//! [`crate::games::maze::compare`] then holds against the Rust model.

use crate::games::maze::VarName;
use crate::machine::keyboard::{line_editor_waiting, Key};
use crate::machine::{Ace, RamSize};
use crate::tape::deck::{DeckOptions, TapeSpeed};
use crate::tape::dict;
use crate::tape::TapeControl;
use anyhow::{anyhow, bail, Context};
use std::collections::HashMap;
use std::path::Path;

/// System variable STKBOT: the first free dictionary byte, i.e. `HERE` (ace-forth.md 2).
const STKBOT: u16 = 0x3C37;
/// Frames one typed line may take before it counts as stuck (besides what it runs).
const TYPING_FRAMES: u32 = 400;
/// Frames the game gets to take a held key: it polls between moves, and before the first
/// one `MOUSE` draws the mouse and clears the trail (a few seconds in SLOW mode).
const KEY_FRAMES: u32 = 1_000;

/// The game loaded into an emulated Ace, with the addresses of its variables.
pub struct MazeGame {
    pub ace: Ace,
    tape: TapeControl,
    /// `HERE` after loading: the maze-state area starts 30 bytes above it.
    pub here: u16,
    words: HashMap<String, u16>,
    /// Frames run since loading finished.
    pub frames: u64,
}

impl MazeGame {
    /// Powers on an Ace with `rom`, plays `tape` through the tape signal into `LOAD MAZE`
    /// (typed with CAPS LOCK on, as the README says) and waits for the prompt.
    pub fn load(rom: &[u8], ram: RamSize, tape: &Path) -> anyhow::Result<MazeGame> {
        MazeGame::load_after(rom, ram, tape, &[])
    }

    /// Like [`MazeGame::load`], but types `lines` first (words of the user's own, say), so
    /// the game is loaded on top of them and relocated by `LOAD`.
    pub fn load_after(
        rom: &[u8],
        ram: RamSize,
        tape: &Path,
        lines: &[&str],
    ) -> anyhow::Result<MazeGame> {
        let mut ace = Ace::new(rom, ram)?;
        let options = DeckOptions {
            speed: TapeSpeed::Fast,
            ..DeckOptions::default()
        };
        let tape_control = crate::tape::attach(&mut ace, None, Some(tape), &options)?;
        let mut game = MazeGame {
            ace,
            tape: tape_control,
            here: 0,
            words: HashMap::new(),
            frames: 0,
        };
        game.ace.caps_lock_at_prompt();
        for line in lines {
            game.enter(line, 1_000)?;
        }
        // At the prompt (after power-on, CAPS LOCK and any lines typed), HERE is where the
        // game's words will start.
        game.wait_for_prompt(500)?;
        let start = game.word16(STKBOT);
        // The tape plays in real time: about 37 s (1,850 frames) for the game.
        game.enter("LOAD MAZE", 5_000)
            .context("loading the maze tape")?;
        game.here = game.word16(STKBOT);
        if game.here == start {
            bail!(
                "LOAD MAZE loaded nothing; screen:\n{}",
                game.ace.screen_text()
            );
        }
        // Only the game's own words: those loaded above what was there before.
        let image = game.ace.read_bytes(start, usize::from(game.here - start));
        let words = dict::words(&image, start).map_err(|e| anyhow!("{e}"))?;
        game.words = words.into_iter().map(|w| (w.name, w.cfa)).collect();
        game.frames = 0;
        Ok(game)
    }

    /// A copy of the game in its present state (machine, deck, variables' addresses), which
    /// goes on exactly as this one would: tests load and generate once and run independent
    /// phases from copies.
    pub fn duplicate(&self) -> MazeGame {
        let (ace, tape) = self
            .tape
            .duplicate(&self.ace)
            .expect("the maze game's deck records to no file");
        MazeGame {
            ace,
            tape,
            here: self.here,
            words: self.words.clone(),
            frames: self.frames,
        }
    }

    /// Runs one frame (with the tape deck).
    pub fn run_frame(&mut self) {
        self.tape.run_frame(&mut self.ace);
        self.frames += 1;
    }

    /// True when the ROM waits for a line at its prompt and nothing is left to type.
    pub fn at_prompt(&self) -> bool {
        self.ace.typing_done()
            && line_editor_waiting(self.ace.peek(crate::machine::keyboard::STATIN))
    }

    /// Types `line` and ENTER, then runs until the ROM is back at its prompt; fails after
    /// `max_frames` frames of running. Returns the frames it took.
    pub fn enter(&mut self, line: &str, max_frames: u32) -> anyhow::Result<u64> {
        self.ace
            .try_type_text(&format!("{line}\n"))
            .map_err(|e| anyhow!("cannot type {line:?}: {e}"))?;
        let start = self.frames;
        let budget = u64::from(TYPING_FRAMES) + 12 * line.len() as u64 + u64::from(max_frames);
        while !self.at_prompt() {
            if self.frames - start > budget {
                bail!(
                    "{line:?} was still running after {budget} frames; screen:\n{}",
                    self.ace.screen_text()
                );
            }
            self.run_frame();
        }
        Ok(self.frames - start)
    }

    /// The code-field address of one of the game's words.
    pub fn cfa(&self, name: &str) -> Option<u16> {
        self.words.get(name).copied()
    }

    /// The address of a variable's value (its parameter field).
    pub fn variable(&self, name: &str) -> Option<u16> {
        self.cfa(name).map(|cfa| cfa + 2)
    }

    /// The address of one of the game's variables that the model knows.
    pub fn var_address(&self, name: VarName) -> Option<u16> {
        self.variable(name.name())
    }

    pub fn word16(&self, address: u16) -> u16 {
        u16::from_le_bytes([
            self.ace.peek(address),
            self.ace.peek(address.wrapping_add(1)),
        ])
    }

    /// A variable's value.
    pub fn var(&self, name: &str) -> u16 {
        let address = self
            .variable(name)
            .unwrap_or_else(|| panic!("the game has no variable {name}"));
        self.word16(address)
    }

    /// Holds the key for `key` (a letter or digit, as the game reads it: lower case
    /// without SHIFT) until the game has taken it (its KT variable, the frame it last took
    /// a key, changes), then lets it go and runs until the game has seen it go (LK = 0).
    /// This is a person pressing a key and holding it until the mouse moves.
    pub fn press_game_key(&mut self, key: char) -> anyhow::Result<()> {
        let k = Key::from_char(key.to_ascii_lowercase())
            .ok_or_else(|| anyhow!("no Ace key for {key:?}"))?;
        let taken_before = self.var("KT");
        self.ace.press_key(k);
        let mut waited = 0;
        while self.var("KT") == taken_before {
            if waited == KEY_FRAMES {
                self.ace.release_key(k);
                bail!(
                    "the game did not take the key {key:?} in {KEY_FRAMES} frames; screen:\n{}",
                    self.ace.screen_text()
                );
            }
            self.run_frame();
            waited += 1;
        }
        self.ace.release_key(k);
        waited = 0;
        while self.var("LK") != 0 && !self.at_prompt() {
            if waited == KEY_FRAMES {
                bail!("the game did not see the key {key:?} let go");
            }
            self.run_frame();
            waited += 1;
        }
        Ok(())
    }

    /// Runs until the ROM is back at its prompt (e.g. after the last move of `MAN`).
    pub fn wait_for_prompt(&mut self, max_frames: u32) -> anyhow::Result<()> {
        for _ in 0..max_frames {
            if self.at_prompt() {
                return Ok(());
            }
            self.run_frame();
        }
        bail!(
            "the ROM did not get back to its prompt in {max_frames} frames; screen:\n{}",
            self.ace.screen_text()
        )
    }
}
