//! A PNG of the whole maze drawn with the game's own 12 graphics, white on black like the
//! Ace's screen.

use super::graphics::glyph;
use super::sheet::CodeSheet;
use super::state::Maze;
use std::io::Write;

/// A greyscale image, one byte per pixel.
pub struct Picture {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
}

const INK: u8 = 255;
const PAPER: u8 = 0;

impl Picture {
    /// Draws the maze's screen buffer, every pixel of the graphics `scale` x `scale`.
    pub fn of_maze(maze: &Maze, scale: usize) -> Picture {
        let sheet = CodeSheet::new(maze);
        let scale = scale.max(1);
        let (width, height) = (sheet.cols * 8 * scale, sheet.rows * 8 * scale);
        let mut pixels = vec![PAPER; width * height];
        for row in 0..sheet.rows {
            for col in 0..sheet.cols {
                // Codes other than 1..12 (none occur in a maze) draw as blank paper.
                let Some(bitmap) = glyph(sheet.code(col, row)) else {
                    continue;
                };
                for (dy, bits) in bitmap.iter().enumerate() {
                    for dx in 0..8 {
                        if bits & (0x80 >> dx) == 0 {
                            continue;
                        }
                        let (px, py) = ((col * 8 + dx) * scale, (row * 8 + dy) * scale);
                        for sy in 0..scale {
                            let start = (py + sy) * width + px;
                            pixels[start..start + scale].fill(INK);
                        }
                    }
                }
            }
        }
        Picture {
            width,
            height,
            pixels,
        }
    }

    /// The pixel at (x, y): true for ink.
    pub fn ink_at(&self, x: usize, y: usize) -> bool {
        self.pixels[y * self.width + x] == INK
    }

    /// Encodes the picture as an 8-bit greyscale PNG.
    pub fn write_png(&self, out: impl Write) -> Result<(), png::EncodingError> {
        let mut encoder = png::Encoder::new(out, self.width as u32, self.height as u32);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&self.pixels)?;
        writer.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::maze::Size;

    #[test]
    fn every_square_is_drawn_with_its_graphic() {
        let mut maze = Maze::new(Size::SMALL, 3);
        maze.generate();
        maze.prepare_to_play();
        maze.solve().unwrap();
        let sheet = CodeSheet::new(&maze);
        let picture = Picture::of_maze(&maze, 2);
        assert_eq!((picture.width, picture.height), (32 * 16, 21 * 16));
        for row in 0..sheet.rows {
            for col in 0..sheet.cols {
                let bitmap = glyph(sheet.code(col, row)).unwrap();
                for (dy, bits) in bitmap.iter().enumerate() {
                    for dx in 0..8 {
                        let ink = bits & (0x80 >> dx) != 0;
                        let (x, y) = ((col * 8 + dx) * 2 + 1, (row * 8 + dy) * 2 + 1);
                        assert_eq!(picture.ink_at(x, y), ink, "square ({col},{row})");
                    }
                }
            }
        }
    }

    #[test]
    fn the_png_decodes_to_the_same_pixels() {
        let mut maze = Maze::new(Size::SMALL, 5);
        maze.generate();
        let picture = Picture::of_maze(&maze, 1);
        let mut bytes = Vec::new();
        picture.write_png(&mut bytes).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buffer = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buffer).unwrap();
        assert_eq!((info.width, info.height), (256, 168));
        assert_eq!(&buffer[..info.buffer_size()], &picture.pixels[..]);
    }
}
