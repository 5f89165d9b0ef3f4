//! The passes: every pass reads the whole source (expanding macros and includes afresh),
//! defines symbols and assembles into a 64 KiB image. Passes repeat until every symbol keeps
//! its value, then a final pass reports value errors and writes the listing.
//!
//! This module holds the pass state (symbols, image, errors); [`flow`] walks lines (IF,
//! macro definitions and expansions), [`statement`] assembles one statement.

mod flow;
mod section;
mod statement;

use crate::encode::is_mnemonic;
use crate::error::{AsmError, AsmErrors, Diag};
use crate::expr::{eval, Resolver};
use crate::layout::{Layout, Region, Strategy};
use crate::lexer::Word;
use crate::listing;
use crate::macros::Macro;
use crate::source::{split_lines, FileCache, Line, Root};
use crate::{Assembly, Section};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Nesting limit for macro expansions and includes together.
const MAX_DEPTH: usize = 32;
/// Passes allowed before giving up on symbols that keep changing.
const MAX_PASSES: usize = 32;
/// From this pass on a JRX that became a JP stays one (pass/statement.rs `jrx_choice`).
const JRX_STICKY_FROM: usize = 8;
/// Lines one pass may process (macros calling macros several times grow exponentially).
const MAX_LINES: usize = 1_000_000;
/// Errors reported before an assembly stops.
const MAX_ERRORS: usize = 100;
/// Text one macro expansion may produce (all its body lines after substitution). An
/// argument that doubles at each nesting level (`m2 a` calling `m1 a+a`) otherwise grows to
/// gigabytes within the 32 levels allowed.
const MAX_EXPANSION_BYTES: usize = 4 << 20;

const DIRECTIVES: &[&str] = &[
    "ORG",
    "EQU",
    "DEFL",
    "DB",
    "DEFB",
    "DEFM",
    "DM",
    "DW",
    "DEFW",
    "DS",
    "DEFS",
    "DC",
    "INCLUDE",
    "INCBIN",
    "IF",
    "ELSE",
    "ENDIF",
    "MACRO",
    "ENDM",
    "ASSERT",
    "END",
    "SECTION",
    "ENDS",
    "PIN",
    "PACK",
    "FALLCHECK",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Label,
    Equ,
    Defl,
}

#[derive(Clone, Debug)]
struct Sym {
    value: i32,
    kind: Kind,
    file: Rc<str>,
    line: u32,
    /// A label in a section: the section's name and where it started in the pass that
    /// defined the label, so that a later pass can move the label with its section.
    home: Option<(Rc<str>, u32)>,
}

type Symbols = HashMap<String, Sym>;

/// Marks the names of labels private to one macro expansion (cannot appear in source).
const PRIVATE: char = '#';

pub(crate) fn assemble(root: Root) -> Result<Assembly, AsmErrors> {
    let mut files = FileCache::default();
    let (lines, dir) = match root {
        Root::File(path) => {
            let lines = files.source(&path).map_err(|m| {
                AsmErrors(vec![AsmError {
                    file: path.display().to_string(),
                    line: 1,
                    column: 1,
                    message: m,
                }])
            })?;
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            (lines, dir)
        }
        Root::Text { name, text } => (split_lines(&name, &text), PathBuf::new()),
    };
    let mut prev = Symbols::new();
    let mut layout = Layout::default();
    let mut layout_errors = Vec::new();
    let mut settled = false;
    let mut any_sections = false;
    let mut jrx_long = std::collections::BTreeSet::new();
    let mut frozen_jumps: Option<Vec<crate::layout::Jump>> = None;
    let mut jrx_shortened = std::collections::BTreeSet::new();
    for n in 0..MAX_PASSES {
        let mut pass = Pass::new(&prev, &layout, &jrx_long, &mut files, false);
        pass.jrx_sticky = n >= JRX_STICKY_FROM;
        pass.jrx_may_shorten = n > JRX_STICKY_FROM;
        pass.prev_jrx_shortened = jrx_shortened.clone();
        pass.block(&lines, &dir);
        pass.check_sections_closed();
        if !pass.errors.is_empty() {
            return Err(AsmErrors(pass.errors));
        }
        // From JRX_STICKY_FROM on the layout is kept, only closed up where sections shrank.
        let keep = (n >= JRX_STICKY_FROM).then_some(&layout);
        let (next_layout, errors, jumps) = pass.layout(frozen_jumps.as_deref(), keep);
        if n + 1 >= JRX_STICKY_FROM && frozen_jumps.is_none() {
            // From here on the packer keeps to these jumps: where a jump's target lies
            // depends on the layout, and a packer chasing it would never settle.
            frozen_jumps = Some(jumps);
        }
        let no_sections = pass.sections.is_empty();
        any_sections = !no_sections;
        let (syms, unknown) = (pass.syms, pass.saw_unknown);
        let same_jrx = pass.jrx_long == jrx_long;
        jrx_shortened = std::mem::take(&mut pass.prev_jrx_shortened);
        jrx_long = pass.jrx_long;
        let same = n > 0
            && same_jrx
            && next_layout == layout
            && syms.len() == prev.len()
            && syms
                .iter()
                .all(|(k, s)| prev.get(k).is_some_and(|p| p.value == s.value));
        prev = syms;
        layout = next_layout;
        layout_errors = errors;
        if same || (n == 0 && !unknown && no_sections && same_jrx) {
            settled = true;
            break;
        }
    }
    if !settled {
        return Err(AsmErrors(vec![AsmError {
            file: lines.first().map_or("?".into(), |l| l.file.to_string()),
            line: 1,
            column: 1,
            message: if any_sections {
                format!(
                    "symbol values or section placement still change after {MAX_PASSES} passes \
                     (does DEFINED() decide whether its own symbol gets defined, or an IF or DS \
                     depend on where a section goes?)"
                )
            } else {
                format!(
                    "symbol values still change after {MAX_PASSES} passes \
                     (does DEFINED() decide whether its own symbol gets defined?)"
                )
            },
        }]));
    }
    if !layout_errors.is_empty() {
        return Err(AsmErrors(layout_errors));
    }
    let mut pass = Pass::new(&prev, &layout, &jrx_long, &mut files, true);
    pass.block(&lines, &dir);
    pass.check_sections_closed();
    if !pass.errors.is_empty() {
        return Err(AsmErrors(pass.errors));
    }
    let mut assembly = pass.finish();
    assembly.inputs = files.paths();
    Ok(assembly)
}

struct Pass<'a> {
    /// Symbols of the previous pass: the values of forward references.
    prev: &'a Symbols,
    /// Where the previous pass's sections were placed: where this pass assembles them.
    layout: &'a Layout,
    /// This pass's sections in source order, and the one being assembled.
    sections: Vec<section::SectionRec>,
    open_section: Option<usize>,
    /// `PACK` regions and packing order of this pass.
    regions: Vec<Region>,
    strategy: Option<Strategy>,
    /// Address ranges `(lo, end)` assembled outside sections (the packer keeps clear).
    fixed: Vec<(u32, u32)>,
    files: &'a mut FileCache,
    /// The final pass: reports value errors and undefined symbols, writes the listing.
    last: bool,
    /// Symbols defined so far in this pass (what "defined above" means).
    syms: Symbols,
    macros: HashMap<String, Rc<Macro>>,
    pc: u32,
    /// `$`: the address where the current statement started.
    line_start: u32,
    origin: Option<u32>,
    /// The 64 KiB image (0xFF where nothing was assembled) and which bytes were written.
    mem: Vec<u8>,
    written: Vec<bool>,
    /// One past the highest address written.
    top: u32,
    errors: Vec<AsmError>,
    listing: String,
    /// Bytes of the statement being assembled, for its listing line.
    line_bytes: Vec<u8>,
    /// The last global label: the owner of `.local` labels outside macros.
    scope: String,
    /// Private label scopes of the macro expansions being processed, innermost last.
    private: Vec<String>,
    /// Expansions so far in this pass (numbers the private scopes, the same in every pass).
    expansions: u32,
    /// Current macro/include nesting.
    depth: usize,
    /// Some value was still unknown (a forward reference not yet resolved).
    saw_unknown: bool,
    /// The last instruction assembled, when control can run on past it (not JP, JR,
    /// RET...); data and jumps clear it. `ENDS` rejects a section that ends so.
    falls_through: Option<String>,
    /// `FALLCHECK ON` seen (and not switched off): ENDS checks `falls_through`.
    fall_check: bool,
    /// JRX sites (numbered in pass order) assembled as JP in the previous pass / this one.
    prev_jrx_long: &'a std::collections::BTreeSet<usize>,
    jrx_long: std::collections::BTreeSet<usize>,
    jrx_sites: usize,
    /// Each JRX site of this pass: its address, the open section's index, and its target
    /// (for the packer, which keeps them near each other: `Pass::layout`).
    /// and whether it assembled as a JP.
    jrx_jumps: Vec<(u32, Option<usize>, u32, bool)>,
    /// JRX choices are sticky (see `jrx_choice`) from pass JRX_STICKY_FROM on.
    jrx_sticky: bool,
    /// After that, on a kept layout, a JP whose target is well in reach may become a JR
    /// once (the sites that did so are in `prev_jrx_shortened`, which this pass adds to).
    jrx_may_shorten: bool,
    prev_jrx_shortened: std::collections::BTreeSet<usize>,
    lines_seen: usize,
    /// Set by a runaway-expansion error: the rest of the pass is skipped.
    abort: bool,
}

/// Expression context: `strict` (ORG, DS count, IF) accepts only symbols defined above.
struct Ctx<'p, 'a> {
    pass: &'p Pass<'a>,
    strict: Option<&'static str>,
    pc: u32,
    unknown: bool,
}

impl Resolver for Ctx<'_, '_> {
    fn lookup(&mut self, name: &str) -> Result<Option<i32>, String> {
        let full = self.pass.full_name(name);
        if let Some(s) = self.pass.syms.get(&full) {
            return Ok(Some(s.value));
        }
        if let Some(what) = self.strict {
            return Err(format!(
                "{what} needs a value known when reached, but '{name}' is not defined above this line"
            ));
        }
        match self.pass.prev.get(&full) {
            Some(s) if s.kind == Kind::Defl && self.pass.last => {
                Err(format!("'{name}' is used before its first DEFL"))
            }
            Some(s) if s.kind != Kind::Defl => Ok(Some(self.pass.moved(s))),
            None if self.pass.last => Err(format!("undefined symbol '{name}'")),
            _ => {
                self.unknown = true;
                Ok(None)
            }
        }
    }

    fn defined(&mut self, name: &str) -> bool {
        let full = self.pass.full_name(name);
        let known = self.pass.syms.contains_key(&full) || self.pass.prev.contains_key(&full);
        if !known && !self.pass.last {
            self.unknown = true;
        }
        known
    }

    fn pc(&self) -> i32 {
        self.pc as i32
    }
}

impl<'a> Pass<'a> {
    /// The value of a symbol of the previous pass where this pass puts it: a label in a
    /// section moves with the section (forward references then see this pass's layout,
    /// so a `JRX` is decided by the distance it will really have).
    fn moved(&self, s: &Sym) -> i32 {
        match &s.home {
            Some((name, was)) => match self.layout.starts.get(&**name) {
                Some(&now) => s.value.wrapping_sub(*was as i32).wrapping_add(now as i32),
                None => s.value,
            },
            _ => s.value,
        }
    }

    fn new(
        prev: &'a Symbols,
        layout: &'a Layout,
        jrx_long: &'a std::collections::BTreeSet<usize>,
        files: &'a mut FileCache,
        last: bool,
    ) -> Self {
        Pass {
            prev,
            layout,
            sections: Vec::new(),
            open_section: None,
            regions: Vec::new(),
            strategy: None,
            fixed: Vec::new(),
            files,
            last,
            syms: Symbols::new(),
            macros: HashMap::new(),
            pc: 0,
            line_start: 0,
            origin: None,
            mem: vec![0xFF; 0x10000],
            written: vec![false; 0x10000],
            top: 0,
            errors: Vec::new(),
            listing: String::new(),
            line_bytes: Vec::new(),
            scope: String::new(),
            private: Vec::new(),
            expansions: 0,
            depth: 0,
            saw_unknown: false,
            falls_through: None,
            fall_check: false,
            prev_jrx_long: jrx_long,
            jrx_long: jrx_long.clone(),
            jrx_sites: 0,
            jrx_may_shorten: false,
            prev_jrx_shortened: std::collections::BTreeSet::new(),
            jrx_jumps: Vec::new(),
            jrx_sticky: true,
            lines_seen: 0,
            abort: false,
        }
    }

    fn finish(self) -> Assembly {
        let origin = self.origin.unwrap_or(0);
        let bytes = if self.top > origin {
            self.mem[origin as usize..self.top as usize].to_vec()
        } else {
            Vec::new()
        };
        let mut constants: Vec<String> = self
            .syms
            .iter()
            .filter(|(k, s)| !k.contains(PRIVATE) && s.kind != Kind::Label)
            .map(|(k, _)| k.clone())
            .collect();
        constants.sort();
        let mut symbols: Vec<(String, i64)> = self
            .syms
            .into_iter()
            .filter(|(k, _)| !k.contains(PRIVATE))
            .map(|(k, s)| (k, s.value as i64))
            .collect();
        symbols.sort();
        let mut sections: Vec<Section> = self
            .sections
            .iter()
            .map(|s| Section {
                name: s.name.clone(),
                start: s.start as u16,
                len: s.size as usize,
                pinned: s.pin.is_some(),
            })
            .collect();
        sections.sort_by_key(|s| (s.start, s.len));
        let gaps: Vec<(u16, usize)> = self
            .layout
            .gaps
            .iter()
            .map(|&(lo, end)| (lo as u16, (end - lo) as usize))
            .collect();
        let mut listing = self.listing;
        if !sections.is_empty() {
            listing::section_map(&mut listing, &sections, &gaps);
        }
        Assembly {
            origin: origin as u16,
            bytes,
            symbols,
            constants,
            listing,
            inputs: Vec::new(),
            sections,
            gaps,
        }
    }

    /// The full name of a symbol as written at this point (local labels get their scope).
    fn full_name(&self, name: &str) -> String {
        if name.starts_with('.') {
            match self.private.last() {
                Some(p) => format!("{p}{name}"),
                None => format!("{}{name}", self.scope),
            }
        } else {
            name.to_string()
        }
    }

    fn error(&mut self, line: &Line, d: Diag) {
        let message = format!("{}{}", d.msg, line.note());
        let e = AsmError {
            file: line.file.to_string(),
            line: line.line,
            column: d.col as u32,
            message,
        };
        if self.errors.len() >= MAX_ERRORS {
            return;
        }
        if !self.errors.contains(&e) {
            self.errors.push(e);
        }
        if self.errors.len() == MAX_ERRORS {
            // The duplicate check above is linear: unbounded, 900,000 bad lines took 48
            // minutes. Stop the pass with a last error saying so.
            self.errors.push(AsmError {
                file: line.file.to_string(),
                line: line.line,
                column: 1,
                message: format!("more than {MAX_ERRORS} errors; stopping here"),
            });
            self.abort = true;
        }
    }

    fn eval(&mut self, w: Word<'_>, strict: Option<&'static str>) -> Result<Option<i32>, Diag> {
        let mut ctx = Ctx {
            pass: self,
            strict,
            pc: self.line_start,
            unknown: false,
        };
        let v = eval(w.text, w.col, &mut ctx);
        if ctx.unknown {
            self.saw_unknown = true;
        }
        v
    }

    fn is_keyword(&self, word: &str) -> bool {
        let upper = word.to_ascii_uppercase();
        DIRECTIVES.contains(&upper.as_str())
            || is_mnemonic(&upper)
            || self.macros.contains_key(word)
    }

    fn list(&mut self, addr: Option<u32>, line: &Line) {
        if self.last {
            let bytes = std::mem::take(&mut self.line_bytes);
            listing::line(
                &mut self.listing,
                addr,
                &bytes,
                &line.text,
                line.calls.is_some(),
            );
        }
    }

    /// A value for a data directive; range errors only in the final pass.
    fn checked(
        &self,
        v: Option<i32>,
        col: usize,
        lo: i32,
        hi: i32,
        what: &str,
    ) -> Result<i32, Diag> {
        let x = v.unwrap_or(0);
        if self.last && !(lo..=hi).contains(&x) {
            return Err(Diag::new(
                col,
                format!("value {x} does not fit in {what} ({lo}..{hi})"),
            ));
        }
        Ok(x)
    }

    fn define(&mut self, line: &Line, name: Word<'_>, value: i32, kind: Kind) -> Result<(), Diag> {
        let full = self.full_name(name.text);
        if let Some(old) = self.syms.get(&full) {
            if !(kind == Kind::Defl && old.kind == Kind::Defl) {
                let what = if old.kind == Kind::Defl || kind == Kind::Defl {
                    " (DEFL symbols can only be redefined with DEFL)"
                } else {
                    ""
                };
                return Err(Diag::new(
                    name.col,
                    format!(
                        "duplicate symbol '{}': first defined at {}:{}{what}",
                        name.text, old.file, old.line
                    ),
                ));
            }
        }
        if kind == Kind::Label && !name.text.starts_with('.') {
            self.scope = full.clone();
        }
        let home = match (kind, self.open_section) {
            (Kind::Label, Some(i)) => {
                let s = &self.sections[i];
                Some((Rc::from(s.name.as_str()), s.start))
            }
            _ => None,
        };
        self.syms.insert(
            full,
            Sym {
                value,
                kind,
                file: line.file.clone(),
                line: line.line,
                home,
            },
        );
        Ok(())
    }

    fn emit(&mut self, bytes: &[u8], col: usize) -> Result<(), Diag> {
        if bytes.is_empty() {
            return Ok(());
        }
        let in_section = self.open_section.is_some();
        if in_section && !self.last {
            // Only the size counts until the final pass, when the layout is settled.
            self.pc += bytes.len() as u32;
            return Ok(());
        }
        // A section before any ORG is code before the first ORG: the image starts at 0.
        let origin = *self
            .origin
            .get_or_insert(if in_section { 0 } else { self.pc });
        let end = self.pc as usize + bytes.len();
        if end > 0x10000 {
            self.abort = true; // every later statement would repeat this error
            return Err(Diag::new(
                col,
                format!("code runs past address 0xFFFF (to 0x{end:X})"),
            ));
        }
        if self.pc < origin {
            return Err(Diag::new(
                col,
                format!("address 0x{:04X} is below the start of the image (0x{origin:04X}, the first ORG)", self.pc),
            ));
        }
        let range = self.pc as usize..end;
        if let Some(i) = self.written[range.clone()].iter().position(|&w| w) {
            return Err(Diag::new(
                col,
                format!(
                    "address 0x{:04X} is assembled twice (overlapping ORG areas)",
                    self.pc as usize + i
                ),
            ));
        }
        if !in_section {
            match self.fixed.last_mut() {
                Some(run) if run.1 == self.pc => run.1 = end as u32,
                _ => self.fixed.push((self.pc, end as u32)),
            }
        }
        self.mem[range.clone()].copy_from_slice(bytes);
        self.written[range].fill(true);
        if self.last {
            self.line_bytes.extend_from_slice(bytes);
        }
        self.pc = end as u32;
        self.top = self.top.max(self.pc);
        Ok(())
    }
}
