//! The built-in level pack as Forth source for `forth/mazezam.fth`: the bytes of
//! [`ace_data::encode_pack`](super::ace_data::encode_pack) as lines `H, 0a0b0c...` (two
//! lower-case hex digits a byte: lower case needs no SHIFT, so typing it into the Ace is
//! quicker). The game's word `H,` reads such a line's hex word and encloses its bytes.
//!
//! `tests/mazezam_forth.rs` checks that the source holds exactly these lines for
//! `levels/aceemu.mzm`, and that the bytes the dictionary then holds are the pack's.

/// Bytes per source line (60 hex digits: a line of 63 characters, two screen lines).
pub const BYTES_PER_LINE: usize = 30;

/// The `H, ...` lines that enclose `bytes`.
pub fn hex_lines(bytes: &[u8]) -> Vec<String> {
    bytes
        .chunks(BYTES_PER_LINE)
        .map(|chunk| {
            let hex: String = chunk.iter().map(|b| format!("{b:02x}")).collect();
            format!("H, {hex}")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_become_lower_case_hex_lines_of_thirty() {
        let bytes: Vec<u8> = (0..31).map(|i| i * 8).collect();
        let lines = hex_lines(&bytes);
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("H, 0008101820"));
        assert_eq!(lines[0].len(), 3 + 60);
        assert_eq!(lines[1], "H, f0");
    }
}
