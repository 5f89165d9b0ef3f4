//! Output files of the subcommands: created new, or replaced only when the user says so.

use anyhow::{bail, Context};
use std::fs::OpenOptions;
use std::path::Path;

/// Opens a new output file; an existing file is only replaced with `--force`.
pub fn create(path: &Path, force: bool) -> anyhow::Result<std::fs::File> {
    let mut options = OpenOptions::new();
    options.write(true);
    if force {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    match options.open(path) {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            bail!(
                "{} already exists (use --force to replace it)",
                path.display()
            )
        }
        other => other.with_context(|| format!("cannot create {}", path.display())),
    }
}
