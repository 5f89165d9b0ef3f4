//! Reading a tape or snapshot file given on the command line: only regular files (a FIFO
//! would block `read` until something writes to it, a device like /dev/zero never ends),
//! and no larger than a limit far beyond any real file of its kind, so a wrong path gives
//! an error instead of a hang or all the memory (a TAP or TZX becomes a signal of about
//! 128 bytes of memory per byte of data).

use std::path::Path;

/// Largest file read: far beyond any tape (an hour of 44.1 kHz 16-bit stereo WAV is
/// 635 MB).
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// Largest TAP or TZX file read: 80 times the whole 51 KB of RAM saved (a 4 MB TAP already
/// plays for over six hours).
pub const MAX_BLOCK_FILE_BYTES: u64 = 4 << 20;

/// Largest `.ace` snapshot read (the largest image is 40 KB before compression; a literal
/// 0xED byte takes three bytes).
pub const MAX_SNAPSHOT_BYTES: u64 = 1 << 20;

/// Largest Forth source typed into the Ace (`tape from-forth`): a source is typed a line at
/// a time into at most 51 KB of RAM, so 1 MB leaves room for any amount of comment.
pub const MAX_FORTH_SOURCE_BYTES: u64 = 1 << 20;

/// The bytes of the regular file at `path`; anything else is refused, naming the path.
pub fn read(path: &Path) -> anyhow::Result<Vec<u8>> {
    read_limited(path, MAX_INPUT_BYTES)
}

/// [`read`] with another size limit (through the shared [`crate::input_file::read`]).
pub fn read_limited(path: &Path, max_bytes: u64) -> anyhow::Result<Vec<u8>> {
    Ok(crate::input_file::read(path, max_bytes)?)
}

/// Problems printed one a line before the rest are only counted.
pub const PROBLEMS_SHOWN: usize = 10;

/// Prints the first [`PROBLEMS_SHOWN`] of `problems` to standard error, each after
/// `prefix`, then how many more there are (`hidden` counts those not even kept): a
/// damaged file's report stays a few lines long.
pub fn print_problems(prefix: &str, problems: &[String], hidden: usize) {
    for p in problems.iter().take(PROBLEMS_SHOWN) {
        eprintln!("{prefix}{p}");
    }
    let more = problems.len().saturating_sub(PROBLEMS_SHOWN) + hidden;
    if more > 0 {
        eprintln!("{prefix}... and {more} more");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("aceemu-input-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_directory_is_refused_with_its_name() {
        let dir = scratch("dir");
        let err = read(&dir).unwrap_err().to_string();
        assert!(
            err.contains("directory") && err.contains("aceemu-input"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        let dir = scratch("big");
        let path = dir.join("big.tap");
        std::fs::write(&path, [0u8; 100]).unwrap();
        let err = read_limited(&path, 99).unwrap_err().to_string();
        assert!(
            err.contains("big.tap") && err.contains("100 bytes"),
            "{err}"
        );
        assert_eq!(read_limited(&path, 100).unwrap().len(), 100);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    // A FIFO and /dev/zero: input_file.rs tests the shared reader these go through.
}
