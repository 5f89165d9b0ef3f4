//! CPU details the machine manages around iz80: R counts opcode fetches (prefixes
//! included, also while HALT waits), and snapshots can set the interrupt state.

use aceemu::machine::testing::{run_for_debug_bytes, TestRom};
use aceemu::machine::RamSize;
use iz80::Reg8;

#[test]
fn r_counts_every_opcode_fetch() {
    // XOR A ; LD R,A ; 5 x NOP ; LD IX,0 ; RLC B ; LD A,R ; OUT (1),A ; HALT
    // After LD R,A: R = 0; NOPs +5, LD IX +2 (DD, 21), RLC B +2 (CB, 00), LD A,R +2 (ED, 5F)
    // before it reads R: 11.
    let code = [
        0xAF, 0xED, 0x4F, 0, 0, 0, 0, 0, 0xDD, 0x21, 0, 0, 0xCB, 0x00, 0xED, 0x5F, 0xD3, 0x01, 0x76,
    ];
    let mut ace = TestRom::new().at(0, &code).boot(RamSize::K3);
    assert_eq!(run_for_debug_bytes(&mut ace, 1, 1000), [11]);
}

#[test]
fn r_keeps_counting_while_halted_and_keeps_bit_7() {
    // LD A,0x80 ; LD R,A ; HALT — R = 0x80 after LD R,A; HALT's fetch and every 4-T wait
    // add one to the low 7 bits.
    let mut ace = TestRom::new()
        .at(0, &[0x3E, 0x80, 0xED, 0x4F, 0x76])
        .boot(RamSize::K3);
    ace.run_tstates(4000);
    // 7 + 9 + 4 = 20 T to the end of HALT, then ceil(3980 / 4) = 995 waits: 1 + 995 = 996.
    let r = ace.cpu().immutable_registers().get8(Reg8::R);
    assert_eq!(r, 0x80 | (996 % 128) as u8);
    assert_eq!(ace.tstates(), 20 + 4 * 995);
}

#[test]
fn interrupt_state_can_be_set_for_snapshots() {
    let mut ace = TestRom::new().boot(RamSize::K3);
    assert_eq!(ace.interrupt_state(), (false, false, 0));
    ace.set_interrupt_state(true, false, 2);
    assert_eq!(ace.interrupt_state(), (true, false, 2));
    ace.set_interrupt_state(false, true, 1);
    assert_eq!(ace.interrupt_state(), (false, true, 1));
}

#[test]
fn interrupt_state_put_into_the_cpu_itself_counts() {
    // IM 1 ; HALT, interrupts off; at 0x0038: LD A,0x42 ; OUT (1),A ; HALT. The machine
    // keeps its own copy of IFF1/IFF2/IM while it runs: flip-flops set in iz80's state
    // through cpu_mut (as a whole state deserialized there would) must still be the ones
    // the next run sees, so the interrupt at the next frame is accepted.
    let mut ace = TestRom::new()
        .at(0, &[0xED, 0x56, 0x76])
        .at(0x38, &[0x3E, 0x42, 0xD3, 0x01, 0x76])
        .boot(RamSize::K3);
    ace.run_tstates(100);
    assert_eq!(ace.interrupt_state(), (false, false, 1));
    aceemu::machine::cpu_ext::set_iff(ace.cpu_mut(), true, true);
    assert_eq!(ace.interrupt_state(), (true, true, 1));
    assert_eq!(run_for_debug_bytes(&mut ace, 1, 200_000), [0x42]);
    assert_eq!(ace.interrupt_state(), (false, false, 1));
}

#[test]
fn iz80_holds_the_interrupt_state_after_a_run() {
    // LD B,0 ; DJNZ $ (3,328 T: past the interrupt window) ; IM 2 ; EI ; HALT: the machine
    // runs these itself, and hands its state back to iz80's copy when the run ends (the
    // CPU anyone reads through `cpu()`).
    let mut ace = TestRom::new()
        .at(0, &[0x06, 0x00, 0x10, 0xFE, 0xED, 0x5E, 0xFB, 0x76])
        .boot(RamSize::K3);
    ace.run_tstates(4000);
    assert_eq!(ace.interrupt_state(), (true, true, 2));
    let cpu = ace.cpu();
    assert_eq!(cpu.immutable_registers().get_interrupt_mode(), (true, 2));
    assert!(aceemu::machine::cpu_ext::iff2(cpu));
}
