//! `aceemu asm` from the outside: outputs written, errors located, the source protected.

mod common;

use common::cli::{aceemu, scratch_dir};
use std::path::PathBuf;

#[test]
fn writes_binary_listing_and_symbols_overwriting_old_outputs() {
    let dir = scratch_dir("ok");
    let src = dir.join("p.asm");
    std::fs::write(
        &src,
        "        org 0x4000\nstart:  ld a,0x41\n        jr start\n",
    )
    .unwrap();
    let (bin, lst, sym) = (dir.join("p.bin"), dir.join("p.lst"), dir.join("p.sym"));
    std::fs::write(&bin, b"old contents").unwrap();
    let s = |p: &PathBuf| p.to_str().unwrap().to_string();
    let out = aceemu(&[
        "asm",
        &s(&src),
        "-o",
        &s(&bin),
        "--list",
        &s(&lst),
        "--sym",
        &s(&sym),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(&bin).unwrap(), [0x3E, 0x41, 0x18, 0xFC]);
    assert_eq!(std::fs::read_to_string(&sym).unwrap(), "start EQU 0x4000\n");
    let listing = std::fs::read_to_string(&lst).unwrap();
    assert!(listing.contains("4002  18 FC"), "{listing}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("4 bytes, 0x4000..0x4003"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_are_listed_with_locations_and_nothing_is_written() {
    let dir = scratch_dir("err");
    let src = dir.join("bad.asm");
    std::fs::write(&src, "  nop\n  frob a\n  ld a,999\n").unwrap();
    let bin = dir.join("bad.bin");
    let out = aceemu(&["asm", src.to_str().unwrap(), "-o", bin.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.asm:2:3: unknown mnemonic 'frob'"),
        "{err}"
    );
    assert!(err.contains("nothing written"), "{err}");
    assert!(!bin.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn refuses_to_write_over_its_input() {
    let dir = scratch_dir("self");
    let src = dir.join("s.asm");
    std::fs::write(&src, "  nop\n").unwrap();
    let out = aceemu(&["asm", src.to_str().unwrap(), "-o", src.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("is the input file"));
    assert_eq!(std::fs::read_to_string(&src).unwrap(), "  nop\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An output path naming a file the source INCLUDEs or INCBINs used to overwrite it: the
/// included source was replaced by the binary. Now refused, nothing written.
#[test]
fn refuses_to_write_over_an_included_or_incbinned_file() {
    let dir = scratch_dir("included");
    let src = dir.join("main.asm");
    std::fs::write(&src, "  INCLUDE \"part.asm\"\n  INCBIN \"blob.bin\"\n").unwrap();
    std::fs::write(dir.join("part.asm"), "  nop\n").unwrap();
    std::fs::write(dir.join("blob.bin"), b"AB").unwrap();
    for (flag, victim) in [
        ("-o", "part.asm"),
        ("--sym", "blob.bin"),
        ("--list", "part.asm"),
    ] {
        let target = dir.join(victim);
        let other = dir.join("out.bin");
        let mut args = vec!["asm", src.to_str().unwrap()];
        if flag != "-o" {
            args.extend(["-o", other.to_str().unwrap()]);
        }
        args.extend([flag, target.to_str().unwrap()]);
        let out = aceemu(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{flag} {victim}");
        assert!(err.contains("is read by the assembly"), "{err}");
        assert!(!other.exists(), "nothing is written");
    }
    assert_eq!(std::fs::read(dir.join("part.asm")).unwrap(), b"  nop\n");
    assert_eq!(std::fs::read(dir.join("blob.bin")).unwrap(), b"AB");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two outputs on one path (`-o x --list x`) used to write one over the other.
#[test]
fn refuses_two_outputs_on_one_path() {
    let dir = scratch_dir("twice");
    let src = dir.join("s.asm");
    std::fs::write(&src, "  nop\n").unwrap();
    let bin = dir.join("s.bin");
    let bin2 = dir.join(".").join("s.bin");
    let out = aceemu(&[
        "asm",
        src.to_str().unwrap(),
        "-o",
        bin.to_str().unwrap(),
        "--list",
        bin2.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("are the same file"));
    assert!(!bin.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
