//! Open ROM floating point (roms/openace/float.asm). Golden values: the format and the
//! examples of ace-forth.md 7 and 8 (copied into tests/data/spec), the measured SAVE vector
//! v20 (tests/data/spec/save-vectors.json), and hand-worked BCD arithmetic rounded to 6
//! digits as the original rounds (transcripts.md Round 4; every measured result is in
//! openrom_float_vectors.rs).

mod openrom_support;
use openrom_support::*;

/// Type `line` on a fresh machine (screen cleared) and return what it printed.
fn run(line: &str) -> String {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    eval(&mut ace, line)
}

/// Type `text` on a fresh machine: the data stack must hold the two cells of a float.
fn assert_literal_cells(text: &str, cells: [u16; 2]) {
    let mut ace = boot();
    enter(&mut ace, text);
    assert_eq!(data_stack(&ace), cells.to_vec(), "{text}");
}

#[test]
fn literals_have_the_spec_format() {
    // ace-forth.md 8: 2.5 -> cells 0x0000, 0x4125; 1.5 -> 0x0000, 0x4115; zero is 0 0.
    for (text, cells) in [
        ("2.5", [0x0000, 0x4125]),
        ("1.5", [0x0000, 0x4115]),
        ("-12.5", [0x5000, 0xC212]),
        ("0.0", [0, 0]),
        (".0001", [0x0000, 0x3D10]),
        ("123456.", [0x3456, 0x4612]),
        ("1.2345678", [0x3456, 0x4112]),
        ("1.0E40", [0x0000, 0x6910]),
        ("-2.5E-10", [0x0000, 0xB725]),
        ("000.05", [0x0000, 0x3F50]),
    ] {
        assert_literal_cells(text, cells);
    }
}

#[test]
fn a_bare_e_ends_a_literal_and_a_lone_point_is_zero() {
    // transcripts.md Round 3: `2.5E F.` prints 2.5; NUMBER reads a lone `.` as 0.0 and
    // leaves 4181 (the original's float-literal compiler) above the float. Our choice
    // where the spec is silent: a `-` after the bare E changes nothing, `-.` is 0.0 too.
    for (text, cells) in [
        ("2.5E", [0x0000, 0x4125]),
        ("1.0E-", [0x0000, 0x4110]),
        ("-.", [0, 0]),
    ] {
        assert_literal_cells(text, cells);
    }
    for (text, cells) in [
        ("NUMBER .", [0, 0, 4181]),
        ("NUMBER 1.5", [0, 0x4115, 4181]),
    ] {
        let mut ace = boot();
        enter(&mut ace, text);
        assert_eq!(data_stack(&ace), cells.to_vec(), "{text}");
    }
}

#[test]
fn words_that_are_not_float_literals_are_handed_back() {
    // ace-forth.md 7: an E without a point is not a number; one point at most. (A bare E
    // ends a literal and a lone point is 0.0: transcripts.md Round 3, tested below.)
    for bad in ["1E30", "1.2.3", "1.0EX", "1.0E100"] {
        let mut ace = boot();
        enter(&mut ace, "CLS");
        ace.type_text(&format!("{bad}\n"));
        wait_idle(&mut ace, 200);
        assert_eq!(ace.screen_codes()[23 * 32 + 1], 0xBF, "{bad} handed back");
        assert!(data_stack(&ace).is_empty(), "{bad}");
    }
}

#[test]
fn f_dot_prints_as_the_spec_examples() {
    // ace-forth.md 8: no exponent for 1.0E-4 <= |f| < 1.0E9, else d.ddddE-n.
    for (text, printed) in [
        (".0001 F.", ".0001 F. .0001"),
        ("1500. F.", "1500. F. 1500."),
        ("123456000. F.", "123456000. F. 123456000."),
        ("-2.5E-10 F.", "-2.5E-10 F. -2.5E-10"),
        ("1.5 F.", "1.5 F. 1.5"),
        ("0.0 F.", "0.0 F. 0."),
        ("1.0E9 F.", "1.0E9 F. 1.E9"),
        (".00001 F.", ".00001 F. 1.E-5"),
        ("-3.25E20 F.", "-3.25E20 F. -3.25E20"),
    ] {
        assert_eq!(run(text), printed);
    }
}

#[test]
fn arithmetic_rounds_to_six_digits() {
    for (text, printed) in [
        ("2.5 1.5 F+ F.", "2.5 1.5 F+ F. 4."),
        ("1.5 2.25 F+ F.", "1.5 2.25 F+ F. 3.75"),
        ("1.5 2.5 F- F.", "1.5 2.5 F- F. -1."),
        ("1.5 1.5 F- F.", "1.5 1.5 F- F. 0."),
        (".1 .2 F+ F.", ".1 .2 F+ F. .3"),
        ("999999. 1. F+ F.", "999999. 1. F+ F. 1000000."),
        ("1. .0000001 F+ F.", "1. .0000001 F+ F. 1."),
        ("1.5 -12.5 F* F.", "1.5 -12.5 F* F. -18.75"),
        ("100. 7. F* F.", "100. 7. F* F. 700."),
        ("1. 3. F/ F.", "1. 3. F/ F. .333333"),
        ("2. 3. F/ F.", "2. 3. F/ F. .666667"), // transcripts.md Round 4
        ("10. 4. F/ F.", "10. 4. F/ F. 2.5"),
        ("-7.5 2.5 F/ F.", "-7.5 2.5 F/ F. -3."),
        ("2.5 FNEGATE F.", "2.5 FNEGATE F. -2.5"),
    ] {
        assert_eq!(run(text), printed);
    }
}

#[test]
fn overflow_and_division_by_zero_are_error_8_underflow_is_zero() {
    assert_eq!(run("1.0E40 1.0E40 F*"), "1.0E40 1.0E40 F* ERROR 8");
    assert_eq!(run("1. 0.0 F/"), "1. 0.0 F/ ERROR 8");
    assert_eq!(run("1.0E-40 1.0E-40 F* F."), "1.0E-40 1.0E-40 F* F. 0.");
    assert_eq!(run("9.0E62 9.0E62 F+ F."), "9.0E62 9.0E62 F+ ERROR 8");
}

#[test]
fn int_and_ufloat() {
    for (text, printed) in [
        ("3.7 INT .", "3.7 INT . 3"),
        ("-3.7 INT .", "-3.7 INT . -3"),
        (".5 INT .", ".5 INT . 0"),
        ("12345.6 INT .", "12345.6 INT . 12345"),
        ("65535 UFLOAT F.", "65535 UFLOAT F. 65535."),
        ("0 UFLOAT F.", "0 UFLOAT F. 0."),
        ("-1 UFLOAT F.", "-1 UFLOAT F. 65535."),
        ("100 UFLOAT 4. F/ INT .", "100 UFLOAT 4. F/ INT . 25"),
    ] {
        assert_eq!(run(text), printed);
    }
}

#[test]
fn a_float_literal_in_a_definition_compiles_as_the_save_vector_v20() {
    // save-vectors.json v20: `: FL 1.5 -12.5 F* F. ;` compiles to the float-literal
    // runtime + 00 00 15 41, the runtime + 00 50 12 C2, F*, F., exit.
    let mut ace = boot();
    enter(&mut ace, ": FL 1.5 -12.5 F* F. ;");
    let pfa = 0x3C51 + 2 + 2 + 2 + 1 + 2; // "FL", length field, link, name length, CFA
    let body = ace.read_bytes(pfa, 18);
    let sym = sym;
    let flit = sym("flit_rt").to_le_bytes();
    let mut want = vec![flit[0], flit[1], 0x00, 0x00, 0x15, 0x41];
    want.extend([flit[0], flit[1], 0x00, 0x50, 0x12, 0xC2]);
    want.extend(sym("fstar_cfa").to_le_bytes());
    want.extend(sym("fdot_cfa").to_le_bytes());
    want.extend(sym("exit_rt").to_le_bytes());
    assert_eq!(body, want);
    assert_eq!(eval(&mut ace, "FL"), "FL -18.75");
}

/// LIST `name` after typing `definition`: the lines after the echo.
fn listing(definition: &str, name: &str) -> Vec<String> {
    let mut ace = boot();
    enter(&mut ace, definition);
    enter(&mut ace, "CLS");
    enter(&mut ace, &format!("LIST {name}"));
    let echo = format!("LIST {name}");
    output(&ace)
        .lines()
        .skip_while(|l| *l != echo)
        .skip(1)
        .map(str::to_string)
        .collect()
}

#[test]
fn list_shows_a_float_literal_as_it_was_typed() {
    // list.asm: a float literal is printed as F. prints it, so it reads back as the same
    // number (ace-forth.md 9: LIST shows literals as numbers). Layout as in openrom_list.rs
    // (one space of indentation, a space after every word, ; on its own line).
    assert_eq!(
        listing(": FL 1.5 -2.5E-10 F* ;", "FL"),
        [": FL", " 1.5 -2.5E-10 F*", ";", "  OK"]
    );
    assert_eq!(
        listing(": FM 0.0 1.0E9 .0001 7 ;", "FM"),
        [": FM", " 0. 1.E9 .0001 7", ";", "  OK"]
    );
    assert_eq!(
        listing(": FN -123456. 1 IF 2.5 THEN ;", "FN"),
        // IF and THEN on rows of their own (transcripts.md Round 3)
        [": FN", " -123456. 1", " IF", "  2.5", " THEN", ";", "  OK"]
    );
}

#[test]
fn literal_edge_cases() {
    // ace-forth.md 8 format, worked by hand: the largest and smallest exponents (0x7F and
    // 0x00), truncation of digits past the 6th, a lower-case e, and negative zero (zero
    // is four zero bytes, whatever the sign).
    for (text, cells) in [
        ("9.99999E62", [0x9999, 0x7F99]),
        ("1.0E-65", [0x0000, 0x0010]),
        ("12345678901.0", [0x3456, 0x4B12]),
        ("1.5e2", [0x0000, 0x4315]),
        ("-0.0", [0, 0]),
        ("-.5", [0x0000, 0xC050]),
        // a zero's exponent is range-checked as if the point came before its first
        // fraction digit: 0.0E64 is 0 x 10^63, still in range
        ("0.0E64", [0, 0]),
        ("0.0E-63", [0, 0]),
    ] {
        assert_literal_cells(text, cells);
    }
    // out of range (10^63 and above, below 10^-65) or misplaced signs: not numbers
    for bad in [
        "1.0E63", "1.0E-66", "--1.0", "1-.0", "1.0E--5", "1.0E5.", "1.0E5E2", "0.0E65", "0.0E-64",
    ] {
        let mut ace = boot();
        enter(&mut ace, "CLS");
        ace.type_text(&format!("{bad}\n"));
        wait_idle(&mut ace, 200);
        assert_eq!(ace.screen_codes()[23 * 32 + 1], 0xBF, "{bad} handed back");
        assert!(data_stack(&ace).is_empty(), "{bad}");
    }
}

#[test]
fn arithmetic_edge_cases() {
    // Hand-worked: rounding half up, results at the ends of the range,
    // zero results are plain zero (no negative zero), INT towards zero for negatives.
    for (text, printed) in [
        ("1.11111 1.11111 F* F.", "1.11111 1.11111 F* F. 1.23457"),
        ("1. 3. F/ 3. F* F.", "1. 3. F/ 3. F* F. .999999"),
        ("123456. .5 F+ F.", "123456. .5 F+ F. 123457."),
        ("-123456. -.9 F+ F.", "-123456. -.9 F+ F. -123457."),
        (".999999 .000001 F+ F.", ".999999 .000001 F+ F. 1."),
        ("1. 8. F/ F.", "1. 8. F/ F. .125"),
        ("-1.5 -2.5 F- F.", "-1.5 -2.5 F- F. 1."),
        ("1.0E-60 1.0E10 F/ F.", "1.0E-60 1.0E10 F/ F. 0."),
        ("9.99999E62 F.", "9.99999E62 F. 9.99999E62"),
        // the exponent byte is 0 here: no exponent printed (transcripts.md Round 3)
        ("1.0E-65 F.", "1.0E-65 F. 1."),
        ("4.0E62 5.0E62 F+ F.", "4.0E62 5.0E62 F+ F. 9.E62"),
        ("-0.5 INT .", "-0.5 INT . 0"),
        ("-12345.6 INT .", "-12345.6 INT . -12345"),
        ("-32768. INT .", "-32768. INT . -32768"),
        ("65535. INT .", "65535. INT . -1"),
    ] {
        assert_eq!(run(text), printed);
    }
    assert_eq!(run("1.0E31 1.0E32 F*"), "1.0E31 1.0E32 F* ERROR 8");
    assert_eq!(run("5.0E62 5.0E62 F+"), "5.0E62 5.0E62 F+ ERROR 8"); // 1.0E63
    assert_eq!(run("1.0E62 1.0E-2 F/"), "1.0E62 1.0E-2 F/ ERROR 8");
    // zero results are four zero bytes
    for text in [
        "-1.5 1.5 F+",
        "0.0 FNEGATE",
        "1.5 1.5 F- FNEGATE",
        "-2.5 0.0 F*",
    ] {
        let mut ace = boot();
        enter(&mut ace, text);
        assert_eq!(data_stack(&ace), vec![0, 0], "{text}");
    }
}

#[test]
fn addition_with_exponents_far_apart() {
    // Hand-worked: the operand with the smaller exponent is rounded (half up) to the 6
    // digits kept at the larger exponent before the addition, as the original does
    // (transcripts.md Round 4: 612.133 - 66.3275 is 545.805, 66.3275 taken as 66.328).
    // So an operand 7 or more places below the other contributes nothing, whichever side
    // it is on and whatever the signs, and one 6 places below counts as 0 or 1 in the
    // last digit: 1.0E5 - .5 is 99999., not 99999.5 rounded up.
    for (text, sum) in [
        ("0.0 1.5 F+ F.", "1.5"),
        ("1.5 0.0 F+ F.", "1.5"),
        ("0.0 -1.5 F+ F.", "-1.5"),
        ("1.0E30 1.0E-30 F+ F.", "1.E30"),
        ("1.0E-30 -1.0E30 F+ F.", "-1.E30"),
        ("-1.0E-63 1.0E62 F+ F.", "1.E62"),
        ("1.0E10 1. F+ F.", "1.E10"),
        ("1. 1.0E10 F+ F.", "1.E10"),
        ("1.0E10 -1. F+ F.", "1.E10"),
        ("1.0E9 -1. F+ F.", "1.E9"),
        ("1.0E8 -1. F+ F.", "100000000."),
        ("1.0E7 -1. F+ F.", "10000000."),
        ("-1. 1.0E7 F+ F.", "10000000."),
        ("1.0E5 -.5 F+ F.", "99999."),
        ("-.5 1.0E5 F+ F.", "99999."),
        ("1.0E5 .5 F+ F.", "100001."),
        ("1.0E5 .4 F+ F.", "100000."),
        ("999999. .5 F+ F.", "1000000."),
        ("1.0E12 1.0E3 F+ F.", "1.E12"),
        ("2.5E-20 2.5E-20 F+ F.", "5.E-20"),
    ] {
        assert_eq!(run(text), format!("{text} {sum}"));
    }
}
