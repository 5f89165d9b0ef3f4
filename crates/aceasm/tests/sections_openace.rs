//! The packer on a real program: the open ROM (roms/openace/main.asm, 8 KB, thousands of
//! labels, macros, a DEFL chain through every word header, JRs) with every INCLUDE wrapped
//! in its own floating SECTION and one PACK region from where the ROM's code starts to the
//! pseudo entry at 0x1FFD, packed INORDER. Source-order first fit into one gap is exactly
//! sequential assembly, so the image and every symbol must come out as the plain source's:
//! the expected values are the plain assembly's, which does not use sections at all.

use std::path::PathBuf;

fn rom_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../roms/openace")
}

/// main.asm with INCLUDE paths made absolute (assemble_str resolves them from the current
/// directory) and, when `wrap`, each INCLUDE in its own section plus the PACK region.
fn main_source(wrap: bool) -> String {
    let dir = rom_dir();
    let text = std::fs::read_to_string(dir.join("main.asm")).expect("main.asm");
    let mut out = String::new();
    let mut seen_org = false;
    let mut labelled = false;
    for (n, line) in text.lines().enumerate() {
        let code = line.split(';').next().unwrap_or("").trim();
        let upper = code.to_ascii_uppercase();
        seen_org |= upper.starts_with("ORG");
        if let Some(rest) = upper.strip_prefix("INCLUDE") {
            let name = code[code.len() - rest.len()..].trim().trim_matches('"');
            let include = format!("        INCLUDE \"{}\"\n", dir.join(name).display());
            if !wrap {
                out += &include;
                continue;
            }
            if seen_org && !labelled {
                // Where the ROM's code after the fixed restarts begins.
                out += "pack_lo:\n";
                labelled = true;
            }
            out += &format!("        SECTION inc{n}\n{include}        ENDS\n");
        } else {
            out += line;
            out += "\n";
        }
    }
    if wrap {
        out += "        PACK pack_lo, 0x1FFD, INORDER\n";
    }
    out
}

#[test]
fn the_open_rom_packed_in_order_is_byte_identical_to_the_plain_assembly() {
    let plain =
        aceasm::assemble_str("main.asm", &main_source(false)).unwrap_or_else(|e| panic!("{e}"));
    let packed =
        aceasm::assemble_str("main.asm", &main_source(true)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(plain.bytes.len(), 8192);
    assert!(plain.sections.is_empty());
    assert!(packed.sections.len() >= 10, "{:?}", packed.sections);
    assert!(
        packed.bytes == plain.bytes,
        "the packed ROM differs from the plain one at 0x{:04X}",
        packed
            .bytes
            .iter()
            .zip(&plain.bytes)
            .position(|(a, b)| a != b)
            .unwrap_or(0)
    );
    // Every symbol has the same value, except the two that mark the outer position: the
    // label the test adds and `rom_code_end` (after the sections, where the outer code
    // continues: the start of the region, since sections take no room in place).
    let packed_syms: Vec<_> = packed
        .symbols
        .iter()
        .filter(|(n, _)| n != "pack_lo" && n != "rom_code_end")
        .collect();
    let plain_syms: Vec<_> = plain
        .symbols
        .iter()
        .filter(|(n, _)| n != "rom_code_end")
        .collect();
    assert_eq!(packed_syms, plain_syms);
    assert_eq!(packed.symbol("rom_code_end"), packed.symbol("pack_lo"));
    // The sections follow each other without a gap from pack_lo.
    let lo = packed.symbol("pack_lo").unwrap() as usize;
    let mut at = lo;
    for s in packed.sections.iter().filter(|s| s.len > 0) {
        assert_eq!(s.start as usize, at, "{s:?}");
        at += s.len;
    }
    assert_eq!(plain.symbol("rom_code_end"), Some(at as i64));
    // What is left of the region (nothing when the ROM is full to 0x1FFD).
    let left: Vec<(u16, usize)> = if at < 0x1FFD {
        vec![(at as u16, 0x1FFD - at)]
    } else {
        Vec::new()
    };
    assert_eq!(packed.gaps, left);
}
