//! `aceemu sokoban`: check, solve, generate and play Sokoban levels (XSB files, with the
//! Plus numbers).

use aceemu::games::mazezam::level_tape;
use aceemu::games::sokoban::ace;
use aceemu::games::sokoban::format::{self, Parsed};
use aceemu::games::sokoban::generator::{self, Params};
use aceemu::games::sokoban::solver::{self, Mode, Verdict};
use aceemu::games::sokoban::Level;
use aceemu::tape::image::{Format, TapeImage};
use anyhow::bail;
use std::path::{Path, PathBuf};

mod play;

/// Default solver limit: some 100 MB for the levels the maker makes.
const DEFAULT_MAX_STATES: usize = 5_000_000;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Validate an XSB file (with Plus lines) and list its levels.
    Check { file: PathBuf },
    /// Solve levels optimally: fewest pushes, or fewest moves with --moves; prints LURD.
    Solve {
        file: PathBuf,
        /// Only this level (1 = the first in the file).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        level: Option<u32>,
        /// Minimise moves instead of pushes.
        #[arg(long)]
        moves: bool,
        /// Give up on a level after storing this many positions.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
        max_states: usize,
    },
    /// Make a level from a seed (boxes pulled backwards from the goals) and print it.
    Generate {
        /// Any number; the same seed and options give the same level.
        #[arg(long)]
        seed: u64,
        /// Room inside width.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u16).range(3..=28))]
        width: u16,
        /// Room inside height.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(3..=18))]
        height: u16,
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=20))]
        boxes: u16,
        /// How many boxes get numbers (a Plus level); kept only where the numbers matter.
        #[arg(long, default_value_t = 0)]
        numbered: u16,
        /// Chance of an inner wall block per cell, per mille.
        #[arg(long, default_value_t = 150)]
        walls: usize,
        /// Levels made and solved; the one with the longest non-trivial solution is kept.
        #[arg(long, default_value_t = 20)]
        attempts: usize,
        /// Start from the positions that need the most pushes in the room (a breadth-first
        /// search over pulls from the goals) instead of a random pull walk: harder levels.
        #[arg(long)]
        farthest: bool,
        /// Positions the solver (and, with --farthest, the pull search) may store per attempt.
        #[arg(long, default_value_t = 200_000)]
        max_states: usize,
        /// The title to write.
        #[arg(long)]
        title: Option<String>,
        /// Write to this file instead of standard output.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Replace the output file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Write a file's levels as a level tape for the Ace game (load it there with
    /// `LEVELS name`).
    Tape {
        file: PathBuf,
        /// The tape to write: TAP, TZX or WAV by extension.
        output: PathBuf,
        /// The tape file's name, 1 to 10 characters (default: FILE's name without its
        /// extension, cut to 10).
        #[arg(long)]
        name: Option<String>,
        /// Replace OUTPUT if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Play in the terminal: arrow keys (or Z X K M) move, U undo, R restart, Q quit.
    Play {
        file: PathBuf,
        /// Start at this level (1 = the first in the file).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        level: Option<u32>,
    },
}

pub fn run(cmd: Command) -> anyhow::Result<()> {
    match cmd {
        Command::Check { file } => check(&file),
        Command::Solve {
            file,
            level,
            moves,
            max_states,
        } => solve(&file, level, moves, max_states),
        Command::Generate {
            seed,
            width,
            height,
            boxes,
            numbered,
            walls,
            attempts,
            farthest,
            max_states,
            title,
            output,
            force,
        } => {
            if numbered > boxes || numbered > 9 {
                bail!("--numbered {numbered}: at most --boxes ({boxes}) and at most 9");
            }
            let params = Params {
                width: usize::from(width),
                height: usize::from(height),
                boxes: usize::from(boxes),
                numbered: usize::from(numbered),
                walls,
                attempts,
                max_states,
                farthest,
                ..Params::default()
            };
            generate(seed, &params, title, output.as_deref(), force)
        }
        Command::Tape {
            file,
            output,
            name,
            force,
        } => tape(&file, &output, name, force),
        Command::Play { file, level } => {
            let parsed = load(&file)?;
            let start = pick(&parsed, &file, level)?.unwrap_or(0);
            play::run(parsed.levels, start)
        }
    }
}

/// Writes a level tape; everything is checked before the file is created.
fn tape(file: &Path, output: &Path, name: Option<String>, force: bool) -> anyhow::Result<()> {
    Format::from_path(output)?;
    aceemu::output_file::refuse_existing(output, force)?;
    let parsed = load(file)?;
    let name = name.unwrap_or_else(|| {
        level_tape::default_name(&file.file_stem().unwrap_or_default().to_string_lossy())
    });
    let blocks = ace::level_tape(&parsed.levels, &name)
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let length = blocks[1].data.len() - 1;
    TapeImage::from_blocks(&output.display().to_string(), blocks).save(output, force)?;
    println!(
        "{}: level tape {name} ({}, {length} bytes); in the Ace game type LEVELS {name}{}",
        output.display(),
        aceemu::plural::count(parsed.levels.len(), "level"),
        if length > ace::PACK_BUFFER {
            format!(
                " (too large for its {}-byte level buffer)",
                ace::PACK_BUFFER
            )
        } else {
            String::new()
        }
    );
    Ok(())
}

/// Reads a file; errors become one message listing them all.
pub fn load(file: &Path) -> anyhow::Result<Parsed> {
    if let Some(message) = aceemu::games::level_file::other_game(file, "Sokoban") {
        bail!("{message}");
    }
    let parsed = format::parse_file(file).map_err(|errors| anyhow::anyhow!("{errors}"))?;
    if parsed.levels.is_empty() {
        bail!("{}: no level in the file", file.display());
    }
    Ok(parsed)
}

/// The 0-based index asked for with --level, checked against the file.
fn pick(parsed: &Parsed, file: &Path, level: Option<u32>) -> anyhow::Result<Option<usize>> {
    let Some(n) = level else { return Ok(None) };
    let count = parsed.levels.len();
    if n as usize > count {
        bail!(
            "{}: --level {n} asked for, but the file has {count} level{}",
            file.display(),
            if count == 1 { "" } else { "s" }
        );
    }
    Ok(Some(n as usize - 1))
}

fn describe(level: &Level) -> String {
    let title = level.notes.title.as_deref().unwrap_or("(untitled)");
    let plus = if level.has_numbers() {
        ", numbered"
    } else {
        ""
    };
    format!(
        "{}x{} \"{title}\", {} box{}{plus}",
        level.width(),
        level.height(),
        level.boxes().len(),
        if level.boxes().len() == 1 { "" } else { "es" }
    )
}

fn check(file: &Path) -> anyhow::Result<()> {
    let parsed = load(file)?;
    for (i, level) in parsed.levels.iter().enumerate() {
        println!("{:>3}  {}", i + 1, describe(level));
    }
    let n = parsed.levels.len();
    println!(
        "{}: {n} valid level{}",
        file.display(),
        if n == 1 { "" } else { "s" }
    );
    Ok(())
}

fn solve(file: &Path, level: Option<u32>, moves: bool, max_states: usize) -> anyhow::Result<()> {
    let parsed = load(file)?;
    let only = pick(&parsed, file, level)?;
    let mode = if moves { Mode::Moves } else { Mode::Pushes };
    let mut failed = 0;
    for (i, level) in parsed.levels.iter().enumerate() {
        if only.is_some_and(|n| n != i) {
            continue;
        }
        print!("{:>3}  {}: ", i + 1, describe(level));
        let report = solver::solve(level, mode, max_states);
        match &report.verdict {
            Verdict::Solved(m) => println!(
                "{}, {} ({})\n     {m}",
                aceemu::plural::count(m.len(), "move"),
                aceemu::plural::count_as(m.pushes(), "push", "pushes"),
                aceemu::plural::count(report.states, "position")
            ),
            Verdict::Unsolvable(reason) => {
                failed += 1;
                println!("unsolvable: {reason}")
            }
            Verdict::TooManyStates(n) => {
                failed += 1;
                println!("not solved within --max-states {n}")
            }
        }
    }
    if failed > 0 {
        bail!("{} not solved", aceemu::plural::count(failed, "level"));
    }
    Ok(())
}

fn generate(
    seed: u64,
    params: &Params,
    title: Option<String>,
    output: Option<&Path>,
    force: bool,
) -> anyhow::Result<()> {
    if let Some(path) = output {
        aceemu::output_file::refuse_existing(path, force)?;
    }
    let Some(made) = generator::generate(seed, params) else {
        bail!(
            "no level with a non-trivial solution in {} attempts (try another seed, or more --attempts)",
            params.attempts
        );
    };
    let mut level = made.level;
    // A title is one line of the XSB file: a line break (or another control character)
    // given in --title would start a line of its own, read back as something else.
    let title = title.map(|t| {
        t.chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect::<String>()
            .trim()
            .to_string()
    });
    level.notes.title = Some(title.unwrap_or_else(|| format!("Seed {seed}")));
    level.notes.author = Some("aceemu project (generated)".into());
    level.notes.other = vec![
        format!(
            "Made with: aceemu sokoban generate --seed {seed} --width {} --height {} --boxes {} --numbered {} --walls {} --attempts {}{}",
            params.width,
            params.height,
            params.boxes,
            params.numbered,
            params.walls,
            params.attempts,
            if params.farthest {
                format!(" --farthest --max-states {}", params.max_states)
            } else if params.max_states != Params::default().max_states {
                format!(" --max-states {}", params.max_states)
            } else {
                String::new()
            }
        ),
        format!(
            "Optimal: {} pushes ({} moves, {} box changes, lower bound {} pushes)",
            made.solution.pushes(),
            made.solution.len(),
            made.box_changes,
            made.lower_bound
        ),
        format!("Solution: {}", made.solution),
    ];
    let text = format::write_level(&level);
    match output {
        None => print!("{text}"),
        Some(path) => aceemu::output_file::write_new(path, text.as_bytes(), force)?,
    }
    Ok(())
}
