//! Building small CABBAGE games in tests: rules from their two 3x3 blocks, files from
//! rules and a map.
#![allow(dead_code)]

use aceemu::games::cabbage::{reader, Engine};

/// A rule line from its match and update blocks written in reading order (`abcdefghi`,
/// `123456789`) and its key: `rule("....@....", "....x....", '*')`.
pub fn rule(match_block: &str, update_block: &str, key: char) -> String {
    let m: Vec<char> = match_block.chars().collect();
    let u: Vec<char> = update_block.chars().collect();
    assert_eq!(
        (m.len(), u.len()),
        (9, 9),
        "{match_block:?} {update_block:?}"
    );
    let order = [4, 0, 1, 2, 3, 5, 6, 7, 8];
    let mut line: String = order.iter().map(|&i| m[i]).collect();
    line.extend(order.iter().map(|&i| u[i]));
    line.push(key);
    line
}

/// The file text of a game.
pub fn file(list_a: &[String], list_b: &[String], map: &[&str]) -> String {
    let mut text = String::new();
    for r in list_a {
        text += r;
        text += "\n";
    }
    text += "\n";
    for r in list_b {
        text += r;
        text += "\n";
    }
    text += "\n";
    text += &format!("{} {}\n", map[0].len() + 1, map.len());
    for line in map {
        text += line;
        text += "\n";
    }
    text
}

pub fn engine(list_a: &[String], list_b: &[String], map: &[&str]) -> Engine {
    let text = file(list_a, list_b, map);
    let read = reader::read(text.as_bytes());
    let d = read
        .description
        .unwrap_or_else(|| panic!("{:?}\n{text}", read.diagnostics));
    Engine::new(&d)
}

/// The visible map as lines.
pub fn lines(engine: &Engine) -> Vec<String> {
    engine.text().lines().map(String::from).collect()
}
