//! The `instant` tape speed against a hand-made guest: a bare-Ace ROM that loads a header
//! and its data block through a block routine and saves the data again through another,
//! using the trap contract of `aceemu::tape::traps`. Untrapped, the routines fail (control).

use aceemu::machine::testing::TestRom;
use aceemu::machine::RamSize;
use aceemu::tape::deck::{Deck, DeckOptions, TapeSpeed};
use aceemu::tape::image::TapeImage;
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::{with_checksum, Header};
use aceemu::tape::traps::{run_with_traps, Contract, RomTapeTraps};

const LOAD: u16 = 0x0100;
const SAVE: u16 = 0x0103;

/// Loads a header to 0x3C00, its data block to 0x3D00 (B = `mode`: 0 store, 1 compare),
/// saves the data again; reports 'Y' or 'N' on the debug port.
fn guest(mode: u8) -> TestRom {
    TestRom::new()
        .at(
            0,
            &[
                0xF3, // 0000 DI
                0x31, 0x00, 0x40, // 0001 LD SP,0x4000
                0x3E, 0x00, // 0004 LD A,0x00          header
                0x21, 0x00, 0x3C, // 0006 LD HL,0x3C00
                0x11, 0x19, 0x00, // 0009 LD DE,25
                0x06, 0x00, // 000C LD B,0            store
                0xCD, 0x00, 0x01, // 000E CALL load
                0x30, 0x20, // 0011 JR NC,fail
                0x3E, 0xFF, // 0013 LD A,0xFF          data
                0x21, 0x00, 0x3D, // 0015 LD HL,0x3D00
                0xED, 0x5B, 0x0B, 0x3C, // 0018 LD DE,(0x3C0B)  length from the header
                0x06, mode, // 001C LD B,mode
                0xCD, 0x00, 0x01, // 001E CALL load
                0x30, 0x10, // 0021 JR NC,fail
                0x3E, 0xFF, // 0023 LD A,0xFF
                0x21, 0x00, 0x3D, // 0025 LD HL,0x3D00
                0xED, 0x5B, 0x0B, 0x3C, // 0028 LD DE,(0x3C0B)
                0xCD, 0x03, 0x01, // 002C CALL save
                0x3E, b'Y', // 002F LD A,'Y'
                0x18, 0x02, // 0031 JR out
                0x3E, b'N', // 0033 fail: LD A,'N'
                0xD3, 0x01, // 0035 out: OUT (1),A
                0x76, // 0037 HALT
            ],
        )
        // The block routines when not trapped: fail (carry clear).
        .at(LOAD, &[0xB7, 0xC9])
        .at(SAVE, &[0xB7, 0xC9])
}

const TRAPS: RomTapeTraps = RomTapeTraps {
    load_block: LOAD,
    save_block: Some(SAVE),
    contract: Contract::Open,
};

/// Runs the guest with the traps for 5,000 T: instant means no signal time (the signal of
/// these blocks would take over seven seconds). Returns what it reported and the deck.
fn run(
    mode: u8,
    blocks: Vec<Block>,
    prepare: impl FnOnce(&mut aceemu::machine::Ace),
) -> (Vec<u8>, aceemu::machine::Ace, Deck) {
    let options = DeckOptions {
        speed: TapeSpeed::Instant,
        ..DeckOptions::default()
    };
    let mut deck = Deck::new(TapeImage::from_blocks("t", blocks), &options).unwrap();
    let mut ace = guest(mode).boot(RamSize::K3);
    prepare(&mut ace);
    run_with_traps(&mut ace, &mut deck, &TRAPS, 5_000);
    (ace.debug_output(), ace, deck)
}

fn tape() -> (Vec<u8>, Vec<Block>) {
    let data: Vec<u8> = (0..300u32).map(|i| (i * 7 + 3) as u8).collect();
    let header = Header::bytes("INSTANT", 0x3D00, data.len() as u16);
    // An unrelated data block first: the loader passes over blocks with another flag.
    let blocks = vec![
        Block::new(0xFF, with_checksum(&[1, 2, 3])),
        Block::new(0x00, with_checksum(&header.to_payload())),
        Block::new(0xFF, with_checksum(&data)),
    ];
    (data, blocks)
}

#[test]
fn trapped_block_routines_copy_blocks_between_deck_and_memory() {
    let (data, blocks) = tape();
    let (report, ace, deck) = run(0, blocks.clone(), |_| {});
    assert_eq!(report, b"Y");
    assert_eq!(ace.read_bytes(0x3C00, 25), blocks[1].data[..25].to_vec());
    assert_eq!(ace.read_bytes(0x3D00, data.len()), data);
    assert_eq!(deck.recorded(), &[Block::new(0xFF, with_checksum(&data))]);
}

#[test]
fn compare_mode_verifies_memory_against_the_tape() {
    let (data, blocks) = tape();
    let same = data.clone();
    let (report, _, _) = run(1, blocks.clone(), |ace| ace.write_bytes(0x3D00, &same));
    assert_eq!(report, b"Y");
    let mut different = data.clone();
    different[123] ^= 0x40;
    let (report, ace, _) = run(1, blocks, |ace| ace.write_bytes(0x3D00, &different));
    assert_eq!(report, b"N");
    assert_eq!(
        ace.read_bytes(0x3D00, data.len()),
        different,
        "compare never writes"
    );
}

#[test]
fn a_bad_checksum_fails_the_trapped_load() {
    let (_, mut blocks) = tape();
    let last = blocks[2].data.len() - 1;
    blocks[2].data[last] ^= 1;
    assert_eq!(run(0, blocks, |_| {}).0, b"N");
}

#[test]
fn at_the_end_of_the_tape_the_trap_lets_the_rom_routine_run() {
    let (_, blocks) = tape();
    // Only the header: the data load finds no block, the untrapped routine fails it.
    let (report, _, deck) = run(0, blocks[..2].to_vec(), |_| {});
    assert_eq!(report, b"N");
    assert!(deck.recorded().is_empty());
}

#[test]
fn control_untrapped_routines_fail() {
    let mut ace = guest(0).boot(RamSize::K3);
    ace.run_tstates(5_000);
    assert_eq!(ace.debug_output(), b"N");
}

#[test]
fn traps_come_from_a_rom_symbol_table() {
    // The open ROM since issue 16: tape_read_block is the original's entry and contract.
    let symbols = |name: &str| match name {
        "tape_read_block" => Some(0x18A7),
        "read_block" => Some(0x1234),
        "tape_write_block" => Some(0x1820),
        _ => None,
    };
    assert_eq!(
        RomTapeTraps::from_symbols(symbols),
        Some(RomTapeTraps {
            load_block: 0x18A7,
            save_block: Some(0x1820),
            contract: Contract::Original,
        })
    );
    // A ROM with only its own-contract reader (read_block) is trapped there.
    let symbols = |name: &str| match name {
        "read_block" => Some(0x1234),
        "tape_write_block" => Some(0x1300),
        _ => None,
    };
    assert_eq!(
        RomTapeTraps::from_symbols(symbols),
        Some(RomTapeTraps {
            load_block: 0x1234,
            save_block: Some(0x1300),
            contract: Contract::Open,
        })
    );
    assert_eq!(RomTapeTraps::from_symbols(|_| None), None);
}

#[test]
fn attach_refuses_instant_without_known_entry_points_and_traps_with_them() {
    let options = DeckOptions {
        speed: TapeSpeed::Instant,
        ..DeckOptions::default()
    };
    let mut ace = guest(0).boot(RamSize::K3);
    let e = aceemu::tape::attach(&mut ace, None, None, &options)
        .err()
        .unwrap();
    assert!(e.to_string().contains("use --tape-speed fast"), "{e}");

    // With traps, the control runs frames through them (no tape file: an empty deck).
    let mut control = aceemu::tape::attach(&mut ace, Some(TRAPS), None, &options).unwrap();
    control.run_frame(&mut ace);
    assert_eq!(
        ace.debug_output(),
        b"N",
        "empty tape: the ROM routine ran and failed"
    );
    assert!(!control.flat_out());
}
