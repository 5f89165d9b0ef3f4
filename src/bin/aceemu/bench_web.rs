//! The native side of the web page's benchmark (`web/tests/bench.mjs`): the same workload
//! the page runs, step for step, timed by the process's CPU time.
//!
//! The page's `run_frames` runs each frame as `aceweb::Emulator::run_frame`: the key
//! player (nothing queued here), the machine's frame, then the frame's sound taken at
//! 44.1 kHz. This does the same with acecore directly, so the two sides do the same work;
//! both print a hash of the 64 KB the CPU sees and the frame count after the run, and
//! the bench refuses to compare runs whose hashes differ.

use acecore::machine::{Ace, RamSize};
use aceemu::frontend::bench::{Timed, BUSY_FORTH};

/// One of the workloads the page's bench runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workload {
    /// The open ROM running `aceemu bench`'s busy Forth loop, typed at the prompt.
    Busy,
    /// The open ROM idle at its prompt, 200 frames after power-on.
    Idle,
}

impl Workload {
    pub fn parse(name: &str) -> anyhow::Result<Workload> {
        match name {
            "busy" => Ok(Workload::Busy),
            "idle" => Ok(Workload::Idle),
            _ => anyhow::bail!("the web workloads are busy and idle, not {name:?}"),
        }
    }
}

/// A frame as the page runs it: the machine's frame, then its sound taken.
fn page_frame(ace: &mut Ace, sound: &mut Vec<f32>) {
    ace.run_frame();
    sound.clear();
    ace.take_audio_into(sound);
}

/// The machine ready for the measured frames, as `web/tests/bench.mjs` prepares it.
fn prepared(workload: Workload, sound: &mut Vec<f32>) -> anyhow::Result<Ace> {
    let mut ace = Ace::new(aceemu::rom::open::open_rom(), RamSize::K51)?;
    match workload {
        Workload::Busy => {
            ace.type_text(BUSY_FORTH);
            for _ in 0..2000 {
                if ace.typing_done() {
                    break;
                }
                page_frame(&mut ace, sound);
            }
            anyhow::ensure!(ace.typing_done(), "the busy Forth loop was not typed in");
            (0..50).for_each(|_| page_frame(&mut ace, sound));
        }
        Workload::Idle => (0..200).for_each(|_| page_frame(&mut ace, sound)),
    }
    Ok(ace)
}

/// FNV-1a (32 bits) of the 64 KB the CPU sees: the page computes the same over the same
/// bytes, so equal hashes say both sides ran the same instructions.
fn memory_hash(ace: &Ace) -> u32 {
    fnv1a(&ace.read_bytes(0, 0x10000))
}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// Prepares `workload`, runs `frames` frames as the page does, and returns one line for
/// the bench script: `frames=N cpu=S wall=S frame_count=F memory=HASH`.
pub fn run(workload: Workload, frames: u32) -> anyhow::Result<String> {
    let mut sound = Vec::new();
    let mut ace = prepared(workload, &mut sound)?;
    let ((), timed) = Timed::measure(|| {
        for _ in 0..frames {
            page_frame(&mut ace, &mut sound);
        }
    });
    Ok(format!(
        "frames={frames} cpu={:.6} wall={:.6} frame_count={} memory={:08x}",
        timed.cpu.as_secs_f64(),
        timed.wall.as_secs_f64(),
        ace.frame_count(),
        memory_hash(&ace)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FNV-1a's published test vectors for 32 bits (the page's copy is checked against the
    /// same two by the bench script).
    #[test]
    fn fnv1a_matches_the_published_vectors() {
        assert_eq!(fnv1a(b""), 0x811c_9dc5);
        assert_eq!(fnv1a(b"a"), 0xe40c_292c);
        assert_eq!(fnv1a(b"foobar"), 0xbf9c_f968);
    }

    #[test]
    fn both_workloads_run_and_the_busy_loop_changes_memory() {
        let line = run(Workload::Busy, 5).unwrap();
        assert!(line.starts_with("frames=5 cpu="), "{line}");
        let again = run(Workload::Busy, 5).unwrap();
        let tail = |l: &str| l.split(" frame_count=").nth(1).unwrap().to_string();
        assert_eq!(
            tail(&line),
            tail(&again),
            "the same run gives the same state"
        );
        assert_ne!(tail(&line), tail(&run(Workload::Busy, 6).unwrap()));
        assert!(run(Workload::Idle, 5).unwrap().contains("frame_count="));
        assert!(Workload::parse("maze").is_err());
    }
}
