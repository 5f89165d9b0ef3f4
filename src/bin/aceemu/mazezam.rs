//! `aceemu mazezam`: check, solve, generate and play MazezaM levels (.mzm files).

use aceemu::games::mazezam::difficulty::Analysis;
use aceemu::games::mazezam::format::{self, Parsed};
use aceemu::games::mazezam::generator::{self, Params};
use aceemu::games::mazezam::level_tape;
use aceemu::games::mazezam::solver::{self, Goal, Verdict};
use aceemu::games::mazezam::{Level, MazezaM, MAX_TITLE_CHARS};
use aceemu::tape::image::{Format, TapeImage};
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};

mod play;

use crate::level_game::{GeneratedOutput, LevelChoice, LevelCli};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Validate a .mzm file and list its mazezams (size, title, author).
    Check { file: PathBuf },
    /// Solve mazezams optimally: fewest moves, or fewest pushes with --pushes.
    Solve {
        /// Minimise pushes (then moves) instead of moves.
        #[arg(long)]
        pushes: bool,
        /// Give up on a mazezam after storing this many states [default: 20000000, fewer
        /// for very large mazezams, so a search stays within about 2 GB of memory].
        #[arg(long)]
        max_states: Option<usize>,
        #[command(flatten)]
        choice: LevelChoice,
    },
    /// Generate a random solvable mazezam and print it in .mzm form.
    Generate {
        /// Any number; the same seed and sizes give the same mazezam.
        #[arg(long)]
        seed: u64,
        /// Interior columns (1..=255; at most 30 to fit the Ace's screen).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=255))]
        width: u16,
        /// Interior rows (1..=255; at most 20 to fit the Ace's screen).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=255))]
        height: u16,
        /// The shortest solution must have at least this many moves.
        #[arg(long, default_value_t = 0)]
        min_moves: usize,
        /// Random starts to try before giving up.
        #[arg(long, default_value_t = 40)]
        attempts: usize,
        /// Changes tried per start while making the level harder.
        #[arg(long, default_value_t = 300)]
        climb: usize,
        /// The title to write (at most 28 characters).
        #[arg(long)]
        title: Option<String>,
        /// The author to write.
        #[arg(long)]
        author: Option<String>,
        #[command(flatten)]
        output: GeneratedOutput,
    },
    /// Play in the terminal: arrow keys (or Z X K M) move, R retries (costs a life), Q quits.
    Play(LevelChoice),
    /// Write a .mzm file's mazezams as a level tape for the Ace ports (one bytes file holding
    /// the compact pack; load it in the Forth game with `LEVELS name`).
    Tape {
        file: PathBuf,
        /// The tape to write: TAP, TZX or WAV by extension.
        output: PathBuf,
        /// The tape file's name, 1 to 10 characters (default: FILE's name without its
        /// extension, cut to 10).
        #[arg(long)]
        name: Option<String>,
        /// Replace OUTPUT if it exists (--overwrite is accepted too).
        #[arg(long, visible_alias = "overwrite")]
        force: bool,
        /// For the 3 KB game (tapes/mazezam-3k.tap): the whole game with these levels
        /// (`LOAD name`, `PLAY name`); refused when they do not fit its room.
        #[arg(long)]
        ace3k: bool,
        /// Only these mazezams, e.g. 11-20 or 7 (1 = the first in the file).
        #[arg(long, value_name = "A-B")]
        levels: Option<String>,
    },
}

pub fn run(cmd: Command) -> anyhow::Result<()> {
    match cmd {
        Command::Check { file } => crate::level_game::check::<MazezaM>(&file),
        Command::Solve {
            pushes,
            max_states,
            choice,
        } => solve(&choice, pushes, max_states),
        Command::Generate {
            seed,
            width,
            height,
            min_moves,
            attempts,
            climb,
            title,
            author,
            output,
        } => {
            let params = Params {
                min_moves,
                attempts,
                climb_steps: climb,
                ..Params::new(usize::from(width), usize::from(height))
            };
            generate(seed, &params, title, author, &output)
        }
        Command::Play(choice) => {
            let parsed = load(&choice.file)?;
            let start = choice.pick(parsed.levels.len(), "mazezam")?;
            play::run(parsed.levels, start.unwrap_or(0))
        }
        Command::Tape {
            file,
            output,
            name,
            force,
            ace3k,
            levels,
        } => tape(&file, &output, name, force, ace3k, levels.as_deref()),
    }
}

/// Writes a level tape (format: `aceemu::games::mazezam::level_tape`). Everything is
/// checked before the file is created, so a refusal writes nothing.
fn tape(
    file: &Path,
    output: &Path,
    name: Option<String>,
    force: bool,
    ace3k: bool,
    range: Option<&str>,
) -> anyhow::Result<()> {
    Format::from_path(output)?;
    aceemu::output_file::refuse_existing(output, force)?;
    let mut parsed = load(file)?;
    let name = name.unwrap_or_else(|| {
        level_tape::default_name(&file.file_stem().unwrap_or_default().to_string_lossy())
    });
    let first = match range {
        Some(range) => {
            let (a, b) = parse_range(range, parsed.levels.len())
                .with_context(|| format!("--levels {range}: {}", file.display()))?;
            parsed.levels = parsed.levels[a - 1..b].to_vec();
            a
        }
        None => 1,
    };
    if ace3k {
        use aceemu::workflows::mazezam_3k_tape as tape_3k;
        let blocks = tape_3k::level_tape(&parsed.levels, first, &name)
            .with_context(|| format!("{}: for the 3 KB game", file.display()))?;
        TapeImage::from_blocks(&output.display().to_string(), blocks).save(output, force)?;
        println!(
            "{}: MazezaM for the 3 KB Ace with levels {first}-{}; type LOAD {name} then PLAY {name}",
            output.display(),
            first + parsed.levels.len() - 1
        );
        return Ok(());
    }
    let blocks = level_tape::blocks(&parsed.levels, &name)
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let length = blocks[1].data.len() - 1;
    let image = TapeImage::from_blocks(&output.display().to_string(), blocks);
    image.save(output, force)?;
    let n = parsed.levels.len();
    println!(
        "{}: level tape {name} ({n} mazezam{}, {length} bytes); in the Forth game type LEVELS {name}{}",
        output.display(),
        if n == 1 { "" } else { "s" },
        if length > FORTH_LEVEL_BUFFER {
            format!(" (too large for its {FORTH_LEVEL_BUFFER}-byte level buffer)")
        } else {
            String::new()
        }
    );
    Ok(())
}

/// `A-B` or `A` (1-based, inclusive) within `count` levels.
fn parse_range(text: &str, count: usize) -> anyhow::Result<(usize, usize)> {
    let number = |t: &str| {
        t.trim()
            .parse::<usize>()
            .with_context(|| format!("{t:?} is not a level number"))
    };
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(text)?, number(text)?),
    };
    if a == 0 || a > b || b > count {
        bail!("the file holds levels 1-{count}");
    }
    Ok((a, b))
}

/// The Forth game's level buffer (`PKMAX` in forth/mazezam.fth).
const FORTH_LEVEL_BUFFER: usize = 2048;

fn load(file: &Path) -> anyhow::Result<Parsed> {
    crate::level_game::load::<MazezaM>(file)
}

impl LevelCli for MazezaM {
    const NOUN: &'static str = "mazezam";

    fn parse_failure(file: &Path, errors: format::ParseErrors) -> anyhow::Error {
        let is_mzm = file
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("mzm"));
        match errors.0.first() {
            // Not a level file at all (README.md, a tape): one line, not a page of errors.
            Some(first) if !is_mzm && errors.0.len() > 3 => anyhow::anyhow!(
                "{}: not a .mzm file (MazezaM levels: `;` lines and rows of `#`, `$`, `+`, `*` and spaces); \
                 {} problems, the first: {first}",
                file.display(),
                errors.0.len()
            ),
            _ => anyhow::anyhow!("{errors}"),
        }
    }

    fn warnings(parsed: &Parsed) -> Vec<String> {
        parsed.warnings.iter().map(|w| w.to_string()).collect()
    }

    fn check_line(parsed: &Parsed, i: usize) -> String {
        let (level, line) = (&parsed.levels[i], parsed.first_lines[i]);
        let author = level.meta.author.as_deref().unwrap_or("unknown author");
        let fits = if level.fits_ace_screen() {
            ""
        } else {
            " [larger than the Ace's screen]"
        };
        format!(
            "{:>3}  line {line:>4}  {} by {author}{fits}",
            i + 1,
            describe(level)
        )
    }
}

fn describe(level: &Level) -> String {
    let title = level.meta.title.as_deref().unwrap_or("(untitled)");
    format!("{}x{} \"{title}\"", level.width(), level.height())
}

fn solve(choice: &LevelChoice, pushes: bool, max_states: Option<usize>) -> anyhow::Result<()> {
    let file = choice.file.as_path();
    let parsed = load(file)?;
    let only = choice.pick(parsed.levels.len(), "mazezam")?;
    let goal = if pushes { Goal::Pushes } else { Goal::Moves };
    let mut failed = 0;
    for (i, level) in parsed.levels.iter().enumerate() {
        if only.is_some_and(|n| n != i) {
            continue;
        }
        print!("{:>3}  {}: ", i + 1, describe(level));
        let limit = max_states.unwrap_or_else(|| solver::default_state_limit(level));
        match solver::solve_with_limit(level, goal, limit) {
            Ok(report) => match &report.verdict {
                Verdict::Solved(moves) => println!(
                    "{}, {} push{} ({} states)\n     {moves}\n     keys: {}",
                    aceemu::plural::count(moves.len(), "move"),
                    moves.pushes(),
                    if moves.pushes() == 1 { "" } else { "es" },
                    report.states,
                    moves.ace_keys()
                ),
                Verdict::Unsolvable => {
                    println!(
                        "unsolvable (all {} reachable states searched)",
                        report.states
                    )
                }
            },
            Err(e) => {
                failed += 1;
                println!("{e}");
            }
        }
    }
    if failed > 0 {
        match max_states {
            Some(n) => bail!(
                "{} not solved within --max-states {n}",
                aceemu::plural::count(failed, "mazezam")
            ),
            None => bail!(
                "{} not solved within the default state limit (--max-states raises it)",
                aceemu::plural::count(failed, "mazezam")
            ),
        }
    }
    Ok(())
}

fn generate(
    seed: u64,
    params: &Params,
    title: Option<String>,
    author: Option<String>,
    output: &GeneratedOutput,
) -> anyhow::Result<()> {
    output.refuse_existing()?;
    let title = title.unwrap_or_else(|| format!("Seed {seed}"));
    let chars = title.chars().count();
    if chars > MAX_TITLE_CHARS {
        bail!("--title has {chars} characters, at most {MAX_TITLE_CHARS} are allowed");
    }
    // Large sizes take minutes: show the attempts going by (on a terminal only).
    let show = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut progress = |attempt: usize, longest: usize| {
        if show {
            eprint!(
                "\raceemu: attempt {attempt} of {}, longest so far {longest} moves \
                 (fewer --attempts or --climb finish sooner) ",
                params.attempts.max(1)
            );
        }
    };
    let generated = generator::generate_with_progress(seed, params, &mut progress);
    if show {
        eprintln!();
    }
    let generated = generated?;
    let mut level = generated.level;
    level.meta.title = Some(title);
    level.meta.author = author;
    level.meta.comment = Some(comment(&generated.analysis, seed, params));
    level
        .meta
        .extra
        .push(("Solution(Moves)".into(), generated.solution.to_string()));
    output.write(&format::write(&[level]))
}

/// The `;;Comment:` of a generated level: its optimal length, rating, and the command
/// that makes it again.
pub fn comment(a: &Analysis, seed: u64, p: &Params) -> String {
    format!(
        "optimal {} moves ({} push{}), fewest pushes {}, difficulty {}/10, {} states ({:.0}% traps); made with: generate --seed {seed} --width {} --height {} --min-moves {} --attempts {} --climb {}",
        a.moves,
        a.pushes_in_shortest,
        if a.pushes_in_shortest == 1 { "" } else { "es" },
        a.min_pushes,
        a.rating(),
        a.states,
        100.0 * a.dead_fraction(),
        p.width,
        p.height,
        p.min_moves,
        p.attempts,
        p.climb_steps
    )
}
