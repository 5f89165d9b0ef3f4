//! Front ends around the machine: a window (minifb, feature `window`), sound (cpal, feature
//! `audio`), a headless runner for tests and scripts, and the text, PNG and hex outputs
//! they share. The machine itself (`crate::machine`) knows nothing of any of these.

#[cfg(feature = "audio")]
pub mod audio;
pub mod bench;
pub mod debug_prompt;
#[cfg(feature = "window")]
pub mod debug_window;
pub mod file_prompt;
pub mod headless;
pub mod help;
#[cfg(feature = "window")]
pub mod host_keys;
pub use acecore::key_player;
pub mod pacing;
#[cfg(feature = "window")]
pub mod screen_fit;
pub mod screenshot;
pub mod stop_signal;
pub mod text;
pub mod wav_stream;
#[cfg(feature = "window")]
pub mod window;

use crate::machine::Ace;

/// What a front end may do with a cassette deck beyond the EAR/MIC lines the machine uses
/// (implemented by the tape deck; the window binds it to F6/F7 and shows `status` in the
/// title bar).
pub trait DeckControl {
    /// A short state for the title bar, e.g. "maze.tap: playing, block 2 of 4".
    fn status(&self) -> String;
    /// Start or stop the tape.
    fn toggle_play(&mut self);
    /// Back to the start of the tape.
    fn rewind(&mut self);
    /// Why the machine waits in vain for the tape (a LOAD of a name that is not on it, the
    /// tape at its end), if it does; `None` otherwise.
    fn waiting_reason(&self) -> Option<String> {
        None
    }
    /// True while the tape moves (a transfer may be going on).
    fn is_moving(&self) -> bool {
        false
    }
    /// True while the machine is saving to the deck at its time `now` (T-states): a run
    /// should not end then, or the file is lost.
    fn is_saving(&self, _now: u64) -> bool {
        false
    }
}

/// Puts a tape file into the deck while the window runs (F3): the new deck's controls
/// and the frame runner that goes with it. The command line makes one (it knows the ROM
/// and the tape options).
pub type TapeOpener = Box<
    dyn FnMut(&mut Ace, &std::path::Path) -> anyhow::Result<(Box<dyn DeckControl>, FrameRunner)>,
>;

/// How a front end advances the machine by one frame. The default is
/// [`Ace::run_frame`]; the tape deck's instant mode replaces it with a runner that traps
/// the ROM's tape routines.
pub type FrameRunner = Box<dyn FnMut(&mut Ace)>;

/// The default frame runner.
pub fn plain_frames() -> FrameRunner {
    Box::new(|ace: &mut Ace| ace.run_frame())
}

/// Opens the sound output, or says why not (also when built without `audio`).
#[cfg(feature = "audio")]
pub fn audio_out() -> anyhow::Result<audio::AudioOut> {
    audio::AudioOut::open()
}

/// Stand-in when built without the `audio` feature: opening always fails with a message.
#[cfg(not(feature = "audio"))]
pub struct NoAudio;

#[cfg(not(feature = "audio"))]
impl NoAudio {
    pub fn rate(&self) -> u32 {
        44_100
    }
    pub fn push(&self, _samples: &[f32]) {}
    pub fn clear(&self) {}
    pub fn queued(&self) -> usize {
        0
    }
    pub fn target_queue(&self) -> usize {
        0
    }
}

/// Opens the sound output, or says why not (also when built without `audio`).
#[cfg(not(feature = "audio"))]
pub fn audio_out() -> anyhow::Result<NoAudio> {
    anyhow::bail!("this aceemu was built without the `audio` feature")
}
