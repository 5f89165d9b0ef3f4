//! The `instant` tape speed: the ROM's block loader and saver are trapped, and blocks are
//! copied between the deck and memory without any signal.
//!
//! A trap is only possible where the ROM's entry points and register contract are known.
//! [`RomTapeTraps`] describes them; ROMs are told by their SHA-256 ([`RomTapeTraps::for_rom`]):
//! the open ROM exports its two addresses as symbols, the original ROM's block read routine
//! is at 0x18A7 (ace-hardware.md 7; its save routine's contract is not known, so SAVE runs
//! as the ROM does it, through MIC, and is recorded from the signal).
//!
//! The work inside the machine (the two register contracts, [`Contract`]) is acecore's
//! [`instant`](acecore::tape::instant), shared with the web page.

use super::deck::Deck;
use crate::machine::Ace;

pub use acecore::tape::instant::{
    load_block, original_load_block, GuestAccess, ORIGINAL_LOAD_BLOCK,
};

/// Which register contract a ROM's block routines follow (acecore's `tape::instant`).
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

/// The traps for the original ROM: its block read routine only.
pub const ORIGINAL_ROM_TRAPS: RomTapeTraps = RomTapeTraps {
    load_block: ORIGINAL_LOAD_BLOCK,
    save_block: None,
    contract: Contract::Original,
};

/// ROMs other than the open one whose tape routines are known, by SHA-256.
pub const KNOWN_ROMS: &[(&str, RomTapeTraps)] =
    &[(crate::rom::ORIGINAL_ROM_SHA256, ORIGINAL_ROM_TRAPS)];

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
            deck.record_block(acecore::tape::instant::save_block(guest));
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
    handle: impl FnMut(&mut Ace, u16) -> bool,
) {
    acecore::tape::instant::run_trapping(ace, &traps.addresses(), tstates, handle);
}
