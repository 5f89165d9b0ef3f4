//! The picture (spec 3.1): a guest program writes character patterns into the write-only
//! character RAM and codes into video RAM (through both aliases of each); the rendered
//! frame is compared pixel by pixel with the bitmaps the test chose, inverse included.

use aceemu::machine::testing::{fingerprint, le, run_for_debug_bytes, screen_fingerprint, TestRom};
use aceemu::machine::ula::{INK, PAPER, SCREEN_HEIGHT, SCREEN_WIDTH};
use aceemu::machine::RamSize;

const LETTER: [u8; 8] = [0x18, 0x24, 0x42, 0x7E, 0x42, 0x42, 0x00, 0x81];
const BLOCK: [u8; 8] = [0xF0, 0xF0, 0xF0, 0xF0, 0x0F, 0x0F, 0x0F, 0x0A];

/// (row, col, code) of the cells the guest writes, and through which video alias.
const CELLS: [(usize, usize, u8, u16); 4] = [
    (5, 7, 0x41, 0x2400),
    (5, 8, 0xC1, 0x2000),
    (23, 31, 0x02, 0x2400),
    (23, 30, 0x82, 0x2000),
];

fn guest() -> TestRom {
    let mut code = Vec::new();
    // LD HL,src ; LD DE,dst ; LD BC,8 ; LDIR  — pattern 0x41 via 0x2C00, 0x02 via 0x2800.
    for (src, dst) in [
        (0x0100u16, 0x2C00 + 8 * 0x41u16),
        (0x0108, 0x2800 + 8 * 0x02),
    ] {
        code.push(0x21);
        code.extend(le(src));
        code.push(0x11);
        code.extend(le(dst));
        code.extend([0x01, 0x08, 0x00, 0xED, 0xB0]);
    }
    for (row, col, c, base) in CELLS {
        code.extend([0x3E, c, 0x32]);
        code.extend(le(base + (row * 32 + col) as u16));
    }
    code.extend([0xD3, 0x01, 0x76]);
    TestRom::new()
        .at(0, &code)
        .at(0x0100, &LETTER)
        .at(0x0108, &BLOCK)
}

#[test]
fn rendered_cells_match_the_patterns_pixel_by_pixel() {
    let mut ace = guest().boot(RamSize::K3);
    assert_eq!(run_for_debug_bytes(&mut ace, 1, 100_000).len(), 1);
    assert_eq!(&ace.char_ram()[8 * 0x41..8 * 0x42], &LETTER);
    assert_eq!(&ace.char_ram()[8 * 0x02..8 * 0x03], &BLOCK);

    let mut frame = vec![0xDEAD_BEEF; SCREEN_WIDTH * SCREEN_HEIGHT];
    ace.render(&mut frame);
    let mut expected = vec![PAPER; SCREEN_WIDTH * SCREEN_HEIGHT];
    for (row, col, code, _) in CELLS {
        let pattern = if code & 0x7F == 0x41 { LETTER } else { BLOCK };
        for (y, byte) in pattern.iter().enumerate() {
            for x in 0..8 {
                let lit = (byte >> (7 - x)) & 1 == 1;
                let lit = lit != (code & 0x80 != 0);
                expected[(row * 8 + y) * SCREEN_WIDTH + col * 8 + x] =
                    if lit { INK } else { PAPER };
            }
        }
    }
    for (i, (got, want)) in frame.iter().zip(&expected).enumerate() {
        assert_eq!(
            got,
            want,
            "pixel x={} y={}",
            i % SCREEN_WIDTH,
            i / SCREEN_WIDTH
        );
    }
    // The same comparison by fingerprint, as screen tests elsewhere do it.
    assert_eq!(screen_fingerprint(&ace), fingerprint(&expected));
    assert_ne!(
        screen_fingerprint(&ace),
        fingerprint(&vec![PAPER; expected.len()])
    );
    // Spot checks written out by hand: top-left pixel of the inverse 'A' cell (pattern
    // bit 0 of 0x18) is lit; the pixel at bit 3 of its first row is dark.
    assert_eq!(frame[5 * 8 * SCREEN_WIDTH + 8 * 8], INK);
    assert_eq!(frame[5 * 8 * SCREEN_WIDTH + 8 * 8 + 3], PAPER);
    assert_eq!(frame[5 * 8 * SCREEN_WIDTH + 7 * 8 + 3], INK);
}

#[test]
fn screen_codes_and_text_reflect_video_ram() {
    let mut ace = guest().boot(RamSize::K3);
    run_for_debug_bytes(&mut ace, 1, 100_000);
    let codes = ace.screen_codes();
    assert_eq!(codes[5 * 32 + 7], 0x41);
    assert_eq!(codes[5 * 32 + 8], 0xC1);
    assert_eq!(codes[767], 0x02);
    let text = ace.screen_text();
    let row5: Vec<char> = text.lines().nth(5).unwrap().chars().collect();
    assert_eq!(row5[7], 'A');
    assert_eq!(row5[8], 'A');
    let row23: Vec<char> = text.lines().nth(23).unwrap().chars().collect();
    // Code 0x02 is the top-left block; its inverse shows the other three quadrants.
    assert_eq!(row23[31], '▘');
    assert_eq!(row23[30], '▟');
    let marked = ace.screen_text_marked();
    assert!(marked.lines().nth(5).unwrap().contains("A⟦A⟧"));
}
