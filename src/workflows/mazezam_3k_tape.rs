//! MazezaM for the unexpanded (3 KB) Ace (`mc/mazezam3k.asm`) and the tape that carries
//! it, `tapes/mazezam-3k.tap`, built from the sources like the 19 KB machine-code port
//! ([`super::mazezam_mc_tape`]):
//!
//! 1. a dictionary file `mz3k`: the one-line Forth loader `mc/mazezam3k-loader.fth`
//!    (the word PLAY), typed into the open ROM on a 3 KB Ace and saved (its `{NAME}`
//!    placeholders filled in);
//! 2. a bytes file `mz3k`: the assembled game followed by the built-in level pack: as
//!    many levels of `levels/aceemu.mzm`, from the first, as fit the room left in the
//!    machine's own 1 KB of RAM, in the 3 KB game's own pack form ([`encode_pack`]).
//!
//! On the Ace: `LOAD mz3k`, then `PLAY mz3k`. The game never goes back to Forth (its
//! stack and variables take the PAD, and Forth's data stack would run over its code).
//!
//! The pack: one byte with the number of levels, then per level its length in bytes, W,
//! H, the entrance row, the exit row (0-based), and the W x H cells row by row, one bit
//! each (1 = block), first cell in bit 7, unused low bits of the last byte 0. No title:
//! there is no room to show one.

use super::mc_game_tape::{self, fill_in, PackRoom};
use crate::games::mazezam::{pack, Level};
use crate::machine::RamSize;
use crate::rom::open::open_rom;
use crate::rom::RomImage;
use crate::tape::pulse::Block;
use crate::tape::tap::Header;
use crate::workflows::from_forth::make_dictionary_tape;
use anyhow::{bail, Context};

pub use super::mc_game_tape::bytes_file;

/// The game's source, compiled into the program so the tape can be rebuilt anywhere.
pub const ASM: &str = include_str!("../../mc/mazezam3k.asm");
pub const ASM_PATH: &str = "mc/mazezam3k.asm";
/// The loader's source, with `{ORIGIN}`, `{SIZE}` and `{START}` to fill in.
pub const LOADER: &str = include_str!("../../mc/mazezam3k-loader.fth");
pub const LOADER_PATH: &str = "mc/mazezam3k-loader.fth";
/// Where the built tape is committed.
pub const TAPE_PATH: &str = "tapes/mazezam-3k.tap";
/// The name of both files on the tape.
pub const NAME: &str = "mz3k";

/// One level in the pack's form, or why it cannot be one (larger than the screen).
pub fn encode_level(level: &Level) -> anyhow::Result<Vec<u8>> {
    if !level.fits_ace_screen() {
        bail!(
            "{}x{} does not fit the Ace's screen",
            level.width(),
            level.height()
        );
    }
    let (w, h) = (level.width(), level.height());
    let mut out = vec![0, w as u8, h as u8];
    out.push(level.entrance_row() as u8);
    out.push(level.exit_row() as u8);
    let mut bits = vec![0u8; (w * h).div_ceil(8)];
    for (i, _) in level.cells().iter().enumerate().filter(|(_, &b)| b) {
        bits[i / 8] |= 0x80 >> (i % 8);
    }
    out.extend(bits);
    out[0] = out.len() as u8;
    Ok(out)
}

/// The pack of `levels` (at most 255).
pub fn encode_pack(levels: &[Level]) -> anyhow::Result<Vec<u8>> {
    let count = u8::try_from(levels.len()).context("more than 255 levels")?;
    let mut out = vec![count];
    for (i, level) in levels.iter().enumerate() {
        out.extend(encode_level(level).with_context(|| format!("level {}", i + 1))?);
    }
    Ok(out)
}

/// `level` as the 3 KB game shows it: without its title.
pub fn as_shown(level: &Level) -> Level {
    let mut level = level.clone();
    level.meta.title = None;
    level
}

/// The assembled game: its image (loaded at the loader's own first byte, 0x3C51) and
/// the room for its levels, up to the game's top (`TOP`).
#[derive(Clone, Debug)]
pub struct Code {
    pub image: PackRoom,
    /// Entry address (CALL jumps here): where the loader ends.
    pub start: u16,
    /// Eight bytes that must repeat the end of the loader's thread.
    pub thread_tail: u16,
}

impl std::ops::Deref for Code {
    type Target = PackRoom;
    fn deref(&self) -> &PackRoom {
        &self.image
    }
}

impl Code {
    /// How many of `levels`, from the first, fit the pack's room (0 if not even one).
    pub fn levels_that_fit(&self, levels: &[Level]) -> usize {
        let mut bytes = 1; // the count
        for (i, level) in levels.iter().enumerate().take(255) {
            match encode_level(level) {
                Ok(one) => bytes += one.len(),
                Err(_) => return i,
            }
            if bytes > usize::from(self.pack_max) {
                return i;
            }
        }
        levels.len().min(255)
    }

    /// The loader's source with the addresses filled in.
    pub fn loader_source(&self) -> String {
        fill_in(
            LOADER,
            &[
                ("ORIGIN", self.origin),
                ("SIZE", self.region_size()),
                ("START", self.start),
            ],
        )
    }
}

/// Assembles `mc/mazezam3k.asm` with the project's assembler.
pub fn assemble() -> anyhow::Result<Code> {
    let program = mc_game_tape::assemble(ASM_PATH, ASM, "pack")?;
    Ok(Code {
        image: PackRoom::of(&program, "the 3 KB game")?,
        start: program.address("start")?,
        thread_tail: program.address("thread_tail")?,
    })
}

/// The built-in levels: the first levels of `levels/aceemu.mzm`, as many as fit, as shown
/// (without titles).
pub fn builtin_levels() -> anyhow::Result<Vec<Level>> {
    let code = assemble()?;
    let mut levels: Vec<Level> = pack::levels().iter().map(as_shown).collect();
    levels.truncate(code.levels_that_fit(&levels));
    Ok(levels)
}

/// The built-in level pack: [`builtin_levels`] as [`encode_pack`] bytes.
pub fn builtin_pack() -> anyhow::Result<Vec<u8>> {
    encode_pack(&builtin_levels()?).context(pack::PATH)
}

/// The loader's dictionary file: typed into the open ROM on a 3 KB Ace and saved. It must
/// end exactly at the game's `start` (where STKBOT then points).
fn loader(code: &Code, name: &str) -> anyhow::Result<Vec<Block>> {
    let rom = RomImage::from_bytes(open_rom().to_vec(), "open")?;
    let blocks = make_dictionary_tape(
        rom.bytes(),
        &rom.sha256_hex(),
        RamSize::K3,
        LOADER_PATH,
        &code.loader_source(),
        name,
    )?;
    let length = Header::parse(&blocks[0].data).map_or(0, |h| h.length);
    if u32::from(code.origin) + u32::from(length) != u32::from(code.start) {
        bail!(
            "{LOADER_PATH}: the loader takes {length} bytes from 0x{:04X}; {ASM_PATH} needs \
             it to end at its start, 0x{:04X}: move LOADER_END",
            code.origin,
            code.start
        );
    }
    Ok(blocks)
}

/// The whole tape with `pack` as the built-in levels: loader dictionary, then the game,
/// whose `thread_tail` repeats the loader's last eight bytes.
pub fn make_tape(pack: &[u8]) -> anyhow::Result<Vec<Block>> {
    make_tape_named(pack, NAME)
}

/// The same with both files named `name`.
pub fn make_tape_named(pack: &[u8], name: &str) -> anyhow::Result<Vec<Block>> {
    let code = assemble()?;
    let mut data = code.with_pack(pack)?;
    let mut blocks = loader(&code, name)?;
    let at = usize::from(code.thread_tail - code.origin);
    let dictionary = &blocks[1].data;
    data[at..at + 8].copy_from_slice(&dictionary[at..at + 8]);
    blocks.extend(bytes_file(name, code.origin, &data)?);
    Ok(blocks)
}

/// A level tape for the 3 KB game: the whole game again (loader and image, both named
/// `name`) with `levels` as its pack, since an unexpanded Ace has no room for a word that
/// loads levels on their own: `LOAD name` then `PLAY name` (or `PLAY name` after
/// `LOAD mz3k`). `first` is the 1-based number of `levels[0]` in its file, for messages.
/// Refused, naming the largest range from `first` that fits, when they do not fit.
pub fn level_tape(levels: &[Level], first: usize, name: &str) -> anyhow::Result<Vec<Block>> {
    let code = assemble()?;
    let fit = code.levels_that_fit(levels);
    if levels.is_empty() || fit < levels.len() {
        let last = first + levels.len().max(1) - 1;
        let size = match encode_pack(levels) {
            Ok(pack) => format!("take {} bytes", pack.len()),
            Err(e) => format!("cannot be packed ({e:#})"),
        };
        let fits = match fit {
            0 => format!("not even level {first} fits"),
            1 => format!("only level {first} fits"),
            n => format!("levels {first}-{} fit", first + n - 1),
        };
        bail!(
            "levels {first}-{last} {size}; the 3 KB game has room for {} bytes of levels: \
             {fits}",
            code.pack_max
        );
    }
    make_tape_named(&encode_pack(levels)?, name)
}

/// The tape as committed: the built-in pack.
pub fn make_builtin_tape() -> anyhow::Result<Vec<Block>> {
    make_tape(&builtin_pack()?)
}
