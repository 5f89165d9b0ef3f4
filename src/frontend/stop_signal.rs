//! Ctrl-C (SIGINT) and SIGTERM end a run the way closing the window does: the window and
//! the headless runner look at [`requested`] every frame and stop, so what the user asked
//! to save (--save-wav, --screenshot, ...) is still written on the way out. A second
//! signal ends the process at once, for a run that does not come back.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// True once SIGINT or SIGTERM has arrived (after [`install`]).
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

#[cfg(unix)]
extern "C" fn on_signal(_signal: libc::c_int) {
    // Only async-signal-safe work here: an atomic swap, and _exit on the second signal.
    if REQUESTED.swap(true, Ordering::Relaxed) {
        // SAFETY: _exit is async-signal-safe.
        unsafe { libc::_exit(130) }
    }
}

/// Catches SIGINT and SIGTERM for the rest of the process (no-op off Unix, where Ctrl-C
/// still ends the process at once).
pub fn install() {
    #[cfg(unix)]
    // SAFETY: the handler only touches an atomic and calls _exit.
    unsafe {
        let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
}

/// The error a run ends with when a signal stopped it; `aceemu` exits with 130 for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted {
    /// The run had files to write (they have been written).
    pub saves: bool,
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.saves {
            write!(
                f,
                "interrupted (what was asked to be saved has been written)"
            )
        } else {
            write!(f, "interrupted")
        }
    }
}

impl std::error::Error for Interrupted {}

/// Takes a pending Ctrl-C: true once per signal, which is then forgotten (the debugger
/// breaks in with it instead of ending the run).
pub fn take() -> bool {
    REQUESTED.swap(false, Ordering::Relaxed)
}
