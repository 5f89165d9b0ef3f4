//! What the tapes of the machine-code games have in common ([`super::mazezam_mc_tape`],
//! [`super::cabbage_tape`]): a program assembled from `mc/` by the project's assembler, a
//! Forth loader typed into the open ROM and saved as a dictionary file (it reserves the
//! program's memory with ALLOT, BLOADs a bytes file there and CALLs it), and the bytes
//! files it loads.
//!
//! Building the loader boots an emulated Ace (the tape holds what the ROM itself compiled),
//! so this sits above the machine, like [`super::from_forth`] which it uses.

use crate::machine::RamSize;
use crate::rom::open::open_rom;
use crate::rom::RomImage;
use crate::tape::pulse::{Block, FLAG_DATA, FLAG_HEADER};
use crate::tape::tap::{with_checksum, Header};
use crate::workflows::from_forth::make_dictionary_tape;
use aceasm::Assembly;
use anyhow::{bail, Context};

/// First address of the dictionary (ace-forth.md 3).
const DICT_START: u16 = 0x3C51;

/// A program assembled from `mc/`, loaded and entered at its `ORIGIN`.
pub struct Program<'a> {
    pub assembly: Assembly,
    /// The source's path, for messages.
    pub path: &'a str,
    pub origin: u16,
    /// Where the image ends (exclusive): what the program loads after itself goes there.
    pub end: u16,
}

/// Assembles `source` (`path` names it in messages); its image must run from its symbol
/// `ORIGIN` up to (not including) its symbol `end`.
pub fn assemble<'a>(path: &'a str, source: &str, end: &str) -> anyhow::Result<Program<'a>> {
    let assembly = aceasm::assemble_str(path, source).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut program = Program {
        assembly,
        path,
        origin: 0,
        end: 0,
    };
    program.origin = program.address("ORIGIN")?;
    program.end = program.address(end)?;
    if program.assembly.origin != program.origin
        || program.assembly.bytes.len() != usize::from(program.end.wrapping_sub(program.origin))
    {
        bail!("{path}: the image must start at ORIGIN and end at `{end}`");
    }
    Ok(program)
}

impl Program<'_> {
    /// The address `name` stands for; an error if it is not defined or not an address.
    pub fn address(&self, name: &str) -> anyhow::Result<u16> {
        let value = self
            .assembly
            .symbol(name)
            .with_context(|| format!("{} defines no `{name}`", self.path))?;
        u16::try_from(value).with_context(|| format!("{}: `{name}` = {value}", self.path))
    }
}

/// A game image with room for a level pack right after its code (the MazezaM ports): the
/// symbols `ORIGIN`, `pack` (the code's end) and `PACK_MAX` (the room) of its source.
#[derive(Clone, Debug)]
pub struct PackRoom {
    /// The code and its data, from `origin` up to (not including) `pack`.
    pub bytes: Vec<u8>,
    /// Load address.
    pub origin: u16,
    /// Where the level pack goes, right after the code.
    pub pack: u16,
    /// Room for a level pack.
    pub pack_max: u16,
    /// The game, in messages (e.g. "the 3 KB game").
    pub game: &'static str,
}

impl PackRoom {
    /// The image of `source` (named `path` in messages), which ends at its label `pack`.
    pub fn assemble(path: &str, source: &str, game: &'static str) -> anyhow::Result<PackRoom> {
        PackRoom::of(&assemble(path, source, "pack")?, game)
    }

    /// The image of an assembled `program`, which ends at its label `pack`.
    pub fn of(program: &Program, game: &'static str) -> anyhow::Result<PackRoom> {
        Ok(PackRoom {
            pack_max: program.address("PACK_MAX")?,
            origin: program.origin,
            pack: program.end,
            bytes: program.assembly.bytes.clone(),
            game,
        })
    }

    /// Bytes PLAY reserves: the code and the pack's room.
    pub fn region_size(&self) -> u16 {
        self.pack - self.origin + self.pack_max
    }

    /// The bytes file: the code followed by `pack` (refused if it does not fit its room).
    pub fn with_pack(&self, pack: &[u8]) -> anyhow::Result<Vec<u8>> {
        if pack.len() > usize::from(self.pack_max) {
            bail!(
                "the level pack has {} bytes; {} has room for {}",
                pack.len(),
                self.game,
                self.pack_max
            );
        }
        Ok([&self.bytes[..], pack].concat())
    }
}

/// A loader's source with each `{NAME}` of `values` replaced by its number.
pub fn fill_in(template: &str, values: &[(&str, u16)]) -> String {
    values
        .iter()
        .fold(template.to_string(), |text, (name, value)| {
            text.replace(&format!("{{{name}}}"), &value.to_string())
        })
}

/// The header and data blocks of a bytes file, as BSAVE writes them.
pub fn bytes_file(name: &str, start: u16, data: &[u8]) -> anyhow::Result<Vec<Block>> {
    let length = u16::try_from(data.len()).context("a bytes file holds at most 65,535 bytes")?;
    let header = Header::bytes(name, start, length);
    Ok(vec![
        Block::new(FLAG_HEADER, with_checksum(&header.to_payload())),
        Block::new(FLAG_DATA, with_checksum(data)),
    ])
}

/// The loader's dictionary file `name`: `source` (read from `loader_path`) typed into the
/// open ROM on a 19 KB Ace and saved. Refused when the dictionary would reach `origin`,
/// where the program from `asm_path` is loaded.
pub fn loader_dictionary(
    loader_path: &str,
    source: &str,
    name: &str,
    origin: u16,
    asm_path: &str,
) -> anyhow::Result<Vec<Block>> {
    let rom = RomImage::from_bytes(open_rom().to_vec(), "open")?;
    let blocks = make_dictionary_tape(
        rom.bytes(),
        &rom.sha256_hex(),
        RamSize::K19,
        loader_path,
        source,
        name,
    )?;
    let length = Header::parse(&blocks[0].data).map_or(0, |h| h.length);
    if u32::from(DICT_START) + u32::from(length) >= u32::from(origin) {
        bail!(
            "{loader_path}: the loader takes {length} bytes from 0x{DICT_START:04X}, reaching \
             ORIGIN 0x{origin:04X} of {asm_path}: move ORIGIN up"
        );
    }
    Ok(blocks)
}
