//! The Forth speed benchmark of `shared/spec/forth-speed.md` (copied in
//! `tests/data/spec/forth-speed.md`): 13 definitions of `T`, each timed in emulated frames
//! with the FRAMES system variable exactly as the spec measured the original ROM, and the
//! outer interpreter's rows 14-19 (typed lines that look words up, convert and compile
//! numbers), so the open ROM's frames can be set beside the original's. Deterministic: the frames come from
//! the emulated machine, not from the host's clock.

use crate::machine::{Ace, RamSize};

/// One benchmark row: the lines that define `T` and the frames the original ROM takes.
#[derive(Debug, Clone, Copy)]
pub struct ForthBench {
    pub row: u32,
    pub definition: &'static str,
    pub original_frames: u32,
}

/// The rows of forth-speed.md, with the original ROM's frames measured there.
pub const BENCHMARKS: [ForthBench; 13] = [
    ForthBench {
        row: 1,
        definition: ": T 0 10000 0 DO I + LOOP DROP ;",
        original_frames: 248,
    },
    ForthBench {
        row: 2,
        definition: ": T 0 2000 0 DO 10 0 DO I J * + LOOP LOOP DROP ;",
        original_frames: 1512,
    },
    ForthBench {
        row: 3,
        definition: ": T 1 3000 0 DO 7 * 13 + 1000 MOD LOOP DROP ;",
        original_frames: 1189,
    },
    ForthBench {
        row: 4,
        definition: ": T 300 0 DO 100 0 DO LOOP LOOP ;",
        original_frames: 190,
    },
    ForthBench {
        row: 5,
        definition: ": T 100 0 DO 200 0 DO 1 2 SWAP OVER DROP DROP DROP LOOP LOOP ;",
        original_frames: 1932,
    },
    ForthBench {
        row: 6,
        definition: ": T 2000 0 DO 65 EMIT LOOP ;",
        original_frames: 64,
    },
    ForthBench {
        row: 7,
        definition: "0 VARIABLE V : T 5000 0 DO V @ 1+ V ! LOOP ;",
        original_frames: 242,
    },
    ForthBench {
        row: 8,
        definition: ": F DUP 2 < IF DROP 1 ELSE DUP 1- F * THEN ; : T 300 0 DO 7 F DROP LOOP ;",
        original_frames: 229,
    },
    ForthBench {
        row: 9,
        definition: "20000 CONSTANT A : T 3000 0 DO I 255 AND A I + C! A I + C@ DROP LOOP ;",
        original_frames: 334,
    },
    ForthBench {
        row: 10,
        definition: ": T 5000 BEGIN 1- DUP 0= UNTIL DROP ;",
        original_frames: 162,
    },
    ForthBench {
        row: 11,
        definition: ": T 30 0 DO 0 0 AT 32 0 DO 42 EMIT LOOP LOOP ;",
        original_frames: 28,
    },
    ForthBench {
        row: 12,
        definition: ": T 40 0 DO 46 0 DO I J 1 PLOT LOOP LOOP ;",
        original_frames: 90,
    },
    ForthBench {
        row: 13,
        definition: ": E ; : T 10000 0 DO E LOOP ;",
        original_frames: 91,
    },
];

/// One row of the outer interpreter's table (forth-speed.md rows 14-19): the line typed is
/// `prefix`, then `group` written `times` times separated by spaces, then `suffix`.
#[derive(Debug, Clone, Copy)]
pub struct LineBench {
    pub row: u32,
    pub prefix: &'static str,
    pub group: &'static str,
    pub times: usize,
    pub suffix: &'static str,
    pub original_frames: u32,
}

impl LineBench {
    /// The whole line as typed.
    pub fn line(&self) -> String {
        let groups = vec![self.group; self.times].join(" ");
        format!("{} {groups} {}", self.prefix, self.suffix)
    }
}

/// Rows 14-19 of forth-speed.md, with the original ROM's frames.
pub const INTERPRETER: [LineBench; 6] = [
    LineBench {
        row: 14,
        prefix: "15403 @",
        group: "DUP DROP",
        times: 25,
        suffix: "15403 @ SWAP - .",
        original_frames: 28,
    },
    LineBench {
        row: 15,
        prefix: "15403 @",
        group: "1234 DROP",
        times: 25,
        suffix: "15403 @ SWAP - .",
        original_frames: 65,
    },
    LineBench {
        row: 16,
        prefix: "15403 @",
        group: "-7 DROP",
        times: 25,
        suffix: "15403 @ SWAP - .",
        original_frames: 46,
    },
    LineBench {
        row: 17,
        prefix: "15403 @ : T1",
        group: "DUP DROP",
        times: 25,
        suffix: "; 15403 @ SWAP - .",
        original_frames: 34,
    },
    LineBench {
        row: 18,
        prefix: "15403 @ : T2",
        group: "1234 DROP",
        times: 25,
        suffix: "; 15403 @ SWAP - .",
        original_frames: 72,
    },
    LineBench {
        row: 19,
        prefix: "15403 @ : T3",
        group: "1.5 FNEGATE",
        times: 10,
        suffix: "; 15403 @ SWAP - .",
        original_frames: 20,
    },
];

/// Frames `rom` takes for one outer-interpreter row on a freshly booted 51 K Ace: the line
/// is typed right after a `CLS` line of its own, as the spec measured it.
pub fn measure_line(rom: &[u8], bench: &LineBench) -> anyhow::Result<u32> {
    let mut ace = Ace::new(rom, RamSize::K51)?;
    run_line(&mut ace, "", 200)?;
    run_line(&mut ace, "CLS", 200)?;
    run_line(&mut ace, &bench.line(), 20 * bench.original_frames + 2000)?;
    last_number(&ace, bench.row)
}

/// The line that times `T` (15403 = FRAMES, low word).
pub const TIMING_LINE: &str = "15403 @ T 15403 @ SWAP - .";

/// Frames `rom` takes for one benchmark on a freshly booted 51 K Ace, or an error saying
/// what went wrong (the ROM did not come back to its prompt, printed no number).
pub fn measure(rom: &[u8], bench: &ForthBench) -> anyhow::Result<u32> {
    let mut ace = Ace::new(rom, RamSize::K51)?;
    run_line(&mut ace, "", 200)?;
    run_line(&mut ace, "CLS", 200)?;
    run_line(&mut ace, bench.definition, 2000)?;
    run_line(&mut ace, "CLS", 200)?;
    run_line(&mut ace, TIMING_LINE, 20 * bench.original_frames + 2000)?;
    last_number(&ace, bench.row)
}

/// The frame count the timing line printed: the echo is "... 15403 @ SWAP - . N  OK", so
/// the last number on the screen but the address.
fn last_number(ace: &Ace, row: u32) -> anyhow::Result<u32> {
    let text = ace.screen_text();
    text.split_whitespace()
        .rev()
        .filter_map(|t| t.parse::<u32>().ok())
        .find(|&n| n != 15403)
        .ok_or_else(|| anyhow::anyhow!("row {row}: no frame count on the screen:\n{text}"))
}

/// Types `line` (and ENTER) and runs until the ROM waits for input again: at most
/// `max_frames` frames plus time for the typing, so a ROM that never reads the keyboard
/// or never comes back is an error, not a hang.
fn run_line(ace: &mut Ace, line: &str, max_frames: u32) -> anyhow::Result<()> {
    ace.type_text(line);
    ace.type_text("\n");
    let limit = max_frames + 300 + 20 * line.len() as u32;
    for _ in 0..limit {
        ace.run_frame();
        if ace.typing_done() && waiting_for_input(ace) {
            return Ok(());
        }
    }
    anyhow::bail!(
        "{line:?}: the ROM did not come back to its prompt in {limit} frames:\n{}",
        ace.screen_text()
    )
}

/// True while the ROM waits in QUERY for a line (STATIN bit 0: the line editor is on).
fn waiting_for_input(ace: &Ace) -> bool {
    ace.peek(0x3C28) & 1 != 0
}

/// A table of open-ROM frames, original frames and their ratio, one row per benchmark.
pub fn report(rom: &[u8]) -> anyhow::Result<String> {
    let mut out = String::from(" # | this ROM | original | ratio | definition of T\n");
    let mut worst: (f64, f64) = (f64::MAX, 0.0);
    for bench in &BENCHMARKS {
        let frames = measure(rom, bench)?;
        let ratio = f64::from(frames) / f64::from(bench.original_frames);
        worst = (worst.0.min(ratio), worst.1.max(ratio));
        out += &format!(
            "{:2} | {frames:8} | {:8} | {ratio:5.2} | {}\n",
            bench.row, bench.original_frames, bench.definition
        );
    }
    out += &format!(
        "ratio range {:.2} .. {:.2} (aim: 0.95 .. 1.05)\n",
        worst.0, worst.1
    );
    let mut worst: (f64, f64) = (f64::MAX, 0.0);
    for bench in &INTERPRETER {
        let frames = measure_line(rom, bench)?;
        let ratio = f64::from(frames) / f64::from(bench.original_frames);
        worst = (worst.0.min(ratio), worst.1.max(ratio));
        out += &format!(
            "{:2} | {frames:8} | {:8} | {ratio:5.2} | {} ({} x {}) {}\n",
            bench.row, bench.original_frames, bench.prefix, bench.group, bench.times, bench.suffix
        );
    }
    out += &format!(
        "outer interpreter ratio range {:.2} .. {:.2} (aim: 0.9 .. 1.1)",
        worst.0, worst.1
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_timing_line_prints_a_frame_count_that_is_read_back() {
        // row 6 is the shortest; the count must be found on the screen (not a timing test)
        let frames = measure(crate::rom::open::open_rom(), &BENCHMARKS[5]).unwrap();
        assert!((1..1000).contains(&frames), "{frames}");
    }

    #[test]
    fn an_outer_interpreter_row_is_the_spec_line() {
        assert_eq!(
            INTERPRETER[5].line(),
            "15403 @ : T3 1.5 FNEGATE 1.5 FNEGATE 1.5 FNEGATE 1.5 FNEGATE 1.5 FNEGATE \
             1.5 FNEGATE 1.5 FNEGATE 1.5 FNEGATE 1.5 FNEGATE 1.5 FNEGATE ; 15403 @ SWAP - ."
        );
        let frames = measure_line(crate::rom::open::open_rom(), &INTERPRETER[0]).unwrap();
        assert!((1..1000).contains(&frames), "{frames}");
    }

    #[test]
    fn a_rom_that_never_reads_the_keyboard_is_an_error_not_a_hang() {
        let halting = [0x76u8; 8192]; // HALT everywhere, interrupts off
        let err = measure(&halting, &BENCHMARKS[5]).unwrap_err();
        assert!(err.to_string().contains("did not come back"), "{err}");
    }
}
