//! The terminal games' raw mode (keys act without Enter) on the alternate screen, for
//! `mazezam play`, `sokoban play` and `cabbage play`.

use anyhow::{bail, Context};
use crossterm::{cursor, execute, terminal as term};
use std::io::IsTerminal;

/// Puts the terminal back when dropped, also on errors and panics.
pub struct RawTerminal;

impl RawTerminal {
    /// Switches to raw mode and the alternate screen, refused (naming `command`, with
    /// `hint` after it) when standard input or output is not a terminal.
    pub fn enter(command: &str, hint: &str) -> anyhow::Result<RawTerminal> {
        if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
            bail!(
                "`aceemu {command}` needs a terminal: standard input and output must not be \
                 redirected{hint}"
            );
        }
        term::enable_raw_mode().context("cannot switch the terminal to raw mode")?;
        let guard = RawTerminal;
        execute!(std::io::stdout(), term::EnterAlternateScreen, cursor::Hide)?;
        Ok(guard)
    }
}

impl Drop for RawTerminal {
    fn drop(&mut self) {
        let _ = execute!(std::io::stdout(), cursor::Show, term::LeaveAlternateScreen);
        let _ = term::disable_raw_mode();
    }
}
