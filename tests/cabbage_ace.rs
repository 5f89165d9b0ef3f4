//! The engine on the Ace against the Rust engine: for each bundled rule file, the same
//! keys give the same screen (video RAM, byte for byte) after every cycle.

mod cabbage_ace_support;

use aceemu::frontend::cabbage_tape::{bundled_games, BUNDLED};
use aceemu::games::cabbage::{ace, keys::parse_keys, Engine};
use cabbage_ace_support::{bundled_tape, AceGame};

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

/// Plays `script` on both; returns the Rust engine's map at the end.
fn same_screens(name: &str, script: &str) -> String {
    let games = bundled_games().unwrap();
    let (_, d) = games.iter().find(|(n, _)| n == name).unwrap();
    let mut engine = Engine::new(d);
    let mut g = AceGame::started(bundled_tape(), name);
    assert_eq!(
        show(&g.screen()),
        show(&ace::screen(&engine)),
        "{name}: the first map"
    );
    for (i, key) in parse_keys(script).unwrap().into_iter().enumerate() {
        g.cycle(key);
        engine.step(key);
        assert_eq!(
            show(&g.screen()),
            show(&ace::screen(&engine)),
            "{name}: cycle {} (key {key:?})",
            i + 1
        );
        assert_eq!(g.screen(), ace::screen(&engine));
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
    use aceemu::frontend::cabbage_tape::TAPE_PATH;
    use aceemu::tape::image::TapeImage;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TAPE_PATH);
    let committed = TapeImage::open(&path).unwrap().blocks;
    assert!(
        committed == bundled_tape(),
        "{TAPE_PATH} is out of date: aceemu cabbage tape rules/mazezam.rules {TAPE_PATH} \
         --also rules/sokoban.rules --also rules/boulders.rules --also rules/tron.rules --force"
    );
}
