//! Frame-level running: run_until_text, run_until_pc limits, frame counting, reset.

use aceemu::machine::testing::TestRom;
use aceemu::machine::RamSize;

/// IM 1 guest that counts frames in 0x3C00 and writes "HI" to the screen on the 10th.
///   main: LD SP ; IM 1 ; EI ; loop: HALT ; LD A,(0x3C00) ; CP 10 ; JR NZ,loop ;
///         LD HL,"HI" ; LD (0x2400),HL ; DI ; HALT
///   0x38: PUSH AF ; LD A,(0x3C00) ; INC A ; LD (0x3C00),A ; delay ; POP AF ; EI ; RET
fn guest() -> TestRom {
    let main = [
        0x31, 0x00, 0x3F, 0xED, 0x56, 0xFB, // 0x00
        0x76, 0x3A, 0x00, 0x3C, 0xFE, 0x0A, 0x20, 0xF8, // 0x06: loop
        0x21, b'H', b'I', 0x22, 0x00, 0x24, 0xF3, 0x76,
    ];
    let handler = [
        0xF5, 0x3A, 0x00, 0x3C, 0x3C, 0x32, 0x00, 0x3C, 0x06, 0x82, 0x10, 0xFE, 0xF1, 0xFB, 0xC9,
    ];
    TestRom::new().at(0, &main).at(0x38, &handler)
}

#[test]
fn run_until_text_waits_for_the_text_and_gives_up_on_time() {
    let mut ace = guest().boot(RamSize::K3);
    assert!(!ace.run_until_text("HI", 5));
    assert_eq!(ace.frame_count(), 5);
    assert!(ace.run_until_text("HI", 20));
    // Interrupts in frames 0..=9 make the count 10, seen after frame 9's handler.
    assert_eq!(ace.frame_count(), 10);
    assert!(ace.screen_text().starts_with("HI"));
}

#[test]
fn run_until_pc_respects_its_time_limit_and_reset_restarts() {
    let mut ace = guest().boot(RamSize::K3);
    assert_eq!(ace.run_until_pc(&[0x1234], 1000), None);
    assert!((1000..1030).contains(&ace.tstates()));
    ace.run_frames(12);
    assert!(ace.screen_text().starts_with("HI"));
    ace.reset();
    assert_eq!(ace.cpu().immutable_registers().pc(), 0);
    assert_eq!(ace.interrupt_state(), (false, false, 0));
    // Memory survives the reset; the guest counts on from 10 and never shows HI again
    // until it wraps, but the frame counter is machine time and keeps going.
    let before = ace.frame_count();
    ace.run_frames(3);
    assert_eq!(ace.frame_count(), before + 3);
    assert_eq!(ace.peek(0x3C00), 13);
}

/// Everything a run can show of the machine: time, all 64 KB as read, the character RAM,
/// the CPU's whole state (R brought up to date), the speaker and the screen's stamps.
type Observable = (u64, Vec<u8>, Vec<u8>, Vec<u8>, bool, Vec<u64>);

fn observable(ace: &aceemu::machine::Ace) -> Observable {
    (
        ace.tstates(),
        ace.read_bytes(0, 0x10000),
        ace.char_ram().to_vec(),
        ace.cpu().serialize(),
        ace.speaker_level(),
        ace.screen_stamps().to_vec(),
    )
}

#[test]
fn a_duplicate_goes_on_exactly_as_the_original() {
    // The open ROM in the middle of typing a line that prints and beeps: the copy is taken
    // with keys held by the typing queue, the line editor busy and the speaker's past
    // pending, so all of that must come along.
    let mut ace = aceemu::machine::Ace::new(aceemu::rom::open::open_rom(), RamSize::K19).unwrap();
    ace.run_frames(10);
    ace.type_text("1 2 + . 200 30 BEEP 65 EMIT\n");
    ace.run_frames(23);
    let mut copy = ace.duplicate(None);
    assert_eq!(observable(&copy), observable(&ace));
    for _ in 0..6 {
        ace.run_frames(50);
        copy.run_frames(50);
        assert_eq!(observable(&copy), observable(&ace));
        assert_eq!(copy.typing_done(), ace.typing_done());
        assert_eq!(copy.speaker_edges(), ace.speaker_edges());
    }
    assert!(
        ace.screen_text().contains("EMIT A"),
        "{}",
        ace.screen_text()
    );
    // And they are independent: a key pressed on one is not pressed on the other.
    copy.press_key(aceemu::machine::Key::A);
    assert!(!ace.is_key_pressed(aceemu::machine::Key::A));
}
