//! Host keys to Ace keys for the window: which matrix keys the host keys held now stand
//! for, which typed characters go through the typing queue instead, and the minimum hold
//! that keeps a quick tap from being lost between two frames.

use crate::machine::keyboard::{stroke_for, KEY_HOLD_FRAMES};
use crate::machine::Key;
use minifb::Key as HostKey;
use std::collections::{HashMap, HashSet};

const LETTERS: [(HostKey, Key); 26] = [
    (HostKey::A, Key::A),
    (HostKey::B, Key::B),
    (HostKey::C, Key::C),
    (HostKey::D, Key::D),
    (HostKey::E, Key::E),
    (HostKey::F, Key::F),
    (HostKey::G, Key::G),
    (HostKey::H, Key::H),
    (HostKey::I, Key::I),
    (HostKey::J, Key::J),
    (HostKey::K, Key::K),
    (HostKey::L, Key::L),
    (HostKey::M, Key::M),
    (HostKey::N, Key::N),
    (HostKey::O, Key::O),
    (HostKey::P, Key::P),
    (HostKey::Q, Key::Q),
    (HostKey::R, Key::R),
    (HostKey::S, Key::S),
    (HostKey::T, Key::T),
    (HostKey::U, Key::U),
    (HostKey::V, Key::V),
    (HostKey::W, Key::W),
    (HostKey::X, Key::X),
    (HostKey::Y, Key::Y),
    (HostKey::Z, Key::Z),
];

const DIGITS: [(HostKey, Key); 10] = [
    (HostKey::Key0, Key::N0),
    (HostKey::Key1, Key::N1),
    (HostKey::Key2, Key::N2),
    (HostKey::Key3, Key::N3),
    (HostKey::Key4, Key::N4),
    (HostKey::Key5, Key::N5),
    (HostKey::Key6, Key::N6),
    (HostKey::Key7, Key::N7),
    (HostKey::Key8, Key::N8),
    (HostKey::Key9, Key::N9),
];

/// Host keys that are SHIFT + an Ace key (editing functions, BREAK).
const SHIFTED: [(HostKey, Key); 10] = [
    (HostKey::Escape, Key::Space), // BREAK
    (HostKey::Backspace, Key::N0), // DELETE
    (HostKey::Left, Key::N5),
    (HostKey::Up, Key::N6),
    (HostKey::Down, Key::N7),
    (HostKey::Right, Key::N8),
    (HostKey::CapsLock, Key::N2), // CAPS LOCK
    (HostKey::Insert, Key::N4),   // INVERSE VIDEO
    (HostKey::Tab, Key::N9),      // GRAPHICS
    (HostKey::Delete, Key::N1),   // DELETE LINE
];

/// The Ace keys the host keys held now stand for.
pub fn matrix_keys(down: &[HostKey]) -> HashSet<Key> {
    let held = |k: HostKey| down.contains(&k);
    let shift = held(HostKey::LeftShift) || held(HostKey::RightShift);
    let ctrl = held(HostKey::LeftCtrl) || held(HostKey::RightCtrl);
    let mut keys = HashSet::new();
    for (host, ace) in LETTERS {
        if held(host) {
            keys.insert(ace);
        }
    }
    // With host Shift, digits are symbols typed through the character queue instead.
    if !shift || ctrl {
        for (host, ace) in DIGITS {
            if held(host) {
                keys.insert(ace);
            }
        }
    }
    if held(HostKey::Space) {
        keys.insert(Key::Space);
    }
    if held(HostKey::Enter) || held(HostKey::NumPadEnter) {
        keys.insert(Key::Enter);
    }
    if ctrl {
        keys.insert(Key::SymbolShift);
    } else if shift {
        keys.insert(Key::Shift);
    }
    for (host, ace) in SHIFTED {
        if held(host) {
            keys.insert(Key::Shift);
            keys.insert(ace);
        }
    }
    keys
}

/// Characters from the host that are typed through the queue: symbols only (letters,
/// digits and space come from the matrix).
pub fn queued_symbol(c: char) -> bool {
    !c.is_alphanumeric() && !c.is_whitespace() && !c.is_control()
}

const MODIFIERS: [HostKey; 4] = [
    HostKey::LeftShift,
    HostKey::RightShift,
    HostKey::LeftCtrl,
    HostKey::RightCtrl,
];

/// The window's own keys (screenshot, reset, tape, pause, turbo), never sent to the Ace.
const COMMANDS: [HostKey; 5] = [
    HostKey::F2,
    HostKey::F5,
    HostKey::F6,
    HostKey::F7,
    HostKey::F9,
];

/// What the window's input callback reports between two frames, in the order it
/// happened. On X11 a key press is followed by the character it types, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostEvent {
    Press(HostKey),
    Release(HostKey),
    Char(char),
}

/// One frame's worth of host input, sorted out for the machine.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FrameInput {
    /// Host keys to hold in the matrix this frame (see [`matrix_keys`]).
    pub keys: Vec<HostKey>,
    /// Text for the typing queue, in the order it was typed: symbols typed the host's
    /// way, and keys tapped too quickly to be seen down at a frame.
    pub typed: String,
    /// Window commands pressed (F2 ...), key repeats left out.
    pub commands: Vec<HostKey>,
}

/// Sorts the host's key events into matrix keys, typed text and window commands, frame by
/// frame.
///
/// The window reads the keys held at each frame, so a press and a release that both
/// fall between two frames (a quick tap, a fast typist's rollover, or keys sent by a
/// tool such as xdotool) would never reach the matrix. Such a tap goes to the typing
/// queue as the character it typed, so a burst of taps arrives one key after another,
/// in order, with the queue's timing. A tap with no character (an arrow, Ctrl+key) and
/// a key seen down for a frame or two are held in the matrix for [`KEY_HOLD_FRAMES`]
/// frames (a ROM that scans the keyboard once per frame could miss a shorter press), or
/// until the next press, whichever comes first, along with the modifiers down at its press.
///
/// A key whose press went to the queue stays out of the matrix until it is let go: a
/// digit pressed with host Shift is a symbol (Shift+1 is `!`), and if Shift is let go
/// first, `!` must not also type `1`.
#[derive(Debug, Default)]
pub struct HostKeys {
    /// Host key -> the first frame at which it need no longer be held.
    until: HashMap<HostKey, u64>,
    /// Keys whose press went to the typing queue: kept out of the matrix while held.
    queued: HashSet<HostKey>,
    /// Keys down as the events tell it (to tell key repeats from new presses).
    down: HashSet<HostKey>,
}

impl HostKeys {
    /// Sorts out `events` (since the last frame) given the keys `physical` held now;
    /// `typing` says whether the typing queue is still busy with earlier text, in which
    /// case keys with a character join the queue rather than overtake it.
    pub fn frame(
        &mut self,
        frame: u64,
        physical: &[HostKey],
        events: &[HostEvent],
        typing: bool,
    ) -> FrameInput {
        let mut input = FrameInput::default();
        let mut i = 0;
        while i < events.len() {
            let event = events[i];
            i += 1;
            let key = match event {
                HostEvent::Release(key) => {
                    self.down.remove(&key);
                    continue;
                }
                HostEvent::Char(c) => {
                    // A character without its key press (an input method): symbols only,
                    // as letters and digits come with their keys.
                    if queued_symbol(c) && stroke_for(c).is_some() {
                        input.typed.push(c);
                    }
                    continue;
                }
                HostEvent::Press(key) => key,
            };
            let repeat = !self.down.insert(key);
            let typed = match events.get(i) {
                Some(&HostEvent::Char(c)) => {
                    i += 1;
                    Some(c)
                }
                _ => None,
            };
            if COMMANDS.contains(&key) || key == HostKey::F10 {
                if !repeat {
                    input.commands.push(key);
                }
                continue;
            }
            let ctrl =
                self.down.contains(&HostKey::LeftCtrl) || self.down.contains(&HostKey::RightCtrl);
            let tapped = !physical.contains(&key);
            match typed {
                // Symbols typed the host's way (Shift+1 for `!`, `;`, ...).
                // Symbols typed the host's way; keys tapped too fast to be seen down; and
                // any key with a character while the queue is busy, so keys keep their
                // order. Keys without a character the Ace can type (Esc is BREAK, a
                // tapped arrow) go to the matrix below.
                Some(c)
                    if !ctrl
                        && (queued_symbol(c) || tapped || typing || !input.typed.is_empty())
                        && stroke_for(c).is_some() =>
                {
                    input.typed.push(c);
                    self.queued.insert(key);
                }
                // A modifier alone changes nothing yet: it is held (below) with the keys
                // that go to the matrix while it is down, and the typing queue does its
                // own shifting.
                _ if repeat || MODIFIERS.contains(&key) => {}
                _ => {
                    // A new press ends the hold of keys already let go, so they do not
                    // overlap.
                    self.until.retain(|k, _| physical.contains(k));
                    let until = frame + u64::from(KEY_HOLD_FRAMES);
                    self.until.insert(key, until);
                    for &modifier in MODIFIERS.iter().filter(|m| self.down.contains(m)) {
                        self.until.insert(modifier, until);
                    }
                }
            }
        }
        // The frame's own reading is the truth (events can be lost, e.g. on a focus change).
        self.down = physical.iter().copied().collect();
        self.until.retain(|_, until| *until > frame);
        let mut keys = physical.to_vec();
        keys.extend(self.until.keys().filter(|k| !physical.contains(k)));
        self.queued.retain(|k| keys.contains(k));
        keys.retain(|k| !self.queued.contains(k));
        input.keys = keys;
        input
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_shift_with_digits_leaves_them_to_the_character_queue() {
        let keys = matrix_keys(&[HostKey::LeftShift, HostKey::Key1]);
        assert!(keys.contains(&Key::Shift) && !keys.contains(&Key::N1));
        let keys = matrix_keys(&[HostKey::LeftCtrl, HostKey::Key1]);
        assert!(keys.contains(&Key::SymbolShift) && keys.contains(&Key::N1));
        let keys = matrix_keys(&[HostKey::Left]);
        assert_eq!(keys, HashSet::from([Key::Shift, Key::N5]));
        assert!(queued_symbol('!') && queued_symbol('£') && !queued_symbol('a'));
    }

    use HostEvent::{Char, Press, Release};

    impl HostKeys {
        /// A frame with the typing queue idle.
        fn frame_(&mut self, frame: u64, physical: &[HostKey], events: &[HostEvent]) -> FrameInput {
            self.frame(frame, physical, events, false)
        }
    }

    fn tap(key: HostKey, c: Option<char>) -> Vec<HostEvent> {
        let mut events = vec![Press(key)];
        events.extend(c.map(Char));
        events.push(Release(key));
        events
    }

    #[test]
    fn taps_between_two_frames_are_typed_in_order() {
        let mut keys = HostKeys::default();
        let mut events = Vec::new();
        for (key, c) in [
            (HostKey::V, 'v'),
            (HostKey::L, 'l'),
            (HostKey::Space, ' '),
            (HostKey::Key2, '2'),
            (HostKey::Enter, '\r'),
        ] {
            events.extend(tap(key, Some(c)));
        }
        // Shift+1 typed as `!` in the middle of the burst keeps its place.
        events.extend([Press(HostKey::LeftShift), Press(HostKey::Key1), Char('!')]);
        events.extend([Release(HostKey::Key1), Release(HostKey::LeftShift)]);
        events.extend(tap(HostKey::A, Some('a')));
        let input = keys.frame_(1, &[], &events);
        assert_eq!(input.typed, "vl 2\r!a");
        assert!(input.keys.is_empty(), "{:?}", input.keys);
        assert!(input.commands.is_empty());
    }

    #[test]
    fn a_key_still_down_after_taps_joins_the_queue_behind_them() {
        let mut keys = HostKeys::default();
        let mut events = tap(HostKey::V, Some('v'));
        events.extend([Press(HostKey::I), Char('i')]);
        // I is still down at the frame, but typed after V: queued, not in the matrix.
        let input = keys.frame_(1, &[HostKey::I], &events);
        assert_eq!(input.typed, "vi");
        assert!(input.keys.is_empty());
        assert!(keys.frame_(2, &[HostKey::I], &[]).keys.is_empty());
        // While the queue is still typing, a new key joins it too.
        let input = keys.frame(
            3,
            &[HostKey::S],
            &[Release(HostKey::I), Press(HostKey::S), Char('s')],
            true,
        );
        assert_eq!(input.typed, "s");
        assert!(input.keys.is_empty());
        // Once it is idle and the key is let go, the next press is the matrix's again.
        keys.frame_(4, &[], &[Release(HostKey::S)]);
        let input = keys.frame_(5, &[HostKey::T], &[Press(HostKey::T), Char('t')]);
        assert_eq!(input.keys, vec![HostKey::T]);
        assert_eq!(input.typed, "");
    }

    #[test]
    fn a_key_seen_down_goes_to_the_matrix_and_is_held_at_least_the_hold_time() {
        let mut keys = HostKeys::default();
        let input = keys.frame_(0, &[HostKey::A], &[Press(HostKey::A), Char('a')]);
        assert_eq!(input.keys, vec![HostKey::A]);
        assert_eq!(input.typed, "");
        // Let go at once: still held until the hold time is over.
        let hold = u64::from(KEY_HOLD_FRAMES);
        for frame in 1..hold {
            let input = keys.frame_(
                frame,
                &[],
                &[Release(HostKey::A)][..usize::from(frame == 1)],
            );
            assert_eq!(input.keys, vec![HostKey::A], "frame {frame}");
        }
        assert!(keys.frame_(hold, &[], &[]).keys.is_empty());
        // Held long: down for as long as it is held, and key repeats change nothing.
        keys.frame_(10, &[HostKey::B], &[Press(HostKey::B), Char('b')]);
        for frame in 11..40 {
            let input = keys.frame_(frame, &[HostKey::B], &[Press(HostKey::B), Char('b')]);
            assert_eq!(input.keys, vec![HostKey::B]);
            assert_eq!(input.typed, "");
        }
        assert!(keys.frame_(40, &[], &[Release(HostKey::B)]).keys.is_empty());
    }

    #[test]
    fn a_tap_without_a_character_is_held_in_the_matrix_until_the_next_press() {
        let mut keys = HostKeys::default();
        let input = keys.frame_(0, &[], &tap(HostKey::Left, None));
        assert_eq!(input.keys, vec![HostKey::Left]);
        assert!(matrix_keys(&input.keys).contains(&Key::N5));
        let input = keys.frame_(1, &[], &tap(HostKey::Right, None));
        assert_eq!(input.keys, vec![HostKey::Right]);
        // Esc (BREAK) types a character the Ace has no key for: the matrix too.
        let input = keys.frame_(2, &[], &tap(HostKey::Escape, Some('\u{1b}')));
        assert_eq!(input.keys, vec![HostKey::Escape]);
        assert_eq!(input.typed, "");
        // Ctrl+P (SYMBOL SHIFT+P, `"`) tapped: a control character, so the matrix.
        let mut events = vec![Press(HostKey::LeftCtrl)];
        events.extend(tap(HostKey::P, Some('\u{10}')));
        events.push(Release(HostKey::LeftCtrl));
        let input = keys.frame_(3, &[], &events);
        let matrix = matrix_keys(&input.keys);
        assert!(matrix.contains(&Key::SymbolShift) && matrix.contains(&Key::P));
        assert_eq!(input.typed, "");
    }

    #[test]
    fn window_commands_fire_once_per_press_even_when_tapped() {
        let mut keys = HostKeys::default();
        let input = keys.frame_(0, &[], &tap(HostKey::F2, None));
        assert_eq!(input.commands, vec![HostKey::F2]);
        assert!(input.keys.is_empty());
        let input = keys.frame_(1, &[HostKey::F9], &[Press(HostKey::F9)]);
        assert_eq!(input.commands, vec![HostKey::F9]);
        // Auto-repeat while held: no second command.
        let input = keys.frame_(2, &[HostKey::F9], &[Press(HostKey::F9), Press(HostKey::F9)]);
        assert!(input.commands.is_empty());
    }

    #[test]
    fn a_digit_typed_as_a_symbol_stays_out_when_shift_goes_first() {
        let mut keys = HostKeys::default();
        let shift = HostKey::LeftShift;
        keys.frame_(0, &[shift], &[Press(shift)]);
        let input = keys.frame_(
            1,
            &[shift, HostKey::Key1],
            &[Press(HostKey::Key1), Char('!')],
        );
        assert_eq!(input.typed, "!");
        assert!(!matrix_keys(&input.keys).contains(&Key::N1));
        // Shift let go first, the digit still down: still not the digit.
        for frame in 2..10 {
            let events = if frame == 2 {
                vec![Release(shift)]
            } else {
                vec![]
            };
            let input = keys.frame_(frame, &[HostKey::Key1], &events);
            assert!(
                !matrix_keys(&input.keys).contains(&Key::N1),
                "frame {frame}"
            );
        }
        // Let go, then pressed alone: the digit, from the matrix.
        keys.frame_(10, &[], &[Release(HostKey::Key1)]);
        let input = keys.frame_(11, &[HostKey::Key1], &[Press(HostKey::Key1), Char('1')]);
        assert!(matrix_keys(&input.keys).contains(&Key::N1));
        assert_eq!(input.typed, "");
    }
}
