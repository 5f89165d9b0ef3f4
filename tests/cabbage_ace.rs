//! The engine on the Ace against the Rust engine: for each bundled rule file, the same
//! keys give the same screen (video RAM, byte for byte) after every cycle.

mod cabbage_ace_support;
mod cabbage_support;

use aceemu::games::cabbage::{ace, keys::parse_keys, AnomalyKind, Engine};
use aceemu::workflows::cabbage_tape::{bundled_games, BUNDLED};
use cabbage_ace_support::{bundled_tape, AceGame};
use cabbage_support::rule;

fn show(screen: &[u8; 768]) -> String {
    screen
        .chunks(32)
        .map(|l| {
            l.iter()
                .map(|&b| {
                    if (0x20..0x7F).contains(&b) {
                        b as char
                    } else {
                        '?'
                    }
                })
                .collect::<String>()
                + "\n"
        })
        .collect()
}

/// Plays `script` on both, up to the end of the script or of the game (the end tile on
/// the map: the Ace then takes no more cycles); returns the Rust engine's map at the end.
fn same_screens(name: &str, script: &str) -> String {
    let games = bundled_games().unwrap();
    let (_, d) = games.iter().find(|(n, _)| n == name).unwrap();
    let mut engine = Engine::new(d);
    let mut g = AceGame::started(bundled_tape(), name);
    assert_eq!(
        show(&g.screen()),
        show(&ace::screen(&engine, d)),
        "{name}: the first map"
    );
    for (i, key) in parse_keys(script).unwrap().into_iter().enumerate() {
        if ace::finished(&engine, d) {
            break;
        }
        g.cycle(key);
        engine.step(key);
        assert_eq!(
            show(&g.screen()),
            show(&ace::screen(&engine, d)),
            "{name}: cycle {} (key {key:?})",
            i + 1
        );
        assert_eq!(g.screen(), ace::screen(&engine, d));
    }
    engine.text()
}

#[test]
fn mazezam_solves_its_level_on_the_ace_as_in_rust() {
    // Level 3's recorded solution ruRurrdLdLruLurrdrdr in z x k m, a cycle without a key
    // after each move (a push left completes in it), with stray keys between.
    let moves = "xkxkxxmzmzxkzkxxmxmx";
    let script: String = moves.chars().flat_map(|c| [c, '.']).collect();
    let end = same_screens("mazezam", &format!("..z{script}xx.."));
    assert!(end.contains('W'), "solved:\n{end}");
}

#[test]
fn sokoban_on_the_ace_as_in_rust() {
    let end = same_screens("sokoban", "kkzzxxmmxk.zz.mmxxkkz.x");
    assert_ne!(
        end,
        aceemu::games::cabbage::Engine::new(&bundled_games().unwrap()[1].1).text()
    );
}

#[test]
fn boulders_on_the_ace_as_in_rust() {
    let end = same_screens("boulders", "....xxxkkxxmm.....zz.xxxxxx...");
    assert!(!end.contains("#@"), "the player moved:\n{end}");
}

#[test]
fn tron_on_the_ace_as_in_rust() {
    let end = same_screens("tron", "......k...x.....m......z........................");
    assert!(end.contains('X'), "the cycle crashed into the wall:\n{end}");
}

#[test]
fn every_bundled_file_is_tested_here() {
    let names: Vec<_> = BUNDLED.iter().map(|b| b.0).collect();
    assert_eq!(names, ["mazezam", "sokoban", "boulders", "tron"]);
}

#[test]
fn the_committed_tape_is_built_from_the_sources() {
    use aceemu::tape::image::TapeImage;
    use aceemu::workflows::cabbage_tape::TAPE_PATH;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TAPE_PATH);
    let committed = TapeImage::open(&path).unwrap().blocks;
    assert!(
        committed == bundled_tape(),
        "{TAPE_PATH} is out of date: aceemu cabbage tape rules/mazezam.rules {TAPE_PATH} \
         --also rules/sokoban.rules --also rules/boulders.rules --also rules/tron.rules --force"
    );
}

#[test]
fn visited_cells_and_writes_outside_the_map_as_in_rust() {
    use aceemu::games::cabbage::read;
    use aceemu::workflows::cabbage_tape::make_tape;
    // Every visit turns a digit into the next one (9 into 0), in both lists, so the map
    // counts the visits of each cell. An `e` in the last column writes a `Z` over the
    // line end on its right (list B); a `Z` on a line end is a centre in pass A and writes up-left and
    // down-right (one past the map on the last line end visited: dropped). A `3` on line
    // 1 never sees the `#` it wants above it (outside the map).
    let mut a = Vec::new();
    let mut b = Vec::new();
    for d in 0..10u8 {
        let (c, n) = ((b'0' + d) as char, (b'0' + (d + 1) % 10) as char);
        let r = rule(&format!("****{c}****"), &format!("****{n}****"), '*');
        a.push(r.clone());
        b.push(r);
    }
    // On line 1 the `#` above is outside the map: no match. Elsewhere it is a digit.
    a.push(rule("*#**3****", "*A**3****", '*'));
    a.push(rule("****Z****", "Q*******Q", '*'));
    b.push(rule("****e****", "*****Z***", '*'));
    let a = a.join("\n") + "\n";
    let b = b.join("\n") + "\n";
    let text = format!("{a}\n{b}\n6 4\n0000e\n0000e\n0000e\n0000e\n");
    let d = read(text.as_bytes()).description.expect("reads");
    let tape = make_tape(&[("digits".to_string(), d.clone())]).unwrap();
    let mut engine = Engine::new(&d);
    let mut g = AceGame::started(tape, "digits");
    for (i, key) in parse_keys(".k..kk.k.q..ab....")
        .unwrap()
        .into_iter()
        .enumerate()
    {
        g.cycle(key);
        engine.step(key);
        assert_eq!(
            show(&g.screen()),
            show(&ace::screen(&engine, &d)),
            "cycle {} ({key:?})",
            i + 1
        );
    }
    let (anomalies, _) = engine.anomalies();
    let kinds: Vec<_> = anomalies.iter().map(|a| a.kind).collect();
    for kind in [
        AnomalyKind::ReadOutside,
        AnomalyKind::WriteOutside,
        AnomalyKind::WriteOverNewline,
    ] {
        assert!(
            kinds.contains(&kind),
            "the test reaches {kind:?}: {kinds:?}"
        );
    }
}

#[test]
fn break_goes_back_to_forth_and_go_starts_the_game_again() {
    use aceemu::machine::Key;
    let games = bundled_games().unwrap();
    let first = ace::screen(&Engine::new(&games[0].1), &games[0].1);
    let mut g = AceGame::started(bundled_tape(), "mazezam");
    g.cycle(Some(b'x'));
    assert_ne!(g.screen(), first, "the player entered");
    g.ace.press_key(Key::Shift);
    g.frames(1);
    g.ace.press_key(Key::Space);
    g.frames(3);
    g.ace.release_key(Key::Space);
    g.ace.release_key(Key::Shift);
    // STATIN bit 0: Forth's line editor waits for a line.
    assert!(
        g.until(50, |g| g.ace.peek(0x3C28) & 1 != 0),
        "{}",
        g.ace.screen_text()
    );
    g.ace.type_text("GO\n");
    assert!(
        g.until(100, |g| g.screen() == first),
        "{}",
        g.ace.screen_text()
    );
}

#[test]
fn a_map_a_line_short_plays_on_the_ace_as_in_rust() {
    use aceemu::games::cabbage::read;
    use aceemu::workflows::cabbage_tape::make_tape;
    // Y = 5 with four lines given: line 5 is NUL bytes, as the original reads it. A rule
    // in list B moves `@` down onto `.`; the NUL line below stops it.
    let a = rule("****@.***", "****.@***", 'x');
    let b = rule("****@**.*", "****.**@*", '*');
    let text = format!("{a}\n\n{b}\n\n6 5\n#####\n#@..#\n#...#\n#...#\n");
    let r = read(text.as_bytes());
    let d = r.description.expect("a map a line short is accepted");
    assert_eq!(&d.map[4 * 6..], &[0; 6]);
    let tape = make_tape(&[("short".to_string(), d.clone())]).unwrap();
    let mut engine = Engine::new(&d);
    let mut g = AceGame::started(tape, "short");
    assert_eq!(
        show(&g.screen()),
        show(&ace::screen(&engine, &d)),
        "first map"
    );
    for (i, key) in parse_keys("..x...").unwrap().into_iter().enumerate() {
        g.cycle(key);
        engine.step(key);
        assert_eq!(
            show(&g.screen()),
            show(&ace::screen(&engine, &d)),
            "cycle {} ({key:?})",
            i + 1
        );
    }
}

/// The bottom line of the first screen, as the Ace shows it (issue 36: the game's keys).
#[test]
fn the_bottom_line_names_the_keys_in_the_order_of_the_file() {
    let g = AceGame::started(bundled_tape(), "mazezam");
    let screen = g.screen();
    // rules/mazezam.rules names k first (list A), then z, x, m.
    assert_eq!(&screen[23 * 32..], b"keys k z x m         BREAK:Forth");
}

/// Tron ends when the light cycle crashes (`end X`): the Ace shows the end in inverse
/// video on the bottom line, takes no more moves, and ENTER starts the game again; BREAK
/// from the end goes back to Forth.
#[test]
fn the_end_tile_stops_the_game_until_enter_or_break() {
    use aceemu::machine::Key;
    let games = bundled_games().unwrap();
    let (_, d) = games.iter().find(|(n, _)| n == "tron").unwrap();
    assert_eq!(d.end_tile, Some(b'X'));
    let first = ace::screen(&Engine::new(d), d);
    let mut g = AceGame::started(bundled_tape(), "tron");
    let mut engine = Engine::new(d);
    // The cycle rides on without keys until it hits the wall.
    for n in 0.. {
        assert!(n < 200, "no crash in 200 cycles");
        if ace::finished(&engine, d) {
            break;
        }
        g.cycle(None);
        engine.step(None);
    }
    let end = g.screen();
    assert_eq!(show(&end), show(&ace::screen(&engine, d)));
    let inverse: Vec<u8> = b"THE END  ENTER:again BREAK:Forth"
        .iter()
        .map(|c| c | 0x80)
        .collect();
    assert_eq!(&end[23 * 32..], &inverse[..], "the end, in inverse video");
    // Moves are not taken: no cycle runs, the screen stays.
    let cycles = g.cycles();
    for key in [Key::K, Key::M, Key::Z] {
        g.ace.press_key(key);
        g.frames(10);
        g.ace.release_key(key);
        g.frames(10);
    }
    assert_eq!(g.cycles(), cycles, "no cycle after the end");
    assert_eq!(g.screen(), end);
    // ENTER: the first map again, and the game runs.
    g.ace.press_key(Key::Enter);
    g.frames(3);
    g.ace.release_key(Key::Enter);
    assert!(
        g.until(30, |g| g.screen() == first),
        "{}",
        g.ace.screen_text()
    );
    assert!(g.until(30, |g| g.cycles() == 1), "the game runs again");
    // To the end again, then BREAK: Forth's line editor waits for a line.
    let mut engine = Engine::new(d);
    while !ace::finished(&engine, d) {
        engine.step(None);
    }
    assert!(g.until(2000, |g| g.screen()[23 * 32] == b'T' | 0x80));
    g.ace.press_key(Key::Shift);
    g.frames(1);
    g.ace.press_key(Key::Space);
    g.frames(3);
    g.ace.release_key(Key::Space);
    g.ace.release_key(Key::Shift);
    assert!(
        g.until(50, |g| g.ace.peek(0x3C28) & 1 != 0),
        "{}",
        g.ace.screen_text()
    );
}
