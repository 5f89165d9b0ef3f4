//! The web page's cassette deck: plays a tape's signal into the machine, pressing play by
//! itself while the machine listens, and hands blocks to the instant loader.
//!
//! This is the playing half of aceemu's `tape::deck::Deck` (which stays in aceemu: it also
//! records to files and reports through anyhow), with the same listening rule
//! (acecore's `tape::listen`), so a LOAD in the browser takes the same frames as in `aceemu run`; the
//! browser tests compare video RAM with the native build after a LOAD to prove it. Nothing
//! is recorded here: a SAVE in the browser goes nowhere.

use acecore::machine::TapePort;
use acecore::tape::listen::Listener;
use acecore::tape::pulse::{Block, Signal};
use std::cell::RefCell;
use std::rc::Rc;

/// How fast the tape plays (aceemu's `--tape-speed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapeSpeed {
    /// The true signal in true time.
    Real,
    /// The true signal; the page runs the emulation flat out while the tape plays.
    Fast,
    /// The ROM's block loader is trapped and blocks are copied.
    Instant,
}

impl TapeSpeed {
    pub fn from_code(code: u32) -> TapeSpeed {
        match code {
            1 => TapeSpeed::Fast,
            2 => TapeSpeed::Instant,
            _ => TapeSpeed::Real,
        }
    }
}

/// The tape pauses this long after the machine stopped listening (0.5 s), as in aceemu.
const LISTEN_GRACE: u64 = 1_625_000;

/// A cassette deck with a tape in it.
pub struct Deck {
    pub name: String,
    blocks: Vec<Block>,
    signal: Signal,
    pub speed: TapeSpeed,
    auto: bool,
    running: bool,
    pos: u64,
    index: usize,
    index_start: u64,
    last_t: u64,
    /// The "is the machine listening?" rule, acecore's (the one aceemu's deck uses).
    listener: Listener,
    last_listening: Option<u64>,
    end_reached: Option<u64>,
    ran_out: bool,
    next_instant: usize,
}

impl Deck {
    pub fn new(name: &str, blocks: Vec<Block>, signal: Signal, speed: TapeSpeed) -> Deck {
        Deck {
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

    /// Press play (leaves automatic mode, as on aceemu's deck).
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

    pub fn is_running(&self) -> bool {
        self.running
    }

    pub fn rewind(&mut self) {
        self.seek(0);
        self.next_instant = 0;
    }

    fn seek(&mut self, time: u64) {
        self.end_reached = None;
        self.ran_out = false;
        let (index, start) = self.signal.index_at(time);
        self.pos = time;
        self.index = index;
        self.index_start = start;
    }

    /// A line for the page: state, block, time.
    pub fn status(&self) -> String {
        let block = self.signal.marks.iter().rposition(|m| m.time <= self.pos);
        let state = match (self.running, self.auto) {
            _ if self.waiting_at_end() => "at its end while the Ace waits: rewind",
            (true, true) => "playing (auto)",
            (true, false) => "playing",
            (false, true) => "waiting for LOAD",
            (false, false) => "stopped",
        };
        let hz = acecore::tape::pulse::CLOCK_HZ as u64;
        let place = match block {
            Some(b) => format!("block {} of {}", b + 1, self.signal.marks.len()),
            None => format!("{} blocks", self.signal.marks.len()),
        };
        format!(
            "{}: {state}, {place}, {}/{} s",
            self.name,
            self.pos / hz,
            self.signal.duration() / hz
        )
    }

    /// The next block for the instant loader (aceemu's `Deck::next_block`).
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

    fn listen(&mut self, t: u64) {
        if self.listener.read(t) {
            self.last_listening = Some(t);
            if !self.running && self.pos < self.signal.duration() {
                self.running = true;
            }
        }
    }

    /// True when the machine waits for a tape that has nothing more to give.
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

    fn catch_up(&mut self, t: u64) {
        let dt = t.saturating_sub(self.last_t);
        let before = self.last_t;
        self.last_t = self.last_t.max(t);
        if self.running {
            let last_listening = self.last_listening.unwrap_or(0);
            if self.auto && t.saturating_sub(last_listening) > LISTEN_GRACE {
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

/// The deck shared by the page (buttons, instant loader) and the machine (EAR, MIC).
#[derive(Clone)]
pub struct SharedDeck(pub Rc<RefCell<Deck>>);

impl TapePort for SharedDeck {
    fn ear(&mut self, t: u64) -> bool {
        let mut deck = self.0.borrow_mut();
        deck.catch_up(t);
        if deck.auto {
            deck.listen(t);
        }
        deck.level()
    }

    fn mic(&mut self, t: u64, _level: bool) {
        self.0.borrow_mut().catch_up(t);
    }

    fn is_playing(&self) -> bool {
        let deck = self.0.borrow();
        deck.speed == TapeSpeed::Fast && deck.running
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use acecore::tape::pulse::{encode_tape, FLAG_DATA, FLAG_HEADER};

    fn deck() -> Deck {
        let blocks = vec![
            Block::new(FLAG_HEADER, vec![1, 1]),
            Block::new(FLAG_DATA, vec![2, 2]),
        ];
        let signal = encode_tape(&blocks);
        Deck::new("t.tap", blocks, signal, TapeSpeed::Instant)
    }

    #[test]
    fn the_instant_loader_gets_the_blocks_in_order_then_waits_at_the_end() {
        let mut d = deck();
        assert_eq!(d.next_block().unwrap().data, vec![1, 1]);
        assert_eq!(d.next_block().unwrap().data, vec![2, 2]);
        assert!(!d.waiting_at_end());
        assert!(d.next_block().is_none());
        assert!(d.waiting_at_end());
        d.rewind();
        assert_eq!(d.next_block().unwrap().data, vec![1, 1]);
    }

    #[test]
    fn the_tape_starts_only_after_a_tenth_of_a_second_of_dense_reads() {
        let mut port = SharedDeck(Rc::new(RefCell::new(deck())));
        // Reads 50 T apart (a loader polling EAR): running once LISTEN_TIME has passed.
        let listen_time = acecore::tape::listen::ListenRule::DEFAULT.time;
        let mut t = 0;
        while t < listen_time {
            port.ear(t);
            assert!(!port.0.borrow().is_running(), "running at {t}");
            t += 50;
        }
        port.ear(t);
        assert!(port.0.borrow().is_running());
        // Reads a frame apart (a keyboard scan) start nothing.
        let mut slow = SharedDeck(Rc::new(RefCell::new(deck())));
        for k in 0..1000 {
            slow.ear(k * 64_896);
        }
        assert!(!slow.0.borrow().is_running());
    }
}
