//! A small harness for guest test programs: build an 8 KB ROM image from hand-assembled
//! pieces, power on an Ace with it, run until a PC or until the guest reports through the
//! debug port (an OUT to port 0x01).

use super::{Ace, RamSize};
use crate::rom::ROM_SIZE;

/// An 8 KB ROM image being put together; unused bytes are 0x00 (NOP).
#[derive(Clone)]
pub struct TestRom {
    image: Vec<u8>,
}

impl Default for TestRom {
    fn default() -> Self {
        TestRom::new()
    }
}

impl TestRom {
    pub fn new() -> TestRom {
        TestRom {
            image: vec![0; ROM_SIZE],
        }
    }

    /// Places `bytes` at `addr` (panics if they do not fit in the 8 KB: test-time bug).
    pub fn at(mut self, addr: u16, bytes: &[u8]) -> TestRom {
        let start = addr as usize;
        assert!(start + bytes.len() <= ROM_SIZE, "test code beyond 8 KB");
        self.image[start..start + bytes.len()].copy_from_slice(bytes);
        self
    }

    pub fn bytes(&self) -> &[u8] {
        &self.image
    }

    /// Powers on an Ace with this ROM.
    pub fn boot(&self, ram: RamSize) -> Ace {
        Ace::new(&self.image, ram).expect("test ROM is 8 KB")
    }
}

/// Runs until the guest has written `count` bytes to the debug port or `max_tstates` pass,
/// and returns what it wrote.
pub fn run_for_debug_bytes(ace: &mut Ace, count: usize, max_tstates: u64) -> Vec<u8> {
    let deadline = ace.tstates().saturating_add(max_tstates);
    let mut out = Vec::new();
    while out.len() < count && ace.tstates() < deadline {
        if !ace.run_until_debug(deadline - ace.tstates()) {
            break;
        }
        out.extend(ace.debug_output());
    }
    out
}

/// Little-endian bytes of a 16-bit word, for hand assembly.
pub fn le(word: u16) -> [u8; 2] {
    word.to_le_bytes()
}

/// FNV-1a (64-bit) of a picture's pixels (each 0x00RRGGBB as 4 little-endian bytes): a
/// short fingerprint to compare screens against expectations built independently.
pub fn fingerprint(pixels: &[u32]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for p in pixels {
        for b in p.to_le_bytes() {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// The fingerprint of the machine's current picture (256x192).
pub fn screen_fingerprint(ace: &Ace) -> u64 {
    let mut frame = vec![0u32; super::ula::SCREEN_WIDTH * super::ula::SCREEN_HEIGHT];
    ace.render(&mut frame);
    fingerprint(&frame)
}

// ----- one instruction on a flat bus -------------------------------------------------

/// A flat 64 KB RAM (no ROM, no mirrors) whose port reads return given values in turn
/// (0xFF once they run out), and which records every port access with its T-state: the
/// bus of per-instruction CPU test suites.
pub struct FlatBus {
    mem: Box<[u8; 0x10000]>,
    /// Addresses loaded or written since the last reset (to clear them cheaply).
    touched: Vec<u16>,
    port_values: std::collections::VecDeque<u8>,
    io_time: u64,
    ports: Vec<PortAccess>,
}

/// One port access.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PortAccess {
    pub addr: u16,
    pub value: u8,
    pub write: bool,
    /// T-state within the instruction (from 0 at its first opcode fetch).
    pub t: u64,
}

impl iz80::Machine for FlatBus {
    fn peek(&mut self, address: u16) -> u8 {
        self.mem[address as usize]
    }

    fn poke(&mut self, address: u16, value: u8) {
        self.touched.push(address);
        self.mem[address as usize] = value;
    }

    fn port_in(&mut self, addr: u16) -> u8 {
        let value = self.port_values.pop_front().unwrap_or(0xFF);
        self.ports.push(PortAccess {
            addr,
            value,
            write: false,
            t: self.io_time,
        });
        value
    }

    fn port_out(&mut self, addr: u16, value: u8) {
        self.ports.push(PortAccess {
            addr,
            value,
            write: true,
            t: self.io_time,
        });
    }
}

impl super::bus::CpuBus for FlatBus {
    fn read(&self, addr: u16) -> u8 {
        self.mem[addr as usize]
    }

    fn set_io_time(&mut self, t: u64) {
        self.io_time = t;
    }
}

/// The Z80's whole state, hidden parts included, as per-instruction test suites give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Z80State {
    pub a: u8,
    pub f: u8,
    pub b: u8,
    pub c: u8,
    pub d: u8,
    pub e: u8,
    pub h: u8,
    pub l: u8,
    pub i: u8,
    pub r: u8,
    pub pc: u16,
    pub sp: u16,
    pub ix: u16,
    pub iy: u16,
    pub af_: u16,
    pub bc_: u16,
    pub de_: u16,
    pub hl_: u16,
    /// MEMPTR.
    pub wz: u16,
    pub iff1: bool,
    pub iff2: bool,
    pub im: u8,
    /// The last instruction was EI (so no interrupt is accepted now).
    pub ei: bool,
    /// The last instruction was LD A,I or LD A,R (an interrupt now would clear P/V).
    pub p: bool,
    /// The Q latch: F if the last instruction wrote the flags, else 0 (only those two
    /// values can be set).
    pub q: u8,
}

/// What one instruction did.
#[derive(Debug, Clone)]
pub struct StepOutcome {
    pub state: Z80State,
    pub tstates: u64,
    pub ports: Vec<PortAccess>,
}

/// A machine on a [`FlatBus`] that runs single instructions from given states, through
/// the machine's own instruction path (the one [`Ace::step`] uses: its timing, R, the
/// interceptions of iz80 and the hidden registers). Made once, it runs any number of
/// steps (each starts from the state it is given; memory is cleared between them).
pub struct FlatMachine {
    ace: Ace<FlatBus>,
}

impl Default for FlatMachine {
    fn default() -> Self {
        FlatMachine::new()
    }
}

impl FlatMachine {
    pub fn new() -> FlatMachine {
        let mem: Box<[u8; 0x10000]> = vec![0u8; 0x10000]
            .into_boxed_slice()
            .try_into()
            .expect("64 KB");
        let bus = FlatBus {
            mem,
            touched: Vec::new(),
            port_values: Default::default(),
            io_time: 0,
            ports: Vec::new(),
        };
        FlatMachine {
            ace: Ace::with_bus(bus, RamSize::K51),
        }
    }

    /// What memory holds now (after the last step).
    pub fn peek(&self, addr: u16) -> u8 {
        self.ace.bus.mem[addr as usize]
    }

    /// Runs the instructions on the machine's fast path (true, the default) or all through
    /// iz80 (see [`Ace::set_fast_path`]).
    pub fn set_fast_path(&mut self, on: bool) {
        self.ace.use_fast_path = on;
    }

    /// Runs the next instruction from the state the last one left (registers, memory,
    /// hidden state), with port reads returning `port_values` in turn: for instruction
    /// streams. The outcome's T-states are this instruction's.
    pub fn step_on(&mut self, port_values: &[u8]) -> StepOutcome {
        let ace = &mut self.ace;
        ace.bus.port_values = port_values.iter().copied().collect();
        ace.bus.ports.clear();
        self.run_one()
    }

    /// Runs ONE instruction from `initial`, with memory holding `ram` (address, value
    /// pairs; the rest 0) and port reads returning `port_values` in turn.
    pub fn step(
        &mut self,
        initial: &Z80State,
        ram: &[(u16, u8)],
        port_values: &[u8],
    ) -> StepOutcome {
        use super::cpu_ext;
        use super::timing::Packed;
        use iz80::{Reg16, Reg8};
        let ace = &mut self.ace;
        let bus = &mut ace.bus;
        for addr in bus.touched.drain(..) {
            bus.mem[addr as usize] = 0;
        }
        for &(addr, value) in ram {
            bus.touched.push(addr);
            bus.mem[addr as usize] = value;
        }
        bus.port_values = port_values.iter().copied().collect();
        bus.ports.clear();
        ace.t = 0;
        ace.r_pending = 0;
        ace.halted = false;

        let s = initial;
        let regs = ace.cpu.registers();
        for (reg, v) in [
            (Reg8::A, s.a),
            (Reg8::F, s.f),
            (Reg8::B, s.b),
            (Reg8::C, s.c),
            (Reg8::D, s.d),
            (Reg8::E, s.e),
            (Reg8::H, s.h),
            (Reg8::L, s.l),
            (Reg8::I, s.i),
            (Reg8::R, s.r),
        ] {
            regs.set8(reg, v);
        }
        regs.set16(Reg16::SP, s.sp);
        regs.set16(Reg16::IX, s.ix);
        regs.set16(Reg16::IY, s.iy);
        regs.set_pc(s.pc);
        for (rr, v) in [
            (Reg16::AF, s.af_),
            (Reg16::BC, s.bc_),
            (Reg16::DE, s.de_),
            (Reg16::HL, s.hl_),
        ] {
            cpu_ext::set_shadow16(&mut ace.cpu, rr, v);
        }
        // The machine's own copy: it is the one instructions see during a step.
        ace.ints = cpu_ext::InterruptState {
            iff1: s.iff1,
            iff2: s.iff2,
            im: s.im,
        };
        ace.hidden.wz = s.wz;
        ace.hidden.last = if s.q != 0 {
            Packed::WROTE_FLAGS
        } else {
            Packed::NOTHING
        };
        ace.hidden.ld_air_end = if s.p { 0 } else { u64::MAX };
        ace.ei_end = if s.ei { 0 } else { u64::MAX };
        self.run_one()
    }

    /// One instruction from the machine's state now, as `Ace::run` runs it.
    fn run_one(&mut self) -> StepOutcome {
        use super::cpu_ext;
        use iz80::{Reg16, Reg8};
        let ace = &mut self.ace;
        let start = ace.t;
        if ace.use_fast_path {
            ace.regs = super::fast_path::Regs::load(&ace.cpu);
        }
        ace.execute_one(ace.timings, 0);
        if ace.use_fast_path {
            ace.regs.store(&mut ace.cpu);
        }
        ace.sync_r();

        let regs = ace.cpu.immutable_registers();
        let f = regs.get8(Reg8::F);
        let state = Z80State {
            a: regs.a(),
            f,
            b: regs.get8(Reg8::B),
            c: regs.get8(Reg8::C),
            d: regs.get8(Reg8::D),
            e: regs.get8(Reg8::E),
            h: regs.get8(Reg8::H),
            l: regs.get8(Reg8::L),
            i: regs.get8(Reg8::I),
            r: regs.get8(Reg8::R),
            pc: regs.pc(),
            sp: regs.get16(Reg16::SP),
            ix: regs.get16(Reg16::IX),
            iy: regs.get16(Reg16::IY),
            af_: cpu_ext::shadow16(&ace.cpu, Reg16::AF),
            bc_: cpu_ext::shadow16(&ace.cpu, Reg16::BC),
            de_: cpu_ext::shadow16(&ace.cpu, Reg16::DE),
            hl_: cpu_ext::shadow16(&ace.cpu, Reg16::HL),
            wz: ace.hidden.wz,
            iff1: ace.ints.iff1,
            iff2: ace.ints.iff2,
            im: ace.ints.im,
            ei: ace.ei_end == ace.t,
            p: ace.hidden.ld_air_end == ace.t,
            q: ace.hidden.q(f),
        };
        StepOutcome {
            state,
            tstates: ace.t - start,
            ports: ace.bus.ports.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "No time limit" (u64::MAX) is accepted: the deadline used to overflow and panic.
    #[test]
    fn no_time_limit_does_not_overflow() {
        // LD A,7 ; OUT (1),A ; HALT
        let mut ace = TestRom::new()
            .at(0, &[0x3E, 7, 0xD3, 0x01, 0x76])
            .boot(RamSize::K3);
        ace.run_frame();
        assert_eq!(run_for_debug_bytes(&mut ace, 0, u64::MAX), []);
        let mut ace = TestRom::new()
            .at(0, &[0x3E, 7, 0xD3, 0x01, 0x76])
            .boot(RamSize::K3);
        assert_eq!(run_for_debug_bytes(&mut ace, 1, u64::MAX), [7]);
    }

    #[test]
    fn fingerprint_is_fnv1a() {
        // FNV-1a 64 of the empty input is the offset basis; of the bytes 61 00 00 00
        // ("a" then three zero bytes), worked out with the published algorithm.
        assert_eq!(super::fingerprint(&[]), 0xcbf2_9ce4_8422_2325);
        let step = |h: u64, b: u8| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        // Published test vector: FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c.
        let mut h = step(0xcbf2_9ce4_8422_2325, b'a');
        assert_eq!(h, 0xaf63_dc4c_8601_ec8c);
        for _ in 0..3 {
            h = step(h, 0);
        }
        assert_eq!(super::fingerprint(&[0x61]), h);
    }
}
