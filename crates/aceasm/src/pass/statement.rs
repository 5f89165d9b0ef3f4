//! One statement: symbol definitions, data directives, files, and instructions.

use super::flow::MacroDef;
use super::{Ctx, Kind, Pass, MAX_DEPTH};
use crate::encode::{encode, is_mnemonic};
use crate::error::Diag;
use crate::lexer::{as_string, ident_len, split_args, Fields, Word};
use crate::listing;
use crate::operand::{self, Operand};
use crate::source::Line;
use std::path::Path;

impl Pass<'_> {
    /// One statement; returns the address to list it at (`None` once already listed).
    pub(super) fn statement(
        &mut self,
        line: &Line,
        f: &Fields<'_>,
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
                        if ident_len(p.text.as_bytes(), 0) != p.text.len() {
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
            "SECTION" => return self.section_start(line, f, op_col),
            "ORG" => {
                if let Some(i) = self.open_section {
                    return Err(Diag::new(
                        op_col,
                        format!(
                            "ORG inside section '{}': the packer places sections \
                             (give the section an address with AT or PIN instead)",
                            self.sections[i].name
                        ),
                    ));
                }
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
        if matches!(
            upper,
            "DB" | "DEFB" | "DEFM" | "DM" | "DW" | "DEFW" | "DS" | "DEFS" | "DC" | "INCBIN"
        ) {
            self.falls_through = None;
        }
        match upper {
            "ENDS" => self.section_end(op_col)?,
            "PIN" => self.pin(f, op_col)?,
            "PACK" => self.pack(f, op_col)?,
            "FALLCHECK" => {
                let w = self.args_or(f, op_col, "ON or OFF")?;
                self.fall_check = match w.text.trim().to_ascii_uppercase().as_str() {
                    "ON" => true,
                    "OFF" => false,
                    _ => return Err(Diag::new(w.col, "FALLCHECK takes ON or OFF")),
                };
            }
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
                        self.abort = true;
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
                // JRX: a JR when the target is in range, else a JP (decided per site and
                // kept once long: the layout then settles, see `Pass::jrx_long`).
                let (upper, jrx) = if upper == "JRX" {
                    ("JR", true)
                } else {
                    (upper, false)
                };
                if !is_mnemonic(upper) {
                    let mut msg = format!("unknown mnemonic '{}'", op.text);
                    if let Some(l) = f.label.filter(|l| !f.colon && l.col == 1) {
                        // `frob a` in column 1 reads as label `frob`, mnemonic `a`.
                        msg += &format!(
                            " ('{}' in column 1 is read as a label; indent it if it is an instruction)",
                            l.text
                        );
                    }
                    return Err(Diag::new(op.col, msg));
                }
                let mut words = match f.args {
                    Some(w) => split_args(w)?,
                    None => Vec::new(),
                };
                // `IN F,(C)` is another spelling of `IN (C)` (flags only).
                if upper == "IN" && words.len() == 2 && words[0].text.eq_ignore_ascii_case("F") {
                    words.remove(0);
                }
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
                let upper = if jrx {
                    self.jrx_choice(&ops, start)
                } else {
                    upper
                };
                let bytes = encode(upper, &ops, &cols, op.col, start, self.last)
                    .map_err(|e| name_the_non_register(e, &words, &ops))?;
                self.emit(&bytes, op.col)?;
                self.falls_through = (!ends_flow(upper, words.len())).then(|| {
                    let args = f.args.map_or("", |w| w.text);
                    format!("{} {args}", op.text).trim_end().to_string()
                });
            }
        }
        Ok(Some(start))
    }

    pub(super) fn args_or<'f>(
        &self,
        f: &Fields<'f>,
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
}

impl Pass<'_> {
    /// The mnemonic a `JRX` site assembles to: `JP` if its target is out of JR range (by
    /// the previous pass's addresses), else `JR`. From pass JRX_STICKY_FROM on, a site that
    /// was a JP stays one (sites then only grow, so the passes settle); the final pass
    /// repeats the previous pass's choices.
    fn jrx_choice(&mut self, ops: &[Operand], start: u32) -> &'static str {
        let site = self.jrx_sites;
        self.jrx_sites += 1;
        // Early passes decide afresh (the layout is still forming); later ones keep a JP
        // once chosen, so that the passes settle.
        let mut long = self.prev_jrx_long.contains(&site) && (self.jrx_sticky || self.last);
        let target = match ops.last() {
            Some(Operand::Imm(v)) => v.v.and_then(|t| u32::try_from(t).ok()),
            _ => None,
        };
        let distance = match ops.last() {
            Some(Operand::Imm(v)) => v.v.map(|t| i64::from(t) - (i64::from(start) + 2)),
            _ => None,
        };
        if !long && !self.last {
            if let Some(d) = distance {
                long = !(-128..=127).contains(&d);
            }
        }
        // A JP well in reach on a kept layout becomes a JR, once per site (the margin is
        // for the sections that close up behind it as other sites shrink).
        if long && self.jrx_may_shorten && !self.last && !self.prev_jrx_shortened.contains(&site) {
            let well_in = -128 + SHORTEN_MARGIN..=127 - SHORTEN_MARGIN;
            if distance.is_some_and(|d| well_in.contains(&d)) {
                long = false;
                self.prev_jrx_shortened.insert(site);
                self.jrx_long.remove(&site);
            }
        }
        if let Some(t) = target {
            self.jrx_jumps.push((start, self.open_section, t, long));
        }
        if long {
            self.jrx_long.insert(site);
            "JP"
        } else {
            // This pass's set: a site an earlier pass made a JP is a JR again when in
            // reach (before the sticky passes; in them a JP stays one, above).
            self.jrx_long.remove(&site);
            "JR"
        }
    }
}

/// How far inside JR reach a JP's target must be for it to become a JR on a kept layout.
const SHORTEN_MARGIN: i64 = 6;

/// Whether control never goes on to the next instruction: an unconditional JP or JR
/// (one operand), RET without a condition, RETI, RETN.
fn ends_flow(upper: &str, operands: usize) -> bool {
    match upper {
        "JP" | "JR" => operands == 1,
        "RET" => operands == 0,
        "RETI" | "RETN" => true,
        _ => false,
    }
}

/// An operand combination the mnemonic does not take, where an operand written as a bare
/// name was read as a value (`ld q,3`): the message says that name is not a register, as
/// the likely mistake is a misspelt one.
fn name_the_non_register(e: Diag, words: &[Word<'_>], ops: &[Operand]) -> Diag {
    if !e.msg.contains("does not take the operands") {
        return e;
    }
    let is_name = |t: &str| {
        t.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let bare = words
        .iter()
        .zip(ops)
        .find(|(w, o)| matches!(o, Operand::Imm(_)) && is_name(w.text.trim()));
    match bare {
        Some((w, _)) => Diag::new(
            w.col,
            format!("{}: `{}` is not a register", e.msg, w.text.trim()),
        ),
        None => e,
    }
}
