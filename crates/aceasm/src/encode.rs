//! Instruction encoding. Every instruction is first encoded in its HL form; IX/IY operands
//! are lowered to HL, H, L or (HL) and the result gets the 0xDD/0xFD prefix, with the
//! displacement of (IX+d) after the first opcode byte (which also gives DD CB d op for the
//! bit group). This one rule covers every documented index form plus IXH/IXL/IYH/IYL.

use crate::error::Diag;
use crate::operand::{Operand, Val};
use Operand::*;

/// Instructions without operands.
const FIXED: &[(&str, &[u8])] = &[
    ("NOP", &[0x00]),
    ("HALT", &[0x76]),
    ("DI", &[0xF3]),
    ("EI", &[0xFB]),
    ("EXX", &[0xD9]),
    ("DAA", &[0x27]),
    ("CPL", &[0x2F]),
    ("CCF", &[0x3F]),
    ("SCF", &[0x37]),
    ("RLCA", &[0x07]),
    ("RRCA", &[0x0F]),
    ("RLA", &[0x17]),
    ("RRA", &[0x1F]),
    ("NEG", &[0xED, 0x44]),
    ("RETI", &[0xED, 0x4D]),
    ("RETN", &[0xED, 0x45]),
    ("RLD", &[0xED, 0x6F]),
    ("RRD", &[0xED, 0x67]),
    ("LDI", &[0xED, 0xA0]),
    ("CPI", &[0xED, 0xA1]),
    ("INI", &[0xED, 0xA2]),
    ("OUTI", &[0xED, 0xA3]),
    ("LDD", &[0xED, 0xA8]),
    ("CPD", &[0xED, 0xA9]),
    ("IND", &[0xED, 0xAA]),
    ("OUTD", &[0xED, 0xAB]),
    ("LDIR", &[0xED, 0xB0]),
    ("CPIR", &[0xED, 0xB1]),
    ("INIR", &[0xED, 0xB2]),
    ("OTIR", &[0xED, 0xB3]),
    ("LDDR", &[0xED, 0xB8]),
    ("CPDR", &[0xED, 0xB9]),
    ("INDR", &[0xED, 0xBA]),
    ("OTDR", &[0xED, 0xBB]),
];

/// 8-bit arithmetic/logic group, in opcode order (bits 3-5).
const ALU: &[&str] = &["ADD", "ADC", "SUB", "SBC", "AND", "XOR", "OR", "CP"];
/// CB rotate/shift group, in opcode order; SLI is accepted as another name of SLL.
const SHIFT: &[&str] = &["RLC", "RRC", "RL", "RR", "SLA", "SRA", "SLL", "SRL"];
/// Mnemonics with operands that are not in the groups above.
const OTHER: &[&str] = &[
    "LD", "PUSH", "POP", "EX", "INC", "DEC", "JP", "JR", "DJNZ", "CALL", "RET", "RST", "IM", "IN",
    "OUT", "BIT", "RES", "SET", "SLI",
];

/// Whether `upper` (an upper-case word) is a Z80 mnemonic.
pub fn is_mnemonic(upper: &str) -> bool {
    FIXED.iter().any(|(m, _)| *m == upper)
        || ALU.contains(&upper)
        || SHIFT.contains(&upper)
        || OTHER.contains(&upper)
}

/// Collects the bytes of one instruction; value errors are only reported when `check` is set
/// (the final pass), because earlier passes may still see stale forward values.
struct Enc {
    out: Vec<u8>,
    pc: u32,
    check: bool,
    err: Option<Diag>,
}

impl Enc {
    fn op(&mut self, bytes: &[u8]) -> Option<()> {
        self.out.extend_from_slice(bytes);
        Some(())
    }

    fn fail(&mut self, col: usize, msg: String) {
        if self.check && self.err.is_none() {
            self.err = Some(Diag::new(col, msg));
        }
    }

    fn ranged(&mut self, v: &Val, lo: i32, hi: i32, what: &str) -> i32 {
        let x = v.v.unwrap_or(0);
        if !(lo..=hi).contains(&x) {
            self.fail(
                v.col,
                format!("value {x} does not fit in {what} ({lo}..{hi})"),
            );
        }
        x
    }

    fn n(&mut self, v: &Val) -> Option<()> {
        let x = self.ranged(v, -128, 255, "a byte");
        self.op(&[x as u8])
    }

    fn nn(&mut self, v: &Val) -> Option<()> {
        let x = self.ranged(v, -32768, 65535, "a word");
        self.op(&[x as u8, (x >> 8) as u8])
    }

    /// The displacement of a relative jump whose opcode is already in `out`.
    fn rel(&mut self, v: &Val) -> Option<()> {
        let target = self.ranged(v, -32768, 65535, "an address") & 0xFFFF;
        let next = (self.pc as i32 + self.out.len() as i32 + 1) & 0xFFFF;
        let mut d = target - next;
        // Jumps across the 0xFFFF/0x0000 boundary wrap like the CPU does.
        if d > 0x8000 {
            d -= 0x10000;
        } else if d < -0x8000 {
            d += 0x10000;
        }
        if v.v.is_some() && !(-128..=127).contains(&d) {
            self.fail(
                v.col,
                format!("relative jump out of range: target is {d} bytes away (limit -128..+127)"),
            );
        }
        self.op(&[d as u8])
    }
}

fn r(o: &Operand) -> Option<u8> {
    match *o {
        R8(c) => Some(c),
        MemHl => Some(6),
        _ => None,
    }
}

fn cond(o: &Operand) -> Option<u8> {
    match *o {
        Cond(c) => Some(c),
        R8(1) => Some(3),
        _ => None,
    }
}

fn ld(e: &mut Enc, a: &Operand, b: &Operand) -> Option<()> {
    match (a, b) {
        (R8(7), I) => e.op(&[0xED, 0x57]),
        (R8(7), R) => e.op(&[0xED, 0x5F]),
        (I, R8(7)) => e.op(&[0xED, 0x47]),
        (R, R8(7)) => e.op(&[0xED, 0x4F]),
        (R8(7), MemBc) => e.op(&[0x0A]),
        (R8(7), MemDe) => e.op(&[0x1A]),
        (R8(7), Mem(v)) => e.op(&[0x3A]).and_then(|_| e.nn(v)),
        (MemBc, R8(7)) => e.op(&[0x02]),
        (MemDe, R8(7)) => e.op(&[0x12]),
        (Mem(v), R8(7)) => e.op(&[0x32]).and_then(|_| e.nn(v)),
        (R16(2), Mem(v)) => e.op(&[0x2A]).and_then(|_| e.nn(v)),
        (R16(p), Mem(v)) => e.op(&[0xED, 0x4B | p << 4]).and_then(|_| e.nn(v)),
        (Mem(v), R16(2)) => e.op(&[0x22]).and_then(|_| e.nn(v)),
        (Mem(v), R16(p)) => e.op(&[0xED, 0x43 | p << 4]).and_then(|_| e.nn(v)),
        (R16(3), R16(2)) => e.op(&[0xF9]),
        (R16(p), Imm(v)) => e.op(&[0x01 | p << 4]).and_then(|_| e.nn(v)),
        (x, Imm(v)) => {
            let d = r(x)?;
            e.op(&[0x06 | d << 3]).and_then(|_| e.n(v))
        }
        (x, y) => {
            let (d, s) = (r(x)?, r(y)?);
            (d != 6 || s != 6).then_some(())?;
            e.op(&[0x40 | d << 3 | s])
        }
    }
}

fn alu(e: &mut Enc, k: u8, ops: &[Operand]) -> Option<()> {
    let src = match ops {
        [R16(2), R16(p)] => {
            return match k {
                0 => e.op(&[0x09 | p << 4]),
                1 => e.op(&[0xED, 0x4A | p << 4]),
                3 => e.op(&[0xED, 0x42 | p << 4]),
                _ => None,
            }
        }
        [R8(7), x] | [x] => x,
        _ => return None,
    };
    match src {
        Imm(v) => e.op(&[0xC6 | k << 3]).and_then(|_| e.n(v)),
        x => e.op(&[0x80 | k << 3 | r(x)?]),
    }
}

fn hl_form(e: &mut Enc, mn: &str, ops: &[Operand]) -> Option<()> {
    if let Some((_, bytes)) = FIXED.iter().find(|(m, _)| *m == mn) {
        return ops.is_empty().then(|| e.op(bytes))?;
    }
    if let Some(k) = ALU.iter().position(|m| *m == mn) {
        return alu(e, k as u8, ops);
    }
    let shift = if mn == "SLI" {
        Some(6)
    } else {
        SHIFT.iter().position(|m| *m == mn)
    };
    if let Some(k) = shift {
        return match ops {
            [x] => e.op(&[0xCB, (k as u8) << 3 | r(x)?]),
            _ => None,
        };
    }
    match (mn, ops) {
        ("LD", [a, b]) => ld(e, a, b),
        ("PUSH" | "POP", [o]) => {
            let q = match *o {
                R16(q @ 0..=2) => q,
                Af => 3,
                _ => return None,
            };
            e.op(&[if mn == "PUSH" { 0xC5 } else { 0xC1 } | q << 4])
        }
        ("EX", [R16(1), R16(2)]) => e.op(&[0xEB]),
        ("EX", [Af, AfAlt]) => e.op(&[0x08]),
        ("EX", [MemSp, R16(2)]) => e.op(&[0xE3]),
        ("INC" | "DEC", [o]) => {
            let dec = (mn == "DEC") as u8;
            match *o {
                R16(p) => e.op(&[0x03 | dec << 3 | p << 4]),
                _ => e.op(&[0x04 | dec | r(o)? << 3]),
            }
        }
        ("BIT" | "RES" | "SET", [Imm(b), x]) => {
            let base = match mn {
                "BIT" => 0x40,
                "RES" => 0x80,
                _ => 0xC0,
            };
            let bit = e.ranged(b, 0, 7, "a bit number") as u8 & 7;
            e.op(&[0xCB, base | bit << 3 | r(x)?])
        }
        ("JP", [Imm(v)]) => e.op(&[0xC3]).and_then(|_| e.nn(v)),
        ("JP", [c, Imm(v)]) => e.op(&[0xC2 | cond(c)? << 3]).and_then(|_| e.nn(v)),
        ("JP", [MemHl]) => e.op(&[0xE9]),
        ("JR", [Imm(v)]) => e.op(&[0x18]).and_then(|_| e.rel(v)),
        ("JR", [c, Imm(v)]) => {
            let c = cond(c).filter(|&c| c < 4)?;
            e.op(&[0x20 | c << 3]).and_then(|_| e.rel(v))
        }
        ("DJNZ", [Imm(v)]) => e.op(&[0x10]).and_then(|_| e.rel(v)),
        ("CALL", [Imm(v)]) => e.op(&[0xCD]).and_then(|_| e.nn(v)),
        ("CALL", [c, Imm(v)]) => e.op(&[0xC4 | cond(c)? << 3]).and_then(|_| e.nn(v)),
        ("RET", []) => e.op(&[0xC9]),
        ("RET", [c]) => e.op(&[0xC0 | cond(c)? << 3]),
        ("RST", [Imm(v)]) => {
            let t = v.v.unwrap_or(0);
            if t & !0x38 != 0 {
                e.fail(
                    v.col,
                    format!("RST target {t} is not one of 0, 8, 16, ... 56 (0x38)"),
                );
            }
            e.op(&[0xC7 | (t & 0x38) as u8])
        }
        ("IM", [Imm(v)]) => {
            let m = e.ranged(v, 0, 2, "an interrupt mode");
            e.op(&[0xED, [0x46, 0x56, 0x5E][m.clamp(0, 2) as usize]])
        }
        ("IN", [R8(7), Mem(v)]) => e.op(&[0xDB]).and_then(|_| e.n(v)),
        ("IN", [R8(d), MemC]) => e.op(&[0xED, 0x40 | d << 3]),
        ("IN", [MemC]) => e.op(&[0xED, 0x70]),
        ("OUT", [Mem(v), R8(7)]) => e.op(&[0xD3]).and_then(|_| e.n(v)),
        ("OUT", [MemC, R8(s)]) => e.op(&[0xED, 0x41 | s << 3]),
        ("OUT", [MemC, Imm(Val { v: Some(0), .. })]) => e.op(&[0xED, 0x71]),
        _ => None,
    }
}

/// Encodes instruction `mn` (upper case) at address `pc`. `cols` are the operand columns,
/// `mcol` the mnemonic's; `check` enables value range errors (final pass).
pub fn encode(
    mn: &str,
    ops: &[Operand],
    cols: &[usize],
    mcol: usize,
    pc: u32,
    check: bool,
) -> Result<Vec<u8>, Diag> {
    let mut prefix: Option<(u8, usize)> = None;
    let (mut half, mut whole, mut real_hl) = (false, false, false);
    let mut disp: Option<Option<Val>> = None;
    let mut low = Vec::with_capacity(ops.len());
    for (o, &col) in ops.iter().zip(cols) {
        let (l, p) = match *o {
            IdxHalf(p, c) => {
                half = true;
                (R8(c), Some(p))
            }
            MemIdx(p, d) => {
                disp = Some(d);
                (MemHl, Some(p))
            }
            Idx(p) => {
                whole = true;
                (R16(2), Some(p))
            }
            R8(4) | R8(5) | MemHl | R16(2) => {
                real_hl = true;
                (*o, None)
            }
            other => (other, None),
        };
        if let Some(p) = p {
            if prefix.is_some_and(|(q, _)| q != p) {
                return Err(Diag::new(
                    col,
                    "IX and IY cannot be used in one instruction",
                ));
            }
            prefix.get_or_insert((p, col));
        }
        low.push(l);
    }
    let first_col = cols.first().copied().unwrap_or(mcol);
    if let Some((_, pcol)) = prefix {
        if half && (real_hl || disp.is_some()) {
            return Err(Diag::new(
                pcol,
                "IXH/IXL/IYH/IYL cannot be combined with H, L, (HL) or (IX+d)",
            ));
        }
        if whole && real_hl {
            return Err(Diag::new(pcol, "IX/IY cannot be combined with HL"));
        }
    }
    let mut e = Enc {
        out: Vec::with_capacity(4),
        pc,
        check,
        err: None,
    };
    if hl_form(&mut e, mn, &low).is_none() {
        let shown: Vec<String> = ops.iter().map(describe).collect();
        return Err(Diag::new(
            first_col,
            format!("{mn} does not take the operands {}", shown.join(", ")),
        ));
    }
    if let Some(err) = e.err.take() {
        return Err(err);
    }
    let Some((pfx, pcol)) = prefix else {
        return Ok(e.out);
    };
    let bad_index = || {
        Diag::new(
            pcol,
            format!("{mn} has no form with IX/IY or their halves here"),
        )
    };
    if e.out[0] == 0xED || (half && e.out[0] == 0xCB) || e.out == [0xEB] {
        return Err(bad_index());
    }
    let mut out = vec![pfx, e.out[0]];
    match disp {
        Some(Some(v)) if mn == "JP" => {
            return Err(Diag::new(v.col, "JP (IX)/(IY) takes no displacement"));
        }
        Some(d) if mn != "JP" => {
            let x = d.map_or(0, |v| {
                if check && v.v.is_some_and(|x| !(-128..=127).contains(&x)) {
                    e.fail(
                        v.col,
                        format!(
                            "index displacement {} does not fit in -128..127",
                            v.v.unwrap_or(0)
                        ),
                    );
                }
                v.v.unwrap_or(0)
            });
            if let Some(err) = e.err.take() {
                return Err(err);
            }
            out.push(x as u8);
        }
        _ => {}
    }
    out.extend_from_slice(&e.out[1..]);
    Ok(out)
}

/// How an operand is named in error messages.
fn describe(o: &Operand) -> String {
    const R8N: [&str; 8] = ["B", "C", "D", "E", "H", "L", "(HL)", "A"];
    const R16N: [&str; 4] = ["BC", "DE", "HL", "SP"];
    const CC: [&str; 8] = ["NZ", "Z", "NC", "C", "PO", "PE", "P", "M"];
    let ix = |p: u8| if p == 0xDD { "IX" } else { "IY" };
    match *o {
        R8(c) => R8N[c as usize & 7].into(),
        IdxHalf(p, c) => format!("{}{}", ix(p), if c == 4 { "H" } else { "L" }),
        MemHl => "(HL)".into(),
        MemIdx(p, _) => format!("({}+d)", ix(p)),
        R16(c) => R16N[c as usize & 3].into(),
        Idx(p) => ix(p).into(),
        Af => "AF".into(),
        AfAlt => "AF'".into(),
        I => "I".into(),
        R => "R".into(),
        MemBc => "(BC)".into(),
        MemDe => "(DE)".into(),
        MemSp => "(SP)".into(),
        MemC => "(C)".into(),
        Cond(c) => CC[c as usize & 7].into(),
        Mem(_) => "(address)".into(),
        Imm(_) => "a value".into(),
    }
}
