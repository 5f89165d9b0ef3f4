//! ROM images: loading a user's 8 KB image, checking its size, and telling which ROM it
//! is by its SHA-256. Without `--rom` the open ROM that `build.rs` assembles into the
//! binary ([`open::open_rom`]) is used.

pub mod compare;
pub mod compat;
pub mod open;
pub mod pins;
pub mod relayout;

use sha2::{Digest, Sha256};
use std::fmt;
use std::path::{Path, PathBuf};

/// Size of every Jupiter Ace ROM image: 8 KB mapped at 0x0000-0x1FFF.
pub const ROM_SIZE: usize = 8192;

/// SHA-256 of the original Jupiter Ace ROM (the spec, `ace-hardware.md`).
pub const ORIGINAL_ROM_SHA256: &str =
    "6c898799cd9782f24e98dfb4302d01984daabb9cffe353a2d491212bea0b6d2d";

/// Everything that can go wrong when getting a ROM image.
#[derive(Debug, thiserror::Error)]
pub enum RomError {
    /// An image handed over in memory has the wrong size.
    #[error("a Jupiter Ace ROM image must be exactly {ROM_SIZE} bytes, this one has {len}")]
    WrongSize { len: usize },
    /// A ROM file has the wrong size.
    #[error("{}: a Jupiter Ace ROM image must be exactly {ROM_SIZE} bytes, this file has {len}", path.display())]
    WrongFileSize { path: PathBuf, len: u64 },
    /// A ROM file (a device, a pipe) goes on past the size of a ROM image.
    #[error("{}: a Jupiter Ace ROM image must be exactly {ROM_SIZE} bytes, this file has more", path.display())]
    TooLong { path: PathBuf },
    /// A ROM path names a directory, a FIFO, a socket or a device: opening a FIFO would
    /// wait for a writer for ever, so it is refused before it is opened.
    #[error("{}: not a regular file (a directory, FIFO, socket or device); give an 8 KB ROM image file", path.display())]
    NotAFile { path: PathBuf },
    /// A ROM file could not be read. (The reason is the error's source, not part of this
    /// message: `{:#}` shows the chain, and would otherwise say it twice.)
    #[error("{}: cannot read the ROM image", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// Which ROM an image is, by its SHA-256.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RomKind {
    /// The original 1982 Jupiter Cantab ROM.
    Original,
    /// The project's own open ROM (as embedded in this build).
    OpenAce,
    /// Anything else: a modified or unknown image.
    Unknown,
}

/// A checked 8 KB ROM image with its identity.
#[derive(Clone)]
pub struct RomImage {
    bytes: Vec<u8>,
    sha256: [u8; 32],
    /// Where it came from ("embedded open ROM" or the file path), for messages and titles.
    pub source: String,
}

impl fmt::Debug for RomImage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RomImage")
            .field("source", &self.source)
            .field("sha256", &self.sha256_hex())
            .finish()
    }
}

impl RomImage {
    /// Checks the size of an in-memory image.
    pub fn from_bytes(bytes: Vec<u8>, source: impl Into<String>) -> Result<RomImage, RomError> {
        if bytes.len() != ROM_SIZE {
            return Err(RomError::WrongSize { len: bytes.len() });
        }
        let sha256 = Sha256::digest(&bytes).into();
        Ok(RomImage {
            bytes,
            sha256,
            source: source.into(),
        })
    }

    /// Reads and checks a ROM file; errors name the file. At most one byte more than a
    /// ROM image is read, so a huge file or a device such as /dev/zero is refused at once
    /// instead of being read into memory without end.
    pub fn load(path: &Path) -> Result<RomImage, RomError> {
        use std::io::Read;
        let io = |source| RomError::Io {
            path: path.to_owned(),
            source,
        };
        if !std::fs::metadata(path).map_err(io)?.is_file() {
            return Err(RomError::NotAFile {
                path: path.to_owned(),
            });
        }
        let file = std::fs::File::open(path).map_err(io)?;
        let mut bytes = Vec::with_capacity(ROM_SIZE + 1);
        (&file)
            .take(ROM_SIZE as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        if bytes.len() > ROM_SIZE {
            return Err(match file.metadata() {
                Ok(meta) if meta.is_file() => RomError::WrongFileSize {
                    path: path.to_owned(),
                    len: meta.len(),
                },
                _ => RomError::TooLong {
                    path: path.to_owned(),
                },
            });
        }
        if bytes.len() != ROM_SIZE {
            return Err(RomError::WrongFileSize {
                path: path.to_owned(),
                len: bytes.len() as u64,
            });
        }
        RomImage::from_bytes(bytes, path.display().to_string())
    }

    /// The 8192 bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// SHA-256 as lower-case hex.
    pub fn sha256_hex(&self) -> String {
        hex(&self.sha256)
    }

    /// Which ROM this is.
    pub fn kind(&self) -> RomKind {
        identify_hash(&self.sha256_hex())
    }

    /// A human name for the ROM ("original Jupiter Ace ROM", ...).
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }
}

impl RomKind {
    /// A human name.
    pub fn name(self) -> &'static str {
        match self {
            RomKind::Original => "original Jupiter Ace ROM (1982)",
            RomKind::OpenAce => "aceemu open ROM",
            RomKind::Unknown => "unknown ROM (not the original, not this build's open ROM)",
        }
    }
}

/// Identifies a ROM by its SHA-256 in lower-case hex.
pub fn identify_hash(sha256_hex: &str) -> RomKind {
    if sha256_hex == ORIGINAL_ROM_SHA256 {
        RomKind::Original
    } else if hex(&Sha256::digest(open::open_rom()).into()) == sha256_hex {
        RomKind::OpenAce
    } else {
        RomKind::Unknown
    }
}

/// The ROM to use without `--rom`: the open ROM built into this binary.
pub fn default_rom() -> RomImage {
    let bytes = open::open_rom();
    RomImage {
        bytes: bytes.to_vec(),
        sha256: Sha256::digest(bytes).into(),
        source: "embedded open ROM".into(),
    }
}

/// `--rom PATH` if given, otherwise the embedded ROM.
pub fn load_or_default(path: Option<&Path>) -> Result<RomImage, RomError> {
    match path {
        Some(path) => RomImage::load(path),
        None => Ok(default_rom()),
    }
}

fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_size_is_an_error_naming_the_size() {
        let err = RomImage::from_bytes(vec![0; 100], "x").unwrap_err();
        assert!(err.to_string().contains("8192"), "{err}");
        assert!(err.to_string().contains("100"), "{err}");
    }

    #[test]
    fn wrong_file_size_names_the_file() {
        let dir = std::env::temp_dir().join(format!("aceemu-rom-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("short.rom");
        std::fs::write(&path, [0u8; 8191]).unwrap();
        let err = RomImage::load(&path).unwrap_err().to_string();
        assert!(err.contains("short.rom") && err.contains("8191"), "{err}");
        let missing = RomImage::load(&dir.join("missing.rom"))
            .unwrap_err()
            .to_string();
        assert!(missing.contains("missing.rom"), "{missing}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The reason a file cannot be read is said once: the message used to repeat it
    /// ("...: Is a directory (os error 21): Is a directory (os error 21)") because it was
    /// both in the message and the error's source, which `{:#}` (the CLI's format) adds.
    #[test]
    fn unreadable_file_says_why_once() {
        let dir = std::env::temp_dir().join(format!("aceemu-rom-dir-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("missing.rom");
        let err = anyhow::Error::from(RomImage::load(&path).unwrap_err());
        let text = format!("{err:#}");
        assert!(text.contains(&*path.to_string_lossy()), "{text}");
        assert_eq!(text.matches("os error").count(), 1, "{text}");
        // A directory is refused before it is opened, by what it is.
        let text = RomImage::load(&dir).unwrap_err().to_string();
        assert!(
            text.contains(&*dir.to_string_lossy()) && text.contains("not a regular file"),
            "{text}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file far larger than a ROM is refused by its size, and a device that never ends
    /// (or a FIFO, which would block) before it is opened (before, /dev/zero was read
    /// until memory ran out).
    #[test]
    fn endless_or_huge_files_are_refused_without_reading_them_whole() {
        #[cfg(unix)]
        {
            let err = RomImage::load(Path::new("/dev/zero"))
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("/dev/zero") && err.contains("not a regular file"),
                "{err}"
            );
        }
        let dir = std::env::temp_dir().join(format!("aceemu-rom-big-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.rom");
        std::fs::write(&path, vec![0u8; 16384]).unwrap();
        let err = RomImage::load(&path).unwrap_err().to_string();
        assert!(err.contains("big.rom") && err.contains("16384"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn sha256_of_zero_rom_is_the_known_value_and_unknown() {
        // SHA-256 of 8192 zero bytes, computed independently with `sha256sum`.
        let rom = RomImage::from_bytes(vec![0; ROM_SIZE], "zeros").unwrap();
        assert_eq!(
            rom.sha256_hex(),
            "9f1dcbc35c350d6027f98be0f5c8b43b42ca52b7604459c0c42be3aa88913d47"
        );
        assert_eq!(rom.kind(), RomKind::Unknown);
        assert_eq!(identify_hash(ORIGINAL_ROM_SHA256), RomKind::Original);
    }
}
