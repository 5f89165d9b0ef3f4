//! Open ROM: the line editor at the bottom of the screen and the keyboard timing
//! (ace-forth.md 11, ace-hardware.md 6).

mod openrom_support;
use aceemu::machine::keyboard::{Key, KeyStep};
use aceemu::machine::Ace;
use openrom_support::*;

fn bottom(ace: &Ace) -> Vec<u8> {
    ace.screen_codes()[23 * 32..].to_vec()
}

/// Hold `keys` for `frames` frames, then release for 3.
fn hold(ace: &mut Ace, keys: &[Key], frames: u32) {
    ace.queue_keys(vec![
        KeyStep {
            keys: keys.to_vec(),
            frames,
        },
        KeyStep {
            keys: vec![],
            frames: 3,
        },
    ]);
    ace.run_frames(frames + 4);
}

#[test]
fn typed_characters_are_inserted_before_the_cursor() {
    let mut ace = boot();
    ace.type_text("ab");
    ace.run_frames(30);
    assert_eq!(&bottom(&ace)[..4], &[0, b'a', b'b', 0x97]);
    assert_eq!(word(&ace, 0x3C20), 0x26E3, "CURSOR");
    assert_eq!(word(&ace, 0x3C22), 0x26E4, "ENDBUF");
}

#[test]
fn cursor_left_right_insert_and_delete() {
    let mut ace = boot();
    ace.type_text("ac");
    ace.run_frames(30);
    hold(&mut ace, &[Key::Shift, Key::N5], 4); // cursor left
    assert_eq!(&bottom(&ace)[..4], &[0, b'a', 0x97, b'c']);
    ace.type_text("b");
    ace.run_frames(10);
    assert_eq!(&bottom(&ace)[..5], &[0, b'a', b'b', 0x97, b'c']);
    hold(&mut ace, &[Key::Shift, Key::N8], 4); // cursor right
    assert_eq!(&bottom(&ace)[..5], &[0, b'a', b'b', b'c', 0x97]);
    hold(&mut ace, &[Key::Shift, Key::N8], 4); // right at the end: nothing
    assert_eq!(&bottom(&ace)[..5], &[0, b'a', b'b', b'c', 0x97]);
    hold(&mut ace, &[Key::Shift, Key::N5], 4);
    hold(&mut ace, &[Key::Shift, Key::N0], 4); // DELETE the character left of the cursor
    assert_eq!(&bottom(&ace)[..5], &[0, b'a', 0x97, b'c', b' ']);
    for _ in 0..3 {
        hold(&mut ace, &[Key::Shift, Key::N5], 4); // left stops at the line start
    }
    assert_eq!(&bottom(&ace)[..4], &[0, 0x97, b'a', b'c']);
    hold(&mut ace, &[Key::Shift, Key::N1], 4); // DELETE LINE
    assert_eq!(&bottom(&ace)[..4], &[0, 0x97, b' ', b' ']);
    ace.type_text("1 2 + .\n");
    wait_idle(&mut ace, 200);
    assert!(ace.screen_text().contains("1 2 + . 3  OK"));
}

#[test]
fn caps_lock_graphics_and_inverse_modes() {
    let mut ace = boot();
    hold(&mut ace, &[Key::Shift, Key::N2], 4); // CAPS LOCK
    assert_eq!(bottom(&ace)[1], 0xC3, "caps cursor");
    ace.type_text("q");
    ace.run_frames(10);
    assert_eq!(bottom(&ace)[1], b'Q');
    hold(&mut ace, &[Key::Shift, Key::N9], 4); // GRAPHICS wins over CAPS in the cursor
    assert_eq!(bottom(&ace)[2], 0xC7);
    ace.type_text("3");
    ace.run_frames(10);
    assert_eq!(bottom(&ace)[2], b'3' & 0x9F, "graphics: code AND 0x9F");
    hold(&mut ace, &[Key::Shift, Key::N9], 4);
    hold(&mut ace, &[Key::Shift, Key::N2], 4);
    assert_eq!(bottom(&ace)[3], 0x97, "normal cursor again");
    hold(&mut ace, &[Key::Shift, Key::N4], 4); // INVERSE VIDEO
    ace.type_text("z");
    ace.run_frames(10);
    assert_eq!(bottom(&ace)[3], b'z' | 0x80);
    assert_eq!(ace.peek(STATIN) & 0x0E, 0x08);
}

#[test]
fn long_lines_grow_the_buffer_upwards_and_scroll_the_output() {
    let mut ace = boot();
    for i in 0..25 {
        enter(&mut ace, &format!("{i} ."));
    }
    // The output area is full: the first lines scrolled away.
    assert!(!ace.screen_text().contains("aceemu"));
    let text = (1..=30)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    ace.type_text(&text);
    wait_idle(&mut ace, 2000);
    assert_eq!(word(&ace, 0x3C24), 0x26A0, "L_HALF: three lines of input");
    enter(
        &mut ace,
        " + + + + + + + + + + + + + + + + + + + + + + + + + + + + + .",
    );
    assert!(
        lines(&ace).iter().any(|l| l.contains("465  OK")),
        "{}",
        ace.screen_text()
    );
    assert_eq!(word(&ace, 0x3C24), 0x26E0, "buffer back to one line");
    let b = bottom(&ace);
    assert_eq!(&b[..2], &[0, 0x97], "input line empty again");
    assert!(b[2..].iter().all(|&c| c == b' '));
}

#[test]
fn keys_arrive_on_the_third_frame_then_repeat() {
    let mut ace = boot();
    ace.run_frames(3);
    ace.press_key(Key::X);
    let mut seen = Vec::new();
    for frame in 1..=45 {
        ace.run_frame();
        let count = (word(&ace, 0x3C22) - 0x26E2) as u32; // characters typed so far
        if seen.len() < count as usize {
            seen.push(frame);
        }
    }
    ace.release_key(Key::X);
    // Delivered on the 3rd frame it is seen, again 30 frames later, then every 4 frames.
    assert_eq!(seen, vec![3, 33, 37, 41, 45]);
}

#[test]
fn keycnt_rests_at_3_after_a_key_held_4_frames() {
    // transcripts.md Round 4: 0x3C27 holds 0x03 at rest after a line typed with keys held
    // 4 frames (and 0x30 after power-on); ace-hardware.md 6: delivered on the 3rd frame.
    let mut ace = boot();
    assert_eq!(ace.peek(0x3C27), 0x30, "after power-on");
    hold(&mut ace, &[Key::A], 4);
    assert_eq!(&bottom(&ace)[..3], &[0, b'a', 0x97], "delivered once");
    ace.run_frames(100);
    assert_eq!(ace.peek(0x3C27), 0x03, "at rest, 100 frames later");
}

#[test]
fn a_second_key_is_ignored_until_all_are_released() {
    let mut ace = boot();
    ace.run_frames(3);
    ace.press_key(Key::A);
    ace.run_frames(5);
    ace.press_key(Key::S);
    ace.run_frames(5);
    ace.release_key(Key::A);
    ace.run_frames(40);
    assert_eq!(
        &bottom(&ace)[..3],
        &[0, b'a', 0x97],
        "S pressed during A: ignored"
    );
    ace.release_key(Key::S);
    ace.run_frames(3);
    ace.press_key(Key::D);
    ace.run_frames(5);
    assert_eq!(bottom(&ace)[2], b'd');
}

#[test]
fn cursor_up_and_down_move_by_a_screen_line() {
    let mut ace = boot();
    let text = "abcdefghijklmnopqrstuvwxyz0123456789";
    ace.type_text(text);
    wait_idle(&mut ace, 400);
    let cursor = word(&ace, 0x3C20);
    hold(&mut ace, &[Key::Shift, Key::N6], 4); // cursor up: 32 positions back
    assert_eq!(word(&ace, 0x3C20), cursor - 32);
    hold(&mut ace, &[Key::Shift, Key::N6], 4); // up again: stops at the line start
    assert_eq!(word(&ace, 0x3C20), word(&ace, 0x3C1E) + 1);
    hold(&mut ace, &[Key::Shift, Key::N7], 4); // cursor down
    assert_eq!(word(&ace, 0x3C20), word(&ace, 0x3C1E) + 33);
    // The text is intact around the cursor.
    let start = (word(&ace, 0x3C1E) - 0x2400) as usize + 1;
    let codes = ace.screen_codes();
    let line: Vec<u8> = codes[start..start + 37]
        .iter()
        .copied()
        .filter(|&c| c != 0x97)
        .collect();
    assert_eq!(line, text.as_bytes());
}

#[test]
fn prompt_is_ready_within_a_few_frames_of_reset() {
    let mut ace = Ace::new(aceemu::rom::open::open_rom(), aceemu::machine::RamSize::K3).unwrap();
    ace.run_frames(3);
    assert!(
        waiting_for_input(&ace),
        "the spec's ROM is ready after ~1.2 frames"
    );
}

#[test]
fn the_buffer_is_full_at_22_lines() {
    let mut ace = boot();
    // 22 lines hold the 0x00 marker, 702 characters and the cursor.
    let text: String = (0..710)
        .map(|i| if i % 8 == 7 { ' ' } else { '1' })
        .collect();
    ace.type_text(&text);
    wait_idle(&mut ace, 6000);
    assert_eq!(word(&ace, 0x3C24), 0x2700 - 22 * 32, "L_HALF at its limit");
    assert_eq!(
        word(&ace, 0x3C22),
        0x2700,
        "ENDBUF at the end of the screen"
    );
    assert_eq!(ace.peek(0x2700), 0, "end marker intact");
    let codes = ace.screen_codes();
    let typed = codes[2 * 32 + 1..]
        .iter()
        .filter(|&&c| c == b'1' || c == b' ')
        .count();
    assert_eq!(typed, 702, "further keys were ignored");
    // ENTER interprets it all: 88 numbers of 1111111 (too big: 16-bit wrap) are pushed.
    ace.type_text("\n");
    wait_idle(&mut ace, 400);
    assert_eq!(data_stack(&ace).len(), 88);
    assert_eq!(word(&ace, 0x3C24), 0x26E0, "back to one line");
}

/// Issue 35 item 6, measured on the original: `: T 13 0 DO INKEY . LOOP ;`, then `T` typed
/// (keys held 4 frames), prints 13 three times before the zeros. Not a matter of the key
/// debounce (INKEY reads the port; the key player's 4-frame ENTER is seen by 4 interrupt
/// scans on either ROM) but of the ROM's time from taking the line to each INKEY: with a
/// fast `.` the open ROM printed it 7 times; `#` now costs what the original's MOD costs
/// (COMPATIBILITY.md, "Timing and arithmetic").
#[test]
fn inkey_polled_right_after_enter_reads_it_three_times() {
    let mut ace = boot();
    enter(&mut ace, ": T 13 0 DO INKEY . LOOP ;");
    enter(&mut ace, "T");
    let text = ace.screen_text();
    let stream: String = text.lines().collect(); // rows of 32 joined: the output as printed
    let row = stream
        .split_once(";  OK")
        .and_then(|(_, after)| after.split_once("OK"))
        .map(|(row, _)| row.trim())
        .unwrap_or_else(|| panic!("T's output\n{text}"));
    let reads: Vec<&str> = row.split_whitespace().skip(1).collect();
    assert_eq!(reads.len(), 13, "{text}");
    assert_eq!(reads.iter().filter(|&&r| r == "13").count(), 3, "{row}");
    assert!(reads[3..].iter().all(|&r| r == "0"), "{row}");
}
