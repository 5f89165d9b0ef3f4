//! The packer on a real program: the open ROM (roms/openace/main.asm), whose headers are
//! pinned sections at the original Ace's addresses (pins.asm) with the code between them in
//! floating pieces. Checked here at the assembler's level: every `<label>_pin` constant is
//! where its label ended up; the sections and free gaps tile the PACK region without
//! overlap; the build is deterministic. (The ROM's own tests check the addresses against
//! the spec's tables: tests/openrom_compat.rs.)

use std::path::PathBuf;

fn assemble() -> aceasm::Assembly {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../roms/openace/main.asm");
    aceasm::assemble_file(&path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_pin_holds_and_the_sections_tile_the_rom() {
    let a = assemble();
    assert_eq!(a.bytes.len(), 8192);
    let mut pins = 0;
    for (name, value) in &a.symbols {
        let Some(label) = name.strip_suffix("_pin") else {
            continue;
        };
        if let Some(at) = a.symbol(label) {
            assert_eq!(at, *value, "{label} is not at its pin");
            pins += 1;
        }
    }
    assert!(pins > 150, "only {pins} pinned labels found");
    // Sections (by address) and gaps never overlap, and stay below the pseudo entry.
    let mut spans: Vec<(usize, usize)> = a
        .sections
        .iter()
        .filter(|s| s.len > 0)
        .map(|s| (s.start as usize, s.start as usize + s.len))
        .chain(
            a.gaps
                .iter()
                .map(|&(lo, len)| (lo as usize, lo as usize + len)),
        )
        .collect();
    spans.sort();
    for w in spans.windows(2) {
        assert!(w[0].1 <= w[1].0, "overlap: {:?} and {:?}", w[0], w[1]);
    }
    assert!(spans.last().unwrap().1 <= 0x1FFD);
    // Deterministic: the same image and symbols again.
    let b = assemble();
    assert!(a.bytes == b.bytes && a.symbols == b.symbols);
}
