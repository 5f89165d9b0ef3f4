//! The machine-code port of MazezaM (`mc/mazezam.asm`) and the tape that carries it,
//! `tapes/mazezam-mc.tap`, built from the sources:
//!
//! 1. a dictionary file `mazezam`: the two-line Forth loader `mc/mazezam-loader.fth`,
//!    typed into the open ROM and saved (its `{NAME}` placeholders replaced by the
//!    assembly's addresses and sizes);
//! 2. a bytes file `mazezam`: the assembled game followed by the built-in level pack
//!    (`levels/aceemu.mzm` in the [`ace_data`](crate::games::mazezam::ace_data) form).
//!
//! On the Ace: `LOAD mazezam`, then `PLAY mazezam` (PLAY reserves the game's memory with
//! ALLOT, BLOADs the bytes file and CALLs it). After Q on the title page, `GO` starts the
//! game again and `LEVELS name` BLOADs a level tape (one bytes file holding a pack, at
//! most `PACK_MAX` bytes) over the built-in pack and starts the game with it.
//!
//! Building the loader boots an emulated Ace (the tape holds what the ROM itself compiled),
//! so this module sits above the machine, like `tape::from_forth` which it uses.

use crate::games::mazezam::ace_data::encode_pack;
use crate::games::mazezam::pack;
use crate::machine::RamSize;
use crate::rom::open::open_rom;
use crate::rom::RomImage;
use crate::tape::from_forth::make_dictionary_tape;
use crate::tape::pulse::{Block, FLAG_DATA, FLAG_HEADER};
use crate::tape::tap::{with_checksum, Header};
use anyhow::{bail, Context};

/// The game's source, compiled into the program so the tape can be rebuilt anywhere.
pub const ASM: &str = include_str!("../../mc/mazezam.asm");
pub const ASM_PATH: &str = "mc/mazezam.asm";
/// The loader's source, with `{ORIGIN}`, `{SIZE}`, `{PACK}` and `{PACK_MAX}` to fill in.
pub const LOADER: &str = include_str!("../../mc/mazezam-loader.fth");
pub const LOADER_PATH: &str = "mc/mazezam-loader.fth";
/// Where the built tape is committed.
pub const TAPE_PATH: &str = "tapes/mazezam-mc.tap";
/// The name of both files on the tape.
pub const NAME: &str = "mazezam";
/// First address of the dictionary (ace-forth.md 3).
const DICT_START: u16 = 0x3C51;

/// The assembled game.
#[derive(Clone, Debug)]
pub struct Code {
    /// The code and its data, from `origin` up to (not including) `pack`.
    pub bytes: Vec<u8>,
    /// Load and entry address (CALL jumps here).
    pub origin: u16,
    /// Where the level pack goes, right after the code.
    pub pack: u16,
    /// Room for a level pack.
    pub pack_max: u16,
}

impl Code {
    /// Bytes PLAY reserves: the code and the pack's room.
    pub fn region_size(&self) -> u16 {
        self.pack - self.origin + self.pack_max
    }

    /// The bytes file: the code followed by `pack` (refused if it does not fit its room).
    pub fn with_pack(&self, pack: &[u8]) -> anyhow::Result<Vec<u8>> {
        if pack.len() > usize::from(self.pack_max) {
            bail!(
                "the level pack has {} bytes; the machine-code game has room for {}",
                pack.len(),
                self.pack_max
            );
        }
        Ok([&self.bytes[..], pack].concat())
    }

    /// The loader's source with the addresses filled in.
    pub fn loader_source(&self) -> String {
        LOADER
            .replace("{ORIGIN}", &self.origin.to_string())
            .replace("{SIZE}", &self.region_size().to_string())
            .replace("{PACK}", &self.pack.to_string())
            .replace("{PACK_MAX}", &self.pack_max.to_string())
    }
}

/// Assembles `mc/mazezam.asm` with the project's assembler.
pub fn assemble() -> anyhow::Result<Code> {
    let assembly = aceasm::assemble_str(ASM_PATH, ASM).map_err(|e| anyhow::anyhow!("{e}"))?;
    let symbol = |name: &str| -> anyhow::Result<u16> {
        let value = assembly
            .symbol(name)
            .with_context(|| format!("{ASM_PATH} defines no `{name}`"))?;
        u16::try_from(value).with_context(|| format!("{ASM_PATH}: `{name}` = {value}"))
    };
    let code = Code {
        bytes: assembly.bytes.clone(),
        origin: symbol("ORIGIN")?,
        pack: symbol("pack")?,
        pack_max: symbol("PACK_MAX")?,
    };
    if u32::from(assembly.origin) != u32::from(code.origin)
        || code.bytes.len() != usize::from(code.pack - code.origin)
    {
        bail!("{ASM_PATH}: the image must start at ORIGIN and end at `pack`");
    }
    Ok(code)
}

/// The built-in level pack: `levels/aceemu.mzm` as [`encode_pack`] bytes.
pub fn builtin_pack() -> anyhow::Result<Vec<u8>> {
    encode_pack(&pack::levels()).context(pack::PATH)
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

/// The whole tape with `pack` as the built-in levels: loader dictionary, then the game.
pub fn make_tape(pack: &[u8]) -> anyhow::Result<Vec<Block>> {
    let code = assemble()?;
    let data = code.with_pack(pack)?;
    let rom = RomImage::from_bytes(open_rom().to_vec(), "open")?;
    let mut blocks = make_dictionary_tape(
        rom.bytes(),
        &rom.sha256_hex(),
        RamSize::K19,
        LOADER_PATH,
        &code.loader_source(),
        NAME,
    )?;
    let length = Header::parse(&blocks[0].data).map_or(0, |h| h.length);
    if u32::from(DICT_START) + u32::from(length) >= u32::from(code.origin) {
        bail!(
            "{LOADER_PATH}: the loader takes {length} bytes from 0x{DICT_START:04X}, reaching \
             ORIGIN 0x{:04X} of {ASM_PATH}: move ORIGIN up",
            code.origin
        );
    }
    blocks.extend(bytes_file(NAME, code.origin, &data)?);
    Ok(blocks)
}

/// The tape as committed: the built-in pack.
pub fn make_builtin_tape() -> anyhow::Result<Vec<Block>> {
    make_tape(&builtin_pack()?)
}
