//! Nothing `aceemu run` was asked to save is lost: Ctrl-C (SIGINT) or SIGTERM end the run
//! the way closing the window does, so --save-wav (and the headless outputs) are still
//! written, and --save-snapshot is checked against the RAM size before running.

mod common;

use common::cli::{aceemu, aceemu_command, scratch_dir, text};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// Starts a long headless run that SAVEs a word, waits until the TAP has the saved
/// blocks, sends `signal`, and checks the WAV, TAP and screenshot are there.
#[cfg(unix)]
fn interrupted_run_writes_its_outputs(signal: libc::c_int, name: &str) {
    let dir = scratch_dir(name);
    let (tap, wav, png) = (dir.join("x.tap"), dir.join("x.wav"), dir.join("x.png"));
    let mut command = aceemu_command();
    // A test run from a background job inherits SIGINT ignored (the shell's rule for
    // background jobs), and aceemu rightly keeps an ignored signal ignored (as under
    // nohup): give the child the default action, as a terminal's Ctrl-C would find it.
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut command, || {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
            Ok(())
        });
    }
    let child = command
        .args(["run", "--headless", "--type", ": X ;\\nSAVE X\\n"])
        .args(["--frames", "100000000", "--save-to"])
        .arg(&tap)
        .arg("--save-wav")
        .arg(&wav)
        .arg("--screenshot")
        .arg(&png)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start aceemu");
    // Header (2+26 bytes) and data block: the SAVE is over.
    let start = Instant::now();
    while std::fs::metadata(&tap).map_or(0, |m| m.len()) < 30 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the SAVE never reached {}",
            tap.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(200));
    // SAFETY: sending a signal to our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    let out = child.wait_with_output().unwrap();
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "an interrupted run is no success");
    assert!(stderr.contains("interrupted"), "{stderr}");
    let wav_bytes =
        std::fs::read(&wav).unwrap_or_else(|e| panic!("{}: {e}; {stderr}", wav.display()));
    assert_eq!(&wav_bytes[..4], b"RIFF");
    assert_eq!(&wav_bytes[8..12], b"WAVE");
    // At 44.1 kHz the SAVE of a header and a short dictionary is over a second of sound.
    assert!(wav_bytes.len() > 44_100, "{} bytes", wav_bytes.len());
    let png_bytes = std::fs::read(&png).unwrap();
    assert_eq!(&png_bytes[1..4], b"PNG");
}

#[cfg(unix)]
#[test]
fn ctrl_c_still_writes_save_wav() {
    interrupted_run_writes_its_outputs(libc::SIGINT, "sigint");
}

#[cfg(unix)]
#[test]
fn sigterm_still_writes_save_wav() {
    interrupted_run_writes_its_outputs(libc::SIGTERM, "sigterm");
}

#[test]
fn save_snapshot_works_with_the_default_ram() {
    let dir = scratch_dir("snapshot-default");
    let ace = dir.join("s.ace");
    let out = aceemu(&[
        "run",
        "--headless",
        "--frames",
        "60",
        "--save-snapshot",
        ace.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let bytes = std::fs::read(&ace).unwrap();
    // The .ace file ends with ED 00; 35 K of memory compresses to far less than 40 K.
    assert_eq!(&bytes[bytes.len() - 2..], &[0xED, 0x00]);
}

#[test]
fn save_snapshot_with_ram_51_is_refused_before_running() {
    let dir = scratch_dir("snapshot-51");
    let ace = dir.join("s.ace");
    // A run this long would take minutes: the refusal must come first.
    let out = aceemu(&[
        "run",
        "--headless",
        "--ram",
        "51",
        "--frames",
        "100000000",
        "--save-snapshot",
        ace.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("--ram 35") && stderr.contains("51 K"),
        "{stderr}"
    );
    assert!(!ace.exists());
}
