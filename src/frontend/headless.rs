//! Running the Ace without a window, flat out: boot, type, run a number of frames or until
//! some text appears, and collect the beeper's sound. The command line's `--headless`
//! mode and scripts use this; outputs (screen text, PNG, memory dumps) are written by the
//! caller from the machine afterwards.

use super::FrameRunner;
use crate::machine::ula::can_show;
use crate::machine::Ace;
use anyhow::{bail, Context};
use std::path::Path;

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
    pub stop: StopCondition,
    /// Keep the beeper's samples (at the machine's audio rate) in the outcome.
    pub collect_audio: bool,
}

impl Default for HeadlessOptions {
    fn default() -> Self {
        HeadlessOptions {
            type_text: None,
            type_after_frames: 10,
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
    /// The run was cut short by Ctrl-C or SIGTERM ([`super::stop_signal`]).
    pub interrupted: bool,
}

/// Runs `ace` as the options say, one frame at a time through `runner`.
pub fn run(
    ace: &mut Ace,
    options: &HeadlessOptions,
    runner: &mut FrameRunner,
) -> anyhow::Result<Outcome> {
    if let Some(text) = &options.type_text {
        // Checked first too, not after the frames before typing.
        crate::machine::keyboard::strokes_for(text).context("--type")?;
    }
    if let StopCondition::UntilText { text, .. } = &options.stop {
        // Checked first: such text would be waited for in vain until max_frames.
        if let Some((index, ch)) = text.chars().enumerate().find(|&(_, c)| !can_show(c)) {
            bail!(
                "--until-text: {ch:?} (character {index}) never appears on the Ace's screen \
                 (it shows ASCII from space to '~' except '`', '£', '©' and block graphics)"
            );
        }
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
        let samples = ace.take_audio();
        if options.collect_audio {
            outcome.audio.extend(samples);
        }
        true
    };
    for _ in 0..options.type_after_frames {
        if !frame(ace, &mut outcome) {
            return Ok(outcome);
        }
    }
    if let Some(text) = &options.type_text {
        ace.try_type_text(text).context("--type")?;
        // One stroke per character, each at most 8 frames; allow for that and a little more.
        let limit = 8 * text.chars().count() as u64 + 10;
        // Frames with interrupts off (tape, BEEP) hold the queue and do not count, up to
        // ten emulated minutes, so a long LOAD in the middle of the text is waited for.
        const MAX_STALLED: u64 = 50 * 600;
        let (mut waited, mut stalled) = (0, 0);
        while !ace.typing_done() {
            if waited > limit {
                bail!("typing did not finish within {limit} frames");
            }
            if stalled > MAX_STALLED {
                bail!(
                    "typing could not go on: the guest kept interrupts off for {MAX_STALLED} \
                     frames, so it never read the keyboard"
                );
            }
            if !frame(ace, &mut outcome) {
                return Ok(outcome);
            }
            if ace.typing_stalled() {
                stalled += 1;
            } else {
                waited += 1;
            }
        }
    }
    match &options.stop {
        StopCondition::Frames(n) => {
            for _ in 0..*n {
                if !frame(ace, &mut outcome) {
                    break;
                }
            }
        }
        StopCondition::UntilText { text, max_frames } => {
            let mut found = ace.screen_text().contains(text.as_str());
            let mut n = 0;
            while !found && n < *max_frames {
                if !frame(ace, &mut outcome) {
                    return Ok(outcome);
                }
                n += 1;
                found = ace.screen_text().contains(text.as_str());
            }
            outcome.text_found = Some(found);
        }
    }
    Ok(outcome)
}

/// Writes mono f32 samples as a 16-bit WAV file; refuses to replace a file unless
/// `overwrite`.
pub fn write_wav(path: &Path, samples: &[f32], rate: u32, overwrite: bool) -> anyhow::Result<()> {
    crate::output_file::refuse_existing(path, overwrite)?;
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    // Created by the shared rule, which checks and creates in one step (refuse_existing
    // above only gives the early, friendlier refusal).
    let file = std::io::BufWriter::new(crate::output_file::create(path, overwrite)?);
    let mut writer = hound::WavWriter::new(file, spec)
        .with_context(|| format!("{}: cannot create the WAV file", path.display()))?;
    for &s in samples {
        let v = (s.clamp(-1.0, 1.0) * i16::MAX as f32) as i16;
        writer
            .write_sample(v)
            .with_context(|| format!("{}: cannot write", path.display()))?;
    }
    writer
        .finalize()
        .with_context(|| format!("{}: cannot finish the WAV file", path.display()))?;
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
