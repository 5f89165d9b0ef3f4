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
    let deadline = ace.tstates().saturating_add(max_tstates);
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

/// FNV-1a (64-bit) of a picture's pixels (each 0x00RRGGBB as 4 little-endian bytes): a
/// short fingerprint to compare screens against expectations built independently.
pub fn fingerprint(pixels: &[u32]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for p in pixels {
        for b in p.to_le_bytes() {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// The fingerprint of the machine's current picture (256x192).
pub fn screen_fingerprint(ace: &Ace) -> u64 {
    let mut frame = vec![0u32; super::ula::SCREEN_WIDTH * super::ula::SCREEN_HEIGHT];
    ace.render(&mut frame);
    fingerprint(&frame)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "No time limit" (u64::MAX) is accepted: the deadline used to overflow and panic.
    #[test]
    fn no_time_limit_does_not_overflow() {
        // LD A,7 ; OUT (1),A ; HALT
        let mut ace = TestRom::new()
            .at(0, &[0x3E, 7, 0xD3, 0x01, 0x76])
            .boot(RamSize::K3);
        ace.run_frame();
        assert_eq!(run_for_debug_bytes(&mut ace, 0, u64::MAX), []);
        let mut ace = TestRom::new()
            .at(0, &[0x3E, 7, 0xD3, 0x01, 0x76])
            .boot(RamSize::K3);
        assert_eq!(run_for_debug_bytes(&mut ace, 1, u64::MAX), [7]);
    }

    #[test]
    fn fingerprint_is_fnv1a() {
        // FNV-1a 64 of the empty input is the offset basis; of the bytes 61 00 00 00
        // ("a" then three zero bytes), worked out with the published algorithm.
        assert_eq!(super::fingerprint(&[]), 0xcbf2_9ce4_8422_2325);
        let step = |h: u64, b: u8| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        // Published test vector: FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c.
        let mut h = step(0xcbf2_9ce4_8422_2325, b'a');
        assert_eq!(h, 0xaf63_dc4c_8601_ec8c);
        for _ in 0..3 {
            h = step(h, 0);
        }
        assert_eq!(super::fingerprint(&[0x61]), h);
    }
}
