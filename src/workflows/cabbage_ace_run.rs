//! `aceemu cabbage run FILE --ace`: the cycles of a rule file run by the engine on the
//! emulated Ace (`mc/cabbage.asm`), so that its maps can be set beside the Rust engine's.
//!
//! The game goes on a tape of its own ([`cabbage_tape::make_tape`]); a fresh 19K Ace with
//! the open ROM loads it as a person does (`LOAD cabbage`, `PLAY game`, typed, the tape at
//! instant speed). From then on the runner stops the CPU at three points of the engine's
//! loop: at `wait_key` it returns at once (no 7-frame wait: the script, not the keyboard,
//! gives the keys; `tests/cabbage_ace_keys.rs` covers the keyboard path), at `cycle_run`
//! it puts the cycle's key where the wait leaves it, and at `cycle_done` the cycle's map
//! is read back from the engine's working map in Ace memory.
//!
//! The end tile of a rule file (`end C`, see `rules/README.md`) is left out here, as
//! `cabbage run` leaves it out: both engines run every cycle asked for.

use super::cabbage_tape::{self, Code};
use crate::games::cabbage::{map_text, Description};
use crate::machine::ula::FRAME_TSTATES;
use crate::machine::{Ace, RamSize};
use crate::rom::open::{open_rom, open_rom_symbol};
use crate::tape::image::TapeImage;
use crate::tape::traps::{run_with_traps, RomTapeTraps};
use crate::tape::{Deck, DeckOptions, TapeSpeed};
use anyhow::{bail, Context};
use iz80::Reg16;

/// The game's name on the runner's tape.
const NAME: &str = "game";
/// Frames the ROM gets to take each typed line and load from the instant tape.
const MAX_LOAD_FRAMES: u32 = 3000;
/// Frames one cycle's passes may take: the largest map (32x22) with a rule for every
/// cell takes well under one.
const MAX_CYCLE_FRAMES: u64 = 200;

/// The engine on an Ace, between two cycles.
pub struct AceRun {
    ace: Ace,
    code: Code,
    /// The engine's working map and its size (X * Y), X.
    map: u16,
    size: usize,
    stride: usize,
    cycles: u64,
}

impl AceRun {
    /// Boots an Ace and starts `d` on it (its end tile left out); fails when the Ace
    /// engine cannot hold the game (the error says what does not fit).
    pub fn start(d: &Description) -> anyhow::Result<AceRun> {
        let d = Description {
            end_tile: None,
            ..d.clone()
        };
        let code = cabbage_tape::assemble()?;
        // Whether the game fits, said plainly before the tape is made.
        code.game_file(&d)?;
        let blocks = cabbage_tape::make_tape(&[(NAME.to_string(), d.clone())])?;
        let options = DeckOptions {
            speed: TapeSpeed::Instant,
            ..DeckOptions::default()
        };
        let mut deck = Deck::new(
            TapeImage::from_blocks("cabbage run --ace", blocks),
            &options,
        )?;
        let traps = RomTapeTraps::from_symbols(open_rom_symbol)
            .context("the open ROM's tape entry points")?;
        let mut ace = Ace::new(open_rom(), RamSize::K19)?;
        let mut frames = |ace: &mut Ace, n: u32, done: &dyn Fn(&Ace) -> bool| {
            for _ in 0..n {
                if done(ace) {
                    return true;
                }
                run_with_traps(ace, &mut deck, &traps, FRAME_TSTATES);
            }
            done(ace)
        };
        frames(&mut ace, 20, &|_| false);
        let cabbage = cabbage_tape::NAME;
        ace.type_text(&format!("LOAD {cabbage}\n"));
        if !frames(&mut ace, MAX_LOAD_FRAMES, &|a| {
            a.screen_text().contains(&format!("Dict: {cabbage}"))
        }) {
            bail!(
                "the Ace did not load the engine's loader:\n{}",
                ace.screen_text()
            );
        }
        // The counter is set to 0 when the engine starts: mark it to see that happen.
        ace.write_bytes(code.cycles, &[0xAA, 0xAA]);
        ace.type_text(&format!("PLAY {NAME}\n"));
        let cycles = code.cycles;
        if !frames(&mut ace, MAX_LOAD_FRAMES, &|a| {
            a.typing_done() && a.read_bytes(cycles, 2) == [0, 0]
        }) {
            bail!("the engine did not start:\n{}", ace.screen_text());
        }
        let word = |ace: &Ace, at: u16| u16::from_le_bytes([ace.peek(at), ace.peek(at + 1)]);
        let map = word(&ace, code.game + 2);
        Ok(AceRun {
            ace,
            code,
            map,
            size: d.map.len(),
            stride: d.stride,
            cycles: 0,
        })
    }

    /// Runs one cycle with `key` (None: a cycle without a key).
    pub fn step(&mut self, key: Option<u8>) -> anyhow::Result<()> {
        let Code {
            wait_key,
            cycle_run,
            cycle_done,
            key: key_byte,
            ..
        } = self.code;
        let budget = MAX_CYCLE_FRAMES * FRAME_TSTATES;
        loop {
            match self
                .ace
                .run_until_pc(&[wait_key, cycle_run, cycle_done], budget)
            {
                Some(pc) if pc == wait_key => self.return_from_wait(),
                Some(pc) if pc == cycle_run => {
                    self.ace.poke(key_byte, key.unwrap_or(0));
                    self.ace.step();
                }
                Some(_) => {
                    self.ace.step();
                    self.cycles += 1;
                    return Ok(());
                }
                None => bail!(
                    "the engine on the Ace did not finish cycle {} within {MAX_CYCLE_FRAMES} \
                     frames",
                    self.cycles + 1
                ),
            }
        }
    }

    /// Leaves `wait_key` as if no key had come: A = 0, back to the caller.
    fn return_from_wait(&mut self) {
        let regs = self.ace.cpu_mut().registers();
        let sp = regs.get16(Reg16::SP);
        regs.set16(Reg16::SP, sp.wrapping_add(2));
        let back = u16::from_le_bytes([self.ace.peek(sp), self.ace.peek(sp.wrapping_add(1))]);
        let regs = self.ace.cpu_mut().registers();
        regs.set_a(0);
        regs.set_pc(back);
    }

    /// The engine's working map, X * Y bytes, newline positions included.
    pub fn raw(&self) -> Vec<u8> {
        self.ace.read_bytes(self.map, self.size)
    }

    /// The visible map, as [`Engine::text`](crate::games::cabbage::Engine::text) gives it.
    pub fn text(&self) -> String {
        map_text(&self.raw(), self.stride)
    }

    /// The machine (for screenshots and tests).
    pub fn ace(&self) -> &Ace {
        &self.ace
    }
}
