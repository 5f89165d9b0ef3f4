//! The open ROM stores the glyphs as a nibble stream (the ROW macro in
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
fn the_packed_font_is_one_nibble_per_common_row() {
    // The encoding (font.asm): a row among the 15 most frequent rows of the source is one
    // nibble (its index), any other row is the escape nibble and two more. The 15 are
    // counted here from the source's rows, independently of the ROM's table.
    let rows = source_rows();
    let mut counts = std::collections::HashMap::new();
    for &r in &rows {
        *counts.entry(r).or_insert(0usize) += 1;
    }
    let mut by_count: Vec<(usize, u8)> = counts.iter().map(|(&r, &n)| (n, r)).collect();
    by_count.sort_by(|a, b| b.cmp(a));
    let common: Vec<u8> = by_count.iter().take(15).map(|&(_, r)| r).collect();
    let nibbles: usize = rows
        .iter()
        .map(|r| if common.contains(r) { 1 } else { 3 })
        .sum();
    let start = aceemu::rom::open::open_rom_symbol("font_glyphs").expect("font_glyphs") as usize;
    let end = aceemu::rom::open::open_rom_symbol("font_glyphs_end").expect("end") as usize;
    assert_eq!(end - start, nibbles.div_ceil(2));
    assert!(
        end - start < 94 * 5 + 2 * 8,
        "smaller than the column packing it replaced"
    );
    let table = aceemu::rom::open::open_rom_symbol("font_rows").expect("font_rows") as usize;
    let rom = open_rom();
    let mut rom_table = rom[table..table + 15].to_vec();
    let mut want = common.clone();
    rom_table.sort_unstable();
    want.sort_unstable();
    assert_eq!(
        rom_table, want,
        "the ROM's table holds the 15 most frequent rows"
    );
}
