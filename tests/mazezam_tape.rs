//! Level tapes (`aceemu mazezam tape FILE.mzm OUT.tap`): what the file holds, the Forth
//! game loading one with `LEVELS name` and playing every level of it (screen equal to the
//! model's after every move), one run through the real tape signal, a pack too large for
//! the game's buffer refused by the ROM, and bad input refused with nothing written.

mod common;
mod mazezam_forth_support;

use aceemu::games::mazezam::ace_data::encode_pack;
use aceemu::games::mazezam::format::{self, parse_str};
use aceemu::games::mazezam::generator::{generate, Params};
use aceemu::games::mazezam::level_tape::DEFAULT_START;
use aceemu::games::mazezam::{Level, Session};
use aceemu::tape::deck::TapeSpeed;
use aceemu::tape::image::TapeImage;
use aceemu::tape::pulse::Block;
use aceemu::tape::tap::{FileKind, Header};
use common::cli::{aceemu, scratch_dir, text};
use mazezam_forth_support::*;
use std::path::Path;

/// A 30x20 mazezam (the largest the Ace shows) with a few bars, drawn here by hand.
fn largest() -> Level {
    let mut rows = vec!["#".repeat(32)];
    for r in 0..20 {
        let mut cells = [' '; 30];
        match r {
            3 => cells[5..8].fill('$'),
            4 => cells[10] = '$',
            7 => {
                cells[0] = '$';
                cells[1] = '$';
                cells[29] = '$';
            }
            _ => {}
        }
        let left = if r == 0 { '+' } else { '#' };
        let right = if r == 19 { '*' } else { '#' };
        rows.push(format!("{left}{}{right}", cells.iter().collect::<String>()));
    }
    rows.push("#".repeat(32));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut level = Level::from_drawing(&rows).unwrap();
    level.meta.title = Some("Twenty-Eight Characters Long".into());
    level
}

/// Generated mazezams of a few sizes (one untitled), then the largest.
fn generated_levels() -> Vec<Level> {
    let mut levels = Vec::new();
    for (seed, w, h) in [(11u64, 6usize, 3usize), (12, 4, 5), (13, 9, 2)] {
        let params = Params {
            attempts: 5,
            climb_steps: 40,
            ..Params::new(w, h)
        };
        let mut level = generate(seed, &params).unwrap().level;
        level.meta.title = (seed != 12).then(|| format!("Generated {seed}"));
        levels.push(level);
    }
    levels.push(largest());
    levels
}

fn write_mzm(dir: &Path, name: &str, levels: &[Level]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format::write(levels)).unwrap();
    path.to_str().unwrap().to_string()
}

/// Runs `aceemu mazezam tape` and returns the tape's blocks.
fn make_tape(dir: &Path, mzm: &str, extra: &[&str]) -> Vec<Block> {
    let out = dir.join("levels.tap");
    let out = out.to_str().unwrap();
    let mut args = vec!["mazezam", "tape", mzm, out, "--force"];
    args.extend_from_slice(extra);
    let run = aceemu(&args);
    assert!(run.status.success(), "{}", text(&run.stderr));
    TapeImage::open(Path::new(out)).unwrap().blocks
}

#[test]
fn the_tape_is_one_bytes_file_holding_the_pack() {
    let dir = scratch_dir("format");
    let levels = generated_levels();
    let mzm = write_mzm(&dir, "my-generated-levels.mzm", &levels);
    let blocks = make_tape(&dir, &mzm, &[]);
    assert_eq!(blocks.len(), 2);
    let header = Header::parse(&blocks[0].data).unwrap();
    assert_eq!(header.kind, FileKind::Bytes(0x20));
    // The default name is the file's stem cut to 10 characters.
    assert_eq!(header.name_text(), "my-generat");
    assert_eq!(header.start, DEFAULT_START);
    assert_ne!(header.start, 0);
    // The data is the pack of the levels as read back from the file.
    let text = std::fs::read_to_string(&mzm).unwrap();
    let parsed = parse_str(&text, "mzm").unwrap();
    let pack = encode_pack(&parsed.levels).unwrap();
    assert_eq!(usize::from(header.length), pack.len() + 11);
    assert_eq!(&blocks[1].data[..pack.len()], &pack[..]);
    // Then the tape's name again, its length first (for the game's title page).
    assert_eq!(
        &blocks[1].data[pack.len()..pack.len() + 11],
        b"\x0amy-generat"
    );
    assert!(blocks.iter().all(Block::checksum_ok));

    let named = make_tape(&dir, &mzm, &["--name", "GEN"]);
    assert_eq!(
        Header::parse(&named[0].data).unwrap().name_text(),
        "GEN       "
    );
}

/// Loads the game and the level tape named GEN, starts RUN and plays every level.
fn play_level_tape(speed: TapeSpeed, dir: &Path) -> u64 {
    let levels = generated_levels();
    let mzm = write_mzm(dir, "gen.mzm", &levels);
    let tape = make_tape(dir, &mzm, &["--name", "GEN"]);
    let mut rig = Rig::load(&tape, speed, dir);
    rig.type_line("LEVELS GEN");
    assert!(
        rig.wait_for_text("4 levels", 10_000),
        "{}",
        rig.ace.screen_text()
    );
    let loading_frames = rig.frames;
    rig.type_line("RUN");
    assert!(
        rig.wait_for_text("LEVEL 01 OF 04", 2_000),
        "{}",
        rig.ace.screen_text()
    );
    // The title names the tape the levels came from, no longer the built-in levels.
    assert_eq!(
        rig.ace.screen_text().lines().nth(5).unwrap().trim_end(),
        " levels from tape GEN",
        "{}",
        rig.ace.screen_text()
    );
    rig.start_level(1);
    // The model plays the levels as the Ace holds them (titles as packed).
    let text = std::fs::read_to_string(&mzm).unwrap();
    let levels = parse_str(&text, "gen.mzm").unwrap().levels;
    let mut session = Session::new(levels.clone(), 0);
    assert!(
        rig.wait_for_screen(&expected(&session), 2_000),
        "{}",
        rig.screen_text()
    );
    for level in &levels {
        solve_on_ace(&mut rig, &mut session, level);
    }
    assert!(rig.wait_for_text("YOU HAVE ESCAPED", 500));
    loading_frames
}

#[test]
fn the_forth_game_plays_every_level_of_a_level_tape() {
    let scratch = scratch_dir("play");
    let frames = play_level_tape(TapeSpeed::Instant, &scratch);
    assert!(frames < 500, "instant loading took {frames} frames");
}

#[test]
fn the_game_and_a_level_tape_load_through_the_real_signal() {
    // The signal of the game's ~8.7 KB alone lasts well over 30 s (1,500 frames).
    let scratch = scratch_dir("signal");
    let frames = play_level_tape(TapeSpeed::Fast, &scratch);
    assert!(frames > 1_500, "loading took only {frames} frames");
    eprintln!("loading through the signal: {frames} frames");
}

#[test]
fn a_pack_larger_than_the_game_buffer_is_refused_and_the_built_in_pack_stays() {
    let dir = scratch_dir("big");
    // 27 empty 30x20 rooms: 27 x (5 + 75) + 1 = 2161 bytes, more than the 2048 of PKMAX.
    let room = {
        let mut level = largest();
        level.meta.title = None;
        level
    };
    let mzm = write_mzm(&dir, "big.mzm", &vec![room; 27]);
    let run = aceemu(&[
        "mazezam",
        "tape",
        &mzm,
        dir.join("big.tap").to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(
        text(&run.stdout).contains("too large for its 2048-byte level buffer"),
        "{}",
        text(&run.stdout)
    );
    let tape = TapeImage::open(&dir.join("big.tap")).unwrap().blocks;
    let mut rig = Rig::load(&tape, TapeSpeed::Instant, &dir);
    rig.type_line("LEVELS big");
    assert!(
        rig.wait_for_text("ERROR 10", 2_000),
        "{}",
        rig.ace.screen_text()
    );
    rig.type_line("RUN");
    assert!(
        rig.wait_for_text("LEVEL 01 OF 26", 2_000),
        "{}",
        rig.ace.screen_text()
    );
}

#[test]
fn bad_input_is_refused_with_its_place_and_nothing_is_written() {
    let dir = scratch_dir("bad");
    let out = dir.join("out.tap");
    let out_s = out.to_str().unwrap();

    // Rule R4: a block right of the entrance.
    let bad = dir.join("bad.mzm");
    std::fs::write(&bad, ";;Title: Blocked\n#####\n+$  *\n#####\n").unwrap();
    let run = aceemu(&["mazezam", "tape", bad.to_str().unwrap(), out_s]);
    assert!(!run.status.success());
    let err = text(&run.stderr);
    assert!(err.contains("bad.mzm") && err.contains(":2"), "{err}");
    assert!(!out.exists());

    // A level wider than the screen, second in the file: named with its size.
    let wide = dir.join("wide.mzm");
    let ok = "####\n+  *\n####\n";
    let too_wide = format!(
        ";;Title: Too Wide\n{}\n+{}*\n{}\n",
        "#".repeat(33),
        " ".repeat(31),
        "#".repeat(33)
    );
    std::fs::write(&wide, format!("{ok}\n{too_wide}")).unwrap();
    let run = aceemu(&["mazezam", "tape", wide.to_str().unwrap(), out_s]);
    assert!(!run.status.success());
    let err = text(&run.stderr);
    assert!(
        err.contains("wide.mzm") && err.contains("mazezam 2 \"Too Wide\" is 31x1"),
        "{err}"
    );
    assert!(!out.exists());

    // A name that cannot be typed after LEVELS.
    let good = write_mzm(&dir, "good.mzm", &generated_levels()[..1]);
    let run = aceemu(&["mazezam", "tape", &good, out_s, "--name", "TWO WORDS"]);
    assert!(!run.status.success());
    assert!(text(&run.stderr).contains("TWO WORDS"));
    assert!(!out.exists());

    // An existing output is kept without --force.
    std::fs::write(&out, b"keep").unwrap();
    let run = aceemu(&["mazezam", "tape", &good, out_s]);
    assert!(!run.status.success());
    assert!(text(&run.stderr).contains("--force"));
    assert_eq!(std::fs::read(&out).unwrap(), b"keep");
}

#[test]
fn a_bytes_file_that_is_not_a_pack_is_reported_and_run_refuses_to_start() {
    use aceemu::tape::pulse::{FLAG_DATA, FLAG_HEADER};
    use aceemu::tape::tap::with_checksum;
    let dir = scratch_dir("notpack");
    // 40 bytes saying "3 levels" with a first level of width 0.
    let mut data = vec![0u8; 40];
    data[0] = 3;
    let header = Header::bytes("junk", 0x6000, data.len() as u16);
    let tape = [
        Block::new(FLAG_HEADER, with_checksum(&header.to_payload())),
        Block::new(FLAG_DATA, with_checksum(&data)),
    ];
    let mut rig = Rig::load(&tape, TapeSpeed::Instant, &dir);
    rig.type_line("LEVELS junk");
    assert!(
        rig.wait_for_text("not a level tape", 2_000),
        "{}",
        rig.ace.screen_text()
    );
    rig.type_line("RUN");
    assert!(
        rig.wait_for_text("No levels", 500),
        "{}",
        rig.ace.screen_text()
    );
}

/// A level tape holding only the pack (as made before the tape's name followed it): the
/// levels load and the title page says they came from a level tape, without a name.
#[test]
fn a_level_tape_without_its_name_after_the_pack_gets_the_generic_title() {
    use aceemu::tape::pulse::{FLAG_DATA, FLAG_HEADER};
    use aceemu::tape::tap::with_checksum;
    let dir = scratch_dir("unnamed");
    let pack = encode_pack(&generated_levels()[..2]).unwrap();
    let header = Header::bytes("OLD", DEFAULT_START, pack.len() as u16);
    let tape = [
        Block::new(FLAG_HEADER, with_checksum(&header.to_payload())),
        Block::new(FLAG_DATA, with_checksum(&pack)),
    ];
    let mut rig = Rig::load(&tape, TapeSpeed::Instant, &dir);
    rig.type_line("LEVELS OLD");
    assert!(
        rig.wait_for_text("2 levels", 2_000),
        "{}",
        rig.ace.screen_text()
    );
    rig.type_line("RUN");
    assert!(
        rig.wait_for_text("LEVEL 01 OF 02", 2_000),
        "{}",
        rig.ace.screen_text()
    );
    assert_eq!(
        rig.ace.screen_text().lines().nth(5).unwrap().trim_end(),
        " levels from a LEVELS tape"
    );
}
