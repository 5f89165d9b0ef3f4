//! Comparing the model with a machine's memory (the Forth game running on the emulated
//! Ace), and loading the model's images into one.

use super::state::Maze;
use super::vars::VarName;
use std::fmt;

/// Video RAM starts here; the game draws on its first 704 bytes (rows 0..21).
pub const VIDEO_RAM: u16 = 0x2400;

/// A memory area the model describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    MazeState,
    ScreenBuffer,
    VideoRows,
    Variable(VarName),
}

/// One byte (or variable) where memory and model disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub region: Region,
    /// Byte offset inside the region (0 for a variable).
    pub offset: usize,
    pub address: u16,
    pub model: u16,
    pub memory: u16,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.region {
            Region::Variable(name) => write!(
                f,
                "variable {} at 0x{:04X}: memory {}, model {}",
                name.name(),
                self.address,
                self.memory,
                self.model
            ),
            region => {
                let name = match region {
                    Region::MazeState => "maze-state area",
                    Region::ScreenBuffer => "screen buffer",
                    _ => "video rows 0..21",
                };
                let place = if region == Region::VideoRows {
                    format!("row {} column {}", self.offset / 32, self.offset % 32)
                } else {
                    format!(
                        "section {} offset {}",
                        self.offset / super::layout::SECTION_BYTES + 1,
                        self.offset % super::layout::SECTION_BYTES
                    )
                };
                write!(
                    f,
                    "{name} byte {} ({place}) at 0x{:04X}: memory {}, model {}",
                    self.offset, self.address, self.memory, self.model
                )
            }
        }
    }
}

/// The model's regions with their addresses when the dictionary ends at `here`.
pub fn regions(maze: &Maze, here: u16) -> [(Region, u16, &[u8]); 3] {
    [
        (
            Region::MazeState,
            Maze::state_address(here),
            maze.state_area(),
        ),
        (
            Region::ScreenBuffer,
            maze.screen_address(here),
            maze.screen_buffer(),
        ),
        (Region::VideoRows, VIDEO_RAM, maze.video_rows()),
    ]
}

/// Compares the maze-state area, the screen buffer and video rows 0..21 with memory read
/// through `read`; returns every differing byte.
pub fn compare_images(maze: &Maze, here: u16, read: impl Fn(u16) -> u8) -> Vec<Mismatch> {
    let mut mismatches = Vec::new();
    for (region, start, bytes) in regions(maze, here) {
        for (offset, &model) in bytes.iter().enumerate() {
            let address = start.wrapping_add(offset as u16);
            let memory = read(address);
            if memory != model {
                mismatches.push(Mismatch {
                    region,
                    offset,
                    address,
                    model: model.into(),
                    memory: memory.into(),
                });
            }
        }
    }
    mismatches
}

/// Compares the variables (16-bit little-endian) at the addresses `address_of` gives
/// (the game's dictionary decides them); variables without an address are skipped.
pub fn compare_vars(
    maze: &Maze,
    here: u16,
    address_of: impl Fn(VarName) -> Option<u16>,
    read: impl Fn(u16) -> u8,
) -> Vec<Mismatch> {
    VarName::ALL
        .into_iter()
        .filter_map(|name| {
            let address = address_of(name)?;
            let memory = u16::from_le_bytes([read(address), read(address.wrapping_add(1))]);
            let model = maze.vars().value(name, here);
            (memory != model).then_some(Mismatch {
                region: Region::Variable(name),
                offset: 0,
                address,
                model,
                memory,
            })
        })
        .collect()
}

/// Writes the model's images and variables into memory through `write`, e.g. to start
/// the game's solver from a state the model made.
pub fn write_images(
    maze: &Maze,
    here: u16,
    address_of: impl Fn(VarName) -> Option<u16>,
    mut write: impl FnMut(u16, u8),
) {
    for (_, start, bytes) in regions(maze, here) {
        for (offset, &byte) in bytes.iter().enumerate() {
            write(start.wrapping_add(offset as u16), byte);
        }
    }
    for name in VarName::ALL {
        if let Some(address) = address_of(name) {
            let [lo, hi] = maze.vars().value(name, here).to_le_bytes();
            write(address, lo);
            write(address.wrapping_add(1), hi);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::maze::Size;

    /// A 64 KB memory with the variables placed where the measured dictionary has them.
    fn measured_address(name: VarName) -> Option<u16> {
        Some(match name {
            VarName::X => 15795,
            VarName::U => 15825,
            VarName::Seed => 15709,
            VarName::P => 15845,
            _ => return None,
        })
    }

    #[test]
    fn written_images_compare_equal_and_a_changed_byte_is_named() {
        let here = 20712;
        let mut maze = Maze::new(Size::MEDIUM, 12345);
        maze.generate();
        let mut memory = vec![0u8; 65536];
        write_images(&maze, here, measured_address, |a, b| {
            memory[usize::from(a)] = b
        });
        let read = |m: &Vec<u8>| {
            let m = m.clone();
            move |a: u16| m[usize::from(a)]
        };
        assert!(compare_images(&maze, here, read(&memory)).is_empty());
        assert!(compare_vars(&maze, here, measured_address, read(&memory)).is_empty());

        // Section 2, offset 5 of the screen buffer; and variable U.
        let screen = usize::from(maze.screen_address(here));
        memory[screen + 672 + 5] ^= 0xFF;
        memory[15825] = 9;
        let images = compare_images(&maze, here, read(&memory));
        assert_eq!(images.len(), 1);
        assert_eq!(images[0].region, Region::ScreenBuffer);
        assert_eq!(images[0].offset, 677);
        assert!(images[0].to_string().contains("section 2 offset 5"));
        let vars = compare_vars(&maze, here, measured_address, read(&memory));
        assert_eq!(vars.len(), 1);
        assert_eq!(vars[0].region, Region::Variable(VarName::U));
        assert_eq!(
            vars[0].to_string(),
            format!("variable U at 0x3DD1: memory 9, model {}", maze.vars().u)
        );
    }
}
