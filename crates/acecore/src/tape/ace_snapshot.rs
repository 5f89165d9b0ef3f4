//! `.ace` snapshots (ace-hardware.md section 8): memory from 0x2000 to the top of RAM,
//! compressed with `ED nn bb` runs and ended by `ED 00`; the registers live in the page at
//! 0x2000-0x23FF as 32-bit little-endian values. Parsing and writing go through the neutral
//! [`AceSnapshot`]; [`super::snapshot_machine`] puts it into a machine and takes it out.

use std::fmt;

/// First address stored.
pub const BASE: u16 = 0x2000;
const RAMTOP_AT: usize = 0x0080;
const REGS_AT: usize = 0x0100;
const MAX_RUN: usize = 240;

/// The Z80 state kept in a snapshot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Registers {
    pub af: u16,
    pub bc: u16,
    pub de: u16,
    pub hl: u16,
    pub ix: u16,
    pub iy: u16,
    pub sp: u16,
    pub pc: u16,
    pub af_alt: u16,
    pub bc_alt: u16,
    pub de_alt: u16,
    pub hl_alt: u16,
    pub im: u8,
    pub iff1: bool,
    pub iff2: bool,
    pub i: u8,
    pub r: u8,
}

/// A snapshot: memory from 0x2000 up to `ram_top` (exclusive) and the registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AceSnapshot {
    /// 0x4000 (3 KB), 0x8000 (19 KB) or 0xC000 (35 KB).
    pub ram_top: u32,
    /// Memory from 0x2000; the register page 0x2000-0x23FF is included as stored.
    pub memory: Vec<u8>,
    pub regs: Registers,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnapshotProblem {
    /// The data ends without the `ED 00` end marker (inside a run, or before it).
    Truncated,
    /// The expanded image is not 8, 24 or 40 KB.
    BadSize(usize),
    /// More bytes than the largest configuration.
    TooLarge,
    /// The snapshot needs more RAM than the machine has.
    NeedsMoreRam { needs_top: u32, have_top: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotError {
    pub file: String,
    /// Byte offset in the file where the problem was noticed.
    pub offset: usize,
    pub problem: SnapshotProblem,
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: at byte offset {}: ", self.file, self.offset)?;
        match &self.problem {
            SnapshotProblem::Truncated => write!(f, "snapshot ends without its ED 00 end marker"),
            SnapshotProblem::BadSize(n) => write!(
                f,
                "memory image is {n} bytes; expected 8192, 24576 or 40960 (3, 19 or 35 KB)"
            ),
            SnapshotProblem::TooLarge => write!(f, "memory image larger than 40960 bytes"),
            SnapshotProblem::NeedsMoreRam {
                needs_top,
                have_top,
            } => write!(
                f,
                "snapshot needs RAM up to 0x{needs_top:04X} but the machine's RAM ends at 0x{have_top:04X}; start it with more RAM"
            ),
        }
    }
}

impl std::error::Error for SnapshotError {}

fn get32(m: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([m[at], m[at + 1], m[at + 2], m[at + 3]])
}

fn put32(m: &mut [u8], at: usize, v: u32) {
    m[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

impl AceSnapshot {
    /// Reads a snapshot. `ED 01 b` is one literal byte, as everywhere.
    pub fn parse(bytes: &[u8], file: &str) -> Result<AceSnapshot, SnapshotError> {
        let err = |offset, problem| SnapshotError {
            file: file.into(),
            offset,
            problem,
        };
        let mut memory = Vec::with_capacity(0xA000);
        let mut i = 0;
        loop {
            let b = match bytes.get(i) {
                Some(&b) => b,
                None => return Err(err(i, SnapshotProblem::Truncated)),
            };
            if b != 0xED {
                memory.push(b);
                i += 1;
            } else {
                let count = match bytes.get(i + 1) {
                    Some(&count) => count,
                    None => return Err(err(i, SnapshotProblem::Truncated)),
                };
                if count == 0 {
                    break;
                }
                let value = match bytes.get(i + 2) {
                    Some(&value) => value,
                    None => return Err(err(i, SnapshotProblem::Truncated)),
                };
                memory.extend(std::iter::repeat(value).take(count as usize));
                i += 3;
            }
            if memory.len() > 0xA000 {
                return Err(err(i, SnapshotProblem::TooLarge));
            }
        }
        let ram_top = match memory.len() {
            0x2000 => 0x4000,
            0x6000 => 0x8000,
            0xA000 => 0xC000,
            n => return Err(err(i, SnapshotProblem::BadSize(n))),
        };
        let m = &memory;
        let r = |k: usize| get32(m, REGS_AT + 4 * k);
        let regs = Registers {
            af: r(0) as u16,
            bc: r(1) as u16,
            de: r(2) as u16,
            hl: r(3) as u16,
            ix: r(4) as u16,
            iy: r(5) as u16,
            sp: r(6) as u16,
            pc: r(7) as u16,
            af_alt: r(8) as u16,
            bc_alt: r(9) as u16,
            de_alt: r(10) as u16,
            hl_alt: r(11) as u16,
            im: r(12) as u8,
            iff1: r(13) != 0,
            iff2: r(14) != 0,
            i: r(15) as u8,
            r: r(16) as u8,
        };
        Ok(AceSnapshot {
            ram_top,
            memory,
            regs,
        })
    }

    /// Whether the snapshot's RAM claim word looks trustworthy (low 14 bits clear), as
    /// MAME decides before using the registers.
    pub fn registers_trusted(&self) -> bool {
        get32(&self.memory, RAMTOP_AT) & 0x3FFF == 0
    }

    /// Refuses a snapshot that needs more RAM than a machine whose RAM ends at `have_top`.
    pub fn check_fits(&self, have_top: u32, file: &str) -> Result<(), SnapshotError> {
        if self.ram_top > have_top {
            return Err(SnapshotError {
                file: file.into(),
                offset: 0,
                problem: SnapshotProblem::NeedsMoreRam {
                    needs_top: self.ram_top,
                    have_top,
                },
            });
        }
        Ok(())
    }

    /// The file: register page filled in from `regs` and `ram_top`, then compressed with
    /// runs of at most 240 and every 0xED stored as a run.
    pub fn write(&self) -> Vec<u8> {
        let mut memory = self.memory.clone();
        memory.resize((self.ram_top as usize).saturating_sub(BASE as usize), 0);
        if memory.len() >= REGS_AT + 17 * 4 {
            put32(&mut memory, RAMTOP_AT, self.ram_top);
            let g = &self.regs;
            let values = [
                g.af as u32,
                g.bc as u32,
                g.de as u32,
                g.hl as u32,
                g.ix as u32,
                g.iy as u32,
                g.sp as u32,
                g.pc as u32,
                g.af_alt as u32,
                g.bc_alt as u32,
                g.de_alt as u32,
                g.hl_alt as u32,
                g.im as u32,
                g.iff1 as u32,
                g.iff2 as u32,
                g.i as u32,
                g.r as u32,
            ];
            for (k, v) in values.into_iter().enumerate() {
                put32(&mut memory, REGS_AT + 4 * k, v);
            }
        }
        compress(&memory)
    }
}

/// The `.ace` run-length compression, ending with `ED 00`.
pub fn compress(memory: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(memory.len() / 2);
    let mut i = 0;
    while i < memory.len() {
        let b = memory[i];
        let run = memory[i..]
            .iter()
            .take(MAX_RUN)
            .take_while(|&&x| x == b)
            .count();
        if run > 3 || b == 0xED {
            out.extend([0xED, run as u8, b]);
        } else {
            out.extend(std::iter::repeat(b).take(run));
        }
        i += run;
    }
    out.extend([0xED, 0x00]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_literal_ed_follow_the_spec() {
        assert_eq!(compress(&[1, 0xED, 2]), vec![1, 0xED, 1, 0xED, 2, 0xED, 0]);
        let long = vec![7u8; 500];
        assert_eq!(
            compress(&long),
            vec![0xED, 240, 7, 0xED, 240, 7, 0xED, 20, 7, 0xED, 0]
        );
    }

    #[test]
    fn snapshot_round_trips_and_refuses_small_machines() {
        let mut memory = vec![0u8; 0x6000];
        memory[0x1C51] = 0xC1;
        let snap = AceSnapshot {
            ram_top: 0x8000,
            memory,
            regs: Registers {
                pc: 0x1234,
                sp: 0x7FF0,
                im: 1,
                iff1: true,
                ..Registers::default()
            },
        };
        let back = AceSnapshot::parse(&snap.write(), "s.ace").unwrap();
        assert_eq!(back.regs, snap.regs);
        assert_eq!(back.memory[0x1C51], 0xC1);
        assert!(back.registers_trusted());
        let e = back.check_fits(0x4000, "s.ace").unwrap_err();
        assert!(e.to_string().contains("0x8000"), "{e}");
        assert!(back.check_fits(0xC000, "s.ace").is_ok());
    }
}
