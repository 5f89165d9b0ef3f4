//! Driving the machine-code MazezaM on the emulated Ace the way a person does (keys on the
//! matrix, tapes in the deck) and judging it by video RAM against the Rust model
//! (`Session` for lives and levels, `screen::render` for the picture).
#![allow(dead_code)]

use aceemu::games::mazezam::screen;
use aceemu::games::mazezam::{solver, Command, Direction, Event, Goal, Level, Moves, Session};
use aceemu::machine::ula::FRAME_TSTATES;
use aceemu::machine::{Ace, Key, RamSize};
use aceemu::rom::open::{open_rom, open_rom_symbol};
use aceemu::tape::image::TapeImage;
use aceemu::tape::pulse::Block;
use aceemu::tape::traps::{run_with_traps, RomTapeTraps};
use aceemu::tape::{Deck, DeckOptions, SharedDeck, TapeSpeed};
use aceemu::workflows::mazezam_mc_tape as mc_tape;
use std::path::Path;

pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The committed tape's blocks.
pub fn committed_tape() -> Vec<Block> {
    TapeImage::open(&root().join(mc_tape::TAPE_PATH))
        .unwrap()
        .blocks
}

/// Frames a key is held, and left up after it (the game reads the keys once a frame).
const HOLD: u32 = 3;
const GAP: u32 = 2;

/// A machine-code MazezaM: the 19 KB port ([`MC`]) or the 3 KB one (tests/mazezam_3k.rs),
/// which differ in the machine's RAM, their title page and the screen they draw.
pub struct Port {
    pub ram: RamSize,
    /// Text on the title page.
    pub title: &'static str,
    /// What the screen must show while a session is being played.
    pub expected: fn(&Session) -> [u8; 768],
}

/// The 19 KB port, `tapes/mazezam-mc.tap`.
pub const MC: Port = Port {
    ram: RamSize::K19,
    title: "invented by Malcolm Tyrrell",
    expected,
};

pub struct Mc {
    pub ace: Ace,
    deck: SharedDeck,
    traps: Option<RomTapeTraps>,
    port: &'static Port,
}

impl Mc {
    /// A fresh 19K Ace on the open ROM with `blocks` in the deck.
    pub fn new(blocks: Vec<Block>, speed: TapeSpeed) -> Mc {
        Mc::with_rom(open_rom(), blocks, speed)
    }

    /// The same on another ROM (`speed` must not be instant: its tape routine is unknown).
    pub fn with_rom(rom: &[u8], blocks: Vec<Block>, speed: TapeSpeed) -> Mc {
        Mc::for_port(&MC, rom, blocks, speed)
    }

    /// A fresh Ace for `port` on `rom` with `blocks` in the deck.
    pub fn for_port(port: &'static Port, rom: &[u8], blocks: Vec<Block>, speed: TapeSpeed) -> Mc {
        let options = DeckOptions {
            speed,
            ..DeckOptions::default()
        };
        let deck = SharedDeck::new(
            Deck::new(TapeImage::from_blocks("mazezam-mc", blocks), &options).unwrap(),
        );
        let mut ace = Ace::new(rom, port.ram).unwrap();
        let traps = if speed == TapeSpeed::Instant {
            Some(RomTapeTraps::from_symbols(open_rom_symbol).unwrap())
        } else {
            ace.insert_tape(Box::new(deck.clone()));
            None
        };
        Mc {
            ace,
            deck,
            traps,
            port,
        }
    }

    /// `LOAD mazezam` and `PLAY mazezam` typed into a fresh Ace; returns at the title page.
    pub fn started(blocks: Vec<Block>, speed: TapeSpeed) -> Mc {
        Mc::start(Mc::new(blocks, speed))
    }

    /// `LOAD mazezam` and `PLAY mazezam` typed into `mc`; returns at the title page.
    pub fn start(mc: Mc) -> Mc {
        mc.start_named("mazezam")
    }

    /// `LOAD name` typed into a fresh Ace.
    pub fn load(&mut self, name: &str) {
        self.frames(20);
        self.type_line(&format!("LOAD {name}\n"), 3000);
        let dict = format!("Dict: {name}");
        assert!(self.text().contains(&dict), "{}", self.text());
    }

    /// `LOAD name` and `PLAY name` typed into a fresh Ace; returns at the title page.
    pub fn start_named(mut self, name: &str) -> Mc {
        self.load(name);
        self.type_text(&format!("PLAY {name}\n"));
        self.wait_for_title();
        self
    }

    /// Runs until the title page shows and the keys typed are all let go.
    pub fn wait_for_title(&mut self) {
        let title = self.port.title;
        assert!(
            self.until(3000, |mc| mc.text().contains(title)),
            "no title page:\n{}",
            self.text()
        );
        // ENTER may still be down (the typing queue holds keys for 4 frames).
        assert!(self.until(50, |mc| mc.ace.typing_done()));
        self.frames(2);
    }

    pub fn frame(&mut self) {
        match &self.traps {
            Some(traps) => {
                run_with_traps(&mut self.ace, &mut self.deck.deck(), traps, FRAME_TSTATES)
            }
            None => self.ace.run_frame(),
        }
    }

    pub fn frames(&mut self, n: u32) {
        for _ in 0..n {
            self.frame();
        }
    }

    /// Runs frames until `done` (checked before each), at most `max`; true if it happened.
    pub fn until(&mut self, max: u32, done: impl Fn(&Mc) -> bool) -> bool {
        for _ in 0..max {
            if done(self) {
                return true;
            }
            self.frame();
        }
        done(self)
    }

    pub fn text(&self) -> String {
        self.ace.screen_text()
    }

    pub fn type_text(&mut self, text: &str) {
        self.ace.type_text(text);
    }

    /// True while Forth's line editor waits for a line (STATIN bit 0).
    pub fn at_prompt(&self) -> bool {
        self.ace.peek(0x3C28) & 1 != 0
    }

    /// Runs until Forth's line editor waits for a line (after Q), at most `max` frames.
    pub fn wait_for_prompt(&mut self, max: u32) {
        assert!(self.until(max, Mc::at_prompt), "{}", self.text());
    }

    /// Types a line for Forth and waits until it ran and the line editor waits again.
    pub fn type_line(&mut self, text: &str, max: u32) {
        self.ace.type_text(text);
        let done = self.until(max, |mc| mc.ace.typing_done() && mc.at_prompt());
        assert!(done, "{text:?} did not finish:\n{}", self.text());
    }

    /// One key press as a person makes it: down for a few frames, then up.
    pub fn key(&mut self, key: Key) {
        self.ace.press_key(key);
        self.frames(HOLD);
        self.ace.release_key(key);
        self.frames(GAP);
    }

    /// A key with SHIFT (the cursor keys are SHIFT + 5 6 7 8).
    pub fn shifted(&mut self, key: Key) {
        self.ace.press_key(Key::Shift);
        self.frames(1);
        self.key_with_shift_held(key);
    }

    fn key_with_shift_held(&mut self, key: Key) {
        self.ace.press_key(key);
        self.frames(HOLD);
        self.ace.release_key(key);
        self.frames(1);
        self.ace.release_key(Key::Shift);
        self.frames(GAP);
    }

    /// On the title page: two digits and ENTER.
    pub fn choose(&mut self, level: usize) {
        for d in [level / 10 % 10, level % 10] {
            self.key(digit(d));
        }
        self.key(Key::Enter);
    }

    pub fn screen(&self) -> [u8; 768] {
        self.ace.screen_codes()
    }
}

pub fn digit(d: usize) -> Key {
    [
        Key::N0,
        Key::N1,
        Key::N2,
        Key::N3,
        Key::N4,
        Key::N5,
        Key::N6,
        Key::N7,
        Key::N8,
        Key::N9,
    ][d]
}

/// The letter keys of the inventor's versions (spec 9).
pub fn letter_key(d: Direction) -> Key {
    match d {
        Direction::Left => Key::Z,
        Direction::Right => Key::X,
        Direction::Up => Key::K,
        Direction::Down => Key::M,
    }
}

/// The digit that is a cursor key with SHIFT.
pub fn cursor_key(d: Direction) -> Key {
    match d {
        Direction::Left => Key::N5,
        Direction::Right => Key::N8,
        Direction::Up => Key::N6,
        Direction::Down => Key::N7,
    }
}

/// What the screen must show while `session` is being played.
pub fn expected(session: &Session) -> [u8; 768] {
    screen::render_session(session).expect("levels fit the screen")
}

/// Panics with both screens and the first differing cell unless they are equal.
pub fn assert_screen(mc: &Mc, want: &[u8; 768], context: &str) {
    let got = mc.screen();
    if let Some(i) = (0..768).find(|&i| got[i] != want[i]) {
        panic!(
            "{context}: screen differs first at line {}, column {} (0x{:02X}, expected \
             0x{:02X})\ngot:\n{}expected:\n{}",
            i / 32,
            i % 32,
            got[i],
            want[i],
            screen::to_text(&got),
            screen::to_text(want)
        );
    }
}

/// Sends one command to the game and to the model, and checks the screen afterwards
/// (after the walk-out and the next level's drawing when a level was solved).
pub fn command(
    mc: &mut Mc,
    session: &mut Session,
    cmd: Command,
    cursor: bool,
    context: &str,
) -> Event {
    match cmd {
        Command::Go(d) if cursor => mc.shifted(cursor_key(d)),
        Command::Go(d) => mc.key(letter_key(d)),
        Command::Retry => mc.key(Key::R),
        Command::Quit => mc.key(Key::Q),
    }
    let event = session.command(cmd);
    let expected = mc.port.expected;
    match event {
        Event::Nothing | Event::Moved(_) | Event::Retried { .. } => {
            assert_screen(mc, &expected(session), context)
        }
        Event::Solved { .. } => {
            let want = expected(session);
            mc.until(200, |mc| mc.screen() == want);
            assert_screen(mc, &want, context);
        }
        Event::Escaped => assert!(
            mc.until(200, |mc| mc.text().contains("You have escaped")),
            "{context}: no win screen\n{}",
            mc.text()
        ),
        Event::GameOver => assert!(
            mc.until(50, |mc| mc.text().contains("GAME OVER")),
            "{context}: no GAME OVER\n{}",
            mc.text()
        ),
    }
    event
}

/// The solver's optimal solution of `level`.
pub fn solution(level: &Level) -> Moves {
    solver::solve(level, Goal::Moves)
        .unwrap()
        .solution()
        .expect("solvable")
        .clone()
}

/// Plays `moves` on the game and the model, checking the screen after each.
pub fn play(mc: &mut Mc, session: &mut Session, moves: &Moves, context: &str) -> Event {
    play_keys(mc, session, moves, context, |_| false)
}

/// The same, with move `i` made by its cursor key where `cursor(i)`.
pub fn play_keys(
    mc: &mut Mc,
    session: &mut Session,
    moves: &Moves,
    context: &str,
    cursor: fn(usize) -> bool,
) -> Event {
    let mut last = Event::Nothing;
    for (i, m) in moves.0.iter().enumerate() {
        let ctx = format!("{context}, move {} ({})", i + 1, m.letter());
        last = command(mc, session, Command::Go(m.direction), cursor(i), &ctx);
    }
    last
}
