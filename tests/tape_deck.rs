//! The deck's buttons and position, automatic play/pause, fast mode, and recording: MIC
//! edges as the ROM's SAVE makes them come back as TAP blocks appended to a file that is
//! never overwritten without the flag.

mod common;

use aceemu::machine::TapePort;
use aceemu::tape::deck::{Deck, DeckOptions, TapeSpeed};
use aceemu::tape::image::{Format, TapeImage};
use aceemu::tape::pulse::{self, Block};
use aceemu::tape::tap::{self, with_checksum, Header};
use common::cli::{scratch_path, ScratchFile};

/// The address the original ROM's loader reads, read after read (ace-hardware.md 7).
const LOADER_PORT: u16 = 0x7FFE;

/// The eight half-rows a key scan reads in turn (ace-hardware.md 6).
const HALF_ROWS: [u16; 8] = [
    0xFEFE, 0xFDFE, 0xFBFE, 0xF7FE, 0xEFFE, 0xDFFE, 0xBFFE, 0x7FFE,
];

fn file_pair(name: &str, data: &[u8]) -> Vec<Block> {
    let h = Header::bytes(name, 0x4000, data.len() as u16);
    vec![
        Block::new(0x00, with_checksum(&h.to_payload())),
        Block::new(0xFF, with_checksum(data)),
    ]
}

fn deck(blocks: Vec<Block>, options: DeckOptions) -> Deck {
    Deck::new(TapeImage::from_blocks("t", blocks), &options).unwrap()
}

fn manual() -> DeckOptions {
    DeckOptions {
        manual: true,
        ..DeckOptions::default()
    }
}

/// The MIC edges SAVE makes for `blocks`, with its quirks: the pilot's first OUT does not
/// change the level, the header pilot shows 8,190 full halves, the first bit of each byte
/// is a few T-states off, the data block follows the header's end mark 4,204 T later.
fn rom_save_edges(blocks: &[Block], start: u64) -> Vec<(u64, bool)> {
    let mut edges = Vec::new();
    let mut t = start;
    let mut level = false;
    let put = |t: u64, l: bool, level: &mut bool, edges: &mut Vec<(u64, bool)>| {
        if l != *level {
            edges.push((t, l));
            *level = l;
        }
    };
    for (i, b) in blocks.iter().enumerate() {
        if i > 0 {
            t += 4_204;
        }
        let pilot = if b.is_header() { 8_190 } else { 1_022 };
        for k in 0..pilot {
            put(t, k % 2 == 0, &mut level, &mut edges);
            t += if (k + 1) % 256 == 0 { 2_010 } else { 2_011 };
        }
        put(t, true, &mut level, &mut edges);
        t += 601;
        put(t, false, &mut level, &mut edges);
        t += 791;
        for &byte in std::iter::once(&b.flag).chain(&b.data) {
            for bit in (0..8).rev() {
                let (hi, lo) = if byte >> bit & 1 == 1 {
                    (1_592, 1_591)
                } else {
                    (802, 801)
                };
                let skew = if bit == 7 {
                    (byte as u64 % 7) as i64 - 3
                } else {
                    0
                };
                put(t, true, &mut level, &mut edges);
                t = (t as i64 + hi + skew) as u64;
                put(t, false, &mut level, &mut edges);
                t += lo as u64;
            }
        }
        put(t, true, &mut level, &mut edges);
        t += 917;
        put(t, false, &mut level, &mut edges);
    }
    edges
}

fn record(deck: &mut Deck, blocks: &[Block], start: u64) -> u64 {
    let edges = rom_save_edges(blocks, start);
    for &(t, l) in &edges {
        deck.mic(t, l);
    }
    let end = edges.last().unwrap().0;
    // The machine keeps reading the keyboard (EAR) once per frame afterwards.
    for f in 1..4 {
        deck.ear(end + f * 64_896, LOADER_PORT);
    }
    end + 4 * 64_896
}

fn temp(name: &str) -> ScratchFile {
    scratch_path(name)
}

#[test]
fn save_signal_is_recorded_as_tap_blocks() {
    let mut blocks = file_pair("ONE", &[1, 2, 3, 0xFF, 0x00]);
    blocks.extend(file_pair("TWO", &(0..=255).collect::<Vec<u8>>()));
    let mut d = Deck::empty(&manual()).unwrap();
    let t = record(&mut d, &blocks[..2], 1_000);
    record(&mut d, &blocks[2..], t + 3_000_000);
    assert_eq!(d.recorded(), &blocks[..]);
}

#[test]
fn recording_appends_to_the_file_and_keeps_what_was_there() {
    let path = temp("append.tap");
    let old = tap::write(&file_pair("OLD", &[9, 9]));
    std::fs::write(&path, &old).unwrap();
    let blocks = file_pair("NEW", &[7; 40]);
    {
        let options = DeckOptions {
            save_to: Some(path.to_path_buf()),
            ..manual()
        };
        let mut d = Deck::empty(&options).unwrap();
        record(&mut d, &blocks, 500);
    }
    let mut expected = old.clone();
    expected.extend(tap::write(&blocks));
    assert_eq!(std::fs::read(&path).unwrap(), expected);

    // With --overwrite the old content goes.
    {
        let options = DeckOptions {
            save_to: Some(path.to_path_buf()),
            overwrite: true,
            ..manual()
        };
        let mut d = Deck::empty(&options).unwrap();
        record(&mut d, &blocks, 500);
    }
    assert_eq!(std::fs::read(&path).unwrap(), tap::write(&blocks));
}

#[test]
fn the_tap_file_is_created_or_emptied_only_when_a_block_is_recorded() {
    let path = temp("late.tap");
    let options = |overwrite| DeckOptions {
        save_to: Some(path.to_path_buf()),
        overwrite,
        ..manual()
    };
    let blocks = file_pair("LATE", &[3; 10]);

    // Nothing saved: no file.
    let mut d = Deck::empty(&options(false)).unwrap();
    d.finish_recording().unwrap();
    drop(d);
    assert!(!path.exists());

    // Created by the first block.
    let mut d = Deck::empty(&options(false)).unwrap();
    assert!(!path.exists());
    record(&mut d, &blocks, 500);
    assert_eq!(std::fs::read(&path).unwrap(), tap::write(&blocks));
    drop(d);

    // --overwrite with nothing saved leaves the existing file as it was.
    std::fs::write(&path, b"keep me").unwrap();
    let mut d = Deck::empty(&options(true)).unwrap();
    d.finish_recording().unwrap();
    drop(d);
    assert_eq!(std::fs::read(&path).unwrap(), b"keep me");
}

#[test]
fn recording_into_a_missing_directory_is_refused_at_once() {
    let path = temp("no-such-dir").join("x.tap");
    let options = DeckOptions {
        save_to: Some(path.to_path_buf()),
        ..manual()
    };
    let e = Deck::empty(&options).err().expect("refused").to_string();
    assert!(
        e.contains("no-such-dir") && e.contains("no directory"),
        "{e}"
    );
}

#[test]
fn recording_can_also_be_written_as_wav_but_never_over_a_file() {
    let wav = temp("rec.wav");
    let blocks = file_pair("W", &[0x55; 20]);
    {
        let options = DeckOptions {
            save_wav: Some(wav.to_path_buf()),
            ..manual()
        };
        let mut d = Deck::empty(&options).unwrap();
        record(&mut d, &blocks, 100);
        d.finish_recording().unwrap();
    }
    let image =
        TapeImage::from_bytes(&std::fs::read(&wav).unwrap(), "rec.wav", Format::Wav).unwrap();
    assert_eq!(image.blocks, blocks);
    let options = DeckOptions {
        save_wav: Some(wav.to_path_buf()),
        ..manual()
    };
    let e = Deck::empty(&options).err().unwrap();
    assert!(e.to_string().contains("already exists"), "{e}");
}

#[test]
fn play_stop_rewind_and_block_positions() {
    let mut blocks = file_pair("A", &[1; 10]);
    blocks.extend(file_pair("B", &[2; 10]));
    let mut d = deck(blocks, manual());
    assert_eq!(d.position().blocks, 4);
    assert_eq!(d.position().block, None);
    // Stopped: the level never changes and the tape does not move.
    let mut t = 0;
    for _ in 0..1000 {
        t += 1000;
        assert!(!d.ear(t, LOADER_PORT));
    }
    assert_eq!(d.position().time, 0);
    d.play();
    let started = t;
    t += 3_250_000;
    d.ear(t, LOADER_PORT);
    assert_eq!(d.position().time, t - started);
    assert_eq!(d.position().block, Some(0));
    d.stop();
    d.ear(t + 1_000_000, LOADER_PORT);
    assert_eq!(d.position().time, t - started, "stopped tape does not move");
    assert!(d.seek_block(2));
    assert_eq!(d.position().block, Some(2));
    assert!(!d.seek_block(4));
    d.rewind();
    assert_eq!(d.position().time, 0);
}

#[test]
fn the_level_follows_the_signal_at_t_state_resolution() {
    let blocks = file_pair("A", &[0x80]);
    let signal = pulse::encode_tape(&blocks);
    let mut d = deck(blocks, manual());
    d.play();
    // Sample right before and after every change of the first 3,000 pulses.
    let mut t = 0u64;
    for p in signal.pulses().iter().take(3000) {
        assert_eq!(d.ear(t, LOADER_PORT), p.level, "at {t}");
        assert_eq!(
            d.ear(t + p.len as u64 - 1, LOADER_PORT),
            p.level,
            "at {}",
            t + p.len as u64 - 1
        );
        t += p.len as u64;
    }
}

#[test]
fn auto_play_starts_on_dense_polling_and_pauses_after_it_stops() {
    let mut d = deck(file_pair("A", &[1; 10]), DeckOptions::default());
    // Keyboard-like reads: 8 in a burst per frame. The tape must not start.
    let mut t = 0;
    for _ in 0..100 {
        for k in 0..8 {
            d.ear(t + k * 40, LOADER_PORT);
        }
        t += 64_896;
    }
    assert!(!d.is_running());
    // A loader polling every 50 T starts it, once it has done so for 0.1 s.
    for _ in 0..6_400 {
        t += 50;
        d.ear(t, LOADER_PORT);
    }
    assert!(!d.is_running(), "not after 0.098 s");
    for _ in 0..200 {
        t += 50;
        d.ear(t, LOADER_PORT);
    }
    assert!(d.is_running());
    let listening_end = t;
    // Back to keyboard reads only: after half a second the tape pauses where it was then.
    for _ in 0..60 {
        t += 64_896;
        d.ear(t, LOADER_PORT);
    }
    assert!(!d.is_running());
    let pos = d.position().time;
    assert!(
        pos <= listening_end + 1_625_000 && pos > 1_625_000,
        "paused at {pos}"
    );
}

/// Reads `n` times in the original ROM's loader rhythm (ace-hardware.md 7: every 59 T,
/// with a gap of 476 T after every 77 reads) from `t`; returns the time of the last.
fn original_rhythm(d: &mut Deck, mut t: u64, n: u32) -> u64 {
    for i in 1..=n {
        t += if i % 77 == 0 { 476 } else { 59 };
        d.ear(t, LOADER_PORT);
    }
    t
}

#[test]
fn the_original_roms_loader_rhythm_starts_the_tape_in_every_phase() {
    for phase in [0, 1, 40, 76] {
        let mut d = deck(file_pair("A", &[1; 10]), DeckOptions::default());
        let t = original_rhythm(&mut d, 0, phase);
        // 0.1 s of it: 325,000 T at about 64 T a read.
        original_rhythm(&mut d, t, 5_200);
        assert!(d.is_running(), "phase {phase}");
    }
    // Control: the same reads with 2,500 T gaps are not a loader (it would miss level
    // changes: a pilot half lasts 2,011 T).
    let mut d = deck(file_pair("A", &[1; 10]), DeckOptions::default());
    let mut t = 0;
    for i in 1..=20_000u64 {
        t += if i % 77 == 0 { 2_500 } else { 59 };
        d.ear(t, LOADER_PORT);
    }
    assert!(!d.is_running());
}

/// The original loader's reads while it reads a block of 0 bits (ace-hardware.md 7): after
/// each change of the 801 T halves, 411 or 481 T (alternately), then polls every 59 T until
/// the next change; 618 T after a byte's last change, and now and then 889 T. `stretch`
/// scales every spacing (1.2: a loader 20 % slower). Reads for `seconds` of tape from `t`.
fn data_phase_reads(d: &mut Deck, mut t: u64, stretch: f64, seconds: u64) -> u64 {
    let s = |x: u64| (x as f64 * stretch).round() as u64;
    let end = t + seconds * 3_250_000;
    let mut edge = t;
    let mut n = 0u64;
    while t < end {
        edge += 801;
        n += 1;
        let after = match (n % 160, n % 16, n % 2) {
            (0, _, _) => 889,
            (_, 0, _) => 618,
            (_, _, 0) => 481,
            _ => 411,
        };
        // Poll until the change is seen, then the gap.
        while t < edge {
            t += s(59);
            d.ear(t, LOADER_PORT);
        }
        t += s(after);
        d.ear(t, LOADER_PORT);
        edge = edge.max(t - s(59));
    }
    t
}

#[test]
fn the_original_loaders_reads_through_a_block_of_zeros_keep_the_tape_running() {
    for stretch in [1.0, 1.2] {
        let mut d = deck(file_pair("A", &[0; 2_000]), DeckOptions::default());
        let t = data_phase_reads(&mut d, 0, stretch, 1);
        assert!(d.is_running(), "started, x{stretch}");
        let start = d.position().time;
        let end = data_phase_reads(&mut d, t, stretch, 8);
        assert!(d.is_running(), "still running after 8 s, x{stretch}");
        assert_eq!(
            d.position().time - start,
            end - t,
            "never paused, x{stretch}"
        );
    }
}

#[test]
fn keyboard_scans_even_twenty_times_a_frame_do_not_start_the_tape() {
    let mut d = deck(file_pair("A", &[1; 10]), DeckOptions::default());
    let mut t = 0;
    for _ in 0..20 * 100 {
        // A scan: the 8 half-rows read 30 T apart, 3,244 T from scan to scan.
        for (k, &port) in HALF_ROWS.iter().enumerate() {
            d.ear(t + k as u64 * 30, port);
        }
        t += 3_244;
    }
    assert!(!d.is_running());
    assert_eq!(d.position().time, 0);
}

#[test]
fn a_tight_keyboard_poll_for_a_moment_or_a_few_reads_a_frame_do_not_start_the_tape() {
    let mut d = deck(file_pair("A", &[1; 10]), DeckOptions::default());
    let mut t = 0;
    for frame in 0..50 {
        // 3 reads a frame.
        for k in 0..3 {
            d.ear(t + k * 21_632, LOADER_PORT);
        }
        t += 64_896;
        // Now and then a game polls in a tight loop (37 T a read) for 50 ms, then goes on
        // with interrupts and keyboard scans.
        if frame % 5 == 0 {
            for _ in 0..4_400 {
                t += 37;
                d.ear(t, LOADER_PORT);
            }
        }
    }
    assert!(!d.is_running());
    assert_eq!(d.position().time, 0);
}

#[test]
fn fast_mode_says_it_is_playing_only_while_the_tape_runs() {
    let options = DeckOptions {
        speed: TapeSpeed::Fast,
        ..manual()
    };
    let mut d = deck(file_pair("A", &[1]), options);
    assert!(!d.is_playing());
    d.play();
    assert!(d.is_playing());
    let len = d.position().length;
    d.ear(len + 10, LOADER_PORT);
    assert!(!d.is_playing(), "the end of the tape stops it");
    let mut real = deck(file_pair("A", &[1]), manual());
    real.play();
    assert!(!real.is_playing(), "real speed never asks for flat out");
}

#[test]
fn tape_speed_parses_and_rejects_unknown_names() {
    assert_eq!("fast".parse::<TapeSpeed>().unwrap(), TapeSpeed::Fast);
    assert!("turbo"
        .parse::<TapeSpeed>()
        .unwrap_err()
        .contains("real, fast or instant"));
}

#[test]
fn pressing_play_takes_over_from_the_automatic_mode() {
    let mut d = deck(file_pair("A", &[1; 10]), DeckOptions::default());
    assert!(d.is_auto());
    d.play();
    assert!(!d.is_auto());
    // No dense polling at all: a manually started tape keeps running.
    let mut t = 0;
    for _ in 0..100 {
        t += 64_896;
        d.ear(t, LOADER_PORT);
    }
    assert!(d.is_running());
    assert_eq!(d.position().time, t);
}

#[test]
fn window_status_names_the_tape_state_and_block() {
    use aceemu::frontend::DeckControl;
    use aceemu::tape::SharedDeck;
    let mut shared = SharedDeck::new(deck(file_pair("A", &[1; 10]), DeckOptions::default()));
    assert_eq!(shared.status(), "t: waiting for LOAD, 2 blocks, 0/7 s");
    shared.toggle_play();
    shared.deck().ear(3_250_000, LOADER_PORT);
    assert_eq!(shared.status(), "t: playing, block 1 of 2, 1/7 s");
    shared.toggle_play();
    shared.rewind();
    assert_eq!(shared.status(), "t: stopped, 2 blocks, 0/7 s");
}

#[test]
fn mic_changes_while_the_tape_plays_do_not_lose_tape_time() {
    let mut d = deck(file_pair("A", &[1; 10]), manual());
    d.play();
    d.ear(1_000, LOADER_PORT);
    d.mic(500_000, true);
    d.mic(900_000, false);
    d.ear(1_000_000, LOADER_PORT);
    assert_eq!(d.position().time, 1_000_000);
}

#[test]
fn a_machine_listening_at_the_end_of_the_tape_is_waiting_in_vain_until_a_rewind() {
    use aceemu::frontend::DeckControl;
    use aceemu::tape::SharedDeck;
    let shared = SharedDeck::new(deck(file_pair("A", &[1; 10]), DeckOptions::default()));
    let length = shared.deck().position().length;
    // A loader polling every 50 T from power-on: the tape starts 0.1 s later, so it ends
    // 0.1 s after its length. 0.3 s after that: not yet waiting in vain.
    let mut t = 0;
    while t < length + 1_300_000 {
        t += 50;
        shared.deck().ear(t, LOADER_PORT);
    }
    assert!(!shared.deck().waiting_at_end());
    assert_eq!(shared.waiting_reason(), None);
    // 0.6 s after the end: it waits in vain, and the title says how to go on.
    while t < length + 325_000 + 1_950_000 {
        t += 50;
        shared.deck().ear(t, LOADER_PORT);
    }
    assert!(shared.deck().waiting_at_end());
    let reason = shared.waiting_reason().unwrap();
    assert!(reason.contains("Bytes \"A\""), "{reason}");
    assert!(
        shared.status().contains("F7 rewinds"),
        "{}",
        shared.status()
    );
    let mut control: Box<dyn DeckControl> = Box::new(shared.clone());
    control.rewind();
    assert!(!shared.deck().waiting_at_end());
    // The polling goes on: the tape plays again.
    for _ in 0..10_000 {
        t += 50;
        shared.deck().ear(t, LOADER_PORT);
    }
    assert!(shared.deck().is_running());
}

#[test]
fn the_instant_loader_runs_out_at_the_end_and_starts_again_after_a_rewind() {
    let options = DeckOptions {
        speed: TapeSpeed::Instant,
        ..DeckOptions::default()
    };
    let blocks = file_pair("A", &[1; 10]);
    let mut d = deck(blocks.clone(), options);
    assert_eq!(d.next_block().as_ref(), Some(&blocks[0]));
    assert!(!d.waiting_at_end());
    assert_eq!(d.next_block().as_ref(), Some(&blocks[1]));
    assert_eq!(d.position().time, d.position().length, "wound to the end");
    assert_eq!(d.next_block(), None);
    assert!(d.waiting_at_end());
    d.rewind();
    assert!(!d.waiting_at_end());
    assert_eq!(d.next_block().as_ref(), Some(&blocks[0]));
    // Wound to the second block (as after the ROM read the first from the signal): the
    // instant loader goes on from there.
    d.rewind();
    assert!(d.seek_block(1));
    assert_eq!(d.next_block().as_ref(), Some(&blocks[1]));
}
