//! Front ends around the machine: a window (minifb, feature `window`), sound (cpal, feature
//! `audio`), a headless runner for tests and scripts, and the text, PNG and hex outputs
//! they share. The machine itself (`crate::machine`) knows nothing of any of these; jobs
//! that boot a machine to get something done (tape builders, game drivers) are
//! `crate::workflows`, one floor down.

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
/// The deck's side of a front end lives with the deck, one floor down.
pub use crate::tape::control::{plain_frames, DeckControl, FrameRunner};

/// Puts a tape file into the deck while the window runs (F3): the new deck's controls
/// and the frame runner that goes with it. The command line makes one (it knows the ROM
/// and the tape options).
pub type TapeOpener = Box<
    dyn FnMut(&mut Ace, &std::path::Path) -> anyhow::Result<(Box<dyn DeckControl>, FrameRunner)>,
>;

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
