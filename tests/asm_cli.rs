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
