//! `aceemu maze`: generate an A-Mouz-in-Mase maze with the reference model, optionally
//! solve or play it, draw it in the terminal, and write a PNG and raw memory dumps.

use aceemu::games::maze::codes::{self, Marker};
use aceemu::games::maze::picture::Picture;
use aceemu::games::maze::terminal::{self, Style};
use aceemu::games::maze::{KeyOutcome, Maze, Size};
use aceemu::output_file::{create, refuse_existing, refuse_shared_paths};
use aceemu::plural::count;
use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// The random seed (the game's SEED variable; -1 is 65535 as in Forth). The default is
    /// the value stored in the tape, which gives the game's first maze after loading.
    #[arg(long, default_value_t = 47616, allow_hyphen_values = true,
          value_parser = clap::value_parser!(i32).range(-32768..=65535))]
    seed: i32,
    /// Maze size: 1 small, 2 medium, 3 large (Z x Z screens).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    size: u8,
    /// Let the mouse solve the maze (the game's Watch).
    #[arg(long)]
    solve: bool,
    /// Play these keys after generation as the game's manual play would (A up, Z down,
    /// K right, M left; other keys are ignored); stops at the exit. Without KEYS: print
    /// the route from the entrance to the exit as those keys (to type into the game).
    #[arg(long, value_name = "KEYS", conflicts_with = "solve", num_args = 0..=1)]
    keys: Option<Option<String>>,
    /// Write a PNG of the maze drawn with the game's graphics.
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Pixel size of the PNG's graphics pixels.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=16))]
    scale: u8,
    /// Write the raw maze-state area (672 Z^2 bytes).
    #[arg(long, value_name = "FILE")]
    dump_state: Option<PathBuf>,
    /// Write the raw screen buffer (672 Z^2 bytes).
    #[arg(long, value_name = "FILE")]
    dump_screen: Option<PathBuf>,
    /// Overwrite output files that already exist.
    #[arg(long)]
    force: bool,
    /// Draw cells three characters wide (squarer) in the terminal.
    #[arg(long)]
    wide: bool,
    /// Do not draw the maze in the terminal.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let size = Size::new(args.size)?;
    // Refuse before doing any work, so nothing is half written.
    let outputs: Vec<&Path> = [&args.png, &args.dump_state, &args.dump_screen]
        .into_iter()
        .flatten()
        .map(PathBuf::as_path)
        .collect();
    refuse_shared_paths(&outputs)?;
    for path in &outputs {
        refuse_existing(path, args.force)?;
    }
    let seed = args.seed as u16;
    let mut maze = Maze::new(size, seed);
    maze.generate();
    let generated = maze.vars().clone();
    let mut summary = format!(
        "seed {} size {}: entrance section ({},{}) offset {}, exit section ({},{}) offset {}, SEED after {}",
        seed, size, generated.iu, generated.iv, generated.ix, generated.ou, generated.ov,
        generated.ox, generated.seed
    );
    if args.solve {
        maze.prepare_to_play();
        maze.solve()?;
        let (route, wrong) = count_markers(&maze);
        summary += &format!(
            "\nsolved: route {}, {} backed out of",
            count(route, "cell"),
            count(wrong, "cell")
        );
    } else if let Some(None) = &args.keys {
        maze.prepare_to_play();
        let route = maze
            .route_keys()
            .context("the maze has no route from the entrance to the exit")?;
        summary += &format!(
            "\nroute: {} (A up, Z down, K right, M left):\n{route}",
            count(route.len(), "key")
        );
    } else if let Some(Some(keys)) = &args.keys {
        maze.prepare_to_play();
        let mut moves = 0;
        let mut outcome = "the mouse did not reach the exit";
        for &key in keys.as_bytes() {
            match maze.press_key(key) {
                KeyOutcome::Moved(_) => moves += 1,
                KeyOutcome::ReachedExit(_) => {
                    moves += 1;
                    outcome = "the mouse reached the exit";
                    break;
                }
                _ => {}
            }
        }
        summary += &format!("\nplayed: {}, {outcome}", count(moves, "move"));
    }

    // With --png the picture is in the file; sizes 2 and 3 are 125 to 190 columns wide,
    // more than most terminals show.
    if !args.quiet && args.png.is_none() {
        let style = Style {
            cell_width: if args.wide { 3 } else { 1 },
        };
        let drawing = terminal::draw(&maze, style);
        let width = drawing
            .lines()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        match terminal_columns() {
            Some(columns) if width > columns => eprintln!(
                "aceemu: the maze is {width} columns wide, the terminal {columns}: not drawn \
                 (--png FILE draws it as a picture; piped, the drawing is printed whole)"
            ),
            _ => print!("{drawing}"),
        }
    }
    println!("{summary}");

    if let Some(path) = &args.png {
        let picture = Picture::of_maze(&maze, usize::from(args.scale));
        let mut out = create(path, args.force)?;
        picture
            .write_png(&mut out)
            .with_context(|| format!("writing {}", path.display()))?;
        out.commit()?;
    }
    if let Some(path) = &args.dump_state {
        write_raw(path, maze.state_area(), args.force)?;
    }
    if let Some(path) = &args.dump_screen {
        write_raw(path, maze.screen_buffer(), args.force)?;
    }
    Ok(())
}

/// The width of the terminal standard output goes to, if it is one.
fn terminal_columns() -> Option<usize> {
    #[cfg(unix)]
    {
        // SAFETY: isatty and TIOCGWINSZ only read the descriptor's state into `size`.
        unsafe {
            if libc::isatty(libc::STDOUT_FILENO) != 1 {
                return None;
            }
            let mut size: libc::winsize = std::mem::zeroed();
            if libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) == 0 && size.ws_col > 0
            {
                return Some(usize::from(size.ws_col));
            }
        }
        None
    }
    #[cfg(not(unix))]
    None
}

/// Cells with the large and with the small marker in the screen buffer.
fn count_markers(maze: &Maze) -> (usize, usize) {
    let mut large = 0;
    let mut small = 0;
    for &code in maze.screen_buffer() {
        match codes::decode(code) {
            Some((_, _, Marker::Large)) => large += 1,
            Some((_, _, Marker::Small)) => small += 1,
            _ => {}
        }
    }
    (large, small)
}

fn write_raw(path: &Path, bytes: &[u8], force: bool) -> anyhow::Result<()> {
    let mut file = create(path, force)?;
    file.write_all(bytes)
        .with_context(|| format!("writing {}", path.display()))?;
    file.commit()
}
