//! The Jupiter Ace, independent of any host: no window, no sound device.
//!
//! [`Ace`] is the façade: power on with a ROM image, run frames or run until something
//! happens, press keys or type text, read the screen and memory, plug in a tape.
//!
//! How the Z80 core (iz80 0.5.1) is driven, and why:
//! * The instructions Forth and ROM code spend their time in run on the machine's own
//!   [`fast_path`] (decoded once, timed from the same table entry, on registers the machine
//!   keeps); iz80 runs the rest, with the fixes of [`z80_fixes`], and everything when the
//!   fast path is off ([`Ace::set_fast_path`]: the reference it is tested against).
//! * Time is the machine's own T-state counter, advanced by the documented cost of each
//!   instruction ([`timing`]), not by iz80's counter, which miscounts (spec section 10).
//! * Interrupts are accepted by the machine, not by iz80 (whose IM 0 and IM 2 panic): the
//!   line is a level held for the first 1,664 T of every 64,896-T frame, accepted at any
//!   instruction boundary in that window when IFF1 = 1 and the previous instruction was not
//!   EI. IM 1 calls 0x0038 (13 T); IM 2 reads the vector at I·256 + 0x20, the idle-bus byte
//!   measured on real Aces (19 T); IM 0 executes that byte, 0x20 = `JR NZ,d`, with the
//!   displacement also read from the idle bus (0x20) and taken relative to the interrupted
//!   PC (the Z80 does not advance PC for bus-supplied bytes): 14 T taken, 9 T not.
//! * HALT is handled by the machine: PC moves past it and time jumps ahead in 4-T steps
//!   (R counts them) to the next interrupt or the end of the requested run.
//! * R is incremented once per opcode fetch (M1), including prefixes.
//! * Debug port: an OUT to any port with low byte 0x01 (odd, so the real Ace ignores it)
//!   appends the data byte to a buffer read with [`Ace::debug_output`]; guest test
//!   programs report through it.

pub mod beeper;
pub mod bus;
pub mod cpu_ext;
mod fast_path;
pub mod keyboard;
pub mod screen_stamps;
pub mod tape_port;
pub mod testing;
pub mod timing;
pub mod ula;
mod z80_fixes;

use crate::rom::{RomError, ROM_SIZE};
use bus::{Bus, CpuBus};
use iz80::{Cpu, Reg16, Reg8};
pub use keyboard::{Key, UntypableChar};
pub use tape_port::TapePort;
use timing::Timing;
use ula::{FRAME_TSTATES, INT_TSTATES};

/// Total RAM: the built-in 3 KB plus an optional 16, 32 or 48 KB pack (spec 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RamSize {
    K3,
    K19,
    K35,
    #[default]
    K51,
}

impl RamSize {
    /// From the total in KB as the Ace community names machines (3, 19, 35, 51).
    pub fn from_total_kb(kb: u32) -> Option<RamSize> {
        match kb {
            3 => Some(RamSize::K3),
            19 => Some(RamSize::K19),
            35 => Some(RamSize::K35),
            51 => Some(RamSize::K51),
            _ => None,
        }
    }

    pub fn total_kb(self) -> u32 {
        match self {
            RamSize::K3 => 3,
            RamSize::K19 => 19,
            RamSize::K35 => 35,
            RamSize::K51 => 51,
        }
    }

    /// First address above the RAM pack (0x4000 with no pack).
    pub fn end_address(self) -> u32 {
        match self {
            RamSize::K3 => 0x4000,
            RamSize::K19 => 0x8000,
            RamSize::K35 => 0xC000,
            RamSize::K51 => 0x10000,
        }
    }
}

impl std::str::FromStr for RamSize {
    type Err = String;
    fn from_str(s: &str) -> Result<RamSize, String> {
        let kb: u32 =
            s.trim().trim_end_matches(['K', 'k']).parse().map_err(|_| {
                format!("RAM size must be 3, 19, 35 or 51 (KB in total), not {s:?}")
            })?;
        RamSize::from_total_kb(kb)
            .ok_or_else(|| format!("RAM size must be 3, 19, 35 or 51 (KB in total), not {kb}"))
    }
}

/// Why a run stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    Time,
    Pc(u16),
    Debug,
}

#[derive(Clone, Copy)]
enum StopAt<'a> {
    Time,
    Pcs(&'a [u16]),
    Debug,
}

/// The emulated Jupiter Ace. (The bus is a type parameter only so that
/// [`testing::step_flat`] can run the same instruction path on a flat 64 KB test bus.)
pub struct Ace<B = Bus> {
    cpu: Cpu,
    bus: B,
    ram: RamSize,
    /// T-states since power-on.
    t: u64,
    /// Start of the next frame (the current one started FRAME_TSTATES earlier).
    next_frame: u64,
    /// End of the current frame's interrupt window.
    int_end: u64,
    /// Stopped by HALT, waiting for an interrupt (PC is past the HALT).
    halted: bool,
    /// Where the tight loop of `run_inner` stops; HALT, and EI or RETN/RETI turning
    /// interrupts on, set it to 0 to end the loop there, so the loop tests one thing per
    /// instruction, not also `halted` or IFF1.
    loop_end: u64,
    /// When the last EI finished: no interrupt is accepted right then (the instruction
    /// after EI always runs first).
    ei_end: u64,
    typing: keyboard::TypingQueue,
    /// An interrupt was accepted since the last frame started. The typing queue only moves
    /// on after such frames: the ROM reads the keyboard in its interrupt handler, so keys
    /// typed while it keeps interrupts off (tape, BEEP) would be lost or, for SPACE, break
    /// the transfer — a person at the keyboard waits too.
    int_accepted: bool,
    /// An interrupt was ever accepted since power-on: the guest reads the keyboard from
    /// its interrupt handler. A guest that never enables interrupts polls the keyboard
    /// itself, and the typing queue does not wait for it.
    int_driven: bool,
    /// The typing queue had keys waiting but did not move on at the last frame start.
    typing_stalled: bool,
    /// At the last frame start: the frame before it gave the guest its usual chance to
    /// read the keyboard (see `keyboard_scanned`).
    keyboard_scanned: bool,
    /// Frames the typing queue has waited, since power-on or reset, for the guest's first
    /// keyboard read (see `start_frame`).
    first_read_wait: u32,
    /// Opcode fetches not yet added to R (see `sync_r`).
    r_pending: u64,
    timings: &'static timing::FastTables,
    /// The CPU's hidden registers iz80 lacks: MEMPTR (WZ), the Q latch and the
    /// LD A,I/R interrupt quirk (see [`z80_fixes`]).
    hidden: z80_fixes::Hidden,
    /// The registers while the machine runs with its fast path (see [`fast_path`]); iz80's
    /// own are brought up to date around every instruction handed to it and at the end of
    /// each run.
    regs: fast_path::Regs,
    /// Runs the common instructions on the machine's own fast path (true, the default) or
    /// every instruction through iz80 (the reference).
    use_fast_path: bool,
    /// IFF1, IFF2 and IM. The machine's own copy is the one that counts while it runs:
    /// it accepts interrupts and runs EI, DI, IM and RETN/RETI itself, so iz80's copy is
    /// only read or written when a run starts or ends (see `take_interrupt_state`).
    ints: cpu_ext::InterruptState,
    /// What iz80's copy holds (as the machine last wrote or read it).
    cpu_ints: cpu_ext::InterruptState,
    /// The CPU was handed out for changing ([`Ace::cpu_mut`]): its interrupt state may
    /// have been replaced (a whole state deserialized), so the next run reads it back.
    cpu_lent: bool,
}

impl Ace {
    /// Powers on an Ace with this 8 KB ROM and RAM size. RAM starts zeroed.
    pub fn new(rom: &[u8], ram: RamSize) -> Result<Ace, RomError> {
        if rom.len() != ROM_SIZE {
            return Err(RomError::WrongSize { len: rom.len() });
        }
        Ok(Ace::with_bus(Bus::new(rom, ram), ram))
    }
}

impl<B> Ace<B> {
    /// A machine at power-on around `bus`.
    fn with_bus(bus: B, ram: RamSize) -> Ace<B> {
        Ace {
            cpu: Cpu::new_z80(),
            bus,
            ram,
            t: 0,
            next_frame: FRAME_TSTATES,
            int_end: INT_TSTATES,
            halted: false,
            loop_end: 0,
            ei_end: u64::MAX,
            typing: keyboard::TypingQueue::default(),
            int_accepted: false,
            int_driven: false,
            typing_stalled: false,
            keyboard_scanned: true,
            first_read_wait: 0,
            r_pending: 0,
            timings: timing::fast_tables(),
            hidden: z80_fixes::Hidden::default(),
            regs: fast_path::Regs::default(),
            use_fast_path: true,
            ints: cpu_ext::InterruptState::default(),
            cpu_ints: cpu_ext::InterruptState::default(),
            cpu_lent: false,
        }
    }
}

impl Ace {
    /// A copy of this machine in the state it is in now, with `tape` in its deck (a device
    /// cannot be copied by the machine; pass a copy of it to go on exactly as this one
    /// would). Tests use it to run independent cases from one loaded snapshot instead of
    /// loading again for each.
    pub fn duplicate(&self, tape: Option<Box<dyn TapePort>>) -> Ace {
        let mut cpu = Cpu::new_z80();
        cpu.deserialize(&self.cpu.serialize())
            .expect("iz80 accepts the state it produced");
        Ace {
            cpu,
            bus: self.bus.duplicate(tape),
            ram: self.ram,
            t: self.t,
            next_frame: self.next_frame,
            int_end: self.int_end,
            halted: self.halted,
            loop_end: 0,
            ei_end: self.ei_end,
            typing: self.typing.clone(),
            int_accepted: self.int_accepted,
            int_driven: self.int_driven,
            typing_stalled: self.typing_stalled,
            keyboard_scanned: self.keyboard_scanned,
            first_read_wait: self.first_read_wait,
            r_pending: self.r_pending,
            timings: self.timings,
            hidden: self.hidden,
            regs: self.regs,
            use_fast_path: self.use_fast_path,
            ints: self.ints,
            cpu_ints: self.cpu_ints,
            cpu_lent: self.cpu_lent,
        }
    }

    /// The reset button: the CPU restarts at 0x0000 with interrupts off and IM 0; memory,
    /// time and the tape stay. Keys held by the typing queue are released.
    pub fn reset(&mut self) {
        self.cpu = Cpu::new_z80();
        self.ints = cpu_ext::InterruptState::default();
        self.cpu_ints = self.ints;
        self.cpu_lent = false;
        self.r_pending = 0;
        self.hidden = z80_fixes::Hidden::default();
        self.halted = false;
        self.ei_end = u64::MAX;
        self.int_driven = false;
        self.bus.keyboard_read = false;
        self.bus.in_interrupt = false;
        self.first_read_wait = 0;
        self.typing.clear(&mut self.bus.matrix);
    }

    /// The RAM size this machine was built with.
    pub fn ram_size(&self) -> RamSize {
        self.ram
    }

    // ----- running -------------------------------------------------------------------

    /// Runs to the start of the next frame (64,896 T per frame, frames counted from
    /// power-on), interrupts and the typing queue included.
    pub fn run_frame(&mut self) {
        let until = self.next_frame;
        self.run(until, StopAt::Time);
    }

    /// Runs `n` frames.
    pub fn run_frames(&mut self, n: u32) {
        for _ in 0..n {
            self.run_frame();
        }
    }

    /// Runs for (at least) `n` T-states.
    pub fn run_tstates(&mut self, n: u64) {
        let until = self.t.saturating_add(n);
        self.run(until, StopAt::Time);
    }

    /// Runs whole frames until the screen text contains `text` (checked before the first
    /// frame and after each). False if it did not appear within `max_frames`.
    pub fn run_until_text(&mut self, text: &str, max_frames: u32) -> bool {
        for _ in 0..max_frames {
            if self.screen_text().contains(text) {
                return true;
            }
            self.run_frame();
        }
        self.screen_text().contains(text)
    }

    /// Runs until the CPU is about to execute an instruction at one of `pcs` (returns that
    /// PC; returns at once if PC already is one) or `max_tstates` have passed (None).
    /// Use [`Ace::step`] to move past a breakpoint.
    pub fn run_until_pc(&mut self, pcs: &[u16], max_tstates: u64) -> Option<u16> {
        let until = self.t.saturating_add(max_tstates);
        match self.run(until, StopAt::Pcs(pcs)) {
            Stop::Pc(pc) => Some(pc),
            _ => None,
        }
    }

    /// Runs until the guest writes to the debug port (true) or `max_tstates` pass (false).
    pub fn run_until_debug(&mut self, max_tstates: u64) -> bool {
        let until = self.t.saturating_add(max_tstates);
        self.run(until, StopAt::Debug) == Stop::Debug
    }

    /// Executes one instruction, or accepts one interrupt, or waits 4 T in HALT. Returns
    /// the T-states it took.
    pub fn step(&mut self) -> u64 {
        let start = self.t;
        self.run(start + 1, StopAt::Time);
        self.t - start
    }

    /// Runs the common instructions on the machine's fast path (true, the default) or
    /// every instruction through iz80 with the machine's fixes (false: the reference the
    /// fast path is tested and measured against). Both give the same results.
    pub fn set_fast_path(&mut self, on: bool) {
        self.use_fast_path = on;
    }

    /// Whether the fast path is on (see [`Ace::set_fast_path`]).
    pub fn fast_path(&self) -> bool {
        self.use_fast_path
    }

    fn run(&mut self, until: u64, stop: StopAt) -> Stop {
        self.take_interrupt_state();
        if self.use_fast_path {
            self.regs = fast_path::Regs::load(&self.cpu);
        }
        let stop = self.run_inner(until, stop);
        if self.use_fast_path {
            self.regs.store(&mut self.cpu);
        }
        self.sync_r();
        self.give_interrupt_state();
        stop
    }

    fn run_inner(&mut self, until: u64, stop: StopAt) -> Stop {
        self.bus.debug_written = false;
        loop {
            while self.t >= self.next_frame {
                self.start_frame();
            }
            if self.t >= until {
                return Stop::Time;
            }
            if self.t < self.int_end && self.t != self.ei_end && self.iff1() {
                if self.use_fast_path {
                    self.regs.store(&mut self.cpu);
                    self.accept_interrupt();
                    self.regs = fast_path::Regs::load(&self.cpu);
                } else {
                    self.accept_interrupt();
                }
                continue;
            }
            if self.halted {
                let target = until.min(self.next_frame);
                let nops = (target - self.t + 3) / 4; // div_ceil is newer than Rust 1.63
                self.t += 4 * nops;
                self.r_pending += nops;
                continue;
            }
            match stop {
                StopAt::Time => {
                    if self.t >= self.int_end || !self.iff1() {
                        // Past the interrupt window, or interrupts off: nothing can
                        // interrupt before the next frame, or before an EI or RETN/RETI
                        // turns them on again (which end the loop: `set_iff1_by_instruction`), so
                        // run the tight loop up to it (or the target). An idle ROM runs
                        // most of its interrupt handler inside the window, interrupts off.
                        self.loop_end = until.min(self.next_frame);
                        let timings = self.timings;
                        while self.t < self.loop_end {
                            self.execute_one(timings, self.loop_end);
                        }
                    } else {
                        self.execute_one(self.timings, 0);
                    }
                }
                StopAt::Pcs(pcs) => {
                    let pc = if self.use_fast_path {
                        self.regs.pc
                    } else {
                        self.cpu.immutable_registers().pc()
                    };
                    if pcs.contains(&pc) {
                        return Stop::Pc(pc);
                    }
                    self.execute_one(self.timings, 0);
                }
                StopAt::Debug => {
                    self.execute_one(self.timings, 0);
                    if self.bus.debug_written {
                        self.bus.debug_written = false;
                        return Stop::Debug;
                    }
                }
            }
        }
    }

    fn start_frame(&mut self) {
        let frame_start = self.next_frame;
        self.next_frame = frame_start + FRAME_TSTATES;
        self.int_end = frame_start + INT_TSTATES;
        let accepted = std::mem::take(&mut self.int_accepted);
        self.keyboard_scanned = accepted || !self.int_driven;
        self.int_driven |= accepted;
        // Nothing is pressed before the guest first reads the keyboard: a ROM still
        // starting up (the open ROM takes three frames before its first interrupt) would
        // miss the first key, or CAPS LOCK, pressed then. A guest that polls the keyboard
        // opens this at once; one that never reads it is typed to after the longest
        // prompt wait.
        let booting = !self.bus.keyboard_read
            && self.first_read_wait < keyboard::PROMPT_WAIT_FRAMES
            && !self.typing.is_done();
        if booting {
            self.first_read_wait += 1;
        }
        let hold = booting || self.int_driven && !accepted;
        self.typing_stalled = hold && !self.typing.is_done();
        if !hold {
            // Only an interrupt-driven guest can be a ROM with a line editor to wait for.
            let statin = self.bus.read(keyboard::STATIN);
            let reader = keyboard::Reader::judge(self.int_driven, statin, self.bus.keyboard_read);
            let progress = self.typing.frame(&mut self.bus.matrix, reader);
            self.typing_stalled = progress == keyboard::Progress::WaitingForPrompt;
        }
    }
}

/// The interrupt state's two copies (see `Ace::ints`).
impl<B> Ace<B> {
    /// Before a run: iz80's copy, if the CPU was handed out since, is the one that counts.
    fn take_interrupt_state(&mut self) {
        if self.cpu_lent {
            self.cpu_lent = false;
            self.cpu_ints = cpu_ext::InterruptState::read(&self.cpu);
            self.ints = self.cpu_ints;
        }
    }

    /// After a run: iz80's copy made the machine's, if it changed (in a run that leaves
    /// it as it found it, as a frame of the idle ROM does, nothing is written).
    fn give_interrupt_state(&mut self) {
        if self.ints != self.cpu_ints {
            self.ints.write(&mut self.cpu);
            self.cpu_ints = self.ints;
        }
    }

    /// Sets IFF1, IFF2 and the interrupt mode (iz80 has no public setter; for snapshots).
    pub fn set_interrupt_state(&mut self, iff1: bool, iff2: bool, im: u8) {
        self.cpu_lent = false;
        self.ints = cpu_ext::InterruptState {
            iff1,
            iff2,
            im: im.min(2),
        };
        self.give_interrupt_state();
    }

    /// (IFF1, IFF2, IM).
    pub fn interrupt_state(&self) -> (bool, bool, u8) {
        let ints = if self.cpu_lent {
            cpu_ext::InterruptState::read(&self.cpu)
        } else {
            self.ints
        };
        (ints.iff1, ints.iff2, ints.im)
    }

    #[inline]
    fn iff1(&self) -> bool {
        self.ints.iff1
    }

    /// Sets IFF1 from an instruction (EI, DI, RETN/RETI). Turned on, it ends the tight
    /// loop of `run_inner`, which runs through the interrupt window only while
    /// interrupts are off.
    fn set_iff1_by_instruction(&mut self, on: bool) {
        if on {
            self.loop_end = 0;
        }
        self.ints.iff1 = on;
    }
}

/// The instruction path, shared by the machine and [`testing::step_flat`].
impl<B: CpuBus> Ace<B> {
    /// Adds the pending opcode fetches to R (bit 7 kept). R is brought up to date lazily:
    /// before LD A,R / LD R,A, at the end of every run, and before the CPU is handed out.
    fn sync_r(&mut self) {
        if self.r_pending == 0 {
            return;
        }
        let regs = self.cpu.registers();
        let r = regs.get8(Reg8::R);
        let low = (u64::from(r) + self.r_pending) as u8 & 0x7F;
        regs.set8(Reg8::R, (r & 0x80) | low);
        self.r_pending = 0;
    }

    /// One instruction, looking its timing up in `timings` (the machine's own
    /// [`timing::fast_tables`], passed in so a run loop keeps it in a register across
    /// instructions instead of reloading it from `self` after every call into iz80).
    /// With the fast path on, the registers are in `self.regs`: the fast path runs the
    /// instruction if it has it, else iz80 does, with its registers brought up to date
    /// before and read back after.
    ///
    /// `batch_until`: the tight loop's end (nothing can interrupt, stop or watch the CPU
    /// before it), so an instruction that repeats itself without touching memory or ports
    /// (`DJNZ $`) may run the rounds that start before it in one go; 0 outside that loop
    /// (one round).
    #[inline(always)]
    fn execute_one(&mut self, timings: &'static timing::FastTables, batch_until: u64) {
        if !self.use_fast_path {
            self.execute_on_iz80(timings);
            return;
        }
        let op = self.bus.read(self.regs.pc);
        let main = timings.main(op);
        if !self.fast_step(timings, op, main, batch_until) {
            self.execute_on_iz80_synced(timings);
        }
    }

    /// An instruction the fast path does not have, while the registers are in
    /// `self.regs`.
    #[inline(never)]
    fn execute_on_iz80_synced(&mut self, timings: &'static timing::FastTables) {
        self.regs.store(&mut self.cpu);
        self.execute_on_iz80(timings);
        self.regs = fast_path::Regs::load(&self.cpu);
    }

    /// One instruction through iz80 (with the machine's timing, R, WZ, Q and fixes).
    #[inline(always)]
    fn execute_on_iz80(&mut self, timings: &'static timing::FastTables) {
        let pc = self.cpu.immutable_registers().pc();
        // The common case in one look-up and one test: an unprefixed instruction iz80 runs
        // on its own, at a fixed cost, with one M1, leaving WZ alone.
        let main = timings.main(self.bus.read(pc));
        if main.is_simple() {
            debug_assert_eq!(main.m1(), 1);
            self.cpu.execute_instruction(&mut self.bus);
            // R counted after the call, unlike the paths below: so the compiler does not
            // share this path's tail with theirs (one more jump in the hot path).
            self.r_pending += 1;
            self.t += u64::from(main.tstates());
            // For the Q latch (SCF/CCF): one store, no branch.
            self.hidden.last = main;
            return;
        }
        if main.is_plain_setting_wz() {
            // The same for one that sets WZ (JP, CALL, RET, LD A,(DE), ADD HL,rr...).
            self.r_pending += 1;
            self.execute_setting_wz(pc, main);
            self.t += u64::from(main.tstates());
            self.hidden.last = main;
            return;
        }
        if !main.is_prefix() {
            // Everything the machine handles itself (`execute_complex`: the place for any
            // further interceptions). Unprefixed, so one M1, and neither simple nor plain:
            // no need to test those again.
            debug_assert_eq!(main.m1(), 1);
            self.r_pending += 1;
            self.execute_complex(pc, main);
            self.hidden.last = main;
            return;
        }
        // Prefixed instructions.
        let bus = &self.bus;
        let timing = timing::decode_prefixed(timings, main, pc, |a| bus.read(a));
        self.r_pending += u64::from(timing.m1());
        if timing.is_simple() {
            self.cpu.execute_instruction(&mut self.bus);
            self.t += u64::from(timing.tstates());
        } else if timing.is_plain_setting_wz() {
            self.execute_setting_wz(pc, timing);
            self.t += u64::from(timing.tstates());
        } else {
            self.execute_complex(pc, timing);
        }
        self.hidden.last = timing;
    }

    /// Everything but the plain case: HALT, EI, I/O, R access, conditional jumps, calls and
    /// returns, DJNZ, block repeats and the instructions iz80 gets wrong.
    #[inline(never)]
    fn execute_complex(&mut self, pc: u16, timing: timing::Packed) {
        if timing.is_special() {
            self.execute_special(pc, timing);
            return;
        }
        let regs = self.cpu.immutable_registers();
        let taken = match timing.cond_kind() {
            1 => Timing::cc_holds(timing.cc(), regs.get8(Reg8::F)),
            2 => regs.get8(Reg8::B) != 1,
            _ => false,
        };
        if timing.is_intercepted() {
            self.execute_intercepted(pc, timing);
        } else {
            // No instruction off the plain path has a WZ rule (the timing table checks).
            self.cpu.execute_instruction(&mut self.bus);
        }
        if taken {
            // A conditional jump, call or return (DJNZ, JR cc, JP cc, CALL cc, RET cc) that
            // went: WZ = where it went.
            self.hidden.wz = self.cpu.immutable_registers().pc();
        } else if timing.wz_operand_untaken() {
            self.untaken_jump_wz(pc);
        }
        let taken = taken || (timing.cond_kind() == 3 && self.cpu.immutable_registers().pc() == pc);
        self.t += u64::from(if taken {
            timing.taken()
        } else {
            timing.tstates()
        });
    }

    /// HALT, EI, I/O, R access and redundant prefixes (none of them a conditional jump).
    #[inline(never)]
    fn execute_special(&mut self, pc: u16, timing: timing::Packed) {
        if timing.is_redundant_prefix() {
            self.cpu.registers().set_pc(pc.wrapping_add(1));
            self.t += u64::from(timing.tstates());
            // No interrupt between a prefix and its instruction.
            self.ei_end = self.t;
            return;
        }
        if timing.is_halt() {
            let len = timing::decode(pc, |a| self.bus.read(a)).len;
            self.cpu.registers().set_pc(pc.wrapping_add(u16::from(len)));
            self.t += u64::from(timing.tstates());
            self.halted = true;
            self.loop_end = 0;
            return;
        }
        if timing.is_io() {
            self.bus.set_io_time(self.t + u64::from(timing.io_offset()));
            if !timing.is_intercepted() {
                // OUT (n),A or IN A,(n) (the other I/O instructions are intercepted).
                self.port_n_wz(pc);
            }
        }
        if timing.touches_r() {
            self.sync_r();
        }
        if timing.is_ei() {
            self.ei_end = self.t + u64::from(timing.tstates());
            self.bus.leave_interrupt();
        }
        if timing.is_intercepted() {
            self.execute_intercepted(pc, timing);
        } else {
            self.cpu.execute_instruction(&mut self.bus);
        }
        // INIR, INDR, OTIR, OTDR are I/O instructions that repeat (and intercepted).
        let repeated = timing.cond_kind() == 3 && self.cpu.immutable_registers().pc() == pc;
        self.t += u64::from(if repeated {
            timing.taken()
        } else {
            timing.tstates()
        });
    }
}

impl Ace {
    fn push(&mut self, value: u16) {
        let sp = self.cpu.immutable_registers().get16(Reg16::SP);
        let sp = sp.wrapping_sub(2);
        self.bus.write(sp.wrapping_add(1), (value >> 8) as u8);
        self.bus.write(sp, value as u8);
        self.cpu.registers().set16(Reg16::SP, sp);
    }

    fn accept_interrupt(&mut self) {
        let im = self.ints.im;
        self.interrupt_hidden_state();
        self.ints.iff1 = false;
        self.ints.iff2 = false;
        self.int_accepted = true;
        // IM 1 runs the ROM's handler at 0x0038, whose keyboard scan feeds the line
        // editor: not the program's reads. A program's own IM 2 handler reads for it.
        self.bus.in_interrupt = im == 1;
        self.halted = false;
        self.r_pending += 1;
        let pc = self.cpu.immutable_registers().pc();
        match im {
            1 => {
                self.push(pc);
                self.cpu.registers().set_pc(0x0038);
                self.hidden.wz = 0x0038;
                self.t += 13;
            }
            2 => {
                self.push(pc);
                let i = self.cpu.immutable_registers().get8(Reg8::I);
                let vector = u16::from_le_bytes([bus::IDLE_BUS, i]);
                let target = u16::from_le_bytes([
                    self.bus.read(vector),
                    self.bus.read(vector.wrapping_add(1)),
                ]);
                self.cpu.registers().set_pc(target);
                self.hidden.wz = target;
                self.t += 19;
            }
            _ => {
                // IM 0: the idle-bus byte 0x20 is JR NZ,d with d = 0x20 from the bus too.
                let f = self.cpu.immutable_registers().get8(Reg8::F);
                if f & 0x40 == 0 {
                    let target = pc.wrapping_add(i8::from_ne_bytes([bus::IDLE_BUS]) as u16);
                    self.cpu.registers().set_pc(target);
                    self.hidden.wz = target;
                    self.t += 14;
                } else {
                    self.t += 9;
                }
            }
        }
    }

    // ----- keyboard --------------------------------------------------------------------

    /// Queues `text` to be typed: each character becomes its key combination (SHIFT for
    /// capitals, SYMBOL SHIFT for symbols per spec 6, `\n` = ENTER), pressed with the
    /// timing the ROM's scanner needs. Characters the Ace cannot type are skipped; use
    /// [`Ace::try_type_text`] to have them reported instead.
    pub fn type_text(&mut self, text: &str) {
        let strokes: Vec<_> = text.chars().filter_map(keyboard::stroke_for).collect();
        self.typing.push_strokes(&strokes);
    }

    /// Like [`Ace::type_text`], but queues nothing and reports the first character that
    /// cannot be typed.
    pub fn try_type_text(&mut self, text: &str) -> Result<(), UntypableChar> {
        let strokes = keyboard::strokes_for(text)?;
        self.typing.push_strokes(&strokes);
        Ok(())
    }

    /// Turns CAPS LOCK on, as the user would: SHIFT+2, queued like typed text (so at
    /// power-on it waits, as all typing does, until the ROM first reads the keyboard).
    /// Nothing is pressed when STATIN says it is on already (a snapshot, say). Letters
    /// then type in capitals, as on an Ace whose owner pressed CAPS LOCK first.
    pub fn caps_lock_at_prompt(&mut self) {
        if keyboard::caps_lock_on(self.peek(keyboard::STATIN)) {
            return;
        }
        self.typing.push_strokes(&[keyboard::CAPS_LOCK]);
    }

    /// Queues key steps directly (sets of keys held for a number of frames).
    pub fn queue_keys(&mut self, steps: Vec<keyboard::KeyStep>) {
        self.typing.push(steps);
    }

    /// True when typed keys are waiting because the guest accepted no interrupt in the
    /// last frame (it has interrupts off, e.g. during a tape transfer or BEEP), because
    /// the ROM is still busy with the line ENTER ended, or because the guest has not read
    /// the keyboard yet since power-on (a ROM still starting up).
    pub fn typing_stalled(&self) -> bool {
        self.typing_stalled
    }

    /// False when the frame just run gave the guest no chance to read the keyboard its
    /// way: it reads keys in its interrupt handler (as the ROM does) but accepted no
    /// interrupt, as during tape transfers and BEEP. A front end that plays keys frame by
    /// frame holds them over such frames, as the typing queue does.
    pub fn keyboard_scanned(&self) -> bool {
        self.keyboard_scanned
    }

    /// The half-rows of the keyboard (bit `i`: half-row `i`) the program (not the ROM's
    /// interrupt scan) has read since the keys last went down or up. 0xFF: it has scanned
    /// the keyboard, so it has seen the change.
    pub fn key_rows_read_since_change(&self) -> u8 {
        self.bus.matrix.rows_read_since_change()
    }

    /// What the program (not the ROM's interrupt scan) has read of the keys since they
    /// last went down or up: the half-rows, and KEYCOD (see [`keyboard::ChangeHold`]).
    pub fn key_reads_since_change(&self) -> keyboard::KeyReads {
        self.bus.matrix.reads_since_change()
    }

    /// Starts watching for the program's keyboard reads afresh (see
    /// [`Ace::key_rows_read_since_change`]), as if the keys had just changed.
    pub fn forget_key_reads(&mut self) {
        self.bus.matrix.forget_reads();
    }

    /// Who reads the keyboard now: the ROM's line editor, a busy ROM, a guest that polls
    /// without interrupts, or nobody yet.
    pub fn key_reader(&self) -> keyboard::Reader {
        keyboard::Reader::judge(
            self.int_driven,
            self.bus.read(keyboard::STATIN),
            self.bus.keyboard_read,
        )
    }

    /// True when the typing queue is empty and holds no key.
    pub fn typing_done(&self) -> bool {
        self.typing.is_done()
    }

    /// True when every key of the typed text has been pressed and only letting go of the
    /// last one (and the pause after it) is left.
    pub fn typing_only_releases_left(&self) -> bool {
        self.typing.only_releases_left()
    }

    /// Ends the typing now: drops what is queued and lets go of the keys the queue holds
    /// (the user's own keys stay).
    pub fn finish_typing(&mut self) {
        self.typing.clear(&mut self.bus.matrix);
        self.typing_stalled = false;
    }

    pub fn press_key(&mut self, k: Key) {
        self.bus.matrix.press(k);
    }

    pub fn release_key(&mut self, k: Key) {
        self.bus.matrix.release(k);
    }

    pub fn release_all_keys(&mut self) {
        self.typing.clear(&mut self.bus.matrix);
        self.bus.matrix.release_all();
    }

    pub fn is_key_pressed(&self, k: Key) -> bool {
        self.bus.matrix.is_pressed(k)
    }

    // ----- screen ----------------------------------------------------------------------

    /// The screen as 24 lines of 32 characters, '\n'-separated: ASCII as itself (0x60 '£',
    /// 0x7F '©'), block graphics as Unicode quadrants, inverse text as plain text.
    pub fn screen_text(&self) -> String {
        ula::screen_text(&self.screen_codes())
    }

    /// Like [`Ace::screen_text`] with runs of inverse text enclosed in ⟦ ⟧.
    pub fn screen_text_marked(&self) -> String {
        ula::screen_text_marked(&self.screen_codes())
    }

    /// The stamp of the latest change to the screen: text that appears later shows in
    /// [`Ace::screen_stamps`] with higher stamps (see [`screen_stamps`]).
    pub fn screen_stamp_now(&self) -> u64 {
        self.bus.screen_stamps.now()
    }

    /// For each of the 768 screen cells, the stamp of the change that put its content
    /// there (moved along by scrolling, not renewed).
    pub fn screen_stamps(&self) -> &[u64] {
        self.bus.screen_stamps.screen()
    }

    /// True when the screen shows `text` (within a line) with at least one of its cells
    /// changed after screen stamp `since` ([`Ace::screen_stamps`]): written there after
    /// that moment, not only moved there by scrolling. Empty text is always there.
    pub fn text_appeared_since(&self, text: &str, since: u64) -> bool {
        let wanted: Vec<char> = text.chars().collect();
        if wanted.is_empty() {
            return true;
        }
        let codes = self.screen_codes();
        let stamps = self.screen_stamps();
        codes
            .chunks(ula::COLUMNS)
            .zip(stamps.chunks(ula::COLUMNS))
            .any(|(row, row_stamps)| {
                let chars: Vec<char> = row.iter().map(|&c| ula::char_for_code(c)).collect();
                chars
                    .windows(wanted.len())
                    .enumerate()
                    .any(|(col, window)| {
                        window == wanted.as_slice()
                            && row_stamps[col..col + wanted.len()]
                                .iter()
                                .any(|&s| s > since)
                    })
            })
    }

    /// The 768 screen bytes (video RAM 0x2400-0x26FF).
    pub fn screen_codes(&self) -> [u8; 768] {
        let mut codes = [0; 768];
        codes.copy_from_slice(&self.bus.mem[0x2400..0x2700]);
        codes
    }

    /// Renders the picture into `out`: 256x192 pixels (no border), row-major, 0x00RRGGBB.
    pub fn render(&self, out: &mut [u32]) {
        ula::render(&self.bus.mem[0x2400..0x2700], &self.bus.char_ram, out);
    }

    // ----- memory ----------------------------------------------------------------------

    /// What the CPU would read at `addr` (0xFF for character RAM and missing RAM).
    pub fn peek(&self, addr: u16) -> u8 {
        self.bus.read(addr)
    }

    /// A CPU write (ignored for ROM, mirrored for RAM, character RAM stored).
    pub fn poke(&mut self, addr: u16, v: u8) {
        self.bus.write(addr, v);
    }

    pub fn read_bytes(&self, addr: u16, len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| self.bus.read(addr.wrapping_add(i as u16)))
            .collect()
    }

    pub fn write_bytes(&mut self, addr: u16, bytes: &[u8]) {
        for (i, &b) in bytes.iter().enumerate() {
            self.bus.write(addr.wrapping_add(i as u16), b);
        }
    }

    /// The character RAM (128 patterns x 8 bytes), which the CPU cannot read.
    pub fn char_ram(&self) -> &[u8; 1024] {
        &self.bus.char_ram
    }

    // ----- tape ------------------------------------------------------------------------

    pub fn insert_tape(&mut self, port: Box<dyn TapePort>) {
        self.bus.tape = Some(port);
    }

    pub fn eject_tape(&mut self) -> Option<Box<dyn TapePort>> {
        self.bus.tape.take()
    }

    pub fn tape_mut(&mut self) -> Option<&mut (dyn TapePort + 'static)> {
        self.bus.tape.as_deref_mut()
    }

    /// The MIC level last written (data bit 3 of the last OUT to an even port).
    pub fn mic_level(&self) -> bool {
        self.bus.mic
    }

    // ----- time, CPU, sound, debug port --------------------------------------------------

    /// T-states since power-on.
    pub fn tstates(&self) -> u64 {
        self.t
    }

    /// Frames started since power-on (T-states / 64,896).
    pub fn frame_count(&self) -> u64 {
        self.t / FRAME_TSTATES
    }

    /// True while the CPU waits in HALT.
    pub fn is_halted(&self) -> bool {
        self.halted
    }

    /// Ends a wait in HALT without an interrupt: the CPU goes on at PC. For putting in a
    /// saved state (a snapshot records no HALT), whose PC replaces the one waited at.
    pub fn leave_halt(&mut self) {
        self.halted = false;
    }

    pub fn cpu(&self) -> &Cpu {
        &self.cpu
    }

    /// The CPU for reading and setting registers. Do not execute instructions through it:
    /// that would bypass the machine's timing and interrupt handling.
    pub fn cpu_mut(&mut self) -> &mut Cpu {
        self.sync_r();
        self.cpu_lent = true;
        &mut self.cpu
    }

    /// Beeper samples (mono f32, 0.0 = speaker off, [`beeper::SPEAKER_ON_LEVEL`] = on) from
    /// the last call up to now, at [`Ace::audio_rate`] (44,100 Hz unless changed).
    pub fn take_audio(&mut self) -> Vec<f32> {
        self.bus.beeper.take_samples(self.t)
    }

    /// Like [`Ace::take_audio`], appending the samples to `out` (one buffer reused frame
    /// after frame). Nobody has to take samples: a run that never does keeps at most the
    /// last 10 s of speaker changes and renders nothing.
    pub fn take_audio_into(&mut self, out: &mut Vec<f32>) {
        self.bus.beeper.take_samples_into(self.t, out);
    }

    pub fn audio_rate(&self) -> u32 {
        self.bus.beeper.rate()
    }

    /// Sets the sample rate of [`Ace::take_audio`]; samples restart from now.
    pub fn set_audio_rate(&mut self, rate: u32) {
        self.bus.beeper.set_rate(rate, self.t);
    }

    /// The speaker now (on after OUT, off after IN).
    pub fn speaker_level(&self) -> bool {
        self.bus.beeper.level()
    }

    /// The speaker changes not yet taken as samples: (T-state, on), oldest first.
    pub fn speaker_edges(&self) -> Vec<(u64, bool)> {
        self.bus.beeper.pending_edges().collect()
    }

    /// Bytes the guest wrote to the debug port since the last call (at most the newest
    /// [`bus::DEBUG_CAPACITY`]: older ones are dropped if nobody reads them).
    pub fn debug_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.bus.debug)
    }
}
