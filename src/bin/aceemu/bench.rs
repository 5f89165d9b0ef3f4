//! `aceemu bench`: emulation speed against real time and against the bare Z80 core.

use aceemu::frontend::{bench, forth_speed};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Frames of the benchmark workload to run (50 frames = 1 emulated second).
    #[arg(long, value_name = "N", default_value_t = 3000)]
    frames: u32,
    /// Also time this ROM left running (e.g. idle at its prompt) for the same frames; with
    /// --forth, run the Forth benchmark on it instead of the open ROM.
    #[arg(long, value_name = "FILE")]
    rom: Option<PathBuf>,
    /// Instead: the Forth speed benchmark (forth-speed.md) on the open ROM (or the --rom
    /// image), with the original ROM's measured frames and the ratio.
    #[arg(long)]
    forth: bool,
    /// Run only one side, for profilers (`perf stat`): "machine" or "bare:ROUNDS".
    #[arg(long, hide = true)]
    only: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if args.forth {
        // the open ROM, or the ROM given with --rom (e.g. the original, to check the spec)
        let image = match &args.rom {
            Some(path) => aceemu::rom::RomImage::load(path)?.bytes().to_vec(),
            None => aceemu::rom::open::open_rom().to_vec(),
        };
        println!("{}", forth_speed::report(&image)?);
        return Ok(());
    }
    if let Some(only) = &args.only {
        let rom = bench::workload();
        if only == "machine" {
            let (rounds, time) = bench::run_machine(&rom, args.frames.max(1));
            println!("machine: {rounds} rounds in {:.3} s", time.as_secs_f64());
        } else if let Some(rounds) = only.strip_prefix("bare:") {
            let rounds = rounds.parse()?;
            let time = bench::run_bare(&rom, rounds);
            println!("bare: {rounds} rounds in {:.3} s", time.as_secs_f64());
        } else {
            anyhow::bail!("--only takes machine or bare:ROUNDS");
        }
        return Ok(());
    }
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
