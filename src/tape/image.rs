//! A tape file of any supported format, as blocks and as the signal to play: acecore's
//! [`format`](acecore::tape::format) with the file's name, read from a path and written back.

use super::pulse::{self, Block, Signal};
use super::{tap, tzx, wav};
use anyhow::{bail, Context};
use std::path::Path;

pub use acecore::tape::format::Format;

/// The largest file of `format` that is read (see [`super::input`]).
pub fn max_file_bytes(format: Format) -> u64 {
    match format {
        Format::Wav => super::input::MAX_INPUT_BYTES,
        Format::Tap | Format::Tzx => super::input::MAX_BLOCK_FILE_BYTES,
    }
}

/// A tape: its blocks (for listings, conversion and instant loading) and its signal.
#[derive(Debug, Default)]
pub struct TapeImage {
    pub name: String,
    pub blocks: Vec<Block>,
    pub signal: Signal,
    /// Problems that did not stop reading (bad checksums, a damaged tail...).
    pub warnings: Vec<String>,
    /// How many more problems were found than `warnings` keeps.
    pub warnings_not_kept: usize,
}

impl TapeImage {
    /// A tape made of blocks, with the signal SAVE would write for them.
    pub fn from_blocks(name: &str, blocks: Vec<Block>) -> TapeImage {
        let signal = pulse::encode_tape(&blocks);
        TapeImage {
            name: name.into(),
            blocks,
            signal,
            warnings: Vec::new(),
            warnings_not_kept: 0,
        }
    }

    /// Reads a file; the format comes from its extension.
    pub fn open(path: &Path) -> anyhow::Result<TapeImage> {
        let format = Format::from_path(path)?;
        let bytes = read_file(path, format)?;
        Self::from_bytes(&bytes, &path.display().to_string(), format)
    }

    /// Reads a file for its blocks: a TAP's signal is not made (it would take some 130
    /// bytes of memory a byte of the file), so `signal` is empty for a TAP. For listing
    /// and converting, which work from the blocks.
    pub fn open_blocks(path: &Path) -> anyhow::Result<TapeImage> {
        let format = Format::from_path(path)?;
        let bytes = read_file(path, format)?;
        let name = path.display().to_string();
        let tape = acecore::tape::format::read_blocks(&bytes, &name, format)?;
        Ok(TapeImage {
            name,
            blocks: tape.blocks,
            signal: tape.signal,
            warnings: tape.warnings,
            warnings_not_kept: tape.warnings_not_kept,
        })
    }

    /// Reads a tape from memory.
    pub fn from_bytes(bytes: &[u8], name: &str, format: Format) -> anyhow::Result<TapeImage> {
        let tape = acecore::tape::format::read(bytes, name, format)?;
        Ok(TapeImage {
            name: name.into(),
            blocks: tape.blocks,
            signal: tape.signal,
            warnings: tape.warnings,
            warnings_not_kept: tape.warnings_not_kept,
        })
    }

    /// Refuses a conversion that would not keep what the blocks hold. TAP stores no flag
    /// byte: a block's kind is read back from its length and place (26 bytes with nothing
    /// pending = a header), so a block with another flag (0x44, say), or a lone 26-byte
    /// data block, would come back as something else. The check writes the file in memory
    /// and reads it back, so it covers every such case, and names the first block changed.
    pub fn refuse_lossy(&self, format: Format, output: &str) -> anyhow::Result<()> {
        if format != Format::Tap {
            // TZX keeps every flag byte; a WAV is the signal itself, flags included.
            return Ok(());
        }
        let written = self.to_bytes(format);
        let listing = tap::read_lenient(&written, output);
        let back: Vec<&Block> = listing.blocks.iter().map(|b| &b.block).collect();
        let first_changed = (0..self.blocks.len()).find(|&i| back.get(i) != Some(&&self.blocks[i]));
        let i = match first_changed {
            Some(i) => i,
            None if back.len() == self.blocks.len() => return Ok(()),
            // Every block came back, and more after them: the last one was split.
            None => self.blocks.len() - 1,
        };
        let block = &self.blocks[i];
        let how = match back.get(i) {
            Some(b) if b.data == block.data && b.flag != block.flag => format!(
                "its flag byte 0x{:02X} would read back as 0x{:02X} ({}), as TAP stores no flag",
                block.flag,
                b.flag,
                if b.is_header() { "a header" } else { "data" }
            ),
            _ if block.data.len() > u16::MAX as usize => {
                format!("its {} bytes do not fit a TAP length", block.data.len())
            }
            _ => "it would not read back as the same block".to_string(),
        };
        anyhow::bail!(
            "{output}: TAP cannot keep block {} of {} as it is: {how}; convert to .tzx (or \
             .wav) instead, which keeps it",
            i + 1,
            self.name
        )
    }

    /// The file's bytes in `format`.
    pub fn to_bytes(&self, format: Format) -> Vec<u8> {
        match format {
            Format::Tap => tap::write(&self.blocks),
            Format::Tzx => tzx::write(&self.blocks),
            Format::Wav => wav::write(&pulse::encode_tape(&self.blocks)),
        }
    }

    /// Writes the blocks to `path` in the format of its extension; refuses to replace an
    /// existing file unless `overwrite`.
    pub fn save(&self, path: &Path, overwrite: bool) -> anyhow::Result<()> {
        let format = Format::from_path(path)?;
        if format == Format::Tap {
            if let Some((i, b)) = self
                .blocks
                .iter()
                .enumerate()
                .find(|(_, b)| b.data.len() > u16::MAX as usize)
            {
                bail!(
                    "{}: block {} has {} bytes, more than a TAP block can hold (65,535)",
                    self.name,
                    i + 1,
                    b.data.len()
                );
            }
        }
        if format == Format::Wav {
            // Written as it is made: a 4 MB TAP makes a WAV of 1.5 to 3 GB.
            let mut file = crate::output_file::create(path, overwrite)?;
            wav::write_blocks(&self.blocks, &mut file)
                .with_context(|| format!("cannot write {}", path.display()))?;
            return file.commit();
        }
        crate::output_file::write_new(path, &self.to_bytes(format), overwrite)
    }
}

/// The bytes of a tape file given by the user, within the limit for its format. A WAV's
/// chunks are walked in the file first, so a large file that is no WAV is refused before
/// it is read.
pub fn read_file(path: &Path, format: Format) -> anyhow::Result<Vec<u8>> {
    if format == Format::Wav {
        let (file, len) = crate::input_file::open(path)?;
        wav::check_chunks(
            std::io::BufReader::new(file),
            len,
            &path.display().to_string(),
        )?;
    }
    super::input::read_limited(path, max_file_bytes(format))
}
