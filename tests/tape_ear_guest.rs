//! A Z80 program, independent of any Forth ROM, reads the EAR bit with its own timing loop
//! and decodes the tape signal: it must receive exactly the bytes the deck plays.
//!
//! The guest (hand-assembled, running as the ROM of a bare Ace): count 45-T polling
//! iterations between EAR changes; 256 halves of 38-55 iterations are pilot; then a short
//! half is the sync; then each bit is the sum of two halves (a 0 is ~33, a 1 ~68, split at
//! 53), most significant first; a half of 60 or more ends the block. Every byte is sent to
//! the debug port.

use aceemu::machine::testing::{run_for_debug_bytes, TestRom};
use aceemu::machine::RamSize;
use aceemu::tape::deck::{Deck, DeckOptions};
use aceemu::tape::image::TapeImage;
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::{with_checksum, Header};
use aceemu::tape::testing::EAR_READER;

fn tape_blocks(seed: u32, len: usize) -> Vec<Block> {
    let mut x = seed;
    let data: Vec<u8> = (0..len)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (x >> 16) as u8
        })
        .collect();
    let header = Header::bytes("GUEST", 0x4000, len as u16);
    vec![
        Block::new(0x00, with_checksum(&header.to_payload())),
        Block::new(0xFF, with_checksum(&data)),
    ]
}

fn expected_bytes(blocks: &[Block]) -> Vec<u8> {
    blocks
        .iter()
        .flat_map(|b| std::iter::once(b.flag).chain(b.data.iter().copied()))
        .collect()
}

fn guest_reads(blocks: &[Block], manual_play: bool, max_tstates: u64) -> Vec<u8> {
    let options = DeckOptions {
        manual: manual_play,
        ..DeckOptions::default()
    };
    let mut deck = Deck::new(TapeImage::from_blocks("guest", blocks.to_vec()), &options).unwrap();
    if manual_play {
        deck.play();
    }
    let mut ace = TestRom::new().at(0, &EAR_READER).boot(RamSize::K3);
    ace.insert_tape(Box::new(deck));
    run_for_debug_bytes(&mut ace, expected_bytes(blocks).len(), max_tstates)
}

#[test]
fn z80_timing_loop_receives_the_bytes_the_deck_plays() {
    let blocks = tape_blocks(7, 300);
    let got = guest_reads(&blocks, true, 40_000_000);
    assert_eq!(got, expected_bytes(&blocks));
}

#[test]
fn the_deck_starts_by_itself_when_the_guest_listens_and_plays_file_after_file() {
    let mut blocks = tape_blocks(1, 40);
    blocks.extend(tape_blocks(2, 3));
    let got = guest_reads(&blocks, false, 60_000_000);
    assert_eq!(got, expected_bytes(&blocks));
}

#[test]
fn control_a_stopped_manual_deck_gives_the_guest_nothing() {
    let options = DeckOptions {
        manual: true,
        ..DeckOptions::default()
    };
    let deck = Deck::new(
        TapeImage::from_blocks("guest", tape_blocks(3, 10)),
        &options,
    )
    .unwrap();
    let mut ace = TestRom::new().at(0, &EAR_READER).boot(RamSize::K3);
    ace.insert_tape(Box::new(deck));
    assert!(run_for_debug_bytes(&mut ace, 1, 25_000_000).is_empty());
}
