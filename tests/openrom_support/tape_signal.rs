//! For the open ROM's tape tests: the spec's tape timings (ace-hardware.md 7), a
//! signal generator and a pulse decoder written from them, and a deck that plays a signal
//! on EAR and records MIC. Nothing here comes from the code under test.
#![allow(dead_code)]

use std::cell::RefCell;
use std::rc::Rc;

use aceemu::machine::tape_port::TapePort;

pub const PILOT: u64 = 2011;
pub const SYNC1: u64 = 601;
pub const SYNC2: u64 = 791;
pub const BIT0: (u64, u64) = (802, 801);
pub const BIT1: (u64, u64) = (1592, 1591);
pub const END_MARK: u64 = 917;
/// Visible pilot changes before the sync (save-vectors.md, check 4).
pub const PILOT_CHANGES_HEADER: usize = 8190;
pub const PILOT_CHANGES_DATA: usize = 1022;

/// Durations (T) of the levels after each change of one block, the first change going
/// high; the last entry is the end mark, after which the line goes low for good.
pub fn block_durations(flag: u8, data: &[u8], pilot_changes: usize) -> Vec<u64> {
    let mut d = vec![PILOT; pilot_changes];
    d.push(SYNC1);
    d.push(SYNC2);
    let checksum = data.iter().fold(0u8, |a, b| a ^ b);
    let bytes = std::iter::once(flag)
        .chain(data.iter().copied())
        .chain(std::iter::once(checksum));
    for byte in bytes {
        for bit in (0..8).rev() {
            let (h, l) = if byte >> bit & 1 == 1 { BIT1 } else { BIT0 };
            d.push(h);
            d.push(l);
        }
    }
    d.push(END_MARK);
    d
}

/// The durations of a whole file: header block (flag 0), a gap of `gap` T low, data block
/// (flag 0xFF); the gap is the duration after the header's end mark.
pub fn file_durations(header: &[u8], data: &[u8], gap: u64) -> Vec<u64> {
    let mut d = block_durations(0x00, header, PILOT_CHANGES_HEADER);
    d.push(gap);
    d.extend(block_durations(0xFF, data, PILOT_CHANGES_DATA));
    d
}

/// Absolute change times from durations, starting at `t0`, each duration scaled.
pub fn edges_from(t0: u64, durations: &[u64], scale: f64) -> Vec<u64> {
    let mut t = t0 as f64;
    let mut out = vec![t0];
    for &d in durations {
        t += d as f64 * scale;
        out.push(t.round() as u64);
    }
    out
}

/// What a deck plays and what it recorded; shared with the test through an Rc.
#[derive(Default)]
pub struct DeckState {
    /// Absolute times of EAR level changes (the level starts at `start_level`).
    pub edges: Vec<u64>,
    pub start_level: bool,
    /// MIC changes (time, new level).
    pub recorded: Vec<(u64, bool)>,
}

#[derive(Clone, Default)]
pub struct Deck(pub Rc<RefCell<DeckState>>);

impl TapePort for Deck {
    fn ear(&mut self, t: u64, _port: u16) -> bool {
        let s = self.0.borrow();
        let n = s.edges.partition_point(|&e| e <= t);
        s.start_level ^ (n % 2 == 1)
    }
    fn mic(&mut self, t: u64, level: bool) {
        self.0.borrow_mut().recorded.push((t, level));
    }
}

impl Deck {
    /// Plays `durations` from absolute time `t0`.
    pub fn play(&self, t0: u64, durations: &[u64], scale: f64, inverted: bool) {
        let mut s = self.0.borrow_mut();
        s.edges = edges_from(t0, durations, scale);
        s.start_level = inverted;
    }
    pub fn recorded(&self) -> Vec<(u64, bool)> {
        self.0.borrow().recorded.clone()
    }
    pub fn clear_recording(&self) {
        self.0.borrow_mut().recorded.clear();
    }
}

/// Durations between recorded changes, from the first change to high on.
pub fn durations_of(rec: &[(u64, bool)]) -> Vec<u64> {
    let start = rec.iter().position(|&(_, l)| l).unwrap_or(rec.len());
    rec[start..].windows(2).map(|w| w[1].0 - w[0].0).collect()
}

#[derive(Debug)]
pub struct Decoded {
    pub pilot_changes: usize,
    /// Durations of all levels of this block from its first change (pilot included).
    pub durations: Vec<u64>,
    /// Index in `durations` of sync 1.
    pub sync_at: usize,
    /// Flag, data and checksum.
    pub bytes: Vec<u8>,
    /// Absolute time of the end mark's fall.
    pub end_fall: u64,
    /// Index in the recording of the first change after this block.
    pub next: usize,
}

/// Decodes one block from recorded MIC changes starting at index `from`, classifying each
/// level by the spec's durations.
pub fn decode_block(rec: &[(u64, bool)], from: usize) -> Decoded {
    let mut i = from;
    while i < rec.len() && !rec[i].1 {
        i += 1;
    }
    let mut durations = Vec::new();
    while i + 1 < rec.len() {
        durations.push(rec[i + 1].0 - rec[i].0);
        i += 1;
        // a long low after the end mark: the block ends there
        if i + 1 < rec.len() && rec[i + 1].0 - rec[i].0 > 3000 && !rec[i].1 {
            break;
        }
    }
    let end_index = i;
    let pilot_changes = durations
        .iter()
        .take_while(|&&d| (1900..2100).contains(&d))
        .count();
    let sync_at = pilot_changes;
    let mut bytes = Vec::new();
    let mut k = sync_at + 2;
    let mut byte = 0u16;
    let mut nbits = 0;
    while k + 1 < durations.len() {
        let whole = durations[k] + durations[k + 1];
        byte = byte << 1 | u16::from(whole > 2400);
        nbits += 1;
        if nbits == 8 {
            bytes.push(byte as u8);
            byte = 0;
            nbits = 0;
        }
        k += 2;
    }
    assert_eq!(nbits, 0, "block does not end on a byte boundary");
    Decoded {
        pilot_changes,
        durations,
        sync_at,
        bytes,
        end_fall: rec[end_index].0,
        next: end_index + 1,
    }
}

/// Payload of a decoded block (without flag and checksum), checking the checksum.
pub fn payload(block: &Decoded) -> Vec<u8> {
    let b = &block.bytes;
    assert!(b.len() >= 2, "block too short");
    let xor = b[1..].iter().fold(0u8, |a, x| a ^ x);
    assert_eq!(xor, 0, "checksum of the block");
    b[1..b.len() - 1].to_vec()
}

pub fn sample_data(n: usize, seed: u32) -> Vec<u8> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8
        })
        .collect()
}

pub fn hex(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|h| u8::from_str_radix(h, 16).expect("hex"))
        .collect()
}
