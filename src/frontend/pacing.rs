//! Real-time pacing at the Ace's frame rate: 64,896 T at 3.25 MHz = 19.968 ms per frame
//! (50.08 Hz). Deadlines advance by exactly one frame period from a fixed origin, so
//! rounding never accumulates; after a stall (window dragged, machine busy) the pacer
//! starts afresh instead of racing to catch up.

use crate::machine::beeper::CPU_HZ;
use crate::machine::ula::FRAME_TSTATES;
use std::time::{Duration, Instant};

/// One frame of the Ace in nanoseconds: 64,896 / 3,250,000 s.
pub const FRAME_NANOS: u64 = FRAME_TSTATES * 1_000_000_000 / CPU_HZ;

pub struct FramePacer {
    origin: Instant,
    frames: u64,
}

impl Default for FramePacer {
    fn default() -> Self {
        FramePacer::new()
    }
}

impl FramePacer {
    pub fn new() -> FramePacer {
        FramePacer {
            origin: Instant::now(),
            frames: 0,
        }
    }

    /// When frame number `frames` (counted from the origin) is due.
    fn deadline(&self) -> Instant {
        self.origin + Duration::from_nanos(self.frames * FRAME_NANOS)
    }

    /// Call after emulating one frame: sleeps until that frame's time has come.
    pub fn wait_frame(&mut self) {
        self.frames += 1;
        let deadline = self.deadline();
        let now = Instant::now();
        if deadline > now {
            std::thread::sleep(deadline - now);
        } else if now - deadline > Duration::from_millis(250) {
            // Far behind: start again from now rather than running flat out.
            self.restart();
        }
    }

    /// Forget the past (after a pause or turbo).
    pub fn restart(&mut self) {
        self.origin = Instant::now();
        self.frames = 0;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn frame_period_is_19_968_ms() {
        assert_eq!(super::FRAME_NANOS, 19_968_000);
    }
}
