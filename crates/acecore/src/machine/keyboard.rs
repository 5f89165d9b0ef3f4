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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UntypableChar {
    pub ch: char,
    pub index: usize,
}

impl std::fmt::Display for UntypableChar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot type {:?} (character {} of the text) on the Jupiter Ace keyboard",
            self.ch, self.index
        )
    }
}

impl std::error::Error for UntypableChar {}

/// Converts text into strokes, failing on the first character the Ace cannot type.
pub fn strokes_for(text: &str) -> Result<Vec<Stroke>, UntypableChar> {
    text.chars()
        .enumerate()
        .map(|(index, ch)| stroke_for(ch).ok_or(UntypableChar { ch, index }))
        .collect()
}

/// System variable KEYCOD (0x3C26): the code of the key the ROM's interrupt scanner last
/// saw, 0 when no key is down (ace-forth.md 2). A program may take its keys from here
/// instead of reading the port (the CABBAGE engine does).
pub const KEYCOD: u16 = 0x3C26;

/// What the program (not the ROM's interrupt scan) has read of the keys since they last
/// changed: the port's half-rows, and KEYCOD.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KeyReads {
    /// Bit `i` set = half-row `i` has been read from the port. All eight: the program has
    /// scanned the whole keyboard, so it has seen the change.
    pub rows: u8,
    /// The program read KEYCOD while it held a key's code (not 0, not the scanner's 0xFF
    /// for "several keys"): it has seen a key that went down.
    pub keycod_key: bool,
    /// The program read KEYCOD while it held 0: it has seen the keys come up.
    pub keycod_none: bool,
}

/// The key matrix: which keys are held down, and what the program has read of them since
/// they last changed.
#[derive(Debug, Clone, Default)]
pub struct Matrix {
    /// Bit set = key pressed, per half-row (bits 0-4).
    pressed: [u8; 8],
    /// The program's reads since a key last went down or up.
    reads: KeyReads,
}

impl Matrix {
    pub fn press(&mut self, key: Key) {
        let (row, bit) = key.matrix_position();
        if self.pressed[row] & (1 << bit) == 0 {
            self.pressed[row] |= 1 << bit;
            self.reads = KeyReads::default();
        }
    }

    pub fn release(&mut self, key: Key) {
        let (row, bit) = key.matrix_position();
        if self.pressed[row] & (1 << bit) != 0 {
            self.pressed[row] &= !(1 << bit);
            self.reads = KeyReads::default();
        }
    }

    pub fn release_all(&mut self) {
        if self.pressed != [0; 8] {
            self.reads = KeyReads::default();
        }
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

    /// Notes that the program read the half-rows selected by `high` (the bus calls this
    /// for reads outside the interrupt handler).
    #[inline]
    pub fn note_program_read(&mut self, high: u8) {
        self.reads.rows |= !high;
    }

    /// Notes that the program read `value` from KEYCOD (the bus calls this for memory
    /// reads of [`KEYCOD`] outside the interrupt handler).
    pub fn note_keycod_read(&mut self, value: u8) {
        match value {
            0 => self.reads.keycod_none = true,
            0xFF => {}
            _ => self.reads.keycod_key = true,
        }
    }

    /// The half-rows the program has read since the keys last changed (bit `i`: half-row
    /// `i`). All eight: a program that scans the keyboard (INKEY, or its own loop over the
    /// rows) has seen the change. A program that reads only some rows, or the ROM's line
    /// editor (fed by the interrupt's scan), never reads all eight.
    pub fn rows_read_since_change(&self) -> u8 {
        self.reads.rows
    }

    /// What the program has read of the keys since they last changed: the half-rows and
    /// KEYCOD.
    pub fn reads_since_change(&self) -> KeyReads {
        self.reads
    }

    /// Starts watching for the program's reads afresh, as if the keys had just changed.
    pub fn forget_reads(&mut self) {
        self.reads = KeyReads::default();
    }
}

/// Frames the typing queue holds each step (spec 6: shift ≥1 frame before the key, key
/// held ≥3 frames (we use 4), ≥2 frames with nothing pressed between keys). These are the
/// minimums; a tap for a program is held longer, until the program has read it (see
/// [`ChangeHold`]).
pub const SHIFT_LEAD_FRAMES: u32 = 1;
pub const KEY_HOLD_FRAMES: u32 = 4;
pub const SHIFT_TRAIL_FRAMES: u32 = 1;
pub const GAP_FRAMES: u32 = 2;

/// Longest a key press or release waits to be read by a program that has been seen
/// scanning the keyboard (INKEY in a loop, however slow), or by one that has read no key
/// at all since (busy: the keys are typed ahead): 5 s.
pub const UNREAD_WAIT_SCANNING_FRAMES: u32 = 250;

/// Longest a key press or release waits to be read by a guest that reads only some
/// half-rows (a game watching a few keys; reads of the BREAK test's half-rows alone do not
/// count) and was not seen scanning them all: 0.2 s, a quick tap on a real Ace.
pub const UNREAD_WAIT_OTHER_FRAMES: u32 = 10;

/// The scan on which the ROM's scanner delivers a key that has just gone down (spec 6:
/// the third frame it sees it, the frame before having seen no key). Delivered while the
/// line editor is not waiting, the key is thrown away, and a key held on is not delivered
/// again until it repeats.
pub const ROM_DELIVERY_SCAN: u32 = 3;

/// Who reads the keyboard at a frame start, as far as the key players need to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// The ROM's line editor is waiting for a line (STATIN bit 0): the interrupt's scan
    /// takes keys with the fixed timing of spec 6.
    LineEditor,
    /// An interrupt-driven ROM busy with something else (running a program).
    Busy,
    /// A guest that never takes interrupts: it polls the keyboard itself.
    Poller,
    /// A guest that has not read the keyboard once since reset: nobody to wait for.
    Nobody,
}

impl Reader {
    /// The reader for an interrupt-driven guest (or not) with STATIN as given; `ever_read`:
    /// the guest has read the keyboard since reset.
    pub fn judge(int_driven: bool, statin: u8, ever_read: bool) -> Reader {
        if !ever_read {
            Reader::Nobody
        } else if !int_driven {
            Reader::Poller
        } else if line_editor_waiting(statin) {
            Reader::LineEditor
        } else {
            Reader::Busy
        }
    }
}

/// How long one key change (keys going down, or coming up) stays on the matrix.
///
/// A change for the ROM's line editor lasts its minimum frames: the interrupt's scan
/// reads the keys every frame. A change for a program lasts its minimum and then until
/// the program has seen it, so a program reading keys every N frames sees every press and
/// every release, in order. The program has seen a change when, since it was made, it
/// has (see [`KeyReads`]):
/// * read every half-row (INKEY, or its own loop over the rows), or
/// * read KEYCOD holding a key's code (a press) or 0 (a release), taking its keys from
///   the ROM's interrupt scanner (the CABBAGE engine, whose only port reads are the BREAK
///   test's), or
/// * read the half-rows of the keys pressed (or let go), besides the BREAK test's alone
///   (a game watching a few keys).
///
/// A guest that never reads a change would keep it for ever: the wait is cut at
/// [`UNREAD_WAIT_OTHER_FRAMES`] if the guest reads only some half-rows and has never been
/// seen scanning them all, else at [`UNREAD_WAIT_SCANNING_FRAMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChangeHold {
    /// Frames the change has stood.
    pub frames: u32,
    /// Fewest frames it stands.
    pub minimum: u32,
    /// Whether it waits for the program to read it (key holds and gaps; not the shift
    /// lead and trail).
    pub until_read: bool,
    /// The line editor was waiting when the change was made, or by the scan on which the
    /// ROM delivers the key ([`ROM_DELIVERY_SCAN`]): the editor has taken it.
    pub for_editor: bool,
    /// The half-rows of the keys this change pressed, shifts not counted (0: a release,
    /// or only a shift).
    pub key_rows: u8,
    /// The half-rows of the keys this change let go, shifts not counted.
    pub released_rows: u8,
}

/// The half-rows of `keys`, SHIFT and SYMBOL SHIFT not counted.
fn rows_of(keys: &[Key]) -> u8 {
    keys.iter()
        .filter(|&&k| k != Key::Shift && k != Key::SymbolShift)
        .fold(0, |rows, k| rows | 1 << k.matrix_position().0)
}

/// Reads of these half-rows alone are a BREAK test (SHIFT's and SPACE's: the ROM's after
/// every word in SLOW mode, a game's own), not a program watching some keys.
const BREAK_ROWS: u8 = 0x81;

/// What a [`ChangeHold`] says at a frame start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoldVerdict {
    /// Keep the keys as they are for this frame.
    Stay,
    /// The change has been read (or needs no reading): move on.
    Read,
    /// Waited the longest for a program that did not read it: move on.
    GaveUp,
    /// The key went down for a running program, which went back to the line editor
    /// without reading it; the ROM's scanner delivered it before the editor waited, so
    /// nobody took it (a key typed in the frames between LOAD's `OK` and the prompt): let
    /// it go and press it again for the editor.
    Missed,
}

impl ChangeHold {
    pub fn new(minimum: u32, until_read: bool, reader: Reader) -> ChangeHold {
        ChangeHold {
            frames: 0,
            minimum,
            until_read,
            for_editor: reader == Reader::LineEditor,
            key_rows: 0,
            released_rows: 0,
        }
    }

    /// The same hold for a change that pressed `keys` (a key's hold, not a gap): if the
    /// program does not read them and the line editor comes back too late to take them,
    /// [`ChangeHold::frame`] says [`HoldVerdict::Missed`].
    pub fn pressing(mut self, keys: &[Key]) -> ChangeHold {
        self.key_rows |= rows_of(keys);
        self
    }

    /// The same hold for a change that let go of `keys` (the gap after a key): a program
    /// that reads their half-rows sees them come up.
    pub fn releasing(mut self, keys: &[Key]) -> ChangeHold {
        self.released_rows |= rows_of(keys);
        self
    }

    /// Whether the program has seen this change, by what it read since (see
    /// [`ChangeHold`]).
    pub fn seen(&self, reads: KeyReads) -> bool {
        if reads.rows == 0xFF {
            return true;
        }
        let watches_some_keys = reads.rows & !BREAK_ROWS != 0;
        let rows_read = |rows: u8| watches_some_keys && rows != 0 && reads.rows & rows == rows;
        if self.key_rows != 0 {
            reads.keycod_key || rows_read(self.key_rows)
        } else {
            reads.keycod_none || rows_read(self.released_rows)
        }
    }

    /// Counts one more frame and says whether the change may end now. `reads`: what the
    /// program has read since the change ([`Matrix::reads_since_change`]); `scanning`:
    /// the guest has been seen scanning the whole keyboard.
    pub fn frame(&mut self, reader: Reader, reads: KeyReads, scanning: bool) -> HoldVerdict {
        self.frames += 1;
        if reader == Reader::LineEditor
            && !self.for_editor
            && self.until_read
            && self.key_rows != 0
            && self.seen(reads)
        {
            // A press the program took (a DEMO's INKEY that stops it), and the program has
            // gone back to the line editor: let the key go now, minimum or not, or the
            // editor's scan would deliver it a second time and it would be typed too.
            return HoldVerdict::Read;
        }
        if self.frames < ROM_DELIVERY_SCAN && reader == Reader::LineEditor {
            // The editor waits by the scan that delivers the key: it takes it.
            self.for_editor = true;
        }
        if self.frames < self.minimum {
            return HoldVerdict::Stay;
        }
        let seen = self.seen(reads);
        if reader == Reader::LineEditor
            && !self.for_editor
            && self.until_read
            && self.key_rows != 0
            && !seen
        {
            return HoldVerdict::Missed;
        }
        // Back in the line editor: its scan takes what comes from now on (a key still
        // unread by the program that ran is not read by anyone else).
        let nobody_reads = reader == Reader::Nobody;
        if !self.until_read
            || self.for_editor
            || seen
            || reader == Reader::LineEditor
            || nobody_reads
        {
            return HoldVerdict::Read;
        }
        let watches_some_keys = reads.rows & !BREAK_ROWS != 0;
        let limit = if scanning || !watches_some_keys {
            UNREAD_WAIT_SCANNING_FRAMES
        } else {
            UNREAD_WAIT_OTHER_FRAMES
        };
        if self.frames >= limit {
            HoldVerdict::GaveUp
        } else {
            HoldVerdict::Stay
        }
    }
}

/// One step of the typing queue: the set of keys held for a number of frames.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyStep {
    pub keys: Vec<Key>,
    pub frames: u32,
}

/// A step in the queue: `until_read` steps (a key's hold, the gap after it) last until a
/// program has read them (see [`ChangeHold`]); others (steps queued with
/// [`TypingQueue::push`], the shift lead and trail) last their frames.
#[derive(Debug, Clone, PartialEq, Eq)]
struct QueuedStep {
    step: KeyStep,
    until_read: bool,
}

/// The key states that type `strokes`, as queued steps.
fn schedule_taps(strokes: &[Stroke]) -> Vec<QueuedStep> {
    let mut steps = Vec::new();
    let mut add = |keys: Vec<Key>, frames: u32, until_read: bool| {
        steps.push(QueuedStep {
            step: KeyStep { keys, frames },
            until_read,
        })
    };
    for stroke in strokes {
        let shift = match stroke.modifier {
            Modifier::None => None,
            Modifier::Shift => Some(Key::Shift),
            Modifier::Symbol => Some(Key::SymbolShift),
        };
        match shift {
            Some(shift) => {
                add(vec![shift], SHIFT_LEAD_FRAMES, false);
                add(vec![shift, stroke.key], KEY_HOLD_FRAMES, true);
                add(vec![shift], SHIFT_TRAIL_FRAMES, false);
            }
            None => add(vec![stroke.key], KEY_HOLD_FRAMES, true),
        }
        add(vec![], GAP_FRAMES, true);
    }
    steps
}

/// The key states (one per frame) that type `strokes`, as a list of steps, each at its
/// minimum length.
pub fn schedule(strokes: &[Stroke]) -> Vec<KeyStep> {
    schedule_taps(strokes).into_iter().map(|q| q.step).collect()
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
/// Each key is held, and each gap after a key kept, until the program has read it (see
/// [`ChangeHold`]): typing into the line editor goes at the ROM scanner's pace, typing
/// into a program at the program's. After ENTER it waits, before pressing the next key,
/// until the ROM is back in its line editor (see [`line_editor_waiting`]), as a person
/// waits for the cursor: keys pressed while the ROM is still busy with the line would be
/// scanned and thrown away. It waits at most [`PROMPT_WAIT_FRAMES`], so keys meant for a
/// running program (INKEY, KEY) still arrive.
#[derive(Debug, Clone, Default)]
pub struct TypingQueue {
    steps: VecDeque<QueuedStep>,
    /// The step on the matrix now and how long it has stood.
    current: Option<ChangeHold>,
    /// Keys the queue holds down right now (so it only releases its own).
    held: Vec<Key>,
    /// ENTER was typed: the next key waits for the line editor.
    after_enter: bool,
    /// Frames waited so far for the line editor.
    waited: u32,
    /// The guest has been seen scanning the whole keyboard (and has not since let a key
    /// change go unread).
    scanning: bool,
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
    /// Queues steps that last exactly their frames.
    pub fn push(&mut self, steps: Vec<KeyStep>) {
        self.steps.extend(steps.into_iter().map(|step| QueuedStep {
            step,
            until_read: false,
        }));
    }

    /// Queues the taps that type `strokes`, each held until read.
    pub fn push_strokes(&mut self, strokes: &[Stroke]) {
        self.steps.extend(schedule_taps(strokes));
    }

    /// True when nothing is queued and the queue holds no key.
    pub fn is_done(&self) -> bool {
        self.steps.is_empty() && self.current.is_none() && self.held.is_empty()
    }

    /// True when typing is under way and everything left of it only lets keys go (the
    /// hold of the last key, the shift after it, the gap after it): every key it would
    /// press has been pressed already.
    pub fn only_releases_left(&self) -> bool {
        let mut held: &[Key] = &self.held;
        for queued in &self.steps {
            if !queued.step.keys.iter().all(|k| held.contains(k)) {
                return false;
            }
            held = &queued.step.keys;
        }
        !self.is_done()
    }

    /// Drops everything queued and releases the queue's keys.
    pub fn clear(&mut self, matrix: &mut Matrix) {
        self.steps.clear();
        self.current = None;
        self.after_enter = false;
        self.waited = 0;
        self.release_held(matrix);
    }

    /// Queues the key held now to be pressed again after a gap (with its shift let go and
    /// pressed again around the gap), before the steps still queued (see
    /// [`HoldVerdict::Missed`]).
    fn press_again(&mut self) {
        let keys = self.held.clone();
        let shifts: Vec<Key> = keys
            .iter()
            .copied()
            .filter(|&k| k == Key::Shift || k == Key::SymbolShift)
            .collect();
        let step = |keys: Vec<Key>, frames: u32, until_read: bool| QueuedStep {
            step: KeyStep { keys, frames },
            until_read,
        };
        let mut again = Vec::new();
        if !shifts.is_empty() {
            again.push(step(shifts.clone(), SHIFT_TRAIL_FRAMES, false));
        }
        again.push(step(vec![], GAP_FRAMES, true));
        if !shifts.is_empty() {
            again.push(step(shifts, SHIFT_LEAD_FRAMES, false));
        }
        again.push(step(keys, KEY_HOLD_FRAMES, true));
        for queued in again.into_iter().rev() {
            self.steps.push_front(queued);
        }
    }

    /// Releases the keys the queue holds (and only those: the user may hold others).
    fn release_held(&mut self, matrix: &mut Matrix) {
        for key in self.held.drain(..) {
            matrix.release(key);
        }
    }

    /// Called at the start of every frame: applies the key state for this frame.
    /// `reader` says who reads the keyboard now; a [`Reader::Busy`] ROM is not ready for
    /// the key after an ENTER.
    pub fn frame(&mut self, matrix: &mut Matrix, reader: Reader) -> Progress {
        let reads = matrix.reads_since_change();
        self.scanning |= reads.rows == 0xFF;
        if let Some(hold) = self.current.as_mut() {
            if self.held.is_empty() && self.steps.is_empty() {
                // The gap after the last key: nothing comes after it to keep apart, and
                // the keys stay up until more is typed.
                hold.until_read = false;
            }
            match hold.frame(reader, reads, self.scanning) {
                HoldVerdict::Stay => return Progress::Moving,
                HoldVerdict::GaveUp => self.scanning = false,
                HoldVerdict::Read => {}
                HoldVerdict::Missed => self.press_again(),
            }
            self.current = None;
        }
        loop {
            let next_presses = match self.steps.front() {
                Some(queued) => !queued.step.keys.is_empty(),
                None => false,
            };
            if self.after_enter && next_presses {
                if reader == Reader::Busy && self.waited < PROMPT_WAIT_FRAMES {
                    self.waited += 1;
                    return Progress::WaitingForPrompt;
                }
                self.after_enter = false;
                self.waited = 0;
            }
            let queued = match self.steps.pop_front() {
                Some(queued) => queued,
                None => {
                    self.release_held(matrix);
                    self.after_enter = false;
                    return Progress::Moving;
                }
            };
            let released: Vec<Key> = self
                .held
                .iter()
                .copied()
                .filter(|k| !queued.step.keys.contains(k))
                .collect();
            self.release_held(matrix);
            for &key in &queued.step.keys {
                matrix.press(key);
            }
            matrix.forget_reads();
            self.after_enter |= queued.step.keys.contains(&Key::Enter);
            self.held = queued.step.keys;
            if queued.step.frames > 0 || queued.until_read {
                self.current = Some(
                    ChangeHold::new(queued.step.frames, queued.until_read, reader)
                        .pressing(&self.held)
                        .releasing(&released),
                );
                return Progress::Moving;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(rows: u8, keycod_key: bool, keycod_none: bool) -> KeyReads {
        KeyReads {
            rows,
            keycod_key,
            keycod_none,
        }
    }

    #[test]
    fn a_change_is_seen_through_a_full_scan_keycod_or_its_own_half_rows() {
        let busy = Reader::Busy;
        // X is on half-row 0 (with SHIFT), K on half-row 6.
        let press_x = ChangeHold::new(0, true, busy).pressing(&[Key::Shift, Key::X]);
        let press_k = ChangeHold::new(0, true, busy).pressing(&[Key::K]);
        let release_k = ChangeHold::new(0, true, busy).releasing(&[Key::K]);
        // Nothing read, or only the BREAK test's half-rows (0 and 7): not seen, even for
        // X, whose half-row the BREAK test reads.
        for rows in [0, BREAK_ROWS] {
            assert!(!press_x.seen(reads(rows, false, false)));
            assert!(!press_k.seen(reads(rows, false, false)));
            assert!(!release_k.seen(reads(rows, false, false)));
        }
        // Every half-row: seen.
        for hold in [press_x, press_k, release_k] {
            assert!(hold.seen(reads(0xFF, false, false)));
        }
        // KEYCOD with a code sees presses; KEYCOD at 0 sees releases; not the other way.
        assert!(press_x.seen(reads(BREAK_ROWS, true, false)));
        assert!(press_k.seen(reads(0, true, false)));
        assert!(!press_k.seen(reads(0, false, true)));
        assert!(release_k.seen(reads(0, false, true)));
        assert!(!release_k.seen(reads(0, true, false)));
        // The key's own half-row: seen; another half-row: not.
        assert!(press_k.seen(reads(1 << 6, false, false)));
        assert!(release_k.seen(reads(1 << 6, false, false)));
        assert!(!press_k.seen(reads(1 << 5, false, false)));
        // X's half-row with some other half-row than the BREAK test's: a program watching keys.
        assert!(press_x.seen(reads(0x03, false, false)));
    }

    #[test]
    fn a_press_the_program_took_ends_when_the_line_editor_comes_back() {
        // SPACE pressed while a program runs, held for the ROM's minimum of 4 frames; the
        // program's INKEY reads every half-row in the first frame and it stops.
        let mut hold = ChangeHold::new(KEY_HOLD_FRAMES, true, Reader::Busy).pressing(&[Key::Space]);
        assert_eq!(
            hold.frame(Reader::Busy, reads(0xFF, false, false), false),
            HoldVerdict::Stay
        );
        // The next frame the line editor waits: the key goes up at once, before the
        // editor's scan reaches the scan that would deliver it (ROM_DELIVERY_SCAN).
        assert_eq!(
            hold.frame(Reader::LineEditor, reads(0xFF, false, false), false),
            HoldVerdict::Read
        );
        // Not read by the program (typed ahead while it ran): the editor takes it as before.
        let mut ahead =
            ChangeHold::new(KEY_HOLD_FRAMES, true, Reader::Busy).pressing(&[Key::Space]);
        assert_eq!(
            ahead.frame(Reader::Busy, KeyReads::default(), false),
            HoldVerdict::Stay
        );
        assert_eq!(
            ahead.frame(Reader::LineEditor, KeyReads::default(), false),
            HoldVerdict::Stay
        );
        assert!(ahead.for_editor);
    }

    #[test]
    fn keycod_reads_are_told_apart_by_value() {
        let mut m = Matrix::default();
        m.note_keycod_read(0xFF); // several keys: nothing to see
        assert_eq!(m.reads_since_change(), KeyReads::default());
        m.note_keycod_read(b'x');
        assert_eq!(m.reads_since_change(), reads(0, true, false));
        m.press(Key::A);
        assert_eq!(
            m.reads_since_change(),
            KeyReads::default(),
            "a change forgets"
        );
        m.note_keycod_read(0);
        m.note_program_read(0xBF);
        assert_eq!(m.reads_since_change(), reads(0x40, false, true));
    }

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
        queue.push_strokes(&strokes_for("aB").unwrap());
        queue.frame(&mut m, Reader::LineEditor);
        assert!(m.is_pressed(Key::A));
        assert!(!queue.only_releases_left(), "B is still to come");
        // A: 4 frames held, 2 gap; B: SHIFT 1 frame, then SHIFT+B.
        for _ in 0..7 {
            queue.frame(&mut m, Reader::LineEditor);
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
