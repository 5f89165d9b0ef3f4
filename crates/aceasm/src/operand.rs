//! Z80 operands: a word of the operand list classified as a register, condition, memory
//! reference or immediate value.

use crate::error::Diag;
use crate::expr::{eval, Resolver};
use crate::lexer::Word;

/// A value that may still be unknown in an early pass, with the column it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Val {
    pub v: Option<i32>,
    pub col: usize,
}

/// Index register prefix byte: 0xDD for IX, 0xFD for IY.
pub type Prefix = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// B C D E H L - A as their 3-bit codes 0..=7 (6 is never used here).
    R8(u8),
    /// IXH/IXL/IYH/IYL: prefix and the code of H (4) or L (5).
    IdxHalf(Prefix, u8),
    /// (HL)
    MemHl,
    /// (IX+d) / (IY+d); `None` for a bare `(IX)`.
    MemIdx(Prefix, Option<Val>),
    /// BC DE HL SP as their 2-bit codes 0..=3.
    R16(u8),
    /// IX or IY.
    Idx(Prefix),
    Af,
    AfAlt,
    I,
    R,
    MemBc,
    MemDe,
    MemSp,
    /// (C) of IN/OUT.
    MemC,
    /// A condition other than C (C is `R8(1)` and is accepted as a condition).
    Cond(u8),
    /// (nn)
    Mem(Val),
    /// nn
    Imm(Val),
}

fn register(name: &str) -> Option<Operand> {
    use Operand::*;
    Some(match name {
        "B" => R8(0),
        "C" => R8(1),
        "D" => R8(2),
        "E" => R8(3),
        "H" => R8(4),
        "L" => R8(5),
        "A" => R8(7),
        "IXH" => IdxHalf(0xDD, 4),
        "IXL" => IdxHalf(0xDD, 5),
        "IYH" => IdxHalf(0xFD, 4),
        "IYL" => IdxHalf(0xFD, 5),
        "BC" => R16(0),
        "DE" => R16(1),
        "HL" => R16(2),
        "SP" => R16(3),
        "IX" => Idx(0xDD),
        "IY" => Idx(0xFD),
        "AF" => Af,
        "AF'" => AfAlt,
        "I" => I,
        "R" => R,
        "NZ" => Cond(0),
        "Z" => Cond(1),
        "NC" => Cond(2),
        "PO" => Cond(4),
        "PE" => Cond(5),
        "P" => Cond(6),
        "M" => Cond(7),
        _ => return None,
    })
}

/// Whether `text` is `( ... )` with the first parenthesis closing at the very end.
fn fully_parenthesised(text: &str) -> bool {
    let s = text.as_bytes();
    if s.first() != Some(&b'(') || s.last() != Some(&b')') {
        return false;
    }
    let mut depth = 0;
    for (i, &c) in s.iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i == s.len() - 1;
                }
            }
            b'\'' | b'"' => return true, // quotes inside: leave it to the expression parser
            _ => {}
        }
    }
    false
}

pub fn parse(w: Word<'_>, r: &mut dyn Resolver) -> Result<Operand, Diag> {
    let upper = w.text.to_ascii_uppercase();
    if let Some(op) = register(&upper) {
        return Ok(op);
    }
    let value = |text: &str, col: usize, r: &mut dyn Resolver| -> Result<Val, Diag> {
        Ok(Val {
            v: eval(text, col, r)?,
            col,
        })
    };
    if !fully_parenthesised(w.text) {
        return Ok(Operand::Imm(value(w.text, w.col, r)?));
    }
    let inner_raw = &w.text[1..w.text.len() - 1];
    let lead = inner_raw.len() - inner_raw.trim_start().len();
    let inner = inner_raw.trim();
    let icol = w.col + 1 + lead;
    let iu = inner.to_ascii_uppercase();
    match iu.as_str() {
        "HL" => return Ok(Operand::MemHl),
        "BC" => return Ok(Operand::MemBc),
        "DE" => return Ok(Operand::MemDe),
        "SP" => return Ok(Operand::MemSp),
        "C" => return Ok(Operand::MemC),
        "IX" => return Ok(Operand::MemIdx(0xDD, None)),
        "IY" => return Ok(Operand::MemIdx(0xFD, None)),
        _ => {}
    }
    if iu.starts_with("IX") || iu.starts_with("IY") {
        let rest = inner[2..].trim_start();
        if rest.starts_with('+') || rest.starts_with('-') {
            let pfx = if iu.starts_with("IX") { 0xDD } else { 0xFD };
            let rcol = icol + (inner.len() - rest.len());
            return Ok(Operand::MemIdx(pfx, Some(value(rest, rcol, r)?)));
        }
    }
    Ok(Operand::Mem(value(inner, icol, r)?))
}
