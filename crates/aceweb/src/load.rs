//! Files the page hands over: tapes (TAP, TZX, WAV) as blocks and signal, `.ace`
//! snapshots into the machine, and the instant loader's trap: acecore's `tape::image`,
//! `tape::snapshot_machine` and `tape::traps`, which aceemu uses too.

use crate::deck::SharedDeck;
use acecore::machine::ula::FRAME_TSTATES;
use acecore::machine::Ace;
use acecore::tape::image::{self, Format};
use acecore::tape::pulse::{Block, Signal};
use acecore::tape::{snapshot_machine, traps};

/// A tape's blocks and the signal to play, from a file's bytes; the format comes from the
/// name's extension.
pub fn tape_from_bytes(bytes: &[u8], name: &str) -> Result<(Vec<Block>, Signal), String> {
    let format = Format::from_name(name).ok_or_else(|| {
        format!("{name}: unknown tape format (the name must end in .tap, .tzx, .wav or .ace)")
    })?;
    let tape = image::read(bytes, name, format).map_err(|e| e.to_string())?;
    Ok((tape.blocks, tape.signal))
}

/// Puts an `.ace` snapshot into the machine.
pub fn load_snapshot(ace: &mut Ace, bytes: &[u8], name: &str) -> Result<(), String> {
    snapshot_machine::load_bytes(ace, bytes, name).map_err(|e| e.to_string())
}

/// One frame with the instant loader trapped at the block read routine, the original
/// ROM's and the open ROM's alike (the open ROM's `tape_read_block` keeps the original's
/// address and register contract). At the end of the tape the trap declines and the ROM's
/// own routine runs on. The deck is borrowed only for a trap: between traps the machine
/// plays it.
pub fn run_frame_loading_instantly(ace: &mut Ace, deck: &SharedDeck) {
    traps::run_trapping(
        ace,
        &[traps::ORIGINAL_LOAD_BLOCK],
        FRAME_TSTATES,
        |ace, _| traps::original_load_block(ace, &mut deck.0.borrow_mut()),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use acecore::tape::pulse::{self, FLAG_DATA, FLAG_HEADER};
    use acecore::tape::tap::{self, with_checksum};

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

    #[test]
    fn a_snapshot_goes_into_the_machine_and_a_bad_one_is_refused_with_the_file_named() {
        use acecore::machine::RamSize;
        let rom = [0u8; acecore::rom::ROM_SIZE];
        let mut saved = Ace::new(&rom, RamSize::K19).unwrap();
        saved.poke(0x3C64, 0x5A);
        saved.cpu_mut().registers().set_pc(0x1234);
        let file = snapshot_machine::snapshot_of(&saved).unwrap().write();
        let mut ace = Ace::new(&rom, RamSize::K19).unwrap();
        load_snapshot(&mut ace, &file, "s.ace").unwrap();
        assert_eq!(ace.peek(0x3C64), 0x5A);
        assert_eq!(ace.cpu().immutable_registers().pc(), 0x1234);
        let err = load_snapshot(&mut ace, &[0xED], "cut.ace").unwrap_err();
        assert!(err.starts_with("cut.ace: "), "{err}");
        let mut small = Ace::new(&rom, RamSize::K3).unwrap();
        let err = load_snapshot(&mut small, &file, "big.ace").unwrap_err();
        assert!(err.contains("big.ace") && err.contains("more RAM"), "{err}");
    }
}
