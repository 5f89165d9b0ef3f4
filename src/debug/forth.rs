//! Forth introspection from memory (ace-forth.md 1-6): the dictionary, the data and return
//! stacks, naming addresses, and decompiling a word in LIST's layout.

use crate::machine::Ace;

pub const RAMTOP: u16 = 0x3C18;
pub const CONTEXT: u16 = 0x3C33;
pub const STKBOT: u16 = 0x3C37;
pub const SPARE: u16 = 0x3C3B;
/// The `;` runtime that ends every colon definition's thread.
pub const SEMI: u16 = 0x04B6;
pub const COLON_CODE: u16 = 0x0EC3;
pub const INT_LITERAL: u16 = 0x1011;
pub const FLOAT_LITERAL: u16 = 0x1064;
/// The code fields of DEFINER and COMPILER words.
pub const DEFINER_CODE: u16 = 0x1085;
pub const COMPILER_CODE: u16 = 0x1108;
/// `[to-machine-code]` (rom-words.tsv, ace-forth.md 15): a cell that ends a thread, the
/// Z80 code right after it running on. The original ROM's own colon words may end this way.
pub const TO_MACHINE_CODE: u16 = 0x1A0E;
/// BASE, the number base (one byte).
pub const BASE: u16 = 0x3C3F;

pub fn peek16(ace: &Ace, a: u16) -> u16 {
    u16::from_le_bytes([ace.peek(a), ace.peek(a.wrapping_add(1))])
}

/// One dictionary entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub name: String,
    /// Address of the name-length byte.
    pub nlf: u16,
    pub cfa: u16,
    /// First byte of the entry (the name).
    pub start: u16,
    /// One past the last byte, for RAM words (ROM words have no length field).
    pub end: Option<u16>,
    pub immediate: bool,
}

/// Reads the name ending just below `end` (last character has bit 7 set), `len` long.
fn name_at(ace: &Ace, start: u16, len: u16) -> String {
    (0..len)
        .map(|i| (ace.peek(start.wrapping_add(i)) & 0x7F) as char)
        .collect()
}

/// The name starting at `start`, up to the character with bit 7 set (at most 63).
pub fn name_from(ace: &Ace, start: u16) -> String {
    let mut s = String::new();
    for i in 0..63 {
        let b = ace.peek(start.wrapping_add(i));
        s.push((b & 0x7F) as char);
        if b & 0x80 != 0 {
            break;
        }
    }
    s
}

/// The entry whose name-length byte is at `nlf`, or None for a link-only entry.
fn entry(ace: &Ace, nlf: u16) -> Option<Word> {
    let len_byte = ace.peek(nlf);
    let len = u16::from(len_byte & 0x3F);
    if len == 0 {
        return None;
    }
    let ram = nlf >= 0x3C00;
    let name_end = if ram { nlf - 4 } else { nlf - 2 };
    let start = name_end.wrapping_sub(len);
    let end = if ram {
        let field = nlf - 4;
        match peek16(ace, field) {
            0 => Some(peek16(ace, STKBOT)),
            n => Some(field.wrapping_add(n)),
        }
    } else {
        None
    };
    Some(Word {
        name: name_at(ace, start, len),
        nlf,
        cfa: nlf + 1,
        start,
        end,
        immediate: len_byte & 0x40 != 0,
    })
}

/// The words of the context vocabulary (and the vocabularies it continues into), newest
/// first, ROM words included.
pub fn words(ace: &Ace) -> Vec<Word> {
    let mut out = Vec::new();
    // Before the ROM has set up the system variables (at power-on) only the ROM's own
    // chain exists: it starts at the pseudo entry at 0x1FFF (ace-forth.md 3).
    let vocab = peek16(ace, CONTEXT);
    let mut nlf = if vocab < 0x3C00 {
        0x1FFF
    } else {
        peek16(ace, vocab)
    };
    for _ in 0..4000 {
        if nlf == 0 {
            break;
        }
        if let Some(w) = entry(ace, nlf) {
            out.push(w);
        }
        nlf = peek16(ace, nlf.wrapping_sub(2));
    }
    out
}

/// Finds a word by name (case-insensitive), newest first.
pub fn find(ace: &Ace, name: &str) -> Option<Word> {
    let upper = name.to_ascii_uppercase();
    words(ace).into_iter().find(|w| w.name == upper)
}

/// Names for addresses: the dictionary in memory, then the ROM's own table of the words
/// and runtimes it has no header for (the spec's `rom-words.tsv` for the original ROM, the
/// assembler's labels for the open ROM), sorted by address.
pub struct Namer {
    words: Vec<Word>,
    rom_rows: Vec<(u16, String)>,
}

/// A thread a return address points into: the word it belongs to and the offset from
/// that word's code field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadPlace {
    pub name: String,
    pub cfa: u16,
}

impl Namer {
    pub fn new(ace: &Ace, rom_rows: &[(u16, String)]) -> Namer {
        Namer {
            words: words(ace),
            rom_rows: rom_rows.to_vec(),
        }
    }

    pub fn words(&self) -> &[Word] {
        &self.words
    }

    /// The name of the word whose code field is at `cfa`.
    pub fn name_of_cfa(&self, ace: &Ace, cfa: u16) -> Option<String> {
        if let Some(w) = self.words.iter().find(|w| w.cfa == cfa) {
            return Some(w.name.clone());
        }
        // A runtime: the bytes before its code field point at the owner's name.
        if cfa >= 3 && ace.peek(cfa - 1) & 0x80 != 0 {
            let off = peek16(ace, cfa - 2);
            if off != 0xFFFF {
                return Some(name_from(ace, (cfa - 2).wrapping_add(1).wrapping_add(off)));
            }
        }
        self.rom_rows
            .iter()
            .find(|(a, _)| *a == cfa)
            .map(|(_, n)| n.clone())
    }

    /// The RAM word whose body holds `addr` (the newest entry starting at or below it).
    pub fn word_containing(&self, addr: u16) -> Option<&Word> {
        self.words
            .iter()
            .filter(|w| w.start >= 0x3C00 && w.cfa <= addr && w.end.is_none_or(|e| addr < e))
            .max_by_key(|w| w.cfa)
    }

    /// The colon word (RAM or ROM) whose thread holds the return address `ip` (the cell
    /// after the one being run). RAM words by their extent; ROM words, which have no
    /// length field, by walking the thread of each colon word whose code field is below
    /// `ip`, nearest first (the ROM's dictionary and its table of headerless words).
    pub fn thread_containing(&self, ace: &Ace, ip: u16) -> Option<ThreadPlace> {
        if ip >= 0x3C00 {
            let w = self.word_containing(ip)?;
            let threaded = ip >= w.cfa + 2 && peek16(ace, w.cfa) != 0;
            return threaded.then(|| ThreadPlace {
                name: w.name.clone(),
                cfa: w.cfa,
            });
        }
        if ip >= 0x2000 {
            return None;
        }
        let mut starts: Vec<(u16, String)> = self
            .words
            .iter()
            .filter(|w| w.cfa < ip && peek16(ace, w.cfa) == COLON_CODE)
            .map(|w| (w.cfa, w.name.clone()))
            .chain(
                self.rom_rows
                    .iter()
                    .filter(|(a, _)| *a < ip && peek16(ace, *a) == COLON_CODE)
                    .cloned(),
            )
            .collect();
        starts.sort_by_key(|s| std::cmp::Reverse(s.0));
        starts.dedup_by_key(|s| s.0);
        starts
            .into_iter()
            .take(16)
            .find(|(cfa, _)| self.thread_holds(ace, *cfa, ip))
            .map(|(cfa, name)| ThreadPlace { name, cfa })
    }

    /// Whether the word whose code field is at `cfa` is a runtime with the 3-byte prefix
    /// of ace-forth.md 4.3: bit 7 set in the byte before its code field, and a name
    /// offset that is 0xFFFF (a literal) or leads to a word's name. The bit alone is not
    /// enough: the original ROM's headerless machine-code words (rom-words.tsv, e.g.
    /// `[exec-or-compile]` in LINE's thread) follow the code before them, which ends
    /// with `JP (IY)` (FD E9), so 0xE9 sits before their code field.
    fn is_runtime(&self, ace: &Ace, cfa: u16) -> bool {
        if cfa < 3 || ace.peek(cfa - 1) & 0x80 == 0 {
            return false;
        }
        if self.words.iter().any(|w| w.cfa == cfa) {
            return false;
        }
        let off = peek16(ace, cfa - 2);
        let owner = (cfa - 2).wrapping_add(1).wrapping_add(off);
        off == 0xFFFF || self.words.iter().any(|w| w.start == owner)
    }

    /// Whether walking the thread of the colon word at `cfa` meets `ip` at a cell
    /// boundary before the thread ends: at `;`, or at a backward unconditional branch
    /// (REPEAT, or ELSE's runtime used as AGAIN) that no forward branch jumps past.
    fn thread_holds(&self, ace: &Ace, cfa: u16, ip: u16) -> bool {
        let mut pos = cfa + 2;
        let mut reach = pos;
        for _ in 0..1024 {
            if pos > ip {
                return false;
            }
            let cell = peek16(ace, pos);
            pos = pos.wrapping_add(2);
            if pos == ip {
                return true;
            }
            if cell == SEMI {
                return false;
            }
            if !self.is_runtime(ace, cell) {
                continue;
            }
            // A runtime with operands (ace-forth.md: count byte at cfa-3).
            let count = ace.peek(cell.wrapping_sub(3));
            let operand = pos;
            pos = match count {
                255 => pos.wrapping_add(2).wrapping_add(peek16(ace, pos)),
                n => pos.wrapping_add(u16::from(n)),
            };
            let owner = self.name_of_cfa(ace, cell).unwrap_or_default();
            let branch = matches!(
                owner.as_str(),
                "IF" | "ELSE" | "WHILE" | "UNTIL" | "REPEAT" | "LOOP" | "+LOOP"
            );
            if branch && count == 2 {
                let target = operand.wrapping_add(1).wrapping_add(peek16(ace, operand));
                reach = reach.max(target);
                let always = matches!(owner.as_str(), "ELSE" | "REPEAT");
                if always && target < pos && reach <= pos {
                    return false;
                }
            }
        }
        false
    }

    /// A name for a code or thread address: `WORD+offset` within a RAM word, else the
    /// ROM word or runtime at or below it.
    pub fn describe(&self, addr: u16) -> Option<String> {
        if let Some(w) = self.word_containing(addr) {
            return Some(format!("{}+{}", w.name, addr - w.cfa));
        }
        if addr < 0x2000 {
            let below = self
                .words
                .iter()
                .filter(|w| w.cfa <= addr && w.cfa < 0x2000)
                .map(|w| (w.cfa, w.name.clone()))
                .chain(self.rom_rows.iter().filter(|(a, _)| *a <= addr).cloned())
                .max_by_key(|(a, _)| *a);
            if let Some((a, n)) = below {
                return Some(if a == addr {
                    n
                } else {
                    format!("{n}+{}", addr - a)
                });
            }
        }
        None
    }
}

/// The data stack, top first (ace-forth.md 1: from STKBOT+12 up to SPARE).
pub fn data_stack(ace: &Ace) -> Vec<u16> {
    let base = peek16(ace, STKBOT).wrapping_add(12);
    let top = peek16(ace, SPARE);
    if top <= base || top - base > 2048 {
        return Vec::new();
    }
    let mut cells: Vec<u16> = (0..(top - base) / 2)
        .map(|i| peek16(ace, base + 2 * i))
        .collect();
    cells.reverse();
    cells
}

/// A floating-point number from its two cells (ace-forth.md 8): `high` is the top cell.
pub fn float_value(high: u16, low: u16) -> f64 {
    if high == 0 && low == 0 {
        return 0.0;
    }
    let exp = i32::from((high >> 8) as u8 & 0x7F) - 0x40;
    let digits = [
        (high >> 4) & 15,
        high & 15,
        (low >> 12) & 15,
        (low >> 8) & 15,
        (low >> 4) & 15,
        low & 15,
    ];
    let mantissa = digits.iter().fold(0.0, |acc, &d| acc * 10.0 + f64::from(d)) / 1e6;
    let v = mantissa * 10f64.powi(exp);
    if high & 0x8000 != 0 {
        -v
    } else {
        v
    }
}

/// The return stack (the Z80 stack from SP up to RAMTOP), top first.
pub fn return_stack(ace: &Ace) -> Vec<(u16, u16)> {
    let sp = ace.cpu().immutable_registers().get16(iz80::Reg16::SP);
    let ramtop = u32::from(peek16(ace, RAMTOP));
    let ramtop = if ramtop == 0 { 0x10000 } else { ramtop };
    let mut out = Vec::new();
    let mut a = u32::from(sp);
    while a + 1 < ramtop && out.len() < 512 {
        out.push((a as u16, peek16(ace, a as u16)));
        a += 2;
    }
    out
}

/// `n` as `.` prints it in `base` (2-36; anything else as decimal): signed, upper-case
/// digits.
pub fn in_base(n: i16, base: u8) -> String {
    if !(2..=36).contains(&base) || base == 10 {
        return n.to_string();
    }
    let mut m = i32::from(n).unsigned_abs();
    let mut digits = Vec::new();
    loop {
        digits.push(std::char::from_digit(m % u32::from(base), u32::from(base)).unwrap_or('?'));
        m /= u32::from(base);
        if m == 0 {
            break;
        }
    }
    let sign = if n < 0 { "-" } else { "" };
    let text: String = digits.iter().rev().collect();
    format!("{sign}{}", text.to_ascii_uppercase())
}

/// Decompiles the colon (or DEFINER/COMPILER) word `w` in LIST's layout (see
/// roms/openace/list.asm's header): logical lines, not wrapped to the screen's 32 columns.
pub fn see(ace: &Ace, namer: &Namer, w: &Word) -> Result<String, String> {
    let code = peek16(ace, w.cfa);
    let mut out = String::new();
    let mut body = w.cfa + 2;
    match code {
        COLON_CODE => out.push_str(&format!(": {}", w.name)),
        DEFINER_CODE => {
            out.push_str(&format!("DEFINER {}", w.name));
            body += 2;
        }
        COMPILER_CODE => {
            let runtime = peek16(ace, body);
            let n = ace.peek(runtime.wrapping_sub(3));
            out.push_str(&format!("{n} COMPILER {}", w.name));
            body += 2;
        }
        _ if w.cfa < 0x3C00 => {
            return Err(format!(
                "{} is a ROM word: there is nothing to list",
                w.name
            ))
        }
        _ => return Err(format!("{} is not a :, DEFINER or COMPILER word", w.name)),
    }
    // Layout of the open ROM's LIST (roms/openace/list.asm, as measured on the original):
    // control words on rows of their own one level out from what they control; other
    // items at most five to a row, a string or comment ending its row; DOES>, RUNS> and
    // `;` at the left margin.
    let mut lines: Vec<String> = vec![out];
    let mut indent: usize = 1;
    let mut row: Vec<String> = Vec::new();
    let mut ip = body;
    let flush = |lines: &mut Vec<String>, row: &mut Vec<String>, indent: usize| {
        if !row.is_empty() {
            lines.push(format!("{}{} ", " ".repeat(indent), row.join(" ")));
            row.clear();
        }
    };
    for _ in 0..10000 {
        let cell = peek16(ace, ip);
        ip = ip.wrapping_add(2);
        if cell == SEMI {
            flush(&mut lines, &mut row, indent);
            lines.push(";".into());
            return Ok(lines.join("\n") + "\n");
        }
        if cell == TO_MACHINE_CODE {
            // The thread ends here; what follows is Z80 code, not cells to name.
            flush(&mut lines, &mut row, indent);
            lines.push(format!("{}[to-machine-code] ", " ".repeat(indent)));
            lines.push(format!("(Z80 code at {ip:04X})"));
            return Ok(lines.join("\n") + "\n");
        }
        let runtime = ace.peek(cell.wrapping_sub(1)) & 0x80 != 0;
        let name = namer
            .name_of_cfa(ace, cell)
            .unwrap_or_else(|| format!("?{cell:04X}"));
        let mut ends_row = false;
        let item = if !runtime {
            name
        } else {
            let count = ace.peek(cell.wrapping_sub(3));
            let off = peek16(ace, cell.wrapping_sub(2));
            if off == 0xFFFF {
                // Integers in the current BASE, as LIST prints them (transcripts.md round 3);
                // floats in decimal.
                let item = if count == 2 {
                    in_base(peek16(ace, ip) as i16, ace.peek(BASE))
                } else {
                    format!(
                        "{}",
                        float_value(peek16(ace, ip.wrapping_add(2)), peek16(ace, ip))
                    )
                };
                ip = ip.wrapping_add(u16::from(count));
                item
            } else {
                let upper = name.as_str();
                let closes = matches!(
                    upper,
                    "ELSE" | "THEN" | "LOOP" | "+LOOP" | "UNTIL" | "REPEAT" | "WHILE"
                );
                let opens = matches!(upper, "IF" | "ELSE" | "DO" | "BEGIN" | "WHILE");
                if closes || opens {
                    flush(&mut lines, &mut row, indent);
                    if closes {
                        indent = indent.saturating_sub(1).max(1);
                    }
                    lines.push(format!("{}{upper} ", " ".repeat(indent)));
                    if opens {
                        indent += 1;
                    }
                    ip = ip.wrapping_add(u16::from(if count == 255 { 0 } else { count }));
                    continue;
                }
                if matches!(upper, "DOES>" | "RUNS>") {
                    flush(&mut lines, &mut row, indent);
                    lines.push(upper.to_string());
                    ip = ip.wrapping_add(5);
                    indent = 1;
                    continue;
                }
                let mut item = name.clone();
                match count {
                    1 => {
                        item.push(' ');
                        item.push(ace.peek(ip) as char);
                        ip = ip.wrapping_add(1);
                    }
                    255 => {
                        let len = peek16(ace, ip);
                        let text = name_at(ace, ip.wrapping_add(2), len);
                        let close = if upper == "(" { ")" } else { "\"" };
                        item = format!("{name} {text}{close}");
                        ip = ip.wrapping_add(2).wrapping_add(len);
                        ends_row = true;
                    }
                    n => ip = ip.wrapping_add(u16::from(n)),
                }
                item
            }
        };
        row.push(item);
        if ends_row || row.len() == 5 {
            flush(&mut lines, &mut row, indent);
        }
    }
    Err(format!("{}: no end (;) found", w.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The addresses the debugger reads both ROMs by are the spec's (rom-words.tsv), which
    /// the open ROM pins: nothing here is particular to one ROM.
    #[test]
    fn the_fixed_addresses_are_the_spec_tables() {
        let rows = crate::rom::compat::original_rows();
        let cfa = |name: &str| rows.iter().find(|r| r.name == name).map(|r| r.cfa);
        assert_eq!(cfa("<exit>"), Some(SEMI));
        assert_eq!(cfa("{docolon}"), Some(COLON_CODE));
        assert_eq!(cfa("<literal16>"), Some(INT_LITERAL));
        assert_eq!(cfa("<literal-float>"), Some(FLOAT_LITERAL));
        assert_eq!(cfa("{defining-word}"), Some(DEFINER_CODE));
        assert_eq!(cfa("{compiling-word}"), Some(COMPILER_CODE));
    }

    /// A ROM colon word whose thread runs a headerless machine-code word placed right
    /// after other code, as the original ROM's LINE runs `[exec-or-compile]`
    /// (rom-words.tsv; ace-forth.md 1: machine code ends with `JP (IY)`, FD E9, so 0xE9
    /// is the byte before the code field), and a literal runtime with its 3-byte prefix
    /// (ace-forth.md 4.3). A return address after the second call of that word is in the
    /// colon word's thread; read as a runtime with operands, the headerless word put the
    /// walk off its cells and the caller went unnamed (`where` on the original ROM lost
    /// LINE).
    #[test]
    fn a_thread_through_a_headerless_code_word_after_jp_iy_is_walked() {
        use crate::machine::{testing::TestRom, RamSize};
        let thread = [
            0xC3, 0x0E, // 0100 code field: docolon
            0x00, 0x02, // 0102 X
            0x00, 0x03, // 0104 a literal runtime...
            0x34, 0x12, // 0106 ...and its 2 operand bytes
            0x00, 0x02, // 0108 X again
            0xB6, 0x04, // 010A ;
        ];
        let ace = TestRom::new()
            .at(0x0100, &thread)
            // X: after code ending JP (IY); the byte 3 before its code field is odd.
            .at(0x01FD, &[0x05, 0xFD, 0xE9, 0x02, 0x02, 0xFD, 0xE9])
            // The runtime: operand count 2, name offset 0xFFFF (a literal), code.
            .at(0x02FD, &[0x02, 0xFF, 0xFF, 0x02, 0x03, 0xFD, 0xE9])
            .boot(RamSize::K3);
        let namer = Namer::new(&ace, &[(0x0100, "LN".to_string())]);
        assert!(!namer.is_runtime(&ace, 0x0200));
        assert!(namer.is_runtime(&ace, 0x0300));
        let place = namer.thread_containing(&ace, 0x010A);
        assert_eq!(place.map(|p| p.name), Some("LN".to_string()));
        // Past the end of the thread: no caller.
        assert_eq!(namer.thread_containing(&ace, 0x010E), None);
    }

    /// A ROM colon word whose thread goes on in machine code through `[to-machine-code]`
    /// (ace-forth.md 15): `see` lists the cells before it and says where the code starts,
    /// instead of reading the code's bytes as cells until some pair happens to be `;`.
    #[test]
    fn see_stops_where_a_thread_goes_on_in_machine_code() {
        use crate::machine::{testing::TestRom, RamSize};
        let thread = [
            0xC3, 0x0E, // 0100 code field: docolon
            0x00, 0x02, // 0102 X
            0x0E, 0x1A, // 0104 [to-machine-code]
            0xE1, 0xE5, 0xE5, 0xFD, 0xE9, // 0106 POP HL, PUSH HL, PUSH HL, JP (IY)
            0xB6, 0x04, // 010B bytes that read as `;` further on
        ];
        let ace = TestRom::new()
            .at(0x0100, &thread)
            .at(0x0200, &[0x02, 0x02, 0xFD, 0xE9])
            .boot(RamSize::K3);
        let namer = Namer::new(&ace, &[(0x0200, "X".to_string())]);
        let word = Word {
            name: "W".into(),
            nlf: 0x00FF,
            cfa: 0x0100,
            start: 0x00FE,
            end: None,
            immediate: false,
        };
        let listing = see(&ace, &namer, &word).unwrap();
        assert_eq!(
            listing,
            ": W\n X \n [to-machine-code] \n(Z80 code at 0106)\n"
        );
    }

    #[test]
    fn numbers_print_in_the_base_as_dot_does() {
        // transcripts.md round 3: 4096 lists as 1000 in base 16, -2 as -2.
        assert_eq!(in_base(4096, 16), "1000");
        assert_eq!(in_base(-2, 16), "-2");
        assert_eq!(in_base(255, 16), "FF");
        assert_eq!(in_base(-32768, 16), "-8000");
        assert_eq!(in_base(5, 2), "101");
        assert_eq!(in_base(-7, 10), "-7");
        assert_eq!(in_base(7, 0), "7");
    }
}
