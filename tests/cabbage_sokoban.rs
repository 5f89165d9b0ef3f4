//! Sokoban as rules (`rules/sokoban.rules`, spec rule-engine.md 8) against a small
//! rule-independent Sokoban stepper written here: the same keys give the same board after
//! every move, on hand-made levels and on many random rooms. A move takes one cycle (the
//! box is visited before the player in its direction's pass, so a push happens once).
//! The bundled pack (`levels/aceemu.xsb`) is also played with its recorded solutions
//! against the project's Sokoban model (`games::sokoban`).

use aceemu::games::cabbage::{read, Description, Engine};

/// The stepper: an XSB board (`#` wall, ` ` floor, `.` goal, `$` box, `*` box on goal,
/// `@` player, `+` player on goal), moved by the four keys.
struct Board {
    cells: Vec<Vec<u8>>,
}

impl Board {
    fn new(lines: &[&str]) -> Board {
        Board {
            cells: lines.iter().map(|l| l.as_bytes().to_vec()).collect(),
        }
    }

    fn player(&self) -> (usize, usize) {
        for (r, row) in self.cells.iter().enumerate() {
            if let Some(c) = row.iter().position(|&b| b == b'@' || b == b'+') {
                return (r, c);
            }
        }
        panic!("no player")
    }

    fn is_box(b: u8) -> bool {
        b == b'$' || b == b'*'
    }

    fn is_free(b: u8) -> bool {
        b == b' ' || b == b'.'
    }

    fn on_goal(b: u8) -> bool {
        matches!(b, b'.' | b'*' | b'+')
    }

    fn step(&mut self, key: u8) {
        let (dr, dc): (isize, isize) = match key {
            b'z' => (0, -1),
            b'x' => (0, 1),
            b'k' => (-1, 0),
            b'm' => (1, 0),
            _ => return,
        };
        let (r, c) = self.player();
        let at = |r: usize, c: usize, k: isize| {
            (
                (r as isize + dr * k) as usize,
                (c as isize + dc * k) as usize,
            )
        };
        let (r1, c1) = at(r, c, 1);
        let (r2, c2) = at(r, c, 2);
        let ahead = self.cells[r1][c1];
        if Board::is_box(ahead) {
            let beyond = self.cells.get(r2).and_then(|row| row.get(c2)).copied();
            if !beyond.is_some_and(Board::is_free) {
                return;
            }
            let g = Board::on_goal(beyond.unwrap());
            self.cells[r2][c2] = if g { b'*' } else { b'$' };
        } else if !Board::is_free(ahead) {
            return;
        }
        let here = Board::on_goal(self.cells[r][c]);
        self.cells[r][c] = if here { b'.' } else { b' ' };
        let there = Board::on_goal(self.cells[r1][c1]);
        self.cells[r1][c1] = if there { b'+' } else { b'@' };
    }

    /// The board in the rule file's tiles.
    fn as_rule_tiles(&self) -> Vec<String> {
        self.cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&b| match b {
                        b'$' => 'b',
                        b'*' => 'B',
                        b'@' => 'p',
                        b'+' => 'P',
                        other => other as char,
                    })
                    .collect()
            })
            .collect()
    }
}

fn engine_for(board: &Board) -> Engine {
    let text = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/sokoban.rules")).unwrap();
    let rules = read(&text).description.expect("rules/sokoban.rules reads");
    let lines = board.as_rule_tiles();
    let mut map = Vec::new();
    for l in &lines {
        map.extend_from_slice(l.as_bytes());
        map.push(b'\n');
    }
    Engine::new(&Description {
        stride: lines[0].len() + 1,
        lines: lines.len(),
        map,
        ..rules
    })
}

fn cross_check(lines: &[&str], keys: &[u8], what: &str) {
    let mut board = Board::new(lines);
    let mut e = engine_for(&board);
    for (i, &k) in keys.iter().enumerate() {
        board.step(k);
        e.step(Some(k));
        let got: Vec<String> = e.text().lines().map(String::from).collect();
        assert_eq!(
            got,
            board.as_rule_tiles(),
            "{what}: after key {i} ({})",
            k as char
        );
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

fn random_keys(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| b"zxkm"[rng.next(4)]).collect()
}

#[test]
fn the_bundled_level_and_hand_made_ones() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/sokoban.rules"))
        .unwrap();
    let map: Vec<String> = text
        .split("\n\n")
        .nth(2)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            l.chars()
                .map(|c| match c {
                    'b' => '$',
                    'B' => '*',
                    'p' => '@',
                    'P' => '+',
                    o => o,
                })
                .collect()
        })
        .collect();
    let bundled: Vec<&str> = map.iter().map(String::as_str).collect();
    let hand_made: [&[&str]; 3] = [
        &["#######", "#.$@$.#", "#######"],
        &[
            "#####", "#. .#", "#$$ #", "# @ #", "#$$ #", "#. .#", "#####",
        ],
        &["######", "#+*$ #", "#  $.#", "#  * #", "######"],
    ];
    let mut rng = Rng(7);
    for (i, level) in std::iter::once(&bundled[..]).chain(hand_made).enumerate() {
        for round in 0..5 {
            let keys = random_keys(&mut rng, 200);
            cross_check(level, &keys, &format!("level {i} round {round}"));
        }
    }
}

#[test]
fn random_rooms() {
    let mut rng = Rng(0x50c0_ba11);
    for room in 0..300 {
        let (w, h) = (3 + rng.next(8), 3 + rng.next(6));
        let mut cells = vec![vec![b'#'; w + 2]; h + 2];
        for row in cells.iter_mut().take(h + 1).skip(1) {
            for cell in row.iter_mut().take(w + 1).skip(1) {
                *cell = b" ...$$*##"[rng.next(9)].max(b' ');
                if rng.next(3) > 0 {
                    *cell = b' ';
                }
            }
        }
        let (pr, pc) = (1 + rng.next(h), 1 + rng.next(w));
        cells[pr][pc] = if rng.next(2) == 0 { b'@' } else { b'+' };
        let lines: Vec<String> = cells
            .iter()
            .map(|r| String::from_utf8(r.clone()).unwrap())
            .collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let keys = random_keys(&mut rng, 150);
        cross_check(&lines, &keys, &format!("room {room}: {lines:?}"));
    }
}

/// XSB rows padded to one width, floor written `-` or `_` as a space, as rule tiles.
fn rule_tiles_of(rows: &[String], width: usize) -> Vec<String> {
    let padded: Vec<String> = rows
        .iter()
        .map(|r| {
            let r: String = r
                .chars()
                .map(|c| if c == '-' || c == '_' { ' ' } else { c })
                .collect();
            format!("{r:width$}")
        })
        .collect();
    let refs: Vec<&str> = padded.iter().map(String::as_str).collect();
    Board::new(&refs).as_rule_tiles()
}

/// Every level of the bundled Sokoban pack, played with its recorded solution through the
/// project's Sokoban model and through the rules: the same board after every move (the
/// rules know no numbers, and the model's board shows none).
#[test]
fn every_pack_level_with_its_solution_matches_the_sokoban_model() {
    use aceemu::games::sokoban::{format, pack, Direction, Game};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/aceemu.xsb");
    let parsed = format::parse_file(std::path::Path::new(path)).expect("the pack reads");
    assert!(parsed.levels.len() >= 20);
    for (n, level) in parsed.levels.iter().enumerate() {
        let solution = pack::recorded_solution(level).expect("a recorded solution");
        let mut game = Game::new(level);
        let width = level.width();
        let start = rule_tiles_of(&game.rows(), width);
        let refs: Vec<&str> = start.iter().map(String::as_str).collect();
        // The stepper's board is only the engine's starting map here.
        let mut e = engine_for(&Board::new(&refs));
        for (i, m) in solution.iter().enumerate() {
            let key = match m.direction {
                Direction::Left => b'z',
                Direction::Right => b'x',
                Direction::Up => b'k',
                Direction::Down => b'm',
            };
            game.step(m.direction);
            e.step(Some(key));
            let got: Vec<String> = e.text().lines().map(String::from).collect();
            assert_eq!(
                got,
                rule_tiles_of(&game.rows(), width),
                "pack level {}: after move {i} ({})",
                n + 1,
                key as char
            );
        }
        assert!(game.all_goals_covered(), "pack level {} not solved", n + 1);
    }
}
