//! `aceemu rom`: identify a ROM image.

use aceemu::rom::{self, RomKind, ROM_SIZE};
use std::path::PathBuf;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Size, SHA-256 and identity of a ROM image (default: the embedded open ROM),
    /// e.g. `aceemu rom info --rom ace.rom`.
    Info {
        /// 8 KB ROM image to identify.
        #[arg(long, value_name = "FILE")]
        rom: Option<PathBuf>,
    },
}

pub fn run(cmd: Command) -> anyhow::Result<()> {
    match cmd {
        Command::Info { rom } => info(rom),
    }
}

fn info(path: Option<PathBuf>) -> anyhow::Result<()> {
    let image = rom::load_or_default(path.as_deref())?;
    println!("source:  {}", image.source);
    println!("size:    {ROM_SIZE} bytes");
    println!("sha256:  {}", image.sha256_hex());
    println!("ROM:     {}", image.name());
    if image.kind() == RomKind::Original {
        println!("         (the ROM the spec's measurements were made with)");
    }
    Ok(())
}
