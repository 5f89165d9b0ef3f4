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

use std::sync::Mutex;

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
    /// For an I/O instruction, the T-state (from its start, counting from 0) at which the
    /// port is accessed; 0 for other instructions. As the SingleStepTests z80 suite records
    /// the bus: 9 for `IN A,(n)` / `OUT (n),A`, 10 for the `(C)` forms, 11 for INI, IND,
    /// INIR, INDR (the port is read before the memory write) and 14 for OUTI, OUTD, OTIR,
    /// OTDR (written after the memory read); 4 more after a DD/FD prefix.
    pub io_offset: u8,
    /// Total length in bytes (prefixes, opcode, displacement, operands).
    pub len: u8,
    pub is_halt: bool,
    pub is_ei: bool,
    /// LD A,R or LD R,A: the machine must bring R up to date first.
    pub touches_r: bool,
    /// iz80 gets it wrong, or it sets MEMPTR (WZ): the machine runs it through
    /// `z80_fixes` instead of straight through iz80.
    pub intercept: bool,
    /// It writes the flags, so the Q latch holds F after it (0 after any other).
    pub sets_flags: bool,
    /// How a plain (not intercepted) instruction sets MEMPTR (WZ): one of
    /// `z80_fixes::wz`'s rules, 0 when it leaves WZ alone.
    pub wz_rule: u8,
    /// JP cc,nn or CALL cc,nn: WZ = nn even when the condition fails (the other
    /// conditional jumps set WZ only when taken).
    pub wz_operand_untaken: bool,
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
            intercept: false,
            sets_flags: false,
            wz_rule: 0,
            wz_operand_untaken: false,
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
            u64::from(self.tstates)
                | u64::from(self.taken) << 8
                | kind << 16
                | u64::from(cc & 7) << 18
                | u64::from(self.m1.min(3)) << 21
                | u64::from(self.sets_flags) << 23
                | u64::from(self.is_halt) << 25
                | u64::from(self.is_ei) << 26
                | u64::from(self.io_offset != 0) << 27
                | u64::from(self.touches_r) << 28
                | u64::from(self.intercept) << 31
                | u64::from(self.wz_rule) << 32
                | u64::from(self.wz_operand_untaken) << 40
                | u64::from(self.wz_rule == super::z80_fixes::wz::PC_AFTER) << 41
                | u64::from(super::z80_fixes::wz::common_rule(self.wz_rule)) << 42
                | u64::from(self.io_offset) << 48,
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
/// kind 16-17 (none, flag, DJNZ, repeat), condition code 18-20, M1 count 21-22, sets flags
/// (23), then the HALT, EI, I/O and R flags (25-28), redundant prefix (29), prefix marker
/// (30), intercepted (31), the WZ rule (32-39) and "JP/CALL cc sets WZ when not taken"
/// (40), "WZ = the new PC" (41, the commonest rule, tested on its own), the number of the
/// WZ rule among the other common ones (42-44, `z80_fixes::wz::common_rule`: a dense number
/// the machine switches on without a range check), and the I/O offset (48-55).
///
/// Every bit from 25 up, and the condition kind, takes an instruction off the plain path
/// ([`Packed::is_simple`]); the mask that tests them, 0xFFFF_FFFF_FE03_0000, is a 32-bit
/// immediate sign-extended on x86-64, so the test stays one instruction. Instructions that
/// set WZ leave the plain path that way, and the plain path itself does no WZ work at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Packed(u64);

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
        ((self.0 >> 16) & 3) as u32
    }
    #[inline(always)]
    pub fn cc(self) -> u8 {
        ((self.0 >> 18) & 7) as u8
    }
    #[inline(always)]
    pub fn m1(self) -> u32 {
        ((self.0 >> 21) & 3) as u32
    }
    /// Unconditional, and none of HALT, EI, I/O, R access, prefix marker, interception or
    /// a WZ rule: iz80 executes it on its own and it costs `tstates`.
    #[inline(always)]
    pub fn is_simple(self) -> bool {
        self.0 & 0xFFFF_FFFF_FE03_0000 == 0
    }

    /// Not simple only because it sets WZ by its rule: iz80 executes it, the machine
    /// works out WZ around it, and it costs `tstates`.
    #[inline(always)]
    pub fn is_plain_setting_wz(self) -> bool {
        self.0 & 0xFE03_0000 == 0
    }

    /// Run through `z80_fixes` rather than straight through iz80 (bit 31, which
    /// [`Packed::is_simple`] rejects).
    #[inline(always)]
    pub fn is_intercepted(self) -> bool {
        self.0 & 1 << 31 != 0
    }

    /// How a plain instruction sets WZ (0: it does not).
    #[inline(always)]
    pub fn wz_rule(self) -> u8 {
        (self.0 >> 32) as u8
    }

    /// Its WZ rule is "the new PC" (JP, CALL, RET, JR, RST).
    #[inline(always)]
    pub fn wz_is_new_pc(self) -> bool {
        self.0 & 1 << 41 != 0
    }

    /// The WZ rule's number among the other common ones (0-7, see
    /// `z80_fixes::wz::common_rule`).
    #[inline(always)]
    pub fn wz_common_rule(self) -> u8 {
        (self.0 >> 42) as u8 & 7
    }

    /// JP cc,nn or CALL cc,nn: WZ = nn whether or not the jump is taken.
    #[inline(always)]
    pub fn wz_operand_untaken(self) -> bool {
        self.0 & 1 << 40 != 0
    }

    /// For an I/O instruction, the T-state of its port access ([`Timing::io_offset`]).
    #[inline(always)]
    pub fn io_offset(self) -> u8 {
        (self.0 >> 48) as u8
    }

    /// Writes the flags (so Q = F after it).
    #[inline(always)]
    pub fn sets_flags(self) -> bool {
        self.0 & 1 << 23 != 0
    }

    /// Stands for "no instruction" (after an interrupt, at power-on): sets no flags.
    pub const NOTHING: Packed = Packed(0);
    /// Stands for "an instruction that wrote the flags" (a saved state's Q = F).
    pub const WROTE_FLAGS: Packed = Packed(1 << 23);

    /// Marks a prefix byte (CB, DD, ED, FD) in the unprefixed table: bit 30, which no real
    /// entry has and which [`Packed::is_simple`] rejects, so the machine's common case (an
    /// unprefixed simple instruction) is one look-up and one test.
    const PREFIX: Packed = Packed(1 << 30);
    #[inline(always)]
    pub fn is_prefix(self) -> bool {
        self.0 & 1 << 30 != 0
    }
    /// HALT, EI, I/O, R access or a redundant prefix (bits 25-29): the machine's rare
    /// cases, none of them a conditional jump, tested at once.
    #[inline(always)]
    pub fn is_special(self) -> bool {
        self.0 & 0x3E00_0000 != 0
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

// Built once and kept for good (leaked): a Mutex rather than OnceLock, which is newer than
// Rust 1.63 (the web build's compiler); `Mutex::new` is const since 1.63.
fn tables() -> &'static Tables<Timing> {
    static TABLES: Mutex<Option<&'static Tables<Timing>>> = Mutex::new(None);
    let mut slot = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    let tables: &'static Tables<Timing> =
        slot.get_or_insert_with(|| Box::leak(Box::new(build_tables())));
    tables
}

/// Where each table starts in [`FastTables`], in entries.
const MAIN: usize = 0;
const CB: usize = 256;
const ED: usize = 2 * 256;
const INDEX: usize = 3 * 256;
const INDEX_CB: usize = 4 * 256;

/// The packed tables, for [`decode_fast`], one after the other (main, CB, ED, index,
/// index CB). A prefix byte's entry is a marker ([`Packed::is_prefix`]) that holds, in
/// its low 16 bits, where the table for the byte after it starts, so a prefixed
/// instruction costs one more look-up, not a chain of comparisons. In the index table,
/// CB and ED are such markers too (CB: the table for the byte after the displacement; ED:
/// 0, "decode in full"); DD and FD there are [`Packed::REDUNDANT_PREFIX`]. The machine
/// keeps this reference. (2,048 entries, 1,280 used: an index masked to 11 bits needs no
/// bounds check.)
pub struct FastTables([Packed; 2048]);

pub fn fast_tables() -> &'static FastTables {
    static TABLES: Mutex<Option<&'static FastTables>> = Mutex::new(None);
    let mut slot = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    let fast: &'static FastTables = slot.get_or_insert_with(|| {
        let rich = tables();
        let mut fast = Box::new(FastTables([Packed::NOTHING; 2048]));
        let all = &mut fast.0;
        for (start, table) in [
            (MAIN, &rich.main),
            (CB, &rich.cb),
            (ED, &rich.ed),
            (INDEX, &rich.index),
            (INDEX_CB, &rich.index_cb),
        ] {
            for (slot, timing) in all[start..start + 256].iter_mut().zip(table.iter()) {
                *slot = timing.pack();
            }
        }
        let marker = |start: usize| Packed(Packed::PREFIX.0 | start as u64);
        all[MAIN + 0xCB] = marker(CB);
        all[MAIN + 0xED] = marker(ED);
        all[MAIN + 0xDD] = marker(INDEX);
        all[MAIN + 0xFD] = marker(INDEX);
        all[INDEX + 0xCB] = marker(INDEX_CB);
        all[INDEX + 0xED] = marker(0);
        all[INDEX + 0xDD] = Packed::REDUNDANT_PREFIX;
        all[INDEX + 0xFD] = Packed::REDUNDANT_PREFIX;
        Box::leak(fast)
    });
    fast
}

impl FastTables {
    /// The entry of unprefixed opcode `op`: its timing, or [`Packed::is_prefix`] for the
    /// four prefix bytes (then use [`decode_prefixed`]).
    #[inline(always)]
    pub fn main(&self, op: u8) -> Packed {
        self.0[(MAIN + op as usize) & 0x7FF]
    }

    /// The entry `op` of the table a prefix marker points to.
    #[inline(always)]
    pub fn after(&self, marker: Packed, op: u8) -> Packed {
        self.0[((marker.0 as usize & 0xFFFF) + op as usize) & 0x7FF]
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
    decode_prefixed(tables, main, pc, fetch)
}

/// [`decode_fast`] for an instruction that starts with a prefix byte, whose main-table
/// entry (a prefix marker) is `main`.
#[inline(always)]
pub fn decode_prefixed(
    tables: &FastTables,
    main: Packed,
    pc: u16,
    fetch: impl Fn(u16) -> u8,
) -> Packed {
    let second = tables.after(main, fetch(pc.wrapping_add(1)));
    if !second.is_prefix() {
        return second;
    }
    decode_index_prefixed(tables, second, pc, fetch)
}

/// DD/FD CB d op, and DD/FD ED (`second` is the index table's marker for CB or ED).
#[inline(never)]
fn decode_index_prefixed(
    tables: &FastTables,
    second: Packed,
    pc: u16,
    fetch: impl Fn(u16) -> u8,
) -> Packed {
    if second.0 & 0xFFFF == 0 {
        decode(pc, fetch).pack()
    } else {
        tables.after(second, fetch(pc.wrapping_add(3)))
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
        0xD3 | 0xDB => t.io_offset = 9,
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
            t.io_offset = 10;
        }
    } else if x == 2 && z <= 3 && y >= 4 {
        t.tstates = 16;
        match z {
            2 => t.io_offset = 11,
            3 => t.io_offset = 14,
            _ => {}
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
    use super::z80_fixes::{intercepted, sets_flags, wz_rule, Table};
    let with_fixes = |table: Table, timing: fn(u8) -> Timing| -> [Timing; 256] {
        let mut out = [Timing::simple(0, 0, 0); 256];
        for (op, t) in out.iter_mut().enumerate() {
            let op = op as u8;
            *t = timing(op);
            t.intercept = intercepted(table, op);
            t.sets_flags = sets_flags(table, op);
            t.wz_rule = if t.intercept { 0 } else { wz_rule(table, op) };
            t.wz_operand_untaken =
                matches!(table, Table::Main | Table::Index) && matches!(op & 0xC7, 0xC2 | 0xC4);
            // The machine applies a WZ rule only on the plain path; an instruction that
            // leaves it for another reason must set WZ elsewhere (conditional jumps,
            // interceptions).
            assert!(
                !matches!(t.cond, Cond::Flag(_) | Cond::Djnz)
                    || !(t.is_halt || t.is_ei || t.touches_r || t.io_offset != 0),
                "a conditional special instruction: {table:?} {op:02X}"
            );
            assert!(
                t.wz_rule == 0
                    || (!t.is_halt
                        && !t.is_ei
                        && !t.touches_r
                        && t.cond == Cond::None
                        && t.io_offset == 0),
                "WZ rule on an instruction off the plain path: {table:?} {op:02X}"
            );
        }
        out
    };
    Tables {
        main: with_fixes(Table::Main, main_timing),
        cb: with_fixes(Table::Cb, cb_timing),
        ed: with_fixes(Table::Ed, ed_timing),
        index: with_fixes(Table::Index, index_timing),
        index_cb: with_fixes(Table::IndexCb, index_cb_timing),
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
                    // The prefix is dropped: 4 T and one M1 for it, then the ED instruction
                    // (intercepted, which finds its operands after the prefix).
                    let mut t = tables.ed[fetch(at.wrapping_add(1)) as usize];
                    t.intercept = true;
                    t.wz_rule = 0;
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
