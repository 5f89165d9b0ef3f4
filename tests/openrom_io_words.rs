//! BEEP, PLOT, INKEY, IN and OUT of the open ROM, typed as Forth on the booted open ROM.
//! Expected values come from the spec: ace-hardware.md 5.3 (BEEP timing), 3.1 (block
//! graphics, checked on the rendered picture), 5 and 6 (port, keys); ace-forth.md 9.

mod openrom_support;

use aceemu::machine::keyboard::Key;
use aceemu::machine::tape_port::TapePort;
use aceemu::machine::Ace;
use openrom_support::{boot, enter_within, start_line, type_through, waiting_for_input, STATIN};

const FRAMES: u16 = 0x3C2B;

// ----- BEEP -----------------------------------------------------------------------------

/// Runs `m n BEEP` and returns the speaker changes it made.
fn beep_edges(m: u32, n: u32) -> (Vec<(u64, bool)>, Ace) {
    let mut ace = boot();
    enter_within(&mut ace, &format!(": T {m} {n} BEEP ;"), 100);
    ace.take_audio();
    enter_within(&mut ace, "T", 2000);
    let edges = ace.speaker_edges();
    (edges, ace)
}

/// Checks a BEEP against the spec: every half 13*m + 2 T, n*125/m whole periods.
fn check_beep(m: u32, n: u32) {
    let (edges, _) = beep_edges(m, n);
    let half = u64::from(13 * m + 2);
    let periods = (n * 125 / m) as usize;
    // the note: `periods` changes to on, each followed (but the last) by a change to off
    // one half later; find the first run of such halves
    let start = edges
        .windows(2)
        .position(|w| w[0].1 && !w[1].1 && w[1].0 - w[0].0 == half)
        .unwrap_or_else(|| panic!("m={m}: no half of {half} T in {:?}", &edges[..10]));
    let note = &edges[start..start + 2 * periods - 1];
    for (i, w) in note.windows(2).enumerate() {
        assert_eq!(w[1].0 - w[0].0, half, "m={m} n={n}: half {i}");
        assert_ne!(w[0].1, w[1].1);
    }
    let ons = note.iter().filter(|e| e.1).count();
    assert_eq!(ons, periods, "m={m} n={n}: periods");
    // one more would have been a half later: the note ends there
    if let Some(after) = edges.get(start + 2 * periods - 1) {
        assert!(!(after.1 && after.0 - note.last().unwrap().0 == half));
    }
}

#[test]
fn beep_halves_and_period_count_follow_the_spec() {
    check_beep(100, 50); // 1,302 T halves, 62 periods
    check_beep(30, 20); // short halves, 83 periods
    check_beep(300, 40); // beyond one delay round: 3,902 T, 16 periods
    check_beep(700, 100); // 9,102 T, 17 periods
}

#[test]
fn beep_keeps_interrupts_off() {
    let mut ace = boot();
    enter_within(&mut ace, ": T 200 500 BEEP ;", 100); // ~0.5 s
    let before = ace.peek(FRAMES);
    let t0 = ace.tstates();
    enter_within(&mut ace, "T", 2000);
    let frames_passed = (ace.tstates() - t0) / 64_896;
    let counted = ace.peek(FRAMES).wrapping_sub(before) as u64;
    assert!(frames_passed > 30, "the note took {frames_passed} frames");
    assert!(
        counted + 20 < frames_passed,
        "FRAMES advanced {counted} in {frames_passed} frames"
    );
}

#[test]
fn space_stops_beep_with_error_3() {
    let mut ace = boot();
    start_line(&mut ace, "1000 10000 BEEP");
    ace.run_frames(20);
    ace.press_key(Key::Space);
    ace.run_frames(3);
    ace.release_all_keys();
    ace.run_frames(5);
    assert!(
        ace.screen_text().contains("ERROR 3"),
        "{}",
        ace.screen_text()
    );
}

/// `0 0 BEEP` does not return at once: the original is still busy 300 frames later
/// (transcripts.md Round 3; the spec gives no count for m = 0). The open ROM charges an
/// m of 0 nothing from the note's budget, so the note goes on until SPACE stops it.
#[test]
fn zero_zero_beep_is_busy_until_space() {
    let mut ace = boot();
    start_line(&mut ace, "0 0 BEEP");
    ace.take_audio();
    ace.run_frames(300);
    assert!(!waiting_for_input(&ace), "still busy 300 frames later");
    assert!(!ace.screen_text().contains("OK"), "{}", ace.screen_text());
    assert!(
        ace.speaker_edges().len() > 1000,
        "it sounds meanwhile (as m = 8)"
    );
    ace.press_key(Key::Space);
    ace.run_frames(3);
    ace.release_all_keys();
    ace.run_frames(5);
    assert!(
        ace.screen_text().contains("ERROR 3"),
        "{}",
        ace.screen_text()
    );
    assert!(waiting_for_input(&ace));
}

// ----- PLOT -----------------------------------------------------------------------------

/// The rendered picture as lit/unlit pixels, 256 x 192.
fn picture(ace: &Ace) -> Vec<bool> {
    let mut buf = vec![0u32; 256 * 192];
    ace.render(&mut buf);
    buf.iter().map(|&p| p & 0xFF_FFFF != 0).collect()
}

/// Whether the PLOT pixel (x, y) shows lit in the picture: a 4x4 block at column 4x and
/// row 4 * (45 - y) (y counts from the bottom, line 23 is the input line).
fn plot_pixel_lit(pic: &[bool], x: usize, y: usize) -> Option<bool> {
    let top = 4 * (45 - y);
    let left = 4 * x;
    let lit = (0..16)
        .filter(|i| pic[(top + i / 4) * 256 + left + i % 4])
        .count();
    match lit {
        0 => Some(false),
        16 => Some(true),
        _ => None,
    }
}

#[test]
fn plot_draws_on_the_grid_model() {
    let mut ace = boot();
    enter_within(
        &mut ace,
        ": P 0 DO I 7 * 64 MOD I 5 * 46 MOD I 4 MOD PLOT LOOP ;",
        100,
    );
    // 900 MODs at the original's speed (about 20,000 T each, forth-speed.md row 3)
    enter_within(&mut ace, "INVIS CLS 300 P", 800);
    // the model: the same sequence on a 64 x 46 grid of pixels
    let mut grid = vec![[false; 46]; 64];
    let (mut lx, mut ly) = (0, 0);
    for i in 0..300usize {
        let (x, y, mode) = (i * 7 % 64, i * 5 % 46, i % 4);
        match mode {
            0 => grid[x][y] = false,
            1 => grid[x][y] = true,
            3 => grid[x][y] = !grid[x][y],
            _ => {}
        }
        (lx, ly) = (x, y);
    }
    let pic = picture(&ace);
    for (x, column) in grid.iter().enumerate() {
        for (y, &lit) in column.iter().enumerate() {
            assert_eq!(plot_pixel_lit(&pic, x, y), Some(lit), "pixel ({x}, {y})");
        }
    }
    assert_eq!(ace.peek(0x3C2F) as usize, lx, "XCOORD");
    assert_eq!(ace.peek(0x3C30) as usize, ly, "YCOORD");
}

#[test]
fn plot_codes_and_non_graphic_cells() {
    let mut ace = boot();
    enter_within(&mut ace, "INVIS CLS 0 0 1 PLOT", 100);
    // bottom-left alone is only possible with an inverse code: 0x97
    assert_eq!(ace.peek(0x2400 + 22 * 32), 0x97);
    enter_within(&mut ace, "1 1 1 PLOT 0 0 0 PLOT", 100);
    assert_eq!(ace.peek(0x2400 + 22 * 32), 0x11, "top-right only");
    enter_within(&mut ace, "0 45 1 PLOT 63 44 3 PLOT", 100);
    assert_eq!(ace.peek(0x2400), 0x12, "top-left of line 0");
    assert_eq!(
        ace.peek(0x2400 + 31),
        0x14,
        "bottom-right of line 0, col 31"
    );
    // a cell holding a letter counts as blank
    ace.poke(0x2400 + 5 * 32 + 3, b'A');
    enter_within(&mut ace, "6 35 1 PLOT", 100);
    assert_eq!(ace.peek(0x2400 + 5 * 32 + 3), 0x12);
    // mode 2 only moves; outside the grid nothing happens
    ace.poke(0x2400 + 10 * 32 + 10, b'B');
    enter_within(&mut ace, "20 25 2 PLOT", 100);
    assert_eq!(ace.peek(0x2400 + 10 * 32 + 10), b'B');
    assert_eq!((ace.peek(0x3C2F), ace.peek(0x3C30)), (20, 25));
    let before = ace.screen_codes();
    enter_within(&mut ace, "64 0 1 PLOT 0 46 1 PLOT", 100);
    assert_eq!(before[..704], ace.screen_codes()[..704]);
}

// ----- INKEY, IN, OUT ------------------------------------------------------------------------

#[test]
fn inkey_returns_the_key_held_now() {
    for (keys, code) in [
        (vec![Key::Shift, Key::Q], b'Q'),
        (vec![Key::SymbolShift, Key::I], 0x7F),
        (vec![Key::Z], b'z'),
    ] {
        let mut ace = boot();
        enter_within(&mut ace, ": K BEGIN INKEY DUP 64 > UNTIL . ;", 100);
        type_through(&mut ace, "K");
        ace.run_frames(3);
        assert_eq!(ace.peek(STATIN) & 1, 0, "K must be waiting");
        for &k in &keys {
            ace.press_key(k);
            ace.run_frames(1);
        }
        ace.run_frames(2);
        ace.release_all_keys();
        ace.run_frames(3);
        let s = ace.screen_text();
        assert!(s.contains(&format!("K {code} ")), "{keys:?}: {s}");
    }
    let mut ace = boot();
    // (ENTER is still held when a typed line starts: wait until it is released)
    enter_within(&mut ace, ": Z 20000 0 DO LOOP INKEY . ;", 100);
    enter_within(&mut ace, "Z", 300);
    assert!(ace.screen_text().contains("Z 0 "), "no key: 0");
}

struct Level(bool);
impl TapePort for Level {
    fn ear(&mut self, _t: u64, _port: u16) -> bool {
        self.0
    }
    fn mic(&mut self, _t: u64, _level: bool) {}
}

#[test]
fn in_reads_the_port_with_a_16_bit_address() {
    let mut ace = boot();
    ace.insert_tape(Box::new(Level(false)));
    enter_within(&mut ace, "32766 IN .", 100);
    assert!(
        ace.screen_text().contains("IN . 255 "),
        "no key, EAR low: all ones"
    );
    ace.insert_tape(Box::new(Level(true)));
    enter_within(&mut ace, "32766 IN .", 100);
    assert!(
        ace.screen_text().contains("IN . 223 "),
        "EAR signal high reads bit 5 = 0"
    );
    // row selection by A8-A15: wait until row 0xFEFE shows SHIFT, then read 0x7FFE
    enter_within(
        &mut ace,
        ": R BEGIN 65278 IN DUP 1 AND 0= UNTIL 31 AND . 32766 IN 31 AND . ;",
        100,
    );
    type_through(&mut ace, "R");
    ace.run_frames(3);
    assert_eq!(ace.peek(STATIN) & 1, 0, "R must be waiting");
    ace.press_key(Key::Shift);
    ace.run_frames(2);
    ace.release_all_keys();
    ace.run_frames(3);
    // SHIFT is bit 0 of row 0xFEFE (30 = 0x1E); row 0x7FFE sees no key (31)
    assert!(
        ace.screen_text().contains("R 30 31 "),
        "{}",
        ace.screen_text()
    );
}

#[test]
fn out_writes_the_port_with_a_16_bit_address() {
    let mut ace = boot();
    enter_within(&mut ace, "8 254 OUT", 100);
    assert!(ace.mic_level(), "bit 3 is MIC");
    enter_within(&mut ace, "0 254 OUT", 100);
    assert!(!ace.mic_level());
    enter_within(&mut ace, "8 255 OUT", 100);
    assert!(!ace.mic_level(), "odd ports do not reach the Ace's port");
    ace.debug_output();
    enter_within(&mut ace, "65 1 OUT", 100);
    assert_eq!(ace.debug_output(), vec![65], "port 1 is the debug port");
}

/// The delay counts change at 256-unit round boundaries (m - 5 and m - 7 = 256, 512);
/// m < 8 is timed as m = 8 (beep.asm's documented choice: 13 * 8 + 2 T halves).
#[test]
fn beep_halves_at_delay_round_boundaries_and_for_short_m() {
    for m in [8u32, 9, 255, 256, 261, 262, 263, 268, 269, 517, 518] {
        check_beep(m, 40);
    }
    for m in [1u32, 5, 7] {
        let (edges, _) = beep_edges(m, 40);
        let d: Vec<u64> = edges.windows(2).map(|w| w[1].0 - w[0].0).collect();
        assert!(
            d.iter().filter(|&&x| x == 106).count() >= 20,
            "m={m} {:?}",
            &d[..12]
        );
    }
}

// ----- BEEP's set-up time (transcripts.md Round 4) -----------------------------------------

/// The original's BEEP spends about 33,400 T before its note, whatever m and n, and
/// `1000 20 BEEP` takes 87,198 T from its call to its return (transcripts.md Round 4).
const ORIGINAL_SETUP: f64 = 33_400.0;
const ORIGINAL_1000_20: f64 = 87_198.0;
/// The original's interrupt handler with no key held (ace-hardware.md 4: about 1,780 T).
const ORIGINAL_HANDLER: f64 = 1_780.0;

/// One `m n BEEP` run from a word that first counts an empty loop `lead` times (so ENTER
/// is up and the interrupt falls where the lead puts it).
struct BeepRun {
    /// T-states from BEEP's code to the note's first IN (the first half ends with the
    /// first OUT, 13 m + 2 T later: ace-hardware.md 5.3).
    setup: u64,
    /// T-states from BEEP's code to the next word.
    total: u64,
    /// Interrupts taken meanwhile (FRAMES; none during the note).
    interrupts: u8,
}

fn beep_run(m: u32, n: u32, lead: u32) -> BeepRun {
    let mut ace = boot();
    enter_within(
        &mut ace,
        &format!(": T {lead} 0 DO LOOP {m} {n} BEEP ;"),
        100,
    );
    ace.type_text("T\n");
    let code = openrom_support::word(&ace, openrom_support::sym("beep_cfa"));
    assert!(
        ace.run_until_pc(&[code], 200 * 64_896).is_some(),
        "BEEP ran"
    );
    ace.take_audio();
    let t0 = ace.tstates();
    let frames = ace.peek(FRAMES);
    ace.step();
    let next = openrom_support::sym("next_checks");
    assert!(
        ace.run_until_pc(&[next], 400 * 64_896).is_some(),
        "BEEP returned"
    );
    let first_on = ace
        .speaker_edges()
        .iter()
        .find(|e| e.1 && e.0 >= t0)
        .expect("the note")
        .0;
    BeepRun {
        setup: first_on - u64::from(13 * m + 2) - t0,
        total: ace.tstates() - t0,
        interrupts: ace.peek(FRAMES).wrapping_sub(frames),
    }
}

/// A run of `m n BEEP` with `interrupts` interrupts taken during it (the lead is moved
/// until the frame's interrupt falls so).
fn beep_run_with(m: u32, n: u32, interrupts: u8) -> BeepRun {
    (0..40)
        .map(|i| beep_run(m, n, 3000 + 37 * i))
        .find(|run| run.interrupts == interrupts)
        .unwrap_or_else(|| panic!("{m} {n} BEEP: no lead gives {interrupts} interrupts"))
}

fn within_2_percent(got: f64, want: f64) -> bool {
    (got / want - 1.0).abs() <= 0.02
}

#[test]
fn beep_spends_the_originals_setup_time_before_its_note() {
    // every (m, n) the spec measured
    for (m, n) in [
        (8, 10),
        (125, 8),
        (1000, 20),
        (50, 100),
        (190, 300),
        (200, 1000),
    ] {
        let run = beep_run_with(m, n, 0);
        assert!(
            within_2_percent(run.setup as f64, ORIGINAL_SETUP),
            "{m} {n} BEEP: {} T before the note, the original about 33,400",
            run.setup
        );
    }
}

#[test]
fn beep_1000_20_takes_the_originals_time_from_call_to_return() {
    // The measured 87,198 T is the set-up, two periods of 26,004 T and one interrupt
    // (87,198 - 33,400 - 52,008 = 1,790, the handler's time): so with one interrupt here.
    let run = beep_run_with(1000, 20, 1);
    assert!(
        within_2_percent(run.total as f64, ORIGINAL_1000_20),
        "1000 20 BEEP took {} T, the original 87,198",
        run.total
    );
    // and without the set-up time it would not (the control case)
    let note = f64::from(2 * (26 * 1000 + 4));
    assert!(!within_2_percent(note + ORIGINAL_HANDLER, ORIGINAL_1000_20));
}

#[test]
fn a_tune_keeps_the_originals_pace() {
    // Short notes, where the set-up counts most: each note is the set-up plus
    // n*125/m periods of 26 m + 4 T (ace-hardware.md 5.3); the interrupts taken (with
    // interrupts on only during the set-ups) at the original handler's time. Without the
    // set-up the notes would take about half the time.
    let notes = [(8u32, 10u32), (50, 20), (100, 10), (30, 5)];
    let rounds = 5;
    let mut ace = boot();
    let body: String = notes
        .iter()
        .map(|(m, n)| format!("{m} {n} BEEP "))
        .collect();
    enter_within(
        &mut ace,
        &format!(": TUNE 3000 0 DO LOOP {rounds} 0 DO {body}LOOP ;"),
        100,
    );
    ace.type_text("TUNE\n");
    let code = openrom_support::word(&ace, openrom_support::sym("beep_cfa"));
    assert!(
        ace.run_until_pc(&[code], 200 * 64_896).is_some(),
        "BEEP ran"
    );
    // the notes' own time: from each BEEP's code to its return (the words between them
    // run at the original's speed anyway, forth-speed.md)
    let next = openrom_support::sym("next_checks");
    let (mut took, mut interrupts) = (0u64, 0u8);
    for i in 0..rounds * notes.len() {
        if i > 0 {
            assert!(ace.run_until_pc(&[code], 400 * 64_896).is_some());
        }
        let t0 = ace.tstates();
        let frames = ace.peek(FRAMES);
        ace.step();
        assert!(ace.run_until_pc(&[next], 400 * 64_896).is_some());
        took += ace.tstates() - t0;
        interrupts += ace.peek(FRAMES).wrapping_sub(frames);
    }
    let (took, interrupts) = (took as f64, f64::from(interrupts));
    let note = |&(m, n): &(u32, u32)| ORIGINAL_SETUP + f64::from(n * 125 / m * (26 * m + 4));
    let want = rounds as f64 * notes.iter().map(note).sum::<f64>() + interrupts * ORIGINAL_HANDLER;
    assert!(
        within_2_percent(took, want),
        "the tune took {took} T, the original about {want}"
    );
}
