//! `.ace` snapshots into and out of the machine.
//!
//! Stored areas (ace-hardware.md 8): video RAM 0x2400-0x27FF, character RAM at 0x2C00 (the
//! emulator's copy; the CPU cannot read it), RAM from 0x3C00 up; the alias pages are stored
//! as zeros and the page at 0x2000 carries the registers. iz80 has no setter for the
//! alternate registers, so they are patched through its state bytes (16 main registers then
//! 16 shadow ones, indexed A, F, B, C, D, E, H, L, ...); a test pins that layout.
//! A snapshot saved at the original ROM's prompt (PC 0x059B) resumes at the open ROM's
//! prompt when the machine runs the open ROM ([`ORIGINAL_PROMPT_PC`]).

use super::ace_snapshot::{AceSnapshot, Registers, BASE};
use crate::machine::Ace;
use iz80::{Reg16, Reg8};
use std::path::Path;

const SHADOW: usize = 16;
/// Highest RAM end a snapshot can describe.
const MAX_TOP: u32 = 0xC000;

fn stored_ranges(top: u32) -> [(u32, u32); 3] {
    [(0x2400, 0x2800), (0x2C00, 0x3000), (0x3C00, top)]
}

/// Puts a snapshot into the machine: memory, registers, interrupt state. Refuses one that
/// needs more RAM than the machine has, or whose register block is not trustworthy.
pub fn load_snapshot(ace: &mut Ace, snap: &AceSnapshot, file: &str) -> anyhow::Result<()> {
    snap.check_fits(ace.ram_size().end_address(), file)?;
    if !snap.registers_trusted() {
        anyhow::bail!(
            "{file}: the snapshot's RAMTOP word at 0x2080 is not a RAM size, so its registers \
             cannot be trusted; not loading it"
        );
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
        .map_err(|e| anyhow::anyhow!("setting the alternate registers: {e}"))?;
    ace.set_interrupt_state(g.iff1, g.iff2, g.im);
    ace.leave_halt();
    if g.pc == ORIGINAL_PROMPT_PC && runs_open_rom(ace) {
        resume_at_open_rom_prompt(ace);
    }
    Ok(())
}

/// PC of a snapshot saved at the original ROM's prompt (ace-hardware.md 8): inside QUERY's
/// wait for a line, with return addresses into the original's interpreter on the stack.
pub const ORIGINAL_PROMPT_PC: u16 = 0x059B;

/// True when the machine runs the embedded open ROM.
fn runs_open_rom(ace: &Ace) -> bool {
    let rom = crate::rom::open::open_rom();
    (0..rom.len()).all(|a| ace.peek(a as u16) == rom[a])
}

/// A snapshot taken at the original's prompt, on the open ROM: the dictionary, variables,
/// data stack, screen and input line stay as saved; the return stack is emptied (as QUIT
/// does) with the open ROM's outer loop on it, just after its QUERY, and the CPU waits in
/// QUERY for the line (without clearing the input line). IY keeps FAST or SLOW ({next} and
/// {next-with-checks} are at the original's addresses), anything else becomes SLOW.
fn resume_at_open_rom_prompt(ace: &mut Ace) {
    let sym = |name: &str| {
        crate::rom::open::open_rom_symbol(name)
            .unwrap_or_else(|| panic!("the open ROM has no symbol {name}"))
    };
    let ramtop = u16::from_le_bytes([ace.peek(0x3C18), ace.peek(0x3C19)]);
    let sp = ramtop.wrapping_sub(2);
    let after_query = sym("outer_loop") + 2; // the thread's cell after QUERY: LINE
    ace.write_bytes(sp, &after_query.to_le_bytes());
    let (next, slow) = (sym("next"), sym("next_checks"));
    let regs = ace.cpu_mut().registers();
    let iy = regs.get16(Reg16::IY);
    regs.set16(Reg16::IY, if iy == next { next } else { slow });
    regs.set16(Reg16::IX, 0x3C00);
    regs.set16(Reg16::SP, sp);
    regs.set_pc(sym("query_wait"));
    ace.set_interrupt_state(true, true, 1);
}

/// The machine's state as a snapshot. A machine with RAM above 0xBFFF can be saved only if
/// that RAM is unused (all zero): the format ends at 0xBFFF.
pub fn snapshot_of(ace: &Ace) -> anyhow::Result<AceSnapshot> {
    let end = ace.ram_size().end_address();
    if end > MAX_TOP && (MAX_TOP..end).any(|a| ace.peek(a as u16) != 0) {
        anyhow::bail!(
            "this machine uses RAM above 0xBFFF, which the .ace format cannot hold; \
             run with --ram 35 or less to save snapshots"
        );
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
    Ok(AceSnapshot {
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

/// True for a path ending in `.ace` (a snapshot rather than a tape).
pub fn is_snapshot_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("ace"))
}

/// Reads a `.ace` file and puts it into the machine.
pub fn load_snapshot_file(ace: &mut Ace, path: &Path) -> anyhow::Result<()> {
    let name = path.display().to_string();
    let bytes = super::input::read_limited(path, super::input::MAX_SNAPSHOT_BYTES)?;
    let snap = AceSnapshot::parse(&bytes, &name)?;
    load_snapshot(ace, &snap, &name)
}

/// Writes the machine's state as a `.ace` file; refuses to replace a file unless
/// `overwrite`.
pub fn save_snapshot_file(ace: &Ace, path: &Path, overwrite: bool) -> anyhow::Result<()> {
    let snap = snapshot_of(ace)?;
    crate::output_file::write_new(path, &snap.write(), overwrite)
}
