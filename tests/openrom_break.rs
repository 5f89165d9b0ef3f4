//! Open ROM: BREAK (SHIFT+SPACE) while Forth runs (ace-forth.md 7, 9, 10): it stops a
//! FAST-less endless loop with ERROR 3 and the prompt comes back; it stops VLIST; and the
//! interrupt keeps FRAMES counting while a long program runs.

mod openrom_support;
use aceemu::machine::keyboard::Key;
use aceemu::machine::Ace;
use openrom_support::*;

const FRAMES: u16 = 0x3C2B;

fn frames(ace: &Ace) -> u32 {
    u32::from_le_bytes([
        ace.peek(FRAMES),
        ace.peek(FRAMES + 1),
        ace.peek(FRAMES + 2),
        ace.peek(FRAMES + 3),
    ])
}

/// Hold SHIFT+SPACE for two frames, release, and wait for the prompt.
fn press_break(ace: &mut Ace) {
    ace.press_key(Key::Shift);
    ace.press_key(Key::Space);
    ace.run_frames(2);
    ace.release_all_keys();
    wait_idle(ace, 100);
}

#[test]
fn break_stops_an_endless_loop_that_keeps_frames_counting() {
    let mut ace = boot();
    enter(&mut ace, ": L BEGIN 0 UNTIL ;");
    enter(&mut ace, "CLS");
    enter(&mut ace, "1 2 3");
    type_through(&mut ace, "L");
    let before = frames(&ace);
    ace.run_frames(200);
    assert!(!waiting_for_input(&ace), "L runs for ever");
    let counted = frames(&ace).wrapping_sub(before);
    assert!(
        (195..=205).contains(&counted),
        "FRAMES counted {counted} of 200 frames while L ran"
    );
    press_break(&mut ace);
    assert!(
        lines(&ace).iter().any(|l| l == "L ERROR 3"),
        "{}",
        ace.screen_text()
    );
    assert!(data_stack(&ace).is_empty(), "ABORT empties the data stack");
    assert_eq!(
        eval(&mut ace, "1 2 + ."),
        "1 2 + . 3",
        "the prompt works again"
    );
    // L itself survived the error.
    type_through(&mut ace, "L");
    ace.run_frames(10);
    assert!(!waiting_for_input(&ace));
    press_break(&mut ace);
    assert!(ace.screen_text().contains("L ERROR 3"));
}

#[test]
fn frames_keeps_counting_during_a_long_computation() {
    // A finite but long program: 5000 loop passes, then back to the prompt.
    let mut ace = boot();
    enter(&mut ace, ": W 0 5000 0 DO I + LOOP DROP ;");
    let before = frames(&ace);
    let t0 = ace.tstates();
    ace.type_text("W\n");
    wait_idle(&mut ace, 2000);
    let elapsed = ((ace.tstates() - t0) / 64_896) as u32;
    let counted = frames(&ace).wrapping_sub(before);
    assert!(elapsed > 20, "W should take a while, took {elapsed} frames");
    assert!(
        counted + 2 >= elapsed && counted <= elapsed + 2,
        "FRAMES counted {counted} in {elapsed} frames"
    );
}

/// The names VLIST printed after its echo, in order. The output area is read as one
/// run of characters, since a name may wrap from one screen line to the next.
fn vlist_names(ace: &Ace) -> Vec<String> {
    let l_half = word(ace, 0x3C24);
    let text: String = ace.screen_codes()[..(l_half - 0x2400) as usize]
        .iter()
        .map(|&c| (c & 0x7F) as char)
        .collect();
    let after = text.split_once("VLIST").expect("VLIST echoed").1;
    after
        .split_whitespace()
        .take_while(|w| *w != "ERROR" && *w != "OK")
        .map(str::to_string)
        .collect()
}

#[test]
fn break_stops_vlist() {
    let mut full = boot();
    enter(&mut full, "CLS");
    enter(&mut full, "VLIST");
    let all = vlist_names(&full);
    assert!(all.len() > 100, "the whole list: {} names", all.len());

    let mut ace = boot();
    enter(&mut ace, "CLS");
    type_through(&mut ace, "VLIST");
    ace.run_frames(20); // one name per frame
    assert!(!waiting_for_input(&ace), "VLIST is still listing");
    press_break(&mut ace);
    let some = vlist_names(&ace);
    assert!(
        !some.is_empty() && some.len() < 60,
        "stopped early after {} names",
        some.len()
    );
    assert_eq!(
        some[..],
        all[..some.len()],
        "the same names, in order, up to the break"
    );
    // (the message may wrap onto the next screen line like the names before it)
    let text = output(&ace).replace('\n', "");
    assert!(text.contains("ERROR 3"), "{}", output(&ace));
    assert_eq!(eval(&mut ace, "1 2 + ."), "1 2 + . 3");
}
