//! Typing in the window is lossless and in order at any speed and with rollover.
//!
//! Drives the window's keyboard layer from minifb's input callback down (the same calls
//! minifb makes from X11 key events: a press, the character it typed, a release), with
//! the key timings a person or `xdotool type --delay N` produces, frame by frame against
//! the open ROM, and checks the Ace's screen shows exactly the text typed.
#![cfg(feature = "window")]

use aceemu::frontend::host_keys::WindowInput;
use aceemu::frontend::pacing::FRAME_NANOS;
use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::open_rom;
use minifb::{InputCallback, Key as HostKey};

#[derive(Debug, Clone, Copy)]
enum Event {
    Press(HostKey, Option<char>),
    Release(HostKey),
}

/// The host key (and whether Shift goes with it) for a character on a US keyboard.
fn host_key(c: char) -> (HostKey, bool) {
    let letters = [
        HostKey::A,
        HostKey::B,
        HostKey::C,
        HostKey::D,
        HostKey::E,
        HostKey::F,
        HostKey::G,
        HostKey::H,
        HostKey::I,
        HostKey::J,
        HostKey::K,
        HostKey::L,
        HostKey::M,
        HostKey::N,
        HostKey::O,
        HostKey::P,
        HostKey::Q,
        HostKey::R,
        HostKey::S,
        HostKey::T,
        HostKey::U,
        HostKey::V,
        HostKey::W,
        HostKey::X,
        HostKey::Y,
        HostKey::Z,
    ];
    let digits = [
        HostKey::Key0,
        HostKey::Key1,
        HostKey::Key2,
        HostKey::Key3,
        HostKey::Key4,
        HostKey::Key5,
        HostKey::Key6,
        HostKey::Key7,
        HostKey::Key8,
        HostKey::Key9,
    ];
    match c {
        'a'..='z' => (letters[c as usize - 'a' as usize], false),
        'A'..='Z' => (letters[c as usize - 'A' as usize], true),
        '0'..='9' => (digits[c as usize - '0' as usize], false),
        ' ' => (HostKey::Space, false),
        '\n' => (HostKey::Enter, false),
        '+' => (HostKey::Equal, true),
        '.' => (HostKey::Period, false),
        ':' => (HostKey::Semicolon, true),
        ';' => (HostKey::Semicolon, false),
        '*' => (HostKey::Key8, true),
        _ => panic!("no host key in this test for {c:?}"),
    }
}

/// Timed host events for typing `text`: a key every `delay_ms`, each held `hold_ms`
/// (longer than `delay_ms` is rollover: the next key goes down before this one is up).
/// Shifted characters are typed as xdotool does: Shift down, key down and up, Shift up.
/// A key typed twice in a row is let go just before its second press (one key cannot be
/// pressed twice without coming up).
fn typing(text: &str, delay_ms: u64, hold_ms: u64) -> Vec<(u64, Event)> {
    let mut events = Vec::new();
    for (i, c) in text.chars().enumerate() {
        let at = 100 + i as u64 * delay_ms;
        let (key, shift) = host_key(c);
        let hold_ms = match text.chars().nth(i + 1).map(host_key) {
            Some((next, _)) if next == key => hold_ms.min(delay_ms - 1),
            _ => hold_ms,
        };
        let typed = if c == '\n' { '\r' } else { c };
        if shift {
            // Held only within the key's own slot, so it cannot shift the next key.
            let hold = hold_ms.min(delay_ms * 3 / 4).max(1);
            events.push((at, Event::Press(HostKey::LeftShift, None)));
            events.push((at, Event::Press(key, Some(typed))));
            events.push((at + hold, Event::Release(key)));
            events.push((at + hold, Event::Release(HostKey::LeftShift)));
        } else {
            events.push((at, Event::Press(key, Some(typed))));
            events.push((at + hold_ms, Event::Release(key)));
        }
    }
    // Stable: events at the same time keep their order.
    events.sort_by_key(|&(t, _)| t);
    events
}

/// Boots the open ROM and plays `events` through the window's input layer, one frame at
/// a time, then runs until everything is typed; returns the screen.
fn type_in_window(events: &[(u64, Event)]) -> String {
    let mut ace = Ace::new(open_rom(), RamSize::K19).expect("8 KB ROM");
    let mut input = WindowInput::default();
    let mut callback = input.callback();
    let mut down: Vec<HostKey> = Vec::new();
    let mut next = 0;
    let end = events.last().map_or(0, |e| e.0);
    for frame in 0u64.. {
        let now_ms = frame * FRAME_NANOS / 1_000_000;
        while next < events.len() && events[next].0 <= now_ms {
            match events[next].1 {
                Event::Press(key, c) => {
                    down.push(key);
                    callback.set_key_state(key, true);
                    if let Some(c) = c {
                        callback.add_char(c as u32);
                    }
                }
                Event::Release(key) => {
                    down.retain(|&k| k != key);
                    callback.set_key_state(key, false);
                }
            }
            next += 1;
        }
        input.take_events(&down, true);
        input.play(&mut ace, &down);
        ace.run_frame();
        let settled = frame > 50 && ace.peek(0x3C28) & 1 != 0 && input.is_idle();
        if now_ms > end + 2000 && settled {
            break;
        }
        assert!(
            frame < 20_000,
            "typing never finished:\n{}",
            ace.screen_text()
        );
    }
    ace.screen_text()
}

/// The lines the ROM echoed and answered, without trailing blanks.
fn output_lines(screen: &str) -> Vec<String> {
    // (the open ROM prints no banner: the screen starts with the first echoed line)
    screen
        .lines()
        .map(|l| l.trim_end().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

const TEXT: &str = "11 1 + .\n22 1 + .\n: BEEPS 1 ;\n12 34 + .\n";
const EXPECTED: [&str; 4] = [
    "11 1 + . 12  OK",
    "22 1 + . 23  OK",
    ": BEEPS 1 ;  OK",
    "12 34 + . 46  OK",
];

fn check(delay_ms: u64, hold_ms: u64) {
    let screen = type_in_window(&typing(TEXT, delay_ms, hold_ms));
    let lines = output_lines(&screen);
    // The last line is the empty input line with its cursor.
    assert_eq!(
        &lines[..lines.len() - 1],
        EXPECTED,
        "typing every {delay_ms} ms, keys held {hold_ms} ms; screen:\n{screen}"
    );
}

#[test]
fn typing_at_xdotools_default_12_ms_loses_nothing() {
    check(12, 6);
}

#[test]
fn typing_every_30_ms_loses_nothing() {
    check(30, 15);
}

#[test]
fn typing_at_human_speed_100_ms_loses_nothing() {
    check(100, 50);
}

#[test]
fn rollover_the_next_key_down_before_the_last_is_up_loses_nothing() {
    check(100, 150);
    check(30, 45);
}

#[test]
fn keys_typed_while_the_rom_beeps_wait_for_it() {
    // BEEP keeps interrupts off, so the ROM does not scan the keyboard: the keys typed
    // meanwhile are held back until it does again.
    let text = ": BEEPS 3 0 DO 100 50 BEEP LOOP ;\nBEEPS\n3 4 + .\n";
    let screen = type_in_window(&typing(text, 12, 6));
    let lines = output_lines(&screen);
    assert_eq!(
        lines[lines.len() - 3..lines.len() - 1],
        ["BEEPS  OK", "3 4 + . 7  OK"],
        "screen:\n{screen}"
    );
}

#[test]
fn a_key_held_down_repeats_as_on_the_ace() {
    // `1` held for 1.5 s: the Ace types it once, then repeats it (after 0.6 s, then every
    // 80 ms), as its ROM does with a held key.
    let mut events = typing("1", 100, 1500);
    events.extend(
        typing("\n", 100, 50)
            .into_iter()
            .map(|(t, e)| (t + 1700, e)),
    );
    let screen = type_in_window(&events);
    let lines = output_lines(&screen);
    let ones = lines[0].split(' ').next().unwrap();
    assert!(
        ones.len() > 5 && ones.chars().all(|c| c == '1'),
        "screen:\n{screen}"
    );
}
