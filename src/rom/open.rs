//! The open ROM: aceemu's own clean-room Ace Forth, assembled from `roms/openace/*.asm` by
//! `build.rs` with the project's assembler, and its symbol table (every label: code-field
//! addresses such as `dup_cfa`, runtimes such as `lit16_rt`, internal routines).

/// The 8 KB open ROM image.
pub fn open_rom() -> &'static [u8; 8192] {
    static IMAGE: &[u8; 8192] = include_bytes!(concat!(env!("OUT_DIR"), "/openace.rom"));
    IMAGE
}

/// Every symbol of the open ROM's source as (name, value), sorted by name.
pub fn open_rom_symbols() -> &'static [(&'static str, u16)] {
    static SYMBOLS: &[(&str, u16)] = include!(concat!(env!("OUT_DIR"), "/openace_symbols.rs"));
    SYMBOLS
}

/// The value of one symbol of the open ROM (e.g. `"dup_cfa"`, `"lit16_rt"`, `"next"`).
pub fn open_rom_symbol(name: &str) -> Option<u16> {
    let symbols = open_rom_symbols();
    symbols
        .binary_search_by(|(n, _)| n.cmp(&name))
        .ok()
        .map(|i| symbols[i].1)
}

/// A placed section of the open ROM: (name, start, length, pinned), by address.
pub type PlacedSection = (&'static str, u16, usize, bool);

/// Where the assembler's packer put the open ROM's sections (pinned headers, runtimes and
/// routines at the original's addresses; the code between them packed), and the free gaps
/// (start, length) left in 0x0000-0x1FFC.
pub fn open_rom_layout() -> (&'static [PlacedSection], &'static [(u16, usize)]) {
    static LAYOUT: (&[PlacedSection], &[(u16, usize)]) =
        include!(concat!(env!("OUT_DIR"), "/openace_layout.rs"));
    LAYOUT
}

/// The symbol file text (`name EQU value` lines), as written next to the image.
pub fn open_rom_symbol_file() -> &'static str {
    include_str!(concat!(env!("OUT_DIR"), "/openace.sym"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_starts_with_the_cold_start_jump() {
        let rom = open_rom();
        // DI, then JP cold_start (ace-forth.md 1: 0x0000 is the cold start).
        assert_eq!(rom[0], 0xF3);
        assert_eq!(rom[1], 0xC3);
        let target = u16::from_le_bytes([rom[2], rom[3]]);
        assert_eq!(Some(target), open_rom_symbol("cold_start"));
    }

    #[test]
    fn symbols_are_sorted_and_found() {
        let symbols = open_rom_symbols();
        assert!(symbols.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(open_rom_symbol("rom_top_entry"), Some(0x1FFF));
        assert_eq!(open_rom_symbol("no such symbol"), None);
    }
}
