//! The `instant` tape speed against a hand-made guest: a bare-Ace ROM that loads a header
//! and its data block through a block routine and saves the data again through another,
//! using the trap contract of `aceemu::tape::traps`. Untrapped, the routines fail (control).

use aceemu::machine::testing::TestRom;
use aceemu::machine::RamSize;
use aceemu::tape::deck::{Deck, DeckOptions, TapeSpeed};
use aceemu::tape::image::TapeImage;
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::{with_checksum, Header};
use aceemu::tape::traps::{run_with_traps, RomTapeTraps};

const LOAD: u16 = 0x0100;
const SAVE: u16 = 0x0103;

fn guest() -> TestRom {
    TestRom::new()
        .at(
            0,
            &[
                0xF3, // DI
                0x31, 0x00, 0x40, // LD SP,0x4000
                0x3E, 0x00, // LD A,0x00          header
                0x21, 0x00, 0x3C, // LD HL,0x3C00
                0x11, 0x19, 0x00, // LD DE,25
                0xCD, 0x00, 0x01, // CALL load
                0x30, 0x1E, // JR NC,fail
                0x3E, 0xFF, // LD A,0xFF          data
                0x21, 0x00, 0x3D, // LD HL,0x3D00
                0xED, 0x5B, 0x0B, 0x3C, // LD DE,(0x3C0B)  length from the header
                0xCD, 0x00, 0x01, // CALL load
                0x30, 0x10, // JR NC,fail
                0x3E, 0xFF, // LD A,0xFF
                0x21, 0x00, 0x3D, // LD HL,0x3D00
                0xED, 0x5B, 0x0B, 0x3C, // LD DE,(0x3C0B)
                0xCD, 0x03, 0x01, // CALL save
                0x3E, b'Y', // LD A,'Y'
                0x18, 0x02, // JR out
                0x3E, b'N', // fail: LD A,'N'
                0xD3, 0x01, // out: OUT (1),A
                0x76, // HALT
            ],
        )
        // The block routines when not trapped: fail (carry clear).
        .at(LOAD, &[0xB7, 0xC9])
        .at(SAVE, &[0xB7, 0xC9])
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
    let options = DeckOptions {
        speed: TapeSpeed::Instant,
        ..DeckOptions::default()
    };
    let mut deck = Deck::new(TapeImage::from_blocks("t", blocks.clone()), &options).unwrap();
    let mut ace = guest().boot(RamSize::K3);
    let traps = RomTapeTraps {
        load_block: LOAD,
        save_block: SAVE,
    };
    // Instant means no signal time: 5,000 T-states are enough for the whole job (the
    // signal of these blocks would take over seven seconds).
    run_with_traps(&mut ace, &mut deck, &traps, 5_000);
    assert_eq!(ace.debug_output(), b"Y");
    assert_eq!(ace.read_bytes(0x3C00, 25), blocks[1].data[..25].to_vec());
    assert_eq!(ace.read_bytes(0x3D00, data.len()), data);
    assert_eq!(deck.recorded(), &[Block::new(0xFF, with_checksum(&data))]);
}

#[test]
fn a_bad_checksum_or_wrong_length_fails_the_trapped_load() {
    let (_, mut blocks) = tape();
    let last = blocks[2].data.len() - 1;
    blocks[2].data[last] ^= 1;
    let mut deck = Deck::new(TapeImage::from_blocks("t", blocks), &DeckOptions::default()).unwrap();
    let mut ace = guest().boot(RamSize::K3);
    let traps = RomTapeTraps {
        load_block: LOAD,
        save_block: SAVE,
    };
    run_with_traps(&mut ace, &mut deck, &traps, 100_000);
    assert_eq!(ace.debug_output(), b"N");
}

#[test]
fn control_untrapped_routines_fail() {
    let mut ace = guest().boot(RamSize::K3);
    ace.run_tstates(100_000);
    assert_eq!(ace.debug_output(), b"N");
}

#[test]
fn no_rom_has_registered_entry_points_yet() {
    // The original ROM's block routines have an unknown register contract and the open
    // ROM has not exported its own: instant is refused for both (see the CLI).
    assert_eq!(
        RomTapeTraps::for_rom("6c898799cd9782f24e98dfb4302d01984daabb9cffe353a2d491212bea0b6d2d"),
        None
    );
}
