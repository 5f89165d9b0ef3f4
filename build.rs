//! Assembles the open ROM (roms/openace/main.asm) with the project's own assembler and
//! writes the 8 KB image and a generated symbol table to OUT_DIR (see src/rom/open.rs).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let rom_dir = Path::new("roms/openace");
    watch_asm_files(rom_dir);
    let main_asm = rom_dir.join("main.asm");
    let assembly = match aceasm::assemble_file(&main_asm) {
        Ok(a) => a,
        Err(errors) => {
            eprintln!("error: the open ROM does not assemble:");
            for e in errors.errors() {
                eprintln!("  {e}");
            }
            std::process::exit(1);
        }
    };
    if assembly.origin != 0 || assembly.bytes.len() != 8192 {
        eprintln!(
            "error: {}: the open ROM must be 8192 bytes from address 0, got {} bytes from {:#06x}",
            main_asm.display(),
            assembly.bytes.len(),
            assembly.origin
        );
        std::process::exit(1);
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("openace.rom"), &assembly.bytes).expect("write openace.rom");
    std::fs::write(out.join("openace.sym"), assembly.symbol_file()).expect("write openace.sym");
    std::fs::write(
        out.join("openace_symbols.rs"),
        symbol_table(&assembly.symbols),
    )
    .expect("write openace_symbols.rs");
    std::fs::write(out.join("openace_layout.rs"), layout_table(&assembly))
        .expect("write openace_layout.rs");
}

/// The packer's result as Rust: `(sections, gaps)`, sections as (name, start, length,
/// pinned) by address, gaps as (start, length): where the space of the ROM goes.
fn layout_table(assembly: &aceasm::Assembly) -> String {
    let mut text = String::from("(&[\n");
    for s in &assembly.sections {
        let _ = writeln!(
            text,
            "    ({:?}, {:#06x}, {}, {}),",
            s.name, s.start, s.len, s.pinned
        );
    }
    text.push_str("], &[\n");
    for (start, len) in &assembly.gaps {
        let _ = writeln!(text, "    ({start:#06x}, {len}),");
    }
    text.push_str("])\n");
    text
}

/// Re-run when any assembly source changes (and when files are added or removed).
fn watch_asm_files(dir: &Path) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "asm") {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
}

/// A Rust array of (name, value) sorted by name, for a binary search at run time. Only
/// symbols that fit 16 bits (addresses and small constants) are kept.
fn symbol_table(symbols: &[(String, i64)]) -> String {
    let mut text = String::from("&[\n");
    for (name, value) in symbols {
        if (0..=0xFFFF).contains(value) {
            let _ = writeln!(text, "    ({name:?}, {value:#06x}),");
        }
    }
    text.push_str("]\n");
    text
}
