//! Open ROM: the documented stack effect of every integer word, typed at the keyboard and
//! checked on the screen (expected values derived by hand from rom-words.tsv and
//! ace-forth.md 8: true = 1, division truncates toward zero).

mod openrom_support;
use openrom_support::*;

/// Type each line into one machine and compare what it printed (echo + output, no " OK").
fn check_all(cases: &[(&str, &str)]) {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    for (line, want) in cases {
        let got = eval(&mut ace, line);
        assert_eq!(&got, want, "line {line:?}");
        assert!(
            data_stack(&ace).is_empty(),
            "stack left over after {line:?}"
        );
    }
}

#[test]
fn stack_words() {
    check_all(&[
        ("5 DUP . .", "5 DUP . 5 . 5"),
        ("1 2 DROP .", "1 2 DROP . 1"),
        ("1 2 SWAP . .", "1 2 SWAP . 1 . 2"),
        ("1 2 OVER . . .", "1 2 OVER . 1 . 2 . 1"),
        ("1 2 3 ROT . . .", "1 2 3 ROT . 1 . 3 . 2"),
        ("7 ?DUP . .", "7 ?DUP . 7 . 7"),
        ("1 0 ?DUP . .", "1 0 ?DUP . 0 . 1"),
        (
            "10 20 30 2 PICK . . . .",
            "10 20 30 2 PICK . 20 . 30 . 20 . 10",
        ),
        ("10 20 30 3 ROLL . . .", "10 20 30 3 ROLL . 10 . 30 . 20"),
        ("10 20 1 ROLL . .", "10 20 1 ROLL . 20 . 10"),
        ("4 >R 5 R> . .", "4 >R 5 R> . 4 . 5"),
    ]);
}

#[test]
fn arithmetic_words() {
    check_all(&[
        ("2 3 + .", "2 3 + . 5"),
        ("2 3 - .", "2 3 - . -1"),
        ("-6 7 * .", "-6 7 * . -42"),
        ("300 300 * .", "300 300 * . 24464"),
        ("-7 2 / .", "-7 2 / . -3"),
        ("-7 2 MOD .", "-7 2 MOD . -1"),
        ("7 -2 /MOD . .", "7 -2 /MOD . -3 . 1"),
        ("-7 -2 /MOD . .", "-7 -2 /MOD . 3 . -1"),
        ("1000 100 7 */ .", "1000 100 7 */ . 14285"),
        ("1000 -100 7 */MOD . .", "1000 -100 7 */MOD . -14285 . -5"),
        ("300 400 U* U. U.", "300 400 U* U. 1 U. 54464"),
        ("65535 65535 U* U. U.", "65535 65535 U* U. 65534 U. 1"),
        ("0 1 10 U/MOD . .", "0 1 10 U/MOD . 6553 . 6"),
        ("5 NEGATE .", "5 NEGATE . -5"),
        ("-9 ABS . 9 ABS .", "-9 ABS . 9 9 ABS . 9"),
        ("1 0 DNEGATE . U.", "1 0 DNEGATE . -1 U. 65535"),
        ("65535 0 1 0 D+ . .", "65535 0 1 0 D+ . 1 . 0"),
        (
            "5 1+ . 5 2+ . 5 1- . 5 2- .",
            "5 1+ . 6 5 2+ . 7 5 1- . 4 5 2- . 3",
        ),
        (
            "12 10 AND . 12 10 OR . 12 10 XOR .",
            "12 10 AND . 8 12 10 OR . 14 12 10 XOR . 6",
        ),
        ("-3 4 MAX . -3 4 MIN .", "-3 4 MAX . 4 -3 4 MIN . -3"),
    ]);
    // The largest product of */ still fits: 32-bit intermediate.
    check_all(&[("30000 30000 30000 */ .", "30000 30000 30000 */ . 30000")]);
}

#[test]
fn comparison_words_give_one_for_true() {
    check_all(&[
        ("0 0= . 5 0= .", "0 0= . 1 5 0= . 0"),
        ("-1 0< . 1 0< .", "-1 0< . 1 1 0< . 0"),
        ("1 0> . -1 0> . 0 0> .", "1 0> . 1 -1 0> . 0 0 0> . 0"),
        ("3 3 = . 3 4 = .", "3 3 = . 1 3 4 = . 0"),
        ("-1 1 < . 1 -1 < .", "-1 1 < . 1 1 -1 < . 0"),
        ("1 -1 > . -1 1 > .", "1 -1 > . 1 -1 1 > . 0"),
        ("-1 1 U< . 1 -1 U< .", "-1 1 U< . 0 1 -1 U< . 1"),
        (
            "-1 -1 0 0 D< . 0 0 -1 -1 D< .",
            "-1 -1 0 0 D< . 1 0 0 -1 -1 D< . 0",
        ),
        ("0 1 5 0 D< .", "0 1 5 0 D< . 0"),
    ]);
}

#[test]
fn memory_words() {
    check_all(&[
        ("1234 16384 ! 16384 @ .", "1234 16384 ! 16384 @ . 1234"),
        ("16384 C@ . 16385 C@ .", "16384 C@ . 210 16385 C@ . 4"),
        ("513 16384 C! 16384 @ .", "513 16384 C! 16384 @ . 1025"),
        ("PAD .", "PAD . 9985"),
        (
            "BASE . CONTEXT . CURRENT .",
            "BASE . 15423 CONTEXT . 15411 CURRENT . 15409",
        ),
        ("BASE C@ .", "BASE C@ . 10"),
        ("HERE .", "HERE . 15441"),
    ]);
}

#[test]
fn number_base_and_formatted_output() {
    check_all(&[
        (
            "16 BASE C! FF . DECIMAL 255 .",
            "16 BASE C! FF . FF DECIMAL 255 . 255",
        ),
        ("2 BASE C! 101 . DECIMAL", "2 BASE C! 101 . 101 DECIMAL"),
        ("-32768 .", "-32768 . -32768"),
        ("40000 U.", "40000 U. 40000"),
        ("0 0 <# #S #> TYPE", "0 0 <# #S #> TYPE 0"),
        ("123 0 <# # # #> TYPE", "123 0 <# # # #> TYPE 23"),
        ("5 0 <# #S 45 HOLD #> TYPE", "5 0 <# #S 45 HOLD #> TYPE -5"),
        (
            "-1 7 0 <# #S ROT SIGN #> TYPE",
            "-1 7 0 <# #S ROT SIGN #> TYPE -7",
        ),
        ("1 2 <# #S #> . DROP", "1 2 <# #S #> . 6 DROP"),
        (
            ": CV 0 0 32 WORD CONVERT . . . ;",
            ": CV 0 0 32 WORD CONVERT . . . ;",
        ),
        ("CV 123", "CV 123 9989 0 123"),
        ("CV 65536X", "CV 65536X 9991 1 0"),
    ]);
}

#[test]
fn output_words() {
    check_all(&[
        ("65 EMIT", "65 EMIT A"),
        ("SPACE 66 EMIT", "SPACE  66 EMIT B"),
        ("3 SPACES 67 EMIT", "3 SPACES    67 EMIT C"),
        ("-2 SPACES 68 EMIT", "-2 SPACES 68 EMIT D"),
        ("PAD 0 TYPE", "PAD 0 TYPE"),
    ]);
    let mut ace = boot();
    enter(&mut ace, "CLS");
    assert_eq!(lines(&ace)[0], " OK");
    enter(&mut ace, "CR 70 EMIT");
    assert_eq!(lines(&ace)[1], "CR");
    assert_eq!(lines(&ace)[2], "70 EMIT F OK");
    enter(&mut ace, "10 5 AT 71 EMIT");
    assert_eq!(lines(&ace)[3], "10 5 AT");
    assert_eq!(lines(&ace)[10], "     71 EMIT G OK");
    enter(&mut ace, "5 37 AT 72 EMIT");
    assert_eq!(
        lines(&ace)[5],
        "     72 EMIT H OK",
        "column is taken mod 32"
    );
    enter(&mut ace, "CLS");
    assert_eq!(lines(&ace)[0], " OK");
    assert!(lines(&ace)[1..23].iter().all(|l| l.is_empty()));
}

#[test]
fn typed_text_is_case_insensitive() {
    check_all(&[
        ("2 3 + dup . .", "2 3 + dup . 5 . 5"),
        ("3 Dup * .", "3 Dup * . 9"),
    ]);
}

#[test]
fn word_number_find_execute() {
    check_all(&[
        // WORD's result is in the pad (the interpreter keeps its own copy elsewhere);
        // the echo of a word ends with the delimiter that ended it (transcripts.md).
        (": WL 32 WORD C@ . ;", ": WL 32 WORD C@ . ;"),
        ("WL HELLO", "WL HELLO 5"),
        (": WC 44 WORD 1+ C@ EMIT ;", ": WC 44 WORD 1+ C@ EMIT ;"),
        ("WC ,,QX,", "WC QX,Q"),
        ("32 WORD X .", "32 WORD X . 9985"),
        ("7 FIND DUP EXECUTE . .", "7 FIND DUP EXECUTE . 7 . 7"),
    ]);
    // NUMBER leaves the value and the literal compiler (LITERAL's CFA); FIND the CFA.
    let literal = cfa_of("LITERAL");
    let dup = cfa_of("DUP");
    check_all(&[
        ("NUMBER 42 . .", &format!("NUMBER 42 . {literal} . 42")),
        ("FIND DUP .", &format!("FIND DUP . {dup}")),
    ]);
}

#[test]
fn the_interpreter_leaves_the_whole_pad_alone() {
    // transcripts.md (`PAD 5 TYPE`): FIND and NUMBER read words in the input buffer, so
    // a program may keep data anywhere in the pad while lines are typed.
    let mut ace = boot();
    enter(&mut ace, ": FILLPAD 254 0 DO 65 PAD I + C! LOOP ;");
    enter(&mut ace, "FILLPAD");
    enter(
        &mut ace,
        "1 2 + DROP 12345 DROP VERYLONGWORDNAMETHATISNOTDEFINEDANYWHEREATALL",
    );
    enter(&mut ace, "");
    let pad = ace.read_bytes(0x2701, 254);
    assert!(pad.iter().all(|&b| b == 65), "{pad:?}");
}
