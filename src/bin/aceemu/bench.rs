//! `aceemu bench`: emulation speed against real time and against the bare Z80 core, by CPU
//! time; headless idle frames per second; optionally the window's CPU use at 1x.

use crate::bench_web;
use aceemu::frontend::bench;
use aceemu::workflows::forth_speed;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// Frames of the benchmark workload to run (50 frames = 1 emulated second).
    #[arg(long, value_name = "N", default_value_t = 3000)]
    frames: u32,
    /// Frames each ROM is left running headless for the idle figure.
    #[arg(long, value_name = "N", default_value_t = 50_000)]
    idle_frames: u32,
    /// Also time this ROM left running headless (e.g. idle at its prompt); with --forth,
    /// run the Forth benchmark on it instead of the open ROM.
    #[arg(long, value_name = "FILE")]
    rom: Option<PathBuf>,
    /// Instead: the Forth speed benchmark (forth-speed.md) on the open ROM (or the --rom
    /// image), with the original ROM's measured frames and the ratio.
    #[arg(long)]
    forth: bool,
    /// Also open the window (`aceemu run`, at 1x, on the open ROM or --rom) for SECS
    /// seconds and report its CPU use; needs a display (Xvfb will do).
    #[arg(long, value_name = "SECS", num_args = 0..=1, default_missing_value = "10")]
    window: Option<f64>,
    /// Run only one part, for profilers (`perf stat`, callgrind): "machine", "bare:ROUNDS",
    /// "forth-loop:FRAMES" or "idle:FRAMES" (the open ROM busy in Forth or idle).
    #[arg(long, hide = true)]
    only: Option<String>,
    /// Instead: the native side of the web page's bench (web/tests/bench.mjs),
    /// "busy:FRAMES" or "idle:FRAMES", run as the page runs it; prints one line of figures.
    #[arg(long, hide = true, value_name = "WORKLOAD:FRAMES")]
    web_workload: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(spec) = &args.web_workload {
        let (name, frames) = spec
            .split_once(':')
            .ok_or_else(|| anyhow::anyhow!("--web-workload takes WORKLOAD:FRAMES, not {spec:?}"))?;
        let workload = bench_web::Workload::parse(name)?;
        println!("{}", bench_web::run(workload, frames.parse()?)?);
        return Ok(());
    }
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
            println!(
                "machine: {rounds} rounds in {:.3} s CPU",
                time.cpu.as_secs_f64()
            );
        } else if let Some(rounds) = only.strip_prefix("bare:") {
            let rounds = rounds.parse()?;
            let time = bench::run_bare(&rom, rounds);
            println!(
                "bare: {rounds} rounds in {:.3} s CPU",
                time.cpu.as_secs_f64()
            );
        } else if let Some(frames) = only.strip_prefix("forth-loop:") {
            let mut ace = bench::busy_forth_ace(aceemu::rom::open::open_rom())?;
            bench::measured_frames(&mut ace, frames.parse()?);
            println!("forth-loop: {frames} frames");
        } else if let Some(frames) = only.strip_prefix("idle:") {
            let mut ace = bench::idle_ace(aceemu::rom::open::open_rom())?;
            bench::measured_frames(&mut ace, frames.parse()?);
            println!("idle: {frames} frames");
        } else {
            anyhow::bail!("--only takes machine, bare:ROUNDS, forth-loop:FRAMES or idle:FRAMES");
        }
        return Ok(());
    }
    let result = bench::measure(args.frames.max(1));
    println!("{}", result.report());
    let idle_frames = args.idle_frames.max(1);
    let open = bench::measure_rom(aceemu::rom::open::open_rom(), idle_frames)?;
    println!("{}", open.report("open ROM"));
    let open_rom = aceemu::rom::open::open_rom();
    println!(
        "the machine's fast path against iz80 for every instruction (same work, by CPU time):"
    );
    let busy = bench::measure_paths(&bench::busy_forth_ace(open_rom)?, args.frames.max(1));
    println!("{}", busy.report("open ROM busy in a Forth loop"));
    let idle = bench::measure_paths(&bench::idle_ace(open_rom)?, idle_frames);
    println!("{}", idle.report("open ROM idle at its prompt"));
    if let Some(path) = &args.rom {
        let image = aceemu::rom::RomImage::load(path)?;
        let idle = bench::measure_rom(image.bytes(), idle_frames)?;
        println!(
            "{}",
            idle.report(&format!("{} ({})", path.display(), image.name()))
        );
    }
    if let Some(secs) = args.window {
        if !(secs > 0.0 && secs.is_finite()) {
            anyhow::bail!("--window takes a number of seconds above 0, not {secs}");
        }
        let (cpu, wall) = window_cpu(args.rom.as_deref(), Duration::from_secs_f64(secs))?;
        println!(
            "window at 1x: {:.2} s CPU in {:.1} s = {:.1} % of one core (goal: under 10 %)",
            cpu.as_secs_f64(),
            wall.as_secs_f64(),
            100.0 * cpu.as_secs_f64() / wall.as_secs_f64()
        );
    }
    Ok(())
}

/// Runs `aceemu run` (the window, 1x) as a child for `length`, stops it as Ctrl-C would,
/// and returns the CPU time it used and the wall time it ran.
#[cfg(unix)]
fn window_cpu(
    rom: Option<&std::path::Path>,
    length: Duration,
) -> anyhow::Result<(Duration, Duration)> {
    use anyhow::Context;
    use std::process::{Command, Stdio};
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        anyhow::bail!(
            "--window needs a display (DISPLAY is not set; `Xvfb :1 &` and DISPLAY=:1 will do)"
        );
    }
    let exe = std::env::current_exe().context("cannot find the aceemu executable")?;
    let mut command = Command::new(exe);
    command.arg("run");
    if let Some(rom) = rom {
        command.arg("--rom").arg(rom);
    }
    let start = std::time::Instant::now();
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .context("cannot start `aceemu run`")?;
    std::thread::sleep(length);
    if let Some(status) = child.try_wait()? {
        let mut message = String::new();
        if let Some(mut err) = child.stderr.take() {
            use std::io::Read;
            err.read_to_string(&mut message).ok();
        }
        anyhow::bail!(
            "the window stopped by itself ({status}): {}",
            message.trim()
        );
    }
    // SAFETY: kill sends a signal to the child we started and still own.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
    }
    child.wait()?;
    let wall = start.elapsed();
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage fills the rusage it is given.
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } != 0 {
        anyhow::bail!("cannot read the window's CPU time");
    }
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Ok((time(usage.ru_utime) + time(usage.ru_stime), wall))
}

#[cfg(not(unix))]
fn window_cpu(
    _rom: Option<&std::path::Path>,
    _length: Duration,
) -> anyhow::Result<(Duration, Duration)> {
    anyhow::bail!("--window is measured on Unix only")
}
