//! `aceemu::rom::compat` on the built open ROM, checked against a computation of its own:
//! the test reads tests/data/spec/rom-words.tsv itself, walks the open ROM's dictionary with
//! the test helpers' walker (openrom_support), looks runtime words up by a label table of its
//! own, and reads the bytes at every address the report calls kept.

mod common;
mod openrom_support;
use aceemu::rom::compat::{self, Category, Status};
use aceemu::rom::open::{open_rom, open_rom_symbol};
use openrom_support::*;
use std::collections::HashMap;

fn spec_tsv() -> String {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/spec/rom-words.tsv");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// (name, cfa, kind) of every table row of the fact sheet.
fn spec_rows() -> Vec<(String, u16, String)> {
    spec_tsv()
        .lines()
        .filter(|l| !l.starts_with("# ") && !l.starts_with("name\t"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                u16::from_str_radix(f[1], 16).unwrap(),
                f[2].to_string(),
            )
        })
        .collect()
}

#[test]
fn the_embedded_table_is_the_fact_sheet_copy() {
    let embedded = include_str!("../src/rom/rom-words.tsv");
    let (first, rest) = embedded.split_once('\n').unwrap();
    assert!(first.starts_with("# Copied from"), "{first}");
    assert_eq!(rest, spec_tsv());
}

#[test]
fn word_counts_are_what_a_direct_walk_finds() {
    let report = compat::open_rom_report();
    let ours: HashMap<String, u16> = rom_dictionary()
        .into_iter()
        .map(|w| (w.name, w.cfa))
        .collect();
    let (mut kept, mut moved, mut missing, mut total) = (0, 0, 0, 0);
    for (name, cfa, kind) in spec_rows() {
        let is_word = !kind.starts_with("runtime")
            && !kind.starts_with("code routine")
            && !kind.starts_with("internal");
        if !is_word || name == "FORTH" {
            continue; // FORTH lives in RAM: checked below by booting
        }
        total += 1;
        match ours.get(&name) {
            Some(&c) if c == cfa => kept += 1,
            Some(_) => moved += 1,
            None => missing += 1,
        }
    }
    assert_eq!(total, 141);
    // FORTH is made at reset: its CFA is 0x3C4A when RAM holds its header there.
    let ace = boot();
    let forth_name: Vec<u8> = (0x3C40..0x3C45).map(|a| ace.peek(a)).collect();
    let forth_kept = forth_name == b"FORT\xC8" && ace.peek(0x3C49) & 0x3F == 5;
    assert!(forth_kept, "FORTH header in RAM: {forth_name:?}");
    let kept = kept + usize::from(forth_kept);
    assert_eq!(report.count(Category::Word), (kept, 142));
    let by_status = |s: fn(&Status) -> bool| {
        report
            .rows
            .iter()
            .filter(|r| r.category == Category::Word && s(&r.status))
            .count()
    };
    assert_eq!(by_status(|s| matches!(s, Status::Moved { .. })), moved);
    assert_eq!(by_status(|s| *s == Status::Missing), missing);
}

#[test]
fn runtime_counts_are_what_the_labels_give() {
    let report = compat::open_rom_report();
    let labels: HashMap<&str, &str> = compat::LABELS.iter().copied().collect();
    let (mut kept, mut total) = (0, 0);
    for (name, cfa, kind) in spec_rows() {
        if !kind.starts_with("runtime") {
            continue;
        }
        total += 1;
        let now = labels.get(name.as_str()).and_then(|l| open_rom_symbol(l));
        kept += usize::from(now == Some(cfa));
        let row = report.rows.iter().find(|r| r.name == name).unwrap();
        let want = match now {
            Some(a) if a == cfa => Status::Kept,
            Some(a) => Status::Moved { now: a },
            None => Status::Missing,
        };
        assert_eq!(row.status, want, "{name}");
    }
    assert_eq!(report.count(Category::Runtime), (kept, total));
    assert_eq!(total, 18);
}

/// Every word the report calls kept really is there: the ROM's bytes in front of the CFA are
/// its name-length byte and its name; every moved word is at the address the report says.
#[test]
fn kept_and_moved_words_are_where_the_report_says() {
    let rom = open_rom();
    let report = compat::open_rom_report();
    let check = |name: &str, cfa: u16| {
        let nl = usize::from(cfa - 1);
        let len = usize::from(rom[nl] & 0x3F);
        let text: String = rom[nl - 2 - len..nl - 2]
            .iter()
            .map(|&b| char::from(b & 0x7F))
            .collect();
        assert_eq!(text, name, "header in front of {cfa:04X}");
    };
    for r in report.rows.iter().filter(|r| r.category == Category::Word) {
        match r.status {
            Status::Kept if r.original < 0x2000 => check(&r.name, r.original),
            Status::Moved { now } => check(&r.name, now),
            _ => {}
        }
    }
    // not_kept is exactly the rows that are not kept, ready for an assertion in issue 16.
    let n = report.not_kept().len();
    let kept: usize = [
        Category::Word,
        Category::Runtime,
        Category::CodeRoutine,
        Category::Subroutine,
    ]
    .iter()
    .map(|&c| report.count(c).0)
    .sum();
    assert_eq!(n + kept, report.rows.len());
}

#[test]
fn the_restarts_are_kept() {
    let report = compat::open_rom_report();
    for (name, addr) in [
        ("cold start", 0x0000),
        ("RST 8 print A", 0x0008),
        ("RST 16 push DE", 0x0010),
        ("RST 24 pop DE", 0x0018),
        ("RST 32 error", 0x0020),
        ("IM 1 interrupt", 0x0038),
    ] {
        let row = report.rows.iter().find(|r| r.name == name).unwrap();
        assert_eq!((row.original, row.status), (addr, Status::Kept), "{name}");
    }
}

#[test]
fn the_cli_prints_the_summary_then_the_rows() {
    use common::cli::{aceemu, text};
    let report = compat::open_rom_report();
    let out = aceemu(&["rom", "compat"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let (words, _) = report.count(Category::Word);
    assert!(
        stdout.starts_with(&format!(
            "{words} of 142 dictionary words at the original's CFA"
        )),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 5 + 1 + report.rows.len());
    assert!(stdout.contains("word    086B  "), "DUP's row: {stdout}");
    let out = aceemu(&["rom", "compat", "--changed"]);
    let changed = text(&out.stdout);
    assert_eq!(changed.lines().count(), 5 + 1 + report.not_kept().len());
    assert!(!changed.contains(" kept "), "{changed}");
}

#[test]
fn the_plan_counts_the_fixed_points_and_the_free_bytes() {
    use common::cli::{aceemu, text};
    let out = aceemu(&["rom", "compat", "--plan"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let plan = text(&out.stdout);
    // 141 ROM words + 18 runtime words + 14 code routines + 17 subroutines (ace-forth.md 1,
    // and the 6 entry points of 15).
    assert!(plan.starts_with("190 pinned blocks, "), "{plan}");
    // Pinned bytes: each ROM word's name + 5 (link, length byte, code field), 5 per runtime
    // word, 1 per routine and subroutine; the free bytes are the rest of 0x0000-0x1FFC.
    let mut pinned = 0usize;
    for (name, cfa, kind) in spec_rows() {
        if cfa >= 0x2000 || kind.starts_with("internal") {
            continue;
        }
        pinned += if kind.starts_with("runtime") {
            5
        } else if kind.starts_with("code routine") {
            1
        } else {
            name.len() + 5
        };
    }
    pinned += 17;
    assert!(
        plan.contains(&format!("190 pinned blocks, {pinned} bytes")),
        "{plan}"
    );
    let free = 0x1FFD - pinned; // no two blocks overlap in the fact sheet's layout
    assert!(
        plan.contains(&format!(" free gaps in 0x0000-0x1FFC, {free} bytes")),
        "{plan}"
    );
    assert!(!plan.contains("overlapping fixed points"), "{plan}");
}

/// Issue 16's check: every dictionary word, runtime word, code routine and ROM subroutine
/// of the original is at the original's address in the open ROM (`Report::not_kept` is
/// empty), and every pinned label exported by the open ROM (`<label>_pin` from pins.asm)
/// holds: the label is at its pin, and the pin is the fact sheet's address (rom-words.tsv
/// for words by name, runtimes and code routines; ace-forth.md 1 for the subroutines).
#[test]
fn every_address_of_the_original_is_kept() {
    let report = compat::open_rom_report();
    let not_kept: Vec<_> = report
        .not_kept()
        .into_iter()
        .map(|r| format!("{} {:04X} {:?}", r.name, r.original, r.status))
        .collect();
    assert!(not_kept.is_empty(), "{not_kept:#?}");

    // The exported symbols, walked: each <label>_pin against the label and the spec.
    let spec: HashMap<String, u16> = spec_rows()
        .into_iter()
        .map(|(name, cfa, _)| (name, cfa))
        .collect();
    let subroutines: HashMap<&str, u16> = [
        ("rst0", 0x0000),
        ("rst8", 0x0008),
        ("rst16", 0x0010),
        ("rst24", 0x0018),
        ("rst32", 0x0020),
        ("rst38", 0x0038),
        ("key_scan", 0x0336),
        ("pop_bc", 0x084E),
        ("clear_upper", 0x0A24),
        ("tape_write_block", 0x1820),
        ("tape_read_block", 0x18A7),
        // ace-forth.md 15: the entry points real programs call
        ("pick_work", 0x094D),
        ("print_embedded", 0x0979),
        ("print_de_bc", 0x097F),
        ("at_addr", 0x0B28),
        ("to_mcode_cfa", 0x1A0E),
        ("to_mcode_code", 0x18FB),
    ]
    .into_iter()
    .collect();
    let by_label: HashMap<&str, &str> = compat::LABELS
        .iter()
        .map(|&(n, l)| (l, n))
        .chain(aceemu::rom::pins::WORD_LABELS.iter().map(|&(n, l)| (l, n)))
        .chain(compat::PINNED_INTERNALS.iter().map(|&(n, l)| (l, n)))
        .collect();
    let mut checked = 0;
    for &(name, value) in aceemu::rom::open::open_rom_symbols() {
        let Some(label) = name.strip_suffix("_pin") else {
            continue;
        };
        let at = open_rom_symbol(label).unwrap_or_else(|| panic!("{label} has a pin but no label"));
        assert_eq!(at, value, "{label} is not at its pin");
        let want = match subroutines.get(label) {
            Some(&a) => a,
            None => {
                let spec_name = by_label
                    .get(label)
                    .unwrap_or_else(|| panic!("{label}: not a word, runtime or routine"));
                spec[*spec_name]
            }
        };
        assert_eq!(at, want, "{label}: the fact sheet's address");
        checked += 1;
    }
    // 141 ROM words + 18 runtimes + 14 code routines + 17 subroutines + the float-literal
    // compiler (NUMBER's 4181)
    assert_eq!(checked, 191);
}

/// The open ROM's dictionary holds no word the original lacks (rom-words.tsv), so a source
/// that types into the open ROM without "word not found" uses only the original's words:
/// what `tape from-forth` on the open ROM checks for the Forth games (forth/*.fth) also
/// holds for the original ROM, which nobody here has (issue 34).
#[test]
fn the_open_rom_has_no_word_the_original_lacks() {
    let spec: std::collections::HashSet<String> =
        spec_rows().into_iter().map(|(name, _, _)| name).collect();
    let extra: Vec<String> = rom_dictionary()
        .into_iter()
        .map(|w| w.name)
        .filter(|name| !spec.contains(name))
        .collect();
    assert!(extra.is_empty(), "words only the open ROM has: {extra:?}");
}
