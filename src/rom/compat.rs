//! Binary compatibility of a ROM with the original's addresses (issue 16, ace-forth.md 1, 4-6):
//! for every dictionary word, runtime word, code-field routine and documented ROM subroutine
//! of the original (`rom-words.tsv`, embedded from a copy in this folder), whether the open
//! ROM has it at the same address (kept), elsewhere (moved) or not at all (missing).
//!
//! Dictionary words are found by walking the ROM's dictionary from the pseudo entry at
//! 0x1FFF; everything else by the open ROM's label for it ([`LABELS`]). [`Report::not_kept`]
//! lists what moved or is missing, so a test can assert on it once the addresses are pinned.

use std::fmt::Write as _;

/// The fact sheet's table, copied from `shared/spec/rom-words.tsv` (first line says so).
const ROM_WORDS_TSV: &str = include_str!("rom-words.tsv");

/// Number of dictionary words of the original (141 in ROM + FORTH in RAM).
pub const ORIGINAL_WORDS: usize = 142;

/// The open ROM's label for each runtime word, code routine and documented subroutine.
/// Runtime and code-routine names are rom-words.tsv's; subroutines are ace-forth.md 1's.
pub const LABELS: &[(&str, &str)] = &[
    ("<exit>", "exit_rt"),
    ("<literal16>", "lit16_rt"),
    ("<literal8>", "lit8_rt"),
    ("<literal-float>", "flit_rt"),
    ("<does-exit>", "does_rt"),
    ("<runs-exit>", "runs_rt"),
    ("<branch (ELSE)>", "else_rt"),
    ("<branch (REPEAT)>", "repeat_rt"),
    ("<?branch (IF)>", "if_rt"),
    ("<?branch (WHILE)>", "while_rt"),
    ("<?branch (UNTIL)>", "until_rt"),
    ("<nop (BEGIN)>", "begin_rt"),
    ("<nop (THEN)>", "then_rt"),
    ("<do-setup (DO)>", "do_rt"),
    ("<loop (LOOP)>", "loop_rt"),
    ("<+loop (+LOOP)>", "ploop_rt"),
    ("<comment (()>", "comment_rt"),
    ("<print-string (.\")>", "dotq_rt"),
    ("{docolon}", "docolon"),
    ("{create-child}", "create_cf"),
    ("{variable-child}", "variable_cf"),
    ("{constant-child}", "constant_cf"),
    ("{defining-word}", "definer_cf"),
    ("{compiling-word}", "compiler_cf"),
    ("{compiler-runtime}", "compiler_rt_cf"),
    ("{vocabulary-child}", "vocab_cf"),
    ("{sysvar-child}", "sysvar_cf"),
    ("{exit-code}", "exit_code"),
    ("{next}", "next"),
    ("{next-with-checks}", "next_checks"),
    ("{branch-code}", "branch_code"),
    ("{qbranch-code}", "qbranch_code"),
    ("cold start", "rst0"),
    ("RST 8 print A", "rst8"),
    ("RST 16 push DE", "rst16"),
    ("RST 24 pop DE", "rst24"),
    ("RST 32 error", "rst32"),
    ("IM 1 interrupt", "rst38"),
    ("key scan", "key_scan"),
    ("pop to BC", "pop_bc"),
    ("CLS routine", "clear_upper"),
    ("tape save block", "tape_write_block"),
    ("tape load block", "tape_read_block"),
    ("PICK's working part", "pick_work"),
    ("print an embedded string", "print_embedded"),
    ("print a string", "print_de_bc"),
    ("AT's working part", "at_addr"),
    ("[to-machine-code] cell", "to_mcode_cfa"),
    ("[to-machine-code] code (RET)", "to_mcode_code"),
];

/// Internal (headerless) routines of rom-words.tsv the open ROM keeps at the original's
/// address, with its label: NUMBER hands back the float-literal compiler's address (4181,
/// transcripts.md Round 3), which a program can see.
pub const PINNED_INTERNALS: &[(&str, &str)] = &[("[float-literal-compiler]", "fliteral_cfa")];

/// The ROM subroutines machine code may call (ace-forth.md 1: restarts and "other ROM
/// subroutines"; 15: the entry points real programs call, with the cell of the headerless
/// [to-machine-code] and the RET its code field points at); not rows of rom-words.tsv.
pub const SUBROUTINES: &[(&str, u16)] = &[
    ("cold start", 0x0000),
    ("RST 8 print A", 0x0008),
    ("RST 16 push DE", 0x0010),
    ("RST 24 pop DE", 0x0018),
    ("RST 32 error", 0x0020),
    ("IM 1 interrupt", 0x0038),
    ("key scan", 0x0336),
    ("pop to BC", 0x084E),
    ("CLS routine", 0x0A24),
    ("tape save block", 0x1820),
    ("tape load block", 0x18A7),
    // ace-forth.md 15: entry points real programs call (Chess, ace-forth's --mcode, z88dk)
    ("PICK's working part", 0x094D),
    ("print an embedded string", 0x0979),
    ("print a string", 0x097F),
    ("AT's working part", 0x0B28),
    ("[to-machine-code] cell", 0x1A0E),
    ("[to-machine-code] code (RET)", 0x18FB),
];

/// What an address of the original is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    /// A named dictionary word: its CFA.
    Word,
    /// A runtime compiled into user code (4.3): its CFA.
    Runtime,
    /// A code-field value (5): the address of machine code.
    CodeRoutine,
    /// A restart or documented subroutine machine code may call (1).
    Subroutine,
}

impl Category {
    pub fn name(self) -> &'static str {
        match self {
            Category::Word => "dictionary words",
            Category::Runtime => "runtime words",
            Category::CodeRoutine => "code routines",
            Category::Subroutine => "ROM subroutines",
        }
    }
}

/// Where the ROM has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// At the original's address.
    Kept,
    /// At another address.
    Moved { now: u16 },
    /// Not in the ROM (no such word, or no label for it).
    Missing,
}

/// One address of the original and where the ROM has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// rom-words.tsv's name (`DUP`, `<exit>`, `{docolon}`) or the subroutine's description.
    pub name: String,
    pub category: Category,
    /// The original's address (CFA for words and runtimes).
    pub original: u16,
    /// The open ROM's label used to find it (words are found by name instead).
    pub label: Option<&'static str>,
    pub status: Status,
}

/// The whole comparison, in rom-words.tsv order, then the subroutines.
#[derive(Debug, Clone)]
pub struct Report {
    pub rows: Vec<Row>,
    /// Internal (headerless) rows of rom-words.tsv: not required, not checked.
    pub internal_rows: usize,
}

/// A word of a ROM's dictionary chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DictWord {
    pub name: String,
    /// Address of the name-length byte; the code field follows it.
    pub nfa: u16,
    pub cfa: u16,
}

/// One row of the embedded rom-words.tsv.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OriginalRow {
    pub name: String,
    pub cfa: u16,
    /// The kind column (`primitive`, `runtime (...)`, `code routine (...)`, ...).
    pub kind: String,
}

/// The original's words, runtimes, code routines and internal words (rom-words.tsv).
pub fn original_rows() -> Vec<OriginalRow> {
    ROM_WORDS_TSV
        .lines()
        .filter(|l| !l.starts_with("# ") && !l.starts_with("name\t") && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let cfa = u16::from_str_radix(f.get(1)?, 16).ok()?;
            Some(OriginalRow {
                name: f[0].to_string(),
                cfa,
                kind: f.get(2).unwrap_or(&"").to_string(),
            })
        })
        .collect()
}

pub fn category_of(kind: &str) -> Option<Category> {
    if kind.starts_with("runtime") {
        Some(Category::Runtime)
    } else if kind.starts_with("code routine") {
        Some(Category::CodeRoutine)
    } else if kind.starts_with("internal") {
        None
    } else {
        Some(Category::Word)
    }
}

/// The open ROM's label for a runtime, code routine or subroutine name ([`LABELS`]).
pub fn label_of(name: &str) -> Option<&'static str> {
    LABELS.iter().find(|(n, _)| *n == name).map(|&(_, l)| l)
}

/// Walks the dictionary of an 8 KB ROM image from the pseudo entry at 0x1FFF (ace-forth.md
/// 4.2), newest first. A chain that leaves the ROM or loops is an error, not a hang.
pub fn rom_dictionary(rom: &[u8]) -> Result<Vec<DictWord>, String> {
    if rom.len() != 0x2000 {
        return Err(format!(
            "a ROM image has 8192 bytes, this one {}",
            rom.len()
        ));
    }
    let rd = |a: usize| u16::from_le_bytes([rom[a], rom[a + 1]]);
    let mut words = Vec::new();
    let mut nl = rd(0x1FFD);
    let mut steps = 0;
    while nl != 0 {
        steps += 1;
        if steps > 1000 {
            return Err("the dictionary chain loops (over 1000 entries)".into());
        }
        let at = nl as usize;
        let len = usize::from(rom.get(at).copied().unwrap_or(0) & 0x3F);
        if at < 2 + len || at + 2 >= rom.len() {
            return Err(format!(
                "the dictionary chain leaves the ROM at a name-length field {nl:#06X}"
            ));
        }
        if len != 0 {
            let name = rom[at - 2 - len..at - 2]
                .iter()
                .map(|&b| char::from(b & 0x7F))
                .collect();
            words.push(DictWord {
                name,
                nfa: nl,
                cfa: nl + 1,
            });
        }
        nl = rd(at - 2);
    }
    Ok(words)
}

/// The FORTH word is made in RAM at reset from the open ROM's `init_table` (copied to
/// 0x3C24): its CFA is 0x3C4A when the table has "FORTH" at 0x3C40 and length 5 at 0x3C49.
fn forth_cfa(rom: &[u8], symbol: &dyn Fn(&str) -> Option<u16>) -> Option<u16> {
    let table = usize::from(symbol("init_table")?);
    let at = |ram: usize| table + ram - 0x3C24;
    let name: Vec<u8> = rom.get(at(0x3C40)..at(0x3C45))?.to_vec();
    let len = *rom.get(at(0x3C49))?;
    (name == b"FORT\xC8" && len & 0x3F == 5).then_some(0x3C4A)
}

/// Compares `rom` (its dictionary, and its labels through `symbol`) with the original.
pub fn report(rom: &[u8], symbol: &dyn Fn(&str) -> Option<u16>) -> Result<Report, String> {
    let dict = rom_dictionary(rom)?;
    let label_of = |name: &str| LABELS.iter().find(|(n, _)| *n == name).map(|&(_, l)| l);
    let status = |original: u16, now: Option<u16>| match now {
        Some(a) if a == original => Status::Kept,
        Some(a) => Status::Moved { now: a },
        None => Status::Missing,
    };
    let mut rows = Vec::new();
    let mut internal_rows = 0;
    for r in original_rows() {
        let Some(category) = category_of(&r.kind) else {
            internal_rows += 1;
            continue;
        };
        let (label, now) = if category == Category::Word {
            let now = if r.cfa >= 0x3C00 && r.name == "FORTH" {
                forth_cfa(rom, symbol)
            } else {
                dict.iter().find(|w| w.name == r.name).map(|w| w.cfa)
            };
            (None, now)
        } else {
            let label = label_of(&r.name);
            (label, label.and_then(symbol))
        };
        rows.push(Row {
            status: status(r.cfa, now),
            name: r.name,
            category,
            original: r.cfa,
            label,
        });
    }
    for &(name, original) in SUBROUTINES {
        let label = label_of(name);
        rows.push(Row {
            name: name.to_string(),
            category: Category::Subroutine,
            original,
            label,
            status: status(original, label.and_then(symbol)),
        });
    }
    Ok(Report {
        rows,
        internal_rows,
    })
}

/// The report for the open ROM built into this binary.
pub fn open_rom_report() -> Report {
    let symbol = |name: &str| super::open::open_rom_symbol(name);
    report(super::open::open_rom(), &symbol).expect("the built open ROM has a dictionary chain")
}

impl Report {
    /// (kept, total) of one category.
    pub fn count(&self, category: Category) -> (usize, usize) {
        let rows = self.rows.iter().filter(|r| r.category == category);
        let kept = rows.clone().filter(|r| r.status == Status::Kept).count();
        (kept, rows.count())
    }

    /// Every row not at the original's address (moved or missing): empty once the ROM is
    /// binary compatible, so a test can assert on it.
    pub fn not_kept(&self) -> Vec<&Row> {
        self.rows
            .iter()
            .filter(|r| r.status != Status::Kept)
            .collect()
    }

    /// "N of 142 dictionary words at the original's CFA, ..." on one line per category.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        for c in [
            Category::Word,
            Category::Runtime,
            Category::CodeRoutine,
            Category::Subroutine,
        ] {
            let (kept, total) = self.count(c);
            let moved = self
                .rows
                .iter()
                .filter(|r| r.category == c && matches!(r.status, Status::Moved { .. }))
                .count();
            let what = if matches!(c, Category::Word | Category::Runtime) {
                "at the original's CFA"
            } else {
                "at the original's address"
            };
            let _ = writeln!(
                out,
                "{kept} of {total} {} {what} ({moved} moved, {} missing)",
                c.name(),
                total - kept - moved
            );
        }
        let _ = writeln!(
            out,
            "({} internal headerless rows of rom-words.tsv are not required and not checked)",
            self.internal_rows
        );
        out
    }

    /// One line per row: category, original address, status, name (and label).
    pub fn table(&self) -> String {
        let mut out = String::new();
        for r in &self.rows {
            let status = match r.status {
                Status::Kept => "kept".to_string(),
                Status::Moved { now } => format!("moved to {now:04X}"),
                Status::Missing => "missing".to_string(),
            };
            let label = r.label.map(|l| format!("  ({l})")).unwrap_or_default();
            let cat = match r.category {
                Category::Word => "word",
                Category::Runtime => "runtime",
                Category::CodeRoutine => "code",
                Category::Subroutine => "sub",
            };
            let _ = writeln!(
                out,
                "{cat:<8}{:04X}  {status:<14}{}{label}",
                r.original, r.name
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_table_has_the_original_counts() {
        let rows = original_rows();
        let words = rows
            .iter()
            .filter(|r| category_of(&r.kind) == Some(Category::Word))
            .count();
        assert_eq!(words, ORIGINAL_WORDS);
        // 18 runtime rows and 14 code routines in rom-words.tsv (counted by hand from it).
        let runtimes = rows
            .iter()
            .filter(|r| category_of(&r.kind) == Some(Category::Runtime))
            .count();
        let routines = rows
            .iter()
            .filter(|r| category_of(&r.kind) == Some(Category::CodeRoutine))
            .count();
        assert_eq!((runtimes, routines), (18, 14));
        // Every runtime, code routine and subroutine has a label to look for.
        for r in &rows {
            if matches!(
                category_of(&r.kind),
                Some(Category::Runtime | Category::CodeRoutine)
            ) {
                assert!(LABELS.iter().any(|(n, _)| *n == r.name), "{}", r.name);
            }
        }
    }

    #[test]
    fn a_broken_chain_is_an_error_not_a_hang() {
        let mut rom = vec![0u8; 0x2000];
        // 0x1FFD links to a zero-length entry at 0x1000 whose link points at itself.
        rom[0x1FFD..0x1FFF].copy_from_slice(&0x1000u16.to_le_bytes());
        rom[0x0FFE..0x1000].copy_from_slice(&0x1000u16.to_le_bytes());
        rom[0x1000] = 0;
        let err = rom_dictionary(&rom).unwrap_err();
        assert!(err.contains("loops") || err.contains("leaves"), "{err}");
        assert!(rom_dictionary(&rom[..10]).is_err());
    }
}
