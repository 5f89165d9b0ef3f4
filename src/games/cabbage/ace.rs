//! The engine on the Ace (`mc/cabbage.asm`): a description compiled into the tables the
//! machine code walks, and the screen the Ace should show for an engine's map.
//!
//! The layout is documented at the top of `mc/cabbage.asm`: a 48-byte header (the end
//! tile and the bottom line's key text among it), two table
//! pages (high and low bytes of each centre's rule chain; list A at the character, list B
//! at the character + 128), the chains, the initial map, and the working map between two
//! guards of newline bytes, which no rule character can equal, so that a neighbour above
//! or below the map never matches.

use super::engine::Engine;
use super::reader::Description;
use super::rule::{Rule, WILDCARD};

/// The widest map the Ace draws: the screen's 32 columns.
pub const MAX_WIDTH: usize = 32;
/// The tallest: 22 of the screen's 24 lines.
pub const MAX_LINES: usize = 22;

const ANY_KEY: u8 = 0x80;
/// The key of a rule keyed by NUL, which cannot be typed (0 means "no key" on the Ace).
const NEVER_KEY: u8 = 0xFE;
const END_CHAIN: u8 = 0xFF;
const GUARD: u8 = b'\n';
const HEADER: usize = 48;
/// The screen line the key line (while playing) and the end message take.
pub const STATUS_LINE: usize = 23;
/// The bottom line once the end tile is on the map (shown in inverse video).
pub const END_TEXT: &[u8; 32] = b"THE END  ENTER:again BREAK:Forth";

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AceError {
    #[error(
        "the map is {width} columns by {lines} lines; the Ace's screen shows at most \
         {MAX_WIDTH} columns by {MAX_LINES} lines of map (its last two lines are the \
         game's)"
    )]
    TooLarge { width: usize, lines: usize },
    #[error(
        "the game takes {need} bytes ({rules} rules in {chains} bytes of chains, the map \
         twice in {maps} bytes, tables and header {fixed}); the engine's region leaves \
         {room} (at 0x{base:04X})"
    )]
    NoRoom {
        need: usize,
        rules: usize,
        chains: usize,
        maps: usize,
        fixed: usize,
        base: u16,
        room: usize,
    },
}

/// The game's bytes, to be loaded at `base` (the engine's `game` label); `room` is what
/// the engine's region leaves for it.
pub fn compile(d: &Description, base: u16, room: usize) -> Result<Vec<u8>, AceError> {
    let (x, y) = (d.stride, d.lines);
    if x - 1 > MAX_WIDTH || y > MAX_LINES {
        return Err(AceError::TooLarge {
            width: x - 1,
            lines: y,
        });
    }
    let base_usize = usize::from(base);
    let tables = (base_usize + HEADER).div_ceil(256) * 256;
    let mut chains = Vec::new();
    let mut pointers = [0u16; 256];
    let offsets = neighbour_offsets(x);
    for (list, bias) in [(&d.list_a, 0usize), (&d.list_b, 128)] {
        for centre in 0..128u8 {
            let rules: Vec<&Rule> = list.iter().rev().filter(|r| r.centre == centre).collect();
            if rules.is_empty() {
                continue;
            }
            pointers[usize::from(centre) + bias] = (tables + 512 + chains.len()) as u16;
            for rule in rules {
                encode_rule(rule, &offsets, &mut chains);
            }
            chains.push(END_CHAIN);
        }
    }
    let init = tables + 512 + chains.len();
    let guard = x + 2;
    let map = init + d.map.len() + guard;
    let end = map + d.map.len() + guard;
    if end > base_usize + room || end > 0x10000 {
        let maps = 2 * (d.map.len() + guard);
        return Err(AceError::NoRoom {
            need: end - base_usize,
            rules: d.list_a.len() + d.list_b.len(),
            chains: chains.len(),
            maps,
            fixed: end - base_usize - chains.len() - maps,
            base,
            room,
        });
    }
    let last = map + (y.saturating_sub(1)) * x;
    let mut out = Vec::with_capacity(end - base_usize);
    out.push(x as u8);
    out.push(y as u8);
    for word in [
        map,
        map - 1,
        map + d.map.len(),
        init,
        d.map.len(),
        last.saturating_sub(1),
    ] {
        out.extend_from_slice(&(word as u16).to_le_bytes());
    }
    out.push((tables >> 8) as u8);
    out.push(d.end_tile.unwrap_or(0));
    out.extend_from_slice(&key_line(d));
    out.resize(tables - base_usize, 0);
    out.extend(pointers.iter().map(|p| (p >> 8) as u8));
    out.extend(pointers.iter().map(|p| *p as u8));
    out.extend_from_slice(&chains);
    out.extend_from_slice(&d.map);
    out.extend(std::iter::repeat_n(GUARD, guard));
    out.extend_from_slice(&d.map);
    out.extend(std::iter::repeat_n(GUARD, guard));
    debug_assert_eq!(out.len(), end - base_usize);
    Ok(out)
}

fn neighbour_offsets(x: usize) -> [i8; 8] {
    let x = x as i8;
    [-x - 1, -x, -x + 1, -1, 1, x - 1, x, x + 1]
}

fn encode_rule(rule: &Rule, offsets: &[i8; 8], out: &mut Vec<u8>) {
    out.push(match rule.key {
        WILDCARD => ANY_KEY,
        0 => NEVER_KEY,
        k => k,
    });
    let matches: Vec<(i8, u8)> = (0..8)
        .filter(|&i| rule.matches[i] != WILDCARD)
        .map(|i| (offsets[i], rule.matches[i]))
        .collect();
    let mut writes: Vec<(i8, u8)> = Vec::new();
    if rule.new_centre != WILDCARD {
        writes.push((0, rule.new_centre));
    }
    writes.extend(
        (0..8)
            .filter(|&i| rule.updates[i] != WILDCARD)
            .map(|i| (offsets[i], rule.updates[i])),
    );
    out.push((2 + 2 * matches.len() + 2 * writes.len()) as u8);
    for list in [&matches, &writes] {
        out.push(list.len() as u8);
        for &(o, c) in list.iter() {
            out.push(o as u8);
            out.push(c);
        }
    }
}

/// The keys a game's rules wait for, each once, in the order the file first names them
/// (list A, then list B).
pub fn game_keys(d: &Description) -> Vec<u8> {
    let mut keys = Vec::new();
    for rule in d.list_a.iter().chain(&d.list_b) {
        if rule.key != WILDCARD && rule.key != 0 && !keys.contains(&rule.key) {
            keys.push(rule.key);
        }
    }
    keys
}

/// The bottom line while playing: `keys z x k m`, then how to leave (`BREAK:Forth`) at
/// the right when there is room. Space is named; a key that is no printable
/// character shows as `?`. Keys beyond the line end in `...`.
pub fn key_line(d: &Description) -> [u8; 32] {
    const LEAVE: &[u8] = b"BREAK:Forth";
    let mut text = b"keys".to_vec();
    for key in game_keys(d) {
        text.push(b' ');
        match key {
            b' ' => text.extend_from_slice(b"SPACE"),
            k if k.is_ascii_graphic() => text.push(k),
            _ => text.push(b'?'),
        }
    }
    if game_keys(d).is_empty() {
        text.extend_from_slice(b": none");
    }
    let mut line = [b' '; 32];
    if text.len() > 32 {
        text.truncate(29);
        text.extend_from_slice(b"...");
    }
    line[..text.len()].copy_from_slice(&text);
    if text.len() + 2 + LEAVE.len() <= 32 {
        line[32 - LEAVE.len()..].copy_from_slice(LEAVE);
    }
    line
}

/// Whether the game is finished: its end tile is on the map.
pub fn finished(engine: &Engine, d: &Description) -> bool {
    d.end_tile.is_some_and(|t| engine.raw().contains(&t))
}

/// The 32x24 screen codes the Ace shows for the engine's map of game `d`: the visible map
/// at the top left (line ends not drawn), the key line at the bottom (or, once the end
/// tile is on the map, [`END_TEXT`] in inverse video), spaces everywhere else.
pub fn screen(engine: &Engine, d: &Description) -> [u8; 768] {
    let mut s = [b' '; 768];
    for line in 0..engine.lines().min(24) {
        let row = engine.row(line);
        let n = row.len().min(32);
        s[line * 32..line * 32 + n].copy_from_slice(&row[..n]);
    }
    let status = &mut s[STATUS_LINE * 32..STATUS_LINE * 32 + 32];
    if finished(engine, d) {
        for (cell, &c) in status.iter_mut().zip(END_TEXT) {
            *cell = c | 0x80;
        }
    } else {
        status.copy_from_slice(&key_line(d));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cabbage::read;

    fn description(map_line: &str, lines: usize) -> Description {
        let mut text = String::from("@****.***.****@***x\n\n@****.***.****@***z\n\n");
        text += &format!("{} {lines}\n", map_line.len() + 1);
        for _ in 0..lines {
            text += map_line;
            text += "\n";
        }
        read(text.as_bytes()).description.unwrap()
    }

    #[test]
    fn the_header_tables_and_chains_are_where_the_engine_looks() {
        let d = description("#@.#", 3);
        let g = compile(&d, 0x4012, 4096).unwrap();
        let base = 0x4012usize;
        let word = |i: usize| usize::from(u16::from_le_bytes([g[i], g[i + 1]]));
        assert_eq!((g[0], g[1]), (5, 3));
        let page = usize::from(g[14]) << 8;
        assert_eq!(page, 0x4100, "the first page boundary after the header");
        assert_eq!(g[15], 0, "no end tile");
        assert_eq!(&g[16..48], b"keys x z             BREAK:Forth");
        // `@` (0x40) has one rule in each list: list A at 0x40, list B at 0xC0.
        let chain =
            |i: usize| usize::from(g[page - base + i]) << 8 | usize::from(g[page + 256 - base + i]);
        let (a, b) = (chain(0x40), chain(0xC0));
        assert_eq!(a, page + 512);
        // key x, skip 2 + 2*1 + 2*2, one match (+1, '.'), two writes (0, '.'), (+1, '@').
        assert_eq!(
            &g[a - base..a - base + 11],
            &[b'x', 8, 1, 1, b'.', 2, 0, b'.', 1, b'@', 0xFF]
        );
        assert_eq!(b, a + 11);
        assert_eq!(chain(b'.' as usize), 0, "no rule has `.` as its centre");
        let map = word(2);
        assert_eq!(word(4), map - 1);
        assert_eq!(word(6), map + 15);
        assert_eq!(word(10), 15);
        assert_eq!(word(12), map + 2 * 5 - 1, "line Y-1's newline");
        let init = word(8);
        assert_eq!(&g[init - base..init - base + 15], &d.map[..]);
        assert_eq!(&g[map - base..map - base + 15], &d.map[..]);
        assert_eq!(&g[map - base - 7..map - base], &[b'\n'; 7], "guard before");
        assert_eq!(g.len(), map + 15 + 7 - base, "guard after, then the end");
    }

    #[test]
    fn the_end_tile_follows_the_page_byte() {
        let d = Description {
            end_tile: Some(b'W'),
            ..description("#@.#", 3)
        };
        assert_eq!(compile(&d, 0x4012, 4096).unwrap()[15], b'W');
    }

    #[test]
    fn the_key_line_names_each_key_once_in_file_order() {
        let mut text = String::new();
        for key in ["m", "*", " ", "m", "A", "\u{1}"] {
            text += &format!("@****.***.****@***{key}\n");
        }
        text += "\n\n4 3\n#@.\n#..\n...\n";
        let d = read(text.as_bytes()).description.unwrap();
        assert_eq!(game_keys(&d), [b'm', b' ', b'A', 1]);
        assert_eq!(&key_line(&d), b"keys m SPACE A ?     BREAK:Forth");
        let mut text = String::new();
        for key in b'a'..=b'p' {
            text += &format!("@****.***.****@***{}\n", char::from(key));
        }
        text += "\n\n4 3\n#@.\n#..\n...\n";
        let d = read(text.as_bytes()).description.unwrap();
        assert_eq!(&key_line(&d), b"keys a b c d e f g h i j k l ...");
    }

    #[test]
    fn maps_larger_than_32x22_and_games_without_room_are_refused() {
        assert!(compile(&description(&"#".repeat(32), 22), 0x4000, 8000).is_ok());
        assert_eq!(
            compile(&description(&"#".repeat(33), 3), 0x4000, 8000),
            Err(AceError::TooLarge {
                width: 33,
                lines: 3
            })
        );
        assert!(matches!(
            compile(&description(&"#".repeat(5), 23), 0x4000, 8000),
            Err(AceError::TooLarge { .. })
        ));
        assert!(matches!(
            compile(&description("#@.#", 3), 0x4000, 500),
            Err(AceError::NoRoom { .. })
        ));
    }
}
