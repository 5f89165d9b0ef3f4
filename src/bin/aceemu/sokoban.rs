//! `aceemu sokoban`: check, solve, generate and play Sokoban levels (XSB files, with the
//! Plus numbers).

use aceemu::frontend::stop_signal;
use aceemu::games::mazezam::level_tape;
use aceemu::games::sokoban::ace;
use aceemu::games::sokoban::format::{self, Parsed};
use aceemu::games::sokoban::generator::{self, Params};
use aceemu::games::sokoban::solver::{self, Mode, Plan, Progress, Verdict};
use aceemu::games::sokoban::{Level, Sokoban};
use aceemu::tape::image::{Format, TapeImage};
use anyhow::bail;
use std::path::{Path, PathBuf};

mod play;

use crate::level_game::{GeneratedOutput, LevelChoice, LevelCli};

/// Default limit of the optimal search: a few seconds of CPU; the fast search takes over
/// past it.
const DEFAULT_MAX_STATES: usize = 300_000;
/// Default limit of the fast search: under 500 MB with 16 boxes.
const DEFAULT_FAST_STATES: usize = 4_000_000;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Validate an XSB file (with Plus lines) and list its levels.
    Check { file: PathBuf },
    /// Solve levels: optimally (fewest pushes, or fewest moves with --moves) within
    /// --max-states, then with the fast search; prints LURD and the Ace game's keys.
    Solve {
        #[command(flatten)]
        choice: LevelChoice,
        /// Minimise moves instead of pushes.
        #[arg(long)]
        moves: bool,
        /// Skip the optimal search: the fast search only (a solution, not the shortest).
        #[arg(long)]
        fast: bool,
        /// Positions the optimal search may store before the fast search takes over.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
        max_states: usize,
        /// Positions the fast search may store before giving up (0: no fast search).
        #[arg(long, default_value_t = DEFAULT_FAST_STATES)]
        fast_states: usize,
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
        #[command(flatten)]
        output: GeneratedOutput,
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
        /// Only these levels: A-B (1 = the first in the file), or one number.
        #[arg(long, value_name = "A-B", value_parser = parse_range)]
        levels: Option<(usize, usize)>,
        /// Replace OUTPUT if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Play in the terminal: arrow keys (or Z X K M) move, U undo, R restart, Q quit.
    Play(LevelChoice),
}

pub fn run(cmd: Command) -> anyhow::Result<()> {
    match cmd {
        Command::Check { file } => crate::level_game::check::<Sokoban>(&file),
        Command::Solve {
            choice,
            moves,
            fast,
            max_states,
            fast_states,
        } => {
            let plan = Plan {
                mode: if moves { Mode::Moves } else { Mode::Pushes },
                optimal_states: if fast { 0 } else { max_states },
                fast_states,
            };
            if plan.optimal_states == 0 && plan.fast_states == 0 {
                bail!("--fast with --fast-states 0 leaves no search to run");
            }
            solve(&choice, &plan)
        }
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
            generate(seed, &params, title, &output)
        }
        Command::Tape {
            file,
            output,
            name,
            levels,
            force,
        } => tape(&file, &output, name, levels, force),
        Command::Play(choice) => {
            let parsed = load(&choice.file)?;
            let start = choice.pick(parsed.levels.len(), "level")?;
            play::run(parsed.levels, start.unwrap_or(0))
        }
    }
}

/// `A-B` or `A` (1-based, A <= B) for `--levels`.
fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let number = |t: &str| {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("{t:?} is not a level number (1 or more)"))
    };
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if a > b {
        return Err(format!("{a}-{b}: the first level is after the last"));
    }
    Ok((a, b))
}

/// Writes a level tape; everything is checked before the file is created, and a pack the
/// game's level buffer cannot hold is refused.
fn tape(
    file: &Path,
    output: &Path,
    name: Option<String>,
    range: Option<(usize, usize)>,
    force: bool,
) -> anyhow::Result<()> {
    Format::from_path(output)?;
    aceemu::output_file::refuse_existing(output, force)?;
    let parsed = load(file)?;
    let count = parsed.levels.len();
    let (first, last) = range.unwrap_or((1, count));
    if last > count {
        bail!(
            "{}: --levels {first}-{last} asked for, but the file has {}",
            file.display(),
            aceemu::plural::count(count, "level")
        );
    }
    let name = name.unwrap_or_else(|| {
        level_tape::default_name(&file.file_stem().unwrap_or_default().to_string_lossy())
    });
    let chosen = &parsed.levels[first - 1..last];
    let sizes = parsed
        .levels
        .iter()
        .enumerate()
        .map(|(i, l)| ace::encode_level(l, i + 1).map(|b| b.len()))
        .collect::<Result<Vec<usize>, _>>();
    let blocks =
        ace::level_tape(chosen, &name).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let length = blocks[1].data.len() - 1;
    if length > ace::PACK_BUFFER {
        let hint = sizes
            .ok()
            .map(|sizes| fitting_hint(&sizes, first, last))
            .unwrap_or_default();
        bail!(
            "{}: levels {first}-{last} make a pack of {length} bytes, more than the Ace \
             game's {}-byte level buffer holds (it would answer LEVELS with ERROR 10); no \
             tape written{hint}",
            file.display(),
            ace::PACK_BUFFER
        );
    }
    TapeImage::from_blocks(&output.display().to_string(), blocks).save(output, force)?;
    println!(
        "{}: level tape {name} ({}, {length} bytes); in the Ace game type LEVELS {name}",
        output.display(),
        aceemu::plural::count(chosen.len(), "level"),
    );
    Ok(())
}

/// The ranges that fit the level buffer, as advice: the longest starting at `first`, and
/// the longest anywhere in the file (when it is longer). `sizes` are each level's bytes.
fn fitting_hint(sizes: &[usize], first: usize, last: usize) -> String {
    let fits = |a: usize, b: usize| {
        // The count byte, then the levels.
        let pack = 1 + sizes[a - 1..b].iter().sum::<usize>();
        pack <= ace::PACK_BUFFER && b - a < 255
    };
    let mut out = String::new();
    let mut b = first;
    if fits(first, first) {
        while b < last && fits(first, b + 1) {
            b += 1;
        }
        out = format!("; --levels {first}-{b} fits");
    }
    let (mut best, mut a) = ((1, 0), 1);
    for end in 1..=sizes.len() {
        while a <= end && !fits(a, end) {
            a += 1;
        }
        if a <= end && end + 1 - a > best.1 + 1 - best.0 {
            best = (a, end);
        }
    }
    if best.1 >= best.0 && best.1 - best.0 > b - first {
        out += &format!(
            "{} --levels {}-{} ({}) is the longest range that fits",
            if out.is_empty() { ";" } else { ", and" },
            best.0,
            best.1,
            aceemu::plural::count(best.1 + 1 - best.0, "level")
        );
    }
    out
}

pub fn load(file: &Path) -> anyhow::Result<Parsed> {
    crate::level_game::load::<Sokoban>(file)
}

impl LevelCli for Sokoban {
    const NOUN: &'static str = "level";

    fn check_line(parsed: &Parsed, i: usize) -> String {
        format!("{:>3}  {}", i + 1, describe(&parsed.levels[i]))
    }
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

fn solve(choice: &LevelChoice, plan: &Plan) -> anyhow::Result<()> {
    let file = choice.file.as_path();
    let parsed = load(file)?;
    let only = choice.pick(parsed.levels.len(), "level")?;
    stop_signal::install();
    let mut failed = 0;
    for (i, level) in parsed.levels.iter().enumerate() {
        if only.is_some_and(|n| n != i) {
            continue;
        }
        let head = format!("{:>3}  {}: ", i + 1, describe(level));
        let mut line = ProgressLine::new(i + 1);
        let report = solver::answer(level, plan, &mut |p| {
            line.show(p);
            !stop_signal::requested()
        });
        line.clear();
        print!("{head}");
        let positions = aceemu::plural::count(report.states, "position");
        match &report.verdict {
            Verdict::Solved(m) => println!(
                "{}, {}, {} ({positions})\n     {m}\n     keys: {}",
                aceemu::plural::count(m.len(), "move"),
                aceemu::plural::count_as(m.pushes(), "push", "pushes"),
                found_by(&report, plan),
                m.ace_keys()
            ),
            Verdict::Unsolvable(reason) => {
                failed += 1;
                println!("unsolvable: {reason}")
            }
            Verdict::TooManyStates(_) => {
                failed += 1;
                if plan.fast_states == 0 {
                    println!("not solved within --max-states {}", plan.optimal_states)
                } else {
                    println!(
                        "not solved: the optimal search stopped at --max-states {} and the \
                         fast one at --fast-states {} ({positions})",
                        plan.optimal_states, plan.fast_states
                    )
                }
            }
            Verdict::Stopped(n) => {
                println!(
                    "stopped by Ctrl-C in the {} search after {}",
                    report.method.name(),
                    aceemu::plural::count(*n, "position")
                );
                return Err(stop_signal::Interrupted { saves: false }.into());
            }
            Verdict::TooLarge(reason) => {
                failed += 1;
                println!("not solved: {reason}")
            }
        }
    }
    if failed > 0 {
        bail!("{} not solved", aceemu::plural::count(failed, "level"));
    }
    Ok(())
}

/// Which search found a solution, and whether it is the shortest.
fn found_by(report: &solver::Report, plan: &Plan) -> String {
    let measure = match plan.mode {
        Mode::Pushes => "fewest pushes",
        Mode::Moves => "fewest moves",
    };
    if report.optimal {
        format!("optimal ({measure})")
    } else if plan.optimal_states == 0 {
        "fast search, not necessarily optimal".into()
    } else {
        format!(
            "fast search after the optimal one passed --max-states {}, not necessarily \
             optimal",
            plan.optimal_states
        )
    }
}

/// A progress line on standard error while a level takes over a second, when standard
/// error is a terminal: the level, the search, positions stored and the depth reached.
struct ProgressLine {
    level: usize,
    started: std::time::Instant,
    terminal: bool,
    shown: bool,
}

impl ProgressLine {
    fn new(level: usize) -> ProgressLine {
        ProgressLine {
            level,
            started: std::time::Instant::now(),
            terminal: std::io::IsTerminal::is_terminal(&std::io::stderr()),
            shown: false,
        }
    }

    fn show(&mut self, p: &Progress) {
        if !self.terminal || self.started.elapsed().as_secs_f64() < 1.0 {
            return;
        }
        let what = match p.method {
            solver::Method::Optimal => "optimal search, depth",
            solver::Method::Fast => "fast search, pushes",
        };
        eprint!(
            "\r\x1b[Klevel {}: {what} {}, {} positions, {:.0} s (Ctrl-C stops)",
            self.level,
            p.depth,
            p.positions,
            self.started.elapsed().as_secs_f64()
        );
        self.shown = true;
    }

    fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
}

fn generate(
    seed: u64,
    params: &Params,
    title: Option<String>,
    output: &GeneratedOutput,
) -> anyhow::Result<()> {
    output.refuse_existing()?;
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
    output.write(&format::write_level(&level))
}
