//! Open ROM LIST (roms/openace/list.asm): the decompiler. Golden: transcripts.md for the
//! short word (also in openrom_transcripts.rs), ace-forth.md 9 and 10 for the rules and
//! errors, and the layout of transcripts.md Round 3 (list.asm) worked out by hand for these
//! words.

mod openrom_support;
use openrom_support::*;

/// Boot, type the lines, clear the screen, LIST `name`: the output lines after the echo.
fn listing(lines_typed: &[&str], name: &str) -> Vec<String> {
    let mut ace = boot();
    for line in lines_typed {
        enter(&mut ace, line);
        assert!(!ace.screen_text().contains("ERROR"), "{line}");
    }
    enter(&mut ace, "CLS");
    enter(&mut ace, &format!("LIST {name}"));
    let out = output(&ace);
    let echo = format!("LIST {name}");
    out.lines()
        .skip_while(|l| *l != echo)
        .skip(1)
        .map(str::to_string)
        .collect()
}

#[test]
fn a_colon_word_with_every_control_structure() {
    // transcripts.md Round 3: control words on rows of their own, one level out; at most
    // five other items a row; a comment or a string ends its row (worked out by hand)
    assert_eq!(
        listing(
            &[": T2 ( TEST ) 0 DO I . LOOP 5 0 DO I 2 +LOOP BEGIN 1 UNTIL ;"],
            "T2"
        ),
        [
            ": T2",
            " ( TEST )",
            " 0",
            " DO",
            "  I .",
            " LOOP",
            " 5 0",
            " DO",
            "  I 2",
            " +LOOP",
            " BEGIN",
            "  1",
            " UNTIL",
            ";",
            "  OK",
        ]
    );
    assert_eq!(
        listing(
            &[": T3 BEGIN 0 WHILE REPEAT 1 IF .\" YES\" ELSE .\" NO\" THEN ASCII A EMIT -7 ;"],
            "T3"
        ),
        [
            ": T3",
            " BEGIN",
            "  0",
            " WHILE",
            " REPEAT",
            " 1",
            " IF",
            "  .\" YES\"",
            " ELSE",
            "  .\" NO\"",
            " THEN",
            " ASCII A EMIT -7",
            ";",
            "  OK",
        ]
    );
}

#[test]
fn definer_and_compiler_words_and_calls_of_user_words() {
    assert_eq!(
        listing(&["DEFINER KON , DOES> @ ;"], "KON"),
        ["DEFINER KON", " ,", "DOES>", " @", ";", "  OK"]
    );
    assert_eq!(
        listing(&["2 COMPILER LIT2 , RUNS> @ ;"], "LIT2"),
        ["2 COMPILER LIT2", " ,", "RUNS>", " @", ";", "  OK"]
    );
    assert_eq!(
        listing(&[": SQ DUP * ;", ": CUBE DUP SQ * ;"], "CUBE"),
        [": CUBE", " DUP SQ *", ";", "  OK"]
    );
}

#[test]
fn only_colon_definer_and_compiler_words_in_ram() {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter(&mut ace, "5 VARIABLE VV");
    assert_eq!(eval(&mut ace, "LIST DUP"), "LIST DUP ERROR 13");
    // an unknown name is not echoed; ERROR 14 starts the next row (transcripts.md Round 3)
    assert_eq!(eval(&mut ace, "LIST NOSUCH"), "LIST ERROR 13");
    assert_eq!(
        eval(&mut ace, "LIST VV"),
        format!("{:32}ERROR 14", "LIST VV")
    );
}

#[test]
fn list_waits_after_a_screenful_until_a_key_is_pressed_and_break_stops_it() {
    use aceemu::machine::keyboard::{Key, KeyStep};
    let mut ace = boot();
    // 8 BEGIN 1 UNTIL: BEGIN, 1 and UNTIL each on a row, 26 rows in all
    enter(&mut ace, &format!(": LONG {};", "BEGIN 1 UNTIL ".repeat(8)));
    enter(&mut ace, "CLS");
    start_line(&mut ace, "LIST LONG");
    ace.run_frames(100);
    assert!(!waiting_for_input(&ace), "LIST waits after 18 lines");
    let out = output(&ace);
    let shown = out
        .lines()
        .skip_while(|l| *l != "LIST LONG")
        .skip(1)
        .count();
    assert_eq!(shown, 18, "{out}");
    ace.queue_keys(vec![
        KeyStep {
            keys: vec![Key::N1],
            frames: 4,
        },
        KeyStep {
            keys: vec![],
            frames: 3,
        },
    ]);
    wait_idle(&mut ace, 200);
    assert!(output(&ace).ends_with(";\n  OK"), "{}", output(&ace));
    // BREAK while it waits: ERROR 3
    enter(&mut ace, "CLS");
    start_line(&mut ace, "LIST LONG");
    ace.run_frames(100);
    ace.press_key(Key::Shift);
    ace.press_key(Key::Space);
    ace.run_frames(10);
    ace.release_all_keys();
    wait_idle(&mut ace, 200);
    assert!(output(&ace).contains("ERROR 3"), "{}", output(&ace));
}
