//! Directives, symbols, macros and files, each checked against hand-worked bytes.

use aceasm::{assemble_file, assemble_str, Assembly};
use std::path::PathBuf;

fn asm(src: &str) -> Assembly {
    assemble_str("t.asm", src).unwrap_or_else(|e| panic!("{e}"))
}

fn bytes(src: &str) -> Vec<u8> {
    asm(src).bytes
}

/// A fresh directory under the system temp dir for file tests.
fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("aceasm-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn numbers_characters_and_strings() {
    assert_eq!(
        bytes(" db 10, 0x1F, $1F, 1Fh, 0FFh, %101, 0b101, 101b, 'A', '\\n', '\\''\n"),
        [10, 0x1F, 0x1F, 0x1F, 0xFF, 5, 5, 5, 0x41, 0x0A, 0x27]
    );
    assert_eq!(bytes(" db \"a;b\", 'cd', \"\\\"\\0\"\n"), b"a;bcd\"\0");
    assert_eq!(bytes(" defm \"hi\"\n dm 'x'\n defb -1\n"), b"hix\xFF");
    assert_eq!(
        bytes(" dw 0x1234, -1, 'A'\n defw 2\n"),
        [0x34, 0x12, 0xFF, 0xFF, 0x41, 0, 2, 0]
    );
    assert_eq!(bytes(" dc \"AB\", 'c'\n"), [b'A', b'B' | 0x80, b'c' | 0x80]);
    assert_eq!(bytes(" ld a,'\"'\n ld a,\"x\"\n"), [0x3E, 0x22, 0x3E, b'x']);
}

#[test]
fn expressions_and_dollar() {
    assert_eq!(
        bytes(" org 0x8000\n dw $, $ + 2 * 3, LOW(0x1234), HIGH(0x1234)\n jr $\n"),
        [0x00, 0x80, 0x06, 0x80, 0x34, 0, 0x12, 0, 0x18, 0xFE]
    );
    assert_eq!(
        bytes(" db (1 << 3) | 1, 7 / 2, -7 % 3 + 5, 1 < 2, 2 <= 1, !0, ~0 & 0xF\n"),
        [9, 3, 4, 1, 0, 1, 15]
    );
}

#[test]
fn ds_and_org_gaps() {
    assert_eq!(
        bytes(" ds 3\n ds 2, 0xAA\n defs 1, 7\n"),
        [0, 0, 0, 0xAA, 0xAA, 7]
    );
    let a = asm(" org 0x10\n nop\n org 0x14\n db 1\n");
    assert_eq!((a.origin, a.bytes), (0x10, vec![0, 0xFF, 0xFF, 0xFF, 1]));
    let a = asm("k EQU 5\n");
    assert_eq!((a.origin, a.bytes.len()), (0, 0));
}

#[test]
fn forward_references_and_equ_chains_settle() {
    // a EQU b EQU c, defined in reverse order: needs more than two passes
    let a = asm(" ld hl,a1\na1 EQU b1 + 1\nb1 EQU c1 * 2\nc1 EQU end - start\nstart: ds 4\nend:\n");
    assert_eq!(a.bytes[..3], [0x21, 9, 0]);
    assert_eq!(a.symbol("a1"), Some(9));
    // label: EQU with a colon, and an indented name EQU
    assert_eq!(asm("x: EQU 3\n  y EQU x + 1\n").symbol("y"), Some(4));
}

#[test]
fn defl_is_seen_in_source_order() {
    assert_eq!(
        bytes("v DEFL 1\n db v\nv DEFL v + 1\n db v\nv = 10\n db v\n"),
        [1, 2, 10]
    );
    assert_eq!(asm("v DEFL 1\nv DEFL 7\n").symbol("v"), Some(7));
}

#[test]
fn conditional_assembly_nests() {
    let src = "f EQU 1\n IF f\n  IF 0\n db 1\n  ELSE\n db 2\n  ENDIF\n ELSE\n  IF 1\n db 3\n  ENDIF\n ENDIF\n";
    assert_eq!(bytes(src), [2]);
    // errors inside a false branch are not reported; nested IF inside it are still matched
    assert_eq!(
        bytes(" IF 0\n junk here\n IF 1\n db 9\n ENDIF\n ELSE\n db 4\n ENDIF\n"),
        [4]
    );
    assert_eq!(
        bytes(" IF DEFINED(later)\n db 1\n ENDIF\n IF DEFINED(none)\n db 2\n ENDIF\nlater: nop\n"),
        [1, 0]
    );
}

#[test]
fn local_labels_belong_to_the_last_global_label() {
    let a = asm("one: nop\n.x: nop\ntwo: nop\n.x: jr .x\n jp one.x\n");
    assert_eq!(a.symbol("one.x"), Some(1));
    assert_eq!(a.symbol("two.x"), Some(3));
    assert_eq!(a.bytes[3..], [0x18, 0xFE, 0xC3, 1, 0]);
    // EQU does not start a new scope
    let a = asm("g: nop\nk EQU 4\n.y: nop\n");
    assert_eq!(a.symbol("g.y"), Some(1));
}

#[test]
fn macros_with_private_locals_nested_calls_and_label_parameters() {
    let src = "\
INNER MACRO v
.here:  db v
        dw .here
        ENDM
OUTER MACRO name, v
.top:   INNER v
        INNER (v + 1)
name:
        dw .top
        ENDM
        org 0x100
        OUTER first, 1
.after: OUTER second, 3
        jr first.after
";
    let a = asm(src);
    #[rustfmt::skip]
    assert_eq!(a.bytes, [
        1, 0x00, 0x01,  2, 0x03, 0x01,  0x00, 0x01,   // OUTER first, 1 at 0x100; first = 0x106
        3, 0x08, 0x01,  4, 0x0B, 0x01,  0x08, 0x01,   // OUTER second, 3 at 0x108; second = 0x10E
        0x18, 0xF6,                                  // jr first.after (0x108) from 0x110
    ]);
    assert_eq!(a.symbol("first"), Some(0x106));
    assert_eq!(a.symbol("second"), Some(0x10E));
    // `.after` follows the expansion that defined `first`, so it is first.after
    assert_eq!(a.symbol("first.after"), Some(0x108));
    assert!(a
        .symbols
        .iter()
        .all(|(n, _)| !n.contains("here") && !n.contains("top")));
}

#[test]
fn column_one_mnemonics_and_macro_names_are_not_labels() {
    assert_eq!(bytes("nop\nM MACRO\n db 7\n ENDM\nM\nhalt\n"), [0, 7, 0x76]);
}

#[test]
fn end_stops_reading_the_file() {
    assert_eq!(bytes(" db 1\n END\n db 2\n"), [1]);
}

#[test]
fn assert_passes_silently() {
    assert_eq!(bytes(" db 1\n ASSERT $ == 1, \"one byte\"\n"), [1]);
}

#[test]
fn include_and_incbin_are_relative_to_the_including_file() {
    let d = temp_dir("files");
    std::fs::create_dir_all(d.join("sub")).unwrap();
    std::fs::write(d.join("main.asm"), " db 1\n INCLUDE \"sub/a.asm\"\n db 4\n").unwrap();
    std::fs::write(
        d.join("sub/a.asm"),
        " db 2\n INCBIN \"data.bin\"\n INCLUDE \"b.asm\"\n",
    )
    .unwrap();
    std::fs::write(d.join("sub/b.asm"), "inb: db 3\n END\n db 99\n").unwrap();
    std::fs::write(d.join("sub/data.bin"), [0xAB, 0xCD]).unwrap();
    let a = assemble_file(&d.join("main.asm")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.bytes, [1, 2, 0xAB, 0xCD, 3, 4]);
    assert_eq!(a.symbol("inb"), Some(4));
    let names: Vec<String> = a
        .inputs
        .iter()
        .map(|p| p.strip_prefix(&d).unwrap().display().to_string())
        .collect();
    assert_eq!(
        names,
        ["main.asm", "sub/a.asm", "sub/b.asm", "sub/data.bin"]
    );
    // errors in included files name that file
    std::fs::write(d.join("sub/b.asm"), " nop\n bad\n").unwrap();
    let e = assemble_file(&d.join("main.asm")).unwrap_err();
    let shown = e.to_string();
    assert!(
        shown.ends_with("b.asm:2:2: unknown mnemonic 'bad'"),
        "{shown}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn missing_root_file_is_an_error_not_a_panic() {
    let e = assemble_file(std::path::Path::new("/no/such/dir/x.asm")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "/no/such/dir/x.asm:1:1: cannot read \"/no/such/dir/x.asm\": file not found"
    );
}

#[test]
fn output_is_identical_from_run_to_run() {
    let src = "M MACRO n\n.l: db n\n dw .l\n ENDM\n org 0x20\n M 1\nx: M 2\n jp y\ny EQU x + 1\n";
    let a = asm(src);
    for _ in 0..3 {
        assert_eq!(asm(src), a);
    }
}

#[test]
fn listing_and_symbol_file() {
    let a = asm(" org 0x100\nstart: ld a,1\nk EQU 0x3C00\n db 1,2,3,4,5\n");
    let expected = [
        "0100                 org 0x100",
        "0100  3E 01         start: ld a,1",
        "=3C00               k EQU 0x3C00",
        "0102  01 02 03 04    db 1,2,3,4,5",
        "0106  05",
        "0107                ",
    ];
    assert_eq!(a.listing.lines().collect::<Vec<_>>(), expected);
    assert_eq!(
        a.symbol_file(),
        "k EQU 0x3C00 ; constant\nstart EQU 0x0100\n"
    );
    assert_eq!(
        a.symbols,
        vec![("k".to_string(), 0x3C00), ("start".to_string(), 0x100)]
    );
}

#[test]
fn awkward_forth_names_pass_through_macro_arguments() {
    let src = "N MACRO name\n  DC name\n  ENDM\n  N \";\"\n  N \".\\\"\"\n  N \"'\"\n  N \"[']\"\n  N \",\"\n  N \")\"\n  DC \"a;b\" ; \"x\n";
    assert_eq!(
        bytes(src),
        [
            b';' | 0x80,
            b'.',
            b'"' | 0x80,
            b'\'' | 0x80,
            b'[',
            b'\'',
            b']' | 0x80,
            b',' | 0x80,
            b')' | 0x80,
            b'a',
            b';',
            b'b' | 0x80
        ]
    );
}

#[test]
fn incbin_of_a_file_larger_than_the_address_space_is_refused_by_name() {
    let d = temp_dir("bigbin");
    std::fs::write(d.join("big.bin"), vec![0u8; 0x10001]).unwrap();
    std::fs::write(d.join("main.asm"), " nop\n INCBIN \"big.bin\"\n").unwrap();
    let e = assemble_file(&d.join("main.asm")).unwrap_err();
    let shown = e.to_string();
    assert!(
        shown.contains("main.asm:2:9: ") && shown.ends_with("big.bin\" is larger than 65536 bytes"),
        "{shown}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// INCBIN of something endless (a pipe whose writer never closes, like a device) must end
/// with an error after 64 KB instead of reading for ever. Without the cap the assembly
/// blocks in the read; the channel timeout (far above the milliseconds the read takes)
/// turns that hang into a failure.
#[cfg(unix)]
#[test]
fn incbin_of_an_endless_pipe_is_refused_as_not_a_regular_file() {
    use std::io::Write;
    use std::sync::mpsc;
    use std::time::Duration;
    let d = temp_dir("fifo");
    let fifo = d.join("endless.bin");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo not available: test skipped");
        return;
    }
    // The writer keeps the pipe open (so a reader never sees its end) until the test ends.
    let (stop_tx, stop_rx) = mpsc::channel::<()>();
    let writer_path = fifo.clone();
    std::thread::spawn(move || {
        let mut w = std::fs::OpenOptions::new()
            .write(true)
            .open(&writer_path)
            .unwrap();
        let _ = w.write_all(&vec![0u8; 0x20000]); // fails once the reader has gone
        let _ = stop_rx.recv();
    });
    let (tx, rx) = mpsc::channel();
    let src = format!(" INCBIN \"{}\"\n", fifo.display());
    std::thread::spawn(move || {
        let _ = tx.send(assemble_str("t.asm", &src).map_err(|e| e.to_string()));
    });
    let result = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("INCBIN of an endless pipe still reading after 60 s");
    drop(stop_tx);
    let e = result.unwrap_err();
    assert!(
        e.ends_with("endless.bin\": it is not a regular file"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_source_that_is_not_utf8_names_the_first_bad_byte() {
    let d = temp_dir("utf8");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("main.asm"), " nop\n INCLUDE \"bad.asm\"\n").unwrap();
    std::fs::write(d.join("bad.asm"), b" nop\n db \"\xE9t\xE9\"\n").unwrap();
    let e = assemble_file(&d.join("main.asm")).unwrap_err().to_string();
    assert!(e.contains("main.asm:2:10: "), "{e}");
    assert!(
        e.ends_with("bad.asm\" is not UTF-8 text (first bad byte at line 2, column 6)"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&d);
}
