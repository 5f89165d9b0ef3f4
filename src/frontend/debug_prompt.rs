//! The debugger's front end: commands from a script file or from the terminal, output to
//! standard output. The machine starts stopped at power-on; `continue` runs it.

use crate::debug::{Debugger, Flow};
use crate::machine::Ace;
use std::io::{BufRead, Write};
use std::path::Path;

/// Runs the commands of `script` in order (each echoed after `(ace) `), then stops.
/// A script's `continue` without a frame count runs at most `max_frames` frames.
pub fn run_script(
    ace: &mut Ace,
    dbg: &mut Debugger,
    script: &Path,
    runner: &mut dyn FnMut(&mut Ace),
    max_frames: u64,
) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(script)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", script.display()))?;
    dbg.continue_limit = Some(max_frames);
    let stdout = std::io::stdout();
    for line in text.lines() {
        let mut out = String::new();
        let flow = dbg.command(ace, line, runner, &mut out);
        let mut lock = stdout.lock();
        if !line.trim().is_empty() && !line.trim_start().starts_with('#') {
            writeln!(lock, "(ace) {}", line.trim())?;
        }
        lock.write_all(out.as_bytes())?;
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}

/// Reads commands from the terminal until `quit` or end of input. Ctrl-C during
/// `continue` breaks into the prompt (the handler sets the debugger's interrupt flag).
pub fn run_prompt(
    ace: &mut Ace,
    dbg: &mut Debugger,
    runner: &mut dyn FnMut(&mut Ace),
) -> anyhow::Result<()> {
    dbg.break_in = super::stop_signal::take;
    let stdin = std::io::stdin();
    let mut last = String::new();
    loop {
        print!("(ace) ");
        std::io::stdout().flush()?;
        let mut line = String::new();
        if stdin.lock().read_line(&mut line)? == 0 {
            break;
        }
        // An empty line repeats the last command, as in gdb.
        let line = if line.trim().is_empty() {
            last.clone()
        } else {
            line.trim().to_string()
        };
        last = line.clone();
        let mut out = String::new();
        let flow = dbg.command(ace, &line, runner, &mut out);
        print!("{out}");
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}
