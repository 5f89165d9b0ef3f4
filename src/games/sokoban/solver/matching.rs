//! Minimum-cost perfect matching of boxes to goals (the Hungarian algorithm, with row and
//! column potentials, O(n^3)): the lower bound of the fast search. Each box must end on a
//! goal of its own number and no two boxes on one goal, so the cheapest assignment of
//! boxes to goals, each box costing its fewest pushes to its goal on the empty board, is a
//! lower bound on the pushes still needed, and much closer than "each box to its nearest
//! goal" when boxes crowd towards the same goals.

/// A cost that stands for "this box can never reach this goal".
pub const NEVER: i32 = 1 << 20;

/// Reusable work space for [`Matcher::cost`].
#[derive(Default)]
pub struct Matcher {
    u: Vec<i32>,
    v: Vec<i32>,
    owner: Vec<usize>,
    way: Vec<usize>,
    least: Vec<i32>,
    used: Vec<bool>,
}

impl Matcher {
    /// The least total of `cost(row, column)` over the assignments of every row to its own
    /// column of a square `n` x `n` table; None when every assignment uses a [`NEVER`]
    /// entry (no box-goal pairing exists).
    pub fn cost(&mut self, n: usize, cost: impl Fn(usize, usize) -> i32) -> Option<i32> {
        if n == 0 {
            return Some(0);
        }
        // Rows and columns are 1-based here; column 0 is the sentinel that holds the
        // row being placed.
        self.u.clear();
        self.u.resize(n + 1, 0);
        self.v.clear();
        self.v.resize(n + 1, 0);
        self.owner.clear();
        self.owner.resize(n + 1, 0);
        self.way.clear();
        self.way.resize(n + 1, 0);
        for row in 1..=n {
            self.owner[0] = row;
            let mut col0 = 0;
            self.least.clear();
            self.least.resize(n + 1, i32::MAX);
            self.used.clear();
            self.used.resize(n + 1, false);
            loop {
                self.used[col0] = true;
                let r0 = self.owner[col0];
                let mut delta = i32::MAX;
                let mut col1 = 0;
                for col in 1..=n {
                    if self.used[col] {
                        continue;
                    }
                    let reduced = cost(r0 - 1, col - 1) - self.u[r0] - self.v[col];
                    if reduced < self.least[col] {
                        self.least[col] = reduced;
                        self.way[col] = col0;
                    }
                    if self.least[col] < delta {
                        delta = self.least[col];
                        col1 = col;
                    }
                }
                for col in 0..=n {
                    if self.used[col] {
                        self.u[self.owner[col]] += delta;
                        self.v[col] -= delta;
                    } else {
                        self.least[col] -= delta;
                    }
                }
                col0 = col1;
                if self.owner[col0] == 0 {
                    break;
                }
            }
            loop {
                let col1 = self.way[col0];
                self.owner[col0] = self.owner[col1];
                col0 = col1;
                if col0 == 0 {
                    break;
                }
            }
        }
        let total: i32 = (1..=n).map(|col| cost(self.owner[col] - 1, col - 1)).sum();
        (total < NEVER).then_some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of a small table, tried one by one: the independent answer.
    fn brute(table: &[Vec<i32>]) -> Option<i32> {
        fn go(table: &[Vec<i32>], row: usize, used: &mut Vec<bool>) -> i32 {
            if row == table.len() {
                return 0;
            }
            let mut best = i32::MAX;
            for col in 0..table.len() {
                if !used[col] {
                    used[col] = true;
                    let rest = go(table, row + 1, used);
                    used[col] = false;
                    if rest != i32::MAX {
                        best = best.min(table[row][col].saturating_add(rest));
                    }
                }
            }
            best
        }
        let best = go(table, 0, &mut vec![false; table.len()]);
        (best < NEVER).then_some(best)
    }

    #[test]
    fn a_hand_worked_table() {
        // Rows 0 and 1 both want column 0; the best gives it to row 1.
        let t = [[1, 2, 9], [1, 5, 9], [9, 9, 2]];
        let mut m = Matcher::default();
        // Rows 0, 1, 2 to columns 1, 0, 2.
        assert_eq!(m.cost(3, |r, c| t[r][c]), Some(2 + 1 + 2));
    }

    #[test]
    fn no_assignment_when_two_rows_share_their_only_column() {
        let t = [[3, NEVER], [4, NEVER]];
        assert_eq!(Matcher::default().cost(2, |r, c| t[r][c]), None);
    }

    #[test]
    fn agrees_with_trying_every_assignment() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as i32
        };
        let mut m = Matcher::default();
        for n in 1..=6 {
            for _ in 0..200 {
                let table: Vec<Vec<i32>> = (0..n)
                    .map(|_| {
                        (0..n)
                            .map(|_| {
                                let x = next() % 23;
                                if x > 19 {
                                    NEVER
                                } else {
                                    x
                                }
                            })
                            .collect()
                    })
                    .collect();
                assert_eq!(m.cost(n, |r, c| table[r][c]), brute(&table), "{table:?}");
            }
        }
    }
}
