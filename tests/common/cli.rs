//! Running the `aceemu` binary from a test, and a scratch directory for its files.

use std::path::{Path, PathBuf};
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

/// A fresh, empty directory for one test's files, named after the test file and `name` so
/// that a kept one is easy to find. It is removed when the test ends, unless the test is
/// failing: then it stays, and its path is printed with the failure, so the files can be
/// looked at.
pub struct ScratchDir(tempfile::TempDir);

impl std::ops::Deref for ScratchDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for ScratchDir {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.disable_cleanup(true);
            eprintln!("test files kept in {}", self.0.path().display());
        }
    }
}

/// A new [`ScratchDir`]; parallel tests never share one.
pub fn scratch_dir(name: &str) -> ScratchDir {
    let prefix = format!("aceemu-{}-{name}-", env!("CARGO_CRATE_NAME"));
    ScratchDir(
        tempfile::Builder::new()
            .prefix(&prefix)
            .tempdir()
            .expect("create a scratch directory"),
    )
}

/// A file named `name`, alone in a [`ScratchDir`] of its own (the name
/// shows in messages, so it is the test's, not a random one). Both go with the test.
pub struct ScratchFile {
    path: PathBuf,
    _dir: ScratchDir,
}

impl std::ops::Deref for ScratchFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for ScratchFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

/// A new [`ScratchFile`].
pub fn scratch_file(name: &str, contents: impl AsRef<[u8]>) -> ScratchFile {
    let file = scratch_path(name);
    std::fs::write(&file.path, contents).expect("write a scratch file");
    file
}

/// A [`ScratchFile`] not made yet: for what a test has the program write.
pub fn scratch_path(name: &str) -> ScratchFile {
    let dir = scratch_dir(name);
    ScratchFile {
        path: dir.join(name),
        _dir: dir,
    }
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
