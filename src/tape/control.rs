//! What a front end may ask of a cassette deck, and how it advances the machine a frame
//! at a time: the deck implements these ([`attach`](mod@super::attach)) and the front ends
//! (`crate::frontend`, one floor up) call them, so the arrow points down.

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

/// How a front end advances the machine by one frame. The default is
/// [`Ace::run_frame`]; the tape deck's instant mode replaces it with a runner that traps
/// the ROM's tape routines.
pub type FrameRunner = Box<dyn FnMut(&mut Ace)>;

/// The default frame runner.
pub fn plain_frames() -> FrameRunner {
    Box::new(|ace: &mut Ace| ace.run_frame())
}
