//! Quick key taps reach programs whole (issue 24): a tap stays down until the program has
//! scanned the keyboard since the press, and the release likewise, so a program polling
//! the keys every N frames sees every press and every release, in order, and never one
//! twice.
//!
//! The taps go through the window's input layer ([`WindowInput`]) as minifb would report
//! them for `xdotool type --delay D`: each key pressed and let go at once, D ms apart,
//! between two frames as the host's clock has it. Headless `--type` goes through the
//! machine's typing queue and gets the same checks.

use aceemu::frontend::host_keys::WindowInput;
use aceemu::games::maze::compare::{compare_images, compare_vars};
use aceemu::games::maze::{Maze, Size};
use aceemu::machine::keyboard::{line_editor_waiting, STATIN};
use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::open_rom;
use aceemu::tape::deck::{DeckOptions, TapeSpeed};
use aceemu::workflows::maze_game::MazeGame;
use minifb::{InputCallback, Key as HostKey};
use std::path::{Path, PathBuf};

/// The Ace's frame in ms (50.08 Hz).
const FRAME_MS: f64 = 1000.0 / 50.08;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn tape(name: &str) -> PathBuf {
    root().join("tapes").join(name)
}

/// The host key and character of a tap.
fn host_key(c: char) -> (HostKey, char) {
    let key = match c {
        'a' => HostKey::A,
        'k' => HostKey::K,
        'm' => HostKey::M,
        'z' => HostKey::Z,
        'q' => HostKey::Q,
        'r' => HostKey::R,
        'u' => HostKey::U,
        'n' => HostKey::N,
        ' ' => HostKey::Space,
        '\n' => return (HostKey::Enter, '\r'),
        _ => panic!("no host key for {c:?} in this test"),
    };
    (key, c)
}

/// A host event at a time (ms from the first tap).
struct Timed {
    at: f64,
    key: HostKey,
    down: bool,
    ch: char,
}

/// `xdotool type --delay delay_ms text`: each key down and up at once, `delay_ms` apart.
fn taps(text: &str, delay_ms: f64) -> Vec<Timed> {
    let mut events = Vec::new();
    for (i, c) in text.chars().enumerate() {
        let (key, ch) = host_key(c);
        let at = i as f64 * delay_ms;
        events.push(Timed {
            at,
            key,
            down: true,
            ch,
        });
        events.push(Timed {
            at: at + 1.0,
            key,
            down: false,
            ch,
        });
    }
    events
}

/// Something that runs frames of an Ace: the machine alone, or with a tape deck.
trait Frames {
    fn ace(&mut self) -> &mut Ace;
    fn run_frame(&mut self);
}

impl Frames for Ace {
    fn ace(&mut self) -> &mut Ace {
        self
    }
    fn run_frame(&mut self) {
        Ace::run_frame(self)
    }
}

impl Frames for MazeGame {
    fn ace(&mut self) -> &mut Ace {
        &mut self.ace
    }
    fn run_frame(&mut self) {
        MazeGame::run_frame(self)
    }
}

/// Plays `events` through the window's input layer, frame by frame, until all are in,
/// the layer is idle and `done` holds (or `max_frames`). Returns the frames run.
fn play_taps(
    machine: &mut impl Frames,
    events: &[Timed],
    max_frames: u32,
    done: impl Fn(&Ace) -> bool,
) -> u32 {
    let mut input = WindowInput::default();
    let mut callback = input.callback();
    let mut next = 0;
    let mut down: Vec<HostKey> = Vec::new();
    for frame in 0..max_frames {
        let end = f64::from(frame + 1) * FRAME_MS;
        while next < events.len() && events[next].at < end {
            let e = &events[next];
            callback.set_key_state(e.key, e.down);
            if e.down {
                callback.add_char(e.ch as u32);
                down.push(e.key);
            } else {
                down.retain(|&k| k != e.key);
            }
            next += 1;
        }
        input.take_events(&down, true);
        input.play(machine.ace(), &down);
        machine.run_frame();
        if next == events.len() && input.is_idle() && done(machine.ace()) {
            return frame + 1;
        }
    }
    panic!(
        "taps not taken in {max_frames} frames ({} of {} events sent, {} strokes queued); \
         screen:\n{}",
        next,
        events.len(),
        input.backlog(),
        machine.ace().screen_text()
    );
}

fn at_prompt(ace: &Ace) -> bool {
    ace.typing_done() && line_editor_waiting(ace.peek(STATIN))
}

/// Types `text` with the machine's queue (as `--type` does) and runs until it is typed.
fn type_in(ace: &mut Ace, text: &str) {
    ace.try_type_text(text).unwrap();
    let mut frames = 0;
    while !ace.typing_done() {
        ace.run_frame();
        frames += 1;
        assert!(frames < 20_000, "typing {text:?} did not finish");
    }
}

/// Runs until the ROM's line editor waits again.
fn run_to_prompt(ace: &mut Ace, max_frames: u32) {
    for _ in 0..max_frames {
        if at_prompt(ace) {
            return;
        }
        ace.run_frame();
    }
    panic!(
        "no prompt in {max_frames} frames; screen:\n{}",
        ace.screen_text()
    );
}

/// The guests: `n k POLL` reads INKEY every n frames, `n k RAW` reads the port with all
/// eight half-rows selected (`254 IN`, A8-A15 low) every n frames. Each prints the key it
/// sees when it changes (INKEY's character, or `*` for "a key" from the port) and `.` when
/// the keys come up, and stops after `k` releases.
const GUESTS: &str = "0 VARIABLE LK\n0 VARIABLE C\n\
: WAITS 15403 @ + BEGIN DUP 15403 @ - 0< UNTIL DROP ;\n\
: SEEN DUP LK @ = 0= IF DUP LK ! DUP IF DUP EMIT ELSE 46 EMIT C @ 1+ C ! THEN THEN DROP ;\n\
: POLL CLS 0 C ! 0 LK ! BEGIN OVER WAITS INKEY SEEN C @ OVER = UNTIL DROP DROP ;\n\
: RAW CLS 0 C ! 0 LK ! BEGIN OVER WAITS 254 IN 31 AND 31 XOR IF 42 ELSE 0 THEN SEEN \
C @ OVER = UNTIL DROP DROP ;\n";

fn guest_machine() -> Ace {
    let mut ace = Ace::new(open_rom(), RamSize::K19).unwrap();
    type_in(&mut ace, GUESTS);
    run_to_prompt(&mut ace, 500);
    let screen = ace.screen_text();
    assert!(!screen.contains("ERROR"), "{screen}");
    ace
}

/// What a guest printed (the first screen row, trailing blanks off).
fn printed(ace: &Ace) -> String {
    let screen = ace.screen_text();
    screen.lines().next().unwrap_or("").trim_end().to_string()
}

/// Each key of `text` and a `.` after it (INKEY guest); `*` for each key (port guest);
/// then the ROM's OK.
fn expected(text: &str, raw: bool) -> String {
    let seen: String = text
        .chars()
        .flat_map(|c| [if raw { '*' } else { c }, '.'])
        .collect();
    format!("{seen} OK")
}

const TEXT: &str = "mmmzzkam";
const POLL_EVERY: [u32; 4] = [1, 5, 20, 60];
const DELAYS_MS: [f64; 3] = [12.0, 50.0, 120.0];

/// Frames that are surely enough for `taps` taps at one poll every `every` frames.
fn budget(taps: usize, every: u32) -> u32 {
    (taps as u32 + 2) * 2 * (every + 10) + 200
}

fn window_taps_reach(word: &str, raw: bool) {
    let mut ace = guest_machine();
    for every in POLL_EVERY {
        for delay in DELAYS_MS {
            let command = format!("{every} {} {word}\n", TEXT.len());
            type_in(&mut ace, &command);
            play_taps(
                &mut ace,
                &taps(TEXT, delay),
                budget(TEXT.len(), every),
                at_prompt,
            );
            assert_eq!(
                printed(&ace),
                expected(TEXT, raw),
                "{word} every {every} frames, taps {delay} ms apart"
            );
        }
    }
}

#[test]
fn window_taps_reach_an_inkey_poller_whole_at_any_poll_rate() {
    window_taps_reach("POLL", false);
}

#[test]
fn window_taps_reach_a_raw_port_poller_whole_at_any_poll_rate() {
    window_taps_reach("RAW", true);
}

#[test]
fn typed_keys_reach_pollers_whole_at_any_poll_rate() {
    let mut ace = guest_machine();
    for (word, raw) in [("POLL", false), ("RAW", true)] {
        for every in POLL_EVERY {
            // The command and the taps in one --type text, as a script would.
            let text = format!("{every} {} {word}\n{TEXT}", TEXT.len());
            ace.try_type_text(&text).unwrap();
            let mut frames = 0;
            while !at_prompt(&ace) {
                ace.run_frame();
                frames += 1;
                assert!(
                    frames < budget(TEXT.len(), every) + 500,
                    "{word} every {every}: screen\n{}",
                    ace.screen_text()
                );
            }
            assert_eq!(
                printed(&ace),
                expected(TEXT, raw),
                "--type into {word} every {every} frames"
            );
        }
    }
}

/// A guest that scans the keyboard in its own loop is no different from INKEY: keys
/// typed far ahead of it wait their turn, none lost.
#[test]
fn typed_ahead_keys_wait_for_a_busy_program() {
    let mut ace = guest_machine();
    // The program first counts to 30,000 (about 4 s) and only then polls.
    type_in(&mut ace, ": BUSY 30000 0 DO LOOP POLL ;\n");
    run_to_prompt(&mut ace, 200);
    ace.try_type_text(&format!("1 {} BUSY\n{TEXT}", TEXT.len()))
        .unwrap();
    let mut frames = 0;
    while !at_prompt(&ace) {
        ace.run_frame();
        frames += 1;
        assert!(frames < 3_000, "screen\n{}", ace.screen_text());
    }
    assert_eq!(printed(&ace), expected(TEXT, false));
}

/// The maze game's Play mode (`MAN`, SLOW, a ~1000-loop pause between polls, a key only
/// counted after a release) walks the measured route of seed 0, size 1, however fast the
/// keys are tapped: the game's memory then equals the model's after the same keys.
fn maze_route() -> String {
    let text = std::fs::read_to_string(root().join("tests/data/spec/maze-vectors.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["seed"] == 0 && c["size"] == 1)
        .and_then(|c| c["play_keys"].as_str())
        .unwrap()
        .to_lowercase()
}

fn maze_play_takes_every_tap(delay: f64) {
    // The first 60 keys of the route: within the window's queue of 64 even when all are
    // tapped before the game takes the first.
    let route: String = maze_route().chars().take(60).collect();
    let mut model = Maze::new(Size::new(1).unwrap(), 0);
    model.generate();
    model.prepare_to_play();
    model.press_keys(route.as_bytes());
    assert!(
        !model.mouse_at_exit(),
        "the game is still on after these keys"
    );

    let mut game = MazeGame::load(open_rom(), RamSize::K51, &tape("maze.tap")).unwrap();
    game.enter("INVIS CLS", 100).unwrap();
    game.enter("FAST 0 SEED ! 1 CLEAR DRAW SLOW", 8_000)
        .unwrap();
    game.ace.type_text("FAST MOUSE SLOW MAN\n");
    while !game.ace.typing_done() {
        game.run_frame();
    }
    // Done when every tap has been played: the game has read the last key's release.
    let frames = play_taps(&mut game, &taps(&route, delay), 20_000, |_| true);
    let images = compare_images(&model, game.here, |a| game.ace.peek(a));
    let vars = compare_vars(
        &model,
        game.here,
        |v| game.var_address(v),
        |a| game.ace.peek(a),
    );
    assert!(
        images.is_empty() && vars.is_empty(),
        "taps {delay} ms apart ({frames} frames): {} bytes differ ({:?}), vars {:?}; screen:\n{}",
        images.len(),
        images.first().map(|m| m.to_string()),
        vars.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        game.ace.screen_text()
    );
}

#[test]
fn maze_play_takes_every_tap_at_12_ms() {
    maze_play_takes_every_tap(12.0);
}

#[test]
fn maze_play_takes_every_tap_at_50_ms() {
    maze_play_takes_every_tap(50.0);
}

#[test]
fn maze_play_takes_every_tap_at_120_ms() {
    maze_play_takes_every_tap(120.0);
}

fn last_line(ace: &Ace) -> String {
    ace.screen_text().lines().last().unwrap_or("").to_string()
}

struct WithDeck<'a>(&'a mut Ace, &'a mut aceemu::tape::TapeControl);

impl Frames for WithDeck<'_> {
    fn ace(&mut self) -> &mut Ace {
        self.0
    }
    fn run_frame(&mut self) {
        self.1.run_frame(self.0)
    }
}

/// The DEMO (tapes/demo.tap) checks INKEY once a loop of 20 points and 5 frames: one tap
/// of SPACE stops it, and the SPACE does not reach the line editor after it.
#[test]
fn one_tap_stops_the_demo() {
    for delay in DELAYS_MS {
        let mut ace = Ace::new(open_rom(), RamSize::K19).unwrap();
        let options = DeckOptions {
            speed: TapeSpeed::Fast,
            ..DeckOptions::default()
        };
        let mut deck =
            aceemu::tape::attach(&mut ace, None, Some(&tape("demo.tap")), &options).unwrap();
        ace.try_type_text("LOAD DEMO\n").unwrap();
        let mut frames = 0;
        while !(at_prompt(&ace) && ace.screen_text().contains("OK")) {
            deck.run_frame(&mut ace);
            frames += 1;
            assert!(frames < 5_000, "LOAD DEMO: {}", ace.screen_text());
        }
        let prompt_line = last_line(&ace);
        ace.try_type_text("DEMO\n").unwrap();
        for _ in 0..150 {
            deck.run_frame(&mut ace);
        }
        assert!(!at_prompt(&ace), "the demo runs");
        // One tap, then nothing: the demo must stop and the editor's line stay empty.
        let events = taps(" ", delay);
        let mut machine = WithDeck(&mut ace, &mut deck);
        play_taps(&mut machine, &events, 500, at_prompt);
        for _ in 0..100 {
            deck.run_frame(&mut ace);
        }
        assert!(at_prompt(&ace), "taps {delay} ms: the demo stopped");
        assert_eq!(
            last_line(&ace),
            prompt_line,
            "taps {delay} ms: the SPACE reached the line editor too"
        );
    }
}

/// A fresh machine with tapes/sokoban.tap in the deck (instant), run until `LOAD SOKOBAN`
/// has found the game and printed its name: the rest of the load, then `OK`, then the
/// prompt follow in the next frames.
fn sokoban_loading() -> (Ace, aceemu::tape::TapeControl) {
    let rom = aceemu::rom::RomImage::from_bytes(open_rom().to_vec(), "open").unwrap();
    let traps = aceemu::tape::traps::RomTapeTraps::for_rom(&rom.sha256_hex());
    let mut ace = Ace::new(rom.bytes(), RamSize::K19).unwrap();
    let options = DeckOptions {
        speed: TapeSpeed::Instant,
        ..DeckOptions::default()
    };
    let mut deck =
        aceemu::tape::attach(&mut ace, traps, Some(&tape("sokoban.tap")), &options).unwrap();
    ace.try_type_text("LOAD SOKOBAN\n").unwrap();
    let mut frames = 0;
    while !(ace.typing_done() && ace.screen_text().contains("Dict: SOKOBAN")) {
        deck.run_frame(&mut ace);
        frames += 1;
        assert!(frames < 20_000, "LOAD SOKOBAN: {}", ace.screen_text());
    }
    (ace, deck)
}

/// LOAD's `OK` is on the screen and the line editor waits.
fn load_finished(ace: &Ace) -> bool {
    let text = ace.screen_text();
    let ok = text
        .lines()
        .any(|l| l.contains("Dict: SOKOBAN") && l.contains(" OK"));
    ok && line_editor_waiting(ace.peek(STATIN))
}

/// After `RUN`: the game's title page comes up, and stays (a second ENTER would start a
/// level, a second R would make `RRUN`, an error).
fn assert_title_after_run(ace: &mut Ace, deck: &mut aceemu::tape::TapeControl, what: &str) {
    let mut frames = 0;
    while !ace.screen_text().contains("ENTER plays") {
        deck.run_frame(ace);
        frames += 1;
        assert!(
            frames < 1_000,
            "{what}: no title page:\n{}",
            ace.screen_text()
        );
    }
    for _ in 0..100 {
        deck.run_frame(ace);
    }
    assert!(
        ace.screen_text().contains("ENTER plays"),
        "{what}: the title page went:\n{}",
        ace.screen_text()
    );
}

/// A line typed while LOAD is finishing (the game found and its name printed, `OK` and
/// the prompt still some frames away), or just after: the keys pressed while the ROM is
/// busy are delivered by its scanner while nobody takes them. `RUN` typed 0 to 12 frames
/// after the name shows, by `--type`'s queue and through the window's input layer, still
/// arrives whole, and once.
#[test]
fn run_typed_as_load_finishes_is_not_lost() {
    let mut before_ok = 0;
    for delay in 0..=12 {
        let (mut ace, mut deck) = sokoban_loading();
        for _ in 0..delay {
            deck.run_frame(&mut ace);
        }
        before_ok += usize::from(!load_finished(&ace));
        ace.try_type_text("RUN\n").unwrap();
        assert_title_after_run(&mut ace, &mut deck, &format!("--type, {delay} frames"));

        let (mut ace, mut deck) = sokoban_loading();
        for _ in 0..delay {
            deck.run_frame(&mut ace);
        }
        let mut machine = WithDeck(&mut ace, &mut deck);
        play_taps(&mut machine, &taps("run\n", 30.0), 1_000, |ace| {
            ace.screen_text().contains("ENTER plays")
        });
        assert_title_after_run(&mut ace, &mut deck, &format!("window, {delay} frames"));
    }
    // The test covers both sides of the prompt's return.
    assert!((2..13).contains(&before_ok), "{before_ok} delays before OK");
}
