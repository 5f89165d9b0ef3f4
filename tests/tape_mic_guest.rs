//! A Z80 program, independent of any Forth ROM, writes a block on the MIC bit with its own
//! delay loops (pilot, sync, bits MSB first, end mark; timings within a few percent of the
//! ROM's): the deck's recorder must decode exactly the bytes it sent.

use aceemu::machine::testing::{run_for_debug_bytes, TestRom};
use aceemu::machine::RamSize;
use aceemu::tape::deck::{Deck, DeckOptions, SharedDeck};
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::with_checksum;
use aceemu::tape::testing::mic_writer;

fn guest_saves(bytes: &[u8]) -> Vec<Block> {
    let rom = TestRom::new()
        .at(0, &mic_writer(bytes.len() as u8))
        .at(0x0200, bytes);
    let shared = SharedDeck::new(
        Deck::empty(&DeckOptions {
            manual: true,
            ..DeckOptions::default()
        })
        .unwrap(),
    );
    let mut ace = rom.boot(RamSize::K3);
    ace.insert_tape(Box::new(shared.clone()));
    assert_eq!(run_for_debug_bytes(&mut ace, 1, 20_000_000), b".");
    // The end mark's low lasts for good: ending the recording completes the block.
    shared.deck().finish_recording().unwrap();
    let blocks = shared.deck().recorded().to_vec();
    blocks
}

#[test]
fn recorder_decodes_what_a_z80_program_writes_on_mic() {
    let payload: Vec<u8> = (0..200u32).map(|i| (i * 37 + 11) as u8).collect();
    let mut bytes = vec![0xFF];
    bytes.extend(with_checksum(&payload));
    assert_eq!(
        guest_saves(&bytes),
        vec![Block::new(0xFF, with_checksum(&payload))]
    );
}

#[test]
fn header_flag_and_extreme_bytes_come_through() {
    let bytes = [0x00, 0x00, 0xFF, 0x80, 0x01, 0x7E];
    assert_eq!(
        guest_saves(&bytes),
        vec![Block::new(0x00, bytes[1..].to_vec())]
    );
}
