//! WAV recordings ⇄ the tape signal.
//!
//! Reading is made for real recordings: any sample rate, 8/16/24/32-bit integer or float,
//! mono or stereo (the channel with more signal is used). The DC offset and slow drift are
//! removed by a high-pass filter; a Schmitt trigger whose thresholds follow the signal's
//! envelope decides the level, so noise does not make false edges; each edge is placed at
//! the interpolated zero crossing before the trigger fired, which keeps sub-sample timing.
//! Polarity does not matter because the decoder only times the changes. Writing gives
//! 44.1 kHz 16-bit mono, each sample the average level over its time span.

use super::pulse::{self, DecodedBlock, Signal, CLOCK_HZ};
use std::path::Path;

/// Sample rate of the WAV files aceemu writes.
pub const WRITE_RATE: u32 = 44_100;
const AMPLITUDE: f64 = 0.7 * i16::MAX as f64;

// The hound error is part of the message, not a `source`: printed with its chain (`{:#}`)
// it would otherwise appear twice.
#[derive(Debug)]
pub enum WavError {
    Format { file: String, reason: hound::Error },
    Unsupported { file: String, what: String },
    Damaged { file: String, what: String },
    Write { file: String, reason: hound::Error },
}

impl std::fmt::Display for WavError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WavError::Format { file, reason } => {
                write!(f, "{file}: not a readable WAV file: {reason}")
            }
            WavError::Unsupported { file, what } => write!(f, "{file}: unsupported WAV: {what}"),
            WavError::Damaged { file, what } => write!(f, "{file}: damaged WAV: {what}"),
            WavError::Write { file, reason } => write!(f, "{file}: cannot write: {reason}"),
        }
    }
}

impl std::error::Error for WavError {}

/// Mono samples in -1..1 with their rate.
pub struct Samples {
    pub rate: u32,
    pub data: Vec<f32>,
    /// Problems that did not stop reading (a data chunk longer than the file...).
    pub warnings: Vec<String>,
}

/// Walks the RIFF chunks before hound reads the file, and hands hound a plain file
/// (header, `fmt `, `data`) when the original would trip it:
/// * a recording cut short (the recorder stopped before it wrote the final sizes, or the
///   file was truncated) has a data chunk claiming more bytes than the file holds, or a
///   length that is not a whole number of sample frames; hound refuses both outright, so
///   the length is cut down to the whole frames present, with a warning;
/// * a chunk of odd length is followed by a pad byte (RIFF rule) that hound does not skip.
///
/// A chunk before the data running past the end of the file, or no data chunk at all, is
/// an error naming the place.
fn prepare_for_hound<'a>(bytes: &'a [u8], file: &str) -> Result<Prepared<'a>, WavError> {
    let unchanged = Prepared {
        header: Vec::new(),
        body: bytes,
        warning: None,
    };
    let word = |at: usize| -> Option<u32> {
        let b = bytes.get(at..at + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let damaged = |what: String| WavError::Damaged {
        file: file.into(),
        what,
    };
    if bytes.len() < 12 || &bytes[..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Ok(unchanged); // hound says what is wrong
    }
    let mut pos = 12usize;
    let mut fmt: Option<&[u8]> = None;
    let mut padded = false;
    while let (Some(id), Some(len)) = (bytes.get(pos..pos + 4), word(pos + 4)) {
        let body = pos + 8;
        let len = len as usize;
        let available = bytes.len() - body;
        if id == b"data" {
            let fmt = match fmt {
                Some(fmt) => fmt,
                None => return Ok(unchanged), // hound: "missing fmt chunk"
            };
            let block_align = match fmt.get(12..14) {
                Some(b) if b != [0, 0] => u16::from_le_bytes([b[0], b[1]]) as usize,
                _ => return Ok(unchanged), // hound says what is wrong
            };
            let whole = len.min(available) / block_align * block_align;
            if whole == len && !padded {
                return Ok(unchanged);
            }
            let warning = (whole != len).then(|| {
                format!(
                    "{file}: the data chunk at byte offset {pos} says {len} bytes but \
                     {available} follow; reading the {whole} bytes of whole samples (a \
                     recording cut short?)"
                )
            });
            let mut plain = b"RIFF\0\0\0\0WAVEfmt ".to_vec();
            plain.extend((fmt.len() as u32).to_le_bytes());
            plain.extend(fmt); // hound takes only even sizes (16, 18, 40): no pad needed
            plain.extend(b"data");
            plain.extend((whole as u32).to_le_bytes());
            let riff_len = (plain.len() - 8 + whole) as u32;
            plain[4..8].copy_from_slice(&riff_len.to_le_bytes());
            // The samples are not copied: hound reads the new header, then the original's
            // bytes where they are.
            return Ok(Prepared {
                header: plain,
                body: &bytes[body..body + whole],
                warning,
            });
        }
        if len > available {
            return Err(damaged(format!(
                "chunk \"{}\" at byte offset {pos} says {len} bytes, past the end of the file \
                 ({available} left), before any data chunk",
                String::from_utf8_lossy(id)
            )));
        }
        if id == b"fmt " {
            fmt = Some(&bytes[body..body + len]);
        }
        pos = body + len;
        // An odd-length chunk is followed by a zero pad byte; writers that leave it out
        // start the next chunk's name there instead, which is never a zero byte.
        if len % 2 == 1 && bytes.get(pos) == Some(&0) {
            pos += 1;
            padded = true;
        }
    }
    Err(damaged(format!(
        "no data chunk (the chunks end at byte offset {pos}): the file holds no samples"
    )))
}

/// What hound is given to read: the file itself (`header` empty), or a plain header
/// followed by the whole sample frames of the original's data chunk.
struct Prepared<'a> {
    header: Vec<u8>,
    body: &'a [u8],
    warning: Option<String>,
}

type Reader<'a> = hound::WavReader<std::io::Chain<&'a [u8], &'a [u8]>>;

impl Prepared<'_> {
    fn reader(&self, file: &str) -> Result<Reader<'_>, WavError> {
        use std::io::Read;
        hound::WavReader::new(self.header.as_slice().chain(self.body)).map_err(|reason| {
            WavError::Format {
                file: file.into(),
                reason,
            }
        })
    }
}

/// A WAV file's rate and the problems that did not stop reading.
pub struct SampleInfo {
    pub rate: u32,
    pub warnings: Vec<String>,
}

/// Every sample of a reader in -1..1, interleaved, one at a time (a file of 1 GB is never
/// held as samples).
fn each_sample(reader: Reader<'_>, file: &str, mut f: impl FnMut(f32)) -> Result<(), WavError> {
    let spec = reader.spec();
    let fmt_err = |reason| WavError::Format {
        file: file.into(),
        reason,
    };
    match spec.sample_format {
        hound::SampleFormat::Float => {
            for s in reader.into_samples::<f32>() {
                f(s.map_err(fmt_err)?);
            }
        }
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1u64 << (spec.bits_per_sample - 1)) as f32;
            for s in reader.into_samples::<i32>() {
                f(s.map_err(fmt_err)? as f32 * scale);
            }
        }
    }
    Ok(())
}

/// Streams the samples of the recording's best channel (-1..1) to `f`, in two passes over
/// the file's bytes: the first finds the channel with the most signal (averaging the
/// channels could cancel one recorded inverted), the second hands its samples over. Memory
/// stays constant whatever the file's length.
pub fn stream_samples(
    bytes: &[u8],
    file: &str,
    mut f: impl FnMut(f32),
) -> Result<SampleInfo, WavError> {
    let prepared = prepare_for_hound(bytes, file)?;
    let reader = prepared.reader(file)?;
    let spec = reader.spec();
    let samples = reader.len() as usize;
    let unsupported = |what: String| WavError::Unsupported {
        file: file.into(),
        what,
    };
    if spec.channels == 0 || spec.sample_rate == 0 {
        return Err(unsupported(format!(
            "{} channel{} at {} Hz",
            spec.channels,
            if spec.channels == 1 { "" } else { "s" },
            spec.sample_rate
        )));
    }
    match spec.sample_format {
        hound::SampleFormat::Float if spec.bits_per_sample != 32 => {
            return Err(unsupported(format!(
                "{}-bit float samples",
                spec.bits_per_sample
            )));
        }
        hound::SampleFormat::Int if !(1..=32).contains(&spec.bits_per_sample) => {
            return Err(unsupported(format!("{}-bit samples", spec.bits_per_sample)));
        }
        _ => {}
    }
    let channels = spec.channels as usize;
    let best = if channels == 1 {
        0
    } else {
        // Variance per channel from running sums (f64 keeps them exact enough for any
        // length a WAV can have).
        let mut sums = vec![(0.0f64, 0.0f64); channels];
        let mut n = 0usize;
        each_sample(reader, file, |x| {
            let (sum, squares) = &mut sums[n % channels];
            *sum += x as f64;
            *squares += (x as f64) * (x as f64);
            n += 1;
        })?;
        let frames = (n / channels).max(1) as f64;
        let variance = |(sum, squares): (f64, f64)| squares / frames - (sum / frames).powi(2);
        (0..channels)
            .max_by(|&a, &b| variance(sums[a]).total_cmp(&variance(sums[b])))
            .unwrap_or(0)
    };
    let mut n = 0usize;
    // Only whole frames: a last frame cut short has no sample for every channel.
    let total = samples / channels * channels;
    each_sample(prepared.reader(file)?, file, |x| {
        if n < total && n % channels == best {
            f(x);
        }
        n += 1;
    })?;
    Ok(SampleInfo {
        rate: spec.sample_rate,
        warnings: prepared.warning.into_iter().collect(),
    })
}

/// Reads a WAV from memory (the file name is only for messages): the best channel's
/// samples, all in memory (for tests and short files; tapes are decoded as a stream).
pub fn read_samples(bytes: &[u8], file: &str) -> Result<Samples, WavError> {
    let mut data = Vec::new();
    let info = stream_samples(bytes, file, |x| data.push(x))?;
    Ok(Samples {
        rate: info.rate,
        data,
        warnings: info.warnings,
    })
}

/// Turns samples into the times between level changes, one sample at a time.
///
/// The DC offset and slow drift are removed by a high-pass filter; a moving average takes
/// out hiss; a Schmitt trigger whose thresholds follow the envelope decides the level; each
/// edge is placed at the interpolated zero crossing before the trigger fired.
pub struct HalfDetector {
    r: f64,
    decay: f64,
    t_per_sample: f64,
    prev_x: Option<f64>,
    hp_prev: f64,
    y_prev: f64,
    envelope: f64,
    level: Option<bool>,
    last_cross: f64,
    last_edge: Option<f64>,
    window: Vec<f64>,
    window_sum: f64,
    n: usize,
}

impl HalfDetector {
    pub fn new(rate: u32) -> HalfDetector {
        let rate = rate as f64;
        // High-pass at ~20 Hz removes the DC offset and slow drift (the pilot is ~800 Hz).
        let r = (1.0 - 2.0 * std::f64::consts::PI * 20.0 / rate).clamp(0.0, 0.9999);
        // A moving average over ~90 µs (4 samples at 44.1 kHz) takes out hiss far above
        // the signal (the shortest half lasts ~185 µs); it delays every edge alike, so the
        // times between edges do not change.
        let width = ((rate * 90e-6).round() as usize).max(1);
        HalfDetector {
            r,
            // The envelope decays over ~20 ms: it follows fading levels but holds across a
            // half.
            decay: (-1.0 / (0.02 * rate)).exp(),
            t_per_sample: CLOCK_HZ as f64 / rate,
            prev_x: None,
            hp_prev: 0.0,
            y_prev: 0.0,
            envelope: 0.0,
            level: None,
            last_cross: 0.0,
            last_edge: None,
            window: vec![0.0; width],
            window_sum: 0.0,
            n: 0,
        }
    }

    /// The next sample; returns the half (in T-states) that an edge here completes.
    pub fn push(&mut self, x: f32) -> Option<f64> {
        let x = x as f64;
        let n = self.n;
        self.n += 1;
        let prev_x = self.prev_x.unwrap_or(x);
        let hp = x - prev_x + self.r * self.hp_prev;
        self.hp_prev = hp;
        self.prev_x = Some(x);
        let width = self.window.len();
        self.window_sum += hp - self.window[n % width];
        self.window[n % width] = hp;
        let y = self.window_sum / width as f64;
        let y_prev = self.y_prev;
        if n > 0 && (y >= 0.0) != (y_prev >= 0.0) {
            let frac = if y_prev != y {
                y_prev / (y_prev - y)
            } else {
                0.0
            };
            self.last_cross = (n - 1) as f64 + frac;
        }
        self.envelope = (self.envelope * self.decay).max(y.abs());
        let threshold = (0.3 * self.envelope).max(0.01);
        let new_level = if y > threshold {
            Some(true)
        } else if y < -threshold {
            Some(false)
        } else {
            self.level
        };
        let mut half = None;
        if new_level != self.level {
            if self.level.is_some() {
                if let Some(prev) = self.last_edge {
                    half = Some((self.last_cross - prev) * self.t_per_sample);
                }
                self.last_edge = Some(self.last_cross);
            }
            self.level = new_level;
        }
        self.y_prev = y;
        half
    }
}

/// Times between level changes in the recording, in Ace T-states.
pub fn halves(samples: &Samples) -> Vec<f64> {
    let mut detector = HalfDetector::new(samples.rate);
    samples
        .data
        .iter()
        .filter_map(|&x| detector.push(x))
        .collect()
}

/// The times between level changes of a WAV file in memory, decoded as a stream (memory
/// for the halves only, not for the samples).
pub fn stream_halves(bytes: &[u8], file: &str) -> Result<(Vec<f64>, SampleInfo), WavError> {
    let rate = prepare_for_hound(bytes, file)?
        .reader(file)?
        .spec()
        .sample_rate;
    let mut detector = HalfDetector::new(rate.max(1));
    let mut out = Vec::new();
    let info = stream_samples(bytes, file, |x| {
        if let Some(h) = detector.push(x) {
            out.push(h);
        }
    })?;
    Ok((out, info))
}

/// A WAV recording as a tape: the blocks decoded from it, and the signal to play, which
/// is the recording's own edges (as a cassette would play it) with each decoded block
/// marked, then a tenth of a second of silence. The samples are decoded as a stream.
pub struct Recording {
    pub blocks: Vec<DecodedBlock>,
    pub signal: Signal,
    pub info: SampleInfo,
}

/// Reads a WAV file in memory as a [`Recording`] (the file name is only for messages).
pub fn read_recording(bytes: &[u8], file: &str) -> Result<Recording, WavError> {
    let (halves, info) = stream_halves(bytes, file)?;
    let blocks = pulse::decode_halves(halves.iter().copied());
    let mut signal = Signal::default();
    let mut level = false;
    for h in halves {
        level = !level;
        signal.push(level, h.round().clamp(1.0, u32::MAX as f64) as u32);
    }
    for d in &blocks {
        let (pulse, time) = signal.index_at(d.time.max(0.0) as u64);
        signal.marks.push(pulse::BlockMark { pulse, time });
    }
    signal.push(false, CLOCK_HZ / 10);
    Ok(Recording {
        blocks,
        signal,
        info,
    })
}

/// Decodes the blocks recorded in a WAV file.
pub fn decode(bytes: &[u8], file: &str) -> Result<Vec<DecodedBlock>, WavError> {
    let (halves, _) = stream_halves(bytes, file)?;
    Ok(pulse::decode_halves(halves))
}

/// Turns pulses into samples as they come: each sample the average level over its span
/// (-1..1), the same samples [`render`] gives for the whole signal.
pub struct Renderer<F: FnMut(f32)> {
    t_per_sample: f64,
    /// Samples given out so far; the current one spans `n..n + 1` sample times.
    n: u64,
    /// Where the current sample is filled up to, and its time high so far.
    cursor: f64,
    high: f64,
    /// End of the pulses pushed so far.
    time: f64,
    out: F,
}

impl<F: FnMut(f32)> Renderer<F> {
    pub fn new(rate: u32, out: F) -> Self {
        Renderer {
            t_per_sample: CLOCK_HZ as f64 / rate as f64,
            n: 0,
            cursor: 0.0,
            high: 0.0,
            time: 0.0,
            out,
        }
    }

    fn sample_end(&self) -> f64 {
        (self.n + 1) as f64 * self.t_per_sample
    }

    fn emit(&mut self) {
        (self.out)((2.0 * self.high / self.t_per_sample - 1.0) as f32);
        self.n += 1;
        self.cursor = self.n as f64 * self.t_per_sample;
        self.high = 0.0;
    }

    /// Gives out the last sample, partly filled if the signal ends inside it.
    pub fn finish(mut self) {
        let count = (self.time / self.t_per_sample).ceil() as u64;
        while self.n < count {
            self.emit();
        }
    }
}

impl<F: FnMut(f32)> pulse::PulseSink for Renderer<F> {
    fn push(&mut self, level: bool, len: u32) {
        if len == 0 {
            return;
        }
        let end = self.time + len as f64;
        loop {
            let b = self.sample_end();
            let span = end.min(b) - self.cursor;
            if level && span > 0.0 {
                self.high += span;
            }
            if end <= b {
                self.cursor = end;
                break;
            }
            self.emit();
        }
        self.time = end;
    }
}

/// Samples of a signal at `rate`, each the average level over its span (-1..1).
pub fn render(signal: &Signal, rate: u32) -> Vec<f32> {
    let t_per_sample = CLOCK_HZ as f64 / rate as f64;
    let total = signal.duration() as f64;
    let count = (total / t_per_sample).ceil() as usize;
    let mut out = Vec::with_capacity(count);
    let mut pulses = signal.pulses().iter();
    let mut current = pulses.next().copied();
    let mut pulse_start = 0.0f64;
    for n in 0..count {
        let (a, b) = (n as f64 * t_per_sample, (n + 1) as f64 * t_per_sample);
        let mut high = 0.0;
        let mut cursor = a;
        while let Some(p) = current {
            let end = pulse_start + p.len as f64;
            let span = end.min(b) - cursor;
            if p.level && span > 0.0 {
                high += span;
            }
            if end <= b {
                pulse_start = end;
                cursor = end;
                current = pulses.next().copied();
            } else {
                break;
            }
        }
        out.push((2.0 * high / t_per_sample - 1.0) as f32);
    }
    out
}

/// A signal as a 44.1 kHz 16-bit mono WAV file in memory.
pub fn write(signal: &Signal) -> Vec<u8> {
    let mut cursor = std::io::Cursor::new(Vec::new());
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: WRITE_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    {
        let mut writer =
            hound::WavWriter::new(&mut cursor, spec).expect("writing to memory cannot fail");
        let rendered = render(signal, WRITE_RATE);
        let mut samples = writer.get_i16_writer(rendered.len() as u32);
        for s in rendered {
            samples.write_sample((s as f64 * AMPLITUDE).round() as i16);
        }
        samples.flush().expect("writing to memory cannot fail");
        writer.finalize().expect("writing to memory cannot fail");
    }
    cursor.into_inner()
}

/// Writes the tape SAVE would make of `blocks` as a 44.1 kHz 16-bit mono WAV, each sample
/// as it is made: memory stays constant whatever the tape's length. Fails when the
/// samples do not fit a WAV (4 GB) or the writer fails.
pub fn write_blocks<W: std::io::Write + std::io::Seek>(
    blocks: &[pulse::Block],
    writer: W,
) -> Result<(), hound::Error> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: WRITE_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut wav = hound::WavWriter::new(writer, spec)?;
    let mut failed = None;
    let mut renderer = Renderer::new(WRITE_RATE, |s| {
        if failed.is_none() {
            if let Err(e) = wav.write_sample((s as f64 * AMPLITUDE).round() as i16) {
                failed = Some(e);
            }
        }
    });
    pulse::encode_tape_into(&mut renderer, blocks);
    renderer.finish();
    if let Some(e) = failed {
        return Err(e);
    }
    wav.finalize()
}

/// Checks a WAV file's RIFF structure from the file itself, reading only the chunk
/// headers (12 bytes, then 8 a chunk), so a large file that is no WAV, or whose chunks do
/// not lead to samples, is refused before it is read. The same checks as reading it
/// makes, with the same messages.
pub fn check_chunks<R: std::io::Read + std::io::Seek>(
    mut r: R,
    len: u64,
    file: &str,
) -> Result<(), WavError> {
    use std::io::SeekFrom;
    let damaged = |what: String| WavError::Damaged {
        file: file.into(),
        what,
    };
    let io = |e: std::io::Error| WavError::Format {
        file: file.into(),
        reason: hound::Error::IoError(e),
    };
    if len < 12 {
        return Ok(()); // too short to hold anything: reading it says what is wrong
    }
    let mut head = [0u8; 12];
    r.read_exact(&mut head).map_err(io)?;
    let missing = if &head[..4] != b"RIFF" {
        Some("no RIFF tag found")
    } else if &head[8..] != b"WAVE" {
        Some("no WAVE tag found")
    } else {
        None
    };
    if let Some(what) = missing {
        // hound's words for the same: reading the file would say this too.
        return Err(WavError::Format {
            file: file.into(),
            reason: hound::Error::FormatError(what),
        });
    }
    let mut pos = 12u64;
    while pos + 8 <= len {
        let mut chunk = [0u8; 8];
        r.seek(SeekFrom::Start(pos)).map_err(io)?;
        r.read_exact(&mut chunk).map_err(io)?;
        let id = &chunk[..4];
        let size = u32::from_le_bytes([chunk[4], chunk[5], chunk[6], chunk[7]]) as u64;
        if id == b"data" {
            return Ok(()); // a short data chunk is read with a warning
        }
        let available = len - (pos + 8);
        if size > available {
            return Err(damaged(format!(
                "chunk \"{}\" at byte offset {pos} says {size} bytes, past the end of the file \
                 ({available} left), before any data chunk",
                String::from_utf8_lossy(id)
            )));
        }
        pos += 8 + size;
        if size % 2 == 1 && pos < len {
            let mut pad = [0u8; 1];
            r.seek(SeekFrom::Start(pos)).map_err(io)?;
            r.read_exact(&mut pad).map_err(io)?;
            if pad[0] == 0 {
                pos += 1;
            }
        }
    }
    Err(damaged(format!(
        "no data chunk (the chunks end at byte offset {pos}): the file holds no samples"
    )))
}

/// Writes a signal as a WAV file.
pub fn write_file(signal: &Signal, path: &Path) -> Result<(), WavError> {
    std::fs::write(path, write(signal)).map_err(|e| WavError::Write {
        file: path.display().to_string(),
        reason: hound::Error::IoError(e),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tape::pulse::{encode_tape, Block};

    /// The streaming renderer gives the very samples of the one that holds the signal
    /// (an independent path through the same arithmetic: here, pulses of odd lengths that
    /// end inside, at and across sample boundaries).
    #[test]
    fn streamed_samples_are_the_rendered_ones() {
        use crate::tape::pulse::PulseSink;
        let mut signal = Signal::default();
        let mut streamed = Vec::new();
        let mut renderer = Renderer::new(WRITE_RATE, |s| streamed.push(s));
        let lens = [1u32, 73, 74, 147, 500, 2, 3000, 81, 1];
        for (i, &len) in lens.iter().cycle().take(200).enumerate() {
            signal.push(i % 3 != 0, len);
            renderer.push(i % 3 != 0, len);
        }
        renderer.finish();
        assert_eq!(streamed, render(&signal, WRITE_RATE));
    }

    #[test]
    fn written_blocks_are_the_written_signal() {
        let blocks = vec![
            Block::new(0x00, vec![0u8; 27]),
            Block::new(0xFF, vec![1, 2, 3, 0]),
        ];
        let mut streamed = std::io::Cursor::new(Vec::new());
        write_blocks(&blocks, &mut streamed).unwrap();
        assert_eq!(streamed.into_inner(), write(&encode_tape(&blocks)));
    }

    #[test]
    fn chunks_are_checked_from_the_headers() {
        let good = write(&encode_tape(&[Block::new(0xFF, vec![0])]));
        let len = good.len() as u64;
        check_chunks(std::io::Cursor::new(&good), len, "g.wav").unwrap();
        let e = check_chunks(std::io::Cursor::new(&good[1..]), len - 1, "x.wav").unwrap_err();
        assert!(
            e.to_string().starts_with("x.wav: not a readable WAV"),
            "{e}"
        );
        let mut no_data = b"RIFF\0\0\0\0WAVEJUNK\x03\0\0\0abc\0".to_vec();
        let e = check_chunks(std::io::Cursor::new(&no_data), 24, "n.wav").unwrap_err();
        assert!(e.to_string().contains("no data chunk"), "{e}");
        no_data[16] = 0xFF; // JUNK now says 255 bytes
        let e = check_chunks(std::io::Cursor::new(&no_data), 24, "n.wav").unwrap_err();
        assert!(e.to_string().contains("past the end of the file"), "{e}");
    }

    #[test]
    fn a_written_wav_reads_back() {
        let blocks = vec![Block::new(0xFF, vec![0x12, 0x34, 0x26])];
        let wav = write(&encode_tape(&blocks));
        let got: Vec<Block> = decode(&wav, "mem.wav")
            .unwrap()
            .into_iter()
            .map(|d| d.block)
            .collect();
        assert_eq!(got, blocks);
    }
}
