//! The `instant` tape speed: the ROM's block loader and saver are trapped, and blocks are
//! copied between the deck and memory without any signal.
//!
//! A trap is only possible where the ROM's entry points and register contract are known.
//! [`RomTapeTraps`] describes them; ROMs are told by their SHA-256 ([`RomTapeTraps::for_rom`]):
//! the open ROM exports its two addresses as symbols, the original ROM's block read routine
//! is at 0x18A7 (ace-hardware.md 7; its save routine's contract is not known, so SAVE runs
//! as the ROM does it, through MIC, and is recorded from the signal).
//!
//! [`Contract::Open`], the open ROM's `read_block` / `tape_write_block` (both entered by
//! `CALL`, left as by `RET`; since issue 16 the open ROM's loads go through
//! `tape_read_block` at 0x18A7 with the original's contract, so only saves use this one):
//! * A = flag byte (0x00 header, 0xFF data); HL = memory address; DE = length in bytes
//!   (payload only, the checksum is not stored in memory).
//! * Load: B = 0 stores, B = 1 compares (VERIFY). The next block on the tape whose flag
//!   equals A is read into (or compared with) HL..HL+DE; blocks with another flag are passed
//!   over, as the ROM's search does. Returns carry set if the block has exactly DE bytes,
//!   its checksum is right and (when comparing) memory matched; carry clear otherwise.
//!   At the end of the tape the trap declines and the ROM's own routine runs on (it waits
//!   for a signal that does not come, and SPACE breaks it as on a real Ace).
//! * Save: DE bytes from HL become a block with flag A and the XOR checksum. Returns carry
//!   set.
//!
//! [`Contract::Original`], the original ROM's block read routine (ace-hardware.md 7):
//! HL = destination, DE = length, C = 0 when a header block (flag 0x00) is expected,
//! otherwise a data block (flag 0xFF); carry set to load, clear to verify. It returns with
//! carry set when the block was read (or verified) and its checksum was good, carry clear
//! otherwise, and with interrupts enabled. The trap passes over blocks with the other flag
//! and declines at the end of the tape, as for the open ROM; on return HL and DE are as
//! for the open ROM (the spec does not say what the ROM leaves in them).

use super::deck::Deck;
use super::pulse::Block;
use super::tap::with_checksum;
use crate::machine::Ace;
use iz80::{Reg16, Reg8};

/// Which register contract a ROM's block routines follow (module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contract {
    /// The open ROM's: A = flag, B = 0 load / 1 compare.
    Open,
    /// The original ROM's 0x18A7: C = 0 header, carry set load / clear verify; returns
    /// with interrupts enabled.
    Original,
}

/// Where a ROM's tape routines are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RomTapeTraps {
    /// Entry of the routine that reads one block.
    pub load_block: u16,
    /// Entry of the routine that writes one block, if its contract is known.
    pub save_block: Option<u16>,
    pub contract: Contract,
}

/// Entry of the original ROM's block read routine (ace-hardware.md 7).
pub const ORIGINAL_LOAD_BLOCK: u16 = 0x18A7;

/// The traps for the original ROM: its block read routine only.
pub const ORIGINAL_ROM_TRAPS: RomTapeTraps = RomTapeTraps {
    load_block: ORIGINAL_LOAD_BLOCK,
    save_block: None,
    contract: Contract::Original,
};

/// ROMs other than the open one whose tape routines are known, by SHA-256.
pub const KNOWN_ROMS: &[(&str, RomTapeTraps)] =
    &[(crate::rom::ORIGINAL_ROM_SHA256, ORIGINAL_ROM_TRAPS)];

/// What the instant loader needs from the machine: registers, memory, return.
pub trait GuestAccess {
    fn reg16(&self, r: Reg16) -> u16;
    fn set_reg16(&mut self, r: Reg16, v: u16);
    fn a(&self) -> u8;
    fn set_carry(&mut self, carry: bool);
    fn carry(&self) -> bool;
    /// Enables or disables interrupts (IFF1 and IFF2), as EI / DI.
    fn set_interrupts(&mut self, enabled: bool);
    fn peek(&self, addr: u16) -> u8;
    fn poke(&mut self, addr: u16, v: u8);
    /// Pops the return address into PC, as the routine's final `RET` would.
    fn ret(&mut self);
}

impl GuestAccess for Ace {
    fn reg16(&self, r: Reg16) -> u16 {
        self.cpu().immutable_registers().get16(r)
    }
    fn set_reg16(&mut self, r: Reg16, v: u16) {
        self.cpu_mut().registers().set16(r, v);
    }
    fn a(&self) -> u8 {
        self.cpu().immutable_registers().a()
    }
    fn set_carry(&mut self, carry: bool) {
        let regs = self.cpu_mut().registers();
        let f = regs.get8(Reg8::F);
        regs.set8(Reg8::F, if carry { f | 1 } else { f & !1 });
    }
    fn carry(&self) -> bool {
        self.cpu().immutable_registers().get8(Reg8::F) & 1 != 0
    }
    fn set_interrupts(&mut self, enabled: bool) {
        crate::machine::cpu_ext::set_iff(self.cpu_mut(), enabled, enabled);
    }
    fn peek(&self, addr: u16) -> u8 {
        Ace::peek(self, addr)
    }
    fn poke(&mut self, addr: u16, v: u8) {
        Ace::poke(self, addr, v);
    }
    fn ret(&mut self) {
        let sp = self.reg16(Reg16::SP);
        let target = u16::from_le_bytes([Ace::peek(self, sp), Ace::peek(self, sp.wrapping_add(1))]);
        self.set_reg16(Reg16::SP, sp.wrapping_add(2));
        self.cpu_mut().registers().set_pc(target);
    }
}

impl RomTapeTraps {
    /// The traps for a ROM identified by its SHA-256, if its tape entry points are known:
    /// the open ROM's come from its symbols ([`RomTapeTraps::from_symbols`]), the others
    /// from [`KNOWN_ROMS`] (the original ROM: its block read routine at 0x18A7).
    pub fn for_rom(sha256_hex: &str) -> Option<RomTapeTraps> {
        RomTapeTraps::for_rom_in(sha256_hex, KNOWN_ROMS)
    }

    /// Like [`RomTapeTraps::for_rom`] with another table of known ROMs (tests register
    /// their own ROM images this way).
    pub fn for_rom_in(sha256_hex: &str, known: &[(&str, RomTapeTraps)]) -> Option<RomTapeTraps> {
        if crate::rom::identify_hash(sha256_hex) == crate::rom::RomKind::OpenAce {
            return RomTapeTraps::from_symbols(crate::rom::open::open_rom_symbol);
        }
        known
            .iter()
            .find(|(sha, _)| sha.eq_ignore_ascii_case(sha256_hex))
            .map(|&(_, traps)| traps)
    }

    /// The traps of a ROM built from source, found by its labels `tape_read_block` and
    /// `tape_write_block` (e.g. `from_symbols(aceemu::rom::open::open_rom_symbol)`). The
    /// open ROM's `tape_read_block` is the original's entry 0x18A7 with its contract
    /// (issue 16); a ROM that also exports `read_block` (the open ROM's own contract) is
    /// trapped there instead when `tape_read_block` is missing.
    pub fn from_symbols(lookup: impl Fn(&str) -> Option<u16>) -> Option<RomTapeTraps> {
        let save_block = Some(lookup("tape_write_block")?);
        if let Some(load_block) = lookup("tape_read_block") {
            return Some(RomTapeTraps {
                load_block,
                save_block,
                contract: Contract::Original,
            });
        }
        Some(RomTapeTraps {
            load_block: lookup("read_block")?,
            save_block,
            contract: Contract::Open,
        })
    }

    /// The trap at `pc`, if any, performed: true if one ran (PC now at the caller).
    pub fn handle(&self, pc: u16, guest: &mut impl GuestAccess, deck: &mut Deck) -> bool {
        if pc == self.load_block {
            match self.contract {
                Contract::Open => load_block(guest, deck),
                Contract::Original => original_load_block(guest, deck),
            }
        } else if Some(pc) == self.save_block {
            save_block(guest, deck);
            true
        } else {
            false
        }
    }

    /// The addresses to stop at.
    pub fn addresses(&self) -> Vec<u16> {
        std::iter::once(self.load_block)
            .chain(self.save_block)
            .collect()
    }
}

/// Performs the open ROM's load routine's job (contract in the module documentation).
/// False, with nothing changed, at the end of the tape: the ROM's routine should then run.
pub fn load_block(guest: &mut impl GuestAccess, deck: &mut Deck) -> bool {
    let flag = guest.a();
    let compare = guest.reg16(Reg16::BC) >> 8 == 1;
    copy_block(guest, deck, flag, compare)
}

/// Performs the original ROM's block read routine's job (module documentation): the same
/// copy as [`load_block`] with the flag and mode taken from C and carry, and interrupts
/// enabled on return. False, with nothing changed, at the end of the tape.
pub fn original_load_block(guest: &mut impl GuestAccess, deck: &mut Deck) -> bool {
    let flag = if guest.reg16(Reg16::BC) & 0xFF == 0 {
        super::pulse::FLAG_HEADER
    } else {
        super::pulse::FLAG_DATA
    };
    let compare = !guest.carry();
    if !copy_block(guest, deck, flag, compare) {
        return false;
    }
    guest.set_interrupts(true);
    true
}

/// Copies (or compares) the next block with `flag` to HL..HL+DE, sets carry for success
/// and returns to the caller; false at the end of the tape.
fn copy_block(guest: &mut impl GuestAccess, deck: &mut Deck, flag: u8, compare: bool) -> bool {
    let mut addr = guest.reg16(Reg16::HL);
    let len = guest.reg16(Reg16::DE) as usize;
    let block = loop {
        match deck.next_block() {
            None => return false,
            Some(block) if block.flag == flag => break block,
            Some(_) => continue,
        }
    };
    let payload_len = block.data.len().saturating_sub(1);
    let mut same = true;
    for &b in block.data.iter().take(payload_len.min(len)) {
        if compare {
            same &= guest.peek(addr) == b;
        } else {
            guest.poke(addr, b);
        }
        addr = addr.wrapping_add(1);
    }
    let ok = payload_len == len && block.checksum_ok() && same;
    guest.set_reg16(Reg16::HL, addr);
    if ok {
        guest.set_reg16(Reg16::DE, 0);
    }
    guest.set_carry(ok);
    guest.ret();
    true
}

/// Performs the save routine's job.
pub fn save_block(guest: &mut impl GuestAccess, deck: &mut Deck) {
    let flag = guest.a();
    let addr = guest.reg16(Reg16::HL);
    let len = guest.reg16(Reg16::DE) as usize;
    let payload: Vec<u8> = (0..len)
        .map(|i| guest.peek(addr.wrapping_add(i as u16)))
        .collect();
    deck.record_block(Block::new(flag, with_checksum(&payload)));
    guest.set_carry(true);
    guest.ret();
}

/// Runs the machine for up to `tstates`, performing tape traps whenever the CPU reaches one.
pub fn run_with_traps(ace: &mut Ace, deck: &mut Deck, traps: &RomTapeTraps, tstates: u64) {
    run_trapping(ace, traps, tstates, |ace, pc| traps.handle(pc, ace, deck));
}

/// Runs the machine for up to `tstates`, calling `handle` whenever the CPU reaches one of
/// the traps' entries; `handle` returns false to let the ROM's routine run instead.
pub fn run_trapping(
    ace: &mut Ace,
    traps: &RomTapeTraps,
    tstates: u64,
    mut handle: impl FnMut(&mut Ace, u16) -> bool,
) {
    let addresses = traps.addresses();
    let end = ace.tstates() + tstates;
    while ace.tstates() < end {
        match ace.run_until_pc(&addresses, end - ace.tstates()) {
            Some(pc) => {
                if !handle(ace, pc) {
                    // Declined: let the ROM's own routine run past its entry.
                    ace.step();
                }
            }
            None => break,
        }
    }
}
