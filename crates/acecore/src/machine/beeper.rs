//! The loudspeaker: on after the last OUT to an even port, off after the last IN (spec 5).
//! Level changes are stamped with the absolute T-state and turned into samples by
//! averaging the level over each sample's span of T-states (a box filter, which keeps
//! BEEP's square waves free of the worst aliasing). Sample `k` covers T-states
//! `[k·CPU_HZ/rate, (k+1)·CPU_HZ/rate)` counted from power-on, so there is no drift however
//! the samples are taken.

use std::collections::VecDeque;

/// The Ace's CPU clock in Hz.
pub const CPU_HZ: u64 = 3_250_000;

/// Sample value while the speaker is on (off is 0.0, so silence is silence).
pub const SPEAKER_ON_LEVEL: f32 = 0.25;

/// Edges older than this many T-states (10 s) before the newest one are dropped when
/// nobody takes samples, and no more than this much sound is rendered at once, so a run
/// that never takes samples neither collects them forever nor pays for them later.
const MAX_BACKLOG_T: u64 = 10 * CPU_HZ;

#[derive(Debug)]
pub struct Beeper {
    /// Speaker level now.
    level: bool,
    /// Level changes not yet turned into samples: (T-state, new level).
    edges: VecDeque<(u64, bool)>,
    /// Sample rate in Hz.
    rate: u32,
    /// Index of the next sample to produce.
    next_sample: u64,
    /// Speaker level at the start of sample `next_sample`.
    level_at_cursor: bool,
}

impl Default for Beeper {
    fn default() -> Self {
        Beeper {
            level: false,
            edges: VecDeque::new(),
            rate: 44_100,
            next_sample: 0,
            level_at_cursor: false,
        }
    }
}

impl Beeper {
    /// Speaker level now.
    pub fn level(&self) -> bool {
        self.level
    }

    /// The speaker is switched to `on` at T-state `t`.
    #[inline]
    pub fn set(&mut self, t: u64, on: bool) {
        if on == self.level {
            return;
        }
        self.level = on;
        self.edges.push_back((t, on));
        if let Some(&(oldest, _)) = self.edges.front() {
            if t.saturating_sub(oldest) > MAX_BACKLOG_T {
                self.skip_to(t - MAX_BACKLOG_T / 2);
            }
        }
    }

    /// Sample rate in Hz.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// Changes the sample rate; sampling continues from `now` at the new rate.
    pub fn set_rate(&mut self, rate: u32, now: u64) {
        let rate = rate.max(1);
        self.skip_to(now);
        self.rate = rate;
        self.next_sample = {
            // div_ceil is newer than Rust 1.63.
            let (n, d) = (u128::from(now) * u128::from(rate), u128::from(CPU_HZ));
            ((n + d - 1) / d) as u64
        };
    }

    /// First T-state of sample `k`.
    fn sample_start(&self, k: u64) -> u64 {
        (u128::from(k) * u128::from(CPU_HZ) / u128::from(self.rate)) as u64
    }

    /// Forgets everything before `t` without producing samples.
    fn skip_to(&mut self, t: u64) {
        while let Some(&(et, level)) = self.edges.front() {
            if et > t {
                break;
            }
            self.level_at_cursor = level;
            self.edges.pop_front();
        }
        let k = (u128::from(t) * u128::from(self.rate) / u128::from(CPU_HZ)) as u64;
        self.next_sample = self.next_sample.max(k);
    }

    /// The changes not yet sampled, (T-state, level), oldest first.
    pub fn pending_edges(&self) -> impl Iterator<Item = (u64, bool)> + '_ {
        self.edges.iter().copied()
    }

    /// All complete samples up to T-state `now`, each the mean speaker level over its span
    /// times [`SPEAKER_ON_LEVEL`].
    pub fn take_samples(&mut self, now: u64) -> Vec<f32> {
        // Nobody took samples for a long, quiet while: keep only the last 10 s.
        if let Some(t) = now.checked_sub(MAX_BACKLOG_T) {
            if self.sample_start(self.next_sample) < t {
                self.skip_to(t);
            }
        }
        let mut out = Vec::new();
        loop {
            let start = self.sample_start(self.next_sample);
            let end = self.sample_start(self.next_sample + 1);
            if end > now {
                break;
            }
            let mut level = self.level_at_cursor;
            let mut t = start;
            let mut on_time = 0u64;
            while let Some(&(et, el)) = self.edges.front() {
                if et >= end {
                    break;
                }
                if et > t {
                    if level {
                        on_time += et - t;
                    }
                    t = et;
                }
                level = el;
                self.edges.pop_front();
            }
            if level {
                on_time += end - t;
            }
            self.level_at_cursor = level;
            out.push(SPEAKER_ON_LEVEL * on_time as f32 / (end - start) as f32);
            self.next_sample += 1;
        }
        out
    }
}
