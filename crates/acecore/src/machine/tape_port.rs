//! The machine's side of the cassette interface.
//!
//! The Ace's one I/O port carries the tape input (EAR, bit 5 on IN) and the tape output
//! (MIC, data bit 3 on OUT). The machine knows nothing of tape formats: it asks whatever
//! is plugged in here for the EAR level and tells it about MIC changes, both stamped with
//! the absolute machine time in T-states since power-on.

/// A cassette deck (or any other device) connected to the EAR and MIC lines.
pub trait TapePort {
    /// The EAR level at absolute time `t` (T-states since power-on), read by an IN of the
    /// even address `port`: its high byte is the keyboard's row select, which a deck
    /// pressing play by itself uses to tell a loader (one address read over and over)
    /// from a key scan (eight in turn; see `tape::listen`). Calls come with
    /// non-decreasing `t`.
    fn ear(&mut self, t: u64, port: u16) -> bool;

    /// The MIC output changed to `level` at absolute time `t`.
    fn mic(&mut self, t: u64, level: bool);

    /// True while the deck is producing a signal, so the machine may run flat out in
    /// the `fast` tape mode.
    fn is_playing(&self) -> bool {
        false
    }
}
