//! The open ROM's key scan reads the keyboard as the original's does (ace-hardware.md 7,
//! "Keyboard reads are not sparse", measured on the original ROM with `: W BEGIN INKEY
//! UNTIL ; W`): the eight half-rows in turn, ports 0xFEFE, 0xFDFE, ... 0x7FFE, mostly
//! 70 T apart, about 420 reads a frame. A guest (the typed INKEY loop) is stepped one
//! instruction at a time and every IN from the port is noted with its time and address.

mod openrom_support;
use openrom_support::*;

use iz80::Reg8;

/// The half-row selects in the order the original's scan reads them.
const ROWS: [u8; 8] = [0xFE, 0xFD, 0xFB, 0xF7, 0xEF, 0xDF, 0xBF, 0x7F];

/// (T-state, high address byte) of every `IN A,(0xFE)` the CPU runs in `tstates`.
fn port_reads(ace: &mut aceemu::machine::Ace, tstates: u64) -> Vec<(u64, u8)> {
    let end = ace.tstates() + tstates;
    let mut reads = Vec::new();
    while ace.tstates() < end {
        let pc = ace.cpu().immutable_registers().pc();
        if ace.peek(pc) == 0xDB && ace.peek(pc.wrapping_add(1)) == 0xFE {
            let a = ace.cpu().immutable_registers().get8(Reg8::A);
            reads.push((ace.tstates(), a));
        }
        ace.step();
    }
    reads
}

/// The INKEY loop waiting for a key, after ENTER is up again.
fn waiting_for_a_key() -> aceemu::machine::Ace {
    let mut ace = boot();
    // (first until ENTER is up: INKEY sees it at once)
    enter(&mut ace, ": W BEGIN INKEY 0= UNTIL BEGIN INKEY UNTIL ;");
    type_through(&mut ace, "W");
    ace.run_frames(5);
    assert!(!waiting_for_input(&ace), "W is running");
    ace
}

#[test]
fn inkey_reads_the_eight_half_rows_in_turn_70_t_apart() {
    let mut ace = waiting_for_a_key();
    let reads = port_reads(&mut ace, 4 * 64_896);
    // every scan: the eight rows in the original's order (eight reads that start with the
    // first two rows and take at most 8 x 100 T; a scan the interrupt cuts in two, which
    // depends on where the frame falls, is two pieces with the handler's ~900 T between)
    let scans: Vec<&[(u64, u8)]> = reads
        .windows(8)
        .filter(|w| w[0].1 == 0xFE && w[1].1 == 0xFD && w[7].0 - w[0].0 <= 800)
        .collect();
    assert!(scans.len() > 100, "{} scans in 4 frames", scans.len());
    for scan in &scans {
        let rows: Vec<u8> = scan.iter().map(|r| r.1).collect();
        assert_eq!(rows, ROWS, "one scan");
        // within a scan the reads are mostly about 70 T apart (the original: mostly 70;
        // here the first row, which also holds the shifts, takes a little longer)
        let gaps: Vec<u64> = scan.windows(2).map(|w| w[1].0 - w[0].0).collect();
        assert!(gaps.iter().all(|g| (60..=100).contains(g)), "{gaps:?}");
        let near_70 = gaps.iter().filter(|g| (60..=80).contains(*g)).count();
        assert!(near_70 >= 6, "{gaps:?}");
    }
    // nearly every read belongs to a scan (the BREAK test between words reads SHIFT's
    // half-row, as the first row of a scan does)
    let in_scans = scans.len() * 8;
    assert!(
        in_scans * 10 >= reads.len() * 8,
        "{in_scans} of {} reads",
        reads.len()
    );
    // about 420 reads a frame, as on the original (5,055 in 12 frames)
    let per_frame = reads.len() as f64 / 4.0;
    assert!(
        (300.0..=520.0).contains(&per_frame),
        "{per_frame} reads a frame, the original about 420"
    );
}
