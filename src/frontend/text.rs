//! Text outputs: the screen as text with inverse cells shown distinctly, memory as hex,
//! and the small parsers the command line needs (`ADDR:LEN`, escapes in typed text).

use crate::machine::{ula, Ace};
use std::fmt::Write as _;

/// How inverse cells appear in screen text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum InverseStyle {
    /// Runs of inverse text between ⟦ and ⟧ (lines with them are longer than 32).
    #[default]
    Brackets,
    /// ANSI reverse video, for a terminal.
    Ansi,
    /// Inverse text as plain text (what `Ace::screen_text` gives).
    Plain,
}

/// The screen as 24 lines (each ending in '\n').
pub fn screen(ace: &Ace, style: InverseStyle) -> String {
    let codes = ace.screen_codes();
    let mut text = match style {
        InverseStyle::Brackets => ula::screen_text_marked(&codes),
        InverseStyle::Ansi => ula::screen_text_ansi(&codes),
        InverseStyle::Plain => ula::screen_text(&codes),
    };
    text.push('\n');
    text
}

/// A memory range `ADDR:LEN` (each decimal or 0x-hex).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemRange {
    pub addr: u16,
    pub len: usize,
}

fn parse_number(s: &str) -> Result<u32, String> {
    let s = s.trim();
    let parsed = if let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u32::from_str_radix(hex, 16)
    } else if let Some(hex) = s.strip_prefix('$') {
        u32::from_str_radix(hex, 16)
    } else {
        s.parse()
    };
    parsed.map_err(|_| format!("{s:?} is not a number (use decimal or 0x hex)"))
}

impl std::str::FromStr for MemRange {
    type Err = String;
    fn from_str(s: &str) -> Result<MemRange, String> {
        let (addr, len) = s
            .split_once(':')
            .ok_or_else(|| format!("{s:?}: expected ADDR:LEN, e.g. 0x3C00:64"))?;
        let addr = parse_number(addr)?;
        let len = parse_number(len)?;
        if addr > 0xFFFF {
            return Err(format!("address {addr:#X} is beyond 0xFFFF"));
        }
        if len == 0 || len > 0x10000 {
            return Err(format!("length {len} must be 1 to 65536"));
        }
        Ok(MemRange {
            addr: addr as u16,
            len: len as usize,
        })
    }
}

/// Classic hex dump: address, 16 bytes, printable ASCII. `bytes` were read from `addr` on,
/// wrapping from 0xFFFF to 0x0000; a line never spans the wrap, so every line is labelled
/// with the address its first byte really has.
pub fn hex_dump(addr: u16, bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut pos = 0usize;
    while pos < bytes.len() {
        let at = addr.wrapping_add(pos as u16);
        let to_wrap = 0x1_0000 - at as usize;
        let chunk = &bytes[pos..bytes.len().min(pos + 16.min(to_wrap))];
        pos += chunk.len();
        let _ = write!(out, "{at:04X} ");
        for b in chunk {
            let _ = write!(out, " {b:02X}");
        }
        for _ in chunk.len()..16 {
            out.push_str("   ");
        }
        out.push_str("  ");
        out.extend(chunk.iter().map(|&b| {
            if (0x20..0x7F).contains(&b) {
                b as char
            } else {
                '.'
            }
        }));
        out.push('\n');
    }
    out
}

/// `--type` text cut at its wait markers: `\{TEXT}` means "wait until TEXT appears on the
/// screen after the text before it was typed, then type on", for programs that read keys
/// while they run (a game's menu, its "Play or Watch?") and for lines that take a while
/// (their `OK`). The first piece is typed at once; each later piece comes with the text to
/// wait for. Escapes as in [`unescape`]; a marker left open is an error naming its place.
pub fn split_waits(text: &str) -> Result<(String, Vec<(String, String)>), String> {
    let mut first = None;
    let mut later = Vec::new();
    let mut piece = String::new();
    let mut waiting_for: Option<String> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\\' && chars.peek().map(|&(_, n)| n) == Some('{') {
            chars.next();
            let mut wanted = String::new();
            loop {
                match chars.next() {
                    Some((_, '}')) => break,
                    Some((_, ch)) => wanted.push(ch),
                    None => {
                        return Err(format!(
                            "wait marker \\{{ at character {i} has no closing }}"
                        ))
                    }
                }
            }
            if wanted.is_empty() {
                return Err(format!("empty wait marker \\{{}} at character {i}"));
            }
            let typed = unescape(&std::mem::take(&mut piece))?;
            match waiting_for.take() {
                None if first.is_none() => first = Some(typed),
                None => unreachable!("every later piece waits for something"),
                Some(w) => later.push((w, typed)),
            }
            waiting_for = Some(wanted);
            continue;
        }
        piece.push(c);
        if c == '\\' {
            if let Some((_, n)) = chars.next() {
                piece.push(n);
            }
        }
    }
    let typed = unescape(&piece)?;
    match waiting_for {
        None => first = Some(typed),
        Some(w) => later.push((w, typed)),
    }
    Ok((first.unwrap_or_default(), later))
}

/// Backslash escapes in text given on the command line: `\n` (ENTER), `\b` (DELETE),
/// `\\`. Anything else after a backslash is an error naming its place.
pub fn unescape(text: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = text.chars().enumerate();
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some((_, 'n')) | Some((_, 'r')) => out.push('\n'),
            Some((_, 'b')) => out.push('\u{8}'),
            Some((_, '\\')) => out.push('\\'),
            Some((_, other)) => {
                return Err(format!(
                    "unknown escape \\{other} at character {i} (use \\n, \\b or \\\\)"
                ))
            }
            None => return Err(format!("lone backslash at the end (character {i})")),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wait_markers_cut_typed_text_into_pieces() {
        assert_eq!(split_waits("2 3 + .\\n"), Ok(("2 3 + .\n".into(), vec![])));
        assert_eq!(
            split_waits("RUN\\n\\{ANYKEY} \\{Large}1\\{Watch?}w"),
            Ok((
                "RUN\n".into(),
                vec![
                    ("ANYKEY".into(), " ".into()),
                    ("Large".into(), "1".into()),
                    ("Watch?".into(), "w".into())
                ]
            ))
        );
        // An escaped backslash before { is not a marker.
        assert_eq!(split_waits("a\\\\{b}"), Ok(("a\\{b}".into(), vec![])));
        assert!(split_waits("a\\{never closed")
            .unwrap_err()
            .contains("character 1"));
        assert!(split_waits("a\\{}b").is_err());
        assert!(split_waits("\\{x}\\q")
            .unwrap_err()
            .contains("unknown escape"));
    }

    #[test]
    fn mem_ranges_parse_and_reject() {
        assert_eq!(
            "0x3C00:64".parse::<MemRange>(),
            Ok(MemRange {
                addr: 0x3C00,
                len: 64
            })
        );
        assert_eq!(
            "15360:0x10".parse::<MemRange>(),
            Ok(MemRange {
                addr: 15360,
                len: 16
            })
        );
        assert!("3C00".parse::<MemRange>().is_err());
        assert!("0x10000:1".parse::<MemRange>().is_err());
        assert!("0:0".parse::<MemRange>().is_err());
        assert!("zz:1".parse::<MemRange>().unwrap_err().contains("zz"));
    }

    #[test]
    fn a_dump_across_the_top_of_memory_labels_each_line_with_its_address() {
        let bytes: Vec<u8> = (0..20).collect();
        let dump = hex_dump(0xFFF8, &bytes);
        let labels: Vec<&str> = dump.lines().map(|l| &l[..4]).collect();
        assert_eq!(labels, ["FFF8", "0000"], "{dump}");
        assert!(dump.lines().next().unwrap().contains(" 07  "), "{dump}");
        assert!(
            dump.lines().nth(1).unwrap().starts_with("0000  08 09"),
            "{dump}"
        );
    }

    #[test]
    fn hex_dump_lines() {
        let dump = hex_dump(0x3C00, b"OK\x00ABCDEFGHIJKLMNOP");
        let lines: Vec<&str> = dump.lines().collect();
        assert_eq!(
            lines[0],
            "3C00  4F 4B 00 41 42 43 44 45 46 47 48 49 4A 4B 4C 4D  OK.ABCDEFGHIJKLM"
        );
        assert!(lines[1].starts_with("3C10  4E 4F 50"));
    }

    #[test]
    fn escapes() {
        assert_eq!(unescape(r"VLIST\n").unwrap(), "VLIST\n");
        assert_eq!(unescape(r"a\\b\b").unwrap(), "a\\b\u{8}");
        assert!(unescape(r"x\q").unwrap_err().contains("\\q"));
        assert!(unescape("x\\").is_err());
    }
}
