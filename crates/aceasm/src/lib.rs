//! aceasm: a two-pass Z80 assembler, written for the aceemu open ROM.
//!
//! The source language is described in `SYNTAX.md` next to this crate's `Cargo.toml`.
//! The crate has no dependencies so that the root package's `build.rs` can use it to
//! assemble the open ROM with nothing but cargo installed.
//!
//! Module map (one job each):
//! * [`lexer`]   — comments, strings, identifiers, splitting a line into its fields;
//! * [`expr`]    — expression parsing and evaluation;
//! * [`operand`] — Z80 operand classification (registers, `(IX+d)`, `(nn)`, immediates);
//! * [`encode`]  — instruction encoding (the HL form plus the IX/IY prefix rule);
//! * [`macros`]  — macro definitions, argument splitting, parameter substitution;
//! * [`source`]  — reading source and binary files once per assembly;
//! * [`pass`]    — the passes: symbols and the output image (`pass::flow` walks lines, IF
//!   and macros; `pass::statement` assembles one statement: directives and instructions);
//! * [`layout`]  — the packer: where `SECTION`s go (pinned ones at their `AT`/`PIN`,
//!   floating ones into the free gaps of the `PACK` regions);
//! * [`listing`] — the listing and symbol-file text.

mod cluster;
mod encode;
mod error;
mod expr;
mod jr_reach;
mod layout;
mod lexer;
mod listing;
mod macros;
mod operand;
mod pass;
mod source;

use std::path::{Path, PathBuf};

pub use error::{AsmError, AsmErrors};

/// The result of a successful assembly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assembly {
    /// Address of `bytes[0]`: the first `ORG` (0 when code comes before any `ORG`).
    pub origin: u16,
    /// The image, contiguous from `origin` to the last byte assembled; gaps are 0xFF.
    pub bytes: Vec<u8>,
    /// Every label, `EQU` and `DEFL` symbol (final value), sorted by name. Labels that are
    /// private to one macro expansion are left out.
    pub symbols: Vec<(String, i64)>,
    /// The names among `symbols` set by `EQU` or `DEFL` (constants, offsets, masks and
    /// data addresses), sorted: the rest are labels, places in the code.
    pub constants: Vec<String>,
    /// Address, bytes and source text of every assembled line.
    pub listing: String,
    /// Every file the assembly read (the root source, INCLUDEs, INCBINs), as the paths
    /// were opened, sorted: so a caller can refuse to write its output over one of them.
    pub inputs: Vec<PathBuf>,
    /// Every `SECTION` where the packer put it, in address order (empty without sections).
    pub sections: Vec<Section>,
    /// Free space left in the `PACK` regions as (start, length), in address order.
    pub gaps: Vec<(u16, usize)>,
}

/// A placed `SECTION`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    /// Address of its first byte.
    pub start: u16,
    /// Bytes it assembled to.
    pub len: usize,
    /// Placed by `AT`/`PIN` (true) or by the packer (false).
    pub pinned: bool,
}

impl Assembly {
    /// The value of symbol `name` (exact, case-sensitive full name such as `dup_cfa.loop`).
    pub fn symbol(&self, name: &str) -> Option<i64> {
        self.symbols
            .binary_search_by(|(n, _)| n.as_str().cmp(name))
            .ok()
            .map(|i| self.symbols[i].1)
    }

    /// The symbol table as text, one `name EQU value` line per symbol (so the file can
    /// itself be included by other sources); a symbol set by `EQU` or `DEFL` has the
    /// comment `; constant`, so a debugger never names code after it.
    pub fn symbol_file(&self) -> String {
        listing::symbol_file(&self.symbols, &self.constants)
    }
}

/// Assembles the file at `path`; `INCLUDE`/`INCBIN` paths are relative to the including file.
pub fn assemble_file(path: &Path) -> Result<Assembly, AsmErrors> {
    pass::assemble(source::Root::File(path.to_path_buf()))
}

/// Assembles `src`, reported in errors as file `name`; `INCLUDE`/`INCBIN` paths in it are
/// relative to the current directory.
pub fn assemble_str(name: &str, src: &str) -> Result<Assembly, AsmErrors> {
    pass::assemble(source::Root::Text {
        name: name.to_string(),
        text: src.to_string(),
    })
}
