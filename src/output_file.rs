//! Output files: created new, or replaced only when the user says so (`--force` on every
//! command). One place for the rule and for the message, so every command refuses the
//! same way.

use anyhow::Context;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

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

/// Opens a new output file; an existing file is only replaced with `force`. The check and
/// the creation are one system call, so a file appearing in between is not clobbered.
pub fn create(path: &Path, force: bool) -> anyhow::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true);
    if force {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    match options.open(path) {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(already_exists(path)),
        other => other.with_context(|| format!("cannot create {}", path.display())),
    }
}

/// Writes `bytes` to a new file (or over an existing one with `force`).
pub fn write_new(path: &Path, bytes: &[u8], force: bool) -> anyhow::Result<()> {
    create(path, force)?
        .write_all(bytes)
        .with_context(|| format!("cannot write {}", path.display()))
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
