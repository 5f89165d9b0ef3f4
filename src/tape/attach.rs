//! The glue a front end needs: put a deck into a machine, run frames with the tape (traps in
//! `instant` mode), know when to run flat out, finish the recording at exit.

use super::deck::{open_deck, DeckOptions, SharedDeck, TapeSpeed};
use super::traps::RomTapeTraps;
use crate::machine::ula::FRAME_TSTATES;
use crate::machine::Ace;
use std::path::Path;

/// A deck plugged into a machine.
pub struct TapeControl {
    pub deck: SharedDeck,
    traps: Option<RomTapeTraps>,
}

/// Opens `tape` (or an empty deck for recording only) and plugs it into `ace`. `traps` are
/// the running ROM's tape entry points if known ([`RomTapeTraps::from_symbols`] for the open
/// ROM, [`RomTapeTraps::for_rom`] by SHA-256); `instant` speed is refused without them.
pub fn attach(
    ace: &mut Ace,
    traps: Option<RomTapeTraps>,
    tape: Option<&Path>,
    options: &DeckOptions,
) -> anyhow::Result<TapeControl> {
    let traps = if options.speed == TapeSpeed::Instant {
        Some(traps.ok_or_else(|| {
            anyhow::anyhow!(
                "--tape-speed instant needs a ROM whose tape routines are known (the open ROM); \
                 this ROM has none registered: use --tape-speed fast"
            )
        })?)
    } else {
        None
    };
    let deck = SharedDeck::new(open_deck(tape, options)?);
    if traps.is_none() {
        ace.insert_tape(Box::new(deck.clone()));
    }
    Ok(TapeControl { deck, traps })
}

impl TapeControl {
    /// Runs one frame (64,896 T), performing tape traps in `instant` mode.
    pub fn run_frame(&mut self, ace: &mut Ace) {
        match &self.traps {
            Some(traps) => {
                let mut deck = self.deck.deck();
                super::traps::run_with_traps(ace, &mut deck, traps, FRAME_TSTATES);
            }
            None => ace.run_frame(),
        }
    }

    /// True while the front end should run flat out (`fast` mode, tape playing).
    pub fn flat_out(&self) -> bool {
        use crate::machine::TapePort;
        self.deck.is_playing()
    }

    /// Completes a block being recorded and writes the WAV if asked; reports write errors.
    pub fn finish(&self) -> anyhow::Result<()> {
        let mut deck = self.deck.deck();
        deck.finish_recording()?;
        match deck.take_errors().first() {
            Some(e) => anyhow::bail!("{e}"),
            None => Ok(()),
        }
    }
}
