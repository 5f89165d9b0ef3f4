//! Files the page hands over: tapes (TAP, TZX, WAV) as blocks and signal, `.ace`
//! snapshots into the machine, and the instant loader's trap. These follow aceemu's
//! `tape::image`, `tape::snapshot_glue` and `tape::traps`, which stay in aceemu because
//! they read and write files and report through anyhow.

use crate::deck::Deck;
use acecore::machine::{cpu_ext, Ace};
use acecore::tape::ace_snapshot::{AceSnapshot, BASE};
use acecore::tape::pulse::{self, Block, Signal, FLAG_DATA, FLAG_HEADER};
use acecore::tape::{tap, tzx, wav};
use iz80::{Reg16, Reg8};

/// A tape's blocks and the signal to play, from a file's bytes; the format comes from the
/// name's extension.
pub fn tape_from_bytes(bytes: &[u8], name: &str) -> Result<(Vec<Block>, Signal), String> {
    let ext = name.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "tap" => {
            let listing = tap::read_lenient(bytes, name);
            if listing.blocks.is_empty() {
                return Err(match listing.problems.first() {
                    Some(p) => p.to_string(),
                    None => format!("{name}: the tape is empty"),
                });
            }
            let blocks: Vec<Block> = listing.blocks.into_iter().map(|b| b.block).collect();
            let signal = pulse::encode_tape(&blocks);
            Ok((blocks, signal))
        }
        "tzx" => {
            let t = tzx::parse(bytes, name).map_err(|e| e.to_string())?;
            let mut blocks = t.blocks;
            if blocks.is_empty() {
                blocks = pulse::decode_halves(t.signal.halves())
                    .into_iter()
                    .map(|d| d.block)
                    .collect();
            }
            Ok((blocks, t.signal))
        }
        "wav" => {
            let recording = wav::read_recording(bytes, name).map_err(|e| e.to_string())?;
            let blocks = recording.blocks.into_iter().map(|d| d.block).collect();
            Ok((blocks, recording.signal))
        }
        _ => Err(format!(
            "{name}: unknown tape format (the name must end in .tap, .tzx, .wav or .ace)"
        )),
    }
}

/// Puts an `.ace` snapshot into the machine (aceemu's `snapshot_glue::load_snapshot`).
pub fn load_snapshot(ace: &mut Ace, bytes: &[u8], name: &str) -> Result<(), String> {
    let snap = AceSnapshot::parse(bytes, name).map_err(|e| e.to_string())?;
    snap.check_fits(ace.ram_size().end_address(), name)
        .map_err(|e| e.to_string())?;
    if !snap.registers_trusted() {
        return Err(format!(
            "{name}: the snapshot's RAMTOP word at 0x2080 is not a RAM size, so its registers \
             cannot be trusted; not loading it"
        ));
    }
    for (from, to) in [(0x2400, 0x2800), (0x2C00, 0x3000), (0x3C00, snap.ram_top)] {
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
    // iz80 has no setter for the alternate registers: patch its state bytes (16 main
    // registers, then 16 shadow ones), as aceemu does.
    let mut state = ace.cpu().serialize();
    for (k, v) in [g.af_alt, g.bc_alt, g.de_alt, g.hl_alt]
        .into_iter()
        .enumerate()
    {
        state[16 + 2 * k] = (v >> 8) as u8;
        state[16 + 2 * k + 1] = v as u8;
    }
    ace.cpu_mut()
        .deserialize(&state)
        .map_err(|e| format!("{name}: setting the alternate registers: {e}"))?;
    ace.set_interrupt_state(g.iff1, g.iff2, g.im);
    ace.leave_halt();
    Ok(())
}

/// Entry of the block read routine, the original ROM's and the open ROM's alike (the open
/// ROM's `tape_read_block` keeps the original's address and register contract).
pub const LOAD_BLOCK: u16 = 0x18A7;

/// The instant loader at [`LOAD_BLOCK`] (aceemu's `traps::original_load_block`): HL =
/// destination, DE = length, C = 0 for a header; carry set loads, clear verifies. False,
/// with nothing changed, at the end of the tape: the ROM's own routine runs on.
pub fn load_block(ace: &mut Ace, deck: &mut Deck) -> bool {
    let regs = ace.cpu().immutable_registers();
    let flag = if regs.get16(Reg16::BC) & 0xFF == 0 {
        FLAG_HEADER
    } else {
        FLAG_DATA
    };
    let compare = regs.get8(Reg8::F) & 1 == 0;
    let mut addr = regs.get16(Reg16::HL);
    let len = regs.get16(Reg16::DE) as usize;
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
            same &= ace.peek(addr) == b;
        } else {
            ace.poke(addr, b);
        }
        addr = addr.wrapping_add(1);
    }
    let ok = payload_len == len && block.checksum_ok() && same;
    let regs = ace.cpu_mut().registers();
    regs.set16(Reg16::HL, addr);
    if ok {
        regs.set16(Reg16::DE, 0);
    }
    let f = regs.get8(Reg8::F);
    regs.set8(Reg8::F, if ok { f | 1 } else { f & !1 });
    // Return to the caller, as the routine's RET would.
    let sp = regs.get16(Reg16::SP);
    let target = u16::from_le_bytes([ace.peek(sp), ace.peek(sp.wrapping_add(1))]);
    let regs = ace.cpu_mut().registers();
    regs.set16(Reg16::SP, sp.wrapping_add(2));
    regs.set_pc(target);
    cpu_ext::set_iff(ace.cpu_mut(), true, true);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use acecore::tape::tap::with_checksum;

    #[test]
    fn a_tap_file_gives_its_blocks_and_the_signal_save_writes_for_them() {
        let blocks = vec![
            Block::new(FLAG_HEADER, with_checksum(&[0u8; 25])),
            Block::new(FLAG_DATA, with_checksum(&[1, 2, 3])),
        ];
        let (got, signal) = tape_from_bytes(&tap::write(&blocks), "t.TAP").unwrap();
        assert_eq!(got, blocks);
        assert_eq!(signal.marks.len(), 2);
        assert_eq!(signal.duration(), pulse::encode_tape(&blocks).duration());
    }

    #[test]
    fn bad_tapes_are_refused_with_the_file_named() {
        let err = tape_from_bytes(b"", "empty.tap").unwrap_err();
        assert!(err.contains("empty.tap"), "{err}");
        let err = tape_from_bytes(b"RIFF", "short.wav").unwrap_err();
        assert!(err.contains("short.wav"), "{err}");
        let err = tape_from_bytes(b"x", "notes.txt").unwrap_err();
        assert!(err.contains("notes.txt: unknown tape format"), "{err}");
    }
}
