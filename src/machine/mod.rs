//! The Jupiter Ace, independent of any host: no window, no sound device.

pub mod tape_port;
