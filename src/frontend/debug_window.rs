//! `aceemu run --debug` with a window: the debugger's prompt runs in the terminal on a
//! thread of its own (rustyline) and sends each command line here, where the window's
//! loop owns the machine and the debugger. While the machine is stopped the window keeps
//! showing the screen (and what commands such as `poke` or `type` change) and answers to
//! being closed; a panel beside the screen shows the registers, the data stack and the
//! Forth word running. `continue` (and `finish`, `fstep`, ...) run a frame per window
//! update at the Ace's speed, with the window's keys going to the Ace; F9 or Pause in the
//! window, or Ctrl-C in the terminal, break in. F1 shows the keys, F12 (or closing the
//! window) ends the run.
//!
//! The panel is drawn with the open ROM's character set (our own, taken from a scratch
//! open-ROM machine after its cold start), so it reads the same whatever the running
//! program does to the Ace's character RAM, and already at power-on.

use super::host_keys::WindowInput;
use super::pacing::FramePacer;
use super::window::{BORDER, WINDOW_HEIGHT, WINDOW_WIDTH};
use super::{help, FrameRunner};
use crate::debug::{panel, Debugger, Flow};
use crate::machine::ula::{self, SCREEN_HEIGHT, SCREEN_WIDTH};
use crate::machine::{Ace, RamSize};
use anyhow::Context;
use minifb::Key as HostKey;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

/// The panel's width in window pixels (before scaling): its text and a margin each side.
pub const PANEL_WIDTH: usize = panel::WIDTH * 8 + 2 * PANEL_MARGIN;
const PANEL_MARGIN: usize = 4;
const PANEL_ROWS: usize = (WINDOW_HEIGHT - 2 * PANEL_MARGIN) / 8;
/// The strip below the screen and the panel: the code pane and the memory pane.
const STRIP_ROWS: usize = 9;
const STRIP_HEIGHT: usize = STRIP_ROWS * 8 + 2 * PANEL_MARGIN;
/// The whole window before scaling.
const LOGICAL_WIDTH: usize = WINDOW_WIDTH + PANEL_WIDTH;
const LOGICAL_HEIGHT: usize = WINDOW_HEIGHT + STRIP_HEIGHT;
/// Where the memory pane starts, in pixels from the left.
const MEMORY_X: usize = LOGICAL_WIDTH - PANEL_MARGIN - panel::MEMORY_WIDTH * 8;
const PANEL_PAPER: u32 = 0x0020_2830;
const PANEL_INK: u32 = 0x00E0_E0E0;
const PANEL_HEADING: u32 = 0x00F0_C040;

/// The keys the debugger's window knows (F1 shows them; the Ace's keys as in the window).
pub const HELP: [&str; 16] = [
    "aceemu debugger     F1/Esc close",
    "",
    "Commands are typed in the",
    "terminal (help lists them).",
    "",
    "F9 or Pause  break in (stop)",
    "Ctrl-C (terminal)  break in",
    "continue     run on",
    "F12 / close  quit",
    "",
    "While it runs, keys go to the",
    "Ace as in the normal window:",
    "Shift SHIFT, Ctrl SYMBOL SHIFT,",
    "Esc BREAK, Bksp DELETE.",
    "",
    "Panel: registers, stack, word",
];

/// The debugger window's settings (`aceemu run --debug --scale N --mute`).
#[derive(Debug, Clone)]
pub struct Options {
    /// Integer scale factor, 1 to 8.
    pub scale: usize,
    /// Play sound while the machine runs, if a device is there.
    pub audio: bool,
}

/// What the window's loop sends the prompt thread.
enum Reply {
    /// Text to print.
    Text(String),
    /// The machine is stopped: read the next command.
    Prompt,
    /// The run is over.
    Quit,
}

/// The open ROM's character set after its cold start.
fn panel_font() -> [u8; 1024] {
    let mut ace = Ace::new(crate::rom::open::open_rom(), RamSize::K3).expect("an 8 KB ROM");
    ace.run_frames(3);
    *ace.char_ram()
}

/// The terminal's settings at the start, put back when the window ends the run while the
/// prompt thread is still reading a line (rustyline keeps the terminal in raw mode then,
/// and the thread is not waited for).
struct TerminalMode {
    #[cfg(unix)]
    saved: Option<libc::termios>,
}

impl TerminalMode {
    fn save() -> TerminalMode {
        #[cfg(unix)]
        {
            // SAFETY: tcgetattr writes a termios for fd 0 when it succeeds.
            let saved = unsafe {
                let mut t: libc::termios = std::mem::zeroed();
                (libc::isatty(0) == 1 && libc::tcgetattr(0, &mut t) == 0).then_some(t)
            };
            TerminalMode { saved }
        }
        #[cfg(not(unix))]
        TerminalMode {}
    }

    fn restore(&self) {
        #[cfg(unix)]
        if let Some(t) = &self.saved {
            // SAFETY: restores settings read from the same descriptor.
            unsafe {
                libc::tcsetattr(0, libc::TCSANOW, t);
            }
        }
    }
}

/// The prompt: reads lines (history, editing), sends them, prints the replies until the
/// machine stops again. End of input is `quit`.
fn prompt_thread(commands: Sender<String>, replies: Receiver<Reply>) {
    use rustyline::error::ReadlineError;
    use std::io::Write as _;
    let mut editor = match rustyline::DefaultEditor::new() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("aceemu: no line editor: {e}");
            let _ = commands.send("quit".into());
            return;
        }
    };
    let mut last = String::new();
    loop {
        // Print what comes until the machine is stopped.
        loop {
            match replies.recv() {
                Ok(Reply::Text(text)) => {
                    print!("{text}");
                    let _ = std::io::stdout().flush();
                }
                Ok(Reply::Prompt) => break,
                Ok(Reply::Quit) | Err(_) => return,
            }
        }
        let line = loop {
            match editor.readline("(ace) ") {
                Ok(line) => break line,
                Err(ReadlineError::Interrupted) => continue,
                Err(_) => break "quit".into(),
            }
        };
        let line = super::debug_prompt::command_of(&line, &mut last, &mut editor);
        if commands.send(line).is_err() {
            return;
        }
    }
}

/// False where a window surely cannot open (no X11 or Wayland display named).
pub fn display_available() -> bool {
    #[cfg(all(unix, not(target_os = "macos")))]
    {
        let set = |v: &str| std::env::var_os(v).is_some_and(|s| !s.is_empty());
        set("DISPLAY") || set("WAYLAND_DISPLAY")
    }
    #[cfg(not(all(unix, not(target_os = "macos"))))]
    true
}

/// Runs the debugger with the window until `quit`, F12, the window is closed, or end of
/// input at the prompt.
pub fn run(
    ace: &mut Ace,
    dbg: &mut Debugger,
    options: &Options,
    mut runner: FrameRunner,
) -> anyhow::Result<()> {
    if !display_available() {
        anyhow::bail!(
            "no display available (DISPLAY is not set); use `aceemu run --headless --debug`"
        );
    }
    // Capped to the screen; the connection that asked is kept until the window is open.
    let screen = super::screen_fit::Screen::query();
    let scale = screen.scale_for(options.scale.clamp(1, 8), (LOGICAL_WIDTH, LOGICAL_HEIGHT));
    let (width, height) = (LOGICAL_WIDTH * scale, LOGICAL_HEIGHT * scale);
    let mut window = minifb::Window::new(
        "aceemu debugger",
        width,
        height,
        minifb::WindowOptions::default(),
    )
    .map_err(|e| {
        anyhow::anyhow!("cannot open a window ({e}); without a display use `aceemu run --headless`")
    })?;
    drop(screen);
    let mut input = WindowInput::default();
    window.set_input_callback(Box::new(input.callback()));
    let audio = if options.audio {
        super::audio_out()
            .map_err(|e| eprintln!("aceemu: no sound: {e:#}"))
            .ok()
    } else {
        None
    };
    if let Some(out) = &audio {
        ace.set_audio_rate(out.rate());
    }
    let font = panel_font();
    dbg.windowed = true;
    dbg.continue_limit = None;
    dbg.break_in = super::stop_signal::take;

    let terminal = TerminalMode::save();
    let (command_tx, command_rx) = mpsc::channel::<String>();
    let (reply_tx, reply_rx) = mpsc::channel::<Reply>();
    let prompt = std::thread::spawn(move || prompt_thread(command_tx, reply_rx));
    let say = |r: Reply| {
        let _ = reply_tx.send(r);
    };
    say(Reply::Text(
        "aceemu debugger: the machine is stopped at power-on; `help` lists the commands, \
         F9 in the window or Ctrl-C here breaks in\n"
            .into(),
    ));
    say(Reply::Prompt);

    let mut picture = vec![0u32; SCREEN_WIDTH * SCREEN_HEIGHT];
    let mut buffer = vec![0u32; width * height];
    let mut pacer = FramePacer::new();
    let mut samples: Vec<f32> = Vec::new();
    let mut showing_help = false;
    let mut title = String::new();
    let mut quit_by_command = false;
    let mut prompt_alive = true;

    while window.is_open() {
        let running = dbg.is_running();
        let physical = window.get_keys();
        let frame_input = input.take_events(&physical, running && !showing_help);
        if showing_help && frame_input.chars.contains(&'\u{1b}') {
            showing_help = false;
        }
        let pause = window.is_key_pressed(HostKey::Pause, minifb::KeyRepeat::No);
        let mut quit = false;
        let mut break_in = pause;
        for key in &frame_input.commands {
            match key {
                HostKey::F1 => showing_help = !showing_help,
                HostKey::F9 => break_in = true,
                HostKey::F12 => quit = true,
                _ => {}
            }
        }
        if quit {
            break;
        }
        if running && (break_in || super::stop_signal::take()) {
            let mut out = String::new();
            dbg.interrupt(ace, &mut out);
            say(Reply::Text(out));
            say(Reply::Prompt);
        }

        // A command, while stopped.
        if !dbg.is_running() {
            match command_rx.try_recv() {
                Ok(line) => {
                    // A Ctrl-C that came while the terminal was not reading is forgotten.
                    super::stop_signal::take();
                    let mut out = String::new();
                    let flow = dbg.command(ace, &line, &mut runner, &mut out);
                    say(Reply::Text(out));
                    match flow {
                        Flow::Stay => say(Reply::Prompt),
                        Flow::Quit => {
                            quit_by_command = true;
                            break;
                        }
                        Flow::Running => pacer.restart(),
                    }
                }
                Err(mpsc::TryRecvError::Empty) => {}
                Err(mpsc::TryRecvError::Disconnected) => {
                    prompt_alive = false;
                    break;
                }
            }
        }

        // A frame of the run (keys played onto the matrix first, as the window does).
        if dbg.is_running() {
            let held: &[HostKey] = &physical;
            input.play(ace, held);
            let mut out = String::new();
            let still = dbg.advance(ace, &mut runner, &mut out);
            if !out.is_empty() {
                say(Reply::Text(out));
            }
            if !still {
                say(Reply::Prompt);
            }
            if let Some(sound) = &audio {
                samples.clear();
                ace.take_audio_into(&mut samples);
                // Paced by the system clock: a queue grown long (the sound card's clock
                // a little slower) is dropped rather than heard ever later.
                if sound.queued() > 4 * sound.target_queue() {
                    sound.clear();
                }
                sound.push(&samples);
            }
        }

        let new_title = if dbg.is_running() {
            "aceemu debugger — running (F9 or Pause breaks in, F1 help)".to_string()
        } else {
            "aceemu debugger — stopped: commands in the terminal (F1 help)".to_string()
        };
        if new_title != title {
            window.set_title(&new_title);
            title = new_title;
        }
        ace.render(&mut picture);
        if showing_help {
            ula::render(&help::screen_of(&HELP), &font, &mut picture);
        }
        let panes = Panes {
            panel: dbg.panel(ace, PANEL_ROWS),
            code: dbg.code_pane(ace, STRIP_ROWS),
            memory: dbg.memory_pane(ace, STRIP_ROWS),
        };
        compose(&picture, &panes, &font, scale, &mut buffer);
        window
            .update_with_buffer(&buffer, width, height)
            .context("cannot draw the window")?;
        if dbg.is_running() {
            pacer.wait_frame();
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let mut out = String::new();
    dbg.close(&mut out);
    if !out.is_empty() {
        say(Reply::Text(out));
    }
    // The prompt thread ends by itself after `quit` (it waits for this reply); else it may
    // be reading a line: the terminal is put back and the thread left to end with the
    // process.
    say(Reply::Quit);
    if quit_by_command || !prompt_alive {
        let _ = prompt.join();
    } else {
        terminal.restore();
        println!();
    }
    Ok(())
}

/// The picture inside its border, and the panel to its right, scaled by `scale`.
/// The text beside and below the Ace's screen.
struct Panes {
    panel: Vec<String>,
    code: Vec<String>,
    memory: Vec<String>,
}

fn compose(picture: &[u32], panes: &Panes, font: &[u8; 1024], scale: usize, out: &mut [u32]) {
    let logical_width = LOGICAL_WIDTH;
    let mut frame = vec![0u32; logical_width * LOGICAL_HEIGHT];
    for (y, row) in picture.chunks(SCREEN_WIDTH).enumerate() {
        let at = (BORDER + y) * logical_width + BORDER;
        frame[at..at + SCREEN_WIDTH].copy_from_slice(row);
    }
    for y in 0..LOGICAL_HEIGHT {
        let from = if y < WINDOW_HEIGHT { WINDOW_WIDTH } else { 0 };
        frame[y * logical_width + from..(y + 1) * logical_width].fill(PANEL_PAPER);
    }
    let mut text = |lines: &[String], x0: usize, y0: usize, width: usize| {
        for (row, line) in lines.iter().enumerate() {
            draw_line(&mut frame, font, line, x0, y0 + row * 8, width);
        }
    };
    text(
        &panes.panel,
        WINDOW_WIDTH + PANEL_MARGIN,
        PANEL_MARGIN,
        panel::WIDTH,
    );
    let strip = WINDOW_HEIGHT + PANEL_MARGIN;
    text(&panes.code, PANEL_MARGIN, strip, panel::CODE_WIDTH);
    text(&panes.memory, MEMORY_X, strip, panel::MEMORY_WIDTH);
    let width = logical_width * scale;
    for (y, row) in frame.chunks(logical_width).enumerate() {
        let start = y * scale * width;
        for (x, &p) in row.iter().enumerate() {
            out[start + x * scale..start + (x + 1) * scale].fill(p);
        }
        for dy in 1..scale {
            out.copy_within(start..start + width, start + dy * width);
        }
    }
}

/// One line of pane text at (x0, y0) in the unscaled frame, at most `width` characters; a
/// heading (a first word of capitals) in the heading colour, `>` (PC) too.
fn draw_line(frame: &mut [u32], font: &[u8; 1024], line: &str, x0: usize, y0: usize, width: usize) {
    let heading = line.starts_with('>')
        || line.split(' ').next().is_some_and(|w| {
            // Capitals, and not a hex address (BFFC): at least one letter past F.
            w.len() > 2 && w.chars().all(|c| c.is_ascii_uppercase()) && w.chars().any(|c| c > 'F')
        });
    let ink = if heading { PANEL_HEADING } else { PANEL_INK };
    for (col, ch) in line.chars().enumerate().take(width) {
        let code = if (' '..='\u{7f}').contains(&ch) {
            ch as usize
        } else {
            b'?' as usize
        };
        for (dy, &bits) in font[code * 8..code * 8 + 8].iter().enumerate() {
            let y = y0 + dy;
            let x = x0 + col * 8;
            for dx in 0..8 {
                if bits & (0x80 >> dx) != 0 {
                    frame[y * LOGICAL_WIDTH + x + dx] = ink;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::ula::{COLUMNS, ROWS};

    #[test]
    fn the_help_fits_the_ace_screen() {
        assert!(HELP.len() + 1 < ROWS);
        for line in HELP {
            assert!(line.len() <= COLUMNS && line.is_ascii(), "{line:?}");
        }
    }

    #[test]
    fn the_panel_is_drawn_right_of_the_bordered_picture() {
        let mut picture = vec![0u32; SCREEN_WIDTH * SCREEN_HEIGHT];
        picture[0] = 0xFFFFFF;
        let font = panel_font();
        let panes = Panes {
            panel: vec!["I".to_string()],
            code: vec!["I".to_string()],
            memory: vec!["I".to_string()],
        };
        let w = LOGICAL_WIDTH;
        let mut out = vec![7u32; w * LOGICAL_HEIGHT * 2 * 2];
        compose(&picture, &panes, &font, 2, &mut out);
        let at = |x: usize, y: usize| out[y * 2 * w + x];
        assert_eq!(at(0, 0), 0);
        assert_eq!(at(2 * BORDER, 2 * BORDER), 0xFFFFFF);
        assert_eq!(at(2 * BORDER + 1, 2 * BORDER + 1), 0xFFFFFF);
        // The panel's paper, and ink somewhere in the first character cell ("I").
        assert_eq!(at(2 * WINDOW_WIDTH, 0), PANEL_PAPER);
        let cell_has_ink = (0..16).any(|dy| {
            (0..16).any(|dx| {
                at(
                    2 * (WINDOW_WIDTH + PANEL_MARGIN) + dx,
                    2 * PANEL_MARGIN + dy,
                ) == PANEL_INK
            })
        });
        assert!(cell_has_ink);
        // The code pane below the picture on the left, the memory pane on the right.
        let ink_at = |x0: usize, y0: usize| {
            (0..16).any(|dy| (0..16).any(|dx| at(2 * x0 + dx, 2 * y0 + dy) == PANEL_INK))
        };
        assert!(ink_at(PANEL_MARGIN, WINDOW_HEIGHT + PANEL_MARGIN));
        assert!(ink_at(MEMORY_X, WINDOW_HEIGHT + PANEL_MARGIN));
        const { assert!(MEMORY_X >= PANEL_MARGIN + panel::CODE_WIDTH * 8) };
        // The font is the open ROM's: "I" is not blank, a space is.
        assert!(font[b'I' as usize * 8..][..8].iter().any(|&b| b != 0));
        assert!(font[b' ' as usize * 8..][..8].iter().all(|&b| b == 0));
    }
}
