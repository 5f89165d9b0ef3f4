//! A headless run never ends while the Ace is still SAVEing: the file is written whole,
//! and the run says it went on for it.

mod common;

use common::cli::{aceemu_command, output_within, scratch_dir, text};

/// The first line's `OK` satisfies --until-text while `SAVE hi` is still writing; the run
/// goes on until both blocks (header and data) are on the tape.
#[test]
fn until_text_waits_for_a_save_in_progress() {
    let dir = scratch_dir("save-in-progress");
    let tap = dir.join("s.tap");
    let out = output_within(
        120,
        aceemu_command()
            .args(["run", "--headless", "--save-to"])
            .arg(&tap)
            .args(["--type", ": HI 42 . ;\\nSAVE hi\\n", "--until-text", "OK"]),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("still saving"),
        "{}",
        text(&out.stderr)
    );
    // The header and the data block, both whole.
    let info = output_within(60, aceemu_command().args(["tape", "info"]).arg(&tap));
    let listing = text(&info.stdout);
    assert!(listing.contains("2 blocks"), "{listing}");
    assert!(listing.contains("\"hi        \""), "{listing}");
    assert!(!listing.contains("BAD"), "{listing}");
}

/// A run of a number of frames that ends in the middle of SAVE goes on too.
#[test]
fn a_frame_count_ending_in_a_save_goes_on_until_it_is_written() {
    let dir = scratch_dir("save-frames");
    let tap = dir.join("f.tap");
    let out = output_within(
        120,
        aceemu_command()
            .args(["run", "--headless", "--save-to"])
            .arg(&tap)
            .args(["--type", ": F ;\\nSAVE f\\n", "--frames", "1"]),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let info = output_within(60, aceemu_command().args(["tape", "info"]).arg(&tap));
    assert!(
        text(&info.stdout).contains("2 blocks"),
        "{}",
        text(&info.stdout)
    );
}

/// Text already on the screen before the last text was typed ends the wait at once: said.
#[test]
fn an_until_text_found_before_typing_is_reported() {
    let out = output_within(
        60,
        aceemu_command().args([
            "run",
            "--headless",
            "--type",
            "1 .\\n\\{OK}30000 0 DO LOOP\\n",
            "--until-text",
            "OK",
        ]),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("already on the screen"),
        "{}",
        text(&out.stderr)
    );
}
