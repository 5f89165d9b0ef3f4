//! The checks the fuzz targets (`fuzz/`) run on each input, kept in the library so that the
//! committed corpus is replayed by an ordinary test (`tests/fuzz_corpus.rs`) through the
//! very same code. Each function takes arbitrary bytes and panics only when a property is
//! broken: a reader must never panic or hang, and where a format can be written back, what
//! was read must come back the same.

use crate::machine::{Ace, RamSize};
use crate::tape::image::{Format, TapeImage};
use crate::tape::{ace_snapshot::AceSnapshot, tap, tzx};

/// A harness: checks one input, panicking when a property is broken.
pub type Harness = fn(&[u8]);

/// Every harness by the name of its fuzz target and corpus folder.
pub const TARGETS: &[(&str, Harness)] = &[
    ("tap", tap),
    ("tzx", tzx),
    ("wav", wav),
    ("ace_snapshot", ace_snapshot),
    ("mzm", mzm),
    ("asm", asm),
    ("type_text", type_text),
    ("rom", rom),
    ("forth_tape", forth_tape),
];

/// TAP: read leniently and strictly; a tape that TAP can hold without change comes back
/// block for block when written and read again.
pub fn tap(data: &[u8]) {
    let listing = tap::read_lenient(data, "fuzz.tap");
    let Ok(blocks) = tap::parse(data, "fuzz.tap") else {
        return;
    };
    assert!(listing.problems.is_empty());
    let image = TapeImage::from_blocks("fuzz.tap", blocks.into_iter().map(|b| b.block).collect());
    if image.refuse_lossy(Format::Tap, "again.tap").is_ok() {
        let again = tap::parse(&image.to_bytes(Format::Tap), "again.tap").expect("written TAP");
        let again: Vec<_> = again.into_iter().map(|b| b.block).collect();
        assert_eq!(again, image.blocks);
    }
}

/// TZX: read; the blocks written back as TZX read back the same.
pub fn tzx(data: &[u8]) {
    let Ok(parsed) = tzx::parse(data, "fuzz.tzx") else {
        return;
    };
    if parsed.blocks.is_empty() {
        return;
    }
    let again = tzx::parse(&tzx::write(&parsed.blocks), "again.tzx").expect("written TZX");
    assert_eq!(again.blocks, parsed.blocks);
}

/// WAV: any bytes are read or refused with an error, never a panic.
pub fn wav(data: &[u8]) {
    let _ = TapeImage::from_bytes(data, "fuzz.wav", Format::Wav);
}

/// `.ace` snapshots: read; written back and read again they hold the same registers and
/// memory (the register page is rewritten from the registers, so it is left out); loaded
/// into a machine with room for them, they run a frame.
pub fn ace_snapshot(data: &[u8]) {
    let Ok(snap) = AceSnapshot::parse(data, "fuzz.ace") else {
        return;
    };
    let again = AceSnapshot::parse(&snap.write(), "again.ace").expect("written snapshot");
    assert_eq!(again.regs, snap.regs);
    assert_eq!(again.ram_top, snap.ram_top);
    assert_eq!(again.memory.get(0x400..), snap.memory.get(0x400..));
    let mut ace = Ace::new(&crate::rom::open::open_rom()[..], RamSize::K35).expect("open ROM");
    if crate::tape::snapshot_glue::load_snapshot(&mut ace, &snap, "fuzz.ace").is_ok() {
        ace.run_frame();
    }
}

/// `.mzm` MazezaM levels: read; what is read is written and read back the same; small
/// levels are solved with a state limit (the solver must not panic on any valid level).
pub fn mzm(data: &[u8]) {
    use crate::games::mazezam::{format, solver};
    let Ok(parsed) = format::parse_bytes(data, "fuzz.mzm") else {
        return;
    };
    let text = format::write(&parsed.levels);
    let again = format::parse_str(&text, "again.mzm").expect("written .mzm");
    assert_eq!(again.levels, parsed.levels);
    for level in parsed.levels.iter().take(4) {
        let _ = solver::solve_with_limit(level, solver::Goal::Moves, 20_000);
    }
}

/// The assembler: any text assembles or gives errors, never a panic or a hang.
pub fn asm(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = aceasm::assemble_str("fuzz.asm", &text);
}

/// `--type` text: wait markers and escapes split or refuse, and what can be typed becomes
/// key strokes.
pub fn type_text(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok((first, later)) = crate::frontend::text::split_waits(&text) {
        let _ = crate::machine::keyboard::strokes_for(&first);
        for (_, piece) in later {
            let _ = crate::machine::keyboard::strokes_for(&piece);
        }
    }
}

/// Any 8 KB as a ROM: the machine runs two frames of whatever the Z80 makes of it (odd
/// opcodes, writes everywhere, ports, HALT with interrupts off) without a panic.
pub fn rom(data: &[u8]) {
    let mut image = data.to_vec();
    image.resize(crate::rom::ROM_SIZE, 0xFF);
    let mut ace = Ace::new(&image, RamSize::K19).expect("8 KB");
    ace.run_frames(2);
}

/// Forth source typed into the open ROM and saved: made into a tape, or refused with an
/// error, never a panic. Bounded: the first lines only (each typed line costs frames).
pub fn forth_tape(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let source: String = text.lines().take(3).collect::<Vec<_>>().join("\n");
    let rom = crate::rom::open::open_rom();
    let sha = crate::rom::default_rom().sha256_hex();
    let _ = crate::tape::from_forth::make_dictionary_tape(
        &rom[..],
        &sha,
        RamSize::K19,
        "fuzz.fth",
        &source,
        "FUZZ",
    );
}
