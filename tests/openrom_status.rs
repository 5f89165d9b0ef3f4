//! roms/openace/STATUS.md is kept true: every dictionary word of the spec's rom-words.tsv
//! has a row; `done`/`partial` words are in the open ROM's dictionary (walked from the
//! pseudo entry at 0x1FFF), `missing` ones are not; VLIST lists exactly the dictionary.

mod openrom_support;
use openrom_support::*;
use std::collections::{HashMap, HashSet};

fn status_rows() -> HashMap<String, String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/openace/STATUS.md");
    let text = std::fs::read_to_string(&path).expect("STATUS.md");
    let mut rows = HashMap::new();
    for line in text.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let name = cells[0]
            .trim_start_matches("| `")
            .trim_end_matches('`')
            .replace("\\|", "|");
        rows.insert(name, cells[2].trim().to_string());
    }
    rows
}

fn spec_words() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/spec/rom-words.tsv"
    ))
    .expect("tests/data/spec/rom-words.tsv");
    text.lines()
        .filter(|l| !l.starts_with("# ") && !l.starts_with("name\t"))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let kind = f[2];
            let internal = ["runtime", "code routine", "internal"]
                .iter()
                .any(|k| kind.starts_with(k));
            (!internal).then(|| f[0].to_string())
        })
        .collect()
}

#[test]
fn status_md_matches_the_rom_dictionary() {
    let rows = status_rows();
    let mut ours: HashSet<String> = rom_dictionary().into_iter().map(|w| w.name).collect();
    ours.insert("FORTH".to_string()); // lives in RAM (copied at reset)
    for name in spec_words() {
        let status = rows
            .get(&name)
            .unwrap_or_else(|| panic!("STATUS.md has no row for {name}"));
        match status.as_str() {
            "done" | "partial" => {
                assert!(
                    ours.contains(&name),
                    "{name} is marked {status} but is not in the ROM"
                )
            }
            "missing" => assert!(
                !ours.contains(&name),
                "{name} is in the ROM but marked missing"
            ),
            other => panic!("{name}: unknown status {other:?}"),
        }
    }
    // And the ROM has no word the spec does not list.
    let spec: HashSet<String> = spec_words().into_iter().collect();
    for name in &ours {
        assert!(
            spec.contains(name),
            "ROM word {name} is not in rom-words.tsv"
        );
    }
}

#[test]
fn every_rom_word_is_found_by_the_interpreter() {
    // FIND each ROM word by name inside a definition and compare the CFA with the
    // dictionary walk.
    let mut ace = boot();
    enter(&mut ace, ": F 32 WORD DROP ;");
    for w in rom_dictionary().iter().take(200) {
        enter(&mut ace, "CLS");
        let got = eval(&mut ace, &format!("FIND {} .", w.name));
        assert_eq!(got, format!("FIND {} . {}", w.name, w.cfa), "{}", w.name);
    }
}

#[test]
fn vlist_lists_every_word_newest_first_and_halts_after_each() {
    let mut ace = boot();
    enter(&mut ace, ": MINE ;");
    enter(&mut ace, "CLS");
    let frames_before = word(&ace, 0x3C2B);
    enter(&mut ace, "VLIST");
    let frames = word(&ace, 0x3C2B).wrapping_sub(frames_before);
    let text: String = ace.screen_codes()[..(word(&ace, 0x3C1C) - 0x2400) as usize]
        .iter()
        .map(|&c| (c & 0x7F) as char)
        .collect();
    let listed: Vec<&str> = text
        .trim_start_matches(" OK")
        .trim()
        .trim_start_matches("VLIST")
        .trim_end()
        .trim_end_matches("OK")
        .split_whitespace()
        .collect();
    let mut want = vec!["MINE", "FORTH"];
    let dict = rom_dictionary();
    want.extend(dict.iter().map(|w| w.name.as_str()));
    assert_eq!(listed, want);
    assert!(
        frames as usize >= want.len(),
        "one HALT (frame) per name: {frames} frames"
    );
}
