//! Counts in messages: "1 block", "2 blocks".

/// `n` with its noun, singular for one: "1 block", "2 blocks" (nouns taking a plain s).
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_take_the_singular_for_one() {
        assert_eq!(count(1, "block"), "1 block");
        assert_eq!(count(0, "move"), "0 moves");
        assert_eq!(count(2, "move"), "2 moves");
    }
}
