//! Comparing two ROM images for shared byte runs: the clean-room check of the open ROM.
//!
//! The open ROM is written from fact sheets, never from the original's code, so beyond the
//! short runs any two Z80 programs share by chance (a few common instructions, tables of
//! small numbers), the two images should have nothing long in common. This finds the
//! longest run of identical bytes at any pair of offsets.

/// The longest run of bytes that `a` and `b` share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommonRun {
    pub len: usize,
    /// Where the run starts in `a` and in `b`.
    pub at_a: usize,
    pub at_b: usize,
}

/// The longest common run of `a` and `b` (length 0 at offsets 0 when nothing is shared).
/// Dynamic programming over all offset pairs, one row at a time: O(len(a)·len(b)) time,
/// O(len(b)) memory — a fraction of a second for two 8 KB images.
pub fn longest_common_run(a: &[u8], b: &[u8]) -> CommonRun {
    let mut best = CommonRun {
        len: 0,
        at_a: 0,
        at_b: 0,
    };
    // row[j + 1] = length of the common run ending at a[i], b[j].
    let mut prev = vec![0u32; b.len() + 1];
    let mut row = vec![0u32; b.len() + 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            row[j + 1] = if x == y { prev[j] + 1 } else { 0 };
            let len = row[j + 1] as usize;
            if len > best.len {
                best = CommonRun {
                    len,
                    at_a: i + 1 - len,
                    at_b: j + 1 - len,
                };
            }
        }
        std::mem::swap(&mut prev, &mut row);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_longest_shared_run_at_different_offsets() {
        let a = b"xxABCDEFyyABCz";
        let b = b"ABCqqqqABCDEFq";
        assert_eq!(
            longest_common_run(a, b),
            CommonRun {
                len: 6,
                at_a: 2,
                at_b: 7
            }
        );
    }

    #[test]
    fn nothing_shared_gives_zero() {
        assert_eq!(longest_common_run(b"aaaa", b"bbbb").len, 0);
        assert_eq!(longest_common_run(b"", b"bbbb").len, 0);
    }

    #[test]
    fn an_image_shares_all_of_itself() {
        let a: Vec<u8> = (0..=255).collect();
        assert_eq!(longest_common_run(&a, &a).len, 256);
    }
}
