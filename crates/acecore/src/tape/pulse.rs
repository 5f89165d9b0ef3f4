//! Blocks ⇄ the tape signal, in Ace T-states (3.25 MHz).
//!
//! Every tape format becomes or comes from pulses: a [`Signal`] is a list of levels with how
//! long each lasts. [`encode_tape`] lays blocks down with the timings the ROM's SAVE
//! writes (ace-hardware.md section 7); [`Decoder`] turns the durations between level changes
//! back into blocks. The decoder never looks at the level itself, only at the time between
//! changes, so it does not care about polarity, and it measures the pilot to learn the
//! speed of the tape, so it reads signals that are some 20 % too slow or too fast, like the
//! ROM's loader.

/// Ace CPU clock in Hz: the unit of every duration here.
pub const CLOCK_HZ: u32 = crate::machine::beeper::CPU_HZ as u32;
/// One pilot half-period.
pub const PILOT: u32 = 2_011;
/// Every 256th pilot half is one T-state shorter (byte loop overhead in the ROM).
pub const PILOT_SHORT: u32 = 2_010;
/// First sync half (high).
pub const SYNC1: u32 = 601;
/// Second sync half (low).
pub const SYNC2: u32 = 791;
/// A 0 bit: high, then low.
pub const ZERO: (u32, u32) = (802, 801);
/// A 1 bit: high, then low.
pub const ONE: (u32, u32) = (1_592, 1_591);
/// The end mark: high for this long, then low for good.
pub const END_MARK: u32 = 917;
/// Pilot halves before a header block.
pub const HEADER_PILOT: u32 = 8_192;
/// Pilot halves before a data block.
pub const DATA_PILOT: u32 = 1_024;
/// Low time between a header's end mark and the first pilot change of its data block
/// (measured from SAVE: 4,204 T).
pub const HEADER_DATA_GAP: u32 = 4_204;
/// Silence between two files on a tape made by aceemu (one second, like archive tapes).
pub const FILE_GAP: u32 = CLOCK_HZ;
/// Silence before the first block.
pub const LEAD_IN: u32 = CLOCK_HZ / 10;

/// The flag byte that goes on tape before a header block.
pub const FLAG_HEADER: u8 = 0x00;
/// The flag byte that goes on tape before a data block.
pub const FLAG_DATA: u8 = 0xFF;

/// A level held for `len` T-states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pulse {
    pub level: bool,
    pub len: u32,
}

/// One block as it travels on tape: the flag byte, then `data` (payload and checksum).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub flag: u8,
    /// Payload followed by the checksum byte (exactly what a TAP block stores).
    pub data: Vec<u8>,
}

impl Block {
    pub fn new(flag: u8, data: Vec<u8>) -> Self {
        Block { flag, data }
    }

    /// True when the XOR of payload and checksum is zero (the ROM's test).
    pub fn checksum_ok(&self) -> bool {
        !self.data.is_empty() && self.data.iter().fold(0u8, |a, b| a ^ b) == 0
    }

    pub fn is_header(&self) -> bool {
        self.flag == FLAG_HEADER
    }
}

/// Where a block starts in a signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockMark {
    /// Index of the block's first pulse.
    pub pulse: usize,
    /// Time from the start of the signal to the block's first pilot change.
    pub time: u64,
}

/// A whole tape as a signal.
#[derive(Clone, Debug, Default)]
pub struct Signal {
    pulses: Vec<Pulse>,
    /// Total of the pulse lengths, kept so that marking a block costs nothing.
    length: u64,
    /// Start of every block, in order.
    pub marks: Vec<BlockMark>,
}

impl Signal {
    /// The pulses, in order; neighbours never have the same level.
    pub fn pulses(&self) -> &[Pulse] {
        &self.pulses
    }

    /// Total length in T-states.
    pub fn duration(&self) -> u64 {
        self.length
    }

    /// Appends a pulse, merging it into the previous one when the level does not change.
    pub fn push(&mut self, level: bool, len: u32) {
        if len == 0 {
            return;
        }
        self.length += len as u64;
        match self.pulses.last_mut() {
            Some(last) if last.level == level && last.len.checked_add(len).is_some() => {
                last.len += len
            }
            _ => self.pulses.push(Pulse { level, len }),
        }
    }

    /// Starts a new block at the current end of the signal.
    pub fn mark_block(&mut self) {
        self.marks.push(BlockMark {
            pulse: self.pulses.len(),
            time: self.length,
        });
    }

    /// The pulse playing at `time` and the time it started (past the end: the pulse count
    /// and the total duration).
    pub fn index_at(&self, time: u64) -> (usize, u64) {
        let mut start = 0u64;
        for (i, p) in self.pulses.iter().enumerate() {
            if start + p.len as u64 > time {
                return (i, start);
            }
            start += p.len as u64;
        }
        (self.pulses.len(), start)
    }

    /// Durations between level changes, the decoder's input.
    pub fn halves(&self) -> impl Iterator<Item = f64> + '_ {
        self.pulses.iter().map(|p| p.len as f64)
    }
}

/// Where an encoder lays down its pulses: a [`Signal`] held whole, or something that
/// takes them as they come (a WAV being written, a running total).
pub trait PulseSink {
    /// A level held for `len` T-states.
    fn push(&mut self, level: bool, len: u32);
    /// A block starts here.
    fn mark_block(&mut self) {}
}

impl PulseSink for Signal {
    fn push(&mut self, level: bool, len: u32) {
        Signal::push(self, level, len)
    }
    fn mark_block(&mut self) {
        Signal::mark_block(self)
    }
}

/// Counts the T-states of what is encoded into it, holding nothing.
#[derive(Default)]
struct Duration(u64);

impl PulseSink for Duration {
    fn push(&mut self, _level: bool, len: u32) {
        self.0 += len as u64;
    }
}

/// Lays down one block (pilot, sync, flag + data bits, end mark) as SAVE does. The line is
/// low before and after.
pub fn encode_block(signal: &mut impl PulseSink, block: &Block) {
    let pilot = if block.is_header() {
        HEADER_PILOT
    } else {
        DATA_PILOT
    };
    signal.mark_block();
    for i in 0..pilot {
        let len = if (i + 1) % 256 == 0 {
            PILOT_SHORT
        } else {
            PILOT
        };
        signal.push(i % 2 == 0, len);
    }
    signal.push(true, SYNC1);
    signal.push(false, SYNC2);
    for &byte in std::iter::once(&block.flag).chain(block.data.iter()) {
        for bit in (0..8).rev() {
            let (high, low) = if byte >> bit & 1 == 1 { ONE } else { ZERO };
            signal.push(true, high);
            signal.push(false, low);
        }
    }
    signal.push(true, END_MARK);
}

/// The signal of a whole tape: a short lead-in, then the blocks, a header's data block
/// following it as closely as SAVE writes it, and a second of silence between files.
pub fn encode_tape(blocks: &[Block]) -> Signal {
    let mut signal = Signal::default();
    encode_tape_into(&mut signal, blocks);
    signal
}

/// [`encode_tape`] into any sink, so a long tape can be written as it is made.
pub fn encode_tape_into(signal: &mut impl PulseSink, blocks: &[Block]) {
    signal.push(false, LEAD_IN);
    for (i, block) in blocks.iter().enumerate() {
        if i > 0 {
            let follows_header = blocks[i - 1].is_header() && !block.is_header();
            signal.push(
                false,
                if follows_header {
                    HEADER_DATA_GAP
                } else {
                    FILE_GAP
                },
            );
        }
        encode_block(signal, block);
    }
    signal.push(false, FILE_GAP);
}

/// How many T-states the blocks take to play (counted, not held: a 4 MB tape's signal
/// would take half a gigabyte).
pub fn play_time(blocks: &[Block]) -> u64 {
    let mut total = Duration::default();
    encode_tape_into(&mut total, blocks);
    total.0
}

/// A block read back from a signal.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodedBlock {
    pub block: Block,
    /// Time of the sync, counted from the first half fed to the decoder.
    pub time: f64,
    /// Speed of the tape measured on the pilot (1.0 = nominal; 1.1 = 10 % slow).
    pub scale: f64,
    /// Halves after the last whole byte; 1 is the end mark, anything else means the
    /// block stopped in the middle of a byte.
    pub trailing_halves: usize,
}

/// Pilot halves needed before a sync is believed (the ROM wants 256 cycles; a little less
/// is accepted so that a recording that starts late still reads).
const MIN_PILOT_HALVES: usize = 128;
/// Relative deviation a pilot half may have from the running pilot average.
const PILOT_TOLERANCE: f64 = 0.25;
/// Pilot halves this far from nominal are not pilot at all (the ROM: 1,600-2,400 T ok).
const PILOT_MIN: f64 = 1_400.0;
const PILOT_MAX: f64 = 2_900.0;

#[derive(Clone)]
enum State {
    Seek {
        count: usize,
        mean: f64,
    },
    Sync2 {
        scale: f64,
    },
    Data {
        scale: f64,
        halves: Vec<f64>,
        sync_time: f64,
    },
}

impl State {
    /// Looking for a pilot, none seen yet.
    const SEEK: State = State::Seek {
        count: 0,
        mean: 0.0,
    };

    /// Looking for a pilot again after `half` ended what came before: a half of pilot
    /// length may be the first of a new pilot.
    fn seek_from(half: f64) -> State {
        if (PILOT_MIN..=PILOT_MAX).contains(&half) {
            State::Seek {
                count: 1,
                mean: half,
            }
        } else {
            State::SEEK
        }
    }
}

/// Streaming decoder: feed it the durations between level changes, in T-states.
#[derive(Clone)]
pub struct Decoder {
    state: State,
    now: f64,
    blocks: Vec<DecodedBlock>,
}

impl Default for Decoder {
    fn default() -> Self {
        Self::new()
    }
}

impl Decoder {
    pub fn new() -> Self {
        Decoder {
            state: State::SEEK,
            now: 0.0,
            blocks: Vec::new(),
        }
    }

    /// True while a block's bits are being collected.
    pub fn in_block(&self) -> bool {
        matches!(self.state, State::Data { .. } | State::Sync2 { .. })
    }

    /// Feeds the time the line stayed at one level.
    pub fn push(&mut self, half: f64) {
        let start = self.now;
        self.now += half;
        let state = std::mem::replace(&mut self.state, State::SEEK);
        self.state = match state {
            State::Seek { count, mean } => {
                let near_mean = count == 0 || (half - mean).abs() <= PILOT_TOLERANCE * mean;
                if (PILOT_MIN..=PILOT_MAX).contains(&half) && near_mean {
                    // Running mean over roughly the last 64 halves follows slow speed drift.
                    let n = (count + 1).min(64) as f64;
                    let mean = if count == 0 {
                        half
                    } else {
                        mean + (half - mean) / n
                    };
                    State::Seek {
                        count: count + 1,
                        mean,
                    }
                } else if count >= MIN_PILOT_HALVES && half < 0.7 * mean {
                    State::Sync2 {
                        scale: mean / PILOT as f64,
                    }
                } else {
                    State::seek_from(half)
                }
            }
            State::Sync2 { scale } => {
                if half < 0.8 * PILOT as f64 * scale {
                    State::Data {
                        scale,
                        halves: Vec::new(),
                        sync_time: start,
                    }
                } else {
                    // Not a sync after all: look for a pilot again.
                    State::SEEK
                }
            }
            State::Data {
                scale,
                mut halves,
                sync_time,
            } => {
                // The longest half in a block is a 1 bit's (1,592 T); anything near a pilot
                // half or longer ends the block (normally the silence after the end mark).
                if half > 1.3 * ONE.0 as f64 * scale {
                    self.finish_block(scale, &halves, sync_time);
                    State::seek_from(half)
                } else {
                    halves.push(half);
                    State::Data {
                        scale,
                        halves,
                        sync_time,
                    }
                }
            }
        };
    }

    fn finish_block(&mut self, scale: f64, halves: &[f64], sync_time: f64) {
        // Bits are timed over both halves, as the ROM does. The threshold starts halfway
        // between the nominal 0 and 1 pairs and follows the measured pairs, so slow wow
        // and a wrong speed estimate are absorbed.
        let zero = (ZERO.0 + ZERO.1) as f64 * scale;
        let one = (ONE.0 + ONE.1) as f64 * scale;
        let (mut zero_avg, mut one_avg) = (zero, one);
        let mut bytes = Vec::with_capacity(halves.len() / 16);
        let whole_bytes = halves.len() / 16;
        for b in 0..whole_bytes {
            let mut byte = 0u8;
            for bit in 0..8 {
                let i = b * 16 + bit * 2;
                let pair = halves[i] + halves[i + 1];
                let threshold = (zero_avg + one_avg) / 2.0;
                let is_one = pair > threshold;
                if is_one {
                    one_avg += (pair - one_avg) / 16.0;
                } else {
                    zero_avg += (pair - zero_avg) / 16.0;
                }
                byte = byte << 1 | is_one as u8;
            }
            bytes.push(byte);
        }
        if bytes.is_empty() {
            return; // a sync-like glitch with no byte after it
        }
        let flag = bytes.remove(0);
        self.blocks.push(DecodedBlock {
            block: Block { flag, data: bytes },
            time: sync_time,
            scale,
            trailing_halves: halves.len() - whole_bytes * 16,
        });
    }

    /// Ends the stream: a block still being read is finished as if silence followed.
    pub fn finish(&mut self) {
        if let State::Data { .. } = self.state {
            self.push(f64::INFINITY);
        }
        self.state = State::SEEK;
    }

    /// Blocks completed so far, taken out of the decoder.
    pub fn take_blocks(&mut self) -> Vec<DecodedBlock> {
        std::mem::take(&mut self.blocks)
    }
}

/// Decodes a whole stream of half durations.
pub fn decode_halves(halves: impl IntoIterator<Item = f64>) -> Vec<DecodedBlock> {
    let mut decoder = Decoder::new();
    for half in halves {
        decoder.push(half);
    }
    decoder.finish();
    decoder.take_blocks()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_comes_back() {
        let blocks = vec![
            Block::new(FLAG_HEADER, vec![1, 2, 3, 0]),
            Block::new(FLAG_DATA, vec![0xFF, 0x00, 0x55, 0xAA]),
        ];
        let signal = encode_tape(&blocks);
        let decoded = decode_halves(signal.halves());
        let got: Vec<Block> = decoded.iter().map(|d| d.block.clone()).collect();
        assert_eq!(got, blocks);
        assert!(decoded.iter().all(|d| d.trailing_halves == 1));
    }

    #[test]
    fn timings_of_a_zero_byte_match_the_spec() {
        let mut s = Signal::default();
        encode_block(&mut s, &Block::new(FLAG_DATA, vec![]));
        // 1,024 pilot halves, sync, 8 bits of 0xFF flag (all ones), end mark.
        assert_eq!(s.pulses().len(), 1024 + 2 + 16 + 1);
        assert_eq!(
            s.pulses()[0],
            Pulse {
                level: true,
                len: 2011
            }
        );
        assert_eq!(s.pulses()[255].len, 2010);
        assert_eq!(
            s.pulses()[1024],
            Pulse {
                level: true,
                len: 601
            }
        );
        assert_eq!(
            s.pulses()[1025],
            Pulse {
                level: false,
                len: 791
            }
        );
        assert_eq!(
            s.pulses()[1026],
            Pulse {
                level: true,
                len: 1592
            }
        );
        assert_eq!(
            s.pulses()[1042],
            Pulse {
                level: true,
                len: 917
            }
        );
    }
}
