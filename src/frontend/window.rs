//! The Ace in a window (minifb): integer scaling with a black border, exact 50.08 Hz
//! pacing (by the sound card's clock when sound is on, else by the system clock), sound,
//! pause, reset, turbo, screenshots, and the title showing the ROM and the tape.
//!
//! Host keys: letters, digits, SPACE and ENTER are the Ace's keys; Shift is SHIFT, Ctrl is
//! SYMBOL SHIFT (so Ctrl+P gives `"` the Ace way). Symbols typed the host's way (`;`, `(`,
//! Shift+1 for `!`, ...) are typed with the Ace's SYMBOL SHIFT for you. Backspace = DELETE,
//! arrows = the cursor keys, Caps Lock = CAPS LOCK, Insert = INVERSE VIDEO, Tab = GRAPHICS,
//! Delete = DELETE LINE, Esc = BREAK (SHIFT+SPACE).
//! F2 screenshot, F5 reset, F6 tape play/stop, F7 rewind, F9 pause, F10 turbo.
//! Every key press reaches the Ace, in order, at any typing speed and with rollover: the
//! presses are played onto the matrix one at a time, with the timing the ROM's scanner
//! needs (see [`super::key_player`]). With `ACEEMU_DEBUG_KEYS` set, the host key events
//! and the strokes made of them are printed to stderr.
//! Checked by hand under Xvfb with xdotool: ENTER reaches the guest, F2 writes a PNG, the
//! title shows the ROM, tape and last message, and `xdotool type --delay 1` of a whole
//! line (`: SQ DUP * ; 7 SQ .`, capitals and symbols) arrives whole and prints 49.

use super::host_keys::WindowInput;
use super::pacing::FramePacer;
use super::screenshot;
use super::{DeckControl, FrameRunner};
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
    /// Integer scale factor, 1 to 8.
    pub scale: usize,
    /// Shown in the title bar.
    pub rom_name: String,
    /// Play sound if a device is there.
    pub audio: bool,
    /// Where F2 puts screenshots.
    pub screenshot_dir: PathBuf,
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

/// Runs the window until it is closed.
pub fn run(
    mut ace: Ace,
    options: &WindowOptions,
    mut deck: Option<Box<dyn DeckControl>>,
    mut runner: FrameRunner,
) -> anyhow::Result<()> {
    check_display()?;
    let scale = options.scale.clamp(1, 8);
    let (width, height) = (WINDOW_WIDTH * scale, WINDOW_HEIGHT * scale);
    let mut window = minifb::Window::new("aceemu", width, height, minifb::WindowOptions::default())
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot open a window ({e}); without a display use `aceemu run --headless`"
            )
        })?;
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

    let mut picture = vec![0u32; SCREEN_WIDTH * SCREEN_HEIGHT];
    let mut buffer = vec![0u32; width * height];
    let mut pacer = FramePacer::new();
    let (mut paused, mut turbo) = (false, false);
    let mut title = String::new();
    let mut message: Option<(String, Instant)> = None;

    while window.is_open() && !super::stop_signal::requested() {
        // Keys.
        let physical = window.get_keys();
        let frame_input = input.take_events(&physical);
        for key in frame_input.commands {
            match key {
                HostKey::F2 => {
                    ace.render(&mut picture);
                    let path = screenshot::free_name(&options.screenshot_dir, "aceemu");
                    let text = match screenshot::write_png(
                        &path,
                        &picture,
                        SCREEN_WIDTH,
                        SCREEN_HEIGHT,
                        false,
                    ) {
                        Ok(()) => format!("saved {}", path.display()),
                        Err(e) => format!("screenshot failed: {e:#}"),
                    };
                    eprintln!("aceemu: {text}");
                    message = Some((text, Instant::now()));
                }
                HostKey::F5 => {
                    ace.reset();
                    input.clear(&mut ace);
                }
                HostKey::F6 => {
                    if let Some(deck) = deck.as_mut() {
                        deck.toggle_play();
                    }
                }
                HostKey::F7 => {
                    if let Some(deck) = deck.as_mut() {
                        deck.rewind();
                    }
                }
                HostKey::F9 => {
                    paused = !paused;
                    pacer.restart();
                }
                HostKey::F10 => {
                    turbo = !turbo;
                    pacer.restart();
                }
                _ => {}
            }
        }

        // Emulate.
        if !paused {
            input.play(&mut ace, &physical);
        }
        let fast_tape = ace.tape_mut().is_some_and(|t| t.is_playing());
        if paused {
            std::thread::sleep(Duration::from_millis(20));
        } else if turbo || fast_tape {
            let start = Instant::now();
            while start.elapsed() < Duration::from_millis(18) {
                runner(&mut ace);
            }
            ace.take_audio();
            if let Some(out) = &audio {
                out.clear();
            }
            pacer.restart();
        } else {
            if let Some(out) = &audio {
                // Paced by the sound card: wait until the queue wants more (at most a few
                // frames, in case the device stalls).
                let start = Instant::now();
                while out.queued() >= out.target_queue()
                    && start.elapsed() < Duration::from_millis(100)
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            runner(&mut ace);
            let samples = ace.take_audio();
            if let Some(out) = &audio {
                out.push(&samples);
            }
        }

        // Title.
        let mut new_title = format!("aceemu — {}", options.rom_name);
        match &deck {
            Some(deck) => new_title += &format!(" — tape: {}", deck.status()),
            None => new_title += " — no tape",
        }
        if paused {
            new_title += " — paused (F9)";
        } else if turbo {
            new_title += " — turbo (F10)";
        } else if fast_tape {
            new_title += " — loading fast";
        }
        if let Some((text, at)) = &message {
            if at.elapsed() < Duration::from_secs(3) {
                new_title += &format!(" — {text}");
            }
        }
        if new_title != title {
            window.set_title(&new_title);
            title = new_title;
        }

        // Picture.
        ace.render(&mut picture);
        compose(&picture, scale, &mut buffer);
        window
            .update_with_buffer(&buffer, width, height)
            .context("cannot draw the window")?;
        if !paused && !turbo && !fast_tape {
            if audio.is_some() {
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
