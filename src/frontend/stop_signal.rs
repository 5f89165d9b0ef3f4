//! Signals. [`install`], the first thing `aceemu` does (before any file is opened),
//! catches SIGINT, SIGTERM and SIGXFSZ: each ends the process at once, with the hidden
//! part files of the outputs being written removed ([`crate::output_file`]), so the first
//! Ctrl-C always ends a command and never leaves a `.NAME.NNN.part` behind.
//!
//! A run that looks at [`requested`] every frame (the window, the headless runner, the
//! debugger) calls [`stop_gracefully`]: from then on Ctrl-C (SIGINT) and SIGTERM only ask
//! it to stop, the way closing the window does, so what the user asked to save
//! (--save-wav, --screenshot, ...) is still written on the way out. A second signal ends
//! the process at once, for a run that does not come back. SIGXFSZ (a file grew past the
//! size limit) always ends it.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);
static GRACEFUL: AtomicBool = AtomicBool::new(false);

/// True once SIGINT or SIGTERM has arrived (after [`stop_gracefully`]).
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    // Only async-signal-safe work here: atomics, unlink (in remove_parts_now), write, _exit.
    let ask_only = signal != libc::SIGXFSZ && GRACEFUL.load(Ordering::Relaxed);
    if ask_only && !REQUESTED.swap(true, Ordering::Relaxed) {
        return;
    }
    crate::output_file::remove_parts_now();
    if signal == libc::SIGXFSZ {
        let message =
            b"aceemu: a file grew past the size limit (SIGXFSZ); unfinished outputs removed\n";
        // SAFETY: write(2) is async-signal-safe; the buffer is static.
        unsafe {
            libc::write(2, message.as_ptr().cast(), message.len());
        }
    }
    // SAFETY: _exit is async-signal-safe. 128 + the signal's number, as shells report it.
    unsafe { libc::_exit(128 + signal) }
}

/// Catches SIGINT, SIGTERM and SIGXFSZ for the rest of the process, unless they were
/// ignored when it started (no-op off Unix, where Ctrl-C still ends the process at once).
/// Idempotent.
pub fn install() {
    #[cfg(unix)]
    // SAFETY: the handler only touches atomics and makes async-signal-safe calls.
    unsafe {
        let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGXFSZ] {
            // A signal ignored by whoever started us stays ignored (`nohup`, a background
            // job; SIGXFSZ ignored makes a write past the size limit fail with EFBIG, an
            // error the command reports and cleans up after).
            if libc::signal(signal, handler) == libc::SIG_IGN {
                libc::signal(signal, libc::SIG_IGN);
            }
        }
    }
}

/// For a run that looks at [`requested`] every frame: from now on the first SIGINT or
/// SIGTERM only sets [`requested`]; the second ends the process.
pub fn stop_gracefully() {
    install();
    GRACEFUL.store(true, Ordering::Relaxed);
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
