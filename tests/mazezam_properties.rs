//! The solver against a plain search written here, separately, on a character grid (the
//! spec's "H interior strings, shifted in place"), on hundreds of small random levels:
//! the same optimal move count, the same fewest pushes (and moves among those), the same
//! verdict on unsolvable levels; and every solution replays to the exit in the model.

use aceemu::games::mazezam::solver::{solve, Goal, Verdict};
use aceemu::games::mazezam::{Game, Level};
use proptest::prelude::*;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};

/// A state of the plain model: the rows as strings of ' ' and '$', and the player
/// (None = in the entrance gap; the exit gap ends the search).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Plain {
    rows: Vec<Vec<u8>>,
    player: Option<(usize, usize)>,
}

struct PlainLevel {
    w: usize,
    h: usize,
    entrance: usize,
    exit: usize,
}

/// Every move from a state: (next state or None for "stepped into the exit", pushed?).
fn plain_moves(lv: &PlainLevel, s: &Plain) -> Vec<(Option<Plain>, bool)> {
    let mut out = Vec::new();
    let Some((r, c)) = s.player else {
        let mut n = s.clone();
        n.player = Some((lv.entrance, 0));
        out.push((Some(n), false));
        return out;
    };
    // Up and down: only into empty cells.
    if r > 0 && s.rows[r - 1][c] == b' ' {
        let mut n = s.clone();
        n.player = Some((r - 1, c));
        out.push((Some(n), false));
    }
    if r + 1 < lv.h && s.rows[r + 1][c] == b' ' {
        let mut n = s.clone();
        n.player = Some((r + 1, c));
        out.push((Some(n), false));
    }
    // Left.
    if c > 0 {
        let mut n = s.clone();
        if s.rows[r][c - 1] == b' ' {
            n.player = Some((r, c - 1));
            out.push((Some(n), false));
        } else if s.rows[r][0] == b' ' {
            let row = &mut n.rows[r];
            row.remove(0);
            row.push(b' ');
            n.player = Some((r, c - 1));
            out.push((Some(n), true));
        }
    }
    // Right.
    if c + 1 == lv.w {
        if r == lv.exit {
            out.push((None, false));
        }
    } else {
        let mut n = s.clone();
        if s.rows[r][c + 1] == b' ' {
            n.player = Some((r, c + 1));
            out.push((Some(n), false));
        } else if s.rows[r][lv.w - 1] == b' ' {
            let row = &mut n.rows[r];
            row.pop();
            row.insert(0, b' ');
            n.player = Some((r, c + 1));
            out.push((Some(n), true));
        }
    }
    out
}

fn plain_start(level: &Level) -> (PlainLevel, Plain) {
    let rows = (0..level.height())
        .map(|r| {
            level
                .row(r)
                .iter()
                .map(|&b| if b { b'$' } else { b' ' })
                .collect()
        })
        .collect();
    (
        PlainLevel {
            w: level.width(),
            h: level.height(),
            entrance: level.entrance_row(),
            exit: level.exit_row(),
        },
        Plain { rows, player: None },
    )
}

/// Fewest moves by breadth-first search, or None if unsolvable.
fn plain_fewest_moves(level: &Level) -> Option<usize> {
    let (lv, start) = plain_start(level);
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 0)]);
    while let Some((s, d)) = queue.pop_front() {
        for (next, _) in plain_moves(&lv, &s) {
            match next {
                None => return Some(d + 1),
                Some(n) => {
                    if seen.insert(n.clone()) {
                        queue.push_back((n, d + 1));
                    }
                }
            }
        }
    }
    None
}

/// Fewest pushes, then fewest moves, by Dijkstra over (pushes, moves).
fn plain_fewest_pushes(level: &Level) -> Option<(usize, usize)> {
    let (lv, start) = plain_start(level);
    let mut ids: HashMap<Plain, usize> = HashMap::from([(start.clone(), 0)]);
    let mut states = vec![start];
    let mut best = vec![(0, 0)];
    let mut heap = BinaryHeap::from([Reverse((0usize, 0usize, 0usize))]);
    while let Some(Reverse((p, m, id))) = heap.pop() {
        if id == usize::MAX {
            return Some((p, m)); // the cheapest thing left is stepping out
        }
        if best[id] != (p, m) {
            continue;
        }
        for (next, pushed) in plain_moves(&lv, &states[id].clone()) {
            let cost = (p + usize::from(pushed), m + 1);
            let Some(n) = next else {
                // Stepping out: a goal marker, final once it is the cheapest entry.
                heap.push(Reverse((cost.0, cost.1, usize::MAX)));
                continue;
            };
            let to = *ids.entry(n.clone()).or_insert_with(|| {
                states.push(n);
                best.push((usize::MAX, usize::MAX));
                states.len() - 1
            });
            if cost < best[to] {
                best[to] = cost;
                heap.push(Reverse((cost.0, cost.1, to)));
            }
        }
    }
    None
}

fn arb_level(max_w: usize, max_h: usize) -> impl Strategy<Value = Level> {
    (1..=max_w, 1..=max_h)
        .prop_flat_map(|(w, h)| {
            (
                Just((w, h)),
                0..h,
                0..h,
                prop::collection::vec(prop::bool::weighted(0.45), w * h),
            )
        })
        .prop_map(|((w, h), e, x, mut cells)| {
            cells[e * w] = false;
            Level::new(w, h, e, x, cells).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn fewest_moves_agree_with_plain_bfs(level in arb_level(7, 4)) {
        let report = solve(&level, Goal::Moves).unwrap();
        let plain = plain_fewest_moves(&level);
        match &report.verdict {
            Verdict::Solved(moves) => {
                prop_assert_eq!(Some(moves.len()), plain);
                let game = Game::replay(&level, moves);
                prop_assert!(game.is_ok(), "{:?}", game);
            }
            Verdict::Unsolvable => prop_assert_eq!(plain, None),
        }
    }

    #[test]
    fn fewest_pushes_agree_with_plain_dijkstra(level in arb_level(7, 4)) {
        let report = solve(&level, Goal::Pushes).unwrap();
        let plain = plain_fewest_pushes(&level);
        match &report.verdict {
            Verdict::Solved(moves) => {
                prop_assert_eq!(Some((moves.pushes(), moves.len())), plain);
                prop_assert!(Game::replay(&level, moves).is_ok());
            }
            Verdict::Unsolvable => prop_assert_eq!(plain, None),
        }
    }
}

/// Exhaustive over every 3x2 level: 2^6 cell patterns x 2 entrances x 2 exits.
#[test]
fn every_3x2_level_agrees_with_plain_bfs() {
    let (w, h) = (3, 2);
    for bits in 0u32..1 << (w * h) {
        for e in 0..h {
            for x in 0..h {
                let cells: Vec<bool> = (0..w * h).map(|i| bits >> i & 1 == 1).collect();
                let Ok(level) = Level::new(w, h, e, x, cells) else {
                    continue; // rule R4
                };
                let ours = solve(&level, Goal::Moves).unwrap();
                let ours = ours.solution().map(|m| m.len());
                assert_eq!(ours, plain_fewest_moves(&level), "{level}");
            }
        }
    }
}
