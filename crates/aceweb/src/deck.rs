//! The web page's cassette deck: acecore's tape player (the playing half of aceemu's
//! `tape::deck::Deck`, which also records to files), so a LOAD in the browser takes the
//! same frames as in `aceemu run`; the browser tests compare video RAM with the native
//! build after a LOAD to prove it. Nothing is recorded here: a SAVE in the browser goes
//! nowhere.

use acecore::machine::TapePort;
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
