//! Counts in messages: "1 block", "2 blocks".

/// `n` with its noun, singular for one: "1 block", "2 blocks" (nouns taking a plain s).
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `n` with its noun, `singular` for one and `plural` otherwise, for nouns not taking a
/// plain s: "1 key press", "2 key presses".
pub fn count_as(n: usize, singular: &str, plural: &str) -> String {
    if n == 1 {
        format!("1 {singular}")
    } else {
        format!("{n} {plural}")
    }
}

#[cfg(test)]
mod tests {
    use super::{count, count_as};

    #[test]
    fn irregular_nouns_take_their_plural() {
        assert_eq!(count_as(1, "key press", "key presses"), "1 key press");
        assert_eq!(count_as(3, "box", "boxes"), "3 boxes");
    }

    #[test]
    fn counts_take_the_singular_for_one() {
        assert_eq!(count(1, "block"), "1 block");
        assert_eq!(count(0, "move"), "0 moves");
        assert_eq!(count(2, "move"), "2 moves");
    }
}
