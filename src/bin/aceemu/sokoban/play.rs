//! `aceemu sokoban play`: the game in a terminal, in raw mode (keys act without Enter) on
//! the alternate screen, restored however the game ends.

use crate::raw_terminal::RawTerminal;
use aceemu::games::sokoban::terminal::{self, Look};
use aceemu::games::sokoban::{Direction, Game, Level};
use crossterm::event::{self, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::style::{Attribute, Color, Print, ResetColor, SetAttribute, SetForegroundColor};
use crossterm::{cursor, queue, terminal as term};
use std::io::Write;

enum Key {
    Go(Direction),
    Undo,
    Redo,
    Restart,
    Quit,
}

fn key_for(code: KeyCode, modifiers: KeyModifiers) -> Option<Key> {
    if modifiers.contains(KeyModifiers::CONTROL) && code == KeyCode::Char('c') {
        return Some(Key::Quit);
    }
    Some(match code {
        KeyCode::Left => Key::Go(Direction::Left),
        KeyCode::Right => Key::Go(Direction::Right),
        KeyCode::Up => Key::Go(Direction::Up),
        KeyCode::Down => Key::Go(Direction::Down),
        KeyCode::Esc => Key::Quit,
        KeyCode::Char(c) => match c.to_ascii_lowercase() {
            'z' => Key::Go(Direction::Left),
            'x' => Key::Go(Direction::Right),
            'k' => Key::Go(Direction::Up),
            'm' => Key::Go(Direction::Down),
            'u' => Key::Undo,
            'y' => Key::Redo,
            'r' => Key::Restart,
            'q' => Key::Quit,
            _ => return None,
        },
        _ => return None,
    })
}

pub fn run(levels: Vec<Level>, start: usize) -> anyhow::Result<()> {
    let _raw = RawTerminal::enter("sokoban play", "")?;
    let mut index = start;
    let mut game = Game::new(&levels[index]);
    let mut message = String::from("Arrows or Z X K M move, U undo, Y redo, R restart, Q quit.");
    loop {
        draw(&game, index, levels.len(), &message)?;
        let TermEvent::Key(key) = event::read()? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        let Some(k) = key_for(key.code, key.modifiers) else {
            continue;
        };
        message.clear();
        match k {
            Key::Go(d) => {
                game.step(d);
            }
            Key::Undo => {
                game.undo();
            }
            Key::Redo => {
                game.redo();
            }
            Key::Restart => game.restart(),
            Key::Quit => return Ok(()),
        }
        if game.is_solved() {
            let done = format!(
                "Level {} solved in {} moves, {} pushes.",
                index + 1,
                game.moves(),
                game.pushes()
            );
            index += 1;
            if index == levels.len() {
                draw(
                    &game,
                    index - 1,
                    levels.len(),
                    &format!("{done} That was the last level - well done! (any key)"),
                )?;
                wait_key()?;
                return Ok(());
            }
            // The solved board stays until a key, as on the Ace.
            draw(
                &game,
                index - 1,
                levels.len(),
                &format!("SOLVED! {done} Press a key for level {}.", index + 1),
            )?;
            wait_key()?;
            game = Game::new(&levels[index]);
        } else if game.all_goals_covered() {
            message = "Every goal is covered, but some numbers do not match.".into();
        }
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

fn draw(game: &Game, index: usize, count: usize, message: &str) -> anyhow::Result<()> {
    let level = game.level();
    let mut out = std::io::stdout().lock();
    queue!(out, term::Clear(term::ClearType::All), cursor::MoveTo(0, 0))?;
    let title = level.notes.title.as_deref().unwrap_or("(untitled)");
    write!(out, "Sokoban  level {}/{count}  \"{title}\"\r\n", index + 1)?;
    write!(
        out,
        "Moves {}   Pushes {}\r\n\r\n",
        game.moves(),
        game.pushes()
    )?;
    for row in terminal::draw(game) {
        for (c, look) in row {
            match look {
                Look::Plain => queue!(out, Print(c))?,
                Look::Inverse => queue!(
                    out,
                    SetAttribute(Attribute::Reverse),
                    Print(c),
                    SetAttribute(Attribute::NoReverse)
                )?,
                Look::Placed => queue!(
                    out,
                    SetForegroundColor(Color::Green),
                    SetAttribute(Attribute::Reverse),
                    SetAttribute(Attribute::Bold),
                    Print(c),
                    SetAttribute(Attribute::Reset),
                    ResetColor
                )?,
            }
        }
        write!(out, "\r\n")?;
    }
    write!(out, "\r\n{message}\r\n")?;
    out.flush()?;
    Ok(())
}
