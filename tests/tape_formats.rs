//! TAP headers against the spec's golden vectors, every corrupt-input case with its error
//! and place, the dictionary walker against the measured SAVE vectors, and every parser
//! run on random bytes without a panic.

mod common;

use aceemu::tape::ace_snapshot::AceSnapshot;
use aceemu::tape::dict::{self, WordKind};
use aceemu::tape::image::{Format, TapeImage};
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::{self, FileKind, Header, TapProblem};
use aceemu::tape::{tzx, wav};
use common::golden_tape::{golden_tap, hex};
use proptest::prelude::*;
use serde_json::Value;

#[test]
fn golden_header_vector_decodes_field_by_field() {
    let blocks = tap::parse(&golden_tap(), "golden.tap").unwrap();
    assert_eq!(blocks.len(), 2);
    assert!(blocks.iter().all(|b| b.block.checksum_ok()));
    assert_eq!(blocks[0].block.flag, 0x00);
    assert_eq!(blocks[1].block.flag, 0xFF);
    let h = blocks[0].header().unwrap();
    assert_eq!(h.kind, FileKind::Dictionary);
    assert_eq!(h.name_text(), "TEST      ");
    assert_eq!(
        (h.length, h.start, h.newest, h.current, h.context, h.voclnk, h.stkbot),
        (14, 0x3C51, 0x3C56, 0x3C4C, 0x3C4C, 0x3C4F, 0x3C5F)
    );
    // The checksums the ROM wrote are the XOR of the payloads.
    assert_eq!(tap::xor(&blocks[0].block.data[..25]), 0x0F);
    assert_eq!(tap::xor(&blocks[1].block.data[..14]), 0xC7);
    // Writing the decoded header gives the same bytes back.
    assert_eq!(h.to_payload().to_vec(), blocks[0].block.data[..25].to_vec());
    assert_eq!(
        tap::write(&[blocks[0].block.clone(), blocks[1].block.clone()]),
        golden_tap()
    );
}

fn vectors() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/spec/save-vectors.json"
    );
    let text = std::fs::read_to_string(path).expect("tests/data/spec/save-vectors.json");
    let json: Value = serde_json::from_str(&text).unwrap();
    json["vectors"].as_array().unwrap().clone()
}

fn field(v: &Value, name: &str) -> u16 {
    u16::from_str_radix(v["header_fields"][name].as_str().unwrap(), 16).unwrap()
}

#[test]
fn every_save_vector_header_decodes_to_its_measured_fields() {
    for v in vectors() {
        let id = v["id"].as_str().unwrap();
        let mut payload = hex(v["header_hex"].as_str().unwrap());
        let stored = hex(v["header_checksum"].as_str().unwrap())[0];
        assert_eq!(tap::xor(&payload), stored, "{id} header checksum");
        payload.push(stored);
        let h = Header::parse(&payload).unwrap();
        let ty = field(&v, "type") as u8;
        assert_eq!(
            h.kind,
            if ty == 0 {
                FileKind::Dictionary
            } else {
                FileKind::Bytes(ty)
            },
            "{id}"
        );
        assert_eq!(
            h.name_text(),
            v["header_fields"]["name"].as_str().unwrap(),
            "{id}"
        );
        assert_eq!(
            h.length as u64,
            v["header_fields"]["length"].as_u64().unwrap(),
            "{id}"
        );
        assert_eq!(h.start, field(&v, "start"), "{id}");
        if ty == 0 {
            assert_eq!(
                (h.newest, h.current, h.context, h.voclnk, h.stkbot),
                (
                    field(&v, "newest"),
                    field(&v, "CURRENT"),
                    field(&v, "CONTEXT"),
                    field(&v, "VOCLNK"),
                    field(&v, "STKBOT")
                ),
                "{id}"
            );
        }
        let data = hex(v["data_hex"].as_str().unwrap());
        assert_eq!(
            tap::xor(&data),
            hex(v["data_checksum"].as_str().unwrap())[0],
            "{id} data checksum"
        );
    }
}

/// Names, addresses and kinds as the spec's decomposition text states them:
/// "`NAME` at ADDR: ... code field XXXX {label}" (or a RAM address for DEFINER children).
fn expected_words(v: &Value) -> Vec<(String, u16, String)> {
    let mut out = Vec::new();
    for d in v["decomposition"].as_array().unwrap() {
        let d = d.as_str().unwrap();
        let Some(rest) = d.strip_prefix('`') else {
            continue;
        };
        let (name, rest) = rest.split_once("` at ").unwrap();
        let addr = u16::from_str_radix(&rest[..4], 16).unwrap();
        let cf_text = rest.split("code field ").nth(1).unwrap();
        let label = cf_text
            .split_once('{')
            .map(|(_, l)| l.split('}').next().unwrap().to_string());
        let kind = match label.as_deref() {
            Some("docolon") => "colon".to_string(),
            Some("create-child") => "created".into(),
            Some("variable-child") => "variable".into(),
            Some("constant-child") => "constant".into(),
            Some("defining-word") => "definer".into(),
            Some("compiling-word") => "compiler".into(),
            Some("vocabulary-child") => "vocabulary".into(),
            Some(other) => panic!("unexpected label {other}"),
            // "3C63 (inside KON: its CALL 0FF0)": a child of the defining word KON.
            None => {
                let owner = cf_text
                    .split("inside ")
                    .nth(1)
                    .unwrap()
                    .split(':')
                    .next()
                    .unwrap();
                format!("defined by {owner}")
            }
        };
        out.push((name.to_string(), addr, kind));
    }
    out
}

#[test]
fn words_of_every_dictionary_vector_match_the_spec_decomposition() {
    let mut checked = 0;
    for v in vectors() {
        if field(&v, "type") != 0 {
            continue;
        }
        let id = v["id"].as_str().unwrap();
        let data = hex(v["data_hex"].as_str().unwrap());
        let words = dict::words(&data, 0x3C51).unwrap_or_else(|e| panic!("{id}: {e}"));
        let got: Vec<(String, u16, String)> = words
            .iter()
            .map(|w| (w.name.clone(), w.address, w.kind.to_string()))
            .collect();
        assert_eq!(got, expected_words(&v), "{id}");
        checked += words.len();
    }
    assert!(checked >= 25, "only {checked} words checked");
}

#[test]
fn immediate_and_compiler_words_are_flagged() {
    let v = vectors()
        .into_iter()
        .find(|v| v["id"] == "v17-compiler-runs")
        .unwrap();
    let words = dict::words(&hex(v["data_hex"].as_str().unwrap()), 0x3C51).unwrap();
    assert_eq!(words[0].kind, WordKind::Compiler);
    assert!(words[0].immediate);
    assert!(!words[1].immediate);
}

// ----- corrupt input -------------------------------------------------------------------

fn first_error(bytes: &[u8]) -> tap::TapError {
    tap::parse(bytes, "bad.tap").unwrap_err()
}

#[test]
fn truncated_length_field_is_reported_at_its_offset() {
    let mut t = golden_tap();
    t.push(7);
    let e = first_error(&t);
    assert_eq!(
        (e.block, e.offset, e.problem.clone()),
        (3, 45, TapProblem::TruncatedLength)
    );
    assert_eq!(
        e.to_string(),
        "bad.tap: block 3 at byte offset 45: truncated: file ends inside a length field"
    );
}

#[test]
fn truncated_block_is_a_length_past_the_end_of_the_file() {
    let t = golden_tap();
    let e = first_error(&t[..t.len() - 5]);
    assert_eq!(e.block, 2);
    assert_eq!(e.offset, 28);
    assert_eq!(
        e.problem,
        TapProblem::TruncatedBlock {
            length: 15,
            available: 10
        }
    );
    assert!(e.to_string().contains("past the end of the file"), "{e}");
}

#[test]
fn length_field_far_past_the_end_is_reported() {
    let mut t = golden_tap();
    t.extend([0xFF, 0xFF, 1, 2, 3]);
    let e = first_error(&t);
    assert_eq!((e.block, e.offset), (3, 45));
    assert_eq!(
        e.problem,
        TapProblem::TruncatedBlock {
            length: 65535,
            available: 3
        }
    );
}

#[test]
fn bad_checksum_names_block_and_values() {
    let mut t = golden_tap();
    t[30] ^= 0x01; // first data byte
    let e = first_error(&t);
    assert_eq!((e.block, e.offset), (2, 28));
    assert_eq!(
        e.problem,
        TapProblem::BadChecksum {
            computed: 0xC6,
            stored: 0xC7
        }
    );
}

#[test]
fn zero_length_block_is_reported() {
    let mut t = vec![0, 0];
    t.extend(golden_tap());
    let e = first_error(&t);
    assert_eq!(
        (e.block, e.offset, e.problem),
        (1, 0, TapProblem::ZeroLength)
    );
}

#[test]
fn header_without_data_is_reported_at_the_header() {
    let t = golden_tap();
    let e = first_error(&t[..28]);
    assert_eq!(
        (e.block, e.offset, e.problem),
        (1, 0, TapProblem::HeaderWithoutData)
    );
    // A header directly followed by another header lost its data too.
    let mut two = t[..28].to_vec();
    two.extend(golden_tap());
    let e = first_error(&two);
    assert_eq!(
        (e.block, e.offset, e.problem),
        (1, 0, TapProblem::HeaderWithoutData)
    );
}

#[test]
fn lenient_listing_shows_what_could_be_read() {
    let mut t = golden_tap();
    t[30] ^= 0x01;
    t.extend(golden_tap());
    t.truncate(t.len() - 3);
    let listing = tap::read_lenient(&t, "bad.tap");
    assert_eq!(
        listing.blocks.len(),
        3,
        "two blocks of the first file, the second header"
    );
    assert!(listing.blocks[2].header().is_some());
    assert!(!listing.blocks[1].block.checksum_ok());
    let problems: Vec<_> = listing
        .problems
        .iter()
        .map(|p| (p.block, p.problem.clone()))
        .collect();
    assert_eq!(
        problems,
        vec![
            (
                2,
                TapProblem::BadChecksum {
                    computed: 0xC6,
                    stored: 0xC7
                }
            ),
            (
                4,
                TapProblem::TruncatedBlock {
                    length: 15,
                    available: 12
                }
            ),
        ]
    );
}

#[test]
fn tape_image_of_an_unreadable_tap_is_an_error_naming_the_file() {
    let e = TapeImage::from_bytes(&[5], "x.tap", Format::Tap).unwrap_err();
    assert!(
        e.to_string().starts_with("x.tap: block 1 at byte offset 0"),
        "{e}"
    );
}

#[test]
fn tzx_errors_name_block_id_and_offset() {
    let mut t = b"ZXTape!\x1A\x01\x14".to_vec();
    t.extend([0x11, 0x00]); // turbo block cut short
    let e = tzx::parse(&t, "cut.tzx").unwrap_err();
    assert_eq!(
        e.to_string(),
        "cut.tzx: TZX block 1 (id 0x11) at byte offset 10: file ends inside the block"
    );
    let e = tzx::parse(b"ZXTape!\x1A\x01\x14\x99", "odd.tzx").unwrap_err();
    assert!(e.to_string().contains("id 0x99"), "{e}");
    assert!(tzx::parse(b"MZ", "not.tzx").is_err());
}

#[test]
fn tzx_standard_speed_block_of_a_spectrum_style_tape_is_read() {
    // ID 0x10 (standard speed, Spectrum timings): the loader's tolerance covers them.
    let mut t = b"ZXTape!\x1A\x01\x14".to_vec();
    let data = [0xFFu8, 1, 2, 3, 0];
    t.push(0x10);
    t.extend(1000u16.to_le_bytes());
    t.extend((data.len() as u16).to_le_bytes());
    t.extend(data);
    let tzx = tzx::parse(&t, "std.tzx").unwrap();
    assert_eq!(tzx.blocks, vec![Block::new(0xFF, vec![1, 2, 3, 0])]);
    let decoded = aceemu::tape::pulse::decode_halves(tzx.signal.halves());
    assert_eq!(decoded[0].block, tzx.blocks[0]);
}

#[test]
fn tzx_select_and_snapshot_blocks_are_skipped_by_their_own_length_fields() {
    // Select block (0x28) has a 16-bit length, snapshot block (0x40) a type byte and a
    // 24-bit length (TZX 1.20); a data block after each must still be found.
    let data = [0xFFu8, 1, 2, 3, 0];
    let mut t = b"ZXTape!\x1A\x01\x14".to_vec();
    t.push(0x28);
    t.extend(6u16.to_le_bytes()); // one selection: offset 0, text length 2, "AB"
    t.extend([1, 0x00, 0x00, 2, b'A', b'B']);
    t.push(0x40);
    t.extend([0x00, 4, 0, 0]); // .z80 snapshot of 4 bytes
    t.extend([9, 9, 9, 9]);
    t.push(0x10);
    t.extend(1000u16.to_le_bytes());
    t.extend((data.len() as u16).to_le_bytes());
    t.extend(data);
    let tzx = tzx::parse(&t, "sel.tzx").unwrap();
    assert_eq!(tzx.blocks, vec![Block::new(0xFF, vec![1, 2, 3, 0])]);
}

#[test]
fn ace_snapshot_errors_name_the_place() {
    let e = AceSnapshot::parse(&[1, 2, 3], "s.ace").unwrap_err();
    assert_eq!(
        e.to_string(),
        "s.ace: at byte offset 3: snapshot ends without its ED 00 end marker"
    );
    let e = AceSnapshot::parse(&[0xED, 10, 0, 0xED, 0], "s.ace").unwrap_err();
    assert!(e.to_string().contains("memory image is 10 bytes"), "{e}");
}

// ----- no parser panics on random input ------------------------------------------------

fn riff_prefix() -> Vec<u8> {
    // A valid 16-bit mono header; random bytes follow as the data.
    let mut v = Vec::new();
    v.extend(b"RIFF");
    v.extend(100u32.to_le_bytes());
    v.extend(b"WAVEfmt ");
    v.extend(16u32.to_le_bytes());
    v.extend(1u16.to_le_bytes());
    v.extend(1u16.to_le_bytes());
    v.extend(44_100u32.to_le_bytes());
    v.extend(88_200u32.to_le_bytes());
    v.extend(2u16.to_le_bytes());
    v.extend(16u16.to_le_bytes());
    v.extend(b"data");
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
    #[test]
    fn parsers_never_panic_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = tap::read_lenient(&bytes, "r.tap");
        let _ = tap::parse(&bytes, "r.tap");
        let _ = TapeImage::from_bytes(&bytes, "r.tap", Format::Tap);
        let mut z = b"ZXTape!\x1A\x01\x14".to_vec();
        z.extend(&bytes);
        let _ = tzx::parse(&z, "r.tzx");
        let _ = tzx::parse(&bytes, "r.tzx");
        let _ = wav::decode(&bytes, "r.wav");
        let mut w = riff_prefix();
        w.extend(&bytes);
        let _ = wav::decode(&w, "r.wav");
        let _ = TapeImage::from_bytes(&w, "r.wav", Format::Wav);
        let _ = AceSnapshot::parse(&bytes, "r.ace");
        let _ = dict::words(&bytes, 0x3C51);
        let _ = Header::parse(&bytes);
    }

    #[test]
    fn tzx_blocks_with_random_bodies_never_panic(id in prop::sample::select(vec![0x10u8, 0x11, 0x12, 0x13, 0x14, 0x15, 0x20, 0x21, 0x24, 0x25, 0x2B, 0x30, 0x32, 0x28, 0x33, 0x35, 0x40, 0x5A, 0x19]),
                                                 body in proptest::collection::vec(any::<u8>(), 0..80)) {
        let mut z = b"ZXTape!\x1A\x01\x14".to_vec();
        z.push(id);
        z.extend(&body);
        let _ = tzx::parse(&z, "r.tzx");
    }

    #[test]
    fn ace_snapshots_with_random_content_round_trip(seed: u64, ram in prop::sample::select(vec![0x4000u32, 0x8000, 0xC000])) {
        let mut x = seed;
        let memory: Vec<u8> = (0..ram - 0x2000).map(|i| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if i % 7 < 3 { 0xED } else if i % 50 < 25 { 0 } else { (x >> 56) as u8 }
        }).collect();
        let snap = AceSnapshot { ram_top: ram, memory, regs: Default::default() };
        let back = AceSnapshot::parse(&snap.write(), "p.ace").unwrap();
        prop_assert_eq!(back.memory.len(), snap.memory.len());
        prop_assert_eq!(&back.memory[0x400..], &snap.memory[0x400..]);
    }
}

#[test]
fn a_block_too_long_for_tap_is_refused_not_cut() {
    let image = TapeImage {
        name: "big.tzx".into(),
        blocks: vec![Block::new(0xFF, vec![0; 70_000])],
        ..TapeImage::default()
    };
    let out = std::env::temp_dir().join(format!("aceemu-big-{}.tap", std::process::id()));
    let e = image.save(&out, true).unwrap_err();
    assert_eq!(
        e.to_string(),
        "big.tzx: block 1 has 70000 bytes, more than a TAP block can hold (65,535)"
    );
    assert!(!out.exists());
}
