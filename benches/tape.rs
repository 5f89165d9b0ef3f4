//! How many times faster than real time a tape plays in `fast` mode, and the throughput of
//! the signal code on its own.
//!
//! Run with `cargo bench --bench tape`. Every figure is measured in this run:
//! * fast mode: a bare Ace runs a Z80 program that reads the EAR bit with its own timing
//!   loop (`aceemu::tape::testing::EAR_READER`) while the deck plays a header and a 4 KB
//!   data block; the machine runs frame after frame while `is_playing()` says the tape
//!   runs, as a front end does in fast mode. Ratio = tape time played / wall time.
//! * signal only: encoding a 16 KB block into pulses and decoding it again, and the same
//!   through a 44.1 kHz WAV; ratio = the block's play time / wall time.

use aceemu::machine::testing::{run_for_debug_bytes, TestRom};
use aceemu::machine::{RamSize, TapePort};
use aceemu::tape::deck::{Deck, DeckOptions, SharedDeck, TapeSpeed};
use aceemu::tape::image::{Format, TapeImage};
use aceemu::tape::pulse::{self, Block, CLOCK_HZ};
use aceemu::tape::tap::{with_checksum, Header};
use aceemu::tape::testing::EAR_READER;
use std::hint::black_box;
use std::time::Instant;

fn blocks(len: usize) -> Vec<Block> {
    let data: Vec<u8> = (0..len).map(|i| (i * 131 + 7) as u8).collect();
    let h = Header::bytes("BENCH", 0x4000, len as u16);
    vec![
        Block::new(0x00, with_checksum(&h.to_payload())),
        Block::new(0xFF, with_checksum(&data)),
    ]
}

/// One fast-mode load; returns (wall seconds, emulated T-states, tape T-states played).
fn fast_mode_once() -> (f64, u64, u64) {
    let tape = blocks(4096);
    let expected: usize = tape.iter().map(|b| b.data.len() + 1).sum();
    let options = DeckOptions {
        speed: TapeSpeed::Fast,
        ..DeckOptions::default()
    };
    let shared =
        SharedDeck::new(Deck::new(TapeImage::from_blocks("bench", tape), &options).unwrap());
    let mut ace = TestRom::new().at(0, &EAR_READER).boot(RamSize::K3);
    ace.insert_tape(Box::new(shared.clone()));
    let start = Instant::now();
    let mut got = Vec::new();
    let mut frames = 0u64;
    // Until the tape starts (the guest's polling presses play), then flat out while it plays.
    while got.len() < expected && (frames < 10 || shared.is_playing()) {
        got.extend(run_for_debug_bytes(&mut ace, expected - got.len(), 64_896));
        frames += 1;
    }
    let wall = start.elapsed().as_secs_f64();
    assert_eq!(
        got.len(),
        expected,
        "the guest did not receive the whole tape"
    );
    let played = shared.deck().position().time;
    (wall, ace.tstates(), played)
}

fn fast_mode() {
    // Best of three: the machine is shared with other work.
    let runs: Vec<(f64, u64, u64)> = (0..3).map(|_| fast_mode_once()).collect();
    let (wall, tstates, played) = runs
        .iter()
        .copied()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap();
    let emulated = tstates as f64 / CLOCK_HZ as f64;
    println!(
        "fast mode: {:.1} s of tape ({emulated:.1} s emulated) in {wall:.3} s wall: {:.0}x real time",
        played as f64 / CLOCK_HZ as f64,
        emulated / wall
    );
    // The same guest with no tape in the deck, for the same emulated time: what the deck
    // itself costs (best of three as well).
    let bare_wall = (0..3)
        .map(|_| {
            let mut bare = TestRom::new().at(0, &EAR_READER).boot(RamSize::K3);
            let start = Instant::now();
            bare.run_tstates(tstates);
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min);
    println!(
        "same guest, no tape: {bare_wall:.3} s wall: {:.0}x real time (deck overhead {:+.0} %)",
        emulated / bare_wall,
        100.0 * (wall - bare_wall) / bare_wall
    );
}

fn signal_only() {
    let tape = blocks(16 * 1024);
    let play = pulse::play_time(&tape) as f64 / CLOCK_HZ as f64;
    let start = Instant::now();
    let mut n = 0;
    while start.elapsed().as_secs_f64() < 1.0 {
        let signal = pulse::encode_tape(&tape);
        let decoded = pulse::decode_halves(signal.halves());
        assert_eq!(decoded.len(), 2);
        black_box(decoded);
        n += 1;
    }
    let each = start.elapsed().as_secs_f64() / n as f64;
    println!(
        "pulses: encode + decode {play:.1} s of tape in {:.2} ms: {:.0}x real time",
        each * 1000.0,
        play / each
    );
    let image = TapeImage::from_blocks("bench", tape);
    let start = Instant::now();
    let wav = image.to_bytes(Format::Wav);
    let back = TapeImage::from_bytes(&wav, "bench.wav", Format::Wav).unwrap();
    let each = start.elapsed().as_secs_f64();
    assert_eq!(back.blocks, image.blocks);
    println!(
        "wav: write + read {play:.1} s of tape ({} MB) in {:.0} ms: {:.0}x real time",
        wav.len() / 1_000_000,
        each * 1000.0,
        play / each
    );
}

fn main() {
    fast_mode();
    signal_only();
}
