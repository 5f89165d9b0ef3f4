//! The glue a front end needs: put a deck into a machine, run frames with the tape (traps in
//! `instant` mode), know when to run flat out, finish the recording at exit.

use super::deck::{open_deck, Deck, DeckOptions, SharedDeck, TapeSpeed};
use super::image::TapeImage;
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
/// The deck is on the EAR and MIC lines in every mode: with traps, a SAVE whose routine is
/// not trapped (the original ROM's) is recorded from the signal, and a ROM routine the
/// load trap declines (end of the tape) hears the deck.
pub fn attach(
    ace: &mut Ace,
    traps: Option<RomTapeTraps>,
    tape: Option<&Path>,
    options: &DeckOptions,
) -> anyhow::Result<TapeControl> {
    let deck = open_deck(tape, options)?;
    attach_deck(ace, traps, deck, options)
}

/// [`attach`] with a tape already read (a bundled one, see [`super::bundled`]).
pub fn attach_image(
    ace: &mut Ace,
    traps: Option<RomTapeTraps>,
    image: TapeImage,
    options: &DeckOptions,
) -> anyhow::Result<TapeControl> {
    let deck = Deck::new(image, options)?;
    attach_deck(ace, traps, deck, options)
}

fn attach_deck(
    ace: &mut Ace,
    traps: Option<RomTapeTraps>,
    deck: Deck,
    options: &DeckOptions,
) -> anyhow::Result<TapeControl> {
    let traps = if options.speed == TapeSpeed::Instant {
        Some(traps.ok_or_else(|| {
            anyhow::anyhow!(
                "--tape-speed instant needs a ROM whose tape routines are known (the open ROM \
                 or the original Jupiter Ace ROM, told by its SHA-256); this ROM is neither: \
                 use --tape-speed fast"
            )
        })?)
    } else {
        None
    };
    let deck = SharedDeck::new(deck);
    ace.insert_tape(Box::new(deck.clone()));
    Ok(TapeControl { deck, traps })
}

impl TapeControl {
    /// A copy of `ace` with a copy of this deck in it, and the control of that copy: the
    /// pair goes on exactly as the original would, independently of it. None when the deck
    /// records to files.
    pub fn duplicate(&self, ace: &Ace) -> Option<(Ace, TapeControl)> {
        let deck = SharedDeck::new(self.deck.deck().duplicate()?);
        let copy = ace.duplicate(Some(Box::new(deck.clone())));
        Some((
            copy,
            TapeControl {
                deck,
                traps: self.traps,
            },
        ))
    }

    /// Runs one frame (64,896 T), performing tape traps in `instant` mode.
    pub fn run_frame(&mut self, ace: &mut Ace) {
        match &self.traps {
            Some(traps) => {
                // The deck is borrowed only for a trap: between traps the machine uses it.
                let deck = &self.deck;
                super::traps::run_trapping(ace, traps, FRAME_TSTATES, |ace, pc| {
                    traps.handle(pc, ace, &mut deck.deck())
                });
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

impl TapeControl {
    /// The frame runner for a front end: frames with tape traps in `instant` mode.
    pub fn into_runner(mut self) -> super::control::FrameRunner {
        Box::new(move |ace: &mut Ace| self.run_frame(ace))
    }
}

/// The window's tape buttons (F6 play/stop, F7 rewind) and title-bar status.
impl super::control::DeckControl for SharedDeck {
    fn status(&self) -> String {
        let deck = self.0.borrow();
        let pos = deck.position();
        let state = deck.state_words("at its end while the Ace waits, F7 rewinds");
        let name = std::path::Path::new(deck.name()).file_name().map_or_else(
            || deck.name().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let block = match pos.block {
            Some(b) => format!("block {} of {}", b + 1, pos.blocks),
            None => crate::plural::count(pos.blocks, "block"),
        };
        let recorded = deck.recorded().len();
        let rec = if recorded > 0 {
            format!(", {recorded} recorded")
        } else {
            String::new()
        };
        format!(
            "{name}: {state}, {block}, {:.0}/{:.0} s{rec}",
            pos.time as f64 / super::pulse::CLOCK_HZ as f64,
            pos.length as f64 / super::pulse::CLOCK_HZ as f64
        )
    }

    fn toggle_play(&mut self) {
        let mut deck = self.deck();
        if deck.is_running() {
            deck.stop();
        } else {
            deck.play();
        }
    }

    fn rewind(&mut self) {
        self.deck().rewind();
    }

    fn waiting_reason(&self) -> Option<String> {
        self.0.borrow().waiting_reason()
    }

    fn is_moving(&self) -> bool {
        self.0.borrow().is_running()
    }

    fn is_saving(&self, now: u64) -> bool {
        self.0.borrow().is_saving(now)
    }
}
