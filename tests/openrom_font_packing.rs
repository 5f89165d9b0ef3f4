//! The open ROM stores the glyphs as a bit stream (the ROW macro in
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

/// The code length in bits of the row with index `i` in the table (font.asm): k 1 bits
/// and a 0, then k + 1 bits, where class k holds indexes 2^(k+1) - 2 .. 2^(k+2) - 3.
fn code_bits(i: usize) -> usize {
    let mut k = 0;
    while i + 2 >= 1 << (k + 2) {
        k += 1;
    }
    2 * k + 2
}

#[test]
fn the_packed_font_is_a_prefix_code_over_rows_by_frequency() {
    // The encoding (font.asm): the table font_rows holds every row of the source, the most
    // frequent first; a row with index i is coded in code_bits(i) bits. The counts and the
    // size are computed here from the source's rows, independently of the ROM.
    let rows = source_rows();
    let mut counts = std::collections::HashMap::new();
    for &r in &rows {
        *counts.entry(r).or_insert(0usize) += 1;
    }
    let mut by_count: Vec<usize> = counts.values().copied().collect();
    by_count.sort_unstable_by(|a, b| b.cmp(a));
    let bits: usize = by_count
        .iter()
        .enumerate()
        .map(|(i, n)| n * code_bits(i))
        .sum();
    let start = aceemu::rom::open::open_rom_symbol("font_glyphs").expect("font_glyphs") as usize;
    let end = aceemu::rom::open::open_rom_symbol("font_glyphs_end").expect("end") as usize;
    assert_eq!(end - start, bits.div_ceil(8));
    assert!(
        end - start < 441,
        "smaller than the nibble packing it replaced"
    );
    let table = aceemu::rom::open::open_rom_symbol("font_rows").expect("font_rows") as usize;
    let rom = open_rom();
    let rom_table = &rom[table..table + counts.len()];
    let table_counts: Vec<usize> = rom_table.iter().map(|r| counts[r]).collect();
    assert_eq!(
        table_counts, by_count,
        "the ROM's table holds every row once, the most frequent first"
    );
}
