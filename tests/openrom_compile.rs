//! Open ROM: what the compiler lays down. Golden source: the measured SAVE vectors of the
//! original ROM (shared/spec/save-vectors.json) and the example of ace-forth.md 6. Their
//! bytes are RAM contents; every ROM address in them is translated to the open ROM's address
//! of the same word: dictionary words by name (rom-words.tsv name -> our dictionary), runtime
//! words and code routines through a table of our labels. Everything else (names, length
//! fields, links, name-length bytes, literal values, branch offsets, texts, RAM references)
//! must be identical.

mod openrom_support;
use openrom_support::*;
use std::collections::HashMap;

/// A fact-sheet file copied into the repository (tests/data/spec/README.md says from where).
fn spec_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/spec")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

struct Translation {
    /// original ROM address -> open ROM address
    map: HashMap<u16, u16>,
    /// operand bytes after a runtime cell (original address), 255 = variable
    operands: HashMap<u16, u8>,
}

fn translation() -> Translation {
    translation_for(rom_dictionary(), &|name| {
        aceemu::rom::open::open_rom_symbol(name)
    })
}

/// The translation to an image with this dictionary and these symbols (labels it does not
/// have, such as flit_rt in the 8 KB image, are left out).
fn translation_for(dictionary: Vec<RomWord>, sym: &dyn Fn(&str) -> Option<u16>) -> Translation {
    let tsv = spec_file("rom-words.tsv");
    // The open ROM's label for each runtime word and code routine of rom-words.tsv.
    let labels: HashMap<&str, &str> = aceemu::rom::compat::LABELS.iter().copied().collect();
    let ours: HashMap<String, u16> = dictionary.into_iter().map(|w| (w.name, w.cfa)).collect();
    let mut map = HashMap::new();
    let mut operands = HashMap::new();
    for line in tsv
        .lines()
        .filter(|l| !l.starts_with("# ") && !l.starts_with("name\t"))
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (name, cfa, kind) = (f[0], f[1], f[2]);
        let Ok(orig) = u16::from_str_radix(cfa, 16) else {
            continue;
        };
        if let Some(label) = labels.get(name) {
            if let Some(ours) = sym(label) {
                map.insert(orig, ours);
            }
        } else if let Some(&our) = ours.get(name) {
            map.insert(orig, our);
        }
        if kind.starts_with("runtime") {
            let ops = f[5];
            let n = if ops.contains("variable") {
                255
            } else {
                ops.trim_start_matches("ops=").parse().unwrap()
            };
            operands.insert(orig, n);
        }
    }
    Translation { map, operands }
}

impl Translation {
    fn tr(&self, orig: u16, what: &str) -> u16 {
        if orig >= 0x3C00 {
            return orig; // RAM address: identical on both ROMs
        }
        *self
            .map
            .get(&orig)
            .unwrap_or_else(|| panic!("{what}: no open-ROM word for original address {orig:04X}"))
    }

    /// The spec's dictionary image (original addresses) rewritten with ours.
    fn translate_image(&self, data: &[u8]) -> Vec<u8> {
        let mut out = data.to_vec();
        let rd = |b: &[u8], i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
        let put = |o: &mut Vec<u8>, i: usize, v: u16| o[i..i + 2].copy_from_slice(&v.to_le_bytes());
        let mut p = 0;
        while p < data.len() {
            let mut q = p;
            while data[q] & 0x80 == 0 {
                q += 1;
            }
            let len_field = q + 1;
            let word_end = len_field + rd(data, len_field) as usize;
            let nl = len_field + 4;
            let cf_at = nl + 1;
            let cf = rd(data, cf_at);
            put(&mut out, cf_at, self.tr(cf, "code field"));
            let thread_from = match cf {
                0x0EC3 => Some(cf_at + 2),
                0x1085 | 0x1108 => Some(cf_at + 4),
                _ => None,
            };
            if let Some(mut i) = thread_from {
                while i < word_end {
                    let cell = rd(data, i);
                    put(&mut out, i, self.tr(cell, "cell"));
                    i += 2;
                    let ops = if cell >= 0x3C00 {
                        let prefix = (cell - 0x3C51) as usize - 3;
                        if data[prefix + 2] & 0x80 != 0 {
                            data[prefix]
                        } else {
                            0
                        }
                    } else {
                        self.operands.get(&cell).copied().unwrap_or(0)
                    };
                    match cell {
                        0x10E8 => put(&mut out, i + 3, self.tr(rd(data, i + 3), "DOES> call")),
                        0x1140 => put(
                            &mut out,
                            i + 3,
                            self.tr(rd(data, i + 3), "RUNS> code field"),
                        ),
                        _ => {}
                    }
                    i += if ops == 255 {
                        2 + rd(data, i) as usize
                    } else {
                        ops as usize
                    };
                }
            }
            p = word_end;
        }
        out
    }
}

fn hex_bytes(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|h| u8::from_str_radix(h, 16).unwrap())
        .collect()
}

/// Type the vector's lines (without the SAVE line) and compare the dictionary.
fn check_vector(id: &str) {
    check_vector_on(id, boot, &translation());
}

/// The same on another image: `boot` powers it on, `translation` maps to its addresses.
fn check_vector_on(id: &str, boot: fn() -> aceemu::machine::Ace, translation: &Translation) {
    let json: serde_json::Value = serde_json::from_str(&spec_file("save-vectors.json")).unwrap();
    let v = json["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == id)
        .unwrap_or_else(|| panic!("no vector {id}"));
    let data = hex_bytes(v["data_hex"].as_str().unwrap());
    let expected = translation.translate_image(&data);
    let mut ace = boot();
    for line in v["typed_lines"].as_array().unwrap() {
        let line = line.as_str().unwrap();
        if line.starts_with("SAVE ") {
            continue;
        }
        enter(&mut ace, line);
        let screen = ace.screen_text();
        assert!(
            !screen.contains("ERROR"),
            "{id}: {line:?} failed:\n{screen}"
        );
    }
    let stkbot = word(&ace, STKBOT);
    assert_eq!(stkbot as usize, 0x3C51 + data.len(), "{id}: HERE");
    let mut got = ace.read_bytes(0x3C51, data.len());
    // SAVE fills in the newest word's length field; without SAVE it is still pending (DICT).
    let dict = word(&ace, 0x3C39);
    if dict != 0 {
        let i = (dict - 0x3C51) as usize;
        assert_eq!(&got[i..i + 2], &[0, 0], "{id}: pending length field");
        got[i..i + 2].copy_from_slice(&expected[i..i + 2]);
    }
    assert_eq!(
        hex(&got),
        hex(&expected),
        "{id}: dictionary bytes (ours vs the spec's with our addresses)"
    );
    // The header fields SAVE would write (RAM addresses, identical on both ROMs).
    let f = &v["header_fields"];
    let h = |k: &str| u16::from_str_radix(f[k].as_str().unwrap(), 16).unwrap();
    assert_eq!(word(&ace, 0x3C4C), h("newest"), "{id}: FORTH's newest word");
    assert_eq!(word(&ace, 0x3C31), h("CURRENT"), "{id}: CURRENT");
    assert_eq!(word(&ace, 0x3C33), h("CONTEXT"), "{id}: CONTEXT");
    assert_eq!(word(&ace, 0x3C35), h("VOCLNK"), "{id}: VOCLNK");
}

fn hex(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

macro_rules! vectors {
    ($($name:ident => $id:literal),* $(,)?) => {
        $(#[test] fn $name() { check_vector($id); })*
    };
}

vectors! {
    v01_colon_literal => "v01-colon-literal",
    v02_literals => "v02-literals",
    v03_unsigned_literals => "v03-unsigned-literals",
    v04_if_else_then => "v04-if-else-then",
    v05_begin_until => "v05-begin-until",
    v06_begin_while_repeat => "v06-begin-while-repeat",
    v07_do_loop_i_j => "v07-do-loop-i-j",
    v08_do_plusloop => "v08-do-plusloop",
    v09_dot_quote => "v09-dot-quote",
    v10_comment => "v10-comment",
    v11_variable => "v11-variable",
    v12_constant => "v12-constant",
    v13_create_comma => "v13-create-comma",
    v14_allot_small => "v14-allot-small",
    v15_allot_residue => "v15-allot-residue",
    v16_definer_does => "v16-definer-does",
    v17_compiler_runs => "v17-compiler-runs",
    v18_immediate => "v18-immediate",
    v19_ascii => "v19-ascii",
    v21_two_words => "v21-two-words",
    v22_vocabulary => "v22-vocabulary",
    v24_forget => "v24-forget",
    v20_float => "v20-float",
    v25_lower_case => "v25-lower-case",
    v26_exit_leave => "v26-exit-leave",
}

/// ace-forth.md 6's measured example, without the floating literal `1.5` (the open ROM has
/// no floating point yet): the same cells with our addresses.
#[test]
fn spec_section_6_example() {
    let mut ace = boot();
    enter(
        &mut ace,
        ": T2 ( TEST ) 0 DO I . LOOP 5 0 DO I 2 +LOOP BEGIN 1 UNTIL BEGIN 0 WHILE",
    );
    enter(
        &mut ace,
        "REPEAT 1 IF .\" YES\" ELSE .\" NO\" THEN ASCII A EMIT 7 ;",
    );
    assert!(!ace.screen_text().contains("ERROR"));
    enum C<'a> {
        S(&'a str),
        W(&'a str),
        N(u16),
        T(&'a str),
        B(u8),
    }
    use C::*;
    let cells = [
        S("comment_rt"),
        N(5),
        T("TEST "),
        S("lit16_rt"),
        N(0),
        S("do_rt"),
        W("I"),
        W("."),
        S("loop_rt"),
        N(0xFFF9),
        S("lit16_rt"),
        N(5),
        S("lit16_rt"),
        N(0),
        S("do_rt"),
        W("I"),
        S("lit16_rt"),
        N(2),
        S("ploop_rt"),
        N(0xFFF7),
        S("begin_rt"),
        S("lit16_rt"),
        N(1),
        S("until_rt"),
        N(0xFFF9),
        S("begin_rt"),
        S("lit16_rt"),
        N(0),
        S("while_rt"),
        N(5),
        S("repeat_rt"),
        N(0xFFF5),
        S("lit16_rt"),
        N(1),
        S("if_rt"),
        N(0x000C),
        S("dotq_rt"),
        N(3),
        T("YES"),
        S("else_rt"),
        N(9),
        S("dotq_rt"),
        N(2),
        T("NO"),
        S("then_rt"),
        S("lit8_rt"),
        B(0x41),
        W("EMIT"),
        S("lit16_rt"),
        N(7),
        S("exit_rt"),
    ];
    let mut want = Vec::new();
    for c in cells {
        match c {
            S(l) => want.extend_from_slice(&sym(l).to_le_bytes()),
            W(n) => want.extend_from_slice(&cfa_of(n).to_le_bytes()),
            N(v) => want.extend_from_slice(&v.to_le_bytes()),
            T(t) => want.extend_from_slice(t.as_bytes()),
            B(b) => want.push(b),
        }
    }
    // T2 at 0x3C51: name (2) + length (2) + link (2) + name length (1) + code field (2).
    let pfa = 0x3C51 + 9;
    assert_eq!(word(&ace, 0x3C51 + 7), sym("docolon"));
    assert_eq!(hex(&ace.read_bytes(pfa, want.len())), hex(&want));
    assert_eq!(word(&ace, STKBOT), pfa + want.len() as u16);
}
