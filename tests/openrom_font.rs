//! The open ROM's character set after a cold start (roms/openace/font.asm): block graphics
//! by the rule of ace-hardware.md 3.1, and 96 glyphs of our own for 0x20-0x7F.

use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::open_rom;

fn booted_char_ram() -> [u8; 1024] {
    let mut ace = Ace::new(open_rom(), RamSize::K3).expect("8 KB");
    ace.run_frames(3);
    *ace.char_ram()
}

fn glyph(ram: &[u8; 1024], code: usize) -> &[u8] {
    &ram[code * 8..code * 8 + 8]
}

/// The spec's rule, written out here independently: bit 0 top-right, bit 1 top-left,
/// bit 2 bottom-right; quadrants of 4x4 pixels; bottom-left never lit.
fn block_pattern(code: usize) -> [u8; 8] {
    let top = if code & 2 != 0 { 0xF0 } else { 0 } | if code & 1 != 0 { 0x0F } else { 0 };
    let bottom = if code & 4 != 0 { 0x0F } else { 0 };
    [top, top, top, top, bottom, bottom, bottom, bottom]
}

#[test]
fn codes_0_to_1f_are_the_block_graphics() {
    let ram = booted_char_ram();
    for code in 0..0x20 {
        assert_eq!(
            glyph(&ram, code),
            block_pattern(code & 7),
            "code {code:#04X}"
        );
    }
}

#[test]
fn block_graphics_with_inverse_give_all_16_quadrant_sets() {
    let ram = booted_char_ram();
    let mut seen = std::collections::BTreeSet::new();
    for code in 0x10..0x18 {
        let g = glyph(&ram, code);
        let quads = |g: &[u8]| {
            (g[0] >> 4 != 0) as u8
                | ((g[0] & 15 != 0) as u8) << 1
                | ((g[4] >> 4 != 0) as u8) << 2
                | ((g[4] & 15 != 0) as u8) << 3
        };
        seen.insert(quads(g));
        let inv: Vec<u8> = g.iter().map(|b| !b).collect();
        seen.insert(quads(&inv));
    }
    assert_eq!(seen.len(), 16);
}

#[test]
fn space_is_blank_and_every_other_glyph_is_visible_and_distinct() {
    let ram = booted_char_ram();
    assert!(
        glyph(&ram, 0x20).iter().all(|&b| b == 0),
        "space must be blank"
    );
    for code in 0x21..0x80 {
        assert!(
            glyph(&ram, code).iter().any(|&b| b != 0),
            "glyph {code:#04X} is empty"
        );
    }
    for a in 0x20..0x80 {
        for b in a + 1..0x80 {
            assert_ne!(
                glyph(&ram, a),
                glyph(&ram, b),
                "glyphs {a:#04X} and {b:#04X} are the same"
            );
        }
    }
    // (space and block graphic 0 are both blank)
    for code in 0x21..0x80 {
        for block in 0..0x20 {
            assert_ne!(glyph(&ram, code), glyph(&ram, block), "{code:#04X}");
        }
    }
}

#[test]
fn letters_and_digits_leave_a_gap_between_cells() {
    // the design keeps column 0 and columns 6-7 clear for letters and digits so that
    // neighbouring characters never touch
    let ram = booted_char_ram();
    let codes = (b'0'..=b'9').chain(b'A'..=b'Z').chain(b'a'..=b'z');
    for code in codes {
        for (row, &bits) in glyph(&ram, code as usize).iter().enumerate() {
            assert_eq!(bits & 0x83, 0, "{} row {row}: {bits:08b}", code as char);
        }
    }
}

#[test]
fn lower_case_differs_from_upper_case() {
    let ram = booted_char_ram();
    for c in b'a'..=b'z' {
        assert_ne!(
            glyph(&ram, c as usize),
            glyph(&ram, (c - 32) as usize),
            "{}",
            c as char
        );
    }
}
