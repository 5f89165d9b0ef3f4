//! The open ROM's real header macros (roms/openace/macros.asm, sysvars.asm) used the way the
//! ROM uses them; the bytes below are worked out by hand from the header layout of
//! shared/spec/ace-forth.md 4.2 (name with bit 7 on its last character, link to the previous
//! name-length field, length byte with the IMMEDIATE bit, code field). Since issue 16 the
//! macros PIN each header at `<cfa>_pin` with the link `<cfa>_link` (pins.asm in the ROM;
//! defined here by hand so that the words tile the same bytes as a plain assembly would).

fn rom_dir() -> String {
    format!("{}/../../roms/openace", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn word_headers_built_by_the_rom_macros() {
    let src = format!(
        r#"        INCLUDE "{dir}/macros.asm"
        INCLUDE "{dir}/sysvars.asm"
dup_cfa_pin EQU 0x1008
dup_cfa_link EQU 0
two_dup_cfa_pin EQU 0x1016
two_dup_cfa_link EQU 0x1007
exit_cfa_pin EQU 0x1025
exit_cfa_link EQU 0x1015
lit_cfa_pin EQU 0x102C
dup_rt_pin EQU 0x102F
        ORG 0x1000
docolon: jp (iy)                        ; stand-in for the colon-word runtime
        PACK 0x1000, 0x2000
        FALLCHECK ON
        SECTION
        PRIM "DUP", dup_cfa, 0
        pop hl
.loop:  push hl
        push hl
        jp (iy)
        COLON "2DUP", two_dup_cfa, IMMEDIATE
        DW dup_cfa, dup_cfa, exit_cfa
        PRIM "EXIT", exit_cfa, 0
        jp (iy)
        RUNTIME_LIT lit_cfa, 2
        RUNTIME dup_rt, 0, dup_cfa - 6
        ENDS
"#,
        dir = rom_dir()
    );
    let asm = aceasm::assemble_str("headers.asm", &src).unwrap_or_else(|e| panic!("{e}"));
    #[rustfmt::skip]
    let expected: &[u8] = &[
        0xFD, 0xE9,                   // 1000 docolon: JP (IY)
        b'D', b'U', b'P' | 0x80,      // 1002 name, bit 7 on the last character
        0x00, 0x00,                   // 1005 link: first word, 0 ends the chain
        0x03,                         // 1007 length 3, not immediate
        0x0A, 0x10,                   // 1008 code field -> 100A: the code FOLLOWS
        0xE1, 0xE5, 0xE5, 0xFD, 0xE9, // 100A POP HL / PUSH HL / PUSH HL / JP (IY)
        b'2', b'D', b'U', b'P' | 0x80,// 100F
        0x07, 0x10,                   // 1013 link -> DUP's length byte at 1007
        0x44,                         // 1015 length 4 | IMMEDIATE (0x40)
        0x00, 0x10,                   // 1016 code field = docolon
        0x08, 0x10, 0x08, 0x10,       // 1018 DW dup_cfa, dup_cfa
        0x25, 0x10,                   // 101C DW exit_cfa (forward reference)
        b'E', b'X', b'I', b'T' | 0x80,// 101E
        0x15, 0x10,                   // 1022 link -> 2DUP's length byte at 1015
        0x04,                         // 1024
        0x27, 0x10,                   // 1025 code field -> 1027
        0xFD, 0xE9,                   // 1027 JP (IY)
        0x02, 0xFF, 0xFF,             // 1029 literal runtime: 2 operand bytes, no name
        0x00, 0xD4, 0xFF,             // 102C runtime: 0 operand bytes, 1002 - (102D + 1)
    ];
    assert_eq!(asm.origin, 0x1000);
    assert_eq!(asm.bytes, expected, "\n{}", asm.listing);
    for (name, value) in [
        ("docolon", 0x1000),
        ("dup_cfa", 0x1008),
        ("dup_cfa.loop", 0x100B),
        ("two_dup_cfa", 0x1016),
        ("exit_cfa", 0x1025),
        ("lit_cfa", 0x102C),
        ("dup_rt", 0x102F),
        ("O_FLAGS", 0x3E),
    ] {
        assert_eq!(asm.symbol(name), Some(value), "{name}");
    }
    // labels private to one expansion (.nm/.nl of HEADER) are not in the symbol table
    assert!(asm
        .symbols
        .iter()
        .all(|(n, _)| !n.contains(".nm") && !n.contains(".nl")));
    // runtime offset: target = offset field + 1 + offset = the owner's name field
    let off = i16::from_le_bytes([asm.bytes[0x2D], asm.bytes[0x2E]]) as i32;
    assert_eq!(0x102D + 1 + off, 0x1002);
}
