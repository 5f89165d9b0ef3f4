//! A small harness for guest test programs: build an 8 KB ROM image from hand-assembled
//! pieces, power on an Ace with it, run until a PC or until the guest reports through the
//! debug port (an OUT to port 0x01).

use super::{Ace, RamSize};
use crate::rom::ROM_SIZE;

/// An 8 KB ROM image being put together; unused bytes are 0x00 (NOP).
#[derive(Clone)]
pub struct TestRom {
    image: Vec<u8>,
}

impl Default for TestRom {
    fn default() -> Self {
        TestRom::new()
    }
}

impl TestRom {
    pub fn new() -> TestRom {
        TestRom {
            image: vec![0; ROM_SIZE],
        }
    }

    /// Places `bytes` at `addr` (panics if they do not fit in the 8 KB: test-time bug).
    pub fn at(mut self, addr: u16, bytes: &[u8]) -> TestRom {
        let start = addr as usize;
        assert!(start + bytes.len() <= ROM_SIZE, "test code beyond 8 KB");
        self.image[start..start + bytes.len()].copy_from_slice(bytes);
        self
    }

    pub fn bytes(&self) -> &[u8] {
        &self.image
    }

    /// Powers on an Ace with this ROM.
    pub fn boot(&self, ram: RamSize) -> Ace {
        Ace::new(&self.image, ram).expect("test ROM is 8 KB")
    }
}

/// Runs until the guest has written `count` bytes to the debug port or `max_tstates` pass,
/// and returns what it wrote.
pub fn run_for_debug_bytes(ace: &mut Ace, count: usize, max_tstates: u64) -> Vec<u8> {
    let deadline = ace.tstates() + max_tstates;
    let mut out = Vec::new();
    while out.len() < count && ace.tstates() < deadline {
        if !ace.run_until_debug(deadline - ace.tstates()) {
            break;
        }
        out.extend(ace.debug_output());
    }
    out
}

/// Little-endian bytes of a 16-bit word, for hand assembly.
pub fn le(word: u16) -> [u8; 2] {
    word.to_le_bytes()
}
