//! Sound through cpal: the beeper's samples go into a queue the device's callback drains.
//!
//! With sound on, the window runs the next frame whenever fewer than
//! `TARGET_QUEUE_SECONDS` of samples are waiting, so the sound card's clock paces the
//! emulation and the two never drift apart. If the queue runs dry anyway the last value is
//! held (no click); if it grows past `MAX_QUEUE_SECONDS` (a stall) the oldest part is
//! dropped. A one-pole DC blocker (like the coupling
//! capacitor in front of a real speaker) keeps a speaker left on from becoming a DC step.

use anyhow::{anyhow, Context};
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SizedSample};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

const TARGET_QUEUE_SECONDS: f32 = 0.06;
const MAX_QUEUE_SECONDS: f32 = 0.25;

#[derive(Default)]
struct Queue {
    samples: VecDeque<f32>,
    last: f32,
    // DC blocker state.
    x_prev: f32,
    y_prev: f32,
}

impl Queue {
    fn next(&mut self) -> f32 {
        if let Some(s) = self.samples.pop_front() {
            self.last = s;
        }
        let x = self.last;
        let y = x - self.x_prev + 0.995 * self.y_prev;
        self.x_prev = x;
        self.y_prev = y;
        y
    }
}

/// An open sound output.
pub struct AudioOut {
    _stream: cpal::Stream,
    queue: Arc<Mutex<Queue>>,
    rate: u32,
}

impl AudioOut {
    /// Opens the default output device at its default rate.
    pub fn open() -> anyhow::Result<AudioOut> {
        if !sound_system_present() {
            return Err(anyhow!("no sound device found"));
        }
        let host = cpal::default_host();
        let device = host
            .default_output_device()
            .ok_or_else(|| anyhow!("no sound output device"))?;
        let supported = device
            .default_output_config()
            .context("cannot query the sound device")?;
        let format = supported.sample_format();
        let config: cpal::StreamConfig = supported.into();
        let queue = Arc::new(Mutex::new(Queue::default()));
        let stream = match format {
            cpal::SampleFormat::F32 => build::<f32>(&device, &config, queue.clone()),
            cpal::SampleFormat::I16 => build::<i16>(&device, &config, queue.clone()),
            cpal::SampleFormat::U16 => build::<u16>(&device, &config, queue.clone()),
            cpal::SampleFormat::I32 => build::<i32>(&device, &config, queue.clone()),
            other => return Err(anyhow!("unsupported sample format {other:?}")),
        }?;
        stream.play().context("cannot start the sound stream")?;
        Ok(AudioOut {
            _stream: stream,
            queue,
            rate: config.sample_rate.0,
        })
    }

    /// The device's sample rate; set the machine's audio rate to it.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// Queues samples for playing.
    pub fn push(&self, samples: &[f32]) {
        let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        queue.samples.extend(samples);
        let max = (MAX_QUEUE_SECONDS * self.rate as f32) as usize;
        if queue.samples.len() > max {
            let drop = queue.samples.len() - self.target_queue();
            queue.samples.drain(..drop);
        }
    }

    /// Samples waiting to be played.
    pub fn queued(&self) -> usize {
        let queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        queue.samples.len()
    }

    /// How many samples the window keeps queued: it runs the next frame when fewer are
    /// waiting, so the sound card's clock paces the emulation (no drift, no gaps).
    pub fn target_queue(&self) -> usize {
        (TARGET_QUEUE_SECONDS * self.rate as f32) as usize
    }

    /// Drops everything queued (after a pause or turbo).
    pub fn clear(&self) {
        let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        queue.samples.clear();
    }
}

/// On Linux, whether anything could play sound (a sound card or a sound server), checked
/// before asking ALSA, which otherwise fills the terminal with its own error messages.
fn sound_system_present() -> bool {
    #[cfg(target_os = "linux")]
    {
        let runtime = std::env::var_os("XDG_RUNTIME_DIR").map(std::path::PathBuf::from);
        std::path::Path::new("/dev/snd").exists()
            || std::env::var_os("PULSE_SERVER").is_some()
            || runtime.is_some_and(|dir| {
                dir.join("pulse/native").exists() || dir.join("pipewire-0").exists()
            })
    }
    #[cfg(not(target_os = "linux"))]
    {
        true
    }
}

fn build<T>(
    device: &cpal::Device,
    config: &cpal::StreamConfig,
    queue: Arc<Mutex<Queue>>,
) -> anyhow::Result<cpal::Stream>
where
    T: SizedSample + FromSample<f32>,
{
    let channels = config.channels as usize;
    device
        .build_output_stream(
            config,
            move |data: &mut [T], _| {
                let mut queue = queue.lock().unwrap_or_else(|e| e.into_inner());
                for frame in data.chunks_mut(channels) {
                    let v = T::from_sample(queue.next());
                    frame.fill(v);
                }
            },
            |err| eprintln!("aceemu: sound: {err}"),
            None,
        )
        .context("cannot open the sound stream")
}
