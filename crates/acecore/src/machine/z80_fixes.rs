//! The Z80 where iz80 0.5.1 falls short: the instructions it gets wrong, and the hidden
//! registers it does not have (MEMPTR, also called WZ; the Q latch; the LD A,I/R quirk).
//! Measured against the public SingleStepTests z80 suite (`tests/machine_singlestep.rs`).
//!
//! What iz80 gets wrong (each intercepted below, with what it does instead):
//! DD/FD CB d op with a register field other than 6 (writes IXH/IXL, not H/L; BIT tests
//! the register, not (IX+d)); LD A,I and LD A,R (only P/V set); INI/IND/OUTI/OUTD and their
//! repeats (B on the address bus at the wrong moment, repeat flags); RETI (IFF1 not
//! restored); bits 5 and 3 of BIT n,(HL), SCF, CCF and the repeating block instructions.
//!
//! The timing table marks those "intercepted" ([`intercepted`]); the machine sends them
//! through [`Ace::execute_intercepted`] instead of straight to iz80. All are rare in real
//! code (the block repeats, conditional jumps and I/O already left the plain path).
//!
//! How the hidden registers are kept cheaply:
//! * **Q** (which SCF and CCF read for flag bits 3 and 5) is F after an instruction that
//!   writes the flags and 0 after any other. The machine stores the last instruction's
//!   timing word after every instruction (one store, no branch); the word has a
//!   "sets flags" bit, so Q is known whenever it is needed: `F` if that bit is set, else 0.
//! * **WZ** is set by about a hundred opcodes from values that are gone a moment later
//!   (HL before ADD HL,rr, A before IN A,(n), the return address RET popped from a stack
//!   that is soon written over...), so it cannot be worked out lazily from a later state:
//!   it is set as each instruction runs, but at no cost to the instructions that leave it
//!   alone. Each plain instruction that sets it carries a small [`wz`] rule in its timing
//!   word, and a rule takes the instruction off the machine's plain path by the same test
//!   that sends prefixed and conditional instructions elsewhere; there
//!   [`Ace::execute_setting_wz`] reads one register or operand around iz80's execution
//!   (the commonest rules inline: the new PC, HL + 1, DE + 1, nn + 1, IX + d). Conditional
//!   jumps get theirs from the machine's "taken" test, OUT (n),A and IN A,(n) on the
//!   machine's path for I/O; intercepted instructions set it themselves.
//!
//! Measured with callgrind (x86 instructions over 100 frames of a busy Forth loop on the
//! open ROM), the machine with all of this costs about 2 % more than before the fixes.

use super::bus::CpuBus;
use super::timing::Packed;
use super::Ace;
use iz80::{Reg16, Reg8};

const FLAG_C: u8 = 0x01;
const FLAG_N: u8 = 0x02;
const FLAG_PV: u8 = 0x04;
const FLAG_3: u8 = 0x08;
const FLAG_H: u8 = 0x10;
const FLAG_5: u8 = 0x20;
const FLAG_Z: u8 = 0x40;
const FLAG_S: u8 = 0x80;
const FLAGS_53: u8 = FLAG_5 | FLAG_3;

/// Which opcode table an entry belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    Main,
    Cb,
    Ed,
    /// DD/FD then an opcode (not CB, ED, DD, FD).
    Index,
    /// DD CB d op / FD CB d op.
    IndexCb,
}

/// The CPU state iz80 does not keep.
#[derive(Debug, Clone, Copy)]
pub struct Hidden {
    /// MEMPTR.
    pub wz: u16,
    /// The timing word of the last instruction run (its "sets flags" bit gives Q).
    pub last: Packed,
    /// When the last LD A,I or LD A,R finished (u64::MAX: not recently). An interrupt
    /// accepted right then clears P/V, as on the NMOS Z80.
    pub ld_air_end: u64,
}

impl Default for Hidden {
    fn default() -> Hidden {
        Hidden {
            wz: 0,
            last: Packed::NOTHING,
            ld_air_end: u64::MAX,
        }
    }
}

impl Hidden {
    /// The Q latch, given the flags now.
    pub fn q(&self, f: u8) -> u8 {
        if self.last.sets_flags() {
            f
        } else {
            0
        }
    }
}

/// Does this opcode write the flags (so Q = F after it)?
pub fn sets_flags(table: Table, op: u8) -> bool {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match table {
        Table::Main | Table::Index => match x {
            // INC r, DEC r, the accumulator rotates, DAA, CPL, SCF, CCF, ADD HL,rr
            0 => z == 4 || z == 5 || z == 7 || (z == 1 && y & 1 == 1),
            2 => true,
            3 => z == 6,
            _ => false,
        },
        // Rotates, shifts and BIT; not RES or SET.
        Table::Cb | Table::IndexCb => x <= 1,
        Table::Ed => match x {
            // IN r,(C); ADC/SBC HL,rr; NEG; LD A,I; LD A,R; RRD; RLD
            1 => z == 0 || z == 2 || z == 4 || (z == 7 && (2..=5).contains(&y)),
            // the block instructions
            2 => z <= 3 && y >= 4,
            _ => false,
        },
    }
}

/// Does the machine run this opcode through [`Ace::execute_intercepted`]? Those iz80
/// gets wrong, and the I/O ones that set WZ (which already leave the plain path); the
/// plain ones that set WZ have a [`wz`] rule.
pub fn intercepted(table: Table, op: u8) -> bool {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match table {
        // SCF; CCF. (The conditional jumps' WZ is set on the machine's path for
        // conditional instructions, that of OUT (n),A and IN A,(n) on its path for I/O.)
        // SCF; CCF; DI; EI (the machine keeps the interrupt flip-flops: see `Ace::ints`).
        Table::Main | Table::Index => matches!(op, 0x37 | 0x3F | 0xF3 | 0xFB),
        Table::Cb => x == 1 && z == 6,
        Table::IndexCb => true,
        Table::Ed => match x {
            // IN/OUT (C); RETN/RETI; IM; LD A,I/R
            1 => z <= 1 || z == 5 || z == 6 || (z == 7 && (y == 2 || y == 3)),
            // the block instructions but LDI and LDD, which iz80 gets right
            2 => z <= 3 && y >= 4 && !(z == 0 && y <= 5),
            _ => false,
        },
    }
}

/// How the plain instructions set WZ, computed around iz80's execution by
/// [`Ace::execute_setting_wz`] without a branch on the rule: a rule is a recipe of bit
/// fields. Before the instruction, a 16-bit source (BC, DE, HL, the index register, or
/// the operand word after the opcode) plus 1 (or plus d), optionally with A in the high
/// byte; after it, optionally the new PC, HL or index register instead. "Index" is IX
/// after DD, IY after FD.
pub mod wz {
    /// Marks a rule (so that 0 means "leaves WZ alone").
    const RULE: u8 = 0x80;
    const SEL_BC: u8 = 0;
    const SEL_DE: u8 = 1;
    const SEL_HL: u8 = 2;
    const SEL_INDEX: u8 = 3;
    /// The operand word right after the opcode byte.
    const SEL_NN: u8 = 4;
    /// The operand word after a prefix and the opcode.
    const SEL_NN_AFTER_PREFIX: u8 = 5;
    pub(super) const SEL_MASK: u8 = 7;
    /// Add the displacement d (at the instruction's third byte) instead of 1.
    pub(super) const ADD_D: u8 = 0x08;
    /// A in the high byte, the sum's low byte in the low one.
    pub(super) const A_HIGH: u8 = 0x10;
    pub(super) const POST_SHIFT: u8 = 5;
    const POST_PC: u8 = 1 << POST_SHIFT;
    const POST_HL: u8 = 2 << POST_SHIFT;
    const POST_INDEX: u8 = 3 << POST_SHIFT;

    /// The new PC (JP nn, CALL nn, RET, JR d, RST).
    pub const PC_AFTER: u8 = RULE | POST_PC;
    /// BC + 1 (LD A,(BC)).
    pub const BC_PLUS_1: u8 = RULE | SEL_BC;
    /// DE + 1 (LD A,(DE)).
    pub const DE_PLUS_1: u8 = RULE | SEL_DE;
    /// A, and the low byte of BC + 1 (LD (BC),A).
    pub const A_AND_BC: u8 = RULE | SEL_BC | A_HIGH;
    /// A, and the low byte of DE + 1 (LD (DE),A).
    pub const A_AND_DE: u8 = RULE | SEL_DE | A_HIGH;
    /// nn + 1 (LD A,(nn), LD HL,(nn), LD (nn),HL).
    pub const NN_PLUS_1: u8 = RULE | SEL_NN;
    /// A, and the low byte of nn + 1 (LD (nn),A).
    pub const A_AND_NN: u8 = RULE | SEL_NN | A_HIGH;
    /// nn + 1 after a prefix (LD (nn),IX; ED LD (nn),rr and rr,(nn)).
    pub const NN_PLUS_1_AFTER_PREFIX: u8 = RULE | SEL_NN_AFTER_PREFIX;
    /// A and nn + 1 after a prefix (DD/FD LD (nn),A).
    pub const A_AND_NN_AFTER_PREFIX: u8 = RULE | SEL_NN_AFTER_PREFIX | A_HIGH;
    /// HL + 1 (ADD/ADC/SBC HL,rr; RRD; RLD).
    pub const HL_PLUS_1: u8 = RULE | SEL_HL;
    /// The index register + 1 (ADD IX,rr).
    pub const INDEX_PLUS_1: u8 = RULE | SEL_INDEX;
    /// The index register + d (every (IX+d) form).
    pub const INDEX_D: u8 = RULE | SEL_INDEX | ADD_D;
    /// The new HL (EX (SP),HL).
    pub const HL_AFTER: u8 = RULE | POST_HL;
    /// The new index register (EX (SP),IX).
    pub const INDEX_AFTER: u8 = RULE | POST_INDEX;

    /// The common rules but the new PC (which has a bit of its own in the timing word)
    /// by a dense number, for the machine's switch: 2 HL + 1, 3 DE + 1, 4 nn + 1, 5 index
    /// + d, 6 BC + 1; 7 any other rule; 0 none or the new PC.
    pub const fn common_rule(rule: u8) -> u8 {
        match rule {
            0 | PC_AFTER => 0,
            HL_PLUS_1 => 2,
            DE_PLUS_1 => 3,
            NN_PLUS_1 => 4,
            INDEX_D => 5,
            BC_PLUS_1 => 6,
            _ => 7,
        }
    }
}

/// The [`wz`] rule of a plain instruction (0: it leaves WZ alone).
pub fn wz_rule(table: Table, op: u8) -> u8 {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    let index = table == Table::Index;
    match table {
        Table::Main | Table::Index => match op {
            0x0A => wz::BC_PLUS_1,
            0x1A => wz::DE_PLUS_1,
            0x02 => wz::A_AND_BC,
            0x12 => wz::A_AND_DE,
            0x22 | 0x2A | 0x3A if index => wz::NN_PLUS_1_AFTER_PREFIX,
            0x22 | 0x2A | 0x3A => wz::NN_PLUS_1,
            0x32 if index => wz::A_AND_NN_AFTER_PREFIX,
            0x32 => wz::A_AND_NN,
            0x09 | 0x19 | 0x29 | 0x39 if index => wz::INDEX_PLUS_1,
            0x09 | 0x19 | 0x29 | 0x39 => wz::HL_PLUS_1,
            0xC3 | 0xCD | 0xC9 | 0x18 => wz::PC_AFTER,
            _ if op & 0xC7 == 0xC7 => wz::PC_AFTER,
            0xE3 if index => wz::INDEX_AFTER,
            0xE3 => wz::HL_AFTER,
            _ if index && uses_index_memory(op) => wz::INDEX_D,
            _ => 0,
        },
        Table::Ed if x == 1 && z == 2 => wz::HL_PLUS_1,
        Table::Ed if x == 1 && z == 3 => wz::NN_PLUS_1_AFTER_PREFIX,
        Table::Ed if x == 1 && z == 7 && (y == 4 || y == 5) => wz::HL_PLUS_1,
        _ => 0,
    }
}

/// Opcodes that address (HL), and so (IX+d) after DD/FD.
fn uses_index_memory(op: u8) -> bool {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match x {
        0 => matches!(op, 0x34..=0x36),
        1 => op != 0x76 && (y == 6 || z == 6),
        2 => z == 6,
        _ => false,
    }
}

fn parity_even(v: u8) -> bool {
    v.count_ones() & 1 == 0
}

/// S, Z, 5 and 3 as an 8-bit result sets them.
fn sz53(v: u8) -> u8 {
    (v & (FLAG_S | FLAGS_53)) | if v == 0 { FLAG_Z } else { 0 }
}

/// The flags of BIT n,v (C kept from `f`): bits 5 and 3 come from `xy` (the high byte
/// of WZ for (HL), of IX+d for (IX+d)).
fn bit_flags(f: u8, v: u8, n: u8, xy: u8) -> u8 {
    let set = v & (1 << n);
    let mut out = (f & FLAG_C) | FLAG_H | (xy & FLAGS_53) | (set & FLAG_S);
    if set == 0 {
        out |= FLAG_Z | FLAG_PV;
    }
    out
}

impl<B: CpuBus> Ace<B> {
    fn read16(&self, addr: u16) -> u16 {
        u16::from_le_bytes([self.bus.read(addr), self.bus.read(addr.wrapping_add(1))])
    }

    /// The index register of the DD/FD instruction at `pc`.
    fn index_at(&self, pc: u16) -> Reg16 {
        if self.bus.read(pc) == 0xFD {
            Reg16::IY
        } else {
            Reg16::IX
        }
    }

    /// Runs a plain instruction that sets WZ by its [`wz`] rule `rule` (not 0): iz80
    /// executes it, WZ is worked out from the registers just before or just after. The
    /// most common rule (the new PC: JP, CALL, RET, JR, RST) inline, the others out of
    /// line.
    #[inline(always)]
    pub(super) fn execute_setting_wz(&mut self, pc: u16, timing: Packed) {
        if timing.wz_is_new_pc() {
            self.cpu.execute_instruction(&mut self.bus);
            self.hidden.wz = self.cpu.immutable_registers().pc();
            return;
        }
        let regs = self.cpu.immutable_registers();
        self.hidden.wz = match timing.wz_common_rule() {
            2 => regs.get16(Reg16::HL).wrapping_add(1),
            3 => regs.get16(Reg16::DE).wrapping_add(1),
            4 => self.read16(pc.wrapping_add(1)).wrapping_add(1),
            5 => {
                let d = self.bus.read(pc.wrapping_add(2)) as i8 as u16;
                regs.get16(self.index_at(pc)).wrapping_add(d)
            }
            6 => regs.get16(Reg16::BC).wrapping_add(1),
            // All eight values listed (0 and 1 do not come here), so the compiler's jump
            // table needs no range check.
            0 | 1 | 7 => return self.execute_by_wz_rule(pc, timing.wz_rule()),
            _ => unreachable!("a 3-bit number"),
        };
        self.cpu.execute_instruction(&mut self.bus);
    }

    #[inline(never)]
    fn execute_by_wz_rule(&mut self, pc: u16, rule: u8) {
        let post = rule >> wz::POST_SHIFT & 3;
        if post != 0 {
            self.cpu.execute_instruction(&mut self.bus);
            let regs = self.cpu.immutable_registers();
            self.hidden.wz = match post {
                1 => regs.pc(),
                2 => regs.get16(Reg16::HL),
                _ => regs.get16(self.index_at(pc)),
            };
            return;
        }
        let regs = self.cpu.immutable_registers();
        let sum = match rule & wz::SEL_MASK {
            0 => regs.get16(Reg16::BC).wrapping_add(1),
            1 => regs.get16(Reg16::DE).wrapping_add(1),
            2 => regs.get16(Reg16::HL).wrapping_add(1),
            3 => {
                let base = regs.get16(self.index_at(pc));
                if rule & wz::ADD_D != 0 {
                    base.wrapping_add(self.bus.read(pc.wrapping_add(2)) as i8 as u16)
                } else {
                    base.wrapping_add(1)
                }
            }
            4 => self.read16(pc.wrapping_add(1)).wrapping_add(1),
            _ => self.read16(pc.wrapping_add(2)).wrapping_add(1),
        };
        self.hidden.wz = if rule & wz::A_HIGH != 0 {
            u16::from(regs.a()) << 8 | (sum & 0xFF)
        } else {
            sum
        };
        self.cpu.execute_instruction(&mut self.bus);
    }

    /// WZ after JP cc,nn or CALL cc,nn at `pc` whose condition failed: nn all the same.
    #[inline(never)]
    pub(super) fn untaken_jump_wz(&mut self, pc: u16) {
        let mut at = pc;
        if matches!(self.bus.read(at), 0xDD | 0xFD) {
            at = at.wrapping_add(1);
        }
        self.hidden.wz = self.read16(at.wrapping_add(1));
    }

    /// Runs one intercepted instruction at `pc` (timing word `timing`) in place of iz80's
    /// `execute_instruction`; the caller keeps the clock and R. Out of line: all of it is
    /// rare, and inlined it would make every conditional jump's path heavier.
    #[inline(never)]
    pub(super) fn execute_intercepted(&mut self, pc: u16, timing: Packed) {
        match self.bus.read(pc) {
            0xCB => {
                // BIT n,(HL): iz80 takes bits 5 and 3 from the value, not from WZ.
                let n = (self.bus.read(pc.wrapping_add(1)) >> 3) & 7;
                let regs = self.cpu.immutable_registers();
                let v = self.bus.read(regs.get16(Reg16::HL));
                let f = bit_flags(regs.get8(Reg8::F), v, n, (self.hidden.wz >> 8) as u8);
                let regs = self.cpu.registers();
                regs.set8(Reg8::F, f);
                regs.set_pc(pc.wrapping_add(2));
            }
            0xED => self.ed_intercepted(pc, pc, timing),
            prefix @ (0xDD | 0xFD) => {
                let index = if prefix == 0xDD { Reg16::IX } else { Reg16::IY };
                let at = pc.wrapping_add(1);
                match self.bus.read(at) {
                    0xCB => self.index_cb(pc, index),
                    // DD ED: the prefix is dropped.
                    0xED => self.ed_intercepted(pc, at, timing),
                    _ => self.main_intercepted(at),
                }
            }
            _ => self.main_intercepted(pc),
        }
    }

    /// An unprefixed opcode at `at` (or one after DD/FD): SCF, CCF, DI, EI.
    fn main_intercepted(&mut self, at: u16) {
        let op = self.bus.read(at);
        match op {
            0xF3 | 0xFB => {
                let on = op == 0xFB;
                self.set_iff1_by_instruction(on);
                self.ints.iff2 = on;
                self.cpu.registers().set_pc(at.wrapping_add(1));
            }
            _ => self.scf_ccf(at, op),
        }
    }

    /// WZ for OUT (n),A or IN A,(n) at `pc` (perhaps after DD/FD), which iz80 runs right;
    /// called just before it runs, on the machine's path for I/O instructions.
    pub(super) fn port_n_wz(&mut self, pc: u16) {
        let mut at = pc;
        if matches!(self.bus.read(at), 0xDD | 0xFD) {
            at = at.wrapping_add(1);
        }
        let op = self.bus.read(at);
        let a = u16::from(self.cpu.immutable_registers().a()) << 8;
        let n = self.bus.read(at.wrapping_add(1));
        self.hidden.wz = if op == 0xD3 {
            a | u16::from(n.wrapping_add(1))
        } else {
            (a | u16::from(n)).wrapping_add(1)
        };
    }

    /// SCF and CCF: bits 5 and 3 are (A | F) when the instruction before did not write
    /// the flags (Q = 0) and A's alone when it did. iz80 always takes them from A.
    fn scf_ccf(&mut self, at: u16, op: u8) {
        let regs = self.cpu.registers();
        let a = regs.a();
        let f = regs.get8(Reg8::F);
        let q = self.hidden.q(f);
        let kept = f & (FLAG_S | FLAG_Z | FLAG_PV);
        let xy = ((q ^ f) | a) & FLAGS_53;
        let new = if op == 0x37 {
            kept | xy | FLAG_C
        } else {
            let carry = f & FLAG_C;
            kept | xy | if carry != 0 { FLAG_H } else { FLAG_C }
        };
        regs.set8(Reg8::F, new);
        regs.set_pc(at.wrapping_add(1));
    }

    /// ED-prefixed: `pc` is the instruction's first byte, `at` the ED.
    fn ed_intercepted(&mut self, pc: u16, at: u16, timing: Packed) {
        let op = self.bus.read(at.wrapping_add(1));
        let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
        if x == 2 && z <= 3 && y >= 4 {
            self.block(pc, at, op);
            return;
        }
        if x != 1 {
            // An ED with no meaning (only reached after DD/FD): iz80 runs it as NOP.
            self.cpu.execute_instruction(&mut self.bus);
            return;
        }
        match z {
            5 => {
                // RETN and RETI: PC popped, IFF2 copied into IFF1 (iz80's RETI does not).
                let regs = self.cpu.registers();
                let sp = regs.get16(Reg16::SP);
                regs.set16(Reg16::SP, sp.wrapping_add(2));
                let target = self.read16(sp);
                self.cpu.registers().set_pc(target);
                self.hidden.wz = target;
                self.set_iff1_by_instruction(self.ints.iff2);
                return;
            }
            6 => {
                // IM 0, 1, 2 (and the undocumented copies: 4E and 6E are IM 0, 76 IM 1,
                // 7E IM 2).
                self.ints.im = match y & 3 {
                    2 => 1,
                    3 => 2,
                    _ => 0,
                };
                self.cpu.registers().set_pc(at.wrapping_add(2));
                return;
            }
            _ => {}
        }
        let regs = self.cpu.immutable_registers();
        let bc = regs.get16(Reg16::BC);
        let hl = regs.get16(Reg16::HL);
        let iff2 = self.ints.iff2;
        match z {
            0 | 1 => self.hidden.wz = bc.wrapping_add(1),
            2 => self.hidden.wz = hl.wrapping_add(1),
            3 => self.hidden.wz = self.read16(at.wrapping_add(2)).wrapping_add(1),
            7 if y >= 4 => self.hidden.wz = hl.wrapping_add(1),
            _ => {}
        }
        self.cpu.execute_instruction(&mut self.bus);
        match z {
            7 if y == 2 || y == 3 => {
                // LD A,I / LD A,R: iz80 sets only P/V; S, Z, H, N and bits 5 and 3 follow A.
                let regs = self.cpu.registers();
                let a = regs.a();
                let f = regs.get8(Reg8::F);
                let pv = if iff2 { FLAG_PV } else { 0 };
                regs.set8(Reg8::F, (f & FLAG_C) | sz53(a) | pv);
                self.hidden.ld_air_end = self.t + u64::from(timing.tstates());
            }
            _ => {}
        }
    }

    /// The block instructions but LDI and LDD. `pc` is the first byte, `at` the ED.
    fn block(&mut self, pc: u16, at: u16, op: u8) {
        let (y, z) = ((op >> 3) & 7, op & 7);
        let repeats = y >= 6;
        if z == 0 && !repeats {
            // LDI, LDD (only here after DD/FD): iz80 gets them right.
            self.cpu.execute_instruction(&mut self.bus);
            return;
        }
        let up = y & 1 == 0;
        match z {
            0 | 1 => {
                // LDIR, LDDR, CPI, CPD, CPIR, CPDR: iz80 runs one round right, but WZ is
                // its own, and a round that repeats takes bits 5 and 3 from PC's high byte.
                self.cpu.execute_instruction(&mut self.bus);
                let regs = self.cpu.registers();
                if repeats && regs.pc() == pc {
                    let f = regs.get8(Reg8::F);
                    regs.set8(Reg8::F, (f & !FLAGS_53) | ((pc >> 8) as u8 & FLAGS_53));
                    self.hidden.wz = pc.wrapping_add(1);
                } else if z == 1 {
                    self.hidden.wz = if up {
                        self.hidden.wz.wrapping_add(1)
                    } else {
                        self.hidden.wz.wrapping_sub(1)
                    };
                }
            }
            _ => self.block_io(pc, at, z == 2, up, repeats),
        }
    }

    /// INI, IND, INIR, INDR, OUTI, OUTD, OTIR, OTDR, run here entirely: iz80 puts the
    /// wrong B on the address bus (INI reads port BC before B is decremented, OUTI writes
    /// to it after) and gets the repeating forms' H and P/V wrong.
    fn block_io(&mut self, pc: u16, at: u16, input: bool, up: bool, repeats: bool) {
        let regs = self.cpu.immutable_registers();
        let bc = regs.get16(Reg16::BC);
        let hl = regs.get16(Reg16::HL);
        let b = ((bc >> 8) as u8).wrapping_sub(1);
        let c = bc as u8;
        let step = |v: u16| {
            if up {
                v.wrapping_add(1)
            } else {
                v.wrapping_sub(1)
            }
        };
        let new_hl = step(hl);
        let (value, k) = if input {
            let value = self.bus.port_in(bc);
            self.bus.poke(hl, value);
            self.hidden.wz = step(bc);
            let c2 = if up {
                c.wrapping_add(1)
            } else {
                c.wrapping_sub(1)
            };
            (value, u16::from(value) + u16::from(c2))
        } else {
            let value = self.bus.read(hl);
            let port = u16::from(b) << 8 | u16::from(c);
            self.bus.port_out(port, value);
            self.hidden.wz = step(port);
            (value, u16::from(value) + u16::from(new_hl as u8))
        };
        let mut f = sz53(b) | if value & 0x80 != 0 { FLAG_N } else { 0 };
        let carry = k > 0xFF;
        if carry {
            f |= FLAG_H | FLAG_C;
        }
        if parity_even((k as u8 & 7) ^ b) {
            f |= FLAG_PV;
        }
        let again = repeats && b != 0;
        if again {
            // A repeating round: bits 5 and 3 from PC's high byte, and H and P/V as the
            // real chip's extra cycles leave them.
            f = (f & !FLAGS_53) | ((pc >> 8) as u8 & FLAGS_53);
            let pv_from = if carry {
                f &= !FLAG_H;
                if value & 0x80 != 0 {
                    if b & 0x0F == 0 {
                        f |= FLAG_H;
                    }
                    b.wrapping_sub(1)
                } else {
                    if b & 0x0F == 0x0F {
                        f |= FLAG_H;
                    }
                    b.wrapping_add(1)
                }
            } else {
                b
            };
            if !parity_even(pv_from & 7) {
                f ^= FLAG_PV;
            }
            self.hidden.wz = pc.wrapping_add(1);
        }
        let regs = self.cpu.registers();
        regs.set16(Reg16::BC, u16::from(b) << 8 | u16::from(c));
        regs.set16(Reg16::HL, new_hl);
        regs.set8(Reg8::F, f);
        regs.set_pc(if again { pc } else { at.wrapping_add(2) });
    }

    /// DD CB d op / FD CB d op.
    fn index_cb(&mut self, pc: u16, index: Reg16) {
        let d = self.bus.read(pc.wrapping_add(2)) as i8;
        let op = self.bus.read(pc.wrapping_add(3));
        let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
        let regs = self.cpu.immutable_registers();
        let base = regs.get16(index);
        let hl = regs.get16(Reg16::HL);
        let addr = base.wrapping_add(d as u16);
        self.hidden.wz = addr;
        if x == 1 {
            // BIT n,(IX+d), whatever the register field: iz80 tests the register for
            // 40-7F with a field other than 6, and takes bits 5 and 3 from the value;
            // the Z80 takes them from the high byte of IX+d.
            let v = self.bus.read(addr);
            let regs = self.cpu.registers();
            let f = bit_flags(regs.get8(Reg8::F), v, y, (addr >> 8) as u8);
            regs.set8(Reg8::F, f);
            regs.set_pc(pc.wrapping_add(4));
            return;
        }
        self.cpu.execute_instruction(&mut self.bus);
        if z == 4 || z == 5 {
            // The forms that also copy the result into H or L: iz80 writes it into the
            // index register's high or low byte instead, corrupting IX (IY), and leaves
            // H and L alone.
            let regs = self.cpu.registers();
            let wrong = regs.get16(index);
            let result = if z == 4 {
                (wrong >> 8) as u8
            } else {
                wrong as u8
            };
            regs.set16(index, base);
            regs.set16(Reg16::HL, hl);
            regs.set8(if z == 4 { Reg8::H } else { Reg8::L }, result);
        }
    }

    /// The hidden state when an interrupt is accepted: an NMOS Z80 that accepts it right
    /// after LD A,I or LD A,R leaves P/V clear; no instruction has set the flags since.
    pub(super) fn interrupt_hidden_state(&mut self) {
        if self.t == self.hidden.ld_air_end {
            let regs = self.cpu.registers();
            let f = regs.get8(Reg8::F);
            regs.set8(Reg8::F, f & !FLAG_PV);
        }
        self.hidden.last = Packed::NOTHING;
    }
}
