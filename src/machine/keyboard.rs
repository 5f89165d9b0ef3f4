//! The keyboard: 40 keys in 8 half-rows of 5 (spec section 6), key names, and the typing
//! queue that turns text into key presses timed so the ROM's scanner reads them reliably.

use std::collections::VecDeque;

/// Defines [`Key`] and [`ALL_KEYS`] from one list, so the matrix order is written once.
macro_rules! keys_in_matrix_order {
    ($($key:ident),* $(,)?) => {
        /// One of the Ace's 40 keys.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Key {
            $($key),*
        }

        /// All keys in matrix order: half-row `i` (address line A8+i low) holds keys
        /// `5i..5i+5`, bit 0 first.
        pub const ALL_KEYS: [Key; 40] = [$(Key::$key),*];
    };
}

// Half-rows A8 to A15 (spec section 6), bit 0 first on each line.
keys_in_matrix_order! {
    Shift, SymbolShift, Z, X, C,
    A, S, D, F, G,
    Q, W, E, R, T,
    N1, N2, N3, N4, N5,
    N0, N9, N8, N7, N6,
    P, O, I, U, Y,
    Enter, L, K, J, H,
    Space, M, N, B, V,
}

impl Key {
    /// (half-row 0-7, bit 0-4) of this key in the matrix.
    pub fn matrix_position(self) -> (usize, u8) {
        let index = self as usize;
        (index / 5, (index % 5) as u8)
    }

    /// The key for a letter or digit (either case), if any.
    pub fn from_char(c: char) -> Option<Key> {
        use Key::*;
        let key = match c.to_ascii_uppercase() {
            'A' => A,
            'B' => B,
            'C' => C,
            'D' => D,
            'E' => E,
            'F' => F,
            'G' => G,
            'H' => H,
            'I' => I,
            'J' => J,
            'K' => K,
            'L' => L,
            'M' => M,
            'N' => N,
            'O' => O,
            'P' => P,
            'Q' => Q,
            'R' => R,
            'S' => S,
            'T' => T,
            'U' => U,
            'V' => V,
            'W' => W,
            'X' => X,
            'Y' => Y,
            'Z' => Z,
            '0' => N0,
            '1' => N1,
            '2' => N2,
            '3' => N3,
            '4' => N4,
            '5' => N5,
            '6' => N6,
            '7' => N7,
            '8' => N8,
            '9' => N9,
            ' ' => Space,
            _ => return None,
        };
        Some(key)
    }

    /// A short name for messages ("SHIFT", "SYMBOL SHIFT", "ENTER", "A", "1").
    pub fn name(self) -> &'static str {
        use Key::*;
        match self {
            Shift => "SHIFT",
            SymbolShift => "SYMBOL SHIFT",
            Enter => "ENTER",
            Space => "SPACE",
            A => "A",
            B => "B",
            C => "C",
            D => "D",
            E => "E",
            F => "F",
            G => "G",
            H => "H",
            I => "I",
            J => "J",
            K => "K",
            L => "L",
            M => "M",
            N => "N",
            O => "O",
            P => "P",
            Q => "Q",
            R => "R",
            S => "S",
            T => "T",
            U => "U",
            V => "V",
            W => "W",
            X => "X",
            Y => "Y",
            Z => "Z",
            N0 => "0",
            N1 => "1",
            N2 => "2",
            N3 => "3",
            N4 => "4",
            N5 => "5",
            N6 => "6",
            N7 => "7",
            N8 => "8",
            N9 => "9",
        }
    }
}

/// Which shift key a typed character needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Modifier {
    None,
    Shift,
    Symbol,
}

/// A typed character as a key combination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stroke {
    pub modifier: Modifier,
    pub key: Key,
}

/// The key combination that types `c` on the Ace (spec section 6), if there is one.
///
/// Upper-case letters use SHIFT, lower-case letters none; `\n` is ENTER; `\u{8}` (backspace)
/// is DELETE (SHIFT+0); `£` and `©` are SYMBOL SHIFT+X and +I; the other symbols use SYMBOL
/// SHIFT as in the spec's table.
pub fn stroke_for(c: char) -> Option<Stroke> {
    use Key::*;
    use Modifier as M;
    let (modifier, key) = match c {
        'a'..='z' | '0'..='9' | ' ' => (M::None, Key::from_char(c)?),
        'A'..='Z' => (M::Shift, Key::from_char(c)?),
        '\n' | '\r' => (M::None, Enter),
        '\u{8}' => (M::Shift, N0),
        '!' => (M::Symbol, N1),
        '@' => (M::Symbol, N2),
        '#' => (M::Symbol, N3),
        '$' => (M::Symbol, N4),
        '%' => (M::Symbol, N5),
        '&' => (M::Symbol, N6),
        '\'' => (M::Symbol, N7),
        '(' => (M::Symbol, N8),
        ')' => (M::Symbol, N9),
        '_' => (M::Symbol, N0),
        ':' => (M::Symbol, Z),
        '£' | '`' => (M::Symbol, X),
        '?' => (M::Symbol, C),
        '/' => (M::Symbol, V),
        '*' => (M::Symbol, B),
        ',' => (M::Symbol, N),
        '.' => (M::Symbol, M),
        '~' => (M::Symbol, A),
        '|' => (M::Symbol, S),
        '\\' => (M::Symbol, D),
        '{' => (M::Symbol, F),
        '}' => (M::Symbol, G),
        '^' => (M::Symbol, H),
        '-' => (M::Symbol, J),
        '+' => (M::Symbol, K),
        '=' => (M::Symbol, L),
        '[' => (M::Symbol, Y),
        ']' => (M::Symbol, U),
        '©' => (M::Symbol, I),
        ';' => (M::Symbol, O),
        '"' => (M::Symbol, P),
        '<' => (M::Symbol, R),
        '>' => (M::Symbol, T),
        _ => return None,
    };
    Some(Stroke { modifier, key })
}

/// A character that cannot be typed on the Ace.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot type {ch:?} (character {index} of the text) on the Jupiter Ace keyboard")]
pub struct UntypableChar {
    pub ch: char,
    pub index: usize,
}

/// Converts text into strokes, failing on the first character the Ace cannot type.
pub fn strokes_for(text: &str) -> Result<Vec<Stroke>, UntypableChar> {
    text.chars()
        .enumerate()
        .map(|(index, ch)| stroke_for(ch).ok_or(UntypableChar { ch, index }))
        .collect()
}

/// The key matrix: which keys are held down.
#[derive(Debug, Clone, Default)]
pub struct Matrix {
    /// Bit set = key pressed, per half-row (bits 0-4).
    pressed: [u8; 8],
}

impl Matrix {
    pub fn press(&mut self, key: Key) {
        let (row, bit) = key.matrix_position();
        self.pressed[row] |= 1 << bit;
    }

    pub fn release(&mut self, key: Key) {
        let (row, bit) = key.matrix_position();
        self.pressed[row] &= !(1 << bit);
    }

    pub fn release_all(&mut self) {
        self.pressed = [0; 8];
    }

    pub fn is_pressed(&self, key: Key) -> bool {
        let (row, bit) = key.matrix_position();
        self.pressed[row] & (1 << bit) != 0
    }

    /// Bits 0-4 of an IN from an even port whose high address byte is `high`: a half-row
    /// is selected by a 0 on its address line; the selected rows are ANDed; 0 = pressed.
    pub fn read(&self, high: u8) -> u8 {
        let mut pressed = 0;
        for (row, keys) in self.pressed.iter().enumerate() {
            if high & (1 << row) == 0 {
                pressed |= keys;
            }
        }
        !pressed & 0x1F
    }
}

/// Frames the typing queue holds each step (spec 6: shift ≥1 frame before the key, key
/// held ≥3 frames (we use 4), ≥2 frames with nothing pressed between keys).
pub const SHIFT_LEAD_FRAMES: u32 = 1;
pub const KEY_HOLD_FRAMES: u32 = 4;
pub const SHIFT_TRAIL_FRAMES: u32 = 1;
pub const GAP_FRAMES: u32 = 2;

/// One step of the typing queue: the set of keys held for a number of frames.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyStep {
    pub keys: Vec<Key>,
    pub frames: u32,
}

/// The key states (one per frame) that type `strokes`, as a list of steps.
pub fn schedule(strokes: &[Stroke]) -> Vec<KeyStep> {
    let mut steps = Vec::new();
    for stroke in strokes {
        let shift = match stroke.modifier {
            Modifier::None => None,
            Modifier::Shift => Some(Key::Shift),
            Modifier::Symbol => Some(Key::SymbolShift),
        };
        match shift {
            Some(shift) => {
                steps.push(KeyStep {
                    keys: vec![shift],
                    frames: SHIFT_LEAD_FRAMES,
                });
                steps.push(KeyStep {
                    keys: vec![shift, stroke.key],
                    frames: KEY_HOLD_FRAMES,
                });
                steps.push(KeyStep {
                    keys: vec![shift],
                    frames: SHIFT_TRAIL_FRAMES,
                });
            }
            None => steps.push(KeyStep {
                keys: vec![stroke.key],
                frames: KEY_HOLD_FRAMES,
            }),
        }
        steps.push(KeyStep {
            keys: vec![],
            frames: GAP_FRAMES,
        });
    }
    steps
}

/// What the typing queue did at a frame start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Keys went on (or there was nothing to type).
    Moving,
    /// Keys are waiting for the ROM's line editor after an ENTER.
    WaitingForPrompt,
}

/// Plays a schedule of key steps, one frame at a time, onto the matrix.
///
/// After ENTER it waits, before pressing the next key, until the ROM is back in its line
/// editor (see [`line_editor_waiting`]), as a person waits for the cursor: keys pressed
/// while the ROM is still busy with the line would be scanned and thrown away. It waits
/// at most [`PROMPT_WAIT_FRAMES`], so keys meant for a running program (INKEY, KEY) still
/// arrive.
#[derive(Debug, Clone, Default)]
pub struct TypingQueue {
    steps: VecDeque<KeyStep>,
    /// Frames left of the step at the front, once it has been applied.
    frames_left: u32,
    /// Keys the queue holds down right now (so it only releases its own).
    held: Vec<Key>,
    /// ENTER was typed: the next key waits for the line editor.
    after_enter: bool,
    /// Frames waited so far for the line editor.
    waited: u32,
}

/// CAPS LOCK: SHIFT+2 (spec ace-hardware.md, keyboard table).
pub const CAPS_LOCK: Stroke = Stroke {
    modifier: Modifier::Shift,
    key: Key::N2,
};

/// STATIN bit 1: CAPS LOCK is on (ace-forth.md 2).
pub fn caps_lock_on(statin: u8) -> bool {
    statin & 2 != 0
}

/// Longest wait for the line editor after ENTER (5 s), before typing on regardless.
pub const PROMPT_WAIT_FRAMES: u32 = 250;

/// System variable STATIN (0x3C28), whose bit 0 the Ace's ROM sets while its line editor
/// waits for a line (ace-forth.md 2); the open ROM keeps the same convention.
pub const STATIN: u16 = 0x3C28;

/// True when the Ace ROM's line editor is waiting for input, judged by STATIN's bit 0.
pub fn line_editor_waiting(statin: u8) -> bool {
    statin & 1 != 0
}

impl TypingQueue {
    pub fn push(&mut self, steps: Vec<KeyStep>) {
        self.steps.extend(steps);
    }

    /// True when nothing is queued and the queue holds no key.
    pub fn is_done(&self) -> bool {
        self.steps.is_empty() && self.frames_left == 0 && self.held.is_empty()
    }

    /// True when typing is under way and everything left of it only lets keys go (the
    /// hold of the last key, the shift after it, the gap after it): every key it would
    /// press has been pressed already.
    pub fn only_releases_left(&self) -> bool {
        let mut held: &[Key] = &self.held;
        for step in &self.steps {
            if !step.keys.iter().all(|k| held.contains(k)) {
                return false;
            }
            held = &step.keys;
        }
        !self.is_done()
    }

    /// Drops everything queued and releases the queue's keys.
    pub fn clear(&mut self, matrix: &mut Matrix) {
        self.steps.clear();
        self.frames_left = 0;
        self.after_enter = false;
        self.waited = 0;
        self.release_held(matrix);
    }

    /// Releases the keys the queue holds (and only those: the user may hold others).
    fn release_held(&mut self, matrix: &mut Matrix) {
        for key in self.held.drain(..) {
            matrix.release(key);
        }
    }

    /// Called at the start of every frame: applies the key state for this frame.
    pub fn frame(&mut self, matrix: &mut Matrix, editor_waiting: bool) -> Progress {
        if self.frames_left > 0 {
            self.frames_left -= 1;
        }
        while self.frames_left == 0 {
            let next_presses = self.steps.front().is_some_and(|step| !step.keys.is_empty());
            if self.after_enter && next_presses {
                if !editor_waiting && self.waited < PROMPT_WAIT_FRAMES {
                    self.waited += 1;
                    return Progress::WaitingForPrompt;
                }
                self.after_enter = false;
                self.waited = 0;
            }
            match self.steps.pop_front() {
                Some(step) => {
                    self.release_held(matrix);
                    for &key in &step.keys {
                        matrix.press(key);
                    }
                    self.after_enter |= step.keys.contains(&Key::Enter);
                    self.held = step.keys;
                    self.frames_left = step.frames;
                }
                None => {
                    self.release_held(matrix);
                    self.after_enter = false;
                    return Progress::Moving;
                }
            }
        }
        Progress::Moving
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrix_positions_follow_the_spec_table() {
        assert_eq!(Key::Shift.matrix_position(), (0, 0));
        assert_eq!(Key::G.matrix_position(), (1, 4));
        assert_eq!(Key::N6.matrix_position(), (4, 4));
        assert_eq!(Key::Enter.matrix_position(), (6, 0));
        assert_eq!(Key::V.matrix_position(), (7, 4));
    }

    #[test]
    fn selected_rows_are_anded() {
        let mut m = Matrix::default();
        m.press(Key::A); // row 1 bit 0
        m.press(Key::W); // row 2 bit 1
        assert_eq!(m.read(0xFD), 0x1E);
        assert_eq!(m.read(0xFB), 0x1D);
        assert_eq!(m.read(0xF9), 0x1C);
        assert_eq!(m.read(0xFE), 0x1F);
        assert_eq!(m.read(0x00), 0x1C);
    }

    #[test]
    fn only_releases_are_left_once_the_last_key_is_down() {
        let mut queue = TypingQueue::default();
        let mut m = Matrix::default();
        assert!(!queue.only_releases_left(), "nothing queued");
        queue.push(schedule(&strokes_for("aB").unwrap()));
        queue.frame(&mut m, true);
        assert!(m.is_pressed(Key::A));
        assert!(!queue.only_releases_left(), "B is still to come");
        // A: 4 frames held, 2 gap; B: SHIFT 1 frame, then SHIFT+B.
        for _ in 0..7 {
            queue.frame(&mut m, true);
        }
        assert!(m.is_pressed(Key::B) && m.is_pressed(Key::Shift));
        assert!(queue.only_releases_left());
        queue.clear(&mut m);
        assert!(!m.is_pressed(Key::B) && !m.is_pressed(Key::Shift));
        assert!(queue.is_done() && !queue.only_releases_left());
    }

    #[test]
    fn untypable_character_is_reported_with_its_place() {
        let err = strokes_for("ab\tc").unwrap_err();
        assert_eq!(err, UntypableChar { ch: '\t', index: 2 });
    }
}
