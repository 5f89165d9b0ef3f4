//! The web page's cassette deck: acecore's tape player (the playing half of aceemu's
//! `tape::deck::Deck`, which also records to files), so a LOAD in the browser takes the
//! same frames as in `aceemu run`; the browser tests compare video RAM with the native
//! build after a LOAD to prove it. What the Ace SAVEs is decoded from the MIC line by a
//! [`MicRecorder`] beside it, which the page offers as a TAP download.

use acecore::machine::TapePort;
use acecore::tape::pulse::{Block, Decoder};
use std::cell::RefCell;
use std::rc::Rc;

pub use acecore::tape::player::{Player as Deck, TapeSpeed};

/// The page's code for a tape speed: 1 fast, 2 instant, anything else real.
pub fn speed_from_code(code: u32) -> TapeSpeed {
    match code {
        1 => TapeSpeed::Fast,
        2 => TapeSpeed::Instant,
        _ => TapeSpeed::Real,
    }
}

/// A line for the page: state, block, time.
pub fn status(deck: &Deck) -> String {
    let pos = deck.position();
    let state = deck.state_words("at its end while the Ace waits: rewind");
    let hz = acecore::tape::pulse::CLOCK_HZ as u64;
    let place = match pos.block {
        Some(b) => format!("block {} of {}", b + 1, pos.blocks),
        None => format!("{} blocks", pos.blocks),
    };
    format!(
        "{}: {state}, {place}, {}/{} s",
        deck.name(),
        pos.time / hz,
        pos.length / hz
    )
}

/// After this long without a MIC change a block being saved is complete (the end mark's
/// low lasts for good; the longest half inside a block is ~1,600 T), as in aceemu's
/// recorder.
const END_OF_BLOCK_SILENCE: u64 = 20_000;

/// What the Ace SAVEs: MIC level changes decoded into blocks.
#[derive(Default)]
pub struct MicRecorder {
    decoder: Decoder,
    level: bool,
    last_edge: Option<u64>,
    /// The silence after the last edge was already given to the decoder.
    flushed: bool,
    blocks: Vec<Block>,
}

impl MicRecorder {
    /// The MIC line was written at time `t`.
    pub fn mic(&mut self, t: u64, level: bool) {
        self.poll(t);
        if level == self.level {
            return;
        }
        if let Some(edge) = self.last_edge {
            if !self.flushed {
                self.decoder.push(t.saturating_sub(edge) as f64);
            }
        }
        self.flushed = false;
        self.last_edge = Some(t);
        self.level = level;
        self.collect();
    }

    /// Time passes: a block followed by enough silence is complete.
    pub fn poll(&mut self, t: u64) {
        if let Some(edge) = self.last_edge {
            let quiet = t.saturating_sub(edge);
            if !self.flushed && quiet > END_OF_BLOCK_SILENCE && self.decoder.in_block() {
                self.decoder.push(quiet as f64);
                self.flushed = true;
                self.collect();
            }
        }
    }

    fn collect(&mut self) {
        for decoded in self.decoder.take_blocks() {
            self.blocks.push(decoded.block);
        }
    }

    /// The blocks saved so far.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }
}

/// What the machine's tape port is: the deck, if a tape is in, and the recorder, always.
#[derive(Clone, Default)]
pub struct Port {
    pub deck: Option<SharedDeck>,
    pub recorder: Rc<RefCell<MicRecorder>>,
}

impl TapePort for Port {
    fn ear(&mut self, t: u64, port: u16) -> bool {
        match &mut self.deck {
            Some(deck) => deck.ear(t, port),
            None => false,
        }
    }

    fn mic(&mut self, t: u64, level: bool) {
        if let Some(deck) = &mut self.deck {
            deck.mic(t, level);
        }
        self.recorder.borrow_mut().mic(t, level);
    }

    fn is_playing(&self) -> bool {
        self.deck.as_ref().map_or(false, TapePort::is_playing)
    }
}

/// The deck shared by the page (buttons, instant loader) and the machine (EAR, MIC).
#[derive(Clone)]
pub struct SharedDeck(pub Rc<RefCell<Deck>>);

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

#[cfg(test)]
mod tests {
    use super::*;
    use acecore::tape::pulse::{encode_tape, Block, FLAG_DATA, FLAG_HEADER};

    fn deck() -> Deck {
        let blocks = vec![
            Block::new(FLAG_HEADER, vec![1, 1]),
            Block::new(FLAG_DATA, vec![2, 2]),
        ];
        let signal = encode_tape(&blocks);
        Deck::new("t.tap", blocks, signal, TapeSpeed::Instant)
    }

    #[test]
    fn what_the_mic_line_saves_is_decoded_into_blocks() {
        // The signal SAVE writes for two blocks, played into the MIC line.
        let blocks = vec![
            Block::new(FLAG_HEADER, vec![0, 3, 3]),
            Block::new(FLAG_DATA, vec![7, 8, 15]),
        ];
        let signal = encode_tape(&blocks);
        let mut port = Port::default();
        let (mut t, mut level) = (1_000u64, false);
        for pulse in signal.pulses() {
            level = pulse.level;
            port.mic(t, level);
            t += u64::from(pulse.len);
        }
        level = !level;
        port.mic(t, level);
        port.recorder.borrow_mut().poll(t + 100_000);
        let saved = port.recorder.borrow().blocks().to_vec();
        assert_eq!(saved, blocks);
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
            port.ear(t, 0x7FFE);
            assert!(!port.0.borrow().is_running(), "running at {t}");
            t += 50;
        }
        port.ear(t, 0x7FFE);
        assert!(port.0.borrow().is_running());
        // Reads a frame apart (a keyboard scan) start nothing.
        let mut slow = SharedDeck(Rc::new(RefCell::new(deck())));
        for k in 0..1000 {
            slow.ear(k * 64_896, 0x7FFE);
        }
        assert!(!slow.0.borrow().is_running());
    }
}
