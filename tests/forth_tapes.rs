//! The tapes in `tapes/` are made by aceemu itself from the sources in `forth/`
//! (`aceemu tape from-forth forth/NAME.fth tapes/NAME.tap`): each must be exactly what
//! typing its source into the open ROM and saving gives today, must load into a fresh
//! machine, and must hold the words its source defines.

use aceemu::machine::{Ace, RamSize};
use aceemu::rom::open::open_rom;
use aceemu::rom::RomImage;
use aceemu::tape::image::TapeImage;
use aceemu::tape::tap::Header;
use aceemu::workflows::from_forth::{make_dictionary_tape, typed_lines};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The names a source defines, read from the source text (the word after `:`, or after
/// a defining word with its value in front).
fn defined_names(source: &str) -> Vec<String> {
    let tokens: Vec<&str> = source.split_whitespace().collect();
    tokens
        .windows(2)
        .filter(|w| matches!(w[0], ":" | "VARIABLE" | "CONSTANT" | "CREATE"))
        .map(|w| w[1].to_string())
        .collect()
}

/// Walks a dictionary image saved at 0x3C51 by its word-length fields (ace-forth.md 4.1)
/// and returns the names, oldest first.
fn names_in_image(data: &[u8], header: &Header) -> Vec<String> {
    let mut names = Vec::new();
    let mut at = 0usize;
    while at < data.len() {
        let mut end = at;
        while data[end] & 0x80 == 0 {
            end += 1;
        }
        let name: String = data[at..=end]
            .iter()
            .map(|b| char::from(b & 0x7F))
            .collect();
        names.push(name);
        let length = u16::from_le_bytes([data[end + 1], data[end + 2]]) as usize;
        assert!(
            length > 0,
            "word-length field of {} not filled",
            names.last().unwrap()
        );
        at = end + 1 + length;
    }
    assert_eq!(
        at,
        data.len(),
        "word lengths do not chain to the end of the image"
    );
    assert_eq!(header.start as usize + data.len(), header.stkbot as usize);
    names
}

/// Builds `forth/STEM.fth` into a dictionary `NAME` on the open ROM and checks that
/// `tapes/STEM.tap` is exactly that, and that it holds the words the source defines.
fn committed_tape_is_what_its_source_builds(stem: &str, name: &str) {
    let source = std::fs::read_to_string(root().join(format!("forth/{stem}.fth"))).unwrap();
    let rom = RomImage::from_bytes(open_rom().to_vec(), "open").unwrap();
    let made = make_dictionary_tape(
        rom.bytes(),
        &rom.sha256_hex(),
        RamSize::K19,
        &format!("forth/{stem}.fth"),
        &source,
        name,
    )
    .unwrap();
    let committed = TapeImage::open(&root().join(format!("tapes/{stem}.tap"))).unwrap();
    assert!(
        committed.blocks == made,
        "tapes/{stem}.tap is out of date: run `aceemu tape from-forth forth/{stem}.fth \
         tapes/{stem}.tap --overwrite` and commit it"
    );
    let header = Header::parse(&made[0].data).unwrap();
    assert_eq!(header.name_text(), format!("{name:<10}"));
    let data = &made[1].data[..made[1].data.len() - 1];
    // Only what is typed defines words (reader's notes are not typed).
    let typed: String = typed_lines(&source)
        .into_iter()
        .map(|(_, line)| format!("{line}\n"))
        .collect();
    assert_eq!(names_in_image(data, &header), defined_names(&typed));
}

#[test]
fn demo_tape_is_what_the_open_rom_saves_from_its_source() {
    committed_tape_is_what_its_source_builds("demo", "DEMO");
}

#[test]
fn maze_tape_is_what_the_open_rom_saves_from_its_source() {
    committed_tape_is_what_its_source_builds("maze", "MAZE");
}

#[test]
fn demo_tape_loads_and_runs_in_a_fresh_machine() {
    let tape = TapeImage::open(&root().join("tapes/demo.tap")).unwrap();
    let mut ace = Ace::new(open_rom(), RamSize::K19).unwrap();
    let deck = aceemu::tape::open_deck(
        Some(&root().join("tapes/demo.tap")),
        &aceemu::tape::DeckOptions::default(),
    )
    .unwrap();
    assert_eq!(deck.blocks().len(), tape.blocks.len());
    ace.insert_tape(Box::new(deck));
    ace.run_frames(20);
    ace.type_text("LOAD DEMO\n");
    assert!(
        ace.run_until_text("Dict: DEMO", 1000),
        "{}",
        ace.screen_text()
    );
    ace.type_text("CLS 7 TABLE\n");
    assert!(ace.run_until_text("70 OK", 1000), "{}", ace.screen_text());
    let screen = ace.screen_text();
    // Hand-derived: the lines of TABLE for 7, numbers right-aligned in 3 and 5 columns.
    for i in 1..=10 {
        let line = format!("{i:>3} x  7 ={:>5}", 7 * i);
        assert!(screen.contains(&line), "missing {line:?} in\n{screen}");
    }
}

fn make(source: &str) -> anyhow::Result<Vec<aceemu::tape::pulse::Block>> {
    let rom = RomImage::from_bytes(open_rom().to_vec(), "open").unwrap();
    make_dictionary_tape(
        rom.bytes(),
        &rom.sha256_hex(),
        RamSize::K19,
        "bad.fth",
        source,
        "BAD",
    )
}

#[test]
fn an_error_in_the_source_names_its_line_and_the_ace_error() {
    let err = make(": OK1 1 ;\n\n: BAD THEN ;\n: NEVER 2 ;\n").unwrap_err();
    let text = format!("{err:#}");
    assert!(text.contains("bad.fth:3: : BAD THEN ;"), "{text}");
    assert!(text.contains("ERROR 5"), "{text}");
}

#[test]
fn an_unknown_word_in_the_source_names_its_line() {
    let err = make(": A 1 ;\n: B A NOSUCHWORD ;\n").unwrap_err();
    let text = format!("{err:#}");
    assert!(text.contains("bad.fth:2:"), "{text}");
    assert!(text.contains("did not understand"), "{text}");
}
