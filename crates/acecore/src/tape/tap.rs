//! The Ace `.tap` file: blocks of `length (2 bytes, little-endian)` + `payload + checksum`,
//! with no flag byte stored (ace-hardware.md 7.1). Headers and their data blocks come in
//! pairs; the 26-byte header block is the ROM's form, the 27-byte form (flag byte 0x00 kept in
//! front, and then usually the data block's 0xFF flag too) is what some SD-card loaders
//! write. Both are read; only the ROM's form is written.

use super::pulse::{Block, FLAG_DATA, FLAG_HEADER};
use std::fmt;

/// Header payload length (without checksum).
pub const HEADER_LEN: usize = 25;
/// A header block in a TAP file: payload + checksum.
pub const HEADER_BLOCK_LEN: usize = 26;
/// The same with the flag byte in front (SD-card loaders).
pub const FLAGGED_HEADER_BLOCK_LEN: usize = 27;
/// Where SAVE's dictionary images start.
pub const DICT_START: u16 = 0x3C51;

/// What kind of file a header announces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// Type 0: a dictionary saved with SAVE.
    Dictionary,
    /// Any other type: bytes saved with BSAVE (which writes 0x20; BLOAD only matches 0x20).
    Bytes(u8),
}

/// The 25-byte header payload, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub kind: FileKind,
    pub name: [u8; 10],
    /// Length of the data that follows (without checksum).
    pub length: u16,
    /// Load address (0x3C51 for dictionaries).
    pub start: u16,
    /// Dictionary: address of the newest word's name-length field. Bytes: 0x2020.
    pub newest: u16,
    pub current: u16,
    pub context: u16,
    pub voclnk: u16,
    pub stkbot: u16,
}

fn word(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

impl Header {
    /// Decodes a header payload (at least 25 bytes; a checksum after them is ignored).
    pub fn parse(payload: &[u8]) -> Option<Header> {
        if payload.len() < HEADER_LEN {
            return None;
        }
        let mut name = [0u8; 10];
        name.copy_from_slice(&payload[1..11]);
        Some(Header {
            kind: match payload[0] {
                0 => FileKind::Dictionary,
                t => FileKind::Bytes(t),
            },
            name,
            length: word(payload, 11),
            start: word(payload, 13),
            newest: word(payload, 15),
            current: word(payload, 17),
            context: word(payload, 19),
            voclnk: word(payload, 21),
            stkbot: word(payload, 23),
        })
    }

    /// The 25-byte payload.
    pub fn to_payload(&self) -> [u8; HEADER_LEN] {
        let mut p = [0u8; HEADER_LEN];
        p[0] = match self.kind {
            FileKind::Dictionary => 0,
            FileKind::Bytes(t) => t,
        };
        p[1..11].copy_from_slice(&self.name);
        for (i, w) in [
            self.length,
            self.start,
            self.newest,
            self.current,
            self.context,
            self.voclnk,
            self.stkbot,
        ]
        .into_iter()
        .enumerate()
        {
            p[11 + 2 * i..13 + 2 * i].copy_from_slice(&w.to_le_bytes());
        }
        p
    }

    /// The name as text, trailing spaces kept (names are exactly 10 characters on tape),
    /// other bytes escaped as by [`escape_name`].
    pub fn name_text(&self) -> String {
        escape_name(&self.name)
    }

    /// `Dict:` or `Bytes:` as the ROM announces it.
    pub fn kind_text(&self) -> &'static str {
        match self.kind {
            FileKind::Dictionary => "Dict",
            FileKind::Bytes(_) => "Bytes",
        }
    }

    /// A header for a bytes file as BSAVE writes it.
    pub fn bytes(name: &str, start: u16, length: u16) -> Header {
        Header {
            kind: FileKind::Bytes(0x20),
            name: pad_name(name),
            length,
            start,
            newest: 0x2020,
            current: 0x2020,
            context: 0x2020,
            voclnk: 0x2020,
            stkbot: 0x2020,
        }
    }
}

/// A name as it goes into a header: ASCII, space-padded, truncated to 10.
pub fn pad_name(name: &str) -> [u8; 10] {
    let mut out = [b' '; 10];
    for (o, b) in out.iter_mut().zip(name.bytes()) {
        *o = b;
    }
    out
}

/// XOR of the bytes: the Ace tape checksum.
pub fn xor(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0, |a, b| a ^ b)
}

/// Payload + checksum, as a TAP block stores it.
pub fn with_checksum(payload: &[u8]) -> Vec<u8> {
    let mut v = payload.to_vec();
    v.push(xor(payload));
    v
}

/// What went wrong in a TAP file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TapProblem {
    /// One byte left where a 2-byte length should be.
    TruncatedLength,
    /// The file ends inside a block: its length says more bytes than are left.
    TruncatedBlock { length: usize, available: usize },
    /// A block of length 0 (it cannot even hold a checksum).
    ZeroLength,
    /// XOR of payload and checksum is not zero.
    BadChecksum { computed: u8, stored: u8 },
    /// A header that is not followed by its data block.
    HeaderWithoutData,
    /// A data block whose length differs from what its header announced.
    LengthMismatch {
        header_says: usize,
        block_has: usize,
    },
}

impl fmt::Display for TapProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TapProblem::TruncatedLength => write!(f, "truncated: file ends inside a length field"),
            TapProblem::TruncatedBlock { length, available } => write!(
                f,
                "truncated block: length {length} goes past the end of the file ({available} bytes left)"
            ),
            TapProblem::ZeroLength => write!(f, "zero-length block"),
            TapProblem::BadChecksum { computed, stored } => write!(
                f,
                "bad checksum: stored {stored:02X}, XOR of the payload is {computed:02X}"
            ),
            TapProblem::HeaderWithoutData => write!(f, "header without its data block"),
            TapProblem::LengthMismatch {
                header_says,
                block_has,
            } => write!(
                f,
                "data block has {block_has} bytes, its header announced {header_says}"
            ),
        }
    }
}

/// A problem with its place: file, block number (1-based) and byte offset of the block's
/// length field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapError {
    pub file: String,
    pub block: usize,
    pub offset: usize,
    pub problem: TapProblem,
}

impl fmt::Display for TapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: block {} at byte offset {}: {}",
            self.file, self.block, self.offset, self.problem
        )
    }
}

impl std::error::Error for TapError {}

/// Whether a block was stored as the ROM writes it or with its flag byte in front.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockForm {
    Plain,
    Flagged,
}

/// One block read from a TAP file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapBlock {
    /// Byte offset of the block's length field in the file.
    pub offset: usize,
    pub block: Block,
    pub form: BlockForm,
}

impl TapBlock {
    pub fn header(&self) -> Option<Header> {
        if self.block.is_header() {
            Header::parse(&self.block.data)
        } else {
            None
        }
    }
}

/// Everything that could be read, and every problem met on the way.
#[derive(Clone, Debug, Default)]
pub struct Listing {
    pub blocks: Vec<TapBlock>,
    /// The first [`MAX_PROBLEMS_KEPT`] problems found.
    pub problems: Vec<TapError>,
    /// How many more were found and not kept (a 4 MB file of zeros is two million
    /// zero-length blocks: each a problem).
    pub problems_not_kept: usize,
}

/// Problems a listing keeps; the rest are only counted.
pub const MAX_PROBLEMS_KEPT: usize = 100;

impl Listing {
    fn note(&mut self, problem: TapError) {
        if self.problems.len() < MAX_PROBLEMS_KEPT {
            self.problems.push(problem);
        } else {
            self.problems_not_kept += 1;
        }
    }

    /// Every problem found, kept or not.
    pub fn problem_count(&self) -> usize {
        self.problems.len() + self.problems_not_kept
    }
}

/// Reads as much as possible: blocks with bad checksums are kept, a damaged tail is
/// reported and skipped.
pub fn read_lenient(bytes: &[u8], file: &str) -> Listing {
    let mut listing = Listing::default();
    let err = |block: usize, offset: usize, problem| TapError {
        file: file.to_string(),
        block,
        offset,
        problem,
    };
    let mut pos = 0;
    let mut number = 0;
    // The header waiting for its data block: (block number, offset, announced length, form).
    let mut pending: Option<(usize, usize, usize, BlockForm)> = None;
    while pos < bytes.len() {
        number += 1;
        if bytes.len() - pos < 2 {
            listing.note(err(number, pos, TapProblem::TruncatedLength));
            break;
        }
        let length = u16::from_le_bytes([bytes[pos], bytes[pos + 1]]) as usize;
        let available = bytes.len() - pos - 2;
        if length > available {
            listing.note(err(
                number,
                pos,
                TapProblem::TruncatedBlock { length, available },
            ));
            // A header before it did have its data block, only cut short: one problem.
            pending = None;
            break;
        }
        let raw = &bytes[pos + 2..pos + 2 + length];
        let offset = pos;
        pos += 2 + length;
        if length == 0 {
            listing.note(err(number, offset, TapProblem::ZeroLength));
            continue;
        }
        // A 26-byte block after a header whose data should not be 26 bytes long is a new
        // header: the previous one lost its data.
        if let Some((hn, ho, announced, _)) = pending {
            let looks_like_header = length == HEADER_BLOCK_LEN && announced + 1 != length;
            if looks_like_header {
                listing.note(err(hn, ho, TapProblem::HeaderWithoutData));
                pending = None;
            }
        }
        let (block, form) = match pending.take() {
            None if length == HEADER_BLOCK_LEN => {
                (Block::new(FLAG_HEADER, raw.to_vec()), BlockForm::Plain)
            }
            None if length == FLAGGED_HEADER_BLOCK_LEN && raw[0] == FLAG_HEADER => (
                Block::new(FLAG_HEADER, raw[1..].to_vec()),
                BlockForm::Flagged,
            ),
            None => (Block::new(FLAG_DATA, raw.to_vec()), BlockForm::Plain),
            Some((_, _, announced, header_form)) => {
                let flagged = header_form == BlockForm::Flagged
                    && raw[0] == FLAG_DATA
                    && length == announced + 2;
                let (block, form) = if flagged {
                    (Block::new(FLAG_DATA, raw[1..].to_vec()), BlockForm::Flagged)
                } else {
                    (Block::new(FLAG_DATA, raw.to_vec()), BlockForm::Plain)
                };
                if block.data.len() != announced + 1 {
                    listing.note(err(
                        number,
                        offset,
                        TapProblem::LengthMismatch {
                            header_says: announced,
                            block_has: block.data.len().saturating_sub(1),
                        },
                    ));
                }
                (block, form)
            }
        };
        if !block.checksum_ok() {
            let (payload, stored) = block.data.split_at(block.data.len() - 1);
            listing.note(err(
                number,
                offset,
                TapProblem::BadChecksum {
                    computed: xor(payload),
                    stored: stored[0],
                },
            ));
        }
        if block.is_header() {
            let announced = Header::parse(&block.data).map_or(0, |h| h.length as usize);
            pending = Some((number, offset, announced, form));
        }
        listing.blocks.push(TapBlock {
            offset,
            block,
            form,
        });
    }
    if let Some((hn, ho, _, _)) = pending {
        listing.note(err(hn, ho, TapProblem::HeaderWithoutData));
    }
    listing.problems.sort_by_key(|p| (p.offset, p.block));
    listing
}

/// Reads a TAP file and refuses it at its first problem.
pub fn parse(bytes: &[u8], file: &str) -> Result<Vec<TapBlock>, TapError> {
    let listing = read_lenient(bytes, file);
    match listing.problems.into_iter().next() {
        Some(problem) => Err(problem),
        None => Ok(listing.blocks),
    }
}

/// Writes blocks in the ROM's form (no flag byte stored).
pub fn write(blocks: &[Block]) -> Vec<u8> {
    let mut out = Vec::new();
    for block in blocks {
        out.extend_from_slice(&tap_block_bytes(block));
    }
    out
}

/// One block with its length field, as appended to a TAP file. Blocks longer than 65,535
/// bytes cannot be stored and are cut (the ROM cannot save them anyway).
pub fn tap_block_bytes(block: &Block) -> Vec<u8> {
    let data = &block.data[..block.data.len().min(u16::MAX as usize)];
    let mut out = Vec::with_capacity(data.len() + 2);
    out.extend_from_slice(&(data.len() as u16).to_le_bytes());
    out.extend_from_slice(data);
    out
}

/// A name from a tape as printable text: ASCII from space to `~` as itself, a backslash
/// doubled, every other byte (a real tape has a word whose name holds CR and form feed)
/// as `\xNN`, so a listing never sends control bytes to the terminal.
pub fn escape_name(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7E => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_escape_control_bytes_and_backslashes() {
        assert_eq!(escape_name(b"AB c~"), "AB c~");
        assert_eq!(
            escape_name(b"X\r\x0C\x7F\x80\\"),
            "X\\x0D\\x0C\\x7F\\x80\\\\"
        );
    }

    #[test]
    fn header_fields_round_trip() {
        let h = Header::bytes("SCREEN", 0x2400, 768);
        let p = h.to_payload();
        assert_eq!(p[0], 0x20);
        assert_eq!(&p[1..11], b"SCREEN    ");
        assert_eq!(Header::parse(&p), Some(h));
    }

    #[test]
    fn flagged_pair_is_read_without_flags() {
        let header = Header::bytes("B", 0x4000, 2);
        let mut hb = vec![0u8];
        hb.extend(with_checksum(&header.to_payload()));
        let mut db = vec![0xFFu8];
        db.extend(with_checksum(&[1, 2]));
        let mut file = Vec::new();
        for b in [&hb, &db] {
            file.extend((b.len() as u16).to_le_bytes());
            file.extend(b.iter());
        }
        let blocks = parse(&file, "t.tap").unwrap();
        assert_eq!(blocks[0].form, BlockForm::Flagged);
        assert_eq!(blocks[1].block.data, vec![1, 2, 3]);
        assert_eq!(blocks[1].form, BlockForm::Flagged);
    }
}
