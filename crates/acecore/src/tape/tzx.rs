//! TZX tapes (ace-hardware.md 7.2). TZX counts time in Spectrum T-states (3.5 MHz); every
//! duration is converted to Ace T-states (× 3.25/3.5) on the way in and back on the way out.
//!
//! Ace tapes use a Turbo Speed Data Block (0x11) per block followed by a one-pulse Pulse
//! Sequence (0x13) for the end mark. Reading also understands the other signal blocks
//! (0x10 standard, 0x12 tone, 0x13, 0x14 pure data, 0x15 direct recording, 0x20 pause, loops)
//! and skips the informational ones, so archive files play unchanged. Data in TZX blocks
//! includes the flag byte; TAP does not store it.

use std::fmt;

use super::pulse::{Block, Signal, DATA_PILOT, END_MARK, HEADER_PILOT, PILOT, SYNC1, SYNC2};
use super::pulse::{CLOCK_HZ, FLAG_HEADER, ONE, ZERO};

const MAGIC: &[u8; 8] = b"ZXTape!\x1A";
const ZX_CLOCK: f64 = 3_500_000.0;

/// Ace T-states → Spectrum T-states.
pub fn to_zx(ace: u32) -> u16 {
    (ace as f64 * ZX_CLOCK / CLOCK_HZ as f64)
        .round()
        .min(u16::MAX as f64) as u16
}

/// Spectrum T-states → Ace T-states.
pub fn to_ace(zx: f64) -> u32 {
    (zx * CLOCK_HZ as f64 / ZX_CLOCK).round() as u32
}

#[derive(Debug)]
pub struct TzxError {
    pub file: String,
    pub block: usize,
    pub id: u8,
    pub offset: usize,
    pub what: String,
}

impl fmt::Display for TzxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: TZX block {} (id 0x{:02X}) at byte offset {}: {}",
            self.file, self.block, self.id, self.offset, self.what
        )
    }
}

impl std::error::Error for TzxError {}

/// A TZX file read: its signal and the data blocks found in it.
#[derive(Debug, Default)]
pub struct Tzx {
    pub signal: Signal,
    /// Blocks carried by data blocks (0x10, 0x11, 0x14), flag split off.
    pub blocks: Vec<Block>,
    /// Where each of `blocks` is in the file: (TZX block number, byte offset), for messages.
    pub places: Vec<(usize, usize)>,
    /// Text of description / archive-info blocks, for listings.
    pub notes: Vec<String>,
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.pos.checked_add(n)?;
        let s = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(s)
    }
    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|s| s[0])
    }
    fn u16(&mut self) -> Option<u16> {
        self.take(2).map(|s| u16::from_le_bytes([s[0], s[1]]))
    }
    fn u24(&mut self) -> Option<usize> {
        self.take(3)
            .map(|s| s[0] as usize | (s[1] as usize) << 8 | (s[2] as usize) << 16)
    }
    fn u32(&mut self) -> Option<usize> {
        self.take(4)
            .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]) as usize)
    }
}

/// Plays TZX pulses into a signal: each pulse toggles the level.
struct Player {
    signal: Signal,
    level: bool,
    /// Pulses the signal may hold (see [`max_pulses`]); past it they are dropped and
    /// `too_long` is set, so a loop cannot grow memory before the guard looks.
    max_pulses: usize,
    too_long: bool,
}

/// The most pulses a TZX file of `len` bytes may make: two million (some 20 minutes of the
/// Ace's pilot tone, 16 MB of memory) beyond twice what its bytes make as data (16 pulses
/// a byte). Real tapes stay far below; a file that loops to more (a 410-byte file made 50
/// million pulses, 210 MB) is refused.
fn max_pulses(len: usize) -> usize {
    2_000_000usize.saturating_add(len.saturating_mul(32))
}

/// The most blocks a TZX file may play, loops counted: real tapes have hundreds.
const MAX_BLOCKS_PLAYED: usize = 100_000;

impl Player {
    fn pulse(&mut self, zx_len: f64) {
        if self.signal.pulses().len() >= self.max_pulses {
            self.too_long = true;
            return;
        }
        self.level = !self.level;
        self.signal.push(self.level, to_ace(zx_len).max(1));
    }
    fn data(&mut self, data: &[u8], used_bits_last: u8, zero: u16, one: u16) {
        for (i, &byte) in data.iter().enumerate() {
            let bits = if i + 1 == data.len() {
                used_bits_last.clamp(1, 8)
            } else {
                8
            };
            for bit in 0..bits {
                let len = if byte << bit & 0x80 != 0 { one } else { zero };
                self.pulse(len as f64);
                self.pulse(len as f64);
            }
        }
    }
    fn pause(&mut self, ms: u16) {
        if ms > 0 {
            // The level goes low for the pause (an end mark left high ends here).
            self.level = false;
            self.signal
                .push(false, (ms as u64 * CLOCK_HZ as u64 / 1000) as u32);
        }
    }
}

/// Reads a TZX file from memory.
pub fn parse(bytes: &[u8], file: &str) -> Result<Tzx, TzxError> {
    let fail = |block: usize, id: u8, offset: usize, what: &str| TzxError {
        file: file.into(),
        block,
        id,
        offset,
        what: what.into(),
    };
    if bytes.len() < 10 || &bytes[..8] != MAGIC {
        return Err(fail(0, 0, 0, "not a TZX file (no ZXTape! signature)"));
    }
    let mut r = Reader { bytes, pos: 10 };
    let mut player = Player {
        signal: Signal::default(),
        level: false,
        max_pulses: max_pulses(bytes.len()),
        too_long: false,
    };
    let mut tzx = Tzx::default();
    // Blocks are numbered by their place in the file (1-based); a loop goes back to the
    // number of its first block, so errors name the block a reader of the file would count.
    let mut number = 0;
    let mut loop_start: Option<(usize, u16, usize)> = None;
    let mut guard = 0usize;
    while r.pos < bytes.len() {
        number += 1;
        guard += 1;
        if guard > MAX_BLOCKS_PLAYED || player.too_long {
            let what = "the signal gets too long here (more than 100,000 blocks played, or \
                        more pulses than the file could hold without loops: a runaway loop?)";
            return Err(fail(number, bytes[r.pos], r.pos, what));
        }
        let offset = r.pos;
        let id = r.u8().unwrap_or(0);
        let cut = || fail(number, id, offset, "file ends inside the block");
        match id {
            0x10 | 0x11 | 0x14 => {
                let (pilot, sync1, sync2, zero, one, pilot_count, used, pause, len) = match id {
                    0x10 => {
                        let pause = r.u16().ok_or_else(cut)?;
                        let len = r.u16().ok_or_else(cut)? as usize;
                        let flag = bytes.get(r.pos).copied().unwrap_or(0);
                        let count = if flag < 0x80 { 8063 } else { 3223 };
                        (2168, 667, 735, 855, 1710, count, 8, pause, len)
                    }
                    0x11 => {
                        let h = r.take(15).ok_or_else(cut)?.to_vec();
                        let w = |i: usize| u16::from_le_bytes([h[i], h[i + 1]]);
                        let len = r.u24().ok_or_else(cut)?;
                        (w(0), w(2), w(4), w(6), w(8), w(10), h[12], w(13), len)
                    }
                    _ => {
                        let h = r.take(7).ok_or_else(cut)?.to_vec();
                        let w = |i: usize| u16::from_le_bytes([h[i], h[i + 1]]);
                        let len = r.u24().ok_or_else(cut)?;
                        (0, 0, 0, w(0), w(2), 0, h[4], w(5), len)
                    }
                };
                let data = r.take(len).ok_or_else(cut)?.to_vec();
                // Marks and blocks go in step (the deck seeks block i at mark i): a data
                // block with no byte carries no block, so it gets no mark.
                if !data.is_empty() {
                    player.signal.mark_block();
                }
                for _ in 0..pilot_count {
                    player.pulse(pilot as f64);
                }
                if id != 0x14 {
                    player.pulse(sync1 as f64);
                    player.pulse(sync2 as f64);
                }
                player.data(&data, used, zero, one);
                player.pause(pause);
                if let Some((&flag, rest)) = data.split_first() {
                    tzx.blocks.push(Block::new(flag, rest.to_vec()));
                    tzx.places.push((number, offset));
                }
            }
            0x12 => {
                let len = r.u16().ok_or_else(cut)?;
                let count = r.u16().ok_or_else(cut)?;
                for _ in 0..count {
                    player.pulse(len as f64);
                }
            }
            0x13 => {
                let count = r.u8().ok_or_else(cut)? as usize;
                let lens = r.take(count * 2).ok_or_else(cut)?.to_vec();
                for c in lens.chunks_exact(2) {
                    player.pulse(u16::from_le_bytes([c[0], c[1]]) as f64);
                }
            }
            0x15 => {
                let h = r.take(5).ok_or_else(cut)?.to_vec();
                let per_sample = u16::from_le_bytes([h[0], h[1]]).max(1) as f64;
                let pause = u16::from_le_bytes([h[2], h[3]]);
                let used = h[4].clamp(1, 8);
                let len = r.u24().ok_or_else(cut)?;
                let data = r.take(len).ok_or_else(cut)?.to_vec();
                for (i, &byte) in data.iter().enumerate() {
                    if player.signal.pulses().len() >= player.max_pulses {
                        player.too_long = true;
                        break;
                    }
                    let bits = if i + 1 == data.len() { used } else { 8 };
                    for bit in 0..bits {
                        let level = byte << bit & 0x80 != 0;
                        player.level = level;
                        player.signal.push(level, to_ace(per_sample).max(1));
                    }
                }
                player.pause(pause);
            }
            0x20 => {
                let ms = r.u16().ok_or_else(cut)?;
                // 0 means "stop the tape"; a real deck would wait, here a second of silence.
                player.pause(if ms == 0 { 1000 } else { ms });
            }
            0x21 => {
                let n = r.u8().ok_or_else(cut)? as usize;
                r.take(n).ok_or_else(cut)?;
            }
            0x22 | 0x27 | 0x2A => {
                if id == 0x2A {
                    r.u32().ok_or_else(cut)?;
                }
            }
            0x24 => {
                let count = r.u16().ok_or_else(cut)?;
                loop_start = Some((r.pos, count, number));
            }
            0x25 => {
                if let Some((start, count, start_number)) = loop_start {
                    if count > 1 {
                        loop_start = Some((start, count - 1, start_number));
                        r.pos = start;
                        number = start_number;
                    } else {
                        loop_start = None;
                    }
                }
            }
            0x2B => {
                r.u32().ok_or_else(cut)?;
                let level = r.u8().ok_or_else(cut)? != 0;
                player.level = level;
            }
            0x30 => {
                let n = r.u8().ok_or_else(cut)? as usize;
                let text = r.take(n).ok_or_else(cut)?;
                tzx.notes.push(String::from_utf8_lossy(text).into_owned());
            }
            0x31 => {
                r.u8().ok_or_else(cut)?;
                let n = r.u8().ok_or_else(cut)? as usize;
                r.take(n).ok_or_else(cut)?;
            }
            0x32 => {
                let n = r.u16().ok_or_else(cut)? as usize;
                let body = r.take(n).ok_or_else(cut)?.to_vec();
                // Archive info: count, then (id, length, text) entries.
                let mut i = 1;
                while i + 2 <= body.len() {
                    let l = body[i + 1] as usize;
                    if let Some(text) = body.get(i + 2..i + 2 + l) {
                        tzx.notes.push(String::from_utf8_lossy(text).into_owned());
                    }
                    i += 2 + l;
                }
            }
            0x33 => {
                let n = r.u8().ok_or_else(cut)? as usize;
                r.take(n * 3).ok_or_else(cut)?;
            }
            0x35 => {
                r.take(16).ok_or_else(cut)?;
                let n = r.u32().ok_or_else(cut)?;
                r.take(n).ok_or_else(cut)?;
            }
            0x5A => {
                r.take(9).ok_or_else(cut)?;
            }
            0x16..=0x19 => {
                // Blocks with a 32-bit length that Ace tapes do not use: skipped.
                let n = r.u32().ok_or_else(cut)?;
                r.take(n).ok_or_else(cut)?;
            }
            0x28 => {
                // Select block: a 16-bit length.
                let n = r.u16().ok_or_else(cut)? as usize;
                r.take(n).ok_or_else(cut)?;
            }
            0x40 => {
                // Snapshot block: a type byte, then a 24-bit length.
                r.u8().ok_or_else(cut)?;
                let n = r.u24().ok_or_else(cut)?;
                r.take(n).ok_or_else(cut)?;
            }
            0x23 | 0x26 => {
                return Err(fail(
                    number,
                    id,
                    offset,
                    "jump/call blocks are not supported",
                ))
            }
            _ => return Err(fail(number, id, offset, "unknown block type")),
        }
    }
    if player.too_long {
        let what = "the signal gets too long (more pulses than the file could hold without \
                    loops: a runaway loop?)";
        return Err(fail(number, 0, bytes.len(), what));
    }
    player.signal.push(false, CLOCK_HZ / 10);
    tzx.signal = player.signal;
    Ok(tzx)
}

/// Writes blocks as an Ace TZX: a turbo block per tape block, a one-pulse sequence for
/// the end mark, and a pause (1 ms between a header and its data, 1 s between files).
pub fn write(blocks: &[Block]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend([1, 20]);
    out.push(0x30);
    let text = b"Jupiter Ace tape written by aceemu";
    out.push(text.len() as u8);
    out.extend(text);
    for (i, block) in blocks.iter().enumerate() {
        let mut data = Vec::with_capacity(block.data.len() + 1);
        data.push(block.flag);
        data.extend(&block.data);
        out.push(0x11);
        for v in [PILOT, SYNC1, SYNC2, ZERO.1, ONE.1] {
            out.extend(to_zx(v).to_le_bytes());
        }
        let pilot = if block.flag == FLAG_HEADER {
            HEADER_PILOT
        } else {
            DATA_PILOT
        };
        out.extend((pilot as u16).to_le_bytes());
        out.push(8);
        out.extend(0u16.to_le_bytes());
        let len = data.len().min(0xFF_FFFF);
        out.extend(&(len as u32).to_le_bytes()[..3]);
        out.extend(&data[..len]);
        out.extend([0x13, 1]);
        out.extend(to_zx(END_MARK).to_le_bytes());
        let next_is_data = blocks.get(i + 1).map_or(false, |n| {
            block.flag == FLAG_HEADER && n.flag != FLAG_HEADER
        });
        out.push(0x20);
        out.extend((if next_is_data { 1u16 } else { 1000 }).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tape::pulse::decode_halves;

    /// A loop of 65,535 tone blocks of 65,535 pulses each would be four billion pulses
    /// (32 GB): refused once the pulses pass what the file could make without loops, with
    /// the signal still small.
    #[test]
    fn a_runaway_loop_is_refused_before_memory_grows() {
        let mut file = MAGIC.to_vec();
        file.extend([1, 20]);
        file.extend([0x24, 0xFF, 0xFF]); // loop start, 65,535 times
        file.extend([0x12, 0x00, 0x08, 0xFF, 0xFF]); // tone: 65,535 pulses of 2048
        file.push(0x25); // loop end
        let e = parse(&file, "loop.tzx").unwrap_err();
        assert!(e.to_string().contains("runaway loop"), "{e}");
        assert!(max_pulses(file.len()) < 2_001_000);
        // The same tone without the loop is read.
        let once = [&file[..10], &file[13..18]].concat();
        assert!(parse(&once, "tone.tzx").unwrap().signal.pulses().len() >= 65_535);
    }

    /// Blocks 1-3 loop five times; block 4 is cut short. The error names block 4 at its
    /// offset, not the twelfth block played.
    #[test]
    fn an_error_after_a_loop_names_the_block_by_its_place_in_the_file() {
        let mut file = MAGIC.to_vec();
        file.extend([1, 20]);
        file.extend([0x24, 5, 0]); // loop start, 5 times
        file.extend([0x20, 1, 0]); // pause 1 ms
        file.push(0x25); // loop end
        file.extend([0x11, 0, 0]); // turbo block cut short
        let e = parse(&file, "loop.tzx").unwrap_err();
        assert_eq!((e.block, e.id, e.offset), (4, 0x11, 17), "{e}");
        assert!(e
            .to_string()
            .starts_with("loop.tzx: TZX block 4 (id 0x11) at byte offset 17"));
    }

    #[test]
    fn an_empty_data_block_gets_no_mark_so_marks_follow_blocks() {
        let blocks = vec![Block::new(0xFF, vec![5, 5])];
        let mut file = write(&blocks);
        // An empty turbo block in front: 15 bytes of timings, then a 24-bit length of 0.
        let mut empty = vec![0x11];
        empty.extend([0u8; 15]);
        empty.extend([0, 0, 0]);
        file.splice(10..10, empty);
        let tzx = parse(&file, "e.tzx").unwrap();
        assert_eq!(tzx.blocks, blocks);
        assert_eq!(tzx.signal.marks.len(), 1);
    }

    #[test]
    fn conversion_factors_match_the_spec() {
        assert_eq!(to_zx(PILOT), 2166);
        assert_eq!(to_zx(SYNC1), 647);
        assert_eq!(to_zx(SYNC2), 852);
        assert_eq!(to_zx(ZERO.1), 863);
        assert_eq!(to_zx(ONE.1), 1713);
        assert_eq!(to_zx(END_MARK), 988);
    }

    #[test]
    fn written_tzx_reads_back_as_blocks_and_signal() {
        let blocks = vec![
            Block::new(0x00, vec![7; 26]),
            Block::new(0xFF, vec![1, 2, 3, 0]),
        ];
        let tzx = parse(&write(&blocks), "t.tzx").unwrap();
        assert_eq!(tzx.blocks, blocks);
        let decoded: Vec<Block> = decode_halves(tzx.signal.halves())
            .into_iter()
            .map(|d| d.block)
            .collect();
        assert_eq!(decoded, blocks);
        assert_eq!(tzx.signal.marks.len(), 2);
    }
}
