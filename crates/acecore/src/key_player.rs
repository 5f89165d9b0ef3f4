//! Plays the host's key strokes onto the Ace's matrix one at a time, each held and spaced
//! the way the ROM's scanner needs, so typing in the window loses nothing and keeps its
//! order at any speed.
//!
//! The Ace's scanner (spec ace-hardware.md section 6) accepts a key only on the third
//! frame it sees it, only if the scan before saw no key, and ignores a key pressed while
//! another is held. A person at a real Ace therefore loses keys when typing fast or with
//! rollover (the next key down before the last is up), and a second press of the same key
//! that comes before two key-free frames merges into the first. The host, though, reports
//! every press: so every press becomes a stroke in a queue, and the strokes are played one
//! after another: SHIFT or SYMBOL SHIFT a frame ahead, the key held at least
//! [`KEY_HOLD_FRAMES`], the shift let go a frame after the key, then at least
//! [`GAP_FRAMES`] with nothing down. For a running program (not the line editor) the key
//! and the gap each last until the program has seen them ([`ChangeHold`]: it read the
//! whole keyboard since they began, or KEYCOD, where the ROM's interrupt scanner leaves
//! the key, or the key's own half-rows): a game that reads INKEY once a second still sees
//! every tap once, and a game that takes KEYCOD every frame gets a key every few frames. A
//! key pressed while the ROM is busy (the frames between LOAD's name and its `OK`) that
//! no program reads is pressed again once the line editor waits ([`HoldVerdict::Missed`]):
//! the ROM's scanner threw it away. A key the user still holds when its stroke is the last one stays down
//! for as long as it is held, so the ROM's auto-repeat and games that watch a held key
//! work as on the real machine.

use crate::machine::keyboard::{
    line_editor_waiting, ChangeHold, HoldVerdict, KeyReads, Reader, GAP_FRAMES, KEY_HOLD_FRAMES,
    SHIFT_LEAD_FRAMES, SHIFT_TRAIL_FRAMES, STATIN,
};
use crate::machine::{Ace, Key};
use std::collections::{HashSet, VecDeque};

/// After a stroke with ENTER, the next stroke waits (at most this long, 0.5 s) until the
/// ROM's line editor is back: keys pressed while the ROM is still busy with the line
/// would be scanned and thrown away. A running program that reads keys gets them after
/// this wait.
pub const ENTER_WAIT_FRAMES: u32 = 25;

/// While the guest keeps interrupts off (tape, BEEP), its ROM does not scan the keyboard:
/// the stroke being played is held where it is, so it is not lost, for at most this many
/// frames in a row (2 s). After that the guest is taken to read the keyboard itself (a
/// program polling the port with interrupts off) and strokes go on at their own pace.
pub const STALL_LIMIT_FRAMES: u32 = 100;

/// Most strokes typed ahead and waiting to be played; more are dropped (a person typing
/// far ahead of a program that reads keys slowly, e.g. a held-down auto-repeat on the
/// host). 64 strokes are a few lines of typing.
pub const MAX_QUEUED_STROKES: usize = 64;

/// One key press as the Ace should see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stroke<Source> {
    /// SHIFT and/or SYMBOL SHIFT, pressed a frame before `keys` and let go a frame after.
    pub modifiers: Vec<Key>,
    /// The other keys (usually one).
    pub keys: Vec<Key>,
    /// The host key that made the stroke, if any: while it is held and nothing is queued
    /// after the stroke, the stroke stays down.
    pub source: Option<Source>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Lead,
    Hold,
    Trail,
    Gap,
}

impl Phase {
    /// The phase's fewest frames, and whether it lasts until the program has read it.
    fn timing(self) -> (u32, bool) {
        match self {
            Phase::Lead => (SHIFT_LEAD_FRAMES, false),
            Phase::Hold => (KEY_HOLD_FRAMES, true),
            Phase::Trail => (SHIFT_TRAIL_FRAMES, false),
            Phase::Gap => (GAP_FRAMES, true),
        }
    }
}

#[derive(Debug)]
struct Playing<Source> {
    stroke: Stroke<Source>,
    phase: Phase,
    /// How long the phase has stood, and how long it must.
    hold: ChangeHold,
}

/// What the guest's keyboard reading looked like at a frame start.
#[derive(Debug, Clone, Copy)]
struct Reading {
    reader: Reader,
    /// What the program has read of the keys since they last changed.
    reads: KeyReads,
}

/// The queue of strokes and the one being played.
///
/// Each stroke's key is held, and the gap after it kept, until the program has read it
/// (see [`ChangeHold`]): into the line editor at the ROM scanner's pace, into a program
/// that reads keys every N frames at the program's pace, so every press and every release
/// reaches it in order. Strokes typed ahead wait, up to [`MAX_QUEUED_STROKES`].
#[derive(Debug)]
pub struct KeyPlayer<Source> {
    queue: VecDeque<Stroke<Source>>,
    playing: Option<Playing<Source>>,
    /// Frames since the last stroke with ENTER ended (`None`: no ENTER to wait after).
    since_enter: Option<u32>,
    /// The Ace keys the player holds in the matrix.
    held: HashSet<Key>,
    /// Frames in a row the guest did not scan the keyboard.
    stalled: u32,
    /// The guest has been seen scanning the whole keyboard (and has not since let a
    /// stroke go unread).
    scanning: bool,
    /// BREAK is queued: the stroke being played ends at its minimum, unread or not.
    breaking: bool,
}

impl<Source> Default for KeyPlayer<Source> {
    fn default() -> Self {
        KeyPlayer {
            queue: VecDeque::new(),
            playing: None,
            since_enter: None,
            held: HashSet::new(),
            stalled: 0,
            scanning: false,
            breaking: false,
        }
    }
}

impl<Source: PartialEq + Copy> KeyPlayer<Source> {
    /// Queues a stroke; false (and the stroke is dropped) when [`MAX_QUEUED_STROKES`] are
    /// already waiting. BREAK (SHIFT + SPACE) is not queued behind other keys: the keys
    /// typed ahead are dropped (a person pressing BREAK wants the program stopped, not
    /// fed), and the stroke being played ends at its minimum.
    pub fn push(&mut self, stroke: Stroke<Source>) -> bool {
        if is_break(&stroke) {
            self.queue.clear();
            self.queue.push_back(stroke);
            if let Some(playing) = self.playing.as_mut() {
                if !is_break(&playing.stroke) {
                    self.breaking = true;
                    playing.hold.until_read = false;
                }
            }
            return true;
        }
        if self.queue.len() >= MAX_QUEUED_STROKES {
            return false;
        }
        self.queue.push_back(stroke);
        true
    }

    /// True when nothing is queued or being played.
    pub fn is_idle(&self) -> bool {
        self.queue.is_empty() && self.playing.is_none()
    }

    /// Strokes waiting (not counting the one being played).
    pub fn queued(&self) -> usize {
        self.queue.len()
    }

    /// Forgets everything and lets go of the player's keys (after a reset).
    pub fn clear(&mut self, ace: &mut Ace) {
        self.queue.clear();
        self.playing = None;
        self.since_enter = None;
        for key in self.held.drain() {
            ace.release_key(key);
        }
    }

    /// Sets the matrix for the coming frame. `held_now` says whether a host key is down
    /// now. While the machine's own typing queue is busy (`--type`), no new stroke starts;
    /// while the guest does not scan the keyboard, nothing moves (see
    /// [`STALL_LIMIT_FRAMES`]).
    pub fn frame(&mut self, ace: &mut Ace, held_now: impl Fn(Source) -> bool) {
        if ace.keyboard_scanned() {
            self.stalled = 0;
        } else if self.stalled < STALL_LIMIT_FRAMES {
            self.stalled += 1;
            return;
        }
        let editor = line_editor_waiting(ace.peek(STATIN));
        let reading = Reading {
            reader: ace.key_reader(),
            reads: ace.key_reads_since_change(),
        };
        let wanted = self.next_keys(editor, reading, !ace.typing_done(), held_now);
        if wanted != self.held {
            for &key in self.held.difference(&wanted) {
                ace.release_key(key);
            }
            for &key in wanted.difference(&self.held) {
                ace.press_key(key);
            }
            ace.forget_key_reads();
        }
        self.held = wanted;
    }

    /// The keys to hold for the coming frame, moving the stroke on.
    fn next_keys(
        &mut self,
        editor_waiting: bool,
        reading: Reading,
        machine_typing: bool,
        held_now: impl Fn(Source) -> bool,
    ) -> HashSet<Key> {
        if let Some(frames) = self.since_enter.as_mut() {
            *frames += 1;
        }
        self.scanning |= reading.reads.rows == 0xFF;
        // Whether the phase on the matrix now has been counted this frame.
        let mut counted = false;
        loop {
            let playing = match self.playing.as_mut() {
                Some(playing) => playing,
                None => {
                    let enter_pending = match self.since_enter {
                        Some(f) => f < ENTER_WAIT_FRAMES && !editor_waiting,
                        None => false,
                    };
                    if enter_pending || machine_typing {
                        return HashSet::new();
                    }
                    let stroke = match self.queue.pop_front() {
                        Some(stroke) => stroke,
                        None => return HashSet::new(),
                    };
                    self.since_enter = None;
                    self.breaking = false;
                    let phase = if stroke.modifiers.is_empty() {
                        Phase::Hold
                    } else {
                        Phase::Lead
                    };
                    let (minimum, until_read) = phase.timing();
                    let hold = ChangeHold::new(minimum, until_read, reading.reader);
                    let hold = if phase == Phase::Hold {
                        hold.pressing(&stroke.keys)
                    } else {
                        hold
                    };
                    self.playing = Some(Playing {
                        stroke,
                        phase,
                        hold,
                    });
                    counted = true;
                    continue;
                }
            };
            let stroke = &playing.stroke;
            let sustained = playing.phase == Phase::Hold
                && self.queue.is_empty()
                && match stroke.source {
                    Some(source) => held_now(source),
                    None => false,
                };
            let stay = if counted {
                // Just entered: it stands this frame (unless it lasts no frame at all).
                playing.hold.minimum > 0 || playing.hold.until_read
            } else if sustained {
                // The user still holds the key: it stays down, as on the real machine.
                true
            } else {
                counted = true;
                match playing
                    .hold
                    .frame(reading.reader, reading.reads, self.scanning)
                {
                    HoldVerdict::Stay => true,
                    HoldVerdict::Read => false,
                    HoldVerdict::GaveUp => {
                        self.scanning = false;
                        false
                    }
                    HoldVerdict::Missed => {
                        // Let go (the shift after it, the gap), then the same stroke again.
                        self.queue.push_front(stroke.clone());
                        false
                    }
                }
            };
            if stay {
                let mut keys: HashSet<Key> = stroke.modifiers.iter().copied().collect();
                match playing.phase {
                    Phase::Hold => keys.extend(&stroke.keys),
                    Phase::Gap => keys.clear(),
                    Phase::Lead | Phase::Trail => {}
                }
                return keys;
            }
            playing.phase = match playing.phase {
                Phase::Lead => Phase::Hold,
                Phase::Hold if !stroke.modifiers.is_empty() => Phase::Trail,
                Phase::Hold | Phase::Trail => Phase::Gap,
                Phase::Gap => {
                    if stroke.keys.contains(&Key::Enter) {
                        self.since_enter = Some(0);
                    }
                    self.playing = None;
                    continue;
                }
            };
            let (minimum, until_read) = playing.phase.timing();
            let until_read = until_read && !self.breaking;
            playing.hold = ChangeHold::new(minimum, until_read, reading.reader);
            match playing.phase {
                Phase::Hold => playing.hold = playing.hold.pressing(&stroke.keys),
                Phase::Gap => playing.hold = playing.hold.releasing(&stroke.keys),
                Phase::Lead | Phase::Trail => {}
            }
            counted = true;
        }
    }
}

/// BREAK: SHIFT + SPACE and nothing else.
fn is_break<Source>(stroke: &Stroke<Source>) -> bool {
    stroke.modifiers == [Key::Shift] && stroke.keys == [Key::Space]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::testing::TestRom;
    use crate::machine::RamSize;

    fn stroke(modifiers: &[Key], keys: &[Key], source: Option<u8>) -> Stroke<u8> {
        Stroke {
            modifiers: modifiers.to_vec(),
            keys: keys.to_vec(),
            source,
        }
    }

    /// A guest that never takes interrupts and reads all eight half-rows at once, over
    /// and over: `XOR A; IN A,(0xFE); JR 0`.
    const SCANNER: [u8; 5] = [0xAF, 0xDB, 0xFE, 0x18, 0xFB];

    /// The keys down in each of `frames` frames, as a string per frame (`.` for none).
    fn play(player: &mut KeyPlayer<u8>, frames: usize, held: &[u8]) -> Vec<String> {
        play_on(TestRom::new().at(0, &SCANNER), player, frames, held)
    }

    fn play_on(
        rom: TestRom,
        player: &mut KeyPlayer<u8>,
        frames: usize,
        held: &[u8],
    ) -> Vec<String> {
        let mut ace = rom.boot(RamSize::K3);
        // One frame before the keys: the guest is up (and has read the keyboard, if it does).
        ace.run_frame();
        (0..frames)
            .map(|_| {
                player.frame(&mut ace, |k| held.contains(&k));
                ace.run_frame();
                let names: Vec<&str> = crate::machine::keyboard::ALL_KEYS
                    .iter()
                    .filter(|&&k| ace.is_key_pressed(k))
                    .map(|k| k.name())
                    .collect();
                if names.is_empty() {
                    ".".to_string()
                } else {
                    names.join("+")
                }
            })
            .collect()
    }

    #[test]
    fn the_same_key_twice_comes_up_between_its_two_strokes() {
        let mut player = KeyPlayer::default();
        player.push(stroke(&[], &[Key::N1], Some(1)));
        player.push(stroke(&[], &[Key::N1], Some(1)));
        // Hold 4, gap 2, hold 4, gap 2 (spec ace-hardware.md 6), even though the host key
        // is still down: the second stroke is queued behind the first.
        let frames = play(&mut player, 13, &[1]);
        let expected = ["1", "1", "1", "1", ".", ".", "1", "1", "1", "1"];
        assert_eq!(frames[..10], expected);
        // The last stroke, its key still held, stays down.
        assert_eq!(frames[10..], ["1", "1", "1"]);
    }

    #[test]
    fn shift_goes_down_a_frame_before_the_key_and_up_a_frame_after() {
        let mut player = KeyPlayer::default();
        player.push(stroke(&[Key::SymbolShift], &[Key::K], None));
        player.push(stroke(&[], &[Key::A], None));
        let frames = play(&mut player, 15, &[]);
        let ss = "SYMBOL SHIFT";
        let ssk = "SYMBOL SHIFT+K";
        let expected = [
            ss, ssk, ssk, ssk, ssk, ss, ".", ".", "A", "A", "A", "A", ".", ".", ".",
        ];
        assert_eq!(frames, expected);
        assert!(player.is_idle());
    }

    #[test]
    fn after_enter_the_next_stroke_waits_for_the_line_editor() {
        let mut player = KeyPlayer::default();
        player.push(stroke(&[], &[Key::Enter], None));
        player.push(stroke(&[], &[Key::A], None));
        // The test guest never sets STATIN's bit 0: the wait runs its full length.
        let frames = play(&mut player, 6 + ENTER_WAIT_FRAMES as usize + 1, &[]);
        assert_eq!(frames[..4], ["ENTER"; 4]);
        assert!(frames[4..6 + ENTER_WAIT_FRAMES as usize - 1]
            .iter()
            .all(|f| f == "."));
        assert_eq!(frames.last().unwrap(), "A");
    }

    #[test]
    fn a_guest_that_reads_the_keys_half_row_gets_the_minimum() {
        // It reads half-row A-G only (`LD A,0xFD; IN A,(0xFE); JR 0`): it sees A go down
        // and come up in every frame, so A gets the shortest tap and gap.
        let mut player = KeyPlayer::default();
        player.push(stroke(&[], &[Key::A], None));
        player.push(stroke(&[], &[Key::A], None));
        let rom = TestRom::new().at(0, &[0x3E, 0xFD, 0xDB, 0xFE, 0x18, 0xFA]);
        let frames = play_on(rom, &mut player, 14, &[]);
        let expected = ["A", "A", "A", "A", ".", ".", "A", "A", "A", "A", ".", "."];
        assert_eq!(frames[..12], expected);
    }

    #[test]
    fn a_guest_that_reads_only_other_keys_gets_short_taps() {
        // The same guest never reads P's half-row: P is held for the short wait, then the
        // gap likewise (it reads A-G, not the BREAK test's rows alone).
        let mut player = KeyPlayer::default();
        player.push(stroke(&[], &[Key::P], None));
        let rom = TestRom::new().at(0, &[0x3E, 0xFD, 0xDB, 0xFE, 0x18, 0xFA]);
        let frames = play_on(rom, &mut player, 25, &[]);
        let wait = crate::machine::keyboard::UNREAD_WAIT_OTHER_FRAMES as usize;
        assert!(frames[..wait].iter().all(|f| f == "P"), "{frames:?}");
        assert!(frames[wait..].iter().all(|f| f == "."), "{frames:?}");
    }

    #[test]
    fn a_busy_guest_keeps_a_typed_ahead_key_down() {
        // It scans the keyboard once, then is busy for good (`XOR A; IN A,(0xFE); JR $`):
        // the key waits (up to 5 s) to be read.
        let mut player = KeyPlayer::default();
        player.push(stroke(&[], &[Key::A], None));
        let rom = TestRom::new().at(0, &[0xAF, 0xDB, 0xFE, 0x18, 0xFE]);
        let frames = play_on(rom, &mut player, 100, &[]);
        assert!(frames.iter().all(|f| f == "A"), "{frames:?}");
    }

    #[test]
    fn break_is_not_queued_behind_other_keys() {
        // The busy guest would keep A down for 5 s, then B; BREAK pushed at the start
        // ends A at its minimum, drops B and comes next.
        let mut player = KeyPlayer::default();
        player.push(stroke(&[], &[Key::A], None));
        player.push(stroke(&[], &[Key::B], None));
        let rom = TestRom::new().at(0, &[0xAF, 0xDB, 0xFE, 0x18, 0xFE]);
        let mut ace = rom.boot(RamSize::K3);
        ace.run_frame();
        player.frame(&mut ace, |_| false);
        ace.run_frame();
        assert!(ace.is_key_pressed(Key::A));
        assert!(player.push(stroke(&[Key::Shift], &[Key::Space], None)));
        assert_eq!(player.queued(), 1, "B dropped");
        let mut frames = Vec::new();
        for _ in 0..8 {
            player.frame(&mut ace, |_| false);
            ace.run_frame();
            let down: Vec<&str> = crate::machine::keyboard::ALL_KEYS
                .iter()
                .filter(|&&k| ace.is_key_pressed(k))
                .map(|k| k.name())
                .collect();
            frames.push(if down.is_empty() {
                ".".to_string()
            } else {
                down.join("+")
            });
        }
        let sss = "SHIFT+SPACE";
        assert_eq!(frames, ["A", "A", "A", ".", ".", "SHIFT", sss, sss]);
    }

    #[test]
    fn a_guest_that_never_read_the_keyboard_gets_the_minimum() {
        // All NOPs: nobody has read the keyboard since reset, so nobody is waited for.
        let mut player = KeyPlayer::default();
        player.push(stroke(&[], &[Key::A], None));
        let frames = play_on(TestRom::new(), &mut player, 8, &[]);
        assert_eq!(frames, ["A", "A", "A", "A", ".", ".", ".", "."]);
    }

    #[test]
    fn the_queue_is_bounded() {
        let mut player: KeyPlayer<u8> = KeyPlayer::default();
        for _ in 0..MAX_QUEUED_STROKES {
            assert!(player.push(stroke(&[], &[Key::A], None)));
        }
        assert!(!player.push(stroke(&[], &[Key::A], None)));
        assert_eq!(player.queued(), MAX_QUEUED_STROKES);
    }
}
