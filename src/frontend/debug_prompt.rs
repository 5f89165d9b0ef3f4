//! The debugger's front end: commands from a script file or from the terminal, output to
//! standard output. The machine starts stopped at power-on; `continue` runs it.

use crate::debug::{Debugger, Flow};
use crate::machine::Ace;
use std::io::Write;
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
    let text = crate::input_file::read_text(script)?;
    dbg.continue_limit = Some(max_frames);
    // Ctrl-C or SIGTERM ends a script: the running command stops, no more are read.
    dbg.break_in = super::stop_signal::requested;
    let stdout = std::io::stdout();
    for line in text.lines() {
        let mut out = String::new();
        let flow = dbg.command(ace, line, runner, &mut out);
        let mut lock = stdout.lock();
        if !line.trim().is_empty() && !line.trim_start().starts_with('#') {
            writeln!(lock, "(ace) {}", line.trim())?;
        }
        lock.write_all(out.as_bytes())?;
        if flow == Flow::Quit || super::stop_signal::requested() {
            break;
        }
    }
    Ok(())
}

/// Reads commands from the terminal (line editing and history by rustyline) until `quit`
/// or end of input. Ctrl-C during `continue` breaks into the prompt; at the prompt it
/// clears the line. An empty line repeats the last command, as in gdb.
pub fn run_prompt(
    ace: &mut Ace,
    dbg: &mut Debugger,
    runner: &mut dyn FnMut(&mut Ace),
) -> anyhow::Result<()> {
    use rustyline::error::ReadlineError;
    dbg.break_in = super::stop_signal::take;
    let mut editor = rustyline::DefaultEditor::new()?;
    println!("aceemu debugger: the machine is stopped at power-on; `help` lists the commands");
    let mut last = String::new();
    loop {
        let line = match editor.readline("(ace) ") {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e.into()),
        };
        let line = command_of(&line, &mut last, &mut editor);
        let mut out = String::new();
        let flow = dbg.command(ace, &line, runner, &mut out);
        print!("{out}");
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}

/// The command a typed line stands for: an empty line repeats the last command (as in
/// gdb); any other line is trimmed, kept in the history and remembered as the last.
pub(crate) fn command_of(
    line: &str,
    last: &mut String,
    editor: &mut rustyline::DefaultEditor,
) -> String {
    if !line.trim().is_empty() {
        let _ = editor.add_history_entry(line);
        *last = line.trim().to_string();
    }
    last.clone()
}
