//! What `aceemu mazezam` and `aceemu sokoban` share: reading a level file (`load`), the
//! `check` listing, a level file with one of its levels chosen by `--level`, and where
//! `generate` writes. A game's command file gives only what differs, as a [`LevelCli`].

use aceemu::games::level_game::LevelGame;
use anyhow::bail;
use std::path::{Path, PathBuf};

/// What a level game's command line says that the others do not.
pub trait LevelCli: LevelGame {
    /// What one level is called in messages ("no NOUN in the file", "N valid NOUNs").
    const NOUN: &'static str;

    /// The message for a level file that did not parse (the default lists every error).
    fn parse_failure(_file: &Path, errors: Self::ParseErrors) -> anyhow::Error {
        anyhow::anyhow!("{errors}")
    }
    /// The warnings met while reading the file, one message each.
    fn warnings(_parsed: &Self::Parsed) -> Vec<String> {
        Vec::new()
    }
    /// The line `check` prints for level `index` (0-based) of the file.
    fn check_line(parsed: &Self::Parsed, index: usize) -> String;
}

/// Reads a level file for `G`: refused if it is another game's, errors become one
/// message, warnings go to standard error, and a file without levels is refused.
pub fn load<G: LevelCli>(file: &Path) -> anyhow::Result<G::Parsed> {
    if let Some(message) = aceemu::games::level_file::other_game(file, G::NAME) {
        bail!("{message}");
    }
    let parsed = G::parse_file(file).map_err(|errors| G::parse_failure(file, errors))?;
    for warning in G::warnings(&parsed) {
        eprintln!("{warning}");
    }
    if G::levels(&parsed).is_empty() {
        bail!("{}: no {} in the file", file.display(), G::NOUN);
    }
    Ok(parsed)
}

/// `check`: a line per level, then "FILE: N valid NOUNs".
pub fn check<G: LevelCli>(file: &Path) -> anyhow::Result<()> {
    let parsed = load::<G>(file)?;
    let count = G::levels(&parsed).len();
    for i in 0..count {
        println!("{}", G::check_line(&parsed, i));
    }
    print_valid_count(file, count, G::NOUN);
    Ok(())
}

/// A level file, and one level of it if asked for.
#[derive(clap::Args)]
pub struct LevelChoice {
    pub file: PathBuf,
    /// Only this level, or the one to start at (1 = the first in the file).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub level: Option<u32>,
}

impl LevelChoice {
    /// The 0-based index asked for with --level, checked against the file's `count`
    /// levels (called `noun`s in the message, e.g. "mazezam").
    pub fn pick(&self, count: usize, noun: &str) -> anyhow::Result<Option<usize>> {
        let Some(n) = self.level else { return Ok(None) };
        if n as usize > count {
            bail!(
                "{}: --level {n} asked for, but the file has {}",
                self.file.display(),
                aceemu::plural::count(count, noun)
            );
        }
        Ok(Some(n as usize - 1))
    }
}

/// Where `generate` puts its level: standard output, or a new file.
#[derive(clap::Args)]
pub struct GeneratedOutput {
    /// Write to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replace the output file if it exists.
    #[arg(long)]
    pub force: bool,
}

impl GeneratedOutput {
    /// Refuses an existing file (without --force) before any work is done.
    pub fn refuse_existing(&self) -> anyhow::Result<()> {
        match &self.output {
            Some(path) => aceemu::output_file::refuse_existing(path, self.force),
            None => Ok(()),
        }
    }

    /// Writes `text` where asked.
    pub fn write(&self, text: &str) -> anyhow::Result<()> {
        match &self.output {
            None => print!("{text}"),
            Some(path) => aceemu::output_file::write_new(path, text.as_bytes(), self.force)?,
        }
        Ok(())
    }
}

/// The last line of `check`: "FILE: N valid NOUNs".
pub fn print_valid_count(file: &Path, n: usize, noun: &str) {
    println!(
        "{}: {}",
        file.display(),
        aceemu::plural::count(n, &format!("valid {noun}"))
    );
}
