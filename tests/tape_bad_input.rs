//! Bad input and the user's files, through the binary: special files given as tapes,
//! damaged WAV headers, `--save-to` onto files that are not TAP, recording errors that must
//! fail the run. Every case must end quickly with an error naming the file.

mod common;

use common::cli::{aceemu_command, scratch_dir, text};
use common::golden_tape::golden_tap;
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `aceemu ARGS…`, killing it if it has not finished within `secs` (a hang is a
/// failure, not a stuck test run).
fn aceemu_within(secs: u64, args: &[&str]) -> Output {
    let mut child = aceemu_command()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run aceemu");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("aceemu {args:?} still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
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
    let _ = golden_tap();
}
