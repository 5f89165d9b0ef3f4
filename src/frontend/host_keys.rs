//! Host keys to Ace key strokes for the window: each press of a host key (with the
//! character it typed, if any) becomes one stroke for the [`KeyPlayer`], and the window's
//! own keys (F1, F2, ...) become commands.

use super::key_player::{KeyPlayer, Stroke};
use crate::machine::keyboard::{stroke_for, Modifier};
use crate::machine::{Ace, Key};
use minifb::Key as HostKey;
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

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
    // With host Shift, digits are symbols: they come as characters instead.
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

const MODIFIERS: [HostKey; 4] = [
    HostKey::LeftShift,
    HostKey::RightShift,
    HostKey::LeftCtrl,
    HostKey::RightCtrl,
];

/// The window's own keys, never sent to the Ace (see [`super::window`] for what they do).
pub const COMMANDS: [HostKey; 12] = [
    HostKey::F1,
    HostKey::F2,
    HostKey::F3,
    HostKey::F4,
    HostKey::F5,
    HostKey::F6,
    HostKey::F7,
    HostKey::F8,
    HostKey::F9,
    HostKey::F10,
    HostKey::F11,
    HostKey::F12,
];

/// What the window's input callback reports between two frames, in the order it
/// happened. On X11 a key press is followed by the character it types, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostEvent {
    Press(HostKey),
    Release(HostKey),
    Char(char),
}

/// The window's input callback (given to minifb): collects the key presses, releases and
/// typed characters between two frames, in order.
pub struct InputLog(Rc<RefCell<Vec<HostEvent>>>);

impl minifb::InputCallback for InputLog {
    fn add_char(&mut self, uni_char: u32) {
        if let Some(c) = char::from_u32(uni_char) {
            self.0.borrow_mut().push(HostEvent::Char(c));
        }
    }

    fn set_key_state(&mut self, key: HostKey, down: bool) {
        let event = if down {
            HostEvent::Press(key)
        } else {
            HostEvent::Release(key)
        };
        self.0.borrow_mut().push(event);
    }
}

/// A stroke made by a host key.
pub type HostStroke = Stroke<HostKey>;

/// One frame's worth of host input, sorted out.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FrameInput {
    /// Key strokes for the Ace, in the order they were pressed.
    pub strokes: Vec<HostStroke>,
    /// Window commands pressed (F1 ...), key repeats left out.
    pub commands: Vec<HostKey>,
    /// Characters typed, in order, whatever the key, for a prompt in the title bar: see
    /// [`prompt_char`].
    pub chars: Vec<char>,
}

/// The character a key press types into a prompt in the title bar. Letters take the case
/// Shift gives: the host's Caps Lock is the Ace's CAPS LOCK, and a file name typed on the
/// host should not come out in capitals because the Ace's is on. Tab is `\t` (it completes
/// names) also where the host types no character for it.
pub fn prompt_char(key: HostKey, typed: Option<char>, shift: bool) -> Option<char> {
    if key == HostKey::Tab {
        return Some('\t');
    }
    let c = typed?;
    if !c.is_alphabetic() {
        return Some(c);
    }
    let cased: Vec<char> = if shift {
        c.to_uppercase().collect()
    } else {
        c.to_lowercase().collect()
    };
    match (cased.first().copied(), cased.get(1)) {
        (Some(one), None) => Some(one),
        // A letter whose other case is several characters: left as typed.
        _ => Some(c),
    }
}

/// The stroke that types `c`, if the Ace can type it.
fn char_stroke(c: char, source: Option<HostKey>) -> Option<HostStroke> {
    let stroke = stroke_for(c)?;
    let modifiers = match stroke.modifier {
        Modifier::None => vec![],
        Modifier::Shift => vec![Key::Shift],
        Modifier::Symbol => vec![Key::SymbolShift],
    };
    Some(Stroke {
        modifiers,
        keys: vec![stroke.key],
        source,
    })
}

/// The stroke of a key with no character the Ace can type (an arrow, Esc for BREAK,
/// Ctrl+letter for SYMBOL SHIFT+letter), from the modifiers held with it.
fn matrix_stroke(key: HostKey, down: &HashSet<HostKey>) -> Option<HostStroke> {
    let mut held: Vec<HostKey> = MODIFIERS
        .iter()
        .copied()
        .filter(|m| down.contains(m))
        .collect();
    held.push(key);
    let keys = matrix_keys(&held);
    let is_modifier = |k: &Key| matches!(k, Key::Shift | Key::SymbolShift);
    if !keys.iter().any(|k| !is_modifier(k)) {
        return None;
    }
    let mut modifiers: Vec<Key> = keys.iter().copied().filter(is_modifier).collect();
    let mut others: Vec<Key> = keys.into_iter().filter(|k| !is_modifier(k)).collect();
    modifiers.sort_by_key(|k| *k as usize);
    others.sort_by_key(|k| *k as usize);
    Some(Stroke {
        modifiers,
        keys: others,
        source: Some(key),
    })
}

/// Sorts the host's key events into strokes and window commands.
///
/// Every new press of a key is one stroke, whatever happens between two frames: the host
/// reports them all, and the [`KeyPlayer`] plays them one after another. A key typing a
/// character the Ace has (letters in either case, digits, symbols typed the host's way
/// such as Shift+1 for `!` or `;`) is that character's stroke; any other key (arrows, Esc,
/// Ctrl+letter) is the stroke its host key and modifiers stand for ([`matrix_keys`]).
/// Key repeats from the host are left out: the Ace repeats a held key itself.
#[derive(Debug, Default)]
pub struct HostKeys {
    /// Keys down as the events tell it (to tell key repeats from new presses).
    down: HashSet<HostKey>,
}

impl HostKeys {
    /// Sorts out `events` (since the last frame); `physical` are the keys held now.
    pub fn frame(&mut self, physical: &[HostKey], events: &[HostEvent]) -> FrameInput {
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
                    // A character without its key press (an input method).
                    input.chars.push(c);
                    input.strokes.extend(char_stroke(c, None));
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
            if repeat {
                continue;
            }
            let shift =
                self.down.contains(&HostKey::LeftShift) || self.down.contains(&HostKey::RightShift);
            input.chars.extend(prompt_char(key, typed, shift));
            if COMMANDS.contains(&key) {
                input.commands.push(key);
                continue;
            }
            if MODIFIERS.contains(&key) {
                continue;
            }
            let ctrl =
                self.down.contains(&HostKey::LeftCtrl) || self.down.contains(&HostKey::RightCtrl);
            let stroke = typed
                .filter(|_| !ctrl)
                .and_then(|c| char_stroke(c, Some(key)))
                .or_else(|| matrix_stroke(key, &self.down));
            input.strokes.extend(stroke);
        }
        // The frame's own reading is the truth (events can be lost, e.g. on a focus change).
        self.down = physical.iter().copied().collect();
        input
    }
}

/// The window's keyboard, from minifb's callback to the Ace's matrix: the layer the
/// window runs each frame, and tests drive without a window.
pub struct WindowInput {
    events: Rc<RefCell<Vec<HostEvent>>>,
    keys: HostKeys,
    player: KeyPlayer<HostKey>,
    /// Strokes dropped because [`super::key_player::MAX_QUEUED_STROKES`] were already waiting.
    dropped: usize,
    debug: bool,
}

impl Default for WindowInput {
    fn default() -> Self {
        WindowInput {
            events: Rc::default(),
            keys: HostKeys::default(),
            player: KeyPlayer::default(),
            dropped: 0,
            debug: std::env::var_os("ACEEMU_DEBUG_KEYS").is_some(),
        }
    }
}

impl WindowInput {
    /// The callback to hand to minifb (`Window::set_input_callback`).
    pub fn callback(&self) -> InputLog {
        InputLog(self.events.clone())
    }

    /// Takes the events since the last call; `physical` are the keys held now
    /// (`Window::get_keys`). With `for_the_ace` the strokes are queued for the Ace (else
    /// dropped: the keys went to the window's help or prompt); commands and characters
    /// are returned.
    pub fn take_events(&mut self, physical: &[HostKey], for_the_ace: bool) -> FrameInput {
        let events = std::mem::take(&mut *self.events.borrow_mut());
        let mut input = self.keys.frame(physical, &events);
        if self.debug && !events.is_empty() {
            eprintln!(
                "aceemu: keys {events:?} -> strokes {:?}, commands {:?}",
                input.strokes, input.commands
            );
        }
        for stroke in input.strokes.drain(..).filter(|_| for_the_ace) {
            if !self.player.push(stroke) {
                self.dropped += 1;
            }
        }
        input
    }

    /// Sets the Ace's matrix for the frame about to run; `physical` are the keys held now
    /// (the last stroke stays down while its key is among them).
    pub fn play(&mut self, ace: &mut Ace, physical: &[HostKey]) {
        self.player.frame(ace, |k| physical.contains(&k));
    }

    /// Drops the strokes not yet played and lets go of the keys (the Ace was reset).
    pub fn clear(&mut self, ace: &mut Ace) {
        self.player.clear(ace);
    }

    /// Strokes waiting to be played (not counting the one being played).
    pub fn backlog(&self) -> usize {
        self.player.queued()
    }

    /// Strokes dropped so far because the queue was full (typed too far ahead).
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// True when every stroke has been played.
    pub fn is_idle(&self) -> bool {
        self.player.is_idle()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_shift_with_digits_leaves_them_to_their_characters() {
        let keys = matrix_keys(&[HostKey::LeftShift, HostKey::Key1]);
        assert!(keys.contains(&Key::Shift) && !keys.contains(&Key::N1));
        let keys = matrix_keys(&[HostKey::LeftCtrl, HostKey::Key1]);
        assert!(keys.contains(&Key::SymbolShift) && keys.contains(&Key::N1));
        let keys = matrix_keys(&[HostKey::Left]);
        assert_eq!(keys, HashSet::from([Key::Shift, Key::N5]));
    }

    /// The host's Caps Lock is the Ace's: a file name typed into the prompt keeps the
    /// case Shift gives it, and Tab reaches the prompt as `\t`.
    #[test]
    fn prompt_characters_ignore_caps_lock_and_keep_tab() {
        let events = [
            Press(HostKey::CapsLock),
            Release(HostKey::CapsLock),
            Press(HostKey::T),
            Char('T'),
            Release(HostKey::T),
            Press(HostKey::LeftShift),
            Press(HostKey::A),
            Char('a'),
            Release(HostKey::A),
            Release(HostKey::LeftShift),
            Press(HostKey::Slash),
            Char('/'),
            Release(HostKey::Slash),
            Press(HostKey::Tab),
            Release(HostKey::Tab),
        ];
        let input = HostKeys::default().frame(&[], &events);
        assert_eq!(input.chars, ['t', 'A', '/', '\t']);
    }

    use HostEvent::{Char, Press, Release};

    fn tap(key: HostKey, c: Option<char>) -> Vec<HostEvent> {
        let mut events = vec![Press(key)];
        events.extend(c.map(Char));
        events.push(Release(key));
        events
    }

    fn stroke(modifiers: &[Key], keys: &[Key], source: Option<HostKey>) -> HostStroke {
        Stroke {
            modifiers: modifiers.to_vec(),
            keys: keys.to_vec(),
            source,
        }
    }

    #[test]
    fn every_press_is_a_stroke_in_order_even_between_two_frames() {
        let mut keys = HostKeys::default();
        let mut events = Vec::new();
        for (key, c) in [
            (HostKey::Key1, '1'),
            (HostKey::Key1, '1'),
            (HostKey::Space, ' '),
            (HostKey::Enter, '\r'),
        ] {
            events.extend(tap(key, Some(c)));
        }
        // Shift+1 typed as `!` and a capital keep their places.
        events.extend([Press(HostKey::LeftShift), Press(HostKey::Key1), Char('!')]);
        events.extend([Press(HostKey::B), Char('B')]);
        events.extend([Release(HostKey::Key1), Release(HostKey::LeftShift)]);
        let input = keys.frame(&[HostKey::B], &events);
        let one = |k| stroke(&[], &[Key::N1], Some(k));
        assert_eq!(
            input.strokes,
            vec![
                one(HostKey::Key1),
                one(HostKey::Key1),
                stroke(&[], &[Key::Space], Some(HostKey::Space)),
                stroke(&[], &[Key::Enter], Some(HostKey::Enter)),
                stroke(&[Key::SymbolShift], &[Key::N1], Some(HostKey::Key1)),
                stroke(&[Key::Shift], &[Key::B], Some(HostKey::B)),
            ]
        );
        assert!(input.commands.is_empty());
        // B is held: its auto-repeat presses are no new strokes.
        let input = keys.frame(&[HostKey::B], &[Press(HostKey::B), Char('B')]);
        assert!(input.strokes.is_empty());
    }

    #[test]
    fn keys_without_a_character_are_the_strokes_their_matrix_keys_stand_for() {
        let mut keys = HostKeys::default();
        let input = keys.frame(&[], &tap(HostKey::Left, None));
        assert_eq!(
            input.strokes,
            vec![stroke(&[Key::Shift], &[Key::N5], Some(HostKey::Left))]
        );
        // Esc is BREAK (SHIFT+SPACE), though it types a character.
        let input = keys.frame(&[], &tap(HostKey::Escape, Some('\u{1b}')));
        assert_eq!(
            input.strokes,
            vec![stroke(&[Key::Shift], &[Key::Space], Some(HostKey::Escape))]
        );
        // Ctrl+P (SYMBOL SHIFT+P, `"`): a control character, so the matrix keys.
        let mut events = vec![Press(HostKey::LeftCtrl)];
        events.extend(tap(HostKey::P, Some('\u{10}')));
        events.push(Release(HostKey::LeftCtrl));
        let input = keys.frame(&[], &events);
        assert_eq!(
            input.strokes,
            vec![stroke(&[Key::SymbolShift], &[Key::P], Some(HostKey::P))]
        );
        // Modifiers alone are no stroke.
        let input = keys.frame(&[], &tap(HostKey::LeftShift, None));
        assert!(input.strokes.is_empty());
    }

    #[test]
    fn window_commands_fire_once_per_press_even_when_tapped() {
        let mut keys = HostKeys::default();
        let input = keys.frame(&[], &tap(HostKey::F2, None));
        assert_eq!(input.commands, vec![HostKey::F2]);
        assert!(input.strokes.is_empty());
        let input = keys.frame(&[HostKey::F9], &[Press(HostKey::F9)]);
        assert_eq!(input.commands, vec![HostKey::F9]);
        // Auto-repeat while held: no second command.
        let input = keys.frame(&[HostKey::F9], &[Press(HostKey::F9), Press(HostKey::F9)]);
        assert!(input.commands.is_empty());
    }
}
