//! Output files: created new, or replaced only when the user says so (`--force` on every
//! command). One place for the rule and for the message, so every command refuses the
//! same way.

use anyhow::Context;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// The refusal every command gives for an existing output file.
fn already_exists(path: &Path) -> anyhow::Error {
    anyhow::anyhow!(
        "{} already exists (use --force to replace it)",
        path.display()
    )
}

/// Fails if `path` exists and `force` is not given, or if its directory does not exist.
/// For checking every output before a long run, so the run does not end in "file exists"
/// or "no such directory" with its result lost.
pub fn refuse_existing(path: &Path, force: bool) -> anyhow::Result<()> {
    if !force && path.exists() {
        return Err(already_exists(path));
    }
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        if !dir.is_dir() {
            anyhow::bail!(
                "cannot create {}: the directory {} does not exist",
                path.display(),
                dir.display()
            );
        }
    }
    Ok(())
}

/// What a path names, for comparing: the canonical path of an existing file, or of its
/// directory joined with its name for a file not made yet (so `x` and `./x` compare equal
/// before either exists).
fn identity(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = path.canonicalize() {
        return Some(p);
    }
    let name = path.file_name()?;
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some(parent.canonicalize().ok()?.join(name))
}

/// Whether two paths name the same file (existing or not).
pub fn same_file(a: &Path, b: &Path) -> bool {
    matches!((identity(a), identity(b)), (Some(x), Some(y)) if x == y)
}

/// Fails if two of a command's outputs name the same file: one would be written over the
/// other (or, without --force, the second would fail after the first was written).
pub fn refuse_shared_paths(paths: &[&Path]) -> anyhow::Result<()> {
    for (i, path) in paths.iter().enumerate() {
        if let Some(other) = paths[..i].iter().find(|o| same_file(path, o)) {
            anyhow::bail!(
                "{} and {} are the same file; give each output its own path",
                other.display(),
                path.display()
            );
        }
    }
    Ok(())
}

/// An output file being written: the bytes go to a temporary file beside the target, and
/// only [`NewFile::commit`] puts it in the target's place, in one rename. A full disk, an
/// error or an interrupted run therefore never leaves a partial file under the target's
/// name, and never spoils a file that was there before (even with `--force`). Dropped
/// without a commit, the temporary file is removed.
pub struct NewFile {
    file: Option<BufWriter<File>>,
    temporary: PathBuf,
    target: PathBuf,
    force: bool,
    /// Where the temporary name is registered for removal by a fatal signal.
    part_slot: Option<usize>,
}

/// A name beside `target` that no other writer uses: hidden, with the process id and a
/// counter, so two outputs of one process or two processes never share it.
fn temporary_name(target: &Path) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    target.with_file_name(format!(".{name}.{}-{n}.part", std::process::id()))
}

impl NewFile {
    /// Flushes, syncs and moves the written file into place. Without `force` the target
    /// must still not exist (a hard link refuses atomically; where the file system has no
    /// hard links, the check is made just before the rename).
    pub fn commit(mut self) -> anyhow::Result<()> {
        let target = self.target.clone();
        let writer = self.file.take().expect("committed once");
        let file = writer
            .into_inner()
            .map_err(|e| e.into_error())
            .with_context(|| format!("cannot write {}", target.display()))?;
        file.sync_all()
            .with_context(|| format!("cannot write {}", target.display()))?;
        drop(file);
        if self.force {
            std::fs::rename(&self.temporary, &target)
                .with_context(|| format!("cannot create {}", target.display()))?;
            return Ok(());
        }
        match std::fs::hard_link(&self.temporary, &target) {
            Ok(()) => {
                // The temporary name goes with the drop below.
                Ok(())
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(already_exists(&target)),
            Err(_) if !target.exists() => std::fs::rename(&self.temporary, &target)
                .with_context(|| format!("cannot create {}", target.display())),
            Err(_) => Err(already_exists(&target)),
        }
    }
}

impl Write for NewFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.as_mut().expect("not committed").write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.as_mut().expect("not committed").flush()
    }
}

/// hound's WAV writer goes back to fill in the lengths when it finishes.
impl std::io::Seek for NewFile {
    fn seek(&mut self, pos: std::io::SeekFrom) -> std::io::Result<u64> {
        self.file.as_mut().expect("not committed").seek(pos)
    }
}

impl Drop for NewFile {
    fn drop(&mut self) {
        // Quietly: after a commit by rename the name is gone already; otherwise this is
        // the cleanup of an output that failed or was abandoned.
        self.file = None;
        let _ = std::fs::remove_file(&self.temporary);
        if let Some(slot) = self.part_slot.take() {
            parts::unregister(slot);
        }
    }
}

/// Starts a new output file (see [`NewFile`]); an existing file is only replaced with
/// `force`, and only when the new one is complete. Refuses at once when the target exists
/// without `force`, or when it is not a regular file (a directory or a FIFO is never
/// replaced).
pub fn create(path: &Path, force: bool) -> anyhow::Result<NewFile> {
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !force {
            return Err(already_exists(path));
        }
        if !meta.is_file() && !meta.file_type().is_symlink() {
            anyhow::bail!(
                "cannot replace {}: it is not a regular file",
                path.display()
            );
        }
    }
    let temporary = temporary_name(path);
    let file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
        .with_context(|| format!("cannot create {}", path.display()))?;
    let part_slot = parts::register(&temporary);
    Ok(NewFile {
        file: Some(BufWriter::new(file)),
        temporary,
        target: path.to_path_buf(),
        force,
        part_slot,
    })
}

/// Writes `bytes` to a new file (or over an existing one with `force`), all or nothing.
pub fn write_new(path: &Path, bytes: &[u8], force: bool) -> anyhow::Result<()> {
    let mut file = create(path, force)?;
    file.write_all(bytes)
        .with_context(|| format!("cannot write {}", path.display()))?;
    file.commit()
}

/// The temporary files being written, for [`remove_parts_now`]: a signal that ends the
/// process (SIGTERM, SIGINT, SIGXFSZ) runs no destructors, so its handler removes them.
/// The handler may only make async-signal-safe calls, so the names live in a fixed table
/// of atomic pointers to C strings rather than behind a lock. A name is never freed (a
/// handler on another thread might be reading it): a few dozen bytes per output file.
mod parts {
    use std::ffi::{c_char, CString};
    use std::path::Path;
    use std::sync::atomic::{AtomicPtr, Ordering};

    const SLOTS: usize = 64;
    #[allow(clippy::declare_interior_mutable_const)] // only to build the array below
    const EMPTY: AtomicPtr<c_char> = AtomicPtr::new(std::ptr::null_mut());
    static NAMES: [AtomicPtr<c_char>; SLOTS] = [EMPTY; SLOTS];

    /// Remembers `path`; `None` when the table is full (that file is then left behind by
    /// a signal, as before).
    pub fn register(path: &Path) -> Option<usize> {
        #[cfg(unix)]
        let bytes = {
            use std::os::unix::ffi::OsStrExt;
            path.as_os_str().as_bytes().to_vec()
        };
        #[cfg(not(unix))]
        let bytes = path.to_string_lossy().into_owned().into_bytes();
        let name = CString::new(bytes).ok()?.into_raw();
        for (i, slot) in NAMES.iter().enumerate() {
            if slot
                .compare_exchange(
                    std::ptr::null_mut(),
                    name,
                    Ordering::SeqCst,
                    Ordering::SeqCst,
                )
                .is_ok()
            {
                return Some(i);
            }
        }
        // SAFETY: `name` came from into_raw just above and was never shared.
        drop(unsafe { CString::from_raw(name) });
        None
    }

    pub fn unregister(slot: usize) {
        NAMES[slot].store(std::ptr::null_mut(), Ordering::SeqCst);
    }

    /// Unlinks every registered name. Async-signal-safe: atomic loads and unlink(2).
    pub fn remove_all() {
        #[cfg(unix)]
        for slot in &NAMES {
            let name = slot.load(Ordering::SeqCst);
            if !name.is_null() {
                // SAFETY: a registered name is a valid C string that is never freed.
                unsafe {
                    libc::unlink(name);
                }
            }
        }
    }
}

/// Removes the temporary files of every output being written, for a signal handler that
/// is about to end the process (see `frontend::stop_signal`).
pub fn remove_parts_now() {
    parts::remove_all();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_existing_file_is_kept_unless_forced() {
        let dir = std::env::temp_dir().join(format!("aceemu-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("kept.bin");
        write_new(&path, b"first", false).unwrap();
        assert!(refuse_existing(&path, false).is_err());
        let err = write_new(&path, b"second", false).unwrap_err().to_string();
        assert!(err.contains("kept.bin") && err.contains("--force"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        refuse_existing(&path, true).unwrap();
        write_new(&path, b"third", true).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"third");
        // A missing directory is found by the check made before a run, not only when
        // the file is finally created.
        let missing = dir.join("no/such/dir/x.bin");
        let err = refuse_existing(&missing, true).unwrap_err().to_string();
        assert!(
            err.contains("no/such/dir") && err.contains("does not exist"),
            "{err}"
        );
        refuse_existing(Path::new("relative-name.bin"), true).unwrap();
        let err = write_new(&missing, b"", true).unwrap_err().to_string();
        assert!(err.contains("cannot create"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn two_spellings_of_one_path_are_refused_as_two_outputs() {
        let dir = std::env::temp_dir().join(format!("aceemu-shared-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = dir.join("a.bin");
        let a2 = dir.join(".").join("a.bin");
        let b = dir.join("b.bin");
        assert!(same_file(&a, &a2) && !same_file(&a, &b));
        let err = refuse_shared_paths(&[&a, &b, &a2]).unwrap_err().to_string();
        assert!(err.contains("are the same file"), "{err}");
        refuse_shared_paths(&[&a, &b]).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
