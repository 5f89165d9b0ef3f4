//! The memory map with its mirrors and the I/O port (spec sections 2 and 5), as seen by the
//! Z80 through `iz80::Machine`.
//!
//! Reads are a plain array index: `mem` holds what the CPU reads at every address, mirrors
//! included (each write updates every alias), the write-only character RAM window reads
//! 0xFF, and unfitted expansion space reads 0xFF. The character RAM itself lives apart in
//! `char_ram`.

use super::beeper::Beeper;
use super::keyboard::{Matrix, KEYCOD};
use super::screen_stamps::ScreenStamps;
use super::tape_port::TapePort;
use super::RamSize;

/// What the CPU reads from addresses nothing drives (write-only character RAM, missing
/// RAM pack). The spec recommends 0xFF so the ROM's RAM-sizing probe fails there.
pub const UNDRIVEN_MEMORY: u8 = 0xFF;

/// The floating data bus as measured on real Aces (spec 2 and 4): the interrupt
/// acknowledge byte and what an IN from an odd port (which the Ace does not decode) reads.
pub const IDLE_BUS: u8 = 0x20;

/// The odd port whose writes the test harness collects (the Ace only decodes even ports,
/// so real software writing there has no effect). Any port with low byte 0x01 counts.
pub const DEBUG_PORT: u8 = 0x01;

/// Most bytes the debug port keeps for [`crate::machine::Ace::debug_output`]; beyond this
/// the oldest half is dropped. Real Ace software may write to odd ports forever with nobody
/// reading them (the window never does), and must not grow memory without end.
pub const DEBUG_CAPACITY: usize = 64 * 1024;

pub struct Bus {
    pub(crate) mem: Box<[u8; 0x10000]>,
    pub(crate) char_ram: Box<[u8; 1024]>,
    /// First address above the fitted RAM pack (0x4000 for none, up to 0x10000).
    ram_end: u32,
    pub(crate) matrix: Matrix,
    pub(crate) beeper: Beeper,
    /// Last MIC level written (data bit 3 of OUT).
    pub(crate) mic: bool,
    pub(crate) tape: Option<Box<dyn TapePort>>,
    /// Absolute T-state of the I/O access of the instruction being executed; the machine
    /// sets it before executing an I/O instruction.
    pub(crate) io_time: u64,
    pub(crate) debug: Vec<u8>,
    /// The guest has read the keyboard (an IN from an even port) since power-on or reset.
    pub(crate) keyboard_read: bool,
    /// Set by a write to the debug port, cleared by the machine.
    pub(crate) debug_written: bool,
    /// The CPU is in the ROM's IM 1 interrupt handler (from accepting the interrupt to its
    /// EI): its keyboard reads are the ROM's scan, not the program's (see
    /// `Matrix::rows_read_since_change`).
    pub(crate) in_interrupt: bool,
    /// When each screen cell last changed.
    pub(crate) screen_stamps: ScreenStamps,
}

impl Bus {
    /// A copy of this bus with `tape` plugged in instead of its own tape (a trait object
    /// cannot be copied; the caller copies the device if it wants the same one).
    pub fn duplicate(&self, tape: Option<Box<dyn TapePort>>) -> Bus {
        Bus {
            mem: self.mem.clone(),
            char_ram: self.char_ram.clone(),
            ram_end: self.ram_end,
            matrix: self.matrix.clone(),
            beeper: self.beeper.clone(),
            screen_stamps: self.screen_stamps.clone(),
            mic: self.mic,
            tape,
            io_time: self.io_time,
            debug: self.debug.clone(),
            keyboard_read: self.keyboard_read,
            debug_written: self.debug_written,
            in_interrupt: self.in_interrupt,
        }
    }

    pub fn new(rom: &[u8], ram: RamSize) -> Bus {
        let mut mem: Box<[u8; 0x10000]> = vec![0u8; 0x10000]
            .into_boxed_slice()
            .try_into()
            .expect("64 KB");
        mem[..0x2000].copy_from_slice(&rom[..0x2000]);
        mem[0x2800..0x3000].fill(UNDRIVEN_MEMORY);
        let ram_end = ram.end_address();
        mem[ram_end as usize..].fill(UNDRIVEN_MEMORY);
        Bus {
            mem,
            char_ram: Box::new([0; 1024]),
            ram_end,
            matrix: Matrix::default(),
            beeper: Beeper::default(),
            mic: false,
            tape: None,
            io_time: 0,
            debug: Vec::new(),
            keyboard_read: false,
            debug_written: false,
            in_interrupt: false,
            screen_stamps: ScreenStamps::default(),
        }
    }

    /// A CPU read.
    #[inline(always)]
    pub fn read(&self, addr: u16) -> u8 {
        self.mem[addr as usize]
    }

    /// A CPU write: ROM ignores it, RAM updates all its aliases, character RAM is stored
    /// apart, missing expansion RAM keeps reading 0xFF.
    #[inline(always)]
    pub fn write(&mut self, addr: u16, value: u8) {
        // The RAM pack, which has no aliases: one comparison (0x4000 for no pack).
        if addr >= 0x4000 {
            if u32::from(addr) < self.ram_end {
                self.mem[addr as usize] = value;
            }
            return;
        }
        self.write_mirrored(addr, value);
    }

    /// A write below 0x4000: the built-in RAM and its mirrors, by 1 KB page.
    #[inline]
    fn write_mirrored(&mut self, addr: u16, value: u8) {
        let offset = (addr & 0x03FF) as usize;
        match addr >> 10 {
            0..=7 => {}
            8 | 9 => {
                let video = &self.mem[0x2400..0x2800];
                self.screen_stamps.write(video, offset, value);
                self.mem[0x2000 + offset] = value;
                self.mem[0x2400 + offset] = value;
            }
            10 | 11 => self.char_ram[offset] = value,
            12..=15 => {
                self.mem[0x3000 + offset] = value;
                self.mem[0x3400 + offset] = value;
                self.mem[0x3800 + offset] = value;
                self.mem[0x3C00 + offset] = value;
            }
            _ => unreachable!("0x4000 and up are handled by write"),
        }
    }

    /// IN: even ports read the keyboard half-rows selected by A8-A15, EAR on bit 5 (0 while
    /// the tape signal is high, as MAME and EightyOne), bits 6-7 = 1, and switch the
    /// speaker off. Odd ports are not decoded: the idle bus.
    pub fn port_read(&mut self, port: u16) -> u8 {
        if port & 1 != 0 {
            return IDLE_BUS;
        }
        self.keyboard_read = true;
        let high = (port >> 8) as u8;
        if !self.in_interrupt {
            self.matrix.note_program_read(high);
        }
        let keys = self.matrix.read(high);
        let ear = match self.tape.as_mut() {
            Some(tape) => tape.ear(self.io_time, port),
            None => false,
        };
        self.beeper.set(self.io_time, false);
        0xC0 | if ear { 0 } else { 0x20 } | keys
    }

    /// OUT: even ports switch the speaker on and set MIC from data bit 3; the debug port
    /// collects the byte for the test harness; other odd ports do nothing.
    pub fn port_write(&mut self, port: u16, value: u8) {
        if port & 1 != 0 {
            if port as u8 == DEBUG_PORT {
                if self.debug.len() >= DEBUG_CAPACITY {
                    self.debug.drain(..DEBUG_CAPACITY / 2);
                }
                self.debug.push(value);
                self.debug_written = true;
            }
            return;
        }
        self.beeper.set(self.io_time, true);
        let mic = value & 0x08 != 0;
        if mic != self.mic {
            self.mic = mic;
            if let Some(tape) = self.tape.as_mut() {
                tape.mic(self.io_time, mic);
            }
        }
    }
}

/// What the machine's instruction path needs of a bus besides iz80's `Machine`: plain
/// reads (to decode instructions) and the time stamp of the coming port access. The Ace's
/// [`Bus`] is one; `testing::FlatBus` (a flat 64 KB RAM with given port values) is another.
pub trait CpuBus: iz80::Machine {
    fn read(&self, addr: u16) -> u8;
    /// Absolute T-state of the port access of the instruction about to run.
    fn set_io_time(&mut self, t: u64);
    /// EI ran: the ROM's interrupt handler is over, so keyboard reads count as the
    /// program's again (the lossless-tap rule in `keyboard`). A bus without a keyboard
    /// ignores it.
    fn leave_interrupt(&mut self) {}
}

impl CpuBus for Bus {
    #[inline(always)]
    fn read(&self, addr: u16) -> u8 {
        Bus::read(self, addr)
    }

    #[inline(always)]
    fn set_io_time(&mut self, t: u64) {
        self.io_time = t;
    }

    fn leave_interrupt(&mut self) {
        self.in_interrupt = false;
    }
}

impl Bus {
    /// A program's read of KEYCOD: noted for the key players (see `Matrix::note_keycod_read`);
    /// the ROM's interrupt scan, which writes KEYCOD, reads it too and does not count.
    #[cold]
    #[inline(never)]
    fn keycod_read(&mut self, value: u8) {
        if !self.in_interrupt {
            self.matrix.note_keycod_read(value);
        }
    }
}

impl iz80::Machine for Bus {
    #[inline(always)]
    fn peek(&mut self, address: u16) -> u8 {
        let value = self.read(address);
        // The one address watched: a program taking its keys from the ROM's scanner.
        if address == KEYCOD {
            self.keycod_read(value);
        }
        value
    }

    #[inline(always)]
    fn poke(&mut self, address: u16, value: u8) {
        self.write(address, value)
    }

    fn port_in(&mut self, address: u16) -> u8 {
        self.port_read(address)
    }

    fn port_out(&mut self, address: u16, value: u8) {
        self.port_write(address, value)
    }
}
