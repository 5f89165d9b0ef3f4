//! Text of the listing (address, bytes, source) and of the symbol file.

use std::fmt::Write;

/// Bytes shown per listing line, and at most this many continuation lines per source line.
const PER_LINE: usize = 4;
const MAX_LINES: usize = 8;

/// Appends the listing of one source line. `addr` is `None` for lines that assemble to no
/// address (EQU, macro definitions, ...); `expanded` marks lines produced by a macro.
pub fn line(out: &mut String, addr: Option<u32>, bytes: &[u8], src: &str, expanded: bool) {
    let hex = |chunk: &[u8]| {
        chunk
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let a = addr.map_or("    ".to_string(), |a| format!("{a:04X}"));
    let mark = if expanded { '+' } else { ' ' };
    let mut chunks = bytes.chunks(PER_LINE);
    let first = chunks.next().map(hex).unwrap_or_default();
    let _ = writeln!(out, "{a}  {first:<12}{mark} {}", src.trim_end());
    for (i, chunk) in chunks.enumerate() {
        let at = addr.unwrap_or(0) as usize + (i + 1) * PER_LINE;
        if i + 1 >= MAX_LINES {
            let rest = bytes.len() - (i + 1) * PER_LINE;
            let _ = writeln!(out, "{at:04X}  ... {rest} more bytes");
            break;
        }
        let _ = writeln!(out, "{at:04X}  {}", hex(chunk));
    }
}

/// Appends the listing of an `EQU`/`DEFL` line: its value where the address would be.
pub fn value_line(out: &mut String, value: i32, src: &str) {
    let _ = writeln!(out, "{:<20}{}", format!("={value:04X}"), src.trim_end());
}

/// The section map at the end of a listing: every section's place, then the free gaps.
pub fn section_map(out: &mut String, sections: &[crate::Section], gaps: &[(u16, usize)]) {
    let _ = writeln!(out, "\n; sections, by address");
    for s in sections {
        let how = if s.pinned { "pinned" } else { "packed" };
        let end = (s.start as usize + s.len)
            .saturating_sub(1)
            .max(s.start as usize);
        let _ = writeln!(
            out,
            "; {:04X}-{end:04X} {:>5} bytes  {how}  {}",
            s.start, s.len, s.name
        );
    }
    let free: usize = gaps.iter().map(|g| g.1).sum();
    let _ = writeln!(out, "; free in PACK regions: {free} bytes");
    for &(lo, len) in gaps {
        let _ = writeln!(
            out,
            "; {lo:04X}-{:04X} {len:>5} bytes  free",
            lo as usize + len - 1
        );
    }
}

/// One `name EQU value` line per symbol; addresses and other values 0..=0xFFFF in hex.
/// Names in `constants` (sorted) get the comment `; constant`.
pub fn symbol_file(symbols: &[(String, i64)], constants: &[String]) -> String {
    let mut out = String::new();
    for (name, v) in symbols {
        if (0..=0xFFFF).contains(v) {
            let _ = write!(out, "{name} EQU 0x{v:04X}");
        } else {
            let _ = write!(out, "{name} EQU {v}");
        }
        if constants.binary_search(name).is_ok() {
            out.push_str(" ; constant");
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn listing_layout() {
        let mut s = String::new();
        super::line(
            &mut s,
            Some(0x10),
            &[1, 2, 3, 4, 5],
            "  db 1,2,3,4,5",
            false,
        );
        assert_eq!(
            s,
            "0010  01 02 03 04  +  db 1,2,3,4,5\n0014  05\n".replace('+', " ")
        );
        assert_eq!(
            super::symbol_file(&[("a".into(), 0x1F), ("m".into(), -1)], &["m".into()]),
            "a EQU 0x001F\nm EQU -1 ; constant\n"
        );
    }
}
