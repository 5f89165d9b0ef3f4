//! What the machine knows of ROM images: their size and what can go wrong getting one.
//! Loading files, identifying images and the open ROM itself are aceemu's (`aceemu::rom`);
//! the web front end is handed the open ROM's bytes by its page.

use std::fmt;
use std::path::PathBuf;

/// Size of every Jupiter Ace ROM image: 8 KB mapped at 0x0000-0x1FFF.
pub const ROM_SIZE: usize = 8192;

/// Everything that can go wrong when getting a ROM image.
#[derive(Debug)]
pub enum RomError {
    /// An image handed over in memory has the wrong size.
    WrongSize { len: usize },
    /// A ROM file has the wrong size.
    WrongFileSize { path: PathBuf, len: u64 },
    /// A ROM file (a device, a pipe) goes on past the size of a ROM image.
    TooLong { path: PathBuf },
    /// A ROM path names a directory, a FIFO, a socket or a device: opening a FIFO would
    /// wait for a writer for ever, so it is refused before it is opened.
    NotAFile { path: PathBuf },
    /// A ROM file could not be read. (The reason is the error's source, not part of this
    /// message: `{:#}` shows the chain, and would otherwise say it twice.)
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl fmt::Display for RomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RomError::WrongSize { len } => write!(
                f,
                "a Jupiter Ace ROM image must be exactly {ROM_SIZE} bytes, this one has {len}"
            ),
            RomError::WrongFileSize { path, len } => write!(
                f,
                "{}: a Jupiter Ace ROM image must be exactly {ROM_SIZE} bytes, this file has {len}",
                path.display()
            ),
            RomError::TooLong { path } => write!(
                f,
                "{}: a Jupiter Ace ROM image must be exactly {ROM_SIZE} bytes, this file has more",
                path.display()
            ),
            RomError::NotAFile { path } => write!(
                f,
                "{}: not a regular file (a directory, FIFO, socket or device); give an 8 KB ROM image file",
                path.display()
            ),
            RomError::Io { path, .. } => write!(f, "{}: cannot read the ROM image", path.display()),
        }
    }
}

impl std::error::Error for RomError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RomError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
