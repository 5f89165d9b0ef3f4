//! allot_bc (roms/openace/allot.asm) run alone on a bare Z80: the rule of transcripts.md
//! Round 4 (`-n ALLOT` moves HERE back for n of 2-40, n of 41 or more is ERROR 1 whatever
//! was allotted before, `-1 ALLOT` moves HERE forward by 20), the data stack's items kept,
//! and a positive n refused when less than 40 bytes would be left below the return stack.

use iz80::{Cpu, Machine, PlainMachine, Reg16};

const SPARE: u16 = 0x3000;
const STKBOT: u16 = 0x3002;
const ERROR_FLAG: u16 = 0x3010;
/// The first byte of the dictionary on an Ace with no words (HERE at power-on).
const FIRST_WORD: u16 = 0x3C51;
/// The Z80 stack pointer when allot_bc is called.
const SP: u16 = 0x8000;

fn assemble() -> Vec<u8> {
    let allot = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/roms/openace/allot.asm"
    ))
    .expect("roms/openace/allot.asm");
    let src = format!(
        "SPARE EQU {SPARE:#x}\nSTKBOT EQU {STKBOT:#x}\n\
         \tORG 0\n\tCALL allot_bc\n\tHALT\n\
         run_checks:\n.full:\tLD A,1\n\tLD ({ERROR_FLAG:#x}),A\n\tHALT\n{allot}"
    );
    aceasm::assemble_str("allot_harness.asm", &src)
        .expect("allot.asm assembles alone")
        .bytes
}

/// What `n ALLOT` does with HERE at `here` and three items on the data stack: HERE's
/// move, whether ERROR 1 was raised, and the items where the stack now is.
struct Outcome {
    moved: i32,
    error: bool,
    items: Vec<u16>,
}

const ITEMS: [u16; 3] = [0x1234, 0xA55A, 0x0007];

fn allot(code: &[u8], here: u16, n: i32) -> Outcome {
    let mut m = PlainMachine::new();
    for (a, &b) in code.iter().enumerate() {
        m.poke(a as u16, b);
    }
    let poke16 = |m: &mut PlainMachine, a: u16, v: u16| {
        m.poke(a, v as u8);
        m.poke(a + 1, (v >> 8) as u8);
    };
    // The 12-byte gap, then the items (ace-forth.md 3).
    let stack = here + 12;
    for (k, &v) in ITEMS.iter().enumerate() {
        poke16(&mut m, stack + 2 * k as u16, v);
    }
    poke16(&mut m, STKBOT, here);
    poke16(&mut m, SPARE, stack + 6);
    let mut cpu = Cpu::new_z80();
    cpu.registers().set16(Reg16::SP, SP);
    cpu.registers().set16(Reg16::BC, n as u16);
    for _ in 0..1_000_000 {
        if cpu.is_halted() {
            break;
        }
        cpu.execute_instruction(&mut m);
    }
    assert!(cpu.is_halted(), "{n} ALLOT did not return");
    let peek16 =
        |m: &mut PlainMachine, a: u16| u16::from(m.peek(a)) | u16::from(m.peek(a + 1)) << 8;
    let new_here = peek16(&mut m, STKBOT);
    let error = m.peek(ERROR_FLAG) != 0;
    if !error {
        assert_eq!(peek16(&mut m, SPARE), new_here + 12 + 6, "{n} ALLOT: SPARE");
    }
    let items = (0..3)
        .map(|k| peek16(&mut m, new_here + 12 + 2 * k))
        .collect();
    Outcome {
        moved: i32::from(new_here) - i32::from(here),
        error,
        items,
    }
}

#[test]
fn round_4_limits_two_to_forty_back_forty_one_on_error_minus_one_forward_twenty() {
    let code = assemble();
    for before in [0, 200, 1000, 5000] {
        let here = FIRST_WORD + before;
        for n in [2, 3, 5, 11, 12, 13, 14, 20, 21, 30, 40] {
            let o = allot(&code, here, -n);
            assert_eq!((o.moved, o.error), (-n, false), "-{n} ALLOT after {before}");
            assert_eq!(o.items, ITEMS, "-{n} ALLOT keeps the stack's items");
        }
        for n in [
            41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 60, 64, 70, 80, 90, 99, 100, 500, 999, 1000,
        ] {
            let o = allot(&code, here, -n);
            assert_eq!((o.moved, o.error), (0, true), "-{n} ALLOT after {before}");
        }
        let o = allot(&code, here, -1);
        assert_eq!((o.moved, o.error), (20, false), "-1 ALLOT after {before}");
        assert_eq!(o.items, ITEMS);
    }
}

#[test]
fn positive_n_allots_forwards_and_is_refused_short_of_the_return_stack() {
    let code = assemble();
    let here = FIRST_WORD;
    for n in [0, 1, 2, 100, 1000] {
        let o = allot(&code, here, n);
        assert_eq!((o.moved, o.error), (n, false), "{n} ALLOT");
        assert_eq!(o.items, ITEMS);
    }
    // The largest n that leaves the new SPARE 48 bytes below the caller's SP (40 bytes,
    // and the return address and the two bytes allot_bc pushes, with room to spare).
    let largest = i32::from(SP - 48) - i32::from(here + 18);
    assert!(!allot(&code, here, largest).error, "{largest}");
    assert!(allot(&code, here, largest + 1).error, "{}", largest + 1);
}
