//! `aceemu bench`: emulation speed against real time and against the bare Z80 core.

use aceemu::frontend::bench;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Frames of the benchmark workload to run (50 frames = 1 emulated second).
    #[arg(long, value_name = "N", default_value_t = 3000)]
    frames: u32,
    /// Also time this ROM left running (e.g. idle at its prompt) for the same frames.
    #[arg(long, value_name = "FILE")]
    rom: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let result = bench::measure(args.frames.max(1));
    println!("{}", result.report());
    if let Some(path) = args.rom {
        let image = aceemu::rom::RomImage::load(&path)?;
        let multiple = bench::measure_rom(image.bytes(), args.frames.max(1))?;
        println!(
            "{} ({}), left running: {multiple:.1}x real time",
            path.display(),
            image.name()
        );
    }
    Ok(())
}
