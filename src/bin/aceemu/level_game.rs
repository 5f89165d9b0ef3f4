//! What `aceemu mazezam` and `aceemu sokoban` share: a level file with one of its levels
//! chosen by `--level`, checked against the file, and the count line of `check`.

use anyhow::bail;
use std::path::{Path, PathBuf};

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
