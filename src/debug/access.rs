//! Which memory and ports the instruction at PC is about to touch, worked out from its
//! bytes and the registers before it runs (so watchpoints cost the machine nothing when
//! no debugger is attached: the bus is not hooked).

use crate::machine::timing::Timing;
use crate::machine::Ace;
use iz80::{Reg16, Reg8};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Access {
    pub addr: u16,
    pub len: u16,
    pub write: bool,
}

/// (memory accesses, port accesses as (port, write)).
pub fn predict(ace: &Ace) -> (Vec<Access>, Vec<(u16, bool)>) {
    let regs = ace.cpu().immutable_registers();
    let pc = regs.pc();
    let b = |i: u16| ace.peek(pc.wrapping_add(i));
    let r16 = |r| regs.get16(r);
    let sp = r16(Reg16::SP);
    let f = regs.get8(Reg8::F);
    let mut mem = Vec::new();
    let mut ports = Vec::new();
    let mut acc = |addr: u16, len: u16, write: bool| mem.push(Access { addr, len, write });
    let mut op = b(0);
    let mut at = 1u16;
    // The (HL) operand, or (IX+d)/(IY+d) after a prefix.
    let mut hl = r16(Reg16::HL);
    if op == 0xDD || op == 0xFD {
        let ix = r16(if op == 0xDD { Reg16::IX } else { Reg16::IY });
        op = b(1);
        at = 2;
        hl = ix.wrapping_add(b(2) as i8 as u16);
        if op == 0xCB {
            let cb = b(3);
            acc(hl, 1, false);
            if cb >> 6 != 1 {
                acc(hl, 1, true);
            }
            return (mem, ports);
        }
        if matches!(op, 0xE1 | 0xE5 | 0xE3 | 0xE9) {
            hl = ix; // POP/PUSH/EX (SP)/JP use the register, not memory at it
        }
    }
    let nn = u16::from_le_bytes([b(at), b(at + 1)]);
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match op {
        0xCB if b(1) & 7 == 6 => {
            acc(hl, 1, false);
            if b(1) >> 6 != 1 {
                acc(hl, 1, true);
            }
        }
        0xCB => {}
        0xED => {
            let e = b(1);
            let bc = r16(Reg16::BC);
            match e {
                0x43 | 0x53 | 0x63 | 0x73 => acc(u16::from_le_bytes([b(2), b(3)]), 2, true),
                0x4B | 0x5B | 0x6B | 0x7B => acc(u16::from_le_bytes([b(2), b(3)]), 2, false),
                0x67 | 0x6F => {
                    acc(hl, 1, false);
                    acc(hl, 1, true);
                }
                0x45 | 0x4D | 0x55 | 0x5D | 0x65 | 0x6D | 0x75 | 0x7D => acc(sp, 2, false),
                0xA0 | 0xA8 | 0xB0 | 0xB8 => {
                    acc(hl, 1, false);
                    acc(r16(Reg16::DE), 1, true);
                }
                0xA1 | 0xA9 | 0xB1 | 0xB9 => acc(hl, 1, false),
                0xA2 | 0xAA | 0xB2 | 0xBA => {
                    ports.push((bc, false));
                    acc(hl, 1, true);
                }
                0xA3 | 0xAB | 0xB3 | 0xBB => {
                    acc(hl, 1, false);
                    ports.push((bc.wrapping_sub(0x100), true));
                }
                _ if e & 0xC7 == 0x40 => ports.push((bc, false)),
                _ if e & 0xC7 == 0x41 => ports.push((bc, true)),
                _ => {}
            }
        }
        0x02 => acc(r16(Reg16::BC), 1, true),
        0x12 => acc(r16(Reg16::DE), 1, true),
        0x0A => acc(r16(Reg16::BC), 1, false),
        0x1A => acc(r16(Reg16::DE), 1, false),
        0x22 => acc(nn, 2, true),
        0x2A => acc(nn, 2, false),
        0x32 => acc(nn, 1, true),
        0x3A => acc(nn, 1, false),
        0x34 | 0x35 => {
            acc(hl, 1, false);
            acc(hl, 1, true);
        }
        0x36 => acc(hl, 1, true),
        0x76 => {}
        0xD3 => ports.push((u16::from_le_bytes([b(at), regs.a()]), true)),
        0xDB => ports.push((u16::from_le_bytes([b(at), regs.a()]), false)),
        0xE3 => {
            acc(sp, 2, false);
            acc(sp, 2, true);
        }
        0xC9 => acc(sp, 2, false),
        0xCD => acc(sp.wrapping_sub(2), 2, true),
        _ if x == 1 && z == 6 => acc(hl, 1, false),
        _ if x == 1 && y == 6 => acc(hl, 1, true),
        _ if x == 2 && z == 6 => acc(hl, 1, false),
        _ if x == 3 && z == 0 && Timing::cc_holds(y, f) => acc(sp, 2, false),
        _ if x == 3 && z == 4 && Timing::cc_holds(y, f) => acc(sp.wrapping_sub(2), 2, true),
        _ if x == 3 && z == 1 && y & 1 == 0 => acc(sp, 2, false),
        _ if x == 3 && z == 5 && y & 1 == 0 => acc(sp.wrapping_sub(2), 2, true),
        _ if x == 3 && z == 7 => acc(sp.wrapping_sub(2), 2, true),
        _ => {}
    }
    (mem, ports)
}
