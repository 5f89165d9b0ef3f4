//! A WAV file written while the machine runs (`run --headless --audio-wav`): each frame's
//! beeper samples go to the file as they are made, so a run of any length needs the
//! memory of one frame's sound (holding them all took some 7 MB a second of run time).
//! The file is a [`NewFile`]: it takes its name only when the run has finished well.

use crate::output_file::NewFile;
use anyhow::Context;
use std::cell::RefCell;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// hound's writer owns what it writes to and gives nothing back when it finishes; the
/// [`NewFile`] must be committed after that, so hound gets a shared handle to it.
struct Shared(Rc<RefCell<NewFile>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.borrow_mut().flush()
    }
}

impl Seek for Shared {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        self.0.borrow_mut().seek(pos)
    }
}

/// 16-bit mono samples going to a new WAV file.
pub struct WavStream {
    path: PathBuf,
    file: Rc<RefCell<NewFile>>,
    writer: hound::WavWriter<Shared>,
    /// The first write that failed; the run stops and [`WavStream::finish`] reports it.
    error: Option<hound::Error>,
}

impl WavStream {
    /// Starts the file (refused if it exists and `force` is not given).
    pub fn create(path: &Path, rate: u32, force: bool) -> anyhow::Result<WavStream> {
        let file = Rc::new(RefCell::new(crate::output_file::create(path, force)?));
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: rate,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let writer = hound::WavWriter::new(Shared(file.clone()), spec)
            .with_context(|| format!("{}: cannot create the WAV file", path.display()))?;
        Ok(WavStream {
            path: path.to_path_buf(),
            file,
            writer,
            error: None,
        })
    }

    /// Writes samples in -1..1; false once a write has failed (the run should stop).
    pub fn push(&mut self, samples: &[f32]) -> bool {
        if self.error.is_some() {
            return false;
        }
        for &s in samples {
            let v = (s.clamp(-1.0, 1.0) * i16::MAX as f32) as i16;
            if let Err(e) = self.writer.write_sample(v) {
                self.error = Some(e);
                return false;
            }
        }
        true
    }

    /// Fills in the lengths and gives the file its name; the first failed write, if any.
    pub fn finish(self) -> anyhow::Result<()> {
        let path = self.path.display().to_string();
        if let Some(e) = self.error {
            return Err(e).with_context(|| format!("{path}: cannot write"));
        }
        self.writer
            .finalize()
            .with_context(|| format!("{path}: cannot finish the WAV file"))?;
        let file = Rc::try_unwrap(self.file)
            .map_err(|_| anyhow::anyhow!("{path}: the WAV writer still holds the file"))?;
        file.into_inner().commit()
    }
}
