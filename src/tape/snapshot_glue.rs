//! `.ace` snapshots into and out of the machine, from and to files: acecore's
//! [`snapshot_machine`] does the machine's part. A snapshot saved at the original ROM's
//! prompt (PC 0x059B) resumes at the open ROM's prompt when the machine runs the open ROM
//! ([`ORIGINAL_PROMPT_PC`]).

use super::ace_snapshot::AceSnapshot;
use crate::machine::Ace;
use acecore::tape::snapshot_machine;
use iz80::Reg16;
use std::path::Path;

/// Puts a snapshot into the machine: memory, registers, interrupt state. Refuses one that
/// needs more RAM than the machine has, or whose register block is not trustworthy.
pub fn load_snapshot(ace: &mut Ace, snap: &AceSnapshot, file: &str) -> anyhow::Result<()> {
    let open_rom = runs_open_rom(ace);
    if open_rom && snap.regs.pc != ORIGINAL_PROMPT_PC && saved_in_original_rom_code(snap) {
        anyhow::bail!(
            "{file}: the snapshot was saved while the original ROM ran its own code at \
             PC {pc:#06X}, which the open ROM does not have (only the original's prompt, PC \
             {prompt:#06X}, can be resumed on it); load it with a dump of the original ROM: \
             --rom FILE",
            pc = snap.regs.pc,
            prompt = ORIGINAL_PROMPT_PC
        );
    }
    snapshot_machine::load(ace, snap, file)?;
    if snap.regs.pc == ORIGINAL_PROMPT_PC && open_rom {
        resume_at_open_rom_prompt(ace);
    }
    Ok(())
}

/// True when the snapshot's PC is in ROM code and its return stack was not built by the
/// open ROM: while the open ROM runs anything from its prompt, the bottom cell of the
/// return stack (RAMTOP - 2) is the outer loop's IP, inside the open ROM's `outer_loop`
/// thread (QUERY LINE [print-OK] and the branch back: 5 cells). A snapshot the original
/// ROM ran (in the wild, or saved by aceemu with `--rom`) has the original's interpreter
/// there instead, and its PC points into code the open ROM does not have at that address.
fn saved_in_original_rom_code(snap: &AceSnapshot) -> bool {
    if snap.regs.pc >= 0x2000 {
        return false; // machine code in RAM: the snapshot's own
    }
    let cell = |addr: u16| -> Option<u16> {
        let at = usize::from(addr.checked_sub(super::ace_snapshot::BASE)?);
        Some(u16::from_le_bytes([
            *snap.memory.get(at)?,
            *snap.memory.get(at + 1)?,
        ]))
    };
    let outer =
        crate::rom::open::open_rom_symbol("outer_loop").expect("the open ROM has its outer loop");
    let bottom = cell(0x3C18).and_then(|ramtop| cell(ramtop.wrapping_sub(2)));
    !matches!(bottom, Some(ip) if (outer..=outer + 10).contains(&ip))
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
    snapshot_machine::snapshot_of(ace).ok_or_else(|| {
        anyhow::anyhow!(
            "this machine uses RAM above 0xBFFF, which the .ace format cannot hold; \
             run with --ram 35 or less to save snapshots"
        )
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
