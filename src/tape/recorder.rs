//! Recording: MIC level changes from the machine, decoded back into tape blocks.
//!
//! Blocks are appended to a TAP file as soon as they are complete (so nothing is lost if
//! the emulator stops), and the raw signal can be kept for a WAV written at the end. The TAP
//! file is created (or, with `overwrite`, replaced) only when the first block arrives, so a
//! session that saves nothing leaves no file behind and an existing one untouched.

use super::pulse::{self, Block, Decoder, Signal, CLOCK_HZ, FILE_GAP, HEADER_DATA_GAP, LEAD_IN};
use super::{tap, wav};
use anyhow::Context;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// After this long without a MIC change a block being recorded is complete (the end mark's
/// low lasts for good; the longest half inside a block is ~1,600 T).
const END_OF_BLOCK_SILENCE: u64 = 20_000;

/// A MIC line quiet this long (one second) is not being saved to.
const SAVING_QUIET: u64 = CLOCK_HZ as u64;

/// Where recorded blocks go.
#[derive(Default)]
pub struct Recorder {
    decoder: Decoder,
    level: bool,
    last_edge: Option<u64>,
    /// The silence after the last edge was already given to the decoder.
    gap_flushed: bool,
    blocks: Vec<Block>,
    tap: Option<TapTarget>,
    wav: Option<(PathBuf, Signal, bool)>,
    errors: Vec<String>,
}

impl Recorder {
    /// A copy of this recorder, what it has heard included, or None when it writes to
    /// files (two recorders appending to one file would mix their blocks).
    pub fn duplicate(&self) -> Option<Recorder> {
        if self.tap.is_some() || self.wav.is_some() {
            return None;
        }
        Some(Recorder {
            decoder: self.decoder.clone(),
            level: self.level,
            last_edge: self.last_edge,
            gap_flushed: self.gap_flushed,
            blocks: self.blocks.clone(),
            tap: None,
            wav: None,
            errors: self.errors.clone(),
        })
    }

    /// Appends recorded blocks to `path` (created when the first block is recorded). With
    /// `overwrite` an existing file is replaced, whole, when the first block is recorded; without
    /// it, its content is kept and blocks go after it. An existing file that cannot be
    /// written, or a missing directory, is refused now rather than at the first SAVE.
    pub fn save_tap_to(&mut self, path: &Path, overwrite: bool) -> anyhow::Result<()> {
        self.tap = Some(TapTarget::new(path, overwrite)?);
        Ok(())
    }

    /// Also keeps the signal and writes it as a WAV file on [`Recorder::finish`]. Refuses an
    /// existing file unless `overwrite`.
    pub fn save_wav_to(&mut self, path: &Path, overwrite: bool) -> anyhow::Result<()> {
        crate::output_file::refuse_existing(path, overwrite)?;
        // Found out now, not when the WAV is written at the end of the session.
        refuse_missing_directory(path)?;
        self.wav = Some((path.to_path_buf(), Signal::default(), overwrite));
        Ok(())
    }

    /// The MIC line changed (or was written) at absolute time `t`.
    pub fn mic(&mut self, t: u64, level: bool) {
        self.poll(t);
        if level == self.level {
            return;
        }
        if let Some(edge) = self.last_edge {
            let half = t.saturating_sub(edge);
            if !self.gap_flushed {
                self.decoder.push(half as f64);
            }
            if let Some((_, signal, _)) = &mut self.wav {
                signal.push(self.level, half.min(u32::MAX as u64) as u32);
            }
        }
        self.gap_flushed = false;
        self.last_edge = Some(t);
        self.level = level;
        self.collect();
    }

    /// True while the machine is saving at time `now`: the MIC line changed within the last
    /// second (SAVE writes its header, the 4,204 T gap and its data block without a pause
    /// that long), or a block's bits are still coming.
    pub fn is_saving(&self, now: u64) -> bool {
        let recent = self
            .last_edge
            .is_some_and(|edge| now.saturating_sub(edge) < SAVING_QUIET);
        recent || self.decoder.in_block()
    }

    /// Time passes: a block followed by enough silence is complete.
    pub fn poll(&mut self, t: u64) {
        if let Some(edge) = self.last_edge {
            let quiet = t.saturating_sub(edge);
            if !self.gap_flushed && quiet > END_OF_BLOCK_SILENCE && self.decoder.in_block() {
                self.decoder.push(quiet as f64);
                self.gap_flushed = true;
                self.collect();
            }
        }
    }

    fn collect(&mut self) {
        for decoded in self.decoder.take_blocks() {
            self.store(decoded.block);
        }
    }

    /// Stores a block handed over by a trapped SAVE routine (`instant` speed). No signal
    /// came with it, so the one SAVE would have written goes into the WAV recording.
    pub fn record_block(&mut self, block: Block) {
        if let Some((_, signal, _)) = &mut self.wav {
            let gap = match self.blocks.last() {
                None => LEAD_IN,
                Some(previous) if previous.is_header() && !block.is_header() => HEADER_DATA_GAP,
                Some(_) => FILE_GAP,
            };
            signal.push(false, gap);
            pulse::encode_block(signal, &block);
            signal.push(false, END_OF_BLOCK_SILENCE as u32);
        }
        self.store(block);
    }

    /// Stores a complete block and appends it to the TAP file.
    fn store(&mut self, block: Block) {
        if let Some(target) = &mut self.tap {
            if block.data.len() > u16::MAX as usize {
                // A TAP length field cannot say it; cut, the block would lose its end.
                self.errors.push(format!(
                    "{}: block {} was not written: {} bytes with its checksum, more than a \
                     TAP block can hold (65,535)",
                    target.path.display(),
                    self.blocks.len() + 1,
                    block.data.len()
                ));
            } else if target.broken {
                // A data block without the header before it would be read as a header's
                // lost data: nothing more goes into this file.
            } else if let Err(e) = target.append(&tap::tap_block_bytes(&block)) {
                target.broken = true;
                self.errors.push(format!(
                    "{e:#}; block {} and any after it were not recorded",
                    self.blocks.len() + 1
                ));
            }
        }
        self.blocks.push(block);
    }

    /// Blocks recorded so far.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// Problems met while writing (reported by the front end).
    pub fn take_errors(&mut self) -> Vec<String> {
        std::mem::take(&mut self.errors)
    }

    /// Ends the recording: completes a block in progress and writes the WAV file.
    pub fn finish(&mut self) -> anyhow::Result<()> {
        self.decoder.finish();
        self.collect();
        if let Some((path, mut signal, overwrite)) = self.wav.take() {
            if !signal.pulses().is_empty() {
                signal.push(self.level, 1_000);
                signal.push(false, CLOCK_HZ / 2);
                crate::output_file::write_new(&path, &wav::write(&signal), overwrite)?;
            }
        }
        // Reported once: taken out so that a later call (the deck's drop) is quiet.
        match std::mem::take(&mut self.errors).first() {
            Some(e) => anyhow::bail!("{e}"),
            None => Ok(()),
        }
    }
}

/// Refuses an output path whose directory does not exist.
fn refuse_missing_directory(path: &Path) -> anyhow::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir.filter(|d| !d.is_dir()) {
        anyhow::bail!(
            "cannot record into {}: there is no directory {}",
            path.display(),
            dir.display()
        );
    }
    Ok(())
}

/// Refuses to append to an existing file that is not a whole TAP file (reading it also
/// refuses directories and FIFOs, which opening for appending would wait on): blocks
/// written after a cut-short block would be read as part of it and lost.
fn refuse_damaged_tail(path: &Path) -> anyhow::Result<()> {
    let bytes = super::input::read_limited(path, super::input::MAX_BLOCK_FILE_BYTES)?;
    let listing = tap::read_lenient(&bytes, &path.display().to_string());
    let cut = listing.problems.iter().find(|p| {
        matches!(
            p.problem,
            tap::TapProblem::TruncatedLength | tap::TapProblem::TruncatedBlock { .. }
        )
    });
    if let Some(problem) = cut {
        anyhow::bail!(
            "cannot append recorded blocks: {problem}; blocks added after it could not be \
             read back (use --force to replace the file)"
        );
    }
    Ok(())
}

/// The TAP file recorded blocks are appended to.
struct TapTarget {
    path: PathBuf,
    /// A block could not be written: later ones are not appended either.
    broken: bool,
    /// Empty the file before the first block.
    overwrite: bool,
    /// Open in append mode: an existing file from the start (opening it changes nothing),
    /// a new one from the first block.
    file: Option<File>,
}

impl TapTarget {
    fn new(path: &Path, overwrite: bool) -> anyhow::Result<TapTarget> {
        let is_tap = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("tap"));
        if !is_tap {
            // Appending TAP blocks to a .tzx, .wav or any other file would spoil it.
            anyhow::bail!(
                "cannot record into {}: recorded blocks are written as TAP, so the file name \
                 must end in .tap",
                path.display()
            );
        }
        let file = if path.exists() {
            if !overwrite {
                refuse_damaged_tail(path)?;
            } else if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
                anyhow::bail!(
                    "cannot record into {}: it is not a regular file",
                    path.display()
                );
            }
            if overwrite {
                // Replaced by the first block, whole (see `append`): until then it stays.
                None
            } else {
                let file = std::fs::OpenOptions::new()
                    .append(true)
                    .open(path)
                    .with_context(|| format!("cannot open {} for recording", path.display()))?;
                Some(file)
            }
        } else {
            refuse_missing_directory(path)?;
            None
        };
        Ok(TapTarget {
            path: path.to_path_buf(),
            broken: false,
            overwrite,
            file,
        })
    }

    /// Adds one block. The first block of a new file, or of a file being replaced, is
    /// written as a whole new file put in place in one rename, so a failure leaves the old
    /// file (or none) rather than an empty or partial one; later blocks are appended, and a
    /// failed append is cut back off, so the file always ends with a whole block.
    fn append(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let file = match &mut self.file {
            Some(file) => file,
            None => {
                let replace = std::mem::take(&mut self.overwrite);
                crate::output_file::write_new(&self.path, bytes, replace)?;
                let file = std::fs::OpenOptions::new()
                    .append(true)
                    .open(&self.path)
                    .with_context(|| {
                        format!("cannot open {} for recording", self.path.display())
                    })?;
                self.file = Some(file);
                return Ok(());
            }
        };
        let before = file
            .metadata()
            .with_context(|| format!("cannot append to {}", self.path.display()))?
            .len();
        let written = file.write_all(bytes).and_then(|_| file.sync_data());
        if let Err(e) = written {
            // A block cut short would make every block after it unreadable.
            let restored = file.set_len(before).is_ok();
            let what = if restored {
                "the part written was removed again"
            } else {
                "the file now ends with a partial block"
            };
            return Err(e)
                .with_context(|| format!("cannot append to {} ({what})", self.path.display()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// BSAVE of 65,535 bytes makes a block of 65,536 with its checksum: it must not be
    /// appended cut short (it would read back with a bad checksum), and the run must say so.
    #[test]
    fn a_block_too_long_for_tap_is_reported_not_cut() {
        let dir = std::env::temp_dir().join(format!("aceemu-recorder-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("long.tap");
        let _ = std::fs::remove_file(&path);
        let mut recorder = Recorder::default();
        recorder.save_tap_to(&path, false).unwrap();
        recorder.record_block(Block::new(0xFF, vec![1; 65_536]));
        recorder.record_block(Block::new(0xFF, vec![2, 2]));
        let e = recorder.finish().unwrap_err().to_string();
        assert!(
            e.contains("long.tap") && e.contains("block 1") && e.contains("65,535"),
            "{e}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), vec![2, 0, 2, 2]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
