//! A tape file of any supported format, as the blocks (for listings, conversion and
//! instant loading) and the signal to play: what a deck needs, from a file's bytes. Reading
//! the file (and naming it in messages) is the front end's.

use super::pulse::{self, Block, Signal};
use super::tap::{TapError, TapProblem};
use super::tzx::TzxError;
use super::wav::WavError;
use super::{tap, tzx, wav};
use std::fmt;
use std::path::Path;

/// The tape formats, chosen by a file's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Tap,
    Tzx,
    Wav,
}

/// Why a path names no tape format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The path is a folder.
    Folder(String),
    /// The extension is not one of a tape's.
    Unknown(String),
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Folder(path) => write!(
                f,
                "{path}: is a folder, not a tape file (give a .tap, .tzx or .wav file in it)"
            ),
            FormatError::Unknown(path) => write!(
                f,
                "{path}: unknown tape format (the extension must be .tap, .tzx or .wav for a \
                 tape, .ace for a snapshot)"
            ),
        }
    }
}

impl std::error::Error for FormatError {}

impl Format {
    /// The format with extension `ext` (`tap`, `tzx`, `wav`, any case), if any.
    pub fn from_extension(ext: &str) -> Option<Format> {
        match ext.to_ascii_lowercase().as_str() {
            "tap" => Some(Format::Tap),
            "tzx" => Some(Format::Tzx),
            "wav" => Some(Format::Wav),
            _ => None,
        }
    }

    /// The format of a file named `name`, by its extension, if any.
    pub fn from_name(name: &str) -> Option<Format> {
        let (_, ext) = name.rsplit_once('.')?;
        Format::from_extension(ext)
    }

    /// The format of the file at `path`, by its extension.
    pub fn from_path(path: &Path) -> Result<Format, FormatError> {
        let format = path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension);
        match format {
            Some(format) => Ok(format),
            None if path.is_dir() => Err(FormatError::Folder(path.display().to_string())),
            None => Err(FormatError::Unknown(path.display().to_string())),
        }
    }
}

/// Why a tape file gave no tape.
#[derive(Debug)]
pub enum ReadError {
    /// A TAP file in which no block could be read: its first problem.
    Tap(TapError),
    /// A TAP file with nothing in it.
    Empty {
        file: String,
    },
    Tzx(TzxError),
    Wav(WavError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Tap(e) => e.fmt(f),
            ReadError::Empty { file } => write!(f, "{file}: the tape is empty"),
            ReadError::Tzx(e) => e.fmt(f),
            ReadError::Wav(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

/// A tape read from a file.
#[derive(Debug, Default)]
pub struct Tape {
    pub blocks: Vec<Block>,
    pub signal: Signal,
    /// Problems that did not stop reading (bad checksums, a damaged tail...), each naming
    /// the file and the place.
    pub warnings: Vec<String>,
    /// How many more problems were found and not kept in `warnings` (see
    /// [`tap::MAX_PROBLEMS_KEPT`]).
    pub warnings_not_kept: usize,
}

/// Reads a tape file's bytes in `format`; `file` names it in messages. A TAP gives the
/// signal SAVE would write for its blocks; a TZX its own signal (and, when it has no data
/// blocks, the blocks decoded from that signal); a WAV the recording's own edges.
pub fn read(bytes: &[u8], file: &str, format: Format) -> Result<Tape, ReadError> {
    match format {
        Format::Tap => {
            let mut tape = read_tap_blocks(bytes, file)?;
            tape.signal = pulse::encode_tape(&tape.blocks);
            Ok(tape)
        }
        Format::Tzx => {
            let t = tzx::parse(bytes, file).map_err(ReadError::Tzx)?;
            let mut blocks = t.blocks;
            if blocks.is_empty() {
                blocks = pulse::decode_halves(t.signal.halves())
                    .into_iter()
                    .map(|d| d.block)
                    .collect();
            }
            let warnings = blocks
                .iter()
                .enumerate()
                .filter_map(|(i, block)| {
                    let place = match t.places.get(i) {
                        Some((number, offset)) => format!(
                            "TZX block {number} at byte offset {offset} (tape block {})",
                            i + 1
                        ),
                        None => format!("block {} (read from the signal)", i + 1),
                    };
                    checksum_problem(block).map(|p| format!("{file}: {place}: {p}"))
                })
                .collect();
            Ok(Tape {
                blocks,
                signal: t.signal,
                warnings,
                warnings_not_kept: 0,
            })
        }
        Format::Wav => {
            let wav::Recording {
                blocks: decoded,
                signal,
                info,
            } = wav::read_recording(bytes, file).map_err(ReadError::Wav)?;
            let mut warnings = info.warnings;
            for (i, d) in decoded.iter().enumerate() {
                let at = d.time / pulse::CLOCK_HZ as f64;
                if let Some(p) = checksum_problem(&d.block) {
                    warnings.push(format!("{file}: block {} at {at:.3} s: {p}", i + 1));
                }
                if d.trailing_halves != 1 {
                    warnings.push(format!(
                        "{file}: block {} at {at:.3} s stops inside a byte",
                        i + 1
                    ));
                }
            }
            Ok(Tape {
                blocks: decoded.into_iter().map(|d| d.block).collect(),
                signal,
                warnings,
                warnings_not_kept: 0,
            })
        }
    }
}

/// [`read`] without the signal for a TAP (whose signal is only made from its blocks, and
/// would take some 130 bytes of memory per byte of the file): for listing and converting.
/// A TZX or WAV still comes with its signal, which is what it holds.
pub fn read_blocks(bytes: &[u8], file: &str, format: Format) -> Result<Tape, ReadError> {
    match format {
        Format::Tap => read_tap_blocks(bytes, file),
        _ => read(bytes, file, format),
    }
}

fn read_tap_blocks(bytes: &[u8], file: &str) -> Result<Tape, ReadError> {
    let listing = tap::read_lenient(bytes, file);
    if listing.blocks.is_empty() {
        return Err(match listing.problems.into_iter().next() {
            Some(p) => ReadError::Tap(p),
            None => ReadError::Empty { file: file.into() },
        });
    }
    Ok(Tape {
        signal: Signal::default(),
        warnings: listing.problems.iter().map(|p| p.to_string()).collect(),
        warnings_not_kept: listing.problems_not_kept,
        blocks: listing.blocks.into_iter().map(|b| b.block).collect(),
    })
}

/// What is wrong with a block's checksum, if anything (TAP listings say the same through
/// [`TapProblem::BadChecksum`]).
fn checksum_problem(block: &Block) -> Option<String> {
    match block.data.split_last() {
        _ if block.checksum_ok() => None,
        None => Some("the block holds only its flag byte, no checksum".into()),
        Some((&stored, payload)) => Some(
            TapProblem::BadChecksum {
                computed: tap::xor(payload),
                stored,
            }
            .to_string(),
        ),
    }
}
