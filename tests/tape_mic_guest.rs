//! A Z80 program, independent of any Forth ROM, writes a block on the MIC bit with its own
//! delay loops (pilot, sync, bits MSB first, end mark; timings within a few percent of the
//! ROM's): the deck's recorder must decode exactly the bytes it sent.

use aceemu::machine::testing::{run_for_debug_bytes, TestRom};
use aceemu::machine::RamSize;
use aceemu::tape::deck::{Deck, DeckOptions, SharedDeck};
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::with_checksum;

fn mic_writer(count: u8) -> [u8; 0x5D] {
    [
        0xF3, // 0000 DI
        0x31, 0x00, 0x40, // 0001 LD SP,0x4000
        0x21, 0x00, 0x04, // 0004 LD HL,1024        pilot halves
        0x0E, 0x08, // 0007 LD C,0x08
        0x79, // 0009 pilot: LD A,C
        0xD3, 0xFE, // 000A OUT (0xFE),A
        0xEE, 0x08, // 000C XOR 0x08
        0x4F, // 000E LD C,A
        0x06, 150, // 000F LD B,150
        0x10, 0xFE, // 0011 DJNZ $           ~2,004 T per half in all
        0x2B, // 0013 DEC HL
        0x7C, // 0014 LD A,H
        0xB5, // 0015 OR L
        0x20, 0xF1, // 0016 JR NZ,pilot
        0x3E, 0x08, // 0018 LD A,0x08         sync 1 (high)
        0xD3, 0xFE, // 001A OUT (0xFE),A
        0x06, 44, // 001C LD B,44
        0x10, 0xFE, // 001E DJNZ $
        0xAF, // 0020 XOR A              sync 2 (low)
        0xD3, 0xFE, // 0021 OUT (0xFE),A
        0x06, 57, // 0023 LD B,57
        0x10, 0xFE, // 0025 DJNZ $
        0x21, 0x00, 0x02, // 0027 LD HL,0x0200      the bytes: flag, payload, checksum
        0x1E, count, // 002A LD E,count
        0x4E,  // 002C byte: LD C,(HL)
        0x23,  // 002D INC HL
        0x16, 0x08, // 002E LD D,8
        0xCB, 0x11, // 0030 bit: RL C        MSB first
        0x06, 58, // 0032 LD B,58          a 0: ~800 T per half
        0x30, 0x02, // 0034 JR NC,+2
        0x06, 119,  // 0036 LD B,119         a 1: ~1,590 T per half
        0x78, // 0038 LD A,B
        0x08, // 0039 EX AF,AF'
        0x3E, 0x08, // 003A LD A,0x08
        0xD3, 0xFE, // 003C OUT (0xFE),A      high
        0x10, 0xFE, // 003E DJNZ $
        0x08, // 0040 EX AF,AF'
        0x47, // 0041 LD B,A
        0xAF, // 0042 XOR A
        0xD3, 0xFE, // 0043 OUT (0xFE),A      low
        0x10, 0xFE, // 0045 DJNZ $
        0x15, // 0047 DEC D
        0x20, 0xE6, // 0048 JR NZ,bit
        0x1D, // 004A DEC E
        0x20, 0xDF, // 004B JR NZ,byte
        0x3E, 0x08, // 004D LD A,0x08         end mark
        0xD3, 0xFE, // 004F OUT (0xFE),A
        0x06, 70, // 0051 LD B,70
        0x10, 0xFE, // 0053 DJNZ $
        0xAF, // 0055 XOR A
        0xD3, 0xFE, // 0056 OUT (0xFE),A
        0x3E, b'.', // 0058 LD A,'.'
        0xD3, 0x01, // 005A OUT (1),A         done
        0x76, // 005C HALT
    ]
}

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
