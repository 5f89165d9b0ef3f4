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

#[derive(Debug, Clone)]
pub struct Beeper {
    /// Speaker level now.
    level: bool,
    /// Level changes not yet turned into samples: (T-state, new level).
    edges: VecDeque<(u64, bool)>,
    /// Sample rate in Hz.
    rate: u32,
    /// Index of the next sample to produce.
    next_sample: u64,
    /// First T-state of sample `next_sample`, and `next_sample · CPU_HZ mod rate`: the
    /// sample boundaries are stepped with these, so no sample needs a division.
    next_start: u64,
    next_rem: u64,
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
            next_start: 0,
            next_rem: 0,
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
        // The first sample starting at or after `now` (a ceiling division, written out for
        // Rust 1.63).
        let (q, r) = mul_div(now, u64::from(rate), CPU_HZ);
        self.move_cursor(q + u64::from(r != 0));
    }

    /// Makes `k` the next sample, with its start and remainder (one division: only on a
    /// rate change, a skip or a silent frame, never per sample).
    fn move_cursor(&mut self, k: u64) {
        let (start, rem) = mul_div(k, CPU_HZ, u64::from(self.rate));
        self.next_sample = k;
        self.next_start = start;
        self.next_rem = rem;
    }

    /// The samples up to `now` when the speaker stays off all the way (no edge before
    /// `now`): all 0.0, appended at once, and the cursor moved with one division. This is
    /// every frame of an Ace that does not beep, and it costs a fill instead of a loop.
    fn take_silence(&mut self, now: u64, out: &mut Vec<f32>) {
        // Sample j starts at ⌊j·CPU_HZ/rate⌋, which is at most `now` for every j up to
        // ((now+1)·rate − 1) / CPU_HZ; the samples before that one are complete.
        let rate = u64::from(self.rate);
        let next = match now.checked_add(1).and_then(|n| n.checked_mul(rate)) {
            Some(scaled) => (scaled - 1) / CPU_HZ,
            None => (((u128::from(now) + 1) * u128::from(rate) - 1) / u128::from(CPU_HZ)) as u64,
        };
        if next > self.next_sample {
            out.resize(out.len() + (next - self.next_sample) as usize, 0.0);
            self.move_cursor(next);
        }
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
        let (k, _) = mul_div(t, u64::from(self.rate), CPU_HZ);
        if k > self.next_sample {
            self.move_cursor(k);
        }
    }

    /// The changes not yet sampled, (T-state, level), oldest first.
    pub fn pending_edges(&self) -> impl Iterator<Item = (u64, bool)> + '_ {
        self.edges.iter().copied()
    }

    /// All complete samples up to T-state `now`, each the mean speaker level over its span
    /// times [`SPEAKER_ON_LEVEL`].
    pub fn take_samples(&mut self, now: u64) -> Vec<f32> {
        let mut out = Vec::new();
        self.take_samples_into(now, &mut out);
        out
    }

    /// Like [`Beeper::take_samples`], appending to `out` (so a caller can reuse one buffer).
    pub fn take_samples_into(&mut self, now: u64, out: &mut Vec<f32>) {
        // Nobody took samples for a long, quiet while: keep only the last 10 s.
        if let Some(t) = now.checked_sub(MAX_BACKLOG_T) {
            if self.next_start < t {
                self.skip_to(t);
            }
        }
        // The cursor and the step between sample starts live in locals for the loop (the
        // step's division is done once per call, not once per sample), and the edge queue
        // is looked at only when its first edge falls inside the sample: in the long quiet
        // stretches (every frame of an idle Ace) a sample is a few additions.
        if !self.level_at_cursor && self.edges.front().map_or(true, |&(t, _)| t >= now) {
            self.take_silence(now, out);
            return;
        }
        let rate = u64::from(self.rate);
        let (step, step_rem) = (CPU_HZ / rate, CPU_HZ % rate);
        let mut start = self.next_start;
        let mut rem = self.next_rem;
        let mut level = self.level_at_cursor;
        let mut next_edge = self.edges.front().map_or(u64::MAX, |&(t, _)| t);
        if now > start {
            out.reserve(((now - start) / step.max(1)) as usize + 1);
        }
        loop {
            let mut end = start + step;
            let mut end_rem = rem + step_rem;
            if end_rem >= rate {
                end_rem -= rate;
                end += 1;
            }
            if end > now {
                break;
            }
            let mut t = start;
            let mut on_time = 0u64;
            while next_edge < end {
                let (et, el) = self
                    .edges
                    .pop_front()
                    .expect("next_edge is the queue's front");
                if et > t {
                    if level {
                        on_time += et - t;
                    }
                    t = et;
                }
                level = el;
                next_edge = self.edges.front().map_or(u64::MAX, |&(t, _)| t);
            }
            if level {
                on_time += end - t;
            }
            out.push(SPEAKER_ON_LEVEL * on_time as f32 / (end - start) as f32);
            self.next_sample += 1;
            start = end;
            rem = end_rem;
        }
        self.level_at_cursor = level;
        self.next_start = start;
        self.next_rem = rem;
    }
}

/// ⌊a·b / c⌋ and the remainder, in 64 bits while a·b fits (every Ace younger than some
/// 38 days at 44.1 kHz), else in 128: WebAssembly divides 64-bit numbers in one
/// instruction but 128-bit ones in a library call, and a silent frame does three.
#[inline]
fn mul_div(a: u64, b: u64, c: u64) -> (u64, u64) {
    match a.checked_mul(b) {
        Some(product) => (product / c, product % c),
        None => {
            let product = u128::from(a) * u128::from(b);
            (
                (product / u128::from(c)) as u64,
                (product % u128::from(c)) as u64,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mul_div_matches_128_bit_arithmetic_on_both_sides_of_64_bits() {
        let cases = [
            (0, CPU_HZ, 44_100),
            (882, CPU_HZ, 44_100),
            (64_896 * 50, 44_100, CPU_HZ),
            (u64::MAX / 44_100, 44_100, CPU_HZ),
            (u64::MAX / 44_100 + 1, 44_100, CPU_HZ),
            (u64::MAX, u64::MAX, 7),
            (u64::MAX / 3, CPU_HZ, 48_000),
        ];
        for (a, b, c) in cases {
            let p = u128::from(a) * u128::from(b);
            let expected = ((p / u128::from(c)) as u64, (p % u128::from(c)) as u64);
            assert_eq!(mul_div(a, b, c), expected, "{a}·{b}/{c}");
        }
    }

    /// The sampler as first written, a division per sample boundary: the independent model
    /// the stepped boundaries must match bit for bit.
    struct Divided {
        level_at_cursor: bool,
        edges: VecDeque<(u64, bool)>,
        rate: u64,
        next_sample: u64,
    }

    impl Divided {
        fn start(&self, k: u64) -> u64 {
            (u128::from(k) * u128::from(CPU_HZ) / u128::from(self.rate)) as u64
        }

        fn take(&mut self, now: u64) -> Vec<f32> {
            let mut out = Vec::new();
            loop {
                let start = self.start(self.next_sample);
                let end = self.start(self.next_sample + 1);
                if end > now {
                    return out;
                }
                let mut level = self.level_at_cursor;
                let mut on_time = 0;
                let mut t = start;
                while let Some(&(et, el)) = self.edges.front() {
                    if et >= end {
                        break;
                    }
                    if level {
                        on_time += et.max(t) - t;
                    }
                    t = t.max(et);
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
        }
    }

    /// xorshift64: repeatable pseudo-random numbers for the comparison.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn stepped_boundaries_match_divided_ones_bit_for_bit() {
        for (case, rate) in [44_100u32, 48_000, 22_050, 32_500, 96_000, 7, 3_250_000]
            .into_iter()
            .enumerate()
        {
            let mut seed = 0x9E37_79B9_7F4A_7C15 ^ case as u64;
            let mut beeper = Beeper::default();
            beeper.set_rate(rate, 0);
            let mut model = Divided {
                level_at_cursor: false,
                edges: VecDeque::new(),
                rate: u64::from(rate),
                next_sample: 0,
            };
            let (mut t, mut level) = (0u64, false);
            let mut samples = 0;
            for _ in 0..3_000 {
                // Edges from 1 T to a few frames apart, taken at random moments: some
                // before the next edge is made (no edge pending: the silent stretches'
                // shortcut when the speaker is off, the plain loop when it is on).
                let gap = 1 + next(&mut seed) % [40, 400, 200_000][(next(&mut seed) % 3) as usize];
                if next(&mut seed) & 3 == 0 {
                    let now = t + next(&mut seed) % gap;
                    let got = beeper.take_samples(now);
                    let want = model.take(now);
                    assert_eq!(
                        got.iter().map(|s| s.to_bits()).collect::<Vec<_>>(),
                        want.iter().map(|s| s.to_bits()).collect::<Vec<_>>(),
                        "rate {rate}, up to T {now}, between edges"
                    );
                    samples += got.len();
                }
                t += gap;
                level = !level;
                beeper.set(t, level);
                model.edges.push_back((t, level));
                if next(&mut seed) & 3 == 0 {
                    let now = t + next(&mut seed) % 1_000;
                    let got = beeper.take_samples(now);
                    let want = model.take(now);
                    assert_eq!(
                        got.iter().map(|s| s.to_bits()).collect::<Vec<_>>(),
                        want.iter().map(|s| s.to_bits()).collect::<Vec<_>>(),
                        "rate {rate}, up to T {now}"
                    );
                    samples += got.len();
                }
            }
            assert!(
                samples > 100,
                "rate {rate}: only {samples} samples compared"
            );
        }
    }

    #[test]
    fn a_rate_change_restarts_at_the_first_whole_sample() {
        let mut beeper = Beeper::default();
        // 3,250,000 / 44,100 = 73.69 T a sample: at T 1,000 the next sample is number 14
        // (starting at T 1,031), whatever came before.
        beeper.set_rate(44_100, 1_000);
        assert_eq!((beeper.next_sample, beeper.next_start), (14, 1_031));
        assert!(beeper.take_samples(1_104).is_empty());
        assert_eq!(beeper.take_samples(1_105), vec![0.0]);
        beeper.set(1_200, true);
        // Sample 15 is T 1,105-1,178, sample 16 T 1,179-1,251 (⌊17 · 73.69⌋ = 1,252 starts
        // sample 17): on from T 1,200, 52 of its 73 T.
        let samples = beeper.take_samples(1_253);
        assert_eq!(samples, vec![0.0, SPEAKER_ON_LEVEL * 52.0 / 73.0]);
    }
}
