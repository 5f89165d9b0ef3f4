//! The CABBAGE engine on the Ace (`mc/cabbage.asm`) and its tapes:
//!
//! 1. a dictionary file `cabbage`: the Forth loader `mc/cabbage-loader.fth` (PLAY, GO),
//!    typed into the open ROM and saved, its `{ORIGIN}` and `{SIZE}` filled in;
//! 2. one bytes file per game: the engine followed by the game compiled for it
//!    ([`games::cabbage::ace`](crate::games::cabbage::ace)).
//!
//! On the Ace: `LOAD cabbage`, then `PLAY mazezam` (PLAY reserves the engine's region with
//! ALLOT, BLOADs the named game there and CALLs it); BREAK goes back to Forth, `GO` starts
//! the same game again from its first map, `PLAY other` loads another.
//! `tapes/cabbage.tap` holds the loader and the bundled rule files of `rules/`.
//!
//! The loader and the bytes files are made as for every machine-code game
//! ([`super::mc_game_tape`]).

use super::mc_game_tape::{self, bytes_file, fill_in, loader_dictionary};
use crate::games::cabbage::{ace, read, Description};
use crate::tape::pulse::Block;
use anyhow::{bail, Context};

pub const ASM: &str = include_str!("../../mc/cabbage.asm");
pub const ASM_PATH: &str = "mc/cabbage.asm";
pub const LOADER: &str = include_str!("../../mc/cabbage-loader.fth");
pub const LOADER_PATH: &str = "mc/cabbage-loader.fth";
pub const TAPE_PATH: &str = "tapes/cabbage.tap";
/// The loader's name on tape.
pub const NAME: &str = "cabbage";

/// The rule files on `tapes/cabbage.tap`: tape name, path, contents.
pub const BUNDLED: [(&str, &str, &[u8]); 4] = [
    (
        "mazezam",
        "rules/mazezam.rules",
        include_bytes!("../../rules/mazezam.rules"),
    ),
    (
        "sokoban",
        "rules/sokoban.rules",
        include_bytes!("../../rules/sokoban.rules"),
    ),
    (
        "boulders",
        "rules/boulders.rules",
        include_bytes!("../../rules/boulders.rules"),
    ),
    (
        "tron",
        "rules/tron.rules",
        include_bytes!("../../rules/tron.rules"),
    ),
];

/// The assembled engine.
#[derive(Clone, Debug)]
pub struct Code {
    pub bytes: Vec<u8>,
    /// Load and entry address.
    pub origin: u16,
    /// Where the game goes, right after the code.
    pub game: u16,
    /// Bytes PLAY reserves for the code and a game.
    pub region: u16,
    /// The cycle counter (a word) and the points a cycle starts and ends at.
    pub cycles: u16,
    pub cycle_run: u16,
    pub cycle_done: u16,
    /// The key of the cycle under way or last run (0: none).
    pub key: u16,
    /// The routine that waits for a cycle's key (`cabbage run --ace` skips it).
    pub wait_key: u16,
}

impl Code {
    /// The bytes file of one game: the engine, then the game compiled for it.
    pub fn game_file(&self, d: &Description) -> anyhow::Result<Vec<u8>> {
        let room = usize::from(self.region) - usize::from(self.game - self.origin);
        let game = ace::compile(d, self.game, room)?;
        Ok([&self.bytes[..], &game].concat())
    }

    pub fn loader_source(&self) -> String {
        fill_in(LOADER, &[("ORIGIN", self.origin), ("SIZE", self.region)])
    }
}

pub fn assemble() -> anyhow::Result<Code> {
    let program = mc_game_tape::assemble(ASM_PATH, ASM, "game")?;
    Ok(Code {
        region: program.address("REGION")?,
        cycles: program.address("cycles")?,
        cycle_run: program.address("cycle_run")?,
        key: program.address("key")?,
        wait_key: program.address("wait_key")?,
        cycle_done: program.address("cycle_done")?,
        origin: program.origin,
        game: program.end,
        bytes: program.assembly.bytes,
    })
}

/// Reads a rule file's bytes, refusing one with errors (named by `path`).
pub fn description(path: &str, bytes: &[u8]) -> anyhow::Result<Description> {
    let r = read(bytes);
    match r.description {
        Some(d) => Ok(d),
        None => {
            let first = r.errors().next().map(|d| d.to_string()).unwrap_or_default();
            bail!("{path}:{first}")
        }
    }
}

/// The tape name for a rule file: its stem, lower case, at most 10 characters.
pub fn tape_name(path: &std::path::Path) -> anyhow::Result<String> {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .context("the rule file needs a name")?;
    let name: String = stem.to_ascii_lowercase().chars().take(10).collect();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_graphic()) {
        bail!("{}: cannot make a tape name from {stem:?}", path.display());
    }
    Ok(name)
}

/// The whole tape: the loader, then one bytes file per game.
pub fn make_tape(games: &[(String, Description)]) -> anyhow::Result<Vec<Block>> {
    for (i, (name, _)) in games.iter().enumerate() {
        if games[..i].iter().any(|(before, _)| before == name) {
            bail!(
                "two games are called `{name}` (games {} and {}): `PLAY {name}` would only ever \
                 find the first; give one of the files another name (the tape name is the \
                 file name, in lower case, cut at 10 characters)",
                games.iter().position(|(n, _)| n == name).unwrap_or(0) + 1,
                i + 1
            );
        }
    }
    let code = assemble()?;
    let mut blocks = loader_dictionary(
        LOADER_PATH,
        &code.loader_source(),
        NAME,
        code.origin,
        ASM_PATH,
    )?;
    for (name, d) in games {
        let data = code.game_file(d).with_context(|| format!("game {name}"))?;
        blocks.extend(bytes_file(name, code.origin, &data)?);
    }
    Ok(blocks)
}

/// The games of `tapes/cabbage.tap`.
pub fn bundled_games() -> anyhow::Result<Vec<(String, Description)>> {
    BUNDLED
        .iter()
        .map(|(name, path, bytes)| Ok((name.to_string(), description(path, bytes)?)))
        .collect()
}
