//! SECTION / ENDS, AT, PIN and PACK: where the packer puts sections, and the errors when it
//! cannot. Every expected byte and address below is worked out by hand in the comments.

use aceasm::{assemble_str, Assembly, Section};

fn asm(src: &str) -> Assembly {
    assemble_str("t.asm", src).unwrap_or_else(|e| panic!("{e}"))
}

/// The one error of a source that must fail, as `line:col: message`.
/// Every section's name and start, in source order.
fn section_starts(a: &Assembly) -> Vec<(String, u16)> {
    a.sections
        .iter()
        .map(|s| (s.name.clone(), s.start))
        .collect()
}

fn error(src: &str) -> String {
    let e = assemble_str("t.asm", src).expect_err("must fail");
    assert_eq!(e.0.len(), 1, "one error expected: {e}");
    let e = &e.0[0];
    format!("{}:{}: {}", e.line, e.column, e.message)
}

#[test]
fn pinned_section_sits_at_its_address_and_a_floating_one_fills_a_gap() {
    let a = asm("        org 0x100
        nop
        PACK 0x100, 0x110
        SECTION a AT 0x108
        db 0xAA, 0xBB
        ENDS
        SECTION b
        db 1, 2, 3
        ENDS
");
    // Fixed code 0x100; a pinned 0x108-0x109. Gaps 0x101-0x107 (7 bytes) and 0x10A-0x10F
    // (6 bytes): best fit puts b (3 bytes) into the smaller one, at 0x10A.
    let mut want = vec![0x00];
    want.extend([0xFF; 7]);
    want.extend([0xAA, 0xBB, 1, 2, 3]);
    assert_eq!((a.origin, a.bytes), (0x100, want));
    assert_eq!(
        a.sections,
        [
            Section {
                name: "a".into(),
                start: 0x108,
                len: 2,
                pinned: true
            },
            Section {
                name: "b".into(),
                start: 0x10A,
                len: 3,
                pinned: false
            },
        ]
    );
    assert_eq!(a.gaps, [(0x101, 7), (0x10D, 3)]);
}

/// A word-like section pinned by the address of its code field (not its start), its code
/// in a floating section, labels used across sections both ways, a JR inside the moved code.
const WORD: &str = "        ORG 0
        DB 0xEE
        PACK 0, 0x20
        SECTION word
        DC \"AB\"
        PIN 0x10
cfa:    DW code
        ENDS
        SECTION body
code:   LD A,1
        JR code
        ENDS
        DW cfa
";

#[test]
fn pin_inside_a_section_fixes_that_point_and_labels_cross_sections() {
    let a = asm(WORD);
    // word: 'A' 'B'|0x80 then the pinned DW: PIN at offset 2 = 0x10, so it starts at 0x0E.
    // Fixed code: 0x00 (DB) and 0x01-0x02 (the DW cfa after the sections, assembled where
    // the outer code continues). Gaps: 0x03-0x0D (11) and 0x12-0x1F (14); body (4 bytes)
    // goes into the smaller, at 0x03: LD A,1 = 3E 01; JR code from 0x05: 3 - 7 = -4 = FC.
    #[rustfmt::skip]
    let want = [
        0xEE, 0x10, 0x00,             // 00 DB 0xEE; 01 DW cfa = 0x0010
        0x3E, 0x01, 0x18, 0xFC,       // 03 code: LD A,1; JR code
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // 07-0D free
        0x41, 0xC2,                   // 0E "AB" with bit 7 on B
        0x03, 0x00,                   // 10 cfa: DW code = 0x0003
    ];
    assert_eq!(a.bytes, want);
    assert_eq!(a.symbol("cfa"), Some(0x10));
    assert_eq!(a.symbol("code"), Some(0x03));
}

#[test]
fn listing_and_symbols_show_the_placed_addresses() {
    let a = asm(WORD);
    assert!(
        a.symbol_file().contains("code EQU 0x0003\n"),
        "{}",
        a.symbol_file()
    );
    assert!(a.symbol_file().contains("cfa EQU 0x0010\n"));
    let l = &a.listing;
    assert!(l.contains("0003  3E 01         code:   LD A,1\n"), "{l}");
    assert!(l.contains("0005  18 FC                 JR code\n"), "{l}");
    assert!(l.contains("0010  03 00         cfa:    DW code\n"), "{l}");
    assert!(l.contains("; 0003-0006     4 bytes  packed  body\n"), "{l}");
    assert!(l.contains("; 000E-0011     4 bytes  pinned  word\n"), "{l}");
    assert!(l.contains("; free in PACK regions: 21 bytes\n"), "{l}");
    assert!(l.contains("; 0007-000D     7 bytes  free\n"), "{l}");
}

#[test]
fn in_order_packing_keeps_source_order_where_it_fits() {
    let src = |order: &str| {
        format!(
            "        ORG 0
        PACK 0, 16{order}
        SECTION fix AT 4
        DB 0
        ENDS
        SECTION s1
        DS 2, 1
        ENDS
        SECTION s2
        DS 6, 2
        ENDS
        SECTION s3
        DS 3, 3
        ENDS
"
        )
    };
    // Gaps 0-3 (4) and 5-15 (11).
    // INORDER: s1 (2) -> 0; s2 (6) -> 5 (0-3 has 2 left); s3 (3) -> 11.
    let starts = section_starts(&asm(&src(", INORDER")));
    assert_eq!(
        starts,
        [
            ("s1".into(), 0),
            ("fix".into(), 4),
            ("s2".into(), 5),
            ("s3".into(), 11)
        ]
    );
    // BESTFIT (the default): s2 (6) -> 5; s3 (3) -> 0 (4 is the smallest gap it fits);
    // s1 (2) -> 11 (the 0-3 gap has 1 left, 11-15 has 5).
    for order in ["", ", BESTFIT", ", bestfit"] {
        let a = asm(&src(order));
        let starts = section_starts(&a);
        assert_eq!(
            starts,
            [
                ("s3".into(), 0),
                ("fix".into(), 4),
                ("s2".into(), 5),
                ("s1".into(), 11)
            ]
        );
        assert_eq!(a.bytes, [3, 3, 3, 0xFF, 0, 2, 2, 2, 2, 2, 2, 1, 1]);
    }
}

#[test]
fn fill_packs_what_largest_first_cannot() {
    // Gaps 0-5 (6) and 7-15 (9); sections of 5, 4, 3 and 3 bytes (15 of 15).
    let src = |order: &str| {
        format!(
            "        ORG 0
        PACK 0, 16{order}
        SECTION fix AT 6
        DB 0
        ENDS
        SECTION a
        DS 5, 1
        ENDS
        SECTION b
        DS 4, 2
        ENDS
        SECTION c
        DS 3, 3
        ENDS
        SECTION d
        DS 3, 4
        ENDS
"
        )
    };
    // BESTFIT: a (5) -> 0 (the 6 gap), b (4) -> 7, c (3) -> 11, d finds 1 and 2 bytes.
    assert!(error(&src("")).contains("section 'd' (3 bytes) fits in no free gap"));
    // FILL: the 6 gap first takes c and d exactly, the 9 gap a and b.
    let starts = section_starts(&asm(&src(", FILL")));
    assert_eq!(
        starts,
        [
            ("c".into(), 0),
            ("d".into(), 3),
            ("fix".into(), 6),
            ("a".into(), 7),
            ("b".into(), 12)
        ]
    );
}

#[test]
fn placement_is_deterministic_and_equal_sizes_keep_source_order() {
    let src = "        ORG 0
        PACK 0, 8
        SECTION fix AT 3
        DB 0
        ENDS
        SECTION x
        DB 1, 1, 1
        ENDS
        SECTION y
        DB 2, 2, 2
        ENDS
";
    // Two gaps of 3 (0-2, 4-6) and 7 (1): x first in source order takes the lower one.
    let a = asm(src);
    assert_eq!(a.bytes, [1, 1, 1, 0, 2, 2, 2]);
    for _ in 0..3 {
        assert_eq!(asm(src), a);
    }
}

#[test]
fn a_section_too_big_for_any_gap_names_itself_its_size_and_the_largest_gap() {
    let src = "        ORG 0
        PACK 0, 8
        SECTION a AT 3
        DB 0
        ENDS
        SECTION big
        DS 5
        ENDS
";
    assert_eq!(
        error(src),
        "6:17: section 'big' (5 bytes) fits in no free gap of the PACK regions: \
         the largest is 4 bytes at 0x0004-0x0007 (7 bytes free in all)"
    );
}

#[test]
fn overlapping_pins_name_both_sections() {
    let src = "        ORG 0
        SECTION a AT 3
        DS 4
        ENDS
        SECTION b
        DB 1
        PIN 6
        DB 2
        ENDS
";
    // a: 0x03-0x06; b: PIN 6 at offset 1, so it starts at 5: 0x05-0x06.
    assert_eq!(
        error(src),
        "5:17: pinned section 'b' (0x0005-0x0006) overlaps pinned section 'a' \
         (0x0003-0x0006, at t.asm:2)"
    );
    let src = "        ORG 0
        DS 4
        SECTION a AT 3
        DB 1
        ENDS
";
    assert_eq!(
        error(src),
        "3:17: pinned section 'a' (0x0003-0x0003) overlaps code outside sections (0x0000-0x0003)"
    );
}

#[test]
fn relative_jumps_are_checked_at_the_placed_addresses() {
    let src = "        ORG 0
        PACK 0, 0x300
        SECTION far AT 0x2FF
target: NOP
        ENDS
        SECTION near
        JR target
        ENDS
";
    // near goes to 0 (the only gap): the JR at 0 reaches 0x2FF - 2 = 765 bytes away.
    assert_eq!(
        error(src),
        "7:12: relative jump out of range: target is 765 bytes away (limit -128..+127)"
    );
    // The same JR is fine when the packer puts near next to its target.
    // (Region 0x2F0-0x2FF: the gap 0x2F0-0x2FE, near at its start; JR at 0x2F0 to 0x2FF
    // is 0x2FF - 0x2F2 = 13 = 0x0D.)
    let a = asm(&src.replace("PACK 0, 0x300", "PACK 0x2F0, 0x300"));
    let near = a.sections.iter().find(|s| s.name == "near").unwrap();
    assert_eq!(near.start, 0x2F0);
    assert_eq!(
        &a.bytes[0x2F0..],
        [
            0x18, 0x0D, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0x00
        ]
    );
}

#[test]
fn pin_outside_a_section_asserts_the_address() {
    assert_eq!(asm(" org 5\n PIN 5\n nop\n PIN 6\n").bytes, [0]);
    assert_eq!(
        error(" org 5\n nop\n nop\n PIN 6\n"),
        "4:6: PIN 0x0006: this point is at 0x0007, 1 bytes after its pinned address"
    );
    // A second PIN in a section must agree with the first (which places the section).
    assert_eq!(
        error(" org 0\n SECTION s AT 8\n nop\n PIN 10\n ENDS\n"),
        "4:6: PIN 0x000A: this point is at 0x0009, 1 bytes before its pinned address \
         (section 's' is placed by its first AT/PIN, at 0x0008)"
    );
}

#[test]
fn section_misuse_is_a_clear_error() {
    let cases: &[(&str, &str)] = &[
        (" ENDS\n", "1:2: ENDS without SECTION"),
        (" SECTION s\n nop\n", "1:10: SECTION 's' has no ENDS"),
        (
            " SECTION s AT 0\n SECTION t\n ENDS\n",
            "2:2: SECTION inside section 's' (started at t.asm:1); close it with ENDS first",
        ),
        (
            " SECTION s AT 0\n ORG 4\n ENDS\n",
            "2:2: ORG inside section 's': the packer places sections (give the section an \
             address with AT or PIN instead)",
        ),
        (
            " SECTION s\n nop\n ENDS\n",
            "1:10: section 's' has no fixed address (AT or PIN) and there is no PACK region \
             to place it in",
        ),
        (
            " SECTION s AT 0\n ENDS\n SECTION s AT 2\n ENDS\n",
            "3:10: duplicate section 's': first at t.asm:1",
        ),
        (
            " SECTION s AT\n ENDS\n",
            "1:12: expected `AT address` or `FOLLOWS section` after the section name, found 'AT'",
        ),
        (
            " PACK 0, 8, TIGHT\n",
            "1:13: 'TIGHT' is not a packing order (BESTFIT, INORDER or FILL)",
        ),
        (
            " PACK 8, 4\n",
            "1:7: PACK region 0x0008..0x0004 must satisfy 0 <= lo <= end <= 0x10000",
        ),
        (
            " SECTION\n nop\n ENDS\n",
            "1:2: section '@0' has no fixed address (AT or PIN) and there is no PACK region \
             to place it in",
        ),
        (
            " FALLCHECK ON\n PACK 0, 8\n SECTION s\n jp nz,0\n ENDS\n",
            "5:2: section 's' ends with `jp nz,0`, which would run on into whatever the packer \
             places next: end it with JP, JR or RET (or data)",
        ),
        (" FALLCHECK maybe\n", "1:12: FALLCHECK takes ON or OFF"),
        (
            " SECTION s\n DS 4\n PIN 2\n ENDS\n",
            "1:10: section 's' (4 bytes) pinned at -2 does not fit in 0x0000-0xFFFF",
        ),
        (
            " SECTION s AT 0xFFFE\n DS 4\n ENDS\n",
            "1:10: section 's' (4 bytes) pinned at 0xFFFE does not fit in 0x0000-0xFFFF",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&error(src), want, "source: {src:?}");
    }
}

#[test]
fn a_label_on_section_names_its_start_and_forward_references_settle() {
    let a = asm("        ORG 0
        DW later, size
        PACK 0, 0x40
here:   SECTION s AT 0x20
        DB 7
later:  DB 8
there:  ENDS
size    EQU there - here
");
    assert_eq!(a.symbol("here"), Some(0x20));
    assert_eq!(a.symbol("later"), Some(0x21));
    assert_eq!(a.symbol("size"), Some(2));
    assert_eq!(&a.bytes[..4], [0x21, 0x00, 0x02, 0x00]);
    assert_eq!(&a.bytes[0x20..], [7, 8]);
}

/// The example in SYNTAX.md assembles as it says.
#[test]
fn the_syntax_md_example_places_the_code_field_at_its_pin() {
    let doc = include_str!("../SYNTAX.md");
    let from = doc
        .find("Example: a Forth word")
        .expect("example in SYNTAX.md");
    let code = doc[from..].split("```").nth(1).expect("code block");
    let a = asm(code);
    assert_eq!(a.symbol("dup_cfa"), Some(0x086B));
    assert_eq!(a.symbol("dup_code"), Some(0x2000));
    // Header from 0x0865: 'D' 'U' 'P'|0x80, link 0, length 3, then DW 0x2000.
    assert_eq!(
        &a.bytes[0x0865..0x086D],
        [b'D', b'U', b'P' | 0x80, 0, 0, 3, 0x00, 0x20]
    );
    assert_eq!(&a.bytes[0x2000..], [0xE1, 0xE5, 0xE5, 0xFD, 0xE9]);
}

/// Random layouts: whatever the sizes, pins and regions, the assembler either places every
/// section (each floating one inside a PACK region, no two sections or fixed code sharing a
/// byte, each pinned one at its AT, every byte of each section in the image) or reports
/// located errors; never a panic.
#[test]
fn random_layouts_are_placed_consistently_or_refused() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut placed, mut refused) = (0, 0);
    for _ in 0..300 {
        let mut src = String::from(" org 0x100\n");
        let fixed = next(40);
        src += &format!(" ds {fixed}, 0xEE\n");
        let lo = 0x100 + next(80);
        let end = lo + next(200);
        src += &format!(
            " pack {lo}, {end}{}\n",
            if next(2) == 0 { "" } else { ", inorder" }
        );
        let mut want: Vec<(String, u64, Option<u64>)> = Vec::new();
        for i in 0..1 + next(8) {
            let size = next(40);
            let pin = (next(3) == 0).then(|| 0x100 + next(300));
            match pin {
                Some(a) => src += &format!(" section s{i} at {a}\n"),
                None => src += &format!(" section s{i}\n"),
            }
            src += &format!(" ds {size}, {i}\n ends\n");
            want.push((format!("s{i}"), size, pin));
        }
        match assemble_str("r.asm", &src) {
            Ok(a) => {
                placed += 1;
                let mut used = vec![false; 0x10000];
                used[0x100..0x100 + fixed as usize].fill(true);
                for (name, size, pin) in &want {
                    let s = a.sections.iter().find(|s| &s.name == name).unwrap();
                    assert_eq!(s.len as u64, *size, "{src}");
                    let start = u64::from(s.start);
                    match pin {
                        Some(p) => assert_eq!(start, *p, "{src}"),
                        None if *size > 0 => assert!(start >= lo && start + size <= end, "{src}"),
                        None => {}
                    }
                    for b in start..start + size {
                        assert!(!used[b as usize], "byte {b:#X} used twice:\n{src}");
                        used[b as usize] = true;
                        let i: u8 = name[1..].parse().unwrap();
                        assert_eq!(a.bytes[(b - 0x100) as usize], i, "{src}");
                    }
                }
            }
            Err(e) => {
                refused += 1;
                assert!(e.0.iter().all(|e| e.file == "r.asm" && e.line >= 1), "{e}");
            }
        }
    }
    // Both outcomes are exercised.
    assert!(
        placed > 30 && refused > 30,
        "placed {placed}, refused {refused}"
    );
}

#[test]
fn asserts_see_the_placed_addresses() {
    let src = "        ORG 0
        PACK 0x10, 0x20
        ASSERT body == 0x10, \"body is packed at the region's start\"
        SECTION body
body:   NOP
        ASSERT $ == 0x11
        ENDS
";
    assert_eq!(asm(src).symbol("body"), Some(0x10));
    assert_eq!(
        error(&src.replace("ASSERT $ == 0x11", "ASSERT $ == 0x12, \"moved\"")),
        "6:16: assertion failed: moved"
    );
}

#[test]
fn fallcheck_accepts_sections_that_end_in_a_jump_or_data() {
    // Every way a section may end under FALLCHECK ON; FALLCHECK OFF lets one run on.
    let a = asm("        ORG 0
        FALLCHECK ON
        PACK 0, 64
        SECTION a
        JP 0
        ENDS
        SECTION bee
here:   JR here
        ENDS
        SECTION c
        RET
        ENDS
        SECTION d
        JP (IY)
        ENDS
        SECTION e
        RST 32
        DB 3
        ENDS
        SECTION f
        DW 0
        ENDS
        FALLCHECK OFF
        SECTION g
        NOP
        ENDS
");
    assert_eq!(a.sections.len(), 7);
}

#[test]
fn anonymous_sections_and_followers_place_code_after_a_pinned_header() {
    // A word's header pinned at 0x10 with its code FOLLOWing it (ALWAYS: even though the
    // 14-byte gap is left with a sliver) when the gap holds it, a
    // second one whose code does not fit behind it (the next pin is 2 bytes on), and an
    // anonymous section; `##` pastes a label from a macro parameter.
    let a = asm("        ORG 0
        PACK 0, 0x40
HEAD    MACRO cfa, at
        SECTION cfa##_head
        PIN at
cfa:    DW cfa##_code
        ENDS
        SECTION cfa##_body FOLLOWS cfa##_head ALWAYS
cfa##_code:
        ENDM
        HEAD one, 0x10
        NOP
        JP (IY)
        ENDS
        HEAD two, 0x20
        NOP
        NOP
        JP (IY)
        ENDS
        SECTION blocker AT 0x24
        DB 1
        ENDS
        SECTION
        RET
        ENDS
");
    assert_eq!(a.symbol("one_code"), Some(0x12), "inline after its header");
    assert_eq!(a.bytes[0x10..0x12], [0x12, 0x00]);
    let two = a.symbol("two_code").unwrap();
    assert_ne!(two, 0x22, "4 bytes do not fit 0x22-0x23: packed elsewhere");
    assert_eq!(a.bytes[0x20..0x22], (two as u16).to_le_bytes());
    assert!(
        a.sections.iter().any(|s| s.name == "@5"),
        "{:?}",
        a.sections
    );
}

#[test]
fn jrx_is_a_jr_in_range_and_a_jp_out_of_it() {
    // near: 3 bytes on (JR, 18 03); far: pinned 0x200 away (JP NZ, C2 00 02); the floating
    // section lands at 0x0006 and jumps back 8 bytes (JR, 18 F8).
    let a = asm("        ORG 0
        PACK 0, 0x400
start:  JRX near
        JRX NZ,far
near:   NOP
        SECTION blk AT 0x200
far:    RET
        ENDS
        SECTION fl
        JRX start
        ENDS
");
    assert_eq!(
        a.bytes[..8],
        [0x18, 0x03, 0xC2, 0x00, 0x02, 0x00, 0x18, 0xF8]
    );
}

#[test]
fn follows_always_takes_the_gap_even_when_it_leaves_a_sliver() {
    // h is pinned at 0x10 (2 bytes); the gap after it runs to 0x1A (8 bytes). A 4-byte
    // follower would leave 4: plain FOLLOWS declines (best fit puts it in the 4-byte gap at
    // 0x20), FOLLOWS ... ALWAYS takes it (0x12).
    let src = |always: &str| {
        format!(
            "        ORG 0
        PACK 0, 0x30
        SECTION h AT 0x10
        DW 0
        ENDS
        SECTION x AT 0x1A
        DS 6
        ENDS
        SECTION y AT 0x24
        DS 12
        ENDS
        SECTION b FOLLOWS h {always}
b:      DS 4
        ENDS
        SECTION filler
        DS 16
        ENDS
"
        )
    };
    assert_eq!(asm(&src("ALWAYS")).symbol("b"), Some(0x12));
    assert_eq!(asm(&src("")).symbol("b"), Some(0x20));
}

#[test]
fn fill_packs_the_pieces_a_jrx_links_together_so_that_it_stays_a_jr() {
    // Two gaps far apart: 0x000-0x011 (18 bytes) and 0x300-0x315 (22 bytes), 40 in all.
    // The pieces are 40 bytes only with a's JRX a JR (a 10, b 12, c 10, d 8); with it a JP
    // (a 11) by size alone they cannot all fit. FILL by size fills the 18-byte gap first
    // with a and d (the first exact sum it finds, largest first), which leaves b 0x300
    // bytes away from a's jump: a JP, and then 41 bytes for 40. Packed as one block, a and
    // b fill the 22-byte gap (a's JR jumps 0 bytes on, 18 00), c and d the 18-byte one.
    let src = "        ORG 0
        PACK 0, 0x316, FILL
        SECTION wall AT 0x12
        DS 0x300 - 0x12
        ENDS
        SECTION a
        DS 8
        JRX there
        ENDS
        SECTION c
        DS 9
        RET
        ENDS
        SECTION b
there:  DS 11
        RET
        ENDS
        SECTION d
        DS 7
        RET
        ENDS
";
    let a = asm(src);
    let at = |n: &str| a.sections.iter().find(|s| s.name == n).unwrap().start;
    assert_eq!(at("b"), at("a") + 10, "b right after a");
    assert!(at("a") >= 0x300, "a and b in the 22-byte gap");
    let jr = usize::from(at("a")) + 8;
    assert_eq!(a.bytes[jr..jr + 2], [0x18, 0x00], "a JR to the next byte");
    assert!(a.gaps.is_empty(), "all 40 bytes used: {:?}", a.gaps);
    // The same source places the same way every time.
    for _ in 0..3 {
        assert_eq!(section_starts(&asm(src)), section_starts(&a));
    }
}
