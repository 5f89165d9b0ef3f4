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

/// The measured numbers.
#[derive(Debug, Clone)]
pub struct BenchResult {
    pub frames: u32,
    pub rounds: u32,
    pub machine_time: Duration,
    pub bare_time: Duration,
}

impl BenchResult {
    /// Emulated time / wall time of the whole machine.
    pub fn real_time_multiple(&self) -> f64 {
        let emulated = f64::from(self.frames) * FRAME_TSTATES as f64 / CPU_HZ as f64;
        emulated / self.machine_time.as_secs_f64()
    }

    /// Machine speed as a fraction of the bare core's (1.0 = no overhead).
    pub fn machine_to_bare(&self) -> f64 {
        self.bare_time.as_secs_f64() / self.machine_time.as_secs_f64()
    }

    pub fn report(&self) -> String {
        format!(
            "workload: Forth-like threaded code (IX variables, JP (IY)), {} frames = {:.1} s emulated, {} loop rounds\n\
             whole machine: {:.3} s wall = {:.1}x real time\n\
             bare iz80 on 64 KB, same rounds: {:.3} s wall\n\
             machine speed / bare core speed = {:.2} ({:.0}% of the bare core)",
            self.frames,
            f64::from(self.frames) * 0.019968,
            self.rounds,
            self.machine_time.as_secs_f64(),
            self.real_time_multiple(),
            self.bare_time.as_secs_f64(),
            self.machine_to_bare(),
            100.0 * self.machine_to_bare()
        )
    }
}

/// Runs the workload for `frames` frames on the machine, then the same number of loop
/// rounds on the bare core; three times, alternating, keeping the fastest of each (the
/// least disturbed by anything else running on the computer).
pub fn measure(frames: u32) -> BenchResult {
    let rom = workload();
    let mut best: Option<BenchResult> = None;
    for _ in 0..3 {
        let r = measure_once(&rom, frames);
        best = Some(match best {
            None => r,
            Some(b) => BenchResult {
                machine_time: b.machine_time.min(r.machine_time),
                bare_time: b.bare_time.min(r.bare_time),
                ..b
            },
        });
    }
    best.expect("three runs")
}

fn measure_once(rom: &TestRom, frames: u32) -> BenchResult {
    let (rounds, machine_time) = run_machine(rom, frames);
    let bare_time = run_bare(rom, rounds);
    BenchResult {
        frames,
        rounds,
        machine_time,
        bare_time,
    }
}

/// The machine part alone: loop rounds done in `frames` frames, and the wall time.
pub fn run_machine(rom: &TestRom, frames: u32) -> (u32, Duration) {
    let mut ace = rom.boot(RamSize::K3);
    let start = Instant::now();
    ace.run_frames(frames);
    let machine_time = start.elapsed();
    (counter(|a| ace.peek(a)), machine_time)
}

/// The bare-core part alone: wall time for `rounds` loop rounds.
pub fn run_bare(rom: &TestRom, rounds: u32) -> Duration {
    let mut mem = PlainMachine::new();
    for (i, &b) in rom.bytes().iter().enumerate() {
        mem.poke(i as u16, b);
    }
    let mut cpu = Cpu::new();
    let start = Instant::now();
    loop {
        for _ in 0..1000 {
            cpu.execute_instruction(&mut mem);
        }
        if counter(|a| mem.peek(a)) >= rounds {
            break;
        }
    }
    start.elapsed()
}

/// Real-time multiple of an arbitrary ROM left running for `frames` frames (e.g. the
/// ROM idling at its prompt).
pub fn measure_rom(rom: &[u8], frames: u32) -> anyhow::Result<f64> {
    let mut ace = Ace::new(rom, RamSize::K51)?;
    let start = Instant::now();
    ace.run_frames(frames);
    let wall = start.elapsed().as_secs_f64();
    Ok(f64::from(frames) * 0.019968 / wall)
}

#[cfg(test)]
mod tests {
    use super::*;

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
