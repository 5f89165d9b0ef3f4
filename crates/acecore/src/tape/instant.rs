//! The `instant` tape speed's work inside the machine: a ROM's block loader or saver,
//! reached by the CPU, is done here instead, and blocks are copied between the tape and
//! memory without any signal. Which ROM has which entry points is the front end's business
//! (aceemu's `tape::traps::RomTapeTraps`); the web page traps the block read routine at
//! [`ORIGINAL_LOAD_BLOCK`], where the original ROM and the open ROM both have it.
//!
//! Two register contracts:
//! * the open ROM's own `read_block` / `tape_write_block` ([`load_block`], [`save_block`];
//!   both entered by `CALL`, left as by `RET`): A = flag byte (0x00 header, 0xFF data);
//!   HL = memory address; DE = length in bytes (payload only, the checksum is not stored
//!   in memory). Load: B = 0 stores, B = 1 compares (VERIFY). The next block on the tape
//!   whose flag equals A is read into (or compared with) HL..HL+DE; blocks with another
//!   flag are passed over, as the ROM's search does. Returns carry set if the block has
//!   exactly DE bytes, its checksum is right and (when comparing) memory matched; carry
//!   clear otherwise. At the end of the tape the trap declines and the ROM's own routine
//!   runs on (it waits for a signal that does not come, and SPACE breaks it as on a real
//!   Ace). Save: DE bytes from HL become a block with flag A and the XOR checksum; returns
//!   carry set.
//! * the original ROM's block read routine at 0x18A7 (ace-hardware.md 7), which the open
//!   ROM's `tape_read_block` keeps ([`original_load_block`]): HL = destination, DE =
//!   length, C = 0 when a header block (flag 0x00) is expected, otherwise a data block
//!   (flag 0xFF); carry set to load, clear to verify. It returns with carry set when the
//!   block was read (or verified) and its checksum was good, carry clear otherwise, and
//!   with interrupts enabled. Blocks with the other flag are passed over and the trap
//!   declines at the end of the tape, as above; on return HL and DE are as for the open
//!   ROM's contract (the spec does not say what the ROM leaves in them).

use super::player::Player;
use super::pulse::{Block, FLAG_DATA, FLAG_HEADER};
use super::tap::with_checksum;
use crate::machine::Ace;
use iz80::{Reg16, Reg8};

/// Entry of the original ROM's block read routine (ace-hardware.md 7), and of the open
/// ROM's `tape_read_block`, which keeps its address and register contract.
pub const ORIGINAL_LOAD_BLOCK: u16 = 0x18A7;

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
        let (_, _, im) = self.interrupt_state();
        self.set_interrupt_state(enabled, enabled, im);
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

/// Performs the open ROM's load routine's job (module documentation). False, with
/// nothing changed, at the end of the tape: the ROM's routine should then run.
pub fn load_block(guest: &mut impl GuestAccess, tape: &mut Player) -> bool {
    let flag = guest.a();
    let compare = guest.reg16(Reg16::BC) >> 8 == 1;
    copy_block(guest, tape, flag, compare)
}

/// Performs the original ROM's block read routine's job (module documentation): the same
/// copy as [`load_block`] with the flag and mode taken from C and carry, and interrupts
/// enabled on return. False, with nothing changed, at the end of the tape.
pub fn original_load_block(guest: &mut impl GuestAccess, tape: &mut Player) -> bool {
    let flag = if guest.reg16(Reg16::BC) & 0xFF == 0 {
        FLAG_HEADER
    } else {
        FLAG_DATA
    };
    let compare = !guest.carry();
    if !copy_block(guest, tape, flag, compare) {
        return false;
    }
    guest.set_interrupts(true);
    true
}

/// Copies (or compares) the next block with `flag` to HL..HL+DE, sets carry for success
/// and returns to the caller; false at the end of the tape.
fn copy_block(guest: &mut impl GuestAccess, tape: &mut Player, flag: u8, compare: bool) -> bool {
    let mut addr = guest.reg16(Reg16::HL);
    let len = guest.reg16(Reg16::DE) as usize;
    let block = loop {
        match tape.next_block() {
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

/// Performs the open ROM's save routine's job (module documentation): the block it
/// writes, for the recorder.
pub fn save_block(guest: &mut impl GuestAccess) -> Block {
    let flag = guest.a();
    let addr = guest.reg16(Reg16::HL);
    let len = guest.reg16(Reg16::DE) as usize;
    let payload: Vec<u8> = (0..len)
        .map(|i| guest.peek(addr.wrapping_add(i as u16)))
        .collect();
    guest.set_carry(true);
    guest.ret();
    Block::new(flag, with_checksum(&payload))
}

/// Runs the machine for up to `tstates`, calling `handle` whenever the CPU reaches one of
/// `addresses` (the trapped routines' entries); `handle` returns false to let the ROM's
/// routine run instead.
pub fn run_trapping(
    ace: &mut Ace,
    addresses: &[u16],
    tstates: u64,
    mut handle: impl FnMut(&mut Ace, u16) -> bool,
) {
    let end = ace.tstates() + tstates;
    while ace.tstates() < end {
        match ace.run_until_pc(addresses, end - ace.tstates()) {
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
