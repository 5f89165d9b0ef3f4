//! Driving the Forth Sokoban (`tapes/sokoban.tap`) on the emulated Ace with the open ROM,
//! for tests/sokoban_forth.rs and benches/sokoban_forth.rs: the level games' one rig
//! (`tests/level_game_support/forth_rig.rs`) with Sokoban's screens.
#![allow(dead_code)]

#[path = "../level_game_support/forth_rig.rs"]
mod forth_rig;

#[allow(unused_imports)] // each test file uses some of them
pub use forth_rig::{root, word_address, ForthGame, Rig, SOKOBAN as GAME};

use aceemu::machine::keyboard::Key;
use aceemu::rom::open::open_rom;
use aceemu::rom::RomImage;
use aceemu::tape::deck::TapeSpeed;
use aceemu::tape::pulse::Block;
use std::path::Path;

/// The game's dictionary tape as the open ROM builds it from the source on a 19 K Ace
/// (what `aceemu tape from-forth forth/sokoban.fth OUT --ram 19` writes).
pub fn build_game_tape() -> Vec<Block> {
    GAME.build_tape(&RomImage::from_bytes(open_rom().to_vec(), "open").unwrap())
}

/// The committed game tape's blocks.
pub fn game_blocks() -> Vec<Block> {
    GAME.committed_blocks()
}

impl Rig {
    /// Boots with the game tape followed by `extra` blocks and types `LOAD SOKOBAN`.
    pub fn load(extra: &[Block], scratch: &Path) -> Rig {
        let rom = RomImage::from_bytes(open_rom().to_vec(), "open").unwrap();
        let speed = TapeSpeed::Instant;
        Rig::boot(&GAME, &rom, game_blocks(), extra, speed, scratch, None)
    }

    /// Presses a key until the game has acted on it, then releases it until the game has
    /// seen the release. Returns the frames from the press until the game had acted.
    pub fn press(&mut self, key: Key) -> u64 {
        self.press_with(key, false)
    }

    pub fn text(&self) -> String {
        self.screen_text()
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
        self.enter_level_number(number);
        // The game draws the level after ENTER is released; callers wait for it with
        // `assert_screen_soon`.
    }
}

/// Asserts the Ace's screen equals `want`, printing both readably if not.
pub fn assert_screen(rig: &Rig, want: &[u8; 768], context: &str) {
    rig.assert_screen_is(want, context);
}

/// Waits (at most 600 frames) for the Ace's screen to become `want`, then asserts it: for
/// a screen the game draws after a key was released (a level chosen on the title screen).
pub fn assert_screen_soon(rig: &mut Rig, want: &[u8; 768], context: &str) {
    rig.run_until(600, |ace| ace.screen_codes() == *want);
    assert_screen(rig, want, context);
}
