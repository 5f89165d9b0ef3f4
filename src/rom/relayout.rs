//! Issue 16's layout: the fixed points binary compatibility needs (from rom-words.tsv, see
//! [`super::compat`]), the free gaps between them, and where the built open ROM's space
//! went (the assembler's `SECTION` / `PACK` packer placed it around those points).
//!
//! A pinned block is the least that must sit at a fixed address: for a dictionary word its
//! name, link, name-length byte and code field (`cfa - len - 3 .. cfa + 2`); for a runtime
//! word its 3-byte prefix and code field (`cfa - 3 .. cfa + 2`); for a code routine or ROM
//! subroutine its first byte (the rest may jump elsewhere, unless the next fixed point
//! follows at once).

use super::compat::{self, Category};
use std::fmt::Write as _;

/// Top of the space the ROM's code may use: the pseudo entry 0x1FFD-0x1FFF follows.
pub const CODE_TOP: u16 = 0x1FFD;

/// One fixed range `lo..end` (end exclusive) and what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub name: String,
    pub lo: u16,
    pub end: u16,
}

/// The fixed blocks of the original's layout in ROM (FORTH, in RAM, excluded), by address.
pub fn pinned_blocks() -> Vec<Block> {
    let mut blocks = Vec::new();
    for r in compat::original_rows() {
        if r.cfa >= 0x2000 {
            continue;
        }
        let (lo, end) = if r.kind.starts_with("runtime") {
            (r.cfa - 3, r.cfa + 2)
        } else if r.kind.starts_with("code routine") {
            (r.cfa, r.cfa + 1)
        } else if r.kind.starts_with("internal") {
            continue;
        } else {
            (r.cfa - r.name.len() as u16 - 3, r.cfa + 2)
        };
        blocks.push(Block {
            name: r.name,
            lo,
            end,
        });
    }
    let report = compat::open_rom_report();
    for r in report
        .rows
        .iter()
        .filter(|r| r.category == Category::Subroutine)
    {
        blocks.push(Block {
            name: r.name.clone(),
            lo: r.original,
            end: r.original + 1,
        });
    }
    blocks.sort_by_key(|b| (b.lo, b.end));
    blocks
}

/// Free ranges `(lo, end)` and the names of pairs of blocks that overlap.
pub type GapsAndOverlaps = (Vec<(u16, u16)>, Vec<(String, String)>);

/// The free ranges of `0..CODE_TOP` between `blocks` (sorted), and the pairs of blocks that
/// overlap (each a constraint: their contents must be shared).
pub fn gaps(blocks: &[Block]) -> GapsAndOverlaps {
    let mut free = Vec::new();
    let mut overlaps = Vec::new();
    let mut at = 0u16;
    let mut last: Option<&Block> = None;
    for b in blocks {
        if b.lo > at {
            free.push((at, b.lo));
        } else if b.lo < at {
            if let Some(l) = last {
                overlaps.push((l.name.clone(), b.name.clone()));
            }
        }
        if b.end >= at {
            at = b.end;
            last = Some(b);
        }
    }
    if at < CODE_TOP {
        free.push((at, CODE_TOP));
    }
    (free, overlaps)
}

/// The whole plan as text, for `aceemu rom compat --plan`.
pub fn plan_text() -> String {
    let blocks = pinned_blocks();
    let (free, overlaps) = gaps(&blocks);
    let pinned: usize = blocks.iter().map(|b| usize::from(b.end - b.lo)).sum();
    let total_free: usize = free.iter().map(|g| usize::from(g.1 - g.0)).sum();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} pinned blocks, {pinned} bytes (headers + code fields, runtime prefixes, first bytes of routines)",
        blocks.len()
    );
    let _ = writeln!(
        out,
        "{} free gaps in 0x0000-0x{:04X}, {total_free} bytes",
        free.len(),
        CODE_TOP - 1
    );
    let bins = [0usize, 1, 8, 16, 32, 64, 128, 256, usize::MAX];
    for w in bins.windows(2).skip(1) {
        let n: Vec<usize> = free
            .iter()
            .map(|g| usize::from(g.1 - g.0))
            .filter(|&s| s >= w[0] && s < w[1])
            .collect();
        let range = if w[1] == usize::MAX {
            format!("{}+", w[0])
        } else {
            format!("{}-{}", w[0], w[1] - 1)
        };
        let _ = writeln!(
            out,
            "  gaps of {range:>8} bytes: {:>3} ({} bytes)",
            n.len(),
            n.iter().sum::<usize>()
        );
    }
    let mut largest = free.clone();
    largest.sort_by_key(|g| std::cmp::Reverse(g.1 - g.0));
    let shown: Vec<String> = largest
        .iter()
        .take(12)
        .map(|g| format!("{:04X}+{}", g.0, g.1 - g.0))
        .collect();
    let _ = writeln!(out, "  largest: {}", shown.join(" "));
    let _ = writeln!(out, "  every gap (start+bytes), by address:");
    for row in free.chunks(10) {
        let row: Vec<String> = row
            .iter()
            .map(|g| format!("{:04X}+{}", g.0, g.1 - g.0))
            .collect();
        let _ = writeln!(out, "    {}", row.join(" "));
    }
    for (a, b) in &overlaps {
        let _ = writeln!(
            out,
            "  overlapping fixed points (must share bytes): {a} / {b}"
        );
    }
    out.push_str(&built_layout_text());
    out
}

/// Where the built open ROM's space goes (the assembler's packer, SYNTAX.md): the pinned
/// sections at the original's addresses, the packed pieces of code between them, and what
/// is left free (the gaps by size, the largest ones).
pub fn built_layout_text() -> String {
    let (sections, gaps) = super::open::open_rom_layout();
    let mut out = String::new();
    let (mut pinned, mut packed) = ((0, 0), (0, 0));
    for &(_, _, len, is_pinned) in sections.iter().filter(|s| s.2 > 0) {
        let t = if is_pinned { &mut pinned } else { &mut packed };
        t.0 += 1;
        t.1 += len;
    }
    let free: usize = gaps.iter().map(|g| g.1).sum();
    let _ = writeln!(
        out,
        "the built open ROM: {} pinned sections ({} bytes: headers, runtimes, routines and the \
         code that follows them in place), {} packed pieces ({} bytes), {free} bytes free in {} gaps",
        pinned.0,
        pinned.1,
        packed.0,
        packed.1,
        gaps.len()
    );
    let mut largest: Vec<&(u16, usize)> = gaps.iter().collect();
    largest.sort_by_key(|g| std::cmp::Reverse(g.1));
    let shown: Vec<String> = largest
        .iter()
        .take(12)
        .map(|g| format!("{:04X}+{}", g.0, g.1))
        .collect();
    let _ = writeln!(out, "  largest free gaps: {}", shown.join(" "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_and_gaps_from_the_table_by_hand() {
        let blocks = pinned_blocks();
        // QUIT, CFA 0x0099: name (4) + link + length byte from 0x0092, code field to 0x009A.
        let quit = blocks.iter().find(|b| b.name == "QUIT").unwrap();
        assert_eq!((quit.lo, quit.end), (0x0092, 0x009B));
        // ABORT, CFA 0x00AB: from 0x00AB - 5 - 3 = 0x00A3. The gap between is 8 bytes.
        let (free, _) = gaps(&blocks);
        assert!(free.contains(&(0x009B, 0x00A3)), "{free:?}");
        // The <exit> runtime (0x04B6: prefix from 0x04B3) ends where {exit-code} starts.
        let exit = blocks.iter().find(|b| b.name == "<exit>").unwrap();
        assert_eq!((exit.lo, exit.end), (0x04B3, 0x04B8));
    }

    #[test]
    fn gaps_and_overlaps_of_a_small_example() {
        let b = |name: &str, lo, end| Block {
            name: name.into(),
            lo,
            end,
        };
        let blocks = [b("a", 2, 5), b("b", 4, 6), b("c", 10, 12)];
        let (free, overlaps) = gaps(&blocks);
        assert_eq!(free, [(0, 2), (6, 10), (12, CODE_TOP)], "{overlaps:?}");
        assert_eq!(overlaps, [("a".to_string(), "b".to_string())]);
    }
}
