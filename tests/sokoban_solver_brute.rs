//! The solver's pruning (dead squares per number, freeze deadlocks, the position table) never
//! loses the optimum: on small made levels, plain and numbered, its push and move counts
//! equal those of a brute-force search written here over whole positions, with no pruning;
//! in pushes mode the moves are the fewest among the solutions with the fewest pushes.

use aceemu::games::sokoban::generator::{generate, Params};
use aceemu::games::sokoban::solver::{solve, Mode};
use aceemu::games::sokoban::{Direction, Game, Level, Step};
use std::collections::{HashMap, VecDeque};

/// The key of a position: the drawing (boxes with their numbers) and the player.
fn key(g: &Game) -> (Vec<usize>, usize) {
    (g.boxes().to_vec(), g.player())
}

/// Fewest pushes (walks cost 0) or fewest moves (every step costs 1), by 0-1 breadth-first
/// search over every position.
fn brute(level: &Level, moves: bool) -> Option<usize> {
    let start = Game::new(level);
    let mut best: HashMap<(Vec<usize>, usize), usize> = HashMap::new();
    let mut queue = VecDeque::from([(start, 0usize)]);
    while let Some((g, cost)) = queue.pop_front() {
        let k = key(&g);
        if best.get(&k).is_some_and(|&c| c <= cost) {
            continue;
        }
        best.insert(k, cost);
        if g.is_solved() {
            return Some(cost);
        }
        for d in Direction::ALL {
            let mut next = g.clone();
            match next.step(d) {
                Step::Blocked => {}
                Step::Walked if !moves => queue.push_front((next, cost)),
                _ => queue.push_back((next, cost + 1)),
            }
        }
    }
    None
}

/// Fewest pushes, then fewest moves: Dijkstra over every position on (pushes, moves).
fn brute_pushes_then_moves(level: &Level) -> Option<(usize, usize)> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let start = Game::new(level);
    let mut best: HashMap<(Vec<usize>, usize), (usize, usize)> = HashMap::new();
    let mut games = vec![start];
    let mut heap = BinaryHeap::from([Reverse(((0usize, 0usize), 0usize))]);
    while let Some(Reverse((cost, i))) = heap.pop() {
        let g = games[i].clone();
        let k = key(&g);
        if best.contains_key(&k) {
            continue;
        }
        best.insert(k, cost);
        if g.is_solved() {
            return Some(cost);
        }
        for d in Direction::ALL {
            let mut next = g.clone();
            let c = match next.step(d) {
                Step::Blocked => continue,
                Step::Walked => (cost.0, cost.1 + 1),
                _ => (cost.0 + 1, cost.1 + 1),
            };
            games.push(next);
            heap.push(Reverse((c, games.len() - 1)));
        }
    }
    None
}

fn small_levels() -> Vec<Level> {
    let mut out = Vec::new();
    for seed in 0..10u64 {
        let params = Params {
            width: 5,
            height: 4,
            boxes: 2,
            numbered: (seed % 3) as usize,
            walls: 200,
            attempts: 3,
            ..Params::default()
        };
        if let Some(made) = generate(seed + 100, &params) {
            out.push(made.level);
        }
    }
    assert!(out.len() >= 5, "only {} levels made", out.len());
    assert!(
        out.iter().any(Level::has_numbers),
        "no numbered level among them"
    );
    out
}

#[test]
fn fewest_pushes_and_fewest_moves_match_a_search_without_pruning() {
    for level in small_levels() {
        let rows = level.rows().join("\n");
        let p = solve(&level, Mode::Pushes, 1_000_000);
        let m = solve(&level, Mode::Moves, 1_000_000);
        assert_eq!(
            p.solution().map(|s| s.pushes()),
            brute(&level, false),
            "pushes:\n{rows}"
        );
        assert_eq!(
            p.solution().map(|s| (s.pushes(), s.len())),
            brute_pushes_then_moves(&level),
            "pushes, then moves:\n{rows}"
        );
        assert_eq!(
            p.solution().map(|s| s.len()).is_some(),
            m.solution().is_some()
        );
        assert_eq!(
            m.solution().map(|s| s.len()),
            brute(&level, true),
            "moves:\n{rows}"
        );
    }
}
