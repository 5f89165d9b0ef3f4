//! `aceemu run` with the tape options, end to end through the binary: a guest ROM that reads
//! the EAR bit receives the tape given with --tape (and `aceemu FILE`), a guest that writes
//! on MIC is recorded into --save-to (appended, or replaced with --overwrite), and
//! `--tape-speed instant` is refused for a ROM with no known tape routines.

mod common;

use aceemu::tape::pulse::Block;
use aceemu::tape::tap::{self, with_checksum, Header};
use aceemu::tape::testing::{mic_writer, EAR_READER};
use common::cli::{aceemu, dumped_bytes, scratch_dir, text};

fn rom_file(dir: &std::path::Path, parts: &[(usize, &[u8])]) -> String {
    let mut rom = vec![0u8; 8192];
    for (at, bytes) in parts {
        rom[*at..*at + bytes.len()].copy_from_slice(bytes);
    }
    let path = dir.join("guest.rom");
    std::fs::write(&path, rom).unwrap();
    path.to_str().unwrap().to_string()
}

/// EAR_READER storing the bytes from 0x3C00 on instead of sending them to the debug port:
/// `LD SP,0x4000` becomes `LD HL,0x3C00` (SP stays at its power-on 0xFFFF, RAM on a 51 KB
/// machine) and `OUT (1),A` becomes `LD (HL),A : INC HL`.
fn ear_reader_to_memory() -> Vec<u8> {
    let mut p = EAR_READER.to_vec();
    p[1..4].copy_from_slice(&[0x21, 0x00, 0x3C]);
    assert_eq!(&p[0x41..0x43], &[0xD3, 0x01]);
    p[0x41..0x43].copy_from_slice(&[0x77, 0x23]);
    p
}

#[test]
fn run_with_a_tape_feeds_the_guest_through_ear() {
    let dir = scratch_dir("ear");
    let rom = rom_file(&dir, &[(0, &ear_reader_to_memory())]);
    let h = Header::bytes("RUN", 0x4000, 3);
    let blocks = vec![
        Block::new(0x00, with_checksum(&h.to_payload())),
        Block::new(0xFF, with_checksum(&[0xAB, 0xCD, 0xEF])),
    ];
    let tape = dir.join("t.tap");
    std::fs::write(&tape, tap::write(&blocks)).unwrap();
    let expected: Vec<u8> = blocks
        .iter()
        .flat_map(|b| std::iter::once(b.flag).chain(b.data.clone()))
        .collect();
    for how in [["--tape", tape.to_str().unwrap()], ["--tape-speed", "fast"]] {
        let mut args = vec!["run", "--rom", &rom, "--headless", "--frames", "400"];
        args.extend(how);
        if how[0] != "--tape" {
            args.push(tape.to_str().unwrap()); // `aceemu run FILE`
        }
        let range = format!("0x3C00:{}", expected.len());
        args.extend(["--dump-mem", &range]);
        let out = aceemu(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(
            dumped_bytes(&text(&out.stdout)),
            expected,
            "{}",
            text(&out.stdout)
        );
    }
}

#[test]
fn run_records_what_the_guest_saves_appending_unless_overwrite() {
    let dir = scratch_dir("mic");
    let payload: Vec<u8> = (1..=20).collect();
    let mut bytes = vec![0xFF];
    bytes.extend(with_checksum(&payload));
    let rom = rom_file(
        &dir,
        &[(0, &mic_writer(bytes.len() as u8)), (0x200, &bytes)],
    );
    let out_tap = dir.join("out.tap");
    std::fs::write(&out_tap, b"").unwrap();
    let block = tap::write(&[Block::new(0xFF, with_checksum(&payload))]);
    let run = |extra: &[&str]| {
        let mut args = vec![
            "run",
            "--rom",
            &rom,
            "--headless",
            "--frames",
            "60",
            "--save-to",
            out_tap.to_str().unwrap(),
        ];
        args.extend(extra);
        let out = aceemu(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
    };
    run(&[]);
    assert_eq!(std::fs::read(&out_tap).unwrap(), block);
    run(&[]);
    assert_eq!(
        std::fs::read(&out_tap).unwrap(),
        [block.clone(), block.clone()].concat()
    );
    run(&["--overwrite"]);
    assert_eq!(std::fs::read(&out_tap).unwrap(), block);
}

#[test]
fn a_run_that_saves_nothing_creates_no_tape_file() {
    let dir = scratch_dir("nothing");
    let out_tap = dir.join("never.tap");
    let out = aceemu(&[
        "run",
        "--headless",
        "--frames",
        "5",
        "--save-to",
        out_tap.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!out_tap.exists());
}

#[test]
fn instant_speed_is_refused_for_a_rom_without_known_tape_routines() {
    let dir = scratch_dir("instant");
    let rom = rom_file(&dir, &[(0, &EAR_READER)]);
    let tape = dir.join("t.tap");
    std::fs::write(&tape, tap::write(&[Block::new(0xFF, vec![0])])).unwrap();
    let out = aceemu(&[
        "run",
        "--rom",
        &rom,
        "--headless",
        "--frames",
        "1",
        "--tape",
        tape.to_str().unwrap(),
        "--tape-speed",
        "instant",
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("use --tape-speed fast"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn run_saves_a_snapshot_and_resumes_from_it() {
    let dir = scratch_dir("snapshot");
    let rom = rom_file(
        &dir,
        &[(
            0,
            &[
                0xF3, // DI
                0x3E, 0x42, // LD A,0x42
                0x32, 0x00, 0x50, // LD (0x5000),A
                0x76, // HALT                  the snapshot is taken here
                0x3E, 0x99, // LD A,0x99        only run after loading the snapshot
                0x32, 0x01, 0x50, // LD (0x5001),A
                0x76, // HALT
            ],
        )],
    );
    let ace_file = dir.join("state.ace");
    let ace_path = ace_file.to_str().unwrap();
    let first = [
        "run",
        "--rom",
        &rom,
        "--headless",
        "--frames",
        "2",
        "--save-snapshot",
        ace_path,
    ];
    let out = aceemu(&first);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Never over an existing file without --force.
    let again = aceemu(&first);
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).contains("--force"),
        "{}",
        text(&again.stderr)
    );

    let out = aceemu(&[
        "run",
        "--rom",
        &rom,
        ace_path,
        "--headless",
        "--frames",
        "2",
        "--dump-mem",
        "0x5000:2",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(dumped_bytes(&text(&out.stdout)), vec![0x42, 0x99]);

    let small = aceemu(&[
        "run",
        "--rom",
        &rom,
        ace_path,
        "--ram",
        "19",
        "--headless",
        "--frames",
        "1",
    ]);
    assert!(!small.status.success());
    assert!(
        text(&small.stderr).contains("needs RAM up to 0xC000"),
        "{}",
        text(&small.stderr)
    );
}

/// The open ROM end to end: `SAVE` recorded with --save-to, then `LOAD` from that tape in
/// a fresh machine at every speed, with the next line typed ahead (it waits for the
/// transfer: SPACE during a transfer would be BREAK). `instant` copies the blocks through
/// the open ROM's tape-routine traps.
#[test]
fn open_rom_saves_and_loads_at_every_tape_speed() {
    let dir = scratch_dir("openrom");
    let tape = dir.join("sq.tap");
    let tape = tape.to_str().unwrap();
    let out = aceemu(&[
        "run",
        "--headless",
        "--save-to",
        tape,
        "--type",
        ": SQ DUP * ;\\nSAVE SQ\\n",
        "--until-text",
        "SAVE SQ  OK",
        "--screen-text",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for speed in ["instant", "fast", "real"] {
        let out = aceemu(&[
            "run",
            "--headless",
            "--tape",
            tape,
            "--tape-speed",
            speed,
            "--type",
            "LOAD SQ\\n7 SQ .\\n",
            "--until-text",
            "7 SQ . 49",
            "--screen-text",
        ]);
        let screen = text(&out.stdout);
        assert!(
            out.status.success(),
            "{speed}: {}\n{screen}",
            text(&out.stderr)
        );
        assert!(screen.contains("Dict: SQ"), "{speed}:\n{screen}");
    }
}

/// A word that calls machine code doing DI and looping for good, typed as the last line:
/// the run lets ENTER go, runs the frames asked for and writes the screenshot and screen
/// text (it used to end after 30,000 frames with "typing could not go on", exit 1 and no
/// outputs).
#[test]
fn a_typed_word_that_keeps_interrupts_off_for_good_still_gets_its_outputs() {
    let dir = scratch_dir("diloop");
    let png = dir.join("screen.png");
    let out = aceemu(&[
        "run",
        "--headless",
        "--type",
        // HERE: DI ; JR -2 (243 24 254), then CALL it.
        ": W HERE 243 C, 24 C, 254 C, CALL ;\\nW\\n",
        "--frames",
        "5",
        "--screenshot",
        png.to_str().unwrap(),
        "--screen-text",
    ]);
    let screen = text(&out.stdout);
    assert!(out.status.success(), "{}\n{screen}", text(&out.stderr));
    assert!(screen.contains(": W HERE"), "{screen}");
    assert!(png.exists());
}

/// LOAD of a name that is not on the tape (demo.tap holds DEMO in capitals; `load demo`
/// asks for lower case): the run says the Ace waits for a tape file that is not coming,
/// names what the tape holds, prints the screen and stops within --max-frames.
#[test]
fn a_load_of_a_name_not_on_the_tape_is_reported_with_the_screen() {
    for speed in ["instant", "fast"] {
        let out = aceemu(&[
            "run",
            "--headless",
            "--tape",
            concat!(env!("CARGO_MANIFEST_DIR"), "/tapes/demo.tap"),
            "--tape-speed",
            speed,
            "--type",
            "load demo\\n",
            "--until-text",
            "OK",
            "--max-frames",
            "1000",
            "--screen-text",
        ]);
        let screen = text(&out.stdout);
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{speed}: {screen}");
        assert!(
            screen.contains("load demo"),
            "{speed}: screen printed\n{screen}"
        );
        assert!(err.contains("not coming"), "{speed}: {err}");
        assert!(err.contains("Dict \"DEMO\""), "{speed}: {err}");
        let frames: u32 = err
            .split("after ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{speed}: no frame count in {err}"));
        assert!(frames < 1000, "{speed}: {frames}");
    }
}

/// The same LOAD for a number of frames: the screen is printed and a warning says why the
/// Ace is still waiting (a program polling EAR for good looks the same, so it is no failure).
#[test]
fn a_run_of_frames_ending_in_a_vain_load_warns() {
    let out = aceemu(&[
        "run",
        "--headless",
        "--tape",
        concat!(env!("CARGO_MANIFEST_DIR"), "/tapes/demo.tap"),
        "--tape-speed",
        "instant",
        "--type",
        "load demo\\n",
        "--frames",
        "20",
    ]);
    let screen = text(&out.stdout);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(screen.contains("load demo"), "{screen}");
    assert!(err.contains("warning: when the run ended"), "{err}");
    assert!(err.contains("not coming"), "{err}");
}
