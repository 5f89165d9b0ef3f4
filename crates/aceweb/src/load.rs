//! Files the page hands over: tapes (TAP, TZX, WAV) as blocks and signal, `.ace`
//! snapshots into the machine, and the instant loader's trap: acecore's `tape::format`,
//! `tape::snapshot_machine` and `tape::instant`, which aceemu uses too.

use crate::deck::SharedDeck;
use acecore::machine::ula::FRAME_TSTATES;
use acecore::machine::Ace;
use acecore::tape::format::{self, Format};
use acecore::tape::pulse::{self, Block, Signal};
use acecore::tape::{instant, snapshot_machine};

/// Largest TAP or TZX file the page reads: the command line's limit (80 times the Ace's
/// whole RAM saved; its signal takes some 130 bytes of the page's memory a byte).
pub const MAX_BLOCK_FILE_BYTES: u64 = 4 << 20;

/// Largest WAV the page reads: 25 minutes of 44.1 kHz 16-bit mono, far beyond any Ace
/// tape. (The command line reads up to 1 GB; the page's machine has at most 4 GB of
/// memory for the file, its copy and its signal.)
pub const MAX_WAV_BYTES: u64 = 128 << 20;

/// Largest `.ace` snapshot read (the command line's limit).
pub const MAX_SNAPSHOT_BYTES: u64 = 1 << 20;

/// The largest file named `name` the page reads, by its extension; `None` for a name of no
/// known kind.
pub fn max_file_bytes(name: &str) -> Option<u64> {
    if name.to_ascii_lowercase().ends_with(".ace") {
        return Some(MAX_SNAPSHOT_BYTES);
    }
    Format::from_name(name).map(|format| match format {
        Format::Wav => MAX_WAV_BYTES,
        Format::Tap | Format::Tzx => MAX_BLOCK_FILE_BYTES,
    })
}

/// Why the page does not read a file of `len` bytes named `name`, before reading it: an
/// unknown kind, or more bytes than a file of its kind may have.
pub fn refusal(name: &str, len: u64) -> Option<String> {
    match max_file_bytes(name) {
        None => Some(format!(
            "{name}: unknown kind of file (the name must end in .tap, .tzx, .wav or .ace); \
             not loaded"
        )),
        Some(max) if len > max => Some(format!(
            "{name}: {len} bytes is more than the {max} a file of its kind may have; not \
             loaded"
        )),
        Some(_) => None,
    }
}

/// A tape's blocks and the signal to play, from a file's bytes; the format comes from the
/// name's extension. Refused: a file larger than its kind may be, and a tape with nothing
/// the Ace can load (no file header with a good checksum: a file that is no tape, named
/// `.tap`, reads as blocks of garbage).
pub fn tape_from_bytes(bytes: &[u8], name: &str) -> Result<(Vec<Block>, Signal), String> {
    let format = Format::from_name(name).ok_or_else(|| {
        format!("{name}: unknown tape format (the name must end in .tap, .tzx, .wav or .ace)")
    })?;
    if let Some(why) = refusal(name, bytes.len() as u64) {
        return Err(why);
    }
    let tape = format::read_blocks(bytes, name, format).map_err(|e| e.to_string())?;
    if !tape.blocks.iter().any(|b| b.is_header() && b.checksum_ok()) {
        let problems = tape.warnings.len() + tape.warnings_not_kept;
        return Err(format!(
            "{name}: nothing on it can be loaded: no file header with a good checksum among \
             its {} block{} ({problems} problem{} found); not put in the deck",
            tape.blocks.len(),
            if tape.blocks.len() == 1 { "" } else { "s" },
            if problems == 1 { "" } else { "s" }
        ));
    }
    // Only now the TAP's signal is made, for a tape worth playing.
    let signal = if format == Format::Tap {
        pulse::encode_tape(&tape.blocks)
    } else {
        tape.signal
    };
    Ok((tape.blocks, signal))
}

/// The page's loaders on any bytes, for the `web_load` fuzz target (`fuzz/`) and the
/// replay of its corpus: the first byte picks the kind of file (TAP, TZX, WAV, `.ace`),
/// the rest is the file, given to a fresh machine as the page gives it; what loads runs a
/// frame at the instant speed. An error is a reply; a panic or a trap would stop the
/// page's machine.
pub fn check_any_file(data: &[u8]) {
    let (&kind, bytes) = match data.split_first() {
        Some(split) => split,
        None => return,
    };
    let name = ["fuzz.tap", "fuzz.tzx", "fuzz.wav", "fuzz.ace"][usize::from(kind % 4)];
    let rom = vec![0u8; acecore::rom::ROM_SIZE];
    let mut emu = crate::Emulator::new(&rom, acecore::machine::RamSize::K19).expect("a blank ROM");
    let loaded = if name.ends_with(".ace") {
        load_snapshot(&mut emu.ace, bytes, name)
    } else {
        emu.insert_tape(bytes, name, crate::deck::TapeSpeed::Instant)
    };
    if loaded.is_ok() {
        emu.run_frame();
    }
}

/// Puts an `.ace` snapshot into the machine.
pub fn load_snapshot(ace: &mut Ace, bytes: &[u8], name: &str) -> Result<(), String> {
    if bytes.len() as u64 > MAX_SNAPSHOT_BYTES {
        return Err(format!(
            "{name}: {} bytes is more than the {MAX_SNAPSHOT_BYTES} a snapshot may have; not \
             loaded",
            bytes.len()
        ));
    }
    snapshot_machine::load_bytes(ace, bytes, name).map_err(|e| e.to_string())
}

/// One frame with the instant loader trapped at the block read routine, the original
/// ROM's and the open ROM's alike (the open ROM's `tape_read_block` keeps the original's
/// address and register contract). At the end of the tape the trap declines and the ROM's
/// own routine runs on. The deck is borrowed only for a trap: between traps the machine
/// plays it.
pub fn run_frame_loading_instantly(ace: &mut Ace, deck: &SharedDeck) {
    instant::run_trapping(
        ace,
        &[instant::ORIGINAL_LOAD_BLOCK],
        FRAME_TSTATES,
        |ace, _| instant::original_load_block(ace, &mut deck.0.borrow_mut()),
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

    /// A file that is no tape, named `.tap`, reads as blocks of garbage: refused, never
    /// "in the deck"; and a file past its kind's limit is refused by its length.
    #[test]
    fn a_tape_with_nothing_loadable_or_too_large_is_refused() {
        // Twenty 26-byte blocks, each read as a header, none with a good checksum.
        let block = [&[26u8, 0][..], &[1u8; 25], &[0]].concat();
        let noise = block.repeat(20);
        let err = tape_from_bytes(&noise, "photo.tap").unwrap_err();
        assert!(
            err.contains("photo.tap: nothing on it can be loaded"),
            "{err}"
        );
        let data_only = tap::write(&[Block::new(FLAG_DATA, with_checksum(&[1, 2, 3]))]);
        let err = tape_from_bytes(&data_only, "d.tap").unwrap_err();
        assert!(err.contains("no file header"), "{err}");
        let big = vec![0u8; MAX_BLOCK_FILE_BYTES as usize + 1];
        let err = tape_from_bytes(&big, "big.tap").unwrap_err();
        assert!(err.contains("big.tap: 4194305 bytes is more than"), "{err}");
        assert!(refusal("big.tzx", MAX_BLOCK_FILE_BYTES + 1).is_some());
        assert!(refusal("ok.tzx", MAX_BLOCK_FILE_BYTES).is_none());
        assert!(refusal("x.ace", MAX_SNAPSHOT_BYTES + 1).is_some());
        assert!(refusal("x.wav", MAX_WAV_BYTES).is_none());
        assert!(refusal("notes.txt", 1).unwrap().contains("unknown kind"));
    }

    /// The committed corpus of the `web_load` fuzz target, replayed (see fuzz/README.md).
    #[test]
    fn every_committed_web_load_fuzz_input_passes() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/web_load");
        let mut n = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            eprintln!("web_load: {}", path.display());
            check_any_file(&std::fs::read(&path).unwrap());
            n += 1;
        }
        assert!(n > 0, "{} has no inputs", dir.display());
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
