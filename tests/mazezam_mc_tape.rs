//! `tapes/mazezam-mc.tap` is what its sources build (`mc/mazezam.asm`, the loader
//! `mc/mazezam-loader.fth`, `levels/aceemu.mzm`), its files are where the loader expects
//! them, and the machine code calls nothing inside the ROM.

mod common;
mod mazezam_mc_support;

use aceemu::games::mazezam::ace_data::decode_pack;
use aceemu::games::mazezam::pack;
use aceemu::tape::tap::{FileKind, Header};
use aceemu::workflows::mazezam_mc_tape as mc_tape;
use mazezam_mc_support::*;

#[test]
fn the_committed_tape_is_what_the_sources_build() {
    let made = mc_tape::make_builtin_tape().unwrap();
    assert!(
        committed_tape() == made,
        "{} is out of date: run `aceemu tape mazezam-mc {} --force` and commit it",
        mc_tape::TAPE_PATH,
        mc_tape::TAPE_PATH
    );
}

#[test]
fn the_tape_holds_the_loader_then_the_code_and_the_pack_where_the_loader_wants_them() {
    let blocks = committed_tape();
    assert_eq!(blocks.len(), 4);
    let dict = Header::parse(&blocks[0].data).unwrap();
    assert_eq!(dict.kind, FileKind::Dictionary);
    assert_eq!(dict.name_text(), "mazezam   ");
    let bytes = Header::parse(&blocks[2].data).unwrap();
    assert!(matches!(bytes.kind, FileKind::Bytes(_)));
    assert_eq!(bytes.name_text(), "mazezam   ");

    let code = mc_tape::assemble().unwrap();
    assert_eq!(bytes.start, code.origin);
    // The loader ends below the code, which it reserves with ALLOT.
    assert!(0x3C51 + dict.length < code.origin);
    let data = &blocks[3].data[..blocks[3].data.len() - 1];
    assert_eq!(&data[..code.bytes.len()], &code.bytes[..]);
    let levels = decode_pack(&data[code.bytes.len()..]).unwrap();
    let want = pack::levels();
    assert_eq!(levels.len(), want.len());
    for (a, b) in levels.iter().zip(&want) {
        assert_eq!(a.cells(), b.cells());
        assert_eq!(a.meta.title, b.meta.title);
    }
    // The loader text carries the numbers of the assembly.
    let loader = code.loader_source();
    assert!(!loader.contains('{'), "{loader}");
    assert_eq!(loader.lines().count(), 2);
    assert!(loader.contains(&format!("{} CALL", code.origin)));
    assert!(loader.contains(&format!("{} {} BLOAD", code.pack, code.pack_max)));
}

#[test]
fn a_pack_larger_than_its_room_is_refused() {
    let code = mc_tape::assemble().unwrap();
    let big = vec![0u8; usize::from(code.pack_max) + 1];
    let err = code.with_pack(&big).unwrap_err().to_string();
    assert!(err.contains("room for"), "{err}");
    assert!(code.with_pack(&big[1..]).is_ok());
}

/// Every CALL, JP, JR and DJNZ of the source goes to a label of the source itself (or is
/// JP (IY), the return to Forth), and there is no RST: nothing inside either ROM is used.
#[test]
fn the_machine_code_calls_nothing_in_the_rom() {
    let assembly = aceasm::assemble_str(mc_tape::ASM_PATH, mc_tape::ASM).unwrap();
    let origin = i64::from(mc_tape::assemble().unwrap().origin);
    let mut seen = 0;
    for (number, line) in mc_tape::ASM.lines().enumerate() {
        let code = line.split(';').next().unwrap();
        let mut words = code.split_whitespace();
        let Some(mut first) = words.next() else {
            continue;
        };
        if first.ends_with(':') {
            match words.next() {
                Some(w) => first = w,
                None => continue,
            }
        }
        let mnemonic = first.to_ascii_uppercase();
        assert_ne!(mnemonic, "RST", "line {}: {line}", number + 1);
        if !matches!(mnemonic.as_str(), "CALL" | "JP" | "JR" | "DJNZ") {
            continue;
        }
        let operands: String = words.collect();
        if operands == "(IY)" {
            continue;
        }
        let target = operands.rsplit(',').next().unwrap();
        let full = match target.strip_prefix('.') {
            Some(_) => {
                // A local label: find it under any global label.
                let found = assembly
                    .symbols
                    .iter()
                    .find(|(name, _)| name.ends_with(target));
                found.map(|(_, v)| *v)
            }
            None => assembly.symbol(target),
        };
        let value = full.unwrap_or_else(|| panic!("line {}: unknown target {target}", number + 1));
        assert!(
            value >= origin,
            "line {}: {line} goes to {value:#06X}",
            number + 1
        );
        seen += 1;
    }
    assert!(seen > 50, "only {seen} jumps found");
}

/// The sizes the README quotes: instructions under 1 KB, with their data under 1.5 KB;
/// the built-in pack in its room.
#[test]
fn sizes() {
    let code = mc_tape::assemble().unwrap();
    let pack = mc_tape::builtin_pack().unwrap();
    println!(
        "game {} bytes at {:#06X}, built-in pack {} bytes, room {}",
        code.bytes.len(),
        code.origin,
        pack.len(),
        code.pack_max
    );
    assert!(code.bytes.len() < 1536);
    // The instructions end where the data begins (the key table): under 1 KB.
    let assembly = aceasm::assemble_str(mc_tape::ASM_PATH, mc_tape::ASM).unwrap();
    let instructions = assembly.symbol("key_table").unwrap() - i64::from(code.origin);
    println!("instructions {instructions} bytes");
    assert!(instructions < 1024);
    assert!(pack.len() <= usize::from(code.pack_max));
    // The README quotes the three numbers: kept true here.
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let quoted = format!(
        "Sizes: {} bytes of game ({} of instructions, the rest text, key table and character\n\
         patterns) and a {}-byte built-in pack",
        thousands(code.bytes.len()),
        instructions,
        pack.len()
    );
    assert!(readme.contains(&quoted), "the README should say:\n{quoted}");
}

/// 1341 as "1,341", the README's way.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `aceemu tape mazezam-mc OUT` writes the committed tape, and replaces an existing file
/// only with --force.
#[test]
fn the_cli_writes_the_tape_and_keeps_an_existing_file_without_force() {
    use common::cli::{aceemu, scratch_dir, text};
    let dir = scratch_dir("mazezam-mc");
    let out = dir.join("mc.tap");
    let out_s = out.to_str().unwrap();
    let run = aceemu(&["tape", "mazezam-mc", out_s]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let committed = std::fs::read(root().join(mc_tape::TAPE_PATH)).unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), committed);
    std::fs::write(&out, b"mine").unwrap();
    let again = aceemu(&["tape", "mazezam-mc", out_s]);
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).contains("--force"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(std::fs::read(&out).unwrap(), b"mine");
    let forced = aceemu(&["tape", "mazezam-mc", out_s, "--force"]);
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    assert_eq!(std::fs::read(&out).unwrap(), committed);
    let _ = std::fs::remove_dir_all(&dir);
}
