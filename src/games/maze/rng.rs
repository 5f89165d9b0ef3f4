//! The game's random number generator (spec section 7).

/// Advances `seed` once and returns the new state.
pub fn next_seed(seed: u16) -> u16 {
    let d = u32::from(seed) * 75 + 75;
    let lo = d & 0xFFFF;
    let hi = d >> 16;
    let borrow = u32::from(lo < hi);
    (lo.wrapping_sub(hi).wrapping_add(borrow).wrapping_sub(1) & 0xFFFF) as u16
}

/// Advances `seed` and draws a number below `n` from the new state.
pub fn draw_below(seed: &mut u16, n: u16) -> u16 {
    *seed = next_seed(*seed);
    ((u32::from(n) * u32::from(*seed)) >> 16) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spec's second description: SEED + 1 follows the Lehmer sequence
    /// (SEED + 1) * 75 mod 65537, checked over every state.
    #[test]
    fn matches_the_lehmer_description_for_every_state() {
        for seed in 0..=u16::MAX {
            let lehmer = (u64::from(seed) + 1) * 75 % 65537;
            assert_eq!(u64::from(next_seed(seed)) + 1, lehmer, "seed {seed}");
        }
    }

    #[test]
    fn draws_stay_below_n_and_one_always_gives_zero() {
        let mut seed = 12345;
        for _ in 0..1000 {
            assert!(draw_below(&mut seed, 24) < 24);
            assert_eq!(draw_below(&mut seed, 1), 0);
        }
    }

    #[test]
    fn small_seeds_give_small_first_draws() {
        for s in 0..3 {
            let mut seed = s;
            assert_eq!(draw_below(&mut seed, 4), 0, "seed {s}");
        }
    }
}
