//! Open ROM: compiled words run as documented (control structures, defining words,
//! strings, vocabularies, FORGET, modes). Expected output derived by hand from
//! ace-forth.md 5-9 and rom-words.tsv.

mod openrom_support;
use openrom_support::*;

fn session(lines: &[(&str, &str)]) -> aceemu::machine::Ace {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    for (line, want) in lines {
        let got = eval(&mut ace, line);
        assert_eq!(&got, want, "line {line:?}");
    }
    ace
}

#[test]
fn control_structures() {
    session(&[
        (": T IF 1 ELSE 2 THEN . ;", ": T IF 1 ELSE 2 THEN . ;"),
        ("5 T 0 T", "5 T 1 0 T 2"),
        (
            ": CD BEGIN DUP . 1- DUP 0= UNTIL DROP ;",
            ": CD BEGIN DUP . 1- DUP 0= UNTIL DROP ;",
        ),
        ("3 CD", "3 CD 3 2 1"),
        (
            ": WR BEGIN DUP WHILE DUP . 1- REPEAT DROP ;",
            ": WR BEGIN DUP WHILE DUP . 1- REPEAT DROP ;",
        ),
        ("2 WR 0 WR", "2 WR 2 1 0 WR"),
        (": DL 3 0 DO I . LOOP ;", ": DL 3 0 DO I . LOOP ;"),
        ("DL", "DL 0 1 2"),
        (
            ": NL 2 0 DO 3 0 DO J 10 * I + . LOOP LOOP ;",
            ": NL 2 0 DO 3 0 DO J 10 * I + . LOOP LOOP ;",
        ),
        ("NL", "NL 0 1 2 10 11 12"),
        (": PL 10 0 DO I . 3 +LOOP ;", ": PL 10 0 DO I . 3 +LOOP ;"),
        ("PL", "PL 0 3 6 9"),
        (
            ": LV 100 0 DO I . I 2 = IF LEAVE THEN LOOP ;",
            ": LV 100 0 DO I . I 2 = IF LEAVE THEN LOOP ;",
        ),
        ("LV", "LV 0 1 2"),
        (
            ": LIM 7 3 DO I' . LEAVE LOOP ;",
            ": LIM 7 3 DO I' . LEAVE LOOP ;",
        ),
        ("LIM", "LIM 7"),
        (": EX 1 . EXIT 2 . ;", ": EX 1 . EXIT 2 . ;"),
        ("EX", "EX 1"),
        (
            ": EL 0 IF 1 ELSE 2 ELSE 3 THEN . ;",
            ": EL 0 IF 1 ELSE 2 ELSE 3 THEN . ;",
        ),
        ("EL", "EL 2"),
        (": ON 1 1 DO I . LOOP ;", ": ON 1 1 DO I . LOOP ;"),
        ("ON", "ON 1"),
        (
            ": OV 32767 32765 DO I . LOOP ;",
            ": OV 32767 32765 DO I . LOOP ;",
        ),
        ("OV", "OV 32765 32766"),
        (": RS 5 >R 6 R> . . ;", ": RS 5 >R 6 R> . . ;"),
        ("RS", "RS 5 6"),
    ]);
}

#[test]
fn strings_comments_and_ascii() {
    session(&[
        // the echo of a word taken up to a delimiter ends with that delimiter, not a
        // space (measured: transcripts.md, `: W ." X" CR ." Y" ; W`)
        (": H .\" HELLO, WORLD\" ;", ": H .\" HELLO, WORLD\";"),
        ("H", "H HELLO, WORLD"),
        (": K ( N -- N ) DUP + ;", ": K ( N -- N )DUP + ;"),
        ("21 K .", "21 K . 42"),
        (": AS ASCII * EMIT ;", ": AS ASCII * EMIT ;"),
        ("AS ASCII Z .", "AS *ASCII Z . 90"),
    ]);
}

#[test]
fn variables_constants_create() {
    session(&[
        ("300 VARIABLE V V @ .", "300 VARIABLE V V @ . 300"),
        ("7 V ! V @ .", "7 V ! V @ . 7"),
        ("-7 CONSTANT K K .", "-7 CONSTANT K K . -7"),
        ("CREATE TB 1 C, 2 C, 300 ,", "CREATE TB 1 C, 2 C, 300 ,"),
        (
            "TB C@ . TB 1+ C@ . TB 2+ @ .",
            "TB C@ . 1 TB 1+ C@ . 2 TB 2+ @ . 300",
        ),
        (
            "HERE CREATE BUF 6 ALLOT HERE SWAP - .",
            "HERE CREATE BUF 6 ALLOT HERE SWAP - . 16",
        ),
        ("BUF HERE 6 - = .", "BUF HERE 6 - = . 1"),
        ("5 6 [ . ]", "5 6 [ . 6 ]"),
        ("DROP", "DROP"),
    ]);
}

#[test]
fn definer_and_compiler_words() {
    session(&[
        ("DEFINER KON , DOES> @ ;", "DEFINER KON , DOES> @ ;"),
        ("42 KON K42 K42 .", "42 KON K42 K42 . 42"),
        (
            "DEFINER ARR 2 * ALLOT DOES> SWAP 2 * + ;",
            "DEFINER ARR 2 * ALLOT DOES> SWAP 2 * + ;",
        ),
        ("5 ARR A 99 3 A ! 3 A @ .", "5 ARR A 99 3 A ! 3 A @ . 99"),
        ("2 COMPILER 2LIT , RUNS> @ ;", "2 COMPILER 2LIT , RUNS> @ ;"),
        (": X [ 99 ] 2LIT 1+ ;", ": X [ 99 ] 2LIT 1+ ;"),
        ("X .", "X . 100"),
        ("2LIT", "2LIT ERROR 4"),
        (
            "255 COMPILER STR DUP , 0 DO ASCII * C, LOOP RUNS> DUP @ SWAP 2+ SWAP TYPE ;",
            "255 COMPILER STR DUP , 0 DO ASCII * C, LOOP RUNS> DUP @ SWAP 2+ SWAP TYPE ;",
        ),
        (": S3 [ 3 ] STR 1 . ;", ": S3 [ 3 ] STR 1 . ;"),
        ("S3", "S3 ***1"),
        (": IM 65 EMIT ; IMMEDIATE", ": IM 65 EMIT ; IMMEDIATE"),
        (": W IM ;", ": W IM A;"),
        ("W", "W"),
        (": LIT [ 6 7 * ] LITERAL ;", ": LIT [ 6 7 * ] LITERAL ;"),
        ("LIT .", "LIT . 42"),
    ]);
}

#[test]
fn vocabularies_and_forget() {
    let ace = session(&[
        (": A 1 ;", ": A 1 ;"),
        ("VOCABULARY V", "VOCABULARY V"),
        ("V DEFINITIONS", "V DEFINITIONS"),
        (": A 2 ;", ": A 2 ;"),
        ("A .", "A . 2"),
        ("FORTH A .", "FORTH A . 1"),
        ("V A . A .", "V A . 2 A . 2"),
        ("FORTH DEFINITIONS", "FORTH DEFINITIONS"),
        (": B 3 ;", ": B 3 ;"),
        ("FORGET V", "FORGET V"),
    ]);
    // FORGET V removed V, its A and B; the first A stays; CONTEXT/CURRENT are FORTH.
    assert_eq!(word(&ace, STKBOT), 0x3C51 + 14);
    assert_eq!(word(&ace, 0x3C33), 0x3C4C);
    assert_eq!(word(&ace, 0x3C35), 0x3C4F, "VOCLNK");
    assert_eq!(word(&ace, 0x3C4C), 0x3C56, "FORTH's newest is A again");
    let mut ace = ace;
    assert_eq!(eval(&mut ace, "A ."), "A . 1");
}

#[test]
fn forget_removes_later_words_and_ends_without_ok() {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter(&mut ace, ": A 1 ;");
    enter(&mut ace, ": B 2 ;");
    enter(&mut ace, ": C 3 ;");
    enter(&mut ace, "FORGET B");
    assert_eq!(
        lines(&ace)[4],
        "FORGET B",
        "no OK after FORGET (save-vectors.md v24)"
    );
    assert_eq!(word(&ace, STKBOT), 0x3C5F);
    assert_eq!(eval(&mut ace, "A ."), "A . 1");
}

#[test]
fn modes_fast_slow_invis_vis() {
    let mut ace = session(&[
        // LINE checks the stack after every word even in FAST mode.
        ("FAST DROP DROP DROP", "FAST DROP ERROR 2"),
        ("FAST 1 2 + .", "FAST 1 2 + . 3"),
        ("SLOW 1 .", "SLOW 1 . 1"),
    ]);
    assert_eq!(
        ace.cpu().immutable_registers().get16(iz80::Reg16::IY),
        sym("next_checks")
    );
    enter(&mut ace, "FAST");
    assert_eq!(
        ace.cpu().immutable_registers().get16(iz80::Reg16::IY),
        sym("next")
    );
    enter(&mut ace, "SLOW CLS INVIS 1 2 + .");
    assert_eq!(lines(&ace)[0], "INVIS 3", "after INVIS: no echo, no OK");
    enter(&mut ace, "VIS 4 .");
    assert_eq!(lines(&ace)[0], "INVIS 3 4 . 4  OK");
}

#[test]
fn quit_and_abort() {
    let mut ace = session(&[("1 2 QUIT 3", "1 2 QUIT")]);
    assert_eq!(data_stack(&ace), vec![1, 2], "QUIT keeps the data stack");
    assert_eq!(eval(&mut ace, ". . ABORT 5"), ". 2 . 1 ABORT");
    assert!(data_stack(&ace).is_empty());
}

#[test]
fn call_runs_machine_code() {
    // LD DE,1234 ; RST 16 ; JP (IY) at 0x5000 (19 KB machine).
    let mut ace = boot();
    ace.write_bytes(0x5000, &[0x11, 0xD2, 0x04, 0xD7, 0xFD, 0xE9]);
    enter(&mut ace, "CLS");
    assert_eq!(eval(&mut ace, "20480 CALL ."), "20480 CALL . 1234");
}

#[test]
fn execute_runs_a_cfa() {
    session(&[
        (": SQ DUP * ;", ": SQ DUP * ;"),
        ("3 FIND SQ EXECUTE .", "3 FIND SQ EXECUTE . 9"),
    ]);
}

/// Text typed ahead waits while the ROM keeps interrupts off: the SPACE in `7 .` would
/// otherwise reach BEEP's break test and stop it with ERROR 3 (ace-hardware.md 5.3).
#[test]
fn typed_ahead_text_waits_for_a_beep_to_finish() {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    ace.type_text("100 400 BEEP\n7 .\n");
    wait_idle(&mut ace, 400);
    let screen = ace.screen_text();
    assert!(!screen.contains("ERROR"), "BEEP was broken:\n{screen}");
    assert!(screen.contains("7 . 7  OK"), "screen:\n{screen}");
}

/// Lines typed in one go: the key after ENTER waits until the ROM is back in its line
/// editor, so a line that takes a while to run (here about a second) loses no keys of the
/// next one.
#[test]
fn typed_ahead_lines_wait_for_the_prompt() {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter(&mut ace, ": W 0 DO LOOP ;");
    ace.type_text("20000 W\n1 2 + .\n");
    wait_idle(&mut ace, 600);
    let screen = ace.screen_text();
    assert!(screen.contains("1 2 + . 3  OK"), "screen:\n{screen}");
}
