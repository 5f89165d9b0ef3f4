//! Documented Z80 T-states for every instruction, so the machine does not depend on the
//! iz80 crate's cycle counter (which miscounts prefixed, indexed and conditional
//! instructions and the last round of block instructions: spec section 10).
//!
//! The machine decodes the instruction at PC *before* iz80 executes it, looks up its
//! documented cost here, resolves conditions from the flags (or, for block repeats, from
//! whether PC came back to the instruction), and advances its own clock by that amount.
//! Values are the Zilog Z80 CPU User Manual's; undocumented opcodes take what the real chip
//! takes (ED xx without a meaning = 8, a DD/FD prefix before an instruction that does not
//! use HL = 4 more).

use std::sync::OnceLock;

/// How the cost of an instruction depends on the machine state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cond {
    /// Always `tstates`.
    None,
    /// `taken` when condition code `cc` (0 NZ, 1 Z, 2 NC, 3 C, 4 PO, 5 PE, 6 P, 7 M) holds.
    Flag(u8),
    /// DJNZ: `taken` unless B is 1 before it runs.
    Djnz,
    /// LDIR/CPIR/INIR/OTIR and the D forms: `taken` when the instruction repeats (PC is
    /// back at its first byte afterwards).
    Repeat,
}

/// What the machine needs to know about one instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// T-states when not taken / not repeating / unconditional.
    pub tstates: u8,
    /// T-states when the condition holds.
    pub taken: u8,
    pub cond: Cond,
    /// M1 (opcode fetch) cycles, each of which increments R.
    pub m1: u8,
    /// For an I/O instruction, the T-state (from its start) at which the port is accessed;
    /// 0 for other instructions. Approximate within a T-state or two: the I/O cycle is the
    /// instruction's last memory-free cycle.
    pub io_offset: u8,
    /// Total length in bytes (prefixes, opcode, displacement, operands).
    pub len: u8,
    pub is_halt: bool,
    pub is_ei: bool,
    /// LD A,R or LD R,A: the machine must bring R up to date first.
    pub touches_r: bool,
}

impl Timing {
    const fn simple(tstates: u8, m1: u8, len: u8) -> Timing {
        Timing {
            tstates,
            taken: tstates,
            cond: Cond::None,
            m1,
            io_offset: 0,
            len,
            is_halt: false,
            is_ei: false,
            touches_r: false,
        }
    }

    /// The fields the machine needs on every instruction, in one word.
    pub fn pack(&self) -> Packed {
        let (kind, cc) = match self.cond {
            Cond::None => (0, 0),
            Cond::Flag(cc) => (1, cc),
            Cond::Djnz => (2, 0),
            Cond::Repeat => (3, 0),
        };
        Packed(
            u32::from(self.tstates)
                | u32::from(self.taken) << 8
                | kind << 16
                | u32::from(cc & 7) << 18
                | u32::from(self.m1.min(15)) << 21
                | u32::from(self.is_halt) << 25
                | u32::from(self.is_ei) << 26
                | u32::from(self.io_offset != 0) << 27
                | u32::from(self.touches_r) << 28,
        )
    }

    /// Whether condition code `cc` holds for flags `f`.
    #[inline]
    pub fn cc_holds(cc: u8, f: u8) -> bool {
        let bit = match cc >> 1 {
            0 => f & 0x40, // Z
            1 => f & 0x01, // C
            2 => f & 0x04, // P/V
            _ => f & 0x80, // S
        };
        (bit != 0) == (cc & 1 == 1)
    }
}

/// [`Timing`] packed into a word: T-states in bits 0-7, taken T-states 8-15, condition
/// kind 16-17 (none, flag, DJNZ, repeat), condition code 18-20, M1 count 21-24, then the
/// HALT, EI, I/O and R flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Packed(u32);

impl Packed {
    #[inline(always)]
    pub fn tstates(self) -> u8 {
        self.0 as u8
    }
    #[inline(always)]
    pub fn taken(self) -> u8 {
        (self.0 >> 8) as u8
    }
    /// 0 none, 1 flag condition, 2 DJNZ, 3 block repeat.
    #[inline(always)]
    pub fn cond_kind(self) -> u32 {
        (self.0 >> 16) & 3
    }
    #[inline(always)]
    pub fn cc(self) -> u8 {
        ((self.0 >> 18) & 7) as u8
    }
    #[inline(always)]
    pub fn m1(self) -> u32 {
        (self.0 >> 21) & 15
    }
    /// Unconditional, and none of HALT, EI, I/O or R access: iz80 executes it and it
    /// costs `tstates`.
    #[inline(always)]
    pub fn is_simple(self) -> bool {
        self.0 & 0xFE03_0000 == 0
    }

    /// Marks a prefix byte (CB, DD, ED, FD) in the unprefixed table: bit 30, which no real
    /// entry has and which [`Packed::is_simple`] rejects, so the machine's common case (an
    /// unprefixed simple instruction) is one look-up and one test.
    const PREFIX: Packed = Packed(1 << 30);
    #[inline(always)]
    pub fn is_prefix(self) -> bool {
        self.0 & 1 << 30 != 0
    }
    #[inline(always)]
    pub fn is_halt(self) -> bool {
        self.0 & 1 << 25 != 0
    }
    #[inline(always)]
    pub fn is_ei(self) -> bool {
        self.0 & 1 << 26 != 0
    }
    #[inline(always)]
    pub fn is_io(self) -> bool {
        self.0 & 1 << 27 != 0
    }
    #[inline(always)]
    pub fn touches_r(self) -> bool {
        self.0 & 1 << 28 != 0
    }
    /// A DD/FD prefix followed by another DD/FD: it only costs 4 T and one M1, and the
    /// machine steps over it itself (so no chain of prefixes, however long, is handed to
    /// iz80, whose decoder would loop over all of it).
    #[inline(always)]
    pub fn is_redundant_prefix(self) -> bool {
        self.0 & 1 << 29 != 0
    }

    /// The entry for a redundant prefix.
    const REDUNDANT_PREFIX: Packed = Packed(4 | 4 << 8 | 1 << 21 | 1 << 29);
}

struct Tables<T> {
    main: [T; 256],
    cb: [T; 256],
    ed: [T; 256],
    /// DD/FD followed by a non-prefix opcode (not CB, ED, DD, FD).
    index: [T; 256],
    /// DD CB d op / FD CB d op.
    index_cb: [T; 256],
}

fn tables() -> &'static Tables<Timing> {
    static TABLES: OnceLock<Tables<Timing>> = OnceLock::new();
    TABLES.get_or_init(build_tables)
}

/// The packed tables, for [`decode_fast`]. The machine keeps this reference.
pub struct FastTables(Tables<Packed>);

pub fn fast_tables() -> &'static FastTables {
    static TABLES: OnceLock<FastTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let rich = tables();
        let pack = |t: &[Timing; 256]| std::array::from_fn(|i| t[i].pack());
        let mut main = pack(&rich.main);
        for prefix in [0xCB, 0xDD, 0xED, 0xFD] {
            main[prefix] = Packed::PREFIX;
        }
        FastTables(Tables {
            main,
            cb: pack(&rich.cb),
            ed: pack(&rich.ed),
            index: pack(&rich.index),
            index_cb: pack(&rich.index_cb),
        })
    })
}

impl FastTables {
    /// The entry of unprefixed opcode `op`: its timing, or [`Packed::is_prefix`] for the
    /// four prefix bytes (then use [`decode_prefixed`]).
    #[inline(always)]
    pub fn main(&self, op: u8) -> Packed {
        self.0.main[op as usize]
    }
}

/// The packed timing of the instruction at `pc`. Prefixed forms whose cost is not a
/// plain table entry (prefix chains, DD/FD before ED) take the full [`decode`].
#[inline(always)]
pub fn decode_fast(tables: &FastTables, pc: u16, fetch: impl Fn(u16) -> u8) -> Packed {
    let main = tables.main(fetch(pc));
    if !main.is_prefix() {
        return main;
    }
    decode_prefixed(tables, pc, fetch)
}

/// [`decode_fast`] for an instruction that starts with a prefix byte.
#[inline(always)]
pub fn decode_prefixed(tables: &FastTables, pc: u16, fetch: impl Fn(u16) -> u8) -> Packed {
    let t = &tables.0;
    let op = fetch(pc);
    match op {
        0xCB => t.cb[fetch(pc.wrapping_add(1)) as usize],
        0xED => t.ed[fetch(pc.wrapping_add(1)) as usize],
        0xDD | 0xFD => match fetch(pc.wrapping_add(1)) {
            0xCB => t.index_cb[fetch(pc.wrapping_add(3)) as usize],
            0xDD | 0xFD => Packed::REDUNDANT_PREFIX,
            0xED => decode(pc, fetch).pack(),
            next => t.index[next as usize],
        },
        _ => t.main[op as usize],
    }
}

/// Does this unprefixed opcode use (HL) as a memory operand (and so take a displacement
/// after DD/FD)?
fn uses_hl_memory(op: u8) -> bool {
    let x = op >> 6;
    let y = (op >> 3) & 7;
    let z = op & 7;
    match x {
        0 => matches!(op, 0x34..=0x36),
        1 => op != 0x76 && (y == 6 || z == 6),
        2 => z == 6,
        _ => false,
    }
}

/// Length in bytes of an unprefixed instruction (without any DD/FD displacement).
fn main_len(op: u8) -> u8 {
    match op {
        // LD rr,nn; LD (nn),HL; LD HL,(nn); LD (nn),A; LD A,(nn)
        0x01 | 0x11 | 0x21 | 0x31 | 0x22 | 0x2A | 0x32 | 0x3A => 3,
        // DJNZ, JR, JR cc; LD r,n
        0x10 | 0x18 | 0x20 | 0x28 | 0x30 | 0x38 => 2,
        _ if op & 0xC7 == 0x06 => 2,
        // JP cc,nn; JP nn; CALL cc,nn; CALL nn
        _ if op & 0xC7 == 0xC2 || op & 0xC7 == 0xC4 => 3,
        0xC3 | 0xCD => 3,
        // OUT (n),A; IN A,(n); ALU A,n
        0xD3 | 0xDB => 2,
        _ if op & 0xC7 == 0xC6 => 2,
        _ => 1,
    }
}

fn main_timing(op: u8) -> Timing {
    #[rustfmt::skip]
    const BASE: [u8; 256] = [
    //  0   1   2   3   4   5   6   7   8   9   A   B   C   D   E   F
        4, 10,  7,  6,  4,  4,  7,  4,  4, 11,  7,  6,  4,  4,  7,  4, // 0x
        8, 10,  7,  6,  4,  4,  7,  4, 12, 11,  7,  6,  4,  4,  7,  4, // 1x
        7, 10, 16,  6,  4,  4,  7,  4,  7, 11, 16,  6,  4,  4,  7,  4, // 2x
        7, 10, 13,  6, 11, 11, 10,  4,  7, 11, 13,  6,  4,  4,  7,  4, // 3x
        4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // 4x
        4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // 5x
        4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // 6x
        7,  7,  7,  7,  7,  7,  4,  7,  4,  4,  4,  4,  4,  4,  7,  4, // 7x
        4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // 8x
        4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // 9x
        4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // Ax
        4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // Bx
        5, 10, 10, 10, 10, 11,  7, 11,  5, 10, 10,  0, 10, 17,  7, 11, // Cx
        5, 10, 10, 11, 10, 11,  7, 11,  5,  4, 10, 11, 10,  0,  7, 11, // Dx
        5, 10, 10, 19, 10, 11,  7, 11,  5,  4, 10,  4, 10,  0,  7, 11, // Ex
        5, 10, 10,  4, 10, 11,  7, 11,  5,  6, 10,  4, 10,  0,  7, 11, // Fx
    ];
    let mut t = Timing::simple(BASE[op as usize], 1, main_len(op));
    let y = (op >> 3) & 7;
    match op {
        0x10 => {
            t.cond = Cond::Djnz;
            t.taken = 13;
        }
        0x20 | 0x28 | 0x30 | 0x38 => {
            t.cond = Cond::Flag(y - 4);
            t.taken = 12;
        }
        _ if op & 0xC7 == 0xC0 => {
            t.cond = Cond::Flag(y);
            t.taken = 11;
        }
        _ if op & 0xC7 == 0xC2 => {
            t.cond = Cond::Flag(y);
            t.taken = 10;
        }
        _ if op & 0xC7 == 0xC4 => {
            t.cond = Cond::Flag(y);
            t.taken = 17;
        }
        0xD3 | 0xDB => t.io_offset = 8,
        0x76 => t.is_halt = true,
        0xFB => t.is_ei = true,
        _ => {}
    }
    t
}

fn cb_timing(op: u8) -> Timing {
    let memory = op & 7 == 6;
    let tstates = match (op >> 6, memory) {
        (_, false) => 8,
        (1, true) => 12,
        (_, true) => 15,
    };
    Timing::simple(tstates, 2, 2)
}

fn ed_timing(op: u8) -> Timing {
    let x = op >> 6;
    let y = (op >> 3) & 7;
    let z = op & 7;
    let mut t = Timing::simple(8, 2, 2);
    if x == 1 {
        t.tstates = match z {
            0 | 1 => 12,
            2 => 15,
            3 => 20,
            4 => 8,
            5 => 14,
            6 => 8,
            _ => match y {
                0..=3 => 9,
                4 | 5 => 18,
                _ => 8,
            },
        };
        if z == 3 {
            t.len = 4;
        }
        if z <= 1 {
            t.io_offset = 9;
        }
    } else if x == 2 && z <= 3 && y >= 4 {
        t.tstates = 16;
        if z >= 2 {
            t.io_offset = 13;
        }
        if y >= 6 {
            t.cond = Cond::Repeat;
            t.taken = 21;
        }
    }
    t.taken = t.taken.max(t.tstates);
    t.touches_r = op == 0x4F || op == 0x5F;
    t
}

fn index_timing(op: u8) -> Timing {
    let mut t = main_timing(op);
    t.m1 += 1;
    t.len += 1;
    if uses_hl_memory(op) {
        t.len += 1;
        // Displacement read and address add: 8 T more, except LD (IX+d),n where the add
        // overlaps the operand read.
        t.tstates = if op == 0x36 { 19 } else { t.tstates + 4 + 8 };
        t.taken = t.tstates;
    } else {
        t.tstates += 4;
        t.taken += 4;
        if t.io_offset != 0 {
            t.io_offset += 4;
        }
    }
    t
}

fn index_cb_timing(op: u8) -> Timing {
    let tstates = if op >> 6 == 1 { 20 } else { 23 };
    Timing::simple(tstates, 2, 4)
}

fn build_tables() -> Tables<Timing> {
    Tables {
        main: std::array::from_fn(|op| main_timing(op as u8)),
        cb: std::array::from_fn(|op| cb_timing(op as u8)),
        ed: std::array::from_fn(|op| ed_timing(op as u8)),
        index: std::array::from_fn(|op| index_timing(op as u8)),
        index_cb: std::array::from_fn(|op| index_cb_timing(op as u8)),
    }
}

/// Decodes the timing of the instruction starting at `pc`, reading its bytes with `fetch`.
/// Chains of DD/FD prefixes cost 4 T and one M1 each (the last one counts).
#[inline]
pub fn decode(pc: u16, fetch: impl Fn(u16) -> u8) -> Timing {
    let tables = tables();
    let op = fetch(pc);
    match op {
        0xCB => tables.cb[fetch(pc.wrapping_add(1)) as usize],
        0xED => tables.ed[fetch(pc.wrapping_add(1)) as usize],
        0xDD | 0xFD => {
            let mut extra_prefixes = 0u8;
            let mut at = pc.wrapping_add(1);
            let mut next = fetch(at);
            while next == 0xDD || next == 0xFD {
                extra_prefixes = extra_prefixes.saturating_add(1);
                at = at.wrapping_add(1);
                next = fetch(at);
            }
            let mut t = match next {
                0xCB => tables.index_cb[fetch(at.wrapping_add(2)) as usize],
                0xED => {
                    // The prefix is dropped: 4 T and one M1 for it, then the ED instruction.
                    let mut t = tables.ed[fetch(at.wrapping_add(1)) as usize];
                    t.tstates += 4;
                    t.taken += 4;
                    t.m1 += 1;
                    t.len += 1;
                    if t.io_offset != 0 {
                        t.io_offset += 4;
                    }
                    t
                }
                _ => tables.index[next as usize],
            };
            if extra_prefixes > 0 {
                let extra_t = extra_prefixes.saturating_mul(4);
                t.tstates = t.tstates.saturating_add(extra_t);
                t.taken = t.taken.saturating_add(extra_t);
                t.m1 = t.m1.saturating_add(extra_prefixes);
                t.len = t.len.saturating_add(extra_prefixes);
                if t.io_offset != 0 {
                    t.io_offset = t.io_offset.saturating_add(extra_t);
                }
            }
            t
        }
        _ => tables.main[op as usize],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_of_a_few_instructions() {
        let len = |bytes: &[u8]| {
            let mut mem = [0u8; 8];
            mem[..bytes.len()].copy_from_slice(bytes);
            decode(0, |a| mem[a as usize & 7]).len
        };
        assert_eq!(len(&[0x00]), 1);
        assert_eq!(len(&[0x01, 0, 0]), 3);
        assert_eq!(len(&[0x18, 0]), 2);
        assert_eq!(len(&[0xCD, 0, 0]), 3);
        assert_eq!(len(&[0xDD, 0x7E, 5]), 3);
        assert_eq!(len(&[0xDD, 0x36, 5, 9]), 4);
        assert_eq!(len(&[0xDD, 0xCB, 5, 0x46]), 4);
        assert_eq!(len(&[0xED, 0x43, 0, 0]), 4);
        assert_eq!(len(&[0xED, 0xB0]), 2);
        assert_eq!(len(&[0xDD, 0x21, 0, 0]), 4);
    }

    #[test]
    fn condition_codes() {
        assert!(Timing::cc_holds(0, 0x00)); // NZ
        assert!(!Timing::cc_holds(0, 0x40));
        assert!(Timing::cc_holds(3, 0x01)); // C
        assert!(Timing::cc_holds(5, 0x04)); // PE
        assert!(Timing::cc_holds(7, 0x80)); // M
        assert!(!Timing::cc_holds(6, 0x80)); // P
    }
}
