//! `--type`'s `\{TEXT}` markers wait for TEXT to appear after the text before them was
//! typed: an `OK` already on the screen is not the `OK` of a line that takes a while, so
//! the next line is not typed while the Ace is still busy (its keys would be lost). Text
//! that only moves up the screen when it scrolls does not count as appearing.

use aceemu::frontend::headless::{self, HeadlessOptions, StopCondition};
use aceemu::frontend::text::split_waits;
use aceemu::frontend::FrameRunner;
use aceemu::machine::testing::TestRom;
use aceemu::machine::{Ace, RamSize};

/// The open ROM with CAPS LOCK on, `typed` (with its markers) typed headless, then
/// `frames` more frames; the screen text.
fn typed_on_the_open_rom(typed: &str, frames: u32) -> String {
    let mut ace = Ace::new(aceemu::rom::open::open_rom(), RamSize::K19).unwrap();
    ace.caps_lock_at_prompt();
    let (first, then_type) = split_waits(typed).unwrap();
    let options = HeadlessOptions {
        type_text: Some(first),
        then_type,
        stop: StopCondition::Frames(frames),
        ..HeadlessOptions::default()
    };
    let mut runner: FrameRunner = Box::new(|ace: &mut Ace| ace.run_frame());
    let outcome = headless::run(&mut ace, &options, &mut runner).unwrap();
    assert_eq!(outcome.problem, None, "{}", ace.screen_text());
    ace.screen_text()
}

#[test]
fn a_marker_waits_for_the_ok_of_a_line_that_runs_a_while() {
    // W counts to 30,000 (about a second); the OK of the line before it is on the screen
    // all that time.
    let screen = typed_on_the_open_rom(": W 0 30000 0 DO 1+ LOOP ;\n\\{OK}W .\n\\{OK}7 .\n", 20);
    assert!(screen.contains("W . 30000  OK"), "{screen}");
    assert!(screen.contains("7 . 7  OK"), "{screen}");
}

#[test]
fn a_marker_waits_for_the_ok_of_a_line_that_compiles_a_while() {
    // SLOWLY is immediate: compiling C runs it, so the line `: C SLOWLY ;` takes about a
    // second to compile.
    let screen = typed_on_the_open_rom(
        ": SLOWLY 0 30000 0 DO 1+ LOOP DROP ; IMMEDIATE\n\\{OK}: C SLOWLY 5 ;\n\\{OK}C .\n",
        20,
    );
    assert!(screen.contains(": C SLOWLY 5 ;  OK"), "{screen}");
    assert!(screen.contains("C . 5  OK"), "{screen}");
}

/// A bare-Ace guest: scrolls the screen up one row as a ROM does (LDIR from row 1 to row
/// 0, 736 bytes), blanks the last row, and when `print` writes `X OK` at the start of the
/// last row but one; then halts.
fn scroll_guest(print: bool) -> Vec<u8> {
    let printing = if print {
        "        LD HL,text
        LD DE,0x2400+22*32
        LD BC,4
        LDIR
"
    } else {
        ""
    };
    let src = format!(
        "        ORG 0
        DI
        LD HL,0x2420
        LD DE,0x2400
        LD BC,23*32
        LDIR
        LD HL,0x2400+23*32
        LD B,32
blank:  LD (HL),0x20
        INC HL
        DJNZ blank
{printing}        HALT
text:   DB 'X OK'
"
    );
    aceasm::assemble_str("scroll_guest.asm", &src)
        .unwrap_or_else(|e| panic!("{e}"))
        .bytes
}

/// A screen whose rows 0-22 all read `X OK` (row 23 blank), written before `mark`.
fn full_of_x_ok(guest: &[u8]) -> (Ace, u64) {
    let mut ace = TestRom::new().at(0, guest).boot(RamSize::K3);
    for row in 0..24u16 {
        let line: &[u8; 32] = if row < 23 {
            b"X OK                            "
        } else {
            &[b' '; 32]
        };
        ace.write_bytes(0x2400 + row * 32, line);
    }
    let mark = ace.screen_stamp_now();
    (ace, mark)
}

#[test]
fn text_moved_up_by_a_scroll_has_not_appeared_but_the_same_text_printed_anew_has() {
    // Every row shows the same line: only the stamps can tell a new one from the old.
    let (mut ace, mark) = full_of_x_ok(&scroll_guest(false));
    assert!(!ace.text_appeared_since("OK", mark), "nothing ran yet");
    ace.run_frames(1);
    assert!(ace.screen_text().contains("X OK"));
    assert!(
        !ace.text_appeared_since("OK", mark),
        "scrolled up, not printed:\n{}",
        ace.screen_text()
    );

    let (mut ace, mark) = full_of_x_ok(&scroll_guest(true));
    let before = ace.screen_text();
    ace.run_frames(1);
    // The picture is the same as before: the printed line replaced the one that scrolled.
    assert_eq!(ace.screen_text(), before);
    assert!(
        ace.text_appeared_since("OK", mark),
        "printed after the mark"
    );
    assert!(!ace.text_appeared_since("OK", ace.screen_stamp_now()));
}
