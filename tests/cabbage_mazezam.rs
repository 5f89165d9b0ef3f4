//! MazezaM as rules (`rules/mazezam.rules`) against the Rust model of MazezaM, on every
//! level of the project's pack: the same keys give the same board after every move.
//!
//! A move takes one cycle (the key's), except a push to the left, which takes two: its
//! request zips left in pass B of the key's cycle, and the wave that shifts the row runs
//! in pass A of the next cycle. So every move here is the key's cycle followed by one
//! cycle without a key, and the helper markers (`P Q G p q g`) must be gone when the
//! move's last cycle ends (for every move but a push left, already after the key's).

use aceemu::games::cabbage::{read, Description, Engine};
use aceemu::games::mazezam::{pack, Direction, Game, Level, Outcome, Position};

const MARKERS: &[u8] = b"PQGpqg";

fn rules() -> Description {
    let text = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/mazezam.rules")).unwrap();
    read(&text).description.expect("rules/mazezam.rules reads")
}

/// The board of the rule game for the model's state, one string per map line: `#` wall,
/// `.` empty, `o` block, `@` player, `+` the player still in the entrance, `S` the closed
/// entrance, `E` the exit, `W` the exit once the player left through it.
fn board(game: &Game) -> Vec<String> {
    let level = game.level();
    let (w, h) = (level.width(), level.height());
    let wall = "#".repeat(w + 2);
    let mut lines = vec![wall.clone()];
    for r in 0..h {
        let mut line = String::new();
        line.push(match (r == level.entrance_row(), game.player()) {
            (false, _) => '#',
            (true, Position::Entrance) => '+',
            (true, _) => 'S',
        });
        for c in 0..w {
            line.push(if game.player() == (Position::Cell { row: r, col: c }) {
                '@'
            } else if game.is_block(r, c) {
                'o'
            } else {
                '.'
            });
        }
        line.push(match (r == level.exit_row(), game.player()) {
            (false, _) => '#',
            (true, Position::Exit) => 'W',
            (true, _) => 'E',
        });
        lines.push(line);
    }
    lines.push(wall);
    lines
}

fn engine_for(level: &Level, rules: &Description) -> Engine {
    let lines = board(&Game::new(level));
    let stride = lines[0].len() + 1;
    let mut map = Vec::new();
    for l in &lines {
        map.extend_from_slice(l.as_bytes());
        map.push(b'\n');
    }
    Engine::new(&Description {
        stride,
        lines: lines.len(),
        map,
        ..rules.clone()
    })
}

fn map_lines(e: &Engine) -> Vec<String> {
    e.text().lines().map(String::from).collect()
}

fn has_markers(e: &Engine) -> bool {
    e.raw().iter().any(|b| MARKERS.contains(b))
}

/// Plays `moves` on both and compares after every move.
fn cross_check(level: &Level, moves: &[Direction], what: &str) {
    let rules = rules();
    let mut e = engine_for(level, &rules);
    let mut game = Game::new(level);
    assert_eq!(map_lines(&e), board(&game));
    for (i, &d) in moves.iter().enumerate() {
        let outcome = game.press(d);
        e.step(Some(d.ace_key()));
        let push_left = matches!(outcome, Outcome::Moved(m) if m.push && d == Direction::Left);
        if !push_left {
            assert!(
                !has_markers(&e),
                "{what}: markers left after move {i}:\n{}",
                e.text()
            );
            assert_eq!(
                map_lines(&e),
                board(&game),
                "{what}: after the key of move {i} ({d:?})"
            );
        }
        e.step(None);
        assert!(
            !has_markers(&e),
            "{what}: markers after move {i}:\n{}",
            e.text()
        );
        assert_eq!(
            map_lines(&e),
            board(&game),
            "{what}: after move {i} ({d:?}, {outcome:?})"
        );
    }
}

#[test]
fn every_pack_level_solved_by_its_recorded_solution() {
    for (i, level) in pack::levels().iter().enumerate() {
        let solution = pack::recorded_solution(level).expect("every pack level has one");
        let moves: Vec<_> = solution.0.iter().map(|m| m.direction).collect();
        cross_check(level, &moves, &format!("level {}", i + 1));
        let mut game = Game::new(level);
        for &d in &moves {
            game.press(d);
        }
        assert!(game.is_solved(), "level {}", i + 1);
    }
}

#[test]
fn every_pack_level_under_random_keys() {
    // Random keys try every kind of move, refused pushes and walks into walls included.
    let mut seed: u64 = 0x5eed_cab0;
    for (i, level) in pack::levels().iter().enumerate() {
        for round in 0..4 {
            let moves: Vec<_> = (0..300)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    // Right more often, so the player gets deep into the level.
                    [
                        Direction::Left,
                        Direction::Right,
                        Direction::Right,
                        Direction::Up,
                        Direction::Down,
                    ][(seed >> 33) as usize % 5]
                })
                .collect();
            cross_check(level, &moves, &format!("level {} round {round}", i + 1));
        }
    }
}

#[test]
fn the_bundled_map_is_pack_level_3() {
    let level = &pack::levels()[2];
    let e = Engine::new(&rules());
    assert_eq!(map_lines(&e), board(&Game::new(level)));
}
