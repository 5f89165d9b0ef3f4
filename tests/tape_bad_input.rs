//! Bad input and the user's files, through the binary: special files given as tapes,
//! damaged WAV headers, `--save-to` onto files that are not TAP, recording errors that must
//! fail the run. Every case must end quickly with an error naming the file.

mod common;

use common::cli::{aceemu_command, output_within, scratch_dir, text};
use common::golden_tape::golden_tap;
use std::path::Path;
use std::process::{Output, Stdio};

/// Runs `aceemu ARGS…`, failing the test if it has not finished within `secs`.
fn aceemu_within(secs: u64, args: &[&str]) -> Output {
    output_within(secs, aceemu_command().args(args))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[cfg(unix)]
#[test]
fn a_fifo_given_as_a_tape_or_snapshot_is_refused_not_waited_on() {
    let dir = scratch_dir("fifo");
    for name in ["pipe.tap", "pipe.ace"] {
        let fifo = dir.join(name);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|st| st.success()) {
            eprintln!("mkfifo not available; skipped");
            return;
        }
    }
    let tap = dir.join("pipe.tap");
    let ace = dir.join("pipe.ace");
    let out_tzx = dir.join("o.tzx");
    let runs: [&[&str]; 4] = [
        &["tape", "info", s(&tap)],
        &["tape", "convert", s(&tap), s(&out_tzx)],
        &["run", "--headless", "--frames", "1", "--tape", s(&tap)],
        &["run", "--headless", "--frames", "1", s(&ace)],
    ];
    for args in runs {
        let out = aceemu_within(20, args);
        assert!(!out.status.success(), "{args:?}");
        let e = text(&out.stderr);
        assert!(e.contains("pipe.") && e.contains("FIFO"), "{args:?}: {e}");
    }
}

#[test]
fn a_directory_given_as_a_tape_is_refused_with_its_name() {
    let dir = scratch_dir("dir");
    let sub = dir.join("folder.tap");
    std::fs::create_dir(&sub).unwrap();
    let out = aceemu_within(20, &["tape", "info", s(&sub)]);
    assert!(!out.status.success());
    let e = text(&out.stderr);
    assert!(e.contains("folder.tap") && e.contains("directory"), "{e}");
}

/// Runs the open ROM headless, typing `: A 1 ;` and `SAVE TEST` (the spec's golden vector),
/// instant speed, with `extra` options.
fn save_golden(extra: &[&str]) -> Output {
    let mut args = vec![
        "run",
        "--headless",
        "--tape-speed",
        "instant",
        "--type",
        ": A 1 ;\\nSAVE TEST\\n",
        "--frames",
        "100",
    ];
    args.extend(extra);
    aceemu_within(60, &args)
}

#[test]
fn save_to_refuses_a_file_that_is_not_tap_and_leaves_it_alone() {
    let dir = scratch_dir("save-to-tzx");
    let tzx = dir.join("mine.tzx");
    let original = b"ZXTape!\x1a\x01\x14".to_vec();
    std::fs::write(&tzx, &original).unwrap();
    for extra in [&[][..], &["--force"][..]] {
        let mut args = vec!["--save-to", s(&tzx)];
        args.extend(extra);
        let out = save_golden(&args);
        assert!(!out.status.success(), "{extra:?}");
        let e = text(&out.stderr);
        assert!(e.contains("mine.tzx") && e.contains(".tap"), "{e}");
        assert_eq!(std::fs::read(&tzx).unwrap(), original);
    }
}

#[test]
fn save_to_does_not_append_after_a_cut_short_block_unless_forced() {
    let dir = scratch_dir("save-to-cut");
    let tap = dir.join("cut.tap");
    let mut damaged = golden_tap();
    damaged.truncate(35); // the data block's length says 15 bytes, 5 are left
    std::fs::write(&tap, &damaged).unwrap();
    let out = save_golden(&["--save-to", s(&tap)]);
    assert!(!out.status.success());
    let e = text(&out.stderr);
    assert!(
        e.contains("cut.tap: block 2 at byte offset 28: truncated block") && e.contains("--force"),
        "{e}"
    );
    assert_eq!(std::fs::read(&tap).unwrap(), damaged);

    // What the open ROM saves (its code fields differ from the spec's original-ROM vector).
    let fresh = dir.join("fresh.tap");
    let out = save_golden(&["--save-to", s(&fresh)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let saved = std::fs::read(&fresh).unwrap();
    assert_eq!(saved[..28], golden_tap()[..28], "the header block");

    let out = save_golden(&["--save-to", s(&tap), "--force"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(&tap).unwrap(), saved);

    // A whole TAP file is appended to.
    let out = save_golden(&["--save-to", s(&tap)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read(&tap).unwrap(),
        [&saved[..], &saved[..]].concat()
    );
}

#[test]
fn save_wav_at_instant_speed_holds_the_saved_blocks() {
    let dir = scratch_dir("instant-wav");
    let (tap, wav) = (dir.join("saved.tap"), dir.join("saved.wav"));
    let out = save_golden(&["--save-to", s(&tap), "--save-wav", s(&wav)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let from_tap = aceemu::tape::tap::parse(&std::fs::read(&tap).unwrap(), "saved.tap").unwrap();
    assert_eq!(from_tap.len(), 2);
    let wav_bytes = std::fs::read(&wav).expect("the WAV was written");
    let from_wav: Vec<_> = aceemu::tape::wav::decode(&wav_bytes, "saved.wav")
        .unwrap()
        .into_iter()
        .map(|d| d.block)
        .collect();
    let expected: Vec<_> = from_tap.into_iter().map(|b| b.block).collect();
    assert_eq!(from_wav, expected);
}

#[test]
fn save_wav_into_a_missing_directory_is_refused_before_the_run() {
    let dir = scratch_dir("wav-nodir");
    let wav = dir.join("gone").join("x.wav");
    let out = save_golden(&["--save-wav", s(&wav)]);
    assert!(!out.status.success());
    let e = text(&out.stderr);
    assert!(e.contains("gone") && e.contains("directory"), "{e}");
    assert!(
        text(&out.stdout).is_empty(),
        "the run should not have started"
    );
}

/// Two outputs on one path would write over each other: refused before the run (this used
/// to be found only when the WAV was written at the end).
#[test]
fn two_recordings_on_one_path_are_refused_before_the_run() {
    let dir = scratch_dir("late-fail");
    let same = dir.join("both.tap");
    let out = save_golden(&["--save-to", s(&same), "--save-wav", s(&same)]);
    assert!(!out.status.success());
    let e = text(&out.stderr);
    assert!(
        e.contains("both.tap") && e.contains("are the same file"),
        "{e}"
    );
    assert!(
        text(&out.stdout).is_empty(),
        "the run should not have started"
    );
    assert!(!same.exists());
}

/// The golden pair as a WAV file written by aceemu, and where its data chunk's length is.
fn golden_wav() -> (Vec<u8>, usize, Vec<aceemu::tape::pulse::Block>) {
    let blocks: Vec<_> = aceemu::tape::tap::parse(&golden_tap(), "golden.tap")
        .unwrap()
        .into_iter()
        .map(|b| b.block)
        .collect();
    let wav = aceemu::tape::wav::write(&aceemu::tape::pulse::encode_tape(&blocks));
    let at = wav.windows(4).position(|w| w == b"data").unwrap() + 4;
    (wav, at, blocks)
}

fn decoded(samples: &aceemu::tape::wav::Samples) -> Vec<aceemu::tape::pulse::Block> {
    aceemu::tape::pulse::decode_halves(aceemu::tape::wav::halves(samples))
        .into_iter()
        .map(|d| d.block)
        .collect()
}

/// A recorder that stopped before writing its sizes leaves a data length of 0xFFFFFFFF or
/// more than is there, and a cut file leaves half a sample: the samples present are read,
/// with a warning naming the chunk's offset.
#[test]
fn a_wav_whose_data_length_lies_is_read_as_far_as_it_goes() {
    let (wav, at, blocks) = golden_wav();
    let real = u32::from_le_bytes(wav[at..at + 4].try_into().unwrap());
    for (claimed, cut) in [(u32::MAX, 0), (real + 1000, 0), (real, 1)] {
        let mut bad = wav.clone();
        bad[at..at + 4].copy_from_slice(&claimed.to_le_bytes());
        bad.truncate(bad.len() - cut);
        let samples = aceemu::tape::wav::read_samples(&bad, "long.wav")
            .unwrap_or_else(|e| panic!("claimed {claimed}, cut {cut}: {e}"));
        assert_eq!(decoded(&samples), blocks, "claimed {claimed}, cut {cut}");
        let w = samples.warnings.join("\n");
        assert!(
            w.contains("long.wav") && w.contains(&format!("byte offset {}", at - 4)),
            "{w}"
        );
    }
    let good = aceemu::tape::wav::read_samples(&wav, "good.wav").unwrap();
    assert!(good.warnings.is_empty());
}

#[test]
fn a_wav_chunk_running_past_the_end_is_named_with_its_offset() {
    let (wav, _, _) = golden_wav();
    let mut bad = wav[..12].to_vec();
    bad.extend(b"LIST");
    bad.extend(0xFFFF_FFF0u32.to_le_bytes());
    bad.extend(&wav[12..]);
    let e = aceemu::tape::wav::read_samples(&bad, "junk.wav")
        .err()
        .unwrap();
    let message = format!("{:#}", anyhow::Error::new(e));
    assert!(
        message.contains("junk.wav") && message.contains("\"LIST\" at byte offset 12"),
        "{message}"
    );
}

/// RIFF pads an odd-length chunk with a zero byte, which hound does not skip; a file
/// without the pad (some writers) must still read, and one with no data chunk is named.
#[test]
fn odd_length_chunks_before_the_data_are_read_with_or_without_their_pad_byte() {
    let (wav, _, blocks) = golden_wav();
    for pad in [&[0u8][..], &[][..]] {
        let mut file = wav[..36].to_vec(); // RIFF header and the 16-byte fmt chunk
        file.extend(b"LIST");
        file.extend(3u32.to_le_bytes());
        file.extend(b"abc");
        file.extend(pad);
        file.extend(&wav[36..]);
        let samples = aceemu::tape::wav::read_samples(&file, "list.wav")
            .unwrap_or_else(|e| panic!("pad {pad:?}: {e}"));
        assert_eq!(decoded(&samples), blocks, "pad {pad:?}");
        assert!(samples.warnings.is_empty());
    }
    let e = aceemu::tape::wav::read_samples(&wav[..36], "nodata.wav")
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("nodata.wav") && e.contains("no data chunk"),
        "{e}"
    );
}

/// hound's error is said once, not again as the error's source.
#[test]
fn a_wav_error_says_its_reason_once() {
    let (wav, _, _) = golden_wav();
    let mut bad = wav.clone();
    bad[22..24].copy_from_slice(&0u16.to_le_bytes()); // zero channels
    let e = aceemu::tape::wav::read_samples(&bad, "zero.wav")
        .err()
        .unwrap();
    let message = format!("{:#}", anyhow::Error::new(e));
    assert_eq!(message.matches("zero channels").count(), 1, "{message}");
}

/// A small deterministic generator for the mutation test below.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Up to five random edits: a byte changed or inverted, a byte inserted, the tail cut.
fn mutate(rng: &mut XorShift, base: &[u8]) -> Vec<u8> {
    let mut v = base.to_vec();
    for _ in 0..rng.below(6) {
        if v.is_empty() {
            break;
        }
        let i = rng.below(v.len());
        match rng.below(4) {
            0 => v[i] = rng.next() as u8,
            1 => v.truncate(i),
            2 => v.insert(i, rng.next() as u8),
            _ => v[i] ^= 0xFF,
        }
    }
    v
}

/// Damaged TAP, TZX, .ace and dictionary images (thousands of random edits of good ones)
/// give errors or partial listings, never a panic.
#[test]
fn randomly_damaged_files_never_panic_the_readers() {
    use aceemu::tape::image::{Format, TapeImage};
    let tap = [golden_tap(), golden_tap()].concat();
    let blocks: Vec<_> = aceemu::tape::tap::parse(&tap, "t.tap")
        .unwrap()
        .into_iter()
        .map(|b| b.block)
        .collect();
    let tzx = aceemu::tape::tzx::write(&blocks);
    let mut memory = vec![0u8; 0x2000];
    memory[0x80..0x84].copy_from_slice(&0x4000u32.to_le_bytes());
    memory[0x1C51..0x1C60].fill(0xED);
    let ace = aceemu::tape::ace_snapshot::compress(&memory);
    let dictionary = &blocks[1].data[..blocks[1].data.len() - 1];
    let mut rng = XorShift(0x1234_5678_9ABC_DEF1);
    for i in 0..3000u16 {
        let _ = TapeImage::from_bytes(&mutate(&mut rng, &tap), "f.tap", Format::Tap);
        let _ = TapeImage::from_bytes(&mutate(&mut rng, &tzx), "f.tzx", Format::Tzx);
        let _ = aceemu::tape::ace_snapshot::AceSnapshot::parse(&mutate(&mut rng, &ace), "f.ace");
        // Links followed from anywhere in the image (and just outside it).
        let newest = Some(0x3C40 + i % 64);
        let _ = aceemu::tape::dict::read(&mutate(&mut rng, dictionary), 0x3C51, newest, None);
    }
    let (wav, _, _) = golden_wav();
    for _ in 0..500 {
        let mut w = wav[..20_000].to_vec();
        for _ in 0..=rng.below(4) {
            let i = rng.below(60);
            w[i] = rng.next() as u8;
        }
        if rng.below(3) == 0 {
            w.truncate(rng.below(w.len()));
        }
        let _ = TapeImage::from_bytes(&w, "f.wav", Format::Wav);
    }
}

/// The window never wrote --save-snapshot (only the headless run does): asking for it
/// without --headless is refused rather than ignored at the end of a session.
#[test]
fn save_snapshot_without_headless_is_refused_not_ignored() {
    let dir = scratch_dir("snap-window");
    let snap = dir.join("w.ace");
    let out = aceemu_command()
        .args(["run", "--save-snapshot", s(&snap)])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let e = text(&out.stderr);
    assert!(e.contains("required") && e.contains("--headless"), "{e}");
}

/// Snapshots that could not be written are refused before running, so no run ends in a
/// lost snapshot: one into a missing directory here, one of a 51 KB machine (whose stacks
/// sit above 0xBFFF, where a .ace cannot reach) in tests/run_outputs_cli.rs.
#[test]
fn a_snapshot_into_a_missing_directory_is_refused_before_running() {
    let dir = scratch_dir("snap-missing-dir");
    let (snap, png) = (dir.join("missing").join("s.ace"), dir.join("shot.png"));
    let out = aceemu_within(
        60,
        &[
            "run",
            "--headless",
            "--frames",
            "100000000",
            "--save-snapshot",
            s(&snap),
            "--screenshot",
            s(&png),
        ],
    );
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("s.ace"), "{}", text(&out.stderr));
    assert!(!png.exists() && !snap.exists());
}

/// A TAP becomes a signal of about 128 bytes per data byte: one larger than any Ace tape
/// (here 4.3 MB, 65 blocks of 64 KB) is refused at once, naming the file and the limit,
/// instead of taking half a gigabyte and seconds to play.
#[test]
fn a_tap_file_larger_than_any_ace_tape_is_refused() {
    let dir = scratch_dir("huge-tap");
    let tap = dir.join("huge.tap");
    let block =
        aceemu::tape::tap::tap_block_bytes(&aceemu::tape::pulse::Block::new(0xFF, vec![0; 65_535]));
    std::fs::write(&tap, block.repeat(65)).unwrap();
    let limit = aceemu::tape::input::MAX_BLOCK_FILE_BYTES.to_string();
    for args in [
        &["tape", "info", s(&tap)][..],
        &["run", "--headless", "--frames", "1", "--tape", s(&tap)][..],
    ] {
        let out = aceemu_within(20, args);
        assert!(!out.status.success(), "{args:?}");
        let e = text(&out.stderr);
        assert!(e.contains("huge.tap") && e.contains(&limit), "{e}");
    }
}

/// A bad checksum in a TZX or WAV tape is a problem named with its place, as in a TAP:
/// `tape info` fails and lists it (before, only the listing's "BAD" said so, exit 0).
#[test]
fn a_bad_checksum_in_tzx_or_wav_is_reported_with_its_place() {
    use aceemu::tape::image::{Format, TapeImage};
    let mut blocks: Vec<_> = aceemu::tape::tap::parse(&golden_tap(), "g.tap")
        .unwrap()
        .into_iter()
        .map(|b| b.block)
        .collect();
    blocks[1].data[3] ^= 0x10;
    let tzx = aceemu::tape::tzx::write(&blocks);
    let image = TapeImage::from_bytes(&tzx, "bad.tzx", Format::Tzx).unwrap();
    // The description block is TZX block 1; the header's turbo block 2, its end mark 3,
    // its pause 4; the data block is TZX block 5.
    let offset = 10 + 2 + 34 + (1 + 18 + 27) + 4 + 3;
    assert_eq!(
        image.warnings,
        vec![format!(
            "bad.tzx: TZX block 5 at byte offset {offset} (tape block 2): bad checksum: \
             stored C7, XOR of the payload is D7"
        )]
    );
    let wav = aceemu::tape::wav::write(&aceemu::tape::pulse::encode_tape(&blocks));
    let image = TapeImage::from_bytes(&wav, "bad.wav", Format::Wav).unwrap();
    assert_eq!(image.warnings.len(), 1, "{:?}", image.warnings);
    assert!(
        image.warnings[0].starts_with("bad.wav: block 2 at ")
            && image.warnings[0].ends_with("bad checksum: stored C7, XOR of the payload is D7"),
        "{:?}",
        image.warnings
    );

    let dir = scratch_dir("bad-tzx");
    let path = dir.join("bad.tzx");
    std::fs::write(&path, &tzx).unwrap();
    let out = aceemu_within(20, &["tape", "info", s(&path)]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("TZX block 5"),
        "{}",
        text(&out.stderr)
    );
}
