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
//! [`KEY_HOLD_FRAMES`], the shift let go a frame after the key, then [`GAP_FRAMES`] with
//! nothing down. A key the user still holds when its stroke is the last one stays down
//! for as long as it is held, so the ROM's auto-repeat and games that watch a held key
//! work as on the real machine.

use crate::machine::keyboard::{
    line_editor_waiting, GAP_FRAMES, KEY_HOLD_FRAMES, SHIFT_LEAD_FRAMES, SHIFT_TRAIL_FRAMES, STATIN,
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

#[derive(Debug)]
struct Playing<Source> {
    stroke: Stroke<Source>,
    phase: Phase,
    /// Frames spent in `phase` so far.
    frames: u32,
}

/// The queue of strokes and the one being played.
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
}

impl<Source> Default for KeyPlayer<Source> {
    fn default() -> Self {
        KeyPlayer {
            queue: VecDeque::new(),
            playing: None,
            since_enter: None,
            held: HashSet::new(),
            stalled: 0,
        }
    }
}

impl<Source: PartialEq + Copy> KeyPlayer<Source> {
    pub fn push(&mut self, stroke: Stroke<Source>) {
        self.queue.push_back(stroke);
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
        let wanted = self.next_keys(editor, !ace.typing_done(), held_now);
        for &key in self.held.difference(&wanted) {
            ace.release_key(key);
        }
        for &key in wanted.difference(&self.held) {
            ace.press_key(key);
        }
        self.held = wanted;
    }

    /// The keys to hold for the coming frame, moving the stroke on.
    fn next_keys(
        &mut self,
        editor_waiting: bool,
        machine_typing: bool,
        held_now: impl Fn(Source) -> bool,
    ) -> HashSet<Key> {
        if let Some(frames) = self.since_enter.as_mut() {
            *frames += 1;
        }
        loop {
            let playing = if let Some(playing) = self.playing.as_mut() {
                playing
            } else {
                let enter_pending = self
                    .since_enter
                    .map_or(false, |f| f < ENTER_WAIT_FRAMES && !editor_waiting);
                if enter_pending || machine_typing {
                    return HashSet::new();
                }
                let stroke = match self.queue.pop_front() {
                    Some(stroke) => stroke,
                    None => return HashSet::new(),
                };
                self.since_enter = None;
                let phase = if stroke.modifiers.is_empty() {
                    Phase::Hold
                } else {
                    Phase::Lead
                };
                self.playing = Some(Playing {
                    stroke,
                    phase,
                    frames: 0,
                });
                continue;
            };
            let stroke = &playing.stroke;
            let minimum = match playing.phase {
                Phase::Lead => SHIFT_LEAD_FRAMES,
                Phase::Hold => KEY_HOLD_FRAMES,
                Phase::Trail => SHIFT_TRAIL_FRAMES,
                Phase::Gap => GAP_FRAMES,
            };
            let sustained = playing.phase == Phase::Hold
                && self.queue.is_empty()
                && stroke.source.map_or(false, &held_now);
            if playing.frames < minimum || sustained {
                playing.frames += 1;
                let mut keys: HashSet<Key> = stroke.modifiers.iter().copied().collect();
                match playing.phase {
                    Phase::Hold => keys.extend(&stroke.keys),
                    Phase::Gap => keys.clear(),
                    Phase::Lead | Phase::Trail => {}
                }
                return keys;
            }
            playing.frames = 0;
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
        }
    }
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

    /// The keys down in each of `frames` frames, as a string per frame (`.` for none).
    fn play(player: &mut KeyPlayer<u8>, frames: usize, held: &[u8]) -> Vec<String> {
        // A guest that never takes interrupts: it scans the keyboard whenever it likes.
        let mut ace = TestRom::new().boot(RamSize::K3);
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
}
