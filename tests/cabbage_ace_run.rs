//! `aceemu cabbage run FILE --ace` (issue 36): the engine on the emulated Ace prints what
//! the Rust engine prints, byte for byte, for every rule file in `rules/`; a file the Ace
//! engine cannot hold is refused with the file and what does not fit.

mod cabbage_support;
mod common;

use cabbage_support::rule;
use common::cli::{aceemu, scratch_file, ScratchFile};
use std::process::Output;

fn temp_file(name: &str, text: &str) -> ScratchFile {
    scratch_file(name, text)
}

/// Moves in z x k m, repeats, cycles without a key and a key no rule uses (`q`), so that
/// pushes, falls and the keyless start of pass A all come up.
const SCRIPT: &str = "..xxkkzzmm.x.k.z.m.qxkxkzmzm....xxxxkkkkzzzzmmmm..q.";
/// Cycles per file: the script, then cycles without a key (falls and the light cycle
/// going on by itself).
const CYCLES: &str = "150";

fn stdout(out: &Output, what: &str) -> String {
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("the maps are ASCII")
}

#[test]
fn every_rule_file_runs_the_same_on_the_ace_as_in_rust() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".rules"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "the bundled rule files: {files:?}");
    for f in files {
        let path = format!("rules/{f}");
        let common = [
            "cabbage",
            "run",
            &path,
            "--keys",
            SCRIPT,
            "--cycles",
            CYCLES,
            "--initial",
        ];
        let rust = stdout(&aceemu(&common), &path);
        let ace = stdout(&aceemu(&[&common[..], &["--ace"]].concat()), &path);
        let maps: Vec<&str> = rust.split_inclusive('\n').collect();
        let marks = maps.iter().filter(|l| l.starts_with("--- cycle ")).count();
        assert_eq!(marks, 151, "{path}: cycles 0 to 150");
        let first = rust.split("--- cycle 0\n").next().unwrap();
        let last = rust.rsplit("--- cycle 149\n").next().unwrap();
        assert_ne!(
            first,
            last.replace("--- cycle 150\n", ""),
            "{path}: the map changes"
        );
        if rust != ace {
            let (r, a) = rust
                .split("--- cycle ")
                .zip(ace.split("--- cycle "))
                .find(|(r, a)| r != a)
                .expect("some map differs");
            panic!("{path}: the engines part; Rust:\n{r}\nAce:\n{a}");
        }
    }
}

#[test]
fn the_run_with_a_short_map_and_writes_outside_it_is_the_same_on_the_ace() {
    // Y = 4 with three lines: the last is NUL bytes. Rules write over line ends and
    // outside the map (dropped by both engines).
    let a = [
        rule("****@.***", "****.@***", 'x'),
        rule("****@****", "*****Z***", 'k'),
        rule("****Z****", "Q*******Q", '*'),
    ]
    .join("\n");
    let b = rule("****@**.*", "****.**@*", '*');
    let path = temp_file(
        "edges.rules",
        &format!("{a}\n\n{b}\n\n6 4\n#####\n#@..@\n#...#\n"),
    );
    let path = path.to_str().unwrap();
    let common = ["cabbage", "run", path, "--keys", "x.k.xk..kx", "--initial"];
    let rust = stdout(&aceemu(&common), "rust");
    let ace = stdout(&aceemu(&[&common[..], &["--ace"]].concat()), "ace");
    assert_eq!(rust, ace);
    assert!(rust.contains('\0'), "the NUL line is printed as it is");
}

#[test]
fn a_map_too_large_for_the_ace_is_refused_naming_the_file_and_the_sizes() {
    let line = "#".repeat(40);
    let map: Vec<&str> = std::iter::repeat_n(line.as_str(), 5).collect();
    let text = format!(
        "{}\n\n\n41 5\n{}\n",
        rule("****@.***", "****.@***", 'x'),
        map.join("\n")
    );
    let path = temp_file("wide.rules", &text);
    let out = aceemu(&["cabbage", "run", path.to_str().unwrap(), "--ace"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("wide.rules"), "{err}");
    assert!(err.contains("40 columns by 5 lines"), "{err}");
    assert!(err.contains("32 columns by 22 lines"), "{err}");
}

#[test]
fn too_many_rules_for_the_ace_are_refused_naming_the_file_and_the_room() {
    // 400 rules matching all eight neighbours: 38 bytes each, far beyond the engine's
    // region of 8 KB.
    let mut rules = Vec::new();
    for i in 0..400 {
        let c = char::from(b'A' + (i % 26) as u8);
        rules.push(rule(
            &format!("{c}{c}{c}{c}@{c}{c}{c}{c}"),
            "aaaa.aaaa",
            'x',
        ));
    }
    let text = format!("{}\n\n\n4 3\n###\n#@.\n###\n", rules.join("\n"));
    let path = temp_file("many.rules", &text);
    let out = aceemu(&["cabbage", "run", path.to_str().unwrap(), "--ace"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("many.rules"), "{err}");
    assert!(err.contains("400 rules"), "{err}");
    assert!(err.contains("the engine's region leaves"), "{err}");
}
