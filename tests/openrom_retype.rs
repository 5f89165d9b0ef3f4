//! Open ROM: an unknown word hands the line back for correction (RETYPE, ace-forth.md 7
//! and 11): the inverse ? cursor (0xBF) stands at the start of the handed-back line, before
//! the offending word (measured on the original: tests/data/spec/transcripts.md,
//! `1 2 FOO 3 .`), the normal editor keys work on the line, and ENTER interprets the
//! corrected line.

mod openrom_support;
use aceemu::machine::keyboard::Key;
use aceemu::machine::Ace;
use openrom_support::*;

const INSCRN: u16 = 0x3C1E;
const CURSOR: u16 = 0x3C20;
const ENDBUF: u16 = 0x3C22;
const QUERY_CURSOR: u8 = 0x97;
const RETYPE_CURSOR: u8 = 0xBF;

/// The current logical line from its 0x00 marker up to ENDBUF (exclusive).
fn logical_line(ace: &Ace) -> Vec<u8> {
    let start = word(ace, INSCRN);
    let end = word(ace, ENDBUF);
    (start..end).map(|a| ace.peek(a)).collect()
}

/// Move the cursor right `n` times (SHIFT+8), e.g. past the word to correct.
fn right(ace: &mut Ace, n: usize) {
    for _ in 0..n {
        press(ace, &[Key::Shift, Key::N8]);
    }
}

/// Type `text` (no ENTER) and let the editor take it.
fn type_keys(ace: &mut Ace, text: &str) {
    ace.type_text(text);
    wait_idle(ace, 100 + 12 * text.len() as u32);
}

/// Type a line that contains an unknown word: returns once the ROM waits for the
/// correction.
fn enter_bad(ace: &mut Ace, line: &str) {
    type_keys(ace, &format!("{line}\n"));
}

fn with_cursor(text: &str, at: usize, cursor: u8) -> Vec<u8> {
    let mut v = vec![0];
    v.extend_from_slice(&text.as_bytes()[..at]);
    v.push(cursor);
    v.extend_from_slice(&text.as_bytes()[at..]);
    v
}

#[test]
fn the_question_cursor_stands_before_the_unknown_word() {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter_bad(&mut ace, "10 20 NOSUCH 30 .");
    assert_eq!(
        logical_line(&ace),
        with_cursor("NOSUCH 30 .", 0, RETYPE_CURSOR)
    );
    assert_eq!(
        word(&ace, CURSOR),
        word(&ace, INSCRN) + 1,
        "CURSOR on the ?"
    );
    assert_eq!(data_stack(&ace), vec![10, 20], "the words before it ran");
    assert_eq!(lines(&ace)[1], "10 20", "and were echoed");
    assert!(!ace.screen_text().contains("ERROR"), "no error number");
}

#[test]
fn an_unknown_last_word_gets_the_cursor_at_the_line_start() {
    let mut ace = boot();
    enter_bad(&mut ace, "1 NOPE");
    assert_eq!(logical_line(&ace), with_cursor("NOPE", 0, RETYPE_CURSOR));
}

#[test]
fn editor_keys_work_on_the_handed_back_line_and_the_cursor_stays_a_question_mark() {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter_bad(&mut ace, "3 DUPP *");
    assert_eq!(logical_line(&ace), with_cursor("DUPP *", 0, RETYPE_CURSOR));
    right(&mut ace, 4);
    assert_eq!(logical_line(&ace), with_cursor("DUPP *", 4, RETYPE_CURSOR));
    press(&mut ace, &[Key::Shift, Key::N5]); // cursor left
    assert_eq!(logical_line(&ace), with_cursor("DUPP *", 3, RETYPE_CURSOR));
    press(&mut ace, &[Key::Shift, Key::N0]); // DELETE: the extra P
    assert_eq!(logical_line(&ace), with_cursor("DUP *", 2, RETYPE_CURSOR));
    press(&mut ace, &[Key::Shift, Key::N8]); // cursor right
    assert_eq!(logical_line(&ace), with_cursor("DUP *", 3, RETYPE_CURSOR));
    press(&mut ace, &[Key::Shift, Key::N2]); // CAPS LOCK: the ? still wins
    assert_eq!(logical_line(&ace), with_cursor("DUP *", 3, RETYPE_CURSOR));
    press(&mut ace, &[Key::Shift, Key::N2]);
    type_keys(&mut ace, " 1+");
    assert_eq!(
        logical_line(&ace),
        with_cursor("DUP 1+ *", 6, RETYPE_CURSOR)
    );
    type_keys(&mut ace, "\n");
    // ENTER interprets the corrected line: 3 DUP 1+ * = 12.
    assert_eq!(data_stack(&ace), vec![12]);
    assert_eq!(lines(&ace)[1], "3 DUP 1+ *  OK");
    // The next line is an ordinary QUERY line with the normal cursor.
    assert_eq!(logical_line(&ace), vec![0, QUERY_CURSOR]);
    assert_eq!(ace.peek(STATIN) & 0x10, 0, "RETYPE state cleared");
}

#[test]
fn a_corrected_line_can_be_handed_back_again() {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter_bad(&mut ace, "2 FOO 3 BAR +");
    assert_eq!(
        logical_line(&ace),
        with_cursor("FOO 3 BAR +", 0, RETYPE_CURSOR)
    );
    right(&mut ace, 3);
    type_keys(&mut ace, &"\u{8}".repeat(3));
    type_keys(&mut ace, "DUP\n");
    // DUP and 3 run, BAR is handed back in its turn.
    assert_eq!(data_stack(&ace), vec![2, 2, 3]);
    assert_eq!(logical_line(&ace), with_cursor("BAR +", 0, RETYPE_CURSOR));
    right(&mut ace, 3);
    type_keys(&mut ace, &"\u{8}".repeat(3));
    type_keys(&mut ace, "+\n");
    assert_eq!(data_stack(&ace), vec![7]);
    assert_eq!(lines(&ace)[1], "2 DUP 3 + +  OK");
}

#[test]
fn an_unknown_word_inside_a_definition_keeps_compiling_after_the_correction() {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter_bad(&mut ace, ": SQ DUPE * ;");
    assert_eq!(
        logical_line(&ace),
        with_cursor("DUPE * ;", 0, RETYPE_CURSOR)
    );
    right(&mut ace, 4);
    assert_ne!(
        ace.peek(FLAGS) & 0x40,
        0,
        "still compiling while the line is edited"
    );
    type_keys(&mut ace, "\u{8}\n");
    assert_eq!(ace.peek(FLAGS) & 0x44, 0, "definition finished");
    assert_eq!(eval(&mut ace, "7 SQ ."), "7 SQ . 49");
}

#[test]
fn retype_typed_by_the_user_hands_back_the_rest_of_the_line() {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter_bad(&mut ace, "RETYPE 40 2 + .");
    assert_eq!(
        logical_line(&ace),
        with_cursor("40 2 + .", 0, RETYPE_CURSOR)
    );
    type_keys(&mut ace, "\n");
    assert!(
        lines(&ace)[1].starts_with("RETYPE 40 2 + . 42"),
        "{}",
        lines(&ace)[1]
    );
    assert!(data_stack(&ace).is_empty());
}

#[test]
fn an_unknown_word_far_into_a_long_line_comes_back_at_the_line_start() {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    // 40 characters of numbers first: the line spans two screen lines.
    let numbers = (0..20).map(|_| "1").collect::<Vec<_>>().join(" ");
    enter_bad(&mut ace, &format!("{numbers} ZAP 9"));
    assert_eq!(data_stack(&ace).len(), 20);
    assert_eq!(logical_line(&ace), with_cursor("ZAP 9", 0, RETYPE_CURSOR));
    right(&mut ace, 3);
    type_keys(&mut ace, "\u{8}\u{8}\u{8}DROP\n");
    assert_eq!(data_stack(&ace).len(), 20, "one dropped, 9 pushed");
    assert_eq!(*data_stack(&ace).last().unwrap(), 9);
}

#[test]
fn words_that_are_not_numbers_are_handed_back() {
    // ace-forth.md 7: optional -, digits in BASE; an E without a point is not a number;
    // (a lone - is the word for subtraction, so it never reaches NUMBER here);
    // a float with a point after its E is neither.
    for (setup, bad) in [
        ("", "-X"),
        ("", "1E30"),
        ("", "12AB"),
        ("", "--5"),
        ("", "1.0E1.5"),
        ("2 BASE C!", "102"),
        ("16 BASE C!", "FG"),
    ] {
        let mut ace = boot();
        if !setup.is_empty() {
            enter(&mut ace, setup);
        }
        enter_bad(&mut ace, &format!("1 {bad} 1"));
        assert_eq!(
            logical_line(&ace),
            with_cursor(&format!("{bad} 1"), 0, RETYPE_CURSOR),
            "{bad:?} is not a number"
        );
        assert_eq!(data_stack(&ace), vec![1], "{bad:?}");
    }
}

#[test]
fn number_edge_cases_that_are_numbers() {
    let mut ace = boot();
    enter(&mut ace, "-0 -1 65535 65536 -32768");
    assert_eq!(data_stack(&ace), vec![0, 0xFFFF, 0xFFFF, 0, 0x8000]);
    enter(&mut ace, "16 BASE C! ff -7FFF aB DECIMAL");
    assert_eq!(
        data_stack(&ace),
        vec![0, 0xFFFF, 0xFFFF, 0, 0x8000, 0xFF, 0x8001, 0xAB]
    );
}

#[test]
fn find_leaves_an_absent_word_for_the_interpreter() {
    // FIND gives 0 at the end of the line and for an unknown word; the unknown word is
    // not consumed, so LINE hands it back in its turn (roms/openace/README.md, Notes).
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter(&mut ace, ": F0 FIND . ;");
    assert_eq!(eval(&mut ace, "F0"), "F0 0");
    enter_bad(&mut ace, "F0 NOSUCH 5");
    assert!(
        lines(&ace).iter().any(|l| l == "F0 0"),
        "{}",
        ace.screen_text()
    );
    assert_eq!(
        logical_line(&ace),
        with_cursor("NOSUCH 5", 0, RETYPE_CURSOR)
    );
}
