//! `aceemu asm`: assemble Z80 source with the project's assembler (crates/aceasm).

use aceemu::output_file::{refuse_shared_paths, same_file};
use anyhow::{bail, Context};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
#[command(
    about = "Assemble Z80 source with the project's assembler",
    long_about = "Assemble Z80 source (syntax: crates/aceasm/SYNTAX.md) into a raw binary image \
                  starting at the first ORG.\n\n\
                  The output, listing and symbol files are build products: existing files at \
                  those paths are overwritten (never the input file, a file it INCLUDEs or INCBINs, or \
                  another output).\n\n\
                  Example: aceemu asm roms/openace/rom.asm -o openace.rom --list rom.lst --sym rom.sym"
)]
pub struct Args {
    /// Source file; INCLUDE and INCBIN paths are relative to the file that names them.
    input: PathBuf,
    /// Binary output (overwritten if it exists).
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// Also write a listing: address, bytes, source line (overwritten if it exists).
    #[arg(long, value_name = "FILE")]
    list: Option<PathBuf>,
    /// Also write the symbol table, one `name EQU value` per line (overwritten if it exists).
    #[arg(long, value_name = "FILE")]
    sym: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let outputs: Vec<&PathBuf> = [Some(&args.output), args.list.as_ref(), args.sym.as_ref()]
        .into_iter()
        .flatten()
        .collect();
    for out in &outputs {
        if same_file(out, &args.input) {
            bail!(
                "{} is the input file; choose another output path",
                out.display()
            );
        }
    }
    let paths: Vec<&Path> = outputs.iter().map(|p| p.as_path()).collect();
    refuse_shared_paths(&paths)?;
    let assembly = match aceasm::assemble_file(&args.input) {
        Ok(a) => a,
        Err(errors) => {
            let n = errors.0.len();
            bail!(
                "{errors}\n{}; nothing written",
                aceemu::plural::count(n, "error")
            );
        }
    };
    // INCLUDEd and INCBINned files are inputs too: known only now, still before writing.
    for out in &outputs {
        if let Some(input) = assembly.inputs.iter().find(|i| same_file(out, i)) {
            bail!(
                "{} is read by the assembly ({}); choose another output path; nothing written",
                out.display(),
                input.display()
            );
        }
    }
    // Like a compiler's, the outputs are replaced (a `--force` that is always on), but each
    // is written beside its target and the three are moved into place only when all are
    // complete: a full disk or a signal leaves the old files as they were, and a target
    // that is not a regular file (a FIFO, a device) is refused instead of written into.
    let mut files = Vec::new();
    let listing = assembly.listing.as_bytes();
    let symbol_file = assembly.symbol_file();
    let contents = [
        Some((&args.output, assembly.bytes.as_slice())),
        args.list.as_ref().map(|p| (p, listing)),
        args.sym.as_ref().map(|p| (p, symbol_file.as_bytes())),
    ];
    for (path, bytes) in contents.into_iter().flatten() {
        let mut file = aceemu::output_file::create(path, true)?;
        file.write_all(bytes)
            .with_context(|| format!("cannot write {}; nothing written", path.display()))?;
        files.push(file);
    }
    for file in files {
        file.commit()?;
    }
    let end = assembly.origin as usize + assembly.bytes.len();
    println!(
        "{}: {} bytes, 0x{:04X}..0x{:04X}, {} symbols -> {}",
        args.input.display(),
        assembly.bytes.len(),
        assembly.origin,
        end.saturating_sub(1),
        assembly.symbols.len(),
        args.output.display()
    );
    Ok(())
}
