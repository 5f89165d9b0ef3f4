//! Driving the CABBAGE engine on the emulated Ace (`tapes/cabbage.tap` as built from the
//! sources) the way a person does: `LOAD cabbage`, `PLAY name`, keys on the matrix.
#![allow(dead_code)]

use aceemu::machine::ula::FRAME_TSTATES;
use aceemu::machine::{Ace, Key, RamSize};
use aceemu::rom::open::{open_rom, open_rom_symbol};
use aceemu::tape::image::TapeImage;
use aceemu::tape::pulse::Block;
use aceemu::tape::traps::{run_with_traps, RomTapeTraps};
use aceemu::tape::{Deck, DeckOptions, SharedDeck, TapeSpeed};
use aceemu::workflows::cabbage_tape::{self, Code};

pub struct AceGame {
    pub ace: Ace,
    deck: SharedDeck,
    traps: RomTapeTraps,
    pub code: Code,
}

/// A tape with the bundled games, built from the sources.
pub fn bundled_tape() -> Vec<Block> {
    cabbage_tape::make_tape(&cabbage_tape::bundled_games().unwrap()).unwrap()
}

impl AceGame {
    /// A fresh 19K Ace with `blocks` in the deck (instant loading), after `LOAD cabbage`
    /// and `PLAY name`, with the game's first map drawn.
    pub fn started(blocks: Vec<Block>, name: &str) -> AceGame {
        let options = DeckOptions {
            speed: TapeSpeed::Instant,
            ..DeckOptions::default()
        };
        let deck = SharedDeck::new(
            Deck::new(TapeImage::from_blocks("cabbage", blocks), &options).unwrap(),
        );
        let mut g = AceGame {
            ace: Ace::new(open_rom(), RamSize::K19).unwrap(),
            deck,
            traps: RomTapeTraps::from_symbols(open_rom_symbol).unwrap(),
            code: cabbage_tape::assemble().unwrap(),
        };
        g.frames(20);
        g.type_and_wait("LOAD cabbage\n", |g| {
            g.ace.screen_text().contains("Dict: cabbage")
        });
        let cycles = g.code.cycles;
        g.ace.poke(cycles, 0xAA);
        g.ace.poke(cycles + 1, 0xAA);
        g.type_and_wait(&format!("PLAY {name}\n"), |g| g.cycles() == 0);
        // ENTER may still be down: let the engine see every key up first.
        assert!(g.until(60, |g| g.ace.typing_done()));
        g.frames(3);
        g
    }

    fn type_and_wait(&mut self, text: &str, done: impl Fn(&AceGame) -> bool) {
        self.ace.type_text(text);
        assert!(
            self.until(3000, done),
            "{text:?}:\n{}",
            self.ace.screen_text()
        );
    }

    pub fn frame(&mut self) {
        run_with_traps(
            &mut self.ace,
            &mut self.deck.deck(),
            &self.traps,
            FRAME_TSTATES,
        );
    }

    pub fn frames(&mut self, n: u32) {
        for _ in 0..n {
            self.frame();
        }
    }

    pub fn until(&mut self, max: u32, done: impl Fn(&AceGame) -> bool) -> bool {
        for _ in 0..max {
            if done(self) {
                return true;
            }
            self.frame();
        }
        done(self)
    }

    /// The engine's cycle counter.
    pub fn cycles(&self) -> u16 {
        u16::from_le_bytes([
            self.ace.peek(self.code.cycles),
            self.ace.peek(self.code.cycles + 1),
        ])
    }

    /// One cycle: with `key` pressed (and released after), or waiting out the 7 frames.
    pub fn cycle(&mut self, key: Option<u8>) {
        let n = self.cycles();
        match key {
            Some(k) => {
                let k = Key::from_char(char::from(k)).expect("a key on the matrix");
                self.ace.press_key(k);
                assert!(self.until(20, |g| g.cycles() != n), "no cycle for the key");
                self.ace.release_key(k);
                self.frames(2);
            }
            None => assert!(self.until(20, |g| g.cycles() != n), "no cycle"),
        }
        assert_eq!(self.cycles(), n.wrapping_add(1), "one cycle at a time");
    }

    pub fn screen(&self) -> [u8; 768] {
        self.ace.screen_codes()
    }
}
