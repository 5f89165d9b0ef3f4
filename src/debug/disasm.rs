//! A Z80 disassembler of our own, written from the Z80's documented opcode structure
//! (the x/y/z/p/q fields of each opcode byte), producing text in the syntax of the
//! project's assembler (crates/aceasm/SYNTAX.md) so that its output assembles back to the
//! same bytes: every opcode, including CB, ED, DD/FD and DD CB/FD CB forms and the
//! undocumented ones, is shown either as an instruction or as `DB` bytes.

/// One decoded instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instruction {
    pub addr: u16,
    pub len: u8,
    /// Mnemonic and operands, e.g. `LD A,(IX+5)`.
    pub text: String,
    /// The absolute address a jump, call or 16-bit immediate refers to (for symbols).
    pub target: Option<u16>,
}

const R: [&str; 8] = ["B", "C", "D", "E", "H", "L", "(HL)", "A"];
const RP: [&str; 4] = ["BC", "DE", "HL", "SP"];
const RP2: [&str; 4] = ["BC", "DE", "HL", "AF"];
const CC: [&str; 8] = ["NZ", "Z", "NC", "C", "PO", "PE", "P", "M"];
const ALU: [&str; 8] = [
    "ADD A,", "ADC A,", "SUB ", "SBC A,", "AND ", "XOR ", "OR ", "CP ",
];
const ROT: [&str; 8] = ["RLC", "RRC", "RL", "RR", "SLA", "SRA", "SLL", "SRL"];

fn hex8(v: u8) -> String {
    format!("0x{v:02X}")
}

fn hex16(v: u16) -> String {
    format!("0x{v:04X}")
}

fn disp(d: u8) -> String {
    let d = d as i8;
    if d < 0 {
        format!("-{}", -(d as i16))
    } else {
        format!("+{d}")
    }
}

/// Decodes the instruction at `addr`, reading bytes with `fetch`.
pub fn decode(addr: u16, fetch: impl Fn(u16) -> u8) -> Instruction {
    let byte = |i: u16| fetch(addr.wrapping_add(i));
    let op = byte(0);
    let (text, len, target) = match op {
        0xCB => cb(byte(1)),
        0xED => ed(byte(1), byte(2), byte(3)),
        0xDD | 0xFD => indexed(op, addr, &byte),
        _ => main(op, addr, &byte, None),
    };
    Instruction {
        addr,
        len,
        text,
        target,
    }
}

/// `idx` = Some(("IX", d)) when a DD/FD prefix applies: (HL) becomes (IX+d), H/L become
/// IXH/IXL (only where no (HL) operand is in the same instruction).
fn main(
    op: u8,
    addr: u16,
    byte: &dyn Fn(u16) -> u8,
    idx: Option<&str>,
) -> (String, u8, Option<u16>) {
    // With a prefix, operand bytes start one later; (IX+d) adds one more.
    let base: u16 = if idx.is_some() { 1 } else { 0 };
    let x = op >> 6;
    let y = ((op >> 3) & 7) as usize;
    let z = (op & 7) as usize;
    let p = y >> 1;
    let q = y & 1;
    let uses_mem = |r: usize| r == 6;
    let has_mem = match x {
        1 => (uses_mem(y) || uses_mem(z)) && op != 0x76,
        0 => (z == 4 || z == 5 || z == 6) && uses_mem(y),
        2 => uses_mem(z),
        _ => false,
    };
    let d_off = if idx.is_some() && has_mem { 1 } else { 0 };
    let n_at = 1 + base + d_off;
    let n = byte(n_at);
    let nn = u16::from_le_bytes([byte(1 + base), byte(2 + base)]);
    let hl = idx.unwrap_or("HL");
    let reg = |r: usize| -> String {
        match (idx, r) {
            (Some(i), 6) => format!("({i}{})", disp(byte(1 + base))),
            (Some(i), 4) if !has_mem => format!("{i}H"),
            (Some(i), 5) if !has_mem => format!("{i}L"),
            _ => R[r].to_string(),
        }
    };
    let rp = |p: usize| {
        if p == 2 {
            hl.to_string()
        } else {
            RP[p].to_string()
        }
    };
    let rp2 = |p: usize| {
        if p == 2 {
            hl.to_string()
        } else {
            RP2[p].to_string()
        }
    };
    let l = |len: u16| (len + base + d_off) as u8;
    let rel = |at: u16| {
        addr.wrapping_add(at + 1)
            .wrapping_add(byte(at) as i8 as u16)
    };
    match x {
        0 => match z {
            0 => match y {
                0 => ("NOP".into(), l(1), None),
                1 => ("EX AF,AF'".into(), l(1), None),
                2 => {
                    let t = rel(1 + base);
                    (format!("DJNZ {}", hex16(t)), l(2), Some(t))
                }
                3 => {
                    let t = rel(1 + base);
                    (format!("JR {}", hex16(t)), l(2), Some(t))
                }
                _ => {
                    let t = rel(1 + base);
                    (format!("JR {},{}", CC[y - 4], hex16(t)), l(2), Some(t))
                }
            },
            1 => {
                if q == 0 {
                    (format!("LD {},{}", rp(p), hex16(nn)), l(3), Some(nn))
                } else {
                    (format!("ADD {hl},{}", rp(p)), l(1), None)
                }
            }
            2 => match (q, p) {
                (0, 0) => ("LD (BC),A".into(), l(1), None),
                (0, 1) => ("LD (DE),A".into(), l(1), None),
                (0, 2) => (format!("LD ({}),{hl}", hex16(nn)), l(3), Some(nn)),
                (0, _) => (format!("LD ({}),A", hex16(nn)), l(3), Some(nn)),
                (_, 0) => ("LD A,(BC)".into(), l(1), None),
                (_, 1) => ("LD A,(DE)".into(), l(1), None),
                (_, 2) => (format!("LD {hl},({})", hex16(nn)), l(3), Some(nn)),
                (_, _) => (format!("LD A,({})", hex16(nn)), l(3), Some(nn)),
            },
            3 => {
                let m = if q == 0 { "INC" } else { "DEC" };
                (format!("{m} {}", rp(p)), l(1), None)
            }
            4 => (format!("INC {}", reg(y)), l(1), None),
            5 => (format!("DEC {}", reg(y)), l(1), None),
            6 => (format!("LD {},{}", reg(y), hex8(n)), l(2), None),
            _ => {
                let m = ["RLCA", "RRCA", "RLA", "RRA", "DAA", "CPL", "SCF", "CCF"][y];
                (m.into(), l(1), None)
            }
        },
        1 => {
            if op == 0x76 {
                ("HALT".into(), l(1), None)
            } else {
                // LD H,(IX+d) keeps H: only the non-memory operand of the pair is plain.
                let dst = if has_mem && y != 6 {
                    R[y].to_string()
                } else {
                    reg(y)
                };
                let src = if has_mem && z != 6 {
                    R[z].to_string()
                } else {
                    reg(z)
                };
                (format!("LD {dst},{src}"), l(1), None)
            }
        }
        2 => (format!("{}{}", ALU[y], reg(z)), l(1), None),
        _ => match z {
            0 => (format!("RET {}", CC[y]), l(1), None),
            1 => match (q, p) {
                (0, _) => (format!("POP {}", rp2(p)), l(1), None),
                (_, 0) => ("RET".into(), l(1), None),
                (_, 1) => ("EXX".into(), l(1), None),
                (_, 2) => (format!("JP ({hl})"), l(1), None),
                (_, _) => (format!("LD SP,{hl}"), l(1), None),
            },
            2 => (format!("JP {},{}", CC[y], hex16(nn)), l(3), Some(nn)),
            3 => match y {
                0 => (format!("JP {}", hex16(nn)), l(3), Some(nn)),
                2 => (format!("OUT ({}),A", hex8(byte(1 + base))), l(2), None),
                3 => (format!("IN A,({})", hex8(byte(1 + base))), l(2), None),
                4 => (format!("EX (SP),{hl}"), l(1), None),
                5 => ("EX DE,HL".into(), l(1), None),
                6 => ("DI".into(), l(1), None),
                7 => ("EI".into(), l(1), None),
                _ => unreachable!("CB is decoded apart"),
            },
            4 => (format!("CALL {},{}", CC[y], hex16(nn)), l(3), Some(nn)),
            5 => match (q, p) {
                (0, _) => (format!("PUSH {}", rp2(p)), l(1), None),
                (_, 0) => (format!("CALL {}", hex16(nn)), l(3), Some(nn)),
                _ => unreachable!("prefixes are decoded apart"),
            },
            6 => (format!("{}{}", ALU[y], hex8(byte(1 + base))), l(2), None),
            _ => (format!("RST {}", hex8((y * 8) as u8)), l(1), None),
        },
    }
}

fn cb(op: u8) -> (String, u8, Option<u16>) {
    (cb_text(op, R[(op & 7) as usize]), 2, None)
}

fn cb_text(op: u8, operand: &str) -> String {
    let y = (op >> 3) & 7;
    match op >> 6 {
        0 => format!("{} {operand}", ROT[y as usize]),
        1 => format!("BIT {y},{operand}"),
        2 => format!("RES {y},{operand}"),
        _ => format!("SET {y},{operand}"),
    }
}

fn ed(op: u8, n1: u8, n2: u8) -> (String, u8, Option<u16>) {
    let x = op >> 6;
    let y = ((op >> 3) & 7) as usize;
    let z = op & 7;
    let nn = u16::from_le_bytes([n1, n2]);
    let db = || (format!("DB 0xED,{}", hex8(op)), 2, None);
    match x {
        1 => match z {
            0 if y == 6 => ("IN (C)".into(), 2, None),
            0 => (format!("IN {},(C)", R[y]), 2, None),
            1 if y == 6 => ("OUT (C),0".into(), 2, None),
            1 => (format!("OUT (C),{}", R[y]), 2, None),
            2 => {
                let m = if y & 1 == 0 { "SBC" } else { "ADC" };
                (format!("{m} HL,{}", RP[y >> 1]), 2, None)
            }
            // ED 63 / ED 6B duplicate LD (nn),HL / LD HL,(nn): the assembler picks the
            // short form, so they are shown as bytes.
            3 if y >> 1 == 2 => db(),
            3 => {
                if y & 1 == 0 {
                    (format!("LD ({}),{}", hex16(nn), RP[y >> 1]), 4, Some(nn))
                } else {
                    (format!("LD {},({})", RP[y >> 1], hex16(nn)), 4, Some(nn))
                }
            }
            4 if y == 0 => ("NEG".into(), 2, None),
            5 if y == 1 => ("RETI".into(), 2, None),
            5 if y == 0 => ("RETN".into(), 2, None),
            6 if y == 0 || y == 2 || y == 3 => {
                let m = ["0", "", "1", "2"][y];
                (format!("IM {m}"), 2, None)
            }
            7 if y < 6 => {
                let m = ["LD I,A", "LD R,A", "LD A,I", "LD A,R", "RRD", "RLD"][y];
                (m.into(), 2, None)
            }
            _ => db(),
        },
        2 if y >= 4 && z <= 3 => {
            let m = [
                ["LDI", "CPI", "INI", "OUTI"],
                ["LDD", "CPD", "IND", "OUTD"],
                ["LDIR", "CPIR", "INIR", "OTIR"],
                ["LDDR", "CPDR", "INDR", "OTDR"],
            ][y - 4][z as usize];
            (m.into(), 2, None)
        }
        _ => db(),
    }
}

fn indexed(prefix: u8, addr: u16, byte: &dyn Fn(u16) -> u8) -> (String, u8, Option<u16>) {
    let name = if prefix == 0xDD { "IX" } else { "IY" };
    let op = byte(1);
    let lone = || (format!("DB {}", hex8(prefix)), 1, None);
    match op {
        0xCB => {
            let d = byte(2);
            let cbop = byte(3);
            // Only the documented (IX+d) forms (register field 6); the undocumented ones
            // that also copy to a register are shown as bytes.
            if cbop & 7 != 6 {
                let t = format!("DB {},0xCB,{},{}", hex8(prefix), hex8(d), hex8(cbop));
                return (t, 4, None);
            }
            let operand = format!("({name}{})", disp(d));
            (cb_text(cbop, &operand), 4, None)
        }
        0xDD | 0xED | 0xFD => lone(),
        _ => {
            // Does the prefix change anything? It does for HL, H, L, (HL), JP (HL), EX (SP),HL
            // and LD SP,HL; otherwise the prefix is redundant and shown as a byte.
            let plain = main(op, addr, byte, None).0;
            if op == 0xEB || !mentions_hl(&plain) {
                lone()
            } else {
                main(op, addr, byte, Some(name))
            }
        }
    }
}

/// Whether an unprefixed instruction's text names HL, H, L or (HL), the operands a DD/FD
/// prefix turns into IX/IY forms.
fn mentions_hl(text: &str) -> bool {
    let operands = text.split_once(' ').map_or("", |(_, ops)| ops);
    operands
        .split(',')
        .any(|o| matches!(o, "HL" | "H" | "L" | "(HL)" | "(SP)"))
}

/// A disassembly listing of `count` instructions from `addr`: address, bytes, text, with
/// `label(addr)` giving a name to show for addresses (labels on their own line, targets as
/// comments).
pub fn listing(
    addr: u16,
    count: usize,
    fetch: impl Fn(u16) -> u8,
    label: impl Fn(u16) -> Option<String>,
) -> String {
    let mut out = String::new();
    let mut pc = addr;
    for _ in 0..count {
        let ins = decode(pc, &fetch);
        if let Some(name) = label(pc) {
            out.push_str(&format!("{name}:\n"));
        }
        let bytes: Vec<String> = (0..ins.len)
            .map(|i| format!("{:02X}", fetch(pc.wrapping_add(u16::from(i)))))
            .collect();
        out.push_str(&format!("{:04X}  {:<12} {}", pc, bytes.join(" "), ins.text));
        if let Some(name) = ins.target.and_then(&label) {
            out.push_str(&format!("  ; {name}"));
        }
        out.push('\n');
        pc = pc.wrapping_add(u16::from(ins.len));
    }
    out
}
