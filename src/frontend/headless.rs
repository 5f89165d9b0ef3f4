//! Running the Ace without a window, flat out: boot, type, run a number of frames or until
//! some text appears, and collect the beeper's sound. The command line's `--headless`
//! mode and scripts use this; outputs (screen text, PNG, memory dumps) are written by the
//! caller from the machine afterwards.

use super::{DeckControl, FrameRunner};
use crate::machine::ula::can_show;
use crate::machine::Ace;
use anyhow::{bail, Context};

/// When a headless run stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StopCondition {
    /// This many frames after typing has finished.
    Frames(u32),
    /// As soon as the screen text contains `text` (checked every frame), at most
    /// `max_frames` frames after typing has finished.
    UntilText { text: String, max_frames: u32 },
}

#[derive(Debug, Clone)]
pub struct HeadlessOptions {
    /// Text to type (`\n` = ENTER), after `type_after_frames` frames.
    pub type_text: Option<String>,
    /// Frames to run before typing, so the ROM has reached its prompt.
    pub type_after_frames: u32,
    /// More text to type, each piece once its text appears on the screen after the piece
    /// before it was sent (`--type`'s `\{TEXT}` markers; see [`Ace::text_appeared_since`]), waiting
    /// at most `wait_max_frames` frames for each.
    pub then_type: Vec<(String, String)>,
    pub wait_max_frames: u32,
    pub stop: StopCondition,
    /// Keep the beeper's samples (at the machine's audio rate) in the outcome.
    pub collect_audio: bool,
}

impl Default for HeadlessOptions {
    fn default() -> Self {
        HeadlessOptions {
            type_text: None,
            type_after_frames: 10,
            then_type: Vec::new(),
            wait_max_frames: 3000,
            stop: StopCondition::Frames(50),
            collect_audio: false,
        }
    }
}

/// What happened.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Frames run in total.
    pub frames: u64,
    /// For `UntilText`: whether the text appeared.
    pub text_found: Option<bool>,
    /// Beeper samples, if collected.
    pub audio: Vec<f32>,
    /// What kept the run from doing what was asked (typing could not go on, the Ace waits
    /// for a tape file that is not coming). The run stopped there; the caller still
    /// writes its outputs, then reports this as the error.
    pub problem: Option<String>,
    /// Set when a run of a number of frames ends with the Ace waiting for a tape file that
    /// is not coming (say, LOAD of a name that is not on the tape): why, for a warning.
    /// (A program polling EAR for good looks the same, so this is not a failure.)
    pub tape_waiting: Option<String>,
    /// The run was cut short by Ctrl-C or SIGTERM ([`super::stop_signal`]).
    pub interrupted: bool,
    /// Frames run after the run was to end because the Ace was still saving (SAVE, BSAVE):
    /// a run never ends in the middle of a file.
    pub saving_frames: u64,
    /// For `UntilText`: the text was found only because it was already on the screen
    /// before the last text was typed (an old `OK`), so the wait ended at once.
    pub found_old_text: bool,
    /// Frames at the end of the run in which the guest, interrupt-driven, took no
    /// interrupt (LOAD waiting for a tape does that; see [`no_tape_hint`]).
    pub frames_without_interrupts: u64,
}

/// Frames with interrupts off at the end of a run without a tape deck after which the
/// Ace is taken to be waiting in LOAD (or VERIFY) for a tape that is not there.
pub const NO_TAPE_FRAMES: u64 = 100;

/// A hint for a run with no tape deck that ends with the Ace's interrupts off for a long
/// time, as LOAD keeps them while it listens for a tape: there is no tape to hear.
pub fn no_tape_hint(outcome: &Outcome) -> Option<String> {
    (outcome.frames_without_interrupts >= NO_TAPE_FRAMES).then(|| {
        format!(
            "the Ace has had interrupts off for its last {} frames, as LOAD does while it \
             waits for a tape (or a long BEEP while it sounds), and there is no tape in the \
             deck (give one with --tape FILE)",
            outcome.frames_without_interrupts
        )
    })
}

/// Frames with interrupts off (tape, BEEP) hold the typing queue and do not count toward
/// its limit, up to ten emulated minutes, so a long LOAD in the middle of the text is
/// waited for.
const MAX_STALLED: u64 = 50 * 600;

/// When only the release of the last key is left and the guest has kept interrupts off
/// this long (5 s) with no tape moving, it is not coming back to the keyboard (a routine
/// that does DI and loops): the key is let go and the typing ends.
const RELEASE_AFTER_STALLED: u64 = 250;

/// How long a run goes on for a save still being written (ten emulated minutes: a 48 K
/// BSAVE takes about four).
pub const MAX_SAVING_FRAMES: u64 = 50 * 600;

/// Runs `ace` as the options say, one frame at a time through `runner`.
pub fn run(
    ace: &mut Ace,
    options: &HeadlessOptions,
    runner: &mut FrameRunner,
) -> anyhow::Result<Outcome> {
    run_with_deck(ace, options, runner, None)
}

/// Like [`run`], watching the tape deck too: a LOAD waiting in vain at the end of the tape
/// ends the run at once with [`Outcome::problem`] saying so, and typing held up by a tape
/// transfer is waited for as long as the tape moves.
pub fn run_with_deck(
    ace: &mut Ace,
    options: &HeadlessOptions,
    runner: &mut FrameRunner,
    deck: Option<&dyn DeckControl>,
) -> anyhow::Result<Outcome> {
    run_with_deck_and_sound(ace, options, runner, deck, None)
}

/// Like [`run_with_deck`]; with `options.collect_audio`, each frame's sound goes to
/// `sound` as it is made instead of into [`Outcome::audio`] (a write that fails ends the
/// run; [`super::wav_stream::WavStream::finish`] reports it).
pub fn run_with_deck_and_sound(
    ace: &mut Ace,
    options: &HeadlessOptions,
    runner: &mut FrameRunner,
    deck: Option<&dyn DeckControl>,
    mut sound: Option<&mut super::wav_stream::WavStream>,
) -> anyhow::Result<Outcome> {
    let later = options.then_type.iter().map(|(_, text)| text);
    for text in options.type_text.iter().chain(later) {
        // Checked first too, not after the frames before typing.
        crate::machine::keyboard::strokes_for(text).context("--type")?;
    }
    for (wanted, _) in &options.then_type {
        refuse_unshowable("--type's wait marker", wanted)?;
    }
    if let StopCondition::UntilText { text, .. } = &options.stop {
        // Checked first: such text would be waited for in vain until max_frames.
        refuse_unshowable("--until-text", text)?;
    }
    let mut outcome = Outcome::default();
    // Runs one frame; false (and the outcome marked) when Ctrl-C or SIGTERM came.
    let mut frame = |ace: &mut Ace, outcome: &mut Outcome| {
        if super::stop_signal::requested() {
            outcome.interrupted = true;
            return false;
        }
        runner(ace);
        outcome.frames += 1;
        if ace.keyboard_scanned() {
            outcome.frames_without_interrupts = 0;
        } else {
            outcome.frames_without_interrupts += 1;
        }
        // Sound is rendered only when asked for: it is most of the work of an idle frame.
        if options.collect_audio {
            ace.take_audio_into(&mut outcome.audio);
            if let Some(sound) = sound.as_mut() {
                let written = sound.push(&outcome.audio);
                outcome.audio.clear();
                if !written {
                    return false;
                }
            }
        }
        true
    };
    for _ in 0..options.type_after_frames {
        if !frame(ace, &mut outcome) {
            return Ok(outcome);
        }
    }
    let pieces = options.type_text.iter().map(|t| (None, t));
    let later = options.then_type.iter().map(|(w, t)| (Some(w), t));
    // When the text before a wait marker was sent: the marker waits for its text to appear
    // after that (an `OK` already on the screen is not the one the line will print). A
    // marker with nothing typed before it takes anything shown since power-on.
    let mut sent = 0;
    for (wanted, text) in pieces.chain(later) {
        if let Some(wanted) = wanted {
            let mut n = 0;
            while !ace.text_appeared_since(wanted, sent) {
                if n == options.wait_max_frames {
                    // Reported like the other problems: after the outputs are written.
                    outcome.problem = Some(format!(
                        "--type: {wanted:?} did not appear on the screen within {}, so \
                         {text:?} was not typed",
                        crate::plural::count(options.wait_max_frames as usize, "frame")
                    ));
                    return Ok(outcome);
                }
                if !frame(ace, &mut outcome) {
                    return Ok(outcome);
                }
                n += 1;
                if let Some(reason) = tape_wait(ace, deck) {
                    outcome.problem = Some(format!(
                        "--type: {wanted:?} did not appear on the screen: after {}, {reason}",
                        crate::plural::count(n as usize, "frame")
                    ));
                    return Ok(outcome);
                }
            }
        }
        if !text.is_empty() {
            sent = ace.screen_stamp_now();
        }
        ace.try_type_text(text).context("--type")?;
        let problem = type_out(ace, text, deck, &mut |ace| frame(ace, &mut outcome));
        if outcome.interrupted {
            return Ok(outcome);
        }
        if problem.is_some() {
            outcome.problem = problem;
            return Ok(outcome);
        }
    }
    match &options.stop {
        StopCondition::Frames(n) => {
            for _ in 0..*n {
                if !frame(ace, &mut outcome) {
                    break;
                }
            }
            outcome.tape_waiting = tape_wait(ace, deck);
        }
        StopCondition::UntilText { text, max_frames } => {
            let mut found = ace.screen_text().contains(text.as_str());
            outcome.found_old_text = found && !ace.text_appeared_since(text, sent);
            let mut n = 0;
            while !found && n < *max_frames {
                if !frame(ace, &mut outcome) {
                    return Ok(outcome);
                }
                n += 1;
                found = ace.screen_text().contains(text.as_str());
                if !found {
                    if let Some(reason) = tape_wait(ace, deck) {
                        outcome.problem = Some(format!(
                            "{text:?} did not appear on the screen: after {}, {reason}",
                            crate::plural::count(n as usize, "frame")
                        ));
                        break;
                    }
                }
            }
            outcome.text_found = Some(found);
        }
    }
    // The Ace is still writing a file: the run goes on until it is written.
    if let Some(deck) = deck {
        while deck.is_saving(ace.tstates()) && outcome.saving_frames < MAX_SAVING_FRAMES {
            if !frame(ace, &mut outcome) {
                break;
            }
            outcome.saving_frames += 1;
        }
    }
    Ok(outcome)
}

/// Runs frames until the queued `text` has been typed; returns what stopped it early, if
/// anything.
fn type_out(
    ace: &mut Ace,
    text: &str,
    deck: Option<&dyn DeckControl>,
    frame: &mut dyn FnMut(&mut Ace) -> bool,
) -> Option<String> {
    // One stroke per character: its shift lead and trail, and the key and the gap after
    // it each held at most until a program that scans the keyboard has read them.
    use crate::machine::keyboard::{
        SHIFT_LEAD_FRAMES, SHIFT_TRAIL_FRAMES, UNREAD_WAIT_SCANNING_FRAMES,
    };
    let per_stroke = SHIFT_LEAD_FRAMES + SHIFT_TRAIL_FRAMES + 2 * UNREAD_WAIT_SCANNING_FRAMES;
    let limit = u64::from(per_stroke) * text.chars().count() as u64 + 10;
    let (mut waited, mut stalled, mut stalled_in_a_row) = (0, 0, 0);
    while !ace.typing_done() {
        if waited > limit {
            return Some(format!(
                "typing did not finish within {}",
                crate::plural::count(limit as usize, "frame")
            ));
        }
        if stalled > MAX_STALLED {
            return Some(format!(
                "typing could not go on: the guest kept interrupts off for {MAX_STALLED} \
                 frames, so it never read the keyboard"
            ));
        }
        if !frame(ace) {
            // Ctrl-C: the caller sees the outcome marked interrupted.
            return None;
        }
        if !ace.typing_stalled() {
            waited += 1;
            stalled_in_a_row = 0;
            continue;
        }
        stalled += 1;
        stalled_in_a_row += 1;
        let waiting = tape_wait(ace, deck);
        if ace.typing_only_releases_left() {
            let tape_moving = deck.is_some_and(|d| d.is_moving());
            if waiting.is_some() || !tape_moving && stalled_in_a_row >= RELEASE_AFTER_STALLED {
                // The text is in; the guest will not read the keyboard again soon (or
                // ever): let the last key go and get on with the run.
                ace.finish_typing();
                return None;
            }
        } else if let Some(reason) = waiting {
            return Some(format!("typing could not go on: {reason}"));
        }
    }
    None
}

/// Why the Ace waits in vain for a tape file, when it really waits: the deck says a
/// program has gone on listening past the end of the tape (or the instant loader found no
/// block left), and the Ace has its interrupts off, as both ROMs' loaders keep them
/// (ace-hardware.md 7). A program that takes interrupts (one waiting for a key, a game
/// between its screens) is merely busy, whatever the deck made of its port reads: the run
/// goes on. A guest that never takes interrupts is taken at the deck's word.
fn tape_wait(ace: &Ace, deck: Option<&dyn DeckControl>) -> Option<String> {
    use crate::machine::keyboard::Reader;
    let reason = deck?.waiting_reason()?;
    let interrupts_off =
        !ace.keyboard_scanned() || matches!(ace.key_reader(), Reader::Poller | Reader::Nobody);
    interrupts_off.then_some(reason)
}

/// Refuses text to wait for that contains a character the Ace's screen never shows: it
/// would be waited for in vain until the frame limit.
fn refuse_unshowable(what: &str, text: &str) -> anyhow::Result<()> {
    if let Some((index, ch)) = text.chars().enumerate().find(|&(_, c)| !can_show(c)) {
        bail!(
            "{what}: {ch:?} (character {index}) never appears on the Ace's screen \
             (it shows ASCII from space to '~' except '`', '£', '©' and block graphics)"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::testing::TestRom;
    use crate::machine::RamSize;

    /// Text the screen cannot show is refused before any frame runs (it used to be waited
    /// for until max_frames and then reported as "did not appear").
    #[test]
    fn until_text_the_screen_cannot_show_is_refused_before_running() {
        let mut ace = TestRom::new().at(0, &[0xF3, 0x76]).boot(RamSize::K3);
        for text in ["caf\u{e9}", "a\tb", "`"] {
            let options = HeadlessOptions {
                stop: StopCondition::UntilText {
                    text: text.into(),
                    max_frames: 5,
                },
                ..HeadlessOptions::default()
            };
            let err = run(&mut ace, &options, &mut super::super::plain_frames())
                .expect_err(text)
                .to_string();
            assert!(err.contains("never appears"), "{err}");
            assert_eq!(ace.frame_count(), 0, "no frame should run");
        }
    }

    /// Text the keyboard cannot type is refused before the frames waited before typing
    /// (it used to be found only when typing began).
    #[test]
    fn untypable_text_is_refused_before_running() {
        let mut ace = TestRom::new().at(0, &[0xF3, 0x76]).boot(RamSize::K3);
        let options = HeadlessOptions {
            type_text: Some("1\t2".into()),
            type_after_frames: 5,
            ..HeadlessOptions::default()
        };
        let err = run(&mut ace, &options, &mut super::super::plain_frames()).unwrap_err();
        assert!(format!("{err:#}").contains("'\\t' (character 1"), "{err:#}");
        assert_eq!(ace.frame_count(), 0, "no frame should run");
    }
}
