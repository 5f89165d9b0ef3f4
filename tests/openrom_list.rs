//! Open ROM LIST (roms/openace/list.asm): the decompiler. Golden: transcripts.md for the
//! short word (also in openrom_transcripts.rs), ace-forth.md 9 and 10 for the rules and
//! errors, and the layout choices documented in list.asm (one space at the outer level, one
//! more inside each IF ELSE DO BEGIN WHILE part) worked out by hand for these words.

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
    let got = listing(
        &[
            ": T2 ( TEST ) 0 DO I . LOOP 5 0 DO I 2 +LOOP BEGIN 1 UNTIL BEGIN 0 WHILE",
            "REPEAT 1 IF .\" YES\" ELSE .\" NO\" THEN ASCII A EMIT -7 ;",
        ],
        "T2",
    );
    let want = [
        ": T2",
        " ( TEST ) 0 DO",
        "  I .",
        " LOOP 5 0 DO",
        "  I 2",
        " +LOOP BEGIN",
        "  1",
        " UNTIL BEGIN",
        "  0",
        " WHILE",
        "",
        " REPEAT 1 IF",
        "  .\" YES\"",
        " ELSE",
        "  .\" NO\"",
        " THEN ASCII A EMIT -7",
        ";",
        "  OK",
    ];
    assert_eq!(got, want);
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
    assert_eq!(eval(&mut ace, "LIST NOSUCH"), "LIST NOSUCH ERROR 13");
    assert_eq!(eval(&mut ace, "LIST VV"), "LIST VV ERROR 14");
}
