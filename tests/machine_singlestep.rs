//! The Z80 against the public SingleStepTests z80 suite (v1, MIT licence: see
//! `tests/data/z80-sst/`): each test gives the whole CPU state and the memory before and
//! after one instruction, its port accesses and its bus cycles. Every test runs ONE
//! instruction through the machine's own instruction path ([`FlatMachine`]) and every
//! field is compared: the registers, all eight flag bits, memory, the ports (address,
//! value, direction and the T-state of the access), R, IFF1/IFF2/IM, the T-states, and the
//! hidden state (MEMPTR/WZ, Q, "last was EI", "last was LD A,I/R").
//!
//! * `singlestep_subset` runs the first 10 tests of every file (16,040 tests), kept in
//!   `tests/data/z80-sst/first10.json.gz` (made by `convert.py` there).
//! * `singlestep_full_suite` (ignored: run with `--ignored`) runs the whole suite from a
//!   checkout of `SingleStepTests/z80`: set `Z80_SST_DIR` to its `v1` folder.

use aceemu::machine::testing::{FlatMachine, PortAccess, Z80State};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct State {
    pc: u16,
    sp: u16,
    a: u8,
    b: u8,
    c: u8,
    d: u8,
    e: u8,
    f: u8,
    h: u8,
    l: u8,
    i: u8,
    r: u8,
    ei: u8,
    wz: u16,
    ix: u16,
    iy: u16,
    af_: u16,
    bc_: u16,
    de_: u16,
    hl_: u16,
    im: u8,
    p: u8,
    q: u8,
    iff1: u8,
    iff2: u8,
    ram: Vec<(u16, u8)>,
}

impl State {
    fn z80(&self) -> Z80State {
        Z80State {
            a: self.a,
            f: self.f,
            b: self.b,
            c: self.c,
            d: self.d,
            e: self.e,
            h: self.h,
            l: self.l,
            i: self.i,
            r: self.r,
            pc: self.pc,
            sp: self.sp,
            ix: self.ix,
            iy: self.iy,
            af_: self.af_,
            bc_: self.bc_,
            de_: self.de_,
            hl_: self.hl_,
            wz: self.wz,
            iff1: self.iff1 != 0,
            iff2: self.iff2 != 0,
            im: self.im,
            ei: self.ei != 0,
            p: self.p != 0,
            q: self.q,
        }
    }
}

/// One bus cycle of the suite's own files: [address, data, "rwmi" flags].
type Cycle = (Option<u16>, Option<u8>, String);

#[derive(Deserialize)]
struct Test {
    name: String,
    initial: State,
    #[serde(rename = "final")]
    expected: State,
    #[serde(default)]
    ports: Vec<(u16, u8, String)>,
    /// The suite's own files: one entry per T-state, [address, data, "rwmi" flags].
    #[serde(default)]
    cycles: Option<Vec<Cycle>>,
    /// The subset's compact form of `cycles`: its length...
    #[serde(default)]
    tstates: Option<u64>,
    /// ... and the index of the first cycle flagged "i" (the port access).
    #[serde(default)]
    io_t: Option<u64>,
}

impl Test {
    fn tstates(&self) -> u64 {
        match &self.cycles {
            Some(cycles) => cycles.len() as u64,
            None => self.tstates.expect("tstates or cycles"),
        }
    }

    fn io_t(&self) -> Option<u64> {
        match &self.cycles {
            Some(cycles) => cycles
                .iter()
                .position(|c| c.2.contains('i'))
                .map(|i| i as u64),
            None => self.io_t,
        }
    }

    /// The opcode part of the name ("DD CB __ 04 0003" -> "DD CB __ 04").
    fn opcode(&self) -> &str {
        self.name.rsplit_once(' ').map_or(&self.name, |(op, _)| op)
    }
}

/// The differences between what the machine did and what the test says, one line each.
fn run_one(machine: &mut FlatMachine, test: &Test) -> Vec<String> {
    let reads: Vec<u8> = test
        .ports
        .iter()
        .filter(|p| p.2 == "r")
        .map(|p| p.1)
        .collect();
    let out = machine.step(&test.initial.z80(), &test.initial.ram, &reads);
    let mut diffs = Vec::new();
    let got = out.state;
    let want = test.expected.z80();
    macro_rules! field {
        ($($name:ident),*) => {$(
            if got.$name != want.$name {
                diffs.push(format!(
                    "{}: {:X?}, expected {:X?}",
                    stringify!($name), got.$name, want.$name
                ));
            }
        )*};
    }
    field!(a, b, c, d, e, h, l, i, r, pc, sp, ix, iy, af_, bc_, de_, hl_);
    field!(wz, iff1, iff2, im, ei, p, q);
    if got.f != want.f {
        diffs.push(format!(
            "f: {:08b}, expected {:08b} (SZ5H3PNC)",
            got.f, want.f
        ));
    }
    for &(addr, value) in &test.expected.ram {
        let have = machine.peek(addr);
        if have != value {
            diffs.push(format!("ram[{addr:04X}]: {have:02X}, expected {value:02X}"));
        }
    }
    if out.tstates != test.tstates() {
        diffs.push(format!(
            "T-states: {}, expected {}",
            out.tstates,
            test.tstates()
        ));
    }
    let want_ports: Vec<PortAccess> = test
        .ports
        .iter()
        .map(|p| PortAccess {
            addr: p.0,
            value: p.1,
            write: p.2 == "w",
            // Only the first access of an instruction has its time in the compact subset;
            // every instruction in the suite makes at most one.
            t: test.io_t().unwrap_or(0),
        })
        .collect();
    if out.ports != want_ports {
        diffs.push(format!(
            "ports: {:X?}, expected {:X?}",
            out.ports, want_ports
        ));
    }
    diffs
}

/// Differences that stay, as (test name, difference): none.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

/// Runs `tests` and returns the failures as "name: difference" lines (known ones left
/// out) and the known differences that did not happen (a fix or a changed suite).
fn run_all(tests: &[Test]) -> (Vec<String>, Vec<String>) {
    let mut machine = FlatMachine::new();
    let mut failures = Vec::new();
    let mut seen_known = Vec::new();
    for test in tests {
        for diff in run_one(&mut machine, test) {
            if KNOWN_DIFFERENCES.contains(&(test.name.as_str(), diff.as_str())) {
                seen_known.push((test.name.clone(), diff));
            } else {
                failures.push(format!("{}: {}", test.name, diff));
            }
        }
    }
    let unseen = KNOWN_DIFFERENCES
        .iter()
        .filter(|(n, d)| {
            tests.iter().any(|t| t.name == *n)
                && !seen_known.iter().any(|(sn, sd)| sn == n && sd == d)
        })
        .map(|(n, d)| format!("{n}: {d}"))
        .collect();
    (failures, unseen)
}

/// A summary for a failed run: failures per opcode, then the first lines.
fn summary(tests: &[Test], failures: &[String]) -> String {
    let mut per_opcode: BTreeMap<&str, usize> = BTreeMap::new();
    for test in tests {
        let op = test.opcode();
        if failures.iter().any(|f| f.starts_with(&format!("{} ", op))) {
            *per_opcode.entry(op).or_default() += 0;
        }
    }
    for f in failures {
        let name = f.split(':').next().unwrap_or("");
        let op = name.rsplit_once(' ').map_or(name, |(op, _)| op);
        if let Some(n) = per_opcode.get_mut(op) {
            *n += 1;
        }
    }
    let ops: Vec<String> = per_opcode
        .iter()
        .map(|(op, n)| format!("{op} ({n})"))
        .collect();
    let shown: Vec<&str> = failures.iter().take(60).map(String::as_str).collect();
    format!(
        "{} differences in {} opcodes: {}\n{}",
        failures.len(),
        ops.len(),
        ops.join(", "),
        shown.join("\n")
    )
}

fn load_subset() -> Vec<Test> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/z80-sst/first10.json.gz");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_reader(std::io::BufReader::new(flate2::read::GzDecoder::new(file)))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn singlestep_subset() {
    let tests = load_subset();
    assert_eq!(tests.len(), 16_040, "the first 10 tests of 1,604 files");
    let (failures, unseen) = run_all(&tests);
    assert!(failures.is_empty(), "{}", summary(&tests, &failures));
    assert!(
        unseen.is_empty(),
        "known differences that no longer happen (remove them):\n{}",
        unseen.join("\n")
    );
}

/// The whole suite (1,604 files of 1,000 tests, 1.4 GB): set `Z80_SST_DIR` to the `v1`
/// folder of a checkout of https://github.com/SingleStepTests/z80 (files `*.json`, or
/// `*.json.gz`). Skipped, with a message, when it is not set.
#[test]
#[ignore = "needs the full SingleStepTests z80 suite: set Z80_SST_DIR to its v1 folder"]
fn singlestep_full_suite() {
    let Some(dir) = std::env::var_os("Z80_SST_DIR") else {
        eprintln!("singlestep_full_suite skipped: Z80_SST_DIR is not set (see README)");
        return;
    };
    let dir = PathBuf::from(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.ends_with(".json") || name.ends_with(".json.gz")
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: no *.json files", dir.display());
    let mut total = 0usize;
    let mut all_failures = Vec::new();
    for path in &files {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let reader: Box<dyn std::io::Read> = if path.extension().is_some_and(|e| e == "gz") {
            Box::new(flate2::read::GzDecoder::new(file))
        } else {
            Box::new(file)
        };
        let tests: Vec<Test> = serde_json::from_reader(std::io::BufReader::new(reader))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        total += tests.len();
        let (failures, _) = run_all(&tests);
        if !failures.is_empty() {
            all_failures.push(summary(&tests, &failures));
        }
    }
    eprintln!("{total} tests in {} files", files.len());
    assert!(
        all_failures.is_empty(),
        "{} files with differences:\n{}",
        all_failures.len(),
        all_failures.join("\n")
    );
}
