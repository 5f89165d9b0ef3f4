//! The debugger's disassembler against the project's assembler: every opcode (all
//! prefixes) disassembles to text that assembles back to the same bytes, and on the open
//! ROM every instruction of the assembler's listing disassembles to the same length and
//! reassembles to the listed bytes.

use aceemu::debug::disasm;

/// Every instruction form: each opcode byte with every prefix, operands filled in.
fn every_instruction() -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    for op in 0..=255u8 {
        if !matches!(op, 0xCB | 0xED | 0xDD | 0xFD) {
            all.push(vec![op, 0x34, 0x12, 0x00]);
        }
        all.push(vec![0xCB, op]);
        all.push(vec![0xED, op, 0x78, 0x56]);
        for prefix in [0xDD, 0xFD] {
            all.push(vec![prefix, op, 0x85, 0x21, 0x00]);
            all.push(vec![prefix, 0xCB, 0xF9, op]);
        }
    }
    all
}

/// Assembles `lines` of (address, text) as one source; returns the image from `origin`.
fn assemble(lines: &[(u16, String)]) -> (u16, Vec<u8>) {
    let mut src = String::new();
    for (addr, text) in lines {
        src.push_str(&format!("        ORG {addr:#06x}\n        {text}\n"));
    }
    let a = aceasm::assemble_str("disassembly", &src).unwrap_or_else(|e| panic!("{e}"));
    (a.origin, a.bytes)
}

#[test]
fn every_opcode_round_trips_through_the_assembler() {
    let forms = every_instruction();
    let mut lines = Vec::new();
    let mut expected = Vec::new();
    for (i, bytes) in forms.iter().enumerate() {
        let addr = 0x8000 + 8 * i as u16;
        let fetch = |a: u16| *bytes.get(a.wrapping_sub(addr) as usize).unwrap_or(&0);
        let ins = disasm::decode(addr, fetch);
        assert!(
            (1..=4).contains(&ins.len),
            "{bytes:02X?}: length {}",
            ins.len
        );
        lines.push((addr, ins.text.clone()));
        expected.push((addr, bytes[..ins.len as usize].to_vec(), ins.text));
    }
    let (origin, image) = assemble(&lines);
    for (addr, bytes, text) in expected {
        let at = (addr - origin) as usize;
        assert_eq!(
            &image[at..at + bytes.len()],
            &bytes[..],
            "{text} at {addr:04X} reassembles differently"
        );
    }
    // The count of distinct forms shown as instructions (not DB), as a sanity check on
    // the decoder's coverage: all 252 unprefixed, 256 CB, the 78 meaningful ED forms
    // (lengths from the Z80 manual's table) are instructions.
    let named = forms
        .iter()
        .filter(|b| {
            let t = disasm::decode(0, |a| *b.get(a as usize).unwrap_or(&0)).text;
            !t.starts_with("DB")
        })
        .count();
    assert!(
        named > 252 + 256 + 70,
        "only {named} forms decoded as instructions"
    );
}

const MNEMONICS: &[&str] = &[
    "LD", "PUSH", "POP", "EX", "EXX", "INC", "DEC", "ADD", "ADC", "SUB", "SBC", "AND", "XOR", "OR",
    "CP", "JP", "JR", "DJNZ", "CALL", "RET", "RETI", "RETN", "RST", "IM", "IN", "OUT", "NOP",
    "HALT", "DI", "EI", "RLCA", "RRCA", "RLA", "RRA", "DAA", "CPL", "SCF", "CCF", "NEG", "RLD",
    "RRD", "LDI", "LDIR", "LDD", "LDDR", "CPI", "CPIR", "CPD", "CPDR", "INI", "INIR", "IND",
    "INDR", "OUTI", "OTIR", "OUTD", "OTDR", "RLC", "RRC", "RL", "RR", "SLA", "SRA", "SLL", "SRL",
    "BIT", "SET", "RES",
];

/// (address, bytes) of every instruction line of an aceasm listing.
fn listed_instructions(listing: &str) -> Vec<(u16, Vec<u8>, String)> {
    let mut out = Vec::new();
    for line in listing.lines() {
        if line.len() < 20 || !line[..4].chars().all(|c| c.is_ascii_hexdigit()) {
            continue;
        }
        let addr = u16::from_str_radix(&line[..4], 16).unwrap();
        let bytes: Vec<u8> = line[6..18]
            .split_whitespace()
            .map(|b| u8::from_str_radix(b, 16).unwrap())
            .collect();
        let src = line[20..].split(';').next().unwrap();
        let mut tokens = src.split_whitespace();
        let mut first = tokens.next();
        // A label starts in column 0 (with or without a colon).
        if !src.starts_with(char::is_whitespace) || first.is_some_and(|t| t.ends_with(':')) {
            first = tokens.next();
        }
        let Some(mnemonic) = first else { continue };
        if MNEMONICS.contains(&mnemonic.to_ascii_uppercase().as_str()) && !bytes.is_empty() {
            out.push((addr, bytes, src.trim().to_string()));
        }
    }
    out
}

#[test]
fn open_rom_disassembly_agrees_with_the_assembler_listing() {
    let assembly = aceasm::assemble_file(std::path::Path::new("roms/openace/main.asm"))
        .unwrap_or_else(|e| panic!("{e}"));
    let rom = assembly.bytes.clone();
    let listed = listed_instructions(&assembly.listing);
    assert!(
        listed.len() > 3000,
        "only {} instructions listed",
        listed.len()
    );
    let mut lines = Vec::new();
    for (addr, bytes, src) in &listed {
        let ins = disasm::decode(*addr, |a| rom[a as usize & 0x1FFF]);
        assert_eq!(
            ins.len as usize,
            bytes.len(),
            "{addr:04X} `{src}`: disassembled as `{}`",
            ins.text
        );
        lines.push((*addr, ins.text));
    }
    // Reassemble the disassembly at the same addresses: the listed bytes come back.
    let (origin, image) = assemble(&lines);
    for (addr, bytes, src) in &listed {
        let at = (addr - origin) as usize;
        assert_eq!(
            &image[at..at + bytes.len()],
            &bytes[..],
            "{addr:04X} `{src}`"
        );
    }
}
