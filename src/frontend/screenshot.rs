//! PNG output of the 256x192 picture (or any 0x00RRGGBB buffer).

use anyhow::{bail, Context};
use std::path::{Path, PathBuf};

/// Writes `pixels` (row-major 0x00RRGGBB) as an 8-bit RGB PNG. Refuses to replace an
/// existing file unless `overwrite`.
pub fn write_png(
    path: &Path,
    pixels: &[u32],
    width: usize,
    height: usize,
    overwrite: bool,
) -> anyhow::Result<()> {
    if pixels.len() != width * height {
        bail!("picture of {} pixels is not {width}x{height}", pixels.len());
    }
    crate::output_file::refuse_existing(path, overwrite)?;
    let mut file = crate::output_file::create(path, overwrite)?;
    let mut encoder = png::Encoder::new(&mut file, width as u32, height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder
        .write_header()
        .with_context(|| format!("{}: cannot write the PNG header", path.display()))?;
    let data: Vec<u8> = pixels
        .iter()
        .flat_map(|p| [(p >> 16) as u8, (p >> 8) as u8, *p as u8])
        .collect();
    writer
        .write_image_data(&data)
        .with_context(|| format!("{}: cannot write the PNG data", path.display()))?;
    writer
        .finish()
        .with_context(|| format!("{}: cannot finish the PNG", path.display()))?;
    file.commit()
}

/// `pixels` (row-major, `width` wide) with every pixel made a `scale` x `scale` block, for
/// pictures meant for people (the Ace's 256x192 is small on today's screens).
pub fn scaled(pixels: &[u32], width: usize, scale: usize) -> Vec<u32> {
    let mut out = Vec::with_capacity(pixels.len() * scale * scale);
    for row in pixels.chunks(width) {
        let wide: Vec<u32> = row
            .iter()
            .flat_map(|&p| std::iter::repeat_n(p, scale))
            .collect();
        for _ in 0..scale {
            out.extend_from_slice(&wide);
        }
    }
    out
}

/// Refuses a file name that does not end in `.png` (screenshots are PNG only, and a
/// PNG written under another name would mislead), naming the `option` it came from.
pub fn require_png_name(path: &Path, option: &str) -> anyhow::Result<()> {
    let png = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if !png {
        bail!(
            "{option} {}: screenshots are PNG files; give a name ending in .png",
            path.display()
        );
    }
    Ok(())
}

/// The first of `prefix-1.EXT`, `prefix-2.EXT`, ... in `dir` that does not exist yet.
pub fn free_name(dir: &Path, prefix: &str, ext: &str) -> PathBuf {
    (1u32..)
        .map(|n| dir.join(format!("{prefix}-{n}.{ext}")))
        .find(|p| !p.exists())
        .expect("some number is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_round_trip_and_no_overwrite() {
        let dir = std::env::temp_dir().join(format!("aceemu-png-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.png");
        let pixels = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0x00FF_FFFF];
        write_png(&path, &pixels, 2, 2, false).unwrap();
        let err = write_png(&path, &pixels, 2, 2, false).unwrap_err();
        assert!(err.to_string().contains("--force"), "{err}");
        let decoder = png::Decoder::new(std::fs::File::open(&path).unwrap());
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (2, 2));
        assert_eq!(
            &buf[..12],
            &[255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        );
        assert_eq!(free_name(&dir, "x", "png"), dir.join("x-1.png"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn scaling_makes_each_pixel_a_block() {
        // 2x2 picture, scale 3: hand-written 6x6 result.
        let out = scaled(&[1, 2, 3, 4], 2, 3);
        let want: Vec<u32> = [[1, 1, 1, 2, 2, 2]; 3]
            .into_iter()
            .chain([[3, 3, 3, 4, 4, 4]; 3])
            .flatten()
            .collect();
        assert_eq!(out, want);
        assert_eq!(scaled(&[5, 6], 2, 1), vec![5, 6]);
    }
}
