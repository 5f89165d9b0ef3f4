//! The Ace in a window (minifb): integer scaling with a black border, exact 50.08 Hz
//! pacing (by the sound card's clock when sound is on, else by the system clock), sound,
//! and the keys a user of other emulators expects, shown by F1: F2 screenshot, F3 open a
//! tape or snapshot, F4 save a snapshot, F5 reset, F6 tape play/stop, F7 rewind, F8 speed
//! (1x, 2x, 4x, max), F9 pause, F10 turbo, F12 quit. The title shows the ROM, the tape,
//! the speed and the last message.
//!
//! Host keys: letters, digits, SPACE and ENTER are the Ace's keys; Shift is SHIFT, Ctrl is
//! SYMBOL SHIFT (so Ctrl+P gives `"` the Ace way). Symbols typed the host's way (`;`, `(`,
//! Shift+1 for `!`, ...) are typed with the Ace's SYMBOL SHIFT for you. Backspace = DELETE,
//! arrows = the cursor keys, Caps Lock = CAPS LOCK, Insert = INVERSE VIDEO, Tab = GRAPHICS,
//! Delete = DELETE LINE, Esc = BREAK (SHIFT+SPACE).
//! Every key press reaches the Ace, in order, at any typing speed and with rollover: the
//! presses are played onto the matrix one at a time, with the timing the ROM's scanner
//! needs, and each held (and its release kept) until a running program has read it (see
//! [`super::key_player`]). With `ACEEMU_DEBUG_KEYS` set, the host key events
//! and the strokes made of them are printed to stderr.
//!
//! minifb cannot take files dropped on the window, so F3 asks for a file name in the
//! title bar instead.
//! Checked by hand under Xvfb with xdotool: typing at 12, 30 and 100 ms per key and with
//! rollover arrives whole, F1 shows the help, F2 writes a PNG, F3 loads a tape or .ace,
//! F4 saves a .ace, F8 changes the speed shown in the title, F12 quits.

use super::file_prompt::{self, FilePrompt, PromptKey};
use super::host_keys::WindowInput;
use super::pacing::FramePacer;
use super::{help, screenshot};
use super::{DeckControl, FrameRunner, TapeOpener};
use crate::machine::ula::{SCREEN_HEIGHT, SCREEN_WIDTH};
use crate::machine::Ace;
use anyhow::{bail, Context};
use minifb::Key as HostKey;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Black border around the picture, in Ace pixels on each side (cosmetic).
pub const BORDER: usize = 16;
pub const WINDOW_WIDTH: usize = SCREEN_WIDTH + 2 * BORDER;
pub const WINDOW_HEIGHT: usize = SCREEN_HEIGHT + 2 * BORDER;

#[derive(Debug, Clone)]
pub struct WindowOptions {
    /// Integer scale factor, 1 to 8 (less if the window would not fit on the screen).
    pub scale: usize,
    /// Shown in the title bar.
    pub rom_name: String,
    /// Play sound if a device is there.
    pub audio: bool,
    /// Where F2 puts screenshots and F4 snapshots.
    pub screenshot_dir: PathBuf,
    /// Each Ace pixel of an F2 screenshot as an N x N block (1-8); `None`: the scale the
    /// window opened at.
    pub screenshot_scale: Option<usize>,
    /// Turn CAPS LOCK on at the prompt, at start and after F5 (`--caps-lock`).
    pub caps_lock: bool,
}

/// Emulation speed (F8 steps through them, F10 toggles `Max`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speed {
    /// Frames per paced frame: 1 (real time), 2, 4.
    Times(u32),
    /// Flat out, sound off.
    Max,
}

impl Speed {
    /// The next speed for F8: 1x, 2x, 4x, max, then 1x again.
    pub fn next(self) -> Speed {
        match self {
            Speed::Times(1) => Speed::Times(2),
            Speed::Times(2) => Speed::Times(4),
            Speed::Times(_) => Speed::Max,
            Speed::Max => Speed::Times(1),
        }
    }

    fn label(self) -> String {
        match self {
            Speed::Times(n) => format!("{n}x"),
            Speed::Max => "max".into(),
        }
    }
}

fn check_display() -> anyhow::Result<()> {
    #[cfg(all(unix, not(target_os = "macos")))]
    {
        let set = |v: &str| std::env::var_os(v).is_some_and(|s| !s.is_empty());
        if !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
            bail!("no display available (DISPLAY is not set); use `aceemu run --headless` instead");
        }
    }
    Ok(())
}

/// The window's state besides the machine.
struct Session {
    deck: Option<Box<dyn DeckControl>>,
    runner: FrameRunner,
    open_tape: Option<TapeOpener>,
    message: Option<(String, Instant)>,
}

impl Session {
    fn say(&mut self, text: String) {
        eprintln!("aceemu: {text}");
        self.message = Some((text, Instant::now()));
    }

    /// F3: a `.ace` snapshot is loaded into the machine, anything else goes in the deck.
    fn open(&mut self, ace: &mut Ace, input: &mut WindowInput, name: &str) {
        let path = &file_prompt::expand_home(name.trim());
        if crate::tape::snapshot_glue::is_snapshot_path(path) {
            match crate::tape::snapshot_glue::load_snapshot_file(ace, path) {
                Ok(()) => {
                    input.clear(ace);
                    self.say(format!("loaded {}", path.display()));
                }
                Err(e) => self.say(format!("{e:#}")),
            }
            return;
        }
        let Some(open_tape) = self.open_tape.as_mut() else {
            self.say(
                "cannot change the tape while recording (--save-to, --save-wav): \
                 start aceemu again with the tape"
                    .into(),
            );
            return;
        };
        match open_tape(ace, path) {
            Ok((deck, runner)) => {
                self.deck = Some(deck);
                self.runner = runner;
                self.say(format!("tape {}: type LOAD NAME", path.display()));
            }
            Err(e) => self.say(format!("{e:#}")),
        }
    }
}

/// F2: the picture as a PNG in the screenshot folder, at --screenshot-scale or else the
/// window's `window_scale`.
fn screenshot(ace: &Ace, options: &WindowOptions, window_scale: usize) -> String {
    let mut picture = vec![0u32; SCREEN_WIDTH * SCREEN_HEIGHT];
    ace.render(&mut picture);
    let scale = options.screenshot_scale.unwrap_or(window_scale).clamp(1, 8);
    let picture = screenshot::scaled(&picture, SCREEN_WIDTH, scale);
    let path = screenshot::free_name(&options.screenshot_dir, "aceemu", "png");
    match screenshot::write_png(
        &path,
        &picture,
        SCREEN_WIDTH * scale,
        SCREEN_HEIGHT * scale,
        false,
    ) {
        Ok(()) => format!("saved {}", path.display()),
        Err(e) => format!("screenshot failed: {e:#}"),
    }
}

/// F4: the machine as a `.ace` snapshot in the screenshot folder.
fn save_snapshot(ace: &Ace, options: &WindowOptions) -> String {
    let path = screenshot::free_name(&options.screenshot_dir, "aceemu", "ace");
    match crate::tape::snapshot_glue::save_snapshot_file(ace, &path, false) {
        Ok(()) => format!("saved {}", path.display()),
        Err(e) => format!("snapshot not saved: {e:#}"),
    }
}

/// Runs the window until it is closed, F12 is pressed, or Ctrl-C / SIGTERM arrives.
/// `open_tape` puts a file chosen with F3 into the deck (`None`: the tape cannot be
/// changed, e.g. while recording).
pub fn run(
    mut ace: Ace,
    options: &WindowOptions,
    deck: Option<Box<dyn DeckControl>>,
    runner: FrameRunner,
    open_tape: Option<TapeOpener>,
) -> anyhow::Result<()> {
    check_display()?;
    let screen = super::screen_fit::Screen::query();
    let scale = screen.scale_for(options.scale.clamp(1, 8), (WINDOW_WIDTH, WINDOW_HEIGHT));
    let (width, height) = (WINDOW_WIDTH * scale, WINDOW_HEIGHT * scale);
    let mut window = minifb::Window::new("aceemu", width, height, minifb::WindowOptions::default())
        .map_err(|e| {
            // The detail says which step failed (minifb's Display shows only the kind).
            let detail = match &e {
                minifb::Error::WindowCreate(detail) => detail.clone(),
                other => other.to_string(),
            };
            anyhow::anyhow!(
                "cannot open a window ({detail}); without a display use `aceemu run --headless`"
            )
        })?;
    drop(screen);
    let mut input = WindowInput::default();
    window.set_input_callback(Box::new(input.callback()));

    let audio = if options.audio {
        match super::audio_out() {
            Ok(out) => {
                ace.set_audio_rate(out.rate());
                Some(out)
            }
            Err(e) => {
                eprintln!("aceemu: no sound: {e:#}");
                None
            }
        }
    } else {
        None
    };

    let mut session = Session {
        deck,
        runner,
        open_tape,
        message: None,
    };
    let mut picture = vec![0u32; SCREEN_WIDTH * SCREEN_HEIGHT];
    let mut buffer = vec![0u32; width * height];
    let mut pacer = FramePacer::new();
    // The beeper's samples of one window update, the buffer reused.
    let mut samples: Vec<f32> = Vec::new();
    let mut paused = false;
    let mut speed = Speed::Times(1);
    let mut showing_help = false;
    let mut prompt = FilePrompt::default();
    let mut title = String::new();
    let mut dropped_keys = 0;

    while window.is_open() && !super::stop_signal::requested() {
        // Keys: to the Ace, or to the help or the prompt while they are up.
        let physical = window.get_keys();
        let for_the_ace = !showing_help && !prompt.is_open();
        let frame_input = input.take_events(&physical, for_the_ace);
        if input.dropped() > dropped_keys {
            dropped_keys = input.dropped();
            session.say(format!(
                "typed too far ahead: {} dropped (at most {} wait)",
                crate::plural::count_as(dropped_keys, "key press", "key presses"),
                super::key_player::MAX_QUEUED_STROKES
            ));
        }
        if prompt.is_open() {
            match prompt.edit(&frame_input.chars) {
                PromptKey::Typing | PromptKey::Cancelled => {}
                PromptKey::Done(name) => {
                    if !name.trim().is_empty() {
                        session.open(&mut ace, &mut input, &name);
                        prompt.opened(name.trim());
                    }
                }
            }
        } else if showing_help && frame_input.chars.contains(&'\u{1b}') {
            showing_help = false;
        }
        let mut quit = false;
        for key in frame_input.commands {
            match key {
                HostKey::F1 => showing_help = !showing_help,
                HostKey::F2 => {
                    let text = screenshot(&ace, options, scale);
                    session.say(text);
                }
                HostKey::F3 => {
                    if session.open_tape.is_none() {
                        // Say it now, not after a whole path is typed.
                        session.say(
                            "recording (--save-to, --save-wav): F3 opens only a .ace snapshot; \
                             to change the tape start aceemu again with it"
                                .into(),
                        );
                    }
                    prompt.open();
                }
                HostKey::F4 => {
                    let text = save_snapshot(&ace, options);
                    session.say(text);
                }
                HostKey::F5 => {
                    ace.reset();
                    input.clear(&mut ace);
                    if options.caps_lock {
                        ace.caps_lock_at_prompt();
                    }
                }
                HostKey::F6 => {
                    if let Some(deck) = session.deck.as_mut() {
                        deck.toggle_play();
                    }
                }
                HostKey::F7 => {
                    if let Some(deck) = session.deck.as_mut() {
                        deck.rewind();
                    }
                }
                HostKey::F8 => {
                    speed = speed.next();
                    pacer.restart();
                }
                HostKey::F9 => {
                    paused = !paused;
                    pacer.restart();
                }
                HostKey::F10 => {
                    speed = match speed {
                        Speed::Max => Speed::Times(1),
                        _ => Speed::Max,
                    };
                    pacer.restart();
                }
                HostKey::F12 => quit = true,
                _ => {}
            }
        }
        if quit {
            break;
        }

        // Emulate (not while the help or the prompt is up).
        let stopped = paused || showing_help || prompt.is_open();
        let fast_tape = ace.tape_mut().is_some_and(|t| t.is_playing());
        // The keys are played frame by frame, also when many frames run per window
        // update (2x, 4x, max). Above real time a held key is not held on: held for a
        // moment of real time it would last long enough for the ROM to repeat it.
        let real_time = speed == Speed::Times(1) && !fast_tape;
        let held: &[HostKey] = if real_time { &physical } else { &[] };
        let session_runner = &mut session.runner;
        let mut runner = |ace: &mut Ace| {
            input.play(ace, held);
            session_runner(ace);
        };
        if stopped {
            std::thread::sleep(Duration::from_millis(20));
        } else if speed == Speed::Max || fast_tape {
            let start = Instant::now();
            while start.elapsed() < Duration::from_millis(18) {
                runner(&mut ace);
            }
            if let Some(out) = &audio {
                // Rendered and dropped, so sound picks up where 1x resumes.
                samples.clear();
                ace.take_audio_into(&mut samples);
                out.clear();
            }
            pacer.restart();
        } else if let Speed::Times(n @ 2..) = speed {
            // Faster than real time but paced: n frames per frame period, sound off.
            for _ in 0..n {
                runner(&mut ace);
            }
            if let Some(out) = &audio {
                // Rendered and dropped, so sound picks up where 1x resumes.
                samples.clear();
                ace.take_audio_into(&mut samples);
                out.clear();
            }
        } else {
            if let Some(out) = &audio {
                // Paced by the sound card: wait until the queue wants more (at most a few
                // frames, in case the device stalls).
                let start = Instant::now();
                while out.queued() >= out.target_queue()
                    && start.elapsed() < Duration::from_millis(100)
                    && !super::stop_signal::requested()
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            runner(&mut ace);
            // No sound device: no sound is rendered at all.
            if let Some(out) = &audio {
                samples.clear();
                ace.take_audio_into(&mut samples);
                out.push(&samples);
            }
        }

        // Title. The open ROM's name already starts with "aceemu"; say it once.
        let rom = options
            .rom_name
            .strip_prefix("aceemu ")
            .unwrap_or(&options.rom_name);
        let mut new_title = format!("aceemu — {rom}");
        match &session.deck {
            Some(deck) => new_title += &format!(" — tape: {}", deck.status()),
            None => new_title += " — no tape",
        }
        if let Some(text) = prompt.text() {
            let what = if session.open_tape.is_some() {
                "tape or .ace"
            } else {
                "a .ace snapshot only: recording"
            };
            new_title =
                format!("aceemu — open ({what}; Tab completes, Enter opens, Esc cancels): {text}_");
            if let Some(hint) = prompt.hint() {
                new_title += &format!("  [{hint}]");
            }
        } else if showing_help {
            new_title += " — help (F1 closes)";
        } else if paused {
            new_title += " — paused (F9)";
        } else if speed != Speed::Times(1) {
            new_title += &format!(" — speed {} (F8)", speed.label());
        } else if fast_tape {
            new_title += " — loading fast";
        } else {
            new_title += " — F1 help";
        }
        if let Some((text, at)) = &session.message {
            if at.elapsed() < Duration::from_secs(4) && !prompt.is_open() {
                new_title += &format!(" — {text}");
            }
        }
        if new_title != title {
            window.set_title(&new_title);
            title = new_title;
        }

        // Picture.
        ace.render(&mut picture);
        if showing_help {
            help::draw(ace.char_ram(), &mut picture);
        }
        compose(&picture, scale, &mut buffer);
        window
            .update_with_buffer(&buffer, width, height)
            .context("cannot draw the window")?;
        let paced_by_sound = speed == Speed::Times(1) && audio.is_some();
        if !stopped && speed != Speed::Max && !fast_tape {
            if paced_by_sound {
                pacer.restart();
            } else {
                pacer.wait_frame();
            }
        }
    }
    Ok(())
}

/// Scales the 256x192 picture by `scale` into `out`, inside a black border.
fn compose(picture: &[u32], scale: usize, out: &mut [u32]) {
    let width = WINDOW_WIDTH * scale;
    out.fill(0);
    for (y, row) in picture.chunks(SCREEN_WIDTH).enumerate() {
        let top = (BORDER + y) * scale;
        let line_start = top * width + BORDER * scale;
        {
            let line = &mut out[line_start..line_start + SCREEN_WIDTH * scale];
            for (x, &p) in row.iter().enumerate() {
                line[x * scale..(x + 1) * scale].fill(p);
            }
        }
        for dy in 1..scale {
            out.copy_within(
                line_start..line_start + SCREEN_WIDTH * scale,
                line_start + dy * width,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f8_steps_through_1x_2x_4x_max_and_back() {
        let mut speed = Speed::Times(1);
        let mut seen = vec![];
        for _ in 0..5 {
            seen.push(speed.label());
            speed = speed.next();
        }
        assert_eq!(seen, ["1x", "2x", "4x", "max", "1x"]);
    }

    #[test]
    fn compose_scales_and_borders() {
        let mut picture = vec![0u32; SCREEN_WIDTH * SCREEN_HEIGHT];
        picture[0] = 0xFFFFFF;
        picture[SCREEN_WIDTH * SCREEN_HEIGHT - 1] = 0x123456;
        let mut out = vec![7u32; WINDOW_WIDTH * WINDOW_HEIGHT * 4];
        compose(&picture, 2, &mut out);
        let w = WINDOW_WIDTH * 2;
        let at = |x: usize, y: usize| out[y * w + x];
        assert_eq!(at(0, 0), 0);
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            assert_eq!(at(2 * BORDER + dx, 2 * BORDER + dy), 0xFFFFFF);
        }
        assert_eq!(at(2 * BORDER + 2, 2 * BORDER), 0);
        let (lx, ly) = (
            2 * (BORDER + SCREEN_WIDTH) - 1,
            2 * (BORDER + SCREEN_HEIGHT) - 1,
        );
        assert_eq!(at(lx, ly), 0x123456);
        assert_eq!(at(lx + 1, ly), 0);
    }
}
