//! Every error a person is likely to meet: message and location (file:line:column).

use aceasm::{assemble_str, AsmError};

/// Assembles `src` as `t.asm` and returns its only error.
fn one_error(src: &str) -> AsmError {
    let errs = assemble_str("t.asm", src).expect_err("source should not assemble");
    assert_eq!(errs.0.len(), 1, "expected one error, got:\n{errs}");
    errs.0[0].clone()
}

fn check(src: &str, line: u32, column: u32, message: &str) {
    let e = one_error(src);
    assert_eq!(
        (e.file.as_str(), e.line, e.column, e.message.as_str()),
        ("t.asm", line, column, message),
        "full error: {e}"
    );
}

#[test]
fn unknown_mnemonic() {
    check("  nop\n  lod a,b\n", 2, 3, "unknown mnemonic 'lod'");
    check(
        "lod a,b\n",
        1,
        5,
        "unknown mnemonic 'a' ('lod' in column 1 is read as a label; indent it if it is an instruction)",
    );
    check("x: lod a\n", 1, 4, "unknown mnemonic 'lod'");
}

#[test]
fn operand_out_of_range() {
    check(
        "  ld a,300\n",
        1,
        8,
        "value 300 does not fit in a byte (-128..255)",
    );
    check(
        "  ld bc,70000\n",
        1,
        9,
        "value 70000 does not fit in a word (-32768..65535)",
    );
    check(
        "  ld (ix+128),a\n",
        1,
        9,
        "index displacement 128 does not fit in -128..127",
    );
    check(
        "  bit 8,a\n",
        1,
        7,
        "value 8 does not fit in a bit number (0..7)",
    );
    check(
        "  rst 0x39\n",
        1,
        7,
        "RST target 57 is not one of 0, 8, 16, ... 56 (0x38)",
    );
    check(
        "  db 256\n",
        1,
        6,
        "value 256 does not fit in a byte (-128..255)",
    );
}

#[test]
fn relative_jump_too_far_gives_the_distance() {
    // jr at 0, target at 2 + 200: the displacement would be 200.
    check(
        "  jr far\n  ds 200\nfar: nop\n",
        1,
        6,
        "relative jump out of range: target is 200 bytes away (limit -128..+127)",
    );
    // backwards: djnz at 0x82 to 0, displacement 0 - 0x84 = -132
    check(
        "back: ds 0x82\n  djnz back\n",
        2,
        8,
        "relative jump out of range: target is -132 bytes away (limit -128..+127)",
    );
    // the limits themselves are fine
    assert!(assemble_str("t.asm", "lo: ds 126\n jr lo\n jr hi\n ds 127\nhi:\n").is_ok());
}

#[test]
fn undefined_label() {
    check("  jp nowhere\n", 1, 6, "undefined symbol 'nowhere'");
    check("x: nop\n  jr .loop\n", 2, 6, "undefined symbol '.loop'");
}

#[test]
fn duplicate_label() {
    check(
        "start: nop\n  nop\nstart: nop\n",
        3,
        1,
        "duplicate symbol 'start': first defined at t.asm:1",
    );
    check(
        "k EQU 1\nk EQU 2\n",
        2,
        1,
        "duplicate symbol 'k': first defined at t.asm:1",
    );
    check(
        "k DEFL 1\nk EQU 2\n",
        2,
        1,
        "duplicate symbol 'k': first defined at t.asm:1 (DEFL symbols can only be redefined with DEFL)",
    );
}

#[test]
fn bad_macro_call() {
    let src = "M MACRO a, b\n  db a, b\n  ENDM\n  M 1\n";
    check(src, 4, 3, "macro M takes 2 arguments (a, b), got 1");
    check("  ENDM\n", 1, 3, "ENDM without MACRO");
    check("M MACRO\n  nop\n", 1, 1, "MACRO M has no ENDM");
    check(
        "M MACRO\n  M\n  ENDM\n  M\n",
        2,
        3,
        "macro M nested more than 32 deep (does it call itself?) (in macro M called at t.asm:2, \
         in macro M called at t.asm:2, ... 29 more ..., in macro M called at t.asm:4)",
    );
}

#[test]
fn error_inside_a_macro_names_the_call_site() {
    let src = "HDR MACRO n\n  db n\n  ENDM\n  nop\n  HDR 300\n";
    check(
        src,
        2,
        6,
        "value 300 does not fit in a byte (-128..255) (in macro HDR called at t.asm:5)",
    );
}

#[test]
fn nested_macro_errors_name_every_call_site() {
    let src = "IN1 MACRO v\n  db v\n  ENDM\nOUT1 MACRO v\n  IN1 v\n  ENDM\n  OUT1 999\n";
    check(
        src,
        2,
        6,
        "value 999 does not fit in a byte (-128..255) (in macro IN1 called at t.asm:5, \
         in macro OUT1 called at t.asm:7)",
    );
}

#[test]
fn include_of_a_missing_file() {
    let e = one_error("  nop\n  INCLUDE \"no/such/file.asm\"\n");
    assert_eq!((e.line, e.column), (2, 11));
    assert_eq!(
        e.message,
        "cannot read \"no/such/file.asm\": file not found"
    );
    let e = one_error("  INCBIN \"no_such.bin\"\n");
    assert_eq!((e.line, e.column), (1, 10));
    assert!(e.message.starts_with("cannot read \"no_such.bin\""));
}

#[test]
fn unterminated_if() {
    check("  IF 1\n  nop\n", 1, 3, "IF without ENDIF");
    check("  nop\n  ENDIF\n", 2, 3, "ENDIF without IF");
    check(
        "  IF 0\n  ELSE\n  ELSE\n  ENDIF\n",
        3,
        3,
        "second ELSE for one IF",
    );
}

#[test]
fn if_on_a_forward_reference() {
    check(
        "  IF later\n  nop\n  ENDIF\nlater: nop\n",
        1,
        6,
        "IF needs a value known when reached, but 'later' is not defined above this line",
    );
    check(
        "  ds size\nsize EQU 4\n",
        1,
        6,
        "DS needs a value known when reached, but 'size' is not defined above this line",
    );
    check(
        "  ORG start\nstart EQU 0x100\n",
        1,
        7,
        "ORG needs a value known when reached, but 'start' is not defined above this line",
    );
}

#[test]
fn index_register_misuse() {
    check(
        "  ld ixh,h\n",
        1,
        6,
        "IXH/IXL/IYH/IYL cannot be combined with H, L, (HL) or (IX+d)",
    );
    check(
        "  ld ixh,(ix+1)\n",
        1,
        6,
        "IXH/IXL/IYH/IYL cannot be combined with H, L, (HL) or (IX+d)",
    );
    check("  add ix,hl\n", 1, 7, "IX/IY cannot be combined with HL");
    check(
        "  ld ix,iy\n",
        1,
        9,
        "IX and IY cannot be used in one instruction",
    );
    check(
        "  ex de,ix\n",
        1,
        9,
        "EX has no form with IX/IY or their halves here",
    );
    check(
        "  sbc ix,bc\n",
        1,
        7,
        "SBC has no form with IX/IY or their halves here",
    );
    check(
        "  rlc ixh\n",
        1,
        7,
        "RLC has no form with IX/IY or their halves here",
    );
    check("  jp (ix+2)\n", 1, 9, "JP (IX)/(IY) takes no displacement");
    check(
        "  ld (hl),(hl)\n",
        1,
        6,
        "LD does not take the operands (HL), (HL)",
    );
    check(
        "  jr po,0\n",
        1,
        6,
        "JR does not take the operands PO, a value",
    );
    // A misspelt register is read as a symbol's value: the message names it.
    check(
        "  ld q, 3\n",
        1,
        6,
        "LD does not take the operands a value, a value: `q` is not a register",
    );
    check(
        "  ex de, hx\n",
        1,
        10,
        "EX does not take the operands DE, a value: `hx` is not a register",
    );
}

#[test]
fn other_errors() {
    check(
        "  db \"abc\n",
        1,
        6,
        "unterminated string or character constant",
    );
    check("  ld a,1+\n", 1, 10, "expression expected");
    check("  ld a,4/0\n", 1, 9, "division by zero");
    check(
        "x = 1\n  db y\ny DEFL 2\n",
        2,
        6,
        "'y' is used before its first DEFL",
    );
    check(
        "  org 0x10\n  nop\n  org 0x10\n  nop\n",
        4,
        3,
        "address 0x0010 is assembled twice (overlapping ORG areas)",
    );
    check(
        "  org 0x10\n  nop\n  org 0x8\n  nop\n",
        4,
        3,
        "address 0x0008 is below the start of the image (0x0010, the first ORG)",
    );
    check(
        "  org 0xFFFF\n  ld a,1\n",
        2,
        3,
        "code runs past address 0xFFFF (to 0x10001)",
    );
    check(
        "  ASSERT 1 == 2, \"sizes differ\"\n",
        1,
        10,
        "assertion failed: sizes differ",
    );
    check(
        "  ASSERT later == 2\nlater EQU 3\n",
        1,
        10,
        "assertion failed: later == 2",
    );
    check("  MACRO x\n", 1, 3, "MACRO needs a name before it");
}

#[test]
fn passes_that_never_settle_are_reported() {
    check(
        "  nop\n  IF !DEFINED(x)\nx: nop\n  ENDIF\n",
        1,
        1,
        "symbol values still change after 32 passes (does DEFINED() decide whether its own symbol gets defined?)",
    );
}

#[test]
fn all_errors_are_reported_and_displayed_with_locations() {
    let errs = assemble_str("many.asm", "  foo\n  bar\nx: nop\nx: nop\n").unwrap_err();
    assert_eq!(
        errs.to_string(),
        "many.asm:1:3: unknown mnemonic 'foo'\n\
         many.asm:2:3: unknown mnemonic 'bar'\n\
         many.asm:4:1: duplicate symbol 'x': first defined at many.asm:3"
    );
    let boxed: Box<dyn std::error::Error> = Box::new(errs);
    assert!(boxed.to_string().contains("many.asm:4:1"));
}

/// Messages quoting a non-ASCII character used to show its first byte as a Latin-1 char
/// ('é' came out as 'Ã').
#[test]
fn non_ascii_characters_are_quoted_whole() {
    check("é: nop\n", 1, 1, "unexpected 'é' at the start of a line");
    check("  ld a,1+€\n", 1, 10, "unexpected '€' in expression");
    check("  db \"\\é\"\n", 1, 7, "unknown escape '\\é'");
}
