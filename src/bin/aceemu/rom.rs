//! `aceemu rom`: identify, compare, save a ROM image; the open ROM's compatibility report.

use aceemu::rom::{self, RomKind, ROM_SIZE};
use std::path::PathBuf;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Size, SHA-256 and identity of a ROM image (default: the embedded open ROM),
    /// e.g. `aceemu rom info ace.rom`.
    Info {
        /// 8 KB ROM image to identify.
        #[arg(value_name = "FILE")]
        file: Option<PathBuf>,
        /// The same as FILE (the older spelling, kept for scripts).
        #[arg(long, value_name = "FILE", conflicts_with = "file", hide = true)]
        rom: Option<PathBuf>,
    },
    /// The clean-room check: the longest run of identical bytes the embedded open ROM
    /// shares with another image (e.g. your dump of the original), with both offsets,
    /// e.g. `aceemu rom compare ace.rom`.
    Compare {
        /// 8 KB ROM image to compare the open ROM with.
        other: PathBuf,
    },
    /// Binary compatibility of the embedded open ROM with the original's addresses: which
    /// dictionary words, runtime words, code routines and ROM subroutines sit at the
    /// original's address (rom-words.tsv), which moved and which are missing,
    /// e.g. `aceemu rom compat`.
    Compat {
        /// List only the rows that moved or are missing.
        #[arg(long)]
        changed: bool,
        /// Instead, plan the re-layout: the fixed blocks, the gaps between them and a trial
        /// packing of the open ROM's current code into them.
        #[arg(long, conflicts_with = "changed")]
        plan: bool,
        /// Instead, print roms/openace/pins.asm: the original's addresses keyed by the open
        /// ROM's labels, generated from rom-words.tsv (the header macros pin to them).
        #[arg(long, conflicts_with_all = ["changed", "plan"])]
        pins: bool,
    },
    /// Write the embedded open ROM image (8 KB) to FILE, e.g. `aceemu rom save openace.rom`.
    Save {
        /// Where to write the image.
        file: PathBuf,
        /// Overwrite FILE if it exists.
        #[arg(long)]
        force: bool,
    },
}

pub fn run(cmd: Command) -> anyhow::Result<()> {
    match cmd {
        Command::Info { file, rom } => info(file.or(rom)),
        Command::Compare { other } => compare(&other),
        Command::Save { file, force } => save(&file, force),
        Command::Compat { pins: true, .. } => {
            print!("{}", rom::pins::pins_asm());
            Ok(())
        }
        Command::Compat { plan: true, .. } => {
            print!("{}", rom::relayout::plan_text());
            Ok(())
        }
        Command::Compat { changed, .. } => compat(changed),
    }
}

fn compat(changed: bool) -> anyhow::Result<()> {
    let report = rom::compat::open_rom_report();
    print!("{}", report.summary());
    println!();
    if changed {
        let rows = report.not_kept();
        let only = rom::compat::Report {
            rows: rows.into_iter().cloned().collect(),
            internal_rows: report.internal_rows,
        };
        print!("{}", only.table());
    } else {
        print!("{}", report.table());
    }
    Ok(())
}

fn compare(other: &std::path::Path) -> anyhow::Result<()> {
    let other = rom::RomImage::load(other)?;
    let open = rom::open::open_rom();
    let run = rom::compare::longest_common_run(open, other.bytes());
    println!("open ROM vs {} ({})", other.source, other.name());
    println!(
        "longest identical run: {} bytes (open ROM 0x{:04X}, other 0x{:04X})",
        run.len, run.at_a, run.at_b
    );
    if run.len > 0 {
        let bytes: Vec<String> = open[run.at_a..run.at_a + run.len.min(32)]
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        println!(
            "bytes: {}{}",
            bytes.join(" "),
            if run.len > 32 { " ..." } else { "" }
        );
    }
    Ok(())
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

fn save(file: &std::path::Path, force: bool) -> anyhow::Result<()> {
    aceemu::output_file::write_new(file, rom::open::open_rom(), force)?;
    println!("wrote the open ROM (8192 bytes) to {}", file.display());
    Ok(())
}
