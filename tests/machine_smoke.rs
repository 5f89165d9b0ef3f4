//! The façade works end to end: a guest program reports through the debug port, frames
//! advance time by 64,896 T, the screen text maps codes.

use aceemu::machine::testing::{run_for_debug_bytes, TestRom};
use aceemu::machine::RamSize;

#[test]
fn guest_reports_through_debug_port_and_screen_text_maps_codes() {
    // LD HL,0x2400 ; LD (HL),'O' ; INC HL ; LD (HL),'K' ; LD A,'!' ; OUT (1),A ; HALT
    let rom = TestRom::new().at(
        0,
        &[
            0x21, 0x00, 0x24, 0x36, b'O', 0x23, 0x36, b'K', 0x3E, b'!', 0xD3, 0x01, 0x76,
        ],
    );
    let mut ace = rom.boot(RamSize::K3);
    assert_eq!(run_for_debug_bytes(&mut ace, 1, 1000), b"!");
    ace.run_frame();
    // HALT waits in 4-T steps, so the frame may end up to 3 T late.
    assert!(
        (64_896..64_900).contains(&ace.tstates()),
        "{}",
        ace.tstates()
    );
    let text = ace.screen_text();
    assert!(text.starts_with("OK"), "{text:?}");
    assert_eq!(text.lines().count(), 24);
    assert!(text.lines().all(|l| l.chars().count() == 32));
    assert!(ace.is_halted());
}
