//! Shared helpers for the open ROM tests: boot the built open ROM headless, type lines,
//! wait until the ROM is back at the prompt, read the screen and memory. The tape tests'
//! signal model is in [`tape_signal`].
#![allow(dead_code)]

pub mod tape_signal;

use aceemu::machine::keyboard::{Key, KeyStep};
use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::{open_rom, open_rom_symbol};

pub const STATIN: u16 = 0x3C28;
pub const STKBOT: u16 = 0x3C37;
pub const SPARE: u16 = 0x3C3B;
pub const FLAGS: u16 = 0x3C3E;

/// A symbol of the open ROM (panics with the name if it is missing).
pub fn sym(name: &str) -> u16 {
    open_rom_symbol(name).unwrap_or_else(|| panic!("open ROM has no symbol {name}"))
}

/// Power on with the open ROM and wait for the input line.
pub fn boot_with(ram: RamSize) -> Ace {
    let mut ace = Ace::new(open_rom(), ram).expect("8 KB image");
    wait_idle(&mut ace, 50);
    ace
}

pub fn boot() -> Ace {
    boot_with(RamSize::K19)
}

/// True while the ROM waits in QUERY for a line (line editor enabled in the interrupt).
pub fn waiting_for_input(ace: &Ace) -> bool {
    ace.peek(STATIN) & 1 != 0
}

/// Run until typing is finished and the ROM is waiting for input again.
pub fn wait_idle(ace: &mut Ace, max_frames: u32) {
    for _ in 0..max_frames {
        ace.run_frame();
        if ace.typing_done() && waiting_for_input(ace) {
            return;
        }
    }
    panic!(
        "the ROM did not get back to the prompt within {max_frames} frames; screen:\n{}",
        ace.screen_text()
    );
}

/// Type one line (ENTER added) and wait until the ROM is at the prompt again.
pub fn enter(ace: &mut Ace, line: &str) {
    ace.type_text(line);
    ace.type_text("\n");
    // generous: division runs at the original's speed (about 20,000 T a MOD, forth-speed.md)
    let budget = 1500 + 12 * line.len() as u32;
    wait_idle(ace, budget);
}

/// Type one line (ENTER added), let the typing finish, then allow the ROM up to
/// `max_frames` frames to get back to the prompt (for lines that run long: tape, BEEP).
pub fn enter_within(ace: &mut Ace, line: &str, max_frames: u32) {
    type_through(ace, line);
    for _ in 0..max_frames {
        if waiting_for_input(ace) {
            return;
        }
        ace.run_frame();
    }
    panic!(
        "{line:?} did not return to the prompt in {max_frames} frames:\n{}",
        ace.screen_text()
    );
}

/// Type one line (ENTER added) and run until the last key has been typed (the line is
/// running then, or the ROM is back at the prompt). Panics after 2000 frames, so a ROM that
/// stops reading the keyboard fails the test instead of hanging it.
pub fn type_through(ace: &mut Ace, line: &str) {
    ace.type_text(&format!("{line}\n"));
    for _ in 0..2000 {
        if ace.typing_done() {
            return;
        }
        ace.run_frame();
    }
    panic!(
        "typing {line:?} did not finish in 2000 frames:\n{}",
        ace.screen_text()
    );
}

/// Type one line (ENTER added) and run until the ROM has taken it (its line editor no
/// longer waits), so the line is running: for pressing SPACE into a long word. Waiting for
/// the typing to finish would not do: the ENTER stays held while the word keeps interrupts
/// off (tape, BEEP).
pub fn start_line(ace: &mut Ace, line: &str) {
    ace.type_text(&format!("{line}\n"));
    for _ in 0..2000 {
        ace.run_frame();
        if !waiting_for_input(ace) {
            return;
        }
    }
    panic!("the ROM did not take {line:?}:\n{}", ace.screen_text());
}

/// Type several lines, one after the other.
pub fn enter_all(ace: &mut Ace, text: &str) {
    for line in text.lines() {
        enter(ace, line);
    }
}

/// The screen as lines, trailing spaces removed.
pub fn lines(ace: &Ace) -> Vec<String> {
    ace.screen_text()
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// The upper (output) part of the screen joined into one string, lines separated by '\n',
/// trailing empty lines dropped.
pub fn output(ace: &Ace) -> String {
    let l_half = u16::from_le_bytes([ace.peek(0x3C24), ace.peek(0x3C25)]);
    let rows = ((l_half - 0x2400) / 32) as usize;
    let mut v: Vec<String> = lines(ace).into_iter().take(rows).collect();
    while v.last().is_some_and(|l| l.is_empty()) {
        v.pop();
    }
    v.join("\n")
}

/// Boot, clear the screen, type `line`, and return the last non-empty output line.
pub fn run_line(line: &str) -> String {
    let mut ace = boot();
    enter(&mut ace, "CLS");
    enter(&mut ace, line);
    last_line(&ace)
}

/// The last non-empty line of the output area.
pub fn last_line(ace: &Ace) -> String {
    output(ace).lines().last().unwrap_or("").to_string()
}

/// The data stack as cells, bottom first.
pub fn data_stack(ace: &Ace) -> Vec<u16> {
    let stkbot = word(ace, STKBOT);
    let spare = word(ace, SPARE);
    let base = stkbot + 12;
    let mut v = Vec::new();
    let mut a = base;
    while a + 1 < spare {
        v.push(word(ace, a));
        a += 2;
    }
    v
}

pub fn word(ace: &Ace, addr: u16) -> u16 {
    u16::from_le_bytes([ace.peek(addr), ace.peek(addr.wrapping_add(1))])
}

/// One entry of the open ROM's dictionary, found by walking the chain from the pseudo
/// entry at 0x1FFF (ace-forth.md 4.2), newest first.
#[derive(Debug, Clone)]
pub struct RomWord {
    pub name: String,
    pub cfa: u16,
    pub immediate: bool,
}

pub fn rom_dictionary() -> Vec<RomWord> {
    rom_dictionary_of(open_rom())
}

/// The same for any open-ROM-style image (the float probe).
pub fn rom_dictionary_of(rom: &[u8]) -> Vec<RomWord> {
    let rd = |a: u16| u16::from_le_bytes([rom[a as usize], rom[a as usize + 1]]);
    let mut words = Vec::new();
    let mut nl = rd(0x1FFD);
    let mut guard = 0;
    while nl != 0 {
        guard += 1;
        assert!(guard < 1000, "dictionary chain loops");
        let len = rom[nl as usize] & 0x3F;
        if len != 0 {
            let start = nl - 2 - u16::from(len);
            let name: String = (0..len)
                .map(|i| (rom[(start + u16::from(i)) as usize] & 0x7F) as char)
                .collect();
            words.push(RomWord {
                name,
                cfa: nl + 1,
                immediate: rom[nl as usize] & 0x40 != 0,
            });
        }
        nl = rd(nl - 2);
    }
    words
}

/// CFA of a ROM word by its Forth name.
pub fn cfa_of(name: &str) -> u16 {
    rom_dictionary()
        .into_iter()
        .find(|w| w.name == name)
        .unwrap_or_else(|| panic!("open ROM has no word {name}"))
        .cfa
}

/// Type `line` and return everything it printed: the echoed words interleaved with the
/// words' output, without the final " OK" (an error shows as "... ERROR n"). Clears the
/// screen first when it is getting full.
pub fn eval(ace: &mut Ace, line: &str) -> String {
    let scrpos = word(ace, 0x3C1C);
    if scrpos >= 0x2400 + 32 * 12 {
        enter(ace, "CLS");
    }
    let from = (word(ace, 0x3C1C) - 0x2400) as usize;
    enter(ace, line);
    let to = (word(ace, 0x3C1C) - 0x2400) as usize;
    let codes = ace.screen_codes();
    let text: String = codes[from..to.max(from)]
        .iter()
        .map(|&c| {
            if (0x20..0x7F).contains(&(c & 0x7F)) {
                (c & 0x7F) as char
            } else {
                '~'
            }
        })
        .collect();
    let text = text.trim_end();
    text.strip_suffix(" OK")
        .unwrap_or(text)
        .trim_end()
        .to_string()
}

/// Hold `keys` together for 4 frames, then release them for 3: one key delivered by the
/// ROM's debounce (a key counts on its 3rd frame), no repeat.
pub fn press(ace: &mut Ace, keys: &[Key]) {
    ace.queue_keys(vec![
        KeyStep {
            keys: keys.to_vec(),
            frames: 4,
        },
        KeyStep {
            keys: vec![],
            frames: 3,
        },
    ]);
    ace.run_frames(8);
}
