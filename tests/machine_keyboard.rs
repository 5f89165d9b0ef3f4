//! The keyboard (spec sections 5.1 and 6): every key of the matrix read back through port
//! 0xFE, half-row selection ANDing, EAR and the fixed bits, and the typing queue's key
//! sequence — checked frame by frame by a guest interrupt handler that reads all eight
//! half-rows, and decoded by a model of the ROM scanner's rules written here.

use aceemu::machine::testing::{run_for_debug_bytes, TestRom};
use aceemu::machine::{keyboard::ALL_KEYS, Ace, Key, RamSize, TapePort};
use std::sync::{Arc, Mutex};

/// The spec's matrix table: half-row (A8..A15 low) → keys on bits 0..4.
const MATRIX: [[&str; 5]; 8] = [
    ["SHIFT", "SYMBOL SHIFT", "Z", "X", "C"],
    ["A", "S", "D", "F", "G"],
    ["Q", "W", "E", "R", "T"],
    ["1", "2", "3", "4", "5"],
    ["0", "9", "8", "7", "6"],
    ["P", "O", "I", "U", "Y"],
    ["ENTER", "L", "K", "J", "H"],
    ["SPACE", "M", "N", "B", "V"],
];

fn position(name: &str) -> (usize, u8) {
    for (row, keys) in MATRIX.iter().enumerate() {
        if let Some(bit) = keys.iter().position(|k| *k == name) {
            return (row, bit as u8);
        }
    }
    panic!("{name} is not in the spec's matrix");
}

/// Reads the eight half-rows (A = 0xFE, 0xFD, ... 0x7F) and then all rows at once (A = 0)
/// with IN A,(0xFE), reporting each byte on the debug port.
fn port_reader() -> TestRom {
    let mut code = vec![0x31, 0x00, 0x3F];
    for select in [0xFE, 0xFD, 0xFB, 0xF7, 0xEF, 0xDF, 0xBF, 0x7F, 0x00] {
        code.extend([0x3E, select, 0xDB, 0xFE, 0xD3, 0x01]);
    }
    code.push(0x76);
    TestRom::new().at(0, &code)
}

#[test]
fn every_key_reads_back_on_its_half_row_and_bit() {
    assert_eq!(ALL_KEYS.len(), 40);
    for key in ALL_KEYS {
        let (row, bit) = position(key.name());
        let mut ace = port_reader().boot(RamSize::K3);
        ace.press_key(key);
        let got = run_for_debug_bytes(&mut ace, 9, 10_000);
        let mut want = [0xFFu8; 9];
        want[row] &= !(1 << bit);
        want[8] &= !(1 << bit);
        assert_eq!(got, want, "{}", key.name());
    }
}

#[test]
fn nothing_pressed_reads_ff_and_selected_rows_are_anded() {
    let mut ace = port_reader().boot(RamSize::K3);
    assert_eq!(run_for_debug_bytes(&mut ace, 9, 10_000), [0xFF; 9]);

    // A (row 1, bit 0), W (row 2, bit 1) and ENTER (row 6, bit 0); A8..A15 = 0xB9 selects
    // rows 1, 2 and 6 together.
    let code = [
        0x3E, 0xB9, 0xDB, 0xFE, 0xD3, 0x01, 0x3E, 0xF9, 0xDB, 0xFE, 0xD3, 0x01, 0x76,
    ];
    let mut ace = TestRom::new().at(0, &code).boot(RamSize::K3);
    ace.press_key(Key::A);
    ace.press_key(Key::W);
    ace.press_key(Key::Enter);
    assert_eq!(run_for_debug_bytes(&mut ace, 2, 10_000), [0xFC, 0xFC]);
    ace.release_key(Key::A);
    assert!(!ace.is_key_pressed(Key::A));
    assert!(ace.is_key_pressed(Key::W));
}

#[test]
fn any_even_port_reads_the_keyboard_and_odd_ports_do_not() {
    // LD BC,0xFD00 ; IN A,(C) ; OUT (1),A ; LD BC,0xFD01 ; IN A,(C) ; OUT (1),A ; HALT
    let code = [
        0x01, 0x00, 0xFD, 0xED, 0x78, 0xD3, 0x01, 0x01, 0x01, 0xFD, 0xED, 0x78, 0xD3, 0x01, 0x76,
    ];
    let mut ace = TestRom::new().at(0, &code).boot(RamSize::K3);
    ace.press_key(Key::G);
    // Row 1 bit 4 pressed on port 0x00; the odd port gives the idle bus 0x20.
    assert_eq!(run_for_debug_bytes(&mut ace, 2, 10_000), [0xEF, 0x20]);
}

/// A tape port recording MIC changes and answering EAR from a fixed schedule.
#[derive(Clone, Default)]
struct FakeTape {
    mic: Arc<Mutex<Vec<(u64, bool)>>>,
    ear_high_from: u64,
}

impl TapePort for FakeTape {
    fn ear(&mut self, t: u64, _port: u16) -> bool {
        t >= self.ear_high_from
    }
    fn mic(&mut self, t: u64, level: bool) {
        self.mic.lock().unwrap().push((t, level));
    }
}

#[test]
fn ear_is_bit_5_and_mic_is_data_bit_3() {
    // IN A,(0xFE) ; OUT (1),A ; [wait] ; IN A,(0xFE) ; OUT (1),A ;
    // LD A,0x08 ; OUT (0xFE),A ; LD A,0xF7 ; OUT (0xFE),A ; HALT
    let code = [
        0x3E, 0x7F, 0xDB, 0xFE, 0xD3, 0x01, // T 0: IN at 7 + 9 = 16
        0x06, 0x64, 0x10, 0xFE, // LD B,100 ; DJNZ: 7 + 13·99 + 8 = 1,302 T
        0x3E, 0x7F, 0xDB, 0xFE, 0xD3, 0x01, //
        0x3E, 0x08, 0xD3, 0xFE, // MIC high
        0x3E, 0xF7, 0xD3, 0xFE, // MIC low
        0x76,
    ];
    let tape = FakeTape {
        ear_high_from: 1000,
        ..Default::default()
    };
    let mic = tape.mic.clone();
    let mut ace = TestRom::new().at(0, &code).boot(RamSize::K3);
    ace.insert_tape(Box::new(tape));
    // EAR low → bit 5 = 1; EAR high → bit 5 = 0 (MAME/EightyOne polarity); bits 6-7 = 1.
    assert_eq!(run_for_debug_bytes(&mut ace, 2, 10_000), [0xFF, 0xDF]);
    ace.run_tstates(100);
    // Times: the first OUT to 0xFE starts at 29 + 1,302 + 29 + 7 = 1,367 T, its I/O cycle
    // at T 9 of the instruction (as the SingleStepTests z80 suite records the bus); the
    // second OUT starts 18 T after the first.
    let first_out = 7 + 11 + 11 + 7 + 1_295 + 7 + 11 + 11 + 7;
    assert_eq!(
        *mic.lock().unwrap(),
        [(first_out + 9, true), (first_out + 18 + 9, false)]
    );
    assert!(!ace.mic_level());
    assert!(ace.eject_tape().is_some());
    assert!(ace.tape_mut().is_none());
}

/// A machine whose frame interrupt reports all eight half-rows (8 debug bytes per frame).
/// Like the ROM's line editor it reads the keys only in its interrupt and has STATIN bit 0
/// set, so typing comes at the scanner's pace (spec 6), each key and gap at its minimum.
fn frame_sampler() -> Ace {
    let main = [
        0x3E, 0x01, 0x32, 0x28, 0x3C, // LD A,1 ; LD (STATIN),A: "the line editor waits"
        0x31, 0x00, 0x3F, 0xED, 0x56, 0xFB, // LD SP ; IM 1 ; EI
        0x76, 0x18, 0xFD, // HALT ; JR back
    ];
    let handler = [
        0xF5, 0xC5, // PUSH AF ; PUSH BC
        0x01, 0xFE, 0xFE, // LD BC,0xFEFE
        0xED, 0x78, // 0x3D: IN A,(C)
        0xD3, 0x01, // OUT (1),A
        0xCB, 0x00, // RLC B
        0x38, 0xF8, // JR C,0x3D
        0x06, 0x82, 0x10, 0xFE, // LD B,130 ; DJNZ $: stay out of the interrupt window
        0xC1, 0xF1, 0xFB, 0xC9, // POP BC ; POP AF ; EI ; RET
    ];
    TestRom::new()
        .at(0, &main)
        .at(0x38, &handler)
        .boot(RamSize::K3)
}

/// Types `text` and returns, per frame, the set of pressed key names the guest saw.
fn frames_seen(text: &str) -> Vec<Vec<&'static str>> {
    let mut ace = frame_sampler();
    ace.try_type_text(text).unwrap();
    let mut bytes = Vec::new();
    let mut frames = 0;
    while !ace.typing_done() || frames < 3 {
        ace.run_frame();
        bytes.extend(ace.debug_output());
        frames += if ace.typing_done() { 1 } else { 0 };
        assert!(bytes.len() < 8 * 100_000, "typing never finished");
    }
    ace.run_frames(2);
    bytes.extend(ace.debug_output());
    assert_eq!(bytes.len() % 8, 0);
    bytes
        .chunks(8)
        .map(|rows| {
            let mut keys = Vec::new();
            for (row, &value) in rows.iter().enumerate() {
                for (bit, name) in MATRIX[row].iter().enumerate() {
                    if value & (1 << bit) == 0 {
                        keys.push(*name);
                    }
                }
            }
            keys
        })
        .collect()
}

/// Collapses a per-frame sequence into (keys, frames) runs.
fn runs(frames: &[Vec<&'static str>]) -> Vec<(Vec<&'static str>, usize)> {
    let mut out: Vec<(Vec<&'static str>, usize)> = Vec::new();
    for keys in frames {
        match out.last_mut() {
            Some((last, n)) if last == keys => *n += 1,
            _ => out.push((keys.clone(), 1)),
        }
    }
    out
}

#[test]
fn typed_text_becomes_the_expected_key_sequence() {
    let frames = frames_seen("Ab:\n");
    let mut got = runs(&frames);
    // Drop the idle frames before the first key and after the last.
    assert!(got.first().unwrap().0.is_empty());
    got.remove(0);
    let trailing = got.pop().unwrap();
    assert!(trailing.0.is_empty() && trailing.1 >= 2);
    let want: Vec<(Vec<&str>, usize)> = vec![
        (vec!["SHIFT"], 1),
        (vec!["SHIFT", "A"], 4),
        (vec!["SHIFT"], 1),
        (vec![], 2),
        (vec!["B"], 4),
        (vec![], 2),
        (vec!["SYMBOL SHIFT"], 1),
        (vec!["SYMBOL SHIFT", "Z"], 4),
        (vec!["SYMBOL SHIFT"], 1),
        (vec![], 2),
        (vec!["ENTER"], 4),
    ];
    assert_eq!(got, want);
}

/// The character the ROM's scanner makes of a set of keys (spec 6), or None for "no key".
fn scanner_code(keys: &[&str]) -> Option<char> {
    let shift = keys.contains(&"SHIFT");
    let symbol = keys.contains(&"SYMBOL SHIFT");
    let others: Vec<&str> = keys
        .iter()
        .copied()
        .filter(|k| *k != "SHIFT" && *k != "SYMBOL SHIFT")
        .collect();
    let [key] = others[..] else { return None };
    let c = match key {
        "ENTER" => '\n',
        "SPACE" => ' ',
        k if k.len() == 1 => k.chars().next().unwrap(),
        _ => unreachable!(),
    };
    if c == '\n' || c == ' ' {
        return Some(c);
    }
    if symbol {
        let table = [
            ('1', '!'),
            ('2', '@'),
            ('3', '#'),
            ('4', '$'),
            ('5', '%'),
            ('6', '&'),
            ('7', '\''),
            ('8', '('),
            ('9', ')'),
            ('0', '_'),
            ('Z', ':'),
            ('X', '£'),
            ('C', '?'),
            ('V', '/'),
            ('B', '*'),
            ('N', ','),
            ('M', '.'),
            ('A', '~'),
            ('S', '|'),
            ('D', '\\'),
            ('F', '{'),
            ('G', '}'),
            ('H', '^'),
            ('J', '-'),
            ('K', '+'),
            ('L', '='),
            ('Y', '['),
            ('U', ']'),
            ('I', '©'),
            ('O', ';'),
            ('P', '"'),
            ('R', '<'),
            ('T', '>'),
            ('Q', 'Q'),
            ('W', 'W'),
            ('E', 'E'),
        ];
        return table.iter().find(|(k, _)| *k == c).map(|&(_, s)| s);
    }
    if c.is_ascii_digit() {
        return Some(if shift && c == '0' { '\u{8}' } else { c });
    }
    Some(if shift { c } else { c.to_ascii_lowercase() })
}

/// The scanner's debounce (spec 6): a key is accepted only if the previous scan saw no
/// key, and delivered on the third consecutive frame it is seen; a different key while
/// one is held is ignored until everything is released. (Auto-repeat after 30 more frames
/// is never reached by the typing queue's 4-frame holds; seeing it would be a failure.)
fn scanner_model(frames: &[Vec<&'static str>]) -> String {
    let mut out = String::new();
    let mut held: Option<char> = None;
    let mut count = 0;
    let mut previous_empty = true;
    for keys in frames {
        let code = scanner_code(keys);
        match code {
            None => {
                held = None;
                count = 0;
                previous_empty = true;
            }
            Some(c) => {
                if held.is_none() && previous_empty {
                    held = Some(c);
                    count = 1;
                } else if held == Some(c) {
                    count += 1;
                    assert!(count < 33, "key held long enough to auto-repeat");
                    if count == 3 {
                        out.push(c);
                    }
                }
                previous_empty = false;
            }
        }
    }
    out
}

#[test]
fn every_typable_character_arrives_through_the_scanner_rules() {
    let text = "the quick brown fox JUMPS over 0123456789\n\
                !@#$%&'()_:£?/*,.~|\\{}^-+=[]©;\"<>QWE \u{8}";
    let frames = frames_seen(text);
    assert_eq!(scanner_model(&frames), text);
}

/// Keys typed at power-on are not pressed before the guest first reads the keyboard (a
/// ROM still starting up would miss them). The guest spends about 2.5 frames with
/// interrupts off before polling row A-G about ten times a frame:
/// `DI ; LD DE,6200 ; wait: DEC DE ; LD A,D ; OR E ; JR NZ,wait` (26 T a round, 161,200 T)
/// `poll: LD A,0xFD ; IN A,(0xFE) ; OUT (1),A ; LD B,0 ; DJNZ $ ; DJNZ $ ; JR poll`.
/// Before the fix, 'a' was held from frame 1 to 4 and the first read already saw it.
#[test]
fn typing_waits_for_the_guests_first_keyboard_read() {
    let code = [
        0xF3, 0x11, 0x38, 0x18, 0x1B, 0x7A, 0xB3, 0x20, 0xFB, // DI ; LD DE ; wait loop
        0x3E, 0xFD, 0xDB, 0xFE, 0xD3, 0x01, // 0x0009: LD A,0xFD ; IN A,(0xFE) ; OUT (1),A
        0x06, 0x00, 0x10, 0xFE, 0x10, 0xFE, 0x18, 0xF2, // LD B,0 ; DJNZ $ ; DJNZ $ ; JR poll
    ];
    let mut ace = TestRom::new().at(0, &code).boot(RamSize::K3);
    ace.try_type_text("a").unwrap();
    // About ten reads a frame: no key, then 'a' for its hold (the guest reads one
    // half-row only, so it is never seen scanning: the short hold), then no key again.
    let reads = run_for_debug_bytes(&mut ace, 200, 30 * 64_896);
    assert_eq!(reads.len(), 200);
    assert_eq!(reads[0], 0xFF, "first read saw a key: {reads:02X?}");
    let mut phases = reads.clone();
    phases.dedup();
    assert_eq!(phases, [0xFF, 0xFE, 0xFF], "{reads:02X?}");
}

/// The open ROM takes three frames to start; text typed at power-on arrives whole (its
/// first letter used to be lost, pressed while the ROM was still starting).
#[test]
fn text_typed_at_power_on_reaches_the_open_rom_whole() {
    let mut ace = Ace::new(aceemu::rom::open::open_rom(), RamSize::K51).unwrap();
    ace.try_type_text("abc").unwrap();
    ace.run_frames(60);
    let screen = ace.screen_text();
    assert!(screen.contains("abc"), "{screen}");
}

/// An interrupt-driven guest that waits for ENTER, then does DI and loops for good (a
/// machine-code routine a typed word calls). Headless typing of text ending in ENTER must
/// not give up with only ENTER's release left: it lets the key go after 250 stalled frames,
/// ends the typing and runs the frames asked for, with no problem to report.
#[test]
fn headless_typing_lets_the_last_key_go_when_the_guest_keeps_interrupts_off_for_good() {
    use aceemu::frontend::headless::{self, HeadlessOptions, StopCondition};
    let src = r#"
        ORG 0
        DI
        LD SP,0x3F00
        IM 1
        EI
wait:   LD A,0xBF           ; the half-row with ENTER
        IN A,(0xFE)
        RRA
        JR C,wait
        DI
loop:   JR loop
        ORG 0x38
        EI                  ; a frame interrupt: the guest is interrupt-driven
        RET
        ORG 0x1FFF
        DB 0
"#;
    let rom = aceasm::assemble_str("di_loop.asm", src).unwrap_or_else(|e| panic!("{e}"));
    let mut ace = Ace::new(&rom.bytes, RamSize::K3).unwrap();
    let options = HeadlessOptions {
        type_text: Some("ab\n".into()),
        type_after_frames: 2,
        stop: StopCondition::Frames(5),
        ..HeadlessOptions::default()
    };
    let mut frames = aceemu::frontend::plain_frames();
    let outcome = headless::run(&mut ace, &options, &mut frames).unwrap();
    assert_eq!(outcome.problem, None);
    assert!(ace.typing_done());
    assert!(!ace.is_key_pressed(Key::Enter), "ENTER was let go");
    // 2 before typing, 3 strokes (the guest reads one half-row: each key and gap is held
    // the short wait for a read, then a shift lead and trail), 250 stalled, 5 asked for.
    let stroke = 2 * aceemu::machine::keyboard::UNREAD_WAIT_OTHER_FRAMES + 2;
    assert!(
        outcome.frames <= 2 + 3 * stroke as u64 + 250 + 5,
        "{} frames",
        outcome.frames
    );
    assert!(outcome.frames >= 2 + 250 + 5, "{} frames", outcome.frames);
}
