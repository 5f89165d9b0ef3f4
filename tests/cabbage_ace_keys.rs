//! Keys reach a running CABBAGE game on the Ace at once (issue 36): the engine takes its
//! keys from KEYCOD (the ROM's interrupt scanner) and reads the port only for BREAK, and
//! the key player serves it by watching its KEYCOD reads. Each bundled game is driven
//! through the key player (as the window and the web page drive it) and through the
//! machine's typing queue (`--type`): every key is taken once, in order, by one cycle, at
//! most [`MAX_FRAMES_PER_KEY`] frames after the one before it, and the screen then equals
//! the Rust engine's after the same cycles.

mod cabbage_ace_support;

use aceemu::frontend::key_player::{KeyPlayer, Stroke};
use aceemu::games::cabbage::Description;
use aceemu::games::cabbage::{ace, Engine};
use aceemu::machine::Key;
use aceemu::tape::pulse::Block;
use aceemu::workflows::cabbage_tape::{self, bundled_games};
use cabbage_ace_support::AceGame;

/// The engine waits up to 7 frames for a key; a key typed ahead must be taken within the
/// next wait after the cycle it follows (its hold, the gap after it, a cycle's passes).
const MAX_FRAMES_PER_KEY: u32 = 12;

/// Each bundled game and keys to play in it (its moves, z x k m).
const SCRIPTS: [(&str, &str); 4] = [
    ("mazezam", "xkxkxxmzmzxkzkxxmxmx"),
    ("sokoban", "kkzzxxmmxkzzmmxxkkzx"),
    ("boulders", "xxxkkxxmmzzxxxxxx"),
    ("tron", "kxmzkxmz"),
];

/// The bundled games without their end tiles: these tests are about keys, and a light
/// cycle that crashes on the way (tron's `end X`) would stop taking them
/// (`tests/cabbage_ace.rs` tests the end).
fn games() -> Vec<(String, Description)> {
    bundled_games()
        .unwrap()
        .into_iter()
        .map(|(name, d)| {
            let d = Description {
                end_tile: None,
                ..d
            };
            (name, d)
        })
        .collect()
}

fn tape() -> Vec<Block> {
    cabbage_tape::make_tape(&games()).unwrap()
}

/// A cycle the engine ran: its key (0 for none) and the frame it ended in.
struct Cycle {
    key: u8,
    frame: u32,
}

/// Runs frames (calling `before` ahead of each) until `done` says the keys are in, or
/// `max` frames; returns every cycle the engine ran.
fn watch_cycles(
    g: &mut AceGame,
    max: u32,
    mut before: impl FnMut(&mut AceGame, u32),
    done: impl Fn(&AceGame, &[Cycle]) -> bool,
) -> Vec<Cycle> {
    let mut cycles = Vec::new();
    let mut count = g.cycles();
    for frame in 0..max {
        before(g, frame);
        g.frame();
        let now = g.cycles();
        if now != count {
            // Every cycle waits a frame (HALT) for its key: at most one per frame.
            assert_eq!(
                now,
                count.wrapping_add(1),
                "frame {frame}: one cycle a frame"
            );
            count = now;
            cycles.push(Cycle {
                key: g.ace.peek(g.code.key),
                frame,
            });
        }
        if done(g, &cycles) {
            return cycles;
        }
    }
    panic!(
        "keys not taken in {max} frames ({} cycles):\n{}",
        cycles.len(),
        g.ace.screen_text()
    );
}

fn keys_taken(cycles: &[Cycle]) -> String {
    cycles
        .iter()
        .filter(|c| c.key != 0)
        .map(|c| char::from(c.key))
        .collect()
}

/// The keys went in once each, in order, each within [`MAX_FRAMES_PER_KEY`] of the
/// previous one (the first of the start), and the screen is the Rust engine's after the
/// same cycles.
fn assert_served(name: &str, how: &str, script: &str, g: &AceGame, cycles: &[Cycle]) {
    assert_eq!(keys_taken(cycles), script, "{name} ({how}): the keys taken");
    let mut last = 0;
    for c in cycles.iter().filter(|c| c.key != 0) {
        let frames = c.frame + 1 - last;
        assert!(
            frames <= MAX_FRAMES_PER_KEY,
            "{name} ({how}): {:?} took {frames} frames after the key before it",
            char::from(c.key)
        );
        last = c.frame + 1;
    }
    assert_same_screen(name, how, g, cycles);
}

/// The screen is the Rust engine's after the same cycles (the same keys in the same
/// cycles).
fn assert_same_screen(name: &str, how: &str, g: &AceGame, cycles: &[Cycle]) {
    let games = games();
    let (_, d) = games.iter().find(|(n, _)| n == name).unwrap();
    let mut engine = Engine::new(d);
    for c in cycles {
        engine.step(if c.key == 0 { None } else { Some(c.key) });
    }
    assert!(
        g.screen() == ace::screen(&engine, d),
        "{name} ({how}): the screen differs from the Rust engine's after the same cycles:\n{}",
        g.ace.screen_text()
    );
}

fn stroke(c: char, source: Option<u8>) -> Stroke<u8> {
    Stroke {
        modifiers: Vec::new(),
        keys: vec![Key::from_char(c).expect("a key")],
        source,
    }
}

#[test]
fn typed_ahead_keys_reach_every_game_through_the_key_player() {
    for (name, script) in SCRIPTS {
        let mut g = AceGame::started(tape(), name);
        let mut player = KeyPlayer::default();
        for c in script.chars() {
            assert!(player.push(stroke(c, None)));
        }
        let n = script.len();
        let cycles = watch_cycles(
            &mut g,
            40 * n as u32,
            |g, _| player.frame(&mut g.ace, |_| false),
            |_, cycles| keys_taken(cycles).len() == n,
        );
        assert_served(name, "key player", script, &g, &cycles);
    }
}

#[test]
fn typed_ahead_keys_reach_every_game_through_the_typing_queue() {
    for (name, script) in SCRIPTS {
        let mut g = AceGame::started(tape(), name);
        g.ace.type_text(script);
        let n = script.len();
        let cycles = watch_cycles(
            &mut g,
            40 * n as u32,
            |_, _| {},
            |_, cycles| keys_taken(cycles).len() == n,
        );
        assert_served(name, "--type", script, &g, &cycles);
    }
}

/// The case: keys held 150 ms (8 frames), one a second, in the window. Each acts
/// within the engine's next key wait after it goes down.
#[test]
fn keys_pressed_by_hand_act_at_once() {
    const EVERY: u32 = 50;
    const HELD: u32 = 8;
    for (name, script) in SCRIPTS {
        let script: String = script.chars().take(6).collect();
        let keys: Vec<char> = script.chars().collect();
        let mut g = AceGame::started(tape(), name);
        let mut player = KeyPlayer::default();
        let n = keys.len();
        let cycles = watch_cycles(
            &mut g,
            EVERY * (n as u32 + 1),
            |g, frame| {
                let (i, into) = ((frame / EVERY) as usize, frame % EVERY);
                if into == 0 && i < n {
                    player.push(stroke(keys[i], Some(i as u8)));
                }
                let held = |source: u8| usize::from(source) == i && frame % EVERY < HELD && i < n;
                player.frame(&mut g.ace, held);
            },
            |_, cycles| keys_taken(cycles).len() == n,
        );
        assert_eq!(keys_taken(&cycles), script, "{name}: the keys taken");
        for (i, c) in cycles.iter().filter(|c| c.key != 0).enumerate() {
            let frames = c.frame + 1 - EVERY * i as u32;
            assert!(
                frames <= MAX_FRAMES_PER_KEY,
                "{name}: key {i} ({:?}) acted {frames} frames after it went down",
                char::from(c.key)
            );
        }
        assert_same_screen(name, "by hand", &g, &cycles);
    }
}
