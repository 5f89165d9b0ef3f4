//! Running the `aceemu` binary from a test, and a scratch directory for its files.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The `aceemu` binary built for these tests, to add arguments to.
pub fn aceemu_command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_aceemu"))
}

/// Runs `aceemu ARGS…` to the end (stdin empty, stdout and stderr captured).
pub fn aceemu(args: &[&str]) -> Output {
    aceemu_command()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run aceemu")
}

/// Runs `command` (stdin empty, stdout and stderr captured), killing it and failing the
/// test if it has not finished within `secs`: a hang is a failure, not a stuck test run.
pub fn output_within(secs: u64, command: &mut Command) -> Output {
    let mut child = command
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
            panic!("{command:?} still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A fresh, empty directory for one test's files, named after the test file, this process
/// and `name`, so parallel tests never share one.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "aceemu-{}-{}-{name}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Output bytes as text (lossy), for messages and `contains` checks.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Bytes of `--dump-mem` lines ("3C00  00 20 52 ... 16 bytes  ascii").
pub fn dumped_bytes(stdout: &str) -> Vec<u8> {
    stdout
        .lines()
        .flat_map(|l| {
            l.split_whitespace()
                .skip(1)
                .take(16)
                .map_while(|h| {
                    (h.len() == 2)
                        .then(|| u8::from_str_radix(h, 16).ok())
                        .flatten()
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Writes `contents` to `dir/name` and gives the path as an argument.
pub fn write_file(dir: &std::path::Path, name: &str, contents: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_str().unwrap().to_string()
}

/// Runs `aceemu ARGS…`, which must succeed (its stderr is the message if not); its stdout.
pub fn success_stdout(args: &[&str]) -> String {
    let out = aceemu(args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// Runs `aceemu ARGS…` twice, which must succeed and print the same both times (a seeded
/// generator is repeatable); that stdout.
pub fn repeatable_stdout(args: &[&str]) -> Vec<u8> {
    let a = aceemu(args);
    let b = aceemu(args);
    assert!(a.status.success(), "{}", text(&a.stderr));
    assert_eq!(a.stdout, b.stdout);
    a.stdout
}
