//! Open ROM: reset state, interrupt (FRAMES), the start-up screen and a hand-built thread.
//! Golden values come from ace-forth.md 2-3 and 11 and ace-hardware.md 2.1.

mod openrom_support;
use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::open_rom;
use openrom_support::*;

#[test]
fn reset_sets_the_system_variables_of_the_spec() {
    let ace = boot_with(RamSize::K3);
    assert_eq!(word(&ace, 0x3C18), 0x4000, "RAMTOP on 3 KB");
    assert_eq!(word(&ace, 0x3C24), 0x26E0, "L_HALF");
    assert_eq!(word(&ace, 0x3C31), 0x3C4C, "CURRENT");
    assert_eq!(word(&ace, 0x3C33), 0x3C4C, "CONTEXT");
    assert_eq!(word(&ace, 0x3C35), 0x3C4F, "VOCLNK");
    assert_eq!(word(&ace, 0x3C37), 0x3C51, "STKBOT");
    assert_eq!(word(&ace, 0x3C39), 0x3C45, "DICT");
    assert_eq!(word(&ace, 0x3C3B), 0x3C5D, "SPARE");
    assert_eq!(ace.peek(0x3C3D), 255, "ERR_NO");
    assert_eq!(ace.peek(0x3C3F), 10, "BASE");
    assert_eq!(ace.peek(0x2700), 0, "end-of-screen marker");
    // The FORTH word (ace-forth.md 3).
    assert_eq!(ace.read_bytes(0x3C40, 5), b"FORT\xC8");
    assert_eq!(word(&ace, 0x3C45), 0);
    assert_eq!(word(&ace, 0x3C47), 0x1FFF);
    assert_eq!(ace.peek(0x3C49), 5);
    assert_eq!(word(&ace, 0x3C4A), sym("vocab_cf"));
    assert_eq!(word(&ace, 0x3C4C), 0x3C49);
    assert_eq!(ace.peek(0x3C4E), 0);
    assert_eq!(word(&ace, 0x3C4F), 0);
}

#[test]
fn ramtop_follows_the_ram_pack() {
    for (ram, top) in [
        (RamSize::K3, 0x4000),
        (RamSize::K19, 0x8000),
        (RamSize::K35, 0xC000),
        (RamSize::K51, 0x0000),
    ] {
        let ace = boot_with(ram);
        assert_eq!(word(&ace, 0x3C18), top, "{ram:?}");
    }
}

#[test]
fn pseudo_entry_at_the_top_links_to_the_newest_rom_word() {
    let rom = open_rom();
    assert_eq!(rom[0x1FFF], 0, "name length 0");
    let newest = u16::from_le_bytes([rom[0x1FFD], rom[0x1FFE]]);
    assert!(newest < 0x1FFD && rom[newest as usize] & 0x3F != 0);
}

#[test]
fn start_up_screen_has_the_input_line_at_the_bottom() {
    let ace = boot();
    let codes = ace.screen_codes();
    assert_eq!(codes[23 * 32], 0x00, "logical-line start marker");
    assert_eq!(codes[23 * 32 + 1], 0x97, "cursor");
    assert!(codes[23 * 32 + 2..].iter().all(|&c| c == b' '));
    // no banner: the original leaves the upper part empty (transcripts.md)
    assert!(codes[..23 * 32].iter().all(|&c| c == b' '));
    assert!(waiting_for_input(&ace));
}

#[test]
fn frames_advances_fifty_per_second() {
    let mut ace = boot();
    let before = u32::from_le_bytes(ace.read_bytes(0x3C2B, 4).try_into().unwrap());
    ace.run_frames(50);
    let after = u32::from_le_bytes(ace.read_bytes(0x3C2B, 4).try_into().unwrap());
    assert_eq!(after - before, 50);
}

#[test]
fn waits_for_keys_in_halt() {
    let mut ace = boot();
    ace.run_frames(2);
    ace.run_tstates(20_000);
    assert!(ace.is_halted(), "idle prompt should HALT");
}

#[test]
fn a_hand_built_thread_runs_through_the_inner_interpreter() {
    // A colon word in RAM: : T 2 3 + ; then EXECUTE it from a second thread that stores the
    // result and spins, all built by hand from the open ROM's symbols.
    let mut ace = boot();
    let t = 0x5000u16;
    let mut bytes = Vec::new();
    for w in [
        sym("docolon"),
        sym("lit16_rt"),
        2,
        sym("lit16_rt"),
        3,
        sym("plus_cfa"),
        sym("exit_rt"),
    ] {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    ace.write_bytes(t, &bytes);
    // Driver thread at 0x5100: T, literal 0x5200, !, then a branch to itself.
    let d = 0x5100u16;
    let mut drv = Vec::new();
    for w in [t, sym("lit16_rt"), 0x5200, sym("store_cfa"), sym("else_rt")] {
        drv.extend_from_slice(&w.to_le_bytes());
    }
    drv.extend_from_slice(&0xFFFFu16.to_le_bytes()); // offset -1: back to itself
    ace.write_bytes(d, &drv);
    // Machine code at 0x5300: push the driver's IP and enter next.
    let next = sym("next").to_le_bytes();
    let code = [0x21, 0x00, 0x51, 0xE5, 0xC3, next[0], next[1]]; // LD HL,d; PUSH HL; JP next
    ace.write_bytes(0x5300, &code);
    // Run it with CALL from the keyboard: 21248 CALL.
    enter_no_wait(&mut ace, "21248 CALL");
    ace.run_frames(150);
    assert_eq!(word(&ace, 0x5200), 5);
}

fn enter_no_wait(ace: &mut Ace, line: &str) {
    ace.type_text(line);
    ace.type_text("\n");
}
