//! The playing half of a cassette deck, shared by aceemu's deck (which adds a recorder and
//! files) and the web page's: the tape's signal runs against the machine's clock; `ear(t)`
//! gives the level under the head at T-state resolution. The Ace has no motor control, so
//! besides the manual play/stop/rewind the player can press play by itself: when the
//! machine keeps reading one port address densely for a while (a loader polls EAR every
//! few dozen T-states, the original ROM's with a gap of a few hundred after every edge it
//! finds; a key scan reads the eight half-rows in turn, however densely) the tape runs, and half a second after
//! the polling stops it pauses. A tape with several files then plays file after file, each
//! when the machine asks for it, like a cassette whose owner presses the buttons on time.
//! See [`super::listen`] for the rule. It also hands whole blocks to the instant loader
//! ([`super::instant`]).

use super::listen::Listener;
use super::pulse::{Block, Signal};
use crate::machine::TapePort;

/// How fast the tape plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TapeSpeed {
    /// The true signal in true time.
    #[default]
    Real,
    /// The true signal; the front end runs the emulation flat out while the tape plays.
    Fast,
    /// The ROM's block loader is trapped and blocks are copied (see [`super::instant`]).
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

/// The tape pauses this long after the machine stopped listening (0.5 s).
pub const LISTEN_GRACE: u64 = 1_625_000;

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

/// A tape in a deck and the deck's buttons; the machine plays it through [`TapePort`].
#[derive(Clone)]
pub struct Player {
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
    /// Blocks handed out by the instant loader (index of the next one).
    next_instant: usize,
}

impl Player {
    /// A tape named `name` (a file name, for messages) with its blocks (for the instant
    /// loader) and its signal, at the start, stopped, pressing play by itself.
    pub fn new(name: &str, blocks: Vec<Block>, signal: Signal, speed: TapeSpeed) -> Player {
        Player {
            name: name.into(),
            blocks,
            signal,
            speed,
            auto: true,
            running: false,
            pos: 0,
            index: 0,
            index_start: 0,
            last_t: 0,
            listener: Listener::default(),
            last_listening: None,
            end_reached: None,
            ran_out: false,
            next_instant: 0,
        }
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

    pub fn set_speed(&mut self, speed: TapeSpeed) {
        self.speed = speed;
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

    /// Switches the automatic play/pause on or off.
    pub fn set_auto(&mut self, auto: bool) {
        self.auto = auto;
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
            .map_or(false, |p| p.level)
    }

    /// Feeds a port read to the "is the machine listening?" rule ([`super::listen`]):
    /// while the machine listens the tape runs, and keeps running until [`LISTEN_GRACE`]
    /// after the last read that found it listening.
    fn listen(&mut self, t: u64, port: u16) {
        if self.listener.read(t, port) {
            self.last_listening = Some(t);
            if !self.running && self.pos < self.signal.duration() {
                self.running = true;
            }
        }
    }

    /// True when the machine is waiting for a tape that has nothing more to give: in
    /// automatic mode it has gone on listening for [`LISTEN_GRACE`] after the tape reached
    /// its end (and still listens), or the instant loader found no block left. A LOAD of a
    /// name that is not on the tape ends like this; rewinding plays the tape again.
    pub fn waiting_at_end(&self) -> bool {
        if self.ran_out {
            return true;
        }
        match (self.end_reached, self.last_listening) {
            (Some(end), Some(listening)) => {
                self.auto
                    && listening >= end + LISTEN_GRACE
                    && self.last_t.saturating_sub(listening) <= LISTEN_GRACE
            }
            _ => false,
        }
    }

    /// The deck's state in a few words for a status line: `at_end` while
    /// [`Player::waiting_at_end`] (with how to rewind on this front end), otherwise
    /// "playing (auto)", "playing", "waiting for LOAD" or "stopped".
    pub fn state_words<'a>(&self, at_end: &'a str) -> &'a str {
        match (self.running, self.auto) {
            _ if self.waiting_at_end() => at_end,
            (true, true) => "playing (auto)",
            (true, false) => "playing",
            (false, true) => "waiting for LOAD",
            (false, false) => "stopped",
        }
    }

    /// Brings the tape up to machine time `t`: it moves while running, and in automatic
    /// mode pauses once the machine has not listened for a while.
    fn catch_up(&mut self, t: u64) {
        let dt = t.saturating_sub(self.last_t);
        let before = self.last_t;
        self.last_t = self.last_t.max(t);
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

/// The tape on the machine's EAR line; MIC only moves the tape on (a recorder, if any,
/// sits beside the player).
impl TapePort for Player {
    fn ear(&mut self, t: u64, port: u16) -> bool {
        self.catch_up(t);
        // Also at instant speed: when the trap has declined at the end of the tape and the
        // tape is rewound, the ROM's own routine, still waiting, loads from the signal.
        if self.auto {
            self.listen(t, port);
        }
        self.level()
    }

    fn mic(&mut self, t: u64, _level: bool) {
        self.catch_up(t);
    }

    fn is_playing(&self) -> bool {
        self.speed == TapeSpeed::Fast && self.running
    }
}
