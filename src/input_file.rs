//! Input files: every file aceemu reads from a path the user gave comes in through
//! [`read`], the reading side of [`crate::output_file`]. Only regular files are read (a
//! FIFO would block until something writes to it, a device such as /dev/zero never ends),
//! and no more bytes than a limit far beyond any real file of its kind, so a wrong path
//! gives an error naming it instead of a hang or all the memory.
//!
//! On Unix the file is opened without blocking and checked through the open handle, so a
//! FIFO put in the file's place between the check and the open cannot block either.

use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a file could not be read, naming it.
#[derive(Debug)]
pub struct InputError {
    pub path: PathBuf,
    /// What went wrong, without the path ("it is a directory; give a regular file").
    pub reason: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot read {}: {}", self.path.display(), self.reason)
    }
}

impl std::error::Error for InputError {}

/// Largest text file a game or the debugger reads (rule files, level packs, debugger
/// scripts, symbol files): far beyond any real one.
pub const MAX_TEXT_BYTES: u64 = 16 << 20;

/// Opens `path` for reading if it is a regular file, without blocking on a FIFO.
fn open_regular(path: &Path) -> Result<(std::fs::File, u64), String> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A FIFO opened for reading waits for a writer; without blocking it opens at once
        // and is refused below. On a regular file the flag changes nothing.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| describe(&e))?;
    let meta = file.metadata().map_err(|e| describe(&e))?;
    if !meta.is_file() {
        return Err(if meta.is_dir() {
            "it is a directory; give a regular file".to_string()
        } else {
            "it is not a regular file (a FIFO, socket or device); give a regular file".to_string()
        });
    }
    Ok((file, meta.len()))
}

fn describe(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        // A directory opened on some systems fails here rather than at the check.
        _ => e.to_string(),
    }
}

/// The bytes of the regular file at `path`, at most `max_bytes` of them; anything else is
/// refused before it is read.
pub fn read(path: &Path, max_bytes: u64) -> Result<Vec<u8>, InputError> {
    let fail = |reason: String| InputError {
        path: path.to_path_buf(),
        reason,
    };
    let (file, len) = open_regular(path).map_err(fail)?;
    if len > max_bytes {
        return Err(fail(format!(
            "{len} bytes is more than the {max_bytes} a file of this kind may have"
        )));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    // The file may grow after the check: read one byte past the limit to notice.
    file.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(describe(&e)))?;
    if bytes.len() as u64 > max_bytes {
        return Err(fail(format!(
            "it grew past the {max_bytes} bytes a file of this kind may have"
        )));
    }
    Ok(bytes)
}

/// [`read`] of a text file (at most [`MAX_TEXT_BYTES`]) that must be UTF-8; the error
/// names the line of the first byte that is not.
pub fn read_text(path: &Path) -> Result<String, InputError> {
    let bytes = read(path, MAX_TEXT_BYTES)?;
    String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        InputError {
            path: path.to_path_buf(),
            reason: format!("line {line} is not UTF-8 text"),
        }
    })
}

/// A regular file opened for reading in pieces (a WAV walked chunk by chunk), with its
/// length; anything else is refused as [`read`] refuses it.
pub fn open(path: &Path) -> Result<(std::fs::File, u64), InputError> {
    open_regular(path).map_err(|reason| InputError {
        path: path.to_path_buf(),
        reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("aceemu-in-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_directory_a_missing_file_and_a_big_file_are_refused_by_name() {
        let dir = scratch("kinds");
        let err = read(&dir, 10).unwrap_err().to_string();
        assert!(
            err.contains("directory") && err.contains("aceemu-in"),
            "{err}"
        );
        let err = read(&dir.join("nope.xsb"), 10).unwrap_err().to_string();
        assert!(
            err.contains("nope.xsb") && err.contains("no such file"),
            "{err}"
        );
        let big = dir.join("big.txt");
        std::fs::write(&big, [b'x'; 11]).unwrap();
        let err = read(&big, 10).unwrap_err().to_string();
        assert!(err.contains("big.txt") && err.contains("11 bytes"), "{err}");
        assert_eq!(read(&big, 11).unwrap().len(), 11);
        std::fs::write(&big, b"ok\n\xFF").unwrap();
        let err = read_text(&big).unwrap_err().to_string();
        assert!(err.contains("line 2 is not UTF-8"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A device never ends: refused without reading a byte.
    #[cfg(unix)]
    #[test]
    fn dev_zero_is_refused() {
        let err = read(Path::new("/dev/zero"), 1 << 30)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("/dev/zero") && err.contains("not a regular file"),
            "{err}"
        );
    }

    /// Opening a FIFO nobody writes to blocks for ever without the non-blocking open: the
    /// read runs in a thread and must answer within seconds.
    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_instead_of_blocking() {
        let dir = scratch("fifo");
        let path = dir.join("pipe.xsb");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("mkfifo not available; skipped");
            return;
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let p = path.clone();
        std::thread::spawn(move || {
            let _ = tx.send(read_text(&p).map_err(|e| e.to_string()));
        });
        let got = rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("reading a FIFO blocked");
        let err = got.unwrap_err();
        assert!(err.contains("pipe.xsb") && err.contains("FIFO"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
