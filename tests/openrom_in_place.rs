//! Issue 35 item 1: the input line is interpreted in place (transcripts.md Round 4, measured
//! on the original). A `BLOAD` that rewrites the line being interpreted (0x22E0, the mirror
//! of the bottom row) changes what runs next, as z88dk-built tapes rely on. The tape and the
//! screen are the spec's, copied here from shared/spec/transcripts.md Round 4.

mod openrom_support;

use openrom_support::tape_signal::{file_durations, hex, Deck};
use openrom_support::{enter_within, word};

/// The spec's tape as hex (a TAP file: `Bytes "autorun"`, 32 bytes at 0x22E0: 0x00 then
/// `2 3 + . 4 5 * .` padded with spaces).
const TAPE: &str = "1a00206175746f72756e2020202000e0222020202020202020202084210000322033202b202e20342035202a202e2020202020202020202020202020202021";

/// The original's screen after `0 0 BLOAD autorun` (rows not shown are spaces; row 23 is
/// the 0x00 line-start marker and the inverse cursor 0x97).
fn expected_screen() -> Vec<u8> {
    let mut screen = vec![b' '; 768];
    let rows: [(usize, &[u8]); 3] = [
        (0, b"0 0 BLOAD autorun"),
        (1, b"Bytes: autorun   2 3 + . 5 4 5 *"),
        (2, b" . 20  OK"),
    ];
    for (row, text) in rows {
        screen[row * 32..row * 32 + text.len()].copy_from_slice(text);
    }
    screen[23 * 32] = 0x00;
    screen[23 * 32 + 1] = 0x97;
    screen
}

/// The TAP file's two blocks without their length fields and checksums.
fn blocks() -> (Vec<u8>, Vec<u8>) {
    let tap = hex(&TAPE
        .as_bytes()
        .chunks(2)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect::<Vec<_>>()
        .join(" "));
    let header_len = usize::from(u16::from_le_bytes([tap[0], tap[1]]));
    let header = tap[2..2 + header_len - 1].to_vec();
    let rest = &tap[2 + header_len..];
    let data_len = usize::from(u16::from_le_bytes([rest[0], rest[1]]));
    let data = rest[2..2 + data_len - 1].to_vec();
    (header, data)
}

#[test]
fn a_bload_over_the_line_being_interpreted_runs_the_new_line() {
    let (header, data) = blocks();
    assert_eq!((header.len(), data.len()), (25, 32));
    let mut ace = openrom_support::boot();
    let deck = Deck::default();
    ace.insert_tape(Box::new(deck.clone()));
    deck.play(
        ace.tstates() + 2_000_000,
        &file_durations(&header, &data, 4204),
        1.0,
        false,
    );
    enter_within(&mut ace, "0 0 BLOAD autorun", 1500);
    ace.run_frames(10);
    let got = ace.screen_codes();
    assert!(
        got[..] == expected_screen()[..],
        "screen:\n{}",
        ace.screen_text()
    );
    assert_eq!(
        word(&ace, 0x3C1C),
        0x2400 + 3 * 32,
        "the next output on row 3"
    );
}
