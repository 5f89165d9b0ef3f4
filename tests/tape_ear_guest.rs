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

const EAR_READER: [u8; 0x55] = [
    0xF3, // 0000 DI
    0x31, 0x00, 0x40, // 0001 LD SP,0x4000
    0xDB, 0xFE, // 0004 IN A,(0xFE)
    0xE6, 0x20, // 0006 AND 0x20
    0x4F, // 0008 LD C,A            C = last EAR level
    0x16, 0x00, // 0009 find_pilot: LD D,0
    0xCD, 0x45, 0x00, // 000B fp1: CALL edge
    0x78, // 000E LD A,B
    0xFE, 38, // 000F CP 38
    0x38, 0xF6, // 0011 JR C,find_pilot
    0xFE, 56, // 0013 CP 56
    0x30, 0xF2, // 0015 JR NC,find_pilot
    0x14, // 0017 INC D
    0x20, 0xF1, // 0018 JR NZ,fp1      256 pilot halves in a row
    0xCD, 0x45, 0x00, // 001A sync: CALL edge
    0x78, // 001D LD A,B
    0xFE, 38, // 001E CP 38
    0x30, 0xF8, // 0020 JR NC,sync     still pilot
    0xCD, 0x45, 0x00, // 0022 CALL edge      second sync half
    0x1E, 0x01, // 0025 byte: LD E,1  sentinel bit
    0xCD, 0x45, 0x00, // 0027 bit: CALL edge
    0x78, // 002A LD A,B
    0xFE, 60, // 002B CP 60
    0x30, 0xDA, // 002D JR NC,find_pilot  end of block
    0x57, // 002F LD D,A
    0xCD, 0x45, 0x00, // 0030 CALL edge
    0x78, // 0033 LD A,B
    0xFE, 60, // 0034 CP 60
    0x30, 0xD1, // 0036 JR NC,find_pilot
    0x82, // 0038 ADD A,D
    0xFE, 53,   // 0039 CP 53
    0x3F, // 003B CCF              carry = long pair = 1
    0xCB, 0x13, // 003C RL E
    0x30, 0xE7, // 003E JR NC,bit      until the sentinel falls out
    0x7B, // 0040 LD A,E
    0xD3, 0x01, // 0041 OUT (1),A      report the byte
    0x18, 0xE0, // 0043 JR byte
    0x06, 0x00, // 0045 edge: LD B,0
    0x04, // 0047 eloop: INC B
    0x28, 0x09, // 0048 JR Z,etmo
    0xDB, 0xFE, // 004A IN A,(0xFE)
    0xE6, 0x20, // 004C AND 0x20
    0xB9, // 004E CP C
    0x28, 0xF6, // 004F JR Z,eloop     45 T per iteration
    0x4F, // 0051 LD C,A
    0xC9, // 0052 RET
    0x05, // 0053 etmo: DEC B        B = 255: no change for 11,520 T
    0xC9, // 0054 RET
];

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
