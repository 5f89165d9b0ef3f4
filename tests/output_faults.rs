//! What the user saved is never lost: outputs written on a full disk (simulated without root
//! by a file-size limit, `ulimit -f`, with SIGXFSZ ignored so the write fails with EFBIG as
//! on a full disk), over a good file with `--force`, or appended to with `--save-to`; two
//! outputs of one run on one path; special files given where a file is read.

#![cfg(unix)]

mod common;

use common::cli::{aceemu, aceemu_command, output_within, scratch_dir, text};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Output;

/// Runs `aceemu ARGS…` with files limited to `max_bytes` (a disk with that much room for
/// each new file), failing the test if it has not ended within a minute.
fn aceemu_on_small_disk(max_bytes: u64, args: &[&str]) -> Output {
    let mut command = aceemu_command();
    command.args(args);
    // SAFETY: between fork and exec only async-signal-safe calls (setrlimit, signal).
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: max_bytes,
                rlim_max: max_bytes,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
    output_within(60, &mut command)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The names in `dir`, sorted (left-over temporary files show up here).
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tapes/demo.tap");
const MAZE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tapes/maze.tap");

/// Commands that write one output file, each given the path to write.
fn writers(out: &Path) -> Vec<Vec<String>> {
    let o = s(out).to_string();
    let v = |a: &[&str]| a.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    vec![
        v(&["tape", "convert", DEMO, &format!("{o}.wav")]),
        v(&["tape", "convert", DEMO, &format!("{o}.tzx")]),
        v(&["rom", "save", &format!("{o}.rom")]),
        v(&[
            "run",
            "--headless",
            "--frames",
            "5",
            "--screenshot",
            &format!("{o}.png"),
            "--screenshot-scale",
            "4",
        ]),
        v(&[
            "run",
            "--headless",
            "--frames",
            "5",
            "--ram",
            "19",
            "--save-snapshot",
            &format!("{o}.ace"),
        ]),
        v(&[
            "maze",
            "--seed",
            "7",
            "--png",
            &format!("{o}-maze.png"),
            "--quiet",
        ]),
    ]
}

#[test]
fn a_full_disk_leaves_no_file_behind() {
    let dir = scratch_dir("full-new");
    for args in writers(&dir.join("out")) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = aceemu_on_small_disk(1000, &args);
        let e = text(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded on a full disk");
        assert!(e.contains("out"), "{args:?}: the error names no file: {e}");
        assert_eq!(
            names(&dir),
            Vec::<String>::new(),
            "{args:?} left files: {e}"
        );
    }
}

#[test]
fn a_full_disk_with_force_keeps_the_old_file() {
    let dir = scratch_dir("full-force");
    let base = dir.join("out");
    for args in writers(&base) {
        let target = args
            .iter()
            .find(|a| a.starts_with(s(&base)))
            .unwrap()
            .clone();
        let good = b"a good file the user made".to_vec();
        std::fs::write(&target, &good).unwrap();
        let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
        args.push("--force");
        let out = aceemu_on_small_disk(1000, &args);
        assert!(!out.status.success(), "{args:?} succeeded on a full disk");
        assert_eq!(
            std::fs::read(&target).unwrap(),
            good,
            "{args:?} spoilt the old file"
        );
        std::fs::remove_file(&target).unwrap();
        assert_eq!(names(&dir), Vec::<String>::new(), "{args:?} left files");
    }
}

#[test]
fn with_room_the_outputs_are_written_and_nothing_else() {
    let dir = scratch_dir("room");
    for args in writers(&dir.join("out")) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = aceemu(&args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    }
    let made = names(&dir);
    assert_eq!(made.len(), 6, "{made:?}");
    assert!(made.iter().all(|n| !n.starts_with('.')), "{made:?}");
}

/// `--save-to` appends: a block that does not fit is cut back off, so the file keeps its
/// old blocks and still reads as a whole TAP file.
#[test]
fn a_failed_append_is_cut_back_to_the_old_length() {
    let dir = scratch_dir("append");
    let tap = dir.join("mine.tap");
    let old = std::fs::read(DEMO).unwrap();
    std::fs::write(&tap, &old).unwrap();
    let limit = old.len() as u64 + 20; // room for less than the header block (28 bytes)
    let out = aceemu_on_small_disk(
        limit,
        &[
            "run",
            "--headless",
            "--tape-speed",
            "instant",
            "--type",
            ": A 1 ;\\nSAVE TEST\\n",
            "--frames",
            "100",
            "--save-to",
            s(&tap),
        ],
    );
    assert!(!out.status.success());
    let e = text(&out.stderr);
    assert!(e.contains("mine.tap"), "{e}");
    assert_eq!(std::fs::read(&tap).unwrap(), old);
}

/// `--save-to --force` replaces the file whole at the first block: on a full disk the old
/// file stays as it was.
#[test]
fn save_to_with_force_on_a_full_disk_keeps_the_old_tape() {
    let dir = scratch_dir("save-force");
    let tap = dir.join("keep.tap");
    let old = std::fs::read(MAZE).unwrap();
    std::fs::write(&tap, &old).unwrap();
    let out = aceemu_on_small_disk(
        10,
        &[
            "run",
            "--headless",
            "--tape-speed",
            "instant",
            "--type",
            ": A 1 ;\\nSAVE TEST\\n",
            "--frames",
            "100",
            "--save-to",
            s(&tap),
            "--force",
        ],
    );
    assert!(!out.status.success());
    assert_eq!(std::fs::read(&tap).unwrap(), old);
    assert_eq!(names(&dir), ["keep.tap"]);
}

#[test]
fn two_outputs_of_one_run_on_one_path_are_refused_before_running() {
    let dir = scratch_dir("shared");
    let x = dir.join("x.wav");
    let y = dir.join("y.png");
    for args in [
        vec!["--save-wav", s(&x), "--audio-wav", s(&x)],
        vec![
            "--screenshot",
            s(&y),
            "--save-snapshot",
            s(&y),
            "--ram",
            "19",
        ],
    ] {
        let mut all = vec!["run", "--headless", "--frames", "5", "--force"];
        all.extend(&args);
        let out = aceemu(&all);
        assert!(!out.status.success(), "{args:?}");
        let e = text(&out.stderr);
        assert!(e.contains("are the same file"), "{e}");
        assert!(
            text(&out.stdout).is_empty(),
            "the run should not have started"
        );
        assert_eq!(names(&dir), Vec::<String>::new());
    }
}

#[test]
fn special_files_are_refused_at_once() {
    let dir = scratch_dir("special");
    let fifo = dir.join("ace.rom");
    let c = std::ffi::CString::new(s(&fifo)).unwrap();
    // SAFETY: a plain mkfifo on a path we own.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    for args in [
        vec!["run", "--headless", "--frames", "1", "--rom", s(&fifo)],
        vec!["tape", "from-forth", "/dev/zero", "z.tap"],
        vec!["tape", "from-forth", s(&fifo), "z.tap"],
    ] {
        let out = aceemu_on_small_disk(1 << 20, &args);
        assert!(!out.status.success(), "{args:?}");
        let e = text(&out.stderr);
        assert!(e.contains("not a regular file"), "{args:?}: {e}");
    }
}

/// A source line longer than the Ace's input buffer, or with a character no key types, is
/// refused naming its line, quoting only a short piece of it.
#[test]
fn a_forth_source_the_ace_cannot_take_is_refused_with_its_line() {
    let dir = scratch_dir("forth");
    let long = dir.join("long.fth");
    std::fs::write(&long, format!(": A ;\n{}\n", "1 ".repeat(100_000))).unwrap();
    let nul = dir.join("nul.fth");
    std::fs::write(&nul, ": A 1 .\0 ;\n").unwrap();
    for (file, what) in [(&long, "long.fth:2"), (&nul, "nul.fth:1")] {
        let out = aceemu(&["tape", "from-forth", s(file), s(&dir.join("o.tap"))]);
        assert!(!out.status.success());
        let e = text(&out.stderr);
        assert!(e.contains(what), "{e}");
        assert!(
            e.len() < 400,
            "the message quotes too much: {} bytes",
            e.len()
        );
        assert!(!e.contains('\0'), "{e:?}");
    }
}

/// TAP stores no flag byte: a block that would read back as something else is refused,
/// naming the block, and the TAP file is not made; TZX keeps it.
#[test]
fn a_conversion_that_would_change_blocks_is_refused() {
    use aceemu::tape::pulse::Block;
    let dir = scratch_dir("lossy");
    let cases = [
        (vec![Block::new(0x44, vec![1, 2, 3, 0])], "0x44"),
        (vec![Block::new(0xFF, vec![0; 26])], "block 1"),
    ];
    for (blocks, what) in cases {
        let tzx = dir.join("in.tzx");
        std::fs::write(&tzx, aceemu::tape::tzx::write(&blocks)).unwrap();
        let tap = dir.join("out.tap");
        let out = aceemu(&["tape", "convert", s(&tzx), s(&tap)]);
        assert!(!out.status.success(), "{blocks:?}");
        let e = text(&out.stderr);
        assert!(e.contains(what) && e.contains(".tzx"), "{e}");
        assert!(!tap.exists());
        let copy = dir.join("copy.tzx");
        let out = aceemu(&["tape", "convert", s(&tzx), s(&copy), "--force"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
}

/// A wait marker whose text never comes fails the run, whatever the frame options.
#[test]
fn a_wait_marker_never_satisfied_fails_the_run() {
    for extra in [&["--frames", "100"][..], &["--until-text", "OK"][..]] {
        let mut args = vec![
            "run",
            "--headless",
            "--max-frames",
            "200",
            "--type",
            "\\{never}x",
        ];
        args.extend(extra);
        let out = aceemu(&args);
        assert!(!out.status.success(), "{extra:?}");
        let e = text(&out.stderr);
        assert!(e.contains("never"), "{e}");
    }
}
