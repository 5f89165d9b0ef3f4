//! The ROM entry points real machine code calls (ace-forth.md 15, measured on the original):
//! each a small guest written from its contract there, put into RAM and run with `CALL` from
//! Forth on the open ROM. The addresses are the spec's, not the open ROM's labels.

mod openrom_support;

use aceemu::machine::Ace;
use openrom_support::{boot, data_stack, enter, eval};

/// Where the guests go: free RAM of the 19 K machine, well below the return stack.
const GUEST: u16 = 0x6000;

// ace-forth.md 1, 15 and rom-words.tsv: the original's addresses.
const NEXT: u16 = 0x04B9;
const TO_MACHINE_CODE: u16 = 0x1A0E;
const PICK_WORK: u16 = 0x094D;
const PRINT_EMBEDDED: u16 = 0x0979;
const PRINT_STRING: u16 = 0x097F;
const AT_WORK: u16 = 0x0B28;
const LITERAL16: u16 = 0x1011;
const DOT: u16 = 0x09B3;
const SCRPOS: u16 = 0x3C1C;

fn lo(v: u16) -> u8 {
    v.to_le_bytes()[0]
}
fn hi(v: u16) -> u8 {
    v.to_le_bytes()[1]
}

/// Boots, puts `code` at GUEST and runs `line` (which calls it) at the prompt.
fn run(code: &[u8], line: &str) -> (Ace, String) {
    let mut ace = boot();
    ace.write_bytes(GUEST, code);
    enter(&mut ace, "CLS");
    let out = eval(&mut ace, line);
    (ace, out)
}

#[test]
fn an_inline_thread_ended_by_the_cell_0x1a0e_returns_to_the_machine_code_after_it() {
    // CALL next; a thread: 1234 . [to-machine-code]; then Z80 again: push 4321, JP (IY).
    let code = [
        0xCD,
        lo(NEXT),
        hi(NEXT),
        lo(LITERAL16),
        hi(LITERAL16),
        lo(1234),
        hi(1234),
        lo(DOT),
        hi(DOT),
        lo(TO_MACHINE_CODE),
        hi(TO_MACHINE_CODE),
        0x11, // LD DE,4321
        lo(4321),
        hi(4321),
        0xD7, // RST 16: push DE
        0xFD, // JP (IY)
        0xE9,
    ];
    let (_, out) = run(&code, "24576 CALL .");
    // (each word is echoed as it runs: the thread's 1234 comes before the echo of `.`)
    assert_eq!(out, "24576 CALL 1234 . 4321");
}

#[test]
fn pick_working_part_replaces_n_by_the_nth_item_below() {
    // LD DE,n; RST 16; CALL 0x094D; JP (IY): as `n PICK`.
    let guest = |n: u16| {
        [
            0x11,
            lo(n),
            hi(n),
            0xD7,
            0xCD,
            lo(PICK_WORK),
            hi(PICK_WORK),
            0xFD,
            0xE9,
        ]
    };
    for (n, want) in [(1u16, 30u16), (2, 20), (3, 10)] {
        let (ace, _) = run(&guest(n), "10 20 30 24576 CALL");
        assert_eq!(data_stack(&ace), vec![10, 20, 30, want], "{n} PICK");
    }
    // n = 0 is ERROR 7, as PICK's
    let (_, out) = run(&guest(0), "10 24576 CALL");
    assert!(out.ends_with("ERROR 7"), "{out}");
}

#[test]
fn print_embedded_string_prints_the_text_and_returns_de_past_it() {
    // LD DE,text; CALL 0x0979; RST 16 (push DE); JP (IY); text: 2-byte length, "HELLO".
    let text = GUEST + 9;
    let mut code = vec![
        0x11,
        lo(text),
        hi(text),
        0xCD,
        lo(PRINT_EMBEDDED),
        hi(PRINT_EMBEDDED),
        0xD7,
        0xFD,
        0xE9,
    ];
    code.extend_from_slice(&[5, 0]);
    code.extend_from_slice(b"HELLO");
    let (_, out) = run(&code, "24576 CALL .");
    assert_eq!(out, format!("24576 CALL HELLO. {}", text + 7));
}

#[test]
fn print_string_prints_bc_characters_from_de_and_returns_de_past_them() {
    // LD DE,text; LD BC,3; CALL 0x097F; RST 16; JP (IY); text "ABCDE" (3 printed).
    let text = GUEST + 12;
    let mut code = vec![
        0x11,
        lo(text),
        hi(text),
        0x01,
        3,
        0,
        0xCD,
        lo(PRINT_STRING),
        hi(PRINT_STRING),
        0xD7,
        0xFD,
        0xE9,
    ];
    code.extend_from_slice(b"ABCDE");
    let (_, out) = run(&code, "24576 CALL .");
    assert_eq!(out, format!("24576 CALL ABC. {}", text + 3));
}

#[test]
fn at_working_part_gives_the_screen_address_the_caller_stores_in_scrpos() {
    // LD A,5; LD E,10; CALL 0x0B28; LD (SCRPOS),HL; PUSH HL as DE; JP (IY); then 42 EMIT.
    let code = [
        0x3E,
        5,
        0x1E,
        10,
        0xCD,
        lo(AT_WORK),
        hi(AT_WORK),
        0x22,
        lo(SCRPOS),
        hi(SCRPOS),
        0xEB, // EX DE,HL
        0xD7,
        0xFD,
        0xE9,
    ];
    let (ace, _) = run(&code, "24576 CALL 42 EMIT");
    let want = 0x2400 + 5 * 32 + 10;
    assert_eq!(data_stack(&ace), vec![want], "HL = row 5, column 10");
    // printing goes on there, as after `5 10 AT`: the echo of the rest, then the *
    let row5 = &ace.screen_codes()[5 * 32 + 10..5 * 32 + 19];
    assert_eq!(row5, b"42 EMIT *");
}
