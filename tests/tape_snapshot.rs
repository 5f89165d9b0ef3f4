//! `.ace` snapshots through the machine: a guest sets every register (the alternate set with
//! EXX / EX AF,AF'), the snapshot written from the machine and loaded into a fresh one gives
//! the same registers, memory and interrupt state; the guest then continues and reports.

use aceemu::machine::testing::TestRom;
use aceemu::machine::RamSize;
use aceemu::tape::ace_snapshot::AceSnapshot;
use aceemu::tape::snapshot_glue::{load_snapshot, snapshot_of};

fn guest() -> TestRom {
    TestRom::new().at(
        0,
        &[
            0xF3, // DI
            0x31, 0xF0, 0x7F, // LD SP,0x7FF0
            0x01, 0x11, 0x11, // LD BC,0x1111
            0x11, 0x22, 0x22, // LD DE,0x2222
            0x21, 0x33, 0x33, // LD HL,0x3333
            0x3E, 0x44, // LD A,0x44
            0x08, // EX AF,AF'
            0xD9, // EXX
            0x01, 0x55, 0x55, // LD BC,0x5555
            0x11, 0x66, 0x66, // LD DE,0x6666
            0x21, 0x77, 0x77, // LD HL,0x7777
            0xDD, 0x21, 0x88, 0x88, // LD IX,0x8888
            0xFD, 0x21, 0x99, 0x99, // LD IY,0x9999
            0x3E, 0x12, // LD A,0x12
            0xED, 0x47, // LD I,A
            0xED, 0x56, // IM 1
            0x32, 0x00, 0x50, // LD (0x5000),A   a byte in the RAM pack
            0x76, // HALT                          snapshot taken here
            0x3A, 0x00, 0x50, // LD A,(0x5000)
            0xD3, 0x01, // OUT (1),A               report it
            0xD9, // EXX
            0x78, // LD A,B                        0x11 from the alternate set
            0xD3, 0x01, // OUT (1),A
            0x76, // HALT
        ],
    )
}

#[test]
fn snapshot_from_a_machine_loads_into_another_and_resumes() {
    let mut ace = guest().boot(RamSize::K19);
    ace.run_tstates(500);
    assert!(ace.is_halted());
    ace.poke(0x2C00, 0xA5); // character RAM, which the CPU cannot read back
    let snap = snapshot_of(&ace).unwrap();
    let bytes = snap.write();
    let parsed = AceSnapshot::parse(&bytes, "m.ace").unwrap();
    assert_eq!(parsed.regs, snap.regs);
    assert_eq!(parsed.ram_top, 0x8000);
    assert_eq!(parsed.regs.bc_alt, 0x1111);
    assert_eq!(parsed.regs.af_alt >> 8, 0x44);
    assert_eq!(parsed.regs.hl, 0x7777);
    assert_eq!(parsed.regs.i, 0x12);
    assert_eq!(parsed.regs.im, 1);

    let mut fresh = guest().boot(RamSize::K19);
    load_snapshot(&mut fresh, &parsed, "m.ace").unwrap();
    assert_eq!(fresh.char_ram()[0], 0xA5);
    assert_eq!(snapshot_of(&fresh).unwrap(), snap);
    // HALT was already executed (PC past it): the fresh machine goes on from there.
    fresh.run_tstates(200);
    assert_eq!(fresh.debug_output(), vec![0x12, 0x11]);
}

#[test]
fn a_snapshot_loaded_into_a_halted_machine_runs_from_its_own_pc() {
    let mut ace = guest().boot(RamSize::K19);
    ace.run_tstates(500);
    let snap = snapshot_of(&ace).unwrap();
    // The target sits in HALT with interrupts off; the snapshot's state is not halted.
    let mut target = guest().boot(RamSize::K19);
    target.run_tstates(500);
    assert!(target.is_halted());
    load_snapshot(&mut target, &snap, "m.ace").unwrap();
    assert!(!target.is_halted());
    target.run_tstates(200);
    assert_eq!(target.debug_output(), vec![0x12, 0x11]);
}

#[test]
fn a_snapshot_needing_more_ram_is_refused_clearly() {
    let mut big = guest().boot(RamSize::K35);
    big.run_tstates(500);
    let snap = snapshot_of(&big).unwrap();
    let mut small = guest().boot(RamSize::K19);
    let e = load_snapshot(&mut small, &snap, "big.ace").unwrap_err();
    assert!(e.to_string().contains("big.ace"), "{e}");
    assert!(e.to_string().contains("0xC000"), "{e}");
}

#[test]
fn a_51k_machine_saves_only_if_the_top_16k_is_unused() {
    let mut ace = guest().boot(RamSize::K51);
    ace.run_tstates(500);
    assert_eq!(snapshot_of(&ace).unwrap().ram_top, 0xC000);
    ace.poke(0xD000, 1);
    assert!(snapshot_of(&ace)
        .unwrap_err()
        .to_string()
        .contains("0xBFFF"));
}
