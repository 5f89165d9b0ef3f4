//! Speed measurement: the whole machine against real time and against the bare iz80 core
//! on a plain 64 KB memory, both running the same guest code.
//!
//! The guest is a miniature Forth inner interpreter written for this purpose: NEXT fetches
//! a code address through DE and jumps to it, every word ends with `JP (IY)`, and the words
//! use IX-indexed variables, the stack and 16-bit arithmetic — the instruction mix the
//! Ace's own Forth spends its time in. Interrupts are off (DI), so both runs execute
//! exactly the same instructions; each loop round increments a 24-bit counter at 0x3C00,
//! which is how the runs are compared.

use crate::machine::beeper::CPU_HZ;
use crate::machine::testing::TestRom;
use crate::machine::ula::FRAME_TSTATES;
use crate::machine::{Ace, RamSize};
use iz80::{Cpu, Machine, PlainMachine};
use std::time::{Duration, Instant};

/// The benchmark guest as (address, bytes) pieces.
pub fn workload() -> TestRom {
    TestRom::new()
        .at(
            0x0000,
            &[
                0xF3, // DI
                0x31, 0x00, 0x40, // LD SP,0x4000
                0xFD, 0x21, 0x30, 0x00, // LD IY,NEXT
                0xDD, 0x21, 0x00, 0x3C, // LD IX,0x3C00
                0x11, 0x40, 0x00, // LD DE,thread
                0xFD, 0xE9, // JP (IY)
            ],
        )
        // NEXT: LD A,(DE) ; LD L,A ; INC DE ; LD A,(DE) ; LD H,A ; INC DE ; JP (HL)
        .at(0x0030, &[0x1A, 0x6F, 0x13, 0x1A, 0x67, 0x13, 0xE9])
        // The thread: COUNT, JUGGLE, MIX, AGAIN.
        .at(0x0040, &[0x60, 0x00, 0x70, 0x00, 0x80, 0x00, 0x90, 0x00])
        // COUNT: 24-bit increment of (IX+0..2).
        .at(
            0x0060,
            &[
                0xDD, 0x34, 0x00, 0x20, 0x08, 0xDD, 0x34, 0x01, 0x20, 0x03, 0xDD, 0x34, 0x02, 0xFD,
                0xE9,
            ],
        )
        // JUGGLE: PUSH DE ; LD HL,(0x3C10) ; INC HL ; ADD HL,HL ; LD (0x3C10),HL ; POP DE
        .at(
            0x0070,
            &[
                0xD5, 0x2A, 0x10, 0x3C, 0x23, 0x29, 0x22, 0x10, 0x3C, 0xD1, 0xFD, 0xE9,
            ],
        )
        // MIX: LD A,(IX+4) ; XOR (IX+0) ; LD (IX+5),A ; BIT 0,(IX+0)
        .at(
            0x0080,
            &[
                0xDD, 0x7E, 0x04, 0xDD, 0xAE, 0x00, 0xDD, 0x77, 0x05, 0xDD, 0xCB, 0x00, 0x46, 0xFD,
                0xE9,
            ],
        )
        // AGAIN: LD DE,thread
        .at(0x0090, &[0x11, 0x40, 0x00, 0xFD, 0xE9])
}

fn counter(mut read: impl FnMut(u16) -> u8) -> u32 {
    u32::from_le_bytes([read(0x3C00), read(0x3C01), read(0x3C02), 0])
}

/// CPU time this process has used so far (user + system), the measure that holds on a
/// busy computer: time spent waiting for a core does not count. Where the platform gives
/// no such clock, the time since the first call (wall time).
pub fn process_cpu_time() -> Duration {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes one timespec into the pointer it is given.
        if unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) } == 0 {
            return Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32);
        }
    }
    static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed()
}

/// How long something took: CPU time of the process and wall time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timed {
    pub cpu: Duration,
    pub wall: Duration,
}

impl Timed {
    /// Runs `work` and measures it.
    pub fn measure<T>(work: impl FnOnce() -> T) -> (T, Timed) {
        let stopwatch = Stopwatch::start();
        let out = work();
        (out, stopwatch.stop())
    }

    /// Wall time differs from CPU time by more than 20 %: the computer was busy (or the
    /// process waited), and wall-time figures would not hold.
    pub fn disturbed(&self) -> bool {
        let (cpu, wall) = (self.cpu.as_secs_f64(), self.wall.as_secs_f64());
        (wall - cpu).abs() > 0.2 * cpu.max(1e-9)
    }

    /// The one with less CPU time.
    fn better(self, other: Timed) -> Timed {
        if other.cpu < self.cpu {
            other
        } else {
            self
        }
    }

    fn describe(&self) -> String {
        format!(
            "{:.3} s CPU ({:.3} s wall{})",
            self.cpu.as_secs_f64(),
            self.wall.as_secs_f64(),
            if self.disturbed() {
                ", differs by more than 20 %: the computer is busy"
            } else {
                ""
            }
        )
    }
}

/// Both clocks started at one moment. (The bare core's loop is timed with this rather than
/// [`Timed::measure`]: wrapped in a closure, it compiles to slower code.)
pub struct Stopwatch {
    cpu: Duration,
    wall: Instant,
}

impl Stopwatch {
    pub fn start() -> Stopwatch {
        Stopwatch {
            cpu: process_cpu_time(),
            wall: Instant::now(),
        }
    }

    pub fn stop(&self) -> Timed {
        Timed {
            cpu: process_cpu_time().saturating_sub(self.cpu),
            wall: self.wall.elapsed(),
        }
    }
}

/// The measured numbers.
#[derive(Debug, Clone)]
pub struct BenchResult {
    pub frames: u32,
    pub rounds: u32,
    pub machine: Timed,
    pub bare: Timed,
}

impl BenchResult {
    /// Emulated time / CPU time of the whole machine.
    pub fn real_time_multiple(&self) -> f64 {
        emulated_seconds(self.frames) / self.machine.cpu.as_secs_f64()
    }

    /// Machine speed as a fraction of the bare core's (1.0 = no overhead), by CPU time.
    pub fn machine_to_bare(&self) -> f64 {
        self.bare.cpu.as_secs_f64() / self.machine.cpu.as_secs_f64()
    }

    pub fn report(&self) -> String {
        format!(
            "workload: Forth-like threaded code (IX variables, JP (IY)), {} frames = {:.1} s emulated, {} loop rounds\n\
             whole machine: {} = {:.1}x real time\n\
             bare iz80 on 64 KB, same rounds: {}\n\
             machine speed / bare core speed = {:.2} ({:.0}% of the bare core, by CPU time)",
            self.frames,
            emulated_seconds(self.frames),
            self.rounds,
            self.machine.describe(),
            self.real_time_multiple(),
            self.bare.describe(),
            self.machine_to_bare(),
            100.0 * self.machine_to_bare()
        )
    }
}

fn emulated_seconds(frames: u32) -> f64 {
    f64::from(frames) * FRAME_TSTATES as f64 / CPU_HZ as f64
}

/// Runs the workload for `frames` frames on the machine, then the same number of loop
/// rounds on the bare core; three times, alternating, keeping the run of each with the
/// least CPU time (the least disturbed by anything else running on the computer).
pub fn measure(frames: u32) -> BenchResult {
    let rom = workload();
    let mut best: Option<BenchResult> = None;
    for _ in 0..3 {
        let r = measure_once(&rom, frames);
        best = Some(match best {
            None => r,
            Some(b) => BenchResult {
                machine: b.machine.better(r.machine),
                bare: b.bare.better(r.bare),
                ..b
            },
        });
    }
    best.expect("three runs")
}

fn measure_once(rom: &TestRom, frames: u32) -> BenchResult {
    let (rounds, machine) = run_machine(rom, frames);
    let bare = run_bare(rom, rounds);
    BenchResult {
        frames,
        rounds,
        machine,
        bare,
    }
}

/// The machine part alone: loop rounds done in `frames` frames, and the time taken.
pub fn run_machine(rom: &TestRom, frames: u32) -> (u32, Timed) {
    let mut ace = rom.boot(RamSize::K3);
    let stopwatch = Stopwatch::start();
    ace.run_frames(frames);
    let timed = stopwatch.stop();
    (counter(|a| ace.peek(a)), timed)
}

/// The bare-core part alone: the time `rounds` loop rounds take.
pub fn run_bare(rom: &TestRom, rounds: u32) -> Timed {
    let mut mem = PlainMachine::new();
    for (i, &b) in rom.bytes().iter().enumerate() {
        mem.poke(i as u16, b);
    }
    let mut cpu = Cpu::new();
    let stopwatch = Stopwatch::start();
    loop {
        for _ in 0..1000 {
            cpu.execute_instruction(&mut mem);
        }
        if counter(|a| mem.peek(a)) >= rounds {
            break;
        }
    }
    stopwatch.stop()
}

/// The busy Forth loop of `aceemu bench`: a word that never ends (a DO LOOP doing
/// arithmetic, stack words and a variable inside BEGIN ... UNTIL), typed at the prompt.
pub const BUSY_FORTH: &str =
    "0 VARIABLE V : T BEGIN 100 0 DO I V @ + V ! I DUP 1+ SWAP DROP DROP LOOP 0 UNTIL ; T\n";

/// A 51 K Ace on `rom` running [`BUSY_FORTH`]: typed, entered, and run until the typing
/// is over and the loop has run for a while.
pub fn busy_forth_ace(rom: &[u8]) -> anyhow::Result<Ace> {
    let mut ace = Ace::new(rom, RamSize::K51)?;
    ace.type_text(BUSY_FORTH);
    for _ in 0..2000 {
        if ace.typing_done() {
            break;
        }
        ace.run_frame();
    }
    anyhow::ensure!(ace.typing_done(), "the busy Forth loop was not typed in");
    ace.run_frames(50);
    Ok(ace)
}

/// A 51 K Ace on `rom` after 200 frames from power-on: idle at its prompt.
pub fn idle_ace(rom: &[u8]) -> anyhow::Result<Ace> {
    let mut ace = Ace::new(rom, RamSize::K51)?;
    ace.run_frames(200);
    Ok(ace)
}

/// Runs `frames` frames; its own function so a profiler can count this part alone
/// (`valgrind --tool=callgrind --toggle-collect='*measured_frames*'`).
#[inline(never)]
pub fn measured_frames(ace: &mut Ace, frames: u32) {
    ace.run_frames(frames);
}

/// One workload run on the machine's fast path and with every instruction through iz80
/// (`Ace::set_fast_path(false)`, the machine as it was before the fast path), by CPU time.
#[derive(Debug, Clone)]
pub struct PathResult {
    pub frames: u32,
    pub fast: Timed,
    pub reference: Timed,
}

impl PathResult {
    /// How many times more frames per CPU second the fast path runs.
    pub fn speed_up(&self) -> f64 {
        self.reference.cpu.as_secs_f64() / self.fast.cpu.as_secs_f64()
    }

    pub fn report(&self, name: &str) -> String {
        let per_second = |t: &Timed| f64::from(self.frames) / t.cpu.as_secs_f64();
        format!(
            "{name}: {} frames, fast path {} = {:.0} frames/s; iz80 for every instruction {} = \
             {:.0} frames/s; fast / iz80 = {:.2}x",
            self.frames,
            self.fast.describe(),
            per_second(&self.fast),
            self.reference.describe(),
            per_second(&self.reference),
            self.speed_up()
        )
    }
}

/// `frames` frames of copies of `ace`, on the fast path and on the reference path, three
/// times each, alternating; the run with the least CPU time of each kept.
pub fn measure_paths(ace: &Ace, frames: u32) -> PathResult {
    let mut fast: Option<Timed> = None;
    let mut reference: Option<Timed> = None;
    for _ in 0..3 {
        for on in [true, false] {
            let mut copy = ace.duplicate(None);
            copy.set_fast_path(on);
            let ((), timed) = Timed::measure(|| measured_frames(&mut copy, frames));
            let best = if on { &mut fast } else { &mut reference };
            *best = Some(best.map_or(timed, |b| b.better(timed)));
        }
    }
    PathResult {
        frames,
        fast: fast.expect("three runs"),
        reference: reference.expect("three runs"),
    }
}

/// A ROM left running headless (idle at its prompt, say), as `aceemu run --headless`
/// runs it: no sound rendered, nothing typed.
#[derive(Debug, Clone)]
pub struct IdleResult {
    pub frames: u32,
    pub timed: Timed,
}

impl IdleResult {
    /// Frames per CPU second.
    pub fn frames_per_second(&self) -> f64 {
        f64::from(self.frames) / self.timed.cpu.as_secs_f64()
    }

    pub fn report(&self, name: &str) -> String {
        format!(
            "{name}, left running headless: {} frames in {} = {:.0} frames/s = {:.0}x real time",
            self.frames,
            self.timed.describe(),
            self.frames_per_second(),
            emulated_seconds(self.frames) / self.timed.cpu.as_secs_f64()
        )
    }
}

/// `rom` in a 51 K Ace left running for `frames` frames, three times, the run with the
/// least CPU time kept.
pub fn measure_rom(rom: &[u8], frames: u32) -> anyhow::Result<IdleResult> {
    let mut best: Option<Timed> = None;
    for _ in 0..3 {
        let mut ace = Ace::new(rom, RamSize::K51)?;
        let ((), timed) = Timed::measure(|| ace.run_frames(frames));
        best = Some(best.map_or(timed, |b| b.better(timed)));
    }
    Ok(IdleResult {
        frames,
        timed: best.expect("three runs"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_time_more_than_a_fifth_off_the_cpu_time_is_flagged() {
        let timed = |cpu_ms, wall_ms| Timed {
            cpu: Duration::from_millis(cpu_ms),
            wall: Duration::from_millis(wall_ms),
        };
        assert!(!timed(1000, 1000).disturbed());
        assert!(!timed(1000, 1200).disturbed());
        assert!(timed(1000, 1201).disturbed());
        assert!(timed(1000, 790).disturbed());
        assert!(timed(1000, 3000).describe().contains("busy"));
    }

    /// The process's CPU time takes in this thread's work. (Whether it leaves out sleep
    /// cannot be checked here: the other tests run in threads of the same process, and
    /// their work counts too, so the check was flaky on a busy machine.)
    #[cfg(unix)]
    #[test]
    fn cpu_time_counts_the_work_done() {
        let thread_cpu = || {
            let mut ts = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: clock_gettime writes one timespec into the pointer it is given.
            assert_eq!(
                unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) },
                0
            );
            Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
        };
        let (_, timed) = Timed::measure(|| {
            let start = thread_cpu();
            let mut x = 1u64;
            while thread_cpu() - start < Duration::from_millis(50) {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        });
        assert!(timed.cpu >= Duration::from_millis(50), "{timed:?}");
        assert!(timed.wall >= Duration::from_millis(50), "{timed:?}");
    }

    #[test]
    fn workload_counts_rounds_on_both_cores() {
        let r = measure(5);
        assert!(r.rounds > 100, "{r:?}");
        // The loop round costs the same documented time on the machine every frame:
        // 5 frames give the same count as 5 × one frame within a round per frame.
        let one = measure(1).rounds;
        assert!(
            (r.rounds as i64 - 5 * one as i64).abs() <= 5,
            "{} vs {}",
            r.rounds,
            one
        );
    }
}
