//! The machine's own path for the instructions Forth and ROM code spend their time in:
//! decoded once, timed from the same timing-table entry, run on registers the machine
//! keeps itself ([`Regs`]), with memory read and written straight through the bus (no
//! dynamic call per byte, no per-instruction `Environment`, no boxed opcode closure).
//!
//! What it covers: the loads (8- and 16-bit, through (HL), (BC), (DE), (nn) and
//! (IX+d)/(IY+d)), INC/DEC, the 8-bit arithmetic and logic, ADD/ADC/SBC on HL and
//! ADD IX/IY, the accumulator rotates, CPL, SCF, CCF, NEG, PUSH/POP, EX DE,HL, EX (SP),HL,
//! the jumps, calls, returns and restarts (conditional ones included), JR/DJNZ (`DJNZ $`
//! in one go where the run loop allows), JP (HL), JP (IX)/(IY), everything CB-prefixed
//! (BIT n,(HL) with its WZ-based flag bits), LDI/LDD/LDIR/LDDR, IN A,(n) / OUT (n),A (the
//! keyboard, BREAK, tape and beeper ports, stamped with the same T-state as before), HALT,
//! DI and EI. Everything else (the other I/O, interrupt modes, EXX and EX AF,AF', DAA, the
//! IXH/IXL forms, DD/FD CB, the other ED instructions) goes to iz80 with the machine's
//! fixes, exactly as before: the fast path returns "not mine" before it changes anything.
//!
//! WZ (MEMPTR) and the Q latch are kept as `z80_fixes` keeps them (Q: the instruction's
//! timing word is stored after it; WZ: set by each instruction that sets it). R is counted
//! from the same word's M1 count.
//!
//! Where the registers live: [`Regs`] is the truth while the machine runs (from the start
//! of [`Ace::run`] to its end); iz80's `Cpu` is brought up to date before each instruction
//! handed to it and read back after, and at the end of every run, so outside a run `cpu()`
//! shows the state as always. A reference switch ([`Ace::set_fast_path`]) sends every
//! instruction to iz80 instead: the differential test (`tests/machine_fast_path.rs`)
//! compares the two, and `aceemu bench` measures one against the other.

use super::bus::CpuBus;
use super::timing::{FastTables, Packed, Timing};
use super::Ace;
use iz80::{Cpu, Reg16, Reg8};

const FLAG_C: u8 = 0x01;
const FLAG_N: u8 = 0x02;
const FLAG_PV: u8 = 0x04;
const FLAG_H: u8 = 0x10;
const FLAG_Z: u8 = 0x40;
const FLAG_S: u8 = 0x80;
const FLAGS_53: u8 = 0x28;
const FLAGS_SZPV: u8 = FLAG_S | FLAG_Z | FLAG_PV;

/// S, Z and bits 5 and 3 of a result.
const SZ53: [u8; 256] = flag_table(false);
/// S, Z, bits 5 and 3 and P/V as even parity.
const SZ53P: [u8; 256] = flag_table(true);

const fn flag_table(parity: bool) -> [u8; 256] {
    let mut out = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let v = i as u8;
        let mut f = v & (FLAG_S | FLAGS_53);
        if v == 0 {
            f |= FLAG_Z;
        }
        if parity && v.count_ones() % 2 == 0 {
            f |= FLAG_PV;
        }
        out[i] = f;
        i += 1;
    }
    out
}

/// The registers the fast path works on (the shadow set, I, R and the interrupt state
/// stay in iz80's `Cpu`: nothing on the fast path touches them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Regs {
    pub a: u8,
    pub f: u8,
    pub bc: u16,
    pub de: u16,
    pub hl: u16,
    pub ix: u16,
    pub iy: u16,
    pub sp: u16,
    pub pc: u16,
}

impl Regs {
    pub fn load(cpu: &Cpu) -> Regs {
        let r = cpu.immutable_registers();
        Regs {
            a: r.a(),
            f: r.get8(Reg8::F),
            bc: r.get16(Reg16::BC),
            de: r.get16(Reg16::DE),
            hl: r.get16(Reg16::HL),
            ix: r.get16(Reg16::IX),
            iy: r.get16(Reg16::IY),
            sp: r.get16(Reg16::SP),
            pc: r.pc(),
        }
    }

    pub fn store(&self, cpu: &mut Cpu) {
        let r = cpu.registers();
        r.set_a(self.a);
        r.set8(Reg8::F, self.f);
        r.set16(Reg16::BC, self.bc);
        r.set16(Reg16::DE, self.de);
        r.set16(Reg16::HL, self.hl);
        r.set16(Reg16::IX, self.ix);
        r.set16(Reg16::IY, self.iy);
        r.set16(Reg16::SP, self.sp);
        r.set_pc(self.pc);
    }

    /// Register `i` of the Z80's r field (0 B, 1 C, 2 D, 3 E, 4 H, 5 L, 7 A; not 6).
    #[inline(always)]
    fn r8(&self, i: u8) -> u8 {
        match i & 7 {
            0 => (self.bc >> 8) as u8,
            1 => self.bc as u8,
            2 => (self.de >> 8) as u8,
            3 => self.de as u8,
            4 => (self.hl >> 8) as u8,
            5 => self.hl as u8,
            _ => self.a,
        }
    }

    #[inline(always)]
    fn set_r8(&mut self, i: u8, v: u8) {
        let high = |pair: u16| (pair & 0x00FF) | u16::from(v) << 8;
        let low = |pair: u16| (pair & 0xFF00) | u16::from(v);
        match i & 7 {
            0 => self.bc = high(self.bc),
            1 => self.bc = low(self.bc),
            2 => self.de = high(self.de),
            3 => self.de = low(self.de),
            4 => self.hl = high(self.hl),
            5 => self.hl = low(self.hl),
            _ => self.a = v,
        }
    }

    /// Pair `p` of the rp field (BC, DE, HL, SP), with `hl` standing for HL, IX or IY.
    #[inline(always)]
    fn rp(&self, p: u8, hl: u16) -> u16 {
        match p & 3 {
            0 => self.bc,
            1 => self.de,
            2 => hl,
            _ => self.sp,
        }
    }

    #[inline(always)]
    fn set_rp(&mut self, p: u8, v: u16) {
        match p & 3 {
            0 => self.bc = v,
            1 => self.de = v,
            2 => self.hl = v,
            _ => self.sp = v,
        }
    }
}

/// 8-bit arithmetic and logic (the y field: ADD, ADC, SUB, SBC, AND, XOR, OR, CP) on A and
/// `v`: the new A and F.
#[inline(always)]
fn alu(y: u8, a: u8, f: u8, v: u8) -> (u8, u8) {
    match y & 7 {
        0 | 1 => {
            let carry = if y & 7 == 1 { f & FLAG_C } else { 0 };
            let sum = u16::from(a) + u16::from(v) + u16::from(carry);
            let r = sum as u8;
            let flags = SZ53[r as usize]
                | ((a ^ v ^ r) & FLAG_H)
                | (((a ^ r) & (v ^ r) & 0x80) >> 5)
                | (sum >> 8) as u8;
            (r, flags)
        }
        2 | 3 | 7 => {
            let carry = if y & 7 == 3 { f & FLAG_C } else { 0 };
            let diff = u16::from(a)
                .wrapping_sub(u16::from(v))
                .wrapping_sub(u16::from(carry));
            let r = diff as u8;
            let flags = FLAG_N
                | ((a ^ v ^ r) & FLAG_H)
                | (((a ^ v) & (a ^ r) & 0x80) >> 5)
                | ((diff >> 8) as u8 & FLAG_C);
            if y & 7 == 7 {
                // CP: bits 5 and 3 from the operand, A kept.
                (a, flags | (SZ53[r as usize] & !FLAGS_53) | (v & FLAGS_53))
            } else {
                (r, flags | SZ53[r as usize])
            }
        }
        4 => {
            let r = a & v;
            (r, SZ53P[r as usize] | FLAG_H)
        }
        5 => {
            let r = a ^ v;
            (r, SZ53P[r as usize])
        }
        _ => {
            let r = a | v;
            (r, SZ53P[r as usize])
        }
    }
}

#[inline(always)]
fn inc8(f: u8, v: u8) -> (u8, u8) {
    let r = v.wrapping_add(1);
    let mut flags = (f & FLAG_C) | SZ53[r as usize];
    if v & 0x0F == 0x0F {
        flags |= FLAG_H;
    }
    if v == 0x7F {
        flags |= FLAG_PV;
    }
    (r, flags)
}

#[inline(always)]
fn dec8(f: u8, v: u8) -> (u8, u8) {
    let r = v.wrapping_sub(1);
    let mut flags = (f & FLAG_C) | FLAG_N | SZ53[r as usize];
    if v & 0x0F == 0 {
        flags |= FLAG_H;
    }
    if v == 0x80 {
        flags |= FLAG_PV;
    }
    (r, flags)
}

/// ADD HL,rr (and IX, IY): the sum and F.
#[inline(always)]
fn add16(f: u8, a: u16, b: u16) -> (u16, u8) {
    let sum = u32::from(a) + u32::from(b);
    let r = sum as u16;
    let flags = (f & FLAGS_SZPV)
        | ((r >> 8) as u8 & FLAGS_53)
        | (((a ^ b ^ r) >> 8) as u8 & FLAG_H)
        | (sum >> 16) as u8;
    (r, flags)
}

/// ADC HL,rr (`sub` false) or SBC HL,rr (`sub` true): the result and F.
#[inline(always)]
fn adc_sbc16(sub: bool, f: u8, a: u16, b: u16) -> (u16, u8) {
    let carry = u32::from(f & FLAG_C);
    let (r32, overflow) = if sub {
        let d = u32::from(a).wrapping_sub(u32::from(b)).wrapping_sub(carry);
        (d, (a ^ b) & (a ^ d as u16) & 0x8000)
    } else {
        let s = u32::from(a) + u32::from(b) + carry;
        (s, (a ^ s as u16) & (b ^ s as u16) & 0x8000)
    };
    let r = r32 as u16;
    let mut flags = ((r >> 8) as u8 & (FLAG_S | FLAGS_53))
        | (((a ^ b ^ r) >> 8) as u8 & FLAG_H)
        | (overflow >> 13) as u8
        | ((r32 >> 16) as u8 & FLAG_C);
    if r == 0 {
        flags |= FLAG_Z;
    }
    if sub {
        flags |= FLAG_N;
    }
    (r, flags)
}

/// The CB rotates and shifts (y: RLC, RRC, RL, RR, SLA, SRA, SLL, SRL): result and F.
#[inline(always)]
fn rotate(y: u8, f: u8, v: u8) -> (u8, u8) {
    let (r, carry) = match y & 7 {
        0 => (v.rotate_left(1), v >> 7),
        1 => (v.rotate_right(1), v & 1),
        2 => (v << 1 | (f & FLAG_C), v >> 7),
        3 => (v >> 1 | (f & FLAG_C) << 7, v & 1),
        4 => (v << 1, v >> 7),
        5 => (v >> 1 | (v & 0x80), v & 1),
        6 => (v << 1 | 1, v >> 7),
        _ => (v >> 1, v & 1),
    };
    (r, SZ53P[r as usize] | carry)
}

/// BIT n,v; bits 5 and 3 from `xy` (v itself for a register, WZ's high byte for (HL)).
#[inline(always)]
fn bit(f: u8, v: u8, n: u8, xy: u8) -> u8 {
    let set = v & (1 << (n & 7));
    let mut flags = (f & FLAG_C) | FLAG_H | (xy & FLAGS_53) | (set & FLAG_S);
    if set == 0 {
        flags |= FLAG_Z | FLAG_PV;
    }
    flags
}

impl<B: CpuBus> Ace<B> {
    /// A word the instruction reads as data (`LD HL,(nn)`): through the bus's `peek`, which
    /// notes a program's read of KEYCOD for the key players, as on the iz80 path. Opcode
    /// and operand fetches and stack reads use [`Self::word_at`].
    #[inline(always)]
    fn data_word_at(&mut self, addr: u16) -> u16 {
        u16::from_le_bytes([self.bus.peek(addr), self.bus.peek(addr.wrapping_add(1))])
    }

    #[inline(always)]
    fn word_at(&self, addr: u16) -> u16 {
        u16::from_le_bytes([self.bus.read(addr), self.bus.read(addr.wrapping_add(1))])
    }

    #[inline(always)]
    fn write16(&mut self, addr: u16, v: u16) {
        self.bus.poke(addr, v as u8);
        self.bus.poke(addr.wrapping_add(1), (v >> 8) as u8);
    }

    #[inline(always)]
    fn push16(&mut self, v: u16) {
        let sp = self.regs.sp.wrapping_sub(2);
        self.bus.poke(sp.wrapping_add(1), (v >> 8) as u8);
        self.bus.poke(sp, v as u8);
        self.regs.sp = sp;
    }

    #[inline(always)]
    fn pop16(&mut self) -> u16 {
        let v = self.word_at(self.regs.sp);
        self.regs.sp = self.regs.sp.wrapping_add(2);
        v
    }

    /// Runs the instruction at PC if the fast path has it (true), with its timing word
    /// `entry` (the main table's entry for `op`, the byte at PC). False, with nothing
    /// changed, for the instructions it leaves to iz80. `batch_until`: see
    /// `Ace::execute_one` (`DJNZ $` runs its rounds that start before it in one go).
    #[inline(always)]
    pub(super) fn fast_step(
        &mut self,
        timings: &FastTables,
        op: u8,
        entry: Packed,
        batch_until: u64,
    ) -> bool {
        let pc = self.regs.pc;
        let mut cost = entry.tstates();
        let x = op >> 6;
        let y = (op >> 3) & 7;
        let z = op & 7;
        match x {
            1 => {
                if op == 0x76 {
                    // HALT: PC past it, the run loop waits in 4-T steps from here.
                    self.regs.pc = pc.wrapping_add(1);
                    self.halted = true;
                    self.loop_end = 0;
                    self.finish(entry, cost);
                    return true;
                }
                // LD r,r' / LD r,(HL) / LD (HL),r
                if z == 6 {
                    let v = self.bus.peek(self.regs.hl);
                    self.regs.set_r8(y, v);
                } else if y == 6 {
                    self.bus.poke(self.regs.hl, self.regs.r8(z));
                } else {
                    let v = self.regs.r8(z);
                    self.regs.set_r8(y, v);
                }
                self.regs.pc = pc.wrapping_add(1);
            }
            2 => {
                let v = if z == 6 {
                    self.bus.peek(self.regs.hl)
                } else {
                    self.regs.r8(z)
                };
                let (a, f) = alu(y, self.regs.a, self.regs.f, v);
                self.regs.a = a;
                self.regs.f = f;
                self.regs.pc = pc.wrapping_add(1);
            }
            0 => match z {
                0 => match y {
                    0 => self.regs.pc = pc.wrapping_add(1),
                    1 => return false, // EX AF,AF'
                    2 => {
                        if batch_until > self.t + u64::from(entry.taken())
                            && self.bus.read(pc.wrapping_add(1)) == 0xFE
                        {
                            self.djnz_to_itself(entry, batch_until);
                            return true;
                        }
                        let b = ((self.regs.bc >> 8) as u8).wrapping_sub(1);
                        self.regs.bc = (self.regs.bc & 0xFF) | u16::from(b) << 8;
                        if b != 0 {
                            self.relative_jump(pc);
                            cost = entry.taken();
                        } else {
                            self.regs.pc = pc.wrapping_add(2);
                        }
                    }
                    3 => self.relative_jump(pc),
                    _ => {
                        if Timing::cc_holds(entry.cc(), self.regs.f) {
                            self.relative_jump(pc);
                            cost = entry.taken();
                        } else {
                            self.regs.pc = pc.wrapping_add(2);
                        }
                    }
                },
                1 => {
                    let p = y >> 1;
                    if y & 1 == 0 {
                        let nn = self.word_at(pc.wrapping_add(1));
                        self.regs.set_rp(p, nn);
                        self.regs.pc = pc.wrapping_add(3);
                    } else {
                        let hl = self.regs.hl;
                        let (r, f) = add16(self.regs.f, hl, self.regs.rp(p, hl));
                        self.hidden.wz = hl.wrapping_add(1);
                        self.regs.hl = r;
                        self.regs.f = f;
                        self.regs.pc = pc.wrapping_add(1);
                    }
                }
                2 => {
                    let a_high = u16::from(self.regs.a) << 8;
                    let mut len = 1;
                    match y {
                        0 | 2 => {
                            let at = if y == 0 { self.regs.bc } else { self.regs.de };
                            self.bus.poke(at, self.regs.a);
                            self.hidden.wz = a_high | (at.wrapping_add(1) & 0xFF);
                        }
                        1 | 3 => {
                            let at = if y == 1 { self.regs.bc } else { self.regs.de };
                            self.regs.a = self.bus.peek(at);
                            self.hidden.wz = at.wrapping_add(1);
                        }
                        4 => {
                            let nn = self.word_at(pc.wrapping_add(1));
                            self.write16(nn, self.regs.hl);
                            self.hidden.wz = nn.wrapping_add(1);
                            len = 3;
                        }
                        5 => {
                            let nn = self.word_at(pc.wrapping_add(1));
                            self.regs.hl = self.data_word_at(nn);
                            self.hidden.wz = nn.wrapping_add(1);
                            len = 3;
                        }
                        6 => {
                            let nn = self.word_at(pc.wrapping_add(1));
                            self.bus.poke(nn, self.regs.a);
                            self.hidden.wz = a_high | (nn.wrapping_add(1) & 0xFF);
                            len = 3;
                        }
                        _ => {
                            let nn = self.word_at(pc.wrapping_add(1));
                            self.regs.a = self.bus.peek(nn);
                            self.hidden.wz = nn.wrapping_add(1);
                            len = 3;
                        }
                    }
                    self.regs.pc = pc.wrapping_add(len);
                }
                3 => {
                    let p = y >> 1;
                    let v = self.regs.rp(p, self.regs.hl);
                    let v = if y & 1 == 0 {
                        v.wrapping_add(1)
                    } else {
                        v.wrapping_sub(1)
                    };
                    self.regs.set_rp(p, v);
                    self.regs.pc = pc.wrapping_add(1);
                }
                4 | 5 => {
                    let v = if y == 6 {
                        self.bus.peek(self.regs.hl)
                    } else {
                        self.regs.r8(y)
                    };
                    let (r, f) = if z == 4 {
                        inc8(self.regs.f, v)
                    } else {
                        dec8(self.regs.f, v)
                    };
                    self.regs.f = f;
                    if y == 6 {
                        self.bus.poke(self.regs.hl, r);
                    } else {
                        self.regs.set_r8(y, r);
                    }
                    self.regs.pc = pc.wrapping_add(1);
                }
                6 => {
                    let n = self.bus.read(pc.wrapping_add(1));
                    if y == 6 {
                        self.bus.poke(self.regs.hl, n);
                    } else {
                        self.regs.set_r8(y, n);
                    }
                    self.regs.pc = pc.wrapping_add(2);
                }
                _ => {
                    let (a, f) = (self.regs.a, self.regs.f);
                    let kept = f & FLAGS_SZPV;
                    let (a, f) = match y {
                        0 => {
                            let r = a.rotate_left(1);
                            (r, kept | (r & FLAGS_53) | (a >> 7))
                        }
                        1 => {
                            let r = a.rotate_right(1);
                            (r, kept | (r & FLAGS_53) | (a & 1))
                        }
                        2 => {
                            let r = a << 1 | (f & FLAG_C);
                            (r, kept | (r & FLAGS_53) | (a >> 7))
                        }
                        3 => {
                            let r = a >> 1 | (f & FLAG_C) << 7;
                            (r, kept | (r & FLAGS_53) | (a & 1))
                        }
                        4 => return false, // DAA
                        5 => {
                            let r = !a;
                            (
                                r,
                                (f & (FLAGS_SZPV | FLAG_C)) | FLAG_H | FLAG_N | (r & FLAGS_53),
                            )
                        }
                        _ => {
                            // SCF, CCF: bits 5 and 3 from A, or from A | F when the
                            // instruction before did not write the flags (Q = 0).
                            let q = self.hidden.q(f);
                            let xy = ((q ^ f) | a) & FLAGS_53;
                            let flags = if y == 6 {
                                kept | xy | FLAG_C
                            } else if f & FLAG_C != 0 {
                                kept | xy | FLAG_H
                            } else {
                                kept | xy | FLAG_C
                            };
                            (a, flags)
                        }
                    };
                    self.regs.a = a;
                    self.regs.f = f;
                    self.regs.pc = pc.wrapping_add(1);
                }
            },
            _ => match z {
                0 => {
                    // RET cc
                    if Timing::cc_holds(entry.cc(), self.regs.f) {
                        let to = self.pop16();
                        self.regs.pc = to;
                        self.hidden.wz = to;
                        cost = entry.taken();
                    } else {
                        self.regs.pc = pc.wrapping_add(1);
                    }
                }
                1 => match y {
                    1 => {
                        let to = self.pop16();
                        self.regs.pc = to;
                        self.hidden.wz = to;
                    }
                    3 => return false, // EXX
                    5 => self.regs.pc = self.regs.hl,
                    7 => {
                        self.regs.sp = self.regs.hl;
                        self.regs.pc = pc.wrapping_add(1);
                    }
                    _ => {
                        let v = self.pop16();
                        match y >> 1 {
                            0 => self.regs.bc = v,
                            1 => self.regs.de = v,
                            2 => self.regs.hl = v,
                            _ => {
                                self.regs.a = (v >> 8) as u8;
                                self.regs.f = v as u8;
                            }
                        }
                        self.regs.pc = pc.wrapping_add(1);
                    }
                },
                2 => {
                    // JP cc,nn: WZ = nn whether it jumps or not.
                    let nn = self.word_at(pc.wrapping_add(1));
                    self.hidden.wz = nn;
                    self.regs.pc = if Timing::cc_holds(entry.cc(), self.regs.f) {
                        nn
                    } else {
                        pc.wrapping_add(3)
                    };
                }
                3 => match y {
                    0 => {
                        let nn = self.word_at(pc.wrapping_add(1));
                        self.hidden.wz = nn;
                        self.regs.pc = nn;
                    }
                    1 => return self.fast_cb(timings, entry),
                    4 => {
                        let sp = self.regs.sp;
                        let v = self.word_at(sp);
                        self.write16(sp, self.regs.hl);
                        self.regs.hl = v;
                        self.hidden.wz = v;
                        self.regs.pc = pc.wrapping_add(1);
                    }
                    5 => {
                        std::mem::swap(&mut self.regs.de, &mut self.regs.hl);
                        self.regs.pc = pc.wrapping_add(1);
                    }
                    2 | 3 => {
                        // OUT (n),A / IN A,(n): the port is A·256 + n, accessed at the
                        // T-state the timing word gives, as on the path through iz80
                        // (the tape deck and the beeper are stamped with it).
                        let n = self.bus.read(pc.wrapping_add(1));
                        let port = u16::from(self.regs.a) << 8 | u16::from(n);
                        self.bus.set_io_time(self.t + u64::from(entry.io_offset()));
                        if y == 2 {
                            self.hidden.wz = (port & 0xFF00) | u16::from(n.wrapping_add(1));
                            self.bus.port_out(port, self.regs.a);
                        } else {
                            self.hidden.wz = port.wrapping_add(1);
                            self.regs.a = self.bus.port_in(port);
                        }
                        self.regs.pc = pc.wrapping_add(2);
                    }
                    _ => {
                        // DI / EI. No interrupt is accepted right after EI; EI also ends
                        // the ROM's interrupt handler for the keyboard's reads.
                        let on = y == 7;
                        if on {
                            self.ei_end = self.t + u64::from(entry.tstates());
                            self.bus.leave_interrupt();
                        }
                        self.set_iff1_by_instruction(on);
                        self.ints.iff2 = on;
                        self.regs.pc = pc.wrapping_add(1);
                    }
                },
                4 => {
                    // CALL cc,nn: WZ = nn whether it calls or not.
                    let nn = self.word_at(pc.wrapping_add(1));
                    self.hidden.wz = nn;
                    if Timing::cc_holds(entry.cc(), self.regs.f) {
                        self.push16(pc.wrapping_add(3));
                        self.regs.pc = nn;
                        cost = entry.taken();
                    } else {
                        self.regs.pc = pc.wrapping_add(3);
                    }
                }
                5 => match y {
                    1 => {
                        let nn = self.word_at(pc.wrapping_add(1));
                        self.hidden.wz = nn;
                        self.push16(pc.wrapping_add(3));
                        self.regs.pc = nn;
                    }
                    3 => return self.fast_index(timings, entry, false),
                    5 => return self.fast_ed(timings, entry),
                    7 => return self.fast_index(timings, entry, true),
                    _ => {
                        let v = match y >> 1 {
                            0 => self.regs.bc,
                            1 => self.regs.de,
                            2 => self.regs.hl,
                            _ => u16::from(self.regs.a) << 8 | u16::from(self.regs.f),
                        };
                        self.push16(v);
                        self.regs.pc = pc.wrapping_add(1);
                    }
                },
                6 => {
                    let n = self.bus.read(pc.wrapping_add(1));
                    let (a, f) = alu(y, self.regs.a, self.regs.f, n);
                    self.regs.a = a;
                    self.regs.f = f;
                    self.regs.pc = pc.wrapping_add(2);
                }
                _ => {
                    // RST
                    let to = u16::from(y) << 3;
                    self.push16(pc.wrapping_add(1));
                    self.regs.pc = to;
                    self.hidden.wz = to;
                }
            },
        }
        self.finish(entry, cost);
        true
    }

    /// The clock, R and Q after an instruction of the fast path.
    #[inline(always)]
    fn finish(&mut self, entry: Packed, cost: u8) {
        self.t += u64::from(cost);
        self.r_pending += u64::from(entry.m1());
        self.hidden.last = entry;
    }

    /// `DJNZ $` at PC (a delay loop: the ROM's interrupt handler spends most of an idle
    /// frame in one): the rounds that start before `until`, in one go, with the clock, R,
    /// B, PC, WZ and Q as that many single rounds leave them (each taken round 13 T and
    /// WZ = PC, the last one 8 T and on to PC + 2). The instruction reads nothing but its
    /// own two bytes and writes nothing but B, so nothing else can tell.
    #[inline(never)]
    fn djnz_to_itself(&mut self, entry: Packed, until: u64) {
        let pc = self.regs.pc;
        let b = (self.regs.bc >> 8) as u8;
        let rounds = if b == 0 { 256 } else { u64::from(b) };
        let taken = u64::from(entry.taken());
        // Round i starts at t + 13·i (all the rounds before it were taken).
        let fit = (until - self.t + taken - 1) / taken;
        let n = rounds.min(fit);
        if n == rounds {
            self.t += taken * (rounds - 1) + u64::from(entry.tstates());
            self.regs.bc &= 0x00FF;
            self.regs.pc = pc.wrapping_add(2);
            if rounds > 1 {
                self.hidden.wz = pc;
            }
        } else {
            self.t += taken * n;
            self.regs.bc = (self.regs.bc & 0x00FF) | ((rounds - n) as u16) << 8;
            self.hidden.wz = pc;
        }
        self.r_pending += n * u64::from(entry.m1());
        self.hidden.last = entry;
    }

    /// JR / DJNZ / JR cc at `pc`, taken: WZ = the target.
    #[inline(always)]
    fn relative_jump(&mut self, pc: u16) {
        let d = self.bus.read(pc.wrapping_add(1)) as i8;
        let to = pc.wrapping_add(2).wrapping_add(d as u16);
        self.regs.pc = to;
        self.hidden.wz = to;
    }

    /// CB-prefixed: all of them (`main` is the CB prefix's marker).
    #[inline(always)]
    fn fast_cb(&mut self, timings: &FastTables, main: Packed) -> bool {
        let pc = self.regs.pc;
        let op = self.bus.read(pc.wrapping_add(1));
        let entry = timings.after(main, op);
        let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
        let v = if z == 6 {
            self.bus.peek(self.regs.hl)
        } else {
            self.regs.r8(z)
        };
        let r = match x {
            0 => {
                let (r, f) = rotate(y, self.regs.f, v);
                self.regs.f = f;
                r
            }
            1 => {
                let xy = if z == 6 {
                    (self.hidden.wz >> 8) as u8
                } else {
                    v
                };
                self.regs.f = bit(self.regs.f, v, y, xy);
                self.regs.pc = pc.wrapping_add(2);
                self.finish(entry, entry.tstates());
                return true;
            }
            2 => v & !(1 << y),
            _ => v | (1 << y),
        };
        if z == 6 {
            self.bus.poke(self.regs.hl, r);
        } else {
            self.regs.set_r8(z, r);
        }
        self.regs.pc = pc.wrapping_add(2);
        self.finish(entry, entry.tstates());
        true
    }

    /// ED-prefixed: the 16-bit arithmetic and loads, NEG, LDI/LDD/LDIR/LDDR.
    #[inline(always)]
    fn fast_ed(&mut self, timings: &FastTables, main: Packed) -> bool {
        let pc = self.regs.pc;
        let op = self.bus.read(pc.wrapping_add(1));
        let entry = timings.after(main, op);
        let mut cost = entry.tstates();
        let p = (op >> 4) & 3;
        match op {
            0x42 | 0x52 | 0x62 | 0x72 | 0x4A | 0x5A | 0x6A | 0x7A => {
                let hl = self.regs.hl;
                let (r, f) = adc_sbc16(op & 8 == 0, self.regs.f, hl, self.regs.rp(p, hl));
                self.hidden.wz = hl.wrapping_add(1);
                self.regs.hl = r;
                self.regs.f = f;
                self.regs.pc = pc.wrapping_add(2);
            }
            0x43 | 0x53 | 0x63 | 0x73 => {
                let nn = self.word_at(pc.wrapping_add(2));
                self.write16(nn, self.regs.rp(p, self.regs.hl));
                self.hidden.wz = nn.wrapping_add(1);
                self.regs.pc = pc.wrapping_add(4);
            }
            0x4B | 0x5B | 0x6B | 0x7B => {
                let nn = self.word_at(pc.wrapping_add(2));
                let v = self.data_word_at(nn);
                self.regs.set_rp(p, v);
                self.hidden.wz = nn.wrapping_add(1);
                self.regs.pc = pc.wrapping_add(4);
            }
            0x44 => {
                let (a, f) = alu(2, 0, self.regs.f, self.regs.a);
                self.regs.a = a;
                self.regs.f = f;
                self.regs.pc = pc.wrapping_add(2);
            }
            0xA0 | 0xA8 | 0xB0 | 0xB8 => {
                let up = op & 8 == 0;
                let step = |v: u16| {
                    if up {
                        v.wrapping_add(1)
                    } else {
                        v.wrapping_sub(1)
                    }
                };
                let (hl, de) = (self.regs.hl, self.regs.de);
                let v = self.bus.peek(hl);
                self.bus.poke(de, v);
                self.regs.hl = step(hl);
                self.regs.de = step(de);
                let bc = self.regs.bc.wrapping_sub(1);
                self.regs.bc = bc;
                let n = v.wrapping_add(self.regs.a);
                let mut f =
                    (self.regs.f & (FLAG_S | FLAG_Z | FLAG_C)) | (n & 0x08) | (n & 0x02) << 4;
                if bc != 0 {
                    f |= FLAG_PV;
                }
                if op >= 0xB0 && bc != 0 {
                    // A round that repeats: PC stays, bits 5 and 3 from its high byte.
                    f = (f & !FLAGS_53) | ((pc >> 8) as u8 & FLAGS_53);
                    self.hidden.wz = pc.wrapping_add(1);
                    cost = entry.taken();
                } else {
                    self.regs.pc = pc.wrapping_add(2);
                }
                self.regs.f = f;
            }
            _ => return false,
        }
        self.finish(entry, cost);
        true
    }

    /// DD/FD-prefixed (`iy`: FD): the IX/IY loads and arithmetic, (IX+d) operands,
    /// PUSH/POP, EX (SP),IX and JP (IX). Not the IXH/IXL forms nor DD/FD CB.
    #[inline(always)]
    fn fast_index(&mut self, timings: &FastTables, main: Packed, iy: bool) -> bool {
        let pc = self.regs.pc;
        let op = self.bus.read(pc.wrapping_add(1));
        let entry = timings.after(main, op);
        let index = if iy { self.regs.iy } else { self.regs.ix };
        let displaced = |ace: &Self| {
            let d = ace.bus.read(pc.wrapping_add(2)) as i8;
            index.wrapping_add(d as u16)
        };
        let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
        let mut new_index = index;
        let len: u16 = match op {
            0xE9 => {
                self.regs.pc = index;
                self.finish(entry, entry.tstates());
                return true;
            }
            0x21 => {
                new_index = self.word_at(pc.wrapping_add(2));
                4
            }
            0x22 => {
                let nn = self.word_at(pc.wrapping_add(2));
                self.write16(nn, index);
                self.hidden.wz = nn.wrapping_add(1);
                4
            }
            0x2A => {
                let nn = self.word_at(pc.wrapping_add(2));
                new_index = self.data_word_at(nn);
                self.hidden.wz = nn.wrapping_add(1);
                4
            }
            0x23 => {
                new_index = index.wrapping_add(1);
                2
            }
            0x2B => {
                new_index = index.wrapping_sub(1);
                2
            }
            0x09 | 0x19 | 0x29 | 0x39 => {
                let (r, f) = add16(self.regs.f, index, self.regs.rp(y >> 1, index));
                self.hidden.wz = index.wrapping_add(1);
                self.regs.f = f;
                new_index = r;
                2
            }
            0xE1 => {
                new_index = self.pop16();
                2
            }
            0xE5 => {
                self.push16(index);
                2
            }
            0xF9 => {
                self.regs.sp = index;
                2
            }
            0xE3 => {
                let sp = self.regs.sp;
                new_index = self.word_at(sp);
                self.write16(sp, index);
                self.hidden.wz = new_index;
                2
            }
            0x34 | 0x35 => {
                let at = displaced(self);
                let v = self.bus.peek(at);
                let (r, f) = if op == 0x34 {
                    inc8(self.regs.f, v)
                } else {
                    dec8(self.regs.f, v)
                };
                self.bus.poke(at, r);
                self.regs.f = f;
                self.hidden.wz = at;
                3
            }
            0x36 => {
                let at = displaced(self);
                let n = self.bus.read(pc.wrapping_add(3));
                self.bus.poke(at, n);
                self.hidden.wz = at;
                4
            }
            _ if x == 1 && z == 6 && y != 6 => {
                // LD r,(IX+d): r is B, C, D, E, H, L or A itself.
                let at = displaced(self);
                let v = self.bus.peek(at);
                self.regs.set_r8(y, v);
                self.hidden.wz = at;
                3
            }
            _ if x == 1 && y == 6 && z != 6 => {
                // LD (IX+d),r
                let at = displaced(self);
                self.bus.poke(at, self.regs.r8(z));
                self.hidden.wz = at;
                3
            }
            _ if x == 2 && z == 6 => {
                let at = displaced(self);
                let v = self.bus.peek(at);
                let (a, f) = alu(y, self.regs.a, self.regs.f, v);
                self.regs.a = a;
                self.regs.f = f;
                self.hidden.wz = at;
                3
            }
            _ => return false,
        };
        if iy {
            self.regs.iy = new_index;
        } else {
            self.regs.ix = new_index;
        }
        self.regs.pc = pc.wrapping_add(len);
        self.finish(entry, entry.tstates());
        true
    }
}
