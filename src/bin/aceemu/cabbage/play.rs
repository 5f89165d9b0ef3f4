//! `aceemu cabbage play`: the game in a terminal, in raw mode on the alternate screen,
//! one cycle every ~0.13 s or at once when a key comes, as the original.

use crate::raw_terminal::RawTerminal;
use aceemu::games::cabbage::{Description, Engine};
use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, queue, terminal as term};
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// The original waits 2^17 microseconds for a key.
pub const ORIGINAL_CYCLE_MS: u64 = 131;

enum Input {
    Key(Option<u8>),
    Quit,
}

/// Waits until `deadline` for a key; the first character key ends the wait.
fn wait_key(deadline: Instant) -> anyhow::Result<Input> {
    loop {
        let now = Instant::now();
        if now >= deadline {
            return Ok(Input::Key(None));
        }
        if !event::poll(deadline - now)? {
            return Ok(Input::Key(None));
        }
        let Event::Key(key) = event::read()? else {
            continue;
        };
        if key.kind == KeyEventKind::Release {
            continue;
        }
        match key.code {
            KeyCode::Esc => return Ok(Input::Quit),
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                return Ok(Input::Quit)
            }
            KeyCode::Char(c) if c.is_ascii() => return Ok(Input::Key(Some(c as u8))),
            KeyCode::Enter => return Ok(Input::Key(Some(b'\n'))),
            _ => {}
        }
    }
}

pub fn run(
    file: &Path,
    d: &Description,
    cycle_ms: u64,
    end_tile: Option<u8>,
) -> anyhow::Result<()> {
    let mut engine = Engine::new(d);
    let _raw = RawTerminal::enter("cabbage play", " (`aceemu cabbage run` prints cycles)")?;
    let name = file.display().to_string();
    loop {
        let over = end_tile.is_some_and(|t| engine.raw().contains(&t));
        draw(&engine, &name, over)?;
        if over {
            while !matches!(event::read()?, Event::Key(k) if k.kind == KeyEventKind::Press) {}
            return Ok(());
        }
        match wait_key(Instant::now() + Duration::from_millis(cycle_ms))? {
            Input::Quit => return Ok(()),
            Input::Key(key) => engine.step(key),
        }
    }
}

fn draw(engine: &Engine, name: &str, over: bool) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    queue!(out, cursor::MoveTo(0, 0), term::Clear(term::ClearType::All))?;
    for line in engine.text().lines() {
        // Raw mode: a line feed does not return the carriage.
        write!(out, "{line}\r\n")?;
    }
    let status = if over {
        "The end tile appeared: game over (any key)".to_string()
    } else {
        format!("{name}  cycle {}  (Esc quits)", engine.cycle())
    };
    write!(out, "\r\n{status}\r\n")?;
    out.flush()?;
    Ok(())
}
