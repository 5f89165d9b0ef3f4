//! Open ROM: what the compiler lays down, byte for byte as the original (issue 16). Golden
//! source: the measured SAVE vectors of the original ROM (shared/spec/save-vectors.json,
//! copied to tests/data/spec) and the example of ace-forth.md 6. Their bytes are RAM
//! contents holding the original's ROM addresses (code fields, compiled CFAs, runtimes);
//! since the open ROM keeps every such address, the dictionary it compiles must equal them
//! exactly, with no address translated.

mod openrom_support;
use openrom_support::*;

/// A fact-sheet file copied into the repository (tests/data/spec/README.md says from where).
fn spec_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/spec")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn hex_bytes(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|h| u8::from_str_radix(h, 16).unwrap())
        .collect()
}

/// Type the vector's lines (without the SAVE line) and compare the dictionary.
fn check_vector(id: &str) {
    let json: serde_json::Value = serde_json::from_str(&spec_file("save-vectors.json")).unwrap();
    let v = json["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == id)
        .unwrap_or_else(|| panic!("no vector {id}"));
    let data = hex_bytes(v["data_hex"].as_str().unwrap());
    let expected = data.clone();
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
        "{id}: dictionary bytes (ours vs the spec's, the original's addresses)"
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

/// ace-forth.md 6's measured example: the same cells, the original's addresses unchanged.
#[test]
fn spec_section_6_example() {
    let mut ace = boot();
    enter(
        &mut ace,
        ": T2 ( TEST ) 0 DO I . LOOP 5 0 DO I 2 +LOOP BEGIN 1 UNTIL BEGIN 0 WHILE",
    );
    enter(
        &mut ace,
        "REPEAT 1 IF .\" YES\" ELSE .\" NO\" THEN ASCII A EMIT 7 1.5 ;",
    );
    assert!(!ace.screen_text().contains("ERROR"));
    // The spec's cells, and the texts between them.
    let mut want = Vec::new();
    let cells = |want: &mut Vec<u8>, hex: &str| {
        for c in hex.split_whitespace() {
            want.extend_from_slice(&u16::from_str_radix(c, 16).unwrap().to_le_bytes());
        }
    };
    cells(&mut want, "1379 0005");
    want.extend_from_slice(b"TEST ");
    cells(
        &mut want,
        "1011 0000 1323 12E9 09B3 1332 FFF9 1011 0005 1011 0000 1323 12E9 1011 0002 133C \
         FFF7 129F 1011 0001 128D FFF9 129F 1011 0000 1288 0005 1276 FFF5 1011 0001 1283 \
         000C 1396 0003",
    );
    want.extend_from_slice(b"YES");
    cells(&mut want, "1271 0009 1396 0002");
    want.extend_from_slice(b"NO");
    cells(&mut want, "12A4 104B");
    want.push(0x41);
    cells(&mut want, "0AA3 1011 0007 1064 0000 4115 04B6");
    // T2 at 0x3C51: name (2) + length (2) + link (2) + name length (1) + code field (2).
    let pfa = 0x3C51 + 9;
    assert_eq!(
        word(&ace, 0x3C51 + 7),
        0x0EC3,
        "code field: the original's docolon"
    );
    assert_eq!(hex(&ace.read_bytes(pfa, want.len())), hex(&want));
    assert_eq!(word(&ace, STKBOT), pfa + want.len() as u16);
}
