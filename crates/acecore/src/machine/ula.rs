//! Frame timing, the interrupt line, and the picture (spec section 3).
//!
//! Machine time is counted from power-on; frame `n` spans T-states
//! `[n·FRAME_TSTATES, (n+1)·FRAME_TSTATES)` and starts with the vertical-sync row, during
//! which the interrupt line is held for `INT_TSTATES`. The picture is rendered from video
//! RAM and character RAM as they are when asked (no raster effects: the spec gives no
//! contention or mid-frame timing the ROM depends on).

/// T-states per scan line.
pub const LINE_TSTATES: u64 = 208;
/// Lines per frame.
pub const FRAME_LINES: u64 = 312;
/// T-states per frame (50.08 Hz).
pub const FRAME_TSTATES: u64 = LINE_TSTATES * FRAME_LINES;
/// How long the interrupt line is held at the start of each frame.
pub const INT_TSTATES: u64 = 8 * LINE_TSTATES;

/// Picture size in pixels (no border: the border is black and carries nothing).
pub const SCREEN_WIDTH: usize = 256;
pub const SCREEN_HEIGHT: usize = 192;
/// Character cells.
pub const COLUMNS: usize = 32;
pub const ROWS: usize = 24;

/// Colours of the white-on-black picture, as 0x00RRGGBB.
pub const INK: u32 = 0x00FF_FFFF;
pub const PAPER: u32 = 0x0000_0000;

/// Renders the 32x24 cells to a 256x192 frame buffer of 0x00RRGGBB, row-major.
/// `screen` is the 768 screen bytes, `char_ram` the 128 8x8 patterns. A cell with bit 7
/// set is shown with all its pixels complemented.
pub fn render(screen: &[u8], char_ram: &[u8; 1024], out: &mut [u32]) {
    assert!(
        out.len() >= SCREEN_WIDTH * SCREEN_HEIGHT,
        "frame buffer must hold 256x192 pixels"
    );
    for row in 0..ROWS {
        for col in 0..COLUMNS {
            let code = screen[row * COLUMNS + col];
            let pattern = &char_ram[(code as usize & 0x7F) * 8..][..8];
            let invert = if code & 0x80 != 0 { 0xFF } else { 0x00 };
            for (line, &bits) in pattern.iter().enumerate() {
                let bits = bits ^ invert;
                let start = (row * 8 + line) * SCREEN_WIDTH + col * 8;
                for (x, pixel) in out[start..start + 8].iter_mut().enumerate() {
                    *pixel = if bits & (0x80 >> x) != 0 { INK } else { PAPER };
                }
            }
        }
    }
}

/// Unicode quadrant blocks indexed by TL=1, TR=2, BL=4, BR=8.
const QUADRANTS: [char; 16] = [
    ' ', '▘', '▝', '▀', '▖', '▌', '▞', '▛', '▗', '▚', '▐', '▜', '▄', '▙', '▟', '█',
];

/// The character a screen code shows, per the ROM's character set (spec 3.1): ASCII for
/// 0x20-0x7E with 0x60 = '£' and 0x7F = '©'; codes 0x00-0x1F are the 2x2 block graphics,
/// shown as Unicode quadrant blocks (for an inverse cell, the complemented blocks, which is
/// what the screen shows). Inverse text is shown as its plain character.
pub fn char_for_code(code: u8) -> char {
    let inverse = code & 0x80 != 0;
    match code & 0x7F {
        c @ 0x00..=0x1F => {
            // Ace pattern bits: 0 = top right, 1 = top left, 2 = bottom right.
            let mut mask = 0;
            if c & 1 != 0 {
                mask |= 2;
            }
            if c & 2 != 0 {
                mask |= 1;
            }
            if c & 4 != 0 {
                mask |= 8;
            }
            if inverse {
                mask ^= 15;
            }
            QUADRANTS[mask]
        }
        0x60 => '£',
        0x7F => '©',
        c => c as char,
    }
}

/// Whether `c` can appear in [`screen_text`]: a character some screen code shows, or the
/// '\n' between lines. Text made of other characters (`é`, a tab, '`', which the Ace
/// shows as '£') can never be found on the screen.
pub fn can_show(c: char) -> bool {
    c == '\n' || (0..=0x7F).any(|code| char_for_code(code) == c || char_for_code(code | 0x80) == c)
}

/// Markers around inverse runs in [`screen_text_marked`]; the Ace cannot show them itself.
pub const INVERSE_START: char = '⟦';
pub const INVERSE_END: char = '⟧';

/// 24 lines of 32 characters, '\n'-separated (no trailing newline).
pub fn screen_text(screen: &[u8]) -> String {
    marked(screen, "", "")
}

/// Like [`screen_text`], with every run of inverse cells enclosed in ⟦ ⟧ (so lines holding
/// inverse cells are longer than 32 characters).
pub fn screen_text_marked(screen: &[u8]) -> String {
    marked(screen, &INVERSE_START.to_string(), &INVERSE_END.to_string())
}

/// Like [`screen_text`], with inverse runs in ANSI reverse video, for terminals.
pub fn screen_text_ansi(screen: &[u8]) -> String {
    marked(screen, "\x1b[7m", "\x1b[0m")
}

/// The screen's lines with `start` and `end` around every run of inverse cells.
fn marked(screen: &[u8], start: &str, end: &str) -> String {
    let mut text = String::with_capacity(ROWS * (COLUMNS + 1) * 2);
    for (row, cells) in screen.chunks(COLUMNS).take(ROWS).enumerate() {
        if row > 0 {
            text.push('\n');
        }
        let mut inverse = false;
        for &code in cells {
            let cell_inverse = code & 0x80 != 0 && code & 0x7F >= 0x20;
            if cell_inverse != inverse {
                text.push_str(if cell_inverse { start } else { end });
                inverse = cell_inverse;
            }
            text.push(char_for_code(code));
        }
        if inverse {
            text.push_str(end);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_numbers_match_the_spec() {
        assert_eq!(FRAME_TSTATES, 64_896);
        assert_eq!(INT_TSTATES, 1_664);
        // 50 frames in 3,244,800 T.
        assert_eq!(50 * FRAME_TSTATES, 3_244_800);
    }

    #[test]
    fn block_graphics_follow_the_quadrant_rule() {
        assert_eq!(char_for_code(0x10), ' ');
        assert_eq!(char_for_code(0x11), '▝');
        assert_eq!(char_for_code(0x12), '▘');
        assert_eq!(char_for_code(0x14), '▗');
        assert_eq!(char_for_code(0x17), '▜');
        assert_eq!(char_for_code(0x90), '█');
        assert_eq!(char_for_code(0x97), '▖');
        assert_eq!(char_for_code(0x60), '£');
        assert_eq!(char_for_code(0xC1), 'A');
    }

    #[test]
    fn characters_the_screen_can_show() {
        for c in ['A', 'z', ' ', '~', '£', '©', '▘', '█', '\n'] {
            assert!(can_show(c), "{c:?}");
        }
        for c in ['`', 'é', '\t', '\r', '⟦', '\u{7F}'] {
            assert!(!can_show(c), "{c:?}");
        }
    }

    #[test]
    fn inverse_runs_are_marked() {
        let mut screen = [0x20u8; 768];
        screen[0] = b'O' | 0x80;
        screen[1] = b'K' | 0x80;
        screen[2] = b'!';
        let text = screen_text_marked(&screen);
        assert!(text.starts_with("⟦OK⟧!"), "{text}");
        assert!(screen_text(&screen).starts_with("OK!"));
    }
}
