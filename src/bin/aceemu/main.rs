//! The `aceemu` command line: thin, every subcommand lives in its own module and
//! calls the library.

mod asm;
mod bench;
mod bench_web;
mod cabbage;
mod level_game;
mod maze;
mod mazezam;
mod play;
mod raw_terminal;
mod rom;
mod run;
mod sokoban;
mod tape;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "aceemu",
    version,
    about = "Jupiter Ace emulator with its own open Forth ROM",
    long_about = "Jupiter Ace emulator with its own open Forth ROM.\n\n\
                  `aceemu FILE` opens the window with FILE in the tape deck; \
                  type LOAD NAME on the Ace to load from it (e.g. `aceemu tapes/maze.tap \
                  --caps-lock`, then LOAD MAZE, then RUN). `aceemu play maze` does all \
                  that from any directory with the tape built in (`aceemu play --list`). \
                  In the window F1 lists its keys."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// Options of `run`, used when no subcommand is given (`aceemu tapes/maze.tap`).
    #[command(flatten)]
    run: run::Args,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Ace in a window, or headless for tests and scripts.
    Run(Box<run::Args>),
    /// Play a game built into aceemu, from any directory: `aceemu play maze`
    /// (`aceemu play --list` names them). Takes `run`'s options.
    Play(Box<play::PlayArgs>),
    /// Tape files: show blocks, convert between TAP, TZX and WAV, list words.
    #[command(subcommand)]
    Tape(tape::Command),
    /// ROM images: identify one, or save the embedded open ROM.
    #[command(subcommand)]
    Rom(rom::Command),
    /// Assemble Z80 source with the project's assembler.
    Asm(asm::Args),
    /// A-Mouz-in-Mase reference model: generate, solve and draw a maze.
    Maze(maze::Args),
    /// MazezaM levels: check, solve, generate, play in the terminal.
    #[command(subcommand)]
    Mazezam(mazezam::Command),
    /// Sokoban levels (XSB, with the Plus numbers): check, solve, generate, play.
    #[command(subcommand)]
    Sokoban(sokoban::Command),
    /// CABBAGE rule games: check, run with scripted keys, play in the terminal, put on tape.
    #[command(subcommand)]
    Cabbage(cabbage::Command),
    /// Measure emulation speed.
    Bench(bench::Args),
}

fn main() {
    restore_default_sigpipe();
    // Before any file is opened: the first Ctrl-C always ends the command, and the part
    // files of unfinished outputs go with it.
    aceemu::frontend::stop_signal::install();
    let cli = Cli::parse();
    let result = match cli.command {
        None => run::run(cli.run),
        Some(Command::Run(args)) => run::run(*args),
        Some(Command::Play(args)) => play::run(*args),
        Some(Command::Tape(cmd)) => tape::run(cmd),
        Some(Command::Rom(cmd)) => rom::run(cmd),
        Some(Command::Asm(args)) => asm::run(args),
        Some(Command::Maze(args)) => maze::run(args),
        Some(Command::Mazezam(cmd)) => mazezam::run(cmd),
        Some(Command::Sokoban(cmd)) => sokoban::run(cmd),
        Some(Command::Cabbage(cmd)) => cabbage::run(cmd),
        Some(Command::Bench(args)) => bench::run(args),
    };
    if let Err(err) = result {
        eprintln!("aceemu: {err:#}");
        // A run stopped by Ctrl-C or SIGTERM: 128 + SIGINT, as shells expect.
        let interrupted = err
            .downcast_ref::<aceemu::frontend::stop_signal::Interrupted>()
            .is_some();
        std::process::exit(if interrupted { 130 } else { 1 });
    }
}

/// Rust starts programs with SIGPIPE ignored, so printing into a closed pipe
/// (`aceemu tape words big.tap | head`) fails and `println!` panics. A command-line tool
/// should end quietly instead, as the default action does.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
