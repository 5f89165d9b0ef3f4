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
//! The loader and the bytes file are made as for every machine-code game
//! ([`super::mc_game_tape`]).

use super::mc_game_tape::{fill_in, loader_dictionary, PackRoom};
use crate::games::mazezam::ace_data::encode_pack;
use crate::games::mazezam::pack;
use crate::tape::pulse::Block;
use anyhow::Context;

pub use super::mc_game_tape::bytes_file;

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

/// The assembled game: its image and the room for its levels.
#[derive(Clone, Debug)]
pub struct Code(pub PackRoom);

impl std::ops::Deref for Code {
    type Target = PackRoom;
    fn deref(&self) -> &PackRoom {
        &self.0
    }
}

impl Code {
    /// The loader's source with the addresses filled in.
    pub fn loader_source(&self) -> String {
        fill_in(
            LOADER,
            &[
                ("ORIGIN", self.origin),
                ("SIZE", self.region_size()),
                ("PACK", self.pack),
                ("PACK_MAX", self.pack_max),
            ],
        )
    }
}

/// Assembles `mc/mazezam.asm` with the project's assembler.
pub fn assemble() -> anyhow::Result<Code> {
    let room = PackRoom::assemble(ASM_PATH, ASM, "the machine-code game")?;
    Ok(Code(room))
}

/// The built-in level pack: `levels/aceemu.mzm` as [`encode_pack`] bytes.
pub fn builtin_pack() -> anyhow::Result<Vec<u8>> {
    encode_pack(&pack::levels()).context(pack::PATH)
}

/// The whole tape with `pack` as the built-in levels: loader dictionary, then the game.
pub fn make_tape(pack: &[u8]) -> anyhow::Result<Vec<Block>> {
    let code = assemble()?;
    let data = code.with_pack(pack)?;
    let mut blocks = loader_dictionary(
        LOADER_PATH,
        &code.loader_source(),
        NAME,
        code.origin,
        ASM_PATH,
    )?;
    blocks.extend(bytes_file(NAME, code.origin, &data)?);
    Ok(blocks)
}

/// The tape as committed: the built-in pack.
pub fn make_builtin_tape() -> anyhow::Result<Vec<Block>> {
    make_tape(&builtin_pack()?)
}
