//! `--tape-speed instant` with the original ROM's block read routine (ace-hardware.md 7:
//! entry 0x18A7; HL = destination, DE = length, C = 0 for a header, carry set to load and
//! clear to verify; returns carry set for a good block, carry clear otherwise, interrupts
//! enabled). There is no original ROM here: a ROM of this test's own has a caller and, at
//! 0x18A7, a routine that fails when not trapped; it is registered by its SHA-256 the way
//! the original's selects the trap for users (`RomTapeTraps::for_rom`).

mod common;

use aceemu::machine::{Ace, RamSize};
use aceemu::rom::RomImage;
use aceemu::tape::deck::{DeckOptions, TapeSpeed};
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::{self, with_checksum, Header};
use aceemu::tape::traps::{RomTapeTraps, ORIGINAL_ROM_TRAPS};
use common::cli::scratch_dir;

/// Loads a header to 0x3C00 and its data to 0x3D00, then verifies the data against
/// 0x3D00. After each call it reports 'Y'/'N' (carry) and 'E'/'D' (interrupts enabled,
/// read as IFF2 by LD A,I) on the debug port, then disables interrupts again.
const GUEST: &str = r#"
        ORG 0
        DI
        LD SP,0x4000
        IM 1
        JP main
        ORG 0x38
        EI                  ; the frame interrupt: nothing to do
        RET
        ORG 0x100
main:   LD C,0              ; a header
        LD HL,0x3C00
        LD DE,25
        SCF                 ; load
        CALL 0x18A7
        CALL report
        LD C,1              ; a data block
        LD HL,0x3D00
        LD DE,(0x3C0B)      ; its length, from the header
        SCF
        CALL 0x18A7
        CALL report
        LD C,1
        LD HL,0x3D00
        LD DE,(0x3C0B)
        OR A                ; verify
        CALL 0x18A7
        CALL report
        HALT
report: LD A,'N'
        JR NC,rep1
        LD A,'Y'
rep1:   OUT (1),A
        LD A,I              ; P/V = IFF2
        LD A,'D'
        JP PO,rep2
        LD A,'E'
rep2:   OUT (1),A
        DI
        RET
        ORG 0x18A7
        OR A                ; not trapped: fail, as a load with no signal would
        EI
        RET
        ORG 0x1FFF
        DB 0
"#;

fn rom() -> RomImage {
    let asm =
        aceasm::assemble_str("original_contract.asm", GUEST).unwrap_or_else(|e| panic!("{e}"));
    RomImage::from_bytes(asm.bytes, "test ROM with the original's contract").unwrap()
}

/// The traps for `rom`, found by SHA-256 in a table where it stands for the original.
fn registered(rom: &RomImage) -> Option<RomTapeTraps> {
    let sha = rom.sha256_hex();
    RomTapeTraps::for_rom_in(&sha, &[(sha.as_str(), ORIGINAL_ROM_TRAPS)])
}

fn tape() -> (Vec<u8>, Vec<Block>) {
    let data: Vec<u8> = (0..500u32).map(|i| (i * 13 + 5) as u8).collect();
    let header = Header::bytes("ORIGINAL", 0x3D00, data.len() as u16);
    // The data block twice: once to load, once to verify against.
    let blocks = vec![
        Block::new(0x00, with_checksum(&header.to_payload())),
        Block::new(0xFF, with_checksum(&data)),
        Block::new(0xFF, with_checksum(&data)),
    ];
    (data, blocks)
}

/// Runs the guest at instant speed through `attach` for one frame (20 ms of emulated time;
/// the signal of these blocks would take over 8 seconds) with `blocks` on the tape; returns
/// the debug bytes and the machine.
fn run(name: &str, blocks: &[Block], traps: Option<RomTapeTraps>) -> (Vec<u8>, Ace) {
    let dir = scratch_dir(name);
    let path = dir.join("t.tap");
    std::fs::write(&path, tap::write(blocks)).unwrap();
    let rom = rom();
    let mut ace = Ace::new(rom.bytes(), RamSize::K3).unwrap();
    let options = DeckOptions {
        speed: TapeSpeed::Instant,
        ..DeckOptions::default()
    };
    let mut control = aceemu::tape::attach(&mut ace, traps, Some(&path), &options).unwrap();
    control.run_frame(&mut ace);
    (ace.debug_output(), ace)
}

#[test]
fn the_original_roms_sha256_selects_its_block_read_trap() {
    assert_eq!(
        RomTapeTraps::for_rom(aceemu::rom::ORIGINAL_ROM_SHA256),
        Some(ORIGINAL_ROM_TRAPS)
    );
    assert_eq!(ORIGINAL_ROM_TRAPS.load_block, 0x18A7);
    assert_eq!(
        ORIGINAL_ROM_TRAPS.save_block, None,
        "its save routine's contract is unknown"
    );
    // Any other ROM: none (and `attach` refuses instant for it).
    assert_eq!(RomTapeTraps::for_rom(&rom().sha256_hex()), None);
}

#[test]
fn trapped_loads_and_verifies_blocks_with_carry_and_interrupts_as_the_spec_says() {
    let (data, blocks) = tape();
    let rom = rom();
    let (out, ace) = run("ok", &blocks, registered(&rom));
    assert_eq!(
        out, b"YEYEYE",
        "header, data, verify: all good, interrupts on"
    );
    assert_eq!(ace.read_bytes(0x3C00, 25), blocks[0].data[..25].to_vec());
    assert_eq!(ace.read_bytes(0x3D00, data.len()), data);
}

#[test]
fn a_bad_checksum_gives_carry_clear() {
    let (_, mut blocks) = tape();
    let last = blocks[1].data.len() - 1;
    blocks[1].data[last] ^= 0x10;
    let (out, _) = run("bad", &blocks, registered(&rom()));
    // The header loads; the data block fails, so the verify after it fails too.
    assert_eq!(&out[..4], b"YENE");
}

#[test]
fn verify_fails_where_memory_differs_and_never_writes() {
    let (data, blocks) = tape();
    // The second data block has one byte changed: the load writes the first block's
    // bytes, then the verify compares them with the changed block.
    let mut changed = data.clone();
    changed[77] ^= 0x01;
    let mut tape = blocks[..2].to_vec();
    tape.push(Block::new(0xFF, with_checksum(&changed)));
    let (out, ace) = run("verify", &tape, registered(&rom()));
    assert_eq!(out, b"YEYENE");
    assert_eq!(
        ace.read_bytes(0x3D00, data.len()),
        data,
        "verify never writes"
    );
}

#[test]
fn control_not_registered_the_rom_routine_runs_and_fails() {
    let (_, blocks) = tape();
    // A deck at real speed: the guest's own (failing) routine runs every time.
    let dir = scratch_dir("control");
    let path = dir.join("t.tap");
    std::fs::write(&path, tap::write(&blocks)).unwrap();
    let mut ace = Ace::new(rom().bytes(), RamSize::K3).unwrap();
    let mut control =
        aceemu::tape::attach(&mut ace, None, Some(&path), &DeckOptions::default()).unwrap();
    control.run_frame(&mut ace);
    assert_eq!(ace.debug_output(), b"NENENE");
    let instant = DeckOptions {
        speed: TapeSpeed::Instant,
        ..DeckOptions::default()
    };
    let refused = aceemu::tape::attach(&mut ace, None, Some(&path), &instant)
        .err()
        .unwrap();
    assert!(
        refused.to_string().contains("use --tape-speed fast"),
        "{refused}"
    );
}

#[test]
fn at_the_end_of_the_tape_the_trap_declines_and_the_deck_says_the_ace_waits() {
    let (_, blocks) = tape();
    // Only the header: the data load finds no block, the ROM's routine runs and fails.
    let dir = scratch_dir("end");
    let path = dir.join("t.tap");
    std::fs::write(&path, tap::write(&blocks[..1])).unwrap();
    let rom = rom();
    let mut ace = Ace::new(rom.bytes(), RamSize::K3).unwrap();
    let options = DeckOptions {
        speed: TapeSpeed::Instant,
        ..DeckOptions::default()
    };
    let mut control =
        aceemu::tape::attach(&mut ace, registered(&rom), Some(&path), &options).unwrap();
    control.run_frame(&mut ace);
    assert_eq!(&ace.debug_output()[..4], b"YENE");
    let reason = control
        .deck
        .deck()
        .waiting_reason()
        .expect("waiting at the end");
    assert!(reason.contains("Bytes \"ORIGINAL\""), "{reason}");
}
