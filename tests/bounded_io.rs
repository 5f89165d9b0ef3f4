//! Every reader bounded, every writer all-or-nothing, nothing held whole (issue 41): FIFOs
//! and devices refused by every reader, outputs cleaned up after SIGTERM and SIGXFSZ, the
//! memory of long conversions and runs measured as the child's peak resident set (wait4),
//! and damaged tapes reported in a few lines.

#![cfg(unix)]

mod common;

use common::cli::{aceemu, aceemu_command, output_within, scratch_dir, text};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The names in `dir`, sorted (left-over part files show up here).
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn fifo(dir: &Path, name: &str) -> Option<PathBuf> {
    let path = dir.join(name);
    let made = Command::new("mkfifo").arg(&path).status();
    made.is_ok_and(|s| s.success()).then_some(path)
}

/// Waits for `child` (killing it after `secs`): its wait status.
fn wait_within(mut child: Child, secs: u64) -> libc::c_int {
    let pid = child.id() as libc::pid_t;
    let start = Instant::now();
    loop {
        let mut status = 0;
        // SAFETY: plain waitpid on our own child with a valid out-pointer.
        let got = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        if got == pid {
            return status;
        }
        assert!(got == 0, "waitpid failed");
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            panic!("still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `aceemu ARGS` to the end (at most `secs`) under GNU time: its exit code and its
/// peak resident set in kilobytes. Measured by a small parent: a child started straight
/// from this test process would count the test process's own memory, which the kernel
/// carries into the child's peak across exec.
fn max_rss_kb(args: &[&str], secs: u64) -> (i32, i64) {
    let time = Path::new("/usr/bin/time");
    assert!(time.exists(), "GNU time is needed (apt-get install time)");
    let report = std::env::temp_dir().join(format!(
        "aceemu-rss-{}-{:?}.txt",
        std::process::id(),
        std::thread::current().id()
    ));
    let child = Command::new(time)
        .arg("-o")
        .arg(&report)
        .args(["-f", "%x %M", env!("CARGO_BIN_EXE_aceemu")])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_within(child, secs);
    let text = std::fs::read_to_string(&report).unwrap();
    let _ = std::fs::remove_file(&report);
    let last = text.lines().last().unwrap_or_default().to_string();
    let mut words = last.split_whitespace().map(|w| w.parse::<i64>().unwrap());
    (words.next().unwrap() as i32, words.next().unwrap())
}

/// A TAP of `blocks` data blocks of 65,534 bytes (payload of zeros, checksum 0): 4 MiB
/// exactly with 64 of them, the largest TAP aceemu reads.
fn big_tap(path: &Path, blocks: usize) {
    let mut bytes = Vec::with_capacity(blocks * 65_536);
    for _ in 0..blocks {
        bytes.extend([0xFE, 0xFF]);
        bytes.extend(std::iter::repeat_n(0u8, 65_534));
    }
    std::fs::write(path, bytes).unwrap();
}

/// Each reader of a path given by the user refuses a FIFO (which would block its open for
/// ever) and /dev/zero (which never ends) at once, naming the file.
#[test]
fn every_reader_refuses_a_fifo_and_a_device_at_once() {
    let dir = scratch_dir("readers");
    let Some(pipe) = fifo(&dir, "pipe") else {
        eprintln!("mkfifo not available: skipped");
        return;
    };
    let out = dir.join("out.bin");
    let script = dir.join("quit.dbg");
    std::fs::write(&script, "quit\n").unwrap();
    for special in [s(&pipe), "/dev/zero"] {
        let commands: Vec<Vec<&str>> = vec![
            vec!["sokoban", "check", special],
            vec!["mazezam", "check", special],
            vec!["cabbage", "check", special],
            vec!["asm", special, "-o", s(&out)],
            vec![
                "run",
                "--headless",
                "--frames",
                "1",
                "--debug-script",
                special,
            ],
            vec![
                "run",
                "--headless",
                "--debug-script",
                s(&script),
                "--symbols",
                special,
            ],
        ];
        for args in commands {
            let got = output_within(20, aceemu_command().args(&args));
            let err = text(&got.stderr);
            assert!(!got.status.success(), "{args:?}");
            assert!(
                err.contains(special) && err.contains("not a regular file"),
                "{args:?}: {err}"
            );
        }
    }
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `asm -o FIFO` used to open the FIFO for writing and wait for a reader for ever.
#[test]
fn asm_refuses_to_write_into_a_fifo() {
    let dir = scratch_dir("asm-fifo");
    let Some(pipe) = fifo(&dir, "out.bin") else {
        return;
    };
    let src = dir.join("a.asm");
    std::fs::write(&src, " ORG 0\n NOP\n").unwrap();
    let got = output_within(20, aceemu_command().args(["asm", s(&src), "-o", s(&pipe)]));
    assert!(!got.status.success());
    assert!(
        text(&got.stderr).contains("not a regular file"),
        "{}",
        text(&got.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file-size limit the listing passes (SIGXFSZ as the kernel sends it): the command ends,
/// its part files are removed, and the old binary and listing are as they were (today's
/// would have replaced the binary and cut the listing).
#[test]
fn asm_outputs_are_all_or_nothing_and_sigxfsz_removes_the_parts() {
    let dir = scratch_dir("asm-xfsz");
    let src = dir.join("a.asm");
    // 2,000 NOPs: a 2 KB binary and a listing of some 60 KB.
    std::fs::write(&src, " ORG 0\n".to_string() + &" NOP\n".repeat(2000)).unwrap();
    let (bin, lst) = (dir.join("a.bin"), dir.join("a.lst"));
    std::fs::write(&bin, b"old binary").unwrap();
    std::fs::write(&lst, b"old listing").unwrap();
    let mut command = aceemu_command();
    command.args(["asm", s(&src), "-o", s(&bin), "--list", s(&lst)]);
    // SAFETY: only setrlimit between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 16 << 10,
                rlim_max: 16 << 10,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let got = output_within(60, &mut command);
    assert_eq!(got.status.code(), Some(128 + libc::SIGXFSZ), "{got:?}");
    assert!(
        text(&got.stderr).contains("size limit"),
        "{}",
        text(&got.stderr)
    );
    assert_eq!(std::fs::read(&bin).unwrap(), b"old binary");
    assert_eq!(std::fs::read(&lst).unwrap(), b"old listing");
    assert_eq!(names(&dir), ["a.asm", "a.bin", "a.lst"]);
    // Without the limit both are replaced.
    let got = aceemu(&["asm", s(&src), "-o", s(&bin), "--list", s(&lst)]);
    assert!(got.status.success(), "{}", text(&got.stderr));
    assert_eq!(std::fs::read(&bin).unwrap(), vec![0u8; 2000]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The 4 MiB TAP (the largest read) converted to WAV: the samples go to the file as they
/// are made, so the conversion's peak memory stays under 100 MB (holding the signal and
/// the samples took 2.17 GB for a 1.26 MB TAP). Then a second conversion is stopped by
/// SIGTERM while it writes: it ends at once and leaves no part file.
#[test]
fn a_4_mib_tap_converts_to_wav_in_under_100_mb_and_sigterm_leaves_no_part() {
    let dir = scratch_dir("convert");
    let tap = dir.join("big.tap");
    big_tap(&tap, 64);
    let wav = dir.join("big.wav");
    let (code, peak) = max_rss_kb(&["tape", "convert", s(&tap), s(&wav)], 600);
    assert_eq!(code, 0);
    eprintln!("4 MiB TAP -> WAV: peak RSS {peak} KB");
    assert!(peak < 100_000, "peak RSS {peak} KB");
    // 64 blocks of 65,535 zero bytes with the flag: each bit 1,603 T-states at 3.25 MHz,
    // 44.1 kHz; the length in the header is the samples' (checked by hound reading it).
    let reader = hound::WavReader::open(&wav).unwrap();
    let seconds = reader.duration() as f64 / 44_100.0;
    let bits = 64.0 * 65_535.0 * 8.0;
    assert!(seconds > bits * 1_603.0 / 3_250_000.0, "{seconds} s");
    drop(reader);
    std::fs::remove_file(&wav).unwrap();

    let child = aceemu_command()
        .args(["tape", "convert", s(&tap), s(&wav)])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !names(&dir).iter().any(|n| n.ends_with(".part")) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no part file appeared"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // SAFETY: a signal to our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
    }
    let status = wait_within(child, 30);
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 128 + libc::SIGTERM,
        "status {status:#x}"
    );
    assert_eq!(names(&dir), ["big.tap"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `run --audio-wav` over 100,000 frames (33 minutes of the Ace) writes the sound as it is
/// made: peak memory under 30 MB (held whole it grew ~7 MB a second of run time).
#[test]
fn audio_wav_over_100_000_frames_stays_under_30_mb() {
    let dir = scratch_dir("audio");
    let wav = dir.join("run.wav");
    let args = [
        "run",
        "--headless",
        "--frames",
        "100000",
        "--audio-wav",
        s(&wav),
    ];
    let (code, peak) = max_rss_kb(&args, 600);
    assert_eq!(code, 0);
    eprintln!("--audio-wav, 100,000 frames: peak RSS {peak} KB");
    assert!(peak < 30_000, "peak RSS {peak} KB");
    let reader = hound::WavReader::open(&wav).unwrap();
    // 100,000 frames (and the 10 before typing) of 64,896 T-states at 3.25 MHz: 1,997 s.
    let seconds = reader.duration() as f64 / reader.spec().sample_rate as f64;
    assert!(
        (seconds - 100_010.0 * 64_896.0 / 3_250_000.0).abs() < 0.1,
        "{seconds} s"
    );
    drop(reader);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A 1 GB file (sparse) without a RIFF header is refused from its first bytes, not read
/// whole before the check.
#[test]
fn a_large_file_that_is_no_wav_is_refused_before_it_is_read() {
    let dir = scratch_dir("nowav");
    let path = dir.join("big.wav");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(1 << 30).unwrap();
    drop(file);
    let (code, peak) = max_rss_kb(&["tape", "info", s(&path)], 60);
    assert_eq!(code, 1);
    assert!(peak < 30_000, "peak RSS {peak} KB");
    let got = aceemu(&["tape", "info", s(&path)]);
    let err = text(&got.stderr);
    assert!(err.contains("big.wav") && err.contains("RIFF"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A 4 MiB file of zeros is two million zero-length TAP blocks: the report names the
/// first few problems and counts the rest (it printed 2,097,153 lines).
#[test]
fn a_damaged_tape_is_summarised() {
    let dir = scratch_dir("zeros");
    let path = dir.join("zeros.tap");
    std::fs::write(&path, vec![0u8; 4 << 20]).unwrap();
    let got = output_within(60, aceemu_command().args(["tape", "info", s(&path)]));
    assert!(!got.status.success());
    let err = text(&got.stderr);
    assert!(err.lines().count() < 20, "{err}");
    assert!(err.contains("... and 2097142 more"), "{err}");
    assert!(err.contains("2097152 problems found"), "{err}");
    let got = output_within(
        60,
        aceemu_command().args(["tape", "convert", s(&path), "x.wav"]),
    );
    assert!(!got.status.success());
    assert!(text(&got.stderr).lines().count() < 20);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `tape info` of an empty file fails like the other commands do.
#[test]
fn tape_info_of_an_empty_file_fails() {
    let dir = scratch_dir("empty");
    for name in ["empty.tap", "empty.tzx", "empty.wav"] {
        let path = dir.join(name);
        std::fs::write(&path, b"").unwrap();
        let got = aceemu(&["tape", "info", s(&path)]);
        assert!(!got.status.success(), "{name}: {}", text(&got.stdout));
        assert!(text(&got.stderr).contains(name), "{}", text(&got.stderr));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A source with nothing to type says so; tabs separate words as spaces do.
#[test]
fn from_forth_refuses_an_empty_source_and_reads_tabs_as_spaces() {
    let dir = scratch_dir("forth");
    let empty = dir.join("empty.fth");
    std::fs::write(&empty, "\n  \n\\ only a note\n").unwrap();
    let got = aceemu(&["tape", "from-forth", s(&empty), s(&dir.join("e.tap"))]);
    assert!(!got.status.success());
    let err = text(&got.stderr);
    assert!(err.contains("empty.fth") && err.contains("empty"), "{err}");
    let tabs = dir.join("tabs.fth");
    std::fs::write(&tabs, ":\tDOUBLE\t2\t* ;\n").unwrap();
    let out = dir.join("tabs.tap");
    let got = aceemu(&["tape", "from-forth", s(&tabs), s(&out)]);
    assert!(got.status.success(), "{}", text(&got.stderr));
    let got = aceemu(&["tape", "words", s(&out)]);
    assert!(
        text(&got.stdout).contains("DOUBLE"),
        "{}",
        text(&got.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A line break in `sokoban generate --title` stays inside the one title line.
#[test]
fn a_generated_title_with_a_line_break_reads_back_as_one_line() {
    let dir = scratch_dir("title");
    let out = dir.join("g.xsb");
    let got = aceemu(&[
        "sokoban",
        "generate",
        "--seed",
        "3",
        "--title",
        "First\nSecond",
        "--output",
        s(&out),
    ]);
    assert!(got.status.success(), "{}", text(&got.stderr));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("Title: First Second\n"), "{written}");
    let got = aceemu(&["sokoban", "check", s(&out)]);
    assert!(got.status.success(), "{}", text(&got.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}
