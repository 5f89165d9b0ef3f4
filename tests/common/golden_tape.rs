//! The spec's golden SAVE vector (ace-hardware.md 7.1: `: A 1 ;` saved as TEST) as a TAP
//! file, and hex text to bytes.

/// Bytes from hex text such as "C1 0D 00".
pub fn hex(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|h| u8::from_str_radix(h, 16).unwrap())
        .collect()
}

/// The golden vector of ace-hardware.md 7.1 as a TAP file: header block and data block,
/// each with its 2-byte length, flag and checksum.
pub fn golden_tap() -> Vec<u8> {
    let mut t = vec![26, 0];
    t.extend(hex(
        "00 54 45 53 54 20 20 20 20 20 20 0E 00 51 3C 56 3C 4C 3C 4C 3C 4F 3C 5F 3C 0F",
    ));
    t.extend([15, 0]);
    t.extend(hex("C1 0D 00 49 3C 01 C3 0E 11 10 01 00 B6 04 C7"));
    t
}
