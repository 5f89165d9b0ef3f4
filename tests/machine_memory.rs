//! The memory map (spec section 2): every mirror, the write-only character RAM, ignored ROM
//! writes, RAM pack sizes, and the ROM's RAM-sizing probe — tested by guest programs that
//! write through one address, read through another and report over the debug port.

use aceemu::machine::testing::{le, run_for_debug_bytes, TestRom};
use aceemu::machine::RamSize;

/// One check: write `value` at `write`, read back at `read`, expect `expect`.
struct Case {
    write: u16,
    value: u8,
    read: u16,
    expect: u8,
}

fn case(write: u16, value: u8, read: u16, expect: u8) -> Case {
    Case {
        write,
        value,
        read,
        expect,
    }
}

/// Runs every case in one guest program: LD A,v; LD (w),A; LD A,(r); OUT (1),A; ...
fn run_cases(ram: RamSize, cases: &[Case]) {
    let mut code = Vec::new();
    for c in cases {
        code.extend([0x3E, c.value, 0x32]);
        code.extend(le(c.write));
        code.push(0x3A);
        code.extend(le(c.read));
        code.extend([0xD3, 0x01]);
    }
    code.push(0x76);
    let mut ace = TestRom::new().at(0x0100, &code).boot(ram);
    ace.cpu_mut().registers().set_pc(0x0100);
    let got = run_for_debug_bytes(&mut ace, cases.len(), 1_000_000);
    assert_eq!(got.len(), cases.len(), "guest stopped early");
    for (c, &g) in cases.iter().zip(&got) {
        assert_eq!(
            g, c.expect,
            "{ram:?}: wrote {:02X} at {:04X}, read {:04X}",
            c.value, c.write, c.read
        );
    }
}

#[test]
fn video_ram_appears_at_both_aliases() {
    let mut cases = Vec::new();
    for (i, offset) in [0x000u16, 0x155, 0x2FF, 0x300, 0x3FF]
        .into_iter()
        .enumerate()
    {
        let v = 0x11 * (i as u8 + 1);
        cases.push(case(0x2000 + offset, v, 0x2400 + offset, v));
        cases.push(case(0x2400 + offset, v ^ 0xFF, 0x2000 + offset, v ^ 0xFF));
        cases.push(case(0x2400 + offset, v ^ 0x5A, 0x2400 + offset, v ^ 0x5A));
    }
    run_cases(RamSize::K3, &cases);
}

#[test]
fn main_ram_appears_at_all_four_aliases() {
    let bases = [0x3000u16, 0x3400, 0x3800, 0x3C00];
    let mut cases = Vec::new();
    let mut v = 1u8;
    for offset in [0x000u16, 0x0C3, 0x3FF] {
        for &w in &bases {
            for &r in &bases {
                cases.push(case(w + offset, v, r + offset, v));
                v = v.wrapping_mul(7).wrapping_add(3);
            }
        }
    }
    run_cases(RamSize::K3, &cases);
}

#[test]
fn character_ram_is_write_only_and_reads_ff() {
    let mut cases = Vec::new();
    for (w, r) in [
        (0x2800u16, 0x2800u16),
        (0x2C00, 0x2C00),
        (0x2BFF, 0x2FFF),
        (0x2C01, 0x2801),
    ] {
        cases.push(case(w, 0x42, r, 0xFF));
    }
    run_cases(RamSize::K51, &cases);

    // The host sees what was written, through either alias.
    let mut ace = TestRom::new().boot(RamSize::K3);
    ace.poke(0x2801, 0xA5);
    ace.poke(0x2FFE, 0x3C);
    assert_eq!(ace.char_ram()[1], 0xA5);
    assert_eq!(ace.char_ram()[0x3FE], 0x3C);
    assert_eq!(ace.peek(0x2801), 0xFF);
    assert_eq!(ace.peek(0x2C01), 0xFF);
}

#[test]
fn rom_ignores_writes() {
    let rom = TestRom::new().at(0x1234, &[0x77]).at(0x1FFF, &[0x99]);
    let mut ace = rom.boot(RamSize::K51);
    ace.poke(0x1234, 0x00);
    ace.poke(0x1FFF, 0x00);
    assert_eq!(ace.peek(0x1234), 0x77);
    assert_eq!(ace.peek(0x1FFF), 0x99);
    run_cases(
        RamSize::K51,
        &[
            case(0x0000, 0x55, 0x0000, 0x00),
            case(0x1FFF, 0x55, 0x1FFF, 0x00),
        ],
    );
}

#[test]
fn expansion_ram_exists_only_up_to_the_pack_size() {
    // (RAM size, last working address or None)
    let sizes = [
        (RamSize::K3, None),
        (RamSize::K19, Some(0x7FFFu16)),
        (RamSize::K35, Some(0xBFFF)),
        (RamSize::K51, Some(0xFFFF)),
    ];
    for (ram, last) in sizes {
        let mut cases = Vec::new();
        for addr in [0x4000u16, 0x7FFF, 0x8000, 0xBFFF, 0xC000, 0xFFFF] {
            let fitted = last.is_some_and(|last| addr <= last);
            cases.push(case(addr, 0x3C, addr, if fitted { 0x3C } else { 0xFF }));
        }
        run_cases(ram, &cases);
    }
}

#[test]
fn ram_sizing_probe_finds_the_spec_ramtop() {
    // The ROM's probe (spec 2.1): write 0xFC to each page from 0x3D00 up, stop at the first
    // that does not read back 0xFC, RAMTOP = that page rounded down to 1 KB.
    //   LD HL,0x3D00
    // loop: LD (HL),0xFC ; LD A,(HL) ; CP 0xFC ; JR NZ,done ; INC H ; JR loop
    // done: LD A,H ; AND 0xFC ; OUT (1),A ; HALT
    let code = [
        0x21, 0x00, 0x3D, // 0x00
        0x36, 0xFC, // 0x03 loop
        0x7E, // 0x05
        0xFE, 0xFC, // 0x06
        0x20, 0x03, // 0x08 JR NZ,+3 -> 0x0D
        0x24, // 0x0A
        0x18, 0xF6, // 0x0B JR -> 0x03
        0x7C, 0xE6, 0xFC, 0xD3, 0x01, 0x76, // 0x0D
    ];
    let expected = [
        (RamSize::K3, 0x40u8),
        (RamSize::K19, 0x80),
        (RamSize::K35, 0xC0),
        (RamSize::K51, 0x00),
    ];
    for (ram, top) in expected {
        let mut ace = TestRom::new().at(0, &code).boot(ram);
        assert_eq!(
            run_for_debug_bytes(&mut ace, 1, 1_000_000),
            [top],
            "{ram:?}"
        );
    }
}

#[test]
fn host_reads_match_cpu_reads() {
    let mut ace = TestRom::new().at(0, &[0xAB]).boot(RamSize::K19);
    ace.poke(0x3C10, 0x12);
    assert_eq!(ace.read_bytes(0x3010, 1), [0x12]);
    assert_eq!(ace.read_bytes(0x3410, 1), [0x12]);
    assert_eq!(ace.peek(0x3810), 0x12);
    ace.write_bytes(0x26FF, &[1, 2]);
    assert_eq!(ace.read_bytes(0x22FF, 2), [1, 2]);
    assert_eq!(ace.peek(0x8000), 0xFF);
    assert_eq!(ace.peek(0x0000), 0xAB);
}
