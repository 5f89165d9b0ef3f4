//! Guest code doing odd things (stack through 0xFFFF into ROM, IM 2 with I = 0xFF, block
//! instructions over all of memory, endless writes to an odd port, HALT with interrupts
//! off) runs on without panicking, hanging or growing memory, and does what a Z80 on the
//! Ace's memory map does. Expected values are worked out by hand in each comment.

use aceemu::frontend::headless::{self, HeadlessOptions, StopCondition};
use aceemu::frontend::plain_frames;
use aceemu::machine::bus::DEBUG_CAPACITY;
use aceemu::machine::testing::{run_for_debug_bytes, TestRom};
use aceemu::machine::RamSize;
use iz80::Reg16;

const FRAME: u64 = 64_896;

/// A guest that writes to port 0x01 for ever, with nobody reading: the machine keeps at
/// most DEBUG_CAPACITY bytes (before, every byte was kept: about 2,800 per frame, without
/// end, e.g. in the window, which never reads them).
/// `LD A,0x55 ; loop: OUT (1),A ; JR loop` = 11 + 12 = 23 T per byte.
#[test]
fn endless_debug_port_writes_do_not_grow_memory_without_end() {
    let mut ace = TestRom::new()
        .at(0, &[0x3E, 0x55, 0xD3, 0x01, 0x18, 0xFC])
        .boot(RamSize::K3);
    ace.run_frames(50); // 50 · 64,896 / 23 ≈ 141,000 bytes written
    let kept = ace.debug_output();
    assert!(
        (DEBUG_CAPACITY / 2..=DEBUG_CAPACITY).contains(&kept.len()),
        "{} bytes kept",
        kept.len()
    );
    assert!(kept.iter().all(|&b| b == 0x55));
    // Reading empties it, and new bytes come after.
    ace.run_tstates(230);
    assert_eq!(ace.debug_output().len(), 10);
}

/// EX (SP),HL with SP = 0xFFFF on a 51 KB machine: L is swapped with (0xFFFF) and H with
/// (0x0000), which is ROM: H gets the ROM byte (0x31, the first opcode), and the write of
/// the old H there is ignored.
/// `LD SP,0xFFFF ; LD HL,0x1234 ; LD A,0xAB ; LD (0xFFFF),A ; EX (SP),HL ;
///  LD A,H ; OUT (1),A ; LD A,L ; OUT (1),A ; LD A,(0xFFFF) ; OUT (1),A ; LD A,(0) ;
///  OUT (1),A ; HALT`
#[test]
fn ex_sp_hl_at_ffff_reaches_into_rom_and_leaves_it_unchanged() {
    let code = [
        0x31, 0xFF, 0xFF, 0x21, 0x34, 0x12, 0x3E, 0xAB, 0x32, 0xFF, 0xFF, 0xE3, 0x7C, 0xD3, 0x01,
        0x7D, 0xD3, 0x01, 0x3A, 0xFF, 0xFF, 0xD3, 0x01, 0x3A, 0x00, 0x00, 0xD3, 0x01, 0x76,
    ];
    let mut ace = TestRom::new().at(0, &code).boot(RamSize::K51);
    assert_eq!(
        run_for_debug_bytes(&mut ace, 4, FRAME),
        [0x31, 0xAB, 0x34, 0x31]
    );
}

/// The frame interrupt pushes through 0x0000: with SP = 0x0001, IM 1 pushes the return
/// address' high byte at 0x0000 (ROM, ignored) and its low byte at 0xFFFF, and SP wraps to
/// 0xFFFF. The handler reports SP and (0xFFFF).
/// main: `LD SP,0x0001 ; IM 1 ; EI ; HALT` (HALT at 0x0006, return address 0x0007)
/// 0x38: `LD (0x3C00),SP ; LD A,(0x3C00) ; OUT (1),A ; LD A,(0x3C01) ; OUT (1),A ;
///        LD A,(0xFFFF) ; OUT (1),A ; LD A,(0) ; OUT (1),A ; HALT`
#[test]
fn an_interrupt_push_wraps_through_0000_into_the_top_of_ram() {
    let main = [0x31, 0x01, 0x00, 0xED, 0x56, 0xFB, 0x76];
    let handler = [
        0xED, 0x73, 0x00, 0x3C, 0x3A, 0x00, 0x3C, 0xD3, 0x01, 0x3A, 0x01, 0x3C, 0xD3, 0x01, 0x3A,
        0xFF, 0xFF, 0xD3, 0x01, 0x3A, 0x00, 0x00, 0xD3, 0x01, 0x76,
    ];
    let mut ace = TestRom::new()
        .at(0, &main)
        .at(0x38, &handler)
        .boot(RamSize::K51);
    assert_eq!(
        run_for_debug_bytes(&mut ace, 4, 2 * FRAME),
        [0xFF, 0xFF, 0x07, 0x31]
    );
}

/// IM 2 with I = 0xFF on a 3 KB machine: the vector is read at 0xFF20/0xFF21, where no RAM
/// is fitted, so it is 0xFFFF; the byte there is 0xFF too, RST 0x38, which pushes 0x0000
/// and goes to 0x38. The handler reports, and the stack holds the IM 2 push (return
/// address 0x000B, after the HALT at 0x000A) under RST's (0x0000).
/// main: `LD SP,0x3F00 ; LD A,0xFF ; LD I,A ; IM 2 ; EI ; HALT`
#[test]
fn im2_with_i_ff_on_a_3k_machine_runs_rst_38_from_the_missing_ram() {
    let main = [
        0x31, 0x00, 0x3F, 0x3E, 0xFF, 0xED, 0x47, 0xED, 0x5E, 0xFB, 0x76,
    ];
    let mut ace = TestRom::new()
        .at(0, &main)
        .at(0x38, &[0x3E, b'R', 0xD3, 0x01, 0x76])
        .boot(RamSize::K3);
    assert_eq!(run_for_debug_bytes(&mut ace, 1, 2 * FRAME), b"R");
    let sp = ace.cpu().immutable_registers().get16(Reg16::SP);
    assert_eq!(sp, 0x3EFC);
    assert_eq!(ace.read_bytes(0x3EFC, 4), [0x00, 0x00, 0x0B, 0x00]);
}

/// LDIR with BC = 0 copies 65,536 bytes over all of memory (ROM, video RAM, the
/// write-only character RAM, the RAM mirrors, missing RAM), wrapping HL and DE through
/// 0xFFFF: it ends with BC = 0 and HL, DE back where they started, after 65,535 rounds of
/// 21 T and a last one of 16 T. Interrupts are off, so nothing else runs.
/// `DI ; LD BC,0 ; LD HL,0x1000 ; LD DE,0x3000 ; LDIR ; HALT`
#[test]
fn ldir_over_all_of_memory_takes_its_documented_time_and_wraps() {
    let code = [
        0xF3, 0x01, 0x00, 0x00, 0x21, 0x00, 0x10, 0x11, 0x00, 0x30, 0xED, 0xB0, 0x76,
    ];
    // Markers in the ROM: the last bytes copied into the video RAM, character RAM and main
    // RAM come from 0x0400 (DE = 0x2400, the same byte as 0x2000), 0x0C00 (DE = 0x2C00)
    // and 0x1FFF (DE = 0x3FFF).
    let mut ace = TestRom::new()
        .at(0, &code)
        .at(0x0400, &[0x77])
        .at(0x0C00, &[0x3C])
        .at(0x1FFF, &[0x5A])
        .boot(RamSize::K3);
    let start = 4 + 10 + 10 + 10;
    assert_eq!(ace.run_until_pc(&[0x0C], 30 * FRAME), Some(0x0C));
    assert_eq!(ace.tstates(), start + 65_535 * 21 + 16);
    let regs = ace.cpu().immutable_registers();
    assert_eq!(regs.get16(Reg16::BC), 0);
    assert_eq!(regs.get16(Reg16::HL), 0x1000);
    assert_eq!(regs.get16(Reg16::DE), 0x3000);
    assert_eq!(ace.peek(0x0000), 0xF3, "ROM unchanged");
    assert_eq!((ace.peek(0x2000), ace.peek(0x2400)), (0x77, 0x77));
    assert_eq!(ace.char_ram()[0], 0x3C);
    assert_eq!((ace.peek(0x3FFF), ace.peek(0x33FF)), (0x5A, 0x5A));
}

/// A guest that halts with interrupts off never reads the keyboard and never shows the
/// text: a headless run with typing and --until-text ends after its frame limits with
/// "not found", it does not hang. (The typing queue first waits the longest prompt wait,
/// 250 frames, for the guest's first keyboard read, then types 7 strokes of at most 8
/// frames, then 20 frames look for the text.)
#[test]
fn di_halt_ends_a_headless_run_with_typing_and_until_text() {
    let mut ace = TestRom::new().at(0, &[0xF3, 0x76]).boot(RamSize::K3);
    let options = HeadlessOptions {
        type_text: Some("LOAD X\n".into()),
        type_after_frames: 2,
        stop: StopCondition::UntilText {
            text: "OK".into(),
            max_frames: 20,
        },
        collect_audio: false,
        ..HeadlessOptions::default()
    };
    let outcome = headless::run(&mut ace, &options, &mut plain_frames()).unwrap();
    assert_eq!(outcome.text_found, Some(false));
    assert!(ace.is_halted());
    assert!(
        outcome.frames <= 2 + 250 + 7 * 8 + 10 + 20,
        "{} frames",
        outcome.frames
    );
}
