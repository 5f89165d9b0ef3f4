//! The frame interrupt (spec sections 3.3 and 4): a level held for 1,664 T at the start of
//! every 64,896-T frame, IM 0/1/2 with the idle-bus byte 0x20, EI's one-instruction delay,
//! and HALT keeping time running.

use aceemu::machine::testing::{run_for_debug_bytes, TestRom};
use aceemu::machine::{Ace, RamSize};

const FRAME: u64 = 64_896;

/// IM 1 program: main sets SP, IM 1, EI and HALTs in a loop; the handler at 0x38
/// increments the word at 0x3C00, burns a DJNZ loop of `n` rounds, then EI; RET.
///
/// From the start of the acknowledge to the end of RET: 13 (ack) + 16 (LD HL,(nn)) +
/// 6 (INC HL) + 16 (LD (nn),HL) + 7 (LD B,n) + 13n - 5 (DJNZ) + 4 (EI) + 10 (RET)
/// = 67 + 13n T. The next instruction boundary is inside the 1,664-T window, and the
/// handler is entered again, exactly when the acknowledge began less than
/// 1,664 - (67 + 13n) T after the frame started.
fn counting_machine(n: u8) -> Ace {
    let main = [
        0x31, 0x00, 0x3F, // LD SP,0x3F00
        0xED, 0x56, // IM 1
        0xFB, // EI
        0x76, // 0x0006: HALT
        0x18, 0xFD, // JR 0x0006
    ];
    let handler = [
        0x2A, 0x00, 0x3C, // LD HL,(0x3C00)
        0x23, // INC HL
        0x22, 0x00, 0x3C, // LD (0x3C00),HL
        0x06, n, // LD B,n
        0x10, 0xFE, // DJNZ $
        0xFB, // EI
        0xC9, // RET
    ];
    TestRom::new()
        .at(0, &main)
        .at(0x38, &handler)
        .boot(RamSize::K3)
}

fn counter(ace: &Ace) -> u16 {
    u16::from_le_bytes([ace.peek(0x3C00), ace.peek(0x3C01)])
}

fn interrupts_per_frame_over_100_frames(n: u8) -> u16 {
    let mut ace = counting_machine(n);
    ace.run_frame();
    let before = counter(&ace);
    ace.run_frames(100);
    counter(&ace) - before
}

#[test]
fn exactly_one_interrupt_per_frame_when_the_handler_reenables_after_the_window() {
    // 67 + 13·123 = 1,666 T: the line has dropped by the time RET ends.
    assert_eq!(interrupts_per_frame_over_100_frames(123), 100);
}

#[test]
fn control_handler_reenabling_inside_the_window_is_entered_twice() {
    // 67 + 13·122 = 1,653 T: RET ends while the line is still held (the acknowledge began
    // at most 3 T into the frame, HALT waiting in 4-T steps), so the level is seen again.
    // This is the case the previous test must not be: if the line were held longer or the
    // frame were shorter, that test would count more than 100.
    assert_eq!(interrupts_per_frame_over_100_frames(122), 200);
}

/// Interrupts turned back on inside the 1,664-T window must let the frame's interrupt in
/// at the next instruction boundary, whatever runs after. From the frame's start with
/// IFF1 off (IFF2 on, as a snapshot may leave them): a DJNZ loop of `n` rounds, then
/// `reenable` (EI; RET or RETN, both 14 T) returning to a DJNZ loop that runs past the
/// window (256 rounds) before it HALTs; the handler at 0x38 counts and returns without
/// EI. From the start: 10 (LD SP) + 8 (IM 1) + 10 (LD HL) + 11 (PUSH) + 7 (LD B) +
/// 13n - 5 (DJNZ) + 14 = 55 + 13n T. True if the handler ran in the first frame.
fn handler_runs_in_the_first_frame(reenable: [u8; 2], n: u8, fast_path: bool) -> bool {
    let main = [
        0x31,
        0x00,
        0x3F, // LD SP,0x3F00
        0xED,
        0x56, // IM 1
        0x21,
        0x00,
        0x01, // LD HL,0x0100
        0xE5, // PUSH HL
        0x06,
        n, // LD B,n
        0x10,
        0xFE, // DJNZ $
        reenable[0],
        reenable[1],
    ];
    let handler = [
        0x2A, 0x00, 0x3C, // LD HL,(0x3C00)
        0x23, // INC HL
        0x22, 0x00, 0x3C, // LD (0x3C00),HL
        0xC9, // RET
    ];
    let after = [
        0x06, 0x00, // LD B,0
        0x10, 0xFE, // DJNZ $: 3,323 T
        0x76, // HALT
        0x18, 0xFD, // JR back to it
    ];
    let mut ace = TestRom::new()
        .at(0, &main)
        .at(0x38, &handler)
        .at(0x100, &after)
        .boot(RamSize::K3);
    ace.set_fast_path(fast_path);
    ace.set_interrupt_state(false, true, 0);
    ace.run_frame();
    counter(&ace) == 1
}

#[test]
fn interrupts_turned_on_inside_the_window_are_taken_at_the_next_boundary() {
    const EI_RET: [u8; 2] = [0xFB, 0xC9];
    const RETN: [u8; 2] = [0xED, 0x45];
    for fast_path in [true, false] {
        for reenable in [EI_RET, RETN] {
            // 55 + 13·123 = 1,654 T: inside the window.
            assert!(handler_runs_in_the_first_frame(reenable, 123, fast_path));
            // 55 + 13·124 = 1,667 T: the line has dropped.
            assert!(!handler_runs_in_the_first_frame(reenable, 124, fast_path));
        }
    }
}

#[test]
fn fifty_interrupts_per_3_244_800_t_states() {
    let mut ace = counting_machine(123);
    ace.run_frame();
    let before = counter(&ace);
    ace.run_tstates(3_244_800);
    assert_eq!(counter(&ace) - before, 50);
}

#[test]
fn interrupts_are_accepted_at_the_start_of_every_frame() {
    let mut ace = counting_machine(123);
    let mut starts = Vec::new();
    while starts.len() < 20 {
        let pc = ace.run_until_pc(&[0x38], 2 * FRAME);
        assert_eq!(pc, Some(0x38), "no interrupt within two frames");
        starts.push(ace.tstates() - 13);
        ace.step();
    }
    // The first comes right after EI and HALT at power-on; the others while HALT waits,
    // at the first 4-T step at or after the frame's start.
    assert_eq!(starts[0], 10 + 8 + 4 + 4);
    for (k, &t) in starts.iter().enumerate().skip(1) {
        let frame_start = k as u64 * FRAME;
        assert!(
            (frame_start..frame_start + 4).contains(&t),
            "interrupt {k} accepted at {t}, frame starts at {frame_start}"
        );
    }
}

#[test]
fn ei_delays_acceptance_by_one_instruction() {
    // LD SP ; LD A,'e' ; IM 1 ; EI ; OUT (1),A ; HALT — the line is active from T 0, but
    // the OUT after EI runs before the handler (which reports 'i').
    let main = [
        0x31, 0x00, 0x3F, 0x3E, b'e', 0xED, 0x56, 0xFB, 0xD3, 0x01, 0x76,
    ];
    let handler = [0xF5, 0x3E, b'i', 0xD3, 0x01, 0xF1, 0xC9];
    let mut ace = TestRom::new()
        .at(0, &main)
        .at(0x38, &handler)
        .boot(RamSize::K3);
    assert_eq!(run_for_debug_bytes(&mut ace, 2, FRAME), b"ei");
}

#[test]
fn im2_reads_its_vector_at_i_times_256_plus_0x20() {
    let main = [
        0x31, 0x00, 0x3F, // LD SP,0x3F00
        0x21, 0x00, 0x01, 0x22, 0x20, 0x3D, // LD HL,0x0100 ; LD (0x3D20),HL
        0x21, 0x10, 0x01, 0x22, 0xFF, 0x3D, // LD HL,0x0110 ; LD (0x3DFF),HL
        0x3E, 0x3D, 0xED, 0x47, // LD A,0x3D ; LD I,A
        0xED, 0x5E, // IM 2
        0xFB, // EI
        0x76, // 0x0016: HALT
        0x18, 0xFD, // JR 0x0016
    ];
    let right = [0x3E, b'V', 0xD3, 0x01, 0x76];
    let wrong = [0x3E, b'X', 0xD3, 0x01, 0x76];
    let mut ace = TestRom::new()
        .at(0, &main)
        .at(0x100, &right)
        .at(0x110, &wrong)
        .boot(RamSize::K3);
    assert_eq!(run_for_debug_bytes(&mut ace, 1, 3 * FRAME), b"V");
    // Return address = the instruction after HALT; interrupts now off.
    assert_eq!(ace.read_bytes(0x3EFE, 2), [0x17, 0x00]);
    assert_eq!(ace.interrupt_state(), (false, false, 2));
}

/// IM 0 executes the idle-bus byte 0x20 = JR NZ,d with d = 0x20: from a HALT at 0x0008
/// (PC then 0x0009) it jumps to 0x0029 when Z is clear and falls through when Z is set.
fn im0_machine(flag_setup: [u8; 2]) -> Ace {
    let main = [
        0x31,
        0x00,
        0x3F, // LD SP,0x3F00
        0xED,
        0x46, // IM 0
        flag_setup[0],
        flag_setup[1],
        0xFB, // EI
        0x76, // 0x0008: HALT
        0x3E,
        b'n',
        0xD3,
        0x01,
        0x76, // 0x0009: fell through
    ];
    let jumped = [0x3E, b'j', 0xD3, 0x01, 0x76];
    TestRom::new()
        .at(0, &main)
        .at(0x29, &jumped)
        .boot(RamSize::K3)
}

#[test]
fn im0_executes_jr_nz_from_the_idle_bus() {
    let mut ace = im0_machine([0xF6, 0x01]); // OR 1: Z clear
    assert_eq!(run_for_debug_bytes(&mut ace, 1, 3 * FRAME), b"j");
    assert!(!ace.interrupt_state().0);
    assert_eq!(
        ace.cpu().immutable_registers().get16(iz80::Reg16::SP),
        0x3F00,
        "IM 0 with JR pushes nothing"
    );

    let mut ace = im0_machine([0xAF, 0x00]); // XOR A: Z set
    assert_eq!(run_for_debug_bytes(&mut ace, 1, 3 * FRAME), b"n");
    assert!(!ace.interrupt_state().0);
}

#[test]
fn halt_with_interrupts_off_waits_forever_but_time_runs() {
    let mut ace = TestRom::new().at(0, &[0xF3, 0x76]).boot(RamSize::K3);
    ace.run_frames(3);
    assert!(ace.is_halted());
    assert_eq!(ace.cpu().immutable_registers().pc(), 2);
    assert!((3 * FRAME..3 * FRAME + 4).contains(&ace.tstates()));
    assert_eq!(ace.frame_count(), 3);
}

#[test]
fn halt_wakes_on_the_next_frame_interrupt_and_returns_after_the_halt() {
    let mut ace = counting_machine(123);
    ace.run_until_pc(&[0x38], FRAME); // power-on interrupt
    ace.run_until_pc(&[0x0007], FRAME); // back after HALT
    let t = ace.tstates();
    assert!(t < 2000, "returned at {t}");
    ace.step(); // JR back to HALT
    ace.step(); // HALT
    assert!(ace.is_halted());
    assert_eq!(ace.run_until_pc(&[0x38], FRAME), Some(0x38));
    let accepted = ace.tstates() - 13;
    assert!((FRAME..FRAME + 4).contains(&accepted), "{accepted}");
    assert!(!ace.is_halted());
    // The pushed return address is the instruction after HALT.
    assert_eq!(ace.read_bytes(0x3EFE, 2), [0x07, 0x00]);
}
