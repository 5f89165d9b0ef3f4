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
    ("cabbage", cabbage),
    ("xsb", xsb),
    ("asm", asm),
    ("type_text", type_text),
    ("rom", rom),
    ("forth_tape", forth_tape),
    ("debug_command", debug_command),
    ("cabbage_tape", cabbage_tape),
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

/// CABBAGE rule files: read (errors, never a panic); a description that reads runs a few
/// cycles with and without keys, and compiles for the Ace or is refused with an error.
pub fn cabbage(data: &[u8]) {
    use crate::games::cabbage::{ace, read, Engine};
    let r = read(data);
    for d in &r.diagnostics {
        let _ = d.to_string();
    }
    let Some(d) = r.description else {
        return;
    };
    assert_eq!(d.map.len(), d.stride * d.lines);
    let mut engine = Engine::new(&d);
    for key in [None, Some(b'x'), Some(b'z'), None] {
        engine.step(key);
    }
    assert_eq!(engine.raw().len(), d.map.len());
    let _ = ace::compile(&d, 0x4000, 0x3000);
    let _ = ace::screen(&engine, &d);
}

/// Sokoban XSB (with the Plus numbers): read; what is read is written and read back the
/// same; small levels are searched with a state limit (the solver must not panic on any
/// valid level).
pub fn xsb(data: &[u8]) {
    use crate::games::sokoban::{format, solver};
    let text = String::from_utf8_lossy(data);
    let Ok(parsed) = format::parse_str(&text, "fuzz.xsb") else {
        return;
    };
    let again = format::parse_str(&format::write(&parsed), "again.xsb").expect("written XSB");
    assert_eq!(again.levels, parsed.levels);
    for level in parsed.levels.iter().take(2) {
        let _ = solver::solve(level, solver::Mode::Pushes, 5_000);
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
    let _ = crate::workflows::from_forth::make_dictionary_tape(
        &rom[..],
        &sha,
        RamSize::K19,
        "fuzz.fth",
        &source,
        "FUZZ",
    );
}

/// Frames the debugger harness may still run for the current input (see [`debug_command`]).
static DEBUG_FRAMES_LEFT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// The debugger's command parser: each line of the input (the first 8) is a command given
/// to the debugger on the open ROM; errors are replies, never a panic. Bounded: commands
/// that run the machine are kept only with short arguments, and the machine runs at most
/// 30 frames an input (Ctrl-C is simulated after that). `trace` is left out: it writes
/// files.
pub fn debug_command(data: &[u8]) {
    use crate::debug::{Debugger, RomNames, Symbols};
    use std::sync::atomic::Ordering;
    const RUNS: &[&str] = &[
        "step", "s", "next", "n", "continue", "c", "finish", "f", "fstep", "fnext", "type",
    ];
    let text = String::from_utf8_lossy(data);
    let symbols = Symbols::parse(crate::rom::open::open_rom_symbol_file(), "open ROM symbols")
        .expect("the open ROM's symbols");
    let mut dbg = Debugger::new(symbols, RomNames::Symbols);
    dbg.continue_limit = Some(10);
    DEBUG_FRAMES_LEFT.store(30, Ordering::Relaxed);
    dbg.break_in = || DEBUG_FRAMES_LEFT.load(Ordering::Relaxed) == 0;
    let mut ace = Ace::new(&crate::rom::open::open_rom()[..], RamSize::K19).expect("open ROM");
    let mut runner = |ace: &mut Ace| {
        let left = DEBUG_FRAMES_LEFT.load(Ordering::Relaxed);
        DEBUG_FRAMES_LEFT.store(left.saturating_sub(1), Ordering::Relaxed);
        ace.run_frame();
    };
    for line in text.lines().take(8) {
        let mut words = line.split_whitespace();
        let cmd = words.next().unwrap_or("");
        if cmd == "trace" || (RUNS.contains(&cmd) && words.any(|w| w.len() > 2)) {
            continue;
        }
        let mut out = String::new();
        if dbg.command(&mut ace, line, &mut runner, &mut out) == crate::debug::Flow::Quit {
            break;
        }
    }
}

/// The rule-file tape maker (`cabbage tape`): a rule file that reads is made into the
/// game's bytes file (the engine, then the game compiled into the room the engine leaves),
/// or refused with an error (too large for the Ace...), never a panic. The engine is
/// assembled once; the Forth loader, which does not depend on the rule file, is left out
/// (typing it costs seconds an input).
pub fn cabbage_tape(data: &[u8]) {
    use crate::workflows::cabbage_tape::{assemble, description, Code};
    static CODE: std::sync::OnceLock<Code> = std::sync::OnceLock::new();
    let Ok(d) = description("fuzz.rules", data) else {
        return;
    };
    let code = CODE.get_or_init(|| assemble().expect("the CABBAGE engine assembles"));
    if let Ok(file) = code.game_file(&d) {
        assert!(
            file.len() <= usize::from(code.region),
            "the game overflows its region"
        );
        assert_eq!(&file[..code.bytes.len()], &code.bytes[..]);
    }
}
