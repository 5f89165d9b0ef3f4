//! The command line's small consistencies: every ROM option takes a file, screenshots
//! are PNG only, counts agree with their nouns (issue 17 point 7).

mod common;

use aceemu::tape::pulse::Block;
use aceemu::tape::tap::tap_block_bytes;
use common::cli::{aceemu, scratch_dir, text};

#[test]
fn rom_info_takes_the_file_as_rom_compare_does() {
    let dir = scratch_dir("rom-info");
    let rom = dir.join("open.rom");
    let rom = rom.to_str().unwrap();
    assert!(aceemu(&["rom", "save", rom]).status.success());
    for args in [
        &["rom", "info", rom][..],
        &["rom", "info", "--rom", rom][..],
    ] {
        let out = aceemu(args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(
            stdout.contains(rom) && stdout.contains("open ROM"),
            "{stdout}"
        );
    }
}

#[test]
fn tape_words_rom_takes_a_file_or_a_name() {
    let dir = scratch_dir("words-rom");
    let rom = dir.join("open.rom");
    let rom = rom.to_str().unwrap();
    assert!(aceemu(&["rom", "save", rom]).status.success());
    let tape = concat!(env!("CARGO_MANIFEST_DIR"), "/tapes/demo.tap");
    for by in [rom, "open"] {
        let out = aceemu(&["tape", "words", tape, "--rom", by]);
        assert!(out.status.success(), "{by}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("code fields of the open ROM (as asked)"));
    }
    // A ROM whose code fields are unknown is refused, naming the file.
    let zero = dir.join("zero.rom");
    std::fs::write(&zero, vec![0u8; 8192]).unwrap();
    let out = aceemu(&["tape", "words", tape, "--rom", zero.to_str().unwrap()]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("zero.rom") && stderr.contains("neither"),
        "{stderr}"
    );
    // The help cites nothing that is not in the repository.
    let help = text(&aceemu(&["tape", "words", "--help"]).stdout);
    assert!(!help.contains(".md"), "{help}");
}

#[test]
fn a_screenshot_name_not_ending_in_png_is_refused_before_running() {
    let dir = scratch_dir("shot-name");
    let txt = dir.join("out.txt");
    let out = aceemu(&[
        "run",
        "--headless",
        "--frames",
        "100000000",
        "--screenshot",
        txt.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("out.txt") && stderr.contains(".png"),
        "{stderr}"
    );
    assert!(!txt.exists());
}

#[test]
fn one_block_is_one_block() {
    let dir = scratch_dir("one-block");
    let tap = dir.join("one.tap");
    std::fs::write(&tap, tap_block_bytes(&Block::new(0xFF, vec![1, 2, 3]))).unwrap();
    let out = aceemu(&["tape", "info", tap.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains(": 1 block\n"), "{stdout}");
    let wav = dir.join("one.wav");
    let out = aceemu(&[
        "tape",
        "convert",
        tap.to_str().unwrap(),
        wav.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).ends_with(": 1 block\n"),
        "{}",
        text(&out.stdout)
    );
}
