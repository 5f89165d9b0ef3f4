//! `aceemu mazezam play`: the game in a terminal, in raw mode (keys act without Enter)
//! on the alternate screen, restored however the game ends.

use crate::raw_terminal::RawTerminal;
use aceemu::games::mazezam::solver::{self, Goal};
use aceemu::games::mazezam::terminal;
use aceemu::games::mazezam::{Command, Direction, Event, Level, Phase, Session};
use aceemu::plural::count;
use crossterm::event::{self, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, queue, terminal as term};
use std::io::Write;

/// States the par search may store before the par is shown as unknown.
const PAR_STATE_LIMIT: usize = 2_000_000;

/// Memory the par search may use: it runs in raw mode, where Ctrl-C cannot stop it, so it
/// must end soon (2,000,000 states of a 255x255 level would be some 1.2 GB).
const PAR_MEMORY_BUDGET: usize = 200_000_000;

/// What a key means here.
fn command_for(key: KeyEvent) -> Option<Command> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Command::Quit);
    }
    Some(match key.code {
        KeyCode::Left => Command::Go(Direction::Left),
        KeyCode::Right => Command::Go(Direction::Right),
        KeyCode::Up => Command::Go(Direction::Up),
        KeyCode::Down => Command::Go(Direction::Down),
        KeyCode::Esc => Command::Quit,
        KeyCode::Char(c) => {
            if !c.is_ascii() {
                return None;
            }
            aceemu::games::mazezam::command_for_ace_key(c as u8)?
        }
        _ => return None,
    })
}

fn par(level: &Level) -> String {
    let limit = solver::state_limit_for_memory(level, PAR_MEMORY_BUDGET).min(PAR_STATE_LIMIT);
    match solver::solve_with_limit(level, Goal::Moves, limit) {
        Ok(report) => match report.solution() {
            Some(moves) => moves.len().to_string(),
            None => "none (unsolvable)".into(),
        },
        Err(_) => "?".into(),
    }
}

pub fn run(levels: Vec<Level>, start: usize) -> anyhow::Result<()> {
    let mut session = Session::new(levels, start);
    let mut pars = vec![None; session.level_count()];
    let _raw = RawTerminal::enter("mazezam play", "")?;
    let mut message =
        String::from("Arrow keys or Z X K M move, R retries (costs a life), Q quits.");
    let mut quit = false;
    loop {
        let i = session.level_index();
        let par = pars[i]
            .get_or_insert_with(|| par(session.game().level()))
            .clone();
        draw(&session, &par, &message)?;
        if session.phase() != Phase::Playing {
            // Wait for one more key so the last screen can be read, unless the player
            // quit: Q or Esc means leave now.
            if !quit {
                wait_key()?;
            }
            return Ok(());
        }
        let TermEvent::Key(key) = event::read()? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        let Some(command) = command_for(key) else {
            continue;
        };
        quit = command == Command::Quit;
        let moves_before = session.game().history().len();
        message = match session.command(command) {
            Event::Nothing | Event::Moved(_) => String::new(),
            Event::Solved { next_level } => format!(
                "Solved level {} in {}! Now level {}.",
                next_level,
                count(moves_before + 1, "move"),
                next_level + 1
            ),
            Event::Escaped => format!(
                "Solved in {}. You have escaped - well done! (any key)",
                count(moves_before + 1, "move")
            ),
            Event::Retried { lives } => format!("Retry: {lives} lives left."),
            Event::GameOver => "GAME OVER (any key)".into(),
        };
    }
}

fn wait_key() -> anyhow::Result<()> {
    loop {
        if let TermEvent::Key(key) = event::read()? {
            if key.kind == KeyEventKind::Press {
                return Ok(());
            }
        }
    }
}

fn draw(session: &Session, par: &str, message: &str) -> anyhow::Result<()> {
    let game = session.game();
    let level = game.level();
    let mut out = std::io::stdout().lock();
    queue!(out, term::Clear(term::ClearType::All), cursor::MoveTo(0, 0))?;
    let title = level.meta.title.as_deref().unwrap_or("(untitled)");
    let mut lines = vec![
        format!(
            "MazezaM  level {}/{}  \"{title}\"",
            session.level_index() + 1,
            session.level_count()
        ),
        format!(
            "Lives {}   Moves {}   Par {par}",
            session.lives(),
            game.history().len()
        ),
        String::new(),
    ];
    lines.extend(terminal::draw(game));
    lines.push(String::new());
    lines.push(message.to_string());
    for line in lines {
        // Raw mode: a line feed does not return the carriage.
        write!(out, "{line}\r\n")?;
    }
    out.flush()?;
    Ok(())
}
