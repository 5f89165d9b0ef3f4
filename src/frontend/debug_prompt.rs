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
    dbg.sink = Some(Box::new(print_out));
    // A script runs flat out: it is a test or a batch job, nobody watches it live.
    dbg.on_frame = None;
    let mut stdout = std::io::stdout();
    for (i, line) in text.lines().enumerate() {
        if !line.trim().is_empty() && !line.trim_start().starts_with('#') {
            writeln!(stdout, "(ace) {}", line.trim())?;
        }
        let before = dbg.failures;
        let mut out = String::new();
        let flow = dbg.command(ace, line, runner, &mut out);
        stdout.write_all(out.as_bytes())?;
        if dbg.failures > before {
            eprintln!("aceemu: {}:{}: {}", script.display(), i + 1, line.trim());
        }
        if flow == Flow::Quit || super::stop_signal::requested() {
            break;
        }
    }
    let mut out = String::new();
    dbg.close(&mut out);
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    match dbg.failures {
        0 => Ok(()),
        n => anyhow::bail!(
            "{} in {} failed or {} refused",
            crate::plural::count(n as usize, "command"),
            script.display(),
            if n == 1 { "was" } else { "were" }
        ),
    }
}

/// The debugger's sink on a terminal: output as it is made; false when stdout fails.
fn print_out(text: &str) -> bool {
    let mut stdout = std::io::stdout();
    stdout.write_all(text.as_bytes()).is_ok() && stdout.flush().is_ok()
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
    dbg.sink = Some(Box::new(print_out));
    // `continue` runs at the Ace's own speed (`speed max` runs flat out).
    let mut pacer = super::pacing::FramePacer::new();
    dbg.on_frame = Some(Box::new(move || pacer.wait_frame()));
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
    let mut out = String::new();
    dbg.close(&mut out);
    print!("{out}");
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
