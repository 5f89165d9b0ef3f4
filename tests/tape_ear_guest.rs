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

/// A guest that reads the port in the original ROM's loader rhythm (ace-hardware.md 7):
/// one read every 59 T, and after every `every` reads one longer gap (`outer` x `inner`
/// delay loops: 1 x 22 makes the spacing 474 T, "about 476"). It decodes like
/// [`EAR_READER`], counting reads (a gap counts 7 more), with thresholds scaled from 45 T
/// to 59 T a count: pilot halves 24-42 counts (an edge that comes during the gap is seen up to
/// 7 counts late), the sync half under 24, a bit pair of 40 or
/// more is a 1, a half of 46 or more ends the block. Every byte goes to the debug port.
fn rhythm_guest(every: u8, outer: u8, inner: u8) -> Vec<u8> {
    let src = format!(
        r#"
        ORG 0
        DI
        LD SP,0x4000
        LD L,{every}
        IN A,(0xFE)
        AND 0x20
        LD C,A              ; C = last EAR level
find_pilot:
        LD D,0
fp1:    CALL edge
        LD A,B
        CP 24
        JR C,find_pilot
        CP 43
        JR NC,find_pilot
        INC D
        JR NZ,fp1           ; 256 pilot halves in a row
sync:   CALL edge
        LD A,B
        CP 24
        JR NC,sync          ; still pilot
        CALL edge           ; second sync half
byte:   LD E,1              ; sentinel bit
bit:    CALL edge
        LD A,B
        CP 46
        JR NC,find_pilot    ; end of block
        LD D,A
        CALL edge
        LD A,B
        CP 46
        JR NC,find_pilot
        ADD A,D
        CP 40
        CCF                 ; carry = long pair = 1
        RL E
        JR NC,bit           ; until the sentinel falls out
        LD A,E
        OUT (1),A           ; report the byte
        JR byte
; edge: wait for an EAR change; B = reads counted, C = level; L = reads left to the gap.
edge:   LD B,0
eloop:  INC B               ; 4
        JR Z,etmo           ; 7
        DEC L               ; 4
        JP Z,gap            ; 10
read:   IN A,(0xFE)         ; 11
        AND 0x20            ; 7
        CP C                ; 4
        JR Z,eloop          ; 12  -> 59 T a read
        LD C,A
        RET
etmo:   LD B,255            ; no change for a long while
        RET
gap:    LD L,{every}
        LD A,B
        ADD A,7             ; the gap lasts about 8 reads' time
        LD B,A
        JR C,etmo
        LD H,{outer}
gap1:   LD A,{inner}
gap2:   DEC A
        JR NZ,gap2
        DEC H
        JR NZ,gap1
        NOP
        JP read
"#
    );
    aceasm::assemble_str("rhythm_guest.asm", &src)
        .unwrap_or_else(|e| panic!("{e}"))
        .bytes
}

fn auto_deck(blocks: &[Block]) -> aceemu::tape::SharedDeck {
    let deck = Deck::new(
        TapeImage::from_blocks("rhythm", blocks.to_vec()),
        &DeckOptions::default(),
    )
    .unwrap();
    aceemu::tape::SharedDeck::new(deck)
}

#[test]
fn the_deck_starts_for_a_loader_polling_in_the_original_roms_rhythm() {
    let mut blocks = tape_blocks(4, 60);
    blocks.extend(tape_blocks(5, 2));
    let deck = auto_deck(&blocks);
    let mut ace = TestRom::new()
        .at(0, &rhythm_guest(77, 1, 22))
        .boot(RamSize::K3);
    ace.insert_tape(Box::new(deck.clone()));
    let got = run_for_debug_bytes(&mut ace, expected_bytes(&blocks).len(), 60_000_000);
    assert_eq!(got, expected_bytes(&blocks));
    assert!(deck.deck().is_auto(), "it played by itself");
}

#[test]
fn the_same_guest_reading_three_times_a_frame_does_not_start_the_deck() {
    let deck = auto_deck(&tape_blocks(6, 10));
    // A long gap after every read: 6 x 225 delay loops, about 21,800 T between reads.
    let mut ace = TestRom::new()
        .at(0, &rhythm_guest(1, 6, 225))
        .boot(RamSize::K3);
    ace.insert_tape(Box::new(deck.clone()));
    ace.run_frames(100);
    assert!(!deck.deck().is_running());
    assert_eq!(deck.deck().position().time, 0);
}
