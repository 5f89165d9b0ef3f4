//! The open ROM stores most glyphs packed by columns (the ROW macro in
//! roms/openace/font.asm) and unpacks them at cold start. The source's rows are the
//! design: after a cold start, character RAM 0x20-0x7F must hold exactly those rows.

use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::open_rom;

/// The rows written in font.asm, glyph by glyph: every `ROW %bbbbbbbb` or `DB %bbbbbbbb`
/// line after `font_glyphs:`.
fn source_rows() -> Vec<u8> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/roms/openace/font.asm");
    let text = std::fs::read_to_string(path).expect("font.asm");
    let glyphs = text
        .split_once("\nfont_glyphs:")
        .expect("font_glyphs label")
        .1;
    glyphs
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let bits = l.strip_prefix("ROW %").or_else(|| l.strip_prefix("DB %"))?;
            Some(u8::from_str_radix(&bits[..8], 2).expect("8 binary digits"))
        })
        .collect()
}

#[test]
fn the_installed_glyphs_are_the_rows_of_the_source() {
    let rows = source_rows();
    assert_eq!(rows.len(), 96 * 8, "96 glyphs of 8 rows in font.asm");
    let mut ace = Ace::new(open_rom(), RamSize::K3).expect("8 KB");
    ace.run_frames(3);
    let ram = ace.char_ram();
    for code in 0x20..0x80usize {
        assert_eq!(
            &ram[code * 8..code * 8 + 8],
            &rows[(code - 0x20) * 8..(code - 0x20) * 8 + 8],
            "glyph {code:#04X}"
        );
    }
}

#[test]
fn the_packed_font_is_smaller_than_plain_rows() {
    // 94 glyphs of 5 column bytes and 2 full-width glyphs of 8 rows.
    let rom = open_rom();
    let start = aceemu::rom::open::open_rom_symbol("font_glyphs").expect("font_glyphs") as usize;
    let end = aceemu::rom::open::open_rom_symbol("font_glyphs_end").expect("end") as usize;
    assert_eq!(end - start, 94 * 5 + 2 * 8);
    assert!(rom.len() == 8192);
}
