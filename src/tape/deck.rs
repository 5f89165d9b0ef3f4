//! The cassette deck the machine plays and records.
//!
//! Playing: the tape's signal runs against the machine's clock; `ear(t)` gives the level
//! under the head at T-state resolution. The Ace has no motor control, so besides the
//! manual play/stop/rewind the deck can press play by itself: when the machine keeps
//! reading the port densely for a while (a loader polls EAR every few dozen T-states, the
//! original ROM's with a gap of a few hundred after every edge it finds; keyboard scans
//! read a handful of times per frame) the tape runs, and half a second after the polling
//! stops it pauses. A tape with several files then plays file after file, each when the
//! machine asks for it, like a cassette whose owner presses the buttons on time. See
//! [`super::listen`] for the rule.
//!
//! Recording: MIC changes are decoded into blocks ([`Recorder`]).

use super::image::TapeImage;
use super::listen::Listener;
use super::pulse::{Block, Signal};
use super::recorder::Recorder;
use crate::machine::tape_port::TapePort;
use std::path::PathBuf;

/// How fast the tape plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TapeSpeed {
    /// The true signal in true time.
    #[default]
    Real,
    /// The true signal; the front end runs the emulation flat out while the tape plays.
    Fast,
    /// The ROM's block loader is trapped and blocks are copied (see [`super::traps`]).
    Instant,
}

impl std::str::FromStr for TapeSpeed {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "real" => Ok(TapeSpeed::Real),
            "fast" => Ok(TapeSpeed::Fast),
            "instant" => Ok(TapeSpeed::Instant),
            _ => Err(format!(
                "unknown tape speed `{s}` (expected real, fast or instant)"
            )),
        }
    }
}

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

/// The tape pauses this long after the machine stopped listening (0.5 s).
const LISTEN_GRACE: u64 = 1_625_000;

/// Where the tape is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TapePosition {
    /// T-states played from the start of the tape.
    pub time: u64,
    /// Total length of the tape in T-states.
    pub length: u64,
    /// The block under the head or last passed (0-based); `None` before the first.
    pub block: Option<usize>,
    pub blocks: usize,
}

/// A cassette deck: a tape to play, a recorder, and the buttons.
pub struct Deck {
    name: String,
    blocks: Vec<Block>,
    signal: Signal,
    speed: TapeSpeed,
    auto: bool,
    running: bool,
    /// Tape time under the head.
    pos: u64,
    /// Index of the pulse under the head and the tape time it started.
    index: usize,
    index_start: u64,
    /// Machine time of the last `ear`/`mic` call.
    last_t: u64,
    /// The "is the machine listening?" rule ([`super::listen`]).
    listener: Listener,
    /// Machine time the machine was last seen listening, if ever.
    last_listening: Option<u64>,
    /// Machine time the tape was first seen at its end (cleared by winding back).
    end_reached: Option<u64>,
    /// The instant loader was asked for a block and the tape had none left.
    ran_out: bool,
    recorder: Recorder,
    /// Blocks handed out by the instant loader (index of the next one).
    next_instant: usize,
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
        Ok(Deck {
            name: image.name,
            blocks: image.blocks,
            signal: image.signal,
            speed: options.speed,
            auto: !options.manual,
            running: false,
            pos: 0,
            index: 0,
            index_start: 0,
            last_t: 0,
            listener: Listener::default(),
            last_listening: None,
            end_reached: None,
            ran_out: false,
            recorder,
            next_instant: 0,
        })
    }

    /// A copy of this deck, tape position and buttons included, or None when its recorder
    /// writes to files (see [`Recorder::duplicate`]).
    pub fn duplicate(&self) -> Option<Deck> {
        Some(Deck {
            name: self.name.clone(),
            blocks: self.blocks.clone(),
            signal: self.signal.clone(),
            speed: self.speed,
            auto: self.auto,
            running: self.running,
            pos: self.pos,
            index: self.index,
            index_start: self.index_start,
            last_t: self.last_t,
            listener: self.listener.clone(),
            last_listening: self.last_listening,
            end_reached: self.end_reached,
            ran_out: self.ran_out,
            recorder: self.recorder.duplicate()?,
            next_instant: self.next_instant,
        })
    }

    /// A deck with no tape, only recording.
    pub fn empty(options: &DeckOptions) -> anyhow::Result<Deck> {
        Deck::new(TapeImage::from_blocks("(no tape)", Vec::new()), options)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    pub fn speed(&self) -> TapeSpeed {
        self.speed
    }

    /// Press play: the tape runs from the last time the machine was seen. Pressing play or
    /// stop takes the deck out of automatic mode (the person at the deck decides now).
    pub fn play(&mut self) {
        self.auto = false;
        if self.pos < self.signal.duration() {
            self.running = true;
        }
    }

    /// Press stop (also leaves automatic mode).
    pub fn stop(&mut self) {
        self.auto = false;
        self.running = false;
    }

    /// True while the deck plays and pauses by itself.
    pub fn is_auto(&self) -> bool {
        self.auto
    }

    pub fn is_running(&self) -> bool {
        self.running
    }

    /// Back to the start of the tape (and to the first block for the instant loader).
    pub fn rewind(&mut self) {
        self.seek(0);
        self.next_instant = 0;
    }

    /// Winds to the start of block `block` (0-based); false if there is no such block.
    pub fn seek_block(&mut self, block: usize) -> bool {
        match self.signal.marks.get(block) {
            Some(mark) => {
                self.seek(mark.time);
                self.next_instant = block;
                true
            }
            None => false,
        }
    }

    fn seek(&mut self, time: u64) {
        self.end_reached = None;
        self.ran_out = false;
        let (index, start) = self.signal.index_at(time);
        self.pos = time;
        self.index = index;
        self.index_start = start;
    }

    /// Where the tape is.
    pub fn position(&self) -> TapePosition {
        let block = self.signal.marks.iter().rposition(|m| m.time <= self.pos);
        TapePosition {
            time: self.pos,
            length: self.signal.duration(),
            block,
            blocks: self.signal.marks.len(),
        }
    }

    /// Switches the automatic play/pause on or off.
    pub fn set_auto(&mut self, auto: bool) {
        self.auto = auto;
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

    /// The next block for the instant loader (advancing past it), or `None` at the end.
    /// It is the first block that starts at or after the tape position, so the instant
    /// loader goes on from wherever the signal left the tape: after a rewind, or after the
    /// ROM's own routine (run when the trap declined at the end of the tape) loaded a
    /// block from the signal.
    pub fn next_block(&mut self) -> Option<Block> {
        let index = if self.signal.marks.len() == self.blocks.len() {
            let pos = self.pos;
            self.signal
                .marks
                .iter()
                .position(|m| m.time >= pos)
                .unwrap_or(self.blocks.len())
        } else {
            self.next_instant
        };
        let block = self.blocks.get(index).cloned();
        self.ran_out = block.is_none();
        if block.is_some() {
            self.next_instant = index + 1;
            let next = self.signal.marks.get(index + 1);
            self.seek(next.map_or(self.signal.duration(), |m| m.time));
        }
        block
    }

    /// Takes a block written by a trapped SAVE routine.
    pub fn record_block(&mut self, block: Block) {
        self.recorder.record_block(block);
    }

    fn advance(&mut self, dt: u64) {
        let length = self.signal.duration();
        self.pos = (self.pos + dt).min(length);
        if self.pos >= length {
            self.running = false;
        }
        while let Some(p) = self.signal.pulses().get(self.index) {
            if self.index_start + p.len as u64 > self.pos {
                break;
            }
            self.index_start += p.len as u64;
            self.index += 1;
        }
    }

    fn level(&self) -> bool {
        self.signal
            .pulses()
            .get(self.index)
            .is_some_and(|p| p.level)
    }

    /// Feeds a port read to the "is the machine listening?" rule ([`super::listen`]):
    /// while the machine listens the tape runs, and keeps running until [`LISTEN_GRACE`]
    /// after the last read that found it listening.
    fn listen(&mut self, t: u64) {
        if self.listener.read(t) {
            self.last_listening = Some(t);
            if !self.running && self.pos < self.signal.duration() {
                self.running = true;
            }
        }
    }

    /// True when the machine is waiting for a tape that has nothing more to give: in
    /// automatic mode it has gone on listening for [`LISTEN_GRACE`] after the tape reached
    /// its end (and still listens), or the instant loader found no block left. A LOAD of a
    /// name that is not on the tape ends like this; rewinding (F7) plays the tape again.
    pub fn waiting_at_end(&self) -> bool {
        if self.ran_out {
            return true;
        }
        let (Some(end), Some(listening)) = (self.end_reached, self.last_listening) else {
            return false;
        };
        self.auto
            && listening >= end + LISTEN_GRACE
            && self.last_t.saturating_sub(listening) <= LISTEN_GRACE
    }

    /// Says why the machine waits in vain (see [`Deck::waiting_at_end`]), naming the files
    /// on the tape so a misspelt name can be seen; `None` while it does not.
    pub fn waiting_reason(&self) -> Option<String> {
        if !self.waiting_at_end() {
            return None;
        }
        if self.blocks.is_empty() {
            return Some(format!(
                "the Ace is waiting for a tape file, but the deck has no tape ({})",
                self.name
            ));
        }
        let names: Vec<String> = self
            .blocks
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

impl Deck {
    /// Brings the tape up to machine time `t`: it moves while running, and in automatic
    /// mode pauses once the machine has not listened for a while.
    fn catch_up(&mut self, t: u64) {
        let dt = t.saturating_sub(self.last_t);
        let before = self.last_t;
        self.last_t = self.last_t.max(t);
        self.recorder.poll(t);
        if self.running {
            let last_listening = self.last_listening.unwrap_or(0);
            if self.auto && t.saturating_sub(last_listening) > LISTEN_GRACE {
                // The machine stopped listening a while ago: the tape ran until then.
                let until = last_listening + LISTEN_GRACE;
                self.advance(until.saturating_sub(before).min(dt));
                self.running = false;
            } else {
                self.advance(dt);
            }
        }
        if self.end_reached.is_none() && self.pos >= self.signal.duration() {
            self.end_reached = Some(t);
        }
    }
}

impl TapePort for Deck {
    fn ear(&mut self, t: u64) -> bool {
        self.catch_up(t);
        // Also at instant speed: when the trap has declined at the end of the tape and the
        // tape is rewound, the ROM's own routine, still waiting, loads from the signal.
        if self.auto {
            self.listen(t);
        }
        self.level()
    }

    fn mic(&mut self, t: u64, level: bool) {
        self.catch_up(t);
        self.recorder.mic(t, level);
    }

    fn is_playing(&self) -> bool {
        self.speed == TapeSpeed::Fast && self.running
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
    for w in &image.warnings {
        eprintln!("aceemu: warning: {w}");
    }
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
    fn ear(&mut self, t: u64) -> bool {
        self.0.borrow_mut().ear(t)
    }

    fn mic(&mut self, t: u64, level: bool) {
        self.0.borrow_mut().mic(t, level)
    }

    fn is_playing(&self) -> bool {
        self.0.borrow().is_playing()
    }
}
