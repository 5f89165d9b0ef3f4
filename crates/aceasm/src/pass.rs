//! The passes: every pass reads the whole source (expanding macros and includes afresh),
//! defines symbols and assembles into a 64 KiB image. Passes repeat until every symbol keeps
//! its value, then a final pass reports value errors and writes the listing.

use crate::encode::{encode, is_mnemonic};
use crate::error::{AsmError, AsmErrors, Diag};
use crate::expr::{eval, Resolver};
use crate::lexer::{as_string, split_args, split_fields, strip_comment, Word};
use crate::listing;
use crate::macros::{expanded_line, substitute, Macro};
use crate::operand::{self, Operand};
use crate::source::{split_lines, FileCache, Line, Root};
use crate::Assembly;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Nesting limit for macro expansions and includes together.
const MAX_DEPTH: usize = 32;
/// Passes allowed before giving up on symbols that keep changing.
const MAX_PASSES: usize = 16;

const DIRECTIVES: &[&str] = &[
    "ORG", "EQU", "DEFL", "DB", "DEFB", "DEFM", "DM", "DW", "DEFW", "DS", "DEFS", "DC", "INCLUDE",
    "INCBIN", "IF", "ELSE", "ENDIF", "MACRO", "ENDM", "ASSERT", "END",
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
    let mut settled = false;
    for n in 0..MAX_PASSES {
        let mut pass = Pass::new(&prev, &mut files, false);
        pass.block(&lines, &dir);
        if !pass.errors.is_empty() {
            return Err(AsmErrors(pass.errors));
        }
        let (syms, unknown) = (pass.syms, pass.saw_unknown);
        let same = n > 0
            && syms.len() == prev.len()
            && syms
                .iter()
                .all(|(k, s)| prev.get(k).is_some_and(|p| p.value == s.value));
        prev = syms;
        if same || (n == 0 && !unknown) {
            settled = true;
            break;
        }
    }
    if !settled {
        return Err(AsmErrors(vec![AsmError {
            file: lines.first().map_or("?".into(), |l| l.file.to_string()),
            line: 1,
            column: 1,
            message: format!("symbol values still change after {MAX_PASSES} passes"),
        }]));
    }
    let mut pass = Pass::new(&prev, &mut files, true);
    pass.block(&lines, &dir);
    if !pass.errors.is_empty() {
        return Err(AsmErrors(pass.errors));
    }
    Ok(pass.finish())
}

struct IfFrame {
    active: bool,
    parent_active: bool,
    taken: bool,
    else_seen: bool,
    line: Line,
    col: usize,
}

struct MacroDef {
    name: String,
    params: Vec<String>,
    body: Vec<Line>,
    line: Line,
    col: usize,
}

enum Flow {
    Next,
    End,
}

struct Pass<'a> {
    prev: &'a Symbols,
    files: &'a mut FileCache,
    last: bool,
    syms: Symbols,
    macros: HashMap<String, Rc<Macro>>,
    pc: u32,
    origin: Option<u32>,
    mem: Vec<u8>,
    written: Vec<bool>,
    top: u32,
    errors: Vec<AsmError>,
    listing: String,
    line_bytes: Vec<u8>,
    scope: String,
    private: Vec<String>,
    expansions: u32,
    depth: usize,
    saw_unknown: bool,
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
            Some(s) if s.kind != Kind::Defl => Ok(Some(s.value)),
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
    fn new(prev: &'a Symbols, files: &'a mut FileCache, last: bool) -> Self {
        Pass {
            prev,
            files,
            last,
            syms: Symbols::new(),
            macros: HashMap::new(),
            pc: 0,
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
        }
    }

    fn finish(self) -> Assembly {
        let origin = self.origin.unwrap_or(0);
        let bytes = if self.top > origin {
            self.mem[origin as usize..self.top as usize].to_vec()
        } else {
            Vec::new()
        };
        let mut symbols: Vec<(String, i64)> = self
            .syms
            .into_iter()
            .filter(|(k, _)| !k.contains(PRIVATE))
            .map(|(k, s)| (k, s.value as i64))
            .collect();
        symbols.sort();
        Assembly {
            origin: origin as u16,
            bytes,
            symbols,
            listing: self.listing,
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
        if !self.errors.contains(&e) {
            self.errors.push(e);
        }
    }

    fn eval(&mut self, w: Word<'_>, strict: Option<&'static str>) -> Result<Option<i32>, Diag> {
        let mut ctx = Ctx {
            pass: self,
            strict,
            pc: self.pc,
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

    /// Processes a file or macro body; IF and MACRO must be closed within it.
    fn block(&mut self, lines: &[Line], dir: &Path) {
        let mut ifs: Vec<IfFrame> = Vec::new();
        let mut def: Option<MacroDef> = None;
        for line in lines {
            if let Flow::End = self.line(line, dir, &mut ifs, &mut def) {
                break;
            }
        }
        if let Some(d) = def {
            let msg = format!("MACRO {} has no ENDM", d.name);
            self.error(&d.line, Diag::new(d.col, msg));
        }
        for f in ifs {
            self.error(&f.line, Diag::new(f.col, "IF without ENDIF"));
        }
    }

    fn line(
        &mut self,
        line: &Line,
        dir: &Path,
        ifs: &mut Vec<IfFrame>,
        def: &mut Option<MacroDef>,
    ) -> Flow {
        let active = ifs.last().is_none_or(|f| f.active);
        let text = match strip_comment(&line.text) {
            Ok(t) => t,
            Err(d) => {
                if active && def.is_none() {
                    self.error(line, d);
                }
                return Flow::Next;
            }
        };
        let fields = split_fields(text, &|w| self.is_keyword(w));
        if let Some(d) = def.as_mut() {
            let op = fields.as_ref().ok().and_then(|f| f.op);
            match op.map(|o| o.text.to_ascii_uppercase()).as_deref() {
                Some("ENDM") => {
                    let d = def.take().expect("checked above");
                    self.define_macro(d, dir);
                }
                Some("MACRO") => {
                    let col = op.map_or(1, |o| o.col);
                    self.error(
                        line,
                        Diag::new(col, "a MACRO cannot be defined inside another"),
                    );
                }
                _ => d.body.push(Line {
                    text: text.into(),
                    ..line.clone()
                }),
            }
            return Flow::Next;
        }
        let f = match fields {
            Ok(f) => f,
            Err(d) => {
                if active {
                    self.error(line, d);
                }
                return Flow::Next;
            }
        };
        let upper =
            f.op.map(|o| o.text.to_ascii_uppercase())
                .unwrap_or_default();
        match upper.as_str() {
            "IF" => {
                let (col, taken) = if active {
                    let c = f.op.map_or(1, |o| o.col);
                    match f.args {
                        Some(w) => match self.eval(w, Some("IF")) {
                            Ok(v) => (c, v.unwrap_or(0) != 0),
                            Err(d) => {
                                self.error(line, d);
                                (c, false)
                            }
                        },
                        None => {
                            self.error(line, Diag::new(c, "IF needs a condition"));
                            (c, false)
                        }
                    }
                } else {
                    (f.op.map_or(1, |o| o.col), false)
                };
                ifs.push(IfFrame {
                    active: active && taken,
                    parent_active: active,
                    taken,
                    else_seen: false,
                    line: line.clone(),
                    col,
                });
                return Flow::Next;
            }
            "ELSE" | "ENDIF" => {
                let col = f.op.map_or(1, |o| o.col);
                let Some(top) = ifs.last_mut() else {
                    self.error(line, Diag::new(col, format!("{upper} without IF")));
                    return Flow::Next;
                };
                if upper == "ENDIF" {
                    ifs.pop();
                } else if top.else_seen {
                    self.error(line, Diag::new(col, "second ELSE for one IF"));
                } else {
                    top.else_seen = true;
                    top.active = top.parent_active && !top.taken;
                }
                return Flow::Next;
            }
            _ if !active => return Flow::Next,
            "END" => {
                self.list(None, line);
                return Flow::End;
            }
            _ => {}
        }
        let start = self.pc;
        self.line_bytes.clear();
        let listed_addr = match self.statement(line, &f, &upper, dir, def) {
            Ok(a) => a,
            Err(d) => {
                self.error(line, d);
                Some(start)
            }
        };
        if let Some(a) = listed_addr {
            self.list(Some(a), line);
        }
        Flow::Next
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

    /// One statement; returns the address to list it at (`None` once already listed).
    fn statement(
        &mut self,
        line: &Line,
        f: &crate::lexer::Fields<'_>,
        upper: &str,
        dir: &Path,
        def: &mut Option<MacroDef>,
    ) -> Result<Option<u32>, Diag> {
        let start = self.pc;
        let op_col = f.op.map_or(1, |o| o.col);
        let need_name = |what: &str| {
            f.label
                .ok_or_else(|| Diag::new(op_col, format!("{what} needs a name before it")))
        };
        match upper {
            "" => {
                if let Some(l) = f.label {
                    self.define(line, l, start as i32, Kind::Label)?;
                }
                return Ok(Some(start));
            }
            "EQU" | "DEFL" | "=" => {
                let name = need_name(upper)?;
                let w = self.args_or(f, op_col, "a value")?;
                let kind = if upper == "EQU" {
                    Kind::Equ
                } else {
                    Kind::Defl
                };
                match self.eval(w, None)? {
                    Some(v) => {
                        self.define(line, name, v, kind)?;
                        if self.last {
                            listing::value_line(&mut self.listing, v, &line.text);
                        }
                        return Ok(None);
                    }
                    None if kind == Kind::Defl => {
                        let full = self.full_name(name.text);
                        self.syms.remove(&full);
                    }
                    None => {}
                }
                self.list(None, line);
                return Ok(None);
            }
            "MACRO" => {
                let name = need_name("MACRO")?;
                let mut params = Vec::new();
                if let Some(w) = f.args {
                    for p in split_args(w)? {
                        if crate::lexer::ident_len(p.text.as_bytes(), 0) != p.text.len() {
                            return Err(Diag::new(
                                p.col,
                                format!("'{}' is not a parameter name", p.text),
                            ));
                        }
                        params.push(p.text.to_string());
                    }
                }
                *def = Some(MacroDef {
                    name: name.text.to_string(),
                    params,
                    body: Vec::new(),
                    line: line.clone(),
                    col: name.col,
                });
                self.list(None, line);
                return Ok(None);
            }
            "ENDM" => return Err(Diag::new(op_col, "ENDM without MACRO")),
            "ORG" => {
                let w = self.args_or(f, op_col, "an address")?;
                let v = self.eval(w, Some("ORG"))?.unwrap_or(0);
                if !(0..=0xFFFF).contains(&v) {
                    return Err(Diag::new(
                        w.col,
                        format!("ORG address {v} is outside 0..65535"),
                    ));
                }
                self.pc = v as u32;
                if self.origin.is_none() {
                    self.origin = Some(self.pc);
                }
                if let Some(l) = f.label {
                    self.define(line, l, v, Kind::Label)?;
                }
                return Ok(Some(self.pc));
            }
            _ => {}
        }
        // Everything below defines its label at the current address first.
        if let Some(l) = f.label {
            self.define(line, l, start as i32, Kind::Label)?;
        }
        match upper {
            "DB" | "DEFB" | "DEFM" | "DM" => {
                for w in split_args(self.args_or(f, op_col, "bytes")?)? {
                    match as_string(w)? {
                        Some(bytes) => self.emit(&bytes, w.col)?,
                        None => {
                            let v = self.eval(w, None)?;
                            let b = self.checked(v, w.col, -128, 255, "a byte")?;
                            self.emit(&[b as u8], w.col)?;
                        }
                    }
                }
            }
            "DW" | "DEFW" => {
                for w in split_args(self.args_or(f, op_col, "words")?)? {
                    let v = self.eval(w, None)?;
                    let x = self.checked(v, w.col, -32768, 65535, "a word")?;
                    self.emit(&[x as u8, (x >> 8) as u8], w.col)?;
                }
            }
            "DS" | "DEFS" => {
                let args = split_args(self.args_or(f, op_col, "a count")?)?;
                let count = self.eval(args[0], Some("DS"))?.unwrap_or(0);
                if !(0..=0x10000).contains(&count) {
                    return Err(Diag::new(
                        args[0].col,
                        format!("DS count {count} is outside 0..65536"),
                    ));
                }
                let fill = match args.get(1) {
                    Some(&w) => {
                        let v = self.eval(w, None)?;
                        self.checked(v, w.col, -128, 255, "a byte")? as u8
                    }
                    None => 0,
                };
                if args.len() > 2 {
                    return Err(Diag::new(
                        args[2].col,
                        "DS takes a count and an optional fill byte",
                    ));
                }
                self.emit(&vec![fill; count as usize], args[0].col)?;
            }
            "DC" => {
                for w in split_args(self.args_or(f, op_col, "a string")?)? {
                    match as_string(w)? {
                        Some(mut bytes) if !bytes.is_empty() => {
                            *bytes.last_mut().expect("not empty") |= 0x80;
                            self.emit(&bytes, w.col)?;
                        }
                        _ => return Err(Diag::new(w.col, "DC needs a non-empty quoted string")),
                    }
                }
            }
            "INCLUDE" | "INCBIN" => {
                let w = self.args_or(f, op_col, "a quoted file name")?;
                let name = as_string(w)?
                    .ok_or_else(|| Diag::new(w.col, format!("{upper} needs a quoted file name")))?;
                let path = dir.join(String::from_utf8_lossy(&name).as_ref());
                if upper == "INCBIN" {
                    let bytes = self.files.binary(&path).map_err(|m| Diag::new(w.col, m))?;
                    self.emit(&bytes, w.col)?;
                } else {
                    if self.depth >= MAX_DEPTH {
                        return Err(Diag::new(
                            w.col,
                            format!("includes nested more than {MAX_DEPTH} deep"),
                        ));
                    }
                    let lines = self.files.source(&path).map_err(|m| Diag::new(w.col, m))?;
                    self.list(Some(start), line);
                    let sub = path.parent().map(Path::to_path_buf).unwrap_or_default();
                    self.depth += 1;
                    self.block(&lines, &sub);
                    self.depth -= 1;
                    return Ok(None);
                }
            }
            "ASSERT" => {
                let args = split_args(self.args_or(f, op_col, "a condition")?)?;
                let v = self.eval(args[0], None)?;
                if self.last && v == Some(0) {
                    let msg = match args.get(1) {
                        Some(&w) => as_string(w)?.map(|b| String::from_utf8_lossy(&b).into_owned()),
                        None => None,
                    };
                    return Err(Diag::new(
                        args[0].col,
                        format!(
                            "assertion failed: {}",
                            msg.unwrap_or_else(|| args[0].text.to_string())
                        ),
                    ));
                }
            }
            _ => {
                let op = f.op.expect("non-empty upper has an op");
                if let Some(m) = self.macros.get(op.text).cloned() {
                    self.list(Some(start), line);
                    self.expand(&m, line, op, f.args)?;
                    return Ok(None);
                }
                if !is_mnemonic(upper) {
                    return Err(Diag::new(op.col, format!("unknown mnemonic '{}'", op.text)));
                }
                let words = match f.args {
                    Some(w) => split_args(w)?,
                    None => Vec::new(),
                };
                let mut ops: Vec<Operand> = Vec::with_capacity(words.len());
                for &w in &words {
                    let mut ctx = Ctx {
                        pass: self,
                        strict: None,
                        pc: start,
                        unknown: false,
                    };
                    let o = operand::parse(w, &mut ctx)?;
                    if ctx.unknown {
                        self.saw_unknown = true;
                    }
                    ops.push(o);
                }
                let cols: Vec<usize> = words.iter().map(|w| w.col).collect();
                let bytes = encode(upper, &ops, &cols, op.col, start, self.last)?;
                self.emit(&bytes, op.col)?;
            }
        }
        Ok(Some(start))
    }

    fn args_or<'f>(
        &self,
        f: &crate::lexer::Fields<'f>,
        op_col: usize,
        what: &str,
    ) -> Result<Word<'f>, Diag> {
        f.args.ok_or_else(|| {
            Diag::new(
                op_col,
                format!("{} needs {what}", f.op.map_or("", |o| o.text)),
            )
        })
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
        self.syms.insert(
            full,
            Sym {
                value,
                kind,
                file: line.file.clone(),
                line: line.line,
            },
        );
        Ok(())
    }

    fn define_macro(&mut self, d: MacroDef, dir: &Path) {
        if self.macros.contains_key(&d.name)
            || DIRECTIVES.contains(&d.name.to_ascii_uppercase().as_str())
        {
            let msg = format!("macro '{}' is already defined (or is a directive)", d.name);
            self.error(&d.line, Diag::new(d.col, msg));
            return;
        }
        let m = Macro {
            name: d.name.clone(),
            params: d.params,
            body: d.body,
            dir: dir.to_path_buf(),
        };
        self.macros.insert(d.name, Rc::new(m));
    }

    fn expand(
        &mut self,
        m: &Rc<Macro>,
        call: &Line,
        op: Word<'_>,
        args: Option<Word<'_>>,
    ) -> Result<(), Diag> {
        let args = match args {
            Some(w) => split_args(w)?,
            None => Vec::new(),
        };
        if args.len() != m.params.len() {
            return Err(Diag::new(
                op.col,
                format!(
                    "macro {} takes {} argument(s) ({}), got {}",
                    m.name,
                    m.params.len(),
                    m.params.join(", "),
                    args.len()
                ),
            ));
        }
        if self.depth >= MAX_DEPTH {
            return Err(Diag::new(
                op.col,
                format!(
                    "macro {} nested more than {MAX_DEPTH} deep (does it call itself?)",
                    m.name
                ),
            ));
        }
        self.expansions += 1;
        let mut calls = vec![format!(
            "in macro {} called at {}:{}",
            m.name, call.file, call.line
        )];
        calls.extend(call.calls.iter().flat_map(|c| c.iter().cloned()));
        let calls = Rc::new(calls);
        let texts: Vec<&str> = args.iter().map(|w| w.text).collect();
        let lines: Vec<Line> = m
            .body
            .iter()
            .map(|l| expanded_line(l, substitute(&l.text, &m.params, &texts), &calls))
            .collect();
        self.private
            .push(format!("{}{PRIVATE}{}", self.expansions, m.name));
        self.depth += 1;
        self.block(&lines, &m.dir);
        self.depth -= 1;
        self.private.pop();
        Ok(())
    }

    fn emit(&mut self, bytes: &[u8], col: usize) -> Result<(), Diag> {
        if bytes.is_empty() {
            return Ok(());
        }
        let origin = *self.origin.get_or_insert(self.pc);
        let end = self.pc as usize + bytes.len();
        if end > 0x10000 {
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
