//! aceemu's Jupiter Ace as WebAssembly, for the page in `web/`: a small C ABI (numbers and
//! pointers into the module's memory, no bindings generator), one machine per page.
//!
//! The page hands bytes in through [`buffer`] (it asks for room, writes, then calls the
//! function that takes them) and reads results through [`out_ptr`]/[`out_len`] (text,
//! video RAM, samples) or [`frame_buffer`] (the 256x192 RGBA picture).
//!
//! Keys: every press the page sees becomes one stroke for acecore's key player, so fast
//! typing loses nothing and a held key stays down (the window's handling, see aceemu's
//! `frontend::host_keys`): a key typing a character the Ace has is that character's
//! stroke (symbols typed for you, e.g. `"` is SYMBOL SHIFT+P); other keys (arrows, Esc for
//! BREAK, Ctrl+letter) come with the Ace keys the page's table gives them.

pub mod deck;
pub mod load;

use acecore::key_player::{KeyPlayer, Stroke};
use acecore::machine::keyboard::{stroke_for, Modifier};
use acecore::machine::{Ace, Key, RamSize};
use deck::{Deck, MicRecorder, Port, SharedDeck, TapeSpeed};
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

/// The page's machine and what goes with it.
pub struct Emulator {
    pub ace: Ace,
    rom: Vec<u8>,
    ram: RamSize,
    deck: Option<SharedDeck>,
    /// What the Ace SAVEs (the page offers it as a TAP download).
    recorder: Rc<RefCell<MicRecorder>>,
    player: KeyPlayer<u32>,
    /// The page's key ids held down now.
    held: HashSet<u32>,
    pixels: Vec<u32>,
    rgba: Vec<u8>,
    out: Vec<u8>,
    samples: Vec<f32>,
    /// A frame's samples when `samples` is full (reused, so nothing is allocated).
    dropped_samples: Vec<f32>,
}

impl Emulator {
    pub fn new(rom: &[u8], ram: RamSize) -> Result<Emulator, String> {
        let mut ace = Ace::new(rom, ram).map_err(|e| e.to_string())?;
        let recorder = Rc::new(RefCell::new(MicRecorder::default()));
        ace.insert_tape(Box::new(Port {
            deck: None,
            recorder: recorder.clone(),
        }));
        Ok(Emulator {
            ace,
            rom: rom.to_vec(),
            ram,
            deck: None,
            recorder,
            player: KeyPlayer::default(),
            held: HashSet::new(),
            pixels: vec![0; 256 * 192],
            rgba: vec![255; 256 * 192 * 4],
            out: Vec::new(),
            samples: Vec::new(),
            dropped_samples: Vec::new(),
        })
    }

    /// Power off and on: memory cleared, the tape stays in the deck (rewound).
    pub fn power_cycle(&mut self) {
        let rate = self.ace.audio_rate();
        if let Ok(ace) = Ace::new(&self.rom, self.ram) {
            self.ace = ace;
            self.ace.set_audio_rate(rate);
        }
        self.player = KeyPlayer::default();
        if let Some(deck) = &self.deck {
            deck.0.borrow_mut().rewind();
        }
        self.ace.insert_tape(Box::new(Port {
            deck: self.deck.clone(),
            recorder: self.recorder.clone(),
        }));
    }

    /// One frame (64,896 T): keys played onto the matrix, then the machine, with the
    /// instant loader trapped when the tape is at that speed.
    pub fn run_frame(&mut self) {
        let held = &self.held;
        self.player.frame(&mut self.ace, |id| held.contains(&id));
        let instant = self
            .deck
            .as_ref()
            .filter(|d| d.0.borrow().speed() == TapeSpeed::Instant);
        match instant {
            Some(deck) => load::run_frame_loading_instantly(&mut self.ace, deck),
            None => self.ace.run_frame(),
        }
        // Keep at most a second of sound if the page does not collect it; the frame's
        // samples are rendered either way (into a buffer kept from frame to frame, so a
        // frame allocates nothing), as the native front ends do.
        if self.samples.len() < self.ace.audio_rate() as usize {
            self.ace.take_audio_into(&mut self.samples);
        } else {
            self.dropped_samples.clear();
            self.ace.take_audio_into(&mut self.dropped_samples);
        }
    }

    /// A host key went down: `ch` is the character it types (0 if none), `mods` and `key`
    /// the Ace keys for a key with no such character (bit 0 SHIFT, bit 1 SYMBOL SHIFT;
    /// `key` a character for [`Key::from_char`], `'\n'` for ENTER).
    pub fn key_down(&mut self, id: u32, ch: u32, mods: u32, key: u32) {
        if !self.held.insert(id) {
            return; // the host's auto-repeat: the Ace repeats a held key itself
        }
        let typed = char::from_u32(ch)
            .filter(|_| ch != 0)
            .and_then(stroke_for)
            .map(|s| {
                let modifiers = match s.modifier {
                    Modifier::None => vec![],
                    Modifier::Shift => vec![Key::Shift],
                    Modifier::Symbol => vec![Key::SymbolShift],
                };
                Stroke {
                    modifiers,
                    keys: vec![s.key],
                    source: Some(id),
                }
            });
        let stroke = typed.or_else(|| {
            let key = match char::from_u32(key)? {
                '\n' => Key::Enter,
                c => Key::from_char(c)?,
            };
            let mut modifiers = Vec::new();
            if mods & 1 != 0 {
                modifiers.push(Key::Shift);
            }
            if mods & 2 != 0 {
                modifiers.push(Key::SymbolShift);
            }
            Some(Stroke {
                modifiers,
                keys: vec![key],
                source: Some(id),
            })
        });
        if let Some(stroke) = stroke {
            self.player.push(stroke);
        }
    }

    pub fn key_up(&mut self, id: u32) {
        self.held.remove(&id);
    }

    /// All keys up (the page lost focus).
    pub fn keys_released(&mut self) {
        self.held.clear();
    }

    /// Inserts a tape (TAP, TZX, WAV by the name's extension) at `speed`.
    pub fn insert_tape(
        &mut self,
        bytes: &[u8],
        name: &str,
        speed: TapeSpeed,
    ) -> Result<(), String> {
        let (blocks, signal) = load::tape_from_bytes(bytes, name)?;
        let deck = SharedDeck(Rc::new(RefCell::new(Deck::new(
            name, blocks, signal, speed,
        ))));
        self.ace.insert_tape(Box::new(Port {
            deck: Some(deck.clone()),
            recorder: self.recorder.clone(),
        }));
        self.deck = Some(deck);
        Ok(())
    }

    /// What the Ace has SAVEd so far, as a TAP file (empty if nothing).
    pub fn saved_tap(&mut self) -> Vec<u8> {
        let mut recorder = self.recorder.borrow_mut();
        recorder.poll(self.ace.tstates());
        acecore::tape::tap::write(recorder.blocks())
    }

    /// The machine as a `.ace` snapshot; `None` when its RAM does not fit the format
    /// (51 K: the stacks are above 0xBFFF).
    pub fn snapshot(&self) -> Option<Vec<u8>> {
        acecore::tape::snapshot_machine::snapshot_of(&self.ace).map(|s| s.write())
    }

    pub fn deck(&self) -> Option<std::cell::RefMut<'_, Deck>> {
        self.deck.as_ref().map(|d| d.0.borrow_mut())
    }

    /// True while the page should run flat out (`fast` speed, tape playing).
    pub fn flat_out(&self) -> bool {
        self.deck
            .as_ref()
            .map_or(false, acecore::machine::TapePort::is_playing)
    }

    /// The picture as RGBA bytes.
    pub fn render(&mut self) -> &[u8] {
        self.ace.render(&mut self.pixels);
        for (p, px) in self.rgba.chunks_exact_mut(4).zip(&self.pixels) {
            p[0] = (px >> 16) as u8;
            p[1] = (px >> 8) as u8;
            p[2] = *px as u8;
        }
        &self.rgba
    }
}

// ----- the C ABI -------------------------------------------------------------------------
//
// The page is single-threaded and calls one function at a time, so the machine lives in a
// thread-local cell; every call borrows it for its own duration.

thread_local! {
    static EMU: RefCell<Option<Emulator>> = const { RefCell::new(None) };
    static BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn with<R: Default>(f: impl FnOnce(&mut Emulator) -> R) -> R {
    EMU.with(|e| e.borrow_mut().as_mut().map(f).unwrap_or_default())
}

/// Sets the output area to `bytes`; returns its length.
fn output(emu: &mut Emulator, bytes: &[u8]) -> u32 {
    emu.out.clear();
    emu.out.extend_from_slice(bytes);
    bytes.len() as u32
}

fn taken_input(len: u32) -> Vec<u8> {
    BUFFER.with(|b| {
        let b = b.borrow();
        b[..(len as usize).min(b.len())].to_vec()
    })
}

/// Room for `len` bytes the page writes before calling a function that takes them.
#[no_mangle]
pub extern "C" fn buffer(len: u32) -> *mut u8 {
    BUFFER.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        b.resize(len as usize, 0);
        b.as_mut_ptr()
    })
}

/// Powers on with the ROM image in the buffer (`rom_len` bytes) and `ram_kb` of RAM (3,
/// 19, 35 or 51). Returns 0; -1 for a ROM of the wrong size, -2 for another RAM size.
#[no_mangle]
pub extern "C" fn init(rom_len: u32, ram_kb: u32) -> i32 {
    let rom = taken_input(rom_len);
    let ram = match RamSize::from_total_kb(ram_kb) {
        Some(r) => r,
        None => return -2,
    };
    match Emulator::new(&rom, ram) {
        Ok(emu) => {
            EMU.with(|e| *e.borrow_mut() = Some(emu));
            0
        }
        Err(_) => -1,
    }
}

/// The reset button (memory stays).
#[no_mangle]
pub extern "C" fn reset() {
    with(|e| {
        e.player = KeyPlayer::default();
        e.ace.reset()
    })
}

/// Off and on again: memory cleared, the tape rewound.
#[no_mangle]
pub extern "C" fn power_cycle() {
    with(|e| e.power_cycle())
}

#[no_mangle]
pub extern "C" fn run_frame() {
    with(|e| e.run_frame())
}

/// Runs `n` frames; for benchmarks and catching up.
#[no_mangle]
pub extern "C" fn run_frames(n: u32) {
    with(|e| (0..n).for_each(|_| e.run_frame()))
}

#[no_mangle]
pub extern "C" fn frame_count() -> f64 {
    with(|e| e.ace.frame_count() as f64)
}

/// Renders the picture; returns where its 256x192x4 RGBA bytes are.
#[no_mangle]
pub extern "C" fn frame_buffer() -> *const u8 {
    with(|e| e.render().as_ptr() as usize) as *const u8
}

#[no_mangle]
pub extern "C" fn out_ptr() -> *const u8 {
    with(|e| e.out.as_ptr() as usize) as *const u8
}

/// `len` bytes of memory from `addr`, as the CPU reads them, into the output area.
#[no_mangle]
pub extern "C" fn read_memory(addr: u32, len: u32) -> u32 {
    with(|e| {
        let bytes = e.ace.read_bytes(addr as u16, len as usize);
        output(e, &bytes)
    })
}

/// The screen as text (24 lines of 32) into the output area, UTF-8.
#[no_mangle]
pub extern "C" fn screen_text() -> u32 {
    with(|e| {
        let text = e.ace.screen_text();
        output(e, text.as_bytes())
    })
}

#[no_mangle]
pub extern "C" fn key_down(id: u32, ch: u32, mods: u32, key: u32) {
    with(|e| e.key_down(id, ch, mods, key))
}

#[no_mangle]
pub extern "C" fn key_up(id: u32) {
    with(|e| e.key_up(id))
}

#[no_mangle]
pub extern "C" fn keys_released() {
    with(|e| e.keys_released())
}

/// Queues the UTF-8 text in the buffer on the machine's typing queue (as `--type`).
/// Returns 0, or -1 if a character cannot be typed on the Ace (nothing queued).
#[no_mangle]
pub extern "C" fn type_text(len: u32) -> i32 {
    let bytes = taken_input(len);
    let text = String::from_utf8_lossy(&bytes).into_owned();
    with(|e| match e.ace.try_type_text(&text) {
        Ok(()) => 0,
        Err(_) => -1,
    })
}

#[no_mangle]
pub extern "C" fn caps_lock_at_prompt() {
    with(|e| e.ace.caps_lock_at_prompt())
}

#[no_mangle]
pub extern "C" fn typing_done() -> u32 {
    with(|e| e.ace.typing_done() as u32)
}

#[no_mangle]
pub extern "C" fn typing_stalled() -> u32 {
    with(|e| e.ace.typing_stalled() as u32)
}

#[no_mangle]
pub extern "C" fn typing_only_releases_left() -> u32 {
    with(|e| e.ace.typing_only_releases_left() as u32)
}

#[no_mangle]
pub extern "C" fn finish_typing() {
    with(|e| e.ace.finish_typing())
}

#[no_mangle]
pub extern "C" fn set_audio_rate(rate: u32) {
    with(|e| e.ace.set_audio_rate(rate))
}

/// Moves the sound collected since the last call into the output area (f32 samples);
/// returns how many.
#[no_mangle]
pub extern "C" fn take_audio() -> u32 {
    with(|e| {
        let samples = std::mem::take(&mut e.samples);
        e.out.clear();
        for s in &samples {
            e.out.extend_from_slice(&s.to_le_bytes());
        }
        samples.len() as u32
    })
}

/// Inserts a tape: the buffer holds its file name (`name_len` bytes of UTF-8; the
/// extension gives the format) followed by the file (`len` bytes). Speed: 0 real, 1 fast,
/// 2 instant. Returns 0, or the length of the error message put in the output area.
#[no_mangle]
pub extern "C" fn insert_tape(name_len: u32, len: u32, speed: u32) -> u32 {
    let all = taken_input(name_len + len);
    let (name, bytes) = all.split_at((name_len as usize).min(all.len()));
    let name = String::from_utf8_lossy(name).into_owned();
    with(
        |e| match e.insert_tape(bytes, &name, deck::speed_from_code(speed)) {
            Ok(()) => 0,
            Err(msg) => output(e, msg.as_bytes()),
        },
    )
}

/// Why the page should not read a file (its name in the buffer, `name_len` bytes) of
/// `len` bytes: 0 when it may, else the length of the reason put in the output area. Asked
/// before the file is read, so a file too large for its kind never reaches the machine.
#[no_mangle]
pub extern "C" fn file_refusal(name_len: u32, len: f64) -> u32 {
    let name = String::from_utf8_lossy(&taken_input(name_len)).into_owned();
    with(|e| match load::refusal(&name, len as u64) {
        None => 0,
        Some(why) => output(e, why.as_bytes()),
    })
}

/// Loads the `.ace` snapshot in the buffer, laid out as for [`insert_tape`]. Returns 0 or
/// the length of the error message in the output area.
#[no_mangle]
pub extern "C" fn load_snapshot(name_len: u32, len: u32) -> u32 {
    let all = taken_input(name_len + len);
    let (name, bytes) = all.split_at((name_len as usize).min(all.len()));
    let name = String::from_utf8_lossy(name).into_owned();
    with(|e| match load::load_snapshot(&mut e.ace, bytes, &name) {
        Ok(()) => 0,
        Err(msg) => output(e, msg.as_bytes()),
    })
}

/// What the Ace has SAVEd, as a TAP file in the output area; returns its length (0:
/// nothing saved yet).
#[no_mangle]
pub extern "C" fn saved_tap() -> u32 {
    with(|e| {
        let tap = e.saved_tap();
        output(e, &tap)
    })
}

/// The machine as a `.ace` snapshot in the output area; returns its length, 0 when the RAM
/// size cannot be saved (51 K).
#[no_mangle]
pub extern "C" fn save_snapshot() -> u32 {
    with(|e| match e.snapshot() {
        Some(bytes) => output(e, &bytes),
        None => 0,
    })
}

#[no_mangle]
pub extern "C" fn set_tape_speed(speed: u32) {
    with(|e| {
        if let Some(mut d) = e.deck() {
            d.set_speed(deck::speed_from_code(speed));
        }
    })
}

/// 0 play, 1 stop, 2 rewind.
#[no_mangle]
pub extern "C" fn tape_button(button: u32) {
    with(|e| {
        if let Some(mut d) = e.deck() {
            match button {
                0 => d.play(),
                1 => d.stop(),
                _ => d.rewind(),
            }
        }
    })
}

/// The deck's status line into the output area (empty with no tape).
#[no_mangle]
pub extern "C" fn tape_status() -> u32 {
    with(|e| {
        let status = e.deck().map(|d| deck::status(&d)).unwrap_or_default();
        output(e, status.as_bytes())
    })
}

/// The machine's screen stamp now (see [`appeared_since`]).
#[no_mangle]
pub extern "C" fn screen_stamp_now() -> f64 {
    with(|e| e.ace.screen_stamp_now() as f64)
}

/// 1 when the screen shows the UTF-8 text in the buffer (`len` bytes) within a line with
/// at least one of its cells written after screen stamp `since`: acecore's
/// `Ace::text_appeared_since`, which aceemu's `--type` wait markers use.
#[no_mangle]
pub extern "C" fn appeared_since(len: u32, since: f64) -> u32 {
    let bytes = taken_input(len);
    let wanted = String::from_utf8_lossy(&bytes);
    with(|e| e.ace.text_appeared_since(&wanted, since as u64) as u32)
}

/// 1 while the page should run flat out (`fast` tape speed, tape playing).
#[no_mangle]
pub extern "C" fn flat_out() -> u32 {
    with(|e| e.flat_out() as u32)
}

/// 1 while the tape moves (for the page's typing loop, as aceemu's headless runner).
#[no_mangle]
pub extern "C" fn tape_moving() -> u32 {
    with(|e| e.deck().map_or(false, |d| d.is_running()) as u32)
}

/// 1 while the Ace waits for a tape file that is not coming.
#[no_mangle]
pub extern "C" fn tape_waiting() -> u32 {
    with(|e| e.deck().map_or(false, |d| d.waiting_at_end()) as u32)
}
