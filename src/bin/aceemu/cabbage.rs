//! `aceemu cabbage`: check, run, play CABBAGE rule games (spec rule-engine.md) and put
//! them on tape for the engine on the Ace.

use aceemu::games::cabbage::{keys::parse_keys, read, Description, Engine, Severity};
use aceemu::plural::count;
use anyhow::{bail, Context};
use std::io::Write;
use std::path::{Path, PathBuf};

mod play;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Read a game description and report every problem with its line and column.
    Check { file: PathBuf },
    /// Play a game in the terminal: a cycle every ~0.13 s, or at once when a key comes
    /// (Esc or Ctrl-C quits).
    Play {
        file: PathBuf,
        /// Extension: milliseconds a cycle waits for a key (the original: 131).
        #[arg(long, default_value_t = play::ORIGINAL_CYCLE_MS)]
        cycle_ms: u64,
        /// Extension: stop when this tile appears on the map (an end-of-game marker)
        /// [default: the file's `end C` line, if it has one].
        #[arg(long)]
        end_tile: Option<char>,
    },
    /// Run cycles with scripted keys and print the map after every cycle, each followed
    /// by `--- cycle N`.
    Run {
        file: PathBuf,
        /// One character a cycle: `.` a cycle without a key, `\.` the `.` key, `\\` `\`.
        #[arg(long, default_value = "")]
        keys: String,
        /// Cycles to run; after the script's keys come cycles without a key [default:
        /// as many as the script has keys].
        #[arg(long)]
        cycles: Option<u64>,
        /// Also print the starting map, as cycle 0.
        #[arg(long)]
        initial: bool,
        /// Run the cycles on the engine on the emulated Ace (mc/cabbage.asm) instead of
        /// the Rust engine: the same output, to cross-check the two.
        #[arg(long)]
        ace: bool,
    },
    /// Write a tape for the CABBAGE engine on the Ace: the loader `cabbage`, then the game
    /// (engine and rules) named after FILE; on the Ace `LOAD cabbage`, `PLAY name`.
    Tape {
        file: PathBuf,
        output: PathBuf,
        /// More games on the same tape.
        #[arg(long = "also", value_name = "FILE")]
        also: Vec<PathBuf>,
        /// Replace OUTPUT if it exists.
        #[arg(long)]
        force: bool,
    },
}

pub fn run(cmd: Command) -> anyhow::Result<()> {
    match cmd {
        Command::Check { file } => check(&file),
        Command::Play {
            file,
            cycle_ms,
            end_tile,
        } => {
            let end = match end_tile {
                Some(c) if !c.is_ascii() => bail!("--end-tile must be a character below 0x80"),
                other => other.map(|c| c as u8),
            };
            let d = load(&file)?;
            let end = end.or(d.end_tile);
            play::run(&file, &d, cycle_ms, end)
        }
        Command::Run {
            file,
            keys,
            cycles,
            initial,
            ace,
        } => run_script(&file, &keys, cycles, initial, ace),
        Command::Tape {
            file,
            output,
            also,
            force,
        } => tape(&file, &also, &output, force),
    }
}

/// Reads and checks a description; warnings go to standard error, errors stop.
pub fn load(file: &Path) -> anyhow::Result<Description> {
    let bytes = aceemu::input_file::read(file, aceemu::input_file::MAX_TEXT_BYTES)?;
    let r = read(&bytes);
    for d in &r.diagnostics {
        eprintln!("{}:{d}", file.display());
    }
    match r.description {
        Some(d) => Ok(d),
        None => {
            let n = r.error_count;
            bail!(
                "{}: {n} error{} (see above)",
                file.display(),
                if n == 1 { "" } else { "s" }
            )
        }
    }
}

fn check(file: &Path) -> anyhow::Result<()> {
    let d = load(file)?;
    let warnings = read(&aceemu::input_file::read(
        file,
        aceemu::input_file::MAX_TEXT_BYTES,
    )?)
    .diagnostics
    .iter()
    .filter(|d| d.severity == Severity::Warning)
    .count();
    let end = match d.end_tile {
        Some(t) => format!("; end tile `{}`", char::from(t)),
        None => String::new(),
    };
    println!(
        "{}: {} in list A, {} in list B; map {}x{} (X = {}, Y = {}){end}; {}",
        file.display(),
        count(d.list_a.len(), "rule"),
        d.list_b.len(),
        d.width(),
        d.lines,
        d.stride,
        d.lines,
        count(warnings, "warning")
    );
    Ok(())
}

fn run_script(
    file: &Path,
    script: &str,
    cycles: Option<u64>,
    initial: bool,
    ace: bool,
) -> anyhow::Result<()> {
    let keys = parse_keys(script).context("--keys")?;
    let d = load(file)?;
    let cycles = cycles.unwrap_or(keys.len() as u64);
    let key = |n: u64| keys.get(n as usize).copied().flatten();
    let mut out = std::io::stdout().lock();
    if ace {
        use aceemu::workflows::cabbage_ace_run::AceRun;
        let mut run = AceRun::start(&d)
            .with_context(|| format!("{}: the engine on the Ace cannot hold it", file.display()))?;
        if initial {
            writeln!(out, "{}--- cycle 0", run.text())?;
        }
        for n in 0..cycles {
            run.step(key(n))
                .with_context(|| format!("{}", file.display()))?;
            writeln!(out, "{}--- cycle {}", run.text(), n + 1)?;
        }
        out.flush()?;
        return Ok(());
    }
    let mut engine = Engine::new(&d);
    if initial {
        writeln!(out, "{}--- cycle 0", engine.text())?;
    }
    for n in 0..cycles {
        engine.step(key(n));
        writeln!(out, "{}--- cycle {}", engine.text(), n + 1)?;
    }
    out.flush()?;
    let (anomalies, count) = engine.anomalies();
    for a in anomalies {
        eprintln!("{}: {a}", file.display());
    }
    if count > anomalies.len() as u64 {
        eprintln!("{}: ... {count} in all", file.display());
    }
    Ok(())
}

fn tape(file: &Path, also: &[PathBuf], output: &Path, force: bool) -> anyhow::Result<()> {
    use aceemu::tape::image::{Format, TapeImage};
    use aceemu::workflows::cabbage_tape;
    Format::from_path(output)?;
    aceemu::output_file::refuse_existing(output, force)?;
    let mut games = Vec::new();
    let mut files: Vec<&Path> = Vec::new();
    for f in std::iter::once(file).chain(also.iter().map(PathBuf::as_path)) {
        let name = cabbage_tape::tape_name(f)?;
        if let Some(i) = games.iter().position(|(n, _)| *n == name) {
            bail!(
                "{} and {} would both be the game `{name}` on the tape (the tape name is the \
                 file name in lower case, cut at 10 characters): `PLAY {name}` would only ever \
                 find the first; give one of them another name",
                files[i].display(),
                f.display()
            );
        }
        let d = load(f)?;
        cabbage_tape::assemble()?
            .game_file(&d)
            .with_context(|| format!("{}: the engine on the Ace cannot hold it", f.display()))?;
        games.push((name, d));
        files.push(f);
    }
    let blocks = cabbage_tape::make_tape(&games)?;
    TapeImage::from_blocks(&output.display().to_string(), blocks).save(output, force)?;
    let names: Vec<_> = games.iter().map(|(n, _)| n.as_str()).collect();
    println!(
        "{}: loader `{}`, then {} (LOAD {} then PLAY {})",
        output.display(),
        cabbage_tape::NAME,
        names.join(", "),
        cabbage_tape::NAME,
        names[0]
    );
    Ok(())
}
