//! The cassette deck the machine plays and records: acecore's [`Player`] (the signal
//! against the machine's clock, the buttons, pressing play by itself while the machine
//! listens: see [`super::listen`]) with a [`Recorder`] beside it that decodes MIC changes
//! into blocks and writes them to files.

use super::image::TapeImage;
use super::pulse::Block;
use super::recorder::Recorder;
use crate::machine::tape_port::TapePort;
use std::path::PathBuf;

pub use acecore::tape::player::{Player, TapePosition, TapeSpeed};

/// How to set up a deck.
#[derive(Clone, Debug, Default)]
pub struct DeckOptions {
    pub speed: TapeSpeed,
    /// Press play when the machine listens, pause when it stops (default: on).
    pub manual: bool,
    /// Append recorded blocks to this TAP file.
    pub save_to: Option<PathBuf>,
    /// Also write the recorded signal as a WAV file.
    pub save_wav: Option<PathBuf>,
    /// Allow replacing the content of `save_to` / `save_wav`.
    pub overwrite: bool,
}

/// A cassette deck: a tape to play, a recorder, and the buttons. The player's buttons and
/// position are the deck's (it dereferences to its [`Player`]).
pub struct Deck {
    player: Player,
    recorder: Recorder,
}

impl std::ops::Deref for Deck {
    type Target = Player;
    fn deref(&self) -> &Player {
        &self.player
    }
}

impl std::ops::DerefMut for Deck {
    fn deref_mut(&mut self) -> &mut Player {
        &mut self.player
    }
}

impl Deck {
    /// A deck with `image` inserted, at the start of the tape, stopped.
    pub fn new(image: TapeImage, options: &DeckOptions) -> anyhow::Result<Deck> {
        let mut recorder = Recorder::default();
        if let Some(path) = &options.save_to {
            recorder.save_tap_to(path, options.overwrite)?;
        }
        if let Some(path) = &options.save_wav {
            recorder.save_wav_to(path, options.overwrite)?;
        }
        let mut player = Player::new(&image.name, image.blocks, image.signal, options.speed);
        player.set_auto(!options.manual);
        Ok(Deck { player, recorder })
    }

    /// A copy of this deck, tape position and buttons included, or None when its recorder
    /// writes to files (see [`Recorder::duplicate`]).
    pub fn duplicate(&self) -> Option<Deck> {
        Some(Deck {
            player: self.player.clone(),
            recorder: self.recorder.duplicate()?,
        })
    }

    /// A deck with no tape, only recording.
    pub fn empty(options: &DeckOptions) -> anyhow::Result<Deck> {
        Deck::new(TapeImage::from_blocks("(no tape)", Vec::new()), options)
    }

    /// True while the machine is saving to the deck at time `now` (see
    /// [`Recorder::is_saving`]).
    pub fn is_saving(&self, now: u64) -> bool {
        self.recorder.is_saving(now)
    }

    /// Blocks recorded from the MIC line so far.
    pub fn recorded(&self) -> &[Block] {
        self.recorder.blocks()
    }

    /// Ends recording: completes a block in progress, writes the WAV if asked for.
    pub fn finish_recording(&mut self) -> anyhow::Result<()> {
        self.recorder.finish()
    }

    /// Errors met while appending recorded blocks to the file.
    pub fn take_errors(&mut self) -> Vec<String> {
        self.recorder.take_errors()
    }

    /// Takes a block written by a trapped SAVE routine.
    pub fn record_block(&mut self, block: Block) {
        self.recorder.record_block(block);
    }

    /// Says why the machine waits in vain (see [`Player::waiting_at_end`]), naming the
    /// files on the tape so a misspelt name can be seen; `None` while it does not.
    pub fn waiting_reason(&self) -> Option<String> {
        if !self.waiting_at_end() {
            return None;
        }
        if self.blocks().is_empty() {
            return Some(format!(
                "the Ace is waiting for a tape file, but the deck has no tape ({})",
                self.name()
            ));
        }
        let names: Vec<String> = self
            .blocks()
            .iter()
            .filter(|b| b.is_header())
            .filter_map(|b| super::tap::Header::parse(&b.data))
            .map(|h| format!("{} \"{}\"", h.kind_text(), h.name_text().trim_end()))
            .collect();
        let files = if names.is_empty() {
            "no named files".to_string()
        } else {
            names.join(", ")
        };
        Some(format!(
            "the Ace is waiting for a tape file that is not coming: the tape is at its end \
             (it holds {files}; names must match exactly, capitals included); rewind it to \
             play it again"
        ))
    }
}

impl TapePort for Deck {
    fn ear(&mut self, t: u64, port: u16) -> bool {
        self.recorder.poll(t);
        self.player.ear(t, port)
    }

    fn mic(&mut self, t: u64, level: bool) {
        self.player.mic(t, level);
        self.recorder.mic(t, level);
    }

    fn is_playing(&self) -> bool {
        self.player.is_playing()
    }
}

impl Drop for Deck {
    fn drop(&mut self) {
        if let Err(e) = self.recorder.finish() {
            eprintln!("aceemu: tape: {e:#}");
        }
    }
}

/// Opens a tape file (TAP, TZX or WAV by extension) in a new deck; with no file, an
/// empty deck that only records. Warnings about the file (bad checksums...) are printed.
pub fn open_deck(path: Option<&std::path::Path>, options: &DeckOptions) -> anyhow::Result<Deck> {
    let image = match path {
        Some(path) => TapeImage::open(path)?,
        None => TapeImage::from_blocks("(no tape)", Vec::new()),
    };
    super::input::print_problems(
        "aceemu: warning: ",
        &image.warnings,
        image.warnings_not_kept,
    );
    Deck::new(image, options)
}

/// A deck the machine plays while the front end keeps its buttons: insert a clone into the
/// machine (`Ace::insert_tape(Box::new(shared.clone()))`) and use [`SharedDeck::deck`] for
/// play, stop, rewind and the recorded blocks.
#[derive(Clone)]
pub struct SharedDeck(pub std::rc::Rc<std::cell::RefCell<Deck>>);

impl SharedDeck {
    pub fn new(deck: Deck) -> SharedDeck {
        SharedDeck(std::rc::Rc::new(std::cell::RefCell::new(deck)))
    }

    /// The deck, borrowed for a moment (not while the machine is running).
    pub fn deck(&self) -> std::cell::RefMut<'_, Deck> {
        self.0.borrow_mut()
    }
}

impl TapePort for SharedDeck {
    fn ear(&mut self, t: u64, port: u16) -> bool {
        self.0.borrow_mut().ear(t, port)
    }

    fn mic(&mut self, t: u64, level: bool) {
        self.0.borrow_mut().mic(t, level)
    }

    fn is_playing(&self) -> bool {
        self.0.borrow().is_playing()
    }
}
