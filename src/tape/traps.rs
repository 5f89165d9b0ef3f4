//! The `instant` tape speed: the ROM's block loader and saver are trapped, and blocks are
//! copied between the deck and memory without any signal.
//!
//! A trap is only possible where the ROM's entry points and register contract are known.
//! [`RomTapeTraps`] describes them; the open ROM exports the two addresses as symbols (see
//! [`RomTapeTraps::for_rom`]).
//!
//! Contract of both routines (entered by `CALL`, left as by `RET`; the open ROM's
//! `tape_read_block` / `tape_write_block`):
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

use super::deck::Deck;
use super::pulse::Block;
use super::tap::with_checksum;
use crate::machine::Ace;
use iz80::{Reg16, Reg8};

/// Where a ROM's tape routines are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RomTapeTraps {
    /// Entry of the routine that reads one block.
    pub load_block: u16,
    /// Entry of the routine that writes one block.
    pub save_block: u16,
}

/// What the instant loader needs from the machine: registers, memory, return.
pub trait GuestAccess {
    fn reg16(&self, r: Reg16) -> u16;
    fn set_reg16(&mut self, r: Reg16, v: u16);
    fn a(&self) -> u8;
    fn set_carry(&mut self, carry: bool);
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
    /// the open ROM's come from its symbols ([`RomTapeTraps::from_symbols`]). The original
    /// ROM's routines (0x1820 save, 0x18A7 load) have an unknown register contract, so it
    /// gets none.
    pub fn for_rom(sha256_hex: &str) -> Option<RomTapeTraps> {
        match crate::rom::identify_hash(sha256_hex) {
            crate::rom::RomKind::OpenAce => {
                RomTapeTraps::from_symbols(crate::rom::open::open_rom_symbol)
            }
            crate::rom::RomKind::Original | crate::rom::RomKind::Unknown => None,
        }
    }

    /// The traps of a ROM built from source, found by its labels `tape_read_block` and
    /// `tape_write_block` (e.g. `from_symbols(aceemu::rom::open::open_rom_symbol)`).
    pub fn from_symbols(lookup: impl Fn(&str) -> Option<u16>) -> Option<RomTapeTraps> {
        Some(RomTapeTraps {
            load_block: lookup("tape_read_block")?,
            save_block: lookup("tape_write_block")?,
        })
    }

    /// The trap at `pc`, if any, performed: true if one ran (PC now at the caller).
    pub fn handle(&self, pc: u16, guest: &mut impl GuestAccess, deck: &mut Deck) -> bool {
        if pc == self.load_block {
            load_block(guest, deck)
        } else if pc == self.save_block {
            save_block(guest, deck);
            true
        } else {
            false
        }
    }

    /// The addresses to stop at.
    pub fn addresses(&self) -> [u16; 2] {
        [self.load_block, self.save_block]
    }
}

/// Performs the load routine's job (contract in the module documentation). False, with
/// nothing changed, at the end of the tape: the ROM's routine should then run.
pub fn load_block(guest: &mut impl GuestAccess, deck: &mut Deck) -> bool {
    let flag = guest.a();
    let compare = guest.reg16(Reg16::BC) >> 8 == 1;
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
    let end = ace.tstates() + tstates;
    while ace.tstates() < end {
        match ace.run_until_pc(&traps.addresses(), end - ace.tstates()) {
            Some(pc) => {
                if !traps.handle(pc, ace, deck) {
                    // Declined: let the ROM's own routine run past its entry.
                    ace.step();
                }
            }
            None => break,
        }
    }
}
