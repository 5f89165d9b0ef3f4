//! `aceemu play NAME`: a game whose tape is built into aceemu, from any directory: the
//! window (or `--headless`) with the tape in the deck and its start typed for you.

use aceemu::tape::bundled::{self, BundledGame};
use anyhow::bail;

#[derive(clap::Args, Debug)]
#[command(
    // `run`'s tape arguments are flattened in with the rest; a bundled game replaces them.
    mut_arg("file", |a| a.hide(true)),
    mut_arg("tape", |a| a.hide(true)),
    after_help = "Examples:
  aceemu play --list
  aceemu play maze
  aceemu play sokoban --scale 2 --mute
  aceemu play maze --headless --type '\\{ANYKEY} \\{Maze size}1' --frames 300 --screenshot maze.png"
)]
pub struct PlayArgs {
    /// The game (`--list` names them): its tape goes in the deck and what starts it
    /// (e.g. LOAD MAZE and RUN) is typed for you, then --type's text.
    /// Without it the games are listed, as with --list.
    #[arg(value_name = "NAME")]
    pub name: Option<String>,

    /// Name the bundled games, one line each: what it is, what is typed, its keys.
    #[arg(long)]
    pub list: bool,

    /// With --list: the list as JSON, for the web page's menu (web/build.sh writes it
    /// beside the tapes), so the page and `play` share one table.
    #[arg(long, requires = "list")]
    pub json: bool,

    /// Everything `aceemu run` takes (--headless, --ram, --scale, --type, --screenshot...).
    #[command(flatten)]
    pub run: crate::run::Args,
}

pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    if args.json {
        println!("{}", list_json()?);
        return Ok(());
    }
    let Some(name) = args.name.as_deref().filter(|_| !args.list) else {
        print!("{}", list());
        return Ok(());
    };
    let Some(game) = bundled::find(name) else {
        bail!(
            "no bundled game called `{name}`: they are {} (`aceemu play --list` says what \
             each is); a tape file runs with `aceemu FILE`",
            bundled::names()
        );
    };
    let mut run = args.run;
    if run.file.is_some() || run.tape.is_some() {
        bail!(
            "`aceemu play {}` puts its own tape in the deck; a tape file runs with `aceemu FILE`",
            game.name
        );
    }
    if let Some(ram) = run.ram {
        if ram.total_kb() < game.ram_kb {
            eprintln!(
                "aceemu: warning: {} needs {} K of RAM (--ram {} has less)",
                game.name,
                game.ram_kb,
                ram.total_kb()
            );
        }
    }
    run.caps_lock |= game.caps_lock;
    run.type_text = Some(format!(
        "{}{}",
        game.start,
        run.type_text.as_deref().unwrap_or_default()
    ));
    run.game = Some(game);
    if !run.headless {
        eprintln!("aceemu: {}: {}", game.title, game.keys);
    }
    crate::run::run(run)
}

/// `play --list`: one line a game.
fn list() -> String {
    let width = bundled::GAMES
        .iter()
        .map(|g| g.name.len())
        .max()
        .unwrap_or(0);
    let mut out =
        String::from("Bundled games (`aceemu play NAME`; what starts it is typed for you):\n");
    for game in bundled::GAMES {
        out += &format!(
            "  {:width$}  {}: types {}; {}\n",
            game.name,
            game.title,
            typed(game),
            game.keys
        );
    }
    out
}

/// `play --list --json`: the table for the web page; `type` is the start with its `\n`s
/// as newlines, as the page types it.
fn list_json() -> anyhow::Result<String> {
    let games: Vec<serde_json::Value> = bundled::GAMES
        .iter()
        .map(|g| {
            serde_json::json!({
                "name": g.name,
                "file": g.file,
                "title": g.title,
                "type": g.start.replace("\\n", "\n"),
                "caps_lock": g.caps_lock,
                "ram": g.ram_kb,
                "keys": g.keys,
            })
        })
        .collect();
    Ok(serde_json::to_string_pretty(&games)?)
}

/// The start line as a person reads it: "LOAD MAZE, RUN".
fn typed(game: &BundledGame) -> String {
    game.start
        .split("\\n")
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}
