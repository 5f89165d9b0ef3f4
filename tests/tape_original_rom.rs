//! The original Ace ROM loading a tape at every speed, for a person who owns one: the
//! deck's automatic play must accept its loader's rhythm (real, fast) and `instant` must
//! trap its block read routine (ace-hardware.md 7). The original ROM is third-party code and
//! not in the repository: set `ACE_ROM=path/to/ace.rom` to run this test; without it it
//! says so and passes. (The same paths are exercised without the ROM by guests of our own:
//! tests/tape_ear_guest.rs and tests/tape_original_trap.rs.)
//!
//! Every test runs its body on the open ROM first (the control), then on the original
//! when `ACE_ROM` names it (issue 34):
//!
//! | test | spec facts it relies on | what covers it here |
//! | --- | --- | --- |
//! | `the_original_rom_loads_a_tape_at_every_speed` | ace-hardware.md 7: the golden tape, the signal's timing (~6 s for it), block read entry 0x18A7 and its contract; transcripts.md: the word-by-word echo (`A . 1`) | the open ROM; tests/tape_original_trap.rs (a guest at 0x18A7 trapped by the original's SHA-256) |
//! | `the_demo_tape_runs_on_both_roms` | rom-words.tsv CFAs and code fields kept by the open ROM's tapes (issue 16) | the open ROM |
//! | `real_size_dictionary_files_load_through_the_signal_at_real_and_fast_speed` | ace-forth.md 12: `Dict: NAME` then ` OK`, LOAD into an empty dictionary leaves the bytes unchanged; ace-hardware.md 7: the loader's data-phase rhythm | the open ROM; tests/tape_loader_rhythm.rs (a guest reading the port at the original's measured spacings) |
//! | `a_program_polling_the_keyboard_after_a_load_is_not_waiting_for_a_tape` | ace-hardware.md 7: the loader reads port 0x7FFE over and over, the key scan cycles 0xFEFE..0x7FFE ~420 reads a frame | the open ROM; tests/tape_loader_rhythm.rs (a guest with the original's INKEY-loop rhythm) |

mod common;

use aceemu::frontend::headless::{self, HeadlessOptions, StopCondition};
use aceemu::frontend::DeckControl;
use aceemu::machine::{Ace, RamSize};
use aceemu::rom::RomImage;
use aceemu::tape::deck::{DeckOptions, TapeSpeed};
use aceemu::tape::traps::RomTapeTraps;
use common::cli::scratch_dir;
use common::golden_tape::golden_tap;
use std::path::Path;

/// The original ROM named by ACE_ROM, or None (with a note) when it is not set.
fn original_rom() -> Option<RomImage> {
    let Some(path) = std::env::var_os("ACE_ROM") else {
        eprintln!("skipped: ACE_ROM is not set (path of an original Jupiter Ace ROM image)");
        return None;
    };
    Some(RomImage::load(Path::new(&path)).expect("ACE_ROM names a readable 8 KB ROM"))
}

/// Power on `rom` with `tape` in the deck at `speed`, type `typed` and run until the
/// screen shows `until`: the frames it took, or the problem and the screen.
fn load_and_run(
    rom: &[u8],
    tape: &Path,
    speed: TapeSpeed,
    typed: &str,
    until: &str,
) -> Result<u64, String> {
    load_and_run_on(rom, tape, speed, typed, until, 3000).map(|(frames, _)| frames)
}

/// Like [`load_and_run`], waiting up to `max_frames` after typing; also gives the machine.
fn load_and_run_on(
    rom: &[u8],
    tape: &Path,
    speed: TapeSpeed,
    typed: &str,
    until: &str,
    max_frames: u32,
) -> Result<(u64, Ace), String> {
    let mut ace = Ace::new(rom, RamSize::K19).unwrap();
    let image = RomImage::from_bytes(rom.to_vec(), "test").unwrap();
    let traps = RomTapeTraps::for_rom(&image.sha256_hex());
    let options = DeckOptions {
        speed,
        ..DeckOptions::default()
    };
    let control = aceemu::tape::attach(&mut ace, traps, Some(tape), &options).unwrap();
    let deck = control.deck.clone();
    let mut runner = control.into_runner();
    let options = HeadlessOptions {
        type_text: Some(typed.into()),
        stop: StopCondition::UntilText {
            text: until.into(),
            max_frames,
        },
        ..HeadlessOptions::default()
    };
    let outcome = headless::run_with_deck(
        &mut ace,
        &options,
        &mut runner,
        Some(&deck as &dyn DeckControl),
    )
    .unwrap();
    match (outcome.text_found, outcome.problem) {
        (Some(true), None) => Ok((outcome.frames, ace)),
        (_, problem) => Err(format!("{problem:?}\n{}", ace.screen_text())),
    }
}

/// `LOAD TEST` of the spec's golden tape (`: A 1 ;` saved by the original), then `A .`,
/// at every speed: the screen shows the echo and what `.` prints (`A . 1`, the original's
/// word-by-word echo, transcripts.md), and the signal takes about 6 s (300 frames) where
/// instant takes none of it. The frames per speed, or the speed and the screen.
fn golden_tape_loads_at_every_speed(rom: &[u8]) -> Result<Vec<u64>, String> {
    let dir = scratch_dir("golden-every-speed");
    let tape = dir.join("golden.tap");
    std::fs::write(&tape, golden_tap()).unwrap();
    let mut frames = Vec::new();
    for speed in [TapeSpeed::Real, TapeSpeed::Fast, TapeSpeed::Instant] {
        let n = load_and_run(rom, &tape, speed, "LOAD TEST\nA .\n", "A . 1")
            .map_err(|screen| format!("{speed:?}: {screen}"))?;
        frames.push(n);
    }
    if frames[2] + 250 < frames[0] {
        Ok(frames)
    } else {
        Err(format!("frames per speed: {frames:?}"))
    }
}

/// On the open ROM always (the control: the same tape, typing and screen; instant through
/// the open ROM's own traps), on the original when ACE_ROM names it (instant through the
/// trap of its block read routine at 0x18A7, which tests/tape_original_trap.rs checks with
/// a guest at that address).
#[test]
fn the_original_rom_loads_a_tape_at_every_speed() {
    golden_tape_loads_at_every_speed(aceemu::rom::open::open_rom())
        .unwrap_or_else(|e| panic!("open ROM: {e}"));
    let Some(rom) = original_rom() else { return };
    assert_eq!(
        RomTapeTraps::for_rom(&rom.sha256_hex()).map(|t| t.load_block),
        Some(0x18A7),
        "ACE_ROM is not the original ROM (SHA-256 {})",
        rom.sha256_hex()
    );
    golden_tape_loads_at_every_speed(rom.bytes()).unwrap_or_else(|e| panic!("original ROM: {e}"));
}

/// `LOAD DEMO` of the project's demo tape (saved by the open ROM: since issue 16 it holds
/// the original's addresses), then `5 TRIANGLE`; the frames, or the screen when the last
/// row of stars did not appear.
fn demo_runs_on(rom: &[u8]) -> Result<u64, String> {
    let tape = Path::new(env!("CARGO_MANIFEST_DIR")).join("tapes/demo.tap");
    load_and_run(
        rom,
        &tape,
        TapeSpeed::Instant,
        "LOAD DEMO\n5 TRIANGLE\n",
        "*****",
    )
}

/// The project's tapes are made by the open ROM; with the original's addresses kept
/// (issue 16) the same file runs on the original too. On the open ROM always (the control),
/// on the original when ACE_ROM names it.
#[test]
fn the_demo_tape_runs_on_both_roms() {
    demo_runs_on(aceemu::rom::open::open_rom()).unwrap_or_else(|s| panic!("open ROM: {s}"));
    let Some(rom) = original_rom() else { return };
    demo_runs_on(rom.bytes()).unwrap_or_else(|s| panic!("original ROM: {s}"));
}

/// `LOAD NAME` of each real-size dictionary file of the project's tapes through the tape
/// signal, at `real` and `fast` speed, on a fresh 19 K Ace: the screen says `Dict: NAME`
/// and ` OK` with no ERROR, and the dictionary in memory from 0x3C51 is the tape's data
/// byte for byte (loaded where it was saved, so nothing is relocated). These blocks of
/// 5,882, about 9,500 and 160 bytes are what the original ROM could not load before issue 21
/// (the deck paused the tape in the data block and LOAD gave ERROR 10).
fn loads_real_size_blocks(rom: &[u8]) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, name) in [
        ("tapes/maze.tap", "MAZE"),
        ("tapes/mazezam.tap", "MAZEZAM"),
        ("tapes/mazezam-mc.tap", "mazezam"),
    ] {
        let tape = root.join(file);
        let image = aceemu::tape::image::TapeImage::open(&tape).unwrap();
        let data = &image.blocks[1].data;
        let data = &data[..data.len() - 1]; // the checksum is not loaded
        for speed in [TapeSpeed::Real, TapeSpeed::Fast] {
            // The signal takes up to about 55 s (2,750 frames) for these files.
            let typed = format!("LOAD {name}\n");
            let (frames, ace) = load_and_run_on(rom, &tape, speed, &typed, " OK", 4000)
                .map_err(|e| format!("{file} at {speed:?}: {e}"))?;
            eprintln!("{file} at {speed:?}: loaded in {frames} frames");
            let screen = ace.screen_text();
            if !screen.contains(&format!("Dict: {name}")) || screen.contains("ERROR") {
                return Err(format!("{file} at {speed:?}:\n{screen}"));
            }
            let loaded = ace.read_bytes(0x3C51, data.len());
            if let Some(i) = loaded.iter().zip(data).position(|(a, b)| a != b) {
                return Err(format!(
                    "{file} at {speed:?}: byte {i} of {} differs in memory:\n{screen}",
                    data.len()
                ));
            }
        }
    }
    Ok(())
}

/// On the open ROM always (the control: the same files, paths and expectations), on the
/// original when ACE_ROM names it.
#[test]
fn real_size_dictionary_files_load_through_the_signal_at_real_and_fast_speed() {
    loads_real_size_blocks(aceemu::rom::open::open_rom())
        .unwrap_or_else(|e| panic!("open ROM: {e}"));
    let Some(rom) = original_rom() else { return };
    loads_real_size_blocks(rom.bytes()).unwrap_or_else(|e| panic!("original ROM: {e}"));
}

/// The issue-34 run: `LOAD TEST` through the signal (the tape then at its end), then a
/// program polling the keyboard 3,000 times before it prints 49. The original ROM's key
/// scan reads the port as densely as its loader (ace-hardware.md 7), and the deck took it
/// for a loader listening at the end of the tape: the run stopped with "waiting for a tape
/// file that is not coming". On the open ROM always; on the original when ACE_ROM names
/// it. (Without the ROM, tests/tape_loader_rhythm.rs replays the original's key-scan
/// rhythm, and tests/headless_tape_wait.rs a deck that claims the Ace waits.)
#[test]
fn a_program_polling_the_keyboard_after_a_load_is_not_waiting_for_a_tape() {
    let dir = scratch_dir("poll-after-load");
    let tape = dir.join("golden.tap");
    std::fs::write(&tape, golden_tap()).unwrap();
    let typed = "LOAD TEST\n: T 3000 0 DO INKEY DROP LOOP 7 7 * . ; T\n";
    let run = |rom: &[u8]| load_and_run(rom, &tape, TapeSpeed::Real, typed, "49");
    run(aceemu::rom::open::open_rom()).unwrap_or_else(|s| panic!("open ROM: {s}"));
    let Some(rom) = original_rom() else { return };
    run(rom.bytes()).unwrap_or_else(|s| panic!("original ROM: {s}"));
}
