//! The share of each frame the open ROM's interrupt handler leaves a running program
//! (ace-hardware.md 4): a machine-code program CALLed from a typed line waits for the
//! frame with HALT, then counts passes of a 25 T loop (`INC DE` / `CP (HL)` / `JR Z` with
//! HL = FRAMES) until the low byte of FRAMES changes. The original ROM gives 2,524 passes
//! (its handler and the interrupt entry take about 1,780 T of the 64,896 T frame); the
//! open ROM must be within 10 passes of it, so every program gets the same time a frame.

mod openrom_support;

use aceemu::machine::RamSize;
use openrom_support::{boot_with, enter};

/// Where the program and its result go: far above the dictionary and below the stacks.
const CODE: u16 = 0x8000;
const RESULT: u16 = 0x8100;

/// The measuring program: five HALTs (the typed line's keys are released by then, so the
/// handler sees no key, as in the measurement), then the 25 T loop over one frame; the
/// passes are stored at RESULT and the program returns to Forth with JP (IY).
fn program() -> Vec<u8> {
    let result = RESULT.to_le_bytes();
    vec![
        0x21, 0x2B, 0x3C, // LD HL,FRAMES
        0x11, 0x00, 0x00, // LD DE,0
        0x06, 0x05, // LD B,5
        0x76, // .halt: HALT
        0x10, 0xFD, // DJNZ .halt
        0x7E, // LD A,(HL)
        0x13, // .loop: INC DE      6 T
        0xBE, // CP (HL)            7 T
        0x28, 0xFC, // JR Z,.loop  12 T
        0xED, 0x53, result[0], result[1], // LD (RESULT),DE
        0xFD, 0xE9, // JP (IY)
    ]
}

fn passes() -> u16 {
    let mut ace = boot_with(RamSize::K51);
    ace.write_bytes(CODE, &program());
    enter(&mut ace, &format!("{CODE} CALL"));
    u16::from_le_bytes([ace.peek(RESULT), ace.peek(RESULT + 1)])
}

#[test]
fn a_running_program_gets_the_originals_share_of_the_frame() {
    let passes = passes();
    println!("{passes} passes (the original: 2,524)");
    assert!(
        (2514..=2534).contains(&passes),
        "{passes} passes of the 25 T loop in a frame; the original gives 2,524"
    );
}

#[test]
fn the_shorter_handler_still_counts_one_frame_a_frame() {
    // EI must come after the 1,664 T the INT line is held, or FRAMES would count twice.
    let mut ace = boot_with(RamSize::K51);
    let frames = |ace: &aceemu::machine::Ace| {
        u32::from_le_bytes([
            ace.peek(0x3C2B),
            ace.peek(0x3C2C),
            ace.peek(0x3C2D),
            ace.peek(0x3C2E),
        ])
    };
    let before = frames(&ace);
    ace.run_frames(100);
    assert_eq!(frames(&ace) - before, 100);
}
