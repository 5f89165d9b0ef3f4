//! `.ace` snapshots into and out of the machine.
//!
//! Stored areas (ace-hardware.md 8): video RAM 0x2400-0x27FF, character RAM at 0x2C00 (the
//! emulator's copy; the CPU cannot read it), RAM from 0x3C00 up; the alias pages are stored
//! as zeros and the page at 0x2000 carries the registers. iz80 has no setter for the
//! alternate registers, so they are patched through its state bytes (16 main registers then
//! 16 shadow ones, indexed A, F, B, C, D, E, H, L, ...); a test pins that layout.

use super::ace_snapshot::{AceSnapshot, Registers, SnapshotError, BASE};
use crate::machine::Ace;
use iz80::{Reg16, Reg8};
use std::fmt;

const SHADOW: usize = 16;
/// Highest RAM end a snapshot can describe.
pub const MAX_TOP: u32 = 0xC000;

fn stored_ranges(top: u32) -> [(u32, u32); 3] {
    [(0x2400, 0x2800), (0x2C00, 0x3000), (0x3C00, top)]
}

/// Why a snapshot was not put into the machine.
#[derive(Debug)]
pub enum LoadError {
    /// The file is not a snapshot, or it needs more RAM than the machine has.
    Snapshot(SnapshotError),
    /// The RAMTOP word at 0x2080 is not a RAM size: the registers cannot be trusted.
    UntrustedRegisters { file: String },
    /// iz80 refused its own state bytes with the alternate registers patched in.
    AlternateRegisters { file: String, reason: String },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Snapshot(e) => e.fmt(f),
            LoadError::UntrustedRegisters { file } => write!(
                f,
                "{file}: the snapshot's RAMTOP word at 0x2080 is not a RAM size, so its \
                 registers cannot be trusted; not loading it"
            ),
            LoadError::AlternateRegisters { file, reason } => {
                write!(f, "{file}: setting the alternate registers: {reason}")
            }
        }
    }
}

impl std::error::Error for LoadError {}

impl From<SnapshotError> for LoadError {
    fn from(e: SnapshotError) -> LoadError {
        LoadError::Snapshot(e)
    }
}

/// Reads a snapshot file's bytes and puts it into the machine ([`load`]).
pub fn load_bytes(ace: &mut Ace, bytes: &[u8], file: &str) -> Result<(), LoadError> {
    let snap = AceSnapshot::parse(bytes, file)?;
    load(ace, &snap, file)
}

/// Puts a snapshot into the machine: memory, registers, interrupt state. Refuses one that
/// needs more RAM than the machine has, or whose register block is not trustworthy.
pub fn load(ace: &mut Ace, snap: &AceSnapshot, file: &str) -> Result<(), LoadError> {
    snap.check_fits(ace.ram_size().end_address(), file)?;
    if !snap.registers_trusted() {
        return Err(LoadError::UntrustedRegisters { file: file.into() });
    }
    for (from, to) in stored_ranges(snap.ram_top) {
        for addr in from..to {
            ace.poke(addr as u16, snap.memory[(addr - BASE as u32) as usize]);
        }
    }
    let g = &snap.regs;
    let regs = ace.cpu_mut().registers();
    for (r, v) in [
        (Reg16::AF, g.af),
        (Reg16::BC, g.bc),
        (Reg16::DE, g.de),
        (Reg16::HL, g.hl),
        (Reg16::IX, g.ix),
        (Reg16::IY, g.iy),
        (Reg16::SP, g.sp),
    ] {
        regs.set16(r, v);
    }
    regs.set_pc(g.pc);
    regs.set8(Reg8::I, g.i);
    regs.set8(Reg8::R, g.r);
    let mut state = ace.cpu().serialize();
    for (k, v) in [g.af_alt, g.bc_alt, g.de_alt, g.hl_alt]
        .into_iter()
        .enumerate()
    {
        state[SHADOW + 2 * k] = (v >> 8) as u8;
        state[SHADOW + 2 * k + 1] = v as u8;
    }
    ace.cpu_mut()
        .deserialize(&state)
        .map_err(|e| LoadError::AlternateRegisters {
            file: file.into(),
            reason: e.to_string(),
        })?;
    ace.set_interrupt_state(g.iff1, g.iff2, g.im);
    ace.leave_halt();
    Ok(())
}

/// The machine's state as a snapshot; `None` when the machine uses RAM above 0xBFFF (not
/// all zero), which the format cannot hold.
pub fn snapshot_of(ace: &Ace) -> Option<AceSnapshot> {
    let end = ace.ram_size().end_address();
    if end > MAX_TOP && (MAX_TOP..end).any(|a| ace.peek(a as u16) != 0) {
        return None;
    }
    let top = end.min(MAX_TOP);
    let mut memory = vec![0u8; (top - BASE as u32) as usize];
    for (from, to) in stored_ranges(top) {
        for addr in from..to {
            memory[(addr - BASE as u32) as usize] = if (0x2C00..0x3000).contains(&addr) {
                ace.char_ram()[(addr - 0x2C00) as usize]
            } else {
                ace.peek(addr as u16)
            };
        }
    }
    let r = ace.cpu().immutable_registers();
    let state = ace.cpu().serialize();
    let alt = |k: usize| u16::from_be_bytes([state[SHADOW + 2 * k], state[SHADOW + 2 * k + 1]]);
    let (iff1, iff2, im) = ace.interrupt_state();
    Some(AceSnapshot {
        ram_top: top,
        memory,
        regs: Registers {
            af: r.get16(Reg16::AF),
            bc: r.get16(Reg16::BC),
            de: r.get16(Reg16::DE),
            hl: r.get16(Reg16::HL),
            ix: r.get16(Reg16::IX),
            iy: r.get16(Reg16::IY),
            sp: r.get16(Reg16::SP),
            pc: r.pc(),
            af_alt: alt(0),
            bc_alt: alt(1),
            de_alt: alt(2),
            hl_alt: alt(3),
            im,
            iff1,
            iff2,
            i: r.get8(Reg8::I),
            r: r.get8(Reg8::R),
        },
    })
}
