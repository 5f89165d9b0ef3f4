//! `aceemu tape` from the outside: info on a good and a damaged tape, convert (and its
//! refusal to overwrite), words of a dictionary tape.

mod common;

use common::cli::{aceemu, scratch_dir, text};
use common::golden_tape::golden_tap;
use std::path::PathBuf;

#[test]
fn info_lists_the_golden_tape() {
    let dir = scratch_dir("info");
    let tap = dir.join("golden.tap");
    std::fs::write(&tap, golden_tap()).unwrap();
    let out = aceemu(&["tape", "info", tap.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains("header  Dict  \"TEST      \"  length    14  start 3C51"),
        "{s}"
    );
    assert!(
        s.contains("newest 3C56 CURRENT 3C4C CONTEXT 3C4C VOCLNK 3C4F STKBOT 3C5F"),
        "{s}"
    );
    assert!(s.contains("data    14 bytes  checksum OK"), "{s}");
    assert_eq!(s.matches("checksum OK").count(), 2, "{s}");
}

#[test]
fn info_on_a_damaged_tape_lists_what_it_can_and_fails() {
    let dir = scratch_dir("damaged");
    let tap = dir.join("bad.tap");
    let mut t = golden_tap();
    t[30] ^= 1;
    t.extend([40, 0, 1, 2]);
    std::fs::write(&tap, &t).unwrap();
    let out = aceemu(&["tape", "info", tap.to_str().unwrap()]);
    assert!(!out.status.success());
    let s = text(&out.stdout);
    assert!(s.contains("2 blocks"), "{s}");
    assert!(s.contains("checksum BAD"), "{s}");
    let e = text(&out.stderr);
    assert!(
        e.contains("bad.tap: block 2 at byte offset 28: bad checksum"),
        "{e}"
    );
    assert!(
        e.contains("bad.tap: block 3 at byte offset 45: truncated block"),
        "{e}"
    );
}

#[test]
fn convert_goes_through_wav_and_tzx_and_never_overwrites_without_the_flag() {
    let dir = scratch_dir("convert");
    let tap = dir.join("golden.tap");
    std::fs::write(&tap, golden_tap()).unwrap();
    let (wav, tzx, back) = (dir.join("g.wav"), dir.join("g.tzx"), dir.join("back.tap"));
    let p = |p: &PathBuf| p.to_str().unwrap().to_string();
    assert!(aceemu(&["tape", "convert", &p(&tap), &p(&wav)])
        .status
        .success());
    assert!(aceemu(&["tape", "convert", &p(&wav), &p(&tzx)])
        .status
        .success());
    assert!(aceemu(&["tape", "convert", &p(&tzx), &p(&back)])
        .status
        .success());
    assert_eq!(std::fs::read(&back).unwrap(), golden_tap());

    std::fs::write(&back, b"keep me").unwrap();
    let out = aceemu(&["tape", "convert", &p(&tap), &p(&back)]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--force"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(&back).unwrap(), b"keep me");
    assert!(
        aceemu(&["tape", "convert", &p(&tap), &p(&back), "--overwrite"])
            .status
            .success()
    );
    assert_eq!(std::fs::read(&back).unwrap(), golden_tap());

    let out = aceemu(&["tape", "convert", &p(&tap), &p(&dir.join("x.mp3"))]);
    assert!(text(&out.stderr).contains("extension must be .tap, .tzx or .wav"));
}

#[test]
fn words_lists_names_and_kinds() {
    let dir = scratch_dir("words");
    let tap = dir.join("golden.tap");
    std::fs::write(&tap, golden_tap()).unwrap();
    let out = aceemu(&["tape", "words", tap.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Dict: TEST"), "{s}");
    assert!(s.contains("3C57 A                colon"), "{s}");
    assert!(
        s.contains(
            "code fields of the original ROM (1 of 1 code fields are its values, the open ROM's too)"
        ),
        "{s}"
    );
}

#[test]
fn words_of_a_dictionary_saved_by_the_open_rom_have_the_original_values() {
    let dir = scratch_dir("openrom-words");
    let tap = dir.join("d.tap");
    let tap = tap.to_str().unwrap();
    let run = aceemu(&[
        "run",
        "--headless",
        "--save-to",
        tap,
        "--type",
        ": SQ DUP * ;\\n3 VARIABLE V\\n5 CONSTANT C\\nCREATE X 2 ,\\n\
             DEFINER K , DOES> @ ;\\n7 K K7\\n0 COMPILER NOP RUNS> DROP ;\\n\
             VOCABULARY VV\\nSAVE D\\n",
        "--until-text",
        "SAVE D  OK",
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));

    let out = aceemu(&["tape", "words", tap]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        // the open ROM keeps the original's code-field values (issue 16)
        s.contains(
            "code fields of the original ROM (7 of 8 code fields are its values, the open ROM's too)"
        ),
        "{s}"
    );
    // Rows are "  CFA  NAME (16 columns) KIND".
    let kinds: Vec<(&str, &str)> = s
        .lines()
        .skip(2)
        .map(|l| (l[7..23].trim_end(), &l[24..]))
        .collect();
    assert_eq!(
        kinds,
        [
            ("SQ", "colon"),
            ("V", "variable"),
            ("C", "constant"),
            ("X", "created"),
            ("K", "definer"),
            ("K7", "defined by K"),
            ("NOP", "compiler, immediate"),
            ("VV", "vocabulary"),
        ]
    );

    // Forced to either ROM, the kinds are the same: the values are shared.
    let out = aceemu(&["tape", "words", tap, "--rom", "open"]);
    let s = text(&out.stdout);
    assert!(s.contains("code fields of the open ROM (as asked)"), "{s}");
    assert!(s.contains("SQ               colon"), "{s}");
}

/// A real tape has a word whose name holds CR and form feed: `tape words` and `tape info`
/// print such bytes escaped (`\x0D`, `\x0C`), never raw.
#[test]
fn names_with_control_bytes_are_printed_escaped() {
    use aceemu::tape::pulse::Block;
    use aceemu::tape::tap::{self, with_checksum};
    // The golden `: A 1 ;` with the word's name "X", CR, FF (last byte with bit 7), saved
    // under the name "T", CR, "E", FF.
    let data = common::golden_tape::hex("58 0D 8C 0D 00 49 3C 03 C3 0E 11 10 01 00 B6 04");
    let mut header = vec![0x00];
    header.extend(b"T\rE\x0C      ");
    for word in [16u16, 0x3C51, 0x3C58, 0x3C4C, 0x3C4C, 0x3C4F, 0x3C61] {
        header.extend(word.to_le_bytes());
    }
    let dir = scratch_dir("control-names");
    let path = dir.join("names.tap");
    let blocks = [
        Block::new(0x00, with_checksum(&header)),
        Block::new(0xFF, with_checksum(&data)),
    ];
    std::fs::write(&path, tap::write(&blocks)).unwrap();
    let words = aceemu(&["tape", "words", path.to_str().unwrap()]);
    let info = aceemu(&["tape", "info", path.to_str().unwrap()]);
    for out in [&words, &info] {
        assert!(out.status.success(), "{}", text(&out.stderr));
        let s = text(&out.stdout);
        assert!(
            !s.contains('\r') && !s.contains('\x0C'),
            "raw control bytes: {s:?}"
        );
        assert!(s.contains("T\\x0DE\\x0C"), "{s}");
    }
    let s = text(&words.stdout);
    assert!(s.contains("X\\x0D\\x0C"), "{s}");
}

/// A dictionary of our own (ace-forth.md 4.1) whose middle word's header does not parse:
/// `A` and `C` are `: A 1 ;`, and `BAD` between them has a name with no last character
/// (no bit 7). The Ace finds C by the tape header's newest-word address and BAD's header
/// by C's link field; `tape words` lists A and C, says in place that the header between
/// does not parse, warns, and succeeds.
#[test]
fn words_says_where_a_header_does_not_parse_and_goes_on_by_the_links() {
    use aceemu::tape::pulse::Block;
    use aceemu::tape::tap::{self, with_checksum};
    let body = [0xC3, 0x0E, 0x11, 0x10, 0x01, 0x00, 0xB6, 0x04];
    let mut data = Vec::new();
    let mut link = 0x3C49u16;
    for name in [&b"A"[..], b"BAD", b"C"] {
        let mut n = name.to_vec();
        if name != b"BAD" {
            *n.last_mut().unwrap() |= 0x80;
        }
        data.extend(&n);
        data.extend((2 + 2 + 1 + body.len() as u16).to_le_bytes());
        data.extend(link.to_le_bytes());
        link = 0x3C51 + data.len() as u16;
        data.push(name.len() as u8);
        data.extend(body);
    }
    let mut header = vec![0x00];
    header.extend(b"BADHDR    ");
    let len = data.len() as u16;
    for word in [len, 0x3C51, link, 0x3C4C, 0x3C4C, 0x3C4F, 0x3C51 + len] {
        header.extend(word.to_le_bytes());
    }
    let dir = scratch_dir("bad-header");
    let path = dir.join("bad.tap");
    let blocks = [
        Block::new(0x00, with_checksum(&header)),
        Block::new(0xFF, with_checksum(&data)),
    ];
    std::fs::write(&path, tap::write(&blocks)).unwrap();
    let out = aceemu(&["tape", "words", path.to_str().unwrap()]);
    let (s, err) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{err}");
    let lines: Vec<&str> = s.lines().skip(2).collect();
    assert_eq!(lines.len(), 3, "{s}");
    assert_eq!(lines[0], "  3C57 A                colon", "{s}");
    // BAD's name-length field: after A's 14 bytes, its 3 name bytes and 4 field bytes.
    assert!(
        lines[1].starts_with("  3C66 ?                not a word (image offset 21): "),
        "{s}"
    );
    assert!(lines[1].contains("bit 7 on its last character"), "{s}");
    assert_eq!(lines[2], "  3C75 C                colon", "{s}");
    assert!(err.contains("1 place where no word parses"), "{err}");
}
